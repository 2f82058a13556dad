"""The review marks the moves of a set of games as the tree before its speed-up did.

tests/data/reviews.json holds seeded games and their reviews as the review of 8d37c7f
made them (tests/review_fixture.py says how; run it again with that checkout on the
path to check the file). The review of today must give the same marks (best, good,
?!, ?, ??, forced) to every move, and, as its search is the same search done faster,
the same review whole: losses, Red's chances and the better moves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zola.engine.analysis import review
from zola.rules.record import decode
from zola.rules.review import parse_review, review_text

FIXTURE = Path(__file__).parent / "data" / "reviews.json"
GAMES = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("entry", GAMES, ids=[f"game{i}" for i in range(len(GAMES))])
def test_the_review_gives_the_marks_of_before(entry: dict[str, str]) -> None:
    game = decode(entry["game"])
    expected = parse_review(entry["review"], plies=len(game.moves))
    got = review(game)
    marks = [(ply, e.mark) for ply, e in enumerate(got.moves)]
    assert marks == [(ply, e.mark) for ply, e in enumerate(expected.moves)]
    assert review_text(got) == entry["review"]


def test_the_fixture_holds_every_kind_of_mark() -> None:
    marks = set()
    for entry in GAMES:
        game = decode(entry["game"])
        marks |= {e.mark for e in parse_review(entry["review"], plies=len(game.moves)).moves}
    assert marks >= {"best", "good", "inaccuracy", "mistake", "blunder"}
