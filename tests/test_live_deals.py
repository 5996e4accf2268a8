"""Live Stukolka tables deal from the whole pack: no two tables of different seeds share a deck.

A live table (:class:`stukolka.live.driver.LiveTable`) draws chance with
:func:`stukolka.base.sample_chance` from its own seeded generator; the engine's draw is a
shuffle with 64 random bits of seed (``stukolka-rule-deal``), not one of the 64 seeded shuffles
it lists for exact enumeration.  Two thousand tables with different seeds deal at least 1,995
different decks, read from each table's engine state; and a table's deck follows from its
seed alone (the same seed deals the same deck).
"""

from __future__ import annotations

from stukolka.live.driver import LiveTable


def _deck(seed: int) -> tuple[int, ...]:
    table = LiveTable("stukolka", {"n_players": 4, "dealer": 0}, seed=seed, people=[3])
    state = table.state                               # the cut is seat 3's: the pack as shuffled
    assert state.phase.value == "cut" and state.deck is not None
    return tuple(state.deck)


def test_two_thousand_tables_deal_different_decks():
    decks = [_deck(seed) for seed in range(2000)]
    assert all(sorted(d) == list(range(52)) for d in decks)
    assert len(set(decks)) >= 1995
    assert _deck(7) == decks[7] and _deck(1999) == decks[1999]
