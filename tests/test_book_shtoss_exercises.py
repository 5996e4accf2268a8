"""The shtoss and Pharaon chapters as a course: exercises answered in the page (a question, a hidden
cell that checks the answer with the engine and ends with the form the reader answers in, then the
model answer), predictions holding the engine's values,
pictures instead of Python reprs, code out of the reader's way in the rules chapters,
and the two readings (H-4, H-12) that the chapter on disagreements runs against the default."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from stukolka.errors import RulesError
from stukolka.exercises import exercises_in_html
from stukolka.faraon import RULE_LABELS as FARAON_RULES
from stukolka.shtoss import RULE_LABELS as SHTOSS_RULES
from stukolka.shtoss import ShtossRules, play_deal
from stukolka.shtoss.odds import banker_edge, plie_probability, punter_win_probability
from stukolka.shtoss.teaching import double_pack_deal, double_pack_edge, thirteenth_card_readings

BOOK = Path(__file__).resolve().parent.parent / "book"
SHTOSS_CHAPTERS = ["shtoss_rules", "shtoss_options", "pharaon", "queen_of_spades", "shtoss_odds",
                   "shtoss_sources_differ"]
RULES_CHAPTERS = ["shtoss_rules", "shtoss_options", "pharaon", "shtoss_sources_differ"]
ALL_PAGES = SHTOSS_CHAPTERS + ["play_shtoss", "odds_explorer", "cards"]
#: The chapters whose exercises are answered in the page: question, hidden check ending with the form, answer.
EXERCISE_CHAPTERS = SHTOSS_CHAPTERS + ["faraon_shedding"]
#: The rules a form may link: the page links a rule by its label (rules.json holds the engine's rule labels).
LINKABLE = set(SHTOSS_RULES) | set(FARAON_RULES)
EXERCISE = re.compile(r"\*\*Exercise (\d+)\.\*\*")
ANSWER = re.compile(r"^:::\{dropdown\} Answer\n(.+?)\n:::", re.M | re.S)


def cells(name: str) -> list[dict]:
    return json.loads((BOOK / f"{name}.ipynb").read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def exercises(name: str) -> list[tuple[str, dict | None, str]]:
    """(markdown of the question, the code cell right after it, the markdown after that: the answer)."""
    cs = cells(name)
    out = []
    for i, c in enumerate(cs):
        if c["cell_type"] == "markdown" and EXERCISE.search(source(c)):
            nxt = cs[i + 1] if i + 1 < len(cs) else None
            after = source(cs[i + 2]) if i + 2 < len(cs) and cs[i + 2]["cell_type"] == "markdown" else ""
            out.append((source(c), nxt, after))
    return out


def forms(cell: dict) -> list[dict]:
    """The answer forms a cell's stored outputs draw (their data, as the page reads it)."""
    return [spec for o in cell.get("outputs", [])
            for spec in exercises_in_html("".join(o.get("data", {}).get("text/html", "")))]


@pytest.mark.parametrize("name", EXERCISE_CHAPTERS)
def test_every_chapter_has_three_exercises_each_question_form_answer(name):
    found = exercises(name)
    assert len(found) >= 3, f"{name}: {len(found)} exercises"
    numbers = [int(EXERCISE.search(text).group(1)) for text, _, _ in found]
    assert numbers == list(range(1, len(found) + 1)), f"{name}: exercises numbered {numbers}"
    for text, _, after in found:
        assert ":::{dropdown}" not in text, f"{name}: the answer shares the question's cell: {text[:60]!r}"
        answer = ANSWER.search(after)
        assert answer and answer.group(1).strip(), f"{name}: no model answer after the form of {text[:80]!r}"
        # the page's "Show the answer" opens the dropdown that follows the form's cell
        assert after.startswith(":::{dropdown} Answer"), f"{name}: {after[:60]!r}"


@pytest.mark.parametrize("name", EXERCISE_CHAPTERS)
def test_every_exercise_is_checked_by_the_engine_in_a_hidden_cell_that_ends_with_its_form(name):
    stem = name.replace("_", "-")
    for text, check, _ in exercises(name):
        n = EXERCISE.search(text).group(1)
        assert check is not None and check["cell_type"] == "code", f"{name}: no check after {text[:60]!r}"
        assert "hide-input" in tags(check), f"{name}: the check of {text[:60]!r} is not hidden"
        assert re.search(r"^\s*assert ", source(check), re.M), f"{name}: the check of {text[:60]!r} asserts nothing"
        assert check.get("outputs") is not None and not any(o.get("output_type") == "error" for o in check["outputs"])
        assert check.get("execution_count"), f"{name}: the check of {text[:60]!r} was never run"
        assert [f["id"] for f in forms(check)] == [f"{stem}-{n}"], f"{name}: exercise {n} has no form of its own"
        last = check["outputs"][-1]
        assert last.get("output_type") == "execute_result", f"{name}: exercise {n} does not end with its form"
        assert "".join(last["data"]["text/plain"]).startswith("Exercise '"), f"{name}: exercise {n}"
        spec = forms(check)[0]
        assert spec["mode"] == "exercise" and spec["why"], f"{name}: exercise {n} says no why"
        assert spec["rule"] in LINKABLE, f"{name}: exercise {n} links {spec['rule']!r}, which is no rule of the engine"


def _abcug_winner() -> str:
    return "the banker" if play_deal(stakes={1: "stake J♥"}, deck="4♦ 9♠ 2♥ Q♣ J♠ 6♣").returns()[1] < 0 else "the punter"


#: Each prediction of these chapters, recomputed here from the engine: its stored form must hold
#: exactly the value the engine gives now.
PREDICTIONS = {
    "shtoss-rules-predict-1": _abcug_winner,
    "shtoss-odds-predict-1": lambda: banker_edge(ShtossRules(deck_size=36)),
    "shtoss-odds-predict-2": lambda: plie_probability(ShtossRules()),
    "queen-of-spades-predict-1": lambda: (2 * punter_win_probability(ShtossRules())) ** 3,
    "pharaon-predict-1": lambda: banker_edge(ShtossRules(plie_rule="half")),
}


def stored_predictions() -> dict[str, tuple[str, int, dict]]:
    out = {}
    for name in EXERCISE_CHAPTERS:
        for i, c in enumerate(cells(name)):
            for spec in forms(c):
                if spec["mode"] == "predict":
                    out[spec["id"]] = (name, i, spec)
    return out


def test_the_predictions_come_each_with_one_line_of_prose():
    found = stored_predictions()
    assert sorted(found) == sorted(PREDICTIONS)
    for pid, (name, i, spec) in found.items():
        cs = cells(name)
        prose = source(cs[i - 1])
        assert cs[i - 1]["cell_type"] == "markdown" and prose.startswith("**Predict, then see.**"), pid
        assert "\n\n" not in prose.strip() and len(prose) < 300, f"{pid}: more than a line of prose"
        assert "hide-input" in tags(cs[i]) and re.search(r"^\s*assert ", source(cs[i]), re.M), pid
        assert pid.startswith(name.replace("_", "-") + "-predict-") and spec["why"], pid
        assert spec["rule"] in LINKABLE, f"{pid} links {spec['rule']!r}, which is no rule of the engine"


@pytest.mark.parametrize("pid", sorted(PREDICTIONS))
def test_every_prediction_holds_the_value_the_engine_computes(pid):
    _, _, spec = stored_predictions()[pid]
    part = spec["parts"][0]
    want = PREDICTIONS[pid]()
    if part["kind"] == "chance":
        assert Fraction(part["num"], part["den"]) == want
    else:
        assert part["kind"] == "choice" and part["options"][part["right"]] == want


def shown(output: dict) -> tuple[str, set[str]]:
    data = output.get("data", {})
    return "".join(output.get("text", "")) + "".join(data.get("text/plain", "")), set(data)


def is_raw_repr(text: str, kinds: set[str]) -> bool:
    rich = any(k.startswith("image/") or k in ("text/html", "text/latex", "text/markdown") for k in kinds)
    return not rich and bool(re.search(r"Fraction\(", text) or re.match(r"\s*[\[\{\(]", text))


def test_the_repr_detector_can_fail():
    assert is_raw_repr("[Fraction(-10, 1), Fraction(10, 1)]", {"text/plain"})
    assert is_raw_repr("{'♠': 10}", set())
    assert not is_raw_repr("Table(...)", {"text/html", "text/plain"})
    assert not is_raw_repr("deal 1: 7♦ at 4: +10", set())


@pytest.mark.parametrize("name", ALL_PAGES)
def test_no_stored_output_is_a_raw_repr_or_a_bare_figure(name):
    for c in cells(name):
        for o in c.get("outputs", []):
            text, kinds = shown(o)
            assert not ("<Figure size" in text and not any(k.startswith("image/") for k in kinds)), \
                f"{name}: a figure stored as text only in {source(c)[:60]!r}"
            assert not is_raw_repr(text, kinds), f"{name}: raw repr {text[:60]!r} from {source(c)[:60]!r}"


@pytest.mark.parametrize("name", ALL_PAGES)
def test_every_figure_cell_stores_an_image(name):
    for c in cells(name):
        if c["cell_type"] == "code" and "plt.subplots" in source(c):
            kinds = {k for o in c.get("outputs", []) for k in o.get("data", {})}
            assert any(k.startswith("image/") for k in kinds), f"{name}: no image from {source(c)[:60]!r}"


def test_the_odds_figures_scale_to_a_phone():
    svgs = ["".join(o["data"]["image/svg+xml"]) for c in cells("shtoss_odds") for o in c.get("outputs", [])
            if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 3
    for svg in svgs:
        head = svg[:svg.index(">")]
        assert 'width="100%"' in head and "viewBox" in head and "pt\"" not in head


@pytest.mark.parametrize("name", RULES_CHAPTERS)
def test_rules_chapters_hide_their_code(name):
    code = [c for c in cells(name) if c["cell_type"] == "code"]
    visible = [source(c)[:60] for c in code if "hide-input" not in tags(c)]
    assert not visible, f"{name}: code shown to the reader: {visible}"


def test_the_odds_chapter_keeps_its_derivations_visible():
    code = [c for c in cells("shtoss_odds") if c["cell_type"] == "code"]
    derivations = [c for c in code if "sym." in source(c)]
    assert derivations and not any("hide-input" in tags(c) for c in derivations)


@pytest.mark.parametrize("name", ALL_PAGES)
def test_hermann_is_spelled_one_way(name):
    # the page's own text and outputs (the stored state of a widget is drawn by stukolka/widgets)
    text = "\n".join(source(c) + "".join(shown(o)[0] for o in c.get("outputs", [])) for c in cells(name))
    assert not re.search(r"\bHerman\b", text), f"{name} writes Herman"


def test_the_queen_of_spades_record_spells_hermann():
    record = (BOOK.parent / "stukolka" / "data" / "queen_of_spades.json").read_text()
    assert "Hermann" in record and not re.search(r"\bHerman\b", record)


CITE = re.compile(r"\{cite\}`([^`]+)`")


def test_sources_differ_cites_a_source_for_every_h_id():
    cs = cells("shtoss_sources_differ")
    sections: dict[str, str] = {}
    current, heading = None, False
    for c in cs:
        if c["cell_type"] != "markdown":
            continue
        for line in source(c).splitlines():
            m = re.match(r"\(shtoss-h-(\d+)\)=", line)   # each point's label names its id
            if m:
                current, heading = f"H-{m.group(1)}", True
            elif line.startswith("## "):
                current = current if heading else None
                heading = False
            if current:
                sections[current] = sections.get(current, "") + line + "\n"
    assert sorted(sections, key=lambda h: int(h[2:])) == [f"H-{i}" for i in range(1, 17)]
    uncited = [h for h, text in sections.items() if not CITE.search(text)]
    assert not uncited, f"no citation in {uncited}"


def test_pharaon_no_longer_credits_004_with_what_it_does_not_say():
    text = re.sub(r"\s+", " ", " ".join(source(c) for c in cells("pharaon") if c["cell_type"] == "markdown"))
    assert "A stake cannot exceed the bank, since the banker could not pay it {cite}`src004`" not in text
    assert "| last card | counts |" not in text
    assert "004-P does not say" in text and "(004-P does not say)" in text


def test_the_paroli_example_is_the_maximal_win():
    text = " ".join(source(c) for c in cells("shtoss_options") if c["cell_type"] == "markdown")
    flat = re.sub(r"\s+", " ", text)
    assert '×2 after the largest possible win (for instance "two coloured" under thirds)' in flat
    assert "×1.5 after a win of half that (for instance" not in flat


# ------------------------------------------------------------- H-4 and H-12, run both ways
def plie_probability_by_abcugs(n: int, m: int) -> Fraction:
    """P(the first abcug holding the rank holds two of it), abcug by abcug: no card of the rank
    in the first j-1 abcugs, then both cards of abcug j of the rank."""
    total = Fraction(0)
    for j in range(1, n // 2 + 1):
        left = n - 2 * (j - 1)
        if left < m:
            break
        none_before = Fraction(comb(left, m), comb(n, m))
        total += none_before * Fraction(m * (m - 1), left * (left - 1))
    return total


def test_plie_by_abcugs_matches_the_known_52_card_edge():
    # the book's theorem: the banker's edge is the plie probability; 33/833 for one pack of 52
    assert plie_probability_by_abcugs(52, 4) == banker_edge(ShtossRules())


def test_double_pack_edge_is_the_plie_probability_of_104_cards():
    assert double_pack_edge() == plie_probability_by_abcugs(104, 8)
    assert double_pack_edge(plie_to_banker=False) == 0


def test_double_pack_deal_uses_a_104_card_pack_and_is_seeded():
    assert double_pack_deal("A♠", 7) == double_pack_deal("A♠", 7)
    places = {double_pack_deal("7♦", seed)[0] for seed in range(300)}
    # with eight sevens among 104 the first can lie as deep as place 97, never deeper
    assert max(places) <= 97 and len(places) > 10
    for seed in range(50):
        place, sign = double_pack_deal("K♣", seed)
        assert sign == (1 if place % 2 == 0 else -1)


SPADES = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠"     # twelve cards without a queen
HEARTS = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥ A♥"


def test_h12_reading_a_pays_only_a_first_match_at_13_in_suit():
    r = thirteenth_card_readings("Q♠", SPADES + " Q♠", kush=10)
    assert r["a"] == 20          # decided at 13 in his suit: twice the kush
    r = thirteenth_card_readings("Q♠", SPADES + " Q♣", kush=10)
    assert r["a"] == -10         # at 13 but another suit: the odd place, the banker's


def test_h12_reading_b_pays_the_13th_card_on_top_of_the_ordinary_result():
    # first queen at place 4 (the punter's side: +10), and Q♠ itself at place 13: +20 more
    r = thirteenth_card_readings("Q♠", "K♣ 2♥ 3♦ Q♥ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♠ Q♠", kush=10)
    assert r == {"a": 10, "b": 30, "c": 10}


def test_h12_reading_c_pays_the_13th_abcug_whichever_side():
    r = thirteenth_card_readings("Q♠", f"{SPADES} {HEARTS} Q♠", kush=10)   # place 25: odd
    assert r == {"a": -10, "b": -10, "c": 20}
    r = thirteenth_card_readings("Q♠", f"{SPADES} {HEARTS} 2♦ Q♠", kush=10)  # place 26: even
    assert r["c"] == 20 and r["a"] == 10


def test_h12_readings_refuse_a_deck_that_does_not_decide_the_stake():
    with pytest.raises(RulesError, match="shtoss-rule-13th-card"):
        thirteenth_card_readings("Q♠", "2♠ 3♠", kush=10)
