// The reader's progress: exercises answered, predictions committed, tasks done.
//
// Kept in this browser only (localStorage, key "stukolka-progress-v1"); nothing is sent anywhere.
// The reader may save it to a file (exportProgress) and read such a file back, on this or another
// browser (importProgress: a bad file gets a clear error and changes nothing).
//
// A record: {kind: "exercise"|"prediction"|"task", page: "book/stukolka_money", id, detail, first,
// last, count}; `detail` is the caller's short JSON object ({right: true, tries: 2}).  Records are
// keyed by id (unique in the book).  A later record of the same id keeps what was already won:
// once right, an exercise stays right.

// ------------------------------------------------------------------ the words, in the page's language
// The catalogue's messages of the exercises, the questions at positions, the tasks, "the same deal
// again" and the progress page (stukolka/i18n/<lang>/exercises.json) are said by the pages' one
// sayer, live/i18n.js, in the language of the page (<html lang>; English where the catalogue has
// no such language).
import { langOf, numberText as written, t as say } from "./i18n.js";

export function pageLang(doc = globalThis.document) {
  return langOf(doc && doc.documentElement);
}
export const LANG = pageLang();

// The message `id` in `lang` (the page's by default).
export function t(id, fields = {}, lang = LANG) {
  return say(id, fields, lang);
}

// A decimal as the language writes it: a decimal comma in Russian ("27,1").
export function decimalText(text, lang = LANG) {
  return lang === "ru" ? Array.from(String(text), (c) => (c === "." ? "," : c)).join("") : String(text);
}

// A whole number as stukolka.i18n.number_text writes it ("376 000" in Russian).
export function numberText(n, lang = LANG) {
  return written(n, lang);
}

// ------------------------------------------------------------------ the reader's progress
export const KEY = "stukolka-progress-v1";
export const FORMAT = "stukolka-progress";
export const KINDS = ["exercise", "prediction", "task"];
const ROOT = new URL("../../", import.meta.url);        // this module is .../_static/live/progress.js

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data.items === "object" && data.items ? data : { version: 1, items: {} };
  } catch (e) { return { version: 1, items: {} }; }
}

function save(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); return true; } catch (e) { return false; }
}

// The page's path from the book's root, without its suffix: "book/stukolka_money".
export function pagePath(url = location.href) {
  const u = new URL(url);
  let path = u.pathname.startsWith(ROOT.pathname) ? u.pathname.slice(ROOT.pathname.length) : u.pathname.slice(1);
  if (!path || path.endsWith("/")) path += "index";
  return path.endsWith(".html") ? path.slice(0, -".html".length) : path;
}

// `imported`: a record read from a file, which may be this browser's own record saved before: the
// counts are not added up then, the larger is kept.
function merge(old, rec, imported = false) {
  if (!old) return rec;
  const detail = { ...old.detail, ...rec.detail };
  if (old.detail && old.detail.right === true) detail.right = true;      // once right, stays right
  if (old.detail && old.detail.done === true) detail.done = true;
  return { ...old, ...rec, detail, first: old.first < rec.first ? old.first : rec.first,
           last: old.last > rec.last ? old.last : rec.last,
           count: imported ? Math.max(old.count || 1, rec.count || 1) : (old.count || 1) + (rec.count || 1) };
}

// Record one thing done.  `page` null: this page.
export function record(kind, page, id, detail = {}) {
  if (!KINDS.includes(kind)) throw new Error(`progress: the kind ${JSON.stringify(kind)} is not one of ${KINDS.join(", ")}`);
  if (typeof id !== "string" || !id) throw new Error("progress: a record needs an id");
  const now = new Date().toISOString();
  const rec = { kind, page: page || pagePath(), id, detail: detail && typeof detail === "object" ? detail : {},
                first: now, last: now, count: 1 };
  const data = load();
  data.items[id] = merge(data.items[id], rec);
  save(data);
  document.dispatchEvent(new CustomEvent("stukolka-progress", { detail: data.items[id] }));
  return data.items[id];
}

// All records, in the order they were first made.
export function progress() {
  return Object.values(load().items).sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
}

// The file a reader saves: {format, version, saved, items: [...]}.
export function progressFile() {
  return { format: FORMAT, version: 1, saved: new Date().toISOString(), items: progress() };
}

export function exportProgress(doc = document) {
  const blob = new Blob([JSON.stringify(progressFile(), null, 1)], { type: "application/json" });
  const a = doc.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "stukolka-progress.json";
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function checkItem(item, n) {
  if (!item || typeof item !== "object") throw new Error(t("exercises.progress.bad.object", { n: n + 1 }));
  if (!KINDS.includes(item.kind)) throw new Error(t("exercises.progress.bad.kind", { n: n + 1, kind: JSON.stringify(item.kind), kinds: KINDS.join(", ") }));
  for (const f of ["id", "page", "first", "last"]) {
    if (typeof item[f] !== "string" || !item[f]) throw new Error(t("exercises.progress.bad.text", { n: n + 1, field: f }));
  }
  if (item.detail !== undefined && (typeof item.detail !== "object" || item.detail === null || Array.isArray(item.detail))) {
    throw new Error(t("exercises.progress.bad.detail", { n: n + 1 }));
  }
  return { kind: item.kind, page: item.page, id: item.id, detail: item.detail || {}, first: item.first, last: item.last,
           count: Number.isInteger(item.count) && item.count > 0 ? item.count : 1 };
}

// Read the text of a saved file; the checked records, or an Error saying what is wrong.
export function readProgressFile(text) {
  let data;
  try { data = JSON.parse(text); } catch (e) { throw new Error(t("exercises.progress.bad.json")); }
  if (!data || data.format !== FORMAT) throw new Error(t("exercises.progress.bad.format"));
  if (data.version !== 1) throw new Error(t("exercises.progress.bad.version", { version: JSON.stringify(data.version) }));
  if (!Array.isArray(data.items)) throw new Error(t("exercises.progress.bad.items"));
  return data.items.map(checkItem);
}

// Read a saved file (a File, a Blob or its text) and merge it into this browser's progress.
// Resolves to the number of records read; a bad file rejects with an Error and changes nothing.
export async function importProgress(file) {
  const text = typeof file === "string" ? file : await file.text();
  const items = readProgressFile(text);
  const data = load();
  for (const it of items) data.items[it.id] = merge(data.items[it.id], it, true);
  if (!save(data)) throw new Error(t("exercises.progress.bad.storage"));
  document.dispatchEvent(new CustomEvent("stukolka-progress", { detail: null }));
  return items.length;
}
