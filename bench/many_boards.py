"""Many boards: 24 live boards against 24 boards of lichess's pgn-viewer, on a quiet
machine and on a busy one (issue 41).

    python3 bench/many_boards.py              # 5 runs
    python3 bench/many_boards.py --runs 3 --busy 2

The pages (bench/live_boards.py's, 360 px wide boards, served from the app's origin by
its server): 1 live board (a random 6x6 game); 24 live boards of random 6x6 games,
``embed;static``, as the docs tools write them; 24 live boards of every size and style
(live_boards' docs page); and 24 boards of lichess's pgn-viewer (bench/pgn-viewer: the
2.5.9 bundle, its CSS, 24 random legal chess games of 4 to 40 plies, each shown at its
last move, the viewer's other options as they come), and one such board. Nothing comes
from another origin.

A pgn-viewer page holds each game's PGN inside its element (as a page embedding it
does), loads the bundle with ``defer`` and opens every element from a module script at
the end of the body. It is ready when every viewer's board is drawn: each ``.lpv``
element holds a ``cg-board`` with its ``piece`` elements (chessground's), read by a
MutationObserver in the page's head: navigation start -> that moment, as a live board
page's time runs to every [data-zola] element's data-ready="1" (both before the browser
styles, lays out and paints them: "drawn" is the next frame the main thread drew).

Conditions, taking turns within every run (after an uncounted warm-up run): quiet (what
else the machine runs), then busy: ``--busy`` CPU-bound processes (2: as many as the
machine's cores here) started by the benchmark beside the browser, killed after the
round, also on an error. Each page in a fresh browser context, pages taking turns; memory
is the PSS of all of the browser's processes minus an empty page's (live_boards.visit).
The load average (1 minute) is read before and after each round.

Goals (issue 41): 24 live 6x6 boards ready within 0.8x the time of 24 pgn-viewer boards
on a quiet machine and 1.0x on a busy one, their memory at or below pgn-viewer's; 24
boards of every size within 1.3x the time of one. Ratios of the medians, and the median
of the run-by-run ratios (the two pages of one round: the same machine load).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from html import escape
from pathlib import Path

from boot_time import table
from chromium import ROOT
from live_boards import (
    Visit,
    docs_fragments,
    empty_page,
    live_page,
    one_style_fragments,
    served,
    visit,
)

COUNT = 24
LPV = "/bench/pgn-viewer"
# In the pgn-viewer page's head: the moment every viewer's board is drawn (an .lpv with
# a cg-board holding pieces), and the next frame the main thread drew, as MARK_BOARDS.
MARK_VIEWERS = """<script>
(() => {
  const want = %d;
  const count = () => {
    let n = 0;
    for (const lpv of document.querySelectorAll(".lpv")) {
      if (lpv.querySelector("cg-board piece")) n++;
    }
    return n;
  };
  const observer = new MutationObserver(() => {
    const n = count();
    if (n < want) return;
    window.__viewers = n;
    window.__boardsMs = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__drawnMs = performance.now(); }));
  });
  observer.observe(document, {subtree: true, childList: true});
})();
</script>"""
OPEN_VIEWERS = """<script type="module">
for (const element of document.querySelectorAll(".pgn")) {
  LichessPgnViewer(element, { pgn: element.textContent, initialPly: "last" });
}
</script>"""


def games() -> list[str]:
    """The pgn-viewer page's games (bench/pgn-viewer/games.pgn), one PGN each."""
    text = (ROOT / LPV.lstrip("/") / "games.pgn").read_text()
    return ["[Event" + game for game in text.split("[Event")[1:]]


def viewer_page(pgns: list[str]) -> str:
    """A page of pgn-viewer boards, 360 px wide each: each game's PGN in its element."""
    boards = "\n".join(f'  <div class="pgn">{escape(pgn.strip())}</div>' for pgn in pgns)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>pgn-viewer boards</title>\n'
        f"{MARK_VIEWERS % len(pgns)}\n"
        f'<link rel="stylesheet" href="{LPV}/lpv.css">\n'
        f'<script defer src="{LPV}/lpv.js"></script>\n'
        "<style>.pgn, .lpv { display: inline-block; width: 360px; margin: 4px; "
        "vertical-align: top; white-space: normal; }</style></head>\n"
        f"<body><h1>pgn-viewer boards</h1>\n{boards}\n{OPEN_VIEWERS}\n</body></html>\n"
    )


def spinners(count: int) -> list[subprocess.Popen]:
    """``count`` CPU-bound processes."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.kill()
    for process in processes:
        process.wait()


LIVE_ONE = "1 live board"
LIVE_6 = f"{COUNT} live boards, 6x6"
LIVE_ALL = f"{COUNT} live boards, every size"
LPV_ONE = "1 pgn-viewer board"
LPV_MANY = f"{COUNT} pgn-viewer boards"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1, help="uncounted runs first")
    ap.add_argument("--busy", type=int, default=2, help="CPU-bound processes when busy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per page")
    ap.add_argument("--json", help="also write the visits here")
    args = ap.parse_args()

    fragments = docs_fragments(args.seed)
    six = one_style_fragments(args.seed)
    assert six[0] == fragments[0], "the pages' one board differs"
    pgns = games()
    assert len(pgns) == COUNT, f"{len(pgns)} games in {LPV}/games.pgn"
    pages = {
        "/bench-pages/empty.html": empty_page(),
        "/bench-pages/live-1.html": live_page(six[:1]),
        "/bench-pages/live-6x6.html": live_page(six),
        "/bench-pages/live-every.html": live_page(fragments),
        "/bench-pages/lpv-1.html": viewer_page(pgns[:1]),
        "/bench-pages/lpv-24.html": viewer_page(pgns),
    }
    visits = {
        "empty page": ("/bench-pages/empty.html", "empty", 0),
        LIVE_ONE: ("/bench-pages/live-1.html", "live", 1),
        LIVE_6: ("/bench-pages/live-6x6.html", "live", COUNT),
        LIVE_ALL: ("/bench-pages/live-every.html", "live", COUNT),
        LPV_ONE: ("/bench-pages/lpv-1.html", "viewer", 1),
        LPV_MANY: ("/bench-pages/lpv-24.html", "viewer", COUNT),
    }
    conditions = ("quiet", f"busy ({args.busy} CPU-bound processes)")
    results: dict[str, dict[str, list[Visit]]] = {c: {n: [] for n in visits} for c in conditions}
    loads: dict[str, list[float]] = {c: [] for c in conditions}
    print(f"load average {os.getloadavg()[0]:.2f} at the start; {os.cpu_count()} cores")
    with served(pages) as (base, browser):
        print(f"served on {base}")
        try:
            for run in range(args.warmup + args.runs):
                label = f"run {run + 1 - args.warmup}" if run >= args.warmup else "warm-up"
                for condition in conditions:
                    busy = spinners(args.busy) if condition != "quiet" else []
                    try:
                        load = os.getloadavg()[0]
                        for name, (path, kind, count) in visits.items():
                            result = visit(browser, base + path, kind, count, args.timeout)
                            if run >= args.warmup:
                                results[condition][name].append(result)
                            print(
                                f"{label} {condition[:5]} {name}: {result[0]:6.0f} ms, "
                                f"{result[1]:6.1f} MB PSS",
                                flush=True,
                            )
                        if run >= args.warmup:
                            loads[condition] += [load, os.getloadavg()[0]]
                    finally:
                        stop(busy)
        except TimeoutError as error:
            sys.exit(f"FAILED: {error}")
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "loads": loads}))
    report(results, loads, args.runs, args.warmup)


def report(
    results: dict[str, dict[str, list[Visit]]],
    loads: dict[str, list[float]],
    runs: int,
    warmup: int,
) -> None:
    rows = []
    medians: dict[str, dict[str, tuple[float, float]]] = {}
    for condition, pages in results.items():
        empty = statistics.median(r[1] for r in pages["empty page"])
        load = loads[condition]
        rows.append([f"{condition}: load {min(load):.1f}-{max(load):.1f}", "", "", "", ""])
        medians[condition] = {}
        for name, visits in pages.items():
            if name == "empty page":
                continue
            ms = statistics.median(r[0] for r in visits)
            mb = statistics.median(r[1] for r in visits) - empty
            medians[condition][name] = (ms, mb)
            low, high = min(r[0] for r in visits), max(r[0] for r in visits)
            drawn = statistics.median(r[3][2] for r in visits if r[3])
            opened = ""
            if all(r[3] and not math.isnan(r[3][0]) for r in visits):
                began = statistics.median(r[3][0] for r in visits if r[3])
                took = statistics.median(r[3][1] for r in visits if r[3])
                opened = f"from {began:.0f} ms, {took:.0f} ms"
            row = [name, f"{ms:.0f} ms ({low:.0f}-{high:.0f})", f"{drawn:.0f} ms", f"{mb:.0f} MB"]
            rows.append([*row, opened])
    print()
    header = ["page", "all ready, median (min-max)", "drawn", "memory (PSS)", "boards opened"]
    print(table(header, rows))
    print("drawn: the next frame after all were ready, drawn by the main thread")
    print("boards opened: when the loader began opening the live boards (Python ready), how long")
    print()

    def by_run(condition: str, top: str, bottom: str) -> float:
        pages = results[condition]
        pairs = zip(pages[top], pages[bottom], strict=True)
        return statistics.median(a[0] / b[0] for a, b in pairs)

    for condition, goal in zip(results, (0.8, 1.0), strict=True):
        m = medians[condition]
        checks = [
            (f"time {LIVE_6} / {LPV_MANY}", LIVE_6, LPV_MANY, 0, goal),
            (f"memory {LIVE_6} / {LPV_MANY}", LIVE_6, LPV_MANY, 1, 1.0),
            (f"time {LIVE_ALL} / {LIVE_ONE}", LIVE_ALL, LIVE_ONE, 0, 1.3),
            (f"time {LIVE_6} / {LIVE_ONE}", LIVE_6, LIVE_ONE, 0, 1.3),
            (f"time {LPV_MANY} / {LPV_ONE}", LPV_MANY, LPV_ONE, 0, None),
        ]
        for what, top, bottom, i, limit in checks:
            ratio = m[top][i] / m[bottom][i]
            runwise = f", run by run {by_run(condition, top, bottom):.2f}x" if i == 0 else ""
            verdict = ""
            if limit is not None:
                verdict = f" (goal: at most {limit}x: {'met' if ratio <= limit else 'NOT met'})"
            print(f"{condition}: {what}: {ratio:.2f}x{runwise}{verdict}")
    print(f"{runs} runs after {warmup} warm-up, fresh context each,", end=" ")
    print("pages and conditions taking turns")


if __name__ == "__main__":
    main()
