"""The one family of errors the package raises on bad input.

Every error is a :class:`StukolkaError` (itself a :class:`ValueError`), quotes the bad
input and, where a rule refuses it, names the rule by its book label (such as
``stukolka-rule-follow-suit``) with the spec id beside it where there is one.  A front
end therefore catches one class.  A refused action leaves the state unchanged.

The message ends with its tag in brackets (``[ST-01, stukolka-rule-stake]``), for a reader of a
notebook or a traceback.  A program reads the same facts from fields, never from the text:
``rule`` is the bare book label (``""`` where no rule refuses), ``spec`` the specification ids
(``"ST-01"``, ``""`` where there is none) and ``text`` the message without any tag.  Only the tags
at the end of the message count: a bracketed label quoted inside it (a bad value, say) is text.
Where the message's tag names no label, the label is given as a keyword, ``rule=``; the message
stays as it is:

>>> e = RulesError("shtoss option 'x' is unknown [spec 8]", rule="shtoss-options-chapter")
>>> e.rule, e.spec, e.text
('shtoss-options-chapter', '8', "shtoss option 'x' is unknown")
>>> RulesError("plie_rule='[faraon-rule-seven]' is not one of 'half', 'push' [shtoss-rule-plie (H-1)]").rule
'shtoss-rule-plie'

>>> from stukolka.cards import parse_card
>>> try:
...     parse_card("Z♠")
... except StukolkaError as exc:
...     print(type(exc).__name__)
CardParseError
>>> e = RulesError("stake 10 is not divisible by 3 [ST-01, stukolka-rule-stake]")
>>> e.rule, e.spec, e.text
('stukolka-rule-stake', 'ST-01', 'stake 10 is not divisible by 3')
>>> e = IllegalActionError("cut 7", "the banker cuts", "shtoss-rule-podrezka (2.3.4)")
>>> e.rule, e.spec, str(e)
('shtoss-rule-podrezka', '2.3.4', "illegal action 'cut 7': the banker cuts [shtoss-rule-podrezka (2.3.4)]")
"""

from __future__ import annotations

import re

__all__ = ["StukolkaError", "RulesError", "InvalidActionError", "IllegalActionError", "CardParseError",
           "DeckError", "RecordError", "BotError", "split_tags"]

#: A book label (``stukolka-rule-stake``, ``live-table-protocol``, ``stukolka-record/1``), with a spec
#: id in parentheses after it where the label carries one (``shtoss-rule-kush (2.3.2)``).
_LABEL = re.compile(r"([a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:/[0-9]+)?)(?: \(([^()]+)\))?")
#: A specification id: ``K-18``, ``ST-01``, ``SH-14``, ``H-6``, or a section of a source (``2.3.4``).
_SPEC = re.compile(r"[A-Z]{1,3}-[0-9]+[a-z]?|[0-9]+(?:\.[0-9]+)+")
#: A section of the specification written out: ``spec 8`` (its id is ``8``).
_SPEC_SECTION = re.compile(r"spec ([0-9]+(?:\.[0-9]+)*)")
#: The last bracketed tag of a message.
_LAST_TAG = re.compile(r"\s*\[([^\[\]]+)\]\s*$")


def _tag_parts(inside: str) -> tuple[list[str], list[str]] | None:
    """The labels and spec ids of one bracketed tag, or ``None`` if it is not a tag."""
    labels: list[str] = []
    specs: list[str] = []
    for part in (p.strip() for p in inside.split(",")):
        m = _LABEL.fullmatch(part)
        section = _SPEC_SECTION.fullmatch(part)
        if m:
            labels.append(m.group(1))
            if m.group(2):
                inner = _SPEC_SECTION.fullmatch(m.group(2))
                specs.append(inner.group(1) if inner else m.group(2))
        elif _SPEC.fullmatch(part):
            specs.append(part)
        elif section:
            specs.append(section.group(1))
        else:
            return None
    return labels, specs


def split_tags(message: str) -> tuple[str, str, str]:
    """A message split into ``(text, rule, spec)``: the words without the rule tags at its end, the
    rule's book label and the spec ids.  Where tags are nested (a record action that does not
    replay, refused by a rule), the rule is the most specific one: a ``-rule-`` label before a
    format or protocol label.  A bracketed label inside the message (quoted input) is not a tag.

    >>> split_tags("record action 3 'x' does not replay: no [stukolka-rule-cut] [stukolka-record/1]")
    ("record action 3 'x' does not replay: no", 'stukolka-rule-cut', '')
    >>> split_tags("seat [0, 1] is taken")
    ('seat [0, 1] is taken', '', '')
    >>> split_tags("name='[faraon-rule-seven]' is bad [shtoss-rule-roles (H-4)]")
    ("name='[faraon-rule-seven]' is bad", 'shtoss-rule-roles', 'H-4')
    """
    labels: list[str] = []
    specs: list[str] = []
    text = message
    while True:
        m = _LAST_TAG.search(text)
        parts = _tag_parts(m.group(1)) if m else None
        if m is None or parts is None:
            break
        labels[:0] = parts[0]
        specs[:0] = parts[1]
        text = text[:m.start()]
    text = text.strip()
    rules = [x for x in labels if "-rule-" in x] or labels
    return text, (rules[0] if rules else ""), ", ".join(dict.fromkeys(specs))


class StukolkaError(ValueError):
    """Base class of every error the engine raises on bad input.

    ``rule``: the book label of the rule that refuses the input (``""`` if none); ``spec``: the
    specification ids beside it (``""`` if none); ``text``: the message in words, without tags."""

    rule: str
    spec: str
    text: str

    def __init__(self, *args: object, rule: str = "") -> None:
        super().__init__(*args)
        message = str(args[0]) if args else ""
        self.text, parsed, self.spec = split_tags(message)
        if not getattr(self, "rule", ""):
            self.rule = parsed
        _set_rule(self, rule)

    def refusal(self) -> tuple[str, str]:
        """``(text, rule)``: the refusal in words (an action's ``reason``, else ``text``) and the book
        label of its rule, as a state's ``why_illegal`` answers.

        >>> IllegalActionError("cut 7", "the banker cuts", "shtoss-rule-podrezka (2.3.4)").refusal()
        ('the banker cuts', 'shtoss-rule-podrezka')
        """
        return str(getattr(self, "reason", "") or self.text), self.rule


class RulesError(StukolkaError):
    """A rules setting that is impossible, e.g. a stake not divisible by 3.

    The message names the value and the rule (spec id such as ``K-18``).
    """


def _set_rule(exc: StukolkaError, rule: str) -> None:
    """Give ``exc`` the bare label and spec of a ``rule`` argument (``"shtoss-rule-kush (2.3.2)"``,
    ``"shtoss-options-chapter"``); an empty ``rule`` changes nothing."""
    parts = _tag_parts(rule) if rule else None
    if parts is None:
        return
    labels, specs = parts
    rules = [x for x in labels if "-rule-" in x] or labels
    if rules:
        exc.rule = rules[0]
    if specs:
        exc.spec = ", ".join(dict.fromkeys([*specs, *[s for s in exc.spec.split(", ") if s]]))


class InvalidActionError(StukolkaError):
    """An action string that cannot be read at all (bad syntax, unknown card)."""

    def __init__(self, action: object, reason: str, rule: str = "") -> None:
        self.action = action
        self.reason = split_tags(reason)[0]
        super().__init__(f"cannot read action {action!r}: {reason}")
        _set_rule(self, rule)


class IllegalActionError(StukolkaError):
    """A well-formed action that the rules forbid in this state.

    ``rule`` is the book label of the rule that forbids it (its spec id in ``spec``);
    ``reason`` the refusal in words, without the action and the tag.
    """

    def __init__(self, action: object, reason: str, rule: str = "") -> None:
        self.action = action
        self.reason = split_tags(reason)[0]
        where = f" [{rule}]" if rule else ""
        super().__init__(f"illegal action {action!r}: {reason}{where}")
        _set_rule(self, rule)


class CardParseError(StukolkaError):
    """A string that is not a card in any supported notation."""

    def __init__(self, text: object, reason: str = "") -> None:
        msg = f"cannot parse {text!r} as a card"
        super().__init__(f"{msg}: {reason}" if reason else msg)
        self.card_text = text
        if not self.rule:
            self.rule = "cards-chapter"


class DeckError(StukolkaError):
    """A deck size, or a card for a deck, that does not exist (the rule: the chapter on cards)."""

    def __init__(self, *args: object, rule: str = "") -> None:
        super().__init__(*args, rule=rule)
        if not self.rule:
            self.rule = "cards-chapter"


class RecordError(StukolkaError):
    """A game record that cannot be loaded: wrong ``format`` or ``game`` tag, missing or
    mistyped fields, malformed JSON, or actions that do not replay."""


class BotError(StukolkaError):
    """A bot asked to act where it cannot (no legal action, a state it does not know)."""
