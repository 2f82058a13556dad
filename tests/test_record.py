"""The URL-fragment codec: round trips, the exact text, and only typed errors for bad input."""

import random

import pytest

from zola import Game, InvalidRecordError, Position, decode, encode


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
        ("v2;size=6", "must start with 'v1'"),
        ("v1;size=7", "size must be 6, 8 or 10"),
        ("v1;size=6;size=6", "unexpected field"),
        ("v1;colour=red", "unexpected field"),
        ("v1;size=6;moves=c3xd3..c4xd3", "move 2"),
        ("v1;size=6;moves=a1-a2", "move 1: a1-a2 is not legal: a step must go to an empty square"),
        ("v1;size=6;moves=c3xd3;ply=3", "ply must be 0 to 1"),
        ("v1;size=6;moves=c3xd3;ply=-1", "ply must be 0 to 1"),
        ("v1;size=6;ply=١", "ply must be 0 to 0"),
        ("v1;size=8;start=6/6/6/6/6/r4b_r", "does not match"),
        ("v1;size=6;start=6/6/6/6/6/r4b", "start: bad position"),
        ("v1;size=6;moves=c3xd3.c4xd3.swap", "swap is only possible"),
        ("v1;size=6;moves=" + "c3xd3." * 3000, "too long"),
        ("v1;size=6;moves=%ZZ", "'%ZZ' is not a percent-escape"),
        ("v1;size=6;moves=c3xd3%E2%82%AC", "'%E2' is not an ASCII character"),
        ("v1;size=6%253Bply=0", "size must be 6, 8 or 10, not '6%3Bply=0'"),  # decoded once
        ("v1;size=6;ply=" + "0" * 4301, "ply must be 0 to 0"),
        ("v1;size=6;moves=" + "c3xd3" * 1000, "move 1: bad move 'c3xd3c3xd3c3'...: too long"),
        ("v1;size=6;moves=<script>alert(1)</script>", "move 1"),
    ],
)
def test_bad_records_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        decode(text)
