"""Perft speed of ``zola`` against a plain baseline, on CPython.

The baseline is the straightforward fast design: a flat list board,
precomputed neighbour lists and rays, make/unmake in place, and leaves
counted at depth 1 without making the moves. Run from the repo root:

    python3 bench/perft_speed.py
"""

from __future__ import annotations

import time

from zola import Position, perft

EMPTY, RED, BLUE = 0, 1, 2


class Baseline:
    """The plain perft: list board, precomputed rays, make/unmake, bulk count at depth 1."""

    def __init__(self, size: int) -> None:
        n = self.n = size
        self.dist = [
            (2 * (i % n) - (n - 1)) ** 2 + (2 * (i // n) - (n - 1)) ** 2 for i in range(n * n)
        ]
        self.board = [RED if (i % n + i // n) % 2 == 0 else BLUE for i in range(n * n)]
        self.outward: list[list[int]] = []
        self.rays: list[list[list[int]]] = []
        for i in range(n * n):
            f, r = i % n, i // n
            out, rays = [], []
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if df == dr == 0:
                        continue
                    ray, tf, tr = [], f + df, r + dr
                    while 0 <= tf < n and 0 <= tr < n:
                        ray.append(tr * n + tf)
                        tf, tr = tf + df, tr + dr
                    if ray:
                        rays.append(ray)
                        if self.dist[ray[0]] > self.dist[i]:
                            out.append(ray[0])
            self.outward.append(out)
            self.rays.append(rays)

    def moves(self, us: int) -> list[tuple[int, int, int]]:
        board, dist, them = self.board, self.dist, 3 - us
        moves = []
        for i, piece in enumerate(board):
            if piece != us:
                continue
            for t in self.outward[i]:
                if board[t] == EMPTY:
                    moves.append((i, t, EMPTY))
            for ray in self.rays[i]:
                for t in ray:
                    if board[t] != EMPTY:
                        if board[t] == them and dist[t] <= dist[i]:
                            moves.append((i, t, them))
                        break
        return moves

    def perft(self, us: int, depth: int) -> int:
        if us not in self.board or 3 - us not in self.board:
            return 0
        moves = self.moves(us)
        if not moves:
            return 1 if depth == 1 else self.perft(3 - us, depth - 1)
        if depth == 1:
            return len(moves)
        board, total = self.board, 0
        for a, b, captured in moves:
            board[b], board[a] = us, EMPTY
            total += self.perft(3 - us, depth - 1)
            board[a], board[b] = us, captured
        return total


def timed(run, *args) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = run(*args)
    return nodes, time.perf_counter() - start


def main() -> None:
    print(f"{'perft':<12}{'nodes':>10}{'baseline':>12}{'zola':>12}{'speed-up':>10}")
    for size, depth in ((6, 4), (8, 3)):
        base_nodes, base_time = timed(Baseline(size).perft, RED, depth)
        nodes, zola_time = timed(perft, Position.start(size), depth)
        assert nodes == base_nodes, (nodes, base_nodes)
        print(
            f"{size}x{size} d{depth:<7}{nodes:>10,}"
            f"{nodes / base_time / 1e6:>9.2f} M/s{nodes / zola_time / 1e6:>9.2f} M/s"
            f"{base_time / zola_time:>9.1f}x"
        )


if __name__ == "__main__":
    main()
