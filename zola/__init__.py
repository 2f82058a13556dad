"""Zola, a game by Mark Steere: exact rules, text formats, game records and a CLI.

>>> from zola import Game, Position, perft
>>> game = Game(6)
>>> game.play("c3xd3")
Move.parse('c3xd3')
>>> str(game.position)
'brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb b'
>>> perft(Position.start(6), 3)
46472
"""

from zola.rules.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidSquareError,
    UnknownLevelError,
    ZolaError,
)
from zola.rules.game import Game
from zola.rules.geometry import SIZES, distance2, parse_square, square_name
from zola.rules.move import Move
from zola.rules.position import Position, perft
from zola.rules.record import decode, encode
from zola.rules.sides import BLUE, COLOR_NAMES, FIRST, PLAYER_NAMES, RED, SECOND

__all__ = [
    "BLUE",
    "COLOR_NAMES",
    "FIRST",
    "PLAYER_NAMES",
    "RED",
    "SECOND",
    "SIZES",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidSquareError",
    "Move",
    "Position",
    "UnknownLevelError",
    "ZolaError",
    "decode",
    "distance2",
    "encode",
    "parse_square",
    "perft",
    "square_name",
]


def __getattr__(name: str) -> object:
    """``zola.svg`` (:mod:`zola.draw.svg`, the board as SVG), imported when first asked
    for: ``from zola import svg``. The page and the computer's worker never ask.

    >>> from zola import svg
    >>> svg.render(Position.start(6)).startswith("<svg")
    True
    """
    if name == "svg":
        from zola.draw import svg

        return svg
    raise AttributeError(f"module 'zola' has no attribute {name!r}")
