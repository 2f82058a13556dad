"""The visitor's games, kept in the browser: a short list of recent games shared by all
tabs, and which of them each tab shows.

The page hands in two stores with ``get(key)``, ``set(key, value)`` and
``remove(key)``: the browser's ``localStorage`` (all tabs) and ``sessionStorage``
(this tab). A tab updates only the entry it owns: when another tab has taken an
entry over, the next save keeps this tab's game as a new entry, so two tabs
never overwrite each other's game. A stored value that cannot be read is kept
aside under a key of its own, never overwritten; one longer than any the page writes
(:data:`MAX_VALUE`) is measured and moved aside unread, so that no value can exhaust
the page's memory.

>>> local, tab = MemoryStore(), MemoryStore()
>>> saved = Saved(local, tab, now=lambda: 1000.0)
>>> entry_id = saved.save(None, "v1;size=6;moves=c3xd3", "humans", 6, 1)
>>> [(e.fragment, e.moves) for e in saved.recent()], saved.find(entry_id).tab == saved.tab
([('v1;size=6;moves=c3xd3', 1)], True)
"""

import json
import random
from collections import namedtuple

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import NamedTuple, Protocol

RECENT = "zola-recent"  # localStorage: the recent games, newest first (JSON)
TAB = "zola-tab"  # sessionStorage: this tab's id and what it shows (JSON)
ASIDE = "zola-unreadable-"  # localStorage: prefix of values that could not be read
LEGACY = ("zola-previous-game", "zola-game")  # one saved game and the one it displaced
MAX_RECENT = 10
MAX_VALUE = 200_000  # characters: a longer stored value is kept aside, never read into Python
MAX_BRACKETS = 4 * MAX_RECENT  # "[" and "{" in a value: the page writes 1 + MAX_RECENT

_FIELDS = ("id", "fragment", "mode", "size", "moves", "updated", "tab")


if TYPE_CHECKING:

    class _Entry(NamedTuple):  # the fields of _FIELDS, typed
        id: str
        fragment: str
        mode: str
        size: int
        moves: int
        updated: float
        tab: str

    class _Shown(NamedTuple):
        entry: str | None
        fragment: str
        mode: str

    class Store(Protocol):
        """What the page hands in: ``localStorage``, ``sessionStorage`` or a MemoryStore."""

        def get(self, key: str) -> str | None: ...
        def set(self, key: str, value: str) -> None: ...
        def remove(self, key: str) -> None: ...
        def size(self, key: str) -> int | None:
            """The value's length in characters (``None`` when there is none), unread."""

        def move(self, key: str, to: str) -> None:
            """Put the value under another key, unread."""

else:
    _Entry = namedtuple("Entry", _FIELDS)
    _Shown = namedtuple("Shown", ("entry", "fragment", "mode"))


class Entry(_Entry):
    """One recent game: its id, link fragment, who plays (a page mode), board size,
    number of moves, when it was last changed (seconds since 1970) and the tab that owns it.
    """

    __slots__ = ()


class Shown(_Shown):
    """What a tab shows: its recent game's id (``None`` until saved), fragment and mode."""

    __slots__ = ()


class MemoryStore:
    """A store kept in memory: for tests, and for a page whose browser refuses storage.

    >>> store = MemoryStore({"a": "1"}); store.set("b", "2"); store.remove("a")
    >>> store.get("a"), store.get("b")
    (None, '2')
    """

    def __init__(self, values: dict[str, str] | None = None) -> None:
        self.values = dict(values or {})

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> None:
        self.values[key] = value

    def remove(self, key: str) -> None:
        self.values.pop(key, None)

    def size(self, key: str) -> int | None:
        value = self.values.get(key)
        return None if value is None else len(value)

    def move(self, key: str, to: str) -> None:
        if key in self.values:
            self.values[to] = self.values.pop(key)


class Saved:
    """The recent games in ``local`` and this tab's own entry in ``session``;
    ``now()`` gives the time in seconds."""

    def __init__(self, local: "Store", session: "Store", now: "Callable[[], float]") -> None:
        self.local = local
        self.session = session
        self.now = now
        self.set_aside: list[str] = []  # keys of values kept aside, for the page to say so
        self.tab, self._shown = self._read_tab()

    # -- this tab --------------------------------------------------------------------

    def _read_tab(self) -> tuple[str, Shown | None]:
        """This tab's id and what it showed, from the tab's storage; a value of any other
        shape starts a new tab."""
        try:
            value = read_json(self.read(TAB, self.session) or "")
            shown = Shown(value["entry"], value["fragment"], value["mode"])  # type: ignore[index]
            tab = value["tab"]  # type: ignore[index]
        except (ValueError, TypeError, KeyError, IndexError):
            return _new_id("t"), None
        texts = (tab, shown.fragment, shown.mode)
        if all(isinstance(v, str) for v in texts) and isinstance(shown.entry, (str, type(None))):
            return tab, shown
        return _new_id("t"), None

    def shown(self) -> Shown | None:
        """What this tab showed last (before a reload): entry id, fragment and mode."""
        return self._shown

    def show(self, entry: str | None, fragment: str, mode: str) -> None:
        """Note what this tab shows now: a reload brings it back as it was."""
        shown = Shown(entry, fragment, mode)
        if shown != self._shown:
            self._shown = shown
            row = {"tab": self.tab, "entry": entry, "fragment": fragment, "mode": mode}
            self.session.set(TAB, json.dumps(row))

    # -- the list --------------------------------------------------------------------

    def recent(self) -> list[Entry]:
        """The recent games, newest first."""
        raw = self.read(RECENT)
        if raw is None:
            return []
        try:
            items = read_json(raw)
        except ValueError:
            items = None
        if not isinstance(items, list):
            self.keep_aside(raw)
            self.local.remove(RECENT)
            return []
        entries, bad = [], []
        for item in items:
            entry = _entry(item)
            if entry is None:
                bad.append(item)
            else:
                entries.append(entry)
        if bad:
            self.keep_aside(json.dumps(bad))
            self._write(entries)
        return entries

    def find(self, entry_id: str | None = None, fragment: str | None = None) -> Entry | None:
        """The recent game with this id, or else with this fragment."""
        for entry in self.recent():
            if entry.id == entry_id or (fragment is not None and entry.fragment == fragment):
                return entry
        return None

    def take(self, entry: Entry) -> Entry:
        """This tab shows ``entry``: it becomes this tab's to update."""
        taken = Entry(*entry[:-1], self.tab)
        self._put(taken)
        return taken

    def save(self, entry_id: str | None, fragment: str, mode: str, size: int, moves: int) -> str:
        """Keep this tab's game; return its entry id (a new one if another tab took it over)."""
        entries = self.recent()
        owned = [e.id for e in entries if e.id == entry_id and e.tab == self.tab]
        new_id = owned[0] if owned else _new_id("g")
        entry = Entry(new_id, fragment, mode, size, moves, self.now(), self.tab)
        self._put(entry, entries)
        return new_id

    def _put(self, entry: Entry, entries: list[Entry] | None = None) -> None:
        rest = [e for e in (self.recent() if entries is None else entries) if e.id != entry.id]
        self._write([entry] + rest)

    def _write(self, entries: list[Entry]) -> None:
        entries = entries[:MAX_RECENT]
        rows = [{name: entry[i] for i, name in enumerate(_FIELDS)} for entry in entries]
        self.local.set(RECENT, json.dumps(rows))

    def drop(self, entry_id: str) -> None:
        """Take the entry ``entry_id`` off the list (one that could not be read)."""
        entries = self.recent()
        kept = [e for e in entries if e.id != entry_id]
        if len(kept) != len(entries):
            self._write(kept)

    def read(self, key: str, store: "Store | None" = None) -> str | None:
        """The value under ``key`` in ``store`` (``local`` unless told): ``None`` when there is
        none, and when it is longer than :data:`MAX_VALUE`, which is moved aside unread.

        >>> saved = Saved(MemoryStore({"k": "x" * (MAX_VALUE + 1)}), MemoryStore(), lambda: 1.0)
        >>> saved.read("k"), saved.set_aside, saved.local.size("zola-unreadable-1000")
        (None, ['zola-unreadable-1000'], 200001)
        """
        store = self.local if store is None else store
        size = store.size(key)
        if size is None:
            return None
        if size <= MAX_VALUE:
            return store.get(key)
        aside = self._aside_key(store)
        store.move(key, aside)
        self.set_aside.append(aside)
        return None

    def keep_aside(self, raw: str) -> None:
        """Keep a value that cannot be read under a key of its own, for a person to recover."""
        key = self._aside_key(self.local)
        self.local.set(key, raw)
        self.set_aside.append(key)

    def _aside_key(self, store: "Store") -> str:
        key = ASIDE + str(int(self.now() * 1000))
        while store.size(key) is not None:
            key += "+"
        return key

    def add(self, fragment: str, mode: str, size: int, moves: int) -> Entry:
        """Add a game that no tab owns yet (one saved by an older version of the page)."""
        entry = Entry(_new_id("g"), fragment, mode, size, moves, self.now(), "")
        self._put(entry)
        return entry

    def legacy(self) -> list[str]:
        """Games saved by the page before it kept a list (oldest first), once: they are
        removed from the store as they are handed out."""
        if self.local.size(RECENT) is not None:
            return []
        found = []
        for key in LEGACY:
            value = self.read(key)
            if value:
                found.append(value)
            self.local.remove(key)
        return found


def read_json(raw: str) -> object:
    """The JSON value of a stored string. Raises ValueError for anything else, and for a
    value longer or more deeply nested than any the page writes (the parser would run out
    of stack on it)."""
    if len(raw) > MAX_VALUE or raw.count("[") + raw.count("{") > MAX_BRACKETS:
        raise ValueError("not a value this page wrote")
    try:
        return json.loads(raw)
    except RuntimeError:  # nested too deeply for the parser (CPython's RecursionError)
        raise ValueError("nested too deeply") from None


def _entry(item: object) -> Entry | None:
    """An :class:`Entry` from a stored row, or ``None`` if the row is not one."""
    if not isinstance(item, dict) or set(item) != set(_FIELDS):
        return None
    entry = Entry(*[item[name] for name in _FIELDS])
    text = (entry.id, entry.fragment, entry.mode, entry.tab)
    numbers = (entry.size, entry.moves)
    if not all(isinstance(v, str) for v in text) or not all(isinstance(v, int) for v in numbers):
        return None
    if not isinstance(entry.updated, (int, float)):
        return None
    return entry


def _new_id(prefix: str) -> str:
    """A fresh random id, like ``'g1f3a9c2e'``."""
    return f"{prefix}{random.getrandbits(32):08x}"
