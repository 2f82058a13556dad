"""The games of tests/data/reviews.json and how its reviews were made.

    PYTHONPATH=CHECKOUT python3 tests/review_fixture.py > tests/data/reviews.json

writes each game's link fragment and its review (:func:`zola.rules.review.review_text`,
marks, losses, chances and better moves) as the ``zola`` package of ``CHECKOUT``
reviews it at the default budget. The committed file was made by the tree before the
review's first speed-up (8d37c7f; 55d09bb gives the same reviews): the review that
``tests/test_review_marks.py`` holds today's to, against a deeper search
(``tests/review_reference.py``), on these games' 6x6 ones and more.

The games: 40 plies of 6x6 by the beginner level (plausible mistakes, a swap among
them), 40 by the casual level against the beginner, and 24 plies of 8x8; each seeded,
so the same game on any machine.
"""

from __future__ import annotations

import json
import sys

from zola import Game
from zola.engine.ai import best_move
from zola.engine.analysis import review
from zola.rules.record import encode
from zola.rules.review import review_text

# (size, plies, seed, Red's level, Blue's level)
GAMES = (
    (6, 40, 2024, "beginner", "beginner"),
    (6, 40, 7, "beginner", "beginner"),
    (6, 40, 11, "casual", "beginner"),
    (6, 40, 5, "beginner", "casual"),
    (8, 24, 3, "beginner", "beginner"),
)


def the_game(size: int, plies: int, seed: int, red: str, blue: str) -> Game:
    """A seeded game: each side's moves chosen by its level (no time limit reached:
    the levels' moves here depend only on the seed)."""
    game = Game(size)
    while game.ply < plies and not game.is_game_over():
        level = red if game.ply % 2 == 0 else blue
        game.play(best_move(game, level, time_limit=5.0, seed=seed * 1000 + game.ply))
    return game


def main() -> None:
    out = []
    for size, plies, seed, red, blue in GAMES:
        game = the_game(size, plies, seed, red, blue)
        out.append({"game": encode(game), "review": review_text(review(game))})
        print(f"{size}x{size} seed {seed}: {len(game.moves)} plies", file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
