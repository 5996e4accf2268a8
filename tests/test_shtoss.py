"""Shtoss / Pharaon acceptance cases SH-01 .. SH-23 (spec 6.2), errors and properties."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from stukolka.base import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, RulesError
from stukolka.cards import card_rank, deck, parse_card
from stukolka.shtoss import (
    POSITION_PRESETS, Pharaon, Session, ShtossRules, ShtossState, queen_of_spades,
    replay_queen_of_spades, settle_card,
)

FILL = "2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ 2♥ 3♥"  # no sevens, no queens


def deal(stake, order, rules=None, kush=10, punters=1, cut=5):
    """One deal: stakes (a list of action lists per punter), the deck, every abcug turned."""
    s = ShtossState(rules or ShtossRules(), punters=punters, initial_kush=kush)
    for acts in (stake if isinstance(stake[0], list) else [stake]):
        for a in acts:
            s.apply_action(a)
        s.apply_action("done")
    s.apply_action(f"cut {cut}")
    s.apply_action(f"deck {order}")
    while not s.is_terminal():
        s.apply_action("next")
    return s


def prefix(n, last):
    return " ".join(FILL.split()[:n] + [last])


def test_SH_01_lob_kills():
    s = deal(["stake 7♦"], "7♠ K♣")
    assert s.returns() == [10, -10]
    assert s.settlements[0].position == 1 and s.settlements[0].rule == "shtoss-rule-lob-kills"


def test_SH_02_sonic_wins():
    s = deal(["stake 7♦"], "K♣ 7♥")
    assert s.returns() == [-10, 10] and s.settlements[0].position == 2


@pytest.mark.parametrize("pos, punter", [(3, -10), (4, 10), (5, -10), (6, 10)])
def test_SH_03_odd_banker_even_punter(pos, punter):
    s = deal(["stake 7♦"], prefix(pos - 1, "7♥"))
    assert s.settlements[0].position == pos and s.returns()[1] == punter


@pytest.mark.parametrize("rule, amount", [("banker_wins", -10), ("half", -5), ("push", 0)])
def test_SH_04_plie(rule, amount):
    s = deal(["stake 7♦"], "7♣ 7♥", ShtossRules(plie_rule=rule))
    st_ = s.settlements[0]
    assert st_.amount == amount and st_.rule == "shtoss-rule-plie" and s.returns()[0] == -amount


@pytest.mark.parametrize("rules", [ShtossRules(), ShtossRules(thirds=True, thirds_applies_to="wins_only")])
def test_SH_05_banker_collects_three(rules):
    s = deal(["stake J♣ 3"], "J♥ 2♠", rules, kush=3)
    assert s.returns()[0] == 3


@pytest.mark.parametrize("sonic, win", [("Q♠", 3), ("Q♣", 2), ("Q♥", 1), ("Q♦", 1)])
def test_SH_06_thirds_pay_by_suit(sonic, win):
    s = deal(["stake Q♠ 3"], f"2♦ {sonic}", ShtossRules(thirds=True), kush=3)
    assert s.returns()[1] == win and "thirds" in s.settlements[0].modifiers


def test_SH_07_thirds_kush_divisible_by_three():
    s = ShtossState(ShtossRules(thirds=True), initial_kush=3)
    before = (repr(s), str(s), s.history())
    with pytest.raises(IllegalActionError, match=r"'stake Q♠ 10'.*divisible by 3.*H-6"):
        s.apply_action("stake Q♠ 10")
    assert (repr(s), str(s), s.history()) == before
    with pytest.raises(RulesError):
        ShtossState(ShtossRules(thirds=True), initial_kush=3).apply_action("stake Q♠ 10")


@pytest.mark.parametrize("applies, loss", [("both", -2), ("wins_only", -3)])
def test_SH_08_thirds_loss_side(applies, loss):
    s = deal(["stake Q♠ 3"], "Q♣ 2♦", ShtossRules(thirds=True, thirds_applies_to=applies), kush=3)
    assert s.returns()[1] == loss


def test_SH_09_lob_half():
    r = ShtossRules(lob_half=True)
    assert deal(["stake 7♦"], "7♠ K♣", r).returns()[1] == -5
    assert deal(["stake 7♦"], prefix(2, "7♠"), r).returns()[1] == -10
    assert deal(["stake 7♦"], "7♠ K♣", r).settlements[0].rule == "shtoss-rule-lob-half"
    same = ShtossRules(lob_half=True, lob_half_requires_same_suit=True)
    assert deal(["stake 7♦"], "7♠ K♣", same).returns()[1] == -10
    assert deal(["stake 7♦"], "7♦ K♣", same).returns()[1] == -5


def test_SH_10_lob_full_gorka_half():
    r = ShtossRules(position_payouts="lob_full_gorka_half")
    assert [deal(["stake 7♦"], prefix(p - 1, "7♥"), r).returns()[1] for p in (1, 3, 5)] == [-10, -5, -10]
    assert r.position_payouts == tuple(POSITION_PRESETS["lob_full_gorka_half"].items())


def test_SH_11_eleven_wins():
    r = ShtossRules(position_payouts="eleven_wins")
    s = deal(["stake 7♦"], prefix(10, "7♥"), r)
    assert s.settlements[0].position == 11 and s.returns()[1] == 10


@pytest.mark.parametrize("q13, result", [("Q♠", 20), ("Q♣", -10)])
def test_SH_12_thirteenth_card(q13, result):
    r = ShtossRules(thirteenth_card_premium=True)
    s = deal(["stake Q♠"], prefix(12, q13), r)
    assert s.settlements[0].position == 13 and s.returns()[1] == result


@pytest.mark.parametrize("order, result", [("K♣ Q♦", 10), ("Q♦ K♣", -10)])
def test_SH_13_pair_bet(order, result):
    s = deal(["pair Q♠ Q♥ 5"], order, kush=5)
    assert s.returns()[1] == result
    with pytest.raises(IllegalActionError, match="H-11"):
        ShtossState(ShtossRules(pair_bets=False)).apply_action("pair Q♠ Q♥ 5")


def test_SH_14_raise_then_reset():
    s = Session(initial_kush=10)
    assert s.next_kush(10, Fraction(10), Fraction(10)) == 20       # max win: paroli x2
    assert s.next_kush(20, Fraction(10), Fraction(20)) == 30       # half-max win: x1.5
    assert s.next_kush(30, Fraction(-30), Fraction(30)) == 10      # loss: initial kush
    # the same run played out under thirds (kush 12): Q♠ wins on Q♠, then on Q♥, then loses
    t = Session(ShtossRules(thirds=True), initial_kush=12)
    t.play(["stake Q♠", "done", "cut 3", "deck 2♦ Q♠", "next"])
    assert t.kush["punter"] == 24
    t.play(["stake Q♠", "accept", "done", "cut 3", "deck 2♦ Q♥", "next"])
    assert t.kush["punter"] == 36
    t.play(["stake Q♠", "accept", "done", "cut 3", "deck Q♥ 2♦", "next"])
    assert t.kush["punter"] == 12
    assert t.capitals["punter"] == 12 + 8 - 12 and sum(t.capitals.values()) == 0


def test_SH_15_volny_kush_forbids_refusal():
    s = ShtossState(ShtossRules(), initial_kush=10)
    s.apply_action("stake 7♦ 20")
    assert s.current_player() == 0 and s.legal_actions() == ["refuse", "accept"]
    s.apply_action("refuse")
    assert s.stakes == [] and s.current_player() == 1
    v = ShtossState(ShtossRules(volny_kush=True), initial_kush=10)
    v.apply_action("stake 7♦ 20")
    assert v.current_player() == 1
    with pytest.raises(IllegalActionError, match="free kush"):
        v.apply_action("refuse")
    assert len(v.stakes) == 1


def test_SH_16_first_evening():
    assert replay_queen_of_spades()[0] == 94000


def test_SH_17_second_evening():
    assert replay_queen_of_spades()[1] == 188000


def test_SH_18_third_evening_as_intended():
    assert replay_queen_of_spades(intended=True)[2] == 376000


def test_SH_19_third_evening_queen_killed_on_the_lob():
    assert replay_queen_of_spades()[2] == 0
    assert replay_queen_of_spades(ShtossRules(lob_half=True))[2] == 94000
    rec = queen_of_spades()
    assert [e["expect_capital"] for e in rec["evenings"]] == [94000, 188000, 0]


@pytest.mark.parametrize("wins, factor", [(8, 256), (10, 1024)])
def test_SH_20_series_of_doublings(wins, factor):
    k = 5
    s = Session(initial_kush=k)
    for _ in range(wins):
        acts = ["stake 7♦"] + (["accept"] if s.kush["punter"] > k else []) + ["done", "cut 3", "deck K♣ 7♥", "next"]
        s.play(acts)
    assert s.kush["punter"] == factor * k
    assert s.capitals["punter"] == k * (factor - 1)


def test_SH_21_several_punters():
    s = ShtossState(ShtossRules(), punters=3, initial_kush=10)
    for a in ["stake 7♦", "done", "stake 7♣", "done", "stake K♥", "done", "cut 9",
              "deck 2♠ 3♠ 7♥ 4♠ 5♠ 6♠ 8♠ K♦"]:
        s.apply_action(a)
    s.apply_action("next")
    s.apply_action("next")
    assert [(x.punter, x.position) for x in s.settlements] == [(1, 3), (2, 3)]
    assert not s.is_terminal() and len(s.open_stakes()) == 1
    s.apply_action("next")
    assert not s.is_terminal()
    s.apply_action("next")
    assert s.is_terminal() and s.settlements[-1].position == 8
    assert s.returns() == [10, -10, -10, 10]


@pytest.mark.parametrize("bad", ["stake 7♦ 20", "stake 8♦ 10", "pair 7♦ 7♣ 10", "done"])
def test_SH_22_no_changes_after_podrezka(bad):
    s = ShtossState(ShtossRules(), initial_kush=10)
    for a in ["stake 7♦", "done", "cut 10"]:
        s.apply_action(a)
    before = (repr(s), str(s), s.history(), s.stakes)
    with pytest.raises(IllegalActionError, match="podrezka|phase"):
        s.apply_action(bad)
    assert (repr(s), str(s), s.history(), s.stakes) == before
    s.apply_action("deck K♣ 2♥")
    s.apply_action("next")
    with pytest.raises(IllegalActionError):
        s.apply_action("stake 7♦ 20")


def test_SH_23_pharaon_named_ace_falls_right():
    g = Pharaon()
    assert g.current_player() == 0
    for a in ["bank 1000", "name A 100", "deck 5♠ 9♥ A♣ K♦"]:
        g.apply_action(a)
    while not g.is_terminal():
        g.apply_action("next")
    assert g.returns() == [100, -100]
    assert g.settlements[0].position == 3 and g.settlements[0].rule == "shtoss-rule-odd-even"


# --------------------------------------------------------------------------- errors
def test_card_not_in_a_36_card_deck():
    s = ShtossState(ShtossRules(deck_size=36))
    with pytest.raises(IllegalActionError, match=r"'stake 2♠ 1'.*not in a 36-card deck"):
        s.apply_action("stake 2♠ 1")
    assert s.history() == [] and s.stakes == []


@pytest.mark.parametrize("bad", ["stake Z♠ 5", "stake Q♠ five", "", "dance", "stake", 42])
def test_unreadable_actions(bad):
    s = ShtossState()
    with pytest.raises((InvalidActionError, IllegalActionError)) as e:
        s.apply_action(bad)
    assert repr(bad) in str(e.value) or bad == ""
    assert s.history() == []


@pytest.mark.parametrize("kw, text", [
    ({"deck_size": 40}, "deck_size=40"), ({"plie_rule": "split"}, "plie_rule='split'"),
    ({"thirds_scope": "lob"}, "H-6"), ({"position_payouts": "nine"}, "H-8"),
    ({"position_payouts": {60: 1}}, "H-8"), ({"premiums": {"jackpot": 1}}, "H-9"),
    ({"raise_max_factor": Fraction(1, 2)}, "H-10"), ({"family_bank": True}, "H-14"),
    ({"podrezka_by": "nobody"}, "H-3"), ({"max_kush_ratio": 0}, "H-5"), ({"lob_half": 1}, "lob_half"),
])
def test_rules_validation(kw, text):
    with pytest.raises(RulesError, match=text.replace("(", r"\(")):
        ShtossRules(**kw)


def test_rules_exact_and_repr():
    r = ShtossRules(max_kush_ratio=1.5, position_payouts={3: "1/2"}, raise_half_max_factor="3/2")
    assert r.max_kush_ratio == Fraction(3, 2) and r.payout(3) == Fraction(1, 2)
    assert "0x" not in repr(r) and repr(ShtossRules()) == "ShtossRules()"
    assert ShtossRules.from_options({"shtoss": {"raise": {"max_factor": 3}}}).raise_max_factor == 3
    with pytest.raises(RulesError):
        ShtossRules.from_options({"shtoss": {"bogus": 1}})


def test_limits():
    s = ShtossState(ShtossRules(max_kush_ratio=2), initial_kush=10)
    with pytest.raises(IllegalActionError, match="more than 2 times the opening kush"):
        s.apply_action("stake 7♦ 21")
    b = ShtossState(ShtossRules(bank_limit=25, banker_may_refuse_kush=False), initial_kush=10)
    b.apply_action("stake 7♦ 20")
    with pytest.raises(IllegalActionError, match="more than the bank of"):
        b.apply_action("stake 8♦ 10")


def test_mid_deal_bets_and_marker():
    r = ShtossRules(mid_deal_bets=True, cut_marker_removed=True)
    s = ShtossState(r, initial_kush=10)
    for a in ["stake 7♦", "done", "cut 4", "deck K♣ 2♥ 7♥"]:
        s.apply_action(a)
    with pytest.raises(IllegalActionError, match="H-13"):
        s.apply_action("stake 8♦")
    s.apply_action("next")
    assert s.phase == "bets" and s.current_player() == 1
    s.apply_action("stake K♦ 10")       # one K already out: three left to decide it
    s.apply_action("done")
    s.apply_action("next")
    assert [x.position for x in s.settlements] == [3]
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
    assert s.dealt <= 51 and len(s.settlements) == 2


def test_observation_hides_banker_deck_and_display():
    s = ShtossState(initial_kush=10)
    for a in ["stake Q♠", "done", "cut 7", "shuffle 3"]:
        s.apply_action(a)
    obs = s.observation(1)
    assert obs.right == () and obs.undealt == 52 and obs.stakes[0].cards == (parse_card("Q♠"),)
    assert s.observation(0).stakes[0].cards is None and "Q♠" not in str(s.observation(0))
    assert "Q♠" in str(obs)
    s.apply_action("next")
    text = str(s)
    assert "lob" in text and "right (banker)" in text
    assert "0x" not in repr(s) and "<svg" in s._repr_html_()


def test_chance_nodes_and_random_play():
    s = ShtossState(initial_kush=10)
    for a in ["stake Q♠", "done", "cut 7"]:
        s.apply_action(a)
    assert s.current_player() == CHANCE
    outs = s.chance_outcomes()
    assert len(outs) == 52 and sum(p for _, p in outs) == 1
    c = s.clone()
    c.apply_action(outs[0][0])
    assert s.current_player() == CHANCE and c.history()[-1] == outs[0][0]
    assert c.current_player() == CHANCE     # the abcug needs its second card
    c.apply_action(c.chance_outcomes()[0][0])
    assert c.current_player() == 0 and c.legal_actions() == ["next"]


# --------------------------------------------------------------------------- properties
rules_st = st.builds(
    ShtossRules,
    deck_size=st.sampled_from([52, 36, 32]), plie_rule=st.sampled_from(["banker_wins", "half", "push"]),
    lob_half=st.booleans(), thirds=st.booleans(), thirteenth_card_premium=st.booleans(),
    position_payouts=st.sampled_from([None, "lob_full_gorka_half", "eleven_wins"]),
    cut_marker_removed=st.booleans(), volny_kush=st.booleans(),
)


@settings(derandomize=True, database=None, max_examples=60, deadline=None)
@given(rules=rules_st, seed=st.integers(0, 10**6), data=st.data())
def test_property_each_stake_settled_once_and_chips_conserved(rules, seed, data):
    punters = data.draw(st.integers(1, 3))
    cards = deck(rules.deck_size)
    s = ShtossState(rules, punters=punters, initial_kush=3)
    for p in range(1, punters + 1):
        picks = data.draw(st.lists(st.sampled_from(list(cards)), min_size=1, max_size=3, unique=True))
        for c in picks:
            s.apply_action(f"stake {c} {data.draw(st.sampled_from([3, 6, 9]))}")
            if s.current_player() == 0:
                s.apply_action("accept")
        s.apply_action("done")
    s.apply_action(f"cut {data.draw(st.integers(1, rules.deck_size - 1))}")
    s.apply_action(f"shuffle {seed}")
    while not s.is_terminal():
        s.apply_action("next")
    assert len(s.settlements) == len(s.stakes)
    assert sorted((x.punter, tuple(x.cards)) for x in s.settlements) == \
        sorted((x.punter, tuple(x.cards)) for x in s.stakes)
    assert sum(s.returns()) == 0
    order = s._order
    for x in s.settlements:
        ranks = [card_rank(c) for c in order[:s.deal_length]]
        pos = ranks.index(card_rank(x.cards[0])) + 1
        assert x.position == pos and x.deciding == order[pos - 1]
        plie = pos % 2 == 1 and pos < s.deal_length and ranks[pos] == ranks[pos - 1]
        assert x.amount == settle_card(rules, x.cards[0], x.kush, pos, order[pos - 1], plie, s.deal_length)[0]


@settings(derandomize=True, database=None, max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_random_play_through_chance_outcomes(seed):
    import random
    rng = random.Random(seed)
    s = ShtossState(ShtossRules(deck_size=32), punters=2, initial_kush=2)
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            acts = s.legal_actions()
            a = "done" if ("done" in acts and rng.random() < 0.5) else rng.choice(acts)
            s.apply_action(a)
    assert s.current_player() == TERMINAL and sum(s.returns()) == 0
    assert len(s.settlements) == len(s.stakes)


def test_alternate_banker_and_capitals():
    s = Session(ShtossRules(alternate_banker=True), players=("A", "B", "C"), initial_kush=2)
    assert s.banker == "A" and s.punters == ["B", "C"]
    s.play(["stake 7♦", "done", "stake K♦", "done", "cut 3", "deck 7♠ K♣", "next"])
    assert s.banker == "B" and s.capitals == {"A": 0, "B": -2, "C": 2}
    assert sum(s.capitals.values()) == 0 and "0x" not in repr(s)


def test_pharaon_errors_leave_state_unchanged():
    g = Pharaon(ShtossRules(deck_size=36))
    with pytest.raises(IllegalActionError, match="bank"):
        g.apply_action("name A 10")
    g.apply_action("bank 100")
    for bad in ("name 2 10", "name A 200", "name A ten"):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            g.apply_action(bad)
    assert g.history() == ["bank 100"] and g.named is None
    g.apply_action("name Q♠ 50")
    assert g.current_player() == CHANCE and "0x" not in repr(g)


# --------------------------------------------------------------------------- stop: no more stakes this deal
def _mid_deal(punters=2):
    return ShtossState(ShtossRules(mid_deal_bets=True), punters=punters, initial_kush=2)


def test_stop_lets_the_stakes_ride_without_a_stop_between_abcugs_shtoss_rule_mid_deal_bets():
    """H-13: a punter who says ``stop`` is not asked again this deal; once every punter has said it,
    the banker turns abcug after abcug with no round of stakes between them."""
    s = _mid_deal()
    for a in ["stake Q♠", "stop", "stake 7♦", "done", "cut 26", "deck 9♣ 3♠ 8♥ 4♦ 5♣ 6♠"]:
        s.apply_action(a)
    s.apply_action("next")
    assert s.phase == "bets" and s.current_player() == 2          # punter 1 stopped: only punter 2 is asked
    assert s.legal_actions()[-2:] == ["done", "stop"]
    s.apply_action("stop")
    assert s.phase == "deal" and s.current_player() == 0 and s.stopped == {1, 2}
    decisions = 0
    while not s.is_terminal():
        assert s.current_player() == 0, "no punter is asked again"
        s.apply_action("next")
        decisions += 1
    assert all(st.punter in (1, 2) for st in s.settlements) and len(s.settlements) == 2
    assert ShtossState.from_record(s.to_record()) == s


def test_stop_before_the_cut_and_a_stake_between_abcugs_then_stop():
    s = _mid_deal(punters=1)
    assert s.legal_actions()[-1] != "stop"                           # he must stake first
    s.apply_action("stake Q♠")
    assert s.legal_actions()[-2:] == ["done", "stop"]
    s.apply_action("done")                                           # done for now: asked after each abcug
    s.apply_action("cut 26")
    s.apply_action("deck 9♣ 3♠ 8♥ 4♦ 5♣ 6♠")
    s.apply_action("next")
    assert s.phase == "bets"
    s.apply_action("stake 8♦")
    s.apply_action("stop")
    assert s.phase == "deal"
    while not s.is_terminal():
        s.apply_action("next")
    assert [st.rule for st in s.settlements][0] == "shtoss-rule-odd-even"
    assert s.history()[:8] == ["stake Q♠ 2", "done", "cut 26", "deck 9♣ 3♠ 8♥ 4♦ 5♣ 6♠", "next", "stake 8♦ 2",
                               "stop", "next"]


def test_stop_when_every_stake_is_decided_ends_the_deal():
    s = _mid_deal(punters=1)
    for a in ["stake 3♦", "done", "cut 26", "deck 9♣ 3♠", "next"]:   # the sonic decides 3♦: the punter wins
        s.apply_action(a)
    assert s.phase == "bets" and not s.open_stakes()
    s.apply_action("stop")
    assert s.is_terminal() and s.returns() == [-2, 2]


def test_stop_is_refused_without_stakes_between_abcugs_and_out_of_turn():
    s = ShtossState(ShtossRules(), initial_kush=2)
    s.apply_action("stake Q♠")
    assert "stop" not in s.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("stop")
    assert e.value.rule == "shtoss-rule-mid-deal-bets" and s.history() == ["stake Q♠ 2"]
    m = _mid_deal(punters=1)
    for a in ["stake Q♠", "stop", "cut 26"]:
        m.apply_action(a)
    with pytest.raises(IllegalActionError):
        m.apply_action("stop")                                       # the chance node: nobody stakes now


def test_old_records_with_done_after_every_abcug_still_replay():
    """A record written before ``stop`` (a ``done`` after each abcug) replays to the same deal."""
    s = _mid_deal(punters=1)
    for a in ["stake Q♠", "done", "cut 26", "deck 9♣ 3♠ 8♥ 4♦ 5♣ 6♠ 7♣ Q♥"]:
        s.apply_action(a)
    while not s.is_terminal():
        s.apply_action("next" if s.current_player() == 0 else "done")
    rec = s.to_record()
    assert rec["actions"].count("done") > 1 and "stop" not in rec["actions"]
    again = ShtossState.from_record(rec)
    assert again == s and again.returns() == s.returns() == [-2, 2]


def test_stop_is_described_in_words():
    s = _mid_deal(punters=1)
    s.apply_action("stake Q♠")
    info = s.describe_action("stop")
    assert (info.kind, info.words, info.said, info.rule) == (
        "stop", "No more stakes this deal: let my stakes ride", "stakes nothing more this deal",
        "shtoss-rule-mid-deal-bets")
    assert s.describe_action("done").words == "Done for now (I may stake again between abcugs)"
    assert s.view(1)["stopped"] == [] and s.view(1)["mid_deal_bets"] is True
