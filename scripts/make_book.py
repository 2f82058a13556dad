#!/usr/bin/env python3
"""Compute the opening book (zola/engine/openings.py) with the computer's own search.

    python3 scripts/make_book.py              # every size, on every core (at nice 10)
    python3 scripts/make_book.py --jobs 1

For each board size: the start and one position of each group of first moves
that the start's symmetries map onto each other (zola.engine.book), each searched for
every level as zola.engine.book describes: every move's exact score at the level's
depth at the start and for Beginner, the best move (seed 0) otherwise, at the
depths of DEPTHS. It takes about 9 minutes on 2 cores; the output is the same
on every machine, and tests/test_book.py checks it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from zola.engine.ai import Deepening, search
from zola.engine.book import START, key_of
from zola.engine.levels import LEVELS
from zola.rules.game import Game
from zola.rules.geometry import SIZES
from zola.rules.move import Move

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "zola" / "openings.py"
# Per size, the depth of each level of zola.engine.levels.LEVELS: Beginner and Casual at their
# depth caps, Strong and Max about as deep as their time takes them (see zola.engine.book).
DEPTHS = {6: (2, 3, 4, 5), 8: (2, 3, 3, 4), 10: (2, 3, 3, 4)}


def game_of(size: int, key: str) -> Game:
    """The game of a book key: the start, or after the first move ``key``."""
    game = Game(size)
    if key != START:
        game.play(key)
    return game


def answers(size: int, key: str, level: int) -> list[tuple[int, Move]]:
    """The (score, move) pairs, best first, that the book keeps for ``level`` (an index
    of LEVELS) at the position of ``key``: every move's exact score at the start and
    for Beginner, else the best move of the search."""
    position = game_of(size, key).position
    depth = DEPTHS[size][level]
    if key == START or LEVELS[level] == "beginner":
        deepening = Deepening(position, exact=True)
        deepening.run(None, None, depth)
        assert deepening.depth == depth, (size, key, level, deepening.depth)
        return [(score, deepening.move(m)) for score, m in deepening.completed]
    result = search(position, time_limit=None, max_depth=depth)
    assert result.depth == depth, (size, key, level, result.depth)
    return [(result.score, result.move)]


def keys(size: int) -> list[str]:
    """The book's keys of ``size``: the start, then each group of first moves."""
    first = Game(size).legal_moves()
    return [START] + sorted({key_of(move, size) for move in first})


def _job(job: tuple[int, str, int]) -> tuple[int, str, int, list[tuple[int, Move]]]:
    size, key, level = job
    return size, key, level, answers(size, key, level)


def line(key: str, levels: list[list[tuple[int, Move]]]) -> str:
    """One line of the book (read by zola.engine.book.parse_entry)."""
    return key + " " + "|".join(",".join(f"{m}={s}" for s, m in pairs) for pairs in levels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    jobs = [(size, key, level) for size in SIZES for key in keys(size) for level in range(4)]
    # The dearest first (the start's exact scores, the big boards, the deep levels).
    jobs.sort(key=lambda job: (job[1] != START, -job[0], -DEPTHS[job[0]][job[2]]))
    began = time.perf_counter()
    found: dict[tuple[int, str, int], list[tuple[int, Move]]] = {}
    with ProcessPoolExecutor(args.jobs, initializer=os.nice, initargs=(10,)) as pool:
        for size, key, level, pairs in pool.map(_job, jobs):
            found[size, key, level] = pairs
            print(f"{len(found)}/{len(jobs)} {size}x{size} {key} {LEVELS[level]}", flush=True)
    out = [
        '"""The opening book of zola.engine.book, written by `python3 scripts/make_book.py`:',
        'do not edit. Per size, a line per position: its key, then per level the',
        '"move=score" pairs."""',
        "",
        "# ruff: noqa: E501",
        "",
        f"DEPTHS = {DEPTHS!r}  # per size, the depth searched for each level",
        "BOOK = {",
    ]
    for size in SIZES:
        out.append(f"    {size}: (")
        for key in keys(size):
            levels = [found[size, key, level] for level in range(4)]
            out.append(f"        {line(key, levels)!r},")
        out.append("    ),")
    out.append("}")
    OUTPUT.write_text("\n".join(out) + "\n")
    print(f"wrote {OUTPUT.relative_to(ROOT)} in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
