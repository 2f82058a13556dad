"""How the play page looks in Chromium: its colours follow the system unless the reader
or the link chooses, every part of it."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import use
from tests.browser.test_live_boards import board, host_page, open_host
from zola.docs.diagrams import Diagram
from zola.draw.themes import PALETTES
from zola.lang.i18n import LANGUAGES

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
    button = page.evaluate("getComputedStyle(document.querySelector('#edit')).backgroundColor")
    assert button == "rgb(52, 48, 44)"  # the controls too
    screenshot("app-dark-1280x800", page=page)
    use(page, "#scheme", "select_option", "light")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert _colours(page) == (LIGHT_BG, LIGHT_BG, "zola-board theme-light")  # remembered
    assert page.input_value("#scheme") == "light"
    use(page, "#scheme", "select_option", "auto")
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


def _board_colours(page) -> tuple[str, str]:
    """The board's background and its red checkers' colour, as drawn."""
    return tuple(page.evaluate(
        "[getComputedStyle(document.querySelector('#board svg .background')).fill,"
        " getComputedStyle(document.querySelector('#board svg .checker.red')).fill]"
    ))  # fmt: skip


def _rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i : i + 2], 16) for i in (1, 3, 5)))


def test_the_board_palette_is_chosen_in_the_settings_and_kept(open_app, page, screenshot):
    open_app("#v1;size=6;moves=c3xd3.c4xd3")
    classic = PALETTES["classic"][0]
    assert _board_colours(page) == (_rgb(classic.background), _rgb(classic.red))
    for name, (light, dark) in PALETTES.items():
        use(page, "#palette", "select_option", name)
        use(page, "#scheme", "select_option", "light")
        assert _board_colours(page) == (_rgb(light.background), _rgb(light.red))
        screenshot(f"palette-{name}-light", page=page)
        use(page, "#scheme", "select_option", "dark")
        assert _board_colours(page) == (_rgb(dark.background), _rgb(dark.red))
        screenshot(f"palette-{name}-dark", page=page)
    use(page, "#scheme", "select_option", "light")
    use(page, "#palette", "select_option", "slate")
    assert page.evaluate("location.hash") == "#v1;size=6;moves=c3xd3.c4xd3;slate"
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.input_value("#palette") == "slate"  # remembered
    slate = PALETTES["slate"][0]
    assert _board_colours(page) == (_rgb(slate.background), _rgb(slate.red))
    # A link's word shows its palette, whatever the reader chose.
    page.evaluate("location.hash = '#v1;size=6;moves=c3xd3;contrast'")
    contrast = PALETTES["contrast"][0]
    page.wait_for_function(
        f"getComputedStyle(document.querySelector('#board svg .background')).fill"
        f" === {_rgb(contrast.background)!r}"
    )
    assert page.input_value("#palette") == "contrast"
    assert not page.console_errors


# ------------------------------------------------------- live boards follow their host

def _schemes(page) -> list[tuple[bool, str]]:
    """Each live board's frame (dark or not) and its drawing's theme."""
    return [tuple(pair) for pair in page.evaluate(
        "[...document.querySelectorAll('[data-zola]')].map((e) => ["
        "e.shadowRoot.querySelector('.zola').classList.contains('dark'),"
        "e.shadowRoot.querySelector('svg[data-position]').getAttribute('class')])"
    )]


DARK_BOARD, LIGHT_BOARD = (True, "zola-board theme-dark"), (False, "zola-board theme-light")


@pytest.mark.context(color_scheme="dark")
def test_live_boards_take_the_scheme_of_the_page_around_them(page, server_url) -> None:
    # A page without a dark mode (white), a dark section, and boards the author forces.
    body = (
        board("v1;size=6")
        + f'<div style="background: #15171a; color: #eee">{board("v1;size=6")}</div>'
        + f'<div data-zola-theme="dark">{board("v1;size=6")}</div>'
        + board("v1;size=6", attributes=' data-zola-theme="auto"')
        + board("v1;size=6;light", attributes=' data-zola-theme="dark"')  # the link wins
    )
    open_host(page, server_url, host_page(body))
    assert _schemes(page) == [LIGHT_BOARD, DARK_BOARD, DARK_BOARD, DARK_BOARD, LIGHT_BOARD]
    assert not page.console_errors


@pytest.mark.parametrize(
    ("where", "mark", "dark", "light"),
    [
        ("body", "data-theme", "dark", "light"),  # furo
        ("html", "data-theme", "dark", "light"),  # pydata-sphinx-theme
        ("body", "data-md-color-scheme", "slate", "default"),  # Material for MkDocs
    ],
)
def test_live_boards_follow_a_theme_toggle_at_once(page, server_url, where, mark, dark, light):
    open_host(page, server_url, host_page(board("v1;size=6;moves=c3xd3") + board("v1;size=8")))
    assert _schemes(page) == [LIGHT_BOARD, LIGHT_BOARD]
    toggle = f"(v) => document.{'documentElement' if where == 'html' else 'body'}"
    page.evaluate(f"{toggle}.setAttribute('{mark}', v)", dark)
    page.wait_for_function(
        "[...document.querySelectorAll('[data-zola]')].every((e) => "
        "e.shadowRoot.querySelector('svg[data-position]').classList.contains('theme-dark'))"
    )
    assert _schemes(page) == [DARK_BOARD, DARK_BOARD]
    page.evaluate(f"{toggle}.setAttribute('{mark}', v)", light)
    page.wait_for_function(
        "[...document.querySelectorAll('[data-zola]')].every((e) => "
        "e.shadowRoot.querySelector('svg[data-position]').classList.contains('theme-light'))"
    )
    assert _schemes(page) == [LIGHT_BOARD, LIGHT_BOARD]
    assert not page.console_errors


# -------------------------------------------------- static diagrams in both schemes

def _diagram_page(page, server_url: str, body_mark: str) -> None:
    """A page of two static diagrams as the docs tools write them: an <img> of the file
    (as Sphinx does) and the same SVG inline (as MkDocs does)."""
    svg = Diagram("v1;size=6;moves=c3xd3", {"shading": ""}).svg
    page.route(f"{server_url}/figure.svg", lambda route: route.fulfill(
        body=svg, content_type="image/svg+xml"))  # fmt: skip
    body = f'<img id="img" src="figure.svg" width="240"><div id="inline">{svg}</div>'
    html = f"<!doctype html><meta charset=utf-8><body {body_mark}>{body}</body>"
    page.route(f"{server_url}/figures.html", lambda route: route.fulfill(
        body=html, content_type="text/html"))  # fmt: skip
    page.goto(f"{server_url}/figures.html")
    page.wait_for_function("document.querySelector('#img').complete")


def _inline_background(page) -> str:
    return page.evaluate("getComputedStyle(document.querySelector('#inline .background')).fill")


def _img_corner(page) -> list[int]:
    """The colour of the image's top left pixel (its background), as drawn."""
    return page.evaluate(
        """() => {
          const img = document.querySelector('#img'), canvas = document.createElement('canvas');
          canvas.width = img.width; canvas.height = img.height;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0, canvas.width, canvas.height);
          return [...context.getImageData(2, 2, 1, 1).data].slice(0, 3);
        }"""
    )


@pytest.mark.context(color_scheme="dark")
def test_static_diagrams_show_dark_where_they_stand_dark(page, server_url, screenshot) -> None:
    # A dark reader on a page without a dark mode: the image follows the reader, the
    # inline drawing the page.
    _diagram_page(page, server_url, "")
    assert _img_corner(page) == [0x2A, 0x27, 0x24]
    assert _inline_background(page) == "rgb(255, 250, 240)"
    # A page whose theme marks it dark (furo): the inline drawing too.
    _diagram_page(page, server_url, 'data-theme="dark" style="background: #1a1c1e"')
    assert _inline_background(page) == "rgb(42, 39, 36)"
    screenshot("diagrams-dark", page=page)
    page.emulate_media(color_scheme="light")
    _diagram_page(page, server_url, "")
    assert _img_corner(page) == [0xFF, 0xFA, 0xF0]
    assert _inline_background(page) == "rgb(255, 250, 240)"


def test_a_docs_tools_board_shows_in_a_dark_pages_scheme_before_python_and_keeps_it(
    page, server_url
) -> None:
    docs = Diagram("#v1;size=6;moves=c3xd3", {"live": "panel"})
    element = docs.live_element(docs.live_preview())
    held = []
    page.route("**/micropython.wasm", lambda route: held.append(route))  # wait until we say
    body = f'<div style="background: #1b1d20">{element}</div>'
    html = host_page(body).replace("<body>", '<body data-theme="dark">')
    open_host(page, server_url, html, settle=False)
    page.wait_for_function("document.querySelector('[data-zola]').shadowRoot?.querySelector('svg')")
    live = page.locator("[data-zola]")
    page.wait_for_function(  # the loader took the board on (its screen script read)
        "window.zolaBoards && !document.querySelector('[data-zola] script.zola-screen')"
    )
    scheme = "(zola) => getComputedStyle(zola).colorScheme"
    assert live.locator(".zola").evaluate(scheme) == "dark"  # the page's, as the loader finds it
    background = "(svg) => getComputedStyle(svg.querySelector('.background')).fill"
    drawing = live.locator("svg[data-position]")
    assert drawing.evaluate(background) == "rgb(42, 39, 36)"  # dark before Python
    drawing.evaluate("(svg) => { svg.made = 'docs'; }")
    for route in held:
        route.continue_()
    page.wait_for_function("document.querySelector('[data-zola]').dataset.ready === '1'")
    assert drawing.evaluate("(svg) => svg.made") == "docs"  # kept, not drawn again
    assert drawing.evaluate(background) == "rgb(42, 39, 36)"
    page.evaluate("document.body.setAttribute('data-theme', 'light')")  # the reader switches
    page.wait_for_function(
        "document.querySelector('[data-zola]').shadowRoot.querySelector('svg.theme-light')"
    )
    assert drawing.evaluate(background) == "rgb(255, 250, 240)"
    assert not page.console_errors


# ------------------------------------------------------------------ the layout holds

RECENT = [  # a list of recent games, whose menu's entries are long
    {"id": f"g{i:08x}", "fragment": "v1;size=6;moves=c3xd3.c4xd3", "mode": "computer-second",
     "size": 6, "moves": 8, "updated": 1.8e9 + i, "tab": ""}
    for i in range(3)
]  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080), (390, 844), (360, 740)])
def test_no_page_scrolls_sideways_and_the_steps_keep_one_row(
    open_app, page, width, height, language, screenshot
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    saved = json.dumps(json.dumps(RECENT))
    page.add_init_script(
        f"localStorage.setItem('zola-recent', {saved});"
        f"localStorage.setItem('zola-language', '{language}');"
    )
    open_app("#v1;size=6;moves=c3xd3")
    assert page.evaluate("document.documentElement.scrollWidth") == width
    tops = [page.locator(f"#{name}").bounding_box()["y"] for name in ("first", "undo", "last")]
    assert max(tops) - min(tops) < 12, tops  # (centred: a taller button, a little higher)
    screenshot(f"app-{width}x{height}-{language}", page=page)
    page.click('[data-group="play"] > summary')  # the Game menu, with its long entries
    recent = page.locator("#recent").bounding_box()
    assert recent["x"] >= 0 and recent["x"] + recent["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") == width
    screenshot(f"app-{width}x{height}-{language}-game-menu", page=page)
