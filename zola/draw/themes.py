"""The board's colours: a :class:`Theme` of every colour a board is drawn in, the
built-in ``LIGHT`` and ``DARK``, and :func:`blend` for the colours between two.

>>> THEMES["dark"].red, blend("#000000", "#ffffff", 0.5)
('#ef5350', '#808080')
"""

from collections import namedtuple

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    class _Theme(NamedTuple):
        name: str
        background: str  # around the squares, behind the coordinates
        square: tuple[str, str]  # light and dark squares
        shading: tuple[str, str]  # nearest and farthest distance class
        coordinates: str
        red: str
        blue: str
        rims: tuple[str, str]  # the edge of a red and of a blue checker, a shade darker
        mark: str  # the inner mark of a checker
        last_move: str
        selected: str
        hint: str
        capture: str
        arrow: str
        reply: str  # an arrow of the other side's answer (a best line's second move)

else:
    _Theme = namedtuple(
        "Theme",
        (
            "name",
            "background",
            "square",
            "shading",
            "coordinates",
            "red",
            "blue",
            "rims",
            "mark",
            "last_move",
            "selected",
            "hint",
            "capture",
            "arrow",
            "reply",
        ),
    )


class Theme(_Theme):
    """Colours of a board; ``LIGHT`` and ``DARK`` are the built-in themes."""

    __slots__ = ()


LIGHT = Theme(
    "light",
    "#fffaf0",
    ("#eadfc8", "#dccdb0"),
    ("#f7d9a8", "#8fb3c9"),
    "#5b4d3a",
    "#c62828",
    "#1e5bb8",
    ("#8b1c1c", "#154081"),
    "#ffffff",
    "#f2c94c",
    "#66bb6a",
    "#2e7d32",
    "#ff6f00",
    "#2e7d32",
    "#7b1fa2",
)
DARK = Theme(
    "dark",
    "#2a2724",
    ("#4a4540", "#3b3733"),
    ("#7a5c34", "#2f4a5c"),
    "#d8cfc0",
    "#ef5350",
    "#4f8fe8",
    ("#a73a38", "#3764a2"),
    "#1c1a18",
    "#a88a2c",
    "#43a047",
    "#a5d6a7",
    "#ffb74d",
    "#81c784",
    "#ce93d8",
)
THEMES = {theme.name: theme for theme in (LIGHT, DARK)}


def blend(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from hex colour ``a`` to ``b``."""
    channels = []
    for i in (1, 3, 5):
        x, y = int(a[i : i + 2], 16), int(b[i : i + 2], 16)
        channels.append("%02x" % round(x + (y - x) * t))
    return "#" + "".join(channels)
