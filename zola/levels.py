"""The computer's levels: names, the default, and how deep and how long each thinks.

Kept apart from :mod:`zola.ai` so that the page can offer the levels without
loading the search.

>>> level_settings("max").time_limit
1.0
>>> level_settings("grandmaster")
Traceback (most recent call last):
...
zola.errors.UnknownLevelError: unknown level 'grandmaster': choose beginner, casual, strong, max
"""

from collections import namedtuple

from zola.errors import UnknownLevelError

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
