"""Typed errors: every bad input raises a subclass of :class:`ZolaError`.

``ZolaError`` is a :class:`ValueError`, so callers may catch either.

>>> from zola import parse_square
>>> parse_square("z9")
Traceback (most recent call last):
...
zola.errors.InvalidSquareError: bad square 'z9': expected a file a-j and a rank 1-10, like 'c3'
"""


class ZolaError(ValueError):
    """Base class of every error raised for bad input."""


class InvalidSquareError(ZolaError):
    """A square name is malformed or off the board."""


class InvalidMoveError(ZolaError):
    """A move text is malformed (not ``c3-d4``, ``c3xe5``, ``pass`` or ``swap``)."""


class IllegalMoveError(ZolaError):
    """A well-formed move is not legal in the position; the message says why."""


class InvalidPositionError(ZolaError):
    """A position text is malformed."""


class InvalidRecordError(ZolaError):
    """A game record (URL fragment) is malformed or describes an illegal game."""


class InvalidOptionError(ZolaError):
    """A choice that is not one of those offered: a board size, a level, an opponent."""


class UnknownLevelError(InvalidOptionError):
    """A level name that is not one of :data:`zola.levels.LEVELS`."""
