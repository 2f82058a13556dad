#!/usr/bin/env python3
"""Write the live board's style sheet and parts into the loader, web/boards.js.

    python3 scripts/board_parts.py            # rewrite the generated block of web/boards.js
    python3 scripts/board_parts.py --check    # exit 1 if it is stale

The board a live board's shadow root holds is two files of its own: its style sheet
(web/board.css) and its parts (web/board.html: HTML, with newlines between some parts,
which are dropped). The docs tools read them to declare a board's shadow root in a page
(zola.docs.sitefiles.board_root); the loader must not fetch them (one request more at
every page's boot), so this writes them into it between two marker comments, as
`const CSS = "...";` and `const SHELL = "...".replace(/>\\n</g, "><");` (JSON strings,
which JavaScript reads as they are), and the link's bound as `const LINK_PREFIX`. Run
it after changing either file, then `python3 scripts/precache.py` (the service worker
lists the loader's bytes); scripts/build runs both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from zola.docs.sitefiles import LOADER, PARTS, STYLE, compact_css
from zola.rules.record import LINK_PREFIX

ROOT = Path(__file__).resolve().parents[1]
BEGIN = f"// BEGIN generated from {STYLE}, {PARTS} and zola.rules.record by scripts/board_parts.py"
END = "// END generated"
COMMAND = "python3 scripts/board_parts.py"


def block(root: Path = ROOT) -> str:
    """The generated block of the loader, from BEGIN to END: the style sheet compacted
    (zola.docs.sitefiles.compact_css, as the docs tools declare it), the parts without
    their outer whitespace (the loader drops the newlines between them, as
    zola.docs.sitefiles.join_parts does)."""
    css = compact_css((root / STYLE).read_text(encoding="utf-8"))
    parts = (root / PARTS).read_text(encoding="utf-8").strip()
    lines = [
        BEGIN,
        f"const CSS = {json.dumps(css, ensure_ascii=False)};",
        f'const SHELL = {json.dumps(parts, ensure_ascii=False)}.replace(/>\\n</g, "><");',
        "// The most of a board's link that reaches Python (zola.rules.record.LINK_PREFIX).",
        f"const LINK_PREFIX = {LINK_PREFIX};",
        END,
    ]
    return "\n".join(lines)


def _split(text: str) -> tuple[str, str, str]:
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"{LOADER}: no block between {BEGIN!r} and {END!r}")
    return text[:start], text[start : end + len(END)], text[end + len(END) :]


def write(root: Path = ROOT, check: bool = False) -> bool:
    """Whether the loader's block is stale; rewrite it unless ``check``."""
    before, old, after = _split((root / LOADER).read_text(encoding="utf-8"))
    fresh = block(root)
    if old == fresh:
        return False
    if not check:
        (root / LOADER).write_text(before + fresh + after, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help=f"exit 1 if {LOADER} is stale")
    args = parser.parse_args(argv)
    stale = write(check=args.check)
    if args.check:
        if stale:
            print(f"{LOADER} is stale for {STYLE} or {PARTS}; run: {COMMAND}", file=sys.stderr)
            return 1
        print(f"{LOADER}: fresh")
        return 0
    print(f"{LOADER}: {'written' if stale else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
