"""Typed errors: every bad input raises a subclass of :class:`ZolaError`.

``ZolaError`` is a :class:`ValueError`, so callers may catch either.

>>> from zola import parse_square
>>> parse_square("z9")
Traceback (most recent call last):
...
zola.InvalidSquareError: bad square 'z9': expected a file a-j and a rank 1-10, like 'c3'

An error's message is English; its ``text`` is the same message as a
:class:`~zola.lang.i18n.Text`, which the page says in its own language:

>>> from zola.lang.i18n import say
>>> try:
...     parse_square("g1", 6)
... except ZolaError as error:
...     print(say("de", error.text))
Feld 'g1' liegt nicht auf dem 6x6-Brett
"""

from zola.lang.i18n import Text


class ZolaError(ValueError):
    """Base class of every error raised for bad input.

    ``message`` is a :class:`~zola.lang.i18n.Text` (or, for a message that is never
    translated, a plain string); ``str(error)`` is its English and ``error.text``
    the message as a ``Text``, to say in any language.
    """

    def __init__(self, message: Text | str = "") -> None:
        super().__init__(str(message))
        self.text = message if isinstance(message, Text) else Text("error.verbatim", text=message)


class InvalidSquareError(ZolaError):
    """A square name is malformed or off the board."""


class InvalidMoveError(ZolaError):
    """A move text is malformed (not ``c3-d4``, ``c3xe5``, ``pass`` or ``swap``)."""


class IllegalMoveError(ZolaError):
    """A well-formed move is not legal in the position; the message says why."""


class InvalidPositionError(ZolaError):
    """A position text is malformed."""


class InvalidRecordError(ZolaError):
    """A game record (URL fragment) is malformed or describes an illegal game."""


class InvalidOptionError(ZolaError):
    """A choice that is not one of those offered: a board size, a level, an opponent."""


class UnknownLevelError(InvalidOptionError):
    """A level name that is not one of :data:`zola.engine.levels.LEVELS`."""


def link_detail(error: ZolaError) -> Text:
    """What is wrong with a link: ``error``'s text without the ``bad game link:`` that
    most link errors start with (a notice about the link says so in its own words)."""
    text = error.text
    detail = text.args.get("detail") if text.key == "error.link" else None
    return detail if isinstance(detail, Text) else text


# Each error's public name is zola.<name>, as tracebacks and reprs say: zola exports them all.
for _error in (
    ZolaError,
    InvalidSquareError,
    InvalidMoveError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidOptionError,
    UnknownLevelError,
):
    _error.__module__ = "zola"
