"""The short cuts of the Stukolka engine agree with the slow ways they replace.

``legal_actions()`` keeps a table of this step's actions so that ``apply_action`` reads and
checks a listed action with one look-up; the shuffles of the listed seeds are made once; the
usual purchase's discard ids come from tables; a new state is copied from a prototype of its
set-up, sharing the lists the engine never changes in place; a finished deal pays the sums of
its end-of-deal ledger lines and writes the full ledger when asked.  Each test here compares a
short cut with a reference that does not use it: every candidate action applied to a clone (the
grammar, then the rules), a fresh ``random.Random`` shuffle, ``itertools.combinations``, a state
set up from scratch, the full ledger.  (The rules themselves are held to the slow, obvious
oracle in ``tests/test_stukolka_oracle.py``.)  The grammar cases (``stukolka-rule-actions``) end
the file.
"""

from __future__ import annotations

import itertools
import random

import pytest

from stukolka.base import CHANCE, TERMINAL, sample_chance
from stukolka.cards import format_card
from stukolka.errors import IllegalActionError, InvalidActionError, StukolkaError
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, Phase, StukolkaRules, StukolkaState
from stukolka.stukolka.pot import SETTLED_AT_END, state_ledger
from stukolka.stukolka.play import PLAYING
from stukolka.stukolka import _slots
from stukolka.stukolka.actions import MAX_ACTION_LENGTH, UP_TO, discard_id, discard_ids, shuffled_deck
from stukolka.stukolka.state import _seats_of

CARDS = [format_card(c) for c in range(52)]
OPTION_MIXES = [
    {},
    {"violation_mode": "penalize"},
    {"violation_mode": "penalize", "violator_forfeits_tricks": True, "max_one_remiz_per_player": False},
    {"must_beat": "led_card", "must_overtrump": False},
    {"must_undertrump": False, "marriage_exemption": False, "lead_king_if_ace_turned": True},
    {"irregularities": True, "ante_mode": "all_players", "remiz_cap": 30},
    {"stock_exhausted": "reshuffle_discards", "purchase_price_per_card": 3, "all_pass": "carry_over"},
]


def _rules(variant: str, n: int, mix: dict) -> StukolkaRules | None:
    try:
        return StukolkaRules(variant=variant, n_players=n, **mix)
    except (StukolkaError, TypeError):
        return None   # an option this variant does not take


def _decisions(rules: StukolkaRules, rng: random.Random, deals: int):
    """Each decision of ``deals`` deals (the dealer passing round, shuffles drawn from ``rng``):
    the caller applies one action to the state before asking for the next."""
    for deal in range(deals):
        state = StukolkaState(rules, dealer=deal % rules.n_players)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(f"shuffle {rng.randrange(10_000)}")
                continue
            yield state


def _cases():
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in sorted({lo, hi}):
            for i, mix in enumerate(OPTION_MIXES):
                yield pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}")


def _candidates(state: StukolkaState) -> list[str]:
    """Every action string of the grammar that could make sense in this phase, legal or not."""
    ph = state.phase
    if ph is Phase.PLAY:
        return [f"play {c}" for c in CARDS] + ["knock", "pass"]
    if ph is Phase.DECLARE:
        return ["knock", "pass", "golets", "dark", "look", "razrez", "stand"]
    if ph is Phase.SHLEIF_CHOICE:
        return ["shleif", "refuse shleif", "pass"]
    if ph in (Phase.PURCHASE, Phase.RAZREZ):
        p = state.current_player()
        hand = state.hands[p]
        outs = ["stand", "pass", "razrez"] + [f"blind {k}" for k in range(5)]
        for k in range(1, min(4, len(hand)) + 1):
            outs += ["discard " + " ".join(CARDS[c] for c in combo) for combo in itertools.combinations(hand, k)]
        outs += [f"discard {CARDS[c]}" for c in state.stock[:2]]
        return outs
    return []


def _slowly_legal(state: StukolkaState, action: str) -> bool:
    """The reference: a fresh clone (no cached table) applies ``action`` through the grammar and
    the rules; in penalize mode an illegal card is accepted, so it is told apart by its record."""
    probe = state.clone()
    try:
        probe.apply_action(action)
    except StukolkaError:
        return False
    return len(probe.violations) == len(state.violations)


@pytest.mark.parametrize("variant,n,mix", list(_cases()))
def test_the_cached_legal_table_agrees_with_applying_every_candidate(variant, n, mix):
    rules = _rules(variant, n, mix)
    if rules is None:
        pytest.skip("option not available in this variant")
    rng = random.Random(f"{variant}{n}{sorted(mix.items())}")
    checked = 0
    for state in _decisions(rules, rng, 6):
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        cands = _candidates(state)
        if cands:
            slow = [a for a in cands if _slowly_legal(state, a)]
            assert sorted(slow) == sorted(a for a in legal if a in cands), (state.phase, legal, slow)
            checked += 1
        assert state.legal_actions() == legal          # asking twice changes nothing
        a = rng.choice(legal)
        twin = state.clone()                           # no table: the slow path
        state.apply_action(a)
        twin.apply_action(a)
        assert twin == state and twin.history() == state.history()
    assert checked > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_and_slow_spellings_give_equal_states(variant):
    """A listed action and the same action spelt otherwise (spaces, case) end in equal states."""
    rules = StukolkaRules(variant=variant, n_players=PLAYER_LIMITS[variant][0] + 1)
    rng = random.Random(variant)
    for deal in range(20):
        fast = StukolkaState(rules, dealer=0)
        slow = StukolkaState(rules, dealer=0)
        while not fast.is_terminal():
            if fast.current_player() == CHANCE:
                a = f"shuffle {rng.randrange(100)}"
            else:
                a = rng.choice(fast.legal_actions())
            fast.apply_action(a)
            slow.apply_action("  " + a.upper().replace(" ", "   ") + " ")
        assert fast == slow and fast.history() == slow.history()
        assert fast.balances == slow.balances and fast.table == slow.table


def test_cached_decks_are_the_seeded_shuffles():
    for seed in list(range(70)) + [10 ** 12, -3]:
        ref = list(range(52))
        random.Random(seed).shuffle(ref)
        deck = shuffled_deck(seed)
        assert deck == ref
        deck.reverse()                                     # the caller's copy; the cache is untouched
        assert shuffled_deck(seed) == ref


def test_chance_outcomes_are_exact_and_equal():
    from fractions import Fraction

    s = StukolkaState(StukolkaRules(), dealer=0)
    outs = s.chance_outcomes()
    assert len(outs) == 64 and sum(p for _, p in outs) == 1
    assert all(p == Fraction(1, 64) and hash(p) == hash(Fraction(1, 64)) for _, p in outs)
    assert [a for a, _ in outs] == s.legal_actions() == [f"shuffle {i}" for i in range(64)]
    outs.clear()                                           # a copy for the caller
    assert len(s.chance_outcomes()) == 64


@pytest.mark.parametrize("variant,n,mix", [c for c in _cases() if c.values[2]][:14])
def test_payments_are_the_sums_of_the_full_ledger(variant, n, mix):
    """The deal pays from its end-of-deal lines; the ledger written later sums to the same."""
    rules = _rules(variant, n, mix)
    if rules is None:
        pytest.skip("option not available in this variant")
    rng = random.Random(f"pay{variant}{n}")
    for deal in range(40):
        state = StukolkaState(rules, dealer=deal % n)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(f"shuffle {rng.randrange(10_000)}")
            else:
                legal = state.legal_actions()
                if state.phase is Phase.PLAY and rules.violation_mode == "penalize" and rng.random() < 0.3:
                    legal = [f"play {CARDS[c]}" for c in state.hands[state.current_player()]]
                state.apply_action(rng.choice(legal))
        ledger = state.settlement()
        assert ledger is state.settlement()
        end = [0] * n
        for ln in ledger.lines:
            if ln.item in SETTLED_AT_END:
                for p, x in ln.amounts.items():
                    end[p] += x
        assert end == state.payments
        assert ledger.net() == state.returns()
        assert ledger.table_change() == state.table - state.carry_in
        assert state_ledger(state) == ledger


# ---------------------------------------------------------------------- written-out short cuts
def test_the_usual_purchase_ids_are_every_combination():
    """``discard_ids`` of a hand of three (stand aside: throw 1, 2 or 3), read from its tables,
    lists the ids of ``itertools.combinations`` of the hand, in that order, for the lowest and
    highest cards and 5,000 other hands; and so do its other cases."""
    rng = random.Random("purchase ids")
    hands = [[0, 1, 51], [51, 0, 1], [50, 51, 0]] + [rng.sample(range(52), 3) for _ in range(5000)]
    for hand in hands:
        want = tuple(discard_id(combo) for k in (1, 2, 3) for combo in itertools.combinations(hand, k))
        assert discard_ids(hand, UP_TO[3]) == want, hand
    for hand in [rng.sample(range(52), rng.randint(1, 5)) for _ in range(500)]:
        keep = rng.choice(hand + [None])
        for sizes in ((1,), (2,), (1, 2), UP_TO[3]):
            want = tuple(discard_id(combo) for k in sizes for combo in itertools.combinations(hand, k)
                         if keep not in combo)
            assert discard_ids(hand, sizes, keep) == want, (hand, sizes, keep)


@pytest.mark.parametrize("variant,n,mix", list(_cases()) + [
    pytest.param("shleif", 4, {"shleif_dealer_may_discard_trump_card": False}, id="shleif-keeps-trump"),
    pytest.param("prikup", 4, {"dark_allowed": True, "razrez_allowed": True}, id="prikup-dark-razrez")])
def test_the_seat_noted_by_a_step_is_the_one_the_phase_says(variant, n, mix):
    """The steps note the seat to act next as they go (``_cp``); at every decision of seeded
    deals it is the seat the phase says (the declarer, the buyer, the leader ...)."""
    rules = _rules(variant, n, mix)
    if rules is None:
        pytest.skip("option not available in this variant")
    rng = random.Random(f"ids {variant} {n} {sorted(mix.items())}")
    noted = 0
    for state in _decisions(rules, rng, 25):
        worked_out = state.clone()
        noted += worked_out._cp is not None
        worked_out._cp = None
        assert state.current_player() == worked_out.current_player(), state.phase
        state.apply_action_id(rng.choice(state.legal_action_ids()))
        if state.is_terminal():
            assert state.current_player() == TERMINAL
    assert noted > 50


def _seats_by_hand(decl):
    act = tuple(d in PLAYING for d in decl)
    n = len(decl)
    nxt = tuple(next(((p + k) % n for k in range(1, n + 1) if act[(p + k) % n]), (p + 1) % n)
                for p in range(n))
    return act, sum(act), nxt


def test_seat_patterns_are_worked_out_as_the_rules_say():
    """``_seats_of`` (kept per pattern of declarations) gives who plays, how many, and each
    seat's next player on the left, as counted seat by seat."""
    words = (None, "knock", "pass", "dark", "golets", "razrez")
    for n in range(3, 8):
        for decl in itertools.islice(itertools.product(words, repeat=n), 0, None, 7 if n > 5 else 1):
            assert _seats_of(decl) == _seats_by_hand(decl), decl


@pytest.mark.parametrize("variant,mix", [("prikup", {}), ("shleif", {}),
                                         ("prikup", {"stock_exhausted": "reshuffle_discards",
                                                     "purchase_price_per_card": 3}),
                                         ("shleif", {"purchase_price_per_card": 6, "razrez_allowed": True})])
def test_each_purchase_moves_the_cards_and_money_it_names(variant, mix):
    """Every purchase step, predicted from the rules (``stukolka-rule-purchase``): the thrown cards
    leave the hand in the hand's order, as many come off the top of the stock, each bought card
    costs the price, and the history holds the canonical string."""
    n = 5 if variant == "prikup" else 4
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"purchase {variant} {sorted(mix.items())}")
    steps = 0
    for state in _decisions(rules, rng, 150):
        aid = rng.choice(state.legal_action_ids())
        p = state.current_player()
        usual = (state.phase is Phase.PURCHASE and not state.pending and not state.dark[p]
                 and state.action_to_string(aid).split()[0] in ("stand", "discard"))
        if not usual:
            state.apply_action_id(aid)
            continue
        word = state.action_to_string(aid)
        thrown = [c for c in state.hands[p] if CARDS[c] in word.split()[1:]]
        pool = state.stock + (state.thrown + thrown if len(state.stock) < len(thrown)
                              and rules.stock_exhausted == "reshuffle_discards" else [])
        got = pool[:len(thrown)]
        before = state.clone()
        state.apply_action_id(aid)
        keep = [c for c in before.hands[p] if c not in thrown]
        assert state.history()[-1] == word == ("stand" if not thrown else
                                               "discard " + " ".join(CARDS[c] for c in thrown))
        assert state.hands[p][:len(keep) + len(got)] == keep + got
        assert state.bought[p] - before.bought[p] == len(got)
        assert state.discarded[p] - before.discarded[p] == len(thrown)
        cost = rules.purchase_price_per_card * len(got)
        assert before.balances[p] - state.balances[p] == cost
        assert state.table - before.table == cost
        steps += 1
    assert steps > 100


def test_a_clone_does_not_share_the_table():
    s = StukolkaState(StukolkaRules(variant="golets", n_players=4), dealer=0)
    for a in ("shuffle 3", "cut 26", "deal"):
        s.apply_action(a)
    legal = s.legal_actions()
    twin = s.clone()
    assert twin == s
    twin.apply_action(legal[0])
    assert twin != s and s.legal_actions() == legal


# ---------------------------------------------------------------------- the grammar
def _dealt(variant: str = "prikup") -> StukolkaState:
    s = StukolkaState(StukolkaRules(variant=variant, n_players=3), dealer=0)
    for a in ("shuffle 7", "cut 26", "deal"):
        s.apply_action(a)
    return s


def _refused(state: StukolkaState, action: object) -> StukolkaError:
    before = state.clone()
    history = state.history()
    with pytest.raises((InvalidActionError, IllegalActionError)) as info:
        state.apply_action(action)  # type: ignore[arg-type]
    assert state == before and state.history() == history
    rule = getattr(info.value, "rule", "")
    assert rule.startswith("stukolka-rule-"), (action, str(info.value))
    assert f"[{rule}]" in str(info.value)
    return info.value


def test_overlong_input_is_refused_before_parsing():
    s = StukolkaState(StukolkaRules(), dealer=0)
    s.apply_action("shuffle 1")
    exc = _refused(s, "cut " + "9" * 5000)
    assert isinstance(exc, InvalidActionError) and exc.rule == "stukolka-rule-actions"
    assert len(str(exc)) < 300 and "5004 characters" in str(exc)
    assert _refused(s, "x" * (MAX_ACTION_LENGTH + 1)).rule == "stukolka-rule-actions"


@pytest.mark.parametrize("action", ["shuffle ²", "shuffle ٣", "shuffle 1 2", "shuffle", "shuffle -1",
                                    "shuffle 1.0", "cut ²", "cut 2 6", "cut x", "blind", "deal expose ²"])
def test_numbers_are_ascii_digits(action):
    s = StukolkaState(StukolkaRules(), dealer=0)
    if action.startswith("cut"):
        s.apply_action("shuffle 1")
    assert _refused(s, action).rule in ("stukolka-rule-actions", "stukolka-rule-deal", "stukolka-rule-cut")


@pytest.mark.parametrize("action", ["knock now", "pass pass", "knock K♥", "golets 1", "look here",
                                    "refuse shleif please", "stand 7♦", "deal again", "", "   ", "?"])
def test_extra_words_are_refused_in_the_declaration(action):
    s = _dealt()
    exc = _refused(s, action)
    assert exc.rule in ("stukolka-rule-actions", "stukolka-rule-declare")


@pytest.mark.parametrize("action", [None, 3, b"knock", ["knock"], ("pass",)])
def test_non_strings_are_refused_with_the_grammar_rule(action):
    s = _dealt()
    assert _refused(s, action).rule == "stukolka-rule-actions"


def test_play_with_extra_words_and_words_out_of_phase():
    s = _dealt("golets")
    while s.phase is not Phase.PLAY:
        acts = s.legal_actions()
        s.apply_action("knock" if "knock" in acts else acts[0])
    card = s.legal_actions()[0]
    _refused(s, card + " now")
    _refused(s, card + " " + card)
    assert _refused(s, "knock").rule == "stukolka-rule-actions"
    p = s.current_player()
    stranger = next(c for c in CARDS if CARDS.index(c) not in s.hands[p])
    assert _refused(s, f"play {stranger}").rule == "stukolka-rule-violation"
    s.apply_action(card.lower().replace("play", "PLAY"))       # another spelling is read
    assert s.history()[-1] == card                             # and stored canonically


def test_the_deal_over_names_a_rule():
    s = _dealt()
    for _ in range(3):
        s.apply_action("pass")
    assert s.is_terminal()
    assert _refused(s, "knock").rule == "stukolka-rule-rotation"


def test_history_holds_only_canonical_actions():
    rng = random.Random(5)
    rules = StukolkaRules(variant="prikup", n_players=4)
    for _ in range(10):
        s = StukolkaState(rules, dealer=1)
        s.apply_action(" SHUFFLE   0012 ")
        s.apply_action("Cut 007")
        s.apply_action("DEAL")
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            s.apply_action(a.upper() if rng.random() < 0.5 else a)
        assert s.history()[:2] == ["shuffle 12", "cut 7"]
        replay = StukolkaState(rules, dealer=1)
        for a in s.history():
            replay.apply_action(a)
            assert replay.history()[-1] == a                     # canonical: replays as written
        assert replay == s


@pytest.mark.parametrize("variant,mix,seen", [
    ("golets", {"golets_burn_card": True, "irregularities": True}, {"dead", "events", "exposed", "stock"}),
    ("prikup", {"dark_allowed": True, "razrez_allowed": True, "violation_mode": "penalize",
                "stock_exhausted": "reshuffle_discards"},
     {"dead", "stock", "queue", "dark", "razrez_buyers", "violations"}),
    ("shleif", {"dark_allowed": True, "razrez_allowed": True, "irregularities": True},
     {"events", "exposed", "stock", "queue", "dark", "razrez_buyers"}),
    ("obligatory", {"violation_mode": "penalize", "redeal_if_dealer_holds_trump_ace": True},
     {"dead", "events", "stock", "violations"})])
def test_lists_shared_with_the_prototype_are_never_changed_in_place(variant, mix, seen):
    """A new state shares the lists of ``_slots.REBOUND`` with its prototype (the engine puts a new
    list in place of one it changes); after deals that add events, dead and exposed cards, dark
    players, razrez buyers and violations, a new state's lists are still those of a state set
    up from scratch, and so are the prototype's."""
    rules = _rules(variant, 5, mix)
    assert rules is not None
    scratch = object.__new__(StukolkaState)
    scratch._setup(rules, 0, 0, None)
    start = {name: list(getattr(scratch, name)) for name in _slots.REBOUND}
    rng = random.Random(f"shared {variant}")
    changed = set()
    for state in _decisions(rules, rng, 60):
        fresh = StukolkaState(rules, dealer=0)
        for name in _slots.REBOUND:
            if getattr(state, name) != start[name]:
                changed.add(name)
            assert getattr(fresh, name) == start[name], name
        legal = state.legal_action_ids()
        if state.phase is Phase.PLAY and rules.violation_mode == "penalize":
            wrong = [c for c in state.hands[state.current_player()] if c not in legal]
            if wrong and rng.random() < 0.5:      # a card the rules forbid: a violation
                state.apply_action(f"play {CARDS[rng.choice(wrong)]}")
                continue
        state.apply_action_id(rng.choice(legal))
    protos = [p for p in _slots.PROTOTYPES.values() if p[0] is rules]
    assert protos and all(dict(zip(_slots.SLOTS, p[1]))[name] == start[name] for p in protos
                          for name in _slots.REBOUND)
    assert seen <= changed, seen - changed


def test_a_state_keeps_every_attribute_in_a_slot_set_on_every_path():
    """A state has no instance dict (its attributes are the slots of ``_slots.SLOTS``), and every slot
    is set whichever way the state was made: set up afresh, copied from its prototype, cloned
    in the middle of a deal, or read back from its record."""
    _CACHES, _SLOTS, _attributes = _slots.CACHES, _slots.SLOTS, _slots.attributes
    rules = StukolkaRules(variant="shleif", n_players=5, dark_allowed=True, razrez_allowed=True)
    fresh = StukolkaState(rules, dealer=2, carry=15)
    copied = StukolkaState(rules, dealer=2, carry=15)       # from the prototype of the first
    first_deal = StukolkaState(StukolkaRules(variant="golets", n_players=4))      # the seat draw
    rng = random.Random("slots")
    mid = StukolkaState(rules, dealer=2, carry=15)
    while not mid.is_terminal() and len(mid.history()) < 12:
        if mid.is_chance_node():
            mid.apply_action(sample_chance(mid, rng))
        else:
            mid.apply_action_id(rng.choice(mid.legal_action_ids()))
    again = StukolkaState.from_record(mid.to_record())
    for state in (fresh, copied, first_deal, mid, mid.clone(), again):
        assert not hasattr(state, "__dict__")
        assert set(_attributes(state)) == set(_SLOTS)      # (an unset slot would raise here)
    with pytest.raises(AttributeError):
        fresh.not_an_attribute = 1  # type: ignore[attr-defined]
    position = [k for k in _SLOTS if k not in _CACHES]
    assert [_attributes(copied)[k] for k in position] == [_attributes(fresh)[k] for k in position]
    assert mid.clone() == mid == again and mid.clone().history() == mid.history()


@pytest.mark.parametrize("variant,mix", [("shleif", {}), ("golets", {"violation_mode": "penalize"}),
                                         ("prikup", {"must_beat": "led_card", "razrez_allowed": True}),
                                         ("obligatory", {"violation_mode": "penalize",
                                                         "violator_forfeits_tricks": True})])
def test_the_winner_noted_as_a_trick_grows_is_the_trick_winner(variant, mix):
    """The state notes the card winning the trick so far (``_win``) as cards go in, by either API
    and in penalize mode by violations too: at every card of a trick begun it is
    :func:`~stukolka.stukolka.play.trick_winner` of the trick (``stukolka-rule-trick-winner``),
    and each finished trick went to its winner."""
    from stukolka.stukolka.play import trick_winner
    rules = _rules(variant, 5, mix)
    assert rules is not None
    rng = random.Random(f"winner {variant}")
    noted = 0
    for state in _decisions(rules, rng, 40):
        if state.phase is Phase.PLAY and state.trick:
            assert state._win == trick_winner(state.trick, state.trump_suit), state.trick
            noted += 1
        legal = state.legal_action_ids()
        if state.phase is Phase.PLAY:
            wrong = [c for c in state.hands[state.current_player()] if c not in legal]
            if wrong and rules.violation_mode == "penalize" and rng.random() < 0.3:
                state.apply_action(f"play {CARDS[rng.choice(wrong)]}")      # a violation
                continue
            if rng.random() < 0.2:                                           # a string
                state.apply_action(state.action_to_string(rng.choice(legal)))
                continue
        state.apply_action_id(rng.choice(legal))
        if state.is_terminal():
            assert all(w == trick_winner(t, state.trump_suit)[0] for t, w in state.tricks)
    assert noted > 30
