"""The pages' JavaScript parses no action string or message and states no rule of its own.

The engine's view carries each legal action as data (``view.actions``: kind, cards, count, the
words a button says, the words the table hears, the rule), a card's own action
(``hand[i].action``), the phase in words (``phase_words``) and the player limits (``limits``); a
refusal comes as fields (``error``, ``rule``).  These tests read every ``live/*.js`` and the class
pages' scripts (``classroom/static``) as tokens and fail on

* a regular expression, or a ``.match``/``.split``/``.startsWith``/``.replace``/... call, whose
  subject is not one of the few listed below, each of which is not an action or a message;
* the engine's words of an action or a phase (``stukolka.stukolka.words``) written into a script;
* a game's player limits written into a script.

The checks are tried on the old Stukolka table's lines too, so that they are seen to fail.  Not a
browser test: it reads files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from stukolka.cards import card_name, format_card
from stukolka.faraon.rules import MAX_PLAYERS, MIN_PLAYERS
from stukolka.stukolka import words as stukolka_words
from stukolka.stukolka.record import position, run
from stukolka.stukolka.rules import PLAYER_LIMITS

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted([*ROOT.glob("live/*.js"), *ROOT.glob("classroom/static/*.js")])

#: The parsing methods of a string (a regular expression's ``.exec``/``.test`` as well).
PARSERS = ("match", "matchAll", "split", "startsWith", "endsWith", "replace", "replaceAll", "exec", "test", "search")

#: The only subjects the scripts may take apart, and why each is not an action or a message:
#: (file, the subject as written, the method).  A regular expression is named by its source.
ALLOWED = {
    ("live/class.js", "/^[a-z_]+$/", "regex"): "a game's name, checked to be a module's name before it is imported",
    ("live/class.js", "GAME_MODULE", "test"): "a game's name, checked to be a module's name before it is imported",
    ("live/common.js", "rule", "split"): "a bare rule label without a heading: its words as a fallback title",
    ("live/common.js", 'rule.split("-rule-").pop()', "split"): "the same label's words",
    ("live/common.js", "s", "startsWith"): "money: the driver's number as text, for the sign",
    ("live/common.js", "/(^|[#&])projector\\b/", "test"): "the page address's fragment (#projector)",
    ("live/exercises.js", "/^([+-]?) ?(\\d+)(?:[.,]0+)? ?(.*)$/", "regex"): "the reader's typed answer: a number of chips",
    ("live/exercises.js", "/^(\\d+) ?\\/ ?(\\d+)$/", "regex"): "the reader's typed answer: a fraction a/b",
    ("live/exercises.js", "/^(\\d*[.,]?\\d+) ?(%?)$/", "regex"): "the reader's typed answer: a decimal or a percentage",
    ("live/exercises.js", "/^(?:([^\\d ]+) ?)?(\\d+)$/", "regex"): "the reader's typed answer: a seat's number",
    ("live/exercises.js", "/[\\s,;]+/", "regex"): "the reader's typed answer: the cards of a set, apart",
    ("live/exercises.js", "/\\s+/", "regex"): "the reader's typed answer: its runs of spaces",
    ("live/exercises.js", "AMOUNT", "exec"): "the reader's typed answer: a number of chips",
    ("live/exercises.js", "RATIO", "exec"): "the reader's typed answer: a fraction a/b",
    ("live/exercises.js", "DECIMAL", "exec"): "the reader's typed answer: a decimal or a percentage",
    ("live/exercises.js", "SEAT", "exec"): "the reader's typed answer: a seat's number",
    ("live/exercises.js", "answer", "replaceAll"): "the reader's typed answer, normalized as stukolka.exercises does",
    ("live/exercises.js", "answer", "split"): "the reader's typed answer, normalized as stukolka.exercises does",
    ("live/exercises.js", "digits", "replace"): "the reader's typed decimal: a decimal comma read as a point",
    ("live/progress.js", "u.pathname", "startsWith"): "the page's address, inside the book's folder or not",
    ("live/progress.js", "path", "endsWith"): "the page's path from the book's root, without .html",
    ("live/dom.js", "k", "startsWith"): "the name of an element's attribute (on... is a handler)",
    ("live/odds.js", "k", "replace"): "a field key of the calculator, for a class name",
    ("live/pot.js", "active.label", "replace"): "a label template of the calculator's fields ({seat})",
    ("live/pot.js", "tricks.label", "replace"): "a label template of the calculator's fields ({seat})",
    ("live/pot.js", "k", "replace"): "a field key of the calculator",
    ("live/pot.js", "/_/g", "replace"): "a field key of the calculator",
    ("live/worker.js", "cache", "match"): "the browser's Cache API, not a string",
    ("live/worker.js", "u", "startsWith"): "a runtime file's address, against the snapshot's address",
    ("live/loader.js", "cache", "match"): "the browser's Cache API, not a string",
    ("live/i18n.js", "String(given).toLowerCase()", "split"): "the page's language code (ru-RU: ru)",
    ("live/i18n.js", "/[-_]/", "split"): "the page's language code (ru-RU: ru)",
    ("live/i18n.js", "/^\\s*(-?)(\\d+)(?:\\/(\\d+))?\\s*$/", "exec"): "money as the driver sends it: an integer or a/b",
    ("live/i18n.js", "/^\\d+$/", "test"): "the digits of a number the page writes, to group them",
    ("live/i18n.js", "/^\\s*-?\\d+[.,]\\d+\\s*$/", "test"): "a number the page wrote with decimals, whose plural form is other",
    ("live/i18n.js", "template", "replace"): "a catalogue's template: its {fields} filled in (stukolka.i18n)",
    ("live/i18n.js", "/\\{\\{|\\}\\}|\\{([^{}]*)\\}/g", "replace"): "a catalogue template's {fields}",
    ("live/loader.js", "path", "endsWith"): "a runtime file's path in the book's file list (the XZ decoder)",
    ("live/sw.js", "u.pathname", "startsWith"): "an address's path, inside the book's folder or not",
    ("live/sw.js", "path", "endsWith"): "an address's path: a folder means its index.html",
    ("live/sw.js", "self.clients", "matchAll"): "the Service Worker's open pages, not a string",
    ("live/sw.js", "name", "startsWith"): "a cache's name: the book's own caches",
    ("live/sw.js", "old", "match"): "the browser's Cache API, not a string",
    ("live/sw.js", "cache", "match"): "the browser's Cache API, not a string",
    ("live/sw.js", "path", "replace"): "a page's path, quoted in the offline note without markup",
    ("live/sw.js", "/[<&>]/g", "replace"): "markup characters taken out of that path",
    ("live/worker.js", "used", "startsWith"): "the worker's own note of how its bundle was loaded",
    ("classroom/static/card.js", '(params.get("code") || "").toUpperCase()', "replace"):
        "the class code typed into the address: only its letters are kept",
    ("classroom/static/card.js", "/[^A-Z2-9]/g", "replace"): "the class code typed into the address",
    ("classroom/static/teacher.js", "s", "startsWith"): "money: the server's number as text, for the sign",
    ("classroom/static/teacher.js", "t.phase", "replace"): "a phase's name (an enum value) in the teacher's list",
    ("classroom/static/teacher.js", "/_/g", "replace"): "a phase's name (an enum value)",
    ("classroom/static/teacher.js", "e.target.value", "split"): "the page's own option value table:seat",
}
#: Words an allowed subject never names: it would be an action, a message or the engine's words.
SUSPECT = re.compile(r"\b(action|actions|legal|error|text|message|msg|said|words|why|refusal|reason|move)\b", re.I)


class Token(NamedTuple):
    kind: str          # "name", "number", "string", "template", "regex", "punct"
    text: str
    line: int


def tokens(source: str) -> Iterator[Token]:
    """JavaScript's tokens, enough to tell a regular expression from a division, strings and
    templates (their text, ``${...}`` parts read as code) from code, and comments from both."""
    i, n, line = 0, len(source), 1
    depth: list[int] = []              # brace depth at each open template substitution
    braces = 0
    prev: Token | None = None

    def regex_may_start() -> bool:
        if prev is None:
            return True
        if prev.kind in ("name", ) and prev.text in ("return", "typeof", "case", "in", "of", "new", "delete", "void",
                                                    "throw", "else", "do", "await", "yield"):
            return True
        return prev.kind == "punct" and prev.text not in (")", "]", "}")

    def template(start: int) -> tuple[str, int, bool]:
        """A template's text from ``start`` (after ` or }) to its end or its next ``${``."""
        j, out = start, []
        while j < n:
            ch = source[j]
            if ch == "\\":
                out.append(source[j:j + 2]); j += 2; continue
            if ch == "`":
                return "".join(out), j + 1, False
            if ch == "$" and source[j + 1:j + 2] == "{":
                return "".join(out), j + 2, True
            out.append(ch); j += 1
        raise ValueError("unterminated template")

    while i < n:
        ch = source[i]
        if ch == "\n":
            line += 1; i += 1; continue
        if ch.isspace():
            i += 1; continue
        if source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n; continue
        if source.startswith("/*", i):
            j = source.index("*/", i + 2) + 2; line += source.count("\n", i, j); i = j; continue
        if ch in "'\"":
            j = i + 1
            while source[j] != ch:
                j += 2 if source[j] == "\\" else 1
            prev = Token("string", source[i + 1:j], line); yield prev; i = j + 1; continue
        if ch == "`" or (ch == "}" and depth and depth[-1] == braces):
            if ch == "}":
                depth.pop()
            text, j, more = template(i + 1)
            prev = Token("template", text, line); yield prev
            line += source.count("\n", i, j)
            if more:
                depth.append(braces)
            i = j; continue
        if ch == "/" and regex_may_start():
            j, klass = i + 1, False
            while source[j] != "/" or klass:
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    klass = True
                elif source[j] == "]":
                    klass = False
                j += 1
            j += 1
            while j < n and source[j].isalpha():
                j += 1
            prev = Token("regex", source[i:j], line); yield prev; i = j; continue
        m = re.match(r"[A-Za-z_$][\w$]*", source[i:])
        if m:
            prev = Token("name", m.group(), line); yield prev; i += m.end(); continue
        m = re.match(r"\d[\d_]*(\.\d+)?", source[i:])
        if m:
            prev = Token("number", m.group(), line); yield prev; i += m.end(); continue
        if ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
        m = re.match(r"\?\.|=>|===|!==|==|!=|<=|>=|&&|\|\||\?\?|\.\.\.|.", source[i:], re.S)
        assert m
        prev = Token("punct", m.group(), line); yield prev; i += m.end()


KEYWORDS = {"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "else", "do", "await", "yield",
            "if", "while", "for", "switch", "catch"}


def subject(toks: list[Token], dot: int) -> str:
    """The expression a method is called on: the tokens before ``toks[dot]`` (a ``.``), back to
    the start of its chain of names, calls and brackets, as written."""
    j = dot - 1
    while j >= 0:
        t = toks[j]
        if t.kind == "punct" and t.text in (")", "]"):
            level = 0
            while True:                               # back to the matching opening bracket
                if toks[j].kind == "punct" and toks[j].text in (")", "]"):
                    level += 1
                elif toks[j].kind == "punct" and toks[j].text in ("(", "["):
                    level -= 1
                if level == 0:
                    break
                j -= 1
            before = toks[j - 1] if j > 0 else None
            called = before is not None and ((before.kind == "name" and before.text not in KEYWORDS)
                                             or before.text in (")", "]"))
            if not called:                            # a parenthesized expression starts the chain
                return render(toks[j:dot])
            j -= 1
            continue
        if t.kind in ("name", "regex", "string", "template", "number"):
            if j > 0 and toks[j - 1].kind == "punct" and toks[j - 1].text in (".", "?."):
                j -= 2
                continue
            return render(toks[j:dot])
        break
    return render(toks[j + 1:dot])


def render(toks: list[Token]) -> str:
    out = ""
    for t in toks:
        text = {"string": f'"{t.text}"', "template": f"`{t.text}`"}.get(t.kind, t.text)
        if out and t.kind == "name" and out[-1].isalnum() or t.text in ("||", "&&", "??") or out.endswith(("||", "&&", "??")):
            out += " "
        out += text
    return out


def parsing(source: str) -> list[tuple[int, str, str]]:
    """Each place the source takes a string apart: (line, subject, method) for a parsing method
    called on something, (line, regex, "regex") for every regular expression literal."""
    toks = list(tokens(source))
    found = []
    for k, t in enumerate(toks):
        if t.kind == "regex":
            follows = toks[k + 1].text == "." and toks[k + 2].text if k + 2 < len(toks) else ""
            before = toks[k - 2].text if k >= 2 and toks[k - 1].text == "(" and toks[k - 2].kind == "name" else ""
            found.append((t.line, t.text, follows or before or "regex"))
        if (t.kind == "punct" and t.text in (".", "?.") and k + 2 < len(toks) and toks[k + 1].text in PARSERS
                and toks[k + 2].text == "("):
            found.append((t.line, subject(toks, k), toks[k + 1].text))
    return found


def strings(source: str) -> list[tuple[int, str]]:
    """The text of every string and template literal (a template's parts between substitutions)."""
    return [(t.line, t.text) for t in tokens(source) if t.kind in ("string", "template")]


#: Plain words that a table says of itself and the engine's phase words say too.
PLAIN = {"the deal is over", "cut the deck"}


def engine_phrases() -> set[str]:
    """The fixed phrases of the engine's words for Stukolka's actions and phases: every button's
    words and every move as said, split where a number, a card or a punctuation mark stands, and
    kept when at least two words long; every phase in words, whole and after its colon."""
    texts = [*stukolka_words.WORDS.values(), *stukolka_words.SAID.values()]
    samples = ["play K♥", "discard 7♦ 9♣", "discard 7♦", "blind 0", "blind 2", "cut 13", "shuffle 5", "deal expose 3",
               "deal by 2", "deal by 2 noticed", "draw 2♠ 9♦ K♣"]
    for a in samples:
        for held in (3, 4):
            info = stukolka_words.describe(a, held)
            texts += [info.words, info.said]
    cards = sorted({format_card(c) for c in range(52)} | {card_name(c) for c in range(52)}, key=len, reverse=True)
    split = re.compile("|".join([r"\d+(?:st|nd|rd|th)?", *map(re.escape, cards), r"[:,()]"]))
    phrases = {t for t in texts if len(t.split()) >= 2}
    for text in texts:
        phrases |= {part.strip() for part in split.split(text) if len(part.split()) >= 2}
    phases = [*stukolka_words.PHASE_WORDS.values(),
              *(stukolka_words.phase_words(p, ["discard 7♦"]) for p in ("purchase", "razrez"))]
    phrases |= {*phases, *(p.split(": ", 1)[1] for p in phases if ": " in p)}
    return phrases - PLAIN


def says(text: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text, re.I) is not None


def limits_pairs() -> set[tuple[int, int]]:
    return {tuple(v) for v in PLAYER_LIMITS.values()} | {(MIN_PLAYERS, MAX_PLAYERS)}


LIMIT_WORDS = re.compile(r"player|seat|limit|min|max|n_players", re.I)


def hard_coded_limits(source: str) -> list[tuple[int, str]]:
    """Lines of code that write both ends of a game's player limits beside a word about players
    or limits (``min: 3 ... max: 7``, ``[3, 7]``, ``"3 to 7"``)."""
    by_line: dict[int, list[Token]] = {}
    for t in tokens(source):
        by_line.setdefault(t.line, []).append(t)
    out = []
    for line, toks in by_line.items():
        numbers = [int(t.text) for t in toks if t.kind == "number" and t.text.isdigit()]
        numbers += [int(x) for t in toks if t.kind in ("string", "template") for x in re.findall(r"\b\d+\b", t.text)]
        code = render(toks)
        for lo, hi in limits_pairs():
            if lo in numbers and hi in numbers and LIMIT_WORDS.search(code):
                out.append((line, code))
                break
    return out


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# ---------------------------------------------------------------- the scripts as they are


def test_the_scripts_are_read():
    names = {relative(p) for p in SCRIPTS}
    assert {"live/stukolka.js", "live/shtoss.js", "live/faraon.js", "live/common.js", "live/class.js",
            "live/loader.js", "classroom/static/teacher.js"} <= names


@pytest.mark.parametrize("path", SCRIPTS, ids=relative)
def test_no_script_parses_an_action_or_a_message(path):
    found = parsing(path.read_text(encoding="utf-8"))
    wrong = [f"{relative(path)}:{line}: {subj!r} .{how}" for line, subj, how in found
             if (relative(path), subj, how) not in ALLOWED]
    assert wrong == [], "a string is taken apart where the engine's fields should be read:\n" + "\n".join(wrong)


def test_the_allowed_subjects_are_neither_actions_nor_messages():
    assert [k for k in ALLOWED if SUSPECT.search(k[1])] == []


@pytest.mark.parametrize("path", SCRIPTS, ids=relative)
def test_no_script_states_the_engines_words(path):
    phrases = engine_phrases()
    hits = [f"{relative(path)}:{line}: {text!r} has {p!r}" for line, text in strings(path.read_text(encoding="utf-8"))
            for p in phrases if says(text, p)]
    assert hits == [], "the engine's words of an action or a phase written into a script:\n" + "\n".join(hits)


@pytest.mark.parametrize("path", SCRIPTS, ids=relative)
def test_no_script_hard_codes_the_player_limits(path):
    assert hard_coded_limits(path.read_text(encoding="utf-8")) == []


def test_the_stukolka_table_reads_the_views_fields():
    source = (ROOT / "live/stukolka.js").read_text(encoding="utf-8")
    for field in ("view.actions", "view.limits", "phase_words", ".said", ".words", ".action", ".cards", ".count",
                  ".kind"):
        assert field in source, field
    assert "view.legal" not in source          # the strings are the engine's; the page reads their description


# ---------------------------------------------------------------- the checks can fail

OLD_STUKOLKA = r'''
const WORDS = { knock: "Knock (I play)", pass: "Pass", stand: "Keep my cards" };
const phaseWords = (v) => (["purchase", "razrez"].includes(v.phase) && v.legal.length &&
  v.legal.every((a) => a.startsWith("discard ")) ? `${PHASES[v.phase].split(":")[0]}: throw out down to three cards` : "");
function words(action) {
  let m;
  if ((m = /^blind (\d+)$/.exec(action))) return m[1] === "0" ? "Throw out none, draw 1" : `Throw out ${m[1]} unseen, draw ${Number(m[1]) + 1}`;
}
function said(move, held) {
  const a = String(move.action);
  let m;
  if ((m = /^discard (.+)$/.exec(a))) {
    const k = m[1].split(/\s+/).length;
    return held > 3 ? `throws out ${k}` : `discards ${k} and buys ${k}`;
  }
}
const again = /opened again|another device|kept this seat/.test(text);
const k = view.legal.find((a) => a.startsWith("discard ")).split(" ").length - 1;
const players = h("input", { type: "number", min: "3", max: "7" });
const LIMITS = { golets: [3, 7], prikup: [3, 6] };
'''


def test_the_checks_fail_on_a_table_that_parses_actions():
    found = parsing(OLD_STUKOLKA)
    subjects = {(s, how) for _, s, how in found}
    assert ("/^blind (\\d+)$/", "exec") in subjects and ("/^discard (.+)$/", "exec") in subjects
    assert ("a", "startsWith") in subjects and ("m[1]", "split") in subjects
    assert ("/opened again|another device|kept this seat/", "test") in subjects
    assert any(s.startswith("view.legal.find(") and how == "split" for s, how in subjects)
    assert all(("live/stukolka.js", s, how) not in ALLOWED for s, how in subjects)
    said = {text for _, text in strings(OLD_STUKOLKA)}
    phrases = engine_phrases()
    assert {"Knock (I play)", "Keep my cards", " and buys ", ": throw out down to three cards", "Throw out none, draw 1"} <= said
    assert {p for p in phrases if any(says(s, p) for s in said)} >= {
        "Keep my cards", "and buys", "throw out down to three cards", "Throw out none"}
    assert [line for line, _ in hard_coded_limits(OLD_STUKOLKA)] == [19, 20]


def test_the_tokens_tell_a_regex_from_a_division_and_a_template_from_code():
    toks = list(tokens("const x = a / b / c; const r = /a\\/b[/]/g.test(`t ${y / 2} /no/ ${`in ${z}`}`); // /c/"))
    assert [t.text for t in toks if t.kind == "regex"] == ["/a\\/b[/]/g"]
    assert [t.text for t in toks if t.kind == "template"] == ["t ", " /no/ ", "in ", "", ""]


# ---------------------------------------------------------------- what the page reads is in the view


def test_each_card_of_the_hand_carries_its_own_action():
    """A card that may not be played is still sent as its own action, so the engine answers why
    (``hand[i].action``); a legal one is the very action of ``view.actions``."""
    s = run(position("prikup", n=3, hands={0: "A♠ K♠ 7♥", 1: "Q♠ 2♥ 3♦", 2: "J♣ 9♣ 8♣"}, trump="9♠"),
            "knock", "knock", "knock", "stand", "stand", "stand", "play 2♥", "play 8♣")
    seat = s.observation(0).to_act
    v = s.view(seat)
    assert seat == 0 and v["phase"] == "play"
    assert [i["legal"] for i in v["hand"]] == [False, False, True]         # hearts led: the 7♥ follows
    plays = {a["cards"][0]: a for a in v["actions"] if a["kind"] == "play"}
    assert [a["action"] for a in v["actions"]] == v["legal"]
    for item in v["hand"]:
        assert item["action"] == s.describe_action(item["action"]).action if item["legal"] else item["action"].startswith("play ")
        if item["legal"]:
            assert plays[item["card"]]["action"] == item["action"]
        else:
            assert s.why_illegal(item["action"]) == (item["why"], item["rule"])
    assert v["limits"] == {k: list(x) for k, x in PLAYER_LIMITS.items()}
