"""The static site's files agree with the package."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_IN_BROWSER = {"__main__.py", "cli.py"}  # the command line has no use in a page


def test_pyscript_config_lists_every_module() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    modules = {f"./zola/{p.name}" for p in (ROOT / "zola").glob("*.py")} - {
        f"./zola/{name}" for name in NOT_IN_BROWSER
    }
    assert set(config["files"]) == modules
    assert all(config["files"][path] == path for path in modules)
    assert config["interpreter"] == "./node_modules/pyodide/pyodide.mjs"


def test_the_page_text_in_the_html_is_the_english_of_the_string_table() -> None:
    from html.parser import HTMLParser

    from zola.i18n import LANGUAGES, STRINGS

    found: dict[str, str] = {}

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[tuple[str | None, list[str]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            attributes = dict(attrs)
            for name in ("data-text-title", "data-text-label"):
                if name in attributes:
                    plain = "title" if name.endswith("title") else "aria-label"
                    found[f"{attributes[name]} ({plain})"] = attributes.get(plain) or ""
            if tag not in ("meta", "link", "input", "br", "img"):
                self.open.append((attributes.get("data-text"), []))

        def handle_data(self, data: str) -> None:
            for _, parts in self.open:
                parts.append(data)

        def handle_endtag(self, tag: str) -> None:
            key, parts = self.open.pop()
            if key:
                found[key] = " ".join("".join(parts).split())

    Reader().feed((ROOT / "index.html").read_text())
    english = STRINGS["en"]
    expected = {key: english[key.split(" ")[0]] for key in found}
    assert found == expected
    for language in LANGUAGES:
        assert set(STRINGS[language]) == set(english), language
