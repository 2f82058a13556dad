"""The command line: ``python -m zola`` or ``zola``.

Bad arguments or input print one line on stderr and exit with code 2.

>>> main(["moves", "6/6/2rb2/6/6/6 r"])
c4-b3 c4-b4 c4-b5 c4-c5 c4-d5 c4xd4
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from zola.errors import ZolaError
from zola.position import Position, perft


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
    return parser


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
    return 0
