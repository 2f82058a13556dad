"""Perft: leaf counts of the legal-move tree, from the rules README."""

import pytest

from zola import Position, perft

PERFT = [
    (6, [36, 1296, 46472, 1659272]),
    (8, [64, 4096, 263544]),
    (10, [100, 10000, 1006528]),
]
CASES = [
    pytest.param(size, depth, nodes, marks=[pytest.mark.slow] if nodes > 1_500_000 else [])
    for size, counts in PERFT
    for depth, nodes in enumerate(counts, 1)
]


@pytest.mark.parametrize(("size", "depth", "nodes"), CASES)
def test_perft_from_the_start(size: int, depth: int, nodes: int) -> None:
    assert perft(Position.start(size), depth) == nodes


def test_perft_leaves_the_position_unchanged() -> None:
    position = Position.start(8)
    perft(position, 3)
    assert position == Position.start(8)
    assert position.move_stack == []


def test_perft_counts_a_forced_pass_and_stops_at_a_finished_game() -> None:
    # Red's only checker sits in a corner with no line to Blue: Red must pass.
    stuck = Position.parse("6/6/6/6/2b3/r5 r")
    assert [str(m) for m in stuck.legal_moves()] == ["pass"]
    assert perft(stuck, 1) == 1
    assert perft(stuck, 2) == len(Position.parse("6/6/6/6/2b3/r5 b").legal_moves())
    assert perft(Position.parse("6/6/6/6/6/r5 b"), 3) == 0
