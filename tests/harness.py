"""What the golden playthroughs, the soaks and the fuzz tests of the four games share.

- :func:`play_checked` plays a state to its end with a seeded ``random.Random``, checking at every
  step the invariant every game keeps: a state not over offers at least one legal action, each
  action tried on a copy is accepted, and the game ends within a bound of steps.  Its arguments
  say which actions are tried, how the next one is chosen and what else happens between steps
  (an accident of the deal), so one loop serves Stukolka, shtoss, Pharaon and the shedding game.
- :func:`only_family`, :func:`hostile_values` and :func:`mutated_record` are the fuzz tests'
  pieces: a call that may refuse only with the documented error family, hostile option values,
  and a record with some of its fields replaced by hostile ones.
- :func:`widget_words` lists every text a reader sees in an ipywidgets tree (the widgets' tests
  in Russian look for English in it).
- :func:`load_benchmark` loads a soak script of ``benchmarks/`` so that a test runs a slice of it.
- :func:`golden_field`, :func:`golden_actions`, :func:`assert_golden` and :func:`regenerate` are
  the golden playthroughs' reading, comparing and rewriting (``STUKOLKA_REGEN_GOLDEN=1`` rewrites a
  file instead of comparing it; each golden test module also rewrites its files when run as a
  script with ``--regenerate``).

Every random choice here comes from a ``random.Random`` made from an explicit seed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pytest
from hypothesis import strategies as st

from stukolka.base import CHANCE, sample_chance
from stukolka.errors import StukolkaError

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = "STUKOLKA_REGEN_GOLDEN"

T = TypeVar("T")


# ----------------------------------------------------------------------------- playing a game
def try_all_but_chance(sample: int) -> Callable[[Any, list[str], random.Random], Iterable[str]]:
    """The actions to try: every one at a player's turn, ``sample`` of them at a chance node."""
    def tried(state: Any, legal: list[str], rng: random.Random) -> Iterable[str]:
        return legal if state.current_player() != CHANCE else rng.sample(legal, min(sample, len(legal)))
    return tried


def try_none(state: Any, legal: list[str], rng: random.Random) -> Iterable[str]:
    return ()


def any_legal(state: Any, legal: list[str], rng: random.Random) -> str:
    """The next action: one of the legal ones, uniformly."""
    return rng.choice(legal)


def chance_from_whole_space(state: Any, legal: list[str], rng: random.Random) -> str:
    """The next action: at a chance node a draw from the game's whole chance space
    (:func:`stukolka.base.sample_chance`), else one of the legal actions, uniformly."""
    return sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(legal)


def play_checked(state: T, rng: random.Random, *,
                 tried: Callable[[Any, list[str], random.Random], Iterable[str]] = try_all_but_chance(3),
                 choose: Callable[[Any, list[str], random.Random], str] = any_legal,
                 between: Callable[[Any, random.Random], bool] | None = None,
                 after: Callable[[Any], None] | None = None,
                 limit: int = 5000) -> T:
    """Play ``state`` to its end with ``rng``, checking the invariant at every step.

    At each step ``between(state, rng)`` may make a move of its own (an accident of the deal) and
    return True, and the step is over; else the state, not over, must offer a legal action; each
    action ``tried(state, legal, rng)`` names is applied to a copy and must be accepted; then
    ``choose(state, legal, rng)`` is applied, and ``after(state)`` sees the new state.  The game
    must end within ``limit`` moves, and an ended game offers no action.  Returns ``state``.
    """
    steps = 0
    while not state.is_terminal():      # type: ignore[attr-defined]
        if between is not None and between(state, rng):
            continue
        legal = state.legal_actions()    # type: ignore[attr-defined]
        assert legal, f"no legal action in a game not over: {state!r}"
        for a in tried(state, legal, rng):
            state.clone().apply_action(a)   # type: ignore[attr-defined]
        state.apply_action(choose(state, legal, rng))   # type: ignore[attr-defined]
        steps += 1
        assert steps < limit, f"not over after {limit} moves"
        if after is not None:
            after(state)
    assert state.legal_actions() == []   # type: ignore[attr-defined]
    return state


def rule_cells(mixes: list[dict[str, Any]], every_count: bool = False) -> list[Any]:
    """pytest parameters ``(variant, n, mix)`` over Stukolka's variants, the fewest and the most
    players of each (every count between them with ``every_count``) and the option ``mixes``;
    ids ``<variant>-<n>-<index of the mix>``."""
    from stukolka.stukolka.rules import PLAYER_LIMITS, VARIANTS  # noqa: PLC0415
    cells = []
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in (range(lo, hi + 1) if every_count else sorted({lo, hi})):
            for i, mix in enumerate(mixes):
                cells.append(pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}"))
    return cells


# ----------------------------------------------------------------------------- fuzzing
def only_family(call: Callable[[], T]) -> T | None:
    """Run ``call``: its result, or None when it raised the documented family
    (``StukolkaError``); any other exception fails the test."""
    try:
        return call()
    except StukolkaError:
        return None


def hostile_values(numbers: list[int], words: list[str]) -> st.SearchStrategy[Any]:
    """Values of every wrong type and range: None, booleans, integers (``numbers`` among them),
    floats with NaN, short text, ``words`` of the game and a very long string; and lists and
    dicts of them, nested."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-10**6, 10**6), st.sampled_from(numbers),
        st.floats(allow_nan=True), st.text(max_size=12), st.sampled_from(["x" * 5000, *words]),
    )
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                        max_leaves=12)


def mutated_record(draw: Callable[..., Any], record: Mapping[str, Any], values: st.SearchStrategy[Any],
                   option_names: list[str], places: tuple[str, ...] = ("top", "rules", "actions")) -> dict[str, Any]:
    """A copy of ``record`` with one to three hostile changes at ``places``: ``top`` (a field, or a
    new one, set to a hostile value), ``drop`` (a field removed), ``rules`` (an option, or an
    unknown one, set to a hostile value) and ``actions`` (one action replaced)."""
    rec = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(places))
        if where == "top":
            rec[draw(st.sampled_from(list(rec) + ["extra"]))] = draw(values)
        elif where == "drop" and rec:
            rec.pop(draw(st.sampled_from(sorted(rec))))
        elif where == "rules" and isinstance(rec.get("rules"), dict):
            rec["rules"][draw(st.sampled_from(option_names))] = draw(values)
        elif isinstance(rec.get("actions"), list) and rec["actions"]:
            i = draw(st.integers(0, len(rec["actions"]) - 1))
            rec["actions"][i] = draw(st.one_of(values, st.text(max_size=16)))
    return rec


# ----------------------------------------------------------------------------- scripts
def load_script(path: str, name: str | None = None) -> ModuleType:
    """A script of the project that is not in a package (``_ext/live_tables.py``,
    ``tools/make_rule_pages.py``; ``path`` from the top of the repository) as a fresh module, known
    to ``sys.modules`` as ``name`` (the file's stem by default), as its dataclasses need."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location(name or file.stem, file)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def random_play(state: T, seed: int) -> Iterator[T]:
    """The positions of a game played at random from ``seed`` (chance moves sampled, every choice
    drawn from the legal ones), the first and the last included."""
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():  # type: ignore[attr-defined]
        if state.current_player() == CHANCE:  # type: ignore[attr-defined]
            state.apply_action(sample_chance(state, rng))  # type: ignore[attr-defined,arg-type]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
        yield state


# ----------------------------------------------------------------------------- soaks
def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (its folder on the path, for the
    ``soak_tally`` it shares)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def soak_total(out: str) -> list[int]:
    """The counts of a soak table's total row (``| **total** | tried | typed error | sound,
    accepted | untyped crash | silently accepted | wrongly refused |``)."""
    total = [line for line in out.splitlines() if line.startswith("| **total**")]
    assert total, "the soak printed no total row"
    return [int(c.replace(",", "")) for c in total[0].split("|")[2:-1]]


# ----------------------------------------------------------------------------- golden playthroughs
def golden_field(text: str, name: str) -> str:
    """The value of the line ``name: value`` of a golden playthrough."""
    match = re.search(rf"^{re.escape(name)}: (.*)$", text, re.M)
    assert match, f"a golden playthrough has a line {name!r}"
    return match.group(1)


def golden_actions(text: str) -> list[str]:
    """The actions a golden playthrough lists at its end (``actions: [...]``)."""
    return json.loads(golden_field(text, "actions"))


def assert_golden(path: Path, text: str) -> None:
    """``text`` is the stored file ``path`` to the byte (with ``STUKOLKA_REGEN_GOLDEN=1`` the file
    is written first)."""
    if os.environ.get(REGEN):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; regenerate with {REGEN}=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs from what the engine writes now"


def regenerate(files: Mapping[str, Callable[[], str]], argv: list[str], usage: str) -> None:
    """Write each golden file ``name`` (in ``tests/golden``) from its maker when ``argv`` asks
    for it (``--regenerate`` or ``--regen``); else exit with ``usage``."""
    if not {"--regenerate", "--regen"} & set(argv):
        sys.exit(f"usage: {usage} --regenerate")
    GOLDEN.mkdir(exist_ok=True)
    for name, make in files.items():
        (GOLDEN / name).write_text(make(), encoding="utf-8")
        print(f"wrote {GOLDEN / name}")


def shown_text(value: str) -> str:
    """What a reader reads of an HTML value: no style block, no tag, no entity."""
    import html  # noqa: PLC0415

    value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
    value = re.sub(r"<[^>]*>", " ", value)
    return html.unescape(value)


def widget_words(widget: Any) -> Iterator[tuple[str, str]]:
    """Every ``(where, text)`` a reader sees in an ipywidgets tree: descriptions, tooltips,
    placeholders, the text of HTML values and labels, a dropdown's options, an accordion's titles."""
    import ipywidgets as w  # noqa: PLC0415

    name = type(widget).__name__
    for key in ("description", "tooltip", "placeholder"):
        if key in widget.keys and getattr(widget, key):
            yield f"{name}.{key}", str(getattr(widget, key))
    if isinstance(widget, (w.HTML, w.Label)):
        yield f"{name}.value", shown_text(widget.value)
    if isinstance(widget, w.Dropdown):
        for label in widget._options_labels:
            yield f"{name}.option", label
    if isinstance(widget, w.Accordion):
        for title in widget.titles:
            yield f"{name}.title", title
    for child in getattr(widget, "children", ()):
        yield from widget_words(child)
