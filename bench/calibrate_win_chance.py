"""Calibrate the win chance of a search score: fit ``zola.engine.judgement.WIN_SCALE``
from self-play.

    python3 bench/calibrate_win_chance.py [--games 100 60 16] [--level beginner]
                                          [--nodes 20000] [--every 4] [--jobs 2]

Games of the computer against itself (``zola.engine.ai.best_move`` at ``--level`` for
both sides, the pie rule in effect, seeded: every run gives the same games) from
the start of each board size, after a few random opening plies (0 to n, seeded)
so that the games differ. Every ``--every`` plies the position is searched as a
review searches it (``zola.engine.analysis.REVIEW_NODES`` nodes) and its score
(hundredths of a checker, the side to move's view) is recorded with the outcome
for the side to move. Found wins and losses (``|score| > MATE - 1000``) are
left out: they map to 0 and 100% by definition.

The players matter: a win chance says how often a side that stands this well
goes on to win, so it depends on how well both sides play on. Equal
deterministic players convert the smallest edge (the fit is steep), so the
default players are the beginner level, which makes plausible mistakes (a
reviewed game is one of people); ``--level casual`` shows the other end.

The model is ``P(win) = 1 / (1 + exp(-score / scale))``; the script finds the
``scale`` of the greatest likelihood for each board size and for all sizes
together, and prints, per score bin, the share of games the side to move won
next to the model's chance. Positions of one game are not independent, so the
sample is smaller than its count of positions suggests: read the fit to two
digits.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from zola import Game
from zola.engine.ai import MATE, best_move, search
from zola.engine.analysis import REVIEW_NODES
from zola.engine.levels import LEVELS

SIZES = (6, 8, 10)
_MATE_BOUND = MATE - 1000
_PLY_CAP = 2000


def play(job: tuple[int, int, str, int, int]) -> list[tuple[int, int]]:
    """One self-play game: ``(score, 1 if the side to move went on to win else 0)`` pairs."""
    size, seed, level, nodes, every = job
    rng = random.Random(seed * 1000 + size)
    game = Game(size)
    for _ in range(rng.randint(0, size)):
        game.play(rng.choice(game.position.legal_moves()))
    samples: list[tuple[int, int]] = []  # (score, side to move)
    while not game.is_game_over() and game.ply < _PLY_CAP:
        if game.ply % every == 0:
            position = game.position
            result = search(position, time_limit=None, max_depth=64, node_limit=nodes)
            if abs(result.score) <= _MATE_BOUND and result.depth > 0:
                samples.append((result.score, position.turn))
        game.play(best_move(game, level, time_limit=5.0, seed=seed * _PLY_CAP + game.ply))
    winner = game.winner()
    if winner is None:
        return []
    return [(score, int(turn == winner)) for score, turn in samples]


def log_loss(samples: list[tuple[int, int]], scale: float) -> float:
    """The mean negative log-likelihood of the outcomes under ``scale``."""
    total = 0.0
    for score, won in samples:
        z = score / scale
        # log(1 + exp(-z)) for a win, log(1 + exp(z)) for a loss, computed stably.
        x = -z if won else z
        total += max(x, 0.0) + math.log1p(math.exp(-abs(x)))
    return total / len(samples)


def fit(samples: list[tuple[int, int]]) -> float:
    """The scale of the greatest likelihood (golden-section search on its logarithm)."""
    lo, hi = math.log(10.0), math.log(5000.0)
    ratio = (math.sqrt(5) - 1) / 2
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = log_loss(samples, math.exp(a)), log_loss(samples, math.exp(b))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - ratio * (hi - lo)
            fa = log_loss(samples, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = log_loss(samples, math.exp(b))
    return math.exp((lo + hi) / 2)


def table(samples: list[tuple[int, int]], scale: float) -> list[str]:
    """Rows ``| scores | positions | won | model |`` by score bin."""
    edges = [-(10**9), -400, -250, -150, -75, -25, 25, 75, 150, 250, 400, 10**9]
    rows = []
    for low, high in zip(edges, edges[1:], strict=False):
        inside = [(s, w) for s, w in samples if low <= s < high]
        if not inside:
            continue
        won = sum(w for _, w in inside) / len(inside)
        model = sum(1 / (1 + math.exp(-s / scale)) for s, _ in inside) / len(inside)
        label = f"{max(low, -9999)} to {min(high, 9999)}"
        rows.append(f"| {label} | {len(inside)} | {won:.0%} | {model:.0%} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        nargs=3,
        default=[100, 60, 16],
        metavar="N",
        help="games on 6x6, 8x8 and 10x10",
    )
    parser.add_argument("--level", choices=LEVELS, default="beginner", help="both players")
    parser.add_argument(
        "--nodes", type=int, default=REVIEW_NODES, help="search nodes a measured position"
    )
    parser.add_argument("--every", type=int, default=4, help="measure every N plies")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args()
    start = time.perf_counter()
    jobs = [
        (size, seed, args.level, args.nodes, args.every)
        for size, n in zip(SIZES, args.games, strict=True)
        for seed in range(n)
    ]
    by_size: dict[int, list[tuple[int, int]]] = {size: [] for size in SIZES}
    with ProcessPoolExecutor(args.jobs) as pool:
        for (size, *_), samples in zip(jobs, pool.map(play, jobs, chunksize=1), strict=True):
            by_size[size] += samples
    every = [s for size in SIZES for s in by_size[size]]
    print(
        f"{len(jobs)} games of {args.level} against itself, {len(every)} positions "
        f"searched {args.nodes} nodes each, "
        f"{time.perf_counter() - start:.0f} s\n"
    )
    print("| board | games | positions | scale | log-loss | log-loss at 50% |")
    print("|---|---:|---:|---:|---:|---:|")
    for size, n in zip(SIZES, args.games, strict=True):
        samples = by_size[size]
        if samples:
            scale = fit(samples)
            print(
                f"| {size}x{size} | {n} | {len(samples)} | {scale:.0f} "
                f"| {log_loss(samples, scale):.3f} | {math.log(2):.3f} |"
            )
    scale = fit(every)
    print(
        f"| all | {len(jobs)} | {len(every)} | {scale:.0f} | {log_loss(every, scale):.3f} "
        f"| {math.log(2):.3f} |"
    )
    print(f"\nAll sizes, scale {scale:.0f}: the side to move's wins by score\n")
    print("| score | positions | won | model |")
    print("|---|---:|---:|---:|")
    print("\n".join(table(every, scale)))


if __name__ == "__main__":
    main()
