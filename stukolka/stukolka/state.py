"""The Stukolka engine: one deal as an explicit state machine, and a session of deals.

A deal runs through the phases of :class:`~stukolka.stukolka.phase.Phase`::

    seat_draw (first deal only) -> shleif_choice (shleif) -> shuffle -> cut -> deal
    -> declare -> purchase -> razrez -> play -> terminal

Actions are short strings (see ``docs/stukolka-actions.md``)::

    >>> s = StukolkaState(StukolkaRules(variant="prikup", n_players=3), dealer=0)
    >>> s.current_player() == CHANCE, s.pot
    (True, 3)
    >>> s.apply_action("shuffle 7"); s.apply_action("cut 26"); s.apply_action("deal")
    >>> s.phase.value, s.current_player(), s.legal_actions()
    ('declare', 1, ['knock', 'pass'])
    >>> for a in ("pass", "pass", "pass"): s.apply_action(a)
    >>> s.is_terminal(), s.returns()          # everyone passed: the dealer takes his own fee back
    (True, [0, 0, 0])

Money is exact and conserved: ``sum(state.balances) + state.table`` never changes.
"""

from __future__ import annotations

import itertools
import operator
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from stukolka.base import (CHANCE, TERMINAL, GameState, IllegalActionError, InvalidActionError, Ledger,
                           RecordError, RulesError, StukolkaError)
from stukolka.cards import CardParseError, Cards, card_rank, format_card, parse_card, parse_cards
from stukolka.stukolka.picture import DealView
from stukolka.stukolka.observation import Observation, StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.play import (PLAYING, card_options, declaring_order, discard_order, follow_options,
                                    lead_options, marriage_exemption, trick_winner, violation_rule)
from stukolka.stukolka.rules import PLAYER_LIMITS, RULE_LABELS, VARIANTS, StukolkaRules, _short, check_setup
from stukolka.stukolka.view import view as _view_of
from stukolka.stukolka.pot import (opening_contributions, state_ledger,
                                   state_payments)

__all__ = ["StukolkaState", "RECORD_FORMAT", "RECORD_KEYS", "check_stukolka_record", "shuffled_deck",
           "SHUFFLE_SAMPLE", "MAX_ACTION_LENGTH", "ACTION_RULE", "ACTION_IDS", "discard_id"]

# The phases as module constants: reading a member off the Enum class is an attribute look-up
# through its metaclass, several times slower than a global, and the engine asks at every step.
(_PH_SEAT_DRAW, _PH_SHLEIF_CHOICE, _PH_SHUFFLE, _PH_CUT, _PH_DEAL, _PH_DECLARE, _PH_PURCHASE, _PH_RAZREZ,
 _PH_PLAY, _PH_TERMINAL) = (Phase.SEAT_DRAW, Phase.SHLEIF_CHOICE, Phase.SHUFFLE, Phase.CUT, Phase.DEAL,
                            Phase.DECLARE, Phase.PURCHASE, Phase.RAZREZ, Phase.PLAY, Phase.TERMINAL)
_CS = tuple(format_card(c) for c in range(52))
_CARD_OF = {s: c for c, s in enumerate(_CS)}        # canonical card name -> card
_PLAYS = tuple(f"play {s}" for s in _CS)             # the action string of each card
_PLAY = {a: c for c, a in enumerate(_PLAYS)}
_DISCARD_ONE = tuple(f"discard {s}" for s in _CS)  # the action string of throwing one card
#: The ``format`` tag of a Stukolka record.
RECORD_FORMAT = "stukolka-record/1"
SHUFFLE_SAMPLE = 64  #: chance_outcomes() lists this many equally likely seeded shuffles
#: The longest action the engine reads (a ``deck`` of 52 cards is about 160 characters).
MAX_ACTION_LENGTH = 200
#: The label of the action grammar itself (``docs/stukolka-actions.md``): an unreadable action.
ACTION_RULE = "stukolka-rule-actions"
_NUMBER = re.compile(r"[0-9]+")  # counts and seeds: ASCII digits only


class _Uniform(Fraction):
    """An exact probability whose hash is computed once: the 64 equal chance outcomes of a
    shuffle share one object, so sampling among them does not rehash a Fraction 64 times."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"


_UNIFORM_HASH = hash(Fraction(1, SHUFFLE_SAMPLE))
# The hash of 1/64 as a Fraction, returned by a C method without a call into Python: an int's
# own __hash__ (a bound method, so the type calls it with no argument) gives that int back.
_Uniform.__hash__ = _UNIFORM_HASH.__hash__  # type: ignore[method-assign,assignment]
_P_SHUFFLE = _Uniform(1, SHUFFLE_SAMPLE)
_SHUFFLES = tuple(f"shuffle {i}" for i in range(SHUFFLE_SAMPLE))
_SHUFFLE_OUTCOMES = tuple((a, _P_SHUFFLE) for a in _SHUFFLES)
_CUTS = tuple(f"cut {k}" for k in range(1, 52))
_CUT_OF = {a: k for k, a in enumerate(_CUTS, 1)}
_DECKS: dict[int, tuple[int, ...]] = {}  # the deck orders of the sampled seeds, made once
_MISSING = object()

# ---------------------------------------------------------------------- action ids
# The int action API (``legal_action_ids``, ``apply_action_id``) numbers every action by a
# fixed table, the same for every deal and every rules object: a card's play is the card
# itself (0..51); the words, cuts, seeds, deal irregularities and seat draws have the blocks
# below; a discard is DISCARD_BASE plus its cards written as base-53 digits (card + 1),
# smallest card first, so a set of cards has one id whatever its order in the hand.
_WORD_IDS = {"knock": 52, "pass": 53, "golets": 54, "dark": 55, "look": 56, "razrez": 57,
             "stand": 58, "shleif": 59, "refuse shleif": 60, "deal": 61, "deal miscount": 62}
_ID_WORDS = {i: w for w, i in _WORD_IDS.items()}
KNOCK, PASS, GOLETS, DARK, LOOK, RAZREZ, STAND = 52, 53, 54, 55, 56, 57, 58
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
    "play <card>": (0, 51), **{w: (i, i) for w, i in _WORD_IDS.items()},
    "blind <k>": (BLIND_BASE, BLIND_BASE + 35), "cut <k>": (CUT_BASE + 1, CUT_BASE + 51),
    "shuffle <i>": (SHUFFLE_BASE, SHUFFLE_BASE + SHUFFLE_SAMPLE - 1),
    "deal expose <k>": (EXPOSE_BASE + 1, EXPOSE_BASE + 29), "deal by <p>": (DEAL_BY_BASE, DEAL_BY_BASE + 9),
    "deal by <p> noticed": (NOTICED_BASE, NOTICED_BASE + 9),
    "draw (listed outcome i)": (DRAW_BASE, DRAW_BASE + SHUFFLE_SAMPLE - 1),
    "discard <cards>": (DISCARD_BASE + 1, DISCARD_BASE + 53 ** 5),
}
_DISCARD_END = DISCARD_BASE + 53 ** 3   # the discards of up to three cards lie below this id
_SHUFFLE_IDS = tuple(range(SHUFFLE_BASE, SHUFFLE_BASE + SHUFFLE_SAMPLE))
_CUT_IDS = tuple(range(CUT_BASE + 1, CUT_BASE + 52))
_SHUFFLE_ID_OF = {a: SHUFFLE_BASE + i for i, a in enumerate(_SHUFFLES)}
_CUT_ID_OF = {a: CUT_BASE + k for a, k in _CUT_OF.items()}


def discard_id(cards: Iterable[int]) -> int:
    """The action id of discarding ``cards`` (any order): ``DISCARD_BASE`` plus the cards as
    base-53 digits (card + 1), the smallest first.

    >>> discard_id([5, 0]) == discard_id([0, 5]) == 1000 + 1 + 6 * 53
    True
    """
    code, place = 0, 1
    for c in sorted(cards):
        code += (c + 1) * place
        place *= 53
    return DISCARD_BASE + code


_DISCARD_SETS: dict[int, frozenset[int]] = {}


def _in_hand_order(hand: Sequence[int], aid: int) -> list[int]:
    """The cards of the discard ``aid``, as they lie in ``hand``."""
    code = aid - DISCARD_BASE
    if 0 < code < 148877:                   # up to three cards (53 ** 3): the digits, read off
        d0, d1, d2 = code % 53 - 1, code // 53 % 53 - 1, code // 2809 - 1
        return [c for c in hand if c == d0 or c == d1 or c == d2]
    chosen = _DISCARD_SETS.get(aid)
    if chosen is None:
        if len(_DISCARD_SETS) > 100_000:
            _DISCARD_SETS.clear()
        chosen = _DISCARD_SETS[aid] = frozenset(_discard_cards(aid))
    return [c for c in hand if c in chosen]


def _discard_cards(aid: int) -> list[int]:
    """The cards of a discard id, smallest first."""
    code, out = aid - DISCARD_BASE, []
    while code:
        code, digit = divmod(code, 53)
        if not digit:
            raise ValueError(aid)
        out.append(digit - 1)
    return out


#: The discard ids of a hand, made once per (hand, sizes, card to keep), and the strings of
#: a hand's listed exchange ids, made once per (hand, ids).
_DISCARD_IDS: dict[tuple[Any, ...], tuple[int, ...]] = {}
_EXCHANGE_NAMES: dict[tuple[Any, ...], tuple[str, ...]] = {}


def _discard_ids(hand: Sequence[int], sizes: tuple[int, ...], keep: int | None) -> tuple[int, ...]:
    """The ids of every discard of ``k`` cards of ``hand`` for ``k`` in ``sizes``, in
    combination order (as the cards lie in the hand), none with ``keep``."""
    if sizes == (1,):                       # one card to throw (razrez, dark, the shleif's 4th card)
        return tuple([DISCARD_BASE + 1 + c for c in hand if c != keep])
    if len(hand) == 3 and sizes == (1, 2, 3) and keep is None:   # the usual purchase, written out
        a, b, c = hand[0] + 1, hand[1] + 1, hand[2] + 1
        lo, mid, hi = sorted((a, b, c))
        return (DISCARD_BASE + a, DISCARD_BASE + b, DISCARD_BASE + c,
                DISCARD_BASE + (a + 53 * b if a < b else b + 53 * a),
                DISCARD_BASE + (a + 53 * c if a < c else c + 53 * a),
                DISCARD_BASE + (b + 53 * c if b < c else c + 53 * b),
                DISCARD_BASE + lo + 53 * mid + 2809 * hi)
    key = (tuple(hand), sizes, keep)
    got = _DISCARD_IDS.get(key)
    if got is None:
        if len(_DISCARD_IDS) > 200_000:
            _DISCARD_IDS.clear()
        got = _DISCARD_IDS[key] = tuple(discard_id(combo) for k in sizes
                                        for combo in itertools.combinations(key[0], k) if keep not in combo)
    return got


def _exchange_names(hand: Sequence[int], ids: Sequence[int]) -> tuple[str, ...]:
    """The canonical strings of the exchange ids ``ids`` of the seat holding ``hand``."""
    key = (tuple(hand), tuple(ids))
    got = _EXCHANGE_NAMES.get(key)
    if got is None:
        if len(_EXCHANGE_NAMES) > 200_000:
            _EXCHANGE_NAMES.clear()
        got = _EXCHANGE_NAMES[key] = tuple(_exchange_word(hand, i) for i in ids)
    return got


def _exchange_word(hand: Sequence[int], aid: int) -> str:
    """The canonical string of the exchange id ``aid`` of the seat holding ``hand``."""
    word = _ID_WORDS.get(aid)
    if word is not None:
        return word
    if BLIND_BASE <= aid < BLIND_BASE + 36:
        return f"blind {aid - BLIND_BASE}"
    return "discard " + " ".join([_CS[c] for c in _in_hand_order(hand, aid)])


#: The ids of throwing one card, and two cards (either order), made once.
_ONE_IDS = tuple(DISCARD_BASE + 1 + c for c in range(52))
_PAIR_IDS = tuple(tuple(DISCARD_BASE + min(a, b) + 1 + 53 * (max(a, b) + 1) for b in range(52))
                  for a in range(52))


def _usual_purchase(hand: Sequence[int]) -> list[int]:
    """The ids of the usual purchase of a hand of three (:meth:`StukolkaState._exchange_ids`,
    written out): stand, or throw one, two or all three of its cards, in combination order."""
    a, b, c = hand
    if a < b:
        lo, mid = a, b
    else:
        lo, mid = b, a
    if c < lo:
        three = c + 53 * lo + 2809 * mid
    elif c < mid:
        three = lo + 53 * c + 2809 * mid
    else:
        three = lo + 53 * mid + 2809 * c
    one, pairs = _ONE_IDS, _PAIR_IDS[a]
    return [STAND, one[a], one[b], one[c], pairs[b], pairs[c], _PAIR_IDS[b][c], DISCARD_BASE + 2863 + three]


_RAZREZ_CHOICE = (RAZREZ, PASS)
#: Legal lists kept as a step's ``_lids`` (read, never changed: a caller gets a copy).
_KNOCK_PASS = (KNOCK, PASS)
_KNOCK_PASS_GOLETS = (KNOCK, PASS, GOLETS)
_DEAL_ONLY = (61,)
_SHLEIF_CHOICE = (59, 60)                      # shleif, refuse shleif


_SEATS: dict[tuple[str | None, ...], tuple[tuple[bool, ...], int, tuple[int, ...]]] = {}


def _seats_of(decl: tuple[str | None, ...]) -> tuple[tuple[bool, ...], int, tuple[int, ...]]:
    """What the declarations ``decl`` (one per seat) say about the seats, worked out once per
    pattern: ``(active, count, next_seat)``.  ``active[p]``: does ``p`` play; ``count``: how many
    play; ``next_seat[p]``: the next seat on ``p``'s left that plays (every seat's left
    neighbour when nobody plays)."""
    got = _SEATS.get(decl)
    if got is None:
        n = len(decl)
        act = tuple(d in PLAYING for d in decl)
        playing = [p for p in range(n) if act[p]]
        if not playing:
            nxt = tuple((p + 1) % n for p in range(n))
        else:
            out = [0] * n
            last = playing[0]          # after the last seat comes the first that plays
            for p in range(n - 1, -1, -1):
                out[p] = last
                if act[p]:
                    last = p
            nxt = tuple(out)
        if len(_SEATS) > 100_000:
            _SEATS.clear()
        got = _SEATS[decl] = (act, len(playing), nxt)
    return got


#: The declaring order (from the dealer's left, the dealer last), ``_ORDERS[players][dealer]``.
_ORDERS = tuple(tuple(tuple(declaring_order(d, n)) for d in range(n)) for n in range(16))
#: The slices of the pack that are each seat's three cards, ``_DEAL_SLICES[players][dealer]``.
_DEAL_SLICES = tuple(tuple(tuple(slice((q - d - 1) % n, 3 * n, n) for q in range(n)) for d in range(n))
                     for n in range(16))
_SIZES = tuple(tuple(range(1, k + 1)) for k in range(4))  # the discard sizes up to k
#: The pair ``(seat, card)`` a trick holds, made once: ``_SEAT_CARD[seat][card]``.
_SEAT_CARD = tuple(tuple((p, c) for c in range(52)) for p in range(16))
#: A fresh state of each (rules, dealer, carry) seen, copied by the constructor: the rules, the
#: state's slots as a tuple, and the function that puts them into a new state (:func:`_putter`).
_PROTOTYPES: dict[tuple[int, int, int], tuple[Any, tuple[Any, ...], Callable[..., None]]] = {}


#: The attributes of a state that hold lists (a copy gets its own); ``hands`` is a list of lists.
_LISTS = ("_history", "balances", "seat_draws", "_draw_pool", "events", "stock", "dead", "thrown",
          "exposed", "declarations", "seen", "dark", "bought", "discarded", "razrez_buyers", "queue",
          "trick", "tricks", "tricks_won", "violations", "deck", "payments")


#: The lists that a new state may share with its prototype, since the engine never changes them
#: in place before putting a new list in their place: a step that changes one of these replaces
#: it, except ``stock`` and ``hands`` (the hands and their list), which the deal makes afresh
#: before any step changes them.
_REBOUND = frozenset({"seat_draws", "_draw_pool", "events", "stock", "dead", "exposed", "razrez_buyers",
                      "queue", "violations", "dark", "seen", "hands"})

#: Attributes that cache work of the current step; not part of the position (see ``__eq__``).
_CACHES = ("_lc", "_ledger", "_nact", "_lids", "_cp", "_win")

#: Every attribute of a state, each set by ``_setup``.  A state keeps them in slots, not in an
#: instance dict: an attribute is read at a fixed place, and a call of one of its methods (a
#: driver makes four at every step) is specialised by the interpreter, where a state holding a
#: dict of this many keys takes the generic method look-up at every call.
_SLOTS = ("rules", "n", "_buys", "_razrez", "_history", "_lc", "_lids", "_cp", "_nact", "_ledger",
          "initial_dealer", "carry_in", "balances", "start_balances", "table", "dealer", "rotation_dealer",
          "contributions", "pot", "forced", "shleif_refused", "seat_draws", "_draw_pool", "redeals",
          "events", "payments", "next_carry", "next_dealer", "phase", "deck", "stock", "hands", "dead",
          "thrown", "trump_suit", "trump_card", "trump_visible", "shleif_card", "exposed", "declarations",
          "seen", "dark", "bought", "discarded", "golets_taker", "razrez_buyers", "queue", "pending",
          "declare_idx", "trick", "_win", "tricks", "tricks_won", "turn", "exempt", "violations",
          "purchase_money")
_ALL_SLOTS = operator.attrgetter(*_SLOTS)                                   # a state's slots, as a tuple
_POSITION = operator.attrgetter(*(k for k in _SLOTS if k not in _CACHES))  # what __eq__ compares
_PUTTERS: dict[tuple[tuple[str, ...], frozenset[str]], Callable[..., None]] = {}


def _putter(own: tuple[str, ...], empty: frozenset[str] = frozenset()) -> Callable[..., None]:
    """The function ``put(state, values)`` that sets every slot of ``state`` from ``values`` (in
    the order of :data:`_SLOTS`) and then gives it its own copy of each list named in ``own``
    (a new empty list for those in ``empty``).  Written out once for each ``own`` and ``empty``
    and compiled, as :mod:`dataclasses` writes ``__init__``: one unpacking into the slots, where
    a loop of ``setattr`` costs about ten times as much."""
    put = _PUTTERS.get((own, empty))
    if put is None:
        lines = ["def put(new, values):", "    " + ", ".join("new." + k for k in _SLOTS) + " = values"]
        lines += [f"    new.{k} = new.{k}.copy()" if k not in empty else f"    new.{k} = []" for k in own]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), {}, namespace)   # noqa: S102 - the code is built from _SLOTS alone
        put = _PUTTERS[own, empty] = namespace["put"]
    return put


def _compile_copier() -> Callable[..., None]:
    """The function ``copy(new, state)`` that makes ``new`` a copy of ``state`` whose lists are
    its own (the hands too), without the caches of the current step's legal actions; written
    out and compiled like :func:`_putter`."""
    lines = ["def copy(new, state):", "    " + ", ".join("new." + k for k in _SLOTS) + " = get(state)"]
    for k in _LISTS:
        lines += [f"    x = state.{k}", "    if x is not None:", f"        new.{k} = x.copy()"]
    lines += ["    new.hands = [h.copy() for h in state.hands]", "    new._lc = new._lids = None"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), {"get": _ALL_SLOTS}, namespace)   # noqa: S102 - built from _SLOTS, _LISTS
    return namespace["copy"]


_COPY = _compile_copier()


def _own_copy(state: "StukolkaState") -> tuple[Any, ...]:
    """The slots of a copy of ``state`` (:data:`_COPY`), as a tuple."""
    new = object.__new__(StukolkaState)
    _COPY(new, state)
    return _ALL_SLOTS(new)


def _attributes(state: "StukolkaState") -> dict[str, Any]:
    """A state's attributes by name (what ``vars`` gives of an object with a dict)."""
    return dict(zip(_SLOTS, _ALL_SLOTS(state)))


#: The keys a record may have: (key, accepted types, required).  Any other key is refused.
RECORD_KEYS: tuple[tuple[str, tuple[type, ...], bool], ...] = (
    ("format", (str,), True),
    ("game", (str,), True),
    ("rules", (Mapping,), True),
    ("actions", (list,), True),
    ("players", (int,), False),
    ("dealer", (int, type(None)), False),
    ("carry", (int,), False),
    ("balances", (list, type(None)), False),
)
#: The longest JSON text :func:`loads` reads, the most actions and the longest action a
#: record may hold (a ``deck`` action of 52 cards is about 200 characters).
MAX_JSON_CHARS = 2_000_000
_KEY_NAMES = tuple(k for k, _, _ in RECORD_KEYS)
MAX_ACTIONS = 20_000
MAX_ACTION_CHARS = 400

_TYPE_WORDS = {"Mapping": "an object", "list": "a list", "int": "an integer", "str": "a string",
               "NoneType": "null"}


def _err(msg: str) -> RecordError:
    return RecordError(f"{msg} [{RECORD_FORMAT}]")


def check_stukolka_record(record: object) -> dict[str, Any]:
    """Check a record's shape without replaying it: the envelope (``format``
    ``stukolka-record/1``, ``game`` ``stukolka``), no unknown key, every key of its type,
    the actions short strings, the balances whole chips.  Returns a plain dict copy;
    anything else raises :class:`~stukolka.errors.RecordError` naming the key and the value.

    >>> check_stukolka_record({"format": "stukolka-record/1", "game": "stukolka", "actions": []})
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: a stukolka record needs the key 'rules' [stukolka-record/1]
    """
    if not isinstance(record, Mapping):
        raise _err(f"a stukolka record must be a JSON object (a dict), not {type(record).__name__} "
                   f"{_short(record)}")
    unknown = sorted(_short(k) for k in record if not isinstance(k, str) or k not in _KEY_NAMES)
    if unknown:
        raise _err(f"unknown record key(s) {', '.join(unknown[:5])}; a stukolka record has "
                   f"{', '.join(_KEY_NAMES)}")
    if record.get("format") != RECORD_FORMAT:
        raise _err(f"record format {_short(record.get('format'))} is not {RECORD_FORMAT!r}")
    if record.get("game") != "stukolka":
        raise _err(f"record game {_short(record.get('game'))} is not 'stukolka'")
    for key, types, required in RECORD_KEYS:
        if key not in record:
            if required:
                raise _err(f"a stukolka record needs the key {key!r}")
            continue
        value = record[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            words = " or ".join(_TYPE_WORDS.get(t.__name__, t.__name__) for t in types)
            raise _err(f"record key {key!r} is {_short(value)}; expected {words}")
    actions = record["actions"]
    if len(actions) > MAX_ACTIONS:
        raise _err(f"record actions: {len(actions)} actions, more than a deal can hold ({MAX_ACTIONS})")
    for i, act in enumerate(actions):
        if not isinstance(act, str):
            raise _err(f"record actions must be strings: action {i} is {_short(act)}")
        if len(act) > MAX_ACTION_CHARS:
            raise _err(f"record action {i} {_short(act)} is {len(act)} characters long; no action is "
                       f"longer than {MAX_ACTION_CHARS}")
    balances = record.get("balances")
    if balances is not None:
        for i, b in enumerate(balances):
            if not isinstance(b, int) or isinstance(b, bool):
                raise _err(f"record balances[{i}] {_short(b)} must be whole chips (an integer) "
                           "[ST-32, stukolka-rule-chips-conserved]")
    return dict(record)


def shuffled_deck(seed: int) -> list[int]:
    """The deck order (top card first) of ``shuffle <seed>``: a seeded Fisher-Yates shuffle."""
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


def _unreadable(action: object, reason: str) -> InvalidActionError:
    """An :class:`InvalidActionError` that names the action grammar (``stukolka-rule-actions``)."""
    if isinstance(action, str) and len(action) > 60:
        action = action[:40] + f"... ({len(action)} characters)"
    return InvalidActionError(action, f"{reason} [{ACTION_RULE}]", ACTION_RULE)


class StukolkaState(GameState):
    """One Stukolka deal.  ``dealer=None`` starts with the seat draw (``stukolka-rule-seat-draw``).

    ``carry`` is the pot already on the table; ``balances`` the players' chips so far
    (a session keeps ``sum(balances) + carry == 0``).
    """

    __slots__ = _SLOTS

    def __init__(self, rules: StukolkaRules | None = None, dealer: int | None = None,
                 carry: int = 0, balances: Sequence[int] | None = None) -> None:
        key = None
        if balances is None and type(dealer) is int and type(carry) is int and type(rules) is StukolkaRules:
            key = (id(rules), dealer, carry)
            proto = _PROTOTYPES.get(key)
            if proto is not None and proto[0] is rules:   # set up like this before: copy it
                proto[2](self, proto[1])
                return
        self._setup(rules, dealer, carry, balances)
        if key is not None:
            if len(_PROTOTYPES) > 1000:
                _PROTOTYPES.clear()
            values = _own_copy(self)
            own = tuple(k for k, v in zip(_SLOTS, values) if k in _LISTS and v is not None and k not in _REBOUND)
            empty = frozenset(k for k, v in zip(_SLOTS, values) if k in own and not v)
            _PROTOTYPES[key] = (rules, values, _putter(own, empty))

    def _setup(self, rules: StukolkaRules | None, dealer: int | None, carry: int,
               balances: Sequence[int] | None) -> None:
        rules, balances_in = check_setup("StukolkaState", rules, dealer, carry, balances)
        self.rules = rules
        n = self.n = rules.n_players
        self._buys, self._razrez = rules.has_purchase, rules.razrez_on   # (read at every deal's turns)
        self._history: list[str] = []
        self._lc: dict[str, Any] | None = None  # this step's legal actions and their meaning
        self._lids: Sequence[int] | None = None  # this step's legal action ids (not changed in place)
        self._cp: int | None = None  # the seat to act, when the step that led here knew it
        self._nact: tuple[int, tuple[int, ...], tuple[bool, ...]] | None = None  # (_reset_deal)
        self._ledger: Ledger | None = None  # written when asked for (settlement())
        self.initial_dealer = dealer
        self.carry_in = carry
        self.balances = balances_in
        self.start_balances = tuple(self.balances)
        self.table = carry
        self.dealer = dealer
        self.rotation_dealer: int = -1 if dealer is None else dealer  # set by the seat draw
        self.contributions = (0,) * n
        self.pot = carry
        self.forced = False
        self.shleif_refused = False
        self.seat_draws: list[tuple] = []
        self._draw_pool = list(range(n))
        self.redeals = 0
        self.events: list[str] = []
        self.payments: list[int] | None = None
        self.next_carry: int | None = None
        self.next_dealer: int | None = None
        self._reset_deal()
        if dealer is None:
            self.phase = _PH_SEAT_DRAW
        else:
            self._open_deal()

    # ------------------------------------------------------------------ set-up
    def _reset_deal(self) -> None:
        n = self.n
        self.deck: list[int] | None = None
        self.stock: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dead: list[int] = []
        self.thrown: list[int] = []
        self.trump_suit: int | None = None
        self.trump_card: int | None = None
        self.trump_visible = False
        self.shleif_card: int | None = None
        self.exposed: list[int] = []
        self.declarations: list[str | None] = [None] * n
        self.seen = [not self.rules.dark_on] * n
        self.dark = [False] * n
        self.bought = [0] * n
        self.discarded = [0] * n
        self.golets_taker: int | None = None
        self.razrez_buyers: list[int] = []
        self.queue: list[int] = []
        self.pending = 0
        self.declare_idx = 0
        self.trick: list[tuple[int, int]] = []
        self._win: tuple[int, int] | None = None  # (seat, card) winning the trick so far, once noted
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.tricks_won = [0] * n
        self.turn: int | None = None
        self.exempt: tuple[int, int] | None = None  # (winner, the other marriage card)
        self.violations: list[tuple[int, str, str]] = []
        self.purchase_money = 0
        # the seats in play (how many, each one's next, which), found when the play begins
        self._nact = None

    def _open_deal(self) -> None:
        """Stakes for the deal (``stukolka-rule-dealer-fee``, ``stukolka-rule-pot-in-play``)."""
        r = self.rules
        obligatory = r.variant == "obligatory"
        self.forced = obligatory and self.carry_in == 0
        self.contributions = opening_contributions(
            self.n, self._the_dealer(), r.stake, self.carry_in, obligatory=obligatory,
            ante_mode=r.ante_mode, dealer_ante_multiplier=r.dealer_ante_multiplier)
        for p, c in enumerate(self.contributions):
            self.balances[p] -= c
        self.pot = self.carry_in + sum(self.contributions)
        self.table = self.pot
        if r.variant == "shleif" and r.shleif_refusal_allowed and self.pot >= r.shleif_refusal_min_pot:
            self.phase = _PH_SHLEIF_CHOICE
        else:
            self.phase = _PH_SHUFFLE

    def _the_dealer(self) -> int:
        if self.dealer is None:
            raise RulesError("no dealer yet: the seat draw comes first [stukolka-rule-seat-draw]")
        return self.dealer

    def _the_deck(self) -> list[int]:
        if self.deck is None:
            raise RulesError("the pack is not shuffled yet [stukolka-rule-deal]")
        return self.deck

    def _to_play(self) -> int:
        if self.turn is None:
            raise RulesError("no card is to be played now [stukolka-rule-first-lead]")
        return self.turn

    def order(self) -> list[int]:
        """Seats in declaring order: from the dealer's left, the dealer last."""
        return declaring_order(self._the_dealer(), self.n)

    def active(self) -> list[bool]:
        """Which seats play this deal (``stukolka-rule-declare``)."""
        return list(_seats_of(tuple(self.declarations))[0])

    def purchase_order(self) -> list[int]:
        """Who buys, in order: the players in, from the dealer's left, the dealer last; not the
        golets taker (``stukolka-rule-purchase``)."""
        return self._buyers(_seats_of(tuple(self.declarations))[0])

    def _buyers(self, act: Sequence[bool]) -> list[int]:
        """:meth:`purchase_order`, with the seats that play (``act``) known.  (A loop: a
        comprehension over these locals would make closure cells at every call.)"""
        g = self.golets_taker
        d = self.dealer
        if d is None:
            d = self._the_dealer()       # (it raises)
        buyers = []
        for p in _ORDERS[self.n][d]:
            if act[p] and p != g:
                buyers.append(p)
        return buyers

    def razrez_order(self) -> list[int]:
        """Who may cut in, in order: the passers, from the dealer's left (``stukolka-rule-razrez``)."""
        act = self.active()
        return [p for p in self.order() if not act[p]]

    # ------------------------------------------------------------------ interface
    def current_player(self) -> int:
        cp = self._cp          # set by a step that knew who acts next (reset by every step)
        if cp is not None:
            return cp
        ph = self.phase
        if ph is _PH_PLAY:
            turn = self.turn
            return self._to_play() if turn is None else turn
        if ph is _PH_DECLARE:
            d = self.dealer
            if d is None:
                d = self._the_dealer()
            return (d + 1 + self.declare_idx) % self.n
        if ph is _PH_PURCHASE or ph is _PH_RAZREZ:
            return self.queue[0]
        if ph is _PH_SHUFFLE or ph is _PH_SEAT_DRAW:
            return CHANCE
        if ph is _PH_TERMINAL:
            return TERMINAL
        d = self.dealer
        if d is None:
            d = self._the_dealer()      # (it raises)
        if ph is _PH_CUT:
            return (d - 1) % self.n
        return d  # shleif choice, deal

    @property
    def n_seats(self) -> int:
        """How many seats the table has."""
        return self.n

    def is_terminal(self) -> bool:
        return self.phase is _PH_TERMINAL

    def is_chance_node(self) -> bool:
        return self.phase is _PH_SHUFFLE or self.phase is _PH_SEAT_DRAW

    def returns(self) -> list[int]:
        """Chips won (+) or lost (-) by each seat in this deal, stakes included."""
        return [b - s for b, s in zip(self.balances, self.start_balances)]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """Equally likely seeded outcomes (``SHUFFLE_SAMPLE`` of them): the full space of
        52! orders cannot be listed; any ``shuffle <seed>`` or ``deck <order>`` is accepted."""
        if self.phase is _PH_SHUFFLE:
            return list(_SHUFFLE_OUTCOMES)
        p = _P_SHUFFLE
        if self.phase is _PH_SEAT_DRAW:
            k = len(self._draw_pool)
            outs: list[tuple[str, Fraction]] = []
            for i in range(SHUFFLE_SAMPLE):
                cards = random.Random(i).sample(range(52), k)
                outs.append(("draw " + " ".join(_CS[c] for c in cards), p))
            return outs
        return super().chance_outcomes()

    def sample_chance(self, rng: random.Random) -> str:
        """One chance outcome drawn with ``rng``, exactly as :func:`stukolka.base.sample_chance`
        draws it from :meth:`chance_outcomes` (equally likely outcomes: ``rng.choice``), without
        listing the outcomes and their probabilities."""
        if self.phase is _PH_SHUFFLE:
            return rng.choice(_SHUFFLES)
        return rng.choice(self.chance_outcomes())[0]

    def legal_actions(self) -> list[str]:
        """The legal actions now, in a fixed order.  At a player's decision the list is also kept,
        with what each action means, until the next action, so that :meth:`apply_action` checks
        and reads a listed action with one look-up.  Built on :meth:`legal_action_ids`."""
        ph = self.phase
        if ph is _PH_PLAY:
            ids = self.legal_action_ids()
            names = [_PLAYS[c] for c in ids]
        elif ph is _PH_DECLARE or ph is _PH_SHLEIF_CHOICE:
            ids = self.legal_action_ids()
            names = [_ID_WORDS[i] for i in ids]
        elif ph is _PH_PURCHASE or ph is _PH_RAZREZ:
            ids = self.legal_action_ids()
            names = list(_exchange_names(self.hands[self.queue[0]], ids))
        elif ph is _PH_SHUFFLE:
            return list(_SHUFFLES)
        elif ph is _PH_CUT:
            return list(_CUTS)
        elif ph is _PH_SEAT_DRAW:
            return [a for a, _ in self.chance_outcomes()]
        else:
            return self._deal_actions() if ph is _PH_DEAL else []
        self._lc = dict(zip(names, ids))
        return names

    # ------------------------------------------------------------------ the int action API
    def legal_action_ids(self) -> list[int]:
        """The legal actions now as ints (the fixed table :data:`ACTION_IDS`), in the order of
        :meth:`legal_actions`: ``action_to_string`` maps one list onto the other."""
        lids = self._lids          # (a new list is returned: list.copy, cheaper than a slice)
        if lids is None:
            ph = self.phase
            if ph is _PH_PLAY:
                p = self.turn
                t = self.trump_suit
                if p is not None and t is not None:
                    hand = self.hands[p]
                    if len(hand) == 1:             # a last card is always the one to play
                        self._lids = (hand[0],)
                        return hand.copy()
                    trick = self.trick             # (card_options: a follow, else a lead)
                    if trick:
                        win = self._win
                        lids = self._lids = follow_options(self.rules, hand, trick, t,
                                                           None if win is None else win[1])[0]
                    else:
                        lids = self._lids = lead_options(self.rules, hand, t, p, self.exempt,
                                                         self.trump_visible, self.trump_card)[0]
                    return lids.copy()
            elif ph is _PH_DECLARE:
                d = self.dealer
                if d is not None:
                    q = self._cp                  # (noted by the deal and the usual declarations)
                    if q is None:
                        q = (d + 1 + self.declare_idx) % self.n
                    if q != d and self.seen[q]:   # not the dealer, cards seen: no count needed
                        if self.golets_taker is None and self.rules.variant == "golets":
                            self._lids = _KNOCK_PASS_GOLETS
                            return [KNOCK, PASS, GOLETS]
                        self._lids = _KNOCK_PASS
                        return [KNOCK, PASS]
                    lids = self._lids = self._declare_ids(q)[0]
                    return lids.copy()
            elif ph is _PH_PURCHASE:
                p = self.queue[0]
                hand = self.hands[p]
                pending = self.pending
                if not pending and len(hand) == 3 and not self.dark[p] and len(self.stock) >= 3:
                    lids = self._lids = _usual_purchase(hand)
                    return lids.copy()
                if pending == 1:                   # throw one card (_exchange_ids, written out)
                    r = self.rules
                    one = _ONE_IDS
                    if (r.variant == "shleif" and not self.shleif_refused and p == self.dealer
                            and not r.shleif_dealer_may_discard_trump_card):
                        keep = self.trump_card     # the shleif dealer keeps the trump card
                    else:
                        keep = None
                    lids = []                      # (a loop: a comprehension would make a closure
                    for c in hand:                 # cell of every call of this method)
                        if c != keep:
                            lids.append(one[c])
                    self._lids = lids
                    return lids.copy()
            elif ph is _PH_CUT:
                return list(_CUT_IDS)
            elif ph is _PH_DEAL and not self.rules.irregularities:
                self._lids = _DEAL_ONLY            # the deal itself, nothing else
                return [61]
            elif ph is _PH_SHLEIF_CHOICE:
                self._lids = _SHLEIF_CHOICE
                return [59, 60]
            elif ph is _PH_SHUFFLE:
                return list(_SHUFFLE_IDS)
            if ph is _PH_SEAT_DRAW:
                return list(range(DRAW_BASE, DRAW_BASE + SHUFFLE_SAMPLE))
            if ph is _PH_TERMINAL:
                return []
            lids = self._legal_ids_now()
        return list(lids)

    def _legal_ids_now(self) -> list[int]:
        """The legal ids of a player's decision (play, declare, exchange, shleif choice, deal),
        kept until the next action."""
        ph = self.phase
        if ph is _PH_PLAY:
            p = self.turn
            t = self.trump_suit
            if p is None or t is None:
                p, t = self._to_play(), self._trump()
            lids = card_options(self.rules, self.hands[p], self.trick, t, me=p, exempt=self.exempt,
                                trump_visible=self.trump_visible, trump_card=self.trump_card)[0]
        elif ph is _PH_DECLARE:
            lids = self._declare_ids(self.current_player())[0]
        elif ph is _PH_PURCHASE or ph is _PH_RAZREZ:
            lids = list(self._exchange_ids(self.queue[0]))
        elif ph is _PH_SHLEIF_CHOICE:
            lids = [59, 60]
        elif ph is _PH_DEAL and not self.rules.irregularities:
            lids = [61]
        else:
            lids = list(map(self._word_id, self._deal_actions()))
        self._lids = lids
        return lids

    def apply_action_id(self, action_id: int) -> None:
        """Apply the action with this id (:data:`ACTION_IDS`).  A listed id is applied with no
        further reading; any other id is applied as its string, so it is refused (or, a card in
        ``penalize`` mode, recorded as a violation) exactly as :meth:`apply_action` would."""
        lids = self._lids
        ph = self.phase
        if lids is None or action_id not in lids or action_id.__class__ is not int:
            if ph is _PH_CUT and type(action_id) is int and CUT_BASE < action_id < CUT_BASE + 52:
                k = action_id - CUT_BASE              # the cut (_apply_id, written out)
                deck = self.deck
                if deck is None:
                    deck = self._the_deck()           # (it raises)
                deck += deck[:k]                      # the top k cards go under (the state's own list)
                del deck[:k]
                self.phase = _PH_DEAL
                self._lc = self._lids = None
                self._cp = self.dealer                # the dealer deals
                self._history.append(_CUTS[k - 1])
                return None
            if lids is None and ph is not _PH_SHUFFLE and ph is not _PH_CUT and ph is not _PH_TERMINAL \
                    and ph is not _PH_SEAT_DRAW:
                lids = self._legal_ids_now()    # (asked without legal_action_ids first)
            if lids is None or action_id not in lids or type(action_id) is not int:
                return self._apply_unlisted_id(action_id)
        # a listed id: applied with no further reading
        if ph is _PH_PLAY:
            self._lc = self._lids = self._cp = None
            p = self.turn
            trick = self.trick
            seats = self._nact
            if seats is not None and len(trick) + 1 < seats[0]:   # not the trick's last card
                self.hands[p].remove(action_id)  # type: ignore[index]
                played = _SEAT_CARD[p][action_id]  # type: ignore[index]  # (p, card), made once
                if trick:                     # the winner so far (play.beats, written out)
                    win = self._win
                    if win is None:
                        win = trick_winner(trick, self.trump_suit)
                    wc, t = win[1], self.trump_suit
                    cs, ws = action_id // 13, wc // 13
                    if (cs == ws and action_id > wc) or (cs == t and ws != t):
                        win = played
                    self._win = win
                else:
                    self._win = played
                trick.append(played)
                self.turn = self._cp = seats[1][p]  # type: ignore[index]
            else:
                self._play_card(p, action_id)  # type: ignore[arg-type]
            self._history.append(_PLAYS[action_id])
        elif ph is _PH_DECLARE:
            p = self._cp
            self._lc = self._lids = self._cp = None
            d = self.dealer
            if d is not None and (action_id == KNOCK or action_id == PASS):
                # the usual declarations (_apply_declare, written out)
                i, n = self.declare_idx, self.n
                if p is None:
                    p = (d + 1 + i) % n
                if action_id == KNOCK:
                    self.declarations[p] = "knock"
                    self._history.append("knock")
                else:
                    self.declarations[p] = "pass"
                    self.thrown.extend(self.hands[p])
                    self.hands[p] = []
                    self._history.append("pass")
                self.declare_idx = i = i + 1
                if i == n:
                    self._after_declare()
                else:
                    self._cp = (p + 1) % n
                return
            word = _ID_WORDS[action_id]
            self._apply_declare(word)
            self._history.append(word)
        elif ph is _PH_PURCHASE or ph is _PH_RAZREZ:
            self._lc = self._lids = self._cp = None
            if ph is _PH_PURCHASE and self.pending < 2 and (action_id == STAND or DISCARD_BASE < action_id
                                                            < _DISCARD_END):
                p = self.queue[0]
                self._history.append(self._purchase(p, self.hands[p], action_id))
            else:
                self._history.append(self._exchange_id(action_id))
        elif ph is _PH_SHLEIF_CHOICE:          # (_apply_id, written out)
            self._lc = self._lids = None
            self._cp = CHANCE                  # the shuffle comes next
            self.shleif_refused = action_id == 60
            self.phase = _PH_SHUFFLE
            self._history.append(_ID_WORDS[action_id])
        elif action_id == 61:                  # the deal (listed only in the deal phase)
            self._lc = self._lids = self._cp = None
            self._deal()
            self._history.append("deal")
        else:
            self._apply_id(action_id)

    def _apply_unlisted_id(self, action_id: int) -> None:
        """:meth:`apply_action_id` of an id not in this step's legal list: a shuffle (never
        listed ahead), else the id's string, refused or applied by :meth:`apply_action`."""
        if (type(action_id) is int and self.phase is _PH_SHUFFLE
                and SHUFFLE_BASE <= action_id < SHUFFLE_BASE + SHUFFLE_SAMPLE):
            self._apply_id(action_id)
            return
        self.apply_action(self.action_to_string(action_id))

    def action_to_string(self, action_id: int) -> str:
        """The canonical action string of an id (:data:`ACTION_IDS`); a discard lists its cards
        in the order of the hand of the seat to act.  An id outside the table raises
        :class:`~stukolka.errors.InvalidActionError` (``stukolka-rule-actions``)."""
        a = action_id
        if type(a) is not int:
            raise _unreadable(a, "an action id is an int (see ACTION_IDS)")
        if 0 <= a < 52:
            return _PLAYS[a]
        word = _ID_WORDS.get(a)
        if word is not None:
            return word
        if BLIND_BASE <= a < BLIND_BASE + 36:
            return f"blind {a - BLIND_BASE}"
        if CUT_BASE < a < CUT_BASE + 52:
            return _CUTS[a - CUT_BASE - 1]
        if SHUFFLE_BASE <= a < SHUFFLE_BASE + SHUFFLE_SAMPLE:
            return _SHUFFLES[a - SHUFFLE_BASE]
        if EXPOSE_BASE < a < EXPOSE_BASE + 30:
            return f"deal expose {a - EXPOSE_BASE}"
        if DEAL_BY_BASE <= a < DEAL_BY_BASE + 10:
            return f"deal by {a - DEAL_BY_BASE}"
        if NOTICED_BASE <= a < NOTICED_BASE + 10:
            return f"deal by {a - NOTICED_BASE} noticed"
        if DRAW_BASE <= a < DRAW_BASE + SHUFFLE_SAMPLE:
            if self.phase is not _PH_SEAT_DRAW:
                raise IllegalActionError(a, "a seat draw id names one of the listed draws of the seat draw",
                                         "stukolka-rule-seat-draw")
            return self.chance_outcomes()[a - DRAW_BASE][0]
        if DISCARD_BASE < a <= DISCARD_BASE + 53 ** 5:
            try:
                cards = _discard_cards(a)
            except ValueError:
                raise _unreadable(a, "not a discard id (a card digit is 0)") from None
            if len(cards) == len(set(cards)):
                hand = self.hands[self.queue[0]] if self.phase in (_PH_PURCHASE, _PH_RAZREZ) else []
                return "discard " + " ".join(_CS[c] for c in discard_order(hand, cards))
        raise _unreadable(a, "no action has this id (see ACTION_IDS)")

    def string_to_action(self, action: str) -> int:
        """The id of an action string, any spelling the grammar reads (:data:`ACTION_IDS`).
        Actions that have no id -- a ``deck`` order, a ``shuffle`` seed beyond the listed ones, a
        seat draw not listed -- and unreadable strings raise :class:`~stukolka.errors.InvalidActionError`."""
        table = self._lc
        if table is not None and type(action) is str:
            got = table.get(action, _MISSING)
            if got is not _MISSING:
                return int(got)
        a = self._canonical(action)
        if a in _PLAY:
            return _PLAY[a]
        if a.startswith("discard "):
            return discard_id(_CARD_OF[t] for t in a.split()[1:])
        if a in _SHUFFLE_ID_OF:
            return _SHUFFLE_ID_OF[a]
        if a.startswith("draw ") and self.phase is _PH_SEAT_DRAW:
            for i, (b, _) in enumerate(self.chance_outcomes()):
                if b == a:
                    return DRAW_BASE + i
        try:
            aid = self._word_id(a)
        except KeyError:
            raise _unreadable(action, "this action has no id (only listed chance outcomes have ids); "
                              "apply it as a string") from None
        if self.action_to_string(aid) != a:
            raise _unreadable(action, "this action has no id; apply it as a string")
        return aid

    @staticmethod
    def _word_id(a: str) -> int:
        """The id of a canonical action that is not a card or a discard (KeyError if none)."""
        got = _WORD_IDS.get(a)
        if got is not None:
            return got
        if a in _CUT_ID_OF:
            return _CUT_ID_OF[a]
        w = a.split()
        if w[0] == "blind" and len(w) == 2:
            return BLIND_BASE + int(w[1])
        if w[:2] == ["deal", "expose"]:
            return EXPOSE_BASE + int(w[2])
        if w[:2] == ["deal", "by"]:
            return (NOTICED_BASE if len(w) == 4 else DEAL_BY_BASE) + int(w[2])
        raise KeyError(a)

    def _apply_id(self, aid: int) -> None:
        """Apply the legal action ``aid`` (already checked) and record its canonical string."""
        ph = self.phase
        self._lc = self._lids = self._cp = None
        if ph is _PH_PLAY:
            self._play_card(self.turn, aid)  # type: ignore[arg-type]
            self._history.append(_PLAYS[aid])
            return
        if ph is _PH_DECLARE:
            word = _ID_WORDS[aid]
            self._apply_declare(word)
        elif ph is _PH_PURCHASE or ph is _PH_RAZREZ:
            word = self._exchange_id(aid)
        elif ph is _PH_SHUFFLE:
            self.deck = shuffled_deck(aid - SHUFFLE_BASE)
            self.phase = _PH_CUT
            word = _SHUFFLES[aid - SHUFFLE_BASE]
        elif ph is _PH_CUT:
            k = aid - CUT_BASE
            deck = self._the_deck()
            self.deck = deck[k:] + deck[:k]
            self.phase = _PH_DEAL
            word = _CUTS[k - 1]
        elif ph is _PH_SHLEIF_CHOICE:
            word = _ID_WORDS[aid]
            self.shleif_refused = word == "refuse shleif"
            self.phase = _PH_SHUFFLE
        elif aid == 61:  # the deal itself
            self._the_dealer()
            word = "deal"
            self._deal()
        else:  # the deal's irregularities
            word = self.action_to_string(aid)
            self._apply_deal(word)
        self._history.append(word)

    def _deal_actions(self) -> list[str]:
        ph = self.phase
        if ph is _PH_DEAL:
            acts = ["deal"]
            if self.rules.irregularities:
                acts += [f"deal expose {k}" for k in range(1, 3 * self.n + 1)]
                acts.append("deal miscount")
                for p in range(self.n):
                    if p != self.dealer:
                        acts += [f"deal by {p}", f"deal by {p} noticed"]
            return acts
        return []  # pragma: no cover - only called in the deal phase

    # ------------------------------------------------------------------ options per phase
    def _declare_options(self, p: int) -> tuple[list[str], str]:
        """Declarations open to ``p`` (``stukolka-rule-declare``, ``stukolka-rule-golets-dealer``,
        ``stukolka-rule-forced-defence``, ``stukolka-rule-dark``) and the rule limiting them."""
        ids, rule = self._declare_ids(p)
        return [_ID_WORDS[i] for i in ids], rule

    def _declare_ids(self, p: int) -> tuple[list[int], str]:
        """:meth:`_declare_options` as action ids."""
        if not self.seen[p]:
            return [LOOK, DARK], "stukolka-rule-dark"
        r = self.rules
        golets = r.variant == "golets"
        opts = [KNOCK, PASS, GOLETS] if golets and self.golets_taker is None else [KNOCK, PASS]
        if p != self.dealer:
            return opts, "stukolka-rule-declare"
        if r.variant == "shleif" and not self.shleif_refused:   # (_dealer_must_play: no count needed)
            opts.remove(PASS)
            return opts, "stukolka-rule-shleif"
        decl = tuple(self.declarations)
        act, knockers, _ = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
        if act[p]:
            knockers -= 1                                     # the others who play
        rule = "stukolka-rule-declare"
        if golets:
            pol = r.golets_dealer_policy
            if pol == "must_defend_single" and knockers == 1:
                opts.remove(PASS)
                rule = "stukolka-rule-golets-dealer"
            elif pol == "barred_if_any_knock" and knockers >= 1:
                opts = [PASS]
                rule = "stukolka-rule-golets-dealer"
        elif self._dealer_must_play(knockers):
            opts.remove(PASS)
            rule = ("stukolka-rule-shleif" if r.variant == "shleif" and not self.shleif_refused
                    else "stukolka-rule-forced-defence")
        return opts, rule

    def _dealer_must_play(self, knockers: int) -> bool:
        """K-2, K-14, K-15: may the dealer pass?  (``stukolka-rule-forced-defence``)"""
        r = self.rules
        if r.variant == "shleif":
            if not self.shleif_refused:
                return True  # stukolka-rule-shleif: the dealer always plays
            if r.shleif_refused_dealer_free:
                return False
        elif r.variant == "obligatory":
            return r.obligatory_dealer_must_defend_single and knockers == 1
        if not r.prikup_dealer_must_defend_single or knockers != 1:
            return False
        return r.prikup_defend_max_pot is None or self.pot <= r.prikup_defend_max_pot

    def available(self) -> int:
        """Cards that can still be bought (the stock, plus the thrown cards when reshuffled)."""
        extra = len(self.thrown) if self.rules.stock_exhausted == "reshuffle_discards" else 0
        return len(self.stock) + extra

    def _exchange_options(self, p: int) -> list[str]:
        """Purchase and razrez choices (``stukolka-rule-purchase``, ``stukolka-rule-razrez``)."""
        return list(_exchange_names(self.hands[p], self._exchange_ids(p)))

    def _exchange_ids(self, p: int) -> tuple[int, ...]:
        """:meth:`_exchange_options` as ids, in the same order."""
        hand = self.hands[p]
        if self.pending:
            keep = None
            if (self.rules.variant == "shleif" and not self.shleif_refused and p == self.dealer
                    and not self.rules.shleif_dealer_may_discard_trump_card):
                keep = self.trump_card
            return _discard_ids(hand, (self.pending,), keep)
        if self.phase is _PH_RAZREZ:
            return _RAZREZ_CHOICE
        avail = len(self.stock)
        if self.rules.stock_exhausted == "reshuffle_discards":   # (available(), written out)
            avail += len(self.thrown)
        if self.dark[p]:
            return tuple(range(BLIND_BASE, BLIND_BASE + min(4, avail)))
        return (STAND,) + _discard_ids(hand, _SIZES[min(3, avail, len(hand))], None)

    def _trump(self) -> int:
        if self.trump_suit is None:
            raise RulesError("no trump suit before the deal [stukolka-rule-deal]")
        return self.trump_suit

    def _card_options(self, p: int) -> tuple[list[int], str | None]:
        """The cards ``p`` may play now and the rule that restricts them (or None): the engine's
        one rule of the play, :func:`stukolka.stukolka.play.card_options`."""
        t = self.trump_suit
        if t is None:
            t = self._trump()
        return card_options(self.rules, self.hands[p], self.trick, t, me=p,
                            exempt=self.exempt, trump_visible=self.trump_visible, trump_card=self.trump_card)

    def _violation_rule(self, p: int, card: int) -> str:
        """Which rule playing ``card`` breaks (``stukolka-rule-violation``)."""
        rule = self._card_options(p)[1]
        return violation_rule(self.hands[p], self.trick, card, self.trump_suit, rule)

    # ------------------------------------------------------------------ parsing
    def _canonical(self, action: object) -> str:
        """The canonical spelling of an action string (cards in symbol notation)."""
        if not isinstance(action, str):
            raise _unreadable(action, "an action is a string such as 'knock' or 'play K♥'")
        if len(action) > MAX_ACTION_LENGTH:
            raise _unreadable(action, f"longer than {MAX_ACTION_LENGTH} characters; no action is")
        text = " ".join(action.split())
        if text in _PLAY or text in ("knock", "pass", "deal", "stand"):
            return text
        if not text:
            raise _unreadable(action, "empty action")
        head, _, rest = text.partition(" ")
        head = head.lower()
        try:
            if head == "play":
                return f"play {_CS[parse_card(rest)]}"
            if head in ("discard", "stand"):
                if head == "stand" and rest:
                    raise _unreadable(action, "'stand' takes no cards")
                cards = list(parse_cards(rest)) if rest else []
                if not cards:
                    return "stand"
                hand = self.hands[self.current_player()] if self.phase in (_PH_PURCHASE, _PH_RAZREZ) else []
                cards = discard_order(hand, cards)
                return "discard " + " ".join(_CS[c] for c in cards)
            if head in ("draw", "deck") or (head == "deal" and rest and self.phase is _PH_SHUFFLE):
                head = "deck" if head == "deal" else head   # 'deal <order>' is read as 'deck <order>'
                return f"{head} " + " ".join(_CS[c] for c in parse_cards(rest))
        except CardParseError as exc:
            raise _unreadable(action, str(exc)) from None
        low = text.lower()
        if low in ("knock", "pass", "golets", "dark", "razrez", "look", "shleif", "refuse shleif",
                   "deal", "deal miscount"):
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
            raise _unreadable(action, f"'{head}' takes a number in ASCII digits and nothing more; "
                              "see docs/stukolka-actions.md")
        raise _unreadable(action, "unknown action; see docs/stukolka-actions.md")

    # ------------------------------------------------------------------ apply
    def apply_action(self, action: str) -> None:
        """Apply one action; illegal actions raise and leave the state unchanged.

        An action exactly as :meth:`legal_actions` listed it is checked and read with one
        look-up; any other spelling is read by the action grammar and checked by the rules."""
        ph = self.phase
        table = self._lc
        if table is not None and type(action) is str:
            meaning = table.get(action, _MISSING)
            if meaning is not _MISSING:
                self._apply_id(meaning)
                return
        elif ph is _PH_SHUFFLE and type(action) is str and action in _SHUFFLE_ID_OF:
            seed = _SHUFFLE_ID_OF[action] - SHUFFLE_BASE      # (_apply_id and shuffled_deck, written out)
            order = _DECKS.get(seed)
            self.deck = list(order) if order is not None else shuffled_deck(seed)
            self.phase = _PH_CUT
            self._lc = self._lids = None
            self._cp = (self.dealer - 1) % self.n  # type: ignore[operator]  # the dealer's right cuts
            self._history.append(action)
            return
        elif ph is _PH_CUT and type(action) is str and action in _CUT_ID_OF:
            self._apply_id(_CUT_ID_OF[action])
            return
        a = self._canonical(action)
        if ph is _PH_TERMINAL:
            raise IllegalActionError(action, "the deal is over; the next deal is a new state",
                                     "stukolka-rule-rotation")
        if ph is _PH_PLAY:
            self._apply_play(action, a)
        elif ph is _PH_SHUFFLE or ph is _PH_SEAT_DRAW:
            self._apply_chance(action, a)
        elif ph is _PH_CUT:
            k = int(a.split()[1]) if a.startswith("cut ") else -1
            if not 1 <= k <= 51:
                raise IllegalActionError(action, "the cutter (dealer's right) cuts: 'cut 1' .. 'cut 51'",
                                         "stukolka-rule-cut")
            deck = self._the_deck()
            self.deck = deck[k:] + deck[:k]
            self.phase = _PH_DEAL
        else:
            legal = self.legal_actions()
            if a not in legal:
                raise IllegalActionError(action, f"not allowed now; legal: {', '.join(legal[:12])}"
                                         + (" ..." if len(legal) > 12 else ""), self._phase_rule())
            if ph is _PH_DEAL:
                self._apply_deal(a)
            else:
                self._apply_id(self.string_to_action(a))
                return
        self._lc = self._lids = self._cp = None
        self._history.append(a)

    def _phase_rule(self) -> str:
        ph = self.phase
        if ph is _PH_DECLARE:
            return self._declare_options(self.current_player())[1]
        return {_PH_PURCHASE: "stukolka-rule-purchase", _PH_RAZREZ: "stukolka-rule-razrez",
                _PH_SHLEIF_CHOICE: "stukolka-rule-shleif-refusal",
                _PH_DEAL: "stukolka-rule-misdeal"}.get(ph, ACTION_RULE)

    def _apply_chance(self, action: str, a: str) -> None:
        head, _, rest = a.partition(" ")
        if self.phase is _PH_SEAT_DRAW:
            cards = [int(parse_card(t)) for t in rest.split()] if head == "draw" else []
            if len(cards) != len(self._draw_pool) or len(set(cards)) != len(cards):
                raise IllegalActionError(action, f"the seat draw needs {len(self._draw_pool)} different "
                                         "cards, one per drawing player", "stukolka-rule-seat-draw")
            self._seat_draw(cards)
            return
        if head == "shuffle":
            self.deck = shuffled_deck(int(rest))
        elif head == "deck":
            cards = [parse_card(t) for t in rest.split()]
            if sorted(cards) != list(range(52)):
                raise IllegalActionError(action, "a deck order lists each of the 52 cards once",
                                         "stukolka-rule-deal")
            self.deck = [int(c) for c in cards]
        else:
            raise IllegalActionError(action, "chance node: 'shuffle <seed>' or 'deck <52 cards>'",
                                     "stukolka-rule-deal")
        self.phase = _PH_CUT

    def _seat_draw(self, cards: list[int]) -> None:
        """Lowest card deals; ace high by default; ties redraw (``stukolka-rule-seat-draw``, K-19)."""
        ace_high = self.rules.seat_draw_ace_high
        value = [(card_rank(c) if ace_high or card_rank(c) != 14 else 1) for c in cards]
        self.seat_draws = self.seat_draws + [tuple(zip(self._draw_pool, (int(c) for c in cards)))]
        low = min(value)
        tied = [p for p, v in zip(self._draw_pool, value) if v == low]
        if len(tied) > 1:
            self._draw_pool = tied
            return
        self.dealer = self.rotation_dealer = tied[0]
        self._open_deal()

    def _apply_deal(self, a: str) -> None:
        """The deal and its irregularities (``stukolka-rule-deal``, ``stukolka-rule-misdeal``,
        ``stukolka-rule-out-of-turn-deal``; 001 rules 15-16, 003, K-12)."""
        n, d = self.n, self._the_dealer()
        if a == "deal":
            return self._deal()
        words = a.split()
        if words[1] == "expose":
            k = int(words[2])
            if not 1 <= k <= 3 * n:
                raise IllegalActionError(a, f"only cards 1..{3 * n} go to the players", "stukolka-rule-misdeal")
            owner = (d + k) % n
            card = self._the_deck()[k - 1]
            trump_ace = (self._the_deck()[3 * n] // 13) * 13 + 12
            if owner != d:
                return self._redeal(f"{_CS[card]} of seat {owner} exposed")
            if card == trump_ace or self.rules.redeal_on_own_exposed_card:
                return self._redeal(f"dealer's own {_CS[card]} exposed")
            self._event(f"dealer's own {_CS[card]} exposed; play on")
            self._deal()
            if self.phase is not _PH_SHUFFLE:
                self.exposed = self.exposed + [card]
            return
        if words[1] == "miscount":
            return self._redeal("wrong number of cards")
        p = int(words[2])
        if not 0 <= p < n or p == d:
            raise IllegalActionError(a, f"seat {p} is not another player", "stukolka-rule-out-of-turn-deal")
        if len(words) == 4:
            self.redeals += 1
            self._event(f"seat {p} dealt out of turn, noticed in time; the pack goes back to {d}")
            self.deck = None
            self.phase = _PH_SHUFFLE
            return
        self._event(f"seat {p} dealt out of turn; the deal stands")
        self.dealer = p
        self._deal()

    def _saw(self, p: int) -> None:
        """Seat ``p`` has seen his cards (``seen`` is never changed in place: :data:`_REBOUND`)."""
        if not self.seen[p]:
            seen = self.seen[:]
            seen[p] = True
            self.seen = seen

    def _event(self, text: str) -> None:
        """Note a table event (``events`` is never changed in place: see :data:`_REBOUND`)."""
        self.events = self.events + [text]

    def _redeal(self, why: str) -> None:
        """Same dealer deals again, no second fee (K-12, 003)."""
        self.redeals += 1
        self._event(f"redeal: {why}")
        self._reset_deal()
        self.phase = _PH_SHUFFLE

    def _deal(self) -> None:
        """Three cards each, one at a time from the dealer's left; the next card fixes trump
        and is dead, or the dealer's hidden card in shleif (``stukolka-rule-deal``,
        ``stukolka-rule-shleif``, K-9)."""
        n, d, deck = self.n, self.dealer, self.deck
        if d is None or deck is None:
            d, deck = self._the_dealer(), self._the_deck()     # (they raise)
        # card j goes to seat d + 1 + j: each seat's hand is every n-th card of the first 3n
        self.hands = list(map(deck.__getitem__, _DEAL_SLICES[n][d]))
        tc = deck[3 * n]
        self.stock = deck[3 * n + 1:]
        self.trump_card, self.trump_suit = tc, tc // 13
        if self.rules.variant == "shleif" and not self.shleif_refused:
            self.shleif_card = tc
        else:
            self.trump_visible = True
            self.dead = self.dead + [tc]
        if self.rules.redeal_if_dealer_holds_trump_ace and self.trump_suit * 13 + 12 in self.hands[d]:
            return self._redeal("the dealer holds the trump ace")
        if self.forced:  # stukolka-rule-obligatory: everyone plays his own cards
            self.declarations = ["knock"] * n
            return self._begin_play()
        self.phase = _PH_DECLARE
        self.declare_idx = 0
        self._cp = (d + 1) % n

    def _draw(self, k: int) -> list[int]:
        if not k:
            return []
        if len(self.stock) < k and self.rules.stock_exhausted == "reshuffle_discards":
            self.stock = self.stock + self.thrown
            self.thrown = []
            self._event("stock rebuilt from the thrown cards")
        stock = self.stock
        out = stock[:k]
        del stock[:k]       # (the state's own list: a copy or clone has its own)
        return out

    def _apply_declare(self, a: str) -> None:
        """Knock, pass (the cards are thrown in), dark, or take the golets
        (``stukolka-rule-declare``, ``stukolka-rule-golets``, ``stukolka-rule-dark``)."""
        d = self.dealer
        p = self.current_player() if d is None else (d + 1 + self.declare_idx) % self.n
        if a == "look":
            self._saw(p)
            return
        self.declarations[p] = a
        if a == "pass":
            self.thrown.extend(self.hands[p])
            self.hands[p] = []
        elif a == "dark":
            dark = self.dark[:]
            dark[p] = True
            self.dark = dark
        elif a == "golets":  # stukolka-rule-golets: a full 3-card exchange (K-5)
            self.golets_taker = p
            self._saw(p)
            self.thrown.extend(self.hands[p])
            self.discarded[p] += 3
            if self.rules.golets_burn_card:
                self.dead = self.dead + self._draw(1)
            self.hands[p] = self._draw(3)
            self.bought[p] += 3
        self.declare_idx += 1
        if self.declare_idx == self.n:
            self._after_declare()

    def _after_declare(self) -> None:
        """All passed (``stukolka-rule-all-pass``, K-13), a lone player, or on to the purchase."""
        decl = tuple(self.declarations)
        act, n_in, nxt = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
        if not n_in:
            return self._finish()  # stukolka-rule-all-pass: settled from the ledger facts
        if n_in == 1 and not self._razrez:
            return self._finish_lone()
        if self._buys:
            queue = self.queue = self._buyers(act)
            if queue:
                self.phase = _PH_PURCHASE
                self._cp = queue[0]
                if not self._razrez:           # no one cuts in: the seats in play are known
                    self._nact = n_in, nxt, act
                return
        if self._razrez:
            self._after_purchase()
        else:
            self._begin_play()

    def _after_purchase(self) -> None:
        if self._razrez:
            self.queue = self.razrez_order()
            self._skip_razrez()
            if self.queue:
                self.phase = _PH_RAZREZ
                return
        self._begin_play()

    def _skip_razrez(self) -> None:
        while self.queue and self.available() < 4:  # K-17: stop when fewer than 4 remain
            self.queue.pop(0)

    def _exchange_id(self, aid: int) -> str:
        """Purchase, dark and razrez (``stukolka-rule-purchase``, ``stukolka-rule-dark``,
        ``stukolka-rule-razrez``, ``stukolka-rule-shleif``): the legal action ``aid``.
        Returns its canonical string."""
        p = self.queue[0]
        hand = self.hands[p]
        razrez = self.phase is _PH_RAZREZ
        if self.pending < 2 and not razrez and (aid == STAND or DISCARD_BASE < aid < _DISCARD_END):
            return self._purchase(p, hand, aid)
        word = _ID_WORDS.get(aid)
        if word is None and aid >= DISCARD_BASE:
            code = aid - DISCARD_BASE
            if code <= 52:                     # one card
                cards = [code - 1]
                word = _DISCARD_ONE[code - 1]
            elif code < 2809:                  # two cards (the digits, in the hand's order)
                c0, c1 = code % 53 - 1, code // 53 - 1
                cards = [c0, c1] if hand.index(c0) < hand.index(c1) else [c1, c0]
                word = "discard " + _CS[cards[0]] + " " + _CS[cards[1]]
            elif len(hand) == 3:               # (a listed id) the whole hand of three
                cards = hand[:]
                word = "discard " + _CS[cards[0]] + " " + _CS[cards[1]] + " " + _CS[cards[2]]
            else:
                cards = _in_hand_order(hand, aid)
                word = "discard " + " ".join([_CS[c] for c in cards])
        if self.pending:
            for c in cards:
                hand.remove(c)
            self.thrown.extend(cards)
            self.discarded[p] += len(cards)
            self.pending = 0
            self._saw(p)
            self._next_exchanger()
            return word  # type: ignore[return-value]
        if aid == PASS:
            self._next_exchanger()
            return "pass"
        if aid == RAZREZ:
            self.declarations[p] = "razrez"
            self.razrez_buyers = self.razrez_buyers + [p]
            got = self._draw(4)
            self.pending = 1
        elif BLIND_BASE <= aid < BLIND_BASE + 36:
            k = aid - BLIND_BASE
            word = f"blind {k}"
            out, self.hands[p] = hand[:k], hand[k:]
            hand = self.hands[p]
            self.thrown.extend(out)
            self.discarded[p] += k
            got = self._draw(k + 1)
            self.pending = 1
        else:
            if aid == STAND:
                cards = []
            for c in cards:
                hand.remove(c)
            self.thrown.extend(cards)
            self.discarded[p] += len(cards)
            got = self._draw(len(cards))
        hand.extend(got)
        self.bought[p] += len(got)
        if self.rules.purchase_price_per_card:
            cost = self.rules.purchase_price_per_card * len(got)
            self.balances[p] -= cost
            self.purchase_money += cost
            self.table += cost
        if (not razrez and self.shleif_card is not None and p == self.dealer):
            hand.append(self.shleif_card)  # the dealer's 4th card (K-9)
            self.shleif_card = None
            self.pending += 1
        if not self.pending:
            self._saw(p)
            self._next_exchanger()
        return word  # type: ignore[return-value]

    def _purchase(self, p: int, hand: list[int], aid: int) -> str:
        """The usual purchase (:meth:`_exchange_id`, written out for its commonest cases): seat
        ``p`` stands, or throws one, two or three cards of ``hand`` and buys as many; or, with
        one card to throw (``pending``: the shleif dealer's 4th card, a dark buyer's extra card),
        throws the card ``aid`` (a listed id: then a one-card throw)."""
        code = aid - DISCARD_BASE
        if self.pending:                       # the one card to throw after the purchase
            c = code - 1
            word = _DISCARD_ONE[c]
            hand.remove(c)
            self.thrown.append(c)
            self.discarded[p] += 1
            self.pending = 0
            k = 0
        elif aid == STAND:
            word = "stand"
            k = 0
        elif code <= 52:                       # one card
            word = _DISCARD_ONE[code - 1]
            hand.remove(code - 1)
            self.thrown.append(code - 1)
            k = 1
        elif code < 2809:                      # two cards, thrown in the hand's order
            c0, c1 = code % 53 - 1, code // 53 - 1
            if hand.index(c0) > hand.index(c1):
                c0, c1 = c1, c0
            word = "discard " + _CS[c0] + " " + _CS[c1]
            hand.remove(c0)
            hand.remove(c1)
            self.thrown += (c0, c1)
            k = 2
        elif len(hand) == 3:                   # three cards: the whole hand (a listed id)
            c0, c1, c2 = hand
            word = "discard " + _CS[c0] + " " + _CS[c1] + " " + _CS[c2]
            self.thrown += hand
            hand.clear()
            k = 3
        else:
            cards = _in_hand_order(hand, aid)
            word = "discard " + " ".join(map(_CS.__getitem__, cards))
            for c in cards:
                hand.remove(c)
            self.thrown.extend(cards)
            k = len(cards)
        if k:
            self.discarded[p] += k
            stock = self.stock
            if len(stock) >= k:                # (_draw, when the stock is enough)
                got = stock[:k]
                del stock[:k]
            else:
                got = self._draw(k)
            hand += got
            self.bought[p] += len(got)
            price = self.rules.purchase_price_per_card
            if price:
                cost = price * len(got)
                self.balances[p] -= cost
                self.purchase_money += cost
                self.table += cost
        if self.shleif_card is not None and p == self.dealer:
            hand.append(self.shleif_card)      # the dealer's 4th card (K-9)
            self.shleif_card = None
            self.pending += 1
            return word
        if not self.seen[p]:                   # (_saw, written out: seen already, as a rule)
            self._saw(p)
        queue = self.queue                     # (_next_exchanger, in the purchase)
        del queue[0]
        if queue:
            self._cp = queue[0]
        elif self._razrez:
            self._after_purchase()
        else:
            self._begin_play()
        return word

    def _next_exchanger(self) -> None:
        self.queue.pop(0)
        if self.phase is _PH_RAZREZ:
            self._skip_razrez()
            if not self.queue:
                self._begin_play()
        elif not self.queue:
            self._after_purchase()

    def first_leader(self) -> int:
        """Golets taker, else the last razrez buyer, else the first knocker
        (``stukolka-rule-first-lead``)."""
        return self._leader(_seats_of(tuple(self.declarations))[0])

    def _leader(self, act: Sequence[bool]) -> int:
        """:meth:`first_leader`, with the seats that play (``act``) known."""
        if self.golets_taker is not None:
            return self.golets_taker
        if self.razrez_buyers:
            return self.razrez_buyers[-1]
        d = self.dealer
        if d is None:
            d = self._the_dealer()       # (it raises)
        for p in _ORDERS[self.n][d]:
            if act[p]:
                return p
        raise StopIteration  # (no player: the deal ended before the play)

    def _begin_play(self) -> None:
        """The play begins, or a lone player takes the deal."""
        seats = self._nact                 # (noted when the declarations ended, if nobody could cut in)
        if seats is None:
            decl = tuple(self.declarations)                          # the declarations are final now
            act, count, nxt = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
            if count == 1:
                return self._finish_lone()
            self._nact = count, nxt, act
        else:
            count, nxt, act = seats
        self.phase = _PH_PLAY
        self.turn = self._cp = self._leader(act)

    def _apply_play(self, action: str, a: str) -> None:
        """One card to the trick; in penalize mode an illegal card is recorded as a violation
        (``stukolka-rule-violation``, K-10); three tricks settle the deal."""
        p = self._to_play()
        card = _PLAY.get(a)
        if card is None:
            raise IllegalActionError(action, "during play the only action is 'play <card>'", ACTION_RULE)
        hand = self.hands[p]
        if card not in hand:
            raise IllegalActionError(action, f"{_CS[card]} is not in seat {p}'s hand", "stukolka-rule-violation")
        legal, rule = self._card_options(p)
        if card not in legal:
            if self.rules.violation_mode != "penalize":
                raise IllegalActionError(action, "must play one of " + " ".join(_CS[c] for c in legal),
                                         rule or "stukolka-rule-violation")
            self.violations = self.violations + [(p, self._violation_rule(p, card), _CS[card])]
        self._play_card(p, card)

    def _play_card(self, p: int, card: int) -> None:
        """``p`` plays ``card`` (already checked) to the trick; a full trick goes to its winner."""
        self.hands[p].remove(card)
        trick = self.trick
        trick.append(_SEAT_CARD[p][card])
        seats = self._nact
        if seats is None:  # the declarations are final once the play begins
            seats = self._nact = self._seats_in_play()
        if len(trick) < seats[0]:
            self.turn = seats[1][p]
            self._win = None                   # (found again when next asked)
            return
        t = self.trump_suit
        win = self._win                        # the winner before this card, when noted (play.beats,
                                               # written out, for this card)
        if win is None or len(trick) == 1:
            w, wc = trick_winner(trick, t)
        else:
            w, wc = win
            cs, ws = card // 13, wc // 13
            if (cs == ws and card > wc) or (cs == t and ws != t):
                w, wc = p, card
        self.tricks_won[w] += 1
        self.tricks.append((tuple(trick), w))
        self.trick = []
        self._win = None
        if t is None:
            t = self._trump()
        # stukolka-rule-marriage-exemption: winning with one card of a trump marriage
        # frees the winner from leading the other (unless marriage_exemption=False)
        king = t * 13 + 11
        if wc == king or wc == king - 1:
            self.exempt = marriage_exemption(w, wc, self.hands[w], t)
        else:
            self.exempt = None
        if len(self.tricks) == 3:
            self._finish()
        else:
            self.turn = self._cp = w

    def _seats_in_play(self) -> tuple[int, tuple[int, ...], tuple[bool, ...]]:
        """How many seats play, for each seat the next seat on its left that plays, and which
        seats play."""
        act, count, nxt = _seats_of(tuple(self.declarations))
        return count, nxt, act

    def _finish_lone(self) -> None:
        """A lone player takes all three tricks unopposed (e.g. ST-15)."""
        p = self.active().index(True)
        self.tricks_won[p] = 3
        self._finish()

    def _finish(self) -> None:
        """Pay out the end of the deal's ledger (:meth:`settlement`): trick shares, forfeits, remizes or
        the all-pass take (``stukolka-rule-trick-share``, ``stukolka-rule-remiz``,
        ``stukolka-rule-violation``, ``stukolka-rule-all-pass``); what stays is the next carry."""
        self.next_dealer = (self.rotation_dealer + 1) % self.n  # stukolka-rule-rotation
        nact = self._nact
        pay, moved = state_payments(self, None if nact is None else nact[2])
        self.balances = list(map(operator.add, self.balances, pay))
        self._ledger = None
        self.payments = pay
        self.table = self.next_carry = self.table + moved
        self.turn = None
        self.phase = _PH_TERMINAL

    def settlement(self) -> Ledger:
        """The deal's money, itemised: a :class:`~stukolka.base.Ledger` whose net per seat is
        :meth:`returns` and whose table change is ``table - carry_in``.  Only once the deal is over."""
        if self.phase is not _PH_TERMINAL:
            raise IllegalActionError("settlement", f"the deal is not over (phase {self.phase.value}); the "
                                     "settlement comes after the third trick or the last pass",
                                     "stukolka-rule-trick-share")
        if self._ledger is None:
            self._ledger = state_ledger(self)
        return self._ledger

    # ------------------------------------------------------------------ copies and comparison
    def clone(self) -> "StukolkaState":
        new = object.__new__(StukolkaState)
        _COPY(new, self)
        return new

    def __eq__(self, other: object) -> bool:
        if type(other) is not StukolkaState:
            return False
        return _POSITION(self) == _POSITION(other)

    __hash__ = None  # type: ignore[assignment]

    def card_locations(self) -> dict[int, str]:
        """Where each of the 52 cards is: ``pack`` (not dealt), ``stock``, ``hand <p>``,
        ``shleif``, ``dead``, ``thrown``, ``played``."""
        if self.deck is None:
            return {c: "pack" for c in range(52)}
        loc: dict[int, str] = {}
        places = [("stock", self.stock), ("dead", self.dead), ("thrown", self.thrown),
                  ("played", [c for t, _ in self.tricks for _, c in t] + [c for _, c in self.trick])]
        places += [(f"hand {p}", h) for p, h in enumerate(self.hands)]
        if self.shleif_card is not None:
            places.append(("shleif", [self.shleif_card]))
        if self.phase in (_PH_CUT, _PH_DEAL):
            places = [("pack", self.deck)]
        for name, cards in places:
            for c in cards:
                if c in loc:
                    raise AssertionError(f"card {_CS[c]} in {loc[c]} and {name}")
                loc[c] = name
        return loc

    # ------------------------------------------------------------------ what players see
    def observation(self, player: int) -> StukolkaObservation:
        """Only what ``player`` may see (own cards, public table, money), cards as ints."""
        if not (isinstance(player, int) and 0 <= player < self.n):
            raise InvalidActionError(f"observation({player!r})", f"a seat is 0..{self.n - 1}")
        return StukolkaObservation(
            player=player, variant=self.rules.variant, phase=self.phase,
            dealer=self.dealer, to_act=self.current_player(),
            trump=self.trump_suit,
            turned_trump=self.trump_card if self.trump_visible else None,
            shleif_card=self.shleif_card if player == self.dealer else None,
            shleif_refused=self.shleif_refused,
            hand=tuple(self.hands[player]) if self.seen[player] else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            declarations=tuple(self.declarations),
            bought=tuple(self.bought), discarded=tuple(self.discarded),
            exposed=tuple(self.exposed),
            stock_size=len(self.stock),
            tricks=tuple((tuple(t), w) for t, w in self.tricks),
            current_trick=tuple(self.trick),
            tricks_won=tuple(self.tricks_won),
            violations=tuple((q, rule, int(parse_card(c))) for q, rule, c in self.violations),
            pot_in_play=self.pot, table=self.table,
            balances=tuple(self.balances),
            seats=self.n,
        )

    def observation_string(self, player: int) -> str:
        return str(self.observation(player))

    def view(self, seat: int) -> dict[str, Any]:
        """Plain JSON-able data with everything a front end draws for ``seat``
        (:func:`stukolka.stukolka.view.view`)."""
        return _view_of(self, seat)

    def hand_cards(self, seat: int) -> Cards:
        """``seat``'s cards in hand, as :class:`~stukolka.cards.Cards` (pictures in a notebook)."""
        return Cards(self.hands[seat])

    def why_illegal(self, action: str) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now, as ``(text, rule label)``, or ``None`` if it is
        legal.  In ``penalize`` mode an illegal card is playable but costs a remiz: the answer then
        names the rule it breaks (``stukolka-rule-violation``).  The state is not changed."""
        try:
            a = self._canonical(action)
        except StukolkaError as exc:
            return str(exc), getattr(exc, "rule", "") or ""
        if a in self.legal_actions():
            return None
        if self.phase is _PH_PLAY and a in _PLAY:
            p, card = self._to_play(), _PLAY[a]
            if card not in self.hands[p]:
                return f"{_CS[card]} is not in seat {p}'s hand", "stukolka-rule-violation"
            broken = self._violation_rule(p, card)
            return RULE_LABELS.get(broken, broken), broken
        probe = self.clone()
        try:
            probe.apply_action(a)
        except StukolkaError as exc:
            return str(exc), getattr(exc, "rule", "") or ""
        return None

    def discard_action(self, cards: Iterable[int | str]) -> str:
        """The canonical action that discards ``cards`` (ints or card names) from the hand of the
        seat to act: ``stand`` for none, else ``discard`` with the cards in hand order."""
        chosen = [c if isinstance(c, int) else int(parse_card(c)) for c in cards]
        if not chosen:
            return "stand"
        p = self.current_player()
        hand = self.hands[p] if 0 <= p < self.n else []
        return "discard " + " ".join(_CS[c] for c in discard_order(hand, chosen))

    # ------------------------------------------------------------------ records and printing
    def to_record(self, explicit_deck: bool = False) -> dict[str, Any]:
        """A JSON-able record of the deal (``format`` ``stukolka-record/1``, see
        ``docs/stukolka-actions.md``).  With ``explicit_deck`` every ``shuffle <seed>`` is written
        as ``deck <52 cards>``."""
        actions = list(self._history)
        if explicit_deck:
            actions = ["deck " + " ".join(_CS[c] for c in shuffled_deck(int(a.split()[1])))
                       if a.startswith("shuffle ") else a for a in actions]
        return {
            "format": RECORD_FORMAT,
            "game": "stukolka",
            "rules": self.rules.to_dict(),
            "players": self.n,
            "dealer": self.initial_dealer,
            "carry": self.carry_in,
            "balances": list(self.start_balances),
            "actions": actions,
        }

    @classmethod
    def from_record(cls, record: object) -> "StukolkaState":
        """Replay a record made by :meth:`to_record` into a new state; a bad record (wrong
        envelope, a missing or mistyped key, an action that does not replay) raises
        :class:`~stukolka.errors.RecordError`."""
        rec = check_stukolka_record(record)
        try:
            rules = StukolkaRules.from_dict(rec["rules"])
        except RulesError as exc:
            raise RecordError(f"record rules: {exc}") from None
        if rec.get("players", rules.n_players) != rules.n_players:
            raise _err(f"record says {_short(rec['players'])} players but the rules say {rules.n_players} "
                       "[K-18, stukolka-rule-player-limits]")
        try:
            state = cls(rules, dealer=rec.get("dealer"), carry=rec.get("carry", 0),
                                  balances=rec.get("balances"))
        except StukolkaError as exc:
            raise RecordError(f"record set-up: {exc}") from None
        for i, act in enumerate(rec["actions"]):
            if state.is_terminal():
                raise _err(f"record action {i} {_short(act)} does not replay: the deal is over after "
                           f"{i} actions")
            try:
                state.apply_action(act)
            except StukolkaError as exc:
                raise _err(f"record action {i} {_short(act)} does not replay: {exc}") from None
        return state

    def _repr_html_(self) -> str:
        """A notebook cell that ends in a state draws the table (:class:`~stukolka.stukolka.picture.DealView`)."""
        return DealView(self)._repr_html_()

    def __repr__(self) -> str:
        return (f"StukolkaState(variant={self.rules.variant!r}, n_players={self.n}, "
                f"phase={self.phase.value!r}, dealer={self.dealer}, pot={self.pot}, "
                f"actions={len(self._history)})")

    def __str__(self) -> str:
        trump = "?" if self.trump_suit is None else "♠♥♦♣"[self.trump_suit]
        tc = "" if self.trump_card is None else f" (card {_CS[self.trump_card]}"
        tc += "" if not tc else (", dead)" if self.trump_visible else ", shleif)")
        lines = [f"Stukolka {self.rules.variant}, {self.n} players, stake {self.rules.stake}; "
                 f"phase {self.phase.value}; dealer {self.dealer}; trump {trump}{tc}",
                 f"pot in play {self.pot}; table {self.table}",
                 "seat | declared | hand          | tricks | balance"]
        for p in range(self.n):
            mark = "*" if p == self.current_player() else " "
            hand = " ".join(_CS[c] for c in self.hands[p])
            lines.append(f"{mark}{p:>3} | {self.declarations[p] or '-':<8} | {hand:<13} | "
                         f"{self.tricks_won[p]:>6} | {self.balances[p]:>7}")
        if self.trick:
            lines.append("trick: " + " ".join(f"{q}:{_CS[c]}" for q, c in self.trick))
        if self.violations:
            lines.append("violations: " + ", ".join(f"{q} {r} ({c})" for q, r, c in self.violations))
        return "\n".join(lines)
