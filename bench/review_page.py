"""The computer's analysis and review in the page: its worker's start, the first
evaluation, a game's review; beside a bare Pyodide worker and, optionally, other checkouts.

    python3 bench/review_page.py                     # this tree: 3 runs
    python3 bench/review_page.py --runs 5 --compare old   # and ./old/, another checkout
    python3 bench/review_page.py --cpython-only --compare old

The game: 40 plies of 6x6, each move chosen by the beginner level (seeded: the
same game every run, as ``bench/review_speed.py`` makes it), opened (after the
worker's start) as a two-player link.

Each run opens every page in a fresh browser context (a first visit), the pages
taking turns, in Debian's headless Chromium with the repository served on
127.0.0.1; every time is read in the page (``performance.now()`` in observers set
before the page's own scripts), so Playwright's polling adds nothing to it:

- **worker ready**: from the moment the worker's ``<script worker>`` element is
  added to the page until the worker is ready. The app, opened on a finished game,
  adds it when Analysis is switched on, and the worker's first answer (the result)
  takes no search: the time until the evaluation shows, a round trip and a drawing
  more than the worker's start. The bare page, ``bench/bare-worker/``, starts a
  PyScript worker on the same Pyodide from the same MicroPython page runtime, with
  no files and nothing to import, and sets ``data-worker-ready`` when it is ready.
- **first evaluation**: with the worker ready and Analysis off, the move list's
  20th move is chosen, then Analysis switched on: the time until the evaluation
  bar shows. The worker's previous search was of another position.
- **review**: Analysis off, Review game pressed: the time until the review's
  panel shows (every move marked).
- **review() alone**: ``zola.engine.analysis.review`` of the same game in Pyodide on
  a page's main thread (``bench/review_speed/``): the engine's part of the review.

First the engine alone: the same game's review in each checkout on CPython and in
Pyodide under Node (``bench/review_pyodide.mjs``), a process each, in CPU seconds
(what other processes take is left out), and whether the reviews are identical.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

from boot_time import MARK_READY, table
from chromium import ROOT, served_chromium

from zola.engine.judgement import REVIEW_NODES
from zola.rules.record import decode

# Before the page's scripts: when a worker's script element is added, and when the
# computer's status line, the evaluation, the review's panel and the bare worker's
# flag change, in a log of [ms, what, shown].
WATCH = """
window.__log = [];
const shown = {};
new MutationObserver((records) => {
  const now = performance.now();
  for (const record of records) {
    for (const node of record.addedNodes || []) {
      if (node.tagName === "SCRIPT" && node.hasAttribute("worker") && !window.__worker) {
        window.__worker = now;
      }
    }
  }
  const state = {
    thinking: document.getElementById("thinking"),
    eval: document.getElementById("eval"),
    panel: document.getElementById("review-panel"),
  };
  for (const [name, element] of Object.entries(state)) {
    if (element && shown[name] !== !element.hidden) {
      shown[name] = !element.hidden;
      window.__log.push([now, name, !element.hidden]);
    }
  }
  if (document.body && document.body.dataset.workerReady === "1" && !shown.ready) {
    shown.ready = true;
    window.__log.push([now, "ready", true]);
  }
}).observe(document, {subtree: true, childList: true, attributes: true,
  attributeFilter: ["hidden", "data-worker-ready"]});
"""
# The first time ``what`` became ``shown`` after ``since`` (ms), or undefined.
AFTER = """([what, shown, since]) => {
  const hit = window.__log.find(([t, w, s]) => w === what && s === shown && t > since);
  return hit && hit[0];
}"""
BARE = "/bench/bare-worker/index.html"
FINISHED = "v1;size=6;start=6/6/6/6/6/r5_b"  # a game over: its analysis is answered at once
GAME_SEED, GAME_PLIES, GAME_SIZE = 2024, 40, 6


def the_record() -> str:
    """The benchmark's game as a link fragment (``bench/review_speed.py``'s game)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from review_speed import the_game

    from zola.rules.record import encode

    return encode(the_game(GAME_SIZE, GAME_PLIES, GAME_SEED))


def after(page, what: str, shown: bool, since: float, timeout: float) -> float:
    """Wait until ``what`` became ``shown`` after ``since``; that moment (ms)."""
    page.wait_for_function(
        f"({AFTER})({json.dumps([what, shown, since])}) !== undefined", timeout=timeout * 1000
    )
    return page.evaluate(AFTER, [what, shown, since])


def bare_worker(browser, base: str, timeout: float) -> float:
    """ms from the bare page's worker element to its worker being ready."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(base + BARE)
    ready = after(page, "ready", True, 0, timeout)
    ms = ready - page.evaluate("window.__worker")
    context.close()
    return ms


def click(page, selector: str) -> float:
    """Click ``selector`` from the page's own script; the moment just before (ms)."""
    return page.evaluate(
        "(s) => { const t = performance.now(); document.querySelector(s).click(); return t; }",
        selector,
    )


def app(browser, base: str, tree: str, record: str, timeout: float) -> dict[str, float]:
    """One first visit of a checkout's app: its worker's start, then on the game its first
    evaluation and its review (ms)."""
    context = browser.new_context()
    context.add_init_script(MARK_READY)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{base}{tree}/index.html#{FINISHED}")
    page.wait_for_function("window.__bootMs !== undefined", timeout=timeout * 1000)
    click(page, "#analysis")  # starts the worker, whose first answer is at once
    page.wait_for_function("window.__worker !== undefined", timeout=timeout * 1000)
    start = page.evaluate("window.__worker")
    ready = after(page, "eval", True, start, timeout)
    click(page, "#analysis")  # off
    page.evaluate("(record) => { location.hash = record; }", record)
    page.wait_for_selector('#moves button[data-ply="20"]', timeout=timeout * 1000)
    page.wait_for_timeout(500)
    click(page, '#moves button[data-ply="20"]')
    page.wait_for_timeout(500)
    on = click(page, "#analysis")
    first = after(page, "eval", True, on, timeout) - on
    click(page, "#analysis")  # off
    page.wait_for_timeout(1500)  # the worker's call in flight ends
    pressed = click(page, "#review")
    reviewed = after(page, "panel", True, pressed, timeout) - pressed
    context.close()
    return {"ready": ready - start, "first": first, "review": reviewed}


def pyodide(browser, base: str, tree: str, record: str, timeout: float) -> float:
    """The review of ``record`` by ``review()`` itself in Pyodide, on a page's main thread:
    seconds, as the page measures them. The page is ``bench/review_speed/``'s, with the
    package of checkout ``tree`` (a copy beside it, made for the run)."""
    game = decode(record)
    query = urlencode(
        {"start": str(game.start), "moves": ".".join(map(str, game.moves)), "nodes": REVIEW_NODES}
    )
    source = ROOT / "bench" / "review_speed"
    config = (source / "pyscript.toml").read_text("utf-8").replace('"/zola/', f'"{tree}/zola/')
    with tempfile.TemporaryDirectory(dir=source.parent, prefix="review_speed_") as folder:
        (Path(folder) / "pyscript.toml").write_text(config, "utf-8")
        shutil.copy(source / "index.html", folder)
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{base}/bench/{Path(folder).name}/index.html?{query}")
        page.wait_for_function(
            "document.body.dataset.result || document.body.dataset.error", timeout=timeout * 1000
        )
        result = page.evaluate("document.body.dataset.result")
        error = page.evaluate("document.body.dataset.error")
        context.close()
    if not result:
        raise RuntimeError(f"the review failed in Pyodide ({tree or 'this tree'}):\n{error}")
    return float(json.loads(result)["seconds"])


def cpython(tree: str, record: str) -> tuple[float, str]:
    """The review of ``record`` on CPython in checkout ``tree``: (CPU s, review text)."""
    code = (
        "import json, sys, time\n"
        "from zola.engine.analysis import review\n"
        "from zola.rules.record import decode\n"
        "from zola.rules.review import review_text\n"
        "game = decode(sys.argv[1])\n"
        "start = time.process_time()\n"
        "text = review_text(review(game))\n"
        "print(json.dumps([time.process_time() - start, text]))\n"
    )
    folder = ROOT / tree if tree else ROOT
    out = subprocess.run(
        [sys.executable, "-c", code, record],
        cwd=folder,
        env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    seconds, text = json.loads(out)
    return seconds, text


def pyodide_cpu(tree: str, record: str) -> tuple[float, str]:
    """The review of ``record`` in Pyodide under Node (``bench/review_pyodide.mjs``) with
    checkout ``tree``'s package: (CPU s, review text)."""
    folder = ROOT / tree if tree else ROOT
    command = ["node", str(ROOT / "bench" / "review_pyodide.mjs"), str(folder), record]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:  # once more: a busy machine has killed Node
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds, text = json.loads(done.stdout.strip().splitlines()[-1])
    return seconds, text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--compare", nargs="*", default=[], metavar="DIR", help="other checkouts")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per wait")
    ap.add_argument("--cpython-only", action="store_true", help="skip the browser")
    args = ap.parse_args()
    record = the_record()
    trees = ["", *[f"/{name.strip('/')}" for name in args.compare]]
    names = {tree: tree.strip("/") or "this tree" for tree in trees}

    print(f"The game: {record}\n")
    cpu: dict[str, list[float]] = {tree: [] for tree in trees}
    wasm: dict[str, list[float]] = {tree: [] for tree in trees}
    texts: dict[str, str] = {}
    same = True
    for _ in range(args.runs):
        for tree in trees:
            seconds, texts[tree] = cpython(tree.strip("/"), record)
            cpu[tree].append(seconds)
            seconds, text = pyodide_cpu(tree.strip("/"), record)
            wasm[tree].append(seconds)
            same = same and text == texts[tree]
    rows = [
        [
            names[tree],
            f"{statistics.median(cpu[tree]):.2f} s",
            f"{min(cpu[tree]):.2f} s",
            f"{statistics.median(wasm[tree]):.2f} s",
            f"{min(wasm[tree]):.2f} s",
            "yes" if texts[tree] == texts[""] else "NO",
        ]
        for tree in trees
    ]
    header = [
        "the engine alone: review (CPU)",
        "CPython, median",
        "min",
        "Pyodide (Node), median",
        "min",
        "same review",
    ]
    print(table(header, rows))
    print(f"Pyodide's reviews are {'identical to' if same else 'DIFFERENT from'} CPython's.")
    for tree in trees[1:]:
        for name, used in (("CPython", cpu), ("Pyodide", wasm)):
            ratio = min(used[""]) / min(used[tree])
            print(f"{name}, this tree / {names[tree]}: {ratio:.2f}x (least CPU time)")
    print()
    if args.cpython_only:
        return

    times: dict[str, dict[str, list[float]]] = {
        tree: {"ready": [], "first": [], "review": [], "pyodide": []} for tree in trees
    }
    bare: list[float] = []
    with served_chromium() as (base, browser):
        for run in range(args.runs):
            bare.append(bare_worker(browser, base, args.timeout))
            for tree in trees:
                for key, ms in app(browser, base, tree, record, args.timeout).items():
                    times[tree][key].append(ms)
                seconds = pyodide(browser, base, tree, record, args.timeout)
                times[tree]["pyodide"].append(1000 * seconds)
            print(
                f"run {run + 1}: bare worker {bare[-1]:.0f} ms; "
                + "; ".join(
                    f"{names[tree]}: ready {times[tree]['ready'][-1]:.0f} ms, first "
                    f"{times[tree]['first'][-1]:.0f} ms, review {times[tree]['review'][-1]:.0f} ms "
                    f"(review() alone {times[tree]['pyodide'][-1]:.0f} ms)"
                    for tree in trees
                )
            )
    bare_ms = statistics.median(bare)
    rows = [["bare Pyodide worker", f"{bare_ms:.0f} ms ({min(bare):.0f})", "1.00", "", "", ""]]
    for tree in trees:
        got = times[tree]
        ready = statistics.median(got["ready"])
        # Each run's worker against the bare one of the same run, then the median.
        paired = statistics.median(a / b for a, b in zip(got["ready"], bare, strict=True))
        rows.append(
            [
                names[tree],
                f"{ready:.0f} ms ({min(got['ready']):.0f})",
                f"{paired:.2f}",
                f"{statistics.median(got['first']):.0f} ms ({min(got['first']):.0f})",
                f"{statistics.median(got['review']) / 1000:.1f} s "
                f"({min(got['review']) / 1000:.1f})",
                f"{statistics.median(got['pyodide']) / 1000:.1f} s "
                f"({min(got['pyodide']) / 1000:.1f})",
            ]
        )
    print()
    header = [
        "page: median (min)",
        "worker ready",
        "/ bare (paired)",
        "first evaluation",
        "review",
        "review() alone",
    ]
    print(table(header, rows))
    for tree in trees[1:]:
        for key, what in (("review", "review in the page"), ("pyodide", "review() alone")):
            ours, theirs = times[""][key], times[tree][key]
            paired = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
            print(
                f"\n{what}, this tree / {names[tree]}: median {paired:.2f}x run by run, "
                f"{min(ours) / min(theirs):.2f}x best against best"
            )

    print(f"\n{args.runs} runs (medians), fresh context each, pages taking turns")


if __name__ == "__main__":
    main()
