// The shtoss table: draws the engine's view(seat) of a shtoss deal (stukolka/shtoss/observation.py,
// view_of) and sends action strings back.  It computes no rule: the stakes a punter may make,
// the cut and the abcugs are view.legal, who won a stake, where and why is the engine's stake
// record (position, deciding card, amount, rule, text), the casekeeper and the bankrolls are the
// view's, and the money at the end is the engine's settlement ledger.  Step, back and "to the
// end" ask the engine for the view after that many moves (the driver's `replay`).
//
// The same table draws Pharaon (game "pharaon": the banker announces a bank, the punter names a
// card and a stake; the engine's view has the shtoss shape) and the evenings of The Queen of
// Spades (game "queen_of_spades": every move is the record's, played by the engine; the reader
// steps through it).  Capitals and the paroli kush for the next deal are the engine's (view.next).

import { announcer, h, money, pacer, ruleLink as link } from "./common.js";

const WORDS = {
  next: "Turn the next abcug", done: "Done staking", accept: "Accept the raised kush", refuse: "Refuse the raised kush",
};
const EVENINGS = ["First evening", "Second evening", "Third evening"];


export async function mount(root, ctx) {
  const { client, cards } = ctx;
  let table = ctx.reply.table, view = ctx.reply.view, live = view, fast = false, busy = false, pending = null;
  let touched = false, step = null, deals = 0;       // step: null = the live table, else a replayed move
  const game = ctx.setup.game || "shtoss";
  const evening = () => view.evening || null;         // a Queen of Spades evening: the record plays every move
  const id = (s) => `lt-${s}-${table}-${Math.random().toString(36).slice(2, 7)}`;
  const name = (q) => evening() && evening().players[q] ? `${evening().players[q]} (${q === 0 ? "banker" : "punter"})`
    : q === 0 ? "Banker" : `Punter ${q}`;
  const who = (q) => name(q) + (evening() ? "" : view.live.people.includes(q) ? (view.live.people.length > 1 ? "" : " (you)") : " (bot)");
  const replaySeat = () => live.live.viewer;    // the driver answers only for the seat the page may see

  root.classList.add("lt", "lt-shtoss");
  if (game === "pharaon") root.classList.add("lt-sh-pharaon");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": "Moves so far" });
  const fastId = id("fast");
  const fastBox = h("input", { type: "checkbox", id: fastId, onchange: (e) => { fast = e.target.checked; pump(); } });
  const toolbar = h("div", { class: "lt-toolbar" });
  const story = h("div", { class: "lt-sh-story", "aria-live": "polite" });
  function drawToolbar() {
    if (!evening()) {
      toolbar.replaceChildren(h("label", { for: fastId }, fastBox, " Fast bots (no pause)"),
        h("button", { type: "button", class: "lt-new", onclick: () => newDeal(false) }, game === "pharaon" ? "New coup" : "New deal"));
      return;
    }
    const ev = evening();
    const choose = (k, intended) => h("button", { type: "button", class: "lt-sh-evening",
      "aria-pressed": String(ev.number === k && !!ev.intended === intended),
      onclick: () => loadEvening(k, intended) }, intended ? "Third evening, as he meant it (the ace)" : EVENINGS[k - 1]);
    toolbar.replaceChildren(h("span", { class: "lt-sh-evenings", role: "group", "aria-label": "Choose an evening" },
      choose(1, false), choose(2, false), choose(3, false), choose(3, true)));
  }
  const felt = h("div", { class: "lt-felt lt-sh-felt", role: "group", "aria-label": game === "pharaon" ? "The Pharaon table" : "The shtoss table" });
  const seats = h("div", { class: "lt-punters", role: "group", "aria-label": "Banker and punters" });
  const caseBox = h("div", { class: "lt-case", role: "group", "aria-label": "Casekeeper: cards of each rank still in the banker's deck" });
  const reason = h("p", { class: "lt-reason", "aria-live": "polite" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": "Your choices" });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": "Step through the deal" });
  const ledger = h("div", { class: "lt-ledger" });
  root.replaceChildren(toolbar, story, status, felt, seats, caseBox, reason, actions, replay, ledger,
    h("details", { class: "lt-moves" }, h("summary", { text: "All moves" }), log));

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
      h("p", { class: "lt-abcug", text: ab ? `abcug ${ab.number}: places ${ab.places.join(" and ")}` : "no abcug laid yet" }));
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
      h("caption", { text: "Casekeeper: still in the banker's deck" }),
      h("tr", {}, h("th", { scope: "row", text: "rank" }), ranks.map((r) => h("th", { scope: "col", text: r }))),
      h("tr", {}, h("th", { scope: "row", text: "left" }), ranks.map((r) => h("td", { class: view.casekeeper[r] ? "" : "lt-out", text: String(view.casekeeper[r]) })))));
  }

  function drawActions() {
    actions.replaceChildren();
    if (step !== null || view.live.waiting_for !== "person") return;
    const legal = view.legal;
    const bank = legal.find((a) => a.startsWith("bank "));
    if (bank) {                                   // Pharaon: the banker announces his bank
      const bid = id("bank");
      const amount = h("input", { id: bid, type: "number", min: "1", step: "1", value: bank.split(" ")[1], inputmode: "numeric" });
      actions.append(h("label", { for: bid, text: "Bank to announce: " }), amount,
        h("button", { type: "button", onclick: () => act(`bank ${amount.value}`) }, "Announce the bank"));
    }
    const names = legal.filter((a) => a.startsWith("name "));
    if (names.length) {                           // Pharaon: the punter names a card (its rank counts) and his stake
      const rid = id("rank"), kid = id("stake");
      const sel = h("select", { id: rid }, names.map((a) => h("option", { value: a.split(" ")[1], text: a.split(" ")[1] })));
      const kush = h("input", { id: kid, type: "number", min: "1", max: String(view.bank), step: "1",
        value: String(Math.min(view.bank, Math.max(1, Math.floor(view.bank / 10)))), inputmode: "numeric" });
      actions.append(h("label", { for: rid, text: "Card to name: " }), sel,
        h("label", { for: kid, text: ` Stake for punter ${view.seat} (at most the bank): ` }), kush,
        h("button", { type: "button", onclick: () => act(`name ${sel.value} ${kush.value}`) }, "Name the card"));
    }
    const stakes = legal.filter((a) => a.startsWith("stake "));
    if (stakes.length) {
      const cid = id("card"), kid = id("kush");
      const cardsOf = stakes.map((a) => a.split(" ")[1]);
      const sel = h("select", { id: cid }, cardsOf.map((c) => h("option", { value: c, text: c })));
      const offered = stakes[0].split(" ")[2] || String(view.initial_kush);     // the kush the engine offers (paroli)
      const kush = h("input", { id: kid, type: "number", min: "1", step: "1", value: offered, inputmode: "numeric" });
      actions.append(h("label", { for: cid, text: "Card to stake: " }), sel,
        h("label", { for: kid, text: ` Kush for punter ${view.seat}: ` }), kush,
        h("button", { type: "button", onclick: () => act(`stake ${sel.value} ${kush.value}`) }, "Stake it"));
    }
    const cuts = legal.filter((a) => a.startsWith("cut "));
    if (cuts.length) {
      const sid = id("cut");
      const sel = h("select", { id: sid }, cuts.map((a) => h("option", { value: a, text: a.replace("cut ", "") + " cards" })));
      sel.value = cuts[Math.floor(cuts.length / 2)];
      actions.append(h("label", { for: sid, text: "Cut (podrezka): " }), sel, h("button", { type: "button", onclick: () => act(sel.value) }, "Cut the deck"));
    }
    for (const a of legal.filter((x) => !/^(stake|cut|bank|name) /.test(x))) {
      actions.append(h("button", { type: "button", "data-action": a, onclick: () => act(a) }, WORDS[a] || a));
    }
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
    const n = view.punters + 1;
    const head = h("tr", {}, h("th", { scope: "col", text: "" }), [...Array(n).keys()].map((q) => h("th", { scope: "col", text: name(q) })));
    const rows = (s.lines || []).map((ln) => h("tr", {}, h("th", { scope: "row" }, ln.text, ruleLink(ln.rule)),
      [...Array(n).keys()].map((q) => h("td", { class: "num", text: ln.amounts && ln.amounts[q] ? money(ln.amounts[q]) : "" }))));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: "net this deal" }), s.net.map((x) => h("td", { class: "num", text: money(x) }))));
    ledger.append(h("h4", { text: "Settlement" }), h("table", { class: "lt-ledger-table" }, h("thead", {}, head), h("tbody", {}, rows)));
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
    send({ cmd: "act", table, seat: view.seat, action }, `${who(view.seat)}: ${action}`);
  }

  async function send(msg, say) {
    busy = true;
    const r = await client.call(msg);
    busy = false;
    if (!r.ok) { showReason(r); return false; }     // the engine's refusal; the table did not move
    if (say) announce(say);
    show(r.view);
    return true;
  }

  async function showStep(k) {
    const r = await client.call({ cmd: "replay", table, step: k, seat: replaySeat() });
    if (!r.ok) { showReason(r); return; }
    step = k; view = r.view; draw();
    const last = view.live.last;
    status.textContent = `${evening() ? "Move" : "Replay: move"} ${k} of ${live.live.moves}` +
      (last ? ` (${last.seat >= 0 ? who(last.seat) : "the banker's deck"}: ${last.said || last.action || "moves"})` : "");
  }

  function backToTable() { step = null; view = live; draw(); status.textContent = "Back at the table."; pump(); }

  async function newDeal(carryOn) {
    const options = { ...ctx.setup.options };
    if (carryOn && live.next) { options.capitals = live.next.capitals; options.kush = live.next.kush; }
    const r = await client.call({ cmd: "new", game, options, seed: ctx.setup.seed + 1000 + deals, people: ctx.setup.people });
    if (!r.ok) { showReason(r); return; }
    client.call({ cmd: "close", table });
    deals += 1; table = r.table; step = null; log.replaceChildren(); announce(game === "pharaon" ? "A new coup." : "A new deal.");
    show(r.view);
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
    drawToolbar(); drawStory(); drawFelt(); drawSeats(); drawCase(); drawActions(); drawReplay(); drawLedger();
  }

  function focusActions() {
    if (!touched) return;
    const b = actions.querySelector("button, select") || replay.querySelector("button:not([disabled])") || ledger.querySelector("button");
    if (b) b.focus({ preventScroll: false });
  }

  async function show(v) {
    if (v.live.public && v.live.shared && v.live.waiting_for === "person") {   // no hand to hide: reveal at once
      const r = await client.call({ cmd: "reveal", table, seat: v.to_act });
      if (r.ok) v = r.view;
    }
    const before = live.live.moves;
    live = v;
    if (step === null) view = v;
    if (v.live.last && v.live.last.seat >= 0 && v.live.moves !== before && !v.live.people.includes(v.live.last.seat)) {
      announce(`${who(v.live.last.seat)}: ${v.live.last.said || v.live.last.action || "moves"}`);
    }
    if (v.live.moves !== before) showReason(null);
    draw();
    if (v.live.waiting_for === "person") status.textContent = `${who(v.seat)} to act (${v.phase})`;
    if (v.live.waiting_for === "over") announce("The deal is over: " + v.settlement.net.map((x, q) => `${name(q)}: ${money(x)}`).join(", "));
    focusActions();
    pump();
  }

  const bots = pacer(() => !evening() && step === null && live.live.waiting_for === "bot",
    (quick) => send({ cmd: quick ? "bots" : "bot", table }), () => fast);
  const pump = () => bots.pump();


  if (view.evening) { drawToolbar(); await startEvening(view); }
  else show(view);
}
