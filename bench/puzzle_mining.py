"""Puzzle mining speed: puzzles and games per minute, on this machine or a Dask cluster.

Mines a fixed run of games (seeds 10000 on, so that they are not the shipped sets')
into a temporary file, on ``--workers`` processes of this machine (default: one a
core) or on the Dask cluster whose scheduler is at ``--scheduler`` (the dask extra),
and prints the games, the puzzles found, the wall time and the rates; also the time
one game takes in one process, split into playing it and solving its positions. Run
from the repo root:

    python3 bench/puzzle_mining.py            # 40 games a size, 6x6 and 8x8
    python3 bench/puzzle_mining.py --games 100 --max-moves 3
    python3 bench/puzzle_mining.py --sizes 8 --games 8 --workers 1
    python3 bench/puzzle_mining.py --sizes 8 --games 8 --scheduler tcp://127.0.0.1:8786
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
import time
from pathlib import Path

from zola.puzzles.mining import Pool, mine, on_cluster, play_game, processes, solve_game

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
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 8])
    parser.add_argument("--max-moves", type=int, default=4)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--scheduler", help="a Dask scheduler's address, e.g. tcp://host:8786")
    parser.add_argument("--no-single", action="store_true", help="skip the one-game timing")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        pool: Pool = processes(args.workers)
        where = f"{args.workers} processes"
        if args.scheduler:
            from distributed import Client

            client = stack.enter_context(Client(args.scheduler, set_as_default=False))
            pool = on_cluster(client)
            where = f"a Dask cluster of {len(client.scheduler_info()['workers'])} workers"
        print(f"{args.games} games a size, max {args.max_moves} moves, on {where}")
        for size in args.sizes:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "puzzles.txt"
                start = time.perf_counter()
                seeds = range(FIRST_SEED, FIRST_SEED + args.games)
                found = mine(path, size, seeds, args.max_moves, pool)
                seconds = time.perf_counter() - start
            minutes = seconds / 60
            single = ""
            if not args.no_single:
                played, solved = one_game(size, args.max_moves)
                single = f" (one game: {played:.2f} s to play, {solved:.2f} s to solve)"
            print(
                f"{size}x{size}: {found} puzzles from {args.games} games in {seconds:.0f} s: "
                f"{found / minutes:.1f} puzzles/min, {args.games / minutes:.1f} games/min"
                + single
            )


if __name__ == "__main__":
    main()
