"""Updates: version A, then version B with another runtime, online and offline; a page
never runs a mixed pair of app and runtime.

Two copies of the site are served on one origin whose folder the test switches. B
differs from A in app files (web/boot.py, web/ai_worker.py) and in runtime files
(MicroPython's micropython.mjs, Pyodide's pyodide.mjs): each version's files
leave a mark of their version where the page can read it, so the page reports
which pair it ran, on the main thread and in the computer's worker:

  page:   document.body.dataset.app (web/boot.py) and zolaRuntime (micropython.mjs)
  worker: "app/runtime" on a BroadcastChannel (web/ai_worker.py, pyodide.mjs)

A third folder is B halfway through its upload: B's sw.js and app files, but A's
micropython.mjs. Its install must fail, and the page keep running A.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from tests.browser.offline_tools import (
    ACTIVE,
    UPDATE,
    append,
    copy_site,
    precache,
    serve,
    wait_for_boot,
    wait_for_precache,
)
from zola.lang.i18n import say

COMPUTER_MS = 90_000
MICROPYTHON = "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
PYODIDE = "node_modules/pyodide/pyodide.mjs"

# Each load is a new visitor who plays the computer: its worker starts at boot.
LISTEN = """
window.zolaMarks = [];
window.zolaChannel = new BroadcastChannel("zola-marks");
window.zolaChannel.onmessage = (event) => window.zolaMarks.push(event.data);
window.zolaErrors = [];
addEventListener("error", (event) => window.zolaErrors.push(String(event.message)));
localStorage.clear();
sessionStorage.clear();
localStorage.setItem("zola-mode", "computer-first");
"""


def make_version(dest: Path, version: str) -> Path:
    copy_site(dest)
    mark = "\nimport js as _mark\n"
    append(dest / "web/boot.py", f'{mark}_mark.document.body.dataset.app = "{version}"\n')
    # The worker keeps its channel: one collected at once may lose the message.
    append(
        dest / "web/ai_worker.py",
        f'{mark}_channel = _mark.BroadcastChannel.new("zola-marks")\n'
        f'_channel.postMessage("{version}/" + str(_mark.zolaRuntime))\n',
    )
    for runtime in (MICROPYTHON, PYODIDE):
        append(dest / runtime, f'\nglobalThis.zolaRuntime = "{version}";\n')
    precache.write(dest)
    assert not precache.stale(dest)
    # As uploaded at different times: the server's Last-Modified tells them apart
    # (the browser checks sw.js with If-Modified-Since).
    when = time.time() - (100 if version == "A" else 0)
    for path in dest.rglob("*"):
        if path.is_file() and not path.is_symlink():
            os.utime(path, (when, when))
    return dest


@pytest.fixture(scope="module")
def versions(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("site")
    a = make_version(base / "A", "A")
    b = make_version(base / "B", "B")
    torn = base / "B-uploading"
    shutil.copytree(b, torn, symlinks=True)
    (torn / MICROPYTHON).unlink()
    shutil.copy2(a / MICROPYTHON, torn / MICROPYTHON)  # still the old runtime
    return {"A": a, "B": b, "torn": torn}


def revisions(root: Path) -> dict[str, str]:
    block = (root / "sw.js").read_text(encoding="utf-8")
    return dict(re.findall(r'\{"url": "([^"]+)", "revision": "([^"]+)"', block))


def ran(page) -> tuple[str, str, tuple[str, ...]]:
    """(app, runtime) of the page, and "app/runtime" of its computer's worker."""
    wait_for_boot(page)
    page.wait_for_function("document.body.dataset.app && window.zolaRuntime")
    try:
        page.wait_for_function("window.zolaMarks.length > 0", timeout=COMPUTER_MS)
    except Exception as error:  # say what the page shows
        state = page.evaluate(
            """[document.body.dataset.app, window.zolaRuntime, document.querySelector("#status")
                ?.textContent, document.querySelector("#thinking")?.textContent]"""
        )
        errors = page.evaluate("window.zolaErrors")
        raise AssertionError(
            f"no word from the computer's worker; the page: {state}, errors: {errors}"
        ) from error
    app, runtime = page.evaluate("[document.body.dataset.app, window.zolaRuntime]")
    return app, runtime, tuple(page.evaluate("window.zolaMarks"))


def test_a_then_b_online_and_offline_never_a_mixed_pair(browser, versions, page_log) -> None:
    seen = []

    def load(page, expected: str) -> None:
        page.goto(site.url + "/")
        pair = ran(page)
        seen.append(pair)
        assert pair == (expected, expected, (f"{expected}/{expected}",)), seen

    with serve(versions["A"]) as site:
        context = browser.new_context()
        context.on("request", lambda request: page_log.requests.append(request.url))
        context.add_init_script(LISTEN)
        try:
            page = context.new_page()
            errors = page_log.console_errors
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))

            # One visit of A: the worker installs A's whole set.
            load(page, "A")
            wait_for_precache(page, site.url, versions["A"])
            context.set_offline(True)
            load(page, "A")
            context.set_offline(False)

            # B halfway uploaded (new sw.js and app, old runtime): its install fails.
            site.root = versions["torn"]
            assert page.evaluate(UPDATE) == "redundant"
            load(page, "A")

            # B complete. The first load after the update is still all A (from A's
            # set, while B installs), the next one all B (the only page open).
            site.root = versions["B"]
            mark = len(site.log)
            load(page, "A")
            assert page.evaluate(UPDATE) == "installed"
            # While another page of the app is open, B waits: a new tab is all A too.
            other = context.new_page()
            load(other, "A")
            other.close()
            load(page, "B")
            context.set_offline(True)
            load(page, "B")
            context.set_offline(False)

            # B's install downloaded what changed only, and A's files are gone.
            downloaded = {path for path, status in site.log[mark:] if status == 200}
            assert f"/{MICROPYTHON}" in downloaded and f"/{PYODIDE}" in downloaded
            assert "/node_modules/pyodide/pyodide.asm.wasm" not in downloaded
            keys = page.evaluate(
                """(async () => {
                  const name = (await caches.keys()).find((n) => n.startsWith("zola-precache-"));
                  return (await (await caches.open(name)).keys()).map((r) => r.url);
                })()"""
            )
            held = {}
            for key in keys:
                url, _, revision = key.removeprefix(site.url + "/").partition("?__WB_REVISION__=")
                held[url] = revision
            assert len(held) == len(keys)
            assert held == revisions(versions["B"])
            assert page_log.console_errors == []
        finally:
            context.close()


def test_a_file_the_host_rewrites_stops_the_install_and_the_page_names_it(
    browser, tmp_path, page_log
) -> None:
    """A host or CDN that rewrites a precached file (minifies it, injects a script) sends
    other bytes than sw.js lists: the worker does not install, and the page says which
    file it was, on a first visit and on a page left on the version installed before."""
    site_b = copy_site(tmp_path / "B")
    append(site_b / "web/style.css", "\n.new-version {}\n")
    precache.write(site_b)
    append(site_b / "web/style.css", "\n/* added by the host */\n")
    notice = say("en", "notice.file_differs", file="web/style.css")
    shown = "(text) => document.querySelector('#message').textContent === text"

    def visit(start: Path, then: Path | None = None) -> None:
        with serve(start) as site:
            context = browser.new_context()
            context.on("request", lambda request: page_log.requests.append(request.url))
            try:
                page = context.new_page()
                page.goto(site.url + "/")
                wait_for_boot(page)
                if then is not None:  # the version installed before, then the new one
                    wait_for_precache(page, site.url, start)
                    site.root = then
                    page.reload()
                    wait_for_boot(page)
                    assert page.evaluate(UPDATE) == "redundant"
                    assert page.evaluate("!!navigator.serviceWorker.controller")
                page.wait_for_function(shown, arg=notice, timeout=60_000)
                assert page.evaluate(ACTIVE) == (then is not None)
            finally:
                context.close()

    visit(site_b)
    visit(copy_site(tmp_path / "A"), then=site_b)
