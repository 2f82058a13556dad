"""Zola diagrams and live boards in MkDocs: the ``zola`` plugin (CPython only).

In ``mkdocs.yml``::

    plugins:
      - search
      - zola

Every page's ```` ```zola ```` blocks become diagrams (:mod:`zola.markdown`, whose
config under ``markdown_extensions`` still applies: ``width``, ``live``), and its
``live`` blocks live boards. The build writes the files the boards load into the
site's ``zola/`` folder (:func:`zola.sitefiles.copy`; the ``folder`` option names
another), and each page loads them by a path from itself, so the built site works
from any static server, in any folder of it, and offline. With the ``app_url``
option (the app's page, ``https://example.org/zola/index.html``) the boards come
from that app instead and link to it, and nothing is copied.

A bad block is one of MkDocs' warnings, naming its page and line (so ``mkdocs build
--strict`` stops on it), and the page says what is wrong in its place.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from zola import sitefiles
from zola.markdown import logger as markdown_log

EXTENSION = "zola.markdown"
log = logging.getLogger("mkdocs.plugins.zola")  # MkDocs shows and counts its warnings


class ZolaConfig(Config):  # type: ignore[no-untyped-call]
    """The plugin's options in ``mkdocs.yml``."""

    folder = config_options.Type(str, default="zola")  # where in the site the files go
    app_url = config_options.Type(str, default="")  # the boards' app, if not the site


class _ToMkDocs(logging.Handler):
    """Hands :mod:`zola.markdown`'s warnings to MkDocs' logger."""

    def emit(self, record: logging.LogRecord) -> None:
        log.warning(record.getMessage())


class ZolaPlugin(BasePlugin[ZolaConfig]):  # type: ignore[no-untyped-call]
    """Turns the ``zola`` blocks on, points each page's live boards at their files, and
    writes those files into the built site."""

    def __init__(self) -> None:
        self.forward = _ToMkDocs()
        self.settings: dict[str, Any] = {}  # the extension's config as the author gave it
        self.copying = False  # whether this build serves the boards' files itself
        self.live = False  # whether a page of this build has a live board

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if EXTENSION not in config.markdown_extensions:
            config.markdown_extensions.append(EXTENSION)
        self.settings = dict(config.mdx_configs.get(EXTENSION) or {})
        if self.config.app_url:
            self.settings["app_url"] = self.config.app_url
        given = self.settings.get("boards_url") or self.settings.get("app_url")
        self.copying, self.live = not given, False
        folder = self.config.folder.strip("/")
        if self.copying and (not folder or ".." in folder.split("/")):
            raise PluginError(f"zola: folder must be a folder of the site, not {folder!r}")
        if self.forward not in markdown_log.handlers:
            markdown_log.addHandler(self.forward)
        return config

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        settings = dict(self.settings, document=page.file.src_uri)
        if self.copying:  # a path from the page: the site may be served from any folder
            settings["boards_url"] = get_relative_url(self.config.folder.strip("/") + "/", page.url)
        config.mdx_configs[EXTENSION] = settings
        return markdown

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        self.live = self.live or "data-zola=" in html
        return html

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not (self.copying and self.live):
            return
        try:
            sitefiles.copy(Path(config.site_dir) / self.config.folder.strip("/"))
        except (OSError, ValueError) as error:
            raise PluginError(f"zola: the live boards' files: {error}") from None

    def on_shutdown(self) -> None:
        markdown_log.removeHandler(self.forward)
