"""The play page's controls as data: its buttons and menus, what each does, and their groups.

``index.html`` holds an element for each, by its id; ``web/main.py`` binds every one to
:meth:`zola.page.app.App.button` or :meth:`~zola.page.app.App.choose`, which call the
App's method that the control names. The board's own buttons (steps, flip, the pie
offer) press the board's actions (:data:`zola.page.board.ACTIONS`), as the live boards'
buttons do.

>>> BUTTONS["undo"], BUTTONS["shading"].toggle
(Control(name='undo', method='press', args=('back',), toggle=False), True)
>>> MENUS["level"]
'choose_level'
"""

from collections import namedtuple

from zola.page.sharing import SHARES

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    class _Control(NamedTuple):
        name: str
        method: str
        args: tuple[str, ...]
        toggle: bool

else:
    _Control = namedtuple("Control", ("name", "method", "args", "toggle"))


class Control(_Control):
    """A button of the page: its element id, the :class:`~zola.page.app.App` method a
    press calls and its arguments, and whether it is a checkbox (its event is
    ``change``, not ``click``)."""

    __slots__ = ()


def _button(name: str, method: str, *args: str, toggle: bool = False) -> Control:
    return Control(name, method, args, toggle)


BUTTONS = {
    button.name: button
    for button in (
        _button("new", "new_game"),
        _button("undo", "press", "back"),
        _button("redo", "press", "forward"),
        _button("first", "press", "first"),
        _button("last", "press", "last"),
        _button("swap", "press", "swap"),
        _button("keep", "press", "keep"),
        _button("flip", "press", "flip"),
        _button("shading", "toggle_view", "shading", toggle=True),
        _button("clean", "toggle_view", "clean", toggle=True),
        _button("retry", "retry"),
        _button("hint", "ask_hint"),
        _button("promote", "promote"),
        _button("delete", "delete"),
        _button("clear-notes", "clear_notes"),
        _button("edit", "edit"),
        _button("edit-play", "edit_play"),
        _button("edit-cancel", "edit_cancel"),
        _button("edit-clear", "edit_clear"),
        _button("edit-standard", "edit_standard"),
        _button("analysis", "toggle_analysis", toggle=True),
        _button("motion", "toggle_motion", toggle=True),
        _button("sound", "toggle_sound", toggle=True),
        _button("review", "toggle_review"),
        _button("puzzles", "open_puzzles", "next"),
        _button("puzzle-next", "open_puzzles", "next"),
        _button("puzzle-daily", "open_puzzles", "daily"),
        _button("puzzle-streak", "open_puzzles", "streak"),
        _button("puzzle-new-streak", "open_puzzles", "streak"),
        _button("puzzle-continue", "open_puzzles", "onward"),
        _button("puzzle-stop", "open_puzzles", "next"),
        _button("puzzle-hint", "puzzle_help", "hint"),
        _button("puzzle-retry", "puzzle_help", "retry"),
        _button("puzzle-solution", "puzzle_help", "solution"),
        _button("puzzle-leave", "leave_puzzles"),
        _button("learn", "learn"),
        _button("lesson-retry", "lesson_help", "retry"),
        _button("lesson-show", "lesson_help", "show"),
        _button("lesson-next", "lesson_help", "next"),
        _button("lesson-leave", "leave_lesson"),
        _button("rematch", "rematch"),
        _button("result-review", "review_result"),
        _button("result-close", "close_result"),
    )
    + tuple(_button(name, "share", name) for name in SHARES)
}
# The page's menus (by element id) and the App method a choice in each calls with its value.
MENUS = {
    "size": "choose_size",
    "mode": "choose_mode",
    "level": "choose_level",
    "language": "choose_language",
    "scheme": "choose_scheme",
    "palette": "choose_palette",
    "recent": "open_recent",
    "tool": "choose_tool",
    "edit-turn": "choose_edit_turn",
    "edit-size": "choose_edit_size",
    "puzzle-size": "choose_puzzle_size",
}
# Every control of the page (by element id: BUTTONS and MENUS) in its group; index.html
# puts each inside an element of its group (``data-group``).
GROUPS = {
    "tools": ("first", "undo", "redo", "last", "flip", "hint", "analysis"),  # the toolbar
    "moves": ("promote", "delete"),  # under the move list
    "play": ("mode", "level", "size", "new", "edit", "puzzles", "review", "recent"),
    "settings": ("scheme", "palette", "shading", "motion", "sound"),
    "notes": ("clear-notes", "clean"),
    "share": SHARES,  # the toolbar's last button opens it
    "offer": ("swap", "keep", "retry"),  # under the status, when the page asks
    "result": ("rematch", "result-review", "result-close"),  # over the board, at the end
    "editor": (
        "tool",
        "edit-turn",
        "edit-size",
        "edit-standard",
        "edit-clear",
        "edit-play",
        "edit-cancel",
    ),
    "puzzle": (  # the puzzle trainer's own controls, while it is open
        "puzzle-size",
        "puzzle-next",
        "puzzle-daily",
        "puzzle-streak",
        "puzzle-new-streak",
        "puzzle-continue",
        "puzzle-stop",
        "puzzle-hint",
        "puzzle-retry",
        "puzzle-solution",
        "puzzle-leave",
    ),
    "review": ("learn",),  # under the review's summary
    "lesson": ("lesson-retry", "lesson-show", "lesson-next", "lesson-leave"),  # while learning
    "page": ("language",),
}
# The groups that sit in menus (<details class="menu"> in index.html), folded until opened.
FOLDED = ("play", "settings", "notes", "share")
