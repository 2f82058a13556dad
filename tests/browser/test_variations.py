"""Variations and an author's notes in the page: real clicks, right-clicks and keys."""

from __future__ import annotations

from tests.browser.conftest import use
from zola import decode


def click_move(page, text: str) -> None:
    page.click(f'#board [data-square="{text[:2]}"]')
    page.click(f'#board [data-square="{text[3:]}"]')


def fragment(page) -> str:
    return page.evaluate("location.hash")


def test_variations_by_clicks(open_app, screenshot) -> None:
    page = open_app()
    for text in ("c3xd3", "c4xd3", "e3xd3"):
        click_move(page, text)
    page.click('#moves [data-node="1"]')
    click_move(page, "e4xd3")  # another second move: a variation, the main line stays
    assert page.locator("#moves .variations button").all_text_contents() == ["e4xd3"]
    assert page.locator("#moves button.current").text_content() == "e4xd3"
    assert fragment(page) == "#v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3"
    screenshot("variation")
    page.click('#moves [data-node="4"]')  # back to the main line's end
    assert [str(m) for m in decode(fragment(page)).moves] == ["c3xd3", "c4xd3", "e3xd3"]
    assert page.is_hidden("#promote")
    page.click('#moves [data-node="3"]')
    page.click("#promote")
    assert fragment(page) == "#v2;size=6;moves=c3xd3.e4xd3(c4xd3.e3xd3)"
    page.click('#moves [data-node="3"]')  # c4xd3, now the variation
    page.click("#delete")
    assert fragment(page) == "#v1;size=6;moves=c3xd3.e4xd3;ply=1"
    page.keyboard.press("ArrowRight")  # the arrow keys walk the line being looked at
    assert fragment(page) == "#v1;size=6;moves=c3xd3.e4xd3"


def test_arrows_and_marks_by_right_clicks_and_a_comment(open_app, screenshot) -> None:
    page = open_app()
    click_move(page, "c3xd3")
    start = page.locator('#board [data-square="c4"]').bounding_box()
    end = page.locator('#board [data-square="d3"]').bounding_box()
    page.mouse.move(start["x"] + 40, start["y"] + 40)
    page.mouse.down(button="right")
    page.mouse.move(end["x"] + 40, end["y"] + 40)
    page.mouse.up(button="right")
    page.click('#board [data-square="e4"]', button="right")
    assert page.locator("#board .arrow").count() == 1
    assert page.locator("#board .highlight").count() == 1
    page.click('[data-group="notes"] > summary')
    page.fill("#comment", "Blue takes back at once.")
    page.locator("#comment").blur()
    page.keyboard.press("Escape")  # closes the menu
    assert page.text_content("#note") == "Blue takes back at once."
    assert fragment(page) == (
        "#v2;size=6;moves=c3xd3;notes=1:ac4-d3,he4,cBlue_takes_back_at_once~2e"
    )
    assert not page.is_visible("#comment")
    screenshot("notes")
    use(page, "#clean", "check")
    assert page.locator("#board .arrow").count() == 0 and page.text_content("#note") == ""


def test_an_embed_steps_through_its_notes(page, server_url) -> None:
    link = "v2;size=6;moves=c3xd3.c4xd3;notes=1:ac4xd3,cBlue_should_take.2:he3;embed;panel;static"
    page.goto(f"{server_url}/index.html#{link}")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.locator("#board .highlight").count() == 1 and page.text_content("#note") == ""
    page.click("#undo")
    assert page.locator("#board .arrow").count() == 1
    assert page.text_content("#note") == "Blue should take"
    page.click('#board [data-square="e3"]', button="right")  # view only: nothing is drawn
    assert page.locator("#board .highlight").count() == 0
