// Exercises that answer back: every `.exercise` form on a page checks the reader's answer.
//
// The form was drawn by the notebook (stukolka/exercises.py, Exercise._repr_html_) and carries in
// `data-exercise` everything a check needs: each part's right value as the engine computed it at
// build time, the answers it accepts (normalized: card spellings generated from the engine's own
// card names), the tolerance of a fraction, the hint, the why, the rule's label and the answer in
// words.  This script only reads what the reader typed, in the same steps as read_part() in
// stukolka/exercises.py, and compares; it needs no Python, so it answers at once, before the
// page's live tables (if any) have started.
//
// An exercise: a wrong answer is told the hint first (if there is one), a later one the why; a
// right one is acknowledged with the why and the rule.  "Show the answer" appears after a first
// try and opens the model answer (the `Answer` dropdown after the form, hidden until then).
// A prediction ("predict, then see"): the reader commits a guess; the page then shows the value
// and how close the guess came.  Both are recorded in the reader's progress (progress.js).
//
// The form's own words and the feedback's (the buttons, "Right: …", "Hint: …", "60 chips") are the
// catalogue's, in the page's language (<html lang>; t() of progress.js); the question, its labels,
// hint and why, and the answer in words, are the exercise's as the notebook wrote them.

import { h, ruleLink } from "./common.js";
import { LANG, decimalText, numberText, record, t } from "./progress.js";

const BASE = new URL(".", import.meta.url);            // .../_static/live/
const ROOT = new URL("../../", BASE);                  // the book's root
let RULES = null;
function rules() {
  if (!RULES) RULES = fetch(new URL("rules.json", BASE)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return RULES;
}

// ------------------------------------------------------------------ reading a typed answer
// The same steps as stukolka/exercises.py (normalize, read_part); tests/test_browser_exercises.py
// runs one corpus of answers through both.
//   the same characters: ё is е, a minus sign or a dash is "-"
const SAME = [["ё", "е"], ["−", "-"], ["–", "-"], ["—", "-"]];
const AMOUNT = /^([+-]?) ?(\d+)(?:[.,]0+)? ?(.*)$/;
const RATIO = /^(\d+) ?\/ ?(\d+)$/;
const DECIMAL = /^(\d*[.,]?\d+) ?(%?)$/;
const SEAT = /^(?:([^\d ]+) ?)?(\d+)$/;
const CARD_GAPS = /[\s,;]+/;
const SPACES = /\s+/;

export function normalize(typed) {
  let answer = String(typed).normalize("NFC").trim().toLowerCase();
  for (const [from, to] of SAME) answer = answer.replaceAll(from, to);
  return answer.split(SPACES).filter(Boolean).join(" ");
}

// A number with at most `digits` decimals, trailing zeros left off (Python: f"{x:.{digits}f}" stripped).
function decimals(x, digits) { return String(Number(x.toFixed(digits))); }

function percent(x, lang) {
  const pct = x * 100;
  return `${decimalText(decimals(pct, Math.abs(pct) < 10 ? 2 : 1), lang)} %`;
}

function chanceValue(answer) {
  let m = RATIO.exec(answer);
  if (m) { const den = Number(m[2]); return den ? Number(m[1]) / den : null; }
  m = DECIMAL.exec(answer);
  if (m) { const digits = m[1]; const x = Number(digits.replace(",", ".")); return m[2] ? x / 100 : x; }
  return null;
}

function signed(n, lang) { return n < 0 ? `−${numberText(-n, lang)}` : numberText(n, lang); }

// A number of chips in words ("60 chips", "1 chip"); another unit is the chapter's word, as written.
function amount(n, unit, lang) {
  if (unit === "chips") return t("exercises.chips", { n: Math.abs(n), amount: signed(n, lang) }, lang);
  return unit ? t("exercises.unit", { amount: signed(n, lang), unit }, lang) : signed(n, lang);
}

// One part: {ok, right, said, problem, value}.
export function readPart(part, typed, lang = LANG) {
  const answer = normalize(typed);
  const shown = String(typed).trim();
  if (!answer) return { ok: false, right: false, problem: t("exercises.problem.empty", { label: part.label }, lang) };
  switch (part.kind) {
    case "amount": {
      const m = AMOUNT.exec(answer);
      if (!m || (m[3] && !part.units.includes(m[3]))) return { ok: false, right: false, problem: t("exercises.problem.amount", { typed: shown }, lang) };
      const n = Number(m[2]) * (m[1] === "-" ? -1 : 1);
      return { ok: true, right: n === part.value, said: amount(n, part.unit, lang), value: n };
    }
    case "chance": {
      const x = chanceValue(answer);
      if (x === null) return { ok: false, right: false, problem: t("exercises.problem.chance", { typed: shown }, lang) };
      return { ok: true, right: Math.abs(x - part.num / part.den) <= part.tolerance + 1e-12, said: percent(x, lang), value: x };
    }
    case "card":
      return { ok: true, right: part.accept.includes(answer.replaceAll(" ", "")), said: shown };
    case "cards": {
      const tokens = answer.split(CARD_GAPS).filter((tok) => tok && !part.joiners.includes(tok));
      const found = new Set();
      let i = 0;
      while (i < tokens.length) {
        let hit = null;
        for (const width of [3, 2, 1]) {
          if (i + width > tokens.length) continue;
          const chunk = tokens.slice(i, i + width).join("");
          const k = part.cards.findIndex((acc) => acc.includes(chunk));
          if (k >= 0) { hit = width; found.add(k); break; }
        }
        if (hit === null) return { ok: true, right: false, said: shown };
        i += hit;
      }
      return { ok: true, right: found.size === part.cards.length, said: shown };
    }
    case "seat": {
      let n;
      if (Object.prototype.hasOwnProperty.call(part.names, answer)) n = part.names[answer];
      else {
        const m = SEAT.exec(answer);
        if (!m || (m[1] && !part.words.includes(m[1]))) return { ok: false, right: false, problem: t("exercises.problem.seat", { typed: shown }, lang) };
        n = Number(m[2]);
      }
      return { ok: true, right: n === part.value, said: t("exercises.seat", { n }, lang) };
    }
    case "choice": {
      const k = part.accept.indexOf(answer);
      if (k < 0) return { ok: false, right: false, problem: t("exercises.problem.choice", { typed: shown }, lang) };
      return { ok: true, right: k === part.right, said: shown };
    }
    default:
      return { ok: false, right: false, problem: t("exercises.problem.kind", {}, lang) };
  }
}

// The verdict on a whole answer, in the words stukolka/exercises.py's check() gives (in `lang`).
export function verdict(spec, typed, tries = 1, lang = LANG) {
  const reads = spec.parts.map((p, i) => readPart(p, typed[i] === undefined ? "" : typed[i], lang));
  const parts = reads.map((r) => r.right);
  const bad = reads.find((r) => !r.ok);
  if (bad) return { right: false, read: false, parts, words: bad.problem[0].toUpperCase() + bad.problem.slice(1) + ".", rule: "" };
  const right = reads.every((r) => r.right);
  let words;
  if (spec.mode === "predict") {
    const p = spec.parts[0], r = reads[0];
    let how = t(r.right ? "exercises.how.right" : "exercises.how.wrong", {}, lang);
    if (p.kind === "amount") {
      const d = r.value - p.value;
      how = d === 0 ? t("exercises.how.exact", {}, lang) : t(d > 0 ? "exercises.how.many" : "exercises.how.few", { d: Math.abs(d) }, lang);
    } else if (p.kind === "chance") {
      const d = r.value - p.num / p.den;
      const pts = decimalText(decimals(Math.abs(d) * 100, 1), lang);
      how = r.right ? t("exercises.how.within", {}, lang) : t(d > 0 ? "exercises.how.high" : "exercises.how.low", { n: pts, points: pts }, lang);
    }
    words = [t("exercises.said", { said: r.said, answer: p.answer, how }, lang), spec.why].filter(Boolean).join(" ");
  } else if (right) {
    words = [t("exercises.right", { answer: spec.answer }, lang), spec.why].filter(Boolean).join(" ");
  } else {
    const lead = spec.parts.length > 1
      ? spec.parts.map((p, i) => t(parts[i] ? "exercises.part.right" : "exercises.part.wrong", { label: p.label }, lang)).join(" ")
      : t("exercises.wrong", {}, lang);
    const tail = spec.hint && tries <= 1 ? t("exercises.hint", { hint: spec.hint }, lang) : (spec.why || t("exercises.again", {}, lang));
    words = `${lead} ${tail}`;
  }
  return { right, read: true, parts, words, rule: spec.rule };
}

// ------------------------------------------------------------------ the forms
// The model answer that follows an exercise's cell: the `Answer` dropdown.
function modelAnswer(box) {
  const cell = box.closest(".cell") || box;
  const next = cell.nextElementSibling;
  return next && next.matches("details.sd-dropdown") ? next : null;
}

function typedAnswers(form, spec) {
  return spec.parts.map((p, i) => {
    if (p.kind === "choice") {
      const on = form.querySelector(`input[type=radio][name="ex-${spec.id}-${i}"]:checked`);
      return on ? on.value : "";
    }
    const input = form.querySelector(`#ex-${CSS.escape(spec.id)}-${i}`);
    return input ? input.value : "";
  });
}

function wire(box) {
  if (box.dataset.ready) return;
  let spec;
  try { spec = JSON.parse(box.dataset.exercise); } catch (e) { return; }
  box.dataset.ready = "1";
  box.classList.add("ex-ready");
  const form = box.querySelector(".ex-form");
  const feedback = box.querySelector(".ex-feedback");
  const show = box.querySelector(".ex-show");
  const answer = modelAnswer(box);
  if (answer) { answer.hidden = true; answer.classList.add("ex-answer"); }
  // the form's own words in the page's language (the notebook drew them in the exercise's)
  const check = form.querySelector(".ex-check");
  const head = form.querySelector(".ex-head");
  check.textContent = t(spec.mode === "predict" ? "exercises.commit" : "exercises.check");
  if (head) head.textContent = t(spec.mode === "predict" ? "exercises.head.predict" : "exercises.head.exercise");
  if (show) show.textContent = t("exercises.show");
  let tries = 0, everRight = false, committed = false;

  const say = (v, extra = []) => {
    feedback.replaceChildren(v.words, ...extra);
    feedback.className = `ex-feedback ${v.read ? (v.right ? "ex-is-right" : "ex-is-wrong") : "ex-is-unread"}`;
    if (v.rule) rules().then((rl) => {
      const link = ruleLink({ rules: rl, root: ROOT.href }, v.rule);
      if (link && feedback.firstChild && feedback.firstChild.nodeValue === v.words) feedback.append(link);
    });
  };

  // Enter in an answer checks it, as the Check button does (the form is no <form>: in a notebook
  // without this script, a button must not send the page anywhere).
  form.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && ev.target.matches("input")) { ev.preventDefault(); check.click(); }
  });
  check.addEventListener("click", () => {
    if (committed) return;
    const typed = typedAnswers(form, spec);
    const v = verdict(spec, typed, tries + 1);
    if (!v.read) { say(v); return; }
    tries += 1;
    everRight = everRight || v.right;
    box.classList.toggle("ex-solved", everRight);
    spec.parts.forEach((p, i) => {
      const input = form.querySelector(`#ex-${CSS.escape(spec.id)}-${i}`);
      if (input) input.setAttribute("aria-invalid", v.parts[i] ? "false" : "true");
    });
    say(v);
    if (spec.mode === "predict") {
      committed = true;
      for (const el of form.querySelectorAll("input, button")) el.disabled = true;
      box.classList.add("ex-committed");
      record("prediction", null, spec.id, { right: v.right, guess: typed[0] });
    } else {
      if (show) show.hidden = false;
      record("exercise", null, spec.id, { right: everRight, tries });
    }
  });
  if (show) show.addEventListener("click", () => {
    if (!tries) return;                                   // only after a try
    if (answer) {
      answer.hidden = false;
      answer.open = true;
      const summary = answer.querySelector("summary");
      if (summary) summary.focus();
    } else {
      feedback.replaceChildren(t("exercises.the_answer", { answer: spec.answer }));
    }
    show.hidden = true;
    box.classList.add("ex-shown");
  });
}

export function wireAll(root = document) {
  for (const box of root.querySelectorAll(".exercise[data-exercise]")) wire(box);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => wireAll());
else wireAll();
