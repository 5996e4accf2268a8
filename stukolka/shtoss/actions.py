"""The action strings of shtoss (and Pharaon's use of them): reading an action against the
grammar, writing its canonical form, and describing it in a position
(``docs/shtoss-actions.md``).

>>> read_action("Stake Q♠ 30"), read_action("deck 9♣, 3♦")
(('stake', ['Q♠', '30']), ('deck', ['9♣', '3♦']))
>>> canonical("stake", ["Д♠"], 5), canonical("cut", ["07"], 1)
('stake Q♠ 5', 'cut 7')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stukolka.base import ActionInfo, GameState
from stukolka.cards import Cards, parse_card
from stukolka.i18n import DEFAULT, Msg, check_lang
from stukolka.errors import StukolkaError
from stukolka.shtoss.checks import MAX_ACTION_LENGTH, invalid, parse_int, short
from stukolka.shtoss.rules import rule_tag
from stukolka.shtoss.stakes import CardWords, Joined, Phase, refusal_words

if TYPE_CHECKING:
    import stukolka.shtoss.state

__all__ = ["HINT", "GRAMMAR", "action_text", "apply_atomically", "refusal", "read_action", "number", "canonical",
           "describe"]

#: The form of a shtoss action, for an error about one that is not a string.
HINT = "an action is a string such as 'stake Q♠ 30' or 'next'"


def action_text(action: object, hint: str) -> str:
    """``action`` if it is a string of at most :data:`~stukolka.shtoss.checks.MAX_ACTION_LENGTH`
    characters (shtoss and Pharaon read nothing else), stripped; else an
    :class:`~stukolka.errors.InvalidActionError` with ``hint``, the form an action takes."""
    if not isinstance(action, str):
        raise invalid(short(action), hint, rule_tag("shtoss-rule-roles", "H-4"))
    if len(action) > MAX_ACTION_LENGTH:
        raise invalid(action, f"an action is at most {MAX_ACTION_LENGTH} characters, this one has {len(action)}",
                      rule_tag("shtoss-rule-roles", "H-4"))
    return action.strip()


def apply_atomically(state: Any, action: object, hint: str) -> None:
    """Apply ``action`` to ``state`` through its ``_apply``, which returns the action in its
    canonical form (kept in the history); if anything raises, put the state back exactly as
    it was, so that a refused action changes nothing."""
    action = action_text(action, hint)
    saved = state._snapshot()
    try:
        canonical = state._apply(action)
    except BaseException:
        state._restore(saved)
        raise
    state._history.append(canonical)


def refusal(state: GameState, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
    """Why ``state`` refuses ``action`` now, as ``(text, rule label)`` in ``lang``, or ``None`` if
    it is legal: the action is tried on a copy (a shtoss deal's and Pharaon's ``why_illegal``)."""
    check_lang(lang)
    trial = state.clone()
    try:
        trial.apply_action(action)
    except StukolkaError as exc:
        return refusal_words(exc, action, lang)
    return None


def number(text: str, action: str, what: str, rule: str = "") -> int:
    """A whole number in ASCII digits, or an :class:`~stukolka.errors.InvalidActionError` naming
    ``rule`` (by default the kush's)."""
    return parse_int(text, action, what, rule or rule_tag("shtoss-rule-kush", "2.3.3"))


#: verb -> (fewest words after it, most words after it (None: any), the form, the rule)
GRAMMAR: dict[str, tuple[int, int | None, str, tuple[str, str]]] = {
    "stake": (1, 2, "stake <card> [kush]", ("shtoss-rule-kush", "2.3.3")),
    "pair": (2, 3, "pair <card> <card> [kush]", ("shtoss-rule-pair-bet", "H-11")),
    "done": (0, 0, "done", ("shtoss-rule-kush", "2.3.3")),
    "stop": (0, 0, "stop", ("shtoss-rule-mid-deal-bets", "H-13")),
    "accept": (0, 0, "accept", ("shtoss-rule-banker-refusal", "H-5")),
    "refuse": (0, 0, "refuse", ("shtoss-rule-banker-refusal", "H-5")),
    "cut": (1, 1, "cut <k>", ("shtoss-rule-podrezka", "2.3.4")),
    "card": (1, 1, "card <card>", ("shtoss-rule-metka", "2.3.5")),
    "shuffle": (1, 1, "shuffle <seed>", ("shtoss-rule-metka", "2.3.5")),
    "deck": (1, None, "deck <card> <card> ...", ("shtoss-rule-metka", "2.3.5")),
    "next": (0, 0, "next", ("shtoss-rule-metka", "2.3.5")),
}


def read_action(action: str) -> tuple[str, list[str]]:
    """An action's verb and its words, checked against the grammar (:data:`GRAMMAR`); an
    action that cannot be read raises :class:`~stukolka.errors.InvalidActionError`."""
    words = action.split()
    if not words:
        raise invalid(action, "empty action", rule_tag("shtoss-rule-roles", "H-4"))
    verb, args = words[0].lower(), words[1:]
    if verb not in GRAMMAR:
        raise invalid(action, "unknown verb; use " + ", ".join(GRAMMAR), rule_tag("shtoss-rule-roles", "H-4"))
    low, high, form, (label, spec) = GRAMMAR[verb]
    if verb == "deck":
        args = " ".join(args).replace(",", " ").split()
    if len(args) < low or (high is not None and len(args) > high):
        raise invalid(action, f"expected {form!r}", rule_tag(label, spec))
    return verb, args


def canonical(verb: str, args: list[str], kush: int) -> str:
    """The canonical form of an action read by :func:`read_action` (``stake Q♠ 10``,
    ``deck 9♣ 3♦``); ``kush`` is the staker's kush, for a stake that names none."""
    if verb in ("stake", "pair"):
        n = 2 if verb == "pair" else 1
        cards = " ".join(str(parse_card(a)) for a in args[:n])
        return f"{verb} {cards} {int(args[n]) if len(args) > n else kush}"
    if verb in ("cut", "shuffle"):
        return f"{verb} {int(args[0])}"
    if verb in ("card", "deck"):
        return verb + " " + " ".join(str(parse_card(a)) for a in args)
    return verb


def _the(card: int) -> CardWords:
    """A card as a reader says it: ``the queen of spades`` (``Д♠``)."""
    return CardWords(cards=(card,))


def _side(place: int, deal_length: int) -> Msg:
    """Where the card at ``place`` (1-based) of the banker's deck falls: right (odd), left (even),
    or out of the deal (the cut card, when it drops out)."""
    if place > deal_length:
        return Msg("shtoss.side.out")
    return Msg("shtoss.side.right" if place % 2 else "shtoss.side.left")


def _info(lang: str, action: str, kind: str, words: Msg, said: Msg, rule: str, cards: tuple[int, ...] = (),
          count: int | None = None, secret: bool = False) -> ActionInfo:
    return ActionInfo(action, kind, words.text(lang), said.text(lang), rule, cards, count, secret)


def describe(state: stukolka.shtoss.state.ShtossState, action: str, lang: str = DEFAULT) -> ActionInfo:
    """``action`` described in ``state``, before it is made, in ``lang``
    (:meth:`ShtossState.describe_action <stukolka.shtoss.state.ShtossState.describe_action>`)."""
    check_lang(lang)
    verb, args = read_action(action_text(action, HINT))
    label, spec = GRAMMAR[verb][3]
    rule = label
    p = state.current_player()
    if verb in ("stake", "pair"):
        n = 2 if verb == "pair" else 1
        cards = tuple(int(parse_card(a)) for a in args[:n])
        kush = number(args[n], action, "kush") if len(args) > n else state.default_kush.get(p, state.initial_kush)
        text = str(Cards(cards))
        written = f"{verb} {text} {kush}"
        face_down = state.dealt == 0
        rule = "shtoss-rule-mid-deal-bets" if state.phase is Phase.BETS else label
        if verb == "pair":
            pair = {"kush": kush, "a": _the(cards[0]), "b": _the(cards[1])}
            return _info(lang, written, verb, Msg("shtoss.do.pair", pair),
                         Msg("shtoss.said.pair_down", {"kush": kush}) if face_down else Msg("shtoss.said.pair", pair),
                         rule, cards, kush, face_down)
        again = state.phase is Phase.STAKE and any(st.punter == p and st.cards == Cards(cards) for st in state.stakes)
        one = {"kush": kush, "card": _the(cards[0])}
        if again:
            return _info(lang, written, verb, Msg("shtoss.do.again", one), Msg("shtoss.said.again", {"kush": kush}),
                         rule, cards, kush, face_down)
        return _info(lang, written, verb, Msg("shtoss.do.stake", one),
                     Msg("shtoss.said.stake_down", {"kush": kush}) if face_down else Msg("shtoss.said.stake", one),
                     rule, cards, kush, face_down)
    if verb == "stop":
        return _info(lang, "stop", verb, Msg("shtoss.do.stop"), Msg("shtoss.said.stop"), rule)
    if verb == "done":
        if state.phase is Phase.STAKE and not any(st.punter == p for st in state.stakes):
            return _info(lang, "done", verb, Msg("shtoss.do.sit_out"), Msg("shtoss.said.sit_out"),
                         "shtoss-rule-bank-limit")
        if state.phase is Phase.BETS:
            return _info(lang, "done", verb, Msg("shtoss.do.no_new"), Msg("shtoss.said.no_new"),
                         "shtoss-rule-mid-deal-bets")
        if state.rules.mid_deal_bets:
            return _info(lang, "done", verb, Msg("shtoss.do.done_for_now"), Msg("shtoss.said.done_for_now"), rule)
        return _info(lang, "done", verb, Msg("shtoss.do.done"), Msg("shtoss.said.done"), rule)
    if verb in ("accept", "refuse"):
        pending = state._pending
        raised = None if pending is None else pending.kush
        of = "" if raised is None else "_of"
        fields = {} if raised is None else {"kush": raised}
        return _info(lang, verb, verb, Msg(f"shtoss.do.{verb}{of}", fields), Msg(f"shtoss.said.{verb}{of}", fields),
                     rule, (), raised)
    if verb == "cut":
        k = number(args[0], action, "cut point", rule_tag(label, spec))
        return _info(lang, f"cut {k}", verb, Msg("shtoss.do.cut", {"k": k}), Msg("shtoss.said.cut", {"k": k}),
                     rule, (), k)
    if verb == "next":
        a = state.dealt + 1
        b = min(a + 1, state.deal_length)
        abcug = state.dealt // 2 + 1
        words = Msg("shtoss.do.next_one", {"n": abcug, "a": a}) if b == a else \
            Msg("shtoss.do.next", {"n": abcug, "a": a, "b": b})
        return _info(lang, "next", verb, words, Msg("shtoss.said.next", {"n": abcug}), rule)
    place = len(state._order) + 1
    if verb == "shuffle":
        seed = number(args[0], action, "seed", rule_tag(label, spec))
        return _info(lang, f"shuffle {seed}", verb, Msg("shtoss.do.shuffle", {"seed": str(seed)}),
                     Msg("shtoss.said.shuffle"), rule, secret=True)
    cards = tuple(int(parse_card(a)) for a in args)
    written = f"{verb} {Cards(cards)}"
    if verb == "card":
        return _info(lang, written, verb,
                     Msg("shtoss.do.card", {"card": _the(cards[0]), "side": _side(place, state.deal_length)}),
                     Msg("shtoss.said.card", {"place": place}), rule, cards, secret=True)
    laid = [Msg("shtoss.laid", {"card": _the(c), "side": _side(place + i, state.deal_length)})
            for i, c in enumerate(cards[:2])]
    rest = len(state._deck) - len(state._order) - len(laid)
    then: Msg | str = Msg("shtoss.then", {"rest": rest}) if rest > 0 else ""
    return _info(lang, written, verb, Msg("shtoss.do.deck", {"laid": Joined(parts=tuple(laid)), "then": then}),
                 Msg("shtoss.said.deck"), rule, cards, secret=True)
