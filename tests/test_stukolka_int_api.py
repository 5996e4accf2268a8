"""The int action API of the Stukolka engine agrees with the string API at every node.

``legal_action_ids()`` / ``apply_action_id`` / ``action_to_string`` / ``string_to_action`` number
the actions by one fixed table (``stukolka.stukolka.state.ACTION_IDS``: a card's play is the card,
the words, cuts, seeds and discards have blocks of their own).  Over seeded random deals of every
variant and option set these tests check, at each node, that the two legal lists map one to one
and in order, that the same action through either API leaves equal states, histories and views,
that the play phase's ids are the cards :func:`stukolka.stukolka.play.card_options` allows
(``stukolka-rule-follow-suit``, ``stukolka-rule-must-beat`` and the rest of the play rules), and
that an illegal id is refused with the very error its string gets (``stukolka-rule-actions`` for
an id outside the table).  The constructor's and ``clone``'s copies and the state's own chance
draw are checked against the slow ways they replace.
"""

from __future__ import annotations

import random

import pytest

from stukolka.base import CHANCE, sample_chance
from stukolka.errors import InvalidActionError, StukolkaError
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, Phase, StukolkaRules, StukolkaState
from stukolka.stukolka.play import card_options
from stukolka.stukolka.actions import ACTION_IDS, discard_id

OPTION_MIXES = [
    {},
    {"violation_mode": "penalize"},
    {"violation_mode": "penalize", "violator_forfeits_tricks": True, "max_one_remiz_per_player": False},
    {"must_beat": "led_card", "must_overtrump": False, "marriage_exemption": False},
    {"must_undertrump": False, "lead_king_if_ace_turned": True, "lead_trump_ace": False},
    {"dark_allowed": True, "razrez_allowed": True, "stock_exhausted": "reshuffle_discards"},
    {"irregularities": True, "ante_mode": "all_players", "purchase_price_per_card": 3},
    {"golets_partial_purchase": True, "golets_burn_card": True, "golets_dealer_policy": "must_defend_single"},
    {"shleif_dealer_may_discard_trump_card": False, "shleif_refusal_allowed": False,
     "prikup_dealer_must_defend_single": False, "all_pass": "carry_over"},
]


def _cases():
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in sorted({lo, hi}):
            for i, mix in enumerate(OPTION_MIXES):
                yield pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}")


def _refusal(state: StukolkaState, apply, action) -> tuple[type, str, str] | None:
    """Apply ``action`` with ``apply`` to a clone: ``None`` if accepted, else the error's
    (type, text, rule); a refused action must leave the clone unchanged."""
    probe = state.clone()
    try:
        apply(probe, action)
    except StukolkaError as exc:
        assert probe == state and probe.history() == state.history()
        return type(exc), str(exc), getattr(exc, "rule", "")
    return None


def _by_id(s, a):
    s.apply_action_id(a)


def _by_string(s, a):
    s.apply_action(a)


@pytest.mark.parametrize("variant,n,mix", list(_cases()))
def test_ids_and_strings_agree_at_every_node(variant, n, mix):
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"ids-{variant}-{n}-{sorted(mix.items())}")
    nodes = plays = 0
    for deal in range(8):
        dealer = None if deal == 0 else deal % n          # the first deal starts with the seat draw
        ints, strings = StukolkaState(rules, dealer=dealer), StukolkaState(rules, dealer=dealer)
        while not ints.is_terminal():
            ids = ints.legal_action_ids()
            names = strings.legal_actions()
            assert len(ids) == len(names) == len(set(ids)) and ids, (ints.phase, ids, names)
            assert [ints.action_to_string(i) for i in ids] == names
            assert [ints.string_to_action(a) for a in names] == ids
            assert ints.legal_action_ids() == ids and strings.legal_actions() == names  # asking twice
            if ints.phase is Phase.PLAY:
                p = ints.current_player()
                cards, _ = card_options(rules, ints.hands[p], ints.trick, ints.trump_suit, me=p,
                                        exempt=ints.exempt, trump_visible=ints.trump_visible,
                                        trump_card=ints.trump_card)
                assert ids == cards                         # a card's play id is the card itself
                plays += 1
            k = rng.randrange(len(ids))
            if ints.current_player() == CHANCE and ints.phase is Phase.SHUFFLE and rng.random() < 0.5:
                seed = rng.randrange(10_000)                 # a seed beyond the listed ones: strings only
                ints.apply_action(f"shuffle {seed}")
                strings.apply_action(f"shuffle {seed}")
            else:
                ints.apply_action_id(ids[k])
                strings.apply_action(names[k])
            nodes += 1
            assert ints == strings and ints.history() == strings.history()
            if nodes % 11 == 0:
                for seat in range(n):
                    assert ints.view(seat) == strings.view(seat)
        assert strings.is_terminal() and ints.returns() == strings.returns()
        assert ints.settlement() == strings.settlement()
        assert ints.to_record() == strings.to_record()
        assert [ints.view(seat) for seat in range(n)] == [strings.view(seat) for seat in range(n)]
    assert nodes > 60 and plays > 0


@pytest.mark.parametrize("variant,n,mix", [c for c in _cases() if c.values[1] == PLAYER_LIMITS[c.values[0]][0]])
def test_an_illegal_id_is_refused_as_its_string(variant, n, mix):
    """Every id of the table that is not legal now gets the error of its string (or, a card in
    ``penalize`` mode, is recorded as the same violation); the state is unchanged."""
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"bad-{variant}-{n}-{sorted(mix.items())}")
    checked = 0
    probes = list(range(0, 64)) + [100, 101, 151, 152, 200, 263, 264, 301, 330, 340, 400]
    for deal in range(4):
        state = StukolkaState(rules, dealer=deal % n)
        while not state.is_terminal():
            ids = state.legal_action_ids()
            if state.current_player() != CHANCE:
                extra = list(probes)
                if state.phase in (Phase.PURCHASE, Phase.RAZREZ):
                    hand = state.hands[state.current_player()]
                    extra += [discard_id(hand[:2]), discard_id(state.stock[:1] or [0]), discard_id(hand)]
                for aid in extra:
                    if aid in ids:
                        continue
                    try:
                        name = state.action_to_string(aid)
                    except StukolkaError as exc:         # an id with no action here: refused alike
                        assert _refusal(state, _by_id, aid) == (type(exc), str(exc), getattr(exc, "rule", ""))
                        checked += 1
                        continue
                    by_id = _refusal(state, _by_id, aid)
                    by_string = _refusal(state, _by_string, name)
                    assert by_id == by_string, (aid, name)
                    if by_id is None:                    # accepted: a violation in penalize mode
                        assert rules.violation_mode == "penalize" and state.phase is Phase.PLAY
                        a, b = state.clone(), state.clone()
                        a.apply_action_id(aid)
                        b.apply_action(name)
                        assert a == b and len(a.violations) == len(state.violations) + 1
                    else:
                        assert by_id[2].startswith("stukolka-rule-") and f"[{by_id[2]}]" in by_id[1]
                    checked += 1
            state.apply_action_id(rng.choice(ids))
    assert checked > 0


@pytest.mark.parametrize("bad", [-1, 1000, 1053, 160, 199, 999, 10 ** 9, True, 3.0, "knock", None])
def test_an_id_outside_the_table_names_the_action_grammar(bad):
    s = StukolkaState(StukolkaRules(variant="prikup", n_players=3), dealer=0)
    for a in ("shuffle 7", "cut 26", "deal"):
        s.apply_action(a)
    before = s.clone()
    with pytest.raises(InvalidActionError) as info:
        s.apply_action_id(bad)  # type: ignore[arg-type]
    assert info.value.rule == "stukolka-rule-actions" and "[stukolka-rule-actions]" in str(info.value)
    assert s == before
    with pytest.raises(InvalidActionError):
        s.action_to_string(bad)  # type: ignore[arg-type]


def test_the_id_table_is_fixed_and_its_blocks_do_not_overlap():
    spans = sorted(ACTION_IDS.values())
    for (_, hi), (lo, _) in zip(spans, spans[1:]):
        assert hi < lo
    assert ACTION_IDS["play <card>"] == (0, 51) and ACTION_IDS["knock"] == (52, 52)
    assert discard_id([7, 3]) == discard_id([3, 7]) != discard_id([3]) != discard_id([7])
    s = StukolkaState(StukolkaRules(), dealer=0)
    with pytest.raises(InvalidActionError) as info:                  # no id for a long seed
        s.string_to_action("shuffle 9999")
    assert info.value.rule == "stukolka-rule-actions"
    assert s.string_to_action("  SHUFFLE 5 ") == 205 and s.string_to_action("cut 26") == 126


def test_the_state_draws_chance_from_the_whole_space():
    """stukolka-rule-deal, stukolka-rule-seat-draw: ``sample_chance`` (the hook of
    ``stukolka.base.sample_chance``) shuffles with 64 random bits of seed and draws distinct cards
    from the whole pack, not one of the listed outcomes; each draw is accepted as it is."""
    rules = StukolkaRules(variant="golets", n_players=5)
    shuffle, draw = StukolkaState(rules, dealer=2), StukolkaState(rules, dealer=None)
    fast, generic = random.Random(11), random.Random(11)
    seeds = [shuffle.sample_chance(fast) for _ in range(2000)]
    assert seeds == [sample_chance(shuffle, generic) for _ in range(2000)]    # base.sample_chance asks the state
    assert all(a.startswith("shuffle ") and 0 <= int(a.split()[1]) < 2 ** 64 for a in seeds)
    assert len(set(seeds)) == 2000 and max(int(a.split()[1]) for a in seeds) > 2 ** 63
    listed = {a for a, _ in draw.chance_outcomes()}
    draws = [draw.sample_chance(fast) for _ in range(2000)]
    assert len(set(draws)) > 1990 and len(set(draws) & listed) < 10
    seen = set()
    for a in draws:
        cards = a.split()[1:]
        assert len(cards) == len(set(cards)) == 5
        seen.update(cards)
    assert len(seen) == 52
    for a in seeds[:20] + draws[:20]:
        (shuffle if a.startswith("shuffle") else draw).clone().apply_action(a)


def test_a_copied_set_up_is_the_set_up_made_afresh_and_shares_no_list_it_changes():
    """A new state copied from its prototype equals one built afresh and has its own copy of
    every list the engine changes in place; it shares only the lists of ``_slots.REBOUND``, which the
    engine replaces rather than changes.  A clone shares no list at all."""
    from stukolka.stukolka._slots import REBOUND as _REBOUND, attributes as _attributes
    rules = StukolkaRules(variant="shleif", n_players=4, stake=6)
    first = StukolkaState(rules, dealer=1, carry=12)
    for a in first.legal_actions()[:1] + ["shuffle 3", "cut 9", "deal"]:
        first.apply_action(a)
    again = StukolkaState(rules, dealer=1, carry=12)                        # copied from the first set-up
    fresh = StukolkaState(StukolkaRules.from_dict(rules.to_dict()), dealer=1, carry=12)  # built afresh
    assert again == fresh and again.history() == fresh.history() == []
    assert again.balances == fresh.balances == [0, -6, 0, 0]
    second = StukolkaState(rules, dealer=1, carry=12)
    for twin, source, shared in ((again, second, _REBOUND), (first.clone(), first, frozenset())):
        assert twin == source
        for name, value in _attributes(twin).items():
            if isinstance(value, list) and name not in shared:
                assert value is not _attributes(source)[name], name
        if "hands" not in shared:                  # (the deal makes a prototype copy's hands afresh)
            assert all(h is not g for h, g in zip(twin.hands, source.hands))
    again.balances[0] += 3                                                  # the copies are independent
    assert second.balances == [0, -6, 0, 0]


def _doc_section(path: str, heading: str) -> str:
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / path).read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def test_the_action_ids_section_of_the_docs_matches_the_table():
    """docs/stukolka-actions.md "Action ids" (label stukolka-rule-actions) gives every block of
    ACTION_IDS with its ids, and each id it names decodes to the action it says."""
    doc = _doc_section("docs/stukolka-actions.md", "## Action ids")
    for name, (lo, hi) in ACTION_IDS.items():
        if lo == hi:
            assert f"`{name}` {lo}" in doc, name
        elif name == "discard <cards>":
            assert f"| {lo}.. |" in doc
        else:
            assert f"| {lo}..{hi} |" in doc, name
    s = StukolkaState(StukolkaRules(), dealer=0)
    assert s.action_to_string(0) == "play 2♠" and s.action_to_string(12) == "play A♠"
    assert s.action_to_string(51) == "play A♣" and s.string_to_action("discard 2♠ A♠") == 1690
    vocab = _doc_section("docs/vocabulary.md", "# One vocabulary")
    for word in ("legal_action_ids()", "apply_action_id(i)", "action_to_string(i)", "string_to_action(a)",
                 "stukolka.stukolka.state.ACTION_IDS"):
        assert word in vocab
