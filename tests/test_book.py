"""The opening book (zola.engine.book, data in zola.engine.openings, made by scripts/make_book.py):
every position and move in it is legal, it covers every first move, its scores are
what the levels' searches find, and each level chooses from it as from its search."""

from __future__ import annotations

import random

import pytest

from scripts.make_book import DEPTHS, answers, keys, line
from zola.engine import openings
from zola.engine.ai import best_move
from zola.engine.book import START, SYMMETRIES, book_move, entries, key_of, parse_entry, turn
from zola.engine.levels import LEVELS
from zola.page.app import App
from zola.rules.game import Game
from zola.rules.geometry import SIZES, square_name
from zola.rules.move import Move


def game_after(size: int, moves: list[Move | str]) -> Game:
    game = Game(size)
    for move in moves:
        game.play(move)
    return game


def test_the_book_was_made_at_the_depths_of_make_book() -> None:
    assert openings.DEPTHS == DEPTHS
    for size in SIZES:
        depths = DEPTHS[size]
        assert depths[:2] == (2, 3) and depths[1] <= depths[2] <= depths[3]


@pytest.mark.parametrize("size", SIZES)
def test_every_position_and_move_of_the_book_is_legal(size: int) -> None:
    book = entries(size)
    assert sorted(book) == sorted(keys(size))
    for key, text in book.items():
        assert parse_entry(text)[0] == key
        game = Game(size) if key == START else game_after(size, [key])
        legal = game.position.legal_moves()
        levels = parse_entry(text)[1]
        assert len(levels) == len(LEVELS)
        assert line(key, levels) == text  # the text is the one make_book writes
        for level, pairs in zip(LEVELS, levels, strict=True):
            moves = [move for _, move in pairs]
            assert all(move in legal for move in moves)
            scores = [score for score, _ in pairs]
            assert scores == sorted(scores, reverse=True)
            if key == START or level == "beginner":  # every move, each scored
                assert sorted(moves) == sorted(legal)
            else:
                assert len(moves) == 1


@pytest.mark.parametrize("size", SIZES)
def test_every_first_move_and_swap_are_answered_at_every_level(size: int) -> None:
    rng = random.Random(size)
    for level in LEVELS:
        start = book_move(Game(size), level, rng.random())
        assert start is not None and start in Game(size).legal_moves()
        for first in Game(size).legal_moves():
            game = game_after(size, [first])
            move = book_move(game, level, rng.random())
            assert move is not None and move in game.legal_moves()  # swap included
            game.play(Move.SWAP)
            move = book_move(game, level, rng.random())
            assert move is not None and move in game.legal_moves() and move != Move.SWAP


def test_answers_are_mapped_back_through_the_symmetry() -> None:
    for size in SIZES:
        for first in Game(size).legal_moves():
            key = key_of(first, size)
            symmetry = [str(turn(first, size, s)) for s in SYMMETRIES].index(key)
            assert turn(Move.parse(key), size, symmetry) == first
            game = game_after(size, [first])
            canonical = game_after(size, [key])
            move = book_move(game, "max", 0.3)
            assert move == turn(book_move(canonical, "max", 0.3), size, symmetry)


def test_the_book_holds_the_start_and_the_first_moves_only() -> None:
    assert book_move(game_after(6, ["c3xd3", "c4xd3"]), "casual", 0.5) is None
    assert book_move(game_after(6, ["c3xd3", "swap", "c4xd3"]), "casual", 0.5) is None
    assert book_move(Game(6, game_after(6, ["c3xd3"]).position), "casual", 0.5) is None
    looking_back = game_after(6, ["c3xd3", "c4xd3", "e3xd3"])
    looking_back.go_to(1)
    assert book_move(looking_back, "casual", 0.5) is not None


# A sample, recomputed: the stored scores are the searches' at the book's depths.
SAMPLE = (
    [(6, START, level) for level in range(3)]
    + [(6, "b2xb3", level) for level in range(4)]
    + [
        (8, START, 0),
        (8, "d4xd5", 1),
        (8, "c3xc4", 2),
        (10, "e5xe6", 1),
        (10, "a1xa2", 0),
    ]
)


@pytest.mark.parametrize(("size", "key", "level"), SAMPLE)
def test_a_sample_of_the_book_is_what_the_search_finds(size: int, key: str, level: int) -> None:
    assert key in entries(size)
    assert answers(size, key, level) == parse_entry(entries(size)[key])[1][level]


@pytest.mark.parametrize("key", keys(6))
def test_beginner_and_casual_choose_from_the_book_as_from_their_search(key: str) -> None:
    """With the seed of the book's search, the level plays the same move from either."""
    game = Game(6) if key == START else game_after(6, [key])
    for level in ("beginner", "casual"):
        searched = best_move(game, level, time_limit=60, seed=0, book=False)
        assert best_move(game, level, seed=0) == searched


def test_best_move_consults_the_book() -> None:
    game = game_after(8, ["c3xd3"])
    for seed in range(5):
        draw = random.Random(seed).random()
        assert best_move(game, "strong", seed=seed) == book_move(game, "strong", draw)


def test_the_pages_question_carries_the_books_answer_until_past_the_book() -> None:
    app = App()
    app.start("")  # a new visitor plays the computer, moving first
    app.click("c3")
    app.click("d3")
    request = app.screen().request
    assert request is not None and request.kind == "move"
    assert Move.parse(request.answer) in app.game.legal_moves()
    app.computer_answer(request.id, request.answer)  # as the page does, without the worker
    assert len(app.game.moves) == 2 and app.screen().request is None
    move = app.game.legal_moves()[0]
    app.click(square_name(move.from_square))
    app.click(square_name(move.to_square))
    request = app.screen().request
    assert request is not None and request.kind == "move" and request.answer == ""
