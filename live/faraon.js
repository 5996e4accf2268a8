// The shedding game (the other фараон) at the live table: draws the engine's view(seat) of a hand or
// a match (stukolka/faraon/view.py, FaraonMatch.view) and sends the engine's actions back.  It reads
// no action string: the choices are view.actions (the engine's describe_action: kind, words, cards,
// suit), the log is the driver's live.last (its `said`).  It computes
// no rule: which cards may be played and why not are the engine's notes on each card (hand[i].legal,
// .why, .rule, .actions), the suits a queen may name are that card's own described actions, a refused move is
// the engine's refusal, and the points, the totals toward the target and the winners are the
// engine's ledgers.  Bots are paced (about half a second each, or all at once with "Fast bots").

import { announcer, h, ledgerBlock, money as moneyIn, paceControl, pacer, projector, ruleLink as link, settingsPanel, sayOf } from "./common.js";
import { askOf, legalQuestion } from "./questions.js";
import { taskList } from "./tasks.js";

const SUIT_SYMBOL = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
// the engine's suit (a view's value: "hearts") -> its number, whose words are the catalogue's faraon.suit.<n>
const SUIT_INDEX = { spades: 0, hearts: 1, diamonds: 2, clubs: 3 };


export async function mount(root, ctx) {
  const { client, cards } = ctx;
  const t = sayOf(ctx), lang = t.lang, sep = t("table.list-sep");
  const suitWords = (suit) => (suit in SUIT_INDEX && t.has(`faraon.suit.${SUIT_INDEX[suit]}`) ? t(`faraon.suit.${SUIT_INDEX[suit]}`) : suit);
  const money = (x, signed) => moneyIn(x, signed, lang);
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
  const name = (q) => t(people().includes(q) ? (people().length > 1 ? "table.seat-name" : "table.seat-you") : "table.seat-bot", { n: q });
  const between = () => isMatch() && !view.match_over && view.hand_number > handShown;

  root.classList.add("lt", "lt-faraon");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": t("table.moves-aria") });
  const toolbar = h("div", { class: "lt-toolbar" },
    h("button", { type: "button", class: "lt-new", onclick: () => restart() }, t(isMatch() ? "table.faraon-new-match" : "table.faraon-new-hand")));
  const settingsSlot = h("div", { class: "lt-settings-slot" });
  const felt = h("div", { class: "lt-fa-felt lt-fa-green", role: "group", "aria-label": t("table.card-table-aria") });
  const reason = h("p", { class: "lt-reason", id: id("reason"), "aria-live": "polite" });
  const hand = h("div", { class: "lt-hand lt-fa-hand", role: "group", "aria-label": t("table.hand-aria") });
  const suits = h("div", { class: "lt-fa-suits", role: "group", "aria-label": t("table.faraon-suits-aria") });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": t("table.choices-aria") });
  const ledger = h("div", { class: "lt-ledger" });
  const scores = h("div", { class: "lt-fa-scores" });
  // a position's question (questions.js, the directive's `:ask: legal`): until the reader has marked
  // the cards he may lay and pressed Check, no card is raised or dimmed and no other move is offered
  let ask = isPublic ? null : askOf(ctx), question = null;
  const askBox = h("div", { class: "lt-ask" });
  const dock = h("div", { class: "lt-dock" }, reason, hand, suits, actions, askBox);
  root.replaceChildren(toolbar, settingsSlot, status, felt, dock, ledger, scores,
    h("details", { class: "lt-moves" }, h("summary", { text: t("table.all-moves") }), log));
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
      "aria-label": t(view.dealer === q ? "table.faraon-seat-dealer-aria" : "table.faraon-seat-aria", { who: name(q), k }) +
        (total !== null ? t("table.faraon-total-aria", { total }) : "") + (toAct ? t("table.faraon-to-act-aria") : "") },
      h("b", { text: name(q) }),
      h("small", { text: [view.dealer === q ? t("table.faraon-dealer") : "", t("table.faraon-cards", { k }), total !== null ? t("table.faraon-total", { total }) : ""].filter(Boolean).join(" · ") }),
      backs);
  }

  function drawFelt() {
    if (between()) {                    // the next hand is dealt, but shown only after "Next hand"
      felt.replaceChildren(h("p", { class: "lt-fa-between", text: view.dealer !== null
        ? t("table.faraon-between-dealer", { shown: handShown, n: view.hand_number, who: name(view.dealer) })
        : t("table.faraon-between", { shown: handShown, n: view.hand_number }) }));
      return;
    }
    const others = h("div", { class: "lt-fa-others" }, view.others.map((o) => seatBox(o.seat)));
    const p = view.pile;
    const top = p.top ? p.top.card : null;
    const pileFig = h("figure", { class: "lt-fa-pile" },
      top === null ? h("span", { class: "lt-empty", text: "—" }) : pic(top),
      h("figcaption", { text: top === null ? t("table.faraon-no-pile") : t("table.faraon-pile", { card: cards.names[top], n: p.size }) }));
    if (top !== null) { pileFig.firstChild.setAttribute("role", "img"); pileFig.firstChild.setAttribute("aria-label", t("table.faraon-pile-top-aria", { card: cards.names[top] })); }
    const talon = h("figure", { class: "lt-fa-talon" },
      view.talon ? pic(null) : h("span", { class: "lt-empty", text: "—" }),
      h("figcaption", { text: t("table.faraon-talon", { n: view.talon }) }));
    const follow = h("div", { class: "lt-fa-follow" });
    if (p.suit) {
      follow.append(h("p", { class: "lt-fa-suit" + (p.named ? " lt-fa-named" : "") },
        h("span", { class: "lt-fa-symbol", "aria-hidden": "true", text: p.suit_symbol }),
        t(p.named ? "table.faraon-queen-named" : "table.faraon-suit-to-follow", { suit: suitWords(p.suit) })));
    }
    if (view.pending_draws) follow.append(h("p", { text: t("table.faraon-to-draw", { n: view.pending_draws }) }));
    if (view.dealer_draw && view.dealer_draw.length && view.dealer !== null && (!isMatch() || handShown === 1)) {
      const drawn = view.dealer_draw.map((c) => c.name);
      follow.append(h("p", { class: "lt-fa-draw" }, t("table.faraon-first-dealer", { who: name(view.dealer), queen: drawn[drawn.length - 1], n: drawn.length }),
        ruleLink("faraon-rule-first-dealer")));
    }
    if (isMatch()) follow.append(h("p", { text: t("table.faraon-hand-of", { n: view.hand_number, target: view.target }) }));
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
    if (!people().includes(view.seat)) { hand.append(h("p", { text: t("table.faraon-all-bots") })); return; }
    if (people().length > 1 && view.live.waiting_for === "person" && shownFor !== view.seat) {
      hand.append(h("button", { type: "button", class: "lt-pass", onclick: async () => {
        const r = await client.call({ cmd: "reveal", table, seat: view.seat });    // the driver shows his cards now
        if (!r.ok) { showReason(r.error, r.rule, "refused"); return; }
        shownFor = r.view.seat; touched = true; view = r.view; draw(); focusHand(); } },
        t("table.pass-button", { who: name(view.seat) })));
      return;
    }
    if (people().length > 1 && view.live.waiting_for !== "person") { hand.append(h("p", { text: t("table.faraon-hidden") })); return; }
    const marks = marking();               // an open "which may you lay?": nothing raised or dimmed yet
    const mine = myTurn() && !marks;
    for (const item of view.hand) {
      const c = item.card, ok = mine && item.legal, no = mine && !item.legal, marked = marks && question.marked(c);
      const b = h("button", {
        type: "button", class: "lt-card lt-mine" + (ok ? " lt-legal" : "") + (no ? " lt-illegal" : "") + (marked ? " lt-marked" : "") +
          (picking && picking.card === c ? " lt-selected" : "") + (view.drawn && view.drawn.card === c ? " lt-fa-drawn" : ""),
        "aria-label": cards.names[c] + (ok ? t("table.stukolka-may-play") : no ? t("table.stukolka-not-allowed-aria") : "") +
          (marks ? t(marked ? "table.stukolka-marked" : "table.stukolka-not-marked") : "") +
          (view.drawn && view.drawn.card === c ? t("table.faraon-just-drawn") : ""),
        "aria-pressed": marks ? String(marked) : null,
        "aria-describedby": no ? reason.id : null, html: cards.svg[c],
        onfocus: () => { if (no && item.why) showReason(item.why, item.rule, "why"); },
        onclick: () => { if (marks) { touched = true; question.toggle(c); focusCard(c); return; } play(item); },
      });
      hand.append(b);
    }
    if (!view.hand.length) hand.append(h("p", { text: t("table.faraon-no-cards") }));
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
    suits.append(h("p", { class: "lt-fa-ask", text: t("table.faraon-queen-ask", { card: cards.names[picking.card] }) }));
    for (const a of picking.actions.map(described).filter(Boolean)) {
      const suit = a.suit;
      suits.append(h("button", { type: "button", class: "lt-fa-suit-button", "data-suit": suit, "aria-label": a.words,
        onclick: () => { picking = null; act(a.action); } }, t("table.faraon-suit-button", { suit: suitWords(suit).charAt(0).toUpperCase() + suitWords(suit).slice(1), symbol: SUIT_SYMBOL[suit] || "" })));
    }
    suits.append(h("button", { type: "button", class: "lt-fa-cancel", onclick: () => { picking = null; draw(); focusHand(); } }, t("table.faraon-not-queen")));
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
    return ledgerBlock(ctx, s, view.players, name, { title, netWords: t("table.faraon-net") });
  }

  function drawLedger() {
    ledger.replaceChildren();
    if (isMatch()) {
      if (between() && view.last_hand) {
        ledger.append(...ledgerTable(view.last_hand, t("table.faraon-hand-over-n", { n: handShown })),
          h("button", { type: "button", class: "lt-next lt-fa-next", onclick: () => nextHand() }, t("table.faraon-next-hand")));
      } else if (view.match_over) {
        if (view.last_hand) ledger.append(...ledgerTable(view.last_hand, t("table.faraon-hand-last", { n: view.hand_number })));
        ledger.append(...ledgerTable(view.settlement, t("table.faraon-the-match")),
          h("p", { class: "lt-fa-winners", text: t("table.faraon-match-over", { target: view.target, winners: view.winners.map(name).join(t("table.faraon-and")) }) }, ruleLink("faraon-rule-match")));
      }
      return;
    }
    if (view.settlement) {
      ledger.append(...ledgerTable(view.settlement, t("table.faraon-hand-over")));
      ledger.append(h("p", { text: view.blocked ? t("table.faraon-blocked") : t("table.faraon-went-out", { who: name(view.winner) }) }));
    }
  }

  function drawScores() {
    scores.replaceChildren();
    if (!isMatch()) return;
    const n = view.players;
    const rows = view.hand_points.map((pts, i) => h("tr", {}, h("th", { scope: "row", text: t("table.faraon-score-hand", { n: i + 1 }) }), pts.map((x) => h("td", { class: "num", text: String(x) }))));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: t("table.faraon-score-total") }), view.totals.map((x) => h("td", { class: "num", text: String(x) }))));
    scores.append(h("table", { class: "lt-ledger-table lt-fa-score-table" },
      h("caption", { text: t("table.faraon-score-caption", { target: view.target }) }),
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
    announce(view.dealer !== null ? t("table.faraon-announce-hand-dealer", { n: handShown, who: name(view.dealer) }) : t("table.faraon-announce-hand", { n: handShown }));
    draw(); focusHand(); pump();
  }

  async function restart(opts = options, who = people_) {
    // the driver shuffles with a seed the page never learns; a position's options are left out (fresh)
    const r = await client.call({ cmd: "new", game: "faraon", options: opts, people: who, fresh: true, lang });
    if (!r.ok) { showReason(r.error, r.rule, "refused"); return r; }
    options = { ...r.options }; people_ = [...who];
    ask = null; question = null; askBox.replaceChildren();       // a new hand asks nothing
    client.call({ cmd: "close", table });
    games += 1; table = r.table; view = r.view; handShown = view.hand_number || 1; shownFor = null; picking = null;
    log.replaceChildren(); announce(t(isMatch() ? "table.faraon-a-new-match" : "table.faraon-a-new-hand"));
    toolbar.querySelector(".lt-new").textContent = t(isMatch() ? "table.faraon-new-match" : "table.faraon-new-hand");
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
    if (last && last.seat >= 0 && v.live.moves !== before) announce(t("table.seat-says", { who: name(last.seat), what: last.said || t("table.moves-said") }));
    pileTaken = v.live.moves !== before && !!last && last.seat >= 0 && (v.pile.size || 0) < 2 && (view_before_pile || 0) > 1;
    if (v.live.moves !== before) showReason("", "", null);
    if (isMatch() && v.hand_number !== wasHand && !v.match_over) announce(t("table.faraon-hand-totals", { n: wasHand, totals: v.totals.map((x, q) => t("table.seat-money", { who: name(q), money: x })).join(sep) }));
    if (v.live.waiting_for === "person" && v.seat !== shownFor) { if (people().length < 2) shownFor = v.seat; }
    draw();
    if (between()) status.textContent = t("table.faraon-press-next", { n: handShown });
    else if (v.live.waiting_for === "person") status.textContent = v.pile.suit ? t("table.faraon-to-play-suit", { who: name(v.seat), suit: suitWords(v.pile.suit) })
      : t("table.faraon-to-play", { who: name(v.seat) });
    else if (v.live.waiting_for === "over") {
      announce(isMatch() ? t("table.faraon-match-winner", { winners: v.winners.map(name).join(t("table.faraon-and")) })
        : t("table.faraon-hand-nets", { nets: v.settlement.net.map((x, q) => t("table.seat-money", { who: name(q), money: money(x) })).join(sep) }));
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
        const kind = isMatch() ? "match" : "hand";
        status.textContent = who.length ? t(`table.faraon-settings-people-${kind}`, { seats: who.map((q) => t("core.seat", { n: q })).join(sep) })
          : t(`table.faraon-settings-bots-${kind}`); }
      return refusal;
    }, uid);
    settingsSlot.replaceChildren(panel);
  }

  startQuestion();
  show(view);
  client.call({ cmd: "settings", game: "faraon", lang }).then((r) => { if (r.ok) { conf = r.settings; drawSettings(); } });
}
