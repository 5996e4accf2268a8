"""Every module of the package has its place in the API reference (book/reference/)."""

import pkgutil
import re
from pathlib import Path

import stukolka

REFERENCE = Path(__file__).resolve().parent.parent / "book" / "reference"


def test_every_module_is_documented_in_the_reference():
    pages = "\n".join(p.read_text(encoding="utf-8") for p in REFERENCE.glob("*.md"))
    documented = set(re.findall(r"^\.\. automodule:: (\S+)", pages, flags=re.M))
    modules = {m.name for m in pkgutil.walk_packages(stukolka.__path__, "stukolka.")} | {"stukolka"}
    missing = sorted(modules - documented)
    assert not missing, f"modules without a reference page entry: {missing}"
    assert not documented - modules, f"reference entries for modules that do not exist: {sorted(documented - modules)}"
