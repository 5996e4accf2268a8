"""Two readings of the sources that the engine does not offer as options, for the chapter
*Where the sources differ* (H-4 and H-12), so that each can be run against the engine's default.

Both are built on the engine: the exact law of the first card of a rank
(:func:`stukolka.shtoss.odds.position_law`) and finished engine deals (:func:`~stukolka.shtoss.play.play_deal`).
They settle a single stake of one punter only; they are for comparison, not for play.

>>> from stukolka.shtoss.odds import banker_edge
>>> double_pack_edge() > banker_edge(ShtossRules()) > double_pack_edge(plie_to_banker=False) == 0
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from stukolka.cards import Card, card_rank, card_suit, deck, parse_card, parse_cards
from stukolka.errors import RulesError
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.shtoss.odds import position_law
from stukolka.shtoss.play import play_deal
from stukolka.shtoss.rules import ShtossRules

__all__ = ["double_pack_edge", "double_pack_deal", "thirteenth_card_readings", "READINGS_13", "actions_text", "decimal_text", "decimal_ticks",
           "grouped_text"]


def double_pack_edge(plie_to_banker: bool = True) -> Fraction:
    """The banker's edge on a fresh card when the banker deals one double pack of 104 cards
    (eight of each rank), H-4's second reading of 004-P's "two packs of 52".

    First match decides, odd places to the banker; with ``plie_to_banker=False`` a plie
    is a push (for comparison with the fair game).
    """
    edge = Fraction(0)
    for k, first, plie in position_law(104, 8):
        if k % 2:
            edge += first if plie_to_banker else first - plie
        else:
            edge -= first
    return edge


def double_pack_deal(card: str, seed: int) -> tuple[int, int]:
    """Shuffle a 104-card double pack with ``seed`` and return ``(place, sign)`` for a stake
    on ``card``: the place of the first card of its rank, and +1 if the punter wins (even
    place), -1 if the banker wins (odd place)."""
    rank = card_rank(parse_card(card))
    pack = list(deck(52)) * 2
    random.Random(seed).shuffle(pack)
    place = next(i for i, c in enumerate(pack, start=1) if card_rank(c) == rank)
    return place, (1 if place % 2 == 0 else -1)


READINGS_13 = {
    "a": "the punter's rank first appears at place 13, in his own suit: he wins twice the kush (the engine's option)",
    "b": "the 13th card is the punter's own card (rank and suit), whatever happened before: "
         "the banker pays twice the kush on top of the ordinary result",
    "c": "the punter's card is first decided in the 13th abcug (places 25 and 26) by a card of his suit: "
         "he wins twice the kush, whichever side it fell to",
}


def thirteenth_card_readings(stake: str, order: str, kush: int = 10) -> dict[str, Fraction]:
    """The punter's result on one stake (``"Q♠"``) for a banker's deck beginning ``order``,
    under each reading of S3's thirteenth card (H-12, ``READINGS_13``).

    Reading (a) is the engine's ``thirteenth_card_premium``; (b) and (c) start from the
    engine's plain settlement of the same deal and apply the reading to the cards of ``order``.
    """
    card: Card = parse_card(stake)
    cards = parse_cards(order)
    plain = play_deal(ShtossRules(), stakes={1: f"stake {stake}"}, deck=order, kush=kush)
    premium = play_deal(ShtossRules(thirteenth_card_premium=True), stakes={1: f"stake {stake}"},
                        deck=order, kush=kush)
    st = plain.settlements[0]
    if st.position is None or st.position > len(cards):
        raise RulesError(f"thirteenth_card_readings: the deck {order!r} must reach the card that decides "
                         f"{stake} [shtoss-rule-13th-card (H-12)]")
    base = Fraction(plain.returns()[1])
    b = base + (2 * kush if len(cards) >= 13 and cards[12] == card else 0)
    deciding = cards[st.position - 1]
    c = Fraction(2 * kush) if st.position in (25, 26) and card_suit(deciding) == card_suit(card) else base
    return {"a": Fraction(premium.returns()[1]), "b": b, "c": c}


def actions_text(state: Any, lang: str = DEFAULT, first: int | None = None) -> str:
    """The legal actions of ``state`` (the ``first`` few, if given) as a chapter prints them: in
    English the action grammar's own words (``['refuse', 'accept']``), in another language each
    action as its button says it.

    >>> from stukolka.shtoss import ShtossRules, ShtossState
    >>> s = ShtossState(ShtossRules(), punters=1, initial_kush=10)
    >>> s.apply_action("stake 7♦ 50")
    >>> actions_text(s), actions_text(s, "ru")
    ("['refuse', 'accept']", '«Отказать в повышенном куше 50», «Принять повышенный куш 50»')
    """
    legal = state.legal_actions()[:first]
    if check_lang(lang) == DEFAULT:
        return str(legal)
    return ", ".join(tr("shtoss.quoted", lang, words=state.describe_action(a, lang).words) for a in legal)


def decimal_text(x: float, fmt: str = "", lang: str = DEFAULT) -> str:
    """A decimal number (an estimate, a rounded chance) as the language writes it: ``format(x, fmt)``
    with a decimal comma in Russian.

    >>> decimal_text(0.48019, ".4f"), decimal_text(0.48019, ".4f", "ru"), decimal_text(3.79e-4, ".2e", "ru")
    ('0.4802', '0,4802', '3,79e-04')
    """
    text = format(x, fmt)
    return text if check_lang(lang) == DEFAULT else text.replace(".", ",")


def grouped_text(n: int | Fraction, lang: str = DEFAULT) -> str:
    """A whole sum of money (roubles) with its thousands grouped: ``47 000`` in English prose (a
    space), ``47\u202f000`` in Russian (a narrow no-break space); a fraction is rounded.

    >>> grouped_text(376000), grouped_text(Fraction(83267, 2), "ru")
    ('376 000', '41\u202f634')
    """
    text = f"{round(n):,}"
    return text.replace(",", " " if check_lang(lang) == DEFAULT else "\u202f")


def decimal_ticks(fig: Any, lang: str = DEFAULT) -> None:
    """Write a figure's tick labels with the language's decimal sign (a matplotlib figure; in
    English nothing changes): ``0.02`` becomes ``0,02`` in Russian."""
    if check_lang(lang) == DEFAULT:
        return
    fig.canvas.draw()
    for ax in fig.axes:
        limits = ax.get_xlim(), ax.get_ylim()
        for axis in (ax.xaxis, ax.yaxis):
            labels = [t.get_text().replace(".", ",") for t in axis.get_ticklabels()]
            axis.set_ticks(axis.get_ticklocs())
            axis.set_ticklabels(labels)
        ax.set_xlim(limits[0])
        ax.set_ylim(limits[1])
