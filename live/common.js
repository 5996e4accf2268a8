// What every live table on a page does the same way: rule links, bot pacing, announcements, money,
// and the display of a refusal.  Each renderer (stukolka.js, shtoss.js, faraon.js, odds.js, pot.js)
// imports it.  A refusal is read from the driver's fields (error: the engine's words without tags,
// rule: the bare book label), never from the text of a message.  Every word comes from the
// catalogue in the table's language: sayOf(ctx)(id, fields) (live/i18n.js; the loader gives each table its own).

import { h } from "./dom.js";
import { langOf, numberText, sayer } from "./i18n.js";

export { h };

// The table's words: ctx.t (the loader's, in the table's language), else the language of the page
// around ctx.element (a table mounted by another page's script).
export function sayOf(ctx) {
  if (ctx && ctx.t) return ctx.t;
  const t = sayer(langOf(ctx && ctx.element));
  if (ctx && typeof ctx === "object") { ctx.t = t; ctx.lang = t.lang; }
  return t;
}

// The book's own page for a rule (rules.json, written by the build): a link, or null when the
// label is not a rule of the book.  `bare`: the link alone, without the small wrapper.  The rule is
// named in the table's language (the build's `titles`: the edition's heading, else the catalogue's
// name of the rule, stukolka.base.rule_title), and the link leads to the page's own edition
// (ctx.pageRoot: the Russian chapter from a Russian page, whose runtime is the English edition's).
export function ruleLink(ctx, rule, bare = false) {
  const r = rule && ctx.rules && ctx.rules[rule];
  if (!r) return null;
  const lang = sayOf(ctx).lang;
  const title = (r.titles && r.titles[lang]) || r.title || rule.split("-rule-").pop().split("-").join(" ");
  const a = h("a", { href: new URL(r.href, ctx.pageRoot || ctx.root).href, "data-rule": rule, "aria-label": sayOf(ctx)("table.rule-aria", { title }) },
    sayOf(ctx)("table.rule-link", { title }));
  return bare ? a : h("small", {}, " ", a);
}

// Money in one format: an int or an exact fraction's text "1/2" as the driver sends it; `signed`
// shows + before a gain; a loss always has the minus sign "−".  In a language other than English the
// number is written as the catalogue writes it (numberText: "376 000", "7 1/2").
export function money(x, signed = true, lang = "en") {
  if (x === null || x === undefined || x === "") return "";
  const s = String(x);
  const negative = s.startsWith("-");
  const body = negative ? s.slice(1) : lang === "en" ? s : numberText(s, lang);
  if (body === "0") return "0";
  return (negative ? "−" : signed ? "+" : "") + body;
}

// The status line and the log of moves: one announcement goes to both.
export function announcer(status, log) {
  return (text) => {
    log.append(h("li", { text }));
    status.textContent = text;
  };
}

// A refusal in an element: the driver's words, then the link to the rule that refuses.
export function showRefusal(el, ctx, reply, prefix = "", suffix = "") {
  el.replaceChildren(`${prefix}${reply && reply.error ? reply.error : ""}${suffix}`);
  const link = reply && ruleLink(ctx, reply.rule);
  if (link) el.append(link);
}

// ------------------------------------------------------------------ pace: slow, normal, fast, step by step
// The reader's choice is kept in localStorage (one for every table of the book).  "fast" lets the
// driver play every bot at once; "step" waits for the "Next move" button (a teacher narrating).
export const PACES = { slow: 1400, normal: 700, fast: 0, step: null };
// after a move that ends a trick (or an abcug) the table holds still this much longer, to see who took it
export const HOLD_MS = { slow: 2200, normal: 1400, fast: 0, step: 0 };
const KEY = "stukolka-live-prefs";

export function prefs() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
}
export function savePrefs(change) {
  try { localStorage.setItem(KEY, JSON.stringify({ ...prefs(), ...change })); } catch (e) { /* private mode: not kept */ }
}
export function pace() { const p = prefs().pace; return p in PACES ? p : "normal"; }

// Bots move one step at a time, paced: `pump()` schedules the next bot move when `due()` says a bot
// is to move; `move(quick)` sends it (quick: the driver plays every bot up to a person); `hold()`
// says whether the last move ended a trick or an abcug (the table then pauses longer).  In step
// mode nothing moves until `step()` (the "Next move" button).  `fast` (optional) is a renderer's
// own switch that forces the fast pace.
export function pacer(due, move, fast = () => false, hold = () => false) {
  let pending = null;
  const now = () => (fast() ? "fast" : pace());
  return {
    pump() {
      if (pending || !due()) return;
      const p = now();
      if (p === "step") return;
      const wait = PACES[p] + (hold() ? HOLD_MS[p] : 0);
      pending = setTimeout(async () => { pending = null; await move(p === "fast"); }, wait);
    },
    async step() { if (pending || !due()) return; await move(false); },
    cancel() { if (pending) { clearTimeout(pending); pending = null; } },
    get waiting() { return pending !== null; },
    get stepping() { return now() === "step"; },
  };
}

// The pace control: a select kept per reader, and a "Next move" button shown in step mode while a bot
// is due.  `redraw()` is called after a change, so the renderer can start the bots again.
export function paceControl(uid, bots, due, redraw, ctx) {
  const id = `lt-pace-${uid}`;
  const sel = h("select", { id, class: "lt-pace" }, Object.keys(PACES).map((k) => h("option", { value: k, text: sayOf(ctx)(`table.pace-${k}`) })));
  sel.value = pace();
  const next = h("button", { type: "button", class: "lt-step-bot", onclick: () => bots.step() }, sayOf(ctx)("table.next-move"));
  const box = h("span", { class: "lt-pacebox" }, h("label", { for: id, text: sayOf(ctx)("table.bots-label") }), sel, next);
  const sync = () => { next.hidden = !(bots.stepping && due()); };
  sel.addEventListener("change", () => { savePrefs({ pace: sel.value }); bots.cancel(); sync(); redraw(); });
  return { box, sync, next };
}

// ------------------------------------------------------------------ projector and public view
// A table is shown for a room when the page's address asks for it (?projector=1 or #projector), when
// the reader presses "Projector view", or when the mount's options say so (ctx.projector, set by a
// class table).  The table then fills the window, with large cards.  ctx.public (a class table's
// projector) shows the public view only: no hand, no choices, no pass screen.
export function wantsProjector(ctx) {
  if (ctx && ctx.projector !== undefined) return !!ctx.projector;
  try {
    // ?projector=1 (or #projector): the page's first table; ?projector=3: its third
    const q = new URLSearchParams(location.search).get("projector");
    const asked = q !== null && q !== "0" && q !== "false" ? Math.max(1, parseInt(q, 10) || 1)
      : /(^|[#&])projector\b/.test(location.hash.slice(1)) ? 1 : 0;
    if (!asked) return false;
    const tables = [...document.querySelectorAll(".live-table")];
    const me = ctx && ctx.element ? tables.indexOf(ctx.element) : 0;
    return me === asked - 1 || (me < 0 && asked === 1);
  } catch (e) { return false; }
}

export function projector(root, ctx, onchange = () => {}) {
  const host = (ctx && ctx.element) || root.parentElement || root;
  let on = false;
  const button = h("button", { type: "button", class: "lt-projector-button", "aria-pressed": "false",
    onclick: () => set(!on) }, sayOf(ctx)("table.projector"));
  function set(v) {
    on = !!v;
    host.classList.toggle("lt-projector", on);
    root.classList.toggle("lt-projector-root", on);
    document.documentElement.classList.toggle("lt-projecting", on);
    button.setAttribute("aria-pressed", String(on));
    button.textContent = sayOf(ctx)(on ? "table.projector-leave" : "table.projector");
    if (on) host.scrollTop = 0;
    onchange(on);
  }
  host.addEventListener("keydown", (e) => { if (e.key === "Escape" && on && !(ctx && ctx.projector)) { set(false); button.focus(); } });
  if (wantsProjector(ctx)) set(true);
  return { button, set, get on() { return on; } };
}

// ------------------------------------------------------------------ the settings panel of a game
// Built from the driver's `settings` (read from the engine's rules): the seats (how many, and which
// are people) and each field (a checkbox, a choice or a number), each with its rule's link.  No rule
// is written here.  `start(options, people)` is called with the chosen values.
export function settingsPanel(ctx, conf, current, people, start, uid) {
  const box = h("details", { class: "lt-settings" }, h("summary", { text: sayOf(ctx)("table.settings-title") }));
  const id = (k) => `lt-set-${k}-${uid}`;
  const cur = { ...conf.defaults, ...current };
  const rows = [];
  const seats = conf.seats;
  const count = seats.field ? h("input", { type: "number", id: id("count"), min: String(seats.min), max: String(seats.max),
    step: "1", value: String(cur[seats.field] !== undefined ? cur[seats.field] : seats.default), inputmode: "numeric" }) : null;
  if (count) rows.push(h("p", { class: "lt-set-row" }, h("label", { for: id("count"), text: `${seats.label} ` }), count,
    h("small", { class: "lt-hint", text: sayOf(ctx)("table.settings-range", { min: seats.min, max: seats.max }) }), ruleLink(ctx, seats.rule)));
  const inputs = {};
  for (const f of conf.fields) {
    let input;
    const v = cur[f.name] !== undefined ? cur[f.name] : f.default;
    if (f.kind === "bool") {
      input = h("input", { type: "checkbox", id: id(f.name) }); input.checked = !!v;
      rows.push(h("p", { class: "lt-set-row" }, h("label", { for: id(f.name) }, input, ` ${f.label}`), ruleLink(ctx, f.rule)));
    } else if (f.kind === "choice") {
      input = h("select", { id: id(f.name) }, f.choices.map(([val, words]) => h("option", { value: JSON.stringify(val), text: words })));
      input.value = JSON.stringify(v);
      rows.push(h("p", { class: "lt-set-row" }, h("label", { for: id(f.name), text: `${f.label} ` }), input, ruleLink(ctx, f.rule)));
    } else {
      input = h("input", { type: "number", id: id(f.name), min: String(f.min), max: String(f.max), step: String(f.step || 1),
        value: String(v), inputmode: "numeric" });
      rows.push(h("p", { class: "lt-set-row" }, h("label", { for: id(f.name), text: `${f.label} ` }), input, ruleLink(ctx, f.rule)));
    }
    inputs[f.name] = [f, input];
  }
  const who = h("fieldset", { class: "lt-set-seats" }, h("legend", { text: sayOf(ctx)("table.settings-who") }));
  const nSeats = () => (count ? Math.max(seats.min, Math.min(seats.max, Number(count.value) || seats.min)) : seats.default) + seats.offset;
  const drawSeats = () => {
    const was = [...who.querySelectorAll("input")].map((b) => b.checked);
    who.querySelectorAll("label").forEach((l) => l.remove());
    for (let q = 0; q < nSeats(); q++) {
      const b = h("input", { type: "checkbox", id: id(`seat${q}`), "data-seat": String(q) });
      b.checked = q < was.length ? was[q] : people.includes(q);
      const nm = conf.seat_names[q] || sayOf(ctx)("core.seat", { n: q });
      who.append(h("label", { for: id(`seat${q}`), class: "lt-set-seat" }, b, " ",
        sayOf(ctx)("table.settings-person", { who: nm.charAt(0).toUpperCase() + nm.slice(1) })));
    }
  };
  if (count) count.addEventListener("input", drawSeats);
  const note = h("p", { class: "lt-settings-note", role: "status", "aria-live": "polite" });
  const go = h("button", { type: "button", class: "lt-set-start", onclick: async () => {
    const opts = { ...current };
    if (count) opts[seats.field] = Number(count.value);
    for (const [name, [f, input]] of Object.entries(inputs)) {
      opts[name] = f.kind === "bool" ? input.checked : f.kind === "choice" ? JSON.parse(input.value) : Number(input.value);
    }
    const chosen = [...who.querySelectorAll("input:checked")].map((b) => Number(b.dataset.seat));
    note.replaceChildren();
    const refusal = await start(opts, chosen);
    if (refusal) {
      note.replaceChildren(sayOf(ctx)("table.settings-refused", { error: refusal.error }));
      const l = ruleLink(ctx, refusal.rule); if (l) note.append(l);
    }
  } }, sayOf(ctx)("table.settings-start"));
  box.append(h("div", { class: "lt-set-body" }, ...rows, who, go, note));
  box.addEventListener("change", () => note.replaceChildren());
  drawSeats();
  return box;
}

// ------------------------------------------------------------------ a ledger, full and compact
// The engine's settlement ledger (lines with text, rule and amounts per seat, and the net): a table
// for a wide screen, and for a phone one summary line per seat (its net) whose details list the
// lines that concern it.  CSS shows one or the other.  `extra`: a last column (Stukolka's "table").
export function ledgerBlock(ctx, s, n, name, { title = sayOf(ctx)("table.ledger-title"), netWords = sayOf(ctx)("table.ledger-net"), extra = null } = {}) {
  const money = (x, signed) => moneyIn(x, signed, sayOf(ctx).lang);
  const cell = (x) => h("td", { class: "num", text: x !== undefined && x !== null && x !== 0 && x !== "0" ? money(x) : "" });
  const head = h("tr", {}, h("th", { scope: "col", text: "" }), [...Array(n).keys()].map((q) => h("th", { scope: "col", text: name(q) })),
    extra ? h("th", { scope: "col", text: extra.head }) : null);
  const rows = (s.lines || []).map((ln) => h("tr", {}, h("th", { scope: "row" }, ln.text, ruleLink(ctx, ln.rule)),
    [...Array(n).keys()].map((q) => cell(ln.amounts && ln.amounts[q])), extra ? cell(extra.line(ln)) : null));
  rows.push(h("tr", { class: "lt-net" }, h("th", { scope: "row", text: netWords }),
    s.net.map((x) => h("td", { class: "num", text: money(x) })), extra ? cell(extra.net) : null));
  const full = h("div", { class: "lt-scroll lt-ledger-full" }, h("table", { class: "lt-ledger-table" }, h("thead", {}, head), h("tbody", {}, rows)));
  const compact = h("ul", { class: "lt-ledger-compact", "aria-label": sayOf(ctx)("table.ledger-by-seat", { title }) });
  for (let q = 0; q < n; q++) {
    const mine = (s.lines || []).filter((ln) => ln.amounts && ln.amounts[q] !== undefined && ln.amounts[q] !== 0 && ln.amounts[q] !== "0");
    compact.append(h("li", {}, h("details", {},
      h("summary", {}, h("b", { text: name(q) }), `: ${money(s.net[q])}`, h("small", { text: mine.length ? sayOf(ctx)("table.ledger-lines", { n: mine.length }) : "" })),
      h("ul", {}, mine.map((ln) => h("li", {}, `${money(ln.amounts[q])}: ${ln.text}`, ruleLink(ctx, ln.rule)))))));
  }
  return [h("h4", { text: title }), full, compact];
}

// ------------------------------------------------------------------ the pass screen
// Several people at one screen: between two people's turns the table shows only a button; pressing it
// sends the driver's `reveal`, and only then does the driver send that person's cards.
export function passButton(label, onreveal) {
  return h("button", { type: "button", class: "lt-pass", onclick: onreveal }, label);
}

const moneyIn = money;
