"""Boot time of a page: navigation start -> <body data-ready="1">, in ms.

    python3 bench/boot_time.py                          # the bare PyScript page
    python3 bench/boot_time.py /index.html --runs 5     # the app

Each run uses a fresh browser context (empty cache, as a first visit), in
Debian's headless Chromium, with the repository served on 127.0.0.1. The time
is read in the page (performance.now() when data-ready is set, whose origin is
navigation start), so Playwright's polling adds nothing to it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Runs before the page's own scripts: note the moment data-ready becomes "1".
MARK_READY = """
new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__bootMs = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default="/bench/bare/index.html")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{args.path}"

    times = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        for i in range(args.runs):
            context = browser.new_context()
            context.add_init_script(MARK_READY)
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("window.__bootMs !== undefined", timeout=args.timeout * 1000)
            ms = page.evaluate("window.__bootMs")
            times.append(ms)
            print(f"run {i + 1}: {ms:7.0f} ms")
            context.close()
        browser.close()
    server.shutdown()
    print(
        f"{args.path}: median {statistics.median(times):.0f} ms, "
        f"min {min(times):.0f}, max {max(times):.0f} ({args.runs} fresh contexts)"
    )


if __name__ == "__main__":
    main()
