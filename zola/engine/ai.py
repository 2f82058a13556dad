"""The computer opponent: an alpha-beta search with levels from beginner to max.

:func:`best_move` picks a move for a :class:`~zola.rules.game.Game` at one of the
:data:`LEVELS`; :func:`search` is the engine underneath, for benchmarks and
analysis. Pure standard-library Python: it runs unchanged in Pyodide.
The search generates its own moves (:mod:`zola.engine.movegen`) and scores positions
with :mod:`zola.engine.evaluation`; a found win scores near :data:`~zola.engine.judgement.MATE`.

>>> from zola import Game
>>> game = Game(6)
>>> move = best_move(game, "beginner", seed=1)
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from zola.engine.evaluation import Evaluator
from zola.engine.judgement import MATE, MATE_BOUND
from zola.engine.levels import DEFAULT_LEVEL, SWAP_CHOICE, choose, level_settings
from zola.rules.errors import IllegalMoveError
from zola.rules.game import Game
from zola.rules.geometry import Bitboard
from zola.rules.move import CAPTURE, STEP, Move
from zola.rules.position import Position

_INF = 10 * MATE
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CHECK_EVERY = 255
_LMR_DEPTH = 3
_LMR_INDEX = 3
_MAX_QDEPTH = 4


@dataclass(frozen=True)
class SearchResult:
    """The outcome of :func:`search`.

    ``score`` is from the side to move's view in hundredths of a checker;
    a win in ``k`` plies scores ``MATE - k``, a loss ``-(MATE - k)``.
    ``depth`` is the last fully searched depth and ``nodes`` counts the
    positions visited, so ``nodes / seconds`` is the speed.
    """

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float


class _Stop(Exception):
    """The time or node budget ran out in the middle of an iteration."""


class Caches:
    """What a search keeps of positions that depends on nothing else, so that searches
    of positions of one game can share it: the evaluations (``evals``: position ->
    (dynamic score, loose checkers)), the moves generated (``generated``: position
    -> (captures in their order, steps)) and the quiescence search's captures of the
    loose checkers in their order (``takes``). Positions are ``(own, enemy)``
    bitboards, the side to move first."""

    def __init__(self) -> None:
        self.evals: dict[tuple[Bitboard, Bitboard], tuple[int, Bitboard]] = {}
        self.generated: dict[tuple[Bitboard, Bitboard], tuple[list[int], list[int]]] = {}
        self.takes: dict[tuple[Bitboard, Bitboard], list[int]] = {}

    def clear(self) -> None:
        self.evals.clear()
        self.generated.clear()
        self.takes.clear()

    def __len__(self) -> int:
        return len(self.evals) + len(self.generated) + len(self.takes)


class _Searcher(Evaluator):
    """One search: the position's tables, moves and evaluation (inherited), a
    transposition table, an evaluation cache and the budget."""

    def __init__(
        self,
        size: int,
        deadline: float | None,
        node_limit: int | None,
        caches: Caches | None = None,
    ) -> None:
        super().__init__(size)
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[tuple[Bitboard, Bitboard], tuple[int, int, int, int]] = {}
        if caches is None:
            caches = Caches()
        self.caches = caches
        self.evals = caches.evals
        self.generated = caches.generated
        self.takes = caches.takes
        self.history = [0] * (128 * 128)
        self.killers: list[list[int]] = [[-1, -1] for _ in range(256)]

    # -- budget ---------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if not self.nodes & _CHECK_EVERY:
            self._check()

    def _check(self) -> None:
        """Stop when the budget is spent (the loops count nodes themselves and ask every
        :data:`_CHECK_EVERY` + 1 nodes)."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Stop

    # -- search -----------------------------------------------------------------

    def quiesce(
        self,
        own: Bitboard,
        enemy: Bitboard,
        static: int,
        alpha: int,
        beta: int,
        ply: int,
        qdepth: int,
    ) -> int:
        """Stand pat or capture a loose checker, at most ``qdepth`` plies deep."""
        self.nodes = nodes = self.nodes + 1  # self._tick(), inline: the hottest line
        if not nodes & _CHECK_EVERY:
            self._check()
        if not own:
            return ply - MATE
        key = (own, enemy)
        cached = self.evals.get(key)
        if cached is None:
            cached = self.evals[key] = self.evaluate(own, enemy)
        dynamic, loose = cached
        stand = static + dynamic
        if stand >= beta or qdepth == 0:
            return stand
        if not loose:
            return stand
        moves = self.takes.get(key)
        if moves is None:
            moves = self.captures_onto(loose, own, own | enemy)
            moves.sort(key=self.t.capture_rank.__getitem__, reverse=True)
            self.takes[key] = moves
        if stand > alpha:
            alpha = stand
        value = self.t.value
        for m in moves:
            frm, to = m >> 7, m & 127
            to_bit = 1 << to
            score = -self.quiesce(
                enemy ^ to_bit,
                own ^ (1 << frm) ^ to_bit,
                -(static + 2 * value[to] - value[frm]),
                -beta,
                -alpha,
                ply + 1,
                qdepth - 1,
            )
            if score > alpha:
                alpha = score
                if score >= beta:
                    break
        return alpha

    def ordered(
        self, own: Bitboard, enemy: Bitboard, tt_move: int, ply: int, key: tuple[Bitboard, Bitboard]
    ) -> list[int]:
        """Legal moves: TT move, captures (landing farthest out first), killers, steps.

        The captures in their order and the steps as generated depend on the position
        alone: they are kept in :attr:`generated` under ``key``, ``(own, enemy)``."""
        generated = self.generated.get(key)
        if generated is None:
            caps = self.captures(own, enemy)
            caps.sort(key=self.t.capture_rank.__getitem__, reverse=True)
            generated = self.generated[key] = (caps, self.steps(own, enemy))
        caps, steps = generated
        steps = steps.copy()
        steps.sort(key=self.history.__getitem__, reverse=True)
        for killer in self.killers[ply]:
            if killer in steps:
                steps.remove(killer)
                steps.insert(0, killer)
        moves = caps + steps
        if tt_move >= 0 and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)
        return moves

    def negamax(
        self,
        own: Bitboard,
        enemy: Bitboard,
        static: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """Principal-variation search; ``static`` is material and placement for ``own``."""
        if not own:
            self._tick()
            return ply - MATE
        if depth <= 0:
            return self.quiesce(own, enemy, static, alpha, beta, ply, _MAX_QDEPTH)
        self.nodes = nodes = self.nodes + 1  # self._tick(), inline
        if not nodes & _CHECK_EVERY:
            self._check()
        key = (own, enemy)
        entry = self.tt.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                e_score = _from_tt(e_score, ply)
                if (
                    e_flag == _EXACT
                    or (e_flag == _LOWER and e_score >= beta)
                    or (e_flag == _UPPER and e_score <= alpha)
                ):
                    return e_score
        moves = self.ordered(own, enemy, tt_move, ply, key)
        if not moves:
            return -self.negamax(enemy, own, -static, depth - 1, -beta, -alpha, ply + 1)
        value = self.t.value
        alpha0 = alpha
        best, best_move = -_INF, moves[0]
        for i, m in enumerate(moves):
            frm, to = m >> 7, m & 127
            to_bit = 1 << to
            new_own = own ^ (1 << frm) ^ to_bit
            if enemy & to_bit:
                new_enemy = enemy ^ to_bit
                child = -(static + 2 * value[to] - value[frm])
            else:
                new_enemy = enemy
                child = -(static + value[to] - value[frm])
            if i == 0:
                score = -self.negamax(new_enemy, new_own, child, depth - 1, -beta, -alpha, ply + 1)
            else:
                # Late moves get a shallower look first; a surprise earns a full one.
                reduce = 1 if depth >= _LMR_DEPTH and i >= _LMR_INDEX else 0
                score = -self.negamax(
                    new_enemy, new_own, child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1
                )
                if reduce and score > alpha:
                    score = -self.negamax(
                        new_enemy, new_own, child, depth - 1, -alpha - 1, -alpha, ply + 1
                    )
                if alpha < score < beta:
                    score = -self.negamax(
                        new_enemy, new_own, child, depth - 1, -beta, -score, ply + 1
                    )
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        if not enemy & to_bit:
                            self.history[m] += depth * depth
                            killers = self.killers[ply]
                            if killers[0] != m:
                                killers[1] = killers[0]
                                killers[0] = m
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        if best > MATE_BOUND:  # _to_tt(best, ply), inline
            self.tt[key] = (depth, flag, best + ply, best_move)
        elif best < -MATE_BOUND:
            self.tt[key] = (depth, flag, best - ply, best_move)
        else:
            self.tt[key] = (depth, flag, best, best_move)
        return best

    def root(
        self,
        own: Bitboard,
        enemy: Bitboard,
        moves: list[int],
        depth: int,
        exact: bool | int = False,
    ) -> tuple[list[tuple[int, int]], bool]:
        """Search the root ``moves`` to ``depth``; return (score, move) pairs best first.

        Only the best score is exact unless ``exact`` is set: ``True`` for every
        move, a number ``k`` for the ``k`` best (the others are upper bounds,
        below the ``k``-th score). Moves not searched before the budget ran out
        are left out; the flag says whether the iteration completed.
        """
        static = self.t.static(own, enemy)
        value = self.t.value
        count = len(moves) if exact is True else max(1, int(exact))
        alpha = -_INF  # the count-th best score so far: a move must beat it to be exact
        best: list[int] = []  # the count best scores so far, when count > 1
        scored: list[tuple[int, int]] = []
        complete = True
        try:
            for m in moves:
                frm, to = m >> 7, m & 127
                to_bit = 1 << to
                gain = value[to] - value[frm] + (value[to] if enemy & to_bit else 0)
                child = (enemy & ~to_bit, own ^ (1 << frm) ^ to_bit, -(static + gain))
                if len(scored) < count:
                    score = -self.negamax(*child, depth - 1, -_INF, _INF, 1)
                else:
                    score = -self.negamax(*child, depth - 1, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -self.negamax(*child, depth - 1, -_INF, -alpha, 1)
                scored.append((score, m))
                if count == 1:
                    alpha = max(alpha, score)
                else:
                    best.append(score)
                    best.sort(reverse=True)
                    del best[count:]
                    if len(best) == count:
                        alpha = best[-1]
        except _Stop:
            complete = False
        scored.sort(key=lambda sm: -sm[0])
        return scored, complete


def _to_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


def _to_move(m: int, enemy: Bitboard) -> Move:
    kind = CAPTURE if enemy >> (m & 127) & 1 else STEP
    return Move(m >> 7, m & 127, kind)


def search(
    position: Position,
    *,
    time_limit: float | None,
    max_depth: int,
    seed: int = 0,
    node_limit: int | None = None,
) -> SearchResult:
    """Search ``position`` by iterative deepening up to ``max_depth`` plies.

    Stops when ``time_limit`` seconds or about ``node_limit`` nodes are used
    (``None``: no limit). Without a time limit the result depends only on
    the arguments; ``seed`` breaks ties between equally good moves.

    >>> result = search(Position.parse("6/6/2rb2/6/6/6 r"), time_limit=None, max_depth=2)
    >>> str(result.move), result.score == MATE - 1
    ('c4xd4', True)
    """
    return _deepen(position, time_limit, max_depth, seed, node_limit, exact=False)[0]


class Deepening:
    """Iterative deepening of one position that later calls can resume.

    Each :meth:`run` goes on from the last complete depth with the same
    transposition table, history and killers, so that short budgets one
    after another (an analysis board while a person looks) search ever
    deeper. ``exact`` is the number of best root moves whose scores are
    exact (``True``: every move). ``first``, a legal move, is searched first
    at every depth, so that its score is exact too (a review compares the
    move played with the best at the same depth). The deepening ends at a
    found win or loss, and with ``stop_single`` at a single legal move too,
    as a player does (an analysis still wants that move's score). ``caches``
    (:class:`Caches`) may be shared with other searches of the same board size:
    it changes nothing but the time taken.
    """

    def __init__(
        self,
        position: Position,
        seed: int = 0,
        exact: bool | int = 1,
        stop_single: bool = True,
        first: Move | None = None,
        caches: Caches | None = None,
    ) -> None:
        if position.is_game_over():
            raise IllegalMoveError("the game is over")
        self.position = position.copy()
        self.own = own = position.boards[position.turn]
        self.enemy = enemy = position.boards[position.turn ^ 1]
        self.searcher = searcher = _Searcher(position.size, None, None, caches)
        moves = searcher.captures(own, enemy) + searcher.steps(own, enemy)
        random.Random(seed).shuffle(moves)
        self.moves = moves  # the root moves, best first after each complete depth
        self.first = -1 if first is None else first.from_square << 7 | first.to_square
        self.exact = exact
        self.stop_single = stop_single
        #: (score, move) pairs, best first: of the last complete depth, and the latest
        #: (which may come from an incomplete one); moves are ints ``from << 7 | to``.
        self.completed = self.scored = [(0, m) for m in moves]
        self.depth = 0  # the last complete depth
        self.finished = not moves

    def run(self, deadline: float | None, node_limit: int | None, max_depth: int) -> None:
        """Deepen until ``max_depth``, the ``deadline`` (``time.perf_counter()``) or
        about ``node_limit`` more nodes."""
        searcher = self.searcher
        searcher.deadline = deadline
        searcher.node_limit = None if node_limit is None else searcher.nodes + node_limit
        while not self.finished and self.depth < max_depth:
            depth = self.depth + 1
            moves = self.moves
            if self.first in moves:
                moves = [self.first] + [m for m in moves if m != self.first]
            result, complete = searcher.root(self.own, self.enemy, moves, depth, self.exact)
            if result:
                self.scored = result
            if not complete:
                return
            self.completed = result
            self.depth = depth
            self.moves = [m for _, m in result]
            single = self.stop_single and len(self.moves) == 1
            if single or abs(result[0][0]) > MATE_BOUND:
                self.finished = True

    def move(self, m: int) -> Move:
        """The :class:`Move` of a root move ``from << 7 | to``."""
        return _to_move(m, self.enemy)

    def principal_variation(self, m: int, limit: int) -> list[Move]:
        """The root move ``m`` and the best replies the transposition table holds after it,
        each checked to be legal, at most ``limit`` moves (a forced pass included)."""
        position = self.position.copy()
        line = [self.move(m)]
        position.push(line[0])
        tt = self.searcher.tt
        while len(line) < limit and not position.is_game_over():
            legal = position.legal_moves()
            if legal == [Move.PASS]:
                move = Move.PASS
            else:
                own = position.boards[position.turn]
                enemy = position.boards[position.turn ^ 1]
                entry = tt.get((own, enemy))
                if entry is None or entry[1] == _UPPER:
                    break
                move = _to_move(entry[3], enemy)
                if move not in legal:
                    break
            line.append(move)
            position.push(move)
        while line[-1] == Move.PASS and len(line) > 1:  # a line does not end in a pass
            line.pop()
        return line


def _deepen(
    position: Position,
    time_limit: float | None,
    max_depth: int,
    seed: int,
    node_limit: int | None,
    exact: bool,
) -> tuple[SearchResult, list[tuple[int, int]]]:
    """Iterative deepening; also return the (score, move) pairs of the last
    complete iteration, with exact scores for every move if ``exact``."""
    start = time.perf_counter()
    deepening = Deepening(position, seed, exact)
    if deepening.finished:
        return SearchResult(Move.PASS, 0, 0, 0, time.perf_counter() - start), []
    deadline = None if time_limit is None else start + time_limit
    deepening.run(deadline, node_limit, max_depth)
    score, best = deepening.scored[0]
    seconds = time.perf_counter() - start
    nodes = deepening.searcher.nodes
    return SearchResult(deepening.move(best), score, deepening.depth, nodes, seconds), (
        deepening.completed
    )


def best_move(
    game: Game,
    level: str = DEFAULT_LEVEL,
    *,
    time_limit: float | None = None,
    seed: int = 0,
    book: bool = True,
) -> Move:
    """The move the computer plays in ``game`` at ``level``.

    ``time_limit`` (seconds) replaces the level's own budget; ``seed`` makes
    the choice among equal moves (and the beginner's mistakes) repeatable.
    On Blue's first turn it answers ``swap`` when the position after Red's
    move is better for Red; as the first player it plays the most balanced
    first move, as the pie rule asks. The opening book (:mod:`zola.engine.book`)
    answers the positions it holds, unless ``book`` is false. Raises
    :class:`~zola.rules.errors.IllegalMoveError` when the game is over and
    :class:`~zola.rules.errors.UnknownLevelError` for an unknown level.

    >>> from zola import Game
    >>> game = Game(6)
    >>> best_move(game, "casual", seed=3) in game.legal_moves()
    True
    """
    settings = level_settings(level)
    draw = random.Random(seed).random()
    if book:
        from zola.engine.book import book_move  # not in the worker: the page asks the book

        known = book_move(game, level, draw)
        if known is not None:
            return known
    budget = settings.time_limit if time_limit is None else time_limit
    # Before the opponent's pie-rule choice, the best first move is the most
    # balanced one: whichever side the opponent picks, we get the other.
    pie = game.from_standard_start and game.ply == 0
    noisy = settings.temperature > 0
    result, scored = _deepen(
        game.position.copy(), budget, settings.max_depth, seed, None, exact=noisy or pie
    )
    if scored and (noisy or pie):
        enemy = game.position.boards[game.turn ^ 1]
        moves = [_to_move(m, enemy) for _, m in scored]
        scores = [score for score, _ in scored]
    else:  # only the best move's score is exact
        moves, scores = [result.move], [result.score]
    pick = choose(settings, scores, draw, pie=pie, can_swap=game.can_swap(), best=result.score)
    return Move.SWAP if pick == SWAP_CHOICE else moves[pick]
