"""What another page of the origin, an unlucky reader or a host page may hand the page,
in Chromium on the real runtime: stored values of any size, links of any length,
games whose first turn is a forced pass, host pages whose ids and globals clash with
the loader's."""

from __future__ import annotations

import json

from tests.browser.test_puzzles import PUZZLE, _move, _solve, _wait_puzzle

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
