"""Notebook widgets.  They translate clicks into engine calls and render what the
engine returns; no rule of any game lives here.

Importing this module needs ``ipywidgets`` (the engine itself does not).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from stukolka.cards import NOTATIONS, Cards, cards_html, format_card, parse_cards

__all__ = ["notation_explorer"]

_NOTATION_LABELS = {
    "symbol": "Symbols (Q♠)", "ascii": "ASCII (Qs, Th)", "ten": "ASCII with 10 (10h)",
    "ru": "Russian letters (Дп)", "ru_symbol": "Russian index, suit symbol (Д♠)",
    "ru_long": "Russian names (дама пик)", "en_long": "English names", "unicode": "Unicode card glyphs",
}


def notation_explorer(cards: Iterable[int] | str = "A♠ K♥ Q♦ J♣ 10♠", *, palette: str = "two") -> w.VBox:
    """A hand shown as pictures, with a menu to write it in any notation.

    The text box accepts cards in any notation; the engine parses them.
    """
    hand = parse_cards(cards) if isinstance(cards, str) else Cards(cards)
    entry = w.Text(value=str(hand), description="Cards:", layout=w.Layout(width="420px"))
    menu = w.Dropdown(options=[(_NOTATION_LABELS[n], n) for n in NOTATIONS], value="ru_long",
                      description="Notation:", layout=w.Layout(width="420px"))
    pictures = w.HTML(cards_html(hand, palette=palette))
    written = w.HTML()
    state = {"hand": hand}

    def render(*_: object) -> None:
        written.value = ("<p><b>Written:</b> " +
                         ", ".join(format_card(c, menu.value) for c in state["hand"]) + "</p>")

    def reparse(change: dict[str, Any]) -> None:
        try:
            state["hand"] = parse_cards(change["new"])
        except ValueError as exc:  # the engine's message quotes the bad input
            written.value = f'<p role="alert" style="color:#a00">{exc}</p>'
            return
        pictures.value = cards_html(state["hand"], palette=palette)
        render()

    menu.observe(render, names="value")
    entry.observe(reparse, names="value")
    render()
    return w.VBox([entry, menu, pictures, written])
