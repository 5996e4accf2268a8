"""The package's import graph: no cycles, and no imports hidden inside functions to dodge one.

Only the in-page driver (``stukolka.live``) loads a game's modules when a page first asks for
that game, so that a page with a Stukolka table does not import shtoss; that is a choice of
load time, not a way round a cycle, and it is the one exception.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "stukolka"
LAZY_ALLOWED = {"stukolka.live"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(tree: ast.AST, name: str, top_level: bool) -> set[str]:
    found = set()
    nodes = tree.body if top_level else [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for node in nodes:
        for sub in ([node] if top_level else ast.walk(node)):
            if isinstance(sub, ast.ImportFrom) and sub.module and sub.module.startswith("stukolka"):
                found.add(sub.module)
            elif isinstance(sub, ast.Import):
                found.update(a.name for a in sub.names if a.name.startswith("stukolka"))
    return found


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    top, inner = {}, {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top[name] = imports(tree, name, True)
        inner[name] = imports(tree, name, False)
    return top, inner


def test_no_module_imports_inside_a_function():
    _, inner = graph()
    hidden = {m: sorted(i) for m, i in inner.items() if i and not any(m.startswith(a) for a in LAZY_ALLOWED)}
    assert not hidden, f"imports inside functions: {hidden}"


def test_the_import_graph_has_no_cycle():
    top, _ = graph()
    # a module's import of a package also runs the package's __init__
    edges = {m: {d for d in deps if d in top and d != m} for m, deps in top.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for d in sorted(edges[m]):
            if state.get(d) == 1 and not m.startswith(d + "."):   # a submodule importing its own package is not a cycle
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(d):] + [d]))
            if d not in state:
                visit(d)
        path.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)


def test_only_the_widgets_need_ipywidgets():
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "import ipywidgets" in text:
            assert module_name(path).startswith("stukolka.widgets"), module_name(path)
