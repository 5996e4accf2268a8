"""The engine's version is written once (``stukolka.__version__``); the package metadata and every
place that names the engine wheel follow it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import stukolka
from harness import load_script

ROOT = Path(__file__).resolve().parent.parent


def _bundle_tool():
    return load_script("tools/make_live_bundle.py")


def test_pyproject_reads_the_version_from_the_package():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in meta["project"] and "version" in meta["project"]["dynamic"]
    assert meta["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "stukolka.__version__"}


def test_every_wheel_name_follows_the_package_version():
    wheel = f"stukolka-{stukolka.__version__}-py3-none-any.whl"
    tool = _bundle_tool()
    assert tool.VERSION == stukolka.__version__ and tool.WHEEL == wheel
    loader = (ROOT / "live" / "loader.js").read_text(encoding="utf-8")
    named = set(re.findall(r"stukolka-[0-9][^\"'/ ]*\.whl", loader))
    assert named == {wheel}, f"live/loader.js names {sorted(named)}, the package builds {wheel}"
