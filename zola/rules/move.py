"""The move value type and its text form: ``c3-d4``, ``c3xe5``, ``pass``, ``swap``.

>>> Move.parse("c3xe5")
Move.parse('c3xe5')
>>> str(Move.step(22, 33)), Move.parse("pass") == Move.PASS
('c3-d4', True)
"""

from collections import namedtuple

from zola.compat import quoted
from zola.lang.i18n import Text
from zola.rules.errors import InvalidMoveError, InvalidSquareError
from zola.rules.geometry import Square, parse_square, square_name, square_named

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import ClassVar, NamedTuple

STEP, CAPTURE, PASS, SWAP = range(4)


if TYPE_CHECKING:

    class _Move(NamedTuple):
        from_square: Square
        to_square: Square
        kind: int

else:
    _Move = namedtuple("Move", ("from_square", "to_square", "kind"))


class Move(_Move):
    """One move: a step, a capture, a forced ``pass`` or the pie rule's ``swap``.

    ``from_square`` and ``to_square`` are squares (see :mod:`zola.rules.geometry`);
    they are -1 for ``pass`` and ``swap``; ``kind`` is ``STEP``, ``CAPTURE``,
    ``PASS`` or ``SWAP``. Moves are plain immutable tuples: compare and hash
    them freely.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        PASS: ClassVar["Move"]  # set below, once the class exists
        SWAP: ClassVar["Move"]

    @classmethod
    def step(cls, from_square: Square, to_square: Square) -> "Move":
        """A non-capturing step: ``Move.step(22, 33)`` is ``c3-d4``."""
        return cls(from_square, to_square, STEP)

    @classmethod
    def capture(cls, from_square: Square, to_square: Square) -> "Move":
        """A capture: ``Move.capture(22, 44)`` is ``c3xe5``."""
        return cls(from_square, to_square, CAPTURE)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Parse move text; raise :class:`InvalidMoveError` if it is malformed.

        >>> Move.parse("j10-i9").to_square
        88
        >>> Move.parse("c3+d4")
        Traceback (most recent call last):
        ...
        zola.InvalidMoveError: bad move 'c3+d4': expected 'c3-d4', 'c3xe5', 'pass' or 'swap'
        """
        if isinstance(text, str):
            known = _PARSED.get(text)
            if known is not None:
                return known
            # The usual text, two square names either side of an 'x' or a '-', at once;
            # the checks below say what is wrong with any other.
            head, sep, tail = text.partition("x")
            if not sep:
                head, sep, tail = text.partition("-")
            origin, target = square_named(head), square_named(tail)
            if origin is not None and target is not None and origin != target:
                return _remember(text, cls(origin, target, CAPTURE if sep == "x" else STEP))
            if len(text) > 7:  # longer than 'j10xj10'
                raise _bad(quoted(text[:12]) + "...", Text("error.move_long"))
        if text == "pass":
            return cls.PASS
        if text == "swap":
            return cls.SWAP
        for sep, kind in (("-", STEP), ("x", CAPTURE)):
            if isinstance(text, str) and text.count(sep) == 1:
                a, b = text.split(sep)
                start, end = square_named(a), square_named(b)
                if start is None or end is None:  # it raises, saying which square and how
                    try:
                        start, end = parse_square(a), parse_square(b)
                    except InvalidSquareError as error:
                        raise _bad(quoted(text), error.text) from None
                move = cls(start, end, kind)
                if move.from_square == move.to_square:
                    raise _bad(quoted(text), Text("error.move_same"))
                return _remember(text, move)
        raise _bad(quoted(text), Text("error.move_form"))

    def __str__(self) -> str:
        text = _TEXTS.get(id(self))  # a move read from text: that text
        if text is not None:
            return text
        if self.kind == PASS:
            return "pass"
        if self.kind == SWAP:
            return "swap"
        sep = "x" if self.kind == CAPTURE else "-"
        return square_name(self.from_square) + sep + square_name(self.to_square)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def is_capture(self) -> bool:
        """Whether this move captures."""
        return self.kind == CAPTURE


def move_texts(moves: "list[Move]") -> list[str]:
    """``[str(move) for move in moves]``, the moves read from text looked up at once.

    >>> move_texts([Move.parse("c3xd3"), Move.step(22, 33)])
    ['c3xd3', 'c3-d4']
    """
    texts = _TEXTS
    return [texts.get(id(move)) or str(move) for move in moves]


def _bad(shown: str, why: Text) -> InvalidMoveError:
    """The error for the move text ``shown`` (quoted), saying ``why`` it is no move."""
    return InvalidMoveError(Text("error.move", move=shown, why=why))


Move.PASS = Move(-1, -1, PASS)
Move.SWAP = Move(-1, -1, SWAP)

# Moves read so far, by their text: a page reads the same moves again and again (every
# board's link, every click). At most two for each pair of squares of a 10x10 board.
_PARSED: dict[str, Move] = {}
# Their texts, by the moves' identities (which stay theirs: _PARSED keeps them), as a
# link is written again from the moves read from it: MicroPython takes as long to write a
# move as to look up a dozen, and hashes a tuple by adding up its items (moves collide).
_TEXTS: dict[int, str] = {}


def _remember(text: str, move: Move) -> Move:
    """``move``, read from ``text``, kept for the next reading and writing of that text."""
    _PARSED[text] = move
    _TEXTS[id(move)] = text
    return move
