"""The play page in a real browser: boot, clicks, the pie offer, history, links, layouts."""

from __future__ import annotations

import random

import pytest

from tests.browser.conftest import use
from zola import Game, Move, Position, decode, square_name


def board_position(page) -> Position:
    return Position.parse(page.get_attribute("#board svg", "data-position"))


def click_square(page, square: int) -> None:
    page.click(f'#board [data-square="{square_name(square)}"]')


def click_move(page, move: Move) -> None:
    click_square(page, move.from_square)
    click_square(page, move.to_square)


def fragment(page) -> str:
    return page.evaluate("location.hash")


def message(page) -> str:
    return page.text_content("#message")


def test_boots_from_its_own_origin_into_a_new_game(open_app, screenshot) -> None:
    page = open_app()
    assert board_position(page) == Position.start(6)
    assert page.text_content("#status") == "Red to move."
    assert page.locator("#board [data-square]").count() == 36
    assert "Mark Steere" in page.text_content("header")
    assert any(url.endswith("/micropython.wasm") for url in page.requests)
    page.wait_for_timeout(500)
    # Between two people the computer is never started: no Pyodide at all.
    assert not any("pyodide" in url for url in page.requests)
    assert page.console_errors == []
    screenshot("boot")


def test_the_boot_asks_for_its_files_at_once_and_each_once(open_app, server_url) -> None:
    page = open_app()
    preloaded = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
        ".map((link) => link.href)"
    )
    for url in preloaded:  # used, and not fetched again (a preload its fetch cannot use)
        assert page.requests.count(url) == 1, url
    # What MicroPython's start fetches (web/play.js) is all asked for at once.
    runtime = [url for url in page.requests if "/micropython-webassembly-pyscript/" in url]
    files = [server_url + "/web/" + name for name in ("zola.rom", "rom.py", "boot.py")]
    assert len(runtime) == 2 and set(runtime + files) <= set(preloaded)
    page.wait_for_timeout(500)
    assert page.console_warnings == [] and page.console_errors == []


def test_a_page_whose_python_cannot_start_says_so(page, server_url) -> None:
    # A file of the page's Python the server does not send: the status line says so (a
    # page that never becomes ready would otherwise look alive), and the console names it.
    page.route("**/web/zola.rom", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(server_url + "/")
    page.wait_for_selector("body[data-problem='1']", timeout=30_000)
    assert page.text_content("#status").startswith("The game could not start")
    assert page.is_hidden("#board .loading")  # no longer said to be loading
    assert page.get_attribute("body", "data-ready") is None
    assert any("zola.rom: 404" in error for error in page.console_errors)


def test_a_whole_6x6_game_by_clicks_through_the_pie_offer(open_app, screenshot) -> None:
    page = open_app()
    rng = random.Random(6)
    game = Game(6)
    while not game.is_game_over():
        position = board_position(page)
        assert position == game.position
        if game.can_swap():
            assert page.is_visible("#pie")
            screenshot("pie-offer")
            page.click("#swap")
            game.play(Move.SWAP)
            assert page.text_content("#status") == "Blue to move."  # by colour, as before it
            continue
        move = rng.choice([m for m in game.legal_moves() if m != Move.PASS])
        click_move(page, move)
        game.play(move)
        while game.legal_moves() == [Move.PASS]:
            game.play(Move.PASS)  # the page passes for the player who cannot move
            assert "passes" in message(page)
    assert board_position(page) == game.position
    winner = ("Red", "Blue")[game.winner()]
    assert page.text_content("#status").startswith(f"{winner} wins")
    assert "attention" in page.get_attribute("#new", "class")
    assert decode(fragment(page)).moves == game.moves
    assert page.text_content("#result-title") == f"{winner} wins."  # over the board
    screenshot("game-over")
    page.click("#result-close")
    assert not page.is_visible("#result")
    click_square(page, game.position.pieces(game.winner())[0])
    assert "The game is over" in message(page)
    page.click("#undo")
    page.click("#redo")
    assert not page.is_visible("#result")  # put away for this game
    use(page, "#new")
    assert board_position(page) == Position.start(6)


def test_the_end_shows_on_the_board_with_a_rematch(open_app, screenshot) -> None:
    page = open_app("#v1;size=8;start=8/8/8/8/8/8/1r6/b7_b")
    page.click('#board [data-square="a1"]')
    page.click('#board [data-square="b2"]')
    result = page.locator("#result")
    assert result.is_visible()
    assert page.text_content("#result-title") == "Blue wins."
    assert page.text_content("#result-detail") == "Red has no checkers left, after 1 move."
    board, card = page.locator("#board").bounding_box(), result.bounding_box()
    middle = board["y"] + board["height"] / 2
    assert card["y"] < middle < card["y"] + card["height"]  # over the board's middle
    screenshot("result")
    page.click("#rematch")
    assert not result.is_visible()
    assert board_position(page) == Position.start(8)


def test_moves_can_be_typed_with_the_legal_ones_offered(open_app) -> None:
    page = open_app()
    box = page.locator("#move-text")
    options = page.locator("#move-choices option")
    assert options.count() == 0  # offered while the box is used: not before
    box.click()
    offered = options.evaluate_all("all => all.map(o => o.value)")
    assert sorted(offered) == sorted(str(m) for m in Game(6).legal_moves())
    box.fill("c3xc2")
    box.press("Enter")
    assert message(page) == "c3xc2 is not legal: a capture may not move away from the centre."
    assert page.evaluate("getSelection().toString()") == "c3xc2"  # selected, to retype
    box.press_sequentially("c3xd3")  # (the text was selected: typing replaces it)
    box.press("Enter")
    assert decode(fragment(page)).moves == [Move.parse("c3xd3")]
    assert "swap" in page.locator("#move-choices option").evaluate_all("a => a.map(o => o.value)")


def test_illegal_clicks_say_why(open_app, screenshot) -> None:
    page = open_app()
    click_square(page, 23)  # d3 holds a Blue checker; Red is to move
    assert message(page) == "Not your checker: Red is to move."
    click_square(page, 22)  # select c3
    assert page.locator("#board .hint.capture").count() == 2  # c3xd3 and c3xc4
    click_square(page, 12)  # c3xc2 would move away from the centre
    assert message(page) == "c3xc2 is not legal: a capture may not move away from the centre."
    screenshot("illegal-click")
    click_square(page, 33)  # d4 is Red's own: the selection moves there
    assert page.get_attribute("#board .selected", "x") is not None
    assert board_position(page) == Position.start(6)


def test_illegal_steps_and_blocked_paths_say_why(open_app) -> None:
    page = open_app("v1;size=6;start=5b/6/6/2r3/6/r5_r")
    click_square(page, 22)  # c3
    click_square(page, 33)  # d4 is as near the centre as c3
    assert message(page) == "c3-d4 is not legal: a step must move farther from the centre."
    click_square(page, 0)  # a1
    click_square(page, 55)  # f6, behind c3
    assert message(page) == "a1xf6 is not legal: the path is blocked at c3."
    click_square(page, 2)  # c1 is empty and far away
    assert message(page) == "a1xc1 is not legal: a capture must end on an enemy checker."


def test_undo_redo_and_arrow_keys(open_app) -> None:
    page = open_app()
    for text in ("c3xd3", "c4xd3", "e3xd3"):
        click_move(page, Move.parse(text))
    after = board_position(page)
    page.click("#undo")
    page.click("#undo")
    assert decode(fragment(page)).ply == 1
    page.click("#redo")
    assert decode(fragment(page)).ply == 2
    page.keyboard.press("End")
    assert board_position(page) == after
    page.keyboard.press("Home")
    assert board_position(page) == Position.start(6)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert decode(fragment(page)).ply == 2
    page.keyboard.press("ArrowLeft")
    assert decode(fragment(page)).ply == 1
    page.click('#moves [data-ply="3"]')
    assert board_position(page) == after
    assert page.locator("#moves button").all_text_contents() == ["c3xd3", "c4xd3", "e3xd3"]


def test_a_link_reopens_the_same_game_at_the_same_ply(open_app, browser, server_url) -> None:
    page = open_app()
    use(page, "#size", "select_option", "8")
    use(page, "#new")
    for text in ("d4xe4", "swap", "d5xe4", "f4xe4"):
        if text == "swap":
            page.click("#swap")
        else:
            click_move(page, Move.parse(text))
    page.click("#undo")
    url = page.url
    history_length = page.evaluate("history.length")
    assert history_length <= 2  # moves replace the URL; Back does not walk them
    context = browser.new_context()
    try:
        fresh = context.new_page()
        fresh.goto(url)
        fresh.wait_for_selector("body[data-ready='1']", timeout=60_000)
        assert board_position(fresh) == board_position(page)
        texts = fresh.locator("#moves button").all_text_contents()
        assert texts == ["d4xe4", "swap", "d5xe4", "f4xe4"]
        assert fresh.get_attribute("#moves button.current", "data-ply") == "3"
        assert fresh.text_content("#status") == "Red to move."
    finally:
        context.close()


def test_copy_link_puts_the_url_on_the_clipboard(open_app, server_url) -> None:
    page = open_app()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    click_move(page, Move.parse("c3xd3"))
    use(page, "#copy")
    page.wait_for_function("document.querySelector('#message').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == page.url


def test_a_hashchange_loads_the_new_game(open_app) -> None:
    page = open_app()
    page.evaluate("location.hash = 'v1;size=10;moves=e5xf5'")
    page.wait_for_function("document.querySelector('#board svg').dataset.size === '10'")
    assert page.locator("#moves button").all_text_contents() == ["e5xf5"]


def test_bad_fragments_give_a_message_and_a_fresh_game(page, open_app, screenshot) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))  # before any load
    for bad in (
        "#nonsense",
        "#v1;size=6;moves=c3xd3.a1-a2",
        "#v1;size=6;moves=<img src=x onerror=alert(1)>",
        "#<script>alert(1)</script>",
        "#javascript:alert(1)",
        "#%E0%A4%A",
        "#v1;size=6;moves=" + "c3xd3." * 20000,
    ):
        open_app(bad)  # the first boots with it; the others arrive as a hashchange
        assert board_position(page) == Position.start(6)
        assert message(page).startswith("This link holds no valid game (")
        assert message(page).endswith("A new game was started.")
        assert page.locator("img, #message *, #status *").count() == 0
        assert page.evaluate("location.hash") == "#v1;size=6"
    assert dialogs == []
    screenshot("bad-fragment")
    click_move(page, Move.parse("c3xd3"))  # the page stays playable
    assert decode(fragment(page)).moves == [Move.parse("c3xd3")]


def test_flip_shows_the_board_as_blue_sees_it(open_app, screenshot) -> None:
    page = open_app()
    a1 = page.locator('#board [data-square="a1"]').bounding_box()
    page.click("#flip")
    assert page.get_attribute("#board svg", "data-flipped") == "1"
    flipped = page.locator('#board [data-square="a1"]').bounding_box()
    assert flipped["x"] > a1["x"] and flipped["y"] < a1["y"]
    use(page, "#shading", "check")
    assert len(page.locator("#board .class-letters").text_content()) == 36
    screenshot("flipped-shaded")


@pytest.mark.context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
def test_a_phone_viewport_needs_no_horizontal_scrolling(page, server_url, screenshot) -> None:
    page.goto(server_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator("#board svg").bounding_box()
    assert 300 <= box["width"] <= 360
    page.tap('#board [data-square="c3"]')
    page.tap('#board [data-square="d3"]')
    assert board_position(page) != Position.start(6)
    screenshot("phone", page=page)


def test_drag_a_checker_to_its_target(open_app) -> None:
    page = open_app()
    page.drag_and_drop('#board [data-square="c3"]', '#board [data-square="d3"]')
    assert decode(fragment(page)).moves == [Move.parse("c3xd3")]
    page.drag_and_drop('#board [data-square="c4"]', '#board [data-square="c5"]')
    assert message(page) == "c4xc5 is not legal: a capture may not move away from the centre."
