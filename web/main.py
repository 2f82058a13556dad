"""The page glue, on MicroPython: DOM events -> zola.page.app.App -> one Screen -> the DOM.

It runs as bytecode from the zola modules' image (scripts/mpy.py compiles it there as
``page_main``), imported by web/boot.py, which web/play.js runs on the page's MicroPython.

Every decision is made in zola.page.app; this file only forwards events and writes
what the App's Screen says. The computer runs in a Pyodide worker, started
only when the Screen asks for it.
"""

import asyncio

import board_dom  # web/board.js, the board in the DOM (web/play.js offers these three)
import computer  # the computer's worker, started when first asked for
import js
import sound  # web/sound.js
from jsffi import create_proxy, to_js

from zola.lang.i18n import say
from zola.page.app import WORKER_BOOT_SECONDS, App
from zola.page.controls import BUTTONS, MENUS
from zola.page.present import rules_page
from zola.rules.record import LINK_PREFIX

document = js.document
window = js.window  # the Window object itself: its methods need it as `this`
safe = js.zolaSafe  # calls that may throw: MicroPython cannot catch a JavaScript exception
same = getattr(js.Object, "is")  # JS identity: proxies of one object need not be equal


def address() -> str:
    """The address's fragment: at most one character more than a link may hold."""
    return str(safe.hash(LINK_PREFIX))


def element(name):
    return document.getElementById(name)


class Storage:
    """A browser storage, read and written through web/safe.js: it refuses quietly
    (some iframes, private windows, a full quota) where the browser would throw."""

    def __init__(self, name: str) -> None:
        self.name = name

    def get(self, key):
        value = safe.get(self.name, key)
        return value if isinstance(value, str) else None

    def set(self, key, value) -> None:
        safe.set(self.name, key, value)

    def remove(self, key) -> None:
        safe.remove(self.name, key)

    def size(self, key):
        size = safe.size(self.name, key)
        return size if isinstance(size, int) else None

    def move(self, key, to) -> None:
        safe.move(self.name, key, to)


scheme = window.matchMedia("(prefers-color-scheme: dark)")  # the system's colours
app = App(
    in_frame=not same(window.parent, window),
    local=Storage("localStorage"),
    session=Storage("sessionStorage"),
    base_url=str(safe.base()),
    reduced_motion=bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches),
    dark=bool(scheme.matches),
)
reporting = []  # [True] once the page reports its height to the host page
# What the page shows (index.html is written in English: tests/test_site.py).
shown = {"language": "en", "board": None, "dark": None, "moves": None, "history": None}


def draw() -> None:
    """Write the App's Screen into the page, then do what it asks once."""
    screen = app.screen()
    body = document.body.classList
    for name, on in screen.layout.items():
        body.toggle(name, on)
    if screen.layout["dark"] != shown["dark"]:  # (before Python: the system's, style.css)
        shown["dark"] = screen.layout["dark"]
        body.toggle("light", not shown["dark"])
        bar = window.getComputedStyle(document.body).backgroundColor  # the browser's bar too
        document.querySelector('meta[name="theme-color"]').content = bar
    if screen.language != shown["language"]:
        translate(screen.language)
    if screen.board != shown["board"]:  # an unchanged board keeps its slide going
        shown["board"] = screen.board
        slide = to_js(screen.motion.plain()) if screen.motion else None
        board_dom.show(element("board"), screen.board, slide)
    if screen.sounds:
        sound.play(to_js(list(screen.sounds)))
    status = element("status")
    status.textContent = screen.status
    status.dataset.turn = screen.turn
    element("message").textContent = screen.message
    draw_players(screen.players)
    draw_result(screen.result)
    element("move-text").disabled = not screen.can_type
    draw_move_choices(screen.move_choices)
    element("pie").hidden = not screen.pie
    draw_editor(screen.editor)
    draw_puzzle(screen.puzzle)
    draw_lesson(screen.lesson)
    element("undo").disabled = element("first").disabled = not screen.can_back
    element("redo").disabled = element("last").disabled = not screen.can_forward
    element("new").classList.toggle("attention", screen.game_over)
    for name, value in screen.controls.items():
        element(name).value = value
    element("shading").checked = screen.shading
    for name, on in screen.switches.items():
        element(name).checked = on
    element("thinking").hidden = not screen.computer
    element("thinking-text").textContent = screen.computer
    element("retry").hidden = not screen.retry
    element("hint").disabled = not screen.can_hint
    draw_moves(screen.move_list)
    draw_analysis(screen)
    element("promote").hidden = not screen.can_promote
    element("delete").disabled = not screen.can_delete
    element("note").textContent = screen.comment
    element("clean").checked = screen.clean
    comment = element("comment")
    if not same(document.activeElement, comment):
        comment.value = screen.comment
    draw_recent(screen.recent, screen.language)
    element("app-link").hidden = not screen.app_link
    element("app-link").href = screen.app_link or "./"
    safe.replaceHash("#" + screen.fragment)  # (only if it changed)
    if screen.announce:
        element("announce").textContent = screen.announce
    for message in screen.posts:
        safe.post(window.parent, to_js(message), screen.post_origin)
    if screen.clipboard:
        asyncio.create_task(copy(screen.clipboard))
    download = screen.download
    if download is not None:
        safe.download(download.name, download.svg, download.as_png)
    if screen.report_height and not reporting:
        reporting.append(True)
        safe.reportHeight(window.parent, screen.post_origin)
    if screen.start_computer:
        start_computer()
    if screen.request is not None:
        asyncio.create_task(ask(screen.request))
    for name in screen.fetch:
        asyncio.create_task(fetch_file(name))


def translate(language: str) -> None:
    """Put every fixed text of the page into ``language``."""
    shown["language"] = language
    document.documentElement.lang = language
    for node in document.querySelectorAll("[data-text]"):
        node.textContent = say(language, node.dataset.text)
    for node in document.querySelectorAll("[data-text-title]"):
        node.title = say(language, node.dataset.textTitle)
    for node in document.querySelectorAll("[data-text-label]"):
        node.setAttribute("aria-label", say(language, node.dataset.textLabel))
    for node in document.querySelectorAll("[data-text-placeholder]"):
        node.placeholder = say(language, node.dataset.textPlaceholder)
    element("rules-page").href = rules_page(language)


def draw_players(players) -> None:
    """The two players beside the board, the one at its top first."""
    top, bottom = players
    for where, player in (("player-top", top), ("player-bottom", bottom)):
        row = element(where)
        row.dataset.color = player.color
        row.classList.toggle("to-move", player.to_move)
        row.querySelector(".player-name").textContent = player.name
        row.querySelector(".player-count").textContent = str(player.checkers)


def draw_move_choices(moves) -> None:
    """The move box's completions: the legal moves, while the reader uses the box."""
    if moves == shown.get("moves"):
        return
    shown["moves"] = moves
    choices = element("move-choices")
    choices.replaceChildren()
    for move in moves:
        option = document.createElement("option")
        option.value = move
        choices.append(option)


def type_move(event) -> None:
    """Enter in the move box plays what it holds; its text stays, selected, to retype."""
    if event.key == "Enter":
        field = element("move-text")
        app.type_move(str(field.value))
        field.select()


def draw_result(result) -> None:
    """The result over the board at the end of a game."""
    element("result").hidden = result is None
    if result is not None:
        element("result-title").textContent = result.title
        element("result-detail").textContent = result.detail


def draw_puzzle(puzzle) -> None:
    """Puzzle mode's panel, while it is on. A button of the panel that hides or turns
    off when pressed (Try again, Next streak puzzle...) hands the keyboard to the board."""
    document.body.classList.toggle("puzzling", puzzle is not None)
    document.body.dataset.puzzle = puzzle.state if puzzle is not None else ""
    document.body.dataset.streak = puzzle.streak if puzzle is not None else ""
    panel = element("puzzle")
    panel.hidden = puzzle is None
    if puzzle is None:
        return
    active = document.activeElement
    inside = active is not None and not same(active, panel) and panel.contains(active)
    panel.classList.toggle("fetching", puzzle.loading)
    element("puzzle-heading").textContent = puzzle.heading
    element("puzzle-record").textContent = puzzle.record
    element("puzzle-retry").hidden = not puzzle.can_retry
    element("puzzle-size").value = str(puzzle.size)
    element("puzzle-hint").disabled = not puzzle.can_hint
    element("puzzle-solution").disabled = not puzzle.can_show
    streak = puzzle.streak  # "": none, "on": under way, "over"
    for name in ("puzzle-hint", "puzzle-solution", "puzzle-next", "puzzle-daily"):
        element(name).hidden = streak == "on"  # no hint in a streak; Stop the streak leaves it
    element("puzzle-next").classList.toggle("primary", not streak)
    element("puzzle-streak").hidden = bool(streak)
    element("puzzle-new-streak").hidden = streak != "over"
    element("puzzle-stop").hidden = streak != "on"
    element("puzzle-continue").hidden = not puzzle.can_continue
    draw_history(puzzle.history)
    if inside and (not active.isConnected or active.hidden or active.matches(":disabled")):
        square = element("board").querySelector('[tabindex="0"]')
        if square is not None:
            square.focus()


def draw_history(history) -> None:
    """The puzzles tried lately: each a link that opens it (``#puzzle=ID``), showing a mark,
    its id and rating, and said by its label; written again only when it changed."""
    if history == shown["history"]:
        return
    shown["history"] = history
    element("puzzle-tried").hidden = not history
    listing = element("puzzle-history")
    listing.replaceChildren()
    for tried in history:
        link = document.createElement("a")
        link.href = "#puzzle=" + tried.id
        link.className = "solved" if tried.solved else "failed"
        if tried.current:
            link.setAttribute("aria-current", "true")
        said = document.createElement("span")  # its label: the shown words, and more
        said.className = "sr-only"
        said.textContent = tried.label
        shown_words = document.createElement("span")
        shown_words.setAttribute("aria-hidden", "true")
        mark = document.createElement("span")
        mark.className = "mark"
        mark.textContent = "✓" if tried.solved else "✗"
        rating = document.createElement("span")
        rating.className = "rating"
        rating.textContent = str(tried.rating)
        shown_words.append(mark, " " + tried.id + " ", rating)
        link.append(said, shown_words)
        item = document.createElement("li")
        item.append(link)
        listing.append(item)


def draw_lesson(lesson) -> None:
    """Learn from your mistakes: its panel while it is on (the puzzle panel's look)."""
    body = document.body
    starting = lesson is not None and not body.classList.contains("learning")
    body.classList.toggle("learning", lesson is not None)
    body.dataset.lesson = lesson.state if lesson is not None else ""
    element("lesson").hidden = lesson is None
    if lesson is None:
        return
    element("lesson-heading").textContent = lesson.heading
    element("lesson-played").textContent = lesson.played
    element("lesson-words").textContent = lesson.words
    element("lesson-retry").hidden = not lesson.can_retry
    element("lesson-show").disabled = not lesson.can_show
    element("lesson-next").disabled = not lesson.can_next
    if starting:  # the Learn button is gone: the reader goes on from the panel
        element("lesson-heading").focus()


def draw_editor(editor) -> None:
    """The board editor's controls, when it is open."""
    document.body.classList.toggle("editing", editor is not None)
    element("editor").hidden = editor is None
    if editor is None:
        return
    field = element("edit-text")
    if not same(document.activeElement, field):
        field.value = editor.text
    element("tool").value = editor.tool
    element("edit-turn").value = editor.side
    element("edit-size").value = editor.size
    element("edit-problem").textContent = editor.problem
    element("edit-play").disabled = bool(editor.problem)


def draw_analysis(screen) -> None:
    """The Analysis toggle and its evaluation bar, the Review button and the review."""
    element("analysis").checked = screen.analysing
    review_button = element("review")
    review_button.disabled = not (screen.can_review or screen.reviewing)
    key = "page.stop_review" if screen.reviewing else "page.review"
    review_button.textContent = say(screen.language, key)
    evaluation = screen.evaluation
    element("eval").hidden = evaluation is None
    if evaluation is not None:
        element("eval-fill").style.width = f"{evaluation.chance}%"
        element("eval-text").textContent = evaluation.words
        element("best-line").textContent = evaluation.line
    review = screen.review
    element("learn").hidden = not screen.can_learn
    element("review-panel").hidden = review is None
    if review is not None:
        element("graph").innerHTML = review.graph
        element("review-word").textContent = review.word
        listing = element("summary")
        listing.replaceChildren()
        for line in review.summary:
            item = document.createElement("li")
            item.textContent = line
            listing.append(item)


def draw_moves(html: str) -> None:
    """The move list (markup made by zola.draw.movelist), the move looked at kept in sight."""
    listing = element("moves")
    listing.innerHTML = html
    board_dom.keepInSight(listing)


def draw_recent(games, language: str) -> None:
    """The Recent games menu: its first option names it, each other one is a saved game."""
    menu = element("recent")
    menu.parentElement.hidden = not games
    first = menu.options.item(0)
    menu.replaceChildren(first)
    for game in games:
        option = document.createElement("option")
        option.value = game.id
        when = js.Date.new(game.updated * 1000).toLocaleString(language)
        option.textContent = game.label + " · " + when
        menu.append(option)
    menu.value = ""


def start_computer() -> None:
    """Start the computer's worker, with its own Python (Pyodide from pyscript.toml)."""
    asyncio.create_task(computer_started())


async def computer_started() -> None:
    await computer.start()  # the one worker, once it has started (web/play.js)
    app.computer_ready()
    draw()


async def ask(request) -> None:
    """Ask the worker; its answer, a failure or a time-out goes back to the App. The
    opening book's answer (request.answer) goes back without the worker."""
    try:
        ai = None
        if not request.answer:
            ai = await asyncio.wait_for(wait(computer.start()), WORKER_BOOT_SECONDS)
        if request.delay:
            await asyncio.sleep(request.delay)
        if ai is None:
            answer = request.answer
        else:
            call = getattr(ai, request.call)(*request.args)
            answer = await asyncio.wait_for(wait(call), request.timeout)
    except asyncio.TimeoutError:
        app.computer_failed(request.id, "", timed_out=True)
    except Exception as error:  # anything the worker raised
        app.computer_failed(request.id, str(error))
    else:
        app.computer_answer(request.id, answer)
    draw()


async def wait(promise):
    return await promise


async def fetch_file(name: str) -> None:
    """Fetch a file of the site the App asked for (a puzzle set) and hand it over."""
    ok, text = await safe.fetchText("./zola/data/" + name)
    if ok:
        app.take_file(name, str(text))
    else:
        app.file_failed(name, str(text))
    draw()


async def copy(url: str) -> None:
    """Put ``url`` on the clipboard; the App says whether it worked."""
    app.copied(bool(await safe.copy(url)), url)
    draw()


def on(name: str, event: str, handler) -> None:
    """Run ``handler(event)`` for ``event`` on element ``name``, then draw once."""

    def run(event) -> None:
        handler(event)
        draw()

    element(name).addEventListener(event, create_proxy(run))


def then_draw(action):
    """``action`` as a JavaScript function that draws once it is done, and passes back
    what it answers (whether a key was used)."""

    def run(*values):
        answer = action(*values)
        draw()
        return answer

    return create_proxy(run)


def board_events() -> None:
    """The board's and the move list's events (web/board.js reads them, as on a live
    board): a click on a square, a key on the board, a drag (like two clicks), a drag or
    click with the other button (a note), a move of the list."""
    handlers = js.Object.new()
    handlers.square = then_draw(app.click)
    handlers.key = then_draw(lambda key, _on_square: app.board_key(key))
    handlers.drag = then_draw(app.drag)
    handlers.mark = then_draw(app.annotate)
    board_dom.listen(element("board"), document, handlers)
    moves = js.Object.new()
    moves.node = then_draw(lambda number: app.go_to_node(int(number)))
    board_dom.listen(element("moves"), document, moves)


def page_key(event) -> None:
    if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA") or event.defaultPrevented:
        return
    if app.history_key(event.key):
        event.preventDefault()
        draw()


def graph_click(event) -> None:
    point = event.target.closest("[data-ply]")
    if point is not None:
        app.go_to_main(int(point.dataset.ply))


def host_message(event) -> None:
    data = event.data
    kind = safe.text(data, "type", 64)
    fragment = safe.text(data, "fragment", LINK_PREFIX) if kind is not None else None
    app.host_message(kind, fragment, same(event.source, window.parent), str(event.origin))


def file_differs(event) -> None:
    """The offline worker names a file the server sends with other bytes (web/offline.js)."""
    app.file_differs(safe.text(event.detail, "file", 200))


def press(name: str):
    return lambda _event: app.button(name)


def choose(name: str):
    return lambda _event: app.choose(name, element(name).value)


board_events()
on("graph", "click", graph_click)
on("comment", "change", lambda _event: app.set_comment(element("comment").value))
on("edit-text", "change", lambda _event: app.position_text(element("edit-text").value))
on("move-text", "keydown", type_move)
on("move-text", "focus", lambda _event: app.use_move_box(True))
on("move-text", "blur", lambda _event: app.use_move_box(False))
for button in BUTTONS.values():
    on(button.name, "change" if button.toggle else "click", press(button.name))
for menu in MENUS:
    on(menu, "change", choose(menu))
document.addEventListener("keydown", create_proxy(page_key))
window.addEventListener(
    "hashchange", create_proxy(lambda _event: (app.open_link(address()), draw()))
)
scheme.addEventListener(
    "change", create_proxy(lambda event: (app.prefer_dark(bool(event.matches)), draw()))
)
window.addEventListener("zola:differs", create_proxy(lambda event: (file_differs(event), draw())))
if app.in_frame:
    window.addEventListener("message", create_proxy(lambda event: (host_message(event), draw())))

app.start(address(), [str(tag) for tag in window.navigator.languages])
draw()
element("controls").disabled = False
document.body.dataset.ready = "1"
# The computer's worker may start once the board is ready and the browser idle.
safe.whenIdle(create_proxy(lambda: (app.settle(), draw())), 2000)
