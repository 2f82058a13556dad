"""The static site's files agree with the package."""

import re
import tomllib
from pathlib import Path

from scripts.mpy import imported_modules, modules
from scripts.patch_runtime import CHECK, GLUE
from tests import check_script
from zola.lang.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = "./node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
PYODIDE = "./node_modules/pyodide/pyodide.mjs"


def config_files(name: str) -> tuple[str, set[str]]:
    """A config's interpreter and the zola modules it puts in the file system, each as
    itself (``./zola/x.py``: the computer's Pyodide)."""
    config = tomllib.loads((ROOT / name).read_text())
    files = config["files"]
    for source, destination in files.items():
        assert source == destination and source.startswith("./zola/"), (source, destination)
        assert source.endswith(".py") and (ROOT / source).is_file(), source
    return config["interpreter"], {path.removeprefix("./zola/")[:-3] for path in files}


def play_constant(name: str) -> dict[str, str]:
    """A constant object of web/play.js (the play page's start), as a dict of strings."""
    script = (ROOT / "web" / "play.js").read_text("utf-8")
    body = re.search(r"\nconst " + name + r" = \{(.*?)\};", script, re.S)
    assert body, f"web/play.js has no {name}"
    return dict(re.findall(r'"?([\w.]+)"?: "([^"]+)"', body.group(1)))


def test_the_pages_bytecode_is_compiled_from_the_sources_now() -> None:
    check_script("mpy.py")
    # The page compiles no source: its modules come in one image, which web/rom.py
    # mounts, and its script (web/boot.py) runs the glue compiled into it.
    files = play_constant("FILES")
    assert files == {"zola.rom": "zola.rom", "zola_rom.py": "rom.py", "zola_boot.py": "boot.py"}


def test_the_loader_holds_the_board_style_sheet_and_parts_as_they_are_now() -> None:
    # scripts/board_parts.py wrote web/board.css and web/board.html into the loader ...
    check_script("board_parts.py")
    loader = (ROOT / "web" / "boards.js").read_text("utf-8")
    assert loader.count("\nconst CSS = ") == loader.count("\nconst SHELL = ") == 1
    # ... which fetches neither: a page's boot makes no request for them.
    assert not re.search(r"""url\(\s*["'][^"']*board\.(css|html)""", loader)


def test_the_served_micropython_has_no_table_check_on_its_busiest_path() -> None:
    # scripts/patch_runtime.py took it out after npm installed the runtime, and nothing else.
    check_script("patch_runtime.py")
    assert CHECK not in GLUE.read_text("utf-8")


def test_the_page_runs_micropython_with_every_module_the_page_needs() -> None:
    # web/play.js starts the page's MicroPython itself (no PyScript on the main thread).
    play = (ROOT / "web" / "play.js").read_text("utf-8")
    assert f'import * as runtime from ".{MICROPYTHON}";' in play
    html = (ROOT / "index.html").read_text()
    assert '<script type="module" src="./web/play.js"></script>' in html
    assert '<script type="mpy"' not in html and "pyscript/core/dist/core.js" not in html
    languages = {f"lang/{language}" for language in LANGUAGES if language != "en"}
    # The languages (zola.lang.i18n) and the opening book's data (zola.engine.book) load
    # when needed.
    page = imported_modules(ROOT / "web" / "main.py") | languages | {"engine/openings"}
    assert page <= set(modules())
    assert set(modules()) - page <= {"page/live", "page/bridge"}  # and the live boards'
    assert "engine/ai" not in modules()  # the search stays in the worker
    assert "puzzles/solver" not in modules()  # and so does the puzzles' prover
    boards = (ROOT / "web" / "boards.py").read_text()
    assert boards.index("import zola_rom") < boards.index("from zola")
    # The page's script mounts the image, then runs its glue (web/main.py) from it.
    boot = (ROOT / "web" / "boot.py").read_text()
    assert boot.index("import zola_rom") < boot.index("import page_main")
    assert b"page_main.mpy" in (ROOT / "web" / "zola.rom").read_bytes()


def test_the_computers_config_is_pyodide_with_what_the_worker_needs() -> None:
    interpreter, modules = config_files("pyscript.toml")
    assert interpreter == PYODIDE
    # The opening book stays on the page, which answers from it without asking the worker.
    assert modules == imported_modules(ROOT / "web" / "ai_worker.py")
    assert "engine/book" not in modules and "engine/openings" not in modules
    # web/play.js starts the worker with that config, through PyScript.
    play = (ROOT / "web" / "play.js").read_text("utf-8")
    assert 'script.setAttribute("config", "./pyscript.toml");' in play
    assert 'script.src = "./web/ai_worker.py";' in play


def test_the_page_text_in_the_html_is_the_english_of_the_string_table() -> None:
    from html.parser import HTMLParser

    from zola.lang.i18n import ENGLISH
    from zola.page.present import rules_page

    PLAIN = {"data-text-title": "title", "data-text-label": "aria-label"}
    PLAIN["data-text-placeholder"] = "placeholder"

    found: dict[str, str] = {}

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[tuple[str | None, list[str]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            attributes = dict(attrs)
            for name, plain in PLAIN.items():
                if name in attributes:
                    found[f"{attributes[name]} ({plain})"] = attributes.get(plain) or ""
            if attributes.get("id") == "rules-page":
                found["rules page"] = attributes.get("href") or ""
            if tag not in ("meta", "link", "input", "br", "img"):
                self.open.append((attributes.get("data-text"), []))

        def handle_data(self, data: str) -> None:
            for _, parts in self.open:
                parts.append(data)

        def handle_endtag(self, tag: str) -> None:
            key, parts = self.open.pop()
            if key:
                found[key] = " ".join("".join(parts).split())

    # The page draws its texts only in another language (web/main.py): the HTML's are
    # the English ones, each where the page would write it.
    html = (ROOT / "index.html").read_text()
    assert '<html lang="en">' in html
    Reader().feed(html)
    assert found.pop("rules page") == rules_page("en")
    expected = {key: ENGLISH[key.split(" ")[0]] for key in found}
    assert found == expected
    assert len([key for key in found if key.endswith("(placeholder)")]) == html.count(
        "data-text-placeholder="
    )
