"""How much a review's marks owe to each search's own table: the review as it is, against
the same searches, to the same depths, done from the game's end backwards with one
transposition table.

    python3 bench/review_shared_table.py          # the 6x6 games of tests/data/reviews.json

The review searches every position afresh (its own transposition table, history and
killers) and keeps the last depth that its budget completed. Here each position is
searched again to that very depth, from the last position to the first, all with one
table (the later positions' entries, searched deeper, then answer for the earlier
positions' subtrees: the saving the issue proposed), and the moves are marked from
those searches. The count of marks that change says whether a shared table can keep
the marks of the review; the nodes and CPU seconds, what it would save.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import zola.engine.analysis as analysis
from zola.engine.ai import Caches, Deepening, _Searcher
from zola.rules.game import Game
from zola.rules.record import decode

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "data" / "reviews.json"


def searches(game: Game) -> tuple[list[tuple], float, int]:
    """The review's searches of ``game``: (position, lines, first move, depth) each, in
    the game's order; and the review's CPU seconds and nodes."""
    done: list[tuple] = []
    nodes = [0]
    real = analysis._deepened

    def recorded(position, time_limit, node_limit, lines, resume, seed, first, *rest):
        deepening, count = real(
            position, time_limit, node_limit, lines, resume, seed, first, *rest
        )
        done.append((position.copy(), lines, first, deepening.depth))
        nodes[0] += deepening.searcher.nodes
        return deepening, count

    analysis._deepened = recorded
    try:
        start = time.process_time()
        analysis.review(game)
        seconds = time.process_time() - start
    finally:
        analysis._deepened = real
    return done, seconds, nodes[0]


def shared(game: Game, done: list[tuple]) -> tuple[dict, float, int]:
    """The same searches to the same depths, from the last to the first, with one table."""
    table = _Searcher(game.size, None, None, Caches())
    results = {}
    nodes = 0
    start = time.process_time()
    for position, lines, first, depth in reversed(done):
        deepening = Deepening(position, 0, exact=lines, stop_single=False, first=first)
        table.nodes = 0
        table.history = [0] * (128 * 128)
        table.killers = [[-1, -1] for _ in range(256)]
        deepening.searcher = table
        deepening.run(None, None, depth)
        nodes += table.nodes
        results[(position.key(), lines, first)] = deepening
    return results, time.process_time() - start, nodes


def marks_with(game: Game, results: dict) -> list[str]:
    """The review of ``game`` marked from the searches of ``results``."""
    real = analysis._deepened

    def given(position, time_limit, node_limit, lines, resume, seed, first, *rest):
        count = max(1, min(int(lines), len(position.legal_moves())))
        return results[(position.key(), lines, first)], count

    analysis._deepened = given
    try:
        return [entry.mark for entry in analysis.review(game).moves]
    finally:
        analysis._deepened = real


def main() -> None:
    games = [decode(entry["game"]) for entry in json.loads(FIXTURE.read_text())]
    games = [game for game in games if game.size == 6]
    print("| game | moves | marks changed | review CPU s (nodes) | shared table CPU s (nodes) |")
    print("|---|---:|---:|---:|---:|")
    changed = total = 0
    for number, game in enumerate(games):
        done, seconds, nodes = searches(game)
        before = [entry.mark for entry in analysis.review(game).moves]
        results, shared_seconds, shared_nodes = shared(game, done)
        after = marks_with(game, results)
        differ = sum(a != b for a, b in zip(before, after, strict=True))
        changed += differ
        total += len(before)
        print(
            f"| {number} | {len(before)} | {differ} | {seconds:.1f} ({nodes:,}) | "
            f"{shared_seconds:.1f} ({shared_nodes:,}) |"
        )
    print(f"\n{changed} of {total} marks change ({changed / total:.0%}).")


if __name__ == "__main__":
    main()
