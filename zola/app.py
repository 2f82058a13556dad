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
>>> app.language = "de"; app.message
'Nicht dein Stein: Blau ist am Zug.'
"""

from zola.errors import InvalidSquareError, ZolaError
from zola.game import Game
from zola.geometry import parse_square, square, square_file, square_name, square_rank
from zola.i18n import Text, say
from zola.levels import DEFAULT_LEVEL, level_settings
from zola.link import DEFAULT_VIEW, parse, position_only, unparse
from zola.move import PASS, SWAP, Move
from zola.position import BLUE, COLOR_NAMES, RED
from zola.record import encode
from zola.svg import THEMES, render

PLAYERS = (Text("player.first"), Text("player.second"))
YOU, COMPUTER = Text("player.you"), Text("player.computer")
HINT_LEVEL = "strong"  # the level that suggests moves to a person
# Who the computer plays in each mode: (first player, second player).
MODES = {
    "humans": (False, False),
    "computer-second": (False, True),
    "computer-first": (True, False),
    "computers": (True, True),
}
COLORS = tuple(Text(f"color.{name}") for name in COLOR_NAMES)


class App:
    """One board on the page: the game, the selection, view options and the notice line.

    ``notice`` is the latest word for a person (an illegal click, a forced
    pass, a broken link); every action replaces it. ``message`` says it in
    ``language``.
    """

    def __init__(self, size: int = 6, language: str = "en") -> None:
        self.game = Game(size)
        self.view = DEFAULT_VIEW
        self.language = language
        self.selected: int | None = None
        self.cursor = 0  # the square the keyboard is on
        self.pie_kept = False
        self.notice: str = ""
        self.played: list[tuple[int, Move]] = []  # (colour, move) since the page last took them
        self.mode = "humans"
        self.level = DEFAULT_LEVEL
        self.thinking = False  # the computer is choosing a move
        self.stalled = False  # the computer failed; waiting for a retry
        self.hint: Move | None = None

    def say(self, text: str) -> str:
        """``text`` in the page's language (plain strings pass unchanged)."""
        return say(self.language, text) if isinstance(text, Text) else text

    @property
    def message(self) -> str:
        """The notice in the page's language."""
        return self.say(self.notice)

    # -- loading and saving -------------------------------------------------------

    def load(self, fragment: str) -> None:
        """Open the game and view of a URL fragment; a broken game gives a notice and a new game."""
        try:
            game, self.view = parse(fragment)
        except ZolaError as error:
            self._reset(Game(self.game.size))
            self.notice = Text("notice.bad_link", detail=str(error).replace("bad game link: ", ""))
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
        self.view = self.view.replace(**{option: not getattr(self.view, option)})

    def new_game(self, size: int) -> None:
        """Start a new game on a ``size`` x ``size`` board."""
        self._reset(Game(size))

    def _reset(self, game: Game) -> None:
        self.game = game
        self.selected = None
        self.cursor = 0
        self.hint = None
        self.stalled = False
        self.pie_kept = False
        self.notice = ""

    # -- playing ------------------------------------------------------------------

    def click(self, name: str) -> None:
        """Handle a click on the square called ``name``: select a checker or move it."""
        self.notice = ""
        game = self.game
        try:
            square = parse_square(name, game.size)
        except InvalidSquareError as error:
            self.notice = str(error)
            return
        self.cursor = square
        self.hint = None
        if self.thinking:
            self.notice = Text("notice.thinking")
            return
        if self.view.static:
            self.notice = Text("notice.static")
            return
        if game.is_game_over():
            self.notice = Text("notice.game_over", result=self.result())
            return
        if self.computer_to_move():
            self.notice = Text("notice.computer_turn")
            return
        owner = game.position.piece_at(square)
        turn = COLORS[game.turn]
        if owner == game.turn:
            self.selected = None if self.selected == square else square
            if self.selected is not None and not self._moves_from(square):
                self.notice = Text("notice.no_moves", square=name)
            return
        if self.selected is None:
            key = "notice.select_first" if owner is None else "notice.not_yours"
            self.notice = Text(key, color=turn)
            return
        move = game.position.move_between(self.selected, square)
        reason = game.why_illegal(move)
        if reason is not None:
            self.notice = Text("notice.illegal", move=str(move), reason=reason)
            return
        self.play(move)

    def drag(self, start: str, end: str) -> None:
        """A drag from one square to another: select the checker on ``start``, act on ``end``."""
        if self.selected is None or square_name(self.selected) != start:
            self.click(start)
        if self.selected is not None and square_name(self.selected) == start:
            self.click(end)

    def move_cursor(self, right: int, up: int) -> None:
        """Move the keyboard cursor as the board is seen (flipped or not), within the board."""
        if self.view.flip:
            right, up = -right, -up
        file = min(max(square_file(self.cursor) + right, 0), self.game.size - 1)
        rank = min(max(square_rank(self.cursor) + up, 0), self.game.size - 1)
        self.cursor = square(file, rank)

    def press(self) -> None:
        """Enter or Space on the cursor's square: the same as a click there."""
        self.click(square_name(self.cursor))

    def play(self, move: Move | str) -> None:
        """Play a legal move (from a click, the AI or the pie offer), then any forced passes."""
        self.played.append((self.game.turn, self.game.play(move)))
        self.selected = None
        self.hint = None
        self.notice = ""
        if self.game.moves[self.game.ply - 1] == Move.SWAP:
            self.notice = Text("notice.swapped")
        while self.game.legal_moves() == [Move.PASS]:
            self.notice = Text("notice.pass", color=COLORS[self.game.turn])
            self.played.append((self.game.turn, self.game.play(Move.PASS)))

    def take_played(self) -> list[tuple[int, Move]]:
        """The ``(colour, move)`` pairs played since the last call, for the page to announce."""
        played, self.played = self.played, []
        return played

    def describe(self, color: int, move: Move) -> str:
        """One sentence saying who played what, e.g. ``'Red played c3xd3.'``."""
        key = {PASS: "announce.pass", SWAP: "announce.swap"}.get(move.kind, "announce.move")
        return self.say(Text(key, color=COLORS[color], move=str(move)))

    def swap(self) -> None:
        """Accept the pie offer: the players exchange colours."""
        self.play(Move.SWAP)

    def keep(self) -> None:
        """Decline the pie offer: Blue keeps its colour and moves."""
        self.pie_kept = True
        self.notice = ""

    def _moves_from(self, square: int) -> list[Move]:
        return [m for m in self.game.position.legal_moves() if m.from_square == square]

    def hints(self) -> list[Move]:
        """The legal moves of the selected checker, when hints are shown."""
        if self.selected is None or not self.view.hints:
            return []
        return self._moves_from(self.selected)

    # -- history ------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move (with a forced pass before it), back to a person's turn."""
        ply = self._skip_passes(self.game.ply - 1, -1)
        while ply > 0 and self.computer_plays(ply):
            ply = self._skip_passes(ply - 1, -1)
        self.go_to(ply)

    def redo(self) -> None:
        """Replay the next move (with a forced pass after it), on to a person's turn."""
        ply = self._skip_passes(self.game.ply + 1, +1)
        while ply < len(self.game.moves) and self.computer_plays(ply):
            ply = self._skip_passes(ply + 1, +1)
        self.go_to(ply)

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
        self.hint = None
        self.notice = ""

    # -- what the page shows ----------------------------------------------------------

    def result(self) -> Text | str:
        """``'Red wins (first player).'``, or ``''`` while the game goes on."""
        winner = self.game.winner()
        if winner is None:
            return ""
        player = self._player_label(self.game.player_of(winner))
        return Text("status.win", color=COLORS[winner], player=player)

    def _player_label(self, player: int) -> Text:
        """``first player``/``second player``, or ``you``/``computer`` against the computer."""
        computer = MODES[self.mode]
        if computer[0] != computer[1]:
            return COMPUTER if computer[player] else YOU
        return PLAYERS[player]

    def offers_swap(self) -> bool:
        """Whether to show the pie offer (Swap / Keep) to a person."""
        return self.game.can_swap() and not self.pie_kept and not self.computer_plays()

    # -- the computer ---------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Choose who the computer plays: one of :data:`MODES`."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        self.hint = None
        self.stalled = False

    def set_level(self, level: str) -> None:
        """Choose the computer's level: one of :data:`zola.ai.LEVELS`."""
        level_settings(level)
        self.level = level

    def computer_plays(self, ply: int | None = None) -> bool:
        """Whether the computer plays the side to move after ``ply`` moves (default: now)."""
        return MODES[self.mode][self.game.player_to_move(ply)]

    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn now.

        Only at the end of the recorded line: a person looking back through the
        moves is never interrupted.
        """
        game = self.game
        return not game.is_game_over() and game.ply == len(game.moves) and self.computer_plays()

    def should_ask_computer(self) -> bool:
        """Whether the page should ask the computer for a move now."""
        return self.computer_to_move() and not self.thinking and not self.stalled

    def time_limit(self, level: str | None = None) -> float:
        """The computer's thinking time per move at ``level`` (default: the chosen one)."""
        return level_settings(level or self.level).time_limit

    def computer_move(self, fragment: str, move: str) -> bool:
        """Play the computer's answer for the game ``fragment``; ignore a stale one.

        Returns whether the move was played: not if the game changed meanwhile.
        """
        self.thinking = False
        if fragment != self.share_fragment() or not self.computer_to_move():
            return False
        self.play(move)
        return True

    def computer_failed(self, detail: str) -> None:
        """The computer gave no answer: say so; the game stays as it is."""
        self.thinking = False
        self.stalled = True
        self.notice = Text("notice.computer_failed", detail=detail)

    def hint_failed(self, detail: str) -> None:
        """No hint came: say so, and let the game go on."""
        self.thinking = False
        self.notice = Text("notice.computer_failed", detail=detail)

    def retry(self) -> None:
        """Ask the computer again after a failure."""
        self.stalled = False
        self.notice = ""

    def show_hint(self, move: str) -> None:
        """Show the computer's suggestion for the person to move."""
        self.hint = Move.parse(move)
        self.notice = Text("notice.hint", move=move)

    def status(self) -> str:
        """The turn or the result, in one sentence of the page's language."""
        game = self.game
        if game.is_game_over():
            return self.say(self.result())
        turn = COLORS[game.turn]
        computer = MODES[self.mode]
        if game.swapped() or computer[0] != computer[1]:
            player = self._player_label(game.player_of(game.turn))
            return self.say(Text("status.turn_player", color=turn, player=player))
        return self.say(Text("status.turn", color=turn))

    def counts(self) -> tuple[str, str]:
        """Red's and Blue's checkers on the board, as ``'Red 18'`` and ``'Blue 17'``."""
        position = self.game.position
        return tuple(  # type: ignore[return-value]
            self.say(Text("status.count", color=COLORS[c], count=position.count(c)))
            for c in (RED, BLUE)
        )

    def move_list(self) -> list[str]:
        """The recorded moves as text, the ones after the viewed ply included."""
        return [str(m) for m in self.game.moves]

    def board_svg(self) -> str:
        """The board as SVG, with selection, legal-move hints and the last move."""
        return render(
            self.game.position,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            selected=self.selected,
            hints=self.hints(),
            last_move=self._last_board_move(),
            arrows=[self.hint] if self.hint is not None and self.hint.from_square >= 0 else [],
            theme=THEMES[self.view.theme],
            language=self.language,
            focus=None if self.view.static else self.cursor,
        )

    def _last_board_move(self) -> Move | None:
        for move in reversed(self.game.moves[: self.game.ply]):
            if move.from_square >= 0:
                return move
        return None
