"""Random games checked at every ply, in the manner of OpenSpiel's random simulation test."""

import random

import pytest

from tests import reference
from zola import BLUE, RED, Game, Move, Position, decode, encode
from zola.rules.link import DEFAULT_VIEW, parse, unparse
from zola.rules.record import MAX_LENGTH

GAMES_PER_SIZE = {6: 150, 8: 40, 10: 15}
# 10x10 (the fewest games) stays in the quick loop.
SIZE_CASES = [
    pytest.param(size, marks=[pytest.mark.slow] if size != 10 else [])
    for size in sorted(GAMES_PER_SIZE)
]


def play_random_game(size: int, rng: random.Random) -> Game:
    """Play a uniform random game to its end, checking the invariants after every move."""
    game = Game(size)
    while not game.is_game_over():
        position = game.position
        moves = game.legal_moves()
        board_moves = position.legal_moves()
        # The legal moves are the reference's, plus swap exactly on Blue's first turn.
        assert sorted(str(m) for m in board_moves) == reference.legal_moves(str(position))
        assert (Move.SWAP in moves) == (game.ply == 1)
        # A pass is legal only when nothing else is, and then the opponent can move.
        if Move.PASS in board_moves:
            assert board_moves == [Move.PASS]
            position.turn ^= 1
            assert position.legal_moves() not in ([], [Move.PASS])
            position.turn ^= 1
        # Make/unmake restores the position exactly, for every legal move.
        before = position.key()
        for move in board_moves:
            position.push(move)
            position.pop()
            assert position.key() == before
        # Text round-trips.
        assert Position.parse(str(position)) == position
        game.play(rng.choice(moves))
    # The game ends exactly when a side is gone, and that side lost.
    position = game.position
    assert position.legal_moves() == []
    assert (position.count(RED) == 0) != (position.count(BLUE) == 0)
    assert game.winner() == (RED if position.count(BLUE) == 0 else BLUE)
    return game


@pytest.mark.parametrize("size", SIZE_CASES)
def test_random_games_keep_every_invariant(size: int) -> None:
    rng = random.Random(size)
    for _ in range(GAMES_PER_SIZE[size]):
        game = play_random_game(size, rng)
        # The record round-trips at the end and at a random earlier ply.
        for ply in (len(game.moves), rng.randrange(len(game.moves) + 1)):
            game.go_to(ply)
            copy = decode(encode(game))
            assert (copy.moves, copy.ply, copy.position) == (game.moves, game.ply, game.position)
        # Undo walks back to the start position; redo returns to the end.
        game.go_to(0)
        assert game.position == Position.start(size)
        game.go_to(len(game.moves))
        assert game.is_game_over()


def test_long_10x10_games_fit_the_link_decoders_limit() -> None:
    rng = random.Random(10)
    games = [play_random_game(10, rng) for _ in range(10)]
    longest = max(games, key=lambda game: len(game.moves))
    assert len(longest.moves) >= 180  # random games run longer than real ones
    for game in games:
        fragment = unparse(game, DEFAULT_VIEW.replace(embed=True, panel=True, flip=True))
        assert len(fragment) <= MAX_LENGTH, (len(game.moves), len(fragment))
        copy, _ = parse(fragment)
        assert (copy.moves, copy.position) == (game.moves, game.position)
