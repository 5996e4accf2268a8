"""Stukolka money arithmetic, as pure integer functions.

The accounting model of the rules report (section 1.3), which reproduces every
worked example of sources 000, 001 and 003::

    pot_in_play = carry + dealer fee [+ antes]
    each trick pays pot_in_play / 3 to its winner
    each active player with no trick, and each violator, pays a remiz of pot_in_play
    the remizes (and any purchase money) make the carry of the next deal

The end of a deal is settled by one function, :func:`end_moves`: the money each trick, forfeit,
remiz or all-pass moves, line by line, as data.  Everything else reads it: the engine pays
their sums when a deal ends (:func:`state_payments`), :func:`settle_deal` is their sums for
trick counts, and :func:`settlement_lines` puts each in words as a
:class:`~stukolka.base.LedgerLine` (a message of the catalogue, ``stukolka/i18n/<lang>/ledger.json``,
said in the language a reader asks for), from which :func:`deal_ledger` itemises the whole money of a
deal as a :class:`~stukolka.base.Ledger` (one line per fee, ante, trick, forfeit, remiz and
purchase, each with its rule label), shown by
:meth:`StukolkaState.settlement <stukolka.stukolka.state.StukolkaState.settlement>`; the engine
writes the ledger only when it is asked for.

A violator who forfeits his trick money (``violator_forfeits_tricks``, K-10) hands each third he
took to the player whose card would have taken that trick without his (:func:`forfeit_taker`);
only when every card of a trick is an offender's does the third stay on the table, and then all
three are, a whole pot.  So every pot stays divisible by 3 (``stukolka-rule-chips-conserved``).

>>> pot = pot_in_play(165, (15,))          # ST-02: 1 r 65 k on the table, fee 15
>>> pot, trick_share(pot)
(180, 60)
>>> next_carry = remiz(pot)                # ST-03: one trickless player
>>> pot_in_play(next_carry, (15,)), trick_share(pot_in_play(next_carry, (15,)))
(195, 65)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from stukolka.base import Ledger, LedgerLine, RulesError
from stukolka.cards import parse_card
from stukolka.i18n import DEFAULT, Cards, Msg
from stukolka.stukolka.play import trick_winner
from stukolka.stukolka.rules import RULE_LABELS, rule_name, rule_words

__all__ = ["opening_contributions", "pot_in_play", "trick_share", "remiz", "settle_deal",
           "settle_all_pass", "forfeit_taker", "end_moves", "settlement_lines", "deal_ledger", "state_ledger",
           "paid_at_end", "state_payments", "SETTLED_AT_END", "Move"]

#: Items of the lines paid out when the deal ends (the fee, antes and purchases were paid before).
SETTLED_AT_END = frozenset({"trick", "forfeit", "remiz", "all-pass"})

#: A violation as the engine records it: (seat, the rule broken, the card played).
Violation = tuple[int, str, str]
#: One line of money moved when a deal ends, before it is put in words: ``(item, rule, amounts,
#: table, facts)``: the item (``trick``, ``forfeit``, ``remiz``, ``all-pass``), the rule's label,
#: ``(seat, chips)`` pairs, what the line puts on the table (+) or takes off it (-), and the facts
#: its words name (see :func:`end_moves`).
Move = tuple[str, str, tuple[tuple[int, int], ...], int, tuple[Any, ...]]


def opening_contributions(n_players: int, dealer: int, stake: int, carry: int, *,
                          obligatory: bool = False, ante_mode: str = "dealer_only",
                          dealer_ante_multiplier: int = 2) -> tuple[int, ...]:
    """What each seat puts on the table when a deal starts (``stukolka-rule-dealer-fee``).

    * Obligatory deal (obligatory variant, nothing on the table): every player antes
      ``stake`` and the dealer ``dealer_ante_multiplier * stake``, fee included (K-4).
    * Nothing on the table and ``ante_mode="all_players"``: every player antes ``stake``
      and the dealer adds his fee on top (K-3 reading b).
    * Otherwise only the dealer pays his fee, ``stake`` (K-3 reading a; 001 rule 20, 003).

    >>> opening_contributions(4, 3, 3, 0, obligatory=True)      # ST-11: 3+3+3+6
    (3, 3, 3, 6)
    >>> opening_contributions(4, 0, 15, 45)                    # ST-05: fee only
    (15, 0, 0, 0)
    >>> opening_contributions(3, 1, 3, 0, ante_mode="all_players")
    (3, 6, 3)
    """
    out = [0] * n_players
    if obligatory and carry == 0:
        out = [stake] * n_players
        out[dealer] = dealer_ante_multiplier * stake
    elif carry == 0 and ante_mode == "all_players":
        out = [stake] * n_players
        out[dealer] = 2 * stake
    else:
        out[dealer] = stake
    return tuple(out)


def pot_in_play(carry: int, contributions: Sequence[int]) -> int:
    """The amount played for in a deal: the carry plus this deal's fee and antes
    (``stukolka-rule-pot-in-play``, spec 1.3, K-20).

    >>> pot_in_play(45, (15,))    # ST-05
    60
    """
    return carry + sum(contributions)


def trick_share(pot: int) -> int:
    """What one trick pays: a third of the pot in play (``stukolka-rule-trick-share``).

    >>> trick_share(60), 2 * trick_share(60), 3 * trick_share(60)   # ST-09
    (20, 40, 60)
    >>> trick_share(10)
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: pot in play 10 is not divisible by 3 [ST-32]
    """
    if pot % 3:
        raise RulesError(f"pot in play {pot} is not divisible by 3 [ST-32]")
    return pot // 3


def remiz(pot: int, cap: int | None = None) -> int:
    """One remiz: the whole pot in play, fee included (``stukolka-rule-remiz``, K-20),
    optionally capped (``remiz_cap``).

    >>> remiz(165), remiz(180, cap=150)     # ST-08
    (165, 150)
    """
    return pot if cap is None else min(pot, cap)


def forfeit_taker(trick: Sequence[tuple[int, int]], trump: int, violators: Collection[int]) -> int | None:
    """Who receives a violator's forfeited trick (``stukolka-rule-violation``, K-10): the winner of
    the trick as if the offenders' cards had not been played -- the first of the other cards
    leads, and the highest trump, else the highest card of that suit, takes it
    (``stukolka-rule-trick-winner``).  ``None`` when every card of the trick is an offender's
    (then the third stays on the table).

    >>> from stukolka.cards import parse_card as c
    >>> forfeit_taker([(1, c("7♦")), (2, c("2♦")), (0, c("8♦"))], 0, {0})   # spades trump
    1
    >>> forfeit_taker([(1, c("A♠")), (2, c("4♣")), (0, c("6♣"))], 0, {1})   # the offender led
    0
    >>> forfeit_taker([(1, c("7♦")), (2, c("2♥")), (0, c("3♠"))], 0, {0, 1, 2}) is None
    True
    """
    others = [(p, int(card)) for p, card in trick if p not in violators]
    if not others:
        return None
    return trick_winner(others, trump)[0]


@dataclasses.dataclass(frozen=True)
class Sentence(Msg):
    """A ledger line's message, said as a sentence: its first letter a capital in every language
    (a line may begin with a seat's name, ``seat 2`` / ``игрок 2``)."""

    def text(self, lang: str = DEFAULT) -> str:
        words = super().text(lang)
        return words[:1].upper() + words[1:]


def _line(item: str, msg_id: str, fields: Mapping[str, Any], rule: str, amounts: Mapping[int, int] | None = None,
          table: int = 0) -> LedgerLine:
    """A ledger line said by the message ``msg_id`` (:mod:`stukolka.i18n`, ``ledger.json``)."""
    return LedgerLine.said(item, Sentence(msg_id, dict(fields)), rule, dict(amounts or {}), table)


def _who(names: Sequence[str], p: int) -> str | Msg:
    """Seat ``p`` as the ledger names it: its given name, else ``seat p`` in the reader's language."""
    return names[p] if p < len(names) else Msg("core.seat", {"n": p})


def listed(items: Sequence[Any], joint: str = "ledger.list") -> Any:
    """``items`` (messages, words or numbers) said one after another, joined by the message
    ``joint`` (``ledger.list``: ``a, b``; ``ledger.list-semicolon``; ``ledger.list-plus``)."""
    if len(items) == 1:
        return items[0]
    return Msg(joint, {"first": items[0], "rest": listed(items[1:], joint)})


def _broken(rule: str, card: str) -> Msg:
    """A violation in words: the card, the rule's name and what the rule says."""
    says = rule in RULE_LABELS and rule != "stukolka-rule-violation"
    if not card:
        return Msg("ledger.broke-unknown-says", {"says": RuleSays(rule=rule)}) if says else Msg("ledger.broke-unknown")
    cards = Cards((int(parse_card(card)),))
    if says:
        return Msg("ledger.broke", {"card": cards, "rule": rule_name(rule), "says": RuleSays(rule=rule)})
    return Msg("ledger.broke-bare", {"card": cards, "rule": rule_name(rule)})


@dataclasses.dataclass(frozen=True)
class RuleSays(Msg):
    """What a rule says, as a clause inside a sentence: its words (:func:`rule_words`) without
    the sources in parentheses and the full stop, the first letter small."""

    id: str = "rule-says"
    rule: str = ""

    def text(self, lang: str = DEFAULT) -> str:
        says = rule_words(self.rule, lang).split(" (")[0].rstrip(".")
        return says[:1].lower() + says[1:]

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule}


def end_moves(pot: int, trick_winners: Sequence[int], active: Sequence[bool],
              violations: Sequence[Violation] = (), *, dealer: int | None = None,
              all_pass: str = "dealer_takes", forfeits: bool = False, max_one_remiz: bool = True,
              cap: int | None = None, forfeit_takers: Mapping[int, int | None] | None = None) -> list[Move]:
    """The money that moves when a deal ends, line by line, as data (:data:`Move`): each trick's
    third to its winner (facts: the trick's index, its winner, and whether he played alone: a lone
    player, given no trick winners, takes the three tricks unopposed), the forfeits of a violator's
    thirds (facts: the index, the violator and who receives the third, ``None`` when it stays on
    the table), the remizes (facts: the seat, the tricks it took and why it pays: ``trickless``,
    ``broke`` or ``trickless and broke``); or, when nobody played, the all-pass line (facts: who
    takes the pot, ``None`` when it stays) (``stukolka-rule-trick-share``, ``stukolka-rule-remiz``,
    ``stukolka-rule-violation``, ``stukolka-rule-all-pass``, K-10, K-13, K-20).

    ``trick_winners`` lists who took each trick, in order; ``violations`` the engine's
    ``(seat, rule, card)`` records; ``forfeit_takers`` maps the index of a trick taken by a
    violator to the seat that receives it (see :func:`forfeit_taker`).

    >>> [(m[0], m[2], m[3]) for m in end_moves(60, [0, 0, 1], [True, True, True])]
    [('trick', ((0, 20),), -20), ('trick', ((0, 20),), -20), ('trick', ((1, 20),), -20), ('remiz', ((2, -60),), 60)]
    """
    n = len(active)
    players = list(active).count(True)
    if not players:
        if dealer is None:
            raise RulesError("an all-pass settlement needs the dealer [stukolka-rule-all-pass]")
        if all_pass == "carry_over":
            return [("all-pass", "stukolka-rule-all-pass", (), 0, (None,))]
        return [("all-pass", "stukolka-rule-all-pass", ((dealer, pot),), -pot, (dealer,))]
    unopposed = not trick_winners and players == 1
    if unopposed:                        # a lone player takes the three tricks unopposed (e.g. ST-15)
        trick_winners = [list(active).index(True)] * 3
    share, one = trick_share(pot), remiz(pot, cap)
    moves: list[Move] = []
    for i, w in enumerate(trick_winners):
        if len(trick_winners) != 3 or not 0 <= w < n or not active[w]:
            raise RulesError(f"trick winners {list(trick_winners)} must be three active seats "
                             "[stukolka-rule-trick-share]")
        moves.append(("trick", "stukolka-rule-trick-share", ((w, share),), -share, (i, w, unopposed)))
    if len(trick_winners) != 3:
        raise RulesError(f"trick winners {list(trick_winners)} must be three active seats "
                         "[stukolka-rule-trick-share]")
    bad: set[int] = set()
    for v in violations:
        bad.add(v[0])
    if forfeits and bad:
        for i, w in enumerate(trick_winners):
            if w not in bad:
                continue
            if forfeit_takers is not None and i in forfeit_takers:
                taker = forfeit_takers[i]
            elif all(p in bad for p in range(n) if active[p]):
                taker = None
            else:
                raise RulesError(f"trick {i + 1} was taken by violator seat {w}: who receives the forfeited "
                                 "third depends on the cards, give forfeit_takers [stukolka-rule-violation, K-10]")
            if taker is None:
                moves.append(("forfeit", "stukolka-rule-violation", ((w, -share),), share, (i, w, None)))
            else:
                moves.append(("forfeit", "stukolka-rule-violation", ((w, -share), (taker, share)), 0, (i, w, taker)))
    for p in range(n):
        if not active[p]:
            continue
        took = trick_winners.count(p)
        broke = p in bad
        if took == 0 and broke and max_one_remiz:
            moves.append(("remiz", "stukolka-rule-violation", ((p, -one),), one, (p, took, "trickless and broke")))
            continue
        if took == 0:
            moves.append(("remiz", "stukolka-rule-remiz", ((p, -one),), one, (p, took, "trickless")))
        if broke:
            moves.append(("remiz", "stukolka-rule-violation", ((p, -one),), one, (p, took, "broke")))
    return moves


def _sums(moves: Sequence[Move], n: int) -> tuple[list[int], int]:
    """What ``moves`` pay each of ``n`` seats, and their change on the table."""
    pay = [0] * n
    table = 0
    for _, _, amounts, change, _ in moves:
        for p, x in amounts:
            pay[p] += x
        table += change
    return pay, table


def settlement_lines(pot: int, trick_winners: Sequence[int], active: Sequence[bool],
                     violations: Sequence[Violation] = (), *, dealer: int | None = None,
                     all_pass: str = "dealer_takes", forfeits: bool = False, max_one_remiz: bool = True,
                     cap: int | None = None, forfeit_takers: Mapping[int, int | None] | None = None,
                     trick_notes: Sequence[str | Msg] = (), names: Sequence[str] = ()) -> list[LedgerLine]:
    """The lines paid when a deal ends (:func:`end_moves`), each put in words (a message of
    ``ledger.json``, said in any language): each trick's third, the forfeits, the remizes; or,
    when nobody played, the all-pass line (``stukolka-rule-all-pass``, K-13).  ``trick_notes``
    (words or messages) are added to each trick's words, ``names`` name the seats (by default
    ``seat 2``, ``игрок 2``).

    >>> [(ln.item, dict(ln.amounts), ln.table) for ln in settlement_lines(60, [0, 0, 1], [True, True, True])]
    [('trick', {0: 20}, -20), ('trick', {0: 20}, -20), ('trick', {1: 20}, -20), ('remiz', {2: -60}, 60)]
    """
    moves = end_moves(pot, trick_winners, active, violations, dealer=dealer, all_pass=all_pass, forfeits=forfeits,
                      max_one_remiz=max_one_remiz, cap=cap, forfeit_takers=forfeit_takers)
    one = remiz(pot, cap)
    amount: Any = Msg("ledger.remiz-capped", {"remiz": one, "pot": pot}) if one < pot else one
    broken: dict[int, list[Msg]] = {}
    for q, rule, card in violations:
        broken.setdefault(q, []).append(_broken(rule, card))
    lines = []
    for item, rule, amounts, change, facts in moves:
        msg_id: str
        fields: dict[str, Any]
        if item == "all-pass":
            msg_id, fields = (("ledger.all-pass-stays", {"pot": pot}) if facts[0] is None else
                              ("ledger.all-pass-dealer", {"who": _who(names, facts[0]), "pot": pot}))
        elif item == "trick":
            i, w, unopposed = facts
            note = trick_notes[i] if i < len(trick_notes) else Msg("ledger.unopposed") if unopposed else ""
            msg_id, fields = "ledger.trick", {"n": i + 1, "note": note, "who": _who(names, w), "share": -change}
        elif item == "forfeit":
            i, w, taker = facts
            msg_id, fields = (("ledger.forfeit-stays", {"who": _who(names, w), "n": i + 1}) if taker is None else
                              ("ledger.forfeit", {"who": _who(names, w), "n": i + 1, "taker": _who(names, taker)}))
        else:
            p, took, why = facts
            broke = listed(broken.get(p, []) or [""], "ledger.list-semicolon")
            if why == "trickless and broke":
                msg_id, fields = "ledger.remiz-trickless-broke", {"who": _who(names, p), "broke": broke,
                                                                   "amount": amount}
            elif why == "trickless":
                msg_id, fields = "ledger.remiz", {"who": _who(names, p), "amount": amount}
            else:
                msg_id, fields = "ledger.remiz-broke", {"who": _who(names, p), "broke": broke, "tricks": took,
                                                         "amount": amount}
        lines.append(_line(item, msg_id, fields, rule, dict(amounts), change))
    return lines


def paid_at_end(ledger: Ledger) -> tuple[list[int], int]:
    """What the end of the deal pays: ``(per seat, change on the table)``, the sums of the lines
    in :data:`SETTLED_AT_END` (the stakes and purchases were paid when they were made).

    >>> paid_at_end(Ledger(tuple(settlement_lines(60, [0, 0, 1], [True, True, True])), 3))
    ([40, 20, -60], 0)
    """
    pay = [0] * ledger.seats
    table = 0
    for ln in ledger.lines:
        if ln.item in SETTLED_AT_END:
            for p, x in ln.amounts.items():
                pay[p] += int(x)
            table += int(ln.table)
    return pay, table


def _winners_from_counts(tricks_won: Sequence[int]) -> list[int]:
    return [p for p, t in enumerate(tricks_won) for _ in range(t)]


def settle_deal(pot: int, tricks_won: Sequence[int], active: Sequence[bool],
                violators: Sequence[int] = (), *, forfeits: bool = False,
                max_one_remiz: bool = True, cap: int | None = None,
                forfeit_takers: Mapping[int, int | None] | None = None) -> tuple[list[int], int]:
    """Settle a played deal: ``(payments per seat, carry of the next deal)``, the sums of
    :func:`settlement_lines` (tricks counted per seat, taken in seat order).

    Each trick pays :func:`trick_share`; every active player without a trick and
    every violator pays a :func:`remiz` into the next carry (``stukolka-rule-remiz``,
    ``stukolka-rule-violation``, K-10).  With ``forfeits`` a violator's thirds go to
    ``forfeit_takers`` (trick index -> seat, as :func:`forfeit_taker` finds them from the
    cards).  Counts alone do not show who that is: a trick missing from ``forfeit_takers``
    goes to the first active non-violator to the violator's left, an estimate for solvers
    that count tricks without cards (a real deal's ledger always uses the cards).  The
    payments do not include what was staked at the start.

    >>> settle_deal(180, [2, 1, 0], [True, True, True])        # ST-03
    ([120, 60, -180], 180)
    >>> settle_deal(180, [3, 0, 0, 0], [True, True, True, False])   # ST-04
    ([180, -180, -180, 0], 360)
    >>> settle_deal(24, [1, 2, 0], [True] * 3, [1], forfeits=True, forfeit_takers={1: 0, 2: 2})   # K-10
    ([16, -24, -16], 48)
    >>> settle_deal(24, [1, 2, 0], [True] * 3, [1], forfeits=True)      # no cards: to the violator's left
    ([8, -24, -8], 48)
    """
    winners = _winners_from_counts(tricks_won)
    bad = set(violators)
    takers = dict(forfeit_takers or {})
    n = len(active)
    innocent = [p for p in range(n) if active[p] and p not in bad]
    if forfeits and innocent:
        for i, w in enumerate(winners):
            if w in bad and i not in takers:
                takers[i] = min(innocent, key=lambda q: (q - w) % n)
    moves = end_moves(pot, winners, active, [(p, "stukolka-rule-violation", "") for p in sorted(bad)],
                      forfeits=forfeits, max_one_remiz=max_one_remiz, cap=cap, forfeit_takers=takers)
    pay, table = _sums(moves, n)
    return pay, table + pot


def settle_all_pass(pot: int, n_players: int, dealer: int, all_pass: str = "dealer_takes"
                    ) -> tuple[list[int], int]:
    """Everyone passed (``stukolka-rule-all-pass``, K-13): the dealer takes the pot in play,
    or with ``all_pass="carry_over"`` it stays for the next deal.

    >>> settle_all_pass(60, 4, 2)
    ([0, 0, 60, 0], 0)
    >>> settle_all_pass(60, 4, 2, "carry_over")
    ([0, 0, 0, 0], 60)
    """
    pay, table = _sums(end_moves(pot, (), [False] * n_players, dealer=dealer, all_pass=all_pass), n_players)
    return pay, table + pot


def deal_ledger(*, n_players: int, dealer: int, stake: int, carry: int, contributions: Sequence[int],
                active: Sequence[bool], trick_winners: Sequence[int] = (),
                violations: Sequence[Violation] = (), forfeits: bool = False, max_one_remiz: bool = True,
                cap: int | None = None, forfeit_takers: Mapping[int, int | None] | None = None,
                trick_notes: Sequence[str | Msg] = (), purchases: Sequence[int] = (), price: int = 0,
                all_pass: str = "dealer_takes", obligatory: bool = False, ante_mode: str = "dealer_only",
                dealer_ante_multiplier: int = 2, next_dealer: int | None = None,
                fee_seat: int | None = None, names: Sequence[str] = ()) -> Ledger:
    """The whole money of one deal as a :class:`~stukolka.base.Ledger`, in order: the carry, the
    dealer's fee, the antes, the pot in play, each trick's third, the forfeits, the remizes (or the
    all-pass line), the purchase money, what stays on the table, the next deal's pot and dealer.

    A lone player (one seat in ``active``) takes the three tricks unopposed; ``trick_winners`` may
    then be left empty.  ``purchases`` is what each seat paid for bought cards.  ``fee_seat`` is
    the seat that staked the fee when it is not ``dealer`` (a deal out of turn that stood).

    >>> led = deal_ledger(n_players=3, dealer=0, stake=15, carry=165, contributions=(15, 0, 0),
    ...                   active=[True] * 3, trick_winners=[1, 1, 2], next_dealer=1)   # ST-02/03
    >>> led.net(), led.table_change()
    ([-195, 120, 60], 15)
    >>> print(led.lines[-2].text)
    Next deal: 180 on the table + 15 staked = 195 in play, 65 a trick

    Each line is a message of the catalogue (``ledger.json``), said in the language asked for:

    >>> print(led.lines[1].text); print(led.lines[1].words("ru"))
    The dealer, seat 0, stakes the fee, 15
    Сдающий, игрок 0, ставит за сдачу 15
    >>> print(led.lines[4].words("ru"))
    Взятка 2: игрок 1 берёт треть кона, 60
    """
    n = n_players
    if len(contributions) != n or len(active) != n:
        raise RulesError(f"contributions {list(contributions)} and active {list(active)} need one entry per "
                         f"seat ({n}) [stukolka-rule-pot-in-play]")
    pot = pot_in_play(carry, contributions)
    payer = dealer if fee_seat is None else fee_seat
    fee = min(stake, contributions[payer])
    lines = [_line("carry", "ledger.carry", {"carry": carry}, "stukolka-rule-rotation") if carry
             else _line("carry", "ledger.carry-none", {}, "stukolka-rule-rotation")]
    if fee:
        lines.append(_line("fee", "ledger.fee" if payer == dealer else "ledger.fee-in-turn",
                           {"who": _who(names, payer), "fee": fee}, "stukolka-rule-dealer-fee", {payer: -fee}, fee))
    antes = {p: c - (fee if p == payer else 0) for p, c in enumerate(contributions)}
    antes = {p: -x for p, x in antes.items() if x}
    if antes:
        lines.append(_line("ante", "ledger.ante-obligatory" if obligatory else "ledger.ante",
                           {"stake": stake, "k": dealer_ante_multiplier} if obligatory else {"stake": stake},
                           "stukolka-rule-obligatory" if obligatory else "stukolka-rule-dealer-fee",
                           antes, -sum(antes.values())))
    share = trick_share(pot)
    lines.append(_line("pot", "ledger.pot", {"carry": carry, "staked": sum(contributions), "pot": pot,
                                             "share": share, "remiz": remiz(pot, cap)}, "stukolka-rule-pot-in-play"))
    lines += settlement_lines(pot, trick_winners, active, violations, dealer=dealer, all_pass=all_pass,
                              forfeits=forfeits, max_one_remiz=max_one_remiz, cap=cap,
                              forfeit_takers=forfeit_takers, trick_notes=trick_notes, names=names)
    bought = {p: -x for p, x in enumerate(purchases) if x}
    if bought:
        cards: Any = (Msg("ledger.purchase-cards", {"n": -sum(bought.values()) // price, "price": price})
                      if price else "")
        lines.append(_line("purchase", "ledger.purchase", {"cards": cards},
                           "stukolka-rule-purchase", bought, -sum(bought.values())))
    nxt = carry + sum((int(ln.table) for ln in lines), 0)
    labels = {"remiz": "ledger.part-remizes", "forfeit": "ledger.part-forfeits", "all-pass": "ledger.part-carried",
              "purchase": "ledger.part-purchases"}
    parts = [(labels[item], sum(int(ln.table) for ln in lines if ln.item == item and ln.table > 0))
             for item in labels]
    if any(ln.item == "all-pass" and not ln.amounts for ln in lines):
        parts[2] = (labels["all-pass"], pot)
    why = [Msg(name, {"x": x}) for name, x in parts if x]
    lines.append(_line("next-carry", "ledger.next-carry",
                       {"carry": nxt, "why": Msg("ledger.next-carry-why", {"parts": listed(why, "ledger.list-plus")})
                        if why and nxt else ""}, "stukolka-rule-chips-conserved"))
    if next_dealer is not None:
        nc = opening_contributions(n, next_dealer, stake, nxt, obligatory=obligatory, ante_mode=ante_mode,
                                   dealer_ante_multiplier=dealer_ante_multiplier)
        npot = pot_in_play(nxt, nc)
        lines.append(_line("next-pot", "ledger.next-pot", {"carry": nxt, "staked": sum(nc), "pot": npot,
                                                           "share": trick_share(npot)}, "stukolka-rule-pot-in-play"))
        lines.append(_line("next-dealer", "ledger.next-dealer", {"who": _who(names, next_dealer)},
                           "stukolka-rule-rotation"))
    return Ledger(tuple(lines), n, tuple(names))


def _trick_facts(state: Any, active: Sequence[bool] | None = None
                 ) -> tuple[Sequence[bool], list[int], dict[int, int | None]]:
    """Who played, who took each trick, and who receives each forfeited third."""
    act = state.active() if active is None else active
    winners = [w for _, w in state.tricks]
    takers: dict[int, int | None] = {}
    if state.violations and state.rules.violator_forfeits_tricks:
        bad = {v[0] for v in state.violations}
        for i, (trick, w) in enumerate(state.tricks):
            if w in bad:
                takers[i] = forfeit_taker(trick, state.trump_suit, bad)
    return act, winners, takers


def state_payments(state: Any, active: Sequence[bool] | None = None) -> tuple[list[int], int]:
    """What the end of a finished deal pays, ``(per seat, change on the table)``: the sums of
    :func:`end_moves` of its facts, the very lines :func:`state_ledger` puts in words.
    ``active``: the seats that play, when the caller knows them (else ``state.active()``)."""
    r = state.rules
    act, winners, takers = _trick_facts(state, active)
    act = tuple(act)
    pay, table = _paid(state.carry_in + sum(state.contributions), tuple(winners), act, tuple(state.violations),
                       None if True in act else state.dealer,     # (the dealer matters only when all passed)
                       r.all_pass, r.violator_forfeits_tricks, r.max_one_remiz_per_player, r.remiz_cap,
                       tuple(takers.items()) if takers else ())
    return list(pay), table


@lru_cache(maxsize=8192)
def _paid(pot: int, winners: tuple[int, ...], active: tuple[bool, ...], violations: tuple[Violation, ...],
          dealer: int | None, all_pass: str, forfeits: bool, max_one_remiz: bool, cap: int | None,
          takers: tuple[tuple[int, int | None], ...]) -> tuple[tuple[int, ...], int]:
    """:func:`end_moves`' sums for these facts, remembered: the deals at a table end alike again
    and again (the same pot, the same seats in, the same tricks), and a search settles the same
    deal over and over."""
    moves = end_moves(pot, winners, active, violations, dealer=dealer, all_pass=all_pass, forfeits=forfeits,
                      max_one_remiz=max_one_remiz, cap=cap, forfeit_takers=dict(takers))
    pay, table = _sums(moves, len(active))
    return tuple(pay), table


def state_ledger(state: Any) -> Ledger:
    """The ledger of a finished :class:`~stukolka.stukolka.state.StukolkaState` deal, from its
    facts: stakes, declarations, tricks, violations and purchases.  The engine pays its sums."""
    r = state.rules
    act, winners, takers = _trick_facts(state)
    notes = [Msg("ledger.trick-cards", {"plays": listed([Msg("ledger.trick-play", {"n": q, "card": Cards((c,))})
                                                         for q, c in trick])}) for trick, _ in state.tricks]
    price = r.purchase_price_per_card
    paid = [price * (b - (3 if p == state.golets_taker else 0)) for p, b in enumerate(state.bought)]
    return deal_ledger(
        n_players=state.n, dealer=state.dealer, fee_seat=state.rotation_dealer,
        stake=r.stake, carry=state.carry_in, contributions=state.contributions, active=act,
        trick_winners=winners, violations=state.violations, forfeits=r.violator_forfeits_tricks,
        max_one_remiz=r.max_one_remiz_per_player, cap=r.remiz_cap, forfeit_takers=takers, trick_notes=notes,
        purchases=paid, price=price, all_pass=r.all_pass, obligatory=r.variant == "obligatory",
        ante_mode=r.ante_mode, dealer_ante_multiplier=r.dealer_ante_multiplier,
        next_dealer=state.next_dealer)
