"""A solver's puzzle record, kept in the browser: rating, counts, streaks, puzzles tried.

Kept under one key of ``localStorage`` (all tabs) with the care given to saved
games (:mod:`zola.page.saved`): a stored value of any other shape is kept aside the same
way (:meth:`~zola.page.saved.Saved.keep_aside`) and the record starts afresh, never
overwritten unread.

>>> from zola.page.saved import MemoryStore, Saved
>>> saved = Saved(MemoryStore(), MemoryStore(), now=lambda: 0.0)
>>> record = Progress.load(saved)
>>> record.tried("6abcde", 1500, won=True)
>>> record.remember("6-abcdef", 1500, won=True)
>>> record.save(saved.local)
>>> again = Progress.load(saved)
>>> again.solved, again.streak, round(again.rating.rating), again.done
(1, 1, 1650, {'6abcde': True})
>>> again.history
[('6-abcdef', 1500, True)]
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
from zola.rules.link import is_puzzle_id

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.saved import Saved, Store

KEY = "zola-puzzles"  # localStorage: the record (JSON)
MAX_DONE = 5000  # puzzles remembered as tried
MAX_COUNT = 10**9  # puzzles solved, failed or in a row: more is not a record the page wrote
MAX_HISTORY = 20  # the puzzles tried lately, listed in the puzzle panel
MAX_PUZZLE_RATING = 99999  # a puzzle's rating: at most five digits (zola.puzzles.sets)


class Progress:
    """How a solver has done: :class:`~zola.puzzles.rating.Rating`, puzzles solved and failed,
    the current and best runs of rated puzzles solved in a row, each puzzle tried (``done``,
    by id: whether it was solved at the first try), the best puzzle streak
    (``streak_best``: :mod:`zola.page.streak`) and the puzzles tried lately, newest first
    (``history``: id, the puzzle's rating, whether that try solved it)."""

    def __init__(
        self,
        rating: Rating = NEW_RATING,
        solved: int = 0,
        failed: int = 0,
        streak: int = 0,
        best: int = 0,
        done: "dict[str, bool] | None" = None,
        streak_best: int = 0,
        history: "list[tuple[str, int, bool]] | None" = None,
    ) -> None:
        self.rating = rating
        self.solved = solved
        self.failed = failed
        self.streak = streak
        self.best = best
        self.done = {} if done is None else done
        self.streak_best = streak_best
        self.history = [] if history is None else history

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

    def remember(self, puzzle_id: str, puzzle_rating: int, won: bool) -> None:
        """A try at a puzzle, first in the history: a puzzle tried again moves to the top
        with that try's result; the oldest goes past :data:`MAX_HISTORY`."""
        kept = [entry for entry in self.history if entry[0] != puzzle_id]
        self.history = [(puzzle_id, puzzle_rating, won)] + kept[: MAX_HISTORY - 1]

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
            "streak_best": self.streak_best,
            "history": [list(entry) for entry in self.history],
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
    """A :class:`Progress` from a stored value, or ``None`` if it is not one. A record
    written before the puzzle streak and the history has neither: they start empty."""
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
    streak_best = value.get("streak_best", 0)
    if not _whole(streak_best, MAX_COUNT):
        return None
    history = _history(value.get("history", []))
    if history is None:
        return None
    solved, failed, streak, best = counts
    rated = Rating(rating, deviation, volatility)
    return Progress(rated, solved, failed, streak, best, done, streak_best, history)  # type: ignore[arg-type]


def _whole(value: object, most: int) -> bool:
    """Whether ``value`` is a whole number from 0 to ``most`` (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _history(value: object) -> "list[tuple[str, int, bool]] | None":
    """The puzzles tried lately from a stored value (a list of ``[id, rating, solved]``,
    each puzzle once), or ``None`` if it is not one the page wrote."""
    if not isinstance(value, list) or len(value) > MAX_HISTORY:
        return None
    history: list[tuple[str, int, bool]] = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 3:
            return None
        ident, rating, won = entry
        if not isinstance(ident, str) or not is_puzzle_id(ident) or not isinstance(won, bool):
            return None
        if not _whole(rating, MAX_PUZZLE_RATING) or any(ident == e[0] for e in history):
            return None
        history.append((ident, rating, won))
    return history
