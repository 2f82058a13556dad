"""Live boards on a docs page (web/boards.js): several boards served by one MicroPython,
stepping, keys, tried moves, a bad board beside good ones, boards added and removed
later, a host page that restyles svg and button, a static SVG kept while loading."""

from __future__ import annotations

import http.server
import itertools
import json
import re
import threading
import time
from html import escape

import pytest
from playwright.sync_api import expect

from zola import Position
from zola.docs.diagrams import Diagram
from zola.draw.diagram import diagram
from zola.page.live import first_frame
from zola.puzzles.sets import load
from zola.rules.link import parse

# Readers' games: A is at Blue's first turn (the pie offer), B an 8x8 view-only board.
GAME_A = "v1;size=6;moves=c3xd3.c4xd3.e3xd3;ply=1;panel"
GAME_B = "v1;size=8;moves=d4xe4.d5xe4;static;flip"
GAME_D = "v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3;notes=1:ac4-d3,cBlue_to_move;panel;dark"
BAD = "v1;size=7"
# A board's element once the loader took it on: only the page's style sheet that the docs
# tools wrote beside the board is left (zola.draw.schemes.PAGE_CSS).
TAKEN = "(e) => [...e.children].every((node) => node.matches('style.zola-scheme'))"
# A host page whose CSS tries to restyle everything the boards are made of.
HOSTILE_CSS = """
svg { max-width: 10px !important; fill: red; display: none; }
button { display: none !important; }
body { font: 30px/3 serif; text-align: right; letter-spacing: 3px; color: #0a0; }
p { color: lime; margin: 3em; }
rect, circle, g { fill: magenta !important; }
"""
PAGES = itertools.count()


def host_page(body: str, lang: str = "en", head: str = "") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>A docs page</title>'
        f'<script type="module" src="./web/boards.js"></script>{head}</head>'
        f"<body><h1>A rules page</h1>{body}</body></html>"
    )


def board(fragment: str, inner: str = "", attributes: str = "") -> str:
    return f'<div data-zola="{escape(fragment)}"{attributes}>{inner}</div>'


def open_host(page, server_url: str, html: str, settle: bool = True):
    """Open ``html`` as a page of the app's own origin; wait until every board is live or
    says its problem."""
    url = f"{server_url}/live-host-{next(PAGES)}.html"
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(url)
    if settle:
        wait_settled(page)
    return page


def wait_settled(page) -> None:
    page.wait_for_function(
        "[...document.querySelectorAll('[data-zola]')]"
        ".every((e) => e.dataset.ready === '1' || e.dataset.problem === '1')",
        timeout=60_000,
    )


def shown(element) -> Position:
    """The position a live board shows."""
    return Position.parse(element.locator("svg[data-position]").get_attribute("data-position"))


def game_of(element) -> str:
    """The game of a board's "Open in the full app" link."""
    return element.locator("a.app-link").get_attribute("href").split("#", 1)[1]


def assert_one_interpreter(page) -> None:
    """One MicroPython for the page: no Pyodide, no iframe, no worker, no service worker."""
    requests = page.requests
    assert not [u for u in requests if "/node_modules/pyodide/" in u or "ai_worker" in u]
    assert sum(u.endswith("/micropython.wasm") for u in requests) == 1
    assert sum(u.endswith("/web/boards.js") for u in requests) == 1
    assert not [u for u in requests if u.endswith("/web/main.py") or "sw.js" in u]
    # The zola modules come in one image: one request, whatever the number of modules.
    assert sum(u.endswith("/web/zola.rom") for u in requests) == 1
    assert not [u for u in requests if u.endswith(".mpy")]
    assert len(page.frames) == 1 and not page.log.worker_requests
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0


def test_live_boards_on_a_docs_page(page, server_url, screenshot) -> None:
    body = (
        "<p>Blue may swap colours here.</p>"
        '<div class="grid">'
        + board(GAME_A, attributes=' id="a"')
        + board(GAME_B, attributes=' id="b"')
        + board(BAD, attributes=' id="c"')
        + board(GAME_D, attributes=' id="d"')
        + '</div><p class="status" id="host-status">A paragraph of the host.</p>'
        '<button id="host-button" type="button">host</button>'
    )
    grid = "<style>.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }</style>"
    open_host(page, server_url, host_page(body, head=f"<style>{HOSTILE_CSS}</style>{grid}"))
    a, b, c, d = (page.locator(f"#{name}") for name in "abcd")
    for element in (a, b, d):
        assert element.get_attribute("data-ready") == "1"
        assert element.evaluate("(e) => e.shadowRoot.mode") == "open"
    # The host's CSS reaches none of it: the boards fill their column, the buttons show.
    for element in (a, b, d):
        width = element.bounding_box()["width"]
        svg = element.locator("svg[data-position]").bounding_box()
        assert svg["width"] > 0.9 * width - 20 and abs(svg["width"] - svg["height"]) < 2
        assert element.locator('button[data-do="forward"]').is_visible()
    fill = a.locator('circle[data-on="c4"]').first.evaluate("(e) => getComputedStyle(e).fill")
    assert fill != "rgb(255, 0, 255)"
    # The boards' CSS does not reach the host page.
    assert page.locator("#host-status").evaluate("(e) => getComputedStyle(e).fontWeight") == "400"
    assert page.locator("#host-button").evaluate("(e) => getComputedStyle(e).display") == "none"
    # The bad board says why in one line; the others work.
    assert c.get_attribute("data-ready") is None and c.get_attribute("data-problem") == "1"
    problem = c.locator(".problem")
    assert problem.is_visible()
    assert problem.text_content().startswith("This board cannot be shown: ")
    assert problem.bounding_box()["height"] < 60 and c.locator("svg").count() == 0
    screenshot("live-boards", full_page=True)

    # Stepping with the buttons, then the keys on a board that has the focus.
    start_b = shown(b)
    a.locator('button[data-do="back"]').click()
    assert shown(a) == Position.start(6) and game_of(a).endswith(";ply=0")
    assert a.locator('button[data-do="back"]').is_disabled()
    a.locator('button[data-do="last"]').click()
    assert game_of(a) == "v1;size=6;moves=c3xd3.c4xd3.e3xd3"
    a.locator('button[data-do="flip"]').focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert game_of(a).endswith(";ply=1")
    page.keyboard.press("End")
    assert game_of(a) == "v1;size=6;moves=c3xd3.c4xd3.e3xd3"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert game_of(a).endswith(";ply=1") and a.locator(".pie").is_visible()
    assert shown(b) == start_b  # each board has its own game

    # A tried move: legal-move marks, why an illegal one is not, then a variation.
    a.locator('[data-square="c4"]').click()
    assert a.locator("circle.hint").count() > 0
    a.locator('[data-square="c3"]').click()
    assert (
        "is not legal: a step must move farther from the centre"
        in a.locator(".message").text_content()
    )
    a.locator('[data-square="e4"]').click()
    a.locator('[data-square="d3"]').click()
    assert game_of(a) == "v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3"
    assert a.locator(".announce").text_content() == "Blue played e4xd3."
    assert a.locator(".moves li.variations").count() == 1
    reset = a.locator('button[data-do="reset"]')
    assert reset.is_visible() and shown(b) == start_b and not b.locator(".reset").is_visible()
    reset.click()
    assert game_of(a) == "v1;size=6;moves=c3xd3.c4xd3.e3xd3;ply=1" and reset.is_hidden()
    # The pie offer, as in the app.
    a.locator('button[data-do="swap"]').click()
    assert a.locator(".message").text_content() == "Colours swapped: the players exchange sides."
    assert game_of(a) == "v2;size=6;moves=c3xd3.c4xd3(swap).e3xd3;at=3"
    # A move-list click goes to that move.
    a.locator('.moves button[data-node="1"]').click()
    assert game_of(a).endswith("at=1")

    # The view-only board: clicks say so, the keys step when it has the focus.
    b.locator('[data-square="e4"]').click()
    assert b.locator(".message").text_content() == "This board is for viewing only."
    assert b.locator(".board").evaluate("(e) => e.tabIndex") == 0
    b.locator(".board").focus()
    page.keyboard.press("ArrowLeft")
    assert shown(b) != start_b and game_of(b).endswith(";ply=1")
    assert (
        b.locator('[data-square="a1"]').evaluate("(e) => e.closest('svg').dataset.flipped") == "1"
    )
    # The dark board: its comment, its variation, its link.
    assert d.locator(".zola").evaluate("(e) => e.classList.contains('dark')")
    assert "theme-dark" in d.locator("svg[data-position]").get_attribute("class")
    d.locator('.moves button[data-node="1"]').click()
    assert d.locator(".note").text_content() == "Blue to move"
    link = d.locator("a.app-link")
    assert link.get_attribute("href").startswith(f"{server_url}/index.html#v2;size=6;")
    assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")

    assert_one_interpreter(page)
    assert not page.console_errors
    screenshot("live-boards-played", full_page=True)


def test_keyboard_on_the_squares_as_on_the_apps_board(page, server_url) -> None:
    open_host(page, server_url, host_page(board("v1;size=6", attributes=' id="a"')))
    a = page.locator("#a")
    a.locator('[data-square][tabindex="0"]').focus()
    assert a.evaluate("(e) => e.shadowRoot.activeElement.dataset.square") == "a1"
    for key in ("ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp"):
        page.keyboard.press(key)
    assert a.evaluate("(e) => e.shadowRoot.activeElement.dataset.square") == "c3"
    page.keyboard.press("Enter")  # select c3 ...
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # ... and capture on d3
    assert game_of(a) == "v1;size=6;moves=c3xd3"
    assert a.locator(".announce").text_content() == "Red played c3xd3."
    label = a.locator('[data-square="d3"]').get_attribute("aria-label")
    assert label == "d3, red checker"
    assert a.locator('button[data-do="first"]').get_attribute("aria-label") == "Go to the start"


def test_the_keys_keep_stepping_when_the_part_with_the_focus_goes(page, server_url) -> None:
    # A move-list click writes the list afresh, a step button at the end of the game is
    # disabled, Reset hides once used: the focus moves on, and the keys still step.
    open_host(page, server_url, host_page(board(GAME_A, attributes=' id="a"')))
    a = page.locator("#a")
    focused = (  # the move (its number) or the part (its class) that has the focus
        "(e) => { const at = e.shadowRoot.activeElement; return at?.dataset.node ?? at?.className }"
    )
    a.locator('.moves button[data-node="2"]').click()
    assert game_of(a).endswith(";ply=2") and a.evaluate(focused) == "2"
    page.keyboard.press("ArrowLeft")
    assert game_of(a).endswith(";ply=1") and a.evaluate(focused) == "1"
    a.locator('button[data-do="back"]').click()  # to the start: back is disabled now
    assert game_of(a).endswith(";ply=0") and a.locator('button[data-do="back"]').is_disabled()
    assert a.evaluate(focused) == "board"
    page.keyboard.press("ArrowRight")
    assert game_of(a).endswith(";ply=1")
    page.keyboard.press("End")
    a.locator('[data-square="e4"]').click()  # Blue tries e4xd3: a variation, and Reset
    a.locator('[data-square="d3"]').click()
    a.locator('button[data-do="reset"]').click()
    assert a.locator('button[data-do="reset"]').is_hidden() and a.evaluate(focused) == "board"
    page.keyboard.press("Home")
    assert game_of(a).endswith(";ply=0")


# How each board's app link is shown ("words", "arrow" or "none"), and whether that is
# the most that fits: a link that shows its words is not cut short, and one that does not
# would be, with its words (or its arrow) back (checked with them back for a moment).
LINKS = """(widths) => widths.map((width) => {
  const link = document.getElementById(`b${width}`).shadowRoot.querySelector(".app-link");
  const cut = () => link.scrollWidth > link.clientWidth;
  const shown = link.classList.contains("gone") ? "none"
    : link.classList.contains("tight") ? "arrow" : "words";
  const classes = link.className;
  link.classList.remove(shown === "none" ? "gone" : "tight");
  const more = cut(); // with the next part back
  link.className = classes;
  return [shown, shown === "words" ? !cut() : more && (shown === "none" || !cut())];
})"""
FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_app_link_shows_its_words_only_where_they_fit(page, server_url, lang) -> None:
    widths = [240, 320, 360, 640]
    boards = "".join(
        f'<div style="width: {width}px">{board(GAME_A, attributes=f" id=b{width}")}</div>'
        for width in widths
    )
    open_host(page, server_url, host_page(boards, lang=lang))

    def links() -> list[str]:
        for _ in range(2):  # a resize is seen a frame later, and measured the frame after
            page.evaluate(FRAMES)
        shown = page.evaluate(LINKS, widths)
        assert all(best for _, best in shown), shown
        return [how for how, _ in shown]

    assert links()[3] == "words"  # a board is at most 32rem wide: room for the words
    for width in widths:  # Reset shows: it takes the room of the words where they are tight
        b = page.locator(f"#b{width}")
        b.locator('[data-square="e4"]').click()
        b.locator('[data-square="d3"]').click()
        expect(b.locator('button[data-do="reset"]')).to_be_visible()
    assert links()[0] != "words"
    page.locator("#b640").evaluate("(e) => { e.parentElement.style.width = '240px'; }")
    assert links()[3] != "words"
    link = page.locator("#b640").locator("a.app-link")
    assert link.get_attribute("title") and link.get_attribute("href").startswith(server_url)


def test_boards_added_later_are_mounted_and_removed_ones_released(page, server_url) -> None:
    open_host(page, server_url, host_page('<main id="docs">' + board("v1;size=6") + "</main>"))
    assert page.evaluate("zolaBoards.mounted()") == 1
    # A docs theme's instant navigation puts in a new article; a tab opens.
    page.evaluate(
        """() => {
        const article = document.createElement("article");
        article.innerHTML = '<div id="n1" data-zola="v1;size=8;moves=d4xe4"></div>'
          + '<section><div id="n2" data-zola="v1;size=10;panel"></div></section>';
        document.querySelector("#docs").append(article);
    }"""
    )
    wait_settled(page)
    assert page.evaluate("zolaBoards.mounted()") == 3
    n1 = page.locator("#n1")
    n1.locator('[data-square="d5"]').click()
    n1.locator('[data-square="e5"]').click()
    assert game_of(n1) == "v1;size=8;moves=d4xe4.d5xe5"
    # A new link in a board that is there shows that game afresh.
    page.evaluate("document.querySelector('#n1').dataset.zola = 'v1;size=6;moves=c3xd3'")
    page.wait_for_function(
        "document.querySelector('#n1').shadowRoot.querySelector('svg[data-size=\"6\"]')"
    )
    assert game_of(n1) == "v1;size=6;moves=c3xd3" and page.evaluate("zolaBoards.mounted()") == 3
    # Removed boards let go of what they held; a board moved elsewhere keeps working.
    page.evaluate("document.querySelector('article section').remove()")
    page.wait_for_function("zolaBoards.mounted() === 2")
    page.evaluate("document.body.append(document.querySelector('#n1'))")
    page.wait_for_function("zolaBoards.mounted() === 2")
    wait_settled(page)
    n1.locator('button[data-do="first"]').click()
    assert game_of(n1).endswith(";ply=0")
    page.evaluate(
        "document.querySelector('#docs').remove(); document.querySelector('#n1').remove()"
    )
    page.wait_for_function("zolaBoards.mounted() === 0")
    assert not page.console_errors


# (A hand-written board's view words are read by Python: one with `panel` gets its move
# list's room when it is painted live. The docs tools' boards have it before, below.)
@pytest.mark.parametrize("fragment", ["v1;size=8;moves=d4xe4", "v1;size=6;moves=c3xd3.c4xd3;flip"])
def test_a_static_svg_shows_while_loading_and_the_height_stays(page, server_url, fragment) -> None:
    held = []
    page.route("**/micropython.wasm", lambda route: held.append(route))  # wait until we say
    inner = diagram(fragment)
    body = board(fragment, inner, ' id="a" style="width: 420px"') + "<p id='after'>Text after.</p>"
    open_host(
        page, server_url, host_page(body, head="<style>svg { width: 10px }</style>"), settle=False
    )
    page.wait_for_function("document.querySelector('#a').shadowRoot?.querySelector('svg')")
    a = page.locator("#a")
    assert a.get_attribute("data-ready") is None
    static = a.locator("svg[data-position]")
    assert static.get_attribute("role") == "img" and static.bounding_box()["width"] > 380
    assert static.is_visible()  # the preview is painted, the rest waits unseen
    before = a.bounding_box()["height"], page.locator("#after").bounding_box()["y"]
    assert held, "the runtime was asked for"
    for route in held:
        route.continue_()
    wait_settled(page)
    assert a.locator("svg[data-position]").get_attribute("role") == "group"  # the live board
    after = a.bounding_box()["height"], page.locator("#after").bounding_box()["y"]
    assert abs(after[0] - before[0]) < 1 and abs(after[1] - before[1]) < 1, (before, after)


def test_a_file_the_server_does_not_send_leaves_the_drawing_and_names_it(
    page, server_url
) -> None:
    fragment = "v1;size=6;moves=c3xd3"
    page.route("**/web/zola.rom", lambda route: route.fulfill(status=404, body="not here"))
    body = board(fragment, diagram(fragment), ' id="a"')
    open_host(page, server_url, host_page(body), settle=False)
    page.wait_for_function("document.querySelector('#a').shadowRoot?.querySelector('svg')")
    deadline = time.monotonic() + 20
    said = lambda: [e for e in page.console_errors if "MicroPython did not start" in e]  # noqa: E731
    while not said() and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    (error,) = said()
    assert "web/zola.rom: 404" in error
    page.console_errors.clear()  # (expected here)
    a = page.locator("#a")
    assert a.get_attribute("data-ready") is None  # never live, never clickable
    assert a.locator("svg[data-position]").is_visible()  # the drawing stays


def test_a_board_keeps_the_first_screen_the_docs_tools_drew(page, server_url) -> None:
    # The docs tools' element: the board's first screen with its key (data-frame). The
    # same with a key of another drawing, and under a host language it was not drawn in.
    docs = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"})
    element = docs.live_element(docs.live_preview())
    assert 'data-frame="' in element
    other_key = re.sub(r'data-frame="\w+"', 'data-frame="0badf00d"', element)
    german = element.replace("<div ", '<div lang="de" ', 1)
    held = []
    page.route("**/micropython.wasm", lambda route: held.append(route))
    open_host(page, server_url, host_page(element + other_key + german), settle=False)
    page.wait_for_function(
        "document.querySelectorAll('[data-zola]').length === 3 && "
        "[...document.querySelectorAll('[data-zola]')].every((e) => "
        "e.shadowRoot?.querySelector('svg'))"
    )
    page.evaluate(  # mark each drawing made before Python ran
        "document.querySelectorAll('[data-zola]').forEach((e) => "
        "{ e.shadowRoot.querySelector('svg').made = 'docs'; })"
    )
    for route in held:
        route.continue_()
    wait_settled(page)
    made = page.evaluate(
        "[...document.querySelectorAll('[data-zola]')]"
        ".map((e) => e.shadowRoot.querySelector('svg[data-position]').made ?? 'python')"
    )
    assert made == ["docs", "python", "python"]
    kept, _, german_board = (page.locator("[data-zola]").nth(i) for i in range(3))
    assert german_board.locator(".status").text_content() == "Rot ist am Zug."
    assert shown(kept) == parse("v1;size=6;moves=c3xd3.c4xd3")[0].position
    # The kept drawing takes clicks like any other: the checker on e3 is selected.
    kept.locator('[data-square="e3"]').click()
    kept.locator("svg[data-position] .selected").wait_for()
    assert kept.locator("svg[data-position]").evaluate("(svg) => svg.made") is None
    assert not page.console_errors


def test_a_docs_tools_board_is_whole_before_any_script_and_nothing_moves(page, server_url) -> None:
    # Two boards as the docs tools write them, the second far below the first screen, on
    # a page whose CSS restyles every svg. The browser attaches each board's shadow root
    # as it reads the page (declared in HTML): before any script runs, a board shows in
    # its frame, at its full height, out of the host's CSS; the loader keeps that root and
    # that drawing. A board far from the screen is neither laid out nor painted until the
    # reader scrolls near it (content-visibility), yet it has its height. The author's
    # comment on the position shows at once too (two lines long here).
    comment = "A comment long enough to take two lines under the board and shown at once"
    link = f"#v2;size=8;moves=d4xe4;notes=1:c{comment.replace(' ', '_')}"
    docs = Diagram(link, {"live": "static panel"})
    element = docs.live_element(docs.live_preview())
    body = (
        element.replace("<div ", '<div id="near" ', 1)
        + '<p id="after">Text after.</p><div style="height: 4000px"></div>'
        + element.replace("<div ", '<div id="far" ', 1)
    )
    held = {"loader": [], "runtime": []}
    page.route("**/web/boards.js", lambda route: held["loader"].append(route))
    page.route("**/micropython.wasm", lambda route: held["runtime"].append(route))
    url = f"{server_url}/live-host-{next(PAGES)}.html"
    html = host_page(body, head="<style>svg { width: 10px !important; }</style>")
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(url, wait_until="commit")  # the page waits for its loader
    near, far, after = page.locator("#near"), page.locator("#far"), page.locator("#after")
    unpainted = "(svg) => !svg.firstElementChild.checkVisibility({contentVisibilityAuto: true})"
    page.wait_for_function("document.querySelector('#far')?.shadowRoot?.querySelector('svg')")
    assert page.evaluate("window.zolaBoards") is None  # no script has run
    drawing = near.locator("svg[data-position]")
    assert drawing.is_visible() and drawing.bounding_box()["width"] > 300  # not the host's 10px
    room = near.bounding_box()["height"] - drawing.bounding_box()["height"]
    assert room > 60  # its controls' room, kept
    assert near.locator(".note").text_content() == comment
    assert near.locator(".note").is_visible()
    assert near.locator(".note").bounding_box()["height"] > 30  # two lines
    assert far.locator("svg").evaluate(unpainted)

    def boxes() -> list[dict]:
        return [locator.bounding_box() for locator in (near, drawing, after, far)]

    def same(old: list[dict], new: list[dict]) -> bool:
        keys = ("x", "y", "width", "height")
        return all(abs(a[k] - b[k]) < 1 for a, b in zip(old, new, strict=True) for k in keys)

    before = boxes()
    page.evaluate(  # mark each drawing the docs tools made
        "for (const id of ['near', 'far']) "
        "document.getElementById(id).shadowRoot.querySelector('svg').made = 'docs';"
    )
    for route in held["loader"]:
        route.continue_()
    page.wait_for_function(  # the loader took the board: only the page's style is left
        f"window.zolaBoards && ({TAKEN})(document.querySelector('#near'))"
    )
    assert near.locator(".status").text_content() == "Blue to move."  # painted before Python
    assert same(before, boxes())
    assert page.evaluate(  # the declared root and its style sheet are kept
        "document.querySelector('#near').shadowRoot.adoptedStyleSheets.length"
    ) == 0
    assert far.locator("svg").evaluate(unpainted)
    for route in held["runtime"]:
        route.continue_()
    wait_settled(page)
    assert same(before, boxes())
    assert [e.locator("svg[data-position]").evaluate("(svg) => svg.made") for e in (near, far)] == [
        "docs",
        "docs",
    ]
    assert far.locator("svg").evaluate(unpainted)  # live, and still waiting for the reader
    far.locator('button[data-do="back"]').click()  # scrolls to it: now it is painted
    page.wait_for_function("document.querySelector('#far').dataset.ready === '1'")
    assert shown(far) == parse("v1;size=8")[0].position
    page.wait_for_function(  # laid out and painted from the next frame on
        "document.querySelector('#far').shadowRoot.querySelector('svg').firstElementChild"
        ".checkVisibility({contentVisibilityAuto: true})",
        timeout=5_000,
    )
    assert not page.console_errors


def test_a_declared_board_put_in_by_a_script_or_of_another_loader_is_taken_over(
    page, server_url
) -> None:
    # The docs tools' board of another version of the loader (its style sheet differs):
    # its parts are made afresh around its drawing. The same board put in by a script
    # (as a docs theme's instant navigation does): its declared root comes as a template,
    # which the loader attaches. Both keep their drawing and work.
    docs = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"})
    element = docs.live_element(docs.live_preview())
    older = element.replace("max-width: 32rem", "max-width: 31rem", 1)
    assert older != element
    held = []
    page.route("**/micropython.wasm", lambda route: held.append(route))
    odd = '<template shadowrootmode="open"><p>x</p></template>'  # a root that is no board's
    body = older.replace("<div ", '<div id="older" ', 1) + board("v1;size=6", odd, ' id="odd"')
    open_host(page, server_url, host_page(body), False)
    page.wait_for_function("document.querySelector('#older').shadowRoot?.adoptedStyleSheets.length")
    page.evaluate("document.querySelector('#older').shadowRoot.querySelector('svg').made = 'docs'")
    for route in held:
        route.continue_()
    wait_settled(page)
    page.evaluate(  # put in by a script: the parser attaches no shadow root then
        """(html) => {
          document.body.insertAdjacentHTML("beforeend", html);
          const template = document.querySelector("#later > template");
          template.content.querySelector("svg").made = "docs";
        }""",
        element.replace("<div ", '<div id="later" ', 1),
    )
    page.wait_for_function("zolaBoards.mounted() === 3")
    wait_settled(page)
    odd_board = page.locator("#odd")  # its root made afresh: a board, drawn by Python
    assert odd_board.get_attribute("data-ready") == "1"
    assert not odd_board.get_by_text("x", exact=True).count()
    assert shown(odd_board) == parse("v1;size=6")[0].position
    for name, sheets in (("older", 1), ("later", 0)):
        live = page.locator(f"#{name}")
        root = f"document.querySelector('#{name}').shadowRoot"
        assert page.evaluate(f"{root}.adoptedStyleSheets.length") == sheets
        # (the drawing's own: its two schemes, zola.draw.schemes)
        styles = f"[...{root}.querySelectorAll('style')].filter((s) => !s.closest('svg')).length"
        assert page.evaluate(styles) == 1 - sheets
        assert live.evaluate(TAKEN)
        assert live.locator("svg[data-position]").evaluate("(svg) => svg.made") == "docs"
        assert live.locator(".status").text_content() == "Red to move."
        live.locator('button[data-do="back"]').click()
        assert shown(live) == parse("v1;size=6;moves=c3xd3")[0].position
    assert not page.console_errors


def test_a_declared_board_on_a_page_that_refuses_inline_styles_is_styled(
    page, server_url
) -> None:
    # A page whose policy allows no inline style: the style sheet the docs tools declare
    # in the board's root is refused, the loader's own (a constructed sheet) is not.
    docs = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"})
    policy = (
        "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
        "style-src 'self'; img-src 'self' data:"
    )
    head = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    open_host(page, server_url, host_page(docs.live_element(docs.live_preview()), head=head))
    board = page.locator("[data-zola]")
    assert board.get_attribute("data-ready") == "1"
    assert page.evaluate(
        "document.querySelector('[data-zola]').shadowRoot.adoptedStyleSheets.length"
    ) == 1
    # styled: the frame's border, the buttons in a row under the board
    assert board.locator(".zola").evaluate("(e) => getComputedStyle(e).borderTopWidth") == "1px"
    back, last = (board.locator(f'[data-do="{to}"]').bounding_box() for to in ("back", "last"))
    assert abs(back["y"] - last["y"]) < 1 and last["x"] > back["x"]
    board.locator('button[data-do="back"]').click()
    assert shown(board) == parse("v1;size=6;moves=c3xd3")[0].position


@pytest.mark.parametrize(
    ("language", "width", "status"),
    [("en", 340, "Blue to move."), ("de", 250, "Blau ist am Zug.")],
)
def test_a_docs_tools_board_shows_its_whole_first_screen_and_nothing_moves(
    page, server_url, language, width, status
) -> None:
    # At Blue's first turn (the pie offer), with the author's comment and a move list.
    docs = Diagram("#v2;size=6;moves=c3xd3;notes=1:cBlue_may_swap_here", {"live": "panel"})
    preview = docs.live_preview(language=language)
    body = (
        f'<div style="width: {width}px">{docs.live_element(preview)}</div>'
        "<p id='after'>Text after.</p>"
    )
    held = {"loader": [], "runtime": []}
    page.route("**/web/boards.js", lambda route: held["loader"].append(route))
    page.route("**/micropython.wasm", lambda route: held["runtime"].append(route))
    url = f"{server_url}/live-host-{next(PAGES)}.html"
    html = host_page(body, lang=language)
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(url, wait_until="commit")  # the page waits for its loader
    page.wait_for_function("document.querySelector('[data-zola]')?.shadowRoot?.querySelector('svg')")
    board = page.locator("[data-zola]")
    # Before any script: the status line as it will be (the pie offer takes its room).
    assert page.evaluate("window.zolaBoards") is None
    assert board.locator(".status").text_content() == status
    assert board.locator(".zola").get_attribute("lang") == language
    line = board.locator(".line").bounding_box()["height"]
    before = board.bounding_box(), page.locator("#after").bounding_box()
    for route in held["loader"]:
        route.continue_()
    page.wait_for_function(  # the loader took the board: its screen script read
        f"window.zolaBoards && ({TAKEN})(document.querySelector('[data-zola]'))"
    )
    assert board.locator(".status").text_content() == status
    assert line > 45  # the offer under the status, its buttons on two lines in German
    assert board.locator(".line").bounding_box()["height"] == line
    assert board.locator(".note").text_content() == "Blue may swap here"
    swap = board.locator('button[data-do="swap"]')
    assert swap.text_content() in ("Swap colours", "Farben tauschen") and swap.is_hidden()
    assert board.locator(".moves button.current").text_content() == "c3xd3"
    assert board.get_attribute("data-ready") is None
    assert game_of(board).startswith("v2;size=6;moves=c3xd3;notes=")  # its link, at once
    back = board.locator('button[data-do="back"]')
    assert back.is_hidden()  # the buttons show once they work: before Python, nothing happens
    back.dispatch_event("click")
    assert board.locator(".moves button.current").text_content() == "c3xd3"
    board.locator(".zola").evaluate(  # mark what is painted now
        "(zola) => { zola.querySelector('.status').firstChild.made = 'docs';"
        " zola.querySelector('.moves li').made = 'docs';"
        " zola.querySelector('.app-link').made = zola.querySelector('.app-link').href; }"
    )
    for route in held["runtime"]:
        route.continue_()
    wait_settled(page)
    assert board.get_attribute("data-ready") == "1"
    assert swap.is_visible() and back.is_visible()
    # The board keeps the screen painted before Python ran: nothing was painted again.
    assert board.locator(".zola").evaluate(
        "(zola) => [zola.querySelector('.status').firstChild.made,"
        " zola.querySelector('.moves li').made,"
        " zola.querySelector('.app-link').made === zola.querySelector('.app-link').href]"
    ) == ["docs", "docs", True]
    after = board.bounding_box(), page.locator("#after").bounding_box()
    for old, new in zip(before, after, strict=True):
        assert all(abs(old[k] - new[k]) < 1 for k in ("x", "y", "width", "height")), (old, new)
    board.locator('button[data-do="swap"]').click()
    board.locator(".moves button.current").filter(has_text="swap").wait_for()
    assert board.locator(".pie").is_hidden()
    assert not page.console_errors


# A board's shadow root as a tree to compare: each element's name, its attributes sorted,
# its children; each text; and the scheme its frame shows (by its class dark or light, or
# by the page's CSS: the class itself is left out).
ROOT_TREE = """(element) => {
  const zola = element.shadowRoot.querySelector(".zola");
  const value = (node, a) => node === zola && a.name === "class"
    ? a.value.split(" ").filter((word) => word !== "dark" && word !== "light").join(" ") : a.value;
  const tree = (node) => node.nodeType === 3 ? node.data
    : [node.localName, [...node.attributes].map((a) => `${a.name}=${value(node, a)}`).sort(),
       [...node.childNodes].map(tree)];
  return [getComputedStyle(zola).colorScheme, tree(zola)];
}"""


def test_the_docs_tools_declare_the_first_screen_as_the_loader_paints_it(
    page, server_url
) -> None:
    # Each board twice: as the docs tools write it (its root declared, painted whole) and
    # with its drawing alone beside its screen (the loader makes the parts and paints
    # them). Before Python runs, the two roots are the same, attribute for attribute.
    puzzle = next(p for p in load(6) if p.moves >= 2)
    cases = [  # (link, options, language, the app link)
        ("v1;size=6;moves=c3xd3", {"live": ""}, "en", True),
        ("v2;size=6;moves=c3xd3;notes=1:cBlue_may_swap_here", {"live": "panel"}, "de", True),
        ("v1;size=10", {"live": "static"}, "fr", False),
        ("v1;size=8;moves=d4xe4.d5xe4", {"live": "static", "dark": "", "flip": ""}, "en", True),
        (f"puzzle={puzzle.id}", {"live": ""}, "nl", True),
        ("v1;size=6;moves=c3xd3.c4xd3", {"live": "static"}, "es", True),  # on a dark ground
    ]
    body = []
    for link, options, language, app_link in cases:
        docs = Diagram(f"#{link}", options)
        declared = docs.live_element(docs.live_preview(language=language, app_link=app_link))
        assert "<template shadowrootmode" in declared and 'class="zola pending' not in declared
        drawing = re.sub(r"<template shadowrootmode.*?(<svg.*</svg>).*?</template>", r"\1",
                         declared, flags=re.S)
        assert "<template" not in drawing and "<svg" in drawing
        ground = ' style="background: #202020"' if language == "es" else ""
        body.append(f'<div lang="{language}"{ground}>{declared}{drawing}</div>')
    page.route("**/micropython.wasm", lambda route: None)  # Python never runs
    open_host(page, server_url, host_page("".join(body)), settle=False)
    page.wait_for_function(
        "window.zolaBoards && [...document.querySelectorAll('[data-zola]')]"
        f".every((e) => e.shadowRoot && ({TAKEN})(e))"
    )
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    boards = page.locator("[data-zola]")
    assert boards.count() == 2 * len(cases)
    kept = "(e) => !e.shadowRoot.adoptedStyleSheets.length && !!e.shadowRoot.querySelector('style')"
    for i, case in enumerate(cases):
        declared, painted = (boards.nth(2 * i + k) for k in (0, 1))
        assert declared.evaluate(kept) and not painted.evaluate(kept), case  # the root, kept
        assert declared.evaluate(ROOT_TREE) == painted.evaluate(ROOT_TREE), case
    schemes = [boards.nth(2 * i).evaluate(ROOT_TREE)[0] for i in range(len(cases))]
    assert schemes == ["light", "light", "light", "dark", "light", "dark"]
    assert page.evaluate("window.zolaBoards.mounted()") == 0
    assert not page.console_errors


@pytest.mark.context(java_script_enabled=False)
def test_without_scripts_a_docs_tools_board_shows_its_screen_but_no_dead_controls(
    page, server_url
) -> None:
    docs = Diagram("#v2;size=6;moves=c3xd3;notes=1:cBlue_may_swap_here", {"live": "panel"})
    open_host(page, server_url, host_page(docs.live_element(docs.live_preview())), settle=False)
    board = page.locator("[data-zola]")
    board.locator("svg[data-position]").wait_for()
    assert board.locator(".status").text_content() == "Blue to move."
    assert board.locator(".status").is_visible() and board.locator(".note").is_visible()
    assert board.locator(".moves button.current").is_visible()  # the game, read
    # The buttons would never work: unseen, their room kept (nothing moves either way).
    for control in ('[data-do="back"]', '[data-do="swap"]', "a.app-link"):
        assert board.locator(control).is_hidden(), control
    assert board.locator(".bar").bounding_box()["height"] > 20


class _TwoPartPage(http.server.BaseHTTPRequestHandler):
    """A page sent in two parts, the second when the test says so (``go``)."""

    parts: tuple[bytes, bytes] = (b"", b"")
    go: threading.Event  # each page's own

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(self.parts[0])
        self.wfile.flush()
        self.go.wait(timeout=30)
        self.wfile.write(self.parts[1])

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_a_loader_that_runs_while_the_page_is_read_takes_each_board_once_closed(
    page, server_url
) -> None:
    # The loader as an async module runs while the browser is still reading the page:
    # here the page stops in the middle of a board's declared root until the loader has
    # painted the board before it. A board is taken on only once the parser has closed
    # its element; each ends whole (one set of parts), keeps its drawing, and takes clicks.
    docs = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"})
    element = docs.live_element(docs.live_preview())
    html = host_page(
        "".join(element.replace("<div ", f'<div id="b{i}" ', 1) for i in range(3))
    ).replace('<script type="module"', '<script type="module" async', 1)
    cut = html.index('<div id="b1"') + len(element) // 2  # inside b1's declared root
    parts = (html[:cut].encode(), html[cut:].encode())
    handler = type("Page", (_TwoPartPage,), {"parts": parts, "go": threading.Event()})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"{server_url}/live-host-{next(PAGES)}.html"  # the page's origin: the app's
        streamed = f"http://127.0.0.1:{server.server_address[1]}/"
        page.route(url, lambda route: route.continue_(url=streamed))
        page.goto(url, wait_until="commit")
        page.wait_for_function(  # b0 taken by the loader while b1 is still being read
            f"window.zolaBoards && ({TAKEN})(document.querySelector('#b0'))"
        )
        assert page.evaluate("document.readyState") == "loading"
        assert page.locator("#b0 .status").text_content() == "Red to move."
        handler.go.set()
        wait_settled(page)
    finally:
        handler.go.set()
        server.shutdown()
        server.server_close()
    for i in range(3):
        board = page.locator(f"#b{i}")
        assert board.evaluate("(e) => e.shadowRoot.querySelectorAll('.zola, .bar').length") == 2
        assert board.locator("svg[data-position]").get_attribute("data-frame")  # the docs' drawing
        assert board.evaluate(TAKEN)  # its screen script read
    page.locator("#b2").locator('button[data-do="back"]').click()
    page.locator("#b2 .moves button.current").filter(has_text="c3xd3").wait_for()
    assert not page.console_errors


def test_a_broken_screen_beside_a_drawing_is_painted_by_python(page, server_url) -> None:
    # Hand-made elements whose screen script is not what the docs tools write.
    docs = Diagram("#v1;size=6;moves=c3xd3", {"live": "panel"})
    element = docs.live_element(docs.live_preview())
    good = re.search(r'class="zola-screen">([^<]*)<', element)[1]
    first = json.loads(good)
    names = ("screen", "labels", "moves", "key", "shared")
    fields, words, moves, key, shared = (first[name] for name in names)
    other = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"}).live_preview()
    broken = [
        "not json",
        "[1, 2, 3]",
        json.dumps([fields, {"label": 7}, moves, key, shared]),  # broken fixed words
        json.dumps([fields, words, moves]),  # no key: not a screen of this drawing
        re.search(r'class="zola-screen">([^<]*)<', other)[1],  # another board's screen
    ]
    body = "".join(element.replace(good, escape(text, quote=False)) for text in broken)
    open_host(page, server_url, host_page(body))
    boards = page.locator("[data-zola]")
    for i in range(len(broken)):
        board = boards.nth(i)
        assert board.get_attribute("data-ready") == "1"
        assert board.locator(".status").text_content() == "Blue to move."
        assert board.locator('button[data-do="back"]').get_attribute("aria-label") == (
            "Back one move"
        )
        assert board.locator(".moves button.current").text_content() == "c3xd3"
    assert not page.locator("b").count()


def test_a_bad_link_painted_before_python_runs_never_takes_clicks(page, server_url) -> None:
    # A hand-made element: the screen of a bad link beside no drawing.
    _, _, rest = first_frame(BAD)
    body = board(BAD, f'<script type="application/json" class="zola-screen">{rest}</script>')
    open_host(page, server_url, host_page(body + board(GAME_A)))
    bad, good = page.locator("[data-zola]").nth(0), page.locator("[data-zola]").nth(1)
    page.wait_for_function("zolaBoards.mounted() === 2")
    assert bad.get_attribute("data-problem") == "1" and bad.get_attribute("data-ready") is None
    assert "'7'" in bad.locator(".problem").text_content()
    assert good.get_attribute("data-ready") == "1"


def test_language_of_the_host_page_and_dark_scheme(page, server_url, screenshot) -> None:
    # A host page dark in the reader's dark scheme (by its own style sheet): its boards too.
    page.emulate_media(color_scheme="dark")
    body = board("v1;size=6;moves=c3xd3", attributes=' id="de"') + board(
        "v1;size=6;moves=c3xd3", attributes=' id="en" lang="en"'
    )
    scheme = "<style>@media (prefers-color-scheme: dark) { body { background: #16181c; } }</style>"
    open_host(page, server_url, host_page(body, lang="de", head=scheme))
    de, en = page.locator("#de"), page.locator("#en")
    assert de.locator(".status").text_content() == "Blau ist am Zug."
    assert de.locator('button[data-do="swap"]').text_content() == "Farben tauschen"
    assert de.locator('button[data-do="first"]').get_attribute("aria-label") == "Zum Anfang"
    assert en.locator(".status").text_content() == "Blue to move."
    for element in (de, en):
        assert "theme-dark" in element.locator("svg[data-position]").get_attribute("class")
    screenshot("live-boards-dark-de", full_page=True)
    page.emulate_media(color_scheme="light")
    page.wait_for_function(
        "document.querySelector('#de').shadowRoot.querySelector('svg.theme-light')"
    )


def test_text_from_a_link_is_never_markup(page, server_url) -> None:
    hostile = [
        'v1;size=6;<img src=x onerror="window.hacked=1">',
        "v1;size=6;moves=c3xd3;</style><script>window.hacked=1</script>",
        "v2;size=6;moves=c3xd3;notes=1:c%3Cimg_src%3Dx_onerror%3Dwindow.hacked%3D1%3E",
    ]
    body = "".join(board(f, attributes=f' id="h{i}"') for i, f in enumerate(hostile))
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    open_host(page, server_url, host_page(body))
    assert page.evaluate("window.hacked") is None
    for i in range(len(hostile)):
        element = page.locator(f"#h{i}")
        assert element.evaluate("(e) => e.shadowRoot.querySelectorAll('img, script').length") == 0
    note = page.locator("#h2")
    if note.get_attribute("data-ready") == "1":
        note.locator('button[data-do="last"]').click()
        assert "<img" in note.locator(".note").text_content()


def test_live_boards_pass_an_axe_audit(page, server_url) -> None:
    from tests.browser.test_access import audit

    boards = (GAME_A, GAME_D, BAD, "v1;size=10;moves=e5xf5;nocoords;shade;flip")
    open_host(page, server_url, host_page("".join(board(fragment) for fragment in boards)))
    page.locator('[data-zola] [data-square="c4"]').first.click()  # a selection, its marks
    assert audit(page) == []


def test_a_view_only_live_board_passes_an_axe_audit(page, server_url) -> None:
    from tests.browser.test_access import audit

    open_host(page, server_url, host_page(board(GAME_B)))
    assert audit(page) == []
