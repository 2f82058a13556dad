"""The puzzle solver: exhaustive AND/OR search on bitboards that proves a puzzle
(the format is :mod:`zola.puzzles.sets`'s), CPython only.

It uses sound bounds only: a move captures at most one checker, so a side with more
enemies than moves left cannot win, and with as many enemies as moves left it must
capture at every move.

>>> puzzle = solve(Position.parse("6/6/2rb2/6/6/6 r"), 2)
>>> puzzle.line, puzzle.moves
(('c4xd4',), 1)
>>> from zola.puzzles.sets import parse
>>> parse(puzzle.text()) == puzzle
True
>>> winning_moves(Position.parse("6/6/r5/6/6/r4b b"), 2)
['f1xa1']

A puzzle of a set also keeps the rules the miner mines by (:func:`broken_rule`), and
:func:`unproven` re-proves a puzzle's claims within a budget of nodes.
"""

from zola.compat import popcount
from zola.puzzles.sets import PUZZLE_SIZES, Puzzle, puzzle_id, puzzle_size
from zola.rules.geometry import Bitboard, geometry
from zola.rules.move import CAPTURE, PASS, Move
from zola.rules.position import Position, generate_moves

MIN_MOVES = 2  # a puzzle's N: one move (take the last checker) is too easy ...
MAX_MOVES = 8  # ... and the miner looks no further (zola puzzles mine --max-moves)
RATINGS = (600, 2600)  # the range of :func:`rate`, on lichess's scale
BUDGET = 100_000  # nodes the proof of one puzzle may search (zola puzzles check --budget)


class SearchLimit(Exception):
    """The solver used up its node budget: nothing was proven either way."""


class Solver:
    """Exact proof search on one board size: does the side to move win within ``n``?

    A side is a bitboard; ``(own, enemy)`` means ``own`` is to move (the rules are the
    same for both colours after the pie rule). The table keeps, per such pair, the
    largest ``n`` known to fail and the smallest known to win. ``node_limit`` bounds
    the positions searched: past it, :class:`SearchLimit` is raised. The table gains
    an entry only for a position it then searches, so it never holds more than
    ``node_limit + 1``.
    """

    def __init__(self, size: int, node_limit: "int | None" = None) -> None:
        self.geo = geometry(size)
        self.table: dict[tuple[Bitboard, Bitboard], list[int]] = {}
        self.nodes = 0
        self.node_limit = node_limit

    def wins(self, own: Bitboard, enemy: Bitboard, n: int) -> bool:
        """Whether ``own``, to move, captures all of ``enemy`` within ``n`` own moves."""
        if not own or n <= 0:
            return False
        count = popcount(enemy)
        if count > n:  # a move captures at most one checker
            return False
        key = (own, enemy)
        entry = self.table.get(key)
        if entry is None:
            entry = self.table[key] = [count - 1, 1 << 30]
        if n <= entry[0]:
            return False
        if n >= entry[1]:
            return True
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit
        won = False
        for move in self.ordered(own, enemy, count == n):
            if self.move_wins(own, enemy, move, n):
                won = True
                break
        if won:
            entry[1] = n
        else:
            entry[0] = n
        return won

    def ordered(self, own: Bitboard, enemy: Bitboard, captures_only: bool) -> list[Move]:
        """The legal moves of ``own`` (a forced pass too), captures first; only the
        captures when ``captures_only``."""
        moves = generate_moves(self.geo, own, enemy)
        if not moves:
            return [Move.PASS]
        captures = [move for move in moves if move[2] == CAPTURE]
        if captures_only:
            return captures
        return captures + [move for move in moves if move[2] != CAPTURE]

    def move_wins(self, own: Bitboard, enemy: Bitboard, move: Move, n: int) -> bool:
        """Whether ``move`` by ``own`` wins within ``n`` own moves, itself included."""
        own, enemy = _after(own, enemy, move)
        if not enemy:
            return True
        if n <= 1:
            return False
        return self.refutation(enemy, own, n - 1) is None

    def refutation(self, defender: Bitboard, attacker: Bitboard, n: int) -> "Move | None":
        """A reply of ``defender`` (to move) after which ``attacker`` does not win within
        ``n`` moves, or ``None`` when every reply loses."""
        for reply in self.ordered(defender, attacker, False):
            defender_after, attacker_after = _after(defender, attacker, reply)
            if not self.wins(attacker_after, defender_after, n):
                return reply
        return None

    def fastest(self, own: Bitboard, enemy: Bitboard, n: int) -> int:
        """The fewest moves within which ``own`` wins, or ``n + 1`` if not within ``n``."""
        for k in range(1, n + 1):
            if self.wins(own, enemy, k):
                return k
        return n + 1


def _after(own: Bitboard, enemy: Bitboard, move: Move) -> tuple[Bitboard, Bitboard]:
    """``(own, enemy)`` after ``own`` plays ``move``."""
    if move[2] == PASS:
        return own, enemy
    to = 1 << move[1]
    return own ^ (1 << move[0]) ^ to, enemy & ~to


def _sides(position: Position) -> tuple[Bitboard, Bitboard]:
    return position.boards[position.turn], position.boards[position.turn ^ 1]


def wins_within(position: Position, n: int) -> bool:
    """Whether the side to move captures every enemy checker within ``n`` of its own
    moves, whatever the defence.

    >>> wins_within(Position.parse("6/6/2rb2/6/6/6 r"), 1)
    True
    >>> wins_within(Position.parse("6/6/2rb2/2b3/6/6 r"), 1)
    False
    """
    own, enemy = _sides(position)
    return bool(enemy) and Solver(position.size).wins(own, enemy, n)


def winning_moves(position: Position, n: int, solver: "Solver | None" = None) -> list[str]:
    """Every first move (as text, sorted) that wins within ``n`` moves."""
    solver = solver or Solver(position.size)
    own, enemy = _sides(position)
    if not own or not enemy:
        return []
    moves = solver.ordered(own, enemy, False)
    return sorted(str(move) for move in moves if solver.move_wins(own, enemy, move, n))


def solve(position: Position, n: int, node_limit: "int | None" = None) -> "Puzzle | None":
    """The puzzle of ``position`` if the side to move wins within ``n`` moves and the
    solution is unique as the module describes, else ``None``. ``N`` is the fewest
    moves that win. ``None`` too when the first move would be a forced pass, or when
    the search passes ``node_limit`` positions.

    >>> solve(Position.parse("6/6/1r1r2/2b3/6/6 r"), 2) is None  # two ways to win
    True
    """
    if position.is_game_over():
        return None
    solver = Solver(position.size, node_limit)
    own, enemy = _sides(position)
    try:
        moves = solver.fastest(own, enemy, n)
        if moves > n or not generate_moves(position.geo, own, enemy):
            return None
        built = _turns(solver, own, enemy, moves, True)
    except SearchLimit:
        return None
    if built is None:
        return None
    line, refutations = built
    text = str(position)
    puzzle = Puzzle(puzzle_id(text), text, tuple(line), tuple(refutations), moves, 0)
    return puzzle._replace(rating=rate(position, puzzle))


def _turns(
    solver: Solver, own: Bitboard, enemy: Bitboard, left: int, first: bool
) -> "tuple[list[str], list[dict[str, str]]] | None":
    """The main line and refutations from a solver turn with ``left`` moves, the fewest
    that win; ``None`` if the solution is not unique."""
    moves = solver.ordered(own, enemy, False)
    winners = [move for move in moves if solver.move_wins(own, enemy, move, left)]
    winners.sort(key=str)
    if len(winners) != 1 and (first or left > 1):
        return None
    refutations = {}
    for move in moves:
        if move not in winners:
            refutations[str(move)] = str(_best_refutation(solver, own, enemy, move, left))
    move = winners[0]
    own, enemy = _after(own, enemy, move)
    if not enemy:
        return [str(move)], [refutations]
    # The longest defences keep the solver at ``left - 1`` moves (``left`` is the fewest).
    replies = sorted(solver.ordered(enemy, own, False), key=str)
    for reply in replies:
        defender, attacker = _after(enemy, own, reply)
        if solver.wins(attacker, defender, left - 2):
            continue
        rest = _turns(solver, attacker, defender, left - 1, False)
        if rest is not None:
            return [str(move), str(reply)] + rest[0], [refutations] + rest[1]
    return None


def _best_refutation(solver: Solver, own: Bitboard, enemy: Bitboard, move: Move, left: int) -> Move:
    """The most convincing reply to the failing ``move``: the solver cannot win within
    ``left - 1`` after it, better not within ``left`` either; then captures first."""
    attacker, defender = _after(own, enemy, move)
    best, best_key = Move.PASS, (9, 9, "")
    for reply in solver.ordered(defender, attacker, False):
        defender_after, attacker_after = _after(defender, attacker, reply)
        if solver.wins(attacker_after, defender_after, left - 1):
            continue
        longer = solver.wins(attacker_after, defender_after, left)
        key = (int(longer), int(reply[2] != CAPTURE), str(reply))
        if key < best_key:
            best, best_key = reply, key
    return best


def rate(position: Position, puzzle: Puzzle) -> int:
    """A rating on lichess's scale (600 to 2600) from the solution's length and how
    tempting the wrong tries are.

    300 a solver move; + 150 when the first move is a step, not a capture; + 50 for
    each capture that does not win (at most 4); + 80 for each search depth (plies)
    beyond the first that the computer's search needs to settle on the winning
    move, + 150 more if the Casual level's depth (3) does not find it.
    """
    from zola.engine.ai import Deepening  # CPython only: the page never rates

    first = Move.parse(puzzle.line[0])
    captures = [key for key in puzzle.refutations[0] if "x" in key]
    rating = 300 * puzzle.moves + 50 * min(4, len(captures))
    if first.kind != CAPTURE and first != Move.PASS:
        rating += 150
    deepening = Deepening(position, seed=0, exact=1, stop_single=False)
    settled = 1
    for depth in range(1, 2 * puzzle.moves + 2):
        deepening.run(None, 20_000, depth)
        if deepening.depth < depth:
            break
        if deepening.move(deepening.completed[0][1]) != first:
            settled = depth + 1
    rating += 80 * (settled - 1) + (150 if settled > 3 else 0)
    return max(RATINGS[0], min(RATINGS[1], rating))


def broken_rule(puzzle: Puzzle) -> "str | None":
    """The rule of a puzzle set that ``puzzle`` breaks, said plainly, or ``None``: a 6x6,
    8x8 or 10x10 board, ``N`` from :data:`MIN_MOVES` to :data:`MAX_MOVES`, a rating in
    :data:`RATINGS`, and a first move that is not the only legal one. The miner keeps
    only puzzles that break none, and ``zola puzzles check`` refuses the others.

    >>> from zola.puzzles.sets import parse
    >>> broken_rule(parse("6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"))
    'the first move, f1xa1, is the only legal move'
    """
    size = puzzle_size(puzzle.id)
    if size not in PUZZLE_SIZES:
        *most, last = (f"{n}x{n}" for n in PUZZLE_SIZES)
        return f"puzzles are {', '.join(most)} or {last}, not {size}x{size}"
    if not MIN_MOVES <= puzzle.moves <= MAX_MOVES:
        return f"N is {puzzle.moves}, but a puzzle takes {MIN_MOVES} to {MAX_MOVES} moves"
    if not RATINGS[0] <= puzzle.rating <= RATINGS[1]:
        return f"the rating {puzzle.rating} is outside {RATINGS[0]} to {RATINGS[1]}"
    if len(Position.parse(puzzle.position).legal_moves()) == 1:
        return f"the first move, {puzzle.line[0]}, is the only legal move"
    return None


def unproven(puzzle: Puzzle, solver: "Solver | None" = None) -> "str | None":
    """What the solver finds wrong with the puzzle's claims, said plainly, or ``None``
    when it proves them all: ``N`` is the fewest moves that win, the first move is the
    only winner, each later solver move of the line the only one that wins in time (at
    the last move: it captures the last checker), each defence of the line is a longest
    one, and the refutations are every losing try, each answered by a legal reply that
    refutes it. ``solver`` searches (default: a new one with a budget of
    :data:`BUDGET` nodes); past its budget the puzzle is not proven.

    >>> from zola.puzzles.sets import parse
    >>> puzzle = parse("6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|")
    >>> unproven(puzzle) is None
    True
    >>> unproven(puzzle._replace(refutations=({"f1-f2": "a4-a5"}, {})))
    'the refutations of move 1 list f1-f2, not a losing try'
    >>> unproven(puzzle, Solver(6, node_limit=1))
    'not proven within the budget of 1 node'
    """
    position = Position.parse(puzzle.position)
    if solver is None:
        solver = Solver(position.size, BUDGET)
    try:
        return _unproven(puzzle, position, solver)
    except SearchLimit:
        return f"not proven within the budget of {_count(solver.node_limit or 0, 'node')}"


def _unproven(puzzle: Puzzle, position: Position, solver: Solver) -> "str | None":
    """:func:`unproven`'s search; raises :class:`SearchLimit` past the solver's budget."""
    own, enemy = _sides(position)
    left = puzzle.moves
    if not solver.wins(own, enemy, left):
        return f"the side to move does not win within {_count(left, 'move')}"
    if solver.wins(own, enemy, left - 1):
        return f"N is not the fewest: the side to move wins within {_count(left - 1, 'move')}"
    for turn, refutations in enumerate(puzzle.refutations):
        number = 2 * turn + 1  # the move's number in the line
        move = puzzle.line[number - 1]
        moves = solver.ordered(own, enemy, False)
        winners = sorted(str(m) for m in moves if solver.move_wins(own, enemy, m, left))
        said = f"move {number} of the line, {move},"
        if move not in winners:
            return f"{said} does not win within {_count(left, 'move')}"
        if len(winners) > 1 and (turn == 0 or left > 1):
            others = ", ".join(other for other in winners if other != move)
            within = _count(left, "move")
            return f"{said} is not the only move that wins within {within}: {others} too"
        losing = {str(m) for m in moves} - set(winners)
        missing, extra = sorted(losing - set(refutations)), sorted(set(refutations) - losing)
        if missing:
            return f"the refutations of move {number} lack the losing tries {', '.join(missing)}"
        if extra:
            return f"the refutations of move {number} list {', '.join(extra)}, not a losing try"
        for tried, reply in sorted(refutations.items()):
            attacker, defender = _after(own, enemy, Move.parse(tried))
            if Move.parse(reply) not in solver.ordered(defender, attacker, False):
                return f"the refutation {tried}>{reply}: {reply} is not a legal reply"
            defender, attacker = _after(defender, attacker, Move.parse(reply))
            if solver.wins(attacker, defender, left - 1):
                return (
                    f"the refutation {tried}>{reply} does not refute: the solver still "
                    f"wins within {_count(left - 1, 'move')}"
                )
        own, enemy = _after(own, enemy, Move.parse(move))
        if left > 1:  # the defender replies (a legal move: the reader checks the line)
            reply = puzzle.line[number]
            enemy, own = _after(enemy, own, Move.parse(reply))
            left -= 1
            if solver.wins(own, enemy, left - 1):
                return (
                    f"move {number + 1} of the line, {reply}, is not a longest defence: "
                    f"the solver then wins within {_count(left - 1, 'move')}"
                )
    return None


def _count(number: int, noun: str) -> str:
    """``'1 move'``, ``'3 moves'``, with thousands separated: ``'100,000 nodes'``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
