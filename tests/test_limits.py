"""What the page writes, it reads back: links and saved games stay within the decoder's
limits, whatever a person does; a step that would cross one is refused with a message."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from zola.page.app import App
from zola.page.saved import RECENT, MemoryStore
from zola.rules.link import parse, unparse
from zola.rules.record import MAX_COMMENT, MAX_LENGTH, MAX_NESTING, decode

CJK = "中文字符漢字"


def _check(app: App, local: MemoryStore) -> None:
    """The page's link and its saved games read back as they are."""
    fragment = app.screen().fragment
    game, view = parse(fragment)
    assert unparse(game, view) == fragment and len(fragment) <= MAX_LENGTH
    for row in json.loads(local.values.get(RECENT, "[]")):
        decode(row["fragment"])


def test_long_comments_that_would_overflow_the_link_are_refused() -> None:
    local = MemoryStore()
    app = App(local=local)
    app.start("#v1;size=6")
    app.choose("mode", "humans")
    kept = 0
    for _ in range(6):
        assert app.board.play(app.game.legal_moves()[0])
        app.set_comment(CJK[0] * MAX_COMMENT)
        screen = app.screen()
        if screen.comment:
            kept += 1
        else:
            assert screen.message.startswith("Not done: the game's link would be longer")
        _check(app, local)
    assert 1 <= kept < 6  # some fit, the rest were refused, and nothing was lost
    again = App(local=local)  # a reload brings the game back
    again.start("#" + app.screen().fragment)
    assert again.game.moves == app.game.moves


def test_variations_nested_deeper_than_a_link_carries_are_refused() -> None:
    app = App()
    app.start("#v1;size=8")
    app.choose("mode", "humans")
    rng = random.Random(3)
    refused = False
    for _ in range(MAX_NESTING + 5):
        moves = app.game.legal_moves()
        app.board.play(moves[0])  # a move, then another instead of it: a variation
        app.undo()
        others = [m for m in app.game.legal_moves() if m != moves[0] and str(m) != "swap"]
        played = app.board.play(rng.choice(others))
        screen = app.screen()
        if not played:
            refused = True
            expected = f"Not done: variations can nest at most {MAX_NESTING} deep in a link."
            assert screen.message == expected
            break
        parse(screen.fragment)
    assert refused


EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(0, 99)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("comment"), st.integers(0, MAX_COMMENT)),
        st.tuples(st.just("arrow"), st.integers(0, 99)),
        st.tuples(st.just("main"), st.just(0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(EVENTS, st.sampled_from([6, 8, 10]), st.sampled_from(["", ";flip;shade;dark"]))
def test_whatever_a_person_does_the_page_writes_what_it_reads_back(
    events: list[tuple[str, int]], size: int, words: str
) -> None:
    local = MemoryStore()
    app = App(local=local)
    app.start(f"#v1;size={size}{words}")
    app.choose("mode", "humans")
    for kind, number in events:
        if kind == "move" and app.game.legal_moves():
            moves = app.game.legal_moves()
            app.board.play(moves[number % len(moves)])
        elif kind == "undo":
            app.undo()
        elif kind == "comment":
            app.set_comment((CJK * 60)[:number] + " ~_%;#")
        elif kind == "arrow":
            app.board_key("a"), app.board_key("ArrowUp"), app.board_key("a")
        elif kind == "main":
            app.button("promote")
        _check(app, local)
