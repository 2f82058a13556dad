"""The computer's worker protocol: what the page's Python and the worker's share.

The computer runs in a Pyodide worker (``web/ai_worker.py``) that exports the
functions of :data:`WORKER_FUNCTIONS`; only strings and numbers cross. The page's
side of the conversation is :mod:`zola.page.computer`.

=============== ======================================= ==========================================
kind            the worker's function and arguments     its answer
=============== ======================================= ==========================================
``move``        ``choose_move(record, level, seed)``     move text
``hint``        the same, at the hint's level            move text
``analysis``    ``analyse_position(record, s, lines)``   :func:`.judgement.analysis_text`
``judge``       the same, one line: a move tried in an   :func:`.judgement.analysis_text`
                exercise (:mod:`zola.page.lessons`)
``review``      ``review_step(record, nodes)``           :func:`progress_text`, then
                                                         :func:`.judgement.review_text`
=============== ======================================= ==========================================

>>> read_review_step(progress_text(3, 9))
ReviewStep(done=3, total=9, review=None)
"""

from collections import namedtuple

from zola.compat import quoted
from zola.rules.errors import InvalidRecordError
from zola.rules.geometry import is_number
from zola.rules.review import Review, parse_review

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

WORKER_FUNCTIONS = ("choose_move", "analyse_position", "review_step")  # web/ai_worker.py
CALLS = {  # what the worker is asked for each kind of question
    "move": "choose_move",
    "hint": "choose_move",
    "analysis": "analyse_position",
    "judge": "analyse_position",
    "review": "review_step",
}

if TYPE_CHECKING:

    class _Request(NamedTuple):
        id: int
        kind: str
        basis: str
        call: str
        args: tuple[str | int | float, ...]
        delay: float
        timeout: float
        answer: str

    class _ReviewStep(NamedTuple):
        done: int
        total: int
        review: Review | None

else:
    _Request = namedtuple(
        "Request", ("id", "kind", "basis", "call", "args", "delay", "timeout", "answer")
    )
    _ReviewStep = namedtuple("ReviewStep", ("done", "total", "review"))


class Request(_Request):
    """A question for the computer's worker: its ``"move"``, a ``"hint"`` for a person,
    an ``"analysis"`` of the position looked at, one more step of a ``"review"``, or a
    ``"judge"``: the position after a move tried in an exercise, weighed.

    The page calls the worker's function ``call`` with ``args`` (strings and numbers),
    after ``delay`` seconds (when the computer plays itself), and waits ``timeout``
    seconds for the answer. ``basis`` is the record the question is about: when the
    game no longer has it, the question is dropped. ``answer``, when not empty, is the
    opening book's answer (:mod:`.book`): the page gives it back at once (after
    ``delay``) without asking the worker.
    """

    __slots__ = ()


class ReviewStep(_ReviewStep):
    """An answer of ``review_step``: positions done of the total, and the
    :class:`~zola.engine.judgement.Review` once it is complete (``None`` before)."""

    __slots__ = ()


def progress_text(done: int, total: int) -> str:
    """The worker's answer while a review goes on: ``"done/total"``."""
    return f"{done}/{total}"


def read_review_step(text: str, plies: int = -1) -> ReviewStep:
    """An answer of ``review_step``: progress (:func:`progress_text`) or the whole review
    (:func:`.judgement.review_text`, of ``plies`` moves when given); raise
    :class:`~zola.rules.errors.InvalidRecordError` for anything else.

    >>> read_review_step("50_55.2", plies=1).review.moves[0].loss
    2
    >>> read_review_step("3/x")
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad review: progress must be 'done/total', not '3/x'
    """
    done, sep, total = text.partition("/")
    if not sep:
        review = parse_review(text, plies=plies)
        return ReviewStep(len(review.moves) + 1, len(review.moves) + 1, review)
    if not (is_number(done) and is_number(total) and len(text) < 12):
        raise InvalidRecordError(f"bad review: progress must be 'done/total', not {quoted(text)}")
    return ReviewStep(int(done), int(total), None)
