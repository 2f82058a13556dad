"""Board geometry: squares, names, exact distances and precomputed bitboard masks.

A square is one integer for every board size: ``rank * 10 + file`` with
0-based file and rank, so ``a1`` is 0, ``c3`` is 22 and ``j10`` is 99.
A set of squares is a bitboard: an ``int`` with bit ``square`` set.

>>> parse_square("c3"), square_name(22)
(22, 'c3')
>>> distance2(6, parse_square("c3")), distance2(6, parse_square("a1"))
(2, 50)
"""

from zola.compat import cache, quoted
from zola.lang.i18n import Text
from zola.rules.errors import InvalidOptionError, InvalidSquareError

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

# The integer kinds, named for type checkers (plain aliases: no ``typing`` on the page).
Square = int  # a square, ``rank * 10 + file``: 0 (a1) to 99 (j10)
Bitboard = int  # a set of squares: bit ``square`` set for each
Color = int  # a side: RED (0) or BLUE (1) in zola.rules.position

SIZES = (6, 8, 10)
STRIDE = 10
FILES = "abcdefghij"

# The eight king/queen directions as (file step, rank step).
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def square(file: int, rank: int) -> Square:
    """The square at 0-based ``file`` and ``rank``.

    >>> square(2, 2)
    22
    """
    return rank * STRIDE + file


def square_file(sq: Square) -> int:
    """0-based file of ``sq``: ``square_file(22) == 2``."""
    return sq % STRIDE


def square_rank(sq: Square) -> int:
    """0-based rank of ``sq``: ``square_rank(22) == 2``."""
    return sq // STRIDE


def parse_square(text: str, size: int = 10) -> Square:
    """Parse a square name; it must lie on a ``size`` x ``size`` board.

    >>> parse_square("j10")
    99
    >>> parse_square("g1", size=6)
    Traceback (most recent call last):
    ...
    zola.InvalidSquareError: square 'g1' is off the 6x6 board
    """
    sq = _SQUARES.get(text) if isinstance(text, str) else None
    if sq is None:
        raise InvalidSquareError(Text("error.square", square=quoted(text)))
    if sq % STRIDE >= size or sq // STRIDE >= size:
        raise InvalidSquareError(Text("error.off_board", square=quoted(text), size=size))
    return sq


# Every square's name, and the square of every name (MicroPython builds a name slowly).
_NAMES = {sq: FILES[sq % STRIDE] + str(sq // STRIDE + 1) for sq in range(STRIDE * STRIDE)}
_SQUARES = {name: sq for sq, name in _NAMES.items()}
# Lookups, not Python functions: on MicroPython a call of a Python function costs as much
# as a few dozen lookups. square_name(99) is 'j10'; square_named('j10') is 99 (a name of
# a 10x10 board's square, else None).
square_name: "Callable[[Square], str]" = _NAMES.__getitem__
square_named: "Callable[[str], Square | None]" = _SQUARES.get
# Every square's bit, made once: on the page's MicroPython a bitboard is a big integer,
# and each shift makes a new one.
BIT = [1 << sq for sq in range(STRIDE * STRIDE)]


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits, like ``'10'``.

    >>> is_number("10"), is_number(""), is_number("-1"), is_number("\u0663")
    (True, False, False, False)
    """
    return text != "" and all("0" <= c <= "9" for c in text)


def king_distance(a: Square, b: Square) -> int:
    """How many king steps apart two squares are: ``king_distance(0, 22) == 2``."""
    return max(abs(a % STRIDE - b % STRIDE), abs(a // STRIDE - b // STRIDE))


def distance2(size: int, sq: Square) -> int:
    """Exact squared distance, times 4, from the centre of ``sq`` to the board's centre.

    ``(2f - (n-1))^2 + (2r - (n-1))^2``: equal values mean equally far.

    >>> distance2(10, parse_square("e2")) == distance2(10, parse_square("b5")) == 50
    True
    """
    f, r = sq % STRIDE, sq // STRIDE
    return (2 * f - (size - 1)) ** 2 + (2 * r - (size - 1)) ** 2


def check_size(size: object) -> int:
    """Return ``size`` if it is a supported board size, else raise :class:`InvalidOptionError`.

    >>> check_size(7)
    Traceback (most recent call last):
    ...
    zola.InvalidOptionError: board size must be 6, 8 or 10, not 7
    """
    if not isinstance(size, int) or size not in SIZES:
        raise _size_error(size)
    return size


def parse_size(text: str) -> int:
    """The board size written ``text``: ``"6"``, ``"8"`` or ``"10"``.

    >>> parse_size("8")
    8
    >>> parse_size("08")
    Traceback (most recent call last):
    ...
    zola.InvalidOptionError: board size must be 6, 8 or 10, not '08'
    """
    for size in SIZES:
        if text == str(size):
            return size
    raise _size_error(text)


def _size_error(value: object) -> InvalidOptionError:
    return InvalidOptionError(Text("error.size", value=quoted(value)))


def shift(bb: Bitboard, by: int) -> Bitboard:
    """Move every square of ``bb`` by ``by`` (positive: towards j10)."""
    return bb << by if by > 0 else bb >> -by


class Geometry:
    """Precomputed tables of one board size. Get one with :func:`geometry`.

    - ``squares``: the squares of the board, a1 first, rank by rank.
    - ``mask``: bitboard of all squares.
    - ``dist``: ``dist[sq]`` is :func:`distance2` (0 for squares off the board).
    - ``steps``: per direction ``(by, origins)``: the squares whose neighbour
      ``by`` away is on the board and strictly farther from the centre.
    - ``captures``: per direction ``(by, targets)``, where ``targets[j - 1]`` holds
      the squares reached ``j`` squares away from an origin whose capture there
      keeps or reduces the distance. Along a line the distance is a convex
      function, so the allowed ``j`` form a prefix ``1..k`` of the ray.
    - ``classes``: ``classes[sq]`` is the distance class, 0 nearest the centre.
    - ``checkered``: bitboard of the squares of a1's colour (Red's at the start);
      ``shade[sq]`` is 1 for those squares, else 0 (a lookup where a bitboard would be
      a shift, slow on MicroPython).
    """

    # The move tables, made when first asked for (see __getattr__).
    steps: "list[tuple[int, Bitboard]]"
    captures: "list[tuple[int, list[Bitboard]]]"

    def __init__(self, size: int) -> None:
        self.size = n = check_size(size)
        self.squares = squares = [square(f, r) for r in range(n) for f in range(n)]
        self.mask: Bitboard = sum(((1 << n) - 1) << (r * STRIDE) for r in range(n))
        self.dist = dist = [0] * (STRIDE * STRIDE)
        self.checkered: Bitboard = 0
        self.shade = shade = [0] * (STRIDE * STRIDE)
        for sq in squares:
            dist[sq] = distance2(n, sq)
            if (sq % STRIDE + sq // STRIDE) % 2 == 0:
                self.checkered |= 1 << sq
                shade[sq] = 1
        level = {d: i for i, d in enumerate(sorted({dist[sq] for sq in squares}))}
        self.classes = classes = [-1] * (STRIDE * STRIDE)
        for sq in squares:
            classes[sq] = level[dist[sq]]

    def __getattr__(self, name: str) -> object:
        """``steps`` and ``captures``, made when first asked for: most of the work of a
        geometry (a few milliseconds a size on MicroPython), which a board that is only
        looked at never needs."""
        if name not in ("steps", "captures"):
            raise AttributeError(name)
        self._move_tables()
        return getattr(self, name)

    def _move_tables(self) -> None:
        # A ray's length comes from a closed form, and few operations touch big integers.
        n, squares = self.size, self.squares
        self.steps = []
        self.captures = []
        for df, dr in DIRECTIONS:
            # With c = (2f - (n-1), 2r - (n-1)), the square j steps along (df, dr) has
            # distance2 |c|^2 + 4j(c.d) + 4j^2|d|^2: no farther than the origin while
            # j * |d|^2 <= -(c.d) =: fall. A step (j = 1) must go farther: fall < |d|^2;
            # else the captures reach min(fall // |d|^2, squares to the edge) squares.
            by = dr * STRIDE + df
            norm = df * df + dr * dr
            origins = 0
            reaching = [0] * n  # reaching[k]: the origins whose captures reach k squares
            for sq in squares:
                f, r = sq % STRIDE, sq // STRIDE
                edge = min(
                    n - 1 - f if df > 0 else f if df < 0 else n,
                    n - 1 - r if dr > 0 else r if dr < 0 else n,
                )
                if edge:
                    fall = -((2 * f - (n - 1)) * df + (2 * r - (n - 1)) * dr)
                    if fall < norm:
                        origins |= 1 << sq
                    else:
                        reaching[min(fall // norm, edge)] |= 1 << sq
            targets: list[Bitboard] = []
            reach = 0  # the origins whose captures reach j squares or more
            for j in range(n - 1, 0, -1):
                reach |= reaching[j]
                if reach:
                    targets.append(shift(reach, j * by))
            targets.reverse()
            self.steps.append((by, origins))
            self.captures.append((by, targets))

    def on_board(self, file: int, rank: int) -> bool:
        """Whether 0-based ``file`` and ``rank`` lie on this board."""
        return 0 <= file < self.size and 0 <= rank < self.size


@cache
def geometry(size: int) -> Geometry:
    """The shared :class:`Geometry` of a ``size`` x ``size`` board."""
    return Geometry(size)
