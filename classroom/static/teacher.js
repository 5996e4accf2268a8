// The teacher's dashboard: open a class, add tables, seat the students, pace the bots, start the
// next deal, end the class and download every record.  It shows no card: whose turn it is, who
// is connected, and the scores (the engine's nets, as the server adds them up per seat and student).
import { h } from "./live/dom.js";
import { Connection, deviceId, store } from "./live/class.js";

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
  const name = h("input", { id: "class-title", maxlength: "40", placeholder: "e.g. History 7b, Tuesday" });
  const err = h("p", { class: "class-error", role: "alert", text: message || "" });
  main.replaceChildren(h("h1", { text: "Class play: open a class" }),
    h("form", { class: "class-open", onsubmit: (e) => { e.preventDefault(); start({ cmd: "open_class", title: name.value, device: deviceId() }, err); } },
      h("p", {}, h("label", { for: "class-title", text: "Name of the class " }), name),
      h("p", {}, h("button", { type: "submit", class: "class-go" }, "Open the class")), err),
    h("p", { class: "class-small", text: "The class code for the students and the key of this dashboard are made now; the key stays in this browser." }));
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
      first = { cmd: "hello", role: "teacher", code: saved.code, token: saved.token, device: deviceId() };
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
const joinBox = h("section", { class: "class-joinbox", "aria-label": "How students join" });
const tablesBox = h("section", { class: "class-tables", "aria-label": "Tables" });
const studentsBox = h("section", { class: "class-students", "aria-label": "Students" });
const addBox = h("details", { class: "class-add" });
const recordsBox = h("section", { class: "class-records", "aria-label": "Records" });

function layout() {
  main.replaceChildren(head, say, joinBox, h("h2", { text: "Tables" }), tablesBox, addBox, h("h2", { text: "Students" }), studentsBox,
    h("h2", { text: "Records and the end of the class" }), recordsBox);
  drawAdd();
}

function draw(c) {
  summary = c;
  head.replaceChildren(h("h1", { text: c.title }), h("span", { class: "class-status", id: "class-state", text: "connected" }));
  const url = c.student_urls[0];
  joinBox.replaceChildren(
    h("img", { class: "class-qr", src: `/class/qr.svg?code=${c.code}`, alt: `QR code: ${url}?code=${c.code}` }),
    h("div", {},
      h("p", {}, "Class code ", h("b", { class: "class-code", id: "class-code", text: c.code })),
      h("p", {}, "Students open ", h("b", { text: c.student_urls.join(" or ") }), " and type the code, or scan the QR code."),
      c.local_only ? h("p", { class: "class-error", text: "This server listens on this computer only: phones cannot reach it. Restart it with HOST=0.0.0.0 make class (see the book's page “Playing as a class”)." }) : "",
      h("p", {}, h("a", { href: "projector.html", target: "_blank", rel: "noopener" }, "Open the projector"), " · ",
        h("a", { href: `card.html?code=${c.code}`, target: "_blank", rel: "noopener" }, "Printable join cards"))));
  if (!tablesBox.contains(document.activeElement) || document.activeElement.tagName !== "SELECT") drawTables(c);
  if (!studentsBox.contains(document.activeElement) || document.activeElement.tagName !== "SELECT") drawStudents(c);
  drawRecords(c);
  addBox.hidden = joinBox.hidden = !!c.ended;
}

function seatButtons(t, s) {
  const set = (bot) => send({ cmd: "set_bot", table: t.id, seat: s.seat, bot });
  if (s.kind === "open") return h("button", { type: "button", onclick: () => set(true) }, "Fill with a bot");
  if (s.kind === "student") return h("button", { type: "button", onclick: () => set(true) }, "A bot plays for " + s.name);
  if (s.student) return h("button", { type: "button", onclick: () => set(false) }, "Give the seat back");
  return h("button", { type: "button", onclick: () => set(false) }, "Open for a student");
}

function drawTables(c) {
  tablesBox.replaceChildren();
  if (!c.tables.length) tablesBox.append(h("p", { text: "No table yet: add one below. Students who join now wait for a seat." }));
  for (const t of c.tables) {
    const turn = t.over ? "the deal is over" : t.problem ? t.problem : t.to_act_name ? `to act: ${t.to_act_name}` : "chance";
    const rows = t.seats.map((s) => h("tr", { class: t.to_act === s.seat && !t.over ? "class-to-act" : "" },
      h("th", { scope: "row", text: s.title }),
      h("td", {}, h("span", { class: "class-dot", "data-on": s.kind === "bot" ? "bot" : String(s.connected), title: s.kind === "bot" ? "bot" : s.connected ? "connected" : "not connected" }), " ", s.name),
      h("td", { class: "num", text: money(s.total) }),
      h("td", {}, c.ended ? "" : seatButtons(t, s))));
    const controls = c.ended ? [] : [
      h("button", { type: "button", class: "class-pause", onclick: () => send({ cmd: "set_table", table: t.id, paused: !t.paused }) }, t.paused ? "Go on" : "Pause"),
      h("button", { type: "button", class: "class-next", disabled: t.over ? null : true, onclick: () => send({ cmd: "next", table: t.id }) }, "Start the next deal"),
      h("label", {}, "Bots' pace ", h("select", { onchange: (e) => send({ cmd: "set_table", table: t.id, pace: Number(e.target.value) }) },
        [0.5, 1, 2, 3].map((p) => h("option", { value: String(p), text: `${p} s`, selected: Math.abs(p - t.pace) < 1e-9 ? true : null })))),
      h("label", {}, "Next deal ", h("select", { onchange: (e) => send({ cmd: "set_table", table: t.id, auto_next: Number(e.target.value) }) },
        [[0, "when I start it"], [10, "after 10 s"], [30, "after 30 s"]].map(([v, w]) => h("option", { value: String(v), text: w, selected: v === t.auto_next ? true : null })))),
      h("a", { href: `projector.html?table=${t.id}`, target: "_blank", rel: "noopener" }, "Projector")];
    tablesBox.append(h("article", { class: "class-tablecard" + (t.paused ? " class-paused" : ""), "data-table": String(t.id) },
      h("h3", {}, `${t.label}: ${(games[t.game] && games[t.game].title) || t.game}`),
      h("p", { class: "class-turn", text: `Deal ${t.deal} · ${t.phase.replace(/_/g, " ")} · ${turn}` + (t.paused ? " · paused" : "") + (t.watchers.length ? ` · ${t.watchers.length} watching` : "") }),
      h("table", { class: "class-seattable" }, h("thead", {}, h("tr", {}, h("th", { text: "seat" }), h("th", { text: "who" }), h("th", { class: "num", text: "total" }), h("th", { text: "" }))), h("tbody", {}, rows)),
      h("div", { class: "class-controls" }, controls)));
  }
}

function drawStudents(c) {
  studentsBox.replaceChildren();
  if (!c.students.length) { studentsBox.append(h("p", { text: "Nobody has joined yet." })); return; }
  const places = [];
  for (const t of c.tables) {
    places.push([`${t.id}:w`, `${t.label}: watch`]);
    for (const s of t.seats) places.push([`${t.id}:${s.seat}`, `${t.label}, ${s.title} (${s.name})`]);
  }
  const rows = c.standings.map((row) => {
    const st = c.students.find((x) => x.id === row.id);
    const here = st.table === null ? "" : `${st.table}:${st.seat === null ? "w" : st.seat}`;
    const sel = h("select", { "aria-label": `Move ${st.name}`, onchange: (e) => {
      const [tid, seat] = e.target.value.split(":");
      send({ cmd: "move", student: st.id, table: Number(tid), seat: seat === "w" ? null : Number(seat) });
    } }, h("option", { value: "", text: "not seated", disabled: true }), places.map(([v, w]) => h("option", { value: v, text: w })));
    sel.value = here;
    const asks = st.asks ? h("span", { class: "class-asks" }, `another device asks for ${st.name}'s seat: `,
      h("button", { type: "button", onclick: () => send({ cmd: "consent", student: st.id, allow: true }) }, "Let it in"),
      h("button", { type: "button", onclick: () => send({ cmd: "consent", student: st.id, allow: false }) }, "Keep the first")) : "";
    return h("tr", {}, h("th", { scope: "row" }, h("span", { class: "class-dot", "data-on": String(st.connected), title: st.connected ? "connected" : "not connected" }), " ", st.name),
      h("td", { class: "num", text: money(row.total) }), h("td", { class: "num", text: String(row.deals) }),
      h("td", {}, c.ended ? "" : sel, asks));
  });
  studentsBox.append(h("table", { class: "class-standings" },
    h("caption", { text: "Standings: each student's total over the deals that ended with him seated (the engine's nets)" }),
    h("thead", {}, h("tr", {}, h("th", { text: "student" }), h("th", { class: "num", text: "total" }), h("th", { class: "num", text: "deals" }), h("th", { text: "seat" }))),
    h("tbody", {}, rows)));
}

function drawRecords(c) {
  recordsBox.replaceChildren(
    h("p", {}, h("button", { type: "button", class: "class-records-all", onclick: async () => {
      const r = await send({ cmd: "records" });
      if (r.ok) download(`class-${c.code}-records.json`, r.records);
    } }, "Download every record (one JSON file)"), " ",
    h("button", { type: "button", class: "class-records-list", onclick: listRecords }, "List the deals to open one in the book")),
    h("div", { id: "class-deals" }),
    c.ended ? h("p", {}, h("b", { text: "This class has ended. " }), h("button", { type: "button", class: "class-records-list", onclick: () => { store.drop(KEY); openForm(); } }, "Open a new class"))
      : h("p", {}, h("button", { type: "button", class: "class-end", onclick: () => { if (confirm("End the class? Every table stops; the records stay.")) send({ cmd: "end_class" }); } }, "End the class")));
}

async function listRecords() {
  const r = await send({ cmd: "records" });
  if (!r.ok) return;
  const box = document.getElementById("class-deals");
  const items = [];
  for (const t of r.records.tables) {
    for (const d of t.deals) {
      items.push(h("li", {}, `${t.label}, deal ${d.deal} (${d.game}): ${d.names.join(", ")} · net ${d.summary.net.map(money).join(" ")} `,
        h("button", { type: "button", onclick: () => download(`${t.game}-${r.records.code}-table${t.table}-deal${d.deal}.json`, d.record) }, "Save this deal")));
    }
  }
  box.replaceChildren(items.length ? h("ul", {}, items) : h("p", { text: "No deal has ended yet." }),
    h("p", { class: "class-small" }, "A Stukolka deal opens in the book: on the page ", h("a", { href: "/book/play_stukolka.html", target: "_blank", rel: "noopener" }, "Play Stukolka"),
      ", press “Load a record” and choose the saved file; Step replays it move by move."));
}

// ------------------------------------------------------------------ adding a table
function drawAdd() {
  addBox.replaceChildren(h("summary", { text: "Add a table" }));
  const pick = h("select", { id: "add-game" }, Object.entries(games).map(([g, x]) => h("option", { value: g, text: x.title })));
  if (games.stukolka) pick.value = "stukolka";           // the book's first game
  const fields = h("div", { class: "class-fields" });
  const label = h("input", { id: "add-label", maxlength: "40", placeholder: "e.g. Table by the window" });
  const students = h("input", { id: "add-students", type: "number", min: "0", max: "8", placeholder: "all", inputmode: "numeric" });
  const err = h("p", { class: "class-error", role: "alert" });
  let read = () => ({});
  function follow() {
    const g = games[pick.value];
    fields.replaceChildren();
    if (g.settings && g.settings.variants) {   // Stukolka's settings panel: its variants and what each allows
      const s = g.settings, d = s.defaults;
      const variant = h("select", { id: "add-variant" }, Object.keys(s.variants).map((v) => h("option", { value: v, text: v })));
      variant.value = d.variant;
      const players = h("input", { id: "add-players", type: "number", value: String(d.n_players), inputmode: "numeric" });
      const mode = h("select", { id: "add-mode" }, s.violation_modes.map((m) => h("option", { value: m, text: m })));
      mode.value = d.violation_mode;
      const dark = h("input", { id: "add-dark", type: "checkbox" }), razrez = h("input", { id: "add-razrez", type: "checkbox" });
      const range = h("small", {});
      const darkRow = h("label", {}, dark, " dark"), razrezRow = h("label", {}, razrez, " razrez");
      const on = () => { const v = s.variants[variant.value]; range.textContent = ` ${v.players[0]} to ${v.players[1]} players`;
        darkRow.hidden = !v.dark; razrezRow.hidden = !v.razrez; };
      variant.addEventListener("change", on); on();
      fields.append(h("label", { for: "add-variant", text: "Variant " }), variant, " ", h("label", { for: "add-players", text: "players " }), players, range, " ",
        h("label", { for: "add-mode", text: "a card against the rules: " }), mode, " ", darkRow, " ", razrezRow);
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
      if (!inputs.length) fields.append(h("span", { text: "no options: the banker and one punter" }));
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
    if (!r.ok) err.textContent = `The table was not added. ${r.text || r.error}`;
    else { draw(r.class); label.value = ""; }
  } },
  h("p", {}, h("label", { for: "add-game", text: "Game " }), pick, " ", h("label", { for: "add-label", text: "name " }), label),
  fields,
  h("p", {}, h("label", { for: "add-students", text: "Seats for students (the rest are bots) " }), students),
  h("p", {}, h("button", { type: "submit", class: "class-go" }, "Add the table")), err);
  addBox.append(form);
  addBox.open = true;
  if (Object.keys(games).length) follow();
}

const saved = store.get(KEY);
if (saved && saved.token) start({ cmd: "hello", role: "teacher", code: saved.code, token: saved.token, device: deviceId() });
else openForm();
