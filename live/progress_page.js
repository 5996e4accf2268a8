// The "Your progress" page: every chapter's exercises, predictions and tasks (from
// _static/progress.json, written by the build from the pages' data-progress attributes), each
// with what this browser has recorded of it (progress.js); saving to a file and reading one back.
// Its words are the catalogue's, in the page's language (t() of progress.js).

import { h } from "./dom.js";
import { progress, exportProgress, importProgress, t } from "./progress.js";

const ROOT = new URL("../../", import.meta.url);
const FILE = "stukolka-progress.json";

function state(item, rec) {
  if (!rec) return { cls: "pg-open", text: t("exercises.progress.not_yet") };
  const d = rec.detail || {};
  if (item.kind === "task") return d.done === false ? { cls: "pg-tried", text: t("exercises.progress.begun") } : { cls: "pg-done", text: t("exercises.progress.done") };
  if (item.kind === "prediction") return { cls: "pg-done", text: t(d.right ? "exercises.progress.guessed_right" : "exercises.progress.guessed") };
  if (!d.tries) return d.right ? { cls: "pg-done", text: t("exercises.progress.right_plain") } : { cls: "pg-tried", text: t("exercises.progress.tried_plain") };
  return d.right ? { cls: "pg-done", text: t("exercises.progress.right", { n: d.tries }) } : { cls: "pg-tried", text: t("exercises.progress.tried", { n: d.tries }) };
}

function kindWords(kind) {
  return ["exercise", "prediction", "task"].includes(kind) ? t(`exercises.progress.kind.${kind}`) : `${kind}: `;
}

function render(box, book) {
  const recs = new Map(progress().map((r) => [r.id, r]));
  const pages = book.pages || [];
  let all = 0, done = 0;
  const sections = pages.map((pg) => {
    const rows = pg.items.map((it) => {
      const s = state(it, recs.get(it.id));
      all += 1; if (s.cls === "pg-done") done += 1;
      return h("li", { class: `pg-item ${s.cls}`, "data-id": it.id },
        h("span", { class: "pg-kind", text: kindWords(it.kind) }),
        h("a", { href: new URL(`${pg.page}.html#${it.anchor || ""}`, ROOT).href, text: it.words }),
        h("span", { class: "pg-state", text: ` — ${s.text}` }));
    });
    const got = pg.items.filter((it) => state(it, recs.get(it.id)).cls === "pg-done").length;
    return h("section", { class: "pg-chapter", "data-page": pg.page },
      h("h3", {}, h("a", { href: new URL(`${pg.page}.html`, ROOT).href, text: pg.title }),
        h("small", { text: t("exercises.progress.of", { done: got, all: pg.items.length }) })),
      h("ul", {}, rows));
  });
  const summary = h("p", { class: "pg-summary", text: t("exercises.progress.summary", { done, all }) });
  box.querySelector(".pg-list").replaceChildren(summary, ...sections);
}

export async function mount(box) {
  const note = h("p", { class: "pg-note", role: "status", "aria-live": "polite" });
  const save = h("button", { type: "button", class: "pg-save", text: t("exercises.progress.save") });
  const input = h("input", { type: "file", id: "pg-file", accept: ".json,application/json" });
  const load = h("p", { class: "pg-load" }, h("label", { for: "pg-file", text: t("exercises.progress.load") }), input);
  box.replaceChildren(h("div", { class: "pg-tools" }, h("p", {}, save), load, note), h("div", { class: "pg-list" }));
  let book = { pages: [] };
  try {
    const r = await fetch(new URL("_static/progress.json", ROOT));
    if (r.ok) book = await r.json();
  } catch (e) { /* the list stays empty; the records are still kept */ }
  render(box, book);
  save.addEventListener("click", () => { exportProgress(); note.textContent = t("exercises.progress.saved", { file: FILE }); });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      const n = await importProgress(file);
      note.textContent = t("exercises.progress.read", { n, file: file.name });
      note.className = "pg-note";
    } catch (e) {
      note.textContent = t("exercises.progress.not_read", { error: e.message });
      note.className = "pg-note pg-error";
    }
    input.value = "";
    render(box, book);
  });
  document.addEventListener("stukolka-progress", () => render(box, book));
}

for (const box of document.querySelectorAll("#stukolka-progress")) mount(box);
