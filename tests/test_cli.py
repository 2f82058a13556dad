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


def test_svg_writes_a_standalone_diagram(tmp_path) -> None:  # noqa: ANN001
    import xml.etree.ElementTree as ET

    from tests.test_svg import checkers

    out = tmp_path / "board.svg"
    result = zola(
        "svg",
        "6/6/2rb2/6/6/6 r",
        "--arrow",
        "c4xd4",
        "--highlight",
        "c4,d4",
        "--shading",
        "-o",
        str(out),
    )
    assert result.returncode == 0 and result.stderr == ""
    svg = out.read_text()
    root = ET.fromstring(svg)
    assert root.get("data-position") == "6/6/2rb2/6/6/6 r"
    assert checkers(svg) == {"c4": "red", "d4": "blue"}
    assert svg.count('class="arrow"') == 1 and svg.count('class="highlight"') == 2
    assert svg.count('class="class-letter"') == 36


def test_svg_from_a_fragment_keeps_its_view_and_last_move(tmp_path) -> None:  # noqa: ANN001
    from tests.test_svg import checkers

    out = tmp_path / "game.svg"
    assert (
        zola("svg", "--fragment", "#v1;size=8;moves=d4xe4;flip;dark", "-o", str(out)).returncode
        == 0
    )
    svg = out.read_text()
    assert 'data-flipped="1"' in svg and "theme-dark" in svg and 'class="capture-mark"' in svg
    assert checkers(svg)["e4"] == "red" and "d4" not in checkers(svg)


def test_svg_as_png(tmp_path) -> None:  # noqa: ANN001
    pytest.importorskip("cairosvg")
    out = tmp_path / "board.png"
    assert zola("svg", "6/6/2rb2/6/6/6 r", "-o", str(out), "--width", "200").returncode == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 200  # the width in the IHDR chunk


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["svg", "-o", "x.svg"], "one of the arguments TEXT --fragment is required"),
        (["svg", "6/6/2rb2/6/6/6 r", "--fragment", "v1", "-o", "x.svg"], "not allowed with"),
        (["svg", "6/6/2rb2/6/6/6 r"], "required: -o/--output"),
        (["svg", "6/6/2rb2/6/6/6 r", "--arrow", "a1xj10", "-o", "-"], "off the 6x6 board"),
        (["svg", "6/6/2rb2/6/6/6 r", "--arrow", "pass", "-o", "-"], "an arrow needs two squares"),
        (["svg", "6/6/2rb2/6/6/6 r", "--highlight", "z9", "-o", "-"], "bad square 'z9'"),
        (["svg", "--fragment", "v1;size=9", "-o", "-"], "size must be 6, 8 or 10"),
        (["svg", "6/6/2rb2/6/6/6 r", "-o", "/nonexistent/x.svg"], "cannot write"),
        (["svg", "6/6/2rb2/6/6/6 r", "-o", "x.png", "--width", "0"], "width must be"),
    ],
)
def test_svg_bad_arguments(args: list[str], message: str) -> None:
    result = zola(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_a_closed_pipe_ends_quietly() -> None:
    positions = ["6/6/2rb2/6/6/6 r"] * 20_000  # far more output than a pipe holds
    with subprocess.Popen(
        [sys.executable, "-m", "zola", "moves", *positions],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout.readline() == b"c4-b3 c4-b4 c4-b5 c4-c5 c4-d5 c4xd4\n"
        process.stdout.close()  # as `| head -1` does
        errors = process.stderr.read().decode()
        assert process.wait(timeout=60) == 0
    assert errors == ""


def test_png_without_the_cairo_library_says_what_to_install(monkeypatch, tmp_path, capsys) -> None:  # noqa: ANN001
    from zola import cli

    def no_cairo(name: str) -> None:
        raise OSError("no library called \"cairo-2\" was found")

    monkeypatch.setattr(cli.importlib, "import_module", no_cairo)
    assert cli.main(["svg", "6/6/2rb2/6/6/6 r", "-o", str(tmp_path / "x.png")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "needs the Cairo library: install it" in error


def test_a_fragment_with_a_huge_number_is_one_line_of_error() -> None:
    result = zola("svg", "--fragment", "v1;size=6;ply=" + "0" * 4301, "-o", "-")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == "zola: error: bad game link: ply must be 0 to 0\n"
