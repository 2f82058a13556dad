"""The search's own move generator and attack maps, on bitboards.

:mod:`zola.rules.position` generates the moves of the rules; the search
(:mod:`zola.engine.ai`) generates its own here, faster in its loops: a move is an int
``from << 7 | to``, a side is a bitboard, and the shifts of the directions are
split by sign into ``<<`` and ``>>`` lists, so no shift tests its sign.
CPython and Pyodide only (the page's MicroPython never searches).

>>> from zola.rules.geometry import geometry, square_name
>>> from zola.rules.position import Position
>>> own, enemy = Position.parse("6/6/2rb2/6/6/6 r").boards
>>> moves = MoveGenerator(MoveTables(geometry(6)))
>>> [square_name(m >> 7) + "x" + square_name(m & 127) for m in moves.captures(own, enemy)]
['c4xd4']
>>> sorted(square_name(m & 127) for m in moves.steps(own, enemy))
['b3', 'b4', 'b5', 'c5', 'd5']
>>> ours, theirs = moves.threats(own, enemy)   # each side could take the other
>>> ours == enemy and theirs == own
True
"""

from zola.rules.geometry import DIRECTIONS, STRIDE, Bitboard, Geometry, square


class MoveTables:
    """Per-size tables of the move generator: shifts split by sign, capture lines.

    - ``steps_up``, ``steps_down``: ``(shift, origins)`` of the steps towards
      higher and lower squares (:attr:`~zola.rules.geometry.Geometry.steps`, the
      shift made positive).
    - ``caps_up``, ``caps_down``: ``(shift, targets)`` of the captures, likewise.
    - ``lines[t]``: per direction, the squares outward from ``t`` as (bit,
      capture from there onto ``t``, whether the distance rule allows it).
    - ``capture_rank[m]``: the static order of capture ``m``, the farther out
      the capturer lands the higher (the safer).
    """

    def __init__(self, geo: Geometry) -> None:
        self.mask = geo.mask
        self.steps_up = [(by, o) for by, o in geo.steps if by > 0]
        self.steps_down = [(-by, o) for by, o in geo.steps if by < 0]
        self.caps_up = [(by, t) for by, t in geo.captures if by > 0]
        self.caps_down = [(-by, t) for by, t in geo.captures if by < 0]
        self.lines: list[list[list[tuple[Bitboard, int, bool]]]] = [[] for _ in range(128)]
        for t in geo.squares:
            for df, dr in DIRECTIONS:
                ray = []
                f, r = t % STRIDE + df, t // STRIDE + dr
                while geo.on_board(f, r):
                    u = square(f, r)
                    ray.append((1 << u, u << 7 | t, geo.dist[u] >= geo.dist[t]))
                    f, r = f + df, r + dr
                if ray:
                    self.lines[t].append(ray)
        self.capture_rank = [0] * (128 * 128)
        for a in geo.squares:
            for b in geo.squares:
                self.capture_rank[a << 7 | b] = geo.classes[b]
        # The attack maps slide both sides at once: the enemy's checkers ``lane`` bits
        # above one's own, far enough that no shift carries a bit from one lane into the
        # other before the mask that follows it.
        self.lane = lane = geo.mask.bit_length() + 2 * STRIDE
        self.low_lane = (1 << lane) - 1
        self.caps_up2 = [(by, [t | t << lane for t in ts]) for by, ts in self.caps_up]
        self.caps_down2 = [(by, [t | t << lane for t in ts]) for by, ts in self.caps_down]


class MoveGenerator:
    """Moves and attack maps of one board size, on the tables ``t``.

    The search (:class:`zola.engine.ai._Searcher`) is a subclass, so that its loops
    call these as methods of itself.
    """

    def __init__(self, t: MoveTables) -> None:
        self.t = t
        self.mask = t.mask

    def captures(self, own: Bitboard, enemy: Bitboard) -> list[int]:
        """Captures as ints ``from << 7 | to``."""
        empty = self.mask & ~(own | enemy)
        out: list[int] = []
        # Two loops, one per shift sign, alike on purpose: a shift whose direction is
        # chosen inside the loop would add a test to every step of the hottest loop.
        for by, targets in self.t.caps_up:
            ray = own
            d = 0
            for reach in targets:
                d += by
                ray = (ray << by) & reach
                if not ray:
                    break
                hits = ray & enemy
                while hits:
                    low = hits & -hits
                    to = low.bit_length() - 1
                    out.append((to - d) << 7 | to)
                    hits ^= low
                ray &= empty
        for by, targets in self.t.caps_down:
            ray = own
            d = 0
            for reach in targets:
                d += by
                ray = (ray >> by) & reach
                if not ray:
                    break
                hits = ray & enemy
                while hits:
                    low = hits & -hits
                    to = low.bit_length() - 1
                    out.append((to + d) << 7 | to)
                    hits ^= low
                ray &= empty
        return out

    def captures_onto(self, targets: Bitboard, own: Bitboard, occupied: Bitboard) -> list[int]:
        """The captures by ``own`` of the checkers on ``targets``."""
        out: list[int] = []
        lines = self.t.lines
        while targets:
            low = targets & -targets
            targets ^= low
            for ray in lines[low.bit_length() - 1]:
                for bit, move, allowed in ray:
                    if occupied & bit:
                        if allowed and own & bit:
                            out.append(move)
                        break
        return out

    def steps(self, own: Bitboard, enemy: Bitboard) -> list[int]:
        """Steps as ints ``from << 7 | to``."""
        empty = self.mask & ~(own | enemy)
        out: list[int] = []
        for by, origins in self.t.steps_up:
            to_set = ((own & origins) << by) & empty
            while to_set:
                low = to_set & -to_set
                to = low.bit_length() - 1
                out.append((to - by) << 7 | to)
                to_set ^= low
        for by, origins in self.t.steps_down:
            to_set = ((own & origins) >> by) & empty
            while to_set:
                low = to_set & -to_set
                to = low.bit_length() - 1
                out.append((to + by) << 7 | to)
                to_set ^= low
        return out

    def threats(self, own: Bitboard, enemy: Bitboard) -> tuple[Bitboard, Bitboard]:
        """The occupied squares each side could capture if they held enemies.

        ``ours & enemy`` are the enemy checkers we attack, ``ours & own`` our
        checkers that could recapture if taken; likewise ``theirs``. Both sides'
        rays slide together, the enemy's in the high lane (:attr:`MoveTables.lane`).
        """
        t = self.t
        lane = t.lane
        occupied = own | enemy
        empty = self.mask ^ occupied
        empty |= empty << lane
        both = own | enemy << lane
        hit = 0
        for by, targets in t.caps_up2:
            a = both
            for reach in targets:
                a = (a << by) & reach
                hit |= a
                a &= empty
                if not a:
                    break
        for by, targets in t.caps_down2:
            a = both
            for reach in targets:
                a = (a >> by) & reach
                hit |= a
                a &= empty
                if not a:
                    break
        return hit & t.low_lane & occupied, hit >> lane & occupied
