"""Strength of the computer levels against three baselines and against each other.

Every game starts from the standard position with the pie rule in effect;
colours alternate (the level moves first in even-numbered games). The
baselines:

- random: a uniform random legal move (``swap`` included when legal);
- greedy: a random capture when there is one, else a random move;
- alphabeta3: a 3-ply alpha-beta search on the checker count with the moves
  shuffled, the way simple online opponents play.

Then each level plays the level below it. The result is a Markdown table
of win percentages and the level's mean seconds per move. Run from the
repository root; the full run takes hours, so try a quick one first:

    python3 bench/ai_strength.py --sizes 6 --games 4 --levels beginner casual
    python3 bench/ai_strength.py            # 40 games a pairing on 6x6, 20 on 8x8
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from zola import Game, Move
from zola.engine.ai import best_move
from zola.engine.levels import LEVELS
from zola.rules.position import generate_moves

Player = Callable[[Game, int], Move]
PLY_CAP = 2000
WIN = 1000


def random_player(game: Game, seed: int) -> Move:
    """A uniform random legal move."""
    return random.Random(seed).choice(game.legal_moves())


def greedy_player(game: Game, seed: int) -> Move:
    """A random capture if there is one, else a random move."""
    moves = game.position.legal_moves()
    captures = [m for m in moves if m.is_capture]
    return random.Random(seed).choice(captures or moves)


def alphabeta3_player(game: Game, seed: int) -> Move:
    """The best move of a 3-ply alpha-beta search on the checker count, moves shuffled."""
    rng = random.Random(seed)
    position = game.position
    geo = position.geo
    boards = position.boards

    def moves_of(own: int, enemy: int) -> list[Move]:
        moves = generate_moves(geo, own, enemy) or [Move.PASS]
        rng.shuffle(moves)
        return moves

    def play(own: int, enemy: int, move: Move) -> tuple[int, int]:
        if move == Move.PASS:
            return enemy, own
        to_bit = 1 << move.to_square
        return enemy & ~to_bit, own ^ (1 << move.from_square) ^ to_bit

    def value(own: int, enemy: int, depth: int, alpha: int, beta: int) -> int:
        if not own:
            return -WIN - depth
        if depth == 0:
            return own.bit_count() - enemy.bit_count()
        for move in moves_of(own, enemy):
            score = -value(*play(own, enemy, move), depth - 1, -beta, -alpha)
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        return alpha

    own, enemy = boards[position.turn], boards[position.turn ^ 1]
    best, best_score = Move.PASS, -2 * WIN
    for move in moves_of(own, enemy):
        score = -value(*play(own, enemy, move), 2, -2 * WIN, -best_score)
        if score > best_score:
            best, best_score = move, score
    return best


BASELINES: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "alphabeta3": alphabeta3_player,
}


def level_player(level: str) -> Player:
    """The computer at ``level`` as a player."""
    return lambda game, seed: best_move(game, level, seed=seed)


@dataclass
class Tally:
    """Games won by the tested side and its thinking time."""

    wins: int = 0
    games: int = 0
    seconds: float = 0.0
    moves: int = 0

    def cell(self) -> str:
        return f"{100 * self.wins / self.games:.0f}% ({self.games})" if self.games else "-"

    def pace(self) -> str:
        return f"{self.seconds / self.moves:.3f}" if self.moves else "-"


def play_game(
    size: int, players: tuple[Player, Player], seed: int, tested: int, tally: Tally
) -> None:
    """Play one game (``players[0]`` moves first) and add it to the tested player's tally."""
    game = Game(size)
    while not game.is_game_over():
        if game.ply >= PLY_CAP:
            raise RuntimeError(f"no result after {PLY_CAP} plies")
        index = game.player_of(game.turn)
        start = time.perf_counter()
        move = players[index](game, seed * PLY_CAP + game.ply)
        if index == tested:
            tally.seconds += time.perf_counter() - start
            tally.moves += 1
        game.play(move)
    tally.wins += game.winner_player() == tested
    tally.games += 1


def pairing(size: int, games: int, tested: Player, opponent: Player, label: str) -> Tally:
    """``games`` games of ``tested`` against ``opponent``, colours alternating."""
    tally = Tally()
    start = time.perf_counter()
    for number in range(games):
        if number % 2 == 0:
            play_game(size, (tested, opponent), number, 0, tally)
        else:
            play_game(size, (opponent, tested), number, 1, tally)
    elapsed = time.perf_counter() - start
    print(
        f"{size}x{size} {label}: {tally.cell()}, {tally.pace()} s/move, {elapsed:.0f} s",
        file=sys.stderr,
        flush=True,
    )
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 8], choices=[6, 8, 10])
    parser.add_argument(
        "--games", type=int, nargs="+", default=[40, 20], help="games a pairing, one per size"
    )
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--baselines", nargs="*", default=list(BASELINES), choices=list(BASELINES))
    parser.add_argument("--no-ladder", action="store_true", help="skip level against level")
    args = parser.parse_args()
    if len(args.games) == 1:
        args.games *= len(args.sizes)
    if len(args.games) != len(args.sizes):
        parser.error("give one --games count, or one per size")

    rows: list[tuple[str, str, list[Tally]]] = []
    start = time.perf_counter()
    for level in args.levels:
        for name in args.baselines:
            tallies = [
                pairing(size, games, level_player(level), BASELINES[name], f"{level} v {name}")
                for size, games in zip(args.sizes, args.games, strict=True)
            ]
            rows.append((level, name, tallies))
    if not args.no_ladder:
        for lower, level in pairwise(args.levels):
            tallies = [
                pairing(size, games, level_player(level), level_player(lower), f"{level} v {lower}")
                for size, games in zip(args.sizes, args.games, strict=True)
            ]
            rows.append((level, lower, tallies))

    sizes = [f"{n}x{n}" for n in args.sizes]
    print(
        "| level | against | "
        + " | ".join(f"wins {s}" for s in sizes)
        + " | "
        + " | ".join(f"s/move {s}" for s in sizes)
        + " |"
    )
    print("|---|---|" + "---:|" * (2 * len(sizes)))
    for level, against, tallies in rows:
        cells = [t.cell() for t in tallies] + [t.pace() for t in tallies]
        print(f"| {level} | {against} | " + " | ".join(cells) + " |")
    print(f"\n{time.perf_counter() - start:.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
