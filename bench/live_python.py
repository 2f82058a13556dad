"""The live boards' Python alone: opening the docs pages' 24 boards on the page's
MicroPython under Node, each board in a call of its own, as web/boards.py opens them.

    python3 bench/live_python.py               # 5 runs
    python3 bench/live_python.py --runs 9 --compare old   # also ./old/, another checkout

What each board's call does is what web/boards.py does when a board opens: read the
link (every move checked) into a zola.live.LiveBoard, make its screen (the SVG board,
the move list, the texts) and write the screen's fields as JSON; the board's painting
in the browser is not in it. The modules come as the page gets them (web/zola.rom,
mounted by web/rom.py); each run is a new Node process, so every board is read and
drawn for the first time, as on a first visit. Reported per board, medians of the runs:
the first board (what a page of one board pays), boards 2-8 (each the first of its
style: a size, flip, theme, shading or coordinates of its own) and boards 9-24.

Less noisy than the browser's figures (bench/live_boards.py), and a part of them: a
docs page's every further board costs about this much Python, plus the browser's work.
"""

from __future__ import annotations

import argparse
import base64
import json
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
from zola.live import FIELDS, LiveBoard
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--compare", nargs="*", default=[], metavar="DIR", help="other checkouts")
    args = ap.parse_args()
    fragments = docs_fragments()
    trees = {"this tree": ROOT} | {other: ROOT / other for other in args.compare}
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
