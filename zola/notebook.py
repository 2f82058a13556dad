"""A live board in a Jupyter notebook: a widget on anywidget (the ``notebook`` extra).

The kernel's Python computes everything: the widget holds a
:class:`zola.page.board.Board`, the same board as the play page's and the docs pages'
live boards (selection and legal-move marks, why a move is illegal, the pie offer,
passes, stepping, the move list, the status, the SVG), and syncs what it shows as
traitlets. Its front end (:data:`ESM`) only paints them and sends each click on a
square and each button press back as a message (see :meth:`Board.handle`). CPython
only: the page never imports it.

>>> from zola.notebook import Board
>>> board = Board("v1;size=6;moves=c3xd3")
>>> board.status, board.can_back, board.can_forward
('Blue to move.', True, False)
>>> board.handle({"type": "click", "square": "c4"}); board.handle({"type": "click", "square": "d3"})
>>> board.status, board.game.moves[-1]
('Red to move.', Move.parse('c4xd3'))
>>> board.handle({"type": "button", "name": "first"}); board.can_back, board.can_forward
(False, True)
"""

import anywidget
import traitlets

from zola.page.board import ACTIONS
from zola.page.board import Board as PageBoard
from zola.page.board_screen import board_fields
from zola.page.live import labels
from zola.rules.errors import InvalidOptionError
from zola.rules.game import Game
from zola.rules.link import DEFAULT_VIEW, View, parse

# The front end: it paints the traitlets and sends what the reader does to the kernel
# ({"type": "click", "square": "c3"}, {"type": "button", "name": "back"},
# {"type": "node", "number": 2}). The board and the move list are zola's markup (its
# renderer escapes its text); the rest is set as text.
ESM = """
const BUTTONS = [["first", "«"], ["back", "‹"], ["forward", "›"], ["last", "»"], ["flip", "⇅"]];

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "zola-notebook";
  const board = document.createElement("div");
  board.className = "zola-board";
  const bar = document.createElement("div");
  bar.className = "zola-bar";
  const buttons = {};
  const press = (name) => () => model.send({ type: "button", name });
  for (const [name, sign] of BUTTONS.concat([["swap", ""], ["keep", ""]])) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.do = name;
    button.textContent = sign;
    button.addEventListener("click", press(name));
    buttons[name] = button;
    bar.append(button);
  }
  const status = document.createElement("p");
  status.className = "zola-status";
  status.setAttribute("aria-live", "polite");
  const message = document.createElement("p");
  message.className = "zola-message";
  const moves = document.createElement("ol");
  moves.className = "zola-moves";
  root.append(board, bar, status, message, moves);
  el.append(root);

  board.addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]");
    if (square) model.send({ type: "click", square: square.dataset.square });
  });
  moves.addEventListener("click", (event) => {
    const item = event.target.closest("[data-node]");
    if (item) model.send({ type: "node", number: Number(item.dataset.node) });
  });

  function paint() {
    board.innerHTML = model.get("svg"); // drawn by zola.draw.svg, which escapes its text
    moves.innerHTML = model.get("moves"); // made by zola.draw.movelist, escaped likewise
    moves.hidden = !model.get("moves");
    status.textContent = model.get("status");
    status.dataset.turn = model.get("turn");
    message.textContent = model.get("message");
    const words = model.get("labels");
    for (const [name, button] of Object.entries(buttons)) {
      button.title = words[name] || "";
      button.setAttribute("aria-label", words[name] || "");
      if (name === "swap" || name === "keep") button.textContent = words[name] || name;
    }
    buttons.first.disabled = buttons.back.disabled = !model.get("can_back");
    buttons.forward.disabled = buttons.last.disabled = !model.get("can_forward");
    buttons.swap.hidden = buttons.keep.hidden = !model.get("pie");
  }
  paint();
  model.on("change", paint);
  return () => model.off("change", paint);
}

export default { render };
"""

CSS = """
.zola-notebook { max-width: 360px; font: 14px/1.4 system-ui, sans-serif; }
.zola-board > svg { display: block; width: 100%; height: auto; }
.zola-board [data-square] { cursor: pointer; }
.zola-bar { display: flex; gap: 0.3em; margin-top: 0.3em; }
.zola-bar button { min-width: 2.2em; }
.zola-bar button[hidden] { display: none; }
.zola-notebook p { margin: 0.2em 0; }
.zola-status { font-weight: 600; }
.zola-message:empty { display: none; }
.zola-moves { list-style: none; padding: 0; margin: 0.3em 0 0; max-height: 6em; overflow-y: auto;
  display: grid; grid-template-columns: repeat(2, 1fr); font-family: monospace; }
.zola-moves[hidden] { display: none; }
.zola-moves .ply { opacity: 0.6; margin-right: 0.3em; }
.zola-moves button { border: 0; background: none; padding: 0 0.3em; cursor: pointer; }
.zola-moves button.current { background: #f2c94c; color: #2b2620; }
"""

VIEW_OPTIONS = ("panel", "static", "flip", "shading", "coordinates", "hints", "theme", "palette")


class Board(anywidget.AnyWidget):
    """A live board of ``game_or_link`` (a :class:`~zola.Game`, played on as it is, or a
    link or its fragment, e.g. ``"v1;size=6;moves=c3xd3;flip"``) in ``language``.

    The view options (:data:`VIEW_OPTIONS`, as :class:`zola.rules.link.View` names
    them) change the link's: ``Board(game, flip=True, theme="dark")``. The move list is
    shown unless ``panel=False`` (for a link: unless it says no ``panel``); ``static``
    shows the board without letting the reader play on it.

    >>> Board("https://x.example/zola/#v1;size=8;panel", flip=True).board.view.flip
    True
    >>> Board(Game(6), shade=True)
    Traceback (most recent call last):
    ...
    zola.InvalidOptionError: no view option 'shade'
    """

    _esm = ESM
    _css = CSS
    svg = traitlets.Unicode("").tag(sync=True)  # the board, drawn by zola.draw.svg
    status = traitlets.Unicode("").tag(sync=True)  # whose turn, or the result
    turn = traitlets.Unicode("").tag(sync=True)  # "red", "blue", "" when the game is over
    message = traitlets.Unicode("").tag(sync=True)  # why a move is illegal, a pass
    moves = traitlets.Unicode("").tag(sync=True)  # the move list (zola.draw.movelist)
    can_back = traitlets.Bool(False).tag(sync=True)
    can_forward = traitlets.Bool(False).tag(sync=True)
    pie = traitlets.Bool(False).tag(sync=True)  # the pie rule's offer: swap or keep
    labels = traitlets.Dict().tag(sync=True)  # the buttons' words, by name

    def __init__(
        self, game_or_link: Game | str = "", language: str = "en", **view: bool | str
    ) -> None:
        super().__init__()
        unknown = sorted(set(view) - set(VIEW_OPTIONS))
        if unknown:
            raise InvalidOptionError(f"no view option {unknown[0]!r}")
        if isinstance(game_or_link, Game):
            game, shown = game_or_link, DEFAULT_VIEW.replace(panel=True)
        else:
            game, shown = parse(game_or_link.rpartition("#")[2])
        # A board of a notebook, like a docs page's: no editor, no host page to talk to.
        self.board = PageBoard(game, _notebook_view(shown, view))
        self.board.language = language
        self.labels = labels(language)
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))
        self.paint()

    @property
    def game(self) -> Game:
        """The game on the board, with the moves tried on it."""
        return self.board.game

    def handle(self, message: dict[str, object]) -> None:
        """A message from the front end: ``{"type": "click", "square": "c3"}``,
        ``{"type": "button", "name": NAME}`` (one of :data:`zola.page.board.ACTIONS`) or
        ``{"type": "node", "number": N}`` (a move of the move list; 0: the start). The
        board then shows what it did (an illegal move says why in :attr:`message`).

        >>> board = Board(Game(6))
        >>> board.handle({"type": "click", "square": "b1"}); board.message
        'Not your checker: Red is to move.'
        >>> board.handle({"type": "jump"})
        Traceback (most recent call last):
        ...
        zola.InvalidOptionError: unknown message {'type': 'jump'}
        """
        kind, board = message.get("type"), self.board
        square, name, number = message.get("square"), message.get("name"), message.get("number")
        if kind == "click" and isinstance(square, str):
            board.click(square)
        elif kind == "button" and isinstance(name, str) and name in ACTIONS:
            board.press(name)
        elif kind == "node" and isinstance(number, int):
            board.go_to_node(number)
        else:
            raise InvalidOptionError(f"unknown message {message!r}")
        self.paint()

    def paint(self) -> None:
        """Sync the traitlets with what the board shows now."""
        board = self.board
        shown = board_fields(board, motion=None, announce=board.announce(), moves=board.view.panel)
        with self.hold_sync():
            self.svg = shown["board"]
            self.status = shown["status"]
            self.turn = shown["turn"]
            self.message = shown["message"]
            self.moves = shown["move_list"]
            self.can_back = shown["can_back"]
            self.can_forward = shown["can_forward"]
            self.pie = shown["pie"]

    def _repr_html_(self) -> str:
        """The board as it stands, for a front end without the widget (a static page):
        the same SVG, at most 360 pixels wide, as a :class:`~zola.Game` shows."""
        return f'<div class="zola-diagram" style="max-width:360px">{self.svg}</div>'


def _notebook_view(shown: View, options: dict[str, bool | str]) -> View:
    """The view of a notebook's board: the link's (``shown``), with ``options``."""
    changes: dict[str, bool | str] = {"embed": True, "edit": False, "origin": "", "puzzle": ""}
    changes.update(options)
    return shown.replace(**changes)

