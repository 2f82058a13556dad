"""Zola diagrams in Sphinx: the ``zola`` directive.

In ``conf.py``::

    extensions = ["zola.sphinx"]

In a document (the argument is a game link's fragment, also with ``#``, or
position text)::

    .. zola:: v1;size=8;moves=d4xe4
       :flip:
       :arrows: c4xd4 c3xe5
       :caption: The first capture
       :live:

The options are those of :mod:`zola.markdown` (``:flip:``, ``:shading:``,
``:no-coordinates:``, ``:dark:``, ``:palette:``, ``:arrows:``, ``:highlight:``,
``:caption:``, ``:width:``, ``:align:``, ``:class:``, ``:alt:``, ``:live:``,
``:solution:``), flags bare or ``true``/``false``; also ``:name:``. The caption may
use inline reStructuredText. A puzzle of the package's set is shown by its id
(``.. zola:: puzzle=6-t5mhvr``): "Red to move and win in 3 moves." before the
caption (in HTML a live board says it instead, and the caption is the author's alone),
the solution folded under the board in HTML (printed under it in other formats;
``:solution: after`` prints it everywhere, ``:solution: none`` leaves it out).

A diagram with a caption, and every puzzle, is a figure (class ``zola-figure`` and the
``:class:`` option's), the solution its legend; another is its board alone (its image,
or its live board's element, with the ``:class:`` option's classes). In HTML the figure
is as wide as its board (``:width:``), its caption and solution wrap under it, and
``:align:`` (``left``, ``center``, ``right``) places it, or the board alone, as a
figure's ``:align:`` does (left and right float): the extension's style sheet
(``_static/zola-diagrams.css``, on every page) says how, the same in every theme.
Without ``:align:``, a figure sits as the theme puts figures.

The diagram is drawn at build time by :func:`zola.draw.diagram.diagram` and written as
an SVG image, so it is in every builder's output: HTML and EPUB show the SVG;
for builders without SVG (LaTeX, Texinfo) this extension converts it to PNG with
CairoSVG (the ``png`` extra, ``pip install cairosvg``), or, without CairoSVG, leaves it to
``sphinx.ext.imgconverter`` when that is enabled.

``:live:`` (HTML output only; optionally with the words ``panel``, ``static``,
``nohints``, ``nolink``) makes the diagram a live board: its image goes inside
``<div data-zola="FRAGMENT" class="zola-live">``, which ``web/boards.js`` turns into
a board the reader steps through and tries moves on, and each page with a live
board loads that script once (in its head). Without ``zola_app_url``, the build
copies the files the boards need (:mod:`zola.docs.sitefiles`: the loader, its Python,
the bytecode, MicroPython; about 1.1 MB, from this package) into
``_static/zola/``, so the site works from any static server and offline, and its
boards have no "Open in the full app" link. With ``zola_app_url`` (the app's page,
``https://example.org/zola/index.html``), the script comes from the app's folder
and nothing is copied (that host must allow other sites' pages to load it: CORS).
``zola_live = "iframe"`` in ``conf.py``, or ``:live: iframe ...`` on one diagram,
shows the app of ``zola_app_url`` in an iframe above the diagram instead, for hosts
that allow only iframes.

The diagram may also be given as the lines of a Markdown block (:mod:`zola.markdown`),
the directive's content: the link or position, then ``name: value`` lines. So
MyST (``myst_parser``) reads ```` ```{zola} ```` as the directive, and the Markdown
block's ```` ```zola ```` fence too with ``myst_fence_as_directive = ["zola"]`` in
``conf.py``.

Bad input (a bad link, option or arrow) is a warning naming the document and the
bad line (type ``zola``, so ``suppress_warnings = ["zola"]`` silences it); the
diagram's place holds a box saying what is wrong (an ``error`` admonition, class
``zola-error``) and the build goes on. ``zola_width`` (default ``360px``) is
the width of diagrams that give none, ``zola_palette`` (``slate``, ``contrast``) the
palette of those whose option and link name none.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Set
from importlib import metadata
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment
from sphinx.environment.collectors import EnvironmentCollector
from sphinx.transforms.post_transforms.images import ImageConverter
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from zola.docs import sitefiles
from zola.docs.diagrams import (
    DEFAULT_WIDTH,
    LAYOUT_CSS,
    LIVE_KINDS,
    Diagram,
    LineError,
    OptionError,
    check_width,
    loader_hints,
    loader_url,
    read_block,
)
from zola.draw.schemes import fixed, images_css
from zola.page.live import choose_language

logger = logging.getLogger(__name__)

# Where the playable board goes: HTML builders, not e-books (tags are builder
# names and formats; EPUB's format is html too).
LIVE_ONLY = "html and not epub"
# The PNG's width in pixels for builders without SVG: sharp in print at any
# sensible width.
PNG_WIDTH = 1200
# Where the live boards' files go in the built site (under the static folder).
STATIC_FOLDER = "zola"


class live_board(nodes.General, nodes.Element):  # docutils names its nodes so
    """A live board: its children (the diagram's image) inside
    ``<div data-zola="FRAGMENT" class="zola-live">`` in HTML (a puzzle's with its line,
    ``data-zola-puzzle``); only the children in other output (see
    :func:`live_boards_only_in_html`)."""


def visit_live_board(translator: Any, node: live_board) -> None:
    """The element, holding the board's first screen inlined (``preview``, made by
    :meth:`Diagram.live_preview`) rather than the image, which other output keeps; as
    wide as the diagram, or filling its figure (which is: see :func:`layout`)."""
    width = "100%" if _in_figure(node) else node["width"]
    style = f"width: {width}; max-width: 100%"
    translator.body.append(
        translator.starttag(
            node,
            "div",
            "",
            CLASS="zola-live",
            **{
                "data-zola": node["fragment"],
                **({"data-zola-puzzle": node["puzzle"]} if node.get("puzzle") else {}),
                "style": style,
            },
        )
    )
    translator.body.append(node["preview"] + "</div>\n")
    raise nodes.SkipNode


def _live_here(builder: Builder) -> bool:
    """Whether ``builder`` writes pages a live board can run on: HTML, not e-books
    (their format is html too)."""
    return builder.format == "html" and not builder.name.startswith("epub")


def _in_figure(node: nodes.Element) -> bool:
    """Whether ``node`` is the board of a diagram's figure."""
    return isinstance(node.parent, nodes.figure) and "zola-figure" in node.parent["classes"]


def live_boards_only_in_html(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Outside HTML pages (LaTeX, EPUB, text...), a live board is its diagram alone. In
    HTML pages it is its element, which holds its own drawing: its image goes, so that
    the site gets no file that no page shows; and a live puzzle's task leaves its
    caption, since the board says it (see :func:`layout` for the rest of a page's
    diagrams)."""
    live = _live_here(app.builder)
    for node in list(doctree.findall(live_board)):
        if live:
            node.clear()
            if isinstance(node.parent, nodes.figure) and _in_figure(node):
                _drop_task(node.parent)
        else:
            node.replace_self(node.children)
    if app.builder.format == "html":
        layout(doctree)


def _drop_task(figure: nodes.figure) -> None:
    """Take a puzzle's task out of ``figure``'s caption (and the caption, if that was
    all of it)."""
    for caption in list(figure.findall(nodes.caption)):
        for task in list(caption.findall(nodes.inline)):
            if "zola-task" in task["classes"]:
                task.parent.remove(task)
        if not caption.astext().strip():
            figure.remove(caption)


def layout(doctree: nodes.document) -> None:
    """In HTML, a diagram's figure is as wide as its board (its ``width``, see
    :func:`zola.docs.diagrams.layout_style`) and its image fills it: so the figure's
    width never depends on its content, and a width in % is the page's, not the
    figure's. (Other output keeps the image's width.)"""
    for figure in doctree.findall(nodes.figure):
        if "zola-figure" in figure["classes"]:
            for image in figure.findall(nodes.image):
                image["width"] = "100%"


class _AnyOption(OptionSpec):
    """The directive's options: each one's text as given, checked by :class:`Diagram`,
    so an unknown option is a warning naming the line, like any other bad input."""

    def __missing__(self, key: str) -> Callable[[str], Any]:
        return directives.unchanged


class ZolaDirective(SphinxDirective):
    """``.. zola:: LINK-OR-POSITION`` with the options of :class:`zola.docs.diagrams.Diagram`,
    or with the lines of a Markdown block as its content (MyST's ```` ```zola ```` fence,
    with ``myst_fence_as_directive``)."""

    optional_arguments = 1  # a missing one is our warning, not a docutils error
    final_argument_whitespace = True  # position text has a space
    has_content = True  # a Markdown block's lines: the link or position, then `name: value`
    option_spec = _AnyOption(name=directives.unchanged)

    def run(self) -> list[nodes.Node]:
        try:
            diagram = self.read()
        except ValueError as error:
            return self.failed(str(error), self.line_of(error))
        width = diagram.width or self.default_width()
        image = nodes.image(
            uri=self.write(diagram.svg),
            alt=diagram.alt,
            width=width,
            classes=["zola-diagram", "no-scaled-link"],
        )
        self.set_source_info(image)
        result: list[nodes.Node] = []
        shown: nodes.Element = image
        if diagram.live is not None and self.live_kind(diagram) == "iframe":
            if self.config.zola_app_url:
                live = addnodes.only(expr=LIVE_ONLY)
                iframe = diagram.iframe(self.config.zola_app_url, width)
                # in a block of its own (not on one line with the image), on its side
                side = f' style="text-align: {diagram.align}"' if diagram.align else ""
                block = f'<div class="zola-iframe"{side}>{iframe}</div>'
                live += nodes.raw("", block, format="html")
                result.append(live)
            else:
                self.warn(":live: iframe needs zola_app_url in conf.py; static diagram only")
        elif diagram.live is not None:
            # Its boards link to the app only when they come from it.
            app_link = bool(self.config.zola_app_url)
            fragment = diagram.live_fragment(app_link)
            language = choose_language(self.config.language or "")
            preview = diagram.live_preview(width, app_link, language)
            shown = live_board(
                "",
                image,
                fragment=fragment,
                puzzle=diagram.puzzle_line(),
                width=width,
                preview=preview,
            )
            self.set_source_info(shown)
        if diagram.caption_text():
            # A figure as wide as the board (in HTML, see layout), with the caption (a
            # puzzle's task apart, which a live board's page leaves out: the board says
            # it) and the puzzle's solution under it (its legend).
            figure = nodes.figure("", shown, classes=["zola-figure", *diagram.classes])
            figure["width"] = width
            if diagram.align:
                figure["align"] = diagram.align
            caption = nodes.caption(diagram.caption_text(), "")
            if diagram.puzzle is not None:
                task = diagram.task() + (" " if diagram.caption else "")
                caption += nodes.inline(task, task, classes=["zola-task"])
            text, messages = self.state.inline_text(diagram.caption, self.lineno)
            caption.extend(text)
            figure += caption
            solution = self.solution(diagram)
            if solution:
                figure += nodes.legend("", *solution)
            self.set_source_info(figure)
            self.add_name(figure)
            result += [figure, *messages]
        else:
            shown["classes"] += diagram.classes
            if diagram.align:
                image["align"] = diagram.align  # (the image's writer makes it a class)
                if shown is not image:
                    shown["classes"].append(f"align-{diagram.align}")
            self.add_name(shown)  # the live board's element, or the image
            result.append(shown)
        return result

    def read(self) -> Diagram:
        """The diagram asked for: from the argument and the options, and from the
        content's lines (the argument, if any, is their first)."""
        options = {k: v for k, v in self.options.items() if k != "name"}
        palette = self.config.zola_palette
        if not self.content:
            return Diagram(self.arguments[0] if self.arguments else "", options, palette=palette)
        return read_block([*self.arguments, *self.content]).diagram(options, palette=palette)

    def line_of(self, error: ValueError) -> int:
        """The document's line that ``error`` is about: a bad option's or content line's,
        else the directive's. (``block_text``, the directive's text from its first
        line, in reST as in MyST, tells where its lines are.)"""
        text = [line.strip().lower() for line in self.block_text.splitlines()]
        if isinstance(error, OptionError):
            for index, line in enumerate(text[1:], 1):
                if line.startswith(f":{error.option}:"):
                    return self.lineno + index
        if isinstance(error, LineError) and error.index >= len(self.arguments):
            index = 0  # the content's lines, in order, in the text after its first line
            for line in self.content[: error.index - len(self.arguments) + 1]:
                index = next(
                    (i for i in range(index + 1, len(text)) if text[i] == line.strip().lower()),
                    0,
                )
                if not index:  # (not found: the directive's line)
                    break
            return self.lineno + index
        return self.lineno

    def failed(self, message: str, line: int) -> list[nodes.Node]:
        """A bad diagram: a warning naming the document and ``line``, and in the
        diagram's place a box saying what is wrong (an ``error`` admonition)."""
        logger.warning("zola: %s", message, location=(self.env.docname, line), type="zola")
        where = os.path.relpath(self.env.doc2path(self.env.docname), self.env.srcdir)
        text = f"Zola diagram at {Path(where).as_posix()}, line {line}: {message}"
        box = nodes.error("", nodes.paragraph(text, text), classes=["zola-error"])
        self.set_source_info(box)
        return [box]

    def solution(self, diagram: Diagram) -> list[nodes.Node]:
        """A puzzle's solution under its board: folded in HTML (``hidden``), printed
        (``after``, and ``hidden`` in print), or none."""
        if diagram.puzzle is None or diagram.solution == "none":
            return []
        text = "Solution: " + diagram.solution_text()
        printed = nodes.paragraph("", text, classes=["zola-solution"])
        if diagram.solution == "after":
            return [printed]
        folded = addnodes.only(expr="html")
        folded += nodes.raw("", diagram.solution_html(), format="html")
        elsewhere = addnodes.only(expr="not html")
        elsewhere += printed
        return [folded, elsewhere]

    def live_kind(self, diagram: Diagram) -> str:
        """``element`` or ``iframe``: the diagram's ``:live:`` word, else ``zola_live``."""
        kind = str(self.config.zola_live).strip().lower()
        if diagram.live_kind is None and kind not in LIVE_KINDS:
            self.warn(f"zola_live in conf.py must be element or iframe, not {kind!r}")
        return diagram.live_kind or ("iframe" if kind == "iframe" else "element")

    def default_width(self) -> str:
        try:
            return check_width(self.config.zola_width) or DEFAULT_WIDTH
        except ValueError as error:
            self.warn(f"zola_width in conf.py: {error}")
            return DEFAULT_WIDTH

    def warn(self, message: str) -> None:
        logger.warning("zola: %s", message, location=self.get_location(), type="zola")

    def write(self, svg: str) -> str:
        """Write ``svg`` beside the doctrees (named by its content); return its URI."""
        name = "zola-" + hashlib.sha256(svg.encode()).hexdigest()[:20] + ".svg"
        path = Path(self.env.doctreedir) / "zola" / name
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{name}.{os.getpid()}.part")  # parallel reads: no torn file
            part.write_text(svg + "\n", encoding="utf-8")
            part.replace(path)
        # A leading "/" is the source directory; the file is usually outside it.
        return "/" + Path(os.path.relpath(path, self.env.srcdir)).as_posix()


class CairoSvgConverter(ImageConverter):
    """Zola's SVG diagrams as PNG, through CairoSVG, for builders without SVG (LaTeX,
    Texinfo). Without CairoSVG it steps aside for ``sphinx.ext.imgconverter``, which
    runs after it."""

    default_priority = 199  # sphinx.ext.imgconverter is 200
    conversion_rules = [("image/svg+xml", "image/png")]

    def match(self, node: nodes.image) -> bool:
        return "zola-diagram" in node["classes"] and super().match(node)

    def is_available(self) -> bool:
        try:
            import cairosvg  # noqa: F401
        except (ImportError, OSError) as error:  # OSError: no Cairo library
            if "sphinx.ext.imgconverter" not in self.config.extensions:
                logger.warning(
                    "zola: this builder needs the diagrams as PNG: pip install cairosvg "
                    "(CairoSVG), or add sphinx.ext.imgconverter to extensions (%s)",
                    error,
                    type="zola",
                )
            return False
        return True

    def convert(self, _from: str | os.PathLike[str], _to: str | os.PathLike[str]) -> bool:
        import cairosvg

        svg = fixed(Path(_from).read_text(encoding="utf-8"))  # the light drawing, on paper
        cairosvg.svg2png(bytestring=svg.encode(), write_to=os.fspath(_to), output_width=PNG_WIDTH)
        return True


class LiveBoardsCollector(EnvironmentCollector):
    """Which documents have live boards (so the build knows whether to copy their files)."""

    def clear_doc(self, app: Sphinx, env: BuildEnvironment, docname: str) -> None:
        _live_docs(env).discard(docname)

    def merge_other(
        self, app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment
    ) -> None:
        _live_docs(env).update(_live_docs(other) & set(docnames))

    def process_doc(self, app: Sphinx, doctree: nodes.document) -> None:
        if doctree.next_node(live_board) is not None:
            _live_docs(app.env).add(app.env.docname)


def _live_docs(env: BuildEnvironment) -> set[str]:
    docs: set[str] | None = getattr(env, "zola_live_docs", None)
    if docs is None:
        docs = set()
        env.zola_live_docs = docs  # type: ignore[attr-defined]
    return docs


def copy_live_files(app: Sphinx, env: BuildEnvironment) -> None:
    """After reading: when an HTML page has live boards that load from this site (no
    ``zola_app_url``), copy their files into ``_static/zola/``."""
    if not (_live_here(app.builder) and _live_docs(env) and not app.config.zola_app_url):
        return
    try:
        sitefiles.copy(Path(app.outdir) / "_static" / STATIC_FOLDER)
    except (OSError, ValueError) as error:
        logger.warning("zola: live boards cannot work: %s", error, type="zola")


def add_loader(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Put the live boards' loader in the head of each page that has one (``async``:
    the boards start while the browser still reads a long page), with its hints (see
    :func:`zola.docs.diagrams.loader_hints`)."""
    if not isinstance(doctree, nodes.Node) or doctree.next_node(live_board) is None:
        return
    app_url = app.config.zola_app_url
    if app_url and "://" not in app_url:  # a path: as the page would read it
        src = loader_url(app_url=app_url)  # (Sphinx would take a file as under _static)
        app.add_js_file(None, type="module", loading_method="async", src=src)
    else:
        file = loader_url(app_url=app_url) if app_url else f"{STATIC_FOLDER}/{sitefiles.LOADER}"
        app.add_js_file(file, type="module", loading_method="async")
        src = file if app_url else context["pathto"](f"_static/{file}", 1)
    context["metatags"] = context.get("metatags", "") + loader_hints(src)


# In _static: the diagrams' images in the theme's scheme, and where diagrams sit.
IMAGES_CSS = "zola-diagrams.css"


def write_images_css(app: Sphinx, error: Exception | None) -> None:
    """After an HTML build: the style sheet that shows the diagrams' images in the
    scheme of the page's theme (:func:`zola.draw.schemes.images_css`), and places the
    diagrams as their ``:align:`` says (:data:`zola.docs.diagrams.LAYOUT_CSS`)."""
    if error is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        css = images_css("img.zola-diagram") + "\n" + LAYOUT_CSS
        (static / IMAGES_CSS).write_text(css, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``zola`` directive, its config values, the live boards' parts and
    the PNG converter."""
    app.add_config_value("zola_app_url", "", "env", types=frozenset({str}))
    app.add_config_value("zola_live", "element", "env", types=frozenset({str}))
    app.add_config_value("zola_width", DEFAULT_WIDTH, "env", types=frozenset({str, int, float}))
    app.add_config_value("zola_palette", "", "env", types=frozenset({str}))
    app.add_directive("zola", ZolaDirective)
    app.add_node(live_board, html=(visit_live_board, None))  # the visit skips the children
    app.connect("doctree-resolved", live_boards_only_in_html)
    app.add_env_collector(LiveBoardsCollector)
    app.connect("env-updated", copy_live_files)
    app.connect("html-page-context", add_loader)
    app.add_css_file(IMAGES_CSS)
    app.connect("build-finished", write_images_css)
    app.add_post_transform(CairoSvgConverter)
    try:
        version = metadata.version("zola")
    except metadata.PackageNotFoundError:  # run from a checkout
        version = "unknown"
    return {"version": version, "parallel_read_safe": True, "parallel_write_safe": True}
