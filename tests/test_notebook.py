"""The notebook widget (zola.notebook): its Python side, message by message, and a real
kernel running a notebook that plays on it, the widget's state saved with the notebook."""

from __future__ import annotations

from pathlib import Path

import pytest

from zola import Game, InvalidOptionError, Move
from zola.draw.movelist import move_list
from zola.notebook import ESM, Board
from zola.page.board import Board as PageBoard
from zola.rules.link import parse

ROOT = Path(__file__).resolve().parents[1]
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def click(board: Board, *squares: str) -> None:
    for square in squares:
        board.handle({"type": "click", "square": square})


def test_a_click_message_plays_a_move_and_the_traitlets_follow() -> None:
    board = Board(Game(6))
    changed: list[str] = []
    board.observe(lambda change: changed.append(change["name"]), names=["svg", "status"])
    click(board, "c3")
    assert 'data-square="d3"' in board.svg and board.status == "Red to move."
    selected = board.svg
    click(board, "d3")
    assert board.game.moves == [Move.parse("c3xd3")]
    assert board.status == "Blue to move." and board.turn == "blue"
    assert board.svg != selected and "svg" in changed and "status" in changed
    assert board.can_back and not board.can_forward and board.pie
    assert board.moves == move_list(board.game, {}) and "c3xd3" in board.moves


def test_the_widget_draws_what_the_pages_board_draws() -> None:
    link = "v1;size=6;moves=c3xd3.c4xd3;flip"
    game, view = parse(link)
    page = PageBoard(game, view.replace(embed=True))
    assert Board(link).svg == page.svg()


def test_an_illegal_click_says_why_and_changes_nothing() -> None:
    board = Board("v1;size=6")
    click(board, "b1")
    assert board.message == "Not your checker: Red is to move."
    click(board, "c3", "b3")
    assert board.game.moves == []
    assert board.message == "c3xb3 is not legal: a capture may not move away from the centre."
    click(board, "z9")
    assert board.message.startswith("bad square 'z9'")


def test_the_buttons_and_the_move_list_step_through_the_game() -> None:
    board = Board("v1;size=6;moves=c3xd3.c4xd3.c1xd1", panel=True)
    assert board.status == "Blue to move." and board.can_back and not board.can_forward
    board.handle({"type": "button", "name": "first"})
    assert board.game.ply == 0 and not board.can_back and board.can_forward
    assert board.status == "Red to move."
    board.handle({"type": "button", "name": "forward"})
    assert board.game.ply == 1 and board.can_back and board.can_forward
    board.handle({"type": "button", "name": "last"})
    assert board.game.ply == 3 and not board.can_forward
    board.handle({"type": "button", "name": "back"})
    assert board.game.ply == 2
    board.handle({"type": "node", "number": 1})
    assert board.game.ply == 1 and 'aria-current="step"' in board.moves
    flat = board.svg
    board.handle({"type": "button", "name": "flip"})
    assert board.board.view.flip and board.svg != flat


def test_a_move_tried_in_the_past_makes_a_variation() -> None:
    board = Board("v1;size=6;moves=c3xd3.c4xd3", panel=True)
    board.handle({"type": "button", "name": "back"})
    click(board, "e4", "d3")
    assert board.status == "Red to move." and 'class="variations"' in board.moves


@pytest.mark.parametrize(
    "message",
    [{"type": "jump"}, {"type": "button", "name": "reset"}, {"type": "click", "square": 3}],
)
def test_a_message_it_does_not_know_is_refused(message: dict[str, object]) -> None:
    board = Board(Game(6))
    with pytest.raises(InvalidOptionError):
        board.handle(message)


def test_view_options_and_links() -> None:
    assert Board("https://x.example/zola/#v1;size=8;panel", theme="dark").board.view.theme == "dark"
    assert Board(Game(6)).board.view.panel and not Board("v1;size=6").board.view.panel
    assert Board(Game(6), panel=False).board.view.panel is False
    with pytest.raises(InvalidOptionError, match="shade"):
        Board(Game(6), shade=True)
    assert Board(Game(6), language="de").labels["back"] == "Einen Zug zurück"


def test_without_the_widget_front_end_the_board_shows_as_html() -> None:
    board = Board("v1;size=6;moves=c3xd3")
    data, _ = board._repr_mimebundle_()
    assert WIDGET_VIEW in data
    html = board._repr_html_()
    assert html.startswith('<div class="zola-diagram"') and board.svg in html
    # The game and the position keep showing themselves as boards.
    assert Game(6)._repr_svg_().startswith("<svg") and "<svg" in Game(6).position._repr_html_()


def test_the_front_end_sends_clicks_and_presses_and_paints_traitlets() -> None:
    for needed in ('model.send({ type: "click"', 'model.send({ type: "button"', "[data-square]"):
        assert needed in ESM
    for name in ("svg", "status", "moves", "can_back", "can_forward", "pie", "labels", "message"):
        assert f'model.get("{name}")' in ESM


@pytest.mark.slow
def test_a_real_kernel_plays_on_the_widget_and_the_notebook_keeps_its_state(
    tmp_path: Path,
) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    cells = [
        "import zola, pathlib\n"
        f"assert pathlib.Path(zola.__file__).parent == pathlib.Path({str(ROOT / 'zola')!r})",
        "from zola.notebook import Board\n"
        'board = Board("v1;size=6;moves=c3xd3", panel=True)\n'
        "board",
        'board.handle({"type": "click", "square": "c4"})\n'
        'board.handle({"type": "click", "square": "d3"})\n'
        "print(board.status, board.game.moves[-1])",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    client = nbclient.NotebookClient(
        notebook, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    path = tmp_path / "board.ipynb"
    nbformat.write(notebook, path)
    saved = nbformat.read(path, as_version=4)

    shown = saved.cells[1].outputs[0]["data"]
    assert WIDGET_VIEW in shown and '<div class="zola-diagram"' in shown["text/html"]
    assert saved.cells[2].outputs[0]["text"] == "Red to move. c4xd3\n"
    model = shown[WIDGET_VIEW]["model_id"]
    state = saved.metadata["widgets"][WIDGET_STATE]["state"][model]["state"]
    # What the kernel computed after the move is what the saved widget shows.
    assert state["status"] == "Red to move." and "c4xd3" in state["moves"]
    assert state["svg"].startswith("<svg") and 'data-square="d3"' in state["svg"]
    here = Board("v1;size=6;moves=c3xd3", panel=True)
    click(here, "c4", "d3")
    assert state["svg"] == here.svg and state["moves"] == here.moves
    assert here.svg not in shown["text/html"] and state["can_back"] is True
    assert state["_esm"] == ESM
