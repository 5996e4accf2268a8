"""Whole shtoss deals for examples and comparisons, and the playthroughs of shtoss and Pharaon.

The book's notebooks and the explorers play deals through these few functions, so that
there is one way to set up and finish a deal:

* :func:`play_deal` -- one deal from the stakes and the order of the banker's deck;
* :func:`set_up_deal` -- apply set-up actions, answering the banker's question on a raised kush;
* :func:`compare_rules` -- one deal under several sets of rules, side by side;
* :func:`signed`, :func:`edge_percent` -- amounts and edges as the book prints them;
* :func:`playthrough` -- the OpenSpiel-style playthrough of a deal (``playthrough(rules, seed,
  **setup)``, built on :func:`stukolka.base.playthrough`); Pharaon's is
  :func:`stukolka.shtoss.pharaon.playthrough`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping, Sequence, Union

from stukolka.base import playthrough as _playthrough
from stukolka.i18n import DEFAULT, check_lang, number_text, tr
from stukolka.shtoss.odds import banker_edge
from stukolka.shtoss.rules import BANKER, ShtossRules
from stukolka.shtoss.state import ShtossState

__all__ = ["play_deal", "set_up_deal", "compare_rules", "signed", "edge_percent", "playthrough"]

Stakes = Mapping[int, Union[str, Sequence[str]]]  #: punter -> his stake action(s)


def signed(x: int | Fraction, lang: str = DEFAULT) -> str:
    """An amount with its sign, as the book prints a result: ``+10``, ``-10``, ``0``, ``+1/2``
    (in Russian with a true minus and grouped digits, :func:`~stukolka.i18n.number_text`).

    >>> signed(10), signed(Fraction(-5)), signed(0), signed(Fraction(1, 2))
    ('+10', '-5', '0', '+1/2')
    >>> signed(-10, "ru"), signed(47000, "ru")
    ('−10', '+47\u202f000')
    """
    if check_lang(lang) == DEFAULT:
        return f"+{x}" if x > 0 else str(x)
    return ("+" if x > 0 else "") + number_text(x, lang)


def edge_percent(rules: ShtossRules, lang: str = DEFAULT) -> str:
    """The banker's exact edge on a fresh card, shown as a percentage of the kush (in Russian
    with the decimal comma and a no-break space before the per cent sign).

    >>> edge_percent(ShtossRules()), edge_percent(ShtossRules(), "ru")
    ('3.962 %', '3,962\xa0%')
    """
    text = f"{float(banker_edge(rules)) * 100:.3f}"
    return f"{text} %" if check_lang(lang) == DEFAULT else f"{text.replace('.', ',')}\u00a0%"


def set_up_deal(state: ShtossState, actions: Sequence[str], answer: str = "accept", lang: str = DEFAULT) -> list[str]:
    """Apply ``actions`` to ``state`` up to the first ``next``; whenever a stake leaves the
    banker to answer a raised kush, he gives ``answer`` (unless the actions answer themselves).
    Returns a log of what was done, one line an action: in English the actions themselves, in
    another language each as its button says it."""
    check_lang(lang)
    log: list[str] = []
    for a in actions:
        if a == "next":
            break
        if a in ("accept", "refuse") and not (state.current_player() == BANKER
                                              and state.legal_actions() == ["refuse", "accept"]):
            continue  # answered already
        said = a if lang == DEFAULT else state.describe_action(a, lang).words
        state.apply_action(a)
        if a.startswith(("stake", "pair")) and state.current_player() == BANKER \
                and state.legal_actions() == ["refuse", "accept"]:
            state.apply_action(answer)
            log.append(tr(f"shtoss.setup.{answer}", lang, action=said))
        else:
            log.append(said)
    return log


def play_deal(rules: ShtossRules | None = None, stakes: Stakes | None = None, deck: str | int = "", *,
              kush: int = 10, cut: int = 26, answer: str = "accept") -> ShtossState:
    """Play one whole deal for an example: ``stakes`` maps a punter to his stake actions
    (``{1: ["stake 7♦"], 2: ["stake K♥ 20"]}``, one string allowed), ``deck`` is the order
    of the banker's deck after the cut (cards not named follow in the fixed order) or an
    int seed for a shuffle.  The banker gives ``answer`` to every kush above the initial one.

    >>> s = play_deal(stakes={1: "stake 7♦"}, deck="7♠ K♣")
    >>> s.returns()
    [Fraction(10, 1), Fraction(-10, 1)]
    """
    stakes = stakes or {1: ["stake 7♦"]}
    s = ShtossState(rules or ShtossRules(), punters=max(stakes), initial_kush=kush)
    actions: list[str] = []
    for p in range(1, max(stakes) + 1):
        acts = stakes.get(p, [])
        actions += [acts] if isinstance(acts, str) else list(acts)
        actions.append("done")
    actions.append(f"cut {cut}")
    actions.append(f"shuffle {deck}" if isinstance(deck, int) else f"deck {deck}" if deck else "shuffle 0")
    set_up_deal(s, actions, answer)
    while not s.is_terminal():
        s.apply_action("next" if s.current_player() == BANKER else "done")
    return s


def compare_rules(variants: Mapping[str, ShtossRules], stakes: Stakes, deck: str | int, kush: int = 10,
                  *, show: bool = True, names: Callable[[str], str] | None = None,
                  lang: str = DEFAULT) -> dict[str, Fraction]:
    """Play one deal (as :func:`play_deal`) under each set of rules; with ``show`` print each
    one's settlements on a line, in ``lang``, each named ``names(key)`` (else by its key).
    Returns ``{key: punter 1's result}``.

    >>> compare_rules({"default": ShtossRules(), "push": ShtossRules(plie_rule="push")},
    ...               {1: "stake 7♦"}, "7♣ 7♥", show=False)
    {'default': Fraction(-10, 1), 'push': Fraction(0, 1)}
    """
    check_lang(lang)
    out: dict[str, Fraction] = {}
    for name, rules in variants.items():
        s = play_deal(rules, stakes=stakes, deck=deck, kush=kush)
        out[name] = s.returns()[1]
        if show:
            print(f"{names(name) if names else name:28} " + "; ".join(st.msg.text(lang) for st in s.settlements))
    return out


def playthrough(rules: ShtossRules | None = None, seed: int = 0, *, punters: int = 1, initial_kush: int = 1,
                actions: Sequence[str] | None = None) -> str:
    """An OpenSpiel-style playthrough of one shtoss deal (:func:`stukolka.base.playthrough`):
    actions drawn from ``random.Random(seed)``, or replayed from ``actions``.

    >>> text = playthrough(ShtossRules(deck_size=32), 3)
    >>> text.splitlines()[0], "returns:" in text
    ('game: shtoss', True)
    """
    rules = rules or ShtossRules()
    state = ShtossState(rules, punters=punters, initial_kush=initial_kush)
    return _playthrough(state, seed, game="shtoss", rules=rules.to_options(),
                        setup={"punters": punters, "initial_kush": initial_kush}, actions=actions)
