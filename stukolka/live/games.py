"""The games a live table can hold, and how the driver makes each one.

Stukolka is here now.  Until ``StukolkaState.view(seat)`` lands (docs/vocabulary.md),
:func:`stukolka_interim_view` repackages the engine's observation, legal actions,
refusal messages and results into the same shape; it adds up nothing and decides nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import TERMINAL, GameState
from stukolka.errors import RulesError, StukolkaError

__all__ = ["register_all", "new_stukolka", "stukolka_bot", "stukolka_interim_view"]


def new_stukolka(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A Stukolka deal from the page's options: any :class:`StukolkaRules` field, plus
    ``dealer`` (a seat; left out, the seats are drawn by chance, ``stukolka-rule-seat-draw``)."""
    from stukolka.stukolka import StukolkaRules, StukolkaState
    opts = dict(options)
    dealer = opts.pop("dealer", None)
    balances = opts.pop("balances", None)
    carry = opts.pop("carry", 0)
    try:
        rules = StukolkaRules(**opts)
    except TypeError as e:
        raise RulesError(f"Stukolka options {sorted(opts)!r}: {e} [stukolka-rules]") from None
    return StukolkaState(rules, dealer=dealer, carry=carry, balances=balances)


def stukolka_bot(seat: int, seed: str, state: GameState) -> Any:
    from stukolka.bots import RuleOfThumbBot
    return RuleOfThumbBot(random.Random(seed), rules=getattr(state, "rules", None))


def _card(text: Any) -> int | None:
    from stukolka.cards import parse_card
    if text is None:
        return None
    if isinstance(text, int):
        return text
    return parse_card(str(text))


def _trick(entries: Any) -> list[dict[str, int | None]]:
    out = []
    for e in entries or ():
        seat, _, card = str(e).partition(":")
        out.append({"seat": int(seat), "card": _card(card)})
    return out


def stukolka_interim_view(state: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as plain data: the engine's observation with cards as ints,
    the legal actions when ``seat`` is to act, the engine's message for each card of the
    hand it refuses now, and, once the deal is over, the engine's results."""
    obs = dict(state.observation(seat))
    to_act = state.current_player()
    legal = state.legal_actions() if to_act == seat else []
    hand = obs.get("hand")
    view: dict[str, Any] = {
        "game": "stukolka", "phase": str(obs["phase"]), "seat": seat, "to_act": to_act, "legal": legal,
        "variant": obs["variant"], "seats": obs["seats"], "dealer": obs["dealer"],
        "trump": obs["trump"], "turned_trump": _card(obs["turned_trump"]),
        "shleif_card": _card(obs.get("shleif_card")), "shleif_refused": obs.get("shleif_refused", False),
        "hand": None if hand is None else [_card(c) for c in hand],
        "hand_sizes": list(obs["hand_sizes"]), "declarations": list(obs["declarations"]),
        "bought": list(obs["bought"]), "discarded": list(obs["discarded"]),
        "exposed": [_card(c) for c in obs["exposed"]], "stock_size": obs["stock_size"],
        "current_trick": _trick(obs["current_trick"]),
        "tricks": [{"cards": _trick(t), "winner": w} for t, w in obs["tricks"]],
        "tricks_won": list(obs["tricks_won"]), "violations": list(obs["violations"]),
        "pot_in_play": obs["pot_in_play"], "table": obs["table"], "balances": list(obs["balances"]),
        "refusals": {},
    }
    if legal and view["phase"] == "play" and view["hand"]:
        from stukolka.cards import format_card
        for c in view["hand"]:
            a = f"play {format_card(c)}"
            if a in legal:
                continue
            trial = state.clone()
            try:
                trial.apply_action(a)
            except StukolkaError as e:
                view["refusals"][a] = str(e)
    if to_act == TERMINAL:
        ledger = state.settlement().to_dict() if hasattr(state, "settlement") else {
            "lines": [], "net": list(state.returns()), "seats": obs["seats"]}
        view["settlement"] = {**ledger, "table_after": state.table,
                              "next_dealer": getattr(state, "next_dealer", None),
                              "events": list(getattr(state, "events", []))}
    return view


def register_all() -> None:
    from stukolka.live.driver import GameSpec, register_game
    register_game("stukolka", GameSpec(new_stukolka, stukolka_bot, stukolka_interim_view))
