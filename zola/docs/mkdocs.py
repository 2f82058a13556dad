"""Zola diagrams and live boards in MkDocs: the ``zola`` plugin (CPython only).

In ``mkdocs.yml``::

    plugins:
      - search
      - zola

Every page's ```` ```zola ```` blocks become diagrams (:mod:`zola.markdown`, whose
config under ``markdown_extensions`` still applies: ``width``, ``live``, ``language``,
``palette``; the plugin's own ``palette`` option sets that one too),
and its ``live`` blocks live boards, their first screens drawn in the theme's
language (``theme: language:`` or ``locale:``) unless ``language`` says otherwise.
The build writes the files the boards load into the site's ``zola/`` folder
(:func:`zola.docs.sitefiles.copy`; the ``folder`` option names another), and each
page loads them by a path from itself, so the built site works from any static
server, in any folder of it, and offline. With the ``app_url`` option (the app's
page, ``https://example.org/zola/index.html``) the boards come
from that app instead and link to it, and nothing is copied.

A bad block is one of MkDocs' warnings, naming its page and line (so ``mkdocs build
--strict`` stops on it), and the page says what is wrong in its place. The search
index (MkDocs' own or Material's) holds the pages' words, not what the boards are
made of: their drawings, style sheet and first screens (see :func:`unboarded`).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from zola.docs import sitefiles
from zola.docs.diagrams import loader_script, loader_url
from zola.docs.markdown import logger as markdown_log

EXTENSION = "zola.markdown"
log = logging.getLogger("mkdocs.plugins.zola")  # MkDocs shows and counts its warnings


class ZolaConfig(Config):  # type: ignore[no-untyped-call]
    """The plugin's options in ``mkdocs.yml``."""

    folder = config_options.Type(str, default="zola")  # where in the site the files go
    app_url = config_options.Type(str, default="")  # the boards' app, if not the site
    palette = config_options.Type(str, default="")  # the boards' palette (zola.markdown's)


class _ToMkDocs(logging.Handler):
    """Hands :mod:`zola.markdown`'s warnings to MkDocs' logger."""

    def emit(self, record: logging.LogRecord) -> None:
        log.warning(record.getMessage())


# What the boards are made of, in the HTML zola.docs.diagrams writes: the drawings, the
# style sheet of a board's declared root, the rest of its first screen (JSON).
_DRAWN = re.compile(
    r'<svg\b[^>]*\bdata-position="[^"]*"[^>]*>.*?</svg>'
    r'|(?<=<template shadowrootmode="open">)<style>.*?</style>'
    r'|<style class="zola-scheme">.*?</style>'
    r'|<script type="application/json" class="zola-screen">.*?</script>',
    re.DOTALL,
)


def unboarded(html: str) -> str:
    """``html`` without what its diagrams and boards are made of: the words a search
    index should hold.

    >>> unboarded('<p>Text</p><svg data-position="6/6/6/6/6/6 r"><text>a</text></svg>')
    '<p>Text</p>'
    """
    return _DRAWN.sub("", html)


def theme_language(config: MkDocsConfig) -> str:
    """The pages' language as the theme writes it into ``<html lang>``: Material for
    MkDocs' ``language``, else the theme's ``locale`` (``de``, ``pt_BR`` -> ``pt-BR``)."""
    theme = config.theme
    return str(theme.get("language") or theme.get("locale") or "en").replace("_", "-")


class ZolaPlugin(BasePlugin[ZolaConfig]):  # type: ignore[no-untyped-call]
    """Turns the ``zola`` blocks on, points each page's live boards at their files, and
    writes those files into the built site."""

    def __init__(self) -> None:
        self.forward = _ToMkDocs()
        self.given: dict[str, Any] | None = None  # the extension's config, as the author wrote it
        self.settings: dict[str, Any] = {}  # that config, with the plugin's app_url
        self.folder = ""  # where in the site the boards' files go ("": not copied)
        self.live = False  # whether a page of this build loads live boards
        self.whole: str | None = None  # a page's content while the search index reads it

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if EXTENSION not in config.markdown_extensions:
            config.markdown_extensions.append(EXTENSION)
        self.given = config.mdx_configs.get(EXTENSION)
        self.settings = dict(self.given or {})
        if self.config.app_url.strip():
            self.settings["app_url"] = self.config.app_url.strip()
        if self.config.palette.strip():
            self.settings["palette"] = self.config.palette.strip()
        if not str(self.settings.get("language") or "").strip():
            self.settings["language"] = theme_language(config)
        served = any(str(self.settings.get(name, "")).strip() for name in ("boards_url", "app_url"))
        self.folder, self.live = "" if served else self.config.folder.strip("/"), False
        if not served and (not self.folder or ".." in self.folder.split("/")):
            raise PluginError(f"zola: folder must be a folder of the site, not {self.folder!r}")
        if self.forward not in markdown_log.handlers:
            markdown_log.addHandler(self.forward)
        return config

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        settings = dict(self.settings, document=page.file.src_uri)
        if self.folder:  # a path from the page: the site may be served from any folder
            settings["boards_url"] = get_relative_url(self.folder + "/", page.url)
        config.mdx_configs[EXTENSION] = settings
        return markdown

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        settings = config.mdx_configs[EXTENSION]
        url = loader_url(settings.get("boards_url", ""), settings.get("app_url", ""))
        self.live = self.live or loader_script(url) in html  # (the page's one loader line)
        return html

    # Around the search plugin's indexing (it reads page.content in on_page_context, at
    # priority 0): the content without the boards' innards first, the whole page after.
    @event_priority(100)
    def _before_search(self, context: Any, /, *, page: Page, **_: Any) -> None:
        self.whole = page.content
        page.content = unboarded(page.content or "")

    @event_priority(-100)
    def _after_search(self, context: Any, /, *, page: Page, **_: Any) -> None:
        page.content = self.whole

    on_page_context = CombinedEvent(_before_search, _after_search)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        # The author's config again, as on_config found it (for a build run again with it).
        if self.given is None:
            config.mdx_configs.pop(EXTENSION, None)
        else:
            config.mdx_configs[EXTENSION] = self.given
        if not (self.folder and self.live):
            return
        try:
            sitefiles.copy(Path(config.site_dir) / self.folder)
        except (OSError, ValueError) as error:
            raise PluginError(f"zola: the live boards' files: {error}") from None

    def on_shutdown(self) -> None:
        markdown_log.removeHandler(self.forward)
