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
from stukolka.cards import card_rank, format_card
from stukolka.i18n import DEFAULT, Msg, check_lang, tr
from stukolka.shtoss.rules import BANKER
from stukolka.shtoss.stakes import CardWords, Joined, Money, Phase, SeatLedger, Settlement

__all__ = ["StakeSeen", "ShtossObservation", "seat_names", "seat_msgs", "ledger_of", "view_of", "named_rank", "abcug_words"]


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


def seat_msgs(punters: int) -> tuple[Msg, ...]:
    """The seats of a deal as messages, said in any language (``banker``/``банкомёт``, ...)."""
    return (Msg("shtoss.banker"),) + tuple(Msg("shtoss.punter", {"p": i}) for i in range(1, punters + 1))


def ledger_of(settlements: list[Settlement], seats: int, names: tuple[str, ...],
              msgs: tuple[Msg, ...] | None = None) -> Ledger:
    """One ledger line per settled stake (``item`` ``"stake"``, its words as a message of the
    catalogue and its rule label, the punter's amount and the banker's opposite); the seats are
    named by ``msgs`` in the language the ledger is said in (by default a deal's seats).

    >>> from stukolka.shtoss import ShtossState
    >>> s = ShtossState(initial_kush=10)
    >>> for a in ["stake 7♦", "done", "cut 26", "deck K♣ 7♥", "next"]:
    ...     s.apply_action(a)
    >>> print(s.settlement().render("ru"))
    понтёр 1, 7♦ на 10: 7♥ на 2-м месте (налево); карта дана соником: первая такая карта легла налево; понтёр 1 выигрывает 10: банкомёт −10, понтёр 1 +10 [shtoss-rule-sonic-wins]
    итог: банкомёт −10, понтёр 1 10
    """
    lines = [LedgerLine.said("stake", st.msg, st.rule, {st.punter: st.amount, BANKER: -st.amount})
             for st in settlements]
    return SeatLedger(tuple(lines), seats, names, seat_msgs(seats - 1) if msgs is None else msgs)


def view_of(game: str, obs: Observation, seat: int, legal: list[str], ledger: Ledger | None,
            lang: str = DEFAULT, texts: list[str] | None = None) -> dict[str, Any]:
    """The observation ``obs`` of ``seat`` as plain JSON-able data for a front end
    (``docs/shtoss-actions.md``): ``game``, ``phase``, ``seat``, ``to_act``, ``legal``, the
    observation's fields, ``abcugs`` (each with its ``number``, its two ``places`` and its
    ``right`` and ``left`` card), ``turned``, ``banker_deck``, ``casekeeper``, ``bankrolls`` and
    the ``settlement``, their words in ``lang`` (``texts``: each stake's settlement in words, if
    given)."""
    check_lang(lang)
    data = obs.to_dict()
    out: dict[str, Any] = {"game": game, "phase": data.pop("phase"), "seat": seat,
                           "to_act": data.pop("to_act"), "legal": list(legal)}
    data.pop("player")
    unseen = data.pop("unseen")
    if "bank" in data:
        data = _pharaon_fields(data, ledger, lang)
    elif texts is not None:
        data["stakes"] = [dict(st, text=t) for st, t in zip(data["stakes"], texts)]
    out.update(data)
    right, left = data["right"], data["left"]
    out["abcugs"] = [{"number": i + 1, "places": [2 * i + 1, 2 * i + 2], "right": c,
                      "left": left[i] if i < len(left) else None} for i, c in enumerate(right)]
    for i, ab in enumerate(out["abcugs"]):
        ab["words"] = abcug_words(ab, out["stakes"], i == len(out["abcugs"]) - 1, lang)
    out["turned"] = len(right) + len(left)
    out["banker_deck"] = out.pop("undealt")
    out["casekeeper"] = {_RANK_NAMES.get(r, str(r)): n for r, n in unseen}
    out["bankrolls"] = out.pop("returns")
    if ledger is not None:
        out["settlement"] = ledger.to_dict(lang)
    return out


def _staked(stake: dict[str, Any]) -> Msg:
    """A stake's card as a reader says it: ``punter 1's queen of spades`` (Pharaon: the named rank)."""
    p = stake["punter"]
    if stake.get("named"):
        return Msg("shtoss.staked.named", {"p": p, "rank": Msg(f"shtoss.rank.{card_rank(stake['cards'][0])}")})
    cards = stake.get("cards")
    if not cards:
        return Msg("shtoss.staked.card", {"p": p})
    return Msg("shtoss.staked.cards", {"p": p, "cards": CardWords(cards=tuple(cards), bare=True)})


def abcug_words(abcug: dict[str, Any], stakes: list[dict[str, Any]], latest: bool, lang: str = DEFAULT) -> str:
    """What an abcug did, in a sentence for a status line and a log, from the view's own data: the
    cards laid right and left, each stake they decided (who wins or loses how much), and for the
    latest abcug the stakes still open ("not yet decided"), in ``lang``.

    >>> ab, st = {"number": 1, "places": [1, 2], "right": 46, "left": 1}, [{"punter": 1, "cards": [10],
    ...     "open": True, "position": None, "amount": None}]
    >>> abcug_words(ab, st, True)
    "Abcug 1: the banker lays the nine of clubs right and the three of spades left; punter 1's queen of spades is not yet decided."
    >>> abcug_words(ab, st, True, "ru")
    'Абцуг 1: банкомёт кладёт 9♣ направо и 3♠ налево; ставка понтёра 1 на Д♠ ещё не решена.'
    """
    right = CardWords(cards=(abcug["right"],))
    if abcug["left"] is not None:
        laid = Msg("shtoss.abcug.both", {"right": right, "left": CardWords(cards=(abcug["left"],))})
    else:
        laid = Msg("shtoss.abcug.right", {"right": right})
    said: list[Msg] = []
    for s in stakes:
        if s.get("position") in abcug["places"] and s.get("amount") is not None:
            amount = Fraction(str(s["amount"]))
            if amount > 0:
                said.append(Msg("shtoss.abcug.wins", {"staked": _staked(s), "amount": Money(amount=amount)}))
            elif amount < 0:
                said.append(Msg("shtoss.abcug.loses", {"staked": _staked(s), "amount": Money(amount=-amount)}))
            else:
                said.append(Msg("shtoss.abcug.even", {"staked": _staked(s)}))
    if latest:
        still = [_staked(s) for s in stakes if s.get("open")]
        if still:
            said.append(Msg("shtoss.abcug.open_one" if len(still) == 1 else "shtoss.abcug.open_many",
                            {"stakes": Joined(parts=tuple(still))}))
    rest = Joined(parts=tuple(said), sep="; ", prefix="; ")
    return tr("shtoss.abcug", lang, n=abcug["number"], laid=laid, rest=rest)


def _pharaon_fields(data: dict[str, Any], ledger: Ledger | None, lang: str = DEFAULT) -> dict[str, Any]:
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
        text = ledger.lines[0].words(lang) if decided and ledger is not None and ledger.lines else ""
        out["stakes"] = [{"punter": 1, "cards": [data["named"]], "kush": data["kush"], "open": not decided,
                          "position": data["position"], "deciding": data["deciding"], "amount": data["amount"],
                          "rule": data["rule"], "text": text, "named": named_rank(data["named"])}]
    return out


_RANK_NAMES = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def named_rank(card: int) -> str:
    """The rank of a named card in words a reader knows: ``"9"``, ``"10"``, ``"Q"``."""
    r = card_rank(card)
    return _RANK_NAMES.get(r, str(r))
