// The Stukolka table: draws the engine's view(seat) and sends action strings back.
// It reads the engine's state.view(seat) as it is (stukolka/stukolka/view.py) and computes no
// rule: what may be played is view.legal, why a card is refused is the engine's reason
// (hand[i].why and .rule, or the refusal the engine sends when it is played), and the money
// at the end is the engine's settlement ledger.

import { h } from "./dom.js";

const WORDS = {
  knock: "Knock (I play)", pass: "Pass", golets: "Take the golets (play alone against all)",
  look: "Look at my cards", dark: "Play in the dark (without looking)", stand: "Keep my cards",
  razrez: "Cut in (razrez)", shleif: "Keep the shleif (the pot stays in play)", "refuse shleif": "Refuse the shleif",
  deal: "Deal the cards",
};
const PACE_MS = 500;

function words(action) {
  if (WORDS[action]) return WORDS[action];
  let m;
  if ((m = /^cut (\d+)$/.exec(action))) return `Cut ${m[1]} cards`;
  if ((m = /^blind (\d+)$/.exec(action))) return m[1] === "0" ? "Buy no cards (blind)" : `Buy ${m[1]} blind`;
  return action.charAt(0).toUpperCase() + action.slice(1);
}

function money(x) { return typeof x === "number" ? (x > 0 ? "+" + x : String(x)) : String(x); }

export async function mount(root, ctx) {
  const { client, cards } = ctx;
  let table = ctx.reply.table, view = ctx.reply.view, fast = false, busy = false, pending = null;
  let selected = new Set(), shownFor = null, session = [];
  let touched = false;                 // focus follows the table only once the reader has used it
  const label = (c) => cards.labels[c];
  // seats are named as the engine numbers them, so the ledger's words and the table agree
  const name = (q) => (view.names && view.names[q]) || (view.live.people.includes(q) ?
    (view.live.people.length > 1 ? `Seat ${q}` : `You (seat ${q})`) : `Seat ${q} (bot)`);

  root.classList.add("lt", "lt-stukolka");
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const log = h("ol", { class: "lt-log", role: "log", "aria-label": "Moves so far", "aria-live": "polite" });
  const fastBox = h("input", { type: "checkbox", id: `lt-fast-${table}`, onchange: (e) => { fast = e.target.checked; pump(); } });
  const toolbar = h("div", { class: "lt-toolbar" },
    h("label", { for: `lt-fast-${table}` }, fastBox, " Fast bots (no pause)"),
    h("button", { type: "button", class: "lt-new", onclick: () => newDeal(false) }, "New deal"));
  const oval = h("div", { class: "lt-oval", role: "group", "aria-label": "The card table" });
  const reason = h("p", { class: "lt-reason", id: `lt-reason-${table}`, "aria-live": "polite" });
  const hand = h("div", { class: "lt-hand", role: "group", "aria-label": "Your hand" });
  const actions = h("div", { class: "lt-actions", role: "group", "aria-label": "Your other choices" });
  const lastTrick = h("details", { class: "lt-last" });
  const ledger = h("div", { class: "lt-ledger" });
  const replay = h("div", { class: "lt-replay", role: "group", "aria-label": "Replay the deal step by step" });
  let live = view, step = null;          // step: null = the live table, else the move a replay shows
  root.replaceChildren(toolbar, status, oval, reason, hand, actions, lastTrick, ledger, replay,
    h("details", { class: "lt-moves" }, h("summary", { text: "All moves" }), log));

  function cardPic(c, cls = "lt-card") {
    const s = h("span", { class: cls, html: c === null || c === undefined ? cards.back : cards.svg[c] });
    return s;
  }

  function seatXY(q, r) {            // the viewer sits at the bottom, the others round the oval
    const n = view.seats.length, a = Math.PI / 2 + ((q - view.seat + n) % n) * 2 * Math.PI / n;
    const w = oval.clientWidth, narrow = !w ? 1 : w < 520 ? 0.8 : w < 900 ? 0.87 : 1;   // seats stay inside
    return [50 + r * narrow * Math.cos(a), 50 + r * 0.92 * Math.sin(a)];
  }

  function drawOval() {
    oval.replaceChildren();
    const n = view.seats.length;
    for (let q = 0; q < n; q++) {
      const [x, y] = seatXY(q, 44);
      const st = view.seats[q], decl = st.declaration;
      const roles = [st.role, view.live.people.includes(q) ? "person" : "bot"].filter(Boolean);
      const backs = h("span", { class: "lt-backs", "aria-hidden": "true" });
      const held = st.cards;
      if (q !== view.seat || !view.hand) for (let i = 0; i < held; i++) backs.append(cardPic(null, "lt-back"));
      const seat = h("div", {
        class: "lt-seat" + (view.to_act === q ? " lt-to-act" : "") + (decl === "pass" ? " lt-passed" : ""),
        style: `left:${x}%;top:${y}%`, role: "group",
        "aria-label": `${name(q)}, ${roles.join(", ")}, balance ${st.balance}, ` +
          `${decl || "not yet declared"}, ${st.tricks} tricks, ${held} cards` + (view.to_act === q ? ", to act" : ""),
      },
        h("b", { text: name(q) }), h("small", { text: roles.join(" · ") }),
        h("span", { class: "lt-bal", text: `balance ${st.balance}` }),
        h("span", { class: "lt-decl", text: decl ? decl : "…" }),
        h("span", { class: "lt-won", text: `tricks ${st.tricks}` }), backs);
      oval.append(seat);
    }
    const mid = h("div", { class: "lt-middle", role: "group", "aria-label": "Trump and stock" });
    const tr = view.trump || {};
    if (tr.turned !== null && tr.turned !== undefined) mid.append(h("figure", {}, cardPic(tr.turned), h("figcaption", { text: `trump ${tr.symbol || ""}` })));
    else if (tr.symbol) mid.append(h("figure", {}, h("span", { class: "lt-suit", text: tr.symbol }), h("figcaption", { text: "trump" })));
    mid.append(h("figure", {}, view.stock ? cardPic(null) : h("span", { class: "lt-suit", text: "–" }),
      h("figcaption", { text: `stock ${view.stock}` })));
    mid.append(h("p", { class: "lt-pot", text: `pot in play ${view.pot}` }));
    oval.append(mid);
    const trick = view.current_trick.length ? view.current_trick :
      (view.tricks.length && view.live.waiting_for !== "over" && view.current_trick.length === 0 && view.live.last
        && String(view.live.last.action).startsWith("play") ? view.tricks[view.tricks.length - 1].plays : []);
    for (const { seat: q, card } of trick) {
      const [x, y] = seatXY(q, 24);
      const pic = cardPic(card, "lt-card lt-played");
      pic.style.left = x + "%"; pic.style.top = y + "%";
      pic.setAttribute("role", "img"); pic.setAttribute("aria-label", `${name(q)} played ${cards.names[card]}`);
      oval.append(pic);
    }
  }

  function showReason(text, kind) {
    const m = /^(.*?)\s*\[([a-z]+-rule-[a-z0-9-]+)[^\]]*\]\s*$/s.exec(text || "");
    reason.replaceChildren(m ? m[1] : text || "");
    const link = m && ruleLink(m[2]);
    if (link) reason.append(link);
    if (kind) reason.dataset.kind = kind; else delete reason.dataset.kind;
  }

  function act(action) {
    touched = true;
    if (busy) return;
    send({ cmd: "act", table, seat: view.seat, action }, `${name(view.seat)}: ${action}`);
  }

  async function send(msg, say) {
    busy = true;
    const r = await client.call(msg);
    busy = false;
    if (!r.ok) {                                  // the engine's refusal; the table did not move
      showReason(r.error, "refused");
      return false;
    }
    if (say) announce(say);
    show(r.view);
    return true;
  }

  function announce(text) {
    log.append(h("li", { text }));
    status.textContent = text;
  }

  function drawHand() {
    hand.replaceChildren();
    const mine = view.hand;
    const people = view.live.people;
    if (people.length > 1 && view.live.waiting_for === "person" && shownFor !== view.seat) {
      hand.append(h("button", { type: "button", class: "lt-pass", onclick: () => { shownFor = view.seat; show(view); focusHand(); } },
        `Pass to ${name(view.seat)} — show my cards`));
      return;
    }
    if (!mine) { hand.append(h("p", { text: view.live.people.includes(view.seat) ? "Your cards lie face down." : "" })); return; }
    const legal = new Set(view.legal);
    const discarding = view.legal.some((a) => a.startsWith("discard "));
    for (const item of mine) {
      const c = item.card, a = `play ${item.name}`;
      const ok = legal.has(a), why = item.why ? item.why + (item.rule ? ` [${item.rule}]` : "") : null;
      const b = h("button", {
        type: "button", class: "lt-card lt-mine" + (ok ? " lt-legal" : "") + (why ? " lt-illegal" : "") + (selected.has(c) ? " lt-selected" : ""),
        "aria-label": cards.names[c] + (ok ? ", may be played" : why ? ", not allowed now" : "") + (selected.has(c) ? ", selected" : ""),
        "aria-pressed": discarding ? String(selected.has(c)) : null,
        "aria-describedby": why ? reason.id : null, html: cards.svg[c],
        onfocus: () => { if (why) showReason(why, "why"); },
        onclick: () => {
          if (discarding) { selected.has(c) ? selected.delete(c) : selected.add(c); drawHand(); drawActions(); focusCard(c); return; }
          if (view.phase === "play" && view.live.waiting_for === "person") act(a);
        },
      });
      hand.append(b);
    }
  }

  function drawActions() {
    actions.replaceChildren();
    if (view.live.waiting_for !== "person" || (view.live.people.length > 1 && shownFor !== view.seat)) return;
    const other = view.legal.filter((a) => !a.startsWith("play ") && !a.startsWith("discard "));
    if (view.legal.some((a) => a.startsWith("discard "))) {
      const chosen = view.hand.map((x) => x.card).filter((c) => selected.has(c));
      actions.append(h("button", { type: "button", disabled: chosen.length ? null : true,
        onclick: () => { const a = "discard " + chosen.map(label).join(" "); selected = new Set(); act(a); } },
        chosen.length ? `Discard ${chosen.map(label).join(" ")} and buy ${chosen.length}` : "Select cards to discard"));
    }
    if (other.length > 8) {          // e.g. the cut: one list instead of fifty buttons
      const id = `lt-choice-${table}`;
      const sel = h("select", { id }, other.map((a) => h("option", { value: a, text: words(a) })));
      if (other.includes("cut 26")) sel.value = "cut 26";
      actions.append(h("label", { for: id, text: "Your choice: " }), sel,
        h("button", { type: "button", onclick: () => act(sel.value) }, "Do it"));
    } else {
      for (const a of other) actions.append(h("button", { type: "button", "data-action": a, onclick: () => act(a) }, words(a)));
    }
  }

  function drawLast() {
    lastTrick.replaceChildren(h("summary", { text: view.tricks.length ? `Last trick (${view.tricks.length} played)` : "No trick played yet" }));
    const t = view.tricks[view.tricks.length - 1];
    if (!t) return;
    lastTrick.append(h("p", {}, ...t.plays.map(({ seat: q, card }) => h("span", { class: "lt-lastcard" }, cardPic(card), ` ${name(q)}`)),
      h("span", { text: ` — taken by ${name(t.winner)} with ${t.name}: ${t.why}` }), ruleLink(t.rule)));
  }

  function drawLedger() {
    ledger.replaceChildren();
    const s = view.settlement;
    if (!s) return;
    const n = view.seats.length;
    const head = h("tr", {}, h("th", { scope: "col", text: "" }), [...Array(n).keys()].map((q) => h("th", { scope: "col", text: name(q) })),
      h("th", { scope: "col", text: "table" }));
    const rows = (s.lines || []).map((ln) => h("tr", {},
      h("th", { scope: "row" }, ln.text, ruleLink(ln.rule)),
      [...Array(n).keys()].map((q) => h("td", { class: "num", text: ln.amounts && ln.amounts[q] ? money(ln.amounts[q]) : "" })),
      h("td", { class: "num", text: ln.table ? money(ln.table) : "" })));
    rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: "net this deal" }),
      s.net.map((x) => h("td", { class: "num", text: money(x) })), h("td", { class: "num", text: s.table_change !== undefined ? money(s.table_change) : "" })));
    ledger.append(h("h4", { text: "Settlement" }), h("table", { class: "lt-ledger-table" }, h("thead", {}, head), h("tbody", {}, rows)));
    const after = [];
    if (view.next_carry !== undefined && view.next_carry !== null) after.push(`stays on the table for the next deal: ${view.next_carry}`);
    if (view.next_dealer !== undefined && view.next_dealer !== null) after.push(`next dealer: ${name(view.next_dealer)}`);
    if (after.length) ledger.append(h("p", { text: after.join("; ") }));
    if (session.length) ledger.append(h("p", { text: `Deals played at this table: ${session.length + 1}` }));
    ledger.append(h("button", { type: "button", class: "lt-next", onclick: () => newDeal(true) }, "Next deal"));
  }

  function drawReplay() {                   // a finished deal, move by move: the engine replays it
    replay.replaceChildren();
    if (live.live.waiting_for !== "over") return;
    const n = live.live.moves, at = step === null ? n : step;
    const go = async (k) => {
      touched = true;
      if (k >= n) { step = null; view = live; redraw(); status.textContent = "The deal is over."; return; }
      const r = await client.call({ cmd: "replay", table, step: Math.max(0, k), seat: live.live.viewer });
      if (!r.ok) { showReason(r.error, "refused"); return; }
      step = Math.max(0, k); view = r.view; redraw();
      status.textContent = `Replay: move ${step} of ${n}` + (view.live.last ? ` (${name(view.live.last.seat)}: ${view.live.last.action})` : "");
    };
    replay.append(h("span", { text: "Replay this deal: " }),
      h("button", { type: "button", "aria-label": "Replay from the start", disabled: at === 0 ? true : null, onclick: () => go(0) }, "Start"),
      h("button", { type: "button", "aria-label": "One move back", disabled: at === 0 ? true : null, onclick: () => go(at - 1) }, "Back"),
      h("button", { type: "button", "aria-label": "One move forward", disabled: at >= n ? true : null, onclick: () => go(at + 1) }, "Step"),
      h("button", { type: "button", "aria-label": "To the end of the deal", disabled: at >= n ? true : null, onclick: () => go(n) }, "To the end"),
      h("span", { class: "lt-step", text: ` move ${at} of ${n}` }));
  }

  function redraw() {
    root.dataset.phase = view.phase; root.dataset.waiting = view.live.waiting_for;
    drawOval(); drawHand(); drawActions(); drawLast(); drawLedger(); drawReplay();
  }

  function ruleLink(rule) {                 // the book's own page for the rule (rules.json, from the build)
    const r = rule && ctx.rules && ctx.rules[rule];
    if (!r) return null;
    const title = r.title || rule.replace(/^[a-z]+-rule-/, "").replace(/-/g, " ");
    return h("small", {}, " ", h("a", { href: new URL(r.href, ctx.root).href, "aria-label": `the rule: ${title}` },
      `(rule: ${title})`));
  }

  async function newDeal(carryOn) {
    const s = live.settlement;
    const options = { ...ctx.setup.options };
    if (carryOn && s) {
      session.push(s.net);
      options.dealer = live.next_dealer; options.carry = live.next_carry || 0;
      options.balances = live.seats.map((st) => st.balance);
      for (const k of ["hands", "trump", "stock", "actions", "refuse"]) delete options[k];   // a position is played once
    }
    const r = await client.call({ cmd: "new", game: "stukolka", options, seed: ctx.setup.seed + session.length + (carryOn ? 0 : 1000), people: ctx.setup.people });
    if (!r.ok) { showReason(r.error, "refused"); return; }
    client.call({ cmd: "close", table });
    table = r.table; step = null; log.replaceChildren(); announce("A new deal.");
    show(r.view);
    focusHand();
  }

  function focusCard(c) { const i = view.hand.findIndex((x) => x.card === c); const b = hand.querySelectorAll("button")[i]; if (b) b.focus(); }
  function focusHand() {
    const b = hand.querySelector("button.lt-legal") || actions.querySelector("button:not([disabled]), select") ||
      hand.querySelector("button") || ledger.querySelector("button");
    if (b && touched) b.focus({ preventScroll: false });
  }

  function show(v) {
    const before = live.live.moves;
    view = live = v; step = null;
    root.dataset.phase = v.phase; root.dataset.waiting = v.live.waiting_for;
    if (v.live.last && v.live.last.seat >= 0 && v.live.moves !== before && !v.live.people.includes(v.live.last.seat)) {
      announce(`${name(v.live.last.seat)}: ${v.live.last.action}`);
    }
    if (v.live.waiting_for !== "person" || v.phase !== "purchase") selected = new Set();
    if (reason.dataset.kind !== "refused" || v.live.moves !== before) showReason("", null);
    drawOval(); drawHand(); drawActions(); drawLast(); drawLedger(); drawReplay();
    if (v.live.waiting_for === "person") status.textContent = `${name(v.seat)} to act: ${v.phase}`;
    if (v.live.waiting_for === "over") { status.textContent = "The deal is over."; announce("The deal is over: " + v.settlement.net.map((x, q) => `${name(q)} ${money(x)}`).join(", ")); }
    focusHand();
    pump();
  }

  function pump() {                                   // bots move one step at a time, paced
    if (view.live.waiting_for !== "bot" || pending) return;
    pending = setTimeout(async () => {
      pending = null;
      await send({ cmd: fast ? "bots" : "bot", table });
    }, fast ? 0 : PACE_MS);
  }

  let width = 0;
  new ResizeObserver(() => { if (Math.abs(oval.clientWidth - width) > 40) { width = oval.clientWidth; drawOval(); } }).observe(oval);
  show(view);
}
