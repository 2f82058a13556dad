#!/usr/bin/env python3
"""Make the translations' files from the English table and the translators' .po files.

    python3 scripts/translations.py            # write what is stale
    python3 scripts/translations.py --check    # exit 1 naming the stale files

English is the source, in zola/lang/i18n.py (``ENGLISH``). From it this writes the
template zola/lang/locale/zola.pot (msgctxt: the message's key, msgid: its English,
msgid_plural: its English plural), merges the template into each translation
zola/lang/locale/XX.po as gettext's msgmerge does (a new message comes in
untranslated, a changed one is marked fuzzy, a removed one goes), and compiles each
.po into zola/lang/XX.py, the table zola.lang.i18n imports when XX is chosen (a plain
dict, so the page's MicroPython needs no library). Untranslated and fuzzy entries
are left out of the table: the page says them in English, and tests/test_i18n.py
names them. A translation whose blanks (``{color}``, ``{count}``...) are not its
English's is refused, naming the file, the key and both sets of blanks: filled in, it
would fail or say the wrong thing. The output is the same bytes on every machine, so
the files are committed; scripts/build runs this first.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import UTC, datetime
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from zola.lang.i18n import ENGLISH, LANGUAGES, PLURAL_RULES

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "zola" / "lang" / "locale"
TEMPLATE = LOCALE / "zola.pot"
# Fixed, so that the template is the same bytes whenever it is written.
CREATED = datetime(2026, 1, 1, tzinfo=UTC)
PROJECT = "Zola"
HEADER = """\
# Zola's messages, the template of a translation: copy it to XX.po (XX: the
# language's code), fill in each msgstr, then run scripts/build (README.md,
# "Adding a language"). Made by scripts/translations.py from zola/lang/i18n.py."""
WIDTH = 80


def template() -> Catalog:
    """The catalog of every English message, in the order of the table."""
    catalog = Catalog(
        project=PROJECT,
        version="",
        creation_date=CREATED,
        revision_date=CREATED,
        fuzzy=False,
        msgid_bugs_address="",
        header_comment=HEADER,
    )
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    for key, english in ENGLISH.items():
        catalog.add(english, context=key)
    return catalog


def blanks(template: str) -> set[tuple[str, str, str | None]]:
    """The blanks of a message: each field's name with its format spec and conversion.

    >>> sorted(blanks("{color} played {move}."))
    [('color', '', None), ('move', '', None)]
    """
    return {
        (name, spec or "", conversion)
        for _, name, spec, conversion in Formatter().parse(template)
        if name is not None
    }


def wrong_blanks(catalog: Catalog) -> list[str]:
    """The translations of ``catalog`` whose blanks are not their English's (each form of
    a plural has the blanks of the English plural), as one line each; fuzzy and
    untranslated ones are left out of the table anyway."""
    problems = []
    for message in catalog:
        if not message.id or message.fuzzy or message.context not in ENGLISH:
            continue
        english = ENGLISH[message.context]
        wanted = blanks(english if isinstance(english, str) else english[-1])
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            if form and blanks(form) != wanted:
                has = sorted(name for name, _, _ in blanks(form))
                english_has = sorted(name for name, _, _ in wanted)
                problems.append(f"{message.context}: {form!r} has {has}, not {english_has}")
    return problems


def text(catalog: Catalog) -> str:
    """``catalog`` as a .po (or .pot) file."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=False, ignore_obsolete=True)
    return out.getvalue().decode("utf-8")


def merged(po: str, language: str, pot: Catalog) -> Catalog:
    """The translation ``po`` (a .po file's text) brought up to date with ``pot``."""
    catalog = read_po(io.StringIO(po), locale=language)
    catalog.update(pot, update_header_comment=False, update_creation_date=False)
    return catalog


def module(catalog: Catalog, language: str, plural: str) -> str:
    """The Python module of ``catalog``'s translated messages, in the template's order."""
    lines = [
        f'"""The messages in {catalog.locale.english_name}, for zola.lang.i18n.',
        "",
        f"Made by scripts/translations.py from zola/lang/locale/{language}.po: edit that file,",
        'then run scripts/build."""',
        "",
        f"PLURAL = {plural!r}",
        'STRINGS: "dict[str, str | tuple[str, ...]]" = {',
    ]
    for message in catalog:
        if not message.id or message.fuzzy or not message.context:
            continue
        if message.pluralizable:
            forms = tuple(message.string)
            if all(forms):
                lines.append(f"    {message.context!r}: {forms!r},")
        elif message.string:
            lines.append(f"    {message.context!r}: {message.string!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def plural_rule(catalog: Catalog, path: Path) -> str:
    """The plural formula of ``catalog``'s header, one zola.lang.i18n can evaluate."""
    formula = catalog.plural_expr
    if formula not in PLURAL_RULES:
        known = ", ".join(PLURAL_RULES)
        rules = "zola.lang.i18n.PLURAL_RULES"
        sys.exit(f"{path}: plural={formula} is not in {rules} ({known}); add it")
    return formula


def outputs() -> dict[Path, str]:
    """Every file this writes, with what it should hold now."""
    pot = template()
    out = {TEMPLATE: text(pot)}
    for language in LANGUAGES:
        if language == "en":
            continue
        path = LOCALE / f"{language}.po"
        if not path.is_file():
            sys.exit(f"{path.relative_to(ROOT)} is missing: copy zola/lang/locale/zola.pot to it")
        catalog = merged(path.read_text("utf-8"), language, pot)
        problems = wrong_blanks(catalog)
        if problems:
            where = path.relative_to(ROOT)
            sys.exit(f"{where}: blanks that are not the English's:\n  " + "\n  ".join(problems))
        out[path] = text(catalog)
        rule = plural_rule(catalog, path)
        out[ROOT / "zola" / "lang" / f"{language}.py"] = module(catalog, language, rule)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args()
    stale = []
    for path, content in outputs().items():
        if not path.exists() or path.read_text("utf-8") != content:
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(content, "utf-8")
    if args.check and stale:
        names = ", ".join(map(str, stale))
        print(f"stale: {names}; run: python3 scripts/translations.py", file=sys.stderr)
        return 1
    print(f"translations: {'stale' if args.check else 'written'}: {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
