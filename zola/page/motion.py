"""How a board changed, to animate: the one checker that moved between two positions (and
the one it captured, or that a step back brings back), as a
:class:`~zola.page.screen.Motion` in the drawing's units (see :mod:`zola.draw.svg`).

>>> from zola.rules.link import DEFAULT_VIEW
>>> from zola.rules.position import Position
>>> before = Position.parse("6/6/6/6/2rb2/6 r")
>>> after = Position.parse("6/6/6/6/3r2/6 b")
>>> drawn = DEFAULT_VIEW.replace(theme="light")  # as a board is drawn: its colours decided
>>> motion = slide((6,) + tuple(before.boards), after, drawn, browsing=False)
>>> motion.square, motion.dx, motion.dy, motion.ghost.startswith('<g class="ghost blue">')
('d2', -100, 0, True)
"""

from zola.compat import lowest_square, popcount
from zola.draw.svg import CELL, MARGIN, checker, square_corner
from zola.draw.themes import colours
from zola.page.screen import Motion
from zola.rules.geometry import square_name
from zola.rules.sides import BLUE, COLOR_NAMES, RED

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.rules.link import View
    from zola.rules.position import Position


def slide(
    before: tuple[int, int, int], position: "Position", view: "View", browsing: bool
) -> Motion | None:
    """How the board went from ``before`` (its size and the red and blue bitboards) to
    ``position`` as ``view`` draws it (its colours decided: see
    :meth:`zola.page.board.Board.drawn_view`); ``None`` when nothing or more than one checker's
    step or capture changed (or the size did). ``browsing``: a step through the game,
    not a move played."""
    if before[0] != position.size:
        return None
    for mover in (RED, BLUE):
        was, now = before[1 + mover], position.boards[mover]
        gone, came = was & ~now, now & ~was
        other, was_other = position.boards[mover ^ 1], before[2 - mover]
        lost, back = was_other & ~other, other & ~was_other
        if popcount(gone) != 1 or popcount(came) != 1 or (lost and back):
            continue
        start, end = lowest_square(gone), lowest_square(came)
        if lost not in (0, 1 << end) or back not in (0, 1 << start):
            continue
        side = MARGIN if view.coordinates else 0
        x0, y0 = square_corner(start, position.size, view.flip, side)
        x1, y1 = square_corner(end, position.size, view.flip, side)
        ghost = ""
        if lost:
            half = CELL // 2
            drawn = checker(mover ^ 1, x1 + half, y1 + half, colours(view.palette, view.theme))
            ghost = f'<g class="ghost {COLOR_NAMES[mover ^ 1]}">{drawn}</g>'
        appear = square_name(start) if back else ""
        return Motion(square_name(end), x0 - x1, y0 - y1, ghost, appear, browsing)
    return None
