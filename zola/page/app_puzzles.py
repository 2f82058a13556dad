"""The play page's puzzle commands (a mixin of :class:`zola.page.app.App`): open the
next, the daily or a named puzzle, start a puzzle streak and go on with it, take the
puzzle sets the page fetched, a puzzle's hint, retry and solution, its board size, and
back to playing. Puzzle mode itself is
:mod:`zola.page.puzzle_mode`; solving on the board is :mod:`zola.page.training`.
"""

from zola.page.board import DEFAULT_MODE, MODES
from zola.puzzles.sets import PUZZLE_SIZES, puzzle_size
from zola.rules.errors import InvalidOptionError
from zola.rules.game import Game
from zola.rules.geometry import parse_size
from zola.rules.link import DEFAULT_VIEW

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.editor import Editor
    from zola.page.library import Library
    from zola.page.puzzle_mode import PuzzleMode
    from zola.page.saved import Entry
    from zola.rules.link import View


class PuzzleCommands:
    """The puzzle commands of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        computer: Computer
        editor: Editor | None
        library: Library
        new_size: int
        puzzles: PuzzleMode
        @property
        def view(self) -> View: ...
        def _persist(self) -> None: ...
        def _reset(self, game: Game) -> None: ...
        def _resume(self, entry: "Entry") -> None: ...

    def open_puzzles(self, kind: str, value: str = "") -> None:
        """Solve a puzzle (see :meth:`zola.page.puzzle_mode.PuzzleMode.want`); the game played
        stays in the recent games."""
        self._persist()
        self.computer.cancel()
        if self.puzzles.trainer is None and self.editor is None:
            self.puzzles.view_before = self.view
        self.editor = None
        self.puzzles.want(kind, value)
        self.puzzles.serve(self.board)

    def take_file(self, name: str, text: str) -> None:
        """A file the Screen asked the page to fetch (a puzzle set), fetched."""
        self.puzzles.take(name, text, self.board)

    def file_failed(self, name: str, detail: str) -> None:
        """A file the Screen asked for could not be fetched."""
        self.puzzles.failed(name, detail)

    def puzzle_help(self, name: str) -> None:
        """``hint``, ``retry`` or ``solution`` (its next move) on the puzzle shown (see
        :data:`zola.page.training.ACTIONS`); no hint and no solution while a streak runs."""
        trainer = self.puzzles.trainer
        if trainer is None or (self.puzzles.streaking() and name in ("hint", "solution")):
            return
        trainer.press(name)

    def leave_puzzles(self) -> None:
        """Back to playing: the latest game, with its opponent."""
        before = self.puzzles.view_before
        self.puzzles.leave()
        self.board.mode = self.library.preference("mode", MODES, DEFAULT_MODE)
        self.board.view = (before or DEFAULT_VIEW).replace(puzzle="")
        latest = self.library.latest()
        if latest is not None:
            self._resume(latest)
        else:
            self._reset(Game(self.new_size))

    def choose_puzzle_size(self, value: str) -> None:
        """The puzzle board's size: a puzzle of that size opens at once (in a streak, a new
        streak of that size)."""
        size = parse_size(value)
        if size not in PUZZLE_SIZES:
            raise InvalidOptionError(f"no puzzles for size {size}: choose 6, 8 or 10")
        self.puzzles.size = size
        shown = self.puzzles.trainer
        if shown is not None and puzzle_size(shown.puzzle.id) != size:
            self.open_puzzles("next" if self.puzzles.streak is None else "streak", str(size))
