"""A Stukolka table on a page: how the driver makes a deal, a bot, the next deal and the settings.

The game is a :class:`~stukolka.live.registry.GameSpec`: a new engine state from the page's
options and a seeded bot per seat.  What the page draws is the state's own ``view(seat)``
(docs/vocabulary.md); nothing here builds a view, decides a rule or adds up money.

A Stukolka table can start from a *position* (a deal with chosen hands, the card that fixes
trump, the dealer and a few moves already made), set up with the engine's own
:func:`stukolka.stukolka.record.position` and :func:`~stukolka.stukolka.record.run`:

>>> import random
>>> s = new_stukolka({"variant": "prikup", "n_players": 3, "hands": {"1": "A♠ K♥ 2♦"},
...                   "trump": "9♠", "actions": ["knock", "pass", "knock", "stand", "stand"]},
...                   random.Random(0))
>>> s.phase.value, s.current_player()
('play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from stukolka.base import GameState
from stukolka.bots import RuleOfThumbBot
from stukolka.bots.advisor import advise, nothing_to_advise
from stukolka.errors import RulesError, split_tags
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.live.registry import GameSpec
from stukolka.stukolka import StukolkaRules, StukolkaState
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.record import from_record, loads, position, run
from stukolka.stukolka.rules import _CHOICES, PLAYER_LIMITS, VARIANTS

__all__ = ["SPEC", "new_stukolka", "stukolka_bot", "stukolka_load", "stukolka_next", "stukolka_settings",
           "stukolka_hint", "POSITION_KEYS"]

#: The options that make a Stukolka table start from a position instead of a shuffled deal.
POSITION_KEYS = ("hands", "trump", "stock", "actions", "refuse")


def new_stukolka(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A Stukolka deal from the page's options: any :class:`~stukolka.stukolka.rules.StukolkaRules` field, plus
    ``dealer`` (a seat; left out, the seats are drawn by chance, ``stukolka-rule-seat-draw``),
    ``carry`` and ``balances``.  With any of :data:`POSITION_KEYS` the deal is a position:
    ``hands`` (seat -> three cards), ``trump`` (the card that fixes trump), ``stock`` (the top
    of the stock), ``refuse`` (the shleif answer) and ``actions`` played after the deal."""
    opts = dict(options)
    dealer = opts.pop("dealer", None)
    balances = opts.pop("balances", None)
    carry = opts.pop("carry", 0)
    setup = {k: opts.pop(k) for k in POSITION_KEYS if k in opts}
    try:
        if not setup:
            return StukolkaState(StukolkaRules(**opts), dealer=dealer, carry=carry, balances=balances)
        hands = {int(q): cards for q, cards in dict(setup.get("hands") or {}).items()}
        variant = opts.pop("variant", "prikup")
        n = opts.pop("n_players", 4)
        state = position(variant=variant, n=n, dealer=0 if dealer is None else dealer, hands=hands,
                         trump=setup.get("trump", "9♣"), stock=setup.get("stock", ()), carry=carry,
                         refuse=bool(setup.get("refuse", False)), balances=balances, **opts)
    except TypeError as e:
        raise RulesError(f"Stukolka options {sorted(options)!r}: {e} [stukolka-rules]") from None
    return run(state, *[str(a) for a in setup.get("actions") or ()])


def stukolka_bot(seat: int, seed: str, state: GameState) -> Any:
    return RuleOfThumbBot(random.Random(seed), rules=getattr(state, "rules", None))


def stukolka_load(record: Any) -> GameState:
    """A saved Stukolka deal: the engine's ``loads`` (JSON text) or ``from_record`` (an object)."""
    return loads(record) if isinstance(record, (str, bytes)) else from_record(record)


def stukolka_next(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    """The next Stukolka deal's options: the same rules, the engine's next dealer and carry, and the
    balances after this deal (``stukolka-rule-rotation``); a position is played only once."""
    opts = {k: v for k, v in options.items() if k not in POSITION_KEYS}
    opts.update(getattr(state, "rules").to_dict())
    opts.update(dealer=getattr(state, "next_dealer"), carry=getattr(state, "next_carry") or 0,
                balances=list(getattr(state, "balances")))
    return opts


def stukolka_settings() -> dict[str, Any]:
    """What a Stukolka settings panel offers, read from the engine's rules: each variant's range of
    players and whether it has the dark and razrez options, the violation modes, the defaults."""
    variants = {}
    for v in VARIANTS:
        lo, hi = PLAYER_LIMITS[v]
        probe = StukolkaRules(variant=v, n_players=lo, dark_allowed=True, razrez_allowed=True)
        variants[v] = {"players": [lo, hi], "dark": probe.dark_on, "razrez": probe.razrez_on}
    defaults = StukolkaRules().to_dict()
    return {"variants": variants, "violation_modes": list(_CHOICES["violation_mode"]),
            "defaults": {k: defaults[k] for k in ("variant", "n_players", "violation_mode", "dark_allowed",
                                                   "razrez_allowed")},
            "rules": {"variant": "stukolka-rule-player-limits", "n_players": "stukolka-rule-player-limits",
                      "violation_mode": "stukolka-rule-violation", "dark_allowed": "stukolka-rule-dark",
                      "razrez_allowed": "stukolka-rule-razrez"}}




def stukolka_hint(state: GameState, seat: int, seed: int, samples: int | None = None, lang: str = DEFAULT) -> dict[str, Any]:
    """The advisor's word for ``seat`` (the seat to act): each legal action's mean chips over deals
    consistent with what that seat has seen, best first, with the words of its button
    (``describe_action``).  The advisor is given the seat's observation and the legal actions,
    never the state, so it cannot read a hand the seat may not see.  Where the engine has nothing to
    advise (a cut, a single choice) the answer is a note instead, with the rule.  The words are in ``lang``.

    >>> s = new_stukolka({"variant": "obligatory", "n_players": 4, "dealer": 0, "trump": "9♠",
    ...                   "hands": {"1": "A♥ 10♠ 7♦"}, "carry": 15}, random.Random(5))
    >>> hint = stukolka_hint(s, 1, seed=3)
    >>> sorted(a["words"] for a in hint["advice"])
    ['Knock (I play)', 'Pass']
    """
    check_lang(lang)
    obs = state.observation(seat)
    if not isinstance(obs, StukolkaObservation):
        raise RulesError(f"a Stukolka hint needs a Stukolka deal, not {type(state).__name__} [live-table-game]")
    why = nothing_to_advise(obs)
    legal = state.legal_actions()
    if why is not None or len(legal) == 1:
        text, rule, _ = split_tags(why) if why else ("", "", "")
        if lang != DEFAULT or not text:         # the advisor's reason is English: another language says it is none
            text = tr("table.hint-nothing" if text else "table.hint-only-move", lang)
        info = state.describe_action(legal[0], lang=lang) if len(legal) == 1 else None
        text = text[:1].upper() + text[1:]
        return {"advice": [], "rule": rule or (info.rule if info else ""),
                "note": tr("table.hint-note", lang, text=text, words=info.words) if info else text + "."}
    if obs.hand is None and getattr(state, "unseen_discard")() is not None:
        # a buyer in the dark who has not looked: his one choice names no card, and there is
        # nothing to weigh (stukolka-rule-dark)
        return {"advice": [], "rule": "stukolka-rule-dark",
                "note": tr("table.hint-unlooked", lang)}
    advice = advise(obs, seat, samples, seed, legal_actions=legal, rules=getattr(state, "rules"))
    infos = {a.action: state.describe_action(a.action, lang=lang) for a in advice}
    return {"advice": [{"action": a.action, "words": infos[a.action].words, "mean": _money(a.mean),
                        "mean_float": round(float(a.mean), 2), "low": round(a.low, 2), "high": round(a.high, 2),
                        "samples": a.samples} for a in advice],
            "rule": infos[advice[0].action].rule or "stukolka-rule-declare"}


def _money(x: Fraction) -> int | str:
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


SPEC = GameSpec(new_stukolka, stukolka_bot, load=stukolka_load, next_options=stukolka_next,
                settings=stukolka_settings, hint=stukolka_hint, position_keys=POSITION_KEYS)
