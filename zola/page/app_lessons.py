"""The play page's lesson commands (a mixin of :class:`zola.page.app.App`): after a
review, Learn from your mistakes, its Try again, Show the best move, Next mistake and
Back to the game, and what the computer weighs for it. The lesson itself is
:mod:`zola.page.lessons`.
"""

from zola.page.board import MODES
from zola.page.controls import GROUPS
from zola.page.lessons import Lesson, mistakes
from zola.rules.errors import InvalidOptionError

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.editor import Editor
    from zola.page.puzzle_mode import PuzzleMode
    from zola.page.screen import LessonScreen

# The page's controls that leave the lesson first (back to the game): what opens,
# starts or changes a game, the editor and puzzles. The others (the steps, the flip,
# the settings, the notes, sharing) act on the exercise's board, as in puzzle mode.
LEAVING = frozenset(GROUPS["play"] + GROUPS["result"] + GROUPS["offer"] + GROUPS["puzzle"])


class LessonCommands:
    """The lesson commands of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        computer: Computer
        editor: Editor | None
        puzzles: PuzzleMode
        lesson: Lesson | None
        @property
        def mode(self) -> str: ...
        @property
        def language(self) -> str: ...

    def can_learn(self) -> bool:
        """Whether Learn from your mistakes is offered: the review marked mistakes or
        blunders of the reader's, the computer may weigh the moves tried, and reviews
        nothing now (its answer would land on an exercise)."""
        return (
            self.lesson is None
            and self.computer.reviewing is None
            and self.editor is None
            and not self.puzzles.active()
            and self.board.computer_allowed()
            and bool(mistakes(self.board.game, MODES[self.mode]))
        )

    def learn(self) -> None:
        """Start the lesson at the reader's first mistake (the analysis goes off: it would
        tell the answer)."""
        if not self.can_learn():
            return
        self.computer.cancel()
        self.computer.analysing = False
        self.lesson = Lesson(mistakes(self.board.game, MODES[self.mode]), self.board)

    def lesson_help(self, name: str) -> None:
        """``retry``, ``show`` (the best move) or ``next`` (mistake) in the lesson."""
        lesson = self.lesson
        if lesson is None:
            return
        if name == "next":
            lesson.next()
        elif name == "show":
            lesson.correction.show()
        elif name == "retry":
            lesson.correction.retry()
        else:
            raise InvalidOptionError("unknown button " + repr(name))

    def leave_lesson(self) -> None:
        """Back to the game, where it was."""
        lesson = self.lesson
        if lesson is not None:
            self.lesson = None
            self.computer.judging, self.computer.judged = "", None
            lesson.end()

    def lesson_control(self, name: str) -> None:
        """Before the page's control ``name`` acts: one that opens, starts or changes a
        game leaves the lesson first (see :data:`LEAVING`)."""
        if name in LEAVING:
            self.leave_lesson()

    def settle_lesson(self) -> None:
        """After each event: hand the computer the move the exercise wants weighed, or
        the exercise the computer's answer (or its failure to answer)."""
        lesson, computer = self.lesson, self.computer
        if lesson is None:
            return
        correction = lesson.correction
        wanted = correction.wanted
        if wanted and wanted == lesson.asked:
            judged = computer.judged
            if judged is not None and judged[0] == wanted:
                correction.weigh(judged[1])
            elif computer.judging != wanted:  # the computer failed to answer
                correction.unweighed()
        if correction.wanted != lesson.asked:
            lesson.asked = computer.judging = correction.wanted
            computer.judged = None

    def lesson_screen(self) -> "LessonScreen | None":
        """What the lesson's panel shows; ``None`` when no lesson is on."""
        return None if self.lesson is None else self.lesson.screen(self.language)
