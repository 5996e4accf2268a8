// The teacher's dashboard: open a class, add tables, seat the students, pace the bots, start the
// next deal, end the class and download every record.  It shows no card: whose turn it is, who
// is connected, and the scores (the engine's nets, as the server adds them up per seat and student).
// Its words are the catalogue's (class.json), in the page's language (<html lang>: the server's
// --lang or the page's ?lang=); a class opened here speaks it at its tables.
import { h } from "./live/dom.js";
import { Connection, deviceId, store } from "./live/class.js";
import { langOf, sayer } from "./live/i18n.js";

const t = sayer(langOf(document.documentElement));
const COMMAND = "HOST=0.0.0.0 make class";       // the command that lets phones reach the server
const known = (prefix, word) => (word && t.has(prefix + word) ? t(prefix + word) : word);   // an engine's value, said

const KEY = "stukolka-class-teacher";
const main = document.getElementById("class");
let conn = null, summary = null, games = {};

function money(x) { const s = String(x); return s.startsWith("-") ? "−" + s.slice(1) : s === "0" ? "0" : "+" + s; }
function download(name, data) {
  const a = h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" })), download: name });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

const say = h("p", { class: "class-note", role: "status", "aria-live": "polite" });
async function send(msg) {
  const r = await conn.request(msg);
  if (!r.ok) say.textContent = r.text || r.error;
  else { say.textContent = ""; if (r.class) draw(r.class); }
  return r;
}

// ------------------------------------------------------------------ opening a class
function openForm(message) {
  const name = h("input", { id: "class-title", maxlength: "40", placeholder: t("class.t-title-placeholder") });
  const err = h("p", { class: "class-error", role: "alert", text: message || "" });
  main.replaceChildren(h("h1", { text: t("class.t-open-title") }),
    h("form", { class: "class-open", onsubmit: (e) => { e.preventDefault(); start({ cmd: "open_class", title: name.value, device: deviceId(), lang: t.lang }, err); } },
      h("p", {}, h("label", { for: "class-title", text: t("class.t-class-name") }), name),
      h("p", {}, h("button", { type: "submit", class: "class-go" }, t("class.t-open"))), err),
    h("p", { class: "class-small", text: t("class.t-open-note") }));
  name.focus();
}

function start(first, err) {
  let opened = false;
  conn = new Connection({
    first: () => first,
    onstate: (s) => { const el = document.getElementById("class-state"); if (el) { el.textContent = s; el.dataset.state = s; } },
    onhello: (r) => {
      opened = true;
      if (r.token) store.set(KEY, { code: r.class.code, token: r.token, title: r.class.title });
      const saved = store.get(KEY);
      first = { cmd: "hello", role: "teacher", code: saved.code, token: saved.token, device: deviceId(), lang: t.lang };
      games = r.games || games;
      layout(); draw(r.class);
    },
    onpush: (m) => { if (m.push === "class") draw(m.class); },
    onfinal: (text) => { if (!opened) { if (err) err.textContent = text; else { store.drop(KEY); openForm(text); } } else say.textContent = text; },
  });
  conn.open();
}

// ------------------------------------------------------------------ the dashboard
const head = h("header", { class: "class-head" });
const joinBox = h("section", { class: "class-joinbox", "aria-label": t("class.t-join-aria") });
const tablesBox = h("section", { class: "class-tables", "aria-label": t("class.t-tables") });
const studentsBox = h("section", { class: "class-students", "aria-label": t("class.t-students") });
const addBox = h("details", { class: "class-add" });
const recordsBox = h("section", { class: "class-records", "aria-label": t("class.t-records") });

function layout() {
  main.replaceChildren(head, say, joinBox, h("h2", { text: t("class.t-tables") }), tablesBox, addBox, h("h2", { text: t("class.t-students") }), studentsBox,
    h("h2", { text: t("class.t-records-end") }), recordsBox);
  drawAdd();
}

function draw(c) {
  summary = c;
  head.replaceChildren(h("h1", { text: c.title }), h("span", { class: "class-status", id: "class-state", text: t("class.t-state-connected") }));
  const url = c.student_urls[0];
  joinBox.replaceChildren(
    h("img", { class: "class-qr", src: `/class/qr.svg?code=${c.code}`, alt: t("class.t-qr-alt", { url: `${url}?code=${c.code}` }) }),
    h("div", {},
      h("p", {}, t("class.t-code"), h("b", { class: "class-code", id: "class-code", text: c.code })),
      h("p", {}, t("class.t-students-open"), h("b", { text: c.student_urls.join(t("class.t-or")) }), t("class.t-type-code")),
      c.local_only ? h("p", { class: "class-error", text: t("class.t-local", { command: COMMAND }) }) : "",
      h("p", {}, h("a", { href: "projector.html", target: "_blank", rel: "noopener" }, t("class.t-open-projector")), " · ",
        h("a", { href: `card.html?code=${c.code}`, target: "_blank", rel: "noopener" }, t("class.t-cards")))));
  if (!tablesBox.contains(document.activeElement) || document.activeElement.tagName !== "SELECT") drawTables(c);
  if (!studentsBox.contains(document.activeElement) || document.activeElement.tagName !== "SELECT") drawStudents(c);
  drawRecords(c);
  addBox.hidden = joinBox.hidden = !!c.ended;
}

function seatButtons(tb, s) {
  const set = (bot) => send({ cmd: "set_bot", table: tb.id, seat: s.seat, bot });
  if (s.kind === "open") return h("button", { type: "button", onclick: () => set(true) }, t("class.t-fill-bot"));
  if (s.kind === "student") return h("button", { type: "button", onclick: () => set(true) }, t("class.t-bot-for", { name: s.name }));
  if (s.student) return h("button", { type: "button", onclick: () => set(false) }, t("class.t-give-back"));
  return h("button", { type: "button", onclick: () => set(false) }, t("class.t-open-seat"));
}

function drawTables(c) {
  tablesBox.replaceChildren();
  if (!c.tables.length) tablesBox.append(h("p", { text: t("class.t-no-table") }));
  for (const tb of c.tables) {
    const turn = tb.over ? t("class.t-over") : tb.problem ? tb.problem : tb.to_act_name ? t("class.t-to-act", { name: tb.to_act_name }) : t("class.t-chance");
    const rows = tb.seats.map((s) => h("tr", { class: tb.to_act === s.seat && !tb.over ? "class-to-act" : "" },
      h("th", { scope: "row", text: s.title }),
      h("td", {}, h("span", { class: "class-dot", "data-on": s.kind === "bot" ? "bot" : String(s.connected), title: s.kind === "bot" ? t("class.t-bot") : s.connected ? t("class.t-state-connected") : t("class.t-not-connected") }), " ", s.name),
      h("td", { class: "num", text: money(s.total) }),
      h("td", {}, c.ended ? "" : seatButtons(tb, s))));
    const controls = c.ended ? [] : [
      h("button", { type: "button", class: "class-pause", onclick: () => send({ cmd: "set_table", table: tb.id, paused: !tb.paused }) }, tb.paused ? t("class.t-go-on") : t("class.t-pause")),
      h("button", { type: "button", class: "class-next", disabled: tb.over ? null : true, onclick: () => send({ cmd: "next", table: tb.id }) }, t("class.t-next")),
      h("label", {}, t("class.t-pace"), h("select", { onchange: (e) => send({ cmd: "set_table", table: tb.id, pace: Number(e.target.value) }) },
        [0.5, 1, 2, 3].map((p) => h("option", { value: String(p), text: t("class.t-seconds", { n: p }), selected: Math.abs(p - tb.pace) < 1e-9 ? true : null })))),
      h("label", {}, t("class.t-next-deal"), h("select", { onchange: (e) => send({ cmd: "set_table", table: tb.id, auto_next: Number(e.target.value) }) },
        [[0, t("class.t-when-i-start")], [10, t("class.t-after", { n: 10 })], [30, t("class.t-after", { n: 30 })]].map(([v, w]) => h("option", { value: String(v), text: w, selected: v === tb.auto_next ? true : null })))),
      h("a", { href: `projector.html?table=${tb.id}`, target: "_blank", rel: "noopener" }, t("class.t-projector"))];
    tablesBox.append(h("article", { class: "class-tablecard" + (tb.paused ? " class-paused" : ""), "data-table": String(tb.id) },
      h("h3", {}, t("class.t-table-title", { label: tb.label, game: (games[tb.game] && games[tb.game].title) || tb.game })),
      h("p", { class: "class-turn", text: [t("class.t-deal", { n: tb.deal }), tb.phase_words, turn,
        tb.paused ? t("class.t-paused") : "", tb.watchers.length ? t("class.t-watching", { n: tb.watchers.length }) : ""].filter(Boolean).join(" · ") }),
      h("table", { class: "class-seattable" }, h("thead", {}, h("tr", {}, h("th", { text: t("class.t-seat-col") }), h("th", { text: t("class.t-who-col") }), h("th", { class: "num", text: t("class.t-total-col") }), h("th", { text: "" }))), h("tbody", {}, rows)),
      h("div", { class: "class-controls" }, controls)));
  }
}

function drawStudents(c) {
  studentsBox.replaceChildren();
  if (!c.students.length) { studentsBox.append(h("p", { text: t("class.t-nobody") })); return; }
  const places = [];
  for (const tb of c.tables) {
    places.push([`${tb.id}:w`, t("class.t-watch", { label: tb.label })]);
    for (const s of tb.seats) places.push([`${tb.id}:${s.seat}`, t("class.t-place", { label: tb.label, seat: s.title, name: s.name })]);
  }
  const rows = c.standings.map((row) => {
    const st = c.students.find((x) => x.id === row.id);
    const here = st.table === null ? "" : `${st.table}:${st.seat === null ? "w" : st.seat}`;
    const sel = h("select", { "aria-label": t("class.t-move", { name: st.name }), onchange: (e) => {
      const [tid, seat] = e.target.value.split(":");
      send({ cmd: "move", student: st.id, table: Number(tid), seat: seat === "w" ? null : Number(seat) });
    } }, h("option", { value: "", text: t("class.t-not-seated"), disabled: true }), places.map(([v, w]) => h("option", { value: v, text: w })));
    sel.value = here;
    const asks = st.asks ? h("span", { class: "class-asks" }, t("class.t-asks", { name: st.name }),
      h("button", { type: "button", onclick: () => send({ cmd: "consent", student: st.id, allow: true }) }, t("class.t-let-in")),
      h("button", { type: "button", onclick: () => send({ cmd: "consent", student: st.id, allow: false }) }, t("class.t-keep"))) : "";
    return h("tr", {}, h("th", { scope: "row" }, h("span", { class: "class-dot", "data-on": String(st.connected), title: st.connected ? t("class.t-state-connected") : t("class.t-not-connected") }), " ", st.name),
      h("td", { class: "num", text: money(row.total) }), h("td", { class: "num", text: String(row.deals) }),
      h("td", {}, c.ended ? "" : sel, asks));
  });
  studentsBox.append(h("table", { class: "class-standings" },
    h("caption", { text: t("class.t-standings") }),
    h("thead", {}, h("tr", {}, h("th", { text: t("class.t-student-col") }), h("th", { class: "num", text: t("class.t-total-col") }), h("th", { class: "num", text: t("class.t-deals-col") }), h("th", { text: t("class.t-seat-col") }))),
    h("tbody", {}, rows)));
}

function drawRecords(c) {
  recordsBox.replaceChildren(
    h("p", {}, h("button", { type: "button", class: "class-records-all", onclick: async () => {
      const r = await send({ cmd: "records" });
      if (r.ok) download(`class-${c.code}-records.json`, r.records);
    } }, t("class.t-download")), " ",
    h("button", { type: "button", class: "class-records-list", onclick: listRecords }, t("class.t-list"))),
    h("div", { id: "class-deals" }),
    c.ended ? h("p", {}, h("b", { text: t("class.t-ended") }), h("button", { type: "button", class: "class-records-list", onclick: () => { store.drop(KEY); openForm(); } }, t("class.t-new-class")))
      : h("p", {}, h("button", { type: "button", class: "class-end", onclick: () => { if (confirm(t("class.t-end-confirm"))) send({ cmd: "end_class" }); } }, t("class.t-end"))));
}

async function listRecords() {
  const r = await send({ cmd: "records" });
  if (!r.ok) return;
  const box = document.getElementById("class-deals");
  const items = [];
  for (const tb of r.records.tables) {
    for (const d of tb.deals) {
      items.push(h("li", {}, t("class.t-deal-item", { label: tb.label, deal: d.deal, game: (games[d.game] && games[d.game].title) || d.game,
        names: d.names.join(", "), net: d.summary.net.map(money).join(" ") }),
        h("button", { type: "button", onclick: () => download(`${tb.game}-${r.records.code}-table${tb.table}-deal${d.deal}.json`, d.record) }, t("class.t-save-deal"))));
    }
  }
  box.replaceChildren(items.length ? h("ul", {}, items) : h("p", { text: t("class.t-no-deal") }),
    h("p", { class: "class-small" }, t("class.t-open-in-book"), h("a", { href: "/book/play_stukolka.html", target: "_blank", rel: "noopener" }, t("class.t-play-stukolka")),
      t("class.t-open-in-book-2")));
}

// ------------------------------------------------------------------ adding a table
function drawAdd() {
  addBox.replaceChildren(h("summary", { text: t("class.t-add") }));
  const pick = h("select", { id: "add-game" }, Object.entries(games).map(([g, x]) => h("option", { value: g, text: x.title })));
  if (games.stukolka) pick.value = "stukolka";           // the book's first game
  const fields = h("div", { class: "class-fields" });
  const label = h("input", { id: "add-label", maxlength: "40", placeholder: t("class.t-label-placeholder") });
  const students = h("input", { id: "add-students", type: "number", min: "0", max: "8", placeholder: t("class.t-all"), inputmode: "numeric" });
  const err = h("p", { class: "class-error", role: "alert" });
  let read = () => ({});
  function follow() {
    const g = games[pick.value];
    fields.replaceChildren();
    if (g.settings && g.settings.variants) {   // Stukolka's settings panel: its variants and what each allows
      const s = g.settings, d = s.defaults;
      const variant = h("select", { id: "add-variant" }, Object.keys(s.variants).map((v) => h("option", { value: v, text: known("table.stukolka-variant-", v) })));
      variant.value = d.variant;
      const players = h("input", { id: "add-players", type: "number", value: String(d.n_players), inputmode: "numeric" });
      const mode = h("select", { id: "add-mode" }, s.violation_modes.map((m) => h("option", { value: m, text: known("table.stukolka-mode-", m) })));
      mode.value = d.violation_mode;
      const dark = h("input", { id: "add-dark", type: "checkbox" }), razrez = h("input", { id: "add-razrez", type: "checkbox" });
      const range = h("small", {});
      const darkRow = h("label", {}, dark, t("class.t-dark")), razrezRow = h("label", {}, razrez, t("class.t-razrez"));
      const on = () => { const v = s.variants[variant.value]; range.textContent = t("class.t-players-range", { lo: v.players[0], hi: v.players[1] });
        darkRow.hidden = !v.dark; razrezRow.hidden = !v.razrez; };
      variant.addEventListener("change", on); on();
      fields.append(h("label", { for: "add-variant", text: t("class.t-variant") }), variant, " ", h("label", { for: "add-players", text: t("class.t-players") }), players, range, " ",
        h("label", { for: "add-mode", text: t("class.t-against") }), mode, " ", darkRow, " ", razrezRow);
      read = () => { const v = s.variants[variant.value];
        return { variant: variant.value, n_players: Number(players.value), violation_mode: mode.value,
          dark_allowed: !!(v.dark && dark.checked), razrez_allowed: !!(v.razrez && razrez.checked) }; };
    } else {
      // the driver's settings panel (its seats and fields, as the book's tables offer them), else
      // the plain fields the server lists for a game without one
      const spec = g.settings;
      const seats = spec && spec.seats && spec.seats.field && spec.seats.min !== spec.seats.max
        ? [{ name: spec.seats.field, kind: "int", label: spec.seats.label, default: spec.seats.default, min: spec.seats.min, max: spec.seats.max }] : [];
      const list = spec ? [...seats, ...spec.fields] : g.fields;
      const inputs = list.map((f) => {
        const id = `add-${f.name}`;
        let el;
        if (f.kind === "bool") { el = h("input", { type: "checkbox", id }); el.checked = !!f.default; }
        else if (f.kind === "choice") {
          el = h("select", { id }, f.choices.map(([v, words], i) => h("option", { value: String(i), text: words })));
          el.value = String(Math.max(0, f.choices.findIndex(([v]) => v === f.default)));
        } else {
          el = h("input", { type: "number", id, value: String(f.default), inputmode: "numeric" });
          for (const k of ["min", "max", "step"]) if (f[k] !== undefined && f[k] !== null) el.setAttribute(k, String(f[k]));
        }
        fields.append(h("label", { for: id }, `${f.label} `, el), " ");
        return [f, el];
      });
      if (!inputs.length) fields.append(h("span", { text: t("class.t-no-options") }));
      read = () => Object.fromEntries(inputs.map(([f, el]) => [f.name,
        f.kind === "bool" ? el.checked : f.kind === "choice" ? f.choices[Number(el.value)][0] : Number(el.value)]));
    }
  }
  pick.addEventListener("change", follow);
  const form = h("form", { class: "class-addform", onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = "";
    const r = await conn.request({ cmd: "add_table", game: pick.value, options: read(), label: label.value,
      students: students.value === "" ? null : Number(students.value) });
    if (!r.ok) err.textContent = t("class.t-not-added", { error: r.text || r.error });
    else { draw(r.class); label.value = ""; }
  } },
  h("p", {}, h("label", { for: "add-game", text: t("class.t-game") }), pick, " ", h("label", { for: "add-label", text: t("class.t-name") }), label),
  fields,
  h("p", {}, h("label", { for: "add-students", text: t("class.t-seats-for") }), students),
  h("p", {}, h("button", { type: "submit", class: "class-go" }, t("class.t-add-table"))), err);
  addBox.append(form);
  addBox.open = true;
  if (Object.keys(games).length) follow();
}

const saved = store.get(KEY);
if (saved && saved.token) start({ cmd: "hello", role: "teacher", code: saved.code, token: saved.token, device: deviceId(), lang: t.lang });
else openForm();
