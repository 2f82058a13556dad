"""The SVG renderer: valid XML, the right checkers, stable hooks, every option."""

import re
import xml.etree.ElementTree as ET

import pytest

from zola import SIZES, Move, Position, parse_square
from zola.draw.schemes import fixed, follow, style
from zola.draw.svg import render
from zola.draw.themes import DARK, PALETTES
from zola.rules.geometry import geometry, square_name

NS = {"svg": "http://www.w3.org/2000/svg"}


def checkers(svg: str) -> dict[str, str]:
    """``{square: 'red' | 'blue'}`` read back from the drawing."""
    root = ET.fromstring(svg)
    found = {}
    for group in root.iterfind(".//svg:g[@class]", NS):
        kind, *color = group.get("class").split()
        if kind == "checker":
            for body in group.iterfind("svg:circle[@data-on]", NS):
                found[body.get("data-on")] = color[0]
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
    assert root.findall(".//svg:g[@class='coordinate']", NS) == []
    letters = root.find(".//svg:text[@class='class-letters']", NS)
    xs, ys = letters.get("x").split(), letters.get("y").split()
    assert len(letters.text) == len(xs) == len(ys) == 100
    assert set(letters.text) == set("ABCDEFGHIJKLMN")  # the 14 distance classes of 10x10
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 1
    assert len(root.findall(".//svg:circle[@class='hint step']", NS)) == 4
    assert len(root.findall(".//svg:circle[@class='hint capture']", NS)) == 1


def test_the_class_letters_keep_clear_of_the_checkers() -> None:
    """Each letter's box (at most 0.85 em wide, from its baseline up) stays outside the
    checker's circle on its square: radius 38 and half the rim's 3."""
    for size in (6, 8, 10):
        root = ET.fromstring(render(Position.start(size), shading=True))
        letters = root.find(".//svg:text[@class='class-letters']", NS)
        em = float(letters.get("font-size"))
        for sq, x, y in zip(
            geometry(size).squares, letters.get("x").split(), letters.get("y").split(),
            strict=True,
        ):
            corner = root.find(f".//svg:circle[@data-on='{square_name(sq)}']", NS)
            cx, cy = float(corner.get("cx")), float(corner.get("cy"))
            right, base = float(x) + 0.85 * em, float(y)
            assert ((cx - right) ** 2 + (cy - base) ** 2) ** 0.5 >= 38 + 1.5, (size, sq)


def test_checkers_differ_by_shape_not_only_colour() -> None:
    svg = render(Position.parse("6/6/6/6/6/rb4 r"))
    root = ET.fromstring(svg)
    red = root.find(".//svg:g[@class='mark red']", NS)
    blue = root.find(".//svg:g[@class='mark blue']", NS)
    assert [mark.get("data-on") for mark in red] == ["a1"]
    assert [mark.get("data-on") for mark in blue] == ["b1"]
    assert red.get("fill") != "none"  # a solid dot
    assert blue.get("fill") == "none" and blue.get("stroke")  # a ring
    assert float(blue[0].get("r")) > float(red[0].get("r"))


def _resolved(sheet: str, attribute: str, value: str, arrow: bool, dark: bool) -> str:
    """The colour the follow style sheet gives an element's ``attribute="value"``: its
    rule's property, with the dark values of its custom properties when ``dark`` (the
    toggle ``--zola-dark`` on)."""
    board = r"svg\.zola-board\.follow "
    # An arrow's rule (by its fill) sets its stroke too, over the hints' rules.
    key = "fill" if arrow else attribute
    rule = arrow and re.search(board + rf'\.arrow\[fill="{value}"\]\{{([^}}]*)\}}', sheet)
    rule = rule or re.search(board + rf'\[{key}="{value}"\]\{{([^}}]*)\}}', sheet)
    assert rule, (attribute, value)
    declared = dict(part.split(":", 1) for part in rule[1].split(";"))[attribute]
    block = re.search(r"svg\.zola-board\.follow\{([^}]*)\}", sheet)[1]
    toggled = dict(part.split(":", 1) for part in block.split(";"))

    def var(match: re.Match[str]) -> str:
        on = toggled[match[2]].removeprefix("var(--zola-dark) ")
        return on if dark else match[3]

    colour = re.sub(r"var\(--zola-([\w-]+),var\((--zola-dark-\1),(#[0-9a-f]{6})\)\)", var, declared)
    mix = re.fullmatch(r"color-mix\(in srgb,(#\w{6}) (\d+)%,(#\w{6})\)", colour)
    if mix:  # as a browser mixes them
        a, share, b = mix[1], int(mix[2]) / 100, mix[3]
        channels = [
            round(int(a[i : i + 2], 16) * share + int(b[i : i + 2], 16) * (1 - share))
            for i in (1, 3, 5)
        ]
        colour = "#" + "".join(f"{channel:02x}" for channel in channels)
    return colour


def _colours(svg: str) -> list[tuple[str, str, bool]]:
    """Every colour attribute in drawing order: (attribute, value, inside an arrow)."""
    found = []
    for element in re.finditer(r"<(\w+)([^>]*)>", svg):
        arrow = 'class="arrow"' in element[2]
        for attribute, value in re.findall(r' (fill|stroke)="(#[0-9a-f]{6})"', element[2]):
            found.append((attribute, value, arrow))
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("shading", [False, True])
@pytest.mark.parametrize("palette", PALETTES)
def test_a_drawing_that_follows_the_scheme_is_the_dark_drawing_where_it_is_dark(
    size, shading, palette
):
    position = Position.start(size)
    moves = position.legal_moves()
    options = dict(
        shading=shading, arrows=[moves[0]], replies=[moves[3]], highlight=[0],
        last_move=moves[1], selected=moves[2].from_square, hints=moves[:4],
    )  # fmt: skip
    light_theme, dark_theme = PALETTES[palette]
    light = render(position, theme=light_theme, **options)
    dark = render(position, theme=dark_theme, **options)
    sheet = style(size, palette)
    followed = follow(light, size, palette)
    assert sheet in followed and fixed(followed) == light
    pairs = list(zip(_colours(light), _colours(dark), strict=True))
    drawn = {value for _, value, _ in _colours(light)}  # every kind of part, compared
    assert len(pairs) >= 20 and {
        light_theme.red, light_theme.blue, light_theme.mark, light_theme.coordinates,
        light_theme.background, *light_theme.rims,
    } <= drawn  # fmt: skip

    def close(a: str, b: str) -> bool:  # a mix of the shades may round a channel
        return max(abs(int(a[i : i + 2], 16) - int(b[i : i + 2], 16)) for i in (1, 3, 5)) <= 1

    for (attribute, value, arrow), (_, dark_value, _) in pairs:
        assert close(_resolved(sheet, attribute, value, arrow, dark=False), value)
        resolved = _resolved(sheet, attribute, value, arrow, dark=True)
        assert close(resolved, dark_value), (attribute, value, resolved, dark_value)


def test_a_best_lines_answer_is_drawn_in_a_colour_of_its_own() -> None:
    position = Position.start(6)
    first, answer = position.legal_moves()[:2]
    svg = render(position, arrows=[first], replies=[answer])
    colours = re.findall(r'<g class="arrow"[^>]* fill="(#[0-9a-f]{6})"', svg)
    assert len(colours) == 2 and colours[0] != colours[1]
