"""Both colour schemes in one drawing: a board drawn in a palette's light colours that
shows itself in its dark ones where it stands on a dark page, by CSS alone.

:func:`follow` adds to a drawing a style sheet that gives each of its light colours a
custom property (``--zola-background``, ``--zola-red``, ...: a host page may set them,
in both schemes), with the light colour as the fallback, and the palette's dark colour
where ``--zola-dark`` is on (set, empty: the "space toggle", which every browser reads).
It is on where the drawing is dark:

- a drawing that is its own document (a file, an ``<img>``): in the reader's dark
  scheme;
- a drawing inside a page (inline SVG, a live board's first screen): where the page's
  theme marks itself dark, as the live boards read it (:data:`PAGE_CSS`:
  ``data-theme="dark"`` on ``<html>`` or ``<body>``: furo, pydata-sphinx-theme;
  Material for MkDocs' ``data-md-color-scheme="slate"``; Bootstrap's
  ``data-bs-theme="dark"``; ``data-theme="auto"`` in the reader's dark scheme), or an
  author's ``data-zola-theme`` around it says so (the nearest mark wins); in a live
  board's frame, where its loader finds the page dark (``.zola.dark``, web/board.css).

The drawing's own colours (attributes) stay as they are for every other reader of the
file: a PNG converter, an editor.

>>> from zola.draw.svg import render
>>> from zola.rules.position import Position
>>> svg = follow(render(Position.start(6)), 6)
>>> svg.count("<style>"), 'class="zola-board theme-light follow"' in svg
(1, True)
>>> "--zola-dark-background:var(--zola-dark) #2a2724" in svg
True
>>> '[fill="#fffaf0"]{fill:var(--zola-background,var(--zola-dark-background,#fffaf0))}' in svg
True
"""

from zola.draw.svg import square_fills
from zola.draw.themes import DEFAULT_PALETTE, PALETTES, Theme
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
# Where a drawing inside a page is dark: the marks of the page's theme on <html> or
# <body>, as web/boards.js reads them (the nearest wins; an author's data-zola-theme
# over a theme's on the same element), or its author's.
_DARK_MARKS = "[data-theme=dark],[data-md-color-scheme=slate],[data-bs-theme=dark]"
_LIGHT_MARKS = "[data-theme=light],[data-md-color-scheme=default],[data-bs-theme=light]"
_DARK_PAGES = (
    "body[data-theme=dark]",
    "html[data-theme=dark]",
    "[data-md-color-scheme=slate]",
    "[data-bs-theme=dark]",
    "[data-zola-theme=dark]",
)
ON, OFF = "{--zola-dark: }", "{--zola-dark:initial}"
PAGE_CSS = (
    f":where(html,body):where({_DARK_MARKS}),[data-zola-theme=dark]{ON}"
    f":where(html,body):where({_LIGHT_MARKS}),[data-zola-theme=light]{OFF}"
    "@media (prefers-color-scheme:dark){"
    f":where(html,body):where([data-theme=auto]),[data-zola-theme=auto]{ON}}}"
)
"""Where a page is dark, by CSS alone: ``--zola-dark`` on there (see above). The style
sheet of :func:`follow` holds it (an inline drawing's reaches the whole page); the docs
tools write it beside a live board, whose first screen its own style cannot show dark
from inside its shadow root (the property is inherited into it)."""

_STYLES: dict[tuple[int, str], str] = {}
STYLE_START = "svg.zola-board.follow "  # how the style sheet of follow() begins


def _colour(theme: Theme, field: str, index: "int | None") -> str:
    value: str | tuple[str, str] = getattr(theme, field)
    return value if isinstance(value, str) else value[index or 0]


def style(size: int, palette: str = "") -> str:
    """The style sheet of :func:`follow` for a board of ``size`` drawn in ``palette``
    (``""``: the default; made once a size and palette)."""
    sheet = _STYLES.get((size, palette))
    if sheet is not None:
        return sheet
    board = STYLE_START
    light_theme, dark_theme = PALETTES[palette or DEFAULT_PALETTE]
    rules, darks = [], []

    def colour(name: str, light: str, dark: str) -> str:
        """The value of custom property ``name``, the dark one where it is dark."""
        darks.append(f"--zola-dark-{name}:var(--zola-dark) {dark}")
        return f"var(--zola-{name},var(--zola-dark-{name},{light}))"

    for name, field, index, attributes in _COLOURS:
        light = _colour(light_theme, field, index)
        value = colour(name, light, _colour(dark_theme, field, index))
        for attribute in attributes:
            rules.append(f'{board}[{attribute}="{light}"]{{{attribute}:{value}}}')
    # The arrows (the hints' colour in the default palette's light scheme), by their class.
    for name in ("arrow", "reply"):
        light = getattr(light_theme, name)
        value = colour(name, light, getattr(dark_theme, name))
        rules.append(f'{board}.arrow[fill="{light}"]{{fill:{value};stroke:{value}}}')
    # The distance classes' shades: the blends of the two ends, as CSS mixes them.
    near, far = light_theme.shading
    near_value = colour("shade-near", near, dark_theme.shading[0])
    far_value = colour("shade-far", far, dark_theme.shading[1])
    rules += [
        f'{board}[fill="{near}"]{{fill:{near_value}}}',
        f'{board}[fill="{far}"]{{fill:{far_value}}}',
    ]
    geo, fills = geometry(size), square_fills(size, True, light_theme)
    levels = max(geo.classes) or 1
    for sq in geo.squares:
        shade, share = fills[sq], round(100 - 100 * geo.classes[sq] / levels)
        rule = (
            f'{board}[fill="{shade}"]{{fill:color-mix(in srgb,{near_value} '
            f"{share}%,{far_value})}}"
        )
        if shade not in (near, far) and rule not in rules:
            rules.append(rule)
    own = "svg.zola-board.follow{" + ";".join(darks) + "}"
    alone = f"@media (prefers-color-scheme:dark){{svg.zola-board.follow:root{ON}}}"
    sheet = "".join(rules) + own + PAGE_CSS + alone
    _STYLES[(size, palette)] = sheet
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
    dark = ",".join(_DARK_PAGES)
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


def follow(svg: str, size: int, palette: str = "") -> str:
    """``svg``, a board of ``size`` drawn by :func:`zola.draw.svg.render` in the light
    colours of ``palette`` (``""``: the default), with the style sheet that shows it dark
    where it stands dark (see above)."""
    light = 'class="zola-board theme-light"'
    svg = svg.replace(light, light[:-1] + ' follow"', 1)
    end = svg.index(">") + 1
    return svg[:end] + "<style>" + style(size, palette) + "</style>" + svg[end:]
