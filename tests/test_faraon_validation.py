"""Bad input to the shedding game: every public entry point refuses it with one typed error.

Rules (constructor and ``from_dict``), ``FaraonState`` and ``from_position``, the session
and match constructors, the records of a hand and of a match, and the action grammar
(``faraon-rule-actions``).  Also the rule for a card turned face up during the deal
(``faraon-rule-exposed-card``, 004-F), in both of its readings.
"""

import json

import pytest

from stukolka.errors import IllegalActionError, InvalidActionError, RecordError, RulesError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonSession, FaraonState
from stukolka.faraon.actions import MAX_ACTION_LENGTH, parse_action
from stukolka.faraon.record import read_json

# --------------------------------------------------------------------------- rules
BAD_OPTIONS = [
    ("players", True, "faraon-rule-players"), ("players", 4.0, "faraon-rule-players"),
    ("players", 6, "faraon-rule-players"), ("players", "4", "faraon-rule-players"),
    ("deck", 36.0, "faraon-rule-players"), ("deck", 52, "faraon-rule-players"),
    ("hand_size", False, "faraon-rule-deal"), ("hand_size", 0, "faraon-rule-deal"),
    ("hand_size", 2.5, "faraon-rule-deal"),
    ("base", None, "faraon-rule-match-card"), ("base", ["mau_mau"], "faraon-rule-match-card"),
    ("queen_on_anything", "no", "faraon-rule-queen-wild"), ("queen_on_anything", 1, "faraon-rule-queen-wild"),
    ("seven_stacking", None, "faraon-rule-seven"), ("draw_then_play", 0, "faraon-rule-draw"),
    ("allow_negative", "yes", "faraon-rule-match"), ("reshuffle_pile", [], "faraon-rule-talon-exhausted"),
    ("start_card_effects", "True", "faraon-rule-starter"), ("queen_penalty_each", 1, "faraon-rule-scoring"),
    ("penalty", None, "faraon-rule-scoring"), ("penalty", "abc", "faraon-rule-scoring"),
    ("penalty", [[6, 6]], "faraon-rule-scoring"), ("penalty", {6: 6}, "faraon-rule-scoring"),
    ("penalty", [[6.0, 6], [7, 7], [8, 8], [9, 9], [10, 10], [11, 2], [13, 3], [14, 4]], "faraon-rule-scoring"),
    ("penalty", [[6, True], [7, 7], [8, 8], [9, 9], [10, 10], [11, 2], [13, 3], [14, 4]], "faraon-rule-scoring"),
    ("penalty", [[6, -1], [7, 7], [8, 8], [9, 9], [10, 10], [11, 2], [13, 3], [14, 4]], "faraon-rule-scoring"),
    ("penalty", ("shleif",), "faraon-rule-scoring"), ("penalty", (6, 6), "faraon-rule-scoring"),
    ("penalty", ((6, 6, 6),), "faraon-rule-scoring"), ("penalty", [(6,)], "faraon-rule-scoring"),
    ("queen_penalty", 30.0, "faraon-rule-scoring"), ("queen_penalty", -5, "faraon-rule-scoring"),
    ("queen_finish_bonus", "-30", "faraon-rule-queen-finish"), ("queen_finish_bonus", 10**9, "faraon-rule-queen-finish"),
    ("target", 0, "faraon-rule-match"), ("target", 200.0, "faraon-rule-match"), ("target", True, "faraon-rule-match"),
    ("target", 10**12, "faraon-rule-match"),
    ("dealer_rotation", "up", "faraon-rule-dealer-rotation"), ("dealer_rotation", None, "faraon-rule-dealer-rotation"),
    ("exposed_card", "ignore", "faraon-rule-exposed-card"), ("exposed_card", 1, "faraon-rule-exposed-card"),
]


@pytest.mark.parametrize("name,value,rule", BAD_OPTIONS)
def test_a_bad_option_is_refused_naming_field_value_and_rule(name, value, rule):
    for make in (lambda: FaraonRules(**{name: value}), lambda: FaraonRules.from_dict({name: value})):
        with pytest.raises(RulesError) as err:
            make()
        msg = str(err.value)
        assert name in msg and f"[{rule}]" in msg and err.value.rule == rule
        assert repr(value)[:20] in msg


@pytest.mark.parametrize("data", [None, [], "players=3", 7, {"players": 3, "colour": "red"}, {1: 2},
                                  {"players": 3, ("a",): 1}])
def test_from_dict_refuses_what_is_not_a_dict_of_known_options(data):
    with pytest.raises(RulesError, match=r"\[faraon-rule-players\]"):
        FaraonRules.from_dict(data)


def test_a_very_long_value_is_quoted_short():
    with pytest.raises(RulesError) as err:
        FaraonRules(base="x" * 100_000)
    assert len(str(err.value)) < 300 and "base=" in str(err.value)


def test_rules_round_trip_through_their_dict():
    r = FaraonRules(players=3, seven_stacking=True, exposed_card="redeal", target=120)
    assert FaraonRules.from_dict(json.loads(json.dumps(r.to_dict()))) == r


# --------------------------------------------------------------------------- states and sessions
@pytest.mark.parametrize("kwargs,rule", [
    ({"rules": "default"}, "faraon-rule-players"), ({"rules": None}, "faraon-rule-players"),
    ({"dealer": True}, "faraon-rule-deal"), ({"dealer": 1.0}, "faraon-rule-deal"), ({"dealer": 4}, "faraon-rule-deal"),
    ({"dealer": -1}, "faraon-rule-deal"), ({"dealer": "0"}, "faraon-rule-deal"),
])
def test_a_bad_state_is_refused(kwargs, rule):
    with pytest.raises(RulesError, match=rf"\[{rule}\]"):
        FaraonState(**kwargs)


TWO = FaraonRules(players=2)


@pytest.mark.parametrize("hands,pile,kw,rule", [
    (None, "9♠", {}, "faraon-rule-deal"), ("9♥ K♠", "9♠", {}, "faraon-rule-deal"),
    (["9♥"], "9♠", {}, "faraon-rule-deal"), (["9♥", "A♦", "K♦"], "9♠", {}, "faraon-rule-deal"),
    (["9♥", [True]], "9♠", {}, "faraon-rule-deal"), (["9♥", [99]], "9♠", {}, "faraon-rule-deal"),
    (["9♥", [3.0]], "9♠", {}, "faraon-rule-deal"), (["9♥", "Z♠"], "9♠", {}, "faraon-rule-deal"),
    (["9♥", "2♠"], "9♠", {}, "faraon-rule-players"), (["9♥", "9♥"], "9♠", {}, "faraon-rule-players"),
    (["9♥", ""], "9♠", {}, "faraon-rule-going-out"), (["9♥", "A♦"], "", {}, "faraon-rule-starter"),
    (["9♥", "A♦"], None, {}, "faraon-rule-deal"), (["9♥", "A♦"], "9♠", {"to_move": True}, "faraon-rule-deal"),
    (["9♥", "A♦"], "9♠", {"to_move": 2}, "faraon-rule-deal"), (["9♥", "A♦"], "Q♠", {"suit": True}, "faraon-rule-queen-wild"),
    (["9♥", "A♦"], "Q♠", {"suit": 4}, "faraon-rule-queen-wild"), (["9♥", "A♦"], "Q♠", {"suit": "red"}, "faraon-rule-queen-wild"),
    (["9♥", "A♦"], "9♠", {"suit": "hearts"}, "faraon-rule-queen-wild"), (["9♥", "A♦"], "9♠", {"dealer": 2}, "faraon-rule-deal"),
    (["9♥ " * 300, "A♦"], "9♠", {}, "faraon-rule-deal"),
])
def test_from_position_refuses_an_impossible_position(hands, pile, kw, rule):
    with pytest.raises(RulesError, match=rf"\[{rule}\]"):
        FaraonState.from_position(TWO, hands, pile, **kw)


def test_from_position_reads_card_strings_and_ints_alike():
    a = FaraonState.from_position(TWO, ["9♥ K♠", "A♦"], "9♠")
    b = FaraonState.from_position(TWO, [["9♥", "K♠"], ["A♦"]], ["9♠"])
    assert a == b and a.legal_actions() == ["draw"]


@pytest.mark.parametrize("kwargs,rule", [
    ({"rules": {}}, "faraon-rule-match"), ({"first_dealer": True}, "faraon-rule-first-dealer"),
    ({"first_dealer": 9}, "faraon-rule-first-dealer"), ({"totals": 5}, "faraon-rule-match"),
    ({"totals": "00"}, "faraon-rule-match"), ({"totals": [0, 0, 0]}, "faraon-rule-match"),
    ({"totals": [0.0, 0, 0, 0]}, "faraon-rule-match"), ({"totals": [False, 0, 0, 0]}, "faraon-rule-match"),
    ({"totals": [10**9, 0, 0, 0]}, "faraon-rule-match"),
])
def test_a_bad_session_or_match_is_refused(kwargs, rule):
    for cls in (FaraonSession, FaraonMatch):
        with pytest.raises(RulesError, match=rf"\[{rule}\]"):
            cls(**kwargs)


def test_a_negative_start_total_needs_allow_negative():
    """faraon-rule-match with F-5: no total below zero when allow_negative is off."""
    with pytest.raises(RulesError, match="allow_negative"):
        FaraonSession(FaraonRules(allow_negative=False), totals=[-30, 0, 0, 0])
    assert FaraonSession(FaraonRules(), totals=[-30, 0, 0, 0]).totals == [-30, 0, 0, 0]


# --------------------------------------------------------------------------- records
def _hand_record():
    s = FaraonState.from_position(TWO, ["9♥ K♠", "A♦"], "9♠", dealer=0)
    s.apply_action("draw")
    return s.to_record()


def _match_record():
    return FaraonMatch(FaraonRules(players=2, hand_size=1), first_dealer=1).to_record()


def _mutations(rec):
    yield {**rec, "format": "faraon-record/2"}
    yield {**rec, "format": None}
    yield {**rec, "format": ["faraon-record/1"]}
    yield {**rec, "game": "stukolka"}
    yield {**rec, "game": 1}
    yield {k: v for k, v in rec.items() if k != "actions"}
    yield {**rec, "rules": None}
    yield {**rec, "rules": {**rec["rules"], "players": True}}
    yield {**rec, "rules": {**rec["rules"], "colour": 1}}
    yield {**rec, "actions": "draw"}
    yield {**rec, "actions": [1]}
    yield {**rec, "actions": ["x" * 10_000]}
    yield {**rec, "actions": ["draw", "draw"]}
    deep: object = 0
    for _ in range(5000):
        deep = [deep]
    yield {**rec, "actions": deep}
    yield {**rec, "rules": {**rec["rules"], "target": deep}}


@pytest.mark.parametrize("which", ["hand", "match"])
def test_a_bad_record_raises_record_error(which):
    rec = _hand_record() if which == "hand" else _match_record()
    cls = FaraonState if which == "hand" else FaraonMatch
    fmt = rec["format"]
    for bad in _mutations(rec):
        if bad.get("format") == "faraon-record/2" and which == "match":
            bad["format"] = "faraon-match-record/2"
        with pytest.raises(RecordError) as err:
            cls.from_record(bad)
        assert "[faraon-rule-" in str(err.value) and len(str(err.value)) < 1000, (bad.keys(), str(err.value))
    assert cls.from_record(json.loads(json.dumps(rec))).to_record() == rec
    assert rec["format"] == fmt


def test_hand_record_specific_checks():
    rec = _hand_record()
    for key, value in [("dealer", True), ("dealer", 2), ("start", []), ("start", {**rec["start"], "x": 1}),
                       ("start", {**rec["start"], "to_move": False}), ("start", {**rec["start"], "suit": 3}),
                       ("start", {**rec["start"], "hands": [["9♥", "9♥"], ["A♦"]]}), ("start", {**rec["start"], "hands": [["9♥", 7], ["A♦"]]})]:
        with pytest.raises(RecordError, match=r"\[faraon-rule-"):
            FaraonState.from_record({**rec, key: value})


def test_match_record_specific_checks():
    rec = _match_record()
    for key, value in [("first_dealer", 1.0), ("totals", [0]), ("totals", [0, 0.5]), ("totals", [0, True]),
                       ("totals", [10**12, 0])]:
        with pytest.raises(RecordError, match=r"\[faraon-rule-"):
            FaraonMatch.from_record({**rec, key: value})


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "[" * 100_000 + "]" * 100_000, "{\"a\": " * 50_000,
                                  '"' + "x" * 3_000_000 + '"', b"\xff\xfe"])
def test_bad_json_text_raises_record_error(text):
    with pytest.raises(RecordError, match=r"\[faraon-rule-actions\]"):
        FaraonState.from_record(text)
    with pytest.raises(RecordError, match=r"\[faraon-rule-actions\]"):
        FaraonMatch.from_record(text)


def test_a_record_reads_from_its_json_text():
    rec = _hand_record()
    assert FaraonState.from_record(json.dumps(rec, ensure_ascii=False)).to_record() == rec
    assert read_json(json.dumps(rec)) == rec


# --------------------------------------------------------------------------- one grammar per action
@pytest.mark.parametrize("text", ["", "   ", "draw now", "pass pass", "take 7♠", "play", "deal", "jump 9♥",
                                  "talon 9♥ hearts", "play 9♥ hearts please", "play " + "9" * 5000, "play ²",
                                  "play 9♥\x00", None, 7, b"draw", ["draw"]])
def test_unreadable_actions_are_refused_with_the_grammar_rule(text):
    s = FaraonState.from_position(TWO, ["9♥ K♠", "A♦"], "9♠")
    before = s.clone()
    with pytest.raises(InvalidActionError) as err:
        s.apply_action(text)
    assert "[faraon-rule-actions]" in str(err.value) and len(str(err.value)) < 400
    assert s == before


def test_overlong_input_is_refused_before_it_is_read():
    with pytest.raises(InvalidActionError, match="more than"):
        parse_action("draw" + " " * MAX_ACTION_LENGTH)


def test_history_holds_only_canonical_actions():
    s = FaraonState.from_position(FaraonRules(players=2), ["Д♠ 9♥", "A♦ 6♣"], "10♥", dealer=1)
    s.apply_action("  PLAY   дама пик   черви ")
    s.apply_action("play a♦") if "play A♦" in s.legal_actions() else s.apply_action("DRAW")
    assert s.history()[0] == "play Q♠ hearts"
    assert all(a == a.strip() and "  " not in a for a in s.history())
    assert s.history()[1] in ("play A♦", "draw")


def test_every_illegal_refusal_names_a_rule():
    s = FaraonState.from_position(TWO, ["9♥ K♠", "A♦"], "9♠")
    for a in ["play 9♥", "play A♦", "pass", "take", "deal 6♠", "expose 6♠", "play Q♠ hearts"]:
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(a)
        assert err.value.rule.startswith("faraon-rule-")


# --------------------------------------------------------------------------- faraon-rule-exposed-card
def _dealing(exposed_card):
    return FaraonState(FaraonRules(players=2, hand_size=2, exposed_card=exposed_card), dealer=1)


def test_exposed_card_dealer_takes_it_and_the_player_gets_another():
    """faraon-rule-exposed-card, 004-F's first reading: the dealer (seat 1) takes the exposed
    card as one of his own; seat 0, whose card it was, receives the next one."""
    s = _dealing("dealer_takes")
    s.apply_action("expose A♠")
    assert {str(c) for c in s.hand(1)} == {"A♠"} and len(s.hand(0)) == 0
    for a in ["deal 6♥", "deal 7♥"]:       # seat 0 gets its first card, then the dealer's turn comes
        s.apply_action(a)
    assert {str(c) for c in s.hand(0)} == {"6♥"} and {str(c) for c in s.hand(1)} == {"A♠", "7♥"}
    assert s.phase.value == "deal"
    s.apply_action("deal 8♥")              # the dealer's hand is full: the card goes to seat 0
    assert {str(c) for c in s.hand(0)} == {"6♥", "8♥"} and s.phase.value == "starter"
    assert s.history()[0] == "expose A♠"
    assert FaraonState.from_record(json.loads(json.dumps(s.to_record()))) == s


def test_exposed_card_redeal_puts_every_card_back():
    """faraon-rule-exposed-card, 004-F's second reading: gather the cards and deal again."""
    s = _dealing("redeal")
    for a in ["deal 6♥", "deal 7♥", "expose A♠"]:
        s.apply_action(a)
    assert len(s.hand(0)) == 0 and len(s.hand(1)) == 0 and s.talon_size == 36
    for a in ["deal A♠", "deal 6♥", "deal 7♥", "deal 8♥"]:
        s.apply_action(a)
    assert {str(c) for c in s.hand(0)} == {"A♠", "7♥"} and s.phase.value == "starter"


def test_exposed_card_to_the_dealer_or_with_his_hand_full():
    """faraon-rule-exposed-card: the dealer's own card is simply his; once his hand is full,
    a further exposed card means a new deal."""
    s = _dealing("dealer_takes")
    s.apply_action("deal 6♥")
    s.apply_action("expose A♠")          # the dealer's own card
    assert {str(c) for c in s.hand(1)} == {"A♠"}
    s.apply_action("expose K♠")          # seat 0's card: the dealer takes it, his hand is now full
    assert len(s.hand(1)) == 2
    s.apply_action("expose J♠")          # the dealer cannot take a third: deal again
    assert all(len(s.hand(i)) == 0 for i in range(2)) and s.talon_size == 36


def test_exposed_card_only_during_the_deal():
    s = FaraonState.from_position(TWO, ["9♥ K♠", "A♦"], "9♠")
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("expose 6♠")
    assert err.value.rule == "faraon-rule-exposed-card"
    d = _dealing("dealer_takes")
    d.apply_action("deal 6♥")
    with pytest.raises(IllegalActionError, match="faraon-rule-exposed-card"):
        d.apply_action("expose 6♥")
    assert "expose 6♠" not in d.legal_actions()  # an accident, not an outcome of the shuffle


def test_f4_queens_each_or_once():
    """faraon-rule-scoring, F-4 both ways: 30 for each queen (default) or 30 for any queens."""
    from stukolka.cards import parse_cards
    from stukolka.faraon import hand_penalty

    hand = parse_cards("Q♠ Q♥ A♦ 7♣")
    assert hand_penalty(hand) == 30 + 30 + 4 + 7
    assert hand_penalty(hand, FaraonRules(queen_penalty_each=False)) == 30 + 4 + 7
    assert hand_penalty(parse_cards("A♦"), FaraonRules(queen_penalty_each=False)) == 4
