"""Class play in Russian, end to end in headless Chromium: the teacher opens the class from
``teacher.html?lang=ru``, so the class and its tables speak Russian; a student joins from
``/class/?lang=ru`` and plays a Stukolka deal to its settlement, the projector follows it.  The
student's page, the projector and the teacher's dashboard leave no English word: every word is the
catalogue's (``class.json``, ``table.json``, the engine's)."""

from __future__ import annotations

import re

import pytest

from conftest import chromium_context
from test_class_browser import PHONE, class_server_thread, play_to_the_end, watch
from test_browser_live_lang import english_fragments

pytestmark = pytest.mark.browser

#: Everything a reader may read on a page: its text, its title and its accessible names.
PAGE_TEXT = """() => {
  const bits = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('*')) for (const a of ['aria-label', 'title', 'placeholder', 'alt'])
    if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  return bits.join('\\n');
}"""


def english_in(text: str) -> list[str]:
    """The English in a page's text (an address left out): the tables' own templates and any Latin
    word of three letters or more."""
    text = re.sub(r"\S*://\S*", " ", text)
    return sorted(set([f for f in english_fragments() if f in text]
                      + re.findall(r"(?<![\w/.-])[A-Za-z]{3,}(?![\w/.-])", text)))


def test_a_russian_class_plays_a_deal_with_no_english_word_on_the_phone_the_projector_or_the_dashboard(
        playwright_driver, tmp_path):
    errors: list[str] = []
    with class_server_thread(tmp_path) as url:
        teacher_ctx = chromium_context(playwright_driver, tmp_path / "teacher", 1280, 900)
        teacher = watch(teacher_ctx.pages[0] if teacher_ctx.pages else teacher_ctx.new_page(), errors, "teacher")
        teacher.goto(f"{url}/class/teacher.html?lang=ru")
        assert teacher.get_attribute("html", "lang") == "ru"
        assert english_in(teacher.evaluate(PAGE_TEXT)) == []               # the form that opens a class
        teacher.fill("#class-title", "История, 7 «Б»")
        teacher.click("button.class-go")
        teacher.wait_for_selector("#class-code")
        code = teacher.inner_text("#class-code")
        teacher.select_option("#add-game", "stukolka")
        teacher.fill("#add-players", "3")
        teacher.fill("#add-students", "1")
        teacher.click("form.class-addform button.class-go")
        teacher.wait_for_selector(".class-tablecard[data-table='1']", timeout=30000) if not errors else None
        assert errors == [], errors
        teacher.select_option(".class-tablecard[data-table='1'] select", "0.5")

        phone_ctx = chromium_context(playwright_driver, tmp_path / "phone", PHONE["width"], PHONE["height"])
        phone = watch(phone_ctx.pages[0] if phone_ctx.pages else phone_ctx.new_page(), errors, "Аня")
        phone.goto(f"{url}/class/?code={code}&lang=ru")
        assert phone.get_attribute("html", "lang") == "ru"
        join = english_in(phone.evaluate(PAGE_TEXT).replace(code, " "))
        phone.fill("#class-name", "Аня")
        phone.click("button.class-go")
        phone.wait_for_selector(".class-table .lt", timeout=30000)

        projector = watch(teacher_ctx.new_page(), errors, "projector")
        projector.set_viewport_size({"width": 1920, "height": 1080})
        projector.goto(f"{url}/class/projector.html?lang=ru")
        projector.wait_for_selector(".class-table .lt", timeout=30000)
        assert code in projector.inner_text(".class-joinbox")

        seen = {"phone": [phone.evaluate(PAGE_TEXT)], "projector": [projector.evaluate(PAGE_TEXT)]}
        assert play_to_the_end([phone], projector, "class-ru") >= 1
        phone.wait_for_selector(".class-table .lt-ledger-table", state="attached")
        projector.wait_for_selector(".class-table .lt-ledger-table", state="attached", timeout=30000)
        teacher.locator(".class-turn", has_text="сдача окончена").first.wait_for(timeout=30000)
        seen["phone"].append(phone.evaluate(PAGE_TEXT))
        seen["projector"].append(projector.evaluate(PAGE_TEXT))
        seen["teacher"] = [teacher.evaluate(PAGE_TEXT)]
        # the class code is letters a student types, not words: it is left out of the check
        left = {who: english_in("\n".join(texts).replace(code, " ")) for who, texts in seen.items()}
        assert join == [] and left == {"phone": [], "projector": [], "teacher": []}, (join, left)
        assert "Расчёт" in phone.inner_text(".class-table") and "Аня" in projector.inner_text(".class-table")
        assert errors == []
        for ctx in (teacher_ctx, phone_ctx):
            ctx.close()
