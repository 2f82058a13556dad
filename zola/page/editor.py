"""The board editor: set up any position by placing and removing checkers.

The board being edited may hold positions no game can start from (an empty
board, a side without checkers); :meth:`Editor.problem` says why, and only a
position without a problem becomes a game. The SVG renderer draws an editor
as it draws a position.

>>> editor = Editor(6)
>>> editor.clear(); editor.put(22, "red"); editor.put(23, "blue")
>>> editor.text()
'6/6/6/2rb2/6/6 r'
>>> editor.put(23, "red"); str(editor.problem())
'Blue has no checkers: the game would be over. Place a blue checker.'
"""

from zola.lang.i18n import Text
from zola.page.screen import EditorScreen
from zola.rules.geometry import SIZES, Bitboard, Color, Geometry, Square, check_size, geometry
from zola.rules.position import Position
from zola.rules.sides import BLUE, COLOR_NAMES, RED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

TOOLS = ("red", "blue", "empty")
# Keys that put something on the square under the keyboard's cursor.
KEYS = {"r": "red", "R": "red", "b": "blue", "B": "blue", "x": "empty", "X": "empty"}
KEYS.update({"Delete": "empty", "Backspace": "empty"})


class Editor:
    """A board being set up: its size, the checkers of each colour (bitboards) and the
    side to move."""

    def __init__(self, size: int) -> None:
        self.size = check_size(size)
        self.boards: list[Bitboard] = [0, 0]
        self.turn: Color = RED

    @classmethod
    def of(cls, position: Position) -> "Editor":
        """An editor holding ``position``."""
        editor = cls(position.size)
        editor.boards = list(position.boards)
        editor.turn = position.turn
        return editor

    def put(self, square: Square, tool: str) -> None:
        """Put a red or blue checker on ``square``, or empty it (``tool`` is one of
        :data:`TOOLS`)."""
        bit = 1 << square
        if not geometry(self.size).mask & bit:
            return
        self.boards = [board & ~bit for board in self.boards]
        if tool in ("red", "blue"):
            self.boards[COLOR_NAMES.index(tool)] |= bit

    @property
    def geo(self) -> Geometry:
        """The board's :class:`Geometry`: the renderer draws an editor as a position."""
        return geometry(self.size)

    def piece_at(self, square: Square) -> Color | None:
        """``RED``, ``BLUE`` or ``None``, as :meth:`Position.piece_at`."""
        for color in (RED, BLUE):
            if self.boards[color] >> square & 1:
                return color
        return None

    def __str__(self) -> str:
        return self.text()

    def owner(self, square: Square) -> str:
        """``"red"``, ``"blue"`` or ``"empty"``."""
        color = self.piece_at(square)
        return "empty" if color is None else COLOR_NAMES[color]

    def move(self, start: Square, end: Square) -> None:
        """Carry the checker on ``start`` to ``end`` (replacing what was there)."""
        tool = self.owner(start)
        if tool != "empty":
            self.put(start, "empty")
            self.put(end, tool)

    def clear(self) -> None:
        """An empty board."""
        self.boards = [0, 0]

    def standard(self) -> None:
        """The starting position of this size, Red to move."""
        self.boards = list(Position.start(self.size).boards)
        self.turn = RED

    def resize(self, size: int) -> None:
        """Another board size, with its starting position."""
        if size not in SIZES:
            check_size(size)
        self.size = size
        self.standard()

    def problem(self) -> Text | None:
        """Why no game can start from this board, or ``None``."""
        red, blue = self.boards
        if not red and not blue:
            return Text("editor.empty")
        for color in (RED, BLUE):
            if not self.boards[color]:
                return Text("editor.no_checkers." + COLOR_NAMES[color])
        return None

    def position(self) -> Position:
        """The position set up (check :meth:`problem` first: it may have none)."""
        return Position(self.size, self.boards[RED], self.boards[BLUE], self.turn)

    def text(self) -> str:
        """The position text of the board, even one no game can start from."""
        if not any(self.boards):
            rows = [str(self.size)] * self.size
            return "/".join(rows) + " " + "rb"[self.turn]
        return str(self.position())

    # -- in the page -------------------------------------------------------------------

    def click(self, square: Square, tool: str) -> None:
        """A click puts ``tool``'s checker on ``square``, or takes it away if it is there."""
        self.put(square, "empty" if self.owner(square) == tool else tool)

    def key(self, key: str, square: Square) -> bool:
        """R, B or X (Delete, Backspace) put red, blue or nothing on ``square``. Returns
        whether the key was one of :data:`KEYS`."""
        if key not in KEYS:
            return False
        self.put(square, KEYS[key])
        return True

    def screen(self, tool: str, say: "Callable[[Text], str]") -> EditorScreen:
        """The editor's controls as the page shows them (``say`` translates)."""
        problem = self.problem()
        text = "" if problem is None else say(problem)
        side = COLOR_NAMES[self.turn]
        return EditorScreen(self.text(), tool, side, text, str(self.size))
