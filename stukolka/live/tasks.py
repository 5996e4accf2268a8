"""Tasks at a live table: things a reader sets out to do at a chapter's full table, ticked by the engine.

A chapter's ``{live-table}`` names its tasks (``:tasks: golets-win, golets-beat``); the table's
options carry them as ``tasks`` (a list of ids) and, where a page has several such tables,
``tasks_key`` (what the done tasks are remembered by).  After every move the driver asks the
table's :class:`TaskBoard` to look again; the view carries the list as ``view["live"]["tasks"]``:
``[{"id", "words", "done", "rule"}]``.

Each :class:`Task` is a predicate over what the engine already holds -- the state (its tricks,
declarations, settlements, ledger), the table's moves with the engine's ``describe_action`` of
each, and the person's seat -- and never works a rule out again: a trick's winner is the engine's
``tricks``, a plie is a settlement whose rule is ``shtoss-rule-plie``, money is ``returns()`` or
the settlement's ledger.  A task is about a person's own play or about what every seat sees, so
a tick tells the page nothing a seat may not know.

A done task stays done for the rest of the page's life at that table: a "New deal" or a "Next
deal" makes a new table with the same task list, and the board remembers what was done under the
list's key (``DONE``).

>>> [t.id for t in tasks_for("shtoss")]
['sonic-win', 'plie-seen', 'deal-win', 'paroli-win', 'mid-stake-win']
>>> check_ids("stukolka", ["golets-win", "dark-trick"])
['golets-win', 'dark-trick']
>>> check_ids("stukolka", ["plie-seen"])
Traceback (most recent call last):
...
stukolka.errors.RulesError: task 'plie-seen' is a task of shtoss, not of stukolka [live-table-tasks]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from stukolka.base import CHANCE, GameState
from stukolka.errors import RulesError
from stukolka.i18n import DEFAULT, tr

__all__ = ["Task", "Seen", "TaskBoard", "TASKS", "DONE", "TASK_OPTIONS", "TASKS_RULE", "tasks_for", "check_ids",
           "game_options", "board_for", "forget"]

TASKS_RULE = "live-table-tasks"
#: The table options that belong to the tasks, not to the game's rules.
TASK_OPTIONS = ("tasks", "tasks_key")


@dataclass
class Seen:
    """What a task looks at: the engine's ``state``, the table's ``moves`` (``{"seat", "action",
    "info"}``, ``info`` the engine's ``ActionInfo``), the person's ``seat``, and ``dealt``: the
    cards the seat held before it bought any (Stukolka), as the board saw them."""

    state: Any
    moves: Sequence[Mapping[str, Any]]
    seat: int
    dealt: frozenset[int] = frozenset()

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def net(self) -> Fraction:
        """The seat's chips from this deal: the engine's returns, once the deal is over."""
        return Fraction(self.state.returns()[self.seat]) if self.over else Fraction(0)


@dataclass(frozen=True)
class Task:
    """One task: its ``id`` (unique within its game), its ``game`` (the live-table game it is
    played at), the book label of the ``rule`` it is about, and ``check``, the predicate over a
    :class:`Seen`.  What the page lists is :meth:`text` (the catalogue's ``exercises.task.<id>``).

    >>> t = TASKS["stukolka"]["dark-trick"]
    >>> t.words, t.text("ru")
    ('Take a trick with a card bought in the dark', 'Взять взятку картой, прикупленной в тёмную')
    """

    id: str
    game: str
    rule: str
    check: Callable[[Seen], bool] = field(repr=False, compare=False)

    def text(self, lang: str = DEFAULT) -> str:
        """The task in words, in ``lang``."""
        return tr(f"exercises.task.{self.id}", lang)

    @property
    def words(self) -> str:
        """The task in English words."""
        return self.text()

    def to_dict(self, done: bool, lang: str = DEFAULT) -> dict[str, Any]:
        return {"id": self.id, "words": self.text(lang), "done": done, "rule": self.rule}


# --------------------------------------------------------------------------- Stukolka
def _my_tricks(s: Seen) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """The tricks the engine gave the seat: (plays, winner) with the winner the seat."""
    return [(plays, w) for plays, w in getattr(s.state, "tricks", ()) if w == s.seat]


def _took_with_bought(s: Seen) -> bool:
    """The seat won a trick with a card it did not hold before it bought (the engine's tricks:
    a trick's winner, and the card that seat laid in it)."""
    if not s.dealt or not getattr(s.state, "bought", [0] * (s.seat + 1))[s.seat]:
        return False
    return any(card not in s.dealt for plays, _ in _my_tricks(s) for q, card in plays if q == s.seat)


def _dark_trick(s: Seen) -> bool:
    return bool(s.state.dark[s.seat]) and _took_with_bought(s)


def _golets_win(s: Seen) -> bool:
    return s.over and s.state.golets_taker == s.seat and s.net() > 0


def _golets_beat(s: Seen) -> bool:
    g = s.state.golets_taker
    return g is not None and g != s.seat and bool(_my_tricks(s))


def _tricks(n: int) -> Callable[[Seen], bool]:
    return lambda s: s.state.tricks_won[s.seat] >= n


def _shleif(refused: bool) -> Callable[[Seen], bool]:
    def check(s: Seen) -> bool:
        st = s.state
        return (s.over and st.rules.variant == "shleif" and st.dealer == s.seat
                and bool(st.shleif_refused) == refused and s.net() > 0)
    return check


def _forced_win(s: Seen) -> bool:
    return s.over and bool(s.state.forced) and s.net() > 0


def _voluntary_win(s: Seen) -> bool:
    st = s.state
    return (s.over and st.rules.variant == "obligatory" and not st.forced and st.carry_in > 0
            and st.declarations[s.seat] == "knock" and s.net() > 0)


# --------------------------------------------------------------------------- shtoss and Pharaon
def _settlements(s: Seen) -> list[Any]:
    return list(getattr(s.state, "settlements", ()) or ())


def _sonic_win(s: Seen) -> bool:
    return any(x.punter == s.seat and x.rule == "shtoss-rule-sonic-wins" and x.amount > 0 for x in _settlements(s))


def _plie_seen(s: Seen) -> bool:
    """The banker won a stake on a plie: a settlement by the plie rule that cost its punter."""
    return any(x.rule == "shtoss-rule-plie" and x.amount < 0 for x in _settlements(s))


def _plie_any(s: Seen) -> bool:
    return any(x.rule == "shtoss-rule-plie" for x in _settlements(s))


def _deal_win(s: Seen) -> bool:
    return s.over and s.net() > 0


def _paroli_win(s: Seen) -> bool:
    """The seat played this deal at a kush raised by paroli (above the initial kush) and won it."""
    st = s.state
    raised = getattr(st, "default_kush", {}).get(s.seat, 0) > getattr(st, "initial_kush", 0)
    return raised and s.over and s.net() > 0


def _mid_stake_win(s: Seen) -> bool:
    """A stake the seat laid between abcugs (the engine's describe_action says so by its rule)
    that the engine settled in its favour."""
    laid = {tuple(m["info"].cards) for m in s.moves if m["seat"] == s.seat and m.get("info") is not None
            and m["info"].kind in ("stake", "pair") and m["info"].rule == "shtoss-rule-mid-deal-bets"}
    return any(x.punter == s.seat and x.amount > 0 and tuple(int(c) for c in x.cards) in laid
               for x in _settlements(s))


def _pharaon_win(s: Seen) -> bool:
    named = getattr(s.state, "named", None)
    return named is not None and any(x.punter == s.seat and x.amount > 0 and int(x.cards[0]) == int(named)
                                     for x in _settlements(s))


# --------------------------------------------------------------------------- the shedding game
def _hands(s: Seen) -> list[Any]:
    """The finished hands the state holds: a hand itself, or a match's last finished hand."""
    st = s.state
    if hasattr(st, "last_hand"):
        return [st.last_hand] if st.last_hand is not None else []
    return [st] if st.is_terminal() else []


def _hand_won(s: Seen) -> bool:
    return any(h.winner() == s.seat for h in _hands(s))


def _queen_out(s: Seen) -> bool:
    """The engine's ledger of a finished hand has the seat's line by the queen-finish rule."""
    return any(ln.rule == "faraon-rule-queen-finish" and s.seat in ln.amounts
               for h in _hands(s) for ln in h.settlement().lines)


def _seven_hit(s: Seen) -> bool:
    """A card drawn by the 7's penalty (the engine's chance move, by its rule) right after the
    seat's own move: the seat laid the 7 that made the next player draw."""
    last = None
    for m in s.moves:
        info = m.get("info")
        if m["seat"] != CHANCE:
            last = m["seat"]
        elif last == s.seat and info is not None and info.rule == "faraon-rule-seven":
            return True
    return False


TASKS: dict[str, dict[str, Task]] = {}


def _add(game: str, id: str, rule: str, check: Callable[[Seen], bool]) -> None:  # noqa: A002
    TASKS.setdefault(game, {})[id] = Task(id, game, rule, check)


# each task's words are the catalogue's exercises.task.<id> (stukolka/i18n/<lang>/exercises.json)
_add("stukolka", "golets-win", "stukolka-rule-golets", _golets_win)
_add("stukolka", "golets-beat", "stukolka-rule-golets", _golets_beat)
_add("stukolka", "two-tricks", "stukolka-rule-trick-share", _tricks(2))
_add("stukolka", "three-tricks", "stukolka-rule-trick-share", _tricks(3))
_add("stukolka", "buy-trick", "stukolka-rule-purchase", _took_with_bought)
_add("stukolka", "dark-trick", "stukolka-rule-dark", _dark_trick)
_add("stukolka", "shleif-win", "stukolka-rule-shleif", _shleif(False))
_add("stukolka", "shleif-refused-win", "stukolka-rule-shleif-refusal", _shleif(True))
_add("stukolka", "obligatory-win", "stukolka-rule-obligatory", _forced_win)
_add("stukolka", "voluntary-win", "stukolka-rule-obligatory", _voluntary_win)
_add("shtoss", "sonic-win", "shtoss-rule-sonic-wins", _sonic_win)
_add("shtoss", "plie-seen", "shtoss-rule-plie", _plie_seen)
_add("shtoss", "deal-win", "shtoss-rule-odd-even", _deal_win)
_add("shtoss", "paroli-win", "shtoss-rule-paroli", _paroli_win)
_add("shtoss", "mid-stake-win", "shtoss-rule-mid-deal-bets", _mid_stake_win)
_add("pharaon", "pharaon-win", "shtoss-rule-pharaon-sides", _pharaon_win)
_add("pharaon", "doublet-seen", "shtoss-rule-plie", _plie_any)
_add("pharaon", "mid-stake-win", "shtoss-rule-mid-deal-bets", _mid_stake_win)
_add("faraon", "hand-win", "faraon-rule-going-out", _hand_won)
_add("faraon", "queen-out", "faraon-rule-queen-finish", _queen_out)
_add("faraon", "seven-hit", "faraon-rule-seven", _seven_hit)


def tasks_for(game: str) -> list[Task]:
    """The tasks a table of ``game`` can carry."""
    return list(TASKS.get(game, {}).values())


def check_ids(game: str, ids: Any) -> list[str]:
    """``ids`` checked: a list of task ids of ``game``, each once; anything else raises a
    :class:`~stukolka.errors.RulesError` naming the id and the tasks there are."""
    if not isinstance(ids, (list, tuple)) or not all(isinstance(i, str) for i in ids):
        raise RulesError(f"tasks {ids!r} must be a list of task ids [{TASKS_RULE}]")
    out: list[str] = []
    for i in ids:
        if i in out:
            raise RulesError(f"task {i!r} is named twice [{TASKS_RULE}]")
        if i not in TASKS.get(game, {}):
            elsewhere = [g for g, ts in TASKS.items() if i in ts]
            if elsewhere:
                raise RulesError(f"task {i!r} is a task of {' and '.join(elsewhere)}, not of {game} [{TASKS_RULE}]")
            known = ", ".join(TASKS.get(game, {})) or "none"
            raise RulesError(f"unknown task {i!r} for {game}: its tasks are {known} [{TASKS_RULE}]")
        out.append(i)
    return out


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options the game's own set-up reads: the table's options without the tasks'."""
    return {k: v for k, v in options.items() if k not in TASK_OPTIONS}


#: What is done, by a task list's key, for the life of the page's Python.
DONE: dict[str, set[str]] = {}


def forget() -> None:
    """Forget every done task (a new page)."""
    DONE.clear()


class TaskBoard:
    """The tasks of one table: which are done, looked at again after every move."""

    def __init__(self, game: str, ids: Iterable[str], key: str | None = None) -> None:
        self.game = game
        self.tasks = [TASKS[game][i] for i in check_ids(game, list(ids))]
        self.key = key or f"{game}:{','.join(t.id for t in self.tasks)}"
        self.done: set[str] = DONE.setdefault(self.key, set())
        #: what each person's seat held before buying (Stukolka), noted as the deal goes on
        self.dealt: dict[int, frozenset[int]] = {}
        #: the tasks done by the last look, in the order they were done
        self.just_done: list[str] = []

    def _note(self, state: GameState, people: Sequence[int]) -> None:
        hands = getattr(state, "hands", None)
        bought = getattr(state, "bought", None)
        if hands is None or bought is None:
            return
        for q in people:
            if not bought[q] and hands[q]:
                self.dealt[q] = frozenset(hands[q])

    def check(self, state: GameState, moves: Sequence[Mapping[str, Any]], people: Sequence[int]) -> list[str]:
        """Look at the table again; the ids done by this look."""
        self._note(state, people)
        now: list[str] = []
        for t in self.tasks:
            if t.id in self.done:
                continue
            if any(t.check(Seen(state, moves, q, self.dealt.get(q, frozenset()))) for q in people):
                self.done.add(t.id)
                now.append(t.id)
        self.just_done = now
        return now

    def view(self, lang: str = DEFAULT) -> list[dict[str, Any]]:
        """The tasks as the page lists them, their words in ``lang``."""
        return [t.to_dict(t.id in self.done, lang) for t in self.tasks]


def board_for(game: str, options: Mapping[str, Any]) -> TaskBoard | None:
    """The table's task board from its options (``tasks``, ``tasks_key``), or None."""
    ids = options.get("tasks")
    if ids is None:
        return None
    key = options.get("tasks_key")
    if key is not None and not isinstance(key, str):
        raise RulesError(f"tasks_key {key!r} must be a string [{TASKS_RULE}]")
    return TaskBoard(game, check_ids(game, ids), key)
