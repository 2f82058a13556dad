"""The computer player, in a PyScript worker so the page stays responsive while it thinks.

Only plain strings and numbers cross to the page; this file never touches the DOM.
"""

from zola.ai import best_move
from zola.record import decode


def choose_move(fragment: str, level: str, seed: int) -> str:
    """The computer's move, as move text, for the game of a link ``fragment``."""
    return str(best_move(decode(fragment), level, seed=seed))


__export__ = ["choose_move"]
