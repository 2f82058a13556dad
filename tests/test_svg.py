"""The SVG renderer: valid XML, the right checkers, stable hooks, every option."""

import xml.etree.ElementTree as ET

import pytest

from zola import SIZES, Move, Position, parse_square
from zola.svg import DARK, render

NS = {"svg": "http://www.w3.org/2000/svg"}


def checkers(svg: str) -> dict[str, str]:
    """``{square: 'red' | 'blue'}`` read back from the drawing."""
    root = ET.fromstring(svg)
    found = {}
    for group in root.iterfind(".//svg:g[@data-square]", NS):
        for checker in group.iterfind("svg:g", NS):
            found[group.get("data-square")] = checker.get("class").split()[1]
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_drawing_shows_exactly_the_checkers_of_the_position(size: int) -> None:
    position = Position.start(size)
    position.push(position.legal_moves()[3])
    svg = render(position)
    root = ET.fromstring(svg)
    assert root.get("data-position") == str(position)
    assert len(root.findall(".//svg:g[@data-square]", NS)) == size * size
    expected = {}
    for color, name in ((0, "red"), (1, "blue")):
        for sq in position.pieces(color):
            expected[f"{'abcdefghij'[sq % 10]}{sq // 10 + 1}"] = name
    assert checkers(svg) == expected


def test_every_option_still_gives_valid_xml() -> None:
    position = Position.parse("10/10/10/10/10/1b8/10/10/4r5/10 r")
    svg = render(
        position,
        flip=True,
        coordinates=False,
        shading=True,
        selected=parse_square("e2"),
        hints=position.legal_moves(),
        last_move=Move.parse("e2xb5"),
        highlight=[parse_square("c3")],
        arrows=[Move.parse("e2xb5")],
        theme=DARK,
    )
    root = ET.fromstring(svg)
    assert root.get("data-flipped") == "1"
    assert len(root.findall(".//svg:text[@class='coordinate']", NS)) == 0
    assert len(root.findall(".//svg:text[@class='class-letter']", NS)) == 100
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 1
    assert len(root.findall(".//svg:circle[@class='hint step']", NS)) == 4
    assert len(root.findall(".//svg:circle[@class='hint capture']", NS)) == 1


def test_checkers_differ_by_shape_not_only_colour() -> None:
    svg = render(Position.parse("6/6/6/6/6/rb4 r"))
    root = ET.fromstring(svg)
    red = root.find(".//svg:g[@class='checker red']", NS)
    blue = root.find(".//svg:g[@class='checker blue']", NS)
    assert red[-1].get("fill") != "none"  # a solid dot
    assert blue[-1].get("fill") == "none" and blue[-1].get("stroke")  # a ring
