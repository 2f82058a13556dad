"""The opening book: the computer's first answers, known before it thinks.

The computer's worker takes seconds to start on a fresh page, and its first
question comes at once: the book answers it. For each board size it holds the
start (when the computer begins) and every position after Red's first move
(Blue to move, swap allowed; the same position again after a swap), each with
the scored answers of every level, computed once by
``python3 scripts/make_book.py`` into :mod:`zola.engine.openings`.

Each level chooses from the book as it would from its own search, with the same
rule (:func:`zola.engine.levels.choose`), from what that search finds when it is given
enough time: Beginner from the exact scores of every move at its 2 plies,
Casual from its best move at its 3 plies (seed 0). Strong and Max think for a
time, so their depth depends on the machine; the book holds each one's best
move at a fixed depth (:data:`zola.engine.openings.DEPTHS`), about as deep as each
gets in its time on CPython and as deep or one ply deeper than in the page's
worker. At the start every level sees exact scores of every first move, as its
search does there. The start looks the same after a half turn of the board and
after a reflection in either diagonal, so the book keeps one of each group of
first moves that these map onto each other, and maps its answers back.

>>> from zola.rules.game import Game
>>> game = Game(6)
>>> _ = game.play("c3xd3")
>>> book_move(game, "casual", 0.5) in game.legal_moves()
True
>>> _ = game.play("c4xd3"); print(book_move(game, "casual", 0.5))
None
"""

from zola.engine.levels import LEVELS, SWAP_CHOICE, choose, level_settings
from zola.rules.move import PASS, SWAP, Move

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.rules.game import Game

START = "start"  # the key of the start position
SYMMETRIES = range(4)  # of the start: none, a half turn, the a1 diagonal, both


def turn(move: Move, size: int, symmetry: int) -> Move:
    """``move`` on a board seen through one of the start's :data:`SYMMETRIES`: bit 1 a
    half turn, bit 2 a reflection in the diagonal through a1. Each undoes itself.

    >>> [str(turn(Move.parse("c3xd3"), 6, s)) for s in SYMMETRIES]
    ['c3xd3', 'd4xc4', 'c3xc4', 'd4xd3']
    """
    if move.kind in (PASS, SWAP):
        return move
    squares = []
    for square in (move.from_square, move.to_square):
        file, rank = square % 10, square // 10
        if symmetry & 1:
            file, rank = size - 1 - file, size - 1 - rank
        if symmetry & 2:
            file, rank = rank, file
        squares.append(rank * 10 + file)
    return Move(squares[0], squares[1], move.kind)


def key_of(move: Move, size: int) -> str:
    """The book's key of the position after the first move ``move``: the least text of
    its images (:func:`turn`).

    >>> key_of(Move.parse("d4xd3"), 6)
    'c3xc4'
    """
    return min(str(turn(move, size, symmetry)) for symmetry in SYMMETRIES)


def answers_of(line: str, level: int) -> "list[tuple[int, str]]":
    """The (score, move text) pairs, best first, of the ``level``-th of
    :data:`zola.engine.levels.LEVELS` in a line of the book (texts: parsing is slow on the page).

    >>> answers_of("c3xd3 d4xd3=5,e4xd3=-2|d4xd3=5|d4xd3=7|e4xd3=6", 0)
    [(5, 'd4xd3'), (-2, 'e4xd3')]
    """
    pairs = []
    for item in line.partition(" ")[2].split("|")[level].split(","):
        move, _, score = item.partition("=")
        pairs.append((int(score), move))
    return pairs


def parse_entry(line: str) -> "tuple[str, list[list[tuple[int, Move]]]]":
    """A line of the book: its key and, per level of :data:`zola.engine.levels.LEVELS`, the
    (score, move) pairs, best first.

    >>> parse_entry("c3xd3 d4xd3=5,e4xd3=-2|d4xd3=5|d4xd3=7|e4xd3=6")[1][3]
    [(6, Move.parse('e4xd3'))]
    """
    levels = [answers_of(line, level) for level in range(len(LEVELS))]
    moves = [[(score, Move.parse(move)) for score, move in pairs] for pairs in levels]
    return line.partition(" ")[0], moves


_lines: "dict[int, dict[str, str]]" = {}  # per size: {key: its line}, once read


def entries(size: int) -> "dict[str, str]":
    """The book's lines of ``size`` by key (read on first use)."""
    if size not in _lines:
        from zola.engine.openings import BOOK  # only when the computer plays: the data is large

        _lines[size] = {line.partition(" ")[0]: line for line in BOOK[size]}
    return _lines[size]


def book_move(game: "Game", level: str, draw: float) -> "Move | None":
    """The move ``level`` plays in ``game`` from the book, or ``None`` if the book does
    not hold its position. ``draw``, a number in [0, 1), makes the level's random choice.

    >>> from zola.rules.game import Game
    >>> str(book_move(Game(8), "max", 0.0)) in {str(m) for m in Game(8).legal_moves()}
    True
    """
    played = game.moves[: game.ply]
    if not game.from_standard_start or len(played) > 2:
        return None
    if len(played) == 2 and played[1] != Move.SWAP:
        return None
    key, symmetry = START, 0
    if played:
        key = key_of(played[0], game.size)
        symmetry = [str(turn(played[0], game.size, s)) for s in SYMMETRIES].index(key)
    line = entries(game.size).get(key)
    if line is None:
        return None
    settings = level_settings(level)  # an unknown level is an error, as in the search
    pairs = answers_of(line, LEVELS.index(level))
    scores = [score for score, _ in pairs]
    pick = choose(settings, scores, draw, pie=not played, can_swap=game.can_swap())
    if pick == SWAP_CHOICE:
        return Move.SWAP
    return turn(Move.parse(pairs[pick][1]), game.size, symmetry)
