"""Solving a puzzle on a board: the person plays the solver's side, the page defends.

A :class:`Trainer` puts the puzzle's position on a :class:`~zola.page.board.Board` and
judges each move the person makes there: the move of the solution is answered
with the longest defence (from the puzzle's stored line: no computer needed);
another move is answered with the defence that refutes it, on the board, until
the person tries again. On the solver's last move any move that captures the
last enemy checker is right. A hint marks the checker to move; the solution can
be shown a move at a time. The first try counts: solved only without a wrong
move, a hint or a look at the solution.

>>> from zola.puzzles.sets import parse
>>> puzzle = parse("6-2nknhv;2;900;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|")
>>> trainer = Trainer(puzzle, Board())
>>> trainer.play("f1", "a1"); trainer.state, str(trainer.board.game.moves[-1])
('solving', 'a4-a5')
>>> trainer.play("a1", "a5"); trainer.state, trainer.outcome()
('solved', True)
"""

from zola.lang.i18n import Text
from zola.page.board import Board
from zola.rules.errors import InvalidOptionError
from zola.rules.game import Game
from zola.rules.geometry import square_name
from zola.rules.move import PASS, Move
from zola.rules.position import Position
from zola.rules.sides import COLOR_WORDS

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

    from zola.puzzles.sets import Puzzle

STATES = ("solving", "wrong", "solved", "shown")


class Exercise:
    """A position to find a move in, on ``board``: the board takes a click, a drag or a key
    (an activity of :mod:`zola.page.activities`) while ``state`` is ``solving``, and
    :meth:`_judge` judges the move it made; otherwise a press says why not. ``index`` is
    the ply of the person's next move (the game starts at the position); :meth:`retry`
    takes a wrong move back. A subclass says what to do (:meth:`task`) and judges: the
    puzzle :class:`Trainer` and the review's :class:`zola.page.lessons.Correction`."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.state = "solving"
        self.index = 0

    def task(self) -> Text:
        """What to do, said while the exercise waits for a move."""
        raise NotImplementedError

    def tell(self, text: Text | str) -> None:
        """Say ``text`` to the person (on the board's notice line)."""
        self.board.notice = text

    def waiting(self) -> Text:
        """What a press on the board says when it does not wait for a move."""
        return Text("puzzle.press_retry" if self.state == "wrong" else "puzzle.over")

    def click(self, name: str) -> None:
        """A click on a square of the board."""
        self._act(lambda: self.board.click(name))

    def drag(self, start: str, end: str) -> None:
        """A checker dragged from one square to another."""
        self._act(lambda: self.board.drag(start, end))

    def key(self, key: str) -> bool:
        """A key on the board (the cursor and Enter, as on any board)."""
        used = [False]

        def press() -> None:
            used[0] = self.board.key(key)

        self._act(press)
        return used[0]

    def play(self, start: str, end: str) -> None:
        """Move the checker on ``start`` to ``end``, as two clicks would."""
        self.click(start)
        self.click(end)

    def _act(self, action: "Callable[[], None]") -> None:
        """Let the board take a click or key, then judge the move it made, if any."""
        game = self.board.game
        if self.state != "solving":
            self.tell(self.waiting())
            return
        if game.ply != len(game.moves):  # looking back: the exercise goes on at its end
            self.board.go_to(len(game.moves))
        before = len(game.moves)
        action()
        if game.ply > before:
            self._judge(game.moves[before])
        elif not self.board.notice and self.board.selected is None:
            self.tell(self.task())

    def _judge(self, move: Move) -> None:
        """The person played ``move`` (at ply ``index``)."""
        raise NotImplementedError

    def retry(self) -> None:
        """After a wrong move: take it and all after it back."""
        if self.state != "wrong":
            return
        game = self.board.game
        game.go_to(self.index + 1)  # the wrong move, and all after it
        game.delete(game.node)
        self.state = "solving"
        self.board.selected = None
        self.tell(self.task())


class Trainer(Exercise):
    """One puzzle on ``board``: ``state`` is ``solving``, ``wrong`` (a wrong move and its
    refutation are on the board), ``solved`` or ``shown`` (the solution was played out)."""

    def __init__(self, puzzle: "Puzzle", board: Board) -> None:
        super().__init__(board)
        self.puzzle = puzzle
        position = Position.parse(puzzle.position)
        self.solver = position.turn
        board.reset(Game(position.size, position))
        board.mode = "humans"
        board.view = board.view.replace(flip=self.solver == 1, puzzle=puzzle.id)
        self.clean = True  # no wrong move, hint or look at the solution yet
        board.notice = self.task()

    # -- what the person does ------------------------------------------------------------

    def task(self) -> Text:
        """What to do: "Red to move and win in 3"."""
        return Text("puzzle.task", color=COLOR_WORDS[self.solver], count=self.puzzle.moves)

    def _judge(self, move: Move) -> None:
        """The person played ``move`` (at ply ``index``): answer it."""
        game, line = self.board.game, self.puzzle.line
        last = self.index == len(line) - 1
        if (game.is_game_over() and game.position.winner() == self.solver) or (
            not last and str(move) == line[self.index]
        ):
            self.index += 1
            self._defend()
            return
        self.clean = False
        self.state = "wrong"
        wrong = str(move)
        reply = self.puzzle.refutations[self.index // 2].get(wrong, "")
        if reply and game.ply == self.index + 1 and not game.is_game_over():
            self.board.play(reply)  # unless the board played it: a forced pass
        color = COLOR_WORDS[1 - self.solver]
        if reply:
            self.board.notice = Text("puzzle.wrong", move=wrong, color=color, reply=reply)
        else:
            self.board.notice = Text("puzzle.wrong_plain", move=wrong)

    def _defend(self) -> None:
        """Play the line's defence after a right move, and note when the puzzle is done."""
        game, line = self.board.game, self.puzzle.line
        while self.index < len(line):  # the game starts at the puzzle: ply = index
            if len(game.moves) > self.index:  # a forced pass the board played
                self.index += 1
            elif self.index % 2 == 1:  # the defender's move
                self.board.play(line[self.index])
                self.index += 1
            else:
                break
        if game.is_game_over():
            self.state = "solved" if self.state == "solving" else self.state
            self.board.notice = Text("puzzle.solved" if self.clean else "puzzle.done")
        else:
            self.board.notice = Text("puzzle.right", move=str(game.moves[-1]))
        self.board.selected = None

    # -- help ------------------------------------------------------------------------------

    def hint(self) -> None:
        """Mark the checker the solution moves next."""
        if self.state == "wrong":
            self.retry()
        if self.state != "solving":
            return
        move = Move.parse(self.puzzle.line[self.index])
        if move.kind == PASS:
            return
        self.clean = False
        self.board.selected = move.from_square
        self.board.notice = Text("puzzle.hinted", square=square_name(move.from_square))

    def show(self) -> None:
        """Play the solution's next move (and the defence to it)."""
        if self.state == "wrong":
            self.retry()
        if self.state not in ("solving", "shown"):
            return
        self.clean = False
        self.state = "shown"
        if self.index >= len(self.puzzle.line):
            return
        move = self.puzzle.line[self.index]
        self.board.play(move)
        self.index += 1
        self._defend()
        if not self.board.game.is_game_over():
            self.board.notice = Text("puzzle.showing", move=move)

    def can(self, name: str) -> bool:
        """Whether the puzzle's button ``name`` (:data:`ACTIONS`) does something now: Try
        again after a wrong move; a hint while the solution is to find; the solution's
        next move until the line is played out. (After a wrong move, a hint or the
        solution takes it back first.)"""
        if name == "retry":
            return self.state == "wrong"
        if name == "hint":
            return self.state in ("solving", "wrong")
        return self.state in ("solving", "wrong", "shown") and self.index < len(self.puzzle.line)

    def press(self, name: str) -> None:
        """A press on one of the puzzle's buttons (:data:`ACTIONS`), by its name."""
        if name not in ACTIONS:
            raise InvalidOptionError("unknown button " + repr(name))
        ACTIONS[name](self)

    def outcome(self) -> "bool | None":
        """The first try: ``True`` solved clean, ``False`` failed, ``None`` not yet known."""
        if self.state == "solved" and self.clean:
            return True
        return None if self.clean else False


# What each of a puzzle's buttons does, by its name: the play page's puzzle panel and a live
# board's puzzle press the same.
ACTIONS: "dict[str, Callable[[Trainer], None]]" = {
    "hint": Trainer.hint,
    "retry": Trainer.retry,
    "solution": Trainer.show,
}
