"""The package's import graph: no cycle, with every import counted wherever it is written.

An import inside a function is still an edge of the graph: it runs when the function runs, and a
cycle held together by one (``a`` imports ``b`` at the top, ``b`` imports ``a`` inside a function)
is a cycle all the same.  Only an import under ``if TYPE_CHECKING:`` is for the type checker alone
and is not an edge.  No module is exempt.  A module that has another loaded by name at run time
(:mod:`stukolka.live` registers each game as ``"stukolka.live.table_shtoss:SHTOSS"``, loaded when a
page first asks for that game) names it in a string, which this test reads as an edge too.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "stukolka"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, in_function: bool, out: list[tuple[ast.AST, bool]]) -> None:
    """Every import node under ``node`` with whether it sits inside a function; the body of an
    ``if TYPE_CHECKING:`` is skipped (its ``else`` is read)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for sub in child.orelse:
                _walk_one(sub, in_function, out)
            continue
        _walk_one(child, in_function, out)


def _walk_one(child: ast.AST, in_function: bool, out: list[tuple[ast.AST, bool]]) -> None:
    if isinstance(child, (ast.Import, ast.ImportFrom)):
        out.append((child, in_function))
    _walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)), out)


def imports(tree: ast.AST, name: str, known: set[str]) -> tuple[set[str], set[str]]:
    """``(all, inside functions)``: the package's modules this module imports.  ``from a import b``
    is an edge to ``a`` and, when ``a.b`` is a module, to ``a.b`` as well; a relative import is
    resolved against ``name``."""
    found: set[str] = set()
    inner: set[str] = set()
    nodes: list[tuple[ast.AST, bool]] = []
    _walk(tree, False, nodes)
    for node, in_function in nodes:
        targets: set[str] = set()
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = name.split(".")[: len(name.split(".")) - node.level + (1 if name in PACKAGES else 0)]
                base = ".".join(pkg + ([base] if base else []))
            if base.startswith("stukolka"):
                targets.add(base)
                targets.update(f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known)
        elif isinstance(node, ast.Import):
            targets.update(a.name for a in node.names if a.name.startswith("stukolka"))
        found |= targets
        if in_function:
            inner |= targets
    return found, inner


PACKAGES: set[str] = {module_name(p) for p in PACKAGE.rglob("__init__.py")}


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(p) for p in paths}
    edges, inner = {}, {}
    for path in paths:
        name = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[name], inner[name] = imports(tree, name, known)
        edges[name] |= named_in_strings(tree, known)
    return edges, inner


def named_in_strings(tree: ast.AST, known: set[str]) -> set[str]:
    """The package's modules a module names in a string ``"module:attribute"``, the way
    :mod:`stukolka.live` registers a game to be loaded when a page first asks for it."""
    return {node.value.split(":")[0] for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.count(":") == 1 and node.value.split(":")[0] in known}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``edges`` (a module importing its own package is not one: the package is
    already being imported when its submodule runs), else ``None``."""
    g = {m: {d for d in deps if d in edges and d != m and not m.startswith(d + ".")} for m, deps in edges.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(g[m]):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_import_graph_has_no_cycle():
    edges, _ = graph()
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_no_module_imports_inside_a_function():
    _, inner = graph()
    hidden = {m: sorted(i) for m, i in inner.items() if i}
    assert not hidden, f"imports inside functions: {hidden}"


def test_the_reader_sees_an_import_inside_a_function():
    """The reader itself: a cycle closed by an import inside a function is found, and an import
    under ``if TYPE_CHECKING:`` is not an edge."""
    a = ast.parse("from stukolka.b import f\n")
    b = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from stukolka.c import X\n"
                  "def g():\n    from stukolka.a import h\n    return h\n")
    c = ast.parse("import stukolka.b\n")
    known = {"stukolka.a", "stukolka.b", "stukolka.c"}
    ea, _ = imports(a, "stukolka.a", known)
    eb, ib = imports(b, "stukolka.b", known)
    ec, _ = imports(c, "stukolka.c", known)
    assert eb == {"stukolka.a"} and ib == {"stukolka.a"}
    assert find_cycle({"stukolka.a": ea, "stukolka.b": eb, "stukolka.c": ec}) == ["stukolka.a", "stukolka.b",
                                                                               "stukolka.a"]
    assert find_cycle({"stukolka.a": ea, "stukolka.b": set(), "stukolka.c": ec}) is None


def test_only_the_widgets_need_ipywidgets():
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "import ipywidgets" in text:
            assert module_name(path).startswith("stukolka.widgets"), module_name(path)
