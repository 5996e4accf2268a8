"""Stukolka money arithmetic, as pure integer functions.

The accounting model of the rules report (section 1.3), which reproduces every
worked example of sources 000, 001 and 003::

    pot_in_play = carry + dealer fee [+ antes]
    each trick pays pot_in_play / 3 to its winner
    each active player with no trick, and each violator, pays a remiz of pot_in_play
    the remizes (and nothing else) make the carry of the next deal

>>> pot = pot_in_play(165, (15,))          # ST-02: 1 r 65 k on the table, fee 15
>>> pot, trick_share(pot)
(180, 60)
>>> next_carry = remiz(pot)                # ST-03: one trickless player
>>> pot_in_play(next_carry, (15,)), trick_share(pot_in_play(next_carry, (15,)))
(195, 65)
"""

from __future__ import annotations

from collections.abc import Sequence

from stukolka.base import RulesError

__all__ = ["opening_contributions", "pot_in_play", "trick_share", "remiz", "settle_deal",
           "settle_all_pass"]


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


def settle_deal(pot: int, tricks_won: Sequence[int], active: Sequence[bool],
                violators: Sequence[int] = (), *, forfeits: bool = False,
                max_one_remiz: bool = True, cap: int | None = None) -> tuple[list[int], int]:
    """Settle a played deal: ``(payments per seat, carry of the next deal)``.

    Each trick pays :func:`trick_share`; every active player without a trick and
    every violator pays a :func:`remiz` into the next carry (``stukolka-rule-remiz``,
    ``stukolka-rule-violation``, K-10).  With ``forfeits`` a violator's trick money
    stays on the table too.  The payments do not include what was staked at the start.

    >>> settle_deal(180, [2, 1, 0], [True, True, True])        # ST-03
    ([120, 60, -180], 180)
    >>> settle_deal(180, [3, 0, 0, 0], [True, True, True, False])   # ST-04
    ([180, -180, -180, 0], 360)
    """
    share = trick_share(pot)
    one = remiz(pot, cap)
    pay = [0] * len(tricks_won)
    carry = 0
    bad = set(violators)
    for p, t in enumerate(tricks_won):
        if not active[p]:
            continue
        money = share * t
        if p in bad and forfeits:
            carry += money
        else:
            pay[p] += money
        count = (t == 0) + (p in bad)
        if max_one_remiz:
            count = min(count, 1)
        pay[p] -= one * count
        carry += one * count
    return pay, carry


def settle_all_pass(pot: int, n_players: int, dealer: int, all_pass: str = "dealer_takes"
                    ) -> tuple[list[int], int]:
    """Everyone passed (``stukolka-rule-all-pass``, K-13): the dealer takes the pot in play,
    or with ``all_pass="carry_over"`` it stays for the next deal.

    >>> settle_all_pass(60, 4, 2)
    ([0, 0, 60, 0], 0)
    >>> settle_all_pass(60, 4, 2, "carry_over")
    ([0, 0, 0, 0], 60)
    """
    pay = [0] * n_players
    if all_pass == "carry_over":
        return pay, pot
    pay[dealer] = pot
    return pay, 0
