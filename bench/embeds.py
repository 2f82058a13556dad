"""Embeds: a docs page with 8 view-only iframes of the app, against a single one.

    python3 bench/embeds.py               # 5 runs, docs on another origin (another port)
    python3 bench/embeds.py --runs 3 --cross-site
    python3 bench/embeds.py --root . --root /tmp/other-copy   # A/B: copies take turns

The docs pages are written into a temporary folder and served by a second local
server: another origin than the app's (127.0.0.1 on another port), or with
--cross-site another site (127.0.0.2), where Chromium gives the iframes
processes of their own and treats them as third-party (storage blocked).
The 8 games are random legal games of sizes 6, 8 and 10 (fixed seed), each
linked with `embed;static` and a few other view words.

Per run, each in a fresh browser context, pages taking turns: an empty page,
the docs page with one embed, the docs page with eight. Time: navigation start
of the docs page -> the last iframe's <body data-ready="1"> (read in the
frames). Memory then: the proportional set size (PSS, /proc/<pid>/smaps_rollup)
of all of this browser's processes (the Chromium processes under this script's
process tree), minus the empty page's. Goals: eight ready within 2x the time
of one; eight under 150 MB. Requests under node_modules/pyodide (an embed
must never start the computer) are counted.

With several --root options, each copy of the repository is served on a port of
its own and the copies take turns within every run (same browser, same machine
load), which is how to compare a change with its baseline on a busy machine:
e.g. `git worktree add /tmp/base HEAD` (with a node_modules symlink) against `.`.
bench/embeds_profile.py says where the
time goes (a trace of the renderer's main thread, its CPU time per change).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from boot_time import MARK_READY, PYODIDE, table
from chromium import ROOT, browser_pids, first_visit, served_chromium

sys.path.insert(0, str(ROOT))
from zola import Game, encode

SIZES = (6, 8, 10, 6, 8, 10, 8, 6)
VIEWS = ("", "flip", "dark", "shade", "nocoords", "panel", "nolink", "flip;dark;nohints")
READY_AT = "window.__bootMs === undefined ? null : performance.timeOrigin + window.__bootMs"


def random_link(size: int, rng: random.Random) -> str:
    """The record of a random legal game of ``size``, between 4 and 40 plies long."""
    game = Game(size)
    for _ in range(rng.randint(4, 40)):
        if game.is_game_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return encode(game)


def docs_page(app: str, fragments: list[str]) -> str:
    frames = "\n".join(
        f'  <iframe src="{app}/index.html#{f}" width="360" height="420" title="Zola {i}"></iframe>'
        for i, f in enumerate(fragments, 1)
    )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Zola embeds</title></head>\n'
        f"<body><h1>Zola boards</h1>\n{frames}\n</body></html>\n"
    )


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder: str, host: str) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer((host, 0), functools.partial(_Quiet, directory=folder))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def pss_mb() -> float:
    """The summed PSS of the browser's processes, in MB."""
    kb = 0
    for pid in browser_pids():
        try:
            lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        kb += sum(int(line.split()[1]) for line in lines if line.startswith("Pss:"))
    return kb / 1024


Visit = tuple[float, float, int, bool, float]


def ready_at(frame) -> float | None:
    """When ``frame`` became ready (ms since the epoch), or None (not yet, or navigating)."""
    from playwright.sync_api import Error

    try:
        return frame.evaluate(READY_AT)
    except Error:
        return None


def wait_for_frames(page, frames: int, timeout: float, context: str = "") -> list[float]:
    """Wait until the page's ``frames`` iframes are all ready; their ready times (ms)."""
    deadline = time.monotonic() + timeout
    while True:
        children = page.frames[1:]
        ready = [t for t in map(ready_at, children) if t is not None]
        if len(ready) == frames and len(children) == frames:
            return ready
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(ready)} of {frames} frames ready {context}".rstrip())
        time.sleep(0.05)


def visit(browser, url: str, frames: int, timeout: float) -> Visit:
    """A fresh context on ``url``: (ms until its ``frames`` iframes are ready, PSS MB,
    processes, whether anything under node_modules/pyodide was requested, ms until the
    first iframe was ready)."""
    with first_visit(browser, MARK_READY) as visited:
        page = visited.page
        page.goto(url)
        start = page.evaluate("performance.timeOrigin")
        ready = wait_for_frames(page, frames, timeout, f"on {url}: {visited.errors}")
        mb, processes = pss_mb(), len(browser_pids())
    loaded = any(PYODIDE in u for u in visited.urls)
    return (
        max(ready, default=start) - start,
        mb,
        processes,
        loaded,
        min(ready, default=start) - start,
    )


def report(results: dict[str, list[Visit]], runs: int, warmup: int, cross_site: bool) -> None:
    """The medians of one copy of the app, against the goals."""
    empty = statistics.median(r[1] for r in results["empty page"])
    rows, medians = [], {}
    for name in ("1 embed", "8 embeds"):
        visits = results[name]
        ms = statistics.median(r[0] for r in visits)
        mb = statistics.median(r[1] for r in visits) - empty
        medians[name] = (ms, mb)
        rows.append(
            [
                name,
                f"{ms:.0f} ms ({min(r[0] for r in visits):.0f}-{max(r[0] for r in visits):.0f})",
                f"{statistics.median(r[4] for r in visits):.0f} ms",
                f"{mb:.0f} MB",
                f"{statistics.median(r[2] for r in visits):.0f}",
                f"{sum(r[3] for r in visits)}/{len(visits)}",
            ]
        )
    print(f"empty page: {empty:.0f} MB PSS (median), subtracted below")
    print(
        table(
            [
                "docs page",
                "all ready, median (min-max)",
                "first ready",
                "memory (PSS)",
                "processes",
                "Pyodide",
            ],
            rows,
        )
    )
    ratio = medians["8 embeds"][0] / medians["1 embed"][0]
    mb = medians["8 embeds"][1]
    print()
    print(
        f"time 8 / 1 embed: {ratio:.2f}x (goal: at most 2x: {'met' if ratio <= 2 else 'NOT met'})"
    )
    extra = (medians["8 embeds"][0] - medians["1 embed"][0]) / 7
    print(f"each embed after the first: {extra:.0f} ms ((8 embeds - 1 embed) / 7)")
    print(f"memory of 8: {mb:.0f} MB (goal: under 150 MB: {'met' if mb < 150 else 'NOT met'})")
    where = "on another site" if cross_site else "on another origin, same site"
    print(f"{runs} runs after {warmup} warm-up, fresh context each, docs {where}")
    loaded = sum(r[3] for name in ("1 embed", "8 embeds") for r in results[name])
    if loaded:
        print(f"WARNING: an embed loaded Pyodide in {loaded} page visits: it must never do so")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1, help="uncounted rounds first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cross-site", action="store_true", help="docs on 127.0.0.2, another site")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per page")
    ap.add_argument(
        "--root",
        action="append",
        help="a copy of the repository to serve (repeat to compare copies; default: this one)",
    )
    args = ap.parse_args()
    roots = [str(Path(r).resolve()) for r in args.root or [str(ROOT)]]

    rng = random.Random(args.seed)
    fragments = [
        ";".join(filter(None, [random_link(size, rng), "embed;static", view]))
        for size, view in zip(SIZES, VIEWS, strict=True)
    ]
    pages = {
        "empty page": ("empty.html", 0),
        "1 embed": ("one.html", 1),
        "8 embeds": ("eight.html", 8),
    }
    host = "127.0.0.2" if args.cross_site else "127.0.0.1"
    servers = []
    with tempfile.TemporaryDirectory() as folder, served_chromium() as (this_app, browser):
        docs = {}
        for i, root in enumerate(roots):
            app = this_app
            if root != str(ROOT):
                servers.append(serve(root, "127.0.0.1"))
                app = f"http://127.0.0.1:{servers[-1].server_address[1]}"
            for file, frames in pages.values():
                Path(folder, f"{i}-{file}").write_text(docs_page(app, fragments[:frames]))
            docs[root] = app
        servers.append(serve(folder, host))
        base = f"http://{host}:{servers[-1].server_address[1]}"
        for root, app in docs.items():
            print(f"app {root} on {app}")
        print(f"docs on {base}")
        for fragment in fragments:
            print(f"  #{fragment[:90]}{'…' if len(fragment) > 90 else ''}")
        results = {root: {name: [] for name in pages} for root in roots}
        try:
            for run in range(args.warmup + args.runs):
                label = f"run {run + 1 - args.warmup}" if run >= args.warmup else "warm-up"
                for i, root in enumerate(roots):
                    tag = f" [{root}]" if len(roots) > 1 else ""
                    for name, (file, frames) in pages.items():
                        result = visit(browser, f"{base}/{i}-{file}", frames, args.timeout)
                        if run >= args.warmup:
                            results[root][name].append(result)
                        ms, mb, processes, pyodide, _ = result
                        print(
                            f"{label}{tag} {name}: {ms:6.0f} ms, {mb:6.1f} MB PSS, "
                            f"{processes} processes{'  LOADED PYODIDE' if pyodide else ''}"
                        )
        except TimeoutError as error:
            sys.exit(f"FAILED: {error}")
        finally:
            for server in servers:
                server.shutdown()

    for root in roots:
        print()
        if len(roots) > 1:
            print(f"## {root}")
        report(results[root], args.runs, args.warmup, args.cross_site)


if __name__ == "__main__":
    main()
