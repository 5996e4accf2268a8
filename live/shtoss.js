// The shtoss table: draws the engine's view(seat) of a shtoss deal (stukolka/shtoss/observation.py,
// view_of) and sends action strings back.  It computes no rule: the stakes a punter may make,
// the cut and the abcugs are view.legal, who won a stake, where and why is the engine's stake
// record (position, deciding card, amount, rule, text), the casekeeper and the bankrolls are the
// view's, and the money at the end is the engine's settlement ledger.  Step, back and "to the
// end" ask the engine for the view after that many moves (the driver's `replay`).

import { h } from "./dom.js";

const PACE_MS = 500;
const WORDS = {
  next: "Turn the next abcug", done: "Done staking", accept: "Accept the raised kush", refuse: "Refuse the raised kush",
};

function money(x) { return typeof x === "number" ? (x > 0 ? "+" + x : String(x)) : (String(x).startsWith("-") ? String(x) : "+" + x); }

export async function mount(root, ctx) {
  const { client, cards } = ctx;
  let table = ctx.reply.table, view = ctx.reply.view, live = view, fast = false, busy = false, pending = null;
  let touched = false, step = null, deals = 0;       // step: null = the live table, else a replayed move
  const id = (s) => `lt-${s}-${table}-${Math.random().toString(36).slice(2, 7)}`;
  const name = (q) => q === 0 ? "Banker" : `Punter ${q}`;
  const who = (q) => name(q) + (view.live.people.includes(q) ? (view.live.people.length > 1 ? "" : " (you)") : " (bot)");

  root.classList.add("lt", "lt-shtoss");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": "Moves so far" });
  const fastId = id("fast");
  const fastBox = h("input", { type: "checkbox", id: fastId, onchange: (e) => { fast = e.target.checked; pump(); } });
  const toolbar = h("div", { class: "lt-toolbar" },
    h("label", { for: fastId }, fastBox, " Fast bots (no pause)"),
    h("button", { type: "button", class: "lt-new", onclick: () => newDeal() }, "New deal"));
  const felt = h("div", { class: "lt-felt", role: "group", "aria-label": "The shtoss table" });
  const seats = h("div", { class: "lt-punters", role: "group", "aria-label": "Banker and punters" });
  const caseBox = h("div", { class: "lt-case", role: "group", "aria-label": "Casekeeper: cards of each rank still in the banker's deck" });
  const reason = h("p", { class: "lt-reason", "aria-live": "polite" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": "Your choices" });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": "Step through the deal" });
  const ledger = h("div", { class: "lt-ledger" });
  root.replaceChildren(toolbar, status, felt, seats, caseBox, reason, actions, replay, ledger,
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
    const what = `${cs ? cs.map((c) => cards.labels[c]).join(" ") : "a card face down"}, kush ${s.kush}`;
    li.append(h("span", { text: what }));
    if (s.open) li.append(h("span", { class: "lt-state", text: " — open" }));
    else if (s.amount !== null) li.append(h("span", { class: "lt-state", text: ` — ${money(s.amount)}: ${s.text}` }), ruleLink(s.rule));
    return li;
  }

  function drawSeats() {
    seats.replaceChildren();
    for (let q = 0; q <= view.punters; q++) {
      const mine = view.stakes.filter((s) => s.punter === q);
      const pend = view.pending && view.pending.punter === q ? view.pending : null;
      const box = h("section", { class: "lt-pseat" + (view.to_act === q ? " lt-to-act" : ""), role: "group",
        "aria-label": `${who(q)}, bankroll ${view.bankrolls[q]}` + (view.to_act === q ? ", to act" : "") },
        h("b", { text: who(q) }), h("span", { class: "lt-bal", text: ` bankroll ${view.bankrolls[q]}` }));
      if (q > 0) {
        const ul = h("ul", { class: "lt-stakes" }, mine.map(stakeLine));
        if (pend) ul.append(h("li", { class: "lt-stake lt-pending", text: `waiting for the banker: kush ${pend.kush}` }));
        if (!mine.length && !pend) ul.append(h("li", { text: "no stake yet" }));
        box.append(ul);
      }
      seats.append(box);
    }
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
    const stakes = legal.filter((a) => a.startsWith("stake "));
    if (stakes.length) {
      const cid = id("card"), kid = id("kush");
      const cardsOf = stakes.map((a) => a.split(" ")[1]);
      const sel = h("select", { id: cid }, cardsOf.map((c) => h("option", { value: c, text: c })));
      const kush = h("input", { id: kid, type: "number", min: "1", step: "1", value: String(view.initial_kush), inputmode: "numeric" });
      actions.append(h("label", { for: cid, text: "Card to stake: " }), sel,
        h("label", { for: kid, text: " Kush on it: " }), kush,
        h("button", { type: "button", onclick: () => act(`stake ${sel.value} ${kush.value}`) }, "Stake it"));
    }
    const cuts = legal.filter((a) => a.startsWith("cut "));
    if (cuts.length) {
      const sid = id("cut");
      const sel = h("select", { id: sid }, cuts.map((a) => h("option", { value: a, text: a.replace("cut ", "") + " cards" })));
      sel.value = cuts[Math.floor(cuts.length / 2)];
      actions.append(h("label", { for: sid, text: "Cut (podrezka): " }), sel, h("button", { type: "button", onclick: () => act(sel.value) }, "Cut the deck"));
    }
    for (const a of legal.filter((x) => !x.startsWith("stake ") && !x.startsWith("cut "))) {
      actions.append(h("button", { type: "button", "data-action": a, onclick: () => act(a) }, WORDS[a] || a));
    }
  }

  function drawReplay() {
    replay.replaceChildren();
    const n = live.live.moves;
    if (!n) return;
    const at = step === null ? n : step;
    const go = (k) => { touched = true; k >= n ? backToTable() : showStep(Math.max(0, k)); };
    replay.append(
      h("button", { type: "button", "aria-label": "Back to the start of the deal", disabled: at === 0 ? true : null, onclick: () => go(0) }, "Start"),
      h("button", { type: "button", "aria-label": "One move back", disabled: at === 0 ? true : null, onclick: () => go(at - 1) }, "Back"),
      h("button", { type: "button", "aria-label": "One move forward", disabled: at >= n ? true : null, onclick: () => go(at + 1) }, "Step"),
      h("button", { type: "button", "aria-label": "To the end (the table as it is now)", disabled: at >= n ? true : null, onclick: () => go(n) }, "To the end"),
      h("span", { class: "lt-step", text: step === null ? ` move ${n} of ${n}` : ` replay: move ${step} of ${n}` }));
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
    if (deals) ledger.append(h("p", { text: `Deals played at this table: ${deals + 1}` }));
  }

  function ruleLink(rule) {
    const r = rule && ctx.rules && ctx.rules[rule.split(" ")[0]];
    if (!r) return null;
    const title = r.title || rule.replace(/^[a-z]+-rule-/, "").replace(/-/g, " ");
    return h("small", {}, " ", h("a", { href: new URL(r.href, ctx.root).href, "aria-label": `the rule: ${title}` }, `(rule: ${title})`));
  }

  function showReason(text) {
    const m = /^(.*?)\s*\[([a-z]+-rule-[a-z0-9-]+)[^\]]*\]\s*$/s.exec(text || "");
    reason.replaceChildren(m ? m[1] : text || "");
    const link = m && ruleLink(m[2]);
    if (link) reason.append(link);
  }

  function announce(text) { log.append(h("li", { text })); status.textContent = text; }

  function act(action) {
    touched = true;
    if (busy) return;
    send({ cmd: "act", table, seat: view.seat, action }, `${who(view.seat)}: ${action}`);
  }

  async function send(msg, say) {
    busy = true;
    const r = await client.call(msg);
    busy = false;
    if (!r.ok) { showReason(r.error); return false; }     // the engine's refusal; the table did not move
    if (say) announce(say);
    show(r.view);
    return true;
  }

  async function showStep(k) {
    const r = await client.call({ cmd: "replay", table, step: k, seat: live.live.viewer });
    if (!r.ok) { showReason(r.error); return; }
    step = k; view = r.view; draw();
    status.textContent = `Replay: move ${k} of ${live.live.moves}` + (view.live.last ? ` (${who(view.live.last.seat)}: ${view.live.last.action})` : "");
  }

  function backToTable() { step = null; view = live; draw(); status.textContent = "Back at the table."; pump(); }

  async function newDeal() {
    const r = await client.call({ cmd: "new", game: "shtoss", options: ctx.setup.options, seed: ctx.setup.seed + 1000 + deals, people: ctx.setup.people });
    if (!r.ok) { showReason(r.error); return; }
    client.call({ cmd: "close", table });
    deals += 1; table = r.table; step = null; log.replaceChildren(); announce("A new deal.");
    show(r.view);
  }

  function draw() {
    root.dataset.phase = view.phase; root.dataset.waiting = view.live.waiting_for;
    drawFelt(); drawSeats(); drawCase(); drawActions(); drawReplay(); drawLedger();
  }

  function focusActions() {
    if (!touched) return;
    const b = actions.querySelector("button, select") || replay.querySelector("button:not([disabled])") || ledger.querySelector("button");
    if (b) b.focus({ preventScroll: false });
  }

  function show(v) {
    const before = live.live.moves;
    live = v;
    if (step === null) view = v;
    if (v.live.last && v.live.last.seat >= 0 && v.live.moves !== before && !v.live.people.includes(v.live.last.seat)) {
      announce(`${who(v.live.last.seat)}: ${v.live.last.action}`);
    }
    if (v.live.moves !== before) showReason("");
    draw();
    if (v.live.waiting_for === "person") status.textContent = `${who(v.seat)} to act (${v.phase})`;
    if (v.live.waiting_for === "over") announce("The deal is over: " + v.settlement.net.map((x, q) => `${name(q)} ${money(x)}`).join(", "));
    focusActions();
    pump();
  }

  function pump() {
    if (step !== null || live.live.waiting_for !== "bot" || pending) return;
    pending = setTimeout(async () => {
      pending = null;
      await send({ cmd: fast ? "bots" : "bot", table });
    }, fast ? 0 : PACE_MS);
  }

  show(view);
}
