"""Live puzzles: a docs page of three live puzzle boards against one of three live games.

    python3 bench/live_puzzles.py              # 5 runs
    python3 bench/live_puzzles.py --runs 9 --compare old  # also ./old/, another checkout

The pages hold three puzzles of the 6x6 set (zola/data/puzzles-6.txt: its first, middle
and last), each 360 px wide, served from the app's own origin by the same local server
as the app. Each kind of page comes twice:

- as the docs tools write it: the Markdown block's ``live`` figure (the board's first
  screen inside its element; for a puzzle, ``puzzle=ID``, its task as the caption and
  its solution folded under it), against the same three positions as live games
  (``live``, facing the side to move, as the puzzles do);
- written by hand: ``<div data-zola="puzzle=ID"></div>``, against the games' links in
  empty elements.

Per run, each page in a fresh browser context (a first visit), pages taking turns.
Measured in the page (its clock starts at navigation):

- ready: every board takes clicks (``data-ready="1"``);
- usable: every board is ready and every puzzle board shows its puzzle (its Hint
  button shown and enabled), and the main thread is free again (the end of the last
  long task that began before that);
- the longest task after ready: the browser's long tasks (PerformanceObserver
  ``longtask``: every task over 50 ms), from when every board was ready until a second
  after the page was usable (of the task in which the boards became ready, the part
  after it): the page's own work, nothing asked of it;
- the first click: then each board gets one click, in a task of its own (a puzzle's
  Hint, a game's Flip), timed (what a board that keeps its first screen does at its
  first event: it reads its link, and a puzzle's line, then);
- the requests for the puzzle sets (``puzzles-6.txt``, ``puzzles-8.txt``).

``--compare DIR`` also opens the four pages of another checkout inside this one
(``git worktree add old COMMIT``; its ``node_modules`` linked or installed): its docs
tools write its pages, its loader runs them, taking turns with this tree's.

Goals (issue 40): after a page of three live puzzles is ready, no task longer than
50 ms; the page usable within 1.2x the time of a page of three live games.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from html import escape

from boot_time import table
from chromium import first_visit
from live_boards import served

from zola.docs.diagrams import Diagram, loader_script
from zola.puzzles.sets import load

# Runs before the page's scripts: the long tasks; when every board is ready, and when
# each puzzle board shows its puzzle too (its shadow root watched once the board is
# there); a click on one button of a board, timed.
MARK = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
}).observe({type: "longtask"});
(() => {
  const watched = new WeakSet();
  const puzzle = (element) => /(^|;)puzzle=/.test(element.dataset.zola || "");
  const shows = (element) => {
    if (element.dataset.ready !== "1") return false;
    if (!puzzle(element)) return true;
    const hint = element.shadowRoot?.querySelector('.puzzle:not([hidden]) [data-do="hint"]');
    return !!hint && !hint.disabled;
  };
  const check = () => {
    const boards = [...document.querySelectorAll("[data-zola]")];
    for (const board of boards) {
      const root = board.shadowRoot;
      if (root && !watched.has(root)) {
        watched.add(root);
        observer.observe(root, {subtree: true, childList: true, attributes: true});
      }
    }
    if (!boards.length) return;
    if (window.__readyMs === undefined && boards.every((b) => b.dataset.ready === "1")) {
      window.__readyMs = performance.now();
    }
    if (window.__usableMs === undefined && boards.every(shows)) {
      window.__usableMs = performance.now();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
  window.__click = (index) => {
    const board = document.querySelectorAll("[data-zola]")[index];
    const name = puzzle(board) ? "hint" : "flip";
    const button = board.shadowRoot.querySelector(`[data-do="${name}"]`);
    const start = performance.now();
    button.click();
    return performance.now() - start;
  };
})();
"""
COUNT = 3
SETS = ("puzzles-6.txt", "puzzles-8.txt")
# [ready ms, usable ms, longest task after ready ms, longest first click ms, set requests]
Visit = tuple[float, float, float, float, int]


def puzzles() -> list:
    """The pages' three puzzles: the 6x6 set's first, middle and last."""
    every = load(6)
    return [every[0], every[len(every) // 2], every[-1]]


def sources() -> dict[str, list[tuple[str, dict[str, str]]]]:
    """Each docs page's blocks (source, options): the puzzles, and the same positions as
    games, facing the side to move."""
    chosen = puzzles()
    return {
        "puzzles": [(f"puzzle={p.id}", {"live": ""}) for p in chosen],
        "games": [
            (p.position, {"live": "", "flip": str(p.position.endswith(" b")).lower()})
            for p in chosen
        ],
    }


def hand_written() -> dict[str, list[str]]:
    """The hand-written pages' links: ``puzzle=ID``, and the games' links."""
    blocks = sources()
    games = [Diagram(source, options).live_fragment() for source, options in blocks["games"]]
    return {"puzzles": [f"puzzle={p.id}" for p in puzzles()], "games": games}


# The docs tools' figures in another checkout, for each (source, options) read from stdin.
FIGURES_THERE = """import json, sys
# the checkout's own zola only, not the one an editable install maps its subpackages to
sys.meta_path[:] = [finder for finder in sys.meta_path if "Editable" not in repr(finder)]
from zola.docs.diagrams import Diagram
blocks = json.load(sys.stdin)
print(json.dumps([Diagram(s, o).html(element=True) for s, o in blocks]))
"""


def figures(blocks: list[tuple[str, dict[str, str]]], checkout: str = "") -> list[str]:
    """The docs tools' figures of ``blocks``: this tree's, or those of ``checkout`` (another
    checkout inside this one)."""
    if not checkout:
        return [Diagram(source, options).html(element=True) for source, options in blocks]
    done = subprocess.run(
        [sys.executable, "-c", FIGURES_THERE],
        cwd=checkout,  # its zola first on the path
        input=json.dumps(blocks),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"FAILED: the docs tools of {checkout}/ wrote no figures: {done.stderr}")
    return json.loads(done.stdout)


def page(elements: list[str], loader: str) -> str:
    """A docs page of ``elements``, each 360 px wide, and the loader's line."""
    boards = "\n".join("  " + element for element in elements)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Zola live puzzles</title>\n'
        f"{loader_script(loader)}\n"
        "<style>[data-zola] { width: 360px; } .zola-diagram { display: inline-block; "
        "width: 360px; margin: 4px; vertical-align: top; }</style></head>\n"
        f"<body><h1>Zola puzzles</h1>\n{boards}\n</body></html>\n"
    )


def pages_of(checkout: str = "") -> dict[str, str]:
    """The four pages of a checkout (``""``: this tree), by name."""
    loader = f"/{checkout}/web/boards.js" if checkout else "/web/boards.js"
    blocks, links = sources(), hand_written()
    pages = {}
    for kind in ("puzzles", "games"):
        pages[f"3 live {kind}, docs tools"] = page(figures(blocks[kind], checkout), loader)
        by_hand = [f'<div data-zola="{escape(link)}"></div>' for link in links[kind]]
        pages[f"3 live {kind}, by hand"] = page(by_hand, loader)
    return pages


def visit(browser, url: str, timeout: float) -> Visit:
    """A fresh context on ``url``: see :data:`Visit`."""
    with first_visit(browser, MARK) as visited:
        tab = visited.page
        tab.goto(url)
        try:
            tab.wait_for_function("window.__usableMs !== undefined", timeout=timeout * 1000)
        except Exception as error:
            raise TimeoutError(f"{url}: {error} {visited.errors}") from None
        tab.wait_for_timeout(1000)
        clicked = tab.evaluate("performance.now()")
        clicks = [tab.evaluate("(i) => window.__click(i)", i) for i in range(COUNT)]
        ready, usable, every = tab.evaluate("[window.__readyMs, window.__usableMs, window.__long]")
        tasks = [(start, took) for start, took in every if start < clicked]  # the page's own
    urls, errors = visited.urls, visited.errors
    if errors:
        raise TimeoutError(f"{url}: console errors {errors}")
    # The main thread is free once the last long task that began before usable has ended.
    usable = max([usable] + [start + took for start, took in tasks if start <= usable])
    # How long each task held the main thread after ready (the part of a task in which the
    # boards became ready that came after it, as much of later tasks as they took).
    after = max([0.0] + [start + took - max(start, ready) for start, took in tasks])
    fetched = sum(any(u.endswith("/" + name) for name in SETS) for u in urls)
    return ready, usable, after, max(clicks), fetched


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1, help="uncounted rounds first")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per page")
    ap.add_argument("--compare", nargs="*", default=[], metavar="DIR", help="other checkouts")
    args = ap.parse_args()

    trees = [""] + args.compare
    pages: dict[str, str] = {}
    visits: dict[str, tuple[str, str]] = {}  # name -> (tree, path)
    for tree in trees:
        for name, html in pages_of(tree).items():
            path = f"/bench-pages/{tree or 'this'}/{name.replace(' ', '-').replace(',', '')}.html"
            pages[path] = html
            visits[f"{name} ({tree})" if tree else name] = (tree, path)
    results: dict[str, list[Visit]] = {name: [] for name in visits}
    with served(pages) as (base, browser):
        print(f"served on {base}; puzzles {', '.join(p.id for p in puzzles())}; {machine_load()}")
        try:
            for run in range(args.warmup + args.runs):
                label = f"run {run + 1 - args.warmup}" if run >= args.warmup else "warm-up"
                for name, (_, path) in visits.items():
                    result = visit(browser, base + path, args.timeout)
                    if run >= args.warmup:
                        results[name].append(result)
                    ready, usable, after, click, fetched = result
                    print(
                        f"{label} {name}: ready {ready:.0f} ms, usable {usable:.0f} ms, "
                        f"longest task after ready {after:.0f} ms, first click {click:.0f} ms, "
                        f"{fetched} set requests",
                        flush=True,
                    )
        except TimeoutError as error:
            sys.exit(f"FAILED: {error}")
    report(results, trees, args.runs, args.warmup)
    print(f"after the runs: {machine_load()}")


def machine_load() -> str:
    """The machine's load (other work makes long tasks of any page's)."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def report(results: dict[str, list[Visit]], trees: list[str], runs: int, warmup: int) -> None:
    rows, usable = [], {}
    for name, visits in results.items():
        median = [statistics.median(v[i] for v in visits) for i in range(4)]
        usable[name] = median[1]
        low, high = min(v[1] for v in visits), max(v[1] for v in visits)
        longest = max(v[2] for v in visits)
        fetched = sorted({v[4] for v in visits})
        rows.append(
            [
                name,
                f"{median[0]:.0f} ms",
                f"{median[1]:.0f} ms ({low:.0f}-{high:.0f})",
                f"{median[2]:.0f} ms (max {longest:.0f})",
                f"{median[3]:.0f} ms (max {max(v[3] for v in visits):.0f})",
                "/".join(map(str, fetched)),
            ]
        )
    print()
    header = ["page", "ready", "usable, median (min-max)", "longest task after ready"]
    print(table(header + ["first click, median (max)", "set requests"], rows))
    print("longest task after ready: median of the runs' longest (0: none over 50 ms)")
    print("first click: the longest of a page's three first clicks (Hint, or Flip), median")
    print("(a long task on a page of games comes from the machine's other work)")
    print()
    for tree in trees:
        for kind in ("docs tools", "by hand"):
            suffix = f" ({tree})" if tree else ""
            games = usable[f"3 live games, {kind}{suffix}"]
            ratio = usable[f"3 live puzzles, {kind}{suffix}"] / games
            verdict = "met" if ratio <= 1.2 else "NOT met"
            longest = max(v[2] for v in results[f"3 live puzzles, {kind}{suffix}"])
            quiet = "met" if longest <= 50 else "NOT met"
            print(
                f"({kind}{suffix}) usable: puzzles / games {ratio:.2f}x (goal: at most 1.2x: "
                f"{verdict}); longest task after ready {longest:.0f} ms (goal: none over 50 "
                f"ms: {quiet})"
            )
    print(f"{runs} runs after {warmup} warm-up, fresh context each, pages taking turns")


if __name__ == "__main__":
    main()
