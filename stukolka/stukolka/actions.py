"""The Stukolka actions: their grammar (strings) and their ids (ints).

Every action is a short string (``docs/stukolka-actions.md``); :func:`canonical` reads any
spelling the grammar allows and gives the one the engine lists and records::

    >>> canonical("  PLAY  kh ", ()), canonical("cut", ()), canonical("Deal By 02 noticed", ())
    ('play K♥', 'cut 26', 'deal by 2 noticed')
    >>> canonical("discard 9♣ 7♦", [parse_card("7♦"), parse_card("9♣")])   # as the cards lie in hand
    'discard 7♦ 9♣'

The int action API numbers every action by one fixed table, the same for every deal and every
rules object (:data:`ACTION_IDS`): a card's play is the card itself (0..51); the words, cuts,
seeds, deal irregularities and seat draws have blocks of their own; a discard is
:data:`DISCARD_BASE` plus its cards written as base-53 digits (card + 1), the smallest first,
so a set of cards has one id whatever its order in the hand::

    >>> discard_id([parse_card("A♠"), parse_card("2♠")]), id_string(1690, [12, 0])
    (1690, 'discard A♠ 2♠')

The grammar's own label is ``stukolka-rule-actions``: an unreadable action raises
:class:`~stukolka.errors.InvalidActionError` naming it.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from stukolka.cards import CardParseError, format_card, parse_card, parse_cards
from stukolka.errors import InvalidActionError
from stukolka.stukolka.play import discard_order

__all__ = ["ACTION_IDS", "ACTION_RULE", "MAX_ACTION_LENGTH", "SHUFFLE_SAMPLE", "CARD_NAMES", "PLAYS", "CUTS",
           "SHUFFLES", "KNOCK", "PASS", "GOLETS", "DARK", "LOOK", "RAZREZ", "STAND", "SHLEIF", "REFUSE_SHLEIF",
           "DEAL", "MISCOUNT", "BLIND_BASE", "CUT_BASE", "SHUFFLE_BASE", "EXPOSE_BASE", "DEAL_BY_BASE",
           "NOTICED_BASE", "DRAW_BASE", "DISCARD_BASE", "UNSEEN_DISCARD", "canonical", "discard_id", "discard_cards",
           "discard_ids", "deal_ids", "purchase_ids", "in_hand_order", "id_string", "string_id", "exchange_names", "shuffled_deck",
           "unreadable"]

#: The label of the action grammar itself (``docs/stukolka-actions.md``): an unreadable action.
ACTION_RULE = "stukolka-rule-actions"
#: The longest action the engine reads (a ``deck`` of 52 cards is about 160 characters).
MAX_ACTION_LENGTH = 200
#: ``chance_outcomes()`` lists this many equally likely seeded shuffles (and seat draws).
SHUFFLE_SAMPLE = 64
_NUMBER = re.compile(r"[0-9]+")  # counts and seeds: ASCII digits only

#: The canonical name of each card, and the action strings made of them, made once.
CARD_NAMES = tuple(format_card(c) for c in range(52))
CARD_OF = {s: c for c, s in enumerate(CARD_NAMES)}
PLAYS = tuple(f"play {s}" for s in CARD_NAMES)
PLAY_OF = {a: c for c, a in enumerate(PLAYS)}
DISCARD_ONE = tuple(f"discard {s}" for s in CARD_NAMES)
SHUFFLES = tuple(f"shuffle {i}" for i in range(SHUFFLE_SAMPLE))
CUTS = tuple(f"cut {k}" for k in range(1, 52))
BLINDS = tuple(f"blind {k}" for k in range(36))
#: A dark buyer's throw of his extra card while he has not looked: a spelling that names no card,
#: read as the named discard of ``StukolkaState.unseen_discard`` (the view offers it to him).
UNSEEN_DISCARD = "discard unseen"

# ---------------------------------------------------------------------- the id table
WORD_IDS = {"knock": 52, "pass": 53, "golets": 54, "dark": 55, "look": 56, "razrez": 57,
            "stand": 58, "shleif": 59, "refuse shleif": 60, "deal": 61, "deal miscount": 62}
ID_WORDS = {i: w for w, i in WORD_IDS.items()}
KNOCK, PASS, GOLETS, DARK, LOOK, RAZREZ, STAND, SHLEIF, REFUSE_SHLEIF, DEAL, MISCOUNT = range(52, 63)
BLIND_BASE = 64          #: ``blind k`` is 64 + k (k < 36)
CUT_BASE = 100           #: ``cut k`` is 100 + k (1..51)
SHUFFLE_BASE = 200       #: ``shuffle i`` is 200 + i (i < SHUFFLE_SAMPLE)
EXPOSE_BASE = 300        #: ``deal expose k`` is 300 + k (k < 30)
DEAL_BY_BASE = 330       #: ``deal by p`` is 330 + p
NOTICED_BASE = 340       #: ``deal by p noticed`` is 340 + p
DRAW_BASE = 400          #: the i-th listed seat draw (``chance_outcomes()[i]``) is 400 + i
DISCARD_BASE = 1000      #: ``discard`` of cards c1 < c2 < ...: 1000 + sum((c + 1) * 53**j)
#: The fixed id blocks, for readers and tests: name -> (first id, last id).
ACTION_IDS: dict[str, tuple[int, int]] = {
    "play <card>": (0, 51), **{w: (i, i) for w, i in WORD_IDS.items()},
    "blind <k>": (BLIND_BASE, BLIND_BASE + 35), "cut <k>": (CUT_BASE + 1, CUT_BASE + 51),
    "shuffle <i>": (SHUFFLE_BASE, SHUFFLE_BASE + SHUFFLE_SAMPLE - 1),
    "deal expose <k>": (EXPOSE_BASE + 1, EXPOSE_BASE + 29), "deal by <p>": (DEAL_BY_BASE, DEAL_BY_BASE + 9),
    "deal by <p> noticed": (NOTICED_BASE, NOTICED_BASE + 9),
    "draw (listed outcome i)": (DRAW_BASE, DRAW_BASE + SHUFFLE_SAMPLE - 1),
    "discard <cards>": (DISCARD_BASE + 1, DISCARD_BASE + 53 ** 5),
}
#: The legal ids of the phases whose choices never change (ranges: ``in`` is one comparison).
CUT_IDS = range(CUT_BASE + 1, CUT_BASE + 52)
SHUFFLE_IDS = range(SHUFFLE_BASE, SHUFFLE_BASE + SHUFFLE_SAMPLE)
DRAW_IDS = range(DRAW_BASE, DRAW_BASE + SHUFFLE_SAMPLE)
#: The listed string -> id of those phases (read, never changed).
CUT_TABLE = {a: CUT_BASE + k for k, a in enumerate(CUTS, 1)}
SHUFFLE_TABLE = {a: SHUFFLE_BASE + i for i, a in enumerate(SHUFFLES)}
#: The listed shuffle strings and cut strings -> their seed and their count.
SHUFFLE_SEED = {a: i for i, a in enumerate(SHUFFLES)}
CUT_OF = {a: k for k, a in enumerate(CUTS, 1)}

class _Uniform(Fraction):
    """An exact probability whose hash is computed once: the 64 equal chance outcomes of a
    shuffle share one object, so sampling among them does not rehash a Fraction 64 times."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"


# The hash of 1/64 as a Fraction, returned by a C method without a call into Python: an int's
# own __hash__ (a bound method, so the type calls it with no argument) gives that int back.
_Uniform.__hash__ = hash(Fraction(1, SHUFFLE_SAMPLE)).__hash__  # type: ignore[method-assign,assignment]
P_LISTED = _Uniform(1, SHUFFLE_SAMPLE)
SHUFFLE_OUTCOMES = tuple((a, P_LISTED) for a in SHUFFLES)

_DECKS: dict[int, tuple[int, ...]] = {}  # the deck orders of the listed seeds, made once
_DRAWS: dict[int, tuple[tuple[int, ...], ...]] = {}  # the listed seat draws of k cards


def shuffled_deck(seed: int) -> list[int]:
    """The deck order (top card first) of ``shuffle <seed>``: ``random.Random(seed)`` shuffles
    the pack ``0..51`` (Fisher-Yates); the same for every seed, whatever its size.

    >>> shuffled_deck(7)[:5] == shuffled_deck(7)[:5] != shuffled_deck(8)[:5]
    True
    """
    if 0 <= seed < SHUFFLE_SAMPLE and type(seed) is int:
        deck = _DECKS.get(seed)
        if deck is None:
            deck = _DECKS[seed] = tuple(_shuffle(seed))
        return list(deck)
    return _shuffle(seed)


def _shuffle(seed: int) -> list[int]:
    d = list(range(52))
    random.Random(seed).shuffle(d)
    return d


def listed_draws(k: int) -> tuple[tuple[int, ...], ...]:
    """The :data:`SHUFFLE_SAMPLE` listed seat draws of ``k`` cards (``random.Random(i).sample``)."""
    got = _DRAWS.get(k)
    if got is None:
        got = _DRAWS[k] = tuple(tuple(random.Random(i).sample(range(52), k)) for i in range(SHUFFLE_SAMPLE))
    return got


def draw_string(cards: Iterable[int]) -> str:
    """The action of a seat draw of ``cards`` (one per drawing seat, in seat order)."""
    return "draw " + " ".join(map(CARD_NAMES.__getitem__, cards))


_DEAL_IDS: dict[tuple[int, int], tuple[int, ...]] = {}


def deal_ids(n: int, dealer: int) -> tuple[int, ...]:
    """The ids of the deal and its irregularities (``irregularities`` on; ``stukolka-rule-misdeal``,
    ``stukolka-rule-out-of-turn-deal``) at a table of ``n`` with this ``dealer``: ``deal``, each
    ``deal expose k`` (k = 1 .. 3n), ``deal miscount``, and ``deal by p`` and ``deal by p noticed``
    for every other seat.

    >>> [id_string(i) for i in deal_ids(3, 0)][-4:]
    ['deal by 1', 'deal by 1 noticed', 'deal by 2', 'deal by 2 noticed']
    """
    got = _DEAL_IDS.get((n, dealer))
    if got is None:
        ids = [DEAL] + [EXPOSE_BASE + k for k in range(1, 3 * n + 1)] + [MISCOUNT]
        for p in range(n):
            if p != dealer:
                ids += [DEAL_BY_BASE + p, NOTICED_BASE + p]
        got = _DEAL_IDS[n, dealer] = tuple(ids)
    return got


# ---------------------------------------------------------------------- discards
def discard_id(cards: Iterable[int]) -> int:
    """The action id of discarding ``cards`` (any order): :data:`DISCARD_BASE` plus the cards
    as base-53 digits (card + 1), the smallest first.

    >>> discard_id([5, 0]) == discard_id([0, 5]) == 1000 + 1 + 6 * 53
    True
    """
    code, place = 0, 1
    for c in sorted(cards):
        code += (c + 1) * place
        place *= 53
    return DISCARD_BASE + code


def discard_cards(aid: int) -> list[int]:
    """The cards of a discard id, smallest first (``ValueError`` when a digit is 0)."""
    code, out = aid - DISCARD_BASE, []
    while code:
        code, digit = divmod(code, 53)
        if not digit:
            raise ValueError(aid)
        out.append(digit - 1)
    return out


_DISCARD_SETS: dict[int, frozenset[int]] = {}


def in_hand_order(hand: Sequence[int], aid: int) -> list[int]:
    """The cards of the discard ``aid``, all of them in ``hand``, as they lie there."""
    code = aid - DISCARD_BASE
    if 0 < code <= 52:                      # one card (the commonest throw)
        return [code - 1]
    if 0 < code < 2809:                     # two cards (53 ** 2): the digits, read off
        c0, c1 = code % 53 - 1, code // 53 - 1
        return [c0, c1] if hand.index(c0) < hand.index(c1) else [c1, c0]
    if 0 < code < 148877:                   # three cards (53 ** 3)
        return sorted((code % 53 - 1, code // 53 % 53 - 1, code // 2809 - 1), key=hand.index)
    chosen = _DISCARD_SETS.get(aid)
    if chosen is None:
        if len(_DISCARD_SETS) > 100_000:
            _DISCARD_SETS.clear()
        chosen = _DISCARD_SETS[aid] = frozenset(discard_cards(aid))
    return [c for c in hand if c in chosen]


#: The ids of throwing one card, and two cards (either order), made once.
_ONE_IDS = tuple(DISCARD_BASE + 1 + c for c in range(52))
_PAIR_IDS = tuple(tuple(DISCARD_BASE + min(a, b) + 1 + 53 * (max(a, b) + 1) for b in range(52))
                  for a in range(52))
#: The discard sizes up to k: ``UP_TO[k]`` is ``(1, ..., k)``; and exactly k: ``EXACTLY[k]``.
UP_TO = tuple(tuple(range(1, k + 1)) for k in range(5))
EXACTLY = tuple((k,) for k in range(5))
_DISCARD_IDS: dict[tuple[Any, ...], tuple[int, ...]] = {}


def discard_ids(hand: Sequence[int], sizes: tuple[int, ...], keep: int | None = None) -> tuple[int, ...]:
    """The ids of every discard of ``k`` cards of ``hand`` for ``k`` in ``sizes``, in
    combination order (as the cards lie in the hand), none that throws ``keep``.

    >>> discard_ids([3, 1, 2], UP_TO[2]) == tuple(discard_id(c) for c in ([3], [1], [2], [3, 1], [3, 2], [1, 2]))
    True
    """
    if sizes == (1,):                       # one card to throw (razrez, dark, the shleif's 4th card)
        one = _ONE_IDS
        return tuple([one[c] for c in hand if c != keep])
    if sizes == (1, 2, 3) and len(hand) == 3 and keep is None:   # the usual purchase
        return purchase_ids(hand)[1:]
    key = (tuple(hand), sizes, keep)
    got = _DISCARD_IDS.get(key)
    if got is None:
        if len(_DISCARD_IDS) > 200_000:
            _DISCARD_IDS.clear()
        got = _DISCARD_IDS[key] = tuple(discard_id(combo) for k in sizes
                                        for combo in itertools.combinations(key[0], k) if keep not in combo)
    return got


def purchase_ids(hand: Sequence[int]) -> tuple[int, ...]:
    """The ids of the usual purchase of a hand of three cards: ``stand``, then every discard of
    one, two and three of its cards in combination order (:func:`discard_ids`), read from the
    tables of one- and two-card ids.

    >>> purchase_ids([3, 1, 2]) == (STAND,) + discard_ids([3, 1, 2], (1, 2), None) + (discard_id([1, 2, 3]),)
    True
    """
    a, b, c = hand
    lo, mid = (a, b) if a < b else (b, a)
    if c < lo:
        three = c + 53 * lo + 2809 * mid
    elif c < mid:
        three = lo + 53 * c + 2809 * mid
    else:
        three = lo + 53 * mid + 2809 * c
    one, pairs = _ONE_IDS, _PAIR_IDS[a]
    return (STAND, one[a], one[b], one[c], pairs[b], pairs[c], _PAIR_IDS[b][c], DISCARD_BASE + 2863 + three)


_EXCHANGE_NAMES: dict[tuple[Any, ...], tuple[str, ...]] = {}


def exchange_names(hand: Sequence[int], ids: Sequence[int]) -> tuple[str, ...]:
    """The canonical strings of the purchase or razrez ids ``ids`` of the seat holding ``hand``
    (made once per hand and list)."""
    key = (tuple(hand), tuple(ids))
    got = _EXCHANGE_NAMES.get(key)
    if got is None:
        if len(_EXCHANGE_NAMES) > 200_000:
            _EXCHANGE_NAMES.clear()
        got = _EXCHANGE_NAMES[key] = tuple(exchange_word(hand, i) for i in ids)
    return got


def exchange_word(hand: Sequence[int], aid: int) -> str:
    """The canonical string of the purchase or razrez id ``aid`` of the seat holding ``hand``."""
    word = ID_WORDS.get(aid)
    if word is not None:
        return word
    if BLIND_BASE <= aid < BLIND_BASE + 36:
        return BLINDS[aid - BLIND_BASE]
    cards = in_hand_order(hand, aid)
    if len(cards) == 1:
        return DISCARD_ONE[cards[0]]
    return "discard " + " ".join(map(CARD_NAMES.__getitem__, cards))


# ---------------------------------------------------------------------- ids and strings
def unreadable(action: object, reason: str) -> InvalidActionError:
    """An :class:`~stukolka.errors.InvalidActionError` that names the action grammar
    (``stukolka-rule-actions``); a long action is quoted shortened."""
    if isinstance(action, str) and len(action) > 60:
        action = action[:40] + f"... ({len(action)} characters)"
    return InvalidActionError(action, f"{reason} [{ACTION_RULE}]", ACTION_RULE)


def id_string(aid: int, hand: Sequence[int] = ()) -> str:
    """The canonical string of the id ``aid`` (:data:`ACTION_IDS`), a seat draw excepted (its
    string is the state's listed outcome); a discard lists its cards as they lie in ``hand``
    (the hand of the seat to act).  Anything else raises :class:`~stukolka.errors.InvalidActionError`.

    >>> id_string(52), id_string(126), id_string(343)
    ('knock', 'cut 26', 'deal by 3 noticed')
    """
    a = aid
    if type(a) is not int:
        raise unreadable(a, "an action id is an int (see ACTION_IDS)")
    if 0 <= a < 52:
        return PLAYS[a]
    word = ID_WORDS.get(a)
    if word is not None:
        return word
    if BLIND_BASE <= a < BLIND_BASE + 36:
        return BLINDS[a - BLIND_BASE]
    if CUT_BASE < a < CUT_BASE + 52:
        return CUTS[a - CUT_BASE - 1]
    if SHUFFLE_BASE <= a < SHUFFLE_BASE + SHUFFLE_SAMPLE:
        return SHUFFLES[a - SHUFFLE_BASE]
    if EXPOSE_BASE < a < EXPOSE_BASE + 30:
        return f"deal expose {a - EXPOSE_BASE}"
    if DEAL_BY_BASE <= a < DEAL_BY_BASE + 10:
        return f"deal by {a - DEAL_BY_BASE}"
    if NOTICED_BASE <= a < NOTICED_BASE + 10:
        return f"deal by {a - NOTICED_BASE} noticed"
    if DISCARD_BASE < a <= DISCARD_BASE + 53 ** 5:
        try:
            cards = discard_cards(a)
        except ValueError:
            raise unreadable(a, "not a discard id (a card digit is 0)") from None
        if len(cards) == len(set(cards)):
            return "discard " + " ".join(CARD_NAMES[c] for c in discard_order(hand, cards))
    raise unreadable(a, "no action has this id (see ACTION_IDS)")


def string_id(a: str) -> int | None:
    """The id of a canonical action string, or ``None`` when it has none (a seat draw, a seed
    beyond the listed ones, a ``deck`` order, a number beyond its block).

    >>> string_id("play 2♠"), string_id("discard 2♠ A♠"), string_id("cut 26"), string_id("shuffle 999")
    (0, 1690, 126, None)
    """
    got = PLAY_OF.get(a)
    if got is not None:
        return got
    if a.startswith("discard "):
        return discard_id(CARD_OF[t] for t in a.split()[1:])
    got = WORD_IDS.get(a)
    if got is None:
        got = CUT_TABLE.get(a)
    if got is None:
        got = SHUFFLE_TABLE.get(a)
    if got is None:
        w = a.split()
        if w[0] == "blind" and len(w) == 2:
            got = BLIND_BASE + int(w[1])
        elif w[:2] == ["deal", "expose"]:
            got = EXPOSE_BASE + int(w[2])
        elif w[:2] == ["deal", "by"]:
            got = (NOTICED_BASE if len(w) == 4 else DEAL_BY_BASE) + int(w[2])
    if got is None:
        return None
    try:
        back = id_string(got)
    except InvalidActionError:
        return None
    return got if back == a else None


# ---------------------------------------------------------------------- the grammar
_SIMPLE = frozenset({"knock", "pass", "golets", "dark", "razrez", "look", "shleif", "refuse shleif",
                     "deal", "deal miscount"})


def canonical(action: object, hand: Sequence[int], at_shuffle: bool = False) -> str:
    """The canonical spelling of an action string (cards in symbol notation, one space between
    words, numbers without leading zeros).  ``hand`` orders the cards of a discard (the hand of
    the seat to act; cards not in it last); ``at_shuffle``: ``deal <52 cards>`` is read as
    ``deck <52 cards>``.  An unreadable action raises :class:`~stukolka.errors.InvalidActionError`
    (``stukolka-rule-actions``).

    >>> canonical("knock K♥", ())
    Traceback (most recent call last):
    ...
    stukolka.errors.InvalidActionError: cannot read action 'knock K♥': unknown action; see docs/stukolka-actions.md [stukolka-rule-actions]
    """
    if not isinstance(action, str):
        raise unreadable(action, "an action is a string such as 'knock' or 'play K♥'")
    if len(action) > MAX_ACTION_LENGTH:
        raise unreadable(action, f"longer than {MAX_ACTION_LENGTH} characters; no action is")
    text = " ".join(action.split())
    if text in PLAY_OF or text in ("knock", "pass", "deal", "stand"):
        return text
    if not text:
        raise unreadable(action, "empty action")
    head, _, rest = text.partition(" ")
    head = head.lower()
    try:
        if head == "play":
            return PLAYS[parse_card(rest)]
        if head in ("discard", "stand"):
            if head == "stand" and rest:
                raise unreadable(action, "'stand' takes no cards")
            cards = list(parse_cards(rest)) if rest else []
            if not cards:
                return "stand"
            return "discard " + " ".join(CARD_NAMES[c] for c in discard_order(hand, cards))
        if head in ("draw", "deck") or (head == "deal" and rest and at_shuffle):
            head = "deck" if head == "deal" else head   # 'deal <order>' is read as 'deck <order>'
            return f"{head} " + " ".join(CARD_NAMES[c] for c in parse_cards(rest))
    except CardParseError as exc:
        raise unreadable(action, str(exc)) from None
    low = text.lower()
    if low in _SIMPLE:
        return low
    words = low.split()
    head = words[0]
    number = len(words) > 1 and _NUMBER.fullmatch(words[-1]) is not None
    if head == "cut":
        if len(words) == 1:
            return "cut 26"
        if len(words) == 2 and number:
            return f"cut {int(words[1])}"
    if head in ("shuffle", "blind") and len(words) == 2 and number:
        return f"{head} {int(words[1])}"
    if words[:2] == ["deal", "expose"] and len(words) == 3 and number:
        return f"deal expose {int(words[2])}"
    if words[:2] == ["deal", "by"] and len(words) in (3, 4) and _NUMBER.fullmatch(words[2]):
        if len(words) == 3 or words[3] == "noticed":
            return " ".join(words[:2] + [str(int(words[2]))] + words[3:])
    if head in ("cut", "shuffle", "blind", "deal"):
        raise unreadable(action, f"'{head}' takes a number in ASCII digits and nothing more; "
                         "see docs/stukolka-actions.md")
    raise unreadable(action, "unknown action; see docs/stukolka-actions.md")
