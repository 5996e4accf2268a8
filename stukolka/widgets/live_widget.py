"""The page's live renderers (``live/*.js``) as notebook widgets: one renderer for the page and the notebook.

A :class:`LiveWidget` is an `anywidget <https://anywidget.dev>`_ widget whose front end is the
same ES module the static book page runs (``live/odds.js``, ``live/pot.js``, …), bundled with
``live/dom.js`` into one module string by :func:`bundle`.  The renderer's ``ctx.client.call(msg)``
becomes a widget message; the kernel answers it with :func:`stukolka.live.driver.handle`, the very
function the page's Web Worker calls.  So a notebook and a page draw the same controls and the
same numbers, from the same engine, with no second front end::

    from stukolka.widgets.live_widget import LiveWidget
    LiveWidget("odds")                    # the shtoss odds explorer
    LiveWidget("pot")                     # the Stukolka pot calculator

anywidget is optional (it is not in ``requirements.txt``): :func:`bundle` and
:func:`answer` need only the standard library, and :class:`LiveWidget` says what to install
when anywidget is missing.  See ``docs/renderer-design.md`` for the design and the measurements.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from stukolka.errors import RulesError
from stukolka.live import tools
from stukolka.live.driver import handle, page_messages
from stukolka.live.registry import COMMANDS

__all__ = ["bundle", "styles", "answer", "LiveWidget", "LIVE_DIR", "KINDS"]

#: Where the page's renderers live: ``live/`` of the source tree, or ``stukolka/data/live`` in a wheel.
LIVE_DIR = next((p for p in (Path(__file__).resolve().parents[2] / "live",
                             Path(__file__).resolve().parents[1] / "data" / "live") if (p / "dom.js").exists()),
                Path(__file__).resolve().parents[2] / "live")

#: The renderers a notebook widget can show (calculators: they need no table).
KINDS = ("odds", "pot")

_IMPORT = re.compile(r'^import \{[^}]*\} from "\./(?:dom|common|i18n)\.js";\s*$', re.M)
_MESSAGES = re.compile(r'^import \{ MESSAGES \} from "\./messages\.js";\s*$', re.M)
_REEXPORT = re.compile(r'^export \{ h \};\s*$', re.M)

_SHIM = """
// ---- the notebook side: anywidget gives the renderer a client that talks to the kernel
export default {
  async render({ model, el }) {
    let next = 1;
    const waiting = new Map();
    model.on("msg:custom", (m) => {
      if (m && m.type === "reply" && waiting.has(m.id)) { const ok = waiting.get(m.id); waiting.delete(m.id); ok(m.reply); }
    });
    const client = { call(msg) { const id = next++; return new Promise((ok) => { waiting.set(id, ok); model.send({ type: "call", id, msg }); }); } };
    el.classList.add("live-table");
    const box = document.createElement("div");
    box.className = "live-mount";
    el.append(box);
    const lang = langOf(el);
    await mount(box, { client, setup: { options: model.get("options") || {} }, rules: model.get("rules") || {},
      root: document.baseURI, element: el, lang, t: sayer(lang) });
    el.dataset.live = "live";
  },
};
"""


def bundle(kind: str, live_dir: Path | None = None) -> str:
    """One ES module: ``live/dom.js``, ``live/common.js`` and ``live/<kind>.js``, each without its
    imports of the others, then a default export for anywidget that mounts the renderer with a
    kernel client."""
    if kind not in KINDS:
        raise RulesError(f"live widget kind {kind!r} is not one of {', '.join(KINDS)} [live-table-game]")
    d = live_dir or LIVE_DIR
    renderer = (d / f"{kind}.js").read_text(encoding="utf-8")
    if not _IMPORT.search(renderer):
        raise RulesError(f"live/{kind}.js does not import from ./common.js the way the bundle expects",
                         rule="live-table-game")
    common = _REEXPORT.sub("", _IMPORT.sub("", (d / "common.js").read_text(encoding="utf-8")))
    # the page's words: the catalogue, as live/messages.js holds it
    i18n = _MESSAGES.sub(lambda m: "const MESSAGES = " + json.dumps(page_messages(), ensure_ascii=False) + ";\n",
                         (d / "i18n.js").read_text(encoding="utf-8"))
    return ((d / "dom.js").read_text(encoding="utf-8") + "\n" + i18n + "\n" + common + "\n" + _IMPORT.sub("", renderer)
            + _SHIM)


def styles(live_dir: Path | None = None) -> str:
    """The page's styles for the renderers (``live/live.css`` and ``live/tools.css``), for the widget."""
    d = live_dir or LIVE_DIR
    return "\n".join((d / name).read_text(encoding="utf-8") for name in ("live.css", "tools.css") if (d / name).exists())


def answer(content: Any) -> dict[str, Any] | None:
    """The kernel's reply to one widget message ``{"type": "call", "id", "msg"}``: the driver's
    own answer (:func:`stukolka.live.driver.handle`), or ``None`` for a message of another kind."""
    if not isinstance(content, dict) or content.get("type") != "call":
        return None
    if "odds" not in COMMANDS:
        tools.register()
    return {"type": "reply", "id": content.get("id"), "reply": json.loads(handle(json.dumps(content.get("msg"))))}


def _widget_class() -> type:
    try:
        import anywidget
        import traitlets
    except ImportError as e:           # pragma: no cover - depends on the environment
        raise ImportError("LiveWidget needs anywidget (pip install anywidget); the book's other widgets do not "
                          f"({e})") from None

    class _LiveWidget(anywidget.AnyWidget):
        # declared here so that both reach the front end (anywidget adds them only as class attributes)
        _esm = traitlets.Unicode("").tag(sync=True)
        _css = traitlets.Unicode("").tag(sync=True)
        kind = traitlets.Unicode("odds").tag(sync=True)
        options = traitlets.Dict().tag(sync=True)
        rules = traitlets.Dict().tag(sync=True)

        def __init__(self, kind: str = "odds", options: dict[str, Any] | None = None, **kw: Any) -> None:
            super().__init__(_esm=bundle(kind), _css=styles(), kind=kind, options=dict(options or {}), **kw)
            self.on_msg(self._on_message)

        def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
            reply = answer(content)
            if reply is not None:
                self.send(reply)

    return _LiveWidget


def LiveWidget(kind: str = "odds", options: dict[str, Any] | None = None, **kw: Any) -> Any:  # noqa: N802
    """The renderer ``live/<kind>.js`` as a notebook widget, answered by the kernel's engine."""
    return _widget_class()(kind, options, **kw)
