"""A game of Zola with history: the pie rule, forced passes, undo, redo and the outcome.

>>> from zola import BLUE
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
"""

from zola.errors import IllegalMoveError
from zola.i18n import Text
from zola.move import SWAP, Move
from zola.position import Position

FIRST, SECOND = 0, 1
PLAYER_NAMES = ("first player", "second player")


class Game:
    """A game from a start position, with its moves and a cursor into them.

    ``moves`` is the whole recorded line; ``ply`` says how many of them are
    played. ``undo``/``redo`` move the cursor; playing a move at an earlier
    ply replaces the moves after it (unless it is the next recorded move).
    ``position`` is always the position after ``moves[:ply]``.
    """

    def __init__(self, size: int = 6, start: Position | None = None) -> None:
        self.start = start.copy() if start is not None else Position.start(size)
        self.size = self.start.size
        self.from_standard_start = self.start == Position.start(self.size)
        self.position = self.start.copy()
        self.moves: list[Move] = []
        self.ply = 0

    def __repr__(self) -> str:
        played = " ".join(str(m) for m in self.moves[: self.ply])
        return f"<Game {self.size}x{self.size} ply {self.ply}/{len(self.moves)}: {played}>"

    @property
    def turn(self) -> int:
        """The colour to move (``RED`` or ``BLUE``)."""
        return self.position.turn

    def swapped(self) -> bool:
        """Whether the players exchanged colours by the pie rule (up to ``ply``)."""
        return self.ply >= 2 and self.moves[1] == Move.SWAP

    def player_of(self, color: int) -> int:
        """``FIRST`` or ``SECOND``: who plays ``color`` now. The first player starts as Red."""
        return color ^ int(self.swapped())

    def color_of(self, player: int) -> int:
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

    def play(self, move: Move | str) -> Move:
        """Check and play a move (a :class:`Move` or move text); return it.

        Raises :class:`~zola.errors.InvalidMoveError` for malformed text and
        :class:`~zola.errors.IllegalMoveError` (with the reason) for an illegal move.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMoveError(f"{move} is not legal: {why}")
        if not (self.ply < len(self.moves) and self.moves[self.ply] == move):
            del self.moves[self.ply :]
            self.moves.append(move)
        self.redo()
        return move

    def undo(self) -> Move | None:
        """Step back one move; return it, or ``None`` at the start."""
        if self.ply == 0:
            return None
        self.ply -= 1
        move = self.moves[self.ply]
        if move != Move.SWAP:
            self.position.pop()
        return move

    def redo(self) -> Move | None:
        """Replay the next recorded move; return it, or ``None`` at the end."""
        if self.ply == len(self.moves):
            return None
        move = self.moves[self.ply]
        self.ply += 1
        if move != Move.SWAP:
            self.position.push(move)
        return move

    def go_to(self, ply: int) -> None:
        """Move the cursor to ``ply`` (clamped to ``0..len(moves)``)."""
        ply = max(0, min(ply, len(self.moves)))
        while self.ply > ply:
            self.undo()
        while self.ply < ply:
            self.redo()

    def is_game_over(self) -> bool:
        """Whether a side has lost all its checkers."""
        return self.position.is_game_over()

    def winner(self) -> int | None:
        """The winning colour, or ``None`` while the game goes on."""
        return self.position.winner()

    def winner_player(self) -> int | None:
        """The winning player (``FIRST`` or ``SECOND``), or ``None``."""
        color = self.winner()
        return None if color is None else self.player_of(color)
