// The same deal again, once a deal is over: play it again from another seat, or see how the advisor
// would have played the reader's seat.
//
// Both are the driver's commands (stukolka/live/again.py): `again` deals the same seeded deal anew
// with the person at the chosen seat (the page switches to that table), `advisor` lets the advisor
// play the reader's seat on the same deal against the same bots.  Its choices and the reader's are
// shown side by side in the engine's words (describe_action's `words`), with each side's result
// from the engine's settlement.  Nothing here works out a move or a sum.

import { h, money } from "./common.js";

let COUNTER = 0;

// `get()` gives {table, view, name}: the table's id, its live view and the seats' names;
// `switchTo(reply, words)` makes the page show the new table.
export function sameDeal(ctx, get, switchTo) {
  const uid = `again-${++COUNTER}`;
  const el = h("section", { class: "lt-again", "aria-label": "The same deal again" });
  const note = h("p", { class: "lt-again-note", role: "status", "aria-live": "polite" });
  const result = h("div", { class: "lt-again-result" });
  let shownFor = null;
  // a table of the book's pages (its placeholder names its game); a class's tables answer to the class server
  const offered = !!(ctx.element && ctx.element.dataset && ctx.element.dataset.game) && !ctx.public;

  function side(title, s, name) {
    return h("div", { class: "lt-again-side" },
      h("h5", { text: title }),
      h("ol", {}, s.moves.map((m) => h("li", { text: m.words }))),
      h("p", { class: "lt-again-net" }, `Result: ${money(s.net)}` + (s.tricks === null || s.tricks === undefined ? "" :
        `, ${s.tricks} trick${s.tricks === 1 ? "" : "s"}`) + ` for ${name}.`));
  }

  async function advisor() {
    const { table, view, name } = get();
    const seat = view.live.people[0];
    note.textContent = "The advisor is playing your seat on the same deal…";
    result.replaceChildren();
    const r = await ctx.client.call({ cmd: "advisor", table, seat });
    if (get().table !== table) return;
    if (!r.ok) { note.textContent = `The advisor could not play this deal: ${r.error}`; return; }
    const a = r.advisor;
    result.replaceChildren(side("Your play", a.reader, name(seat)), side("The advisor's play", a.advisor, name(seat)));
    note.textContent = `The advisor's result on this deal: ${money(a.advisor.net)}; yours: ${money(a.reader.net)}.`;
  }

  async function again(seat) {
    const { table } = get();
    note.textContent = "";
    const r = await ctx.client.call({ cmd: "again", table, seat });
    if (!r.ok) { note.textContent = `The deal could not be dealt again: ${r.error}`; return; }
    switchTo(r, `The same deal again: you are now seat ${seat}${seat === r.view.dealer ? ", the dealer" : ""}.`);
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
      value: String(q), text: `seat ${q}` + (q === me ? " (your seat now)" : "") + (q === view.dealer ? ", the dealer" : "") })));
    sel.value = String((me + 1) % n);
    el.replaceChildren(h("h4", { text: "The same deal again" }),
      h("p", { class: "lt-again-row" }, h("label", { for: sel.id, text: "Play this deal again from " }), sel, " ",
        h("button", { type: "button", class: "lt-again-play", onclick: () => again(Number(sel.value)) }, "Play this deal again")),
      h("p", { class: "lt-again-row" },
        h("button", { type: "button", class: "lt-again-advisor", onclick: advisor }, "How would the advisor have played it?")),
      note, result);
  }

  return { el, draw };
}
