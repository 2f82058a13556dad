"""Boot time: navigation start -> <body data-ready="1">, the app beside bare PyScript pages.

    python3 bench/boot_time.py              # the app, bare MicroPython, the app on a link: 7 runs
    python3 bench/boot_time.py --runs 3 '/index.html#v1;size=10' /bench/bare-mpy/index.html

The first path is the app, the second the reference the goal is measured against
(default: a bare PyScript page on the same self-hosted MicroPython; goal, issue 41:
the app takes clicks within 1.3x its time; the app no longer boots through PyScript,
so the default paths also hold a bare page that starts MicroPython as the app does,
with its own loader). The app is opened as a first visit
(against the computer, its default) and on a two-player link (`#v1;size=6`), which
never starts the computer's worker. Every run's requests are watched: a page that
fetches Pyodide's runtime before it is ready is counted in the table (the app starts
the computer's worker only once its board is ready; after that, within the linger,
it is counted apart).

Each run uses a fresh browser context (empty cache, as a first visit), in
Debian's headless Chromium, with the repository served on 127.0.0.1; the pages
take turns, after one uncounted warm-up round, so all see the same machine
load. The time is read in the page (performance.now() when data-ready is set,
whose origin is navigation start), so Playwright's polling adds nothing to it.
"""

from __future__ import annotations

import argparse
import statistics
import time

from chromium import served_chromium

# Runs before the page's own scripts (in every frame): the moment data-ready becomes "1".
MARK_READY = """
new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__bootMs = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""
PYODIDE = "/node_modules/pyodide/"  # any request under it: a Pyodide runtime is loading
PATHS = [
    "/index.html",
    "/bench/bare-mpy/index.html",
    "/index.html#v1;size=6",
    "/bench/bare-loader/index.html",  # the same MicroPython without PyScript, as the app starts it
]


def table(header: list[str], rows: list[list[str]]) -> str:
    """A markdown table; columns after the first are right-aligned."""
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def boot(browser, url: str, timeout: float, linger: float) -> tuple[float, str]:
    """One first visit: (ms to data-ready, when anything under node_modules/pyodide began
    to load: ``"before"`` ready, ``"after"``, or ``""``: never, within ``linger``)."""
    context = browser.new_context()
    pyodide: list[float] = []  # when each Pyodide request was seen
    ready: list[float] = []  # when the page said it was ready
    # The page's own requests: the service worker precaching for offline play is not a load.
    context.on(
        "request",
        lambda request: pyodide.append(time.monotonic())
        if PYODIDE in request.url and not request.service_worker
        else None,
    )
    context.expose_binding("__zolaBootReady", lambda _source: ready.append(time.monotonic()))
    said = "obs.disconnect(); __zolaBootReady();"  # (the binding, in the app's frame)
    context.add_init_script(MARK_READY.replace("obs.disconnect();", said))
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__bootMs !== undefined", timeout=timeout * 1000)
    ms = page.evaluate("window.__bootMs")
    time.sleep(linger)  # a worker started after ready fetches its runtime soon after
    context.close()
    if not pyodide:
        return ms, ""
    return ms, "before" if not ready or pyodide[0] < ready[0] else "after"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=PATHS, help="the app first, the reference second")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--warmup", type=int, default=1, help="uncounted rounds first")
    ap.add_argument("--goal", type=float, default=1.3, help="at most this ratio app / reference")
    ap.add_argument("--linger", type=float, default=1.0, help="seconds to watch after ready")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    args = ap.parse_args()

    times: dict[str, list[float]] = {path: [] for path in args.paths}
    pyodide: dict[str, list[str]] = {path: [] for path in args.paths}
    with served_chromium() as (base, browser):
        for run in range(args.warmup + args.runs):
            counted = run >= args.warmup
            for path in args.paths:
                ms, fetched = boot(browser, base + path, args.timeout, args.linger)
                label = f"run {run + 1 - args.warmup}" if counted else "warm-up"
                note = f"  (loaded Pyodide {fetched} ready)" if fetched else ""
                print(f"{label} {path}: {ms:7.0f} ms{note}")
                if counted:
                    times[path].append(ms)
                    pyodide[path].append(fetched)
    medians = {path: statistics.median(ms) for path, ms in times.items()}
    rows = [
        [
            f"`{path}`",
            f"{medians[path]:.0f} ms",
            f"{min(ms):.0f} ms",
            f"{max(ms):.0f} ms",
            f"{pyodide[path].count('before')}/{len(ms)}",
            f"{pyodide[path].count('after')}/{len(ms)}",
        ]
        for path, ms in times.items()
    ]
    print()
    header = ["page", "median", "min", "max", "Pyodide before ready", "after"]
    print(table(header, rows))
    app = args.paths[0]
    print()
    for i, path in enumerate(args.paths[1:]):
        ratio = medians[app] / medians[path]
        goal = f" (goal: at most {args.goal}: {'met' if ratio <= args.goal else 'NOT met'})"
        print(f"ratio {app} / {path}: {ratio:.2f}{goal if i == 0 else ''}")
    print(f"{args.runs} fresh contexts each, pages taking turns, {args.warmup} warm-up round(s)")
    early = pyodide[app].count("before")
    if early:
        print(f"WARNING: the app loaded Pyodide before it was ready in {early} of {args.runs} runs")


if __name__ == "__main__":
    main()
