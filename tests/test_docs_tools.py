"""The docs tools: the Sphinx directive, the Markdown extension, the notebook display,
and the live boards' files they put into a site (zola.docs.sitefiles, ``zola site-files``).

A small Sphinx project is built here with the HTML, LaTeX and EPUB builders (the
LaTeX build reuses the HTML build's doctrees, as ``make html latex`` does); each
diagram is read back from the output and must show the position it was asked for.
(tests/browser/test_docs_live.py opens such sites in Chromium.)
"""

from __future__ import annotations

import html as html_lib
import importlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest

from tests.test_svg import checkers
from zola import Game, Position, encode
from zola.docs import sitefiles
from zola.docs.diagrams import ALIGN_CSS, LAYOUT_CSS, OPTIONS, loader_hints
from zola.draw import schemes
from zola.page.live import first_frame, frame_key
from zola.rules.game import Note
from zola.rules.link import parse
from zola.rules.record import MAX_LENGTH

ROOT = Path(__file__).resolve().parents[1]
APP_URL = "https://example.org/zola/index.html"
APP_LOADER = "https://example.org/zola/web/boards.js"
LINK = "v1;size=8;moves=d4xe4"
LINK_POSITION = str(parse(LINK)[0].position)  # after d4xe4
NOTED = "v2;size=8;moves=d4xe4;notes=1:ac4xd4,ac3xe5"  # LINK with the arrows below
LONE = "6/6/2rb2/6/6/6 r"
HOSTILE = "<script>alert(1)</script>"


def near_the_limit(room: int) -> str:
    """A game link ``room`` characters short of the link limit (long comments)."""
    game = Game(6)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    for node in [game.root, *game.nodes()]:
        node.note = Note((), (), "!" * 280)  # 3 characters each in a link
        if len(encode(game)) >= MAX_LENGTH - room:
            break
    node.note = Note((), (), "!" * (280 - (len(encode(game)) - (MAX_LENGTH - room)) // 3))
    return encode(game)


FULL = near_the_limit(3)  # a link that reads, but not with ";nolink" (or ";panel") added


def _need(module: str) -> ModuleType:
    """The module, else: fail in CI (the test extra installs it), skip elsewhere."""
    try:
        return importlib.import_module(module)
    except ImportError:
        message = f"{module} is missing: pip install -e '.[test]' (or run scripts/test)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


class Tags(HTMLParser):
    """The ``img``, ``iframe``, ``figcaption``, ``p``, ``div`` and ``script`` elements of
    a page, in order, with their attributes and text."""

    WANTED = ("img", "iframe", "figcaption", "p", "div", "script", "link")
    EMPTY = ("img", "link")  # elements without an end

    def __init__(self, text: str) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str], str]] = []
        self.open: list[int] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.WANTED:
            self.found.append((tag, {k: v or "" for k, v in attrs}, ""))
            if tag not in self.EMPTY:
                self.open.append(len(self.found) - 1)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.WANTED and tag not in self.EMPTY and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for index in self.open:
            tag, attrs, text = self.found[index]
            self.found[index] = (tag, attrs, text + data)

    def all(self, tag: str) -> list[tuple[dict[str, str], str]]:
        return [(attrs, text) for name, attrs, text in self.found if name == tag]

    def live(self) -> list[dict[str, str]]:
        """The attributes of the live boards' elements."""
        return [attrs for attrs, _ in self.all("div") if "data-zola" in attrs]

    def hints(self) -> list[str]:
        """The ``href`` of each link that asks for a file the loader fetches once it runs
        (at low priority: the page's own files first)."""
        return [
            attrs["href"]
            for attrs, _ in self.all("link")
            if attrs.get("rel") in ("preload", "modulepreload")
            and attrs.get("fetchpriority") == "low"
        ]

    def loaders(self) -> list[str]:
        """The ``src`` of each module script that loads live boards (``async``: they
        start while the browser reads the page; any other script is not counted)."""
        return [
            attrs["src"]
            for attrs, _ in self.all("script")
            if attrs.get("type") == "module"
            and "async" in attrs
            and "boards.js" in attrs.get("src", "")
        ]


def live_children(text: str) -> list[str]:
    """What each live board's element holds before it is live (its first tag after the
    page's scheme, see :func:`live_svgs`)."""
    return re.findall(
        r'<div [^>]*data-zola=[^>]*>\s*(?:<style class="zola-scheme">[^<]*</style>)?<(\w+)', text
    )


# ------------------------------------------------------------------------ Sphinx

DIAGRAMS = f"""\
Diagrams
========

.. zola:: #{LINK};flip
   :arrows: c4xd4, c3xe5
   :caption: The *first* capture {HOSTILE}
   :live: panel

.. zola:: {LONE}
   :highlight: c4 d4
   :dark:
   :no-coordinates:
   :width: 240
   :alt: A lone pair.
   :name: lone-pair

.. zola:: {LINK}
   :flip: false
   :live:
   :name: last-live
"""
# (line, what the warning says) of each bad directive in bad.rst: the bad option's line,
# else the directive's
BAD = [
    (4, "bad game link: board size must be 6, 8 or 10, not '9'", ".. zola:: v1;size=9"),
    (7, "unknown option 'colour'", f".. zola:: {LONE}\n   :colour: red"),
    (10, "an arrow needs two squares, not 'pass'", f".. zola:: {LONE}\n   :arrows: pass"),
    (13, "flip must be true or false, not 'maybe'", f".. zola:: {LONE}\n   :flip: maybe"),
    (16, "bad square 'z9'", f".. zola:: {LONE}\n   :highlight: z9"),
    (18, "needs a game link", ".. zola::"),
    (21, "as a live board, its link would be 80", f".. zola:: {FULL}\n   :live: panel"),
    (23, "bad position '<script>alert(1)</script>'", f".. zola:: {HOSTILE}"),
    # the Markdown block's lines as the content: the bad line's
    (29, "bad square 'z9'", f".. zola::\n\n   {LONE}\n   flip: true\n   highlight: z9"),
    (32, "align must be left, center, right, not 'middle'", f".. zola:: {LONE}\n   :align: middle"),
    (35, "class must be names of letters, digits", f".. zola:: {LONE}\n   :class: wide <b>"),
]
BAD_PAGE = "Bad\n===\n\n" + "\n\n".join(text for _, _, text in BAD) + f"\n\n.. zola:: {LONE}\n"
# A page outside the toctree (so not in the LaTeX book): one board in an iframe.
IFRAME_PAGE = f":orphan:\n\nIframe\n======\n\n.. zola:: {LONE}\n   :live: iframe panel\n"


def build(src: Path, out: Path, doctrees: Path, builder: str, **config: object) -> str:
    """Build ``src`` with ``builder``; return the warnings (the build must succeed)."""
    _need("sphinx")
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    warnings = io.StringIO()
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            src, src, out, doctrees, builder, confoverrides=config, status=None, warning=warnings
        )
        app.build()
    assert app.statuscode == 0, warnings.getvalue()
    return warnings.getvalue()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sphinx")
    src = root / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'project = "Zola docs test"\nextensions = ["zola.sphinx"]\n'
        f'zola_app_url = "{APP_URL}"\nversion = "1"\ncopyright = "test"\n'
    )
    (src / "index.rst").write_text("Test\n====\n\n.. toctree::\n\n   diagrams\n   bad\n")
    (src / "diagrams.rst").write_text(DIAGRAMS)
    (src / "bad.rst").write_text(BAD_PAGE)
    (src / "iframe.rst").write_text(IFRAME_PAGE)
    return root


@pytest.fixture(scope="module")
def html(project: Path) -> tuple[Path, str]:
    out = project / "html"
    return out, build(project / "src", out, project / "doctrees", "html")


def svg_of(out: Path, src: str) -> str:
    path = out / src
    assert path.suffix == ".svg" and path.is_file(), src
    return path.read_text("utf-8")


def live_svgs(text: str) -> list[str]:
    """The SVG each live board's element holds before it is live (the docs tools inline
    the board's first screen, in the board's shadow root declared in HTML, after the
    page's scheme when the board follows it)."""
    return re.findall(
        r'<div [^>]*data-zola=[^>]*>(?:<style class="zola-scheme">[^<]*</style>)?'
        r'<template shadowrootmode="open">.*?(<svg .*?</svg>)',
        text,
        re.S,
    )


def test_sphinx_html_has_each_diagram_as_an_svg_of_its_position(html: tuple[Path, str]) -> None:
    out, _ = html
    text = (out / "diagrams.html").read_text("utf-8")
    images = [attrs for attrs, _ in Tags(text).all("img") if "zola-diagram" in attrs["class"]]
    assert len(images) == 1  # the live boards inline their first screen
    # and the site gets no file of theirs: its files are the images its pages show
    shown = {
        attrs["src"].removeprefix("_images/")
        for page in out.glob("*.html")
        for attrs, _ in Tags(page.read_text("utf-8")).all("img")
    }
    assert {path.name for path in (out / "_images").iterdir()} == shown
    first, third = (ET.fromstring(svg) for svg in live_svgs(text))
    lone = ET.fromstring(svg_of(out, images[0]["src"]))
    assert first.get("data-position") == LINK_POSITION and first.get("data-flipped") == "1"
    assert len(first.findall(".//{*}g[@class='arrow']")) == 2
    assert lone.get("data-position") == LONE and lone.get("data-flipped") == "0"
    assert "theme-dark" in lone.get("class")
    assert not lone.findall(".//{*}g[@class='coordinate']")
    assert len(lone.findall(".//{*}rect[@class='highlight']")) == 2
    assert checkers(svg_of(out, images[0]["src"])) == {"c4": "red", "d4": "blue"}
    assert third.get("data-position") == LINK_POSITION and third.get("data-flipped") == "0"
    # alt text: a description of the position by default, else the author's
    assert first.get("aria-label") == (
        "Zola diagram, 8 by 8 board, Blue's side at the bottom: Blue to move after d4xe4; "
        "32 red and 31 blue checkers. Arrows: c4xd4, c3xe5."
    )
    assert images[0]["alt"] == "A lone pair."
    assert "width: 240px" in images[0]["style"] and first.get("width") == "360px"


def test_sphinx_live_boards_hold_their_first_screen_with_its_key(html: tuple[Path, str]) -> None:
    out, _ = html
    text = (out / "diagrams.html").read_text("utf-8")
    build = sitefiles.build()
    assert build is not None  # the checkout's web/zola.rom
    screens = re.findall(
        r'</template><script type="application/json" class="zola-screen">([^<]*)</script></div>',
        text,
    )
    # Each board in its shadow root as the loader makes it: the board's style sheet (which
    # scripts/board_parts.py writes into the loader) and its parts.
    sheet = sitefiles.compact_css((ROOT / "web" / "board.css").read_text("utf-8"))
    parts = sitefiles.join_parts((ROOT / "web" / "board.html").read_text("utf-8"))
    sheets = re.findall(r'<template shadowrootmode="open"><style>([^<]*)</style>', text)
    assert sheets == [sheet, sheet]
    assert text.count(parts[parts.index('<p class="announce') :] + "</template>") == 2
    for attrs, svg, screen in zip(Tags(text).live(), live_svgs(text), screens, strict=True):
        fragment = html_lib.unescape(attrs["data-zola"])
        drawn, key, rest = first_frame(fragment, "en", build)
        root = ET.fromstring(svg)
        assert root.get("data-frame") == key == frame_key(fragment, "en", "auto", build)
        # the same drawing as the live board's first screen, but for the alt text and width,
        # with the dark colours the page's scheme may show it in
        assert "<style>" + schemes.style(8) in svg
        assert _squares_and_checkers(schemes.fixed(svg)) == _squares_and_checkers(drawn)
        # and the rest of that screen, for the loader to paint before Python runs
        first = json.loads(screen)
        assert first == json.loads(rest)
        fields, words, moves = first["screen"], first["labels"], first["moves"]
        assert first["key"] == key and first["shared"] == encode(parse(fragment)[0])  # to share
        assert fields["status"] == "Blue to move." and words["back"] == "Back one move"
        assert ("d4xe4</button>" in moves) == ("panel" in fragment)


def _squares_and_checkers(svg: str) -> str:
    return svg[svg.index(">") :]


def test_sphinx_html_caption_is_text_with_inline_markup(html: tuple[Path, str]) -> None:
    out, _ = html
    text = (out / "diagrams.html").read_text("utf-8")
    (caption,) = Tags(text).all("figcaption")
    assert caption[1].strip().startswith(f"The first capture {HOSTILE}")
    body = text.split('<section id="diagrams">')[1].split("</section>")[0]
    assert "<em>first</em>" in body and "<script>" not in body
    assert 'id="lone-pair"' in text


def test_sphinx_live_makes_the_diagram_a_live_board_loaded_from_the_app(
    html: tuple[Path, str],
) -> None:
    out, warnings = html
    text = (out / "diagrams.html").read_text("utf-8")
    page = Tags(text)
    outside = Tags(re.sub(r"<template .*?</template>", "", text, flags=re.S))  # boards' roots
    order = [tag for tag, attrs, _ in outside.found if "zola" in attrs.get("class", "")]
    # the live ones hold their first screen: its SVG and the rest, for the loader
    assert order == ["div", "script", "img", "div", "script"]
    assert live_children(text) == ["template", "template"]  # the board's shadow root
    first, third = page.live()
    # the diagram's arrows are the live board's too: a note on the position shown
    assert first["data-zola"] == f"{NOTED};panel;flip"
    assert third["data-zola"] == LINK
    # filling its figure, which is as wide as the diagram; the other as wide as the diagram
    assert first["class"] == "zola-live"
    assert first["style"] == "width: 100%; max-width: 100%"
    (figure,) = re.findall(r"<figure [^>]*>", text)
    assert 'style="width: 360px"' in figure and 'class="zola-figure align-default"' in figure
    assert third["style"] == "width: 360px; max-width: 100%"
    assert third["id"] == "last-live"  # a live board's :name: is its element's
    # The loader, once, from the app (which the boards' "Open in the full app" opens).
    assert page.loaders() == [APP_LOADER]
    assert not (out / "_static" / "zola").exists() and not page.all("iframe")
    assert Tags((out / "bad.html").read_text("utf-8")).loaders() == []
    assert Tags((out / "bad.html").read_text("utf-8")).hints() == []
    assert "diagrams.rst" not in warnings


# Diagrams placed by :align:, :class: and :width: (tests/browser/test_themes.py shows them
# in the real themes).
PLACED = f"""\
Placed
======

.. zola:: puzzle=6-t5mhvr
   :live:
   :caption: Right
   :align: right
   :class: wide boxed
   :width: 300

.. zola:: {LONE}
   :align: center
   :class: lone
   :width: 50%
   :name: lone

.. zola:: {LINK}
   :live:
   :align: left

.. zola:: {LONE}
   :caption: Half
   :width: 50%
"""


def test_sphinx_align_class_and_width_place_the_diagram(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["zola.sphinx"]\n')
    (src / "index.rst").write_text(PLACED)
    warnings = build(src, tmp_path / "html", tmp_path / "doctrees", "html")
    assert "WARNING" not in warnings
    text = (tmp_path / "html" / "index.html").read_text("utf-8")
    page = re.sub(r"<template .*?</template>|<script .*?</script>", "", text, flags=re.S)
    figures = re.findall(r"<figure ([^>]*)>(.*?)</figure>", page, re.S)
    assert [attrs for attrs, _ in figures] == [
        'class="zola-figure wide boxed align-right" id="id1" style="width: 300px"',
        'class="zola-figure align-default" id="id2" style="width: 50%"',
    ]
    # a figure's board fills it, its caption and solution under it; the image too
    right, half = (body for _, body in figures)
    assert re.match(r'\s*<div class="zola-live" [^>]*style="width: 100%; max-width: 100%"', right)
    assert right.index("Right") < right.index('class="legend"') < right.index("<details")
    assert 'style="width: 100%;"' in half
    # a board alone carries the classes and the alignment itself
    (lone,) = [attrs for attrs, _ in Tags(page).all("img") if "lone" in attrs["class"].split()]
    assert set(lone["class"].split()) == {"zola-diagram", "no-scaled-link", "lone", "align-center"}
    assert lone["id"] == "lone" and lone["style"] == "width: 50%;"
    (_, alone) = Tags(page).live()
    assert alone["class"] == "align-left zola-live"
    assert alone["style"] == "width: 360px; max-width: 100%"
    # the style sheet places them alike in every theme, floating as a figure's :align:
    css = (tmp_path / "html" / "_static" / "zola-diagrams.css").read_text("utf-8")
    assert LAYOUT_CSS in css
    for side, rules in ALIGN_CSS.items():
        assert f".zola-figure.align-{side}, .zola-live.align-{side}, " in css
        assert rules in css
    assert "float: left" in ALIGN_CSS["left"] and "float: right" in ALIGN_CSS["right"]
    # in print: the figure's align (a wrapped figure on the right), the image's width
    pytest.importorskip("cairosvg")
    build(src, tmp_path / "latex", tmp_path / "doctrees", "latex")
    tex = next((tmp_path / "latex").glob("*.tex")).read_text("utf-8")
    assert "\\begin{wrapfigure}{r}{300\\sphinxpxdimen}" in tex
    # a static board: the caption says the task
    assert "\\caption{\\DUrole{zola-task}{Blue to move and win in 2 moves. }Right}" in tex


def test_sphinx_live_iframe_keeps_the_app_in_an_iframe_above_the_diagram(
    project: Path, html: tuple[Path, str]
) -> None:
    # One diagram's `:live: iframe ...`
    ((attrs, _),) = Tags((html[0] / "iframe.html").read_text("utf-8")).all("iframe")
    assert attrs["src"] == f"{APP_URL}#v1;size=6;start=6/6/2rb2/6/6/6_r;embed;panel"
    # zola_live = "iframe": every live diagram
    out = project / "html-iframe"
    warnings = build(project / "src", out, project / "doctrees-iframe", "html", zola_live="iframe")
    page = Tags((out / "diagrams.html").read_text("utf-8"))
    order = [
        tag for tag, attrs, _ in page.found if tag == "iframe" or "zola" in attrs.get("class", "")
    ]
    # each iframe in a block of its own (never on one line with the image)
    assert order == ["div", "iframe", "img", "img", "div", "iframe", "img"]
    first, third = (attrs for attrs, _ in page.all("iframe"))
    assert first["src"] == f"{APP_URL}#{NOTED};embed;panel;flip"
    assert third["src"] == f"{APP_URL}#{LINK};embed"
    assert first["title"].startswith("Playable board. Zola diagram, 8 by 8 board")
    assert not page.live() and not page.loaders() and "diagrams.rst" not in warnings


def test_sphinx_bad_directives_warn_with_their_line_and_leave_a_box(html: tuple[Path, str]) -> None:
    out, warnings = html
    for line, message, _ in BAD:
        assert re.search(
            rf"bad\.rst:{line}: WARNING: zola: [^\n]*{re.escape(message)}", warnings
        ), (
            line,
            warnings,
        )
    assert warnings.count("WARNING") == len(BAD)
    # each bad one's place holds a box saying what is wrong (never its input as HTML)
    page = (out / "bad.html").read_text("utf-8")
    boxes = [
        " ".join(text.split()).replace("\u2018", "'").replace("\u2019", "'")  # smart quotes
        for attrs, text in Tags(page).all("div")
        if "zola-error" in attrs.get("class", "").split()
    ]
    assert len(boxes) == len(BAD), boxes
    for (line, message, _), box in zip(BAD, boxes, strict=True):
        assert box.startswith(f"Error Zola diagram at bad.rst, line {line}: "), box
        assert message in box
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page
    # the build went on: the good diagram after the bad ones is there
    images = [attrs for attrs, _ in Tags(page).all("img")]
    assert [ET.fromstring(svg_of(out, a["src"])).get("data-position") for a in images] == [LONE]


# A MyST page: the directive with its options, and the Markdown block's fence, which
# myst_fence_as_directive makes the directive; then a bad one of each (lines 16 and 23).
MYST_PAGE = f"""\
# MyST

```{{zola}} {LINK}
:flip:
:arrows: c4xd4, c3xe5
:live: panel
```

```zola
{LONE}
highlight: c4 d4
caption: A lone pair
```

```{{zola}} {LONE}
:colour: red
```

```zola
{LONE}
flip: true

arrows: pass
```
"""


def guide_blocks() -> list[str]:
    """The guide's Markdown examples of a zola block (guide/docs-tools.md): MyST's
    directive, MkDocs' fence."""
    page = (ROOT / "guide" / "docs-tools.md").read_text("utf-8")
    example = r"^````\{example\} markdown\n(```\{?zola\}?.*?\n```)\n````$"
    return re.findall(example, page, re.S | re.M)


def test_sphinx_with_myst_reads_the_directive_and_the_markdown_fence(tmp_path: Path) -> None:
    _need("myst_parser")
    examples = guide_blocks()
    assert [block.split("\n", 1)[0] for block in examples] == [f"```{{zola}} {LINK}", "```zola"]
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["myst_parser", "zola.sphinx"]\nmyst_fence_as_directive = ["zola"]\n'
        f'zola_app_url = "{APP_URL}"\n'
    )
    (src / "index.md").write_text(MYST_PAGE + "\n" + "\n\n".join(examples) + "\n")
    warnings = build(src, tmp_path / "html", tmp_path / "doctrees", "html")
    text = (tmp_path / "html" / "index.html").read_text("utf-8")
    page = Tags(text)
    # the page's live board, then the guide's two (the same diagram, written both ways)
    assert [live["data-zola"] for live in page.live()] == [f"{NOTED};panel;flip"] * 3
    assert page.loaders() == [APP_LOADER]
    (image,) = [attrs for attrs, _ in page.all("img") if "zola-diagram" in attrs["class"]]
    lone = ET.fromstring(svg_of(tmp_path / "html", image["src"]))
    assert lone.get("data-position") == LONE
    assert len(lone.findall(".//{*}rect[@class='highlight']")) == 2
    captions = [text.strip() for _, text in page.all("figcaption")]
    assert captions == ["A lone pair¶", "The first capture¶", "The first capture¶"]
    # a bad one: a warning naming its bad line, a box in its place
    assert re.findall(r"index\.md:(\d+): WARNING: zola: ([^\n]*?) \[zola\]", warnings) == [
        ("16", "unknown option 'colour'; the options are " + ", ".join(OPTIONS)),
        ("23", "an arrow needs two squares, not 'pass'"),
    ]
    boxes = [text for attrs, text in page.all("div") if "zola-error" in attrs["class"].split()]
    assert [" ".join(box.split())[:39] for box in boxes] == [
        "Error Zola diagram at index.md, line 16",
        "Error Zola diagram at index.md, line 23",
    ]


def test_sphinx_latex_gets_png_images_of_the_same_diagrams(
    project: Path, html: tuple[Path, str]
) -> None:
    pytest.importorskip("cairosvg")  # in the test extra; the converter needs it
    out = project / "latex"
    build(project / "src", out, project / "doctrees", "latex")  # the HTML build's doctrees
    tex = next(out.glob("*.tex")).read_text("utf-8")
    included = re.findall(r"\\sphinxincludegraphics\[width=([^\]]+)\]\{\{(zola-\w+)\}\.png\}", tex)
    assert [width for width, _ in included] == [
        "360\\sphinxpxdimen",
        "240\\sphinxpxdimen",
        "360\\sphinxpxdimen",
        "360\\sphinxpxdimen",
    ]
    # each PNG is drawn from the very SVG the HTML build wrote (the names are its hash):
    # the static diagrams' as files, the two live boards' in their page only
    svgs = {path.stem for path in (html[0] / "_images").glob("zola-*.svg")}
    names = {name for _, name in included}
    assert svgs <= names and len(names - svgs) == 2
    for _, name in included:
        data = (out / f"{name}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == 1200  # the width in the IHDR chunk
    assert "iframe" not in tex and APP_URL not in tex and "data-zola" not in tex
    assert "\\textless{}script\\textgreater{}" in tex


def test_sphinx_epub_has_the_svg_diagrams_and_no_live_board(project: Path) -> None:
    out = project / "epub"
    build(project / "src", out, project / "doctrees-epub", "epub")
    (book,) = out.glob("*.epub")
    with zipfile.ZipFile(book) as epub:
        page = epub.read("diagrams.xhtml").decode()
        images = [attrs["src"] for attrs, _ in Tags(page).all("img")]
        positions = [ET.fromstring(epub.read(src)).get("data-position") for src in images]
        assert positions == [LINK_POSITION, LONE, LINK_POSITION]
        assert "<iframe" not in page and APP_URL not in page
        assert "data-zola=" not in page and "boards.js" not in page
        assert not [name for name in epub.namelist() if "boards" in name or ".mpy" in name]


def test_sphinx_live_without_an_app_url_copies_the_boards_files_into_the_site(
    project: Path,
) -> None:
    out = project / "html-no-url"
    warnings = build(project / "src", out, project / "doctrees-no-url", "html", zola_app_url="")
    assert "diagrams.rst" not in warnings  # live boards need no app now
    # An iframe does: that diagram is static, and says why.
    assert re.search(r"iframe\.rst:6: WARNING: zola: :live: iframe needs zola_app_url", warnings)
    assert not Tags((out / "iframe.html").read_text("utf-8")).all("iframe")
    page = Tags((out / "diagrams.html").read_text("utf-8"))
    assert not page.all("iframe") and len(page.all("img")) == 1
    # No app in this site: the boards do not offer to open one.
    assert [attrs["data-zola"] for attrs in page.live()] == [
        f"{NOTED};panel;flip;nolink",
        f"{LINK};nolink",
    ]
    (loader,) = page.loaders()
    assert re.fullmatch(r"_static/zola/web/boards\.js\?v=\w+", loader)
    # What the loader fetches once it runs, asked for from the head at once.
    assert page.hints() == [f"_static/zola/{path}" for path in sitefiles.started()]
    copied = out / "_static" / "zola"
    listed = sitefiles.files()
    assert sorted(p.relative_to(copied).as_posix() for p in copied.rglob("*") if p.is_file()) == (
        sorted(listed)
    )
    for path in listed:
        assert (copied / path).read_bytes() == (sitefiles.source() / path).read_bytes(), path
    assert Tags((out / "bad.html").read_text("utf-8")).loaders() == []


# ---------------------------------------------------------------------- Markdown

DOCUMENT = f"""\
# Diagrams

```zola
#{LINK}
flip: true
arrows: c4xd4 c3xe5
caption: The first capture {HOSTILE}
live: true
```

Text between.

~~~~ zola
{LONE}

highlight: c4, d4
width: 200
alt: Two checkers & more
~~~~

````markdown
```zola
v1;size=9
```
````

```zola
v1;size=6;moves=a1xz9
```

```zola
{LONE}
colour: red
```
"""


def markdown(text: str, **config: object) -> str:
    md = _need("markdown")
    return md.markdown(
        text,
        extensions=["zola.markdown", "fenced_code"],
        extension_configs={"zola.markdown": config},
    )


def inline_svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in re.findall(r"<svg .*?</svg>", html, re.S)]


def block_widths(html: str) -> list[str]:
    """The width of each Markdown block's outer element (its board fills it)."""
    return re.findall(r'class="zola-diagram[^"]*" style="display: flow-root; width: ([^;"]+)', html)


def test_markdown_block_becomes_an_inline_svg_figure(caplog: pytest.LogCaptureFixture) -> None:
    html = markdown(DOCUMENT, app_url=APP_URL)
    first, lone = inline_svgs(html)
    assert first.get("data-position") == LINK_POSITION and first.get("data-flipped") == "1"
    assert len(first.findall(".//{*}g[@class='arrow']")) == 2
    assert lone.get("data-position") == LONE and lone.get("width") == "100%"
    assert block_widths(html) == ["360px", "200px"]  # the block's width; the board fills it
    assert len(lone.findall(".//{*}rect[@class='highlight']")) == 2
    assert lone.get("aria-label") == "Two checkers & more"
    assert first.get("aria-label").startswith("Zola diagram, 8 by 8 board, Blue's side")
    # The live one: its SVG inside the live board's element; the loader (the app's) once.
    assert re.search(
        r'<figure class="zola-diagram" style="[^"]*"><div data-zola="[^"]*" [^>]*>'
        r'(?:<style class="zola-scheme">[^<]*</style>)?'
        r'<template shadowrootmode="open"><style>[^<]*</style><div class="zola" .*<svg ',
        html,
    )
    loader = f'<script type="module" async src="{APP_LOADER}"></script>'
    assert html.count(loader) == 1 and f"{loader}{loader_hints(APP_LOADER)}<figure " in html
    (caption,) = Tags(html).all("figcaption")
    assert caption[1] == f"The first capture {HOSTILE}"
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert re.search(r'<div class="zola-diagram" style="[^"]*"><svg ', html)  # no caption
    (live,) = Tags(html).live()
    assert live["data-zola"] == f"{NOTED};flip" and live["class"] == "zola-live"
    assert Tags(html).loaders() == [APP_LOADER] and "<iframe" not in html
    # a zola block shown as code inside another fence stays code
    assert '<code class="language-markdown">```zola\nv1;size=9\n```\n</code>' in html


def test_markdown_bad_blocks_warn_with_the_line_and_show_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="zola.markdown"):
        html = markdown(DOCUMENT, app_url=APP_URL)
    messages = [record.getMessage() for record in caplog.records]
    assert messages == [
        "zola diagram at line 28: bad game link: move 1: bad move 'a1xz9': bad square 'z9': "
        "expected a file a-j and a rank 1-10, like 'c3'",
        "zola diagram at line 33: unknown option 'colour'; the options are flip, shading, "
        "no-coordinates, dark, palette, arrows, highlight, caption, width, align, class, alt, "
        "live, solution",
    ]
    errors = [text for attrs, text in Tags(html).all("p") if attrs.get("class") == "zola-error"]
    assert errors == ["Z" + message[1:] for message in messages]


def test_a_live_block_whose_link_would_not_read_back_is_a_warning_not_a_board(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The link reads; the live board's (with the words the tools add) would be too long.
    text = f"```zola\n{FULL}\n```\n\n```zola\n{FULL}\nlive: true\n```\n"
    with caplog.at_level(logging.WARNING, logger="zola.markdown"):
        html = markdown(text, boards_url="/zola/")
    (message,) = [record.getMessage() for record in caplog.records]
    assert message == (
        "zola diagram at line 7: as a live board, its link would be 8006 characters, "
        "over the 8000 a link may hold"
    )
    assert len(inline_svgs(html)) == 1 and 'data-zola="' not in html  # the static one only
    assert "zola-error" in html


def test_markdown_never_passes_input_through_as_html(caplog: pytest.LogCaptureFixture) -> None:
    text = f'```zola\n{HOSTILE}\n```\n\n```zola\n{LONE}\nalt: "><script>x</script>\n```\n'
    html = markdown(text)
    assert "<script>" not in html
    assert "bad position &#x27;&lt;script&gt;alert(1)&lt;/script&gt;&#x27;" in html
    assert inline_svgs(html)[0].get("aria-label") == '"><script>x</script>'


def test_markdown_live_without_boards_url_or_app_url_warns_and_is_static(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="zola.markdown"):
        html = markdown(f"Intro\n\n```zola\n{LONE}\nlive: panel static\n```\n")
        iframe = markdown(f"```zola\n{LONE}\nlive: iframe\n```\n", boards_url="/zola/")
    assert "<iframe" not in html + iframe and "data-zola=" not in html + iframe
    assert len(inline_svgs(html + iframe)) == 2 and "<script" not in html + iframe
    assert [r.getMessage() for r in caplog.records] == [
        "zola diagram at line 3: live needs the boards_url config of zola.markdown (where "
        "`python -m zola site-files` put the files) or app_url; static diagram only",
        "zola diagram at line 1: live: iframe needs the app_url config; static diagram only",
    ]
    with_url = markdown(f"```zola\n{LONE}\nlive: panel static\n```\n", app_url=APP_URL + "#x")
    (live,) = Tags(with_url).live()
    assert live["data-zola"] == "v1;size=6;start=6/6/2rb2/6/6/6_r;panel;static"


def test_markdown_live_boards_from_the_site_files_load_once_and_link_nowhere() -> None:
    text = f"```zola\n{LONE}\nlive: true\n```\n\n```zola\n#{LINK};dark\nlive: nohints\n```\n"
    html = markdown(text, boards_url="/docs/zola", app_url=APP_URL)
    page = Tags(html)
    assert page.loaders() == ["/docs/zola/web/boards.js"]  # once, before the first board
    assert html.startswith(
        '<script type="module" async src="/docs/zola/web/boards.js"></script>'
    )
    assert [attrs["data-zola"] for attrs in page.live()] == [
        "v1;size=6;start=6/6/2rb2/6/6/6_r;nolink",  # these files hold no app to open
        f"{LINK};nohints;dark;nolink",
    ]
    # the board's shadow root, declared: the static diagram shows in it until it is live
    assert live_children(html) == ["template", "template"]
    # Each conversion is one document: its first live board brings the loader.
    md = _need("markdown").Markdown(
        extensions=["zola.markdown"], extension_configs={"zola.markdown": {"boards_url": "z/"}}
    )
    for _ in range(2):
        assert Tags(md.convert(text)).loaders() == ["z/web/boards.js"]
        md.reset()


def test_markdown_live_iframe_keeps_the_app_in_an_iframe_above_the_diagram() -> None:
    block = f"```zola\n{LONE}\nlive: panel static\n```\n"
    html = markdown(block, app_url=APP_URL + "#x", live="iframe")
    (iframe,) = Tags(html).all("iframe")
    assert iframe[0]["src"] == f"{APP_URL}#v1;size=6;start=6/6/2rb2/6/6/6_r;embed;panel;static"
    assert re.search(r'<div class="zola-diagram" style="[^"]*"><iframe [^>]*></iframe><svg ', html)
    assert "data-zola=" not in html and "<script" not in html
    one = markdown(f"```zola\n{LONE}\nlive: iframe nolink\n```\n", app_url=APP_URL)
    assert Tags(one).all("iframe")[0][0]["src"].endswith(";embed;nolink")
    with pytest.raises(ValueError, match="live must be element or iframe, not 'frames'"):
        markdown(block, live="frames")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("flip: maybe", "flip must be true or false, not 'maybe'"),
        ("width: wide", "width must be like 300px"),
        ("width: 0", "width must be more than 0, not '0'"),
        ("width: 300.", "width must be like 300px, 300, 50% or 20em, not '300.'"),
        ("live: sideways", "live must be true, false or embed words"),
        ("live: iframe element", "live is one of element or iframe, not both"),
        ("live: origin=https://example.org/page", "origin must be like https://example.org"),
        ("arrows: c4-d9", "off the 6x6 board"),
        ("just words", "an option line is 'name: value'"),
        ("flip: true\nflip: false", "option 'flip' is given twice"),
        ("align: middle", "align must be left, center, right, not 'middle'"),
        ("class: wide 2col", "class must be names of letters, digits, - and _ (not first a"),
        ("class: x\"onclick", "not 'x\"onclick'"),
    ],
)
def test_markdown_bad_options(option: str, message: str, caplog: pytest.LogCaptureFixture) -> None:
    html = markdown(f"```zola\n{LONE}\n{option}\n```\n")
    ((attrs, text),) = Tags(html).all("p")
    assert attrs["class"] == "zola-error" and "<svg" not in html
    line = 3 + option.count("\n")  # the bad option's line, not the fence's (1)
    assert text.startswith(f"Zola diagram at line {line}: ") and message in text
    assert f"zola diagram at line {line}: {text[24:]}" == caplog.records[0].getMessage()


@pytest.mark.parametrize("side", ["left", "center", "right"])
def test_markdown_align_class_and_width_place_the_block(side: str) -> None:
    text = f"```zola\npuzzle=6-t5mhvr\nalign: {side}\nclass: wide, boxed\nwidth: 50%\n```\n"
    html = markdown(text)
    assert re.match(rf'<figure class="zola-diagram align-{side} wide boxed" style="', html)
    style = re.match(r'<figure [^>]* style="([^"]*)">', html)[1]
    assert style == f"display: flow-root; width: 50%; max-width: 100%; {ALIGN_CSS[side]}"
    # the board fills the block; the caption and the solution under it, on its side
    assert inline_svgs(html)[0].get("width") == "100%"
    assert f'<figcaption style="text-align: {side}">Blue to move' in html
    assert html.index("<figcaption") < html.index("<details") < html.index("</figcaption>")
    # a live board too, and a block without a caption (a <div>)
    live = markdown(f"```zola\n{LONE}\nlive\nalign: {side}\n```\n", boards_url="/z")
    opening = rf'<div class="zola-diagram align-{side}" style="[^"]*{ALIGN_CSS[side]}">'
    assert re.search(opening, live)
    assert Tags(live).live()[0]["style"] == "width: 100%; max-width: 100%"


def test_markdown_flags_may_stand_alone_on_their_line() -> None:
    alone = markdown(f"```zola\n{LONE}\nlive\nFlip\n```\n", boards_url="/zola/")
    given = markdown(f"```zola\n{LONE}\nlive: true\nflip: true\n```\n", boards_url="/zola/")
    assert alone == given and len(Tags(alone).live()) == 1


def test_markdown_config_as_a_yaml_file_gives_it(tmp_path: Path) -> None:
    # mkdocs.yml: `width: 300` is a number; a URL that is not text is a clear error.
    html = markdown(f"```zola\n{LONE}\n```\n", width=300)
    assert block_widths(html) == ["300px"]
    for name in ("boards_url", "app_url", "document"):
        with pytest.raises(ValueError, match=f"zola.markdown: {name} must be text, not 5"):
            markdown(f"```zola\n{LONE}\n```\n", **{name: 5})
    with pytest.raises(ValueError, match="boards_url is the address of a folder, without"):
        markdown(f"```zola\n{LONE}\n```\n", boards_url="/zola/?v=2")
    with pytest.raises(ValueError, match="width must be like 300px, 300, 50% or 20em"):
        markdown(f"```zola\n{LONE}\n```\n", width=True)


def test_sphinx_takes_a_width_given_as_a_number(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["zola.sphinx"]\nzola_width = 300\n')
    (src / "index.rst").write_text(f"Test\n====\n\n.. zola:: {LONE}\n   :live:\n")
    warnings = build(src, tmp_path / "html", tmp_path / "doctrees", "html")
    assert warnings == ""
    page = (tmp_path / "html" / "index.html").read_text("utf-8")
    assert [svg.get("width") for svg in map(ET.fromstring, live_svgs(page))] == ["300px"]


def test_markdown_works_without_fenced_code() -> None:
    md = _need("markdown")
    html = md.markdown(f"```zola\n{LONE}\n```", extensions=["zola.markdown"])
    assert [svg.get("data-position") for svg in inline_svgs(html)] == [LONE]


# ------------------------------------------------------------------------ MkDocs

MKDOCS_YML = """\
site_name: Zola docs test
theme:
  name: mkdocs
  highlightjs: false  # (the theme would fetch it from a CDN)
plugins:
  - search
  - zola
"""
MKDOCS_INDEX = f"""\
# Live boards

```zola
{LINK}
live: panel
caption: The first capture
```

```zola
{LONE}
```
"""
MKDOCS_DEEP = f"# A page a folder down\n\n```zola\n{LONE}\nlive\nhighlight: c4\n```\n"


def mkdocs_project(root: Path, config: str = MKDOCS_YML) -> Path:
    """A MkDocs project in ``root``: a page with a live board and a static diagram, and
    one a folder down with a live board."""
    _need("mkdocs")
    (root / "docs" / "guide").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(config)
    (root / "docs" / "index.md").write_text(MKDOCS_INDEX)
    (root / "docs" / "guide" / "deep.md").write_text(MKDOCS_DEEP)
    return root


def mkdocs_build(root: Path, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mkdocs", "build", *options]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=120)


def test_mkdocs_plugin_writes_the_boards_files_and_loads_them_from_each_page(
    tmp_path: Path,
) -> None:
    root = mkdocs_project(tmp_path)
    done = mkdocs_build(root, "--strict")
    assert done.returncode == 0, done.stderr
    site = root / "site"
    written = sorted(p.relative_to(site / "zola").as_posix() for p in (site / "zola").rglob("*"))
    assert [path for path in written if "." in path.rsplit("/", 1)[-1]] == sorted(
        sitefiles.files()
    )
    text = (site / "index.html").read_text("utf-8")
    index, deep = Tags(text), Tags((site / "guide" / "deep" / "index.html").read_text("utf-8"))
    # A path from each page: the site works in any folder of any static server.
    assert index.loaders() == ["zola/web/boards.js"]
    assert deep.loaders() == ["../../zola/web/boards.js"]
    assert deep.hints() == [f"../../zola/{path}" for path in sitefiles.started()]
    ((board,), (lone,)) = index.live(), deep.live()
    assert board["data-zola"] == f"{LINK};panel;nolink"  # the site has no app to open
    assert lone["data-zola"].startswith("v2;") and lone["data-zola"].endswith(";nolink")
    assert [svg.get("data-position") for svg in inline_svgs(text)] == [
        LINK_POSITION,
        LONE,
    ]
    # The search index holds the pages' words, not what the boards are made of.
    index_text = (site / "search" / "search_index.json").read_text("utf-8")
    words = " ".join(entry["text"] for entry in json.loads(index_text)["docs"])
    assert "The first capture" in words
    for innard in (":host", "--panel", '\\"screen\\"', "app_link", "data-position", "stroke"):
        assert innard not in index_text, innard
    assert "Blue to move." in text and '"screen"' in text  # the pages keep them


def test_mkdocs_plugin_draws_first_screens_in_the_themes_language(tmp_path: Path) -> None:
    config = MKDOCS_YML.replace("  name: mkdocs\n", "  name: mkdocs\n  locale: de\n")
    root = mkdocs_project(tmp_path, config)
    done = mkdocs_build(root, "--strict")
    assert done.returncode == 0, done.stderr
    text = (root / "site" / "index.html").read_text("utf-8")
    assert '<html lang="de"' in text
    assert "Blau ist am Zug." in text and "Blue to move." not in text
    # The extension's own language wins over the theme's.
    config += "markdown_extensions:\n  - zola.markdown:\n      language: fr\n"
    (root / "mkdocs.yml").write_text(config)
    assert mkdocs_build(root, "--strict").returncode == 0
    assert "Bleu" in (root / "site" / "index.html").read_text("utf-8")


def test_mkdocs_plugin_warns_naming_the_page_and_the_bad_line_and_strict_stops(
    tmp_path: Path,
) -> None:
    root = mkdocs_project(tmp_path)
    bad = f"# Bad\n\n```zola\nv1;size=9\n```\n\n```zola\n{LONE}\nflip: true\n\nlive: sideways\n```"
    (root / "docs" / "guide" / "bad.md").write_text(bad)
    warnings = [  # the link's line, the bad option's line: not the fences' (3 and 7)
        "zola diagram at guide/bad.md, line 4: bad game link: "
        "board size must be 6, 8 or 10, not '9'",
        "zola diagram at guide/bad.md, line 11: live must be true, false or embed words",
    ]
    strict = mkdocs_build(root, "--strict")
    assert strict.returncode == 1 and f"WARNING -  {warnings[0]}" in strict.stderr
    assert "Aborted with 2 warnings in strict mode!" in strict.stdout + strict.stderr
    done = mkdocs_build(root)
    assert done.returncode == 0
    for warning in warnings:
        assert done.stderr.count(f"WARNING -  {warning}") == 1, done.stderr
    page = (root / "site" / "guide" / "bad" / "index.html").read_text("utf-8")
    errors = [text for attrs, text in Tags(page).all("p") if attrs.get("class") == "zola-error"]
    assert [text[:40] for text in errors] == ["Z" + warning[1:40] for warning in warnings]


def test_mkdocs_plugin_with_an_app_url_loads_the_boards_from_the_app(tmp_path: Path) -> None:
    config = MKDOCS_YML.replace("  - zola\n", f"  - zola:\n      app_url: {APP_URL}\n")
    config += "markdown_extensions:\n  - zola.markdown:\n      width: 300\n"
    root = mkdocs_project(tmp_path, config)
    done = mkdocs_build(root, "--strict")
    assert done.returncode == 0, done.stderr
    text = (root / "site" / "index.html").read_text("utf-8")
    index = Tags(text)
    assert index.loaders() == [APP_LOADER] and not (root / "site" / "zola").exists()
    assert index.live()[0]["data-zola"] == f"{LINK};panel"  # it links to the app
    assert block_widths(text) == ["300px", "300px"]


@pytest.mark.slow
def test_mkdocs_plugin_folder_and_file_urls(tmp_path: Path) -> None:
    config = MKDOCS_YML.replace("  - zola\n", "  - zola:\n      folder: /assets/boards/\n")
    root = mkdocs_project(tmp_path, config + "use_directory_urls: false\n")
    done = mkdocs_build(root, "--strict")
    assert done.returncode == 0, done.stderr
    site = root / "site"
    assert (site / "assets" / "boards" / "web" / "boards.js").is_file()
    deep = Tags((site / "guide" / "deep.html").read_text("utf-8"))
    assert deep.loaders() == ["../assets/boards/web/boards.js"]
    for folder in ("/", "../boards"):
        (root / "mkdocs.yml").write_text(config.replace("/assets/boards/", folder))
        done = mkdocs_build(root)
        assert done.returncode == 1 and "zola: folder must be a folder of the site" in done.stderr


def test_mkdocs_plugin_builds_twice_with_one_config(tmp_path: Path) -> None:
    # A build run again with the same config (as some plugins and tools do) is the same.
    from mkdocs.commands.build import build as build_site
    from mkdocs.config import load_config

    root = mkdocs_project(tmp_path)
    config = load_config(str(root / "mkdocs.yml"))
    for _ in range(2):
        shutil.rmtree(root / "site", ignore_errors=True)
        build_site(config)
        deep = Tags((root / "site" / "guide" / "deep" / "index.html").read_text("utf-8"))
        assert deep.loaders() == ["../../zola/web/boards.js"]
        assert (root / "site" / "zola" / "web" / "boards.js").is_file()
    assert "zola.markdown" not in config.mdx_configs  # the author gave it no config


def test_mkdocs_plugin_writes_no_files_for_a_site_without_live_boards(tmp_path: Path) -> None:
    root = mkdocs_project(tmp_path)
    (root / "docs" / "guide" / "deep.md").write_text(f"# Static\n\n```zola\n{LONE}\n```\n")
    mention = '# Nothing live\n\nA live board is `<div data-zola="...">`.\n'
    (root / "docs" / "index.md").write_text(mention)  # a mention is not a board
    done = mkdocs_build(root, "--strict")
    assert done.returncode == 0, done.stderr
    assert not (root / "site" / "zola").exists()


# ---------------------------------------------------------------------- notebooks


def test_a_game_shows_itself_in_a_notebook_as_svg() -> None:
    game = Game(6)
    game.play("c3xd3")
    svg = game._repr_svg_()
    root = ET.fromstring(svg)
    assert root.get("data-position") == str(game.position)
    assert len(root.findall(".//{*}g[@class='capture-mark']")) == 1  # the last move
    assert game._repr_html_().count(svg) == 1
    game.undo()
    assert ET.fromstring(game._repr_svg_()).get("data-position") == str(Position.start(6))


def test_a_position_shows_itself_in_a_notebook_as_html_with_the_svg() -> None:
    position = Position.parse(LONE)
    html = position._repr_html_()
    (svg,) = re.findall(r"<svg .*?</svg>", html, re.S)
    assert svg == position._repr_svg_()
    assert ET.fromstring(svg).get("data-position") == LONE
    assert checkers(svg) == {"c4": "red", "d4": "blue"}


# ------------------------------------------------------------- the live boards' files


def test_the_site_files_are_what_the_loader_fetches() -> None:
    listed = sitefiles.files()
    assert listed[0] == "web/boards.js"
    # the board's style sheet and parts, which the loader holds and the docs tools read
    assert listed[1:3] == ["web/board.css", "web/board.html"]
    assert {"web/boards.py", "web/rom.py", "web/zola.rom"} <= set(listed)  # glue and bytecode
    assert {f"zola/data/puzzles-{size}.txt" for size in (6, 8, 10)} <= set(listed)  # puzzles
    assert not [path for path in listed if path.endswith((".mpy", "main.py"))]
    runtime = "node_modules/@micropython/micropython-webassembly-pyscript/micropython"
    assert listed[-2:] == [f"{runtime}.mjs", f"{runtime}.wasm"]
    # No PyScript: the loader starts MicroPython itself (measured: what a page of live
    # boards fetches).
    assert not [path for path in listed if "/@pyscript/" in path]
    size = sum((sitefiles.source() / path).stat().st_size for path in listed)
    # 1,202,064 with the review's words in 6 languages; 1,560,751 with the 10x10 puzzles
    # and 602 on 8x8 (the three sets: 503 KB); 1,570,296 with the play page's glue
    # compiled into the image too (web/boot.py); 1,432,319 without PyScript's files
    assert 500_000 < size < 1_500_000, size
    assert sitefiles.source() == ROOT  # a checkout reads its own files


def test_site_files_command_writes_them_keeping_their_paths(tmp_path: Path) -> None:
    folder = tmp_path / "site" / "zola"
    command = [sys.executable, "-m", "zola", "site-files", str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    listed = sitefiles.files()
    assert done.stdout.startswith(f"{len(listed)} files (")
    assert f"the loader is {folder.as_posix()}/web/boards.js: set zola.markdown's" in done.stdout
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert written == sorted(listed)
    assert (folder / "web/zola.rom").read_bytes() == (ROOT / "web/zola.rom").read_bytes()
    # Without the files (a checkout before npm ci): one line saying what to do.
    with pytest.raises(FileNotFoundError, match="run `npm ci`"):
        sitefiles.files(tmp_path)


@pytest.mark.parametrize(
    ("directory", "message"),
    [
        ("", "DIR is empty: name the folder"),
        ("a-file", "a-file is a file: name a folder"),
        ("a-file/zola", "cannot write into a-file/zola: Not a directory"),
    ],
)
def test_site_files_command_says_what_is_wrong_with_its_folder(
    tmp_path: Path, directory: str, message: str
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    command = [sys.executable, "-m", "zola", "site-files", directory]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"zola: error: {message}" + done.stderr.split(message, 1)[1]
    assert len(done.stderr.splitlines()) == 1  # one line, no traceback


def test_the_site_files_hold_every_module_the_boards_modules_import() -> None:
    listed = sitefiles.files()
    for path in listed:
        if path.startswith("web/") and path.endswith(".js"):
            text = (ROOT / path).read_text("utf-8")
            for name in re.findall(r"""\bfrom\s*["']\./([^"']+)["']""", text):
                assert f"web/{name}" in listed, (path, name)
    assert "web/motion.js" in listed  # web/board.js slides the moves with it
