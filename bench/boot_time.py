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
import statistics

from chromium import served_chromium

# Runs before the page's own scripts: note the moment data-ready becomes "1".
MARK_READY = """
new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__bootMs = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["/index.html", "/bench/bare/index.html"])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    args = ap.parse_args()

    times: dict[str, list[float]] = {path: [] for path in args.paths}
    with served_chromium() as (base, browser):
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
