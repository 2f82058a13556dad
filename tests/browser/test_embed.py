"""Embeds: the board in an iframe of a host page on another origin, its options, postMessage."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from zola import Position, decode

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Host</title></head><body><h1>A document that embeds a board</h1>
<iframe id="board" src="{src}" width="420" height="520" title="Zola board"></iframe>
<script>
  window.received = [];
  window.addEventListener("message", (event) => window.received.push(event.data));
</script></body></html>"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _serve(folder: Path, address: str) -> Iterator[tuple[str, Path]]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer((address, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://{address}:{server.server_address[1]}", folder
    server.shutdown()


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A second local server, on another port (another origin), for host pages."""
    yield from _serve(tmp_path_factory.mktemp("host"), "127.0.0.1")


@pytest.fixture(scope="module")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Host pages on another site (127.0.0.2): the browser treats the board as a
    third party there and blocks its storage."""
    yield from _serve(tmp_path_factory.mktemp("other-site"), "127.0.0.2")


def embed(page, host, server_url: str, fragment: str):
    """Open a host page that embeds the app with ``fragment``; return the iframe's frame."""
    url, folder = host
    name = f"host-{abs(hash(fragment))}.html"
    (folder / name).write_text(HOST_PAGE.format(src=f"{server_url}/index.html#{fragment}"))
    page.goto(f"{url}/{name}")
    frame = page.frame_locator("#board")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    return frame


def position(frame) -> Position:
    return Position.parse(frame.locator("#board svg").get_attribute("data-position"))


def test_an_embed_shows_the_board_alone_and_plays(page, host, server_url, screenshot) -> None:
    frame = embed(page, host, server_url, "v1;size=6;moves=c3xd3;embed")
    assert frame.locator("header").is_hidden() and frame.locator("footer").is_hidden()
    assert frame.locator("#moves").is_hidden() and frame.locator("#undo").is_hidden()
    link = frame.locator("#app-link")
    assert link.is_visible()
    assert link.get_attribute("href") == f"{server_url}/index.html#v1;size=6;moves=c3xd3"
    box = frame.locator("#board svg").bounding_box()
    assert box["width"] >= 300  # the board fills the frame
    frame.locator('#board [data-square="c4"]').click()
    frame.locator('#board [data-square="d3"]').click()
    assert str(decode(link.get_attribute("href").split("#")[1]).moves[-1]) == "c4xd3"
    screenshot("embed", page=page)


def test_embed_options(page, host, server_url, screenshot) -> None:
    options = "embed;panel;static;flip;shade;nocoords;nohints;dark;nolink"
    fragment = f"v1;size=8;moves=d4xe4.d5xe4;ply=1;{options}"
    frame = embed(page, host, server_url, fragment)
    svg = frame.locator("#board svg")
    assert svg.get_attribute("data-flipped") == "1"
    assert frame.locator("#board .coordinate").count() == 0
    assert len(frame.locator("#board .class-letters").text_content()) == 64
    assert frame.locator("body.dark").count() == 1
    assert frame.locator("#app-link").is_hidden()
    assert frame.locator("#moves").is_visible() and frame.locator("#redo").is_visible()
    assert frame.locator("#moves button.current").text_content() == "d4xe4"  # the ply option
    before = position(frame)
    frame.locator('#board [data-square="e5"]').click()
    frame.locator('#board [data-square="e4"]').click()
    assert position(frame) == before  # view only: clicks move nothing
    assert frame.locator("#message").text_content() == "This board is for viewing only."
    frame.locator("#redo").click()  # the step buttons still work
    assert frame.locator("#moves button.current").text_content() == "d5xe4"
    screenshot("embed-options", page=page)


def test_hints_can_be_switched_off(page, host, server_url) -> None:
    frame = embed(page, host, server_url, "v1;size=6;embed;nohints")
    frame.locator('#board [data-square="c3"]').click()
    assert frame.locator("#board .selected").count() == 1
    assert frame.locator("#board .hint").count() == 0


def test_post_message_round_trip(page, host, server_url) -> None:
    frame = embed(page, host, server_url, "v1;size=6;embed")
    frame.locator('#board [data-square="c3"]').click()
    frame.locator('#board [data-square="d3"]').click()
    page.wait_for_function("window.received.some((m) => m.type === 'zola:move')")
    message = page.evaluate("window.received.find((m) => m.type === 'zola:move')")
    assert message == {
        "type": "zola:move",
        "move": "c3xd3",
        "position": "brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb b",
        "fragment": "v1;size=6;moves=c3xd3",
    }
    page.evaluate(
        "document.querySelector('#board').contentWindow.postMessage("
        "{type: 'zola:load', fragment: 'v1;size=10;moves=e5xf5'}, '*')"
    )
    frame.locator("#board svg[data-size='10']").wait_for(timeout=10_000)
    assert frame.locator("#board [data-square]").count() == 100
    page.evaluate(
        "document.querySelector('#board').contentWindow.postMessage("
        "{type: 'zola:load', fragment: '<b>bad</b>'}, '*')"
    )
    message = frame.locator("#message")
    message.filter(has_text="no valid game").wait_for(timeout=10_000)
    assert frame.locator("#message b").count() == 0  # shown as text, never as markup
    assert position(frame) == Position.start(10)  # a fresh game


SIBLING_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Host</title></head><body>
<iframe id="board" src="{src}" width="420" height="520" title="Zola board"></iframe>
<iframe id="evil" src="{evil}" width="200" height="100" title="Advert"></iframe>
</body></html>"""

EVIL_SIBLING = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
</head><body><script>
  window.attack = () => parent.frames[0].postMessage(
    {type: "zola:load", fragment: "v1;size=8;moves=d4xe4"}, "*");
</script></body></html>"""

OPENER_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
</head><body><script>
  window.attack = (url) => {
    const board = window.open(url);
    const message = {type: "zola:load", fragment: "v1;size=6;static"};
    setInterval(() => board.postMessage(message, "*"), 200);
  };
</script></body></html>"""


def saved_games(frame) -> str | None:
    return frame.locator("body").evaluate("() => localStorage.getItem('zola-recent')")


def test_a_sibling_frame_cannot_load_a_game(page, host, server_url) -> None:
    url, folder = host
    (folder / "evil.html").write_text(EVIL_SIBLING)
    src = f"{server_url}/index.html#v1;size=6;moves=c3xd3;embed"
    evil = f"{url}/evil.html"  # the host's origin: a frame beside the board, not its parent
    (folder / "siblings.html").write_text(SIBLING_PAGE.format(src=src, evil=evil))
    page.goto(f"{url}/siblings.html")
    frame = page.frame_locator("#board")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    page.frame(url=f"{url}/evil.html").evaluate("window.attack()")
    page.wait_for_timeout(800)
    assert frame.locator("#board svg").get_attribute("data-size") == "6"
    assert frame.locator("#moves button").all_text_contents() == ["c3xd3"]


def test_an_opener_cannot_load_a_game_into_the_full_app(browser, host, server_url) -> None:
    url, folder = host
    (folder / "opener.html").write_text(OPENER_PAGE)
    context = browser.new_context()
    try:
        app = context.new_page()
        app.goto(f"{server_url}/index.html#v1;size=6")
        app.wait_for_selector("body[data-ready='1']", timeout=60_000)
        app.click('#board [data-square="c3"]')
        app.click('#board [data-square="d3"]')
        saved = app.evaluate("localStorage.getItem('zola-recent')")
        assert "c3xd3" in saved
        opener = context.new_page()
        opener.goto(f"{url}/opener.html")
        with context.expect_page() as opened:
            opener.evaluate("(url) => window.attack(url)", f"{server_url}/index.html#v1;size=10")
        popup = opened.value
        popup.wait_for_selector("body[data-ready='1']", timeout=60_000)
        popup.wait_for_timeout(1000)  # several messages arrive meanwhile
        assert popup.get_attribute("#board svg", "data-size") == "10"  # its own link, not theirs
        assert popup.evaluate("document.body.classList.contains('static')") is False
        assert "c3xd3" in popup.evaluate("localStorage.getItem('zola-recent')")
    finally:
        context.close()


def test_a_host_message_keeps_the_embed_an_embed_and_saves_nothing(page, host, server_url) -> None:
    frame = embed(page, host, server_url, "v1;size=6;embed;flip")
    page.evaluate(
        "document.querySelector('#board').contentWindow.postMessage("
        "{type: 'zola:load', fragment: 'v1;size=8;moves=d4xe4'}, '*')"
    )
    frame.locator("#board svg[data-size='8']").wait_for(timeout=10_000)
    assert frame.locator("body.embed").count() == 1  # the guide's example keeps the view
    assert frame.locator("#board svg").get_attribute("data-flipped") == "1"
    frame.locator('#board [data-square="d5"]').click()
    frame.locator('#board [data-square="e4"]').click()
    assert frame.locator("#moves button").count() == 2
    assert saved_games(frame) is None  # an embed never keeps the visitor's games


def test_an_embed_on_another_site_without_storage_still_plays(page, other_site, server_url) -> None:
    frame = embed(page, other_site, server_url, "v1;size=6;embed")
    blocked = frame.locator("body").evaluate(
        "() => { try { localStorage.length; return false; } catch { return true; } }"
    )
    assert blocked  # the situation under test: the browser refuses this frame's storage
    frame.locator('#board [data-square="c3"]').click()
    frame.locator('#board [data-square="d3"]').click()
    assert frame.locator("#moves button").all_text_contents() == ["c3xd3"]
