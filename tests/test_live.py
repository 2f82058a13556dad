"""Live boards (zola.page.live): what a reader of a docs page does on a board, on CPython and
on the page's MicroPython; and the loader's list of modules (web/boards.js)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.micropython import harness
from tests.test_micropython import assert_agree, micropython, random_game  # noqa: F401
from zola import SIZES, Game, Move, Position, decode, encode
from zola.lang.i18n import LANGUAGES, messages
from zola.page.bridge import EVENTS, KEEP, PAINT, Boards
from zola.page.live import (
    ACTIONS,
    FIELDS,
    LABELS,
    LiveBoard,
    choose_language,
    first_frame,
    labels,
)
from zola.puzzles.sets import load
from zola.rules import link
from zola.rules.errors import InvalidOptionError, ZolaError
from zola.rules.geometry import square_name
from zola.rules.record import LINK_PREFIX

ROOT = Path(__file__).resolve().parents[1]
APP = "https://docs.example/zola/index.html"
GAME = "v1;size=6;moves=c3xd3.c4xd3.e3xd3"


def record(screen) -> str:
    """The game of a screen's "Open in the full app" address."""
    return screen.app_link.split("#", 1)[1]


# -- stepping, trying moves, the author's game ------------------------------------------


def test_a_board_opens_at_the_links_move_and_steps() -> None:
    live = LiveBoard(GAME + ";ply=1", app_url=APP)
    screen = live.screen()
    assert (screen.status, screen.can_back, screen.can_forward) == ("Blue to move.", True, True)
    assert 'data-position="' in screen.board and screen.problem == ""
    live.button("forward")
    assert decode(record(live.screen())).ply == 2
    live.button("last")
    assert not live.screen().can_forward
    live.button("first")
    screen = live.screen()
    assert not screen.can_back and screen.status == "Red to move."
    live.button("back")  # nothing before the start
    assert live.screen().status == "Red to move."


def test_keys_step_through_the_game_except_on_a_square() -> None:
    live = LiveBoard(GAME)
    assert live.key("ArrowLeft") and decode(record_of(live)).ply == 2
    assert live.key("Home") and decode(record_of(live)).ply == 0
    assert live.key("End") and decode(record_of(live)).ply == 3
    assert not live.key("a") and not live.key("Enter")
    # On a square the arrows move the keyboard's cursor, as on the app's board.
    assert live.key("ArrowLeft", on_square=True)
    assert decode(record_of(live)).ply == 3
    assert live.key("Home", on_square=True) and decode(record_of(live)).ply == 0


def record_of(live: LiveBoard) -> str:
    return encode(live.board.game)


def test_a_tried_move_is_a_variation_of_this_board_and_reset_brings_the_game_back() -> None:
    live = LiveBoard(GAME + ";ply=1;panel", app_url=APP)
    live.click("c4")
    screen = live.screen()
    assert "selected" in screen.board and "hint" in screen.board  # legal-move marks
    live.click("c3")
    assert live.screen().message == "c4-c3 is not legal: a step must move farther from the centre."
    live.click("e4")  # another checker of Blue's
    live.click("d3")
    screen = live.screen()
    assert screen.announce == "Blue played e4xd3." and screen.changed
    assert record(screen) == "v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3"
    assert screen.move_list.count('class="variations"') == 1
    assert live.screen().announce == ""  # said once
    live.button("flip")
    live.button("reset")
    screen = live.screen()
    assert not screen.changed and record(screen) == "v1;size=6;moves=c3xd3.c4xd3.e3xd3;ply=1"
    assert live.board.view.flip  # the reader's flip stays
    # The author's next move, played again, changes nothing.
    live.click("c4")
    live.click("d3")
    screen = live.screen()
    assert not screen.changed and screen.announce == "Blue played c4xd3."


def test_the_pie_offer_and_forced_passes_come_from_the_board() -> None:
    live = LiveBoard("v1;size=6;moves=c3xd3")
    assert live.screen().pie
    live.button("swap")
    screen = live.screen()
    assert not screen.pie and screen.changed
    assert screen.message == "Colours swapped: the players exchange sides."
    live.button("reset")
    live.button("keep")
    assert not live.screen().pie and not live.screen().changed
    live.button("swap")  # not offered any more: nothing happens
    assert decode(record_of(live)).moves == [Move.parse("c3xd3")]
    # Blue's only checker, in its corner, has no move after Red's step: Blue passes.
    passing = LiveBoard("v1;size=6;start=6/6/3r2/6/2r3/b5_r")
    passing.click("d4")
    passing.click("e4")
    screen = passing.screen()
    assert screen.message == "Blue has no legal move and passes."
    assert screen.announce == "Red played d4-e4. Blue passed." and screen.status == "Red to move."


def test_a_static_board_steps_but_takes_no_moves() -> None:
    live = LiveBoard(GAME + ";static;ply=1", app_url=APP)
    live.click("c4")
    screen = live.screen()
    assert screen.message == "This board is for viewing only." and not screen.changed
    assert not screen.pie and screen.layout["static"] and "tabindex" not in screen.board
    live.button("forward")
    assert decode(record(live.screen())).ply == 2


def test_a_board_whose_first_turn_is_a_forced_pass_plays_it_and_says_so() -> None:
    live = LiveBoard("v1;size=6;start=6/6/6/6/2b3/r5_r;panel", app_url=APP)
    screen = live.screen()
    assert screen.message == "Red has no legal move and passes."
    assert screen.status == "Blue to move."
    assert live.shared() == "v1;size=6;start=6/6/6/6/2b3/r5_r;moves=pass"
    live.click("c2")
    live.click("b2")
    assert live.shared().endswith(";moves=pass.c2-b2")
    live.button("first")
    assert live.screen().status == "Red to move." and live.screen().can_forward
    live.button("reset")  # the author's game: the pass played again
    assert live.screen().message == "Red has no legal move and passes."


def test_view_words_panel_nolink_flip_dark_and_clean() -> None:
    plain = LiveBoard(GAME, app_url=APP).screen()
    assert plain.move_list == "" and plain.app_link.startswith(APP + "#v1;")
    assert not plain.layout["panel"] and not plain.layout["dark"]
    assert LiveBoard(GAME + ";panel", app_url=APP).screen().move_list.count("<button") == 3
    assert LiveBoard(GAME + ";nolink", app_url=APP).screen().app_link == ""
    assert LiveBoard(GAME).screen().app_link == ""  # no app address: no link
    assert 'data-flipped="1"' in LiveBoard(GAME + ";flip").screen().board
    dark = LiveBoard(GAME + ";dark")
    assert dark.screen().layout["dark"] and "theme-dark" in dark.screen().board
    dark.prefer_dark(False)  # the link's word wins over the reader's light scheme
    assert dark.screen().layout["dark"]
    reader = LiveBoard(GAME, dark=True)
    assert "theme-dark" in reader.screen().board
    reader.prefer_dark(False)
    assert "theme-light" in reader.screen().board
    light = LiveBoard(GAME + ";light", app_url=APP, dark=True)  # the link's word wins
    assert not light.screen().layout["dark"] and "theme-light" in light.screen().board
    assert ";dark" not in reader.screen().app_link  # the reader's scheme is not shared
    noted = "v2;size=6;moves=c3xd3;notes=1:ac4-d3,cA_comment"
    assert LiveBoard(noted).screen().comment == "A comment"
    assert LiveBoard(noted + ";clean").screen().comment == ""
    # The words of the full app that a live board has no use for.
    editing = LiveBoard(GAME + ";edit;embed;origin=https://a.example")
    assert not editing.board.view.edit and editing.board.view.origin == ""


def test_move_list_clicks_go_to_their_move() -> None:
    live = LiveBoard("v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;panel")
    live.go_to_node(3)  # the variation's move, in the link's order
    assert record_of(live) == "v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3"
    live.go_to_node(0)
    assert decode(record_of(live)).ply == 0
    with pytest.raises(InvalidOptionError):
        live.go_to_node(9)
    with pytest.raises(InvalidOptionError):
        live.button("undo")


@pytest.mark.parametrize(
    "fragment",
    ["v1;size=7", "v3", "v1;size=6;moves=a1-a2", "<img src=x onerror=alert(1)>", "x" * 9000],
)
def test_a_bad_link_is_one_line_and_the_board_does_nothing(fragment: str) -> None:
    live = LiveBoard(fragment, app_url=APP)
    screen = live.screen()
    assert screen.problem.startswith("This board cannot be shown: ")
    assert "\n" not in screen.problem and len(screen.problem) < 200
    assert screen.board == screen.status == screen.app_link == "" and not screen.can_forward
    live.click("c3")
    live.button("reset")
    live.drag("a1", "a2")
    assert not live.key("ArrowLeft") and live.screen() == screen
    german = LiveBoard(fragment, language="de").screen().problem
    assert german.startswith("Dieses Brett kann nicht gezeigt werden: ")


def test_drag_plays_like_two_clicks() -> None:
    live = LiveBoard("v1;size=6")
    live.drag("c3", "d3")
    assert live.screen().announce == "Red played c3xd3."


# -- language and words ---------------------------------------------------------------


def test_language_is_the_host_pages_else_the_browsers() -> None:
    assert choose_language("de", ["en-US"]) == "de"
    assert choose_language("en-GB", ["de-DE"]) == "en"
    assert choose_language("fr", ["de-DE", "en"]) == "fr"
    assert choose_language("pt", ["es-MX", "en"]) == "es"
    assert choose_language("", ["de"]) == "de"
    assert choose_language("", []) == "en"
    live = LiveBoard(GAME + ";ply=1", language="de")
    assert live.screen().status == "Blau ist am Zug." and live.screen().language == "de"
    assert 'aria-label="Zola-Brett, 6 mal 6"' in live.screen().board


def test_every_word_of_a_live_board_in_every_language() -> None:
    for language in LANGUAGES:
        words = labels(language)
        assert set(words) == set(LABELS) and all(words.values())
    for key in LABELS.values():
        assert all(key in messages(language)[0] for language in LANGUAGES), key
    assert labels("de")["first"] != labels("en")["first"]
    buttons = {"first", "back", "forward", "last", "flip", "swap", "keep"}
    assert set(ACTIONS) == buttons
    assert tuple(LiveBoard(GAME).screen()._fields) == FIELDS


# -- the modules a live board loads ---------------------------------------------------


def test_a_live_board_imports_what_the_image_holds_and_nothing_of_the_app() -> None:
    from scripts.mpy import imported_modules, module_file, modules

    code = (  # a board in every language: each language's table is imported once spoken
        "import sys, zola.page.bridge, zola.lang.i18n, zola.page.live\n"
        "for language in zola.lang.i18n.LANGUAGES: zola.page.live.labels(language)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('zola'))))"
    )
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    imported = {module_file(name) for name in done.stdout.split()}
    languages = {f"lang/{language}" for language in LANGUAGES if language != "en"}
    assert imported == imported_modules(ROOT / "web/boards.py") | languages
    assert imported <= set(modules())  # web/zola.rom: test_site checks it is fresh
    page_only = {"page/app", "page/computer", "page/library", "page/sharing", "page/insights"}
    page_only |= {"draw/replay", "page/editor", "engine/ai", "puzzles/solver"}
    assert not imported & page_only


def test_the_glue_names_only_what_zola_live_has() -> None:
    glue = (ROOT / "web/boards.py").read_text()
    assert "from zola.page.bridge import KEEP, PAINT, Boards" in glue
    # The markup crosses as arguments of its own, the rest as the screen's JSON.
    assert "fields, board, moves = paint_parts(live.screen())" in glue
    loader = (ROOT / "web/boards.js").read_text()
    assert "function paint(id, json, labels, svg, moveList) {" in loader
    for name in LABELS:
        assert f"labels.{name}" in loader or f'"{name}"' in loader, name
    for name in FIELDS:
        if name not in ("language", "board", "move_list"):
            assert f"screen.{name}" in loader, name


def test_the_loader_sends_each_event_with_the_values_the_bridge_names() -> None:
    loader = (ROOT / "web/boards.js").read_text()
    sent = re.findall(r"\{ event: \"([a-z-]+)\"(?:, ([^}]*))? \}", loader)
    assert {name for name, _ in sent} == set(EVENTS)
    for name, values in sent:
        names = [value.split(":")[0].strip() for value in values.split(",") if value.strip()]
        assert tuple(names) == EVENTS[name], name
    # No event of old: a kind and two values whose meaning changes with it.
    assert "python(kind" not in loader and 'send(shell, "' not in loader


def test_the_loader_hands_the_link_to_python_unread() -> None:
    # The link's words (dark, panel, ...) are read once, by zola.rules.link; the loader
    # only passes the element's data-zola on, and lays a board out from Python's screens.
    loader = (ROOT / "web/boards.js").read_text()
    assert loader.count("dataset.zola") == 1
    assert 'const fragment = (element.dataset.zola || "").slice(0, LINK_PREFIX);' in loader
    # A puzzle's line too (data-zola-puzzle), bounded alike: a longer one is told so.
    read = 'element.getAttribute("data-zola-puzzle")'
    assert loader.count(read) == 1
    assert f'const puzzle = ({read} || "").slice(0, LINK_PREFIX);' in loader
    assert f"const LINK_PREFIX = {LINK_PREFIX};" in loader  # no more crosses into Python
    assert "fragment." not in loader and ".split(" not in loader


def test_the_bridge_opens_keeps_and_forwards_each_event() -> None:
    built = []
    boards = Boards(build=lambda: built.append(1) or 0xC0FFEE)
    setup = {"event": "setup", "app": APP, "languages": ["fr-CH", "en"]}
    assert boards.handle(json.dumps(setup)) == ("", 0)
    _, key, _ = first_frame(GAME, "fr", 0xC0FFEE)
    opened = {"event": "open", "board": 7, "fragment": GAME, "shown": key, "lang": ""}
    assert boards.handle(json.dumps(opened)) == (KEEP, 7) and built == [1]
    live = boards.get(7)
    assert live.kept and live.language == "fr" and live.app_url == APP
    other = dict(opened, board=8, shown="", dark=True, still=True)
    assert boards.handle(json.dumps(other)) == (PAINT, 8) and built == [1]
    assert boards.get(8).dark and boards.get(8).still
    assert boards.handle('{"event": "button", "board": 7, "name": "first"}') == (PAINT, 7)
    assert boards.get(7).screen().can_back is False
    step = '{"event": "key", "board": 7, "key": "ArrowRight", "on_square": false}'
    assert boards.handle(step) == (PAINT, 7)
    assert boards.handle('{"event": "key", "board": 7, "key": "q", "on_square": true}') == ("", 7)
    assert boards.handle('{"event": "node", "board": 7, "number": 99}') == (PAINT, 7)  # stale
    assert boards.handle('{"event": "nothing", "board": 7}') == ("", 7)
    assert boards.handle('{"event": "click", "board": 9, "square": "c3"}') == ("", 9)
    assert boards.handle('{"event": "close", "board": 7}') == ("", 7) and 7 not in boards.boards


# -- the same on MicroPython --------------------------------------------------------------


def short_game(rng: random.Random, size: int) -> Game:
    """A game of up to 16 random moves (the swap sometimes), with a variation now and then,
    looked at at some move."""
    game = Game(size)
    for _ in range(rng.randrange(17)):
        if not game.legal_moves():
            break
        if game.ply > 2 and rng.random() < 0.15:
            game.go_to(rng.randrange(game.ply))
        game.play(rng.choice(game.legal_moves()))
    game.go_to(rng.randint(0, len(game.moves)))
    return game


def random_sessions(count: int = 12) -> list[list]:
    """Live-board sessions on random games: clicks (legal moves, illegal ones, stray
    squares), buttons, keys and move-list jumps. (MicroPython is slow under Node: small.)"""
    rng = random.Random(18)
    sessions = []
    buttons = ["first", "back", "forward", "last", "flip", "swap", "keep", "reset"]
    keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "Home", "End", "Enter", " ", "h", "x"]
    for i in range(count):
        size = SIZES[i % len(SIZES)]
        game = short_game(rng, size)
        words = [word for word, _, _ in link.WORDS if word != "edit" and rng.random() < 0.25]
        fragment = ";".join([encode(game)] + words)
        events: list[list] = []
        for _ in range(8):
            roll = rng.random()
            if roll < 0.35 and not game.is_game_over():
                move = rng.choice(game.legal_moves())
                if move.from_square >= 0:
                    events.append(["click", [sq_name(move.from_square)]])
                    events.append(["click", [sq_name(move.to_square)]])
            elif roll < 0.45:
                events.append(["click", [rng.choice(["a1", "c3", "d4", "f6", "k1", ""])]])
            elif roll < 0.7:
                events.append(["button", [rng.choice(buttons)]])
            elif roll < 0.85:
                events.append(["key", [rng.choice(keys), rng.random() < 0.5]])
            elif roll < 0.95:
                events.append(["go_to_node", [rng.randrange(len(game.nodes()) + 2)]])
            else:
                events.append(["prefer_dark", [rng.random() < 0.5]])
        sessions.append([fragment, rng.choice(LANGUAGES), rng.random() < 0.3, events])
    sessions.append(["v1;size=7", "de", False, [["click", ["c3"]], ["button", ["reset"]]]])
    sessions.append(["", "en", False, [["drag", ["c3", "d3"]], ["button", ["swap"]]]])
    return sessions


def sq_name(square: int) -> str:
    from zola.rules.geometry import square_name

    return square_name(square)


@pytest.mark.slow
def test_live_boards_agree_on_micropython(micropython) -> None:  # noqa: F811
    sessions = random_sessions()
    assert_agree(sessions, micropython("live_boards", sessions), harness.live_boards(sessions))


def test_first_frames_agree_on_micropython(micropython) -> None:  # noqa: F811
    # The docs tools key a board's first screen on CPython; the page checks it on MicroPython.
    rng = random.Random(7)
    cases = [
        [fragment, rng.choice(LANGUAGES), rng.randrange(1 << 32)]
        for fragment, _, _, _ in random_sessions(24)
    ]
    answers = micropython("first_frames", cases)
    assert_agree(cases, answers, harness.first_frames(cases))
    # (a bad link's first screen says its problem: that screen is kept too)
    assert all(kept and not other for _, _, kept, other in answers)


def test_a_board_keeps_its_first_screen_drawn_by_the_docs_tools_until_its_first_event() -> None:
    svg, key, rest = first_frame(GAME + ";panel", "en", 0xC0FFEE)
    assert svg == LiveBoard(GAME + ";panel").screen().board and len(key) == 8
    first = json.loads(rest)
    assert [first["key"], first["shared"]] == [key, GAME]  # the screen's key, the game to share
    kept = LiveBoard(GAME + ";panel", "en", shown=key, build=0xC0FFEE)
    assert kept.kept and kept._board is None  # the link is not read yet
    kept.button("back")  # the first event reads it
    assert not kept.kept and kept.screen().board not in ("", svg)
    # Its drawing shows in either scheme, the page's (zola.draw.schemes): a dark page keeps it.
    assert LiveBoard(GAME + ";panel", "en", dark=True, shown=key, build=0xC0FFEE).kept
    # Another build, language or link (its own colours too): drawn afresh.
    for other in (
        LiveBoard(GAME + ";panel", "en", shown=key, build=0xC0FFEF),
        LiveBoard(GAME + ";panel", "de", shown=key, build=0xC0FFEE),
        LiveBoard(GAME + ";panel;dark", "en", shown=key, build=0xC0FFEE),
        LiveBoard(GAME, "en", shown=key, build=0xC0FFEE),
        LiveBoard(GAME + ";panel", "en", build=0xC0FFEE),
    ):
        assert not other.kept and other._board is not None, other.fragment


def test_a_kept_board_does_what_a_board_read_at_once_does() -> None:
    # The same sessions of reader's events on a board that kept its first screen and on
    # one that read its link at once: the same screens, event after event.
    for fragment, language, dark, events in random_sessions(40):
        _, key, _ = first_frame(fragment, language, 7)
        eager = LiveBoard(fragment, language, "https://x.example/", dark)
        eager.screen()  # its first screen, painted when it opens
        kept = LiveBoard(fragment, language, "https://x.example/", dark, shown=key, build=7)
        assert kept.kept or dark  # the key is of a light reader's first screen
        if not kept.kept:
            kept.screen()  # painted when it opens, as any board that keeps nothing
        for name, args in events:
            answers = []
            for live in (eager, kept):
                try:
                    answers.append(getattr(live, name)(*args))
                except ZolaError as error:
                    answers.append(str(error))
            assert answers[0] == answers[1], (fragment, name, args)
            assert eager.screen() == kept.screen(), (fragment, name, args)


def test_a_game_replays_as_the_link_says() -> None:
    # The board shows the link's own game: the same record, the same position.
    rng = random.Random(5)
    for size in SIZES:
        game = random_game(rng, size)
        live = LiveBoard(encode(game))
        assert record_of(live) == encode(game)
        assert live.board.game.position == game.position
        assert isinstance(live.board.game, Game)


def test_a_bad_link_is_told_in_the_boards_language() -> None:
    problem = LiveBoard("v1;size=6;moves=a1-a2", language="de").screen().problem
    assert problem.startswith("Dieses Brett kann nicht gezeigt werden: Zug 1: a1-a2 ist nicht")
    assert "bad game link" not in problem and "not legal" not in problem


def test_a_live_board_fetches_its_puzzle_and_is_solved_on_it() -> None:
    puzzle = next(p for p in load(6) if p.refutations[0])
    text = (ROOT / "zola" / "data" / "puzzles-6.txt").read_text()
    start = puzzle.position.replace(" ", "_")
    live = LiveBoard(f"v2;size=6;start={start};puzzle={puzzle.id}", app_url=APP)
    screen = live.screen()
    assert screen.app_link == f"{APP}#puzzle={puzzle.id}"  # the full app opens the puzzle
    assert screen.fetch == ["puzzles-6.txt"] and screen.puzzle == ""
    assert screen.board and live.screen().fetch == []  # asked once; the diagram shows meanwhile
    live.take("puzzles-8.txt", text)  # not its set
    assert live.screen().puzzle == ""
    live.take("puzzles-6.txt", text)
    screen = live.screen()
    assert screen.puzzle == "solving" and " to move and win in " in screen.message
    wrong = Move.parse(sorted(puzzle.refutations[0])[0])
    live.click(square_name(wrong[0]))
    live.click(square_name(wrong[1]))
    assert live.screen().puzzle == "wrong" and live.screen().changed
    live.button("retry")
    live.button("hint")
    assert live.board.selected == Move.parse(puzzle.line[0]).from_square
    for _ in range(puzzle.moves):
        live.button("solution")
    assert live.screen().puzzle == "shown" and live.board.game.is_game_over()
    live.button("reset")  # the puzzle from its start
    assert live.screen().puzzle == "solving" and live.board.game.moves == []
    while live.screen().puzzle == "solving":
        move = Move.parse(puzzle.line[len(live.board.game.moves)])
        live.click(square_name(move[0]))
        live.click(square_name(move[1]))
    assert live.screen().puzzle == "solved"


PUZZLE = next(p for p in load(6) if p.refutations[0] and p.moves >= 2)
PUZZLE_LINK = f"v2;size=6;start={PUZZLE.position.replace(' ', '_')};puzzle={PUZZLE.id}"


def solve(live: LiveBoard, puzzle) -> None:
    """A wrong move, Try again, a Hint, then the solver's moves: solved (not clean)."""
    wrong = Move.parse(sorted(puzzle.refutations[0])[0])
    live.click(square_name(wrong[0]))
    live.click(square_name(wrong[1]))
    assert live.screen().puzzle == "wrong" and live.screen().can_retry
    live.button("retry")
    live.button("hint")
    assert live.board.selected == Move.parse(puzzle.line[0]).from_square
    assert live.screen().message.startswith("Hint: the checker on ")
    while live.screen().puzzle == "solving":
        move = Move.parse(puzzle.line[len(live.board.game.moves)])
        live.click(square_name(move[0]))
        live.click(square_name(move[1]))
    assert live.screen().puzzle == "solved" and live.screen().message.startswith("That is the")


@pytest.mark.parametrize("fragment", [PUZZLE_LINK, f"puzzle={PUZZLE.id}"])
def test_a_board_that_carries_its_puzzle_line_fetches_no_set(fragment: str) -> None:
    # The docs tools write the line with the board (data-zola-puzzle); a hand-written
    # `puzzle=ID` board may carry it too.
    live = LiveBoard(fragment, app_url=APP, line=PUZZLE.text())
    screen = live.screen()
    assert screen.fetch == [] and screen.puzzle == "solving" and screen.can_hint
    side = "Blue" if PUZZLE.position.endswith(" b") else "Red"
    assert screen.message == f"{side} to move and win in {PUZZLE.moves} moves."
    assert screen.app_link == f"{APP}#puzzle={PUZZLE.id}"
    assert live.board.game.position == Position.parse(PUZZLE.position)
    live.take("puzzles-6.txt", "not a puzzle")  # a set handed anyway changes nothing
    assert live.screen().puzzle == "solving" and live.screen().message == screen.message
    solve(live, PUZZLE)
    live.button("reset")  # the puzzle from its start, its line not read again
    assert live.screen().puzzle == "solving" and live.board.game.moves == []
    assert live.screen().fetch == []


def test_a_board_reads_only_its_puzzles_line_of_its_set() -> None:
    # The other lines are not read (these are no puzzles at all); its own line is read
    # strictly, as every line of a set.
    other = next(p for p in load(6) if p.id != PUZZLE.id)
    text = f"# puzzles\n{other.id};not;a;puzzle\n\n  {PUZZLE.text()}  \r\nx;y\n"
    live = LiveBoard(f"puzzle={PUZZLE.id}")
    assert live.screen().fetch == ["puzzles-6.txt"] and live.screen().puzzle == ""
    live.take("puzzles-6.txt", text)
    assert live.screen().puzzle == "solving"
    solve(live, PUZZLE)
    for text, said in [
        ("# nothing\n", f"no puzzle has the id '{PUZZLE.id}'"),
        (f"# {PUZZLE.text()}\n", f"no puzzle has the id '{PUZZLE.id}'"),  # a comment
        (PUZZLE.text().replace(f";{PUZZLE.moves};", ";9;", 1), "N is 9 but the line has"),
    ]:
        live = LiveBoard(f"puzzle={PUZZLE.id}")
        live.take("puzzles-6.txt", text)
        screen = live.screen()
        assert screen.puzzle == "" and screen.message.startswith("The puzzles could not be loaded")
        assert said in screen.message, screen.message


@pytest.mark.parametrize(
    ("fragment", "line", "said"),
    [
        (PUZZLE_LINK, PUZZLE.text().replace(";", ";;", 1), "expected 6 fields separated by ';'"),
        (PUZZLE_LINK, "x" * 9000, "a puzzle line is at most 8000 characters"),
        (PUZZLE_LINK, PUZZLE.text().replace(" ", "  ", 1), "bad puzzle"),
        (PUZZLE_LINK, next(p for p in load(6) if p.id != PUZZLE.id).text(), "this is puzzle '"),
        (PUZZLE_LINK, load(8)[0].text(), f"the link names '{PUZZLE.id}'"),
        (PUZZLE_LINK.split(";puzzle=")[0], PUZZLE.text(), "the board's link names no puzzle"),
        ("puzzle=6-aaaaaa", PUZZLE.text(), "the link names '6-aaaaaa'"),
        (PUZZLE_LINK, "<script>alert(1)</script>", "expected 6 fields"),
    ],
)
def test_a_carried_puzzle_line_is_read_strictly(fragment: str, line: str, said: str) -> None:
    # It is data from the page: a line that does not read, or is another puzzle's, leaves
    # the board saying what is wrong in one line, in the board's language.
    for language, start in (("en", "This board cannot be shown: "), ("de", "Dieses Brett kann")):
        screen = LiveBoard(fragment, language, line=line).screen()
        assert screen.board == "" and screen.puzzle == "" and screen.fetch == []
        assert screen.problem.startswith(start + ("" if language == "de" else "data-zola-puzzle: "))
        assert said in screen.problem and "Traceback" not in screen.problem


def test_a_puzzles_first_screen_is_the_puzzle_and_kept_until_the_first_event() -> None:
    # The docs tools draw it with the line: its task, its Hint, no set to fetch; the
    # board keeps it, and reads the line at its first event.
    line = PUZZLE.text()
    svg, key, rest = first_frame(PUZZLE_LINK, "en", 0xC0FFEE, line)
    first = json.loads(rest)["screen"]
    assert first["puzzle"] == "solving" and first["can_hint"] and first["fetch"] == []
    assert first["message"].endswith(f"win in {PUZZLE.moves} moves.")
    assert first_frame(PUZZLE_LINK, "en", 0xC0FFEE)[1] != key  # the key covers the line
    kept = LiveBoard(PUZZLE_LINK, "en", line=line, shown=key, build=0xC0FFEE)
    assert kept.kept and kept._board is None and kept.trainer is None
    kept.button("hint")
    assert kept.board.selected == Move.parse(PUZZLE.line[0]).from_square
    eager = LiveBoard(PUZZLE_LINK, "en", line=line)
    assert eager.screen().board == svg
    eager.button("hint")
    assert kept.screen() == eager.screen()
    # Another line (changed in the page: its key is not the screen's): read at once.
    changed = line.replace(f";{PUZZLE.moves};", ";9;", 1)
    other = LiveBoard(PUZZLE_LINK, "en", line=changed, shown=key, build=0xC0FFEE)
    assert not other.kept and "N is 9" in other.screen().problem


def test_the_bridge_hands_a_board_its_puzzle_line() -> None:
    boards = Boards(build=lambda: 0xC0FFEE)
    opened = {"event": "open", "board": 3, "fragment": PUZZLE_LINK, "puzzle": PUZZLE.text()}
    assert boards.handle(json.dumps(opened)) == (PAINT, 3)
    assert boards.get(3).screen().puzzle == "solving"
    _, key, _ = first_frame(PUZZLE_LINK, "en", 0xC0FFEE, PUZZLE.text())
    kept = dict(opened, board=4, shown=key)
    assert boards.handle(json.dumps(kept)) == (KEEP, 4)
    assert boards.handle('{"event": "button", "board": 4, "name": "hint"}') == (PAINT, 4)
    assert boards.get(4).screen().message.startswith("Hint: ")


def test_puzzle_boards_agree_on_micropython(micropython) -> None:  # noqa: F811
    # The docs tools key and draw a puzzle's first screen on CPython; the page reads its
    # line, or finds it in its set, on MicroPython.
    every = load(6)
    text = (ROOT / "zola" / "data" / "puzzles-6.txt").read_text()
    bad = PUZZLE.text().replace(";", ";;", 1)
    payload = {
        "boards": [
            [PUZZLE_LINK, PUZZLE.text(), 0xC0FFEE],
            [f"puzzle={every[-1].id}", every[-1].text(), 7],
            [PUZZLE_LINK, bad, 7],
            [PUZZLE_LINK, every[-1].text(), 7],
        ],
        "ids": [every[0].id, every[len(every) // 2].id, every[-1].id, "6-zzzzzz"],
        "text": text,
    }
    on_cpython = harness.puzzle_boards(payload)
    boards, found = on_cpython
    assert [kept for _, _, kept, _ in boards] == [True, True, True, True]
    chosen = (every[0], every[len(every) // 2], every[-1])
    assert [line for line, _, _ in found] == [p.text() for p in chosen] + [
        "PuzzleError: no puzzle has the id '6-zzzzzz'"
    ]
    assert [asked for _, asked, _ in found] == [["puzzles-6.txt"]] * 4
    there = micropython("puzzle_boards", payload)
    assert_agree(payload["boards"], there[0], boards)
    assert_agree(payload["ids"], there[1], found)


def test_a_live_board_with_a_broken_puzzle_set_says_so() -> None:
    live = LiveBoard("v2;size=6;puzzle=6-aaaaaa")
    live.screen()
    live.take("puzzles-6.txt", "not a puzzle")
    screen = live.screen()
    assert screen.puzzle == "" and screen.message.startswith("The puzzles could not be loaded")
