"""A Sphinx local extension: live card tables on the book's own pages.

In MyST::

    ```{live-table} stukolka
    :options: {"n_players": 4, "dealer": 0}
    :seed: 7
    :people: [0]
    A four-handed deal of the prikup game: you are seat 1.
    ```

A position (a Stukolka deal with chosen hands, a few moves already made) is set up by
options of its own, merged into ``:options:`` and built by the engine
(``stukolka.stukolka.record.position`` and ``run``)::

    ```{live-table} stukolka
    :variant: prikup
    :players: 3
    :dealer: 0
    :hands: 1: A♠ K♥ 2♦; 2: 3♥ 4♥ 5♦; 0: 6♣ 7♣ 8♣
    :trump: 9♠
    :actions: knock, knock, knock, stand, stand, stand
    :people: [1]
    You lead, holding the trump ace.
    ```

A shtoss or Pharaon table poses a position with ``:pack:`` (the banker's deck from the top as
it lies after the podrezka -- the lob, the sonic, ... -- as many cards as the position needs; the
rest is shuffled by ``:seed:``), ``:punters:`` (shtoss) and ``:actions:`` (the moves already
made, in the engine's action grammar: stakes with their kushes, ``done``, ``stop``, the cut,
Pharaon's ``bank`` and ``name``, and ``next`` for each abcug turned; paroli, a raised default
kush, is the ``kush`` field of ``:options:``).  Built by
``stukolka.live.table_shtoss.new_shtoss`` / ``new_pharaon``::

    ```{live-table} shtoss
    :punters: 1
    :pack: K♣ 7♥ 9♦ 7♣
    :actions: stake 7♠ 2, done, cut 26
    :people: [0]
    The banker is about to turn the first abcug: who wins the punter's seven?
    ```

A table of the shedding game poses one hand with ``:hands:`` (seat: its cards, or the number of
cards it holds, dealt from the seed), ``:pile:`` (the pile, the card to answer last), ``:talon:``
(how many cards lie face down in the talon; the others go under the pile), ``:suit:`` (the suit a
queen on top named), ``:to-act:`` (the seat to play) and ``:actions:`` (moves made from there);
``:players:`` and ``:dealer:`` as for Stukolka.  Built by
``stukolka.live.table_faraon.faraon_position`` (the engine's ``FaraonState.from_position``)::

    ```{live-table} faraon
    :players: 3
    :hands: 0: 9♥ K♠ 7♦ Q♣; 1: 4; 2: 2
    :pile: 9♠
    :talon: 10
    :to-act: 0
    :people: [0]
    Which cards may you lay on the nine of spades?
    ```

A position the engine refuses fails the build with the engine's message, naming the option.  The
stored picture shows only what the seat to act may see; "New deal" at a posed table starts a
fresh deal (the driver's ``new`` with ``fresh``).

A table speaks the page's language (Sphinx ``language``, the page's ``<html lang>``: ``ru`` in the
Russian edition's ``ru/_config.yml``, so its tables need no option and keep the English page's
option lines), or its own with ``:lang:`` (``en`` or ``ru``, a language of the engine's catalogue,
``stukolka.i18n``): a ``:lang: ru`` table on an English page speaks Russian, its neighbour English.
The language goes to the page's driver with the table's ``new`` and from there to every engine call;
the page's words are the catalogue's (``live/i18n.js``, with ``messages.js``, written into
``_static/live/`` beside the scripts by :func:`write_messages`, so a table speaks offline).  What the
build stores is said in the same language (:func:`book_lang`): the tasks' list, a question's words,
a calculator's picture; ``rules.json`` names each rule in every language (``titles``,
:func:`stukolka.base.rule_title`), and a table links it in its own.  A Russian table on an English
page::

    ```{live-table} stukolka
    :lang: ru
    :options: {"n_players": 3}
    Русская сдача.
    ```

A position may ask the reader a question about his first move (``stukolka.live.questions``)::

    ```{live-table} stukolka
    ...
    :ask: legal
    Hearts were led and you cannot beat the jack: which cards may you play?
    ```

``:ask: legal``
    which cards may be played: the table raises and dims no card until the reader has marked the
    cards he thinks may be played and pressed "Check"; the page's Python answers.
``:ask: legal: knock, pass``
    which of these moves (the game's action grammar) are allowed; the engine answers at build time.
``:ask: judgment``
    the reader chooses at the table as usual; then the page shows every option's expected chips
    with a 95% interval (seeded rollouts of the advisor, computed at build time) and
    ``:advice:``, what the sources advise there in the book's own words, the source named
    (or that none speaks of it).

The directive writes a placeholder ``<div class="live-table" data-game=... data-options=... data-seed=...
data-people=... data-ask=...>`` (``data-ask``: the question's JSON, where one is asked) that holds the stored picture of the same deal -- the card table as it will
look at the reader's first move, drawn at build time from the engine's view (``table_picture``)
-- and the caption; on a page that has one, it adds
``_static/live/live.css`` and the module ``_static/live/loader.js``, which start the
in-page Python and swap the picture for the live table (``live/``).  After the build the
``live/`` folder is copied to ``_static/live/``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives

ROOT = Path(__file__).resolve().parent.parent
LIVE = ROOT / "live"
GAMES = ("stukolka", "shtoss", "pharaon", "queen_of_spades", "faraon")
#: The calculators: live on the page too, but with no table (``stukolka.live.tools``).
CALCULATORS = ("odds", "pot")

#: Directive options that set up a position (merged into the table's options), by game.
POSITION_OPTIONS = {
    "stukolka": ("variant", "players", "dealer", "hands", "trump", "stock", "actions"),
    "shtoss": ("punters", "pack", "actions"),
    "pharaon": ("pack", "actions"),
    "faraon": ("players", "dealer", "hands", "pile", "talon", "suit", "to-act", "actions"),
}
#: The table options that make a table a position (the engine builds it at build time to check it).
POSED_BY = {"stukolka": ("hands", "actions"), "shtoss": ("pack", "actions"), "pharaon": ("pack", "actions"),
            "faraon": ("hands", "pile", "talon", "suit", "to_act", "actions")}


def _json(kind: type, what: str):
    def check(text: str | None) -> Any:
        try:
            value = json.loads(text or "")
        except ValueError as e:
            raise ValueError(f"{what} {text!r} is not JSON: {e}") from None
        if not isinstance(value, kind):
            raise ValueError(f"{what} {text!r} must be a JSON {kind.__name__}")
        return value
    return check


def _sibling(name: str) -> Any:
    """A module of this folder (``_ext``), whether or not the folder is on ``sys.path``."""
    import importlib.util  # noqa: PLC0415
    import sys  # noqa: PLC0415

    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def static_picture(game: str, options: dict, seed: int, people: list[int], ask: dict | None = None,
                   lang: str = "en") -> str:
    """The table as it will look when the reader first has a move (HTML: ``table_picture``), or a
    plain note.  A calculator's picture is its first answer, drawn as tables.  With a question
    (``ask``) the picture gives nothing of its answer away."""
    try:
        if game in CALCULATORS:
            from stukolka.live import tools  # noqa: PLC0415
            return tools.static_picture(game, options, lang)
        return _sibling("table_picture").picture(game, options, seed, people, ask=ask, lang=lang)
    except Exception as e:  # the page must still build; the loader then says the table cannot start
        return f"<p>The stored picture could not be drawn ({html.escape(str(e))}).</p>"


def tasks_html(game: str, ids: list[str], page: str, lang: str = "en") -> str:
    """The stored list of a table's tasks (``stukolka.live.tasks``), each item with its
    ``data-progress`` (kind ``task``, id ``<page>-task-<task>``) for the reader's progress page;
    ``live/tasks.js`` ticks it when the engine says a task is done.  An unknown task raises.  The
    words are the catalogue's in ``lang``."""
    from stukolka.errors import RulesError  # noqa: PLC0415
    from stukolka.i18n import tr  # noqa: PLC0415
    from stukolka.live.tasks import TASKS, check_ids  # noqa: PLC0415
    try:
        ids = check_ids(game, ids)
    except RulesError as e:
        raise ValueError(f"live-table :tasks: {e}") from None
    items = []
    for i in ids:
        t = TASKS[game][i]
        words = t.text(lang)
        data = {"kind": "task", "id": f"{page}-task-{i}", "words": words}
        items.append(f'<li class="live-task" data-task="{html.escape(i)}" data-done="no" data-rule="{html.escape(t.rule)}" '
                     f'data-progress="{html.escape(json.dumps(data, ensure_ascii=False), quote=True)}">'
                     f'<span class="live-task-mark" aria-hidden="true">☐</span> '
                     f'<span class="live-task-words">{html.escape(words)}</span></li>')
    title = html.escape(tr("table.tasks-title", lang))
    return (f'<section class="live-tasks" aria-label="{title}"><h4 class="live-tasks-title">{title}'
            f'</h4><ul class="live-task-list">{"".join(items)}</ul></section>')


def _lang(text: str | None) -> str:
    """``:lang: ru``: the language the table speaks (one the catalogue has), whatever the page's."""
    from stukolka.i18n import check_lang  # noqa: PLC0415
    try:
        return check_lang((text or "").strip())
    except KeyError as e:
        raise ValueError(f"live-table :lang: {e.args[0]}") from None


def book_lang(env: Any) -> str:
    """The language of the book being built (Sphinx ``language``, set under ``sphinx: config:`` in
    the edition's ``_config.yml``: ``ru`` in ``ru/_config.yml``) where the engine's catalogue has
    it, else English: the language of a table that names none with ``:lang:``."""
    from stukolka.i18n import DEFAULT, LANGS  # noqa: PLC0415
    said = str(getattr(getattr(env, "config", None), "language", None) or "").lower().replace("-", "_").split("_")[0]
    return said if said in LANGS else DEFAULT


def _task_ids(text: str | None) -> list[str]:
    """``"dark-trick, buy-trick"`` (or a JSON list) -> ``["dark-trick", "buy-trick"]``."""
    text = (text or "").strip()
    if text.startswith("["):
        return [str(a) for a in _json(list, ":tasks:")(text)]
    return [a.strip() for a in text.split(",") if a.strip()]


def placeholder_html(game: str, options: dict | None = None, seed: int = 0, people: list[int] | None = None,
                     caption: str = "", picture: str | None = None, classes: tuple[str, ...] = (),
                     ask: dict | None = None, tasks: str = "", lang: str | None = None,
                     book: str | None = None) -> str:
    """The HTML the directive writes: data attributes for the loader, the stored picture inside.
    ``classes`` are added to the placeholder's (``full-width``: the theme's wide column); ``ask`` is
    the position's question (``stukolka.live.questions.question_data``), stored as ``data-ask``;
    ``tasks`` is the stored list of the table's tasks (:func:`tasks_html`), after the picture;
    ``lang`` the table's own language (``data-lang``; left out, the table speaks the page's), ``book``
    the page's (the language of the stored picture's words when ``lang`` is left out)."""
    if game not in GAMES + CALCULATORS:
        raise ValueError(f"live-table game {game!r} is not one of {', '.join(GAMES + CALCULATORS)}")
    options = dict(options or {})
    people = [0] if people is None else list(people)
    if picture is None:
        picture = static_picture(game, options, seed, people, ask, lang or book or "en")
    attr = lambda v: html.escape(json.dumps(v, ensure_ascii=False), quote=True)  # noqa: E731
    cap = f'<p class="live-caption">{html.escape(caption)}</p>' if caption else ""
    bad = [c for c in classes if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", c)]
    if bad:
        raise ValueError(f"live-table :class: {bad!r} must be CSS class names")
    cls = " ".join(("live-table", *classes))
    return (f'<div class="{cls}" data-game="{html.escape(game)}" data-options="{attr(options)}" '
            f'data-seed="{int(seed)}" data-people="{attr(people)}"'
            + (f' data-ask="{attr(ask)}"' if ask else "")
            + (f' data-lang="{html.escape(_lang(lang))}" lang="{html.escape(lang)}"' if lang else "")
            + f' data-live="static">{cap}'
            f'<div class="live-static">{picture}</div>{tasks}</div>')


def rule_links(objects_inv: Path) -> dict[str, dict[str, str]]:
    """The book's rule labels (``stukolka-rule-…``, ``shtoss-rule-…``, ``faraon-rule-…``) from a
    built ``objects.inv``: label -> {"href": page#anchor from the site root, "title": heading}."""
    import zlib
    data = objects_inv.read_bytes()
    parts = data.split(b"\n", 4)
    if len(parts) < 5 or not parts[0].startswith(b"# Sphinx inventory version 2"):
        raise ValueError(f"{objects_inv} is not a Sphinx inventory (version 2)")
    out: dict[str, dict[str, str]] = {}
    for line in zlib.decompress(parts[4]).decode("utf-8").splitlines():
        m = re.match(r"(\S+) std:label -?\d+ (\S+) ?(.*)$", line)
        if m and re.match(r"(stukolka|shtoss|pharaon|faraon)-rule-", m.group(1)):
            label, uri, title = m.groups()
            out[label] = {"href": uri.replace("$", label) if uri.endswith("$") else uri,
                          "title": "" if title == "-" else title}
    return out


def messages_js() -> str:
    """The message catalogue of every language as one ES module (``export const MESSAGES``): the
    very words of ``stukolka/i18n/<lang>/*.json``, read by ``live/i18n.js``; the page fetches it
    with its other scripts and keeps it offline (:func:`stukolka.live.driver.messages_js`)."""
    from stukolka.live.driver import messages_js as written  # noqa: PLC0415
    return written()


def write_messages(site: Path) -> Path:
    """``SITE/_static/live/messages.js``: the catalogue for the pages' tables (:func:`messages_js`)."""
    dest = site / "_static" / "live" / "messages.js"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(messages_js(), encoding="utf-8")
    return dest


def page_rule_links(objects_inv: Path, other_url: str | None = None) -> dict[str, dict[str, Any]]:
    """The rule links a built site's tables use (``_static/live/rules.json``): :func:`rule_links`,
    each with ``titles``, the rule's name in every language of the catalogue
    (:func:`stukolka.base.rule_title`), which a table says in its own language.  ``other_url``
    (the other edition's site, relative to this one's root, in an edition still being translated)
    adds the rules this edition does not define yet, linked to the other edition's chapter."""
    from stukolka.base import rule_title  # noqa: PLC0415
    from stukolka.i18n import LANGS  # noqa: PLC0415
    from stukolka.rule_pages import RULE_PAGES  # noqa: PLC0415
    links: dict[str, dict[str, Any]] = dict(rule_links(objects_inv))
    if other_url is not None:
        for label, (chapter, title) in RULE_PAGES.items():
            links.setdefault(label, {"href": f"{other_url}book/{chapter}.html#{label}", "title": title})
    for label, link in links.items():
        link["titles"] = {lang: rule_title(label, lang) for lang in LANGS}
    return links


def write_rule_links(site: Path, other_url: str | None = None) -> Path:
    dest = site / "_static" / "live" / "rules.json"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(page_rule_links(site / "objects.inv", other_url), ensure_ascii=False, sort_keys=True),
                    encoding="utf-8")
    return dest


class live_table_node(nodes.General, nodes.Element):
    pass


def visit_live_table(self, node) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def _hands(text: str | None) -> dict[str, str]:
    """``"1: A♠ K♥ 2♦; 2: 3♥ 4♥ 5♦"`` (or a JSON object) -> ``{"1": "A♠ K♥ 2♦", "2": "3♥ 4♥ 5♦"}``."""
    text = (text or "").strip()
    if text.startswith("{"):
        return {str(k): v for k, v in _json(dict, ":hands:")(text).items()}
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        seat, sep, cards = part.partition(":")
        if not sep or not seat.strip().isdigit():
            raise ValueError(f":hands: part {part!r} must read 'seat: three cards'")
        out[seat.strip()] = cards.strip()
    return out


def _actions(text: str | None) -> list[str]:
    """``"knock, pass, play A♠"`` (or a JSON list) -> ``["knock", "pass", "play A♠"]``."""
    text = (text or "").strip()
    if text.startswith("["):
        return [str(a) for a in _json(list, ":actions:")(text)]
    return [a.strip() for a in text.split(",") if a.strip()]


def _faraon_hands(given: dict[str, str]) -> dict[str, Any]:
    """The shedding game's ``:hands:``: a seat's entry is its cards, or a number (how many it holds)."""
    return {k: int(v) if str(v).strip().isdigit() else v for k, v in given.items()}


def position_options(given: dict[str, Any], game: str = "stukolka") -> dict[str, Any]:
    """The table options that the directive's position options stand for (for ``game``); an option
    the game does not read is an error naming it and the options it has."""
    allowed = POSITION_OPTIONS.get(game, ())
    every = {o for opts in POSITION_OPTIONS.values() for o in opts}
    wrong = sorted(k for k in given if k in every and k not in allowed)
    if wrong:
        raise ValueError(f"live-table {game}: option :{wrong[0]}: poses no {game} position; "
                         f"its position options are {', '.join(':' + o + ':' for o in allowed) or 'none'}")
    out: dict[str, Any] = {}
    for key in allowed:
        if key not in given:
            continue
        if key == "players" and game == "stukolka":
            out["n_players"] = given[key]
        elif key == "hands" and game == "faraon":
            out["hands"] = _faraon_hands(given[key])
        else:
            out[key.replace("-", "_")] = given[key]
    if game == "faraon" and any(k in out for k in POSED_BY["faraon"]):
        out.setdefault("match", False)          # a position is one hand
    return out


def _check_position(options: dict[str, Any], seed: int, people: list[int], game: str = "stukolka") -> None:
    """A position the engine refuses fails the build, with the engine's message."""
    from stukolka.errors import StukolkaError  # noqa: PLC0415
    from stukolka.live import LiveTable  # noqa: PLC0415
    try:
        LiveTable(game, options, seed, people)
    except StukolkaError as e:
        raise ValueError(f"live-table {game} position {json.dumps(options, ensure_ascii=False)}: {e}") from None


def question(game: str, options: dict[str, Any], seed: int, people: list[int], ask: str | None,
             advice: str = "", lang: str = "en") -> dict | None:
    """The position's question as the page stores it (``stukolka.live.questions``, its words in
    ``lang``), or None without ``:ask:``; a question the position cannot ask fails the build with
    the engine's words."""
    if not ask:
        if advice:
            raise ValueError(":advice: belongs to a question: add :ask: judgment")
        return None
    from stukolka.errors import StukolkaError  # noqa: PLC0415
    from stukolka.live import questions  # noqa: PLC0415
    try:
        return questions.question_data(game, options, seed, people, questions.parse_ask(ask), " ".join(advice.split()),
                                       lang=lang)
    except StukolkaError as e:
        raise ValueError(f"live-table :ask: {ask!r}: {e}") from None


class LiveTableDirective(Directive):
    required_arguments = 1
    has_content = True
    option_spec = {"options": _json(dict, ":options:"), "seed": directives.nonnegative_int,
                   "people": _json(list, ":people:"), "variant": directives.unchanged_required,
                   "players": directives.positive_int, "dealer": directives.nonnegative_int,
                   "hands": _hands, "trump": directives.unchanged_required, "stock": directives.unchanged,
                   "actions": _actions, "class": directives.class_option, "ask": directives.unchanged_required,
                   "advice": directives.unchanged_required,
                   "punters": directives.positive_int, "pack": directives.unchanged_required,
                   "pile": directives.unchanged_required, "talon": directives.nonnegative_int,
                   "suit": directives.unchanged_required, "to-act": directives.nonnegative_int,
                   "tasks": _task_ids, "lang": _lang}

    def run(self):
        game = self.arguments[0]
        try:
            options = {**self.options.get("options", {}), **position_options(self.options, game)}
            seed, people = self.options.get("seed", 0), self.options.get("people", [0])
            # the table's language: its own :lang:, else the book's (a Russian page's table speaks Russian)
            lang = self.options.get("lang") or book_lang(self.state.document.settings.env)
            if any(k in options for k in POSED_BY.get(game, ())):
                _check_position(options, seed, people, game)
            ask = question(game, options, seed, people, self.options.get("ask"), self.options.get("advice", ""), lang)
            tasks = ""
            if "tasks" in self.options:       # the engine ticks them (stukolka.live.tasks); the page lists them
                page = Path(self.state.document.settings.env.docname).name.replace("_", "-")   # the ids: stukolka-golets-task-…
                tasks = tasks_html(game, self.options["tasks"], page, lang)
                options.update(tasks=self.options["tasks"], tasks_key=page)
            out = placeholder_html(game, options, seed, people, " ".join(self.content).strip(),
                                   classes=tuple(self.options.get("class", ())), ask=ask, tasks=tasks,
                                   lang=self.options.get("lang"), book=lang)
        except ValueError as e:
            raise self.error(str(e)) from None
        node = live_table_node()
        node["html"] = out
        return [node]


def _page_context(app, pagename, templatename, context, doctree) -> None:
    if doctree is not None and any(True for _ in doctree.findall(live_table_node)):
        app.add_css_file("live/live.css")
        app.add_css_file("live/tools.css")
        app.add_css_file("live-picture.css")
        app.add_js_file("live/loader.js", type="module")


#: The page scripts that start the runtime: in an edition whose runtime is another site's
#: (``live_tables_runtime``), each is a one-line module importing that site's own.
RUNTIME_ENTRIES = ("loader.js", "offline.js")


def runtime_stub(name: str, runtime: str) -> str:
    """The module ``_static/live/NAME`` of an edition that shares the runtime of the site at
    ``runtime`` (relative to its own root, e.g. ``"../"``): it imports that site's script, whose
    own address then finds Pyodide, the engine, the snapshot and the Service Worker there.

    >>> print(runtime_stub("loader.js", "../"), end="")
    // The live tables' runtime is the one of the site at ../ (live_tables_runtime).
    import "../../../_static/live/loader.js";
    """
    return (f"// The live tables' runtime is the one of the site at {runtime} (live_tables_runtime).\n"
            f'import "../../{runtime}_static/live/{name}";\n')


def _copy_live(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        dest = Path(app.outdir) / "_static" / "live"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(LIVE, dest)
        runtime = app.config.live_tables_runtime
        if runtime:
            for name in RUNTIME_ENTRIES:
                (dest / name).write_text(runtime_stub(name, runtime), encoding="utf-8")
        fallback = getattr(app.config, "editions_fallback", False)    # an edition still being translated
        write_rule_links(Path(app.outdir), getattr(app.config, "editions_other_url", None) if fallback else None)
        write_messages(Path(app.outdir))


#: The demo pages ``tools/make_live_bundle.py --demo`` writes: file name -> title and tables
#: (game, options, seed, people, caption).
DEMO_PAGES: dict[str, tuple[str, list[tuple[str, dict, int, list[int], str]]]] = {
    "live_demo.html": ("Play where you read: a live table", [
        ("stukolka", {"n_players": 4, "dealer": 0}, 13, [0],
         "A four-handed prikup deal: you are seat 0; bots play the other three.")]),
    "live_shtoss_demo.html": ("A live shtoss deal", [
        ("shtoss", {"punters": 2, "mid_deal_bets": True, "initial_kush": 2}, 7, [1],
         "A shtoss deal with two punters: you are punter 1; bots play the banker and punter 2.")]),
    "live_position_demo.html": ("Live positions", [
        ("stukolka", {"variant": "obligatory", "n_players": 4, "dealer": 0, "hands": {"1": "A♠ 7♦ 2♥"},
                      "trump": "9♠"}, 19, [1], "Your lead, holding the trump ace: which card may you play?"),
        ("stukolka", {"variant": "obligatory", "n_players": 4, "dealer": 0, "trump": "9♠",
                      "hands": {"1": "5♥ 6♣ 7♣", "2": "K♥ 8♣ 10♣", "3": "9♥ A♥ 2♣", "0": "5♦ 6♦ 7♦"},
                      "actions": ["play 5♥", "play K♥"]}, 27, [3],
         "You must beat the winning card: which cards may you play?")]),
    "live_pharaon_demo.html": ("A live Pharaon coup", [
        ("pharaon", {"plie_rule": "half", "mid_deal_bets": True}, 5, [1],
         "Pharaon with the French half-price doublet: the bot banks, you name a card and a stake, "
         "and you may stake more cards between the abcugs.")]),
    "live_evenings_demo.html": ("The Queen of Spades at the table", [
        ("queen_of_spades", {"evening": 1}, 0, [], "Hermann's three evenings at Chekalinsky's table.")]),
    "live_faraon_demo.html": ("The shedding game at the table", [
        ("faraon", {"players": 3, "match": False}, 1, [0], "One hand of the shedding game: you are seat 0."),
        ("faraon", {"players": 2, "target": 60}, 8, [0], "A match to 60 against one bot."),
        ("faraon", {"players": 3, "match": False}, 2, [0, 1], "Two people at one screen, seats 0 and 1, and a bot.")]),
}


def demo_page(template: str, caption: str = "A four-handed prikup deal: you are seat 0; bots play the other three.",
              page: str = "live_demo.html") -> str:
    """A demo page made from any built page (for trying the runtime without a rebuild):
    its article replaced by the live tables of ``DEMO_PAGES[page]``, the loader and CSS added
    to its head."""
    title, tables = DEMO_PAGES[page]
    if page == "live_demo.html":
        tables = [(*tables[0][:4], caption)]
    body = (f'<section id="live-demo"><h1>{html.escape(title)}</h1>'
            + "".join(placeholder_html(*t) for t in tables) + "</section>")
    out, n = re.subn(r'(<article class="bd-article">).*?(</article>)', lambda m: m.group(1) + body + m.group(2),
                     template, count=1, flags=re.S)
    if not n:
        raise ValueError("the template page has no <article class=\"bd-article\">")
    # the page's own "Contents" list points at headings that are gone: empty it
    out = re.sub(r'(<nav id="pst-page-toc-nav"[^>]*>).*?(</nav>)', r"\1\2", out, count=1, flags=re.S)
    head = ('<link rel="stylesheet" href="../_static/live/live.css">'
            '<link rel="stylesheet" href="../_static/live-picture.css">'
            '<script type="module" src="../_static/live/loader.js"></script>')
    return out.replace("</head>", head + "</head>", 1)


def env_version() -> int:
    """A number that changes with the code that draws the pictures (this folder's drawing modules
    and the engine): Sphinx reads every page again when it changes, so no page keeps a picture
    drawn by older code."""
    import hashlib  # noqa: PLC0415

    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for p in [here / "live_tables.py", here / "table_picture.py", *sorted((ROOT / "stukolka").rglob("*.py"))]:
        if p.exists():
            h.update(p.read_bytes())
    return int(h.hexdigest()[:8], 16)


def setup(app):
    app.add_node(live_table_node, html=(visit_live_table, None))
    app.add_directive("live-table", LiveTableDirective)
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _copy_live)
    # "" (the site has its own runtime) or the site whose runtime it shares, e.g. "../"
    app.add_config_value("live_tables_runtime", "", "html")
    return {"version": "0.1", "env_version": env_version(), "parallel_read_safe": True, "parallel_write_safe": True}
