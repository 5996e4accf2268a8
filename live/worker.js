// The in-page Python of a live table: a module Web Worker that starts the book's local
// Pyodide, loads only the engine wheel, and answers the page's messages with the engine's
// JSON (stukolka.live.driver.handle).  Nothing here knows a rule of any game.
//
// Page -> worker:  {type: "init", indexURL, wheelURL, snapshot}       start Python (once)
//                  {type: "call", id, msg: {cmd, ...}}          one driver command
// Worker -> page:  {type: "progress", stage, ms}                while starting
//                  {type: "ready", ms, timings, snapshot}       Python and the engine are in
//                  {type: "failed", error}                      Python could not start
//                  {type: "reply", id, reply}                   the driver's answer (parsed JSON)

const T0 = performance.now();
const since = () => Math.round(performance.now() - T0);
let handle = null;        // the Python function stukolka.live.handle
let starting = null;
const SNAPSHOT_CACHE = "stukolka-live-snapshot-v1";

function progress(stage) { postMessage({ type: "progress", stage, ms: since() }); }

async function cachedSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (e) { return null; }
}

async function storeSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    return true;
  } catch (e) { return false; }
}

const WARM_IMPORTS = "import json, random, fractions, stukolka.live, stukolka.live.games, stukolka.stukolka, stukolka.bots, stukolka.cards\n" +
  "from stukolka.live import handle\n";

async function start(indexURL, wheelURL, snapshotMode) {
  const timings = {};
  progress("runtime");
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  timings.module = since();
  // A memory snapshot (Pyodide's experimental _loadSnapshot) skips Python's own start-up on
  // a second visit; it is keyed by the engine wheel's URL and size so a new engine makes a new one.
  // The engine wheel is fetched by URL and unpacked as it is: the lock's entry for it would
  // also pull in ipywidgets and sympy, which a card table does not need.
  const wheelResponse = fetch(wheelURL);
  const head = await wheelResponse;
  if (!head.ok) throw new Error(`engine wheel ${wheelURL}: HTTP ${head.status}`);
  const tag = head.headers.get("etag") || head.headers.get("last-modified") || "";
  const key = new URL(`snapshot/${encodeURIComponent(tag)}/${head.headers.get("content-length")}`, wheelURL).href;
  let snap = snapshotMode === "auto" ? await cachedSnapshot(key) : null;
  let pyodide, used = "none";
  if (snap) {
    try {
      pyodide = await loadPyodide({ indexURL, _loadSnapshot: snap, fullStdLib: false });
      used = "loaded";
    } catch (e) { pyodide = null; snap = null; }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL, fullStdLib: false, _makeSnapshot: snapshotMode === "auto" });
  }
  timings.python = since();
  progress("engine");
  if (used !== "loaded") {
    pyodide.unpackArchive(await head.arrayBuffer(), "wheel");
  }
  timings.wheel = since();
  pyodide.runPython(WARM_IMPORTS);
  handle = pyodide.globals.get("handle");
  timings.engine = since();
  if (snapshotMode === "auto" && used !== "loaded") {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      used = (await storeSnapshot(key, bytes)) ? "made" : "not stored";
      timings.snapshotBytes = bytes.length;
    } catch (e) { used = "unavailable: " + e.message; }
  }
  timings.ready = since();
  postMessage({ type: "ready", ms: since(), timings, snapshot: used });
}

onmessage = async (ev) => {
  const m = ev.data || {};
  if (m.type === "init") {
    if (!starting) {
      starting = start(m.indexURL, m.wheelURL, m.snapshot || "off").catch((e) => {
        postMessage({ type: "failed", error: String(e && e.message || e) });
      });
    }
    return;
  }
  if (m.type === "call") {
    if (starting) await starting;
    let reply;
    if (!handle) reply = { ok: false, error: "Python did not start", rule: "", kind: "LoadError" };
    else {
      try { reply = JSON.parse(handle(JSON.stringify(m.msg))); }
      catch (e) { reply = { ok: false, error: String(e && e.message || e), rule: "", kind: "PythonError" }; }
    }
    postMessage({ type: "reply", id: m.id, reply });
  }
};
