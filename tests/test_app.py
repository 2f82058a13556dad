"""The page's decisions without a browser: clicks, notices, history, links, saved games,
the computer's requests and answers, and what the page is told to show."""

from __future__ import annotations

import json

import pytest

from zola import Move, Position, decode
from zola.draw.themes import PALETTES
from zola.lang.i18n import say
from zola.page.app import App, Screen
from zola.page.board import MODES
from zola.page.computer import ANALYSIS_FIRST_SECONDS, ANALYSIS_SECONDS
from zola.page.saved import RECENT, TAB, MemoryStore
from zola.rules.errors import InvalidOptionError
from zola.rules.game import Note

KEPT_ASIDE = say("en", "notice.kept_aside")  # what the page says of a value kept aside


class Clock:
    """A clock that moves on one second at each look."""

    def __init__(self) -> None:
        self.seconds = 1_800_000_000.0

    def __call__(self) -> float:
        self.seconds += 1
        return self.seconds


def new_app(fragment: str = "#v1;size=6", **options: object) -> App:
    """An app started on ``fragment`` (a link: a game between people)."""
    options.setdefault("now", Clock())
    app = App(**options)
    app.start(fragment)
    return app


def play(app: App, *moves: str) -> Screen:
    """Play moves as a person does (clicks, the Swap button); return the screen the page
    draws after each."""
    for text in moves:
        before = app.game.ply
        if text == "swap":
            app.button("swap")
        else:
            app.click(text[:2])
            app.click(text[3:])
        screen = app.screen()
        assert len(app.game.moves) > before, screen.message
        assert app.game.moves[before] == Move.parse(text)
    return screen


def moves_of(app: App) -> list[str]:
    return [str(m) for m in app.game.moves]


def test_click_selects_then_moves_and_clears_the_selection() -> None:
    app = new_app()
    app.click("c3")
    assert app.selected == 22
    assert {str(m) for m in app.hints()} == {"c3xd3", "c3xc4"}
    app.click("c3")
    assert app.selected is None
    play(app, "c3xc4")
    assert moves_of(app) == ["c3xc4"] and app.selected is None


def test_notices_for_clicks_that_do_nothing() -> None:
    app = new_app()
    app.click("b1")
    assert app.screen().message == "Not your checker: Red is to move."
    app.click("c3")
    app.click("b3")
    screen = app.screen()
    assert screen.message == "c3xb3 is not legal: a capture may not move away from the centre."
    assert app.selected == 22
    app.click("z9")
    assert "bad square" in app.screen().message


def test_a_forced_pass_is_played_for_the_stuck_player_and_announced() -> None:
    app = new_app("#v1;size=6;start=6/6/6/2b3/6/r5_b")
    screen = play(app, "c3-c2")  # now Red's a1 has no line to Blue: Red must pass
    assert moves_of(app) == ["c3-c2", "pass"]
    assert screen.message == "Red has no legal move and passes."
    assert screen.announce == "Blue played c3-c2. Red passed."
    assert app.screen().announce == ""  # said once
    app.button("undo")  # undo takes back the pass and the move before it
    assert app.game.ply == 0
    app.button("redo")
    assert app.game.ply == 2


STUCK = "v1;size=6;start=6/6/6/6/2b3/r5_r"  # Red's a1 has no line to Blue's c2: Red passes


def test_a_game_whose_first_turn_is_a_forced_pass_opens_with_the_pass_played() -> None:
    app = new_app("#" + STUCK)
    screen = app.screen()
    assert moves_of(app) == ["pass"] and screen.status == "Blue to move."
    assert screen.message == "Red has no legal move and passes."
    assert screen.announce == "Red passed." and screen.fragment == STUCK + ";moves=pass"
    play(app, "c2-b2")
    assert moves_of(app) == ["pass", "c2-b2"]
    app.button("undo")
    assert app.game.ply == 1 and app.screen().status == "Blue to move."
    app.button("redo")
    assert app.game.ply == 2
    # Set up in the editor, then played from there: the same.
    app.button("edit")
    app.position_text("6/6/6/6/2b3/r5 r")
    app.button("edit-play")
    assert moves_of(app) == ["pass"]
    assert app.screen().message == "Red has no legal move and passes."


def test_the_computer_plays_after_a_forced_pass_at_the_start() -> None:
    app = new_app("#" + STUCK)
    app.choose("mode", "computer-second")  # the computer plays Blue, after Red's pass
    screen = app.screen()
    assert moves_of(app) == ["pass"] and screen.request is not None
    app.computer_ready()
    app.computer_answer(screen.request.id, "c2-b2")
    assert moves_of(app) == ["pass", "c2-b2"]


def test_pie_offer_swap_and_keep() -> None:
    app = new_app()
    assert play(app, "c3xd3").pie
    app.button("keep")
    assert not app.screen().pie and app.game.can_swap()
    app.button("swap")  # declined: no longer offered, as on a live board
    assert not app.game.swapped()
    app.button("undo")
    assert play(app, "c3xd3").pie
    app.button("swap")
    screen = app.screen()
    assert app.game.swapped() and screen.status == "Blue to move."  # the colour is enough


def test_a_finished_game_reports_the_winner_and_refuses_clicks() -> None:
    app = new_app("#v1;size=6;start=6/6/6/6/1r4/b5_b;moves=a1xb2")
    screen = app.screen()
    assert screen.status == "Blue wins." and screen.game_over  # by colour: no first or second
    assert screen.turn == ""
    app.click("b2")
    assert app.screen().message.startswith("The game is over: Blue wins")


def test_the_board_shows_the_result_until_put_away_and_offers_a_rematch() -> None:
    app = new_app("#v1;size=8;start=8/8/8/8/8/8/1r6/b7_b;moves=a1xb2")
    app.choose("mode", "humans")
    assert tuple(app.screen().result) == ("Blue wins.", "Red has no checkers left, after 1 move.")
    app.button("undo")  # the position looked at goes on: no result over it
    assert app.screen().result is None
    app.button("redo")
    app.button("result-close")
    assert app.screen().result is None
    app.button("undo")
    app.button("redo")
    assert app.screen().result is None  # put away for this game
    app.button("rematch")
    screen = app.screen()
    assert screen.result is None and app.game.size == 8 and not app.game.moves
    assert app.mode == "humans"


def test_against_the_computer_the_result_speaks_to_you_and_a_rematch_swaps_sides() -> None:
    app = new_app("#v1;size=6;start=6/6/6/6/1r4/b5_b;moves=a1xb2")
    app.choose("mode", "computer-first")  # the computer is the first player: Red
    assert app.screen().result.title == "You win!"
    app.choose("mode", "computer-second")
    assert app.screen().result.title == "The computer wins."
    app.button("rematch")
    assert app.mode == "computer-first" and app.game.size == 6
    app.choose("language", "de")
    assert app.screen().result is None


def test_the_players_face_the_board_and_say_whose_turn_it_is() -> None:
    app = new_app()
    app.choose("mode", "computer-second")
    app.choose("level", "strong")
    top, bottom = app.screen().players
    assert (top.color, top.name, top.to_move) == ("blue", "Computer · Strong", False)
    assert (bottom.color, bottom.name, bottom.to_move) == ("red", "You", True)
    app.button("flip")
    assert [player.color for player in app.screen().players] == ["red", "blue"]
    app.choose("mode", "humans")
    play(app, "c3xd3")
    top, bottom = app.screen().players
    assert (top.name, top.checkers, top.to_move) == ("Red", 18, False)
    assert (bottom.name, bottom.checkers, bottom.to_move) == ("Blue", 17, True)
    app.choose("language", "fr")
    assert app.screen().players[1].name == "Bleu"


def test_history_keys_follow_the_undo_and_redo_rules() -> None:
    app = new_app("#v1;size=6;start=6/6/6/2b3/6/r5_b")
    play(app, "c3-c2")  # and Red's forced pass
    assert app.history_key("ArrowLeft")
    assert app.game.ply == 0  # the pass and the move before it, as Undo
    assert app.history_key("ArrowRight") and app.game.ply == 2
    assert app.history_key("Home") and app.game.ply == 0
    assert app.history_key("End") and app.game.ply == 2
    assert not app.history_key("x")


def test_against_the_computer_undo_goes_back_to_your_turn() -> None:
    app = new_app()
    app.choose("mode", "computer-second")
    request = play(app, "c3xd3").request
    app.computer_answer(request.id, "c4xd3")
    request = play(app, "e3xd3").request
    app.computer_answer(request.id, "e4xd3")
    assert app.game.ply == 4
    app.button("undo")
    assert app.game.ply == 2 and not app.computer_to_move()  # your turn, not the computer's
    app.history_key("ArrowLeft")
    assert app.game.ply == 0
    assert app.screen().request is None  # looking back is never interrupted


def test_watching_the_computer_play_itself_steps_one_move_back() -> None:
    app = new_app("#v1;size=6;moves=c3xd3.c4xd3.e3xd3")
    app.choose("mode", "computers")
    app.button("undo")
    assert app.game.ply == 2


def test_control_states() -> None:
    app = new_app()
    screen = app.screen()
    assert not screen.can_back and not screen.can_forward and screen.can_hint
    play(app, "c3xd3", "c4xd3")
    app.button("undo")
    screen = app.screen()
    assert screen.can_back and screen.can_forward
    assert screen.move_list.count('class="current"') == 1
    assert screen.move_list.count('class="ahead"') == 1
    assert dict(screen.controls) == {
        "size": "6",
        "mode": "humans",
        "level": "casual",
        "language": "en",
        "scheme": "auto",
        "palette": "classic",
    }


def test_links_open_at_their_ply_and_a_broken_link_changes_nothing_but_the_game() -> None:
    app = new_app("#v1;size=8;moves=d4xe4;ply=0;flip")
    assert app.game.size == 8 and app.game.ply == 0 and app.view.flip
    assert app.screen().fragment == "v1;size=8;moves=d4xe4;ply=0;flip"
    app.open_link("#v1;size=6;ply=" + "0" * 4301 + ";dark")
    screen = app.screen()
    assert screen.message.startswith("This link holds no valid game (ply must be 0: the game")
    assert app.view.flip and app.view.theme == ""  # the view did not change
    app.open_link("#v1;size=8;moves=a1-a2")
    assert app.screen().message.startswith("This link holds no valid game (move 1: a1-a2")
    assert app.game.position == Position.start(8)


def test_a_link_is_a_game_between_people_and_the_game_it_displaces_is_kept() -> None:
    local, session = MemoryStore(), MemoryStore()
    app = new_app("", local=local, session=session)
    assert app.mode == "computer-second"  # a new visitor plays the computer
    app.choose("mode", "humans")
    play(app, "c3xd3")
    app.open_link("#v1;size=8;moves=d4xe4")
    assert app.mode == "humans" and app.game.size == 8
    recent = app.screen().recent
    assert [game.label for game in recent] == ["6×6 · two players · 1 move"]
    app.choose("recent", recent[0].id)
    assert moves_of(app) == ["c3xd3"] and app.game.size == 6
    assert [game.label for game in app.screen().recent] == ["8×8 · two players · 1 move"]


def test_a_reload_brings_back_the_game_and_its_opponent() -> None:
    local, session = MemoryStore(), MemoryStore()
    app = new_app("", local=local, session=session)
    reloaded = new_app("#" + app.screen().fragment, local=local, session=session)
    assert reloaded.mode == "computer-second"  # a game with no move yet, too
    request = play(app, "c3xd3").request
    app.computer_answer(request.id, "c4xd3")
    fragment = app.screen().fragment
    reloaded = new_app("#" + fragment, local=local, session=session)
    assert reloaded.mode == "computer-second" and moves_of(reloaded) == ["c3xd3", "c4xd3"]
    fresh_tab = new_app("", local=local, session=MemoryStore())
    assert fresh_tab.mode == "computer-second" and moves_of(fresh_tab) == ["c3xd3", "c4xd3"]


def test_new_game_keeps_the_last_one_among_the_recent_games() -> None:
    local = MemoryStore()
    app = new_app("", local=local)
    app.choose("mode", "humans")
    play(app, "c3xd3")
    app.choose("size", "8")
    app.button("new")
    assert app.game.size == 8 and app.game.moves == []
    assert [game.label for game in app.screen().recent] == ["6×6 · two players · 1 move"]
    assert len(json.loads(local.get(RECENT))) == 1  # an empty game is not worth keeping


def test_two_tabs_never_overwrite_each_others_game() -> None:
    local = MemoryStore()
    first = new_app("", local=local, session=MemoryStore())
    first.choose("mode", "humans")
    play(first, "c3xd3")
    second = new_app("", local=local, session=MemoryStore())  # resumes the same game
    play(second, "c4xd3")
    play(first, "e4xd3")  # the first tab plays on: its game becomes an entry of its own
    fragments = sorted(json.loads(local.get(RECENT)), key=lambda row: row["fragment"])
    assert [row["fragment"] for row in fragments] == [
        "v1;size=6;moves=c3xd3.c4xd3",
        "v1;size=6;moves=c3xd3.e4xd3",
    ]


def test_a_tab_watching_the_computer_keeps_its_own_game() -> None:
    local = MemoryStore()
    player = new_app("", local=local, session=MemoryStore())
    player.choose("mode", "humans")
    play(player, "c3xd3")
    watcher = new_app("#v1;size=8", local=local, session=MemoryStore())
    watcher.choose("mode", "computers")
    for _ in range(3):
        request = watcher.screen().request
        move = next(m for m in watcher.game.legal_moves() if m != Move.SWAP)
        watcher.computer_answer(request.id, str(move))
    watcher.screen()
    rows = json.loads(local.get(RECENT))
    assert {row["fragment"] for row in rows} >= {"v1;size=6;moves=c3xd3"}
    assert len(rows) == 2


def test_an_unreadable_saved_value_is_kept_aside() -> None:
    local = MemoryStore({RECENT: "{not json"})
    app = new_app("", local=local)
    assert app.screen().message.startswith(KEPT_ASIDE)
    assert "{not json" in local.values.values()
    assert local.get(RECENT) is None or json.loads(local.get(RECENT)) == []


def test_a_game_saved_by_the_older_page_comes_back() -> None:
    local = MemoryStore({"zola-game": "v1;size=6;moves=c3xd3", "zola-previous-game": "v1;size=8"})
    app = new_app("", local=local)
    assert moves_of(app) == ["c3xd3"]
    assert local.get("zola-game") is None


def test_an_embed_keeps_nothing_and_never_asks_the_computer() -> None:
    local = MemoryStore()
    app = new_app("#v1;size=6;embed", local=local, in_frame=True)
    app.choose("mode", "computer-first")
    screen = play(app, "c3xd3")
    assert screen.request is None and not screen.start_computer and screen.recent == ()
    assert local.get(RECENT) is None
    assert screen.posts == (
        {
            "type": "zola:move",
            "move": "c3xd3",
            "position": "brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb b",
            "fragment": "v1;size=6;moves=c3xd3",
        },
    )


def test_host_messages_reach_only_an_embed_from_its_parent() -> None:
    app = new_app("#v1;size=6;embed;static", in_frame=True)
    app.host_message("zola:load", "v1;size=8", from_parent=False, origin="https://evil.example")
    assert app.game.size == 6
    app.host_message("zola:load", "v1;size=8;moves=d4xe4", True, "https://host.example")
    assert app.game.size == 8 and app.view.static and app.view.embed  # the view stays
    top = new_app("")
    top.host_message("zola:load", "v1;size=8", True, "https://host.example")
    assert top.game.size == 6  # the full app listens to no one
    pinned = new_app("#v1;size=6;embed;origin=https://host.example", in_frame=True)
    pinned.host_message("zola:load", "v1;size=8", True, "https://other.example")
    assert pinned.game.size == 6
    pinned.host_message("zola:load", "v1;size=8", True, "https://host.example")
    assert pinned.game.size == 8 and pinned.screen().post_origin == "https://host.example"


def test_a_file_the_server_changed_is_named_in_the_page_language_but_not_in_an_embed() -> None:
    app = new_app("")
    app.file_differs("web/style.css")
    message = app.screen().message
    assert message.startswith("The app could not be saved for offline play: the server sends ")
    assert "web/style.css" in message
    app.choose("language", "de")
    assert app.screen().message.startswith("Die App konnte nicht ")
    assert "web/style.css" in app.screen().message
    app.click("c3")
    assert "web/style.css" not in app.screen().message  # a notice like any other
    for nothing in (None, "", 3):
        app.file_differs(nothing)
        assert "web/style.css" not in app.screen().message
    for embed in (new_app("#v1;size=6;embed"), new_app("#v1;size=6", in_frame=True)):
        embed.file_differs("web/style.css")
        assert embed.screen().message == ""


def test_the_computer_starts_only_when_needed_and_says_it_is_getting_ready() -> None:
    app = new_app()  # a link: two people
    app.settle()
    screen = app.screen()
    assert not screen.start_computer and screen.computer == ""
    app.button("hint")  # the opening book answers: no worker
    screen = app.screen()
    assert screen.request.kind == "hint" and screen.request.answer
    assert not screen.start_computer and screen.computer == "The computer is thinking…"
    app.computer_answer(screen.request.id, screen.request.answer)
    assert app.screen().message == f"Hint: {screen.request.answer}."
    app.button("analysis")  # beyond the book: the worker starts at once
    screen = app.screen()
    assert screen.start_computer and screen.request.kind == "analysis"
    assert screen.computer == "The computer is getting ready…"
    assert not app.screen().start_computer  # once
    app.computer_ready()
    assert app.screen().computer == ""  # the analysis shows where it is
    assert moves_of(app) == []


def test_the_computers_worker_waits_for_the_board_to_be_ready() -> None:
    app = new_app()
    app.choose("mode", "computer-first")  # its first move is the book's
    screen = app.screen()
    assert screen.request.answer and not screen.start_computer
    assert screen.computer == "The computer is thinking…"  # not "getting ready"
    app.computer_answer(screen.request.id, screen.request.answer)
    assert not app.screen().start_computer  # the reader's turn: the board comes first
    app.settle()  # the board is ready and the page idle
    assert app.screen().start_computer
    assert app.screen().computer == ""  # nothing waits for it
    app.choose("mode", "humans")
    assert not app.screen().start_computer  # once


def test_a_stale_answer_is_ignored() -> None:
    app = new_app()
    app.choose("mode", "computer-first")
    first = app.screen().request
    app.button("new")  # the game changed under the question
    second = app.screen().request
    assert second.id != first.id
    app.computer_answer(first.id, "c3xd3")
    assert moves_of(app) == []
    app.computer_answer(second.id, "c3xd3")
    assert moves_of(app) == ["c3xd3"]


def test_an_answer_the_game_cannot_use_fails_with_a_retry() -> None:
    app = new_app()
    app.choose("mode", "computer-first")
    for answer in ("a1-a2", None, "nonsense"):
        request = app.screen().request
        app.computer_answer(request.id, answer)
        screen = app.screen()
        assert screen.retry and screen.message.startswith("The computer did not answer (")
        assert screen.request is None and moves_of(app) == []
        app.button("retry")
    request = app.screen().request
    app.computer_failed(request.id, "", timed_out=True)
    assert "no answer in time" in app.screen().message


def test_copy_notices() -> None:
    app = new_app(base_url="https://zola.example/")
    play(app, "c3xd3")
    app.button("copy")
    url = app.screen().clipboard
    assert url == "https://zola.example/#v1;size=6;moves=c3xd3"
    assert app.screen().clipboard == ""  # handed out once
    app.copied(True, url)
    assert app.screen().message == "Link copied to the clipboard."
    app.button("copy-position")
    url = app.screen().clipboard
    assert decode(url.split("#")[1]).position == app.game.position
    app.copied(False, url)
    assert app.screen().message == f"The browser did not let the page copy; copy this: {url}"
    app.copied(True, url)
    assert app.screen().message == "Position link copied to the clipboard."


def test_board_svg_shows_selection_hints_and_last_move() -> None:
    app = new_app()
    app.click("c3")
    svg = app.screen().board
    assert svg.count('class="hint capture"') == 2 and 'class="selected"' in svg
    app.click("d3")
    screen = app.screen()
    assert 'class="last-move"' in screen.board
    assert [(player.color, player.checkers) for player in screen.players] == [
        ("blue", 17),
        ("red", 18),
    ]
    app.button("swap")
    assert 'class="capture-mark"' in app.screen().board  # the last board move stays marked


def test_a_drag_plays_like_two_clicks() -> None:
    app = new_app()
    app.drag("c3", "d3")
    assert moves_of(app) == ["c3xd3"]
    app.drag("a1", "a2")  # not Blue's checker: nothing is selected, nothing moves
    assert app.screen().message == "Not your checker: Blue is to move." and len(app.game.moves) == 1
    app.click("c4")
    app.drag("c4", "d3")  # already selected
    assert moves_of(app) == ["c3xd3", "c4xd3"]


def test_keyboard_cursor_follows_the_board_as_seen() -> None:
    app = new_app()
    assert app.board_key("ArrowRight") and app.cursor == 1
    app.button("flip")
    app.board_key("ArrowRight")
    assert app.cursor == 0
    app.board_key("ArrowLeft")
    app.board_key("ArrowDown")
    app.board_key("ArrowDown")
    app.board_key("Enter")
    assert app.cursor == 21 and app.selected is None  # b3 is Blue's
    assert not app.board_key("q")


def test_bad_choices_raise_typed_errors() -> None:
    app = new_app()
    for control, value in (
        ("mode", "robots"),
        ("level", "godlike"),
        ("size", "7"),
        ("language", "pt"),
        ("colour", "red"),
    ):
        with pytest.raises(InvalidOptionError):
            app.choose(control, value)
    with pytest.raises(InvalidOptionError):
        app.button("self-destruct")


def test_a_move_at_an_earlier_point_starts_a_variation_that_can_be_promoted_or_deleted() -> None:
    app = new_app()
    play(app, "c3xd3", "c4xd3", "e3xd3")
    app.button("undo")
    app.button("undo")
    screen = play(app, "e4xd3")
    assert moves_of(app) == ["c3xd3", "e4xd3"]
    assert screen.move_list.count('class="variations"') == 1 and screen.can_promote
    assert screen.fragment == "v2;size=6;moves=c3xd3.c4xd3(e4xd3).e3xd3;at=3"
    app.go_to_node(4)  # e3xd3, the main line's end (moves are counted as written)
    assert moves_of(app) == ["c3xd3", "c4xd3", "e3xd3"] and not app.screen().can_promote
    app.go_to_node(3)
    app.button("promote")
    assert app.screen().fragment == "v2;size=6;moves=c3xd3.e4xd3(c4xd3.e3xd3)"
    app.go_to_node(3)  # c4xd3, now in the variation
    app.button("delete")
    screen = app.screen()
    assert screen.fragment == "v1;size=6;moves=c3xd3.e4xd3;ply=1" and not screen.can_promote
    with pytest.raises(InvalidOptionError):
        app.go_to_node(9)


def test_against_the_computer_a_takeback_plays_on_in_a_variation() -> None:
    app = new_app()
    app.choose("mode", "computer-second")
    request = play(app, "c3xd3").request
    app.computer_answer(request.id, "c4xd3")
    app.button("undo")
    request = play(app, "c3xc4").request  # another first move: the computer answers it
    assert request is not None and request.basis == "v2;size=6;moves=c3xd3(c3xc4).c4xd3;at=2"
    app.computer_answer(request.id, "d5xc4")
    assert moves_of(app) == ["c3xc4", "d5xc4"]


def test_arrows_marked_squares_and_comments_are_kept_in_the_link() -> None:
    app = new_app()
    play(app, "c3xd3")
    app.annotate("c4", "d3")
    app.annotate("e4", "e4")
    app.set_comment("  Blue   can take back  ")
    screen = app.screen()
    assert screen.board.count('class="arrow"') == 1 and 'class="highlight"' in screen.board
    assert screen.comment == "Blue can take back"
    assert screen.fragment == "v2;size=6;moves=c3xd3;notes=1:ac4-d3,he4,cBlue_can_take_back"
    copy = new_app("#" + screen.fragment)
    assert copy.screen().comment == "Blue can take back"
    app.button("clean")
    screen = app.screen()
    assert screen.clean and screen.comment == "" and 'class="arrow"' not in screen.board
    app.annotate("c4", "d3")  # drawing again removes the arrow, and shows the notes again
    screen = app.screen()
    assert not screen.clean and 'class="arrow"' not in screen.board and screen.comment
    app.button("clear-notes")
    assert app.screen().fragment == "v1;size=6;moves=c3xd3"


def test_notes_by_keyboard() -> None:
    app = new_app()
    app.board_key("a")  # from a1
    assert app.screen().message.startswith("Arrow from a1")
    app.board_key("ArrowUp")
    app.board_key("ArrowUp")
    app.board_key("a")  # to a3
    app.board_key("h")
    assert app.game.root.note == Note((Move.step(0, 20),), (20,), "")
    app.board_key("a")
    assert app.board_key("Escape") and app.arrow_from is None


def test_a_static_board_shows_notes_and_changes_none() -> None:
    app = new_app("#v2;size=6;moves=c3xd3;notes=0:hc3.1:cBlue_to_move;embed;static", in_frame=True)
    assert 'class="highlight"' not in app.screen().board  # the notes of the move looked at
    app.button("undo")
    assert 'class="highlight"' in app.screen().board
    app.button("redo")
    app.annotate("c4", "c4")
    app.set_comment("mine")
    app.button("delete")
    screen = app.screen()
    assert screen.comment == "Blue to move" and moves_of(app) == ["c3xd3"]


def test_the_board_editor() -> None:
    app = new_app(base_url="https://zola.example/")
    app.button("edit")
    app.button("edit-clear")
    screen = app.screen()
    assert screen.editor[3] == "The board is empty: place checkers of both colours."
    assert 'data-position="6/6/6/6/6/6 r"' in screen.board
    app.click("c3")  # a red checker (the default tool)
    app.choose("tool", "blue")
    app.click("d4")
    app.click("d4")  # again: removed
    app.drag("c3", "e5")  # carried
    assert app.screen().editor[3].startswith("Blue has no checkers")
    app.button("copy")
    assert app.screen().message.startswith("Blue has no checkers")  # never a broken link
    app.board_key("b")  # a blue checker under the cursor (on d4, where the clicks left it)
    app.choose("edit-turn", "blue")
    screen = app.screen()
    assert screen.editor == ("6/4r1/3b2/6/6/6 b", "blue", "blue", "", "6")
    assert screen.fragment == "v1;size=6;start=6/4r1/3b2/6/6/6_b;edit"
    app.button("copy-embed")
    code = app.screen().clipboard
    assert code.startswith('<iframe src="https://zola.example/#v1;size=6;start=6/4r1/3b2/6/6/6_b')
    assert ";embed" in code and 'title="Zola board"' in code
    app.position_text("  not a position ")
    assert app.screen().message.startswith("bad position 'not a position'")
    app.position_text("8/8/8/3rb3/8/8/8/8 r")
    app.button("edit-play")
    screen = app.screen()
    assert screen.editor is None and screen.fragment == "v1;size=8;start=8/8/8/3rb3/8/8/8/8_r"
    assert Move.parse("d5xe5") in app.game.legal_moves() and not app.game.can_swap()


def test_an_editor_link_opens_the_editor() -> None:
    app = new_app("#v1;size=6;start=6/6/2rb2/6/6/6_r;edit")
    assert app.screen().editor[0] == "6/6/2rb2/6/6/6 r"
    app.button("edit-cancel")
    assert app.screen().editor is None and app.view.edit is False


def test_downloads_are_the_view_without_the_pages_marks() -> None:
    app = new_app("#v1;size=6;moves=c3xd3;flip")
    app.click("c4")
    app.button("download-svg")
    name, svg, as_png = app.screen().download
    assert (name, as_png) == ("zola-6x6-1.svg", False)
    assert 'data-flipped="1"' in svg and 'class="last-move"' in svg
    assert 'class="selected"' not in svg and "tabindex" not in svg
    app.button("download-png")
    assert app.screen().download[0] == "zola-6x6-1.png" and app.screen().download is None


def test_the_replay_download_is_the_line_as_an_animated_svg() -> None:
    app = new_app("#v1;size=6;moves=c3xd3.swap.c4xd3;ply=1;dark")
    app.button("download-replay")
    name, svg, as_png = app.screen().download
    assert (name, as_png) == ("zola-6x6-replay.svg", False)
    assert 'data-frames="4"' in svg and "theme-dark" in svg  # the whole line, in this view


def test_the_analysis_asks_again_to_deepen_and_stops_when_the_position_changes() -> None:
    app = new_app()
    assert app.screen().request is None  # off by default
    app.button("analysis")
    first = app.screen().request
    assert first.kind == "analysis" and first.call == "analyse_position"
    assert first.args[1] == ANALYSIS_FIRST_SECONDS < ANALYSIS_SECONDS  # shows soon
    app.computer_answer(first.id, "0 3 900 0|0 c3xd3 c4xd3|-5 c3xc4")
    screen = app.screen()
    assert screen.evaluation == (50, "Red 50% (0.00) · depth 3", "c3xd3 c4xd3")
    assert screen.board.count('class="arrow"') == 2  # the best line's first two moves
    again = screen.request
    assert again.kind == "analysis" and again.basis == first.basis  # deeper, same position
    assert again.args[1] == ANALYSIS_SECONDS
    moved = play(app, "c3xd3")
    assert moved.evaluation is None and moved.request.basis != first.basis
    app.computer_answer(again.id, "9 9 9 1|9 c3xc4")  # stale: ignored
    assert app.screen().evaluation is None
    app.computer_answer(moved.request.id, "-150 4 900 1|-150 c4xd3")  # final: no more calls
    screen = app.screen()
    assert screen.evaluation[0] == 70 and screen.request is None  # Red 70%: Blue to move, -1.5


def test_a_review_runs_in_steps_and_its_marks_travel_in_the_link() -> None:
    app = new_app()
    play(app, "c3xd3", "c4xd3")
    app.button("review")
    app.computer_ready()
    step = app.screen().request
    assert step.kind == "review" and step.args == ("v1;size=6;moves=c3xd3.c4xd3", 11_000)
    app.computer_answer(step.id, "1/3")
    screen = app.screen()
    assert screen.computer == "Reviewing the game… 1/3" and screen.reviewing
    app.computer_answer(screen.request.id, "50_55.2_80.30??d4xd3")
    screen = app.screen()
    assert screen.fragment == "v2;size=6;moves=c3xd3.c4xd3;review=50_55.2_80.30??d4xd3"
    graph, lines, word = screen.review
    assert graph.count("data-ply") >= 2 and word == "Blunder (−30%): d4xd3 was better"
    assert lines[1].startswith("Blue: 0 inaccuracies, 0 mistakes, 1 blunder;")
    assert screen.move_list.count('class="mark blunder"') == 1
    play(app, "e3xd3")  # the main line changed: the review no longer fits
    assert app.screen().review is None and "review=" not in app.screen().fragment


def test_after_a_swap_the_status_and_the_review_name_the_sides_by_colour_or_you() -> None:
    app = new_app("#v2;size=6;moves=c3xd3.swap.c4xd3;review=50_55.2_55_40.10?!d4xd3")
    app.choose("language", "de")
    screen = app.screen()
    assert screen.status == "Rot ist am Zug."  # the second player holds Red now
    assert screen.review.summary == (
        "Rot: 0 Ungenauigkeiten, 0 Fehler, 0 grobe Fehler; durchschnittlich 0,0 % verloren",
        "Blau: 1 Ungenauigkeit, 0 Fehler, 0 grobe Fehler; durchschnittlich 6,0 % verloren",
    )
    app.choose("mode", "computer-first")  # the computer is the first player: Blue, after the swap
    screen = app.screen()
    assert screen.status == "Rot ist am Zug (du)." and screen.request is None
    assert [line.split(":")[0] for line in screen.review.summary] == [
        "Du (Rot)",
        "Der Computer (Blau)",
    ]
    app.choose("language", "fr")
    assert app.screen().review.summary[1].startswith("L'ordinateur (Bleu) : 1 imprécision,")
    assert app.screen().review.summary[1].endswith("perte moyenne 6,0 %")
    app.choose("mode", "computer-second")
    app.choose("language", "en")
    assert app.screen().status == "Red to move (computer)."
    assert app.screen().review.summary[1].startswith("You (Blue): 1 inaccuracy, 0 mistakes,")


def test_a_review_step_the_page_cannot_read_stops_the_review() -> None:
    app = new_app("#v1;size=6;moves=c3xd3")
    app.button("review")
    step = app.screen().request
    app.computer_answer(step.id, "50_nonsense")
    screen = app.screen()
    assert not screen.reviewing and screen.message.startswith("The computer did not answer")
    assert not screen.retry  # the game goes on


def test_the_editor_takes_clicks_on_a_board_of_another_size_than_the_game() -> None:
    app = new_app()  # a 6x6 game
    app.button("edit")
    app.choose("edit-size", "10")
    app.button("edit-clear")
    app.click("j10")
    app.click("a1")
    assert app.screen().editor[0] == "9r/10/10/10/10/10/10/10/10/r9 r"


def test_stored_values_that_once_stopped_the_page_are_set_aside_once() -> None:
    deep = "[" * 2000 + "]" * 2000
    local = MemoryStore({RECENT: deep, "zola-recent-other": "kept"})
    app = App(local=local)
    app.start("")
    screen = app.screen()
    assert screen.message.startswith(KEPT_ASIDE)
    assert [key for key, value in local.values.items() if value == deep] != []
    assert json.loads(local.values.get(RECENT, "[]")) == []
    app = App(local=local)  # the next visit starts quietly and sets nothing else aside
    app.start("")
    assert not app.screen().message
    assert sum(key.startswith("zola-unreadable-") for key in local.values) == 1


def test_wrong_types_in_the_tabs_value_start_a_new_tab() -> None:
    for mode in ([], {}, 1, None):
        row = {"tab": "t1", "entry": None, "fragment": "v1;size=6;moves=c3xd3", "mode": mode}
        app = App(session=MemoryStore({TAB: json.dumps(row)}))
        app.start("#v1;size=6;moves=c3xd3")  # a reload
        assert app.mode in MODES and app.screen().status


def test_an_unreadable_recent_game_is_set_aside_once_and_leaves_the_menu() -> None:
    local = MemoryStore()
    first = App(local=local)
    first.start("#v1;size=6")
    play(first, "c3xd3")
    first.screen()
    rows = json.loads(local.values[RECENT])
    rows[0]["fragment"] = "v1;size=6;moves=a1-a2"  # illegal: cannot be read back
    local.values[RECENT] = json.dumps(rows)
    for _ in range(3):
        app = App(local=local)
        app.start("")
        assert app.screen().recent == ()
    assert sum(key.startswith("zola-unreadable-") for key in local.values) == 1


def test_an_origin_is_matched_as_browsers_write_it() -> None:
    for written, sent in (
        ("http://host.example:80", "http://host.example"),
        ("https://Host.Example:443/", "https://host.example"),
        ("http://[::1]:80", "http://[::1]"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000"),
    ):
        pinned = new_app(f"#v1;size=6;embed;origin={written}", in_frame=True)
        assert pinned.screen().post_origin == sent
        pinned.host_message("zola:load", "v1;size=8", from_parent=True, origin=sent)
        assert pinned.game.size == 8, written


# What a German reader must not meet in a message about a link, a position, a square or a move.
ENGLISH = ("bad ", "must", "not legal", "is off", "expected", "no valid", "game", "move ", "rank")


def german_app(fragment: str = "#v1;size=6") -> App:
    """A page whose browser prefers German, between two people."""
    app = App(now=Clock())
    app.start(fragment, ["de-DE"])
    app.set_mode("humans")
    return app


def assert_german(message: str) -> None:
    __tracebackhide__ = True
    assert message and not any(word in message for word in ENGLISH), message


@pytest.mark.parametrize(
    ("fragment", "german"),
    [
        ("#v1;size=6;moves=c3xd4", "Zug 1: c3xd4 ist nicht erlaubt: eigene Steine können nicht"),
        ("#v1;size=7", "die Brettgröße muss 6, 8 oder 10 sein, nicht '7'"),
        ("#v1;size=6;moves=c3xd3.zz", "Zug 2: ungültiger Zug 'zz': erwartet wird 'c3-d4'"),
        ("#v1;size=6;moves=c3-c3", "ungültiger Zug 'c3-c3': er muss das Feld wechseln"),
        ("#v1;size=6;moves=k1-a1", "Zug 1: ungültiger Zug 'k1-a1': ungültiges Feld 'k1'"),
        ("#v1;size=6;start=6/6/6_r", "Startstellung: ungültige Stellung '6/6/6 r': 6, 8 oder"),
        ("#v1;size=6;start=6/6/6/6/6/6_r", "Startstellung: auf dem Brett steht kein Stein"),
        ("#v1;size=8;start=6/6/6/6/2rb2/6_r", "size passt nicht zur Startstellung"),
        ("#v1;size=6;moves=c3xd3;ply=5", "ply muss 0 bis 1 sein"),
        ("#v2;size=6;moves=c3xd3(c3xc4", "die Züge enden in einer Variante"),
        ("#v2;size=6;moves=c3xd3;notes=1:ag1-a1", "Notizen 1: Feld 'g1' liegt nicht auf dem 6x6"),
        ("#v2;size=6;moves=c3xd3;notes=1:c~ff", "Notizen 1: ein Kommentar, der kein UTF-8 ist"),
        ("#v2;size=6;moves=c3xd3;review=50_101", "Zug 1: die Chance muss eine Zahl von 0 bis"),
        ("#v1;size=6;x=1", "unerwarteter Eintrag 'x=1'"),
        ("#x", "der Link muss mit 'v1' oder 'v2' beginnen"),
        ("#v1;size=6;origin=ftp://a", "origin muss wie https://example.org aussehen"),
        ("#v1;size=6%zz", "'%zz' ist keine Prozentkodierung"),
    ],
)
def test_a_broken_link_is_explained_in_the_pages_language(fragment: str, german: str) -> None:
    app = german_app(fragment)
    message = app.screen().message
    assert message.startswith("Dieser Link enthält kein gültiges Spiel (")
    assert german in message
    assert_german(message)
    app.choose("language", "en")  # the same notice, in English
    assert app.screen().message.startswith("This link holds no valid game (")


def test_a_bad_position_text_in_the_editor_is_explained_in_german() -> None:
    app = german_app()
    app.button("edit")
    for text, german in (
        ("not a position", "ungültige Stellung 'not a position': erwartet werden die Reihen"),
        ("6/6/6 r", "ungültige Stellung '6/6/6 r': 6, 8 oder 10 Reihen erwartet, 3 gefunden"),
        ("6/6/6/6/6/6 x", "die Seite am Zug muss 'r' oder 'b' sein, nicht 'x'"),
        ("6/6/6/6/6/7 r", "Reihe 1 hat 7 Felder statt 6"),
        ("6/6/6/6/6/5q r", "unerwartetes 'q' in Reihe 1; verwende r, b oder eine Zahl"),
        ("6/6/6/6/6/06 r", "Reihe 1 hat die ungültige Leerfeldzahl '06'"),
        ("6/6/6/6/6/6 r", "auf dem Brett steht kein Stein"),
        ("x" * 300, "zu lang (300 Zeichen)"),
    ):
        app.position_text(text)
        message = app.screen().message
        assert german in message
        assert_german(message)
    app.click("z9")  # a square that is none
    assert_german(app.screen().message)
    app.drag("c3", "g7")
    assert app.screen().message == "Feld 'g7' liegt nicht auf dem 6x6-Brett"


def test_an_illegal_click_is_explained_in_german() -> None:
    app = german_app()
    app.click("c3")
    app.click("b3")
    assert app.screen().message == (
        "c3xb3 ist nicht erlaubt: ein Schlag darf sich nicht vom Mittelpunkt entfernen."
    )
    app.click("z9")
    assert app.screen().message.startswith("ungültiges Feld 'z9': erwartet werden ein Buchstabe")
    app.annotate("a1", "g1")
    assert app.screen().message == "Feld 'g1' liegt nicht auf dem 6x6-Brett"
    app.host_message("zola:load", "v1;size=6", from_parent=True, origin="")  # not an embed
    embed = App(in_frame=True, now=Clock())
    embed.start("#v1;size=6;embed", ["de"])
    embed.host_message("zola:load", "v1;size=6;moves=a1-a2", from_parent=True, origin="x")
    message = embed.screen().message
    assert "Zug 1: a1-a2 ist nicht erlaubt: ein Schritt muss auf ein leeres Feld gehen" in message
    assert_german(message)


def test_every_error_is_raised_with_a_key_of_the_table_and_translated() -> None:
    import re
    from pathlib import Path

    from zola.lang.i18n import ENGLISH, LANGUAGES, messages

    # Every key an error is raised with is in the table (a prefix: some key starts so).
    sources = Path(__file__).resolve().parents[1] / "zola"
    used = set()
    for path in sources.rglob("*.py"):
        if path.parent.name != "lang":
            used |= set(re.findall(r"\"(error\.[a-z_.]+)\"", path.read_text("utf-8")))
    assert len(used) > 40
    for key in used:
        assert key in ENGLISH or any(k.startswith(key) for k in ENGLISH), key
    for language in LANGUAGES[1:]:  # tests/test_i18n.py checks every message and its blanks
        table = messages(language)[0]
        same = {key for key in ENGLISH if key.startswith("error.") and table[key] == ENGLISH[key]}
        assert same == {"error.verbatim"}, language  # every other error message is translated


def test_the_colours_follow_the_system_unless_the_person_or_the_link_chooses() -> None:
    local = MemoryStore()
    app = new_app("#v1;size=6;moves=c3xd3", local=local, dark=True)
    screen = app.screen()
    assert screen.layout["dark"] and "theme-dark" in screen.board
    assert screen.controls["scheme"] == "auto" and screen.fragment == "v1;size=6;moves=c3xd3"
    app.prefer_dark(False)  # the system turned light
    assert not app.screen().layout["dark"] and "theme-light" in app.screen().board
    app.choose("scheme", "dark")  # the person chooses: remembered, whatever the system
    assert app.screen().layout["dark"] and local.get("zola-scheme") == "dark"
    again = new_app("#v1;size=6", local=local, dark=False)
    assert again.screen().layout["dark"] and again.screen().controls["scheme"] == "dark"
    # A link's word wins, and stays the link's; the reader's choice never enters a link.
    forced = new_app("#v1;size=6;moves=c3xd3;light", local=local, dark=True)
    assert not forced.screen().layout["dark"]
    assert forced.screen().fragment == "v1;size=6;moves=c3xd3;light"
    assert new_app("#v1;size=6;dark").screen().layout["dark"]
    with pytest.raises(InvalidOptionError):
        app.choose("scheme", "sepia")


def test_a_download_is_drawn_as_the_reader_sees_it_and_an_embed_follows_its_reader() -> None:
    app = new_app("#v1;size=6;moves=c3xd3", dark=True)
    app.button("download-svg")
    assert "theme-dark" in app.screen().download[1]
    app.button("copy-embed")
    code = app.screen().clipboard
    assert ";embed" in code and ";dark" not in code and ";light" not in code


def _flipped(app: App) -> bool:
    return 'data-flipped="1"' in app.screen().board


def test_against_the_computer_your_side_is_at_the_bottom_after_a_swap_too() -> None:
    app = new_app()
    app.choose("mode", "computer-second")  # you play first, as Red
    request = play(app, "c3xd3").request
    assert not _flipped(app)
    app.computer_answer(request.id, "swap")  # the computer takes Red: you now play Blue
    assert [str(m) for m in app.game.moves] == ["c3xd3", "swap"] and _flipped(app)
    app.history_key("Home")  # looking back before the swap keeps your side below
    assert app.game.ply == 0 and _flipped(app)
    app.button("flip")  # the reader's own flip still turns it
    assert not _flipped(app)
    assert app.screen().fragment.endswith(";flip")  # (the view's word, as before)
    app.button("download-svg")
    assert 'data-flipped="0"' in app.screen().download[1]  # a download as it is seen
    # Playing the computer's first move from the start: you are Blue from the start.
    second = new_app()
    second.choose("mode", "computer-first")
    assert _flipped(second)
    second.choose("mode", "humans")  # two people: the view decides alone
    assert not _flipped(second)


def test_a_selected_checker_is_pressed_and_its_targets_are_said() -> None:
    app = new_app()
    app.board_key("Enter")  # the cursor starts on a1: Red's checker there
    screen = app.screen()
    assert screen.announce == "a1 selected; it can move to b1, a2."
    assert 'data-square="a1" aria-pressed="true" aria-label="a1, red checker"' in screen.board
    assert app.screen().announce == ""  # said once
    app.board_key("Enter")  # pressed again: let go
    assert "aria-pressed" not in app.screen().board
    german = new_app(local=MemoryStore({"zola-language": "de"}))
    german.click("c3")
    assert german.screen().announce == "c3 ausgewählt; mögliche Ziele: d3, c4."


def test_the_board_palette_is_chosen_remembered_and_named_in_the_link() -> None:
    local = MemoryStore()
    app = new_app("#v1;size=6;moves=c3xd3", local=local)
    classic = app.screen()
    assert classic.controls["palette"] == "classic" and classic.fragment == "v1;size=6;moves=c3xd3"
    app.choose("palette", "contrast")
    screen = app.screen()
    assert local.get("zola-palette") == "contrast" and screen.controls["palette"] == "contrast"
    assert PALETTES["contrast"][0].background in screen.board
    assert PALETTES["classic"][0].background not in screen.board
    assert screen.fragment == "v1;size=6;moves=c3xd3;contrast"  # not the default: named
    app.button("copy-embed")
    assert ";embed;contrast" in app.screen().clipboard
    app.prefer_dark(True)
    assert PALETTES["contrast"][1].background in app.screen().board
    # The next visit: remembered; a link's word wins over it, and the choice over the word.
    again = new_app("#v1;size=6", local=local)
    assert again.screen().controls["palette"] == "contrast"
    linked = new_app("#v1;size=6;slate", local=local)
    assert linked.screen().controls["palette"] == "slate"
    assert PALETTES["slate"][0].background in linked.screen().board
    linked.choose("palette", "classic")
    assert linked.screen().fragment == "v1;size=6" and local.get("zola-palette") == "classic"
    assert PALETTES["classic"][0].background in linked.screen().board
    with pytest.raises(InvalidOptionError, match="choose classic, slate, contrast"):
        app.choose("palette", "sepia")


def test_a_typed_move_plays_as_a_drag_and_bad_text_says_why() -> None:
    app = new_app()
    assert app.screen().can_type and app.screen().move_choices == ()  # the box unused
    app.use_move_box(True)
    assert "c3xd3" in app.screen().move_choices and "pass" not in app.screen().move_choices
    app.type_move(" C3xD3 ")
    assert [str(move) for move in app.game.moves] == ["c3xd3"]
    assert "swap" in app.screen().move_choices
    app.type_move("c3xz9")
    assert app.screen().message == (
        "bad move 'c3xz9': bad square 'z9': expected a file a-j and a rank 1-10, like 'c3'"
    )
    app.type_move("a1-a2")  # a move by the wrong side, said as a click on it says it
    assert app.screen().message == "Not your checker: Blue is to move."
    app.type_move("pass")
    assert app.screen().message.startswith("pass is not a move to type")
    app.type_move("swap")
    assert app.game.swapped()
    app.choose("language", "de")
    app.type_move("c3+d4")
    assert app.screen().message.startswith("ungültiger Zug 'c3+d4'")


def test_the_move_box_offers_moves_only_to_a_person_to_play() -> None:
    app = new_app()
    app.use_move_box(True)
    app.choose("mode", "computer-first")  # the computer is to move
    assert app.screen().move_choices == () and not app.screen().can_type
    app.choose("mode", "humans")
    assert len(app.screen().move_choices) == len(app.game.legal_moves())
    assert app.screen().can_type
    app.use_move_box(False)  # left: nothing to offer until the reader comes back
    assert app.screen().move_choices == () and app.screen().can_type
    app.use_move_box(True)
    app.button("edit")
    assert app.screen().move_choices == () and not app.screen().can_type
