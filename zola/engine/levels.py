"""The computer's levels: names, the default, and how deep and how long each thinks.

Kept apart from :mod:`zola.engine.ai` so that the page can offer the levels without
loading the search.

>>> level_settings("max").time_limit
1.0
>>> level_settings("grandmaster")
Traceback (most recent call last):
...
zola.UnknownLevelError: unknown level 'grandmaster': choose beginner, casual, strong, max
>>> choose(level_settings("casual"), [30, 10, -20], 0.7, can_swap=True)
0
"""

import math
from collections import namedtuple

from zola.rules.errors import UnknownLevelError

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

LEVELS = ("beginner", "casual", "strong", "max")
DEFAULT_LEVEL = "casual"

if TYPE_CHECKING:

    class _Level(NamedTuple):
        max_depth: int
        time_limit: float
        temperature: float

else:
    _Level = namedtuple("Level", ("max_depth", "time_limit", "temperature"))


class Level(_Level):
    """How one level plays: a depth cap, a time budget (seconds) and how much noise.

    ``temperature`` (in hundredths of a checker) above zero makes the level
    pick among all moves at random, weighted by ``exp(score / temperature)``.
    """

    __slots__ = ()


LEVEL_SETTINGS = {
    "beginner": Level(max_depth=2, time_limit=0.3, temperature=60.0),
    "casual": Level(max_depth=3, time_limit=0.12, temperature=0.0),
    "strong": Level(max_depth=64, time_limit=0.3, temperature=0.0),
    "max": Level(max_depth=64, time_limit=1.0, temperature=0.0),
}


def level_settings(level: str) -> Level:
    """The :class:`Level` of a level name; raise :class:`UnknownLevelError` if unknown."""
    if level not in LEVEL_SETTINGS:
        raise UnknownLevelError(f"unknown level {level!r}: choose {', '.join(LEVELS)}")
    return LEVEL_SETTINGS[level]


SWAP_CHOICE = -1  # what :func:`choose` answers when the level swaps colours


def choose(
    level: Level,
    scores: list[int],
    draw: float,
    *,
    pie: bool = False,
    can_swap: bool = False,
    best: int | None = None,
) -> int:
    """The index in ``scores`` of the move ``level`` plays, or :data:`SWAP_CHOICE`.

    ``scores`` are its search's scores of the moves, best first, from the mover's
    view; ``best`` the score of the search's best move (default: the first). On
    Blue's first turn (``can_swap``) the level swaps when ``best`` is below zero.
    Before the opponent's pie choice (``pie``) a move is worth its balance,
    ``-abs(score)``. With a temperature the level picks at random, weighted by
    ``exp(value / temperature)``, as ``random.choices`` does with ``draw`` (in
    [0, 1)) its ``random()``; else it plays the best value, ``draw`` picking
    among equal ones.

    >>> beginner = level_settings("beginner")
    >>> [choose(beginner, [50, 0, -50], draw) for draw in (0.1, 0.8, 0.99)]
    [0, 1, 2]
    >>> choose(level_settings("max"), [40, 5, -5, -70], 0.9, pie=True)
    2
    >>> choose(beginner, [-10, -30], 0.5, can_swap=True)
    -1
    """
    if can_swap and (scores[0] if best is None else best) < 0:
        return SWAP_CHOICE
    values = [-abs(score) if pie else score for score in scores]
    top = max(values)
    if level.temperature > 0:
        total = 0.0
        cumulative = []
        for value in values:
            total += math.exp((value - top) / level.temperature)
            cumulative.append(total)
        point = draw * total
        for index, bound in enumerate(cumulative):
            if point < bound:
                return index
        return len(values) - 1
    ties = [index for index, value in enumerate(values) if value == top]
    return ties[int(draw * len(ties))]
