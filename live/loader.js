// Live tables on a book page.  Loaded as an ES module by every page that has a
// `.live-table` placeholder (the live_tables Sphinx extension adds it).
//
// As soon as the page opens it starts Python in a Web Worker (worker.js), shows a
// progress note in each placeholder while Python starts, and keeps the page responsive
// (all Python runs in the worker).  When Python is ready it asks the engine for a new
// table and hands the placeholder to the game's renderer (`<game>.js`, one per game),
// which replaces the stored static picture.  If Python cannot start, the stored picture
// stays, with a note that says so.

const BASE = new URL(".", import.meta.url);            // .../_static/live/
const ROOT = new URL("../../", BASE);                  // the book's root
const START_TIMEOUT_MS = 120000;

const live = (window.stukolkaLive = window.stukolkaLive || { t: {}, tables: [] });
const t0 = performance.now();
// times in ms since the page's navigation started (performance.now()), for benchmarks
const mark = (name) => { if (!(name in live.t)) live.t[name] = Math.round(performance.now()); };
live.calls = [];

class Client {
  constructor(worker) {
    this.worker = worker; this.next = 1; this.waiting = new Map();
    this.ready = new Promise((ok, fail) => { this._ok = ok; this._fail = fail; });
    this.onprogress = () => {};
    worker.onmessage = (ev) => this._message(ev.data);
    worker.onerror = (ev) => { ev.preventDefault(); this._fail(new Error(ev.message || "the Python worker failed to load")); };
  }
  _message(m) {
    if (m.type === "progress") { mark(m.stage); this.onprogress(m.stage); }
    else if (m.type === "ready") { live.worker = m.timings; live.snapshot = m.snapshot; mark("python_ready"); this._ok(m); }
    else if (m.type === "failed") this._fail(new Error(m.error));
    else if (m.type === "reply") { const ok = this.waiting.get(m.id); this.waiting.delete(m.id); if (ok) ok(m.reply); }
  }
  call(msg) {
    const id = this.next++, sent = performance.now();
    return new Promise((ok) => {
      this.waiting.set(id, (reply) => {
        live.calls.push({ cmd: msg.cmd, rtt: performance.now() - sent, py: reply.ms });
        ok(reply);
      });
      this.worker.postMessage({ type: "call", id, msg });
    });
  }
}

const STAGES = { runtime: "starting Python in your browser", engine: "loading the card engine" };

function note(el, text, kind) {
  let n = el.querySelector(":scope > .live-note");
  if (!n) {
    n = document.createElement("p");
    n.className = "live-note"; n.setAttribute("role", "status");
    el.prepend(n);
  }
  n.dataset.kind = kind || "progress";
  n.textContent = text;
  return n;
}

function degrade(el, why) {
  el.dataset.live = "failed";
  const s = el.querySelector(":scope > .live-static");
  if (s) s.hidden = false;
  note(el, `This table cannot be played here: the in-page Python did not start (${why}). ` +
    "Below is the stored picture of the same deal; the notebook behind the rocket button plays it.", "failed");
}

function options(el) {
  const json = (name, dflt) => { try { return el.dataset[name] ? JSON.parse(el.dataset[name]) : dflt; } catch (e) { return dflt; } };
  return { game: el.dataset.game, options: json("options", {}), seed: Number(el.dataset.seed || 0), people: json("people", [0]) };
}

async function mountOne(client, el, cardsPromise) {
  const o = options(el);
  try {
    const mod = await import(new URL(`${o.game}.js`, BASE).href);
    // a calculator (odds, pot) exports `table = false`: it asks the driver itself, with no table
    const [first, cards, rules] = await Promise.all([
      mod.table === false ? { ok: true } : client.call({ cmd: "new", ...o }), cardsPromise, live.rules]);
    if (!first.ok) throw new Error(first.error);
    const s = el.querySelector(":scope > .live-static");
    const box = document.createElement("div");
    box.className = "live-mount";
    el.append(box);
    await mod.mount(box, { client, reply: first, cards: cards.cards, rules, root: ROOT.href, setup: o, element: el });
    if (s) s.hidden = true;
    const n = el.querySelector(":scope > .live-note"); if (n) n.remove();
    el.dataset.live = "live";
    mark("table_live");
    live.tables.push(el);
    el.dispatchEvent(new CustomEvent("live-table-ready", { bubbles: true }));
  } catch (e) {
    degrade(el, e.message || String(e));
  }
}

function start() {
  const tables = [...document.querySelectorAll(".live-table")];
  if (!tables.length) return;
  mark("loader");
  const first = tables[0].dataset;
  const indexURL = new URL(first.pyodide || "lite/static/pyodide/", ROOT).href;
  const wheelURL = new URL(first.wheel || "lite/static/pyodide/stukolka-0.2.0-py3-none-any.whl", ROOT).href;
  for (const el of tables) { el.dataset.live = "loading"; note(el, "Live table: starting Python in your browser…"); }
  let client;
  try {
    client = new Client(new Worker(new URL("worker.js", BASE), { type: "module" }));
  } catch (e) { tables.forEach((el) => degrade(el, e.message)); return; }
  live.client = client;
  client.onprogress = (stage) => tables.forEach((el) => el.dataset.live === "loading" &&
    note(el, `Live table: ${STAGES[stage] || stage}… (${((performance.now() - t0) / 1000).toFixed(1)} s)`));
  const asked = new URLSearchParams(location.search).get("live-snapshot");
  client.worker.postMessage({ type: "init", indexURL, wheelURL, snapshot: asked || first.snapshot || "auto",
    snapshotURL: new URL("engine-snapshot", BASE).href });
  const timer = setTimeout(() => client._fail(new Error(`no answer after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  client.ready.then(() => {
    clearTimeout(timer);
    const cards = client.call({ cmd: "cards", palette: first.palette || "four" });
    live.rules = fetch(new URL("rules.json", BASE)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    return Promise.all(tables.map((el) => mountOne(client, el, cards)));
  }, (e) => { clearTimeout(timer); tables.forEach((el) => degrade(el, e.message)); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
