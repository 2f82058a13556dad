"""The search's evaluation: weights fitted to self-play, checker values, the score.

A score is in hundredths of a checker, from the side to move's view. It has a
static part, material and placement (a checker is worth more the farther out it
stands), that the search (:mod:`zola.engine.ai`) keeps incrementally, and a dynamic
part, :meth:`Evaluator.evaluate`: loose and hanging checkers, defenders,
attacks, mobility and the tempo. The weights of each board size were fitted by
logistic regression to the outcomes of self-play games.
CPython and Pyodide only (the page's MicroPython never searches).

>>> from zola.rules.position import Position
>>> red, blue = Position.parse("6/6/2rb2/6/6/6 r").boards
>>> evaluator = Evaluator(6)
>>> evaluator.t.static(red, blue)   # two checkers of the centre's class
0
>>> score, loose = evaluator.evaluate(red, blue)
>>> loose == blue   # Red can take Blue's checker and Blue cannot retake
True
"""

from dataclasses import dataclass
from functools import cache

from zola.engine.movegen import MoveGenerator, MoveTables
from zola.rules.geometry import Bitboard, Geometry, Square, geometry


@dataclass(frozen=True)
class Weights:
    """Evaluation weights of one board size, in hundredths of a checker.

    Fitted by logistic regression to the outcomes of self-play games.
    """

    values: tuple[int, ...]  # a checker by its distance class, the centre first
    tempo: int  # for the side to move
    loose: int  # the side to move can take a checker that cannot be retaken
    per_loose: int  # for each such checker
    hanging: int  # for each own checker the opponent can take that way
    defended: int  # for each own checker that could retake on its square
    attacks: int  # for each enemy checker attacked, minus own checkers attacked
    mobility: int  # for each step, own minus the opponent's


WEIGHTS = {
    6: Weights((100, 122, 144, 157, 197, 283), 45, 23, -2, -10, 14, 22, 8),
    8: Weights((100, 128, 131, 149, 166, 194, 223, 257, 314), 34, 41, 11, 5, 5, 25, 11),
    10: Weights(
        (100, 100, 133, 135, 135, 138, 153, 176, 150, 182, 212, 193, 248, 269),
        8,
        51,
        -18,
        -21,
        12,
        25,
        2,
    ),
}


class Tables(MoveTables):
    """The search's tables of one board size: the move generator's, the
    ``weights`` and ``value[sq]``, a checker's worth on ``sq``."""

    def __init__(self, geo: Geometry) -> None:
        super().__init__(geo)
        # A checker is worth more the farther out it stands: it can capture
        # more and fewer enemy checkers can capture it.
        self.weights = weights = WEIGHTS[geo.size]
        self.value = [weights.values[c] if c >= 0 else 0 for c in geo.classes]

    def static(self, own: Bitboard, enemy: Bitboard) -> int:
        """Material and placement of ``own`` minus those of ``enemy``."""
        value = self.value
        return sum(value[sq] for sq in _squares(own)) - sum(value[sq] for sq in _squares(enemy))


def _squares(bb: Bitboard) -> list[Square]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


@cache
def tables(size: int) -> Tables:
    """The shared :class:`Tables` of a ``size`` x ``size`` board."""
    return Tables(geometry(size))


class Evaluator(MoveGenerator):
    """The evaluation of one board size, on its moves and attack maps.

    The search (:class:`zola.engine.ai._Searcher`) is a subclass, so that its loops
    call :meth:`evaluate` as a method of itself.
    """

    t: Tables

    def __init__(self, size: int) -> None:
        super().__init__(tables(size))

    def evaluate(self, own: Bitboard, enemy: Bitboard) -> tuple[int, Bitboard]:
        """The dynamic part of the score for the side to move (``own``), and
        the enemy checkers it can capture without a recapture.

        The static part, material and distance from the centre, is kept
        incrementally by the search (see :attr:`Tables.value`).
        """
        ours, theirs = self.threats(own, enemy)
        w = self.t.weights
        loose = ours & enemy & ~theirs
        score = w.tempo
        if loose:
            score += w.loose + w.per_loose * loose.bit_count()
        score -= w.hanging * (theirs & own & ~ours).bit_count()
        score += w.defended * ((ours & own).bit_count() - (theirs & enemy).bit_count())
        score += w.attacks * ((ours & enemy).bit_count() - (theirs & own).bit_count())
        # Steps, own minus the opponent's: per direction, the origins whose target is empty.
        empty = self.mask & ~(own | enemy)
        mobility = 0
        for by, origins in self.t.steps_up:
            free = (empty >> by) & origins
            mobility += (own & free).bit_count() - (enemy & free).bit_count()
        for by, origins in self.t.steps_down:
            free = (empty << by) & origins
            mobility += (own & free).bit_count() - (enemy & free).bit_count()
        return score + w.mobility * mobility, loose
