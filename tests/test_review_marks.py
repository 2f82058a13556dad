"""The review's marks against the true ones, and what they cost.

tests/data/review_reference.json holds ten seeded 6x6 games (the four of
tests/data/reviews.json and six more), each with its review by a search of 8 times the
budget of the review before its speed-up (the reference: tests/review_reference.py says
how) and the review before it (55d09bb, ``before``). The marks may differ from before's,
but the review of today must agree with the reference at least as often, and stray from
it (two classes apart, or ?? against best or good) no more often; and it must search at
most a third of the nodes before's did.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import zola.engine.ai as ai
from zola.engine.analysis import START_BOOK, review, start_book
from zola.rules.move import Move
from zola.rules.position import Position
from zola.rules.record import decode
from zola.rules.review import Review, parse_review

FIXTURE = Path(__file__).parent / "data" / "reviews.json"
REFERENCE = Path(__file__).parent / "data" / "review_reference.json"
GAMES = json.loads(FIXTURE.read_text())
RANK = {"best": 0, "good": 1, "inaccuracy": 2, "mistake": 3, "blunder": 4, "forced": 0}
#: The nodes of the review before (55d09bb) of the 40-ply game of bench/review_page.py
#: (the first of the fixture's).
BEFORE_NODES = 760_984


def _marks(review: Review) -> list[str]:
    return [entry.mark for entry in review.moves]


@pytest.fixture(scope="module")
def reviewed() -> list[tuple[list[str], list[str], list[str]]]:
    """Per reference game: today's marks, the reference's, before's."""
    out = []
    for entry in json.loads(REFERENCE.read_text()):
        game = decode(entry["game"])
        plies = len(game.moves)
        out.append(
            (
                _marks(review(game)),
                _marks(parse_review(entry["review"], plies=plies)),
                _marks(parse_review(entry["before"], plies=plies)),
            )
        )
    return out


def _count(pairs: list[tuple[list[str], list[str]]], kind: str) -> int:
    def counts(a: str, b: str) -> bool:
        if kind == "same":
            return a == b
        if kind == "far":
            return abs(RANK[a] - RANK[b]) >= 2
        if kind == "severe":
            return {a, b} in ({"blunder", "best"}, {"blunder", "good"})
        return a == "blunder" and b == "best"  # "?? for best"

    return sum(counts(a, b) for got, ref in pairs for a, b in zip(got, ref, strict=True))


@pytest.mark.parametrize("kind", ["same", "far", "severe", "?? for best"])
def test_the_review_is_as_close_to_the_reference_as_before(
    reviewed: list[tuple[list[str], list[str], list[str]]], kind: str
) -> None:
    today = _count([(got, ref) for got, ref, _ in reviewed], kind)
    before = _count([(was, ref) for _, ref, was in reviewed], kind)
    if kind == "same":
        assert today >= before
    else:
        assert today <= before


def test_the_reference_and_before_are_of_the_same_games() -> None:
    reference = json.loads(REFERENCE.read_text())
    six = [entry for entry in GAMES if decode(entry["game"]).size == 6]
    assert [entry["game"] for entry in reference[: len(six)]] == [e["game"] for e in six]
    for entry, was in zip(reference, six, strict=False):
        assert entry["before"] == was["review"]  # the fixture's reviews are before's


def test_a_40_ply_review_searches_at_most_a_third_of_the_nodes_of_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nodes = [0]
    run = ai.Deepening.run

    def counted(self: ai.Deepening, *args: object) -> None:
        before = self.searcher.nodes
        run(self, *args)  # type: ignore[arg-type]
        nodes[0] += self.searcher.nodes - before

    game = decode(GAMES[0]["game"])
    assert len(game.moves) == 40
    monkeypatch.setattr(ai.Deepening, "run", counted)
    review(game)
    assert 0 < nodes[0] <= BEFORE_NODES / 3


@pytest.mark.parametrize("size", sorted(START_BOOK))
def test_the_start_book_scores_every_first_move(size: int) -> None:
    depth, scored = START_BOOK[size]
    moves = [Move.parse(word.split(":")[0]) for word in scored.split()]
    assert depth >= 3 and sorted(map(str, moves)) == sorted(
        map(str, Position.start(size).legal_moves())
    )
    scores = [int(word.split(":")[1]) for word in scored.split()]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.slow
def test_the_start_book_is_the_search_it_says() -> None:
    assert start_book(6) == START_BOOK[6]


def test_the_fixture_holds_every_kind_of_mark() -> None:
    marks = set()
    for entry in GAMES:
        game = decode(entry["game"])
        marks |= {e.mark for e in parse_review(entry["review"], plies=len(game.moves)).moves}
    assert marks >= {"best", "good", "inaccuracy", "mistake", "blunder"}
