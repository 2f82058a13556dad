"""Learn from your mistakes in the page: from a reviewed game's link, one mistake found
wrong once, then right, and back to the game as it was."""

from __future__ import annotations

from zola.page.lessons import GAME


def click_move(page, text: str) -> None:
    page.click(f'#board [data-square="{text[:2]}"]')
    page.click(f'#board [data-square="{text[3:]}"]')


def test_a_mistake_found_wrong_once_then_right(open_app, screenshot) -> None:
    page = open_app(GAME)
    hash_before = page.evaluate("location.hash")
    assert page.is_visible("#review-panel") and page.is_visible("#learn")
    page.click("#learn")
    page.wait_for_selector("#lesson", state="visible")
    assert page.is_hidden("#review-panel") and page.is_hidden("#learn")
    assert page.text_content("#lesson-heading") == "Learn from your mistakes: 1 of 6"
    assert page.evaluate("document.activeElement.id") == "lesson-heading"  # keyboard goes on
    words = page.locator("#lesson-words")
    assert words.get_attribute("role") == "status" and words.get_attribute("aria-live") == "polite"
    assert words.text_content() == "Find a better move for Red."
    assert page.text_content("#status") == "Red to move."
    click_move(page, "a5xb5")  # the move played in the game
    assert words.text_content() == "a5xb5 is the move played in the game: it loses 12%. Try again."
    assert page.evaluate("document.body.dataset.lesson") == "wrong"
    screenshot("lesson-wrong")
    page.click("#lesson-retry")
    assert page.is_hidden("#lesson-retry") and words.text_content() == "Find a better move for Red."
    click_move(page, "c1xd1")  # the review's better move
    assert words.text_content() == "Well found: c1xd1 is the best move."
    assert page.evaluate("document.body.dataset.lesson") == "solved"
    assert page.is_disabled("#lesson-show") and page.is_enabled("#lesson-next")
    screenshot("lesson-solved")
    assert page.evaluate("location.hash") == hash_before  # the game's link, unchanged
    page.click("#lesson-leave")
    assert page.is_hidden("#lesson") and page.is_visible("#review-panel")
    assert page.evaluate("location.hash") == hash_before
    assert page.locator("#moves .mark").count() == 10  # the marks are back
    assert not any("pyodide" in url for url in page.requests)  # no computer was needed
