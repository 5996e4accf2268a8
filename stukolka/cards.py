"""Cards, suits, ranks, decks and notation.

A card is a small int (``0 <= card < 52``), in the manner of python-chess squares::

    card = SUITS.index(suit) * 13 + (rank - 2)

with ranks ``2 .. 14`` (jack 11, queen 12, king 13, ace 14) and suits in the
order spades, hearts, diamonds, clubs (пики, черви, бубны, трефы).  The
:class:`Card` type is an ``int`` subclass that knows how to print and draw
itself; every function here also accepts a plain ``int``.

>>> q = parse_card("Q♠")
>>> q == QUEEN_OF_SPADES == parse_card("Qs") == parse_card("Д♠") == parse_card("дама пик")
True
>>> str(q), card_name(q), card_name(q, lang="ru")
('Q♠', 'queen of spades', 'дама пик')
>>> [str(c) for c in parse_cards("10h Th 10♥ десятка червей")]
['10♥', '10♥', '10♥', '10♥']
>>> len(deck(52)), len(deck(36)), len(deck(32))
(52, 36, 32)
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from stukolka.errors import CardParseError, DeckError

__all__ = [
    "cards_text",
    "SPADES", "HEARTS", "DIAMONDS", "CLUBS", "SUITS", "RED", "BLACK",
    "JACK", "QUEEN", "KING", "ACE", "RANKS",
    "Card", "Cards", "CardParseError", "DeckError",
    "make_card", "card_rank", "card_suit", "card_colour",
    "parse_card", "parse_cards", "parse_suit", "format_card", "card_name", "rank_name", "card_glyph",
    "deck", "DECK_SIZES", "NOTATIONS", "QUEEN_OF_SPADES",
    "card_svg", "cards_html",
]

# --------------------------------------------------------------------------- constants
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
RED, BLACK = "red", "black"
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS = tuple(range(2, 15))

DECK_SIZES = {52: 2, 36: 6, 32: 7}  #: deck size -> lowest rank in it
#: The notations :func:`format_card` writes and :func:`parse_card` reads.
NOTATIONS = ("symbol", "ascii", "ten", "ru", "ru_symbol", "ru_long", "en_long", "unicode")

_SUIT_SYMBOL = ("♠", "♥", "♦", "♣")
_SUIT_LETTER = ("s", "h", "d", "c")
_SUIT_RU_LETTER = ("п", "ч", "б", "т")
_SUIT_EN = ("spades", "hearts", "diamonds", "clubs")
_SUIT_RU_GEN = ("пик", "червей", "бубен", "треф")  # "дама пик", "туз бубен"
_SUIT_RU_NOM = ("пики", "черви", "бубны", "трефы")

_RANK_EN_INDEX = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_RU_INDEX = {11: "В", 12: "Д", 13: "К", 14: "Т"}  # валет, дама, король, туз
_RANK_EN_NAME = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_RANK_RU_NAME = {2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка",
                 7: "семёрка", 8: "восьмёрка", 9: "девятка", 10: "десятка", 11: "валет",
                 12: "дама", 13: "король", 14: "туз"}
# Unicode "Playing Cards" block: rank nibble 1..E, with C (knight) skipped in a standard pack.
_UNICODE_SUIT_BASE = (0x1F0A0, 0x1F0B0, 0x1F0C0, 0x1F0D0)
_UNICODE_RANK = {14: 0x1, **{r: r for r in range(2, 11)}, 11: 0xB, 12: 0xD, 13: 0xE}


# --------------------------------------------------------------------------- card type
class Card(int):
    """A playing card: an ``int`` in ``0..51`` that prints and draws itself.

    >>> Card(parse_card("A♦")).rank, Card(parse_card("A♦")).suit == DIAMONDS
    (14, True)
    >>> Card(51)
    Card('A♣')
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> "Card":
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
            raise CardParseError(value, "a card number must be an int in 0..51")
        return super().__new__(cls, value)

    @property
    def rank(self) -> int:
        return card_rank(self)

    @property
    def suit(self) -> int:
        return card_suit(self)

    @property
    def colour(self) -> str:
        return card_colour(self)

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card(self)!r})"

    def __format__(self, spec: str) -> str:
        return format_card(self, spec) if spec in NOTATIONS else format(str(self), spec)

    def _repr_svg_(self) -> str:
        return card_svg(self)

    def __reduce__(self) -> tuple[type, tuple[int]]:  # pickles and copies as a Card, not an int
        return (Card, (int(self),))


class Cards(tuple[Any, ...]):
    """An ordered, immutable group of cards (a hand, a trick, a deck) that shows as cards.

    >>> h = Cards.parse("A♠ K♠ 7♦")
    >>> h
    Cards('A♠ K♠ 7♦')
    >>> str(h)
    'A♠ K♠ 7♦'
    """

    def __new__(cls, cards: Iterable[int | str] = ()) -> "Cards":
        return super().__new__(cls, (c if isinstance(c, Card) else Card(c) for c in cards))

    @classmethod
    def parse(cls, text: str) -> "Cards":
        return cls(parse_cards(text))

    def __getitem__(self, index: Any) -> Any:  # a slice stays Cards
        item = super().__getitem__(index)
        return Cards(item) if isinstance(index, slice) else item

    def __add__(self, other: Iterable[int]) -> "Cards":  # type: ignore[override]
        return Cards(tuple(self) + tuple(other))

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def _repr_html_(self) -> str:
        return cards_html(self)

    def render(self, lang: str = "en") -> str:
        """The cards in ``lang``'s short notation (``Q♠ 10♥``, ``Д♠ 10♥``)."""
        return cards_text(self, lang)

    def html(self, lang: str = "en") -> str:
        """The cards' pictures, named in ``lang`` (``cards_html``)."""
        return cards_html(self, lang=lang)


# --------------------------------------------------------------------------- basic functions
def make_card(rank: int, suit: int) -> Card:
    """The card of a rank (2..14) and suit (SPADES..CLUBS).

    >>> make_card(QUEEN, SPADES) == QUEEN_OF_SPADES
    True
    """
    if rank not in RANKS:
        raise DeckError(f"rank {rank!r} is not in 2..14")
    if suit not in SUITS:
        raise DeckError(f"suit {suit!r} is not in 0..3 (spades, hearts, diamonds, clubs)")
    return Card(suit * 13 + rank - 2)


def card_rank(card: int) -> int:
    """Rank 2..14 of a card (ace high)."""
    return card % 13 + 2


def card_suit(card: int) -> int:
    """Suit 0..3 of a card: SPADES, HEARTS, DIAMONDS, CLUBS."""
    return card // 13


def card_colour(card: int) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
    return RED if card_suit(card) in (HEARTS, DIAMONDS) else BLACK


QUEEN_OF_SPADES = make_card(QUEEN, SPADES)


def deck(size: int = 52) -> Cards:
    """A fresh deck of 52, 36 (six up) or 32 (seven up) cards, in a fixed order:
    spades, hearts, diamonds, clubs, each from its lowest rank to the ace.

    >>> str(deck(32)[:3]), str(deck(32)[-1])
    ('7♠ 8♠ 9♠', 'A♣')
    """
    if size not in DECK_SIZES:
        raise DeckError(f"deck size {size!r} is not one of 52, 36, 32")
    low = DECK_SIZES[size]
    return Cards(make_card(r, s) for s in SUITS for r in range(low, 15))


# --------------------------------------------------------------------------- output
def _rank_index(rank: int, *, ten: str = "10", ru: bool = False) -> str:
    if rank == 10:
        return ten
    table = _RANK_RU_INDEX if ru else _RANK_EN_INDEX
    return table.get(rank, str(rank))


def card_glyph(card: int) -> str:
    """The single Unicode character for a card (U+1F0A1 ...), skipping the knights.

    >>> card_glyph(parse_card("A♠")) == "\\U0001F0A1", card_glyph(parse_card("K♣")) == "\\U0001F0DE"
    (True, True)
    """
    return chr(_UNICODE_SUIT_BASE[card_suit(card)] + _UNICODE_RANK[card_rank(card)])


def format_card(card: int, notation: str = "symbol") -> str:
    """Print a card in one of :data:`NOTATIONS`.

    ========== ===================
    symbol     ``Q♠``, ``10♥``
    ascii      ``Qs``, ``Th``
    ten        ``Qs``, ``10h``
    ru         ``Дп``, ``10ч``, ``Тб``
    ru_symbol  ``Д♠``, ``10♥``
    ru_long    ``дама пик``
    en_long    ``queen of spades``
    unicode    one glyph, ``🂭``
    ========== ===================

    >>> [format_card(parse_card("10h"), n) for n in NOTATIONS[:5]]
    ['10♥', 'Th', '10h', '10ч', '10♥']
    """
    card = _check_card(card)
    r, s = card_rank(card), card_suit(card)
    if notation == "symbol":
        return _rank_index(r) + _SUIT_SYMBOL[s]
    if notation == "ascii":
        return _rank_index(r, ten="T") + _SUIT_LETTER[s]
    if notation == "ten":
        return _rank_index(r) + _SUIT_LETTER[s]
    if notation == "ru":
        return _rank_index(r, ru=True) + _SUIT_RU_LETTER[s]
    if notation == "ru_symbol":
        return _rank_index(r, ru=True) + _SUIT_SYMBOL[s]
    if notation == "ru_long":
        return f"{_RANK_RU_NAME[r]} {_SUIT_RU_GEN[s]}"
    if notation == "en_long":
        return f"{_RANK_EN_NAME[r]} of {_SUIT_EN[s]}"
    if notation == "unicode":
        return card_glyph(card)
    raise DeckError(f"unknown card notation {notation!r}; choose one of {', '.join(NOTATIONS)}")


def card_name(card: int, lang: Literal["en", "ru"] = "en") -> str:
    """The full name of a card in English or Russian."""
    if lang not in ("en", "ru"):
        raise DeckError(f"unknown language {lang!r}; choose 'en' or 'ru'")
    return format_card(card, "ru_long" if lang == "ru" else "en_long")


def rank_name(rank: int, lang: Literal["en", "ru"] = "en") -> str:
    """The name of a rank (``2 .. 14``) in English or Russian, as :func:`card_name` says it.

    >>> rank_name(12), rank_name(10), rank_name(14, "ru")
    ('queen', 'ten', 'туз')
    """
    if lang not in ("en", "ru"):
        raise DeckError(f"unknown language {lang!r}; choose 'en' or 'ru'")
    if isinstance(rank, bool) or not isinstance(rank, int) or rank not in _RANK_EN_NAME:
        raise DeckError(f"rank {rank!r} is not in 2..14")
    return (_RANK_RU_NAME if lang == "ru" else _RANK_EN_NAME)[rank]


def _check_card(card: object) -> int:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
        raise CardParseError(card, "a card number must be an int in 0..51")
    return card


# --------------------------------------------------------------------------- input
def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().lower().replace("ё", "е")


_SUIT_WORDS: dict[str, int] = {}
for _s in SUITS:
    for _w in (_SUIT_SYMBOL[_s], _SUIT_LETTER[_s], _SUIT_RU_LETTER[_s], _SUIT_EN[_s],
               _SUIT_EN[_s][:-1], _SUIT_RU_GEN[_s], _SUIT_RU_NOM[_s]):
        _SUIT_WORDS[_norm(_w)] = _s
for _w, _s in (("♤", SPADES), ("♡", HEARTS), ("♢", DIAMONDS), ("♧", CLUBS),
               ("пика", SPADES), ("черва", HEARTS), ("червы", HEARTS), ("бубна", DIAMONDS),
               ("буби", DIAMONDS), ("трефа", CLUBS), ("крести", CLUBS), ("крестей", CLUBS)):
    _SUIT_WORDS[_w] = _s

_RANK_WORDS: dict[str, int] = {}
for _r in RANKS:
    for _w in (str(_r), _RANK_EN_INDEX.get(_r, ""), _RANK_RU_INDEX.get(_r, ""),
               _RANK_EN_NAME[_r], _RANK_RU_NAME[_r]):
        if _w:
            _RANK_WORDS[_norm(_w)] = _r
_RANK_WORDS["t"] = 10
_RANK_WORDS["x"] = 10

_GLYPHS = {card_glyph(c): c for c in range(52)}
_SHORT = re.compile(r"^(10|[2-9]|[tjqkaxвдкт])\s*(.+)$")
_LONG_EN = re.compile(r"^(\w+)\s+of\s+(\w+)$")
_LONG_RU = re.compile(r"^(\w+)\s+(\w+)$")


def _unreadable(text: object, reason: str, key: str, **fields: str) -> CardParseError:
    """The error refusing ``text`` as a card for ``reason``; it keeps the reason as data
    (``card_words``: the message key ``core.card.<key>`` and its fields), so that a reader is told
    it in his language (:func:`stukolka.report.error_words`)."""
    exc = CardParseError(text, reason)
    setattr(exc, "card_words", (key, fields))
    return exc


def parse_card(text: str) -> Card:
    """Parse one card in any notation of :func:`format_card` (and a few spoken variants).

    Case, spaces, ``ё``/``е`` and ``T``/``10`` do not matter.

    >>> [str(parse_card(t)) for t in ("Qs", "q♠", "Д♠", "дп", "дама пик", "queen of spades", "🂭")]
    ['Q♠', 'Q♠', 'Q♠', 'Q♠', 'Q♠', 'Q♠', 'Q♠']
    >>> parse_card("Z♠")
    Traceback (most recent call last):
    ...
    stukolka.errors.CardParseError: cannot parse 'Z♠' as a card: unknown rank; use 2-10, J Q K A, T for ten, or В Д К Т
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise _unreadable(text, "expected a string", "string")
    t = _norm(text)
    if not t:
        raise _unreadable(text, "empty string", "empty")
    if t in _GLYPHS:
        return Card(_GLYPHS[t])
    if text.strip() in _GLYPHS:
        return Card(_GLYPHS[text.strip()])
    if t in _RANK_WORDS:
        raise _unreadable(text, "a rank without a suit", "no-suit")
    m = _LONG_EN.match(t) or _LONG_RU.match(t)
    if m and m.group(1) in _RANK_WORDS and len(m.group(1)) > 2:
        rank_word, suit_word = m.groups()
    else:
        m = _SHORT.match(t)
        if not m:
            raise _unreadable(text, "unknown rank; use 2-10, J Q K A, T for ten, or В Д К Т", "rank")
        rank_word, suit_word = m.group(1), m.group(2).strip()
    rank = _RANK_WORDS.get(rank_word)
    if rank is None:
        raise _unreadable(text, f"unknown rank {rank_word!r}", "rank-word", word=rank_word)
    suit = _SUIT_WORDS.get(suit_word)
    if suit is None:
        raise _unreadable(text, f"unknown suit {suit_word!r}", "suit-word", word=suit_word)
    return make_card(rank, suit)


def parse_suit(text: str) -> int | None:
    """The suit a word names (``♥``, ``h``, ``hearts``, ``черви``, ``червей`` ...), or None.

    >>> parse_suit("Hearts") == parse_suit("черви") == parse_suit("♥") == HEARTS
    True
    >>> parse_suit("mushrooms") is None
    True
    """
    return _SUIT_WORDS.get(_norm(text)) if isinstance(text, str) else None


def parse_cards(text: str | Iterable[str | int]) -> Cards:
    """Parse several cards: a string separated by spaces or commas, or an iterable.

    Long names (``дама пик``, ``queen of spades``) are recognised as one card.

    >>> str(parse_cards("A♠, K♠ 7d"))
    'A♠ K♠ 7♦'
    """
    if not isinstance(text, str):
        return Cards(c if isinstance(c, int) else parse_card(c) for c in text)
    tokens = [tok for tok in re.split(r"[\s,;]+", text.strip()) if tok]
    out: list[Card] = []
    i = 0
    while i < len(tokens):
        # try the longest reading first: "queen of spades" (3), "дама пик" (2), "Q♠" (1)
        for width in (3, 2, 1):
            chunk = " ".join(tokens[i:i + width])
            if width > 1 and i + width > len(tokens):
                continue
            try:
                card = parse_card(chunk)
            except CardParseError:
                if width == 1:
                    raise CardParseError(tokens[i], f"in {text!r}") from None
                continue
            out.append(card)
            i += width
            break
    return Cards(out)


# --------------------------------------------------------------------------- drawing
#: Suit colours: the classic two-colour pack and a four-colour pack for readers
#: who cannot tell red from black easily (spades black, hearts red,
#: diamonds blue, clubs green).
PALETTES = {
    "two": ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a"),
    "four": ("#1a1a1a", "#c8102e", "#0b5fb0", "#117a3a"),
}


#: A card back's name, by language.
_BACK_NAME = {"en": "face-down card", "ru": "карта рубашкой вверх"}


def card_svg(card: int | None, *, width: int = 60, palette: str = "two", face_down: bool = False,
             lang: str | None = None) -> str:
    """An SVG picture of a card (or of a card back when ``face_down`` or ``card`` is None).

    The picture carries a ``<title>`` and ``aria-label`` with the card's name, so screen readers
    and text-only outputs still say what it is: in ``lang`` (``"en"`` or ``"ru"``), or in both
    when no language is given (``queen of spades (дама пик)``).
    """
    if lang is not None and lang not in _BACK_NAME:
        raise DeckError(f"unknown language {lang!r}; choose 'en' or 'ru'")
    h = round(width * 1.4)
    if card is None or face_down:
        label = _BACK_NAME[lang or "en"]
        body = (f'<rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="6" fill="#2b4c7e" stroke="#333"/>'
                f'<rect x="6" y="6" width="{width - 12}" height="{h - 12}" rx="4" fill="none" '
                f'stroke="#d8c48a" stroke-width="1.5"/>')
    else:
        card = _check_card(card)
        colour = PALETTES[palette][card_suit(card)]
        idx = _rank_index(card_rank(card), ru=(lang == "ru"))     # a Russian card shows Т К Д В
        sym = _SUIT_SYMBOL[card_suit(card)]
        label = (f"{card_name(card)} ({card_name(card, 'ru')})" if lang is None
                 else card_name(card, "ru" if lang == "ru" else "en"))
        fs = round(width * 0.3)
        body = (f'<rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="6" fill="#fff" stroke="#333"/>'
                f'<text x="5" y="{fs + 2}" font-family="sans-serif" font-weight="bold" font-size="{fs}" '
                f'fill="{colour}">{idx}</text>'
                f'<text x="5" y="{2 * fs + 2}" font-family="sans-serif" font-size="{fs}" fill="{colour}">{sym}</text>'
                f'<text x="{width / 2}" y="{h * 0.68}" text-anchor="middle" font-family="sans-serif" '
                f'font-size="{round(width * 0.55)}" fill="{colour}">{sym}</text>')
    label = html.escape(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
            f'viewBox="0 0 {width} {h}" role="img" aria-label="{label}"><title>{label}</title>{body}</svg>')


def cards_text(cards: Sequence[int], lang: str = "en") -> str:
    """Cards in ``lang``'s short notation, ``Q♠ 10♥`` (``"en"``) or ``Д♠ 10♥`` (``"ru"``)."""
    if lang not in _BACK_NAME:
        raise DeckError(f"unknown language {lang!r}; choose 'en' or 'ru'")
    return " ".join(format_card(c, "ru_symbol" if lang == "ru" else "symbol") for c in cards)


def cards_html(cards: Sequence[int | None], *, width: int = 60, palette: str = "two", lang: str | None = None) -> str:
    """A row of card pictures as HTML, with the cards also written out in text; ``lang`` names
    them (:func:`card_svg`) and writes them (``Д♠`` in ``"ru"``)."""
    pics = "".join(f'<span style="margin-right:4px">{card_svg(c, width=width, palette=palette, lang=lang)}</span>'
                   for c in cards)
    notation = "ru_symbol" if lang == "ru" else "symbol"
    text = html.escape(" ".join("??" if c is None else format_card(c, notation) for c in cards))
    return (f'<div class="stukolka-cards" style="display:flex;flex-wrap:wrap;align-items:center" '
            f'title="{text}">{pics}<span class="visually-hidden" style="position:absolute;left:-9999px">'
            f'{text}</span></div>')
