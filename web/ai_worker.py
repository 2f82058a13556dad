"""The computer, in a PyScript worker so the page stays responsive while it thinks.

Only plain strings and numbers cross to the page (games as link fragments, answers as
zola.engine.judgement's texts); zola.engine.protocol describes the protocol and both sides use its
names. This file never touches the DOM.
"""

import time

from zola.engine.ai import best_move
from zola.engine.analysis import Reviewer, analyse
from zola.engine.judgement import analysis_text
from zola.engine.protocol import WORKER_FUNCTIONS, progress_text
from zola.rules.record import decode
from zola.rules.review import review_text

reviews = {}  # the review under way: {fragment: Reviewer}
REVIEW_SLICE = 0.5  # seconds of a review's call: a stop waits no longer than that and a position


def choose_move(fragment: str, level: str, seed: int) -> str:
    """The computer's move, as move text, for the game of a link ``fragment``. The page
    answers from the opening book itself (zola.page.computer), so the worker never
    reads it: it is not among the worker's files."""
    return str(best_move(decode(fragment), level, seed=seed, book=False))


def analyse_position(fragment: str, seconds: float, lines: int) -> str:
    """The analysis of the position looked at; a second call deepens the first."""
    return analysis_text(analyse(decode(fragment).position, time_limit=seconds, lines=lines))


def review_step(fragment: str, nodes: int) -> str:
    """Review the next positions of the game's line, for about REVIEW_SLICE seconds (at
    least one): ``"done/total"``, then the review. The marks depend on the game and the
    budget alone; the slices only spare the page a round trip for every position."""
    if fragment not in reviews:
        reviews.clear()
        reviews[fragment] = Reviewer(decode(fragment), node_limit=nodes)
    reviewer = reviews[fragment]
    stop = time.perf_counter() + REVIEW_SLICE
    reviewer.step()
    while not reviewer.done and time.perf_counter() < stop:
        reviewer.step()
    if not reviewer.done:
        return progress_text(reviewer.ply, reviewer.total)
    del reviews[fragment]
    return review_text(reviewer.result())


__export__ = list(WORKER_FUNCTIONS)
