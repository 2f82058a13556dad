"""The play page's settings (a mixin of :class:`zola.page.app.App`): the opponent, the
computer's level, the next game's board size, the language, the colours (the system's
scheme, light or dark; the board's palette), whether moves slide and make a sound; each
remembered in the browser for the next visit (:meth:`zola.page.library.Library.prefer`).
"""

from zola.compat import quoted
from zola.engine.levels import level_settings
from zola.lang.i18n import LANGUAGES
from zola.page.board import MODES, SCHEMES
from zola.rules.errors import InvalidOptionError
from zola.rules.geometry import parse_size
from zola.rules.link import PALETTES

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from zola.page.board import Board
    from zola.page.computer import Computer
    from zola.page.library import Library

SWITCH = ("on", "off")  # a yes/no preference as it is stored


class SettingsCommands:
    """The settings of :class:`zola.page.app.App`."""

    if TYPE_CHECKING:  # what the App holds and does, for the type checker
        board: Board
        computer: Computer
        library: Library
        new_size: int
        level: str
        motion: bool
        sound: bool
        chime: tuple[str, ...]
        def saving(self) -> bool: ...

    def choose_size(self, value: str) -> None:
        self.new_size = parse_size(value)

    def choose_mode(self, value: str) -> None:
        self.set_mode(value)
        self.library.prefer("mode", value)

    def choose_level(self, value: str) -> None:
        level_settings(value)
        self.level = value
        self.library.prefer("level", value)

    def choose_language(self, value: str) -> None:
        if value not in LANGUAGES:
            raise InvalidOptionError(f"unknown language {quoted(value)}")
        self.board.language = value
        self.library.prefer("language", value)

    def choose_scheme(self, value: str) -> None:
        """The colours: ``"auto"`` (the system's scheme), ``"light"`` or ``"dark"``."""
        if value not in SCHEMES:
            choices = ", ".join(SCHEMES)
            raise InvalidOptionError(f"unknown colours {quoted(value)}: choose {choices}")
        self.board.scheme = value
        self.library.prefer("scheme", value)

    def choose_palette(self, value: str) -> None:
        """The board's palette: one of :data:`zola.rules.link.PALETTES`. It takes the
        place of a palette the link named, and the link names it unless it is the default.

        >>> from zola.page.app import App
        >>> app = App(); app.choose_palette("slate")
        >>> app.board.palette_name(), app.fragment()
        ('slate', 'v1;size=6;slate')
        """
        if value not in PALETTES:
            choices = ", ".join(PALETTES)
            raise InvalidOptionError(f"unknown palette {quoted(value)}: choose {choices}")
        self.board.palette = value
        self.board.view = self.board.view.replace(palette="")
        self.library.prefer("palette", value)

    def prefer_dark(self, dark: bool) -> None:
        """The system's colour scheme changed (dark, or light)."""
        self.board.reader_dark = dark

    def set_mode(self, mode: str) -> None:
        """Choose who the computer plays: one of :data:`zola.page.board.MODES`."""
        if mode not in MODES:
            raise InvalidOptionError(f"unknown mode {quoted(mode)}: choose {', '.join(MODES)}")
        self.board.mode = mode
        self.board.hint = None
        self.computer.stalled = False

    def toggle_motion(self) -> None:
        """Moves slide on the board, or not (remembered for the next visit)."""
        self.motion = not self.motion
        self.library.prefer("motion", SWITCH[not self.motion])

    def toggle_sound(self) -> None:
        """Moves make a sound, or not (remembered); turning it on plays one to hear."""
        self.sound = not self.sound
        self.library.prefer("sound", SWITCH[not self.sound])
        self.chime = ("move",) if self.sound else ()

    def sounding(self) -> bool:
        """Whether moves make a sound here: never in an embed, whatever the switch."""
        return self.sound and self.saving()
