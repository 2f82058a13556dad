"""Puzzle mode in Chromium: a puzzle link solved by clicks, a wrong move refuted on the
board and taken back, the record kept across a reload, the daily puzzle, a puzzle streak
to its first miss, the history of puzzles tried, an embed, and a live docs board that
fetches its puzzle."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import use
from tests.browser.test_live_boards import board, host_page, open_host, wait_settled
from zola.docs.diagrams import Diagram
from zola.puzzles.sets import daily, load
from zola.rules.geometry import square_name
from zola.rules.move import Move

PUZZLES = load(6)
PUZZLE = next(p for p in PUZZLES if p.refutations[0] and p.moves >= 2)
BY_ID = {p.id: p for p in PUZZLES + load(8)}


def _move(page, text: str, root: str = "#board") -> None:
    move = Move.parse(text)
    for square in (move.from_square, move.to_square):
        page.click(f'{root} [data-square="{square_name(square)}"]')


def _wait_puzzle(page, state: str) -> None:
    page.wait_for_function(
        "(s) => !document.querySelector('#puzzle').hidden && "
        "document.querySelector('#puzzle-heading').textContent.startsWith('Puzzle') && "
        "document.body.dataset.puzzle === s",
        arg=state,
        timeout=60_000,
    )


def _solve(page, puzzle) -> None:
    """Click the solver's moves of ``puzzle`` (the page plays the defence)."""
    while True:
        played = page.evaluate("document.querySelectorAll('#moves [data-ply]').length")
        if played >= len(puzzle.line):
            return
        _move(page, puzzle.line[played])


def test_a_puzzle_link_is_solved_by_clicking_and_counts_in_the_record(open_app, page) -> None:
    open_app(f"#puzzle={PUZZLE.id}", mode=None)
    _wait_puzzle(page, "solving")
    assert page.text_content("#message").endswith(f"win in {PUZZLE.moves} moves.")
    position = page.get_attribute("#board svg", "data-position")
    assert position == PUZZLE.position
    flipped = "1" if PUZZLE.position.endswith("b") else "0"
    assert page.get_attribute("#board svg", "data-flipped") == flipped
    _solve(page, PUZZLE)
    _wait_puzzle(page, "solved")
    assert page.text_content("#message").startswith("Solved!")
    assert page.evaluate("location.hash") == f"#puzzle={PUZZLE.id}"
    record = json.loads(page.evaluate("localStorage.getItem('zola-puzzles')"))
    assert record["solved"] == 1 and record["done"] == {PUZZLE.id: True}
    assert "Solved 1, failed 0" in page.text_content("#puzzle-record")
    assert "This puzzle: +" in page.text_content("#puzzle-record")  # the rating's change
    mark = "getComputedStyle(document.querySelector('#message'), '::before').content"
    assert page.evaluate(mark) == '"✓ "'  # solved, told apart from a refuted move
    page.reload()  # the record stays; the puzzle comes back from its link
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    _wait_puzzle(page, "solving")
    assert "Solved 1, failed 0" in page.text_content("#puzzle-record")


def test_a_wrong_move_is_refuted_on_the_board_then_retried_hinted_and_shown(
    open_app, page
) -> None:
    open_app(f"#puzzle={PUZZLE.id}", mode=None)
    _wait_puzzle(page, "solving")
    wrong = sorted(PUZZLE.refutations[0])[0]
    _move(page, wrong)
    _wait_puzzle(page, "wrong")
    reply = PUZZLE.refutations[0][wrong]
    assert page.text_content("#message").startswith(f"Not {wrong}: ")
    assert reply in page.text_content("#message") and page.is_visible("#puzzle-retry")
    moves = page.locator("#moves [data-ply]").all_text_contents()
    assert [m.strip() for m in moves[:2]] == [wrong, reply]
    page.click("#puzzle-retry")
    _wait_puzzle(page, "solving")
    assert page.locator("#moves [data-ply]").count() == 0
    page.click("#puzzle-hint")
    first = Move.parse(PUZZLE.line[0])
    selected = page.locator("#board .selected").count()
    assert selected == 1 and square_name(first.from_square) in page.text_content("#message")
    for _ in range(PUZZLE.moves):
        page.click("#puzzle-solution")
    _wait_puzzle(page, "shown")
    assert page.locator("#moves [data-ply]").count() == len(PUZZLE.line)
    assert "failed 1" in page.text_content("#puzzle-record")


def test_the_puzzles_button_opens_the_next_puzzle_and_back_to_playing_restores_the_game(
    open_app, page
) -> None:
    open_app()
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    use(page, "#puzzles")
    _wait_puzzle(page, "solving")
    assert page.evaluate("location.hash").startswith("#puzzle=6-")
    assert page.is_hidden("#hint") and page.is_hidden("#analysis")
    first = page.evaluate("location.hash")
    page.click("#puzzle-next")
    page.wait_for_function("(first) => location.hash !== first", arg=first)
    page.select_option("#puzzle-size", "8")
    page.click("#puzzle-next")
    page.wait_for_function("location.hash.startsWith('#puzzle=8-')", timeout=30_000)
    _wait_puzzle(page, "solving")
    assert page.get_attribute("#board svg", "data-size") == "8"
    page.click("#puzzle-leave")
    page.wait_for_function("document.querySelector('#puzzle').hidden")
    assert page.evaluate("location.hash") == "#v1;size=6;moves=c3xd3"


def test_the_daily_puzzle_is_the_one_of_the_date(open_app, page) -> None:
    open_app()
    use(page, "#puzzles")
    _wait_puzzle(page, "solving")
    page.click("#puzzle-daily")
    page.wait_for_function("document.querySelector('#puzzle-heading').textContent.startsWith('Da')")
    today = page.evaluate("new Date().toISOString().slice(0, 10)")
    expected = daily(load(6) + load(8), today)
    assert page.evaluate("location.hash") == f"#puzzle={expected.id}"
    assert today in page.text_content("#puzzle-heading")


def test_a_broken_puzzle_link_says_so_and_the_page_works(open_app, page) -> None:
    open_app("#puzzle=6-<b>x", mode=None)
    assert "puzzle id" in page.text_content("#message")
    open_app("#puzzle=6-zzzzzz", mode=None)
    page.wait_for_function("document.querySelector('#message').textContent.includes('6-zzzzzz')")
    assert page.text_content("#message").startswith("There is no puzzle 6-zzzzzz")
    assert page.evaluate("document.body.dataset.puzzle") == "solving"


def test_an_embed_shows_the_puzzle_to_solve(open_app, page) -> None:
    open_app(f"#puzzle={PUZZLE.id};embed", mode=None)
    _wait_puzzle(page, "solving")
    assert page.is_visible("#puzzle-hint") and page.is_hidden("#puzzle-next")
    assert page.get_attribute("#app-link", "href").endswith(f"/#puzzle={PUZZLE.id}")
    _solve(page, PUZZLE)
    _wait_puzzle(page, "solved")


@pytest.mark.parametrize("written", ["by hand", "by the docs tools"])
def test_a_live_docs_board_fetches_its_puzzle_and_is_solved(page, server_url, written) -> None:
    # By the docs tools: the board keeps its first screen, painted before Python ran, and
    # reads its link once its puzzle set is here.
    start = PUZZLE.position.replace(" ", "_")
    fragment = f"v2;size=6;start={start};puzzle={PUZZLE.id}"
    element = board(fragment)
    if written != "by hand":
        docs = Diagram("#" + fragment, {"live": ""})
        element = docs.live_element(docs.live_preview())
        assert 'data-frame="' in element
    open_host(page, server_url, host_page(element))
    wait_settled(page)
    host = page.locator("[data-zola]")
    host.locator(".puzzle:not([hidden])").wait_for(timeout=30_000)
    wrong = sorted(PUZZLE.refutations[0])[0]
    _move(page, wrong, "[data-zola] .board")
    host.locator('[data-do="retry"]:not([hidden])').wait_for()
    host.locator('[data-do="retry"]').click()
    for index in range(0, len(PUZZLE.line), 2):
        if PUZZLE.line[index] != "pass":
            _move(page, PUZZLE.line[index], "[data-zola] .board")
    assert host.locator(".message").text_content().startswith("That is the solution")


def test_a_new_puzzle_address_opens_that_puzzle(open_app, page) -> None:
    other = next(p for p in PUZZLES if p.id != PUZZLE.id)
    open_app(f"#puzzle={PUZZLE.id}", mode=None)
    _wait_puzzle(page, "solving")
    page.evaluate("(id) => { location.hash = '#puzzle=' + id; }", other.id)
    page.wait_for_function(
        "(id) => document.querySelector('#puzzle-heading').textContent.includes(id)", arg=other.id
    )
    _wait_puzzle(page, "solving")
    assert page.get_attribute("#board svg", "data-position") == other.position
    box = page.locator("#puzzle").bounding_box()
    assert box["width"] > 200  # the panel as wide as ever, not a spinner's row
    assert not page.console_errors


def _shown(page):
    """The puzzle the page shows, by its address."""
    return BY_ID[page.evaluate("location.hash").removeprefix("#puzzle=")]


def _streak(page, state: str) -> None:
    page.wait_for_function(
        "(s) => document.body.dataset.streak === s && document.body.dataset.puzzle === "
        "(s === 'over' ? 'wrong' : 'solving')",
        arg=state,
    )


def _audit(page) -> list[str]:
    from tests.browser.test_access import audit

    return audit(page)


def test_a_streak_runs_to_the_first_wrong_move_and_the_history_reopens_a_puzzle(
    open_app, page, screenshot
) -> None:
    open_app(f"#puzzle={PUZZLE.id}", mode=None)
    _wait_puzzle(page, "solving")
    page.click("#puzzle-streak")
    _streak(page, "on")
    for hidden in ("#puzzle-hint", "#puzzle-solution", "#puzzle-next", "#puzzle-streak"):
        assert page.is_hidden(hidden)  # no hint in a streak
    assert page.is_visible("#puzzle-stop") and page.is_hidden("#puzzle-continue")
    assert page.text_content("#puzzle-record").startswith("Puzzle streak: 0 puzzles solved")
    first = _shown(page)
    _move(page, first.line[0])  # a right move: the page answers, the streak goes on
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length >= 1")
    assert page.evaluate("document.body.dataset.streak") == "on"
    _solve(page, first)
    _wait_puzzle(page, "solved")
    assert page.text_content("#message") == "Solved! Your streak: 1 puzzle."
    assert "1 puzzle solved in a row (best 1)" in page.text_content("#puzzle-record")
    screenshot("puzzle-streak-solved")
    page.focus("#puzzle-continue")  # by keyboard: the next puzzle, the keyboard on its board
    page.keyboard.press("Enter")
    _streak(page, "on")
    assert page.evaluate("document.activeElement.dataset.square || ''") != ""
    while not _shown(page).refutations[0]:  # a puzzle whose first move can be wrong
        _solve(page, _shown(page))
        _wait_puzzle(page, "solved")
        page.click("#puzzle-continue")
        _streak(page, "on")
    count = int(page.evaluate("JSON.parse(localStorage.getItem('zola-puzzles')).streak_best"))
    missed = _shown(page)
    wrong = sorted(missed.refutations[0])[0]
    _move(page, wrong)  # the first wrong move ends the streak
    _streak(page, "over")
    plural = "puzzle" if count == 1 else "puzzles"
    assert page.text_content("#puzzle-record") == (
        f"Streak over: {count} {plural} solved in a row, your best streak yet!"
    )
    assert page.text_content("#message").startswith(f"Not {wrong}: ")
    assert page.is_visible("#puzzle-new-streak") and page.is_hidden("#puzzle-continue")
    assert page.is_visible("#puzzle-solution") and page.is_visible("#puzzle-retry")
    record = json.loads(page.evaluate("localStorage.getItem('zola-puzzles')"))
    assert record["streak_best"] == count and record["solved"] == 0  # streaks are unrated
    links = page.locator("#puzzle-history a")
    assert links.count() == count + 1
    said = f"Puzzle {missed.id}, rated {missed.rating}: not solved"  # its name, as read
    assert page.get_by_role("link", name=said, exact=True).get_attribute("aria-current") == "true"
    seen = links.first.locator("[aria-hidden=true]").inner_text()
    assert seen.split() == ["✗", missed.id, str(missed.rating)]
    said = f"Puzzle {first.id}, rated {first.rating}: solved"
    assert page.get_by_role("link", name=said, exact=True).count() == 1
    assert page.get_attribute("#puzzle-history", "aria-labelledby") == "puzzle-history-title"
    assert _audit(page) == []
    screenshot("puzzle-streak-over")
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("document.body.classList.contains('dark')")
    screenshot("puzzle-streak-over-dark")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot("puzzle-streak-phone", full_page=True)
    page.set_viewport_size({"width": 1200, "height": 900})
    links.last.click()  # the streak's first puzzle, opened again by its link
    page.wait_for_function("(id) => location.hash === '#puzzle=' + id", arg=first.id)
    _wait_puzzle(page, "solving")
    assert page.evaluate("document.body.dataset.streak") == ""
    assert first.id in page.text_content("#puzzle-heading") and page.is_visible("#puzzle-hint")
    assert page.get_attribute("#board svg", "data-position") == first.position
    current = page.locator("#puzzle-history a[aria-current]")
    assert current.count() == 1 and current.get_attribute("href") == f"#puzzle={first.id}"
    page.click("#puzzle-streak")  # a new streak: the best is remembered
    _streak(page, "on")
    assert f"(best {count})" in page.text_content("#puzzle-record")
    assert not page.console_errors
