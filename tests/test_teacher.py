"""The teacher's part of the book (``book/teacher/``) and the objectives at the head of each chapter.

Checked without building the book:

* every teaching chapter (the chapters of the parts on Stukolka, the strategy lab, shtoss and
  Pharaon and the other фараон, and the history, cards, families and timeline pages) opens with
  its objectives box right after its title: three to five things a student can do, in plain words;
* every ``{doc}`` link of the teacher's pages resolves to a page of ``_toc.yml``;
* every lesson plan has a timing table whose minutes add up to the length its heading states,
  and says what to print and what to skip;
* the list of pages that work offline names real pages, and every page with a live table;
* the worked example of a pot sheet and a ledger sheet is what the engine pays for those deals.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from stukolka.stukolka.pot import deal_ledger, opening_contributions

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
TEACHER = BOOK / "teacher"

#: Parts of the table of contents whose every chapter teaches.
TEACHING_PARTS = ("Стуколка", "Стуколка: the strategy lab", "Штосс and Pharaon", "The other фараон")
#: Teaching pages in other parts.
OTHER_TEACHING = ("book/history", "book/cards", "book/families", "book/timeline", "book/first_hand")
LESSON_PLANS = ("lesson_45.md", "lesson_90.md", "unit.md")

OBJECTIVES_HEAD = ":::{admonition} What you will be able to do\n:class: tip objectives\n"
DOC = re.compile(r"\{doc\}`(?:[^`<]*<)?([^`>]+)>?`")
#: What must not reach a student: specification ids, rule labels, code.
ENGINE_WORDS = re.compile(r"\b(?:K|H|F|ST|SH)-\d+\b|stukolka-rule-|shtoss-rule-|faraon-rule-|`")


def toc() -> dict:
    return yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))


def toc_files() -> set[str]:
    files: set[str] = {toc()["root"]}

    def walk(entries):
        for e in entries or ():
            if "file" in e:
                files.add(e["file"])
            walk(e.get("sections"))
    for part in toc()["parts"]:
        walk(part["chapters"])
    return files


def teaching_chapters() -> list[str]:
    out = []
    for part in toc()["parts"]:
        if part["caption"] in TEACHING_PARTS:
            out += [e["file"] for e in part["chapters"]]
    return out + [f for f in OTHER_TEACHING if f not in out]


def page_source(docname: str) -> tuple[str, str]:
    """(the title block, the block right after it) of a page, as a reader meets them."""
    md = ROOT / f"{docname}.md"
    if md.exists():
        text = md.read_text(encoding="utf-8")
        head, _, rest = text.partition("\n# ")
        title_line, _, after = rest.partition("\n")
        return head + "\n# " + title_line, after.lstrip("\n")
    nb = json.loads((ROOT / f"{docname}.ipynb").read_text(encoding="utf-8"))
    cells = nb["cells"]
    return "".join(cells[0]["source"]), ("".join(cells[1]["source"]) if cells[1]["cell_type"] == "markdown" else "")


def test_the_teaching_chapters_are_the_ones_expected():
    chapters = teaching_chapters()
    assert len(chapters) == len(set(chapters)) >= 23, chapters
    for name in ("book/first_hand", "book/stukolka_rules", "book/shtoss_rules", "book/queen_of_spades",
                 "book/strategy_lab", "book/faraon_shedding", "book/history"):
        assert name in chapters


@pytest.mark.parametrize("docname", teaching_chapters())
def test_every_teaching_chapter_opens_with_its_objectives(docname):
    title, after = page_source(docname)
    assert re.search(r"^# \S", title, re.M), f"{docname}: the first block is not the title"
    assert after.startswith(OBJECTIVES_HEAD), f"{docname}: no objectives box right after the title"
    box = after.split("\n:::", 1)[0]
    assert "After this chapter you can:" in box
    items = [line[2:] for line in box.splitlines() if line.startswith("- ")]
    assert 3 <= len(items) <= 5, f"{docname}: {len(items)} objectives"
    for item in items:
        assert not ENGINE_WORDS.search(item), f"{docname}: engine words in an objective: {item}"
        assert len(item.split()) >= 5, f"{docname}: an objective too short to check: {item}"


def teacher_pages() -> list[Path]:
    return sorted(TEACHER.glob("*.md"))


def resolve(page: Path, target: str) -> str:
    """The docname a ``{doc}`` target names, from ``page``'s folder (or from the root with /)."""
    if target.startswith("/"):
        return target.lstrip("/")
    return (page.parent / target).resolve().relative_to(ROOT.resolve()).as_posix()


def test_the_teachers_part_is_in_the_table_of_contents():
    files = toc_files()
    for page in teacher_pages():
        assert f"book/teacher/{page.stem}" in files, f"{page.name} is not in _toc.yml"
    assert {p.name for p in teacher_pages()} >= {"index.md", "running.md", "sheets.md", *LESSON_PLANS}


@pytest.mark.parametrize("page", teacher_pages(), ids=lambda p: p.name)
def test_every_link_of_the_teachers_part_names_a_page_of_the_book(page):
    files = toc_files()
    targets = DOC.findall(page.read_text(encoding="utf-8"))
    if page.name in LESSON_PLANS or page.name in ("index.md", "running.md"):
        assert targets, f"{page.name} links to no page"
    for target in targets:
        assert resolve(page, target) in files, f"{page.name}: {{doc}}`{target}` is not a page of _toc.yml"


def timing_tables(text: str) -> list[tuple[int, list[int]]]:
    """Each timing table of a lesson plan: (the minutes its heading states, the minutes of its rows)."""
    out = []
    heading_minutes = None
    rows: list[int] | None = None
    for line in text.splitlines() + [""]:
        m = re.match(r"^#+ .*\((\d+) minutes\)\s*$", line)
        if m:
            heading_minutes = int(m.group(1))
        if line.startswith("| Minutes |"):
            rows = []
            continue
        if rows is not None:
            if line.startswith("|---"):
                continue
            if line.startswith("|"):
                rows.append(int(line.split("|")[1].strip()))
                continue
            assert heading_minutes is not None, "a timing table under no heading with its length"
            out.append((heading_minutes, rows))
            rows, heading_minutes = None, None
    return out


@pytest.mark.parametrize("name", LESSON_PLANS)
def test_each_lesson_plans_timings_add_up_to_its_length(name):
    text = (TEACHER / name).read_text(encoding="utf-8")
    tables = timing_tables(text)
    assert tables, f"{name}: no timing table"
    assert len(tables) == (3 if name == "unit.md" else 1)
    for length, rows in tables:
        assert len(rows) >= 4 and all(r > 0 for r in rows)
        assert sum(rows) == length, f"{name}: {rows} add up to {sum(rows)}, not {length}"
    expected = {"lesson_45.md": [45], "lesson_90.md": [90], "unit.md": [45, 45, 45]}[name]
    assert [length for length, _ in tables] == expected


@pytest.mark.parametrize("name", LESSON_PLANS)
def test_each_lesson_plan_says_what_to_project_print_and_skip(name):
    text = (TEACHER / name).read_text(encoding="utf-8")
    assert "| On the projector | What students do |" in text
    assert "**Print" in text or "Print**" in text
    assert "Skip" in text or "skip" in text


def test_the_timing_reader_catches_a_plan_that_does_not_add_up():
    bad = "## Lesson (45 minutes)\n\n| Minutes | What |\n|---|---|\n| 20 | a |\n| 20 | b |\n\nafter\n"
    ((length, rows),) = timing_tables(bad)
    assert length == 45 and sum(rows) == 40


def offline_list() -> str:
    text = (TEACHER / "index.md").read_text(encoding="utf-8")
    return text.split("(teacher-offline-list)=", 1)[1].split("**What needs more", 1)[0]


def test_the_offline_list_names_real_pages_and_every_page_with_a_table():
    files = toc_files()
    named = {resolve(TEACHER / "index.md", t) for t in DOC.findall(offline_list())}
    assert named and named <= files, named - files
    with_tables = set()
    for f in files:
        for suffix in (".md", ".ipynb"):
            path = ROOT / f"{f}{suffix}"
            if path.exists() and "{live-table}" in path.read_text(encoding="utf-8"):
                with_tables.add(f)
    assert with_tables and with_tables <= named, f"pages with a table missing from the offline list: {with_tables - named}"


def markdown_table(text: str, label: str) -> list[list[str]]:
    block = text.split(f"({label})=", 1)[1].splitlines()
    first = next(i for i, line in enumerate(block) if line.startswith("|"))
    lines = []
    for line in block[first:]:
        if not line.startswith("|"):
            break
        lines.append(line)
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines if not line.startswith("|---")]


def number(cell: str) -> int:
    return int(cell.replace("−", "-").replace("+", ""))


def test_the_worked_example_is_what_the_engine_pays():
    text = (TEACHER / "running.md").read_text(encoding="utf-8")
    pot = markdown_table(text, "teacher-pot-example")
    ledger = markdown_table(text, "teacher-ledger-example")
    players = ledger[0][1:-2]
    n, stake, carry = len(players), 3, 0
    totals = [0] * n
    assert len(pot) - 1 == len(ledger) - 2 >= 3
    for row, line in zip(pot[1:], ledger[1:-1]):
        deal, dealer, before, fee, in_play, trick, tricks, fines, after = row
        d = players.index(dealer)
        assert number(before) == carry, f"deal {deal}: the saucer held {carry}"
        contributions = opening_contributions(n, d, stake, carry)
        assert number(fee) == contributions[d] and number(in_play) == carry + sum(contributions)
        assert number(trick) * 3 == number(in_play)
        won = {}
        for part in tricks.split(", "):
            who, k = part.rsplit(" ", 1)
            won[players.index(who)] = int(k)
        assert sum(won.values()) == 3
        fined = {} if fines == "none" else {players.index(p.rsplit(" ", 1)[0]): number(p.rsplit(" ", 1)[1])
                                              for p in fines.split(", ")}
        active = [p in won or p in fined for p in range(n)]
        winners = [p for p in range(n) for _ in range(won.get(p, 0))]
        led = deal_ledger(n_players=n, dealer=d, stake=stake, carry=carry, contributions=contributions,
                          active=active, trick_winners=winners, next_dealer=(d + 1) % n)
        net, change = led.net(), led.table_change()
        assert all(v == number(in_play) for v in fined.values())
        assert [number(c) for c in line[1:n + 1]] == net, f"deal {deal}: the engine pays {net}"
        assert number(line[n + 1]) == change and number(line[n + 2]) == sum(net) + change == 0
        carry += change
        assert number(after) == carry == sum(fined.values())
        totals = [t + v for t, v in zip(totals, net)]
    assert [number(c) for c in ledger[-1][1:n + 1]] == totals
    assert number(ledger[-1][n + 1]) == carry   # the saucer started empty


def test_the_preface_and_the_class_page_lead_to_the_teachers_part():
    assert "teacher/index" in (BOOK / "preface.md").read_text(encoding="utf-8")
    assert "teacher/running" in (BOOK / "class_play.md").read_text(encoding="utf-8")
