"""The board's palettes: the high-contrast one meets WCAG AA in both schemes, each palette's
link word round-trips, and the command line and the docs tools take a palette by name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_cli import zola
from zola.docs.diagrams import Diagram
from zola.draw.schemes import PAGE_CSS
from zola.draw.svg import square_fills
from zola.draw.themes import PALETTES, Theme
from zola.rules.game import Game
from zola.rules.geometry import SIZES
from zola.rules.link import DEFAULT_VIEW, WORDS, parse, unparse, view_of


def luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#c62828", "#c62828") == 1


def squares(theme: Theme) -> set[str]:
    """Every colour a square of ``theme`` may have: plain, or shaded by distance class."""
    return {
        colour
        for size in SIZES
        for shading in (False, True)
        for colour in square_fills(size, shading, theme).values()
    }


def shortfalls(theme: Theme) -> list[str]:
    """What of ``theme`` falls below WCAG AA: text (the coordinates, on the background
    around the board and the letters of the classes on the squares) under 4.5:1, the
    checkers and the marks on the squares (the legal-move marks, the selection, the
    capture mark, the arrows) and the checkers' inner marks on them under 3:1."""
    low = []
    pairs = [("coordinates", theme.coordinates, theme.background, 4.5)]
    pairs += [("coordinates", theme.coordinates, square, 4.5) for square in squares(theme)]
    for name in ("red", "blue", "hint", "selected", "capture", "arrow", "reply"):
        pairs += [(name, getattr(theme, name), square, 3) for square in squares(theme)]
    pairs += [("mark", theme.mark, theme.red, 3), ("mark", theme.mark, theme.blue, 3)]
    for name, colour, ground, least in pairs:
        ratio = contrast(colour, ground)
        if ratio < least:
            low.append(f"{theme.name} {name} {colour} on {ground}: {ratio:.2f} < {least}")
    return low


@pytest.mark.parametrize("scheme", [0, 1], ids=["light", "dark"])
def test_the_high_contrast_palette_meets_wcag_aa(scheme: int) -> None:
    assert shortfalls(PALETTES["contrast"][scheme]) == []


def test_the_measure_finds_a_palette_below_aa() -> None:
    assert any("red" in low for low in shortfalls(PALETTES["classic"][1]))
    washed = PALETTES["contrast"][0]._replace(coordinates="#8a8a8a")
    first = shortfalls(washed)[0].split(":")[0]
    assert first == "light coordinates #8a8a8a on #e6e6e6"


def test_each_palette_has_a_light_and_a_dark_scheme_of_its_own() -> None:
    assert list(PALETTES) == [word for word, name, _ in WORDS if name == "palette"]
    for light, dark in PALETTES.values():
        assert (light.name, dark.name) == ("light", "dark")
        assert luminance(light.background) > 0.5 > luminance(dark.background)
    backgrounds = [light.background for light, _ in PALETTES.values()]
    assert len(set(backgrounds)) == len(backgrounds)


VIEWS = st.fixed_dictionaries(
    {},
    optional={name: st.just(value) for _, name, value in WORDS if name != "palette"}
    | {"palette": st.sampled_from(list(PALETTES))},
).map(lambda changes: DEFAULT_VIEW.replace(**changes))


@given(VIEWS)
def test_a_views_words_round_trip_with_its_palette(view) -> None:
    fragment = unparse(Game(6), view)
    assert parse(fragment)[1] == view and view_of(fragment) == view
    assert fragment.split(";").count(view.palette) == (1 if view.palette else 0)


@pytest.mark.parametrize("word", ["Slate", "slate=1", "slates", "palette=slate", " slate"])
def test_a_palette_word_is_taken_only_as_written(word: str) -> None:
    with pytest.raises(ValueError, match="bad game link"):
        parse("v1;size=6;" + word)


def test_zola_svg_takes_a_palette_by_name(tmp_path) -> None:
    out = tmp_path / "board.svg"
    done = zola("svg", "6/6/2rb2/6/6/6 r", "--theme", "contrast", "-o", str(out))
    assert done.returncode == 0, done.stderr
    svg = out.read_text()
    light, dark = PALETTES["contrast"]
    assert f'fill="{light.background}"' in svg and f"var(--zola-dark) {dark.background}" in svg
    done = zola("svg", "--fragment", "v1;size=6;slate", "--dark", "-o", str(out))
    assert done.returncode == 0 and f'fill="{PALETTES["slate"][1].red}"' in out.read_text()
    wrong = zola("svg", "6/6/2rb2/6/6/6 r", "--theme", "sepia", "-o", str(out))
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert "unknown theme 'sepia': choose classic, slate, contrast" in wrong.stderr


def test_a_docs_diagram_takes_a_palette_option_over_the_link_and_the_site() -> None:
    slate, contrast = PALETTES["slate"][0], PALETTES["contrast"][0]
    block = Diagram("v1;size=6;moves=c3xd3", {"palette": "Contrast", "live": ""})
    assert f'fill="{contrast.background}"' in block.svg
    assert block.live_fragment().endswith(";contrast")
    site = Diagram("v1;size=6", {}, palette="slate")
    assert f'fill="{slate.background}"' in site.svg and site.live_fragment().endswith(";slate")
    linked = Diagram("v1;size=6;contrast", {}, palette="slate")  # the link's word wins
    assert f'fill="{contrast.background}"' in linked.svg
    with pytest.raises(ValueError, match="palette must be classic, slate, contrast, not 'sepia'"):
        Diagram("v1;size=6", {"palette": "sepia"})


def test_a_live_boards_first_screen_takes_the_pages_scheme_by_css_unless_its_link_says() -> None:
    follows = Diagram("v1;size=6;moves=c3xd3;slate", {"live": ""}).live_preview()
    assert follows.startswith(f'<style class="zola-scheme">{PAGE_CSS}</style><template ')
    assert '<div class="zola" ' in follows  # its scheme: the page's, by CSS
    assert f"var(--zola-dark) {PALETTES['slate'][1].background}" in follows
    for word in ("light", "dark"):
        forced = Diagram(f"v1;size=6;{word}", {"live": ""}).live_preview()
        assert forced.startswith("<template ") and "zola-scheme" not in forced
        assert f'<div class="zola {word}" ' in forced
