"""What a click, a drag or a key on a board does, by what the board is used for now:
playing a game, setting up a position in the editor, or an exercise
(:class:`zola.page.training.Exercise`: a puzzle's, or a reviewed game's mistake). The
play page and the live boards each ask for the activity in use and hand it the event: no
three-way checks in each handler.

>>> from zola.page.board import Board
>>> board = Board()
>>> playing = Playing(board)
>>> playing.click("c3"); playing.key("ArrowUp"), board.cursor
(True, 32)
>>> from zola.page.editor import Editor
>>> from zola.rules.position import Position
>>> editor = Editor.of(Position.start(6))
>>> Editing(board, editor, "empty").click("a1"); editor.position().piece_at(0) is None
True
"""

from zola.page.board import Board
from zola.rules.errors import ZolaError
from zola.rules.geometry import parse_square, square_name

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import Protocol

    from zola.page.editor import Editor

    class Activity(Protocol):
        """What every activity takes: a click, a drag and a key (the key: whether used)."""

        def click(self, name: str) -> None: ...

        def drag(self, start: str, end: str) -> None: ...

        def key(self, key: str) -> bool: ...


class Playing:
    """A game on ``board``: a click selects or moves a checker (see
    :meth:`zola.page.board.Board.click`); ``waiting``: the computer is to move, so the
    person may not."""

    def __init__(self, board: Board, waiting: bool = False) -> None:
        self.board = board
        self.waiting = waiting

    def click(self, name: str) -> None:
        self.board.click(name, self.waiting)

    def drag(self, start: str, end: str) -> None:
        self.board.drag(start, end, self.waiting)

    def key(self, key: str) -> bool:
        return self.board.key(key, self.waiting)


class Editing:
    """The board editor's position on ``board``: a click puts ``tool``'s checker (``red``,
    ``blue`` or ``empty``) on a square, a drag carries a checker, the arrows move the
    cursor, Enter or Space act on its square, R, B and X put a checker or nothing, and the
    notes' keys draw."""

    def __init__(self, board: Board, editor: "Editor", tool: str) -> None:
        self.board = board
        self.editor = editor
        self.tool = tool

    def click(self, name: str) -> None:
        board, editor = self.board, self.editor
        board.notice = ""
        try:
            sq = parse_square(name, editor.size)
        except ZolaError as error:
            board.notice = error.text
            return
        board.cursor, board.hint = sq, None
        editor.click(sq, self.tool)

    def drag(self, start: str, end: str) -> None:
        size = self.editor.size
        try:
            self.editor.move(parse_square(start, size), parse_square(end, size))
        except ZolaError as error:
            self.board.notice = error.text

    def key(self, key: str) -> bool:
        board, editor = self.board, self.editor
        if board.move_cursor(key, editor.size):
            return True
        if key in ("Enter", " "):
            self.click(square_name(board.cursor))
            return True
        return editor.key(key, board.cursor) or board.note_key(key)
