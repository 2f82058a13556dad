"""What the page shows: the :class:`Screen` and the named parts it is made of.

The page's Python (``web/main.py``) reads every value by its name and writes it
into the DOM; nothing crosses by position. The values are plain (strings,
numbers, yes/no, these named tuples), so the same screen is tested on CPython
and on the page's MicroPython.

What one board shows (:data:`BOARD_FIELDS`: its drawing, status, move list, ...)
is computed once, by :func:`zola.page.board_screen.board_fields`; the play page's
:class:`Screen` and a live board's :class:`zola.page.live.LiveScreen` both begin
with those fields, and add their own.

Each named tuple has a typed twin for the type checker (``typing`` is not on the
page's MicroPython): ``tests/test_types.py`` checks that the two agree.

>>> PlayerScreen("red", "You", 18, True).checkers
18
>>> Screen._fields[: len(BOARD_FIELDS)] == BOARD_FIELDS
True
"""

from collections import namedtuple

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple, TypedDict

    from zola.engine.protocol import Request

    class _PlayerScreen(NamedTuple):
        color: str
        name: str
        checkers: int
        to_move: bool

    class _ResultScreen(NamedTuple):
        title: str
        detail: str

    class _EditorScreen(NamedTuple):
        text: str
        tool: str
        side: str
        problem: str
        size: str

    class _Evaluation(NamedTuple):
        chance: int
        words: str
        line: str

    class _ReviewScreen(NamedTuple):
        graph: str
        summary: tuple[str, ...]
        word: str

    class _Motion(NamedTuple):
        square: str
        dx: int
        dy: int
        ghost: str
        appear: str
        browsing: bool

    class _Download(NamedTuple):
        name: str
        svg: str
        as_png: bool

    class _RecentGame(NamedTuple):
        id: str
        label: str
        updated: float

    class _TriedPuzzle(NamedTuple):
        id: str
        rating: int
        solved: bool
        label: str
        current: bool

    class _PuzzleScreen(NamedTuple):
        heading: str
        record: str
        state: str
        can_retry: bool
        can_hint: bool
        can_show: bool
        loading: bool
        size: int
        streak: str
        can_continue: bool
        history: "tuple[TriedPuzzle, ...]"

    class _LessonScreen(NamedTuple):
        heading: str
        played: str
        words: str
        state: str
        can_retry: bool
        can_show: bool
        can_next: bool

    class BoardFields(TypedDict):
        """What one board shows (see :data:`BOARD_FIELDS`), as keywords of a screen."""

        board: str
        motion: "Motion | None"
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

    class _Screen(NamedTuple):
        # what the board shows: BOARD_FIELDS
        board: str
        motion: "Motion | None"
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
        # what the page around it shows: PAGE_FIELDS
        players: "tuple[PlayerScreen, PlayerScreen]"
        result: "ResultScreen | None"
        can_type: bool
        move_choices: tuple[str, ...]
        sounds: tuple[str, ...]
        switches: dict[str, bool]
        layout: dict[str, bool]
        game_over: bool
        controls: dict[str, str]
        shading: bool
        computer: str
        retry: bool
        can_hint: bool
        can_promote: bool
        can_delete: bool
        clean: bool
        editor: "EditorScreen | None"
        recent: "tuple[RecentGame, ...]"
        fragment: str
        app_link: str
        posts: tuple[dict[str, str], ...]
        post_origin: str
        clipboard: str
        download: "Download | None"
        report_height: bool
        analysing: bool
        evaluation: "Evaluation | None"
        can_review: bool
        reviewing: bool
        review: "ReviewScreen | None"
        start_computer: bool
        request: "Request | None"
        puzzle: "PuzzleScreen | None"
        fetch: tuple[str, ...]
        can_learn: bool
        lesson: "LessonScreen | None"

    class _Once(NamedTuple):
        request: "Request | None"
        start_computer: bool
        clipboard: str
        download: "Download | None"
        sounds: tuple[str, ...]
        motion: "Motion | None"
        announce: str
        posts: tuple[dict[str, str], ...]
        fetch: tuple[str, ...]

else:
    _PlayerScreen = namedtuple("PlayerScreen", ("color", "name", "checkers", "to_move"))
    _ResultScreen = namedtuple("ResultScreen", ("title", "detail"))
    _EditorScreen = namedtuple("EditorScreen", ("text", "tool", "side", "problem", "size"))
    _Evaluation = namedtuple("Evaluation", ("chance", "words", "line"))
    _ReviewScreen = namedtuple("ReviewScreen", ("graph", "summary", "word"))
    _Motion = namedtuple("Motion", ("square", "dx", "dy", "ghost", "appear", "browsing"))
    _Download = namedtuple("Download", ("name", "svg", "as_png"))
    _RecentGame = namedtuple("RecentGame", ("id", "label", "updated"))
    _TriedPuzzle = namedtuple("TriedPuzzle", ("id", "rating", "solved", "label", "current"))
    _PuzzleScreen = namedtuple(
        "PuzzleScreen",
        (
            "heading",
            "record",
            "state",
            "can_retry",
            "can_hint",
            "can_show",
            "loading",
            "size",
            "streak",
            "can_continue",
            "history",
        ),
    )
    _LessonScreen = namedtuple(
        "LessonScreen",
        ("heading", "played", "words", "state", "can_retry", "can_show", "can_next"),
    )

# What one board shows, in the order both screens begin with:
BOARD_FIELDS = (
    "board",  # the board as SVG ("" when a live board's link holds no game)
    "motion",  # a Motion: how the board just changed, to animate; None: do not
    "status",  # whose turn, or the result
    "turn",  # "red", "blue", or "" when the game is over
    "message",  # the notice line: why a move is illegal, a pass, ...
    "announce",  # the moves just played, said for screen readers, "" when none
    "pie",  # show the Swap / Keep offer
    "can_back",  # First and Back (the page's Undo)
    "can_forward",  # Forward and Last (the page's Redo)
    "move_list",  # the move list's items as HTML (zola.draw.movelist), "" when not shown
    "comment",  # the author's comment on the position shown, "" when none
    "language",  # the language of the board's words
)
# What the play page shows around its board:
PAGE_FIELDS = (
    "players",  # two PlayerScreens, as the board faces them: the one at its top first
    "result",  # a ResultScreen over the board when the game shown is won, else None
    "can_type",  # the move box takes a move: a person is to play the position shown
    "move_choices",  # the moves the move box completes (the legal ones) while it is used
    "sounds",  # the sounds to play now, in order: "move", "capture", "pass", "end"
    "switches",  # {checkbox id: checked}: motion, sound
    "layout",  # {class of the page: on}: embed, panel, static, dark
    "game_over",  # New game asks for attention
    "controls",  # {menu id: value}: size, mode, level, language, scheme
    "shading",  # the shading checkbox
    "computer",  # what the computer is doing, "" when nothing
    "retry",  # show Retry
    "can_hint",
    "can_promote",  # the move looked at is in a variation
    "can_delete",  # there is a move looked at, to delete with what follows
    "clean",  # the author's notes are hidden
    "editor",  # an EditorScreen, or None
    "recent",  # RecentGame items of the menu
    "fragment",  # the URL fragment, without "#"
    "app_link",  # the "Open in the full app" address, "" when not shown
    "posts",  # messages for the host page (embeds)
    "post_origin",  # the host origin they may go to ("*": any)
    "clipboard",  # text to copy, "" when none
    "download",  # a Download, or None
    "report_height",  # an embed tells its host page how tall it wants to be
    "analysing",  # the Analysis toggle
    "evaluation",  # an Evaluation, or None
    "can_review",  # a main line to review (and no review under way)
    "reviewing",  # a review is under way: the Review button's words say Stop
    "review",  # a ReviewScreen, or None
    "start_computer",  # start the computer's worker now
    "request",  # a zola.engine.protocol.Request for the worker, or None
    "puzzle",  # a PuzzleScreen in puzzle mode, else None
    "fetch",  # files of the site to fetch and hand to App.take_file, once
    "can_learn",  # the review marked mistakes of the reader's: Learn from your mistakes
    "lesson",  # a LessonScreen while the reader learns from their mistakes, else None
)
if not TYPE_CHECKING:
    _Screen = namedtuple("Screen", BOARD_FIELDS + PAGE_FIELDS)
    _Once = namedtuple(
        "Once",
        (
            "request",
            "start_computer",
            "clipboard",
            "download",
            "sounds",
            "motion",
            "announce",
            "posts",
            "fetch",
        ),
    )


class PlayerScreen(_PlayerScreen):
    """One player beside the board: their colour (``"red"``/``"blue"``), who they are in
    words (you, the computer and its level, or the colour), their checkers left and
    whether it is their turn."""

    __slots__ = ()


class ResultScreen(_ResultScreen):
    """The result the board shows over itself at the end: who won, and how."""

    __slots__ = ()


class EditorScreen(_EditorScreen):
    """The board editor's controls: the position text, the tool (``red``, ``blue`` or
    ``empty``), the side to move (``red``/``blue``), what keeps the position from being
    a game (``""`` when nothing) and the board size (``"6"``, ``"8"``, ``"10"``)."""

    __slots__ = ()


class Evaluation(_Evaluation):
    """The analysis shown: Red's chance to win in %, its words, the best line as text."""

    __slots__ = ()


class ReviewScreen(_ReviewScreen):
    """The review under the board: the graph (SVG), one summary line per player and the
    word on the move looked at (``""`` when it is not marked)."""

    __slots__ = ()


class Motion(_Motion):
    """How the board just changed, to animate: the checker now on ``square`` (a name)
    slides in from ``dx``, ``dy`` board units away; ``ghost`` is the checker it captured
    (SVG to fade out on ``square``, ``""`` when none); ``appear`` names a square whose
    checker fades in (a capture taken back; ``""`` when none); ``browsing``: a step through
    the game, not a move played (skipped while an earlier slide still runs).

    >>> Motion("d3", -100, 0, "", "", False).plain()["dx"]
    -100
    """

    __slots__ = ()

    def plain(self) -> dict[str, object]:
        """The motion by field name, for the page's JavaScript."""
        return {
            "square": self.square,
            "dx": self.dx,
            "dy": self.dy,
            "ghost": self.ghost,
            "appear": self.appear,
            "browsing": self.browsing,
        }


class Download(_Download):
    """A picture to save: its file name, the SVG document and whether to save it as PNG."""

    __slots__ = ()


class RecentGame(_RecentGame):
    """An item of the Recent games menu: ``updated`` is seconds since 1970."""

    __slots__ = ()


class TriedPuzzle(_TriedPuzzle):
    """A puzzle of the history of puzzles tried: its id, its rating, whether that try solved
    it, what a screen reader says of it ("Puzzle 6-t5mhvr, rated 650: solved": the id and
    the rating the page shows, with words) and whether it is the puzzle shown."""

    __slots__ = ()


class PuzzleScreen(_PuzzleScreen):
    """What the page shows of puzzle mode: a heading (the puzzle, its rating), the
    solver's record (in a streak: the streak's count and the best), the trainer's state
    (see :data:`zola.page.training.STATES`), whether Try again, Hint and Show solution
    apply (:meth:`zola.page.puzzle_mode.PuzzleMode.can`), whether puzzles are still
    loading, the size chosen, the streak (``""``: none, ``on``: under way, ``over``: ended
    by a wrong move), whether the streak's next puzzle may open (the one shown is solved)
    and the puzzles tried lately (:class:`TriedPuzzle`, newest first)."""

    __slots__ = ()


class LessonScreen(_LessonScreen):
    """What the page shows while the reader learns from their mistakes: a heading (which
    mistake of how many), what was played there, the exercise's words (a live region),
    its state (see :class:`zola.page.lessons.Correction`) and whether Try again, Show the
    best move and Next mistake apply."""

    __slots__ = ()


class Screen(_Screen):
    """Everything the page shows (:data:`BOARD_FIELDS`, then :data:`PAGE_FIELDS`), and
    what it should do once: announce, post to the host page, copy, start the computer or
    ask it something."""

    __slots__ = ()


class Once(_Once):
    """What the page does once, handed out by :meth:`zola.page.app.App.screen` before the
    screen is drawn (see :class:`Screen` for each field): the computer's new request and
    whether to start its worker, the text to copy, the picture to save, the sounds, the
    motion and the moves to announce of the moves just played, the host page's messages
    and the files to fetch."""

    __slots__ = ()
