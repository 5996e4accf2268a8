"""What one player sees of a shtoss deal or of Pharaon, and the plain data a front end draws.

* :class:`StakeSeen`, :class:`ShtossObservation` -- the typed observation of a deal;
* :func:`ledger_of` -- settlements as a :class:`stukolka.base.Ledger`;
* :func:`view_of` -- an observation as plain JSON-able data for a front end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from stukolka.base import Ledger, LedgerLine, Observation, money_text as _money
from stukolka.cards import card_name, card_rank, format_card, rank_name
from stukolka.shtoss.rules import BANKER
from stukolka.shtoss.stakes import Phase, Settlement

__all__ = ["StakeSeen", "ShtossObservation", "seat_names", "ledger_of", "view_of", "named_rank", "abcug_words"]


@dataclass(frozen=True)
class StakeSeen:
    """A stake as one player sees it: its cards (``None`` while they lie face down), its kush,
    and, once settled, where, by which card, for how much and by which rule."""

    punter: int
    cards: tuple[int, ...] | None
    kush: int
    open: bool
    position: int | None = None
    deciding: int | None = None
    amount: Fraction | None = None
    rule: str = ""
    text: str = ""

    def __str__(self) -> str:
        cards = "??" if self.cards is None else " ".join(format_card(c) for c in self.cards)
        out = f"P{self.punter} {cards} {self.kush}"
        if self.open:
            return out + " open"
        if self.amount is None:
            return out
        by = "?" if self.deciding is None else format_card(self.deciding)
        where = "undecided" if self.position is None else f"at {self.position} by {by}"
        return f"{out} {where}: {'+' if self.amount > 0 else ''}{_money(self.amount)} [{self.rule}]"


@dataclass(frozen=True)
class ShtossObservation(Observation):
    """What one player sees of a shtoss deal.  The banker's undealt cards lie face down; before
    the first abcug each punter's staked cards are face down, seen only by their owner."""

    CARD_FIELDS: ClassVar[frozenset[str]] = frozenset({"right", "left"})

    player: int
    phase: Phase
    to_act: int
    deck_size: int
    deal_length: int   #: cards the banker turns (one fewer if the cut card drops out)
    punters: int
    initial_kush: int
    cut: int | None
    stakes: tuple[StakeSeen, ...]
    pending: StakeSeen | None
    right: tuple[int, ...]
    left: tuple[int, ...]
    undealt: int
    unseen: tuple[tuple[int, int], ...]   #: (rank, cards of it not yet turned), the casekeeper
    returns: tuple[Fraction, ...]


def seat_names(punters: int) -> tuple[str, ...]:
    """``("banker", "punter 1", ...)``: the seats of a deal, for ledgers and views."""
    return ("banker",) + tuple(f"punter {i}" for i in range(1, punters + 1))


def ledger_of(settlements: list[Settlement], seats: int, names: tuple[str, ...]) -> Ledger:
    """One ledger line per settled stake (``item`` ``"stake"``, its plain-words text and rule
    label, the punter's amount and the banker's opposite)."""
    lines = [LedgerLine(item="stake", text=st.text, rule=st.rule,
                        amounts={st.punter: st.amount, BANKER: -st.amount}) for st in settlements]
    return Ledger(tuple(lines), seats, names)


def view_of(game: str, obs: Observation, seat: int, legal: list[str], ledger: Ledger | None) -> dict[str, Any]:
    """The observation ``obs`` of ``seat`` as plain JSON-able data for a front end
    (``docs/shtoss-actions.md``): ``game``, ``phase``, ``seat``, ``to_act``, ``legal``, the
    observation's fields, ``abcugs`` (each with its ``number``, its two ``places`` and its
    ``right`` and ``left`` card), ``turned``, ``banker_deck``, ``casekeeper``, ``bankrolls`` and
    the ``settlement``."""
    data = obs.to_dict()
    out: dict[str, Any] = {"game": game, "phase": data.pop("phase"), "seat": seat,
                           "to_act": data.pop("to_act"), "legal": list(legal)}
    data.pop("player")
    unseen = data.pop("unseen")
    if "bank" in data:
        data = _pharaon_fields(data, ledger)
    out.update(data)
    right, left = data["right"], data["left"]
    out["abcugs"] = [{"number": i + 1, "places": [2 * i + 1, 2 * i + 2], "right": c,
                      "left": left[i] if i < len(left) else None} for i, c in enumerate(right)]
    for i, ab in enumerate(out["abcugs"]):
        ab["words"] = abcug_words(ab, out["stakes"], i == len(out["abcugs"]) - 1)
    out["turned"] = len(right) + len(left)
    out["banker_deck"] = out.pop("undealt")
    out["casekeeper"] = {_RANK_NAMES.get(r, str(r)): n for r, n in unseen}
    out["bankrolls"] = out.pop("returns")
    if ledger is not None:
        out["settlement"] = ledger.to_dict()
    return out


def _staked(stake: dict[str, Any]) -> str:
    """A stake's card as a reader says it: ``punter 1's queen of spades`` (Pharaon: the named rank)."""
    who = f"punter {stake['punter']}'s "
    if stake.get("named"):
        return who + "named " + rank_name(card_rank(stake["cards"][0]))
    cards = stake.get("cards")
    if not cards:
        return who + "card"
    return who + " and ".join(card_name(c) for c in cards)


def abcug_words(abcug: dict[str, Any], stakes: list[dict[str, Any]], latest: bool) -> str:
    """What an abcug did, in a sentence for a status line and a log, from the view's own data: the
    cards laid right and left, each stake they decided (who wins or loses how much), and for the
    latest abcug the stakes still open ("not yet decided").

    >>> abcug_words({"number": 1, "places": [1, 2], "right": 46, "left": 1}, [{"punter": 1, "cards": [10],
    ...     "open": True, "position": None, "amount": None}], True)
    "Abcug 1: the banker lays the nine of clubs right and the three of spades left; punter 1's queen of spades is not yet decided."
    """
    laid = f"the {card_name(abcug['right'])} right"
    if abcug["left"] is not None:
        laid += f" and the {card_name(abcug['left'])} left"
    said = []
    for s in stakes:
        if s.get("position") in abcug["places"] and s.get("amount") is not None:
            amount = Fraction(str(s["amount"]))
            result = (f"wins {_money(amount)}" if amount > 0 else f"loses {_money(-amount)}" if amount < 0
                      else "is a stand-off")
            said.append(f"{_staked(s)} {result}")
    if latest:
        still = [_staked(s) for s in stakes if s.get("open")]
        if still:
            said.append(" and ".join(still) + (" is" if len(still) == 1 else " are") + " not yet decided")
    return f"Abcug {abcug['number']}: the banker lays {laid}" + ("; " + "; ".join(said) if said else "") + "."


def _pharaon_fields(data: dict[str, Any], ledger: Ledger | None) -> dict[str, Any]:
    """A Pharaon observation in the shape of a shtoss deal's view: its one stake (the named card,
    the kush, and once decided where, by which card, for how much and by which rule) as the
    only entry of ``stakes``, with ``punters`` 1, no ``cut`` and no ``pending`` stake; ``bank``
    and ``named`` stay as they are.  The stake's ``named`` is the rank the punter named (``"9"``):
    only the rank counts, the suit of ``cards`` is the engine's stand-in."""
    out = {k: v for k, v in data.items() if k not in ("position", "deciding", "amount", "rule")}
    out.update({"punters": 1, "cut": None, "pending": None, "initial_kush": data["kush"] or 1,
                "deal_length": data["deck_size"], "stakes": []})
    if data["named"] is not None:
        decided = data["amount"] is not None
        text = ledger.lines[0].text if decided and ledger is not None and ledger.lines else ""
        out["stakes"] = [{"punter": 1, "cards": [data["named"]], "kush": data["kush"], "open": not decided,
                          "position": data["position"], "deciding": data["deciding"], "amount": data["amount"],
                          "rule": data["rule"], "text": text, "named": named_rank(data["named"])}]
    return out


_RANK_NAMES = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def named_rank(card: int) -> str:
    """The rank of a named card in words a reader knows: ``"9"``, ``"10"``, ``"Q"``."""
    r = card_rank(card)
    return _RANK_NAMES.get(r, str(r))
