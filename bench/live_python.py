"""The live boards' Python alone: opening the docs pages' 24 boards on the page's
MicroPython under Node, each board in a call of its own, as web/boards.py opens them.

    python3 bench/live_python.py               # 5 runs
    python3 bench/live_python.py --runs 9 --compare old   # also ./old/, another checkout
    python3 bench/live_python.py --instructions --compare old   # counted, not timed

What each board's call does is what web/boards.py does when a board opens: read the
link (every move checked) into a zola.page.live.LiveBoard, make its screen (the SVG board,
the move list, the texts) and write the screen's fields as JSON; the board's painting
in the browser is not in it. The modules come as the page gets them (web/zola.rom,
mounted by web/rom.py); each run is a new Node process, so every board is read and
drawn for the first time, as on a first visit. Reported per board, medians of the runs:
the first board (what a page of one board pays), boards 2-8 (each the first of its
style: a size, flip, theme, shading or coordinates of its own) and boards 9-24.

Less noisy than the browser's figures (bench/live_boards.py), and a part of them: a
docs page's every further board costs about this much Python, plus the browser's work.

``--instructions`` counts instead of timing: the instructions Node executes for the 24
boards (a job of all of them less a job that only sets up), counted by valgrind's
callgrind with the engine at its baseline tier, compiling everything first, on one
thread, so that a count repeats within about 1% from run to run however busy the
machine is: what a change to the boards' Python saves, where times on this machine
move by 10% or more from run to run. Each checkout runs on this tree's runtime.
"""

from __future__ import annotations

import argparse
import base64
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

from chromium import ROOT
from live_boards import docs_fragments

RUNNER = ROOT / "tests" / "micropython" / "run.mjs"
# The first call: what web/boards.py does before the boards open (without its JavaScript).
SETUP = """
import gc, json, js
import zola_rom
gc.threshold(2 << 20)
from zola.page.live import FIELDS, LiveBoard
now = js.performance.now
times = []
def open_board(fragment):
    start = now()
    values = dict(zip(FIELDS, LiveBoard(fragment, "en", "https://x.example/").screen()))
    board, moves = values.pop("board"), values.pop("move_list")
    json.dumps(values)
    times.append(now() - start)
"""


def job(root: Path, fragments: list[str]) -> str:
    """A Node job: set up, one call a board, then print the boards' times."""
    binary = {"zola.rom": base64.b64encode((root / "web" / "zola.rom").read_bytes()).decode()}
    files = {"zola_rom.py": (root / "web" / "rom.py").read_text("utf-8")}
    calls = [SETUP] + [f"open_board({fragment!r})" for fragment in fragments]
    calls.append("print(json.dumps(times))")
    return json.dumps({"files": files, "binary": binary, "code": calls})


# The engine made repeatable for counting: its baseline tier only, all compiled first,
# no helper threads.
COUNTED = ["--liftoff-only", "--no-wasm-lazy-compilation", "--single-threaded"]


def instructions(text: str) -> int:
    """The instructions Node executes for a job, counted by callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + ["node", *COUNTED, str(RUNNER)],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    counted = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or counted is None:
        sys.exit(f"FAILED to count: {done.stderr[-2000:]}")
    return int(counted.group(1).replace(",", ""))


def count(trees: dict[str, Path], fragments: list[str]) -> None:
    """The 24 boards' instructions in each tree (all boards less setting up)."""
    print(f"{len(fragments)} boards, instructions counted by callgrind (node {' '.join(COUNTED)})")
    print("| tree | instructions, 24 boards | a board |")
    print("|---|---:|---:|")
    for name, root in trees.items():
        boards = instructions(job(root, fragments)) - instructions(job(root, []))
        print(f"| {name} | {boards / 1e6:.0f} M | {boards / len(fragments) / 1e6:.1f} M |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--compare", nargs="*", default=[], metavar="DIR", help="other checkouts")
    ap.add_argument("--instructions", action="store_true", help="count, do not time")
    args = ap.parse_args()
    fragments = docs_fragments()
    trees = {"this tree": ROOT} | {other: ROOT / other for other in args.compare}
    if args.instructions:
        count(trees, fragments)
        return
    jobs = {name: job(root, fragments) for name, root in trees.items()}
    times: dict[str, list[list[float]]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, text in jobs.items():  # the trees take turns
            done = subprocess.run(
                ["node", str(RUNNER)], input=text, capture_output=True, text=True, check=False
            )
            if done.returncode:
                sys.exit(f"FAILED on {name}: {done.stderr}")
            times[name].append(json.loads(done.stdout))
    print(f"{len(fragments)} boards, {args.runs} runs, a new MicroPython each, trees taking turns")
    print("| tree | board 1 | boards 2-8 | boards 9-24 | all 24 |")
    print("|---|---:|---:|---:|---:|")
    for name, runs in times.items():
        spans = ((0, 1), (1, 8), (8, 24), (0, 24))
        parts = [statistics.median(sum(run[a:b]) for run in runs) for a, b in spans]
        print(f"| {name} | " + " | ".join(f"{part:.1f} ms" for part in parts) + " |")


if __name__ == "__main__":
    main()
