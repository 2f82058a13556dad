"""Every SVG the project writes is well-formed XML, whatever text a link carries.

Comments come from a person (the page's comment box) or from a link; either way
the page keeps only what XML can carry, and a link holding anything else is
refused when it is read.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zola import Game, decode, encode
from zola.docs.diagrams import Diagram
from zola.draw.diagram import diagram
from zola.draw.graph import graph_svg
from zola.draw.replay import replay_frames, replay_svg
from zola.page.app import App
from zola.page.sharing import share
from zola.rules.errors import InvalidRecordError
from zola.rules.game import Note
from zola.rules.link import DEFAULT_VIEW, parse
from zola.rules.record import MAX_COMMENT, comment_text
from zola.rules.review import parse_review

PIECES = ["\x00", "\x0b", "\x1f", "\ufffe", "\uffff", "&", "<", "]]>", "\u00e9", "\u4e2d"]
PIECES += ["\U0001f600", " ", "\t", "a"]
COMMENTS = st.text(max_size=MAX_COMMENT + 20) | st.lists(
    st.sampled_from(PIECES), max_size=60
).map("".join)


def _game(comments: list[str]) -> Game:
    game = Game(6)
    for move in ("c3xd3", "c4xd3", "e3xd3"):
        game.play(move)
    for node, text in zip(game.nodes(), comments, strict=False):
        node.note = Note((), (), comment_text(text))
    return game


def _well_formed(svg: str) -> None:
    ET.fromstring(svg)  # raises on anything that is not well-formed


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(COMMENTS, min_size=1, max_size=3))
def test_comments_the_page_keeps_make_well_formed_svg_everywhere(comments: list[str]) -> None:
    game = _game(comments)
    fragment = encode(game)
    again = decode(fragment)  # what the page writes, it reads back
    assert encode(again) == fragment
    _well_formed(replay_svg(again))
    for frame in replay_frames(again):
        _well_formed(frame)
    _well_formed(diagram(fragment))
    _well_formed(again._repr_svg_())
    block = Diagram(fragment, {}).html()
    _well_formed(block[block.index("<svg") : block.rindex("</svg>") + 6])
    for name in ("download-svg", "download-replay"):
        _well_formed(share(name, again, DEFAULT_VIEW, "en", "").download.svg)
    review = parse_review("50_50_71.2_44.27??c4xd4")
    _well_formed(graph_svg(review, width=600, height=110, current_ply=1, moves=again.moves))


@settings(max_examples=200, deadline=None)
@given(COMMENTS)
def test_the_comment_box_keeps_only_what_a_link_can_carry(text: str) -> None:
    app = App()
    app.start("#v1;size=6;moves=c3xd3")
    app.set_comment(text)
    screen = app.screen()
    game, _ = parse(screen.fragment)
    assert game.node.note.comment == comment_text(text) == screen.comment
    _well_formed(screen.board)


@pytest.mark.parametrize("bad", ["~00", "~0b", "~1f", "~ef~bf~bf", "~ef~bf~be"])
def test_a_link_with_a_character_xml_forbids_is_refused(bad: str) -> None:
    with pytest.raises(InvalidRecordError, match="XML cannot carry it"):
        decode(f"v2;size=6;moves=c3xd3;notes=1:ca{bad}b")
