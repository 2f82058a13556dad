"""How the play page looks in Chromium: its colours follow the system unless the reader
or the link chooses, every part of it."""

from __future__ import annotations

import pytest

DARK_BG = "rgb(31, 29, 27)"  # style.css: --bg, dark
LIGHT_BG = "rgb(246, 241, 231)"


def _colours(page) -> tuple[str, str, str]:
    """The page's background, the browser bar's colour and the board's theme."""
    return (
        page.evaluate("getComputedStyle(document.body).backgroundColor"),
        page.get_attribute('meta[name="theme-color"]', "content"),
        page.get_attribute("#board svg", "class"),
    )


@pytest.mark.context(color_scheme="dark")
def test_a_dark_system_gets_a_dark_page_until_the_reader_chooses(open_app, page, screenshot):
    open_app("#v1;size=6;moves=c3xd3.c4xd3")
    assert _colours(page) == (DARK_BG, DARK_BG, "zola-board theme-dark")
    assert page.evaluate("document.body.classList.contains('dark')")
    button = page.evaluate("getComputedStyle(document.querySelector('#new')).backgroundColor")
    assert button == "rgb(52, 48, 44)"  # the controls too
    screenshot("app-dark-1280x800", page=page)
    page.select_option("#scheme", "light")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")  # remembered
    assert page.input_value("#scheme") == "light"
    page.select_option("#scheme", "auto")
    assert _colours(page)[0] == DARK_BG
    page.emulate_media(color_scheme="light")  # the system turns light: the page follows
    page.wait_for_function("document.querySelector('#board svg').classList.contains('theme-light')")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")
    assert not page.console_errors


@pytest.mark.context(color_scheme="dark")
def test_a_links_word_forces_its_colours(open_app, page) -> None:
    open_app("#v1;size=6;moves=c3xd3;light")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")
    assert page.evaluate("location.hash") == "#v1;size=6;moves=c3xd3;light"
    # The system's scheme changes as the reader types a new address: the page draws
    # before the address's hashchange comes, and must not write its game over it.
    page.emulate_media(color_scheme="light")
    page.evaluate("location.hash = '#v1;size=6;moves=c3xd3;dark'")
    page.wait_for_function("document.querySelector('#board svg').classList.contains('theme-dark')")
    assert _colours(page)[0] == DARK_BG
