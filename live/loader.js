// Live tables on a book page.  Loaded as an ES module by every page that has a
// `.live-table` placeholder (the live_tables Sphinx extension adds it).
//
// Text first: the page is read at once, with each table's stored picture (drawn at build time).
// Python starts only after the page is shown -- when the browser is idle after loading the page,
// or when a table comes near the viewport, whichever is first.  On a connection that says it
// saves data or is slow (2g, 3g), and while Python is not yet on this device, a table offers
// "Start the table (N MB)" instead (N: the runtime's files not yet kept, as the network carries
// them, from runtime.json).  Python runs in a Web Worker (worker.js), fetched through the book's
// Service Worker (sw.js), which keeps it for every later chapter and for offline reading.
//
// While Python loads, each table's note shows the stage, the bytes fetched of the total and the
// seconds, updated twice a second.  When Python is ready the loader asks the engine for a table
// and hands the placeholder to the game's renderer (`<game>.js`), which replaces the picture.
// If Python cannot start, the stored picture stays, with a note that says so.
//
// Each table speaks its own language (live/i18n.js: its data-lang, the directive's :lang:, else the
// page's <html lang>): its notes here, and the renderer's words through ctx.t; the driver is told
// the language with the table's `new`, and words the engine's part in it.

import { langOf, sayer } from "./i18n.js";

const BASE = new URL(".", import.meta.url);            // .../_static/live/
const ROOT = new URL("../../", BASE);                  // the book's root
// the page's own edition's root (the Russian pages share the English edition's runtime, ROOT)
const PAGE_ROOT = new URL(document.documentElement.dataset.content_root || ROOT.href, location.href);
const START_TIMEOUT_MS = 300000;                       // a slow connection may take minutes
const SW_WAIT_MS = 3000;                               // how long to wait for the Service Worker to take the page

const live = (window.stukolkaLive = window.stukolkaLive || { t: {}, tables: [] });
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
    if (m.type === "progress") { mark(m.stage); this.onprogress(m); }
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

// ------------------------------------------------------------------ the note above a table
const STAGES = ["wait", "download", "restore", "start", "engine", "ready"];
const MB = (n) => (n / 1e6).toFixed(1);
const tOf = (el) => sayer(langOf(el));

function note(el, kind) {
  let n = el.querySelector(":scope > .live-note");
  if (!n) {
    n = document.createElement("div");
    n.className = "live-note"; n.setAttribute("role", "status");
    el.prepend(n);
  }
  n.dataset.kind = kind || "progress";
  return n;
}

function say(el, text, kind) {
  const n = note(el, kind);
  n.replaceChildren(document.createTextNode(text));
  return n;
}

function showProgress(el, p, seconds) {
  const n = note(el, "progress");
  // while bytes are still coming, that is what the reader waits for; then the stage
  const downloading = p.total > 0 && p.loaded < p.total && p.stage !== "ready";
  const t = tOf(el), stage = downloading ? "download" : p.stage;
  let text = t("table.loading", { stage: STAGES.includes(stage) ? t(`table.stage-${stage}`) : stage });
  if (downloading) text += t("table.loading-bytes", { loaded: MB(p.loaded), total: MB(p.total) });
  else if (p.total > 0) text += t("table.loading-fetched", { total: MB(p.total) });
  text += t("table.loading-seconds", { s: seconds.toFixed(0) });
  let words = n.querySelector(".live-note-text"), bar = n.querySelector("progress");
  if (!words) {
    words = document.createElement("span"); words.className = "live-note-text";
    bar = document.createElement("progress"); bar.className = "live-progress";
    bar.setAttribute("aria-label", t("table.loading-aria"));
    n.replaceChildren(words, bar);
  }
  words.textContent = text;
  if (p.total > 0) { bar.max = p.total; bar.value = Math.min(p.loaded, p.total); }
  else bar.removeAttribute("value");
  bar.hidden = !downloading;
}

function degrade(el, why) {
  el.dataset.live = "failed";
  const s = el.querySelector(":scope > .live-static");
  if (s) s.hidden = false;
  say(el, tOf(el)("table.failed", { why }), "failed");
}

function options(el) {
  const json = (name, dflt) => { try { return el.dataset[name] ? JSON.parse(el.dataset[name]) : dflt; } catch (e) { return dflt; } };
  return { game: el.dataset.game, options: json("options", {}), seed: Number(el.dataset.seed || 0), people: json("people", [0]),
    lang: langOf(el) };
}

async function mountOne(client, el, cardsFor) {
  const o = options(el);
  const cardsPromise = cardsFor(o.lang);
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
    await mod.mount(box, { client, reply: first, cards: cards.cards, rules, root: ROOT.href, pageRoot: PAGE_ROOT.href, setup: o, element: el,
      lang: o.lang, t: sayer(o.lang) });
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

// ------------------------------------------------------------------ what is on this device
export function slowConnection() {
  const c = navigator.connection;
  return !!(c && (c.saveData || ["slow-2g", "2g", "3g"].includes(c.effectiveType)));
}


async function runtimeInfo() {
  try {
    const r = await fetch(new URL("runtime.json", BASE));
    return r.ok ? await r.json() : null;
  } catch (e) { return null; }
}

async function kept(info) {
  // the runtime's files already kept by the book's Service Worker: {url: true}
  const out = {};
  if (!info || !("caches" in window)) return out;
  try {
    if (!(await caches.has(info.cache))) return out;
    const cache = await caches.open(info.cache);
    for (const [path, f] of Object.entries(info.files)) {
      const url = new URL(f.fetch || path, ROOT).href;
      if (await cache.match(url)) out[url] = true;
    }
  } catch (e) { /* no Cache Storage: nothing kept */ }
  return out;
}

function snapshotKept() {
  // a snapshot this browser made or kept for an earlier chapter (the worker checks its engine)
  if (!("caches" in window)) return Promise.resolve(false);
  return caches.has("stukolka-snapshots").then((has) => has && caches.open("stukolka-snapshots")
    .then((c) => c.keys()).then((k) => k.length > 0)).catch(() => false);
}

function serviceWorkerTakesPage() {
  // the worker's fetches go through the book's Service Worker (which keeps them) once it
  // controls the page; on a first visit it takes the page a moment after the page registered it
  if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((ok) => {
    const done = () => { clearTimeout(t); ok(); };
    const t = setTimeout(done, SW_WAIT_MS);
    navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
    navigator.serviceWorker.getRegistration(ROOT.href).then((reg) => { if (!reg) done(); }).catch(done);
  });
}

// ------------------------------------------------------------------ starting
function startPython(tables, info, plan) {
  mark("loader");
  const first = tables[0].dataset;
  const indexURL = new URL(first.pyodide || "lite/static/pyodide/", ROOT).href;
  const wheelURL = new URL(first.wheel || "lite/static/pyodide/stukolka-0.2.0-py3-none-any.whl", ROOT).href;
  const files = {};
  let xzDecoder = null;
  for (const [path, f] of Object.entries((info && info.files) || {})) {
    const url = new URL(path, ROOT).href, fetched = new URL(f.fetch || path, ROOT).href;
    files[url] = { fetch: fetched, bytes: f.bytes, sent: plan.kept[fetched] ? 0 : f.sent, unpack: f.unpack || null };
    if (path.endsWith("xz-decompress.mjs")) xzDecoder = url;
  }
  let last = { stage: "download", loaded: 0, total: 0 };
  const t0 = performance.now();
  const paint = () => tables.forEach((el) => el.dataset.live === "loading" && showProgress(el, last, (performance.now() - t0) / 1000));
  for (const el of tables) { el.dataset.live = "loading"; }
  paint();
  const ticker = setInterval(paint, 500);
  let client;
  try {
    client = new Client(new Worker(new URL("worker.js", BASE), { type: "module" }));
  } catch (e) { clearInterval(ticker); tables.forEach((el) => degrade(el, e.message)); return; }
  live.client = client;
  client.onprogress = (p) => { last = p; paint(); };
  let asked = new URLSearchParams(location.search).get("live-snapshot");
  if (asked === "shipped") asked = "auto";
  client.worker.postMessage({ type: "init", indexURL, wheelURL, snapshot: asked || first.snapshot || "auto",
    snapshotURL: new URL("engine-snapshot", BASE).href, shipped: plan.shipped,
    shippedIfUnmeasured: !slowConnection(), files, xzDecoder });
  const timer = setTimeout(() => client._fail(new Error(`no answer after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  client.ready.then(() => {
    clearTimeout(timer); clearInterval(ticker);
    last = { stage: "ready", loaded: 0, total: 0 }; paint();
    const decks = {};            // the card pictures, named in each language a table of the page speaks
    const cards = (lang) => (decks[lang] = decks[lang] || client.call({ cmd: "cards", palette: first.palette || "four", lang }));
    live.rules = fetch(new URL("rules.json", BASE)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    return Promise.all(tables.map((el) => mountOne(client, el, cards)));
  }, (e) => { clearTimeout(timer); clearInterval(ticker); tables.forEach((el) => degrade(el, e.message)); });
}

function whenShownOrIdle(tables) {
  // after the page has been painted: the first of "idle after load" and "a table near the viewport"
  return new Promise((ok) => {
    let done = false;
    const go = (why) => { if (!done) { done = true; live.startedBy = why; ok(); } };
    const idle = () => (window.requestIdleCallback ? requestIdleCallback(() => go("idle"), { timeout: 2000 }) : setTimeout(() => go("idle"), 200));
    if (document.readyState === "complete") idle(); else addEventListener("load", idle, { once: true });
    if ("IntersectionObserver" in window) {
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const io = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) { io.disconnect(); go("near"); }
        }, { rootMargin: "50% 0px 50% 0px" });
        tables.forEach((el) => io.observe(el));
      }));
    }
  });
}

async function start() {
  const tables = [...document.querySelectorAll(".live-table")];
  if (!tables.length) return;
  mark("dom");
  const [info, local] = await Promise.all([runtimeInfo(), snapshotKept()]);
  const keptFiles = await kept(info);
  // the shipped snapshot: never on a slow connection; else the worker measures the network
  const asked = new URLSearchParams(location.search).get("live-snapshot");
  const shipped = local ? false : asked === "shipped" ? true : slowConnection() ? false : "auto";
  // what starting would fetch now: the runtime's files not kept (the shipped snapshot only if used)
  let missing = 0;
  for (const [path, f] of Object.entries((info && info.files) || {})) {
    if (path.includes("engine-snapshot") && shipped !== true) continue;
    if (!keptFiles[new URL(f.fetch || path, ROOT).href]) missing += f.sent;
  }
  live.plan = { shipped, missing, slow: slowConnection() };
  const plan = { kept: keptFiles, shipped };
  if (slowConnection() && missing > 0) {
    for (const el of tables) {
      el.dataset.live = "ask";
      const n = say(el, tOf(el)("table.ask-start"), "ask");
      const b = document.createElement("button");
      b.type = "button"; b.className = "live-start";
      b.textContent = tOf(el)("table.ask-button", { mb: MB(missing) });
      b.addEventListener("click", () => { serviceWorkerTakesPage().then(() => startPython(tables, info, plan)); });
      n.append(b);
    }
    return;
  }
  await whenShownOrIdle(tables);
  await serviceWorkerTakesPage();
  startPython(tables, info, plan);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
