"""The computer's first move: choosing to play it on a fresh page -> its move in the list.

    python3 bench/computer_start.py            # 5 runs
    python3 bench/computer_start.py --runs 3 --link 'v1;size=8'
    python3 bench/computer_start.py --answer --sizes 6 8 10   # its first answer instead

With --answer: each run opens the app in a fresh browser context with no link
(a new visitor plays the computer, moving first, and the page starts the
computer's worker at once); on each size of --sizes (the Board menu, then New
game) the person plays c3xd3 as soon as the board is ready, and the time is
from the click that ends that move to the computer's answer in #moves.

Each run opens the app in a fresh browser context (a first visit) on a
two-player link, so nothing has started the computer's worker; once the board
is ready, it selects "computer-first" in #mode and times, in the page, from the
menu's change event to the first button in #moves: the worker boots its own
Pyodide, then the computer answers. "worker ready" is when the status line
first says the computer is thinking (the worker took the question). Then, on
the same page, for contrast: two players, a new game, and "computer-first"
again, timed the same way, with the worker already running.
"""

from __future__ import annotations

import argparse
import statistics

from boot_time import MARK_READY, PYODIDE, table
from chromium import served_chromium

# After data-ready: note the moment #mode changes, the status line's texts, the first move.
WATCH = """() => {
  const marks = window.__marks = {texts: {}};
  document.addEventListener("change", (event) => {
    if (event.target.id === "mode") marks.chose = performance.now();
  }, {capture: true});
  const note = () => {
    const now = performance.now();
    const text = document.getElementById("thinking-text").textContent;
    if (!document.getElementById("thinking").hidden && !(text in marks.texts)) {
      marks.texts[text] = now;
    }
    if (marks.move === undefined && document.querySelector("#moves button")) marks.move = now;
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
    characterData: true, attributes: true, attributeFilter: ["hidden"]});
}"""
RESET = "() => { const m = window.__marks; m.texts = {}; delete m.chose; delete m.move; }"
THINKING = "The computer is thinking"


def choose(page, timeout: float) -> tuple[float, float | None]:
    """Select computer-first; (ms to its first move, ms until it was thinking, if seen)."""
    page.select_option("#mode", "computer-first")
    page.wait_for_function("window.__marks.move !== undefined", timeout=timeout * 1000)
    marks = page.evaluate("window.__marks")
    thinking = [t for text, t in marks["texts"].items() if text.startswith(THINKING)]
    ready = min(thinking) - marks["chose"] if thinking else None
    return marks["move"] - marks["chose"], ready


# Before the page's scripts: the moments of the latest click and when #moves first holds
# one move, then two.
WATCH_MOVES = """
window.__moves = {};
document.addEventListener("click", () => { window.__clicked = performance.now(); }, true);
new MutationObserver(() => {
  const count = document.querySelectorAll("#moves button").length;
  if (count && !(count in window.__moves)) window.__moves[count] = performance.now();
}).observe(document, {subtree: true, childList: true});
"""


def first_answer(browser, base: str, size: int, timeout: float) -> float:
    """On a fresh page, play c3xd3 at once on a new ``size`` board: ms to the answer."""
    context = browser.new_context()
    context.add_init_script(MARK_READY)
    context.add_init_script(WATCH_MOVES)
    page = context.new_page()
    page.goto(f"{base}/index.html")
    page.wait_for_function("window.__bootMs !== undefined", timeout=timeout * 1000)
    if size != 6:
        page.select_option("#size", str(size))
        page.click("#new")
    page.click('#board [data-square="c3"]')
    page.click('#board [data-square="d3"]')
    page.wait_for_function("window.__moves[2] !== undefined", timeout=timeout * 1000)
    answered, clicked = page.evaluate("[window.__moves[2], window.__clicked]")
    context.close()
    return answered - clicked


def answers(runs: int, sizes: list[int], timeout: float) -> None:
    """The computer's first answer to a quick first move on a fresh page, per size."""
    times: dict[int, list[float]] = {size: [] for size in sizes}
    with served_chromium() as (base, browser):
        for run in range(runs):
            for size in sizes:
                times[size].append(first_answer(browser, base, size, timeout))
            print(f"run {run + 1}: " + ", ".join(f"{s}x{s} {times[s][-1]:.0f} ms" for s in sizes))
    rows = [
        [
            f"{size}x{size}",
            f"{statistics.median(ms):.0f} ms",
            f"{min(ms):.0f}-{max(ms):.0f} ms",
        ]
        for size, ms in times.items()
    ]
    print()
    print(table(["a quick first move, fresh page", "to the answer, median", "min-max"], rows))
    print()
    print(f"{runs} runs, fresh context each, no link (computer-second)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--link", default="v1;size=6", help="a two-player link (no computer)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per move")
    ap.add_argument("--answer", action="store_true", help="time the first answer instead")
    ap.add_argument("--sizes", type=int, nargs="+", default=[6, 8, 10], help="with --answer")
    args = ap.parse_args()
    if args.answer:
        answers(args.runs, args.sizes, args.timeout)
        return

    fresh: list[tuple[float, float | None]] = []
    again: list[tuple[float, float | None]] = []
    early = 0  # runs where Pyodide was requested before the choice
    with served_chromium() as (base, browser):
        for run in range(args.runs):
            context = browser.new_context()
            urls: list[str] = []
            context.on("request", lambda request, urls=urls: urls.append(request.url))
            context.add_init_script(MARK_READY)
            page = context.new_page()
            page.goto(f"{base}/index.html#{args.link}")
            page.wait_for_function("window.__bootMs !== undefined", timeout=args.timeout * 1000)
            early += any(PYODIDE in u for u in urls)
            page.evaluate(WATCH)
            fresh.append(choose(page, args.timeout))
            page.select_option("#mode", "humans")
            page.click("#new")
            page.wait_for_function("!document.querySelector('#moves button')")
            page.evaluate(RESET)
            again.append(choose(page, args.timeout))
            context.close()
            print(
                f"run {run + 1}: fresh page {fresh[-1][0]:6.0f} ms, "
                f"worker running {again[-1][0]:5.0f} ms"
            )

    def row(name: str, runs: list[tuple[float, float | None]]) -> list[str]:
        moves = [ms for ms, _ in runs]
        ready = [ms for _, ms in runs if ms is not None]
        return [
            name,
            f"{statistics.median(moves):.0f} ms",
            f"{min(moves):.0f}-{max(moves):.0f} ms",
            f"{statistics.median(ready):.0f} ms" if ready else "-",
        ]

    print()
    header = ["choosing computer-first", "to its first move, median", "min-max", "worker ready"]
    print(
        table(
            header, [row("fresh page (worker starts)", fresh), row("again, worker running", again)]
        )
    )
    print()
    print(f"{args.runs} runs, fresh context each, on #{args.link}")
    if early:
        print(f"WARNING: Pyodide was requested before the choice in {early} of {args.runs} runs")


if __name__ == "__main__":
    main()
