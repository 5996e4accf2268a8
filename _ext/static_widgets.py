"""A notebook's stored ipywidgets state drawn as plain HTML, at build time.

A static book page cannot run a widget's Python: the stored state only ever shows the widget as
it was when the notebook ran.  ipywidgets' HTML manager draws that state with 4.4 MB of
JavaScript and the state itself (up to 0.4 MB of JSON per page); this module draws the same
first state as HTML once, at build time, so the page needs neither.  The controls are drawn
disabled (they would do nothing), keep their names (a ``<label for>`` per description, the
tooltip as ``title``) and the ``_dom_classes`` the notebook gave them, and use the class names
of ipywidgets' own DOM (``jupyter-widgets``, ``widget-button``, ``widget-dropdown``,
``widget-html`` ...), styled by ``book/css/widgets-static.css``.

:func:`render_view` raises :class:`Unsupported` for a model it does not know; the page then
keeps the widget manager (``_ext/light_pages.py``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

#: Layout traits drawn as CSS (ipywidgets' LayoutModel keys; the rest are grid placement or unset).
LAYOUT_CSS = ("width", "height", "min_width", "max_width", "min_height", "max_height", "display",
              "flex_flow", "flex", "margin", "padding", "border", "justify_content", "align_items",
              "align_content", "align_self", "overflow", "visibility", "order", "object_fit",
              "grid_gap", "grid_area", "top", "left", "right", "bottom")
#: Font Awesome 4 names a button may carry (ipywidgets' ``icon``) -> the theme's Font Awesome 6 solid names.
ICONS_V4 = {"lightbulb-o": "lightbulb", "repeat": "rotate-right", "refresh": "rotate", "times": "xmark",
            "close": "xmark", "remove": "xmark", "trash-o": "trash", "file-o": "file", "floppy-o": "floppy-disk",
            "save": "floppy-disk", "undo": "rotate-left", "search": "magnifying-glass", "cog": "gear",
            "gears": "gears", "info-circle": "circle-info", "question-circle": "circle-question",
            "step-forward": "forward-step", "step-backward": "backward-step", "fast-forward": "forward-fast",
            "fast-backward": "backward-fast", "sign-in": "right-to-bracket", "sign-out": "right-from-bracket",
            "exchange": "right-left", "random": "shuffle"}
BUTTON_STYLES = ("primary", "success", "info", "warning", "danger")


class Unsupported(ValueError):
    """A widget model this module cannot draw (its name, and why)."""


def esc(text: Any) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def state_from_script(body: str) -> dict[str, dict[str, Any]]:
    """The ``state`` mapping (model id -> {model_name, state, ...}) of a widget-state script's JSON."""
    data = json.loads(body)
    state = data.get("state") if isinstance(data, dict) else None
    if not isinstance(state, dict):
        raise Unsupported("the widget state has no 'state' mapping")
    return state


def view_model_id(text: str) -> str | None:
    """The model id of a ``<script type="application/vnd.jupyter.widget-view+json">`` (or its JSON)."""
    start = text.find("{")
    if WIDGET_VIEW not in text and start != 0:
        return None
    try:
        data = json.loads(text[start:text.rfind("}") + 1])
    except ValueError:
        return None
    mid = data.get("model_id") if isinstance(data, dict) else None
    return mid if isinstance(mid, str) else None


class Drawer:
    """Draws the views of one page's widget state (ids stay unique across the page's views)."""

    def __init__(self, state: dict[str, dict[str, Any]], id_prefix: str = "w") -> None:
        self.state = state
        self.prefix = id_prefix
        self.count = 0
        self.icons: set[str] = set()
        self.handlers: dict[str, Callable[[dict[str, Any], str], str]] = {
            "BoxModel": self.box, "HBoxModel": self.box, "VBoxModel": self.box, "GridBoxModel": self.box,
            "AccordionModel": self.accordion, "TabModel": self.accordion, "StackModel": self.accordion,
            "HTMLModel": self.html_widget, "HTMLMathModel": self.html_widget, "LabelModel": self.label,
            "ButtonModel": self.button, "CheckboxModel": self.checkbox, "ToggleButtonModel": self.toggle_button,
            "TextModel": self.text, "PasswordModel": self.text, "TextareaModel": self.textarea,
            "IntTextModel": self.number, "BoundedIntTextModel": self.number, "FloatTextModel": self.number,
            "BoundedFloatTextModel": self.number, "DropdownModel": self.dropdown, "SelectModel": self.dropdown,
            "ToggleButtonsModel": self.toggle_buttons, "RadioButtonsModel": self.radio_buttons,
            "IntSliderModel": self.slider, "FloatSliderModel": self.slider, "OutputModel": self.output,
        }

    # ----------------------------------------------------------------- plumbing
    def model(self, ref: Any) -> tuple[str, dict[str, Any]]:
        mid = ref[len("IPY_MODEL_"):] if isinstance(ref, str) and ref.startswith("IPY_MODEL_") else ref
        entry = self.state.get(mid) if isinstance(mid, str) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("state"), dict):
            raise Unsupported(f"widget model {mid!r} is not in the stored state")
        return str(entry.get("model_name", "")), entry["state"]

    def draw(self, ref: Any) -> str:
        name, s = self.model(ref)
        handler = self.handlers.get(name)
        if handler is None:
            raise Unsupported(f"no static drawing for widget model {name}")
        return handler(s, name)

    def new_id(self) -> str:
        self.count += 1
        return f"{self.prefix}-{self.count}"

    def sub_state(self, s: dict[str, Any], key: str) -> dict[str, Any]:
        ref = s.get(key)
        if not ref:
            return {}
        return self.model(ref)[1]

    def layout_css(self, s: dict[str, Any]) -> str:
        layout = self.sub_state(s, "layout")
        parts = [f"{k.replace('_', '-')}: {layout[k]}" for k in LAYOUT_CSS
                 if isinstance(layout.get(k), (str, int, float)) and str(layout[k]) != ""]
        return "; ".join(parts)

    def classes(self, s: dict[str, Any], *own: str) -> str:
        dom = [c for c in s.get("_dom_classes") or [] if isinstance(c, str)]
        return " ".join(("jupyter-widgets", *own, *dom))

    def open_tag(self, tag: str, s: dict[str, Any], *own: str, style: str = "", extra: str = "") -> str:
        css = "; ".join(x for x in (self.layout_css(s), style) if x)
        return (f'<{tag} class="{esc(self.classes(s, *own))}"' + (f' style="{esc(css)}"' if css else "")
                + (f" {extra}" if extra else "") + ">")

    def label_for(self, s: dict[str, Any], control_id: str) -> str:
        desc = s.get("description") or ""
        if not desc:
            return ""
        width = self.sub_state(s, "style").get("description_width") or ""
        style = f' style="width: {esc(width)}; min-width: {esc(width)}"' if width else ""
        title = f' title="{esc(s["tooltip"])}"' if s.get("tooltip") else ""
        return f'<label class="widget-label" for="{control_id}"{style}{title}>{esc(desc)}</label>'

    def control_attrs(self, s: dict[str, Any]) -> str:
        title = s.get("tooltip") or s.get("description_tooltip")
        return (f' title="{esc(title)}"' if title else "") + " disabled"

    def icon(self, name: Any) -> str:
        if not isinstance(name, str) or not name:
            return ""
        name = name.removeprefix("fa-")
        name = ICONS_V4.get(name, name.removesuffix("-o"))
        self.icons.add(name)
        return f'<i class="fa-solid fa-{esc(name)}" aria-hidden="true"></i> '

    # ----------------------------------------------------------------- containers
    def box(self, s: dict[str, Any], name: str) -> str:
        kind = {"HBoxModel": "widget-hbox", "VBoxModel": "widget-vbox", "GridBoxModel": "widget-gridbox"}.get(name, "")
        children = "".join(self.draw(c) for c in s.get("children") or [])
        return self.open_tag("div", s, "widget-container", "widget-box", *([kind] if kind else [])) + children + "</div>"

    def accordion(self, s: dict[str, Any], name: str) -> str:
        titles = list(s.get("titles") or []) or list((s.get("_titles") or {}).values())
        selected = s.get("selected_index")
        out = []
        for i, child in enumerate(s.get("children") or []):
            title = titles[i] if i < len(titles) and titles[i] else f"Part {i + 1}"
            opened = " open" if selected == i else ""
            out.append(f'<details class="widget-accordion-part"{opened}><summary>{esc(title)}</summary>'
                       f"{self.draw(child)}</details>")
        kind = {"AccordionModel": "widget-accordion", "TabModel": "widget-tab", "StackModel": "widget-stack"}[name]
        return self.open_tag("div", s, "widget-container", kind) + "".join(out) + "</div>"

    # ----------------------------------------------------------------- output
    def html_widget(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        kind = "widget-htmlmath" if name == "HTMLMathModel" else "widget-html"
        label = self.label_for(s, cid)
        return (self.open_tag("div", s, "widget-inline-hbox", kind) + label
                + f'<div class="widget-html-content" id="{cid}">{s.get("value") or ""}</div></div>')

    def label(self, s: dict[str, Any], name: str) -> str:
        return self.open_tag("div", s, "widget-label", "widget-label-text") + esc(s.get("value")) + "</div>"

    def output(self, s: dict[str, Any], name: str) -> str:
        parts = []
        for out in s.get("outputs") or []:
            kind = out.get("output_type")
            if kind == "stream":
                parts.append(f'<pre class="widget-output-stream">{esc(out.get("text", ""))}</pre>')
            elif kind in ("display_data", "execute_result"):
                data = out.get("data") or {}
                if "text/html" in data:
                    value = data["text/html"]
                    parts.append(value if isinstance(value, str) else "".join(value))
                elif WIDGET_VIEW in data:
                    parts.append(self.draw(data[WIDGET_VIEW].get("model_id")))
                elif "text/plain" in data:
                    value = data["text/plain"]
                    parts.append(f"<pre>{esc(value if isinstance(value, str) else ''.join(value))}</pre>")
                else:
                    raise Unsupported(f"an Output widget holds {sorted(data)}")
            else:
                raise Unsupported(f"an Output widget holds a {kind} output")
        return self.open_tag("div", s, "widget-output") + "".join(parts) + "</div>"

    # ----------------------------------------------------------------- controls
    def button(self, s: dict[str, Any], name: str) -> str:
        style = self.sub_state(s, "style")
        css = "; ".join(x for x in (f"background-color: {style['button_color']}" if style.get("button_color") else "",
                                    f"font-weight: {style['font_weight']}" if style.get("font_weight") else "") if x)
        mod = [f"mod-{s['button_style']}"] if s.get("button_style") in BUTTON_STYLES else []
        return (self.open_tag("button", s, "jupyter-button", "widget-button", *mod, style=css,
                              extra='type="button"' + self.control_attrs(s))
                + self.icon(s.get("icon")) + esc(s.get("description")) + "</button>")

    def toggle_button(self, s: dict[str, Any], name: str) -> str:
        pressed = "true" if s.get("value") else "false"
        mod = ["mod-active"] if s.get("value") else []
        return (self.open_tag("button", s, "jupyter-button", "widget-toggle-button", *mod,
                              extra=f'type="button" aria-pressed="{pressed}"' + self.control_attrs(s))
                + self.icon(s.get("icon")) + esc(s.get("description")) + "</button>")

    def checkbox(self, s: dict[str, Any], name: str) -> str:
        checked = " checked" if s.get("value") else ""
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-checkbox")
                + f'<label class="widget-label-basic"><input type="checkbox"{checked}{self.control_attrs(s)}>'
                + f"<span>{esc(s.get('description'))}</span></label></div>")

    def text(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        kind = "password" if name == "PasswordModel" else "text"
        ph = f' placeholder="{esc(s["placeholder"])}"' if (s.get("placeholder") or "").strip("\u200b") else ""
        value = "" if kind == "password" else esc(s.get("value"))
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-text") + self.label_for(s, cid)
                + f'<input type="{kind}" id="{cid}" class="widget-input" value="{value}"{ph}{self.control_attrs(s)}></div>')

    def textarea(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        ph = f' placeholder="{esc(s["placeholder"])}"' if (s.get("placeholder") or "").strip("\u200b") else ""
        rows = f' rows="{int(s["rows"])}"' if isinstance(s.get("rows"), int) else ""
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-textarea") + self.label_for(s, cid)
                + f'<textarea id="{cid}"{rows}{ph}{self.control_attrs(s)}>{esc(s.get("value"))}</textarea></div>')

    def number(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        bounds = "".join(f' {k}="{esc(s[k])}"' for k in ("min", "max", "step") if isinstance(s.get(k), (int, float)))
        value = s.get("value", 0)
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-text") + self.label_for(s, cid)
                + f'<input type="number" id="{cid}" value="{esc(value)}"{bounds}{self.control_attrs(s)}></div>')

    def dropdown(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        labels = [str(x) for x in s.get("_options_labels") or []]
        index = s.get("index")
        options = "".join(f'<option{" selected" if i == index else ""}>{esc(lab)}</option>' for i, lab in enumerate(labels))
        size = f' size="{int(s["rows"])}"' if name == "SelectModel" and isinstance(s.get("rows"), int) else ""
        kind = "widget-dropdown" if name == "DropdownModel" else "widget-select"
        return (self.open_tag("div", s, "widget-inline-hbox", kind) + self.label_for(s, cid)
                + f'<select id="{cid}"{size}{self.control_attrs(s)}>{options}</select></div>')

    def toggle_buttons(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        labels = [str(x) for x in s.get("_options_labels") or []]
        tips = list(s.get("tooltips") or [])
        index = s.get("index")
        buttons = "".join(
            f'<button type="button" class="jupyter-button widget-toggle-button{" mod-active" if i == index else ""}"'
            f' aria-pressed="{"true" if i == index else "false"}"'
            + (f' title="{esc(tips[i])}"' if i < len(tips) and tips[i] else "") + f" disabled>{esc(lab)}</button>"
            for i, lab in enumerate(labels))
        desc = s.get("description") or ""
        group = f'role="group" aria-label="{esc(desc)}"' if desc else 'role="group"'
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-toggle-buttons") + self.label_for(s, cid)
                + f'<div class="widget-toggle-buttons-group" id="{cid}" {group}>{buttons}</div></div>')

    def radio_buttons(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        labels = [str(x) for x in s.get("_options_labels") or []]
        index = s.get("index")
        radios = "".join(f'<label class="widget-label-basic"><input type="radio" name="{cid}"'
                         f'{" checked" if i == index else ""} disabled><span>{esc(lab)}</span></label>'
                         for i, lab in enumerate(labels))
        desc = s.get("description") or ""
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-radio") + self.label_for(s, cid)
                + f'<div class="widget-radio-box" id="{cid}" role="radiogroup" aria-label="{esc(desc)}">{radios}</div></div>')

    def slider(self, s: dict[str, Any], name: str) -> str:
        cid = self.new_id()
        bounds = "".join(f' {k}="{esc(s[k])}"' for k in ("min", "max", "step") if isinstance(s.get(k), (int, float)))
        readout = f'<span class="widget-readout">{esc(s.get("value"))}</span>' if s.get("readout", True) else ""
        return (self.open_tag("div", s, "widget-inline-hbox", "widget-slider", "widget-hslider") + self.label_for(s, cid)
                + f'<input type="range" id="{cid}" value="{esc(s.get("value"))}"{bounds}{self.control_attrs(s)}>'
                + readout + "</div>")


def render_view(drawer: Drawer, model_id: str) -> str:
    """One stored view, drawn (raises :class:`Unsupported`); wrapped like a cell's widget output."""
    return f'<div class="widget-static" data-model-id="{esc(model_id)}">{drawer.draw(model_id)}</div>'
