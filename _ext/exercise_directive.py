"""A Sphinx local extension: a checked exercise on a MyST markdown page, which runs no cell.

::

    :::{exercise}
    :id: history-1
    :title: Who dates Stukolka?
    :label: The source that dates it
    :choices: 000 | 001 | 003
    :answer: 1
    :hint: Which text looks back on the game?
    :why: Only 000 gives a date.
    :::

``:choices:`` holds the readings on one line, apart by ``|``, and ``:answer:`` the right one's
place among them, counted from 1; ``:yesno:`` (``yes`` or ``no``) asks a yes-or-no question instead.  The directive builds a
:class:`stukolka.exercises.Exercise` from its options at build time (so a malformed question is a
build error) and writes the exercise's own ``_repr_html_``; ``exercise_pages.py`` then gives the
page the script that checks the reader's answer.  The directive's body, if any, is ignored: the
model answer is the ``:::{dropdown} Answer`` after it, as in the notebooks.  ``:lang:`` (``en``,
``ru``) is the language of the form's own words ("Check", "Yes"): by default the book's
``language`` if the engine speaks it, else English.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives

from stukolka.exercises import Choice, Exercise, YesNo
from stukolka.i18n import DEFAULT, LANGS, tr


def build_exercise(options: dict[str, Any], lang: str = DEFAULT) -> Exercise:
    """The :class:`Exercise` an ``{exercise}`` directive's options describe.

    >>> e = build_exercise({"id": "history-9", "title": "T", "label": "L", "choices": "a | b", "answer": "2", "why": "w"})
    >>> e.spec()["parts"][0]["answer"]
    'b'
    >>> build_exercise({"id": "h-1", "title": "T", "yesno": "yes", "why": "w", "lang": "ru"}).parts[0].options
    ['Да', 'Нет']
    """
    lang = (options.get("lang") or lang).strip()
    if lang not in LANGS:
        raise ValueError(f"exercise {options.get('id')!r}: :lang: must be one of {', '.join(LANGS)}, not {lang!r}")
    label = options.get("label") or tr("exercises.head.exercise", lang)     # "Your answer", in the page's language
    if "yesno" in options:
        said = options["yesno"].strip().lower()
        if said not in ("yes", "no"):
            raise ValueError(f"exercise {options.get('id')!r}: :yesno: must be yes or no, not {said!r}")
        part = YesNo(label, said == "yes", lang=lang)
    else:
        readings = [r.strip() for r in (options.get("choices") or "").split("|") if r.strip()]
        answer = (options.get("answer") or "").strip()
        if not answer.isdigit() or not 1 <= int(answer) <= len(readings):
            raise ValueError(f"exercise {options.get('id')!r}: :answer: must be the right reading's place "
                             f"among the {len(readings)} :choices:, counted from 1, not {answer!r}")
        part = Choice(label, readings, answer=int(answer) - 1)
    if not options.get("id") or not options.get("title") or not options.get("why"):
        raise ValueError(f"exercise {options.get('id')!r}: :id:, :title: and :why: are required")
    return Exercise(options["id"], part, rule=options.get("rule", ""), why=options["why"],
                    hint=options.get("hint", ""), title=options["title"], lang=lang)


class ExerciseDirective(Directive):
    has_content = True
    option_spec = {"id": directives.unchanged_required, "title": directives.unchanged_required,
                   "label": directives.unchanged, "choices": directives.unchanged, "answer": directives.unchanged, "yesno": directives.unchanged,
                   "rule": directives.unchanged, "why": directives.unchanged_required,
                   "hint": directives.unchanged, "lang": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        try:
            book = getattr(self.state.document.settings.env.config, "language", None) or DEFAULT
            ex = build_exercise(dict(self.options), book if book in LANGS else DEFAULT)
        except Exception as exc:  # a malformed question is the page's error, with its place
            raise self.error(f"exercise: {exc}") from None
        return [nodes.raw("", ex._repr_html_(), format="html")]


def setup(app):
    app.add_directive("exercise", ExerciseDirective)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
