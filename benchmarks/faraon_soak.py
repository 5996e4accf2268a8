"""A long soak of the shedding game's engine with random rules and hostile input.

Plays many hands and matches under random options and, along the way, feeds every public
entry point input that is known to be wrong: bad options (``FaraonRules``/``from_dict``),
bad set-up positions, bad session arguments, broken records of hands and matches, malformed
JSON, and actions that the state does not offer.  Each such try must end in a typed error
of the family (``StukolkaError``); an untyped exception is a *crash*, and a wrong input that
is accepted is *silently accepted*.  Legal play is checked too: until a hand is over it
offers at least one action and every action it offers is accepted.

    PYTHONPATH=. python benchmarks/faraon_soak.py --hands 20000 --matches 300 --seed 1

prints the totals per entry point; the exit status is 1 when a crash or a silent
acceptance was seen.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from stukolka.errors import StukolkaError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonSession, FaraonState
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the soaks' shared tally
from soak_tally import Tally  # noqa: E402

BAD_OPTION_VALUES: dict[str, list[Any]] = {
    "players": [True, 1, 6, 4.0, "4", None, [4]],
    "deck": [52, 36.0, True, "36"],
    "hand_size": [0, -1, 2.0, False, 40, None],
    "base": ["crazy_eights", None, 1, ["mau_mau"]],
    "queen_on_anything": ["yes", 1, 0, None], "seven_stacking": ["no", 1, None],
    "draw_then_play": [0, "True"], "allow_negative": [None, "False"], "reshuffle_pile": [1.0, []],
    "start_card_effects": ["", {}],
    "penalty": [None, "A4", [[6, 6]], {6: 6}, [[6, 6.0]] + [[r, r] for r in (7, 8, 9, 10, 11, 13, 14)]],
    "queen_penalty": [30.0, -1, None, True, 10**9], "queen_finish_bonus": ["-30", 1.5, 10**9],
    "target": [0, -200, 200.0, True, None, 10**12], "dealer_rotation": ["up", None, 0],
    "exposed_card": ["ignore", None, True],
}
BAD_JSON = ["", "{", "[]", "null", "1", '"faraon"', "[" * 50_000, '{"a": ' * 20_000, "\x00", "{" + "x" * 100_000]


def random_rules(rng: random.Random) -> FaraonRules:
    players = rng.randint(2, 5)
    return FaraonRules(players=players, hand_size=rng.randint(1, min(7, 35 // players)),
                       queen_on_anything=rng.random() < .5, seven_stacking=rng.random() < .5,
                       draw_then_play=rng.random() < .5, reshuffle_pile=rng.random() < .5,
                       start_card_effects=rng.random() < .5, allow_negative=rng.random() < .5,
                       dealer_rotation=rng.choice(["left", "right"]),
                       exposed_card=rng.choice(["dealer_takes", "redeal"]), target=rng.choice([30, 60, 200]))


def soak_hand(rng: random.Random, tally: Tally, rules: FaraonRules) -> FaraonState:
    state = FaraonState(rules, dealer=rng.choice([None, rng.randrange(rules.players)]))
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        tally.tried["legal play"] += 1
        if not legal:
            tally.accepted["legal play"] += 1
            tally.note(f"no legal action in a live hand: {state}")
            break
        if rng.random() < 0.3:
            before = state.clone()
            word = rng.choice(["play", "deal", "talon", "turn", "show"])
            card = rng.choice(["9♥", "Q♠", "A♦", "7♣", "2♠", "Z♠", "10♥ hearts"])
            for bad in (f"{word} {card}", rng.choice(["draw", "pass", "take", "draw now", "", "play " * 20])):
                if bad not in legal and not bad.startswith("expose"):
                    tally.expect_refusal("apply_action", lambda b=bad: state.apply_action(b), repr(bad))
                    if state != before:
                        tally.accepted["apply_action"] += 1
                        tally.note(f"a refused action changed the state: {bad!r}")
                        state = before
        action = rng.choice(legal)
        try:
            state.apply_action(action)
        except Exception as exc:  # noqa: BLE001
            tally.crashes["legal play"] += 1
            tally.note(f"offered action refused: {action!r}: {exc}"[:300])
            break
        steps += 1
        if steps > 20_000:
            tally.accepted["legal play"] += 1
            tally.note("a hand did not end")
            break
    return state


def soak_record(rng: random.Random, tally: Tally, obj: FaraonState | FaraonMatch) -> None:
    cls = type(obj)
    rec = json.loads(json.dumps(obj.to_record(seed=1)))
    point = "match from_record" if cls is FaraonMatch else "hand from_record"
    tally.tried["round trip"] += 1
    if cls.from_record(rec) != obj:
        tally.accepted["round trip"] += 1
        tally.note(f"{point}: a record does not round-trip")
    other = "faraon-record/1" if cls is FaraonMatch else "faraon-match-record/1"
    deep: Any = 0
    for _ in range(3000):
        deep = [deep]
    mutations: list[tuple[str, Any]] = [
        ("format", other), ("format", None), ("format", 1), ("game", "shtoss"), ("game", []),
        ("rules", None), ("rules", [1]), ("actions", "draw"), ("actions", [None]), ("actions", deep),
        ("actions", rec["actions"] + ["jump"]), ("actions", ["x" * rng.randint(49, 20_000)]),
        ("rules", {**rec["rules"], "colour": 1}),
    ]
    key = rng.choice(list(BAD_OPTION_VALUES))
    mutations.append(("rules", {**rec["rules"], key: rng.choice(BAD_OPTION_VALUES[key])}))
    if cls is FaraonMatch:
        mutations += [("totals", [0]), ("totals", [0.0] * len(rec["totals"])), ("first_dealer", True),
                      ("first_dealer", 9)]
    else:
        mutations += [("dealer", True), ("dealer", 9), ("dealer", 1.0), ("start", []), ("start", {"hands": []})]
    for k, v in rng.sample(mutations, 6):
        bad = {**rec, k: v}
        tally.expect_refusal(point, lambda b=bad: cls.from_record(b), f"{k}={'<deep>' if v is deep else str(v)[:40]}")
    missing = rng.choice([k for k in rec if k != "seed"])
    tally.expect_refusal(point, lambda: cls.from_record({k: v for k, v in rec.items() if k != missing}),
                         f"without {missing}")
    text = rng.choice(BAD_JSON)
    tally.expect_refusal(point, lambda: cls.from_record(text), f"JSON {text[:20]!r}")


def soak_entry_points(rng: random.Random, tally: Tally, rules: FaraonRules) -> None:
    name = rng.choice(list(BAD_OPTION_VALUES))
    value = rng.choice(BAD_OPTION_VALUES[name])
    tally.expect_refusal("rules", lambda: FaraonRules(**{name: value}), f"{name}={value!r}"[:80])
    good = rules.to_dict()
    tally.expect_refusal("rules from_dict", lambda: FaraonRules.from_dict({**good, name: value}),
                         f"{name}={value!r}"[:80])
    tally.expect_refusal("rules from_dict", lambda: FaraonRules.from_dict(rng.choice([None, [], "x", {"x": 1}])),
                         "not a dict of options")
    n = rules.players
    seat = rng.choice([True, False, -1, n, 1.0, "0", None, [0]])
    if seat is not None:
        tally.expect_refusal("state", lambda: FaraonState(rules, dealer=seat), f"dealer={seat!r}")
    tally.expect_refusal("state", lambda: FaraonState(rng.choice([None, {}, "rules"])), "rules not FaraonRules")
    totals = rng.choice([[0] * (n + 1), [0.5] * n, [True] * n, "0" * n, 7, [10**9] * n])
    tally.expect_refusal("session", lambda: FaraonSession(rules, totals=totals), f"totals={totals!r}")
    tally.expect_refusal("match", lambda: FaraonMatch(rules, first_dealer=seat if seat is not None else n),
                         f"first_dealer={seat!r}")
    hands = [["9♥"], ["A♦"]] + [["6♣"]] * (n - 2)
    bad_positions = [
        (hands[:-1], ["9♠"], {}), ([["9♥"], ["9♥"]] + hands[2:], ["9♠"], {}), (hands, [], {}),
        ([[]] + hands[1:], ["9♠"], {}), ([[True]] + hands[1:], ["9♠"], {}), (hands, ["9♠"], {"to_move": n}),
        (hands, ["9♠"], {"suit": "hearts"}), (hands, ["Q♠"], {"suit": 7}), (None, ["9♠"], {}),
        ([["2♠"]] + hands[1:], ["9♠"], {}),
    ]
    h, p, kw = rng.choice(bad_positions)
    if n > 2 and h is hands:  # 6♣ twice with more than two players: make it sound except for the fault
        h = [["9♥"], ["A♦"]] + [[c] for c in ("6♣", "7♣", "8♣")[:n - 2]]
    tally.expect_refusal("from_position", lambda: FaraonState.from_position(rules, h, p, **kw), f"{h} {p} {kw}"[:80])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    tally = Tally()
    dealt: set[tuple[str, ...]] = set()              # each hand's first eight cards dealt, to count distinct deals
    t0 = time.time()
    for i in range(args.hands):
        rules = random_rules(rng)
        hand = soak_hand(rng, tally, rules)
        dealt.add(tuple(a for a in hand.history() if a.split(" ", 1)[0] in ("deal", "turn"))[:8])
        if i % 10 == 0:
            soak_record(rng, tally, hand)
            soak_entry_points(rng, tally, rules)
    for _ in range(args.matches):
        rules = FaraonRules.from_dict({**random_rules(rng).to_dict(), "target": rng.choice([20, 40, 80])})
        match = FaraonMatch(rules, first_dealer=rng.choice([None, 0]))
        steps = 0
        while not match.is_terminal() and steps < 200_000:
            match.apply_action(rng.choice(match.legal_actions()))
            steps += 1
        tally.tried["match play"] += 1
        if not match.is_terminal():
            tally.accepted["match play"] += 1
            tally.note("a match did not end")
        soak_record(rng, tally, match)
    tally.print_table(f"shedding game soak: {args.hands} hands, {args.matches} matches, seed {args.seed}, "
                      f"{time.time() - t0:.0f} s")
    print(f"distinct deals (by their first eight cards dealt): {len(dealt):,} of {args.hands:,} hands")
    return 1 if tally.findings() else 0


if __name__ == "__main__":
    sys.exit(main())
