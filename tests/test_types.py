"""Each named tuple's typed declaration (for the type checker, in an ``if TYPE_CHECKING:``
block: the page's MicroPython has no ``typing``) and its run-time twin (a ``namedtuple``)
name the same fields in the same order; and the package ships its types (``py.typed``)."""

import ast
import importlib
import pkgutil
from pathlib import Path

import zola

ROOT = Path(__file__).resolve().parents[1]


def typed_twins() -> list[tuple[str, str, list[str]]]:
    """``(module, class, fields)`` of every ``class _X(NamedTuple)`` declared for the type
    checker in the package."""
    found = []
    for info in pkgutil.walk_packages(zola.__path__, "zola."):
        if info.ispkg or info.name == "zola.__main__":
            continue
        path = ROOT / (info.name.replace(".", "/") + ".py")
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            bases = [base.id for base in getattr(node, "bases", []) if isinstance(base, ast.Name)]
            if isinstance(node, ast.ClassDef) and "NamedTuple" in bases:
                fields = [
                    item.target.id
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                ]
                found.append((info.name, node.name, fields))
    return found


def test_every_typed_named_tuple_has_a_run_time_twin_with_its_fields() -> None:
    twins = typed_twins()
    assert len(twins) > 25
    for module, name, fields in twins:
        twin = getattr(importlib.import_module(module), name)
        assert list(twin._fields) == fields, (module, name)


def test_the_screens_begin_with_what_one_board_shows() -> None:
    from zola.page.live import LiveScreen
    from zola.page.screen import BOARD_FIELDS, Screen

    for screen in (Screen, LiveScreen):
        assert screen._fields[: len(BOARD_FIELDS)] == BOARD_FIELDS


def test_the_package_ships_its_types() -> None:
    assert (ROOT / "zola" / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert '"py.typed"' in pyproject
