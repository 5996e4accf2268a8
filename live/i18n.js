// The words of a live table in the table's language: the same message catalogue as the engine's
// (stukolka/i18n/<lang>/<domain>.json, read by stukolka.i18n), written by the build into
// messages.js beside this file (_ext/live_tables.py: write_messages), so the page fetches nothing
// but its own files and a table speaks offline.  A word is never written here, only read.
//
// t(id, fields, lang) says one message, as stukolka.i18n.tr does: a template's {named} fields are
// filled in (a number in the language's notation, numberText; a field that is itself a message,
// {id, fields}, said in the same language); a template of plural forms ({"#": field, one, few, many,
// other}) chooses its form by pluralForm, the same rule as Python's plural_form.  An unknown id,
// language or a missing field throws an Error naming it.
//
// The language of a table is an argument, never a global: langOf(el) reads the table's own
// data-lang (the directive's :lang:) or the page's <html lang>, and the loader hands each table
// its own t (ctx.t, ctx.lang).

import { MESSAGES } from "./messages.js";

export const DEFAULT = "en";
export const LANGS = Object.keys(MESSAGES);

export function checkLang(lang) {
  if (!Object.prototype.hasOwnProperty.call(MESSAGES, lang)) {
    throw new Error(`language ${JSON.stringify(lang)} is not one of ${LANGS.map((l) => JSON.stringify(l)).join(", ")}`);
  }
  return lang;
}

// The language a table speaks: its data-lang, else the nearest lang attribute (the page's <html lang>),
// cut to the language's code ("ru-RU" -> "ru"); a language the catalogue has not got -> the default.
export function langOf(el) {
  const given = (el && el.dataset && el.dataset.lang) ||
    (el && el.closest && el.closest("[lang]") && el.closest("[lang]").getAttribute("lang")) ||
    (typeof document !== "undefined" && document.documentElement && document.documentElement.lang) || DEFAULT;
  const code = String(given).toLowerCase().split(/[-_]/)[0];
  return LANGS.includes(code) ? code : DEFAULT;
}

function gcd(a, b) { while (b) [a, b] = [b, a % b]; return a; }

// A number as the driver sends money (an integer, or an exact fraction's text "-15/2") as
// [sign, numerator, denominator] in lowest terms, with integers as BigInt.
function ratio(x) {
  if (typeof x === "bigint") return [x < 0n ? -1 : 1, x < 0n ? -x : x, 1n];
  if (typeof x === "number") {
    if (!Number.isInteger(x)) throw new Error(`${x} is not an integer: money is sent as an integer or "a/b"`);
    return ratio(BigInt(x));
  }
  const m = /^\s*(-?)(\d+)(?:\/(\d+))?\s*$/.exec(String(x));
  if (!m) throw new Error(`${JSON.stringify(x)} is not a number: money is an integer or "a/b"`);
  let num = BigInt(m[2]), den = BigInt(m[3] || "1");
  if (den === 0n) throw new Error(`${JSON.stringify(x)} divides by zero`);
  const g = gcd(num, den) || 1n;
  num /= g; den /= g;
  return [m[1] && num !== 0n ? -1 : 1, num, den];
}

// The plural form of n in lang: CLDR's rule for cardinal numbers (stukolka.i18n.plural_form); a
// number written with decimals ("7.1", "0,5") takes "other", as a fraction does.
export function pluralForm(lang, n) {
  if (typeof n === "string" && /^\s*-?\d+[.,]\d+\s*$/.test(n)) return "other";
  if (typeof n === "number" && !Number.isInteger(n)) return "other";
  const [sign, num, den] = ratio(n);
  if (lang === "ru") {
    if (den !== 1n) return "other";
    const i10 = num % 10n, i100 = num % 100n;
    if (i10 === 1n && i100 !== 11n) return "one";
    if (i10 >= 2n && i10 <= 4n && !(i100 >= 12n && i100 <= 14n)) return "few";
    return "many";
  }
  return sign > 0 && num === 1n && den === 1n ? "one" : "other";
}

// A number (an integer or "a/b") as the language writes it (stukolka.i18n.number_text): "12",
// "-7 1/2", "2/3"; in Russian five digits and more are grouped by threes with a narrow no-break
// space, and a minus is a true minus ("376 000", "−7 1/2").
export function numberText(x, lang) {
  const [sign, num, den] = ratio(x);
  const minus = sign < 0 ? "-" : "";
  let written;
  if (den === 1n) written = minus + num.toString();
  else {
    const whole = num / den, part = num % den;
    written = whole ? `${minus}${whole} ${part}/${den}` : `${minus}${part}/${den}`;
  }
  if (lang !== "ru") return written;
  const neg = sign < 0;
  const body = neg ? written.slice(1) : written;
  const space = body.indexOf(" ");
  let digits = space < 0 ? body : body.slice(0, space);
  const rest = space < 0 ? "" : body.slice(space);
  if (/^\d+$/.test(digits) && digits.length >= 5) {
    const groups = [];
    while (digits) { groups.unshift(digits.slice(-3)); digits = digits.slice(0, -3); }
    digits = groups.join("\u202f");
  }
  return (neg ? "−" : "") + digits + rest;
}

function field(value, lang) {
  if (value && typeof value === "object" && typeof value.id === "string") return t(value.id, value.fields || {}, lang);
  if ((typeof value === "number" && Number.isInteger(value)) || typeof value === "bigint") return lang === "ru" ? numberText(value, lang) : String(value);
  return value === null || value === undefined ? "" : String(value);
}

// The message `id` in `lang`, its fields filled in.
export function t(id, fields = {}, lang = DEFAULT) {
  const table = MESSAGES[checkLang(lang)];
  if (!Object.prototype.hasOwnProperty.call(table, id)) throw new Error(`message ${JSON.stringify(id)} is not in the ${JSON.stringify(lang)} catalogue`);
  let template = table[id];
  if (typeof template !== "string") {
    const key = template["#"];
    if (!(key in fields)) throw new Error(`message ${JSON.stringify(id)} needs the field ${JSON.stringify(key)} to choose its plural form`);
    template = template[pluralForm(lang, fields[key])] || template.other || template.many;
  }
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (all, name) => {
    if (all === "{{") return "{";
    if (all === "}}") return "}";
    if (!(name in fields)) throw new Error(`message ${JSON.stringify(id)} in ${JSON.stringify(lang)} needs the field ${JSON.stringify(name)}`);
    return field(fields[name], lang);
  });
}

// Whether the catalogue of `lang` has the message `id` (a word the engine sends as a value, such as a
// declaration, is said by its message where the catalogue has one).
export function has(id, lang = DEFAULT) {
  return Object.prototype.hasOwnProperty.call(MESSAGES[checkLang(lang)], id);
}

// A table's own sayer: (id, fields) -> words in `lang`, with `lang` and `has(id)` on it.
export function sayer(lang) {
  checkLang(lang);
  const said = (id, fields = {}) => t(id, fields, lang);
  said.lang = lang;
  said.has = (id) => has(id, lang);
  return said;
}
