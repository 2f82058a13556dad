"""The review's graph: Red's win chance over a game, as a standalone SVG (the page shows
it under the board; each move is a point to click).

Its words (the label, each point's title) are said by ``say``, the page's: English by
default.

>>> from zola.rules.review import parse_review
>>> svg = graph_svg(parse_review("50_64_40.24??d4xe4"), width=200, height=60)
>>> svg.count("<circle"), 'data-ply="2"' in svg, "blunder" in svg
(2, True, True)
>>> from zola.lang.i18n import say
>>> german = graph_svg(parse_review("50_64_40.24??d4xe4"), say=lambda text: say("de", text))
>>> german.split("<title>")[3].split("</title>")[0]
'Zug 2: Rot 40 %, grober Fehler (besser d4xe4)'
"""

from zola.draw.svg import escape
from zola.lang.i18n import Text
from zola.rules.move import Move
from zola.rules.review import BLUNDER, INACCURACY, MISTAKE, Review, is_bad

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    Say = Callable[[Text | str], str]  # a Text in the page's language

_MARK_COLORS = ((INACCURACY, "#56b4e9"), (MISTAKE, "#e69f00"), (BLUNDER, "#db3031"))


def _mark_color(mark: str) -> str:
    for name, color in _MARK_COLORS:
        if name == mark:
            return color
    return "#555555"


def graph_svg(
    review: Review,
    *,
    width: int = 600,
    height: int = 120,
    current_ply: int | None = None,
    moves: "Sequence[Move] | None" = None,
    say: "Say" = str,
) -> str:
    """The evaluation graph: Red's win chance over the plies, as a standalone SVG.

    Red's chance runs from the start (left) to the last move (right), 100% at the
    top; a dashed line marks 50%. Each move is a ``<circle data-ply="N">`` (``N``:
    the ply after the move, 1 for the first move) with a ``<title>`` for screen
    readers, coloured by its mark when it is an inaccuracy or worse. ``current_ply``
    draws a marker at that ply; ``moves`` (the game's moves) names them in the
    titles. ``say`` says the words in the page's language (``str``: English). Integer
    coordinates only: the same bytes on every Python.
    """
    width = max(40, int(width))
    height = max(30, int(height))
    pad = 6
    count = len(review.moves)
    inner_w, inner_h = width - 2 * pad, height - 2 * pad

    def x(ply: int) -> int:
        return pad + (ply * inner_w // count if count else 0)

    def y(chance: int) -> int:
        return pad + (100 - chance) * inner_h // 100

    chances = [review.start] + [entry.red for entry in review.moves]
    points = " ".join(str(x(p)) + "," + str(y(c)) for p, c in enumerate(chances))
    mid = str(y(50))
    label = escape(say(Text("graph.label")))
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="zola-graph" width="'
        + str(width)
        + '" height="'
        + str(height)
        + '" viewBox="0 0 '
        + str(width)
        + " "
        + str(height)
        + '" role="group" aria-label="'
        + label
        + '">',
        "<title>" + label + "</title>",
        '<rect class="background" x="0" y="0" width="'
        + str(width)
        + '" height="'
        + str(height)
        + '" fill="#f4f1ea"/>',
        '<polygon class="red-area" fill="#f3c5c5" points="'
        + str(x(0))
        + ","
        + str(y(0))
        + " "
        + points
        + " "
        + str(x(count))
        + ","
        + str(y(0))
        + '"/>',
        '<line class="even" x1="'
        + str(pad)
        + '" y1="'
        + mid
        + '" x2="'
        + str(width - pad)
        + '" y2="'
        + mid
        + '" stroke="#999999" stroke-dasharray="4 3"/>',
        '<polyline class="chance" fill="none" stroke="#333333" stroke-width="2" points="'
        + points
        + '"/>',
    ]
    if current_ply is not None and 0 <= current_ply <= count:
        cx = str(x(current_ply))
        out.append(
            '<line class="current" data-ply="'
            + str(current_ply)
            + '" x1="'
            + cx
            + '" y1="0" x2="'
            + cx
            + '" y2="'
            + str(height)
            + '" stroke="#1e5bb8" stroke-width="2"/>'
        )
    for index, entry in enumerate(review.moves):
        ply = index + 1
        verdict = Text("graph.mark." + entry.mark, better=str(entry.better))
        if moves is not None and index < len(moves):
            move = str(moves[index])
            words = Text("graph.move", number=ply, move=move, chance=entry.red, verdict=verdict)
        else:
            words = Text("graph.move_unnamed", number=ply, chance=entry.red, verdict=verdict)
        title = escape(say(words))
        radius = "4" if is_bad(entry.mark) else "3"
        out.append(
            '<circle class="point '
            + entry.mark
            + '" data-ply="'
            + str(ply)
            + '" cx="'
            + str(x(ply))
            + '" cy="'
            + str(y(entry.red))
            + '" r="'
            + radius
            + '" fill="'
            + _mark_color(entry.mark)
            + '"><title>'
            + title
            + "</title></circle>"
        )
    out.append("</svg>")
    return "\n".join(out)
