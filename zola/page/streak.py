"""A puzzle streak, as lichess's Puzzle Streak: puzzles one after another, each as hard as
the last or harder, until the first wrong move.

The puzzles of the streak's board size are taken in order of rating, cut into
:data:`BANDS` bands of as many puzzles each: the streak's first puzzle comes from the
easiest band, its second from the next, and from the hardest band once the streak is past
the last one (then from any puzzle it has not shown). Within a band the streak's seed
chooses (the time it started: a new streak shows other puzzles), the same on every Python.
There is no hint and no look at the solution while a streak runs; the first wrong move
ends it. Streak puzzles do not move the solver's rating (as on lichess): the streak counts
instead, and the best streak is kept in the solver's record (:mod:`zola.page.progress`).

>>> from zola.puzzles.sets import load
>>> puzzles = load(6)
>>> streak = Streak(6, seed=1)
>>> ratings = [streak.pick(puzzles).rating for _ in range(BANDS)]
>>> ratings == sorted(ratings), ratings[0] < 700 < 1800 < ratings[-1]
(True, True)
>>> len(set(streak.seen)) == BANDS
True
"""

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.puzzles.sets import Chosen

BANDS = 30  # the streak's steps from the easiest puzzles to the hardest


def mix(seed: int, step: int) -> int:
    """A number from 0 to 2**32 - 1 that looks random, made from ``seed`` and ``step`` alone
    (the same on CPython and on the page's MicroPython).

    >>> mix(1, 0) == mix(1, 0) != mix(1, 1) != mix(2, 1)
    True
    """
    value = (seed * 0x9E3779B1 + step * 0x85EBCA77 + 0x165667B1) & 0xFFFFFFFF
    value = ((value ^ (value >> 15)) * 0x2C1B3C6D) & 0xFFFFFFFF
    value = ((value ^ (value >> 12)) * 0x297A2D39) & 0xFFFFFFFF
    return value ^ (value >> 15)


class Streak:
    """One puzzle streak on the ``size`` board: ``count`` puzzles solved so far, ``seen``
    the ids of its puzzles shown (in order), ``over`` once a move was wrong; ``best_before``
    is the best streak before this one began (this one beats it: a new best)."""

    def __init__(self, size: int, seed: int, best_before: int = 0) -> None:
        self.size = size
        self.seed = seed
        self.best_before = best_before
        self.count = 0
        self.seen: list[str] = []
        self.over = False

    def pick(self, puzzles: "list[Chosen]") -> "Chosen | None":
        """The streak's next puzzle from ``puzzles`` (its board size's set), now counted
        as seen; ``None`` if the set is empty."""
        ordered = sorted(puzzles, key=lambda p: (p.rating, p.id))
        if not ordered:
            return None
        total, step = len(ordered), len(self.seen)
        band = min(step, BANDS - 1)
        low = band * total // BANDS
        high = max((band + 1) * total // BANDS, low + 1)
        seen = self.seen
        pool = [p for p in ordered[low:high] if p.id not in seen]
        if not pool:  # the band is used up: a harder one, else any not shown yet
            pool = [p for p in ordered[low:] if p.id not in seen]
        if not pool:
            pool = [p for p in ordered if p.id not in seen]
        if not pool:  # every puzzle shown: round again, not the last one twice
            pool = [p for p in ordered if p.id != seen[-1]] or ordered
        chosen = pool[mix(self.seed, step) % len(pool)]
        self.seen.append(chosen.id)
        return chosen

    def solved(self) -> None:
        """The puzzle shown is solved: the streak goes on."""
        self.count += 1

    def missed(self) -> None:
        """A wrong move: the streak is over."""
        self.over = True

    def new_best(self) -> bool:
        """Whether this streak is the best yet."""
        return self.count > self.best_before
