"""The move list of the page as HTML: the main line, and each variation in a block
after the move it replaces, nested as deep as the game goes.

Every move is a button carrying ``data-node`` (its number in the link's
writing order, see :func:`zola.rules.game.Game.nodes`) and ``data-ply``; the move
looked at is marked ``current``, the rest of the line being looked at
``ahead``. Only move text made by :class:`~zola.rules.move.Move` and numbers go into
the markup, and the few words are escaped.

>>> from zola.rules.game import Game
>>> game = Game(6)
>>> for text in ("c3xd3", "c4xd3"): _ = game.play(text)
>>> game.go_to(1); _ = game.play("e4xd3")
>>> html = move_list(game)
>>> html.count("<button"), html.count('class="variations"'), 'aria-current="step"' in html
(3, 1, True)
"""

from zola.draw.svg import escape
from zola.rules.game import Game, Node, Visitor

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    # A review's marks: per node (by ``id``), the symbol, css class and title after its move.
    Marks = dict[int, tuple[str, str, str]]


def move_list(game: Game, marks: "Marks | None" = None) -> str:
    """The ``<li>`` items of the move list of ``game``.

    ``marks`` maps a node to ``(symbol, css class, title)`` shown after its move
    (a review's ``?!``, ``?``, ``??``).
    """
    writer = _MoveList(game, marks)
    game.accept(writer)
    return "".join(writer.out)


class _MoveList(Visitor):
    """Writes each move as an item, the variations after the move they replace."""

    def __init__(self, game: Game, marks: "Marks | None") -> None:
        self.on_line = {id(node): index + 1 for index, node in enumerate(game.line)}
        self.ply = game.ply
        self.marks = marks
        self.number = 0  # the link's number of the move (see Game.nodes)
        self.out: list[str] = []

    def visit_move(self, node: Node, ply: int) -> None:
        self.number += 1
        line_ply, ply_looked_at = self.on_line.get(id(node)), self.ply
        state = ""
        if line_ply is not None:
            state = "ahead" if line_ply > ply_looked_at else "played"
            state = "current" if line_ply == ply_looked_at else state
        attributes = ""
        if state:
            attributes = ' class="%s" aria-current="step"' if state == "current" else ' class="%s"'
            attributes = attributes % state
        mark, marks = "", self.marks
        if marks and id(node) in marks:
            symbol, kind, title = marks[id(node)]
            mark = _MARK % (kind, escape(title), escape(symbol))
        self.out.append(_ITEM % (ply, self.number, ply, attributes, node.move, mark))

    def begin_variations(self, node: Node) -> None:
        self.out.append('<li class="variations">')

    def begin_variation(self, node: Node) -> None:
        self.out.append('<ol class="line">')

    def end_variation(self, node: Node) -> None:
        self.out.append("</ol>")

    def end_variations(self, node: Node) -> None:
        self.out.append("</li>")


# A move's item: its ply, its button (the move's number, its ply, its state), any mark.
_ITEM = (
    '<li><span class="ply">%s.</span><button type="button" data-node="%s" data-ply="%s"%s>'
    "%s</button>%s</li>"
)
_MARK = '<abbr class="mark %s" title="%s">%s</abbr>'  # its kind, title and symbol
