"""The shedding game "фараон" (004-F): acceptance cases FS-01..FS-09 (spec 6.3), the
F-1..F-9 options (spec 4.3) and the engine's interface."""

import dataclasses
import inspect
import json
import random
import re
from pathlib import Path

import pytest

import stukolka.faraon as faraon_pkg
from stukolka.base import (
    CHANCE, TERMINAL, BotError, IllegalActionError, InvalidActionError, Ledger, Observation, RecordError,
    RulesError, Session, StukolkaError, play_random,
)
from stukolka.bots.players import FaraonBot
from stukolka.cards import DIAMONDS, HEARTS, Cards, parse_card
from stukolka.cards import deck as _deck
from stukolka.faraon import (
    HAND_FORMAT, MATCH_FORMAT, RULE_LABELS, FaraonMatch, FaraonMatchObservation, FaraonObservation, FaraonRules,
    FaraonSession, FaraonState, Phase, card_penalty, hand_penalty, playthrough,
)
from stukolka.faraon import actions, match, observation, play, record, rules, state, view

TWO = FaraonRules(players=2)
THREE = FaraonRules(players=3)


def pos(rules, hands, pile, **kw):
    return FaraonState.from_position(rules, hands, pile, **kw)


def draw(state, *cards):
    """Resolve chance draws from the talon with the given cards."""
    for c in cards:
        assert state.current_player() == CHANCE
        state.apply_action(f"talon {c}")


# --------------------------------------------------------------------------- FS-01..FS-04 scoring
def test_FS_01_ace_king_jack_score_nine():
    """faraon-rule-scoring: A 4 + K 3 + J 2."""
    assert hand_penalty(Cards.parse("A♠ K♥ J♦")) == 9


def test_FS_02_ten_to_six_score_face_value():
    """faraon-rule-scoring: 10 + 9 + 8 + 7 + 6."""
    assert hand_penalty(Cards.parse("10♠ 9♥ 8♦ 7♣ 6♠")) == 40


def test_FS_03_queen_and_ace_score_thirty_four():
    """faraon-rule-scoring, F-4: 30 for each queen left in hand."""
    assert hand_penalty(Cards.parse("Q♣ A♥")) == 34
    assert hand_penalty(Cards.parse("Q♣ Q♥")) == 60
    assert hand_penalty(Cards.parse("Q♣ Q♥"), FaraonRules(queen_penalty=25)) == 50
    assert [card_penalty(parse_card(c)) for c in ("6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦")] == \
        [6, 7, 8, 9, 10, 2, 30, 3, 4]


def test_FS_04_going_out_with_a_queen_takes_thirty_off():
    """faraon-rule-queen-finish and faraon-rule-going-out, in a played hand."""
    s = pos(TWO, ["Q♠", "A♥ K♥ J♥"], "9♦", to_move=0)
    s.apply_action("play Q♠ hearts")
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.winner() == 0
    assert s.points() == [-30, 9]
    assert s.returns() == [30, -9]


def test_FS_04_going_out_with_another_card_scores_zero():
    s = pos(THREE, ["9♠", "Q♥ A♥", "10♣"], "9♦", to_move=0)
    s.apply_action("play 9♠")
    assert s.points() == [0, 34, 10]


# --------------------------------------------------------------------------- FS-05 match
def _one_card_match(totals, **options):
    """Two players, one card each; dealer 1, so seat 0 receives the first card and leads.

    Seat 0 holds 10♠ on a 9♥ starter, draws 6♣ and keeps it; seat 1 goes out with A♥.
    Seat 0 scores 10 + 6 = 16."""
    m = FaraonMatch(FaraonRules(players=2, hand_size=1, **options), first_dealer=1, totals=totals)
    for a in ["deal 10♠", "deal A♥", "turn 9♥", "draw", "talon 6♣"]:
        m.apply_action(a)
    assert m.legal_actions() == ["pass"]
    m.apply_action("pass")
    m.apply_action("play A♥")
    return m


def test_FS_05_reaching_205_ends_the_match_lowest_total_wins():
    """faraon-rule-match (F-6): 189 + 16 = 205 ends the match; final count; lowest total wins."""
    m = _one_card_match([189, 20])
    assert m.hand_points == [[16, 0]]
    assert m.totals == [205, 20]
    assert m.is_terminal() and m.current_player() == TERMINAL
    assert m.winners() == [1]
    assert m.returns() == [-205, -20]
    with pytest.raises(IllegalActionError, match="faraon-rule-match"):
        m.apply_action("deal 6♠")


def test_FS_05_below_target_the_match_goes_on_and_the_deal_rotates_left():
    """faraon-rule-dealer-rotation (F-9): the next hand is dealt by the seat on the left."""
    m = _one_card_match([100, 20])
    assert not m.is_terminal() and m.winners() == []
    assert m.totals == [116, 20]
    assert m.hand.dealer == 0 and m.hand.phase == Phase.DEAL
    assert m.current_player() == CHANCE


def test_FS_05_tied_lowest_totals_share_the_win():
    m = FaraonMatch(FaraonRules(players=3, hand_size=1), first_dealer=2, totals=[14, 196, 6])
    for a in ["deal 9♥", "deal A♥", "deal 8♣", "turn 9♠", "play 9♥"]:
        m.apply_action(a)
    assert m.totals == [14, 200, 14]
    assert m.is_terminal() and m.winners() == [0, 2]


def test_dealer_rotation_right():
    m = _one_card_match([0, 0], dealer_rotation="right")
    assert m.hand.dealer == 0  # (1 - 1) % 2
    assert FaraonMatch(FaraonRules(players=3, dealer_rotation="right")).next_dealer(0) == 2
    assert FaraonMatch(THREE).next_dealer(2) == 0


def test_F5_allow_negative_false_keeps_totals_at_zero():
    """F-5: a queen finish may take a total below zero unless allow_negative is off."""
    for allow, expect in ((True, -30), (False, 0)):
        m = FaraonMatch(FaraonRules(players=2, hand_size=1, allow_negative=allow), first_dealer=1)
        for a in ["deal Q♠", "deal A♥", "turn 9♥", "play Q♠ clubs"]:
            m.apply_action(a)
        assert m.totals == [expect, 4]


# --------------------------------------------------------------------------- FS-06 first dealer
def test_FS_06_first_queen_dealt_face_up_chooses_the_dealer():
    """faraon-rule-first-dealer: J, 8, Q, Q face up to seats 0, 1, 2, 3: seat 2 deals."""
    s = FaraonState(FaraonRules(players=4))
    assert s.phase == Phase.CHOOSE_DEALER and s.current_player() == CHANCE
    assert len(s.chance_outcomes()) == 36
    for a in ["show J♠", "show 8♥", "show Q♦"]:
        s.apply_action(a)
    assert s.dealer == 2
    assert s.phase == Phase.DEAL
    assert s.observation(None).dealer_draw == tuple(Cards.parse("J♠ 8♥ Q♦"))
    # the second queen is never needed: the draw is over and the cards are back in the pack
    assert len(s.chance_outcomes()) == 36
    with pytest.raises(IllegalActionError, match="faraon-rule-deal"):
        s.apply_action("show Q♣")


def test_FS_06_the_draw_goes_round_until_a_queen_appears():
    s = FaraonState(THREE)
    for a in ["show 6♠", "show 7♠", "show 8♠", "show 9♠", "show Q♣"]:
        s.apply_action(a)
    assert s.dealer == 1  # the fifth card goes to seat 1, in the second round


def test_deal_one_at_a_time_from_the_dealers_left_then_starter():
    """faraon-rule-deal and faraon-rule-starter."""
    s = FaraonState(THREE, dealer=2)
    for c in ["6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "K♠", "A♠", "6♥", "7♥", "8♥", "9♥"]:
        s.apply_action(f"deal {c}")
    assert [str(s.hand(i)) for i in range(3)] == ["6♠ 9♠ K♠ 7♥", "7♠ 10♠ A♠ 8♥", "8♠ J♠ 6♥ 9♥"]
    assert s.phase == Phase.STARTER
    s.apply_action("turn 10♥")
    assert s.phase == Phase.PLAY and s.current_player() == 0
    assert str(s.pile) == "10♥" and s.talon_size == 36 - 13


# --------------------------------------------------------------------------- FS-07 seven
def test_FS_07_seven_skips_and_draws_two():
    """faraon-rule-seven: the next player draws two and misses his turn."""
    s = pos(THREE, ["7♥ 9♠", "A♣ K♣", "8♥ 6♠"], "10♥", to_move=0)
    s.apply_action("play 7♥")
    assert s.current_player() == CHANCE
    assert s.observation(2).pending_draws == 2
    draw(s, "6♣", "J♣")
    assert sorted(s.hand(1)) == sorted(Cards.parse("A♣ K♣ 6♣ J♣"))
    assert s.current_player() == 2
    assert s.legal_actions() == ["play 8♥"]


def test_FS_07_two_players_the_seven_player_moves_again():
    s = pos(TWO, ["7♥ 9♥", "A♣"], "10♥", to_move=0)
    s.apply_action("play 7♥")
    draw(s, "6♣", "J♣")
    assert s.current_player() == 0 and len(s.hand(1)) == 3


def test_FS_07_going_out_with_a_seven_ends_the_hand_at_once():
    """faraon-rule-going-out comes before the seven's penalty."""
    s = pos(TWO, ["7♥", "A♣"], "10♥", to_move=0)
    s.apply_action("play 7♥")
    assert s.is_terminal() and s.points() == [0, 4]


def test_F3_seven_stacking_passes_the_penalty_on():
    """F-3 option: the victim may answer a 7 with a 7; the next one takes 4."""
    rules = FaraonRules(players=3, seven_stacking=True)
    s = pos(rules, ["7♥ 9♠", "7♣ K♣", "8♥ 6♠"], "10♥", to_move=0)
    s.apply_action("play 7♥")
    assert s.current_player() == 1 and s.legal_actions() == ["play 7♣", "take"]
    with pytest.raises(IllegalActionError, match="faraon-rule-seven"):
        s.apply_action("play K♣")
    s.apply_action("play 7♣")
    assert s.current_player() == 2 and s.legal_actions() == ["take"]
    s.apply_action("take")
    draw(s, "6♣", "J♣", "9♦", "10♦")
    assert len(s.hand(2)) == 6 and s.current_player() == 0


def test_F3_default_no_stacking():
    s = pos(THREE, ["7♥ 9♠", "7♣ K♣", "8♥ 6♠"], "10♥", to_move=0)
    s.apply_action("play 7♥")
    assert s.current_player() == CHANCE
    with pytest.raises(IllegalActionError):
        s.apply_action("take")


# --------------------------------------------------------------------------- FS-08 draw
def test_FS_08_drawn_card_that_fits_may_be_played_at_once():
    """faraon-rule-draw: nothing to play, draw one; it fits, so play it (or pass)."""
    s = pos(TWO, ["A♣ K♣", "6♠"], "10♥", to_move=0)
    assert s.legal_actions() == ["draw"]
    s.apply_action("draw")
    draw(s, "9♥")
    assert s.current_player() == 0
    assert s.legal_actions() == ["play 9♥", "pass"]
    assert s.observation(0).drawn == parse_card("9♥") and s.observation(1).drawn is None
    alt = s.clone()
    s.apply_action("play 9♥")
    assert str(s.pile) == "10♥ 9♥" and s.current_player() == 1
    alt.apply_action("pass")
    assert len(alt.hand(0)) == 3 and alt.current_player() == 1


def test_FS_08_drawn_card_that_does_not_fit_is_kept_and_the_turn_passes():
    s = pos(TWO, ["A♣ K♣", "6♠"], "10♥", to_move=0)
    s.apply_action("draw")
    draw(s, "8♣")
    assert s.legal_actions() == ["pass"]
    with pytest.raises(IllegalActionError, match="faraon-rule-draw"):
        s.apply_action("play A♣")
    s.apply_action("pass")
    assert sorted(s.hand(0)) == sorted(Cards.parse("A♣ K♣ 8♣")) and s.current_player() == 1


def test_FS_08_no_drawing_while_holding_a_playable_card():
    s = pos(TWO, ["A♥ K♣", "6♠"], "10♥", to_move=0)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="faraon-rule-draw"):
        s.apply_action("draw")
    with pytest.raises(IllegalActionError, match="faraon-rule-draw"):
        s.apply_action("pass")
    assert s == before


def test_FS_08_draw_then_play_off_ends_the_turn_after_drawing():
    s = pos(FaraonRules(players=2, draw_then_play=False), ["A♣ K♣", "6♠"], "10♥", to_move=0)
    s.apply_action("draw")
    draw(s, "9♥")
    assert s.current_player() == 1 and len(s.hand(0)) == 3


# --------------------------------------------------------------------------- FS-09 players
@pytest.mark.parametrize("players", [6, 1, 0, True, "3"])
def test_FS_09_six_players_rejected(players):
    """faraon-rule-players: at most five (and at least two)."""
    with pytest.raises(RulesError, match=r"players=.*faraon-rule-players"):
        FaraonRules(players=players)


def test_FS_09_message_names_value_and_rule():
    with pytest.raises(RulesError) as err:
        FaraonRules(players=6)
    assert "players=6" in str(err.value) and "FS-09" in str(err.value)
    assert FaraonRules(players=5).players == 5 and FaraonRules(players=2).players == 2


@pytest.mark.parametrize("options, word", [
    ({"deck": 52}, "deck"), ({"hand_size": 8, "players": 5}, "hand_size"), ({"hand_size": 0}, "hand_size"),
    ({"base": "uno"}, "base"), ({"queen_on_anything": 1}, "queen_on_anything"),
    ({"penalty": ((14, 4),)}, "penalty"), ({"queen_penalty": "30"}, "queen_penalty"),
    ({"target": 0}, "target"), ({"dealer_rotation": "winner"}, "dealer_rotation"),
])
def test_rules_validation_names_the_option(options, word):
    with pytest.raises(RulesError, match=word):
        FaraonRules(**options)


def test_rules_round_trip_through_json():
    r = FaraonRules(players=5, seven_stacking=True, target=150)
    assert FaraonRules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(RulesError, match="unknown"):
        FaraonRules.from_dict({"players": 3, "jokers": 2})


# --------------------------------------------------------------------------- queens (F-2)
def test_queen_goes_on_anything_and_names_the_suit():
    """faraon-rule-queen-wild: Q♠ on 10♥, naming diamonds; the next card must be a diamond."""
    s = pos(TWO, ["Q♠ 6♠", "9♦ 10♣ 6♥"], "10♥", to_move=0)
    assert "play Q♠ diamonds" in s.legal_actions()
    s.apply_action("play Д♠ ♦")        # Russian rank letter and a suit symbol: the same action
    assert s.history()[-1] == "play Q♠ diamonds"
    assert s.observation(1).suit == DIAMONDS and s.observation(1).named
    assert s.legal_actions() == ["play 9♦"]


def test_queen_must_name_a_suit_and_others_must_not():
    s = pos(TWO, ["Q♠ 10♠", "9♦"], "10♥", to_move=0)
    with pytest.raises(IllegalActionError, match="faraon-rule-queen-wild"):
        s.apply_action("play Q♠")
    with pytest.raises(IllegalActionError, match="faraon-rule-queen-wild"):
        s.apply_action("play 10♠ hearts")
    s.apply_action("play дама пик черви")
    assert s.history() == ["play Q♠ hearts"]


def test_F2_queen_on_anything_off_needs_a_match():
    rules = FaraonRules(players=2, queen_on_anything=False)
    assert pos(rules, ["Q♠ 6♣", "9♦"], "10♥", to_move=0).legal_actions() == ["draw"]
    assert pos(rules, ["Q♥ 6♣", "9♦"], "10♥", to_move=0).legal_actions() == \
        ["play Q♥ spades", "play Q♥ hearts", "play Q♥ diamonds", "play Q♥ clubs"]


def test_match_card_by_suit_or_rank_only():
    """faraon-rule-match-card."""
    s = pos(TWO, ["10♠ 9♥ 8♣", "6♦"], "10♥", to_move=0)
    assert s.legal_actions() == ["play 10♠", "play 9♥"]
    before = s.clone()
    with pytest.raises(IllegalActionError, match="faraon-rule-match-card"):
        s.apply_action("play 8♣")
    with pytest.raises(IllegalActionError, match="not in player 0's hand"):
        s.apply_action("play 10♦")
    assert s == before


# --------------------------------------------------------------------------- F-7 starter
def _one_card_hand(starter, **options):
    s = FaraonState(FaraonRules(players=2, hand_size=1, **options), dealer=0)
    for a in ["deal 6♠", "deal 8♥", f"turn {starter}"]:
        s.apply_action(a)
    return s


def test_F7_starting_seven_has_no_effect_by_default():
    s = _one_card_hand("7♦")
    assert s.current_player() == 1 and s.legal_actions() == ["draw"]


def test_F7_start_card_effects_seven_hits_the_first_player():
    s = _one_card_hand("7♦", start_card_effects=True)
    assert s.current_player() == CHANCE
    draw(s, "9♣", "10♣")
    assert len(s.hand(1)) == 3 and s.current_player() == 0


def test_F7_start_card_effects_queen_leaves_the_suit_open():
    assert _one_card_hand("Q♣").legal_actions() == ["draw"]
    assert _one_card_hand("Q♣", start_card_effects=True).legal_actions() == ["play 6♠"]


# --------------------------------------------------------------------------- F-8 talon
def _rest(*used):
    taken = {int(c) for u in used for c in Cards.parse(u)}
    return [c for c in _deck(36) if int(c) not in taken]


def test_F8_empty_talon_is_renewed_from_the_pile_except_its_top():
    """faraon-rule-talon-exhausted: the pile minus its top card becomes the talon."""
    hands = ["A♣", "6♠ 7♠"]
    s = pos(TWO, hands, _rest(*hands, "10♥") + [parse_card("10♥")], to_move=0)
    assert s.talon_size == 0
    assert s.legal_actions() == ["draw"]
    s.apply_action("draw")
    assert str(s.pile) == "10♥" and s.talon_size == 36 - 4
    draw(s, "9♥")
    assert s.legal_actions() == ["play 9♥", "pass"]


def test_F8_nothing_to_draw_means_pass_and_a_full_round_blocks_the_hand():
    """faraon-rule-blocked: with reshuffle_pile off and nothing to draw, players pass; a round
    of such passes ends the hand and everyone scores his cards."""
    rules = FaraonRules(players=2, reshuffle_pile=False)
    hands = ["A♣", "6♠ 7♠"]
    s = pos(rules, hands, _rest(*hands, "10♥") + [parse_card("10♥")], to_move=0)
    assert s.legal_actions() == ["pass"]
    with pytest.raises(IllegalActionError, match="faraon-rule-talon-exhausted"):
        s.apply_action("draw")
    s.apply_action("pass")
    assert s.legal_actions() == ["pass"]
    s.apply_action("pass")
    assert s.is_terminal() and s.winner() is None and s.points() == [4, 13]


def test_F8_a_sevens_penalty_draws_what_is_left():
    rules = FaraonRules(players=2, reshuffle_pile=False)
    hands = ["7♥ 8♥", "6♠"]
    s = pos(rules, hands, _rest(*hands, "10♥", "A♣") + [parse_card("10♥")], to_move=0)
    assert s.talon_size == 1  # A♣ only
    s.apply_action("play 7♥")
    draw(s, "A♣")
    assert s.current_player() == 0 and len(s.hand(1)) == 2


# --------------------------------------------------------------------------- interface
def test_errors_for_unreadable_actions():
    s = pos(TWO, ["A♥", "6♠"], "10♥", to_move=0)
    for bad in ["", "jump", "play", "play Z♠", "draw 2", 17, "play A♥ nowhere"]:
        with pytest.raises(InvalidActionError):
            s.apply_action(bad)


def test_chance_node_refuses_player_actions_and_dealt_cards():
    s = FaraonState(TWO, dealer=0)
    with pytest.raises(IllegalActionError, match="faraon-rule-deal"):
        s.apply_action("play 6♠")
    s.apply_action("deal 6♠")
    with pytest.raises(IllegalActionError, match="not among the undealt"):
        s.apply_action("deal 6♠")
    with pytest.raises(IllegalActionError):
        pos(TWO, ["A♥", "6♠"], "10♥").chance_outcomes()


def test_observation_hides_other_hands_and_the_talon():
    s = FaraonState(THREE, dealer=0)
    for c in Cards.parse("6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ 6♥ 7♥ 8♥ 9♥"):
        s.apply_action(f"deal {c}")
    s.apply_action("turn 10♥")
    o = s.observation(1)
    assert o.hand == tuple(Cards.parse("6♠ 9♠ K♠ 7♥"))
    assert o.hand_sizes == (4, 4, 4) and o.talon_size == 23
    others = {int(c) for c in Cards.parse("A♠ 8♥ J♠")}
    assert not others & set(json.loads(json.dumps(o.to_dict()))["hand"])
    text = s.observation_string(1)
    for other in ("A♠", "8♥", "J♠"):
        assert other not in text
    assert "hand: [6♠, 9♠, K♠, 7♥]" in text
    assert s.observation(None).hand is None and "hand: -" in s.observation_string(None)


def test_record_replays_to_the_identical_state():
    s = FaraonState(FaraonRules(players=4))
    play_random(s, 11)
    rec = json.loads(json.dumps(s.to_record(seed=11), ensure_ascii=False))
    assert rec["seed"] == 11 and rec["dealer"] is None
    assert FaraonState.from_record(rec) == s
    p = pos(TWO, ["Q♠ 6♠", "9♦"], "10♥", to_move=0)
    p.apply_action("play Q♠ diamonds")
    assert FaraonState.from_record(json.loads(json.dumps(p.to_record()))) == p


def test_match_record_replays():
    m = FaraonMatch(THREE)
    play_random(m, 5)
    assert m.is_terminal() and max(m.totals) >= 200 and len(m.hand_points) >= 2
    again = FaraonMatch.from_record(json.loads(json.dumps(m.to_record())))
    assert again == m and again.totals == m.totals and again.winners() == m.winners()


def test_clone_is_independent():
    s = pos(TWO, ["A♥ 9♥", "6♠"], "10♥", to_move=0)
    c = s.clone()
    c.apply_action("play A♥")
    assert len(s.hand(0)) == 2 and s.history() == [] and c.history() == ["play A♥"]


def test_str_repr_and_html():
    s = pos(TWO, ["A♥ 9♥", "6♠"], "10♥", to_move=0)
    assert "0x" not in repr(s) and repr(s).startswith("FaraonState(")
    assert "A♥" in str(s) and "10♥" in str(s)
    assert "<svg" in s._repr_html_()
    m = FaraonMatch(TWO)
    assert "0x" not in repr(m) and "totals" in str(m)


# --------------------------------------------------------------------------- book labels
MODULES = (faraon_pkg, actions, match, observation, play, record, rules, state, view)


def test_every_rule_label_is_named_by_a_docstring_and_a_test():
    objs = [o for mod in MODULES for _, o in inspect.getmembers(mod) if inspect.isfunction(o) or inspect.isclass(o)]
    objs += [m for cls in (FaraonRules, FaraonState, FaraonMatch, match.FaraonSession)
             for _, m in inspect.getmembers(cls, inspect.isfunction)]
    docs = "\n".join(inspect.getdoc(o) or "" for o in objs)
    here = Path(__file__).parent
    tests = "\n".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("test_faraon*.py")))
    tests = tests.replace("def test_every_rule_label", "")
    for label in RULE_LABELS:
        assert label.startswith("faraon-rule-")
        assert label in docs, f"{label} is named by no docstring"
        assert tests.count(label) >= 1, f"{label} is named by no test"


# --------------------------------------------------------------------------- typed observation
def _dealt_hand():
    s = FaraonState(THREE, dealer=0)
    for c in Cards.parse("6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ 6♥ 7♥ 8♥ 9♥"):
        s.apply_action(f"deal {c}")
    s.apply_action("turn 10♥")
    return s


def test_observation_is_a_frozen_typed_dataclass_with_int_cards():
    o = _dealt_hand().observation(2)
    assert isinstance(o, Observation) and isinstance(o, FaraonObservation)
    assert dataclasses.is_dataclass(o)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.talon_size = 0
    assert o.phase is Phase.PLAY and o.player == 2 and o.dealer == 0 and o.to_act == 1
    assert o.top == parse_card("10♥") and o.suit == HEARTS and not o.named
    assert all(type(c) is int for c in o.hand) and o.hand == tuple(sorted(Cards.parse("7♠ 10♠ A♠ 8♥")))
    assert o.points is None and o.winner is None and o.drawn is None
    d = json.loads(json.dumps(o.to_dict()))
    assert d["phase"] == "play" and d["hand"] == list(o.hand) and d["top"] == int(parse_card("10♥"))
    text = str(o)
    assert "top: 10♥" in text and "suit: hearts" in text and "hand: [7♠, 10♠, A♠, 8♥]" in text


def test_every_observation_field_is_annotated():
    for cls in (FaraonObservation, FaraonMatchObservation):
        for f in dataclasses.fields(cls):
            assert f.type not in ("", "Any"), f"{cls.__name__}.{f.name} is not typed"
    extra = {f.name for f in dataclasses.fields(FaraonMatchObservation)} - \
        {f.name for f in dataclasses.fields(FaraonObservation)}
    assert extra == {"totals", "target", "hand_number", "hand_points", "match_over", "winners"}


def test_match_observation_adds_the_totals():
    m = _one_card_match([100, 20])
    o = m.observation(1)
    assert isinstance(o, FaraonMatchObservation) and o.totals == (116, 20) and o.target == 200
    assert o.hand_number == 2 and o.hand_points == ((16, 0),) and not o.match_over and o.winners == ()
    assert o.hand == () and o.phase is Phase.DEAL  # the next hand is not dealt yet
    json.dumps(o.to_dict())


def test_observation_refuses_a_seat_that_does_not_exist():
    with pytest.raises(RulesError, match="faraon-rule-players"):
        _dealt_hand().observation(3)


# --------------------------------------------------------------------------- records
def test_records_carry_format_and_game_and_round_trip():
    s = FaraonState(THREE)
    play_random(s, 3)
    rec = json.loads(json.dumps(s.to_record(seed=3), ensure_ascii=False))
    assert (rec["format"], rec["game"]) == ("faraon-record/1", "faraon") == (HAND_FORMAT, "faraon")
    assert list(rec)[:6] == ["format", "game", "rules", "dealer", "start", "actions"] and rec["seed"] == 3
    assert FaraonState.from_record(rec) == s
    m = FaraonMatch(TWO, first_dealer=1, totals=[150, 160])
    play_random(m, 4)
    mrec = json.loads(json.dumps(m.to_record()))
    assert (mrec["format"], mrec["game"]) == (MATCH_FORMAT, "faraon") == ("faraon-match-record/1", "faraon")
    assert mrec["totals"] == [150, 160] and mrec["first_dealer"] == 1
    again = FaraonMatch.from_record(mrec)
    assert again == m and again.totals == m.totals


def _good_hand_record():
    p = pos(TWO, ["Q♠ 6♠", "9♦"], "10♥", to_move=0)
    p.apply_action("play Q♠ diamonds")
    return json.loads(json.dumps(p.to_record()))


def _broken(**changes):
    rec = _good_hand_record()
    for k, v in changes.items():
        if v is KeyError:
            del rec[k]
        else:
            rec[k] = v
    return rec


@pytest.mark.parametrize("record, words", [
    ([], "JSON object"),
    ("faraon", "not JSON"),  # a string is read as JSON text
    (_broken(format="faraon-record/2"), "format"),
    (_broken(format="pharaon-record/1"), "format"),
    (_broken(game="shtoss"), "game"),
    (_broken(game=KeyError), "'game'"),
    (_broken(rules=KeyError), "'rules'"),
    (_broken(dealer=KeyError), "'dealer'"),
    (_broken(start=KeyError), "'start'"),
    (_broken(actions=KeyError), "'actions'"),
    (_broken(rules=[2]), "rules"),
    (_broken(rules={"players": 7}), "players=7"),
    (_broken(rules={"jokers": 2}), "unknown"),
    (_broken(dealer="0"), "dealer"),
    (_broken(dealer=True), "dealer"),
    (_broken(dealer=None), "dealer"),
    (_broken(start="9♦"), "start"),
    (_broken(start={"hands": [["Q♠"]], "pile": ["10♥"], "to_move": 0, "suit": None}), "start.hands"),
    (_broken(start={"hands": [["Q♠"], [9]], "pile": ["10♥"], "to_move": 0, "suit": None}), "start.hands"),
    (_broken(start={"hands": [["Q♠"], ["9♦"]], "pile": ["10♥"], "to_move": 5, "suit": None}), "to_move"),
    (_broken(start={"hands": [["Q♠"], ["9♦"]], "pile": ["10♥"], "suit": None}), "to_move"),
    (_broken(start={"hands": [["Q♠"], ["Q♠"]], "pile": ["10♥"], "to_move": 0, "suit": None}), "twice"),
    (_broken(start={"hands": [["Q♠"], ["9♦"]], "pile": ["10♥"], "to_move": 0, "suit": "hearts"}), "queen"),
    (_broken(actions="play Q♠ diamonds"), "actions"),
    (_broken(actions=[17]), "actions"),
    (_broken(actions=["play Q♠ diamonds", "play 6♠"]), "does not replay"),
    (_broken(actions=["jump"]), "does not replay"),
])
def test_a_bad_hand_record_raises_record_error(record, words):
    with pytest.raises(RecordError, match=re.escape(words)):
        FaraonState.from_record(record)


@pytest.mark.parametrize("change, words", [
    ({"format": "faraon-record/1"}, "format"), ({"game": "stukolka"}, "game"), ({"totals": [1]}, "totals"),
    ({"totals": [0, "5"]}, "totals"), ({"first_dealer": 2}, "first_dealer"), ({"actions": ["deal Z♠"]}, "replay"),
    ({"rules": None}, "rules"),
])
def test_a_bad_match_record_raises_record_error(change, words):
    rec = FaraonMatch(TWO, first_dealer=0).to_record()
    rec.update(change)
    with pytest.raises(RecordError, match=words):
        FaraonMatch.from_record(rec)
    del rec["totals"]
    with pytest.raises(RecordError):
        FaraonMatch.from_record(rec)


def test_extra_record_keys_may_not_overwrite_the_format():
    with pytest.raises(RecordError, match="overwrite"):
        FaraonState(TWO).to_record(actions=[])
    with pytest.raises(RecordError, match="overwrite"):
        FaraonMatch(TWO).to_record(format="x")


# --------------------------------------------------------------------------- sessions
def _play_hand(hand, seed):
    play_random(hand, random.Random(seed))
    return hand


def test_session_follows_the_shared_protocol_and_books_hands():
    session = FaraonSession(FaraonRules(players=3, target=60), first_dealer=2)
    assert isinstance(session, Session) and session.totals == [0, 0, 0] and session.records == []
    hand = session.new_deal()
    assert hand.dealer == 2 and hand.phase is Phase.DEAL
    with pytest.raises(IllegalActionError, match="not over") as err:
        session.finish_deal(hand)
    assert err.value.rule == "faraon-rule-going-out"
    _play_hand(hand, 1)
    ledger = session.finish_deal(hand)
    assert isinstance(ledger, Ledger) and ledger.net() == hand.returns()
    assert session.totals == hand.points() and session.hand_points == [hand.points()]
    assert session.records == [hand.to_record()]
    with pytest.raises(IllegalActionError, match="already booked"):
        session.finish_deal(hand)
    second = session.new_deal()
    assert second.dealer == 0  # the deal passes to the left
    stale = session.new_deal()            # a new deal replaces the one not played
    _play_hand(second, 2)
    with pytest.raises(IllegalActionError, match="latest"):
        session.finish_deal(second)
    with pytest.raises(IllegalActionError, match="latest"):
        FaraonSession(FaraonRules(players=3)).finish_deal(_play_hand(FaraonState(THREE, 0), 5))
    _play_hand(stale, 2)
    session.finish_deal(stale)
    assert session.totals == [a + b for a, b in zip(hand.points(), stale.points())]
    assert len(session.records) == 2


def test_session_refuses_a_new_deal_once_the_target_is_reached():
    session = FaraonSession(FaraonRules(players=2, hand_size=1), first_dealer=1, totals=[189, 20])
    hand = session.new_deal()
    for a in ["deal 10♠", "deal A♥", "turn 9♥", "draw", "talon 6♣", "pass", "play A♥"]:
        hand.apply_action(a)
    session.finish_deal(hand)
    assert session.over and session.totals == [205, 20] and session.winners() == [1]
    with pytest.raises(IllegalActionError, match="faraon-rule-match"):
        session.new_deal()
    assert session.settlement().net() == [-205, -20]


def test_match_is_built_on_a_session_and_agrees_with_it():
    m = FaraonMatch(FaraonRules(players=3, target=100))
    play_random(m, 8)
    assert isinstance(m.session, Session) and m.session.totals == m.totals
    replay = FaraonSession(m.rules)
    for rec in m.session.records:
        hand = replay.new_deal()
        for a in rec["actions"]:
            hand.apply_action(a)
        replay.finish_deal(hand)
    assert replay.totals == m.totals and replay.over and replay.winners() == m.winners()
    assert m.settlement().net() == m.returns()


def test_match_ledger_shows_the_start_and_the_floor_at_zero():
    m = FaraonMatch(FaraonRules(players=2, hand_size=1, allow_negative=False), first_dealer=1, totals=[10, 5])
    for a in ["deal Q♠", "deal A♥", "turn 9♥", "play Q♠ clubs"]:
        m.apply_action(a)
    assert m.totals == [0, 9]
    items = [ln.item for ln in m.settlement().lines]
    assert items == ["start", "hand", "floor"]
    assert m.settlement().net() == m.returns() == [0, -9]


# --------------------------------------------------------------------------- view
def _cards_in(data):
    """Every card a view names (the values of its "card" keys)."""
    if isinstance(data, dict):
        found = {data["card"]} if "card" in data else set()
        return found.union(*(_cards_in(x) for x in data.values()))
    if isinstance(data, list):
        return set().union(*(_cards_in(x) for x in data))
    return set()


def test_view_is_plain_json_with_what_the_seat_may_see():
    s = pos(THREE, ["10♠ 9♥ 8♣", "A♣ K♣", "8♥ 6♠"], "10♥", to_move=0)
    v = s.view(0)
    assert json.loads(json.dumps(v)) == v
    assert (v["game"], v["phase"], v["seat"], v["to_act"]) == ("faraon", "play", 0, 0)
    assert v["legal"] == ["play 10♠", "play 9♥"] and v["settlement"] is None
    notes = {c["name"]: c for c in v["hand"]}
    assert notes["10♠"]["legal"] and notes["10♠"]["why"] == "same rank as the top card"
    assert notes["9♥"]["legal"] and notes["9♥"]["actions"] == ["play 9♥"]
    assert not notes["8♣"]["legal"] and notes["8♣"]["rule"] == "faraon-rule-match-card"
    assert [o["cards"] for o in v["others"]] == [2, 2] and v["hand_sizes"] == [3, 2, 2]
    assert v["pile"]["top"]["card"] == parse_card("10♥") and v["pile"]["suit"] == "hearts"
    assert v["talon"] == 36 - 8 and not v["must_name_suit"] and v["target"] == 200
    assert _cards_in(v) == {int(c) for c in Cards.parse("10♠ 9♥ 8♣ 10♥")}   # own hand and the top only
    w = s.view(1)
    assert w["legal"] == [] and w["to_act"] == 0 and not any(c["legal"] for c in w["hand"])
    assert {c["card"] for c in w["hand"]} == {int(c) for c in Cards.parse("A♣ K♣")}
    spectator = s.view(None)
    assert spectator["hand"] == [] and spectator["legal"] == []


def test_view_after_a_queen_gives_the_named_suit_and_asks_to_name_one():
    s = pos(TWO, ["Q♠ 6♠", "9♦ 10♣ 6♥"], "10♥", to_move=0)
    v = s.view(0)
    assert v["must_name_suit"] and sum(len(c["actions"]) for c in v["hand"]) == 4
    queen = next(c for c in v["hand"] if c["name"] == "Q♠")
    assert queen["rule"] == "faraon-rule-queen-wild" and len(queen["actions"]) == 4
    s.apply_action("play Q♠ diamonds")
    v = s.view(1)
    assert v["pile"]["named"] and v["pile"]["suit"] == "diamonds" and v["pile"]["suit_symbol"] == "♦"
    assert v["legal"] == ["play 9♦"] and not v["must_name_suit"]


def test_view_during_a_draw_and_at_a_chance_node():
    s = pos(TWO, ["A♣ K♣", "6♠"], "10♥", to_move=0)
    s.apply_action("draw")
    v = s.view(0)
    assert v["to_act"] is None and v["chance"] and v["pending_draws"] == 1 and v["legal"] == []
    draw(s, "9♥")
    v = s.view(0)
    assert v["drawn"]["name"] == "9♥" and v["legal"] == ["play 9♥", "pass"]
    notes = {c["name"]: c for c in v["hand"]}
    assert notes["9♥"]["legal"] and notes["9♥"]["rule"] == "faraon-rule-draw"
    assert not notes["A♣"]["legal"] and "drawn card" in notes["A♣"]["why"]
    assert s.view(1)["drawn"] is None


def test_view_when_the_hand_is_over_has_the_settlement_ledger():
    s = pos(TWO, ["Q♠", "A♥ K♥ J♥"], "9♦", to_move=0)
    s.apply_action("play Q♠ hearts")
    v = s.view(1)
    assert v["phase"] == "over" and v["to_act"] is None and v["winner"] == 0 and v["points"] == [-30, 9]
    led = v["settlement"]
    assert [ln["rule"] for ln in led["lines"]] == ["faraon-rule-queen-finish", "faraon-rule-scoring"]
    assert led["net"] == s.returns() == [30, -9]
    assert s.settlement().net() == s.returns() and "9 penalty points" in str(s.settlement())


def test_blocked_hand_ledger_names_the_blocked_rule():
    rules_ = FaraonRules(players=2, reshuffle_pile=False)
    hands = ["A♣", "6♠ 7♠"]
    s = pos(rules_, hands, _rest(*hands, "10♥") + [parse_card("10♥")], to_move=0)
    s.apply_action("pass")
    s.apply_action("pass")
    ledger = s.settlement()
    assert {ln.rule for ln in ledger.lines} == {"faraon-rule-blocked"} and ledger.net() == [-4, -13]
    assert s.view(0)["blocked"] and s.view(0)["winner"] is None


def test_settlement_before_the_end_is_refused():
    with pytest.raises(IllegalActionError, match="faraon-rule-scoring"):
        FaraonState(TWO).settlement()


def test_match_view_adds_the_totals_and_the_last_hand():
    m = _one_card_match([100, 20])
    v = m.view(0)
    assert json.loads(json.dumps(v)) == v
    assert v["totals"] == [116, 20] and v["target"] == 200 and v["hand_number"] == 2
    assert v["hand_points"] == [[16, 0]] and not v["match_over"] and v["settlement"] is None
    assert v["last_hand"]["net"] == [-16, 0]
    done = _one_card_match([189, 20]).view(1)
    assert done["match_over"] and done["winners"] == [1] and done["settlement"]["net"] == [-205, -20]


# --------------------------------------------------------------------------- playthrough, errors
def test_playthrough_takes_rules_then_seed_and_the_set_up():
    text = playthrough(TWO, 5, dealer=1)
    assert text.startswith("game: faraon\nrules: ") and "\nseed: 5\ndealer: 1\n" in text
    assert "phase choose_dealer" not in text and "returns: " in text
    assert playthrough(TWO, 5, dealer=1) == text != playthrough(TWO, 6, dealer=1)


def test_every_refusal_is_in_the_family_and_names_a_book_label():
    cases = [
        lambda: FaraonState(TWO, dealer=2),
        lambda: pos(TWO, ["A♥"], "10♥"),
        lambda: pos(TWO, ["A♥", "A♥"], "10♥"),
        lambda: pos(TWO, ["A♥", "6♠"], []),
        lambda: pos(TWO, ["A♥", "6♠"], "10♥", suit="hearts"),
        lambda: pos(TWO, ["A♥", "6♠"], "Q♥", suit="mushrooms"),
        lambda: pos(TWO, ["A♥", "6♠"], "10♥", to_move=4),
        lambda: FaraonSession(TWO, first_dealer=5),
        lambda: FaraonMatch(TWO, totals=[1, 2, 3]),
        lambda: pos(TWO, ["A♥", "6♠"], "10♥").chance_outcomes(),
        lambda: FaraonState(TWO).apply_action("play 6♠"),
    ]
    for make in cases:
        with pytest.raises(StukolkaError, match=r"\[faraon-rule-[a-z-]+\]"):
            make()


# --------------------------------------------------------------------------- bot and table
def test_bot_reads_the_typed_observation_and_keeps_its_queen():
    calm = pos(THREE, ["Q♠ 9♥ 6♣", "A♣ K♣ 8♦", "8♥ 6♠ J♦"], "10♥", to_move=0)
    bot = FaraonBot(0)
    assert bot.choose(calm.observation(0), calm.legal_actions()) == "play 9♥"
    danger = pos(THREE, ["Q♠ 9♥ 6♣", "A♣", "8♥ 6♠ J♦"], "10♥", to_move=0)
    choice = bot.choose(danger.observation(0), danger.legal_actions())
    assert choice.startswith("play Q♠") and choice in danger.legal_actions()
    assert choice in ("play Q♠ hearts", "play Q♠ clubs")  # names a suit it holds
    with pytest.raises(BotError):
        bot.choose(calm.observation(0), [])


def test_table_draws_the_view_and_nothing_else():
    pytest.importorskip("ipywidgets")
    from stukolka.widgets.faraon_table import faraon_table, render_faraon, render_faraon_view

    s = pos(TWO, ["Q♠ 6♠", "9♦ 10♣ 6♥"], "10♥", to_move=0)
    s.apply_action("play Q♠ diamonds")
    v = s.view(1)
    board = render_faraon_view(v)
    assert board == render_faraon(s, 1)
    assert "diamonds" in board and "named by the queen" in board
    assert "title='matches neither the suit nor the rank of the pile [faraon-rule-match-card]'" in board
    v["pile"]["suit"] = "clubs"              # the table shows whatever the view says
    assert "clubs" in render_faraon_view(v)
    with pytest.raises(RulesError, match="faraon-rule-players"):
        faraon_table(players=3, seat=3)


def test_the_ledger_names_the_penalty_cards_faraon_rule_scoring():
    """faraon-rule-scoring: a loser's ledger line lists the cards he is left with and what each costs,
    and they add up to his points (queens once with queen_penalty_each=False)."""
    from stukolka.base import play_random
    from stukolka.faraon import FaraonRules, FaraonState
    from stukolka.faraon.observation import penalty_cards
    from stukolka.cards import Cards
    import random
    for seed in range(6):
        s = FaraonState(FaraonRules(players=3))
        play_random(s, random.Random(seed))
        obs = s.observation(None)
        for seat, cards in enumerate(obs.left):
            assert sum(p for _, p in cards) == obs.points[seat] or seat == obs.winner
        for line in s.settlement().lines:
            if line.item == "penalty" and obs.left[int(line.text.split()[1])]:
                assert "cards left:" in line.text or "card left:" in line.text
    once = penalty_cards(Cards.parse("Q♣ Q♥ A♥"), FaraonRules(queen_penalty_each=False))
    assert sum(p for _, p in once) == 34
