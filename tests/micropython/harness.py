"""Probes that run unchanged on CPython and on the page's MicroPython.

``tests/test_micropython.py`` sends this file with ``zola/`` to MicroPython, calls
one of these functions there on a JSON payload, calls the same function here on
the same payload, and compares the two results. Every function takes and
returns plain JSON values (MicroPython's ``json`` does not turn named tuples into
lists), so keep to what both Pythons have.
"""

import json
import sys

from zola import Move, Position, parse_square, perft
from zola.draw import svg
from zola.draw.themes import colours
from zola.rules import link, record
from zola.rules.errors import ZolaError


def runtime(modules: list[str]) -> list:
    """The Python's name and version, after importing each module (``zola.page.app``), and
    where the package was imported from."""
    for name in modules:
        __import__(name)
    loaded = sorted(name for name in sys.modules if name.startswith("zola."))
    where = sys.modules["zola"].__file__
    return [sys.implementation.name, list(sys.implementation.version[:2]), loaded, where]


def perfts(cases: list[list[int]]) -> list[int]:
    """``perft`` of the start position for each ``[size, depth]``."""
    return [perft(Position.start(size), depth) for size, depth in cases]


def legal_moves(texts: list[str]) -> list[list]:
    """Per position text: its text again, its sorted move texts and its move count."""
    out = []
    for text in texts:
        position = Position.parse(text)
        moves = sorted(str(move) for move in position.legal_moves())
        out.append([str(position), moves, position.count_legal_moves()])
    return out


def formats(payload: dict) -> dict:
    """Round trips of the fragments (through ``zola.rules.link`` and ``zola.rules.record``)
    and move texts."""
    games = []
    for fragment in payload["fragments"]:
        game, view = link.parse(fragment)
        encoded = record.encode(game)
        games.append(
            [
                link.unparse(game, view),
                list(view),
                encoded,
                record.encode(record.decode(encoded)),
                str(game.start),
                str(game.position),
                str(Position.parse(str(game.position))),
                [str(Move.parse(str(move))) for move in game.moves],
                [game.ply, game.winner(), game.player_to_move()],
            ]
        )
    moves = [[str(Move.parse(text)), repr(Move.parse(text))] for text in payload["moves"]]
    return {"games": games, "moves": moves}


def _run(kind: str, args: list) -> str:
    """Do one thing a case names; the text of its result."""
    if kind == "square":
        return str(parse_square(*args))
    if kind == "move":
        return str(Move.parse(*args))
    if kind == "position":
        return str(Position.parse(*args))
    if kind == "push":  # a move played in a position
        position = Position.parse(args[0])
        position.push_text(args[1])
        return str(position)
    if kind == "play":  # a move played in the game of a record
        game = record.decode(args[0])
        game.play(args[1])
        return record.encode(game)
    if kind == "decode":
        return record.encode(record.decode(*args))
    if kind == "link":
        return link.unparse(*link.parse(*args))
    raise AssertionError("unknown kind " + kind)


def outcomes(cases: list[list]) -> list[list[str]]:
    """Per ``[kind, args]`` case: ``["ok", result text]`` or ``[error class, message]``.

    An error that is not a ``ZolaError`` is named as such rather than stopping the run.
    """
    out = []
    for kind, args in cases:
        try:
            out.append(["ok", _run(kind, args)])
        except ZolaError as error:
            out.append([type(error).__name__, str(error)])
        except Exception as error:  # named, so that the comparison shows it
            out.append(["not a ZolaError: " + type(error).__name__, str(error)])
    return out


def svgs(cases: list[list]) -> list[str]:
    """``zola.draw.svg.render`` of each ``[position text, options]``.

    Options are JSON: squares and moves as text, ``hints``/``highlight``/``arrows``
    as lists of them, ``theme`` as a scheme's name (``palette``: of which palette).
    """
    out = []
    for text, options in cases:
        kwargs = dict(options)
        for name in ("selected", "focus"):
            if name in kwargs:
                kwargs[name] = parse_square(kwargs[name])
        if "last_move" in kwargs:
            kwargs["last_move"] = Move.parse(kwargs["last_move"])
        for name in ("hints", "arrows"):
            if name in kwargs:
                kwargs[name] = [Move.parse(move) for move in kwargs[name]]
        if "highlight" in kwargs:
            kwargs["highlight"] = [parse_square(sq) for sq in kwargs["highlight"]]
        if "theme" in kwargs:
            kwargs["theme"] = colours(kwargs.pop("palette", ""), kwargs["theme"])
        out.append(svg.render(Position.parse(text), **kwargs))
    return out


def pages(sessions: list[list]) -> list[list]:
    """The screens of scripted page sessions: ``[fragment, in_frame, [[event, args], ...]]``,
    optionally with what the browser's storages hold first: ``[{local}, {session}]``.

    An event is an ``App`` method name (``click``, ``button``, ``choose``,
    ``history_key``, ``board_key``, ``open_link``, ``host_message``,
    ``computer_answer``, ``computer_failed``, ``copied``, ``computer_ready``) or
    ``"answer"``: the answer ``args[0]`` to the latest request. After each event the
    screen is taken, as the page does; random seeds and saved-game ids are left out.
    """
    from zola.page.app import App
    from zola.page.saved import MemoryStore

    out = []
    for session in sessions:
        fragment, in_frame, events = session[:3]
        stored = session[3] if len(session) > 3 else [{}, {}]  # local, session storage
        local, tab = MemoryStore(stored[0]), MemoryStore(stored[1])
        app = App(in_frame=in_frame, local=local, session=tab, now=_Clock())
        app.start(fragment, ["de-DE"] if "lang=de" in fragment else [])
        screens = [_plain(app.screen())]
        asked = None
        for name, args in events:
            if name == "answer":
                app.computer_answer(asked, *args)
            else:
                getattr(app, name)(*args)
            screen = app.screen()
            if screen.request is not None:
                asked = screen.request.id
            screens.append(_plain(screen))
        out.append(screens)
    return out


def links(sessions: list[list]) -> list[list]:
    """Scripted page sessions as in :func:`pages`, lighter: after each event, only the
    link the page would write and its notice."""
    from zola.page.app import App

    out = []
    for fragment, in_frame, events in sessions:
        app = App(in_frame=in_frame, now=_Clock())
        app.start(fragment)
        steps = []
        for name, args in events:
            getattr(app, name)(*args)
            steps.append([app.fragment(), app.say(app.board.notice)])
        out.append(steps)
    return out


def puzzle_sessions(sessions: list[list]) -> list[list]:
    """Puzzle mode in scripted page sessions as in :func:`pages` (with the storages'
    values): after each event, the link, the notice, the position, the puzzle's part of
    the screen and the files asked for; at the end, the record kept in the browser."""
    from zola.page.app import App
    from zola.page.saved import MemoryStore

    out = []
    for fragment, events, stored in sessions:
        local = MemoryStore(dict(stored))
        app = App(local=local, session=MemoryStore(), now=_Clock())
        app.start(fragment, ["de-DE"] if "lang=de" in fragment else [])
        steps = []
        for name, args in events:
            getattr(app, name)(*args)
            screen = app.screen()
            puzzle = None if screen.puzzle is None else _lists(screen.puzzle)
            position = str(app.game.position)
            steps.append([screen.fragment, screen.message, position, puzzle, list(screen.fetch)])
        record = json.loads(local.get("zola-puzzles") or "{}")
        steps.append(sorted([key, _rounded(value)] for key, value in record.items()))
        steps.append(sorted(key for key in local.values if key.startswith("zola-unreadable")))
        out.append(steps)
    return out


def puzzle_reading(payload: dict) -> list:
    """A puzzle file's text read: the ids, the ids computed from the positions, the
    daily puzzle of each of ``days``, and each puzzle written back as text."""
    from zola.puzzles.sets import daily, puzzle_id, read

    puzzles = read(payload["text"])
    return [
        [p.id for p in puzzles],
        [puzzle_id(p.position) for p in puzzles],
        [daily(puzzles, day).id for day in payload["days"]],
        [p.text() for p in puzzles],
    ]


def _lists(value: object) -> object:
    """Tuples (named ones too, as the history of puzzles tried) as lists, all the way down."""
    if isinstance(value, (tuple, list)):
        return [_lists(item) for item in value]
    return value


def _rounded(value: object) -> object:
    """Numbers to 6 places (the two Pythons' libm may differ in the last bit); dicts as
    sorted pairs."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return sorted([key, _rounded(item)] for key, item in value.items())
    return value


def _plain(screen: object) -> list:
    """A screen as JSON values, without what is random by design."""
    request = screen.request
    return [
        sorted([list(pair) for pair in screen.layout.items()]),
        screen.board,
        screen.status,
        screen.turn,
        screen.message,
        [list(player) for player in screen.players],
        list(screen.result) if screen.result is not None else None,
        [screen.pie, screen.can_back, screen.can_forward, screen.game_over, screen.shading],
        sorted([list(pair) for pair in screen.controls.items()]),
        [screen.language, screen.computer, screen.retry, screen.can_hint],
        [screen.move_list, screen.can_promote, screen.can_delete, screen.comment, screen.clean],
        [game.label for game in screen.recent],
        [screen.fragment, screen.app_link, screen.announce, screen.clipboard],
        [[list(pair) for pair in sorted(post.items())] for post in screen.posts],
        [screen.post_origin, screen.start_computer],
        [list(screen.sounds), sorted([list(pair) for pair in screen.switches.items()])],
        [screen.can_learn, None if screen.lesson is None else list(screen.lesson)],
        [screen.can_type, list(screen.move_choices)],
        None if screen.motion is None else list(screen.motion),
        None if request is None else [request.kind, request.basis, request.call],
    ]


class _Clock:
    """Seconds that move on by one at each look, the same on both Pythons."""

    def __init__(self) -> None:
        self.seconds = 1_800_000_000

    def __call__(self) -> int:
        self.seconds += 1
        return self.seconds


def reviews(payload: dict) -> dict:
    """``zola.engine.judgement`` on both Pythons: win chances, marks, texts, summaries and graphs.

    ``payload``: ``scores`` (search scores), ``losses`` (win-chance losses),
    ``texts`` (review texts, good or bad, each with the players of its moves or
    ``None``), ``analyses`` (analysis texts, good or bad) and ``graphs``
    (``[review text, width, height, current ply, move texts, language]``).
    """
    from zola.draw import graph
    from zola.engine import judgement
    from zola.lang.i18n import say
    from zola.rules import review

    def speaker(language: str):  # the page's say in that language
        return lambda text: say(language, text)

    def attempt(function, *args):  # a function and its arguments
        try:
            return ["ok", function(*args)]
        except ZolaError as error:
            return [type(error).__name__, str(error)]

    def summarise(text: str, players: list) -> list:
        parsed = review.parse_review(text)
        out = [
            review.review_text(parsed),
            [list(entry[:3]) + [str(entry[3])] for entry in parsed[1]],
        ]
        if players is not None:
            for part in judgement.summary(parsed, players):
                out.append(list(part) + [part.average_text()])
        return out

    def analysis(text: str) -> list:
        parsed = judgement.parse_analysis(text)
        lines = [[line.score, [str(move) for move in line.moves]] for line in parsed.lines]
        return [judgement.analysis_text(parsed), list(parsed[:4]), lines]

    return {
        "scores": [
            [judgement.percent(s), judgement.red_percent(s, False), judgement.format_score(s)]
            for s in payload["scores"]
        ],
        "marks": [
            [
                judgement.classify(loss),
                judgement.classify(loss, best=True),
                review.symbol(judgement.classify(loss)),
            ]
            for loss in payload["losses"]
        ],
        "texts": [attempt(summarise, text, players) for text, players in payload["texts"]],
        "analyses": [attempt(analysis, text) for text in payload["analyses"]],
        "graphs": [
            graph.graph_svg(
                review.parse_review(text),
                width=width,
                height=height,
                current_ply=ply,
                moves=None if moves is None else [Move.parse(move) for move in moves],
                say=speaker(language),
            )
            for text, width, height, ply, moves, language in payload["graphs"]
        ],
    }


def replays(cases: list[list]) -> list[list]:
    """``zola.draw.replay`` of each ``[fragment, options]``: the animated SVG and the frames.

    Options are JSON: ``theme`` a scheme's name (of the default palette), ``seconds_per_move`` a
    number, ``frames`` whether to make the static frames too; the rest as
    :func:`zola.draw.replay.replay_svg` takes them.
    """
    from zola.draw import replay

    out = []
    for fragment, options in cases:
        kwargs = dict(options)
        if "theme" in kwargs:
            kwargs["theme"] = colours("", kwargs["theme"])
        with_frames = kwargs.pop("frames", False)
        game, _ = link.parse(fragment)
        animated = replay.replay_svg(game, **kwargs)
        kwargs.pop("seconds_per_move", None)
        out.append([animated, replay.replay_frames(game, **kwargs) if with_frames else []])
    return out


def live_boards(sessions: list[list]) -> list[list]:
    """The screens of scripted live-board sessions (:mod:`zola.page.live`): ``[fragment,
    language, dark, [[method, args], ...]]``, a method of ``LiveBoard`` (``button``,
    ``click``, ``drag``, ``key``, ``go_to_node``, ``prefer_dark``) and its arguments.
    After each event the screen is taken, as the page does, and whether the event was
    used (``key``'s answer; ``None`` for the others) or the ZolaError it raised."""
    from zola.page.live import LiveBoard

    out = []
    for fragment, language, dark, events in sessions:
        live = LiveBoard(fragment, language, "https://x.example/zola/index.html", dark)
        screens = [_live_plain(None, live.screen())]
        for name, args in events:
            try:
                answer = getattr(live, name)(*args)
            except ZolaError as error:
                answer = type(error).__name__ + ": " + str(error)
            screens.append(_live_plain(answer, live.screen()))
        out.append(screens)
    return out


def first_frames(cases: list[list]) -> list[list]:
    """Per ``[fragment, language, build]``: the key of a live board's first screen (see
    ``zola.page.live.first_frame``) and its SVG's SHA-256, whether a board handed that key
    keeps that screen (``LiveBoard.kept``), and whether one running another build does."""
    import binascii
    import hashlib

    from zola.page.live import LiveBoard, first_frame

    out = []
    for fragment, language, build in cases:
        svg, key, _ = first_frame(fragment, language, build)
        digest = binascii.hexlify(hashlib.sha256(svg.encode()).digest()).decode()
        kept = LiveBoard(fragment, language, shown=key, build=build).kept
        other = LiveBoard(fragment, language, shown=key, build=build + 1).kept
        out.append([key, digest, kept, other])
    return out


def puzzle_boards(payload: dict) -> list:
    """Live puzzle boards: per ``[fragment, line, build]`` of ``boards``, a board that
    carries ``line`` (``zola.page.live.LiveBoard``): its first screen's key and fields
    (``zola.page.live.first_frame``), whether a board handed that key keeps it, and its
    screen after a Hint (or the line's problem); then per id of ``ids``, its line found
    in ``text`` (``zola.puzzles.sets.line_of``) or the error, and a board without the
    line handed ``text`` as its set."""
    from zola.page.live import LiveBoard, first_frame
    from zola.puzzles.sets import line_of

    boards = []
    for fragment, line, build in payload["boards"]:
        _, key, rest = first_frame(fragment, "en", build, line)
        live = LiveBoard(fragment, "en", line=line, shown=key, build=build)
        kept = live.kept
        live.button("hint")
        boards.append([key, json.loads(rest)["screen"], kept, _live_plain(None, live.screen())])
    found = []
    for ident in payload["ids"]:
        try:
            line = line_of(payload["text"], ident)
        except ZolaError as error:
            line = type(error).__name__ + ": " + str(error)
        live = LiveBoard("puzzle=" + ident)
        asked = live.screen().fetch
        live.take(ident.split("-")[0].join(("puzzles-", ".txt")), payload["text"])
        found.append([line, asked, _live_plain(None, live.screen())])
    return [boards, found]


def sayings(cases: list[list]) -> list:
    """``say(language, key, **args)`` per ``[language, key, args]``, an argument given as
    ``[KEY]`` being ``Text(KEY)`` and one given as ``[KEY, N]`` ``Text(KEY, count=N)``;
    with the languages' tables loaded before the first and after the last."""
    from zola.lang.i18n import Text, say

    def tables() -> list:
        tables = (name for name in sys.modules if name.startswith("zola.lang."))
        return sorted(name for name in tables if name != "zola.lang.i18n")

    before = tables()
    said = []
    for language, key, args in cases:
        values = {}
        for name, value in args.items():
            if isinstance(value, list):
                value = Text(value[0], count=value[1]) if len(value) > 1 else Text(value[0])
            values[name] = value
        said.append(say(language, key, **values))
    return [before, said, tables()]


def _live_plain(answer: object, screen: object) -> list:
    """A live board's screen as JSON values: its layout's items in order, and the SVG
    board as its SHA-256 (printing megabytes of SVG is what would take MicroPython long)."""
    import binascii
    import hashlib

    from zola.page.live import FIELDS

    values = list(screen)
    motion = screen.motion
    values[FIELDS.index("motion")] = None if motion is None else list(motion)
    values[FIELDS.index("layout")] = sorted([key, value] for key, value in screen.layout.items())
    digest = hashlib.sha256(screen.board.encode()).digest()
    values[FIELDS.index("board")] = binascii.hexlify(digest).decode()
    return [answer, values]


def book_moves(cases: list[list]) -> list[str]:
    """The opening book's move (text, or ``"None"``) per ``[size, moves, level, draw]``,
    ``moves`` the move texts played from the start."""
    from zola.engine.book import book_move
    from zola.rules.game import Game

    out = []
    for size, moves, level, draw in cases:
        game = Game(size)
        for move in moves:
            game.play(move)
        out.append(str(book_move(game, level, draw)))
    return out
