"""The guide (guide/): Zola's documentation, built by its own docs tools. It builds with
Sphinx, warnings as errors; every example in it runs (its Python as doctests, its command
lines with the output they show) or is built into its pages (its zola blocks and HTML);
its rules pages, in six languages, show the positions whose claims docs/figures.py
checks. (Its pages in Chromium, from the site's folder: tests/browser/test_site_folder.py.)
The tests that build it (about 20 s on 2 cores) or run its command lines are marked slow,
as the docs tools' site builds are."""

from __future__ import annotations

import doctest
import html
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.test_docs import figures
from zola.docs.diagrams import Diagram, read_block
from zola.lang.i18n import LANGUAGES

FIGURES = figures.FIGURES

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "guide"
PAGES = sorted(GUIDE.glob("*.md"))
RULES = {code: GUIDE / ("rules.md" if code == "en" else f"rules.{code}.md") for code in LANGUAGES}
FENCE = re.compile(r"^(`{3,})(\{?[\w-]+\}?)[ \t]*([^\n]*)\n(.*?)^\1$", re.S | re.M)


def blocks(path: Path, kind: str) -> list[tuple[str, str]]:
    """The fenced blocks of the page ``path`` whose fence names ``kind`` (``python``,
    ``{zola}``, ``{example}``...): each one's argument and text."""
    text = path.read_text("utf-8")
    return [(found[3].strip(), found[4]) for found in FENCE.finditer(text) if found[2] == kind]


def sphinx_build(source: Path, out: Path, doctrees: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    return subprocess.run(
        [*command, "-d", str(doctrees), str(source), str(out)],
        capture_output=True, text=True, check=False,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("myst_parser")
    pytest.importorskip("furo")
    root = tmp_path_factory.mktemp("guide")
    done = sphinx_build(GUIDE, root / "html", root / "doctrees")
    assert done.returncode == 0, done.stderr + done.stdout
    return root / "html"


@pytest.mark.slow
def test_the_guide_builds_with_warnings_as_errors(built: Path) -> None:
    assert len(PAGES) >= 15
    for page in PAGES:
        assert (built / page.with_suffix(".html").name).is_file(), page.name
    # Its live boards load from the app beside it, in the site: nothing of theirs is copied.
    index = (built / "index.html").read_text("utf-8")
    assert '<script async="async" src="../web/boards.js" type="module"></script>' in index
    assert not (built / "_static" / "zola").exists()
    # The reference is read from the docstrings.
    api = (built / "api.html").read_text("utf-8")
    for name in ("zola.Game", "zola.Position", "zola.draw.svg.render", "zola.decode"):
        assert f'id="{name}"' in api, name


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python")], ids=lambda p: p.name)
def test_the_python_examples_run_as_doctests(page: Path) -> None:
    examples = [text for _, text in blocks(page, "python") if ">>> " in text]
    for snippet in (text for _, text in blocks(page, "python") if ">>> " not in text):
        # Not a doctest: lines of a conf.py, whose extensions all import.
        config: dict[str, object] = {}
        exec(compile(snippet, f"{page.name}: conf.py", "exec"), config)
        assert config.get("extensions"), f"{page.name}: a Python example is a doctest or conf.py"
        for name in config["extensions"]:  # type: ignore[attr-defined]
            pytest.importorskip(name)
    for number, text in enumerate(examples):
        test = doctest.DocTestParser().get_doctest(text, {}, f"{page.name}[{number}]", None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0, f"{page.name}, example {number + 1}"


def command_lines(page: Path) -> list[tuple[str, str]]:
    """The page's ``console`` examples: each ``$ python -m zola ...`` line and the output
    shown under it."""
    found = []
    for _, text in blocks(page, "console"):
        for example in re.split(r"^(?=\$ )", text, flags=re.M):
            if example:
                command, _, output = example.partition("\n")
                found.append((command.removeprefix("$ "), output))
    return found


@pytest.mark.slow
def test_the_command_lines_run_and_print_what_they_show(tmp_path: Path) -> None:
    examples = [example for page in PAGES for example in command_lines(page)]
    assert len(examples) >= 12
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    checker = doctest.OutputChecker()
    for command, output in examples:
        words = shlex.split(command)
        assert words[:3] == ["python", "-m", "zola"], command
        done = subprocess.run(
            [sys.executable, *words[1:]], cwd=tmp_path, env=env,
            capture_output=True, text=True, check=False,
        )
        assert done.returncode == 0, f"{command}\n{done.stderr}"
        assert checker.check_output(output, done.stdout, doctest.ELLIPSIS), (
            f"{command}\nshown:\n{output}\nprinted:\n{done.stdout}"
        )
        if "-o" in words:
            assert (tmp_path / words[words.index("-o") + 1]).stat().st_size > 0, command


@pytest.mark.slow
def test_the_html_examples_are_on_their_pages_as_shown(built: Path) -> None:
    shown = 0
    for page in PAGES:
        text = (built / page.with_suffix(".html").name).read_text("utf-8")
        for kind, example in blocks(page, "{example}"):
            if kind == "html":
                assert example.strip() in text, f"{page.name}: an example is not on its page"
                shown += 1
    assert shown >= 4


def _diagram(kind: str, example: str) -> Diagram:
    """The first zola block of a MyST or reST example, as the docs tools read it."""
    lines = example.strip("\n").splitlines()
    first = lines[0].strip()
    if first.startswith(("```{zola}", ".. zola::")):
        argument = re.sub(r"^(```\{zola\}|\.\. zola::)", "", first).strip()
        body = lines[1:-1] if kind == "markdown" else lines[1:]
        options = dict(re.findall(r"^\s*:([\w-]+):[ \t]*(.*)$", "\n".join(body), re.M))
        return Diagram(argument, options)
    assert first == "```zola", example
    return read_block(lines[1:-1]).diagram({})


@pytest.mark.slow
def test_the_zola_examples_are_built_as_the_boards_they_show(built: Path) -> None:
    made = 0
    for page in PAGES:
        text = html.unescape((built / page.with_suffix(".html").name).read_text("utf-8"))
        fragments = re.findall(r'<div class="zola-live" data-zola="([^"]*)"', text)
        captions = re.findall(r"<figcaption>\s*<p><span class=\"caption-text\">([^<]*)", text)
        for kind, example in blocks(page, "{example}"):
            if kind in ("markdown", "rst") and "zola" in example:
                diagram = _diagram(kind, example)
                assert diagram.live_fragment(app_link=True) in fragments, page.name
                assert diagram.caption in captions, page.name
                made += 1
    assert made >= 3


def figure_blocks(page: Path) -> list[dict[str, str]]:
    """The zola blocks of a rules page: each one's position and options."""
    found = []
    for position, text in blocks(page, "{zola}"):
        options = dict(re.findall(r"^:([\w-]+):[ \t]*(.*)$", text, re.M))
        found.append({"position": position, **options})
    return found


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_pages_show_the_checked_positions_in_their_language(
    built: Path, code: str
) -> None:
    page = RULES[code]
    # The figures of docs/figures.py (each caption's claims checked there), in its order,
    # with their arrows and shading, and the step position again, live, to try.
    shown = figure_blocks(page)
    figures = {figure.position: figure for figure in FIGURES}
    assert [block["position"] for block in shown] == [
        *(figure.position for figure in FIGURES[3:4]),
        *(figure.position for figure in FIGURES[:3]),
        *(figure.position for figure in FIGURES[4:6]),
        FIGURES[4].position,
        FIGURES[6].position,
    ]
    for block in shown:
        figure = figures[block["position"]]
        arrows = figure.moves if figure.arrows else ()
        assert tuple(block.get("arrows", "").split()) == arrows, block["position"]
        assert ("shading" in block) == figure.shading, block["position"]
    assert sum("live" in block for block in shown) >= 4
    # In the page's language, its boards' first screens too (a board that becomes live
    # speaks its page's <html lang>: nothing is drawn again).
    text = (built / page.with_suffix(".html").name).read_text("utf-8")
    assert f'<html class="no-js" lang="{code}"' in text
    boards = text.count('class="zola-live"')
    assert boards >= 4 and text.count(f'<div class="zola" lang="{code}"') == boards
    # Each links to the five others.
    links = re.findall(r'href="(rules(?:\.[a-z]{2})?\.html)"', text)
    assert set(links) == {path.with_suffix(".html").name for path in RULES.values()} - {
        page.with_suffix(".html").name
    }


def _words(markup: str) -> str:
    """The text of some HTML, as a reader sees it: no tags, no quotation marks nor
    apostrophes (Sphinx makes them typographic), one space."""
    text = html.unescape(re.sub(r"<[^>]+>", "", markup))
    return " ".join(re.sub(r"[“”„‘’«»\"']", "", text).split())


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_pages_say_what_the_apps_rules_pages_say(built: Path, code: str) -> None:
    """Each paragraph and caption of the app's rules page (docs/rules*.html) is on the
    guide's rules page of its language: the two teach the same words."""
    name = "rules.html" if code == "en" else f"rules.{code}.html"
    app_page = (ROOT / "docs" / name).read_text("utf-8")
    main = app_page[app_page.index("<main>") : app_page.index("</main>")]
    main = re.sub(r"<div class=\"live\".*?<!-- end of first screen --></div>", "", main, flags=re.S)
    blocks = re.findall(r"<(p|figcaption|h2|h3)\b[^>]*>(.*?)</\1>", main, re.S)
    said = [_words(text) for _, text in blocks]
    guide = _words((built / name).read_text("utf-8"))
    assert len(said) > 15
    assert [text for text in said if text not in guide] == []


def test_the_guides_tools_are_pinned_as_the_tests_run_them() -> None:
    pins = [
        line.split("#", 1)[0].strip()
        for line in (GUIDE / "requirements.txt").read_text("utf-8").splitlines()
    ]
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    test_extra = pyproject["project"]["optional-dependencies"]["test"]
    assert [pin for pin in pins if pin] and {pin for pin in pins if pin} <= set(test_extra)
    assert all("==" in pin for pin in pins if pin)


def test_the_readme_links_into_every_page_of_the_guide() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    linked = set(re.findall(r"\]\((guide/[^)#]*)\)", readme))
    assert all((ROOT / path).exists() for path in linked), linked
    english = {f"guide/{page.name}" for page in PAGES} - {"guide/benchmarks.md"}
    assert english - linked == set()
    assert len(readme.splitlines()) < 120  # what the project is, and the way into the guide
