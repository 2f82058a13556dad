"""Learn from your mistakes: after a review, each of the reader's mistakes (``?``) and
blunders (``??``) as an exercise, as lichess has it: the board shows the position before
it, and the reader looks for a better move.

A move is found when its mover's win chance is within the review's own margin of the
best one: it would be marked good, not an inaccuracy (it loses less than
:data:`~zola.engine.judgement.INACCURACY_LOSS` points). The review kept what that needs:
the better move (found at once), the move played (wrong at once) and the chance with the
best move (Red's chance in the position before the mistake). Any other move is weighed
by the computer: :attr:`Correction.wanted` is the record of the position after it, to
analyse, and :meth:`Correction.weigh` takes the analysis.

The game itself is never changed: each exercise is a game of its own, from the position
before the mistake; :class:`Lesson` keeps the game aside and gives it back at the end,
where it was. Against the computer the mistakes are the person's; between two people (or
two computers) both players'. The pie rule's decisions (the first move, Blue's first
turn) are left out: they are judged by another measure.

>>> from zola.page.board import Board
>>> from zola.rules.link import parse
>>> game, _ = parse(GAME)
>>> [(m.ply, str(m.played), str(m.better)) for m in mistakes(game, (False, True))]
[(4, 'c2xc3', 'f3xf4'), (6, 'd5-c6', 'f3xf4')]
>>> board = Board(game)
>>> lesson = Lesson(mistakes(game, (False, True)), board)
>>> str(board.game.position), say("en", lesson.correction.words)
('br1rbr/1rrb1b/brbrbr/rbrbrb/brbrbr/rbrbrb b', 'Find a better move for Blue.')
>>> lesson.correction.play("c2", "c3"); say("en", lesson.correction.words)
'c2xc3 is the move played in the game: it loses 15%. Try again.'
>>> lesson.correction.retry(); lesson.correction.play("f3", "f4"); lesson.correction.state
'solved'
>>> lesson.end(); board.game is game
True
"""

from collections import namedtuple

from zola.engine.judgement import INACCURACY_LOSS, red_percent
from zola.lang.i18n import Text, say
from zola.page.screen import LessonScreen
from zola.page.training import Exercise
from zola.rules.game import Game
from zola.rules.move import Move
from zola.rules.record import encode
from zola.rules.review import BLUNDER, MISTAKE
from zola.rules.sides import BLUE, COLOR_WORDS, FIRST, RED, SECOND

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    from zola.engine.judgement import Analysis
    from zola.page.board import Board
    from zola.rules.position import Position

    class _Mistake(NamedTuple):
        ply: int
        start: Position
        played: Move
        better: Move
        best: int
        loss: int

else:
    _Mistake = namedtuple("Mistake", ("ply", "start", "played", "better", "best", "loss"))

# A reviewed game of 6x6 with mistakes of both players (the doctests' and the tests').
GAME = (
    "v2;size=6;moves=e5xd5.swap.c6xd5.a5xb5.c2xc3.b2xc3.d5-c6.b5-a5.f5xf4.a3xb3.e2xd2.c3xd3;"
    "review=62_53.4_53_64.8?!f3xf4_50.12?c1xd1_65.15?f3xf4_47.14?a3xa4_68.21??f3xf4"
    "_59.15?a3xa4_64.8?!f3xf4_56.8?!d6xc6_67.6?!f4xd6_53.13?d6xc6"
)


class Mistake(_Mistake):
    """A mistake of a reviewed game: its ``ply``, the position before it (``start``), the
    move ``played``, the review's ``better`` move, the mover's win chance with the best move
    (``best``, percent) and the chance the move lost (``loss``, points)."""

    __slots__ = ()

    @property
    def mover(self) -> int:
        """The colour that made the mistake."""
        return self.start.turn


def readers(computer: "tuple[bool, bool]") -> "tuple[int, ...]":
    """The players whose mistakes the reader learns from: the person's against the
    computer (``computer``: whether it plays the first player and the second), else both.

    >>> readers((False, True)), readers((False, False))
    ((0,), (0, 1))
    """
    if computer[FIRST] != computer[SECOND]:
        return (SECOND,) if computer[FIRST] else (FIRST,)
    return (FIRST, SECOND)


def mistakes(game: Game, computer: "tuple[bool, bool]") -> list[Mistake]:
    """The mistakes and blunders of ``game``'s review made by the reader (see
    :func:`readers`), in the order played; none when the game has no review."""
    review = game.current_review()
    if review is None:
        return []
    players = readers(computer)
    line = Game(game.size, game.start)
    found = []
    for ply, (move, entry) in enumerate(zip(game.main_moves(), review.moves)):  # noqa: B905
        options = line.legal_moves()
        pie = (ply == 0 and line.from_standard_start) or Move.SWAP in options
        ours = entry.mark in (MISTAKE, BLUNDER) and line.player_to_move() in players
        if ours and not pie and entry.better in options:  # (a link's review may name any)
            red = review.start if ply == 0 else review.moves[ply - 1].red
            best = red if line.turn == RED else 100 - red
            start = line.position.copy()
            found.append(Mistake(ply, start, move, entry.better, best, entry.loss))
        line.play(move)
    return found


class Correction(Exercise):
    """One mistake on ``board``, as an exercise of its own: ``state`` is ``solving``,
    ``checking`` (the computer weighs the move tried: :attr:`wanted`), ``wrong`` (a move
    that loses too much, on the board until Try again), ``solved`` (a good move found) or
    ``shown`` (the best move played). Its words (:attr:`words`) go to the lesson's panel."""

    def __init__(self, mistake: Mistake, board: "Board") -> None:
        super().__init__(board)
        self.mistake = mistake
        self.wanted = ""  # the record of the position for the computer to weigh
        self.words: Text | str = ""
        board.reset(Game(mistake.start.size, mistake.start.copy()))
        board.view = board.view.replace(flip=mistake.mover == BLUE)
        self.tell(self.task())

    def task(self) -> Text:
        return Text("lesson.task", color=COLOR_WORDS[self.mistake.mover])

    def tell(self, text: Text | str) -> None:
        """Say ``text`` in the lesson's panel (the board's own notice line clears)."""
        self.words = text
        self.board.notice = ""

    def waiting(self) -> Text:
        if self.state == "checking":
            return Text("lesson.checking", move=str(self.board.game.moves[self.index]))
        if self.state == "wrong":
            return Text("puzzle.press_retry")
        return Text("lesson.over")

    def _judge(self, move: Move) -> None:
        mistake, game = self.mistake, self.board.game
        if move == mistake.better:
            self._found(Text("lesson.best", move=str(move)))
        elif game.is_game_over() and game.winner() == mistake.mover:
            self._found(Text("lesson.wins", move=str(move)))
        elif move == mistake.played:
            self._wrong(Text("lesson.played", move=str(move), loss=mistake.loss))
        else:
            self.state = "checking"
            self.wanted = encode(game)
            self.tell(Text("lesson.checking", move=str(move)))

    def weigh(self, analysis: "Analysis") -> None:
        """The computer's analysis of the position after the move tried (:attr:`wanted`)."""
        if self.state != "checking":
            return
        self.wanted = ""
        game, mistake = self.board.game, self.mistake
        move = str(game.moves[self.index])
        red = red_percent(analysis.score, game.turn == RED)
        loss = max(0, mistake.best - (red if mistake.mover == RED else 100 - red))
        if loss < INACCURACY_LOSS:
            self._found(Text("lesson.found", move=move, better=str(mistake.better)))
        else:
            self._wrong(Text("lesson.wrong", move=move, loss=loss))

    def unweighed(self) -> None:
        """The computer could not weigh the move tried: it is taken back."""
        if self.state == "checking":
            move = str(self.board.game.moves[self.index])
            self.wanted = ""
            self.state = "wrong"
            self.retry()
            self.tell(Text("lesson.unchecked", move=move))

    def _found(self, text: Text) -> None:
        self.state = "solved"
        self.tell(text)

    def _wrong(self, text: Text) -> None:
        self.state = "wrong"
        self.tell(text)

    def show(self) -> None:
        """Play the best move (a move tried is taken back first)."""
        if self.state == "checking":
            self.wanted = ""
            self.state = "wrong"
        self.retry()
        if self.state != "solving":
            return
        better = self.mistake.better
        self.board.play(better)
        self.state = "shown"
        self.tell(Text("lesson.shown", move=str(better)))

    def can(self, name: str) -> bool:
        """Whether ``retry`` or ``show`` does something now."""
        if name == "retry":
            return self.state == "wrong"
        return self.state in ("solving", "checking", "wrong")


class Lesson:
    """The exercises of ``found`` (at least one :class:`Mistake`) on ``board``, one at a
    time (:attr:`correction`); the game, its view and opponent are kept aside until
    :meth:`end` gives them back."""

    def __init__(self, found: list[Mistake], board: "Board") -> None:
        self.found = found
        self.board = board
        self.game, self.view, self.mode = board.game, board.view, board.mode
        self.fragment = board.fragment()  # the game's link, while the lesson is on
        self.asked = ""  # the record last handed to the computer to weigh
        self.number = 0
        board.mode = "humans"  # the computer plays no move in an exercise
        self.correction = Correction(found[0], board)

    def next(self) -> None:
        """On to the next mistake (after the last, nothing)."""
        if self.number + 1 < len(self.found):
            self.number += 1
            self.correction = Correction(self.found[self.number], self.board)

    def end(self) -> None:
        """Back to the game, where it was."""
        board = self.board
        board.reset(self.game)
        board.view, board.mode = self.view, self.mode

    def screen(self, language: str) -> LessonScreen:
        """What the lesson's panel shows, in ``language``."""
        correction = self.correction
        mistake = correction.mistake
        count = len(self.found)
        heading = say(language, "lesson.heading", number=self.number + 1, count=count)
        color = COLOR_WORDS[mistake.mover]
        number = mistake.ply + 1
        played = Text(
            "lesson.context", number=number, color=color, move=str(mistake.played),
            loss=mistake.loss,
        )
        words = say(language, correction.words)
        last = self.number + 1 == count
        if last and correction.state in ("solved", "shown"):
            words += " " + say(language, "lesson.last")
        return LessonScreen(
            heading,
            say(language, played),
            words,
            correction.state,
            correction.can("retry"),
            correction.can("show"),
            not last,
        )
