"""The rules page in a real browser: its diagrams load, its live board plays, its colours
are the reader's, no errors."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.browser.conftest import use
from zola import Move, Position

STEP_START = Position.parse("6/6/br4/6/1b4/6 r")
BOOT_TIMEOUT_MS = 60_000
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def open_rules(page, server_url: str):  # the live board (web/boards.js)
    page.goto(server_url + "/docs/rules.html")
    board = page.locator("[data-zola]")
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while board.get_attribute("data-ready") != "1":
        fatal = [e for e in page.console_errors if "PythonError" in e or "pageerror" in e]
        assert not fatal, "the live board failed to boot:\n  " + "\n  ".join(fatal)
        assert time.monotonic() < deadline, "the live board did not boot in time"
        page.wait_for_timeout(100)
    return board


def test_the_rules_page_shows_its_diagrams_and_plays_on_its_live_board(
    page,
    server_url: str,
    screenshot,
) -> None:
    frame = open_rules(page, server_url)  # the live board's element (open shadow root)
    assert "Zola, a game by Mark Steere" in page.text_content("header")

    images = page.evaluate(
        "[...document.images].map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])"
    )
    assert len(images) >= 7
    assert [src for src, complete, width in images if not (complete and width > 0)] == []

    board = frame.locator("svg[data-position]")
    assert Position.parse(board.get_attribute("data-position")) == STEP_START
    assert frame.locator("[data-square]").count() == 36
    screenshot("rules-page", full_page=True)

    # The page, its live board included (no iframe any more).
    assert page.frames == [page.main_frame]
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {iframes: false, resultTypes: ['violations']})")
    serious = [
        f"{v['impact']}: {v['id']}: {v['help']} (e.g. {v['nodes'][0]['html'][:120]})"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []

    # Red's checker on b4 steps up to b5, one of the three moves the page names.
    frame.locator('[data-square="b4"]').click()
    frame.locator('[data-square="b5"]').click()
    after = STEP_START.copy()
    after.push(Move.parse("b4-b5"))
    expect(board).to_have_attribute("data-position", str(after))

    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot("rules-page-phone", full_page=True)

    assert page.console_errors == []


def test_the_live_board_shows_at_once_and_keeps_its_size_when_it_becomes_live(
    page, server_url: str
) -> None:
    # The page holds the board's first screen (docs/figures.py): with the loader held
    # back, the board and its status already show; once live, nothing has moved.
    page.add_init_script(
        "window.__shift = 0; window.__shifts = new PerformanceObserver((list) => { for (const"
        " e of list.getEntries()) window.__shift += e.value; }); window.__shifts.observe({type:"
        " 'layout-shift', buffered: true});"
    )
    shifted = (  # the shifts so far, those not yet reported included
        "() => { for (const e of window.__shifts.takeRecords()) window.__shift += e.value;"
        " return window.__shift; }"
    )
    held = []
    page.route("**/web/boards.js", lambda route: held.append(route))
    page.goto(server_url + "/docs/rules.de.html", wait_until="commit")
    expect(page.locator("[data-zola] .status")).to_have_text("Rot ist am Zug.")
    element = page.locator("[data-zola]")
    element.scroll_into_view_if_needed()
    before = element.bounding_box()
    drawing = element.locator("svg[data-position]")
    assert drawing.get_attribute("aria-label").startswith("Die Schritt-Stellung")
    assert element.get_attribute("data-ready") is None and len(held) == 1

    held[0].continue_()
    expect(element).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    expect(element.locator(".bar button").first).to_be_visible()
    assert element.bounding_box() == before
    assert page.evaluate(shifted) == 0
    # The drawing the page brought is the one the live board keeps (its key matched).
    assert drawing.get_attribute("aria-label").startswith("Die Schritt-Stellung")
    assert page.console_errors == []


def _scheme(page) -> tuple[str, str, str]:
    """The rules page's colours as shown: its background, its first figure's (an SVG
    image: the colour under its top-left corner, read from a screenshot) and the live
    board's frame's scheme."""
    figure = page.locator("figure img").first
    figure.scroll_into_view_if_needed()
    corner = Image.open(io.BytesIO(figure.screenshot())).convert("RGB").getpixel((2, 2))
    page.locator("[data-zola]").scroll_into_view_if_needed()
    frame = "document.querySelector('[data-zola]').shadowRoot.querySelector('.zola')"
    return (
        page.evaluate("getComputedStyle(document.body).backgroundColor"),
        "dark" if sum(corner) < 3 * 128 else "light",
        page.evaluate(f"getComputedStyle({frame}).colorScheme"),
    )


DARK_PAGE = ("rgb(31, 29, 27)", "dark", "dark")  # rules.css: --bg, dark
LIGHT_PAGE = ("rgb(246, 241, 231)", "light", "light")


@pytest.mark.context(color_scheme="dark")
def test_the_rules_page_takes_the_colours_chosen_in_the_app(
    open_app, page, server_url: str, screenshot
) -> None:
    # A dark system: the page, its figures and its live board are dark.
    open_rules(page, server_url)
    assert _scheme(page) == DARK_PAGE
    screenshot("rules-page-dark", page=page)

    # The reader chooses Light in the app: the rules page is light, the system dark.
    open_app("", mode=None)
    use(page, "#scheme", "select_option", "light")
    open_rules(page, server_url)
    assert _scheme(page) == LIGHT_PAGE

    # Dark, chosen in the app in another tab: the open rules page turns at once.
    app = page.context.new_page()
    app.goto(server_url + "/index.html")
    app.wait_for_function("document.body.dataset.ready === '1'")
    use(app, "#scheme", "select_option", "dark")
    page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    expect(page.locator("body")).to_have_css("background-color", DARK_PAGE[0])
    page.emulate_media(color_scheme="light")  # the choice, not the system, decides
    assert _scheme(page) == DARK_PAGE
    assert page.console_errors == []
