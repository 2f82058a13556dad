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

from zola.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidSquareError,
    ZolaError,
)
from zola.game import FIRST, PLAYER_NAMES, SECOND, Game
from zola.geometry import SIZES, distance2, parse_square, square_name
from zola.move import Move
from zola.position import BLUE, COLOR_NAMES, RED, Position, perft
from zola.record import decode, encode

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
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidSquareError",
    "Move",
    "Position",
    "ZolaError",
    "decode",
    "distance2",
    "encode",
    "parse_square",
    "perft",
    "square_name",
]
