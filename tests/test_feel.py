"""The feel of play without a browser: which move slides, which sounds play, the switches
that turn them off, and the groups the page's controls fold into."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from zola.page.app import App
from zola.page.board import Board
from zola.page.controls import BUTTONS, FOLDED, GROUPS, MENUS
from zola.page.library import PREFERENCES
from zola.page.live import LiveBoard
from zola.page.saved import MemoryStore
from zola.page.screen import Motion
from zola.rules.game import Game
from zola.rules.link import DEFAULT_VIEW
from zola.rules.position import Position

ROOT = Path(__file__).resolve().parents[1]


def started(fragment: str = "#v1;size=6", **options: object) -> App:
    app = App(**options)  # type: ignore[arg-type]
    app.start(fragment)
    return app


def moved(app: App, move: str) -> None:
    app.click(move[:2])
    app.click(move[3:])


# -- motion --------------------------------------------------------------------------------


def test_a_step_slides_from_its_square_and_nothing_else_moves() -> None:
    board = Board(Game(6, Position.parse("6/6/6/2b3/6/r5 b")))
    assert board.motion() is None  # the first board shown: nothing to slide from
    board.click("c3")
    board.click("c2")
    motion = board.motion()
    # c2 is one square below c3: the checker comes down from 100 units above.
    assert motion == Motion("c2", 0, -100, "", "", False)
    assert board.motion() is None  # once


def test_a_capture_fades_the_captured_checker_and_a_step_back_brings_it_back() -> None:
    board = Board()
    board.click("c3")
    board.motion()
    board.click("d3")
    motion = board.motion()
    assert motion is not None
    assert (motion.square, motion.dx, motion.dy, motion.appear, motion.browsing) == (
        "d3",
        -100,
        0,
        "",
        False,
    )
    assert motion.ghost.startswith('<g class="ghost blue">') and "checker" not in motion.ghost
    board.announce()
    board.undo()
    assert board.motion() == Motion("c3", 100, 0, "", "d3", True)
    board.redo()
    back = board.motion()
    assert back is not None and back.square == "d3" and back.browsing and back.ghost


def test_the_slide_follows_the_view_and_jumps_are_not_animated() -> None:
    board = Board(view=DEFAULT_VIEW.replace(flip=True, coordinates=False))
    board.motion()
    board.click("c3")
    board.click("d3")
    motion = board.motion()
    assert motion is not None and (motion.dx, motion.dy) == (100, 0)  # flipped: from the right
    board.play("swap")
    board.play("e4xd3")
    assert board.motion() is not None  # the swap moves no checker
    board.go_to(0)
    assert board.motion() is None  # two captures apart
    board.reset(Game(8))
    assert board.motion() is None  # another size


def test_a_static_board_never_slides() -> None:
    board = Board(view=DEFAULT_VIEW.replace(static=True))
    board.motion()
    board.play("c3xd3")
    assert board.motion() is None


def test_motion_is_on_unless_the_browser_asks_for_less_and_the_switch_is_remembered() -> None:
    local = MemoryStore()
    app = started(local=local)
    assert app.screen().switches == {"motion": True, "sound": False}
    moved(app, "c3xd3")
    assert app.screen().motion is not None
    app.button("motion")
    assert local.get(PREFERENCES["motion"]) == "off"
    app.button("undo")
    screen = app.screen()
    assert screen.motion is None and screen.switches["motion"] is False
    assert started(local=local).motion is False
    calm = started(reduced_motion=True)
    moved(calm, "c3xd3")
    assert calm.screen().motion is None and calm.screen().switches["motion"] is False
    calm.button("motion")  # the person's own choice wins
    calm.button("undo")
    assert calm.screen().motion is not None


def test_the_editor_does_not_slide() -> None:
    app = started()
    app.screen()
    app.button("edit")
    app.drag("c3", "a1")
    assert app.screen().motion is None


# -- sound ---------------------------------------------------------------------------------


def test_sounds_are_off_until_turned_on_then_each_move_sounds() -> None:
    local = MemoryStore()
    app = started("#v1;size=6;start=6/6/6/2b3/6/r5_b", local=local)
    moved(app, "c3-c2")
    assert app.screen().sounds == ()
    app.button("undo")
    app.screen()
    app.button("sound")
    assert app.screen().sounds == ("move",)  # turning it on plays one to hear
    assert local.get(PREFERENCES["sound"]) == "on"
    moved(app, "c3-c2")  # Red's a1 is stuck then: a forced pass
    assert app.screen().sounds == ("move", "pass")
    assert app.screen().sounds == ()  # once
    app.button("undo")
    assert app.screen().sounds == ()  # stepping through the game is quiet
    assert started(local=local).sound is True


def test_a_capture_and_the_end_of_the_game() -> None:
    app = started("#v1;size=6;start=6/6/6/6/1r4/b5_b")
    app.button("sound")
    app.screen()
    moved(app, "a1xb2")
    assert app.screen().sounds == ("capture", "end")


def test_an_embed_makes_no_sound_whatever_the_switch() -> None:
    local = MemoryStore()
    local.set(PREFERENCES["sound"], "on")
    app = started("#v1;size=6;embed", local=local)
    assert app.sound is True
    moved(app, "c3xd3")
    assert app.screen().sounds == ()
    framed = started("#v1;size=6", local=local, in_frame=True)
    moved(framed, "c3xd3")
    assert framed.screen().sounds == ()


# -- live boards ---------------------------------------------------------------------------


def test_live_boards_slide_unless_static_or_the_reader_asks_for_less_motion() -> None:
    live = LiveBoard("v1;size=6;moves=c3xd3")
    assert live.screen().motion is None
    live.button("back")
    assert live.screen().motion == Motion("c3", 100, 0, "", "d3", True)  # as the app's
    still = LiveBoard("v1;size=6;moves=c3xd3", still=True)
    still.screen()
    still.button("back")
    assert still.screen().motion is None
    static = LiveBoard("v1;size=6;moves=c3xd3;static")
    static.screen()
    static.button("back")
    assert static.screen().motion is None


# -- the groups of controls ----------------------------------------------------------------


class Groups(HTMLParser):
    """The group (``data-group`` of the element or an ancestor) of each element with an id,
    and the menus: ``<details class="menu" data-group>`` with their summary's name (its
    text's key, or its label's for an icon)."""

    VOID = {"input", "br", "img", "meta", "link", "hr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.group_of: dict[str, str | None] = {}
        self.folding: list[str] = []
        self.summaries: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        inherited = self.stack[-1][1] if self.stack else None
        group = found.get("data-group") or inherited
        if found.get("id"):
            self.group_of[str(found["id"])] = group
        if tag == "details" and "menu" in (found.get("class") or "").split():
            self.folding.append(str(group))
        if tag == "summary" and self.stack and self.stack[-1][0] == "details":
            self.summaries[str(group)] = found.get("data-text") or found.get("data-text-label")
        if tag not in self.VOID:
            self.stack.append((tag, group))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def test_every_control_has_one_group_and_the_page_puts_it_there() -> None:
    controls = list(BUTTONS) + list(MENUS)
    grouped = [name for names in GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(controls)  # each control in exactly one group
    page = Groups()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    misplaced = {
        name: page.group_of.get(name)
        for group, names in GROUPS.items()
        for name in names
        if page.group_of.get(name) != group
    }
    assert misplaced == {}


def test_the_menus_are_disclosures_named_in_the_pages_language() -> None:
    page = Groups()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert page.folding == list(FOLDED)
    assert all(page.summaries[group] for group in FOLDED)
