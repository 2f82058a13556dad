"""Puzzles: positions from real games where the side to move wins by force, proven.

A puzzle is a position, the solver to move, and a number ``N``: the solver
captures every enemy checker within ``N`` of its own moves whatever the
defence does, and not within ``N - 1``. A forced pass counts as a move of the
side that passes. The uniqueness rule, as on lichess:

- exactly one first move wins within ``N`` moves;
- at each later solver turn of the main line exactly one move wins within the
  moves that remain, EXCEPT at the solver's last move, where any move that
  captures the last enemy checker is accepted (the page checks that the game
  is over), as lichess accepts any mate on the last move.

The main line answers each solver move with the longest defence. For every
solver turn, ``refutations`` maps each legal move that does not win in time
to the defender's reply that shows it: one after which the solver cannot win
within the moves left, preferring a reply after which it cannot win even
with one more move, then a capture.

A puzzle is one line of text, fields separated by ``;``: id, ``N``, rating,
position, the main line (moves separated by spaces), and the refutations (a
group per solver turn, separated by ``|``; in a group, ``move>reply`` pairs
separated by spaces)::

    6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|

Blue takes a1 along the first rank; Red's a4 can only step to a5, and a1 takes it.

The reading part (:func:`parse`, :func:`read`, :func:`find`, :func:`daily`,
:func:`puzzle_size`) runs on the page's MicroPython too; the solver (:func:`wins_within`,
:func:`winning_moves`, :func:`solve`, :func:`prove`) is exhaustive AND/OR
search on bitboards, with sound bounds only: a move captures at most one
checker, so a side with more enemies than moves left cannot win, and with as
many enemies as moves left it must capture at every move.

>>> puzzle = solve(Position.parse("6/6/2rb2/6/6/6 r"), 2)
>>> puzzle.line, puzzle.moves
(('c4xd4',), 1)
>>> parse(puzzle.text()) == puzzle
True
>>> winning_moves(Position.parse("6/6/r5/6/6/r4b b"), 2)
['f1xa1']
"""

from collections import namedtuple

from zola.compat import popcount, quoted
from zola.errors import ZolaError
from zola.geometry import Bitboard, geometry, is_number
from zola.move import CAPTURE, PASS, Move
from zola.position import Position, generate_moves, rank_text, rank_tokens

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class PuzzleError(ZolaError):
    """A puzzle line or file that cannot be read; the message says what is wrong."""


if TYPE_CHECKING:

    class _Puzzle(NamedTuple):
        id: str
        position: str
        line: tuple[str, ...]
        refutations: tuple[dict[str, str], ...]
        moves: int
        rating: int

else:
    _Puzzle = namedtuple("Puzzle", ("id", "position", "line", "refutations", "moves", "rating"))


class Puzzle(_Puzzle):
    """A proven forced win: see the module's description of the fields."""

    __slots__ = ()

    def text(self) -> str:
        """The puzzle as one line (see the module docstring); :func:`parse` reads it back."""
        groups = []
        for refutation in self.refutations:
            groups.append(" ".join(move + ">" + refutation[move] for move in sorted(refutation)))
        fields = (self.id, str(self.moves), str(self.rating), self.position, " ".join(self.line))
        return ";".join(fields) + ";" + "|".join(groups)


# -- identity: symmetry, colour exchange and a portable hash -------------------------------


def _transform(text: str, symmetry: int) -> str:
    """Position ``text`` under one of the 16 symmetries: ``symmetry & 7`` picks a
    rotation or reflection of the board, ``symmetry & 8`` exchanges the colours."""
    board, side = text.split(" ")
    rows = []
    for row in board.split("/"):
        cells = ""
        for token in rank_tokens(row):
            cells += "." * int(token) if is_number(token) else token
        rows.append(cells)
    n = len(rows)
    grid = {}
    for i in range(n):
        for j in range(n):
            grid[(j, n - 1 - i)] = rows[i][j]  # (file, rank)
    out = {}
    for (f, r), cell in grid.items():
        out[_map_square(f, r, n, symmetry & 7)] = cell
    swap = {"r": "b", "b": "r", ".": "."} if symmetry & 8 else {"r": "r", "b": "b", ".": "."}
    lines = []
    for rank in range(n - 1, -1, -1):
        lines.append(rank_text("".join(swap[out[(f, rank)]] for f in range(n))))
    return "/".join(lines) + " " + swap[side]


def _map_square(f: int, r: int, n: int, symmetry: int) -> tuple[int, int]:
    """Square (file ``f``, rank ``r``) under a symmetry 0-7 of the ``n`` x ``n`` board."""
    if symmetry & 1:
        f = n - 1 - f
    if symmetry & 2:
        r = n - 1 - r
    if symmetry & 4:
        f, r = r, f
    return f, r


def canonical(position: str) -> str:
    """The least text among the position's images under the board's 8 symmetries and
    the exchange of colours (and side to move): equal for positions that are the
    same puzzle.

    >>> mirrored, exchanged = "6/6/6/2rb2/6/6 r", "6/6/2br2/6/6/6 b"
    >>> canonical("6/6/2rb2/6/6/6 r") == canonical(mirrored) == canonical(exchanged)
    True
    """
    return min(_transform(position, symmetry) for symmetry in range(16))


def puzzle_id(position: str) -> str:
    """A short stable id: the size and 6 base-36 digits of a 32-bit FNV-1a hash of
    :func:`canonical` (the same on every Python, unlike ``hash()``).

    >>> puzzle_id("6/6/2rb2/6/6/6 r")
    '6-cfaaa2'
    """
    value = 0x811C9DC5
    for char in canonical(position):
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    digits = ""
    for _ in range(6):
        value, digit = divmod(value, 36)
        digits = _BASE36[digit] + digits
    return str(len(position.split("/"))) + "-" + digits


def puzzle_size(ident: str) -> int:
    """The board size a puzzle id starts with (see :func:`puzzle_id`); 0 if it starts
    with no number.

    >>> puzzle_size("6-cfaaa2"), puzzle_size("10-abcdef"), puzzle_size("x-cfaaa2")
    (6, 10, 0)
    """
    size = ident.split("-")[0]
    return int(size) if is_number(size) else 0


# -- reading --------------------------------------------------------------------------------


def parse(line: str) -> Puzzle:
    """Read one puzzle line; raise :class:`PuzzleError` naming what is wrong.

    The position must be valid, the main line legal and ending the game, and the
    id, ``N`` and refutation groups consistent with them.

    >>> parse("6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|").line
    ('f1xa1', 'a4-a5', 'a1xa5')
    >>> parse("6-2nknhv;3;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|")
    Traceback (most recent call last):
    ...
    zola.puzzles.PuzzleError: bad puzzle '6-2nknhv': N is 3 but the line has 2 solver moves
    """
    fields = line.split(";")
    if len(fields) != 6:
        shown = quoted(line[:40]) + ("..." if len(line) > 40 else "")
        raise PuzzleError(
            "bad puzzle " + shown + ": expected 6 fields separated by ';' "
            "(id;N;rating;position;line;refutations), found " + str(len(fields))
        )
    ident, moves_text, rating_text, position_text, line_text, groups_text = fields

    def bad(why: str) -> PuzzleError:
        return PuzzleError("bad puzzle " + quoted(ident) + ": " + why)

    for name, value in (("N", moves_text), ("rating", rating_text)):
        if not is_number(value) or len(value) > 5:
            raise bad(name + " must be a whole number, not " + quoted(value))
    moves, rating = int(moves_text), int(rating_text)
    try:
        position = Position.parse(position_text)
    except ZolaError as error:
        raise bad(str(error)) from None
    if position.is_game_over():
        raise bad("the game is already over in the position")
    if ident != puzzle_id(position_text):
        raise bad("the id of this position is " + quoted(puzzle_id(position_text)))
    played = line_text.split(" ") if line_text else []
    if len(played) % 2 == 0:
        raise bad("the line must end with a solver move, found " + str(len(played)) + " moves")
    solver = len(played) // 2 + 1
    if moves != solver:
        plural = " solver move" if solver == 1 else " solver moves"
        raise bad("N is " + str(moves) + " but the line has " + str(solver) + plural)
    for number, text in enumerate(played, 1):
        try:
            position.push_text(text)
        except ZolaError as error:
            raise bad("move " + str(number) + " of the line: " + str(error)) from None
    if position.winner() is None:
        raise bad("the line does not capture the last enemy checker")
    groups = groups_text.split("|")
    if len(groups) != moves:
        raise bad("expected " + str(moves) + " refutation groups, found " + str(len(groups)))
    refutations = []
    for group in groups:
        refutation = {}
        for pair in group.split(" ") if group else []:
            parts = pair.split(">")
            if len(parts) != 2:
                raise bad("a refutation is 'move>reply', not " + quoted(pair))
            for text in parts:
                try:
                    Move.parse(text)
                except ZolaError as error:
                    raise bad(str(error)) from None
            refutation[parts[0]] = parts[1]
        refutations.append(refutation)
    return Puzzle(ident, position_text, tuple(played), tuple(refutations), moves, rating)


def read(text: str) -> list[Puzzle]:
    """The puzzles of a file's text, one a line; blank lines and ``#`` comments are skipped.

    >>> [p.id for p in read("# a comment\\n6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|\\n")]
    ['6-2nknhv']
    """
    puzzles = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            try:
                puzzles.append(parse(line))
            except PuzzleError as error:
                raise PuzzleError("line " + str(number) + ": " + str(error)) from None
    return puzzles


def load(size: int) -> list[Puzzle]:
    """The packaged puzzles of a 6x6 or 8x8 board (CPython: read from ``zola/data``)."""
    if size not in (6, 8):
        raise PuzzleError("puzzles come for sizes 6 and 8, not " + quoted(size))
    from importlib.resources import files  # CPython only: the page fetches the file itself

    return read(files("zola").joinpath("data").joinpath(file_name(size)).read_text())


def file_name(size: int) -> str:
    """The name of the file of the puzzles of ``size`` (in ``zola/data``, and on the site).

    >>> file_name(6)
    'puzzles-6.txt'
    """
    return "puzzles-" + str(size) + ".txt"


def find(puzzles: "list[Puzzle]", ident: str) -> Puzzle:
    """The puzzle with id ``ident``; raise :class:`PuzzleError` if there is none.

    >>> find([], "6-abc")
    Traceback (most recent call last):
    ...
    zola.puzzles.PuzzleError: no puzzle has the id '6-abc'
    """
    for puzzle in puzzles:
        if puzzle.id == ident:
            return puzzle
    raise PuzzleError("no puzzle has the id " + quoted(ident))


def day_number(date: str) -> int:
    """Days from 1970-01-01 to ``date`` (``YYYY-MM-DD``, proleptic Gregorian).

    >>> day_number("1970-01-02"), day_number("2026-12-02")
    (1, 20789)
    """
    parts = date.split("-") if isinstance(date, str) else []
    if len(parts) != 3 or not all(is_number(part) for part in parts) or len(parts[0]) != 4:
        raise PuzzleError("a date is YYYY-MM-DD, like '2026-12-02', not " + quoted(date))
    year, month, day = int(parts[0]), int(parts[1]), int(parts[2])
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not 1 <= month <= 12 or not 1 <= day <= lengths[month - 1]:
        raise PuzzleError("no such date: " + quoted(date))
    y = year - (month <= 2)  # days_from_civil (H. Hinnant)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def daily(puzzles: "list[Puzzle]", date: str) -> Puzzle:
    """The puzzle of the day ``date`` (``YYYY-MM-DD``): the same everywhere.

    Day ``d`` takes the puzzle ``d * step mod len``, ``step`` the number coprime
    with the set's size nearest its golden section: consecutive days lie far apart
    in the set, and every puzzle comes once in ``len(puzzles)`` days.

    >>> ps = [Puzzle(str(i), "", (), (), 1, 1000) for i in range(10)]
    >>> [daily(ps, "2026-12-0" + str(d)).id for d in range(1, 5)]
    ['6', '3', '0', '7']
    """
    if not puzzles:
        raise PuzzleError("no puzzles to choose from")
    count = len(puzzles)
    return puzzles[day_number(date) * _golden_step(count) % count]


def _golden_step(count: int) -> int:
    """The number coprime with ``count`` nearest ``0.618 * count``."""
    target = count * 618 // 1000
    for offset in range(count + 1):
        for step in (target - offset, target + offset):
            if step > 0 and _gcd(step, count) == 1:
                return step
    return 1


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


# -- the solver -----------------------------------------------------------------------------


class SearchLimit(Exception):
    """The solver used up its node budget: nothing was proven either way."""


class Solver:
    """Exact proof search on one board size: does the side to move win within ``n``?

    A side is a bitboard; ``(own, enemy)`` means ``own`` is to move (the rules are the
    same for both colours after the pie rule). The table keeps, per such pair, the
    largest ``n`` known to fail and the smallest known to win. ``node_limit`` bounds
    the positions searched: past it, :class:`SearchLimit` is raised.
    """

    def __init__(self, size: int, node_limit: "int | None" = None) -> None:
        self.geo = geometry(size)
        self.table: dict[tuple[Bitboard, Bitboard], list[int]] = {}
        self.nodes = 0
        self.node_limit = node_limit

    def wins(self, own: Bitboard, enemy: Bitboard, n: int) -> bool:
        """Whether ``own``, to move, captures all of ``enemy`` within ``n`` own moves."""
        if not own or n <= 0:
            return False
        count = popcount(enemy)
        if count > n:  # a move captures at most one checker
            return False
        key = (own, enemy)
        entry = self.table.get(key)
        if entry is None:
            entry = self.table[key] = [count - 1, 1 << 30]
        if n <= entry[0]:
            return False
        if n >= entry[1]:
            return True
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit
        won = False
        for move in self.ordered(own, enemy, count == n):
            if self.move_wins(own, enemy, move, n):
                won = True
                break
        if won:
            entry[1] = n
        else:
            entry[0] = n
        return won

    def ordered(self, own: Bitboard, enemy: Bitboard, captures_only: bool) -> list[Move]:
        """The legal moves of ``own`` (a forced pass too), captures first; only the
        captures when ``captures_only``."""
        moves = generate_moves(self.geo, own, enemy)
        if not moves:
            return [Move.PASS]
        captures = [move for move in moves if move[2] == CAPTURE]
        if captures_only:
            return captures
        return captures + [move for move in moves if move[2] != CAPTURE]

    def move_wins(self, own: Bitboard, enemy: Bitboard, move: Move, n: int) -> bool:
        """Whether ``move`` by ``own`` wins within ``n`` own moves, itself included."""
        own, enemy = _after(own, enemy, move)
        if not enemy:
            return True
        if n <= 1:
            return False
        return self.refutation(enemy, own, n - 1) is None

    def refutation(self, defender: Bitboard, attacker: Bitboard, n: int) -> "Move | None":
        """A reply of ``defender`` (to move) after which ``attacker`` does not win within
        ``n`` moves, or ``None`` when every reply loses."""
        for reply in self.ordered(defender, attacker, False):
            defender_after, attacker_after = _after(defender, attacker, reply)
            if not self.wins(attacker_after, defender_after, n):
                return reply
        return None

    def fastest(self, own: Bitboard, enemy: Bitboard, n: int) -> int:
        """The fewest moves within which ``own`` wins, or ``n + 1`` if not within ``n``."""
        for k in range(1, n + 1):
            if self.wins(own, enemy, k):
                return k
        return n + 1


def _after(own: Bitboard, enemy: Bitboard, move: Move) -> tuple[Bitboard, Bitboard]:
    """``(own, enemy)`` after ``own`` plays ``move``."""
    if move[2] == PASS:
        return own, enemy
    to = 1 << move[1]
    return own ^ (1 << move[0]) ^ to, enemy & ~to


def _sides(position: Position) -> tuple[Bitboard, Bitboard]:
    return position.boards[position.turn], position.boards[position.turn ^ 1]


def wins_within(position: Position, n: int) -> bool:
    """Whether the side to move captures every enemy checker within ``n`` of its own
    moves, whatever the defence.

    >>> wins_within(Position.parse("6/6/2rb2/6/6/6 r"), 1)
    True
    >>> wins_within(Position.parse("6/6/2rb2/2b3/6/6 r"), 1)
    False
    """
    own, enemy = _sides(position)
    return bool(enemy) and Solver(position.size).wins(own, enemy, n)


def winning_moves(position: Position, n: int, solver: "Solver | None" = None) -> list[str]:
    """Every first move (as text, sorted) that wins within ``n`` moves."""
    solver = solver or Solver(position.size)
    own, enemy = _sides(position)
    if not own or not enemy:
        return []
    moves = solver.ordered(own, enemy, False)
    return sorted(str(move) for move in moves if solver.move_wins(own, enemy, move, n))


def solve(position: Position, n: int, node_limit: "int | None" = None) -> "Puzzle | None":
    """The puzzle of ``position`` if the side to move wins within ``n`` moves and the
    solution is unique as the module describes, else ``None``. ``N`` is the fewest
    moves that win. ``None`` too when the first move would be a forced pass, or when
    the search passes ``node_limit`` positions.

    >>> solve(Position.parse("6/6/1r1r2/2b3/6/6 r"), 2) is None  # two ways to win
    True
    """
    if position.is_game_over():
        return None
    solver = Solver(position.size, node_limit)
    own, enemy = _sides(position)
    try:
        moves = solver.fastest(own, enemy, n)
        if moves > n or not generate_moves(position.geo, own, enemy):
            return None
        built = _turns(solver, own, enemy, moves, True)
    except SearchLimit:
        return None
    if built is None:
        return None
    line, refutations = built
    text = str(position)
    puzzle = Puzzle(puzzle_id(text), text, tuple(line), tuple(refutations), moves, 0)
    return puzzle._replace(rating=rate(position, puzzle))


def _turns(
    solver: Solver, own: Bitboard, enemy: Bitboard, left: int, first: bool
) -> "tuple[list[str], list[dict[str, str]]] | None":
    """The main line and refutations from a solver turn with ``left`` moves, the fewest
    that win; ``None`` if the solution is not unique."""
    moves = solver.ordered(own, enemy, False)
    winners = [move for move in moves if solver.move_wins(own, enemy, move, left)]
    winners.sort(key=str)
    if len(winners) != 1 and (first or left > 1):
        return None
    refutations = {}
    for move in moves:
        if move not in winners:
            refutations[str(move)] = str(_best_refutation(solver, own, enemy, move, left))
    move = winners[0]
    own, enemy = _after(own, enemy, move)
    if not enemy:
        return [str(move)], [refutations]
    # The longest defences keep the solver at ``left - 1`` moves (``left`` is the fewest).
    replies = sorted(solver.ordered(enemy, own, False), key=str)
    for reply in replies:
        defender, attacker = _after(enemy, own, reply)
        if solver.wins(attacker, defender, left - 2):
            continue
        rest = _turns(solver, attacker, defender, left - 1, False)
        if rest is not None:
            return [str(move), str(reply)] + rest[0], [refutations] + rest[1]
    return None


def _best_refutation(solver: Solver, own: Bitboard, enemy: Bitboard, move: Move, left: int) -> Move:
    """The most convincing reply to the failing ``move``: the solver cannot win within
    ``left - 1`` after it, better not within ``left`` either; then captures first."""
    attacker, defender = _after(own, enemy, move)
    best, best_key = Move.PASS, (9, 9, "")
    for reply in solver.ordered(defender, attacker, False):
        defender_after, attacker_after = _after(defender, attacker, reply)
        if solver.wins(attacker_after, defender_after, left - 1):
            continue
        longer = solver.wins(attacker_after, defender_after, left)
        key = (int(longer), int(reply[2] != CAPTURE), str(reply))
        if key < best_key:
            best, best_key = reply, key
    return best


def rate(position: Position, puzzle: Puzzle) -> int:
    """A rating on lichess's scale (600 to 2600) from the solution's length and how
    tempting the wrong tries are.

    300 a solver move; + 150 when the first move is a step, not a capture; + 50 for
    each capture that does not win (at most 4); + 80 for each search depth (plies)
    beyond the first that the computer's search needs to settle on the winning
    move, + 150 more if the Casual level's depth (3) does not find it.
    """
    from zola.ai import Deepening  # CPython only: the page never rates

    first = Move.parse(puzzle.line[0])
    captures = [key for key in puzzle.refutations[0] if "x" in key]
    rating = 300 * puzzle.moves + 50 * min(4, len(captures))
    if first.kind != CAPTURE and first != Move.PASS:
        rating += 150
    deepening = Deepening(position, seed=0, exact=1, stop_single=False)
    settled = 1
    for depth in range(1, 2 * puzzle.moves + 2):
        deepening.run(None, 20_000, depth)
        if deepening.depth < depth:
            break
        if deepening.move(deepening.completed[0][1]) != first:
            settled = depth + 1
    rating += 80 * (settled - 1) + (150 if settled > 3 else 0)
    return max(600, min(2600, rating))


def prove(puzzle: Puzzle) -> bool:
    """Re-check a puzzle with the solver: ``N`` is the fewest moves that win, the first
    move is the only winner, each later solver move of the line the only one that wins
    in time (or at the last move captures the last checker), each defence is a longest
    one, and each refutation is legal and really refutes.

    >>> prove(parse("6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"))
    True
    """
    position = Position.parse(puzzle.position)
    solver = Solver(position.size)
    own, enemy = _sides(position)
    left = puzzle.moves
    if not solver.wins(own, enemy, left) or solver.wins(own, enemy, left - 1):
        return False
    line = list(puzzle.line)
    for turn, refutations in enumerate(puzzle.refutations):
        move = Move.parse(line[2 * turn])
        moves = solver.ordered(own, enemy, False)
        winners = {str(m) for m in moves if solver.move_wins(own, enemy, m, left)}
        if move not in moves or str(move) not in winners:
            return False
        if (turn == 0 or left > 1) and len(winners) != 1:
            return False
        if set(refutations) != {str(m) for m in moves} - winners:
            return False
        for tried, reply_text in refutations.items():
            attacker, defender = _after(own, enemy, Move.parse(tried))
            reply = Move.parse(reply_text)
            if reply not in solver.ordered(defender, attacker, False):
                return False
            defender, attacker = _after(defender, attacker, reply)
            if solver.wins(attacker, defender, left - 1):
                return False
        own, enemy = _after(own, enemy, move)
        if left == 1:
            return not enemy and turn == len(puzzle.refutations) - 1
        reply = Move.parse(line[2 * turn + 1])
        if reply not in solver.ordered(enemy, own, False):
            return False
        enemy, own = _after(enemy, own, reply)
        left -= 1
        if solver.wins(own, enemy, left - 1):  # not a longest defence
            return False
    return False
