"""Authoring in the page: the board editor, downloads, embed code and an embed's height."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.browser.conftest import use
from zola import Position, decode


def board(page) -> Position:
    return Position.parse(page.get_attribute("#board svg", "data-position"))


def test_the_editor_sets_up_a_position_and_plays_it(open_app, screenshot) -> None:
    page = open_app()
    use(page, "#edit")
    page.click("#edit-clear")
    assert page.text_content("#edit-problem").startswith("The board is empty")
    assert page.is_disabled("#edit-play")
    page.click('#board [data-square="c3"]')  # a red checker
    page.select_option("#tool", "blue")
    page.click('#board [data-square="d4"]')
    page.drag_and_drop('#board [data-square="d4"]', '#board [data-square="e5"]')
    page.keyboard.press("b")  # the keyboard puts a blue checker under its cursor (on d4)
    assert page.input_value("#edit-text") == "6/4b1/3b2/2r3/6/6 r"
    page.select_option("#edit-turn", "blue")
    assert page.evaluate("location.hash") == "#v1;size=6;start=6/4b1/3b2/2r3/6/6_b;edit"
    screenshot("editor")
    page.fill("#edit-text", "8/8/8/3rb3/8/8/8/8 r")
    page.keyboard.press("Enter")
    assert board(page) == Position.parse("8/8/8/3rb3/8/8/8/8 r")
    page.fill("#edit-text", "8/8/8 r")
    page.keyboard.press("Enter")
    assert page.text_content("#message").startswith("bad position '8/8/8 r'")
    page.click("#edit-play")
    game = decode(page.evaluate("location.hash"))
    assert game.start == Position.parse("8/8/8/3rb3/8/8/8/8 r") and game.moves == []
    page.click('#board [data-square="d5"]')
    page.click('#board [data-square="e5"]')
    assert [str(m) for m in decode(page.evaluate("location.hash")).moves] == ["d5xe5"]


def test_a_position_without_blue_is_refused_with_a_message(open_app) -> None:
    page = open_app("v1;size=6;start=6/6/2rb2/6/6/6_r;edit")
    page.click('#board [data-square="d4"]')  # red, the default tool, on Blue's only checker
    assert page.text_content("#edit-problem").startswith("Blue has no checkers")
    assert page.evaluate("location.hash") == "#v1;size=6;start=6/6/2rb2/6/6/6_r;edit"
    use(page, "#copy")  # no broken link: the message again
    assert page.text_content("#message").startswith("Blue has no checkers")


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_the_view_downloads_as_an_image(open_app, kind: str) -> None:
    page = open_app("v2;size=6;moves=c3xd3;notes=1:ac4xd3;flip")
    with page.expect_download() as download:
        use(page, f"#download-{kind}")
    data = open(download.value.path(), "rb").read()  # noqa: SIM115
    assert download.value.suggested_filename == f"zola-6x6-1.{kind}"
    if kind == "svg":
        root = ET.fromstring(data)
        assert root.get("data-position") == str(board(page)) and root.get("data-flipped") == "1"
        assert len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='arrow']")) == 1
    else:
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == 1200  # the width in its header


HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
</head><body>{code}
<script>
  window.heights = [];
  window.addEventListener("message", (e) => {{
    if (e.data?.type === "zola:resize") {{
      window.heights.push(e.data.height);
      document.querySelector("iframe").style.height = e.data.height + "px";
    }}
  }});
</script></body></html>"""


def test_embed_code_and_the_height_it_reports(open_app, page, server_url, tmp_path) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    open_app("v1;size=8;moves=d4xe4;flip")
    use(page, "#copy-embed")
    page.wait_for_function("document.querySelector('#message').textContent.includes('Embed')")
    code = page.evaluate("navigator.clipboard.readText()")
    assert code.startswith(f'<iframe src="{server_url}/#v1;size=8;moves=d4xe4;embed;flip"')
    (tmp_path / "host.html").write_text(HOST.format(code=code))
    page.route("**/host.html", lambda route: route.fulfill(path=tmp_path / "host.html"))
    page.goto(f"{server_url}/host.html")
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    page.wait_for_function("window.heights.length > 0")
    height = page.evaluate("window.heights.at(-1)")
    box = page.locator("iframe").bounding_box()
    assert box["width"] < height < box["width"] + 200  # a square board and a status line
    svg = frame.locator("#board svg").bounding_box()
    assert svg["width"] >= box["width"] - 30  # the board fills the frame's width


def test_an_embed_with_its_panel_reports_a_height_that_settles(page, server_url, tmp_path) -> None:
    # The page's body carries the `panel` word as a class too: the height is the panel's,
    # not the body's (which is the frame's, and would grow the frame at every report).
    code = (f'<iframe src="{server_url}/#v1;size=6;moves=c3xd3;embed;panel" width="420" '
            'height="560" title="Zola board" style="border:0"></iframe>')
    (tmp_path / "host.html").write_text(HOST.format(code=code))
    page.route("**/host.html", lambda route: route.fulfill(path=tmp_path / "host.html"))
    page.goto(f"{server_url}/host.html")
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    page.wait_for_function("window.heights.length > 0")
    page.wait_for_timeout(1500)  # a frame that grows reports again at once, and again
    heights = page.evaluate("window.heights")
    assert len(heights) <= 3, heights
    assert 420 < heights[-1] < 420 + 300, heights  # a square board, the steps, the moves
