"""The page's MicroPython (1.28, WebAssembly, run by Node) and CPython agree on ``zola``.

Each test is one Node job (``tests/micropython/run.mjs``): it sends the modules the
page loads (all of ``zola/`` but the search and the CLI) and
``tests/micropython/harness.py``, calls a harness function on inputs made here on
CPython, and compares the result with CPython's. Without ``node`` or the npm package
the tests skip, or fail when ``CI`` is set.
"""

from __future__ import annotations

import base64
import json
import os
import random
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from scripts.mpy import IMAGE, modules
from tests.micropython import harness
from tests.strategies import random_board
from tests.test_record import random_tree
from zola import BLUE, RED, SIZES, Game, Move, Position
from zola.lang.i18n import LANGUAGES
from zola.page.app import App
from zola.page.saved import MemoryStore
from zola.page.screen import PuzzleScreen
from zola.rules import errors, link
from zola.rules.geometry import geometry, square_name
from zola.rules.record import MAX_NESTING

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "micropython" / "run.mjs"
MICROPYTHON = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
VIEW_WORDS = {word for word, _, _ in link.WORDS}
# The zola modules the page and the live boards of a docs page load, as the page gets them:
# compiled in one image (web/zola.rom, from scripts/mpy.py; test_site checks it is fresh),
# mounted by web/rom.py.
PAGE_MODULES = [  # as dotted names: zola.page.app, zola.page (a package's __init__)
    "zola." + name.removesuffix("/__init__").replace("/", ".")
    for name in modules()
    if name != "__init__"
]

Run = Callable[[str, object], object]


def _need(what: str, hint: str) -> None:
    """Fail in CI (a missing prerequisite is a broken setup), skip elsewhere."""
    message = f"{what} is missing: {hint} (or run scripts/test, which sets everything up)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def micropython() -> Run:
    """``run(function, payload)``: ``harness.<function>(payload)`` on MicroPython."""
    if shutil.which("node") is None:
        _need("node", "install Node.js")
    if not MICROPYTHON.is_file():
        _need(str(MICROPYTHON.relative_to(ROOT)), "npm ci")
    # What the page loads: the modules' bytecode image, and the code that mounts it.
    binary = {"zola.rom": base64.b64encode((ROOT / IMAGE).read_bytes()).decode()}
    files: dict[str, str] = {}
    files["zola_rom.py"] = (ROOT / "web" / "rom.py").read_text("utf-8")
    files["harness.py"] = Path(harness.__file__).read_text("utf-8")

    def run(function: str, payload: object) -> object:
        code = (
            "import zola_rom, json, harness\n"
            f"print(json.dumps(harness.{function}(json.load(open('/payload.json')))))"
        )
        files_now = {**files, "payload.json": json.dumps(payload)}
        job = {"files": files_now, "binary": binary, "code": code}
        done = subprocess.run(
            ["node", str(RUNNER)],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        if done.returncode != 0:
            pytest.fail(f"harness.{function} failed on MicroPython:\n{done.stderr}", pytrace=False)
        return json.loads(done.stdout)

    return run


def _short(value: object, limit: int = 300) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _difference(on_micropython: object, on_cpython: object) -> str:
    """The two results side by side; for two strings, around their first difference."""
    if isinstance(on_micropython, str) and isinstance(on_cpython, str):
        pairs = enumerate(zip(on_micropython, on_cpython, strict=False))
        end = min(len(on_micropython), len(on_cpython))
        at = next((i for i, (a, b) in pairs if a != b), end)
        around = slice(max(0, at - 40), at + 80)
        return (
            f"  at character {at}:\n  MicroPython {on_micropython[around]!r}\n"
            f"  CPython     {on_cpython[around]!r}"
        )
    return f"  MicroPython {_short(on_micropython)}\n  CPython     {_short(on_cpython)}"


class Disagreement(AssertionError):
    """MicroPython and CPython gave different results for the same input."""


def assert_agree(inputs: Sequence, on_micropython: object, on_cpython: Sequence) -> None:
    """Raise :class:`Disagreement` naming the first inputs whose results differ."""
    __tracebackhide__ = True
    assert isinstance(on_micropython, list)
    assert len(on_micropython) == len(on_cpython) == len(inputs)
    differ = [
        f"input {_short(given)}:\n{_difference(mine, theirs)}"
        for given, mine, theirs in zip(inputs, on_micropython, on_cpython, strict=True)
        if mine != theirs
    ]
    if differ:
        shown = "\n".join(differ[:5])
        raise Disagreement(f"{len(differ)} of {len(inputs)} results differ:\n{shown}")


# ---------------------------------------------------------------------------- inputs


def random_game(rng: random.Random, size: int, start: Position | None = None) -> Game:
    """A game of random moves (the pie rule's swap often taken), viewed at some ply."""
    game = Game(size, start)
    length = rng.randrange(250)
    while game.ply < length and (moves := game.legal_moves()):
        game.play(Move.SWAP if game.can_swap() and rng.random() < 0.5 else rng.choice(moves))
    if rng.random() < 0.3:
        game.go_to(rng.randint(0, game.ply))
    return game


def board(rng: random.Random, size: int) -> Position:
    """A random board, from nearly empty to half full, either side to move."""
    density = rng.choice((0.03, 0.1, 0.3, 0.6))
    red_share = rng.choice((0.1, 0.5, 0.9))
    return random_board(rng, size, density, red_share, rng.choice((RED, BLUE)))


def after_random_moves(rng: random.Random, size: int, plies: int) -> str:
    """The text of the position ``plies`` random moves after the start (a game in progress)."""
    position = Position.start(size)
    for _ in range(plies):
        position.push(rng.choice(position.legal_moves()))
    return str(position)


def random_positions(per_size: int = 300) -> list[str]:
    """Position texts of every size: half from random games, half random boards."""
    rng = random.Random(2028)
    texts = []
    for size in SIZES:
        from_games: list[str] = []
        while len(from_games) < per_size // 2:
            position = Position.start(size)
            while moves := position.legal_moves():
                if rng.random() < 0.1:
                    from_games.append(str(position))
                position.push(rng.choice(moves))
            from_games.append(str(position))  # a finished game
        texts += from_games[: per_size // 2]
        texts += [str(board(rng, size)) for _ in range(per_size - per_size // 2)]
    return texts


def random_fragments(count: int = 60) -> list[str]:
    """Links of random games, a quarter from other start positions, with random view words."""
    rng = random.Random(1)
    fragments = []
    for i in range(count):
        size = SIZES[i % len(SIZES)]
        start = None
        if i % 4 == 3:
            start = board(rng, size) if i % 8 == 3 else random_game(rng, size).position
        view = link.DEFAULT_VIEW.replace(
            **{name: value for _, name, value in link.WORDS if rng.random() < 0.3}
        )
        fragments.append(link.unparse(random_game(rng, size, start), view))
    return fragments


# What the page gets wrong at once: malformed text, illegal moves, hostile links.
BAD_SQUARES = [
    *("k3", "a0", "a11", "a01", "", "c", "c33", "A1", " c3", "c3 ", "a-1", "a+1", "j10x"),
    *("c'3", 'c"3', "a\\1", "\x00", "\t", "x" * 8000),
]
BAD_MOVES = [
    *("c3+d4", "c3-c3", "c3xc3", "c3-", "-d4", "c3-d4-e5", "c3xd4xe5", "c3x", "PASS"),
    *("Swap", "", "pass ", "c3--d4", "k3-d4", "c3-d44", "a0xb1", "j10xj10x", "c3 d4"),
    *("c3-d4\n", "c'3-d4", "x" * 8000),
]
BAD_POSITIONS = [
    *("", " ", "6/6/6 r", "6/6/6/6/6/6", "6/6/6/6/6/6 x", "6/6/6/6/6/6 r b"),
    *("6/6/6/6/6/6  r", "6/6/6/6/6/6 r", "7/6/6/6/6/6 r", "06/6/6/6/6/6 r"),
    *("5/6/6/6/6/6 r", "rrrrrrr/6/6/6/6/6 r", "6/6/6/6/6/6/6 r", "q5/6/6/6/6/6 r"),
    *("6/6/6/6/6/6 R", "r5//6/6/6/6 r", "6/6/6/6/6/r5\tr", "8/8/8/8/8/8/8/r8 b"),
    *("10/10/10/10/10/10/10/10/10/010 r", "10/10/10/10/10/10/10/10/10/r10 r"),
    *("x" * 201, "r" * 200, "x" * 8000, "6/6/2rb2/6/6/6 r" + " " * 185 + "b"),
]
SPARSE = "6/6/2rb2/6/6/6 r"
ILLEGAL_MOVES = [
    *[(SPARSE, move) for move in ("g4-g5", "a1-a2", "d4xc4", "c4-c6", "c4-d4", "c4-c3")],
    *[(SPARSE, move) for move in ("c4xd6", "c4xc6", "c4xa4", "pass", "swap", "c3+d4")],
    ("6/6/2rbr1/6/6/6 r", "c4xe4"),
    ("6/6/2rr2/6/6/6 r", "c4xd4"),
    ("b5/6/2r3/6/6/6 r", "c4xa6"),
    ("6/6/6/6/6/r5 r", "a1-a2"),
    ("brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r", "a1-a2"),
]
ILLEGAL_PLAYS = [
    ("v1;size=6", "swap"),
    ("v1;size=6;moves=c3xd3.swap", "swap"),
    ("v1;size=6;moves=c3xd3", "pass"),
    ("v1;size=8;moves=d4xe4;ply=0", "e4xd4"),
    ("v1;size=6;start=6/6/2rb2/6/6/6_r", "swap"),
]
BAD_FRAGMENTS = [  # bad both as a record and as a link
    *(
        "v3",
        "V1",
        "v2;ply=1",
        "v2;moves=c3xd3(",
        "v2;moves=c3xd3(c3xd3)",
        "v1;",
        "v1;size=7",
        "v1;size=",
        "v1;size=06",
        "v1;size=6;size=6",
    ),
    *("v1;size=6;foo=1", "v1;size=6;moves=a1-a2", "v1;size=6;moves=c3xd3..c4xd3"),
    *("v1;size=6;moves=c3xd3.swap.swap", "v1;size=6;moves=swap", "v1;size=6;ply=2"),
    *("v1;size=6;moves=c3xd3;ply=2", "v1;size=6;ply=-1", "v1;size=6;ply=", "v1;size=6;ply=+0"),
    *("v1;size=6;ply=" + "0" * 4301, "v1;size=6;ply=" + "9" * 4301),
    *("v1;size=8;start=6/6/2rb2/6/6/6_r", "v1;size=6;start=bad", "v1;size=6;start=6/6/6/6/6/6_r"),
    *("v1;size=6;start=6/6/2rb2/6/6/6_r%00", "v1;size=6;start=6/6/2rb2/6/6/6_r" + "_" * 7000),
    *("%E2%82%AC", "%C3%A9", "v1;size=6%253Bply=0", "%", "%4", "%zz", "v1%3", "v1;size=6;ply=١"),
    *("v1;size=6;moves=c3xd3%2Eswap%2E", "v1;size=6;moves=c3xd3;ply=٠"),
    "v1;size=6;moves=" + ".".join(["c3xd3"] + ["a1-a2"] * 1330),
    *("x" * 8000, "x" * 8001, "#" + "x" * 8000, "v1;" * 2666, "%41" * 2666),
]
BAD_INPUT = [
    *[("square", [text, 10]) for text in BAD_SQUARES],
    *[("square", [text, size]) for text, size in (("g1", 6), ("a7", 6), ("i9", 8), ("j10", 8))],
    *[("move", [text]) for text in BAD_MOVES],
    *[("position", [text]) for text in BAD_POSITIONS],
    *[("push", [position, move]) for position, move in ILLEGAL_MOVES],
    *[("play", [fragment, move]) for fragment, move in ILLEGAL_PLAYS],
    *[("decode", [text]) for text in ("", "#", "embed", "embed;v1;size=6", *BAD_FRAGMENTS)],
    *[("link", [text]) for text in ("v1;size=6;embed;bogus", "dark;" + "x" * 7995, *BAD_FRAGMENTS)],
]
# Bad input whose message quotes non-ASCII text.
NON_ASCII_QUOTED = [
    *[("square", [text, 10]) for text in ("a１", "c٣", "é")],
    *[("move", [text]) for text in ("c٣-d4", "c3−d4", "ｐａｓｓ", "é" * 8)],
    *[("position", [text]) for text in ("６/6/6/6/6/6 r", "6/6/6/6/6/٦ r", "6/6/6/6/6/6 ｒ")],
    *[("decode", [text]) for text in ("v1;size=٦", "v1;size=6;moves=c٣xd3", "v1;size=6;ü=1")],
    ("link", ["v1;size=6;émbed"]),
]
# A position framed by whitespace that CPython's str.strip() removes and MicroPython's keeps.
UNICODE_WHITESPACE = [
    *[("position", [f"{c}6/6/2rb2/6/6/6 r{c}"]) for c in "\x1c\x1f\x85\xa0\u2000\u3000"],
    *[("decode", [f"v1;size=6;start={c}6/6/2rb2/6/6/6_r"]) for c in ("%1C", "%1F")],
    ("link", ["v1;size=6;start=6/6/2rb2/6/6/6_r%1E;embed"]),
]


# ----------------------------------------------------------------------------- tests


def test_the_page_modules_import_on_micropython_1_28(micropython: Run) -> None:
    modules = PAGE_MODULES
    assert {"zola.page.app", "zola.draw.svg", "zola.rules.link"} <= set(modules)
    runtime = micropython("runtime", modules)
    loaded = sorted(modules)
    assert runtime == ["micropython", [1, 28], loaded, "/rom/zola/__init__.mpy"]


def test_each_language_loads_when_first_spoken_and_says_the_same(micropython: Run) -> None:
    summary = {
        "player": ["color.red"],
        "inaccuracies": ["count.inaccuracies", 1],
        "mistakes": ["count.mistakes", 2],
        "blunders": ["count.blunders", 0],
        "loss": "4.5",
    }
    cases = [[language, "review.summary", summary] for language in LANGUAGES]
    cases += [["fr", "count.moves", {"count": n}] for n in (0, 1, 2)]
    cases.append(["nl", "status.turn", {"color": ["color.blue"]}])
    before, said, after = micropython("sayings", cases)
    assert said == harness.sayings(cases)[1]
    assert before == [] and after == [f"zola.lang.{code}" for code in LANGUAGES if code != "en"]
    assert said[0] == "Red: 1 inaccuracy, 2 mistakes, 0 blunders; average loss 4.5%"
    assert said[LANGUAGES.index("fr")].startswith("Rouge : 1 imprécision, 2 erreurs")
    assert said[-4:] == ["0 coup", "1 coup", "2 coups", "Blauw is aan zet."]


def test_perft_of_the_start_positions(micropython: Run) -> None:
    cases = [[6, 3], [8, 2], [10, 2]]
    assert micropython("perfts", cases) == harness.perfts(cases) == [46472, 4096, 10000]


@pytest.mark.slow
def test_legal_moves_of_random_positions(micropython: Run) -> None:
    texts = random_positions()
    expected = []
    for text in texts:
        moves = sorted(str(m) for m in Position.parse(text).legal_moves())
        expected.append([text, moves, len(moves)])
    every_move = [move for _, moves, _ in expected for move in moves]
    assert [] in [moves for _, moves, _ in expected], "no finished game in the sample"
    assert ["pass"] in [moves for _, moves, _ in expected], "no forced pass in the sample"
    assert any("x" in move for move in every_move) and any("-" in move for move in every_move)
    assert_agree(texts, micropython("legal_moves", texts), expected)


def _words_first(fragment: str) -> str:
    """``fragment`` with its view words reversed and put before the game's fields."""
    fields = fragment.split(";")
    words = [field for field in fields if field in VIEW_WORDS]
    return ";".join(words[::-1] + [field for field in fields if field not in VIEW_WORDS])


@pytest.mark.slow
def test_text_formats_and_links_round_trip(micropython: Run) -> None:
    canonical = random_fragments()
    fragments = [
        *canonical,
        *("#" + fragment for fragment in canonical[:10]),
        *(fragment.replace(";", "%3B") for fragment in canonical[10:20]),
        *(_words_first(fragment) for fragment in canonical[20:30]),
        *("", "v1", "embed;dark", "#v1;size=10", "v1;size=6;moves=c3xd3;flip;flip;embed"),
        "v1;size=10;embed;panel;static;flip;shade;nocoords;nohints;dark;nolink",
        "v1;size=8;moves=d4xe4;embed;origin=https://docs.example.org:8443",
        *(  # variations, notes with non-ASCII comments, the move looked at
            link.unparse(random_tree(random.Random(seed), SIZES[seed % 3], seed * 3, seed % 5))
            for seed in range(20)
        ),
    ]
    squares = geometry(10).squares
    moves = ["pass", "swap"]
    moves += [str(Move.step(a, b)) for a in squares[::7] for b in squares if a != b]
    moves += [str(Move.capture(a, b)) for a in squares[3::7] for b in squares if a != b]
    payload = {"fragments": fragments, "moves": moves}

    on_cpython = harness.formats(payload)
    assert [game[0] for game in on_cpython["games"][: len(canonical)]] == canonical
    words = ("embed", "dark", "start=", "swap", "ply=", "v2;", "(", "at=", "notes=", "~c3")
    missing = [w for w in words if w not in str(fragments)]
    assert not missing, f"no link in the sample has {missing}"
    on_micropython = micropython("formats", payload)
    assert isinstance(on_micropython, dict)
    assert_agree(fragments, on_micropython["games"], on_cpython["games"])
    assert_agree(moves, on_micropython["moves"], on_cpython["moves"])


def _is_zola_error(name: str) -> bool:
    error = getattr(errors, name, None)
    return isinstance(error, type) and issubclass(error, errors.ZolaError)


def test_bad_input_raises_the_same_typed_errors(micropython: Run) -> None:
    on_cpython = harness.outcomes(BAD_INPUT)
    pairs = zip(BAD_INPUT, on_cpython, strict=True)
    not_errors = [(case, out) for case, out in pairs if not _is_zola_error(out[0])]
    assert not not_errors, f"not a ZolaError on CPython: {_short(not_errors, 2000)}"
    assert_agree(BAD_INPUT, micropython("outcomes", BAD_INPUT), on_cpython)


def test_errors_quoting_non_ascii_text_read_the_same(micropython: Run) -> None:
    on_cpython = harness.outcomes(NON_ASCII_QUOTED)
    assert all(_is_zola_error(name) for name, _ in on_cpython)
    assert_agree(NON_ASCII_QUOTED, micropython("outcomes", NON_ASCII_QUOTED), on_cpython)


def test_positions_framed_by_unicode_whitespace_parse_the_same(micropython: Run) -> None:
    on_cpython = harness.outcomes(UNICODE_WHITESPACE)
    assert_agree(UNICODE_WHITESPACE, micropython("outcomes", UNICODE_WHITESPACE), on_cpython)


@pytest.mark.slow
def test_svg_documents_are_byte_for_byte_the_same(micropython: Run) -> None:
    rng = random.Random(3)
    mid6, mid8, mid10 = (after_random_moves(rng, size, 2 * size) for size in SIZES)
    start8, start10 = str(Position.start(8)), str(Position.start(10))
    c4_moves = [str(m) for m in Position.parse(SPARSE).legal_moves()]
    all_moves8 = [str(m) for m in Position.parse(mid8).legal_moves()]
    names = [square_name(sq) for sq in geometry(10).squares]
    every_arrow = [f"e5x{name}" for name in names if name != "e5"]
    cases = [
        [str(Position.start(6)), {}],
        [start8, {"flip": True}],
        [start10, {"shading": True, "coordinates": False}],
        [mid6, {"shading": True, "theme": "dark"}],
        [mid6, {"shading": True, "theme": "dark", "palette": "contrast"}],
        [mid8, {"last_move": "pass", "theme": "light", "palette": "slate"}],
        [mid8, {"shading": True, "flip": True, "hints": all_moves8, "last_move": "pass"}],
        [mid10, {"focus": "e5", "language": "de", "shading": True}],
        [start10, {"arrows": every_arrow, "theme": "dark", "flip": True}],
        [
            SPARSE,
            {
                "selected": "c4",
                "hints": c4_moves,
                "last_move": "c3xd4",
                "highlight": ["a1", "f6"],
                "arrows": ["c4xd4", "a1xf6", "b1xc3", "a1-a2", "f6xe4"],
            },
        ],
        [SPARSE, {"last_move": "c3-c4", "focus": "a1", "theme": "light", "language": "en"}],
        [
            "6/6/6/6/2b3/r5 r",
            {"hints": ["pass"], "theme": "dark", "language": "de", "coordinates": False},
        ],
    ]
    assert all(not Position.parse(text).is_game_over() for text in (mid6, mid8, mid10))
    on_cpython = harness.svgs(cases)
    assert len(set(on_cpython)) == len(cases), "two option sets drew the same document"
    assert_agree(cases, micropython("svgs", cases), on_cpython)


PAGE_SESSIONS = [
    # Stored values that once stopped the page: deep nesting, wrong types, a bad game.
    [
        "",
        False,
        [["click", ["c3"]]],
        [{"zola-recent": "[" * 2000 + "]" * 2000}, {}],
    ],
    [
        "#v1;size=6;moves=c3xd3",
        False,
        [],
        [{}, {"zola-tab": json.dumps({"tab": "t", "entry": None, "fragment": "x", "mode": []})}],
    ],
    [
        "",
        False,
        [],
        [{"zola-recent": json.dumps([{"id": "g1", "fragment": "v1;size=6;moves=a1-a2",
          "mode": "humans", "size": 6, "moves": 1, "updated": 1.0, "tab": ""}])}, {}],
    ],
    # Against the computer: a move, its answer through the pie rule, a hint, history keys.
    [
        "",
        False,
        [
            ["use_move_box", [True]],
            ["click", ["c3"]],
            ["click", ["d3"]],
            ["computer_ready", []],
            ["answer", ["swap"]],
            ["button", ["hint"]],
            ["answer", ["c4xd3"]],
            ["history_key", ["ArrowLeft"]],
            ["history_key", ["End"]],
            ["button", ["flip"]],
            ["board_key", ["ArrowUp"]],
            ["board_key", ["Enter"]],
            ["choose", ["language", "de"]],
            ["click", ["b1"]],
            ["choose", ["size", "8"]],
            ["button", ["new"]],
        ],
    ],
    # Two people on a link: illegal clicks, a forced pass, undo and redo, copy, links.
    [
        "#v1;size=6;start=6/6/6/2b3/6/r5_b;shade",
        False,
        [
            ["click", ["a1"]],
            ["click", ["c3"]],
            ["click", ["c1"]],
            ["click", ["c2"]],
            ["button", ["undo"]],
            ["button", ["redo"]],
            ["button", ["copy-position"]],
            ["copied", [False, "#copied"]],
            ["open_link", ["#v1;size=8;moves=d4xe4.d5xe4;ply=1;dark;nocoords"]],
            ["open_link", ["#v1;size=6;ply=" + "9" * 5000]],
            ["button", ["shading"]],
        ],
    ],
    # An embed: moves posted to the host, the host's games, a failing computer is never asked.
    [
        "#v1;size=10;moves=e5xf5;embed;panel;nohints;origin=https://host.example",
        True,
        [
            ["click", ["e6"]],
            ["click", ["f5"]],
            ["host_message", ["zola:load", "v1;size=6;moves=c3xd3", True, "https://host.example"]],
            ["host_message", ["zola:load", "v1;size=8", True, "https://evil.example"]],
            ["host_message", ["zola:load", "<b>bad</b>", True, "https://host.example"]],
            ["choose", ["mode", "computers"]],
        ],
    ],
    # The computer failing, then a retry; German from the browser.
    [
        "#lang=de",
        False,
        [
            ["choose", ["mode", "computer-first"]],
            ["computer_failed", [1, "Traceback...\nRuntimeError: the engine broke"]],
            ["button", ["retry"]],
            ["answer", ["a1-a2"]],
            ["button", ["retry"]],
            ["answer", ["c3xd3"]],
        ],
    ],
    # German from the browser: what is wrong with a link, a square, a move or a position text.
    [
        "#lang=de",
        False,
        [
            ["open_link", ["#v1;size=6;moves=c3xd3.a1-a2"]],
            ["open_link", ["#v2;size=6;moves=c3xd3;notes=1:ak1-a1;review=50_50.3?c3-c3"]],
            ["open_link", ["#v2;size=6;moves=c3xd3;review=50_101"]],
            ["choose", ["mode", "humans"]],
            ["click", ["c3"]],
            ["click", ["b3"]],
            ["click", ["z9"]],
            ["button", ["edit"]],
            ["position_text", ["6/6/6 r"]],
            ["position_text", ["6/6/6/6/6/6 r"]],
            ["position_text", ["6/6/6/6/6/5q r"]],
            ["click", ["g1"]],
        ],
    ],
]


def _at_the_links_limits() -> list[list]:
    """A session that writes long comments in two scripts, then nests variations deeper
    than a link carries: the page refuses what would not read back."""
    game, events = Game(6), []
    for number in range(8):
        move = game.legal_moves()[0]
        game.play(move)
        while game.legal_moves() == [Move.PASS]:
            game.play(Move.PASS)
        events += [["click", [square_name(move[0])]], ["click", [square_name(move[1])]]]
        events.append(["set_comment", [("中文" if number % 2 else "é") * 280]])
    app = App()
    app.start("#v1;size=8")
    nested = []
    for _ in range(MAX_NESTING + 3):  # a move, back, another move: one variation deeper
        first = [m for m in app.game.legal_moves() if m.from_square >= 0][0]
        app.board.play(first)
        app.undo()
        other = [m for m in app.game.legal_moves() if m.from_square >= 0 and m != first][-1]
        for move in (first, other):
            nested += [["click", [square_name(move[0])]], ["click", [square_name(move[1])]]]
        nested.insert(len(nested) - 2, ["button", ["undo"]])
        if not app.board.play(other):
            break
    return [["#v1;size=6", False, events], ["#v1;size=8", False, nested]]


LIMIT_SESSIONS = _at_the_links_limits()


@pytest.mark.slow
def test_the_page_state_is_the_same(micropython: Run) -> None:
    on_cpython = harness.pages(PAGE_SESSIONS)
    screens = [screen for session in on_cpython for screen in session]
    assert len({json.dumps(screen) for screen in screens}) > 30  # the sessions do things
    assert any(screen[-1] is not None for screen in screens)  # the computer was asked
    assert any(screen[12] for screen in screens)  # an embed posted its moves
    assert any(screen[-2] is not None for screen in screens)  # a move slid
    german = [screen[4] for screen in on_cpython[-1]]  # the last session's messages
    assert german[0].startswith("Dieser Link enthält kein gültiges Spiel (der Link muss mit")
    assert "Zug 2: a1-a2 ist nicht erlaubt: nicht dein Stein" in german[1]
    assert "Notizen 1: ungültiger Zug 'k1-a1': ungültiges Feld 'k1'" in german[2]
    assert german[6].startswith("c3xb3 ist nicht erlaubt: ein Schlag darf sich nicht vom")
    assert german[9].startswith("ungültige Stellung '6/6/6 r': 6, 8 oder 10 Reihen erwartet")
    english = ("must", "bad ", "not legal", "expected", "move ")
    assert not any(word in text for text in german for word in english)
    assert_agree(PAGE_SESSIONS, micropython("pages", PAGE_SESSIONS), on_cpython)


@pytest.mark.slow
def test_the_page_refuses_the_same_steps_at_the_links_limits(micropython: Run) -> None:
    on_cpython = harness.links(LIMIT_SESSIONS)
    notices = {notice.split(":")[0] for session in on_cpython for _, notice in session}
    assert "Not done" in notices  # both sessions reach a limit
    for session in on_cpython:
        for fragment, _ in session:
            link.parse(fragment)  # everything the page wrote reads back
    assert_agree(LIMIT_SESSIONS, micropython("links", LIMIT_SESSIONS), on_cpython)


def test_reviews_read_the_same(micropython: Run) -> None:
    """``zola.engine.judgement`` (the page's side of the game review) gives the same results
    and bytes."""
    from zola import FIRST, SECOND
    from zola.engine.judgement import MATE
    from zola.rules.review import Review, Reviewed, review_text

    rng = random.Random(5)
    scores = [*range(-3000, 3001, 7), *(MATE - k for k in range(5)), *(k - MATE for k in range(5))]
    marks = ["best", "good", "inaccuracy", "mistake", "blunder", "forced"]
    moves = ["c3xd3", "pass", "swap", "j10-i9", "a1xb2", "e5-f6"]
    texts = []
    for count in (0, 1, 2, 7, 30, 120):
        entries = []
        for _ in range(count):
            mark = rng.choice(marks)
            loss = 0 if mark in ("best", "forced") else rng.randint(1, 100)
            better = Move.parse(rng.choice(moves)) if mark not in marks[:2] + marks[5:] else None
            entries.append(Reviewed(rng.randint(0, 100), loss, mark, better))
        review = Review(rng.randint(0, 100), tuple(entries))
        players = [rng.choice((FIRST, SECOND)) for _ in entries]
        texts.append([review_text(review), players])
    bad = ["", "_", "50_", "101", "50_50.0", "50_05", "50_50?c3xd3", "50_50.9?!", "50_50.9?!z9-a1"]
    bad += ["50_50.9f", "50_50.9??c3xd3x", "50_50 ", "50_50.9!c3-d4", "x" * 9000, "50_50.9??pas"]
    texts += [[text, None] for text in bad]
    analyses = ["35 4 20013 0|35 c3xd3 d4xd3|-12 e5-f6", "-100000 0 0 1", "0 1 9 0|0 pass c3-d4"]
    analyses += [
        "",
        "1 2 3",
        "1 2 3 2",
        "-0 1 1 0",
        "01 1 1 0",
        "1 1 1 0|",
        "1 1 1 0|5",
        "1 1 1 0|5 c9",
    ]
    analyses += ["100001 1 1 0", "1 1 1 0|1 c3xd3  d4xd3", "1 1 1 0||1 c3xd3", "1 1 -1 0"]
    graphs = [
        [texts[0][0], 600, 120, None, [], "en"],
        [texts[3][0], 300, 80, 3, ["c3xd3", "swap", "c4xd3"], "en"],
        [texts[5][0], 999, 101, 120, None, "de"],
        [texts[4][0], 10, 10, 0, None, "fr"],
        [texts[3][0], 300, 80, 3, ["c3xd3", "swap", "c4xd3", "c4-d5"], "it"],
    ]
    payload = {
        "scores": scores,
        "losses": list(range(-2, 102)),
        "texts": texts,
        "analyses": analyses,
        "graphs": graphs,
    }
    on_cpython = harness.reviews(payload)
    assert [out[0] for out in on_cpython["texts"]].count("ok") == 6
    assert {out[0] for out in on_cpython["analyses"]} == {"ok", "InvalidAnalysisError"}
    on_micropython = micropython("reviews", payload)
    assert isinstance(on_micropython, dict)
    for name, key in [("losses", "marks")] + [(key, key) for key in payload if key != "losses"]:
        assert_agree(payload[name], on_micropython[key], on_cpython[key])


@pytest.mark.slow
def test_replays_are_the_same(micropython: Run) -> None:
    """``zola.draw.replay`` (the page's replay download) writes the same bytes on both Pythons."""
    rng = random.Random(8)
    full = Game(10)
    while moves := full.legal_moves():
        full.play(Move.SWAP if full.can_swap() else rng.choice(moves))
    trees = [
        link.unparse(random_tree(random.Random(seed), SIZES[seed % 3], 12, 3)) for seed in (2, 7)
    ]
    cases = [
        ["v1;size=6;moves=c3xd3.swap.c4xd3", {"frames": True}],
        ["v1;size=6;start=6/6/6/6/2b3/r5_r;moves=pass.c2-b1", {"frames": True, "language": "de"}],
        [link.unparse(full), {"seconds_per_move": 0.25, "flip": True, "theme": "dark"}],
        [link.unparse(full), {"seconds_per_move": 1 / 3, "shading": True, "coordinates": False}],
        ["v1;size=8", {"seconds_per_move": 0.001}],
        ["v1;size=6;start=6/6/6/6/6/r5_b", {"seconds_per_move": 2.5, "language": "de"}],
        *[[fragment, {}] for fragment in trees],
        *[[fragment, {"notes": False, "language": "de"}] for fragment in trees],
        *[[fragment, {}] for fragment in random_fragments(12)],
    ]
    on_cpython = harness.replays(cases)
    assert full.is_game_over() and full.swapped() and len(full.moves) > 100
    assert all('class="note"' in on_cpython[i][0] for i in (6, 7))  # the notes are drawn
    assert all('class="note"' not in on_cpython[i][0] for i in (8, 9))
    assert len({animated for animated, _ in on_cpython}) == len(cases)
    assert_agree(cases, micropython("replays", cases), on_cpython)


def test_the_opening_book_answers_the_same(micropython: Run) -> None:
    """``zola.engine.book`` (the computer's first answers on the page) chooses the same moves."""
    rng = random.Random(5)
    cases: list[list] = []
    for size in SIZES:
        first = [str(move) for move in Game(size).legal_moves()]
        for level in ("beginner", "casual", "strong", "max"):
            cases.append([size, [], level, rng.random()])
            for moves in ([rng.choice(first)], [rng.choice(first), "swap"]):
                cases.append([size, moves, level, rng.random()])
    cases.append([6, ["c3xd3", "c4xd3"], "casual", 0.5])  # past the book
    on_cpython = harness.book_moves(cases)
    assert on_cpython[-1] == "None" and "None" not in on_cpython[:-1]
    assert_agree(cases, micropython("book_moves", cases), on_cpython)


def _puzzle_sessions() -> list[list]:
    """Puzzle mode: a puzzle link solved; the next puzzle tried wrong, retried, hinted
    and shown; the daily puzzle; a bad record kept aside; German."""
    from zola.puzzles.sets import load

    sixes = load(6)
    text6 = (ROOT / "zola" / "data" / "puzzles-6.txt").read_text()
    text8 = (ROOT / "zola" / "data" / "puzzles-8.txt").read_text()
    text10 = (ROOT / "zola" / "data" / "puzzles-10.txt").read_text()
    first = sixes[0]
    solve = []
    for index in range(0, len(first.line), 2):
        move = Move.parse(first.line[index])
        if move.from_square >= 0:
            solve += [["click", [square_name(move[0])]], ["click", [square_name(move[1])]]]
    nearest = min(sixes, key=lambda p: (abs(p.rating - 1500), p.id))  # the next for a newcomer
    wrong_move = Move.parse(sorted(nearest.refutations[0])[0])
    tries = [
        ["button", ["puzzles"]],
        ["take_file", ["puzzles-6.txt", text6]],
        ["click", [square_name(wrong_move[0])]],
        ["click", [square_name(wrong_move[1])]],
        ["click", ["a1"]],
        ["button", ["puzzle-retry"]],
        ["button", ["puzzle-hint"]],
        ["button", ["puzzle-solution"]],
        ["button", ["puzzle-solution"]],
        ["button", ["puzzle-next"]],
        ["choose", ["puzzle-size", "8"]],
        ["button", ["puzzle-next"]],
        ["take_file", ["puzzles-8.txt", text8]],
        ["button", ["puzzle-leave"]],
    ]
    daily = [
        ["button", ["puzzle-daily"]],
        ["take_file", ["puzzles-6.txt", text6]],
        ["take_file", ["puzzles-8.txt", text8]],
        ["take_file", ["puzzles-10.txt", text10]],
        ["button", ["puzzle-hint"]],
    ]
    bad = {"zola-puzzles": '{"rating": "high"}'}
    return [
        [f"#puzzle={first.id}", [["take_file", ["puzzles-6.txt", text6]], *solve], {}],
        ["", tries, {}],
        ["#lang=de", daily, bad],
        ["#puzzle=8-aaaaaa", [["file_failed", ["puzzles-8.txt", "404"]]], {}],
        _streak_session(first.id, text6, text8),
    ]


def _streak_session(first: str, text6: str, text8: str) -> list:
    """A streak: a puzzle solved (a hint refused on the way), a wrong move ending it, a new
    streak on 8x8, stopped; then a puzzle of the history reopened by its link. The moves
    to click are found by playing the session here first (the streak's puzzles come from
    the page's clock, which both Pythons' sessions read alike)."""
    fragment = f"#puzzle={first}"
    stored = {"zola-puzzles": json.dumps({
        "rating": 1500, "deviation": 350, "volatility": 0.06, "solved": 0, "failed": 0,
        "streak": 0, "best": 0, "done": {}, "streak_best": 2, "history": [[first, 650, False]],
    })}
    events: list[list] = []
    app = App(local=MemoryStore(dict(stored)), session=MemoryStore(), now=harness._Clock())
    app.start(fragment)  # as harness.puzzle_sessions does

    def replay(new: list[list]) -> None:
        for name, args in new:
            getattr(app, name)(*args)
            app.screen()
        events.extend(new)

    def clicks(text: str) -> list[list]:
        move = Move.parse(text)
        return [["click", [square_name(move[0])]], ["click", [square_name(move[1])]]]

    replay([["take_file", ["puzzles-6.txt", text6]], ["button", ["puzzle-streak"]]])
    trainer = app.puzzles.trainer
    replay(clicks(trainer.puzzle.line[0]) + [["button", ["puzzle-hint"]]])
    while trainer.state == "solving":
        replay(clicks(trainer.puzzle.line[len(trainer.board.game.moves)]))
    replay([["button", ["puzzle-continue"]]])
    while not app.puzzles.trainer.puzzle.refutations[0]:  # a puzzle a wrong move fails
        trainer = app.puzzles.trainer
        while trainer.state == "solving":
            replay(clicks(trainer.puzzle.line[len(trainer.board.game.moves)]))
        replay([["button", ["puzzle-continue"]]])
    replay(clicks(sorted(app.puzzles.trainer.puzzle.refutations[0])[0]))
    replay([
        ["button", ["puzzle-new-streak"]],
        ["choose", ["puzzle-size", "8"]],
        ["take_file", ["puzzles-8.txt", text8]],
        ["button", ["puzzle-stop"]],
    ])
    oldest = app.screen().puzzle.history[-1].id
    replay([["open_link", ["#puzzle=" + oldest]], ["choose", ["language", "fr"]]])
    return [fragment, events, stored]


@pytest.mark.slow
def test_puzzle_mode_is_the_same(micropython: Run) -> None:
    sessions = _puzzle_sessions()
    on_cpython = harness.puzzle_sessions(sessions)
    solved, tried, daily, failed, _ = on_cpython
    link, message, _, puzzle, fetch = solved[0]  # the set came: the link's puzzle shows
    assert (link, fetch, puzzle[2]) == (sessions[0][0][1:], [], "solving")
    assert " to move and win in " in message
    assert solved[-3][3][2] == "solved" and solved[-3][1].startswith("Solved!")
    assert dict(solved[-2])["solved"] == 1  # the record, kept in the browser
    loading = PuzzleScreen._fields.index("loading")
    assert tried[0][4] == ["puzzles-6.txt"] and tried[0][3][loading] is True  # asked for, loading
    states = [step[3][2] for step in tried[1:-3]]
    assert states[:4] == ["solving", "solving", "wrong", "wrong"] and "shown" in states
    assert tried[3][1].startswith("Not ") and tried[4][1].startswith("Press Try again")
    assert not tried[-3][0].startswith("puzzle=") and tried[-3][3] is None  # back to playing
    assert dict(tried[-2])["failed"] == 1
    assert daily[3][3][0].startswith("Aufgabe des Tages, 2027-01-15")  # German, the 3 sets here
    assert " am Zug gewinnt in " in daily[3][1] and daily[3][1].endswith(" Zügen.")
    assert [key.rsplit("-", 1)[0] for key in daily[-1]] == ["zola-unreadable"]  # kept aside
    assert failed[0][0] == "puzzle=8-aaaaaa" and "404" in failed[0][3][0]
    streak = on_cpython[4]
    fields = PuzzleScreen._fields
    states = [step[3][fields.index("streak")] for step in streak[:-2]]
    assert states[1] == "on" and "over" in states
    assert states[-6:] == ["on"] * 3 + [""] * 3  # a new streak (on 8x8 once its set is here)
    assert streak[1][3][fields.index("record")].startswith("Puzzle streak: 0 puzzles")
    assert streak[2][3][fields.index("can_hint")] is False
    over = states.index("over")
    assert streak[over][3][fields.index("record")].startswith("Streak over: ")
    assert streak[-3][3][fields.index("heading")].startswith("Problème ")  # French
    history = streak[-3][3][fields.index("history")]
    assert history[-1][0] == sessions[4][0][len("#puzzle="):] and history[-1][4] is True
    assert dict(streak[-2])["streak_best"] >= 2 and len(dict(streak[-2])["history"]) >= 3
    assert_agree(sessions, micropython("puzzle_sessions", sessions), on_cpython)


def test_learning_from_a_reviews_mistakes_is_the_same(micropython: Run) -> None:
    """Learn from your mistakes (``zola.page.lessons``): the move played, another one the
    computer weighs, the best move shown, the next mistake and back to the game, in
    German."""
    from zola.page.lessons import GAME

    def move(text: str) -> list[list]:
        return [["click", [text[:2]]], ["click", [text[3:]]]]

    events = [
        ["choose", ["language", "de"]],
        ["button", ["learn"]],
        *move("a5xb5"),  # the move played: wrong at once
        ["button", ["lesson-retry"]],
        ["computer_ready", []],
        *move("a1xb1"),  # another move: weighed by the computer
        ["answer", ["300 3 900 0|300 b2xc2"]],
        ["button", ["lesson-show"]],
        ["button", ["lesson-next"]],
        *move("f3xf4"),  # the review's better move: found
        ["button", ["lesson-leave"]],
    ]
    sessions = [["#" + GAME, False, events]]
    on_cpython = harness.pages(sessions)
    lessons = [screen[16][1] for screen in on_cpython[0]]  # after each event
    assert lessons[0] is None and on_cpython[0][0][16][0]  # offered, not started
    assert lessons[4][2:4] == [
        "a5xb5 ist der Zug aus der Partie: er verliert 12 %. Versuch es noch einmal.",
        "wrong",
    ]
    assert on_cpython[0][8][-1][0] == "judge" and lessons[8][3] == "checking"
    assert lessons[9][2] == "a1xb1 verliert 48 %: es gibt Besseres. Versuch es noch einmal."
    assert lessons[10][2] == "Der beste Zug: c1xd1." and lessons[13][3] == "solved"
    assert lessons[14] is None and on_cpython[0][14][12][0] == GAME  # the game, unchanged
    assert_agree(sessions, micropython("pages", sessions), on_cpython)
