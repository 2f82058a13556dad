"""The docs tools' live boards in a real browser, served from the built site alone.

A Sphinx project (a page at the top and one a folder down) and a Markdown document
(with the files written by ``python -m zola site-files``) are built into a temporary
folder, and a static server serves only that folder: every live board must become
live, take a click, and nothing may be fetched from anywhere else (no 404 either).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import PageLog, serving
from tests.browser.test_puzzles import set_requests, solve_live
from tests.test_docs_tools import LINK, LONE, build, markdown, mkdocs_build, mkdocs_project
from zola import Move, Position
from zola.puzzles.sets import load
from zola.rules.link import parse

SIX = "v1;size=6;moves=c3xd3"  # Blue to move: c4xd3 is one of its captures
EIGHT = "v1;size=8;moves=d4xe4"

SPHINX_INDEX = f"""\
Live boards
===========

.. toctree::

   guide/deep
   guide/puzzle

.. zola:: {SIX}
   :live: panel
   :caption: Blue to move

.. zola:: {EIGHT}
   :live: static
   :flip:
"""
SPHINX_DEEP = f"""\
A page a folder down
====================

.. zola:: {LONE}
   :live:
   :highlight: c4
"""
# A live puzzle: its board carries its line, and fetches no puzzle set.
PUZZLE = next(p for p in load(6) if p.refutations[0] and p.moves >= 2)
SPHINX_PUZZLE = f"""\
A live puzzle
=============

.. zola:: puzzle={PUZZLE.id}
   :live:
"""
MARKDOWN = f"""\
# Live boards in Markdown

```zola
{SIX}
live: panel
caption: Blue to move
```

Between the boards.

```zola
{LONE}
live: true
```
"""


def html_page(body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<link rel="icon" href="data:,"><title>Markdown</title></head><body>{body}</body></html>'
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: Sphinx's HTML in sphinx/, the Markdown pages in markdown/."""
    root = tmp_path_factory.mktemp("docs-live")
    src = root / "src"
    (src / "guide").mkdir(parents=True)
    (src / "conf.py").write_text('project = "Live"\nextensions = ["zola.sphinx"]\n')
    (src / "index.rst").write_text(SPHINX_INDEX)
    (src / "guide" / "deep.rst").write_text(SPHINX_DEEP)
    (src / "guide" / "puzzle.rst").write_text(SPHINX_PUZZLE)
    site = root / "site"
    warnings = build(src, site / "sphinx", root / "doctrees", "html")
    assert "WARNING" not in warnings, warnings

    pages = site / "markdown"
    (pages / "guide").mkdir(parents=True)
    (pages / "index.html").write_text(html_page(markdown(MARKDOWN, boards_url="zola/")))
    # A page a folder down points at the same files by a path from the site's root.
    deep = markdown(f"```zola\n{LONE}\nlive: true\n```\n", boards_url="/markdown/zola/")
    (pages / "guide" / "index.html").write_text(html_page(deep))
    puzzle = markdown(f"```zola\npuzzle={PUZZLE.id}\nlive: true\n```\n", boards_url="zola/")
    (pages / "puzzle.html").write_text(html_page(puzzle))
    command = [sys.executable, "-m", "zola", "site-files", str(pages / "zola")]
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=60)

    # MkDocs with the zola plugin, built into site/mkdocs/.
    project = mkdocs_project(root / "mkdocs")
    with (project / "mkdocs.yml").open("a") as config:
        config.write(f"site_dir: {site / 'mkdocs'}\n")
    done = mkdocs_build(project, "--strict")
    assert done.returncode == 0, done.stderr
    return site


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    """A static server of the built site, and of nothing else."""
    with serving(site) as url:
        yield url


@pytest.fixture
def page_log(site_url: str) -> PageLog:  # the page fixture records for this server
    return PageLog(origin=site_url)


def open_live(page, url: str) -> None:
    """Open ``url``; wait until every live board of it takes clicks."""
    page.goto(url)
    boards = page.locator("[data-zola]")
    assert boards.count() > 0
    try:
        page.wait_for_function(
            "[...document.querySelectorAll('[data-zola]')].every((e) => e.dataset.ready === '1')",
            timeout=60_000,
        )
    except Exception:  # say what the page said
        pytest.fail(f"{url}: live boards not ready:\n  " + "\n  ".join(page.console_errors))


def shown(board) -> Position:
    return Position.parse(board.locator("svg[data-position]").get_attribute("data-position"))


def assert_played(board, position: Position, move: str) -> None:
    """``board`` shows ``position``; a click on the moving checker, then on its target,
    plays ``move``."""
    assert shown(board) == position
    played = Move.parse(move)
    board.locator(f'[data-square="{move[:2]}"]').click()
    board.locator(f'[data-square="{move[3:5]}"]').click()
    position.push(played)
    assert shown(board) == position


def assert_only_the_site(page, site_url: str, loader: str) -> None:
    """Every request went to the site's server, none failed (the browser's own ask for
    /favicon.ico, which these test sites lack, aside), the loader came once."""
    elsewhere = [url for url in page.requests if not url.startswith(site_url + "/")]
    errors = [error for error in page.console_errors if f"{site_url}/favicon.ico" not in error]
    assert elsewhere == [] and errors == []
    assert [url.split("?")[0] for url in page.requests].count(loader) == 1
    assert not [url for url in page.requests if "pyodide" in url or url.endswith("sw.js")]


def _middle(box: dict) -> float:
    return box["x"] + box["width"] / 2


def test_sphinx_live_boards_work_from_the_built_site_alone(page, site_url: str) -> None:
    loader = f"{site_url}/sphinx/_static/zola/web/boards.js"
    open_live(page, f"{site_url}/sphinx/index.html")
    six, eight = (page.locator("[data-zola]").nth(i) for i in range(2))
    assert shown(eight) == parse(EIGHT)[0].position
    assert eight.locator("svg[data-position]").get_attribute("data-flipped") == "1"
    assert six.locator(".moves").is_visible()
    assert six.locator("a.app-link").is_hidden()  # no app in this site to open
    # Its figure as wide as the diagram (360px), the board filling it (within the
    # figure's padding); the figure where the theme puts figures (alabaster: centred).
    board, figure = six.bounding_box(), page.locator("figure").first.bounding_box()
    column = page.locator("figure").first.evaluate(
        "(f) => f.parentElement.getBoundingClientRect().toJSON()"
    )
    assert round(figure["width"]) == 360 and 340 <= board["width"] <= 360
    assert abs(_middle(board) - _middle(figure)) < 1
    assert abs(_middle(figure) - _middle(column)) < 1
    assert_played(six, parse(SIX)[0].position, "c4xd3")
    assert_only_the_site(page, site_url, loader)

    # A page a folder down loads the same files.
    page.requests.clear()
    open_live(page, f"{site_url}/sphinx/guide/deep.html")
    assert_played(page.locator("[data-zola]"), Position.parse(LONE), "c4xd4")
    assert_only_the_site(page, site_url, loader)


def test_mkdocs_live_boards_work_with_the_plugin_from_the_built_site_alone(
    page, site_url: str
) -> None:
    loader = f"{site_url}/mkdocs/zola/web/boards.js"
    open_live(page, f"{site_url}/mkdocs/index.html")
    board = page.locator("[data-zola]")
    assert_played(board, parse(LINK)[0].position, "d5xe4")
    assert board.locator("a.app-link").is_hidden()  # no app in this site to open
    assert_only_the_site(page, site_url, loader)

    page.requests.clear()  # a page a folder down loads the same files, by its own path
    open_live(page, f"{site_url}/mkdocs/guide/deep/")
    assert_played(page.locator("[data-zola]"), Position.parse(LONE), "c4xd4")
    assert_only_the_site(page, site_url, loader)


def test_markdown_live_boards_work_with_the_site_files_command(page, site_url: str) -> None:
    loader = f"{site_url}/markdown/zola/web/boards.js"
    open_live(page, f"{site_url}/markdown/index.html")
    six, lone = (page.locator("[data-zola]").nth(i) for i in range(2))
    assert shown(lone) == Position.parse(LONE)
    assert_played(six, parse(SIX)[0].position, "c4xd3")
    assert_only_the_site(page, site_url, loader)

    page.requests.clear()
    open_live(page, f"{site_url}/markdown/guide/index.html")
    assert_played(page.locator("[data-zola]"), Position.parse(LONE), "c4xd4")
    assert_only_the_site(page, site_url, loader)


@pytest.mark.parametrize("built", ["sphinx/guide/puzzle.html", "markdown/puzzle.html"])
def test_a_live_puzzle_carries_its_line_and_fetches_no_set(page, site_url: str, built) -> None:
    open_live(page, f"{site_url}/{built}")
    board = page.locator("[data-zola]")
    assert board.get_attribute("data-zola-puzzle").startswith(f"{PUZZLE.id};")
    solve_live(page, "[data-zola]", PUZZLE)
    assert set_requests(page) == []
    loader = f"{site_url}/{built.split('/')[0]}/{'_static/' * built.startswith('sphinx')}zola"
    assert_only_the_site(page, site_url, loader + "/web/boards.js")
