"""Live boards in real docs themes, in Chromium: Sphinx sites with furo,
pydata-sphinx-theme and sphinx_rtd_theme, and a MkDocs site with Material, each built
here with the package's own tools. Each theme's switch is pressed as a reader would;
every board's background must stay on the page's side (dark or light) before Python
runs and after."""

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
        build(src, root / theme, root / "doctrees" / theme, "html")
    pytest.importorskip("material")
    docs = root / "mkdocs-src" / "docs"
    docs.mkdir(parents=True)
    (docs.parent / "mkdocs.yml").write_text(MATERIAL + f"site_dir: {root / 'material'}\n")
    (docs / "index.md").write_text(MARKDOWN)
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
