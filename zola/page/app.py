"""The play page: every event in, one :class:`~zola.page.screen.Screen` out.

``web/`` forwards every event here (clicks, keys, buttons, a link, a host page's
message, the computer's answer) and writes the Screen that :meth:`App.screen`
returns into the DOM. ``App`` keeps the pieces together and decides between
them: the board (:mod:`zola.page.board`: the game, the view and what a person does on
it), the computer (:mod:`zola.page.computer`), the saved games and preferences
(:mod:`zola.page.library`), the board editor (:mod:`zola.page.editor`), sharing
(:mod:`zola.page.sharing`) and the analysis and review shown (:mod:`zola.page.insights`).
Every decision of the page is made here or there, so it is tested on CPython
and on the page's MicroPython.

>>> app = App()
>>> app.start("#v1;size=6")
>>> app.click("c3"); app.click("d3")
>>> screen = app.screen()
>>> screen.status, screen.pie, screen.fragment, screen.announce
('Blue to move.', True, 'v1;size=6;moves=c3xd3', 'Red played c3xd3.')
>>> app.click("a1"); app.screen().message
'Not your checker: Blue is to move.'
>>> app.choose("language", "de"); app.screen().message
'Nicht dein Stein: Blau ist am Zug.'
"""

import time

from zola.compat import quoted
from zola.draw.themes import DEFAULT_PALETTE, PALETTES
from zola.engine.levels import DEFAULT_LEVEL, LEVELS
from zola.lang.i18n import LANGUAGES, Text, pick_language
from zola.page.activities import Editing, Playing
from zola.page.app_computer import ComputerCommands
from zola.page.app_editor import EditorCommands
from zola.page.app_ending import EndingCommands
from zola.page.app_lessons import LessonCommands
from zola.page.app_puzzles import PuzzleCommands
from zola.page.app_settings import SWITCH, SettingsCommands
from zola.page.board import DEFAULT_MODE, MODES, SCHEMES, STEP_KEYS, STEPS, Board
from zola.page.computer import (
    WORKER_BOOT_SECONDS,
    Computer,
)
from zola.page.controls import BUTTONS, MENUS
from zola.page.editor import Editor
from zola.page.library import Library
from zola.page.present import screen_of
from zola.page.puzzle_mode import PuzzleMode
from zola.page.saved import MemoryStore
from zola.page.screen import Download, Once, Screen
from zola.rules.errors import InvalidOptionError, ZolaError, link_detail
from zola.rules.game import EMPTY_NOTE, Game
from zola.rules.geometry import Square, square_name
from zola.rules.link import DEFAULT_VIEW, View, parse, unparse
from zola.rules.move import Move
from zola.rules.record import encode

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

    from zola.page.activities import Activity
    from zola.page.lessons import Lesson
    from zola.page.saved import Entry, Store

__all__ = ["App", "Screen", "WORKER_BOOT_SECONDS"]


class App(
    SettingsCommands,
    EditorCommands,
    PuzzleCommands,
    ComputerCommands,
    EndingCommands,
    LessonCommands,
):
    """The play page: a board, the computer, the saved games, the editor.

    ``in_frame``: the page is inside another page's iframe. ``local`` and
    ``session`` are the browser's storages (see :mod:`zola.page.saved`); ``base_url``
    is the page's address without its fragment; ``now()`` the time in seconds;
    ``reduced_motion``: the browser asks for less motion (moves then do not slide
    unless the person turns motion on); ``dark``: the system's colour scheme is dark
    (the board follows it unless the person or the link chooses, see
    :meth:`~zola.page.board.Board.theme_name`).
    """

    def __init__(
        self,
        *,
        in_frame: bool = False,
        local: "Store | None" = None,
        session: "Store | None" = None,
        base_url: str = "",
        now: "Callable[[], float]" = time.time,
        reduced_motion: bool = False,
        dark: bool = False,
    ) -> None:
        self.in_frame = in_frame
        local = local if local is not None else MemoryStore()
        self.library = Library(local, session if session is not None else MemoryStore(), now)
        self.base_url = base_url
        self.board = Board()
        self.board.reader_dark = dark
        self.computer = Computer()
        self.level = DEFAULT_LEVEL
        self.editor: Editor | None = None  # the board being set up, in the editor
        self.tool = "red"  # what a click in the editor puts on a square
        self.clipboard = ""  # a link to copy, handed to the page once
        self.copying = "notice.copy_done"  # what to say once it is copied
        self.download: Download | None = None  # a picture to save, handed to the page once
        self.new_size = 6  # the board size of the next new game
        self.reduced_motion = reduced_motion
        self.motion = not reduced_motion  # moves slide on the board
        self.sound = False  # moves make a sound (off until the person turns it on)
        self.chime: tuple[str, ...] = ()  # a sound to play once, outside any move
        self.puzzles = PuzzleMode(self.library.saved, now)
        self.closed_result = ""  # the game (its record) whose result the reader put away
        self.lesson: Lesson | None = None  # learning from the reviewed game's mistakes
        self.typing = False  # the reader is in the move box (see use_move_box)

    # The board's state, by the names the page's tests and tools know.
    @property
    def game(self) -> Game:
        return self.board.game

    @property
    def view(self) -> View:
        return self.board.view

    @property
    def mode(self) -> str:
        return self.board.mode

    @property
    def language(self) -> str:
        return self.board.language

    @property
    def selected(self) -> Square | None:
        return self.board.selected

    @property
    def cursor(self) -> Square:
        return self.board.cursor

    @property
    def arrow_from(self) -> Square | None:
        return self.board.arrow_from

    def hints(self) -> list[Move]:
        """The legal moves of the selected checker, when hints are shown."""
        return self.board.hints()

    def say(self, text: Text | str) -> str:
        """``text`` in the page's language (plain strings pass unchanged)."""
        return self.board.say(text)

    # -- starting and links -------------------------------------------------------------

    def start(self, fragment: str, languages: list[str] | tuple[str, ...] = ()) -> None:
        """Open the page: the preferences, then the game of the link, or else this tab's
        game or the latest saved one. An embed shows its link's game and saves nothing."""
        library, board = self.library, self.board
        board.language = library.preference("language", LANGUAGES, "")
        if not board.language:
            board.language = pick_language(list(languages))
        self.level = library.preference("level", LEVELS, DEFAULT_LEVEL)
        board.mode = library.preference("mode", MODES, DEFAULT_MODE)
        motion = library.preference("motion", SWITCH, "off" if self.reduced_motion else "on")
        self.motion = motion == "on"
        self.sound = library.preference("sound", SWITCH, "off") == "on"
        board.scheme = library.preference("scheme", SCHEMES, "auto")
        board.palette = library.preference("palette", PALETTES, DEFAULT_PALETTE)
        fragment = fragment[1:] if fragment.startswith("#") else fragment
        good = self._open(fragment)
        if self.puzzles.wanted is not None:
            return
        if not self.saving():
            board.mode = "humans"
            return
        library.import_legacy(board.mode)
        if fragment:
            self._adopt(good)
            return
        latest = library.latest()
        if latest is not None:
            self._resume(latest)

    def saving(self) -> bool:
        """Whether this board keeps its games: an embed is a host's board and keeps none."""
        return not self.in_frame and not self.view.embed

    def computer_allowed(self) -> bool:
        """Whether the computer may play or hint here: never in an embed, a static view or
        a puzzle or a lesson."""
        return self.board.computer_allowed() and not self.puzzles.active() and self.lesson is None

    def open_link(self, fragment: str) -> None:
        """Open the link of a changed fragment (the current game stays in the recent games)."""
        fragment = fragment[1:] if fragment.startswith("#") else fragment
        if fragment == self.fragment():
            return
        self._persist()
        good = self._open(fragment)
        if self.puzzles.wanted is not None:
            return
        if self.saving():
            self._adopt(good)
        else:
            self.board.mode = "humans"

    def _adopt(self, good: bool) -> None:
        mode = self.library.adopt(self.game, good, MODES)
        if mode is not None:
            self.board.mode = mode

    def _open(self, fragment: str) -> bool:
        """Show the game and view of ``fragment`` (a new game if it is empty). A broken one
        gives a notice and a new game, and changes nothing else. Returns whether it was good."""
        try:
            game, view = parse(fragment)
        except ZolaError as error:
            self._reset(Game(self.game.size))
            self.board.notice = Text("notice.bad_link", detail=link_detail(error))
            return False
        self._reset(game)
        view = view.replace(embed=view.embed or self.in_frame)
        if view.puzzle:
            self.puzzles.want("id", view.puzzle)
            view = view.replace(puzzle="")
        if view.edit and not view.embed:
            self.editor = Editor.of(game.position)
        else:
            view = view.replace(edit=False)
        self.board.view = view
        self.puzzles.serve(self.board)  # at once when its set is here already (a new address)
        return True

    def host_message(self, kind: object, fragment: object, from_parent: bool, origin: str) -> None:
        """A host page's ``{type: "zola:load", fragment}``: an embed opens that game.

        Only an embed listens, only to the page around it (and, with the ``origin=``
        word, only to that origin); it takes the game and keeps its own view.
        """
        if kind != "zola:load" or not self.in_frame or not from_parent:
            return
        if self.view.origin and origin != self.view.origin:
            return
        try:
            game, _ = parse(fragment)  # type: ignore[arg-type]
        except ZolaError as error:
            self._reset(Game(self.game.size))
            self.board.notice = Text("notice.bad_link", detail=link_detail(error))
        else:
            self._reset(game)

    def file_differs(self, name: object) -> None:
        """The offline worker (sw.js) could not install the app: the server sends the file
        ``name`` (a path in the site) with other bytes than it lists. The full app says so,
        an embed nothing."""
        if isinstance(name, str) and name and not self.view.embed:
            self.board.notice = Text("notice.file_differs", file=name)

    # -- the recent games -----------------------------------------------------------------

    def _resume(self, entry: "Entry") -> None:
        """Show a recent game, with its opponent; one that cannot be read is kept aside."""
        game = self.library.open(entry)
        if game is None:
            self.board.notice = Text("notice.unreadable")
            return
        view = self.view
        self._reset(game)
        self.board.view = DEFAULT_VIEW.replace(
            flip=view.flip, shading=view.shading, theme=view.theme, palette=view.palette
        )
        if entry.mode in MODES:
            self.board.mode = entry.mode

    def open_recent(self, entry_id: str) -> None:
        """Reopen a game of the Recent games menu, with its opponent."""
        if not entry_id:
            return
        entry = self.library.saved.find(entry_id)
        if entry is None:
            self.board.notice = Text("notice.unreadable")
            return
        self._persist()
        self.computer.cancel()
        self._resume(entry)

    def _persist(self) -> None:
        """Keep this tab's game (see :meth:`zola.page.library.Library.keep`), unless an embed,
        a puzzle or a lesson (its game is kept aside, unchanged)."""
        if self.saving() and self.puzzles.trainer is None and self.lesson is None:
            self.library.keep(self.game, self.mode)

    # -- events ---------------------------------------------------------------------------

    def _reset(self, game: Game) -> None:
        """Show ``game`` afresh: no question in flight, no selection, editor or notice."""
        self.puzzles.settle()  # a try at the puzzle shown counts before its board changes
        self.computer.cancel()
        self.computer.stalled = False
        self.editor = None
        self.lesson = None
        self.board.view = self.view.replace(edit=False, puzzle="")
        self.board.reset(game)
        self.new_size = game.size
        if self.puzzles.trainer is not None or self.puzzles.wanted is not None:
            self.puzzles.leave()
            self.board.mode = self.library.preference("mode", MODES, DEFAULT_MODE)

    def activity(self) -> "Activity":
        """What a click, a drag or a key on the board does now (see
        :mod:`zola.page.activities`): the editor's, a puzzle's, a lesson's or the game's."""
        trainer = self.puzzles.trainer
        if self.editor is not None:
            return Editing(self.board, self.editor, self.tool)
        if trainer is not None:
            return trainer
        if self.lesson is not None:
            return self.lesson.correction
        return Playing(self.board, waiting=self.computer_to_move())

    def click(self, name: str) -> None:
        """A click on the square called ``name``: select a checker or move it (in the
        editor: put the chosen tool's checker there, or take it away)."""
        self.activity().click(name)

    def drag(self, start: str, end: str) -> None:
        """A drag from one square to another: select the checker on ``start``, act on ``end``
        (in the editor: carry the checker there)."""
        self.activity().drag(start, end)

    def type_move(self, text: str) -> None:
        """A move typed in the move box: ``c3xd3`` or ``c3-b2`` is played as a drag from
        its square to its target (so it is checked and said as a click is), ``swap`` takes
        the pie offer; text that is no move says what is wrong with it."""
        try:
            move = Move.parse(text.strip().lower())
        except ZolaError as error:
            self.board.notice = error.text
            return
        if move == Move.SWAP and self.board.offers_swap():
            self.press("swap")
        elif move in (Move.SWAP, Move.PASS):
            self.board.notice = Text("notice.not_now", move=str(move))
        else:
            self.drag(square_name(move.from_square), square_name(move.to_square))

    def can_type(self) -> bool:
        """Whether the move box takes a move: a person is to play the position looked at
        (not in the editor, for the computer, in a static view or at the end)."""
        return not (
            self.editor is not None
            or self.view.static
            or self.computer_to_move()
            or self.game.position.is_game_over()
        )

    def use_move_box(self, on: bool) -> None:
        """The reader is in the move box (``on``), or has left it: its completions are
        offered only while it is used (making them costs as much as the rest of a screen)."""
        self.typing = on

    def move_choices(self) -> tuple[str, ...]:
        """The moves the move box offers to complete while it is used (see
        :meth:`use_move_box`): the legal moves of the position looked at, when
        :meth:`can_type`."""
        if not self.typing or not self.can_type():
            return ()
        return tuple(str(move) for move in self.game.legal_moves() if move != Move.PASS)

    def board_key(self, key: str) -> bool:
        """A key on the board: arrows move the cursor, Enter or Space act on its square,
        A and H draw notes, and in the editor R, B and X put a checker or nothing. Returns
        whether the key was used."""
        return self.activity().key(key)

    def history_key(self, key: str) -> bool:
        """A key anywhere else on the page: Left/Right step back and forward (Undo and
        Redo), Home/End go to the ends (:data:`zola.page.board.STEP_KEYS`). Returns
        whether the key was used."""
        if key not in STEP_KEYS:
            return False
        self.press(STEP_KEYS[key])
        return True

    def button(self, name: str) -> None:
        """A press on one of the page's buttons (:data:`zola.page.controls.BUTTONS`, by
        its element id)."""
        if name not in BUTTONS:
            raise InvalidOptionError(f"unknown button {quoted(name)}")
        self.lesson_control(name)
        control = BUTTONS[name]
        getattr(self, control.method)(*control.args)

    def press(self, name: str) -> None:
        """A press on one of the board's own buttons (:data:`zola.page.board.ACTIONS`): a
        step through the game drops the computer's question."""
        if name in STEPS:
            self.computer.cancel()
        self.board.press(name)

    def choose(self, control: str, value: str) -> None:
        """A choice in one of the page's menus (:data:`zola.page.controls.MENUS`):
        ``size``, ``mode``, ``level``, ``language``, the editor's ``tool``, ``edit-turn`` and
        ``edit-size``, ``puzzle-size``, or ``recent`` (a recent game's id)."""
        if control not in MENUS:
            raise InvalidOptionError(f"unknown control {quoted(control)}")
        self.lesson_control(control)
        getattr(self, MENUS[control])(value)

    # -- the buttons ----------------------------------------------------------------------

    def new_game(self, size: int | None = None) -> None:
        """Start a new game (of the size chosen for it); the last one stays in the recent
        games."""
        self._persist()
        self._reset(Game(self.new_size if size is None else size))
        self.library.forget()

    def delete(self) -> None:
        """Delete the move looked at and all that follows it."""
        if self.board.can_delete():
            self.computer.cancel()
            self.board.delete()

    def toggle_view(self, name: str) -> None:
        """Turn a yes/no word of the board's view around: ``shading``, ``clean``."""
        self.board.toggle(name)

    def promote(self) -> None:
        """The variation looked at becomes the main line."""
        self.board.promote()

    def clear_notes(self) -> None:
        """Take the author's notes off the position shown."""
        self.board.set_note(EMPTY_NOTE)

    def share(self, name: str) -> None:
        """Copy a link, the position alone or the embed code; or download the view (in the
        editor: of its position, unless no game can start from it)."""
        game = self.game
        if self.editor is not None:
            problem = self.editor.problem()
            if problem is not None:
                self.board.notice = problem
                return
            start = self.editor.position()
            game = Game(start.size, start)
        from zola.page.sharing import share  # (not at boot: the first screen shares nothing)

        board = self.board
        view = board.linked_view().replace(flip=board.facing())  # as the reader sees the board
        shared = share(name, game, view, self.language, self.base_url, board.theme_name())
        if shared.download is not None:
            self.download = shared.download
        else:
            self.clipboard, self.copying = shared.clipboard, shared.done

    def copied(self, ok: bool, url: str) -> None:
        """The clipboard took ``url``, or refused it: then the page shows it to copy."""
        self.board.notice = Text(self.copying) if ok else Text("notice.copy_this", url=url)

    # -- history --------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move (with a forced pass before it); against the computer,
        back to the person's turn."""
        self.press("back")

    def go_to_node(self, number: int) -> None:
        """Look at the move numbered ``number`` in the move list (0: the start)."""
        self.board.go_to_node(number)
        self.computer.cancel()

    def go_to_main(self, ply: int) -> None:
        """Look at the main line after ``ply`` moves (a click on the review's graph)."""
        self.board.go_to_main(ply)
        self.computer.cancel()

    # -- the board editor ------------------------------------------------------------------

    # -- the author's notes ----------------------------------------------------------------

    def annotate(self, start: str, end: str) -> None:
        """Draw an arrow from ``start`` to ``end`` on the position shown, or mark a square
        (see :meth:`zola.page.board.Board.annotate`)."""
        self.board.annotate(start, end)

    def set_comment(self, text: str) -> None:
        """The author's comment on the position shown (plain text, at most 280 characters)."""
        self.board.set_comment(text)

    # -- the computer ---------------------------------------------------------------------

    # -- puzzles ----------------------------------------------------------------------------

    # -- what the page shows ----------------------------------------------------------------

    def fragment(self) -> str:
        """The URL fragment of the game and view, without ``#``; in the editor, of the
        position set up (while it has no problem); in a lesson, of the game kept aside."""
        if self.editor is not None and self.editor.problem() is None:
            start = self.editor.position()
            return unparse(Game(start.size, start), self.board.linked_view())
        if self.lesson is not None:
            return self.lesson.fragment
        return self.puzzles.fragment() or self.board.fragment()

    def hand_out(self) -> Once:
        """Do what the page does after every event, before it is drawn: drop a question
        the game changed under, ask the computer what it should be asked now, keep this
        tab's game, and hand out once what is done once (the request, the text to copy,
        the picture to save, the sounds, motion and announcement of the moves just played,
        the host page's messages, the files to fetch)."""
        board, game, computer = self.board, self.game, self.computer
        record = encode(game)
        if not computer.still_wanted(record):
            computer.cancel()  # the game changed under the question
        computer.question(board, self.level, self.editor is not None)
        request = computer.hand_out()
        may_want = computer.settled and self.computer_allowed() and any(MODES[self.mode])
        start_computer = computer.engine == "off" and (computer.waits_for_worker() or may_want)
        if start_computer:
            computer.engine = "starting"
        self._persist()
        kept_aside = self.library.set_aside_notice()
        if kept_aside is not None:
            board.notice = kept_aside
        posts: tuple[dict[str, str], ...] = ()
        if self.in_frame:
            position = str(game.position)
            posts = tuple(
                {"type": "zola:move", "move": str(move), "position": position, "fragment": record}
                for _, move in board.played
            )
        clipboard, self.clipboard = self.clipboard, ""
        download, self.download = self.download, None
        motion = board.motion() if self.editor is None else None  # before the announcement
        sounds = self.chime + board.sounds() if self.sounding() else ()
        self.chime = ()
        return Once(
            request=request,
            start_computer=start_computer,
            clipboard=clipboard,
            download=download,
            sounds=sounds,
            motion=motion if self.motion else None,
            announce=board.announce(),
            posts=posts,
            fetch=self.puzzles.hand_out(),
        )

    def screen(self) -> Screen:
        """What the page shows now: what is done once is handed out (:meth:`hand_out`),
        then :func:`zola.page.present.screen_of` reads the page's state."""
        self.puzzles.settle()
        self.settle_lesson()
        return screen_of(self, self.hand_out())
