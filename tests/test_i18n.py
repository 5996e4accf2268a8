"""The engine's message catalogues: every message in every language, with the same fields.

Each language has the same domain files (``stukolka/i18n/<lang>/<domain>.json``) holding the same
message ids; a Russian template uses exactly the fields of the English one; a plural template has
the forms its language needs; and every template formats with sample values of its fields.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stukolka.i18n import HERE, LANGS, Msg, catalogue, domain_files, domain_of, fields_of, tr

FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"}}


def _files(lang: str) -> dict[str, dict[str, object]]:
    return {str(p.relative_to(HERE / lang)): json.loads(p.read_text(encoding="utf-8")) for p in domain_files(lang)}


def test_every_language_has_the_same_files_and_ids() -> None:
    english = _files("en")
    assert english, "no English catalogue"
    for lang in LANGS[1:]:
        other = _files(lang)
        assert sorted(other) == sorted(english), f"{lang}: domain files differ from English"
        for name, messages in english.items():
            missing = sorted(set(messages) - set(other[name]))
            extra = sorted(set(other[name]) - set(messages))
            assert not missing and not extra, f"{lang}/{name}: missing {missing}, not in English {extra}"


def test_a_message_id_begins_with_its_domain() -> None:
    """``ledger.fee`` lives in ``ledger.json``: a word is found by its id alone."""
    for lang in LANGS:
        for name, messages in _files(lang).items():
            stray = [key for key in messages if not key.startswith(domain_of(HERE / lang / name) + ".")]
            assert not stray, f"{lang}/{name}: {stray}"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_translation_uses_the_same_fields(lang: str) -> None:
    english, other = catalogue("en"), catalogue(lang)
    wrong = {key: (sorted(fields_of(english[key])), sorted(fields_of(other[key])))
             for key in english if fields_of(english[key]) != fields_of(other[key])}
    assert not wrong, f"{lang}: fields differ from English: {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_templates_have_their_languages_forms(lang: str) -> None:
    for key, template in catalogue(lang).items():
        if not isinstance(template, str):
            assert set(template) - {"#"} == FORMS[lang], f"{lang} {key}: forms {sorted(template)}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_formats_with_sample_fields(lang: str) -> None:
    for key, template in catalogue(lang).items():
        sample = {name: 2 for name in fields_of(template)}
        text = tr(key, lang, **sample)
        assert "{" not in text and "}" not in text, f"{lang} {key}: {text!r}"


def test_russian_words_are_russian() -> None:
    """A Russian template has no English word left in it (a card's rank letter or a symbol may stay)."""
    english_word = re.compile(r"(?<![{\w])[A-Za-z]{3,}(?![\w}])")
    bad = {}
    for key, template in catalogue("ru").items():
        texts = [template] if isinstance(template, str) else [v for k, v in template.items() if k != "#"]
        for text in texts:
            stripped = re.sub(r"\{[^{}]*\}", "", text)
            if english_word.search(stripped):
                bad[key] = text
    assert not bad, bad


def test_a_message_is_said_in_the_language_asked_and_nothing_is_shared() -> None:
    m = Msg("test.greeting", {"who": Msg("test.dealer")})
    assert (m.text("ru"), m.text("en"), m.text("ru")) == ("сдающий сдаёт", "the dealer deals", "сдающий сдаёт")


def test_unknown_language_and_missing_field_are_named() -> None:
    with pytest.raises(KeyError, match="'de'"):
        tr("test.greeting", "de", who="x")
    with pytest.raises(KeyError, match="'who'"):
        tr("test.greeting", "en")
    with pytest.raises(KeyError, match="'nope.nothing'"):
        tr("nope.nothing", "en")
