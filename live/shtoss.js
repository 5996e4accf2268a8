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
// Every word is the catalogue's in the table's language (t = sayOf(ctx), live/i18n.js).

import { announcer, h, ledgerBlock, money as moneyIn, paceControl, pacer, projector, ruleLink as link, sayOf, settingsPanel } from "./common.js";
import { askOf, choiceQuestion } from "./questions.js";
import { taskList } from "./tasks.js";

const EVENINGS = [1, 2, 3];            // said by table.shtoss-evening-<n>


export async function mount(root, ctx) {
  const { client, cards } = ctx;
  const t = sayOf(ctx), lang = t.lang;
  const money = (x, signed) => moneyIn(x, signed, lang);
  const eveningName = (k) => (EVENINGS.includes(k) ? t(`table.shtoss-evening-${k}`) : null);
  let table = ctx.reply.table, view = ctx.reply.view, live = view, busy = false;
  let people = [...(ctx.setup.people || [])], options = { ...(ctx.setup.options || {}) }, conf = null, settings = null;
  const isPublic = !!ctx.public;        // a class table's projector: the public view, no choices
  let touched = false, step = null, deals = 0;       // step: null = the live table, else a replayed move
  const game = ctx.setup.game || "shtoss";
  const evening = () => view.evening || null;         // a Queen of Spades evening: the record plays every move
  const id = (s) => `lt-${s}-${table}-${Math.random().toString(36).slice(2, 7)}`;
  const name = (q) => evening() && evening().players[q] ? t(q === 0 ? "table.shtoss-player-banker" : "table.shtoss-player-punter", { who: evening().players[q] })
    : q === 0 ? t("table.shtoss-banker") : t("table.shtoss-punter", { n: q });
  const who = (q) => (evening() ? name(q) : view.live.people.includes(q) ? (view.live.people.length > 1 ? name(q) : t("table.shtoss-you", { who: name(q) }))
    : t("table.shtoss-bot", { who: name(q) }));
  const uid = Math.random().toString(36).slice(2, 7);
  const replaySeat = () => live.live.viewer;    // the driver answers only for the seat the page may see

  root.classList.add("lt", "lt-shtoss");
  if (game === "pharaon") root.classList.add("lt-sh-pharaon");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": t("table.moves-aria") });
  const toolbar = h("div", { class: "lt-toolbar" });
  const story = h("div", { class: "lt-sh-story", "aria-live": "polite" });
  function drawToolbar() {
    if (!evening()) {
      toolbar.replaceChildren(paceBox.box,
        h("button", { type: "button", class: "lt-new", onclick: () => newDeal(false) }, t(game === "pharaon" ? "table.shtoss-new-coup" : "table.new-deal")),
        room.button);
      return;
    }
    const ev = evening();
    const choose = (k, intended) => h("button", { type: "button", class: "lt-sh-evening",
      "aria-pressed": String(ev.number === k && !!ev.intended === intended),
      onclick: () => loadEvening(k, intended) }, intended ? t("table.shtoss-evening-meant") : eveningName(k));
    toolbar.replaceChildren(h("span", { class: "lt-sh-evenings", role: "group", "aria-label": t("table.shtoss-choose-evening") },
      choose(1, false), choose(2, false), choose(3, false), choose(3, true)), room.button);
  }
  const felt = h("div", { class: "lt-felt lt-sh-felt", role: "group", "aria-label": t(game === "pharaon" ? "table.shtoss-felt-pharaon" : "table.shtoss-felt") });
  const seats = h("div", { class: "lt-punters", role: "group", "aria-label": t("table.shtoss-seats-aria") });
  const caseBox = h("div", { class: "lt-case", role: "group", "aria-label": t("table.shtoss-case-aria") });
  const reason = h("p", { class: "lt-reason", "aria-live": "polite" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": t("table.shtoss-choices-aria") });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": t("table.shtoss-replay-aria") });
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
    h("details", { class: "lt-moves" }, h("summary", { text: t("table.all-moves") }), log));
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
      p.setAttribute("aria-label", t("table.shtoss-laid-aria", { card: cards.names[c], place }) +
        (decided.length ? t("table.shtoss-decided-aria", { stakes: decided.map((s) => t("table.shtoss-whose-stake", { who: name(s.punter),
          card: s.cards ? s.cards.map((x) => cards.labels[x]).join(" ") : t("table.shtoss-a-card") })).join(t("table.list-sep")) }) : ""));
      if (decided.length) p.append(h("span", { class: "lt-mark", "aria-hidden": "true", text: t("table.shtoss-decided") }));
      row.append(p);
    });
    if (!cardsLaid.length) row.append(h("span", { class: "lt-empty", text: "—" }));
    box.append(row, h("figcaption", { text: t("table.shtoss-pile-count", { label, n: cardsLaid.length }) }));
    return box;
  }

  function drawFelt() {
    const deck = h("figure", { class: "lt-pile lt-deck" },
      view.banker_deck ? pic(null) : h("span", { class: "lt-empty", text: "—" }),
      h("figcaption", { text: view.cut !== null && view.cut !== undefined ? t("table.shtoss-deck-cut", { n: view.banker_deck, cut: view.cut })
        : t("table.shtoss-deck", { n: view.banker_deck }) }));
    const ab = view.abcugs.length ? view.abcugs[view.abcugs.length - 1] : null;
    felt.replaceChildren(deck, pile(t("table.shtoss-right"), view.right, "right"),
      pile(t("table.shtoss-left"), view.left, "left"),
      h("p", { class: "lt-abcug", text: ab ? ab.words : t("table.shtoss-no-abcug") }));
  }

  function stakeLine(s) {
    const cs = s.cards ? s.cards : null;
    const li = h("li", { class: "lt-stake" + (s.open ? " lt-open" : parseFloat(String(s.amount)) > 0 ? " lt-won" : parseFloat(String(s.amount)) < 0 ? " lt-lost" : "") });
    li.append(h("span", { class: "lt-stake-cards" }, ...(cs ? cs.map((c) => pic(c, "lt-card lt-small")) : [pic(null, "lt-card lt-small")])));
    const card = s.named ? t("table.shtoss-named", { rank: s.named }) : cs ? cs.map((c) => cards.labels[c]).join(" ") : t("table.shtoss-face-down");
    li.append(h("span", { text: t("table.shtoss-stake", { card, kush: s.kush }) }));
    if (s.open) li.append(h("span", { class: "lt-state", text: t("table.shtoss-open") }));
    else if (s.amount !== null) {
      li.append(h("span", { class: "lt-state", text: t("table.shtoss-decided-line", { money: money(s.amount), text: s.text }) }));
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
        "aria-label": (cap !== null ? t("table.shtoss-seat-capital-aria", { who: who(q), capital: cap, money: money(view.bankrolls[q]) })
          : t("table.shtoss-seat-aria", { who: who(q), money: money(view.bankrolls[q]) })) + (view.to_act === q ? t("table.shtoss-to-act-aria") : "") },
        h("b", { text: who(q) }),
        cap !== null ? h("span", { class: "lt-bal", text: t("table.shtoss-capital", { capital: cap }) }) : null,
        h("span", { class: "lt-bal lt-sh-deal", text: t("table.shtoss-this-deal", { money: money(view.bankrolls[q]) }) }));
      if (q === 0 && view.bank !== undefined) box.append(h("p", { class: "lt-sh-bank", text: view.bank === null ? t("table.shtoss-no-bank") : t("table.shtoss-bank", { bank: view.bank }) }));
      if (q > 0) {
        const ul = h("ul", { class: "lt-stakes" }, mine.map(stakeLine));
        if (pend) ul.append(h("li", { class: "lt-stake lt-pending", text: t("table.shtoss-pending", { kush: pend.kush }) }));
        if (!mine.length && !pend) ul.append(h("li", { text: t("table.shtoss-no-stake") }));
        box.append(ul);
        if ((view.stopped || []).includes(q)) box.append(h("p", { class: "lt-sh-stopped", text: t("table.shtoss-stopped") }));
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
    const title = eveningName(ev.number) || ev.name;
    story.append(h("p", {}, h("b", { text: t(ev.intended ? "table.shtoss-story-title-meant" : "table.shtoss-story-title", { evening: title }) }),
      view.settlement ? t("table.shtoss-story-leaves", { capital: ev.capital_before, after: ev.capital_after, story: ev.story })
        : t("table.shtoss-story-brings", { capital: ev.capital_before })));
  }

  function drawCase() {
    const ranks = Object.keys(view.casekeeper);
    caseBox.replaceChildren(h("table", { class: "lt-case-table" },
      h("caption", { text: t("table.shtoss-case-caption") }),
      h("tr", {}, h("th", { scope: "row", text: t("table.shtoss-rank") }), ranks.map((r) => h("th", { scope: "col", text: r }))),
      h("tr", {}, h("th", { scope: "row", text: t("table.shtoss-left-in") }), ranks.map((r) => h("td", { class: view.casekeeper[r] ? "" : "lt-out", text: String(view.casekeeper[r]) })))));
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
      actions.append(h("label", { for: amount.id, text: t("table.shtoss-bank-label") }), amount,
        h("button", { type: "button", "data-kind": "bank", onclick: () => act(`bank ${amount.value}`, "bank") }, t("table.shtoss-bank-button")));
    }
    const names = of("name");
    if (names.length) {                           // Pharaon: the punter names a card (its rank counts) and his stake
      const sel = h("select", { id: id("rank") }, names.map((a, i) => h("option", { value: String(i), text: cards.names[a.cards[0]] })));   // its rank counts
      const stake = number(id("stake"), names[0].count, (lim.stake || [1])[0], view.bank, lim.kush_step);
      actions.append(h("label", { for: sel.id, text: t("table.shtoss-name-label") }), sel,
        h("label", { for: stake.id, text: t("table.shtoss-name-stake", { n: view.seat }) }), stake,
        h("button", { type: "button", "data-kind": "name", onclick: () => act(`name ${cards.labels[names[Number(sel.value)].cards[0]]} ${stake.value}`, "name") }, t("table.shtoss-name-button")));
    }
    const stakes = of("stake");
    if (stakes.length) {
      const sel = h("select", { id: id("card") }, stakes.map((a, i) => h("option", { value: String(i), text: cards.names[a.cards[0]] })));
      const offered = stakes[0].count;               // the kush the engine offers (paroli, the bank's room)
      const [lo, hi] = lim.kush || [offered, offered];
      const fixed = hi !== undefined && lo === hi;
      const kush = fixed ? null : number(id("kush"), offered, lo, hi, lim.kush_step);
      actions.append(h("label", { for: sel.id, text: t("table.shtoss-stake-label") }), sel,
        kush ? h("label", { for: kush.id, text: t("table.shtoss-kush-label", { n: view.seat }) }) : h("span", { text: t("table.shtoss-kush-fixed", { kush: offered }) }), kush,
        h("button", { type: "button", "data-kind": "stake", onclick: () => act(`stake ${cards.labels[stakes[Number(sel.value)].cards[0]]} ${kush ? kush.value : offered}`, "stake") }, t("table.shtoss-stake-button")));
    }
    const cuts = of("cut");
    if (cuts.length) {
      const sel = h("select", { id: id("cut") }, cuts.map((a, i) => h("option", { value: String(i), text: t("table.shtoss-cut-n", { n: a.count }) })));
      sel.value = String(Math.floor(cuts.length / 2));
      actions.append(h("label", { for: sel.id, text: t("table.shtoss-cut-label") }), sel,
        h("button", { type: "button", "data-kind": "cut", onclick: () => act(cuts[Number(sel.value)].action, "cut") }, t("table.shtoss-cut-button")));
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
      live = view = r.view; draw(); status.textContent = t("table.shtoss-phase", { who: who(view.seat), phase: view.phase_words }); touched = true; focusActions(); } },
      t("table.shtoss-pass-button", { who: who(view.to_act) })));
  }

  function drawReplay() {
    replay.replaceChildren();
    const n = live.live.moves;
    if (!n) return;
    const at = step === null ? n : step;
    const go = (k) => { touched = true; k >= n && !evening() ? backToTable() : showStep(Math.min(n, Math.max(0, k))); };
    replay.append(
      h("button", { type: "button", "aria-label": t("table.shtoss-start-aria"), disabled: at === 0 ? true : null, onclick: () => go(0) }, t("table.replay-start")),
      h("button", { type: "button", "aria-label": t("table.replay-back-aria"), disabled: at === 0 ? true : null, onclick: () => go(at - 1) }, t("table.replay-back")),
      h("button", { type: "button", "aria-label": t("table.replay-step-aria"), disabled: at >= n ? true : null, onclick: () => go(at + 1) }, t("table.replay-step")),
      h("button", { type: "button", "aria-label": t("table.shtoss-end-aria"), disabled: at >= n ? true : null, onclick: () => go(n) }, t("table.replay-end")),
      h("span", { class: "lt-step", text: step === null ? t("table.shtoss-evening-move", { at: n, n })
        : t(evening() ? "table.shtoss-evening-move" : "table.shtoss-replay-move", { at: step, n }) }));
  }

  function drawLedger() {
    ledger.replaceChildren();
    const s = view.settlement;
    if (!s) return;
    ledger.append(...ledgerBlock(ctx, s, view.punters + 1, name));
    if (view.next && !evening()) {
      const sep = t("table.list-sep");
      const raised = Object.entries(view.next.kush).map(([p, k]) => t("table.seat-money", { who: name(Number(p)), money: k })).join(sep);
      ledger.append(h("p", { class: "lt-sh-paroli" }, t("table.shtoss-capitals", {
        capitals: view.next.capitals.map((c, q) => t("table.seat-money", { who: name(q), money: c })).join(sep), kush: raised }),
      ruleLink("shtoss-rule-paroli")));
      ledger.append(h("button", { type: "button", class: "lt-next", onclick: () => newDeal(true) }, t("table.shtoss-next-deal")));
    }
    if (deals) ledger.append(h("p", { text: t("table.shtoss-deals-played", { n: deals + 1 }) }));
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
    const said = last.said || t("table.moves-said");
    let text = last.seat >= 0 ? t("table.seat-says", { who: who(last.seat), what: said }) : t("table.sentence", { text: `${said.charAt(0).toUpperCase()}${said.slice(1)}` });
    const ab = v.abcugs.length ? v.abcugs[v.abcugs.length - 1] : null;
    if (last.kind === "next" && ab) text += ` ${ab.words}`;
    return text;
  }

  async function showStep(k) {
    const r = await client.call({ cmd: "replay", table, step: k, seat: replaySeat() });
    if (!r.ok) { showReason(r); return; }
    step = k; view = r.view; draw();
    const last = view.live.last;
    const n = live.live.moves;
    status.textContent = last ? t(evening() ? "table.shtoss-status-evening-move" : "table.shtoss-status-replay-move", { at: k, n, move: moveWords(view) })
      : t("table.sentence", { text: t(evening() ? "table.shtoss-status-evening" : "table.shtoss-status-replay", { at: k, n }) });
  }

  function backToTable() { step = null; view = live; draw(); status.textContent = t("table.shtoss-back"); pump(); }

  async function newDeal(carryOn, opts = options, who_ = people) {
    const o = { ...opts };
    if (carryOn && live.next) { o.capitals = live.next.capitals; o.kush = live.next.kush; }
    else { delete o.capitals; delete o.kush; }
    // the driver shuffles with a seed the page never learns; a position's options are left out (fresh)
    const r = await client.call({ cmd: "new", game, options: o, people: who_, fresh: true, lang });
    if (!r.ok) { showReason(r); return r; }
    options = { ...r.options }; delete options.capitals; delete options.kush; people = [...who_];
    ask = null; question = null; askBox.replaceChildren();       // a new deal asks nothing
    client.call({ cmd: "close", table });
    deals += 1; table = r.table; step = null; log.replaceChildren(); announce(t(game === "pharaon" ? "table.shtoss-a-new-coup" : "table.a-new-deal"));
    show(r.view);
    return null;
  }

  // an evening of The Queen of Spades: the engine plays the record at once; the reader steps through it
  async function loadEvening(k, intended) {
    touched = true;
    const options = { ...ctx.setup.options, evening: k, intended };
    const r = await client.call({ cmd: "new", game, options, seed: ctx.setup.seed, people: [], lang });
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
    status.textContent = t("table.shtoss-evening-start", { evening: eveningName(v.evening.number) || v.evening.name, n: live.live.moves });
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
      status.textContent = passing() ? t("table.pass-screen", { who: who(v.to_act) }) :
        `${abcugTurned ? moveWords(v) + " " : ""}${t("table.to-act-phase", { who: who(v.seat), phase: v.phase_words })}`;
    } else if (v.live.waiting_for === "bot" && abcugTurned) status.textContent = moveWords(v);
    if (v.live.waiting_for === "over") announce(t("table.shtoss-deal-over", { nets: v.settlement.net.map((x, q) => t("table.shtoss-seat-money", { who: name(q), money: money(x) })).join(t("table.list-sep")) }));
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
      const coup = game === "pharaon" ? "-coup" : "";
      if (!refusal) { drawSettings(); settings.open = true; status.textContent = who_.length
        ? t(`table.shtoss-settings-people${coup}`, { seats: who_.map((q) => name(q).toLowerCase()).join(t("table.list-sep")) })
        : t(`table.shtoss-settings-bots${coup}`); }
      return refusal;
    }, uid);
    settingsSlot.replaceChildren(settings);
  }

  if (view.evening) { drawToolbar(); await startEvening(view); }
  else {
    startQuestion();
    show(view);
    client.call({ cmd: "settings", game, lang }).then((r) => { if (r.ok) { conf = r.settings; drawSettings(); } });
  }
}
