"""The engine's words in each language: one catalogue of messages per language, chosen per call.

Every sentence a reader sees (a ledger line, a button, a refusal and its reason, a table's caption)
is a message with an id, such as ``"ledger.fee"``, and named fields.  Its words live in the
catalogues, one per language: ``stukolka/i18n/<lang>/<domain>.json`` (``en/ledger.json``,
``ru/ledger.json``, ...), each a JSON object from message id to its template.  The same files are
read by the pages' JavaScript (``live/i18n.js``), so a word is written once for Python and the page.

A template is ``str.format`` text with named fields, ``"{who} deals and stakes the fee, {fee}"``,
or, where the words change with a number, an object of plural forms chosen by one field
(``"#"`` names it) with the forms of the language's plural rule: English ``one``/``other``,
Russian ``one``/``few``/``many`` (1 фишка, 2 фишки, 5 фишек; :func:`plural_form`)::

    {"#": "n", "one": "{n} chip", "other": "{n} chips"}

The language is an argument of every call, never a global a second table could change:

>>> tr("test.greeting", "en", who="Anna")
'Anna deals'
>>> tr("test.greeting", "ru", who="Анна")
'Анна сдаёт'
>>> [tr("test.chips", "ru", n=n) for n in (1, 3, 5, 11, 21, 22, 25)]
['1 фишка', '3 фишки', '5 фишек', '11 фишек', '21 фишка', '22 фишки', '25 фишек']
>>> tr("test.chips", "en", n=1), tr("test.chips", "en", n=2)
('1 chip', '2 chips')

A field may itself be a :class:`Msg` (rendered in the same language) and a message can be kept,
unrendered, to be said later in whichever language a reader asks for:

>>> m = Msg("test.greeting", {"who": Msg("test.dealer")})
>>> m.text("en"), m.text("ru")
('the dealer deals', 'сдающий сдаёт')

Cards in a field are :class:`Cards`, written as the language writes them (``K♥`` and ``К♥``):

>>> tr("test.greeting", "ru", who=Cards((10,))), tr("test.greeting", "en", who=Cards((10, 51)))
('Д♠ сдаёт', 'Q♠ A♣ deals')

An unknown id, an unknown language, or a missing field raises ``KeyError`` naming it.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import string
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Union

from stukolka.cards import card_name, format_card
from stukolka.errors import IllegalActionError

__all__ = ["LANGS", "DEFAULT", "Msg", "Cards", "CardWords", "Joined", "refused", "tr", "catalogue", "plural_form", "fields_of", "number_text", "check_lang", "book_words", "BookWords", "domain_files", "domain_of"]

#: The languages every message has, the first being the default.
LANGS: tuple[str, ...] = ("en", "ru")
DEFAULT = "en"
HERE = Path(__file__).resolve().parent

Template = Union[str, Mapping[str, str]]


def check_lang(lang: str) -> str:
    """``lang`` if the engine speaks it, else a ``KeyError`` naming it and the languages."""
    if lang not in LANGS:
        raise KeyError(f"language {lang!r} is not one of {', '.join(map(repr, LANGS))}")
    return lang


def domain_files(lang: str) -> list[Path]:
    """``lang``'s catalogue files: the engine's domains (``<lang>/ledger.json``, ...) and the book's
    chapters (``<lang>/book/stukolka_money.json``, whose ids begin ``book.stukolka_money.``)."""
    folder = HERE / check_lang(lang)
    return sorted(folder.glob("*.json")) + sorted((folder / "book").glob("*.json"))


def domain_of(path: Path) -> str:
    """The prefix every message id of a catalogue file begins with: ``ledger`` for ``ledger.json``,
    ``book.stukolka_money`` for ``book/stukolka_money.json``."""
    stem = path.name.removesuffix(".json")
    return f"book.{stem}" if path.parent.name == "book" else stem


def book_words(chapter: str, lang: str) -> "BookWords":
    """The words a chapter's code cells say, in ``lang``: ``say = book_words("stukolka_money", LANG)``
    then ``say("why", n=3)`` is ``tr("book.stukolka_money.why", LANG, n=3)``.  A chapter's prose in
    code (an exercise's question, a printed sentence, a table's headings) lives in
    ``stukolka/i18n/<lang>/book/<chapter>.json``, so the code cell is the same in both editions.

    >>> book_words("stukolka_money", "ru").msg("why", n=3)
    Msg(id='book.stukolka_money.why', fields={'n': 3})
    """
    check_lang(lang)
    return BookWords(chapter, lang)


@dataclasses.dataclass(frozen=True)
class BookWords:
    """A chapter's words in one language (:func:`book_words`); ``say(key, **fields)`` says one."""

    chapter: str
    lang: str

    def __call__(self, key: str, **fields: Any) -> str:
        return tr(f"book.{self.chapter}.{key}", self.lang, **fields)

    def msg(self, key: str, **fields: Any) -> "Msg":
        """The message unsaid, for a caller that says it later in its own language."""
        return Msg(f"book.{self.chapter}.{key}", dict(fields))


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> Mapping[str, Template]:
    """Every message of ``lang``: the union of its domain files (a message id lives in one file)."""
    check_lang(lang)
    out: dict[str, Template] = {}
    for path in domain_files(lang):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if key in out:
                raise KeyError(f"message {key!r} is written twice in the {lang!r} catalogue ({path.name})")
            out[key] = value
    return out


def plural_form(lang: str, n: int | Fraction) -> str:
    """The plural form of ``n`` in ``lang``: CLDR's rule for cardinal numbers.

    >>> [plural_form("ru", n) for n in (1, 2, 5, 11, 12, 21, 101, 111)]
    ['one', 'few', 'many', 'many', 'many', 'one', 'one', 'many']
    >>> plural_form("ru", Fraction(3, 2)), plural_form("en", 1), plural_form("en", 0)
    ('other', 'one', 'other')
    """
    n = Fraction(n)
    if lang == "ru":
        if n.denominator != 1:
            return "other"
        i = abs(n.numerator)
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def number_text(x: int | Fraction, lang: str) -> str:
    """A number (money: an int or an exact fraction) as the language writes it: ``12``, ``-7 1/2``,
    ``2/3``.  In Russian, five digits and more are grouped by threes
    with a narrow no-break space and a fraction's minus is a true minus (``376 000``, ``−7 1/2``);
    English text is left as the engine has always written it.

    >>> number_text(376000, "ru"), number_text(1500, "ru"), number_text(376000, "en")
    ('376\\u202f000', '1500', '376000')
    >>> number_text(Fraction(-15, 2), "ru"), number_text(Fraction(-15, 2), "en")
    ('−7 1/2', '-7 1/2')
    """
    x = Fraction(x)
    if x.denominator == 1:
        text = str(x.numerator)
    else:
        sign = "-" if x < 0 else ""
        whole, part = divmod(abs(x.numerator), x.denominator)
        text = f"{sign}{whole} {part}/{x.denominator}" if whole else f"{sign}{part}/{x.denominator}"
    if lang != "ru":
        return text
    minus, body = ("−", text[1:]) if text.startswith("-") else ("", text)
    digits, _, rest = body.partition(" ")
    if digits.isdigit() and len(digits) >= 5:
        groups: list[str] = []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        digits = "\u202f".join(groups)
    return minus + digits + (" " + rest if rest else "")


def fields_of(template: Template) -> set[str]:
    """The named fields a template uses (every plural form together, and the field choosing it)."""
    texts = [template] if isinstance(template, str) else [v for k, v in template.items() if k != "#"]
    names = {name.split(".")[0].split("[")[0] for t in texts for _, name, _, _ in string.Formatter().parse(t) if name}
    if not isinstance(template, str):
        names.add(template["#"])
    return names


@dataclasses.dataclass(frozen=True)
class Msg:
    """A message not yet put into words: its id and its fields (which may be messages too)."""

    id: str
    fields: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def text(self, lang: str = DEFAULT) -> str:
        return tr(self.id, lang, **self.fields)

    def to_dict(self) -> dict[str, Any]:
        """The message as data, for a page that words it itself: ``{"id": ..., "fields": {...}}``."""
        return {"id": self.id, "fields": {k: v.to_dict() if isinstance(v, (Msg, Cards)) else v
                                          for k, v in self.fields.items()}}


@dataclasses.dataclass(frozen=True)
class Cards:
    """Cards in a message, written in the language's short notation (``symbol``: ``Q♠``;
    ``ru_symbol``: ``Д♠``; :func:`stukolka.cards.format_card`), joined by ``sep``."""

    cards: tuple[int, ...]
    sep: str = " "

    def text(self, lang: str = DEFAULT) -> str:
        notation = "ru_symbol" if check_lang(lang) == "ru" else "symbol"
        return self.sep.join(format_card(c, notation) for c in self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "sep": self.sep}


def _field(value: Any, lang: str) -> Any:
    if isinstance(value, (Msg, Cards)):
        return value.text(lang)
    if lang == "ru" and isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return number_text(value, lang)
    return value


def tr(msg_id: str, lang: str = DEFAULT, /, **fields: Any) -> str:
    """The message ``msg_id`` in ``lang``, its fields filled in (a :class:`Msg` field in ``lang``)."""
    table = catalogue(lang)
    if msg_id not in table:
        raise KeyError(f"message {msg_id!r} is not in the {lang!r} catalogue")
    template = table[msg_id]
    if not isinstance(template, str):
        key = template["#"]
        if key not in fields:
            raise KeyError(f"message {msg_id!r} needs the field {key!r} to choose its plural form")
        forms = template
        template = forms.get(plural_form(lang, fields[key])) or forms["other" if "other" in forms else "many"]
    try:
        return template.format(**{k: _field(v, lang) for k, v in fields.items()})
    except KeyError as exc:
        raise KeyError(f"message {msg_id!r} in {lang!r} needs the field {exc.args[0]!r}") from None


@dataclasses.dataclass(frozen=True)
class CardWords(Msg):
    """Cards as a reader says them: in English by name (``the queen of spades``, with the
    article unless ``bare``, with a capital at the start of a sentence if ``capital``; several
    joined by ``and``), in Russian in short (``Д♠``, ``Д♠ и Д♥``)."""

    id: str = "cards"
    cards: tuple[int, ...] = ()
    bare: bool = False
    capital: bool = False

    def text(self, lang: str = DEFAULT) -> str:
        if check_lang(lang) == "en":
            names = [card_name(c) if self.bare else "the " + card_name(c) for c in self.cards]
            if self.capital and names:
                names[0] = names[0].capitalize()
        else:
            names = [format_card(c, "ru_symbol") for c in self.cards]
        return _and(names, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}


@dataclasses.dataclass(frozen=True)
class Joined(Msg):
    """Messages (or plain strings) in a row: joined by the language's ``and`` when ``sep`` is
    empty, else by ``sep``; ``prefix`` goes before them when there is any."""

    id: str = "core.and"
    parts: tuple[Any, ...] = ()
    sep: str = ""
    prefix: str = ""

    def text(self, lang: str = DEFAULT) -> str:
        words = [p.text(lang) if isinstance(p, Msg) else str(p) for p in self.parts]
        if not words:
            return ""
        return self.prefix + (self.sep.join(words) if self.sep else _and(words, lang))

    def to_dict(self) -> dict[str, Any]:
        return {"parts": [p.to_dict() if isinstance(p, Msg) else p for p in self.parts], "sep": self.sep}


def _and(words: list[str], lang: str) -> str:
    """``a and b and c`` in the language."""
    if not words:
        return ""
    out = words[0]
    for w in words[1:]:
        out = tr("core.and", lang, a=out, b=w)
    return out


def refused(action: object, msg: Msg, rule: str, cls: type[IllegalActionError] = IllegalActionError) -> IllegalActionError:
    """The error that refuses ``action`` for the reason ``msg``: its English words are the error's
    (``str`` and ``reason`` read as they always have), and it keeps ``msg`` as ``words`` so that a
    table can say the refusal in its reader's language."""
    exc = cls(action, msg.text("en"), rule)
    setattr(exc, "words", msg)
    return exc
