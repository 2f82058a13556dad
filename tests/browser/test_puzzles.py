"""Puzzle mode in Chromium: a puzzle link solved by clicks, a wrong move refuted on the
board and taken back, the record kept across a reload, the daily puzzle, a puzzle streak
to its first miss, the history of puzzles tried, an embed, and a live docs board that
fetches its puzzle."""

from __future__ import annotations

import json
from html import escape

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
    for size in ("8", "10"):
        page.select_option("#puzzle-size", size)
        page.click("#puzzle-next")
        page.wait_for_function(f"location.hash.startsWith('#puzzle={size}-')", timeout=30_000)
        _wait_puzzle(page, "solving")
        assert page.get_attribute("#board svg", "data-size") == size
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
    expected = daily(load(6) + load(8) + load(10), today)
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


SETS = ("puzzles-6.txt", "puzzles-8.txt", "puzzles-10.txt")


def set_requests(page) -> list[str]:
    """The page's requests for a puzzle set."""
    return [url.rsplit("/", 1)[1] for url in page.requests if url.endswith(SETS)]


def solve_live(page, element: str, puzzle) -> None:
    """Solve ``puzzle`` on the live board ``element`` (a selector) as a reader does: Hint
    marks the checker to move, a wrong move is refuted and taken back, then the solver's
    moves win."""
    host = page.locator(element)
    host.locator(".puzzle:not([hidden])").wait_for(timeout=30_000)
    assert host.locator(".message").text_content().endswith(f"win in {puzzle.moves} moves.")
    assert host.locator("svg[data-position]").get_attribute("data-position") == puzzle.position
    host.locator('[data-do="hint"]').click()
    first = square_name(Move.parse(puzzle.line[0]).from_square)
    assert host.locator(".message").text_content() == f"Hint: the checker on {first} moves."
    assert host.locator(".board .selected").count() == 1
    wrong = sorted(puzzle.refutations[0])[0]
    _move(page, wrong, f"{element} .board")
    host.locator('[data-do="retry"]:not([hidden])').wait_for()
    reply = puzzle.refutations[0][wrong]
    assert host.locator(".message").text_content().startswith(f"Not {wrong}: ")
    assert reply in host.locator(".message").text_content()
    host.locator('[data-do="retry"]').click()
    for index in range(0, len(puzzle.line), 2):
        if puzzle.line[index] != "pass":
            _move(page, puzzle.line[index], f"{element} .board")
    assert host.locator(".message").text_content().startswith("That is the solution")
    assert host.locator(".puzzle").is_visible() and host.locator('[data-do="hint"]').is_disabled()


@pytest.mark.parametrize("written", ["by hand", "by the docs tools"])
def test_a_live_docs_board_is_solved_in_place(page, server_url, written) -> None:
    # By the docs tools: the element carries the puzzle's line, and its first screen,
    # painted before Python ran, is the puzzle's (its task, its Hint): the board reads the
    # line at its first event, and fetches no set. By hand: it fetches its set, once.
    start = PUZZLE.position.replace(" ", "_")
    fragment = f"v2;size=6;start={start};puzzle={PUZZLE.id}"
    element = board(fragment)
    if written != "by hand":
        docs = Diagram("#" + fragment, {"live": ""})
        element = docs.live_element(docs.live_preview())
        assert 'data-frame="' in element and f'data-zola-puzzle="{PUZZLE.id};' in element
    open_host(page, server_url, host_page(element))
    wait_settled(page)
    solve_live(page, "[data-zola]", PUZZLE)
    assert set_requests(page) == ([] if written != "by hand" else ["puzzles-6.txt"])
    page.locator('[data-zola] [data-do="reset"]').click()  # the puzzle from its start
    host = page.locator("[data-zola]")
    assert host.locator(".message").text_content().endswith(f"win in {PUZZLE.moves} moves.")
    assert host.locator('[data-do="hint"]').is_enabled()
    assert not page.console_errors


def test_a_docs_puzzle_shows_its_task_before_any_script_and_nothing_moves(
    page, server_url
) -> None:
    # Its first screen is the puzzle's: the task shows at once, its buttons' room is kept
    # (they work once the loader runs), and nothing moves as the board becomes live.
    docs = Diagram(f"puzzle={PUZZLE.id}", {"live": ""})
    body = docs.html(element=True) + "<p id='after'>Text after.</p>"
    held = {"loader": [], "runtime": []}
    page.route("**/web/boards.js", lambda route: held["loader"].append(route))
    page.route("**/micropython.wasm", lambda route: held["runtime"].append(route))
    url = f"{server_url}/live-host-puzzle.html"
    html = host_page(body)
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(url, wait_until="commit")  # the page waits for its loader
    page.wait_for_function(
        "document.querySelector('[data-zola]')?.shadowRoot?.querySelector('svg')"
    )
    assert page.evaluate("window.zolaBoards") is None  # no script has run
    host = page.locator("[data-zola]")
    message = host.locator(".message")
    assert message.is_visible() and message.text_content().endswith(f"in {PUZZLE.moves} moves.")
    assert host.locator(".puzzle").bounding_box()["height"] > 20  # its buttons' room

    def boxes() -> list[dict]:
        return [
            locator.bounding_box()
            for locator in (host, message, page.locator("#after"))
        ]

    before = boxes()
    for route in held["loader"]:
        route.continue_()
    page.wait_for_function(  # the loader took the board: its screen script read
        "window.zolaBoards && !document.querySelector('[data-zola] script.zola-screen')"
    )
    hint = host.locator('[data-do="hint"]')
    assert hint.is_hidden() and hint.text_content() == "Hint"  # it shows once it works
    for route in held["runtime"]:
        route.continue_()
    wait_settled(page)
    assert hint.is_visible()
    for old, new in zip(before, boxes(), strict=True):
        assert all(abs(old[k] - new[k]) < 1 for k in ("x", "y", "width", "height")), (old, new)
    assert set_requests(page) == [] and not page.console_errors


def test_hand_written_puzzle_boards_fetch_each_set_once(page, server_url) -> None:
    # Two boards of one size (and a third on the same puzzle) ask for their set at once:
    # it is fetched once, and each board reads its own puzzle's line of it.
    other = next(p for p in PUZZLES if p.id != PUZZLE.id)
    eight, ten = load(8)[0], load(10)[0]
    elements = [
        board(f"puzzle={PUZZLE.id}", attributes=' id="a"'),
        board(f"puzzle={other.id}", attributes=' id="b"'),
        board(f"puzzle={eight.id}", attributes=' id="c"'),
        board(f"puzzle={PUZZLE.id}", attributes=' id="d"'),
        board(f"puzzle={ten.id}", attributes=' id="t"'),
    ]
    open_host(page, server_url, host_page("".join(elements)))
    for name, puzzle in zip("abcdt", (PUZZLE, other, eight, PUZZLE, ten), strict=True):
        host = page.locator(f"#{name}")
        host.locator(".puzzle:not([hidden])").wait_for(timeout=30_000)
        position = host.locator("svg[data-position]").get_attribute("data-position")
        assert position == puzzle.position
    assert sorted(set_requests(page)) == ["puzzles-10.txt", "puzzles-6.txt", "puzzles-8.txt"]
    solve_live(page, "#b", other)
    # A board added later reads the set the page fetched already.
    page.evaluate(
        "(id) => document.body.insertAdjacentHTML('beforeend', "
        '`<div id="e" data-zola="puzzle=${id}"></div>`)',
        PUZZLE.id,
    )
    page.locator("#e .puzzle:not([hidden])").wait_for(timeout=30_000)
    assert sorted(set_requests(page)) == ["puzzles-10.txt", "puzzles-6.txt", "puzzles-8.txt"]
    assert not page.console_errors


def test_a_broken_puzzle_line_says_what_is_wrong(page, server_url) -> None:
    # The line is data from the page: read as a set's line is, and a board that carries a
    # broken one says so in one line (never a traceback); the boards beside it work.
    start = PUZZLE.position.replace(" ", "_")
    fragment = f"v2;size=6;start={start};puzzle={PUZZLE.id}"
    docs = Diagram("#" + fragment, {"live": ""})
    line = docs.puzzle_line()
    fields = line.split(";")
    wrong_n = ";".join([fields[0], str(PUZZLE.moves + 1), *fields[2:]])
    other = next(p for p in PUZZLES if p.id != PUZZLE.id).text()
    cases = {
        "n": (wrong_n, f"bad puzzle '{PUZZLE.id}': N is {PUZZLE.moves + 1} but the line has"),
        "other": (other, f"this is puzzle '{other.split(';')[0]}', the link names '{PUZZLE.id}'"),
        "garbage": ("<b>not a puzzle</b>", "expected 6 fields separated by ';'"),
    }
    element = docs.live_element(docs.live_preview())
    carried = f'data-zola-puzzle="{escape(line)}"'
    assert element.count(carried) == 1
    elements = [
        element.replace(carried, f'id="{name}" data-zola-puzzle="{escape(text)}"')
        for name, (text, _) in cases.items()
    ]
    good = element.replace("<div data-zola=", '<div id="good" data-zola=', 1)
    open_host(page, server_url, host_page("".join(elements) + good))
    for name, (_, detail) in cases.items():
        host = page.locator(f"#{name}")
        assert host.get_attribute("data-problem") == "1"
        assert host.get_attribute("data-ready") is None
        said = host.locator(".problem").text_content()
        assert said.startswith("This board cannot be shown: data-zola-puzzle: ") and detail in said
        assert host.locator("svg").count() == 0 and "Traceback" not in said
    solve_live(page, "#good", PUZZLE)
    assert set_requests(page) == [] and not page.console_errors


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
