"""Acceptance cases ST-01 .. ST-32 of the rules report (section 6.1), one test each."""

from __future__ import annotations

import random

import pytest

from stukolka.base import CHANCE, IllegalActionError, RulesError
from stukolka.cards import parse_card, parse_cards
from stukolka.stukolka import Phase, Session, StukolkaRules, StukolkaState
from stukolka.stukolka.pot import opening_contributions, pot_in_play, remiz, settle_deal, trick_share
from stukolka.stukolka import hand as cards_in_hand, position, run  # noqa: F401  (run: used by other tests)
from stukolka.stukolka.record import arranged_deck, deck_action


def dealt(variant="prikup", n=4, dealer=0, hands=None, trump="9♣", stock=(), carry=0,
          refuse=False, **opts) -> StukolkaState:
    """A state right after the deal, with the given hands, trump card and stock top."""
    return position(variant, n, dealer, hands, trump, stock, carry=carry, refuse=refuse, **opts)


def hand(s: StukolkaState, p: int) -> list[int]:
    return sorted(cards_in_hand(s, p))


def cards(text):
    return sorted(int(c) for c in parse_cards(text))


def plays(s):
    return sorted(int(parse_card(a[5:])) for a in s.legal_actions())


# 3 players, dealer 0, trump clubs (9♣ dead): seat 1 takes 2 tricks, seat 2 one, the dealer none.
TWO_ONE_ZERO = {1: "A♥ A♦ 2♠", 2: "3♥ 3♦ A♠", 0: "4♥ 4♦ 3♠"}
PLAY_210 = ("play A♥", "play 3♥", "play 4♥", "play A♦", "play 3♦", "play 4♦",
            "play 2♠", "play A♠", "play 3♠")


def test_ST_01_stake_validation():
    """stukolka-rule-stake: the stake must be divisible by 3."""
    for ok in (3, 6, 9, 12, 15, 30, 45, 60, 75, 90, 150):
        assert StukolkaRules(stake=ok).stake == ok
    for bad in (10, 20, 100):
        with pytest.raises(RulesError, match=rf"stake {bad} .*ST-01"):
            StukolkaRules(stake=bad)


def test_ST_02_pot_in_play_and_trick_share():
    """stukolka-rule-pot-in-play: s = 15, carry 165 -> 180 in play, 60 a trick."""
    assert pot_in_play(165, (15,)) == 180 and trick_share(180) == 60
    s = StukolkaState(StukolkaRules(stake=15, n_players=3), dealer=0, carry=165)
    assert s.pot == 180 and s.table == 180 and s.balances == [-15, 0, 0]


def test_ST_03_one_trickless_player_in_play():
    """stukolka-rule-remiz: the trickless player pays 180; next deal 195 in play, 65 a trick."""
    s = dealt(n=3, hands=TWO_ONE_ZERO, carry=165, stake=15)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210)
    assert s.is_terminal() and s.tricks_won == [0, 2, 1]
    assert s.payments == [-180, 120, 60] and s.next_carry == 180
    assert s.returns() == [-195, 120, 60]
    nxt = StukolkaState(s.rules, dealer=s.next_dealer, carry=s.next_carry, balances=s.balances)
    assert nxt.pot == 195 and trick_share(nxt.pot) == 65


def test_ST_04_two_trickless_players():
    """stukolka-rule-remiz: pot 180, two trickless players -> next 375 in play, 125 a trick."""
    s = dealt(n=3, hands={1: "A♥ A♦ A♠", 2: "3♥ 3♦ 3♠", 0: "4♥ 4♦ 4♠"}, carry=165, stake=15)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand",
        "play A♥", "play 3♥", "play 4♥", "play A♦", "play 3♦", "play 4♦", "play A♠", "play 3♠", "play 4♠")
    assert s.next_carry == 360
    assert pot_in_play(s.next_carry, (15,)) == 375 and trick_share(375) == 125


def test_ST_05_bank_45_with_fee():
    """stukolka-rule-dealer-fee: bank 45 + fee 15 = 60 in play, 20 a trick, remiz 60."""
    contrib = opening_contributions(4, 0, 15, 45)
    assert pot_in_play(45, contrib) == 60 and trick_share(60) == 20 and remiz(60) == 60


def test_ST_06_two_remizes_of_60():
    """stukolka-rule-remiz: two trickless players at 60 -> 120; next bank 135, 45 a trick."""
    pay, carry = settle_deal(60, [3, 0, 0], [True, True, True])
    assert carry == 120 and pay == [60, -60, -60]
    assert pot_in_play(carry, (15,)) == 135 and trick_share(135) == 45


def test_ST_07_two_trickless_of_five_at_nine_roubles():
    """stukolka-rule-remiz: pot 900 kopecks, P2 and P4 trickless: each pays 900, next pot 1800 + fee."""
    pay, carry = settle_deal(900, [1, 0, 1, 0, 1], [True] * 5)
    assert pay == [300, -900, 300, -900, 300] and carry == 1800
    assert pot_in_play(carry, (15,)) == 1815


def test_ST_08_remiz_is_amount_in_play():
    """stukolka-rule-remiz: 165 in play -> a trickless player pays 165 (K-20, fee included)."""
    assert remiz(165) == 165
    s = dealt(n=3, hands=TWO_ONE_ZERO, carry=150, stake=15)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210)
    assert s.pot == 165 and s.payments[0] == -165


def test_ST_09_trick_shares():
    """stukolka-rule-trick-share: pot 60, tricks 2 + 1 -> 40 and 20; three tricks -> 60."""
    pay, carry = settle_deal(60, [2, 1], [True, True])
    assert pay == [40, 20] and carry == 0
    assert settle_deal(60, [3, 0, 0], [True, False, False]) == ([60, 0, 0], 0)


def test_ST_10_everyone_took_a_trick():
    """stukolka-rule-dealer-fee: nobody trickless -> carry 0; new pot = fee only, or antes from all."""
    s = dealt(n=3, hands={1: "A♥ 2♦ 2♠", 2: "3♥ A♦ 3♠", 0: "4♥ 4♦ A♠"})
    run(s, "knock", "knock", "knock", "stand", "stand", "stand",
        "play A♥", "play 3♥", "play 4♥", "play 2♦", "play A♦", "play 4♦", "play 3♠", "play A♠", "play 2♠")
    assert s.tricks_won == [1, 1, 1] and s.next_carry == 0
    assert StukolkaState(s.rules, dealer=1, carry=0).pot == 3
    all_in = StukolkaState(s.rules.replace(ante_mode="all_players"), dealer=1, carry=0)
    assert all_in.contributions == (3, 6, 3) and all_in.pot == 12


def test_ST_11_obligatory_antes():
    """stukolka-rule-obligatory: 4 players, s = 3 -> 3+3+3+6 = 15 (5 a trick); 5 players, s = 15 -> 90."""
    s = StukolkaState(StukolkaRules(variant="obligatory", n_players=4, stake=3), dealer=3)
    assert s.contributions == (3, 3, 3, 6) and s.pot == 15 and trick_share(15) == 5
    s5 = StukolkaState(StukolkaRules(variant="obligatory", n_players=5, stake=15), dealer=0)
    assert s5.pot == 90


@pytest.mark.parametrize("n", [4, 5])
def test_ST_12_obligatory_deal_always_leaves_remizes(n):
    """stukolka-rule-obligatory: a forced deal leaves >= n-3 remizes; the next deal is voluntary."""
    rng = random.Random(n)
    for _ in range(20):
        sess = Session(StukolkaRules(variant="obligatory", n_players=n), dealer=0)
        s = sess.new_deal()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        assert s.forced and sum(1 for t in s.tricks_won if t == 0) >= n - 3
        sess.finish_deal(s)
        assert sess.carry > 0
        nxt = sess.new_deal()
        run(nxt, "shuffle 3", "cut 5", "deal")
        assert not nxt.forced and nxt.phase is Phase.DECLARE
        assert nxt.contributions == tuple(3 if p == nxt.dealer else 0 for p in range(n))


def test_ST_13_prikup_all_pass_dealer_takes_pot():
    """stukolka-rule-all-pass: nobody knocks -> the dealer takes the whole pot without play."""
    s = dealt(carry=30)
    run(s, "pass", "pass", "pass", "pass")
    assert s.is_terminal() and s.payments == [33, 0, 0, 0] and s.next_carry == 0
    carried = run(dealt(carry=30, all_pass="carry_over"), "pass", "pass", "pass", "pass")
    assert carried.payments == [0] * 4 and carried.next_carry == 33


def test_ST_14_prikup_dealer_must_defend_single():
    """stukolka-rule-forced-defence: one knocker -> the prikup dealer cannot pass (K-2)."""
    s = run(dealt(), "knock", "pass", "pass")
    assert s.current_player() == 0 and s.legal_actions() == ["knock"]
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("pass")
    assert err.value.rule == "stukolka-rule-forced-defence"
    capped = run(dealt(carry=30, prikup_defend_max_pot=30), "knock", "pass", "pass")
    assert capped.legal_actions() == ["knock", "pass"]   # 33 in play exceeds the agreed cap
    two = run(dealt(), "knock", "knock", "pass")
    assert two.legal_actions() == ["knock", "pass"]


def test_ST_15_golets_dealer_may_pass_lone_knocker_wins():
    """stukolka-rule-golets-dealer: golets, one knocker -> the dealer may pass; the knocker takes the pot."""
    s = run(dealt("golets", carry=9), "knock", "pass", "pass")
    assert s.legal_actions() == ["knock", "pass", "golets"]
    run(s, "pass")
    assert s.is_terminal() and s.tricks_won[1] == 3 and s.payments[1] == 12 and s.next_carry == 0
    forced = run(dealt("golets", golets_dealer_policy="must_defend_single"), "knock", "pass", "pass")
    assert "pass" not in forced.legal_actions()
    barred = run(dealt("golets", golets_dealer_policy="barred_if_any_knock"), "knock", "pass", "pass")
    assert barred.legal_actions() == ["pass"]


def test_ST_16_shleif_dealer_plays_unless_refused():
    """stukolka-rule-shleif, stukolka-rule-shleif-refusal: the dealer must play; after refusing he may pass."""
    s = run(dealt("shleif", trump="9♣"), "pass", "pass", "pass")
    assert s.legal_actions() == ["knock"]
    assert s.observation(1).turned_trump is None and s.observation(1).trump == parse_card("9♣").suit
    assert s.observation(0).shleif_card == parse_card("9♣")
    r = run(dealt("shleif", trump="9♣", refuse=True), "pass", "pass", "pass")
    assert r.shleif_refused and r.legal_actions() == ["knock", "pass"]
    assert r.observation(1).turned_trump == parse_card("9♣") and r.card_locations()[parse_card("9♣")] == "dead"
    late = StukolkaState(StukolkaRules(variant="shleif", shleif_refusal_min_pot=30), dealer=0)
    assert late.phase is Phase.SHUFFLE   # nothing large on the table: no refusal offered


def test_ST_17_prikup_purchase_order():
    """stukolka-rule-purchase: P1 discards 2, P2 one, P3 three: stock[0:2], stock[2], stock[3:6]."""
    stock = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣"
    s = dealt(hands={1: "2♥ 3♥ 4♥", 2: "2♦ 3♦ 4♦", 3: "2♠ 3♠ 4♠"}, trump="9♣", stock=stock)
    run(s, "knock", "knock", "knock", "pass")
    assert s.phase is Phase.PURCHASE and s.queue == [1, 2, 3]
    run(s, "discard 2♥ 3♥", "discard 2♦", "discard 2♠ 3♠ 4♠")
    assert hand(s, 1) == cards("4♥ 2♣ 3♣") and hand(s, 2) == cards("3♦ 4♦ 4♣")
    assert hand(s, 3) == cards("5♣ 6♣ 7♣")
    assert s.bought == [0, 2, 1, 3] and parse_card("9♣") in s.dead
    assert s.phase is Phase.PLAY and s.current_player() == 1


def test_ST_18_golets_taker_exchanges_and_leads():
    """stukolka-rule-golets, stukolka-rule-first-lead: P3 takes the golets and leads though P1 knocked first."""
    s = dealt("golets", hands={3: "2♠ 3♠ 4♠"}, trump="9♣", stock="A♥ K♥ Q♥")
    run(s, "knock", "pass", "golets")
    assert hand(s, 3) == cards("A♥ K♥ Q♥")
    assert all(c in s.thrown for c in cards("2♠ 3♠ 4♠")) and s.observation(0).turned_trump == parse_card("9♣")
    assert s.legal_actions() == ["knock", "pass"]     # the golets is gone
    run(s, "pass")
    assert s.phase is Phase.PLAY and s.current_player() == 3
    burn = run(dealt("golets", trump="9♣", stock="2♦ A♥ K♥ Q♥", golets_burn_card=True), "golets")
    assert hand(burn, 1) == cards("A♥ K♥ Q♥") and parse_card("2♦") in burn.dead


def test_ST_19_first_knocker_leads():
    """stukolka-rule-first-lead: golets not taken, P2 first to knock -> P2 leads."""
    s = run(dealt("golets"), "pass", "knock", "knock", "knock")
    assert s.phase is Phase.PLAY and s.current_player() == 2


def test_ST_20_shleif_dealer_fourth_card():
    """stukolka-rule-shleif: the dealer discards 2, gets 2 + his trump card = 4, discards 1."""
    s = dealt("shleif", hands={0: "2♥ 3♥ A♦"}, trump="9♣", stock="5♠ 6♠")
    run(s, "knock", "pass", "pass", "knock", "stand")
    assert s.current_player() == 0 and s.phase is Phase.PURCHASE
    run(s, "discard 2♥ 3♥")
    assert hand(s, 0) == cards("A♦ 5♠ 6♠ 9♣") and s.pending == 1
    run(s, "discard 5♠")
    assert hand(s, 0) == cards("A♦ 6♠ 9♣")
    strict = run(dealt("shleif", trump="9♣", shleif_dealer_may_discard_trump_card=False),
                 "knock", "pass", "pass", "knock", "stand", "stand")
    assert all("9♣" not in a for a in strict.legal_actions()) and len(strict.legal_actions()) == 3


@pytest.mark.parametrize("k", [3, 2, 1, 0])
def test_ST_21_dark_purchase(k):
    """stukolka-rule-dark: discard k unseen, receive k + 1, discard 1, end with 3 cards."""
    s = dealt(hands={1: "2♥ 3♥ 4♥"}, stock="5♠ 6♠ 7♠ 8♠", dark_allowed=True)
    assert s.legal_actions() == ["look", "dark"] and s.observation(1).hand is None
    run(s, "dark", "look", "pass", "look", "pass", "look", "knock")
    assert s.observation(1).hand is None and s.legal_actions() == ["blind 0", "blind 1", "blind 2", "blind 3"]
    run(s, f"blind {k}")
    assert len(s.hands[1]) == 4 and s.bought[1] == k + 1 and s.pending == 1
    run(s, s.legal_actions()[0])
    assert len(s.hands[1]) == 3 and s.observation(1).hand is not None


def test_ST_22_razrez_last_buyer_leads():
    """stukolka-rule-razrez: passers A then B cut in, each takes 4 and discards 1; B leads."""
    s = dealt(n=4, razrez_allowed=True)
    run(s, "pass", "knock", "pass", "knock", "stand", "stand")
    assert s.phase is Phase.RAZREZ and s.queue == [1, 3]
    run(s, "razrez")
    assert len(s.hands[1]) == 4
    run(s, s.legal_actions()[0], "razrez")
    run(s, s.legal_actions()[-1])
    assert [len(h) for h in s.hands] == [3, 3, 3, 3] and s.razrez_buyers == [1, 3]
    assert s.phase is Phase.PLAY and s.current_player() == 3


def test_ST_23_trump_ace_must_be_led():
    """stukolka-rule-trump-ace-lead: trump ♠, the leader holds A♠ -> only A♠."""
    s = run(dealt(n=3, hands={1: "A♠ 7♦ 2♥"}, trump="9♠"), "knock", "knock", "knock", "stand", "stand", "stand")
    assert s.legal_actions() == ["play A♠"]
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("play 7♦")
    assert err.value.rule == "stukolka-rule-trump-ace-lead"


def test_ST_24_king_from_marriage_must_be_led():
    """stukolka-rule-marriage-lead: trump ♠, the leader holds K♠ Q♠ 7♦ -> only K♠."""
    s = run(dealt(n=3, hands={1: "K♠ Q♠ 7♦"}, trump="9♠"), "knock", "knock", "knock", "stand", "stand", "stand")
    assert s.legal_actions() == ["play K♠"]
    loo = dealt(n=3, hands={1: "K♠ 5♦ 7♦"}, trump="A♠", lead_king_if_ace_turned=True)
    run(loo, "knock", "knock", "knock", "stand", "stand", "stand")
    assert loo.legal_actions() == ["play K♠"]


def test_ST_25_marriage_exemption():
    """stukolka-rule-marriage-exemption: P2 won trick 1 with K♠ holding Q♠ -> any lead; also after winning with Q♠."""
    s = dealt(n=3, hands={1: "2♠ 5♦ 6♦", 2: "K♠ Q♠ 7♥", 0: "3♠ 8♦ 9♦"}, trump="9♠")
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", "play 2♠", "play K♠", "play 3♠")
    assert s.current_player() == 2 and sorted(s.legal_actions()) == ["play 7♥", "play Q♠"]
    q = dealt(n=3, hands={1: "2♠ 5♦ 6♦", 2: "K♠ Q♠ 7♥", 0: "3♠ 8♦ 9♦"}, trump="9♠", must_beat="led_card")
    run(q, "knock", "knock", "knock", "stand", "stand", "stand", "play 2♠", "play Q♠", "play 3♠")
    assert q.current_player() == 2 and sorted(q.legal_actions()) == ["play 7♥", "play K♠"]
    strict = dealt(n=3, hands={1: "2♠ 5♦ 6♦", 2: "K♠ Q♠ 7♥", 0: "3♠ 8♦ 9♦"}, trump="9♠",
                   must_beat="led_card", marriage_exemption=False)
    run(strict, "knock", "knock", "knock", "stand", "stand", "stand", "play 2♠", "play Q♠", "play 3♠")
    assert strict.legal_actions() == ["play K♠"]   # without the exemption he leads the other card


def test_ST_25_marriage_exemption_three_readings():
    """stukolka-rule-marriage-exemption (K-11): 000 frees every player who took a trick with a card
    of his trump marriage; 001 rule 10 and 003 only the middle or last hand.  The same deal under
    both readings: the leader wins with K♠ holding Q♠; a middle hand wins with K♠ holding Q♠."""
    leader = {1: "K♠ Q♠ 7♥", 2: "2♠ 5♦ 6♦", 0: "3♠ 8♦ 9♦"}
    middle = {1: "2♠ 5♦ 6♦", 2: "K♠ Q♠ 7♥", 0: "3♠ 8♦ 9♦"}
    deal = ("knock", "knock", "knock", "stand", "stand", "stand")
    for reading, led_free in ((True, True), ("every_hand", True), ("middle_or_last", False),
                              (False, False), ("none", False)):
        s = dealt(n=3, hands=leader, trump="9♠", marriage_exemption=reading)
        run(s, *deal, "play K♠", "play 2♠", "play 3♠")
        assert s.current_player() == 1
        if led_free:
            assert sorted(s.legal_actions()) == ["play 7♥", "play Q♠"], reading
        else:
            assert s.legal_actions() == ["play Q♠"], reading
            assert s.why_illegal("play 7♥")[1] == "stukolka-rule-marriage-exemption"
        m = dealt(n=3, hands=middle, trump="9♠", marriage_exemption=reading)
        run(m, *deal, "play 2♠", "play K♠", "play 3♠")
        assert m.current_player() == 2
        want = ["play 7♥", "play Q♠"] if reading in (True, "every_hand", "middle_or_last") else ["play Q♠"]
        assert sorted(m.legal_actions()) == want, reading


def test_marriage_exemption_spellings_and_a_bad_reading():
    """stukolka-rule-marriage-exemption: True and False keep their meaning, "every_hand" and "none"
    are their other spellings; any other value is refused naming the option and the rule."""
    assert StukolkaRules(marriage_exemption="every_hand") == StukolkaRules()
    assert StukolkaRules(marriage_exemption="none") == StukolkaRules(marriage_exemption=False)
    assert StukolkaRules(marriage_exemption="middle_or_last").marriage_exemption == "middle_or_last"
    with pytest.raises(RulesError) as e:
        StukolkaRules(marriage_exemption="first_hand")
    assert e.value.rule == "stukolka-rule-marriage-exemption" and "marriage_exemption" in e.value.text


def test_ST_26_must_beat_current_winner():
    """stukolka-rule-must-beat: 5♥ led, K♥ second; P3 holds 9♥ A♥ 2♣ -> {A♥}; {9♥, A♥} with must_beat=led_card."""
    hands = {1: "5♥ 2♦ 3♦", 2: "K♥ 4♦ 5♦", 3: "9♥ A♥ 2♣"}
    for mode, want in (("current_winner", "A♥"), ("led_card", "9♥ A♥")):
        s = dealt(hands=hands, trump="9♠", must_beat=mode)
        run(s, "knock", "knock", "knock", "pass", "stand", "stand", "stand", "play 5♥", "play K♥")
        assert s.current_player() == 3 and plays(s) == cards(want)


def test_ST_27_overtrump_and_undertrump():
    """stukolka-rule-overtrump, stukolka-rule-undertrump, stukolka-rule-must-trump:
    ♥ led and trumped with 9♠; Q♠ 4♠ 3♦ -> {Q♠}; 4♠ 3♦ 2♦ -> {4♠}, or all with must_undertrump=False."""
    base = {1: "5♥ 2♣ 3♣", 2: "9♠ 4♣ 5♣"}
    for p3, opts, want in (("Q♠ 4♠ 3♦", {}, "Q♠"), ("4♠ 3♦ 2♦", {}, "4♠"),
                           ("4♠ 3♦ 2♦", {"must_undertrump": False}, "4♠ 3♦ 2♦")):
        s = dealt(hands={**base, 3: p3}, trump="8♠", **opts)
        run(s, "knock", "knock", "knock", "pass", "stand", "stand", "stand", "play 5♥", "play 9♠")
        assert plays(s) == cards(want)
    void = dealt(hands={1: "5♥ 2♣ 3♣", 2: "9♠ 4♣ 5♣"}, trump="8♠")
    run(void, "knock", "knock", "knock", "pass", "stand", "stand", "stand", "play 5♥")
    assert plays(void) == cards("9♠")     # void in hearts: must trump


def test_ST_28_violation_costs_remiz_even_with_a_trick():
    """stukolka-rule-violation: table mode; the leader holding A♠ leads 7♦, wins a trick, still pays a remiz."""
    s = dealt(n=3, hands={1: "A♠ 7♦ A♥", 2: "2♦ 3♥ 2♣", 0: "8♦ 4♥ 3♣"}, trump="9♠",
              violation_mode="penalize")
    run(s, "knock", "knock", "knock", "stand", "stand", "stand")
    assert s.legal_actions() == ["play A♠"]
    run(s, "play 7♦")
    assert s.violations == [(1, "stukolka-rule-trump-ace-lead", "7♦")]
    run(s, "play 2♦", "play 8♦", "play 4♥", "play A♥", "play 3♥", "play A♠", "play 2♣", "play 3♣")
    assert s.tricks_won == [1, 2, 0]
    # seat 1: two tricks (2 x 1) minus a remiz of 3; seat 2 trickless: remiz 3
    assert s.payments == [1, 2 - 3, -3] and s.next_carry == 6
    prevent = dealt(n=3, hands={1: "A♠ 7♦ A♥"}, trump="9♠")
    run(prevent, "knock", "knock", "knock", "stand", "stand", "stand")
    with pytest.raises(IllegalActionError):
        prevent.apply_action("play 7♦")


def test_ST_29_exposed_cards():
    """stukolka-rule-misdeal: a player's exposed card -> same dealer redeals; the dealer's own
    card -> play on, unless it is the trump ace."""
    rules = StukolkaRules(n_players=4, irregularities=True)
    order = arranged_deck(4, 0, {0: "A♣ 2♥ 3♥"}, "9♣")
    s = run(StukolkaState(rules, dealer=0), deck_action(order), "cut 26")
    before = list(s.balances)
    run(s, "deal expose 1")                      # card 1 goes to seat 1
    assert s.phase is Phase.SHUFFLE and s.dealer == 0 and s.balances == before and s.redeals == 1
    run(s, deck_action(order), "cut 26", "deal expose 4")   # card 4 is the dealer's A♣, the trump ace
    assert s.phase is Phase.SHUFFLE and s.redeals == 2
    run(s, deck_action(order), "cut 26", "deal expose 8")   # dealer's 2♥: play on
    assert s.phase is Phase.DECLARE and s.observation(2).exposed == (parse_card("2♥"),)
    run(s, "knock")
    assert s.card_locations()[parse_card("2♥")] == "hand 0"
    strict = run(StukolkaState(rules.replace(redeal_on_own_exposed_card=True), dealer=0),
                 deck_action(order), "cut 26", "deal expose 8")
    assert strict.phase is Phase.SHUFFLE
    miscount = run(StukolkaState(rules, dealer=0), "shuffle 1", "cut 3", "deal miscount")
    assert miscount.phase is Phase.SHUFFLE and miscount.current_player() == CHANCE
    ace = run(StukolkaState(StukolkaRules(redeal_if_dealer_holds_trump_ace=True), dealer=0),
              deck_action(order), "cut 26", "deal")
    assert ace.phase is Phase.SHUFFLE


def test_ST_30_out_of_turn_deal():
    """stukolka-rule-out-of-turn-deal: noticed early -> the pack passes to the rightful dealer;
    noticed later -> the deal stands."""
    rules = StukolkaRules(n_players=4, irregularities=True)
    s = run(StukolkaState(rules, dealer=0), "shuffle 2", "cut 9", "deal by 2 noticed")
    assert s.phase is Phase.SHUFFLE and s.dealer == 0
    t = run(StukolkaState(rules, dealer=0), "shuffle 2", "cut 9", "deal by 2")
    assert t.phase is Phase.DECLARE and t.dealer == 2 and t.current_player() == 3
    assert t.balances == [-3, 0, 0, 0]
    run(t, "pass", "pass", "pass", "pass")
    assert t.next_dealer == 1
    plain = StukolkaState(StukolkaRules(), dealer=0)
    run(plain, "shuffle 2", "cut 9")
    with pytest.raises(IllegalActionError):
        plain.apply_action("deal by 2")


def test_ST_31_seat_draw():
    """stukolka-rule-seat-draw, stukolka-rule-rotation: draw 5, 2, K, 9 -> the 2 deals; next deal to his left."""
    s = StukolkaState(StukolkaRules(n_players=4))
    assert s.phase is Phase.SEAT_DRAW and s.current_player() == CHANCE
    run(s, "draw 5♠ 2♥ K♣ 9♦")
    assert s.dealer == 1 and s.contributions == (0, 3, 0, 0)
    run(s, "shuffle 0", "cut 1", "deal", "pass", "pass", "pass", "pass")
    assert s.next_dealer == 2
    tie = run(StukolkaState(StukolkaRules(n_players=4)), "draw 2♠ 2♥ K♣ 2♦")
    assert tie.phase is Phase.SEAT_DRAW and len(tie.legal_actions()[0].split()) == 4
    run(tie, "draw 7♠ 3♥ 5♣")
    assert tie.dealer == 1
    low = run(StukolkaState(StukolkaRules(n_players=4, seat_draw_ace_high=False)), "draw 5♠ 2♥ A♣ 9♦")
    assert low.dealer == 2


def test_ST_32_pots_divisible_and_chips_conserved():
    """stukolka-rule-chips-conserved: random sessions keep every pot divisible by 3 and chips conserved."""
    rng = random.Random(32)
    for variant, n in (("golets", 5), ("prikup", 4), ("shleif", 5), ("obligatory", 4)):
        sess = Session(StukolkaRules(variant=variant, n_players=n, stake=rng.choice([3, 15])), dealer=0)
        for _ in range(15):
            s = sess.new_deal()
            while not s.is_terminal():
                assert s.pot % 3 == 0 and sum(s.balances) + s.table == 0
                s.apply_action(rng.choice(s.legal_actions()))
            sess.finish_deal(s)
            assert sess.carry % 3 == 0 and sum(sess.balances) + sess.carry == 0
