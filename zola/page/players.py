"""The play page's two players beside the board, and the result the board shows at the end.

>>> from zola.page.board import Board
>>> board = Board(); board.mode = "computer-second"
>>> [tuple(player) for player in players(board, level="casual")]
[('blue', 'Computer · Casual', 18, False), ('red', 'You', 18, True)]
"""

from zola.compat import popcount
from zola.lang.i18n import Text
from zola.page.board import MODES
from zola.page.screen import PlayerScreen, ResultScreen
from zola.rules.sides import BLUE, COLOR_NAMES, COLOR_WORDS, RED

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board

YOU = Text("players.you")


def players(
    board: "Board",
    *,
    level: str,
    boards: "list[int] | tuple[int, int] | None" = None,
    by_colour: bool = False,
) -> tuple[PlayerScreen, PlayerScreen]:
    """The two players as the board faces them (the one at its top first): who each is
    (you, the computer and its level, or a colour), the checkers each has left (of
    ``boards``, default the game's) and whether it is their turn. ``by_colour``: name
    both by their colours (in the editor, in a puzzle)."""
    game = board.game
    boards = game.position.boards if boards is None else boards
    computer = MODES[board.mode]
    over = game.is_game_over()

    def player(color: int) -> PlayerScreen:
        name: Text = COLOR_WORDS[color]
        if not by_colour and computer != (False, False):
            plays = computer[game.player_of(color)]
            name = Text("players.computer", level=Text("level." + level)) if plays else YOU
        to_move = not over and game.turn == color
        return PlayerScreen(COLOR_NAMES[color], board.say(name), popcount(boards[color]), to_move)

    bottom = BLUE if board.facing() else RED
    return player(BLUE if bottom == RED else RED), player(bottom)


def result(board: "Board") -> ResultScreen | None:
    """What the board shows over itself when the position looked at ends the game: who
    won (you or the computer, against it) and how; ``None`` while it goes on.

    >>> from zola.page.board import Board
    >>> from zola.rules.game import Game
    >>> from zola.rules.position import Position
    >>> board = Board(); board.reset(Game(6, Position.parse("6/6/6/2rb2/6/6 r")))
    >>> _ = board.play("c3xd3"); tuple(result(board))
    ('Red wins.', 'Blue has no checkers left, after 1 move.')
    >>> board.mode = "computer-first"; result(board).title
    'The computer wins.'
    """
    game = board.game
    winner = game.winner()
    if winner is None:
        return None
    computer = MODES[board.mode]
    title = Text("result.wins", color=COLOR_WORDS[winner])
    if computer[0] != computer[1]:
        won = not computer[game.player_of(winner)]
        title = Text("result.you_win" if won else "result.computer_wins")
    loser = COLOR_WORDS[BLUE if winner == RED else RED]
    detail = Text("result.captured", color=loser, moves=Text("count.moves", count=game.ply))
    return ResultScreen(board.say(title), board.say(detail))
