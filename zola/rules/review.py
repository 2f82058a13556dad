"""A game's review as its record carries it: the :class:`Review` of each move (Red's
win chance, the mover's loss, a mark and the better move) and its text in a link.

The engine makes a review (:mod:`zola.engine.analysis`) and judges its moves
(:mod:`zola.engine.judgement`); the game record (:mod:`zola.rules.record`) keeps it in
its link's ``review`` field, so the value and its text belong to the rules. Runs
everywhere.

>>> review = parse_review("50_50_71.2_44.27??c4xd4_44f")
>>> [entry.mark for entry in review.moves], str(review.moves[2].better)
(['best', 'good', 'blunder', 'forced'], 'c4xd4')
>>> review_text(review)
'50_50_71.2_44.27??c4xd4_44f'
"""

from collections import namedtuple

from zola.compat import quoted
from zola.lang.i18n import Text
from zola.rules.errors import InvalidRecordError, ZolaError
from zola.rules.geometry import is_number
from zola.rules.move import Move

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER, FORCED = (
    "best",
    "good",
    "inaccuracy",
    "mistake",
    "blunder",
    "forced",
)
MARKS = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER, FORCED)
SYMBOLS = ((BLUNDER, "??"), (INACCURACY, "?!"), (MISTAKE, "?"))  # the longest symbol first
MAX_TEXT = 8000


if TYPE_CHECKING:

    class _Reviewed(NamedTuple):
        red: int
        loss: int
        mark: str
        better: Move | None

    class _Review(NamedTuple):
        start: int
        moves: "tuple[Reviewed, ...]"

else:
    _Reviewed = namedtuple("Reviewed", ("red", "loss", "mark", "better"))
    _Review = namedtuple("Review", ("start", "moves"))


class Reviewed(_Reviewed):
    """One reviewed move: Red's win chance after it (percent, 0-100), the mover's
    loss of win chance (percentage points), its mark (one of :data:`MARKS`) and the
    better move (a :class:`~zola.rules.move.Move`) when it is an inaccuracy or worse."""

    __slots__ = ()


class Review(_Review):
    """A game's review: Red's win chance (percent) in the start position and one
    :class:`Reviewed` per move of the game's line, a tuple."""

    __slots__ = ()


def is_bad(mark: str) -> bool:
    """Whether ``mark`` is an inaccuracy, a mistake or a blunder."""
    return mark in (INACCURACY, MISTAKE, BLUNDER)


def symbol(mark: str) -> str:
    """The annotation symbol of a mark: ``?!``, ``?``, ``??``, or ``""``."""
    for name, text in SYMBOLS:
        if name == mark:
            return text
    return ""


def review_text(review: Review) -> str:
    """The compact text of a review, for a URL fragment field.

    Grammar (only the characters ``0-9 a-z . - _ ? !``)::

        review := chance ("_" entry)*        Red's chance at the start, then one entry a move
        entry  := chance ["." loss] [tag]    Red's chance after the move, the mover's loss
        tag    := "f"                        the only legal move
                | ("?!" | "?" | "??") move   inaccuracy, mistake, blunder, and the better move
        chance := 0 to 100, loss := 1 to 100 (0 is left out), in digits without leading zeros

    A loss without a tag is a good move; no loss and no tag, the best.
    """
    parts = [str(review.start)]
    for entry in review.moves:
        text = str(entry.red)
        if entry.loss:
            text += "." + str(entry.loss)
        if entry.mark == FORCED:
            text += "f"
        elif is_bad(entry.mark):
            text += symbol(entry.mark) + str(entry.better)
        parts.append(text)
    return "_".join(parts)


def _bad_review(why: Text, number: int = 0) -> InvalidRecordError:
    """The error of a review text saying ``why`` it is bad, at its move ``number`` (if any)."""
    if number:
        why = Text("error.at_move", number=number, detail=why)
    return InvalidRecordError(Text("error.review", detail=why))


def _number(text: str, low: int, what: str, number: int = 0) -> int:
    """A number ``low`` to 100 in digits without leading zeros; else an error saying
    ``what`` (the key of its name) at move ``number``."""
    if not (is_number(text) and len(text) <= 3 and (text == "0" or text[0] != "0")):
        raise _bad_review(Text("error.review_number", what=Text(what), low=low), number)
    value = int(text)
    if not low <= value <= 100:
        raise _bad_review(Text("error.review_number", what=Text(what), low=low), number)
    return value


def parse_review(text: str, plies: int = -1) -> Review:
    """The :class:`Review` of a text of :func:`review_text`; raise
    :class:`~zola.rules.errors.InvalidRecordError` for anything else.

    ``plies``, when given, is the number of moves the review must have.

    >>> parse_review("50_101")
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad review: move 1: chance must be a number 0 to 100
    """
    if not isinstance(text, str):
        raise _bad_review(Text("error.not_text"))
    if len(text) > MAX_TEXT:
        raise _bad_review(Text("error.too_long", length=len(text)))
    parts = text.split("_")
    start = _number(parts[0], 0, "error.review_start")
    moves = []
    for number, part in enumerate(parts[1:], 1):
        moves.append(_entry(part, number))
    if plies >= 0 and len(moves) != plies:
        raise _bad_review(Text("error.review_count", count=len(moves), plies=plies))
    return Review(start, tuple(moves))


def _entry(part: str, number: int) -> Reviewed:
    """The entry of move ``number`` in a review text."""
    digits = 0
    while digits < len(part) and "0" <= part[digits] <= "9":
        digits += 1
    red = _number(part[:digits], 0, "error.review_chance", number)
    rest = part[digits:]
    loss = 0
    if rest.startswith("."):
        end = 1
        while end < len(rest) and "0" <= rest[end] <= "9":
            end += 1
        loss = _number(rest[1:end], 1, "error.review_loss", number)
        rest = rest[end:]
    if rest == "":
        return Reviewed(red, loss, GOOD if loss else BEST, None)
    if rest == "f":
        if loss:
            raise _bad_review(Text("error.review_forced"), number)
        return Reviewed(red, 0, FORCED, None)
    for mark, sign in SYMBOLS:
        if rest.startswith(sign):
            if not loss:
                raise _bad_review(Text("error.review_mark." + mark), number)
            try:
                better = Move.parse(rest[len(sign) :])
            except ZolaError as error:
                raise _bad_review(error.text, number) from None
            return Reviewed(red, loss, mark, better)
    raise _bad_review(Text("error.review_unexpected", text=quoted(rest[:12])), number)
