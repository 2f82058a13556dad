"""What the page shows, built from the :class:`~zola.page.app.App`'s pieces: one
:class:`~zola.page.screen.Screen` after every event.

>>> from zola.page.app import App
>>> app = App(); app.start("#v1;size=8;moves=d4xe4;flip")
>>> screen = screen_of(app, app.hand_out())  # what app.screen() does
>>> screen.status, screen.players[0].checkers, screen.layout["embed"], screen.controls["size"]
('Blue to move.', 32, False, '8')
"""

from zola.draw.svg import render
from zola.lang.i18n import Text
from zola.page.board import MODES
from zola.page.board_screen import board_fields
from zola.page.insights import best_arrows, evaluation, review_marks, review_screen
from zola.page.players import players
from zola.page.screen import Once, Screen
from zola.rules.record import encode
from zola.rules.sides import COLOR_NAMES, COLOR_WORDS

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import Protocol

    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.editor import Editor
    from zola.page.library import Library
    from zola.page.puzzle_mode import PuzzleMode
    from zola.page.screen import LessonScreen, PuzzleScreen, ResultScreen
    from zola.rules.game import Game
    from zola.rules.link import View

    class Page(Protocol):
        """What the page's state offers this module (:class:`zola.page.app.App` does)."""

        board: Board
        computer: Computer
        editor: Editor | None
        library: Library
        puzzles: PuzzleMode
        tool: str
        new_size: int
        level: str
        motion: bool
        sound: bool
        in_frame: bool
        base_url: str

        @property
        def game(self) -> Game: ...
        @property
        def view(self) -> View: ...
        @property
        def mode(self) -> str: ...
        @property
        def language(self) -> str: ...
        @property
        def cursor(self) -> int: ...
        def say(self, text: Text | str) -> str: ...
        def saving(self) -> bool: ...
        def computer_allowed(self) -> bool: ...
        def fragment(self) -> str: ...
        def result_screen(self) -> ResultScreen | None: ...
        def can_type(self) -> bool: ...
        def move_choices(self) -> tuple[str, ...]: ...
        def can_learn(self) -> bool: ...
        def lesson_screen(self) -> LessonScreen | None: ...


def rules_page(language: str) -> str:
    """The rules taught with a live board, in ``language``, as the play page links it.

    >>> rules_page("en"), rules_page("de")
    ('./docs/rules.html', './docs/rules.de.html')
    """
    return "./docs/rules.html" if language == "en" else f"./docs/rules.{language}.html"


def screen_of(app: "Page", once: Once) -> Screen:
    """What the page of ``app`` shows now, with what it does ``once`` (handed out by
    :meth:`zola.page.app.App.screen`). Reads ``app``, changes nothing."""
    board, game, view, computer = app.board, app.game, app.view, app.computer
    record = encode(game)
    analysis = computer.analysis_of(record)
    editor = app.editor
    arrows, replies = best_arrows(analysis) if analysis is not None else ([], [])
    shown = board_fields(
        board,
        motion=once.motion,
        announce=once.announce,
        arrows=arrows,
        replies=replies,
        marks=review_marks(game, app.say),
    )
    if editor is not None:  # the board being set up, in place of the game's
        shown["board"] = render(
            editor,
            flip=view.flip,
            shading=view.shading,
            coordinates=view.coordinates,
            theme=board.colours(),
            language=app.language,
            focus=app.cursor,
        )
        shown["status"] = app.say(Text("status.editing", color=COLOR_WORDS[editor.turn]))
        shown["turn"] = COLOR_NAMES[editor.turn]
    return Screen(
        **shown,
        players=players(
            board,
            level=app.level,
            boards=editor.boards if editor is not None else None,
            by_colour=editor is not None or app.puzzles.active(),
        ),
        result=app.result_screen(),
        can_type=app.can_type(),
        move_choices=app.move_choices(),
        sounds=once.sounds,
        switches={"motion": app.motion, "sound": app.sound},
        layout={
            "embed": view.embed,
            "panel": view.panel,
            "static": view.static,
            "dark": board.theme_name() == "dark",
        },
        game_over=game.is_game_over(),
        controls={
            "size": str(app.new_size),
            "mode": app.mode,
            "level": app.level,
            "language": app.language,
            "scheme": board.scheme,
            "palette": board.palette_name(),
        },
        shading=view.shading,
        computer="" if app.puzzles.active() else app.say(computer.activity()),
        retry=computer.stalled,
        can_hint=computer.request is None and computer.can_hint(board, editor is not None),
        can_promote=board.can_promote(),
        can_delete=board.can_delete(),
        clean=view.clean,
        editor=editor.screen(app.tool, app.say) if editor is not None else None,
        recent=app.library.menu(app.say, MODES) if app.saving() else (),
        fragment=app.fragment(),
        app_link=app.base_url + "#" + (app.puzzles.fragment() or record)
        if view.embed and view.app_link
        else "",
        posts=once.posts,
        post_origin=view.origin or "*",
        clipboard=once.clipboard,
        download=once.download,
        report_height=app.in_frame and view.embed,
        analysing=computer.analysing,
        evaluation=evaluation(game, analysis, app.say) if analysis is not None else None,
        can_review=app.computer_allowed() and bool(game.main_moves()),
        reviewing=computer.reviewing is not None,
        review=review_screen(game, app.say, MODES[app.mode]) if not view.embed else None,
        start_computer=once.start_computer,
        request=once.request,
        puzzle=puzzle_screen(app),
        fetch=once.fetch,
        can_learn=app.can_learn(),
        lesson=app.lesson_screen(),
    )


def puzzle_screen(app: "Page") -> "PuzzleScreen | None":
    """What the page shows of puzzle mode; ``None`` when it is off."""
    puzzles = app.puzzles
    if not puzzles.active() and not puzzles.problem:
        return None
    return puzzles.screen(app.language)
