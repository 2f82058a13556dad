"""The files live boards load, to copy into a docs site (CPython only).

A page with live boards loads ``APP/web/boards.js`` once, and the loader fetches the
rest from APP (its parent's parent folder): the files it names (``web/boards.py``,
``web/rom.py``, the zola modules' bytecode image ``web/zola.rom``, ``web/motion.js``),
and MicroPython's ``micropython.mjs`` and ``micropython.wasm``. :func:`files` lists
them as paths under APP, read from ``boards.js`` and the modules it imports each
time, so the list follows the loader and never drifts from it, and with them the
board's style sheet and parts (``web/board.css``, ``web/board.html``); :func:`copy`
writes them into a folder with the same layout. :func:`board_root` writes a live
board's shadow root as the loader makes it (that style sheet and those parts:
``scripts/board_parts.py`` writes the same two files into ``boards.js``, so the loader
fetches neither), for the docs tools to declare in HTML.
The Sphinx extension (:mod:`zola.sphinx`) copies them into ``_static/zola/``, the
MkDocs plugin (:mod:`zola.docs.mkdocs`) into the site's ``zola/``; for other sites,
``python -m zola site-files DIR`` does.

Where they come from (:func:`source`): the installed package's ``zola/site/`` folder
(``setup.py`` fills it when the package is built, from ``web/`` and ``node_modules/``:
a docs build has no npm), or, in a checkout and an editable install, the repository
itself after ``npm ci``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from binascii import crc32
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # zola/
PACKAGE_SITE = PACKAGE / "site"  # in an installed package (see setup.py)
CHECKOUT = PACKAGE.parent  # a repository checkout: web/, node_modules/
LOADER = "web/boards.js"
# The board the loader makes: its style sheet, and its parts (HTML, with newlines between
# some of them, which the loader drops). scripts/board_parts.py writes both into the
# loader, which fetches neither; the docs tools read them here (see shell).
STYLE = "web/board.css"
PARTS = "web/board.html"
ROM = "web/zola.rom"  # the zola modules' bytecode, which the boards run
HINT = (
    "the live boards' files are missing: in a checkout run `npm ci`; "
    "an installed package must be built after `npm ci` (setup.py copies them into it)"
)

_CONSTANT = r"const {name} = (\"[^\"]*\"|\[[^\]]*\]);"
_STRING = re.compile(r'"([^"]*)"')
# What a module imports statically (``import{a}from"./x.js"``, ``import"./x.js"``;
# not ``import("./x.js")``, which happens only when that code runs).
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")


def source() -> Path:
    """The folder that holds the files under their APP paths: the package's copy, else
    the checkout. Raises ``FileNotFoundError`` (saying what to do) when neither has them."""
    for root in (PACKAGE_SITE, CHECKOUT):
        if (root / LOADER).is_file() and (root / "node_modules").is_dir():
            return root
    raise FileNotFoundError(HINT)


@cache
def build() -> int | None:
    """The CRC-32 of the bytecode image the live boards run (the package's, else the
    checkout's), which keys the drawings the docs tools make of their first screens
    (see :func:`zola.page.live.frame_key`); None when it is missing."""
    rom = _site_file(ROM)
    return None if rom is None else crc32(rom.read_bytes())


def _site_file(path: str) -> Path | None:
    """The site file at ``path`` under APP: the package's copy, else the checkout's; None
    when neither has it."""
    for root in (PACKAGE_SITE, CHECKOUT):
        if (root / path).is_file():
            return root / path
    return None


@cache
def shell() -> tuple[str, str] | None:
    """The loader's board, as it puts it in each board's shadow root: its style sheet and
    its parts (:data:`STYLE` and :data:`PARTS`: the package's, else the checkout's; the
    style sheet without its comments, the parts without the newlines between them); None
    when either is missing."""
    css, parts = _site_file(STYLE), _site_file(PARTS)
    if css is None or parts is None:
        return None
    return compact_css(css.read_text(encoding="utf-8")), join_parts(parts.read_text("utf-8"))


def compact_css(text: str) -> str:
    """The style sheet ``text`` as the loader holds it and the docs tools declare it in
    every board: without comments, and without the whitespace that means nothing (a
    page of many boards holds it many times; scripts/board_parts.py writes it so).

    >>> compact_css("/* a note */\\n.a,\\n.b > p {\\n  color: red;\\n  --on: ;\\n}\\n")
    '.a, .b > p{color: red;--on: ;}'
    """
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r";\s+", ";", re.sub(r"\s*([{}])\s*", r"\1", text))


def join_parts(text: str) -> str:
    """The board's parts as the loader uses them: ``text`` (:data:`PARTS`'s) without its
    outer whitespace and the newlines between parts, as the loader joins them
    (``.replace(/>\\n</g, "><")``; scripts/board_parts.py writes the text stripped).

    >>> join_parts('<div class="a">\\n<p></p>\\n</div>\\n')
    '<div class="a"><p></p></div>'
    """
    return text.strip().replace(">\n<", "><")


def board_root(drawing: str, screen: str) -> str | None:
    """A live board's shadow root declared in HTML, as the loader makes and paints it:
    its style sheet and parts, ``drawing`` (inline SVG) on the board, and the rest of
    the first screen (``screen``, its JSON text from :func:`zola.page.live.first_frame`),
    as web/boards.js's ``draw`` writes it: language, scheme, words, which buttons work,
    the move list (``panel``), the status line with the pie offer, a puzzle's buttons
    and task (the message), the author's comment on the position. The browser attaches
    it as it reads the page, so the board shows whole, at its height, before any script
    runs; the loader keeps the root when it is its own and has nothing to paint in it
    but the app link's address, which only it knows (bench/many_boards.py: a page of
    24 boards ready about 13 ms sooner than when it painted them). None for a screen
    that says what is wrong with its link (the loader paints that), or when
    :data:`STYLE` or :data:`PARTS` is missing.

    >>> from zola.page.live import first_frame
    >>> _, _, screen = first_frame("v2;size=6;moves=c3xd3;notes=1:cRed_~26_Blue;panel")
    >>> root = board_root('<svg id="d"></svg>', screen)
    >>> root.startswith('<template shadowrootmode="open"><style>'), root.endswith("</template>")
    (True, True)
    >>> '<div class="board" part="board" tabindex="-1"><svg id="d"></svg></div>' in root
    True
    >>> '<div class="zola" lang="en" part="zola" role="group" aria-label="Zola game">' in root
    True
    >>> '<p class="status" data-turn="blue" aria-live="polite">Blue to move.</p>' in root
    True
    >>> '<button type="button" data-do="back" title="Back one move" aria-label="Back' in root
    True
    >>> '<button type="button" data-do="swap">Swap colours</button>' in root
    True
    >>> '<p class="note">Red &amp; Blue</p>' in root
    True
    >>> '<ol class="moves" aria-label="Moves"><li' in root
    True
    >>> line = "6-2nknhv;2;600;6/6/r5/6/6/r4b b;f1xa1 a4-a5 a1xa5;|"
    >>> root = board_root("<svg></svg>", first_frame("puzzle=6-2nknhv", line=line)[2])
    >>> '<div class="puzzle"><button type="button" data-do="hint">Hint</button>' in root
    True
    >>> '<p class="message">Blue to move and win in 2 moves.</p>' in root
    True
    """
    loaded = shell()
    first = json.loads(screen)
    fields, words = first["screen"], first["labels"]
    if loaded is None or fields["problem"]:
        return None
    css, parts = loaded
    say = {name: html.escape(text) for name, text in words.items()}
    layout, panel = fields["layout"], fields["layout"]["panel"]
    # Its scheme, when its link says one; else the page's, by CSS (web/board.css), until
    # the loader reads it.
    scheme = " dark" if layout["dark"] else "" if first["follows"] else " light"

    def shown(shows: bool) -> str:
        return "" if shows else " hidden"

    def works(can: bool) -> str:
        return "" if can else " disabled"

    def step(name: str, can: bool) -> tuple[str, str]:
        return (
            f'<button type="button" data-do="{name}" disabled>',
            f'<button type="button" data-do="{name}"{works(can)} title="{say[name]}"'
            f' aria-label="{say[name]}">',
        )

    link = html.escape(re.sub(r"\s*↗$", "", words["app_link"]))
    announce = html.escape(fields["announce"])
    made = dict(  # each part as the loader makes it, and as it paints the first screen
        [
            (
                '<div class="zola pending" part="zola" role="group">',
                f'<div class="zola{scheme}" lang="{html.escape(fields["language"])}" part="zola"'
                f' role="group" aria-label="{say["label"]}">',
            ),
            (
                '<div class="board" part="board"></div>',
                f'<div class="board" part="board" tabindex="{0 if layout["static"] else -1}">'
                f"{drawing}</div>",
            ),
            step("first", fields["can_back"]),
            step("back", fields["can_back"]),
            step("forward", fields["can_forward"]),
            step("last", fields["can_forward"]),
            step("flip", True),
            (
                '<button type="button" class="reset" data-do="reset" hidden></button>',
                f'<button type="button" class="reset" data-do="reset"{shown(fields["changed"])}'
                f' title="{say["reset_title"]}">{say["reset"]}</button>',
            ),
            (
                '<a class="app-link" target="_blank" rel="noopener" hidden>'
                '<span class="words"></span>',
                f'<a class="app-link" target="_blank" rel="noopener"{shown(bool(first["shared"]))}'
                f' title="{say["app_link"]}"><span class="words">{link}</span>',
            ),
            (
                '<p class="status" data-turn="" aria-live="polite"></p>',
                f'<p class="status" data-turn="{html.escape(fields["turn"])}" aria-live="polite">'
                f"{html.escape(fields['status'])}</p>",
            ),
            (
                '<span class="pie" hidden><span class="sr-only"></span>'
                '<button type="button" data-do="swap"></button>'
                '<button type="button" data-do="keep"></button></span>',
                f'<span class="pie"{shown(fields["pie"])} title="{say["pie"]}">'
                f'<span class="sr-only">{say["pie"]}</span>'
                f'<button type="button" data-do="swap">{say["swap"]}</button>'
                f'<button type="button" data-do="keep">{say["keep"]}</button></span>',
            ),
            (
                '<div class="puzzle" hidden><button type="button" data-do="hint"></button>'
                '<button type="button" data-do="retry" hidden></button>'
                '<button type="button" data-do="solution"></button></div>',
                f'<div class="puzzle"{shown(bool(fields["puzzle"]))}>'
                f'<button type="button" data-do="hint"{works(fields["can_hint"])}>'
                f'{say["hint"]}</button><button type="button" data-do="retry"'
                f'{shown(fields["can_retry"])}>{say["retry"]}</button><button type="button"'
                f' data-do="solution" title="{say["solution_title"]}"{works(fields["can_show"])}>'
                f'{say["solution"]}</button></div>',
            ),
            (
                '<p class="message"></p>',
                f'<p class="message">{html.escape(fields["message"])}</p>',
            ),
            ('<p class="note"></p>', f'<p class="note">{html.escape(fields["comment"])}</p>'),
            (
                '<ol class="moves" hidden></ol>',  # (the move list: zola.draw.movelist's markup)
                f'<ol class="moves"{shown(panel)} aria-label="{say["moves"]}">'
                f'{first["moves"] if panel else ""}</ol>',
            ),
            (
                '<p class="announce sr-only" aria-live="polite"></p>',
                f'<p class="announce sr-only" aria-live="polite">{announce}</p>',
            ),
        ]
    )
    for part, here in made.items():
        if part not in parts:
            raise ValueError(f"{PARTS}: no {part}, which zola.docs.sitefiles fills")
        parts = parts.replace(part, here, 1)
    return f'<template shadowrootmode="open"><style>{css}</style>{parts}</template>'


def files(root: Path | None = None) -> list[str]:
    """Every file a page of live boards loads, as a path under APP, the loader first,
    then the board's style sheet and parts (:data:`STYLE`, :data:`PARTS`: the loader
    holds them, the docs tools read them from the package).

    Read from ``root`` (default: :func:`source`): the loader's ``RUNTIME`` and the files
    it names with ``url("...")``, with the modules they import. Raises
    ``FileNotFoundError`` naming what is missing, ``ValueError`` when the loader no
    longer says what this reads.
    """
    root = source() if root is None else root
    if not (root / LOADER).is_file():
        raise FileNotFoundError(f"{HINT}; not found in {root}: {LOADER}")
    loader = (root / LOADER).read_text(encoding="utf-8")
    runtime = _STRING.findall(_constant(loader, "RUNTIME"))[0]
    named = [path for path in re.findall(r'\burl\("([^"]+)"\)', loader) if path != LOADER]
    found = [
        LOADER,
        STYLE,
        PARTS,
        *_with_imports(root, named),
        runtime,
        runtime.removesuffix(".mjs") + ".wasm",  # MicroPython loads it from beside its .mjs
    ]
    listed = list(dict.fromkeys(found))
    missing = [path for path in listed if not (root / path).is_file()]
    if missing:
        raise FileNotFoundError(f"{HINT}; not found in {root}: {', '.join(missing)}")
    return listed


@cache
def started(root: Path | None = None) -> tuple[str, ...]:
    """What the loader fetches as soon as it runs, as paths under APP (of :func:`files`):
    all but the loader, the board's style sheet and parts, which it holds, and the files
    a board may ask for later (its ``FILES``: the puzzle sets). A page may ask for them
    beside its loader line (:func:`zola.docs.diagrams.loader_script`), so that they come
    while the browser still reads the page. Read once (each page of a docs build asks).

    >>> [path.rsplit("/", 1)[1] for path in started()][-2:]  # MicroPython's
    ['micropython.mjs', 'micropython.wasm']
    >>> [path for path in started() if path.startswith("zola/data/")]
    []
    """
    root = source() if root is None else root
    loader = (root / LOADER).read_text(encoding="utf-8")
    wanted = re.search(r"\nconst FILES = \{(.*?)\n\};", loader, re.S)
    if wanted is None:
        raise ValueError(f"{LOADER}: no `const FILES = {{...}};`, which zola.docs.sitefiles reads")
    later = {LOADER, STYLE, PARTS, *re.findall(r'\burl\("([^"]+)"\)', wanted[1])}
    return tuple(path for path in files(root) if path not in later)


def _with_imports(root: Path, paths: list[str]) -> list[str]:
    """``paths`` and the JavaScript modules each imports statically (``import { x } from
    "./y.js"``), and theirs, breadth first."""
    seen: list[str] = []
    wanted = list(paths)
    while wanted:
        path = wanted.pop(0)
        if path in seen:
            continue
        seen.append(path)
        file = root / path
        if not (path.endswith(".js") and file.is_file()):
            continue
        folder = path.rsplit("/", 1)[0]
        text = file.read_text(encoding="utf-8")
        wanted += [f"{folder}/{name[2:]}" for name in _STATIC_IMPORT.findall(text)]
    return seen


def _constant(text: str, name: str) -> str:
    match = re.search(_CONSTANT.format(name=name), text)
    if match is None:
        raise ValueError(f"{LOADER}: no `const {name} = ...;`, which zola.docs.sitefiles reads")
    return match[1]


def copy(destination: Path, root: Path | None = None) -> list[str]:
    """Write :func:`files` into ``destination`` keeping their paths (a file already
    there with the same bytes is left alone); return the paths."""
    root = source() if root is None else root
    listed = files(root)
    for path in listed:
        target = destination / path
        if target.is_file() and target.read_bytes() == (root / path).read_bytes():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / path, target)
    return listed
