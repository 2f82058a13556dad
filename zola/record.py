"""The game record in the URL fragment: versioned, URL-safe and readable.

Fields are separated by ``;``: the version ``v1``, then ``size=N``, an optional
``start=`` position (its space written as ``_``), ``moves=`` in move text joined
by ``.``, and ``ply=`` when the viewed ply is not the last one.

>>> game = Game(6)
>>> for text in ("c3xd3", "swap", "c4xd3"):
...     _ = game.play(text)
>>> encode(game)
'v1;size=6;moves=c3xd3.swap.c4xd3'
>>> game.undo(); encode(game)
Move.parse('c4xd3')
'v1;size=6;moves=c3xd3.swap.c4xd3;ply=2'
>>> decode("v1;size=6;moves=c3xd3.swap.c4xd3;ply=2").position == game.position
True
"""

from zola.compat import quoted
from zola.errors import InvalidRecordError, ZolaError
from zola.game import Game
from zola.geometry import SIZES, is_number
from zola.position import Position

VERSION = "v1"
MAX_LENGTH = 8000


def encode(game: Game) -> str:
    """The record of ``game``: every recorded move and the ply being viewed."""
    fields = [VERSION, f"size={game.size}"]
    if not game.from_standard_start:
        fields.append("start=" + str(game.start).replace(" ", "_"))
    if game.moves:
        fields.append("moves=" + ".".join(str(m) for m in game.moves))
    if game.ply != len(game.moves):
        fields.append(f"ply={game.ply}")
    return ";".join(fields)


def decode(text: str) -> Game:
    """Rebuild the game of a record; raise :class:`InvalidRecordError` for any bad input.

    A leading ``#`` and percent-escapes (decoded once) are accepted. Every
    move is replayed and checked, so the result is always a legal game.

    >>> decode("v1;size=7")
    Traceback (most recent call last):
    ...
    zola.errors.InvalidRecordError: bad game link: size must be 6, 8 or 10, not '7'
    """
    return read(fields(text))


def fields(text: str) -> list[str]:
    """The ``;``-separated fields of a fragment, ``#`` removed and percent-escapes decoded once.

    >>> fields("#v1;size=6%3Bembed")
    ['v1', 'size=6', 'embed']
    >>> fields("v1%253B")
    ['v1%3B']
    """
    if not isinstance(text, str):
        raise InvalidRecordError("bad game link: it must be text")
    if len(text) > MAX_LENGTH:
        raise InvalidRecordError(f"bad game link: too long ({len(text)} characters)")
    if text.startswith("#"):
        text = text[1:]
    return unquote(text).split(";")


def unquote(text: str) -> str:
    """``text`` with each ``%XX`` escape of an ASCII character decoded, once.

    >>> unquote("a%20b%3c")
    'a b<'
    >>> unquote("%E2%82%AC")
    Traceback (most recent call last):
    ...
    zola.errors.InvalidRecordError: bad game link: '%E2' is not an ASCII character
    """
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        code = part[:2]
        if len(code) < 2 or not all(c in "0123456789abcdefABCDEF" for c in code):
            raise InvalidRecordError(f"bad game link: '%{code}' is not a percent-escape")
        if int(code, 16) >= 0x80:
            raise InvalidRecordError(f"bad game link: '%{code}' is not an ASCII character")
        out.append(chr(int(code, 16)) + part[2:])
    return "".join(out)


def read(record: list[str]) -> Game:
    """The game of a record's fields (see :func:`fields`), checked move by move."""
    if not record or record[0] != VERSION:
        raise InvalidRecordError(f"bad game link: it must start with {VERSION!r}")
    values: dict[str, str] = {}
    for field in record[1:]:
        key, sep, value = field.partition("=")
        if not sep or key not in ("size", "start", "moves", "ply") or key in values:
            raise InvalidRecordError(f"bad game link: unexpected field {quoted(field[:40])}")
        values[key] = value
    start = _start(values)
    game = Game(start.size, start)
    moves = values.get("moves", "")
    for number, move in enumerate(moves.split(".") if moves else [], 1):
        try:
            game.play(move)
        except ZolaError as error:
            raise InvalidRecordError(f"bad game link: move {number}: {error}") from None
    ply = values.get("ply", str(len(game.moves)))
    if not (is_number(ply) and len(ply) <= 5 and int(ply) <= len(game.moves)):
        raise InvalidRecordError(f"bad game link: ply must be 0 to {len(game.moves)}")
    game.go_to(int(ply))
    return game


def _start(values: dict[str, str]) -> Position:
    """The start position named by the ``size`` and ``start`` fields."""
    size_text = values.get("size", "6")
    if size_text not in {str(n) for n in SIZES}:
        raise InvalidRecordError(f"bad game link: size must be 6, 8 or 10, not {quoted(size_text)}")
    if "start" not in values:
        return Position.start(int(size_text))
    try:
        start = Position.parse(values["start"].replace("_", " "))
    except ZolaError as error:
        raise InvalidRecordError(f"bad game link: start: {error}") from None
    if start.size != int(size_text):
        raise InvalidRecordError("bad game link: size does not match the start position")
    return start
