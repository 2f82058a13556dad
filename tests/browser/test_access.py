"""Keyboard play, screen-reader labels and announcements, an axe audit, languages, storage."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import use
from zola import Move, Position, decode

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def board_position(page) -> Position:
    return Position.parse(page.get_attribute("#board svg", "data-position"))


def focused_square(page) -> str | None:
    return page.evaluate("document.activeElement.dataset.square || null")


def audit(page) -> list[str]:
    """Serious and critical axe-core violations, as readable lines."""
    assert AXE.exists(), "axe-core is missing: npm ci"
    origin = page.evaluate("location.origin")  # served, as the page's CSP allows
    page.add_script_tag(url=f"{origin}/node_modules/axe-core/axe.min.js")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes, e.g. "
        f"{v['nodes'][0]['html'][:120]})"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_a_game_can_be_played_by_keyboard_alone(open_app, screenshot) -> None:
    page = open_app()
    for _ in range(40):  # (from the Game menu, where open_app chose the opponent)
        page.keyboard.press("Tab")
        if focused_square(page):
            break
    assert focused_square(page) == "a1"
    for key in ("ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp", "Enter"):  # c3, select
        page.keyboard.press(key)
    assert page.locator("#board .hint").count() == 2
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # c3xd3
    assert decode(page.evaluate("location.hash")).moves == [Move.parse("c3xd3")]
    assert focused_square(page) == "d3"  # the focus stays on the board
    assert page.text_content("#announce") == "Red played c3xd3."
    screenshot("keyboard")
    page.keyboard.press("ArrowUp")
    assert focused_square(page) == "d4"


def test_squares_have_labels_and_the_page_passes_an_axe_audit(open_app) -> None:
    page = open_app()
    assert page.get_attribute('#board [data-square="c3"]', "aria-label") == "c3, red checker"
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    assert page.get_attribute('#board [data-square="c3"]', "aria-label") == "c3, empty"
    assert audit(page) == []


def test_the_dark_embed_passes_an_axe_audit(open_app) -> None:
    page = open_app("v1;size=8;moves=d4xe4;embed;panel;dark")
    assert audit(page) == []


@pytest.mark.context(locale="de-DE")
def test_german_from_the_browser_and_the_language_switch(page, server_url) -> None:
    page.goto(server_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.text_content("#status") == "Rot ist am Zug (du)."
    assert page.text_content("#new") == "Neues Spiel"
    rules = page.locator("#rules-page")  # the rules taught with a live board, in German
    assert rules.text_content() == "so wird gespielt"
    assert rules.get_attribute("href") == "./docs/rules.de.html"
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="b3"]')
    assert page.text_content("#message") == (
        "c3xb3 ist nicht erlaubt: ein Schlag darf sich nicht vom Mittelpunkt entfernen."
    )
    page.select_option("#language", "en")
    assert page.text_content("#new") == "New game"
    assert page.text_content("#message").startswith("c3xb3 is not legal")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.text_content("#status") == "Red to move (you)."  # the choice is remembered


def test_the_game_survives_a_reload_and_a_link_never_loses_it(open_app, server_url) -> None:
    page = open_app()
    for text in ("c3xd3", "c4xd3"):
        move = Move.parse(text)
        for square in (move.from_square, move.to_square):
            name = "abcdef"[square % 10] + str(square // 10 + 1)
            page.click(f'#board [data-square="{name}"]')
    played = board_position(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert board_position(page) == played
    page.goto(server_url + "/")  # no fragment: the saved game comes back
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert board_position(page) == played
    assert page.locator("#recent").evaluate("menu => menu.parentElement.hidden")  # none yet
    page.goto(server_url + "/#v1;size=8;moves=d4xe4")  # a link wins over the saved game...
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert board_position(page).size == 8
    options = page.locator("#recent option").all_text_contents()
    assert options[0] == "Recent games"
    assert options[1].startswith("6×6 · two players · 2 moves · ")  # ...which stays at hand
    use(page, "#recent", "select_option", index=1)
    assert board_position(page) == played
    assert page.locator("#moves button").all_text_contents() == ["c3xd3", "c4xd3"]
    assert page.locator("#recent option").nth(1).text_content().startswith("8×8 · two players")


def test_two_tabs_keep_their_own_games(open_app, server_url) -> None:
    first = open_app()
    for square in ("c3", "d3"):
        first.click(f'#board [data-square="{square}"]')
    second = first.context.new_page()
    second.goto(server_url + "/")  # a new tab resumes the latest game
    second.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert second.locator("#moves button").all_text_contents() == ["c3xd3"]
    for square in ("c4", "d3"):
        second.click(f'#board [data-square="{square}"]')
    for square in ("e4", "d3"):  # the first tab plays on: neither game is lost
        first.click(f'#board [data-square="{square}"]')
    first.reload()
    first.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert first.locator("#moves button").all_text_contents() == ["c3xd3", "e4xd3"]
    options = first.locator("#recent option").all_text_contents()[1:]
    assert len(options) == 1 and options[0].startswith("6×6 · two players · 2 moves")
    use(first, "#recent", "select_option", index=1)
    assert first.locator("#moves button").all_text_contents() == ["c3xd3", "c4xd3"]
