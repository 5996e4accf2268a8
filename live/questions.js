// Questions at a live table's position: the reader commits first, then the page answers in words.
//
// A position in the book may carry a question (the directive's `:ask:`, stored by the build as the
// placeholder's `data-ask` JSON: stukolka/live/questions.py).  Every answer comes from the engine:
// from the live table's view in the page's Python (which cards may be played: hand[i].legal, .why,
// .rule) or from the build (the moves asked about, the options' values).  This module only compares
// the reader's marks with those lists and says so in words; it computes no rule and parses no
// engine string.  Any table (Stukolka, shtoss, Pharaon, the shedding game) may use it:
//
//   askOf(ctx) -> the position's question ({kind, seat, prompt, moves?, options?, advice?}) or null
//       (ctx: the renderer's mount context; the question is read from ctx.element.dataset.ask).
//
//   legalQuestion(ctx, ask, { items, onDone, onChange }) -> q      (kind "legal")
//       items(): the choices to mark, [{ key, name, legal, why, rule }]: for cards the table passes
//         its view's hand (key: the card, name: its title, legal/why/rule: the engine's); for moves
//         leave `items` out: ask.moves (the build's answer) are used and drawn as toggles in q.box.
//       q.box       the element to show with the table: prompt, the move toggles, "Check", "Show the
//                   answer" (after a wrong try) and the feedback (role="status").
//       q.pending   true until answered (rightly, or the answer shown): meanwhile the table raises
//                   and dims no card and shows no reason line; a click on a card calls q.toggle.
//       q.toggle(key), q.marked(key)   the reader's marks (the table draws them: aria-pressed).
//       q.check()   compares the marks with items(): right or wrong, and which card was missed or
//                   wrongly marked and the rule; a right answer is acknowledged ("Right: …").
//       onDone()    is called once the question closes (answered rightly, or the answer shown after
//                   a wrong try): the table then draws its usual raised and dimmed hand.
//       onChange()  is called after every mark, so the table can draw the marks.
//
//   judgmentPanel(ctx, ask, chosen) -> element      (kind "judgment")
//       after the reader's choice (`chosen`: the action he sent, one of ask.options[i].action):
//       every option's expected chips with its 95% interval, his choice and the best marked, and
//       what the sources advise (ask.advice).
//
//   choiceQuestion(ctx, { prompt, choices: [{ key, words }], answer, why, rule, onAnswered }) -> q
//       a question with one right choice computed by the engine (e.g. "who wins this abcug?"):
//       q.box holds the choices as buttons and the feedback; the reader may try again after a
//       wrong choice, and see the answer after a try.
//
//   hintBox(ctx) -> { box, show(reply), clear() }
//       the Hint button's answer: the driver's `hint` reply (advice: [{ words, mean_float, low,
//       high, samples }], best first, or a note saying there is nothing to advise).
//
// Every answer also goes out as a DOM event "stukolka-question" on the box ({kind, right, tries}),
// for a page that keeps the reader's progress.
//
// Every fixed word here is the catalogue's, in the page's language (t() of progress.js); the moves'
// and cards' words, the reasons and the prompt are the engine's, as the view or the build gave them.

import { h, ruleLink } from "./common.js";
import { decimalText, LANG, t as pageSays } from "./progress.js";

export function askOf(ctx) {
  const el = ctx && ctx.element;
  if (!el || !el.dataset || !el.dataset.ask) return null;
  try { return JSON.parse(el.dataset.ask); } catch (e) { return null; }
}

// a number of chips with its sign, two decimals: +1.25, −0.40, 0.00 (+1,25 in Russian)
export function chips(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return "";
  const body = decimalText(Math.abs(n).toFixed(2));
  return (n > 0.004 ? "+" : n < -0.004 ? "−" : "") + body;
}

const list = (names, t = pageSays) => names.length <= 1 ? names.join("") :
  t("exercises.and", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });

function tell(box, kind, ...parts) {
  box.replaceChildren(...parts.filter((p) => p !== null && p !== undefined));
  box.dataset.kind = kind;
}

function emit(el, detail) {
  el.dispatchEvent(new CustomEvent("stukolka-question", { bubbles: true, detail }));
}

// ------------------------------------------------------------------ "which cards may you play?"
export function legalQuestion(ctx, ask, { items = null, onDone = () => {}, onChange = () => {} } = {}) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  const moves = !items;
  const get = moves ? () => (ask.moves || []).map((m) => ({ key: m.action, name: m.words, legal: m.legal, why: m.why, rule: m.rule })) : items;
  const marks = new Set();
  let pending = true, tries = 0;
  const feedback = h("div", { class: "lq-feedback", role: "status", "aria-live": "polite" });
  const toggles = h("div", { class: "lq-moves", role: "group", "aria-label": t("exercises.q.moves") });
  const checkButton = h("button", { type: "button", class: "lq-check", onclick: () => q.check() }, t("exercises.check"));
  const showButton = h("button", { type: "button", class: "lq-show", hidden: true, onclick: () => reveal() }, t("exercises.show"));
  const prompt = h("p", { class: "lq-prompt", text: ask.prompt || "" });
  const box = h("div", { class: "lq lq-legal", role: "group", "aria-label": t("exercises.q.label") },
    prompt, moves ? toggles : null,
    h("div", { class: "lq-buttons" }, checkButton, showButton), feedback);

  function drawToggles() {
    if (!moves) return;
    toggles.replaceChildren(...get().map((m, i) => h("button", {
      type: "button", class: "lq-move" + (marks.has(m.key) ? " lq-marked" : ""), "aria-pressed": String(marks.has(m.key)),
      onclick: () => { q.toggle(m.key); const b = toggles.children[i]; if (b) b.focus(); },
      "data-key": m.key }, m.name)));
  }

  const why = (it) => [h("span", { text: t("exercises.q.reason", { name: it.name, why: it.why || t("exercises.q.not_now") }) }), ruleLink(ctx, it.rule)];
  const lines = (label, its) => its.length ? h("li", {}, label, h("ul", {}, its.map((it) => h("li", {}, ...why(it))))) : null;

  function finish(right) {
    pending = false;
    checkButton.hidden = true; showButton.hidden = true; prompt.hidden = true;
    toggles.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    box.dataset.state = right ? "right" : "shown";
    emit(box, { kind: "legal", right, tries });
    onDone();
  }

  function reveal() {                     // after a wrong try: the engine's answer, with every reason
    const all = get(), ok = all.filter((it) => it.legal), no = all.filter((it) => !it.legal);
    tell(feedback, "shown", h("p", { text: ok.length ? t(moves ? "exercises.q.answer_make" : "exercises.q.answer_play", { list: list(ok.map((it) => it.name), t) }) :
      t("exercises.q.answer_none") }), h("ul", {}, lines(t("exercises.q.not_allowed"), no)));
    finish(false);
  }

  const q = {
    box,
    get pending() { return pending; },
    get tries() { return tries; },
    marked: (key) => marks.has(key),
    toggle(key) {
      if (!pending) return;
      marks.has(key) ? marks.delete(key) : marks.add(key);
      drawToggles(); onChange();
    },
    check() {
      if (!pending) return null;
      tries++;
      const all = get();
      const missed = all.filter((it) => it.legal && !marks.has(it.key));
      const wrong = all.filter((it) => !it.legal && marks.has(it.key));
      const ok = all.filter((it) => it.legal), no = all.filter((it) => !it.legal);
      if (!missed.length && !wrong.length) {
        const said = ok.length ? list(ok.map((it) => it.name), t) : t("exercises.q.none_of_them");
        const id = `exercises.q.right_${moves ? "make" : "play"}${no.length ? "" : "_all"}`;
        tell(feedback, "right", h("p", { class: "lq-verdict", text: t(id, { list: said }) }),
          no.length ? h("ul", {}, lines(t("exercises.q.why_not"), no)) : null);
        finish(true);
        return { right: true, missed, wrong };
      }
      const parts = [h("p", { class: "lq-verdict", text: t(marks.size ? "exercises.q.not_quite" : "exercises.q.nothing") })];
      if (marks.size) {
        if (wrong.length) parts.push(h("ul", {}, lines(t(wrong.length === 1 ? "exercises.q.wrong_one" : "exercises.q.wrong_some"), wrong)));
        if (missed.length) parts.push(h("p", { text: t("exercises.q.missed", { n: missed.length, list: list(missed.map((it) => it.name), t) }) },
          ...missed.map((it) => ruleLink(ctx, it.rule))));
        parts.push(h("p", { class: "lq-again", text: t("exercises.q.again") }));
      }
      tell(feedback, "wrong", ...parts);
      showButton.hidden = false;
      emit(box, { kind: "legal", right: false, tries });
      return { right: false, missed, wrong };
    },
  };
  drawToggles();
  return q;
}

// ------------------------------------------------------------------ "knock or pass?": every option's value
export function judgmentPanel(ctx, ask, chosen) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  const opts = ask.options || [];
  const mine = opts.find((o) => o.action === chosen);
  const best = opts.filter((o) => o.best);
  const rows = opts.map((o) => h("tr", { class: (o.action === chosen ? "lq-chosen" : "") + (o.best ? " lq-best" : "") },
    h("th", { scope: "row" }, o.words,
      o.action === chosen ? h("span", { class: "lq-tag", text: t("exercises.q.your_choice") }) : null,
      o.best ? h("span", { class: "lq-tag lq-tag-best", text: t("exercises.q.best") }) : null),
    h("td", { class: "num", text: chips(o.mean_float) }),
    h("td", { class: "num", text: o.low === o.high ? t("exercises.q.same_every_deal") : t("exercises.q.range", { low: chips(o.low), high: chips(o.high) }) })));
  const n = opts.length ? opts[0].samples : 0;
  let verdict;
  if (!mine) verdict = t("exercises.q.not_weighed");
  else if (mine.best) verdict = t("exercises.q.chose_best", { words: mine.words });
  else {
    const b = best[0], gap = b.mean_float - mine.mean_float;
    const overlap = mine.high >= b.low;
    verdict = t(overlap ? "exercises.q.chose_overlap" : "exercises.q.chose",
      { mine: mine.words, best: b.words, gap: decimalText(Math.abs(gap).toFixed(2)) });
  }
  const box = h("div", { class: "lq lq-judgment", role: "group", "aria-label": t("exercises.q.worth") },
    h("p", { class: "lq-verdict", role: "status", "aria-live": "polite", text: verdict }),
    h("div", { class: "lt-scroll" }, h("table", { class: "lq-values" },
      h("caption", { text: t("exercises.q.caption", { seat: ask.seat, n }) }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("exercises.q.col.choice") }),
        h("th", { scope: "col", text: t("exercises.q.col.mean") }), h("th", { scope: "col", text: t("exercises.q.col.interval") }))),
      h("tbody", {}, rows))),
    ask.advice ? h("p", { class: "lq-advice" }, h("b", { text: t("exercises.q.sources") }), ask.advice) : null);
  emit(box, { kind: "judgment", right: !!(mine && mine.best), tries: 1 });
  return box;
}

// ------------------------------------------------------------------ one right choice ("who wins this abcug?")
export function choiceQuestion(ctx, { prompt = "", choices = [], answer, why = "", rule = "", onAnswered = () => {} }) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  let tries = 0, done = false;
  const feedback = h("div", { class: "lq-feedback", role: "status", "aria-live": "polite" });
  const showButton = h("button", { type: "button", class: "lq-show", hidden: true, onclick: () => end(false) }, t("exercises.show"));
  const buttons = h("div", { class: "lq-moves", role: "group", "aria-label": prompt || t("exercises.q.choices") });
  const right = choices.find((c) => c.key === answer);
  function end(ok) {
    done = true;
    buttons.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    showButton.hidden = true;
    tell(feedback, ok ? "right" : "shown", h("p", { class: "lq-verdict", text: t(ok ? "exercises.q.choice_right" : "exercises.q.choice_shown",
      { words: right ? right.words : "" }) + (why ? ` ${why}` : "") }), ruleLink(ctx, rule));
    box.dataset.state = ok ? "right" : "shown";
    emit(box, { kind: "choice", right: ok, tries });
    onAnswered(ok);
  }
  for (const c of choices) buttons.append(h("button", { type: "button", class: "lq-move", "data-key": String(c.key), onclick: () => {
    if (done) return;
    tries++;
    if (c.key === answer) { end(true); return; }
    tell(feedback, "wrong", h("p", { class: "lq-verdict", text: t("exercises.q.choice_wrong", { words: c.words }) }));
    showButton.hidden = false;
    emit(box, { kind: "choice", right: false, tries });
  } }, c.words));
  const box = h("div", { class: "lq lq-choice", role: "group", "aria-label": t("exercises.q.label") },
    prompt ? h("p", { class: "lq-prompt", text: prompt }) : null, buttons, h("div", { class: "lq-buttons" }, showButton), feedback);
  return { box, get pending() { return !done; }, get tries() { return tries; } };
}

// ------------------------------------------------------------------ the Hint: the advisor's word
export function hintBox(ctx) {
  const t = (id, fields = {}) => pageSays(id, fields, ctx.lang || LANG);   // the table's language
  const out = h("div", { class: "lq-hint-out", role: "status", "aria-live": "polite" });
  return {
    box: out,
    clear() { out.replaceChildren(); delete out.dataset.kind; },
    show(reply) {
      const hint = (reply && reply.hint) || {};
      const advice = hint.advice || [];
      if (!advice.length) {
        tell(out, "none", h("p", { text: hint.note || t("exercises.q.nothing_to_advise") }), ruleLink(ctx, hint.rule));
        return;
      }
      const n = advice[0].samples;
      tell(out, "advice",
        h("p", { class: "lq-verdict" }, h("b", { text: t("exercises.q.advisor_would") }), advice[0].words),
        h("ul", { class: "lq-hint-list", "aria-label": t("exercises.q.each_value") }, advice.map((a) => h("li", {},
          h("span", { class: "lq-hint-words", text: a.words }), ": ",
          a.low === a.high ? t("exercises.q.every_deal", { mean: chips(a.mean_float) }) :
            t("exercises.q.average", { mean: chips(a.mean_float), low: chips(a.low), high: chips(a.high) })))),
        h("p", { class: "lq-small", text: t("exercises.q.estimate", { n }) }), ruleLink(ctx, hint.rule));
    },
  };
}
