"""The live boards of a host page, on MicroPython: one interpreter for all of them.

web/boards.js copies this file into MicroPython's file system as ``zola_boards.py``,
beside the zola bytecode's image (``zola.rom``) and web/rom.py (``zola_rom.py``, which
mounts it), and its script imports it.

web/boards.js gives every <div data-zola="FRAGMENT"> of the page an id and calls
``live(kind, id, a, b)`` for what happens to it (opened, closed, a click, a key, a
button...). This forwards each event to that board's zola.page.live.LiveBoard and hands
what the board shows now to ``zolaBoards.paint(id, json, labels, board, moves)``, which
writes it into the board's shadow root: its LiveScreen as JSON but for its two pieces of
markup (the SVG board and the move list), which cross as strings of their own, and the
language's fixed words. A board whose element shows its first screen already (the docs
tools', painted by the loader) keeps it: ``zolaBoards.keep(id)`` says so, and the board
reads its link only at its first event.
Every decision is made in zola.page.live and zola.page.board; this file only converts.

The screen goes to JavaScript as an argument of paint(), never as a return value:
MicroPython 1.28 can lose an object holding a long string (an SVG board) on the
way back from a Python function called by JavaScript.
"""

import gc
from binascii import crc32

import js
import zola_rom  # mounts the zola modules: first
from jsffi import create_proxy, to_js

from zola.page.live import LiveBoard, choose_language, labels, paint_parts
from zola.rules.errors import ZolaError

# Collect garbage after every 2 MB allocated rather than 16 KB (the runtime's setting):
# drawing a board makes about 0.2 MB of short-lived strings, and a collection walks
# the whole heap, so a page of many boards opens about a fifth faster, for a heap at
# most 2 MB larger.
gc.threshold(2 << 20)

write = js.zolaBoards.paint  # looked up once: each lookup crosses to JavaScript
keep = js.zolaBoards.keep
boards = {}  # id -> LiveBoard
words = {}  # language -> its fixed words, converted once
setup = {"app": "", "languages": [], "build": None}


def build() -> int:
    """The CRC-32 of the bytecode image that runs (see zola.page.live.frame_key), computed
    once, when a board first brings a drawing of its own (about 2 ms)."""
    if setup["build"] is None:
        setup["build"] = crc32(zola_rom.image)
    return setup["build"]


def paint(board_id: int) -> bool:
    """Hand what the board shows now to boards.js: the screen's small fields as JSON
    (one string crosses to JavaScript, not a field at a time), its markup as strings of
    their own (MicroPython takes about 2 ms to write a board's SVG as a JSON string),
    the language's words as they were converted once."""
    live = boards[board_id]
    fields, board, moves = paint_parts(live.screen())
    language = live.language
    if language not in words:
        words[language] = to_js(labels(language))
    write(board_id, fields, words[language], board, moves)
    return True


def live(kind, board_id=0, a=None, b=None):
    """One event of one board; returns whether it was used (the board is painted then)."""
    if kind == "setup":  # once: the full app's address, the browser's languages
        setup["app"] = str(a)
        setup["languages"] = [tag for tag in str(b).split(",") if tag]
        return False
    if kind == "open":  # a: the fragment, b: "dark still shown lang" (0/1, 0/1, the key of
        # the first screen the element shows or "-", the host's language)
        dark, still, shown, lang = str(b).split(" ", 3)
        language = choose_language(lang, setup["languages"])
        shown = "" if shown == "-" else shown
        code = build() if shown else 0
        app = setup["app"]
        live = boards[board_id] = LiveBoard(
            str(a), language, app, dark == "1", still == "1", shown, code
        )
        if live.kept:
            keep(board_id)
            return True
        return paint(board_id)
    if kind == "close":
        boards.pop(board_id, None)
        return False
    board = boards.get(board_id)
    if board is None:
        return False
    try:
        if kind == "key":  # a: the key, b: whether the focus is on a square
            if not board.key(str(a), bool(b)):
                return False
        elif kind == "click":
            board.click(str(a))
        elif kind == "drag":
            board.drag(str(a), str(b))
        elif kind == "button":
            board.button(str(a))
        elif kind == "node":
            board.go_to_node(int(a))
        elif kind == "dark":
            board.prefer_dark(bool(a))
        elif kind == "file":  # a: the name of a file the board asked for, b: its text
            board.take(str(a), str(b))
        elif kind == "file-failed":  # b: why it could not be fetched
            board.fetch_failed(str(a), str(b))
        else:
            return False
    except ZolaError:  # an event that names nothing on this board (a stale move list)
        pass
    return paint(board_id)


js.zolaBoards.connect(create_proxy(live))
