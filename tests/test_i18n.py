"""The languages: every message in every language, the same blanks, plurals by each
language's rule, and the files made from the .po files up to date."""

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scripts.translations import blanks, wrong_blanks
from tests import check_script
from zola.lang.i18n import (
    ENGLISH,
    LANGUAGES,
    PLURAL_RULES,
    Text,
    decimal,
    messages,
    number,
    pick_language,
    say,
)

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "zola" / "lang" / "locale"
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def forms(message: str | tuple[str, ...]) -> tuple[str, ...]:
    return (message,) if isinstance(message, str) else message


def catalog(language: str) -> Catalog:
    with (LOCALE / f"{language}.po").open(encoding="utf-8") as file:
        return read_po(file, locale=language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_blanks(language: str) -> None:
    table = messages(language)[0]
    missing = [key for key in ENGLISH if key not in table]
    assert not missing, f"untranslated or fuzzy in {language}.po (or run scripts/build): {missing}"
    assert list(table) == list(ENGLISH)
    plurals = catalog(language).num_plurals
    for key, english in ENGLISH.items():
        translated = table[key]
        assert isinstance(translated, str) == isinstance(english, str), key
        if not isinstance(translated, str):
            assert len(translated) == plurals, key
        wanted = blanks(forms(english)[-1])
        for form in forms(translated):
            assert form.strip(), key
            assert blanks(form) == wanted, (language, key, form)


def test_english_plurals_have_a_count_and_the_same_blanks_in_both_forms() -> None:
    plural = [key for key, english in ENGLISH.items() if not isinstance(english, str)]
    assert {"count.moves", "count.inaccuracies", "count.mistakes", "count.blunders"} <= set(plural)
    for key in plural:
        one, many = ENGLISH[key]
        assert blanks(one) == blanks(many) and "count" in {name for name, _, _ in blanks(one)}
    # No message puts a count before a noun without a plural: "{moves} moves" and the like.
    nouns = "moves|squares|checkers|games|inaccuracies|mistakes|blunders"
    counted = re.compile(r"\{(?!square\}|color\}|move\}|player\})\w+\} (" + nouns + ")")
    for key, english in ENGLISH.items():
        if isinstance(english, str):
            assert not counted.search(english), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_plural_rule_is_the_one_its_po_header_states(language: str) -> None:
    header = catalog(language) if language != "en" else None
    formula = header.plural_expr if header else "(n != 1)"
    assert formula in PLURAL_RULES
    if header:
        assert header.num_plurals == 2
    rule = messages(language)[1]
    reference = gettext.c2py(formula)
    assert [rule(n) for n in range(2001)] == [reference(n) for n in range(2001)]


def test_the_template_and_the_tables_are_made_from_the_po_files_now() -> None:
    check_script("translations.py")
    template = (LOCALE / "zola.pot").read_text("utf-8")
    assert template.count('msgctxt "') == len(ENGLISH)
    assert sorted(path.stem for path in LOCALE.glob("*.po")) == sorted(TRANSLATED)


def test_a_count_takes_its_languages_plural() -> None:
    def count(language: str, key: str, *numbers: int) -> list[str]:
        return [say(language, key, count=n) for n in numbers]

    assert count("en", "count.inaccuracies", 0, 1, 2) == [
        "0 inaccuracies",
        "1 inaccuracy",
        "2 inaccuracies",
    ]
    assert count("de", "count.blunders", 1, 2) == ["1 grober Fehler", "2 grobe Fehler"]
    assert count("fr", "count.inaccuracies", 0, 1, 2) == [
        "0 imprécision",
        "1 imprécision",
        "2 imprécisions",
    ]
    assert count("es", "count.blunders", 0, 1, 2) == [
        "0 errores graves",
        "1 error grave",
        "2 errores graves",
    ]
    assert count("it", "count.mistakes", 1, 11) == ["1 errore", "11 errori"]
    assert count("nl", "count.moves", 1, 21) == ["1 zet", "21 zetten"]
    summary = Text(
        "review.summary",
        player=Text("review.player.you", color=Text("color.blue")),
        inaccuracies=Text("count.inaccuracies", count=1),
        mistakes=Text("count.mistakes", count=0),
        blunders=Text("count.blunders", count=1),
        loss=decimal(75, 1),
    )
    assert str(summary) == "You (Blue): 1 inaccuracy, 0 mistakes, 1 blunder; average loss 7.5%"
    assert say("fr", summary) == (
        "Vous (Bleu) : 1 imprécision, 0 erreur, 1 gaffe ; perte moyenne 7,5 %"
    )
    assert say("de", summary) == (
        "Du (Blau): 1 Ungenauigkeit, 0 Fehler, 1 grober Fehler; durchschnittlich 7,5 % verloren"
    )
    with pytest.raises(TypeError, match="count.moves needs an integer count"):
        say("en", "count.moves", number=2)


def test_numbers_with_decimals_take_each_languages_separator() -> None:
    assert [number(language, 9, 1) for language in LANGUAGES] == ["0.9"] + ["0,9"] * 5
    assert number("de", 2345, 1) == "234,5" and number("fr", 7, 2) == "0,07"
    assert number("en", -40, 2, signed=True) == "-0.40"
    assert (
        number("de", 150, 2, signed=True) == "+1,50" and number("de", 0, 2, signed=True) == "0,00"
    )
    assert decimal(75, 1) == "7.5" and say("es", decimal(-5, 1)) == "-0,5"
    summary = Text(
        "review.summary",
        player=Text("color.red"),
        inaccuracies=Text("count.inaccuracies", count=1),
        mistakes=Text("count.mistakes", count=0),
        blunders=Text("count.blunders", count=0),
        loss=decimal(9, 1),
    )
    assert say("de", summary).endswith("durchschnittlich 0,9 % verloren")
    assert say("fr", summary).endswith("perte moyenne 0,9 %")
    assert str(summary).endswith("average loss 0.9%")
    with pytest.raises(ValueError):
        decimal(5, 0)


def test_messages_in_each_language() -> None:
    reason = Text("reason.capture_inward")
    assert say("fr", "notice.illegal", move="c3xb3", reason=reason) == (
        "c3xb3 n'est pas légal : une prise ne peut pas s'éloigner du centre."
    )
    assert say("es", "status.turn_player", color=Text("color.red"), player=Text("player.you")) == (
        "Turno de Rojo (tú)."
    )
    assert say("it", "square.blue", square="e5") == "e5, pedina blu"
    assert say("nl", "status.win", color=Text("color.blue"), player=Text("player.computer")) == (
        "Blauw wint (computer)."
    )
    # Names stay as they are; a language the game does not speak is English.
    assert all("Mark Steere" in say(language, "page.credit") for language in LANGUAGES)
    assert say("pt", "page.new") == "New game" and messages("pt") is messages("en")


def test_the_browsers_languages_choose_and_english_is_the_default() -> None:
    assert pick_language(["nl-BE", "fr"]) == "nl"
    assert pick_language(["pt-BR", "IT", "de"]) == "it"
    assert pick_language(["es-419"]) == "es"
    assert pick_language([]) == "en"


def test_english_loads_no_other_language() -> None:
    code = (
        "import sys\n"
        "from zola.lang.i18n import say\n"
        "say('en', 'page.new')\n"
        "tables = lambda: sorted(m for m in sys.modules if m.startswith('zola.lang.')\n"
        "                        and m != 'zola.lang.i18n')\n"
        "assert not tables(), sys.modules\n"
        "say('fr', 'page.new')\n"
        "print(tables())\n"
    )
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "['zola.lang.fr']"


def test_the_pages_switch_offers_each_language_in_its_own_words() -> None:
    html = (ROOT / "index.html").read_text("utf-8")
    menu = re.search(r'<select id="language">(.*?)</select>', html, re.S)
    assert menu is not None
    options = re.findall(r'<option value="(\w+)" lang="(\w+)">([^<]+)</option>', menu[1])
    assert [(value, lang) for value, lang, _ in options] == [(code, code) for code in LANGUAGES]
    names = [name for _, _, name in options]
    assert names == ["English", "Deutsch", "Español", "Français", "Italiano", "Nederlands"]


def test_the_build_refuses_a_translation_whose_blanks_are_not_the_englishs() -> None:
    po = (LOCALE / "de.po").read_text("utf-8")
    assert wrong_blanks(read_po(io.StringIO(po), locale="de")) == []
    broken = po.replace('msgstr "{color} ist am Zug."', 'msgstr "{colour} ist am Zug."', 1)
    assert broken != po
    problems = wrong_blanks(read_po(io.StringIO(broken), locale="de"))
    assert problems == ["status.turn: '{colour} ist am Zug.' has ['colour'], not ['color']"]


def test_a_table_whose_blanks_are_wrong_says_the_message_in_english(monkeypatch) -> None:
    table = dict(messages("de")[0])
    table["status.turn"] = "{colour} ist am Zug."  # as a broken .po would have it
    table["count.moves"] = ("{n} Zug", "{n} Züge")
    monkeypatch.setitem(messages("de")[0], "status.turn", table["status.turn"])
    monkeypatch.setitem(messages("de")[0], "count.moves", table["count.moves"])
    assert say("de", "status.turn", color=Text("color.blue")) == "Blue to move."
    assert say("de", "count.moves", count=3) == "3 moves"
    assert say("de", "result.wins", color=Text("color.red")) == "Rot gewinnt."  # still German
