"""Fuzzing every public entry point of shtoss and Pharaon with hostile input (hypothesis,
derandomized, bounded).

For ``ShtossRules`` (constructor, ``from_options``, ``replace``), the ``ShtossState``,
``Session`` and ``Pharaon`` constructors, ``from_record`` of a deal and of Pharaon,
``replay_evening`` and ``apply_action``: only the documented error family
(``StukolkaError``) escapes, a refused call changes nothing, and whatever is accepted
replays and round-trips.
"""

import random

from hypothesis import given, settings, strategies as st

from stukolka.errors import StukolkaError
from stukolka.shtoss import Pharaon, Session, ShtossRules, ShtossState, queen_of_spades, replay_evening

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=120)

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.sampled_from([10 ** 30, -1, 0, 1, 2, 3, 36, 52]),
    st.floats(allow_nan=True), st.text(max_size=10), st.fractions(max_denominator=10),
    st.sampled_from(["x" * 5000, "half", "punter", "sonic", "1/2", "3/2", "1e99999", "²", "\x00", "lob_full_gorka_half"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                     st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                      max_leaves=10)
NAMES = [f for f in ShtossRules.__dataclass_fields__] + ["raise.max_factor", "shtoss.thirds", "colour", ""]


def only_family(fn, *args, **kw):
    """Call ``fn``; return its result, or None if it refused with an error of the family."""
    try:
        return fn(*args, **kw)
    except StukolkaError:
        return None


@FUZZ
@given(st.dictionaries(st.sampled_from(NAMES[:-4]), VALUES, max_size=4))
def test_rules_constructor(kw):
    r = only_family(ShtossRules, **kw)
    if r is not None:
        assert ShtossRules.from_options(r.to_options()) == r
        assert hash(r) == hash(ShtossRules.from_options(r.to_options()))


@FUZZ
@given(st.one_of(VALUES, st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
                 st.dictionaries(st.just("shtoss"), st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=3))))
def test_from_options(options):
    r = only_family(ShtossRules.from_options, options)
    if r is not None:
        assert ShtossRules.from_options(r.to_options()) == r


@FUZZ
@given(st.dictionaries(st.sampled_from(NAMES[:-4] + ["nope"]), VALUES, max_size=3))
def test_replace(changes):
    base = ShtossRules(thirds=True, bank_limit=30)
    r = only_family(base.replace, **changes)
    assert base == ShtossRules(thirds=True, bank_limit=30)
    if r is not None:
        assert ShtossRules.from_options(r.to_options()) == r


@FUZZ
@given(VALUES, VALUES, VALUES, st.booleans())
def test_state_constructor(punters, initial_kush, kush, thirds):
    s = only_family(ShtossState, ShtossRules(thirds=thirds), punters=punters, initial_kush=initial_kush, kush=kush)
    if s is not None:
        assert s.legal_actions()
        assert ShtossState.from_record(s.to_record()) == s


@FUZZ
@given(VALUES, VALUES, VALUES, VALUES)
def test_session_constructor(players, capitals, initial_kush, banker):
    ses = only_family(Session, ShtossRules(), players=players, capitals=capitals, initial_kush=initial_kush,
                      banker=banker)
    if ses is not None:
        st_ = ses.new_deal()
        assert st_.legal_actions()


@FUZZ
@given(VALUES)
def test_pharaon_constructor(rules):
    assert (only_family(Pharaon, rules) is None) == (rules is not None and not isinstance(rules, ShtossRules))


ACTION_WORDS = st.sampled_from(["stake", "pair", "done", "accept", "refuse", "cut", "card", "shuffle", "deck",
                                "next", "bank", "name", "Q♠", "Qs", "7♦", "A", "3", "-3", "0", "26", "²", "٣",
                                "1_0", "9" * 40, "x" * 300, ",", "\x00"])
ACTIONS = st.one_of(st.lists(ACTION_WORDS, max_size=5).map(" ".join), st.text(max_size=30))


def played(seed, game):
    """A state part-way through a random deal."""
    rng = random.Random(seed)
    if game == "pharaon":
        s = Pharaon()
    else:
        rules = ShtossRules(mid_deal_bets=seed % 2 == 0, bank_limit=[None, 8][seed % 3 == 0])
        s = ShtossState(rules, punters=1 + seed % 3, initial_kush=1 + seed % 4)
    for _ in range(rng.randrange(12)):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@FUZZ
@given(st.integers(0, 50), st.sampled_from(["shtoss", "pharaon"]), st.lists(ACTIONS, min_size=1, max_size=4))
def test_apply_action(seed, game, actions):
    s = played(seed, game)
    for a in actions:
        before = s.clone()
        try:
            s.apply_action(a)
        except StukolkaError:
            assert s == before and s.history() == before.history() and s.legal_actions() == before.legal_actions()
            continue
        assert len(s.history()) == len(before.history()) + 1
    rec = s.to_record()
    again = (Pharaon if game == "pharaon" else ShtossState).from_record(rec)
    assert again == s and again.to_record() == rec


def record_of(seed):
    return played(seed, "shtoss").to_record()


@FUZZ
@given(st.integers(0, 30), st.sampled_from(["format", "game", "rules", "punters", "initial_kush", "kush", "actions",
                                            "returns", "seats", "extra"]), VALUES)
def test_shtoss_from_record(seed, key, value):
    rec = {**record_of(seed), key: value}
    s = only_family(ShtossState.from_record, rec)
    if s is not None:
        assert ShtossState.from_record(s.to_record()) == s


@FUZZ
@given(st.one_of(VALUES, st.fixed_dictionaries({"format": st.just("pharaon-record/1"), "game": st.just("pharaon"),
                                                "rules": VALUES, "actions": st.lists(ACTIONS, max_size=4)})))
def test_pharaon_from_record(record):
    g = only_family(Pharaon.from_record, record)
    if g is not None:
        assert Pharaon.from_record(g.to_record()) == g


@FUZZ
@given(st.sampled_from(["name", "rules", "initial_kush", "actions", "story", "surprise"]), VALUES, VALUES)
def test_replay_evening(key, value, capital):
    ev = {**queen_of_spades()["evenings"][0], key: value}
    out = only_family(replay_evening, ev, capital)
    if out is not None:
        state, _ = out
        assert ShtossState.from_record(state.to_record()) == state
