"""Where an embed's time goes: a Chrome trace of the docs page with N view-only embeds.

    python3 bench/embeds_profile.py                 # 8 embeds, 3 traced visits, medians
    python3 bench/embeds_profile.py --frames 1 --runs 5
    python3 bench/embeds_profile.py --root /tmp/copy --save /tmp/trace.json
    python3 bench/embeds_profile.py --root /tmp/base --root . --runs 7   # A/B, CPU time

The same docs page as bench/embeds.py (same games, same view words), served on
another origin of the same site, so every iframe runs on the docs page's
renderer main thread. Each visit is traced (Chrome's devtools.timeline and V8
categories, through Playwright's CDP) in a fresh context; the report sums the
CPU self time of each trace event on that thread, from navigation start to the
last frame's <body data-ready="1">, with the scripts named, and lists frame 1's
requests. Every frame gets marks (`js:` ones, and `py:pyscript-ready` from a
line of Python run before the page's: a little work of its own): the DOM
parsed, the wasm instantiated, MicroPython ready, PyScript's own Python done,
the page's script done. They and any `performance.mark()` of the page (a copy
with probes, via `--root`) are listed per frame, with the median time from each
mark to the next.

The main thread's CPU time (the thread time of its tasks, `tdur`) is the figure
to compare changes by on a loaded machine: the wall time (all ready, busy) grows
with other processes' load, the CPU time much less. With several --root options
the copies take turns within each run and a table compares their medians.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import json
import random
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from boot_time import MARK_READY, table
from chromium import CHROMIUM, CHROMIUM_ARGS, ROOT
from embeds import SIZES, VIEWS, docs_page, random_link, wait_for_frames

sys.path.insert(0, str(ROOT))

BUSY = "(main thread busy, wall)"
CPU = "(main thread CPU time)"
TASK = "RunTask"  # a task of the thread's scheduler: the unit of busy time
NAMED = ("v8.compile", "v8.compileModule", "EvaluateScript", "v8.evaluateModule")
CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8",
    "v8.execute",
    "blink",
    "blink.user_timing",
    "loading",
    "toplevel",
]
# Marks in every frame: the DOM parsed, the wasm compiled and instantiated, PyScript's
# hooks around the page's Python (before PyScript's own Python, after it, after the
# page's script) and MicroPython ready to run main.py.
MARKS = """
document.addEventListener("DOMContentLoaded", () => {
  performance.mark("js:dom");
  import(new URL("node_modules/@pyscript/core/dist/core.js", location.href)).then(({hooks}) => {
    for (const suffix of ["", "Async"]) {  // main.py runs async (no async="false")
      hooks.main[`onBeforeRun${suffix}`].add(() => performance.mark("js:before-run"));
      hooks.main[`codeBeforeRun${suffix}`].add(
        "import js\\njs.performance.mark('py:pyscript-ready')");
      hooks.main[`onAfterRun${suffix}`].add(() => performance.mark("js:after-run"));
    }
  });
});
document.addEventListener("mpy:ready", () => performance.mark("js:mpy:ready"), true);
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    performance.mark(`js:wasm.${name}`);
    return original.apply(this, args).then((result) => {
      performance.mark(`js:wasm.${name} done`);
      return result;
    });
  };
}
"""
FRAME_INFO = """() => ({
  marks: performance.getEntriesByType("mark").map(m => [m.name, m.startTime]),
  resources: performance.getEntriesByType("resource").map(
    r => [r.name.replace(location.origin, ""), r.startTime, r.responseEnd, r.transferSize]),
  ready: window.__bootMs ?? null,
})"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder: str) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def self_times(events: list[dict], start_us: float, end_us: float) -> tuple[dict, str]:
    """CPU self time (ms) per event name on the busiest renderer main thread, in the window."""
    threads = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e["args"].get("name") == "CrRendererMain"
    }
    by_thread: dict[tuple, list] = collections.defaultdict(list)
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if (
            key in threads
            and e.get("ph") == "X"
            and "dur" in e
            and e["ts"] + e["dur"] >= start_us
            and e["ts"] <= end_us
        ):
            by_thread[key].append(e)
    if not by_thread:
        return {}, ""
    key = max(by_thread, key=lambda k: sum(e["dur"] for e in by_thread[k] if e["name"] == TASK))
    slices = sorted(by_thread[key], key=lambda e: (e["ts"], -e["dur"]))
    totals: dict[str, float] = collections.defaultdict(float)
    stack: list[list] = []  # [end, name, children's CPU time, CPU time]

    def close_until(ts: float) -> None:
        while stack and stack[-1][0] <= ts:
            _, name, children, cpu = stack.pop()
            totals[name] += cpu - children
            if stack:
                stack[-1][2] += cpu

    for e in slices:
        close_until(e["ts"])
        name = e["name"]
        url = (e.get("args", {}).get("data") or {}).get("url") or e.get("args", {}).get("fileName")
        if name in NAMED and url:
            name = f"{name} {url.rsplit('/', 1)[-1][:40]}"
        stack.append([e["ts"] + e["dur"], name, 0.0, e.get("tdur", e["dur"])])
    close_until(float("inf"))
    busy = sum(e["dur"] for e in slices if e["name"] == TASK) / 1000
    cpu = sum(e.get("tdur", 0) for e in slices if e["name"] == TASK) / 1000
    totals = {k: v / 1000 for k, v in totals.items()}
    totals[BUSY] = busy
    totals[CPU] = cpu
    return totals, f"pid {key[0]} tid {key[1]}"


def visit(browser, url: str, frames: int, trace: str | None) -> dict:
    context = browser.new_context()
    context.add_init_script(MARK_READY)
    context.add_init_script(MARKS)
    page = context.new_page()
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.goto(url)
    start = page.evaluate("performance.timeOrigin")
    ready = wait_for_frames(page, frames, 60)
    infos = [f.evaluate(FRAME_INFO) for f in page.frames[1:]]
    origins = [f.evaluate("performance.timeOrigin") for f in page.frames[1:]]
    raw = browser.stop_tracing()
    if trace:
        Path(trace).write_bytes(raw)
    context.close()
    events = json.loads(raw)
    events = events["traceEvents"] if isinstance(events, dict) else events
    # trace timestamps are monotonic microseconds; find navigation start of the docs page
    nav = [e["ts"] for e in events if e.get("name") in ("navigationStart", "NavigationTiming")]
    first_ts = min(nav) if nav else min(e["ts"] for e in events if e.get("ts"))
    all_ready_ms = max(ready) - start
    totals, thread = self_times(events, first_ts, first_ts + all_ready_ms * 1000)
    return {
        "all_ready": all_ready_ms,
        "totals": totals,
        "thread": thread,
        "frames": [
            {**info, "offset": origin - start} for info, origin in zip(infos, origins, strict=True)
        ],
    }


def python_phases(frame: dict) -> dict[str, float]:
    """Durations between consecutive marks of one frame (a probe's ``py:...`` marks)."""
    marks = sorted(frame["marks"], key=lambda m: m[1])
    return {f"{b[0]}": b[1] - a[1] for a, b in zip(marks, marks[1:], strict=False)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--root", action="append", help="a repository copy to serve (repeatable)")
    ap.add_argument("--save", help="write the last trace here (chrome://tracing, Perfetto)")
    ap.add_argument("--top", type=int, default=40, help="event names listed")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    roots = [str(Path(r).resolve()) for r in args.root or [str(ROOT)]]

    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    fragments = [
        ";".join(filter(None, [random_link(size, rng), "embed;static", view]))
        for size, view in zip(SIZES, VIEWS, strict=True)
    ][: args.frames]
    servers = [serve(root) for root in roots]
    results: dict[str, list[dict]] = {root: [] for root in roots}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        for i, server in enumerate(servers):
            app = f"http://127.0.0.1:{server.server_address[1]}"
            (Path(folder) / f"docs{i}.html").write_text(docs_page(app, fragments))
        docs_server = serve(folder)
        docs = f"http://127.0.0.1:{docs_server.server_address[1]}"
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for i in range(len(roots)):  # warm-up, dropped
            visit(browser, f"{docs}/docs{i}.html", len(fragments), None)
        for run in range(args.runs):
            for i, root in enumerate(roots):
                last = run == args.runs - 1 and i == len(roots) - 1
                result = visit(
                    browser, f"{docs}/docs{i}.html", len(fragments), args.save if last else None
                )
                results[root].append(result)
                print(
                    f"run {run + 1} {root}: all ready {result['all_ready']:.0f} ms, main thread "
                    f"CPU {result['totals'].get(CPU, 0):.0f} ms",
                    flush=True,
                )
        browser.close()
        docs_server.shutdown()
    for server in servers:
        server.shutdown()

    print(f"\n{len(fragments)} embeds, {args.runs} traced visits per copy, medians:")
    rows = []
    for root in roots:
        runs = results[root]
        rows.append(
            [
                root,
                f"{statistics.median(r['all_ready'] for r in runs):.0f} ms",
                f"{statistics.median(r['totals'].get(BUSY, 0) for r in runs):.0f} ms",
                f"{statistics.median(r['totals'].get(CPU, 0) for r in runs):.0f} ms",
            ]
        )
    print(table(["copy", "all ready", "main thread busy", "main thread CPU"], rows))
    for root in roots:
        detail(root, results[root], args.top)


def detail(root: str, results: list[dict], top: int) -> None:
    """One copy's self times by event name, its per-frame marks and frame 1's requests."""
    print(f"\n## {root}")
    names: collections.Counter = collections.Counter()
    for r in results:
        for name, ms in r["totals"].items():
            names[name] += ms
    print(f"renderer main thread, CPU self time, median of {len(results)} (ms):")
    for name, _ in names.most_common(top):
        values = [r["totals"].get(name, 0.0) for r in results]
        print(f"  {statistics.median(values):8.1f}  {name}")
    phases: dict[str, list[float]] = collections.defaultdict(list)
    for r in results:
        for frame in r["frames"]:
            for name, ms in python_phases(frame).items():
                phases[name].append(ms)
    if phases:
        print("per frame, ms from the previous mark to this one (median over frames and runs):")
        for name, values in phases.items():
            print(f"  {statistics.median(values):8.1f}  {name}")
    last = results[-1]
    print("per frame (last visit), ms from the docs page's navigation start:")
    for i, frame in enumerate(last["frames"], 1):
        off = frame["offset"]
        marks = " ".join(f"{n}={off + t:.0f}" for n, t in frame["marks"])
        print(f"  frame {i}: start {off:.0f}, ready {off + (frame['ready'] or 0):.0f}  {marks}")
    print("resources of frame 1 (start -> end, ms from its navigation start, bytes):")
    for name, s, e, size in last["frames"][0]["resources"]:
        print(f"  {s:7.0f} {e:7.0f} {size:8d}  {name[-70:]}")


if __name__ == "__main__":
    main()
