"""The page's puzzle mode: the puzzle sets, the next puzzle, the daily puzzle, a puzzle
streak, the record and the puzzles tried lately.

The sets are files of the site (``zola/data/puzzles-6.txt``, ``-8.txt`` and ``-10.txt``), read
only when puzzle mode first wants them: :meth:`PuzzleMode.files` names the files
to fetch, the page fetches them and hands each back to :meth:`PuzzleMode.take`.
Each puzzle is solved on the page's board by a :class:`~zola.page.training.Trainer`;
the first try at each moves the solver's rating (:mod:`zola.page.progress`), and each try
goes first in the history of puzzles tried. A streak (:mod:`zola.page.streak`) serves its
puzzles one after another until a wrong move, unrated.

>>> from zola.page.board import Board
>>> from zola.page.saved import MemoryStore, Saved
>>> mode = PuzzleMode(Saved(MemoryStore(), MemoryStore(), now=lambda: 0.0), now=lambda: 0.0)
>>> mode.want("id", "6-2nknhv"); mode.files()
['puzzles-6.txt']
>>> board = Board()
>>> mode.take("puzzles-6.txt", "6-2nknhv;2;900;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|", board)
>>> mode.trainer.puzzle.id, say("en", board.notice)
('6-2nknhv', 'Blue to move and win in 2 moves.')
"""


from zola.lang.i18n import Text, say
from zola.page.progress import Progress
from zola.page.screen import PuzzleScreen, TriedPuzzle
from zola.page.streak import Streak
from zola.page.training import Trainer
from zola.puzzles.sets import PUZZLE_SIZES, PuzzleError, daily, file_name, index, puzzle_size

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

    from zola.page.board import Board
    from zola.page.saved import Saved
    from zola.puzzles.sets import Entry
    from zola.rules.link import View

WANTS = ("id", "next", "daily", "streak", "onward")


def utc_date(seconds: float) -> str:
    """The date (``YYYY-MM-DD``, UTC) at ``seconds`` after 1970 began: the daily puzzle
    changes at midnight UTC, for everyone at once.

    >>> utc_date(0), utc_date(1796083200)
    ('1970-01-01', '2026-12-01')
    """
    days = int(seconds // 86400) + 719468  # civil_from_days (H. Hinnant)
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (month <= 2)
    return f"{year:04d}-{month:02d}-{day:02d}"


class PuzzleMode:
    """Puzzle mode of one page: ``saved`` is the page's :class:`~zola.page.saved.Saved` (the
    record is kept in its ``localStorage``, and kept aside by it if it cannot be read),
    ``now()`` the time in seconds (for the daily puzzle)."""

    def __init__(self, saved: "Saved", now: "Callable[[], float]") -> None:
        self.saved = saved
        self.now = now
        self.sets: dict[int, list[Entry]] = {}  # each set's puzzles, read when opened
        self.trainer: Trainer | None = None
        self.wanted: tuple[str, str] | None = None  # what to open once its set is here
        self.size = 6  # the size of the next puzzle
        self.daily = ""  # the date of the daily puzzle shown, if it is
        self._record: Progress | None = None
        self.problem: Text | str = ""
        self.requested: set[str] = set()  # files handed to the page to fetch
        self.failures: set[str] = set()  # files that could not be fetched or read
        self.view_before: View | None = None  # the game's view, to go back to
        self.change: int | None = None  # the rating's change by the first try at the puzzle
        self.streak: Streak | None = None  # the puzzle streak under way, or just over
        self.counted = False  # the try at the puzzle shown is in the record

    @property
    def record(self) -> Progress:
        """The solver's record, read from the browser when puzzle mode is first wanted."""
        if self._record is None:
            self._record = Progress.load(self.saved)
        return self._record

    # -- what is wanted, and the files it needs ---------------------------------------------

    def want(self, kind: str, value: str = "") -> None:
        """Open a puzzle: ``id`` (``value``: its id), ``next`` (by the solver's rating;
        ``value``: a size, or ``""`` for the size chosen), ``daily``, ``streak`` (a new
        streak's first puzzle; ``value`` as for ``next``) or ``onward`` (the streak's next
        puzzle, once the one shown is solved). Anything but ``onward`` ends a streak."""
        if kind not in WANTS:
            raise ValueError("unknown puzzle wish " + repr(kind))
        self.settle()  # the try at the puzzle shown counts before another opens
        if kind == "onward":
            streak, trainer = self.streak, self.trainer
            if streak is None or streak.over or trainer is None or trainer.state != "solved":
                return  # nothing to go on with
            value = str(streak.size)
        else:
            self.streak = None
        self.problem = ""
        self.requested -= self.failures  # a file that failed is asked for again
        self.failures.clear()
        self.wanted = (kind, value)
        if self._record is None:  # read now: a record kept aside is told on the next screen
            self._record = Progress.load(self.saved)

    def _sizes(self) -> tuple[int, ...]:
        """The sizes whose sets what is wanted needs."""
        if self.wanted is None:
            return ()
        kind, value = self.wanted
        if kind == "daily":
            return PUZZLE_SIZES
        if kind == "id":
            size = puzzle_size(value)
            return (size,) if size in PUZZLE_SIZES else (self.size,)
        return (int(value),) if value in [str(size) for size in PUZZLE_SIZES] else (self.size,)

    def files(self) -> list[str]:
        """The puzzle files the page should fetch now (and hand to :meth:`take`)."""
        return [file_name(size) for size in self._sizes() if size not in self.sets]

    def hand_out(self) -> tuple[str, ...]:
        """The files for the page to fetch now, each handed out once."""
        files = tuple(name for name in self.files() if name not in self.requested)
        self.requested.update(files)
        return files

    def take(self, name: str, text: str, board: "Board") -> None:
        """A puzzle file the page fetched: find its puzzles (:func:`~zola.puzzles.sets.index`:
        each read in full when it opens), then open what was wanted on ``board``."""
        for size in PUZZLE_SIZES:
            if name == file_name(size):
                try:
                    self.sets[size] = index(text)
                except PuzzleError as error:
                    self.failed(name, str(error))
                    return
        if not self.files():
            self.serve(board)

    def failed(self, name: str, detail: str) -> None:
        """A puzzle file could not be fetched or read: the puzzle stays wanted (its link
        too) until the person asks again."""
        self.failures.add(name)
        self.problem = Text("puzzle.unavailable", detail=name + ": " + detail)

    def serve(self, board: "Board") -> None:
        """Open what was wanted, its sets being here."""
        if self.wanted is None or self.files() or self.failures:
            return
        kind, value = self.wanted
        size = self._sizes()[0]
        self.wanted = None
        self.daily = ""
        if kind == "streak":
            seed = int(self.now() * 1000) & 0xFFFFFFFF
            self.streak = Streak(size, seed, self.record.streak_best)
        if kind in ("streak", "onward") and self.streak is not None:
            chosen = self.streak.pick(self.sets[size])
            if chosen is None:
                self.streak = None
                self.problem = Text("puzzle.none", size=size)
                return
            self._open(chosen, board)
            return
        everything = [p for size in PUZZLE_SIZES for p in self.sets.get(size, [])]
        if kind == "daily" and everything:
            self.daily = utc_date(self.now())
            self._open(daily(everything, self.daily), board)
            return
        if kind == "id":
            for puzzle in self.sets[size]:
                if puzzle.id == value:
                    self._open(puzzle, board)
                    return
        chosen = self._choose(size)
        if chosen is None:
            self.problem = Text("puzzle.none", size=size)
            return
        self._open(chosen, board)
        if kind == "id":
            board.notice = Text("puzzle.missing", id=value)

    def _choose(self, size: int) -> "Entry | None":
        """The puzzle of ``size`` to try next: one not tried yet whose rating is nearest
        the solver's (all tried: the nearest other than the one shown); ``None`` if the
        set is empty."""
        puzzles = self.sets[size]
        if not puzzles:
            return None
        done = self.record.done
        shown = self.trainer.puzzle.id if self.trainer is not None else ""
        fresh = [p for p in puzzles if p.id not in done and p.id != shown]
        pool = fresh or [p for p in puzzles if p.id != shown] or puzzles
        rating = self.record.rating.rating
        return min(pool, key=lambda p: (abs(p.rating - rating), p.id))

    def _open(self, entry: "Entry", board: "Board") -> None:
        """Open the puzzle of ``entry`` on ``board``, its line read now: one that does not
        read leaves puzzle mode saying so (the set's file names the line)."""
        try:
            puzzle = entry.puzzle()
        except PuzzleError as error:
            named = file_name(puzzle_size(entry.id)) + ": " + str(error)
            self.problem = Text("puzzle.unavailable", detail=named)
            return
        self.change = None
        self.counted = False
        self.size = puzzle_size(puzzle.id)
        self.trainer = Trainer(puzzle, board)

    # -- after each event --------------------------------------------------------------------

    def settle(self) -> None:
        """Count the try at the puzzle shown, once its outcome is known: first in the
        history; in a streak, the streak goes on or is over (its best kept); else the
        first try at a puzzle moves the rating."""
        trainer = self.trainer
        if trainer is None or self.counted:
            return
        outcome = trainer.outcome()
        if outcome is None:
            return
        self.counted = True
        record, puzzle, streak = self.record, trainer.puzzle, self.streak
        record.remember(puzzle.id, puzzle.rating, outcome)
        if streak is not None and not streak.over:
            if outcome:
                streak.solved()
                record.streak_best = max(record.streak_best, streak.count)
                trainer.board.notice = Text("puzzle.streak_solved", count=streak.count)
            else:
                streak.missed()
        elif streak is None and puzzle.id not in record.done:
            before = record.rating.rating
            record.tried(puzzle.id, puzzle.rating, outcome)
            self.change = round(record.rating.rating) - round(before)
        record.save(self.saved.local)

    def streaking(self) -> bool:
        """Whether a puzzle streak runs (not over yet), or a new one is on its way (its
        puzzle set loading)."""
        if self.wanted is not None and self.wanted[0] == "streak":
            return True
        return self.streak is not None and not self.streak.over

    def can(self, name: str) -> bool:
        """Whether the puzzle's button ``name`` does something now (see
        :meth:`zola.page.training.Trainer.can`): no hint and no solution while a streak runs."""
        trainer = self.trainer
        if trainer is None or (self.streaking() and name in ("hint", "solution")):
            return False
        return trainer.can(name)

    def active(self) -> bool:
        """Whether puzzle mode is on: a puzzle shown, or one on its way."""
        return self.trainer is not None or self.wanted is not None

    def leave(self) -> None:
        """Back to playing: no puzzle shown."""
        self.settle()
        self.trainer = None
        self.wanted = None
        self.daily = ""
        self.problem = ""
        self.change = None
        self.streak = None

    def fragment(self) -> str:
        """The link of the puzzle shown or wanted: ``puzzle=ID`` (without ``#``); ``""``
        when none."""
        if self.trainer is not None:
            return "puzzle=" + self.trainer.puzzle.id
        if self.wanted is not None and self.wanted[0] == "id":
            return "puzzle=" + self.wanted[1]
        return ""

    def screen(self, language: str) -> PuzzleScreen:
        """What the page shows of puzzle mode, in ``language``."""
        record = self.record
        trainer = self.trainer
        streak = self.streak
        if self.wanted is not None and self.wanted[0] == "streak":  # its set on its way
            streak = Streak(self.size, 0, self.record.streak_best)
        if streak is not None:
            line = say(language, self._streak_line(streak))
        else:
            line = say(
                language,
                "puzzle.record",
                rating=round(record.rating.rating),
                solved=record.solved,
                failed=record.failed,
                streak=record.streak,
                best=record.best,
            )
            if record.streak_best:
                line += " " + say(language, "puzzle.record_streak", best=record.streak_best)
        if self.change is not None:  # "+150", "−80": shown once the first try is counted
            sign = "+" if self.change > 0 else "−" if self.change < 0 else ""
            change = Text("puzzle.change", change=sign + str(abs(self.change)))
            line += " " + say(language, change)
        loading = self.wanted is not None and not self.problem
        shown = trainer.puzzle.id if trainer is not None else ""
        history = tuple(
            _tried(language, ident, rating, won, ident == shown)
            for ident, rating, won in record.history
        )
        running = "" if streak is None else "over" if streak.over else "on"
        if trainer is None:
            heading = say(language, self.problem or Text("puzzle.loading"))
            return PuzzleScreen(
                heading, line, "", False, False, False, loading, self.size, running, False, history
            )
        puzzle = trainer.puzzle
        if self.daily:
            heading = say(language, "puzzle.daily_heading", date=self.daily, rating=puzzle.rating)
        else:
            heading = say(language, "puzzle.heading", id=puzzle.id, rating=puzzle.rating)
        if self.problem:
            heading = say(language, self.problem)
        return PuzzleScreen(
            heading,
            line,
            trainer.state,
            self.can("retry"),
            self.can("hint"),
            self.can("solution"),
            loading,
            self.size,
            running,
            running == "on" and trainer.state == "solved",
            history,
        )

    def _streak_line(self, streak: Streak) -> Text:
        """What the panel says of the streak: its count and the best, or how it ended."""
        best = self.record.streak_best
        if not streak.over:
            return Text("puzzle.streak_on", count=streak.count, best=best)
        if streak.new_best():
            return Text("puzzle.streak_record", count=streak.count)
        return Text("puzzle.streak_over", count=streak.count, best=best)


def _tried(language: str, ident: str, rating: int, won: bool, current: bool) -> TriedPuzzle:
    """A puzzle of the history, said in ``language``."""
    key = "puzzle.tried_solved" if won else "puzzle.tried_failed"
    return TriedPuzzle(ident, rating, won, say(language, key, id=ident, rating=rating), current)
