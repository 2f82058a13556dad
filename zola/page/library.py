"""The page's memory in the browser: this tab's game among the recent games, the
Recent games menu, games saved by older pages, and the visitor's preferences.

:class:`zola.page.saved.Saved` keeps the stored list; a :class:`Library` is one tab's
use of it: which entry is this tab's game, and what was saved last, so that it
writes only when something changed.

>>> from zola.rules.game import Game
>>> from zola.page.saved import MemoryStore
>>> library = Library(MemoryStore(), MemoryStore(), now=lambda: 1000.0)
>>> game = Game(6); _ = game.play("c3xd3")
>>> library.keep(game, "humans")
>>> [(e.fragment, e.mode) for e in library.saved.recent()]
[('v1;size=6;moves=c3xd3', 'humans')]
>>> library.preference("mode", ("humans", "computers"), "humans")
'humans'
"""

from zola.lang.i18n import Text
from zola.page.saved import Entry, Saved
from zola.page.screen import RecentGame
from zola.rules.errors import ZolaError
from zola.rules.game import Game
from zola.rules.record import decode, encode

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from zola.page.saved import Store

PREFERENCES = {
    "language": "zola-language",
    "mode": "zola-mode",
    "level": "zola-level",
    "motion": "zola-motion",  # "on" or "off": moves slide on the board
    "sound": "zola-sound",  # "on" or "off": moves make a sound
    "scheme": "zola-scheme",  # "auto", "light" or "dark": the colours
    "palette": "zola-palette",  # a name of zola.draw.themes.PALETTES: the board's colours
}


class Library:
    """One tab's saved games in ``local`` (all tabs) and ``session`` (this tab), the
    browser's storages; ``now()`` gives the time in seconds."""

    def __init__(self, local: "Store", session: "Store", now: "Callable[[], float]") -> None:
        self.local = local
        self.saved = Saved(local, session, now)
        self.entry: str | None = None  # this game's id among the recent games
        self.kept = ("", "")  # (fragment, mode) last saved

    # -- preferences ----------------------------------------------------------------

    def preference(self, name: str, allowed: "Collection[str]", default: str) -> str:
        """The stored preference ``name`` (a key of :data:`PREFERENCES`) if it is one of
        ``allowed``, else ``default``."""
        value = self.saved.read(PREFERENCES[name])
        return value if value is not None and value in allowed else default

    def prefer(self, name: str, value: str) -> None:
        """Remember a preference for the next visit."""
        self.local.set(PREFERENCES[name], value)

    # -- this tab's game --------------------------------------------------------------

    def import_legacy(self, mode: str) -> None:
        """Games saved by an older page become recent games; unreadable ones are kept aside."""
        for fragment in self.saved.legacy():
            try:
                game = decode(fragment)
            except ZolaError:
                self.saved.keep_aside(fragment)
            else:
                self.saved.add(encode(game), mode, game.size, len(game.moves))

    def latest(self) -> Entry | None:
        """The game to show on a visit without a link: this tab's (a reload), else the
        newest recent game."""
        shown = self.saved.shown()
        latest = self.saved.find(shown.entry) if shown is not None and shown.entry else None
        if latest is None:
            entries = self.saved.recent()
            latest = entries[0] if entries else None
        return latest

    def adopt(self, game: Game, good: bool, modes: "Collection[str]") -> str | None:
        """The game of a link becomes this tab's: its own game (a reload) comes back with
        its opponent, and so does a saved game; any other is a new game between people.
        Returns the mode to play in (``None``: keep the current one)."""
        record = encode(game)
        shown = self.saved.shown()
        if good and shown is not None and shown.fragment == record:
            known = self.saved.find(shown.entry) if shown.entry else None
            if known is not None:
                self.take(known)
            else:
                self.forget()
            return shown.mode if shown.mode in modes else "humans"
        known = self.saved.find(fragment=record) if good else None
        if known is not None:
            self.take(known)
            return known.mode if known.mode in modes else None
        self.forget()
        return "humans"

    def open(self, entry: Entry) -> Game | None:
        """The game of a recent ``entry``, taken by this tab; one that cannot be read is
        kept aside (``None``)."""
        try:
            game = decode(entry.fragment)
        except ZolaError:
            self.saved.keep_aside(entry.fragment)
            self.saved.drop(entry.id)
            return None
        self.take(entry)
        return game

    def take(self, entry: Entry) -> None:
        """This tab shows ``entry`` from now on, and updates it."""
        taken = self.saved.take(entry)
        self.entry = taken.id
        self.kept = (taken.fragment, taken.mode)

    def forget(self) -> None:
        """The game shown is a new one: the next save makes a new entry."""
        self.entry = None
        self.kept = ("", "")

    def keep(self, game: Game, mode: str) -> None:
        """Keep this tab's game among the recent games once it has a move, and note what
        the tab shows, for a reload."""
        record = encode(game)
        if game.moves and (record, mode) != self.kept:
            self.entry = self.saved.save(self.entry, record, mode, game.size, len(game.moves))
            self.kept = (record, mode)
        self.saved.show(self.entry, record, mode)

    def set_aside_notice(self) -> Text | None:
        """Once after a stored value was kept aside: what to tell the person."""
        if not self.saved.set_aside:
            return None
        self.saved.set_aside.clear()
        return Text("notice.kept_aside")

    def menu(
        self, say: "Callable[[Text | str], str]", modes: "Collection[str]"
    ) -> tuple[RecentGame, ...]:
        """The Recent games menu: every saved game but the one shown, labelled by ``say``."""
        items = []
        for entry in self.saved.recent():
            if entry.id == self.entry:
                continue
            players = Text("players." + entry.mode) if entry.mode in modes else ""
            moves = Text("count.moves", count=entry.moves)
            label = Text("recent.label", size=entry.size, players=players, moves=moves)
            items.append(RecentGame(entry.id, say(label), entry.updated))
        return tuple(items)
