"""The game: pie rule, players, history, undo/redo and the outcome."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zola import (
    BLUE,
    FIRST,
    RED,
    SECOND,
    SIZES,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    ZolaError,
)
from zola.rules.record import write_tree


def test_swap_is_offered_only_on_blues_first_turn() -> None:
    game = Game(6)
    assert Move.SWAP not in game.legal_moves()
    game.play("c3xd3")
    assert game.legal_moves()[-1] == Move.SWAP
    assert len(game.legal_moves()) == len(game.position.legal_moves()) + 1
    game.play("c4xd3")  # Blue keeps its colour and moves
    assert Move.SWAP not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="swap is only possible"):
        game.play("swap")


def test_swap_exchanges_players_keeps_the_board_and_blue_moves() -> None:
    game = Game(8)
    game.play("d4xe4")
    board = str(game.position)
    assert (game.player_of(RED), game.player_of(BLUE)) == (FIRST, SECOND)
    game.play("swap")
    assert str(game.position) == board and game.turn == BLUE
    assert (game.player_of(RED), game.player_of(BLUE)) == (SECOND, FIRST)
    assert (game.color_of(FIRST), game.color_of(SECOND)) == (BLUE, RED)
    game.undo()
    assert game.player_of(RED) == FIRST


def test_no_swap_in_a_game_from_another_position() -> None:
    game = Game(start=Position.parse("6/6/2rb2/6/6/r4b r"))
    game.play(game.legal_moves()[0])
    assert Move.SWAP not in game.legal_moves()


def test_undo_redo_and_a_new_move_starting_a_variation() -> None:
    game = Game(6)
    for text in ("c3xd3", "c4xd3", "e3xd3"):
        game.play(text)
    assert game.undo() == Move.parse("e3xd3")
    assert game.undo() == Move.parse("c4xd3")
    assert game.redo() == Move.parse("c4xd3")
    assert len(game.moves) == 3
    game.play("e3xd3")  # the recorded next move: the line is kept
    assert len(game.moves) == 3 and game.ply == 3
    game.go_to(1)
    game.play("e4xd3")  # another move: a variation, the main line stays
    assert [str(m) for m in game.moves] == ["c3xd3", "e4xd3"]
    assert game.redo() is None
    main = game.root.main_line()
    assert [str(node.move) for node in main] == ["c3xd3", "c4xd3", "e3xd3"]
    game.go_to(0)
    assert game.undo() is None
    assert game.position == Position.start(6)
    game.play("c3xd3")  # back into the line being looked at
    assert [str(m) for m in game.moves] == ["c3xd3", "e4xd3"]


def test_variations_can_be_visited_promoted_and_deleted() -> None:
    game = Game(6)
    for text in ("c3xd3", "c4xd3", "e3xd3"):
        game.play(text)
    game.go_to(1)
    game.play("e4xd3")
    game.play("e3xd3")
    variation = game.node
    main_end = game.root.main_line()[-1]
    game.go_to_node(main_end)
    assert [str(m) for m in game.moves] == ["c3xd3", "c4xd3", "e3xd3"] and game.ply == 3
    assert game.position == replay(["c3xd3", "c4xd3", "e3xd3"])
    game.go_to_node(variation)
    assert game.position == replay(["c3xd3", "e4xd3", "e3xd3"])
    game.promote(variation)
    assert [str(node.move) for node in game.root.main_line()] == ["c3xd3", "e4xd3", "e3xd3"]
    game.go_to_node(main_end)  # the old main line is now the variation
    game.delete(main_end.parent)  # c4xd3 and what follows
    assert [str(m) for m in game.moves] == ["c3xd3", "e4xd3", "e3xd3"] and game.ply == 1
    assert len(game.nodes()) == 3
    game.delete(game.root.children[0])
    assert game.moves == [] and game.position == Position.start(6)


def replay(moves: list[str]) -> Position:
    game = Game(6)
    for text in moves:
        game.play(text)
    return game.position


def test_bad_and_illegal_moves_change_nothing() -> None:
    game = Game(6)
    game.play("c3xd3")
    before = (str(game.position), list(game.moves), game.ply)
    for text, error in (("zz", InvalidMoveError), ("a1-a2", IllegalMoveError)):
        with pytest.raises(error):
            game.play(text)
    assert (str(game.position), game.moves, game.ply) == before


def test_the_outcome_names_colour_and_player() -> None:
    game = Game(start=Position.parse("6/6/6/6/1r4/b5 b"))
    assert game.winner() is None
    game.play("a1xb2")
    assert game.is_game_over() and game.winner() == BLUE and game.winner_player() == SECOND
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("pass")


def test_a_forced_pass_is_the_only_move_and_is_recorded() -> None:
    game = Game(start=Position.parse("6/6/6/6/2b3/r5 r"))
    assert game.legal_moves() == [Move.PASS]
    game.play("pass")
    assert game.turn == BLUE and game.moves == [Move.PASS]
    with pytest.raises(IllegalMoveError, match="only when no other move"):
        game.play("pass")


@settings(max_examples=150, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    seed=st.integers(0, 2**32),
    length=st.integers(0, 40),
    back=st.integers(0, 3),
    bad=st.sampled_from(["", "a1-a1", "c3+d4", "c3xd4", "swap", "pass", "a1-a2"]),
)
def test_extend_plays_as_play_does(size: int, seed: int, length: int, back: int, bad: str) -> None:
    """A line of moves (a random game's, maybe a bad move among them) played by extend
    gives what playing them one by one gives: the same tree, cursor and position, and the
    same error after the same moves. ``back``: from earlier in the game, in a tree."""
    rng = random.Random(seed)
    game, texts = Game(size), []
    while not game.is_game_over() and len(texts) < length:
        texts.append(str(game.play(rng.choice(game.legal_moves()))))
    first = texts[: len(texts) // 2]  # played first, move by move
    if bad:
        texts.insert(rng.randint(len(first), len(texts)), bad)
    games, errors = [], []
    for play in (Game.extend, lambda game, moves: [game.play(text) for text in moves]):
        game = Game(size)
        for text in first:
            game.play(text)
        game.go_to(game.ply - back)
        try:
            play(game, texts[len(first) :])
            errors.append(None)
        except ZolaError as error:
            errors.append(str(error))
        games.append(game)
    one, many = games
    assert errors[0] == errors[1]
    assert (write_tree(one), one.ply, one.position) == (write_tree(many), many.ply, many.position)
