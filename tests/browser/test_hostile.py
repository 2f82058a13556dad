"""What another page of the origin, an unlucky reader or a host page may hand the page,
in Chromium on the real runtime: stored values of any size, links of any length,
games whose first turn is a forced pass, host pages whose ids and globals clash with
the loader's."""

from __future__ import annotations

import json

from tests.browser.test_live_boards import board, host_page, open_host, shown
from tests.browser.test_puzzles import PUZZLE, _move, _solve, _wait_puzzle
from zola import Position, decode
from zola.docs.diagrams import Diagram
from zola.rules.link import parse

KEPT_ASIDE = "Saved data (a game or the puzzle record) could not be read"
HUGE = 2_400_000  # characters: about half of Chromium's storage quota for the origin


def _store(page, values: dict[str, str]) -> None:
    """Write ``values`` into localStorage before the page's scripts run, once per tab."""
    page.add_init_script(
        "if (!sessionStorage.getItem('stored')) {"
        f"  for (const [key, value] of Object.entries({json.dumps(values)}))"
        "    localStorage.setItem(key,"
        "      value.startsWith('x*') ? 'x'.repeat(+value.slice(2)) : value);"
        "  sessionStorage.setItem('stored', '1');"
        "}"
    )


def _aside(page) -> dict[str, int]:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter((k) => "
        "k.startsWith('zola-unreadable-')).map((k) => [k, localStorage.getItem(k).length]))"
    )


def test_a_huge_stored_game_list_is_set_aside_unread_and_the_page_plays(open_app, page) -> None:
    _store(page, {"zola-recent": f"x*{HUGE}"})
    open_app()
    assert page.text_content("#message").startswith(KEPT_ASIDE)
    assert list(_aside(page).values()) == [HUGE]  # kept whole, for a person to recover
    _move(page, "c3xd3")
    page.wait_for_function("location.hash.includes('c3xd3')")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.get_attribute("#board svg", "data-position") != ""
    assert not page.text_content("#message").startswith(KEPT_ASIDE)  # told once
    assert list(_aside(page).values()) == [HUGE]
    assert "c3xd3" in page.evaluate("localStorage.getItem('zola-recent')")
    assert not page.console_errors


def test_a_huge_or_absurd_puzzle_record_never_stops_a_puzzle(open_app, page) -> None:
    absurd = {
        "rating": 1500, "deviation": 200, "volatility": 1e-200, "solved": 10**300,
        "failed": 10**300, "streak": 0, "best": 0, "done": {},
    }  # fmt: skip
    _store(page, {"zola-puzzles": json.dumps(absurd), "zola-language": f"x*{HUGE}"})
    open_app(f"#puzzle={PUZZLE.id}", mode=None)
    _wait_puzzle(page, "solving")
    assert sorted(_aside(page).values()) == sorted([HUGE, len(json.dumps(absurd))])
    _solve(page, PUZZLE)
    _wait_puzzle(page, "solved")
    record = json.loads(page.evaluate("localStorage.getItem('zola-puzzles')"))
    assert 0.01 <= record["volatility"] <= 0.5 and (record["solved"], record["failed"]) == (1, 0)
    assert not page.console_errors


# -------------------------------------------------------------- links of any length

LONG = "v1;size=6;moves=c3xd3;" + "x" * 1_500_000  # over a megabyte: Chromium takes 2 MB
TOO_LONG = "This link holds no valid game (longer than 8000 characters). A new game was started."


def test_a_link_of_megabytes_is_told_too_long_in_the_app_and_in_an_embed(open_app, page) -> None:
    open_app("#" + LONG)
    assert page.text_content("#message").startswith(TOO_LONG)
    assert page.get_attribute("#board svg", "data-position") == str(Position.start(6))
    _move(page, "c3xd3")  # a new game, that plays
    page.wait_for_function("location.hash === '#v1;size=6;moves=c3xd3'")
    page.evaluate("(text) => { location.hash = text; }", LONG.replace("size=6", "size=8"))
    page.wait_for_function("document.querySelector('#board svg').dataset.size === '6'")
    page.wait_for_function("(t) => document.querySelector('#message').textContent.startsWith(t)",
                           arg=TOO_LONG)
    assert "c3xd3" in page.evaluate("localStorage.getItem('zola-recent')")  # the game is kept
    # The same page in a frame, as an embed; then told a game of megabytes by its host.
    page.evaluate(
        "(src) => { const frame = document.createElement('iframe'); frame.id = 'embed';"
        "frame.src = src; frame.width = 420; frame.height = 520; document.body.append(frame); }",
        page.url.split("#")[0] + "#" + LONG.replace(";x", ";embed;x", 1),
    )
    frame = page.frame_locator("#embed")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    assert frame.locator("#message").text_content().startswith(TOO_LONG)
    page.evaluate(
        "(text) => document.querySelector('#embed').contentWindow.postMessage("
        "{type: 'zola:load', fragment: 'v1;size=6;moves=c3xd3'}, '*')", None
    )
    after = decode("v1;size=6;moves=c3xd3").position
    frame.locator(f"#board svg[data-position='{after}']").wait_for(timeout=10_000)
    page.evaluate(
        "(text) => document.querySelector('#embed').contentWindow.postMessage("
        "{type: 'zola:load', fragment: text}, '*')", LONG
    )
    frame.locator("#message").filter(has_text=TOO_LONG).wait_for(timeout=10_000)
    assert not page.console_errors


def test_a_live_board_of_megabytes_says_its_problem_in_one_line(page, server_url) -> None:
    body = board("x" * 3_000_000) + board("v1;size=6;moves=c3xd3")
    open_host(page, server_url, host_page(body))
    bad, good = page.locator("[data-zola]").nth(0), page.locator("[data-zola]").nth(1)
    assert bad.get_attribute("data-problem") == "1"
    problem = bad.locator(".problem")
    assert problem.text_content() == "This board cannot be shown: longer than 8000 characters."
    assert problem.bounding_box()["height"] < 60
    assert good.get_attribute("data-ready") == "1"
    assert not page.console_errors


# ------------------------------------------------- a first turn that is a forced pass

STUCK = "v1;size=6;start=6/6/6/6/2b3/r5_r"  # Red's a1 has no line to Blue's c2
PASSES = "Red has no legal move and passes."


def test_a_link_whose_first_turn_is_a_forced_pass_plays_it(open_app, page) -> None:
    open_app("#" + STUCK)
    assert page.text_content("#message") == PASSES
    assert page.text_content("#status").startswith("Blue to move")
    page.wait_for_function("(t) => location.hash === t", arg=f"#{STUCK};moves=pass")
    _move(page, "c2-b2")
    page.wait_for_function("location.hash.endsWith(';moves=pass.c2-b2')")
    page.click("#undo")
    page.wait_for_function("location.hash.endsWith(';moves=pass.c2-b2;ply=1')")
    assert not page.console_errors


def test_a_live_board_whose_first_turn_is_a_forced_pass_plays_it(page, server_url) -> None:
    open_host(page, server_url, host_page(board(STUCK)))
    live = page.locator("[data-zola]")
    assert live.locator(".message").text_content() == PASSES
    assert live.locator(".status").text_content() == "Blue to move."
    live.locator('[data-square="c2"]').click()
    live.locator('[data-square="b2"]').click()
    live.locator(".status").filter(has_text="Red to move.").wait_for()
    assert not page.console_errors


# ---------------------------------------------- host pages: ids, globals, policies

CLOBBERING = (  # elements whose names are the loader's and PyScript's globals
    '<div id="zolaBoards"></div><form name="zolaBoards"></form>'
    '<p id="zola-boards-output"></p><img name="pyscript" alt=""><a id="process"></a>'
    '<div id="reflected_ffi_timeout"></div><div id="Module"></div>'
)


def test_host_ids_and_globals_cannot_switch_the_boards_off(page, server_url) -> None:
    # The host declares the loader's global before the loader runs, and ids of its names.
    head = "<script>window.zolaBoards = {mounted: () => -1};</script>"
    body = CLOBBERING + board("v1;size=6;moves=c3xd3") + board("v1;size=8;moves=d4xe4")
    open_host(page, server_url, host_page(body, head=head))
    boards = page.locator("[data-zola]")
    assert [boards.nth(i).get_attribute("data-ready") for i in range(2)] == ["1", "1"]
    boards.nth(0).locator('button[data-do="back"]').click()
    assert shown(boards.nth(0)) == parse("v1;size=6")[0].position
    assert page.locator("#zola-boards-output").text_content() == ""  # not written into
    assert page.evaluate("zolaBoards.mounted()") == 2
    assert not page.console_errors


def test_boards_mount_under_a_strict_policy_with_trusted_types(page, server_url) -> None:
    # The policy the guide gives a host page, sent as a header: no 'unsafe-eval', and the
    # one Trusted Types policy the loader makes, "zola", for its markup.
    policy = (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
        "style-src 'self'; img-src 'self' data:; "
        "require-trusted-types-for 'script'; trusted-types zola"
    )
    docs = Diagram("#v1;size=6;moves=c3xd3.c4xd3", {"live": "panel"})
    body = docs.live_element(docs.live_preview()) + board("v1;size=8;moves=d4xe4;panel")
    url = f"{server_url}/live-host-policy.html"
    page.route(url, lambda route: route.fulfill(
        body=host_page(body), content_type="text/html",
        headers={"Content-Security-Policy": policy},
    ))  # fmt: skip
    page.goto(url)  # (no script of the test's own runs in it: the policy refuses them)
    page.locator("[data-zola][data-ready='1']").nth(1).wait_for(state="attached", timeout=60_000)
    boards = page.locator("[data-zola]")
    second = boards.nth(1)
    second.locator('[data-square="d5"]').click()
    second.locator('[data-square="e4"]').click()
    second.locator(".moves button").filter(has_text="d5xe4").wait_for()
    boards.nth(0).locator('button[data-do="back"]').click()
    boards.nth(0).locator(".moves button.current").filter(has_text="c3xd3").wait_for()
    # A violation is a console error. Expected: the docs tools' inline style sheet, refused
    # here (the loader's own takes its place); nothing else.
    style = "Applying inline style violates the following Content Security Policy directive"
    assert [e for e in page.console_errors if style not in e] == []
