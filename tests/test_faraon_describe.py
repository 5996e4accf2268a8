"""The shedding game's actions as data and in words, and the rest of the shared vocabulary.

``describe_action`` gives a front end what it used to read out of an action string (the card of
``play 9♥``, the suit a queen names in ``play Q♠ hearts``) as fields, and the words a button and
the table's log show; the view lists the seat's actions so described, says its phase in words
and gives the bounds of the rules.  Also ``why_illegal``, ``card_locations``, ``n_seats`` and
``loads`` (docs/faraon-actions.md, docs/vocabulary.md).
"""

from __future__ import annotations

import json
import random

import pytest

from stukolka.base import CHANCE, sample_chance
from stukolka.cards import card_name, parse_card
from stukolka.errors import InvalidActionError, RecordError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState, loads
from stukolka.faraon.actions import FaraonActionInfo

C = parse_card


def positions(new, seed: int) -> list:
    rng = random.Random(seed)
    s = new()
    out = [s.clone()]
    while not s.is_terminal():
        s.apply_action(sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions()))
        out.append(s.clone())
    return out


@pytest.mark.parametrize("seed", range(8))
def test_what_a_page_read_from_an_action_string_is_data(seed):
    """live/faraon.js took a queen's suit from the end of 'play Q♠ hearts': it is ``suit``; the card
    is ``cards``; the verb is ``kind``; a card seen only by its holder is ``secret`` and unnamed."""
    rules = FaraonRules(players=2 + seed % 3, seven_stacking=seed % 2 == 1)
    for s in positions(lambda: FaraonState(rules), seed)[:-1]:
        legal = s.legal_actions()
        for a in legal:
            info = s.describe_action(a)
            words = a.split()
            assert isinstance(info, FaraonActionInfo) and info.action == a and info.kind == words[0]
            assert info.words and info.said and info.rule.startswith("faraon-rule-")
            if words[0] in ("play", "deal", "turn", "talon", "show"):
                assert info.cards == (C(words[1]),)
            assert info.suit == (words[2] if len(words) == 3 else None)
            if info.kind == "take":
                assert info.count == s.view(s.current_player())["pending_draws"]
            if info.secret:
                assert card_name(info.cards[0]) not in info.said and info.public()["cards"] == []
        if s.current_player() >= 0:
            v = s.view(s.current_player())
            assert v["actions"] == [s.describe_action(a).to_dict() for a in legal]


def test_a_queen_names_its_suit_in_words():
    s = FaraonState.from_position(FaraonRules(players=2), ["9♥ Q♣", "A♦"], "9♠", to_move=0)
    actions = {x["action"]: x for x in s.view(0)["actions"]}
    queen = actions["play Q♣ hearts"]
    assert (queen["words"], queen["said"], queen["suit"], queen["rule"]) == (
        "Play the queen of clubs and name hearts", "plays the queen of clubs and names hearts", "hearts",
        "faraon-rule-queen-wild")
    assert actions["play 9♥"]["words"] == "Play the nine of hearts" and actions["play 9♥"]["suit"] is None
    assert actions["play 9♥"]["rule"] == "faraon-rule-match-card"


def test_draws_passes_and_sevens_in_words():
    s = FaraonState.from_position(FaraonRules(players=2), ["K♠", "A♦"], "9♥", to_move=0)
    assert s.describe_action("draw").words == "Draw a card from the talon"
    s.apply_action("draw")
    talon = s.describe_action("talon 10♥")
    assert talon.secret and talon.said == "seat 0 draws a card from the talon"
    assert talon.words == "Seat 0 draws the ten of hearts from the talon"
    s.apply_action("talon 10♥")
    assert s.describe_action("play 10♥").words == "Play the ten of hearts, just drawn"
    assert s.describe_action("pass").words == "Keep the card and pass"
    assert s.phase_words() == "Seat 0 may play the card just drawn, or pass"
    stack = FaraonState.from_position(FaraonRules(players=2, seven_stacking=True), ["7♠ 8♠", "7♥ K♣"], "9♠",
                                      to_move=0)
    stack.apply_action("play 7♠")
    assert stack.phase_words() == "Seat 1 answers the seven with a seven, or takes 2 cards"
    take = stack.describe_action("take")
    assert (take.words, take.count, take.rule) == ("Take the penalty: draw 2 cards", 2, "faraon-rule-seven")
    assert stack.describe_action("play 7♥").words == "Play the seven of hearts: the penalty passes on"


def test_the_deal_in_words():
    s = FaraonState(FaraonRules(players=3), dealer=1)
    assert s.phase_words() == "Seat 1 deals 4 cards to each player, one at a time"
    deal = s.describe_action("deal 9♥")
    assert (deal.words, deal.said, deal.secret) == ("The dealer deals the nine of hearts to seat 2",
                                                    "the dealer deals a card to seat 2", True)
    assert s.describe_action("expose 9♥").said == "the nine of hearts falls face up during the deal"
    draw = FaraonState(FaraonRules(players=2))
    assert draw.describe_action("show Q♠").words == "Seat 0 is dealt the queen of spades face up"
    with pytest.raises(InvalidActionError):
        draw.describe_action("play")


def test_limits_why_illegal_card_locations_and_seats():
    s = FaraonState.from_position(FaraonRules(players=3), ["9♥ K♠", "A♦", "6♣"], "9♠")
    assert s.n_seats == 3 and s.limits() == {"players": [2, 5], "target": [1, 100000], "hand_size": [1, 11]}
    assert s.why_illegal("play A♦") == ("A♦ matches neither the suit nor the rank of the pile",
                                        "faraon-rule-match-card")
    assert s.why_illegal("draw") is None and s.why_illegal("fly")[1] == "faraon-rule-actions"
    where = s.card_locations()
    assert where[C("9♥")] == "hand 0" and where[C("9♠")] == "pile" and len(where) == 36


def test_a_match_speaks_for_its_hand_and_says_when_it_is_over():
    m = FaraonMatch(FaraonRules(players=2, hand_size=1, target=10), first_dealer=1)
    assert m.n_seats == 2 and m.describe_action("deal 10♠").kind == "deal"
    for a in ["deal 10♠", "deal A♥", "turn 9♥", "draw", "talon 6♣", "pass", "play A♥"]:
        m.apply_action(a)
    assert m.is_terminal() and m.phase_words() == "The match is over: seat 1 won with the lowest total"
    assert m.why_illegal("draw") == ("the match is over", "faraon-rule-match")
    assert m.view(0)["phase_words"] == m.phase_words() and m.view(0)["actions"] == []


def test_loads_reads_a_hand_or_a_match():
    hand = positions(lambda: FaraonState(FaraonRules(players=2)), 3)[-1]
    match = positions(lambda: FaraonMatch(FaraonRules(players=2, target=30)), 4)[-1]
    assert loads(json.dumps(hand.to_record())) == hand and loads(json.dumps(match.to_record())) == match
    with pytest.raises(RecordError):
        loads("{")
