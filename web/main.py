"""The page glue: DOM events -> zola.app.App -> one render -> the URL fragment."""

from pyodide.ffi import create_proxy
from pyscript import document, window

from zola.app import App

app = App()


def element(name):
    return document.getElementById(name)


def render() -> None:
    """Draw everything from ``app`` and write the game into the URL."""
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
    element("shading").checked = app.shading
    render_moves()
    window.history.replaceState(None, "", "#" + app.fragment())


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


def toggle_flip(_event) -> None:
    app.flipped = not app.flipped


def toggle_shading(_event) -> None:
    app.shading = bool(element("shading").checked)


def copy_link(_event) -> None:
    url = window.location.href

    def copied(_result) -> None:
        element("message").textContent = "Link copied to the clipboard."

    def failed(_error) -> None:
        element("message").textContent = f"Copy this link: {url}"

    window.navigator.clipboard.writeText(url).then(create_proxy(copied), create_proxy(failed))


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
on("flip", "click", toggle_flip)
on("shading", "change", toggle_shading)
element("copy").addEventListener("click", create_proxy(copy_link))
document.addEventListener("keydown", action(key))
window.addEventListener("hashchange", action(hash_changed))

app.load(window.location.hash)
render()
element("controls").disabled = False
document.body.dataset.ready = "1"
