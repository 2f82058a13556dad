"""Live boards: docs pages of 1, 8 and 24 boards served by one MicroPython, against as
many iframe embeds, and one live board against a bare MicroPython PyScript page.

    python3 bench/live_boards.py              # 5 runs
    python3 bench/live_boards.py --runs 3
    python3 bench/live_boards.py --compare old  # also ./old/, another checkout (worktree)

The docs pages hold different random legal games of sizes 6, 8 and 10 (fixed seed,
bench/embeds.py's games and view words), each as `embed;static` plus a few other
view words: as `<div data-zola="...">` elements with the one loader line
(web/boards.js), or as iframes of the app (bench/embeds.py's page). The elements are
written as the docs tools write them (zola.markdown's ``live`` block: the board's
first screen inside, with its key, which the live board keeps), and, on pages of
their own, empty, as on a hand-written page. Each board or frame is 360 px wide.
The pages are served from the app's own origin (the loader's files must come from
where the page allows them: the same origin, or one that sends CORS headers), by the
same local server as the app.

Per run, each page in a fresh browser context (a first visit), pages taking turns:
an empty page, the bare MicroPython page (bench/bare-mpy), the live-board pages and
the iframe pages. Time: navigation start -> every board takes clicks (each
[data-zola] element has data-ready="1"; an iframe's <body data-ready="1">), read in
the page. Memory then: the proportional set size summed over all of the browser's
processes, the empty page's subtracted (bench/embeds.py's pss_mb). For live boards,
also when the loader began opening them (Python ready), how long opening them all
took (its performance measure ``zola-boards-opened``), when the main thread had drawn
the next frame (what a reader sees: the boards' style, layout and paint come after they
take clicks; a requestAnimationFrame callback, then a task) and how much the page's
layout shifted until then (the browser's layout-shift entries, summed, as the
cumulative layout shift of web performance tools). Requests under
node_modules/pyodide are counted (a live board must never start Pyodide).

``--compare DIR`` also opens the docs tools' live-board pages of another checkout
inside this one (``git worktree add old COMMIT``; its ``node_modules`` linked or
installed): their elements written by its docs tools, their boards run by its loader,
taking turns with the others: before and after a change, on one machine load.

Goals (issue 18): 24 live boards within 1.3x the time of one live board and within
1.5x its memory; one live board within 1.3x the bare MicroPython page. They are read
on the issue's own kind of page, 24 different random 6x6 games, ``embed;static``, as
the docs tools write them (its one board is the docs page's first, the same game),
and on the harder pages: the docs tools' pages of every size and style, which show
boards up to 10x10 at the first paint (and the first board of each style costs more),
and the pages of empty elements.
"""

from __future__ import annotations

import argparse
import http.server
import json
import math
import random
import statistics
import subprocess
import sys
from html import escape

from boot_time import MARK_READY, PYODIDE, table
from chromium import MIME_TYPES, first_visit, served_chromium
from embeds import SIZES, VIEWS, docs_page, pss_mb, random_link, wait_for_frames

from zola.docs.diagrams import Diagram, loader_script

COUNTS = (1, 8, 24)
EMPTY = "empty elements"  # the pages whose elements hold nothing (hand-written)
# The loader's own measure of opening the boards (web/boards.js): [start, duration] in ms.
OPENED = """(() => {
  const [entry] = performance.getEntriesByName("zola-boards-opened");
  return entry ? [entry.startTime, entry.duration] : null;
})()"""
Visit = tuple[float, float, bool, "list[float] | None"]
# Runs before the page's scripts: the moment every live board of the page is ready, and
# when the main thread has drawn the next frame (what the reader sees: the boards' style,
# layout and paint come after they are ready); the page's layout shifts until then (the
# browser's layout-shift entries, summed).
MARK_BOARDS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({type: "layout-shift", buffered: true});
new MutationObserver(() => {
  if (window.__boardsMs !== undefined) return;
  const all = document.querySelectorAll("[data-zola]").length;
  const ready = document.querySelectorAll('[data-zola][data-ready="1"]').length;
  if (all && ready === all) {
    window.__boardsMs = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__drawnMs = performance.now(); }));
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def docs_fragments(seed: int = 1) -> list[str]:
    """The docs pages' 24 boards: random games of every size, each ``embed;static`` and
    some view words (bench/embeds.py's)."""
    rng = random.Random(seed)
    return [
        ";".join(filter(None, [random_link(size, rng), "embed;static", view]))
        for _ in range(max(COUNTS) // len(SIZES))
        for size, view in zip(SIZES, VIEWS, strict=True)
    ]


def one_style_fragments(seed: int = 1) -> list[str]:
    """24 boards of one style, as a page of diagrams of one kind has them: random 6x6
    games, each ``embed;static``."""
    rng = random.Random(seed)
    return [random_link(6, rng) + ";embed;static" for _ in range(max(COUNTS))]


def docs_element(fragment: str) -> str:
    """A live board's element as the docs tools write it (zola.markdown's ``live``
    block): the board's first screen inside, with that drawing's key."""
    diagram = Diagram("#" + fragment, {"live": ""})
    return diagram.live_element(diagram.live_preview())


# docs_element in another checkout, for each fragment read from stdin (a JSON list).
ELEMENTS_THERE = """import json, sys
# the checkout's own zola only, not the one an editable install maps its subpackages to
sys.meta_path[:] = [finder for finder in sys.meta_path if "Editable" not in repr(finder)]
try:
    from zola.docs.diagrams import Diagram
except ImportError:  # a checkout from before the package's rooms
    from zola.markdown import Diagram
diagrams = [Diagram("#" + fragment, {"live": ""}) for fragment in json.load(sys.stdin)]
print(json.dumps([diagram.live_element(diagram.live_preview()) for diagram in diagrams]))
"""


def docs_elements_of(checkout: str, fragments: list[str]) -> list[str]:
    """The live boards' elements for ``fragments`` as the docs tools of ``checkout``
    (another checkout in this one) write them."""
    done = subprocess.run(
        [sys.executable, "-c", ELEMENTS_THERE],
        cwd=checkout,  # its zola first on the path
        input=json.dumps(fragments),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"FAILED: the docs tools of {checkout}/ wrote no elements: {done.stderr}")
    return json.loads(done.stdout)


def live_page(
    fragments: list[str],
    loader: str = "/web/boards.js",
    docs: bool = True,
    elements: list[str] | None = None,
) -> str:
    """A docs page with one live board per fragment, 360 px wide each: each element as
    the docs tools write it (``docs``; ``elements``: as written already), or empty, as
    on a hand-written page."""
    if elements is None:
        elements = [
            docs_element(f) if docs else f'<div data-zola="{escape(f)}"></div>' for f in fragments
        ]
    boards = "\n".join("  " + element for element in elements)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Zola live boards</title>\n'
        f"{loader_script(loader)}\n"
        "<style>[data-zola] { display: inline-block; width: 360px; margin: 4px; "
        "vertical-align: top; }</style></head>\n"
        f"<body><h1>Zola boards</h1>\n{boards}\n</body></html>\n"
    )


def empty_page() -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Empty</title></head><body></body></html>\n'
    )


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The repository, and the generated pages under /bench-pages/."""

    extensions_map = MIME_TYPES
    pages: dict[str, str] = {}

    def do_GET(self) -> None:
        page = self.pages.get(self.path)
        if page is None:
            super().do_GET()
            return
        body = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def served(pages: dict[str, str]):
    """``(base URL, browser)``: the repository and ``pages`` on a local port, and Chromium."""
    return served_chromium(type("Pages", (_Handler,), {"pages": pages}))


def visit(browser, url: str, kind: str, count: int, timeout: float) -> Visit:
    """A fresh context on ``url``: (ms until all is ready, PSS MB, whether Pyodide loaded,
    for live boards (ms when the loader began opening them, ms it took, ms until the
    next frame was drawn), else None).

    ``kind``: ``live`` (``count`` boards), ``viewer`` (``count`` boards of another
    library, its page marking when they are all ready: ``window.__boardsMs``,
    ``__drawnMs`` and ``__viewers``, as MARK_BOARDS does), ``frames`` (``count``
    iframes), ``page`` (the page's own <body data-ready>) or ``empty``."""
    with first_visit(browser, MARK_READY, MARK_BOARDS) as visited:
        page = visited.page
        page.goto(url)
        start = page.evaluate("performance.timeOrigin")
        ms = 0.0
        try:
            if kind in ("live", "viewer"):
                page.wait_for_function("window.__boardsMs !== undefined", timeout=timeout * 1000)
                ms = page.evaluate("window.__boardsMs")
                ready = page.evaluate(
                    'document.querySelectorAll("[data-zola][data-ready]").length'
                    if kind == "live"
                    else "window.__viewers"
                )
                if ready != count:
                    raise TimeoutError(f"{ready} of {count} boards ready on {url}")
            elif kind == "frames":
                problem = f"on {url}: {visited.errors}"
                ms = max(wait_for_frames(page, count, timeout, problem)) - start
            elif kind == "page":
                page.wait_for_function("window.__bootMs !== undefined", timeout=timeout * 1000)
                ms = page.evaluate("window.__bootMs")
            else:
                page.wait_for_load_state("load")
        except Exception as error:
            raise TimeoutError(f"{url}: {error} {visited.errors}") from None
        mb = pss_mb()
        opened = None
        if kind == "live":  # when the loader began opening the boards, for how long; drawn
            page.wait_for_function("window.__drawnMs !== undefined", timeout=timeout * 1000)
            opened = page.evaluate(OPENED) + page.evaluate("[window.__drawnMs, window.__shift]")
        elif kind == "viewer":  # drawn (no loader of ours: nothing opened)
            page.wait_for_function("window.__drawnMs !== undefined", timeout=timeout * 1000)
            opened = [math.nan, math.nan, *page.evaluate("[window.__drawnMs, window.__shift]")]
    return ms, mb, any(PYODIDE in u for u in visited.urls), opened


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1, help="uncounted rounds first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per page")
    ap.add_argument("--compare", nargs="*", default=[], metavar="DIR", help="other checkouts")
    args = ap.parse_args()

    fragments = docs_fragments(args.seed)
    theirs = {other: docs_elements_of(other, fragments) for other in args.compare}
    pages = {"/bench-pages/empty.html": empty_page()}
    visits = {"empty page": ("/bench-pages/empty.html", "empty", 0)}
    visits["bare MicroPython page"] = ("/bench/bare-mpy/index.html", "page", 0)
    for n in COUNTS:
        pages[f"/bench-pages/live-{n}.html"] = live_page(fragments[:n])
        visits[f"{n} live board{'s' * (n > 1)}"] = (f"/bench-pages/live-{n}.html", "live", n)
        pages[f"/bench-pages/empty-{n}.html"] = live_page(fragments[:n], docs=False)
        visits[f"{n} live board{'s' * (n > 1)}, {EMPTY}"] = (
            f"/bench-pages/empty-{n}.html",
            "live",
            n,
        )
        for other in args.compare:
            path = f"/bench-pages/{other}/live-{n}.html"
            loader = f"/{other}/web/boards.js"
            pages[path] = live_page(fragments[:n], loader, elements=theirs[other][:n])
            visits[f"{n} live board{'s' * (n > 1)} ({other})"] = (path, "live", n)
    one_style = f"{max(COUNTS)} live boards, one style"
    assert one_style_fragments(args.seed)[0] == fragments[0], "the pages' one board differs"
    pages["/bench-pages/live-one-style.html"] = live_page(one_style_fragments(args.seed))
    visits[one_style] = ("/bench-pages/live-one-style.html", "live", max(COUNTS))
    with served(pages) as (base, browser):
        for n in COUNTS:
            pages[f"/bench-pages/frames-{n}.html"] = docs_page(base, fragments[:n])
            visits[f"{n} iframe{'s' * (n > 1)}"] = (f"/bench-pages/frames-{n}.html", "frames", n)
        print(f"served on {base}; {len(fragments)} games, e.g. #{fragments[0][:80]}")
        results: dict[str, list[Visit]] = {name: [] for name in visits}
        try:
            for run in range(args.warmup + args.runs):
                label = f"run {run + 1 - args.warmup}" if run >= args.warmup else "warm-up"
                for name, (path, kind, count) in visits.items():
                    result = visit(browser, base + path, kind, count, args.timeout)
                    if run >= args.warmup:
                        results[name].append(result)
                    ms, mb, pyodide, _ = result
                    flag = "  LOADED PYODIDE" if pyodide else ""
                    print(f"{label} {name}: {ms:6.0f} ms, {mb:6.1f} MB PSS{flag}", flush=True)
        except TimeoutError as error:
            sys.exit(f"FAILED: {error}")
    report(results, args.runs, args.warmup, args.compare)


def report(
    results: dict[str, list[Visit]],
    runs: int,
    warmup: int,
    compare: list[str],
) -> None:
    empty = statistics.median(r[1] for r in results["empty page"])
    medians = {}
    rows = []
    for name, visits in results.items():
        if name == "empty page":
            continue
        ms = statistics.median(r[0] for r in visits)
        mb = statistics.median(r[1] for r in visits) - empty
        medians[name] = (ms, mb)
        low, high = min(r[0] for r in visits), max(r[0] for r in visits)
        pyodide = sum(r[2] for r in visits)
        spread = f"{ms:.0f} ms ({low:.0f}-{high:.0f})"
        opened = [r[3] for r in visits if r[3]]
        phases = drawn = shift = ""
        if opened:
            began = statistics.median(start for start, _, _, _ in opened)
            took = statistics.median(duration for _, duration, _, _ in opened)
            phases = f"from {began:.0f} ms, {took:.0f} ms"
            drawn = f"{statistics.median(shown for _, _, shown, _ in opened):.0f} ms"
            shift = f"{statistics.median(moved for _, _, _, moved in opened):.3f}"
        row = [name, spread, drawn, shift, f"{mb:.0f} MB", phases, f"{pyodide}/{len(visits)}"]
        rows.append(row)
    print()
    print(f"empty page: {empty:.0f} MB PSS (median), subtracted below")
    header = ["page", "all ready, median (min-max)", "drawn", "layout shift", "memory (PSS)"]
    print(table(header + ["boards opened", "Pyodide"], rows))
    print("drawn: the next frame after all were ready, drawn by the main thread")
    print("layout shift: the page's layout shifts until then, summed (0.1 and less is good)")
    print("boards opened: when the loader began opening the boards, and how long it took")
    print()
    one, many = medians["1 live board"], medians[f"{max(COUNTS)} live boards, one style"]
    bare = medians["bare MicroPython page"]
    checks = [
        (f"(one style: 6x6 games) time {max(COUNTS)} / 1 live board", many[0] / one[0], 1.3),
        (f"(one style: 6x6 games) memory {max(COUNTS)} / 1 live board", many[1] / one[1], 1.5),
    ]
    many = medians[f"{max(COUNTS)} live boards"]
    checks += [
        (f"(every size and style) time {max(COUNTS)} / 1 live board", many[0] / one[0], 1.3),
        (f"(every size and style) memory {max(COUNTS)} / 1 live board", many[1] / one[1], 1.5),
        ("time 1 live board / bare MicroPython page", one[0] / bare[0], 1.3),
    ]
    one, many = medians[f"1 live board, {EMPTY}"], medians[f"{max(COUNTS)} live boards, {EMPTY}"]
    checks += [
        (f"({EMPTY}) time {max(COUNTS)} / 1 live board", many[0] / one[0], 1.3),
        (f"({EMPTY}) memory {max(COUNTS)} / 1 live board", many[1] / one[1], 1.5),
        (f"({EMPTY}) time 1 live board / bare MicroPython page", one[0] / bare[0], 1.3),
    ]
    for other in compare:
        one = medians[f"1 live board ({other})"]
        many = medians[f"{max(COUNTS)} live boards ({other})"]
        checks += [
            (f"({other}) time {max(COUNTS)} / 1 live board", many[0] / one[0], 1.3),
            (f"({other}) memory {max(COUNTS)} / 1 live board", many[1] / one[1], 1.5),
            (f"({other}) time 1 live board / bare MicroPython page", one[0] / bare[0], 1.3),
        ]
    for what, ratio, goal in checks:
        verdict = "met" if ratio <= goal else "NOT met"
        print(f"{what}: {ratio:.2f}x (goal: at most {goal}x: {verdict})")
    for n in COUNTS:
        live = medians[f"{n} live board{'s' * (n > 1)}"]
        frames = medians[f"{n} iframe{'s' * (n > 1)}"]
        print(
            f"{n}: live boards {live[0]:.0f} ms / {live[1]:.0f} MB, "
            f"iframes {frames[0]:.0f} ms / {frames[1]:.0f} MB"
        )
    print(f"{runs} runs after {warmup} warm-up, fresh context each, pages taking turns")
    loaded = sum(r[2] for name, visits in results.items() if "live" in name for r in visits)
    if loaded:
        print(f"WARNING: a live board loaded Pyodide in {loaded} page visits: it must never do so")


if __name__ == "__main__":
    main()
