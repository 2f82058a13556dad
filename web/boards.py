"""The live boards of a host page, on MicroPython: one interpreter for all of them.

web/boards.js copies this file into MicroPython's file system as ``zola_boards.py``,
beside the zola bytecode's image (``zola.rom``) and web/rom.py (``zola_rom.py``, which
mounts it), and its script imports it.

web/boards.js gives every <div data-zola="FRAGMENT"> of the page an id and calls
``live(event, payload)`` for what happens to it: one JSON object of named values (see
zola.page.bridge, which reads it and tells what to do next). This hands a board's
screen to ``zolaBoards.paint(id, json, labels, board, moves)``, which writes it into the
board's shadow root: its LiveScreen as JSON but for its two pieces of markup (the SVG
board and the move list), which cross as strings of their own, and the language's fixed
words; or tells ``zolaBoards.keep(id)`` that the board keeps the first screen its
element shows (the docs tools', painted by the loader). Every decision is made in zola;
this file only converts.

The screen goes to JavaScript as an argument of paint(), never as a return value:
MicroPython 1.28 can lose an object holding a long string (an SVG board) on the
way back from a Python function called by JavaScript.
"""

import gc

# Collect garbage after every 2 MB allocated rather than 16 KB (the runtime's setting),
# from before the imports: importing zola and drawing a board make many short-lived
# objects (a board about 0.2 MB of strings), and a collection walks the whole heap, so
# a page of many boards opens about a fifth faster, for a heap at most 2 MB larger.
gc.threshold(2 << 20)

from binascii import crc32

import js
import zola_rom  # mounts the zola modules: first
from jsffi import create_proxy, to_js

from zola.page.bridge import KEEP, PAINT, Boards
from zola.page.live import labels, paint_parts

write = js.zolaBoards.paint  # looked up once: each lookup crosses to JavaScript
keep = js.zolaBoards.keep
words = {}  # language -> its fixed words, converted once
# The CRC-32 of the bytecode image that runs (zola.page.live.frame_key), computed when a
# board first brings a drawing of its own (about 2 ms).
boards = Boards(build=lambda: crc32(zola_rom.image))


def paint(board_id: int) -> None:
    """Hand what the board shows now to boards.js: the screen's small fields as JSON
    (one string crosses to JavaScript, not a field at a time), its markup as strings of
    their own (MicroPython takes about 2 ms to write a board's SVG as a JSON string),
    the language's words as they were converted once."""
    live = boards.get(board_id)
    fields, board, moves = paint_parts(live.screen())
    language = live.language
    if language not in words:
        words[language] = to_js(labels(language))
    write(board_id, fields, words[language], board, moves)


def live(event, payload=None):
    """One event (see zola.page.bridge); returns whether it was used."""
    what, board_id = boards.handle(str(event), "" if payload is None else str(payload))
    if what == PAINT:
        paint(board_id)
    elif what == KEEP:
        keep(board_id)
    return bool(what)


js.zolaBoards.connect(create_proxy(live))
