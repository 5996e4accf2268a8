"""Stukolka's actions and phases in words, from the engine (``stukolka.stukolka.words``).

A page shows ``describe_action`` and the view's ``actions``, ``phase_words`` and ``limits`` and
states no rule itself (docs/stukolka-actions.md, "Actions in words").  Over seeded deals of every
variant, player count and option mix, every legal action of the seat to act is described: its
kind is one of the grammar's, its words and what the table hears are said, it names its cards
and count, it follows a rule of the book, a discard is secret (its cards go face down) and says
whether it buys or only throws out down to three; any spelling describes the same action, an
unreadable one is refused by the grammar (``stukolka-rule-actions``) and one the engine refuses
now with the engine's own refusal.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from harness import rule_cells
from stukolka.base import CHANCE
from stukolka.cards import format_card
from stukolka.errors import IllegalActionError, InvalidActionError, StukolkaError
from stukolka.stukolka import PLAYER_LIMITS, RULE_LABELS, Phase, StukolkaRules, StukolkaState
from stukolka.stukolka.words import ACTION_KINDS, PHASE_WORDS

from stukolka_oracle import MIXES

DOC = (Path(__file__).resolve().parent.parent / "docs" / "stukolka-actions.md").read_text(encoding="utf-8")


def test_every_kind_and_phase_is_documented():
    for kind in ACTION_KINDS:
        assert f"| `{kind}` |" in DOC, kind
    assert set(PHASE_WORDS) == {p.value for p in Phase}


def _cells():
    return rule_cells(MIXES)


@pytest.mark.parametrize("variant,n,mix", list(_cells()))
def test_every_legal_action_is_described(variant, n, mix):
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"words {variant} {n} {sorted(mix.items())}")
    kinds = set()
    for deal in range(4):
        s = StukolkaState(rules, dealer=None if deal == 0 else deal % n)
        while not s.is_terminal():
            legal = s.legal_actions()
            p = s.current_player()
            if p == CHANCE:
                info = s.describe_action(f"shuffle {rng.getrandbits(64)}" if s.phase is Phase.SHUFFLE else legal[0])
                kinds.add(info.kind)
                s.apply_action(info.action)
                continue
            v = s.view(p)
            if v["hand"] is None and s.unseen_discard() is not None:      # stukolka-rule-dark
                assert v["legal"] == ["discard unseen"] and v["actions"][0]["cards"] == []
                info = s.describe_action("discard unseen")
                assert info.to_dict() == v["actions"][0] and info.kind == "discard" and info.secret
                assert info.rule == "stukolka-rule-dark" and info.count == 1
                kinds.add(info.kind)
                before = s.clone()
                s.apply_action("discard unseen")
                assert s.history()[-1] == f"discard {format_card(before.unseen_discard())}"
                continue
            assert v["legal"] == legal and [a["action"] for a in v["actions"]] == legal
            assert v["phase_words"] and v["limits"] == {k: list(x) for k, x in PLAYER_LIMITS.items()}
            for a, shown in zip(legal, v["actions"]):
                info = s.describe_action(a)
                assert info.to_dict() == shown and info.action == a and info.kind in ACTION_KINDS
                assert info.words and info.said and info.rule in RULE_LABELS, info
                kinds.add(info.kind)
                if info.kind == "discard":
                    assert info.secret and info.public()["cards"] == [] and info.public()["action"] is None
                    assert info.count == len(info.cards) == len(a.split()) - 1
                    buys = len(s.hands[p]) <= 3
                    assert info.said == (f"discards {info.count} and buys {info.count}" if buys
                                         else f"throws out {info.count}")
                    assert (v["phase_words"].endswith("throw out down to three cards")
                            == all(x.startswith("discard ") for x in legal))
                else:
                    assert not info.secret and info.public() == info.to_dict()
                if info.kind == "play":
                    assert info.cards == (s.string_to_action(a),)
            a = rng.choice(legal)
            if rng.random() < 0.3:
                assert s.describe_action("  " + a.upper() + " ") == s.describe_action(a)
            s.apply_action(a)
    assert {"play", "cut", "deal", "shuffle", "draw"} <= kinds
    assert variant == "obligatory" or {"knock", "pass"} <= kinds      # (an obligatory deal: all play)


def test_a_refused_or_unreadable_action_is_not_described():
    s = StukolkaState(StukolkaRules(variant="prikup", n_players=3), dealer=0)
    for a in ("shuffle 7", "cut 26", "deal"):
        s.apply_action(a)
    with pytest.raises(InvalidActionError) as bad:
        s.describe_action("knock twice")
    assert bad.value.rule == "stukolka-rule-actions"
    with pytest.raises(IllegalActionError) as refused:
        s.describe_action("golets")
    with pytest.raises(StukolkaError) as applied:
        s.apply_action("golets")
    assert str(refused.value) == str(applied.value) and refused.value.rule == "stukolka-rule-declare"


def test_the_view_gives_the_refusal_of_a_card_as_data():
    """stukolka-rule-follow-suit: a card the rules refuse carries the refusal's words and bare rule."""
    from stukolka.stukolka.record import position, run
    s = run(position("obligatory", n=4, hands={1: "A♠ 7♦ 2♥"}, trump="9♠"))
    v = s.view(1)
    refused = [x for x in v["hand"] if not x["legal"]]
    assert refused
    for item in refused:
        with pytest.raises(IllegalActionError) as info:
            s.clone().apply_action(f"play {item['name']}")
        assert item["refusal"] == info.value.text and item["refusal_rule"] == info.value.rule
        assert not re.search(r"\[[^\]]*\]$", item["refusal"]) and item["rule"] == item["refusal_rule"]
