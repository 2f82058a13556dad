"""What the page shows, built from the :class:`~zola.page.app.App`'s pieces: one
:class:`~zola.page.screen.Screen` after every event.

>>> from zola.page.app import App
>>> app = App(); app.start("#v1;size=8;moves=d4xe4;flip")
>>> screen = screen_of(app)
>>> screen.status, screen.counts.red, screen.layout["embed"], screen.controls["size"]
('Blue to move.', 'Red 32', False, '8')
"""

from zola.draw.svg import THEMES, render
from zola.engine.judgement import Analysis
from zola.lang.i18n import Text
from zola.page.board import COLORS, MODES
from zola.page.insights import best_arrows, evaluation, review_marks, review_screen
from zola.page.screen import Screen
from zola.rules.position import COLOR_NAMES
from zola.rules.record import encode

TYPE_CHECKING = False
if TYPE_CHECKING:
    from zola.page.app import App
    from zola.page.puzzle_mode import PuzzleScreen


def status(app: "App") -> str:
    """The turn or the result, in one sentence of the page's language."""
    if app.editor is not None:
        return app.say(Text("status.editing", color=COLORS[app.editor.turn]))
    return app.say(app.board.status())


def board_svg(app: "App", analysis: Analysis | None = None) -> str:
    """The board as SVG (see :meth:`zola.page.board.Board.svg`), with the best line's arrows
    of the ``analysis`` shown; in the editor, the board being set up."""
    if app.editor is None:
        return app.board.svg(best_arrows(analysis) if analysis is not None else ())
    view = app.view
    return render(
        app.editor,
        flip=view.flip,
        shading=view.shading,
        coordinates=view.coordinates,
        theme=THEMES[view.theme],
        language=app.language,
        focus=app.cursor,
    )


def screen_of(app: "App") -> Screen:
    """What the page of ``app`` shows now. Announcements, host messages, the clipboard
    text and a new request for the computer are handed out once."""
    board, game, view, computer = app.board, app.game, app.view, app.computer
    record = encode(game)
    if not computer.still_wanted(record):
        computer.cancel()  # the game changed under the question
    computer.question(board, app.level, app.editor is not None)
    request = computer.hand_out()
    start_computer = computer.engine == "off" and (
        computer.request is not None or (app.computer_allowed() and any(MODES[app.mode]))
    )
    if start_computer:
        computer.engine = "starting"
    app._persist()
    kept_aside = app.library.set_aside_notice()
    if kept_aside is not None:
        board.notice = kept_aside
    posts: tuple[dict[str, str], ...] = ()
    if app.in_frame:
        position = str(game.position)
        posts = tuple(
            {"type": "zola:move", "move": str(move), "position": position, "fragment": record}
            for _, move in board.played
        )
    clipboard, app.clipboard = app.clipboard, ""
    download, app.download = app.download, None
    analysis = computer.analysis_of(record)
    review = review_screen(game, app.say) if not view.embed else None
    motion = board.motion() if app.editor is None else None  # before the moves are announced
    sounds = app.chime + board.sounds() if app.sounding() else ()
    app.chime = ()
    return Screen(
        board=board_svg(app, analysis),
        motion=motion if app.motion else None,
        sounds=sounds,
        switches={"motion": app.motion, "sound": app.sound},
        layout={
            "embed": view.embed,
            "panel": view.panel,
            "static": view.static,
            "dark": view.theme == "dark",
        },
        status=status(app),
        turn=COLOR_NAMES[app.editor.turn] if app.editor is not None else board.turn(),
        message=app.say(board.notice),
        counts=board.counts(app.editor.boards if app.editor is not None else None),
        pie=board.offers_swap(),
        can_back=game.ply > 0,
        can_forward=game.ply < len(game.moves),
        game_over=game.is_game_over(),
        controls={
            "size": str(app.new_size),
            "mode": app.mode,
            "level": app.level,
            "language": app.language,
        },
        shading=view.shading,
        language=app.language,
        computer="" if app.puzzles.active() else app.say(computer.activity()),
        retry=computer.stalled,
        can_hint=computer.request is None and computer.can_hint(board, app.editor is not None),
        move_list=board.move_list(review_marks(game, app.say)),
        can_promote=board.can_promote(),
        can_delete=board.can_delete(),
        comment=board.comment(),
        clean=view.clean,
        editor=app.editor.screen(app.tool, app.say) if app.editor is not None else None,
        recent=app.library.menu(app.say, MODES) if app.saving() else (),
        fragment=app.fragment(),
        app_link=app.base_url + "#" + (app.puzzles.fragment() or record)
        if view.embed and view.app_link
        else "",
        announce=board.announce(),
        posts=posts,
        post_origin=view.origin or "*",
        clipboard=clipboard,
        download=download,
        report_height=app.in_frame and view.embed,
        analysing=computer.analysing,
        evaluation=evaluation(game, analysis, app.say) if analysis is not None else None,
        can_review=app.computer_allowed() and bool(game.main_moves()),
        reviewing=computer.reviewing is not None,
        review=review,
        start_computer=start_computer,
        request=request,
        puzzle=puzzle_screen(app),
        fetch=app.puzzles.hand_out(),
    )


def puzzle_screen(app: "App") -> "PuzzleScreen | None":
    """What the page shows of puzzle mode; ``None`` when it is off."""
    puzzles = app.puzzles
    if not puzzles.active() and not puzzles.problem:
        return None
    return puzzles.screen(app.language)
