"""One live board: a game, how it is shown, and what a person does on it.

The board's own behaviour, shared by the play page and the live boards of a
docs page: selecting a checker and its legal-move marks, trying moves (with
the pie offer and forced passes), stepping through the game and its
variations, the author's notes, the move list, the status line and the SVG.
It knows no computer, storage or editor; the page (:mod:`zola.page.app`) adds them.

>>> board = Board()
>>> board.click("c3"); [str(m) for m in board.hints()]
['c3xd3', 'c3xc4']
>>> board.click("d3"); board.say(board.status())
'Blue to move.'
>>> board.offers_swap(), [board.describe(color, move) for color, move in board.played]
(True, ['Red played c3xd3.'])
>>> board.click("a1"); board.say(board.notice)
'Not your checker: Blue is to move.'
"""

from zola.draw.movelist import move_list
from zola.draw.svg import render
from zola.draw.themes import DEFAULT_PALETTE, Theme, colours
from zola.lang.i18n import Text, say
from zola.page.motion import slide
from zola.page.notes import Notes
from zola.page.screen import Motion
from zola.rules.errors import InvalidOptionError, InvalidSquareError
from zola.rules.game import EMPTY_NOTE, Game
from zola.rules.geometry import parse_square, square, square_file, square_name, square_rank
from zola.rules.link import DEFAULT_VIEW, View, unparse
from zola.rules.move import CAPTURE, PASS, SWAP, Move
from zola.rules.record import MAX_LENGTH, MAX_NESTING, decode, encode, overflow
from zola.rules.sides import BLUE, COLOR_NAMES, COLOR_WORDS, FIRST, SECOND

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

DEFAULT_MODE = "computer-second"  # a new visitor plays the computer, moving first
# Who the computer plays in each mode: (first player, second player).
MODES = {
    "humans": (False, False),
    "computer-second": (False, True),
    "computer-first": (True, False),
    "computers": (True, True),
}
# The reader's choices of colours: the scheme around the board (the system's, the host
# page's), or light or dark whatever it is. A link's `light` or `dark` word wins over each.
SCHEMES = ("auto", "light", "dark")
YOU, COMPUTER = Text("player.you"), Text("player.computer")
CURSOR_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}
# Keys anywhere on a board's page but on its squares: the steps and the ends (see ACTIONS).
STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}
STEPS = ("first", "back", "forward", "last")  # the actions that look elsewhere in the game


class Board(Notes):
    """A game on a board, as one person sees and handles it.

    ``view`` is how it is shown (:class:`zola.rules.link.View`); ``mode`` says who the
    computer plays (one of :data:`MODES`; only the page has a computer, so a board
    alone is ``"humans"``). ``notice`` is the line under the status, ``played`` the
    moves not yet announced as ``(colour, move)``.
    """

    def __init__(self, game: Game | None = None, view: View = DEFAULT_VIEW) -> None:
        self.game = game if game is not None else Game(6)
        self.view = view
        self.language = "en"
        self.mode = "humans"
        self.selected: int | None = None
        self.cursor = 0  # the square the keyboard is on
        self.arrow_from: int | None = None  # an arrow being drawn by keyboard
        self.pie_kept = False
        self.hint: Move | None = None  # the computer's suggestion, drawn as an arrow
        self.notice: Text | str = ""
        self.played: list[tuple[int, Move]] = []
        self.said: Text | None = None  # the selection, to say once (see announce)
        self.shown: tuple[int, int, int] | None = None  # size and bitboards last animated
        self.scheme = "auto"  # the reader's choice of colours: one of SCHEMES
        self.palette = DEFAULT_PALETTE  # the reader's choice of palette: one of PALETTES
        self.reader_dark = False  # whether the scheme around the board is dark
        self.pass_if_stuck()

    def reset(self, game: Game) -> None:
        """Show ``game`` afresh: no selection, hint, pie choice or notice."""
        self.game = game
        self.selected = None
        self.cursor = 0
        self.hint = None
        self.pie_kept = False
        self.notice = ""
        self.pass_if_stuck()

    def pass_if_stuck(self) -> None:
        """At the end of a game whose side to move can only pass (a position set up so),
        play the pass and say so, as after a move.

        >>> from zola.rules.position import Position
        >>> board = Board(Game(6, Position.parse("6/6/6/6/2b3/r5 r")))
        >>> [str(m) for m in board.game.moves], board.say(board.notice)
        (['pass'], 'Red has no legal move and passes.')
        """
        game = self.game
        if game.ply < len(game.moves) or game.legal_moves() != [Move.PASS]:
            return
        turn = game.turn
        if self.play(Move.PASS):
            self.notice = Text("notice.pass", color=COLOR_WORDS[turn])

    def theme_name(self) -> str:
        """The board's colours, ``"light"`` or ``"dark"``: the link's word, else the
        reader's choice (:attr:`scheme`), else the scheme around the board.

        >>> board = Board(); board.reader_dark = True
        >>> board.theme_name(), board.drawn_view().theme
        ('dark', 'dark')
        >>> board.scheme = "light"; board.theme_name()
        'light'
        """
        if self.view.theme:
            return self.view.theme
        if self.scheme != "auto":
            return self.scheme
        return "dark" if self.reader_dark else "light"

    def palette_name(self) -> str:
        """The board's palette: the link's word, else the reader's choice (:attr:`palette`).

        >>> board = Board(); board.palette = "slate"; board.palette_name()
        'slate'
        >>> board.view = board.view.replace(palette="contrast"); board.palette_name()
        'contrast'
        """
        return self.view.palette or self.palette

    def colours(self) -> Theme:
        """The colours the board is drawn in: its palette in its scheme."""
        return colours(self.palette_name(), self.theme_name())

    def linked_view(self) -> View:
        """The view as its link writes it: with the board's palette when the link named
        one or the reader chose another than the default."""
        chosen = "" if self.palette == DEFAULT_PALETTE else self.palette
        return self.view.replace(palette=self.view.palette or chosen)

    def drawn_view(self) -> View:
        """The view as the board is drawn: its colours and its side decided (see
        :meth:`theme_name`, :meth:`palette_name` and :meth:`facing`)."""
        return self.view.replace(
            theme=self.theme_name(), palette=self.palette_name(), flip=self.facing()
        )

    def facing(self) -> bool:
        """Whether the board is drawn with Blue's side at the bottom: as the view says,
        turned once more against the computer when the person plays Blue in this game
        (from the start, or after a swap by the pie rule): the person's side is below.

        >>> board = Board(); board.mode = "computer-second"; _ = board.game.play("c3xd3")
        >>> board.facing(), board.play("swap"), board.facing()
        (False, True, True)
        """
        first, second = MODES[self.mode]
        if first == second:
            return self.view.flip
        moves = self.game.moves  # the line's, ahead too: stepping back keeps the side
        swapped = len(moves) >= 2 and moves[1] == Move.SWAP
        person = FIRST if second else SECOND
        return self.view.flip != ((person ^ int(swapped)) == BLUE)

    def say(self, text: Text | str) -> str:
        """``text`` in the board's language (plain strings pass unchanged)."""
        return say(self.language, text) if isinstance(text, Text) else text

    # -- who plays ------------------------------------------------------------------------

    def computer_plays(self, ply: int | None = None) -> bool:
        """Whether the computer plays the side to move after ``ply`` moves (default: now)."""
        return MODES[self.mode][self.game.player_to_move(ply)]

    def computer_allowed(self) -> bool:
        """Whether the computer may play or hint here: never in an embed or a static view."""
        return not self.view.embed and not self.view.static

    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn now: only at the end of the recorded line,
        so a person looking back through the moves is never interrupted."""
        game = self.game
        return (
            self.computer_allowed()
            and not game.is_game_over()
            and game.ply == len(game.moves)
            and self.computer_plays()
        )

    def _computer_only(self, ply: int) -> bool:
        """Whether the computer, playing one side only, is to move after ``ply`` moves."""
        first, second = MODES[self.mode]
        return first != second and self.computer_plays(ply)

    # -- a person's moves -----------------------------------------------------------------

    def click(self, name: str, waiting: bool = False) -> None:
        """A click on the square called ``name``: select a checker or move it.
        ``waiting``: the computer is to move, so the person may not."""
        self.notice = ""
        game = self.game
        try:
            sq = parse_square(name, game.size)
        except InvalidSquareError as error:
            self.notice = error.text
            return
        self.cursor = sq
        self.hint = None
        if self.view.static:
            self.notice = Text("notice.static")
            return
        if game.is_game_over():
            self.notice = Text("notice.game_over", result=self.result())
            return
        if waiting:
            self.notice = Text("notice.computer_turn")
            return
        owner = game.position.piece_at(sq)
        turn = COLOR_WORDS[game.turn]
        if owner == game.turn:
            self.selected = None if self.selected == sq else sq
            if self.selected is not None and not self._moves_from(sq):
                self.notice = Text("notice.no_moves", square=name)
            elif self.selected is not None:  # said to a screen reader: where it can go
                targets = ", ".join(square_name(m.to_square) for m in self._moves_from(sq))
                self.said = Text("announce.selected", square=name, targets=targets)
            return
        if self.selected is None:
            key = "notice.select_first" if owner is None else "notice.not_yours"
            self.notice = Text(key, color=turn)
            return
        move = game.position.move_between(self.selected, sq)
        reason = game.why_illegal(move)
        if reason is not None:
            self.notice = Text("notice.illegal", move=str(move), reason=reason)
            return
        self.play(move)

    def drag(self, start: str, end: str, waiting: bool = False) -> None:
        """A drag from one square to another: select the checker on ``start``, act on
        ``end``."""
        if self.selected is None or square_name(self.selected) != start:
            self.click(start, waiting)
        if self.selected is not None and square_name(self.selected) == start:
            self.click(end, waiting)

    def play(self, move: Move | str) -> bool:
        """Play a legal move (from a click, the computer or the pie offer), then any
        forced passes. Returns whether it was played: a move that the game's link could
        not carry is refused (see :meth:`keep_fit`)."""
        before = self.record()
        played = [(self.game.turn, self.game.play(move))]
        while self.game.legal_moves() == [Move.PASS]:
            played.append((self.game.turn, self.game.play(Move.PASS)))
        self.selected = None
        self.hint = None
        if not self.keep_fit(before):
            return False
        self.played += played
        self.notice = ""
        if self.game.moves[self.game.ply - len(played)] == Move.SWAP:
            self.notice = Text("notice.swapped")
        if len(played) > 1:
            self.notice = Text("notice.pass", color=COLOR_WORDS[played[-1][0]])
        return True

    def record(self) -> str:
        """The game's record (:func:`zola.rules.record.encode`), as its link carries it."""
        return encode(self.game)

    def keep_fit(self, before: str) -> bool:
        """After a change to the game: if its link (with the view's words) would no longer
        read back, put the game back as it was (its record ``before``) and say why.
        Returns whether the change was kept."""
        why = overflow(self.fragment())
        if not why:
            return True
        self.game = decode(before)
        if why == "long":
            self.notice = Text("notice.too_long", limit=MAX_LENGTH)
        else:
            self.notice = Text("notice.too_deep", limit=MAX_NESTING)
        return False

    def keep_blue(self) -> None:
        """Blue declines the pie offer."""
        self.pie_kept = True
        self.notice = ""

    def swap(self) -> None:
        """Blue takes the pie offer: the colours swap. Once declined, or where it is not
        offered (see :meth:`offers_swap`), nothing happens."""
        if self.offers_swap():
            self.play(Move.SWAP)

    def _moves_from(self, sq: int) -> list[Move]:
        return [m for m in self.game.position.legal_moves() if m.from_square == sq]

    def hints(self) -> list[Move]:
        """The legal moves of the selected checker, when hints are shown."""
        if self.selected is None or not self.view.hints:
            return []
        return self._moves_from(self.selected)

    def offers_swap(self) -> bool:
        """Whether to show the pie offer (Swap / Keep) to a person."""
        game, static = self.game, self.view.static
        return game.can_swap() and not self.pie_kept and not static and not self.computer_plays()

    # -- the keyboard ---------------------------------------------------------------------

    def move_cursor(self, key: str, size: int) -> bool:
        """An arrow key moves the keyboard's cursor over a ``size`` x ``size`` board (as
        the board is seen: flipped too). Returns whether ``key`` was one."""
        if key not in CURSOR_KEYS:
            return False
        right, up = CURSOR_KEYS[key]
        if self.facing():
            right, up = -right, -up
        file = min(max(square_file(self.cursor) + right, 0), size - 1)
        rank = min(max(square_rank(self.cursor) + up, 0), size - 1)
        self.cursor = square(file, rank)
        return True

    def key(self, key: str, waiting: bool = False) -> bool:
        """A key on the board: arrows move the cursor, Enter or Space act on its square,
        and the notes' keys (:meth:`note_key`). Returns whether the key was used."""
        if self.move_cursor(key, self.game.size):
            return True
        if key in ("Enter", " "):
            self.click(square_name(self.cursor), waiting)
            return True
        return self.note_key(key)

    # -- stepping through the game ---------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move (with a forced pass before it); against the computer,
        back to the person's turn."""
        ply = self._skip_passes(self.game.ply - 1, -1)
        while ply > 0 and self._computer_only(ply):
            ply = self._skip_passes(ply - 1, -1)
        self.go_to(ply)

    def redo(self) -> None:
        """Replay the next move (with a forced pass after it); against the computer, on
        to the person's turn."""
        ply = self._skip_passes(self.game.ply + 1, +1)
        while ply < len(self.game.moves) and self._computer_only(ply):
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
        self._looked_elsewhere()

    def go_to_end(self) -> None:
        """Show the position after the last move recorded."""
        self.go_to(len(self.game.moves))

    def press(self, name: str) -> None:
        """A press on one of the board's buttons (:data:`ACTIONS`), by its name."""
        if name not in ACTIONS:
            raise InvalidOptionError("unknown button " + repr(name))
        ACTIONS[name](self)

    def go_to_node(self, number: int) -> None:
        """Look at the move numbered ``number`` in the move list (0: the start)."""
        nodes = self.game.nodes()
        if not 0 <= number <= len(nodes):
            raise InvalidOptionError(f"no move {number}: the game has {len(nodes)}")
        self.game.go_to_node(nodes[number - 1] if number else self.game.root)
        self._looked_elsewhere()

    def go_to_main(self, ply: int) -> None:
        """Look at the main line after ``ply`` moves (a click on the review's graph)."""
        main = self.game.root.main_line()
        if not 0 <= ply <= len(main):
            raise InvalidOptionError(f"no ply {ply}: the main line has {len(main)}")
        self.game.go_to_node(main[ply - 1] if ply else self.game.root)
        self._looked_elsewhere()

    def _looked_elsewhere(self) -> None:
        """After the cursor moved: no selection, no hint, no pie choice, no notice."""
        self.selected = None
        self.pie_kept = False
        self.hint = None
        self.notice = ""

    def promote(self) -> None:
        """The variation looked at becomes the main line."""
        self.game.promote(self.game.node)

    def can_delete(self) -> bool:
        """Whether there is a move looked at that a person may delete."""
        return self.game.node is not self.game.root and not self.view.static

    def delete(self) -> None:
        """Delete the move looked at and all that follows it."""
        self.game.delete(self.game.node)
        self.selected = None
        self.notice = ""

    def toggle(self, name: str) -> None:
        """Turn one of the view's yes/no settings (``flip``, ``shading``, ``clean``)
        around."""
        self.view = self.view.replace(**{name: not getattr(self.view, name)})

    # -- what it shows ---------------------------------------------------------------------

    def result(self) -> Text | str:
        """``'Red wins.'`` (against the computer: ``'Red wins (you).'``), or ``''`` while
        the game goes on. The colour says who: it is what a player holds, after a swap too."""
        winner = self.game.winner()
        if winner is None:
            return ""
        if self._against_computer():
            player = self._player_label(self.game.player_of(winner))
            return Text("status.win", color=COLOR_WORDS[winner], player=player)
        return Text("result.wins", color=COLOR_WORDS[winner])

    def _against_computer(self) -> bool:
        first, second = MODES[self.mode]
        return first != second

    def _player_label(self, player: int) -> Text:
        """``you`` or ``computer``, against the computer."""
        return COMPUTER if MODES[self.mode][player] else YOU

    def status(self) -> Text | str:
        """The turn or the result, in one sentence: whose turn by colour (the colour is what
        a player holds, after a swap too), and against the computer whether it is yours."""
        game = self.game
        if game.is_game_over():
            return self.result()
        turn = COLOR_WORDS[game.turn]
        if self._against_computer():
            player = self._player_label(game.player_of(game.turn))
            return Text("status.turn_player", color=turn, player=player)
        return Text("status.turn", color=turn)

    def turn(self) -> str:
        """``"red"`` or ``"blue"``: the side to move; ``""`` when the game is over."""
        return "" if self.game.is_game_over() else COLOR_NAMES[self.game.turn]

    def describe(self, color: int, move: Move) -> str:
        """One sentence saying who played what, e.g. ``'Red played c3xd3.'``."""
        key = {PASS: "announce.pass", SWAP: "announce.swap"}.get(move.kind, "announce.move")
        return self.say(Text(key, color=COLOR_WORDS[color], move=str(move)))

    def motion(self) -> Motion | None:
        """How the board changed since the last call, to animate: the one checker that
        moved (and the one it captured, or that a step back brings back); ``None`` when
        nothing or more than that changed, or in a static view. Call it before
        :meth:`announce`, which forgets the moves played."""
        position = self.game.position
        red, blue = position.boards
        before, self.shown = self.shown, (position.size, red, blue)
        if before is None or self.view.static:
            return None
        return slide(before, position, self.drawn_view(), browsing=not self.played)

    def sounds(self) -> tuple[str, ...]:
        """The sounds of the moves played since :meth:`announce` last ran: ``move``,
        ``capture`` or ``pass`` each, then ``end`` when they ended the game."""
        kinds = {CAPTURE: "capture", PASS: "pass"}
        sounds = tuple(kinds.get(move.kind, "move") for _, move in self.played)
        return sounds + ("end",) if sounds and self.game.is_game_over() else sounds

    def announce(self) -> str:
        """The moves played since the last call, or the checker selected and where it can
        go, said for screen readers (once)."""
        played, self.played = self.played, []
        said, self.said = self.said, None
        words = [self.describe(color, move) for color, move in played]
        return " ".join(words + ([self.say(said)] if said is not None and not words else []))

    def comment(self) -> str:
        """The author's comment on the position shown, unless notes are hidden."""
        return "" if self.view.clean else self.game.node.note.comment

    def move_list(self, marks: dict[int, tuple[str, str, str]] | None = None) -> str:
        """The move list's items as HTML (:mod:`zola.draw.movelist`), with a review's ``marks``."""
        return move_list(self.game, marks or {})

    def can_promote(self) -> bool:
        """Whether the move looked at lies in a variation."""
        game = self.game
        return game.node is not game.root and game.node not in game.root.main_line()

    def fragment(self) -> str:
        """The URL fragment of the game and view, without ``#``."""
        return unparse(self.game, self.linked_view())

    def svg(
        self,
        arrows: list[Move] | tuple[Move, ...] = (),
        replies: list[Move] | tuple[Move, ...] = (),
    ) -> str:
        """The board as SVG: selection, legal-move hints, the last move, the author's
        arrows and marked squares (unless the view is clean), ``arrows`` and the hint,
        and ``replies`` (answers to ``arrows``) in their own colour."""
        view = self.view
        note = EMPTY_NOTE if view.clean else self.game.node.note
        drawn = list(note.arrows) + list(arrows)
        if self.hint is not None and self.hint.from_square >= 0:
            drawn.append(self.hint)
        return render(
            self.game.position,
            flip=self.facing(),
            shading=view.shading,
            coordinates=view.coordinates,
            selected=self.selected,
            hints=self.hints(),
            last_move=self.game.last_board_move(),
            highlight=note.highlight,
            arrows=drawn,
            replies=replies,
            theme=self.colours(),
            language=self.language,
            focus=None if view.static else self.cursor,
        )


# What each of a board's buttons does, by its name: the play page and the live boards press
# the same (the page's Undo and Redo are back and forward). A press that does not apply
# (a swap not offered) does nothing.
ACTIONS: "dict[str, Callable[[Board], None]]" = {
    "first": lambda board: board.go_to(0),
    "back": Board.undo,
    "forward": Board.redo,
    "last": Board.go_to_end,
    "flip": lambda board: board.toggle("flip"),
    "swap": Board.swap,
    "keep": Board.keep_blue,
}
