"""Fuzzing every public Stukolka entry point with hostile input (hypothesis, derandomized,
bounded).

For each entry point -- ``StukolkaRules``, ``from_dict`` and ``replace``; the
``StukolkaState`` and ``Session`` constructors; ``from_record``, ``loads``; ``position``,
``arranged_deck``, ``deck_action``; ``Session.finish_deal``; ``apply_action`` -- only the
documented error family (``StukolkaError``) escapes, a refused call changes nothing, and
whatever is accepted replays and round-trips.  The invariant "until terminal,
``legal_actions()`` is non-empty and every action in it is accepted" is checked over random
rules (every option, ``penalize`` mode too) and long sessions.
"""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from harness import hostile_values, load_benchmark, mutated_record, only_family, play_checked
from stukolka.errors import RecordError, RulesError, StukolkaError
from stukolka.stukolka.record import arranged_deck, deck_action, dumps, from_record, loads, position, to_record
from stukolka.stukolka.rules import PLAYER_LIMITS, VARIANTS, StukolkaRules
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import StukolkaState

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=120)

DEFAULTS = StukolkaRules().to_dict()
BOOLS = [k for k, v in DEFAULTS.items() if isinstance(v, bool)]
WORDS = {"variant": VARIANTS, "ante_mode": ("dealer_only", "all_players"), "remiz_basis": ("pot_in_play",),
         "all_pass": ("dealer_takes", "carry_over"),
         "golets_dealer_policy": ("free", "must_defend_single", "barred_if_any_knock"),
         "stock_exhausted": ("refuse", "reshuffle_discards"), "must_beat": ("current_winner", "led_card"),
         "violation_mode": ("prevent", "penalize")}

VALUES = hostile_values([10**30, -3, 0, 1, 2, 3, 4, 6, 7, 15, 52],
                        ["prikup", "golets", "penalize", "dealer_takes", "²", "\x00", "True", "3"])
OPTION_NAMES = list(DEFAULTS) + ["colour", "", "Stake"]


def _sound(name, value):
    """Is ``value`` a sound setting of option ``name`` taken alone (the spec, written out
    independently of the engine's checks; cross-field limits are checked separately)?"""
    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)
    if name in BOOLS:
        return isinstance(value, bool)
    if name in WORDS:
        return isinstance(value, str) and value in WORDS[name]
    if name == "stake":
        return is_int(value) and 0 < value <= 10**12 and value % 3 == 0
    if name == "n_players":
        return is_int(value) and 3 <= value <= 7
    if name == "dealer_ante_multiplier":
        return is_int(value) and 1 <= value <= 1000
    if name == "remiz_cap":
        return value is None or (is_int(value) and 0 < value <= 10**12 and value % 3 == 0)
    if name == "prikup_defend_max_pot":
        return value is None or (is_int(value) and 0 <= value <= 10**12)
    if name == "shleif_refusal_min_pot":
        return is_int(value) and 0 <= value <= 10**12
    if name == "purchase_price_per_card":
        return is_int(value) and 0 <= value <= 10**12 and value % 3 == 0
    if name == "dark_variants":
        return isinstance(value, (list, tuple, set, frozenset)) and all(
            isinstance(v, str) and v in ("prikup", "shleif") for v in value)
    return False   # not an option


@st.composite
def option_dicts(draw):
    out = {}
    for name in draw(st.lists(st.sampled_from(OPTION_NAMES), max_size=5, unique=True)):
        if draw(st.booleans()):
            out[name] = draw(VALUES)
        elif name in WORDS:
            out[name] = draw(st.sampled_from(WORDS[name]))
        elif name in BOOLS:
            out[name] = draw(st.booleans())
        elif name in DEFAULTS:
            out[name] = draw(st.sampled_from([DEFAULTS[name], 3, 6, 0, 30, None]))
        else:
            out[name] = 1
    return out


@st.composite
def good_rules(draw):
    variant = draw(st.sampled_from(VARIANTS))
    lo, hi = PLAYER_LIMITS[variant]
    opts = {name: draw(st.booleans()) for name in BOOLS}
    opts.update({name: draw(st.sampled_from(words)) for name, words in WORDS.items()})
    opts.update(variant=variant, n_players=draw(st.integers(lo, hi)), stake=draw(st.sampled_from([3, 6, 15])),
                remiz_cap=draw(st.sampled_from([None, 30])), purchase_price_per_card=draw(st.sampled_from([0, 3])),
                dealer_ante_multiplier=draw(st.integers(1, 3)),
                dark_variants=draw(st.sampled_from([["prikup", "shleif"], ["shleif"], []])))
    return StukolkaRules.from_dict(opts)


@FUZZ
@given(option_dicts())
def test_rules_from_hostile_options(data):
    try:
        rules = StukolkaRules.from_dict(data)
    except RulesError as exc:
        assert "[" in str(exc) and "stukolka-rule-" in str(exc) and len(str(exc)) < 600
        rules = None
    if rules is None:
        # refused: some option taken alone is unsound, or the combination breaks a limit
        lone = all(_sound(k, v) for k, v in data.items())
        if lone:
            merged = {**DEFAULTS, **data}
            lo, hi = PLAYER_LIMITS[merged["variant"]]
            assert not lo <= merged["n_players"] <= hi or 3 * merged["n_players"] + 4 + (
                merged["golets_burn_card"] is True) > 52, data
        return
    # accepted: every option given is sound, and they come back as given
    assert all(_sound(k, v) for k, v in data.items()), data
    for k, v in data.items():
        got = getattr(rules, k)
        assert (got == frozenset(v)) if k == "dark_variants" else (got == v and type(got) is type(v)), k
    assert StukolkaRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert StukolkaState(rules, dealer=0).legal_actions()


@FUZZ
@given(st.sampled_from(OPTION_NAMES), VALUES)
def test_rules_constructor_and_replace(name, value):
    base = StukolkaRules()
    for call in ((lambda: StukolkaRules(**{name: value})) if name in DEFAULTS else None,
                 lambda: base.replace(**{name: value})):
        if call is None:
            continue
        got = only_family(call)
        if got is not None:
            assert _sound(name, value), (name, value)
    assert base == StukolkaRules()


@FUZZ
@given(good_rules(), VALUES, VALUES, VALUES)
def test_states_and_sessions_from_hostile_arguments(rules, a, b, c):
    for call in (lambda: StukolkaState(rules, dealer=a), lambda: StukolkaState(rules, dealer=0, carry=a),
                 lambda: StukolkaState(rules, dealer=0, balances=b), lambda: StukolkaState(a),
                 lambda: Session(rules, dealer=a, balances=b, carry=c), lambda: Session(a),
                 lambda: StukolkaState(rules, dealer=None, carry=c, balances=b)):
        obj = only_family(call)
        if isinstance(obj, StukolkaState):
            assert isinstance(obj.table, int) and all(type(x) is int for x in obj.balances)
            assert from_record(json.loads(json.dumps(obj.to_record()))) == obj
        elif isinstance(obj, Session):
            assert sum(obj.totals) + obj.carry == 0 or b is None
            assert obj.new_deal().legal_actions()


@FUZZ
@given(st.integers(3, 7), st.integers(0, 6), VALUES, VALUES, VALUES, st.integers(-2, 54))
def test_positions_from_hostile_cards(n, dealer, hands, trump, stock, cut):
    dealer %= n
    deck = only_family(lambda: arranged_deck(n, dealer, hands, trump, stock))
    if deck is not None:
        assert sorted(deck) == list(range(52))
    order = deck or list(range(52))
    action = only_family(lambda: deck_action(order, cut))
    assert (action is not None) == (1 <= cut <= 51)
    if action is not None:
        s = StukolkaState(StukolkaRules(n_players=min(n, 6)), dealer=0)
        s.apply_action(action)
        s.apply_action(f"cut {cut}")
        s.apply_action("deal")
        assert s.hands[1][0] == order[0]
    s = only_family(lambda: position("golets", n, dealer, hands, trump, stock))
    if s is not None:
        assert from_record(to_record(s)) == s


@FUZZ
@given(st.data(), good_rules(), st.integers(0, 10**6))
def test_hostile_records_raise_record_error_or_replay(data, rules, seed):
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=rng.randrange(rules.n_players))
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    bad = mutated_record(data.draw, to_record(s), VALUES, OPTION_NAMES,
                         places=("top", "top", "rules", "actions", "drop"))
    for call in (lambda: from_record(bad), lambda: loads(json.dumps(bad))):
        try:
            got = call()
        except RecordError as exc:
            assert "stukolka" in str(exc) and len(str(exc)) < 800
            continue
        except StukolkaError as exc:   # the family, but a record must refuse with RecordError
            raise AssertionError(f"{type(exc).__name__} instead of RecordError: {exc}")
        # accepted: the tags and the set-up are what the record said, and it round-trips
        again = to_record(got)
        assert (bad["format"], bad["game"]) == ("stukolka-record/1", "stukolka")
        assert set(bad) <= set(again)
        assert StukolkaRules.from_dict(bad["rules"]) == got.rules
        for key in ("dealer", "carry", "balances", "players"):
            if key in bad:
                assert again[key] == bad[key] and type(again[key]) is type(bad[key]), key
        assert len(again["actions"]) == len(bad["actions"])
        assert from_record(json.loads(dumps(got))) == got


@FUZZ
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40), VALUES.map(json.dumps),
                 st.integers(1, 30_000).map(lambda k: "[" * k), st.integers(1, 30_000).map(lambda k: '{"a":' * k)))
def test_loads_hostile_text(text):
    with pytest.raises(RecordError):
        loads(text)


@FUZZ
@given(good_rules(), st.integers(0, 10**6), st.lists(st.one_of(st.text(max_size=20), st.sampled_from(
    ["knock", "pass", "stand", "look", "dark", "razrez", "golets", "deal", "cut 0", "cut 52", "play Z♥",
     "knock knock", "x" * 3000])), max_size=6))
def test_hostile_actions_change_nothing(rules, seed, actions):
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=0)
    for _ in range(rng.randrange(12)):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    for a in actions:
        before = s.clone()
        hist = list(s.history())
        try:
            s.apply_action(a)
        except StukolkaError:
            assert s == before and s.history() == hist
        else:
            assert s.history()[-1] in before.legal_actions() or rules.violation_mode == "penalize"
    assert from_record(json.loads(dumps(s))) == s


@settings(derandomize=True, database=None, deadline=None, max_examples=60)
@given(good_rules(), st.integers(0, 2**32 - 1))
def test_until_terminal_every_legal_action_is_accepted(rules, seed):
    play_checked(StukolkaState(rules, dealer=None if seed % 4 == 0 else seed % rules.n_players),
                 random.Random(seed))


@settings(derandomize=True, database=None, deadline=None, max_examples=12)
@given(good_rules(), st.integers(0, 2**32 - 1))
def test_long_sessions_keep_the_invariant_and_the_chips(rules, seed):
    rng = random.Random(seed)
    sess = Session(rules, dealer=rng.choice([None, 0]))
    for _ in range(15):
        deal = sess.new_deal()
        play_checked(deal, rng)
        sess.finish_deal(deal)
        assert sum(sess.totals) + sess.carry == 0 and all(type(b) is int for b in sess.totals)
        before = (sess.totals, sess.carry, sess.dealer, len(sess.records))
        with pytest.raises(StukolkaError):
            sess.finish_deal(deal)
        assert (sess.totals, sess.carry, sess.dealer, len(sess.records)) == before
    for rec in sess.records[-3:]:
        assert to_record(from_record(json.loads(json.dumps(rec)))) == rec


def test_a_slice_of_the_soak_finds_no_crash_and_no_silent_acceptance():
    """The CI slice of benchmarks/stukolka_soak.py (the long run is the script itself)."""
    tally = load_benchmark("stukolka_soak").run(deals=100, seed=3, session_length=10, check_all=0.2)
    points = set(tally.tried)
    assert sum(tally.tried[p] for p in points) > 5000
    assert sum(tally.typed[p] for p in points) > 500
    for p in points:
        assert tally.crashes[p] == 0 and tally.accepted[p] == 0 and tally.refused[p] == 0, (p, tally.examples)
    assert tally.accepted["apply_action"] == 0   # a refused action never changes the state


def test_overlong_cut_is_a_typed_refusal():
    s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
    s.apply_action("shuffle 1")
    with pytest.raises(StukolkaError):
        s.apply_action("cut " + "9" * 5000)
