"""Both colour schemes in one drawing: a board drawn in ``LIGHT`` that shows itself in
``DARK``'s colours where it stands on a dark page, by CSS alone.

:func:`follow` adds to a drawing a style sheet that gives each of its light colours a
custom property (``--zola-background``, ``--zola-red``, ...: a host page may set them
too), with the light colour as the fallback, and sets them to the dark colours where
the drawing is dark:

- a drawing that is its own document (a file, an ``<img>``): in the reader's dark
  scheme;
- a drawing inside a page (inline SVG): where the page's theme marks itself dark, as
  the live boards read it (``data-theme="dark"`` on ``<html>`` or ``<body>``: furo,
  pydata-sphinx-theme; Material for MkDocs' ``data-md-color-scheme="slate"``;
  Bootstrap's ``data-bs-theme="dark"``; ``data-theme="auto"`` in the reader's dark
  scheme), or an author's ``data-zola-theme="dark"`` around it; the first screen of a
  live board, in the board's frame when the loader finds the page dark.

The drawing's own colours (attributes) stay as they are for every other reader of the
file: a PNG converter, an editor.

>>> from zola.draw.svg import render
>>> from zola.rules.position import Position
>>> svg = follow(render(Position.start(6)), 6)
>>> svg.count("<style>"), 'class="zola-board theme-light follow"' in svg
(1, True)
>>> "--zola-background:#2a2724" in svg
True
>>> '[fill="#fffaf0"]{fill:var(--zola-background,#fffaf0)}' in svg
True
"""

from zola.draw.svg import square_fills
from zola.draw.themes import DARK, LIGHT, Theme
from zola.rules.geometry import geometry

# Each colour a drawing is made of, by the custom property that names it: the Theme's
# field (an index into a pair for two-colour fields) and the attributes it fills.
_COLOURS = (
    ("background", "background", None, ("fill",)),
    ("square-light", "square", 0, ("fill",)),
    ("square-dark", "square", 1, ("fill",)),
    ("coordinates", "coordinates", None, ("fill",)),
    ("red", "red", None, ("fill",)),
    ("blue", "blue", None, ("fill",)),
    ("red-rim", "rims", 0, ("stroke",)),
    ("blue-rim", "rims", 1, ("stroke",)),
    ("mark", "mark", None, ("fill", "stroke")),
    ("tint", "last_move", None, ("fill",)),
    ("selected", "selected", None, ("stroke",)),
    ("hint", "hint", None, ("fill", "stroke")),
    ("capture", "capture", None, ("fill",)),
)
# Where a drawing inside a page is dark: the marks of the page's theme, or its author's.
_DARK_PAGES = (
    "body[data-theme=dark]",
    "html[data-theme=dark]",
    "[data-md-color-scheme=slate]",
    "[data-bs-theme=dark]",
    "[data-zola-theme=dark]",
    ".zola.dark",  # a live board's frame, dark (web/boards.js): its first screen
)

_STYLES: dict[int, str] = {}
STYLE_START = "svg.zola-board.follow "  # how the style sheet of follow() begins


def _colour(theme: Theme, field: str, index: "int | None") -> str:
    value: str | tuple[str, str] = getattr(theme, field)
    return value if isinstance(value, str) else value[index or 0]


def style(size: int) -> str:
    """The style sheet of :func:`follow` for a board of ``size`` (made once a size)."""
    sheet = _STYLES.get(size)
    if sheet is not None:
        return sheet
    board = STYLE_START
    rules, darks = [], []
    for name, field, index, attributes in _COLOURS:
        light, dark = _colour(LIGHT, field, index), _colour(DARK, field, index)
        for attribute in attributes:
            value = f"var(--zola-{name},{light})"
            rules.append(f'{board}[{attribute}="{light}"]{{{attribute}:{value}}}')
        darks.append(f"--zola-{name}:{dark}")
    # The arrows: the hints' colour in LIGHT, their own in DARK.
    arrow = f"var(--zola-arrow,{LIGHT.arrow})"
    rules.append(f'{board}.arrow[fill="{LIGHT.arrow}"]{{fill:{arrow};stroke:{arrow}}}')
    darks.append(f"--zola-arrow:{DARK.arrow}")
    reply = f"var(--zola-reply,{LIGHT.reply})"
    rules.append(f'{board}.arrow[fill="{LIGHT.reply}"]{{fill:{reply};stroke:{reply}}}')
    darks.append(f"--zola-reply:{DARK.reply}")
    # The distance classes' shades: the blends of the two ends, as CSS mixes them.
    near, far = LIGHT.shading
    rules += [
        f'{board}[fill="{near}"]{{fill:var(--zola-shade-near,{near})}}',
        f'{board}[fill="{far}"]{{fill:var(--zola-shade-far,{far})}}',
    ]
    darks += [f"--zola-shade-near:{DARK.shading[0]}", f"--zola-shade-far:{DARK.shading[1]}"]
    geo, fills = geometry(size), square_fills(size, True, LIGHT)
    levels = max(geo.classes) or 1
    for sq in geo.squares:
        shade, share = fills[sq], round(100 - 100 * geo.classes[sq] / levels)
        rule = (
            f'{board}[fill="{shade}"]{{fill:color-mix(in srgb,var(--zola-shade-near,{near}) '
            f"{share}%,var(--zola-shade-far,{far}))}}"
        )
        if shade not in (near, far) and rule not in rules:
            rules.append(rule)
    dark = "{" + ";".join(darks) + "}"
    pages = ",".join(f"{page} svg.zola-board.follow" for page in _DARK_PAGES)
    automatic = "svg.zola-board.follow:root,:is(html,body)[data-theme=auto] svg.zola-board.follow"
    scheme = f"@media (prefers-color-scheme:dark){{{automatic}{dark}}}"
    sheet = "".join(rules) + pages + dark + scheme
    _STYLES[size] = sheet
    return sheet


def images_css(image: str) -> str:
    """CSS for a page that shows such drawings as images (``image``: their selector): an
    image takes the colour scheme of the page around it, light unless the page's theme
    marks it dark (as the live boards read it), which the browser hands to the drawing
    inside as the reader's scheme (Chromium does). So a page without a dark mode keeps
    light diagrams for a reader whose system is dark, and a theme's switch turns them.

    >>> images_css("img.zola-diagram").startswith("img.zola-diagram{color-scheme:light}")
    True
    """
    dark = ",".join(page for page in _DARK_PAGES if not page.startswith("."))
    automatic = f":is(html,body)[data-theme=auto] {image}{{color-scheme:dark}}"
    return (
        f"{image}{{color-scheme:light}}:is({dark}) {image}{{color-scheme:dark}}"
        f"@media (prefers-color-scheme:dark){{{automatic}}}"
    )


def fixed(svg: str) -> str:
    """``svg`` without what :func:`follow` added: the drawing in its own colours, for a
    converter that knows no custom properties (CairoSVG).

    >>> from zola.draw.svg import render
    >>> from zola.rules.position import Position
    >>> plain = render(Position.start(6))
    >>> fixed(follow(plain, 6)) == plain
    True
    """
    start = svg.find("<style>" + STYLE_START)
    if start < 0:
        return svg
    end = svg.index("</style>", start) + len("</style>")
    return svg[:start].replace(" follow", "", 1) + svg[end:]


def follow(svg: str, size: int) -> str:
    """``svg``, a board of ``size`` drawn in ``LIGHT`` by :func:`zola.draw.svg.render`,
    with the style sheet that shows it dark where it stands dark (see above)."""
    light = 'class="zola-board theme-light"'
    svg = svg.replace(light, light[:-1] + ' follow"', 1)
    end = svg.index(">") + 1
    return svg[:end] + "<style>" + style(size) + "</style>" + svg[end:]
