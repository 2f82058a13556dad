"""The command line: ``python -m zola`` or ``zola``.

Bad arguments or input print one line on stderr and exit with code 2.

>>> main(["moves", "6/6/2rb2/6/6/6 r"])
c4-b3 c4-b4 c4-b5 c4-c5 c4-d5 c4xd4
0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypedDict

from zola.draw import images
from zola.draw.diagram import diagram
from zola.draw.themes import PALETTES, colours
from zola.engine.ai import best_move
from zola.engine.levels import DEFAULT_LEVEL, LEVELS
from zola.puzzles.sets import PUZZLE_SIZES
from zola.puzzles.solver import BUDGET, MAX_MOVES, MIN_MOVES
from zola.rules.errors import InvalidOptionError, ZolaError
from zola.rules.game import Game
from zola.rules.geometry import parse_size
from zola.rules.position import Position, perft
from zola.rules.sides import COLOR_NAMES, PLAYER_NAMES

if TYPE_CHECKING:
    from zola.draw.themes import Theme
    from zola.puzzles.mining import Pool

_MATCH_PLY_CAP = 2000


class UsageError(Exception):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except InvalidOptionError as error:  # argparse shows only its own error's message
        raise argparse.ArgumentTypeError(str(error)) from None


def _whole_number(name: str, low: int, high: int | None, rule: str) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits from ``low`` to ``high`` (``None``:
    no limit), else the error ``"{rule}, not 'text'"``. ``name`` is what argparse's own
    error calls it, for text too long to convert (over 4300 digits)."""

    def whole_number(text: str) -> int:
        if not (
            text.isascii()
            and text.isdigit()
            and low <= int(text)
            and (high is None or int(text) <= high)
        ):
            raise argparse.ArgumentTypeError(f"{rule}, not {text!r}")
        return int(text)

    whole_number.__name__ = name
    return whole_number


_depth = _whole_number("_depth", 0, None, "depth must be a whole number >= 0")
_pixels = _whole_number("_pixels", 16, 8000, "width must be 16 to 8000 pixels")
_games = _whole_number("_games", 1, 100_000, "games must be a whole number >= 1")
_nodes = _whole_number("_nodes", 1000, 10**9, "nodes must be a whole number >= 1000")
_lines = _whole_number("_lines", 1, 100, "lines must be a whole number 1 to 100")


def _level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose {', '.join(LEVELS)}")
    return text


def _palette(text: str) -> str:
    if text not in PALETTES:
        raise argparse.ArgumentTypeError(f"unknown theme {text!r}: choose {', '.join(PALETTES)}")
    return text


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"time must be seconds > 0 (at most 3600), not {text!r}")
    return seconds


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

    p = commands.add_parser(
        "svg", help="draw a board as a standalone SVG (or PNG) diagram, or replay a game"
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("position", nargs="?", metavar="TEXT", help="position text")
    what.add_argument(
        "--fragment", metavar="F", help="a game link's fragment (its view options too)"
    )
    p.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="out.svg, out.png, out.gif or -"
    )
    p.add_argument("--flip", action="store_true", help="Blue's side at the bottom")
    p.add_argument("--shading", action="store_true", help="shade the distance classes")
    p.add_argument("--no-coordinates", action="store_true", help="no file and rank labels")
    scheme = p.add_mutually_exclusive_group()
    scheme.add_argument(
        "--dark", action="store_true", help="the dark colours (an SVG: else the reader's)"
    )
    scheme.add_argument(
        "--light", action="store_true", help="the light colours (an SVG: else the reader's)"
    )
    p.add_argument(
        "--theme", type=_palette, metavar="NAME",
        help=f"the board's palette: {', '.join(PALETTES)} (else the link's, or the first)",
    )  # fmt: skip
    p.add_argument("--highlight", default="", metavar="SQUARES", help="squares to tint: c3,d4")
    p.add_argument(
        "--arrow", action="append", default=[], metavar="MOVE", help="c3xe5 (repeatable)"
    )
    p.add_argument("--width", type=_pixels, default=480, metavar="PIXELS", help="PNG/GIF width")
    p.add_argument(
        "--replay", action="store_true", help="the game's moves as an animated SVG (.gif: implied)"
    )
    p.add_argument("--seconds", type=_pace, metavar="S", help="a replay's seconds per move (1)")
    p.set_defaults(run=_svg)
    _add_analysis_commands(commands)
    _add_puzzle_commands(commands)

    p = commands.add_parser(
        "site-files",
        help="write the files live boards load into a site (Sphinx and MkDocs do it themselves)",
        description="Write the files live boards load (the loader web/boards.js, its "
        "Python, the bytecode, PyScript, MicroPython) into DIR, keeping their paths: "
        "pages load DIR/web/boards.js (zola.markdown's boards_url: DIR's address).",
    )
    p.add_argument("directory", metavar="DIR", help="the folder, e.g. site/zola")
    p.set_defaults(run=_site_files)
    return parser


def _site_files(args: argparse.Namespace) -> None:
    from zola.docs import sitefiles

    if not args.directory.strip():
        raise UsageError("DIR is empty: name the folder to write into, e.g. site/zola")
    folder = Path(args.directory)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file: name a folder to write into, e.g. site/zola")
    try:
        written = sitefiles.copy(folder)
    except (FileNotFoundError, ValueError) as error:  # no site files here: what to do
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write into {folder}: {error.strerror or error}") from None
    size = sum((folder / path).stat().st_size for path in written)
    print(f"{_count(len(written), 'file', 'files')} ({size // 1024} KB) in {folder}")
    print(
        f"the loader is {(folder / sitefiles.LOADER).as_posix()}: set zola.markdown's "
        "boards_url to the address the site serves this folder at (e.g. /zola/)"
    )


def _svg(args: argparse.Namespace) -> None:
    if args.replay or args.output.lower().endswith(".gif"):
        _replay(args)
        return
    if args.seconds is not None:
        raise UsageError("--seconds is for a replay: add --replay, or write a .gif")
    image = diagram(
        args.fragment if args.fragment is not None else args.position,
        flip=args.flip or None,
        shading=args.shading or None,
        coordinates=False if args.no_coordinates else None,
        dark=True if args.dark else False if args.light else None,
        palette=args.theme or "",
        highlight=[name for name in args.highlight.split(",") if name],
        arrows=args.arrow,
        follow=not args.output.lower().endswith(".png"),  # an SVG: the reader's scheme
    )
    images.write(image, args.output, args.width)


class _ReplayOptions(TypedDict):
    """The options a replay's SVG and its GIF frames share."""

    flip: bool
    shading: bool
    coordinates: bool
    theme: Theme
    notes: bool


def _pace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0.1 <= seconds <= 60:
        raise argparse.ArgumentTypeError(f"seconds must be 0.1 to 60 a move, not {text!r}")
    return seconds


def _replay(args: argparse.Namespace) -> None:
    """``svg --replay`` (or ``-o x.gif``): the game's line as an animated SVG or GIF."""
    from zola.draw.diagram import read
    from zola.draw.replay import replay_frames, replay_svg

    if args.highlight or args.arrow:
        raise UsageError("--highlight and --arrow are for one diagram, not a replay")
    if args.output.lower().endswith(".png"):
        raise UsageError("a replay is an animated .svg or .gif, not a .png")
    game, view = read(args.fragment if args.fragment is not None else args.position)
    options: _ReplayOptions = {
        "flip": args.flip or view.flip,
        "shading": args.shading or view.shading,
        "coordinates": view.coordinates and not args.no_coordinates,
        "theme": colours(args.theme or view.palette, "dark" if args.dark else view.theme),
        "notes": not view.clean,
    }
    seconds = 1.0 if args.seconds is None else args.seconds
    if args.output.lower().endswith(".gif"):
        images.write_gif(replay_frames(game, **options), args.output, args.width, seconds)
    else:
        images.write(replay_svg(game, seconds_per_move=seconds, **options), args.output, args.width)


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
        winner_player = game.winner_player()
        if winner_player is None:
            line = f"no result after {game.ply} plies"
        else:
            winner = first ^ winner_player
            wins[winner] += 1
            color = COLOR_NAMES[game.color_of(first ^ winner)]
            line = f"{names[winner]} wins as {color} in {game.ply} plies{swap}"
        first_name = names[first].split()[0]
        print(f"game {number}/{args.games} ({first_name} first): {line}", file=sys.stderr)
    print(f"{names[0]} {wins[0]} - {wins[1]} {names[1]}")


# -- analyse and review (zola.engine.analysis; the page's side: zola.engine.judgement) ---


def _add_analysis_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    p = commands.add_parser("analyse", help="evaluate a position and show its best lines")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("position", nargs="?", metavar="TEXT", help="position text")
    what.add_argument("--fragment", metavar="F", help="a game link's fragment (its viewed ply)")
    p.add_argument("--time", type=_seconds, metavar="SECONDS", help="search time")
    p.add_argument("--nodes", type=_nodes, metavar="N", help="search nodes (default 100000)")
    p.add_argument("--lines", type=_lines, default=1, metavar="N", help="best lines to show")
    p.set_defaults(run=_analyse)

    p = commands.add_parser("review", help="mark every move of a game, with the better moves")
    p.add_argument("--fragment", required=True, metavar="F", help="a game link's fragment")
    p.add_argument("--time", type=_seconds, metavar="SECONDS", help="search time a position")
    p.add_argument("--nodes", type=_nodes, metavar="N", help="search nodes a position")
    p.add_argument("--text", action="store_true", help="print only the review's compact text")
    p.set_defaults(run=_review)


def _analyse(args: argparse.Namespace) -> None:
    from zola.engine.analysis import analyse
    from zola.engine.judgement import format_score, percent
    from zola.rules.link import parse

    if args.fragment is not None:
        game, _ = parse(args.fragment)
    else:
        game = Game(start=Position.parse(args.position))
    position = game.position
    mover, other = (COLOR_NAMES[c].capitalize() for c in (position.turn, position.turn ^ 1))
    winner = position.winner()
    if winner is not None:  # the game is over
        print(f"the game is over: {COLOR_NAMES[winner].capitalize()} won")
        return
    result = analyse(position, time_limit=args.time, node_limit=args.nodes, lines=args.lines)
    chance = percent(result.score)
    print(f"{mover} to move: {mover} {chance}%, {other} {100 - chance}%")
    print(
        f"score {format_score(result.score)} for {mover} (the side to move), "
        f"depth {result.depth}, {result.nodes:,} nodes"
    )
    if game.can_swap():
        choice = "swap" if result.score < 0 else "keep Blue and play on"
        print(f"Blue may swap colours (the pie rule): the engine would {choice}")
    width = max(len(format_score(line.score)) for line in result.lines)
    for number, line in enumerate(result.lines, 1):
        moves = " ".join(str(move) for move in line.moves)
        print(f"{number}. {format_score(line.score):>{width}}  {moves}")


def _progress(done: int, total: int) -> None:
    """A plain-text progress bar on stderr: ``[#####     ] 12/60``."""
    filled = 30 * done // total
    end = "\n" if done == total else ""
    print(f"\r[{'#' * filled}{' ' * (30 - filled)}] {done}/{total}", end=end, file=sys.stderr)
    sys.stderr.flush()


def _review(args: argparse.Namespace) -> None:
    from zola.engine.analysis import REVIEW_NODES, review
    from zola.engine.judgement import movers, summary
    from zola.rules.link import parse
    from zola.rules.review import review_text, symbol

    game, _ = parse(args.fragment)
    nodes = args.nodes if args.nodes is not None or args.time is not None else REVIEW_NODES
    result = review(game, node_limit=nodes, time_limit=args.time, progress=_progress)
    if args.text:
        print(review_text(result))
        return
    players = movers(game)
    line = Game(game.size, game.start)
    print(f"start: Red {result.start}%")
    print(f"{'ply':>4}  {'player':<14} {'move':<8} {'Red':>4}  {'loss':>4}  {'mark':<14} better")
    for ply, (move, entry) in enumerate(zip(game.moves, result.moves, strict=True), 1):
        color = COLOR_NAMES[line.turn].capitalize()
        who = f"{PLAYER_NAMES[players[ply - 1]].split()[0]} ({color})"
        mark = f"{entry.mark} {symbol(entry.mark)}".strip()
        better = "" if entry.better is None else str(entry.better)
        print(
            f"{ply:>4}  {who:<14} {str(move):<8} {entry.red:>3}%  {entry.loss:>4}  "
            f"{mark:<14} {better}".rstrip()
        )
        line.play(move)
    for part in summary(result, players):
        counts = [
            _count(part.inaccuracies, "inaccuracy", "inaccuracies"),
            _count(part.mistakes, "mistake", "mistakes"),
            _count(part.blunders, "blunder", "blunders"),
        ]
        print(
            f"{PLAYER_NAMES[part.player]}: {', '.join(counts)}, average loss "
            f"{part.average_text()} points over {_count(part.moves, 'move', 'moves')}"
        )


# -- puzzles (zola.puzzles.sets, mined by zola.puzzles.mining) -------------------------------------

_max_moves = _whole_number(
    "_max_moves",
    MIN_MOVES,
    MAX_MOVES,
    f"max moves must be a whole number {MIN_MOVES} to {MAX_MOVES}",
)
_MAX_BUDGET = 10**7  # nodes: the solver's table then takes about 3 GB
_budget = _whole_number(
    "_budget", 1, _MAX_BUDGET, f"budget must be a whole number of nodes, 1 to {_MAX_BUDGET}"
)
_seed = _whole_number("_seed", 0, 10**9, "seed must be a whole number >= 0")
_workers = _whole_number("_workers", 1, 256, "workers must be a whole number 1 to 256")


def _add_puzzle_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    p = commands.add_parser("puzzles", help="mine and check puzzles (proven forced wins)")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    q = actions.add_parser("mine", help="self-play games, their forced wins into a file")
    q.add_argument("--size", type=_size, default=6, help="board size: 6, 8 or 10")
    q.add_argument("--games", type=_games, required=True, metavar="G", help="number of games")
    q.add_argument("--seed", type=_seed, default=0, help="the first game's seed (default 0)")
    q.add_argument("--workers", type=_workers, metavar="W", help="processes (default: cores)")
    q.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on a Dask cluster instead, e.g. tcp://host:8786 (the dask extra)",
    )
    q.add_argument(
        "--max-moves", type=_max_moves, default=4, metavar="N", help="longest solution (4)"
    )
    q.add_argument("-o", "--output", required=True, metavar="FILE", help="puzzle file to extend")
    q.set_defaults(run=_puzzles_mine)
    q = actions.add_parser(
        "check", help="refuse the puzzles of a file that break a rule or are not proven again"
    )
    q.add_argument("file", metavar="FILE", help="a puzzle file")
    q.add_argument(
        "--budget",
        type=_budget,
        default=BUDGET,
        metavar="NODES",
        help=f"nodes a puzzle's proof may search (default {BUDGET})",
    )
    q.set_defaults(run=_puzzles_check)


def _puzzles_mine(args: argparse.Namespace) -> None:
    from zola.puzzles.mining import Progress, mine

    if args.size not in PUZZLE_SIZES:  # every board size, for now
        raise UsageError(f"puzzles are not mined on {args.size}x{args.size} boards")
    if args.scheduler is not None and args.workers is not None:
        raise UsageError("--workers counts this machine's processes: not with --scheduler")
    seeds = range(args.seed, args.seed + args.games)
    progress = Progress(f"{args.size}x{args.size}")
    with _pool(args.workers, args.scheduler) as pool:
        try:
            added = mine(Path(args.output), args.size, seeds, args.max_moves, pool, progress)
        except OSError as error:
            raise UsageError(f"cannot use {args.output}: {error.strerror}") from None
    print(f"{_count(added, 'new puzzle', 'new puzzles')} in {args.output}", file=sys.stderr)


@contextlib.contextmanager
def _pool(workers: int | None, scheduler: str | None) -> Iterator[Pool]:
    """The processes of this machine, or the Dask cluster whose scheduler is at
    ``scheduler`` (its client closed after)."""
    from zola.puzzles.mining import on_cluster, processes

    if scheduler is None:
        yield processes(workers)
        return
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port, resolve_address
    except ImportError:
        raise UsageError("--scheduler needs the dask extra: pip install 'zola[dask]'") from None
    try:  # a bad address first: a Client that fails on one waits at exit to close
        resolve_address(scheduler)
        scheme, location = parse_address(scheduler)
        if scheme in ("tcp", "tls"):  # nothing listening there: said at once, not after
            # Dask's connect timeout (30 s, retrying)
            socket.create_connection(parse_host_port(location), timeout=10).close()
        client = Client(scheduler, set_as_default=False)
    except (OSError, ValueError, OverflowError) as error:
        said = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {said}") from None
    with client:
        yield on_cluster(client)


def _puzzles_check(args: argparse.Namespace) -> int:
    """Exit code 1 when a puzzle is refused (one line each on stdout, as found), else 0."""
    from zola.puzzles.mining import check

    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {args.file}: it is not UTF-8 text") from None
    checked = refused = 0
    hardest = None
    for verdict in check(text, args.budget):
        checked += 1
        if verdict.fault is not None:
            refused += 1
            print(f"line {verdict.line}: puzzle {verdict.puzzle.id}: {verdict.fault}", flush=True)
        elif hardest is None or verdict.nodes > hardest.nodes:
            hardest = verdict
    if refused:
        print(f"{_count(refused, 'puzzle', 'puzzles')} refused, of {checked}", file=sys.stderr)
        return 1
    if hardest is None:
        print(f"no puzzle in {args.file}", file=sys.stderr)
        return 1
    print(
        f"{_count(checked, 'puzzle', 'puzzles')} proven; the hardest, {hardest.puzzle.id} "
        f"(line {hardest.line}), took {hardest.nodes:,} of the budget of {args.budget:,} nodes",
        file=sys.stderr,
    )
    return 0


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        args = _parser().parse_args(argv)
        status = args.run(args)  # None, or an exit code other than 2 (puzzles check: 1)
    except (UsageError, images.OutputError, ZolaError) as error:
        print(f"zola: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zola: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped reading (zola moves ... | head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0
    return int(status or 0)
