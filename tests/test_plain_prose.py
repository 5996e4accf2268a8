"""The prose a student reads carries no specification id, option name or raw rule label.

The check of the book's style notes, applied to the markdown of every chapter (``book/*.ipynb``,
``book/*.md``, ``book/teacher/*.md``) with the programmers' boxes (an admonition or dropdown whose
title names programmers) and the roles' targets (``{doc}`x```, ``{ref}`x```) taken out; the
reference part (``book/reference/``) is for programmers and is not checked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parent.parent / "book"
JARGON = re.compile(r"\b(?:ST|SH|FS)-\d\d\b|\b[KHF]-\d{1,2}\b|\[(?:stukolka|shtoss|faraon)-rule-[a-z-]+\]"
                    r"|`[a-z]+_[a-z_]+(?:=[^`]*)?`|`[a-z_]+=[^`]*`|acceptance case")
BOX = re.compile(r"^(:{3,})\{(?:admonition|dropdown)\}[^\n]*[Pp]rogrammer.*?^\1[ \t]*$", re.S | re.M)
ROLE = re.compile(r"\{[a-z:-]+\}`[^`]*`")


def _pages() -> list[Path]:
    return sorted([*BOOK.glob("*.ipynb"), *BOOK.glob("*.md"), *(BOOK / "teacher").glob("*.md")])


def _prose(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return ROLE.sub("", BOX.sub("", text))


def findings(path: Path) -> list[str]:
    return JARGON.findall(_prose(path))


def test_the_check_finds_jargon_and_spares_programmers_boxes() -> None:
    text = "Pay the fee (K-4, `dark_allowed`, [stukolka-rule-dark], `violation_mode=\"penalize\"`)."
    assert len(JARGON.findall(text)) == 4
    boxed = ":::{dropdown} For programmers: the engine's names\nK-4 is `dark_allowed`.\n:::\nSee {doc}`shtoss_odds`."
    assert JARGON.findall(ROLE.sub("", BOX.sub("", boxed))) == []


@pytest.mark.parametrize("path", _pages(), ids=lambda p: p.stem)
def test_students_prose_is_in_plain_words(path: Path) -> None:
    found = findings(path)
    assert not found, f"{path.name}: {sorted(set(found))}"
