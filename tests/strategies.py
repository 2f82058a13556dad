"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from zola import SIZES, Position
from zola.rules.geometry import geometry


def random_board(
    rng: random.Random, size: int, density: float, red_share: float, turn: int
) -> Position:
    """A board of ``size`` with each square taken with chance ``density``, by Red with
    chance ``red_share`` (one red checker when that leaves it empty)."""
    squares = geometry(size).squares
    red = blue = 0
    for sq in squares:
        if rng.random() < density:
            if rng.random() < red_share:
                red |= 1 << sq
            else:
                blue |= 1 << sq
    if not red | blue:
        red = 1 << rng.choice(squares)
    return Position(size, red, blue, turn)


@st.composite
def positions(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES) -> Position:
    """Any position of a supported size, from nearly full to nearly empty boards."""
    size = draw(st.sampled_from(sizes))
    density = draw(st.sampled_from([0.03, 0.1, 0.3, 0.6, 0.9, 1.0]))
    red_share = draw(st.sampled_from([0.1, 0.5, 0.9]))
    rng = random.Random(draw(st.integers(0, 2**64)))
    return random_board(rng, size, density, red_share, draw(st.sampled_from([0, 1])))
