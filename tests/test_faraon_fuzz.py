"""Fuzzing every public entry point of the shedding game with hostile input (hypothesis,
derandomized, bounded).

For each entry point -- ``FaraonRules`` and ``from_dict``, ``FaraonState`` and
``from_position``, ``FaraonSession`` and ``FaraonMatch``, ``from_record`` of a hand and of a
match, ``apply_action`` -- only the documented error family (``StukolkaError``) escapes, a
refused call changes nothing, and whatever is accepted replays and round-trips.  The
invariant "until terminal, ``legal_actions()`` is non-empty and every action in it is
accepted" is checked over random rules and whole sessions.
"""

import json
import random

from hypothesis import given, settings, strategies as st

from harness import (hostile_values, load_benchmark, mutated_record, only_family, play_checked, soak_total,
                     try_all_but_chance)
from stukolka.errors import RecordError, RulesError, StukolkaError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonSession, FaraonState

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=150)

# hostile scalars and containers: wrong types, out-of-range numbers, long and odd strings
VALUES = hostile_values([10**30, -1, 0, 1, 2, 3, 4, 5, 6, 36, 200],
                        ["mau_mau", "left", "right", "redeal", "dealer_takes", "²", "\x00"])
OPTION_NAMES = [f for f in FaraonRules().to_dict()] + ["colour", "", "PLAYERS"]


def _good_option(name, draw):
    good = {"players": st.integers(2, 5), "hand_size": st.integers(1, 7), "target": st.integers(1, 400),
            "queen_penalty": st.integers(0, 60), "queen_finish_bonus": st.integers(-60, 60),
            "dealer_rotation": st.sampled_from(["left", "right"]), "exposed_card": st.sampled_from(["dealer_takes", "redeal"])}
    if name in good:
        return draw(good[name])
    default = FaraonRules().to_dict().get(name)
    return draw(st.booleans()) if isinstance(default, bool) else default


@st.composite
def option_dicts(draw):
    """Dicts of options, some sound, some hostile."""
    out = {}
    for name in draw(st.lists(st.sampled_from(OPTION_NAMES), max_size=5, unique=True)):
        out[name] = draw(VALUES) if draw(st.booleans()) else _good_option(name, draw)
    return out


@st.composite
def good_rules(draw):
    players = draw(st.integers(2, 5))
    return FaraonRules(players=players, hand_size=draw(st.integers(1, min(6, 35 // players))),
                       queen_on_anything=draw(st.booleans()), seven_stacking=draw(st.booleans()),
                       draw_then_play=draw(st.booleans()), reshuffle_pile=draw(st.booleans()),
                       start_card_effects=draw(st.booleans()), allow_negative=draw(st.booleans()),
                       dealer_rotation=draw(st.sampled_from(["left", "right"])),
                       exposed_card=draw(st.sampled_from(["dealer_takes", "redeal"])),
                       target=draw(st.sampled_from([20, 40, 200])))


@FUZZ
@given(option_dicts())
def test_rules_from_hostile_options(data):
    r = only_family(lambda: FaraonRules.from_dict(data))
    r2 = only_family(lambda: FaraonRules(**{k: v for k, v in data.items() if k in FaraonRules().to_dict()}))
    for rules in (r, r2):
        if rules is not None:
            assert FaraonRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
            assert FaraonState(rules).legal_actions()


@FUZZ
@given(good_rules(), VALUES, VALUES, VALUES, VALUES)
def test_states_sessions_and_positions_from_hostile_arguments(rules, a, b, c, d):
    for call in (lambda: FaraonState(rules, dealer=a), lambda: FaraonSession(rules, first_dealer=a, totals=b),
                 lambda: FaraonMatch(rules, first_dealer=a, totals=b),
                 lambda: FaraonState.from_position(rules, a, b, dealer=0, to_move=c, suit=d),
                 lambda: FaraonState(a), lambda: FaraonSession(a)):
        obj = only_family(call)
        if isinstance(obj, (FaraonState, FaraonMatch)):
            assert type(obj).from_record(json.loads(json.dumps(obj.to_record()))) == obj


@st.composite
def positions(draw):
    """A sound set-up position: random cards dealt out of the 36-card pack."""
    rules = draw(good_rules())
    pack = list(FaraonState(rules)._talon)
    random.Random(draw(st.integers(0, 10**6))).shuffle(pack)
    sizes = [draw(st.integers(1, 5)) for _ in range(rules.players)]
    hands, k = [], 0
    for n in sizes:
        hands.append(pack[k:k + n])
        k += n
    pile = pack[k:k + draw(st.integers(1, 4))]
    return rules, hands, pile


@FUZZ
@given(positions(), st.lists(st.one_of(st.text(max_size=20), st.sampled_from(
    ["draw", "pass", "take", "play Q♠ hearts", "play 9♥", "draw draw", "play " + "9" * 80])), max_size=8))
def test_hostile_actions_on_a_position_change_nothing(pos, actions):
    rules, hands, pile = pos
    s = FaraonState.from_position(rules, hands, pile, dealer=0)
    for a in actions + s.legal_actions()[:1]:
        before = s.clone()
        try:
            s.apply_action(a)
        except StukolkaError:
            assert s == before
        else:
            assert s.history()[-1] in before.legal_actions() or s.history()[-1].startswith("expose")
    assert FaraonState.from_record(json.loads(json.dumps(s.to_record()))) == s


@FUZZ
@given(st.data(), good_rules(), st.integers(0, 10**6), st.booleans())
def test_hostile_records_raise_record_error_or_replay(data, rules, seed, match):
    rng = random.Random(seed)
    if match:
        obj = FaraonMatch(FaraonRules.from_dict({**rules.to_dict(), "target": 20}), first_dealer=0)
    else:
        obj = FaraonState(rules, dealer=rng.choice([None, 0]))
    steps = 0
    while not obj.is_terminal() and steps < 60:
        obj.apply_action(rng.choice(obj.legal_actions()))
        steps += 1
    cls = type(obj)
    rec = obj.to_record(seed=seed)
    bad = mutated_record(data.draw, rec, VALUES, OPTION_NAMES)
    try:
        got = cls.from_record(bad)
    except RecordError:
        return
    except StukolkaError as exc:  # the family, but a record must refuse with RecordError
        raise AssertionError(f"{type(exc).__name__} instead of RecordError: {exc}")
    assert cls.from_record(json.loads(json.dumps(got.to_record()))) == got
    # accepted: the tags and the rules are what the record said, the actions as many
    again = got.to_record()
    assert (again["format"], again["game"]) == (bad["format"], bad["game"])
    assert FaraonRules.from_dict(bad["rules"]) == got.rules and len(again["actions"]) == len(bad["actions"])


@settings(derandomize=True, database=None, deadline=None, max_examples=25)
@given(good_rules(), st.integers(0, 2**32 - 1))
def test_until_terminal_every_legal_action_is_accepted_in_a_session(rules, seed):
    """The invariant over whole sessions: while a hand is not over it offers at least one
    action, and every action it offers is accepted (chance nodes: a sample)."""
    rng = random.Random(seed)
    session = FaraonSession(FaraonRules.from_dict({**rules.to_dict(), "target": 40}),
                            first_dealer=rng.choice([None, 0]))
    hands = 0
    while not session.over and hands < 6:
        hand = session.new_deal()
        exposures = 0

        def expose(hand, rng):
            """faraon-rule-exposed-card: an accident of the deal, under either reading."""
            nonlocal exposures
            if not (hand.phase.value == "deal" and exposures < 3 and rng.random() < 0.1):
                return False
            card = rng.choice(hand.legal_actions()).split()[1]
            dealt = sum(len(hand.hand(i)) for i in range(rules.players))
            hand.apply_action(f"expose {card}")
            exposures += 1
            now = sum(len(hand.hand(i)) for i in range(rules.players))
            assert now in (0, dealt + 1) and len(hand.card_locations()) == 36
            assert all(len(hand.hand(i)) <= rules.hand_size for i in range(rules.players))
            return True

        play_checked(hand, rng, tried=try_all_but_chance(2), between=expose)
        session.finish_deal(hand)
        hands += 1
        try:
            session.finish_deal(hand)
        except StukolkaError:
            pass
        else:
            raise AssertionError("a hand was booked twice")
    assert len(session.records) == hands
    assert [FaraonState.from_record(r).to_record() for r in session.records] == session.records


def test_rules_error_is_what_the_constructor_raises():
    """A control case for the fuzz: a hostile option is refused with RulesError, not accepted."""
    for bad in ({"players": "3"}, {"target": 1.5}, {"penalty": None}):
        try:
            FaraonRules.from_dict(bad)
        except RulesError as exc:
            assert "[faraon-rule-" in str(exc)
        else:
            raise AssertionError(f"{bad} accepted")


def test_a_slice_of_the_soak_finds_no_crash_and_no_silent_acceptance(capsys):
    """The CI slice of benchmarks/faraon_soak.py (the long run is the script itself)."""
    assert load_benchmark("faraon_soak").main(["--hands", "60", "--matches", "2", "--seed", "3"]) == 0
    # tried, typed error, sound accepted, untyped crash, silently accepted, wrongly refused
    counts = soak_total(capsys.readouterr().out)
    assert counts[0] > 1000 and counts[3:] == [0, 0, 0]
