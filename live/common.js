// What every live table on a page does the same way: rule links, bot pacing, announcements, money,
// and the display of a refusal.  Each renderer (stukolka.js, shtoss.js, faraon.js, odds.js, pot.js)
// imports it.  A refusal is read from the driver's fields (error: the engine's words without tags,
// rule: the bare book label), never from the text of a message.

import { h } from "./dom.js";

export { h };

// the pause between two bot moves, so the reader can follow them
export const PACE_MS = 500;

// The book's own page for a rule (rules.json, written by the build): a link, or null when the
// label is not a rule of the book.  `bare`: the link alone, without the small wrapper.
export function ruleLink(ctx, rule, bare = false) {
  const r = rule && ctx.rules && ctx.rules[rule];
  if (!r) return null;
  const title = r.title || rule.split("-rule-").pop().split("-").join(" ");   // a label without a heading
  const a = h("a", { href: new URL(r.href, ctx.root).href, "data-rule": rule, "aria-label": `the rule: ${title}` },
    `(rule: ${title})`);
  return bare ? a : h("small", {}, " ", a);
}

// Money in one format: an int or an exact fraction's text "1/2" as the driver sends it; `signed`
// shows + before a gain; a loss always has the minus sign "−".
export function money(x, signed = true) {
  if (x === null || x === undefined || x === "") return "";
  const s = String(x);
  const negative = s.startsWith("-");
  const body = negative ? s.slice(1) : s;
  if (body === "0") return "0";
  return (negative ? "−" : signed ? "+" : "") + body;
}

// The status line and the log of moves: one announcement goes to both.
export function announcer(status, log) {
  return (text) => {
    log.append(h("li", { text }));
    status.textContent = text;
  };
}

// Bots move one step at a time, paced: `pump()` schedules the next bot move when `due()` says a bot
// is to move; `move(fast)` sends it; `fast()` skips the pause (and lets the driver play every bot).
export function pacer(due, move, fast) {
  let pending = null;
  return {
    pump() {
      if (pending || !due()) return;
      pending = setTimeout(async () => { pending = null; await move(fast()); }, fast() ? 0 : PACE_MS);
    },
    cancel() { if (pending) { clearTimeout(pending); pending = null; } },
    get waiting() { return pending !== null; },
  };
}

// A refusal in an element: the driver's words, then the link to the rule that refuses.
export function showRefusal(el, ctx, reply, prefix = "", suffix = "") {
  el.replaceChildren(`${prefix}${reply && reply.error ? reply.error : ""}${suffix}`);
  const link = reply && ruleLink(ctx, reply.rule);
  if (link) el.append(link);
}
