"""The reference the review's marks are measured against: the games of
tests/data/review_reference.json and how their reviews were made.

    PYTHONPATH=CHECKOUT python3 tests/review_reference.py > tests/data/review_reference.json
    PYTHONPATH=CHECKOUT python3 tests/review_reference.py 0 2 > part.json   # games 0 and 1

reviews each game with the ``zola`` package of ``CHECKOUT`` at :data:`NODES` per position
(the first position of a game from the standard start 4 times that): a search about two
plies deeper than a review's, whose marks stand for the true ones. The committed file
was made by the review of 55d09bb (each position searched afresh to 160,000 nodes, 8
times its budget then, the move played first), about 40 CPU seconds a game; each entry
also holds the review of 55d09bb at its own budget (``before``: 20,000 nodes a
position), the review the tests hold today's to.

The games: the 6x6 games of tests/data/reviews.json (``tests/review_fixture.py``), then
six more seeded 6x6 games of the beginner and casual levels (``bench/review_accuracy.py``
measures a review on them, and ``tests/test_review_marks.py`` holds the review to it).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from review_fixture import the_game

from zola.engine.analysis import review
from zola.rules.record import decode, encode
from zola.rules.review import review_text

NODES = 160_000
BEFORE_NODES = 20_000
FIXTURE = Path(__file__).parent / "data" / "reviews.json"
# (size, plies, seed, Red's level, Blue's level), after the fixture's 6x6 games
MORE = (
    (6, 40, 101, "beginner", "beginner"),
    (6, 40, 103, "casual", "beginner"),
    (6, 40, 102, "beginner", "beginner"),
    (6, 40, 104, "beginner", "casual"),
    (6, 40, 105, "casual", "casual"),
    (6, 40, 106, "beginner", "beginner"),
)


def main() -> None:
    """The reviews of every game, or of games ``first`` to ``last`` (excluded) when given
    (the parts can be made at once and joined)."""
    first, last = (int(arg) for arg in sys.argv[1:3]) if len(sys.argv) > 2 else (0, None)
    fixture = [entry["game"] for entry in json.loads(FIXTURE.read_text())]
    made = [functools.partial(decode, record) for record in fixture]
    made = [make for make in made if make().size == 6]
    made += [functools.partial(the_game, *spec) for spec in MORE]
    games = [make() for make in made[first:last]]
    out = []
    for game in games:
        text = review_text(review(game, node_limit=NODES))
        before = review_text(review(game, node_limit=BEFORE_NODES))
        out.append({"game": encode(game), "review": text, "before": before})
        print(f"{len(out)}: {len(game.moves)} plies", file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
