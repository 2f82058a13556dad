"""Search speed of the AI, nodes per second, on CPython and in Pyodide (headless Chromium).

    python3 bench/ai_speed.py [--seconds 3]

The same mid-game positions (random games from the start, fixed seeds) are
searched for the same time on both; Pyodide runs in the page's main thread.
"""

from __future__ import annotations

import argparse
import json
import random
from urllib.parse import urlencode

from browser import served_chromium

from zola import Game, Position
from zola.ai import search

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


if __name__ == "__main__":
    main()
