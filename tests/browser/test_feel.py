"""The feel of play in a real browser: moves that slide (and the switches that stop them),
sounds made in the page, and the layout on a phone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import use
from zola import Position

from .test_live_boards import board, host_page, open_host

# An SVG part's colours as the reader sees them.
LOOK = "(part) => ['fill', 'stroke', 'stroke-width'].map((name) => getComputedStyle(part)[name])"
# Plays a move by dispatching clicks (the page answers synchronously), then reports what
# slides, and what is left of it once a pointer goes down on the board.
PLAY_AND_TOUCH = """([from, to]) => {
  const look = """ + LOOK + """;
  const board = document.querySelector("#board");
  const click = (name) => board.querySelector(`[data-square="${name}"]`)
    .dispatchEvent(new MouseEvent("click", {bubbles: true}));
  click(from);
  click(to);
  const seen = {
    position: board.querySelector("svg").dataset.position,
    sliding: board.querySelectorAll("svg > .sliding").length,
    ghosts: board.querySelectorAll("svg > .ghost").length,
    checker: board.querySelectorAll(`.checker [data-on="${to}"]`).length,
    // the sliding copy looks like the checker it stands for (its colours are its groups')
    copy: [...board.querySelectorAll("svg > .sliding circle")].map(look),
    real: [...board.querySelectorAll(`[data-on="${to}"]`)].map(look),
  };
  board.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
  seen.after = board.querySelectorAll("svg > .sliding, svg > .ghost").length;
  return seen;
}"""
PRESS = """(id) => {
  document.getElementById(id).click();
  const board = document.querySelector("#board");
  return {
    sliding: board.querySelectorAll("svg > .sliding").length,
    fading: board.querySelector('.checker [data-on="d3"]')?.getAnimations().length ?? 0,
  };
}"""
# Steps forward then back at once: the second step comes while the first slides.
QUICK_STEPS = """() => {
  const sliding = () => document.querySelectorAll("#board svg > .sliding").length;
  document.getElementById("redo").click();
  const first = sliding();
  document.getElementById("undo").click();
  return [first, sliding()];
}"""
SLIDING = "document.querySelectorAll('#board svg > .sliding, #board svg > .ghost').length"


def test_a_move_slides_its_checker_and_the_board_is_final_at_once(open_app, screenshot) -> None:
    page = open_app()
    assert page.is_checked("#motion") and not page.is_checked("#sound")
    seen = page.evaluate(PLAY_AND_TOUCH, ["c3", "d3"])
    # The new board is written at once: only a copy of the checker slides over it.
    assert Position.parse(seen["position"]) != Position.start(6) and seen["checker"] == 1
    assert (seen["sliding"], seen["ghosts"]) == (1, 1)  # the mover, the captured checker
    assert seen["copy"] == seen["real"] and len(seen["real"]) == 2  # its body and its mark
    assert seen["after"] == 0  # a pointer on the board ends the slide at once
    stepped = page.evaluate(PRESS, "undo")  # a step back slides back, the capture returns
    assert stepped == {"sliding": 1, "fading": 1}
    page.wait_for_timeout(450)
    assert page.evaluate(SLIDING) == 0  # over in about 200 ms
    assert page.evaluate(QUICK_STEPS) == [1, 0]  # stepping quickly shows each at once
    page.click("#redo")
    screenshot("motion-after-redo")
    page.wait_for_function(f"{SLIDING} === 0")


def test_the_motion_switch_is_remembered(open_app, page) -> None:
    open_app()
    use(page, "#motion", "uncheck")
    assert page.evaluate(PLAY_AND_TOUCH, ["c3", "d3"])["sliding"] == 0
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert not page.is_checked("#motion")
    assert page.evaluate(PRESS, "undo")["sliding"] == 0


@pytest.mark.context(reduced_motion="reduce")
def test_no_motion_when_the_browser_asks_for_less(page, server_url) -> None:
    page.goto(server_url + "/#v1;size=6")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert not page.is_checked("#motion")
    assert page.evaluate(PLAY_AND_TOUCH, ["c3", "d3"])["sliding"] == 0


LIVE_STEP = """async (index) => {
  const root = document.querySelectorAll("[data-zola]")[index].shadowRoot;
  root.querySelector('[data-do="back"]').click();
  await new Promise((done) => setTimeout(done, 0));
  return root.querySelectorAll(".board svg > .sliding").length;
}"""


def test_live_boards_slide_unless_static_or_asked_for_less(page, server_url) -> None:
    game = "v1;size=6;moves=c3xd3.c4xd3"
    html = host_page(board(game) + board(game + ";static"))
    open_host(page, server_url, html)
    assert page.evaluate(LIVE_STEP, 0) == 1
    assert page.evaluate(LIVE_STEP, 1) == 0
    page.emulate_media(reduced_motion="reduce")
    open_host(page, server_url, html)
    assert page.evaluate(LIVE_STEP, 0) == 0


# Counts what the page asks of Web Audio (set up before the page's scripts run).
COUNT_SOUNDS = """
window.sounds = {contexts: 0, tones: 0};
const Base = window.AudioContext;
window.AudioContext = class extends Base {
  constructor(...args) { super(...args); window.sounds.contexts += 1; }
};
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.sounds.tones += 1;
  return start.apply(this, args);
};
"""


def test_sounds_are_off_until_turned_on_and_then_remembered(open_app, page) -> None:
    page.add_init_script(COUNT_SOUNDS)
    open_app()
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    assert page.evaluate("window.sounds") == {"contexts": 0, "tones": 0}
    use(page, "#sound", "check")  # plays a move's sound to hear
    heard = page.evaluate("window.sounds")
    assert heard["contexts"] == 1 and heard["tones"] >= 1
    page.click('#board [data-square="e4"]')
    page.click('#board [data-square="d3"]')
    assert page.evaluate("window.sounds.tones") > heard["tones"]
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_checked("#sound")
    assert page.console_errors == []


def test_an_embed_stays_silent(open_app, page) -> None:
    page.add_init_script(COUNT_SOUNDS)
    page.add_init_script("localStorage.setItem('zola-sound', 'on')")
    open_app("v1;size=6;embed;panel")
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    assert "c3xd3" in page.evaluate("location.hash")
    assert page.evaluate("window.sounds") == {"contexts": 0, "tones": 0}


# -- the layout ------------------------------------------------------------------------------

GAME = "v1;size=8;moves=d4xe4.swap.g8xf8.h2xh3.a8xb8.h4xg4.f3xe4.g5-h4.b3xb4.e3-f3.h5xg4.a3xb4"


PHONES = [
    pytest.param(
        width,
        height,
        marks=pytest.mark.context(
            viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
        ),
        id=f"{width}x{height}",
    )
    for width, height in ((390, 844), (360, 740))
]


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_on_a_phone_the_board_and_the_moves_come_first(
    page, server_url, screenshot, width: int, height: int
) -> None:
    page.goto(f"{server_url}/#{GAME}")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#board svg").bounding_box()
    assert width - 24 <= box["width"] <= width
    first_move = page.locator("#moves button").first.bounding_box()
    assert first_move["y"] + first_move["height"] <= height  # on the first screen
    for tool in ("#undo", "#redo", "#flip", "#hint"):  # the toolbar, under the thumb
        tool_box = page.locator(tool).bounding_box()
        assert tool_box["y"] + tool_box["height"] <= height and tool_box["width"] >= 36, tool
    assert not page.is_visible("#copy") and not page.is_visible("#mode")  # in menus
    screenshot(f"phone-{width}x{height}", page=page)
    share = page.locator('[data-group="share"] > summary')
    share.tap()
    assert page.is_visible("#copy")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(f"phone-{width}x{height}-share", page=page, full_page=True)
    page.locator("#board").tap()  # a touch elsewhere closes the menu
    assert not page.is_visible("#copy")


@pytest.mark.context(viewport={"width": 1280, "height": 800})
def test_a_wide_screen_shows_the_board_players_moves_and_a_handful_of_tools(
    page, server_url, screenshot
):
    page.goto(f"{server_url}/#{GAME}")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    panel = page.locator(".panel")
    shown = panel.locator("button, select, input, summary").evaluate_all(
        "all => all.filter(e => e.checkVisibility() && !e.closest('#moves'))"
        ".map(e => e.id || e.textContent.trim())"
    )
    assert len(shown) <= 13, shown  # calm: three menus, the toolbar, the move box, a line action
    for control in ("#mode", "#new", "#motion", "#sound", "#copy", "#comment"):
        assert not page.is_visible(control), control
    for control in ("#first", "#undo", "#redo", "#last", "#flip", "#hint", "#analysis"):
        assert page.is_visible(control), control
    assert page.get_attribute("#flip", "aria-label") == "Flip board"  # labelled icons
    top, bottom = page.locator(".player").all_text_contents()
    assert top.startswith("Blue") and bottom.startswith("Red")  # as the board faces them
    assert page.locator("#board svg").bounding_box()["width"] > 600
    screenshot("desktop-1280x800", page=page)
    page.click('[data-group="play"] > summary')
    assert page.is_visible("#mode") and page.is_visible("#new")
    screenshot("desktop-1280x800-game-menu", page=page)
    page.click('[data-group="settings"] > summary')  # one menu open at a time
    assert page.is_visible("#motion") and not page.is_visible("#mode")
    page.keyboard.press("Escape")
    assert not page.is_visible("#motion")
    assert page.evaluate("document.activeElement.textContent") == "Settings"


def test_a_dragged_checker_follows_the_pointer_and_lands_without_a_slide(open_app) -> None:
    page = open_app()
    start = page.locator('#board [data-square="c3"]').bounding_box()
    end = page.locator('#board [data-square="d3"]').bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"], start["y"] + start["height"] / 2, steps=4)
    lifted = page.locator("#board .lifted")
    assert lifted.count() == 1 and lifted.get_attribute("transform").startswith("translate(")
    copy, held = lifted.bounding_box(), page.locator('#board [data-on="c3"]').first
    assert copy["x"] > start["x"] + start["width"] / 4  # it moved with the pointer
    assert held.evaluate("part => part.style.opacity") == "0.3"  # the real one, faded
    looks = page.evaluate(
        "(parts) => parts.map((each) => [...document.querySelectorAll(each)].map(" + LOOK + "))",
        ["#board .lifted circle", '#board [data-on="c3"]'],
    )
    assert looks[0] == looks[1] and len(looks[0]) == 2  # the copy looks like the checker
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up()
    assert page.evaluate("location.hash").endswith("moves=c3xd3")
    assert page.locator("#board .lifted").count() == 0
    assert page.evaluate(SLIDING) == 0  # dropped where it lands: no slide there
    page.mouse.move(end["x"] + 5, end["y"] + 5)
    page.mouse.down()  # a press without a move lifts nothing
    assert page.locator("#board .lifted").count() == 0
    page.mouse.up()


def _touch(page, client, kind: str, square: str | None = None) -> None:
    """A finger on the board (Chrome's touch events): touchStart, touchMove on ``square``,
    or touchEnd."""
    points = []
    if square is not None:
        box = page.locator(f'#board [data-square="{square}"]').bounding_box()
        points = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    client.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


@pytest.mark.context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_a_finger_drags_a_checker_and_a_held_finger_draws_notes(open_app, page) -> None:
    open_app()
    client = page.context.new_cdp_session(page)
    _touch(page, client, "touchStart", "c3")
    _touch(page, client, "touchMove", "c4")  # at once: a drag
    assert page.locator("#board .lifted").count() == 1
    _touch(page, client, "touchMove", "d3")
    _touch(page, client, "touchEnd")
    assert page.evaluate("location.hash").endswith("moves=c3xd3")
    _touch(page, client, "touchStart", "e4")
    page.wait_for_timeout(700)  # held still: a note
    _touch(page, client, "touchEnd")
    assert page.locator("#board .highlight").count() == 1
    assert page.locator("#board .selected").count() == 0  # and no selection
    _touch(page, client, "touchStart", "a1")
    page.wait_for_timeout(700)
    _touch(page, client, "touchMove", "b2")
    _touch(page, client, "touchEnd")
    assert page.locator("#board .arrow").count() == 1
    assert "moves=c3xd3" in page.evaluate("location.hash")  # no move by the notes
    page.click('[data-group="notes"] > summary')
    assert page.is_visible("text=Touch and hold a square to mark it")
    assert not page.is_visible("text=Right-click a square")
