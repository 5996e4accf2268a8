"""Notebook widgets.  They translate clicks into engine calls and render what the
engine returns; no rule of any game lives here.

Importing this module needs ``ipywidgets`` (the engine itself does not).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from stukolka.cards import NOTATIONS, Cards, cards_html, format_card, parse_cards
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.report import error_words

__all__ = ["notation_explorer"]


def _label(notation: str, lang: str) -> str:
    """A notation as the menu names it (``core.notation.<name>``)."""
    return tr(f"core.notation.{notation}", lang)


def notation_explorer(cards: Iterable[int] | str = "A♠ K♥ Q♦ J♣ 10♠", *, palette: str = "two",
                      lang: str = DEFAULT) -> w.VBox:
    """A hand shown as pictures, with a menu to write it in any notation, its words in ``lang``.

    The text box accepts cards in any notation; the engine parses them.
    """
    check_lang(lang)
    named = None if lang == DEFAULT else lang
    hand = parse_cards(cards) if isinstance(cards, str) else Cards(cards)
    entry = w.Text(value=str(hand), description=tr("core.notation.cards", lang), layout=w.Layout(width="420px"))
    menu = w.Dropdown(options=[(_label(n, lang), n) for n in NOTATIONS], value="ru_long",
                      description=tr("core.notation.menu", lang), layout=w.Layout(width="420px"))
    pictures = w.HTML(cards_html(hand, palette=palette, lang=named))
    written = w.HTML()
    state = {"hand": hand}

    def render(*_: object) -> None:
        written.value = (f"<p><b>{tr('core.notation.written', lang)}</b> " +
                         ", ".join(format_card(c, menu.value) for c in state["hand"]) + "</p>")

    def reparse(change: dict[str, Any]) -> None:
        try:
            state["hand"] = parse_cards(change["new"])
        except ValueError as exc:  # the engine's message quotes the bad input
            words = error_words(exc)
            text = words.text(lang) if lang != DEFAULT and words is not None else str(exc)
            written.value = f'<p role="alert" style="color:#a00">{text}</p>'
            return
        pictures.value = cards_html(state["hand"], palette=palette, lang=named)
        render()

    menu.observe(render, names="value")
    entry.observe(reparse, names="value")
    render()
    return w.VBox([entry, menu, pictures, written])
