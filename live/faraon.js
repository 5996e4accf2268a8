// The shedding game (the other фараон) at the live table: draws the engine's view(seat) of a hand or
// a match (stukolka/faraon/view.py, FaraonMatch.view) and sends the engine's actions back.  It reads
// no action string: the choices are view.actions (the engine's describe_action: kind, words, cards,
// suit), the log is the driver's live.last (its `said`).  It computes
// no rule: which cards may be played and why not are the engine's notes on each card (hand[i].legal,
// .why, .rule, .actions), the suits a queen may name are that card's own described actions, a refused move is
// the engine's refusal, and the points, the totals toward the target and the winners are the
// engine's ledgers.  Bots are paced (about half a second each, or all at once with "Fast bots").

import { announcer, h, ledgerBlock, money, paceControl, pacer, projector, ruleLink as link, settingsPanel } from "./common.js";
import { askOf, legalQuestion } from "./questions.js";
import { taskList } from "./tasks.js";

const SUIT_SYMBOL = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };


export async function mount(root, ctx) {
  const { client, cards } = ctx;
  let table = ctx.reply.table, view = ctx.reply.view, busy = false;
  let people_ = [...(ctx.setup.people || [])], options = { ...(ctx.setup.options || {}) }, conf = null;
  const isPublic = !!ctx.public;        // a class table's projector: the public view, no hand
  let touched = false, shownFor = null, picking = null, games = 0;
  // a match: the hand number on screen; after a hand ends the table waits for "Next hand"
  let handShown = view.hand_number || 1;
  const uid = Math.random().toString(36).slice(2, 7);
  const id = (s) => `lt-fa-${s}-${table}-${uid}`;
  const isMatch = () => view.hand_number !== undefined;
  const people = () => view.live.people;
  const name = (q) => people().includes(q) ? (people().length > 1 ? `Seat ${q}` : `Seat ${q} (you)`) : `Seat ${q} (bot)`;
  const between = () => isMatch() && !view.match_over && view.hand_number > handShown;

  root.classList.add("lt", "lt-faraon");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": "Moves so far" });
  const toolbar = h("div", { class: "lt-toolbar" },
    h("button", { type: "button", class: "lt-new", onclick: () => restart() }, isMatch() ? "New match" : "New hand"));
  const settingsSlot = h("div", { class: "lt-settings-slot" });
  const felt = h("div", { class: "lt-fa-felt lt-fa-green", role: "group", "aria-label": "The card table" });
  const reason = h("p", { class: "lt-reason", id: id("reason"), "aria-live": "polite" });
  const hand = h("div", { class: "lt-hand lt-fa-hand", role: "group", "aria-label": "Your hand" });
  const suits = h("div", { class: "lt-fa-suits", role: "group", "aria-label": "Name a suit for the queen" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": "Your other choices" });
  const ledger = h("div", { class: "lt-ledger" });
  const scores = h("div", { class: "lt-fa-scores" });
  // a position's question (questions.js, the directive's `:ask: legal`): until the reader has marked
  // the cards he may lay and pressed Check, no card is raised or dimmed and no other move is offered
  let ask = isPublic ? null : askOf(ctx), question = null;
  const askBox = h("div", { class: "lt-ask" });
  const dock = h("div", { class: "lt-dock" }, reason, hand, suits, actions, askBox);
  root.replaceChildren(toolbar, settingsSlot, status, felt, dock, ledger, scores,
    h("details", { class: "lt-moves" }, h("summary", { text: "All moves" }), log));
  if (isPublic) dock.hidden = true;

  const pic = (c, cls = "lt-card") => h("span", { class: cls, html: c === null || c === undefined ? cards.back : cards.svg[c] });

  const ruleLink = (rule) => link(ctx, rule);


  function showReason(text, rule, kind) {    // words and the rule's link, from the driver's fields
    reason.replaceChildren(text || "");
    const l = ruleLink(rule);
    if (l) reason.append(l);
    if (kind) reason.dataset.kind = kind; else delete reason.dataset.kind;
  }


  const announce = announcer(status, log);

  // ------------------------------------------------------------------ the felt
  function seatBox(q) {
    const k = view.hand_sizes[q], toAct = view.to_act === q && !between();
    const total = isMatch() ? view.totals[q] : null;
    const backs = h("span", { class: "lt-fa-backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(k, 12); i++) backs.append(pic(null, "lt-back"));
    if (k > 12) backs.append(h("span", { text: ` +${k - 12}` }));
    return h("div", { class: "lt-fa-seat" + (toAct ? " lt-to-act" : ""), role: "group",
      "aria-label": `${name(q)}${view.dealer === q ? ", dealer" : ""}, ${k} card${k === 1 ? "" : "s"} face down` +
        (total !== null ? `, total ${total}` : "") + (toAct ? ", to act" : "") },
      h("b", { text: name(q) }),
      h("small", { text: [view.dealer === q ? "dealer" : "", `${k} card${k === 1 ? "" : "s"}`, total !== null ? `total ${total}` : ""].filter(Boolean).join(" · ") }),
      backs);
  }

  function drawFelt() {
    if (between()) {                    // the next hand is dealt, but shown only after "Next hand"
      felt.replaceChildren(h("p", { class: "lt-fa-between", text: `Hand ${handShown} is over. ` +
        `Hand ${view.hand_number} is dealt` + (view.dealer !== null ? ` (dealer: ${name(view.dealer)})` : "") + `; the totals are below. Press "Next hand" to see the new cards.` }));
      return;
    }
    const others = h("div", { class: "lt-fa-others" }, view.others.map((o) => seatBox(o.seat)));
    const p = view.pile;
    const top = p.top ? p.top.card : null;
    const pileFig = h("figure", { class: "lt-fa-pile" },
      top === null ? h("span", { class: "lt-empty", text: "—" }) : pic(top),
      h("figcaption", { text: top === null ? "no card on the pile yet" : `pile: ${cards.names[top]} on top (${p.size})` }));
    if (top !== null) { pileFig.firstChild.setAttribute("role", "img"); pileFig.firstChild.setAttribute("aria-label", `top of the pile: ${cards.names[top]}`); }
    const talon = h("figure", { class: "lt-fa-talon" },
      view.talon ? pic(null) : h("span", { class: "lt-empty", text: "—" }),
      h("figcaption", { text: `talon: ${view.talon} face down` }));
    const follow = h("div", { class: "lt-fa-follow" });
    if (p.suit) {
      follow.append(h("p", { class: "lt-fa-suit" + (p.named ? " lt-fa-named" : "") },
        h("span", { class: "lt-fa-symbol", "aria-hidden": "true", text: p.suit_symbol }),
        ` ${p.named ? "the queen named" : "suit to follow:"} ${p.suit}`));
    }
    if (view.pending_draws) follow.append(h("p", { text: `cards to draw: ${view.pending_draws}` }));
    if (view.dealer_draw && view.dealer_draw.length && view.dealer !== null && (!isMatch() || handShown === 1)) {
      const drawn = view.dealer_draw.map((c) => c.name);
      follow.append(h("p", { class: "lt-fa-draw" }, `Dealer: ${name(view.dealer)}, who got the first queen (${drawn[drawn.length - 1]}) ` +
        `when the cards were dealt face up (${drawn.length} card${drawn.length === 1 ? "" : "s"})`, ruleLink("faraon-rule-first-dealer")));
    }
    if (isMatch()) follow.append(h("p", { text: `hand ${view.hand_number}, match to ${view.target}` }));
    felt.replaceChildren(others, h("div", { class: "lt-fa-centre" }, talon, pileFig, follow));
  }

  // ------------------------------------------------------------------ your hand
  function myTurn() { return !isPublic && view.live.waiting_for === "person" && !between() && (people().length < 2 || shownFor === view.seat); }
  const described = (a) => (view.actions || []).find((x) => x.action === a);

  const marking = () => !!question && question.pending && myTurn() && view.seat === ask.seat;
  function startQuestion() {
    askBox.replaceChildren();
    if (!ask || ask.kind !== "legal") return;
    question = legalQuestion(ctx, ask, {
      items: () => (view.hand || []).map((it) => ({ key: it.card, name: cards.names[it.card], legal: !!it.legal, why: it.why, rule: it.rule })),
      onChange: () => drawHand(),
      onDone: () => { draw(); focusHand(); },
    });
    askBox.append(question.box);
  }

  function drawHand() {
    hand.replaceChildren();
    if (isPublic || between() || view.seat === null || view.seat === undefined) return;
    if (!people().includes(view.seat)) { hand.append(h("p", { text: "Every seat is a bot: watch them play." })); return; }
    if (people().length > 1 && view.live.waiting_for === "person" && shownFor !== view.seat) {
      hand.append(h("button", { type: "button", class: "lt-pass", onclick: async () => {
        const r = await client.call({ cmd: "reveal", table, seat: view.seat });    // the driver shows his cards now
        if (!r.ok) { showReason(r.error, r.rule, "refused"); return; }
        shownFor = r.view.seat; touched = true; view = r.view; draw(); focusHand(); } },
        `Pass to ${name(view.seat)} — show my cards`));
      return;
    }
    if (people().length > 1 && view.live.waiting_for !== "person") { hand.append(h("p", { text: "The cards are hidden until the next person's turn." })); return; }
    const marks = marking();               // an open "which may you lay?": nothing raised or dimmed yet
    const mine = myTurn() && !marks;
    for (const item of view.hand) {
      const c = item.card, ok = mine && item.legal, no = mine && !item.legal, marked = marks && question.marked(c);
      const b = h("button", {
        type: "button", class: "lt-card lt-mine" + (ok ? " lt-legal" : "") + (no ? " lt-illegal" : "") + (marked ? " lt-marked" : "") +
          (picking && picking.card === c ? " lt-selected" : "") + (view.drawn && view.drawn.card === c ? " lt-fa-drawn" : ""),
        "aria-label": cards.names[c] + (ok ? ", may be played" : no ? ", not allowed now" : "") +
          (marks ? (marked ? ", marked as playable" : ", not marked") : "") +
          (view.drawn && view.drawn.card === c ? ", just drawn" : ""),
        "aria-pressed": marks ? String(marked) : null,
        "aria-describedby": no ? reason.id : null, html: cards.svg[c],
        onfocus: () => { if (no && item.why) showReason(item.why, item.rule, "why"); },
        onclick: () => { if (marks) { touched = true; question.toggle(c); focusCard(c); return; } play(item); },
      });
      hand.append(b);
    }
    if (!view.hand.length) hand.append(h("p", { text: "No cards left." }));
  }

  function play(item) {
    touched = true;
    if (!myTurn() || busy) return;
    if (!item.legal) { act(`play ${item.name}`); return; }            // the engine refuses it, and says why
    if (item.actions.length > 1) { picking = item; draw(); focusSuits(); return; }   // a queen: name a suit
    act(item.actions[0]);
  }

  function drawSuits() {
    suits.replaceChildren();
    if (!picking || !myTurn()) { picking = null; return; }
    suits.append(h("p", { class: "lt-fa-ask", text: `You play the ${cards.names[picking.card]}. Which suit must the next player follow?` }));
    for (const a of picking.actions.map(described).filter(Boolean)) {
      const suit = a.suit;
      suits.append(h("button", { type: "button", class: "lt-fa-suit-button", "data-suit": suit, "aria-label": a.words,
        onclick: () => { picking = null; act(a.action); } }, `${suit.charAt(0).toUpperCase() + suit.slice(1)} ${SUIT_SYMBOL[suit] || ""}`));
    }
    suits.append(h("button", { type: "button", class: "lt-fa-cancel", onclick: () => { picking = null; draw(); focusHand(); } }, "Not the queen after all"));
    const link = ruleLink("faraon-rule-queen-wild");
    if (link) suits.append(link);
  }

  function focusCard(c) { const b = [...hand.querySelectorAll("button.lt-card")][view.hand.findIndex((it) => it.card === c)]; if (b) b.focus({ preventScroll: true }); }

  function drawActions() {
    actions.replaceChildren();
    if (!myTurn() || marking()) return;
    for (const a of (view.actions || []).filter((x) => x.kind !== "play")) {
      actions.append(h("button", { type: "button", "data-action": a.action, "data-kind": a.kind, onclick: () => { touched = true; act(a.action); } }, a.words));
    }
  }

  // ------------------------------------------------------------------ ledgers and scores
  function ledgerTable(s, title) {
    return ledgerBlock(ctx, s, view.players, name, { title, netWords: "net (minus the points)" });
  }

  function drawLedger() {
    ledger.replaceChildren();
    if (isMatch()) {
      if (between() && view.last_hand) {
        ledger.append(...ledgerTable(view.last_hand, `Hand ${handShown} is over`),
          h("button", { type: "button", class: "lt-next lt-fa-next", onclick: () => nextHand() }, "Next hand"));
      } else if (view.match_over) {
        if (view.last_hand) ledger.append(...ledgerTable(view.last_hand, `Hand ${view.hand_number}, the last`));
        ledger.append(...ledgerTable(view.settlement, "The match"),
          h("p", { class: "lt-fa-winners", text: `The match is over: a total reached ${view.target}. Lowest total, the winner: ${view.winners.map(name).join(" and ")}.` }, ruleLink("faraon-rule-match")));
      }
      return;
    }
    if (view.settlement) {
      ledger.append(...ledgerTable(view.settlement, "The hand is over"));
      ledger.append(h("p", { text: view.blocked ? "Nobody could go out: the hand was blocked." : `${name(view.winner)} went out.` }));
    }
  }

  function drawScores() {
    scores.replaceChildren();
    if (!isMatch()) return;
    const n = view.players;
    const rows = view.hand_points.map((pts, i) => h("tr", {}, h("th", { scope: "row", text: `hand ${i + 1}` }), pts.map((x) => h("td", { class: "num", text: String(x) }))));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: "total" }), view.totals.map((x) => h("td", { class: "num", text: String(x) }))));
    scores.append(h("table", { class: "lt-ledger-table lt-fa-score-table" },
      h("caption", { text: `Penalty points toward ${view.target} (the match ends when a total reaches it; the lowest total wins)` }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), [...Array(n).keys()].map((q) => h("th", { scope: "col", text: name(q) })))),
      h("tbody", {}, rows)));
  }

  function draw() {
    root.dataset.phase = between() ? "between" : view.phase;
    root.dataset.waiting = between() ? "next-hand" : view.live.waiting_for;
    drawFelt(); drawHand(); drawSuits(); drawActions(); drawLedger(); drawScores();
    paceBox.sync();
  }

  // ------------------------------------------------------------------ talking to the engine
  function act(action) {
    if (busy) return;
    send({ cmd: "act", table, seat: view.seat, action });
  }

  async function send(msg) {
    busy = true;
    const r = await client.call(msg);
    busy = false;
    if (!r.ok) { showReason(r.error, r.rule, "refused"); return false; }   // the engine's refusal; nothing moved
    show(r.view);
    return true;
  }

  function nextHand() {
    touched = true;
    handShown = view.hand_number; shownFor = null;
    announce(`Hand ${handShown}` + (view.dealer !== null ? `, dealer: ${name(view.dealer)}.` : "."));
    draw(); focusHand(); pump();
  }

  async function restart(opts = options, who = people_) {
    // the driver shuffles with a seed the page never learns; a position's options are left out (fresh)
    const r = await client.call({ cmd: "new", game: "faraon", options: opts, people: who, fresh: true });
    if (!r.ok) { showReason(r.error, r.rule, "refused"); return r; }
    options = { ...r.options }; people_ = [...who];
    ask = null; question = null; askBox.replaceChildren();       // a new hand asks nothing
    client.call({ cmd: "close", table });
    games += 1; table = r.table; view = r.view; handShown = view.hand_number || 1; shownFor = null; picking = null;
    log.replaceChildren(); announce(isMatch() ? "A new match." : "A new hand.");
    toolbar.querySelector(".lt-new").textContent = isMatch() ? "New match" : "New hand";
    show(r.view);
    return null;
  }

  function focusHand() {
    if (!touched) return;
    const b = suits.querySelector("button") || hand.querySelector("button.lt-legal") || actions.querySelector("button") ||
      hand.querySelector("button") || ledger.querySelector("button");
    if (b) b.focus({ preventScroll: true });
  }
  function focusSuits() { const b = suits.querySelector("button"); if (b) b.focus({ preventScroll: true }); }

  const tasks = taskList(ctx);
  function show(v) {
    tasks.update(v);
    const before = view.live.moves, wasHand = view.hand_number, view_before_pile = view.pile ? view.pile.size : 0;
    view = v;
    const last = v.live.last;
    if (last && last.seat >= 0 && v.live.moves !== before) announce(`${name(last.seat)} ${last.said || "moves"}.`);
    pileTaken = v.live.moves !== before && !!last && last.seat >= 0 && (v.pile.size || 0) < 2 && (view_before_pile || 0) > 1;
    if (v.live.moves !== before) showReason("", "", null);
    if (isMatch() && v.hand_number !== wasHand && !v.match_over) announce(`Hand ${wasHand} is over. Totals: ${v.totals.map((x, q) => `${name(q)} ${x}`).join(", ")}.`);
    if (v.live.waiting_for === "person" && v.seat !== shownFor) { if (people().length < 2) shownFor = v.seat; }
    draw();
    if (between()) status.textContent = `Hand ${handShown} is over. Press "Next hand" to deal the next one.`;
    else if (v.live.waiting_for === "person") status.textContent = `${name(v.seat)} to play` + (v.pile.suit ? ` (suit to follow: ${v.pile.suit})` : "");
    else if (v.live.waiting_for === "over") {
      announce(isMatch() ? `The match is over. Winner: ${v.winners.map(name).join(" and ")}.`
        : `The hand is over: ${v.settlement.net.map((x, q) => `${name(q)} ${money(x)}`).join(", ")}.`);
    }
    focusHand();
    pump();
  }

  let pileTaken = false;
  const due = () => !between() && view.live.waiting_for === "bot";
  const bots = pacer(due, (quick) => send({ cmd: quick ? "bots" : "bot", table }), () => false, () => pileTaken);
  const paceBox = paceControl(uid, bots, due, () => pump(), ctx);
  const room = projector(root, ctx);
  toolbar.prepend(paceBox.box);
  toolbar.append(room.button);
  const pump = () => { paceBox.sync(); bots.pump(); };

  function drawSettings() {
    if (!conf || isPublic) return;
    const panel = settingsPanel(ctx, conf, options, people_, async (opts, who) => {
      const refusal = await restart(opts, who);
      if (!refusal) { drawSettings(); settingsSlot.firstChild.open = true;
        status.textContent = `A new ${isMatch() ? "match" : "hand"}: ` + (who.length ? `people at ${who.map((q) => `seat ${q}`).join(", ")}.` : "bots only."); }
      return refusal;
    }, uid);
    settingsSlot.replaceChildren(panel);
  }

  startQuestion();
  show(view);
  client.call({ cmd: "settings", game: "faraon" }).then((r) => { if (r.ok) { conf = r.settings; drawSettings(); } });
}
