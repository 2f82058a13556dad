"""The fast bitboard move generator agrees with the simple reference generator."""

import pytest
from hypothesis import given, settings

from tests import reference
from tests.strategies import positions
from zola import Move, Position


def texts(position: Position) -> list[str]:
    return sorted(str(move) for move in position.legal_moves())


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(positions())
def test_legal_moves_match_the_reference(position: Position) -> None:
    assert texts(position) == reference.legal_moves(str(position))
    assert position.count_legal_moves() == len(position.legal_moves())


@settings(max_examples=300, deadline=None)
@given(positions())
def test_why_illegal_agrees_with_legal_moves(position: Position) -> None:
    legal = set(position.legal_moves())
    for move in legal:
        assert position.why_illegal(move) is None
    # Every pair of squares, as a step and as a capture, is legal exactly when generated.
    squares = position.geo.squares
    own = position.pieces(position.turn)
    for a in own:
        for b in squares:
            for move in (Move.step(a, b), Move.capture(a, b)):
                if a != b:
                    assert (position.why_illegal(move) is None) == (move in legal), move
    assert (position.why_illegal(Move.PASS) is None) == (legal == {Move.PASS})


def test_the_distance_tie_on_10x10() -> None:
    # e2, b5 and c3 are equally far from the centre: e2xb5 keeps the distance.
    position = Position.parse("10/10/10/10/10/1b8/10/10/4r5/10 r")
    assert "e2xb5" in texts(position)
    assert position.why_illegal(Move.parse("e2xb5")) is None


def test_a_step_must_move_strictly_outward() -> None:
    position = Position.parse("6/6/6/2r3/6/5b r")  # c3 is next to the centre
    assert texts(position) == ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2"]
    assert position.why_illegal(Move.parse("c3-d3")) == "a step must move farther from the centre"
    assert position.why_illegal(Move.parse("c3-c4")) == "a step must move farther from the centre"


def test_moves_off_the_board_are_illegal() -> None:
    # why_illegal reads a square's distance for whether it is on the board: no square of
    # an even board is its centre, so only squares off it have distance 0.
    for size in (6, 8, 10):
        position = Position.start(size)
        on_board = set(position.geo.squares)
        assert {sq for sq in range(100) if position.geo.dist[sq]} == on_board
        for sq in range(100):
            if sq not in on_board:
                for move in (Move.step(0, sq), Move.capture(0, sq), Move.step(sq, 0)):
                    reason = position.why_illegal(move)
                    assert reason == f"that square is off the {size}x{size} board"
