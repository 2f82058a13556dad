"""The play page's computer commands (a mixin of :class:`zola.page.app.App`): whether it
is the computer's turn, a hint, the worker ready, its answers and failures, Retry, the
analysis and the review. The conversation with the worker is :mod:`zola.page.computer`.
"""

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.editor import Editor


class ComputerCommands:
    """The computer's commands of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        computer: Computer
        editor: Editor | None
        def computer_allowed(self) -> bool: ...

    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn now (never in the editor, nor while a person
        looks back through the moves)."""
        return self.editor is None and self.board.computer_to_move()

    def ask_hint(self) -> None:
        """Ask the computer for a hint for the person to move."""
        self.computer.hint(self.board, self.editor is not None)

    def settle(self) -> None:
        """The board is ready and the page idle: from now on the computer's worker starts
        as soon as this game may want it (before, only a question beyond the opening book
        starts it), so that it never slows the board's boot."""
        self.computer.settled = True

    def computer_ready(self) -> None:
        """The computer's worker has started."""
        self.computer.engine = "ready"

    def computer_answer(self, request_id: int, text: object) -> None:
        """The worker's answer to request ``request_id`` (see
        :meth:`zola.page.computer.Computer.answer`)."""
        self.computer.answer(request_id, text, self.board)

    def computer_failed(self, request_id: int, detail: str, timed_out: bool = False) -> None:
        """No answer came to request ``request_id``: say so; after a move request, the page
        offers Retry; an analysis or a review stops. The game stays as it is."""
        self.computer.fail(request_id, detail, timed_out, self.board)

    def toggle_review(self) -> None:
        """Start reviewing the main line, or stop the review under way."""
        self.computer.toggle_review(self.board)

    def toggle_analysis(self) -> None:
        computer = self.computer
        computer.analysing = not computer.analysing and self.computer_allowed()

    def retry(self) -> None:
        self.computer.stalled = False
        self.board.notice = ""
