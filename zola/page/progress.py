"""A solver's puzzle record, kept in the browser: rating, counts, streak, puzzles tried.

Kept under one key of ``localStorage`` (all tabs) with the care given to saved
games (:mod:`zola.page.saved`): a stored value of any other shape is kept aside the same
way (:meth:`~zola.page.saved.Saved.keep_aside`) and the record starts afresh, never
overwritten unread.

>>> from zola.page.saved import MemoryStore, Saved
>>> saved = Saved(MemoryStore(), MemoryStore(), now=lambda: 0.0)
>>> record = Progress.load(saved)
>>> record.tried("6abcde", 1500, won=True)
>>> record.save(saved.local)
>>> again = Progress.load(saved)
>>> again.solved, again.streak, round(again.rating.rating), again.done
(1, 1, 1650, {'6abcde': True})
"""

import json

from zola.page.saved import read_json
from zola.puzzles.rating import (
    MAX_DEVIATION,
    MAX_RATING,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    MIN_RATING,
    MIN_VOLATILITY,
    NEW_RATING,
    Rating,
    update,
)

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.saved import Saved, Store

KEY = "zola-puzzles"  # localStorage: the record (JSON)
MAX_DONE = 5000  # puzzles remembered as tried
MAX_COUNT = 10**9  # puzzles solved, failed or in a row: more is not a record the page wrote


class Progress:
    """How a solver has done: :class:`~zola.puzzles.rating.Rating`, puzzles solved and failed,
    the current and best streaks of puzzles solved in a row, and each puzzle tried (by
    id: whether it was solved at the first try)."""

    def __init__(
        self,
        rating: Rating = NEW_RATING,
        solved: int = 0,
        failed: int = 0,
        streak: int = 0,
        best: int = 0,
        done: "dict[str, bool] | None" = None,
    ) -> None:
        self.rating = rating
        self.solved = solved
        self.failed = failed
        self.streak = streak
        self.best = best
        self.done = {} if done is None else done

    def tried(self, puzzle_id: str, puzzle_rating: int, won: bool) -> None:
        """Count a first try at a puzzle (only the first try of a puzzle moves the rating)."""
        if puzzle_id in self.done:
            return
        self.rating = update(self.rating, puzzle_rating, won)
        if won:
            self.solved += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.failed += 1
            self.streak = 0
        if len(self.done) < MAX_DONE:
            self.done[puzzle_id] = won

    def save(self, store: "Store") -> None:
        """Write the record into ``store``."""
        value = {
            "rating": self.rating.rating,
            "deviation": self.rating.deviation,
            "volatility": self.rating.volatility,
            "solved": self.solved,
            "failed": self.failed,
            "streak": self.streak,
            "best": self.best,
            "done": self.done,
        }
        store.set(KEY, json.dumps(value))

    @classmethod
    def load(cls, saved: "Saved") -> "Progress":
        """The record in ``saved.local``; a value that cannot be read is kept aside
        (:meth:`~zola.page.saved.Saved.keep_aside`) and a new record starts."""
        raw = saved.read(KEY)
        if raw is None:
            return cls()
        try:
            progress = _read(read_json(raw))
        except ValueError:
            progress = None
        if progress is None:
            saved.keep_aside(raw)
            saved.local.remove(KEY)
            return cls()
        return progress


def _read(value: object) -> "Progress | None":
    """A :class:`Progress` from a stored value, or ``None`` if it is not one."""
    if not isinstance(value, dict):
        return None
    numbers = [value.get(name) for name in ("rating", "deviation", "volatility")]
    counts = [value.get(name) for name in ("solved", "failed", "streak", "best")]
    done = value.get("done")
    if not all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in numbers):
        return None
    whole = [isinstance(n, int) and not isinstance(n, bool) for n in counts]
    if not all(whole) or not all(0 <= n <= MAX_COUNT for n in counts):  # type: ignore[operator]
        return None
    if not isinstance(done, dict) or len(done) > MAX_DONE:
        return None
    if not all(isinstance(k, str) and isinstance(v, bool) for k, v in done.items()):
        return None
    rating, deviation, volatility = [float(n) for n in numbers]  # type: ignore[arg-type]
    if not (MIN_RATING <= rating <= MAX_RATING and MIN_DEVIATION <= deviation <= MAX_DEVIATION):
        return None
    if not MIN_VOLATILITY <= volatility <= MAX_VOLATILITY:
        return None
    solved, failed, streak, best = counts
    return Progress(Rating(rating, deviation, volatility), solved, failed, streak, best, done)  # type: ignore[arg-type]
