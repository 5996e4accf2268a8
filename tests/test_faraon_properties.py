"""Properties of the shedding game engine over random rules and random legal play.

Hypothesis chooses the rules (player count, hand size, every F option) and a seed; the
seed drives uniformly random chance outcomes and legal actions.  Derandomized, so a run
is repeatable.
"""

import json
import random

from hypothesis import given, settings, strategies as st

from stukolka.base import CHANCE, IllegalActionError
from stukolka.cards import deck, format_card
from stukolka.base import play_random
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState, hand_penalty

MAX_STEPS = 3000


@st.composite
def rules(draw):
    players = draw(st.integers(2, 5))
    return FaraonRules(
        players=players,
        hand_size=draw(st.integers(1, min(7, 35 // players))),
        queen_on_anything=draw(st.booleans()),
        seven_stacking=draw(st.booleans()),
        draw_then_play=draw(st.booleans()),
        reshuffle_pile=draw(st.booleans()),
        start_card_effects=draw(st.booleans()),
        allow_negative=draw(st.booleans()),
        dealer_rotation=draw(st.sampled_from(["left", "right"])),
        target=draw(st.sampled_from([30, 60, 200])),
    )


ALL_ACTIONS = (["draw", "pass", "take"] + [f"play {format_card(c)}" for c in deck(36)]
               + [f"play {format_card(c)} hearts" for c in deck(36)]
               + [f"{w} {format_card(c)}" for w in ("show", "deal", "turn", "talon") for c in deck(36)])


def check_cards(state: FaraonState) -> None:
    """Every one of the 36 cards is in exactly one place."""
    places = [c for h in state._hands for c in h] + state._pile + sorted(state._talon) + state._shown
    assert sorted(places) == sorted(deck(36)), "a card is lost or duplicated"
    assert len(state.card_locations()) == 36


def check_scores(state: FaraonState) -> None:
    """Penalty points agree with the cards left in hand (faraon-rule-scoring, faraon-rule-queen-finish)."""
    pts, w, rules_ = state.points(), state.winner(), state.rules
    for seat in range(rules_.players):
        if seat == w:
            assert len(state.hand(seat)) == 0
            assert pts[seat] in (0, rules_.queen_finish_bonus)
        else:
            assert pts[seat] == hand_penalty(state.hand(seat), rules_)
    assert state.returns() == [-p for p in pts]


def check_view(state: FaraonState, seat: int) -> None:
    """The view is plain JSON; the seat's cards marked legal are exactly those its legal
    actions play, and it names no card of another hand or of the talon."""
    v = state.view(seat)
    assert json.loads(json.dumps(v)) == v
    plays = [a for a in v["legal"] if a.startswith("play ")]
    assert sorted(a for c in v["hand"] for a in c["actions"]) == sorted(plays)
    assert all(c["legal"] == bool(c["actions"]) and c["why"] for c in v["hand"])
    assert {c["card"] for c in v["hand"]} == set(state.hand(seat))
    assert v["legal"] == (state.legal_actions() if state.current_player() == seat else [])
    assert (v["settlement"] is not None) == state.is_terminal()


@settings(derandomize=True, database=None, max_examples=60, deadline=None)
@given(rules(), st.integers(0, 2**32 - 1), st.booleans())
def test_random_legal_play_keeps_every_invariant(r, seed, choose_dealer):
    rng = random.Random(seed)
    state = FaraonState(r, dealer=None if choose_dealer else rng.randrange(r.players))
    for _ in range(MAX_STEPS):
        check_cards(state)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        check_view(state, rng.randrange(r.players))
        # every legal action is accepted (chance nodes: a sample of outcomes)
        for a in (legal if state.current_player() != CHANCE else rng.sample(legal, min(3, len(legal)))):
            c = state.clone()
            c.apply_action(a)
            check_cards(c)
        # actions that are not legal raise and change nothing
        before = state.clone()
        for a in rng.sample(ALL_ACTIONS, 6):
            if a not in legal:
                try:
                    state.apply_action(a)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{a!r} accepted though not in {legal}")
                assert state == before
        state.apply_action(rng.choice(legal))
    assert state.is_terminal(), "the hand did not end"
    check_scores(state)
    check_view(state, rng.randrange(r.players))
    assert state.settlement().net() == state.returns()
    record = json.loads(json.dumps(state.to_record(seed=seed)))
    assert FaraonState.from_record(record) == state


@settings(derandomize=True, database=None, max_examples=15, deadline=None)
@given(rules(), st.integers(0, 2**32 - 1))
def test_random_match_terminates_and_totals_add_up(r, seed):
    """faraon-rule-match and faraon-rule-dealer-rotation over whole matches."""
    m = FaraonMatch(r)
    play_random(m, seed, max_steps=200_000)
    assert m.is_terminal() and max(m.totals) >= r.target
    if r.allow_negative:
        assert m.totals == [sum(col) for col in zip(*m.hand_points)]
    else:
        assert min(m.totals) >= 0
    low = min(m.totals)
    assert m.winners() == [i for i, t in enumerate(m.totals) if t == low]
    assert FaraonMatch.from_record(json.loads(json.dumps(m.to_record()))) == m
