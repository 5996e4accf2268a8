"""The words of Stukolka's actions and phases, for a table on a page (it states no rule itself).

:func:`describe` is :meth:`StukolkaState.describe_action
<stukolka.stukolka.state.StukolkaState.describe_action>`: an action, in any spelling the grammar
reads, described in the position before it is made as a :class:`~stukolka.base.ActionInfo`:
its ``kind`` (one word of the action grammar, ``docs/stukolka-actions.md``), the ``words`` a
button says, what the table hears (``said``, naming only what every seat may see: a discard is
``secret``, its cards go face down), the cards it names, the number it carries and the rule it
follows.  :func:`phase_words` is the phase as the status line says it.

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
"""

from __future__ import annotations

from collections.abc import Sequence

from stukolka.base import ActionInfo
from stukolka.cards import card_name, parse_card
from stukolka.stukolka.actions import UNSEEN_DISCARD

__all__ = ["describe", "phase_words", "ACTION_KINDS", "WORDS", "SAID", "PHASE_WORDS", "KIND_RULES"]

#: The kinds of action (``ActionInfo.kind``), one word of the action grammar each.
ACTION_KINDS = ("play", "discard", "stand", "blind", "knock", "pass", "golets", "dark", "look", "razrez", "shleif",
                "refuse_shleif", "deal", "deal_expose", "deal_miscount", "deal_by", "cut", "shuffle", "deck", "draw")

#: The words of a choice as a button says it, for the actions that are a word.
WORDS = {
    "knock": "Knock (I play)", "pass": "Pass", "golets": "Take the golets (play alone against all)",
    "look": "Look at my cards", "dark": "Play in the dark (without looking)", "stand": "Keep my cards",
    "razrez": "Cut in (razrez): take 4, throw out 1", "shleif": "Keep the shleif (the pot stays in play)",
    "refuse shleif": "Refuse the shleif", "deal": "Deal the cards", "deal miscount": "Deal the wrong number of cards",
}
#: A move as the table hears it (third person), for the actions that are a word.
SAID = {
    "knock": "knocks", "pass": "passes", "golets": "takes the golets", "look": "looks at the cards",
    "dark": "plays in the dark", "stand": "keeps the cards", "razrez": "cuts in", "shleif": "keeps the shleif",
    "refuse shleif": "refuses the shleif", "deal": "deals the cards",
    "deal miscount": "deals the wrong number of cards",
}
#: Each phase in plain words, for the status line (``"X to act: <words>"``).
PHASE_WORDS = {
    "seat_draw": "the draw for seats: the lowest card deals", "shleif_choice": "the shleif: play it or refuse",
    "shuffle": "the shuffle", "cut": "the cut: cut the deck", "deal": "the deal: deal the cards",
    "declare": "declare: knock or pass", "purchase": "the purchase: change cards or keep them",
    "razrez": "the razrez: cut in or pass", "play": "the play: play a card", "over": "the deal is over",
}


def phase_words(phase: str, legal: Sequence[str]) -> str:
    """The phase in plain words; a purchase or razrez whose only choices (``legal``) are
    discards throws out down to three cards (the shleif dealer's fourth card, a dark buyer's
    extra card, a razrez buyer's fourth)."""
    if phase in ("purchase", "razrez") and legal and all(a.startswith("discard ") for a in legal):
        return PHASE_WORDS[phase].split(":")[0] + ": throw out down to three cards"
    return PHASE_WORDS.get(phase, phase.replace("_", " "))


#: The rule each kind of action follows, where it does not depend on the position.
KIND_RULES = {"golets": "stukolka-rule-golets", "dark": "stukolka-rule-dark", "look": "stukolka-rule-dark",
              "razrez": "stukolka-rule-razrez", "shleif": "stukolka-rule-shleif-refusal",
              "refuse_shleif": "stukolka-rule-shleif-refusal", "deal": "stukolka-rule-deal",
              "deal_expose": "stukolka-rule-misdeal", "deal_miscount": "stukolka-rule-misdeal",
              "deal_by": "stukolka-rule-out-of-turn-deal", "cut": "stukolka-rule-cut", "shuffle": "stukolka-rule-deal",
              "deck": "stukolka-rule-deal", "draw": "stukolka-rule-seat-draw"}


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


#: ``discard unseen``: a dark buyer who has not looked throws out his extra card, naming none.
UNSEEN_INFO = ActionInfo(UNSEEN_DISCARD, "discard", "Throw out one card, unseen", "throws out one card unseen",
                         "stukolka-rule-dark", (), 1, secret=True)


def describe(action: str, held: int = 0, choice_rule: str = "") -> ActionInfo:
    """The canonical, legal ``action`` described (see the module doc): ``held`` is how many cards
    the seat to act holds (holding more than three, a discard only throws the extra cards out),
    ``choice_rule`` the rule that limits the choice now (the play's, the declaration's, the
    purchase's), which a card, a knock or pass, a discard and a blind follow.

    >>> describe("blind 2", 3, "stukolka-rule-dark").said, describe("deal expose 3").words
    ('throws out 2 unseen and draws 3', 'Deal, turning up the 3rd card')
    """
    a = action
    head, _, rest = a.partition(" ")
    rule = choice_rule
    if head == "play":
        c = int(parse_card(rest))
        return ActionInfo(a, "play", "Play " + rest, f"plays {card_name(c)}", rule, (c,))
    if head == "discard":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        k = len(cards)
        said = f"throws out {k}" if held > 3 else f"discards {k} and buys {k}"
        return ActionInfo(a, "discard", "Discard " + rest, said, rule, cards, k, secret=True)
    if head == "blind":
        k = int(rest)
        words = "Throw out none, draw 1" if k == 0 else f"Throw out {k} unseen, draw {k + 1}"
        said = "throws out none, unseen, and draws 1" if k == 0 else f"throws out {k} unseen and draws {k + 1}"
        return ActionInfo(a, "blind", words, said, rule, (), k)
    if a in ("knock", "pass", "stand"):
        return ActionInfo(a, a, WORDS[a], SAID[a], rule)
    if head == "cut":
        k = int(rest)
        return ActionInfo(a, "cut", f"Cut {k} cards", f"cuts {k} cards", KIND_RULES["cut"], (), k)
    if head == "shuffle":
        return ActionInfo(a, "shuffle", "Shuffle the pack", "shuffles the pack", KIND_RULES["shuffle"], (), int(rest))
    if head == "deck":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        return ActionInfo(a, "deck", "Lay the pack in this order", "lays the pack in order", KIND_RULES["deck"], cards)
    if head == "draw":
        cards = tuple(int(parse_card(t)) for t in rest.split())
        return ActionInfo(a, "draw", "Draw for seats", "draw for seats: " + rest, KIND_RULES["draw"], cards)
    if a.startswith("deal expose "):
        k = int(a.split()[2])
        return ActionInfo(a, "deal_expose", f"Deal, turning up the {_ordinal(k)} card",
                          f"deals and turns up the {_ordinal(k)} card", KIND_RULES["deal_expose"], (), k)
    if a.startswith("deal by "):
        parts = a.split()
        p = int(parts[2])
        noticed = ", noticed in time" if len(parts) == 4 else ""
        return ActionInfo(a, "deal_by", f"Seat {p} deals out of turn{noticed}",
                          f"lets seat {p} deal out of turn{noticed}", KIND_RULES["deal_by"], (), p)
    kind = {"refuse shleif": "refuse_shleif", "deal miscount": "deal_miscount"}.get(a, a)
    return ActionInfo(a, kind, WORDS[a], SAID[a], KIND_RULES[kind])
