"""Analysis and game review in the page: the evaluation toggle, a review with its marks
and graph, and a shared review that needs no waiting."""

from __future__ import annotations

import re

from tests.browser.conftest import use
from zola import decode
from zola.rules.review import parse_review

COMPUTER_MS = 120_000  # the first answer waits for the worker's own Python to load


def click_move(page, text: str) -> None:
    page.click(f'#board [data-square="{text[:2]}"]')
    page.click(f'#board [data-square="{text[3:]}"]')


def test_the_analysis_shows_an_evaluation_and_a_best_line(open_app, screenshot) -> None:
    page = open_app("v1;size=6;start=6/6/2rb2/6/6/6_r")  # Red takes the last Blue checker
    assert page.is_hidden("#eval")  # off by default
    page.check("#analysis")
    page.wait_for_selector("#eval", state="visible", timeout=COMPUTER_MS)
    page.wait_for_function(
        "document.querySelector('#eval-text').textContent.startsWith('Red wins in 1')",
        timeout=COMPUTER_MS,
    )
    assert page.text_content("#best-line") == "c4xd4"
    assert page.locator("#board .arrow").count() == 1
    width = page.evaluate("document.querySelector('#eval-fill').style.width")
    assert width == "100%"
    screenshot("analysis")
    page.uncheck("#analysis")
    assert page.is_hidden("#eval") and page.locator("#board .arrow").count() == 0


def test_the_analysis_follows_the_position_looked_at(open_app) -> None:
    page = open_app()
    page.check("#analysis")
    page.wait_for_selector("#eval", state="visible", timeout=COMPUTER_MS)
    click_move(page, "c3xd3")  # moving on drops the old evaluation at once
    assert page.is_hidden("#eval") or "c3xd3" not in page.text_content("#best-line")[:5]
    page.wait_for_selector("#eval", state="visible", timeout=COMPUTER_MS)
    text = page.text_content("#eval-text")
    assert re.fullmatch(r"Red \d+% \([+-]?\d+\.\d\d\) · depth \d+", text), text


def test_a_review_marks_the_moves_and_draws_the_graph(open_app, screenshot) -> None:
    page = open_app()
    for move in ("c3xd3", "c4xd3", "e3xd3", "e4xd3", "b2xc2"):
        click_move(page, move)
    use(page, "#review")
    page.wait_for_function(
        "document.querySelector('#thinking-text').textContent.startsWith('Reviewing')",
        timeout=COMPUTER_MS,
    )
    page.wait_for_selector("#review-panel", state="visible", timeout=COMPUTER_MS)
    game = decode(page.evaluate("location.hash"))
    review = game.current_review()
    assert review is not None and len(review.moves) == 5
    assert page.locator("#graph circle[data-ply]").count() == 5
    assert page.locator("#summary li").count() == 2
    marked = [entry for entry in review.moves if entry.mark in ("inaccuracy", "mistake", "blunder")]
    assert page.locator("#moves .mark").count() == len(marked)
    page.click('#graph [data-ply="2"]')
    assert page.locator("#moves button.current").text_content() == "c4xd3"
    screenshot("review")


def test_a_shared_review_shows_without_waiting(open_app) -> None:
    link = "v2;size=6;moves=c3xd3.c4xd3;review=50_55.2_80.30??d4xd3"
    parse_review("50_55.2_80.30??d4xd3", plies=2)  # a valid review of these two moves
    page = open_app(link)
    assert page.is_visible("#review-panel")
    assert page.locator("#moves .mark.blunder").text_content() == "??"
    page.click('#moves [data-node="2"]')
    assert page.text_content("#review-word") == "Blunder (−30%): d4xd3 was better"
    assert not any("pyodide" in url for url in page.requests)  # no computer was needed
