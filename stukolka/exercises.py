"""Exercises the page checks: the reader's answer against the value the notebook computed.

A chapter's exercise is a question in markdown, then a hidden cell that works the answer out with
the engine, asserts it, and ends by displaying an :class:`Exercise` built from the very values it
asserted.  The exercise draws an answer form (``_repr_html_``); the book's script
``live/exercises.js`` checks what the reader types against the data the form carries, with no
Python in the page.  :meth:`Exercise.check` is the same check in Python (for tests, and for a
reader in JupyterLite).

>>> from fractions import Fraction
>>> ex = Exercise("stukolka-money-1", [Amount("In play", 60), Amount("A trick is worth", 20)],
...               rule="stukolka-rule-pot-in-play", why="45 on the table and the fee of 15 make 60.",
...               hint="The dealer's fee joins what lies on the table.", title="What is in play?")
>>> ex
Exercise 'What is in play?': two answers to give (in play; a trick is worth).
>>> ex.check(["60 chips", "20"]).right
True
>>> fb = ex.check(["60", "30"])
>>> fb.right, fb.words
(False, 'In play: right. A trick is worth: not right. Hint: The dealer’s fee joins what lies on the table.')
>>> ex.check(["60", "30"], tries=2).words
'In play: right. A trick is worth: not right. 45 on the table and the fee of 15 make 60.'
>>> Exercise("x-1", [Chance("Chance", Fraction(1, 3))]).check("33%").right
True
>>> Exercise("x-2", [OneCard("Card", "Q♠")]).check("дама пик").right
True
>>> p = Predict("stukolka-money-predict-1", Amount("The pot", 66), why="Two remizes of 30 join it.")
>>> p.check("60").words
'You said 60 chips; it is 66 chips: 6 too few. Two remizes of 30 join it.'

The fixed words of a form and of its feedback are the catalogue's (``stukolka/i18n/<lang>/exercises.json``),
in the exercise's language (``lang``, English unless given) or the language a check asks for; the
question, its labels, hint and why are the chapter's own words and stay as written:

>>> ex.check(["60", "30"], lang="ru").words
'In play: верно. A trick is worth: неверно. Подсказка: The dealer’s fee joins what lies on the table.'
>>> [Amount("N", n).words("ru") for n in (1, 2, 5, 21)], Amount("N", 1).words()
(['1 фишка', '2 фишки', '5 фишек', '21 фишка'], '1 chip')

Answer kinds: :class:`Amount` (chips), :class:`Chance` (a fraction, within a stated tolerance),
:class:`OneCard`, :class:`CardSet` (any order), :class:`Seat` and :class:`Choice` (one of several
readings, drawn as radio buttons; :func:`YesNo` for a yes-or-no question).  Each normalizes the
answers it accepts into the form's JSON (``data-exercise``), so the page only normalizes what the
reader typed and compares: card spellings are generated from the engine's own card names
(:mod:`stukolka.cards`), never listed by hand.

How a typed answer is read (the same in Python and in the page's script): the text is put in
Unicode NFC, trimmed, lower-cased, ``ё`` read as ``е``, a minus sign ``−`` or dash read as ``-``,
and runs of spaces made one space.  A card is compared with every space taken out.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

from stukolka.cards import NOTATIONS, card_name, format_card, parse_card, parse_cards
from stukolka.cards import _RANK_WORDS, _SUIT_WORDS  # the engine's own rank and suit names
from stukolka.errors import CardParseError, StukolkaError
from stukolka.i18n import DEFAULT, check_lang, number_text, tr

__all__ = ["Amount", "Chance", "OneCard", "CardSet", "Seat", "Choice", "YesNo", "Part", "Read",
           "Exercise", "Predict", "Feedback", "ExerciseError", "normalize", "card_spellings", "read_part",
           "check_spec", "exercises_in_html"]

#: The words a number of chips may be followed by.
CHIP_WORDS = ("chip", "chips", "фишка", "фишки", "фишек")
#: Words that may stand before a seat's number.
SEAT_WORDS = ("seat", "player", "место", "игрок")
#: Words that may join the cards of a set ("9♥ or A♥", "K♠ and Q♠").
JOINERS = ("and", "or", "и", "или")


class ExerciseError(StukolkaError):
    """An exercise built wrongly: an answer the exercise itself would refuse, a bad id."""


def normalize(text: str) -> str:
    """A typed answer as the checkers compare it.

    >>> normalize("  Дама   ПИК ")
    'дама пик'
    >>> normalize("−30 Chips")
    '-30 chips'
    """
    t = unicodedata.normalize("NFC", str(text)).strip().lower().replace("ё", "е")
    for dash in ("−", "–", "—"):
        t = t.replace(dash, "-")
    return " ".join(t.split())


def _compact(text: str) -> str:
    return normalize(text).replace(" ", "")


def card_spellings(card: int | str) -> list[str]:
    """Every normalized spelling (no spaces) the checkers accept for one card: the engine's
    notations and every pairing of its rank and suit names that :func:`~stukolka.cards.parse_card`
    reads as that card.

    >>> s = card_spellings("Q♠")
    >>> all(x in s for x in ("q♠", "qs", "дамапик", "queenofspades", "д♠", "дп"))
    True
    >>> "t♥" in card_spellings("10♥") and "десяткачервей" in card_spellings("10♥")
    True
    """
    c = parse_card(card) if isinstance(card, str) else parse_card(format_card(card))
    ranks = [w for w, r in _RANK_WORDS.items() if r == c.rank]
    suits = [w for w, s in _SUIT_WORDS.items() if s == c.suit]
    candidates = {format_card(c, n) for n in NOTATIONS}
    for r in ranks:
        for s in suits:
            candidates.update((r + s, f"{r} {s}", f"{r} of {s}"))
    out = set()
    for cand in candidates:
        try:
            if parse_card(cand) == c:
                out.add(_compact(cand))
        except CardParseError:
            continue
    return sorted(out)


def _decimal(x: float, digits: int, lang: str = DEFAULT) -> str:
    """``x`` with at most ``digits`` decimals, trailing zeros left off; a decimal comma in Russian."""
    s = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return s.replace(".", ",") if lang == "ru" else s


def _percent(x: Fraction, lang: str = DEFAULT) -> str:
    """``Fraction(60, 221)`` -> ``'27.1 %'`` (one decimal; two below 10 %); ``'27,1 %'`` in Russian."""
    pct = float(x) * 100
    return f"{_decimal(pct, 2 if abs(pct) < 10 else 1, lang)} %"


def _points(text: str) -> Fraction:
    """A number of percentage points as written (``'0,5'``), for the plural form it takes."""
    return Fraction(text.replace(",", "."))


def _signed(n: int, lang: str = DEFAULT) -> str:
    """A whole number with a true minus sign: ``−30``."""
    return number_text(n, lang).replace("-", "−")


def _amount(n: int, unit: str, lang: str = DEFAULT) -> str:
    """A number of chips in words (``60 chips``, ``1 chip``, ``5 фишек``); another unit is the
    chapter's own word and stays as written."""
    if unit == "chips":
        return tr("exercises.chips", lang, n=abs(n), amount=_signed(n, lang))
    return tr("exercises.unit", lang, amount=_signed(n, lang), unit=unit) if unit else _signed(n, lang)


def _count_words(n: int, lang: str = DEFAULT) -> str:
    return tr(f"exercises.count.{n}", lang) if 2 <= n <= 10 else number_text(n, lang)


# --------------------------------------------------------------------------- answer kinds
@dataclass(frozen=True)
class Read:
    """What one typed answer was read as: ``ok`` False when it could not be read at all."""

    ok: bool
    right: bool = False
    said: str = ""       # the reader's answer in words ("60 chips")
    problem: str = ""    # why it could not be read


class Part:
    """One answer of an exercise (a label, the right value); subclasses say how it is typed."""

    kind = ""
    label: str

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        """The data the page needs to check this answer (JSON-able), its words in ``lang``."""
        raise NotImplementedError

    def words(self, lang: str = DEFAULT) -> str:
        """The right answer in words."""
        raise NotImplementedError

    def read(self, typed: str, lang: str = DEFAULT) -> Read:
        """Read a typed answer against :meth:`spec` (the page's script does the same)."""
        return read_part(self.spec(lang), typed, lang)

    def example(self, lang: str = DEFAULT) -> str:
        return ""

    def closeness(self, typed: str, lang: str = DEFAULT) -> str:
        """How close a guess came, in words (for :class:`Predict`)."""
        r = self.read(typed, lang)
        return tr("exercises.how.right" if r.right else "exercises.how.wrong", lang)


class Amount(Part):
    """A number of chips (an int, may be negative): accepts ``60``, ``60 chips``, ``-30``, ``−30``."""

    kind = "amount"

    def __init__(self, label: str, value: int | Fraction, unit: str = "chips") -> None:
        if isinstance(value, Fraction):
            if value.denominator != 1:
                raise ExerciseError(f"Amount {label!r}: {value} is not a whole number of chips; use Chance")
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ExerciseError(f"Amount {label!r}: the value {value!r} must be an int")
        self.label, self.value, self.unit = label, int(value), unit

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        unit = normalize(self.unit)
        units = list(CHIP_WORDS) if self.unit == "chips" else list(dict.fromkeys([unit, unit.rstrip("s")]))
        return {"kind": self.kind, "label": self.label, "value": self.value, "units": units,
                "unit": self.unit, "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        return _amount(self.value, self.unit, lang)


class Chance(Part):
    """A fraction (a chance or a share): accepts ``1/3``, ``0.333``, ``33%``, ``33.3 %`` when within
    ``tolerance`` (default half a percentage point) of the value."""

    kind = "chance"

    def __init__(self, label: str, value: Fraction | int, tolerance: Fraction = Fraction(1, 200)) -> None:
        if not isinstance(value, (Fraction, int)) or isinstance(value, bool):
            raise ExerciseError(f"Chance {label!r}: the value {value!r} must be a Fraction")
        self.label, self.value, self.tolerance = label, Fraction(value), Fraction(tolerance)
        if not 0 < self.tolerance < 1:
            raise ExerciseError(f"Chance {label!r}: the tolerance {tolerance} must be between 0 and 1")

    def tolerance_words(self, lang: str = DEFAULT) -> str:
        pts = _decimal(float(self.tolerance * 100), 3, lang)
        return tr("exercises.within", lang, n=_points(pts), points=pts)

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "num": self.value.numerator,
                "den": self.value.denominator, "tolerance": float(self.tolerance),
                "tolerance_words": self.tolerance_words(lang), "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        if self.value.denominator == 1:
            return str(self.value.numerator)
        return tr("exercises.about", lang, value=f"{self.value}", percent=_percent(self.value, lang))

    def example(self, lang: str = DEFAULT) -> str:
        return tr("exercises.example.chance", lang, within=self.tolerance_words(lang))

    def off_by(self, typed: str) -> Fraction | None:
        """How far a typed chance is from the value (None: it cannot be read; 0: within the tolerance)."""
        got = _chance_value(normalize(typed))
        if got is None:
            return None
        diff = got - self.value
        return Fraction(0) if abs(diff) <= self.tolerance else diff

    def closeness(self, typed: str, lang: str = DEFAULT) -> str:
        diff = self.off_by(typed)
        if diff is None:
            return tr("exercises.how.unread", lang)
        if diff == 0:
            return tr("exercises.how.right", lang)
        pts = _decimal(abs(float(diff)) * 100, 1, lang)
        return tr("exercises.how.high" if diff > 0 else "exercises.how.low", lang, n=_points(pts), points=pts)


class OneCard(Part):
    """One card: accepts ``Q♠``, ``QS``, ``Qs``, ``queen of spades``, ``дама пик``, ``T♠`` for a ten ..."""

    kind = "card"

    def __init__(self, label: str, card: int | str) -> None:
        self.label = label
        self.card = parse_card(card) if isinstance(card, str) else parse_card(format_card(card))

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "accept": card_spellings(self.card),
                "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        return tr("exercises.card", lang, card=_card(self.card, lang), name=card_name(self.card, "ru" if check_lang(lang) == "ru" else "en"))

    def example(self, lang: str = DEFAULT) -> str:
        return tr("exercises.example.card", lang)


class CardSet(Part):
    """Several cards in any order: ``9♥ A♥``, ``A♥, 9♥``, ``9♥ or A♥``."""

    kind = "cards"

    def __init__(self, label: str, cards: Sequence[int | str] | str) -> None:
        self.label = label
        cs = parse_cards(cards) if isinstance(cards, str) else parse_cards(
            [format_card(c) if isinstance(c, int) else c for c in cards])
        self.cards = tuple(dict.fromkeys(cs))
        if not self.cards:
            raise ExerciseError(f"CardSet {label!r}: no cards")

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "cards": [card_spellings(c) for c in self.cards],
                "joiners": list(JOINERS), "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        return _listed([_card(c, lang) for c in self.cards], lang)

    def example(self, lang: str = DEFAULT) -> str:
        return tr("exercises.example.cards", lang)


class Seat(Part):
    """A seat, by its number (``2``, ``seat 2``); ``names`` may add words for it (``{"the dealer": 0}``)."""

    kind = "seat"

    def __init__(self, label: str, seat: int, names: Mapping[str, int] | None = None) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ExerciseError(f"Seat {label!r}: {seat!r} is not a seat number")
        self.label, self.seat = label, seat
        self.names = {normalize(k): int(v) for k, v in (names or {}).items()}

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "value": self.seat, "words": list(SEAT_WORDS),
                "names": self.names, "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        named = [k for k, v in self.names.items() if v == self.seat]
        if named:
            return tr("exercises.seat_named", lang, n=self.seat, name=named[0])
        return tr("exercises.seat", lang, n=self.seat)

    def example(self, lang: str = DEFAULT) -> str:
        return tr("exercises.example.seat", lang)


class Choice(Part):
    """One of several readings, drawn as radio buttons.  ``options`` are words, or (words, value)
    pairs; ``answer`` is the right option's value (computed by the notebook) or, for plain words,
    its index.

    >>> c = Choice("Order", [("1, 3, then the dealer", [1, 3, 0]), ("1, 2, 3, then the dealer", [1, 2, 3, 0])],
    ...            answer=[1, 3, 0])
    >>> c.right, c.words()
    (0, '1, 3, then the dealer')
    """

    kind = "choice"

    def __init__(self, label: str, options: Sequence[Union[str, tuple[str, Any]]], answer: Any) -> None:
        self.label = label
        self.options = [o if isinstance(o, str) else o[0] for o in options]
        values = [i if isinstance(o, str) else o[1] for i, o in enumerate(options)]
        if len(self.options) < 2:
            raise ExerciseError(f"Choice {label!r}: a choice needs at least two readings")
        if len({normalize(o) for o in self.options}) != len(self.options):
            raise ExerciseError(f"Choice {label!r}: two readings say the same")
        hits = [i for i, v in enumerate(values) if v == answer]
        if len(hits) != 1:
            raise ExerciseError(f"Choice {label!r}: the answer {answer!r} is not exactly one of the readings")
        self.right = hits[0]

    def spec(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "options": self.options,
                "accept": [normalize(o) for o in self.options], "right": self.right, "answer": self.words(lang)}

    def words(self, lang: str = DEFAULT) -> str:
        return self.options[self.right]


def YesNo(label: str, answer: bool, lang: str = DEFAULT) -> Choice:  # noqa: N802 - reads as a kind of answer
    """A yes-or-no question: a :class:`Choice` between "Yes" and "No" (in ``lang``).

    >>> YesNo("Is it a misdeal?", True).words(), YesNo("Сдача ли это?", False, lang="ru").options
    ('Yes', ['Да', 'Нет'])
    """
    return Choice(label, [(tr("exercises.yes", lang), True), (tr("exercises.no", lang), False)], answer=bool(answer))


def _card(card: Any, lang: str) -> str:
    """A card in the language's short notation (``Q♠``, ``Д♠``)."""
    return format_card(card, "ru_symbol" if check_lang(lang) == "ru" else "symbol")


def _listed(names: Sequence[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language's words."""
    if len(names) == 1:
        return names[0]
    return tr("exercises.and", lang, first=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------- reading a typed answer
_AMOUNT = re.compile(r"^([+-]?) ?(\d+)(?:[.,]0+)? ?(.*)$", re.ASCII)
_RATIO = re.compile(r"^(\d+) ?/ ?(\d+)$", re.ASCII)
_DECIMAL = re.compile(r"^(\d*[.,]?\d+) ?(%?)$", re.ASCII)
_SEAT = re.compile(r"^(?:([^\d ]+) ?)?(\d+)$", re.ASCII)


def _chance_value(t: str) -> Fraction | None:
    m = _RATIO.match(t)
    if m:
        den = int(m.group(2))
        return Fraction(int(m.group(1)), den) if den else None
    m = _DECIMAL.match(t)
    if m:
        x = Fraction(m.group(1).replace(",", "."))
        return x / 100 if m.group(2) else x
    return None


def _card_tokens(t: str, joiners: Sequence[str]) -> list[str]:
    return [tok for tok in re.split(r"[\s,;]+", t) if tok and tok not in joiners]


def read_part(spec: Mapping[str, Any], typed: str, lang: str = DEFAULT) -> Read:
    """Read a typed answer against one part's JSON spec: the same steps as ``live/exercises.js``;
    what it was read as, or why not, in ``lang``."""
    t = normalize(typed)
    kind = spec["kind"]
    if not t:
        return Read(False, problem=tr("exercises.problem.empty", lang, label=spec["label"]))
    if kind == "amount":
        m = _AMOUNT.match(t)
        if not m or (m.group(3) and m.group(3) not in spec["units"]):
            return Read(False, problem=tr("exercises.problem.amount", lang, typed=typed.strip()))
        n = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        return Read(True, n == spec["value"], _amount(n, spec["unit"], lang))
    if kind == "chance":
        x = _chance_value(t)
        if x is None:
            return Read(False, problem=tr("exercises.problem.chance", lang, typed=typed.strip()))
        value = Fraction(spec["num"], spec["den"])
        return Read(True, abs(x - value) <= Fraction(spec["tolerance"]) + Fraction(1, 10**12), _percent(x, lang))
    if kind == "card":
        c = t.replace(" ", "")
        return Read(True, c in spec["accept"], typed.strip())
    if kind == "cards":
        tokens = _card_tokens(t, spec["joiners"])
        found: set[int] = set()
        i = 0
        while i < len(tokens):
            for width in (3, 2, 1):
                chunk = "".join(tokens[i:i + width])
                if i + width > len(tokens):
                    continue
                hit = next((k for k, acc in enumerate(spec["cards"]) if chunk in acc), None)
                if hit is not None:
                    found.add(hit)
                    i += width
                    break
            else:
                return Read(True, False, typed.strip())
        return Read(True, len(found) == len(spec["cards"]), typed.strip())
    if kind == "seat":
        if t in spec["names"]:
            n = spec["names"][t]
        else:
            m = _SEAT.match(t)
            if not m or (m.group(1) and m.group(1) not in spec["words"]):
                return Read(False, problem=tr("exercises.problem.seat", lang, typed=typed.strip()))
            n = int(m.group(2))
        return Read(True, n == spec["value"], tr("exercises.seat", lang, n=n))
    if kind == "choice":
        if t not in spec["accept"]:
            return Read(False, problem=tr("exercises.problem.choice", lang, typed=typed.strip()))
        return Read(True, spec["accept"].index(t) == spec["right"], typed.strip())
    raise ExerciseError(f"unknown answer kind {kind!r}")


# --------------------------------------------------------------------------- exercises
@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: ``right``, the ``words`` the page shows, the ``rule`` it links
    (a book label, "" if none), whether every part could be ``read``, and each part's verdict."""

    right: bool
    words: str
    rule: str
    read: bool = True
    parts: tuple[bool, ...] = ()


_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _attr(value: Any) -> str:
    return html.escape(json.dumps(value, ensure_ascii=False), quote=True)


def _plain(text: str) -> str:
    return text.replace("'", "’")


class Exercise:
    """An exercise the page checks.  ``parts``: the answers (:class:`Amount`, :class:`Chance`,
    :class:`OneCard`, :class:`CardSet`, :class:`Seat`, :class:`Choice`), computed by the notebook;
    ``rule``: the book label of the rule it teaches; ``why``: the reason in words; ``hint``: what a
    first wrong answer is told (optional); ``title``: the question in a few words (the progress
    page lists it); ``lang``: the language of the form's own words and of the answer in words
    (the catalogue's; a check may ask for another)."""

    mode = "exercise"

    def __init__(self, id: str, parts: Sequence[Part] | Part, *, rule: str = "", why: str = "",  # noqa: A002
                 hint: str = "", title: str = "", lang: str = DEFAULT) -> None:
        if not isinstance(id, str) or not _ID.match(id):
            raise ExerciseError(f"exercise id {id!r} must be lower-case letters, digits and dashes")
        self.id = id
        self.parts: tuple[Part, ...] = (parts,) if isinstance(parts, Part) else tuple(parts)
        if not self.parts or not all(isinstance(p, Part) for p in self.parts):
            raise ExerciseError(f"exercise {id!r}: parts must be answers (Amount, Chance, OneCard, ...)")
        self.rule, self.why, self.hint = rule, _plain(why), _plain(hint)
        self.lang = check_lang(lang)
        self.title = title or tr("exercises.title", self.lang, n=id.rsplit('-', 1)[-1])

    # -------------------------------------------------------------- the data and the form
    def answer_words(self, lang: str | None = None) -> str:
        """The whole answer in words (in ``lang``, else the exercise's language)."""
        lang = lang or self.lang
        if len(self.parts) == 1:
            return self.parts[0].words(lang)
        return "; ".join(f"{p.label}: {p.words(lang)}" for p in self.parts)

    def spec(self, lang: str | None = None) -> dict[str, Any]:
        """The JSON the page reads (``data-exercise``), its words in ``lang`` (else the exercise's)."""
        lang = lang or self.lang
        return {"id": self.id, "mode": self.mode, "title": self.title, "rule": self.rule, "why": self.why,
                "hint": self.hint, "answer": self.answer_words(lang), "parts": [p.spec(lang) for p in self.parts]}

    def progress(self) -> dict[str, str]:
        """The progress item (``data-progress``)."""
        return {"kind": "prediction" if self.mode == "predict" else "exercise", "id": self.id, "words": self.title}

    def _inputs(self) -> str:
        out = []
        for i, p in enumerate(self.parts):
            pid = f"ex-{self.id}-{i}"
            label = html.escape(p.label)
            if isinstance(p, Choice):
                radios = "".join(
                    f'<label class="ex-option"><input type="radio" name="{pid}" value="{html.escape(o)}"> '
                    f"{html.escape(o)}</label>" for o in p.options)
                out.append(f'<fieldset class="ex-part ex-choice"><legend>{label}</legend>{radios}</fieldset>')
            else:
                note = p.example(self.lang)
                note_html = (f' <small class="ex-note" id="{pid}-note">{html.escape(note)}</small>'
                             if note else "")
                described = f' aria-describedby="{pid}-note"' if note else ""
                mode = ' inputmode="decimal"' if isinstance(p, (Amount, Chance)) else ""
                out.append(f'<p class="ex-part"><label for="{pid}">{label}</label> '
                           f'<input type="text" id="{pid}" name="{pid}" autocomplete="off" spellcheck="false"'
                           f'{mode}{described}>{note_html}'
                           f'<span class="ex-blank" aria-hidden="true"></span></p>')
        return "".join(out)

    def _button(self) -> str:
        return tr("exercises.check", self.lang)

    def _repr_html_(self) -> str:
        show = (f'<button type="button" class="ex-show" hidden>{tr("exercises.show", self.lang)}</button>'
                if self.mode == "exercise" else "")
        word = tr("exercises.head.predict" if self.mode == "predict" else "exercises.head.exercise", self.lang)
        return (f'<div class="exercise ex-{self.mode}" data-exercise="{_attr(self.spec())}" '
                f'data-progress="{_attr(self.progress())}">'
                f'<div class="ex-form" role="group" aria-label="{html.escape(self.title)}">'
                f'<p class="ex-head">{word}</p>{self._inputs()}'
                f'<p class="ex-buttons"><button type="button" class="ex-check">{self._button()}</button> {show}</p>'
                f'</div><p class="ex-feedback" role="status" aria-live="polite"></p></div>')

    def __repr__(self) -> str:
        n = len(self.parts)
        labels = "; ".join(p.label.lower() for p in self.parts)
        return tr("exercises.repr.exercise", self.lang, n=n, count=_count_words(n, self.lang), title=self.title,
                  labels=labels)

    # -------------------------------------------------------------- the check
    def _texts(self, texts: str | Sequence[str]) -> list[str]:
        items = [texts] if isinstance(texts, str) else list(texts)
        if len(items) != len(self.parts):
            raise ExerciseError(f"exercise {self.id!r} has {len(self.parts)} answers; {len(items)} given")
        return items

    def check(self, texts: str | Sequence[str], tries: int = 1, lang: str | None = None) -> Feedback:
        """Check the reader's answer (one text per part); ``tries`` counts this answer (the first
        wrong answer is told the hint, a later one the why); the verdict's own words in ``lang``
        (else the exercise's language)."""
        lang = check_lang(lang or self.lang)
        items = self._texts(texts)
        reads = [p.read(t, lang) for p, t in zip(self.parts, items)]
        bad = [r for r in reads if not r.ok]
        if bad:
            return Feedback(False, bad[0].problem[:1].upper() + bad[0].problem[1:] + ".", "", read=False,
                            parts=tuple(r.right for r in reads))
        right = all(r.right for r in reads)
        return Feedback(right, self._words(right, reads, items, tries, lang), self.rule,
                        parts=tuple(r.right for r in reads))

    def _words(self, right: bool, reads: list[Read], typed: list[str], tries: int, lang: str) -> str:
        if right:
            return " ".join(filter(None, [tr("exercises.right", lang, answer=self.answer_words(lang)), self.why]))
        lead = " ".join(tr("exercises.part.right" if r.right else "exercises.part.wrong", lang, label=p.label)
                        for p, r in zip(self.parts, reads)) if len(self.parts) > 1 else tr("exercises.wrong", lang)
        tail = (tr("exercises.hint", lang, hint=self.hint) if self.hint and tries <= 1
                else (self.why or tr("exercises.again", lang)))
        return f"{lead} {tail}"


class Predict(Exercise):
    """Predict, then see: the reader commits a guess, then the page shows the value the notebook
    computed and says how close the guess came.

    >>> from fractions import Fraction
    >>> p = Predict("stukolka-odds-predict-1", Chance("Somebody holds the trump ace", Fraction(60, 221)))
    >>> p.check("20%").words
    'You said 20 %; it is 60/221 (about 27.1 %): 7.1 percentage points too low.'
    """

    mode = "predict"

    def __init__(self, id: str, part: Part, *, rule: str = "", why: str = "", title: str = "",  # noqa: A002
                 lang: str = DEFAULT) -> None:
        super().__init__(id, [part], rule=rule, why=why, title=title, lang=lang)

    def _button(self) -> str:
        return tr("exercises.commit", self.lang)

    def __repr__(self) -> str:
        return tr("exercises.repr.predict", self.lang, title=self.title, label=self.parts[0].label.lower())

    def _words(self, right: bool, reads: list[Read], typed: list[str], tries: int, lang: str) -> str:
        p, r, guess = self.parts[0], reads[0], typed[0]
        if isinstance(p, Amount):
            got = _AMOUNT.match(normalize(guess))
            assert got is not None
            n = int(got.group(2)) * (-1 if got.group(1) == "-" else 1)
            d = n - p.value
            how = (tr("exercises.how.exact", lang) if d == 0
                   else tr("exercises.how.many" if d > 0 else "exercises.how.few", lang, d=abs(d)))
        elif isinstance(p, Chance):
            how = tr("exercises.how.within", lang) if p.off_by(guess) == 0 else p.closeness(guess, lang)
        else:
            how = tr("exercises.how.right" if r.right else "exercises.how.wrong", lang)
        return " ".join(filter(None, [tr("exercises.said", lang, said=r.said, answer=p.words(lang), how=how), self.why]))


# --------------------------------------------------------------------------- reading a built page
_DATA = re.compile(r'data-exercise="([^"]*)"')


def exercises_in_html(text: str) -> list[dict[str, Any]]:
    """The exercise data (``data-exercise``) of every form in a piece of HTML (a stored output).

    >>> [e["id"] for e in exercises_in_html(Exercise("a-1", Amount("N", 3))._repr_html_())]
    ['a-1']
    """
    return [json.loads(html.unescape(m.group(1))) for m in _DATA.finditer(text)]


def check_spec(spec: Mapping[str, Any], texts: Sequence[str], lang: str = DEFAULT) -> list[Read]:
    """Read typed answers against an exercise's JSON (as stored in a page), one per part."""
    parts = spec["parts"]
    if len(texts) != len(parts):
        raise ExerciseError(f"exercise {spec.get('id')!r} has {len(parts)} answers; {len(texts)} given")
    return [read_part(p, t, lang) for p, t in zip(parts, texts)]
