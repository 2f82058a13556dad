"""The live boards' bridge: what ``web/boards.js`` tells the boards' Python, and what it
is told back. As :mod:`zola.engine.protocol` is for the computer's worker, this is the
one place where the two sides meet.

Each event is one JSON object of named values, ``{"event": NAME, ...}``; a file's text
(a puzzle set, 100 KB) crosses apart, as the ``payload``:

=============== ==========================================================================
event           its values
=============== ==========================================================================
``setup``       ``app`` (the full app's address), ``languages`` (the browser's, a list)
``open``        ``board`` (its id), ``fragment``, ``dark``, ``still`` (yes/no: the reader
                asks for a dark scheme, for less motion), ``shown`` (the key of the first
                screen the element shows, ``""``: none), ``lang`` (the host's language),
                ``puzzle`` (the puzzle's line the element carries, its
                ``data-zola-puzzle``; ``""``: none)
``close``       ``board``
``click``       ``board``, ``square``
``drag``        ``board``, ``start``, ``end``
``key``         ``board``, ``key``, ``on_square`` (yes/no)
``button``      ``board``, ``name`` (see :meth:`zola.page.live.LiveBoard.button`)
``node``        ``board``, ``number`` (a move of the move list)
``dark``        ``board``, ``dark`` (the reader's scheme changed)
``file``        ``board``, ``name``; the file's text is the payload
``file-failed`` ``board``, ``name``, ``detail`` (why it could not be fetched)
=============== ==========================================================================

:meth:`Boards.handle` answers what the loader does next: :data:`PAINT` the board (its
screen: :func:`zola.page.live.paint_parts`), :data:`KEEP` the first screen it shows
already, or nothing (``""``: the event was not used, so a key goes on to the page).

>>> boards = Boards(build=lambda: 0)
>>> boards.handle('{"event": "setup", "app": "https://x.example/zola/", "languages": ["de"]}')
('', 0)
>>> boards.handle('{"event": "open", "board": 1, "fragment": "v1;size=6", "lang": ""}')
('paint', 1)
>>> boards.handle('{"event": "click", "board": 1, "square": "c3"}'), boards.get(1).language
(('paint', 1), 'de')
>>> boards.handle('{"event": "key", "board": 1, "key": "x", "on_square": false}')
('', 1)
"""

import json

from zola.page.live import LiveBoard, choose_language

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

PAINT, KEEP = "paint", "keep"  # what the loader does next (see Boards.handle)
# Each event's values by name (``board``, the board's id, is in every event but setup).
EVENTS = {
    "setup": ("app", "languages"),
    "open": ("fragment", "dark", "still", "shown", "lang", "puzzle"),
    "close": (),
    "click": ("square",),
    "drag": ("start", "end"),
    "key": ("key", "on_square"),
    "button": ("name",),
    "node": ("number",),
    "dark": ("dark",),
    "file": ("name",),
    "file-failed": ("name", "detail"),
}


class Boards:
    """Every live board of a page, by the id the loader gave it. ``build`` computes the
    CRC-32 of the bytecode image that runs (see :func:`zola.page.live.frame_key`); it is
    called once, when a board first brings a first screen of its own."""

    def __init__(self, build: "Callable[[], int]") -> None:
        self.boards: dict[int, LiveBoard] = {}
        self.app = ""  # the full app's address, for "Open in the full app"
        self.languages: list[str] = []  # the browser's
        self._build = build
        self._code: int | None = None

    def get(self, board: int) -> LiveBoard:
        """The live board of id ``board``."""
        return self.boards[board]

    def handle(self, text: str, payload: str = "") -> tuple[str, int]:
        """One event (a JSON object, see the table above) and its ``payload``; returns
        what to do next (:data:`PAINT`, :data:`KEEP` or ``""``) and to which board."""
        event = json.loads(text)
        kind = event.get("event")
        if kind == "setup":
            self.app = str(event.get("app", ""))
            self.languages = [str(tag) for tag in event.get("languages", ()) if tag]
            return "", 0
        board = event.get("board")
        board_id = board if isinstance(board, int) else 0
        if kind == "open":
            return self._open(board_id, event), board_id
        if kind == "close":
            self.boards.pop(board_id, None)
            return "", board_id
        live = self.boards.get(board_id)
        if live is None:
            return "", board_id
        try:
            used = _act(live, kind, event, payload)
        except ValueError:  # (a ZolaError too) an event that names nothing on this board,
            used = True  # as a stale move list's: the board is painted as it is
        return (PAINT if used else ""), board_id

    def _open(self, board_id: int, event: dict[str, object]) -> str:
        shown = str(event.get("shown", ""))
        if shown and self._code is None:
            self._code = self._build()
        live = self.boards[board_id] = LiveBoard(
            str(event.get("fragment", "")),
            choose_language(str(event.get("lang", "")), self.languages),
            self.app,
            dark=event.get("dark") is True,
            still=event.get("still") is True,
            shown=shown,
            build=self._code if shown and self._code is not None else 0,
            line=str(event.get("puzzle", "")),
        )
        return KEEP if live.kept else PAINT


def _act(live: LiveBoard, kind: object, event: dict[str, object], payload: str) -> bool:
    """Do what one event of a board says; whether it was used."""
    if kind == "key":
        return live.key(str(event.get("key", "")), event.get("on_square") is True)
    if kind == "click":
        live.click(str(event.get("square", "")))
    elif kind == "drag":
        live.drag(str(event.get("start", "")), str(event.get("end", "")))
    elif kind == "button":
        live.button(str(event.get("name", "")))
    elif kind == "node":
        live.go_to_node(int(str(event.get("number", 0))))
    elif kind == "dark":
        live.prefer_dark(event.get("dark") is True)
    elif kind == "file":
        live.take(str(event.get("name", "")), payload)
    elif kind == "file-failed":
        live.fetch_failed(str(event.get("name", "")), str(event.get("detail", "")))
    else:
        return False
    return True
