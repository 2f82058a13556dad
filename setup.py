"""The package's build: pyproject.toml says everything else; this puts the live boards'
files into the package, because a docs build (zola.sphinx, ``zola site-files``) has no
npm.

``build_py`` copies the files of :mod:`zola.docs.sitefiles` (web/boards.js, what it
loads and the board's style sheet and parts, from web/ and node_modules/) into the
built package as ``zola/site/``, keeping their paths; ``sdist`` puts them into the
source archive there too, so a wheel built from it has them. Build after ``npm ci``:
without node_modules/ the build stops and says so. An editable install
(``pip install -e .``) copies nothing: zola.docs.sitefiles reads the checkout itself.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent


def _sitefiles() -> ModuleType:
    """zola/docs/sitefiles.py, loaded on its own (the build does not import the package)."""
    path = HERE / "zola/docs/sitefiles.py"
    spec = importlib.util.spec_from_file_location("_zola_sitefiles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _copy_site(package: Path) -> None:
    sitefiles = _sitefiles()
    try:
        sitefiles.copy(package / "site")
    except FileNotFoundError as error:
        raise SystemExit(f"zola: cannot build the package: {error}") from None


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            _copy_site(Path(self.build_lib) / "zola")


class Sdist(sdist):
    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        _copy_site(Path(base_dir) / "zola")


setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
