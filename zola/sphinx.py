"""Zola diagrams in Sphinx: the ``zola`` directive.

In ``conf.py``::

    extensions = ["zola.sphinx"]
    zola_app_url = "https://example.org/zola/index.html"  # only for :live: boards

In a document (the argument is a game link's fragment, also with ``#``, or
position text)::

    .. zola:: v1;size=8;moves=d4xe4
       :flip:
       :arrows: c4xd4 c3xe5
       :caption: The first capture
       :live:

The options are those of :mod:`zola.markdown` (``:flip:``, ``:shading:``,
``:no-coordinates:``, ``:dark:``, ``:arrows:``, ``:highlight:``, ``:caption:``,
``:width:``, ``:alt:``, ``:live:``), flags bare or ``true``/``false``; also
``:name:`` and ``:class:``. The caption may use inline reStructuredText.

The diagram is drawn at build time by :func:`zola.diagram.diagram` and written as
an SVG image, so it is in every builder's output: HTML and EPUB show the SVG;
for builders without SVG (LaTeX, Texinfo) this extension converts it to PNG with
CairoSVG (``pip install 'zola[png]'``), or, without CairoSVG, leaves it to
``sphinx.ext.imgconverter`` when that is enabled. ``:live:`` adds the playable
board (an iframe of ``zola_app_url``) above the diagram in HTML output only.

Bad input (a bad link, option or arrow) is a warning naming the document and
line (type ``zola``, so ``suppress_warnings = ["zola"]`` silences it); the
diagram is left out and the build goes on. ``zola_width`` (default ``360px``) is
the width of diagrams that give none.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms.images import ImageConverter
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from zola.markdown import DEFAULT_WIDTH, Diagram, check_width

logger = logging.getLogger(__name__)

# Where the playable board goes: HTML builders, not e-books (tags are builder
# names and formats; EPUB's format is html too).
LIVE_ONLY = "html and not epub"
# The PNG's width in pixels for builders without SVG: sharp in print at any
# sensible width.
PNG_WIDTH = 1200


class _AnyOption(OptionSpec):
    """The directive's options: each one's text as given, checked by :class:`Diagram`,
    so an unknown option is a warning naming the line, like any other bad input."""

    def __missing__(self, key: str) -> Callable[[str], Any]:
        return directives.unchanged


class ZolaDirective(SphinxDirective):
    """``.. zola:: LINK-OR-POSITION`` with the options of :class:`zola.markdown.Diagram`."""

    optional_arguments = 1  # a missing one is our warning, not a docutils error
    final_argument_whitespace = True  # position text has a space
    has_content = False
    option_spec = _AnyOption(name=directives.unchanged, **{"class": directives.class_option})

    def run(self) -> list[nodes.Node]:
        options = {k: v for k, v in self.options.items() if k not in ("name", "class")}
        try:
            diagram = Diagram(self.arguments[0] if self.arguments else "", options)
        except ValueError as error:  # a ZolaError is a ValueError too
            self.warn(str(error))
            return []
        width = diagram.width or self.default_width()
        image = nodes.image(
            uri=self.write(diagram.svg),
            alt=diagram.alt,
            width=width,
            classes=["zola-diagram", "no-scaled-link", *self.options.get("class", [])],
        )
        self.set_source_info(image)
        result: list[nodes.Node] = []
        if diagram.live is not None:
            if self.config.zola_app_url:
                live = addnodes.only(expr=LIVE_ONLY)
                iframe = diagram.iframe(self.config.zola_app_url, width)
                live += nodes.raw("", iframe, format="html")
                result.append(live)
            else:
                self.warn(":live: needs zola_app_url in conf.py; showing the static diagram only")
        if diagram.caption:
            text, messages = self.state.inline_text(diagram.caption, self.lineno)
            figure = nodes.figure("", image, classes=["zola-figure"])
            figure += nodes.caption(diagram.caption, "", *text)
            self.set_source_info(figure)
            self.add_name(figure)
            result += [figure, *messages]
        else:
            self.add_name(image)
            result.append(image)
        return result

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
                    "zola: this builder needs the diagrams as PNG: pip install 'zola[png]' "
                    "(CairoSVG), or add sphinx.ext.imgconverter to extensions (%s)",
                    error,
                    type="zola",
                )
            return False
        return True

    def convert(self, _from: str | os.PathLike[str], _to: str | os.PathLike[str]) -> bool:
        import cairosvg

        cairosvg.svg2png(url=os.fspath(_from), write_to=os.fspath(_to), output_width=PNG_WIDTH)
        return True


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``zola`` directive, its config values and the PNG converter."""
    app.add_config_value("zola_app_url", "", "env", types=frozenset({str}))
    app.add_config_value("zola_width", DEFAULT_WIDTH, "env", types=frozenset({str}))
    app.add_directive("zola", ZolaDirective)
    app.add_post_transform(CairoSvgConverter)
    try:
        version = metadata.version("zola")
    except metadata.PackageNotFoundError:  # run from a checkout
        version = "unknown"
    return {"version": version, "parallel_read_safe": True, "parallel_write_safe": True}
