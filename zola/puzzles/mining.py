"""Mining puzzles from self-play: games at mixed levels, their later positions solved.

A game gives the positions of its later half and those one other move away
(:func:`candidates`); each with few enemy checkers left is solved exactly
(:func:`zola.puzzles.solver.solve`), and at most 8 puzzles a game are kept.
:func:`mine_game` is a pure function of its arguments (a game's seed -> puzzle
lines), so :func:`mine` maps it over the seeds with any pool: this machine's
processes (:func:`processes`) or the workers of a Dask cluster (:func:`on_cluster`,
the ``dask`` extra). It keeps the new puzzles in seed order and drops those that
repeat an earlier one under the board's symmetries and the exchange of colours
(:func:`zola.puzzles.sets.canonical`). A puzzle file records the seeds it has
mined in ``# seeds A-B`` comment lines, so a second run goes on where the
first stopped.

>>> lines = mine_game(4, size=6, max_moves=3)
>>> len(lines), all(2 <= parse(line).moves <= 3 for line in lines)
(5, True)
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from zola.engine.ai import search
from zola.engine.levels import level_settings
from zola.puzzles.sets import Puzzle, PuzzleError, canonical, numbered, parse, puzzle_size, read
from zola.puzzles.solver import BUDGET, Solver, broken_rule, solve, unproven
from zola.rules.errors import ZolaError
from zola.rules.position import Position

if TYPE_CHECKING:
    from distributed import Client

#: The levels whose games are mined, and how often each plays a random move instead
#: (the Beginner's noise, made repeatable).
MINED_LEVELS = ("beginner", "casual", "strong")
_RANDOM_MOVES = {"beginner": 0.3, "casual": 0.05, "strong": 0.0}
_STRONG_DEPTH = 4  # the strong level's depth cap here, to keep games quick
_GAME_NODES = 1000  # search nodes a move: a node budget, not a clock, so games repeat
_SOLVE_NODES = 60_000  # solver positions a candidate; past it the position is skipped
_PER_GAME = 8  # puzzles kept from one game, for variety
_SEEDS = "# seeds "
_CHUNK = 20  # seeds recorded per comment line

#: A pool: ``pool(job, seeds)`` yields ``job(seed)`` for each seed, in the seeds' order.
Pool = Callable[[Callable[[int], list[str]], list[int]], Iterator[list[str]]]


def play_game(size: int, seed: int) -> list[Position]:
    """The positions of one self-play game, after each move (the last is the end).

    The two sides play levels from :data:`MINED_LEVELS` picked by ``seed``; each move
    is a node-limited search at the level's depth, or now and then a random move.
    """
    rng = random.Random(seed)
    levels = (MINED_LEVELS[seed % 3], MINED_LEVELS[seed // 3 % 3])
    position = Position.start(size)
    positions = []
    while not position.is_game_over():
        level = levels[position.turn]
        legal = position.legal_moves()
        if rng.random() < _RANDOM_MOVES[level]:
            move = rng.choice(legal)
        else:
            depth = min(_STRONG_DEPTH, level_settings(level).max_depth)
            move = search(
                position,
                time_limit=None,
                max_depth=depth,
                node_limit=_GAME_NODES,
                seed=rng.randrange(1 << 30),
            ).move
        position.push(move)
        positions.append(position.copy())
    return positions


def candidates(positions: list[Position]) -> Iterator[Position]:
    """The positions of a game's later half (after the pie rule's turn), each followed
    by the positions one other move of the same player would have made instead: the
    tries a player could have blundered into, as puzzles from real games are."""
    for number in range(max(2, len(positions) // 2), len(positions) - 1):
        yield positions[number]
        before = positions[number - 1]
        for move in before.legal_moves():
            other = before.copy()
            other.push(move)
            if not other.is_game_over():
                yield other


def mine_game(seed: int, size: int = 6, max_moves: int = 4) -> list[str]:
    """The puzzle lines of game ``seed`` (see :func:`solve_game`)."""
    return solve_game(play_game(size, seed), max_moves)


def solve_game(positions: list[Position], max_moves: int) -> list[str]:
    """The puzzle lines of a game's ``positions``: the :func:`candidates` where the side
    to move has at most ``max_moves`` enemies left, each solved within ``max_moves``,
    and kept if it breaks no rule of a puzzle set (:func:`zola.puzzles.solver.broken_rule`:
    ``N`` at least 2, more than one legal first move, ...)."""
    lines = []
    seen = set()
    for position in candidates(positions):
        enemies = position.count(position.turn ^ 1)
        if enemies > max_moves:
            continue
        puzzle = solve(position, max_moves, node_limit=_SOLVE_NODES)
        if puzzle is None or broken_rule(puzzle) is not None:
            continue
        key = canonical(puzzle.position)
        if key not in seen:
            seen.add(key)
            lines.append(puzzle.text())
    step = max(1, -(-len(lines) // _PER_GAME))
    return lines[::step]  # at most _PER_GAME, spread over the game


def seed_ranges(seeds: Iterable[int]) -> str:
    """Seeds as ranges, ``'0-3 7'``.

    >>> seed_ranges([3, 0, 1, 2, 7])
    '0-3 7'
    """
    out: list[str] = []
    run: list[int] = []
    for seed in sorted(set(seeds)):
        if run and seed == run[-1] + 1:
            run.append(seed)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [seed]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return " ".join(out)


def read_seeds(text: str) -> set[int]:
    """The seeds a puzzle file's ``# seeds`` lines name.

    >>> sorted(read_seeds("# seeds 0-2 5\\nx\\n"))
    [0, 1, 2, 5]
    """
    seeds: set[int] = set()
    for line in text.splitlines():
        if line.startswith(_SEEDS):
            for part in line[len(_SEEDS) :].split():
                first, _, last = part.partition("-")
                seeds.update(range(int(first), int(last or first) + 1))
    return seeds


class Progress:
    """Games done, puzzles found and the rate, on one line of stderr."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.start = time.perf_counter()
        self.games = self.found = self.total = 0

    def begin(self, total: int) -> None:
        """Start the clock for ``total`` games."""
        self.start, self.total = time.perf_counter(), total

    def update(self, found: int) -> None:
        """One more game done, with ``found`` new puzzles."""
        self.games += 1
        self.found += found
        minutes = max(1e-9, time.perf_counter() - self.start) / 60
        print(
            f"\r{self.label}: {self.games}/{self.total} games, {self.found} puzzles, "
            f"{self.found / minutes:.1f} puzzles/min",
            end="\n" if self.games == self.total else "",
            file=sys.stderr,
            flush=True,
        )


def mine(
    path: Path,
    size: int,
    seeds: Iterable[int],
    max_moves: int = 4,
    pool: Pool | None = None,
    progress: Progress | None = None,
) -> int:
    """Mine the games ``seeds`` into the puzzle file ``path`` (appending: seeds the file
    already records are skipped, puzzles it holds are not repeated); return how many
    puzzles were added. ``pool`` plays and solves the games (default: :func:`processes`,
    one a core); ``progress`` hears how many games there are, then each game's number
    of new puzzles."""
    old = path.read_text() if path.exists() else ""
    try:
        puzzles = read(old)
    except PuzzleError as error:
        raise PuzzleError(f"{path}: {error}") from None
    known = {canonical(p.position) for p in puzzles}
    if any(puzzle_size(p.id) != size for p in puzzles):
        raise PuzzleError(f"{path} holds puzzles of another board size: choose another file")
    todo = [seed for seed in seeds if seed not in read_seeds(old)]
    if progress is not None:
        progress.begin(len(todo))
    job = partial(mine_game, size=size, max_moves=max_moves)
    results = (pool or processes())(job, todo)
    added = 0
    with path.open("a") as out:
        if not old:
            out.write(f"# Zola puzzles, {size}x{size}: id;N;rating;position;line;refutations\n")
        done: list[int] = []
        for seed, lines in zip(todo, results, strict=True):
            new = keep_new(lines, known)
            out.writelines(line + "\n" for line in new)
            added += len(new)
            done.append(seed)
            if len(done) == _CHUNK or seed == todo[-1]:
                out.write(_SEEDS + seed_ranges(done) + "\n")
                out.flush()
                done = []
            if progress is not None:
                progress.update(len(new))
    return added


def keep_new(lines: Iterable[str], known: set[str]) -> list[str]:
    """The puzzle ``lines`` whose positions are new: not in ``known`` (canonical
    positions, see :func:`zola.puzzles.sets.canonical`) nor the same as an earlier line's
    under a symmetry. ``known`` takes in the new ones.

    >>> known = set()
    >>> line = "6-2nknhv;2;900;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"
    >>> keep_new([line, line], known) == [line], len(known)
    (True, 1)
    """
    new = []
    for line in lines:
        key = canonical(parse(line).position)
        if key not in known:
            known.add(key)
            new.append(line)
    return new


def processes(workers: int | None = None) -> Pool:
    """A :data:`Pool` of ``workers`` processes of this machine (default: one a core;
    1: this process)."""

    def run(job: Callable[[int], list[str]], seeds: list[int]) -> Iterator[list[str]]:
        if workers == 1:
            yield from map(job, seeds)
            return
        pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count())
        try:
            yield from pool.map(job, seeds)
        finally:  # on an interrupt, drop the games not started instead of playing them all
            pool.shutdown(cancel_futures=True)

    return run


class ClusterError(ZolaError):
    """A game that failed on a Dask cluster's worker (its message says which and why)."""


def on_cluster(client: Client) -> Pool:
    """A :data:`Pool` of the workers of the Dask cluster ``client`` is connected to: every
    game is sent at once, the results taken in the seeds' order. Each worker imports
    :mod:`zola` itself, so it must run the same code as this machine: a worker whose
    :func:`code_digest` differs (another version, or no zola) raises
    :class:`ClusterError` here, before any game is played."""
    try:
        digests = client.run(code_digest)
    except Exception as error:  # on a worker: zola missing, say
        raise ClusterError(f"a worker cannot run zola: {type(error).__name__}: {error}") from None
    other = sorted(worker for worker, digest in digests.items() if digest != code_digest())
    if other:
        raise ClusterError(
            f"{len(other)} of {len(digests)} workers ({', '.join(other)}) run another "
            "version of zola than this machine: install the same one on every worker"
        )

    def run(job: Callable[[int], list[str]], seeds: list[int]) -> Iterator[list[str]]:
        futures = client.map(job, seeds)
        try:
            for seed, future in zip(seeds, futures, strict=True):
                try:
                    yield future.result()
                except Exception as error:  # raised on the worker, or the worker lost
                    raise ClusterError(
                        f"game {seed} failed on the cluster: {type(error).__name__}: {error}"
                    ) from None
        finally:  # done, failed or interrupted: the cluster drops what is left
            client.cancel(futures)

    return run


def code_digest() -> str:
    """A digest of the Python source the games run (the package's top-level modules and
    its rules, engine, puzzles and lang), the same wherever the same version is
    installed: a cluster's workers and this machine compare theirs."""
    root = Path(__file__).resolve().parents[1]
    paths = [*root.glob("*.py")]
    for folder in ("rules", "engine", "puzzles", "lang"):
        paths += (root / folder).rglob("*.py")
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class Verdict(NamedTuple):
    """One puzzle of a file checked: its line number, the puzzle, what is wrong with it
    (``None``: nothing, it is proven) and the nodes its proof searched."""

    line: int
    puzzle: Puzzle
    fault: str | None
    nodes: int


def check(text: str, budget: int = BUDGET) -> Iterator[Verdict]:
    """Each puzzle of a puzzle file's ``text``, checked: read as the page reads it
    (:func:`zola.puzzles.sets.numbered`: a line it cannot read raises
    :class:`~zola.puzzles.sets.PuzzleError` before any search); one board size in a
    file, no two puzzles with one id (a repeat under a symmetry has its id), the rules
    the miner keeps (:func:`zola.puzzles.solver.broken_rule`), then its claims proven
    again (:func:`zola.puzzles.solver.unproven`) within ``budget`` nodes.

    >>> line = "6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"
    >>> for verdict in check(line + "\\n" + line):
    ...     print(verdict.line, verdict.fault)
    1 the first move, f1xa1, is the only legal move
    2 the same id as line 1: a repeat under a symmetry
    """
    ids: dict[str, int] = {}
    first = (0, 0)  # the line number and board size of the file's first puzzle
    for number, puzzle in numbered(text):
        size = puzzle_size(puzzle.id)
        first = first if first[0] else (number, size)
        solver = Solver(size, budget)
        fault: str | None
        if puzzle.id in ids:
            fault = f"the same id as line {ids[puzzle.id]}: a repeat under a symmetry"
        elif size != first[1]:
            fault = f"{size}x{size}, but the puzzle of line {first[0]} is {first[1]}x{first[1]}"
        else:
            fault = broken_rule(puzzle) or unproven(puzzle, solver)
        ids.setdefault(puzzle.id, number)
        yield Verdict(number, puzzle, fault, solver.nodes)
