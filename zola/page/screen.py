"""What the page shows: the :class:`Screen` and the named parts it is made of.

The page's Python (``web/main.py``) reads every value by its name and writes it
into the DOM; nothing crosses by position. The values are plain (strings,
numbers, yes/no, these named tuples), so the same screen is tested on CPython
and on the page's MicroPython.

>>> counts = Counts(red="Red 18", blue="Blue 17")
>>> counts.blue
'Blue 17'
"""

from collections import namedtuple


class Counts(namedtuple("Counts", ("red", "blue"))):
    """The checkers left, in words: ``Counts('Red 18', 'Blue 17')``."""

    __slots__ = ()


class EditorScreen(namedtuple("EditorScreen", ("text", "tool", "side", "problem", "size"))):
    """The board editor's controls: the position text, the tool (``red``, ``blue`` or
    ``empty``), the side to move (``red``/``blue``), what keeps the position from being
    a game (``""`` when nothing) and the board size (``"6"``, ``"8"``, ``"10"``)."""

    __slots__ = ()


class Evaluation(namedtuple("Evaluation", ("chance", "words", "line"))):
    """The analysis shown: Red's chance to win in %, its words, the best line as text."""

    __slots__ = ()


class ReviewScreen(namedtuple("ReviewScreen", ("graph", "summary", "word"))):
    """The review under the board: the graph (SVG), one summary line per player and the
    word on the move looked at (``""`` when it is not marked)."""

    __slots__ = ()


class Motion(namedtuple("Motion", ("square", "dx", "dy", "ghost", "appear", "browsing"))):
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


class Download(namedtuple("Download", ("name", "svg", "as_png"))):
    """A picture to save: its file name, the SVG document and whether to save it as PNG."""

    __slots__ = ()


class RecentGame(namedtuple("RecentGame", ("id", "label", "updated"))):
    """An item of the Recent games menu: ``updated`` is seconds since 1970."""

    __slots__ = ()


class Screen(
    namedtuple(
        "Screen",
        (
            "board",  # the board as SVG
            "motion",  # a Motion: how the board just changed, to animate; None: do not
            "sounds",  # the sounds to play now, in order: "move", "capture", "pass", "end"
            "switches",  # {checkbox id: checked}: motion, sound
            "layout",  # {class of the page: on}: embed, panel, static, dark
            "status",  # whose turn, or the result
            "turn",  # "red", "blue", or "" when the game is over
            "message",  # the notice line
            "counts",  # a Counts
            "pie",  # show the Swap / Keep offer
            "can_back",  # Undo and Go to the start
            "can_forward",  # Redo and Go to the end
            "game_over",  # New game asks for attention
            "controls",  # {menu id: value}: size, mode, level, language
            "shading",  # the shading checkbox
            "language",
            "computer",  # what the computer is doing, "" when nothing
            "retry",  # show Retry
            "can_hint",
            "move_list",  # the move list's items as HTML (zola.draw.movelist)
            "can_promote",  # the move looked at is in a variation
            "can_delete",  # there is a move looked at, to delete with what follows
            "comment",  # the author's comment on the position shown, "" when none
            "clean",  # the author's notes are hidden
            "editor",  # an EditorScreen, or None
            "recent",  # RecentGame items of the menu
            "fragment",  # the URL fragment, without "#"
            "app_link",  # the "Open in the full app" address, "" when not shown
            "announce",  # new moves said for screen readers, "" when none
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
            "request",  # a zola.page.computer.Request for the worker, or None
            "puzzle",  # a zola.page.puzzle_mode.PuzzleScreen in puzzle mode, else None
            "fetch",  # files of the site to fetch and hand to App.take_file, once
        ),
    )
):
    """Everything the page shows, and what it should do once: announce, post to the
    host page, copy, start the computer or ask it something."""

    __slots__ = ()


class Once(
    namedtuple(
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
):
    """What the page does once, handed out by :meth:`zola.page.app.App.screen` before the
    screen is drawn (see :class:`Screen` for each field): the computer's new request and
    whether to start its worker, the text to copy, the picture to save, the sounds, the
    motion and the moves to announce of the moves just played, the host page's messages
    and the files to fetch."""

    __slots__ = ()
