"""Real-browser test fixtures: a local static server, Debian's Chromium, pages.

Every test under tests/browser/ is marked ``browser`` automatically.

Fixtures
--------
server_url   session: "http://127.0.0.1:<port>" serving the repository root
browser      session: headless Chromium (/usr/bin/chromium) via sync Playwright
page         function: a page in a fresh browser context. It records
             ``page.requests`` (every URL the page and its workers asked for;
             the service worker's own in ``page.log.worker_requests``),
             ``page.console_errors`` (console
             errors, uncaught page errors, HTTP >= 400 responses) and
             ``page.off_origin`` (URLs not on 127.0.0.1). A test FAILS
             if any request left 127.0.0.1.
page_log     function: the same record as a plain object (``PageLog``)
open_app     function: open_app(fragment="", path="/") -> page, waiting until
             the app has booted (``<body data-ready="1">``), up to 60 s
screenshot   function: screenshot(name, page=None, full_page=False) -> Path,
             writes ``screenshots/<name>.png`` at the repository root

Never run ``playwright install``: the tests drive Debian's Chromium
(``apt-get install -y chromium``); ``scripts/test`` sets everything up.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS, MIME_TYPES

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SCREENSHOTS = ROOT / "screenshots"
BOOT_TIMEOUT_MS = 60_000
# Schemes that never leave the browser (inline data, object URLs, blank pages).
LOCAL_SCHEMES = {"data", "blob", "about"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # This hook sees every collected item, not only this folder's: filter by path.
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _need(what: str, hint: str) -> None:
    """Fail in CI (a missing prerequisite is a broken setup), skip elsewhere."""
    message = f"{what} is missing: {hint} (or run scripts/test, which sets everything up)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


# --------------------------------------------------------------------------- server


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from the repo root, quiet, with the MIME types Pyodide needs."""

    extensions_map = MIME_TYPES

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        pass  # the browser closing a connection early is not a test failure


@contextlib.contextmanager
def serving(directory: Path) -> Iterator[str]:
    """``"http://127.0.0.1:<port>"``: a quiet static server of ``directory``, and nothing else."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    with serving(ROOT) as url:
        yield url


# -------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser():  # a playwright.sync_api.Browser
    if not os.access(CHROMIUM, os.X_OK):
        _need(CHROMIUM, "apt-get update && apt-get install -y chromium")
    runtime = ROOT / "node_modules"
    if not (runtime / "@pyscript/core").is_dir() or not (runtime / "pyodide").is_dir():
        _need("node_modules (PyScript core + Pyodide)", "npm ci")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class PageLog:
    """What one page did: every request, and every error it reported."""

    origin: str
    requests: list[str] = field(default_factory=list)  # by the page and its workers
    worker_requests: list[str] = field(default_factory=list)  # by the service worker
    console_errors: list[str] = field(default_factory=list)
    console_warnings: list[str] = field(default_factory=list)

    @property
    def off_origin(self) -> list[str]:
        return [url for url in self.requests + self.worker_requests if not _is_local(url)]


def _is_local(url: str) -> bool:
    """Whether ``url`` stays on this machine: a loopback address 127.x.x.x, any port
    (host pages of embeds, and another site's pages on 127.0.0.2)."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme == "http" and (parts.hostname or "").startswith("127.")


@pytest.fixture
def page_log(server_url: str) -> PageLog:
    return PageLog(origin=server_url)


@pytest.fixture
def page(browser, page_log: PageLog, request: pytest.FixtureRequest):
    """A page in a fresh context, watched (its requests must stay local); a test's
    ``@pytest.mark.context(locale=..., reduced_motion=...)`` adds context options."""
    marker = request.node.get_closest_marker("context")
    options = {"viewport": {"width": 1200, "height": 900}, **(marker.kwargs if marker else {})}
    context = browser.new_context(**options)
    log = page_log

    # Context-level: also sees requests made by workers.
    def on_request(request) -> None:
        # The service worker precaching the app is not the page loading it.
        (log.worker_requests if request.service_worker else log.requests).append(request.url)

    context.on("request", on_request)

    def on_response(resp) -> None:
        if resp.status >= 400:
            log.console_errors.append(f"HTTP {resp.status}: {resp.url}")

    context.on("response", on_response)
    pg = context.new_page()

    def on_console(msg) -> None:
        if msg.type == "warning":
            log.console_warnings.append(msg.text)
        if msg.type == "error":
            loc = msg.location or {}
            where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc.get("url") else ""
            log.console_errors.append(f"console.error: {msg.text}{where}")

    pg.on("console", on_console)
    pg.on("pageerror", lambda err: log.console_errors.append(f"pageerror: {err}"))
    pg.requests = log.requests
    pg.console_errors = log.console_errors
    pg.console_warnings = log.console_warnings
    pg.log = log
    try:
        yield pg
    finally:
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """After the test body: fail it if its page fetched anything off the server."""
    result = yield
    log = getattr(item, "funcargs", {}).get("page_log")
    if isinstance(log, PageLog) and log.off_origin:
        shown = "\n  ".join(log.off_origin[:20])
        pytest.fail(
            f"{len(log.off_origin)} request(s) left the local server {log.origin}:\n  {shown}",
            pytrace=False,
        )
    return result


# ------------------------------------------------------------------------- helpers


@pytest.fixture
def open_app(page, server_url: str) -> Callable[..., object]:
    """open_app(fragment="", path="/", mode="humans") -> page, once <body data-ready="1">.

    ``mode`` picks the opponent (``None`` keeps the page's own choice).
    """

    def _open(fragment: str = "", path: str = "/", mode: str | None = "humans"):
        if mode is not None:  # a visitor's choice, as the page keeps it (before it boots)
            page.add_init_script(
                f"if (localStorage.getItem('zola-mode') === null) "
                f"localStorage.setItem('zola-mode', {mode!r});"
            )
        url = server_url + path
        if fragment:
            url += fragment if fragment.startswith("#") else "#" + fragment
        page.goto(url)
        deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
        while not page.evaluate("document.body && document.body.dataset.ready === '1'"):
            # A Python error while booting shows up at once as a console error:
            # report it now rather than after the whole timeout.
            fatal = [e for e in page.console_errors if "PythonError" in e or "pageerror" in e]
            if fatal or time.monotonic() > deadline:
                why = "failed to boot" if fatal else f"not ready after {BOOT_TIMEOUT_MS // 1000} s"
                errors = "\n  ".join(page.console_errors) or "(no console errors)"
                raise AssertionError(f"{url}: {why} (data-ready != 1).\n  {errors}")
            page.wait_for_timeout(50)
        if mode is not None and page.locator(".menus").is_visible():
            use(page, "#mode", "select_option", mode)  # a link's game is between people
        return page

    return _open


def use(page, selector: str, action: str = "click", *args: object, **options: object) -> object:
    """Use a control of the play page as a person does: open the menu it sits in, if
    any, then ``action`` it (Playwright's ``click``, ``select_option``, ``check``, ...);
    the menu is closed again after (a button in it closes it itself)."""
    menu = page.locator(f"details.menu:has({selector})")
    inside = menu.count() > 0
    if inside and not menu.evaluate("menu => menu.open"):
        menu.locator(":scope > summary").click()
    answer = getattr(page.locator(selector), action)(*args, **options)
    if inside:  # closed, the focus back on its name (as Escape does)
        menu.evaluate(
            "menu => { menu.open = false;"
            " if (menu.contains(document.activeElement)) menu.querySelector('summary').focus(); }"
        )
    return answer


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[..., Path]:
    """screenshot(name, page=None, full_page=False) -> screenshots/<name>.png."""

    def _shot(name: str, page=None, full_page: bool = False) -> Path:
        target = page if page is not None else request.getfixturevalue("page")
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / (name if name.endswith(".png") else f"{name}.png")
        target.screenshot(path=str(path), full_page=full_page)
        return path

    return _shot
