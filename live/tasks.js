// Tasks at a live table: the list under the table, ticked when the engine says a task is done.
//
// The chapter's placeholder holds the stored list (`.live-tasks`, drawn at build time: each item has
// its task id in data-task and its progress entry in data-progress).  The driver looks at the table
// after every move (stukolka/live/tasks.py) and the view carries the list as view.live.tasks:
// [{id, words, done, rule}].  This module only shows what the view says: a tick, the words, a link
// to the rule, and an announcement when a task is newly done; it records a done task with
// live/progress.js (kept in this browser only).  A task done earlier on this device shows its tick
// from the start.  It decides nothing: "done" is the engine's.  Its own words are the catalogue's, in
// the page's language (t() of progress.js); a task's words are the view's.

import { h, ruleLink } from "./common.js";
import { progress, record, LANG, t as pageSays } from "./progress.js";

function progressId(li) {                  // the item's own progress entry, written at build time
  try { return JSON.parse(li.dataset.progress || "{}"); } catch (e) { return {}; }
}

// The tasks of the table in `ctx.element` (the placeholder); `update(view)` after every view.
export function taskList(ctx) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  const el = ctx.element;
  const box = el && el.querySelector(":scope > .live-tasks");
  if (!box) return { update() {} };
  const items = new Map([...box.querySelectorAll(".live-task")].map((li) => [li.dataset.task, li]));
  const note = h("p", { class: "live-tasks-status", role: "status", "aria-live": "polite" });
  box.append(note);
  el.append(box);                          // under the live table
  box.dataset.live = "live";
  const ticked = new Set();

  function mark(li, how) {                 // how: "now" (this table), "before" (earlier on this device)
    li.dataset.done = "yes";
    li.querySelector(".live-task-mark").textContent = "☑";
    const words = li.querySelector(".live-task-words");
    if (!li.querySelector(".live-task-state")) {
      words.after(h("span", { class: "live-task-state", text: t(how === "before" ? "exercises.task.done_before" : "exercises.task.done") }));
    }
  }

  for (const li of items.values()) {       // a link to each task's rule
    const l = li.dataset.rule && ruleLink(ctx, li.dataset.rule);
    if (l && !li.querySelector("a")) li.append(" ", l);
  }

  // tasks this reader has done before, on this device
  const before = new Set(progress().filter((r) => r.kind === "task").map((r) => r.id));
  for (const li of items.values()) if (before.has(progressId(li).id)) mark(li, "before");

  return {
    update(view) {
      const tasks = (view && view.live && view.live.tasks) || [];
      const now = [];
      for (const task of tasks) {
        const li = items.get(task.id);
        if (!li || !task.done || ticked.has(task.id)) continue;
        ticked.add(task.id);
        const was = li.dataset.done === "yes" && li.querySelector(".live-task-state");
        if (was) was.textContent = t("exercises.task.done");
        mark(li, "now");
        now.push(task.words);
        const entry = progressId(li);
        if (entry.id) record("task", null, entry.id, { done: true, words: task.words });
      }
      if (now.length) note.textContent = t("exercises.task.now", { list: now.join("; ") });
    },
  };
}
