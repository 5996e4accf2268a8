"""The words of Stukolka's actions and phases, for a table on a page (it states no rule itself).

:func:`describe` is :meth:`StukolkaState.describe_action
<stukolka.stukolka.state.StukolkaState.describe_action>`: an action, in any spelling the grammar
reads, described in the position before it is made as a :class:`~stukolka.base.ActionInfo`:
its ``kind`` (one word of the action grammar, ``docs/stukolka-actions.md``), the ``words`` a
button says, what the table hears (``said``, naming only what every seat may see: a discard is
``secret``, its cards go face down), the cards it names, the number it carries and the rule it
follows.  :func:`phase_words` is the phase as the status line says it.  Every word comes from the
catalogue (``stukolka/i18n/<lang>/stukolka.json``) in the language asked for:

>>> from stukolka.stukolka.record import position, run
>>> s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠"), "knock", "pass", "knock")
>>> info = s.describe_action("discard 2♦ K♥")
>>> info.kind, info.words, info.said, info.count, info.secret, info.public()["cards"]
('discard', 'Discard K♥ 2♦', 'discards 2 and buys 2', 2, True, [])
>>> s.describe_action("knock")
Traceback (most recent call last):
...
stukolka.errors.IllegalActionError: illegal action 'knock': not allowed now; legal: stand, discard A♠, discard K♥, discard 2♦, discard A♠ K♥, discard A♠ 2♦, discard K♥ 2♦, discard A♠ K♥ 2♦ [stukolka-rule-purchase]
>>> phase_words("purchase", ["discard A♠", "discard K♥"]), phase_words("over", [])
('the purchase: throw out down to three cards', 'the deal is over')
>>> info = s.describe_action("discard 2♦ K♥", "ru")
>>> info.words, info.said, phase_words("declare", ["knock", "pass"], "ru")
('Снести К♥ 2♦', 'сносит 2 карты и прикупает 2', 'объявление: стучать или пасовать')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from stukolka.base import ActionInfo
from stukolka.errors import IllegalActionError, StukolkaError
from stukolka.cards import card_name, card_rank, parse_card
from stukolka.i18n import DEFAULT, Cards, Msg, catalogue, check_lang, refused, tr
from stukolka.stukolka.actions import UNSEEN_DISCARD

__all__ = ["describe", "phase_words", "unseen_info", "CardPlayed", "Choices", "refused", "refusal_words", "Spoken",
           "event_words", "ACTION_KINDS", "WORDS", "SAID", "PHASE_WORDS",
           "KIND_RULES"]

#: The kinds of action (``ActionInfo.kind``), one word of the action grammar each.
ACTION_KINDS = ("play", "discard", "stand", "blind", "knock", "pass", "golets", "dark", "look", "razrez", "shleif",
                "refuse_shleif", "deal", "deal_expose", "deal_miscount", "deal_by", "cut", "shuffle", "deck", "draw")
#: The actions that are a word, and the kind each is.
_WORD_KINDS = {"knock": "knock", "pass": "pass", "golets": "golets", "look": "look", "dark": "dark", "stand": "stand",
               "razrez": "razrez", "shleif": "shleif", "refuse shleif": "refuse_shleif", "deal": "deal",
               "deal miscount": "deal_miscount"}

#: The words of a choice as a button says it, for the actions that are a word (English; every
#: language: ``stukolka.words.<kind>``).
WORDS = {a: str(catalogue("en")[f"stukolka.words.{k}"]) for a, k in _WORD_KINDS.items()}
#: A move as the table hears it (third person), for the actions that are a word (English; every
#: language: ``stukolka.said.<kind>``).
SAID = {a: str(catalogue("en")[f"stukolka.said.{k}"]) for a, k in _WORD_KINDS.items()}
#: Each phase in plain words, for the status line (``"X to act: <words>"``) (English; every
#: language: ``stukolka.phase.<phase>``).
PHASE_WORDS = {key.removeprefix("stukolka.phase."): str(text) for key, text in catalogue("en").items()
               if key.startswith("stukolka.phase.") and "-" not in key}


def phase_words(phase: str, legal: Sequence[str], lang: str = DEFAULT) -> str:
    """The phase in plain words, in ``lang``; a purchase or razrez whose only choices (``legal``)
    are discards throws out down to three cards (the shleif dealer's fourth card, a dark buyer's
    extra card, a razrez buyer's fourth)."""
    check_lang(lang)
    if phase in ("purchase", "razrez") and legal and all(a.startswith("discard ") for a in legal):
        return tr(f"stukolka.phase.{phase}-throw", lang)
    return tr(f"stukolka.phase.{phase}", lang) if phase in PHASE_WORDS else phase.replace("_", " ")


#: The rule each kind of action follows, where it does not depend on the position.
KIND_RULES = {"golets": "stukolka-rule-golets", "dark": "stukolka-rule-dark", "look": "stukolka-rule-dark",
              "razrez": "stukolka-rule-razrez", "shleif": "stukolka-rule-shleif-refusal",
              "refuse_shleif": "stukolka-rule-shleif-refusal", "deal": "stukolka-rule-deal",
              "deal_expose": "stukolka-rule-misdeal", "deal_miscount": "stukolka-rule-misdeal",
              "deal_by": "stukolka-rule-out-of-turn-deal", "cut": "stukolka-rule-cut", "shuffle": "stukolka-rule-deal",
              "deck": "stukolka-rule-deal", "draw": "stukolka-rule-seat-draw"}


def _ordinal(k: int) -> Msg:
    """``k`` as an ordinal (``3rd``, ``3-ю``)."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return Msg(f"stukolka.nth.{suffix}", {"k": k})


#: A card's rank by which a player plays it, in Russian (``ходит дамой пик``: the instrumental case).
_RU_BY_RANK = {2: "двойкой", 3: "тройкой", 4: "четвёркой", 5: "пятёркой", 6: "шестёркой", 7: "семёркой",
               8: "восьмёркой", 9: "девяткой", 10: "десяткой", 11: "валетом", 12: "дамой", 13: "королём",
               14: "тузом"}


@dataclasses.dataclass(frozen=True)
class CardPlayed(Msg):
    """The card a player plays, in words, as the sentence ``plays {card}`` needs it: ``the queen of
    spades`` (:func:`~stukolka.cards.card_name`), ``дамой пик``."""

    id: str = "card"
    card: int = 0

    def text(self, lang: str = DEFAULT) -> str:
        if check_lang(lang) == "ru":
            return f"{_RU_BY_RANK[card_rank(self.card)]} {card_name(self.card, 'ru').split()[-1]}"
        return card_name(self.card)

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card}


def unseen_info(lang: str = DEFAULT) -> ActionInfo:
    """``discard unseen``: a dark buyer who has not looked throws out his extra card, naming none."""
    return ActionInfo(UNSEEN_DISCARD, "discard", tr("stukolka.words.unseen", lang), tr("stukolka.said.unseen", lang),
                      "stukolka-rule-dark", (), 1, secret=True)


#: ``discard unseen`` described in English.
UNSEEN_INFO = unseen_info()


def describe(action: str, held: int = 0, choice_rule: str = "", lang: str = DEFAULT) -> ActionInfo:
    """The canonical, legal ``action`` described (see the module doc) in ``lang``: ``held`` is how
    many cards the seat to act holds (holding more than three, a discard only throws the extra
    cards out), ``choice_rule`` the rule that limits the choice now (the play's, the declaration's,
    the purchase's), which a card, a knock or pass, a discard and a blind follow.

    >>> describe("blind 2", 3, "stukolka-rule-dark").said, describe("deal expose 3").words
    ('throws out 2 unseen and draws 3', 'Deal, turning up the 3rd card')
    >>> describe("play Q♠", lang="ru").said, describe("deal expose 3", lang="ru").words
    ('ходит дамой пик', 'Сдать, открыв 3-ю карту')
    """
    check_lang(lang)

    def say(kind: str, **fields: object) -> tuple[str, str]:
        return tr(f"stukolka.words.{kind}", lang, **fields), tr(f"stukolka.said.{kind}", lang, **fields)

    a = action
    head, _, rest = a.partition(" ")
    rule = choice_rule
    if head == "play":
        c = int(parse_card(rest))
        return ActionInfo(a, "play", tr("stukolka.words.play", lang, card=Cards((c,))),
                          tr("stukolka.said.play", lang, card=CardPlayed(card=c)), rule, (c,))
    if head == "discard":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        k = len(cards)
        said = tr("stukolka.said.throw" if held > 3 else "stukolka.said.discard", lang, k=k)
        return ActionInfo(a, "discard", tr("stukolka.words.discard", lang, cards=Cards(cards)), said, rule, cards, k,
                          secret=True)
    if head == "blind":
        k = int(rest)
        words, said = say("blind-none") if k == 0 else say("blind", k=k, m=k + 1)
        return ActionInfo(a, "blind", words, said, rule, (), k)
    if a in ("knock", "pass", "stand"):
        return ActionInfo(a, a, *say(a), rule)
    if head == "cut":
        k = int(rest)
        return ActionInfo(a, "cut", *say("cut", k=k), KIND_RULES["cut"], (), k)
    if head == "shuffle":
        return ActionInfo(a, "shuffle", *say("shuffle"), KIND_RULES["shuffle"], (), int(rest))
    if head == "deck":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        return ActionInfo(a, "deck", *say("deck"), KIND_RULES["deck"], cards)
    if head == "draw":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        return ActionInfo(a, "draw", *say("draw", cards=Cards(cards)), KIND_RULES["draw"], cards)
    if a.startswith("deal expose "):
        k = int(a.split()[2])
        return ActionInfo(a, "deal_expose", *say("deal_expose", nth=_ordinal(k)), KIND_RULES["deal_expose"], (), k)
    if a.startswith("deal by "):
        parts = a.split()
        p = int(parts[2])
        noticed = Msg("stukolka.noticed") if len(parts) == 4 else ""
        return ActionInfo(a, "deal_by", *say("deal_by", n=p, noticed=noticed), KIND_RULES["deal_by"], (), p)
    kind = _WORD_KINDS[a]
    return ActionInfo(a, kind, *say(kind), KIND_RULES[kind])


# ---------------------------------------------------------------------- refusals and events
@dataclasses.dataclass(frozen=True)
class Choices(Msg):
    """The legal actions named in a refusal: in English as the action grammar writes them
    (``knock, pass``), in another language as their buttons say them (``Стучу (играю), Пас``)."""

    id: str = "choices"
    actions: tuple[str, ...] = ()

    def text(self, lang: str = DEFAULT) -> str:
        if check_lang(lang) == "en":
            return ", ".join(self.actions)
        return ", ".join(describe(a, lang=lang).words for a in self.actions)

    def to_dict(self) -> dict[str, object]:
        return {"actions": list(self.actions)}


def refusal_words(exc: StukolkaError, lang: str = DEFAULT) -> str:
    """The words of a refused action as a table shows them: in English the error's text (without
    its tags), in another language the reason the engine gave, said in it.

    >>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
    >>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
    >>> try:
    ...     s.apply_action("knock")
    ... except StukolkaError as exc:
    ...     print(refusal_words(exc)); print(refusal_words(exc, "ru"))
    illegal action 'knock': chance node: 'shuffle <seed>' or 'deck <52 cards>'
    здесь решает случай: тасовка или заданный порядок колоды
    """
    if check_lang(lang) == "en":
        return exc.text
    msg = getattr(exc, "words", None)
    if isinstance(msg, Msg):
        return msg.text(lang)
    return tr("stukolka.refuse.unreadable", lang)


class Spoken(str):
    """A table event in English words (a ``str``, as the deal's ``events`` list holds it) that
    keeps its message, so that a view says it in its reader's language (:func:`event_words`)."""

    msg: Msg

    def __new__(cls, msg: Msg) -> "Spoken":
        obj = super().__new__(cls, msg.text("en"))
        obj.msg = msg
        return obj

    def __getnewargs__(self) -> tuple[Msg]:  # type: ignore[override]
        return (self.msg,)


def event_words(event: str, lang: str = DEFAULT) -> str:
    """A table event in ``lang`` (an event kept without its message has only its English words)."""
    msg = getattr(event, "msg", None)
    return msg.text(lang) if isinstance(msg, Msg) else str(event)
