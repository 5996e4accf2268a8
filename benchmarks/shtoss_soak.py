"""Soak of every shtoss and Pharaon entry point with hostile input.

    PYTHONPATH=. python benchmarks/shtoss_soak.py [--deals 20000] [--seed 0]

Plays ``--deals`` deals (random options, 1-4 punters, some of them in sessions, some Pharaon)
and, along the way, throws hostile input at every entry point: the rules constructor,
``from_options`` and ``replace``; the ``ShtossState``, ``Session`` and ``Pharaon``
constructors; ``from_record`` of a deal and of Pharaon; ``replay_evening``; ``load_record``;
and ``apply_action``.  Each input is built to be either sound or wrong, so the table can
count, per entry point: tried, refused with an error of the family (typed), any other
exception (untyped crash), wrong input accepted (silently accepted), and sound input refused.
It also checks, at every step of every deal, that a state that is not terminal offers at
least one action, that every offered action is accepted (all of them in the stake phase,
one at random on the other steps), and that a refused action leaves the state unchanged; and that
every finished deal replays from its record.  Exits 1 unless the last two columns and the
invariant counters are all 0.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path
from collections import Counter
from fractions import Fraction
from typing import Any

from stukolka.base import CHANCE
from stukolka.errors import StukolkaError
from stukolka.shtoss import Pharaon, Session, ShtossRules, ShtossState, load_record, queen_of_spades, replay_evening
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the soaks' shared tally
from soak_tally import Tally  # noqa: E402

GOOD: dict[str, list[Any]] = {
    "deck_size": [52, 36, 32], "plie_rule": ["banker_wins", "half", "push"],
    "thirds_scope": ["any", "sonic_only"], "thirds_applies_to": ["both", "wins_only"],
    "podrezka_by": ["punter", "banker"],
    "position_payouts": [None, "lob_full_gorka_half", "eleven_wins", {3: "1/2"}, {"5": 2}, [(1, Fraction(1, 2))]],
    "pair_factor": [2, 3, "3/2", 1.5], "premiums": [{}, {"sonic": 1}, {"colored": "1/2", "last_abcug": 2}],
    "raise_max_factor": [2, 3, "5/2"], "raise_half_max_factor": ["3/2", 1, 2],
    "max_kush_ratio": [None, 1, 2, "3/2", 4], "bank_limit": [None, 12, 20, 60, 1000],
}
BOOLS = ["lob_half", "lob_half_requires_same_suit", "thirds", "pair_bets", "thirteenth_card_premium",
         "raise_reset_on_loss", "volny_kush", "banker_may_refuse_kush", "cut_marker_removed", "mid_deal_bets",
         "alternate_banker", "family_bank"]
HUGE = 10 ** 5000
BAD: dict[str, list[Any]] = {
    "deck_size": [40, 52.0, "52", True, None, -1, HUGE, [52]],
    "plie_rule": ["x", 1, None, ["half"], "HALF", "half "],
    "thirds_scope": ["all", None, 0], "thirds_applies_to": ["loss", None], "podrezka_by": ["dealer", 1, None],
    "position_payouts": ["nope", {0: 1}, {53: 1}, {3: "x"}, [(3,)], 5, {3: float("nan")}, {"٣": 1}, {3: None},
                         [(3, 1), (3, 2)], {True: 1}, {3: "1e99999"}],
    "pair_factor": [0, -1, "x", None, True, float("inf"), "1e99999", HUGE, "9" * 5000],
    "premiums": ["sonic", {"x": 1}, {"sonic": -1}, 5, [("sonic",)], {"sonic": None}, [("sonic", 1), ("sonic", 2)],
                 {1: 1}],
    "raise_max_factor": [0, "1/2", None, True, "x"], "raise_half_max_factor": [0, "1/3", None, []],
    "max_kush_ratio": [0, "1/2", "x", True, float("nan"), {}],
    "bank_limit": [0, -3, 5.0, "6", True, HUGE, 10 ** 13],
    **{b: ["no", 1, 0, None, "True", 1.0] for b in BOOLS},
}
HOSTILE_TEXT = ["", " ", "x" * 5000, "\x00", "²", "٣", "stake", "stake Z♠ 3", "stake Q♠ ²", "stake Q♠ 1_0",
                "stake Q♠ 3 extra", "pair Q♠", "done now", "accept please", "refuse 1", "next next", "cut",
                "cut 9999999999999999999999999", "cut -1", "cut 1 2", "card", "card Q♠ Q♥", "shuffle", "shuffle x",
                "shuffle 1 2", "deck", "deck Z♠", "deck Q♠ Q♠", "next " + "9" * 5000, "stake Q♠ " + "9" * 30,
                "bank", "name", "bank 0", "name A 0", "name A 1 2", "stake Q♠ -5", "stake Q♠ 0",
                "pair Q♠ K♠ 3", "pair Q♠ Q♠ 3", "hello world"]


def random_options(rng: random.Random) -> tuple[dict[str, Any], bool]:
    """Random options and whether they are wrong."""
    opts: dict[str, Any] = {}
    names = list(GOOD) + BOOLS
    for name in rng.sample(names, rng.randint(0, 5)):
        opts[name] = rng.choice([True, False]) if name in BOOLS else rng.choice(GOOD[name])
    wrong = False
    if rng.random() < 0.5:
        name = rng.choice(list(BAD))
        opts[name] = rng.choice(BAD[name])
        wrong = True
    return opts, wrong


def family_bank_without_limit(opts: dict[str, Any], base: ShtossRules | None = None) -> bool:
    """``family_bank`` needs a ``bank_limit`` (H-14): the one wrong combination of sound values."""
    fb = opts.get("family_bank", base.family_bank if base else False)
    return fb is True and opts.get("bank_limit", base.bank_limit if base else None) is None


def options_forms(rng: random.Random, opts: dict[str, Any]) -> tuple[Any, bool]:
    """The options as ``from_options`` reads them, in a random form, maybe broken."""
    form = rng.randrange(6)
    flat = {(k.replace("raise_", "raise.") if k.startswith("raise_") and rng.random() < 0.5 else k): v
            for k, v in opts.items()}
    if form == 0:
        return {"shtoss": flat}, False
    if form == 1:
        return flat, False
    if form == 2:
        return {**flat, rng.choice(["colour", "", "DECK_SIZE", "raise.min", "shtoss.x"]): 1}, True
    if form == 3:
        return rng.choice([None, [], "deck_size=36", 5, {"shtoss": 5}, {"shtoss": {}, "thirds": True},
                           {1: 2}, {"raise": {1: 2}}]), True
    if form == 4 and opts:
        k = next(iter(opts))
        other = k.replace("raise_", "raise.") if k.startswith("raise_") else "shtoss." + k
        return {**opts, other: opts[k]}, True
    return {"shtoss": opts}, False


def good_rules(rng: random.Random) -> ShtossRules:
    while True:
        opts, wrong = random_options(rng)
        if not wrong:
            try:
                return ShtossRules(**opts)
            except StukolkaError:
                continue


def state_kwargs(rng: random.Random, rules: ShtossRules) -> tuple[dict[str, Any], bool]:
    unit = rules.min_kush
    punters = rng.randint(1, 4)
    kush0 = unit * rng.randint(1, 4)
    kw: dict[str, Any] = {"punters": punters, "initial_kush": kush0}
    if rng.random() < 0.3:
        top = rules.max_kush(kush0)
        kw["kush"] = {p: unit * rng.randint(1, 8) for p in range(1, punters + 1) if rng.random() < 0.5}
        kw["kush"] = {p: (min(k, top) if top is not None else k) for p, k in kw["kush"].items()}
    if rng.random() < 0.5:
        return kw, False
    field = rng.choice(["punters", "initial_kush", "kush", "rules"])
    bad = {"punters": [0, -1, True, 2.0, "2", None, 21, HUGE], "initial_kush": [0, -5, 1.5, "3", True, None, HUGE,
                                                                                   10 ** 13],
           "kush": [{1: -5}, {0: 3}, {9: 3}, {1: 2.0}, {"1": 3}, [3], "3", {1: True}, {True: 3}, {1: HUGE}],
           "rules": ["thirds", {}, 1, ShtossRules]}[field]
    kw[field] = rng.choice(bad)
    if rules.thirds and field != "initial_kush" and rng.random() < 0.3:
        kw["initial_kush"] = 4  # not divisible by 3
    return kw, True


def snapshot(state: Any) -> Any:
    return state._snapshot()


#: The first eight cards of each finished deal's banker's deck, to count the distinct deals.
DEALT: set[tuple[int, ...]] = set()


def check_deal(t: Tally, inv: Counter[str], state: Any, rng: random.Random, hostile: float) -> None:
    """Play ``state`` to the end with random legal actions, checking the invariant, and throwing
    hostile actions at it now and then."""
    steps = 0
    last: Any = None
    while not state.is_terminal():
        steps += 1
        if steps > 5000:
            inv["no end"] += 1
            return
        legal = state.legal_actions()
        if not legal:
            inv["dead end"] += 1
            return
        if rng.random() < hostile:
            bad = rng.choice(HOSTILE_TEXT + [legal[0] + " extra", legal[-1] + " 7", "  " + legal[0].upper() + " x"])
            before = snapshot(state)
            t.call("apply_action (hostile)", lambda: state.apply_action(bad), wrong=True)
            if snapshot(state) != before:
                inv["changed by a refusal"] += 1
        key = (getattr(state, "phase", None), state.current_player())
        if key != last:  # every offered action on the first step of a turn, one of them elsewhere
            check, last = legal, key
        else:
            check = rng.sample(legal, 1)
        for a in check:
            probe = state.clone()
            try:
                probe.apply_action(a)
            except StukolkaError:
                inv["offered but refused"] += 1
        if state.current_player() == CHANCE and rng.random() < 0.5:
            action = rng.choice([f"shuffle {rng.getrandbits(64)}", rng.choice(legal)])
        elif "done" in legal and rng.random() < 0.4:
            action = "done"
        elif "accept" in legal and rng.random() < 0.5:
            action = "accept"
        else:
            action = rng.choice(legal)
        t.call("apply_action (offered)", lambda: state.apply_action(action), wrong=False)
    turned = getattr(state, "turned", None)
    if turned is not None and len(turned) >= 8:
        DEALT.add(tuple(turned[:8]))


def soak(deals: int, seed: int) -> tuple[Tally, Counter[str]]:
    rng = random.Random(seed)
    t, inv = Tally(), Counter()
    queen = queen_of_spades()
    inv["deals"] = 0
    while inv["deals"] < deals:
        # rules: constructor, from_options, replace
        opts, wrong = random_options(rng)
        wrong = wrong or family_bank_without_limit(opts)
        t.call("ShtossRules(...)", lambda: ShtossRules(**opts), wrong)
        form, broken = options_forms(rng, opts)
        t.call("ShtossRules.from_options", lambda: ShtossRules.from_options(form), wrong or broken)
        base = good_rules(rng)
        ch, chwrong = random_options(rng)
        if rng.random() < 0.2:
            ch, chwrong = {**ch, "no_such_option": 1}, True
        chwrong = chwrong or family_bank_without_limit(ch, base)
        rules = t.call("ShtossRules.replace", lambda: base.replace(**ch), chwrong) or base
        if rules.bank_limit is not None and rules.min_kush * rules.risk_factor > rules.bank_limit:
            rules = base
        # a state
        kw, wrong = state_kwargs(rng, rules)
        r_arg = kw.pop("rules", rules)
        state = t.call("ShtossState(...)", lambda: ShtossState(r_arg, **kw), wrong)
        if state is None:
            state = ShtossState(rules, punters=rng.randint(1, 4), initial_kush=rules.min_kush * rng.randint(1, 4))
        kind = rng.random()
        if kind < 0.15:  # Pharaon
            prules = rng.choice([rules, "thirds", 3]) if rng.random() < 0.2 else rules
            game = t.call("Pharaon(...)", lambda: Pharaon(prules), not isinstance(prules, ShtossRules)) \
                or Pharaon(rules)
            check_deal(t, inv, game, rng, 0.3)
            inv["deals"] += 1
            check_record(t, inv, game, rng, Pharaon)
        elif kind < 0.35:  # a session of a few deals
            players = [f"p{i}" for i in range(rng.randint(2, 5))]
            skw: dict[str, Any] = {"players": players, "initial_kush": rules.min_kush * rng.randint(1, 5)}
            swrong = False
            if rng.random() < 0.4:
                field = rng.choice(["players", "capitals", "initial_kush", "banker", "rules"])
                skw[field] = rng.choice({"players": ["ab", ["a"], ["a", "a"], ["a", 1], [], None, ["", "b"]],
                                         "capitals": [{"zz": 3}, {"p0": 1.5}, {"p0": True}, [1], {"p0": "3"}],
                                         "initial_kush": [0, 2.5, "3", None, True],
                                         "banker": ["nobody", 0, True],
                                         "rules": [{}, "x"]}[field])
                swrong = True
            r_s = skw.pop("rules", rules)
            ses = t.call("Session(...)", lambda: Session(r_s, **skw), swrong) \
                or Session(rules, players=players, initial_kush=rules.min_kush)
            for _ in range(rng.randint(1, 4)):
                st = ses.new_deal()
                check_deal(t, inv, st, rng, 0.05)
                inv["deals"] += 1
                t.call("Session.finish_deal", lambda: ses.finish_deal(st), False)
                t.call("Session.finish_deal (twice)", lambda: ses.finish_deal(st), True)
                check_record(t, inv, st, rng, ShtossState, record=ses.records[-1])
        else:
            check_deal(t, inv, state, rng, 0.1)
            inv["deals"] += 1
            check_record(t, inv, state, rng, ShtossState)
        # the evenings and the shipped records
        if rng.random() < 0.05:
            ev = dict(rng.choice(queen["evenings"]))
            ewrong = False
            cap: Any = Fraction(queen["capital"])
            if rng.random() < 0.7:
                ewrong = True
                what = rng.randrange(8)
                if what == 0:
                    ev["initial_kush"] = rng.choice(["1", 1.5, 0, None, True, HUGE])
                elif what == 1:
                    ev["rules"] = rng.choice([{"deck_size": 40}, "x", [], {"nope": 1}, {"premiums": "sonic"}])
                elif what == 2:
                    ev["actions"] = rng.choice([None, "next", [1], ev["actions"] + ["next extra"],
                                                ["stake 3♥ 47000 x"] + ev["actions"][1:]])
                elif what == 3:
                    ev["surprise"] = 1
                elif what == 4:
                    ev = rng.choice([[], None, "evening", 3])  # type: ignore[assignment]
                elif what == 5:
                    cap = rng.choice([1.5, "47000", None, True])
                elif what == 6:
                    ev.pop("actions")
                else:
                    ev["actions"] = [a for a in ev["actions"] if a != "done"]
            t.call("replay_evening", lambda: replay_evening(ev, cap), ewrong)
            name = rng.choice(["queen_of_spades", "../data/queen_of_spades", "", "x" * 500, None, 3, "no_such",
                               "queen_of_spades.json", "\x00"])
            t.call("load_record", lambda: load_record(name), name != "queen_of_spades")
    return t, inv


def check_record(t: Tally, inv: Counter[str], state: Any, rng: random.Random, cls: Any,
                 record: dict[str, Any] | None = None) -> None:
    """The finished deal replays from its record into an equal state; broken copies are refused."""
    rec = record if record is not None else state.to_record()
    again = t.call(f"{cls.__name__}.from_record", lambda: cls.from_record(rec), False)
    if again is not None and (again != state or again.to_record() != state.to_record()):
        inv["record does not round-trip"] += 1
    bad = copy.deepcopy(rec)
    what = rng.randrange(12)
    if what == 0:
        bad["format"] = rng.choice(["shtoss-record/2", None, 1, "pharaon-record/1" if cls is ShtossState
                                    else "shtoss-record/1"])
    elif what == 1:
        bad["game"] = rng.choice(["stukolka", None, 3])
    elif what == 2:
        bad["extra"] = 1
    elif what == 3:
        bad["actions"] = rng.choice([None, "next", {}, bad["actions"] + ["next"], [None], ["next"] + bad["actions"]])
    elif what == 4:
        bad["returns"] = rng.choice([["0"], ["x", "y"], [0.5, -0.5], [True, False], "0", [],
                                     [str(-Fraction(r) + 1) for r in bad["returns"]]])
    elif what == 5 and cls is ShtossState:
        bad["punters"] = rng.choice([0, "1", 1.0, True, 99, HUGE])
    elif what == 6 and cls is ShtossState:
        bad["kush"] = rng.choice([{"x": 3}, {"1": -1}, {"1": 2.5}, [], {"٣": 3}, {"1": "3"}])
    elif what == 7:
        bad["rules"] = rng.choice([{"deck_size": 40}, "x", {"nope": 1}, {"thirds": "yes"}])
    elif what == 8 and cls is ShtossState:
        bad["initial_kush"] = rng.choice([0, "1", 1.5, None, True])
    elif what == 9:
        bad = rng.choice([[], None, "record", 3, {"format": rec["format"]}])  # type: ignore[assignment]
    elif what == 10 and cls is ShtossState:
        bad["seats"] = rng.choice(["ab", ["a"], [1, 2], None])
    else:
        if not bad["actions"]:
            return
        i = rng.randrange(len(bad["actions"]))
        bad["actions"][i] = bad["actions"][i] + rng.choice([" x", " 1", "9" * 500])
    if bad == rec:
        return
    t.call(f"{cls.__name__}.from_record (broken)", lambda: cls.from_record(bad), True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    t, inv = soak(args.deals, args.seed)
    t.print_table(f"shtoss soak: {inv['deals']} deals, seed {args.seed}, {time.perf_counter() - t0:.0f} s")
    print("\ninvariant: " + ", ".join(f"{k} {inv[k]:,}" for k in
                                     ("deals", "dead end", "offered but refused", "changed by a refusal",
                                      "record does not round-trip", "no end")))
    print(f"distinct decks dealt (by their first eight cards): {len(DEALT):,}")
    bad = t.findings() + sum(
        inv[k] for k in ("dead end", "offered but refused", "changed by a refusal", "record does not round-trip",
                         "no end"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
