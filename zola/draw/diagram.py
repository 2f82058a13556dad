"""Static diagrams: a position text or a game link drawn as a standalone SVG.

The one path from text to picture shared by the command line, the docs tools
and notebooks. A link brings its view options, marks its last move and draws
the author's arrows and marked squares of the move it shows (unless it says
``clean``); the keyword options override the link's view and add arrows and
squares.

>>> svg = diagram("6/6/2rb2/6/6/6 r", arrows=["c4xd4"], highlight=["d4"])
>>> svg.count('class="arrow"'), 'class="highlight"' in svg
(1, True)
>>> 'data-flipped="1"' in diagram("v1;size=8;moves=d4xe4;flip")
True
>>> diagram("v2;size=6;moves=c3xd3;notes=1:ac4xd3,he4").count('class="arrow"')
1
>>> diagram("v1;size=6", arrows=["pass"])
Traceback (most recent call last):
...
zola.InvalidMoveError: an arrow needs two squares, not 'pass'
"""

from zola.draw import schemes
from zola.draw.svg import render
from zola.draw.themes import colours
from zola.rules.game import EMPTY_NOTE, Game, Note, parse_arrow
from zola.rules.geometry import parse_square
from zola.rules.link import DEFAULT_VIEW, View, parse
from zola.rules.position import Position


def is_link(text: str) -> bool:
    """Whether ``text`` is a game link's fragment rather than position text."""
    return text.startswith(("#", "v1;", "v2;")) or text in ("v1", "v2")


def read(source: str) -> tuple[Game, View]:
    """The game and view of a link, or a game starting at a position text."""
    if is_link(source):
        return parse(source)
    return Game(start=Position.parse(source)), DEFAULT_VIEW


def annotate(
    game: Game,
    highlight: list[str] | tuple[str, ...] = (),
    arrows: list[str] | tuple[str, ...] = (),
) -> None:
    """Add squares to tint (``highlight``, by name) and arrows (``arrows``, as moves) to
    the note of the position ``game`` shows. Raises a ZolaError saying what is wrong.

    >>> game, _ = read("v1;size=6;moves=c3xd3")
    >>> annotate(game, ["d3"], ["c4xd3"]); game.node.note
    Note(arrows=(Move.parse('c4xd3'),), highlight=(23,), comment='')
    """
    if highlight or arrows:
        size, note = game.size, game.node.note
        game.node.note = Note(
            note.arrows + tuple(parse_arrow(text, size) for text in arrows),
            note.highlight + tuple(parse_square(name, size) for name in highlight),
            note.comment,
        )


def diagram(
    source: str,
    *,
    flip: bool | None = None,
    shading: bool | None = None,
    coordinates: bool | None = None,
    dark: bool | None = None,
    palette: str = "",
    highlight: list[str] | tuple[str, ...] = (),
    arrows: list[str] | tuple[str, ...] = (),
    follow: bool = False,
) -> str:
    """The SVG of ``source`` (position text or a link), as the link shows it.

    ``flip``, ``shading``, ``coordinates``, ``dark`` and ``palette`` (a name of
    :data:`zola.draw.themes.PALETTES`) override the link's view when given;
    ``highlight`` names squares to tint, ``arrows`` moves to draw. With ``follow``, a
    drawing whose colours neither ``dark`` nor the link chose shows itself dark where it
    stands dark (:func:`zola.draw.schemes.follow`).
    Raises a :class:`~zola.rules.errors.ZolaError` saying what is wrong with the input.
    """
    game, view = read(source)
    if view.clean:
        game.node.note = EMPTY_NOTE
    annotate(game, highlight, arrows)
    position, note = game.position, game.node.note
    chosen = view.theme if dark is None else ("dark" if dark else "light")
    palette = palette or view.palette
    svg = render(
        position,
        flip=view.flip if flip is None else flip,
        shading=view.shading if shading is None else shading,
        coordinates=view.coordinates if coordinates is None else coordinates,
        highlight=note.highlight,
        arrows=note.arrows,
        last_move=game.last_board_move(),
        theme=colours(palette, chosen),
    )
    return schemes.follow(svg, position.size, palette) if follow and not chosen else svg
