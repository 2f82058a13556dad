#!/usr/bin/env python3
"""Take one debug check out of MicroPython's JavaScript glue, after `npm ci`.

    python3 scripts/patch_runtime.py           # patch node_modules (again: nothing to do)
    python3 scripts/patch_runtime.py --check   # exit 1 unless it is patched

npm's MicroPython for PyScript (the pinned 1.28.0-6) is built with Emscripten's
assertions. One of them lies on the runtime's busiest path: the interpreter's functions
that catch Python exceptions (the bytecode loop among them) make their calls through
JavaScript trampolines that look the function up in a copy of the WebAssembly table,
and each lookup asks the table for it again, a call into the engine, only to check the
copy. About a sixth of the work of opening a docs page's boards on MicroPython
(`python3 bench/live_python.py --instructions`: 627 M instructions before, 522 M after)
went to that check. The copy cannot go stale: nothing in the glue changes the table,
and Emscripten's release builds have no such check. This removes the check and nothing
else: the served runtime is npm's but for it.

npm runs this after installing (package.json's postinstall), and scripts/serve and
scripts/test run it too (a checkout installed before the patch existed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GLUE = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
CHECK = (
    'assert(wasmTable.get(funcPtr)==func,"JavaScript-side Wasm function table mirror is out'
    ' of date!"),'
)
PATCHED = (
    "getWasmTableEntry=funcPtr=>{var func=wasmTableMirror[funcPtr];return func||"
    "(wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)),func}"
)


def patched(text: str) -> str | None:
    """``text`` without the check; ``None`` when it is not the glue this patch knows."""
    if text.count(CHECK) == 1:
        text = text.replace(CHECK, "")
    return text if PATCHED in text and CHECK not in text else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 unless patched")
    args = ap.parse_args()
    if not GLUE.is_file():
        print(f"patch_runtime: {GLUE.relative_to(ROOT)} is missing: run `npm ci`", file=sys.stderr)
        return 1
    text = GLUE.read_text("utf-8")
    new = patched(text)
    if new is None:
        print(
            f"patch_runtime: {GLUE.relative_to(ROOT)} is not the MicroPython glue this patch"
            " knows (a new version?): update scripts/patch_runtime.py",
            file=sys.stderr,
        )
        return 1
    if new == text:
        return 0
    if args.check:
        print("patch_runtime: the runtime is not patched: run it without --check", file=sys.stderr)
        return 1
    GLUE.write_text(new, "utf-8")
    print(f"patch_runtime: {GLUE.relative_to(ROOT)}: the table check taken out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
