"""The page glue: DOM events -> zola.app.App -> one render -> the URL fragment."""

import asyncio
import contextlib
import random

import js
from pyodide.ffi import JsProxy, create_proxy, to_js
from pyscript import document, window, workers

from zola.app import HINT_LEVEL, MODES, App
from zola.i18n import LANGUAGES, pick_language, say
from zola.levels import LEVELS

app = App()


def element(name):
    return document.getElementById(name)


EMBEDDED = window.parent != window
SAVED, PREVIOUS = "zola-game", "zola-previous-game"  # localStorage keys
MODE, LEVEL = "zola-mode", "zola-level"
WORKER_BOOT_SECONDS = 90  # the worker loads its own Python runtime first
ANSWER_MARGIN_SECONDS = 10  # beyond the level's thinking time
WATCH_PAUSE_SECONDS = 0.6  # between moves when the computer plays itself


def render() -> None:
    """Draw everything from ``app``, keep the game, and start what follows a move."""
    render_board()
    render_panel()
    render_moves()
    window.history.replaceState(None, "", "#" + app.fragment())
    if not app.view.embed:
        store(SAVED, app.share_fragment())
    element("resume").hidden = app.view.embed or stored(PREVIOUS) in (None, app.share_fragment())
    if app.should_ask_computer():
        app.thinking = True
        element("thinking").hidden = False
        asyncio.ensure_future(computer_turn())
    announce(app.take_played())


def render_board() -> None:
    """The page's look for the view options, and the board itself."""
    view = app.view
    body = document.body.classList
    body.toggle("embed", view.embed)
    body.toggle("panel", view.panel)
    body.toggle("static", view.static)
    body.toggle("dark", view.theme == "dark")
    board = element("board")
    had_focus = board.contains(document.activeElement)
    board.innerHTML = app.board_svg()
    if had_focus:  # keep the keyboard on the board across the redraw
        cursor = board.querySelector('[tabindex="0"]')
        if cursor is not None:
            cursor.focus()


def render_panel() -> None:
    """The status, counts, notices and the state of every control."""
    game = app.game
    status = element("status")
    status.textContent = app.status()
    status.dataset.turn = "" if game.is_game_over() else ("red", "blue")[game.turn]
    element("message").textContent = app.message
    red, blue = app.counts()
    element("count-red").textContent = red
    element("count-blue").textContent = blue
    element("pie").hidden = not app.offers_swap()
    element("undo").disabled = element("first").disabled = game.ply == 0
    element("redo").disabled = element("last").disabled = game.ply == len(game.moves)
    element("new").classList.toggle("attention", game.is_game_over())
    element("size").value = str(game.size)
    element("shading").checked = app.view.shading
    element("mode").value = app.mode
    element("level").value = app.level
    element("thinking").hidden = not app.thinking
    element("retry").hidden = not app.stalled
    element("hint").disabled = app.thinking or app.computer_to_move() or game.is_game_over()
    element("app-link").hidden = not (app.view.embed and app.view.app_link)
    element("app-link").href = page_url(app.share_fragment())


def announce(played: list) -> None:
    """Say the new moves to screen readers, and tell a host page about each."""
    if played:
        element("announce").textContent = " ".join(app.describe(c, m) for c, m in played)
    if EMBEDDED:
        for _color, move in played:
            post_to_host(
                {
                    "type": "zola:move",
                    "move": str(move),
                    "position": str(app.game.position),
                    "fragment": app.share_fragment(),
                }
            )


def start_computer() -> None:
    """Start the computer's worker (its own Python) once the page is ready."""
    script = document.createElement("script")
    script.type = "py"
    script.src = "./web/ai_worker.py"
    script.setAttribute("worker", "")
    script.setAttribute("name", "ai")
    script.setAttribute("config", "./pyscript.toml")
    document.body.append(script)


async def ask_computer(fragment: str, level: str, time_limit: float) -> str:
    """The worker's move for the game ``fragment``; raises on failure or time-out."""
    worker = await asyncio.wait_for(workers["ai"], WORKER_BOOT_SECONDS)
    seed = random.randrange(2**31)
    answer = worker.choose_move(fragment, level, seed)
    return str(await asyncio.wait_for(answer, time_limit + ANSWER_MARGIN_SECONDS))


def failure(error: BaseException) -> str:
    """A short description of why the computer gave no answer."""
    if isinstance(error, TimeoutError):
        return "no answer in time"
    return str(error).strip().splitlines()[-1][:200] if str(error).strip() else type(error).__name__


async def computer_turn() -> None:
    """Ask the computer for its move, play it, and draw the result."""
    fragment = app.share_fragment()
    if app.mode == "computers":
        await asyncio.sleep(WATCH_PAUSE_SECONDS)
    try:
        move = await ask_computer(fragment, app.level, app.time_limit())
    except Exception as error:  # noqa: BLE001 - anything the worker raised
        app.computer_failed(failure(error))
    else:
        app.computer_move(fragment, move)
    render()


async def hint() -> None:
    """Ask the computer what the person to move should play, and show it."""
    fragment = app.share_fragment()
    app.thinking = True
    render()
    try:
        move = await ask_computer(fragment, HINT_LEVEL, app.time_limit(HINT_LEVEL))
    except Exception as error:  # noqa: BLE001 - anything the worker raised
        app.hint_failed(failure(error))
    else:
        app.thinking = False
        if fragment == app.share_fragment():
            app.show_hint(move)
    render()


def set_mode(_event) -> None:
    app.set_mode(element("mode").value)
    store(MODE, app.mode)


def set_level(_event) -> None:
    app.set_level(element("level").value)
    store(LEVEL, app.level)


def translate_page() -> None:
    """Put every fixed text of the page into the app's language."""
    language = app.language
    document.documentElement.lang = language
    element("language").value = language
    for node in document.querySelectorAll("[data-text]"):
        node.textContent = say(language, node.dataset.text)
    for node in document.querySelectorAll("[data-text-title]"):
        node.title = say(language, node.dataset.textTitle)
    for node in document.querySelectorAll("[data-text-label]"):
        node.setAttribute("aria-label", say(language, node.dataset.textLabel))


def stored(key: str) -> str | None:
    """A value from localStorage, or ``None`` where storage is refused (some iframes)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - a browser's SecurityError
        return None
    return value if isinstance(value, str) else None  # JS null is not None in Pyodide


def store(key: str, value: str) -> None:
    """Keep a value in localStorage, where the browser allows it."""
    with contextlib.suppress(Exception):  # a browser's SecurityError or a full quota
        window.localStorage.setItem(key, value)


def set_language(_event) -> None:
    app.language = element("language").value
    store("zola-language", app.language)
    translate_page()


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


drag_from: list[str] = []  # the square a drag started on


def square_at(event) -> str | None:
    """The square under the pointer (not the one a touch started on)."""
    hit = document.elementFromPoint(event.clientX, event.clientY)
    square = hit.closest("[data-square]") if hit is not None else None
    return None if square is None else square.dataset.square


def drag_start(event) -> None:
    drag_from[:] = [name] if (name := square_at(event)) else []


def drag_end(event) -> None:
    """A drag from one square to another plays like two clicks."""
    target = square_at(event)
    if drag_from and target and target != drag_from[0]:
        app.drag(drag_from[0], target)
        render()  # only after a real drag: a redraw between press and release eats the click
    drag_from.clear()


def move_list_click(event) -> None:
    button = event.target.closest("[data-ply]")
    if button is not None:
        app.go_to(int(button.dataset.ply))


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}


def board_key(event) -> None:
    """On the board, arrows move the cursor and Enter or Space acts on its square."""
    if event.key in ARROWS:
        app.move_cursor(*ARROWS[event.key])
    elif event.key in ("Enter", " "):
        app.press()
    else:
        return
    event.preventDefault()
    event.stopPropagation()


def key(event) -> None:
    if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA") or event.defaultPrevented:
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
        element("message").textContent = say(app.language, what)

    def failed(_error) -> None:
        element("message").textContent = say(app.language, "notice.copy_this", url=url)

    window.navigator.clipboard.writeText(url).then(create_proxy(copied), create_proxy(failed))


def host_message(event) -> None:
    """A host page's ``{type: "zola:load", fragment}`` opens that game."""
    data = event.data
    if isinstance(data, JsProxy) and getattr(data, "type", None) == "zola:load":
        fragment = getattr(data, "fragment", None)
        app.load(fragment if isinstance(fragment, str) else "?")
        app.set_mode("humans")


def resume(_event) -> None:
    """Open the game a link displaced; the current one becomes the one to resume."""
    previous = stored(PREVIOUS)
    if previous:
        store(PREVIOUS, app.share_fragment())
        app.load(previous)


def open_link(fragment: str) -> None:
    """Open the game of a link: another game than the saved one is a game between people,
    and the saved game it displaces stays resumable."""
    saved = stored(SAVED)
    app.load(fragment)
    if saved != app.share_fragment():  # not a reload of this page's own game
        app.set_mode("humans")
        if saved and not app.view.embed:
            store(PREVIOUS, saved)


def hash_changed(_event) -> None:
    if window.location.hash.removeprefix("#") != app.fragment():
        open_link(window.location.hash)


on("board", "click", board_click)
on("board", "keydown", board_key)
element("board").addEventListener("pointerdown", create_proxy(drag_start))
element("board").addEventListener("pointerup", create_proxy(drag_end))
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
    "click", create_proxy(lambda _e: copy(page_url(app.share_fragment()), "notice.copied"))
)
element("copy-position").addEventListener(
    "click",
    create_proxy(lambda _e: copy(page_url(app.position_fragment()), "notice.copied_position")),
)
window.addEventListener("message", action(host_message))
on("language", "change", set_language)
on("resume", "click", resume)
on("mode", "change", set_mode)
on("level", "change", set_level)
on("retry", "click", lambda _e: app.retry())
element("hint").addEventListener(
    "click", create_proxy(lambda _e: asyncio.ensure_future(hint()) if not app.thinking else None)
)
document.addEventListener("keydown", action(key))
window.addEventListener("hashchange", action(hash_changed))

saved_language = stored("zola-language")
app.language = (
    saved_language if saved_language in LANGUAGES else pick_language(window.navigator.languages)
)
translate_page()
app.set_mode(stored(MODE) if stored(MODE) in MODES else "computer-second")
app.set_level(stored(LEVEL) if stored(LEVEL) in LEVELS else app.level)
if window.location.hash.removeprefix("#"):
    open_link(window.location.hash)  # a link wins over the saved game
else:
    app.load(stored(SAVED) or "")
if app.view.embed:
    app.set_mode("humans")
render()
element("controls").disabled = False
document.body.dataset.ready = "1"
start_computer()
