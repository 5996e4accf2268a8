// The book's Service Worker: every page and table readable and playable offline after the first visit.
//
// `tools/make_offline.py` copies this file to the site root as `sw.js` (scope: the whole book),
// with BUILD and FILES filled in: the build's id (a hash over every file below) and the files a
// reader may need offline, each [path from the root, sha256 prefix, bytes, group, bytes sent
// (gzipped where the build wrote a .gz copy)]:
//   "page"     the book's HTML pages
//   "asset"    what those pages load (CSS, scripts, fonts, pictures) and the live tables' scripts
//   "runtime"  what a live table's Python fetches (Pyodide, the engine wheel)
//   "snapshot" the memory snapshot shipped with the book: kept when a table fetched it, but never
//              fetched for offline reading (a table starts Python without it, and makes its own)
//
// Caching.  One cache per build, "stukolka-book-<BUILD>".  A request for one of these files is
// answered from the cache if it is there, else from the network, and the answer (a whole 200 of
// the expected length) is kept.  Anything else (JupyterLite under lite/, other hosts) is left to
// the network.  On "save-book" from a page, the files not yet kept are fetched in the background
// (two at a time) and every open page hears the progress ("offline-progress", "offline-ready").
// When the book is rebuilt, this script changes, so the browser installs the new one: it copies
// from the old cache every file whose sha256 is unchanged, then deletes the old caches.
//
// Nothing here knows a rule of any game.

const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = `stukolka-book-${BUILD}`;
const PREFIX = "stukolka-book-";
const LEGACY = ["stukolka-live-snapshot-v1"];           // the worker's cache before this one
const MANIFEST_KEY = "__manifest__";
const ROOT = new URL("./", self.location.href);
const BY_PATH = new Map(FILES.map(([path, sha, bytes, group, sent]) => [path, { path, sha, bytes, group, sent: sent || bytes }]));

function keyOf(url) {
  // "/book/x.html?v=1#a" -> "book/x.html"; a folder -> its index.html
  const u = new URL(url, ROOT);
  if (u.origin !== ROOT.origin || !u.pathname.startsWith(ROOT.pathname)) return null;
  let path = decodeURIComponent(u.pathname.slice(ROOT.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return path;
}
const urlOf = (path) => new URL(path, ROOT).href;

async function broadcast(message) {
  const clients = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of clients) c.postMessage(message);
}

// ------------------------------------------------------------------ install, activate
async function copyUnchanged() {
  const cache = await caches.open(CACHE);
  await cache.put(MANIFEST_KEY, new Response(JSON.stringify({ build: BUILD, files: FILES }),
    { headers: { "content-type": "application/json" } }));
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const manifest = await old.match(MANIFEST_KEY);
    if (!manifest) continue;
    let oldFiles;
    try { oldFiles = new Map((await manifest.json()).files.map(([p, sha]) => [p, sha])); } catch (e) { continue; }
    for (const f of BY_PATH.values()) {
      if (oldFiles.get(f.path) !== f.sha || await cache.match(urlOf(f.path))) continue;
      const hit = await old.match(urlOf(f.path));
      if (hit) await cache.put(urlOf(f.path), hit);
    }
  }
}

self.addEventListener("install", (ev) => {
  ev.waitUntil(copyUnchanged().catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if ((name.startsWith(PREFIX) && name !== CACHE) || LEGACY.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
    await broadcast({ type: "offline-state", ...(await state()) });
  })());
});

// ------------------------------------------------------------------ answering requests
function keep(cache, path, response) {
  // only a whole answer of the expected length is kept (a file of another build is not)
  const f = BY_PATH.get(path);
  const copy = response.clone();
  return copy.arrayBuffer().then((buf) => {
    if (f && buf.byteLength !== f.bytes) return false;
    const headers = new Headers();
    const type = response.headers.get("content-type");
    if (type) headers.set("content-type", type);
    headers.set("x-book-sha256", f ? f.sha : "");
    return cache.put(urlOf(path), new Response(buf, { status: 200, headers })).then(() => true);
  }).catch(() => false);
}

async function answer(event, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(urlOf(path));
  if (hit) return hit;
  let response;
  try {
    response = await fetch(event.request);
  } catch (e) {
    if (event.request.mode === "navigate") return offlinePage(path);
    throw e;
  }
  if (response.status === 200 && response.type === "basic" && !response.redirected) {
    event.waitUntil(keep(cache, path, response).then(() => noteProgress()));
  }
  return response;
}

function offlinePage(path) {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Not saved for offline reading</title><body style="font-family:sans-serif;max-width:40em;margin:2em auto;padding:0 1em">
<h1>This page is not saved on this device</h1><p>You are offline, and <code>${path.replace(/[<&>]/g, "")}</code>
has not been saved for offline reading yet. <a href="${urlOf("index.html")}">The book's first page</a> may be.</p></body></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || req.headers.has("range")) return;
  const path = keyOf(req.url);
  if (path === null || !BY_PATH.has(path)) return;       // not a file of the book: the network as usual
  event.respondWith(answer(event, path));
});

// ------------------------------------------------------------------ saving the whole book
async function state() {
  const cache = await caches.open(CACHE);
  const keys = new Set((await cache.keys()).map((r) => r.url));
  // sizes as sent over the network (gzipped where the build precompressed the file)
  let have = 0, haveBytes = 0, total = 0, totalBytes = 0;
  const missing = { page: 0, asset: 0, runtime: 0 };
  for (const f of BY_PATH.values()) {
    if (f.group === "snapshot") continue;
    total += 1; totalBytes += f.sent;
    if (keys.has(urlOf(f.path))) { have += 1; haveBytes += f.sent; } else missing[f.group] += f.sent;
  }
  return { build: BUILD, have, total, haveBytes, totalBytes, missing, complete: have === total, saving: !!saving };
}

let saving = null;
let lastNote = 0;
async function noteProgress(force) {
  const now = Date.now();
  if (!force && now - lastNote < 400) return;
  lastNote = now;
  await broadcast({ type: "offline-state", ...(await state()) });
}

async function saveBook(groups) {
  const cache = await caches.open(CACHE);
  const keys = new Set((await cache.keys()).map((r) => r.url));
  const queue = [...BY_PATH.values()].filter((f) => groups.includes(f.group) && !keys.has(urlOf(f.path)));
  // pages and their assets first, the big runtime files last
  queue.sort((a, b) => (a.group === "runtime") - (b.group === "runtime") || a.bytes - b.bytes);
  let failed = 0;
  const next = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      try {
        const r = await fetch(urlOf(f.path), { cache: "no-cache" });
        if (!r.ok || !(await keep(cache, f.path, r))) failed += 1;
      } catch (e) { failed += 1; }
      noteProgress();
    }
  };
  await Promise.all([next(), next()]);
  const s = await state();
  await broadcast({ type: s.complete ? "offline-ready" : "offline-failed", failed, ...s });
}

self.addEventListener("message", (event) => {
  const m = event.data || {};
  if (m.type === "state") {
    event.waitUntil(state().then((s) => event.source && event.source.postMessage({ type: "offline-state", ...s })));
  } else if (m.type === "save-book") {
    const groups = Array.isArray(m.groups) && m.groups.length ? m.groups : ["page", "asset", "runtime"];
    if (!saving) saving = saveBook(groups).finally(() => { saving = null; });
    event.waitUntil(saving);
  }
});
