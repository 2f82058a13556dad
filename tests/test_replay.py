"""Replays: the animated SVG shows, frame by frame, what zola's own rules say.

The SVG is read back as a browser plays it: each animation's value at a frame is
the value of its last key time not after the frame's key time (the caption strip
gives each frame's key time); the checkers' places are turned back into squares
and compared with the position after that many plies of the game.
"""

import random
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest

from zola import SIZES, Game, Move, Position, parse_square, square_name
from zola.draw.replay import HOLD_MS, durations, replay_frames, replay_svg
from zola.draw.svg import CELL, MARGIN
from zola.draw.themes import DARK
from zola.rules.game import Note
from zola.rules.link import parse

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


class Replay:
    """An animated replay read back: its frames' key times and every element's state."""

    def __init__(self, svg: str) -> None:
        self.svg = svg
        self.root = ET.fromstring(svg)
        self.frames = int(self.root.get("data-frames"))
        self.size = int(self.root.get("data-size"))
        self.flipped = self.root.get("data-flipped") == "1"
        self.side = 0 if self.root.find(f".//{SVG}g[@class='coordinate']") is None else MARGIN
        strip = self.root.find(f".//{SVG}g[@class='captions']")
        self.captions = [t.text for t in strip.iter(f"{SVG}text") if t.get("class") == "caption"]
        self.strip = strip.find(f"{SVG}g/{SVG}g")  # the group the caption lines move in
        movers = self.strip.findall(f"{SVG}animateTransform")
        self.times = keys(movers[0]) if movers else [Decimal(0)]
        window = self.root.find(f".//{SVG}clipPath/{SVG}rect")
        self.line_height = int(window.get("height"))
        self.durations = {a.get("dur") for a in self.root.iter() if a.get("dur")}

    def value(self, element: ET.Element, frame: int, attribute: str) -> str:
        """``attribute`` of ``element`` in ``frame``: its animation's, else its own."""
        tag = "animateTransform" if attribute == "transform" else "animate"
        for animation in element.findall(f"{SVG}{tag}"):
            if animation.get("attributeName") == attribute:
                values = animation.get("values").split(";")
                at = self.times[frame]
                return [v for t, v in zip(keys(animation), values, strict=True) if t <= at][-1]
        own = element.get(attribute, "visible" if attribute == "visibility" else "")
        return own.removeprefix("translate(").removesuffix(")")

    def place(self, element: ET.Element, frame: int) -> tuple[int, int]:
        x, y = self.value(element, frame, "transform").split(",")
        return int(x), int(y)

    def square(self, x: int, y: int) -> str:
        """The square whose top left corner is ``x``, ``y``."""
        col, row = (x - self.side) // CELL, y // CELL
        assert (x - self.side) % CELL == 0 and y % CELL == 0, (x, y)
        f, r = (self.size - 1 - col, row) if self.flipped else (col, self.size - 1 - row)
        return "abcdefghij"[f] + str(r + 1)

    def checkers(self, frame: int) -> dict[str, str]:
        """``{square: 'red' | 'blue'}`` of the checkers shown in ``frame``."""
        out = {}
        for use in self.root.iter(f"{SVG}use"):
            if self.value(use, frame, "visibility") == "hidden":
                continue
            x, y = self.place(use, frame)
            square = self.square(x - CELL // 2, y - CELL // 2)
            assert square not in out, f"two checkers on {square} in frame {frame}"
            out[square] = use.get(f"{XLINK}href").rsplit("-", 1)[1]
        return out

    def groups_of(self, kind: str) -> list[ET.Element]:
        """The animated groups holding a ``kind`` mark (``rect.last-move``, ``g.capture-mark``)."""
        tag, name = kind.split(".")
        return [
            group
            for group in self.root.iter(f"{SVG}g")
            if group.find(f"{SVG}{tag}[@class='{name}']") is not None
        ]

    def marks(self, kind: str, frame: int) -> set[str]:
        """The squares marked by ``kind`` groups in ``frame``."""
        out = set()
        for group in self.groups_of(kind):
            if self.value(group, frame, "visibility") == "visible":
                out.add(self.square(*self.place(group, frame)))
        return out

    def caption(self, frame: int) -> str:
        """The caption line moved into the caption window in ``frame``."""
        x, y = self.place(self.strip, frame)
        assert x == 0 and -y % self.line_height == 0
        return self.captions[-y // self.line_height]

    def static(self) -> dict[str, str]:
        """The checkers of the document without its animations (what no SMIL shows)."""
        out = {}
        for use in self.root.iter(f"{SVG}use"):
            if use.get("visibility") != "hidden":
                transform = use.get("transform").removeprefix("translate(").removesuffix(")")
                x, y = (int(v) for v in transform.split(","))
                out[self.square(x - CELL // 2, y - CELL // 2)] = use.get(f"{XLINK}href")
        return {sq: href.rsplit("-", 1)[1] for sq, href in out.items()}


def keys(animation: ET.Element) -> list[Decimal]:
    return [Decimal(t) for t in animation.get("keyTimes").split(";")]


def pieces(position: Position) -> dict[str, str]:
    return {
        square_name(sq): name
        for color, name in ((0, "red"), (1, "blue"))
        for sq in position.pieces(color)
    }


def random_game(rng: random.Random, size: int, plies: int | None = None) -> Game:
    game = Game(size)
    while (plies is None or game.ply < plies) and (moves := game.legal_moves()):
        game.play(Move.SWAP if game.can_swap() and rng.random() < 0.5 else rng.choice(moves))
    return game


def check_every_frame(game: Game, replay: Replay) -> None:
    """Every frame shows the checkers, last move and capture of the game at that ply."""
    line = Game(start=game.start)
    for move in game.moves:
        line.play(move)
    assert replay.frames == len(game.moves) + 1 == len(replay.captions)
    for ply in range(replay.frames):
        line.go_to(ply)
        assert replay.checkers(ply) == pieces(line.position), f"ply {ply}"
        last = line.last_board_move()
        tinted = set() if last is None else {square_name(sq) for sq in last[:2]}
        assert replay.marks("rect.last-move", ply) == tinted, f"ply {ply}"
        captured = set() if last is None or not last.is_capture else {square_name(last[1])}
        assert replay.marks("g.capture-mark", ply) == captured, f"ply {ply}"
        assert replay.caption(ply) == replay.captions[ply]


# ----------------------------------------------------------------------------- tests


@pytest.mark.parametrize("size", SIZES)
def test_every_frame_of_a_random_game_shows_its_position(size: int) -> None:
    rng = random.Random(size)
    game = random_game(rng, size)
    assert game.is_game_over()
    replay = Replay(replay_svg(game, flip=size == 8, coordinates=size != 10))
    check_every_frame(game, replay)
    assert replay.checkers(0) == pieces(game.start)  # the start at time 0
    assert replay.times[0] == 0
    assert replay.checkers(len(game.moves)) == pieces(game.position)  # the end at the end
    assert replay.static() == pieces(game.position)  # and without animation
    assert replay.root.get("data-position") == str(game.position)


def test_one_frame_a_ply_each_with_its_own_key_time() -> None:
    game = random_game(random.Random(1), 8, plies=60)
    replay = Replay(replay_svg(game))
    assert replay.frames == 61 == len(replay.captions) == len(replay.times)
    assert replay.times == sorted(set(replay.times))
    # Frame k starts k seconds in, the loop lasts the moves and the held final position.
    total = 61 * 1000 + HOLD_MS
    assert replay.durations == {f"{total // 1000}s"}
    for k, at in enumerate(replay.times):
        assert abs(at * total - k * 1000) <= total / 10**4
    assert durations(60, 1.0) == [1000] * 60 + [1000 + HOLD_MS]


def test_swap_and_pass_move_no_checker_and_say_so() -> None:
    game = Game(6)
    for text in ("c3xd3", "swap", "c4xd3"):
        game.play(text)
    replay = Replay(replay_svg(game))
    check_every_frame(game, replay)
    assert replay.checkers(2) == replay.checkers(1)
    assert replay.caption(2) == "2. Blue swapped colours: the players exchange sides."
    assert replay.marks("rect.last-move", 2) == {"c3", "d3"}  # still the last board move
    assert replay.captions[0] == "Red to move."

    passing = Game(start=Position.parse("6/6/6/6/2b3/r5 r"))
    for text in ("pass", "c2-b1"):
        passing.play(text)
    replay = Replay(replay_svg(passing, language="de"))
    check_every_frame(passing, replay)
    assert replay.captions == ["Rot ist am Zug.", "1. Rot passt.", "2. Blau spielt c2-b1."]
    assert replay.marks("rect.last-move", 1) == set()
    desc = replay.root.find(f"{SVG}desc").text
    assert desc.startswith("Ab der Stellung 6/6/6/6/2b3/r5 r.") and "1. pass 2. c2-b1" in desc


def test_a_game_from_a_start_position_to_its_end() -> None:
    game = Game(start=Position.parse("6/6/2rb2/6/6/6 r"))
    game.play("c4xd4")
    replay = Replay(replay_svg(game, flip=True, theme=DARK))
    check_every_frame(game, replay)
    assert replay.checkers(0) == {"c4": "red", "d4": "blue"}
    assert replay.checkers(1) == {"d4": "red"}
    assert replay.captions[-1] == "1. Red played c4xd4. Red wins."
    assert "theme-dark" in replay.root.get("class")
    # Nothing played: one frame, nothing animated.
    still = Replay(replay_svg(Game(start=Position.parse("6/6/6/6/6/r5 b"))))
    assert still.frames == 1 and still.captions == ["Red wins."]
    assert "<animate" not in still.svg


def test_the_page_title_desc_and_accessibility() -> None:
    game = Game(6)
    for text in ("c3xd3", "swap", "c4xd3"):
        game.play(text)
    root = ET.fromstring(replay_svg(game))
    assert root[0].tag == f"{SVG}title" and root[1].tag == f"{SVG}desc"
    assert root.get("role") == "img"
    assert root[1].text == "Red to move. Moves: 1. c3xd3 2. swap 3. c4xd3"


def test_notes_show_in_their_frame_only() -> None:
    game, _ = parse("v2;size=6;moves=c3xd3.c4xd3.e3xd3;notes=0:hc1.1:ac4xd3,he4,cLook_~3c3~3e")
    replay = Replay(replay_svg(game))
    notes = [g for g in replay.root.iter(f"{SVG}g") if g.get("class") == "note"]
    shown = [[replay.value(g, k, "visibility") for g in notes] for k in range(4)]
    assert shown == [
        ["visible", "hidden", "hidden"],
        ["hidden", "visible", "visible"],
        ["hidden", "hidden", "hidden"],
        ["hidden", "hidden", "hidden"],
    ]
    assert len(notes[2].findall(f"{SVG}g[@class='arrow']")) == 1
    assert "1. c3xd3 (Look &lt;3&gt;)" in replay.svg and ">Look &lt;3&gt;</text>" in replay.svg
    clean = replay_svg(game, notes=False)
    assert 'class="note"' not in clean and "Look" not in clean


def test_the_same_bytes_every_time_without_changing_the_game() -> None:
    game = random_game(random.Random(4), 10)
    game.go_to(17)
    before = (game.ply, str(game.position), game.moves)
    first = replay_svg(game, seconds_per_move=0.4)
    assert first == replay_svg(game, seconds_per_move=0.4)
    assert (game.ply, str(game.position), game.moves) == before
    assert Replay(first).frames == len(game.moves) + 1  # the whole line, not up to the cursor


def test_coordinates_are_whole_numbers_and_times_fixed_decimals() -> None:
    svg = replay_svg(random_game(random.Random(5), 8), seconds_per_move=1 / 3)
    numbers = re.findall(r' (?:x|y|width|height|r|cx|cy)="([^"]*)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+( -?\d+)*", n) for n in numbers)  # or lists
    for values in re.findall(r'values="([^"]*)"', svg):
        assert all(re.fullmatch(r"-?\d+,-?\d+|visible|hidden", v) for v in values.split(";"))
    for times in re.findall(r'keyTimes="([^"]*)"', svg):
        assert all(re.fullmatch(r"0|0\.\d*[1-9]", t) for t in times.split(";"))
    frames = Replay(svg).frames
    assert set(re.findall(r'dur="([^"]*)"', svg)) == {f"{frames * 333 + HOLD_MS}ms"}
    assert 'data-ply-ms="333"' in svg


def test_it_stays_compact() -> None:
    """The board is drawn once: a ply adds far less than a whole board would."""
    from zola.draw.svg import render

    rng = random.Random(6)
    for size, plies, limit in ((8, 60, 45_000), (10, None, 90_000)):
        game = random_game(rng, size, plies)
        svg = replay_svg(game)
        assert len(svg.encode()) < limit
        assert len(svg) < 4 * len(render(game.start))
        assert svg.count("<use") == len(game.start.pieces(0)) + len(game.start.pieces(1))


def test_bad_pace() -> None:
    for seconds in (0, -1, 3601, float("nan")):
        with pytest.raises(ValueError, match="seconds per move"):
            replay_svg(Game(6), seconds_per_move=seconds)


def test_the_frames_are_the_boards_of_each_ply() -> None:
    game = Game(6)
    for text in ("c3xd3", "swap", "c4xd3"):
        game.play(text)
    game.line[2].note = Note((Move.parse("e4xd3"),), (parse_square("e4"),), "")
    frames = replay_frames(game, shading=True)
    captions = Replay(replay_svg(game)).captions
    assert len(frames) == 4
    line = Game(6)
    for k, frame in enumerate(frames):
        if k:
            line.play(game.moves[k - 1])
        root = ET.fromstring(frame)
        assert root.find(f"{SVG}svg").get("data-position") == str(line.position)
        assert root.find(f".//{SVG}text[@class='caption']").text == captions[k]
    assert frames[3].count('class="arrow"') == 1 and frames[2].count('class="arrow"') == 0
    assert 'class="capture-mark"' in frames[2]  # the swap keeps the last capture marked
