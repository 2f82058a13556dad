"""A deliberately simple, independent move generator to check the fast one against.

It reads the position text itself, walks coordinates square by square and
returns move texts, sharing no code with ``zola``.
"""

from __future__ import annotations

FILES = "abcdefghij"
DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def parse(text: str) -> tuple[int, dict[tuple[int, int], str], str]:
    """Board size, ``{(file, rank): 'r' | 'b'}`` and the side to move."""
    board_text, side = text.split()
    rows = board_text.split("/")
    size = len(rows)
    board = {}
    for i, row in enumerate(rows):
        rank, file, number = size - 1 - i, 0, ""
        for char in row + ".":
            if char.isdigit():
                number += char
                continue
            file += int(number or 0)
            number = ""
            if char in "rb":
                board[(file, rank)] = char
                file += 1
    return size, board, side


def text(size: int, board: dict[tuple[int, int], str], side: str) -> str:
    """The position text of a board as :func:`parse` returns it."""
    rows = []
    for rank in range(size - 1, -1, -1):
        row, empty = "", 0
        for file in range(size):
            if (file, rank) in board:
                row += (str(empty) if empty else "") + board[(file, rank)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side


def name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def legal_moves(text: str) -> list[str]:
    """The legal move texts of a position, sorted; ``['pass']`` or ``[]`` as the rules say."""
    size, board, side = parse(text)
    enemy = "b" if side == "r" else "r"
    if side not in board.values() or enemy not in board.values():
        return []

    def dist(f: int, r: int) -> int:
        return (2 * f - (size - 1)) ** 2 + (2 * r - (size - 1)) ** 2

    def inside(f: int, r: int) -> bool:
        return 0 <= f < size and 0 <= r < size

    moves = []
    for (f, r), owner in board.items():
        if owner != side:
            continue
        for df, dr in DIRECTIONS:
            tf, tr = f + df, r + dr
            if inside(tf, tr) and (tf, tr) not in board and dist(tf, tr) > dist(f, r):
                moves.append(name(f, r) + "-" + name(tf, tr))
            while inside(tf, tr) and (tf, tr) not in board:
                tf, tr = tf + df, tr + dr
            if inside(tf, tr) and board[(tf, tr)] == enemy and dist(tf, tr) <= dist(f, r):
                moves.append(name(f, r) + "x" + name(tf, tr))
    return sorted(moves) or ["pass"]
