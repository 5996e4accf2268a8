// The same deal again, once a deal is over: play it again from another seat, or see how the advisor
// would have played the reader's seat.
//
// Both are the driver's commands (stukolka/live/again.py): `again` deals the same seeded deal anew
// with the person at the chosen seat (the page switches to that table), `advisor` lets the advisor
// play the reader's seat on the same deal against the same bots.  Its choices and the reader's are
// shown side by side in the engine's words (describe_action's `words`), with each side's result
// from the engine's settlement.  Nothing here works out a move or a sum.  Its own words are the
// catalogue's, in the page's language (t() of progress.js).

import { h, money } from "./common.js";
import { LANG, t as pageSays } from "./progress.js";

let COUNTER = 0;

// `get()` gives {table, view, name}: the table's id, its live view and the seats' names;
// `switchTo(reply, words)` makes the page show the new table.
export function sameDeal(ctx, get, switchTo) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  const uid = `again-${++COUNTER}`;
  const el = h("section", { class: "lt-again", "aria-label": t("exercises.again.title") });
  const note = h("p", { class: "lt-again-note", role: "status", "aria-live": "polite" });
  const result = h("div", { class: "lt-again-result" });
  let shownFor = null;
  // a table of the book's pages (its placeholder names its game); a class's tables answer to the class server
  const offered = !!(ctx.element && ctx.element.dataset && ctx.element.dataset.game) && !ctx.public;

  function side(title, s, name) {
    return h("div", { class: "lt-again-side" },
      h("h5", { text: title }),
      h("ol", {}, s.moves.map((m) => h("li", { text: m.words }))),
      h("p", { class: "lt-again-net" }, s.tricks === null || s.tricks === undefined
        ? t("exercises.again.result", { net: money(s.net), name })
        : t("exercises.again.result_tricks", { net: money(s.net), n: s.tricks, name })));
  }

  async function advisor() {
    const { table, view, name } = get();
    const seat = view.live.people[0];
    note.textContent = t("exercises.again.advisor_playing");
    result.replaceChildren();
    const r = await ctx.client.call({ cmd: "advisor", table, seat });
    if (get().table !== table) return;
    if (!r.ok) { note.textContent = t("exercises.again.advisor_failed", { error: r.error }); return; }
    const a = r.advisor;
    result.replaceChildren(side(t("exercises.again.yours"), a.reader, name(seat)), side(t("exercises.again.advisors"), a.advisor, name(seat)));
    note.textContent = t("exercises.again.compare", { advisor: money(a.advisor.net), reader: money(a.reader.net) });
  }

  async function again(seat) {
    const { table } = get();
    note.textContent = "";
    const r = await ctx.client.call({ cmd: "again", table, seat });
    if (!r.ok) { note.textContent = t("exercises.again.failed", { error: r.error }); return; }
    switchTo(r, t(seat === r.view.dealer ? "exercises.again.now_dealer" : "exercises.again.now_seat", { seat }));
  }

  function draw() {
    const { table, view } = get();
    const over = offered && view.live.waiting_for === "over" && view.live.people.length === 1;
    if (!over) { el.replaceChildren(); el.hidden = true; shownFor = null; return; }
    if (shownFor === table) return;            // drawn already for this finished deal
    shownFor = table;
    el.hidden = false;
    result.replaceChildren(); note.textContent = "";
    const me = view.live.people[0], n = view.seats.length;
    const sel = h("select", { id: `${uid}-seat` }, [...Array(n).keys()].map((q) => h("option", {
      value: String(q), text: t("exercises.again.option", { seat: q }) + (q === me ? t("exercises.again.option_mine") : "") +
        (q === view.dealer ? t("exercises.again.option_dealer") : "") })));
    sel.value = String((me + 1) % n);
    el.replaceChildren(h("h4", { text: t("exercises.again.title") }),
      h("p", { class: "lt-again-row" }, h("label", { for: sel.id, text: t("exercises.again.from") }), sel, " ",
        h("button", { type: "button", class: "lt-again-play", onclick: () => again(Number(sel.value)) }, t("exercises.again.play"))),
      h("p", { class: "lt-again-row" },
        h("button", { type: "button", class: "lt-again-advisor", onclick: advisor }, t("exercises.again.advisor"))),
      note, result);
  }

  return { el, draw };
}
