"""Draw the diagrams of the rules page (docs/rules.html) into docs/figures/, its live
board's first screen into each language's page, and the play page's colours into the
pages' style sheet (docs/rules.css).

    python3 docs/figures.py              # docs/figures/*.svg, docs/rules*.html, rules.css
    python3 docs/figures.py DIRECTORY    # the figures only, somewhere else

Every diagram is drawn by :func:`zola.draw.svg.render` from a zola
:class:`~zola.rules.position.Position`, and every claim its caption makes is checked
against zola's own move generator before anything is written: the exact set
of legal moves, which squares are farther from the centre, which class a
square is in. ``tests/test_docs.py`` runs the same checks and compares the
committed files with a fresh run.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # let the script run from a checkout without installing zola
    sys.path.insert(0, str(ROOT))

from zola.docs.diagrams import Diagram, loader_script  # noqa: E402
from zola.draw.schemes import follow  # noqa: E402
from zola.draw.svg import render  # noqa: E402
from zola.rules.geometry import DIRECTIONS, FILES, parse_square, square, square_name  # noqa: E402
from zola.rules.move import CAPTURE, STEP, Move  # noqa: E402
from zola.rules.position import Position, generate_moves  # noqa: E402
from zola.rules.sides import BLUE, RED  # noqa: E402

DOCS = Path(__file__).resolve().parent
OUT = DOCS / "figures"
# A rules page's live board and its first screen, written between the two comments.
# The drawing's label is the page's own (translated) description, kept from run to run.
LIVE_BOARD = re.compile(
    r'(<div class="live" data-zola="([^"]*)"><!-- first screen: docs/figures.py -->)'
    r"(.*?)(<!-- end of first screen --></div>)",
    re.S,
)
LABEL = re.compile(r'<svg [^>]*?aria-label="([^"]*)"')
LANGUAGE = re.compile(r'<html lang="([a-z]+)">')
# The play page's colours (the custom properties of web/style.css's first :root rule,
# each light and dark), which the rules pages share: a block of docs/rules.css.
STYLE = ROOT / "web" / "style.css"
SHEET = DOCS / "rules.css"
COLOURS = re.compile(r"^:root \{\n(.*?)^\}", re.S | re.M)
COLOURS_BEGIN = "/* BEGIN the play page's colours, from web/style.css by docs/figures.py */"
COLOURS_END = "/* END the play page's colours */"
# Its loader line, as the docs tools write it (async, the links that start its files).
LOADER = re.compile(
    r'<script type="module"(?: async)? src="([^"]*/boards\.js)"></script>(?:<link [^>]*>)*'
)


@dataclass(frozen=True)
class Figure:
    """One diagram: the position it shows, its arrows, and the check of its caption.

    ``moves`` are the moves the caption names, as text; ``check`` raises
    ``AssertionError`` unless the position makes every claim of the caption true.
    """

    name: str
    position: str
    moves: tuple[str, ...]
    check: Callable[[Position], None]
    shading: bool = False
    arrows: bool = True

    def start(self) -> Position:
        return Position.parse(self.position)

    def svg(self) -> str:
        arrows = [Move.parse(text) for text in self.moves] if self.arrows else []
        drawing = render(self.start(), shading=self.shading, arrows=arrows)
        return follow(drawing, self.start().size) + "\n"  # dark on a dark page too


# ----------------------------------------------------------------------- checks


def sq(name: str) -> int:
    return parse_square(name)


def legal(position: Position) -> set[str]:
    """The legal moves of the side to move, as text."""
    return {str(move) for move in position.legal_moves()}


def expect_legal(position: Position, moves: tuple[str, ...]) -> None:
    got = legal(position)
    assert got == set(moves), f"{position}: legal moves are {sorted(got)}, not {sorted(moves)}"


def farther(position: Position, a: str, b: str) -> bool:
    """Whether square ``b`` is strictly farther from the centre than ``a``."""
    return position.geo.dist[sq(b)] > position.geo.dist[sq(a)]


def same_distance(position: Position, a: str, b: str) -> bool:
    return position.geo.dist[sq(b)] == position.geo.dist[sq(a)]


def letter(position: Position, name: str) -> str:
    """The distance class of a square as drawn: ``A`` nearest the centre."""
    return chr(65 + position.geo.classes[sq(name)])


def in_line(position: Position, name: str) -> list[str]:
    """The first occupied square in each of the 8 directions from ``name``."""
    size = position.size
    f0, r0 = FILES.index(name[0]), int(name[1:]) - 1
    seen = []
    for df, dr in DIRECTIONS:
        f, r = f0 + df, r0 + dr
        while 0 <= f < size and 0 <= r < size:
            if position.piece_at(square(f, r)) is not None:
                seen.append(square_name(square(f, r)))
                break
            f, r = f + df, r + dr
    return seen


# The distance classes: one lone red checker on a class-B square shows the rule
# sheet's "Example 1": from level 2 a step reaches levels 3, 4 or 5.
CLASSES = {6: ("b3", 6), 8: ("c4", 9), 10: ("d5", 14)}


def lone_steps(position: Position) -> set[str]:
    """The steps of Red's checkers on a board without blue checkers.

    (``legal_moves`` is empty there: a board with one colour is a finished game.)
    """
    return {str(m) for m in generate_moves(position.geo, position.boards[RED], 0)}


def check_classes(size: int, moves: tuple[str, ...]) -> Callable[[Position], None]:
    origin, count = CLASSES[size]

    def check(position: Position) -> None:
        assert position.size == size and position.pieces(RED) == [sq(origin)]
        assert position.count(BLUE) == 0
        letters = {chr(65 + position.geo.classes[s]) for s in position.geo.squares}
        assert len(letters) == count and max(letters) == chr(64 + count)
        # the four centre squares are class A, the four corners the last class
        mid = size // 2
        for f, r in ((mid - 1, mid - 1), (mid, mid - 1), (mid - 1, mid), (mid, mid)):
            assert position.geo.classes[square(f, r)] == 0
        for f, r in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)):
            assert position.geo.classes[square(f, r)] == count - 1
        assert letter(position, origin) == "B"
        assert lone_steps(position) == set(moves), sorted(lone_steps(position))
        # down: class C; left and up-left: D; down-left: E
        o = sq(origin)
        by_direction = {o - 10: "C", o - 1: "D", o + 9: "D", o - 11: "E"}
        assert {Move.parse(m).to_square: letter(position, m[3:]) for m in moves} == by_direction
        if size == 10:  # the tie the rings do not show: e2, b5 and c3 are all class F
            assert {letter(position, name) for name in ("e2", "b5", "c3")} == {"F"}
            assert same_distance(position, "e2", "b5") and same_distance(position, "e2", "c3")

    return check


def check_start(position: Position) -> None:
    assert position == Position.start(6)
    assert position.count(RED) == position.count(BLUE) == 18
    assert position.piece_at(sq("a1")) == RED and position.turn == RED
    moves = position.legal_moves()
    assert len(moves) == 36 and all(move.kind == CAPTURE for move in moves)


STEP_MOVES = ("b4-b5", "b4-a5", "b4-a3")


def check_step(position: Position) -> None:
    assert position.turn == RED
    assert position.pieces(RED) == [sq("b4")]
    assert sorted(position.pieces(BLUE)) == [sq("b2"), sq("a4")]
    expect_legal(position, STEP_MOVES)
    assert all(Move.parse(text).kind == STEP for text in STEP_MOVES)
    assert all(farther(position, "b4", m[3:]) for m in STEP_MOVES)
    # a4 is taken; b3, c3, c4 and c5 are no farther from the centre than b4
    assert position.piece_at(sq("a4")) == BLUE
    assert not any(farther(position, "b4", name) for name in ("b3", "c3", "c4", "c5"))
    # the two blue checkers are farther out, so Red cannot capture them
    assert sorted(in_line(position, "b4")) == ["a4", "b2"]
    assert farther(position, "b4", "a4") and farther(position, "b4", "b2")


CAPTURE_MOVES = ("f1xa6", "f1xd1")


def check_capture(position: Position) -> None:
    assert position.turn == BLUE and position.pieces(BLUE) == [sq("f1")]
    assert sorted(position.pieces(RED)) == sorted(sq(n) for n in ("a1", "d1", "a6"))
    expect_legal(position, CAPTURE_MOVES)
    assert same_distance(position, "f1", "a6")  # move A: as far from the centre
    assert farther(position, "d1", "f1")  # move B: closer to the centre
    # a1 is out of reach: a capture ends on the first occupied square, d1
    assert "a1" not in in_line(position, "f1") and "d1" in in_line(position, "f1")


PASS_POSITION = "r2r2/2r3/6/4r1/b5/bb3r b"


def check_pass(position: Position) -> None:
    assert position.turn == BLUE
    assert sorted(position.pieces(BLUE)) == sorted(sq(n) for n in ("a1", "b1", "a2"))
    expect_legal(position, ("pass",))
    # the only red checkers in line with a blue one are a6 and f1, both farther out
    seen = {
        (name, target)
        for name in ("a1", "b1", "a2")
        for target in in_line(position, name)
        if position.piece_at(sq(target)) == RED
    }
    assert seen == {("a2", "a6"), ("b1", "f1")}
    assert farther(position, "a2", "a6") and farther(position, "b1", "f1")
    # after the pass Red moves again
    position.push(Move.PASS)
    assert position.turn == RED and position.legal_moves() != [Move.PASS]
    position.pop()


CLASS_MOVES = {
    6: ("b3-a2", "b3-a3", "b3-a4", "b3-b2"),
    8: ("c4-b3", "c4-b4", "c4-b5", "c4-c3"),
    10: ("d5-c4", "d5-c5", "d5-c6", "d5-d4"),
}


def _lone(size: int) -> str:
    origin = sq(CLASSES[size][0])
    return str(Position(size, 1 << origin, 0, RED))


FIGURES = [
    *(
        Figure(
            f"classes-{size}",
            _lone(size),
            CLASS_MOVES[size],
            check_classes(size, CLASS_MOVES[size]),
            shading=True,
        )
        for size in (6, 8, 10)
    ),
    Figure("start-6", str(Position.start(6)), (), check_start),
    Figure("step", "6/6/br4/6/1b4/6 r", STEP_MOVES, check_step, shading=True),
    Figure("capture", "r5/6/6/6/6/r2r1b b", CAPTURE_MOVES, check_capture, shading=True),
    Figure("pass", PASS_POSITION, ("pass",), check_pass, shading=True, arrows=False),
]


def check_all() -> None:
    """Run every figure's check; raise ``AssertionError`` at the first false claim."""
    for figure in FIGURES:
        figure.check(figure.start())


def build() -> dict[str, str]:
    """``{file name: SVG text}`` of every figure, after checking them all."""
    check_all()
    return {f"{figure.name}.svg": figure.svg() for figure in FIGURES}


def write(directory: Path = OUT) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in build().items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def with_first_screen(page: str) -> str:
    """``page`` (a rules page's HTML) with its live board's first screen drawn afresh:
    in the page's language, with the label its drawing has now; and its loader line
    written as the docs tools write it (:func:`zola.docs.diagrams.loader_script`)."""
    language = LANGUAGE.search(page)
    if language is None:
        raise ValueError('a rules page starts with <html lang="XX">')

    def draw(board: re.Match[str]) -> str:
        label = LABEL.search(board[3])
        if label is None:
            raise ValueError("the live board's drawing has no aria-label to keep")
        options = {"live": "", "alt": html.unescape(label[1])}
        fragment = html.unescape(board[2])
        diagram = Diagram(fragment, options)
        if diagram.live_fragment() != fragment:  # the loader keys the drawing by this text
            raise ValueError(f'write the live board\'s link as "{diagram.live_fragment()}"')
        preview = diagram.live_preview("100%", language=language[1])
        return board[1] + preview + board[4]

    drawn, count = LIVE_BOARD.subn(draw, page)
    if count != 1:
        raise ValueError(f"a rules page has one live board marked for its first screen: {count}")
    drawn, count = LOADER.subn(lambda line: loader_script(html.unescape(line[1])), drawn)
    if count != 1:
        raise ValueError(f"a rules page loads its live board with one loader line: {count}")
    return drawn


def with_colours(sheet: str, style: str) -> str:
    r"""``sheet`` (docs/rules.css) with the play page's colours (``style``: web/style.css)
    written afresh between its two marker comments.

    >>> style = ":root {\n  color-scheme: light dark;\n  --ink: light-dark(#000, #fff);\n}\n"
    >>> print(with_colours(f"a\n{COLOURS_BEGIN}\nold\n{COLOURS_END}\nb", style))
    a
    /* BEGIN the play page's colours, from web/style.css by docs/figures.py */
    :root {
      --ink: light-dark(#000, #fff);
    }
    /* END the play page's colours */
    b
    """
    found = COLOURS.search(style)
    if found is None:
        raise ValueError("web/style.css starts its colours with a :root rule")
    colours = [line for line in found[1].splitlines() if line.lstrip().startswith("--")]
    start, end = sheet.find(COLOURS_BEGIN), sheet.find(COLOURS_END)
    if start < 0 or end < start:
        raise ValueError(f"docs/rules.css has no block between {COLOURS_BEGIN} and {COLOURS_END}")
    block = "\n".join([COLOURS_BEGIN, ":root {", *colours, "}", COLOURS_END])
    return sheet[:start] + block + sheet[end + len(COLOURS_END) :]


def write_colours() -> list[Path]:
    """Write the play page's colours into docs/rules.css; ``[its path]`` if it changed."""
    sheet = SHEET.read_text(encoding="utf-8")
    fresh = with_colours(sheet, STYLE.read_text(encoding="utf-8"))
    if fresh == sheet:
        return []
    SHEET.write_text(fresh, encoding="utf-8")
    return [SHEET]


def pages() -> list[Path]:
    """The rules page in every language."""
    return sorted(DOCS.glob("rules*.html"))


def write_pages() -> list[Path]:
    """Draw each rules page's live board afresh; the pages that changed."""
    written = []
    for path in pages():
        page = path.read_text(encoding="utf-8")
        drawn = with_first_screen(page)
        if drawn != page:
            path.write_text(drawn, encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    pages_too = target.resolve() == OUT
    for path in write(target) + (write_pages() + write_colours() if pages_too else []):
        print(path)
