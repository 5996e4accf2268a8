// The in-page Python of a live table: a module Web Worker that starts the book's local
// Pyodide, loads only the engine wheel, and answers the page's messages with the engine's
// JSON (stukolka.live.driver.handle).  Nothing here knows a rule of any game.
//
// Page -> worker:  {type: "init", indexURL, wheelURL, snapshot: "auto"|"off"|"export", snapshotURL,
//                   shipped, shippedIfUnmeasured, files, xzDecoder}   start Python (once)
//                  {type: "call", id, msg: {cmd, ...}}          one driver command
// Worker -> page:  {type: "progress", stage, ms, loaded, total} while starting (bytes as sent)
//                  {type: "ready", ms, timings, snapshot}       Python and the engine are in
//                  {type: "failed", error}                      Python could not start
//                  {type: "reply", id, reply}                   the driver's answer (parsed JSON)
//
// `files` maps the absolute URL of each runtime file to {fetch, bytes, sent, unpack}
// (tools/make_offline.py writes them into runtime.json): every file is fetched at once, in
// parallel -- `fetch` (e.g. pyodide.asm.wasm.xz, unpacked here with the XZ decoder at
// `xzDecoder`) -- and the bytes read are reported as progress, scaled to what the network
// carries.  Pyodide's own fetches of the same files get those answers.  Caching is the book's
// Service Worker's (sw.js).
//
// `shipped`: whether the memory snapshot shipped with the book is fetched: true, false, or
// "auto" (see shipIt).  Without it, the worker starts Python fresh and makes a snapshot of its
// own, kept in this browser for the next chapters.

const T0 = performance.now();
const since = () => Math.round(performance.now() - T0);
let handle = null;        // the Python function stukolka.live.handle
let starting = null;
const SNAPSHOTS = "stukolka-snapshots";

// ------------------------------------------------------------------ fetching with progress
const networkFetch = globalThis.fetch.bind(globalThis);
const known = new Map();      // absolute URL -> {bytes, sent, read}
const early = new Map();      // absolute URL -> Promise<Response>, fetched ahead, handed out once
let stage = "download";
let lastReport = 0;

function progress(name, force) {
  if (name) stage = name;
  const now = performance.now();
  if (!force && now - lastReport < 200) return;
  lastReport = now;
  let loaded = 0, total = 0;
  for (const f of known.values()) {
    if (!f.wanted) continue;
    total += f.sent;
    loaded += f.sent * Math.min(1, f.read / Math.max(1, f.bytes));
  }
  postMessage({ type: "progress", stage, ms: since(), loaded: Math.round(loaded), total });
}

function counted(url, response) {
  const f = known.get(url);
  if (!f || !response.body) return response;
  // read as it arrives, whether or not anyone reads yet (the download must not wait for Pyodide)
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async start(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          f.read += value.byteLength;
          progress();
          controller.enqueue(value);
        }
        f.read = Math.max(f.read, f.bytes);
        progress();
        controller.close();
      } catch (e) { controller.error(e); }
      f.finished();
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

let xzDecoder = null;      // URL of the vendored XZ decoder (an ES module), from the page
const TYPES = { ".wasm": "application/wasm", ".json": "application/json" };

async function forgetDecoder() {
  // the decoder's WebAssembly memory (its 32 MiB dictionary) is kept by its class between streams:
  // once Python is in, nothing more is unpacked, and the memory may go
  if (!xzDecoder) return;
  try {
    const { XzReadableStream } = await import(xzDecoder);
    XzReadableStream._moduleInstance = null;
    XzReadableStream._moduleInstancePromise = null;
  } catch (e) { /* nothing to forget */ }
}

async function unpackXz(url, response) {
  const { XzReadableStream } = await import(xzDecoder);
  const type = TYPES[url.slice(url.lastIndexOf("."))] || "application/octet-stream";
  return new Response(new XzReadableStream(response.body), { status: 200, headers: { "content-type": type } });
}

function fetchCounted(url) {
  // the file asked for, or the packed file fetched for it (unpacked here: .xz)
  const f = known.get(url);
  if (f) f.wanted = true;
  const from = (f && f.fetch) || url;
  return networkFetch(from).then((r) => {
    if (!r.ok) {
      if (from !== url) { f.fetch = null; f.unpack = null; return fetchCounted(url); }   // no packed copy: the file itself
      return r;
    }
    return counted(url, r);
  });
}

function unpacked(url, response) {
  // unpacked only when asked for: the decoder unpacks one stream at a time
  const f = known.get(url);
  return f && f.unpack === "xz" && xzDecoder && response.ok ? unpackXz(url, response) : response;
}

globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href).href;
  const ahead = early.get(url);
  if (ahead) { early.delete(url); return ahead.then((r) => unpacked(url, r)); }
  if (known.has(url)) return fetchCounted(url).then((r) => unpacked(url, r));
  return networkFetch(input, init);
};

function fetchAhead(url) {
  if (!early.has(url)) early.set(url, fetchCounted(url));
}

// ------------------------------------------------------------------ the memory snapshot
async function cachedSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (e) { return null; }
}

async function storeSnapshot(key, bytes) {
  // one snapshot is kept: the one for this engine and this Pyodide
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    return true;
  } catch (e) { return false; }
}

// Every game and calculator the driver registers by name is loaded before the memory snapshot:
// after a restore the wheel's files are gone, so nothing may be left to import on first use.
const WARM_IMPORTS = "import json, random, fractions, stukolka.live, stukolka.stukolka, stukolka.stukolka.record, stukolka.shtoss, stukolka.bots, stukolka.cards\n" +
  "from stukolka.live.registry import COMMANDS, GAMES\n" +
  "_ = [GAMES[g] for g in GAMES] + [COMMANDS[c] for c in COMMANDS]\n" +
  "from stukolka.live import handle\n" +
  // the message catalogues are read now: a memory snapshot keeps Python's memory, not the wheel's files
  "from stukolka.i18n import LANGS, catalogue\n_ = [catalogue(lang) for lang in LANGS]\n";

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
    const file = new URL(meta.file || "engine-snapshot.bin.gz", url).href;
    const r = await fetch(file);
    if (!r.ok) return null;
    let body;
    if ((meta.format || "gzip") === "xz") {
      if (!xzDecoder) return null;
      const { XzReadableStream } = await import(xzDecoder);
      body = new XzReadableStream(r.body);
    } else body = r.body.pipeThrough(new DecompressionStream("gzip"));
    // read into one buffer of the known size (no second copy of 31 MB while it is put together)
    const bytes = new Uint8Array(meta.bytes);
    const reader = body.getReader();
    let at = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.byteLength > bytes.length) return null;
      bytes.set(value, at);
      at += value.byteLength;
    }
    return at === bytes.length ? bytes : null;
  } catch (e) { return null; }
}

// Whether to fetch the shipped snapshot: it saves Python's start (seconds of the processor) and
// costs its bytes (megabytes of the network).  The page says "no" on a slow or data-saving
// connection and "yes" when asked to (?live-snapshot=shipped); otherwise the worker measures the
// network on the runtime's own download, and fetches the snapshot if it would arrive within
// SNAPSHOT_BUDGET_S.  (If the runtime came from this device, it asks the page's guess.)
const SNAPSHOT_BUDGET_S = 3;
async function shipIt(init, wasm, t0, snapshotURL) {
  if (init.shipped === false || init.shipped === true) return init.shipped;
  const snapshot = [...known.entries()].find(([u]) => u.startsWith(snapshotURL + ".bin"))?.[1];
  if (!wasm || !snapshot) return init.shippedIfUnmeasured !== false;
  await wasm.done;
  let sent = 0;
  for (const f of known.values()) if (f.wanted) sent += f.sent * Math.min(1, f.read / Math.max(1, f.bytes));
  const seconds = (performance.now() - t0) / 1000;
  if (sent < 500000) return init.shippedIfUnmeasured !== false;      // (nearly) all from this device
  const rate = sent / Math.max(seconds, 0.05);                        // bytes a second, as sent
  decision.rate = Math.round(rate);
  return snapshot.sent / rate <= SNAPSHOT_BUDGET_S;
}
const decision = {};

// ------------------------------------------------------------------ starting
async function start(init) {
  const { indexURL, wheelURL, snapshotURL } = init;
  const snapshotMode = init.snapshot || "off";
  const timings = {};
  xzDecoder = init.xzDecoder || null;
  for (const [url, f] of Object.entries(init.files || {})) {
    const entry = { bytes: f.bytes, sent: f.sent, read: 0, wanted: false, fetch: f.fetch || url, unpack: f.unpack || null };
    if (entry.unpack && !xzDecoder) { entry.fetch = url; entry.unpack = null; }
    entry.done = new Promise((ok) => { entry.finished = ok; });
    known.set(url, entry);
  }
  const downloadStart = performance.now();
  // everything this start needs, at once: the network is the slow part
  const needed = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((n) => indexURL + n).concat([wheelURL]);
  for (const url of needed) if (known.has(url)) fetchAhead(url);
  // the two modules are imported, not fetched (a module is fetched once, however often imported)
  const modules = ["pyodide.mjs", "pyodide.asm.mjs"].map((n) => {
    const url = indexURL + n, f = known.get(url);
    if (f) f.wanted = true;
    return import(url).then((m) => { if (f) { f.read = f.bytes; progress(); } return m; });
  });
  modules[1].catch(() => {});
  if (xzDecoder) {
    const f = known.get(xzDecoder);
    if (f) f.wanted = true;
    import(xzDecoder).then(() => { if (f) { f.read = f.bytes; progress(); } }).catch(() => { xzDecoder = null; });
  }
  const wasm = known.get(indexURL + "pyodide.asm.wasm");
  progress("download", true);
  const wheelFetch = fetch(wheelURL).then(async (r) => {
    if (!r.ok) throw new Error(`engine wheel ${wheelURL}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const mod = await modules[0];
  timings.module = since();
  const wheel = await wheelFetch;
  const wheelSha = await sha256(wheel);
  timings.wheelFetched = since();
  // A memory snapshot (Pyodide's _loadSnapshot) skips Python's own start-up and the engine's
  // imports: first one this browser made or kept before (Cache Storage), else the one shipped
  // with the book; each is keyed by the wheel's sha256, so a new engine never meets an old one.
  const key = new URL(`snapshot/${mod.version}/${wheelSha}`, indexURL).href;
  let snap = null, used = "none";
  if (snapshotMode === "auto") {
    snap = await cachedSnapshot(key);
    if (snap) used = "cached";
    else if (snapshotURL && await shipIt(init, wasm, downloadStart, snapshotURL)) {
      for (const [u, f] of known) if (u.startsWith(snapshotURL + ".")) f.wanted = true;
      snap = await shippedSnapshot(snapshotURL, wheelSha, mod.version);
      if (snap) used = "shipped";
    }
  }
  timings.snapshotRead = since();
  progress(snap ? "restore" : "start", true);
  let pyodide = null;
  if (snap) {
    try { pyodide = await mod.loadPyodide({ indexURL, _loadSnapshot: snap, fullStdLib: false }); }
    catch (e) { pyodide = null; used = "failed: " + e.message; }
    // the shipped snapshot is kept for the next chapters: Pyodide copied it, so these very bytes
    // are stored (after "ready": the first table does not wait for the write)
    if (pyodide && used === "shipped") { const bytes = snap; setTimeout(() => storeSnapshot(key, bytes), 0); }
    snap = null;
  }
  const fresh = !pyodide;
  if (fresh) pyodide = await mod.loadPyodide({ indexURL, fullStdLib: false, _makeSnapshot: snapshotMode !== "off" });
  timings.python = since();
  progress("engine", true);
  if (fresh) {
    pyodide.unpackArchive(wheel, "wheel");
    pyodide.runPython(WARM_IMPORTS);
  }
  forgetDecoder();
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
        setTimeout(() => storeSnapshot(key, bytes), 0);
        used = used.startsWith("failed") ? used : "made";
      }
    } catch (e) { used = "unavailable: " + e.message; }
  }
  timings.snapshotMade = since();
  timings.ready = since();
  for (const [url, f] of known) if (f.wanted) f.read = Math.max(f.read, f.bytes);
  progress("ready", true);
  if (decision.rate) timings.rate = decision.rate;
  postMessage({ type: "ready", ms: since(), timings, snapshot: used });
}

onmessage = async (ev) => {
  const m = ev.data || {};
  if (m.type === "init") {
    if (!starting) {
      starting = start(m).catch((e) => {
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
