"""Playing the computer in the page: answers, the pie decision, hints, undo, a busy-free page,
and a failing worker."""

from __future__ import annotations

from tests.browser.conftest import use
from zola import Game, Move, decode

COMPUTER_SECONDS = 90_000  # ms: the first answer waits for the worker's own Python to load
PAST_THE_BOOK = "v1;size=6;moves=c3xd3.c4xd3"  # Red to move: the opening book cannot answer


def moves(page) -> list[str]:
    return page.locator("#moves button").all_text_contents()


def click_move(page, text: str) -> None:
    move = Move.parse(text)
    for square in (move.from_square, move.to_square):
        name = "abcdefghij"[square % 10] + str(square // 10 + 1)
        page.click(f'#board [data-square="{name}"]')


def wait_for_moves(page, count: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('#moves button').length >= {count}", timeout=COMPUTER_SECONDS
    )


def with_worker(page, body: str):
    """Reload ``page`` with a computer worker whose ``choose_move`` runs ``body``."""
    source = (
        f"def choose_move(fragment, level, seed):\n    {body}\n\n__export__ = ['choose_move']\n"
    )
    page.context.route(
        "**/web/ai_worker.py",
        lambda route: route.fulfill(content_type="text/x-python", body=source),
    )
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    return page


# Whether the page asked for PyScript, which runs the computer's worker (web/play.js).
WORKER_ASKED = (
    "performance.getEntriesByType('resource')"
    ".some((entry) => entry.name.endsWith('/@pyscript/core/dist/core.js'))"
)


def test_the_computers_worker_starts_once_the_board_is_ready(page, server_url) -> None:
    # The moment the board is ready: whether the worker had been asked for then.
    page.add_init_script(f"""
        localStorage.setItem('zola-mode', 'computer-first');
        new MutationObserver((_, observer) => {{
          if (document.body?.dataset.ready !== '1') return;
          window.workerAtReady = {WORKER_ASKED};
          observer.disconnect();
        }}).observe(document, {{subtree: true, attributes: true, attributeFilter: ['data-ready']}});
    """)
    page.goto(server_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("window.workerAtReady") is False
    wait_for_moves(page, 1)  # the book's first move, without the worker
    page.wait_for_function(WORKER_ASKED, timeout=10_000)
    page.check("#analysis")  # the worker's answer
    page.wait_for_function(
        "document.querySelector('#eval-text').textContent !== ''", timeout=COMPUTER_SECONDS
    )
    assert page.console_errors == []


def test_the_computer_answers_and_undo_returns_to_your_turn(open_app, screenshot) -> None:
    page = open_app(mode="computer-second")
    assert page.text_content("#status") == "Red to move (you)."
    click_move(page, "c3xd3")
    wait_for_moves(page, 2)  # the computer (Blue) swaps or moves
    page.wait_for_selector("#thinking", state="hidden")
    game = decode(page.evaluate("location.hash"))
    assert game.player_to_move() == 0  # the person's turn again
    assert page.text_content("#status").endswith("(you).")
    screenshot("computer-answered")
    page.click("#undo")
    assert decode(page.evaluate("location.hash")).ply == 0
    page.wait_for_timeout(1500)
    assert decode(page.evaluate("location.hash")).ply == 0  # looking back is not interrupted


def test_the_computer_decides_the_pie_rule_when_it_plays_first(open_app) -> None:
    page = open_app(mode="computer-first")
    wait_for_moves(page, 1)
    assert page.is_visible("#pie")  # the person, second, gets the offer
    page.click("#swap")
    assert moves(page)[1] == "swap"  # the computer, now to move, may already have answered
    wait_for_moves(page, 3)  # the computer now holds Blue and moves on
    game = decode(page.evaluate("location.hash"))
    assert game.swapped() and game.player_to_move() == 1


def test_the_page_keeps_drawing_frames_while_the_computer_thinks(open_app) -> None:
    page = open_app("v1;size=10", mode="computer-second")  # a big board: long searches
    use(page, "#level", "select_option", "max")
    click_move(page, "e5xf5")
    wait_for_moves(page, 2)  # the opening book's answer
    page.check("#analysis")  # the worker, which starts once the board is ready, answers
    page.wait_for_function(
        "document.querySelector('#eval-text').textContent !== ''", timeout=COMPUTER_SECONDS
    )
    page.uncheck("#analysis")
    page.evaluate(
        """() => {
        window.frames_at = [];
        const tick = (t) => { window.frames_at.push(t); requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
    }"""
    )
    game = decode(page.evaluate("location.hash"))
    reply = next(m for m in game.legal_moves() if m.kind == 1)
    count = len(game.moves)
    click_move(page, str(reply))
    started = page.evaluate("performance.now()")
    page.wait_for_selector("#thinking", state="visible", timeout=5000)
    wait_for_moves(page, count + 2)
    answered = page.evaluate("performance.now()")
    assert answered - started > 300  # the computer thought for a while...
    thinking = [t for t in page.evaluate("window.frames_at") if started <= t <= answered]
    gaps = [b - a for a, b in zip(thinking, thinking[1:], strict=False)]
    assert max(gaps) < 100, max(gaps)  # ...and the page drew every frame meanwhile


def test_a_hint_shows_a_legal_move(open_app) -> None:
    page = open_app(mode="computer-second")
    page.click("#hint")
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('Hint: ')",
        timeout=COMPUTER_SECONDS,
    )
    text = page.text_content("#message").removeprefix("Hint: ").removesuffix(".")
    assert Move.parse(text) in Game(6).legal_moves()
    assert page.locator("#board .arrow").count() == 1
    page.check("#analysis")  # an answer of the worker itself, not of the opening book
    page.wait_for_selector("#eval", state="visible", timeout=COMPUTER_SECONDS)
    assert page.console_warnings == []  # the worker asks for no SharedArrayBuffer
    page.uncheck("#analysis")
    click_move(page, "c3xd3")
    assert page.locator("#board .arrow").count() == 0


def test_computer_against_computer(open_app) -> None:
    page = open_app(mode="computers")
    use(page, "#level", "select_option", "beginner")
    wait_for_moves(page, 4)
    game = decode(page.evaluate("location.hash"))
    assert len(game.moves) >= 4  # every move replayed legally by the decoder


def test_a_failing_worker_gives_a_message_and_a_retry(open_app, browser, server_url) -> None:
    page = with_worker(open_app(PAST_THE_BOOK), "raise RuntimeError('the engine broke')")
    use(page, "#mode", "select_option", "computer-first")
    page.wait_for_selector("#retry", state="visible", timeout=COMPUTER_SECONDS)
    assert "The computer did not answer" in page.text_content("#message")
    assert "the engine broke" in page.text_content("#message")
    page.click("#retry")
    page.wait_for_selector("#retry", state="visible", timeout=COMPUTER_SECONDS)
    use(page, "#mode", "select_option", "humans")  # the game stays playable
    assert page.is_hidden("#retry")
    click_move(page, "e3xd3")
    assert moves(page) == ["c3xd3", "c4xd3", "e3xd3"]


def test_a_worker_that_never_answers_times_out_with_a_retry(open_app) -> None:
    page = with_worker(open_app(PAST_THE_BOOK), "__import__('time').sleep(600)")
    use(page, "#level", "select_option", "beginner")
    use(page, "#mode", "select_option", "computer-first")
    page.wait_for_selector("#thinking", state="visible")
    page.wait_for_selector("#retry", state="visible", timeout=COMPUTER_SECONDS)  # budget + margin
    assert "no answer in time" in page.text_content("#message")
    assert page.is_hidden("#thinking")
    use(page, "#mode", "select_option", "humans")
    click_move(page, "e3xd3")
    assert moves(page) == ["c3xd3", "c4xd3", "e3xd3"]


def test_an_answer_the_page_cannot_use_gives_a_message_and_a_retry(open_app) -> None:
    page = with_worker(open_app(PAST_THE_BOOK), "return 'a1-a2'")  # not legal there
    use(page, "#mode", "select_option", "computer-first")
    page.wait_for_selector("#retry", state="visible", timeout=COMPUTER_SECONDS)
    assert page.text_content("#message").startswith("The computer did not answer ('a1-a2': ")
    assert page.is_hidden("#thinking") and moves(page) == ["c3xd3", "c4xd3"]
    use(page, "#mode", "select_option", "humans")
    page.click("#hint")  # a hint goes through the same path
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('did not answer')",
        timeout=COMPUTER_SECONDS,
    )
    assert page.locator("#board .arrow").count() == 0


def test_the_first_answers_come_from_the_opening_book(open_app) -> None:
    """A worker that never starts: the computer still opens, answers a swap and a first
    move at once, from the book; past it, the page waits for the worker."""
    page = open_app(mode="humans")
    page.context.route(
        "**/web/ai_worker.py",
        lambda route: route.fulfill(
            content_type="text/x-python", body="import asyncio\nawait asyncio.sleep(600)\n"
        ),
    )
    use(page, "#mode", "select_option", "computer-first")
    wait_for_moves(page, 1)  # the computer's first move
    page.click("#swap")
    wait_for_moves(page, 3)  # the computer, now Blue, moves on
    getting_ready = "The computer is getting ready"
    assert page.text_content("#thinking-text") == ""  # the reader's turn: nothing waits
    use(page, "#mode", "select_option", "computer-second")
    use(page, "#size", "select_option", "10")
    use(page, "#new")
    click_move(page, "e5xf5")
    wait_for_moves(page, 2)  # the computer's answer (Blue, or its swap)
    game = decode(page.evaluate("location.hash"))
    assert game.size == 10 and game.player_to_move() == 0
    click_move(page, next(str(m) for m in game.legal_moves()))
    page.wait_for_timeout(500)
    assert len(moves(page)) == 3  # past the book: the answer waits for the worker
    assert page.text_content("#thinking-text").startswith(getting_ready)
