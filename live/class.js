// Class play: a student's phone, the projector and the teacher's dashboard talk to the class
// server (python -m classroom) over one WebSocket each.  The game renderers (stukolka.js,
// shtoss.js, ...) are the book's own: they get a client with the same call(msg) as the page's
// Python worker (loader.js), and never learn that the driver is on the server.  No book page
// loads this file: only the class pages do (classroom/static/), so the book stays offline.
//
// The server binds the seat to the connection: the `table` and `seat` a renderer puts in a
// message are dropped here and ignored there.  The server moves the bots and the other students;
// a renderer that asks for a bot move ("bot", "bots") is answered with the next view the server
// pushes, so its own pacing loop becomes the wait for the table to change.

import { h } from "./dom.js";
import { langOf, sayer } from "./i18n.js";

// the class page's words, in its language (<html lang>); a table's renderer says its own in the same
const t = sayer(langOf(typeof document !== "undefined" ? document.documentElement : null));
const FINAL_CODES = [4001, 4003, 4004, 4009, 4029];          // said by table.class-final-<code>
const finalWords = (code) => (FINAL_CODES.includes(code) ? t(`table.class-final-${code}`) : null);
const ENDED = t("table.class-final-4004");
// the closing codes after which this seat may be opened here again (it was taken elsewhere)
const SEAT_ELSEWHERE = new Set([4001, 4003, 4009]);

export function wsURL() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/class/ws`;
}

function randomId() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);                 // works on a plain-http LAN address too
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

export function deviceId() {                 // this browser's id: a reload on the same phone is not "another device"
  let d = localStorage.getItem("stukolka-class-device");
  if (!d) { d = randomId(); localStorage.setItem("stukolka-class-device", d); }
  return d;
}

export const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } },
  set(key, v) { localStorage.setItem(key, JSON.stringify(v)); },
  drop(key) { localStorage.removeItem(key); },
};

// One WebSocket that comes back by itself (a phone that slept, a lost Wi-Fi, a restarted server),
// sending `first()` again each time; replies are matched to requests by id.
export class Connection {
  constructor({ first, onhello, onpush, onstate, onfinal }) {
    Object.assign(this, { first, onhello, onpush, onstate: onstate || (() => {}), onfinal: onfinal || (() => {}) });
    this.next = 1; this.waiting = new Map(); this.ws = null; this.ready = false; this.stopped = false; this.delay = 500;
    this.sent = 0; this.received = 0;
  }
  open() {
    if (this.stopped) return;
    this.onstate("connecting");
    const ws = (this.ws = new WebSocket(wsURL()));
    ws.onopen = async () => {
      this.delay = 500;
      const r = await this.request(this.first(), true);
      if (ws !== this.ws) return;
      if (r.ok) { this.ready = true; this.onstate("connected"); this.onhello(r); }
      else if (r.rule === "class-rule-seat-taken") { this.onstate("asking"); this.onhello(r); }
      else { this.stopped = true; this.onfinal(r.text || r.error, r); ws.close(); }
    };
    ws.onmessage = (ev) => {
      this.received += ev.data.length;
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (m.push) {
        if (m.hello) { this.ready = true; this.onstate("connected"); }
        this.onpush(m);
        return;
      }
      const ok = this.waiting.get(m.id);
      if (ok) { this.waiting.delete(m.id); ok(m); }
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      this.ready = false;
      for (const ok of this.waiting.values()) ok({ ok: false, error: t("table.class-lost"), rule: "", kind: "ConnectionLost" });
      this.waiting.clear();
      if (finalWords(ev.code)) { this.stopped = true; this.onfinal(finalWords(ev.code), { code: ev.code }); return; }
      if (this.stopped) return;
      this.onstate("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(5000, this.delay * 2);
    };
  }
  request(msg, first) {
    if (!first && !this.ready) return Promise.resolve({ ok: false, error: t("table.class-not-yet"), rule: "", kind: "ConnectionLost" });
    const id = this.next++;
    return new Promise((ok) => {
      this.waiting.set(id, ok);
      const text = JSON.stringify({ ...msg, id });
      this.sent += text.length;
      try { this.ws.send(text); } catch (e) { this.waiting.delete(id); ok({ ok: false, error: String(e), rule: "", kind: "ConnectionLost" }); }
    });
  }
  stop() { this.stopped = true; if (this.ws) this.ws.close(); }
}

const GAME_MODULE = /^[a-z_]+$/;
// The book's renderers read `live.people` as "the seats the people at this screen play".  On a
// phone that is the student's own seat: stukolka.js and faraon.js show a pass screen, or hide the
// hand, when more than one person shares a screen.  shtoss.js (also Pharaon's and the evenings')
// only names the seats by it, so it is given every seat a student plays (else it calls them bots).
const PEOPLE_ARE_HUMANS = new Set(["shtoss", "pharaon", "queen_of_spades"]);
function adapt(view, game) {
  if (!view || !view.live || !PEOPLE_ARE_HUMANS.has(game)) return view;
  return { ...view, live: { ...view.live, people: view.live.humans } };
}
let RULES = null;
function rules() {
  if (!RULES) RULES = fetch("/class/live/rules.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return RULES;
}

// A table drawn by the game's renderer from the views the server sends: one mount per deal and
// seat; a new deal, a move to another seat or a table that changed under an idle renderer mounts
// it afresh (the renderer keeps no state the server does not have).
export class TableView {
  // show: the renderer's mount options for this device (the projector: the public view, no hand or
  // choices, drawn in the page rather than over it)
  constructor(box, conn, show = {}) {
    this.box = box; this.conn = conn; this.show = show; this.key = null; this.gen = 0; this.shown = 0; this.given = null;
    this.queue = []; this.waiter = null; this.latest = null; this.cards = null;
  }

  async cardsOnce() {
    if (!this.cards) {
      this.cards = this.conn.request({ cmd: "cards", lang: t.lang }).then((r) => (r.ok ? r.cards : Promise.reject(new Error(r.error))));
      this.cards.catch(() => { this.cards = null; });
    }
    return this.cards;
  }

  clear(text) {
    this.gen++; this.key = null; this.queue = []; this.waiter = null; this.given = null;
    this.box.replaceChildren(h("p", { class: "class-wait", text }));
  }

  // a view from the server (hello, a push, an answer): draw it, queue it, or mount afresh
  update(view, you) {
    if (!view) return;
    this.latest = view;
    const key = `${view.live.table}:${view.live.deal}:${you ? you.seat : "public"}:${view.live.game}`;
    if (key !== this.key) return this.mount(view, key);
    if (view.live.version <= this.shown) return;
    this.queue.push(view);
    if (this.waiter) return this.wake();
    const g = this.given;
    const idle = g && g.live.waiting_for !== "bot";           // the renderer waits for its own player: it asks nothing
    if (idle && (g.live.waiting_for !== view.live.waiting_for || g.live.moves !== view.live.moves ||
        g.live.paused !== view.live.paused || g.live.names.join("\n") !== view.live.names.join("\n"))) this.mount(view, key);
  }

  gave(gen, view) {
    if (gen !== this.gen || !view || !view.live) return;
    if (view.live.version > this.shown) { this.shown = view.live.version; this.given = view; }
    this.queue = this.queue.filter((v) => v.live.version > this.shown);
  }

  wake() {
    const w = this.waiter;
    if (!w || w.gen !== this.gen) return;
    let pick = null;
    if (w.cmd === "bots") pick = this.queue.find((v) => v.live.waiting_for !== "bot") || null;
    else if (this.queue.length > 6) pick = this.queue[this.queue.length - 1];   // far behind: the table as it is now
    else pick = this.queue[0] || null;
    if (!pick && this.given && this.given.live.waiting_for !== "bot" && w.cmd === "bots") pick = this.given;
    if (!pick) return;
    this.waiter = null;
    this.gave(w.gen, pick);
    w.ok({ ok: true, view: pick });
  }

  // the renderer's client: the driver's call(msg), answered by the server for this seat
  client(gen, game) {
    return {
      call: (msg) => {
        if (gen !== this.gen) return new Promise(() => {});       // a renderer of an earlier deal: it waits for ever
        const { table, seat, ...rest } = msg;                    // the server knows the seat
        if (rest.cmd === "close") return Promise.resolve({ ok: true });
        if (rest.cmd === "bot" || rest.cmd === "bots") {
          return new Promise((ok) => { this.waiter = { gen, cmd: rest.cmd, ok: (r) => ok({ ...r, view: adapt(r.view, game) }) }; this.wake(); });
        }
        return this.conn.request(rest).then((r) => {
          if (r.ok && r.view && (rest.cmd === "act" || rest.cmd === "view")) this.gave(gen, r.view);
          return r.view ? { ...r, view: adapt(r.view, game) } : r;
        });
      },
    };
  }

  async mount(view, key) {
    const gen = ++this.gen;
    this.key = key; this.queue = []; this.waiter = null; this.shown = view.live.version; this.given = view;
    const game = GAME_MODULE.test(view.live.game || "") ? view.live.game : view.game;
    const box = h("div", { class: "live-mount" });
    try {
      const [mod, cards, rl] = await Promise.all([import(`./${game}.js`), this.cardsOnce(), rules()]);
      if (gen !== this.gen) return;
      this.box.replaceChildren(box);
      await mod.mount(box, { client: this.client(gen, game), reply: { ok: true, table: view.live.table, view: adapt(view, game) }, cards, rules: rl,
        root: new URL("/", location.href).href, setup: { game, options: {}, seed: 0, people: view.live.people }, element: this.box,
        hint: false, ...this.show });               // the class server gives no Hint: the teacher runs the table
      this.box.dataset.live = "live";
      this.box.dispatchEvent(new CustomEvent("class-table-ready", { bubbles: true }));
    } catch (e) {
      if (gen === this.gen) this.box.replaceChildren(h("p", { class: "class-error", text: t("table.class-cannot-draw", { error: e.message || e }) }));
    }
  }
}

// the seats as the class sees them: names, the dealer, who is to act, who is a bot (the view's own fields)
function role(view, q) {
  const s = view.seats && view.seats[q];
  if (s && s.role && s.role !== "player") return t.has(`table.stukolka-role-${s.role}`) ? t(`table.stukolka-role-${s.role}`) : s.role;
  const o = view.others && view.others.find((x) => x.seat === q);
  if ((o && o.dealer) || (view.dealer === q && !s)) return t("table.stukolka-role-dealer");
  return "";
}

export function seatStrip(el, view, you) {
  el.replaceChildren();
  if (!view) return;
  const L = view.live;
  L.names.forEach((name, q) => {
    const mine = you && you.seat === q, r = role(view, q);
    el.append(h("li", { class: "class-seat" + (L.to_act === q ? " class-to-act" : "") + (mine ? " class-mine" : "") + (L.bots.includes(q) ? " class-bot" : ""),
      "aria-current": mine ? "true" : null },
    h("b", { text: L.seat_titles[q] }), " ", h("span", { text: name }), r ? h("small", { text: ` · ${r}` }) : ""));
  });
}

function statusWords(state) {
  return ["connecting", "connected", "reconnecting", "asking"].includes(state) ? t(`table.class-${state}`) : state;
}

// ------------------------------------------------------------------ the student's page
export function studentPage(root) {
  const params = new URLSearchParams(location.search);
  const status = h("span", { class: "class-status", role: "status", "aria-live": "polite" });
  const title = h("h1", { class: "class-title", text: t("table.class-title") });
  const where = h("p", { class: "class-where", "aria-live": "polite" });
  const strip = h("ol", { class: "class-seats", "aria-label": t("table.class-seats-aria") });
  const note = h("p", { class: "class-note", role: "alert" });
  const tableBox = h("div", { class: "class-table live-table" });
  const leave = h("button", { type: "button", class: "class-leave", onclick: () => { if (confirm(t("table.class-leave-confirm"))) { store.drop("stukolka-class-seat"); location.href = location.pathname; } } }, t("table.class-leave"));
  root.replaceChildren(h("header", { class: "class-head" }, title, status), where, strip, note, tableBox, h("footer", { class: "class-foot" }, leave));
  let conn = null, you = null;
  const table = new TableView(tableBox, null);
  window.stukolkaClass = { table, get conn() { return conn; } };

  function show(payload) {
    if (payload.you) you = payload.you;
    if (!you) return;
    title.textContent = you.class || t("table.class-title");
    if (you.ended) { finish(ENDED, { ended: true }); return; }
    const v = payload.view;
    where.textContent = you.table === null || you.table === undefined ? t("table.class-will-seat", { name: you.name }) :
      you.seat === null ? t("table.class-watching", { name: you.name, table: you.label }) :
      `${you.name} · ${you.label} · ${you.title}`;
    seatStrip(strip, v, you);
    if (!v) { table.clear(t("table.class-waiting")); return; }
    note.textContent = v.live.paused ? t("table.class-paused") : "";
    table.update(v, you);
  }

  // the connection will not come back by itself: say why, and what to do.  `how` is read by its fields
  // (the closing code, the refusal's rule, the class's end), never from the words
  function finish(text, how = {}) {
    status.textContent = "";
    note.textContent = "";
    where.textContent = "";
    strip.replaceChildren();
    table.clear("");
    const again = SEAT_ELSEWHERE.has(how.code);
    if (how.ended || how.code === 4004 || how.rule === "class-rule-code") { store.drop("stukolka-class-seat"); leave.hidden = true; }
    table.box.replaceChildren(h("p", { class: "class-final", role: "status", text }),
      again ? h("p", {}, h("button", { type: "button", class: "class-go", onclick: () => location.reload() }, t("table.class-open-again")))
        : h("p", {}, h("a", { href: location.pathname }, t("table.class-join-a-class"))));
  }

  function connect(first, failed) {
    let joined = false;
    conn = new Connection({
      first,
      onstate: (s) => { status.textContent = statusWords(s); status.dataset.state = s; },
      onhello: (r) => {
        if (!r.ok) { note.textContent = r.text || r.error; return; }
        joined = true;
        leave.hidden = false;
        if (r.token) store.set("stukolka-class-seat", { code: r.code, token: r.token });
        const saved = store.get("stukolka-class-seat");
        conn.first = () => ({ cmd: "hello", role: "student", code: saved.code, token: saved.token, device: deviceId(), lang: t.lang });
        note.textContent = "";
        table.key = null;                    // (re)connected: draw the table afresh from the server's view
        show(r);
      },
      onpush: (m) => { if (m.push === "ended") finish(ENDED, { ended: true }); else show(m); },
      onfinal: (text, r) => {
        if (!joined && failed) { failed(text); return; }
        if (r && r.rule === "class-rule-code" && store.get("stukolka-class-seat")) { store.drop("stukolka-class-seat"); joinForm(text); return; }
        finish(text, r || {});
      },
    });
    table.conn = conn;
    conn.open();
  }

  function joinForm(message) {
    const code = h("input", { id: "class-code", name: "code", autocomplete: "off", autocapitalize: "characters", inputmode: "text",
      maxlength: "6", required: true, pattern: "[A-Za-z2-9]{6}", value: (params.get("code") || "").toUpperCase(), "aria-describedby": "class-code-hint" });
    const name = h("input", { id: "class-name", name: "name", autocomplete: "given-name", maxlength: "24", required: true });
    const err = h("p", { class: "class-error", role: "alert", text: message || "" });
    const form = h("form", { class: "class-join", onsubmit: (e) => {
      e.preventDefault();
      err.textContent = "";
      const first = { cmd: "join", code: code.value.trim().toUpperCase(), name: name.value, device: deviceId(), lang: t.lang };
      connect(() => first, (text) => { err.textContent = text; });
    } },
    h("h2", { text: t("table.class-join-title") }),
    h("p", {}, h("label", { for: "class-code", text: t("table.class-code") }), code, h("small", { id: "class-code-hint", text: t("table.class-code-hint") })),
    h("p", {}, h("label", { for: "class-name", text: t("table.class-your-name") }), name),
    h("p", {}, h("button", { type: "submit", class: "class-go" }, t("table.class-join"))), err);
    tableBox.replaceChildren(form);
    leave.hidden = true;
    (code.value ? name : code).focus();
  }

  const saved = store.get("stukolka-class-seat");
  const asked = (params.get("code") || "").toUpperCase();
  if (saved && saved.token && (!asked || asked === saved.code)) {
    connect(() => ({ cmd: "hello", role: "student", code: saved.code, token: saved.token, device: deviceId(), lang: t.lang }));
  } else joinForm();
}

// ------------------------------------------------------------------ the projector
export function projectorPage(root) {
  const params = new URLSearchParams(location.search);
  const saved = store.get("stukolka-class-teacher");
  const title = h("h1", { class: "class-title", text: t("table.class-title") });
  const pick = h("select", { id: "class-pick", "aria-label": t("table.class-pick-aria") });
  const join = h("div", { class: "class-joinbox" });
  const strip = h("ol", { class: "class-seats class-seats-big", "aria-label": t("table.class-seats-aria") });
  const note = h("p", { class: "class-note", role: "status" });
  const status = h("span", { class: "class-status", role: "status" });
  const tableBox = h("div", { class: "class-table live-table" });
  root.replaceChildren(h("header", { class: "class-head" }, title, pick, status), join, strip, note, tableBox);
  if (!saved) { note.textContent = t("table.class-open-first"); return; }
  let tableId = Number(params.get("table")) || null;
  let conn;
  const table = new TableView(tableBox, null, { public: true, projector: false });
  window.stukolkaClass = { table, get conn() { return conn; } };
  function tablesInto(tables) { pick.replaceChildren(...tables.map((t) => h("option", { value: String(t.id), text: t.label }))); }
  function show(view) {
    seatStrip(strip, view, null);
    note.textContent = view && view.live.paused ? t("table.class-paused-short") : "";
    if (view) table.update(view, null); else table.clear(t("table.class-no-table"));
  }
  conn = new Connection({
    first: () => ({ cmd: "hello", role: "projector", code: saved.code, token: saved.token, table: tableId, lang: t.lang }),
    onstate: (s) => { status.textContent = statusWords(s); status.dataset.state = s; },
    onhello: (r) => {
      title.textContent = r.title;
      tablesInto(r.tables);
      if (r.view) { tableId = r.view.live.table; pick.value = String(tableId); }
      table.key = null;
      const url = r.student_urls[0];
      join.replaceChildren(h("img", { class: "class-qr", src: `/class/qr.svg?code=${encodeURIComponent(saved.code)}`, alt: t("table.class-qr-alt", { url: `${url}?code=${saved.code}` }) }),
        h("p", {}, t("table.class-join-open"), h("b", { text: url }), t("table.class-join-code"), h("b", { class: "class-code", text: saved.code })),
        r.local_only ? h("p", { class: "class-error", text: t("table.class-local-only", { command: "HOST=0.0.0.0 make class" }) }) : "");
      show(r.view);
    },
    onpush: (m) => {
      if (m.push === "tables") { const was = pick.value; tablesInto(m.tables); pick.value = was; }
      else if (m.view) show(m.view);
    },
    onfinal: (text) => { note.textContent = text; },
  });
  table.conn = conn;
  pick.addEventListener("change", async () => {
    tableId = Number(pick.value);
    const r = await conn.request({ cmd: "watch", table: tableId });
    if (r.ok) show(r.view); else note.textContent = r.text || r.error;
  });
  conn.open();
}
