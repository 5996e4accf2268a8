"""Questions at a live table's position, answered by the engine (the ``{live-table}`` option ``:ask:``).

A position in the book may ask the reader a question about the first move of its person.  The
book's directive writes ``:ask: KIND`` (``_ext/live_tables.py``); the build calls
:func:`question_data`, which sets the table up exactly as the page's Python will (the same
options, seed and people, the bots' moves up to the person's turn) and stores what the page needs
to answer, as JSON in the placeholder.  The kinds:

``legal``
    "Which cards may you play?"  The table shows no raised or dimmed card until the reader has
    marked the cards he thinks may be played and pressed "Check"; the page then compares his marks
    with the engine's view (``hand[i].legal``, ``why``, ``rule``) of the live table and says which
    card he missed or marked wrongly, and the rule.  Nothing is stored but the seat.

``legal: MOVE, MOVE, ...``
    "May you pass?"  The moves named (in the game's action grammar) are offered as choices to mark;
    whether each is allowed, and why not, is the engine's answer at build time
    (``why_illegal``; the rule's sentence from the game's ``RULE_LABELS``), stored with each
    move's words.

``outcome`` (or ``outcome: PUNTER``)
    "What does the punter take from this abcug?" (shtoss, Pharaon).  The build plays the position
    forward on a copy (:func:`stukolka.live.table_shtoss.stake_outcome`) until the engine settles
    the punter's open stake, and stores the choices -- the amounts the engine pays that stake where
    its rank falls elsewhere (the lob, the sonic, the other side of the abcug, a plie), in words --
    the right one, the engine's settlement in words and its rule.  The table holds its own choices
    back until the reader has answered.

``judgment``
    "Knock or pass?"  The reader chooses at the table as usual; after his choice the page shows
    the value of every legal option for that seat: the mean chips over :data:`JUDGMENT_SAMPLES`
    deals consistent with what the seat has seen, each finished by the table's own rule-of-thumb
    bots, with a 95% confidence interval (:func:`stukolka.bots.advisor.advise`, seeded with the
    table's seed, so the build is reproducible).  The directive's ``:advice:`` (what the sources
    advise there, in the book's words, the source named) is stored beside the values.

>>> ask = parse_ask("legal: knock, pass")
>>> ask.kind, ask.moves
('legal', ('knock', 'pass'))
>>> data = question_data("stukolka", {"variant": "prikup", "n_players": 4, "dealer": 0, "trump": "9♣",
...     "hands": {"0": "7♥ 5♦ 3♠"}, "actions": ["knock", "pass", "pass"]}, 5, [0], ask)
>>> [(m["words"], m["legal"]) for m in data["moves"]]
[('Knock (I play)', True), ('Pass', False)]
>>> data["moves"][1]["rule"]
'stukolka-rule-forced-defence'
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stukolka.bots.advisor import advise
from stukolka.errors import RulesError, StukolkaError
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.live.driver import LiveTable
from stukolka.live.table_shtoss import stake_outcome
from stukolka.stukolka.words import describe

__all__ = ["KINDS", "JUDGMENT_SAMPLES", "Ask", "parse_ask", "question_data", "judgment_values", "legal_moves"]

#: The kinds of question a position may ask.
KINDS = ("legal", "judgment", "outcome")

#: Deals searched for each option of a judgment question: enough for an interval under a chip
#: wide on the book's positions, or a few percent of the pot where it is large.
JUDGMENT_SAMPLES = 2000

#: The book label under which a bad ``:ask:`` is refused.
ASK_RULE = "live-table-ask"

#: The prompt each kind's box says when the position's caption does not ask it: its message id
#: in the catalogue (``stukolka/i18n/<lang>/exercises.json``).
PROMPTS = {"legal": "exercises.ask.legal", "legal moves": "exercises.ask.legal_moves",
           "judgment": "exercises.ask.judgment", "outcome": "exercises.ask.outcome"}


@dataclass(frozen=True)
class Ask:
    """A position's question: its kind and, for ``legal``, the moves it asks about (none: the cards)."""

    kind: str
    moves: tuple[str, ...] = ()


def parse_ask(text: str | None) -> Ask:
    """``"legal"``, ``"legal: knock, pass"``, ``"judgment"`` or ``"outcome"`` (``"outcome: 2"``: punter
    2's stake) -> :class:`Ask`.

    >>> parse_ask("judgment")
    Ask(kind='judgment', moves=())
    >>> parse_ask("guess")
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: :ask: 'guess' must be one of legal, judgment, outcome (legal may name moves: 'legal: knock, pass') [live-table-ask]
    """
    raw = (text or "").strip()
    kind, sep, rest = raw.partition(":")
    kind = kind.strip().lower()
    moves = tuple(m.strip() for m in rest.split(",") if m.strip()) if sep else ()
    if kind == "outcome" and (not moves or (len(moves) == 1 and moves[0].isdigit())):
        return Ask(kind, moves)
    if kind not in KINDS or (sep and not moves) or (moves and kind != "legal"):
        raise RulesError(f":ask: {raw!r} must be one of {', '.join(KINDS)} (legal may name moves: "
                         f"'legal: knock, pass') [{ASK_RULE}]")
    return Ask(kind, moves)


def _table(game: str, options: Mapping[str, Any], seed: int, people: Sequence[int]) -> Any:
    """The live table as the page's Python will have it at the person's first move."""
    table = LiveTable(game, dict(options), seed, list(people))
    table.run_bots()
    seat = table.to_act()
    if table.waiting_for() != "person" or seat not in table.people:
        raise RulesError(f"a question needs a person to act at the position, but {table.waiting_for()} is "
                         f"waited for [{ASK_RULE}]")
    return table


def _rule_sentence(game: str, rule: str, fallback: str, lang: str = DEFAULT) -> str:
    """The game's one-sentence statement of a rule in ``lang`` (its ``rule_words``), else ``fallback``."""
    try:
        rules = importlib.import_module(f"stukolka.{game}.rules")
        labels, words = rules.RULE_LABELS, rules.rule_words
    except (ImportError, AttributeError):
        return fallback
    return str(words(rule, lang)) if rule in labels else fallback


def legal_moves(state: Any, moves: Sequence[str], game: str = "stukolka", lang: str = DEFAULT) -> list[dict[str, Any]]:
    """Each of ``moves``: its words, whether the engine allows it now and, if not, why (a sentence
    and the rule), in the engine's words of ``lang``.  A move the grammar cannot read is refused
    with the engine's error."""
    out = []
    for move in moves:
        why = state.why_illegal(move, lang=lang)
        if why is None:
            info = state.describe_action(move, lang=lang)
            out.append({"action": info.action, "words": info.words, "legal": True, "why": None, "rule": info.rule})
            continue
        text, rule = why
        try:
            state.clone().apply_action(move)
        except StukolkaError as e:
            text, rule = (e.text if lang == DEFAULT else text), e.rule or rule
        words = _words(state, move, game, lang)
        out.append({"action": move, "words": words, "legal": False, "why": _rule_sentence(game, rule, text, lang),
                    "rule": rule})
    return out


def _words(state: Any, move: str, game: str, lang: str = DEFAULT) -> str:
    """A move's button words in ``lang``, also for a move the engine refuses now (the game's words
    module)."""
    if game == "stukolka":
        return describe(" ".join(move.lower().split()), 0, "", lang).words
    return move


def _money(x: Fraction) -> int | str:
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def judgment_values(state: Any, seat: int, seed: int, samples: int = JUDGMENT_SAMPLES,
                    lang: str = DEFAULT) -> list[dict[str, Any]]:
    """Every legal option of ``seat`` (the seat to act) with its mean chips, the 95% interval and the
    deals searched, in the engine's order of the legal actions, each with its button words.  The
    advisor reads that seat's observation only and finishes each deal with rule-of-thumb players
    (the table's bots); the same ``seed`` gives the same values.

    >>> from stukolka.live.table_stukolka import new_stukolka
    >>> import random
    >>> s = new_stukolka({"variant": "obligatory", "n_players": 4, "dealer": 0, "trump": "9♠",
    ...                   "hands": {"1": "A♥ 10♠ 7♦"}, "carry": 15}, random.Random(5))
    >>> v = judgment_values(s, 1, seed=5, samples=40)
    >>> [o["words"] for o in v], all(o["low"] <= o["mean_float"] <= o["high"] for o in v)
    (['Knock (I play)', 'Pass'], True)
    """
    advice = {a.action: a for a in advise(state, seat, samples, seed)}
    out = []
    for action in state.legal_actions():
        a = advice[action]
        info = state.describe_action(action, lang=lang)
        out.append({"action": action, "words": info.words, "mean": _money(a.mean), "mean_float": round(float(a.mean), 2),
                    "low": round(a.low, 2), "high": round(a.high, 2), "samples": a.samples})
    best = max(out, key=lambda o: Fraction(o["mean"]))
    for o in out:
        o["best"] = o["mean"] == best["mean"]
    return out


def question_data(game: str, options: Mapping[str, Any], seed: int, people: Sequence[int], ask: Ask,
                  advice: str = "", samples: int = JUDGMENT_SAMPLES, lang: str = DEFAULT) -> dict[str, Any]:
    """What the page stores for a position's question (JSON-able): the kind, the seat asked and what
    the kind needs (see the module's text), its words in ``lang``.  A question the position cannot
    ask is refused.

    >>> question_data("stukolka", {"variant": "prikup", "n_players": 4, "dealer": 0, "trump": "9♣",
    ...     "hands": {"0": "7♥ 5♦ 3♠"}, "actions": ["knock", "pass", "pass"]}, 5, [0], parse_ask("legal: knock, pass"),
    ...     lang="ru")["prompt"]
    'Отметьте все ходы, которые сейчас можно сделать, и нажмите «Проверить».'
    """
    check_lang(lang)
    table = _table(game, options, seed, people)
    seat = table.to_act()
    state = table.state
    data: dict[str, Any] = {"kind": ask.kind, "seat": seat}
    if ask.kind == "legal" and ask.moves:
        data["moves"] = legal_moves(state, ask.moves, game, lang)
        data["prompt"] = tr(PROMPTS["legal moves"], lang)
        if all(m["legal"] for m in data["moves"]) and len(data["moves"]) == 1:
            raise RulesError(f":ask: legal names one move only, which is allowed: it cannot be answered wrongly [{ASK_RULE}]")
    elif ask.kind == "legal":
        hand = table.view(seat).get("hand") or []
        # a hand none of whose cards may be played is a question too ("nothing fits: draw"), where the
        # game has another move to make (the shedding game's draw or pass)
        playable = any(isinstance(c, dict) and c.get("legal") for c in hand)
        if not hand or not (playable or (game == "faraon" and state.legal_actions())):
            raise RulesError(f":ask: legal (the cards) needs a hand to play from at the position, with a card "
                             f"the rules allow [{ASK_RULE}]")
        data["prompt"] = tr(PROMPTS["legal"], lang)
    elif ask.kind == "outcome":
        if game not in ("shtoss", "pharaon"):
            raise RulesError(f":ask: outcome asks what a shtoss or Pharaon stake brings, not a {game} position "
                             f"[{ASK_RULE}]")
        out = stake_outcome(state, random.Random(seed), int(ask.moves[0]) if ask.moves else None)
        if len(out["choices"]) < 2:
            raise RulesError(f":ask: outcome has one possible result here: it cannot be answered wrongly [{ASK_RULE}]")
        data.update(prompt=tr(PROMPTS["outcome"], lang), punter=out["punter"],
                    choices=[{"key": c["key"], "words": c["words"]} for c in out["choices"]],
                    answer=next(c["key"] for c in out["choices"] if c["right"]), why=out["why"], rule=out["rule"])
    else:
        if len(state.legal_actions()) < 2:
            raise RulesError(f":ask: judgment needs two or more choices at the position [{ASK_RULE}]")
        data["options"] = judgment_values(state, seat, seed, samples, lang)
        data["samples"] = samples
        data["prompt"] = tr(PROMPTS["judgment"], lang)
    if advice:
        data["advice"] = advice
    return data
