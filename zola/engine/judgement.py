"""The computer's judgement as values: an :class:`Analysis` of a position and a
:class:`Review` of a game, win chances, move marks, summaries, their texts and the graph.

The engine side (:mod:`zola.engine.analysis`: ``analyse`` and ``review``, CPython and
Pyodide) searches and returns these values; this module holds what the page needs
to read and show them, and runs on the page's MicroPython too: it imports no search.

A score is the search's, from the side to move's view, in hundredths of a
checker; a win in ``k`` plies scores ``MATE - k``, a loss ``-(MATE - k)``.
:func:`win_chance` maps it to the side to move's chance to win:

>>> win_chance(0), win_chance(MATE - 3), win_chance(-(MATE - 3))
(0.5, 1.0, 0.0)
>>> percent(150), percent(-150), percent(MATE - 1)
(70, 30, 100)

A move is marked by the win chance its mover lost (percentage points) against
the engine's choice; the only legal move gets no mark:

>>> [classify(loss) for loss in (0, 3, 8, 15, 40)]
['best', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> classify(40, best=True), classify(0, forced=True)
('best', 'forced')

A review and its text in a link are the rules' (:mod:`zola.rules.review`).
"""

import math
from collections import namedtuple

from zola.compat import quoted
from zola.lang.i18n import Text, decimal
from zola.rules.errors import InvalidRecordError, ZolaError
from zola.rules.game import Game
from zola.rules.geometry import is_number
from zola.rules.move import Move
from zola.rules.review import BEST, BLUNDER, FORCED, GOOD, INACCURACY, MISTAKE, Review
from zola.rules.sides import FIRST, SECOND

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

# The scores of the search (zola.engine.ai imports them from here: the page's side and the
# engine's share one definition, and this module runs on the page's MicroPython).
MATE = 100_000  # a win in k plies scores MATE - k, a loss -(MATE - k)
MATE_BOUND = MATE - 1000  # scores beyond this are found wins or losses
#: Nodes a review searches per position at most by default, in the depths that they
#: complete (a blunder gets as many again): about 0.05 s on CPython (depth 4 or 5 on
#: 6x6; bench/review_accuracy.py). Nodes, not seconds, so that the same game gets the
#: same marks on every machine and Python.
REVIEW_NODES = 11_000

# The win chance of a score s is 1 / (1 + exp(-s / WIN_SCALE)). Fitted by
# bench/calibrate_win_chance.py: maximum likelihood over 2,415 positions of 176
# self-play games of the beginner level (100 on 6x6, 60 on 8x8, 16 on 10x10),
# each scored by a review's search (20,000 nodes). All sizes together give 178
# (6x6 alone 137, 8x8 232, 10x10 116: one scale is a compromise), log-loss 0.495
# against 0.693 for a coin. The side to move won 43% of the positions scored
# -25 to 25: the search flatters the side to move a little; the model keeps 50%.
WIN_SCALE = 178

# The least loss of the mover's win chance, in percentage points, for each mark.
# Lichess marks 0.1, 0.2 and 0.3 on its -1..1 scale of winning chances, which is
# 5, 10 and 15 points of win chance. Here a little wider: below 6 points (a
# quarter of a checker from an even game) a review's search at its budget is not
# sure of the difference (bench/review_speed.py compares marks at 4x the budget);
# a checker given away for nothing from an even game (100 to 250 hundredths of a
# checker: 14 to 30 points) is a mistake or a blunder; 20 points and more a blunder.
INACCURACY_LOSS, MISTAKE_LOSS, BLUNDER_LOSS = 6, 12, 20


class InvalidAnalysisError(InvalidRecordError):
    """An analysis text (see :func:`analysis_text`) is malformed."""


if TYPE_CHECKING:

    class _Line(NamedTuple):
        score: int
        moves: tuple[Move, ...]

    class _Analysis(NamedTuple):
        score: int
        depth: int
        nodes: int
        final: bool
        lines: "tuple[Line, ...]"

    class _PlayerSummary(NamedTuple):
        player: int
        moves: int
        inaccuracies: int
        mistakes: int
        blunders: int
        total_loss: int

else:
    _Line = namedtuple("Line", ("score", "moves"))
    _Analysis = namedtuple("Analysis", ("score", "depth", "nodes", "final", "lines"))
    _PlayerSummary = namedtuple(
        "PlayerSummary", ("player", "moves", "inaccuracies", "mistakes", "blunders", "total_loss")
    )


class Line(_Line):
    """One line of an analysis: its score (the side to move's view) and its moves, a tuple."""

    __slots__ = ()


class Analysis(_Analysis):
    """The evaluation of a position: ``score`` (the side to move's view), the last
    complete ``depth``, the ``nodes`` searched, whether it is ``final`` (no deeper
    search will come: a found result, the depth or memory cap, or a finished game)
    and its best ``lines`` (a tuple of :class:`Line`, best first; empty when the game
    is over)."""

    __slots__ = ()


class PlayerSummary(_PlayerSummary):
    """One player's review: ``moves`` they chose (forced moves left out), the count
    of each bad mark, and the sum of their losses (percentage points)."""

    __slots__ = ()

    def average_tenths(self) -> int:
        """The average loss in tenths of a percentage point, rounded half up (the same on
        every Python); 0 without moves."""
        if not self.moves:
            return 0
        return (self.total_loss * 20 + self.moves) // (2 * self.moves)

    def average(self) -> Text:
        """The average loss with one decimal, as each language writes it.

        >>> from zola.lang.i18n import say
        >>> part = PlayerSummary(FIRST, 8, 0, 0, 0, 18)
        >>> part.average_text(), say("de", part.average())
        ('2.3', '2,3')
        """
        return decimal(self.average_tenths(), 1)

    def average_text(self) -> str:
        """The average loss with one decimal, in English: ``'2.3'``."""
        return str(self.average())


# ---------------------------------------------------------------- win chances


def win_chance(score: int) -> float:
    """The side to move's chance to win, 0.0 to 1.0, for a search score.

    Symmetric: ``win_chance(-s) == 1 - win_chance(s)``; a found win is 1.0, a found loss 0.0.
    """
    if score > MATE_BOUND:
        return 1.0
    if score < -MATE_BOUND:
        return 0.0
    return 1 / (1 + math.exp(-score / WIN_SCALE))


def percent(score: int) -> int:
    """:func:`win_chance` in whole percent; 0 and 100 only for a found loss or win."""
    if score > MATE_BOUND:
        return 100
    if score < -MATE_BOUND:
        return 0
    return min(99, max(1, int(100 * win_chance(score) + 0.5)))


def red_percent(score: int, red_to_move: bool) -> int:
    """Red's win chance in percent for a score from the side to move's view."""
    chance = percent(score)
    return chance if red_to_move else 100 - chance


def format_score(score: int) -> str:
    """A score as a person reads it in English (the command line's): checkers with a sign,
    or a found result in plies. The page says the checkers with :func:`zola.lang.i18n.decimal`.

    >>> format_score(125), format_score(-40), format_score(0), format_score(MATE - 3)
    ('+1.25', '-0.40', '0.00', 'wins in 3')
    >>> format_score(-(MATE - 4)), format_score(-MATE)
    ('loses in 4', 'lost')
    """
    if score > MATE_BOUND:
        return "wins in " + str(MATE - score) if score < MATE else "won"
    if score < -MATE_BOUND:
        return "loses in " + str(MATE + score) if score > -MATE else "lost"
    return str(decimal(score, 2, signed=True))


# ---------------------------------------------------------------------- marks


def classify(loss: int, *, best: bool = False, forced: bool = False) -> str:
    """The mark of a move whose mover lost ``loss`` percentage points of win chance.

    ``best``: it is the engine's own choice (always ``"best"``); ``forced``: it was
    the only legal move (``"forced"``, never marked). Otherwise ``"best"`` for no
    loss, ``"good"`` below :data:`INACCURACY_LOSS`, then ``"inaccuracy"``,
    ``"mistake"`` from :data:`MISTAKE_LOSS` and ``"blunder"`` from :data:`BLUNDER_LOSS`.
    """
    if forced:
        return FORCED
    if best or loss <= 0:
        return BEST
    if loss >= BLUNDER_LOSS:
        return BLUNDER
    if loss >= MISTAKE_LOSS:
        return MISTAKE
    if loss >= INACCURACY_LOSS:
        return INACCURACY
    return GOOD


def movers(game: Game) -> list[int]:
    """Who made each move of ``game``'s line: ``FIRST`` or ``SECOND`` per move."""
    return [game.player_to_move(ply) for ply in range(len(game.moves))]


def summary(review: Review, players: list[int]) -> tuple[PlayerSummary, ...]:
    """A :class:`PlayerSummary` for ``FIRST`` and one for ``SECOND``, in that order.

    ``players[i]`` made move ``i`` (see :func:`movers`); after a swap a player holds
    the other colour, so the summary is by player, not by colour.

    >>> from zola.rules.review import parse_review
    >>> review = parse_review("50_50_50.9?!d4xe4_45.30??c4xd4_60")
    >>> first, second = summary(review, [FIRST, SECOND, FIRST, SECOND])
    >>> first.blunders, second.inaccuracies, first.average_text()
    (1, 1, '15.0')
    """
    if len(players) != len(review.moves):
        raise ValueError("one player per reviewed move is needed")
    out = []
    for player in (FIRST, SECOND):
        mine = [
            entry
            for index, entry in enumerate(review.moves)
            if players[index] == player and entry.mark != FORCED
        ]
        marks = [entry.mark for entry in mine]
        out.append(
            PlayerSummary(
                player,
                len(mine),
                marks.count(INACCURACY),
                marks.count(MISTAKE),
                marks.count(BLUNDER),
                sum(entry.loss for entry in mine),
            )
        )
    return tuple(out)


# ----------------------------------------------------------- the analysis text


def analysis_text(analysis: Analysis) -> str:
    """The text of an analysis, to cross the worker boundary.

    Grammar: ``head ("|" line)*`` where ``head`` is ``score depth nodes final``
    (``final`` is 0 or 1) and each ``line`` is ``score move move ...`` (at least one
    move, move text), all separated by single spaces; scores are integers.

    >>> a = Analysis(35, 4, 20013, False, (Line(35, (Move.parse("c3xd3"),)),))
    >>> analysis_text(a)
    '35 4 20013 0|35 c3xd3'
    >>> parse_analysis(analysis_text(a)) == a
    True
    """
    head = " ".join(
        (str(analysis.score), str(analysis.depth), str(analysis.nodes), str(int(analysis.final)))
    )
    parts = [head]
    for line in analysis.lines:
        parts.append(" ".join([str(line.score)] + [str(move) for move in line.moves]))
    return "|".join(parts)


def _bad_analysis(why: str) -> InvalidAnalysisError:
    return InvalidAnalysisError("bad analysis: " + why)


def _integer(text: str, what: str, signed: bool) -> int:
    digits = text[1:] if signed and text.startswith("-") else text
    if not (is_number(digits) and len(digits) <= 12 and (digits == "0" or digits[0] != "0")):
        raise _bad_analysis(what + " must be a whole number, not " + quoted(text[:12]))
    value = int(text)
    if signed and abs(value) > MATE:
        raise _bad_analysis(what + " is out of range")
    if text == "-0":
        raise _bad_analysis(what + " must be a whole number, not '-0'")
    return value


def parse_analysis(text: str) -> Analysis:
    """The :class:`Analysis` of a text of :func:`analysis_text`; raise
    :class:`InvalidAnalysisError` (an :class:`~zola.rules.errors.InvalidRecordError`) for
    anything else. Moves are checked as move text, not for legality.

    >>> parse_analysis("35 4 x 0")
    Traceback (most recent call last):
    ...
    zola.engine.judgement.InvalidAnalysisError: bad analysis: nodes must be a whole number, not 'x'
    """
    if not isinstance(text, str):
        raise _bad_analysis("it must be text")
    if len(text) > 100_000:
        raise _bad_analysis("too long")
    parts = text.split("|")
    head = parts[0].split(" ")
    if len(head) != 4:
        raise _bad_analysis("expected 'score depth nodes final'")
    score = _integer(head[0], "score", True)
    depth = _integer(head[1], "depth", False)
    nodes = _integer(head[2], "nodes", False)
    if head[3] not in ("0", "1"):
        raise _bad_analysis("final must be 0 or 1")
    lines = []
    for part in parts[1:]:
        words = part.split(" ")
        if len(words) < 2:
            raise _bad_analysis("a line needs a score and a move")
        line_score = _integer(words[0], "score", True)
        try:
            moves = tuple(Move.parse(word) for word in words[1:])
        except ZolaError as error:
            raise _bad_analysis(str(error)) from None
        lines.append(Line(line_score, moves))
    return Analysis(score, depth, nodes, head[3] == "1", tuple(lines))
