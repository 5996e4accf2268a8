"""The shtoss-family and shedding-game chapters answer back in the page, in headless Chromium, on
the built book (``_build/html``).

A reader answers a shtoss exercise of three parts (the punter's result, the place of the deciding
card, the rule that decides: a choice among readings) wrongly, then rightly: each part is told
right or not right, the first wrong answer gets the hint and the second the why, the right one the
why and a link to the rule (one that does not give the answer away), and "Show the answer" opens
the model answer.  A shedding-game
exercise takes a set of cards in any order and spelling, Russian names included.  Two
predictions say how close the guess came (a fraction in Queen of Spades, a choice in the shtoss
rules), and lock the guess.  Screenshots go to ``_build/screenshots/exercises-shtoss-*.png``.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def open_page(watched_page, book_url: str, name: str, width: int = 1280):
    page = watched_page.page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{book_url}book/{name}.html")
    page.wait_for_selector(".exercise.ex-ready")
    return page


def exercise(page, ex_id: str):
    return page.locator(f".exercise[data-exercise*='\"id\": \"{ex_id}\"']")


def feedback(box) -> str:
    return box.locator(".ex-feedback").inner_text()


def model_answer(box):
    """The `Answer` dropdown that follows the exercise's cell."""
    return box.locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' cell ')][1]"
                       "/following-sibling::*[1][self::details]")


def test_a_shtoss_exercise_of_three_parts_answered_wrongly_then_rightly(book_url, watched_page):
    page = open_page(watched_page, book_url, "shtoss_rules")
    box = exercise(page, "shtoss-rules-1")
    answer, show = model_answer(box), box.get_by_role("button", name="Show the answer")
    assert answer.count() == 1 and not answer.is_visible() and not show.is_visible()
    result, place = box.get_by_label("The punter's result"), box.get_by_label("The place of the card that decides")
    result.fill("10")                                          # the wrong side wins
    place.fill("4")
    box.get_by_label("the sonic gives the nine").check()
    place.press("Enter")
    words = feedback(box)
    assert words.startswith("The punter's result: not right. The place of the card that decides: not right. "
                            "What decides it: not right. Hint: Deal the deck in pairs")
    box.locator(".ex-feedback a[data-rule='shtoss-rule-metka']").wait_for()   # the rule of the deal, linked
    assert "plie" not in feedback(box)                         # neither the hint nor the link gives it away
    assert result.get_attribute("aria-invalid") == "true" and show.is_visible()
    result.fill("−10")                                         # a minus sign, as the book prints it
    place.fill("3")
    box.get_by_role("button", name="Check").click()
    words = feedback(box)
    assert words.startswith("The punter's result: right. The place of the card that decides: right. "
                            "What decides it: not right.")
    assert "K♣ 5♦ miss; the second abcug, 9♠ 9♦, is a plie" in words      # the second wrong answer: the why
    box.get_by_label("a plie: both cards of one abcug are nines").check()
    box.get_by_role("button", name="Check").click()
    words = feedback(box)
    assert words.startswith("Right: The punter's result: −10 chips; The place of the card that decides: 3; "
                            "What decides it: a plie: both cards of one abcug are nines.")
    link = box.locator(".ex-feedback a[data-rule='shtoss-rule-metka']")
    link.wait_for()
    assert link.get_attribute("href").endswith("shtoss_rules.html#shtoss-rule-metka")
    assert box.get_by_role("status").count() == 1
    show.click()
    assert answer.is_visible() and answer.get_attribute("open") is not None and "place 3" in answer.inner_text()
    watched_page.screenshot("exercises-shtoss-rules-1280")
    assert watched_page.errors == [], watched_page.errors


def test_a_set_of_cards_in_any_order_and_spelling_on_a_phone(book_url, watched_page):
    page = open_page(watched_page, book_url, "faraon_shedding", width=390)
    box = exercise(page, "faraon-shedding-1")
    field = box.get_by_label("Cards you may lay")
    field.fill("8♥ K♣")                                       # the queen is missing
    field.press("Enter")
    assert feedback(box).startswith("Not right. Hint: A card goes on the pile if it has the top card")
    field.fill("дама бубен, Kc and 8h")
    field.press("Enter")
    assert feedback(box).startswith("Right: 8♥, K♣ and Q♦.")
    assert box.locator(".ex-feedback a[data-rule='faraon-rule-match-card']").count() <= 1
    watched_page.screenshot("exercises-shtoss-faraon-390")
    assert watched_page.errors == [], watched_page.errors


def test_predictions_say_how_close_the_guess_came_and_lock_it(book_url, watched_page):
    page = open_page(watched_page, book_url, "queen_of_spades")
    box = exercise(page, "queen-of-spades-predict-1")
    assert box.get_by_role("button", name="Show the answer").count() == 0
    field = box.get_by_label("His expected fortune, as a share of 47 000")
    field.fill("1/2")
    box.get_by_role("button", name="Commit my guess").click()
    words = feedback(box)
    assert words.startswith("You said 50 %; it is 512000000/578009537 (about 88.6 %): 38.6 percentage points too low.")
    assert "about 41 633 roubles of the 47 000 he brought" in words
    assert field.is_disabled() and box.get_by_role("button", name="Commit my guess").is_disabled()

    page = open_page(watched_page, book_url, "shtoss_rules", width=390)
    box = exercise(page, "shtoss-rules-predict-1")
    box.get_by_label("the punter").check()
    box.get_by_role("button", name="Commit my guess").click()
    words = feedback(box)
    assert words.startswith("You said the punter; it is the banker: not right. The first jack, J♠, lies at place 5")
    assert box.get_by_label("the banker").is_disabled()
    watched_page.screenshot("exercises-shtoss-predict-390")
    assert watched_page.errors == [], watched_page.errors
