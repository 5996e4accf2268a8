"""The shedding game ("фараон") at a live table: a hand or a match, a seeded bot per seat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import GameState
from stukolka.bots.players import FaraonBot
from stukolka.cards import Cards, deck, format_card
from stukolka.errors import RulesError, StukolkaError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.faraon.rules import MAX_PLAYERS, MIN_PLAYERS
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.live.positions import moves_of, play_moves, position_error
from stukolka.live.registry import GameSpec

__all__ = ["SPEC", "new_faraon", "faraon_bot", "faraon_seats", "faraon_public", "faraon_settings", "POSITION_KEYS",
           "faraon_position"]

#: The options that make a table of the shedding game start from a position (one hand, already
#: dealt): ``hands``, ``pile``, ``talon``, ``suit``, ``to_act`` and ``actions``.
POSITION_KEYS = ("hands", "pile", "talon", "suit", "to_act", "actions")

def faraon_seats(state: GameState) -> int:
    """The shedding game seats as many as its rules' ``players``, a hand or a match alike."""
    return int(getattr(state, "rules").players)


def new_faraon(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """The shedding game from the page's options: any :class:`~stukolka.faraon.rules.FaraonRules`
    field (``players``, ``target``, ``seven_stacking``, ...), plus ``match`` (true: hands until a
    total reaches the target, ``faraon-rule-match``; false: one hand), ``dealer`` (left out, the
    face-up draw for a queen chooses him, ``faraon-rule-first-dealer``) and ``totals`` (a match's
    scores so far).  With any of :data:`POSITION_KEYS` the table is one hand posed
    (:func:`faraon_position`)."""
    opts = dict(options)
    match = opts.pop("match", True)
    dealer = opts.pop("dealer", None)
    totals = opts.pop("totals", None)
    setup = {k: opts.pop(k) for k in POSITION_KEYS if k in opts}
    try:
        rules = FaraonRules(**opts)
    except TypeError as e:
        raise RulesError(f"shedding-game options {sorted(options)!r}: {e} [faraon-rule-players]") from None
    if setup:
        if totals is not None:
            raise RulesError("totals belong to a match; a position is one hand [faraon-rule-match]")
        return faraon_position(rules, setup, 0 if dealer is None else dealer, rng)
    if match:
        return FaraonMatch(rules, dealer, totals)
    if totals is not None:
        raise RulesError("totals belong to a match (match: true) [faraon-rule-match]")
    return FaraonState(rules, dealer)


def _hand_option(seat: int, given: Any) -> list[str] | int:
    """One seat's entry of ``hands``: its cards (a string or a list), or how many cards it holds."""
    if isinstance(given, int) and not isinstance(given, bool):
        return given
    if isinstance(given, str) and given.strip().isdigit():
        return int(given)
    if isinstance(given, str):
        return given.split()
    if isinstance(given, (list, tuple)):
        return list(given)
    raise RulesError(f"faraon position, option 'hands': seat {seat}'s {given!r:.40} must be cards or a number of "
                     f"cards [faraon-rule-deal]")


def _cards(option: str, what: str, given: Any) -> list[str]:
    """The cards of a position's option (a string or a list), read by the engine's card reader."""
    try:
        return [str(c) for c in Cards.parse(given if isinstance(given, str) else " ".join(map(str, given)))]
    except (StukolkaError, TypeError) as e:
        if isinstance(e, StukolkaError):
            raise position_error("faraon", option, what, e, "faraon-rule-deal") from None
        raise RulesError(f"faraon position, option {option!r}: {given!r:.40} is not a list of cards "
                         f"[faraon-rule-deal]") from None


def faraon_position(rules: FaraonRules, setup: Mapping[str, Any], dealer: int, rng: random.Random) -> FaraonState:
    """One hand of the shedding game posed by the engine's :meth:`FaraonState.from_position
    <stukolka.faraon.state.FaraonState.from_position>`, then ``actions`` played:

    - ``hands``: seat -> its cards, or the number of cards it holds (those are dealt from the
      cards no option names, with the table's seeded generator); a seat left out holds as many
      as a deal gives (``rules.hand_size``);
    - ``pile``: the pile's cards, the top one last (at least the card to answer);
    - ``talon``: how many cards lie in the talon (left out: every card not in a hand or the pile;
      else the cards left over lie under the pile, in an order drawn by the generator);
    - ``suit``: the suit a queen on top named; ``to_act``: the seat to play (left out: the
      dealer's left); ``actions``: moves made from there, in the engine's grammar.

    >>> s = faraon_position(FaraonRules(players=3), {"hands": {"0": "9♥ K♠ 7♦", "1": 4, "2": 2}, "pile": "9♠",
    ...                     "talon": 10, "to_act": 0}, 2, random.Random(0))
    >>> s.current_player(), [len(s.hand(q)) for q in range(3)], s.talon_size, s.legal_actions()
    (0, [3, 4, 2], 10, ['play K♠', 'play 9♥'])
    """
    hands_given = setup.get("hands") or {}
    if not isinstance(hands_given, Mapping):
        raise RulesError(f"faraon position, option 'hands': {hands_given!r:.60} must map a seat to its cards "
                         f"[faraon-rule-deal]")
    hands: dict[int, list[str] | int] = {}
    for key, value in hands_given.items():
        seat = int(key) if isinstance(key, str) and key.strip().isdigit() else key
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < rules.players):
            raise RulesError(f"faraon position, option 'hands': seat {key!r:.20} is not one of 0..{rules.players - 1} "
                             f"[faraon-rule-players]")
        hands[seat] = _hand_option(seat, value)
    pile = setup.get("pile")
    if pile is None:
        raise RulesError("faraon position, option 'pile': a position needs the card on the pile to answer "
                         "[faraon-rule-starter]")
    named: list[str] = []
    for q, h in hands.items():
        if not isinstance(h, int):
            cards = _cards("hands", f"seat {q}", h)
            hands[q] = cards
            named += cards
    pile_cards = _cards("pile", "", pile)
    free = [format_card(c) for c in deck(rules.deck) if format_card(c) not in set(named + pile_cards)]
    rng.shuffle(free)
    out: list[list[str]] = []
    for q in range(rules.players):
        h = hands.get(q, rules.hand_size)
        if isinstance(h, int):
            if not 1 <= h <= len(free):
                raise RulesError(f"faraon position, option 'hands': seat {q} holds {h} cards; 1..{len(free)} are "
                                 f"left to deal [faraon-rule-deal]")
            out.append(free[:h])
            free = free[h:]
        else:
            out.append([str(c) for c in h])
    talon = setup.get("talon")
    if talon is not None:
        if not (isinstance(talon, int) and not isinstance(talon, bool) and 0 <= talon <= len(free)):
            raise RulesError(f"faraon position, option 'talon': {talon!r:.20} cards; 0..{len(free)} are left "
                             f"beside the hands and the pile [faraon-rule-draw]")
        pile_cards = free[talon:] + pile_cards          # the cards not in the talon lie under the pile
    try:
        state = FaraonState.from_position(rules, out, pile_cards, dealer=dealer, to_move=setup.get("to_act"),
                                          suit=setup.get("suit"))
    except StukolkaError as e:
        raise position_error("faraon", ("hands", "pile", "suit", "to_act"), "", e, "faraon-rule-deal") from None
    return play_moves(state, moves_of(setup.get("actions"), "faraon"), rng, "faraon")  # type: ignore[return-value]


def faraon_bot(seat: int, seed: str, state: GameState) -> Any:
    return FaraonBot(random.Random(seed))




def faraon_public(state: GameState, lang: str = DEFAULT) -> dict[str, Any]:
    """What every seat sees: the engine's view for a spectator (``view(None, lang)``)."""
    if not isinstance(state, (FaraonState, FaraonMatch)):
        raise RulesError(f"a shedding-game table holds a hand or a match, not {type(state).__name__} [live-table-game]")
    return dict(state.view(None, lang))


def faraon_settings(lang: str = DEFAULT) -> dict[str, Any]:
    """What a settings panel of the shedding game offers, read from the engine's rules: the number
    of players (``faraon-rule-players``), a match to the target or one hand, the target, passing a
    7 on, a queen on anything, and who plays each seat (a person or a bot); its words in ``lang``.

    >>> faraon_settings("ru")["fields"][1]["label"]
    'Предел партии'
    """
    check_lang(lang)
    d = FaraonRules()
    fields: list[dict[str, Any]] = [
        {"name": "match", "kind": "bool", "label": tr("table.faraon-set-match", lang), "default": True,
         "rule": "faraon-rule-match"},
        {"name": "target", "kind": "int", "label": tr("table.faraon-set-target", lang), "default": d.target, "min": 10,
         "max": 1000, "step": 10, "rule": "faraon-rule-match"},
        {"name": "seven_stacking", "kind": "bool", "label": tr("table.faraon-set-seven", lang),
         "default": d.seven_stacking, "rule": "faraon-rule-seven"},
        {"name": "queen_on_anything", "kind": "bool", "label": tr("table.faraon-set-queen", lang),
         "default": d.queen_on_anything, "rule": "faraon-rule-queen-wild"},
    ]
    return {"seats": {"field": "players", "label": tr("table.faraon-set-players", lang), "min": MIN_PLAYERS,
                      "max": MAX_PLAYERS, "offset": 0, "default": d.players, "rule": "faraon-rule-players"},
            "seat_names": [tr("core.seat", lang, n=q) for q in range(MAX_PLAYERS)],
            "fields": fields, "defaults": {f["name"]: f["default"] for f in fields} | {"players": d.players}}


SPEC = GameSpec(new_faraon, faraon_bot, seats=faraon_seats, public_view=faraon_public, settings=faraon_settings,
                position_keys=POSITION_KEYS)
