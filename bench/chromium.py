"""Debian's headless Chromium as the browser tests and benchmarks launch it, and the
repository served on 127.0.0.1 for the benchmarks (the tests have their own guarded server)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Headless Chromium still preloads its omnibox popups, web pages of its own in a
    # renderer process whose memory comes and goes (10 MB or more from one visit to the
    # next): not the page's, and in the way of measuring the page's.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]


# The types a static host must send: Pyodide and MicroPython need these for their
# modules and WebAssembly, the browser for the app's manifest.
MIME_TYPES = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES

    def log_message(self, format, *args):
        pass


@contextmanager
def served_chromium(handler_class: type | None = None) -> Iterator[tuple[str, object]]:
    """``(base URL, browser)``: the repository on a free local port (served by
    ``handler_class``, a quiet file server by default), and Debian's Chromium."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(handler_class or _Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                yield f"http://127.0.0.1:{server.server_address[1]}", browser
            finally:
                browser.close()
    finally:
        server.shutdown()
