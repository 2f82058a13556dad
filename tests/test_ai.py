"""The computer opponent: legal answers, tactics, budgets, determinism and its CLI."""

import random
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings

from tests.strategies import positions
from zola import Game, IllegalMoveError, Move, Position, ZolaError
from zola.engine.ai import SearchResult, best_move, search
from zola.engine.levels import DEFAULT_LEVEL, LEVELS
from zola.rules.errors import UnknownLevelError

# Red to move with one legal move, a forced pass, a finished game.
ONLY_MOVE = "6/6/6/2b3/6/r5 r"
FORCED_PASS = "6/6/6/6/2b3/r5 r"
FINISHED = "6/6/6/6/6/r5 b"
# Red wins at once with f6xd4 (the last Blue checker); other moves exist.
WIN_IN_ONE = "5r/6/3b2/6/r5/6 r"
# Red's last checker on c3 stands on the a1-f6 diagonal of Blue's corner checker:
# c3-b2 stays on it and loses, every other step escapes.
ESCAPE = "6/6/6/2r3/6/b5 r"


def random_prefix(size: int, plies: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(size)
    for _ in range(plies):
        if game.is_game_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_search_returns_a_legal_move_in_any_position(position: Position) -> None:
    if position.is_game_over():
        with pytest.raises(IllegalMoveError, match="the game is over"):
            search(position, time_limit=None, max_depth=2, node_limit=3000)
        return
    before = position.key()
    result = search(position, time_limit=None, max_depth=2, node_limit=3000)
    assert result.move in position.legal_moves()
    assert position.key() == before


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("size", [6, 8, 10])
def test_best_move_is_legal_after_random_prefixes(level: str, size: int) -> None:
    for seed in range(3):
        game = random_prefix(size, plies=[1, 9, 4 * size][seed], seed=seed)
        if game.is_game_over():
            continue
        move = best_move(game, level, time_limit=0.05, seed=seed)
        assert move in game.legal_moves()


def test_forced_pass_and_single_move() -> None:
    for level in LEVELS:
        assert best_move(Game(start=Position.parse(FORCED_PASS)), level) == Move.PASS
        assert best_move(Game(start=Position.parse(ONLY_MOVE)), level) == Move.parse("a1xc3")


def test_finished_game_is_a_clear_error() -> None:
    game = Game(start=Position.parse(FINISHED))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        best_move(game)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        search(game.position, time_limit=None, max_depth=3)


def test_unknown_level_is_a_value_error() -> None:
    with pytest.raises(UnknownLevelError, match="unknown level 'grandmaster'") as info:
        best_move(Game(6), "grandmaster")
    assert isinstance(info.value, ZolaError) and isinstance(info.value, ValueError)
    assert DEFAULT_LEVEL in LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_win_in_one(level: str) -> None:
    game = Game(start=Position.parse(WIN_IN_ONE))
    assert len(game.legal_moves()) > 1
    assert best_move(game, level) == Move.parse("f6xd4")


def test_win_scores_prefer_the_fastest_win() -> None:
    result = search(Position.parse(WIN_IN_ONE), time_limit=None, max_depth=4)
    assert result.score == 100_000 - 1


@pytest.mark.parametrize("level", ["casual", "strong", "max"])
def test_avoids_a_loss_in_one(level: str) -> None:
    game = Game(start=Position.parse(ESCAPE))
    losing = Move.parse("c3-b2")
    assert losing in game.legal_moves()
    assert best_move(game, level) != losing


def test_respects_the_time_budget() -> None:
    game = random_prefix(10, plies=60, seed=4)
    for budget in (0.1, 0.5):
        start = time.perf_counter()
        best_move(game, "max", time_limit=budget)
        assert time.perf_counter() - start < budget + 0.5


def test_deterministic_for_a_seed_and_a_depth() -> None:
    position = random_prefix(8, plies=20, seed=5).position
    first = search(position, time_limit=None, max_depth=3, seed=9)
    again = search(position, time_limit=None, max_depth=3, seed=9)
    assert isinstance(first, SearchResult)
    assert (first.move, first.score, first.depth, first.nodes) == (
        again.move,
        again.score,
        again.depth,
        again.nodes,
    )


def test_swap_decision_is_swap_or_a_legal_move() -> None:
    for seed in range(4):
        game = random_prefix(6, plies=1, seed=seed)
        assert game.can_swap()
        move = best_move(game, "casual", time_limit=0.1, seed=seed)
        assert move == Move.SWAP or move in game.position.legal_moves()


def zola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zola", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_bestmove() -> None:
    assert zola("bestmove", WIN_IN_ONE, "--level", "beginner").stdout == "f6xd4\n"
    assert zola("bestmove", FORCED_PASS, "--time", "0.1").stdout == "pass\n"
    result = zola("bestmove", str(Position.start(6)), "--time", "0.1")
    assert Move.parse(result.stdout.strip()) in Position.start(6).legal_moves()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bestmove", FINISHED], "the game is over"),
        (["bestmove", FORCED_PASS, "--level", "hard"], "unknown level 'hard'"),
        (["bestmove", FORCED_PASS, "--time", "0"], "time must be seconds > 0"),
        (["bestmove", FORCED_PASS, "--time", "soon"], "time must be seconds > 0"),
        (["match", "--games", "0"], "games must be a whole number"),
        (["match", "--a", "expert"], "unknown level 'expert'"),
        (["match", "--size", "7"], "board size must be 6, 8 or 10"),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = zola(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_match_reports_each_game_and_the_score() -> None:
    result = zola("match", "--games", "2", "--a", "beginner", "--b", "casual", "--time", "0.02")
    assert result.returncode == 0
    assert result.stderr.count("\n") == 2 and "game 2/2 (B first)" in result.stderr
    a, b = result.stdout.removeprefix("A (beginner) ").removesuffix(" B (casual)\n").split(" - ")
    assert int(a) + int(b) == 2


# The search's own move generator and attack maps, tied to the rules of Position.


def _searcher(position: Position):  # a zola.engine.ai._Searcher
    from zola.engine.ai import _Searcher

    return _Searcher(position.size, None, None)


def _board_moves(position: Position) -> set[str]:
    return {str(m) for m in position.legal_moves() if m != Move.PASS}


def _as_moves(ints: list[int], enemy: int) -> set[str]:
    from zola.engine.ai import _to_move

    return {str(_to_move(m, enemy)) for m in ints}


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_searchs_moves_are_the_legal_moves(position: Position) -> None:
    own, enemy = position.boards[position.turn], position.boards[position.turn ^ 1]
    if not (own and enemy):
        return  # a finished game: the search never generates moves there
    searcher = _searcher(position)
    steps, captures = searcher.steps(own, enemy), searcher.captures(own, enemy)
    assert len(steps) + len(captures) == len(set(steps + captures))
    assert _as_moves(steps + captures, enemy) == _board_moves(position)
    assert all(enemy >> (m & 127) & 1 for m in captures)
    assert not any(enemy >> (m & 127) & 1 for m in steps)
    targets = 0
    for m in captures:
        targets |= 1 << (m & 127)
    onto = searcher.captures_onto(targets, own, own | enemy)
    assert sorted(onto) == sorted(captures)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_searchs_attack_maps_follow_the_capture_rule(position: Position) -> None:
    """``threats`` marks each occupied square that a side could capture if it held an enemy."""
    own, enemy = position.boards[position.turn], position.boards[position.turn ^ 1]
    ours, theirs = _searcher(position).threats(own, enemy)
    for side, attacked in ((own, ours), (enemy, theirs)):
        expected = 0
        for sq in position.geo.squares:
            bit = 1 << sq
            if not (own | enemy) & bit:
                continue
            # Put an enemy of `side` on sq (the other side's checkers stay), then ask the rules.
            mover = side & ~bit
            other = ((own | enemy) & ~side) | bit
            if mover and any(
                m.is_capture and m.to_square == sq
                for m in Position(position.size, mover, other & ~mover).legal_moves()
            ):
                expected |= bit
        assert attacked == expected
