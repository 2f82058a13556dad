"""Links: the game record plus view options, all in the URL fragment.

View options are bare words after the record's fields, separated by ``;``:

=========== ===================================================
``embed``   only the board (for iframes), no page chrome
``panel``   in an embed: the move list and step buttons too
``static``  view only: clicks do not move checkers
``flip``    Blue's side at the bottom
``shade``   shade the distance classes
``nocoords`` no coordinates along the edges
``nohints`` no legal-move dots and rings
``dark``    the dark theme
``nolink``  in an embed: no "open in the full app" link
=========== ===================================================

>>> game, view = parse("v1;size=6;moves=c3xd3;embed;flip;dark")
>>> str(game.moves[0]), view.embed, view.flip, view.theme
('c3xd3', True, True, 'dark')
>>> unparse(game, view)
'v1;size=6;moves=c3xd3;embed;flip;dark'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import unquote

from zola.game import Game
from zola.record import decode, encode


@dataclass(frozen=True)
class View:
    """How a board is shown; the defaults are the full app's."""

    embed: bool = False
    panel: bool = False
    static: bool = False
    flip: bool = False
    shading: bool = False
    coordinates: bool = True
    hints: bool = True
    theme: str = "light"
    app_link: bool = True


# word -> (field, value it sets); the order is the order links are written in.
WORDS = {
    "embed": ("embed", True),
    "panel": ("panel", True),
    "static": ("static", True),
    "flip": ("flip", True),
    "shade": ("shading", True),
    "nocoords": ("coordinates", False),
    "nohints": ("hints", False),
    "dark": ("theme", "dark"),
    "nolink": ("app_link", False),
}


def _fields(fragment: str) -> list[str]:
    return unquote(fragment.removeprefix("#")).split(";")


def parse_view(fragment: str) -> View:
    """The view options of a fragment; unknown words are left to :func:`parse_game`."""
    words = [field for field in _fields(fragment) if field in WORDS]
    return replace(View(), **dict(WORDS[word] for word in words))


def parse_game(fragment: str) -> Game:
    """The game of a fragment (a new 6x6 game if it holds none).

    Raises :class:`~zola.errors.InvalidRecordError` saying what is wrong.
    """
    record = ";".join(field for field in _fields(fragment) if field not in WORDS)
    return decode(record) if record else Game(6)


def parse(fragment: str) -> tuple[Game, View]:
    """The game and view of a fragment: ``(parse_game(f), parse_view(f))``."""
    return parse_game(fragment), parse_view(fragment)


def unparse(game: Game, view: View = View()) -> str:
    """The fragment of ``game`` shown with ``view`` (no ``#``)."""
    words = [word for word, (name, value) in WORDS.items() if getattr(view, name) == value]
    return ";".join([encode(game), *words])


def position_only(game: Game) -> Game:
    """A game that starts at ``game``'s current position, without its history.

    >>> g = Game(6); _ = g.play("c3xd3")
    >>> encode(position_only(g))
    'v1;size=6;start=brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb_b'
    """
    return Game(start=game.position)
