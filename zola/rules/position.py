"""Positions: the board, the side to move, legal moves, make/unmake and the text form.

The position text is FEN-like: ranks from the top down separated by ``/``,
``r`` and ``b`` for checkers, numbers for runs of empty squares, then a space
and the side to move.

>>> pos = Position.start(6)
>>> str(pos)
'brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r'
>>> len(pos.legal_moves()), pos.legal_moves()[0] in pos.legal_moves()
(36, True)
>>> pos.push(Move.parse("c3xd3")); pos.count(BLUE)
17
>>> pos.pop()
Move.parse('c3xd3')
"""

from zola.compat import lowest_square, popcount, quoted, tuple_new
from zola.lang.i18n import Text
from zola.rules.errors import IllegalMoveError, InvalidPositionError
from zola.rules.geometry import (
    BIT,
    SIZES,
    STRIDE,
    Bitboard,
    Color,
    Geometry,
    Square,
    check_size,
    geometry,
    is_number,
    king_distance,
    square_name,
)
from zola.rules.move import CAPTURE, PASS, STEP, SWAP, Move
from zola.rules.sides import BLUE, COLOR_LETTERS, COLOR_NAMES, RED

_MAX_TEXT = 200


def _row(size: int, red: int, blue: int) -> str:
    """One rank of the position text, from its files' bits (a1's file lowest): kept, as
    few ranks recur and MicroPython works bit by bit slowly.

    >>> _row(6, 0b000011, 0b100000)
    'rr3b'
    """
    key = (size << 20) | (red << 10) | blue
    text = _ROWS.get(key)
    if text is None:
        cells = "".join(  # a list, not a generator: MicroPython resumes one slowly
            ["r" if red >> file & 1 else "b" if blue >> file & 1 else "." for file in range(size)]
        )
        text = rank_text(cells)
        if len(_ROWS) >= 4096:
            _ROWS.clear()
        _ROWS[key] = text
    return text


_ROWS: dict[int, str] = {}
_SQUARES = STRIDE * STRIDE  # the squares' numbers are below it


def rank_text(cells: str) -> str:
    """A rank's cells (``r``, ``b``, or ``.`` for an empty square, a1's file first) as
    position text: each run of empty squares written as its length.

    >>> rank_text("..rb.........."), rank_text("rbrbrb")
    ('2rb10', 'rbrbrb')
    """
    empty = cells.count(".")
    if not empty:
        return cells
    for dots, length in _RUNS[-empty:]:  # the longest runs first, in a few calls
        cells = cells.replace(dots, length)
    return cells


_RUNS = [("." * n, str(n)) for n in range(10, 0, -1)]  # runs of empty squares, and their text


def squares_of(bb: Bitboard) -> list[Square]:
    """The squares of bitboard ``bb``, lowest first (of a rank's bits: its files).

    >>> squares_of(0b101), squares_of(1 << 99)
    ([0, 2], [99])
    """
    out = []
    while bb:
        low = bb & -bb
        out.append(lowest_square(low))
        bb ^= low
    return out


def generate_moves(geo: Geometry, own: Bitboard, enemy: Bitboard) -> list[Move]:
    """All steps and captures of the checkers ``own`` against ``enemy`` (no pass)."""
    empty = geo.mask & ~(own | enemy)
    new = tuple_new
    square_of = lowest_square
    moves: list[Move] = []
    for by, origins in geo.steps:
        to_set = ((own & origins) << by if by > 0 else (own & origins) >> -by) & empty
        while to_set:
            low = to_set & -to_set
            to = square_of(low)
            moves.append(new(Move, (to - by, to, STEP)))
            to_set ^= low
    for by, targets in geo.captures:
        ray = own
        distance = 0
        for reach in targets:
            distance += by
            ray = (ray << by if by > 0 else ray >> -by) & reach
            if not ray:
                break
            hits = ray & enemy
            while hits:
                low = hits & -hits
                to = square_of(low)
                moves.append(new(Move, (to - distance, to, CAPTURE)))
                hits ^= low
            ray &= empty
    return moves


def count_moves(geo: Geometry, own: Bitboard, enemy: Bitboard) -> int:
    """How many steps and captures :func:`generate_moves` would return."""
    empty = geo.mask & ~(own | enemy)
    count = popcount
    total = 0
    for by, origins in geo.steps:
        total += count(((own & origins) << by if by > 0 else (own & origins) >> -by) & empty)
    for by, targets in geo.captures:
        ray = own
        for reach in targets:
            ray = (ray << by if by > 0 else ray >> -by) & reach
            if not ray:
                break
            total += count(ray & enemy)
            ray &= empty
    return total


def rank_tokens(row: str) -> list[str]:
    """A rank's text split into runs of digits and single other characters.

    >>> rank_tokens("2rb12")
    ['2', 'r', 'b', '12']
    """
    tokens: list[str] = []
    for char in row:
        if "0" <= char <= "9" and tokens and is_number(tokens[-1]):
            tokens[-1] += char
        else:
            tokens.append(char)
    return tokens


class Position:
    """A Zola position: board size, checkers of both colours, side to move.

    ``boards[RED]`` and ``boards[BLUE]`` are bitboards (see :mod:`zola.rules.geometry`).
    ``push``/``pop`` make and unmake moves in place for search; use
    :meth:`copy` for a snapshot.
    """

    __slots__ = ("size", "geo", "boards", "turn", "move_stack")

    def __init__(self, size: int, red: Bitboard, blue: Bitboard, turn: Color = RED) -> None:
        self.size = check_size(size)
        self.geo = geometry(size)
        if (red | blue) & ~self.geo.mask or red & blue:
            raise InvalidPositionError(Text("error.squares"))
        if not red and not blue:
            raise InvalidPositionError(Text("error.no_checkers"))
        if turn not in (RED, BLUE):
            raise InvalidPositionError(
                f"side to move must be RED (0) or BLUE (1), not {quoted(turn)}"
            )
        self.boards: list[Bitboard] = [red, blue]
        self.turn: Color = turn
        self.move_stack: list[Move] = []

    @classmethod
    def start(cls, size: int = 6) -> "Position":
        """The starting position: a full checkered board, Red on a1, Red to move.

        >>> str(Position.start(8)).split("/")[7]
        'rbrbrbrb r'
        """
        geo = geometry(check_size(size))
        return cls(size, geo.checkered, geo.mask & ~geo.checkered, RED)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Parse position text; raise :class:`InvalidPositionError` saying what is wrong.

        >>> Position.parse("6/6/2rb2/6/6/6 b").count(RED)
        1
        >>> Position.parse("6/6/6 r")
        Traceback (most recent call last):
        ...
        zola.InvalidPositionError: bad position '6/6/6 r': expected 6, 8 or 10 ranks, found 3
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position must be text, not {type(text).__name__}")
        shown = quoted(text) if len(text) <= 60 else quoted(text[:60]) + "..."

        def bad(key: str, **args: object) -> InvalidPositionError:
            why = Text(key, **args)
            return InvalidPositionError(Text("error.position", position=shown, why=why))

        if len(text) > _MAX_TEXT:
            raise bad("error.too_long", length=len(text))
        fields = text.split(" ")
        if len(fields) != 2:
            raise bad("error.position_fields")
        board, side = fields
        if side not in ("r", "b"):
            raise bad("error.position_side", side=quoted(side))
        ranks = board.split("/")
        size = len(ranks)
        if size not in SIZES:
            raise bad("error.position_ranks", count=size)
        boards = [0, 0]
        for row, row_text in enumerate(ranks):
            rank = size - 1 - row
            file = 0
            for token in rank_tokens(row_text):
                if is_number(token):
                    if token[0] == "0":
                        raise bad("error.position_zero", rank=rank + 1, run=quoted(token))
                    file += int(token)
                elif token in COLOR_LETTERS:
                    if file < size:
                        boards[COLOR_LETTERS.index(token)] |= 1 << (rank * STRIDE + file)
                    file += 1
                else:
                    raise bad("error.position_token", token=quoted(token), rank=rank + 1)
            if file != size:
                raise bad("error.position_width", rank=rank + 1, count=file, size=size)
        return cls(size, boards[RED], boards[BLUE], COLOR_LETTERS.index(side))

    def __str__(self) -> str:
        red, blue = self.boards
        size = self.size
        full = (1 << size) - 1
        rows = []
        for shift in range((size - 1) * STRIDE, -1, -STRIDE):
            rows.append(_row(size, red >> shift & full, blue >> shift & full))
        return "/".join(rows) + " " + COLOR_LETTERS[self.turn]

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def key(self) -> tuple[int, Bitboard, Bitboard, Color]:
        """An exact hashable key: ``(size, red, blue, turn)``."""
        return (self.size, self.boards[RED], self.boards[BLUE], self.turn)

    def copy(self) -> "Position":
        """An independent copy of the board and side to move (without the move stack)."""
        other = object.__new__(Position)  # already checked: made without checking again
        other.size, other.geo, other.turn = self.size, self.geo, self.turn
        other.boards = [self.boards[RED], self.boards[BLUE]]
        other.move_stack = []
        return other

    def piece_at(self, square: Square) -> Color | None:
        """``RED``, ``BLUE`` or ``None`` for the checker on ``square``."""
        bit = 1 << square
        if self.boards[RED] & bit:
            return RED
        if self.boards[BLUE] & bit:
            return BLUE
        return None

    def pieces(self, color: Color) -> list[Square]:
        """The squares of ``color``'s checkers."""
        return squares_of(self.boards[color])

    def count(self, color: Color) -> int:
        """How many checkers ``color`` has."""
        return popcount(self.boards[color])

    def winner(self) -> Color | None:
        """The colour that captured all enemy checkers, else ``None``."""
        if not self.boards[BLUE]:
            return RED
        if not self.boards[RED]:
            return BLUE
        return None

    def is_game_over(self) -> bool:
        """Whether one side has no checkers left."""
        return not (self.boards[RED] and self.boards[BLUE])

    def legal_moves(self) -> list[Move]:
        """The legal moves: steps and captures, else ``[Move.PASS]``; ``[]`` when over."""
        own, enemy = self.boards[self.turn], self.boards[self.turn ^ 1]
        if not own or not enemy:
            return []
        return generate_moves(self.geo, own, enemy) or [Move.PASS]

    def count_legal_moves(self) -> int:
        """``len(self.legal_moves())``, computed without building the moves."""
        own, enemy = self.boards[self.turn], self.boards[self.turn ^ 1]
        if not own or not enemy:
            return 0
        return count_moves(self.geo, own, enemy) or 1

    def push(self, move: Move) -> None:
        """Make ``move`` without checking it is legal (see :meth:`why_illegal`)."""
        kind = move[2]
        if kind != PASS:
            us = self.turn
            bit = 1 << move[1]
            self.boards[us] ^= (1 << move[0]) | bit
            if kind == CAPTURE:
                self.boards[us ^ 1] ^= bit
        self.turn ^= 1
        self.move_stack.append(move)

    def pop(self) -> Move:
        """Unmake the last pushed move and return it."""
        move = self.move_stack.pop()
        self.turn ^= 1
        kind = move[2]
        if kind != PASS:
            us = self.turn
            bit = 1 << move[1]
            self.boards[us] ^= (1 << move[0]) | bit
            if kind == CAPTURE:
                self.boards[us ^ 1] ^= bit
        return move

    def why_illegal(self, move: Move) -> Text | None:
        """``None`` if ``move`` is legal here, else a short reason for a person.

        The reason is English text that :func:`zola.lang.i18n.say` can translate.

        >>> pos = Position.start(6)
        >>> pos.why_illegal(Move.parse("c3xd4"))
        'cannot capture your own checker'
        >>> pos.why_illegal(Move.parse("c3xb3"))
        'a capture may not move away from the centre'
        """
        red, blue = self.boards
        if not (red and blue):
            return Text("reason.game_over")
        kind = move[2]
        if kind == SWAP:
            return Text("reason.swap")
        if kind == PASS:
            if generate_moves(self.geo, self.boards[self.turn], self.boards[self.turn ^ 1]):
                return Text("reason.pass")
            return None
        # Bits from the table, files and ranks inline: this runs for every move of a link.
        # A square is on the board where its distance is not 0 (no square is the centre).
        start, end, geo = move[0], move[1], self.geo
        dist = geo.dist
        inside = 0 <= start < _SQUARES and 0 <= end < _SQUARES
        if not (inside and dist[start] and dist[end]):
            return Text("reason.off_board", size=self.size)
        own = self.boards[self.turn]
        if not own & BIT[start]:
            if self.boards[self.turn ^ 1] & BIT[start]:
                return Text("reason.not_yours." + COLOR_NAMES[self.turn])
            return Text("reason.no_checker", square=square_name(start))
        df = end % STRIDE - start % STRIDE
        dr = end // STRIDE - start // STRIDE
        steps = max(abs(df), abs(dr))  # the king distance
        occupied = red | blue
        if kind == STEP:
            if steps != 1:
                return Text("reason.step_adjacent")
            if occupied & BIT[end]:
                return Text("reason.step_empty")
            if dist[end] <= dist[start]:
                return Text("reason.step_outward")
            return None
        if df and dr and abs(df) != abs(dr):
            return Text("reason.capture_line")
        by = (dr // steps) * STRIDE + df // steps
        for between in range(start + by, end, by):
            if occupied & BIT[between]:
                return Text("reason.blocked", square=square_name(between))
        if not occupied & BIT[end]:
            return Text("reason.capture_enemy")
        if own & BIT[end]:
            return Text("reason.capture_own")
        if dist[end] > dist[start]:
            return Text("reason.capture_inward")
        return None

    def move_between(self, from_square: Square, to_square: Square) -> Move:
        """The move a click on one square, then another, means (not checked).

        Onto a checker or farther than one square it is a capture, else a step.

        >>> Position.start(6).move_between(22, 23)
        Move.parse('c3xd3')
        """
        adjacent = king_distance(from_square, to_square) == 1
        kind = STEP if adjacent and self.piece_at(to_square) is None else CAPTURE
        return Move(from_square, to_square, kind)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason if ``move`` is not legal."""
        check_legal(move, self.why_illegal(move))

    def push_text(self, text: str) -> Move:
        """Parse, check and make a move given as text; return it.

        >>> Position.start(6).push_text("a1-a2")
        Traceback (most recent call last):
        ...
        zola.IllegalMoveError: a1-a2 is not legal: a step must go to an empty square
        """
        move = Move.parse(text)
        self.check(move)
        self.push(move)
        return move

    # -- Jupyter's rich display (CPython only, never called by the page) -------------

    def _repr_svg_(self) -> str:
        """The board as an SVG picture: what a notebook shows for a position."""
        from zola.draw.svg import render  # when called: the worker and the page never call it

        return render(self)

    def _repr_html_(self) -> str:
        """The board as inline SVG, at most 360 pixels wide, for a notebook."""
        return f'<div class="zola-diagram" style="max-width:360px">{self._repr_svg_()}</div>'


def check_legal(move: Move, why: Text | None) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` is not legal, unless ``why``
    (what a ``why_illegal`` answered) is ``None``: the one form of that error, for
    :meth:`Position.check` and :meth:`zola.rules.game.Game.check`.

    >>> check_legal(Move.parse("c3xb3"), Position.start(6).why_illegal(Move.parse("c3xb3")))
    Traceback (most recent call last):
    ...
    zola.IllegalMoveError: c3xb3 is not legal: a capture may not move away from the centre
    """
    if why is not None:
        raise IllegalMoveError(Text("error.illegal", move=str(move), reason=why))


def perft(position: Position, depth: int) -> int:
    """Count the leaf nodes of the legal-move tree ``depth`` plies deep.

    A forced pass counts as a move; ``swap`` does not.

    >>> perft(Position.start(6), 2)
    1296
    """
    if depth <= 0:
        return 1
    if depth == 1:
        return position.count_legal_moves()
    total = 0
    for move in position.legal_moves():
        position.push(move)
        total += perft(position, depth - 1)
        position.pop()
    return total
