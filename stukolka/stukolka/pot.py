"""Stukolka money arithmetic, as pure integer functions.

The accounting model of the rules report (section 1.3), which reproduces every
worked example of sources 000, 001 and 003::

    pot_in_play = carry + dealer fee [+ antes]
    each trick pays pot_in_play / 3 to its winner
    each active player with no trick, and each violator, pays a remiz of pot_in_play
    the remizes (and any purchase money) make the carry of the next deal

Every way a deal can end is settled by one function, :func:`deal_ledger`, which itemises the
money as a :class:`~stukolka.base.Ledger` (one :class:`~stukolka.base.LedgerLine` per fee, ante,
trick, forfeit, remiz and purchase, each with its rule label), shown by
:meth:`StukolkaState.settlement <stukolka.stukolka.state.StukolkaState.settlement>`;
:func:`settle_deal` is the sum of its end-of-deal lines.  When a deal ends the engine pays
:func:`state_payments`, the same end-of-deal sums added up in integers without the words, and
writes the ledger only when it is asked for; the tests hold the two equal.

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

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from stukolka.base import Ledger, LedgerLine, RulesError
from stukolka.stukolka.play import trick_winner
from stukolka.stukolka.rules import RULE_LABELS
from stukolka.cards import format_card

__all__ = ["opening_contributions", "pot_in_play", "trick_share", "remiz", "settle_deal",
           "settle_all_pass", "forfeit_taker", "settlement_lines", "deal_ledger", "state_ledger",
           "paid_at_end", "state_payments", "SETTLED_AT_END"]

#: Items of the lines paid out when the deal ends (the fee, antes and purchases were paid before).
SETTLED_AT_END = frozenset({"trick", "forfeit", "remiz", "all-pass"})

#: A violation as the engine records it: (seat, the rule broken, the card played).
Violation = tuple[int, str, str]


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


def _line(item: str, text: str, rule: str, amounts: Mapping[int, int] | None = None, table: int = 0) -> LedgerLine:
    """A ledger line whose text starts with a capital letter."""
    return LedgerLine(item, text[:1].upper() + text[1:], rule, dict(amounts or {}), table)


def _who(names: Sequence[str], p: int) -> str:
    return names[p] if p < len(names) else f"seat {p}"


def _broken(rule: str, card: str) -> str:
    """A violation in words: the card, the rule's label and what the rule says."""
    says = RULE_LABELS.get(rule, "").split(" (")[0].rstrip(".")
    what = f"{card} against {rule}" if card else "a card against the rules"
    return f"{what} ({says[:1].lower() + says[1:]})" if says and rule != "stukolka-rule-violation" else what


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def settlement_lines(pot: int, trick_winners: Sequence[int], active: Sequence[bool],
                     violations: Sequence[Violation] = (), *, dealer: int | None = None,
                     all_pass: str = "dealer_takes", forfeits: bool = False, max_one_remiz: bool = True,
                     cap: int | None = None, forfeit_takers: Mapping[int, int | None] | None = None,
                     trick_notes: Sequence[str] = (), names: Sequence[str] = ()) -> list[LedgerLine]:
    """The lines paid when a deal ends: each trick's third, the forfeits, the remizes; or, when
    nobody played, the all-pass line (``stukolka-rule-all-pass``, K-13).

    ``trick_winners`` lists who took each trick, in order; ``violations`` the engine's
    ``(seat, rule, card)`` records; ``forfeit_takers`` maps the index of a trick taken by a
    violator to the seat that receives it (see :func:`forfeit_taker`).

    >>> [(ln.item, dict(ln.amounts), ln.table) for ln in settlement_lines(60, [0, 0, 1], [True, True, True])]
    [('trick', {0: 20}, -20), ('trick', {0: 20}, -20), ('trick', {1: 20}, -20), ('remiz', {2: -60}, 60)]
    """
    n = len(active)
    if not any(active):
        if dealer is None:
            raise RulesError("an all-pass settlement needs the dealer [stukolka-rule-all-pass]")
        if all_pass == "carry_over":
            return [_line("all-pass", f"Everybody passed: the pot in play, {pot}, stays on the table "
                          "for the next deal", "stukolka-rule-all-pass")]
        return [_line("all-pass", f"Everybody passed: the dealer, {_who(names, dealer)}, takes the pot in "
                      f"play, {pot}", "stukolka-rule-all-pass", {dealer: pot}, -pot)]
    if len(trick_winners) != 3 or any(not 0 <= w < n or not active[w] for w in trick_winners):
        raise RulesError(f"trick winners {list(trick_winners)} must be three active seats "
                         "[stukolka-rule-trick-share]")
    share, one = trick_share(pot), remiz(pot, cap)
    bad: dict[int, list[Violation]] = {}
    for v in violations:
        bad.setdefault(v[0], []).append(v)
    lines = []
    for i, w in enumerate(trick_winners):
        note = trick_notes[i] if i < len(trick_notes) else ""
        lines.append(_line("trick", f"Trick {i + 1}{note}: {_who(names, w)} takes a third of the pot in "
                           f"play, {share}", "stukolka-rule-trick-share", {w: share}, -share))
    if forfeits:
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
                lines.append(_line("forfeit", f"{_who(names, w)} broke a rule and forfeits trick {i + 1}; "
                                   "every card in it was an offender's, so its third stays on the table",
                                   "stukolka-rule-violation", {w: -share}, share))
            else:
                lines.append(_line("forfeit", f"{_who(names, w)} broke a rule and forfeits trick {i + 1}: "
                                   f"its third goes to {_who(names, taker)}, whose card would have taken it",
                                   "stukolka-rule-violation", {w: -share, taker: share}, 0))
    amount = f"{one}, capped by remiz_cap (the pot in play is {pot})" if one < pot else f"{one}"
    for p in range(n):
        if not active[p]:
            continue
        took = sum(1 for w in trick_winners if w == p)
        broke = "; ".join(_broken(rule, card) for _, rule, card in bad.get(p, []))
        if took == 0 and broke and max_one_remiz:
            lines.append(_line("remiz", f"{_who(names, p)} took no trick and played {broke}: one "
                               f"remiz (at most one a player), {amount}", "stukolka-rule-violation",
                               {p: -one}, one))
            continue
        if took == 0:
            lines.append(_line("remiz", f"{_who(names, p)} played and took no trick: a remiz of the pot in "
                               f"play, {amount}", "stukolka-rule-remiz", {p: -one}, one))
        if broke:
            lines.append(_line("remiz", f"{_who(names, p)} played {broke}: a remiz even with "
                               f"{_plural(took, 'trick')}, {amount}", "stukolka-rule-violation",
                               {p: -one}, one))
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
    lines = settlement_lines(pot, winners, active,
                             [(p, "stukolka-rule-violation", "") for p in sorted(bad)],
                             forfeits=forfeits, max_one_remiz=max_one_remiz, cap=cap, forfeit_takers=takers)
    pay, table = paid_at_end(Ledger(tuple(lines), n))
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
    lines = settlement_lines(pot, (), [False] * n_players, dealer=dealer, all_pass=all_pass)
    pay, table = paid_at_end(Ledger(tuple(lines), n_players))
    return pay, table + pot


def deal_ledger(*, n_players: int, dealer: int, stake: int, carry: int, contributions: Sequence[int],
                active: Sequence[bool], trick_winners: Sequence[int] = (),
                violations: Sequence[Violation] = (), forfeits: bool = False, max_one_remiz: bool = True,
                cap: int | None = None, forfeit_takers: Mapping[int, int | None] | None = None,
                trick_notes: Sequence[str] = (), purchases: Sequence[int] = (), price: int = 0,
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
    """
    n = n_players
    if len(contributions) != n or len(active) != n:
        raise RulesError(f"contributions {list(contributions)} and active {list(active)} need one entry per "
                         f"seat ({n})")
    pot = pot_in_play(carry, contributions)
    payer = dealer if fee_seat is None else fee_seat
    fee = min(stake, contributions[payer])
    lines = [_line("carry", f"On the table from the last deal: {carry}" if carry
                   else "Nothing on the table from the last deal", "stukolka-rule-rotation")]
    if fee:
        lines.append(_line("fee", f"{_who(names, payer)} deals and stakes the fee, {fee}",
                           "stukolka-rule-dealer-fee", {payer: -fee}, fee))
    antes = {p: c - (fee if p == payer else 0) for p, c in enumerate(contributions)}
    antes = {p: -x for p, x in antes.items() if x}
    if antes:
        why = (f"Obligatory deal: every player antes {stake}; the dealer puts {dealer_ante_multiplier} stakes in "
               "all, his fee included" if obligatory
               else f"Nothing on the table: every player antes {stake}, the dealer besides his fee")
        lines.append(_line("ante", why, "stukolka-rule-obligatory" if obligatory else "stukolka-rule-dealer-fee",
                           antes, -sum(antes.values())))
    share = trick_share(pot)
    lines.append(_line("pot", f"Pot in play: {carry} + {sum(contributions)} staked = {pot}; a trick pays "
                       f"{share}, a remiz is {remiz(pot, cap)}", "stukolka-rule-pot-in-play"))
    winners = list(trick_winners)
    notes = list(trick_notes)
    if sum(1 for a in active if a) == 1 and not winners:
        lone = list(active).index(True)
        winners, notes = [lone] * 3, [" (unopposed: nobody else played)"] * 3
    lines += settlement_lines(pot, winners, active, violations, dealer=dealer, all_pass=all_pass,
                              forfeits=forfeits, max_one_remiz=max_one_remiz, cap=cap,
                              forfeit_takers=forfeit_takers, trick_notes=notes, names=names)
    bought = {p: -x for p, x in enumerate(purchases) if x}
    if bought:
        cards = f" ({_plural(-sum(bought.values()) // price, 'card')} at {price})" if price else ""
        lines.append(_line("purchase", f"Bought cards{cards}: the money goes into the next deal's pot",
                           "stukolka-rule-purchase", bought, -sum(bought.values())))
    nxt = carry + sum((int(ln.table) for ln in lines), 0)
    labels = {"remiz": "remizes", "forfeit": "forfeited thirds", "all-pass": "the pot carried over",
              "purchase": "purchases"}
    parts = [(labels[item], sum(int(ln.table) for ln in lines if ln.item == item and ln.table > 0))
             for item in labels]
    if any(ln.item == "all-pass" and not ln.amounts for ln in lines):
        parts[2] = (labels["all-pass"], pot)
    why = " + ".join(f"{name} {x}" for name, x in parts if x)
    lines.append(_line("next-carry", f"Stays on the table for the next deal: {nxt}"
                       + (f" ({why})" if why and nxt else ""), "stukolka-rule-chips-conserved"))
    if next_dealer is not None:
        nc = opening_contributions(n, next_dealer, stake, nxt, obligatory=obligatory, ante_mode=ante_mode,
                                   dealer_ante_multiplier=dealer_ante_multiplier)
        npot = pot_in_play(nxt, nc)
        lines.append(_line("next-pot", f"Next deal: {nxt} on the table + {sum(nc)} staked = {npot} in play, "
                           f"{trick_share(npot)} a trick", "stukolka-rule-pot-in-play"))
        lines.append(_line("next-dealer", f"Next dealer: {_who(names, next_dealer)}, on the dealer's left",
                           "stukolka-rule-rotation"))
    return Ledger(tuple(lines), n, tuple(names))


_NAMES = tuple(format_card(c) for c in range(52))


def _trick_facts(state: Any) -> tuple[list[bool], list[int], dict[int, int | None]]:
    """Who played, who took each trick, and who receives each forfeited third."""
    act = state.active()
    winners = [w for _, w in state.tricks]
    takers: dict[int, int | None] = {}
    if state.violations and state.rules.violator_forfeits_tricks:
        bad = {v[0] for v in state.violations}
        for i, (trick, w) in enumerate(state.tricks):
            if w in bad:
                takers[i] = forfeit_taker(trick, state.trump_suit, bad)
    return act, winners, takers


#: :func:`trick_share` and :func:`remiz` of each (pot in play, cap) met at a usual end.
_SHARE_REMIZ: dict[tuple[int, int | None], tuple[int, int]] = {}


def state_payments(state: Any, active: Sequence[bool] | None = None) -> tuple[list[int], int]:
    """What the end of a finished deal pays, ``(per seat, change on the table)``: the sums of the
    end-of-deal lines of :func:`state_ledger` (:data:`SETTLED_AT_END`), added up in integers
    without writing the lines' words.  The engine pays from this when the deal ends and writes
    the ledger when it is asked for; ``tests/test_stukolka_hot_path.py`` checks that the two
    agree over random deals of every variant and option mix.  ``active``: the seats that play,
    when the caller knows them (else ``state.active()``)."""
    r = state.rules
    tricks = state.tricks
    if not state.violations and len(tricks) == 3:           # three tricks, no violator: the usual end
        w0, w1, w2 = tricks[0][1], tricks[1][1], tricks[2][1]
        pot = state.carry_in + sum(state.contributions)     # pot_in_play
        cap = r.remiz_cap
        got = _SHARE_REMIZ.get((pot, cap))
        if got is None:
            if len(_SHARE_REMIZ) > 10_000:
                _SHARE_REMIZ.clear()
            got = _SHARE_REMIZ[pot, cap] = trick_share(pot), remiz(pot, cap)
        share, one = got
        pay = [0] * state.n
        pay[w0] += share
        pay[w1] += share
        pay[w2] += share
        table = -3 * share
        for p, playing in enumerate(state.active() if active is None else active):
            if playing and p != w0 and p != w1 and p != w2:
                pay[p] -= one
                table += one
        return pay, table
    if state.violations:
        act, winners, takers = _trick_facts(state)
    else:                                                   # (_trick_facts, with no forfeits)
        act, winners, takers = state.active(), [w for _, w in state.tricks], {}
    n = state.n
    pay = [0] * n
    pot = state.carry_in + sum(state.contributions)         # pot_in_play
    if not any(act):                                        # stukolka-rule-all-pass
        if state.dealer is None or r.all_pass == "carry_over":
            return _payments_from_lines(state)
        pay[state.dealer] = pot
        return pay, -pot
    if not winners and sum(act) == 1:   # a lone player, unopposed (as deal_ledger reads it)
        winners = [act.index(True)] * 3
    if len(winners) != 3:
        return _payments_from_lines(state)                  # (it raises the ledger's own error)
    share, one = trick_share(pot), remiz(pot, r.remiz_cap)
    table = 0
    for w in winners:                                       # stukolka-rule-trick-share
        pay[w] += share
        table -= share
    if not state.violations:                                # stukolka-rule-remiz, no violator
        for p in range(n):
            if act[p] and p not in winners:
                pay[p] -= one
                table += one
        return pay, table
    bad = {v[0] for v in state.violations}
    if bad and r.violator_forfeits_tricks:                  # stukolka-rule-violation, K-10
        for i, w in enumerate(winners):
            if w not in bad:
                continue
            if i not in takers:
                return _payments_from_lines(state)
            taker = takers[i]
            pay[w] -= share
            if taker is None:
                table += share
            else:
                pay[taker] += share
    single = r.max_one_remiz_per_player
    for p in range(n):                                      # stukolka-rule-remiz
        if not act[p]:
            continue
        took = p in winners
        broke = p in bad
        k = (1 if took else 2 if not single else 1) if broke else (0 if took else 1)
        pay[p] -= k * one
        table += k * one
    return pay, table


def _payments_from_lines(state: Any) -> tuple[list[int], int]:
    """:func:`state_payments` read off the lines of :func:`settlement_lines` themselves."""
    r = state.rules
    act, winners, takers = _trick_facts(state)
    if not winners and sum(act) == 1:
        winners = [act.index(True)] * 3
    lines = settlement_lines(pot_in_play(state.carry_in, state.contributions), winners, act, state.violations,
                             dealer=state.dealer, all_pass=r.all_pass, forfeits=r.violator_forfeits_tricks,
                             max_one_remiz=r.max_one_remiz_per_player, cap=r.remiz_cap, forfeit_takers=takers)
    return paid_at_end(Ledger(tuple(lines), state.n))


def state_ledger(state: Any) -> Ledger:
    """The ledger of a finished :class:`~stukolka.stukolka.state.StukolkaState` deal, from its
    facts: stakes, declarations, tricks, violations and purchases.  The engine pays its sums."""
    r = state.rules
    act, winners, takers = _trick_facts(state)
    notes = [" (" + ", ".join(f"{q}: {_NAMES[c]}" for q, c in trick) + ")" for trick, _ in state.tricks]
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
