"""The command line, run as a user runs it."""

import subprocess
import sys

import pytest


def zola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zola", *args], capture_output=True, text=True, timeout=120
    )


def test_perft_prints_the_node_count() -> None:
    assert zola("perft", "3").stdout == "46472\n"
    assert zola("perft", "2", "--size", "10").stdout == "10000\n"
    assert zola("perft", "1", "--position", "6/6/6/6/2b3/r5 r").stdout == "1\n"


def test_moves_prints_one_sorted_line_per_position() -> None:
    result = zola("moves", "6/6/2rb2/6/6/6 r", "6/6/6/6/2b3/r5 r", "6/6/6/6/6/r5 b")
    assert result.returncode == 0
    assert result.stdout == "c4-b3 c4-b4 c4-b5 c4-c5 c4-d5 c4xd4\npass\n\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "required: COMMAND"),
        (["fly"], "invalid choice"),
        (["perft"], "required: DEPTH"),
        (["perft", "x"], "depth must be a whole number"),
        (["perft", "-1"], "depth must be a whole number"),
        (["perft", "2", "--size", "7"], "board size must be 6, 8 or 10"),
        (["perft", "2", "--size", "6", "--position", "r5/6/6/6/6/5b r"], "not allowed with"),
        (["perft", "2", "--position", "nonsense"], "bad position"),
        (["moves", "6/6/6/6/6/r5 r", "bad"], "bad position 'bad'"),
        (["moves"], "required: TEXT"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = zola(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_the_console_script_is_installed() -> None:
    import shutil

    script = shutil.which("zola")
    if script is None:
        pytest.skip("the package is not installed (pip install -e .)")
    assert subprocess.run([script, "perft", "1"], capture_output=True, text=True).stdout == "36\n"
