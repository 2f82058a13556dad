"""Puzzles in the docs tools: the Sphinx directive and the Markdown block show a puzzle of
the package's set by its id, "Red to move and win in N moves.", and its solution folded
under the board, printed, or left out."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from tests.test_docs_tools import ROOT, Tags, build, inline_svgs, markdown
from zola.docs.diagrams import Diagram
from zola.page.board import Board
from zola.page.training import Trainer
from zola.puzzles.sets import load, parse

PUZZLES = load(6) + load(8) + load(10)
BLUE = next(p for p in PUZZLES if p.position.endswith(" b") and p.moves >= 2)
RED = next(p for p in PUZZLES if p.position.endswith(" r"))


def _solution(puzzle) -> str:
    return " ".join(
        (f"{i // 2 + 1}. " if i % 2 == 0 else "") + move for i, move in enumerate(puzzle.line)
    )


def _task(puzzle) -> str:
    side = "Blue" if puzzle.position.endswith(" b") else "Red"
    plural = "s" if puzzle.moves != 1 else ""
    return f"{side} to move and win in {puzzle.moves} move{plural}."


def test_markdown_shows_the_puzzle_facing_the_solver_with_the_solution_folded() -> None:
    html = markdown(f"```zola\npuzzle={BLUE.id}\ncaption: From a real game\n```\n")
    (svg,) = inline_svgs(html)
    assert svg.get("data-position") == BLUE.position and svg.get("data-flipped") == "1"
    (caption,) = Tags(html).all("figcaption")
    assert caption[1] == _task(BLUE) + " From a real game" + "Solution" + _solution(BLUE)
    # the solution in the caption, under its text: the figure's parts stay together
    summary = '<details class="zola-solution"><summary>Solution</summary>'
    folded = re.search("<figcaption>[^<]*" + re.escape(summary) + "<p>(.*?)</p>", html)
    assert folded and folded.group(1) == _solution(BLUE)
    assert html.index("<svg") < html.index("<details") < html.index("</figure>")


def test_a_live_puzzle_says_its_task_on_the_board_not_in_its_caption() -> None:
    live = markdown(f"```zola\npuzzle={BLUE.id}\nlive\ncaption: Quick\n```\n", boards_url="/z")
    (caption,) = Tags(live).all("figcaption")
    assert caption[1] == "Quick" + "Solution" + _solution(BLUE)
    # the task is the board's own, in its first screen (its shadow root's template)
    outside = re.sub(r"<template .*?</template>|<script .*?</script>", "", live, flags=re.S)
    assert _task(BLUE) not in outside
    (first_screen,) = re.findall(r"<template .*?</template>", live, flags=re.S)
    assert f'<p class="message">{_task(BLUE)}</p>' in first_screen
    # without a caption of its own: no figure, the solution under the board all the same
    bare = markdown(f"```zola\npuzzle={BLUE.id}\nlive\n```\n", boards_url="/z")
    assert "<figure" not in bare and "<figcaption" not in bare
    assert re.match(
        r'<script [^>]*></script>(<link [^>]*>)+<div class="zola-diagram" [^>]*><div data-zola=',
        bare,
    )
    assert bare.endswith(f"<p>{_solution(BLUE)}</p></details></div>")
    # a static one (and one in an iframe, over its static diagram) says it in its caption
    for static in (
        markdown(f"```zola\npuzzle={BLUE.id}\n```\n", boards_url="/z"),
        markdown(f"```zola\npuzzle={BLUE.id}\nlive: iframe\n```\n", app_url="https://a.org/"),
    ):
        assert Tags(static).all("figcaption")[0][1].startswith(_task(BLUE) + "Solution")


def test_markdown_prints_the_solution_after_or_leaves_it_out() -> None:
    after = markdown(f"```zola\npuzzle={RED.id}\nsolution: after\n```\n")
    assert f'<p class="zola-solution">Solution: {_solution(RED)}</p>' in after
    assert "<details" not in after
    (svg,) = inline_svgs(after)
    assert svg.get("data-flipped") == "0"
    none = markdown(f"```zola\npuzzle={RED.id}\nsolution: none\n```\n")
    assert "Solution" not in none and _task(RED) in none


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("puzzle=6-zzzzzz", "no puzzle has the id '6-zzzzzz'"),
        ("puzzle=7-abcdef", "a puzzle id starts with 6-, 8- or 10-"),
        (f"puzzle={RED.id}\nsolution: maybe", "solution must be hidden, after, none"),
    ],
)
def test_markdown_bad_puzzles_say_what_is_wrong(source: str, message: str, caplog) -> None:
    html = markdown(f"```zola\n{source}\n```\n")
    assert message in unescape(html) and "<svg" not in html
    assert message in caplog.text


def test_a_live_puzzle_block_asks_the_board_for_the_puzzle() -> None:
    html = markdown(f"```zola\npuzzle={RED.id}\nlive: true\n```\n", boards_url="/zola")
    (live,) = Tags(html).live()
    assert live["data-zola"].endswith(f";puzzle={RED.id}")


def first_screen(html: str) -> dict:
    """The first screen the docs tools wrote for the page's one live board."""
    (text,) = re.findall(r'<script type="application/json" class="zola-screen">(.*?)<', html)
    return json.loads(text)["screen"]


@pytest.mark.parametrize("source", [f"puzzle={BLUE.id}", f"#v1;size=8;puzzle={BLUE.id}"])
def test_a_live_puzzle_carries_its_line_and_its_first_screen_is_the_puzzle(source: str) -> None:
    # Written into the page at build time: the board reads it rather than fetching its
    # set, and shows its task and Hint before Python runs. A link that names a puzzle
    # (puzzle=ID among its words) carries that puzzle's line too.
    html = markdown(f"```zola\n{source}\nlive: true\n```\n", boards_url="/zola")
    (live,) = Tags(html).live()
    assert live["data-zola-puzzle"] == BLUE.text() and parse(live["data-zola-puzzle"]) == BLUE
    screen = first_screen(html)
    assert screen["puzzle"] == "solving" and screen["can_hint"] and screen["fetch"] == []
    assert screen["message"] == _task(BLUE)
    static = markdown(f"```zola\n{source}\n```\n")  # a diagram alone carries nothing
    assert "data-zola-puzzle" not in static


def test_a_live_link_naming_no_puzzle_of_the_set_is_an_error(caplog) -> None:
    html = markdown("```zola\n#v1;size=6;puzzle=6-zzzzzz\nlive: true\n```\n", boards_url="/z")
    assert "no puzzle has the id &#x27;6-zzzzzz&#x27;" in html and "data-zola" not in html
    assert "no puzzle has the id '6-zzzzzz'" in caplog.text


def test_the_solution_shown_is_the_one_the_page_accepts() -> None:
    trainer = Trainer(BLUE, Board())
    for _ in range(BLUE.moves):
        trainer.show()
    assert trainer.board.game.is_game_over()
    played = " ".join(str(m) for m in trainer.board.game.moves)
    assert played == re.sub(r"\d+\. ", "", _solution(BLUE))


@pytest.mark.slow
def test_sphinx_shows_the_puzzle_with_its_solution_folded_in_html_and_printed_in_latex(
    tmp_path: Path,
) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('project = "Puzzles"\nextensions = ["zola.sphinx"]\n')
    (src / "index.rst").write_text(
        f"Puzzles\n=======\n\n.. zola:: puzzle={BLUE.id}\n\n.. zola:: puzzle={RED.id}\n"
        "   :solution: after\n   :caption: *Quick*\n\n"
        f".. zola:: puzzle={BLUE.id}\n   :live:\n\n"
        f".. zola:: puzzle={RED.id}\n   :live:\n   :caption: *Quick*\n"
    )
    build(src, tmp_path / "html", tmp_path / "doctrees", "html")
    page = (tmp_path / "html" / "index.html").read_text("utf-8")
    # The live ones, in HTML: each board's element carries its puzzle's line.
    lines = [live["data-zola-puzzle"] for live in Tags(page).live()]
    assert lines == [BLUE.text(), RED.text()]
    screens = re.findall(r'<script type="application/json" class="zola-screen">(.*?)<', page)
    firsts = [json.loads(text)["screen"] for text in screens]
    assert [(first["puzzle"], first["fetch"]) for first in firsts] == [("solving", [])] * 2
    page = re.sub(r"<template .*?</template>|<script .*?</script>", "", page, flags=re.S)
    captions = [
        re.sub(r"</?span[^>]*>", "", unescape(text))  # (the task is a span of its own)
        for text in re.findall(r'class="caption-text">(.*?)</span><a class="headerlink"', page)
    ]
    # a live puzzle's board says its task: its caption is the author's alone, or none
    assert captions == [
        _task(BLUE),
        _task(RED) + " <em>Quick</em>",
        "<em>Quick</em>",
    ]
    assert page.count(_task(BLUE)) == page.count(_task(RED)) == 1
    # each solution in its figure, under the caption (the figure's legend)
    figures = re.findall(r"<figure .*?</figure>", page, re.S)
    assert len(figures) == 4
    folded = f"<summary>Solution</summary><p>{_solution(BLUE)}</p></details>"
    assert folded in figures[0] and folded in figures[2]
    assert f"Solution: {_solution(RED)}" in figures[1]
    assert page.count("<details") == 3 and "</figure>" not in page.split(figures[-1])[-1][:50]
    pytest.importorskip("cairosvg")  # the LaTeX build converts the diagrams to PNG
    build(src, tmp_path / "latex", tmp_path / "doctrees", "latex")
    tex = next((tmp_path / "latex").glob("*.tex")).read_text("utf-8")
    tex = tex.replace("\\sphinxhyphen{}", "-")
    assert f"Solution: {_solution(BLUE)}" in tex and f"Solution: {_solution(RED)}" in tex
    assert "details" not in tex
    # in print every board is static: each says its task, in its caption
    assert tex.count(_task(BLUE)) == tex.count(_task(RED)) == 2


def test_the_guides_gallery_shows_puzzles_of_the_set_by_rating() -> None:
    """Each puzzle of the guide's gallery is in the set, its caption giving its rating,
    the gallery going from easy to hard on each size."""
    page = (ROOT / "guide" / "puzzles.md").read_text("utf-8")
    caption = r"^```\{zola\} puzzle=(\S+)\n:caption: (?:On \d+x\d+, r|R)ated (\d+)"
    shown = re.findall(caption, page, re.M)
    assert len(shown) >= 8
    by_id = {puzzle.id: puzzle for puzzle in PUZZLES}
    for size, least in (("6", 3), ("8", 3), ("10", 2)):
        ratings = [int(rating) for id, rating in shown if id.startswith(size + "-")]
        assert ratings == sorted(ratings) and len(ratings) >= least
    for id, rating in shown:
        assert by_id[id].rating == int(rating), id
        assert Diagram("puzzle=" + id, {"live": ""}).puzzle == by_id[id]
