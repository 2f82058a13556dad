"""The SVG renderer: valid XML, the right checkers, stable hooks, every option."""

import xml.etree.ElementTree as ET

import pytest

from zola import SIZES, Move, Position, parse_square
from zola.draw.svg import render
from zola.draw.themes import DARK

NS = {"svg": "http://www.w3.org/2000/svg"}


def checkers(svg: str) -> dict[str, str]:
    """``{square: 'red' | 'blue'}`` read back from the drawing."""
    root = ET.fromstring(svg)
    found = {}
    for checker in root.iterfind(".//svg:circle[@data-on]", NS):
        kind, *color = checker.get("class").split()
        if kind == "checker":
            found[checker.get("data-on")] = color[0]
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_drawing_shows_exactly_the_checkers_of_the_position(size: int) -> None:
    position = Position.start(size)
    position.push(position.legal_moves()[3])
    svg = render(position)
    root = ET.fromstring(svg)
    assert root.get("data-position") == str(position)
    assert len(root.findall(".//svg:path[@data-square]", NS)) == size * size
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
    assert root.findall(".//svg:text[@class='coordinate']", NS) == []
    letters = root.find(".//svg:text[@class='class-letters']", NS)
    xs, ys = letters.get("x").split(), letters.get("y").split()
    assert len(letters.text) == len(xs) == len(ys) == 100
    assert set(letters.text) == set("ABCDEFGHIJKLMN")  # the 14 distance classes of 10x10
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 1
    assert len(root.findall(".//svg:circle[@class='hint step']", NS)) == 4
    assert len(root.findall(".//svg:circle[@class='hint capture']", NS)) == 1


def test_checkers_differ_by_shape_not_only_colour() -> None:
    svg = render(Position.parse("6/6/6/6/6/rb4 r"))
    root = ET.fromstring(svg)
    red = root.find(".//svg:circle[@class='mark'][@data-on='a1']", NS)
    blue = root.find(".//svg:circle[@class='mark'][@data-on='b1']", NS)
    assert red.get("fill") != "none"  # a solid dot
    assert blue.get("fill") == "none" and blue.get("stroke")  # a ring
