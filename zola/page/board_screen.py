"""What one board shows, computed once from its :class:`~zola.page.board.Board`: the
fields that the play page's :class:`~zola.page.screen.Screen` and a live board's
:class:`~zola.page.live.LiveScreen` both begin with (:data:`zola.page.screen.BOARD_FIELDS`).
A feature a board shows is added here, once, and each renderer draws it.

>>> from zola.page.board import Board
>>> board = Board()
>>> board.click("c3"); board.click("d3")
>>> shown = board_fields(board, motion=None, announce=board.announce())
>>> shown["status"], shown["pie"], shown["announce"], shown["can_back"]
('Blue to move.', True, 'Red played c3xd3.', True)
"""

from zola.page.board import Board

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.screen import BoardFields, Motion
    from zola.rules.move import Move


def board_fields(
    board: Board,
    *,
    motion: "Motion | None",
    announce: str,
    arrows: "list[Move] | tuple[Move, ...]" = (),
    replies: "list[Move] | tuple[Move, ...]" = (),
    marks: "dict[int, tuple[str, str, str]] | None" = None,
    moves: bool = True,
) -> "BoardFields":
    """What ``board`` shows now, by field name: ``motion`` and ``announce`` are those of
    the moves just played (handed out once: see :meth:`zola.page.board.Board.motion` and
    :meth:`~zola.page.board.Board.announce`), ``arrows`` more arrows to draw (a best
    line) and ``replies`` the answers to them, ``marks`` a review's marks on the move
    list, ``moves`` whether the move list is shown."""
    game = board.game
    return {
        "board": board.svg(arrows, replies),
        "motion": motion,
        "status": board.say(board.status()),
        "turn": board.turn(),
        "message": board.say(board.notice),
        "announce": announce,
        "pie": board.offers_swap(),
        "can_back": game.ply > 0,
        "can_forward": game.ply < len(game.moves),
        "move_list": board.move_list(marks) if moves else "",
        "comment": board.comment(),
        "language": board.language,
    }
