"""Engine speed: complete random-legal Stukolka deals per second, beside OpenSpiel's ``oh_hell``.

For every variant (golets, prikup, shleif, obligatory) at 3, 5 and 7 players within the
variant's limits (``stukolka.stukolka.PLAYER_LIMITS``), the script plays whole deals from the
first shuffle to the settlement twice over: through the int action API (``legal_action_ids()``
and ``apply_action_id``, as OpenSpiel is driven by ints) and through the string API
(``legal_actions()`` and ``apply_action``, what records and readers use).  At a chance node
both engines are driven the same way, through ``chance_outcomes()``: ``rng.choice`` over the
listed, equally likely outcomes (ours lists 64 seeded shuffles, OpenSpiel's ``oh_hell`` each card
left; equally likely, checked before the timing), so the comparison stays fair.  (Our own
``sample_chance`` draws a shuffle from the whole space, ``shuffle <64 random bits>``, whose deck
is made by ``random.Random(seed).shuffle`` at each deal; the listed shuffles' decks are made
once.)  At a decision both apply one legal action chosen by a seeded ``random.Random``.  The legal-action query, the chance draw and the
construction of each new state are all inside the timing.  The goal is judged on the int API;
the string API's figures are printed beside it.

When ``pyspiel`` (the PyPI package ``open-spiel``) is importable, OpenSpiel's ``oh_hell`` with
the same number of players and ``num_tricks_fixed=3`` is driven from Python the same way and
timed in the same run, interleaved with ours: within each repetition the sides take turns
(ours by ints, OpenSpiel, ours by strings, ours by ints, OpenSpiel, ... in ``--slices`` slices a
side), so that each repetition gives one paired ratio ours/OpenSpiel of games per second for
each of our two APIs, and a change of load on a shared
machine falls inside a pair rather than between the two sides.  Time is this process's CPU
time by default (``--clock wall`` for ``perf_counter``).  Figures are the median and the range
over the repetitions.

Run:
    python benchmarks/engine.py                     # every cell, 5 repetitions of 1.5 s a side
    python benchmarks/engine.py --reps 7 --seconds 3
    python benchmarks/engine.py --variants golets --players 5
    python benchmarks/engine.py --install-openspiel # own venv in benchmarks/.venv-openspiel, then the run
    python benchmarks/engine.py --profile prikup    # top cProfile entries over 2,000 deals
    python benchmarks/engine.py --beats             # the trick-winner table against the test written out

Use the checkout's engine with ``PYTHONPATH=<checkout>``; the script also puts its own checkout
first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stukolka.base import CHANCE  # noqa: E402
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, StukolkaRules, StukolkaState  # noqa: E402

PLAYER_COUNTS = (3, 5, 7)
GOAL = 1.5  #: ours/OpenSpiel games per second wanted at five players
OPENSPIEL_VENV = Path(__file__).resolve().parent / ".venv-openspiel"
MAX_STEPS = 10_000  #: a deal longer than this is a bug in the driver or the engine

try:  # the reference is optional
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None
#: OpenSpiel's chance player as a plain int, read once, as ours is (``stukolka.base.CHANCE``):
#: ``pyspiel.PlayerId.CHANCE`` is an enum member two attribute look-ups away, and reading it at
#: every step would charge the reference about 6% of its time for the driver's own work.
OS_CHANCE = None if pyspiel is None else int(pyspiel.PlayerId.CHANCE)


# ---------------------------------------------------------------------- the two drivers
def play_ours_ids(rules: StukolkaRules, dealer: int, rng: random.Random) -> int:
    """One complete deal through the int action API; returns the number of decisions."""
    state = StukolkaState(rules, dealer=dealer)
    decisions = 0
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return decisions
        if state.current_player() == CHANCE:
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action_id(rng.choice(state.legal_action_ids()))
            decisions += 1
    raise RuntimeError(f"Stukolka {rules.variant}, {rules.n_players} players: no end after {MAX_STEPS} steps")


def play_ours(rules: StukolkaRules, dealer: int, rng: random.Random) -> int:
    """One complete deal through the public string API; returns the number of decisions."""
    state = StukolkaState(rules, dealer=dealer)
    decisions = 0
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return decisions
        if state.current_player() == CHANCE:
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    raise RuntimeError(f"Stukolka {rules.variant}, {rules.n_players} players: no end after {MAX_STEPS} steps")


def check_uniform_chance(game: Any, games: int = 20, seed: int = 0) -> None:
    """Check that every chance node of ``game`` met in ``games`` random games has equally likely
    outcomes, so that :func:`play_openspiel` may draw them with ``rng.choice`` alone, as ours
    draws among its listed (equally likely) shuffles: the two sides then pay the same for a
    chance draw.  (``oh_hell`` deals each card, and turns the trump card, from the
    cards left, all equally likely.)"""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == OS_CHANCE:
                outcomes = state.chance_outcomes()
                if len({p for _, p in outcomes}) != 1:
                    raise SystemExit(f"{game}: a chance node with unequal outcomes; the driver "
                                     "draws uniformly and cannot time this game")
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def play_openspiel(game: Any, rng: random.Random) -> int:
    """One complete ``oh_hell`` game, driven from Python like :func:`play_ours_ids`: a chance
    outcome by ``rng.choice`` over ``chance_outcomes()`` (all equally likely:
    :func:`check_uniform_chance`), a decision by ``rng.choice`` over ``legal_actions()``."""
    state = game.new_initial_state()
    decisions = 0
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return decisions
        if state.current_player() == OS_CHANCE:
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    raise RuntimeError(f"OpenSpiel oh_hell: no end after {MAX_STEPS} steps")


def openspiel_game(n_players: int) -> Any:
    return pyspiel.load_game("oh_hell", {"players": n_players, "num_tricks_fixed": 3})


# ---------------------------------------------------------------------- timing
@dataclass
class Sample:
    """One timed run of one side: whole games played for about ``seconds``."""

    games: int
    decisions: int
    elapsed: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed

    @property
    def us_per_decision(self) -> float:
        return self.elapsed / self.decisions * 1e6 if self.decisions else float("nan")


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def timed(play: Callable[[], int], seconds: float, clock: Callable[[], float]) -> Sample:
    """Play whole games (``play()`` returns its decisions) until ``seconds`` have passed on ``clock``."""
    games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        decisions += play()
        games += 1
        now = clock()
        if now >= deadline:
            return Sample(games, decisions, now - start)


def add(a: Sample, b: Sample) -> Sample:
    return Sample(a.games + b.games, a.decisions + b.decisions, a.elapsed + b.elapsed)


@dataclass
class Cell:
    variant: str
    n: int
    ours: list[Sample] = field(default_factory=list)      #: the int action API
    strings: list[Sample] = field(default_factory=list)   #: the string API
    ref: list[Sample] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        """Paired per repetition: ours (int API)/OpenSpiel games per second."""
        return [a.games_per_second / b.games_per_second for a, b in zip(self.ours, self.ref)]

    @property
    def string_ratios(self) -> list[float]:
        """Paired per repetition: ours (string API)/OpenSpiel games per second."""
        return [a.games_per_second / b.games_per_second for a, b in zip(self.strings, self.ref)]


def run_cell(variant: str, n: int, reps: int, seconds: float, slices: int, clock: Callable[[], float],
             seed: int, reference: bool) -> Cell:
    """``reps`` paired repetitions; in each, ours and OpenSpiel take turns in ``slices`` slices
    of ``seconds / slices`` a side (ours, OpenSpiel, ours, OpenSpiel, ...)."""
    rules = StukolkaRules(variant=variant, n_players=n)
    game = openspiel_game(n) if reference else None
    if game is not None:
        check_uniform_chance(game)
    cell = Cell(variant, n)
    # a short untimed warm-up of each side, so the first repetition is not the odd one out
    warm = random.Random(f"warm-{seed}-{variant}-{n}")
    for i in range(20):
        play_ours_ids(rules, i % n, warm)
        play_ours(rules, i % n, warm)
        if game is not None:
            play_openspiel(game, warm)
    dealers = itertools.cycle(range(n))  # the deal passes round the table
    for rep in range(reps):
        ours_rng = random.Random(f"ours-{seed}-{variant}-{n}-{rep}")
        str_rng = random.Random(f"strings-{seed}-{variant}-{n}-{rep}")
        ref_rng = random.Random(f"openspiel-{seed}-{variant}-{n}-{rep}")
        ours = strings = ref = Sample(0, 0, 0.0)
        for _ in range(slices):
            ours = add(ours, timed(lambda: play_ours_ids(rules, next(dealers), ours_rng), seconds / slices, clock))
            if game is not None:
                ref = add(ref, timed(lambda: play_openspiel(game, ref_rng), seconds / slices, clock))
            strings = add(strings, timed(lambda: play_ours(rules, next(dealers), str_rng), seconds / slices, clock))
        cell.ours.append(ours)
        cell.strings.append(strings)
        if game is not None:
            cell.ref.append(ref)
    return cell


def cells_wanted(variants: list[str], counts: list[int]) -> tuple[list[tuple[str, int]], list[str]]:
    """The (variant, players) cells within the limits, and a note per skipped one."""
    cells, skipped = [], []
    for v in variants:
        lo, hi = PLAYER_LIMITS[v]
        for n in counts:
            if lo <= n <= hi:
                cells.append((v, n))
            else:
                skipped.append(f"{v} at {n} players: outside the variant's limits {lo}..{hi}")
    return cells, skipped


# ---------------------------------------------------------------------- printing
def spread(values: list[float], fmt: str) -> str:
    """``median [min-max]``."""
    return f"{format(statistics.median(values), fmt)} [{format(min(values), fmt)}-{format(max(values), fmt)}]"


def print_cell(cell: Cell) -> None:
    ours_gps = [s.games_per_second for s in cell.ours]
    ours_us = [s.us_per_decision for s in cell.ours]
    str_gps = [s.games_per_second for s in cell.strings]
    per_deal = sum(s.decisions for s in cell.ours) / sum(s.games for s in cell.ours)
    line = (f"{cell.variant:<11} {cell.n:>2}  {spread(ours_gps, ',.0f'):>22} {spread(ours_us, '.1f'):>17}"
            f" {spread(str_gps, ',.0f'):>22} {per_deal:6.1f}")
    if cell.ref:
        ref_gps = [s.games_per_second for s in cell.ref]
        ref_us = [s.us_per_decision for s in cell.ref]
        ref_per_game = sum(s.decisions for s in cell.ref) / sum(s.games for s in cell.ref)
        line += (f"  {spread(ref_gps, ',.0f'):>22} {spread(ref_us, '.1f'):>17} {ref_per_game:6.1f}"
                 f"  {spread(cell.ratios, '.2f'):>17} {spread(cell.string_ratios, '.2f'):>17}")
    print(line, flush=True)


def print_header(reference: bool) -> None:
    head = (f"{'variant':<11} {'n':>2}  {'ours deals/s (ints)':>22} {'ours µs/dec (ints)':>17}"
            f" {'ours deals/s (str)':>22} {'dec/dl':>6}")
    if reference:
        head += (f"  {'oh_hell games/s':>22} {'oh_hell µs/dec':>17} {'dec/gm':>6}  {'ratio ints/OS':>17}"
                 f" {'ratio str/OS':>17}")
    print(head)
    print("-" * len(head))


def print_goal_table(cells: list[Cell]) -> None:
    five = [c for c in cells if c.n == 5 and c.ref]
    if not five:
        return
    print()
    print(f"Five players: ours/OpenSpiel games per second, goal {GOAL}x (judged on the int API)")
    print(f"{'variant':<11} {'ints':>6} {'range':>11} {'strings':>8} {'range':>11} {'goal':>6}  verdict")
    for c in five:
        r, rs = c.ratios, c.string_ratios
        med = statistics.median(r)
        verdict = "meets the goal" if med >= GOAL else f"short: {GOAL / med:.2f}x faster needed"
        smed = statistics.median(rs)
        sverdict = "strings meet it too" if smed >= GOAL else f"strings short: {GOAL / smed:.2f}x needed"
        print(f"{c.variant:<11} {med:6.2f} {min(r):5.2f}-{max(r):<5.2f} {smed:8.2f} {min(rs):5.2f}-{max(rs):<5.2f}"
              f" {GOAL:5.1f}x  {verdict}; {sverdict}")


def how_to_get_reference() -> str:
    return ("OpenSpiel (import pyspiel) is not importable here, so only our figures are printed. "
            "For the reference in the same run: python benchmarks/engine.py --install-openspiel "
            f"(creates {OPENSPIEL_VENV.relative_to(ROOT)} with pip install open-spiel and re-runs there), "
            "or run this script with any Python that has open-spiel and PYTHONPATH=<checkout>.")


# ---------------------------------------------------------------------- profile
def profile(variant: str, n: int, deals: int, top: int, seed: int, api: str = "ints") -> None:
    rules = StukolkaRules(variant=variant, n_players=n)
    play = play_ours_ids if api == "ints" else play_ours
    rng = random.Random(f"profile-{seed}-{variant}-{n}")
    prof = cProfile.Profile()
    decisions = 0
    prof.enable()
    for i in range(deals):
        decisions += play(rules, i % n, rng)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    print(f"cProfile: {deals:,} random-legal deals of {variant}, {n} players ({decisions:,} decisions), "
          f"through the {'int action' if api == 'ints' else 'string'} API")
    for key in ("tottime", "cumulative"):
        out.seek(0)
        out.truncate()
        stats.sort_stats(key).print_stats(top)
        text = out.getvalue()
        body = text[text.find("   ncalls"):] if "   ncalls" in text else text
        body = body.replace(str(ROOT) + os.sep, "")
        print(f"\n-- top {top} by {key} --")
        print(body.rstrip())


# ---------------------------------------------------------------------- the trick-winner table
def time_beats(reps: int, seed: int) -> None:
    """Time "does this card beat the winner so far" asked three ways over the same 100,000
    random (card, winner, trump) triples: the test written out as the engine once wrote it, the
    table ``play.BEATS`` made from ``play.beats``, and ``play.beats`` itself (a call)."""
    import timeit

    from stukolka.stukolka.play import BEATS, beats

    rng = random.Random(f"beats-{seed}")
    triples = [(rng.randrange(52), rng.randrange(52), rng.randrange(4)) for _ in range(100_000)]
    inline = ("for c, w, t in triples:\n"
              "    cs, ws = c // 13, w // 13\n"
              "    x = (cs == ws and c > w) or (cs == t and ws != t)")
    table = ("for c, w, t in triples:\n"
             "    x = BEATS[t][c][w]")
    call = ("for c, w, t in triples:\n"
            "    x = beats(c, w, t)")
    names = {"triples": triples, "BEATS": BEATS, "beats": beats}
    assert all(BEATS[t][c][w] == ((c // 13 == w // 13 and c > w) or (c // 13 == t and w // 13 != t))
               for c, w, t in triples)
    print(f"'does card c beat w?' over {len(triples):,} random triples, best of {reps} (ns per question):")
    for label, stmt in (("written out", inline), ("BEATS table", table), ("beats() call", call)):
        best = min(timeit.repeat(stmt, globals=names, number=1, repeat=reps))
        print(f"  {label:<13} {best / len(triples) * 1e9:6.1f}")


# ---------------------------------------------------------------------- OpenSpiel venv
def install_openspiel_and_rerun(argv: list[str]) -> int:
    """Create benchmarks/.venv-openspiel (once), pip install open-spiel there from the package
    index, and run this script again with that interpreter and the checkout on PYTHONPATH."""
    bindir = "Scripts" if os.name == "nt" else "bin"
    python = OPENSPIEL_VENV / bindir / ("python.exe" if os.name == "nt" else "python")
    if not python.exists():
        print(f"creating {OPENSPIEL_VENV} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(OPENSPIEL_VENV)], check=True)
        # keep the venv out of git whatever the checkout's .gitignore says
        (OPENSPIEL_VENV / ".gitignore").write_text("*\n", encoding="utf-8")
    probe = subprocess.run([str(python), "-c", "import pyspiel"], capture_output=True)
    if probe.returncode != 0:
        print("installing open-spiel into it ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "open-spiel"], check=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    rest = [a for a in argv if a != "--install-openspiel"]
    return subprocess.run([str(python), str(Path(__file__).resolve())] + rest, env=env).returncode


# ---------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions per cell (at least 5 advised)")
    ap.add_argument("--seconds", type=float, default=1.5, help="seconds per side per repetition in each cell")
    ap.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    ap.add_argument("--players", nargs="+", type=int, default=list(PLAYER_COUNTS))
    ap.add_argument("--slices", type=int, default=10,
                    help="turns each side takes within one repetition (ours, OpenSpiel, ours, ...)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="cpu: this process's CPU time (steadier on a shared machine); wall: perf_counter")
    ap.add_argument("--seed", type=int, default=2026, help="base of every random.Random seed")
    ap.add_argument("--no-openspiel", action="store_true", help="our figures only, even if pyspiel imports")
    ap.add_argument("--install-openspiel", action="store_true",
                    help=f"use (creating if needed) {OPENSPIEL_VENV.name} with open-spiel and re-run there")
    ap.add_argument("--profile", metavar="VARIANT", choices=VARIANTS,
                    help="print the top cProfile entries for --profile-deals deals instead of timing")
    ap.add_argument("--profile-deals", type=int, default=2000)
    ap.add_argument("--profile-players", type=int, default=5)
    ap.add_argument("--profile-api", choices=("ints", "strings"), default="ints",
                    help="which API the profiled deals are driven through")
    ap.add_argument("--top", type=int, default=25, help="cProfile entries printed")
    ap.add_argument("--beats", action="store_true",
                    help="time the trick-winner table (play.BEATS) against the test written out, and stop")
    args = ap.parse_args(argv)
    if args.reps < 1 or args.seconds <= 0 or args.slices < 1:
        ap.error("--reps and --slices must be >= 1 and --seconds > 0")

    if args.beats:
        time_beats(max(args.reps, 5), args.seed)
        return 0

    if args.install_openspiel and pyspiel is None:
        return install_openspiel_and_rerun(argv)

    if args.profile:
        lo, hi = PLAYER_LIMITS[args.profile]
        if not lo <= args.profile_players <= hi:
            ap.error(f"{args.profile} takes {lo}..{hi} players, not {args.profile_players}")
        profile(args.profile, args.profile_players, args.profile_deals, args.top, args.seed, args.profile_api)
        return 0

    reference = pyspiel is not None and not args.no_openspiel
    cells, skipped = cells_wanted(list(dict.fromkeys(args.variants)), sorted(set(args.players)))
    print(f"Python {sys.version.split()[0]} ({sys.executable}); engine from {ROOT}")
    if reference:
        print(f"OpenSpiel {getattr(pyspiel, '__version__', '?')}: oh_hell, num_tricks_fixed=3, same players, "
              "timed interleaved with ours")
    else:
        print(how_to_get_reference())
    print(f"{len(cells)} cells x {args.reps} repetitions x {args.seconds:g} s ({args.clock} time) per side, "
          f"in {args.slices} alternating slices per repetition")
    print("each figure is median [min-max] over the repetitions; µs/decision is the whole time "
          "(new state, chance draws, legal_action_ids, apply_action_id) over the decisions; (str) is the "
          "same deals through legal_actions and apply_action")
    for note in skipped:
        print(f"skipped: {note}")
    if args.reps < 5:
        print(f"note: {args.reps} repetitions; at least 5 are advised for the ranges to mean much")
    print()
    print_header(reference)
    done = []
    for variant, n in cells:
        cell = run_cell(variant, n, args.reps, args.seconds, args.slices, CLOCKS[args.clock], args.seed, reference)
        print_cell(cell)
        done.append(cell)
    if reference:
        print_goal_table(done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
