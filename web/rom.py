"""Mount the zola modules' bytecode where imports find them: web/boot.py (the play
page's script) and web/boards.py import this before any zola module.

scripts/mpy.py packs every module the page and the live boards load, compiled, into
one read-only file system image (web/zola.rom, MicroPython's ROMFS); the config copies
it into the file system as ``zola.rom``. It is read once into memory and mounted at
``/rom``: MicroPython imports ``zola`` from it where the bytecode lies.
"""

import os
import sys

import vfs

image = bytearray(os.stat("zola.rom")[6])  # read into place: read() grows its buffer
with open("zola.rom", "rb") as file:
    file.readinto(image)
vfs.mount(vfs.VfsRom(image), "/rom")
sys.path.insert(0, "/rom")
