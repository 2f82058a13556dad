"""The guide's own Sphinx extension: the rules in six languages, and examples that are
shown and built.

- A page named ``rules.XX`` (``rules.de.md``) is in the language ``XX`` of
  :data:`zola.lang.i18n.LANGUAGES`: its ``<html lang>``, and the first screen of each of
  its live boards, drawn in that language, so a board stays as drawn when it becomes
  live (it speaks its page's ``<html lang>``). Every other page is in ``language``.
- ``{app}`text``` links to the app beside the guide (``zola_app_url``), and
  ``{app}`text <fragment>``` to a game, position or puzzle there: ``<puzzle=6-r132w0>``.
- ``{example} html``: the HTML shown as code, then put into the page as it is (an
  iframe, a live board, a script: the example runs on the page).
- ``{example} markdown`` and ``{example} rst``: the MyST or reST source shown as code,
  then built as part of the page (a ``zola`` block: the diagram it makes follows its
  source).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Parser, directives
from docutils.utils import new_document
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from zola.docs.sphinx import ZolaDirective
from zola.lang.i18n import LANGUAGES

KINDS = ("html", "markdown", "rst")
LINK = re.compile(r"(.*?)\s*<([^<>]+)>", re.S)
PAGE = re.compile(r"(?:^|/)rules\.([a-z]{2})$")


def page_language(docname: str, default: str) -> str:
    """The language of the page ``docname``: ``XX`` for ``rules.XX``, else ``default``."""
    found = PAGE.search(docname)
    return found[1] if found and found[1] in LANGUAGES else default


class _PageConfig:
    """The build's config as one page sees it: its own ``language``."""

    def __init__(self, config: Any, language: str) -> None:
        self._config = config
        self.language = language

    def __getattr__(self, name: str) -> Any:
        return getattr(self._config, name)


class PageZolaDirective(ZolaDirective):
    """The ``zola`` directive, with its page's language for the live boards' first
    screens."""

    @property
    def config(self) -> Any:  # type: ignore[override]
        config = self.env.config
        return _PageConfig(config, page_language(self.env.docname, config.language or "en"))


def app_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{app}`text``` or ``{app}`text <fragment>```: a link to the app beside the guide."""
    found = LINK.fullmatch(text.strip())
    words, fragment = (found[1].strip(), found[2]) if found else (text.strip(), "")
    app = inliner.document.settings.env.config.zola_app_url
    uri = app + ("#" + fragment if fragment else "")
    return [nodes.reference(rawtext, words, refuri=uri, classes=["zola-app"])], []


def html_language(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``<html lang>`` of each page: its own language."""
    context["language"] = page_language(pagename, app.config.language or "en")


class Example(SphinxDirective):
    """``{example} html``, ``markdown`` or ``rst``: the content shown as code, then made
    part of the page (raw HTML, or MyST or reST parsed in place)."""

    required_arguments = 1
    has_content = True
    option_spec = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in KINDS:
            raise self.error(f"example: one of {', '.join(KINDS)}, not {kind!r}")
        source = "\n".join(self.content)
        code = nodes.literal_block(source, source, language=kind, classes=["example-source"])
        self.set_source_info(code)
        shown = nodes.container(classes=["example-result"])
        if kind == "html":
            shown += nodes.raw("", source, format="html")
        elif kind == "rst":  # as MyST's eval-rst does: a document of its own, its nodes here
            document = new_document(self.env.doc2path(self.env.docname).as_posix(),
                                    self.state.document.settings)
            document.reporter = self.state.document.reporter
            Parser().parse(source, document)
            shown += document.children
        else:
            self.state.nested_parse(self.content, self.content_offset, shown)
        return [code, shown]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("zola.sphinx")
    app.add_directive("zola", PageZolaDirective, override=True)
    app.add_directive("example", Example)
    app.add_role("app", app_role)
    app.connect("html-page-context", html_language)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
