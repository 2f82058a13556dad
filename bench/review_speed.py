"""Game review speed on CPython and in Pyodide (headless Chromium), and how stable its marks are.

    python3 bench/review_speed.py [--seed 2024] [--plies 60] [--size 8]

The game: ``--plies`` moves on an 8x8 board, each chosen by the beginner level
(``zola.engine.ai.best_move``, which makes plausible mistakes; seeded, so the same game
every run; the pie rule in effect). It is reviewed at the default budget
(``zola.engine.analysis.REVIEW_NODES`` nodes a position) on CPython and in Pyodide in
the page's main thread (``bench/review_speed/index.html``: the same package
files, the self-hosted runtime), and at 4 times the budget on CPython. The
marks at the default budget should match across the two Pythons (the budget is
nodes, not seconds); the share of moves whose mark stays the same at 4x the
budget says how much a mark owes to the search's horizon.
"""

from __future__ import annotations

import argparse
import json
import time
from urllib.parse import urlencode

from chromium import served_chromium

from zola import Game
from zola.engine.ai import best_move
from zola.engine.analysis import REVIEW_NODES, review
from zola.rules.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Review,
    parse_review,
    review_text,
    symbol,
)


def the_game(size: int, plies: int, seed: int) -> Game:
    game = Game(size)
    while game.ply < plies and not game.is_game_over():
        game.play(best_move(game, "beginner", time_limit=5.0, seed=seed * 1000 + game.ply))
    return game


def in_pyodide(game: Game, nodes: int) -> dict:
    query = urlencode(
        {
            "start": str(game.start),
            "moves": ".".join(str(move) for move in game.moves),
            "nodes": nodes,
        }
    )
    with served_chromium() as (base, browser):
        page = browser.new_page()
        page.goto(f"{base}/bench/review_speed/index.html?{query}")
        page.wait_for_function(
            "document.body.dataset.result || document.body.dataset.error", timeout=900_000
        )
        error = page.evaluate("document.body.dataset.error")
        if error:
            raise RuntimeError(f"the review failed in Pyodide:\n{error}")
        return json.loads(page.evaluate("document.body.dataset.result"))


def counts(marks: Review) -> str:
    names = [entry.mark for entry in marks.moves]
    return " / ".join(str(names.count(mark)) for mark in (INACCURACY, MISTAKE, BLUNDER))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024, help="the game's seed")
    parser.add_argument("--plies", type=int, default=60, help="the game's length")
    parser.add_argument("--size", type=int, default=8, choices=(6, 8, 10), help="board size")
    args = parser.parse_args()
    game = the_game(args.size, args.plies, args.seed)
    positions = len(game.moves) + 1
    runs = []  # (seconds, CPU seconds, review) at 1x and 4x the budget
    for factor in (1, 4):
        start, cpu = time.perf_counter(), time.process_time()
        marks = review(game, node_limit=factor * REVIEW_NODES)
        runs.append((time.perf_counter() - start, time.process_time() - cpu, marks))
    browser = in_pyodide(game, REVIEW_NODES)
    browser_marks = parse_review(browser["text"], plies=len(game.moves))
    print(
        f"{args.size}x{args.size} game of {len(game.moves)} plies (beginner level, seed "
        f"{args.seed}), {positions} positions reviewed:\n"
    )
    print(
        "| runtime | nodes a position | seconds (CPU) | s / position | inaccuracies / "
        "mistakes / blunders |"
    )
    print("|---|---:|---:|---:|---|")
    rows = [("CPython", REVIEW_NODES, *runs[0])]
    rows.append(("Pyodide", REVIEW_NODES, browser["seconds"], None, browser_marks))
    rows.append(("CPython", 4 * REVIEW_NODES, *runs[1]))
    for name, nodes, seconds, cpu, marks in rows:
        used = f"{seconds:.1f}" + ("" if cpu is None else f" ({cpu:.1f})")
        print(f"| {name} | {nodes:,} | {used} | {seconds / positions:.2f} | {counts(marks)} |")
    base, deeper = runs[0][2].moves, runs[1][2].moves
    pairs = list(zip(base, deeper, strict=True))
    same = sum(a.mark == b.mark for a, b in pairs)
    flagged = sum(symbol(a.mark) == symbol(b.mark) for a, b in pairs)
    loss = sum(abs(a.loss - b.loss) for a, b in pairs) / len(pairs)
    print(
        f"\nAt 4x the budget, the same mark: {same} of {len(pairs)} moves "
        f"({same / len(pairs):.0%}); the same annotation (none, ?!, ?, ??; best and good "
        f"both none): {flagged} ({flagged / len(pairs):.0%}); mean difference of the "
        f"losses {loss:.1f} points."
    )
    agree = review_text(runs[0][2]) == browser["text"]
    print(f"Pyodide's review is {'identical to' if agree else 'DIFFERENT from'} CPython's.")


if __name__ == "__main__":
    main()
