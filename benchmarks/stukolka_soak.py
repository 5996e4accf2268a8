"""A long soak of the Stukolka engine with random rules and hostile input.

Plays many deals of every variant, in sessions, under random options (every option drawn,
``prevent`` and ``penalize`` modes alike), and along the way feeds every public entry point
input that is known to be wrong: bad options (``StukolkaRules``, ``from_dict``, ``replace``),
bad deal and session set-ups, broken records (``from_record``) and JSON text (``loads``),
bad positions (``position``, ``arranged_deck``, ``deck_action``), deals a session must not
book, and actions the state does not offer.  Each such try must end in a typed error of the
family (``StukolkaError``); an untyped exception is a *crash*, and a wrong input that is
accepted is *silently accepted*.  Sound input is tried too: a sound record or option set
that is refused counts as *wrongly refused*.  Legal play is checked as it goes: until a deal
is over it offers at least one action and every action it offers is accepted.

    PYTHONPATH=. python benchmarks/stukolka_soak.py --deals 20000 --seed 1

plays ``--deals`` deals per variant and prints the totals per entry point; the exit status
is 1 when a crash, a silent acceptance or a wrong refusal was seen.  Chance is drawn as the
engine draws it (``stukolka.base.sample_chance``: a shuffle with 64 random bits of seed, a seat
draw of distinct cards from the whole pack), and the run says how many distinct decks it dealt.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from stukolka.base import sample_chance
from stukolka.errors import StukolkaError
from stukolka.stukolka.record import (arranged_deck, deck_action, dumps, from_record, loads, position,
                                      to_record)
from stukolka.stukolka.rules import PLAYER_LIMITS, VARIANTS, StukolkaRules
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import CHANCE, StukolkaState
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the soaks' shared tally
from soak_tally import Tally  # noqa: E402

BOOL_OPTIONS = [name for name, value in StukolkaRules().to_dict().items() if isinstance(value, bool)]
CHOICES = {
    "ante_mode": ["dealer_only", "all_players"], "all_pass": ["dealer_takes", "carry_over"],
    "golets_dealer_policy": ["free", "must_defend_single", "barred_if_any_knock"],
    "stock_exhausted": ["refuse", "reshuffle_discards"], "must_beat": ["current_winner", "led_card"],
    "violation_mode": ["prevent", "penalize"],
}
#: Values known to be wrong for each option (type, range, or a word that is not one of its words).
BAD_BOOL = ["no", "yes", "True", 0, 1, None, 1.0, [], {}]
BAD_OPTION_VALUES: dict[str, list[Any]] = {
    "variant": ["whist", "PRIKUP", None, 3, ["prikup"], "", "x" * 5000],
    "stake": [0, -3, 10, 4, 3.0, "3", None, True, [3], float("nan"), 10**40],
    "n_players": [2, 8, True, 4.0, "4", None, [4], -1],
    "dealer_ante_multiplier": [0, -1, 2.0, True, "2", None],
    "remiz_cap": [0, 10, -3, 3.0, True, "30", [30]],
    "prikup_defend_max_pot": [-1, 1.5, "9", True, [9]],
    "shleif_refusal_min_pot": [-1, 0.5, None, False, "0"],
    "purchase_price_per_card": [2, -3, 3.0, None, True, "3"],
    "remiz_basis": ["pot", None, 1, ""],
    "dark_variants": ["prikup", ["golets"], ["whist"], [1], None, 5, {"prikup": 1}, [["prikup"]]],
    **{name: ["", "x", None, 1, [words[0]], words[0].upper()] for name, words in CHOICES.items()},
    **{name: BAD_BOOL for name in BOOL_OPTIONS},
}
BAD_JSON: list[Any] = ["", "{", "[]", "null", "1", '"stukolka"', "[" * 50_000, '{"a": ' * 20_000, "\x00",
                       "{" + "x" * 100_000, "1" * 5000, b"\xff\xfe", '{"format": NaN}', None, 3, ["{}"]]


def random_rules(rng: random.Random, variant: str) -> StukolkaRules:
    """Sound rules with every option drawn at random."""
    lo, hi = PLAYER_LIMITS[variant]
    opts: dict[str, Any] = {name: rng.random() < .5 for name in BOOL_OPTIONS}
    opts.update({name: rng.choice(words) for name, words in CHOICES.items()})
    opts.update(variant=variant, n_players=rng.randint(lo, hi), stake=rng.choice([3, 6, 15]),
                dealer_ante_multiplier=rng.randint(1, 3), remiz_cap=rng.choice([None, None, 30, 150]),
                prikup_defend_max_pot=rng.choice([None, 0, 30]), shleif_refusal_min_pot=rng.choice([0, 15]),
                purchase_price_per_card=rng.choice([0, 0, 3]),
                dark_variants=rng.choice([["prikup", "shleif"], ["prikup"], ["shleif"], []]))
    if rng.random() < .8:
        opts["irregularities"] = False   # the table accidents make long redeal chains; a fifth of the deals
    return StukolkaRules.from_dict(opts)


# action strings of every phase; whichever of them a state does not offer, it must refuse
ACTION_WORDS = ["knock", "pass", "stand", "look", "dark", "deal", "shleif", "refuse shleif", "golets", "razrez",
                "play A♠", "play 2♥", "play Z♥", "cut 0", "cut 52", "cut -1", "cut 2.5", "shuffle x", "draw",
                "", " ", "knock knock", "play", "discard", "discard Z♠", "x" * 5000, "cut " + "9" * 5000, "²",
                "deck A♠", "\x00", "pass\n"]


#: The deck orders dealt so far (as the shuffle left them), to count the distinct ones.
DECKS: set[tuple[int, ...]] = set()


def play_deal(rng: random.Random, tally: Tally, state: StukolkaState, check_all: float) -> None:
    """Play ``state`` to the end with random legal actions (chance drawn by the engine's own
    ``sample_chance``), checking the invariant and trying hostile actions on the way."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        tally.tried["legal play"] += 1
        if not legal:
            tally.accepted["legal play"] += 1
            tally.note(f"no legal action in a live deal: {state!r}")
            return
        tally.ok["legal play"] += 1
        if rng.random() < check_all:
            sample = legal if state.current_player() != CHANCE else rng.sample(legal, min(3, len(legal)))
            for a in sample:
                tally.tried["every offered action"] += 1
                try:
                    state.clone().apply_action(a)
                    tally.ok["every offered action"] += 1
                except Exception as exc:  # noqa: BLE001
                    tally.crashes["every offered action"] += 1
                    tally.note(f"offered action refused: {a!r}: {type(exc).__name__}: {exc}"[:300])
        if rng.random() < 0.15:
            bad = rng.choice(ACTION_WORDS)
            # in penalize mode an illegal card may be played (and costs a remiz); a bare
            # 'discard' is 'stand'
            lenient = (bad.startswith("play ") and state.rules.violation_mode == "penalize") or \
                (bad == "discard" and "stand" in legal)
            if bad not in legal and bad.strip() not in legal and not lenient:
                before = state.clone()
                tally.expect_refusal("apply_action", lambda: state.apply_action(bad), repr(bad[:40]))
                if state != before:
                    tally.accepted["apply_action"] += 1
                    tally.note(f"a refused action changed the state: {bad[:40]!r}")
                    return
        chance = state.current_player() == CHANCE
        action = sample_chance(state, rng) if chance else rng.choice(legal)
        try:
            state.apply_action(action)
        except Exception as exc:  # noqa: BLE001
            tally.crashes["legal play"] += 1
            tally.note(f"offered action refused: {action!r}: {type(exc).__name__}: {exc}"[:300])
            return
        if chance and state.deck is not None:
            DECKS.add(tuple(state.deck))
        steps += 1
        if steps > 5_000:
            tally.accepted["legal play"] += 1
            tally.note("a deal did not end")
            return


def soak_rules(rng: random.Random, tally: Tally, rules: StukolkaRules) -> None:
    good = rules.to_dict()
    for name in rng.sample(list(BAD_OPTION_VALUES), 3):
        value = rng.choice(BAD_OPTION_VALUES[name])
        what = f"{name}={value!r}"[:80]
        tally.expect_refusal("rules constructor", lambda: StukolkaRules(**{name: value}), what)
        tally.expect_refusal("rules from_dict", lambda: StukolkaRules.from_dict({**good, name: value}), what)
        tally.expect_refusal("rules replace", lambda: rules.replace(**{name: value}), what)
    unknown = rng.choice([{"colour": "red"}, {"": 1}, {"Stake": 3}, {1: 2}, {"x" * 300: 0}, {None: 0}])
    tally.expect_refusal("rules from_dict", lambda: StukolkaRules.from_dict({**good, **unknown}),
                         f"unknown {list(unknown)[0]!r}"[:80])
    tally.expect_refusal("rules from_dict", lambda: StukolkaRules.from_dict(
        rng.choice([None, [], "prikup", 3, [("stake", 3)], b"{}", good["variant"]])), "not a dict of options")
    # the sound side: an option flipped to another sound value, and the JSON round trip
    flip = rng.choice(BOOL_OPTIONS)
    got = tally.expect_success("rules from_dict", lambda: StukolkaRules.from_dict(
        json.loads(json.dumps({**good, flip: not good[flip]}))), f"{flip} flipped")
    if got is not None and (getattr(got, flip) is not (not good[flip]) or got.replace(**{flip: good[flip]}) != rules):
        tally.accepted["rules from_dict"] += 1
        tally.note(f"rules from_dict: {flip} did not come back as given")


def soak_setups(rng: random.Random, tally: Tally, rules: StukolkaRules) -> None:
    n = rules.n_players
    seat = rng.choice([True, False, -1, n, n + 5, 1.0, "0", [0], float("nan")])
    tally.expect_refusal("state constructor", lambda: StukolkaState(rules, dealer=seat), f"dealer={seat!r}")
    carry = rng.choice([3.0, True, -3, 4, "30", None, [3], 1.5])
    tally.expect_refusal("state constructor", lambda: StukolkaState(rules, dealer=0, carry=carry), f"carry={carry!r}")
    balances = rng.choice([[0] * (n + 1), [0] * (n - 1), [0.5] * n, [True] * n, "0" * n, 7, {0: 0},
                           [0] * (n - 1) + [None]])
    tally.expect_refusal("state constructor", lambda: StukolkaState(rules, dealer=0, balances=balances),
                         f"balances={balances!r}"[:80])
    tally.expect_refusal("state constructor", lambda: StukolkaState(rng.choice([{}, "prikup", 3, [rules]])),
                         "rules not StukolkaRules")
    tally.expect_refusal("Session constructor", lambda: Session(rules, dealer=seat), f"dealer={seat!r}")
    tally.expect_refusal("Session constructor", lambda: Session(rules, dealer=0, carry=carry), f"carry={carry!r}")
    tally.expect_refusal("Session constructor", lambda: Session(rules, dealer=0, balances=balances),
                         f"balances={balances!r}"[:80])
    off = [3 * rng.randint(1, 50)] + [0] * (n - 1)
    tally.expect_refusal("Session constructor", lambda: Session(rules, dealer=0, balances=off),
                         f"balances={off} with no carry")
    owed = [-3 * rng.randint(1, 50)] + [0] * (n - 1)
    tally.expect_success("Session constructor", lambda: Session(rules, dealer=0, balances=owed, carry=-owed[0]),
                         "balances and carry that add up")


def soak_positions(rng: random.Random, tally: Tally, rules: StukolkaRules) -> None:
    n = rules.n_players
    bad = rng.choice([
        lambda: arranged_deck(n, 0, {n: "A♠ K♠ Q♠"}, "9♣"), lambda: arranged_deck(n, 0, {True: "A♠ K♠ Q♠"}, "9♣"),
        lambda: arranged_deck(n, 0, {1: "A♠ K♠"}, "9♣"), lambda: arranged_deck(n, 0, {1: [0, 1, 99]}, "9♣"),
        lambda: arranged_deck(n, 0, {1: "A♠ K♠ Q♠"}, "A♠"), lambda: arranged_deck(n, 0, {1: "A♠ K♠ Q♠"}, 52),
        lambda: arranged_deck(n, 0, "A♠ K♠ Q♠", "9♣"), lambda: arranged_deck(n, n, {}, "9♣"),
        lambda: arranged_deck(n + 5, 0, {}, "9♣"), lambda: arranged_deck(n, 0, {1: "Z♠ K♠ Q♠"}, "9♣"),
        lambda: arranged_deck(n, 0, {1: "A♠ K♠ Q♠"}, "9♣", [5, 5]), lambda: arranged_deck(n, 0, {1: None}, "9♣"),
    ])
    tally.expect_refusal("arranged_deck", bad, "a bad hand, seat, trump or stock")
    order = list(range(52))
    rng.shuffle(order)
    cut = rng.choice([0, 52, -1, 2.0, True, "26", None])
    broken = rng.choice([order[:51], order + [0], order[:51] + [order[0]], None, "A♠", [True] * 52])
    tally.expect_refusal("deck_action", lambda: deck_action(order, cut), f"cut={cut!r}")
    tally.expect_refusal("deck_action", lambda: deck_action(broken), f"order={str(broken)[:40]}")
    k = rng.randint(1, 51)
    action = tally.expect_success("deck_action", lambda: deck_action(order, k), f"cut {k}")
    kw = rng.choice([{"refuse": "no"}, {"colour": "red"}, {"carry": 3.0}, {"dealer": n},
                     {"hands": {1: "A♠ " * 2000}}, {"dark_allowed": "no"}, {"balances": [0.0] * n}])
    tally.expect_refusal("position", lambda: position(rules.variant, n, **kw), f"{kw}"[:80])
    if action is not None:
        s = StukolkaState(rules, dealer=0)
        if s.phase.value == "shleif_choice":
            s.apply_action("shleif")
        s.apply_action(action)
        s.apply_action(f"cut {k}")
        if s.deck[:52] != order and s.deck != order:
            tally.accepted["deck_action"] += 1
            tally.note("deck_action: the cut does not give back the order")


def _deep(depth: int) -> Any:
    deep: Any = 0
    for _ in range(depth):
        deep = [deep]
    return deep


def soak_record(rng: random.Random, tally: Tally, state: StukolkaState) -> None:
    explicit = rng.random() < .3
    rec = json.loads(json.dumps(to_record(state, explicit_deck=explicit)))
    # the sound side: the record, its JSON text, and a prefix of its actions replay
    got = tally.expect_success("from_record", lambda: from_record(rec), "a sound record")
    if got is not None and (to_record(got, explicit_deck=True) != to_record(state, explicit_deck=True)
                            or got.returns() != state.returns() or (not explicit and got != state)):
        tally.accepted["from_record"] += 1
        tally.note("a record does not round-trip")
    text = dumps(state)
    got = tally.expect_success("loads", lambda: loads(text), "a sound record as JSON")
    if got is not None and (got != state or dumps(got) != text):
        tally.accepted["loads"] += 1
        tally.note("a record's JSON does not round-trip")
    cut = rng.randint(0, len(rec["actions"]))
    tally.expect_success("from_record", lambda: from_record({**rec, "actions": rec["actions"][:cut]}),
                         f"the first {cut} actions")
    n = rec["players"]
    mutations: list[tuple[str, Any]] = [
        ("format", "stukolka-record/2"), ("format", "shtoss-record/1"), ("format", None), ("format", 1),
        ("game", "shtoss"), ("game", None), ("game", []), ("game", "Stukolka"),
        ("rules", None), ("rules", [1]), ("rules", "prikup"), ("rules", {**rec["rules"], "colour": 1}),
        ("players", True), ("players", n + 1), ("players", float(n)), ("players", "3"),
        ("dealer", True), ("dealer", n), ("dealer", 1.0), ("dealer", "0"), ("dealer", -1),
        ("carry", 3.0), ("carry", True), ("carry", -3), ("carry", 4), ("carry", "0"), ("carry", None),
        ("balances", [0] * (n + 1)), ("balances", [0.0] * n), ("balances", [True] * n), ("balances", "0"),
        ("balances", {"0": 0}), ("actions", "knock"), ("actions", [None]), ("actions", _deep(3000)),
        ("actions", rec["actions"] + ["knock"]), ("actions", ["x" * rng.randint(401, 100_000)]),
        ("actions", rec["actions"][:2] + ["play Z♥"] + rec["actions"][2:]), ("actions", [1, 2]),
        ("actions", ["cut " + "9" * 300]), ("actions", {"0": "deal"}), ("extra", 1), ("", None),
    ]
    name = rng.choice(list(BAD_OPTION_VALUES))
    value = rng.choice(BAD_OPTION_VALUES[name])
    mutations.append(("rules", {**rec["rules"], name: value}))
    for k, v in rng.sample(mutations, 8):
        bad = {**rec, k: v}
        what = f"{k}={'<deep>' if k == 'actions' and isinstance(v, list) and v and isinstance(v[0], list) else str(v)[:40]}"
        tally.expect_refusal("from_record", lambda b=bad: from_record(b), what)
        if rng.random() < .25:
            try:
                text = json.dumps(bad)
            except (TypeError, ValueError, RecursionError):
                continue
            tally.expect_refusal("loads", lambda t=text: loads(t), "JSON of " + what)
    missing = rng.choice([k for k in rec if k not in ("players", "carry", "balances")])
    tally.expect_refusal("from_record", lambda: from_record({k: v for k, v in rec.items() if k != missing}),
                         f"without {missing}")
    tally.expect_refusal("from_record", lambda: from_record(rng.choice([None, [], "x", 3, [rec]])), "not a record")
    junk = rng.choice(BAD_JSON)
    tally.expect_refusal("loads", lambda: loads(junk), f"JSON {str(junk)[:20]!r}")
    tally.expect_refusal("dumps", lambda: dumps(rng.choice([None, rec, "x", 3])), "not a state")
    tally.expect_refusal("dumps", lambda: dumps(state, indent=object()), "bad json.dumps option")


def soak_session(rng: random.Random, tally: Tally, rules: StukolkaRules, deals: int, check_all: float) -> int:
    """A session of ``deals`` deals, refusing a foreign, an unfinished and a booked deal."""
    sess = Session(rules, dealer=rng.choice([None, 0, rules.n_players - 1]))
    played = 0
    last = None
    for i in range(deals):
        state = sess.new_deal()
        if i == 0:
            tally.expect_refusal("finish_deal", lambda: sess.finish_deal(state), "a deal not over")
        play_deal(rng, tally, state, check_all)
        played += 1
        if rng.random() < .2:
            foreign = Session(rules, dealer=0).new_deal()
            play_deal(rng, tally, foreign, 0)
            choice = rng.choice([foreign, last, None, "deal", to_record(state)])
            if choice is not None or last is not None:
                before = (list(sess.totals), sess.carry, sess.dealer, len(sess.records))
                tally.expect_refusal("finish_deal", lambda c=choice: sess.finish_deal(c), "a foreign or booked deal")
                if (list(sess.totals), sess.carry, sess.dealer, len(sess.records)) != before:
                    tally.accepted["finish_deal"] += 1
                    tally.note("a refused finish_deal changed the session")
        if not state.is_terminal():
            return played
        sess.finish_deal(state)
        last = state
        tally.tried["session chips"] += 1
        if sum(sess.totals) + sess.carry != 0 or not all(isinstance(b, int) for b in sess.totals):
            tally.accepted["session chips"] += 1
            tally.note("session chips not conserved")
        else:
            tally.ok["session chips"] += 1
    return played


def run(deals: int, seed: int, session_length: int = 25, check_all: float = 0.05) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for variant in VARIANTS:
        played = 0
        k = 0
        while played < deals:
            rules = random_rules(rng, variant)
            length = min(session_length, deals - played)
            played += soak_session(rng, tally, rules, length, check_all)
            if k % 2 == 0:
                soak_rules(rng, tally, rules)
                soak_setups(rng, tally, rules)
                soak_positions(rng, tally, rules)
            state = StukolkaState(rules, dealer=rng.randrange(rules.n_players))
            play_deal(rng, tally, state, 0)
            soak_record(rng, tally, state)
            k += 1
        tally.tried[f"deals {variant}"] = played
        tally.ok[f"deals {variant}"] = played
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20_000, help="deals per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--session-length", type=int, default=25)
    args = ap.parse_args(argv)
    t0 = time.time()
    tally = run(args.deals, args.seed, args.session_length)
    tally.print_table(f"Stukolka soak: {args.deals} deals per variant, seed {args.seed}, "
                      f"{time.time() - t0:.0f} s", leave_out_of_total=("deals ",))
    print(f"distinct decks dealt: {len(DECKS):,}")
    return 1 if tally.findings() else 0


if __name__ == "__main__":
    sys.exit(main())
