// The book kept on this device: registers the book's Service Worker (sw.js at the book's root,
// written by tools/make_offline.py) and says, at the end of the page, whether the book can be
// read offline.  Loaded (as a module, after the page) by every page of the book.
//
// After the page has loaded and is idle -- and after its live tables are playable, so that they
// do not wait -- it asks the Service Worker to save the book's pages, their assets and the
// tables' Python.  On a connection that says it saves data or is slow (2g, 3g), it asks the
// reader first: "Save this book for offline reading (N MB)".  window.stukolkaOffline holds the
// last state; <html data-offline="..."> is "saving", "ready", "failed", "ask" or "off".

import { langOf, sayer } from "./i18n.js";

const ROOT = new URL("../../", import.meta.url);      // the book's root, where sw.js is (an edition's pages import this one)
const live = (window.stukolkaOffline = window.stukolkaOffline || { state: null });
const MB = (n) => (n / 1e6).toFixed(n < 1e7 ? 1 : 0);
const t = sayer(langOf(document.documentElement));          // the page's language

export function slowConnection() {
  const c = navigator.connection;
  return !!(c && (c.saveData || ["slow-2g", "2g", "3g"].includes(c.effectiveType)));
}

function setMode(mode) { document.documentElement.dataset.offline = mode; }

function statusLine() {
  let el = document.querySelector(".book-offline");
  if (!el) {
    el = document.createElement("p");
    el.className = "book-offline";
    el.setAttribute("role", "status");
    const where = document.querySelector("article.bd-article") || document.querySelector("main") || document.body;
    where.append(el);
  }
  return el;
}

function show(text, button) {
  const el = statusLine();
  el.textContent = text;
  if (button) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "book-offline-save";
    b.textContent = button.text;
    b.addEventListener("click", () => { b.disabled = true; button.onclick(); });
    el.append(" ", b);
  }
}

function render(s) {
  live.state = s;
  if (s.complete) {
    setMode("ready");
    show(t("table.offline-ready"));
  } else if (s.saving) {
    setMode("saving");
    show(t("table.offline-saving", { have: MB(s.haveBytes), total: MB(s.totalBytes) }));
  }
}

let asked = false;
function save(reg) {
  asked = true;
  setMode("saving");
  (reg.active || navigator.serviceWorker.controller)?.postMessage({ type: "save-book" });
}

function tablesSettled() {
  // resolves when every live table on the page is playable or has given up (or after 3 minutes)
  // ("static": not started yet; "loading": starting; "ask": waiting for the reader's word)
  const pending = () => [...document.querySelectorAll(".live-table")]
    .some((el) => el.dataset.live === "static" || el.dataset.live === "loading");
  return new Promise((ok) => {
    if (!pending()) return ok();
    const done = () => { if (!pending()) { clearInterval(t); ok(); } };
    const t = setInterval(done, 500);
    document.addEventListener("live-table-ready", done);
    setTimeout(() => { clearInterval(t); ok(); }, 180000);
  });
}

const idle = () => new Promise((ok) => (window.requestIdleCallback ? requestIdleCallback(() => ok(), { timeout: 3000 }) : setTimeout(ok, 500)));
const loaded = () => new Promise((ok) => (document.readyState === "complete" ? ok() : addEventListener("load", () => ok(), { once: true })));

async function main() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setMode("off");
    return;
  }
  let reg;
  try {
    reg = await navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.href });
  } catch (e) {
    setMode("off");
    return;
  }
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const m = ev.data || {};
    if (m.type === "offline-state" || m.type === "offline-ready") render(m);
    else if (m.type === "offline-failed") {
      live.state = m;
      setMode("failed");
      show(t("table.offline-failed", { have: m.have, total: m.total }));
    }
  });
  await navigator.serviceWorker.ready;
  await loaded();
  await tablesSettled();
  await idle();
  const worker = reg.active || navigator.serviceWorker.controller;
  if (!worker) return;
  const s = await new Promise((ok) => {
    const once = (ev) => { if ((ev.data || {}).type === "offline-state") { navigator.serviceWorker.removeEventListener("message", once); ok(ev.data); } };
    navigator.serviceWorker.addEventListener("message", once);
    worker.postMessage({ type: "state" });
    setTimeout(() => ok(null), 5000);
  });
  if (!s) return;
  render(s);
  if (s.complete || asked) return;
  const missing = s.totalBytes - s.haveBytes;
  if (slowConnection()) {
    setMode("ask");
    show("", { text: t("table.offline-save", { mb: MB(missing) }), onclick: () => save(reg) });
  } else {
    save(reg);
  }
}

main();
