"""Puzzle mining speed: puzzles found per minute on 6x6 and 8x8, on this machine.

Mines a fixed run of games (seeds 10000 on, so that they are not the shipped set's)
into a temporary file with every core, and prints the games, the puzzles found,
the wall time and the rates; also the time one game takes in one process, split
into playing it and solving its positions. Run from the repo root:

    python3 bench/puzzle_mining.py            # 40 games a size
    python3 bench/puzzle_mining.py --games 100 --max-moves 3
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from zola.puzzles.mining import mine, play_game, processes, solve_game

FIRST_SEED = 10_000


def one_game(size: int, max_moves: int) -> tuple[float, float]:
    """Seconds to play one game, and to solve its positions, in this process."""
    start = time.perf_counter()
    positions = play_game(size, FIRST_SEED)
    played = time.perf_counter() - start
    solve_game(positions, max_moves)
    return played, time.perf_counter() - start - played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--max-moves", type=int, default=4)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args()
    print(f"{args.games} games a size, max {args.max_moves} moves, {args.workers} processes")
    for size in (6, 8):
        played, solved = one_game(size, args.max_moves)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "puzzles.txt"
            start = time.perf_counter()
            seeds = range(FIRST_SEED, FIRST_SEED + args.games)
            found = mine(path, size, seeds, args.max_moves, processes(args.workers))
            seconds = time.perf_counter() - start
        minutes = seconds / 60
        print(
            f"{size}x{size}: {found} puzzles from {args.games} games in {seconds:.0f} s: "
            f"{found / minutes:.1f} puzzles/min, {args.games / minutes:.1f} games/min "
            f"(one game: {played:.2f} s to play, {solved:.2f} s to solve)"
        )


if __name__ == "__main__":
    main()
