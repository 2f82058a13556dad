"""Zola diagrams in Markdown: a fenced block with ``zola`` as its language.

For MkDocs (the ``zola`` plugin, :mod:`zola.docs.mkdocs`, turns it on) and any Python-Markdown
pipeline (``markdown.markdown(text, extensions=["zola.markdown"])``). The block's
first line is a game link's fragment or position text; each further line is an
option, ``key: value``::

    ```zola
    v1;size=8;moves=d4xe4
    flip: true
    arrows: c4xd4 c3xe5
    caption: The first capture
    ```

The block becomes the board as inline SVG (drawn by :func:`zola.draw.diagram.diagram`),
inside a ``<figure>`` with a ``<figcaption>`` when it has a caption (a puzzle's solution
goes in it too, under the caption), else a ``<div>``; that element (class
``zola-diagram``, and ``class:``'s) is as wide as the diagram (``width:``), the board
filling it, and ``align: left``, ``center`` or ``right`` places it, board, caption and
solution alike (left and right float it, as a figure's ``:align:`` does in Sphinx), by
its own style: it needs no style sheet (:func:`zola.docs.diagrams.layout_style`). A
block with bad input becomes a paragraph saying what is wrong, and a warning naming the
bad line (the link's, or the bad option's) is logged (logger ``zola.markdown``).

``live: true`` makes the diagram a live board: the SVG goes inside
``<div data-zola="FRAGMENT" class="zola-live">``, which ``web/boards.js`` turns into a
board the reader steps through and tries moves on (the SVG shows until then, and
without JavaScript), and the document gets the loader, ``<script type="module"
src=".../web/boards.js">``, once. The extension's config says where it is:
``boards_url``, the folder where ``python -m zola site-files DIR`` wrote the files
(see :mod:`zola.docs.sitefiles`), or ``app_url``, the app's page (its folder serves them;
its boards then link to it). ``live: iframe ...`` (or the config ``live: iframe``)
puts the app in an iframe above the diagram instead, for hosts that allow only
iframes; that needs ``app_url``. The config's ``language`` (the pages' ``<html lang>``:
``de``, ``fr``...) is the language the live boards' first screens are drawn in, so that
they stay as drawn when the boards become live.

>>> import markdown
>>> html = markdown.markdown("```zola\\n6/6/2rb2/6/6/6 r\\narrows: c4xd4\\n```",
...                         extensions=["zola.markdown"])
>>> html[: html.index("<svg")]
'<div class="zola-diagram" style="display: flow-root; width: 360px; max-width: 100%">'
>>> html.count('class="arrow"')
1

:class:`zola.docs.diagrams.Diagram` checks a block's options and draws it: the Sphinx
directive (:mod:`zola.sphinx`) shares it, so both take the same options.
"""

from __future__ import annotations

import html
import logging
import re

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from zola.compat import quoted
from zola.docs.diagrams import (
    DEFAULT_WIDTH,
    LIVE_KINDS,
    LineError,
    check_palette,
    check_width,
    loader_script,
    loader_url,
    read_block,
)
from zola.page.live import choose_language

logger = logging.getLogger("zola.markdown")


_FENCE = re.compile(r"(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*?)[ \t]*")


class ZolaPreprocessor(Preprocessor):
    """Replaces each ```` ```zola ```` block with its HTML (stashed, so Markdown leaves
    it alone); other fenced blocks, and ``zola`` blocks inside them, stay as they are.
    The first live board of a document brings the loader's ``<script>``."""

    def __init__(
        self,
        md: Markdown,
        app_url: str,
        width: str,
        document: str,
        boards_url: str = "",
        live: str = "element",
        language: str = "en",
        palette: str = "",
    ) -> None:
        super().__init__(md)
        self.app_url = app_url
        self.width = width
        self.document = document
        self.boards_url = boards_url
        self.live = live
        self.language = language
        self.palette = palette
        self.loaded = False  # whether this document has the loader yet

    def run(self, lines: list[str]) -> list[str]:
        self.loaded = False  # run() converts one document
        out: list[str] = []
        i = 0
        while i < len(lines):
            opening = _FENCE.fullmatch(lines[i])
            end = _closing(lines, i, opening["fence"]) if opening else None
            if opening is None or end is None:
                out.append(lines[i])
                i += 1
                continue
            if opening["info"] == "zola":
                out += ["", self.md.htmlStash.store(self.block(lines[i + 1 : end], i + 1)), ""]
            else:
                out += lines[i : end + 1]
            i = end + 1
        return out

    def block(self, lines: list[str], line: int) -> str:
        """The HTML of the block whose fence is on ``line`` (counted from 1); a bad
        block is a warning naming its bad line (the fence's when the block is empty)."""
        try:
            diagram = read_block(lines).diagram()
        except ValueError as error:
            bad = line + 1 + error.index if isinstance(error, LineError) else line
            where = self.warn(bad, str(error))
            return (
                f'<p class="zola-error">Zola diagram at {html.escape(where)}: '
                f"{html.escape(str(error))}</p>"
            )
        if diagram.live is None:
            return diagram.html(width=self.width)
        if (diagram.live_kind or self.live) == "iframe":
            if not self.app_url:
                self.warn(line, "live: iframe needs the app_url config; static diagram only")
            return diagram.html(self.app_url, self.width)
        loader = loader_url(self.boards_url, self.app_url)
        if not loader:
            self.warn(
                line,
                "live needs the boards_url config of zola.markdown (where `python -m zola "
                "site-files` put the files) or app_url; static diagram only",
            )
            return diagram.html(width=self.width)
        # The boards open the app they come from, when it is the app.
        block = diagram.html(
            width=self.width, element=True, app_link=not self.boards_url, language=self.language
        )
        if not self.loaded:
            self.loaded = True
            block = loader_script(loader) + block
        return block

    def warn(self, line: int, message: str) -> str:
        """Log ``message`` about the block on ``line``; return where that is."""
        where = f"{self.document}, line {line}" if self.document else f"line {line}"
        logger.warning("zola diagram at %s: %s", where, message)
        return where


def _closing(lines: list[str], start: int, fence: str) -> int | None:
    """The line that closes the fence opened on ``start``: the same character, at
    least as many, nothing after."""
    closing = re.compile(re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*")
    for j in range(start + 1, len(lines)):
        if closing.fullmatch(lines[j]):
            return j
    return None


class ZolaExtension(Extension):
    """``zola`` fenced blocks as diagrams; config: ``boards_url``, ``app_url``, ``live``,
    ``width``, ``document``, ``language``, ``palette``."""

    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "boards_url": [
                "",
                "Where the live boards' files are served (the folder `python -m zola "
                "site-files DIR` wrote, e.g. /zola/); the loader is its web/boards.js",
            ],
            "app_url": [
                "",
                "The app's page (…/index.html): live boards load from its folder when "
                "boards_url is not given, and iframes show it",
            ],
            "live": ["element", "How live boards are shown: element (default) or iframe"],
            "width": [DEFAULT_WIDTH, "The diagrams' width when a block gives none"],
            "document": ["", "The document's name, for warnings"],
            "palette": [
                "",
                "The boards' palette when a block and its link name none: classic, slate "
                "or contrast (default: classic)",
            ],
            "language": [
                "",
                "The pages' language (de, fr, ...; as their <html lang>): live boards' "
                "first screens are drawn in it (default: English)",
            ],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # Python-Markdown's name
        md.registerExtension(self)
        config = self.getConfigs()
        for name in ("boards_url", "app_url", "document", "language", "palette"):
            if not isinstance(config[name], str):
                raise ValueError(f"zola.markdown: {name} must be text, not {config[name]!r}")
        if any(mark in config["boards_url"] for mark in "?#"):
            raise ValueError(
                f"zola.markdown: boards_url is the address of a folder, without ? or #, "
                f"not {quoted(config['boards_url'])}"
            )
        width = check_width(config["width"]) or DEFAULT_WIDTH  # a bad one raises here
        try:
            palette = check_palette(config["palette"])
        except ValueError as error:
            raise ValueError(f"zola.markdown: {error}") from None
        live = str(config["live"]).strip().lower() or "element"
        if live not in LIVE_KINDS:
            raise ValueError(f"zola.markdown: live must be element or iframe, not {quoted(live)}")
        # Before fenced_code (25) and the meta extension (27), after whitespace
        # normalisation (30), so line numbers are still the text's own.
        md.preprocessors.register(
            ZolaPreprocessor(
                md,
                config["app_url"],
                width,
                config["document"],
                config["boards_url"],
                live,
                choose_language(config["language"]),
                palette,
            ),
            "zola",
            29,
        )


def makeExtension(**kwargs: object) -> ZolaExtension:  # Python-Markdown's name
    """The entry point Python-Markdown and MkDocs call for ``"zola.markdown"``."""
    return ZolaExtension(**kwargs)
