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

The reading part (:func:`parse`, :func:`read`, :func:`index`, :func:`find`,
:func:`line_of`, :func:`daily`, :func:`puzzle_size`) runs on the page's MicroPython
too; the solver that proves a puzzle is :mod:`zola.puzzles.solver` (CPython only).

>>> [p.id for p in read("6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|")]
['6-2nknhv']
"""

from collections import namedtuple

from zola.compat import quoted
from zola.rules.errors import ZolaError
from zola.rules.geometry import is_number
from zola.rules.move import Move
from zola.rules.position import Position, rank_text, rank_tokens

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import NamedTuple, TypeVar

    Chosen = TypeVar("Chosen", "Puzzle", "Entry")  # a set's puzzles, read or indexed

_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
PUZZLE_SIZES = (6, 8, 10)  # the boards puzzles are mined on and the page offers


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


# Per board size: for each symmetry 0-7, the cell of a position's cells (in the order its
# text reads them: the top rank first, each from its a-file) that each cell of the image,
# in the same order, comes from (see _map_square).
_SOURCES: "dict[int, list[list[int]]]" = {}


def _sources(n: int) -> "list[list[int]]":
    """The cells the images of an ``n`` x ``n`` board come from (see ``_SOURCES``)."""
    if n not in _SOURCES:
        tables = []
        for symmetry in range(8):
            table = [0] * (n * n)
            for row in range(n):  # the text's row ``row`` is rank ``n - 1 - row``
                for f in range(n):
                    image_f, image_r = _map_square(f, n - 1 - row, n, symmetry)
                    table[(n - 1 - image_r) * n + image_f] = row * n + f
            tables.append(table)
        _SOURCES[n] = tables
    return _SOURCES[n]


def canonical(position: str) -> str:
    """The least text among the position's images under the board's 8 symmetries and
    the exchange of colours (and side to move): equal for positions that are the
    same puzzle. (The images are :func:`_transform`'s, the position read once: a page
    checks a puzzle's id on its MicroPython.)

    >>> mirrored, exchanged = "6/6/6/2rb2/6/6 r", "6/6/2br2/6/6/6 b"
    >>> canonical("6/6/2rb2/6/6/6 r") == canonical(mirrored) == canonical(exchanged)
    True
    """
    board, side = position.split(" ")
    rows = board.split("/")
    cells = ""
    for row in rows:
        for token in rank_tokens(row):
            cells += "." * int(token) if is_number(token) else token
    n = len(rows)
    other = {"r": "b", "b": "r"}[side]
    best = ""
    for table in _sources(n):
        image = "".join([cells[cell] for cell in table])
        exchanged = image.replace("r", "x").replace("b", "r").replace("x", "b")
        for text, turn in ((image, side), (exchanged, other)):
            ranks = [rank_text(text[start : start + n]) for start in range(0, n * n, n)]
            candidate = "/".join(ranks) + " " + turn
            if not best or candidate < best:
                best = candidate
    return best


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
    zola.puzzles.sets.PuzzleError: bad puzzle '6-2nknhv': N is 3 but the line has 2 solver moves
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
        problem = _not_a_number(name, value)
        if problem:
            raise bad(problem)
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
    return [puzzle for _, puzzle in numbered(text)]


if TYPE_CHECKING:

    class _Entry(NamedTuple):
        id: str
        rating: int
        line: str
        number: int

else:
    _Entry = namedtuple("Entry", ("id", "rating", "line", "number"))


class Entry(_Entry):
    """A puzzle of a set as :func:`index` finds it: its id, rating, line and line number;
    the line is read in full (:meth:`puzzle`) only when the puzzle is opened."""

    __slots__ = ()

    def puzzle(self) -> Puzzle:
        """The puzzle of the line (see :func:`parse`); a :class:`PuzzleError` names the
        line's number."""
        try:
            return parse(self.line)
        except PuzzleError as error:
            raise PuzzleError("line " + str(self.number) + ": " + str(error)) from None


def index(text: str) -> list[Entry]:
    """The puzzles of a file's text, as :func:`read` finds them, each only as far as a
    page needs to choose one: its id and rating (a set of 600 puzzles reads in
    milliseconds on the page's MicroPython, where :func:`read` takes seconds). A line
    whose id or rating does not read is refused here; the rest of a line is read when
    its puzzle opens (:meth:`Entry.puzzle`).

    >>> [(e.id, e.rating) for e in index("# sets\\n6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1;|")]
    [('6-2nknhv', 600)]
    >>> index("\\n6-x;2;600;6/6/r5/6/6/r4b b;f1xa1;|")
    Traceback (most recent call last):
    ...
    zola.puzzles.sets.PuzzleError: line 2: bad puzzle '6-x': not a puzzle id
    """
    entries = []
    for number, line in _lines(text):
        fields = line.split(";", 3)
        ident = fields[0]
        rating = fields[2] if len(fields) == 4 else ""
        why = ""
        if len(fields) != 4:
            why = "expected 6 fields separated by ';' (id;N;rating;position;line;refutations)"
        elif puzzle_size(ident) not in PUZZLE_SIZES or len(ident) != len(ident.split("-")[0]) + 7:
            why = "not a puzzle id"
        else:
            why = _not_a_number("rating", rating)
        if why:
            shown = quoted(ident[:40])
            raise PuzzleError("line " + str(number) + ": bad puzzle " + shown + ": " + why)
        entries.append(Entry(ident, int(rating), line, number))
    return entries


def numbered(text: str) -> list[tuple[int, Puzzle]]:
    """The puzzles of a file's text as :func:`read` reads them, each with its line number.

    >>> line = "6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"
    >>> [(number, puzzle.id) for number, puzzle in numbered("# a comment\\n\\n" + line)]
    [(3, '6-2nknhv')]
    """
    puzzles = []
    for number, line in _lines(text):
        try:
            puzzles.append((number, parse(line)))
        except PuzzleError as error:
            raise PuzzleError("line " + str(number) + ": " + str(error)) from None
    return puzzles


def _lines(text: str) -> "Iterator[tuple[int, str]]":
    """The puzzle lines of a file's text, each with its number (from 1), stripped:
    blank lines and ``#`` comments are skipped."""
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield number, line


def _not_a_number(name: str, value: str) -> str:
    """What is wrong with ``value`` as the field ``name`` (``N``, ``rating``): a whole
    number of at most five digits; ``""`` if nothing."""
    if is_number(value) and len(value) <= 5:
        return ""
    return name + " must be a whole number, not " + quoted(value)


def line_of(text: str, ident: str) -> str:
    """The line of the puzzle ``ident`` in a file's text, found as text: the one line that
    starts with the id and ``;`` (after blanks), as :func:`read` reads lines; no other
    line is read, so a page finds one puzzle of a set (100 KB) at once, where reading
    every puzzle takes seconds on its MicroPython. Read the line with :func:`parse`.

    >>> text = "# 6-2nknhv; a comment\\n  6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|\\r\\n"
    >>> line_of(text, "6-2nknhv")
    '6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|'
    >>> line_of(text, "6-2nknh")
    Traceback (most recent call last):
    ...
    zola.puzzles.sets.PuzzleError: no puzzle has the id '6-2nknh'
    """
    # Searched as bytes: MicroPython finds a str's n-th character by counting from its
    # start (every find and slice would read the text again), a byte at once.
    data, key = text.encode(), (ident + ";").encode()
    at = data.find(key) if ident else -1
    while at >= 0:
        start = data.rfind(b"\n", 0, at) + 1
        if not data[start:at].decode().strip():  # the id begins its line
            end = data.find(b"\n", at)
            return data[start : len(data) if end < 0 else end].decode().strip()
        at = data.find(key, at + len(key))
    raise PuzzleError("no puzzle has the id " + quoted(ident))


def load(size: int) -> list[Puzzle]:
    """The packaged puzzles of a 6x6, 8x8 or 10x10 board (CPython: read from ``zola/data``)."""
    if size not in PUZZLE_SIZES:
        raise PuzzleError("puzzles come for sizes 6, 8 and 10, not " + quoted(size))
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
    zola.puzzles.sets.PuzzleError: no puzzle has the id '6-abc'
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


def daily(puzzles: "list[Chosen]", date: str) -> "Chosen":
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
