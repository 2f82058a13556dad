"""The folder scripts/site writes, served alone by a plain static server (no special
headers): the game against the computer, a puzzle, every docs page's live boards, and
the app and the rules offline after one visit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import serving, use
from tests.browser.offline_tools import wait_for_boot, wait_for_precache, wait_until
from tests.test_site_folder import build_site, files_of, manifest, worker_scripts
from zola import decode

PAST_THE_BOOK = "v1;size=6;moves=c3xd3.c4xd3"  # Red to move: the opening book cannot answer
COMPUTER_MS = 90_000  # the first answer waits for the worker's own Python to load
BOOT_S = 60


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "out"
    print(build_site(folder))  # the folder's size, and what makes it up
    return folder


@pytest.fixture(scope="module")
def server_url(site: Path) -> Iterator[str]:
    """The folder alone (this module's pages, open_app included, load from it)."""
    with serving(site) as url:
        yield url


def wait_for_boards(page, path: str) -> int:
    """Until every live board of the page at ``path`` takes clicks; how many there are."""
    boards = page.locator("[data-zola]")
    deadline = time.monotonic() + BOOT_S
    while True:
        count = boards.count()
        ready = page.locator("[data-zola][data-ready='1']").count()
        if count and ready == count:
            return count
        fatal = [e for e in page.console_errors if "PythonError" in e or "pageerror" in e]
        assert not fatal, f"{path}: a live board failed:\n  " + "\n  ".join(fatal)
        assert time.monotonic() < deadline, f"{path}: {ready} of {count} live boards ready"
        page.wait_for_timeout(100)


def test_the_site_folder_plays_solves_teaches_and_works_offline(
    open_app, page, site: Path, server_url: str
) -> None:
    # The computer answers past its opening book: its worker's Pyodide came from the folder,
    # with no cross-origin isolation (no COOP/COEP headers: the server sends none).
    open_app(PAST_THE_BOOK)
    assert page.evaluate("crossOriginIsolated") is False
    use(page, "#mode", "select_option", "computer-first")  # the computer is Red, to move
    page.wait_for_function(
        "document.querySelectorAll('#moves button').length >= 3", timeout=COMPUTER_MS
    )
    page.wait_for_selector("#thinking", state="hidden", timeout=COMPUTER_MS)
    assert len(decode(page.evaluate("location.hash")).moves) == 3
    assert f"{server_url}/node_modules/pyodide/pyodide.asm.wasm" in page.requests

    # A puzzle, from the folder's puzzle sets.
    use(page, "#puzzles")
    page.wait_for_function("document.body.dataset.puzzle === 'solving'", timeout=COMPUTER_MS)
    assert page.evaluate("location.hash").startswith("#puzzle=6-")
    assert f"{server_url}/zola/data/puzzles-6.txt" in page.requests

    # The first visit's worker precaches every file its list names, from the folder.
    wait_for_precache(page, server_url, site)
    manifest_urls = {f"{server_url}/{entry['url']}" for entry in manifest(site)}

    # Every docs page, every live board on it ready.
    docs = sorted(p.relative_to(site).as_posix() for p in (site / "docs").glob("*.html"))
    assert len(docs) == 6
    for path in docs:
        page.goto(f"{server_url}/{path}")
        assert wait_for_boards(page, path) >= 1
        images = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")
        assert images and all(images), path

    # Each file the pages and their workers asked for is in the folder, and precached but
    # for the offline worker's own scripts.
    asked = {urlsplit(url)._replace(query="", fragment="").geturl() for url in page.requests}
    worker = {f"{server_url}/{path}" for path in ("sw.js", *worker_scripts(site))}
    local = {
        url + "index.html" if url.endswith("/") else url
        for url in asked
        if url.startswith(server_url + "/")
    }
    assert {url.removeprefix(server_url + "/") for url in local} <= files_of(site)
    assert local - manifest_urls - worker == set()
    assert page.console_errors == []  # no HTTP error, no console error

    # Offline: the app and a rules page load from the worker's cache.
    controlled = "!!navigator.serviceWorker.controller"
    wait_until(page, "the worker serving the page", lambda: page.evaluate(controlled))
    page.context.set_offline(True)
    page.goto(f"{server_url}/index.html")
    wait_for_boot(page)
    assert page.locator("#board [data-square]").count() == 36
    page.reload()
    wait_for_boot(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    page.goto(f"{server_url}/docs/rules.fr.html")
    assert wait_for_boards(page, "docs/rules.fr.html offline") >= 1
    assert page.console_errors == []
