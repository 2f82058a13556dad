"""Offline: after one visit, sw.js serves the whole app with the network cut."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT_S = 60
COMPUTER_MS = 90_000  # the first answer waits for the worker's own Python

# Files of the runtime (cache first) and of the app (network first).
MUST_BE_CACHED = (
    "/node_modules/pyodide/pyodide.asm.wasm",
    "/zola/position.py",
    "/web/ai_worker.py",  # the computer's worker, started by the page after boot
)

CACHED_URLS = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("zola-"));
  const urls = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return {names, urls};
}"""


def cache_name() -> str:
    """The cache name sw.js builds: `${PREFIX}v${VERSION}_${RUNTIME}`."""
    source = (ROOT / "sw.js").read_text(encoding="utf-8")
    assert "const CACHE = `${PREFIX}v${VERSION}_${RUNTIME}`;" in source
    constants = dict(re.findall(r'^const (PREFIX|VERSION|RUNTIME) = "([^"]*)";', source, re.M))
    return f"{constants['PREFIX']}v{constants['VERSION']}_{constants['RUNTIME']}"


def wait_until(page, what: str, check, timeout_s: float = BOOT_TIMEOUT_S):  # noqa: ANN001, ANN201
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            errors = "\n  ".join(page.console_errors) or "(no console errors)"
            raise AssertionError(f"{what}: not after {timeout_s} s.\n  {errors}")
        page.wait_for_timeout(100)


def wait_for_cache(page) -> dict:  # noqa: ANN001
    """Once the worker controls the page and its cache holds the runtime and the app."""

    def ready() -> dict | None:
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            return None
        cached = page.evaluate(CACHED_URLS)
        if all(any(url.endswith(path) for url in cached["urls"]) for path in MUST_BE_CACHED):
            return cached
        return None

    return wait_until(page, "the service worker caching the app", ready)


def wait_for_boot(page) -> None:  # noqa: ANN001
    wait_until(
        page, "the app booting", lambda: page.evaluate("document.body?.dataset.ready === '1'")
    )


def test_the_cache_name_follows_the_runtime_in_package_json() -> None:
    versions = json.loads((ROOT / "package.json").read_text())["dependencies"]
    name = cache_name()
    assert re.fullmatch(r"zola-v\d+_.+", name), name
    assert f"pyscript-{versions['@pyscript/core']}" in name
    assert f"pyodide-{versions['pyodide']}" in name


def test_after_one_visit_the_app_plays_the_computer_offline(open_app, screenshot) -> None:  # noqa: ANN001
    page = open_app(mode="computer-second")  # the page keeps the mode in its storage
    cached = wait_for_cache(page)
    assert cached["names"] == [cache_name()]
    for path in (
        "/",
        "/pyscript.toml",
        "/web/main.py",
        "/web/offline.js",
        "/node_modules/@pyscript/core/dist/core.js",
        "/node_modules/pyodide/python_stdlib.zip",
    ):
        assert any(url.endswith(path) for url in cached["urls"]), path
    assert page.console_errors == []

    page.context.set_offline(True)
    served = []
    page.on(
        "response", lambda response: served.append((response.url, response.from_service_worker))
    )
    page.reload()
    wait_for_boot(page)
    assert page.locator("#board [data-square]").count() == 36
    assert page.input_value("#mode") == "computer-second"
    before = page.get_attribute("#board svg", "data-position")
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    page.wait_for_function(
        "(before) => document.querySelector('#board svg').dataset.position !== before", arg=before
    )
    assert "c3xd3" in page.evaluate("location.hash")
    # The computer's worker boots its own Python from the cache and answers.
    page.wait_for_function(
        "document.querySelectorAll('#moves button').length >= 2", timeout=COMPUTER_MS
    )
    page.wait_for_selector("#thinking", state="hidden")
    assert page.console_errors == []
    screenshot("offline")
    # Every file came from the service worker (blob: URLs never touch the network).
    assert [url for url, by_worker in served if not by_worker and url.startswith("http")] == []
    assert any(url.endswith("/web/ai_worker.py") for url, _ in served)

    # The network really is cut, for the worker too: what it never cached fails.
    outcome = page.evaluate("fetch('./README.md?offline').then((r) => r.status, (e) => e.name)")
    assert outcome == "TypeError"


def test_a_new_version_deletes_the_old_cache(browser, server_url, page_log) -> None:  # noqa: ANN001
    context = browser.new_context()
    context.on("request", lambda request: page_log.requests.append(request.url))
    try:
        page = context.new_page()
        # A page of the origin that registers no worker, to leave an old cache behind.
        page.goto(server_url + "/web/style.css")
        page.evaluate("caches.open('zola-v0').then((c) => c.put('./old', new Response('old')))")
        assert "zola-v0" in page.evaluate("caches.keys()")
        page.goto(server_url + "/")
        wait_until(
            page, "the old cache deleted", lambda: "zola-v0" not in page.evaluate("caches.keys()")
        )
        assert page.evaluate("caches.keys()") == [cache_name()]
        assert (
            page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.state)")
            == "activated"
        )
    finally:
        context.close()
