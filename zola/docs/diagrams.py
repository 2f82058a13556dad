"""One diagram of a docs page, checked: what the Sphinx directive and the Markdown block
share (:class:`Diagram`), so both take the same options and draw alike; where the live
boards' loader is (:func:`loader_url`, :func:`loader_script`).

Its options:

==================== =====================================================
``flip``             Blue's side at the bottom (``true``/``false``; overrides
                     the link's view)
``shading``          shade and letter the distance classes
``no-coordinates``   no coordinates along the edges
``dark``             the dark theme
``palette``          the board's palette: ``classic``, ``slate`` or
                     ``contrast`` (:data:`zola.draw.themes.PALETTES`;
                     overrides the link's)
``arrows``           moves to draw as arrows: ``c4xd4 c3xe5``
``highlight``        squares to tint: ``c3 d4``
``caption``          the figure's caption (plain text)
``width``            the diagram's width: ``300px``, ``300``, ``50%``, ``20em``
                     (its caption and solution wrap within it)
``align``            ``left``, ``center`` or ``right``: where the diagram sits,
                     board, caption and solution alike; ``left`` and ``right``
                     float it, the text flowing beside it, as a figure's
                     ``align`` does (default: as the page shows a figure)
``class``            class names for the diagram's outer element: ``wide
                     boxed``
``alt``              the text for people who cannot see the picture (default:
                     a description of the position)
``live``             the diagram as a live board: ``true``, or the words
                     ``panel``, ``static``, ``nohints``, ``nolink`` (and for
                     an iframe ``origin=...``), and ``iframe`` (the app in
                     an iframe above the diagram) or ``element`` (a live
                     board, the default)
``solution``         for a puzzle: ``hidden`` (folded under the board, the
                     default), ``after`` (printed under it) or ``none``
==================== =====================================================

A puzzle of the package's set (:mod:`zola.puzzles.sets`) is shown by its id in place of
the link, ``puzzle=6-t5mhvr``: the board faces the side to move, the caption says
"Red to move and win in 3 moves." (before the block's own caption) and the
solution follows as ``solution`` says; a live one is solved on the page, and says the
task itself, so its caption is the block's own alone.

How a diagram sits in a page (:func:`layout_style`, and the Sphinx extension's style
sheet, :data:`LAYOUT_CSS`): its outer element (a ``<figure>`` when it has a caption) is
as wide as its board, whatever the page does with figures (Material for MkDocs sizes
them to their content), and the board fills it: a board's width never depends on its
content, so it stays the same on screen and off (where the browser skips laying out a
board's drawing, ``content-visibility``), and nothing shifts as the reader scrolls. The
caption and the solution wrap within that width, under the board.

>>> from zola.puzzles.sets import parse as parse_puzzle
>>> example = parse_puzzle("6-2nknhv;2;900;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|")
>>> print(Diagram("puzzle=6-2nknhv", {}, puzzles=[example]).solution_html())
<details class="zola-solution"><summary>Solution</summary><p>1. f1xa1 a4-a5 2. a1xa5</p></details>
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import NamedTuple
from urllib.parse import urlsplit

from zola.compat import quoted
from zola.docs import sitefiles
from zola.draw import schemes
from zola.draw.diagram import annotate, diagram, read
from zola.draw.themes import PALETTES
from zola.page.live import first_frame
from zola.puzzles.sets import PUZZLE_SIZES, Puzzle, find, load
from zola.rules.errors import ZolaError
from zola.rules.link import View, parse, unparse
from zola.rules.record import MAX_LENGTH, MAX_NESTING, overflow
from zola.rules.sides import BLUE, RED

FLAGS = ("flip", "shading", "no-coordinates", "dark")
OPTIONS = (
    *FLAGS,
    "palette",
    "arrows",
    "highlight",
    "caption",
    "width",
    "align",
    "class",
    "alt",
    "live",
    "solution",
)
ALONE = (*FLAGS, "live")  # the options that may stand alone on a block's line (true)
# Where a puzzle's solution goes: folded under the board, printed under it, or nowhere.
SOLUTIONS = ("hidden", "after", "none")
TRUE_WORDS = ("", "true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")
# The embed words that `live` may add (the view words come from the other options).
LIVE_WORDS = ("panel", "static", "nohints", "nolink")
# How a live board is put on a page: a <div data-zola> made live by web/boards.js, or
# the app in an iframe (for hosts that allow only iframes).
LIVE_KINDS = ("element", "iframe")
LOADER = "web/boards.js"  # the live boards' loader, under where their files are served
DEFAULT_WIDTH = "360px"
# Where a diagram may sit (the ``align`` option), and how its outer element does so: left
# and right float it, as docutils' figure does in the Sphinx themes (beside the text,
# under the one before it on that side), center centres it under any floating one; each
# with its text the same way. The Markdown block writes these into its element's style
# (layout_style), the Sphinx extension into its style sheet (LAYOUT_CSS).
ALIGNS = ("left", "center", "right")
ALIGN_CSS = {
    "left": "float: left; clear: left; margin: 0 1.5em 1em 0; text-align: left",
    "center": "clear: both; margin-left: auto; margin-right: auto; text-align: center",
    "right": "float: right; clear: right; margin: 0 0 1em 1.5em; text-align: right",
}
# The Sphinx pages' rules (zola.docs.sphinx writes them into its style sheet): a diagram's
# figure is as wide as its board (its style, from the width) and no wider than its
# column; a figure and a live board keep clear of a floating diagram beside them (a
# formatting context of their own: else their boxes would lie under it); and each is
# placed as its align class says (ALIGN_CSS), and so is a static diagram's image; its
# caption's text too (some themes centre every caption).
LAYOUT_CSS = (
    "figure.zola-figure { max-width: 100%; box-sizing: border-box; display: flow-root; }\n"
    ".zola-live { display: flow-root; }\n"
    ".zola-live[hidden] { display: none; }\n"
    + "".join(
        f".zola-figure.align-{side}, .zola-live.align-{side}, img.zola-diagram.align-{side} "
        f"{{ {'display: block; ' if side == 'center' else ''}{css}; }}\n"
        f".zola-figure.align-{side} > figcaption {{ text-align: {side}; }}\n"
        for side, css in ALIGN_CSS.items()
    )
)
_CLASS = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_WIDTH = re.compile(r"(?:\d+(?:\.\d+)?|\.\d+)(?:px|%|em|pt|cm|mm|in)?")
_OPTION = re.compile(r"(?P<key>[A-Za-z][A-Za-z-]*)[ \t]*:(?P<value>.*)")


class OptionError(ValueError):
    """What is wrong with one option of a diagram, ``option`` (its name)."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


class LineError(ValueError):
    """What is wrong with one line of a block: the ``index``-th of its lines."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


@contextmanager
def _option(name: str) -> Iterator[None]:
    """A ValueError inside is an :class:`OptionError` of option ``name``."""
    try:
        yield
    except ValueError as error:
        raise OptionError(name, str(error)) from None


class Block(NamedTuple):
    """A block's lines as read by :func:`read_block`: its ``source``, its ``options``
    and where each is (``lines``: option name, ``""`` for the source, to the index of
    its line)."""

    source: str
    options: dict[str, str]
    lines: dict[str, int]

    def diagram(
        self, given: Mapping[str, str | None] | None = None, *, palette: str = ""
    ) -> Diagram:
        """The block's diagram, with the ``given`` options too (a directive's own, given
        apart from its lines) and the site's ``palette``. A bad line raises a
        :class:`LineError` naming it; a bad ``given`` option, an :class:`OptionError`.

        >>> try:
        ...     read_block(["6/6/2rb2/6/6/6 r", "", "flip: maybe"]).diagram()
        ... except LineError as error:
        ...     print(error.index, error)
        2 flip must be true or false, not 'maybe'
        """
        given = dict(given or {})
        for name in self.options:
            if name in given:
                raise LineError(self.lines[name], f"option {quoted(name)} is given twice")
        try:
            return Diagram(self.source, {**given, **self.options}, palette=palette)
        except OptionError as error:
            if error.option not in self.lines:
                raise
            raise LineError(self.lines[error.option], str(error)) from None
        except ValueError as error:  # the source (a ZolaError is a ValueError too)
            raise LineError(self.lines[""], str(error)) from None


def read_block(lines: list[str]) -> Block:
    """The source and options of a block's lines (blank lines skipped); a flag may stand
    alone on its line (``live``, as Sphinx's ``:live:``). A bad line raises a
    :class:`LineError` naming it.

    >>> block = read_block(["6/6/2rb2/6/6/6 r", "", "flip: true", "arrows: c4xd4", "live"])
    >>> block.source, block.options
    ('6/6/2rb2/6/6/6 r', {'flip': 'true', 'arrows': 'c4xd4', 'live': ''})
    >>> block.lines
    {'': 0, 'flip': 2, 'arrows': 3, 'live': 4}
    """
    given = [(index, line.strip()) for index, line in enumerate(lines) if line.strip()]
    if not given:
        raise ValueError("a diagram needs a game link (v1;...) or position text")
    (first, source), *rest = given
    options: dict[str, str] = {}
    where = {"": first}
    for index, line in rest:
        match = _OPTION.fullmatch(line + (":" if line.lower() in ALONE else ""))
        if match is None:
            raise LineError(
                index,
                f"an option line is 'name: value' (or a flag alone: {', '.join(ALONE)}), "
                f"not {quoted(line)}",
            )
        key = match["key"].lower()
        if key in options:
            raise LineError(index, f"option {quoted(key)} is given twice")
        options[key] = match["value"].strip()
        where[key] = index
    return Block(source, options, where)


class Diagram:
    """One diagram as a directive or a block asks for it, checked and drawn.

    ``source`` is a link's fragment (``v1;...``, also with ``#``) or position
    text; ``options`` maps option names to text (``None`` or ``""`` for a bare
    flag); ``palette`` is the site's palette for a diagram whose option and link name
    none. Raises a ``ValueError`` saying what is wrong: an :class:`OptionError`
    naming a bad option, else one about the source (a
    :class:`~zola.rules.errors.ZolaError` for the game's text).

    >>> d = Diagram("#v1;size=8;moves=d4xe4", {"flip": "", "live": "panel"})
    >>> d.embed_src("https://example.org/zola/index.html")
    'https://example.org/zola/index.html#v1;size=8;moves=d4xe4;embed;panel;flip'
    >>> d.live_fragment(app_link=False)
    'v1;size=8;moves=d4xe4;panel;flip;nolink'
    >>> print(d.alt.replace(": ", ":\\n"))
    Zola diagram, 8 by 8 board, Blue's side at the bottom:
    Blue to move after d4xe4; 32 red and 31 blue checkers.
    >>> Diagram("6/6/2rb2/6/6/6 r", {"flip": "maybe"})
    Traceback (most recent call last):
    ...
    zola.docs.diagrams.OptionError: flip must be true or false, not 'maybe'
    """

    def __init__(
        self,
        source: str,
        options: Mapping[str, str | None],
        *,
        puzzles: list[Puzzle] | None = None,
        palette: str = "",
    ) -> None:
        unknown = [name for name in options if name not in OPTIONS]
        if unknown:
            raise OptionError(
                unknown[0],
                f"unknown option {quoted(unknown[0])}; the options are {', '.join(OPTIONS)}",
            )
        source = source.strip()
        if not source:
            raise ValueError("a diagram needs a game link (v1;...) or position text")
        self.puzzle = _puzzle(source, puzzles) if source.startswith("puzzle=") else None
        if self.puzzle is not None:
            source = self.puzzle.position
        self.source = source
        self.game, self.view = read(source)
        flags: dict[str, bool] = {}
        for name in FLAGS:
            if name in options:
                with _option(name):
                    flags[name] = _flag(name, options[name])
        if self.puzzle is not None:
            self.view = self.view.replace(puzzle=self.puzzle.id)
            flags.setdefault("flip", self.game.position.turn == BLUE)
        self.solution = (options.get("solution") or "hidden").strip().lower()
        if self.solution not in SOLUTIONS:
            choices = ", ".join(SOLUTIONS)
            message = f"solution must be {choices}, not {quoted(self.solution)}"
            raise OptionError("solution", message)
        self.flip = flags.get("flip")
        self.shading = flags.get("shading")
        self.coordinates = None if "no-coordinates" not in flags else not flags["no-coordinates"]
        self.dark = flags.get("dark")
        with _option("palette"):
            chosen = check_palette(options.get("palette"))
        self.palette = chosen or ("" if self.view.palette else check_palette(palette))
        self.arrows = _words(options.get("arrows"))
        self.highlight = _words(options.get("highlight"))
        with _option("highlight"):  # a live board draws them too
            annotate(self.game, highlight=self.highlight)
        with _option("arrows"):
            annotate(self.game, arrows=self.arrows)
        self.caption = (options.get("caption") or "").strip()  # the block's own
        with _option("width"):
            self.width = check_width(options.get("width"))
        with _option("align"):
            self.align = check_align(options.get("align"))
        with _option("class"):
            self.classes = check_classes(options.get("class"))
        self.live: list[str] | None = None
        self.live_kind: str | None = None
        if "live" in options:
            with _option("live"):
                self.live, self.live_kind = _live(options["live"])
                if self.live is not None:
                    self._check_live()
        # The puzzle a live board solves, whose line it carries (see puzzle_line): the one
        # the source names, else the one its link names (``puzzle=ID``).
        self.live_puzzle = self.puzzle
        if self.live_puzzle is None and self.view.puzzle and self.live is not None:
            self.live_puzzle = _puzzle("puzzle=" + self.view.puzzle, puzzles)
        self.svg = diagram(
            source,
            flip=self.flip,
            shading=self.shading,
            coordinates=self.coordinates,
            dark=self.dark,
            palette=self.palette,
            highlight=self.highlight,
            arrows=self.arrows,
            follow=True,
        )
        self.alt = (options.get("alt") or "").strip() or self.describe()

    def _check_live(self) -> None:
        """Raise a ValueError unless each link a live board of this diagram may carry (the
        element's, with its app link and without; the iframe's) reads back as it is: the
        view words and notes the options add may take a game over a link's limits."""
        view = self.live_view()
        for fragment in (
            self.live_fragment(),
            self.live_fragment(app_link=False),
            unparse(self.game, view),
        ):
            why = overflow(fragment)
            if why == "long":
                raise ValueError(
                    f"as a live board, its link would be {len(fragment)} characters, "
                    f"over the {MAX_LENGTH} a link may hold"
                )
            if why == "deep":
                raise ValueError(
                    f"as a live board, its link would nest variations over {MAX_NESTING} deep"
                )
            try:
                parse(fragment)
            except ZolaError as error:
                why = f"as a live board, its link would not read back: {error}"
                raise ValueError(why) from None

    def caption_text(self, live: bool = False) -> str:
        """The caption under the board: a puzzle's task before the block's caption, but
        for a ``live`` board, which says the task itself (so the page says it once).

        >>> puzzle = Diagram("puzzle=6-t5mhvr", {"caption": "From a game."})
        >>> puzzle.caption_text(), puzzle.caption_text(live=True)
        ('Blue to move and win in 2 moves. From a game.', 'From a game.')
        """
        return self.caption if live else (self.task() + " " + self.caption).strip()

    def task(self) -> str:
        """A puzzle's task: "Red to move and win in 3 moves." (``""`` for a game)."""
        if self.puzzle is None:
            return ""
        side = "Red" if self.game.position.turn == RED else "Blue"
        moves = self.puzzle.moves
        return f"{side} to move and win in {moves} move{'s' if moves != 1 else ''}."

    def solution_text(self) -> str:
        """A puzzle's solution, numbered by the solver's moves: ``1. f1xa1 a4-a5 2. a1xa5``."""
        line = self.puzzle.line if self.puzzle is not None else ()
        return " ".join(
            (f"{i // 2 + 1}. " if i % 2 == 0 else "") + move for i, move in enumerate(line)
        )

    def solution_html(self) -> str:
        """The solution as ``solution`` asks: folded (``<details>``), a paragraph, or ``""``."""
        if self.puzzle is None or self.solution == "none":
            return ""
        text = html.escape(self.solution_text())
        if self.solution == "after":
            return f'<p class="zola-solution">Solution: {text}</p>'
        return f'<details class="zola-solution"><summary>Solution</summary><p>{text}</p></details>'

    def describe(self) -> str:
        """The default alt text: the board, the side to move, the counts, the marks."""
        game, position = self.game, self.game.position
        flipped = self.view.flip if self.flip is None else self.flip
        head = f"Zola diagram, {position.size} by {position.size} board"
        if flipped:
            head += ", Blue's side at the bottom"
        red, blue = position.count(RED), position.count(BLUE)
        if position.is_game_over():
            state = ("Red" if red else "Blue") + " has won"
        else:
            state = ("Red" if position.turn == RED else "Blue") + " to move"
        last = game.last_board_move()
        if last is not None:
            state += f" after {last}"
        text = f"{head}: {state}; {red} red and {blue} blue checker{'s' if blue != 1 else ''}."
        if self.arrows:
            text += " Arrows: " + ", ".join(self.arrows) + "."
        if self.highlight:
            text += " Marked: " + ", ".join(self.highlight) + "."
        return text

    def live_view(self) -> View:
        """The view of the playable board: the link's, these options', ``embed``."""
        view = self.view.replace(embed=True)
        changes = {"flip": self.flip, "shading": self.shading, "coordinates": self.coordinates}
        view = view.replace(**{name: value for name, value in changes.items() if value is not None})
        if self.dark is not None:
            view = view.replace(theme="dark" if self.dark else "light")
        if self.palette:
            view = view.replace(palette=self.palette)
        if self.live:
            words = parse("v1;" + ";".join(self.live))[1]
            view = view.replace(
                panel=view.panel or words.panel,
                static=view.static or words.static,
                hints=view.hints and words.hints,
                app_link=view.app_link and words.app_link,
                origin=words.origin or view.origin,
            )
        return view

    def embed_src(self, app_url: str) -> str:
        """The iframe's address: ``app_url`` (its own fragment dropped) ``#`` the link."""
        return app_url.split("#", 1)[0] + "#" + unparse(self.game, self.live_view())

    def live_fragment(self, app_link: bool = True) -> str:
        """The live board's ``data-zola``: the link with its view words, without the
        iframe's ``embed`` and ``origin=`` (a live board needs neither); with ``nolink``
        when ``app_link`` is false (the page has no app to open the game in)."""
        view = self.live_view().replace(embed=False, origin="", edit=False)
        return unparse(self.game, view if app_link else view.replace(app_link=False))

    def puzzle_line(self) -> str:
        """A puzzle's line as its set writes it (:mod:`zola.puzzles.sets`), which its live
        board carries (``data-zola-puzzle``): the board reads it rather than fetching the
        set. The puzzle is the one the source names (``puzzle=ID``), or for a live board,
        the one its link names; ``""`` for a game.

        >>> Diagram("puzzle=6-t5mhvr", {}).puzzle_line().split(";")[:4]
        ['6-t5mhvr', '2', '650', '6/r4b/6/1r4/5b/1b4 b']
        >>> Diagram("6/6/2rb2/6/6/6 r", {}).puzzle_line()
        ''
        """
        return self.live_puzzle.text() if self.live_puzzle is not None else ""

    def live_element(self, inner: str, width: str | None = None, app_link: bool = True) -> str:
        """``<div data-zola="FRAGMENT" class="zola-live">inner</div>`` (every value
        escaped), ``width`` wide (default: the diagram's width), and no wider than where
        it is, a puzzle's with its line (``data-zola-puzzle``, see :meth:`puzzle_line`):
        ``web/boards.js`` makes it a live board; until then, and without JavaScript, it
        shows ``inner``, the diagram. (A width, not a largest width: the board's width then
        never depends on what it holds, which the browser does not lay out while the board
        is far from the screen.)"""
        wide = width or self.width
        style = f' style="width: {html.escape(wide)}; max-width: 100%"' if wide else ""
        fragment = html.escape(self.live_fragment(app_link))
        line = self.puzzle_line()
        carried = f' data-zola-puzzle="{html.escape(line)}"' if line else ""
        return f'<div data-zola="{fragment}"{carried} class="zola-live"{style}>{inner}</div>'

    def iframe(self, app_url: str, width: str | None = None) -> str:
        """The playable board as an ``<iframe>`` (every value escaped), as wide as the
        diagram when that is in pixels."""
        pixels = _pixels(self.width or width) or 420
        height = pixels + 60 + (120 if self.live_view().panel else 0)
        return (
            f'<iframe class="zola-live" src="{html.escape(self.embed_src(app_url))}" '
            f'width="{pixels}" height="{height}" '
            f'title="{html.escape("Playable board. " + self.alt)}" loading="lazy" '
            'style="border:0; max-width:100%"></iframe>'
        )

    def inline_svg(self, width: str | None = None, svg: str = "", frame: str = "") -> str:
        """``svg`` (default: the diagram) for inlining in HTML: the alt text as its label,
        ``width`` wide (default: the diagram's width, else :data:`DEFAULT_WIDTH`);
        ``frame``: the key of a live board's first screen (``data-frame``, see
        :meth:`live_preview`). A diagram far from the screen is neither laid out nor
        painted until the reader scrolls near it (``content-visibility``), its height
        kept by its drawing's aspect ratio: a page of many diagrams opens sooner.

        >>> svg = Diagram("#v1;size=6", {}).inline_svg()
        >>> re.search(r' style="[^"]*"', svg)[0]
        ' style="content-visibility:auto;aspect-ratio:636/636"'
        """
        svg = svg or self.svg
        end = svg.index(">")
        root = re.sub(
            r' aria-label="[^"]*"',
            lambda _: f' aria-label="{html.escape(self.alt)}"',
            svg[:end],
            count=1,
        )
        key = f' data-frame="{frame}"' if frame else ""
        box = re.search(r' viewBox="0 0 ([0-9.]+) ([0-9.]+)"', root)
        ratio = f";aspect-ratio:{box[1]}/{box[2]}" if box else ""
        lazy = f' style="content-visibility:auto{ratio}"'
        wide = width or self.width or DEFAULT_WIDTH
        return f'{root} width="{html.escape(wide)}"{lazy}{key}{svg[end:]}'

    def live_preview(
        self, width: str | None = None, app_link: bool = True, language: str = "en"
    ) -> str:
        """What a live board's element holds until it is live (and without JavaScript):
        the SVG of the board's first screen for a reader in ``language``, inlined, and
        the rest of that screen in a JSON script (see :func:`zola.page.live.first_frame`).
        When the live boards' files are here, the SVG has that screen's key (the board
        then keeps this drawing rather than making it again) and sits in the board's
        shadow root, declared in HTML, as the loader makes and paints it
        (:func:`zola.docs.sitefiles.board_root`): the whole board shows at once, and
        nothing moves or is painted again when the loader and Python take it over. (The
        loader paints the JSON screen into parts of its own where it cannot keep that
        root.)

        >>> preview = Diagram("#v1;size=6;moves=c3xd3", {"live": "static"}).live_preview()
        >>> preview.count("data-frame="), preview.count('<script type="application/json"')
        (1, 1)
        >>> preview.startswith('<style class="zola-scheme">'), '<template shadowrootmode' in preview
        (True, True)
        """
        build = sitefiles.build()
        fragment, line = self.live_fragment(app_link), self.puzzle_line()
        svg, key, rest = first_frame(fragment, language, build or 0, line)
        page = ""
        if svg and not self.live_view().theme:  # shown in the page's scheme, by CSS
            svg = schemes.follow(svg, self.game.size, self.live_view().palette)
            page = f'<style class="zola-scheme">{schemes.PAGE_CSS}</style>'  # into its root
        svg = self.inline_svg(width, svg, key if build is not None else "")
        if build is not None:
            svg = sitefiles.board_root(svg, rest) or svg
        screen = rest.replace("<", "\\u003c")  # no markup (no </script>) in the script
        script = f'<script type="application/json" class="zola-screen">{screen}</script>'
        return page + svg + script

    def html(
        self,
        app_url: str = "",
        width: str = DEFAULT_WIDTH,
        *,
        element: bool = False,
        app_link: bool = True,
        language: str = "en",
    ) -> str:
        """The block's HTML, in a ``<figure>`` with a ``<figcaption>`` when captioned
        (else a ``<div>``), class ``zola-diagram`` (and ``align-...`` and the ``class``
        option's), as wide as the diagram (``width``, unless the diagram gives one) and
        aligned by its style (:func:`layout_style`): the SVG, filling it; when live,
        inside the live board's element (``element``), its first screen in
        ``language``, or below the app in an iframe (``app_url``); then the caption and
        the puzzle's solution, in the figure's caption. ``app_link``: whether the live
        board may link to the app that serves it.

        >>> block = Diagram("6/6/2rb2/6/6/6 r", {"align": "right", "class": "a b"}).html()
        >>> print(block[: block.index("<svg")].replace("; ", ";\\n"))
        <div class="zola-diagram align-right a b" style="display: flow-root;
        width: 360px;
        max-width: 100%;
        float: right;
        clear: right;
        margin: 0 0 1em 1.5em;
        text-align: right">
        """
        wide = self.width or width
        parts = []
        live = self.live is not None and element
        if live:
            preview = self.live_preview(wide, app_link, language)
            parts.append(self.live_element(preview, "100%", app_link))
        else:
            if self.live is not None and app_url:
                parts.append(self.iframe(app_url, wide))
            parts.append(self.inline_svg("100%"))
        caption = self.caption_text(live)
        if caption:  # the solution too, under the caption: both say what the figure shows
            side = f' style="text-align: {self.align}"' if self.align else ""  # (see LAYOUT_CSS)
            parts.append(
                f"<figcaption{side}>{html.escape(caption)}{self.solution_html()}</figcaption>"
            )
        else:
            parts.append(self.solution_html())
        tag = "figure" if caption else "div"
        classes = ["zola-diagram", *([f"align-{self.align}"] if self.align else []), *self.classes]
        style = html.escape(layout_style(wide, self.align))
        return f'<{tag} class="{" ".join(classes)}" style="{style}">' + "".join(parts) + f"</{tag}>"


def _puzzle(source: str, puzzles: list[Puzzle] | None) -> Puzzle:
    """The puzzle named by ``puzzle=ID``, from ``puzzles`` or else the package's set."""
    ident = source[len("puzzle=") :].strip()
    size = ident.split("-")[0]
    if puzzles is None:
        if size not in [str(n) for n in PUZZLE_SIZES]:
            raise ValueError(f"a puzzle id starts with 6-, 8- or 10-, not {quoted(ident)}")
        puzzles = load(int(size))
    return find(puzzles, ident)


def _flag(name: str, value: str | None) -> bool:
    word = (value or "").strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{name} must be true or false, not {quoted(value)}")


def _words(value: str | None) -> list[str]:
    """``c4xd4 c3xe5`` or ``c3, d4``: the items of a list option."""
    return (value or "").replace(",", " ").split()


def check_width(value: str | float | None) -> str | None:
    """A width as the diagram takes it: ``300`` (text or a number, as a config file may
    give it) is ``300px``; ``None`` for none.

    >>> check_width("300"), check_width("50%"), check_width(" "), check_width(250)
    ('300px', '50%', None, '250px')
    >>> check_width("0")
    Traceback (most recent call last):
    ...
    ValueError: width must be more than 0, not '0'
    """
    text = "" if value is None else str(value).strip()
    if not text:
        return None
    if isinstance(value, bool) or not _WIDTH.fullmatch(text):
        raise ValueError(f"width must be like 300px, 300, 50% or 20em, not {quoted(text)}")
    if not float(text.rstrip("%abcdefghijklmnopqrstuvwxyz")):  # the number before its unit
        raise ValueError(f"width must be more than 0, not {quoted(text)}")
    return text + "px" if text[-1].isdigit() else text


def check_align(text: str | None) -> str:
    """An ``align`` option: ``left``, ``center`` or ``right`` (``""``: none, the page's
    way); a ``ValueError`` for another.

    >>> check_align(" Center "), check_align(None)
    ('center', '')
    """
    side = (text or "").strip().lower()
    if side and side not in ALIGNS:
        raise ValueError(f"align must be {', '.join(ALIGNS)}, not {quoted(side)}")
    return side


def check_classes(text: str | None) -> list[str]:
    """A ``class`` option's names, apart by spaces or commas, each one a style sheet can
    name as it is (letters, digits, ``-`` and ``_``, not first a digit or ``-``); a
    ``ValueError`` for another.

    >>> check_classes("wide, boxed"), check_classes(None)
    (['wide', 'boxed'], [])
    >>> check_classes("wide <b>")
    Traceback (most recent call last):
    ...
    ValueError: class must be names of letters, digits, - and _ (not first a digit or -), not '<b>'
    """
    names = _words(text)
    for name in names:
        if not _CLASS.fullmatch(name):
            raise ValueError(
                "class must be names of letters, digits, - and _ (not first a digit or -), "
                f"not {quoted(name)}"
            )
    return names


def layout_style(width: str, align: str = "") -> str:
    """The style of a diagram's outer element: ``width`` wide, never wider than where it
    is, and placed as ``align`` says (:data:`ALIGN_CSS`). Its board fills it, and its
    caption and solution wrap within it.

    >>> layout_style("300px")
    'display: flow-root; width: 300px; max-width: 100%'
    >>> print(layout_style("50%", "center").replace("; ", ";\\n"))
    display: flow-root;
    width: 50%;
    max-width: 100%;
    clear: both;
    margin-left: auto;
    margin-right: auto;
    text-align: center
    """
    style = f"display: flow-root; width: {width}; max-width: 100%"
    return f"{style}; {ALIGN_CSS[align]}" if align else style


def check_palette(text: str | None) -> str:
    """A palette's name as an option gives it (``""``: none); a ``ValueError`` for another.

    >>> check_palette(" Slate "), check_palette(None)
    ('slate', '')
    """
    name = (text or "").strip().lower()
    if name and name not in PALETTES:
        raise ValueError(f"palette must be {', '.join(PALETTES)}, not {quoted(name)}")
    return name


def _pixels(width: str | None) -> int | None:
    if width is None or not width.endswith("px"):
        return None
    return max(1, round(float(width[:-2])))


def _live(value: str | None) -> tuple[list[str] | None, str | None]:
    """The ``live`` option: its view words (``[]`` for on, ``None`` for ``false``) and
    the kind of live board it asks for (``None``: the page's default).

    >>> _live("iframe panel"), _live("true"), _live("off")
    ((['panel'], 'iframe'), ([], None), (None, None))
    """
    words = _words(value)
    if len(words) <= 1 and (words[0].lower() if words else "") in TRUE_WORDS:
        return [], None
    if len(words) == 1 and words[0].lower() in FALSE_WORDS:
        return None, None
    kinds = [word for word in words if word in LIVE_KINDS]
    if len(kinds) > 1:
        raise ValueError(f"live is one of {' or '.join(LIVE_KINDS)}, not both")
    for word in words:
        if word.startswith("origin="):
            parse("v1;" + word)  # a bad origin raises here, saying how it should look
        elif word not in LIVE_WORDS and word not in LIVE_KINDS:
            raise ValueError(
                f"live must be true, false or embed words ({', '.join(LIVE_WORDS)}, "
                f"origin=..., {', '.join(LIVE_KINDS)}), not {quoted(word)}"
            )
    return [word for word in words if word not in LIVE_KINDS], (kinds[0] if kinds else None)


def loader_url(boards_url: str = "", app_url: str = "") -> str:
    """The address of the live boards' loader: under ``boards_url`` (the folder that
    serves their files), else under the app's folder (``app_url``, the app's page);
    ``""`` when neither is given.

    >>> loader_url("/zola"), loader_url(app_url="https://example.org/zola/index.html#x")
    ('/zola/web/boards.js', 'https://example.org/zola/web/boards.js')
    >>> loader_url("../../zola/"), loader_url(app_url="../app/index.html")
    ('../../zola/web/boards.js', '../app/web/boards.js')
    >>> loader_url(app_url="https://example.org/zola?x=1#y")  # a folder, named without its /
    'https://example.org/zola/web/boards.js'
    """
    if boards_url.strip():
        folder = boards_url.strip()
        return (folder if folder.endswith("/") else folder + "/") + LOADER
    if app_url.strip():
        page = app_url.strip().split("#", 1)[0].split("?", 1)[0]
        last = page.rsplit("/", 1)[-1]
        if (last and "." not in last) or not urlsplit(page).path:
            page += "/"  # a folder (https://example.org/zola), not a page (index.html)
        return page[: page.rfind("/") + 1] + LOADER  # from the app's folder (a path kept whole)
    return ""


def loader_script(url: str) -> str:
    """The ``<script>`` that loads the live boards of a page (once per page): ``async``,
    so that the boards start while the browser still reads a long page; and its
    :func:`loader_hints`.

    >>> loader_script("/zola/web/boards.js").startswith(
    ...     '<script type="module" async src="/zola/web/boards.js"></script><link rel=')
    True
    """
    return f'<script type="module" async src="{html.escape(url)}"></script>' + loader_hints(url)


def loader_hints(url: str) -> str:
    """Links that ask for what the loader at ``url`` fetches once it runs (MicroPython,
    the zola image, the glue: :func:`zola.docs.sitefiles.started`) at once, as the
    loader itself asks for them: an ``async`` module runs only once the browser has read
    and drawn the page, which takes a while for a page of many boards (measured by
    bench/many_boards.py: 24 boards ready 10-20 ms sooner). At low priority: the page's
    own style sheets and text come first. Where the head is the docs tool's, they go
    there; else beside the loader line. ``""`` where the files are not here to say what
    they are.

    >>> hints = loader_hints("../zola/web/boards.js")
    >>> hints.count("<link "), hints.count('fetchpriority="low">')
    (8, 8)
    >>> '<link rel="modulepreload" href="../zola/web/python.js" ' in hints
    True
    >>> '<link rel="preload" href="../zola/web/zola.rom" as="fetch" crossorigin ' in hints
    True
    >>> beside = loader_hints("web/boards.js")  # a page beside the app's web/
    >>> beside.count("<link "), '<link rel="modulepreload" href="web/python.js" ' in beside
    (8, True)
    >>> loader_hints("https://example.org/zola/")  # not the loader
    ''
    """
    if not url.endswith(sitefiles.LOADER):
        return ""
    app = url[: -len(sitefiles.LOADER)]  # "" for a page beside the app's web/
    try:
        paths = sitefiles.started()
    except (OSError, ValueError):
        return ""
    links = []
    for path in paths:
        href = html.escape(app + path)
        if path.endswith((".js", ".mjs")):  # the loader's import()
            links.append(f'<link rel="modulepreload" href="{href}" fetchpriority="low">')
        else:  # MicroPython's fetch(), and the loader's: CORS, the page's credentials
            links.append(
                f'<link rel="preload" href="{href}" as="fetch" crossorigin fetchpriority="low">'
            )
    return "".join(links)


# ------------------------------------------------------------------ the extension
