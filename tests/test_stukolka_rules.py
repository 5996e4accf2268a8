"""Rules as data, options, the action grammar, hidden information and records."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from stukolka.base import CHANCE, IllegalActionError, InvalidActionError, RecordError, RulesError
from stukolka.base import Session as BaseSession
from stukolka.base import Observation as BaseObservation
from stukolka.cards import deck, format_card, parse_card, parse_cards
from stukolka.stukolka import RULE_LABELS, Observation, Phase, Session, StukolkaRules, StukolkaState
from stukolka.stukolka import PLAYER_LIMITS
from stukolka.stukolka.record import arranged_deck, deck_action, dumps, from_record, loads

from harness import play_checked, try_none
from test_stukolka_acceptance import PLAY_210, TWO_ONE_ZERO, dealt, run


# ---------------------------------------------------------------- rules as data
@pytest.mark.parametrize("variant", sorted(PLAYER_LIMITS))
def test_player_limits(variant):
    """stukolka-rule-player-limits: K-18 ranges per variant, named in the error."""
    lo, hi = PLAYER_LIMITS[variant]
    for n in (lo, hi):
        assert StukolkaRules(variant=variant, n_players=n).n_players == n
    for n in (lo - 1, hi + 1):
        with pytest.raises(RulesError, match=rf"n_players {n} .*K-18"):
            StukolkaRules(variant=variant, n_players=n)


def test_rules_validation_messages():
    """stukolka-rule-stake: bad values are refused with the value named."""
    with pytest.raises(RulesError, match="variant 'whist'"):
        StukolkaRules(variant="whist")
    with pytest.raises(RulesError, match="must_beat 'lowest'"):
        StukolkaRules(must_beat="lowest")
    with pytest.raises(RulesError, match="remiz_cap 10"):
        StukolkaRules(remiz_cap=10)
    with pytest.raises(RulesError, match="purchase_price_per_card 2"):
        StukolkaRules(purchase_price_per_card=2)
    with pytest.raises(RulesError, match="dark_variants"):
        StukolkaRules(dark_variants={"golets"})
    with pytest.raises(RulesError, match="stake 0"):
        StukolkaRules(stake=0)
    with pytest.raises(RulesError, match="unknown Stukolka option"):
        StukolkaRules.from_dict({"colour": "red"})


def test_rules_are_frozen_and_round_trip():
    r = StukolkaRules(variant="shleif", n_players=5, dark_allowed=True, dark_variants={"shleif"})
    with pytest.raises(Exception):
        r.stake = 6
    d = r.to_dict()
    assert json.loads(json.dumps(d)) == d and StukolkaRules.from_dict(d) == r
    assert r.dark_variants == frozenset({"shleif"})


def test_every_rule_label_is_named_by_a_test():
    """Every book label of RULE_LABELS appears in some Stukolka test."""
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_stukolka*.py"))
    text = text.replace("RULE_LABELS", "")
    missing = [label for label in RULE_LABELS if text.count(label) < 1]
    assert not missing
    assert all(re.fullmatch(r"stukolka-rule-[a-z-]+", label) for label in RULE_LABELS)


# ---------------------------------------------------------------- deal mechanics
def test_cut_and_deal_one_at_a_time():
    """stukolka-rule-cut, stukolka-rule-deal: the right-hand neighbour cuts; cards go round from the
    dealer's left; the next card turns trump."""
    s = StukolkaState(StukolkaRules(n_players=4), dealer=2)
    run(s, "deck " + str(deck(52)))
    assert s.current_player() == 1 and s.legal_actions()[:2] == ["cut 1", "cut 2"]
    run(s, "cut")                                   # "cut" is cut 26
    assert s.history()[-1] == "cut 26"
    run(s, "deal")
    # after the cut the pack starts at card 26 (A♥ is 25, so 2♦ comes first)
    assert s.hands[3][0] == 26 and s.hands[0][0] == 27 and s.hands[2][0] == 29 and s.hands[3][1] == 30
    assert s.trump_card == 38 and s.trump_suit == 2 and s.current_player() == 3


def test_declaring_order_and_passers_fold():
    """stukolka-rule-declare: from the dealer's left, dealer last; a passer's cards are thrown in."""
    s = dealt(n=4, dealer=1)
    assert [s.current_player()] == [2]
    run(s, "pass")
    assert s.hands[2] == [] and len(s.thrown) == 3 and s.current_player() == 3
    run(s, "knock", "knock")
    assert s.current_player() == 1
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("golets")
    assert err.value.rule == "stukolka-rule-declare"


def test_golets_partial_purchase_option():
    """stukolka-rule-golets: with partial purchase the other knockers may buy too (K-5 reading b)."""
    s = dealt("golets", golets_partial_purchase=True)
    run(s, "golets", "knock", "pass", "pass")
    assert s.phase is Phase.PURCHASE and s.queue == [2]
    run(s, "stand")
    assert s.phase is Phase.PLAY and s.current_player() == 1


def test_obligatory_voluntary_deal_dealer_option():
    """stukolka-rule-obligatory, stukolka-rule-forced-defence: voluntary deals leave the dealer free (K-14)."""
    free = run(dealt("obligatory", carry=15), "knock", "pass", "pass")
    assert free.legal_actions() == ["knock", "pass"] and not free.forced
    forced = run(dealt("obligatory", carry=15, obligatory_dealer_must_defend_single=True), "knock", "pass", "pass")
    assert forced.legal_actions() == ["knock"]
    first = dealt("obligatory")
    assert first.forced and first.phase is Phase.PLAY and first.declarations == ["knock"] * 4


def test_refused_shleif_not_free_option():
    """stukolka-rule-shleif-refusal: with shleif_refused_dealer_free=False he defends as in prikup (K-15)."""
    s = run(dealt("shleif", refuse=True, shleif_refused_dealer_free=False), "knock", "pass", "pass")
    assert s.legal_actions() == ["knock"]


def _short_stock(s: StukolkaState, k: int) -> StukolkaState:
    """The dealt deal ``s`` with only ``k`` cards left in the stock (the others dead)."""
    return StukolkaState.from_position(s.rules, dealer=s.dealer, phase=s.phase, to_act=s.current_player(),
                                       hands=s.hands, stock=s.stock[:k], dead=s.dead + s.stock[k:],
                                       trump_card=s.trump_card, trump_visible=s.trump_visible,
                                       declarations=s.declarations)


def test_stock_exhausted_options():
    """stukolka-rule-purchase: with too few cards the purchase is limited, or the thrown cards are reused."""
    s = _short_stock(dealt(n=6, razrez_allowed=False), 2)
    run(s, "knock", "knock", "pass", "pass", "pass", "pass")
    assert max(len(a.split()) - 1 for a in s.legal_actions()) == 2
    r = _short_stock(dealt(n=6, stock_exhausted="reshuffle_discards"), 1)
    run(r, "knock", "knock", "pass", "pass", "pass", "pass",
        "discard " + " ".join(format_card(c) for c in r.hands[1]))
    assert len(r.hands[1]) == 3 and "stock rebuilt from the thrown cards" in r.events


def test_purchase_price_goes_to_next_pot():
    """stukolka-rule-purchase: a priced card is paid into the next deal's pot."""
    s = dealt(n=3, hands=TWO_ONE_ZERO, purchase_price_per_card=3)
    run(s, "knock", "knock", "knock", "discard 2♠", "stand", "stand")
    assert s.balances[1] == -3 and s.table == s.pot + 3
    assert sum(s.balances) + s.table == 0


def test_remiz_options():
    """stukolka-rule-remiz, stukolka-rule-violation: cap, double remiz, forfeited trick money (K-10, K-20)."""
    s = dealt(n=3, hands=TWO_ONE_ZERO, carry=165, stake=15, remiz_cap=150)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210)
    assert s.payments == [-150, 120, 60] and s.next_carry == 150
    hands = {1: "A♠ 7♦ A♥", 2: "2♦ 3♥ 2♣", 0: "8♦ 4♥ 3♣"}
    seq = ("knock", "knock", "knock", "stand", "stand", "stand", "play 7♦", "play 2♦", "play 8♦",
           "play 4♥", "play A♥", "play 3♥", "play A♠", "play 2♣", "play 3♣")
    f = run(dealt(n=3, hands=hands, trump="9♠", violation_mode="penalize", violator_forfeits_tricks=True), *seq)
    assert f.payments == [3, -3, -3] and f.next_carry == 3 + 3
    t = run(dealt(n=3, hands={1: "3♣ 2♥ 2♦", 2: "A♥ K♥ A♦", 0: "5♣ 4♦ 3♦"}, trump="9♠",
                  violation_mode="penalize", max_one_remiz_per_player=False),
            "knock", "knock", "knock", "stand", "stand", "stand", "play 3♣", "play A♥", "play 4♦",
            "play 2♥", "play K♥", "play 3♦", "play A♦", "play 5♣", "play 2♦")
    assert t.violations == [(0, "stukolka-rule-follow-suit", "4♦")]
    assert t.tricks_won == [0, 1, 2] and t.payments == [-6, 1, 2] and t.next_carry == 6


def test_follow_suit_and_must_trump_violations_are_named():
    """stukolka-rule-follow-suit, stukolka-rule-must-trump: prevent mode names the rule; penalize records it."""
    s = dealt(n=3, hands={1: "5♥ 2♦ 3♦", 2: "9♥ 4♠ 3♣", 0: "4♦ 5♦ 6♣"}, trump="9♠")
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", "play 5♥")
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("play 4♠")
    assert err.value.rule == "stukolka-rule-follow-suit" and s.history()[-1] == "play 5♥"   # the rule the card breaks
    p = dealt(n=3, hands={1: "5♥ 2♦ 3♦", 2: "9♥ 4♠ 3♣", 0: "4♦ 5♠ 6♣"}, trump="9♠", violation_mode="penalize")
    run(p, "knock", "knock", "knock", "stand", "stand", "stand", "play 5♥", "play 4♠", "play 6♣")
    assert [v[1] for v in p.violations] == ["stukolka-rule-follow-suit", "stukolka-rule-must-trump"]


def test_trick_winner():
    """stukolka-rule-trick-winner: highest trump, else highest card of the led suit."""
    s = dealt(n=3, hands={1: "5♥ 2♦ 3♦", 2: "A♦ 4♠ 3♣", 0: "K♥ 5♦ 6♣"}, trump="9♠")
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", "play 5♥", "play 4♠", "play K♥")
    assert s.tricks[0][1] == 2 and s.current_player() == 2


# ---------------------------------------------------------------- grammar
def test_action_grammar_aliases_and_errors():
    s = dealt(n=3, hands=TWO_ONE_ZERO)
    run(s, " Knock ", "knock", "knock")
    run(s, "discard 2s")
    assert s.history()[-1] == "discard 2♠"
    run(s, "discard", "stand")
    assert s.history()[-2:] == ["stand", "stand"]
    run(s, "play Ah")
    assert s.history()[-1] == "play A♥"
    with pytest.raises(InvalidActionError):
        s.apply_action("play Zz")
    with pytest.raises(InvalidActionError):
        s.apply_action("jump")
    with pytest.raises(InvalidActionError):
        s.apply_action(7)
    with pytest.raises(IllegalActionError):
        s.apply_action("knock")


def test_chance_node_interface():
    s = StukolkaState(StukolkaRules(), dealer=0)
    outs = s.chance_outcomes()
    assert s.current_player() == CHANCE and len(outs) == 64 and sum(p for _, p in outs) == 1
    with pytest.raises(IllegalActionError):
        s.apply_action("deck 2♠ 3♠")
    run(s, "shuffle 5", "cut 1", "deal")
    with pytest.raises(IllegalActionError):
        s.chance_outcomes()
    t = run(StukolkaState(StukolkaRules(), dealer=0), "deal " + str(deck(52)))
    assert t.history() == ["deck " + str(deck(52))] and t.phase is Phase.CUT


# ---------------------------------------------------------------- state services
def test_clone_is_independent_and_equal():
    s = dealt(n=3, hands=TWO_ONE_ZERO)
    c = s.clone()
    assert c == s and c is not s
    run(c, "knock")
    assert c != s and s.history()[-1] == "deal" and len(s.hands[1]) == 3
    assert s.declarations == [None, None, None]


def test_a_clone_is_the_position_and_offers_its_actions():
    """What a search clones at every node (its cost: ``benchmarks/clone.py``)."""
    s = run(dealt(n=5), "knock", "knock", "knock", "knock", "knock")
    legal = s.legal_actions()
    for _ in range(200):
        c = s.clone()
        assert c == s and c is not s and c.legal_actions() == legal
    assert s.legal_actions() == legal


def test_repr_str_and_observation():
    s = dealt("shleif", n=3, hands={1: "A♥ A♦ 2♠"}, trump="9♣")
    assert "0x" not in repr(s) and "StukolkaState(variant='shleif'" in repr(s)
    text = str(s)
    assert "seat | declared" in text and "A♥ A♦ 2♠" in text
    obs = s.observation(1)
    assert isinstance(obs, Observation) and isinstance(obs, BaseObservation)
    assert obs.hand == tuple(int(c) for c in parse_cards("A♥ A♦ 2♠")) and obs.trump == 3
    assert all(type(c) is int for c in obs.hand)
    assert obs.shleif_card is None and s.observation(0).shleif_card == parse_card("9♣")
    assert obs.phase is Phase.DECLARE and obs.turned_trump is None and obs.trump_symbol == "♣"
    with pytest.raises(AttributeError):
        obs.hand = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        obs["hand"] = ()  # type: ignore[index]
    data = obs.to_dict()
    assert json.loads(json.dumps(data)) == data and data["hand"] == list(obs.hand) and data["phase"] == "declare"
    assert "hand: [A♥, A♦, 2♠]" in s.observation_string(1)
    assert "A♥" not in s.observation_string(2)


def test_records_replay_and_json():
    s = dealt(n=3, hands=TWO_ONE_ZERO, carry=30)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210)
    rec = s.to_record()
    assert rec["format"] == "stukolka-record/1" and rec["actions"][0].startswith("deck ")
    assert from_record(json.loads(json.dumps(rec))) == s
    assert loads(dumps(s)) == s and StukolkaState.from_record(rec).returns() == s.returns()
    bad = dict(rec, format="other")
    with pytest.raises(RecordError, match="format"):
        from_record(bad)


@pytest.mark.parametrize("change, words", [
    ({"actions": None}, "'actions'"),
    ({"actions": "knock"}, "'actions'"),
    ({"actions": [1, 2]}, "actions must be strings"),
    ({"rules": "prikup"}, "'rules'"),
    ({"rules": {"variant": "whist"}}, "rules"),
    ({"rules": {"n_players": 3, "colour": "red"}}, "unknown Stukolka option"),
    ({"dealer": "0"}, "'dealer'"),
    ({"dealer": 7}, "set-up"),
    ({"carry": "30"}, "'carry'"),
    ({"carry": True}, "'carry'"),
    ({"balances": [0, "x", 0]}, "balances"),
    ({"players": 5}, "players"),
    ({"game": "shtoss"}, "game"),
])
def test_bad_records_raise_record_error(change, words):
    """A record with a missing, mistyped or inconsistent key raises RecordError (not KeyError or
    RulesError), and names the key."""
    s = dealt(n=3, hands=TWO_ONE_ZERO)
    rec = dict(s.to_record(), **change)
    with pytest.raises(RecordError, match=words):
        from_record(rec)


@pytest.mark.parametrize("key", ["rules", "actions", "format"])
def test_record_missing_key(key):
    rec = dealt(n=3).to_record()
    del rec[key]
    with pytest.raises(RecordError, match=key):
        StukolkaState.from_record(rec)


def test_record_with_an_action_that_does_not_replay():
    rec = dealt(n=3, hands=TWO_ONE_ZERO).to_record()
    rec["actions"] = rec["actions"] + ["play Z♥"]
    with pytest.raises(RecordError, match="action 3 'play Z♥'"):
        from_record(rec)
    rec["actions"] = rec["actions"][:3] + ["stand"]  # a stand in the declaring phase
    with pytest.raises(RecordError, match="does not replay"):
        from_record(rec)


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2", "null"])
def test_loads_malformed_json(text):
    with pytest.raises(RecordError):
        loads(text)


def test_session_rotates_and_carries():
    """stukolka-rule-rotation: the deal passes left and the pot is carried over."""
    sess = Session(StukolkaRules(n_players=3), dealer=0)
    s = sess.new_deal()
    run(s, deck_action(arranged_deck(3, 0, TWO_ONE_ZERO, "9♣")), "cut 26", "deal", "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210)
    sess.finish_deal(s)
    assert sess.dealer == 1 and sess.carry == 3 and sess.balances == [-6, 2, 1]
    nxt = sess.new_deal()
    assert nxt.pot == 6 and nxt.dealer == 1 and nxt.balances == [-6, -1, 1]
    with pytest.raises(IllegalActionError, match="not over"):
        sess.finish_deal(nxt)
    assert len(sess.records) == 1 and sess.totals == sess.balances == [-6, 2, 1]


def test_session_refuses_a_foreign_a_stale_or_a_booked_deal():
    """Session.finish_deal books only this session's latest deal, once (stukolka-rule-rotation)."""
    rules = StukolkaRules(n_players=3)
    sess = Session(rules, dealer=0)
    assert isinstance(sess, BaseSession)
    first = run(sess.new_deal(), "shuffle 1", "cut 26", "deal", "pass", "pass", "pass")
    foreign = run(Session(rules, dealer=0).new_deal(), "shuffle 1", "cut 26", "deal", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="current deal") as exc:
        sess.finish_deal(foreign)
    assert exc.value.rule == "stukolka-rule-rotation" and sess.records == []
    sess.finish_deal(first)
    totals = list(sess.totals)
    with pytest.raises(IllegalActionError, match="booked already"):
        sess.finish_deal(first)
    stale = sess.new_deal()
    newer = sess.new_deal()
    run(stale, "shuffle 2", "cut 26", "deal", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="current deal"):
        sess.finish_deal(stale)
    assert sess.totals == totals and len(sess.records) == 1 and newer.phase is Phase.SHUFFLE
    resumed = sess.resume(StukolkaState.from_record(stale.to_record()))
    sess.finish_deal(resumed)
    assert len(sess.records) == 2 and sum(sess.totals) + sess.carry == 0


def test_terminal_state_refuses_actions():
    s = run(dealt(), "pass", "pass", "pass", "pass")
    assert s.is_terminal() and s.legal_actions() == [] and s.current_player() < 0
    with pytest.raises(IllegalActionError):
        s.apply_action("knock")


def test_random_games_end():
    """200 random five-player prikup deals end (their speed: ``benchmarks/engine.py``)."""
    rng = random.Random(3)
    for i in range(200):
        s = StukolkaState(StukolkaRules(variant="prikup", n_players=5), dealer=i % 5)
        play_checked(s, rng, tried=try_none)


# ---------------------------------------------------------------- one place for each rule
def _walk(rules: StukolkaRules, seed: int):
    """Every state of a seeded random deal."""
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=seed % rules.n_players)
    while not s.is_terminal():
        yield s
        s.apply_action(rng.choice(s.legal_actions()))
    yield s


def _brute_winner(trick, trump):
    """The trick winner written out independently: trumps beat everything, else the led suit."""
    led = trick[0][1] // 13
    trumps = [(c, q) for q, c in trick if c // 13 == trump]
    pool = trumps or [(c, q) for q, c in trick if c // 13 == led]
    card, seat = max(pool)
    return seat, card


def test_trick_winner_agrees_with_an_independent_count_and_the_engine():
    """stukolka-rule-trick-winner: the one engine function, checked on every finished trick."""
    from stukolka.stukolka.play import trick_winner
    checked = 0
    for seed in range(25):
        for s in _walk(StukolkaRules(variant="obligatory", n_players=5), seed):
            if s.is_terminal():
                for trick, w in s.tricks:
                    assert trick_winner(trick, s.trump_suit) == _brute_winner(trick, s.trump_suit)
                    assert trick_winner(trick, s.trump_suit)[0] == w
                    checked += 1
    assert checked >= 25 * 3


def test_legal_cards_come_from_the_one_engine_function():
    """The state's legal plays are exactly stukolka.stukolka.play.card_options."""
    from stukolka.stukolka.play import card_options
    plays = 0
    for seed in range(20):
        for s in _walk(StukolkaRules(variant="golets", n_players=4), seed):
            if s.phase is Phase.PLAY:
                p = s.current_player()
                opts, _ = card_options(s.rules, s.hands[p], s.trick, s.trump_suit, me=p, exempt=s.exempt,
                                       trump_visible=s.trump_visible, trump_card=s.trump_card)
                assert s.legal_actions() == [f"play {format_card(c)}" for c in opts]
                plays += 1
    assert plays > 100


def test_why_illegal_names_the_rule_and_changes_nothing():
    """stukolka-rule-must-beat / follow-suit: the engine gives the reason a card is refused."""
    s = dealt(n=3, hands={1: "A♥ 2♥ 3♠", 2: "K♥ 4♦ 5♦", 0: "6♣ 7♣ 8♣"}, trump="9♣")
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", "play 2♥")
    before = s.clone()
    assert s.why_illegal("play K♥") is None
    text, rule = s.why_illegal("play 4♦")
    assert rule == "stukolka-rule-follow-suit" and text == RULE_LABELS[rule]
    assert s.why_illegal("play A♠")[1] == "stukolka-rule-violation"          # not in hand
    assert s.why_illegal("knock")[1] == "stukolka-rule-actions"                # the action grammar
    assert s.why_illegal("frobnicate")[0].startswith("cannot read action")
    assert s == before
    d = dealt(n=3)
    assert d.why_illegal("stand")[1] == "stukolka-rule-declare" and d.why_illegal("knock") is None


def test_discard_action_is_in_hand_order():
    s = dealt(n=3, hands={1: "A♥ 2♥ 3♠"})
    run(s, "knock", "pass", "knock")
    assert s.phase is Phase.PURCHASE and s.current_player() == 1
    assert s.discard_action(["3♠", "2♥"]) == s.discard_action([parse_card("2♥"), parse_card("3♠")]) == "discard 2♥ 3♠"
    assert s.discard_action([]) == "stand" and "discard 2♥ 3♠" in s.legal_actions()


# ---------------------------------------------------------------- view(seat)
VIEW_RULES = [StukolkaRules(variant="golets", n_players=4),
              StukolkaRules(variant="prikup", n_players=3, dark_allowed=True, razrez_allowed=True),
              StukolkaRules(variant="shleif", n_players=4),
              StukolkaRules(variant="obligatory", n_players=4, violation_mode="penalize")]


@pytest.mark.parametrize("rules", VIEW_RULES, ids=lambda r: r.variant)
def test_view_is_json_and_shows_only_the_seat(rules):
    for seed in range(4):
        for s in _walk(rules, seed):
            for seat in range(rules.n_players):
                v = s.view(seat)
                assert json.loads(json.dumps(v)) == v
                assert v["game"] == "stukolka" and v["phase"] == s.phase.value and v["seat"] == seat
                to_act = s.current_player()
                if to_act == seat and v["hand"] is None and s.unseen_discard() is not None:
                    assert v["legal"] == ["discard unseen"]          # stukolka-rule-dark: no card named
                    assert v["actions"][0]["cards"] == [] and f"discard {format_card(s.unseen_discard())}" in s.legal_actions()
                else:
                    assert v["legal"] == (s.legal_actions() if to_act == seat else [])
                assert [x["cards"] for x in v["seats"]] == [len(h) for h in s.hands]
                assert sum(x["you"] for x in v["seats"]) == 1 and v["pot"] == s.pot
                text = json.dumps(v, ensure_ascii=False)
                for q in range(rules.n_players):
                    if q != seat:           # another seat's cards in hand never appear as their names
                        for c in s.hands[q]:
                            if c not in s.exposed and c != s.trump_card:
                                assert f'"name": "{format_card(c)}"' not in text, (seat, q, c)
                if v["hand"] is not None:
                    assert [x["card"] for x in v["hand"]] == s.hands[seat] and s.seen[seat]
                    if s.phase is Phase.PLAY and to_act == seat:
                        legal = {x["name"] for x in v["hand"] if x["legal"]}
                        assert {f"play {n}" for n in legal} == set(s.legal_actions())
                        for x in v["hand"]:
                            assert (x["why"] is None) == x["legal"]
                            assert x["legal"] or x["rule"].startswith("stukolka-rule-")
                else:
                    assert not s.seen[seat]
            if s.is_terminal():
                v = s.view(0)
                assert v["next_dealer"] == s.next_dealer and v["returns"] == s.returns()
                assert "settlement" in v
                if hasattr(s, "settlement"):
                    assert v["settlement"] == s.settlement().to_dict()


def test_view_of_the_last_trick_names_the_winner():
    s = dealt(n=3, hands=TWO_ONE_ZERO)
    run(s, "knock", "knock", "knock", "stand", "stand", "stand", *PLAY_210[:3])
    last = s.view(2)["last_trick"]
    assert last["winner"] == 1 and last["name"] == "A♥" and last["rule"] == "stukolka-rule-trick-winner"
    assert [p["name"] for p in last["plays"]] == ["A♥", "3♥", "4♥"] and s.view(2)["current_trick"] == []


def test_a_state_draws_itself():
    s = dealt(n=3, hands=TWO_ONE_ZERO)
    html = s._repr_html_()
    assert "stukolka-deal" in html and html.count("<svg") == 10
    assert list(s.hand_cards(1)) == s.hands[1] and str(s.hand_cards(1)) == "A♥ A♦ 2♠"
