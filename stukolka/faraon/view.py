"""What a front end draws for one seat of the shedding game: plain JSON-able data.

:func:`hand_view` turns a seat's :class:`~stukolka.faraon.observation.FaraonObservation`, its legal
actions and the engine's notes on each of its cards into one dict (``json.dumps`` needs no
help); :meth:`~stukolka.faraon.state.FaraonState.view` and :meth:`~stukolka.faraon.match.FaraonMatch.view` call it.  Nothing here decides
a rule: legality, reasons and scores come from the state and its observation.

Keys: ``game`` (``"faraon"``), ``phase``, ``seat``, ``to_act`` (a seat, or null at a chance
node or once over), ``chance``, ``legal``, ``players``, ``dealer``, ``dealer_draw``, ``hand``
(``[{card, name, legal, why, rule, actions}]``), ``drawn``, ``hand_sizes``, ``others``
(``[{seat, cards, dealer, to_act}]``), ``pile`` (``{top, size, suit, suit_symbol, named}``),
``talon``, ``pending_draws``, ``must_name_suit``, ``suits``, ``target``, ``totals``, ``points``,
``winner``, ``blocked`` and ``settlement`` (a :class:`~stukolka.base.Ledger` as a dict once the
hand is over, else null).
"""

from __future__ import annotations

from typing import Any, Sequence

from stukolka.base import CHANCE
from stukolka.cards import card_name, format_card
from stukolka.i18n import DEFAULT, check_lang
from stukolka.faraon.observation import FaraonObservation, hand_ledger
from stukolka.faraon.record import GAME
from stukolka.faraon.rules import SUIT_NAMES

__all__ = ["hand_view", "card_entry", "moves_words"]

_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")


def card_entry(c: int | None, lang: str = DEFAULT) -> dict[str, Any] | None:
    """A card for a front end: ``{"card": 10, "name": "Q♠", "long": "queen of spades"}`` (``long``
    in ``lang``: ``дама пик``)."""
    return None if c is None else {"card": c, "name": format_card(c), "long": card_name(c, "ru" if lang == "ru" else "en")}


def hand_view(obs: FaraonObservation, seat: int | None, legal: Sequence[str],
              notes: Sequence[dict[str, Any]], target: int, lang: str = DEFAULT) -> dict[str, Any]:
    """One seat's view of a hand (see the module's list of keys), its words in ``lang``."""
    check_lang(lang)
    to_act = obs.to_act if obs.to_act >= 0 else None
    n = len(obs.hand_sizes)
    return {
        "game": GAME, "phase": obs.phase.value, "seat": seat, "to_act": to_act,
        "chance": obs.to_act == CHANCE, "legal": list(legal),
        "players": n, "dealer": obs.dealer,
        "dealer_draw": [card_entry(c, lang) for c in obs.dealer_draw],
        "hand": [dict(x) for x in notes],
        "drawn": card_entry(obs.drawn, lang),
        "hand_sizes": list(obs.hand_sizes),
        "others": [{"seat": p, "cards": k, "dealer": p == obs.dealer, "to_act": p == to_act}
                   for p, k in enumerate(obs.hand_sizes) if p != seat],
        "pile": {"top": card_entry(obs.top, lang), "size": obs.pile_size,
                 "suit": None if obs.suit is None else SUIT_NAMES[obs.suit],
                 "suit_symbol": None if obs.suit is None else _SUIT_SYMBOLS[obs.suit], "named": obs.named},
        "talon": obs.talon_size, "pending_draws": obs.pending_draws,
        "must_name_suit": any(a.startswith("play ") and len(a.split()) == 3 for a in legal),
        "suits": list(SUIT_NAMES),
        "target": target,
        "totals": list(obs.points) if obs.points is not None else [0] * n,
        "points": None if obs.points is None else list(obs.points),
        "winner": obs.winner, "blocked": obs.blocked,
        "settlement": hand_ledger(obs).to_dict(lang) if obs.points is not None else None,
    }


def moves_words(state: Any, lang: str = DEFAULT, actions: Sequence[str] | None = None) -> str:
    """Legal moves as a chapter prints them (``actions``, else the state's legal actions): in English
    the action grammar's own words (``play 7♥, draw``), in another language each as its button says it;
    a dash for none.

    >>> from stukolka.faraon import FaraonRules, FaraonState
    >>> p = FaraonState.from_position(FaraonRules(players=2), ["7♥ 9♣", "A♦"], "9♥", to_move=0)
    >>> moves_words(p), moves_words(p, "ru")
    ('play 7♥, play 9♣', 'Выложить 7♥, Выложить 9♣')
    """
    legal = list(state.legal_actions() if actions is None else actions)
    if check_lang(lang) == DEFAULT:
        return ", ".join(legal) or "–"
    return ", ".join(state.describe_action(a, lang).words for a in legal) or "–"
