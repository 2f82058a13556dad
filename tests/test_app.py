"""The page's behaviour without a browser: clicks, notices, passes, the pie offer, history."""

from zola import Move, Position, decode
from zola.app import App


def test_click_selects_then_moves_and_clears_the_selection() -> None:
    app = App()
    app.click("c3")
    assert app.selected == 22
    assert {str(m) for m in app.hints()} == {"c3xd3", "c3xc4"}
    app.click("c3")
    assert app.selected is None
    app.click("c3")
    app.click("c4")
    assert [str(m) for m in app.game.moves] == ["c3xc4"] and app.selected is None


def test_notices_for_clicks_that_do_nothing() -> None:
    app = App()
    app.click("b1")
    assert app.message == "Not your checker: Red is to move."
    app.click("c3")
    app.click("b3")
    assert app.message == "c3xb3 is not legal: a capture may not move away from the centre."
    assert app.selected == 22
    app.click("z9")
    assert "bad square" in app.message


def test_a_forced_pass_is_played_for_the_stuck_player_and_announced() -> None:
    app = App()
    app.load("v1;size=6;start=6/6/6/2b3/6/r5_b")
    app.click("c3")
    app.click("c2")  # now Red's a1 has no line to Blue: Red must pass
    assert [str(m) for m in app.game.moves] == ["c3-c2", "pass"]
    assert app.message == "Red has no legal move and passes."
    assert app.game.turn == 1
    app.undo()  # undo takes back the pass and the move before it
    assert app.game.ply == 0
    app.redo()
    assert app.game.ply == 2


def test_pie_offer_swap_and_keep() -> None:
    app = App()
    app.click("c3")
    app.click("d3")
    assert app.offers_swap()
    app.keep()
    assert not app.offers_swap() and app.game.can_swap()
    app.swap()
    assert app.game.swapped()
    assert app.status() == "Blue to move (first player)."


def test_a_finished_game_reports_the_winner_and_refuses_clicks() -> None:
    app = App()
    app.load("v1;size=6;start=6/6/6/6/1r4/b5_b;moves=a1xb2")
    assert app.status() == "Blue wins (second player)."
    app.click("b2")
    assert app.message.startswith("The game is over: Blue wins")


def test_loading_links() -> None:
    app = App()
    app.load("#v1;size=8;moves=d4xe4;ply=0")
    assert app.game.size == 8 and app.game.ply == 0 and app.fragment().endswith("ply=0")
    app.load("#v1;size=8;moves=a1-a2")
    assert app.message.startswith("This link holds no valid game (move 1: a1-a2 is not legal")
    assert app.game.position == Position.start(8)
    app.load("")
    assert app.message == "" and decode(app.fragment()).moves == []


def test_board_svg_shows_selection_hints_and_last_move() -> None:
    app = App()
    app.click("c3")
    svg = app.board_svg()
    assert svg.count('class="hint capture"') == 2 and 'class="selected"' in svg
    app.click("d3")
    assert svg != app.board_svg() and 'class="last-move"' in app.board_svg()
    assert app.move_list() == ["c3xd3"] and app.counts() == ("Red 18", "Blue 17")
    app.game.play(Move.SWAP)
    assert 'class="capture-mark"' in app.board_svg()  # the last board move stays marked


def test_a_drag_plays_like_two_clicks() -> None:
    app = App()
    app.drag("c3", "d3")
    assert [str(m) for m in app.game.moves] == ["c3xd3"]
    app.drag("a1", "a2")  # not Blue's checker: nothing is selected, nothing moves
    assert app.message == "Not your checker: Blue is to move." and len(app.game.moves) == 1
    app.click("c4")
    app.drag("c4", "d3")  # already selected
    assert [str(m) for m in app.game.moves] == ["c3xd3", "c4xd3"]
