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
``light``   the light colours, whatever the reader's scheme
``dark``    the dark colours, whatever the reader's scheme
``slate``   the board's palette, whatever the reader's setting: any of
            :data:`PALETTES` (``classic``, ``slate``, ``contrast``; their colours are
            :data:`zola.draw.themes.PALETTES`)
``nolink``  in an embed: no "open in the full app" link
``clean``   without the author's arrows, marked squares and comments
``edit``    the board editor, holding the position shown
=========== ===================================================

and ``origin=https://host.example`` makes an embed talk only to that host page;
``puzzle=6-t5mhvr`` opens that puzzle (see :mod:`zola.puzzles.sets`) to solve.

>>> game, view = parse("v1;size=6;moves=c3xd3;embed;flip;dark")
>>> str(game.moves[0]), view.embed, view.flip, view.theme
('c3xd3', True, True, 'dark')
>>> unparse(game, view)
'v1;size=6;moves=c3xd3;embed;flip;dark'
"""

from collections import namedtuple

from zola.compat import quoted
from zola.rules.game import Game
from zola.rules.record import bad_link, encode, fields, read

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import Any, NamedTuple


_FIELDS = (
    "embed",
    "panel",
    "static",
    "flip",
    "shading",
    "coordinates",
    "hints",
    "theme",
    "palette",
    "app_link",
    "clean",
    "edit",
    "origin",
    "puzzle",
)


if TYPE_CHECKING:

    class _View(NamedTuple):  # the fields of _FIELDS, typed
        embed: bool
        panel: bool
        static: bool
        flip: bool
        shading: bool
        coordinates: bool
        hints: bool
        theme: str
        palette: str
        app_link: bool
        clean: bool
        edit: bool
        origin: str
        puzzle: str

else:
    _View = namedtuple("View", _FIELDS)


class View(_View):
    """How a board is shown; :data:`DEFAULT_VIEW` is the full app's.

    ``embed``, ``panel``, ``static``, ``flip``, ``shading``, ``coordinates``,
    ``hints``, ``app_link``, ``clean`` (no author's arrows, marks and comments) and
    ``edit`` (the board editor) are yes/no; ``theme`` is ``"light"`` or ``"dark"`` when
    the link chooses, ``""`` to follow the reader (the app's setting, the system's or
    the host page's scheme); ``palette`` one of :data:`PALETTES` when the link chooses,
    ``""`` for the reader's setting (else the default);
    ``origin`` is the one host page origin an embed talks to (``""``: any); ``puzzle``
    the id of the puzzle to solve (``""``: none).
    """

    __slots__ = ()

    def replace(self, **changes: bool | str) -> "View":
        """A copy with some fields changed: ``view.replace(flip=True)``."""
        values: list[Any] = [changes.get(name, self[i]) for i, name in enumerate(_FIELDS)]
        return View(*values)


# The board's palettes, by the words that name them, the default first.
PALETTES = ("classic", "slate", "contrast")

DEFAULT_VIEW = View(
    False, False, False, False, False, True, True, "", "", True, False, False, "", ""
)

# (word, field, the value it sets), in the order links are written in.
WORDS: "tuple[tuple[str, str, bool | str], ...]" = (
    ("embed", "embed", True),
    ("panel", "panel", True),
    ("static", "static", True),
    ("flip", "flip", True),
    ("shade", "shading", True),
    ("nocoords", "coordinates", False),
    ("nohints", "hints", False),
    ("light", "theme", "light"),
    ("dark", "theme", "dark"),
) + tuple((name, "palette", name) for name in PALETTES) + (
    ("nolink", "app_link", False),
    ("clean", "clean", True),
    ("edit", "edit", True),
)
_MEANINGS = {word: (name, value) for word, name, value in WORDS}


def parse(fragment: str) -> tuple[Game, View]:
    """The game and view of a fragment (a new 6x6 game if it holds none).

    Raises :class:`~zola.rules.errors.InvalidRecordError` saying what is wrong.
    """
    record, view = _split(fragment)
    return (read(record) if any(record) else Game(6)), view


def view_of(fragment: str) -> View:
    """The view of a fragment, its game not read (see :func:`parse`).

    >>> view_of("v1;size=6;moves=c3xd3;dark;panel").theme
    'dark'
    """
    return _split(fragment)[1]


def _split(fragment: str) -> tuple[list[str], View]:
    """A fragment's record fields, as written, and its view."""
    record: list[str] = []
    changes: dict[str, bool | str] = {}
    for field in fields(fragment):
        if field.startswith("origin="):
            changes["origin"] = _origin(field[len("origin=") :])
        elif field.startswith("puzzle="):
            changes["puzzle"] = _puzzle(field[len("puzzle=") :])
        elif field in _MEANINGS:
            name, value = _MEANINGS[field]
            changes[name] = value
        else:
            record.append(field)
    return record, DEFAULT_VIEW.replace(**changes)


def unparse(game: Game, view: View = DEFAULT_VIEW) -> str:
    """The fragment of ``game`` shown with ``view`` (no ``#``)."""
    words = [word for word, name, value in WORDS if getattr(view, name) == value]
    if view.origin:
        words.append("origin=" + view.origin)
    if view.puzzle:
        words.append("puzzle=" + view.puzzle)
    return ";".join([encode(game)] + words)


def _puzzle(text: str) -> str:
    """A puzzle id as :func:`zola.puzzles.sets.puzzle_id` writes them: a board size, ``-`` and
    six letters or digits.

    >>> _puzzle("6-t5mhvr")
    '6-t5mhvr'
    >>> _puzzle("6-<b>")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad game link: a puzzle id is a board size, ... not '6-<b>'
    """
    if is_puzzle_id(text):
        return text
    raise bad_link("error.puzzle_id", id=quoted(text[:20]))


def is_puzzle_id(text: str) -> bool:
    """Whether ``text`` is a puzzle id as :func:`zola.puzzles.sets.puzzle_id` writes them.

    >>> is_puzzle_id("6-t5mhvr"), is_puzzle_id("8-T5MHVR"), is_puzzle_id("6-<b>")
    (True, False, False)
    """
    size, _, rest = text.partition("-")
    return size in ("6", "8", "10") and len(rest) == 6 and all(c in _BASE36 for c in rest)


_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
DEFAULT_PORTS = {"http": "80", "https": "443"}


def _origin(text: str) -> str:
    """A host page's origin, ``scheme://host[:port]``, as the ``origin=`` word gives it,
    written as browsers write an origin: in lower case, without the scheme's default port
    (``:80``, ``:443``) or a trailing slash.

    >>> _origin("https://docs.example.org:8443"), _origin("HTTP://Example.org:80/")
    ('https://docs.example.org:8443', 'http://example.org')
    >>> _origin("https://example.org/page")
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad game link: origin must be like https://example.org
    """
    scheme, _, host = text.lower().partition("://")
    if host.endswith("/"):
        host = host[:-1]
    allowed = "abcdefghijklmnopqrstuvwxyz0123456789.-:[]"
    if scheme not in DEFAULT_PORTS or not host or not all(c in allowed for c in host):
        raise bad_link("error.origin")
    name, colon, port = host.rpartition(":")
    if colon and port == DEFAULT_PORTS[scheme]:
        host = name
    return scheme + "://" + host


def position_only(game: Game) -> Game:
    """A game that starts at ``game``'s current position, without its history.

    >>> g = Game(6); _ = g.play("c3xd3")
    >>> encode(position_only(g))
    'v1;size=6;start=brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb_b'
    """
    return Game(start=game.position)
