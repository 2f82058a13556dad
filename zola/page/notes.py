"""The author's notes on a board (a mixin of :class:`zola.page.board.Board`): arrows and
marked squares drawn by pointer or by keyboard (A starts and ends an arrow at the cursor,
H marks its square), and a comment on the position shown. They live in the game's
record (:class:`zola.rules.game.Note`), so a link carries them.

>>> from zola.page.board import Board
>>> board = Board()
>>> board.annotate("c3", "c3")
>>> [board.key(key) for key in ("ArrowRight", "a", "ArrowUp", "a")]
[True, True, True, True]
>>> [str(arrow) for arrow in board.game.node.note.arrows], board.game.node.note.highlight
(['b1-b2'], (22,))
"""

from zola.lang.i18n import Text
from zola.rules.errors import InvalidSquareError
from zola.rules.game import EMPTY_NOTE, Game, Note
from zola.rules.geometry import parse_square, square_name
from zola.rules.move import Move
from zola.rules.record import comment_text

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.rules.link import View


class Notes:
    """The author's notes of :class:`zola.page.board.Board`."""

    if TYPE_CHECKING:  # what the Board holds and does, for the type checker
        game: Game
        view: View
        cursor: int
        arrow_from: int | None
        notice: Text | str
        def record(self) -> str: ...
        def keep_fit(self, before: str) -> bool: ...

    def note_key(self, key: str) -> bool:
        """A starts or ends an arrow at the cursor, H marks its square, Escape drops an
        arrow begun. Returns whether the key was used."""
        if key in ("a", "A"):  # an arrow: from here, then to where the cursor goes
            if self.arrow_from is None:
                self.arrow_from = self.cursor
                self.notice = Text("notice.arrow_from", square=square_name(self.cursor))
            else:
                start, self.arrow_from = self.arrow_from, None
                self.notice = ""
                if start != self.cursor:
                    self.annotate(square_name(start), square_name(self.cursor))
            return True
        if key in ("h", "H"):
            self.annotate(square_name(self.cursor), square_name(self.cursor))
            return True
        if key == "Escape" and self.arrow_from is not None:
            self.arrow_from = None
            self.notice = ""
            return True
        return False

    def annotate(self, start: str, end: str) -> None:
        """Draw on the position shown: an arrow from ``start`` to ``end``, or a marked
        square when they are the same square; drawing one again removes it."""
        if self.view.static:
            self.notice = Text("notice.static")
            return
        size = self.game.size
        try:
            a, b = parse_square(start, size), parse_square(end, size)
        except InvalidSquareError as error:
            self.notice = error.text
            return
        note = self.game.node.note
        if a == b:
            marked = note.highlight
            highlight = tuple(sq for sq in marked if sq != a) if a in marked else marked + (a,)
            self.set_note(Note(note.arrows, highlight, note.comment))
        else:
            arrow = Move.step(a, b)
            arrows = note.arrows
            arrows = (
                tuple(m for m in arrows if m != arrow) if arrow in arrows else arrows + (arrow,)
            )
            self.set_note(Note(arrows, note.highlight, note.comment))

    def set_comment(self, text: str) -> None:
        """The author's comment on the position shown (plain text, at most 280 characters)."""
        if self.view.static:
            return
        note = self.game.node.note
        self.set_note(Note(note.arrows, note.highlight, comment_text(text)))

    def set_note(self, note: Note) -> None:
        """The author's note on the position shown; drawing shows the notes. A note the
        game's link could not carry is refused."""
        before = self.record()
        self.game.node.note = EMPTY_NOTE if note == Note((), (), "") else note
        if not self.keep_fit(before):
            return
        if self.view.clean and note != EMPTY_NOTE:
            self.view = self.view.replace(clean=False)  # show what was just drawn
