// The shtoss table: draws the engine's view(seat) of a shtoss deal (stukolka/shtoss/observation.py,
// view_of) and sends the engine's actions back.  It reads no action string: every choice is one of
// view.actions (the engine's describe_action: kind, words, cards, count), every move in the log is
// the driver's live.last (its `said`) and each abcug's own sentence (view.abcugs[i].words).  It
// computes no rule: the stakes a punter may make, the cut and the abcugs are view.actions, who won a stake, where and why is the engine's stake
// record (position, deciding card, amount, rule, text), the casekeeper and the bankrolls are the
// view's, and the money at the end is the engine's settlement ledger.  Step, back and "to the
// end" ask the engine for the view after that many moves (the driver's `replay`).
//
// The same table draws Pharaon (game "pharaon": the banker announces a bank, the punter names a
// card and a stake; the engine's view has the shtoss shape) and the evenings of The Queen of
// Spades (game "queen_of_spades": every move is the record's, played by the engine; the reader
// steps through it).  Capitals and the paroli kush for the next deal are the engine's (view.next).

import { announcer, h, ledgerBlock, money, paceControl, pacer, projector, ruleLink as link, settingsPanel } from "./common.js";
import { askOf, choiceQuestion } from "./questions.js";
import { taskList } from "./tasks.js";

const EVENINGS = ["First evening", "Second evening", "Third evening"];


export async function mount(root, ctx) {
  const { client, cards } = ctx;
  let table = ctx.reply.table, view = ctx.reply.view, live = view, busy = false;
  let people = [...(ctx.setup.people || [])], options = { ...(ctx.setup.options || {}) }, conf = null, settings = null;
  const isPublic = !!ctx.public;        // a class table's projector: the public view, no choices
  let touched = false, step = null, deals = 0;       // step: null = the live table, else a replayed move
  const game = ctx.setup.game || "shtoss";
  const evening = () => view.evening || null;         // a Queen of Spades evening: the record plays every move
  const id = (s) => `lt-${s}-${table}-${Math.random().toString(36).slice(2, 7)}`;
  const name = (q) => evening() && evening().players[q] ? `${evening().players[q]} (${q === 0 ? "banker" : "punter"})`
    : q === 0 ? "Banker" : `Punter ${q}`;
  const who = (q) => name(q) + (evening() ? "" : view.live.people.includes(q) ? (view.live.people.length > 1 ? "" : " (you)") : " (bot)");
  const uid = Math.random().toString(36).slice(2, 7);
  const replaySeat = () => live.live.viewer;    // the driver answers only for the seat the page may see

  root.classList.add("lt", "lt-shtoss");
  if (game === "pharaon") root.classList.add("lt-sh-pharaon");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": "Moves so far" });
  const toolbar = h("div", { class: "lt-toolbar" });
  const story = h("div", { class: "lt-sh-story", "aria-live": "polite" });
  function drawToolbar() {
    if (!evening()) {
      toolbar.replaceChildren(paceBox.box,
        h("button", { type: "button", class: "lt-new", onclick: () => newDeal(false) }, game === "pharaon" ? "New coup" : "New deal"),
        room.button);
      return;
    }
    const ev = evening();
    const choose = (k, intended) => h("button", { type: "button", class: "lt-sh-evening",
      "aria-pressed": String(ev.number === k && !!ev.intended === intended),
      onclick: () => loadEvening(k, intended) }, intended ? "Third evening, as he meant it (the ace)" : EVENINGS[k - 1]);
    toolbar.replaceChildren(h("span", { class: "lt-sh-evenings", role: "group", "aria-label": "Choose an evening" },
      choose(1, false), choose(2, false), choose(3, false), choose(3, true)), room.button);
  }
  const felt = h("div", { class: "lt-felt lt-sh-felt", role: "group", "aria-label": game === "pharaon" ? "The Pharaon table" : "The shtoss table" });
  const seats = h("div", { class: "lt-punters", role: "group", "aria-label": "Banker and punters" });
  const caseBox = h("div", { class: "lt-case", role: "group", "aria-label": "Casekeeper, a counting frame borrowed from American faro: cards of each rank still in the banker's deck" });
  const reason = h("p", { class: "lt-reason", "aria-live": "polite" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": "Your choices" });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": "Step through the deal" });
  const ledger = h("div", { class: "lt-ledger" });
  const settingsSlot = h("div", { class: "lt-settings-slot" });
  // a position's question (questions.js, the directive's `:ask: outcome`): what the stake brings,
  // answered by the engine at build time; the table's own choices wait until the reader has answered
  let ask = isPublic ? null : askOf(ctx), question = null;
  const askBox = h("div", { class: "lt-ask" });
  const dock = h("div", { class: "lt-dock" }, reason, actions, askBox);
  const asking = () => !!question && question.pending && step === null && view.live.waiting_for === "person" && view.seat === ask.seat;
  function startQuestion() {
    askBox.replaceChildren();
    if (!ask || ask.kind !== "outcome") return;
    question = choiceQuestion(ctx, { prompt: ask.prompt, choices: ask.choices, answer: ask.answer, why: ask.why, rule: ask.rule,
      onAnswered: () => { drawActions(); focusActions(); } });
    askBox.append(question.box);
  }
  root.replaceChildren(toolbar, settingsSlot, story, status, felt, dock, seats, caseBox, replay, ledger,
    h("details", { class: "lt-moves" }, h("summary", { text: "All moves" }), log));
  if (isPublic) dock.hidden = true;

  const pic = (c, cls = "lt-card") => h("span", { class: cls, html: c === null || c === undefined ? cards.back : cards.svg[c] });

  // the stakes that one card decided: the card at `place` (1-based) of the banker's deal
  function decidedAt(place) { return view.stakes.filter((s) => s.position === place && !s.open && s.amount !== null); }

  function pile(label, cardsLaid, parity) {
    const box = h("figure", { class: "lt-pile" });
    const row = h("div", { class: "lt-pile-cards" });
    cardsLaid.forEach((c, i) => {
      const place = parity === "right" ? 2 * i + 1 : 2 * i + 2;
      const decided = decidedAt(place);
      const last = i === cardsLaid.length - 1;
      const p = pic(c, "lt-card lt-laid" + (decided.length ? " lt-deciding" : "") + (last ? " lt-top" : ""));
      p.setAttribute("role", "img");
      p.setAttribute("aria-label", `${cards.names[c]}, place ${place}` +
        (decided.length ? `, decided ${decided.map((s) => `${name(s.punter)}'s ${s.cards ? s.cards.map((x) => cards.labels[x]).join(" ") : "card"}`).join(", ")}` : ""));
      if (decided.length) p.append(h("span", { class: "lt-mark", "aria-hidden": "true", text: "decided" }));
      row.append(p);
    });
    if (!cardsLaid.length) row.append(h("span", { class: "lt-empty", text: "—" }));
    box.append(row, h("figcaption", { text: `${label}: ${cardsLaid.length}` }));
    return box;
  }

  function drawFelt() {
    const deck = h("figure", { class: "lt-pile lt-deck" },
      view.banker_deck ? pic(null) : h("span", { class: "lt-empty", text: "—" }),
      h("figcaption", { text: `banker's deck: ${view.banker_deck} to turn` + (view.cut !== null && view.cut !== undefined ? ` (cut at ${view.cut})` : "") }));
    const ab = view.abcugs.length ? view.abcugs[view.abcugs.length - 1] : null;
    felt.replaceChildren(deck, pile("right pile (banker's, odd places)", view.right, "right"),
      pile("left pile (punters', even places)", view.left, "left"),
      h("p", { class: "lt-abcug", text: ab ? ab.words : "no abcug laid yet" }));
  }

  function stakeLine(s) {
    const cs = s.cards ? s.cards : null;
    const li = h("li", { class: "lt-stake" + (s.open ? " lt-open" : parseFloat(String(s.amount)) > 0 ? " lt-won" : parseFloat(String(s.amount)) < 0 ? " lt-lost" : "") });
    li.append(h("span", { class: "lt-stake-cards" }, ...(cs ? cs.map((c) => pic(c, "lt-card lt-small")) : [pic(null, "lt-card lt-small")])));
    const card = s.named ? `${s.named} named (only the rank counts)` : cs ? cs.map((c) => cards.labels[c]).join(" ") : "a card face down";
    li.append(h("span", { text: `${card}, kush ${s.kush}` }));
    if (s.open) li.append(h("span", { class: "lt-state", text: " — open" }));
    else if (s.amount !== null) {
      li.append(h("span", { class: "lt-state", text: ` — ${money(s.amount)}: ${s.text}` }));
      const link = ruleLink(s.rule);
      if (link) li.append(link);
    }
    return li;
  }

  function drawSeats() {
    seats.replaceChildren();
    for (let q = 0; q <= view.punters; q++) {
      const mine = view.stakes.filter((s) => s.punter === q);
      const pend = view.pending && view.pending.punter === q ? view.pending : null;
      const cap = capitalOf(q);
      const box = h("section", { class: "lt-pseat" + (view.to_act === q ? " lt-to-act" : ""), role: "group",
        "aria-label": `${who(q)}, ${cap !== null ? `capital ${cap}, ` : ""}this deal ${money(view.bankrolls[q])}` + (view.to_act === q ? ", to act" : "") },
        h("b", { text: who(q) }),
        cap !== null ? h("span", { class: "lt-bal", text: ` capital ${cap}` }) : null,
        h("span", { class: "lt-bal lt-sh-deal", text: ` · this deal ${money(view.bankrolls[q])}` }));
      if (q === 0 && view.bank !== undefined) box.append(h("p", { class: "lt-sh-bank", text: view.bank === null ? "bank not announced yet" : `bank ${view.bank}` }));
      if (q > 0) {
        const ul = h("ul", { class: "lt-stakes" }, mine.map(stakeLine));
        if (pend) ul.append(h("li", { class: "lt-stake lt-pending", text: `waiting for the banker: kush ${pend.kush}` }));
        if (!mine.length && !pend) ul.append(h("li", { text: "no stake yet" }));
        box.append(ul);
        if ((view.stopped || []).includes(q)) box.append(h("p", { class: "lt-sh-stopped", text: "no more stakes this deal: the stakes ride" }));
      }
      seats.append(box);
    }
  }

  // a seat's capital as the engine booked it: before the deal, and once it is over, after it
  function capitalOf(q) {
    if (evening()) return q === 1 ? (view.live.waiting_for === "over" || view.settlement ? evening().capital_after : evening().capital_before) : null;
    if (view.next) return view.next.capitals[q];
    return view.capitals ? view.capitals[q] : null;
  }

  // the evening's story as the driver sends it: the imagined evening's is its own, not the real one's
  function drawStory() {
    story.replaceChildren();
    const ev = evening();
    if (!ev) return;
    story.append(h("p", {}, h("b", { text: `${EVENINGS[ev.number - 1] || ev.name}` + (ev.intended ? ", as Hermann meant it" : "") + ": " }),
      `Hermann brings ${ev.capital_before}` + (view.settlement ? `, and leaves with ${ev.capital_after}. ${ev.story}` : ". Step through the deal; the engine turns every card and settles the stake.")));
  }

  function drawCase() {
    const ranks = Object.keys(view.casekeeper);
    caseBox.replaceChildren(h("table", { class: "lt-case-table" },
      h("caption", { text: "Casekeeper (borrowed from American faro): still in the banker's deck" }),
      h("tr", {}, h("th", { scope: "row", text: "rank" }), ranks.map((r) => h("th", { scope: "col", text: r }))),
      h("tr", {}, h("th", { scope: "row", text: "left" }), ranks.map((r) => h("td", { class: view.casekeeper[r] ? "" : "lt-out", text: String(view.casekeeper[r]) })))));
  }

  // the choices of the seat to act, each one of the engine's described actions (view.actions): a
  // stake is a card (its `cards`) and a kush (its `count`, within view.limits), a cut its `count`,
  // every other choice a button in the engine's words
  function drawActions() {
    actions.replaceChildren();
    if (isPublic || step !== null || view.live.waiting_for !== "person" || passing() || asking()) return;
    const acts = view.actions || [];
    const of = (kind) => acts.filter((a) => a.kind === kind);
    const lim = view.limits || {};
    const number = (nid, value, lo, hi, stepBy) => h("input", { id: nid, type: "number", min: String(lo), max: hi !== undefined ? String(hi) : null,
      step: String(stepBy || 1), value: String(value), inputmode: "numeric" });
    const bank = of("bank")[0];
    if (bank) {                                   // Pharaon: the banker announces his bank
      const amount = number(id("bank"), bank.count, (lim.bank || [1])[0], (lim.bank || [])[1], lim.kush_step);
      actions.append(h("label", { for: amount.id, text: "Bank to announce: " }), amount,
        h("button", { type: "button", "data-kind": "bank", onclick: () => act(`bank ${amount.value}`, "bank") }, "Announce the bank"));
    }
    const names = of("name");
    if (names.length) {                           // Pharaon: the punter names a card (its rank counts) and his stake
      const sel = h("select", { id: id("rank") }, names.map((a, i) => h("option", { value: String(i), text: cards.names[a.cards[0]] })));   // its rank counts
      const stake = number(id("stake"), names[0].count, (lim.stake || [1])[0], view.bank, lim.kush_step);
      actions.append(h("label", { for: sel.id, text: "Card to name: " }), sel,
        h("label", { for: stake.id, text: ` Stake for punter ${view.seat} (at most the bank): ` }), stake,
        h("button", { type: "button", "data-kind": "name", onclick: () => act(`name ${cards.labels[names[Number(sel.value)].cards[0]]} ${stake.value}`, "name") }, "Name the card"));
    }
    const stakes = of("stake");
    if (stakes.length) {
      const sel = h("select", { id: id("card") }, stakes.map((a, i) => h("option", { value: String(i), text: cards.names[a.cards[0]] })));
      const offered = stakes[0].count;               // the kush the engine offers (paroli, the bank's room)
      const [lo, hi] = lim.kush || [offered, offered];
      const fixed = hi !== undefined && lo === hi;
      const kush = fixed ? null : number(id("kush"), offered, lo, hi, lim.kush_step);
      actions.append(h("label", { for: sel.id, text: "Card to stake: " }), sel,
        kush ? h("label", { for: kush.id, text: ` Kush for punter ${view.seat}: ` }) : h("span", { text: ` kush ${offered} ` }), kush,
        h("button", { type: "button", "data-kind": "stake", onclick: () => act(`stake ${cards.labels[stakes[Number(sel.value)].cards[0]]} ${kush ? kush.value : offered}`, "stake") }, "Stake it"));
    }
    const cuts = of("cut");
    if (cuts.length) {
      const sel = h("select", { id: id("cut") }, cuts.map((a, i) => h("option", { value: String(i), text: `${a.count} cards` })));
      sel.value = String(Math.floor(cuts.length / 2));
      actions.append(h("label", { for: sel.id, text: "Cut (podrezka): " }), sel,
        h("button", { type: "button", "data-kind": "cut", onclick: () => act(cuts[Number(sel.value)].action, "cut") }, "Cut the deck"));
    }
    for (const a of acts.filter((x) => !["stake", "pair", "cut", "bank", "name"].includes(x.kind))) {
      actions.append(h("button", { type: "button", "data-kind": a.kind, onclick: () => act(a.action, a.kind) }, a.words));
    }
  }

  // several people at one screen: a punter's stakes lie face down until the first abcug, so the table
  // passes the screen between two people's turns and only then asks the driver to show the next one's
  function passing() { return !isPublic && view.live.public && view.live.shared && view.live.waiting_for === "person"; }
  function drawPass() {
    if (!passing() || step !== null) return;
    actions.replaceChildren(h("button", { type: "button", class: "lt-pass", onclick: async () => {
      const r = await client.call({ cmd: "reveal", table, seat: view.to_act });
      if (!r.ok) { showReason(r); return; }
      live = view = r.view; draw(); status.textContent = `${who(view.seat)}: ${view.phase_words}.`; touched = true; focusActions(); } },
      `Pass to ${who(view.to_act)} — show my stakes and choices`));
  }

  function drawReplay() {
    replay.replaceChildren();
    const n = live.live.moves;
    if (!n) return;
    const at = step === null ? n : step;
    const go = (k) => { touched = true; k >= n && !evening() ? backToTable() : showStep(Math.min(n, Math.max(0, k))); };
    replay.append(
      h("button", { type: "button", "aria-label": "Back to the start of the deal", disabled: at === 0 ? true : null, onclick: () => go(0) }, "Start"),
      h("button", { type: "button", "aria-label": "One move back", disabled: at === 0 ? true : null, onclick: () => go(at - 1) }, "Back"),
      h("button", { type: "button", "aria-label": "One move forward", disabled: at >= n ? true : null, onclick: () => go(at + 1) }, "Step"),
      h("button", { type: "button", "aria-label": "To the end (the table as it is now)", disabled: at >= n ? true : null, onclick: () => go(n) }, "To the end"),
      h("span", { class: "lt-step", text: step === null ? ` move ${n} of ${n}` : ` ${evening() ? "" : "replay: "}move ${step} of ${n}` }));
  }

  function drawLedger() {
    ledger.replaceChildren();
    const s = view.settlement;
    if (!s) return;
    ledger.append(...ledgerBlock(ctx, s, view.punters + 1, name));
    if (view.next && !evening()) {
      const raised = Object.entries(view.next.kush).map(([p, k]) => `${name(Number(p))} ${k}`).join(", ");
      ledger.append(h("p", { class: "lt-sh-paroli" }, `Capitals after this deal: ${view.next.capitals.map((c, q) => `${name(q)} ${c}`).join(", ")}. ` +
        `Kush for the next deal, by the raise rules (paroli): ${raised}`, ruleLink("shtoss-rule-paroli")));
      ledger.append(h("button", { type: "button", class: "lt-next", onclick: () => newDeal(true) }, "Next deal (capitals and kush carried over)"));
    }
    if (deals) ledger.append(h("p", { text: `Deals played at this table: ${deals + 1}` }));
  }

  const ruleLink = (rule) => link(ctx, rule);


  function showReason(reply) {              // a refusal: the driver's words and the rule's link
    reason.replaceChildren(reply && reply.error ? reply.error : "");
    const l = reply && ruleLink(reply.rule);
    if (l) reason.append(l);
  }


  const announce = announcer(status, log);

  function act(action) {
    touched = true;
    if (busy) return;
    send({ cmd: "act", table, seat: view.seat, action });
  }

  async function send(msg) {
    busy = true;
    const r = await client.call(msg);
    busy = false;
    if (!r.ok) { showReason(r); return false; }     // the engine's refusal; the table did not move
    show(r.view);
    return true;
  }

  // a move in words: the mover and the engine's `said` (a chance move's `said` is a whole clause); after
  // an abcug, the abcug's own sentence from the view (the cards laid and what they decided)
  function moveWords(v) {
    const last = v.live.last;
    if (!last) return "";
    const said = last.said || "moves";
    let text = last.seat >= 0 ? `${who(last.seat)} ${said}.` : `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
    const ab = v.abcugs.length ? v.abcugs[v.abcugs.length - 1] : null;
    if (last.kind === "next" && ab) text += ` ${ab.words}`;
    return text;
  }

  async function showStep(k) {
    const r = await client.call({ cmd: "replay", table, step: k, seat: replaySeat() });
    if (!r.ok) { showReason(r); return; }
    step = k; view = r.view; draw();
    const last = view.live.last;
    status.textContent = `${evening() ? "Move" : "Replay: move"} ${k} of ${live.live.moves}` + (last ? `: ${moveWords(view)}` : ".");
  }

  function backToTable() { step = null; view = live; draw(); status.textContent = "Back at the table."; pump(); }

  async function newDeal(carryOn, opts = options, who_ = people) {
    const o = { ...opts };
    if (carryOn && live.next) { o.capitals = live.next.capitals; o.kush = live.next.kush; }
    else { delete o.capitals; delete o.kush; }
    // the driver shuffles with a seed the page never learns; a position's options are left out (fresh)
    const r = await client.call({ cmd: "new", game, options: o, people: who_, fresh: true });
    if (!r.ok) { showReason(r); return r; }
    options = { ...r.options }; delete options.capitals; delete options.kush; people = [...who_];
    ask = null; question = null; askBox.replaceChildren();       // a new deal asks nothing
    client.call({ cmd: "close", table });
    deals += 1; table = r.table; step = null; log.replaceChildren(); announce(game === "pharaon" ? "A new coup." : "A new deal.");
    show(r.view);
    return null;
  }

  // an evening of The Queen of Spades: the engine plays the record at once; the reader steps through it
  async function loadEvening(k, intended) {
    touched = true;
    const options = { ...ctx.setup.options, evening: k, intended };
    const r = await client.call({ cmd: "new", game, options, seed: ctx.setup.seed, people: [] });
    if (!r.ok) { showReason(r); return; }
    client.call({ cmd: "close", table });
    table = r.table; log.replaceChildren();
    await startEvening(r.view);
  }

  async function startEvening(v) {
    const r = await client.call({ cmd: "bots", table });
    if (!r.ok) { showReason(r); return; }
    live = r.view; view = r.view;
    await showStep(0);
    status.textContent = `${EVENINGS[v.evening.number - 1]}: move 0 of ${live.live.moves}. Press Step to play it card by card.`;
  }

  function draw() {
    root.dataset.phase = view.phase; root.dataset.waiting = view.live.waiting_for;
    root.dataset.hidden = passing() ? "yes" : "no";
    drawToolbar(); drawStory(); drawFelt(); drawSeats(); drawCase(); drawActions(); drawPass(); drawReplay(); drawLedger();
    paceBox.sync();
  }

  function focusActions() {
    if (!touched) return;
    const b = actions.querySelector("button, select") || replay.querySelector("button:not([disabled])") || ledger.querySelector("button");
    if (b) b.focus({ preventScroll: false });
  }

  const tasks = taskList(ctx);
  async function show(v) {
    // one person at the table: nothing to hide from anyone else, so his stakes are shown at once
    if (!isPublic && v.live.public && v.live.shared && v.live.waiting_for === "person" && v.live.people.length < 2) {
      const r = await client.call({ cmd: "reveal", table, seat: v.to_act });
      if (r.ok) v = r.view;
    }
    const before = live.live.moves;
    live = v; tasks.update(v);
    if (step === null) view = v;
    abcugTurned = v.live.moves !== before && !!v.live.last && v.live.last.kind === "next";
    if (v.live.last && v.live.moves !== before) announce(moveWords(v));
    if (v.live.moves !== before) showReason(null);
    draw();
    if (v.live.waiting_for === "person") {
      status.textContent = passing() ? `Pass the screen to ${who(v.to_act)}.` :
        `${abcugTurned ? moveWords(v) + " " : ""}${who(v.seat)} to act: ${v.phase_words}.`;
    } else if (v.live.waiting_for === "bot" && abcugTurned) status.textContent = moveWords(v);
    if (v.live.waiting_for === "over") announce("The deal is over: " + v.settlement.net.map((x, q) => `${name(q)}: ${money(x)}`).join(", "));
    focusActions();
    pump();
  }

  let abcugTurned = false;
  const due = () => !evening() && step === null && live.live.waiting_for === "bot";
  const bots = pacer(due, (quick) => send({ cmd: quick ? "bots" : "bot", table }), () => false, () => abcugTurned);
  const paceBox = paceControl(uid, bots, due, () => pump(), ctx);
  const room = projector(root, ctx);
  const pump = () => { paceBox.sync(); bots.pump(); };

  // the settings panel (not for an evening, whose every move is the record's): the driver's `settings`
  function drawSettings() {
    if (!conf || evening() || isPublic) { settingsSlot.replaceChildren(); return; }
    settings = settingsPanel(ctx, conf, options, people, async (opts, who_) => {
      const refusal = await newDeal(false, opts, who_);
      if (!refusal) { drawSettings(); settings.open = true; status.textContent = `A new ${game === "pharaon" ? "coup" : "deal"} with these settings` +
        (who_.length ? `: people at ${who_.map((q) => name(q).toLowerCase()).join(", ")}.` : ": bots only."); }
      return refusal;
    }, uid);
    settingsSlot.replaceChildren(settings);
  }

  if (view.evening) { drawToolbar(); await startEvening(view); }
  else {
    startQuestion();
    show(view);
    client.call({ cmd: "settings", game }).then((r) => { if (r.ok) { conf = r.settings; drawSettings(); } });
  }
}
