"""``zola puzzles check FILE``, run as a user runs it: the rules it refuses, the budget
that bounds each proof, and the shipped sets passing."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from zola.puzzles.sets import _transform, find, load, parse
from zola.puzzles.solver import BUDGET, Solver, solve, unproven
from zola.rules.position import Position

ROOT = Path(__file__).resolve().parents[1]
GOOD = find(load(6), "6-xihiml").text()  # N = 3, two legal first moves, rated 1060

# Blue f1 takes a1, the only legal move; a4 steps to a5 and a1 takes it (N = 2).
ONLY_MOVE = "6-2nknhv;2;900;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"

# GOOD with b3-b2 for Blue's defence b3-a2: after it a6xe2 wins at once (e2xb2), but the
# line plays on and still ends on Red's third move.
SHORT_DEFENCE = (
    "6-xihiml;3;1060;r5/5r/5r/1b4/4b1/6 r;a6xe2 b3-b2 e2-f2 b2-a2 f2xa2;f5-f6>b3-b2|"
    "e2-d1>a2-a1 e2-e1>a2-a1 e2-f2>a2xf2 e2-f3>a2-a1 f5-f6>a2xe2|f5-f6>a1xf1"
)

# A legal line that ends the game on Red's eighth move, from a position where Red has
# no forced win within 8: proving that searches millions of positions.
DEEP = (
    "8-j535bj;8;1500;1b1rr3/r5r1/rbb5/4r1rr/4r1r1/3r1r1r/b1r1r1r1/4r3 r;a7xb8 c6-d7 "
    "d8xb6 a2-a1 g7xd7 a1xe1 f3-f2 e1-f1 e4-e3 f1-g1 e5-f6 g1-h1 e8-f8 h1xg2 h3xg2;|||||||"
)


def check(
    tmp_path: Path, *lines: str, options: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``python -m zola puzzles check`` on a file of ``lines`` (after a comment line)."""
    path = tmp_path / "puzzles.txt"
    path.write_text("# puzzles\n" + "".join(line + "\n" for line in lines))
    return zola("puzzles", "check", str(path), *options)


def zola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zola", *args], capture_output=True, text=True, timeout=120
    )


def test_a_good_puzzle_passes(tmp_path: Path) -> None:
    result = check(tmp_path, GOOD)
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr.startswith("1 puzzle proven; the hardest, 6-xihiml (line 2), took ")


def test_n_below_the_miners_minimum_is_refused(tmp_path: Path) -> None:
    one = solve(Position.parse("6/6/2rb2/6/6/6 r"), 1)
    assert one is not None and one.moves == 1 and one.refutations[0]
    assert unproven(one) is None  # a true claim, but too easy for a puzzle
    result = check(tmp_path, GOOD, one.text())
    assert result.returncode == 1
    assert result.stdout == f"line 3: puzzle {one.id}: N is 1, but a puzzle takes 2 to 8 moves\n"


def test_n_above_the_miners_maximum_is_refused_without_a_search(tmp_path: Path) -> None:
    nine = (
        "6-tep40v;9;1500;1br3/6/3rrr/1r3b/2rrr1/2b3 r;d4-e5 c1-b1 f4xf3 b1-a1 b3-a2 b6-a6 "
        "e5-f4 a1xa2 c2-b2 a2-a1 e2-f1 a6xc6 f1xa1 c6-b6 e4-f5 b6-a6 a1xa6;||||||||"
    )
    result = check(tmp_path, nine)
    assert result.returncode == 1
    assert result.stdout == "line 2: puzzle 6-tep40v: N is 9, but a puzzle takes 2 to 8 moves\n"


def test_a_first_move_that_is_the_only_legal_move_is_refused(tmp_path: Path) -> None:
    assert unproven(parse(ONLY_MOVE)) is None  # a true claim, but nothing to find
    result = check(tmp_path, ONLY_MOVE)
    assert result.returncode == 1
    assert result.stdout == (
        "line 2: puzzle 6-2nknhv: the first move, f1xa1, is the only legal move\n"
    )


@pytest.mark.parametrize("rating", ["0", "599", "2601", "99999"])
def test_a_rating_outside_the_documented_range_is_refused(tmp_path: Path, rating: str) -> None:
    fields = GOOD.split(";")
    result = check(tmp_path, ";".join([*fields[:2], rating, *fields[3:]]))
    assert result.returncode == 1
    assert result.stdout == (
        f"line 2: puzzle 6-xihiml: the rating {rating} is outside 600 to 2600\n"
    )


def test_a_line_whose_defence_is_not_the_longest_is_refused(tmp_path: Path) -> None:
    result = check(tmp_path, SHORT_DEFENCE)
    assert result.returncode == 1
    assert result.stdout == (
        "line 2: puzzle 6-xihiml: move 2 of the line, b3-b2, is not a longest defence: "
        "the solver then wins within 1 move\n"
    )


def test_a_10x10_puzzle_passes(tmp_path: Path) -> None:
    ten = solve(Position.parse("10/10/10/b9/10/7b2/10/r9/4r5/10 r"), 2)
    assert ten is not None and unproven(ten) is None
    result = check(tmp_path, ten.text())
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr.startswith(f"1 puzzle proven; the hardest, {ten.id} (line 2), took ")


def test_repeats_and_a_second_board_size_in_a_file_are_refused(tmp_path: Path) -> None:
    puzzle = parse(GOOD)
    exchanged = puzzle._replace(position=_transform(puzzle.position, 8))  # colours swapped
    eight = load(8)[0].text()
    result = check(tmp_path, GOOD, "", exchanged.text(), eight)
    assert result.returncode == 1
    assert result.stdout == (
        "line 4: puzzle 6-xihiml: the same id as line 2: a repeat under a symmetry\n"
        f"line 5: puzzle {load(8)[0].id}: 8x8, but the puzzle of line 2 is 6x6\n"
    )
    assert result.stderr == "2 puzzles refused, of 3\n"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda f: [*f[:5], "|".join(["", *f[5].split("|")[1:]])],
            "the refutations of move 1 lack the losing tries f5-f6",
        ),
        (
            lambda f: [*f[:5], "f5-f6>f4-f3|" + f[5].split("|", 1)[1]],
            "the refutation f5-f6>f4-f3: f4-f3 is not a legal reply",
        ),
        (
            lambda f: [*f[:5], "f5-f6>e2-f3|" + f[5].split("|", 1)[1]],
            "the refutation f5-f6>e2-f3 does not refute: the solver still wins within 2 moves",
        ),
    ],
)
def test_a_wrong_refutation_is_said(
    tmp_path: Path, change: Callable[[list[str]], list[str]], message: str
) -> None:
    result = check(tmp_path, ";".join(change(GOOD.split(";"))))
    assert result.returncode == 1
    assert result.stdout.startswith("line 2: puzzle 6-xihiml: ")
    assert result.stdout.endswith(f"{message}\n") and result.stdout.count("\n") == 1


# -- the budget ------------------------------------------------------------------------------


def test_a_proof_past_the_budget_is_not_proven(tmp_path: Path) -> None:
    hardest = find(load(8), "8-yik2ji").text()  # its proof takes 2,152 nodes
    assert check(tmp_path, hardest).returncode == 0
    easy = find(load(8), "8-0at3rp").text()
    result = check(tmp_path, easy, hardest, options=("--budget", "100"))
    assert result.returncode == 1
    assert result.stdout == (
        "line 3: puzzle 8-yik2ji: not proven within the budget of 100 nodes\n"
    )
    assert result.stderr == "1 puzzle refused, of 2\n"


def test_a_deep_claim_stops_within_the_budget(tmp_path: Path) -> None:
    start = time.perf_counter()
    result = check(tmp_path, DEEP)
    assert result.returncode == 1
    assert result.stdout == (
        f"line 2: puzzle 8-j535bj: not proven within the budget of {BUDGET:,} nodes\n"
    )
    assert time.perf_counter() - start < 60


def test_the_budget_bounds_the_solvers_table() -> None:
    solver = Solver(8, node_limit=5000)
    assert unproven(parse(DEEP), solver) == "not proven within the budget of 5,000 nodes"
    assert solver.nodes == 5001 and len(solver.table) <= 5001


@pytest.mark.parametrize(
    "value", ["0", "-5", "x", "1e6", "10000001", "9" * 5000, "\u0661\u0662"]
)
def test_a_bad_budget_is_a_usage_error(tmp_path: Path, value: str) -> None:
    result = check(tmp_path, GOOD, options=("--budget", value))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "--budget" in result.stderr  # over 4300 digits: argparse's own words
    if len(value) < 4300:
        assert "budget must be a whole number of nodes, 1 to 10000000" in result.stderr


# -- files -----------------------------------------------------------------------------------


def test_a_file_that_is_not_a_puzzle_file_is_a_usage_error(tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00puzzles")
    result = zola("puzzles", "check", str(binary))
    assert (result.returncode, result.stderr) == (
        2,
        f"zola: error: cannot read {binary}: it is not UTF-8 text\n",
    )
    result = check(tmp_path, GOOD, GOOD[:-9])
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("zola: error: line 3: bad puzzle '6-xihiml': ")
    result = check(tmp_path)
    assert (result.returncode, result.stderr) == (1, f"no puzzle in {tmp_path / 'puzzles.txt'}\n")


@pytest.mark.parametrize("size", [6, 8, 10])
def test_the_shipped_sets_pass(size: int) -> None:
    result = zola("puzzles", "check", str(ROOT / "zola" / "data" / f"puzzles-{size}.txt"))
    assert (result.returncode, result.stdout) == (0, "")
    count = len(load(size))
    assert result.stderr.startswith(f"{count} puzzles proven; the hardest, ")
    nodes = int(result.stderr.split(" took ")[1].split(" of ")[0].replace(",", ""))
    assert nodes * 10 <= BUDGET  # the default budget leaves room
