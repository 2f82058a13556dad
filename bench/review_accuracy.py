"""How close a review's marks come to the true ones: the review of this tree against
the reference of tests/data/review_reference.json (the same games reviewed by a search
of 8 times the budget; tests/review_reference.py says how), and what it costs.

    python3 bench/review_accuracy.py                   # this tree
    PYTHONPATH=old python3 bench/review_accuracy.py    # another checkout's review
    python3 bench/review_accuracy.py --nodes 10000     # another budget

For each game: the review's CPU seconds and nodes (those of every search it made), how
many of its marks (best, good, ?!, ?, ??, forced) are the reference's, and how many are
far from it: two classes or more apart (say ? for good), and severe (?? for best or
good, or best or good for ??).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import zola.engine.ai as ai
from zola.engine.analysis import review
from zola.engine.judgement import REVIEW_NODES
from zola.rules.record import decode
from zola.rules.review import parse_review

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "data" / "review_reference.json"
RANK = {"best": 0, "good": 1, "inaccuracy": 2, "mistake": 3, "blunder": 4, "forced": 0}


def severe(a: str, b: str) -> bool:
    """Whether one of two marks is ?? and the other best or good."""
    return {a, b} in ({"blunder", "best"}, {"blunder", "good"})


def far(a: str, b: str) -> bool:
    """Whether two marks are two classes or more apart."""
    return abs(RANK[a] - RANK[b]) >= 2


def counted(nodes: list[int]):
    """Deepening.run, counting the nodes of every search in ``nodes[0]``."""
    run = ai.Deepening.run

    def run_counted(self, deadline, node_limit, max_depth):
        before = self.searcher.nodes
        try:
            run(self, deadline, node_limit, max_depth)
        finally:
            nodes[0] += self.searcher.nodes - before

    return run_counted


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=REVIEW_NODES, help="the review's budget")
    ap.add_argument("--games", type=int, default=None, help="the first GAMES games only")
    args = ap.parse_args()
    entries = json.loads(REFERENCE.read_text())[: args.games]
    nodes = [0]
    ai.Deepening.run = counted(nodes)  # type: ignore[method-assign]
    print("| game | moves | CPU s | nodes | same mark | far | severe |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = [0.0, 0, 0, 0, 0, 0]
    for number, entry in enumerate(entries):
        game = decode(entry["game"])
        reference = parse_review(entry["review"], plies=len(game.moves)).moves
        nodes[0] = 0
        start = time.process_time()
        got = review(game, node_limit=args.nodes).moves
        seconds = time.process_time() - start
        pairs = [(a.mark, b.mark) for a, b in zip(got, reference, strict=True)]
        row = [
            seconds,
            nodes[0],
            len(pairs),
            sum(a == b for a, b in pairs),
            sum(far(a, b) for a, b in pairs),
            sum(severe(a, b) for a, b in pairs),
        ]
        totals = [t + r for t, r in zip(totals, row, strict=True)]
        cells = [str(number), str(row[2]), f"{row[0]:.2f}", f"{row[1]:,}", *map(str, row[3:])]
        print("| " + " | ".join(cells) + " |")
    seconds, spent, moves, same, apart, bad = totals
    print(
        f"| all | {moves} | {seconds:.2f} | {spent:,} | {same} ({same / moves:.1%}) "
        f"| {apart} | {bad} |"
    )


if __name__ == "__main__":
    main()
