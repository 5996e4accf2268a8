"""The stored picture of a live table: the card table as it will look, drawn at build time.

A live table's placeholder holds a picture of the same deal (``live_tables.placeholder_html``),
shown at once and while the page's Python loads.  It is drawn like the table it becomes -- the
green felt, the seats around it with their card backs, the trump and the stock (Stukolka), the
banker's deck and the two piles (shtoss, Pharaon), the talon and the pile (the shedding game),
your hand below and your choices as buttons -- from the engine's own view (``LiveTable``, the
driver the page's Python runs), at the first moment the reader has something to do: the bots
have made their moves up to the first person's turn.  Only what that person may see is drawn (the
driver's view for his seat: no other hand).  The buttons are disabled: the picture plays nothing.
A position that asks a question (``:ask:``, ``stukolka.live.questions``) gives nothing of its
answer away: with ``legal`` no card is raised or dimmed, and the moves it asks about are drawn
instead of the legal ones; a seat that has not looked at its cards (the dark) has no hand in
the view, and none is drawn.  Styled by ``book/css/live-picture.css``.  Nothing here decides a
rule: every word and number comes from the view.

The picture speaks its table's language (``lang``, as the page's ``{live-table}``): the engine's
view and the choices' words are asked for in it, and the picture's own words are the live table's
messages (``stukolka/i18n/<lang>/table.json``, ``table.*``; those only the picture says are
``table.picture.*``), so the picture and the table it becomes say the same thing.
"""

from __future__ import annotations

import html
from typing import Any

from stukolka.i18n import DEFAULT, catalogue, tr

CARD_WIDTH = 48
SMALL_WIDTH = 34
MAX_BUTTONS = 5          # more choices than this are drawn as one list


def esc(x: Any) -> str:
    return html.escape("" if x is None else str(x), quote=True)


def _known(prefix: str, word: Any, lang: str) -> str:
    """A word of the view (a role, a declaration) as the live table says it: its ``prefix + word``
    message where the catalogue has one, else the view's own word."""
    key = f"{prefix}{word}"
    return tr(key, lang) if word and key in catalogue(lang) else str(word or "")


def _svg(card: int | None, width: int = CARD_WIDTH, face_down: bool = False, lang: str = DEFAULT) -> str:
    """A card (or a back) named in ``lang``; an English picture names each card in both languages,
    as the book's card pictures do."""
    from stukolka.cards import card_svg  # noqa: PLC0415

    return card_svg(card, width=width, palette="four", face_down=face_down or card is None,
                    lang=None if lang == DEFAULT else lang)


def _card_of(item: Any) -> int | None:
    if isinstance(item, dict):
        item = item.get("card")
    return item if isinstance(item, int) and not isinstance(item, bool) else None


def cards_row(items: list[Any], width: int = CARD_WIDTH, cls: str = "lp-cards", legal: bool = False,
              lang: str = DEFAULT) -> str:
    """Cards face up; with ``legal``, a hand in which some card may be played now dims the others."""
    out = []
    some = legal and any(isinstance(i, dict) and i.get("legal") for i in items)
    for item in items:
        card = _card_of(item)
        dim = some and isinstance(item, dict) and not item.get("legal")
        out.append(f'<span class="lp-card{" lp-dim" if dim else ""}">{_svg(card, width, lang=lang)}</span>')
    return f'<div class="{cls}">{"".join(out)}</div>' if out else ""


def backs(n: int, cap: int = 8, lang: str = DEFAULT) -> str:
    n = max(0, int(n or 0))
    if not n:
        return ""
    shown = "".join(f'<span class="lp-back">{_svg(None, 14, face_down=True, lang=lang)}</span>' for _ in range(min(n, cap)))
    more = f'<span class="lp-more">+{n - cap}</span>' if n > cap else ""
    label = esc(tr("table.picture.backs-aria", lang, n=n))
    return f'<span class="lp-backs" aria-label="{label}">{shown}{more}</span>'


def actions_html(view: dict[str, Any], hand_drawn: bool = False, lang: str = DEFAULT) -> str:
    """The choices of the person to act as disabled buttons (a list when there are many).  Where
    the hand is drawn, playing one of its cards is done on the card, as at the live table."""
    actions = view.get("actions") or [{"action": a, "words": a} for a in view.get("legal") or []]
    actions = [a for a in actions if isinstance(a, dict)]
    if hand_drawn:
        plays = [a for a in actions if a.get("kind") == "play" or str(a.get("action", "")).startswith("play ")]
        if plays and len(plays) == len(actions):
            return f'<p class="lp-note lp-hint">{esc(tr("table.picture.play-from-hand", lang))}</p>'
        actions = [a for a in actions if a not in plays]
    words = [str(a.get("words") or a.get("action") or "") for a in actions]
    words = [w[:1].upper() + w[1:] for w in words if w]
    if not words:
        return ""
    if len(words) <= MAX_BUTTONS:
        buttons = "".join(f'<button type="button" disabled>{esc(w)}</button>' for w in words)
        return f'<div class="lp-actions">{buttons}</div>'
    options = "".join(f"<option>{esc(w)}</option>" for w in words[:60])
    return (f'<div class="lp-actions"><label>{esc(tr("table.picture.your-move", lang))} <select disabled>{options}</select></label>'
            f'<button type="button" disabled>{esc(tr("table.picture.play-it", lang))}</button></div>')


def _seat_name(seat: int, view: dict[str, Any], people: list[int], lang: str = DEFAULT) -> str:
    if seat == view.get("seat") and seat in people:
        return tr("table.picture.you-seat", lang, n=seat)
    return tr("table.seat-name" if seat in people else "table.seat-bot", lang, n=seat)


def status_line(view: dict[str, Any], people: list[int], lang: str = DEFAULT) -> str:
    text = view.get("phase_words")
    if not text:
        to_act = view.get("to_act")
        phase = view.get("phase") or ""
        if view.get("terminal") or phase == "over":
            text = tr("table.deal-over", lang)
        elif isinstance(to_act, int) and to_act >= 0:
            who = _seat_name(to_act, view, people, lang)
            text = (tr("table.picture.to-act-phase", lang, who=who, phase=phase) if phase
                    else tr("table.picture.to-act", lang, who=who))
        else:
            text = phase
    return f'<p class="lp-status">{esc(text)}</p>'


# ------------------------------------------------------------------ Stukolka
def stukolka(view: dict[str, Any], people: list[int], legal: bool = True, lang: str = DEFAULT) -> str:
    me = view.get("seat")
    seats = [s for s in view.get("seats") or [] if isinstance(s, dict)]
    def box(s: dict[str, Any]) -> str:
        bits = [esc(_known("table.stukolka-role-", s.get("role"), lang))]
        bits.append(esc(tr("table.stukolka-balance", lang, balance=s.get("balance"))))
        if s.get("declaration"):
            bits.append(f"<i>{esc(_known('table.stukolka-decl-', s['declaration'], lang))}</i>")
        bits.append(esc(tr("table.stukolka-tricks", lang, tricks=s.get("tricks", 0))))
        mine = s.get("seat") == me and me in people
        cls = "lp-seat" + (" lp-you" if mine else "") + (" lp-to-act" if s.get("to_act") else "")
        cards = "" if mine else backs(s.get("cards", 0), lang=lang)
        return (f'<div class="{cls}"><b>{esc(_seat_name(s.get("seat", 0), view, people, lang))}</b>'
                f'<span>{" · ".join(b for b in bits if b)}</span>{cards}</div>')
    others = "".join(box(s) for s in seats if not (s.get("seat") == me and me in people))
    mine = "".join(box(s) for s in seats if s.get("seat") == me and me in people)
    trump = view.get("trump") or {}
    turned = trump.get("turned")
    centre = []
    if isinstance(turned, int):
        centre.append(f'<div class="lp-pile">{_svg(turned, lang=lang)}'
                      f'<small>{esc(tr("table.stukolka-trump", lang, symbol=trump.get("symbol") or ""))}</small></div>')
    stock = view.get("stock") or 0
    centre.append(f'<div class="lp-pile">{_svg(None, face_down=True, lang=lang)}'
                  f'<small>{esc(tr("table.stukolka-stock", lang, n=stock))}</small></div>')
    trick = view.get("current_trick") or []
    if trick:
        centre.append(f'<div class="lp-pile">{cards_row(trick, SMALL_WIDTH, lang=lang)}'
                      f'<small>{esc(tr("table.picture.this-trick", lang))}</small></div>')
    pot = (f'<p class="lp-note">{esc(tr("table.stukolka-pot", lang, pot=view.get("pot")))}</p>'
           if view.get("pot") is not None else "")
    return (f'<div class="lp-felt lp-oval"><div class="lp-top">{others}</div>'
            f'<div class="lp-centre">{"".join(centre)}</div>{pot}<div class="lp-bottom">{mine}</div></div>'
            + cards_row(view.get("hand") or [], CARD_WIDTH, "lp-hand", legal=legal, lang=lang))


# ------------------------------------------------------------------ shtoss, Pharaon, the Queen of Spades
def _story(evening: dict[str, Any], lang: str) -> str:
    """The evening of *The Queen of Spades* as the table starts it.  The record's own story is
    English; another language tells the evening as its live table does before the settlement."""
    if lang == DEFAULT:
        return f'{esc(evening.get("name", "").capitalize())}: {esc(evening.get("story", ""))}'
    number = evening.get("number")
    key = "table.shtoss-evening-meant" if evening.get("intended") else f"table.shtoss-evening-{number}"
    name = tr(key, lang) if key in catalogue(lang) else str(evening.get("name", "")).capitalize()
    title = tr("table.shtoss-story-title-meant" if evening.get("intended") else "table.shtoss-story-title", lang,
               evening=name)
    return esc(title) + esc(tr("table.shtoss-story-brings", lang, capital=evening.get("capital_before", "")))


def banking(view: dict[str, Any], people: list[int], legal: bool = True, lang: str = DEFAULT) -> str:
    deck = view.get("banker_deck", view.get("deck_size", 0))
    right, left = view.get("right") or [], view.get("left") or []
    def pile(cards: list[Any], name: str) -> str:
        top = _svg(cards[-1], lang=lang) if cards else '<span class="lp-empty">—</span>'
        return f'<div class="lp-pile">{top}<small>{esc(tr("table.shtoss-pile-count", lang, label=name, n=len(cards)))}</small></div>'
    felt = (f'<div class="lp-felt lp-rect"><div class="lp-centre">'
            f'<div class="lp-pile">{_svg(None, face_down=True, lang=lang)}<small>{html.escape(tr("table.shtoss-deck", lang, n=deck), quote=False)}</small></div>'
            f"{pile(right, tr('table.picture.right-pile', lang))}{pile(left, tr('table.picture.left-pile', lang))}</div>"
            f'<p class="lp-note">{esc(tr("table.picture.abcugs-laid", lang, n=len(view.get("abcugs") or [])))}</p></div>')
    bankrolls = view.get("bankrolls") or []
    stakes: dict[int, list[dict[str, Any]]] = {}
    for st in view.get("stakes") or []:
        if isinstance(st, dict):
            stakes.setdefault(int(st.get("punter", 0)), []).append(st)
    boxes = []
    for seat in range(len(bankrolls)):
        name = tr("table.shtoss-banker", lang) if seat == 0 else tr("table.shtoss-punter", lang, n=seat)
        if seat in people:
            name = tr("table.shtoss-you", lang, who=name)
        elif not people or seat not in people:
            name = tr("table.shtoss-bot", lang, who=name)
        mine = stakes.get(seat, [])
        if seat == 0:
            detail = ""
        elif mine:
            detail = "".join(f'<span class="lp-stake">{cards_row(s.get("cards") or [], SMALL_WIDTH, lang=lang)} '
                             f'{esc(tr("table.picture.kush", lang, kush=s.get("kush")))}</span>'
                             for s in mine)
        else:
            detail = f'<span>{esc(tr("table.shtoss-no-stake", lang))}</span>'
        cls = "lp-box" + (" lp-you" if seat in people else "") + (" lp-to-act" if seat == view.get("to_act") else "")
        capital = tr("table.shtoss-capital", lang, capital=bankrolls[seat]).strip()
        boxes.append(f'<div class="{cls}"><b>{esc(name)}</b> <span>{esc(capital)}</span>'
                     f'<div class="lp-stakes">{detail}</div></div>')
    evening = view.get("evening") or {}
    story = f'<p class="lp-note">{_story(evening, lang)}</p>' if evening else ""
    return story + felt + f'<div class="lp-boxes">{"".join(boxes)}</div>'


# ------------------------------------------------------------------ the shedding game
SUITS = ("spades", "hearts", "diamonds", "clubs")    # the view's suit words, as faraon.suit.<n> says them


def _suit(word: Any, lang: str) -> str:
    return tr(f"faraon.suit.{SUITS.index(word)}", lang) if word in SUITS else str(word)


def shedding(view: dict[str, Any], people: list[int], legal: bool = True, lang: str = DEFAULT) -> str:
    def seat(o: dict[str, Any]) -> str:
        count = tr("table.picture.cards", lang, k=o.get("cards"))
        dealer = f" · {tr('table.faraon-dealer', lang)}" if o.get("dealer") else ""
        return (f'<div class="lp-seat{" lp-to-act" if o.get("to_act") else ""}">'
                f'<b>{esc(_seat_name(o.get("seat", 0), view, people, lang))}</b>'
                f'<span>{esc(count + dealer)}</span>{backs(o.get("cards", 0), lang=lang)}</div>')
    others = "".join(seat(o) for o in view.get("others") or [] if isinstance(o, dict))
    pile = view.get("pile") or {}
    top = (pile.get("top") or {}).get("card") if isinstance(pile.get("top"), dict) else None
    follow = tr("table.picture.follow", lang, suit=_suit(pile.get("suit"), lang)) if pile.get("suit") else ""
    centre = (f'<div class="lp-pile">{_svg(None, face_down=True, lang=lang)}<small>{esc(tr("table.faraon-talon", lang, n=view.get("talon", 0)))}</small></div>'
              f'<div class="lp-pile">{_svg(top, lang=lang) if top is not None else "—"}'
              f'<small>{esc(tr("table.picture.pile", lang, n=pile.get("size", 0)) + follow)}</small></div>')
    return (f'<div class="lp-felt lp-rect"><div class="lp-top">{others}</div><div class="lp-centre">{centre}</div></div>'
            + cards_row(view.get("hand") or [], CARD_WIDTH, "lp-hand", legal=legal, lang=lang))


DRAWERS = {"stukolka": stukolka, "shtoss": banking, "pharaon": banking, "queen_of_spades": banking, "faraon": shedding}
GAMES = ("stukolka", "shtoss", "pharaon", "queen_of_spades", "faraon")     # each named by table.picture.game-<game>


def picture(game: str, options: dict[str, Any], seed: int, people: list[int], ask: dict[str, Any] | None = None,
            lang: str = DEFAULT) -> str:
    """The picture of a live table's first decision (HTML), as the engine's view for its person,
    in the table's language ``lang``; with a ``legal`` question (``ask``) no card is raised or
    dimmed and its moves are drawn as asked."""
    from stukolka.live import LiveTable  # noqa: PLC0415

    table = LiveTable(game, options, seed, people, lang=lang)
    if table.people:
        table.run_bots()                      # the bots' moves up to the first person's turn
    seat = table.people[0] if table.people else None
    if seat is not None and table.shared() and table.to_act() in table.people:
        seat = None                          # several people at one screen: nobody's hand is shown
    view = table.view(seat)
    drawer = DRAWERS.get(game, stukolka)
    title = tr(f"table.picture.game-{game}", lang) if game in GAMES else game
    question = (ask or {}).get("kind") == "legal"
    if question and (ask or {}).get("moves"):        # the moves asked about, not the legal ones
        view = {**view, "actions": [{"action": m.get("action"), "words": m.get("words")} for m in (ask or {})["moves"]]}
    elif question:                                     # the cards asked about: no other move (a draw says none fits)
        view = {**view, "actions": [], "legal": []}
    return (f'<div class="lp lp-{esc(game)}" role="group" aria-label="{esc(tr("table.picture.aria", lang, title=title))}">'
            f'{status_line(view, table.people, lang)}{drawer(view, table.people, not question, lang)}'
            f'{actions_html(view, hand_drawn=bool(view.get("hand")), lang=lang)}</div>')
