"""Boot time: navigation start -> <body data-ready="1">, the app beside a bare PyScript page.

    python3 bench/boot_time.py                # the app and the bare page, 7 runs each
    python3 bench/boot_time.py --runs 3 /index.html#v1;size=10

Runs of the pages alternate, so both see the same machine load.

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
    ap.add_argument("paths", nargs="*", default=["/index.html", "/bench/bare/index.html"])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    times: dict[str, list[float]] = {path: [] for path in args.paths}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        for run in range(args.runs):
            for path in args.paths:
                context = browser.new_context()
                context.add_init_script(MARK_READY)
                page = context.new_page()
                page.goto(base + path)
                page.wait_for_function("window.__bootMs !== undefined", timeout=args.timeout * 1000)
                times[path].append(page.evaluate("window.__bootMs"))
                print(f"run {run + 1} {path}: {times[path][-1]:7.0f} ms")
                context.close()
        browser.close()
    server.shutdown()
    medians = {path: statistics.median(ms) for path, ms in times.items()}
    first = args.paths[0]
    for path, ms in times.items():
        print(
            f"{path}: median {medians[path]:.0f} ms "
            f"(min {min(ms):.0f}, max {max(ms):.0f}, {args.runs} fresh contexts)"
        )
    for path in args.paths[1:]:
        print(f"ratio {first} / {path}: {medians[first] / medians[path]:.2f}")


if __name__ == "__main__":
    main()
