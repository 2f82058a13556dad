"""SVG boards: one pure renderer for the web app, embeds and static diagrams.

The output is a standalone SVG document (presentation attributes, no external
CSS), with semantic classes a page may restyle and stable hooks: the root
carries ``data-position``, each square's path ``data-square``, each checker's two
circles ``data-on`` (its square). Few elements: a square is one path (a browser keeps
it in half the memory of a rect: a page of many boards holds thousands of squares), a
checker two circles, and what is drawn over the squares takes no clicks (they reach the
square). Little markup: what parts of a kind share (their class and colours) is said
once, by the group that holds them (``<g class="checker red" fill=...>``, the squares of
one colour on a board that takes no focus, the coordinates), which they inherit: a page of
many boards is read, styled and laid out sooner.

>>> from zola.rules.position import Position
>>> svg = render(Position.start(6), last_move=Move.parse("c3xd3"))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'data-square="c3"' in svg
(True, True)

The pieces of a board (:func:`squares`, :func:`checker`, :func:`arrow`, ...)
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
    ranks = []
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
        ranks.append(row)
    parts += [row[0] for row in ranks]
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
    for kind, group in enumerate(drawn.groups, 1):  # the checkers' circles (see Row)
        circles = "".join([row[kind] for row in ranks])
        if circles:
            parts += (group, circles, "</g>")
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

# One rank as drawn: its squares, then its checkers' circles (red's bodies, blue's, red's
# marks, blue's). A plain tuple: MicroPython makes one in a thirtieth of the time of a named
# tuple's.
if TYPE_CHECKING:
    Row = tuple[str, str, str, str, str]
    Piece = tuple[str, str]  # a checker's circles on a board: its body's, its mark's


class Drawn:
    """What boards of one style (see :func:`render`) drew: their ranks by rank, checkers
    and focus (``rows``), their labelled squares by square, content and focus (``cells``)
    and checkers' circles by square and colour (``pieces``), their squares unlabelled
    (``ground``, a board that takes no focus), coordinates and distance class letters, the
    groups of the checkers' circles, their squares' labels. Little is made per square
    before a board needs it: a page's boards come in few styles, but every style's first
    board waits for what is made."""

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
        self.rows: dict[int, Row] = {}
        self.cells: dict[int, str] = {}
        # Each rank's checkers by file, a list a colour (None: not drawn yet): the body's
        # circle and the mark's.
        self.pieces: list[tuple[list[Piece | None], list[Piece | None]] | None] = [None] * size
        self.coordinates = coordinate_labels(size, side, bool(flip), theme) if side else ""
        self.letters = class_letters(size, side, bool(flip), theme) if shading else ""
        # The groups of the checkers' circles (see Row): what a colour's bodies, or marks,
        # share.
        looks = [_looks(color, theme) for color in (RED, BLUE)]
        self.groups = [
            '<g class="%s %s" %s>' % (kind, COLOR_NAMES[color], looks[color][part])
            for part, kind in enumerate(("checker", "mark"))
            for color in (RED, BLUE)
        ]
        # A checker's circles: its body's and its mark's, for its square's name and centre.
        self.circles = [
            [_CIRCLE % _RADII[color][part] for part in (0, 1)] for color in (RED, BLUE)
        ]
        self.corners = square_corners(size, bool(flip), side)
        self.fills = square_fills(size, bool(shading), theme)
        self.shade = geometry(size).shade
        self.ground = squares(size, bool(flip), side, bool(shading), theme, hooks=True)
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

    def row(self, rank: int, reds: int, blues: int, focus: Square | None) -> "Row":
        """The labelled squares (none on a board that takes no focus) and the checkers'
        circles (see ``Row``) of rank ``rank`` (0 the first) holding the checkers ``reds``
        and ``blues`` (a bit a file, a's lowest)."""
        red, blue = self.pieces[rank] or self.rank_pieces(rank)
        # File by file, each checker as drawn before.
        reds_drawn = [
            red[file] or self.piece(rank, file, RED)
            for file in range(self.size)
            if reds >> file & 1
        ]
        blues_drawn = [
            blue[file] or self.piece(rank, file, BLUE)
            for file in range(self.size)
            if blues >> file & 1
        ]
        circles = (
            "".join([piece[0] for piece in reds_drawn]),
            "".join([piece[0] for piece in blues_drawn]),
            "".join([piece[1] for piece in reds_drawn]),
            "".join([piece[1] for piece in blues_drawn]),
        )
        if self.labels is None:
            return ("",) + circles
        squares, base, cells = [], rank * STRIDE, self.cells
        for file in range(self.size):
            sq = base + file
            owner = RED if reds >> file & 1 else BLUE if blues >> file & 1 else None
            key = (sq << 3) | ((2 if owner is None else owner) << 1) | (sq == focus)
            squares.append(cells.get(key) or self.cell(key, sq, owner, focus))
        return ("".join(squares),) + circles

    def rank_pieces(self, rank: int) -> "tuple[list[Piece | None], list[Piece | None]]":
        """Rank ``rank``'s checkers by file, red and blue, none drawn yet."""
        pieces = self.pieces[rank] = ([None] * self.size, [None] * self.size)
        return pieces

    def piece(self, rank: int, file: int, owner: Color) -> "Piece":
        """The checker of ``owner`` on the square at ``file`` of ``rank`` (its body's
        circle and its mark's), kept."""
        sq = rank * STRIDE + file
        name, (x, y) = square_name(sq), self.corners[sq]
        cx, cy = x + CELL // 2, y + CELL // 2
        body, mark = self.circles[owner]
        piece = (body % (name, cx, cy), mark % (name, cx, cy))
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


# A square: its shade, more attributes (hooks, a label), its top left corner and colour;
# and in a group of its colour, its hooks and its top left corner.
_SQUARE = '<path class="square %%s"%%s d="M%%s %%sh%sv%sh-%sz" fill="%%s"/>' % (CELL, CELL, CELL)
_PLAIN = '<path%%s d="M%%s %%sh%sv%sh-%sz"/>' % (CELL, CELL, CELL)
_SHADES = ("light", "dark")
_HOOKS = {sq: ' data-square="%s"' % square_name(sq) for sq in range(STRIDE * STRIDE)}


def squares(size: int, flip: bool, side: int, shading: bool, theme: Theme, hooks: bool) -> str:
    """Every square of the board, unlabelled, in a group a colour (``g.square.dark``, its
    fill), a1's first; with ``hooks``, each its ``data-square``.

    >>> from zola.draw.themes import LIGHT
    >>> squares(6, False, MARGIN, False, LIGHT, hooks=False)[:71]
    '<g class="square dark" fill="#dccdb0"><path d="M36 500h100v100h-100z"/>'
    """
    corners, fills = square_corners(size, flip, side), square_fills(size, shading, theme)
    geo = geometry(size)
    colours: list[tuple[int, str]] = []  # in the order first met
    groups: dict[tuple[int, str], list[str]] = {}
    for sq in geo.squares:
        x, y = corners[sq]
        colour = (geo.shade[sq], fills[sq])
        if colour not in groups:
            colours.append(colour)
            groups[colour] = []
        groups[colour].append(_PLAIN % (_HOOKS[sq] if hooks else "", x, y))
    return "".join(
        [
            '<g class="square %s" fill="%s">%s</g>'
            % (_SHADES[colour[0]], colour[1], "".join(groups[colour]))
            for colour in colours
        ]
    )


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
    geo, corners = geometry(size), square_corners(size, flip, side)
    xs, ys, letters = [], [], []
    for sq in geo.squares:
        x, y = corners[sq]
        xs.append(str(x + 2))
        ys.append(str(y + 20))
        letters.append(chr(65 + geo.classes[sq]))
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
    """The file letters under the board and the rank numbers left of it, in one group
    that holds their looks (a text element each: SVG renderers other than browsers do
    not centre the characters of one text element on a position each)."""
    parts = [
        '<g class="coordinate" font-size="22" font-family="sans-serif" text-anchor="middle" '
        'fill="%s">' % theme.coordinates
    ]
    files = range(size - 1, -1, -1) if flip else range(size)
    for col, f in enumerate(files):
        x, y = side + col * CELL + CELL // 2, size * CELL + 26
        parts.append('<text x="%s" y="%s">%s</text>' % (x, y, FILES[f]))
    ranks = range(size) if flip else range(size - 1, -1, -1)
    for row, r in enumerate(ranks):
        x, y = side // 2, row * CELL + CELL // 2 + 8
        parts.append('<text x="%s" y="%s">%s</text>' % (x, y, r + 1))
    parts.append("</g>")
    return "".join(parts)


def _button(sq: Square, focus: Square | None) -> str:
    """The attributes that make a square a keyboard button, when the board takes focus."""
    if focus is None:
        return ""
    return ' role="button" tabindex="%s"' % (0 if sq == focus else -1)


def checker(color: Color, cx: int, cy: int, theme: Theme) -> str:
    """A checker on its own, two circles: red with a solid inner dot, blue with an inner
    ring (not colour alone), both rimmed a shade darker. (On a board, :func:`render` puts
    them in the groups of their kind and colour, ``g.checker.red``, ``g.mark.red``...)

    >>> from zola.draw.themes import LIGHT
    >>> blue = checker(BLUE, 50, 50, LIGHT)
    >>> blue.count("<circle"), 'r="16" fill="none"' in blue
    (2, True)
    """
    radii, looks = _RADII[color], _looks(color, theme)
    return '<circle cx="%s" cy="%s" r="%s" %s/><circle cx="%s" cy="%s" r="%s" %s/>' % (
        cx, cy, radii[0], looks[0], cx, cy, radii[1], looks[1]
    )


# A checker's body and mark: their radii, red's then blue's (a dot, a ring), and on a
# board, in their groups, a circle for its square's name and its centre.
_RADII = (("38", "11"), ("38", "16"))
_CIRCLE = '<circle data-on="%%s" cx="%%s" cy="%%s" r="%s"/>'


def _looks(color: Color, theme: Theme) -> tuple[str, str]:
    """The colours of a checker of ``color``: its body's attributes and its mark's."""
    fill = theme.red if color == RED else theme.blue
    body = 'fill="%s" stroke="%s" stroke-width="3"' % (fill, theme.rims[color])
    if color == RED:
        return (body, 'fill="%s"' % theme.mark)
    return (body, 'fill="none" stroke="%s" stroke-width="6"' % theme.mark)


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
