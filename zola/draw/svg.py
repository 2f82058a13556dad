"""SVG boards: one pure renderer for the web app, embeds and static diagrams.

The output is a standalone SVG document (presentation attributes, no external
CSS), with semantic classes a page may restyle and stable hooks: the root
carries ``data-position``, each square's path ``data-square``, each checker's two
circles ``data-on`` (its square). Few elements: a square is one path (a browser keeps
it in half the memory of a rect: a page of many boards holds thousands of squares), a
checker two circles, and what is drawn over the squares takes no clicks (they reach the
square).

>>> from zola.rules.position import Position
>>> svg = render(Position.start(6), last_move=Move.parse("c3xd3"))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'data-square="c3"' in svg
(True, True)

The pieces of a board (:func:`square_shape`, :func:`checker`, :func:`arrow`, ...)
are SVG fragments in the board's coordinates, :data:`CELL` units a square;
:mod:`zola.draw.replay` draws its animated boards with them too:

>>> square_corner(0, 6, False, MARGIN)   # a1, the bottom left square of a 6x6 board
(36, 500)
"""


from zola.draw.themes import LIGHT, Theme, blend
from zola.lang.i18n import say
from zola.rules.geometry import (
    FILES,
    STRIDE,
    Bitboard,
    Color,
    Square,
    geometry,
    square_name,
)
from zola.rules.move import CAPTURE, Move
from zola.rules.sides import BLUE, COLOR_NAMES, RED

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import Protocol

CELL = 100
MARGIN = 36


if TYPE_CHECKING:

    class Drawable(Protocol):
        """What :func:`render` draws: a :class:`~zola.rules.position.Position`, or a board
        being set up (:class:`~zola.page.editor.Editor`)."""

        @property
        def size(self) -> int: ...
        @property
        def boards(self) -> "list[Bitboard]": ...  # the red and the blue checkers


def escape(text: str) -> str:
    """``text`` safe inside an XML attribute or element.

    >>> escape('<a href="x">&</a>')
    '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
    """
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(char, entity)
    return text


def render(
    position: "Drawable",
    *,
    flip: bool = False,
    coordinates: bool = True,
    shading: bool = False,
    selected: Square | None = None,
    hints: list[Move] | tuple[Move, ...] = (),
    last_move: Move | None = None,
    highlight: list[Square] | tuple[Square, ...] = (),
    arrows: list[Move] | tuple[Move, ...] = (),
    replies: list[Move] | tuple[Move, ...] = (),
    theme: Theme = LIGHT,
    language: str = "en",
    focus: Square | None = None,
) -> str:
    """Draw ``position`` (a :class:`~zola.rules.position.Position`, or anything with its
    ``size``, ``boards`` and text) as an SVG document string.

    ``flip`` shows the board as Blue sees it; ``shading`` colours the distance
    classes (nearest the centre warmest) and letters them A, B, ...;
    ``selected`` rings a square; ``hints`` are legal moves to mark (dots on
    empty targets, rings on capture targets); ``last_move`` tints its squares
    and marks a capture; ``highlight`` tints squares; ``arrows`` draws moves, and
    ``replies`` moves in answer to them, in a colour of their own.
    ``language`` is for the labels read by screen readers. ``focus`` makes the
    squares keyboard buttons, ``focus`` the one reached by Tab (roving tabindex), the
    ``selected`` one pressed (``aria-pressed``).
    """
    size = position.size
    side = MARGIN if coordinates else 0
    last_squares = set() if last_move is None or last_move.from_square < 0 else set(last_move[:2])
    tinted = set(highlight)

    def corner(sq: Square) -> tuple[int, int]:
        return square_corner(sq, size, flip, side)

    def centre(sq: Square) -> tuple[int, int]:
        x, y = corner(sq)
        return x + CELL // 2, y + CELL // 2

    style = (size, flip, side, shading, theme, language, focus is None)
    drawn = _DRAWN.get(style)
    if drawn is None:
        if len(_DRAWN) >= MAX_STYLES:
            _DRAWN.clear()
        drawn = _DRAWN[style] = Drawn(style)
    # The root element and the background: all but the position are the style's.
    parts = [drawn.opening, escape(str(position)), drawn.opened]
    # The squares rank by rank (a1 first), each rank as drawn before when it was: a rank's
    # checkers are a few bits, and most ranks recur from board to board. A board that takes
    # no focus has the same squares whatever stands on them.
    if focus is None:
        parts.append(drawn.ground)
    rows, full = drawn.rows, (1 << size) - 1
    red, blue = position.boards
    checkers = []
    for rank in range(size):
        shift = rank * STRIDE
        reds, blues = red >> shift & full, blue >> shift & full
        file = focus - shift if focus is not None and shift <= focus < shift + size else -1
        key = (rank << 24) | ((file + 1) << 20) | (reds << 10) | blues
        row = rows.get(key)
        if row is None:
            if len(rows) >= MAX_ROWS:
                rows.clear()
            row = rows[key] = drawn.row(rank, reds, blues, focus)
        parts.append(row[0])
        checkers.append(row[1])
    # Everything drawn over the squares takes no clicks: they go to the square below.
    parts.append('<g class="over" pointer-events="none">')
    parts.append(drawn.letters)
    for sq in sorted(last_squares | tinted):
        parts.append(tint("last-move" if sq in last_squares else "highlight", *corner(sq), theme))
    if selected is not None:
        x, y = corner(selected)
        parts.append(
            '<rect class="selected" x="%s" y="%s" width="%s" height="%s" fill="none" '
            'stroke="%s" stroke-width="6"/>' % (x + 3, y + 3, CELL - 6, CELL - 6, theme.selected)
        )
    parts += checkers
    if last_move is not None and last_move.kind == CAPTURE:
        parts.append(capture_mark(*corner(last_move.to_square), theme))
    for move in hints:
        if move.to_square < 0:
            continue
        cx, cy = centre(move.to_square)
        if move.kind == CAPTURE:
            parts.append(
                '<circle class="hint capture" cx="%s" cy="%s" r="44" fill="none" stroke="%s" '
                'stroke-width="7" stroke-opacity="0.85"/>' % (cx, cy, theme.hint)
            )
        else:
            parts.append(
                '<circle class="hint step" cx="%s" cy="%s" r="14" fill="%s" fill-opacity="0.8"/>'
                % (cx, cy, theme.hint)
            )
    for move in arrows:
        parts.append(arrow(centre(move.from_square), centre(move.to_square), theme.arrow))
    for move in replies:
        parts.append(arrow(centre(move.from_square), centre(move.to_square), theme.reply))
    parts.append(drawn.coordinates)
    parts.append("</g></svg>")
    svg = "".join(parts)
    if selected is not None and focus is not None:  # the square's button, pressed
        hook = _HOOKS[selected] + " aria-label="
        svg = svg.replace(hook, _HOOKS[selected] + ' aria-pressed="true" aria-label=', 1)
    return svg


# What a square draws depends on few things: most of a board repeats what an earlier
# board drew (a docs page of boards in one style, the next move of a game). What is
# drawn is kept by style, for at most MAX_STYLES styles at a time, and at most MAX_ROWS
# ranks a style.
MAX_STYLES = 12
MAX_ROWS = 512

# One square or rank as drawn: (its squares, its checkers). A plain tuple: MicroPython
# makes one in a thirtieth of the time of a named tuple's.
if TYPE_CHECKING:
    Cell = tuple[str, str]


class Drawn:
    """What boards of one style (see :func:`render`) drew: their ranks by rank, checkers
    and focus (``rows``), their labelled squares by square, content and focus (``cells``)
    and checkers by square and colour (``pieces``), their squares unlabelled (``ground``,
    a board that takes no focus), coordinates and distance class letters, their squares'
    labels. Little is made per square before a board needs it: a page's boards come in
    few styles, but every style's first board waits for what is made."""

    def __init__(self, style: "tuple[object, ...]") -> None:
        size, flip, side, shading, theme, language, still = style
        if TYPE_CHECKING:
            assert isinstance(size, int) and isinstance(side, int) and isinstance(theme, Theme)
        self.size = size
        width = size * CELL + side
        self.opening = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" class="zola-board '
            'theme-%s" data-position="' % (width, width, theme.name)
        )
        self.opened = (
            '" data-size="%s" data-flipped="%s" role="%s" aria-label="%s">'
            '<rect class="background" width="%s" height="%s" fill="%s"/>'
            % (
                size,
                int(bool(flip)),
                "img" if still else "group",
                escape(say(str(language), "page.board_label", size=size)),
                width,
                width,
                theme.background,
            )
        )
        self.rows: dict[int, Cell] = {}
        self.cells: dict[int, str] = {}
        # Each rank's checkers by file, a list a colour (None: not drawn yet).
        self.pieces: list[tuple[list[str | None], list[str | None]] | None] = [None] * size
        self.coordinates = coordinate_labels(size, side, bool(flip), theme) if side else ""
        self.letters = class_letters(size, side, bool(flip), theme) if shading else ""
        self.checkers = [checker_format(color, theme, True) for color in (RED, BLUE)]
        self.corners = corners = square_corners(size, bool(flip), side)
        self.fills = fills = square_fills(size, bool(shading), theme)
        geo = geometry(size)
        self.shade = shade = geo.shade
        self.ground = "".join(
            [
                _SQUARE
                % (_SHADES[shade[sq]], _HOOKS[sq], corners[sq][0], corners[sq][1], fills[sq])
                for sq in geo.squares
            ]
        )
        # A square's label for each content (RED, BLUE, empty: COLOR_NAMES and "empty"),
        # "\0" standing for its name. A board that is one image (role="img", no square
        # takes focus) labels no square: an image's parts are not read.
        self.labels = (
            None
            if still
            else [
                escape(say(str(language), "square." + state, square="\0"))
                for state in ("red", "blue", "empty")
            ]
        )

    def row(self, rank: int, reds: int, blues: int, focus: Square | None) -> "Cell":
        """The labelled squares (none on a board that takes no focus) and the checkers of
        rank ``rank`` (0 the first) holding the checkers ``reds`` and ``blues`` (a bit a
        file, a's lowest)."""
        red, blue = self.pieces[rank] or self.rank_pieces(rank)
        # File by file, each checker as drawn before: one comprehension, no call a file.
        checkers = "".join(
            [
                (red[file] or self.piece(rank, file, RED))
                if reds >> file & 1
                else (blue[file] or self.piece(rank, file, BLUE))
                if blues >> file & 1
                else ""
                for file in range(self.size)
            ]
        )
        if self.labels is None:
            return ("", checkers)
        squares, base, cells = [], rank * STRIDE, self.cells
        for file in range(self.size):
            sq = base + file
            owner = RED if reds >> file & 1 else BLUE if blues >> file & 1 else None
            key = (sq << 3) | ((2 if owner is None else owner) << 1) | (sq == focus)
            squares.append(cells.get(key) or self.cell(key, sq, owner, focus))
        return ("".join(squares), checkers)

    def rank_pieces(self, rank: int) -> "tuple[list[str | None], list[str | None]]":
        """Rank ``rank``'s checkers by file, red and blue, none drawn yet."""
        pieces = self.pieces[rank] = ([None] * self.size, [None] * self.size)
        return pieces

    def piece(self, rank: int, file: int, owner: Color) -> str:
        """The checker of ``owner`` on the square at ``file`` of ``rank``, kept."""
        sq = rank * STRIDE + file
        name, (x, y) = square_name(sq), self.corners[sq]
        cx, cy = x + CELL // 2, y + CELL // 2
        piece = self.checkers[owner] % (name, cx, cy, name, cx, cy)
        pieces = self.pieces[rank]
        if TYPE_CHECKING:
            assert pieces is not None
        pieces[owner][file] = piece
        return piece

    def cell(self, key: int, sq: Square, owner: Color | None, focus: Square | None) -> str:
        """Square ``sq`` holding ``owner``, labelled so, kept as ``key``."""
        if TYPE_CHECKING:
            assert self.labels is not None
        label = self.labels[2 if owner is None else owner].replace("\0", square_name(sq))
        hooks = _HOOKS[sq] + ' aria-label="%s"%s' % (label, _button(sq, focus))
        x, y = self.corners[sq]
        cell = _SQUARE % (_SHADES[self.shade[sq]], hooks, x, y, self.fills[sq])
        self.cells[key] = cell
        return cell


_DRAWN: "dict[tuple[object, ...], Drawn]" = {}


# -- the pieces of a board, each an SVG fragment: render and zola.draw.replay draw with them ------


def square_corner(sq: Square, size: int, flip: bool, side: int) -> tuple[int, int]:
    """The top left corner of square ``sq`` on a drawing ``side`` wide left of the board."""
    return square_corners(size, flip, side)[sq]


def square_corners(size: int, flip: bool, side: int) -> "dict[Square, tuple[int, int]]":
    """The top left corner of every square of the board (see :func:`square_corner`),
    made once a layout."""
    layout = (size, flip, side)
    corners = _CORNERS.get(layout)
    if corners is None:
        corners = _CORNERS[layout] = {}
        for sq in geometry(size).squares:
            f, r = sq % STRIDE, sq // STRIDE  # its file and rank
            col, row = (size - 1 - f, r) if flip else (f, size - 1 - r)
            corners[sq] = (side + col * CELL, row * CELL)
    return corners


_CORNERS: "dict[tuple[int, bool, int], dict[Square, tuple[int, int]]]" = {}


# A square: its shade, more attributes (hooks, a label), its top left corner and colour.
_SQUARE = '<path class="square %%s"%%s d="M%%s %%sh%sv%sh-%sz" fill="%%s"/>' % (CELL, CELL, CELL)
_SHADES = ("light", "dark")
_HOOKS = {sq: ' data-square="%s"' % square_name(sq) for sq in range(STRIDE * STRIDE)}


def square_shape(x: int, y: int, dark: bool, fill: str, hooks: str = "") -> str:
    """A square's background, its top left corner at ``x``, ``y``; ``hooks`` are more
    attributes (``data-square``, ...).

    >>> square_shape(36, 500, True, "#dccdb0")
    '<path class="square dark" d="M36 500h100v100h-100z" fill="#dccdb0"/>'
    """
    return _SQUARE % (_SHADES[dark], hooks, x, y, fill)


def square_fills(size: int, shading: bool, theme: Theme) -> dict[Square, str]:
    """Each square's colour: light or dark (a1's), or with ``shading`` its distance
    class's, from warm nearest the centre to cool farthest (made once, not to be
    changed)."""
    key = (size, shading, theme)
    fills = _FILLS.get(key)
    if fills is None:
        geo = geometry(size)
        if shading:
            levels = max(geo.classes) or 1
            colours = [blend(*theme.shading, k / levels) for k in range(levels + 1)]
            fills = {sq: colours[geo.classes[sq]] for sq in geo.squares}
        else:
            fills = {sq: theme.square[geo.shade[sq]] for sq in geo.squares}
        _FILLS[key] = fills
    return fills


_FILLS: "dict[tuple[int, bool, Theme], dict[Square, str]]" = {}


def tint(kind: str, x: int, y: int, theme: Theme) -> str:
    """A square tinted as ``kind`` (``last-move`` or ``highlight``)."""
    return (
        '<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.55"/>'
        % (kind, x, y, CELL, CELL, theme.last_move)
    )


def class_letters(size: int, side: int, flip: bool, theme: Theme) -> str:
    """The letter of each square's distance class (A nearest the centre) in its top left
    corner, clear of the checker's rim: one text element, a position per letter."""
    classes = geometry(size).classes
    xs, ys, letters = [], [], []
    for sq in geometry(size).squares:
        x, y = square_corner(sq, size, flip, side)
        xs.append(str(x + 2))
        ys.append(str(y + 20))
        letters.append(chr(65 + classes[sq]))
    return (
        '<text class="class-letters" x="%s" y="%s" font-size="24" font-family="sans-serif" '
        'font-weight="bold" fill="%s" fill-opacity="0.8">%s</text>'
        % (" ".join(xs), " ".join(ys), theme.coordinates, "".join(letters))
    )


def capture_mark(x: int, y: int, theme: Theme) -> str:
    """The mark of a capture, in the top right of the square at ``x``, ``y``."""
    return (
        '<g class="capture-mark" transform="translate(%s,%s)" pointer-events="none">'
        '<circle r="14" fill="%s"/>'
        % (x + CELL - 20, y + 20, theme.capture)
        + '<path d="M-6,-6L6,6M6,-6L-6,6" stroke="#fff" stroke-width="3.5" '
        'stroke-linecap="round"/></g>'
    )


def coordinate_labels(size: int, side: int, flip: bool, theme: Theme) -> str:
    """The file letters under the board and the rank numbers left of it (a text element
    each: SVG renderers other than browsers do not centre the characters of one text
    element on a position each)."""
    parts = []
    files = range(size - 1, -1, -1) if flip else range(size)
    for col, f in enumerate(files):
        parts.append(
            '<text class="coordinate" x="%s" y="%s" font-size="22" font-family="sans-serif" '
            'text-anchor="middle" fill="%s">%s</text>'
            % (side + col * CELL + CELL // 2, size * CELL + 26, theme.coordinates, FILES[f])
        )
    ranks = range(size) if flip else range(size - 1, -1, -1)
    for row, r in enumerate(ranks):
        parts.append(
            '<text class="coordinate" x="%s" y="%s" font-size="22" font-family="sans-serif" '
            'text-anchor="middle" fill="%s">%s</text>'
            % (side // 2, row * CELL + CELL // 2 + 8, theme.coordinates, r + 1)
        )
    return "".join(parts)


def _button(sq: Square, focus: Square | None) -> str:
    """The attributes that make a square a keyboard button, when the board takes focus."""
    if focus is None:
        return ""
    return ' role="button" tabindex="%s"' % (0 if sq == focus else -1)


def checker(color: Color, cx: int, cy: int, theme: Theme, square: str = "") -> str:
    """A checker, two circles: red with a solid inner dot, blue with an inner ring (not
    colour alone), both rimmed a shade darker. On a board's ``square`` (a name), the
    body is ``class="checker red"`` (or ``blue``) and the inner mark ``class="mark"``,
    both ``data-on`` that square."""
    if square:
        return checker_format(color, theme, True) % (square, cx, cy, square, cx, cy)
    return checker_format(color, theme, False) % (cx, cy, cx, cy)


def checker_format(color: Color, theme: Theme, hooks: bool) -> str:
    """:func:`checker`'s markup with ``%s`` for what varies, in each of its two circles:
    its square's name (with ``hooks``), then its centre's x and y."""
    body = mark = ""
    if hooks:
        body = ' class="checker ' + COLOR_NAMES[color] + '" data-on="%s"'
        mark = ' class="mark" data-on="%s"'
    if color == RED:
        inner = 'r="11" fill="' + theme.mark + '"'
    else:
        inner = 'r="16" fill="none" stroke="' + theme.mark + '" stroke-width="6"'
    fill = theme.red if color == RED else theme.blue
    return (
        "<circle"
        + body
        + ' cx="%s" cy="%s" r="38" fill="'
        + fill
        + '" stroke="'
        + theme.rims[color]
        + '" stroke-width="3"/><circle'
        + mark
        + ' cx="%s" cy="%s" '
        + inner
        + "/>"
    )


def arrow(start: tuple[int, int], end: tuple[int, int], color: str) -> str:
    """A straight arrow from one square centre to another (whole numbers: the same on
    every Python)."""
    (x1, y1), (x2, y2) = start, end
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    hx, hy = x2 - ux * 26, y2 - uy * 26
    px, py = -uy * 16, ux * 16
    head = [round(v) for v in (hx, hy, hx + px, hy + py, hx - px, hy - py)]
    return (
        f'<g class="arrow" pointer-events="none" fill="{color}" stroke="{color}" '
        f'opacity="0.85"><line x1="{x1}" y1="{y1}" x2="{head[0]}" y2="{head[1]}" '
        f'stroke-width="12" stroke-linecap="round"/><polygon points="{x2},{y2} '
        f'{head[2]},{head[3]} {head[4]},{head[5]}"/></g>'
    )
