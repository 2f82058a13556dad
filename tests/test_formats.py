"""Text formats: squares, moves and positions round-trip; bad text raises typed errors."""

import pytest
from hypothesis import given, settings

from tests.strategies import positions
from zola import (
    InvalidMoveError,
    InvalidPositionError,
    InvalidSquareError,
    Move,
    Position,
    parse_square,
    square_name,
)
from zola.rules.geometry import geometry


@pytest.mark.parametrize("size", [6, 8, 10])
def test_every_square_and_move_round_trips(size: int) -> None:
    squares = geometry(size).squares
    assert [square_name(sq) for sq in squares][:2] == ["a1", "b1"]
    for sq in squares:
        assert parse_square(square_name(sq), size) == sq
    for a in squares[:: size + 1]:
        for b in squares:
            if a != b:
                for move in (Move.step(a, b), Move.capture(a, b)):
                    assert Move.parse(str(move)) == move
    for move in (Move.PASS, Move.SWAP):
        assert Move.parse(str(move)) == move


@settings(max_examples=500, deadline=None)
@given(positions())
def test_position_text_round_trips(position: Position) -> None:
    text = str(position)
    assert Position.parse(text) == position
    assert str(Position.parse(text)) == text


def test_the_standard_starts() -> None:
    assert str(Position.start(6)) == "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r"
    assert str(Position.start(10)).startswith("brbrbrbrbr/rbrbrbrbrb/")
    assert Position.parse("10/10/10/10/10/10/10/10/10/r9 b").size == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("k3", "bad square"),
        ("a0", "bad square"),
        ("a11", "bad square"),
        ("a01", "bad square"),
        ("", "bad square"),
        ("a１", "bad square"),
    ],
)
def test_bad_squares(text: str, message: str) -> None:
    with pytest.raises(InvalidSquareError, match=message):
        parse_square(text)


def test_a_square_off_a_small_board() -> None:
    with pytest.raises(InvalidSquareError, match="off the 6x6 board"):
        parse_square("g6", 6)


@pytest.mark.parametrize(
    "text", ["", "c3", "c3--d4", "c3xd4x", "c3-c3", "PASS", "c3 d4", "c3-z4", "x", "-"]
)
def test_bad_moves(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected the ranks"),
        ("brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb", "expected the ranks"),
        ("brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb  r", "expected the ranks"),
        ("brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb w", "side to move"),
        ("6/6/6 r", "expected 6, 8 or 10 ranks, found 3"),
        ("7/6/6/6/6/r5 r", "rank 6 has 7 squares"),
        ("5/6/6/6/6/r5 r", "rank 6 has 5 squares"),
        ("6/6/6/6/6/r05 r", "empty run '05'"),
        ("6/6/6/6/6/rk4 r", "unexpected 'k'"),
        ("6/6/6/6/6/6 r", "no checkers"),
        ("x" * 500, "too long"),
    ],
)
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.parse(text)
