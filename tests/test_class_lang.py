"""A class in Russian: the class pages say the server's ``--lang`` or the page's ``?lang=`` (their
words from ``class.json``), a class opened in Russian says its table names, seats and views in
Russian, and a student's refusal is said in his page's language."""

from __future__ import annotations

import asyncio
import re

from tornado.httpclient import AsyncHTTPClient

from class_support import Client, class_server, open_class, run_async
from classroom.server import class_page
from stukolka.i18n import tr


def _latin(text: str) -> list[str]:
    body = re.sub(r"<[^>]*>", " ", text)
    return re.findall(r"(?<![\w/.-])[A-Za-z]{3,}(?![\w/.-])", body)


def test_every_class_page_has_its_words_in_each_language() -> None:
    for name in ("index.html", "teacher.html", "projector.html", "card.html"):
        ru, en = class_page(name, "ru"), class_page(name, "en")
        assert '<html lang="ru">' in ru and '<html lang="en">' in en
        assert "{" not in re.sub(r"<script.*?</script>|<style.*?</style>", "", ru, flags=re.S)
        assert _latin(ru) == [], (name, _latin(ru))
        assert "Stukolka" in en and "Стуколка" in ru


def test_a_page_speaks_the_servers_language_or_its_own(tmp_path) -> None:
    async def go() -> None:
        async with class_server(tmp_path, lang="ru") as (_server, port):
            fetch = AsyncHTTPClient().fetch
            default = (await fetch(f"http://127.0.0.1:{port}/class/")).body.decode()
            asked = (await fetch(f"http://127.0.0.1:{port}/class/projector.html?lang=en")).body.decode()
            odd = (await fetch(f"http://127.0.0.1:{port}/class/teacher.html?lang=xx")).body.decode()
            assert '<html lang="ru">' in default and tr("class.page-student-loading", "ru") in default
            assert '<html lang="en">' in asked and "Loading the projector" in asked
            assert '<html lang="ru">' in odd
    run_async(asyncio.wait_for(go(), 60))


def test_a_russian_class_names_its_tables_and_seats_in_russian_and_refuses_in_the_devices_language(tmp_path) -> None:
    async def go() -> None:
        async with class_server(tmp_path) as (_server, port):
            teacher = await Client.connect(port)
            r = await teacher.call("open_class", title="", lang="ru", device="teacher-device-0")
            assert r["ok"] and r["class"]["title"] == "Класс", r
            assert r["games"]["stukolka"]["title"] == "Стуколка"
            r = await teacher.call("add_table", game="stukolka", options={"variant": "prikup", "n_players": 3},
                                   label="", students=1)
            assert r["ok"], r
            table = r["class"]["tables"][0]
            assert table["label"] == "Стол 1" and table["lang"] == "ru"
            assert [s["title"] for s in table["seats"]] == ["Игрок 0", "Игрок 1", "Игрок 2"]
            assert not _latin(table["phase_words"]), table["phase_words"]
            student = await Client.connect(port)
            wrong = await student.call("join", code="ZZZZZZ", name="Аня", device="phone-of-anya-0", lang="ru")
            assert not wrong["ok"] and wrong["text"] == tr("class.no-such-class", "ru") and "[class-rule-code]" in wrong["error"]
            english = await Client.connect(port)
            said = await english.call("join", code="ZZZZZZ", name="Ann", device="phone-of-ann-00")
            assert said["text"] == "no open class has this code: check it on the projector"
            code = r["class"]["code"]
            ok = await student.call("join", code=code, name="Аня", device="phone-of-anya-0", lang="ru")
            assert ok["ok"], ok
            view = ok.get("view") or (await student.view_until(lambda m: m.get("view")))["view"]
            assert view["live"]["names"][0].startswith("Аня") and "(вы)" in view["live"]["names"][0]
            for c in (teacher, student, english):
                c.close()
    run_async(asyncio.wait_for(go(), 120))


def test_a_teachers_class_opened_without_a_language_speaks_english(tmp_path) -> None:
    async def go() -> None:
        async with class_server(tmp_path) as (_server, port):
            teacher, code, _token = await open_class(port)
            r = await teacher.call("add_table", game="stukolka", options={"n_players": 3}, label="")
            assert r["class"]["tables"][0]["label"] == "Table 1" and r["class"]["tables"][0]["lang"] == "en"
            teacher.close()
    run_async(asyncio.wait_for(go(), 60))
