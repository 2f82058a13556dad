"""The notebook widget's front end (zola.notebook.ESM) in Chromium, rendered against a
small stand-in for anywidget's model: what it paints, and the messages it sends. Each
message goes to the widget's Python side, whose new state is painted back, as the kernel
would."""

from __future__ import annotations

import json

from zola.notebook import ESM, Board

TRAITS = ("svg", "status", "turn", "message", "moves", "can_back", "can_forward", "pie", "labels")

# A model as anywidget hands the front end: get, set (then "change"), send, on, off.
HOST = """<!doctype html><html lang="en"><meta charset="utf-8"><title>widget</title>
<div id="out"></div>
<script type="module">
import widget from "./notebook-widget.js";
const state = %s;
const handlers = {};
window.sent = [];
window.model = {
  get: (name) => state[name],
  set(changes) {
    Object.assign(state, changes);
    for (const f of handlers.change || []) f();
  },
  send: (content) => window.sent.push(content),
  on: (event, f) => (handlers[event] ||= []).push(f),
  off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
};
widget.render({ model: window.model, el: document.getElementById("out") });
document.body.dataset.ready = "1";
</script></html>"""


def state(board: Board) -> dict[str, object]:
    return {name: getattr(board, name) for name in TRAITS}


def open_widget(page, server_url: str, board: Board):
    page.route(
        f"{server_url}/notebook-widget.js",
        lambda route: route.fulfill(body=ESM, content_type="text/javascript"),
    )
    html = HOST % json.dumps(state(board))
    page.route(
        f"{server_url}/notebook-widget.html",
        lambda route: route.fulfill(body=html, content_type="text/html"),
    )
    page.goto(f"{server_url}/notebook-widget.html")
    page.wait_for_selector("body[data-ready='1']")
    return page


def relay(page, board: Board) -> list[dict[str, object]]:
    """The messages sent since the last relay, handled by the widget's Python side,
    whose new state is painted."""
    sent = page.evaluate("window.sent.splice(0)")
    for message in sent:
        board.handle(message)
    page.evaluate("(changes) => window.model.set(changes)", state(board))
    return sent


def test_clicks_and_presses_go_to_python_and_its_answer_is_painted(
    page, server_url: str
) -> None:
    board = Board("v1;size=6;moves=c3xd3", panel=True)
    open_widget(page, server_url, board)
    assert page.locator(".zola-status").text_content() == "Blue to move."
    assert page.locator(".zola-board svg [data-square]").count() == 36
    assert page.locator("button[data-do=forward]").is_disabled()
    assert page.locator("button[data-do=swap]").is_visible()

    page.locator('.zola-board [data-square="c4"]').click()
    assert relay(page, board) == [{"type": "click", "square": "c4"}]
    page.locator('.zola-board [data-square="d3"]').click()
    assert relay(page, board) == [{"type": "click", "square": "d3"}]
    assert page.locator(".zola-status").text_content() == "Red to move."
    assert page.locator(".zola-moves button").all_text_contents() == ["c3xd3", "c4xd3"]
    assert not page.locator("button[data-do=swap]").is_visible()

    page.locator('.zola-board [data-square="b1"]').click()  # Blue's, Red to move
    relay(page, board)
    assert page.locator(".zola-message").text_content() == "Not your checker: Red is to move."

    page.locator("button[data-do=first]").click()
    assert relay(page, board) == [{"type": "button", "name": "first"}]
    assert page.locator("button[data-do=back]").is_disabled()
    assert page.locator(".zola-status").text_content() == "Red to move."
    page.locator(".zola-moves button", has_text="c4xd3").click()
    assert relay(page, board) == [{"type": "node", "number": 2}]
    assert board.game.ply == 2 and page.locator("button[data-do=forward]").is_disabled()
    assert page.locator("button[data-do=back]").get_attribute("title") == "Back one move"
    assert page.console_errors == []
