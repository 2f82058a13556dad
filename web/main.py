"""The page glue: DOM events -> zola.app.App -> one render -> the URL fragment."""

import js
from pyodide.ffi import JsProxy, create_proxy, to_js
from pyscript import document, window

from zola.app import App

app = App()


def element(name):
    return document.getElementById(name)


EMBEDDED = window.parent != window


def render() -> None:
    """Draw everything from ``app``, write the game into the URL, tell a host page."""
    view = app.view
    body = document.body.classList
    body.toggle("embed", view.embed)
    body.toggle("panel", view.panel)
    body.toggle("static", view.static)
    body.toggle("dark", view.theme == "dark")
    element("app-link").hidden = not (view.embed and view.app_link)
    element("app-link").href = page_url(app.share_fragment())
    element("board").innerHTML = app.board_svg()
    status = element("status")
    status.textContent = app.status()
    status.dataset.turn = "" if app.game.is_game_over() else ("red", "blue")[app.game.turn]
    element("message").textContent = app.message
    red, blue = app.counts()
    element("count-red").textContent = f"Red {red}"
    element("count-blue").textContent = f"Blue {blue}"
    element("pie").hidden = not app.offers_swap()
    game = app.game
    element("undo").disabled = element("first").disabled = game.ply == 0
    element("redo").disabled = element("last").disabled = game.ply == len(game.moves)
    element("new").classList.toggle("attention", game.is_game_over())
    element("size").value = str(game.size)
    element("shading").checked = view.shading
    render_moves()
    window.history.replaceState(None, "", "#" + app.fragment())
    for move in app.take_played():
        if EMBEDDED:
            post_to_host(
                {
                    "type": "zola:move",
                    "move": str(move),
                    "position": str(app.game.position),
                    "fragment": app.share_fragment(),
                }
            )


def page_url(fragment: str) -> str:
    """This page's address with another fragment."""
    return window.location.href.split("#")[0] + "#" + fragment


def post_to_host(message: dict) -> None:
    window.parent.postMessage(to_js(message, dict_converter=js.Object.fromEntries), "*")


def render_moves() -> None:
    """The move list: one button per move, the viewed ply marked."""
    moves = element("moves")
    moves.replaceChildren()
    current = None
    for ply, text in enumerate(app.move_list(), 1):
        item = document.createElement("li")
        button = document.createElement("button")
        button.type = "button"
        button.textContent = text
        button.dataset.ply = str(ply)
        if ply == app.game.ply:
            button.classList.add("current")
            button.setAttribute("aria-current", "step")
            current = button
        elif ply > app.game.ply:
            button.classList.add("ahead")
        item.append(button)
        moves.append(item)
    if current is not None:  # keep the viewed move in sight, without scrolling the page
        moves.scrollTop = current.offsetTop - moves.clientHeight // 2


def action(handler):
    """Wrap ``handler(event)`` so it runs, then renders once."""

    def run(event) -> None:
        handler(event)
        render()

    return create_proxy(run)


def on(name: str, event: str, handler) -> None:
    element(name).addEventListener(event, action(handler))


def board_click(event) -> None:
    square = event.target.closest("[data-square]")
    if square is not None:
        app.click(square.dataset.square)


def move_list_click(event) -> None:
    button = event.target.closest("[data-ply]")
    if button is not None:
        app.go_to(int(button.dataset.ply))


def key(event) -> None:
    if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        return
    game = app.game
    target = {
        "ArrowLeft": game.ply - 1,
        "ArrowRight": game.ply + 1,
        "Home": 0,
        "End": len(game.moves),
    }.get(event.key)
    if target is not None:
        event.preventDefault()
        app.go_to(target)


def copy(url: str, what: str) -> None:
    """Put ``url`` on the clipboard and say so (or show it, where the clipboard is refused)."""

    def copied(_result) -> None:
        element("message").textContent = f"{what} copied to the clipboard."

    def failed(_error) -> None:
        element("message").textContent = f"Copy this link: {url}"

    window.navigator.clipboard.writeText(url).then(create_proxy(copied), create_proxy(failed))


def host_message(event) -> None:
    """A host page's ``{type: "zola:load", fragment}`` opens that game."""
    data = event.data
    if isinstance(data, JsProxy) and getattr(data, "type", None) == "zola:load":
        fragment = getattr(data, "fragment", None)
        app.load(fragment if isinstance(fragment, str) else "?")


def hash_changed(_event) -> None:
    if window.location.hash.removeprefix("#") != app.fragment():
        app.load(window.location.hash)


on("board", "click", board_click)
on("moves", "click", move_list_click)
on("new", "click", lambda _e: app.new_game(int(element("size").value)))
on("undo", "click", lambda _e: app.undo())
on("redo", "click", lambda _e: app.redo())
on("first", "click", lambda _e: app.go_to(0))
on("last", "click", lambda _e: app.go_to(len(app.game.moves)))
on("swap", "click", lambda _e: app.swap())
on("keep", "click", lambda _e: app.keep())
on("flip", "click", lambda _e: app.toggle("flip"))
on("shading", "change", lambda _e: app.toggle("shading"))
element("copy").addEventListener(
    "click", create_proxy(lambda _e: copy(page_url(app.share_fragment()), "Link"))
)
element("copy-position").addEventListener(
    "click", create_proxy(lambda _e: copy(page_url(app.position_fragment()), "Position link"))
)
window.addEventListener("message", action(host_message))
document.addEventListener("keydown", action(key))
window.addEventListener("hashchange", action(hash_changed))

app.load(window.location.hash)
render()
element("controls").disabled = False
document.body.dataset.ready = "1"
