"""The play page's state and behaviour, free of any browser code.

``web/`` forwards clicks and keys here and draws what this returns, so the
whole page logic is testable on CPython.

>>> app = App()
>>> app.click("c3"); app.selected
22
>>> app.click("d3"); str(app.game.moves[-1]), app.status(), app.offers_swap()
('c3xd3', 'Blue to move.', True)
>>> app.click("a1"); app.message
'Not your checker: Blue is to move.'
"""

from __future__ import annotations

from dataclasses import replace

from zola.errors import IllegalMoveError, InvalidSquareError, ZolaError
from zola.game import Game
from zola.geometry import parse_square
from zola.link import View, parse_game, parse_view, position_only, unparse
from zola.move import PASS, Move
from zola.position import BLUE, COLOR_NAMES, RED
from zola.record import encode
from zola.svg import THEMES, render

PLAYER_LABELS = ("first player", "second player")


def _color(color: int) -> str:
    return COLOR_NAMES[color].capitalize()


class App:
    """One board on the page: the game, the selection, view options and the notice line.

    ``message`` is the latest notice for a person (an illegal click, a forced
    pass, a broken link); every action replaces it.
    """

    def __init__(self, size: int = 6) -> None:
        self.game = Game(size)
        self.view = View()
        self.selected: int | None = None
        self.pie_kept = False
        self.message = ""
        self.played: list[Move] = []  # moves played since the page last took them

    # -- loading and saving -------------------------------------------------------

    def load(self, fragment: str) -> None:
        """Open the game and view of a URL fragment; a broken game gives a notice and a new game."""
        self.view = parse_view(fragment)
        try:
            game = parse_game(fragment)
        except ZolaError as error:
            self._reset(Game(self.game.size))
            reason = str(error)
            self.message = f"{reason[0].upper()}{reason[1:]}. A new game was started."
        else:
            self._reset(game)

    def fragment(self) -> str:
        """The URL fragment of the game and view, without ``#``."""
        return unparse(self.game, self.view)

    def share_fragment(self) -> str:
        """The fragment to share: the game (at the viewed ply) without view options."""
        return encode(self.game)

    def position_fragment(self) -> str:
        """The fragment of the viewed position alone, without the moves that led to it."""
        return encode(position_only(self.game))

    def toggle(self, option: str) -> None:
        """Flip a yes/no view option, e.g. ``"flip"`` or ``"shading"``."""
        self.view = replace(self.view, **{option: not getattr(self.view, option)})

    def new_game(self, size: int) -> None:
        """Start a new game on a ``size`` x ``size`` board."""
        self._reset(Game(size))

    def _reset(self, game: Game) -> None:
        self.game = game
        self.selected = None
        self.pie_kept = False
        self.message = ""

    # -- playing ------------------------------------------------------------------

    def click(self, name: str) -> None:
        """Handle a click on the square called ``name``: select a checker or move it."""
        self.message = ""
        game = self.game
        try:
            square = parse_square(name, game.size)
        except InvalidSquareError as error:
            self.message = str(error)
            return
        if self.view.static:
            self.message = "This board is for viewing only."
            return
        if game.is_game_over():
            self.message = f"The game is over: {self.result()} Start a new game to play again."
            return
        owner = game.position.piece_at(square)
        turn = _color(game.turn)
        if owner == game.turn:
            self.selected = None if self.selected == square else square
            if self.selected is not None and not any(
                m.from_square == square for m in game.position.legal_moves()
            ):
                self.message = f"The checker on {name} has no legal move."
            return
        if self.selected is None:
            if owner is None:
                self.message = f"Select one of {turn}'s checkers first."
            else:
                self.message = f"Not your checker: {turn} is to move."
            return
        try:
            move = game.position.move_between(self.selected, square)
        except IllegalMoveError as error:
            self.message = f"{error}."
            return
        self.play(move)

    def play(self, move: Move | str) -> None:
        """Play a legal move (from a click, the AI or the pie offer), then any forced passes."""
        self.played.append(self.game.play(move))
        self.selected = None
        self.message = ""
        while self.game.legal_moves() == [Move.PASS]:
            self.message = f"{_color(self.game.turn)} has no legal move and passes."
            self.played.append(self.game.play(Move.PASS))

    def swap(self) -> None:
        """Accept the pie offer: the players exchange colours."""
        self.play(Move.SWAP)

    def take_played(self) -> list[Move]:
        """The moves played since the last call (for the page to announce)."""
        played, self.played = self.played, []
        return played

    def keep(self) -> None:
        """Decline the pie offer: Blue keeps its colour and moves."""
        self.pie_kept = True
        self.message = ""

    def hints(self) -> list[Move]:
        """The legal moves of the selected checker."""
        if self.selected is None or not self.view.hints:
            return []
        return [m for m in self.game.position.legal_moves() if m.from_square == self.selected]

    # -- history ------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move, and a forced pass together with the move before it."""
        self.go_to(self._skip_passes(self.game.ply - 1, -1))

    def redo(self) -> None:
        """Replay the next move, with the forced pass that follows it."""
        self.go_to(self._skip_passes(self.game.ply + 1, +1))

    def _skip_passes(self, ply: int, step: int) -> int:
        moves = self.game.moves
        while 0 < ply < len(moves) and moves[ply].kind == PASS:
            ply += step
        return ply

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves (the moves after it stay recorded)."""
        self.game.go_to(ply)
        self.selected = None
        self.pie_kept = False
        self.message = ""

    # -- what the page shows ----------------------------------------------------------

    def result(self) -> str:
        """``'Red wins.'`` and who that is, or ``''`` while the game goes on."""
        winner = self.game.winner()
        if winner is None:
            return ""
        return f"{_color(winner)} wins ({PLAYER_LABELS[self.game.player_of(winner)]})."

    def offers_swap(self) -> bool:
        """Whether to show the pie offer (Swap / Keep)."""
        return self.game.can_swap() and not self.pie_kept

    def status(self) -> str:
        """The turn or the result, in one sentence."""
        if self.game.is_game_over():
            return self.result()
        turn = _color(self.game.turn)
        if self.game.swapped():
            player = PLAYER_LABELS[self.game.player_of(self.game.turn)]
            return f"{turn} to move ({player})."
        return f"{turn} to move."

    def counts(self) -> tuple[int, int]:
        """Red's and Blue's checkers on the board."""
        return self.game.position.count(RED), self.game.position.count(BLUE)

    def move_list(self) -> list[str]:
        """The recorded moves as text, the ones after the viewed ply included."""
        return [str(m) for m in self.game.moves]

    def board_svg(self) -> str:
        """The board as SVG, with selection, legal-move hints and the last move."""
        game = self.game
        return render(
            game.position,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            selected=self.selected,
            hints=self.hints(),
            last_move=self._last_board_move(),
            theme=THEMES[self.view.theme],
        )

    def _last_board_move(self) -> Move | None:
        for move in reversed(self.game.moves[: self.game.ply]):
            if move.from_square >= 0:
                return move
        return None
