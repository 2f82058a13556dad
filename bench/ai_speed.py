"""Search speed of the AI, nodes per second, on CPython and in Pyodide (headless Chromium).

    python3 bench/ai_speed.py [--seconds 3]

The same mid-game positions (random games from the start, fixed seeds) are
searched for the same time on both; Pyodide runs in the page's main thread.
A second table gives each level's answer time on the same positions: what a
player waits for (in the app, plus the message to and from the worker).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from urllib.parse import urlencode

from chromium import served_chromium

from zola import Game, Position
from zola.engine.ai import best_move, search
from zola.engine.levels import LEVELS

PLIES = {6: 12, 8: 30, 10: 50}  # how far into a random game each position is


def positions() -> list[str]:
    """One mid-game position per board size, the same on every run."""
    texts = []
    for size, plies in PLIES.items():
        rng = random.Random(size)
        game = Game(size)
        while game.ply < plies:
            game.play(rng.choice(game.position.legal_moves()))
        texts.append(str(game.position))
    return texts


def answer_times(position: Position) -> dict[str, float]:
    """Seconds each level takes to answer in ``position``."""
    times = {}
    for level in LEVELS:
        start = time.perf_counter()
        best_move(Game(position.size, start=position), level, seed=1)
        times[level] = time.perf_counter() - start
    return times


def in_pyodide(texts: list[str], seconds: float) -> list[dict]:
    query = urlencode([("seconds", seconds)] + [("position", t) for t in texts])
    with served_chromium() as (base, browser):
        page = browser.new_page()
        page.goto(f"{base}/bench/ai_speed/index.html?{query}")
        page.wait_for_function("document.body.dataset.result", timeout=120_000 + 5000 * seconds)
        return json.loads(page.evaluate("document.body.dataset.result"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="search time per position")
    args = parser.parse_args()
    texts = positions()
    native = [search(Position.parse(t), time_limit=args.seconds, max_depth=64) for t in texts]
    native_answers = [answer_times(Position.parse(t)) for t in texts]
    browser = in_pyodide(texts, args.seconds)
    print("| board | CPython nodes/s (depth) | Pyodide nodes/s (depth) | Pyodide / CPython |")
    print("|---|---|---|---|")
    for size, n, b in zip(PLIES, native, browser, strict=True):
        cpython = n.nodes / n.seconds
        pyodide = b["nodes"] / b["seconds"]
        print(
            f"| {size}x{size} | {cpython:,.0f} ({n.depth}) | {pyodide:,.0f} ({b['depth']}) "
            f"| {pyodide / cpython:.2f} |"
        )
    print("\nSeconds to answer, CPython / Pyodide:\n")
    print("| level | " + " | ".join(f"{size}x{size}" for size in PLIES) + " |")
    print("|---|" + "---:|" * len(PLIES))
    for level in LEVELS:
        cells = [
            f"{n[level]:.2f} / {b['answers'][level]:.2f}"
            for n, b in zip(native_answers, browser, strict=True)
        ]
        print(f"| {level} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
