"""The guide's map of the package (guide/architecture.md): every module is in it, and
each room imports only from the rooms above it there (an import inside a function,
which runs only when called, may look down: a position draws itself for a notebook)."""

import ast
import pkgutil
import re
from pathlib import Path

import zola

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("lang", "rules", "engine", "draw", "puzzles", "page", "docs")  # top to bottom
TOP = {"compat", "cli", "sphinx", "markdown", "notebook"}  # at the top of zola/


def modules() -> set[str]:
    """Every module of the package, as the map names it (``rules.position``)."""
    found = set()
    for info in pkgutil.walk_packages(zola.__path__, "zola."):
        name = info.name.removeprefix("zola.")
        if not info.ispkg and name != "__main__":
            found.add(name)
    return found


def mapped() -> set[str]:
    """The modules the guide's map names: ``room.module`` in its tables' first column."""
    text = (ROOT / "guide" / "architecture.md").read_text("utf-8")
    start = text.index("## Where each part lives")
    section = text[start : text.index("\n## ", start + 1)]
    names = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            names |= set(re.findall(r"`([a-z_0-9]+\.[a-z_0-9]+)`", first))
    return names | TOP


def test_every_module_of_the_package_is_in_the_guides_map() -> None:
    assert len(modules()) > 50
    assert mapped() == modules()


def _room(module: str) -> int | None:
    """The rank of a module's room (0 at the top), ``None`` for a module at the top."""
    parts = module.split(".")
    return ROOMS.index(parts[1]) if len(parts) > 2 and parts[1] in ROOMS else None


def _outside_functions(tree: ast.Module) -> list[ast.AST]:
    """The nodes of a module but those inside a function or method."""
    nodes: list[ast.AST] = []
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        nodes.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return nodes


def test_each_room_imports_only_from_the_rooms_above_it() -> None:
    upward = []
    for name in sorted(modules()):
        path = ROOT / "zola" / (name.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text("utf-8"))
        imported = [
            node.module
            for node in _outside_functions(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("zola.")
        ]
        here = _room("zola." + name)
        for other in imported:
            there = _room(other)
            if here is not None and there is not None and there > here:
                upward.append(f"zola.{name} imports {other}")
    assert upward == []
