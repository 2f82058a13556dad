"""The command line: ``python -m zola`` or ``zola``.

Bad arguments or input print one line on stderr and exit with code 2.

>>> main(["moves", "6/6/2rb2/6/6/6 r"])
c4-b3 c4-b4 c4-b5 c4-c5 c4-d5 c4xd4
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from zola.ai import best_move
from zola.diagram import diagram
from zola.errors import ZolaError
from zola.game import Game
from zola.levels import DEFAULT_LEVEL, LEVELS
from zola.position import COLOR_NAMES, Position, perft

_MATCH_PLY_CAP = 2000


class UsageError(Exception):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _size(text: str) -> int:
    if text not in ("6", "8", "10"):
        raise argparse.ArgumentTypeError(f"board size must be 6, 8 or 10, not {text!r}")
    return int(text)


def _depth(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"depth must be a whole number >= 0, not {text!r}")
    return int(text)


def _level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose {', '.join(LEVELS)}")
    return text


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"time must be seconds > 0 (at most 3600), not {text!r}")
    return seconds


def _pixels(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 16 <= int(text) <= 8000):
        raise argparse.ArgumentTypeError(f"width must be 16 to 8000 pixels, not {text!r}")
    return int(text)


def _games(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 100_000):
        raise argparse.ArgumentTypeError(f"games must be a whole number >= 1, not {text!r}")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="zola", description="Zola, a game by Mark Steere.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser("perft", help="count the leaf nodes of the move tree")
    p.add_argument("depth", type=_depth, metavar="DEPTH")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--size", type=_size, help="start of a 6, 8 or 10 board")
    where.add_argument("--position", metavar="TEXT", help="position text instead of the start")
    p.set_defaults(run=_perft)

    p = commands.add_parser("moves", help="list the legal moves of positions")
    p.add_argument("positions", nargs="+", metavar="TEXT", help="position text")
    p.set_defaults(run=_moves)

    time_help = "seconds per move, instead of the level's own budget"
    p = commands.add_parser("bestmove", help="print the computer's move in a position")
    p.add_argument("position", metavar="TEXT", help="position text")
    p.add_argument("--level", type=_level, default=DEFAULT_LEVEL, help=", ".join(LEVELS))
    p.add_argument("--time", type=_seconds, metavar="SECONDS", help=time_help)
    p.set_defaults(run=_bestmove)

    p = commands.add_parser("match", help="play two computer levels against each other")
    p.add_argument("--size", type=_size, default=6, help="board size: 6, 8 or 10")
    p.add_argument("--games", type=_games, default=2, metavar="G", help="number of games")
    p.add_argument("--a", type=_level, default=DEFAULT_LEVEL, metavar="LEVEL", help="player A")
    p.add_argument("--b", type=_level, default=DEFAULT_LEVEL, metavar="LEVEL", help="player B")
    p.add_argument("--time", type=_seconds, metavar="SECONDS", help=time_help)
    p.set_defaults(run=_match)

    p = commands.add_parser("svg", help="draw a board as a standalone SVG (or PNG) diagram")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("position", nargs="?", metavar="TEXT", help="position text")
    what.add_argument(
        "--fragment", metavar="F", help="a game link's fragment (its view options too)"
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="out.svg, out.png or -")
    p.add_argument("--flip", action="store_true", help="Blue's side at the bottom")
    p.add_argument("--shading", action="store_true", help="shade the distance classes")
    p.add_argument("--no-coordinates", action="store_true", help="no file and rank labels")
    p.add_argument("--dark", action="store_true", help="the dark theme")
    p.add_argument("--highlight", default="", metavar="SQUARES", help="squares to tint: c3,d4")
    p.add_argument(
        "--arrow", action="append", default=[], metavar="MOVE", help="c3xe5 (repeatable)"
    )
    p.add_argument("--width", type=_pixels, default=480, metavar="PIXELS", help="PNG width")
    p.set_defaults(run=_svg)
    return parser


def _svg(args: argparse.Namespace) -> None:
    image = diagram(
        args.fragment if args.fragment is not None else args.position,
        flip=args.flip or None,
        shading=args.shading or None,
        coordinates=False if args.no_coordinates else None,
        dark=args.dark or None,
        highlight=[name for name in args.highlight.split(",") if name],
        arrows=args.arrow,
    )
    _write(image, args.output, args.width)


def _write(image: str, output: str, width: int) -> None:
    """Write an SVG document to ``output`` (``-``: stdout); a ``.png`` name converts it."""
    if output == "-":
        sys.stdout.write(image + "\n")
        return
    if output.lower().endswith(".png"):
        try:
            cairosvg = importlib.import_module("cairosvg")
        except ImportError:
            raise UsageError("PNG output needs cairosvg: pip install 'zola[png]'") from None
        except OSError:  # cairosvg is there, the Cairo library it loads is not
            raise UsageError(
                "PNG output needs the Cairo library: install it (Debian and Ubuntu: "
                "apt-get install libcairo2; macOS: brew install cairo), or write an .svg"
            ) from None
        data = cairosvg.svg2png(bytestring=image.encode(), output_width=width)
    else:
        data = (image + "\n").encode()
    try:
        with open(output, "wb") as file:
            file.write(data)
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror}") from None


def _perft(args: argparse.Namespace) -> None:
    if args.position is not None:
        position = Position.parse(args.position)
    else:
        position = Position.start(args.size or 6)
    print(perft(position, args.depth))


def _moves(args: argparse.Namespace) -> None:
    positions = [Position.parse(text) for text in args.positions]
    for position in positions:
        print(" ".join(sorted(str(move) for move in position.legal_moves())))


def _bestmove(args: argparse.Namespace) -> None:
    game = Game(start=Position.parse(args.position))
    print(best_move(game, args.level, time_limit=args.time))


def _match(args: argparse.Namespace) -> None:
    levels = (args.a, args.b)
    names = (f"A ({args.a})", f"B ({args.b})")
    wins = [0, 0]
    for number in range(1, args.games + 1):
        first = 0 if number % 2 else 1  # A moves first (Red) in odd games
        game = Game(args.size)
        while not game.is_game_over() and game.ply < _MATCH_PLY_CAP:
            player = first ^ game.player_of(game.turn)
            seed = number * _MATCH_PLY_CAP + game.ply
            game.play(best_move(game, levels[player], time_limit=args.time, seed=seed))
        swap = ", after a swap" if game.swapped() else ""
        if game.winner_player() is None:
            line = f"no result after {game.ply} plies"
        else:
            winner = first ^ game.winner_player()
            wins[winner] += 1
            color = COLOR_NAMES[game.color_of(first ^ winner)]
            line = f"{names[winner]} wins as {color} in {game.ply} plies{swap}"
        first_name = names[first].split()[0]
        print(f"game {number}/{args.games} ({first_name} first): {line}", file=sys.stderr)
    print(f"{names[0]} {wins[0]} - {wins[1]} {names[1]}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        args = _parser().parse_args(argv)
        args.run(args)
    except (UsageError, ZolaError) as error:
        print(f"zola: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zola: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped reading (zola moves ... | head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0
    return 0
