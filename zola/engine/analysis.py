"""The analysis board and the game review: the engine side (CPython and Pyodide).

:func:`analyse` evaluates a position and gives its best lines (multi-PV);
:func:`review` analyses every position of a game's line and marks each move by
the win chance its mover lost. What the page shows (win chances, marks, the
texts that carry results, the graph) is in :mod:`zola.engine.judgement`, which runs on
the page's MicroPython too.

>>> from zola import Position
>>> a = analyse(Position.parse("6/6/2rb2/6/6/6 r"), node_limit=2000, lines=2)
>>> len(a.lines), str(a.lines[0].moves[0]), format_score(a.score), a.final
(2, 'c4xd4', 'wins in 1', True)

Red's c3-c2 leaves the checker to a4xc2, with nothing in return; Blue takes it:

>>> game = Game(start=Position.parse("3r2/4r1/b2b2/r1rb2/6/b5 r"))
>>> for move in ("c3-c2", "a4xc2"):
...     _ = game.play(move)
>>> marks = review(game)
>>> marks.moves[0].mark in ("mistake", "blunder"), str(marks.moves[0].better), marks.moves[1].mark
(True, 'a3xa4', 'best')

**Deepening while a person looks.** The page calls the worker again and again
for the same position with short budgets (say 0.3 s each), so that it can stop
at once when the person moves on. :func:`analyse` keeps the search of the last
position it was asked about (its transposition table, move ordering and last
complete depth) in a one-entry module cache keyed by the position, the number
of lines and the seed: the next call for the same position goes on one depth
deeper from there, and a call for another position starts afresh (and drops
the old search). ``resume=False`` ignores the cache and leaves it alone (the
review does this, so that its marks depend only on the game and the budget).
The search stops deepening, and the analysis says ``final``, when it finds a
result, reaches :data:`MAX_DEPTH` or its table holds :data:`TABLE_LIMIT` entries
(memory); further calls then answer at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from zola.engine.ai import Caches, Deepening
from zola.engine.judgement import (
    BLUNDER_LOSS,
    MATE,
    MATE_BOUND,
    REVIEW_NODES,
    Analysis,
    Line,
    classify,
    format_score,
    red_percent,
    win_chance,
)
from zola.rules.game import Game
from zola.rules.geometry import Bitboard, Color
from zola.rules.move import Move
from zola.rules.position import Position
from zola.rules.review import FORCED, Review, Reviewed, is_bad
from zola.rules.sides import RED

__all__ = ["ANALYSIS_NODES", "REVIEW_NODES", "analyse", "format_score", "review"]

#: The first move of a game under the pie rule is judged against every first move
#: (each move's score must be exact): its position gets this many times the budget
#: when :data:`START_BOOK` does not hold it.
PIE_BUDGET = 4
#: The nodes of each search kept in :data:`START_BOOK`: those of the standard start's
#: search in the reviews that the review's marks are measured against
#: (``tests/review_reference.py``: 4 times 160,000).
BOOK_NODES = 640_000
#: The first move of a game from the standard start, under the pie rule, is judged
#: against every first move. That position is the same in every such game, so its
#: search is made once, deeper than a review's (:data:`BOOK_NODES` nodes, every first
#: move's score exact: :func:`start_book`), and kept here by board size: the depth
#: reached and each first move with its score, best first.
START_BOOK: dict[int, tuple[int, str]] = {
    6: (
        5,
        "d2xc2:64 b4xb3:64 e3xe4:63 c5xd5:63 d6xc6:63 f4xf3:63 c1xd1:51 a3xa4:51 "
        "e5xe4:41 b2xb3:41 b2xc2:41 e5xd5:41 d4xc4:33 c3xc4:33 b6xc6:26 d4xd3:25 "
        "c3xd3:25 e1xd1:25 e3xd3:23 b4xc4:23 a5xa4:7 f2xf3:6 d2xd3:2 c5xc4:2 b6xb5:-1 "
        "f2xe2:-1 a5xb5:-1 e1xe2:-1 c1xc2:-9 f4xe4:-9 a3xb3:-9 d6xd5:-9 a1xb1:-23 "
        "f6xf5:-23 a1xa2:-23 f6xe6:-23",
    ),
    8: (
        4,
        "d8xe8:99 h4xh5:99 e1xd1:99 a5xa4:99 a3xa4:91 h6xh5:91 c1xd1:91 f8xe8:91 "
        "g7xf7:83 g7xg6:83 b2xb3:83 b2xc2:83 g1xf1:75 h2xh3:75 b8xc8:75 a7xa6:75 "
        "b4xb5:71 d2xe2:71 e7xd7:71 g5xg4:71 a1xb1:55 h8xg8:55 h8xh7:55 a1xa2:55 "
        "g3xg4:54 b6xb5:54 f2xe2:54 c7xd7:54 c3xd3:36 f6xe6:36 f6xf5:36 c3xc4:36 "
        "d8xd7:31 h4xg4:31 e1xe2:31 a5xb5:31 g5xf5:29 d2xd3:29 e7xe6:29 b4xc4:29 "
        "d6xe6:28 e3xd3:28 f4xf5:28 c5xc4:28 c1xc2:18 f8xf7:18 a3xb3:18 h6xg6:18 "
        "d4xd5:0 e5xd5:0 d4xe4:0 e5xe4:0 b6xc6:-2 c7xc6:-2 g3xf3:-2 f2xf3:-2 c5xd5:-6 "
        "f4xe4:-6 d6xd5:-6 e3xe4:-6 h2xg2:-14 b8xb7:-14 a7xb7:-14 g1xg2:-14",
    ),
    10: (
        3,
        "c1xd1:84 h10xg10:84 a3xa4:84 j8xj7:84 j8xi8:60 h10xh9:60 c1xc2:60 a3xb3:60 "
        "e1xf1:50 f10xe10:50 j6xj5:50 a5xa6:50 a7xa6:39 d10xe10:39 j4xj5:39 g1xf1:39 "
        "f2xe2:38 e9xf9:38 b6xb5:38 i5xi6:38 b6xc6:36 e9xe8:36 f2xf3:36 i5xh5:36 "
        "i9xi8:36 b2xb3:36 b2xc2:36 i9xh9:36 e3xf3:35 h6xh5:35 d8xe8:35 c7xc6:35 "
        "h4xh5:35 f8xe8:35 c5xc6:35 g3xf3:35 j10xj9:32 a1xa2:32 a1xb1:32 j10xi10:32 "
        "c3xd3:32 h8xh7:32 h8xg8:32 c3xc4:32 c7xd7:31 d8xd7:31 h4xg4:31 g3xg4:31 "
        "c9xd9:30 i3xi4:30 b8xb7:30 h2xg2:30 a5xb5:30 j6xi6:30 e1xe2:30 f10xf9:30 "
        "j4xi4:29 g1xg2:29 a7xb7:29 d10xd9:29 i7xi6:25 g9xf9:25 d2xe2:25 b4xb5:25 "
        "b4xc4:19 i7xh7:19 g9xg8:19 d2xd3:19 b10xc10:4 j2xj3:4 a9xa8:4 i1xh1:4 d6xe6:2 "
        "g5xf5:2 f4xf5:2 e7xe6:2 g5xg6:-2 e5xe6:-2 d6xd5:-2 f4xe4:-2 f6xf5:-2 e5xf5:-2 "
        "e7xf7:-2 f6xe6:-2 j2xi2:-12 i1xi2:-12 a9xb9:-12 b10xb9:-12 c9xc8:-27 i3xh3:-27 "
        "b8xc8:-27 h2xh3:-27 c5xd5:-31 h6xg6:-31 f8xf7:-31 e3xe4:-31 d4xd5:-33 "
        "g7xg6:-33 d4xe4:-33 g7xf7:-33",
    ),
}
#: Nodes searched by :func:`analyse` when given neither a time nor a node limit.
ANALYSIS_NODES = 100_000
MAX_DEPTH = 64
#: The transposition table size at which an analysis stops deepening: memory (each
#: entry takes about 250 bytes on CPython). On 8x8 the table holds about 180,000
#: entries after a minute of 0.3 s calls on CPython, at depth 8; the caches of
#: evaluations and moves (:class:`~zola.engine.ai.Caches`), which grow faster, are
#: emptied whenever they hold this many entries together.
TABLE_LIMIT = 300_000
#: The review's searches share the evaluations and moves of the positions they meet
#: (:class:`~zola.engine.ai.Caches`) until they hold this many: a position shares most
#: with the few before it, and a 40-ply 6x6 review peaks at about 25 MB on CPython
#: (14 MB when each search kept its own; 72 MB with 200,000).
REVIEW_CACHE = 60_000
#: How much more a depth is expected to cost than the one before it, at least and at
#: most: the growth of the last two, within these (see :func:`_deepen_whole`).
GROWTH = (1.5, 8.0)

# The last position analysed: [(key, search)], the key (position.key(), lines, seed).
_cache: list[tuple[tuple[tuple[int, Bitboard, Bitboard, Color], int, int], Deepening]] = []


def _terminal(position: Position) -> Analysis:
    """The analysis of a finished game: lost (or, for odd position texts, won) now."""
    score = MATE if position.winner() == position.turn else -MATE
    return Analysis(score, 0, 0, True, ())


def _before_pass(score: int) -> int:
    """The score of a position whose only move is a pass, from its child's ``score``."""
    if score > MATE_BOUND:
        return -score + 1
    if score < -MATE_BOUND:
        return -score - 1
    return -score


def analyse(
    position: Position,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    lines: int = 1,
    resume: bool = True,
    seed: int = 0,
) -> Analysis:
    """The evaluation of ``position`` and its ``lines`` best lines, best first.

    Each line's score is exact (at the depth reached) and its moves start with the
    root move, followed by the replies the search's table holds (each checked to be
    legal). The budget is ``time_limit`` seconds or about ``node_limit`` nodes more
    (neither: :data:`ANALYSIS_NODES`); at least depth 1 is always completed. With
    ``resume`` a call for the position of the previous call goes on deeper (see the
    module's notes). A forced pass is analysed through the position after it; a
    finished game gives no lines and the result as the score.
    """
    if position.is_game_over():
        return _terminal(position)
    legal = position.legal_moves()
    if legal == [Move.PASS]:
        after = position.copy()
        after.push(Move.PASS)
        child = analyse(
            after,
            time_limit=time_limit,
            node_limit=node_limit,
            lines=1,
            resume=resume,
            seed=seed,
        )
        moves = (Move.PASS,) + (child.lines[0].moves if child.lines else ())
        score = _before_pass(child.score)
        return Analysis(score, child.depth, child.nodes, child.final, (Line(score, moves),))
    return _analysis(*_deepened(position, time_limit, node_limit, lines, resume, seed, None))


def _deepened(
    position: Position,
    time_limit: float | None,
    node_limit: int | None,
    lines: int,
    resume: bool,
    seed: int,
    first: Move | None,
    caches: Caches | None = None,
    whole: bool = False,
) -> tuple[Deepening, int]:
    """The search of a position with moves (from the cache or new), deepened by the
    budget, and the number of lines to give; ``first`` is searched first, ``caches``
    shared (see :class:`~zola.engine.ai.Deepening`); ``whole``: no depth is started
    that the node budget would not complete (:func:`_deepen_whole`)."""
    lines = max(1, min(int(lines), len(position.legal_moves())))
    key = (position.key(), lines, seed)
    deepening = None
    if resume and _cache and _cache[0][0] == key:
        deepening = _cache[0][1]
    if deepening is None:
        deepening = Deepening(
            position, seed, exact=lines, stop_single=False, first=first, caches=caches
        )
        if resume:
            _cache[:] = [(key, deepening)]
    if time_limit is None and node_limit is None:
        node_limit = ANALYSIS_NODES
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    if not _final(deepening):
        if len(deepening.searcher.caches) >= TABLE_LIMIT:
            deepening.searcher.caches.clear()  # of the positions alone: memory
        if whole and node_limit is not None:
            _deepen_whole(deepening, deadline, node_limit)
        else:
            deepening.run(deadline, node_limit, MAX_DEPTH)
    if deepening.depth == 0:
        deepening.run(None, None, 1)  # depth 1 is cheap: always give scored moves
    return deepening, lines


def _deepen_whole(deepening: Deepening, deadline: float | None, node_limit: int) -> None:
    """Deepen a search by about ``node_limit`` more nodes at most, starting no depth
    that would not be completed in them: once two depths are done here, the next is
    expected to cost the last one's nodes times its growth over the one before
    (within :data:`GROWTH`). A depth that runs out of budget all the same is given
    up, as by :meth:`~zola.engine.ai.Deepening.run`."""
    searcher = deepening.searcher
    start = searcher.nodes
    costs: list[int] = []  # the nodes of each complete depth
    low, high = GROWTH
    while not deepening.finished and deepening.depth < MAX_DEPTH:
        spent = searcher.nodes - start
        if len(costs) >= 2:
            growth = min(high, max(low, costs[-1] / costs[-2]))
            if spent + costs[-1] * growth > node_limit:
                return  # the next depth would not be completed
        depth = deepening.depth
        deepening.run(deadline, node_limit - spent, depth + 1)
        if deepening.depth == depth:
            return  # out of budget (or time)
        costs.append(max(1, searcher.nodes - start - spent))


def start_book(size: int, node_limit: int = BOOK_NODES) -> tuple[int, str]:
    """The search of the standard start that :data:`START_BOOK` keeps for ``size``: the
    depth completed in ``node_limit`` nodes and every first move with its exact score,
    best first (``"move:score ..."``; a few seconds on CPython at :data:`BOOK_NODES`)."""
    deepening = Deepening(Position.start(size), 0, exact=True, stop_single=False)
    deepening.run(None, node_limit, MAX_DEPTH)
    scored = " ".join(f"{deepening.move(m)}:{score}" for score, m in deepening.completed)
    return deepening.depth, scored


def _book_analysis(size: int) -> Analysis | None:
    """The analysis of the standard start kept in :data:`START_BOOK`, every first move
    a line, best first (``None`` for a size it does not hold)."""
    if size not in START_BOOK:
        return None
    depth, scored = START_BOOK[size]
    lines = []
    for word in scored.split():
        move, score = word.split(":")
        lines.append(Line(int(score), (Move.parse(move),)))
    return Analysis(lines[0].score, depth, 0, False, tuple(lines))


def _final(deepening: Deepening) -> bool:
    return (
        deepening.finished
        or deepening.depth >= MAX_DEPTH
        or len(deepening.searcher.tt) >= TABLE_LIMIT
    )


def _analysis(deepening: Deepening, count: int) -> Analysis:
    """The analysis of a deepening's last complete depth."""
    depth = deepening.depth
    out = []
    for score, m in deepening.completed[:count]:
        moves = deepening.principal_variation(m, max(depth, 1))
        out.append(Line(score, tuple(moves)))
    best = out[0].score
    nodes = deepening.searcher.nodes
    return Analysis(best, depth, nodes, _final(deepening), tuple(out))


# ---------------------------------------------------------------------- review


def _loss(best: float, played: float) -> int:
    """Win chance lost, in whole percentage points (rounded half up, never negative)."""
    return max(0, int(100 * (best - played) + 0.5))


def review(
    game: Game,
    *,
    node_limit: int | None = REVIEW_NODES,
    time_limit: float | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Analyse every position of ``game``'s line (``game.moves``, from its start) and
    mark each move by the win chance its mover lost, from the mover's point of view.

    Each position is searched afresh by iterative deepening in at most ``node_limit``
    nodes (the same marks on every machine and Python), and the search starts no
    depth that it does not expect to complete in them (the last depth's nodes times
    its growth over the one before: a depth given up would be nodes for nothing);
    when given, ``time_limit`` seconds bound it too (``node_limit=None``: time only,
    deepening until the time runs out). A move that the search makes a blunder gets
    a second look, deeper (the budget once more). ``progress(done, total)`` is called
    after each position. The loss
    of a move is the mover's win chance with the engine's choice minus that with the
    move played, both scored exactly by the same search of the position before the
    move (the move played is searched first at every depth), so that the search's
    horizon treats both alike; the engine's own choice loses nothing, nor does a move
    that keeps a found win (the searches before and after it both find the mover's
    win, whatever the first made of the move: a longer win may lie beyond its
    horizon), and the only legal move is ``forced``. Red's chance after each move (what
    the graph shows) comes from the analysis of the position after it, by colour,
    whoever holds Red.
    The pie rule:

    - The first move of a game from the standard start is worth, to the first
      player, the chance of the side the opponent will not take: ``min(r, 1 - r)``
      for Red's chance ``r`` after it. It is compared with the best first move by
      that measure (every first move is scored), so the most balanced first move is
      the best. The scores are those of :data:`START_BOOK`, a search made once and
      deeper than a review's (:data:`PIE_BUDGET` times the budget, for a size it
      does not hold).
    - On Blue's first turn the second player chooses between ``swap`` (they then
      hold Red in the same position: their chance is Red's) and a move as Blue. The
      better of the two is the engine's choice; either decision can be marked, and
      the better move may be ``swap``.
    """
    reviewer = Reviewer(game, node_limit=node_limit, time_limit=time_limit)
    while not reviewer.done:
        reviewer.step()
        if progress is not None:
            progress(reviewer.ply, reviewer.total)
    return reviewer.result()


class Reviewer:
    """A review done one position at a time (:func:`review` in steps), so that a page can
    show its progress and stop it: :meth:`step` analyses the next position, and once
    :attr:`done`, :meth:`result` is the review."""

    def __init__(
        self, game: Game, *, node_limit: int | None = REVIEW_NODES, time_limit: float | None = None
    ) -> None:
        self.game = game
        self.moves = list(game.moves)
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.total = len(self.moves) + 1  # positions to analyse
        self.ply = 0  # positions analysed
        self.line = Game(game.size, game.start)
        self.pie_first = self.line.from_standard_start  # the first move is judged by the pie rule
        self.analyses: list[Analysis] = []
        # Per move: the engine's choice, the mover's chance with it and with the move played.
        self.judged: list[tuple[Move, float, float] | None] = []
        # The positions' evaluations and moves, shared by the searches of the game's
        # positions (each its own search otherwise: the marks depend on nothing else).
        self.caches = Caches()

    @property
    def done(self) -> bool:
        return self.ply == self.total

    def step(self) -> None:
        """Analyse the next position and judge the move played from it."""
        ply, line, moves = self.ply, self.line, self.moves
        node_limit, time_limit = self.node_limit, self.time_limit
        position = line.position
        played = moves[ply] if ply < len(moves) else None
        options = line.legal_moves()
        caches = self.caches
        if len(caches) >= REVIEW_CACHE:
            caches.clear()  # memory: a later position shares most with the latest ones
        book = _book_analysis(self.game.size) if ply == 0 and self.pie_first else None
        if ply >= 1 and moves[ply - 1] == Move.SWAP:
            result = self.analyses[-1]  # the same board, the same side to move: its search
            played_score = _search_again(position, node_limit, time_limit, played, caches)
        elif position.is_game_over() or position.legal_moves() == [Move.PASS]:
            result = analyse(position, node_limit=node_limit, time_limit=time_limit, resume=False)
            played_score = None
        elif book is not None:
            result, played_score = book, None
        else:
            factor = PIE_BUDGET if ply == 0 and self.pie_first else 1
            deepening, count = _deepened(
                position,
                None if time_limit is None else time_limit * factor,
                None if node_limit is None else node_limit * factor,
                len(options) if ply == 0 and self.pie_first else 1,
                False,
                0,
                played,
                caches,
                True,
            )
            played_score = _score_of(deepening, played)
            if node_limit is not None and self._blunder(deepening, played_score, options):
                # A blunder is looked at again, deeper: the budget once more.
                _deepen_whole(deepening, None, node_limit)
                played_score = _score_of(deepening, played)
            result = _analysis(deepening, count)
        self.analyses.append(result)
        if played is None:
            pass
        elif len(options) == 1:
            self.judged.append(None)
        elif ply == 0 and self.pie_first:
            self.judged.append(_pie_first(result, played))
        elif Move.SWAP in options:
            self.judged.append(_pie_swap(result, played, played_score))
        else:
            best = result.lines[0]
            played_score = best.score if played_score is None else played_score
            self.judged.append((best.moves[0], win_chance(best.score), win_chance(played_score)))
        if played is not None:
            line.play(played)
        self.ply += 1

    def _blunder(self, deepening: Deepening, played: int | None, options: list[Move]) -> bool:
        """Whether the search of the position before a move (``played``: the move's score)
        makes it a blunder, as an ordinary move (not forced, nor a pie rule's decision)."""
        if played is None or len(options) == 1 or Move.SWAP in options:
            return False
        if self.ply == 0 and self.pie_first:
            return False
        return _loss(win_chance(deepening.completed[0][0]), win_chance(played)) >= BLUNDER_LOSS

    def result(self) -> Review:
        """The review, once every position is analysed."""
        game, moves = self.game, self.moves
        red_to_move = [game.start.turn == RED]
        for move in moves:
            red_to_move.append(red_to_move[-1] ^ (move != Move.SWAP))
        pairs = zip(self.analyses, red_to_move, strict=True)
        chances = [red_percent(a.score, red) for a, red in pairs]
        entries = []
        for ply, move in enumerate(moves):
            judged = self.judged[ply]
            if judged is None:
                entries.append(Reviewed(chances[ply + 1], 0, FORCED, None))
                continue
            choice, best, played_chance = judged
            is_choice = move == choice
            kept = self._keeps_a_won_game(ply, red_to_move[ply], chances)
            loss = 0 if is_choice or kept else _loss(best, played_chance)
            mark = classify(loss, best=is_choice)
            entries.append(Reviewed(chances[ply + 1], loss, mark, choice if is_bad(mark) else None))
        return Review(chances[0], tuple(entries))

    def _keeps_a_won_game(self, ply: int, red: bool, chances: list[int]) -> bool:
        """Whether move ``ply`` (Red's when ``red``) keeps a found win for its mover: the
        search of the position before it found a win for the mover (Red's chance 100%, or
        0% when Blue moves; ``chances``: Red's per position) and that of the position after
        it still does.

        Such a move loses nothing, whatever the search before it made of the move played
        (a longer win may lie beyond its horizon: it scored it as a good position, not a
        found win). The pie rule's decisions (the first move, Blue's first turn) are
        judged as they are; a found loss needs nothing here: no move loses below 0%.
        """
        move = self.moves[ply]
        if move == Move.SWAP or (ply == 0 and self.pie_first):
            return False
        won = 100 if red else 0
        return chances[ply] == won and chances[ply + 1] == won


def _score_of(deepening: Deepening, move: Move | None) -> int | None:
    """The score of root move ``move`` in the last complete depth (exact if searched first)."""
    for score, m in deepening.completed:
        if move is not None and deepening.move(m) == move:
            return score
    return None


def _search_again(
    position: Position,
    node_limit: int | None,
    time_limit: float | None,
    played: Move | None,
    caches: Caches,
) -> int | None:
    """After a swap: the played move's exact score (the board's own search was done)."""
    if played is None or position.is_game_over() or position.legal_moves() == [Move.PASS]:
        return None
    deepening, _ = _deepened(position, time_limit, node_limit, 1, False, 0, played, caches, True)
    return _score_of(deepening, played)


def _pie_first(first: Analysis, move: Move) -> tuple[Move, float, float]:
    """The engine's first move, its worth to the first player, and the played move's."""

    def worth(score: int) -> float:
        red = win_chance(score)  # Red's chance after the move: Red was to move
        return min(red, 1.0 - red)

    ranked = sorted(first.lines, key=lambda line: -worth(line.score))
    played = next(worth(line.score) for line in first.lines if line.moves[0] == move)
    return ranked[0].moves[0], worth(ranked[0].score), played


def _pie_swap(before: Analysis, move: Move, played_score: int | None) -> tuple[Move, float, float]:
    """Blue's first turn: swap or a move as Blue. The engine's choice, its worth to
    the second player, and the worth of what they did."""
    blue = win_chance(before.score)  # as Blue, with the best move
    swap = 1.0 - blue  # as Red, with Blue (now the first player) to move
    choice = Move.SWAP if swap > blue else before.lines[0].moves[0]
    if move == Move.SWAP:
        played = swap
    else:  # a move as Blue (a pass, when it is Blue's only one: then the best)
        played = win_chance(before.score if played_score is None else played_score)
    return choice, max(blue, swap), played
