"""Any input of any length up to the decoder's limit: only typed errors, never a crash.

Generated and mutated strings, up to just over 8,000 characters (the longest
fragment the decoder reads), for fragments, position text, move text, the
page's saved values and a host page's messages.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zola import Game, Move, Position, ZolaError, decode, encode, parse_square
from zola.page.app import App
from zola.page.saved import RECENT, TAB, MemoryStore
from zola.rules.link import parse
from zola.rules.record import MAX_LENGTH

LIMIT = MAX_LENGTH + 1
FRAGMENT_CHARS = "v1;=sizemovpltar.-x0123456789bcdefghj_/#%embdfshk:"
FRAGMENT_PIECES = [
    "v1",
    ";",
    "size=6",
    "size=10",
    "moves=",
    "c3xd3",
    ".",
    "swap",
    "pass",
    "ply=",
    "0",
    "9",
    "start=",
    "rbrbrb/",
    "6_r",
    "%",
    "%3B",
    "%25",
    "%E2",
    "embed",
    "static",
    "slate",
    "contrast",
    "origin=https://a.example",
    "\n",
    "٣",
]
VALID = "v1;size=6;moves=c3xd3.swap.c4xd3.e3xd3.d4xc4;ply=4;embed;flip"
POSITION_PIECES = ["rbrbrb", "6", "3r2", "brb3", "/", " r", " b", "1", "10", "\n", "0"]
FAST = settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1_500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def texts(alphabet: str, pieces: list[str], base: str = "") -> st.SearchStrategy[str]:
    """Any text, the format's own characters, long runs of its pieces, and edits of ``base``,
    from empty to just over the decoder's limit."""
    runs = st.tuples(st.sampled_from(pieces), st.integers(0, LIMIT)).map(
        lambda run: (run[0] * (run[1] // max(1, len(run[0])) + 1))[: run[1]]
    )
    edits = st.lists(
        st.tuples(st.integers(0, len(base)), st.integers(0, 8), st.text(alphabet, max_size=8)),
        max_size=4,
    )
    return st.one_of(
        st.text(max_size=LIMIT),
        st.text(alphabet, max_size=LIMIT),
        st.lists(st.sampled_from(pieces), max_size=2000).map("".join),
        runs,
        st.tuples(st.sampled_from(pieces), runs).map(lambda pair: "v1;size=6;" + pair[0] + pair[1]),
        edits.map(lambda changes: _edit(base, changes)),
    )


def _edit(text: str, changes: list[tuple[int, int, str]]) -> str:
    for at, cut, insert in changes:
        text = text[:at] + insert + text[at + cut :]
    return text


FRAGMENTS = texts(FRAGMENT_CHARS, FRAGMENT_PIECES, VALID)


@pytest.mark.slow
@FAST
@given(FRAGMENTS)
def test_decoding_any_text_gives_a_legal_game_or_the_typed_error(text: str) -> None:
    try:
        game, view = parse(text)
    except ZolaError:
        with contextlib.suppress(ZolaError):
            decode(text)
            raise AssertionError("decode took what the link parser refused") from None
        return
    replay = Game(start=game.start)
    for move in game.moves:
        replay.play(move)
    replay.go_to(game.ply)
    assert replay.position == game.position
    assert decode(encode(game)).moves == game.moves


@pytest.mark.slow
@FAST
@given(texts("rb0123456789/ \n", POSITION_PIECES, "brbrbr/rbrbrb/brbrbr/rb1rrb/brbrbr/rbrbrb b"))
def test_text_parsers_raise_only_typed_errors(text: str) -> None:
    for parser in (Position.parse, Move.parse, parse_square):
        with contextlib.suppress(ZolaError):
            parser(text)


def _check_page(app: App) -> None:
    """The page still draws a legal game."""
    screen = app.screen()
    assert screen.board.startswith("<svg") and screen.status
    assert decode(encode(app.game)).position == app.game.position


@SLOW
@given(FRAGMENTS, FRAGMENTS)
def test_the_page_takes_any_link_and_any_fragment_change(first: str, second: str) -> None:
    app = App()
    app.start(first)
    _check_page(app)
    view = app.view
    app.open_link(second)
    _check_page(app)
    if app.screen().message.startswith("This link holds no valid game"):
        assert app.view == view  # a broken link changes nothing but the game


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                ["id", "fragment", "mode", "size", "moves", "updated", "tab", "entry", "x"]
            ),
            children,
            max_size=8,
        )
    ),
    max_leaves=30,
)
ROW_FIELDS = ("id", "fragment", "mode", "size", "moves", "updated", "tab", "entry")
GOOD_ROW = {"id": "g1", "fragment": "v1;size=6;moves=c3xd3", "mode": "humans", "size": 6,
            "moves": 1, "updated": 1.0, "tab": "t1", "entry": None}
# A row of the recent games or of the tab's value with one field of a wrong type.
WRONG_TYPES = st.tuples(st.sampled_from(ROW_FIELDS), JSON_VALUES).map(
    lambda change: {**GOOD_ROW, change[0]: change[1]}
)
DEEP = st.tuples(st.sampled_from(["[", '{"a":', '[{"id":']), st.integers(1, 5000)).map(
    lambda deep: deep[0] * deep[1] + "]" * deep[1]
)
SAVED_TEXT = st.one_of(
    texts(FRAGMENT_CHARS + '{}[]":,', FRAGMENT_PIECES, '[{"id": "g1"}]'),
    JSON_VALUES.map(json.dumps),
    DEEP,  # nested deeper than any JSON parser's stack
    WRONG_TYPES.map(json.dumps),  # the tab's value
    st.lists(WRONG_TYPES, max_size=4).map(json.dumps),  # the recent games
    st.integers(1, 300_000).map(lambda n: json.dumps([{**GOOD_ROW, "fragment": "v1" * n}])),
)


@pytest.mark.slow
@SLOW
@given(SAVED_TEXT, SAVED_TEXT, SAVED_TEXT, st.sampled_from(["", "#v1;size=8", "#embed"]))
def test_the_page_starts_with_any_saved_values(
    recent: str, tab: str, legacy: str, link: str
) -> None:
    local = MemoryStore({RECENT: recent, "zola-game": legacy, "zola-mode": legacy[:20]})
    app = App(local=local, session=MemoryStore({TAB: tab}))
    app.start(link)
    _check_page(app)
    app.click("c3")
    app.click("d3")
    _check_page(app)
    kept = set(local.values.values())
    for value in (recent, legacy):  # nothing unreadable is destroyed
        readable = value == recent and _readable_list(value)
        assert readable or not value or value in kept or _decodes(value), value[:80]


def _readable_list(value: str) -> bool:
    try:
        return isinstance(json.loads(value), list)
    except (ValueError, RecursionError):
        return False


def _decodes(value: str) -> bool:
    try:
        decode(value)
    except ZolaError:
        return False
    return True


@pytest.mark.slow
@SLOW
@given(JSON_VALUES | FRAGMENTS, JSON_VALUES | FRAGMENTS, st.booleans(), st.text(max_size=40))
def test_an_embed_takes_any_host_message(
    kind: object, fragment: object, parent: bool, origin: str
) -> None:
    app = App(in_frame=True)
    app.start("#v1;size=6;embed;static")
    app.host_message(kind, fragment, parent, origin)
    app.host_message("zola:load", fragment, parent, origin)
    _check_page(app)
    assert app.view.embed and app.view.static  # a message never changes the view
