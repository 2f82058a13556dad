"""Debian's headless Chromium as the browser tests and benchmarks launch it, and the
repository served on 127.0.0.1 for the benchmarks (the tests have their own guarded server)."""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
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
]
CHROMIUM_EXE = "/usr/lib/chromium/chromium"  # what /usr/bin/chromium runs
# Headless Chromium still preloads its omnibox popups, web pages of their own in a
# renderer process whose memory comes and goes (10 MB or more from one visit to the
# next) and which takes CPU at each new context: not the page's, and in the way of
# measuring the page's. The benchmarks' browser goes without them.
QUIET_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


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


def browser_pids() -> list[int]:
    """The Chromium processes under this process (Playwright's driver, then the browser)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [os.getpid()]
    while todo:
        for pid in children.get(todo.pop(), []):
            todo.append(pid)
            try:
                if os.readlink(f"/proc/{pid}/exe") == CHROMIUM_EXE:
                    found.append(pid)
            except OSError:
                pass
    return found


@dataclass
class Visited:
    """One visit's page, the addresses its context asked for, and the first line of
    each error its page logged."""

    page: object
    urls: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@contextmanager
def first_visit(browser, *scripts: str) -> Iterator[Visited]:
    """A fresh browser context (a first visit: nothing cached) and its page, each of
    ``scripts`` run before the page's own. Closed on leaving, once its processes have
    gone (at most 5 s), so that the next visit is measured alone."""
    before = len(browser_pids())
    context = browser.new_context()
    for script in scripts:
        context.add_init_script(script)
    visit = Visited(context.new_page())
    context.on("request", lambda request: visit.urls.append(request.url))
    visit.page.on(
        "console", lambda m: visit.errors.append(m.text.split("\n")[0]) if m.type == "error" else 0
    )
    try:
        yield visit
    finally:
        context.close()
        for _ in range(50):
            if len(browser_pids()) <= before:
                break
            time.sleep(0.1)


def launch_quiet(pw):
    """Debian's Chromium without :data:`QUIET_FEATURES`. Chromium reads only the last
    ``--disable-features``, and Playwright passes its own: the switch carries both, the
    list Playwright passes read from a first launch."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        command = Path(f"/proc/{browser_pids()[0]}/cmdline").read_bytes().replace(b"\0", b" ")
    finally:
        browser.close()
    theirs = re.findall(rb"--disable-features=(\S+)", command)
    features = [f.decode() for f in theirs[:1]] + list(QUIET_FEATURES)
    args = [*CHROMIUM_ARGS, "--disable-features=" + ",".join(features)]
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES

    def log_message(self, format, *args):
        pass


@contextmanager
def served_chromium(handler_class: type | None = None) -> Iterator[tuple[str, object]]:
    """``(base URL, browser)``: the repository on a free local port (served by
    ``handler_class``, a quiet file server by default), and Debian's Chromium (see
    :func:`launch_quiet`)."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(handler_class or _Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = launch_quiet(pw)
            try:
                yield f"http://127.0.0.1:{server.server_address[1]}", browser
            finally:
                browser.close()
    finally:
        server.shutdown()
