"""Talking to the computer: the page's side of the worker's protocol.

The worker's protocol is :mod:`zola.engine.protocol`. The page asks one question at a
time (a :class:`Request`), and :class:`Computer` keeps what the page knows:
whether the worker has started, the question in flight, the analysis shown and
the review under way; it reads each answer and acts on the board.

>>> computer = Computer()
>>> request = computer.ask("hint", "v1;size=6", HINT_LEVEL, seed=7)
>>> request.call, request.args, computer.hand_out() is request, computer.hand_out()
('choose_move', ('v1;size=6', 'strong', 7), True, None)
"""

import random
from collections import namedtuple

from zola.compat import quoted
from zola.engine.book import book_move
from zola.engine.judgement import REVIEW_NODES, Analysis, parse_analysis
from zola.engine.levels import level_settings
from zola.engine.protocol import CALLS, Request, ReviewStep, read_review_step
from zola.lang.i18n import Text
from zola.page.insights import main_line
from zola.rules.errors import InvalidMoveError, ZolaError
from zola.rules.move import Move
from zola.rules.record import encode
from zola.rules.review import Review

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    from zola.page.board import Board
    from zola.rules.game import Game

HINT_LEVEL = "strong"  # the level that suggests moves to a person
ANALYSIS_SECONDS = 0.3  # one call of the analysis: short, so that moving on stops it at once
ANALYSIS_FIRST_SECONDS = 0.1  # the first call for a position: its evaluation shows at once
ANALYSIS_LINES = 3
JUDGE_SECONDS = 0.5  # a move tried in an exercise (zola.page.lessons), weighed once
ANALYSIS_CALLS = 60  # at most this many deepening calls for one position
WORKER_BOOT_SECONDS = 90  # the computer's worker loads its own Python first
ANSWER_MARGIN_SECONDS = 10  # beyond the level's thinking time
WATCH_PAUSE_SECONDS = 0.6  # between moves when the computer plays itself
REVIEW_SPEED = 10_000  # nodes a second of the slowest runtime: a review step's budget
_DRAW = (1 << 30) - 1  # a move's seed, as a number in [0, 1): the book's random choice


if TYPE_CHECKING:

    class _Reviewing(NamedTuple):
        record: str
        done: int
        total: int

    class _Analysed(NamedTuple):
        record: str
        analysis: Analysis
        calls: int

else:
    _Reviewing = namedtuple("Reviewing", ("record", "done", "total"))
    _Analysed = namedtuple("Analysed", ("record", "analysis", "calls"))


class Reviewing(_Reviewing):
    """A review under way: the main line's record, positions done, positions in all."""

    __slots__ = ()


class Analysed(_Analysed):
    """The latest analysis of the position of ``record``, after ``calls`` calls."""

    __slots__ = ()


class Computer:
    """What the page knows of its computer: ``engine`` is ``"off"``, ``"starting"`` or
    ``"ready"``; ``request`` the question in flight (``None``: none); ``stalled`` after a
    failed move, until Retry; the Analysis toggle, the latest analysis, the review."""

    def __init__(self) -> None:
        self.engine = "off"
        # Whether the page is past its boot (see App.settle): the worker may start then.
        self.settled = False
        self.request: Request | None = None
        self.asked = False  # the request was handed to the page
        self.next_id = 1
        self.stalled = False
        self.analysing = False
        self.analysed: Analysed | None = None
        self.reviewing: Reviewing | None = None
        self.judging = ""  # the record of a position an exercise wants weighed
        self.judged: tuple[str, Analysis] | None = None  # its analysis, once here

    def ask(self, kind: str, basis: str, level: str = "", *, watching: bool = False,
            seed: int | None = None, game: "Game | None" = None) -> Request:
        """A new question about the record ``basis`` (handed out by :meth:`hand_out`);
        ``watching``: the computer plays itself, so its move comes after a pause. A move
        or a hint in ``game`` (the game of ``basis``) that the opening book holds carries
        the book's answer."""
        answer = ""
        if kind in ("move", "hint"):
            seconds = level_settings(level).time_limit
            seed = random.getrandbits(30) if seed is None else seed
            args: tuple[str | int | float, ...] = (basis, level, seed)
            known = None if game is None else book_move(game, level, (seed & _DRAW) / (_DRAW + 1))
            answer = "" if known is None else str(known)
        elif kind == "analysis":
            shown = self.analysed
            again = shown is not None and shown.record == basis
            seconds = ANALYSIS_SECONDS if again else ANALYSIS_FIRST_SECONDS
            args = (basis, seconds, ANALYSIS_LINES)
        elif kind == "judge":
            seconds = JUDGE_SECONDS
            args = (basis, JUDGE_SECONDS, 1)
        else:
            seconds = REVIEW_NODES / REVIEW_SPEED
            args = (basis, REVIEW_NODES)
        delay = WATCH_PAUSE_SECONDS if kind == "move" and watching else 0
        timeout = seconds + ANSWER_MARGIN_SECONDS
        self.request = Request(
            self.next_id, kind, basis, CALLS[kind], args, delay, timeout, answer
        )
        self.next_id += 1
        self.asked = False
        return self.request

    def hand_out(self) -> Request | None:
        """The question in flight, once: the page sends it to the worker."""
        if self.request is None or self.asked:
            return None
        self.asked = True
        return self.request

    def cancel(self) -> None:
        """Forget the question in flight: its answer, when it comes, is stale."""
        self.request = None

    def pending(self, request_id: int) -> Request | None:
        """The question in flight if its id is ``request_id`` (else the answer is stale)."""
        request = self.request
        return request if request is not None and request.id == request_id else None

    def still_wanted(self, record: str) -> bool:
        """Whether the answer to the question in flight still applies, the game's record
        being ``record`` now."""
        request = self.request
        if request is None:
            return True
        if request.kind == "review":
            return self.reviewing is not None and request.basis == self.reviewing.record
        if request.kind == "judge":
            return request.basis == self.judging
        if request.kind == "analysis" and not self.analysing:
            return False
        return request.basis == record

    def wants_analysis(self, record: str) -> bool:
        """Whether the position of ``record`` needs another (deeper) analysis call."""
        shown = self.analysed
        if shown is None or shown.record != record:
            return True
        return not (shown.analysis.final or shown.calls >= ANALYSIS_CALLS)

    def take_analysis(self, record: str, analysis: Analysis) -> None:
        """A (deeper) analysis of the position ``record`` looks at."""
        shown = self.analysed
        calls = shown.calls + 1 if shown is not None and shown.record == record else 1
        self.analysed = Analysed(record, analysis, calls)

    def analysis_of(self, record: str) -> Analysis | None:
        """The analysis to show for the position of ``record``: only while the toggle is on
        and it is about that position."""
        shown = self.analysed
        if not self.analysing or shown is None or shown.record != record:
            return None
        return shown.analysis

    def take_review_step(self, step: ReviewStep) -> Review | None:
        """Progress of the review under way; its :class:`~zola.engine.judgement.Review`
        once done."""
        if step.review is None:
            if self.reviewing is not None:
                self.reviewing = Reviewing(self.reviewing.record, step.done, step.total)
            return None
        self.reviewing = None
        return step.review

    def waits_for_worker(self) -> bool:
        """Whether the question in flight needs the worker (the book answers some)."""
        return self.request is not None and not self.request.answer

    def activity(self) -> Text | str:
        """What the computer is doing, for the line under the status (``""``: nothing)."""
        if self.engine != "ready" and self.waits_for_worker():
            return Text("page.getting_ready")
        if self.reviewing is not None:
            return Text("page.reviewing", done=self.reviewing.done, total=self.reviewing.total)
        if self.request is not None and self.request.kind in ("move", "hint"):
            return Text("page.thinking")
        return ""

    # -- acting on a board -------------------------------------------------------------

    def question(self, board: "Board", level: str, editing: bool) -> None:
        """Ask what the worker should answer now about ``board``, if anything: the
        computer's move first, then a move an exercise wants weighed, then the review under
        way, then the analysis of the position looked at (not in the editor)."""
        if self.stalled or self.request is not None:
            return
        if not editing and board.computer_to_move():
            watching = board.mode == "computers"
            self.ask("move", encode(board.game), level, watching=watching, game=board.game)
        elif self.judging:
            self.ask("judge", self.judging)
        elif self.reviewing is not None:
            self.ask("review", self.reviewing.record)
        elif self.analysing and board.computer_allowed() and not editing:
            record = encode(board.game)
            if self.wants_analysis(record):
                self.ask("analysis", record)

    def answer(self, request_id: int, text: object, board: "Board") -> None:
        """The worker's answer to request ``request_id`` about ``board``: a move is played,
        a hint drawn, an analysis shown, a review step taken. A stale answer is ignored;
        one that cannot be used fails like no answer (:meth:`fail`)."""
        request = self.pending(request_id)
        if request is None:
            return
        game = board.game
        try:
            if not isinstance(text, str):
                raise InvalidMoveError("the answer is not text")
            if request.kind == "analysis":
                self.take_analysis(request.basis, parse_analysis(text))
            elif request.kind == "judge":
                self.judged = (request.basis, parse_analysis(text))
                self.judging = ""
            elif request.kind == "review":
                step = read_review_step(text, len(game.main_moves()))
                review = self.take_review_step(step)
                if review is not None:
                    before = board.record()
                    game.review, game.reviewed = review, game.main_moves()
                    if board.keep_fit(before):  # else the link could not carry it
                        board.notice = Text("notice.reviewed")
            else:
                move = Move.parse(text)
                game.check(move)
                if request.kind == "hint":
                    board.hint = move
                    board.notice = Text("notice.hint", move=str(move))
                else:
                    self.request = None
                    if not board.play(move):  # the game's link could not carry it
                        self.stalled = True
        except ZolaError as error:
            self.fail(request_id, quoted(text)[:60] + ": " + str(error), False, board)
            return
        self.request = None

    def fail(self, request_id: int, detail: str, timed_out: bool, board: "Board") -> None:
        """No answer came to request ``request_id``: say so on ``board``; after a move
        request, wait for Retry; an analysis or a review stops. The game stays as it is."""
        request = self.pending(request_id)
        if request is None:
            return
        self.request = None
        lines = [line for line in str(detail).strip().splitlines() if line.strip()]
        why = Text("reason.timeout") if timed_out else (lines[-1][:200] if lines else "?")
        self.stalled = request.kind == "move"
        if request.kind == "analysis":
            self.analysing = False
        elif request.kind == "review":
            self.reviewing = None
        elif request.kind == "judge":
            self.judging = ""
        board.notice = Text("notice.computer_failed", detail=why)

    def can_hint(self, board: "Board", editing: bool) -> bool:
        """Whether a person may ask for a hint on ``board`` now."""
        game = board.game
        return (
            board.computer_allowed()
            and not game.is_game_over()
            and not (not editing and board.computer_to_move())
        )

    def hint(self, board: "Board", editing: bool) -> None:
        """Ask for a hint for the person to move on ``board``."""
        if self.request is None and self.can_hint(board, editing):
            self.ask("hint", encode(board.game), HINT_LEVEL, game=board.game)

    def toggle_review(self, board: "Board") -> None:
        """Start reviewing the main line of ``board``'s game, or stop the review under way."""
        if self.reviewing is not None:
            self.reviewing = None
            self.cancel()
            return
        moves = board.game.main_moves()
        if board.computer_allowed() and moves:
            self.reviewing = Reviewing(encode(main_line(board.game)), 0, len(moves) + 1)
