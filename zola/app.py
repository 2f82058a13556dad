"""The play page's state and behaviour, free of any browser code.

``web/`` forwards every event here (clicks, keys, buttons, a link, a host page's
message, the computer's answer) and writes the :class:`Screen` that
:meth:`App.screen` returns into the DOM. Every decision of the page is made
here, so it is tested on CPython and on the page's MicroPython.

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

import random
import time
from collections import namedtuple

from zola.compat import popcount, quoted
from zola.editor import TOOLS, Editor
from zola.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidSquareError,
    ZolaError,
)
from zola.game import EMPTY_NOTE, Game, Note
from zola.geometry import (
    SIZES,
    is_number,
    parse_square,
    square,
    square_file,
    square_name,
    square_rank,
)
from zola.i18n import LANGUAGES, Text, pick_language, say
from zola.levels import DEFAULT_LEVEL, LEVELS, level_settings
from zola.link import DEFAULT_VIEW, parse, position_only, unparse
from zola.move import PASS, SWAP, Move
from zola.movelist import move_list
from zola.position import BLUE, COLOR_NAMES, RED, Position
from zola.record import MAX_COMMENT, decode, encode
from zola.replay import replay_svg
from zola.review import (
    MATE,
    MATE_BOUND,
    REVIEW_NODES,
    Analysis,
    format_score,
    graph_svg,
    is_bad,
    movers,
    parse_analysis,
    parse_review,
    red_percent,
    summary,
    symbol,
)
from zola.saved import Entry, MemoryStore, Saved
from zola.svg import THEMES, escape, render

# Who the computer plays in each mode: (first player, second player).
MODES = {
    "humans": (False, False),
    "computer-second": (False, True),
    "computer-first": (True, False),
    "computers": (True, True),
}
DEFAULT_MODE = "computer-second"  # a new visitor plays the computer, moving first
HINT_LEVEL = "strong"  # the level that suggests moves to a person
ANALYSIS_SECONDS = 0.3  # one call of the analysis: short, so that moving on stops it at once
ANALYSIS_LINES = 3
ANALYSIS_CALLS = 60  # at most this many deepening calls for one position
WORKER_BOOT_SECONDS = 90  # the computer's worker loads its own Python first
ANSWER_MARGIN_SECONDS = 10  # beyond the level's thinking time
WATCH_PAUSE_SECONDS = 0.6  # between moves when the computer plays itself
PREFERENCES = {"language": "zola-language", "mode": "zola-mode", "level": "zola-level"}

PLAYERS = (Text("player.first"), Text("player.second"))
YOU, COMPUTER = Text("player.you"), Text("player.computer")
COLORS = (Text("color.red"), Text("color.blue"))
BUTTONS = (
    "new",
    "undo",
    "redo",
    "first",
    "last",
    "swap",
    "keep",
    "flip",
    "shading",
    "retry",
    "hint",
    "copy",
    "copy-position",
    "copy-embed",
    "download-svg",
    "download-png",
    "download-replay",
    "promote",
    "delete",
    "clean",
    "clear-notes",
    "edit",
    "edit-play",
    "edit-cancel",
    "edit-clear",
    "edit-standard",
    "analysis",
    "review",
)
HISTORY_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")
# In the editor, keys that put something on the square under the cursor.
EDITOR_KEYS = {"r": "red", "R": "red", "b": "blue", "B": "blue", "x": "empty", "X": "empty"}
EDITOR_KEYS.update({"Delete": "empty", "Backspace": "empty"})
CURSOR_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}


_REQUEST = ("id", "kind", "basis", "call", "args", "delay", "timeout")


class Request(namedtuple("Request", _REQUEST)):
    """A question for the computer's worker: its ``"move"``, a ``"hint"`` for a person,
    an ``"analysis"`` of the position looked at, or one more step of a ``"review"``.

    The page calls the worker's function ``call`` with ``args`` (strings and numbers),
    after ``delay`` seconds (when the computer plays itself), and waits ``timeout``
    seconds for the answer. ``basis`` is the record the question is about: when the
    game no longer has it, the question is dropped.
    """

    __slots__ = ()


class RecentGame(namedtuple("RecentGame", ("id", "label", "updated"))):
    """An item of the Recent games menu: ``updated`` is seconds since 1970."""

    __slots__ = ()


_SCREEN = (
    "board",  # the board as SVG
    "layout",  # (class, on) pairs for the page: embed, panel, static, dark
    "status",  # whose turn, or the result
    "turn",  # "red", "blue", or "" when the game is over
    "message",  # the notice line
    "counts",  # ("Red 18", "Blue 17")
    "pie",  # show the Swap / Keep offer
    "can_back",  # Undo and Go to the start
    "can_forward",  # Redo and Go to the end
    "game_over",  # New game asks for attention
    "controls",  # the select values: (("size", "6"), ("mode", ...), ("level", ...), ...)
    "shading",  # the shading checkbox
    "language",
    "computer",  # what the computer is doing, "" when nothing
    "retry",  # show Retry
    "can_hint",
    "move_list",  # the move list's items as HTML (zola.movelist)
    "can_promote",  # the move looked at is in a variation
    "can_delete",  # there is a move looked at, to delete with what follows
    "comment",  # the author's comment on the position shown, "" when none
    "clean",  # the author's notes are hidden
    "editor",  # the editor: None, or (position text, tool, side to move, problem, size)
    "recent",  # RecentGame items of the menu
    "fragment",  # the URL fragment, without "#"
    "app_link",  # the "Open in the full app" address, "" when not shown
    "announce",  # new moves said for screen readers, "" when none
    "posts",  # messages for the host page (embeds)
    "post_origin",  # the host origin they may go to ("*": any)
    "clipboard",  # text to copy, "" when none
    "download",  # (file name, SVG document, whether to save it as PNG), or None
    "report_height",  # an embed tells its host page how tall it wants to be
    "analysing",  # the Analysis toggle
    "evaluation",  # None, or (Red's win chance %, its words, the best line as move text)
    "can_review",  # a main line to review (and no review under way)
    "reviewing",  # a review is under way: the Review button's words say Stop
    "review",  # None, or (graph SVG, per-player summary lines, the word on the move shown)
    "start_computer",  # start the computer's worker now
    "request",  # a Request for the computer, or None
)


class Screen(namedtuple("Screen", _SCREEN)):
    """Everything the page shows, and what it should do once: announce, post to the
    host page, copy, start the computer or ask it something."""

    __slots__ = ()


class App:
    """One board on a page: the game, the selection, the view, the computer, the saved games.

    ``in_frame``: the page is inside another page's iframe. ``local`` and
    ``session`` are the browser's storages (see :mod:`zola.saved`); ``base_url``
    is the page's address without its fragment; ``now()`` the time in seconds.
    """

    def __init__(
        self,
        *,
        in_frame: bool = False,
        local=None,  # noqa: ANN001 - a store: get, set, remove
        session=None,  # noqa: ANN001
        base_url: str = "",
        now=time.time,  # noqa: ANN001
    ) -> None:
        self.in_frame = in_frame
        self.local = local if local is not None else MemoryStore()
        self.saved = Saved(self.local, session if session is not None else MemoryStore(), now)
        self.base_url = base_url
        self.game = Game(6)
        self.view = DEFAULT_VIEW
        self.language = "en"
        self.mode = "humans"
        self.level = DEFAULT_LEVEL
        self.selected: int | None = None
        self.cursor = 0  # the square the keyboard is on
        self.arrow_from: int | None = None  # an arrow being drawn by keyboard
        self.editor: Editor | None = None  # the board being set up, in the editor
        self.tool = "red"  # what a click in the editor puts on a square
        self.pie_kept = False
        self.notice: Text | str = ""
        self.entry: str | None = None  # this game's id among the recent games
        self.kept = ("", "")  # (fragment, mode) last saved
        self.played: list[tuple[int, Move]] = []  # (colour, move) not yet announced
        self.clipboard = ""  # a link to copy, handed to the page once
        self.copying = "notice.copy_done"  # what to say once it is copied
        self.download: tuple | None = None  # (file name, SVG, as PNG), handed to the page once
        self.new_size = 6  # the board size of the next new game
        self.engine = "off"  # the computer's worker: "off", "starting" or "ready"
        self.request: Request | None = None  # asked and not answered
        self.asked = False  # the request was handed to the page
        self.next_id = 1
        self.stalled = False  # the computer failed; waiting for a retry
        self.hint: Move | None = None
        self.analysing = False  # the Analysis toggle
        self.analysis: tuple | None = None  # (record of the position, its latest Analysis)
        self.analysis_calls = 0  # deepening calls for that position
        self.reviewing: tuple | None = None  # (main-line record, positions done, total)

    # -- starting and links -------------------------------------------------------------

    def start(self, fragment: str, languages: list[str] | tuple[str, ...] = ()) -> None:
        """Open the page: the preferences, then the game of the link, or else this tab's
        game or the latest saved one. An embed shows its link's game and saves nothing."""
        language = self.local.get(PREFERENCES["language"])
        self.language = language if language in LANGUAGES else pick_language(list(languages))
        level = self.local.get(PREFERENCES["level"])
        self.level = level if level in LEVELS else DEFAULT_LEVEL
        mode = self.local.get(PREFERENCES["mode"])
        self.mode = mode if mode in MODES else DEFAULT_MODE
        fragment = fragment[1:] if fragment.startswith("#") else fragment
        good = self._open(fragment)
        if not self.saving():
            self.mode = "humans"
            return
        self._import_legacy()
        if fragment:
            self._adopt(good)
            return
        shown = self.saved.shown()
        latest = self.saved.find(shown.entry) if shown is not None and shown.entry else None
        if latest is None:
            entries = self.saved.recent()
            latest = entries[0] if entries else None
        if latest is not None:
            self._resume(latest)

    def saving(self) -> bool:
        """Whether this board keeps its games: an embed is a host's board and keeps none."""
        return not self.in_frame and not self.view.embed

    def computer_allowed(self) -> bool:
        """Whether the computer may play or hint here: never in an embed or a static view."""
        return not self.view.embed and not self.view.static

    def open_link(self, fragment: str) -> None:
        """Open the link of a changed fragment (the current game stays in the recent games)."""
        fragment = fragment[1:] if fragment.startswith("#") else fragment
        if fragment == self.fragment():
            return
        self._persist()
        good = self._open(fragment)
        if self.saving():
            self._adopt(good)
        else:
            self.mode = "humans"

    def _adopt(self, good: bool) -> None:
        """The game of a link: this tab's own game (a reload) comes back with its opponent,
        and so does a saved game; any other is a new game between people."""
        record = encode(self.game)
        shown = self.saved.shown()
        if good and shown is not None and shown.fragment == record:
            known = self.saved.find(shown.entry) if shown.entry else None
            if known is not None:
                self._take(known)
            else:
                self._new_entry()
            self.mode = shown.mode if shown.mode in MODES else "humans"
            return
        known = self.saved.find(fragment=record) if good else None
        if known is not None:
            self._take(known)
        else:
            self.mode = "humans"
            self._new_entry()

    def _open(self, fragment: str) -> bool:
        """Show the game and view of ``fragment`` (a new game if it is empty). A broken one
        gives a notice and a new game, and changes nothing else. Returns whether it was good."""
        try:
            game, view = parse(fragment)
        except ZolaError as error:
            self._reset(Game(self.game.size))
            self.notice = Text("notice.bad_link", detail=_detail(error))
            return False
        self._reset(game)
        self.view = view.replace(embed=view.embed or self.in_frame)
        if view.edit and not self.view.embed:
            self.editor = Editor.of(game.position)
        else:
            self.view = self.view.replace(edit=False)
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
            self.notice = Text("notice.bad_link", detail=_detail(error))
        else:
            self._reset(game)

    def _import_legacy(self) -> None:
        """Games saved by an older page become recent games; unreadable ones are kept aside."""
        for fragment in self.saved.legacy():
            try:
                game = decode(fragment)
            except ZolaError:
                self.saved.keep_aside(fragment)
            else:
                self.saved.add(encode(game), self.mode, game.size, len(game.moves))

    # -- the recent games -----------------------------------------------------------------

    def _resume(self, entry: Entry) -> None:
        """Show a recent game, with its opponent; one that cannot be read is kept aside."""
        try:
            game = decode(entry.fragment)
        except ZolaError:
            self.saved.keep_aside(entry.fragment)
            self.notice = Text("notice.unreadable")
            return
        self._reset(game)
        self.view = DEFAULT_VIEW.replace(
            flip=self.view.flip, shading=self.view.shading, theme=self.view.theme
        )
        self._take(entry)

    def _take(self, entry: Entry) -> None:
        """This tab shows ``entry`` from now on, and updates it."""
        if entry.mode in MODES:
            self.mode = entry.mode
        taken = self.saved.take(entry)
        self.entry = taken.id
        self.kept = (taken.fragment, taken.mode)

    def _new_entry(self) -> None:
        self.entry = None
        self.kept = ("", "")

    def open_recent(self, entry_id: str) -> None:
        """Reopen a game of the Recent games menu, with its opponent."""
        entry = self.saved.find(entry_id)
        if entry is None:
            self.notice = Text("notice.unreadable")
            return
        self._persist()
        self._cancel()
        self._resume(entry)

    def recent(self) -> tuple[RecentGame, ...]:
        """The Recent games menu: every saved game but the one shown."""
        items = []
        for entry in self.saved.recent():
            if entry.id == self.entry:
                continue
            players = Text("players." + entry.mode) if entry.mode in MODES else ""
            label = Text("recent.label", size=entry.size, players=players, moves=entry.moves)
            items.append(RecentGame(entry.id, self.say(label), entry.updated))
        return tuple(items)

    def _persist(self) -> None:
        """Keep this tab's game among the recent games once it has a move, and note what
        the tab shows, for a reload."""
        if not self.saving():
            return
        record = encode(self.game)
        if self.game.moves and (record, self.mode) != self.kept:
            self.entry = self.saved.save(
                self.entry, record, self.mode, self.game.size, len(self.game.moves)
            )
            self.kept = (record, self.mode)
        self.saved.show(self.entry, record, self.mode)

    def _notice_kept_aside(self) -> None:
        if self.saved.set_aside:
            self.saved.set_aside.clear()
            self.notice = Text("notice.kept_aside")

    # -- events ---------------------------------------------------------------------------

    def _reset(self, game: Game) -> None:
        """Show ``game`` afresh: no question in flight, no selection, editor or notice."""
        self._cancel()
        self.editor = None
        self.view = self.view.replace(edit=False)
        self.game = game
        self.new_size = game.size
        self.selected = None
        self.cursor = 0
        self.hint = None
        self.stalled = False
        self.pie_kept = False
        self.notice = ""

    def click(self, name: str) -> None:
        """A click on the square called ``name``: select a checker or move it."""
        self.notice = ""
        game = self.game
        try:
            sq = parse_square(name, game.size if self.editor is None else self.editor.size)
        except InvalidSquareError as error:
            self.notice = str(error)
            return
        self.cursor = sq
        self.hint = None
        if self.editor is not None:
            same = self.editor.owner(sq) == self.tool
            self.editor.put(sq, "empty" if same else self.tool)
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
        owner = game.position.piece_at(sq)
        turn = COLORS[game.turn]
        if owner == game.turn:
            self.selected = None if self.selected == sq else sq
            if self.selected is not None and not self._moves_from(sq):
                self.notice = Text("notice.no_moves", square=name)
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

    def drag(self, start: str, end: str) -> None:
        """A drag from one square to another: select the checker on ``start``, act on ``end``
        (in the editor: carry the checker there)."""
        if self.editor is not None:
            size = self.editor.size
            try:
                self.editor.move(parse_square(start, size), parse_square(end, size))
            except InvalidSquareError as error:
                self.notice = str(error)
            return
        if self.selected is None or square_name(self.selected) != start:
            self.click(start)
        if self.selected is not None and square_name(self.selected) == start:
            self.click(end)

    def board_key(self, key: str) -> bool:
        """A key on the board: arrows move the cursor, Enter or Space act on its square.
        Returns whether the key was used."""
        if key in CURSOR_KEYS:
            right, up = CURSOR_KEYS[key]
            if self.view.flip:
                right, up = -right, -up
            size = self.editor.size if self.editor is not None else self.game.size
            file = min(max(square_file(self.cursor) + right, 0), size - 1)
            rank = min(max(square_rank(self.cursor) + up, 0), size - 1)
            self.cursor = square(file, rank)
            return True
        if key in ("Enter", " "):
            self.click(square_name(self.cursor))
            return True
        if self.editor is not None and key in EDITOR_KEYS:
            self.editor.put(self.cursor, EDITOR_KEYS[key])
            return True
        if key in ("a", "A"):  # an arrow: from here, then to where the cursor goes
            if self.arrow_from is None:
                self.arrow_from = self.cursor
                self.notice = Text("notice.arrow_from", square=square_name(self.cursor))
            else:
                start, self.arrow_from = self.arrow_from, None
                self.notice = ""
                if start != self.cursor:
                    self.annotate(square_name(start), square_name(self.cursor))
            return True
        if key in ("h", "H"):
            self.annotate(square_name(self.cursor), square_name(self.cursor))
            return True
        if key == "Escape" and self.arrow_from is not None:
            self.arrow_from = None
            self.notice = ""
            return True
        return False

    def history_key(self, key: str) -> bool:
        """A key anywhere else on the page: Left/Right are Undo/Redo, Home/End the ends.
        Returns whether the key was used."""
        if key not in HISTORY_KEYS:
            return False
        self.button({"ArrowLeft": "undo", "ArrowRight": "redo", "Home": "first"}.get(key, "last"))
        return True

    def button(self, name: str) -> None:
        """A press on one of the page's :data:`BUTTONS`."""
        if name not in BUTTONS:
            raise InvalidOptionError(f"unknown button {quoted(name)}")
        if name == "new":
            self.new_game(self.new_size)
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name in ("first", "last"):
            self.go_to(0 if name == "first" else len(self.game.moves))
        elif name == "swap":
            self.play(Move.SWAP)
        elif name == "keep":
            self.pie_kept = True
            self.notice = ""
        elif name in ("flip", "shading", "clean"):
            self.view = self.view.replace(**{name: not getattr(self.view, name)})
        elif name == "promote":
            self.game.promote(self.game.node)
        elif name == "delete":
            self._delete()
        elif name == "clear-notes":
            self._note(EMPTY_NOTE)
        elif name.startswith("edit"):
            self._edit(name)
        elif name == "retry":
            self.stalled = False
            self.notice = ""
        elif name == "hint":
            self._ask_hint()
        elif name == "analysis":
            self.analysing = not self.analysing and self.computer_allowed()
        elif name == "review":
            self._toggle_review()
        else:
            self._share(name)

    def _share(self, name: str) -> None:
        """Copy a link, the position alone or the embed code; or download the view."""
        game = self._shown_game()
        if game is None:
            self.notice = self.editor.problem()
            return
        if name == "copy":
            self.clipboard = self.base_url + "#" + encode(game)
        elif name == "copy-position":
            self.clipboard = self.base_url + "#" + encode(position_only(game))
        elif name == "copy-embed":
            self.clipboard = self.embed_code(game)
        elif name == "download-replay":
            self.download = (f"zola-{game.size}x{game.size}-replay.svg", self.replay(game), False)
            return
        else:
            kind = name[len("download-") :]
            name = f"zola-{game.size}x{game.size}-{game.ply}.{kind}"
            self.download = (name, self.diagram(game), kind == "png")
            return
        self.copying = "notice." + name.replace("-", "_") + "_done"

    def _shown_game(self) -> Game | None:
        """The game the page shows: in the editor, one from its position (``None`` while
        it has a problem)."""
        if self.editor is None:
            return self.game
        if self.editor.problem() is not None:
            return None
        start = self.editor.position()
        return Game(start.size, start)

    def embed_code(self, game: Game) -> str:
        """An iframe showing ``game`` as this page shows it, to paste into a document."""
        view = DEFAULT_VIEW.replace(
            embed=True,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            theme=self.view.theme,
            clean=self.view.clean,
        )
        src = self.base_url + "#" + unparse(game, view)
        return (
            f'<iframe src="{escape(src)}" width="420" height="480" title="Zola board" '
            'loading="lazy" style="border:0;max-width:100%"></iframe>'
        )

    def replay(self, game: Game) -> str:
        """The line being looked at, from its start to its end, as an animated SVG in
        this view."""
        return replay_svg(
            game,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            theme=THEMES[self.view.theme],
            language=self.language,
            notes=not self.view.clean,
        )

    def diagram(self, game: Game) -> str:
        """The view as a standalone picture: the board with the last move and the notes,
        without the page's selection, hints and keyboard cursor."""
        note = EMPTY_NOTE if self.view.clean else game.node.note
        return render(
            game.position,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            last_move=game.last_board_move(),
            highlight=note.highlight,
            arrows=note.arrows,
            theme=THEMES[self.view.theme],
            language=self.language,
        )

    def copied(self, ok: bool, url: str) -> None:
        """The clipboard took ``url``, or refused it: then the page shows it to copy."""
        self.notice = Text(self.copying) if ok else Text("notice.copy_this", url=url)

    def choose(self, control: str, value: str) -> None:
        """A choice in one of the page's menus: ``size``, ``mode``, ``level``, ``language``
        or ``recent`` (a recent game's id)."""
        if control == "size":
            if value not in [str(n) for n in SIZES]:
                raise InvalidOptionError(f"board size must be 6, 8 or 10, not {quoted(value)}")
            self.new_size = int(value)
        elif control == "mode":
            self.set_mode(value)
            self.local.set(PREFERENCES["mode"], value)
        elif control == "level":
            level_settings(value)
            self.level = value
            self.local.set(PREFERENCES["level"], value)
        elif control == "language":
            if value not in LANGUAGES:
                raise InvalidOptionError(f"unknown language {quoted(value)}")
            self.language = value
            self.local.set(PREFERENCES["language"], value)
        elif control == "tool":
            if value not in TOOLS:
                raise InvalidOptionError(f"unknown tool {quoted(value)}: choose red, blue or empty")
            self.tool = value
        elif control == "edit-turn":
            if self.editor is not None:
                self.editor.turn = 1 if value == "blue" else 0
        elif control == "edit-size":
            if value not in [str(n) for n in SIZES]:
                raise InvalidOptionError(f"board size must be 6, 8 or 10, not {quoted(value)}")
            if self.editor is not None:
                self.editor.resize(int(value))
                self.cursor = 0
        elif control == "recent":
            if value:
                self.open_recent(value)
        else:
            raise InvalidOptionError(f"unknown control {quoted(control)}")

    def set_mode(self, mode: str) -> None:
        """Choose who the computer plays: one of :data:`MODES`."""
        if mode not in MODES:
            raise InvalidOptionError(f"unknown mode {quoted(mode)}: choose {', '.join(MODES)}")
        self.mode = mode
        self.hint = None
        self.stalled = False

    def new_game(self, size: int) -> None:
        """Start a new game on a ``size`` x ``size`` board; the last one stays in the
        recent games."""
        self._persist()
        self._reset(Game(size))
        self._new_entry()

    def play(self, move: Move | str) -> None:
        """Play a legal move (from a click, the computer or the pie offer), then any
        forced passes."""
        self.played.append((self.game.turn, self.game.play(move)))
        self.selected = None
        self.hint = None
        self.notice = ""
        if self.game.moves[self.game.ply - 1] == Move.SWAP:
            self.notice = Text("notice.swapped")
        while self.game.legal_moves() == [Move.PASS]:
            self.notice = Text("notice.pass", color=COLORS[self.game.turn])
            self.played.append((self.game.turn, self.game.play(Move.PASS)))

    def _moves_from(self, sq: int) -> list[Move]:
        return [m for m in self.game.position.legal_moves() if m.from_square == sq]

    def hints(self) -> list[Move]:
        """The legal moves of the selected checker, when hints are shown."""
        if self.selected is None or not self.view.hints:
            return []
        return self._moves_from(self.selected)

    # -- history --------------------------------------------------------------------------

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

    def _computer_only(self, ply: int) -> bool:
        """Whether the computer, playing one side only, is to move after ``ply`` moves."""
        first, second = MODES[self.mode]
        return first != second and self.computer_plays(ply)

    def _skip_passes(self, ply: int, step: int) -> int:
        moves = self.game.moves
        while 0 < ply < len(moves) and moves[ply].kind == PASS:
            ply += step
        return ply

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves (the moves after it stay recorded)."""
        self._cancel()
        self.game.go_to(ply)
        self._looked_elsewhere()

    def go_to_node(self, number: int) -> None:
        """Look at the move numbered ``number`` in the move list (0: the start)."""
        nodes = self.game.nodes()
        if not 0 <= number <= len(nodes):
            raise InvalidOptionError(f"no move {number}: the game has {len(nodes)}")
        self._cancel()
        self.game.go_to_node(nodes[number - 1] if number else self.game.root)
        self._looked_elsewhere()

    def go_to_main(self, ply: int) -> None:
        """Look at the main line after ``ply`` moves (a click on the review's graph)."""
        main = self.game.root.main_line()
        if not 0 <= ply <= len(main):
            raise InvalidOptionError(f"no ply {ply}: the main line has {len(main)}")
        self._cancel()
        self.game.go_to_node(main[ply - 1] if ply else self.game.root)
        self._looked_elsewhere()

    def _looked_elsewhere(self) -> None:
        """After the cursor moved: no selection, no hint, no pie choice, no notice."""
        self.selected = None
        self.pie_kept = False
        self.hint = None
        self.notice = ""

    def _delete(self) -> None:
        """Delete the move looked at and all that follows it."""
        if self.view.static or self.game.node is self.game.root:
            return
        self._cancel()
        self.game.delete(self.game.node)
        self.selected = None
        self.notice = ""

    # -- the board editor ------------------------------------------------------------------

    def _edit(self, name: str) -> None:
        """The editor's buttons: open it, play from its position, leave it, clear its
        board or set up the standard start."""
        if self.view.embed or self.view.static:
            self.notice = Text("notice.static")
            return
        self.notice = ""
        if name == "edit":
            self._persist()
            self._cancel()
            self.editor = Editor.of(self.game.position)
            self.view = self.view.replace(edit=True)
            self.selected = None
        elif self.editor is None:
            return
        elif name == "edit-play":
            problem = self.editor.problem()
            if problem is not None:
                self.notice = problem
                return
            start = self.editor.position()
            self._persist()
            self._reset(Game(start.size, start))
            self._new_entry()
        elif name == "edit-cancel":
            self.editor = None
            self.view = self.view.replace(edit=False)
        elif name == "edit-clear":
            self.editor.clear()
        else:
            self.editor.standard()

    def position_text(self, text: str) -> None:
        """Position text typed or pasted into the editor (spaces around it are ignored)."""
        if self.editor is None:
            return
        try:
            position = Position.parse(str(text).strip())
        except ZolaError as error:
            self.notice = str(error)
            return
        self.editor = Editor.of(position)
        self.notice = ""

    def _editor_screen(self) -> tuple | None:
        editor = self.editor
        if editor is None:
            return None
        problem = editor.problem()
        side = COLOR_NAMES[editor.turn]
        text = "" if problem is None else self.say(problem)
        return (editor.text(), self.tool, side, text, str(editor.size))

    # -- the author's notes ----------------------------------------------------------------

    def annotate(self, start: str, end: str) -> None:
        """Draw on the position shown: an arrow from ``start`` to ``end``, or a marked
        square when they are the same square; drawing one again removes it."""
        if self.view.static:
            self.notice = Text("notice.static")
            return
        size = self.game.size
        try:
            a, b = parse_square(start, size), parse_square(end, size)
        except InvalidSquareError as error:
            self.notice = str(error)
            return
        note = self.game.node.note
        if a == b:
            marked = note.highlight
            highlight = tuple(sq for sq in marked if sq != a) if a in marked else marked + (a,)
            self._note(Note(note.arrows, highlight, note.comment))
        else:
            arrow = Move.step(a, b)
            arrows = note.arrows
            arrows = (
                tuple(m for m in arrows if m != arrow) if arrow in arrows else arrows + (arrow,)
            )
            self._note(Note(arrows, note.highlight, note.comment))

    def set_comment(self, text: str) -> None:
        """The author's comment on the position shown (plain text, at most 280 characters)."""
        if self.view.static:
            return
        text = " ".join(str(text).split())[:MAX_COMMENT]
        note = self.game.node.note
        self._note(Note(note.arrows, note.highlight, text))

    def _note(self, note: Note) -> None:
        self.game.node.note = EMPTY_NOTE if note == Note((), (), "") else note
        if self.view.clean and note != EMPTY_NOTE:
            self.view = self.view.replace(clean=False)  # show what was just drawn

    # -- the computer ---------------------------------------------------------------------

    def computer_plays(self, ply: int | None = None) -> bool:
        """Whether the computer plays the side to move after ``ply`` moves (default: now)."""
        return MODES[self.mode][self.game.player_to_move(ply)]

    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn now: only at the end of the recorded line,
        so a person looking back through the moves is never interrupted."""
        game = self.game
        return (
            self.computer_allowed()
            and self.editor is None
            and not game.is_game_over()
            and game.ply == len(game.moves)
            and self.computer_plays()
        )

    def _ask_hint(self) -> None:
        if self.request is None and self._can_hint():
            self.request = self._ask("hint", self._record(), HINT_LEVEL)

    def _can_hint(self) -> bool:
        game = self.game
        return self.computer_allowed() and not game.is_game_over() and not self.computer_to_move()

    def _record(self) -> str:
        """The record of the game as it is looked at, the basis of most questions."""
        return encode(self.game)

    def _main_record(self) -> str:
        """The record of the main line alone, to its end: what a review is about."""
        return encode(self._main_game())

    def _ask(self, kind: str, basis: str, level: str = "") -> Request:
        """A new question for the worker (handed to the page with the next screen)."""
        if kind in ("move", "hint"):
            seconds = level_settings(level).time_limit
            call, args = "choose_move", (basis, level, random.getrandbits(30))
        elif kind == "analysis":
            seconds = ANALYSIS_SECONDS
            call, args = "analyse_position", (basis, ANALYSIS_SECONDS, ANALYSIS_LINES)
        else:
            seconds = REVIEW_NODES / 10_000  # about the slowest runtime's speed
            call, args = "review_step", (basis, REVIEW_NODES)
        delay = WATCH_PAUSE_SECONDS if kind == "move" and self.mode == "computers" else 0
        request = Request(
            self.next_id, kind, basis, call, args, delay, seconds + ANSWER_MARGIN_SECONDS
        )
        self.next_id += 1
        self.asked = False
        return request

    def _next_question(self) -> Request | None:
        """What to ask the worker now, if anything: the computer's move first, then the
        review under way, then the analysis of the position looked at."""
        if self.stalled:
            return None
        if self.computer_to_move():
            return self._ask("move", self._record(), self.level)
        if self.reviewing is not None:
            return self._ask("review", self.reviewing[0])
        if self.analysing and self.computer_allowed() and self.editor is None:
            record = self._record()
            done = self.analysis is not None and self.analysis[0] == record
            if not (done and (self.analysis[1].final or self.analysis_calls >= ANALYSIS_CALLS)):
                return self._ask("analysis", record)
        return None

    def _cancel(self) -> None:
        """Forget the question in flight: its answer, when it comes, is stale."""
        self.request = None

    def _still_wanted(self, request: Request) -> bool:
        """Whether the answer to ``request`` still applies to the game as it is now."""
        if request.kind == "review":
            return self.reviewing is not None and request.basis == self.reviewing[0]
        if request.kind == "analysis" and not self.analysing:
            return False
        return request.basis == self._record()

    def computer_ready(self) -> None:
        """The computer's worker has started."""
        self.engine = "ready"

    def computer_answer(self, request_id: int, text: object) -> None:
        """The worker's answer to request ``request_id``; a stale one is ignored, one the
        page cannot use fails like no answer."""
        request = self.request
        if request is None or request.id != request_id:
            return
        try:
            if not isinstance(text, str):
                raise InvalidMoveError("the answer is not text")
            if request.kind == "analysis":
                self._analysed(request.basis, parse_analysis(text))
            elif request.kind == "review":
                self._reviewed(text)
            else:
                move = Move.parse(text)
                why = self.game.why_illegal(move)
                if why is not None:
                    raise IllegalMoveError(str(why))
                self.request = None
                if request.kind == "hint":
                    self.hint = move
                    self.notice = Text("notice.hint", move=str(move))
                else:
                    self.play(move)
        except ZolaError as error:
            self.computer_failed(request_id, quoted(text)[:60] + ": " + str(error))
            return
        self.request = None

    def computer_failed(self, request_id: int, detail: str, timed_out: bool = False) -> None:
        """No answer came to request ``request_id``: say so; after a move request, the page
        offers Retry; an analysis or a review stops. The game stays as it is."""
        request = self.request
        if request is None or request.id != request_id:
            return
        self.request = None
        lines = [line for line in str(detail).strip().splitlines() if line.strip()]
        why = Text("reason.timeout") if timed_out else (lines[-1][:200] if lines else "?")
        self.stalled = request.kind == "move"
        if request.kind == "analysis":
            self.analysing = False
        elif request.kind == "review":
            self.reviewing = None
        self.notice = Text("notice.computer_failed", detail=why)

    # -- analysis and review ---------------------------------------------------------------

    def _analysed(self, record: str, analysis: Analysis) -> None:
        """A (deeper) analysis of the position ``record`` looks at."""
        calls = self.analysis_calls + 1 if self.analysis and self.analysis[0] == record else 1
        self.analysis = (record, analysis)
        self.analysis_calls = calls

    def _reviewed(self, text: str) -> None:
        """One more position reviewed (``"done/total"``), or the whole review."""
        done, sep, total = text.partition("/")
        if sep and is_number(done) and is_number(total) and len(text) < 12:
            self.reviewing = (self.reviewing[0], int(done), int(total))
            return
        game = self.game
        moves = game.main_moves()
        review = parse_review(text, plies=len(moves))
        game.review, game.reviewed = review, moves
        self.reviewing = None
        self.notice = Text("notice.reviewed")

    def _toggle_review(self) -> None:
        """Start reviewing the main line, or stop the review under way."""
        if self.reviewing is not None:
            self.reviewing = None
            self._cancel()
            return
        if not self.computer_allowed() or not self.game.main_moves():
            return
        self.reviewing = (self._main_record(), 0, len(self.game.main_moves()) + 1)

    def _evaluation(self) -> tuple | None:
        """The analysis shown: (Red's chance in %, its words, the best line as text)."""
        if not self.analysing or self.analysis is None or self.analysis[0] != self._record():
            return None
        analysis = self.analysis[1]
        red = self.game.turn == RED
        chance = red_percent(analysis.score, red)
        score = analysis.score if red else -analysis.score  # from Red's side
        if abs(score) > MATE_BOUND:
            winner = COLORS[RED if score > 0 else BLUE]
            words = Text("analysis.mate", color=winner, plies=MATE - abs(score))
        else:
            words = Text("analysis.eval", chance=chance, score=format_score(score))
        line = analysis.lines[0].moves if analysis.lines else ()
        depth = self.say(Text("analysis.depth", depth=analysis.depth))
        return (chance, self.say(words) + " · " + depth, " ".join(str(move) for move in line))

    def _best_arrows(self) -> list[Move]:
        """The best line's first two moves, drawn while the analysis is shown."""
        if self._evaluation() is None or not self.analysis[1].lines:
            return []
        return [m for m in self.analysis[1].lines[0].moves[:2] if m.from_square >= 0]

    def _review_marks(self) -> dict:
        """The move list's marks: per main-line node, (symbol, kind, title)."""
        review = self.game.current_review()
        if review is None:
            return {}
        marks = {}
        for node, entry in zip(self.game.root.main_line(), review.moves):  # noqa: B905
            if is_bad(entry.mark):
                title = self.say(
                    Text("review.title." + entry.mark, loss=entry.loss, better=str(entry.better))
                )
                marks[id(node)] = (symbol(entry.mark), entry.mark, title)
        return marks

    def _review_screen(self) -> tuple | None:
        """The review's graph, its summary per player and the word on the move looked at."""
        game = self.game
        review = game.current_review()
        if review is None or self.view.embed:
            return None
        main = game.root.main_line()
        ply = main.index(game.node) + 1 if game.node in main else None
        graph = graph_svg(review, width=600, height=110, current_ply=ply, moves=game.main_moves())
        players = movers(self._main_game())
        lines = []
        for entry in summary(review, players):
            lines.append(
                self.say(
                    Text(
                        "review.summary",
                        player=Text("review.player." + ("first", "second")[entry.player]),
                        inaccuracies=entry.inaccuracies,
                        mistakes=entry.mistakes,
                        blunders=entry.blunders,
                        loss=entry.average_text(),
                    )
                )
            )
        word = ""
        if ply is not None and is_bad(review.moves[ply - 1].mark):
            entry = review.moves[ply - 1]
            word = self.say(
                Text("review.title." + entry.mark, loss=entry.loss, better=str(entry.better))
            )
        return (graph, tuple(lines), word)

    def _main_game(self) -> Game:
        game = Game(self.game.size, self.game.start)
        for move in self.game.main_moves():
            game.play(move)
        return game

    # -- what the page shows ----------------------------------------------------------------

    def say(self, text: Text | str) -> str:
        """``text`` in the page's language (plain strings pass unchanged)."""
        return say(self.language, text) if isinstance(text, Text) else text

    def fragment(self) -> str:
        """The URL fragment of the game and view, without ``#``; in the editor, of the
        position set up (while it has no problem)."""
        if self.editor is not None and self.editor.problem() is None:
            start = self.editor.position()
            return unparse(Game(start.size, start), self.view)
        return unparse(self.game, self.view)

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
        game, static = self.game, self.view.static
        return game.can_swap() and not self.pie_kept and not static and not self.computer_plays()

    def status(self) -> str:
        """The turn or the result, in one sentence of the page's language."""
        if self.editor is not None:
            return self.say(Text("status.editing", color=COLORS[self.editor.turn]))
        game = self.game
        if game.is_game_over():
            return self.say(self.result())
        turn = COLORS[game.turn]
        computer = MODES[self.mode]
        if game.swapped() or computer[0] != computer[1]:
            player = self._player_label(game.player_of(game.turn))
            return self.say(Text("status.turn_player", color=turn, player=player))
        return self.say(Text("status.turn", color=turn))

    def _turn(self) -> str:
        """``"red"`` or ``"blue"``: the side to move (in the editor too); ``""`` when over."""
        if self.editor is not None:
            return COLOR_NAMES[self.editor.turn]
        return "" if self.game.is_game_over() else COLOR_NAMES[self.game.turn]

    def board_svg(self) -> str:
        """The board as SVG: selection, legal-move hints, the last move, the author's
        arrows and marked squares (unless the view is clean) and a hint arrow."""
        if self.editor is not None:
            return render(
                self.editor,
                flip=self.view.flip,
                shading=self.view.shading,
                coordinates=self.view.coordinates,
                theme=THEMES[self.view.theme],
                language=self.language,
                focus=self.cursor,
            )
        note = EMPTY_NOTE if self.view.clean else self.game.node.note
        arrows = list(note.arrows) + self._best_arrows()
        if self.hint is not None and self.hint.from_square >= 0:
            arrows.append(self.hint)
        return render(
            self.game.position,
            flip=self.view.flip,
            shading=self.view.shading,
            coordinates=self.view.coordinates,
            selected=self.selected,
            hints=self.hints(),
            last_move=self.game.last_board_move(),
            highlight=note.highlight,
            arrows=arrows,
            theme=THEMES[self.view.theme],
            language=self.language,
            focus=None if self.view.static else self.cursor,
        )

    def _computer_line(self) -> str:
        """What the computer is doing, for the line under the status."""
        if self.engine != "ready" and (self.request is not None or self.engine == "starting"):
            return self.say(Text("page.getting_ready"))
        if self.reviewing is not None:
            _, done, total = self.reviewing
            return self.say(Text("page.reviewing", done=done, total=total))
        if self.request is not None and self.request.kind in ("move", "hint"):
            return self.say(Text("page.thinking"))
        return ""

    def screen(self) -> Screen:
        """What the page shows now. Announcements, host messages, the clipboard text and a
        new request for the computer are handed out once."""
        game = self.game
        if self.request is not None and not self._still_wanted(self.request):
            self._cancel()  # the game changed under the question
        if self.request is None:
            self.request = self._next_question()
        request = None
        if self.request is not None and not self.asked:
            request, self.asked = self.request, True
        start_computer = self.engine == "off" and (
            self.request is not None or (self.computer_allowed() and any(MODES[self.mode]))
        )
        if start_computer:
            self.engine = "starting"
        self._persist()
        self._notice_kept_aside()
        played, self.played = self.played, []
        embedded = self.in_frame
        share = encode(game)
        posts = ()
        if embedded:
            position = str(game.position)
            posts = tuple(
                {"type": "zola:move", "move": str(move), "position": position, "fragment": share}
                for _, move in played
            )
        clipboard, self.clipboard = self.clipboard, ""
        download, self.download = self.download, None
        view = self.view
        boards = game.position.boards if self.editor is None else self.editor.boards
        red, blue = (
            self.say(Text("status.count", color=COLORS[c], count=popcount(boards[c])))
            for c in (RED, BLUE)
        )
        return Screen(
            board=self.board_svg(),
            layout=(
                ("embed", view.embed),
                ("panel", view.panel),
                ("static", view.static),
                ("dark", view.theme == "dark"),
            ),
            status=self.status(),
            turn=self._turn(),
            message=self.say(self.notice),
            counts=(red, blue),
            pie=self.offers_swap(),
            can_back=game.ply > 0,
            can_forward=game.ply < len(game.moves),
            game_over=game.is_game_over(),
            controls=(
                ("size", str(self.new_size)),
                ("mode", self.mode),
                ("level", self.level),
                ("language", self.language),
            ),
            shading=view.shading,
            language=self.language,
            computer=self._computer_line(),
            retry=self.stalled,
            can_hint=self.request is None and self._can_hint(),
            move_list=move_list(game, self._review_marks()),
            can_promote=game.node is not game.root and game.node not in game.root.main_line(),
            can_delete=game.node is not game.root and not view.static,
            comment="" if view.clean else game.node.note.comment,
            clean=view.clean,
            editor=self._editor_screen(),
            recent=self.recent() if self.saving() else (),
            fragment=self.fragment(),
            app_link=self.base_url + "#" + share if view.embed and view.app_link else "",
            announce=" ".join(self.describe(color, move) for color, move in played),
            posts=posts,
            post_origin=view.origin or "*",
            clipboard=clipboard,
            download=download,
            report_height=embedded and view.embed,
            analysing=self.analysing,
            evaluation=self._evaluation(),
            can_review=self.computer_allowed() and bool(game.main_moves()),
            reviewing=self.reviewing is not None,
            review=self._review_screen(),
            start_computer=start_computer,
            request=request,
        )

    def describe(self, color: int, move: Move) -> str:
        """One sentence saying who played what, e.g. ``'Red played c3xd3.'``."""
        key = {PASS: "announce.pass", SWAP: "announce.swap"}.get(move.kind, "announce.move")
        return self.say(Text(key, color=COLORS[color], move=str(move)))


def _detail(error: ZolaError) -> str:
    """An error's message without the ``bad game link:`` every link error starts with."""
    text = str(error)
    prefix = "bad game link: "
    return text[len(prefix) :] if text.startswith(prefix) else text
