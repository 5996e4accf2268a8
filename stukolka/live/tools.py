"""The book's calculators on a static page: commands of the live driver that need no table.

Two commands, registered by name by :mod:`stukolka.live` (or by :func:`register`):

* ``odds`` -- the shtoss odds explorer.  ``options`` holds
  :class:`~stukolka.shtoss.rules.ShtossRules` fields (those of :data:`ODDS_CONTROLS`); ``n`` and
  ``m`` price a card staked in mid-deal.  The answer has the banker's edge, the punter's and the
  banker's chance to win, the chance of a plie, the chance that the card is decided at each
  place (with the engine's word on who wins there) and the mid-deal edge.
* ``pot`` -- the Stukolka pot calculator.  ``settings`` holds the calculator's numbers
  (:func:`pot_settings`); the answer has the engine's ledger of that deal, the pot in play, a
  trick's third, the payments, the next deal's pot, and whether a worked example still matches.

Both answer with the controls to draw (``controls``: name, label, kind, choices, limits), so a
page and a notebook widget show the same labels.  Every number is the engine's: an exact
``Fraction`` is sent as ``{"exact": "a/b", "text", "percent"}`` (see :func:`exact`),
money as ints.  Nothing here decides a rule; it asks :mod:`stukolka.shtoss.odds`,
:func:`stukolka.shtoss.rules.settle_card` and :mod:`stukolka.stukolka.pot`, and one answer asks the
odds engine once for the fresh card (one enumeration of the outcomes) and once for the mid-deal
card.  Standard library only.

>>> import json
>>> from stukolka.live.driver import handle
>>> register()
>>> reply = json.loads(handle(json.dumps({"cmd": "odds", "options": {}})))
>>> reply["ok"], reply["edge"]["exact"], reply["edge"]["percent"]
(True, '33/833', '3.9616%')
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from stukolka.base import Ledger, RulesError, StukolkaError, money_text
from stukolka.live.registry import register_command
from stukolka.cards import HEARTS, SPADES, make_card
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.shtoss import odds
from stukolka.shtoss.rules import ShtossRules, between_abcugs, settle_card
from stukolka.stukolka.pot import deal_ledger, opening_contributions, paid_at_end, pot_in_play, trick_share

__all__ = ["register", "exact", "ODDS_CONTROLS", "POT_CONTROLS", "ODDS_FIELDS", "POT_FIELDS", "POT_EXAMPLES", "odds_rules", "odds_numbers", "odds_report",
           "mid_deal_numbers", "mid_deal_report", "odds_answer", "pot_settings", "pot_ledger", "pot_report", "pot_answer",
           "DEFAULT_EXAMPLE", "static_picture", "refusal", "said_controls", "percent_text", "example_words",
           "EXAMPLE_WORDS"]


def exact(x: int | Fraction, digits: int = 4) -> dict[str, str]:
    """An exact number for a page: ``exact`` ``"a/b"`` (always with a denominator), ``text`` as a
    reader writes it (``"33/833"``, ``"0"``) and ``percent`` rounded for display only.

    >>> exact(Fraction(33, 833))
    {'exact': '33/833', 'text': '33/833', 'percent': '3.9616%'}
    >>> exact(Fraction(0))["exact"], exact(Fraction(0))["percent"]
    ('0/1', '0.0000%')
    """
    f = Fraction(x)
    return {"exact": f"{f.numerator}/{f.denominator}", "text": str(f), "percent": f"{float(f):.{digits}%}"}


# ---------------------------------------------------------------------------- the odds explorer
#: The explorer's controls, in the order shown: ``name`` (a rules field, or ``n``/``m``), ``kind``
#: (select, check, range), choices (values) or limits, and the rule.  Their words (``label``, the
#: control's accessible name, ``help`` and each choice's) are the catalogue's: :func:`said_controls`.
ODDS_FIELDS: tuple[dict[str, Any], ...] = (
    {"name": "deck_size", "kind": "select", "value": 52, "choices": [52, 36, 32]},
    {"name": "plie_rule", "kind": "select", "value": "banker_wins", "choices": ["banker_wins", "half", "push"],
     "rule": "shtoss-rule-plie"},
    {"name": "position_payouts", "kind": "select", "value": "",
     "choices": ["", "lob_full_gorka_half", "eleven_wins"], "rule": "shtoss-rule-abcug-payouts"},
    {"name": "lob_half", "kind": "check", "value": False, "rule": "shtoss-rule-lob-half"},
    {"name": "lob_half_requires_same_suit", "kind": "check", "value": False, "rule": "shtoss-rule-lob-half"},
    {"name": "thirds", "kind": "check", "value": False, "rule": "shtoss-rule-thirds"},
    {"name": "cut_marker_removed", "kind": "check", "value": False, "rule": "shtoss-rule-podrezka"},
    {"name": "thirteenth_card_premium", "kind": "check", "value": False, "rule": "shtoss-rule-13th-card"},
    {"name": "n", "kind": "range", "value": 52, "min": 2, "max": 52, "step": 2, "rule": "shtoss-rule-mid-deal-bets"},
    {"name": "m", "kind": "range", "value": 4, "min": 1, "max": 4, "step": 1, "rule": "shtoss-rule-mid-deal-bets"},
)
_RULE_FIELDS = tuple(c["name"] for c in ODDS_FIELDS if c["name"] not in ("n", "m"))
_CARD = make_card(12, SPADES)                    # the punter's card (any: the suits are symmetric)
_OTHER = make_card(12, HEARTS)               # a deciding card of another suit, for "who wins at a place"


def _msg(prefix: str, *names: Any) -> str:
    """The catalogue's id of a calculator's word: ``table.<prefix>-<name>-...`` (``_`` written ``-``)."""
    return "table." + "-".join([prefix, *(str(n).replace("_", "-") or "none" for n in names)])


def said_controls(controls: Sequence[Mapping[str, Any]], prefix: str, lang: str = DEFAULT) -> list[dict[str, Any]]:
    """A calculator's controls as the page draws them, with their words in ``lang``: each control's
    ``label`` and ``help`` (``table.<prefix>-<name>`` and ``...-help``) and its choices as
    ``[value, words]``; a per-seat control's label keeps its ``{seat}`` for the page to fill.

    >>> said_controls(ODDS_FIELDS, "odds", "ru")[0]["choices"][1]
    [36, '36 карт']
    """
    check_lang(lang)
    out = []
    for c in controls:
        d = dict(c)
        d["label"] = tr(_msg(prefix, c["name"]), lang, **({"seat": "{seat}"} if c.get("per_seat") else {}))
        d["help"] = tr(_msg(prefix, c["name"], "help"), lang)
        if "choices" in c:
            d["choices"] = [[v, _choice_words(prefix, c["name"], v, lang)] for v in c["choices"]]
        out.append(d)
    return out


def _choice_words(prefix: str, name: str, value: Any, lang: str) -> str:
    if prefix == "odds" and name == "deck_size":
        return tr("table.shtoss-set-deck-size", lang, n=value)
    if prefix == "pot" and name == "example":
        return example_words(value, lang)
    return tr(_msg(prefix, name, value), lang)


def percent_text(x: int | Fraction, lang: str = DEFAULT, digits: int = 4) -> str:
    """A probability as a percentage for display, as ``lang`` writes it: ``3.9616%``, ``3,9616 %``.

    >>> percent_text(Fraction(33, 833), "ru")
    '3,9616\u202f%'
    """
    said = f"{float(x):.{digits}%}"
    return said[:-1].replace(".", ",") + "\u202f%" if check_lang(lang) == "ru" else said


def _in_lang(x: dict[str, str], value: int | Fraction, lang: str, digits: int = 4) -> dict[str, str]:
    return {**x, "percent": percent_text(value, lang, digits)} if lang != DEFAULT else x


#: The explorer's controls said in English (:func:`said_controls`), for a caller that draws them itself.
ODDS_CONTROLS: tuple[dict[str, Any], ...] = tuple(said_controls(ODDS_FIELDS, "odds"))


def odds_rules(options: Mapping[str, Any]) -> ShtossRules:
    """:class:`~stukolka.shtoss.rules.ShtossRules` from the explorer's options (only the fields of
    :data:`ODDS_CONTROLS`; an empty ``position_payouts`` is none).  The engine refuses bad values."""
    if not isinstance(options, Mapping):
        raise RulesError(f"odds options {options!r} must be an object of rules fields [shtoss-rule-roles]")
    unknown = sorted(set(options) - set(_RULE_FIELDS))
    if unknown:
        raise RulesError(f"odds options {unknown!r} are not explorer options (they are {', '.join(_RULE_FIELDS)}) "
                         "[shtoss-rule-roles]")
    opts = dict(options)
    if not opts.get("position_payouts"):
        opts["position_payouts"] = None
    return ShtossRules(**opts)


def odds_numbers(rules: ShtossRules) -> dict[str, Any]:
    """The fresh card's exact numbers, from one enumeration of its outcomes by
    :mod:`stukolka.shtoss.odds` (the payoff law, the places and the plie all come from the same
    cached enumeration): ``edge``, ``punter_wins``, ``banker_wins``, ``plie`` (Fractions),
    ``places`` (place -> Fraction) and ``winners`` (place -> (who wins there, the rule), the
    engine's :func:`~stukolka.shtoss.rules.settle_card` for a card decided there without a plie)."""
    law = odds.payoff_distribution(rules)
    places = odds.deciding_position_distribution(rules)
    winners = {}
    for k in places:
        amount, rule, _mods = settle_card(rules, _CARD, 1, k, _OTHER, False, rules.deal_length)
        winners[k] = ("punter" if amount > 0 else "banker" if amount < 0 else "nobody", rule)
    return {"edge": -sum((a * p for a, p in law.items()), Fraction(0)),
            "punter_wins": sum((p for a, p in law.items() if a > 0), Fraction(0)),
            "banker_wins": sum((p for a, p in law.items() if a < 0), Fraction(0)),
            "plie": odds.plie_probability(rules), "places": places, "winners": winners}


def odds_report(rules: ShtossRules, lang: str = DEFAULT) -> dict[str, Any]:
    """:func:`odds_numbers` for a page: each exact number as :func:`exact` (its percentage as
    ``lang`` writes it), the places as rows (``place``, ``p``, ``bar`` its height against the
    likeliest place, ``winner`` (punter, banker, nobody), ``winner_words`` in ``lang``, ``rule``)."""
    check_lang(lang)
    nums = odds_numbers(rules)
    places = nums["places"]
    top = max(places.values()) if places else Fraction(1)
    rows = [{"place": k, "p": _in_lang(exact(p, 2), p, lang, 2), "bar": round(float(p / top), 4) if top else 0.0,
             "winner": nums["winners"][k][0], "winner_words": tr(f"table.odds-winner-{nums['winners'][k][0]}", lang),
             "rule": nums["winners"][k][1]} for k, p in sorted(places.items())]
    said = {k: _in_lang(exact(nums[k]), nums[k], lang) for k in ("edge", "punter_wins", "banker_wins", "plie")}
    return {**said, "places": rows, "deck_size": rules.deck_size, "deal_length": rules.deal_length}


def mid_deal_numbers(rules: ShtossRules, n: int, m: int) -> tuple[int, int, Fraction]:
    """``(n, m, edge)`` for a card staked in mid-deal: ``n`` is moved to the nearest count between
    abcugs (the engine's :func:`~stukolka.shtoss.rules.between_abcugs`), ``m`` to 1..min(4, n)."""
    for name, v in (("n", n), ("m", m)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise RulesError(f"{name}={v!r} must be a whole number of cards [shtoss-rule-mid-deal-bets]")
    nn = between_abcugs(rules, n)
    mm = max(1, min(m, 4, nn))
    return nn, mm, odds.mid_deal_edge(rules, nn, mm)


def mid_deal_report(rules: ShtossRules, n: int, m: int, lang: str = DEFAULT) -> dict[str, Any]:
    """:func:`mid_deal_numbers` for a page, with the limits of ``n`` (a percentage as ``lang`` writes it)."""
    nn, mm, edge = mid_deal_numbers(rules, n, m)
    return {"n": nn, "m": mm, "n_max": between_abcugs(rules, rules.deal_length), "n_min": between_abcugs(rules, 1),
            "edge": _in_lang(exact(edge), edge, check_lang(lang))}


def odds_answer(msg: Mapping[str, Any]) -> dict[str, Any]:
    """The ``odds`` command: the fresh card (skipped with ``"only": "mid"``) and the mid-deal card,
    the words in the message's ``lang`` (English if none)."""
    lang = _lang(msg)
    rules = odds_rules(msg.get("options") or {})
    out: dict[str, Any] = {"controls": said_controls(ODDS_FIELDS, "odds", lang)}
    if msg.get("only") != "mid":
        out.update(odds_report(rules, lang))
    out["mid"] = mid_deal_report(rules, msg.get("n", rules.deal_length), msg.get("m", 4), lang)
    return out


def _lang(msg: Mapping[str, Any]) -> str:
    lang = msg.get("lang") or DEFAULT
    try:
        return check_lang(str(lang))
    except KeyError as e:
        raise RulesError(f"lang {lang!r}: {e.args[0]} [live-table-protocol]") from None


# ---------------------------------------------------------------------------- the pot calculator
#: The sources' worked examples (rules report, cases ST-02 .. ST-11), as calculator settings
#: and what the sources say the result is.
POT_EXAMPLES: dict[str, dict[str, Any]] = {
    "165 on the table, fee 15; tricks 2, 1, 0": dict(
        stake=15, carry=165, players=3, tricks=[2, 1, 0], active=[True] * 3,
        expect={"pot": 180, "share": 60, "payments": [120, 60, -180], "next_carry": 180, "next_pot": 195}),
    "165 on the table, fee 15; one takes all, two take none": dict(
        stake=15, carry=165, players=4, tricks=[3, 0, 0, 0], active=[True, True, True, False],
        expect={"pot": 180, "next_carry": 360, "next_pot": 375}),
    "45 on the table, fee 15; two take none": dict(
        stake=15, carry=45, players=3, tricks=[3, 0, 0], active=[True] * 3,
        expect={"pot": 60, "share": 20, "payments": [60, -60, -60], "next_carry": 120, "next_pot": 135}),
    "900 in play, five players, two take none": dict(
        stake=15, carry=885, players=5, tricks=[1, 0, 1, 0, 1], active=[True] * 5,
        expect={"pot": 900, "payments": [300, -900, 300, -900, 300], "next_carry": 1800, "next_pot": 1815}),
    "60 in play, tricks 2 + 1": dict(
        stake=15, carry=45, players=3, tricks=[2, 1, 0], active=[True, True, False],
        expect={"pot": 60, "payments": [40, 20, 0], "next_carry": 0}),
    "An obligatory deal, four players, stake 3": dict(
        stake=3, carry=0, players=4, dealer=3, obligatory=True, tricks=[1, 1, 1, 0], active=[True] * 4,
        expect={"contributions": [3, 3, 3, 6], "pot": 15, "share": 5}),
}

#: Each worked example's name in the catalogue (its key above is the English name, the value a page sends).
EXAMPLE_WORDS = {name: f"table.pot-example-{i}" for i, name in enumerate(POT_EXAMPLES, 1)}


def example_words(name: str, lang: str = DEFAULT) -> str:
    """A worked example's name in ``lang`` (``""``: the reader's own numbers)."""
    return tr(EXAMPLE_WORDS[name] if name else "table.pot-example-own", lang)


#: The worked example the pot calculator opens with.
DEFAULT_EXAMPLE = "165 on the table, fee 15; tricks 2, 1, 0"
MAX_SEATS = 7

#: The calculator's controls (as :data:`ODDS_FIELDS`); ``per_seat`` ones repeat for each seat.
POT_FIELDS: tuple[dict[str, Any], ...] = (
    {"name": "example", "kind": "select", "value": "", "choices": ["", *POT_EXAMPLES]},
    {"name": "stake", "kind": "number", "value": 3, "min": 3, "max": 10**6, "step": 3, "rule": "stukolka-rule-stake"},
    {"name": "carry", "kind": "number", "value": 0, "min": 0, "max": 10**9, "step": 3, "rule": "stukolka-rule-pot-in-play"},
    {"name": "players", "kind": "range", "value": 3, "min": 3, "max": MAX_SEATS, "step": 1,
     "rule": "stukolka-rule-player-limits"},
    {"name": "dealer", "kind": "number", "value": 0, "min": 0, "max": MAX_SEATS - 1, "step": 1,
     "rule": "stukolka-rule-dealer-fee"},
    {"name": "obligatory", "kind": "check", "value": False, "rule": "stukolka-rule-obligatory"},
    {"name": "ante_all", "kind": "check", "value": False, "rule": "stukolka-rule-dealer-fee"},
    {"name": "carry_over", "kind": "check", "value": False, "rule": "stukolka-rule-all-pass"},
    {"name": "remiz_cap", "kind": "number", "value": 0, "min": 0, "max": 10**9, "step": 3, "rule": "stukolka-rule-remiz"},
    {"name": "active", "kind": "check", "per_seat": True, "value": True, "rule": "stukolka-rule-declare"},
    {"name": "tricks", "kind": "number", "per_seat": True, "value": 0, "min": 0, "max": 3, "step": 1,
     "rule": "stukolka-rule-trick-share"},
)


#: The pot calculator's controls said in English (:func:`said_controls`).
POT_CONTROLS: tuple[dict[str, Any], ...] = tuple(said_controls(POT_FIELDS, "pot"))


def _whole(settings: Mapping[str, Any], name: str, default: int) -> int:
    v = settings.get(name, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise RulesError(f"{name}={v!r} must be a whole number [stukolka-rule-stake]")
    return v


def pot_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The calculator's settings, completed and checked: ``example`` (a name of :data:`POT_EXAMPLES`,
    or empty: its numbers fill what is left out), ``stake``, ``carry``, ``players``, ``dealer``,
    ``obligatory``, ``ante_all``, ``carry_over``, ``remiz_cap`` (0 = none), ``active`` and ``tricks``
    (one per seat).  A bad value is refused with the rule it breaks."""
    if not isinstance(settings, Mapping):
        raise RulesError(f"pot settings {settings!r} must be an object [stukolka-rule-pot-in-play]")
    name = settings.get("example") or ""
    if name and name not in POT_EXAMPLES:
        raise RulesError(f"example {name!r} is not one of the worked examples ({'; '.join(POT_EXAMPLES)}) "
                         "[stukolka-rule-pot-in-play]")
    base: dict[str, Any] = {"stake": 3, "carry": 0, "players": 3, "dealer": 0, "obligatory": False,
                            "ante_all": False, "carry_over": False, "remiz_cap": 0,
                            "active": [True] * MAX_SEATS, "tricks": [0] * MAX_SEATS}
    if name:
        ex = POT_EXAMPLES[name]
        base.update({k: ex[k] for k in ("stake", "carry", "players")})
        base["dealer"] = ex.get("dealer", 0)
        base["obligatory"] = ex.get("obligatory", False)
        base["ante_all"] = ex.get("ante_mode", "dealer_only") == "all_players"
        base["remiz_cap"] = ex.get("remiz_cap") or 0
        base["carry_over"] = ex.get("all_pass", "dealer_takes") == "carry_over"
        base["active"] = [p < ex["players"] and bool(ex["active"][p]) for p in range(MAX_SEATS)]
        base["tricks"] = [ex["tricks"][p] if p < ex["players"] else 0 for p in range(MAX_SEATS)]
    unknown = sorted(set(settings) - set(base) - {"example"})
    if unknown:
        raise RulesError(f"pot settings {unknown!r} are not calculator settings ({', '.join(sorted(base))}) "
                         "[stukolka-rule-pot-in-play]")
    s = {**base, **{k: v for k, v in settings.items() if k != "example"}, "example": name}
    for k in ("stake", "carry", "players", "dealer", "remiz_cap"):
        _whole(s, k, 0)
    n = s["players"]
    if not 3 <= n <= MAX_SEATS:
        raise RulesError(f"players={n} must be 3 to {MAX_SEATS} [stukolka-rule-player-limits]")
    for k in ("active", "tricks"):
        v = s[k]
        if not isinstance(v, Sequence) or isinstance(v, str) or len(v) < n:
            raise RulesError(f"{k}={v!r} must list one value per seat, {n} seats [stukolka-rule-pot-in-play]")
        s[k] = list(v)[:MAX_SEATS] + list(base[k])[len(v):]
    s["active"] = [bool(a) for a in s["active"]]
    for p, t in enumerate(s["tricks"][:n]):
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 3:
            raise RulesError(f"tricks of seat {p} = {t!r} must be 0 to 3 [stukolka-rule-trick-share]")
    if not 0 <= s["dealer"] < n:
        raise RulesError(f"dealer seat {s['dealer']} is not one of 0..{n - 1} [stukolka-rule-dealer-fee]")
    if s["stake"] <= 0 or s["stake"] % 3:
        raise RulesError(f"stake {s['stake']} must be a positive multiple of 3 [stukolka-rule-stake, ST-01]")
    if s["carry"] < 0 or s["carry"] % 3:
        raise RulesError(f"{s['carry']} on the table is not a multiple of 3 [stukolka-rule-chips-conserved]")
    if s["remiz_cap"] < 0 or s["remiz_cap"] % 3:
        raise RulesError(f"remiz_cap {s['remiz_cap']} must be a positive multiple of 3 [stukolka-rule-remiz, K-20]")
    return s


def pot_ledger(s: Mapping[str, Any]) -> Ledger:
    """The engine's ledger (:func:`stukolka.stukolka.pot.deal_ledger`) of the deal set up by checked
    settings (:func:`pot_settings`)."""
    n, d, stake, carry = s["players"], s["dealer"], s["stake"], s["carry"]
    mode = "all_players" if s["ante_all"] else "dealer_only"
    contrib = opening_contributions(n, d, stake, carry, obligatory=bool(s["obligatory"]), ante_mode=mode)
    active = [bool(s["active"][p]) for p in range(n)]
    tricks = [s["tricks"][p] if active[p] else 0 for p in range(n)]
    if sum(active) > 1 and sum(tricks) != 3:
        raise RulesError(f"the players' tricks add up to {sum(tricks)}, not 3 [stukolka-rule-trick-share]")
    winners = [p for p in range(n) for _ in range(tricks[p])] if sum(active) > 1 else []
    return deal_ledger(n_players=n, dealer=d, stake=stake, carry=carry, contributions=contrib, active=active,
                       trick_winners=winners, cap=s["remiz_cap"] or None, obligatory=bool(s["obligatory"]),
                       ante_mode=mode, all_pass="carry_over" if s["carry_over"] else "dealer_takes",
                       next_dealer=(d + 1) % n)


def pot_report(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's numbers for the calculator's settings: ``contributions``, ``pot`` (in play),
    ``share`` (a trick's third), ``payments`` (paid at the end), ``next_carry``, ``next_pot``,
    ``next_share``, ``net`` and the ``ledger`` itself; ``settings`` as checked; ``check`` lists
    the numbers that differ from the worked example chosen (empty: it matches)."""
    s = pot_settings(settings)
    led = pot_ledger(s)
    n, d, stake = s["players"], s["dealer"], s["stake"]
    mode = "all_players" if s["ante_all"] else "dealer_only"
    obligatory = bool(s["obligatory"])
    contrib = opening_contributions(n, d, stake, s["carry"], obligatory=obligatory, ante_mode=mode)
    pot = pot_in_play(s["carry"], contrib)
    carry = s["carry"] + int(led.table_change())
    nxt = pot_in_play(carry, opening_contributions(n, (d + 1) % n, stake, carry, obligatory=obligatory,
                                                   ante_mode=mode))
    out: dict[str, Any] = {"contributions": list(contrib), "pot": pot, "share": trick_share(pot),
                           "payments": paid_at_end(led)[0], "next_carry": carry, "next_pot": nxt,
                           "next_share": trick_share(nxt), "net": led.net(), "ledger": led, "settings": s}
    out["check"] = ([k for k, v in POT_EXAMPLES[s["example"]]["expect"].items() if out[k] != v]
                    if s["example"] else None)
    return out


def _money(x: int | Fraction) -> str:
    return f"{'+' if x > 0 else ''}{money_text(x)}"


def pot_answer(msg: Mapping[str, Any]) -> dict[str, Any]:
    """The ``pot`` command: :func:`pot_report` with the ledger as rows of words and money (no
    ``settings`` at all: the worked example :data:`~stukolka.live.tools.DEFAULT_EXAMPLE`)."""
    lang = _lang(msg)
    settings = msg.get("settings")
    r = pot_report({"example": DEFAULT_EXAMPLE} if settings is None else settings)
    led: Ledger = r.pop("ledger")
    n = led.seats
    names = [tr("core.seat", lang, n=p) for p in range(n)]
    lines = [{"item": ln.item, "text": ln.words(lang), "rule": ln.rule,
              "amounts": [_money(ln.amounts[p]) if ln.amounts.get(p) else "" for p in range(n)],
              "table": _money(ln.table) if ln.table else ""} for ln in led.lines]
    r["ledger"] = {"seats": names, "lines": lines, "net": [_money(x) for x in led.net()],
                   "table": _money(led.table_change()) if led.table_change() else "0"}
    r["net"] = [int(x) if Fraction(x).denominator == 1 else str(x) for x in r["net"]]
    r["controls"] = said_controls(POT_FIELDS, "pot", lang)
    r["example_names"] = list(POT_EXAMPLES)
    r["example_words"] = example_words(r["settings"]["example"], lang)
    return r


# ---------------------------------------------------------------------------- the stored picture
def static_picture(kind: str, options: Mapping[str, Any] | None = None, lang: str = DEFAULT) -> str:
    """The build-time picture of a calculator (HTML tables of the engine's numbers) that a page
    shows until its Python has started: ``kind`` is ``"odds"`` (``options`` as the ``odds``
    command's, ``n``/``m`` included) or ``"pot"`` (``options`` as the ``pot`` command's settings)."""
    e = html.escape
    opts = dict(options or {})
    if kind == "odds":
        n, m = opts.pop("n", None), opts.pop("m", 4)
        rules = odds_rules(opts)
        r = odds_report(rules, lang)
        md = mid_deal_report(rules, rules.deal_length if n is None else n, m, lang)
        rows = [(tr(f"table.odds-{k.replace('_', '-')}", lang), r[k]) for k in ("edge", "punter_wins", "banker_wins", "plie")]
        rows.append((tr("table.odds-mid-status-caption", lang, n=md["n"], m=md["m"]), md["edge"]))
        return ("<table class='lt-tool-table'><caption>" + e(tr("table.odds-fresh", lang, deck=rules.deck_size))
                + f"</caption><thead><tr><td></td><th scope='col'>{e(tr('table.odds-exact', lang))}</th>"
                f"<th scope='col'>{e(tr('table.odds-percent', lang))}</th></tr></thead>"
                "<tbody>" + "".join(f"<tr><th scope='row'>{e(t)}</th><td class='num'>{e(x['text'])}</td>"
                                    f"<td class='num'>{e(x['percent'])}</td></tr>" for t, x in rows)
                + "</tbody></table>")
    if kind == "pot":
        rep = pot_report(opts or {"example": DEFAULT_EXAMPLE})
        name = rep["settings"]["example"]
        cap = f"<p>{e(example_words(name, lang))}</p>" if name else ""
        led: Ledger = rep["ledger"]
        return cap + led.html(lang)
    raise RulesError(f"calculator {kind!r} is not one of odds, pot [live-table-game]")


# ---------------------------------------------------------------------------- registration
def register() -> None:
    """Make ``odds`` and ``pot`` commands of :func:`stukolka.live.driver.handle` (idempotent)."""
    register_command("odds", odds_answer)
    register_command("pot", pot_answer)


def refusal(exc: StukolkaError) -> dict[str, Any]:
    """An engine refusal as the driver sends it (for a caller outside :func:`~stukolka.live.driver.handle`):
    the error's own fields, never its text parsed."""
    return {"ok": False, "error": exc.text, "rule": exc.rule or "live-table-protocol", "spec": exc.spec,
            "kind": type(exc).__name__}
