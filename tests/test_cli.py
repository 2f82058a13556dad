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


def test_svg_writes_a_standalone_diagram(tmp_path) -> None:
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
    assert len(root.find(".//{*}text[@class='class-letters']").text) == 36


def test_svg_from_a_fragment_keeps_its_view_and_last_move(tmp_path) -> None:
    from tests.test_svg import checkers

    out = tmp_path / "game.svg"
    assert (
        zola("svg", "--fragment", "#v1;size=8;moves=d4xe4;flip;dark", "-o", str(out)).returncode
        == 0
    )
    svg = out.read_text()
    assert 'data-flipped="1"' in svg and "theme-dark" in svg and 'class="capture-mark"' in svg
    assert checkers(svg)["e4"] == "red" and "d4" not in checkers(svg)


def test_svg_as_png(tmp_path) -> None:
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


def test_png_without_the_cairo_library_says_what_to_install(monkeypatch, tmp_path, capsys) -> None:
    from zola import cli
    from zola.draw import images

    def no_cairo(name: str) -> None:
        raise OSError("no library called \"cairo-2\" was found")

    monkeypatch.setattr(images.importlib, "import_module", no_cairo)
    assert cli.main(["svg", "6/6/2rb2/6/6/6 r", "-o", str(tmp_path / "x.png")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "needs the Cairo library: install it" in error


@pytest.mark.parametrize("suffix", ["png", "gif"])
def test_a_failure_inside_the_image_libraries_is_one_line_of_error(
    monkeypatch, tmp_path, capsys, suffix: str
) -> None:
    cairosvg = pytest.importorskip("cairosvg")
    pytest.importorskip("PIL")
    from zola import cli

    def broken(**_options: object) -> bytes:
        raise ValueError("the surface is gone\nand a second line")

    monkeypatch.setattr(cairosvg, "svg2png", broken)
    link = "v1;size=6;moves=c3xd3"
    assert cli.main(["svg", "--fragment", link, "-o", str(tmp_path / f"x.{suffix}")]) == 2
    error = capsys.readouterr().err
    assert error == f"zola: error: {suffix.upper()} output failed: the surface is gone\n"


def test_a_fragment_with_a_huge_number_is_one_line_of_error() -> None:
    result = zola("svg", "--fragment", "v1;size=6;ply=" + "0" * 4301, "-o", "-")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == "zola: error: bad game link: ply must be 0: the game has no moves\n"


# -- analyse and review ---------------------------------------------------------------------------


def test_analyse_prints_the_win_chance_by_colour_and_the_best_lines() -> None:
    from zola import Move, Position

    # Red (to move) has five checkers, Blue four: Red's chance is high, the score positive.
    result = zola("analyse", "1b4/1r3b/2b1r1/1r4/3b2/r4r r", "--lines", "3", "--nodes", "5000")
    assert result.returncode == 0, result.stderr
    head, score, *lines = result.stdout.splitlines()
    red = int(head.removeprefix("Red to move: Red ").split("%")[0])
    assert red > 60 and head.endswith(f"%, Blue {100 - red}%")
    assert score.startswith("score +") and "for Red (the side to move)" in score
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3"]
    position = Position.parse("1b4/1r3b/2b1r1/1r4/3b2/r4r r")
    firsts = {Move.parse(line.split()[2]) for line in lines}
    assert len(firsts) == 3 and firsts <= set(position.legal_moves())
    # The same board with Blue to move: still Red's game, the score negative for Blue.
    blue = zola("analyse", "1b4/1r3b/2b1r1/1r4/3b2/r4r b", "--nodes", "5000").stdout.splitlines()
    assert blue[0].startswith("Blue to move: Blue ") and "score -" in blue[1]
    assert int(blue[0].split(", Red ")[1].removesuffix("%")) > 60


def test_analyse_a_link_a_pie_decision_and_a_finished_game() -> None:
    result = zola("analyse", "--fragment", "#v1;size=6;moves=c3xd3;flip", "--time", "0.2")
    assert result.returncode == 0 and result.stdout.startswith("Blue to move: Blue ")
    assert "Blue may swap colours (the pie rule): the engine would " in result.stdout
    over = zola("analyse", "--fragment", "v1;size=6;start=6/6/6/6/6/r5_b")
    assert over.returncode == 0 and over.stdout == "the game is over: Red won\n"
    won = zola("analyse", "6/6/2rb2/6/6/6 r")
    assert "score wins in 1 for Red" in won.stdout and "1. wins in 1  c4xd4" in won.stdout


def test_review_prints_a_table_a_summary_and_a_progress_bar() -> None:
    fragment = "v1;size=6;moves=c3xd3.swap.a2xa3.d3xc4.d1xc1.f6xe6;ply=2"
    result = zola("review", "--fragment", fragment, "--nodes", "3000")
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0].startswith("start: Red ") and out[1].split() == [
        *("ply", "player", "move", "Red", "loss", "mark", "better"),
    ]
    rows = out[2:8]
    assert [row.split()[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
    assert rows[0].split()[1:4] == ["first", "(Red)", "c3xd3"]
    assert rows[1].split()[1:4] == ["second", "(Blue)", "swap"]
    assert rows[2].split()[1:3] == ["first", "(Blue)"]  # after the swap
    assert out[8].startswith("first player: ") and out[9].startswith("second player: ")
    assert "average loss" in out[9] and len(out) == 10
    # One bar a position, each drawn over the last (text mode reads the "\r" as a line end).
    assert result.stderr.endswith("] 7/7\n") and result.stderr.count("/7") == 7
    text = zola("review", "--fragment", fragment, "--nodes", "3000", "--text").stdout
    from zola.rules.review import parse_review

    assert len(parse_review(text.strip(), plies=6).moves) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyse"], "one of the arguments TEXT --fragment is required"),
        (["analyse", "6/6/2rb2/6/6/6 r", "--fragment", "v1"], "not allowed with"),
        (["analyse", "nonsense"], "bad position 'nonsense'"),
        (["analyse", "--fragment", "v1;size=7"], "size must be 6, 8 or 10"),
        (["analyse", "6/6/2rb2/6/6/6 r", "--lines", "0"], "lines must be a whole number"),
        (["analyse", "6/6/2rb2/6/6/6 r", "--nodes", "many"], "nodes must be a whole number"),
        (["analyse", "6/6/2rb2/6/6/6 r", "--time", "-1"], "time must be seconds > 0"),
        (["review"], "required: --fragment"),
        (["review", "--fragment", "v1;size=6;moves=a1-a2"], "bad game link: move 1"),
        (["review", "--fragment", "v1;size=6", "--nodes", "10"], "nodes must be a whole number"),
        (["review", "--fragment", "v1;size=6", "--time", "soon"], "time must be seconds > 0"),
    ],
)
def test_analyse_and_review_bad_arguments(args: list[str], message: str) -> None:
    result = zola(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_svg_draws_a_links_notes_unless_it_is_clean() -> None:
    link = "v2;size=6;moves=c3xd3;notes=1:ac4xd3,he4"
    drawn = zola("svg", "--fragment", link, "--arrow", "e4xd3", "-o", "-").stdout
    assert drawn.count('class="arrow"') == 2 and drawn.count('class="highlight"') == 1
    clean = zola("svg", "--fragment", link + ";clean", "-o", "-").stdout
    assert 'class="arrow"' not in clean and 'class="highlight"' not in clean


# -- replays (zola.draw.replay) --------------------------------------------------------------------

REPLAYED = "v1;size=6;moves=c3xd3.swap.c4xd3.e3xd3;flip"


def test_svg_replay_writes_the_animated_svg(tmp_path) -> None:
    from tests.test_replay import Replay, check_every_frame
    from zola.rules.link import parse

    out = tmp_path / "game.svg"
    result = zola("svg", "--fragment", REPLAYED, "--replay", "--seconds", "0.5", "-o", str(out))
    assert result.returncode == 0 and result.stderr == "" and result.stdout == ""
    replay = Replay(out.read_text())
    game, _ = parse(REPLAYED)
    check_every_frame(game, replay)
    assert replay.frames == 5 and replay.flipped  # the link's view
    assert replay.root.get("data-ply-ms") == "500"
    printed = zola("svg", "--fragment", REPLAYED, "--replay", "--dark", "-o", "-").stdout
    assert Replay(printed).frames == 5 and "theme-dark" in printed


def _gif(path) -> tuple:
    """Frames, size, per-frame durations and loop count of a GIF, read back by Pillow."""
    from PIL import Image

    with Image.open(path) as image:
        frames = image.n_frames
        times = []
        for frame in range(frames):
            image.seek(frame)
            times.append(image.info["duration"])
        return frames, image.size, times, image.info.get("loop")


@pytest.mark.slow
def test_a_gif_output_is_an_animated_replay(tmp_path) -> None:
    pytest.importorskip("PIL")
    pytest.importorskip("cairosvg")
    import xml.etree.ElementTree as ET

    out = tmp_path / "game.gif"
    result = zola("svg", "--fragment", REPLAYED, "-o", str(out))  # .gif: a replay, implied
    assert result.returncode == 0 and result.stderr == ""
    assert out.read_bytes()[:6] == b"GIF89a"
    replay = ET.fromstring(zola("svg", "--fragment", REPLAYED, "--replay", "-o", "-").stdout)
    _, _, width, height = (int(v) for v in replay.get("viewBox").split())
    assert _gif(out) == (5, (480, round(480 * height / width)), [1000] * 4 + [4000], 0)
    slow = tmp_path / "slow.gif"
    args = ["--seconds", "2", "--width", "240", "--no-coordinates", "--replay", "-o", str(slow)]
    assert zola("svg", "--fragment", "v1;size=8;moves=d4xe4", *args).returncode == 0
    frames, (w, h), times, _ = _gif(slow)
    assert (frames, w, times) == (2, 240, [2000, 5000]) and h > w  # the caption below


def test_a_gif_of_a_pass_and_a_swap_keeps_a_frame_for_each(tmp_path) -> None:
    pytest.importorskip("PIL")
    pytest.importorskip("cairosvg")
    out = tmp_path / "pass.gif"
    fragment = "v1;size=6;start=6/6/6/6/2b3/r5_r;moves=pass.c2-b1"
    assert zola("svg", "--fragment", fragment, "-o", str(out)).returncode == 0
    assert _gif(out)[0] == 3  # the pass changes no checker, its caption does


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fragment", REPLAYED, "--seconds", "1", "-o", "-"], "--seconds is for a replay"),
        (["--fragment", REPLAYED, "--replay", "--seconds", "0", "-o", "-"], "seconds must be"),
        (["--fragment", REPLAYED, "--replay", "--seconds", "x", "-o", "-"], "seconds must be"),
        (["--fragment", REPLAYED, "--replay", "-o", "x.png"], "a replay is an animated .svg"),
        (["--fragment", REPLAYED, "--replay", "--arrow", "c3xd3", "-o", "-"], "not a replay"),
        (["--fragment", REPLAYED, "--highlight", "c3", "-o", "x.gif"], "not a replay"),
        (["--fragment", "v1;size=6;moves=a1-a2", "--replay", "-o", "-"], "bad game link: move 1"),
        (["--fragment", "v1;size=6;moves=a1-a2", "-o", "x.gif"], "bad game link: move 1"),
        (["nonsense", "--replay", "-o", "-"], "bad position 'nonsense'"),
        (["--fragment", REPLAYED, "-o", "/nonexistent/x.gif"], "cannot write"),
        (["--fragment", REPLAYED, "--replay", "-o", "/nonexistent/x.svg"], "cannot write"),
    ],
)
def test_replay_bad_arguments(args: list[str], message: str) -> None:
    result = zola("svg", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("error", "hint"),
    [
        (ImportError("No module named 'PIL'"), "GIF output needs cairosvg and Pillow: pip install"),
        (OSError('no library called "cairo-2" was found'), "GIF output needs the Cairo library"),
    ],
)
def test_a_gif_without_its_libraries_says_what_to_install(
    monkeypatch, tmp_path, capsys, error, hint
) -> None:
    from zola import cli
    from zola.draw import images

    def missing(name: str) -> None:
        raise error

    monkeypatch.setattr(images.importlib, "import_module", missing)
    out = tmp_path / "x.gif"
    assert cli.main(["svg", "--fragment", REPLAYED, "-o", str(out)]) == 2
    printed = capsys.readouterr()
    assert printed.err.count("\n") == 1 and hint in printed.err and printed.out == ""
    assert not out.exists()
