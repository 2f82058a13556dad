"""Live boards in real docs themes, in Chromium: Sphinx sites with furo,
pydata-sphinx-theme and sphinx_rtd_theme, and a MkDocs site with Material, each built
here with the package's own tools. Each theme's switch is pressed as a reader would;
every board's background must stay on the page's side (dark or light) before Python
runs and after. On a long page of boards, a board is as wide on screen as off it and
nothing shifts as the reader scrolls; and ``align`` puts a diagram's board, caption and
solution on one side of the page."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.browser.conftest import serving
from tests.test_docs_tools import build

BOARDS = """\
Boards
======

A live board and a static diagram.

.. zola:: v1;size=6;moves=c3xd3.c4xd3
   :live: panel

.. zola:: 6/6/2rb2/6/6/6 r
"""
MATERIAL = """\
site_name: Zola in Material
theme:
  name: material
  font: false  # (else fonts come from a CDN)
  palette:
    - scheme: default
      toggle: {icon: material/brightness-7, name: Dark}
    - scheme: slate
      toggle: {icon: material/brightness-4, name: Light}
plugins:
  - search
  - zola
"""
MARKDOWN = """\
# Boards

```zola
v1;size=6;moves=c3xd3.c4xd3
live: panel
```

```zola
6/6/2rb2/6/6/6 r
```
"""
THEMES = ("furo", "pydata_sphinx_theme", "sphinx_rtd_theme", "material")
PARAGRAPH = (
    "Text around the boards, as a page has. The reader scrolls through it; the boards "
    "beside it must neither grow nor shrink, nor push the text about. " * 3
)
# A long page of diagrams (most of them far from the screen when it opens), each block
# (source, options) written as the directive and as the Markdown block.
LONG = [
    ("v1;size=6;moves=c3xd3.c4xd3", {"live": "panel", "caption": "A live game"}),
    ("6/6/2rb2/6/6/6 r", {"caption": "A static diagram"}),
    ("v1;size=6;moves=c3xd3.c4xd3", {"live": ""}),
    ("v1;size=8;moves=d4xe4", {"live": "", "caption": "An 8x8 game", "width": "420px"}),
    ("6/6/2rb2/6/6/6 r", {}),
] * 3
LONG[4:4] = [("puzzle=6-t5mhvr", {"live": ""})]
LONG[-2:-2] = [("puzzle=6-t5mhvr", {"live": "", "caption": "A live puzzle"})]
# Diagrams placed by align: a live puzzle (board, caption, solution) on each side, a live
# board alone and a static diagram, then a puzzle where the theme puts figures.
PLACED = [
    block
    for side in ("left", "center", "right")
    for block in (
        (
            "puzzle=6-t5mhvr",
            {"live": "", "caption": f"To the {side}", "align": side, "width": "300"},
        ),
        ("v1;size=6;moves=c3xd3.c4xd3", {"live": "", "align": side, "width": "260px"}),
        ("6/6/2rb2/6/6/6 r", {"caption": f"Static, {side}", "align": side, "width": "240"}),
    )
] + [("puzzle=6-t5mhvr", {"live": "", "caption": "Where the theme puts it"})]


def _rst(title: str, blocks: list[tuple[str, dict[str, str]]]) -> str:
    lines = [":orphan:", "", title, "=" * len(title), ""]
    for source, options in blocks:
        lines += [PARAGRAPH, "", f".. zola:: {source}"]
        lines += [f"   :{name}: {value}".rstrip() for name, value in options.items()] + [""]
    return "\n".join([*lines, PARAGRAPH, ""])


def _markdown(title: str, blocks: list[tuple[str, dict[str, str]]]) -> str:
    lines = [f"# {title}", ""]
    for source, options in blocks:
        lines += [PARAGRAPH, "", "```zola", source]
        lines += [f"{name}: {value}" if value else name for name, value in options.items()]
        lines += ["```", ""]
    return "\n".join([*lines, PARAGRAPH, ""])


# How a reader turns each theme dark: what to press (again, until the page is dark).
SWITCHES = {
    "furo": ("button.theme-toggle >> visible=true",),
    "pydata_sphinx_theme": (
        "button.theme-switch-button >> visible=true",  # a menu: System, Light, Dark
        "button.theme-change-button[data-mode=dark] >> visible=true",
    ),
    "material": ("label.md-header__button[for^='__palette'] >> visible=true",),
}


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Each theme's site, built, under one local server: ``/<theme>/index.html``."""
    root = tmp_path_factory.mktemp("themes")
    for theme in ("furo", "pydata_sphinx_theme", "sphinx_rtd_theme"):
        pytest.importorskip(theme)
        src = root / "src" / theme
        src.mkdir(parents=True)
        (src / "conf.py").write_text(f'extensions = ["zola.sphinx"]\nhtml_theme = "{theme}"\n')
        (src / "index.rst").write_text(BOARDS)
        (src / "long.rst").write_text(_rst("A long page", LONG))
        (src / "placed.rst").write_text(_rst("Placed", PLACED))
        build(src, root / theme, root / "doctrees" / theme, "html")
    pytest.importorskip("material")
    docs = root / "mkdocs-src" / "docs"
    docs.mkdir(parents=True)
    (docs.parent / "mkdocs.yml").write_text(MATERIAL + f"site_dir: {root / 'material'}\n")
    (docs / "index.md").write_text(MARKDOWN)
    (docs / "long.md").write_text(_markdown("A long page", LONG))
    (docs / "placed.md").write_text(_markdown("Placed", PLACED))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=docs.parent, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with serving(root) as url:
        yield url


def _dark(page, script: str) -> bool:
    """Whether the colour a script gives (rgb(...)) is dark."""
    r, g, b = (float(v) for v in page.evaluate(script).split("(")[1].split(")")[0].split(",")[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128


def _page_dark(page) -> bool:
    """The page's side: the background behind the board."""
    return _dark(
        page,
        """(() => { for (let n = document.querySelector('[data-zola]').parentElement; n;
        n = n.parentElement) { const c = getComputedStyle(n).backgroundColor;
        if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c; }
        return 'rgb(255, 255, 255)'; })()""",
    )


def _board_dark(page) -> bool:
    """The live board's side: its drawing's background."""
    return _dark(
        page,
        "getComputedStyle(document.querySelector('[data-zola]').shadowRoot"
        ".querySelector('svg .background')).fill",
    )


def _static_dark(page) -> bool:
    """The static diagram's side: its background as drawn (an image: its pixels)."""
    return _dark(
        page,
        """(() => {
          const img = document.querySelector('img.zola-diagram');
          if (!img) return getComputedStyle(document.querySelector(
            'svg.zola-board:not([data-frame]) .background')).fill;
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          return `rgb(${[...context.getImageData(2, 2, 1, 1).data].slice(0, 3).join(', ')})`;
        })()""",
    )


def _ours(errors: list[str]) -> list[str]:
    """The console errors of the boards (their files, their Python), not the theme's own
    (pydata-sphinx-theme reports an empty stored mode on a first visit)."""
    return [error for error in errors if "/zola/" in error or "Python" in error]


def _open(page, url: str, hold: bool) -> list:
    held: list = []
    if hold:
        page.route("**/micropython.wasm", lambda route: held.append(route))
    page.goto(url)
    page.wait_for_function("document.querySelector('[data-zola]')?.shadowRoot?.querySelector('svg')")
    return held


def _ready(page, held: list) -> None:
    for route in held:
        route.continue_()
    page.wait_for_function(
        "document.querySelector('[data-zola]').dataset.ready === '1'", timeout=60_000
    )


@pytest.mark.parametrize("theme", ["furo", "pydata_sphinx_theme", "material"])
def test_live_boards_follow_a_docs_themes_switch(page, sites, theme, screenshot) -> None:
    held = _open(page, f"{sites}/{theme}/index.html", hold=True)
    assert not _page_dark(page) and not _board_dark(page)  # before Python runs
    assert not _static_dark(page)
    _ready(page, held)
    assert not _page_dark(page) and not _board_dark(page)
    for _ in range(3):  # a switch may pass through "auto" first
        if _page_dark(page):
            break
        for switch in SWITCHES[theme]:
            page.click(switch)
        page.wait_for_timeout(600)  # the theme's own fade
    assert _page_dark(page)
    page.wait_for_function(
        "document.querySelector('[data-zola]').shadowRoot.querySelector('svg.theme-dark')"
    )
    assert _board_dark(page)
    assert _static_dark(page)  # the static diagram too, an image or inline
    screenshot(f"theme-{theme}-dark", page=page)
    # A reload in the dark theme (remembered by the theme): dark before Python runs too.
    held = _open(page, f"{sites}/{theme}/index.html", hold=True)
    assert _page_dark(page) and _board_dark(page)
    _ready(page, held)
    assert _page_dark(page) and _board_dark(page)
    # And before any script of the boards runs (the loader held): the first screen the
    # docs tools wrote takes the page's scheme by CSS alone.
    page.unroute("**/micropython.wasm")
    loader: list = []
    page.route(re.compile(r"/web/boards\.js(\?|$)"), lambda route: loader.append(route))
    page.goto(f"{sites}/{theme}/index.html", wait_until="domcontentloaded")  # not "load"
    page.wait_for_function("document.querySelector('[data-zola]').shadowRoot?.querySelector('svg')")
    assert page.evaluate("!window.zolaBoards") and loader  # no script of the boards ran
    assert _page_dark(page) and _board_dark(page)
    screenshot(f"theme-{theme}-dark-before-scripts", page=page)
    for route in loader:
        route.continue_()
    page.wait_for_function(
        "document.querySelector('[data-zola]').dataset.ready === '1'", timeout=60_000
    )
    assert _page_dark(page) and _board_dark(page)
    assert _ours(page.console_errors) == []


@pytest.mark.context(color_scheme="dark")
def test_a_theme_without_dark_mode_keeps_light_boards_for_a_dark_reader(page, sites, screenshot):
    held = _open(page, f"{sites}/sphinx_rtd_theme/index.html", hold=True)
    assert not _page_dark(page) and not _board_dark(page) and not _static_dark(page)
    _ready(page, held)
    assert not _page_dark(page) and not _board_dark(page) and not _static_dark(page)
    screenshot("theme-sphinx_rtd_theme-dark-reader", page=page)
    assert _ours(page.console_errors) == []


def _page_url(sites: str, theme: str, name: str) -> str:
    return f"{sites}/{theme}/{name}/" if theme == "material" else f"{sites}/{theme}/{name}.html"


# Every diagram of a page, in order: a live board's element, a static diagram's image or
# inline SVG (not the drawings inside live boards).
DIAGRAMS = "[data-zola], img.zola-diagram, .zola-diagram > svg, figure.zola-diagram > svg"
# The layout shifts of the page, as the browser reports them (its Cumulative Layout
# Shift's entries), from before it loads.
SHIFTS = """
window.zolaShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.zolaShifts.push({ value: entry.value, sources: entry.sources.map((source) =>
      `${source.node?.nodeName} ${source.node?.className} ${JSON.stringify(source.previousRect)}`
      + ` -> ${JSON.stringify(source.currentRect)}`) });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def _settled(page) -> None:
    """Every live board ready, each puzzle's set read (its Hint shown), fonts loaded."""
    page.wait_for_function(
        """[...document.querySelectorAll('[data-zola]')].every((board) =>
          board.dataset.ready === '1' && (!board.dataset.zola.includes('puzzle=')
            || !board.shadowRoot.querySelector('.puzzle').hidden))""",
        timeout=120_000,  # (each puzzle's board reads its whole set, a second or two)
        polling=100,  # (checked every frame, it could take minutes)
    )
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(500)


def _widths(page) -> list[float]:
    return page.evaluate(
        f"[...document.querySelectorAll({DIAGRAMS!r})].map((e) => e.getBoundingClientRect().width)"
    )


@pytest.mark.parametrize("theme", THEMES)
def test_boards_hold_still_as_the_reader_scrolls(page, sites, theme, screenshot) -> None:
    page.add_init_script(SHIFTS)
    page.goto(_page_url(sites, theme, "long"))
    _settled(page)
    count = page.evaluate(f"document.querySelectorAll({DIAGRAMS!r}).length")
    assert count == len(LONG)
    shifted = page.evaluate("window.zolaShifts.length")  # (the theme's own, as it loads)
    off = _widths(page)  # most of them far from the screen
    assert page.evaluate(
        f"[...document.querySelectorAll({DIAGRAMS!r})].filter((e) => "
        "e.getBoundingClientRect().top > innerHeight).length"
    ) >= count // 2
    # The reader scrolls down the page a screen at a time, then jumps to each diagram.
    on: list[float] = [0.0] * count
    height = page.evaluate("innerHeight")
    while page.evaluate("scrollY + innerHeight < document.documentElement.scrollHeight - 1"):
        page.evaluate("window.scrollBy({ top: innerHeight * 0.8, behavior: 'instant' })")
        page.wait_for_timeout(120)
        seen = page.evaluate(
            f"""[...document.querySelectorAll({DIAGRAMS!r})].map((e) => {{
              const box = e.getBoundingClientRect();
              return box.bottom > 0 && box.top < innerHeight ? box.width : 0; }})"""
        )
        on = [now or before for now, before in zip(seen, on, strict=True)]
    assert all(on) and on == off, (on, off)
    for index in range(count):
        top = page.evaluate(
            f"""(() => {{ const e = document.querySelectorAll({DIAGRAMS!r})[{index}];
            e.scrollIntoView({{ behavior: 'instant', block: 'start' }});
            return e.getBoundingClientRect().top; }})()"""
        )
        page.wait_for_timeout(150)  # painted, and anything that would move has moved
        after = page.evaluate(
            f"document.querySelectorAll({DIAGRAMS!r})[{index}].getBoundingClientRect().top"
        )
        assert abs(after - top) < 1 and top < height, (index, top, after)  # not cut off
    assert _widths(page) == off
    shifts = page.evaluate("window.zolaShifts").__getitem__(slice(shifted, None))
    assert shifts == [], shifts
    # As wide as asked (360px by default, 420px for the 8x8 game): a board alone, or its
    # figure, which it fills (within the figure's padding, which pydata-sphinx-theme has).
    outer = page.evaluate(
        f"""[...document.querySelectorAll({DIAGRAMS!r})].map((e) => {{
          const figure = e.closest('figure'), style = figure && getComputedStyle(figure);
          const padding = figure
            ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0;
          return [(figure ?? e).getBoundingClientRect().width, padding]; }})"""
    )
    assert [round(width) for width, _ in outer] == [
        420 if "width" in options else 360 for _, options in LONG
    ]
    assert [round(width + padding) for width, (_, padding) in zip(off, outer, strict=True)] == [
        round(width) for width, _ in outer
    ]
    page.evaluate(
        """document.querySelectorAll('[data-zola]')[1].scrollIntoView({ behavior: 'instant' });
        window.scrollBy({ top: -80, behavior: 'instant' })"""
    )
    page.wait_for_timeout(200)
    screenshot(f"theme-{theme}-long", page=page)
    assert _ours(page.console_errors) == []


def _placed(page) -> list[dict]:
    """For each puzzle of the page: the boxes of its column (where its figure can go), its
    board, its caption's text and its solution's summary text."""
    return page.evaluate(
        """[...document.querySelectorAll('[data-zola*="puzzle="]')].map((board) => {
          const figure = board.closest('figure');
          const column = figure.parentElement;
          const style = getComputedStyle(column);
          const outer = column.getBoundingClientRect();
          const left = outer.left + parseFloat(style.paddingLeft);
          const right = outer.right - parseFloat(style.paddingRight);
          const text = (node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const box = range.getBoundingClientRect();
            return { left: box.left, right: box.right, top: box.top };
          };
          const caption = figure.querySelector('figcaption');
          // its words: Sphinx's (not its link), the Markdown block's (before its solution)
          const words = caption.querySelector('.caption-text') ?? caption.firstChild;
          const next = figure.nextElementSibling;
          const box = board.getBoundingClientRect();
          return {
            width: figure.getBoundingClientRect().width,
            column: { left, right },
            board: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
            caption: text(words),
            solution: text(figure.querySelector('summary')),
            next: next?.tagName === 'P' ? text(next) : null,
          };
        })"""
    )


def _side(box: dict, board: dict, column: dict, side: str) -> bool:
    """Whether ``box`` is on ``side`` of the column, as the board is."""
    quarter = (board["right"] - board["left"]) / 4
    if side == "left":
        return column["left"] - 1 <= box["left"] <= board["left"] + quarter
    if side == "right":
        return board["right"] - quarter <= box["right"] <= column["right"] + 1
    middle = (column["left"] + column["right"]) / 2
    return abs((box["left"] + box["right"]) / 2 - middle) <= 16


@pytest.mark.parametrize("theme", THEMES)
def test_align_puts_board_caption_and_solution_on_one_side(page, sites, theme, screenshot):
    page.goto(_page_url(sites, theme, "placed"))
    _settled(page)
    *placed, default = _placed(page)
    for side, figure in zip(("left", "center", "right"), placed, strict=True):
        board, column = figure["board"], figure["column"]
        assert round(figure["width"]) == 300  # the board fills it (within its padding)
        gap = (300 - (board["right"] - board["left"])) / 2
        edge = {"left": board["left"] - column["left"], "right": column["right"] - board["right"]}
        if side == "center":
            assert abs(edge["left"] - edge["right"]) <= 1, (side, figure)
        else:
            assert abs(edge[side] - gap) <= 1, (side, figure)
        for part in ("caption", "solution"):
            assert _side(figure[part], board, column, side), (side, part, figure)
            assert figure[part]["top"] > board["bottom"]  # under the board
        if side != "center":  # floating: the text after it flows beside it
            beside = figure["next"]
            assert beside and beside["top"] < board["bottom"], (side, figure)
            if side == "left":
                assert beside["left"] >= board["right"]
            else:
                assert beside["right"] <= board["left"]
        page.evaluate(
            f"""(() => {{ const board = document.querySelectorAll('[data-zola*="puzzle="]')[
              {["left", "center", "right"].index(side)}];
              board.scrollIntoView({{ behavior: 'instant' }});
              window.scrollBy({{ top: -70, behavior: 'instant' }}); }})()"""
        )
        page.wait_for_timeout(200)
        screenshot(f"theme-{theme}-align-{side}", page=page)
    # Without align, where the theme puts figures: the caption and the solution with the
    # board all the same, at its left or under its middle.
    board = default["board"]
    middle = (board["left"] + board["right"]) / 2
    for part in ("caption", "solution"):
        box = default[part]
        at_left = abs(box["left"] - board["left"]) <= (board["right"] - board["left"]) / 4
        centred = abs((box["left"] + box["right"]) / 2 - middle) <= 16
        assert at_left or centred, (part, default)
    first = abs(default["caption"]["left"] - board["left"]) <= 8
    assert first == (abs(default["solution"]["left"] - board["left"]) <= 40), default  # alike
    assert _ours(page.console_errors) == []
