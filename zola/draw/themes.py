"""The board's colours: a :class:`Theme` of every colour a board is drawn in, the
palettes (:data:`PALETTES`: each a light and a dark Theme; today's ``LIGHT`` and ``DARK``
are the default one's), and :func:`blend` for the colours between two.

>>> colours("", "dark").red, colours("contrast", "light").background
('#ef5350', '#e6e6e6')
>>> blend("#000000", "#ffffff", 0.5)
'#808080'
"""

from collections import namedtuple

from zola.rules.link import PALETTES as NAMES

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
    """Colours of a board in one scheme (its ``name``: ``"light"`` or ``"dark"``)."""

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
# The cool palette: blue-grey squares.
SLATE = (
    Theme(
        "light",
        "#f4f6f8",
        ("#dfe5eb", "#c5cfd9"),
        ("#d9ecf2", "#7f97b3"),
        "#394555",
        "#c0392b",
        "#1f5fa8",
        ("#8a241a", "#143f70"),
        "#ffffff",
        "#f5c542",
        "#5cb85c",
        "#2b7a4b",
        "#e8710a",
        "#2b7a4b",
        "#7a3ea8",
    ),
    Theme(
        "dark",
        "#1f252d",
        ("#3d4754", "#313a45"),
        ("#52667d", "#253241"),
        "#cdd6e0",
        "#ef6a5f",
        "#5a9cf0",
        ("#a8433b", "#3a6cb0"),
        "#161b21",
        "#a88a2c",
        "#4caf50",
        "#a5d6a7",
        "#ffb74d",
        "#81c784",
        "#ce93d8",
    ),
)
# High contrast: checkers, their marks, the move marks and the coordinates meet WCAG AA
# against the squares and the background (tests/test_palettes.py measures them).
CONTRAST = (
    Theme(
        "light",
        "#e6e6e6",
        ("#fafafa", "#bfc5cd"),
        ("#fff1b8", "#a9bfdb"),
        "#000000",
        "#b0001e",
        "#0039a6",
        ("#5c0010", "#001a52"),
        "#ffffff",
        "#ffd000",
        "#005c26",
        "#006b2e",
        "#a83200",
        "#006b2e",
        "#6a1b9a",
    ),
    Theme(
        "dark",
        "#000000",
        ("#333333", "#1a1a1a"),
        ("#4d3d00", "#00294d"),
        "#ffffff",
        "#ff6b6b",
        "#5cadff",
        ("#ffb3b3", "#b3d9ff"),
        "#000000",
        "#b38f00",
        "#00e676",
        "#7cff9c",
        "#ffab40",
        "#7cff9c",
        "#e1a6ff",
    ),
)
# The board's palettes by name, each in the light and the dark scheme: a link's word, the
# app's setting, a docs option and ``zola svg --theme`` name them.
PALETTES = dict(zip(NAMES, ((LIGHT, DARK), SLATE, CONTRAST)))  # noqa: B905 (MicroPython)
DEFAULT_PALETTE = NAMES[0]


def colours(palette: str, scheme: str) -> Theme:
    """The colours of ``palette`` (``""``: the default) in ``scheme`` (``"dark"``, else
    light)."""
    light, dark = PALETTES[palette or DEFAULT_PALETTE]
    return dark if scheme == "dark" else light


def blend(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from hex colour ``a`` to ``b``."""
    channels = []
    for i in (1, 3, 5):
        x, y = int(a[i : i + 2], 16), int(b[i : i + 2], 16)
        channels.append("%02x" % round(x + (y - x) * t))
    return "#" + "".join(channels)
