"""A game of Zola with history: the pie rule, forced passes, variations, undo, redo and
the outcome.

>>> from zola import BLUE, FIRST
>>> game = Game(6)
>>> game.play("c3xd3")
Move.parse('c3xd3')
>>> [str(m) for m in game.legal_moves()][-1]
'swap'
>>> game.play("swap"); game.player_of(BLUE) == FIRST
Move.parse('swap')
True
>>> game.undo(), game.ply, game.redo()
(Move.parse('swap'), 1, Move.parse('swap'))

Playing another move at an earlier point starts a variation; the game is a
tree, and ``moves`` is the line being looked at:

>>> game.go_to(1); _ = game.play("c4xd3")
>>> [str(m) for m in game.moves], len(game.root.children[0].children)
(['c3xd3', 'c4xd3'], 2)
"""

from collections import namedtuple

from zola.compat import quoted
from zola.lang.i18n import Text
from zola.rules.errors import InvalidMoveError
from zola.rules.geometry import Color, Square, parse_square, square_name
from zola.rules.move import SWAP, Move
from zola.rules.position import Position, check_legal
from zola.rules.review import Review

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import NamedTuple


if TYPE_CHECKING:

    class _Note(NamedTuple):
        arrows: tuple[Move, ...]
        highlight: tuple[Square, ...]
        comment: str

else:
    _Note = namedtuple("Note", ("arrows", "highlight", "comment"))


class Note(_Note):
    """What an author marks at one point of a game: arrows (moves), highlighted
    squares and a short comment (plain text)."""

    __slots__ = ()


EMPTY_NOTE = Note((), (), "")


def parse_arrow(text: str, size: int) -> Move:
    """The arrow written ``text`` (a move between two squares of a ``size`` board).

    >>> parse_arrow("c4xd3", 6)
    Move.parse('c4xd3')
    >>> parse_arrow("pass", 6)
    Traceback (most recent call last):
    ...
    zola.InvalidMoveError: an arrow needs two squares, not 'pass'
    """
    move = Move.parse(text)
    if move.from_square < 0:
        raise InvalidMoveError(Text("error.arrow", text=quoted(text)))
    for sq in move[:2]:
        parse_square(square_name(sq), size)
    return move


class Node:
    """A point of the game tree: the move that led here (``None`` at the start), the
    node it came from, the moves played from here (the main continuation first) and
    the author's note."""

    __slots__ = ("move", "parent", "children", "note")

    def __init__(self, move: Move | None, parent: "Node | None") -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.note = EMPTY_NOTE

    def __repr__(self) -> str:
        return f"<Node {self.move} after {len(self.path()) - 1} moves>"

    def path(self) -> "list[Node]":
        """The nodes from the first move down to this one (empty at the start)."""
        path = []
        node = self
        while node.parent is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        return path

    def main_line(self) -> "list[Node]":
        """The nodes after this one, following the main continuation."""
        line = []
        node = self
        while node.children:
            node = node.children[0]
            line.append(node)
        return line

    def child(self, move: Move) -> "Node | None":
        """The continuation by ``move``, if it was played from here."""
        for node in self.children:
            if node.move == move:
                return node
        return None

    def siblings(self) -> "list[Node]":
        """The moves played from where this one was played, this one among them
        (``[self]`` for the start)."""
        return [self] if self.parent is None else self.parent.children


def _moves(nodes: "list[Node]") -> list[Move]:
    """The moves of ``nodes``, nodes of a line (only the start has no move)."""
    return [node.move for node in nodes if node.move is not None]


class Visitor:
    """What :meth:`Game.accept` tells while it walks the tree in writing order.

    The walk visits a move, then the variations that replace it (each
    between ``begin_variation`` and ``end_variation`` with its first move, all
    of them between ``begin_variations`` and ``end_variations`` with the move
    they replace), then the moves after it; ``ply`` counts the moves from the
    start. Moves are visited in the order they are numbered (1 the first).
    A visitor overrides what it needs and keeps what it makes.
    """

    def visit_move(self, node: Node, ply: int) -> None:
        """The move of ``node``, ``ply`` moves from the start (1 the first move)."""

    def begin_variations(self, node: Node) -> None:
        """Before the variations that replace the move of ``node``."""

    def begin_variation(self, node: Node) -> None:
        """Before a variation: ``node`` is its first move."""

    def end_variation(self, node: Node) -> None:
        """After the variation that ``node`` starts."""

    def end_variations(self, node: Node) -> None:
        """After the variations that replace the move of ``node``."""


class _Nodes(Visitor):
    def __init__(self) -> None:
        self.nodes: list[Node] = []

    def visit_move(self, node: Node, ply: int) -> None:
        self.nodes.append(node)


class Game:
    """A game from a start position: a tree of moves, the line being looked at and a
    cursor into it.

    ``root`` is the start; every node's first child is its main continuation,
    the others are variations. ``line`` is the line being looked at (nodes from
    the first move on) and ``ply`` how many of them are played; ``moves`` are
    their moves. ``undo``/``redo`` move the cursor along the line; playing a
    move at an earlier ply follows the line when it is the next move there, and
    otherwise goes into (or starts) a variation. ``position`` is always the
    position after ``moves[:ply]``.
    """

    def __init__(self, size: int = 6, start: Position | None = None) -> None:
        standard = Position.start(size if start is None else start.size)
        self.start = standard if start is None else start.copy()
        self.size = self.start.size
        self.from_standard_start = start is None or start == standard
        self.position = self.start.copy()
        self.root = Node(None, None)
        self.line: list[Node] = []
        self.ply = 0
        self.review: Review | None = None  # a review of the main line, while it still fits
        self.reviewed: list[Move] = []  # the main line's moves when it was reviewed

    @property
    def moves(self) -> list[Move]:
        """The moves of the line being looked at, those after the cursor included."""
        return _moves(self.line)

    @property
    def node(self) -> Node:
        """The node at the cursor (``root`` at the start)."""
        return self.line[self.ply - 1] if self.ply else self.root

    def __repr__(self) -> str:
        played = " ".join(str(m) for m in self.moves[: self.ply])
        return f"<Game {self.size}x{self.size} ply {self.ply}/{len(self.moves)}: {played}>"

    @property
    def turn(self) -> Color:
        """The colour to move (``RED`` or ``BLUE``)."""
        return self.position.turn

    def swapped(self) -> bool:
        """Whether the players exchanged colours by the pie rule (up to ``ply``)."""
        return self.ply >= 2 and self.line[1].move == Move.SWAP

    def player_of(self, color: Color) -> int:
        """``FIRST`` or ``SECOND``: who plays ``color`` now. The first player starts as Red."""
        return color ^ int(self.swapped())

    def color_of(self, player: int) -> Color:
        """The colour ``player`` (``FIRST`` or ``SECOND``) holds now."""
        return player ^ int(self.swapped())

    def player_to_move(self, ply: int | None = None) -> int:
        """``FIRST`` or ``SECOND``: who is to move after ``ply`` moves (default: now).

        >>> game = Game(6); _ = game.play("c3xd3"); _ = game.play("swap")
        >>> game.player_to_move(0), game.player_to_move(1), game.player_to_move(2)
        (0, 1, 0)
        """
        ply = self.ply if ply is None else ply
        flips = sum(1 for move in self.moves[:ply] if move != Move.SWAP)
        color = self.start.turn ^ (flips % 2)
        swapped = ply >= 2 and self.moves[1] == Move.SWAP
        return color ^ int(swapped)

    def can_swap(self) -> bool:
        """Whether ``swap`` is legal: Blue's first turn in a game from the standard start."""
        return self.from_standard_start and self.ply == 1

    def legal_moves(self) -> list[Move]:
        """The legal moves, ``swap`` included when the pie rule allows it."""
        moves = self.position.legal_moves()
        return moves + [Move.SWAP] if self.can_swap() else moves

    def why_illegal(self, move: Move) -> Text | None:
        """``None`` if ``move`` is legal now, else the reason."""
        if move.kind == SWAP:
            return None if self.can_swap() else Text("reason.swap")
        return self.position.why_illegal(move)

    def check(self, move: Move) -> None:
        """Raise :class:`~zola.rules.errors.IllegalMoveError` with the reason if ``move`` is
        not legal now (``swap`` included).

        >>> from zola.rules.errors import IllegalMoveError
        >>> try:
        ...     Game(6).check(Move.SWAP)
        ... except IllegalMoveError as error:
        ...     print(error)
        swap is not legal: swap is only possible for Blue's first turn of a game from the start
        """
        check_legal(move, self.why_illegal(move))

    def play(self, move: Move | str) -> Move:
        """Check and play a move (a :class:`Move` or move text); return it.

        The next move of the line is followed; another move goes into the
        variation it starts (made if new). Raises
        :class:`~zola.rules.errors.InvalidMoveError` for malformed text and
        :class:`~zola.rules.errors.IllegalMoveError` (with the reason) for an illegal move.
        """
        # Every move of a link comes through here: few calls (on MicroPython a call of a
        # Python function costs as much as a few dozen lookups).
        if isinstance(move, str):
            move = Move.parse(move)
        why = self.why_illegal(move) if move.kind == SWAP else self.position.why_illegal(move)
        if why is not None:
            check_legal(move, why)
        ply, line = self.ply, self.line
        here = line[ply - 1] if ply else self.root  # the node at the cursor
        node = here.child(move) if here.children else None
        if node is None:
            node = Node(move, here)
            here.children.append(node)
        if ply == len(line) and not node.children:  # the line grows (a record read)
            line.append(node)
        elif not (ply < len(line) and line[ply] is node):
            self.line = line[:ply] + [node] + node.main_line()
        self.redo()
        return move

    def extend(self, moves: "list[str]") -> None:
        """Check and play ``moves`` (move texts) one after another, as :meth:`play`
        does: reading a record's line. The first that is malformed or illegal raises, the
        moves before it played. At the end of a line with nothing after it (a game being
        read), each takes a few steps fewer than :meth:`play`: a link's every move comes
        through here.

        >>> game = Game(6); game.extend(["c3xd3", "swap", "c4xd3"])
        >>> game.ply, [str(move) for move in game.moves], game.player_to_move()
        (3, ['c3xd3', 'swap', 'c4xd3'], 1)
        """
        line = self.line
        here = line[-1] if line else self.root
        if self.ply < len(line) or here.children:  # somewhere in a tree: move by move
            for text in moves:
                self.play(text)
            return
        position, parse = self.position, Move.parse
        for text in moves:
            move = parse(text)
            kind = move[2]
            why = self.why_illegal(move) if kind == SWAP else position.why_illegal(move)
            if why is not None:
                check_legal(move, why)
            node = Node(move, here)
            here.children.append(node)
            line.append(node)
            self.ply += 1
            if kind != SWAP:
                position.push(move)
            here = node

    def undo(self) -> Move | None:
        """Step back one move; return it, or ``None`` at the start."""
        if self.ply == 0:
            return None
        self.ply -= 1
        move = self.line[self.ply].move
        if move != Move.SWAP:
            self.position.pop()
        return move

    def redo(self) -> Move | None:
        """Replay the next move of the line; return it, or ``None`` at its end."""
        if self.ply == len(self.line):
            return None
        move = self.line[self.ply].move
        self.ply += 1
        if move is not None and move != Move.SWAP:  # a node of the line has a move
            self.position.push(move)
        return move

    def go_to(self, ply: int) -> None:
        """Move the cursor to ``ply`` of the line (clamped to ``0..len(moves)``)."""
        ply = max(0, min(ply, len(self.line)))
        while self.ply > ply:
            self.undo()
        while self.ply < ply:
            self.redo()

    def go_to_node(self, node: Node) -> None:
        """Look at ``node``: the line becomes the way to it and its main continuation."""
        path = node.path()
        shared = 0
        while shared < min(len(path), self.ply) and path[shared] is self.line[shared]:
            shared += 1
        self.go_to(shared)
        self.line = path + node.main_line()
        self.go_to(len(path))

    def nodes(self) -> list[Node]:
        """Every node but the start, in the order the link writes them: a move, the
        variations that replace it, then the moves after it.

        >>> game = Game(6)
        >>> for text in ("c3xd3", "c4xd3"): _ = game.play(text)
        >>> game.go_to(1); _ = game.play("e4xd3"); game.go_to(0); _ = game.play("c3xc4")
        >>> [str(node.move) for node in game.nodes()]
        ['c3xd3', 'c3xc4', 'c4xd3', 'e4xd3']
        """
        visitor = _Nodes()
        self.accept(visitor)
        return visitor.nodes

    def branches(self, main: "list[Node] | None" = None) -> bool:
        """Whether a move has a variation anywhere, else the main line is the whole tree
        (a branch leaves the main line where it first branches). ``main``: the main
        line's nodes, when the caller has them.

        >>> game = Game(6); _ = game.play("c3xd3"); game.branches()
        False
        >>> game.go_to(0); _ = game.play("c3xc4"); game.branches()
        True
        """
        if main is None:
            main = self.root.main_line()
        # A list, not a generator: MicroPython resumes one slowly.
        return len(self.root.children) > 1 or any([len(node.children) > 1 for node in main])

    def accept(self, visitor: Visitor) -> None:
        """Walk the whole tree in writing order, telling ``visitor`` (see :class:`Visitor`).
        The walk keeps its own stack, so no tree is too deep for it.

        >>> class Outline(Visitor):
        ...     def __init__(self):
        ...         self.out = []
        ...     def visit_move(self, node, ply):
        ...         self.out.append(f"{ply}.{node.move}")
        ...     def begin_variation(self, node):
        ...         self.out.append("(")
        ...     def end_variation(self, node):
        ...         self.out.append(")")
        >>> game = Game(6)
        >>> for text in ("c3xd3", "c4xd3"): _ = game.play(text)
        >>> game.go_to(1); _ = game.play("e4xd3")
        >>> outline = Outline(); game.accept(outline); " ".join(outline.out)
        '1.c3xd3 2.c4xd3 ( 2.e4xd3 )'
        """
        main = self.root.main_line()
        if not self.branches(main):  # the main line is the whole tree
            for ply, node in enumerate(main, 1):
                visitor.visit_move(node, ply)
            return
        # Items: (node, ply, None) is a move to visit, (node, ply, call) a call to make.
        stack: list[tuple[Node, int, Callable[[Node], None] | None]] = []
        if self.root.children:
            stack.append((self.root.children[0], 1, None))
        while stack:
            node, ply, call = stack.pop()
            if call is not None:
                call(node)
                continue
            visitor.visit_move(node, ply)
            if node.children:  # last: after the variations
                stack.append((node.children[0], ply + 1, None))
            siblings = node.siblings()
            if siblings[0] is node and len(siblings) > 1:
                stack.append((node, ply, visitor.end_variations))
                for variation in reversed(siblings[1:]):
                    stack.append((variation, ply, visitor.end_variation))
                    stack.append((variation, ply, None))
                    stack.append((variation, ply, visitor.begin_variation))
                stack.append((node, ply, visitor.begin_variations))

    def promote(self, node: Node) -> None:
        """Make the line through ``node`` the main line."""
        for step in node.path():
            siblings = step.siblings()
            siblings.remove(step)
            siblings.insert(0, step)

    def delete(self, node: Node) -> None:
        """Remove ``node`` and all that follows it; the cursor stays on what remains."""
        if node.parent is None:
            return
        if node in self.line:
            index = self.line.index(node)
            self.go_to(min(self.ply, index))
            node.parent.children.remove(node)
            self.line = self.line[:index] + node.parent.main_line()
        else:
            node.parent.children.remove(node)

    def main_moves(self) -> list[Move]:
        """The moves of the main line (every node's first continuation), from the start."""
        return _moves(self.root.main_line())

    def current_review(self) -> "Review | None":
        """The review of the main line, unless the main line changed since."""
        return (
            self.review if self.review is not None and self.reviewed == self.main_moves() else None
        )

    def last_board_move(self) -> Move | None:
        """The last step or capture played up to the cursor (passes and swaps skipped)."""
        for node in reversed(self.line[: self.ply]):
            move = node.move
            if move is not None and move.from_square >= 0:
                return move
        return None

    def is_game_over(self) -> bool:
        """Whether a side has lost all its checkers."""
        return self.position.is_game_over()

    def winner(self) -> Color | None:
        """The winning colour, or ``None`` while the game goes on."""
        return self.position.winner()

    def winner_player(self) -> int | None:
        """The winning player (``FIRST`` or ``SECOND``), or ``None``."""
        color = self.winner()
        return None if color is None else self.player_of(color)

    # -- Jupyter's rich display (CPython only, never called by the page) -------------

    def _repr_svg_(self) -> str:
        """The board at the current ply as an SVG picture, the last step or capture
        marked: what a notebook shows for a game."""
        from zola.draw.svg import render  # when called: the worker and the page never call it

        return render(self.position, last_move=self.last_board_move())

    def _repr_html_(self) -> str:
        """The board as inline SVG, at most 360 pixels wide, for a notebook."""
        return f'<div class="zola-diagram" style="max-width:360px">{self._repr_svg_()}</div>'
