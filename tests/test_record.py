"""The URL-fragment codec: round trips, the exact text, and only typed errors for bad input."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zola import Game, InvalidRecordError, Move, Position, decode, encode
from zola.rules.game import EMPTY_NOTE, Note


def test_a_new_game_and_a_game_with_history() -> None:
    assert encode(Game(10)) == "v1;size=10"
    game = Game(6)
    for text in ("c3xd3", "swap", "c4xd3", "e3xd3"):
        game.play(text)
    game.go_to(2)
    assert encode(game) == "v1;size=6;moves=c3xd3.swap.c4xd3.e3xd3;ply=2"
    copy = decode("#" + encode(game))
    assert copy.moves == game.moves and copy.ply == 2 and copy.swapped()


def test_a_custom_start_position() -> None:
    start = Position.parse("6/6/2rb2/6/6/r4b b")
    game = Game(start=start)
    game.play("d4xc4")
    text = encode(game)
    assert text == "v1;size=6;start=6/6/2rb2/6/6/r4b_b;moves=d4xc4"
    assert decode(text).start == start
    assert not decode(text).from_standard_start


def test_the_record_needs_no_percent_escapes() -> None:
    rng = random.Random(3)
    game = Game(10)
    while not game.is_game_over():
        game.play(rng.choice(game.legal_moves()))
    text = encode(game)
    assert set(text) <= set("abcdefghijklmnopqrstuvwxyz0123456789;=._-/")
    assert decode(text.replace(";", "%3B")).moves == game.moves


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "must start with 'v1'"),
        ("v3;size=6", "must start with 'v1' or 'v2'$"),
        ("6/6/2rb2/6/6/6 r", "position text goes in a link as 'v2;size=6;start=6/6/2rb2/6/6/6_r'"),
        ("8/8/8/8/8/8/8/rb6 b", "as 'v2;size=8;start=8/8/8/8/8/8/8/rb6_b'"),
        ("https://example.org/zola/#v1;size=6", "must start with 'v1' or 'v2'$"),  # not position
        ("v1;size=7", "size must be 6, 8 or 10"),
        ("v1;size=6;size=6", "unexpected field"),
        ("v1;colour=red", "unexpected field"),
        ("v1;size=6;moves=c3xd3..c4xd3", "move 2"),
        ("v1;size=6;moves=a1-a2", "move 1: a1-a2 is not legal: a step must go to an empty square"),
        ("v1;size=6;moves=c3xd3;ply=3", "ply must be 0 to 1"),
        ("v1;size=6;moves=c3xd3;ply=-1", "ply must be 0 to 1"),
        ("v1;size=6;ply=١", "ply must be 0: the game has no moves"),
        ("v1;size=8;start=6/6/6/6/6/r4b_r", "does not match"),
        ("v1;size=6;start=6/6/6/6/6/r4b", "start: bad position"),
        ("v1;size=6;moves=c3xd3.c4xd3.swap", "swap is only possible"),
        ("v1;size=6;moves=" + "c3xd3." * 3000, "longer than 8000 characters"),
        ("v1;size=6;moves=%ZZ", "'%ZZ' is not a percent-escape"),
        ("v1;size=6;moves=c3xd3%E2%82%AC", "'%E2' is not an ASCII character"),
        ("v1;size=6%253Bply=0", "size must be 6, 8 or 10, not '6%3Bply=0'"),  # decoded once
        ("v1;size=6;ply=" + "0" * 4301, "ply must be 0: the game has no moves"),
        ("v1;size=6;moves=" + "c3xd3" * 1000, "move 1: bad move 'c3xd3c3xd3c3'...: too long"),
        ("v1;size=6;moves=<script>alert(1)</script>", "move 1"),
    ],
)
def test_bad_records_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        decode(text)


# Variations and notes: version 2.

FIRST_MOVES_10 = Game(10).legal_moves()[:42]


def random_tree(rng: random.Random, size: int, plies: int, variations: int) -> Game:
    """A random game of ``plies`` main moves with ``variations`` short side lines and
    a few notes, looked at some random move."""
    game = Game(size)
    while game.ply < plies and not game.is_game_over():
        game.play(rng.choice(game.legal_moves()))
    for _ in range(variations):
        nodes = game.nodes()
        game.go_to_node(rng.choice(nodes).parent if nodes else game.root)
        for _ in range(rng.randint(1, 4)):
            moves = [m for m in game.legal_moves() if game.node.child(m) is None]
            if not moves or game.is_game_over():
                break
            game.play(rng.choice(moves))
    everything = [game.root] + game.nodes()
    for node in rng.sample(everything, min(3, len(everything))):
        squares = game.position.geo.squares
        arrows = tuple(Move.step(*rng.sample(squares, 2)) for _ in range(rng.randint(0, 2)))
        node.note = Note(arrows, tuple(rng.sample(squares, 2)), rng.choice(["", "Ça va? ;-) 50%"]))
    game.go_to_node(rng.choice([game.root] + game.nodes()))
    return game


def shape(game: Game) -> tuple:
    """Everything a link must keep: the tree, its order, the notes and the move looked at."""
    nodes = [game.root] + game.nodes()
    return (
        [(str(node.move), nodes.index(node.parent) if node.parent else -1) for node in nodes],
        [node.note for node in nodes],
        nodes.index(game.node),
        str(game.position),
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([6, 8, 10]), st.integers(0, 40), st.integers(0, 6))
def test_trees_round_trip_through_the_link(
    seed: int, size: int, plies: int, variations: int
) -> None:
    game = random_tree(random.Random(seed), size, plies, variations)
    text = encode(game)
    copy = decode(text)
    assert shape(copy) == shape(game)
    assert encode(copy) == text
    assert text.startswith("v2;") == (
        any(len(node.children) > 1 for node in [game.root] + game.nodes())
        or any(node.note != EMPTY_NOTE for node in [game.root] + game.nodes())
    )


def test_a_60_ply_8x8_game_with_5_variations_fits_2000_characters() -> None:
    rng = random.Random(60)
    game = random_tree(rng, 8, 60, 0)
    for node in game.root.main_line():
        node.note = EMPTY_NOTE
    for start in (10, 20, 30, 40, 50):
        game.go_to_node(game.root.main_line()[start])
        for _ in range(4):
            game.play(next(m for m in game.legal_moves() if game.node.child(m) is None))
    text = encode(game)
    assert len(game.root.main_line()) == 60 and text.count("(") == 5
    assert len(text) <= 2000, len(text)
    assert shape(decode(text)) == shape(game)


def test_the_variation_text_is_readable() -> None:
    game = Game(6)
    for text in ("c3xd3", "c4xd3", "e3xd3"):
        game.play(text)
    game.go_to(1)
    game.play("e4xd3")
    game.go_to(0)
    game.play("c3xc4")
    game.go_to_node(game.root.main_line()[-1])
    assert encode(game) == "v2;size=6;moves=c3xd3(c3xc4).c4xd3(e4xd3).e3xd3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v2;size=6;moves=c3xd3.", "end inside a variation or after a '.'"),
        ("v2;size=6;moves=c3xd3(c3xc4", "end inside a variation"),
        ("v2;size=6;moves=(c3xd3)", "a variation must follow a move"),
        ("v2;size=6;moves=c3xd3)", "without its variation"),
        ("v2;size=6;moves=c3xd3..c4xd3", "without a move before it"),
        ("v2;size=6;moves=c3xd3(c3xd3)", "move 2 repeats another line"),
        ("v2;size=6;moves=c3xd3(c3xc4)c4xd3", "must follow a '.'"),
        ("v2;size=6;moves=c3xd3(c4xd3)", "move 2: c4xd3 is not legal"),
        ("v2;size=6;moves=c3xd3;at=2", "at must be 0 to 1"),
        ("v2;size=6;ply=0", "unexpected field"),
        ("v2;size=10;moves=" + "(".join(map(str, FIRST_MOVES_10)) + ")" * 41, "nested too deeply"),
        ("v2;size=6;notes=1:hc3", "notes: bad entry"),
        ("v2;size=6;notes=0:hz9", "notes 0: bad square"),
        ("v2;size=6;notes=0:apass", "notes 0: an arrow needs two squares"),
        ("v2;size=6;notes=0:q1", "notes 0: unknown part"),
        ("v2;size=6;notes=0:c~zz", "in a comment"),
        ("v2;size=6;notes=0:c~ff", "not UTF-8"),
        ("v2;size=6;notes=0:c" + "a" * 281, "longer than 280"),
        ("v2;size=6;notes=0:hc3.0:hd4", "given twice"),
    ],
)
def test_bad_trees_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        decode(text)
