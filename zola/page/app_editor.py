"""The play page's board editor commands (a mixin of :class:`zola.page.app.App`): open
the editor on the position shown, set its tool, side and size, take position text,
clear it or set the standard start, play from it or close it. The editor's board is
:mod:`zola.page.editor`; clicks and keys on it are :class:`zola.page.activities.Editing`.
"""

from zola.compat import quoted
from zola.lang.i18n import Text
from zola.page.editor import TOOLS, Editor
from zola.rules.errors import InvalidOptionError, ZolaError
from zola.rules.game import Game
from zola.rules.geometry import parse_size
from zola.rules.position import Position

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.library import Library
    from zola.rules.link import View


class EditorCommands:
    """The board editor's commands of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        computer: Computer
        editor: Editor | None
        library: Library
        tool: str
        @property
        def game(self) -> Game: ...
        @property
        def view(self) -> View: ...
        def _persist(self) -> None: ...
        def _reset(self, game: Game) -> None: ...

    def choose_tool(self, value: str) -> None:
        if value not in TOOLS:
            raise InvalidOptionError(f"unknown tool {quoted(value)}: choose red, blue or empty")
        self.tool = value

    def choose_edit_turn(self, value: str) -> None:
        if self.editor is not None:
            self.editor.turn = 1 if value == "blue" else 0

    def choose_edit_size(self, value: str) -> None:
        size = parse_size(value)
        if self.editor is not None:
            self.editor.resize(size)
            self.board.cursor = 0

    def _editing(self) -> bool:
        """Whether the editor's buttons may act: never in an embed or a static view."""
        if self.view.embed or self.view.static:
            self.board.notice = Text("notice.static")
            return False
        self.board.notice = ""
        return True

    def edit(self) -> None:
        """Open the editor on the position shown."""
        if self._editing():
            self._persist()
            self.computer.cancel()
            self.editor = Editor.of(self.game.position)
            self.board.view = self.view.replace(edit=True)
            self.board.selected = None

    def edit_play(self) -> None:
        """Play from the editor's position, as a new game."""
        if not self._editing() or self.editor is None:
            return
        problem = self.editor.problem()
        if problem is not None:
            self.board.notice = problem
            return
        start = self.editor.position()
        self._persist()
        self._reset(Game(start.size, start))
        self.library.forget()

    def edit_cancel(self) -> None:
        if self._editing() and self.editor is not None:
            self.editor = None
            self.board.view = self.view.replace(edit=False)

    def edit_clear(self) -> None:
        if self._editing() and self.editor is not None:
            self.editor.clear()

    def edit_standard(self) -> None:
        if self._editing() and self.editor is not None:
            self.editor.standard()

    def position_text(self, text: str) -> None:
        """Position text typed or pasted into the editor (spaces around it are ignored)."""
        if self.editor is None:
            return
        try:
            position = Position.parse(str(text).strip())
        except ZolaError as error:
            self.board.notice = error.text
            return
        self.editor = Editor.of(position)
        self.board.notice = ""
