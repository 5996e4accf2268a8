"""The rules of the card play, as pure functions of the cards (no state needed).

The engine (:class:`~stukolka.stukolka.state.StukolkaState`), the search bots and the
tables all ask these functions, so each rule is written once:

* :func:`beats` and :func:`trick_winner`: ``stukolka-rule-trick-winner``; :data:`BEATS` is
  :func:`beats` as a table, made once, for the places that ask it at every card;
* :func:`card_options`: the cards a hand may play into a trick, with the rule that limits
  them (leads K-11, following K-6, K-7, K-8);
* :func:`marriage_exemption`: who is freed from leading the other card of a trump marriage;
* :func:`violation_rule`: which rule an illegal card breaks (``stukolka-rule-violation``);
* :func:`cards_not_held`: the rules of leading and following read backwards -- the cards the
  play so far proves a seat does not hold (what the search bots deal around);
* :func:`declaring_order`, :data:`PLAYING`: who declares when, and which declarations play;
* :func:`discard_order`: the canonical order of the cards of a discard.

>>> from stukolka.cards import parse_card
>>> trick = [(1, int(parse_card("9♥"))), (2, int(parse_card("K♥"))), (3, int(parse_card("2♠")))]
>>> trick_winner(trick, trump=0)                 # the two of trumps takes the trick
(3, 0)
>>> trick_winner(trick, trump=2)                 # no trump played: the highest heart
(2, 24)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stukolka.i18n import DEFAULT, tr
from stukolka.stukolka.rules import StukolkaRules

__all__ = ["PLAYING", "BEATS", "beats", "beats_table", "trick_winner", "winning_index", "card_options", "lead_options",
           "follow_options", "marriage_exemption",
           "violation_rule", "cards_not_held", "declaring_order", "discard_order", "trick_reason"]

#: The declarations that take part in the play (``stukolka-rule-declare``).
PLAYING: frozenset[str] = frozenset({"knock", "golets", "dark", "razrez"})

Trick = Sequence[tuple[int, int]]


def beats(card: int, best: int, trump: int | None) -> bool:
    """Does ``card`` beat the winning card ``best``? (``stukolka-rule-trick-winner``)

    >>> beats(11, 12, 0), beats(13, 12, 1), beats(13, 12, 2)
    (False, True, False)
    """
    cs, bs = card // 13, best // 13
    return (cs == bs and card > best) or (cs == trump and bs != trump)


#: :func:`beats` as a table, made once from it (as python-chess makes its attack tables from
#: readable generators): ``BEATS[trump][card][best]`` is ``beats(card, best, trump)`` for a
#: trump suit 0..3, and ``BEATS[4]`` when there is no trump.  Two look-ups cost less than the
#: test itself (``python benchmarks/engine.py --beats``), so every place that asks at every card
#: -- the engine's trick, the rules of following, the solver's search -- asks the table.
BEATS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(beats(card, best, trump) for best in range(52)) for card in range(52))
    for trump in (0, 1, 2, 3, None))


def beats_table(trump: int | None) -> tuple[tuple[bool, ...], ...]:
    """``BEATS`` for ``trump`` (``None``: no trump): ``beats_table(t)[card][best]``.

    >>> beats_table(1)[13][12], beats_table(None)[13][12]
    (True, False)
    """
    return BEATS[4 if trump is None else trump]


def winning_index(trick: Trick, trump: int | None) -> int:
    """The position in ``trick`` (a sequence of ``(seat, card)``) of the card winning it so far:
    each card is asked whether it beats the winner so far (:data:`BEATS`)."""
    table = BEATS[4 if trump is None else trump]
    best = 0
    win = trick[0][1]
    for i in range(1, len(trick)):
        c = trick[i][1]
        if table[c][win]:
            best, win = i, c
    return best


def trick_winner(trick: Trick, trump: int | None) -> tuple[int, int]:
    """The ``(seat, card)`` winning ``trick`` so far: the highest trump, else the highest card
    of the suit led (``stukolka-rule-trick-winner``)."""
    seat, card = trick[winning_index(trick, trump)]
    return seat, card


def trick_reason(card: int, trump: int | None, lang: str = DEFAULT) -> str:
    """Why the winning ``card`` took its trick, in words in ``lang`` (``stukolka-rule-trick-winner``)."""
    return tr("stukolka.trick.trump" if card // 13 == trump else "stukolka.trick.suit", lang)


def card_options(rules: StukolkaRules, hand: Sequence[int], trick: Trick, trump: int,
                 me: int = -1, exempt: tuple[int, int] | None = None, trump_visible: bool = False,
                 trump_card: int | None = None) -> tuple[list[int], str | None]:
    """The cards ``hand`` may play into ``trick`` (``(seat, card)`` pairs; empty for a lead), and
    the book label of the rule that restricts them (``None`` when any card goes).

    Leads: ``stukolka-rule-trump-ace-lead``, ``stukolka-rule-marriage-lead``,
    ``stukolka-rule-marriage-exemption`` (K-11).  Following: ``stukolka-rule-follow-suit``
    (K-6), ``stukolka-rule-must-beat`` (K-7), ``stukolka-rule-must-trump``,
    ``stukolka-rule-overtrump`` and ``stukolka-rule-undertrump`` (K-8).
    ``exempt`` is :func:`marriage_exemption` after the last trick; ``me`` the seat of ``hand``.

    >>> from stukolka.stukolka.rules import StukolkaRules
    >>> from stukolka.cards import parse_card, parse_cards
    >>> hand = [int(c) for c in parse_cards("A♥ 2♥ 3♠")]
    >>> card_options(StukolkaRules(), hand, [(1, int(parse_card("K♥")))], trump=0)
    ([25], 'stukolka-rule-must-beat')
    """
    if trick:
        return follow_options(rules, hand, trick, trump)
    return lead_options(rules, hand, trump, me, exempt, trump_visible, trump_card)


def lead_options(rules: StukolkaRules, hand: Sequence[int], trump: int, me: int = -1,
                 exempt: tuple[int, int] | None = None, trump_visible: bool = False,
                 trump_card: int | None = None) -> tuple[list[int], str | None]:
    """:func:`card_options` for a lead (an empty trick): ``stukolka-rule-trump-ace-lead``,
    ``stukolka-rule-marriage-lead``, ``stukolka-rule-marriage-exemption`` (K-11)."""
    r = rules
    t = trump
    ace = t * 13 + 12
    if r.lead_trump_ace and ace in hand:
        return [ace], "stukolka-rule-trump-ace-lead"
    king = ace - 1
    if r.lead_king_from_marriage:
        if king in hand and ace - 2 in hand:
            return [king], "stukolka-rule-marriage-lead"
        if r.marriage_exemption is not True and exempt and exempt[0] == me and exempt[1] in hand:
            return [exempt[1]], "stukolka-rule-marriage-exemption"
    if r.lead_king_if_ace_turned and trump_visible and trump_card == ace and king in hand:
        return [king], "stukolka-rule-marriage-lead"
    return list(hand), None


def follow_options(rules: StukolkaRules, hand: Sequence[int], trick: Trick,
                   trump: int, win: int | None = None) -> tuple[list[int], str | None]:
    """:func:`card_options` for a card into a trick already led: ``stukolka-rule-follow-suit``
    (K-6), ``stukolka-rule-must-beat`` (K-7), ``stukolka-rule-must-trump``,
    ``stukolka-rule-overtrump`` and ``stukolka-rule-undertrump`` (K-8).  ``win``: the card
    winning the trick so far, when the caller keeps it (else it is found here)."""
    r = rules
    t = trump
    table = BEATS[t]
    lead = trick[0][1]
    led = lead // 13
    if win is None:                          # the winner so far (trick_winner; the lead,
        win = lead                           # compared with itself, changes nothing)
        for _, c in trick:
            if table[c][win]:
                win = c
    # (plain loops: a hand is three or four cards, and a comprehension costs a call of its own)
    same = []
    for c in hand:
        if c // 13 == led:
            same.append(c)
    if same:
        target = win if r.must_beat == "current_winner" else lead
        over = []
        for c in same:
            if table[c][target]:
                over.append(c)
        if over:
            return over, "stukolka-rule-must-beat"
        return same, "stukolka-rule-follow-suit"
    trumps = []
    for c in hand:
        if c // 13 == t:
            trumps.append(c)
    if trumps:
        if win // 13 == t and r.must_overtrump:
            over = []
            for c in trumps:
                if table[c][win]:
                    over.append(c)
            if over:
                return over, "stukolka-rule-overtrump"
            if r.must_undertrump:
                return trumps, "stukolka-rule-undertrump"
            return list(hand), None
        return trumps, "stukolka-rule-must-trump"
    return list(hand), None


def violation_rule(hand: Sequence[int], trick: Trick, card: int, trump: int | None,
                   limiting_rule: str | None) -> str:
    """Which rule playing the illegal ``card`` from ``hand`` breaks (``stukolka-rule-violation``);
    ``limiting_rule`` is the rule :func:`card_options` named."""
    if trick:
        led = trick[0][1] // 13
        if any(c // 13 == led for c in hand) and card // 13 != led:
            return "stukolka-rule-follow-suit"
        if card // 13 != trump and limiting_rule in ("stukolka-rule-overtrump", "stukolka-rule-undertrump"):
            return "stukolka-rule-must-trump"
    return limiting_rule or "stukolka-rule-violation"


def cards_not_held(rules: StukolkaRules, tricks: Iterable[Trick], trump: int) -> dict[int, set[int]]:
    """The cards each seat cannot hold now, proved by the cards it played into ``tricks`` (each a
    sequence of ``(seat, card)``, the trick begun last included): the rules of leading and
    following (:func:`lead_options`, :func:`follow_options`) read backwards.  Only in ``prevent``
    mode, where every card played was legal (in ``penalize`` mode nothing is proved: ``{}``).

    * a leader who did not lead the trump ace does not hold it (``stukolka-rule-trump-ace-lead``);
    * a follower who did not follow suit holds none of the suit led (``stukolka-rule-follow-suit``),
      and, playing no trump either, no trump -- or, when the trick was trumped and he must only
      overtrump, no trump above the winning one (``stukolka-rule-must-trump``,
      ``stukolka-rule-overtrump``, ``stukolka-rule-undertrump``);
    * a follower who followed without beating the card to beat holds no card of the suit led
      that beats it (``stukolka-rule-must-beat``).

    ``tests/test_stukolka_inference.py`` holds every such card out of the real hands at every
    card of seeded deals over every rule mix.

    >>> from stukolka.cards import parse_card as c
    >>> sorted(cards_not_held(StukolkaRules(), [[(1, c("5♥")), (2, c("7♦"))]], 0)[2])[:3]   # void in ♥ and ♠
    [0, 1, 2]
    """
    banned: dict[int, set[int]] = {}
    if rules.violation_mode != "prevent":
        return banned
    table = BEATS[trump]
    ace = trump * 13 + 12
    trumps = range(trump * 13, trump * 13 + 13)
    for trick in tricks:
        lead_seat, lead = trick[0]
        if rules.lead_trump_ace and lead != ace:
            banned.setdefault(lead_seat, set()).add(ace)
        led = lead // 13
        suit = range(led * 13, led * 13 + 13)
        win = lead
        for q, c in trick[1:]:
            b = banned.setdefault(q, set())
            if c // 13 != led:
                b.update(suit)                                   # void in the suit led
                if c // 13 != trump:
                    if win // 13 == trump and rules.must_overtrump and not rules.must_undertrump:
                        b.update(x for x in trumps if table[x][win])
                    else:
                        b.update(trumps)
            else:
                target = win if rules.must_beat == "current_winner" else lead
                if not table[c][target]:
                    b.update(x for x in suit if table[x][target])
            if table[c][win]:
                win = c
    return banned


def marriage_exemption(winner: int, winning_card: int, hand_after: Sequence[int],
                       trump: int, leader: int | None = None,
                       reading: bool | str = True) -> tuple[int, int] | None:
    """``(winner, other card)`` when ``winner`` took a trick with one card of the trump marriage
    and still holds the other (``stukolka-rule-marriage-exemption``, K-11), else ``None``: the
    card :func:`lead_options` makes him lead next unless the rules' ``marriage_exemption``
    (``reading``) frees him.  Under the reading ``"middle_or_last"`` (001 rule 10, 003) a winner
    who did not lead the trick (``leader``) is free, and ``None`` is returned for him.

    >>> from stukolka.cards import parse_card
    >>> k, q = int(parse_card("K♠")), int(parse_card("Q♠"))
    >>> marriage_exemption(1, k, [q], trump=k // 13, leader=1, reading="middle_or_last") == (1, q)
    True
    >>> marriage_exemption(1, k, [q], trump=k // 13, leader=0, reading="middle_or_last") is None
    True
    """
    king, queen = trump * 13 + 11, trump * 13 + 10
    if reading == "middle_or_last" and leader is not None and leader != winner:
        return None
    other = {queen: king, king: queen}.get(winning_card)
    return (winner, other) if other is not None and other in hand_after else None


def declaring_order(dealer: int, n: int) -> list[int]:
    """Seats in declaring order: from the dealer's left, the dealer last (``stukolka-rule-declare``).

    >>> declaring_order(2, 4)
    [3, 0, 1, 2]
    """
    return [(dealer + 1 + i) % n for i in range(n)]


def discard_order(hand: Sequence[int], cards: Iterable[int]) -> list[int]:
    """The cards of a discard in the canonical order: as they lie in ``hand`` (cards not in the
    hand last, as given), so ``discard 7♦ 9♣`` and ``discard 9♣ 7♦`` are one action."""
    hand = list(hand)
    return sorted(cards, key=lambda c: hand.index(c) if c in hand else len(hand))
