"""A live board on a docs page: a game that a reader steps through and tries moves on.

A host page may hold many of them, all served by one interpreter: ``web/boards.js``
finds the ``<div data-zola="FRAGMENT">`` elements and ``web/boards.py`` forwards each
board's events to its :class:`LiveBoard`, then paints the :class:`LiveScreen` it gets
back. Everything a board shows and how it reacts comes from the app's own
:class:`zola.page.board.Board` (selection and legal-move marks, why a move is illegal,
the pie offer, passes, stepping, the move list, notes, status, SVG); this module adds
what a reader of a document needs around it: the author's game to come back to
(Reset), the page's language and colour scheme, the "Open in the full app" address
and the one line that says why a link holds no game.

>>> live = LiveBoard("v1;size=6;moves=c3xd3.c4xd3;panel", app_url="https://x.example/zola/")
>>> live.button("back"); screen = live.screen()
>>> screen.status, screen.can_back, screen.can_forward, screen.changed
('Blue to move.', True, True, False)
>>> live.click("e4"); live.click("d3"); screen = live.screen()
>>> screen.announce, screen.changed, screen.app_link
('Blue played e4xd3.', True, 'https://x.example/zola/#v2;size=6;moves=c3xd3.c4xd3(e4xd3);at=3')
>>> live.button("reset"); screen = live.screen()
>>> screen.changed, screen.status, screen.app_link.split("#")[1]
(False, 'Red to move.', 'v1;size=6;moves=c3xd3.c4xd3')
>>> svg, key, _ = first_frame("v1;size=6;moves=c3xd3;static", build=1)
>>> kept = LiveBoard("v1;size=6;moves=c3xd3;static", shown=key, build=1)
>>> kept.kept, kept.screen().board == svg, kept.kept
(True, True, False)
>>> bad = LiveBoard("v1;size=7").screen()
>>> bad.problem.startswith("This board cannot be shown: "), "'7'" in bad.problem, bad.board
(True, True, '')
"""

import json
from binascii import crc32
from collections import namedtuple

from zola.compat import quoted
from zola.lang.i18n import Text, pick_language, say
from zola.page.activities import Playing
from zola.page.board import ACTIONS, STEP_KEYS, Board
from zola.page.board_screen import board_fields
from zola.page.screen import BOARD_FIELDS
from zola.page.training import ACTIONS as PUZZLE_ACTIONS
from zola.page.training import Trainer
from zola.puzzles.sets import PuzzleError, file_name, line_of, puzzle_size
from zola.puzzles.sets import parse as parse_puzzle
from zola.rules.errors import InvalidOptionError, ZolaError, link_detail
from zola.rules.link import parse, view_of
from zola.rules.record import MAX_LENGTH, encode, write_notes, write_tree

# What a live board shows around its board (see LiveScreen), after BOARD_FIELDS.
LIVE_FIELDS = (
    "problem",  # why the link holds no game (one short line), "" when it holds one
    "app_link",  # the "Open in the full app" address, "" when not shown
    "changed",  # the reader's moves or notes changed the game: offer Reset
    "layout",  # {"panel", "static", "dark"}: yes/no each
    "puzzle",  # a puzzle's state (zola.page.training.STATES), "" when the board holds none
    "can_retry",  # a wrong move is on the board: offer Try again
    "can_hint",  # the puzzle's Hint applies (zola.page.training.Trainer.can)
    "can_show",  # its Show solution applies
    "fetch",  # files of the site to fetch and hand back (a puzzle set), once
)
FIELDS = BOARD_FIELDS + LIVE_FIELDS


TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    from zola.page.activities import Activity
    from zola.page.screen import Motion
    from zola.puzzles.sets import Puzzle

    class _LiveScreen(NamedTuple):  # the fields of FIELDS, typed
        # what the board shows: BOARD_FIELDS
        board: str
        motion: Motion | None
        status: str
        turn: str
        message: str
        announce: str
        pie: bool
        can_back: bool
        can_forward: bool
        move_list: str
        comment: str
        language: str
        # what a live board shows around it: LIVE_FIELDS
        problem: str
        app_link: str
        changed: bool
        layout: dict[str, bool]
        puzzle: str
        can_retry: bool
        can_hint: bool
        can_show: bool
        fetch: list[str]

else:
    _LiveScreen = namedtuple("LiveScreen", FIELDS)


class LiveScreen(_LiveScreen):
    """Everything one live board shows; the moves announced are handed out once."""

    __slots__ = ()


# The fixed words of a live board, by the name the page gives each place.
LABELS = {
    "label": "live.label",
    "first": "page.first",
    "back": "live.back",
    "forward": "live.forward",
    "last": "page.last",
    "flip": "page.flip",
    "reset": "live.reset",
    "reset_title": "live.reset_title",
    "pie": "page.pie",
    "swap": "page.swap",
    "keep": "page.keep",
    "app_link": "page.app_link",
    "moves": "page.moves",
    "hint": "page.puzzle_hint",
    "retry": "page.puzzle_retry",
    "solution": "page.puzzle_solution",
    "solution_title": "page.puzzle_solution_title",
}


def labels(language: str) -> dict[str, str]:
    """The fixed words of a live board in ``language``, by place.

    >>> labels("de")["reset"], labels("en")["back"]
    ('Zurücksetzen', 'Back one move')
    """
    return {name: say(language, key) for name, key in LABELS.items()}


def choose_language(host: str, browser: "list[str] | tuple[str, ...]" = ()) -> str:
    """The language of the host page (its ``lang``) when it is one of ours, else the
    browser's first that is, else English.

    >>> choose_language("fr-CH", ["en-US"]), choose_language("pt", ["nl-BE"]), choose_language("")
    ('fr', 'nl', 'en')
    """
    return pick_language(([host] if host else []) + list(browser))


def frame_key(fragment: str, language: str, theme: str, build: int, line: str = "") -> str:
    """The key of what a live board of ``fragment`` shows first in ``language`` and the
    colours ``theme`` (``"light"`` or ``"dark"`` as its link says, ``"auto"``: both, as
    the page around it shows, see :func:`first_frame`), drawn by the zola of ``build``
    (the CRC-32 of the bytecode image, web/zola.rom), with the puzzle ``line`` the board
    carries (see :class:`LiveBoard`; ``""``: none): eight hex digits, the same on
    CPython and MicroPython.

    >>> frame_key("v1;size=6", "en", "auto", 0x1234), frame_key("v1;size=6", "de", "auto", 0x1234)
    ('a73091f7', '7a4d7109')
    """
    text = f"{build:08x} {language} {theme} {fragment}" + ("\n" + line if line else "")
    return f"{crc32(text.encode()):08x}"


def screen_values(screen: LiveScreen) -> dict[str, object]:
    """A screen's small fields by name, as web/boards.js paints them: all but its markup
    (the SVG board and the move list), its motion as plain values."""
    values: dict[str, object] = dict(zip(FIELDS, screen))  # noqa: B905 (MicroPython: no strict=)
    del values["board"], values["move_list"]
    if screen.motion is not None:
        values["motion"] = screen.motion.plain()
    return values


def paint_parts(screen: LiveScreen) -> tuple[str, str, str]:
    """A screen as web/boards.js paints it: its small fields as one JSON text (see
    :func:`screen_values`), its SVG board and its move list apart (markup of their own)."""
    return json.dumps(screen_values(screen)), screen.board, screen.move_list


def first_frame(
    fragment: str, language: str = "en", build: int = 0, line: str = ""
) -> tuple[str, str, str]:
    """What a live board of ``fragment`` (carrying the puzzle ``line``, if any, see
    :class:`LiveBoard`) shows first for a reader in ``language``: its
    SVG (``""`` for a bad link; light, unless its link says dark), that screen's key (see
    :func:`frame_key`), and the rest of the screen as one JSON object of named values:
    ``screen`` (its fields, see :func:`screen_values`), ``labels`` (the fixed words),
    ``moves`` (the move list), ``key``, ``shared`` (the game "Open in the full app"
    opens, see :meth:`LiveBoard.shared`) and ``follows`` (whether its colours are the
    page's: its link says neither light nor dark). The docs tools put the three inside
    the board's element, the SVG of a board that follows the page in both schemes
    (:func:`zola.draw.schemes.follow`): web/boards.js paints the screen at once, in the
    page's scheme, and the live board keeps it (see :attr:`LiveBoard.kept`) rather
    than making it again.

    >>> _, key, rest = first_frame("v1;size=6;moves=c3xd3")
    >>> first = json.loads(rest)
    >>> sorted(first), first["screen"]["status"], first["key"] == key, first["follows"]
    (['follows', 'key', 'labels', 'moves', 'screen', 'shared'], 'Blue to move.', True, True)
    """
    live = LiveBoard(fragment, language, line=line)
    screen = live.screen()
    key = live.first_key(build)
    first = {
        "screen": screen_values(screen),
        "labels": labels(language),
        "moves": screen.move_list,
        "key": key,
        "shared": live.shared(),
        "follows": not live.link_theme,
    }
    return screen.board, key, json.dumps(first)


class LiveBoard:
    """One live board: the author's game of ``fragment`` (a link's fragment with its view
    words) on a :class:`~zola.page.board.Board`, and the reader's moves on it.

    ``language`` is the board's (see :func:`choose_language`), ``app_url`` the full app's
    address for "Open in the full app" (``""``: no link), ``dark`` whether the scheme
    around the board is dark (a link's ``light`` or ``dark`` word wins), ``still``
    whether the reader asks for less motion (moves then do not slide). ``shown`` is the
    key of the first screen the board's element shows already (the docs tools' preview,
    painted by the loader, see :func:`first_frame`) and ``build`` the CRC-32 of the
    bytecode image that runs: when the key is this board's first screen's, the board
    keeps that screen (:attr:`kept`) and reads its link only at its first event.

    A board whose link names a puzzle (``puzzle=ID``) solves it on the page. ``line`` is
    that puzzle's line as a set writes it (:mod:`zola.puzzles.sets`), when the page
    carries it with the board (its ``data-zola-puzzle``, which the docs tools write): the
    board then fetches no set. It is data from the page, read as a set's line is: one
    that does not read, or is another puzzle's, leaves the board saying so. Without it
    the board asks for its set (:attr:`LiveScreen.fetch`) and reads only its puzzle's
    line of it (:meth:`take`).

    >>> line = "6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"
    >>> screen = LiveBoard("puzzle=6-2nknhv", line=line).screen()
    >>> screen.puzzle, screen.message, screen.fetch
    ('solving', 'Blue to move and win in 2 moves.', [])
    >>> bad = LiveBoard("puzzle=6-2nknhv", line=line.replace(";2;", ";3;")).screen()
    >>> print(bad.problem.replace(": ", ":\\n"))
    This board cannot be shown:
    data-zola-puzzle:
    bad puzzle '6-2nknhv':
    N is 3 but the line has 2 solver moves.
    """

    def __init__(
        self,
        fragment: str,
        language: str = "en",
        app_url: str = "",
        dark: bool = False,
        still: bool = False,
        shown: str = "",
        build: int = 0,
        line: str = "",
    ) -> None:
        self.fragment = fragment
        self.line = line  # the puzzle's line the page carries with the board ("": none)
        self.language = language
        self.app_url = app_url
        self.dark = dark
        self.still = still
        self._board: Board | None = None
        self.problem: Text | str = ""
        self.link_theme = ""  # the link's `light` or `dark`, if it says one
        # The author's moves and notes as the link writes them, kept when the reader first
        # does something that may change them (not before: many boards open at once).
        self.author: tuple[str, str] | None = None
        # The puzzle the link names, once its line is read (carried, or from its set).
        self.trainer: Trainer | None = None
        self.puzzle = ""  # the id of that puzzle
        self.asked = False  # whether the puzzle set was asked for
        # Whether the element shows this board's first screen (see shown): the board then
        # waits for its first event to read its link (many boards open at once).
        self.kept = False
        if shown:
            try:
                self.link_theme = view_of(fragment).theme
                self.kept = shown == self.first_key(build)
            except ZolaError:  # a link whose words are wrong: read it now, to say so
                pass
        if not self.kept:
            self._open()

    @property
    def board(self) -> Board | None:
        """The author's game, and the reader's moves on it (None: the link holds no
        game); a board that keeps its first screen reads its link here, when first asked."""
        if self.kept:  # as if it had shown that screen itself: what moves next, what it asked
            self._open()
            if self._board is not None:
                self._board.motion()
            self.asked = bool(self.puzzle)
        return self._board

    def _open(self) -> None:
        """Show the author's game (the link is read again: a fresh copy of it)."""
        self.kept = False
        try:
            game, view = parse(self.fragment)
        except ZolaError as error:
            self._board = None
            self.problem = Text("live.bad_link", detail=link_detail(error))
            return
        self.link_theme = view.theme
        self.puzzle = view.puzzle
        carried = None
        if self.line and self.trainer is None:  # read once: Reset keeps the puzzle read
            try:
                carried = self._carried()
            except PuzzleError as error:
                self._board = None
                self.problem = Text("live.bad_link", detail="data-zola-puzzle: " + str(error))
                return
        # A board of a document: never the editor, no host messages, no computer, in the
        # scheme around it unless its link says; the puzzle is the trainer's.
        changes: dict[str, bool | str] = {"embed": True, "edit": False, "origin": "", "puzzle": ""}
        if self._board is not None:  # Reset: the reader's flip stays
            changes["flip"] = self._board.view.flip
        board = self._board = Board(game, view.replace(**changes))
        board.language, board.reader_dark = self.language, self.dark
        self.author = None
        if carried is not None:
            self.trainer = Trainer(carried, board)
        elif self.puzzle and self.trainer is not None:  # Reset: the puzzle from its start
            self.trainer = Trainer(self.trainer.puzzle, board)

    def _carried(self) -> "Puzzle":
        """The puzzle of the line the page carries, read as a set's line is; a
        :class:`~zola.puzzles.sets.PuzzleError` says what is wrong with it."""
        if not self.puzzle:
            raise PuzzleError("the board's link names no puzzle (puzzle=ID) for this line")
        if len(self.line) > MAX_LENGTH:
            raise PuzzleError("a puzzle line is at most " + str(MAX_LENGTH) + " characters")
        puzzle = parse_puzzle(self.line.strip())
        if puzzle.id != self.puzzle:
            named = quoted(self.puzzle)
            raise PuzzleError(f"this is puzzle {quoted(puzzle.id)}, the link names {named}")
        return puzzle

    def take(self, name: str, text: str) -> None:
        """A file the board asked for (see :attr:`LiveScreen.fetch`): its puzzle set, of
        which only its puzzle's line is read (:func:`zola.puzzles.sets.line_of`)."""
        board = self.board
        if board is None or not self.puzzle or self.trainer is not None:
            return
        if name != file_name(puzzle_size(self.puzzle)):
            return
        try:
            puzzle = parse_puzzle(line_of(text, self.puzzle))
        except ZolaError as error:
            board.notice = Text("puzzle.unavailable", detail=str(error))
            return
        self.trainer = Trainer(puzzle, board)

    def fetch_failed(self, name: str, detail: str) -> None:
        """A file the board asked for could not be fetched."""
        if self.board is not None:
            self.board.notice = Text("puzzle.unavailable", detail=name + ": " + detail)

    def first_key(self, build: int) -> str:
        """The key of this board's first screen drawn by the zola of ``build`` (see
        :func:`frame_key`)."""
        return frame_key(self.fragment, self.language, self.link_theme or "auto", build, self.line)

    # -- what a reader does ----------------------------------------------------------------

    def button(self, name: str) -> None:
        """A press on one of the board's buttons (:data:`zola.page.board.ACTIONS`:
        ``first``, ``back``, ``forward``, ``last``, ``flip``, ``swap``, ``keep``), ``reset``
        (the author's game again, the moves tried on it dropped; a puzzle from its start),
        or for a puzzle one of :data:`zola.page.training.ACTIONS` (``hint``, ``retry``,
        ``solution``)."""
        if name != "reset" and name not in ACTIONS and name not in PUZZLE_ACTIONS:
            raise InvalidOptionError("unknown button " + repr(name))
        board = self.board
        if board is None:
            return
        if name in PUZZLE_ACTIONS:
            if self.trainer is not None:
                self.trainer.press(name)
        elif name == "reset":
            self._open()
        else:
            if name == "swap":
                self._touch()
            board.press(name)

    def activity(self) -> "Activity | None":
        """What a click, a drag or a key on the board does (see
        :mod:`zola.page.activities`): the puzzle's or the game's; ``None`` without a game."""
        if self.trainer is not None:
            return self.trainer
        return Playing(self.board) if self.board is not None else None

    def click(self, square: str) -> None:
        """A click on the square called ``square`` (see :meth:`zola.page.board.Board.click`)."""
        activity = self.activity()
        if activity is not None:
            self._touch()
            activity.click(square)

    def drag(self, start: str, end: str) -> None:
        """A checker dragged from one square to another."""
        activity = self.activity()
        if activity is not None:
            self._touch()
            activity.drag(start, end)

    def key(self, key: str, on_square: bool = False) -> bool:
        """A key pressed while the board has the focus; ``on_square``: on one of its
        squares, where the arrows move the keyboard's cursor as on the app's board
        (elsewhere they step through the game). Returns whether the key was used.

        >>> live = LiveBoard("v1;size=6;moves=c3xd3")
        >>> live.key("ArrowLeft"), live.screen().can_back, live.key("x")
        (True, False, False)
        """
        activity = self.activity()
        if activity is None:
            return False
        if on_square:
            self._touch()
            if activity.key(key):
                return True
        if key in STEP_KEYS:
            self.button(STEP_KEYS[key])
            return True
        return False

    def go_to_node(self, number: int) -> None:
        """Look at the move numbered ``number`` in the move list (0: the start)."""
        if self.board is not None:
            self.board.go_to_node(number)

    def prefer_dark(self, dark: bool) -> None:
        """The reader's colour scheme changed (light or dark)."""
        self.dark = dark
        if self.board is not None:
            self.board.reader_dark = dark

    # -- what it shows ---------------------------------------------------------------------

    def _touch(self) -> None:
        """The reader is about to do something that may change the game."""
        if self.author is None and self.board is not None:
            self.author = (write_tree(self.board.game), write_notes(self.board.game))

    def changed(self) -> bool:
        """Whether the reader's moves or notes changed the author's game."""
        board = self.board
        if board is None or self.author is None:
            return False
        return (write_tree(board.game), write_notes(board.game)) != self.author

    def screen(self) -> LiveScreen:
        """What the board shows now."""
        board, language = self.board, self.language
        if board is None:
            return LiveScreen(
                board="",
                motion=None,
                status="",
                turn="",
                message="",
                announce="",
                pie=False,
                can_back=False,
                can_forward=False,
                move_list="",
                comment="",
                language=language,
                problem=say(language, self.problem),
                app_link="",
                changed=False,
                layout={"panel": False, "static": True, "dark": self.dark},
                puzzle="",
                can_retry=False,
                can_hint=False,
                can_show=False,
                fetch=[],
            )
        view = board.view
        shared = self.shared()
        motion = board.motion()  # before the moves are announced
        shown = board_fields(
            board,
            motion=None if self.still else motion,
            announce=board.announce(),
            moves=view.panel,
        )
        return LiveScreen(
            **shown,
            problem="",
            app_link=self.app_url + "#" + shared if shared and self.app_url else "",
            changed=self.changed(),
            layout={
                "panel": view.panel,
                "static": view.static,
                "dark": board.theme_name() == "dark",
            },
            puzzle=self.trainer.state if self.trainer is not None else "",
            can_retry=self.trainer is not None and self.trainer.can("retry"),
            can_hint=self.trainer is not None and self.trainer.can("hint"),
            can_show=self.trainer is not None and self.trainer.can("solution"),
            fetch=self._fetch(),
        )

    def shared(self) -> str:
        """The game "Open in the full app" opens now, as its address after ``#`` (the app
        adds where it is served): ``""`` when the link says ``nolink`` or holds no game.

        >>> LiveBoard("v1;size=6;moves=c3xd3;panel").shared(), LiveBoard("v1;nolink").shared()
        ('v1;size=6;moves=c3xd3', '')
        """
        board = self.board
        if board is None or not board.view.app_link:
            return ""
        return "puzzle=" + self.puzzle if self.puzzle else encode(board.game)

    def _fetch(self) -> list[str]:
        """The puzzle set to fetch, asked for once; none for a board that carries its line."""
        if not self.puzzle or self.line or self.trainer is not None or self.asked:
            return []
        self.asked = True
        return [file_name(puzzle_size(self.puzzle))]
