"""The rules page (docs/rules.html) and its diagrams agree with the game.

The diagrams are exactly what ``docs/figures.py`` draws now, each is valid
SVG, each caption names exactly the moves the figure's check proves legal,
and the live board starts at the position of the step diagram, its first screen
drawn in the page as ``docs/figures.py`` draws it now.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from zola import Move, Position
from zola.lang.i18n import LANGUAGES, say
from zola.page.present import rules_page
from zola.rules.link import parse

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULE_SHEET = "https://www.marksteeregames.com/Zola_rules.pdf"
# The rules page in each language: rules.html in English, rules.XX.html in the others.
PAGES = {language: f"rules.{language}.html" for language in LANGUAGES if language != "en"}
PAGES["en"] = "rules.html"
RULES = [PAGES[language] for language in LANGUAGES]
# The loader line as the docs tools write it: async, beside links that start its files.
SCRIPTS = [{"src": "rules.js"}, {"type": "module", "async": None, "src": "../web/boards.js"}]


def _load_figures():  # the docs/figures.py module
    spec = importlib.util.spec_from_file_location("docs_figures", DOCS / "figures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


figures = _load_figures()
NAMES = [figure.name for figure in figures.FIGURES]


class Page(HTMLParser):
    """What the tests need from rules.html: figures with their captions, links, frames,
    live boards (each with the drawing it shows until it is live), scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str | None]] = []
        self.links: list[dict[str, str | None]] = []
        self.anchors: list[str] = []
        self.frames: list[dict[str, str | None]] = []
        self.boards: list[dict[str, str | None]] = []
        self.previews: list[dict[str, str | None]] = []  # the drawings inside live boards
        self.scripts: list[dict[str, str | None]] = []
        self._board_depth = 0  # > 0 inside a live board's element
        self.captions: dict[str, list[str]] = {}  # figure image src -> <code> texts
        self.caption_text: dict[str, str] = {}
        self._figure_src: str | None = None
        self._in_caption = False
        self._in_code = False
        self._text: list[str] = []
        self.name = ""  # the page's file name in docs/
        self.languages: list[dict[str, str | None]] = []  # the links to each language's page

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "div" and (self._board_depth or "data-zola" in attributes):
            self._board_depth += 1
            if self._board_depth == 1:
                self.boards.append(attributes)
        elif tag == "svg" and self._board_depth:
            self.previews.append(attributes)
        elif tag == "img":
            self.images.append(attributes)
            if self._figure_src is None:
                self._figure_src = attributes.get("src")
        elif tag == "figure":
            self._figure_src = None
        elif tag == "figcaption":
            self._in_caption = True
            self._text = []
            self.captions.setdefault(self._figure_src or "", [])
        elif tag == "code":
            self._in_code = True
            self._code = ""
        elif tag == "link":
            self.links.append(attributes)
        elif tag == "a":
            self.anchors.append(attributes.get("href") or "")
            if "data-language" in attributes:
                self.languages.append(attributes)
        elif tag == "iframe":
            self.frames.append(attributes)
        elif tag == "script" and not self._board_depth:  # not a board's first screen
            self.scripts.append(attributes)

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self._text.append(data)
        if self._in_code:
            self._code += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._board_depth:
            self._board_depth -= 1
        elif tag == "code" and self._in_code:
            self._in_code = False
            if self._in_caption:
                self.captions[self._figure_src or ""].append(self._code)
        elif tag == "figcaption":
            self._in_caption = False
            self.caption_text[self._figure_src or ""] = " ".join("".join(self._text).split())
        elif tag == "figure":
            self._figure_src = None


@pytest.fixture(scope="module", params=RULES)
def page(request: pytest.FixtureRequest) -> Page:
    """Each rules page (one per language), read."""
    reader = Page()
    reader.name = request.param
    reader.feed((DOCS / request.param).read_text(encoding="utf-8"))
    return reader


# ------------------------------------------------------------------ the figures


def test_the_committed_figures_are_what_the_script_draws_now(tmp_path: Path) -> None:
    written = figures.write(tmp_path)
    fresh = {path.name: path.read_bytes() for path in written}
    committed = {path.name: path.read_bytes() for path in (DOCS / "figures").glob("*.svg")}
    assert set(committed) == set(fresh), "run: python3 docs/figures.py"
    stale = [name for name in fresh if committed[name] != fresh[name]]
    assert not stale, f"out of date: {stale}; run: python3 docs/figures.py"


@pytest.mark.parametrize("figure", figures.FIGURES, ids=NAMES)
def test_each_figure_is_an_svg_of_its_position(figure) -> None:
    text = (DOCS / "figures" / f"{figure.name}.svg").read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert Position.parse(root.get("data-position")) == figure.start()
    size = figure.start().size
    squares = root.findall(".//{http://www.w3.org/2000/svg}path[@data-square]")
    assert len(squares) == size * size
    arrows = root.findall(".//{http://www.w3.org/2000/svg}g[@class='arrow']")
    assert len(arrows) == (len(figure.moves) if figure.arrows else 0)


@pytest.mark.parametrize("figure", figures.FIGURES, ids=NAMES)
def test_each_figure_makes_its_caption_true(figure) -> None:
    figure.check(figure.start())


def test_a_false_claim_is_caught() -> None:
    step = next(f for f in figures.FIGURES if f.name == "step")
    with pytest.raises(AssertionError):
        figures.expect_legal(step.start(), step.moves[:2])
    with pytest.raises(AssertionError):  # one more blue checker changes the moves
        step.check(Position.parse("6/6/br4/b5/1b4/6 r"))


def test_the_step_diagram_cannot_have_its_blue_checker_right_below() -> None:
    # The rule sheet's Figure 2 shows a blue checker "below" the red one; right
    # below it would be capturable (same distance or closer), so it sits farther.
    position = Position.parse("6/6/br4/1b4/6/6 r")
    assert "b4xb3" in figures.legal(position)


# ----------------------------------------------------------------- the page


def test_every_figure_is_on_the_page_once_with_a_description(page: Page) -> None:
    sources = [image.get("src") for image in page.images]
    assert sorted(sources) == sorted(f"figures/{name}.svg" for name in NAMES)
    for image in page.images:
        assert len(image.get("alt") or "") > 40, image
        assert image.get("width") and image.get("height"), image


@pytest.mark.parametrize("figure", figures.FIGURES, ids=NAMES)
def test_each_caption_names_exactly_the_checked_moves(page: Page, figure) -> None:
    src = f"figures/{figure.name}.svg"
    assert src in page.caption_text, f"{src} has no caption"
    assert sorted(page.captions[src]) == sorted(figure.moves)


def test_the_live_board_is_the_step_diagram(page: Page) -> None:
    # A live board (web/boards.js, loaded once), no iframe.
    assert len(page.boards) == 1 and page.frames == []
    assert page.scripts == SCRIPTS
    started = [link["href"] for link in page.links if link.get("fetchpriority") == "low"]
    assert "../web/python.js" in started and "../web/zola.rom" in started
    game, view = parse(page.boards[0]["data-zola"] or "")
    step = next(f for f in figures.FIGURES if f.name == "step")
    assert game.position == step.start()
    assert view.panel and view.shading and not view.static
    # It shows the step diagram's arrows, and until it is live its first screen, drawn
    # with its key and described in the page's language.
    assert list(game.root.note.arrows) == [Move.parse(text) for text in step.moves]
    (preview,) = page.previews
    assert Position.parse(preview["data-position"] or "") == step.start()
    assert len(preview.get("aria-label") or "") > 40 and preview.get("data-frame")
    for text in step.moves:  # the moves the text invites the reader to try
        assert Move.parse(text) in game.legal_moves()


def test_the_live_board_s_first_screen_is_what_the_script_draws_now(page: Page) -> None:
    html = (DOCS / page.name).read_text(encoding="utf-8")
    assert figures.with_first_screen(html) == html, "out of date; run: scripts/build"


def test_the_rules_pages_colours_are_the_play_page_s() -> None:
    sheet = (DOCS / "rules.css").read_text(encoding="utf-8")
    style = (DOCS.parent / "web" / "style.css").read_text(encoding="utf-8")
    assert figures.with_colours(sheet, style) == sheet, "out of date; run: scripts/build"
    assert "--bg: light-dark(" in sheet  # the block holds them
    changed = style.replace("--ink: light-dark(#2b2620,", "--ink: light-dark(#000,")
    assert changed != style and figures.with_colours(sheet, changed) != sheet


def test_the_page_stays_on_its_own_site_and_credits_mark_steere(page: Page) -> None:
    html = (DOCS / page.name).read_text(encoding="utf-8")
    language = next(code for code, name in PAGES.items() if name == page.name)
    assert f'<html lang="{language}">' in html
    assert "Zola, " + say(language, "page.credit") in html
    assert [script["src"] for script in page.scripts] == [script["src"] for script in SCRIPTS]
    assert {"rel": "icon", "href": "data:,"} in page.links
    fetched = [link["href"] for link in page.links if link.get("rel") != "icon"]
    fetched += [image["src"] for image in page.images]
    fetched += [frame["src"] for frame in page.frames]
    fetched += [script["src"] for script in page.scripts]
    for url in fetched:
        assert not urlsplit(url).scheme and not url.startswith("/"), url
        target = (DOCS / url.split("#")[0]).resolve()
        assert target.is_file(), url
    external = [href for href in page.anchors if urlsplit(href).scheme]
    assert set(external) == {RULE_SHEET}
    assert "../index.html" in page.anchors


def test_each_rules_page_links_every_language_and_marks_its_own(page: Page) -> None:
    expected = [
        {
            "href": PAGES[language],
            "hreflang": language,
            "lang": language,
            "data-language": language,
            **({"aria-current": "page"} if PAGES[language] == page.name else {}),
        }
        for language in LANGUAGES
    ]
    assert page.languages == expected
    script = (DOCS / "rules.js").read_text(encoding="utf-8")  # it knows every page
    assert all(f'{language}: "{name}"' in script for language, name in PAGES.items())


def test_the_first_screen_is_drawn_only_for_a_link_written_as_the_board_keys_it() -> None:
    html = (DOCS / "rules.html").read_text(encoding="utf-8")
    link = "v2;size=6;start=6/6/br4/6/1b4/6_r;notes=0:ab4-b5,ab4-a5,ab4-a3;panel;shade"
    assert f'data-zola="{link}"' in html
    reordered = html.replace(link, link.replace("panel;shade", "shade;panel"))
    with pytest.raises(ValueError, match=f'write the live board\'s link as "{link}"'):
        figures.with_first_screen(reordered)
    with pytest.raises(ValueError, match="one live board marked for its first screen: 0"):
        figures.with_first_screen(html.replace("<!-- end of first screen -->", ""))


def test_the_play_page_links_the_rules_page_in_each_language() -> None:
    root = Path(__file__).resolve().parents[1]
    pages = {language: rules_page(language) for language in LANGUAGES}
    assert all((root / path).is_file() for path in pages.values()), pages
    assert len(set(pages.values())) == len(LANGUAGES)
