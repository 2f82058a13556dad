"""The play page's commands at the end of a game (a mixin of :class:`zola.page.app.App`):
the result over the board, a rematch, a review.
"""

from zola.page.players import result
from zola.rules.record import encode

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.editor import Editor
    from zola.page.lessons import Lesson
    from zola.page.puzzle_mode import PuzzleMode
    from zola.page.screen import ResultScreen
    from zola.rules.game import Game

# Against the computer, a rematch swaps who moves first.
REMATCH_MODES = {"computer-first": "computer-second", "computer-second": "computer-first"}


class EndingCommands:
    """The end-of-game commands of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        editor: Editor | None
        puzzles: PuzzleMode
        closed_result: str
        lesson: Lesson | None

        @property
        def game(self) -> Game: ...
        @property
        def mode(self) -> str: ...
        def choose_mode(self, value: str) -> None: ...
        def new_game(self, size: int | None = None) -> None: ...
        def toggle_review(self) -> None: ...

    def result_screen(self) -> "ResultScreen | None":
        """The result over the board: when the position looked at ends the game, unless
        the reader closed it for this game, an editor, a puzzle or a lesson is open, or in an
        embed."""
        if self.editor is not None or self.lesson is not None or self.puzzles.active():
            return None
        if self.board.view.embed:
            return None
        if encode(self.game) == self.closed_result:
            return None
        return result(self.board)

    def close_result(self) -> None:
        """Put the result away, for this game (it comes back in the next one)."""
        self.closed_result = encode(self.game)

    def rematch(self) -> None:
        """A new game on the same board against the same opponent; against the computer
        the sides swap (who moved first moves second)."""
        if self.mode in REMATCH_MODES:
            self.choose_mode(REMATCH_MODES[self.mode])
        self.new_game(self.game.size)

    def review_result(self) -> None:
        """Review the game just finished (the result steps aside)."""
        self.close_result()
        self.toggle_review()
