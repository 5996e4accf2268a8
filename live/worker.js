// The in-page Python of a live table: a module Web Worker that starts the book's local
// Pyodide, loads only the engine wheel, and answers the page's messages with the engine's
// JSON (stukolka.live.driver.handle).  Nothing here knows a rule of any game.
//
// Page -> worker:  {type: "init", indexURL, wheelURL, snapshot: "auto"|"off"|"export", snapshotURL}       start Python (once)
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

// Every game and calculator the driver registers by name is loaded before the memory snapshot:
// after a restore the wheel's files are gone, so nothing may be left to import on first use.
const WARM_IMPORTS = "import json, random, fractions, stukolka.live, stukolka.stukolka, stukolka.stukolka.record, stukolka.shtoss, stukolka.bots, stukolka.cards\n" +
  "from stukolka.live.registry import COMMANDS, GAMES\n" +
  "_ = [GAMES[g] for g in GAMES] + [COMMANDS[c] for c in COMMANDS]\n" +
  "from stukolka.live import handle\n";

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return [...d].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A snapshot shipped with the book (tools/make_live_bundle.py --snapshot writes it after the
// build): used only if it was made from this very engine wheel and this Pyodide.
async function shippedSnapshot(url, wheelSha, version) {
  try {
    const meta = await (await fetch(url + ".json")).json();
    if (meta.wheel_sha256 !== wheelSha || meta.pyodide !== version) return null;
    const r = await fetch(url + ".bin.gz");
    if (!r.ok) return null;
    return new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch (e) { return null; }
}

async function start(indexURL, wheelURL, snapshotMode, snapshotURL) {
  const timings = {};
  progress("runtime");
  // The engine wheel is fetched by URL and unpacked as it is: the lock's entry for it would
  // also pull in ipywidgets and sympy, which a card table does not need.
  const wheelFetch = fetch(wheelURL).then(async (r) => {
    if (!r.ok) throw new Error(`engine wheel ${wheelURL}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const mod = await import(indexURL + "pyodide.mjs");
  timings.module = since();
  const wheel = await wheelFetch;
  const wheelSha = await sha256(wheel);
  timings.wheelFetched = since();
  // A memory snapshot (Pyodide's _loadSnapshot) skips Python's own start-up and the engine's
  // imports: first one this browser made on an earlier visit (Cache Storage), else the one
  // shipped with the book; each is keyed by the wheel's sha256, so a new engine never meets an old one.
  const key = new URL(`snapshot/${mod.version}/${wheelSha}`, indexURL).href;
  let snap = null, used = "none";
  if (snapshotMode === "auto") {
    snap = await cachedSnapshot(key);
    if (snap) used = "cached";
    else if (snapshotURL) {
      snap = await shippedSnapshot(snapshotURL, wheelSha, mod.version);
      if (snap) { used = "shipped"; storeSnapshot(key, snap.slice()); }   // unpacked once, kept for next time
    }
  }
  timings.snapshotRead = since();
  let pyodide = null;
  if (snap) {
    try { pyodide = await mod.loadPyodide({ indexURL, _loadSnapshot: snap, fullStdLib: false }); }
    catch (e) { pyodide = null; used = "failed: " + e.message; }
  }
  const fresh = !pyodide;
  if (fresh) pyodide = await mod.loadPyodide({ indexURL, fullStdLib: false, _makeSnapshot: snapshotMode !== "off" });
  timings.python = since();
  progress("engine");
  if (fresh) {
    pyodide.unpackArchive(wheel, "wheel");
    pyodide.runPython(WARM_IMPORTS);
  }
  handle = pyodide.globals.get("handle");
  timings.engine = since();
  if (fresh && snapshotMode !== "off") {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      timings.snapshotBytes = bytes.length;
      if (snapshotMode === "export") {
        postMessage({ type: "snapshot", bytes, wheelSha, pyodide: mod.version }, [bytes.buffer]);
        used = "exported";
      } else {
        // stored after "ready": the first table does not wait for the write
        storeSnapshot(key, bytes);
        used = used.startsWith("failed") ? used : "made";
      }
    } catch (e) { used = "unavailable: " + e.message; }
  }
  timings.ready = since();
  postMessage({ type: "ready", ms: since(), timings, snapshot: used });
}

onmessage = async (ev) => {
  const m = ev.data || {};
  if (m.type === "init") {
    if (!starting) {
      starting = start(m.indexURL, m.wheelURL, m.snapshot || "off", m.snapshotURL).catch((e) => {
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
