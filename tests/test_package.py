"""The package as a release makes it: ``python -m build`` in a checkout (after ``npm ci``)
makes an sdist and a wheel that carry the live boards' files, without a warning; the
wheel, installed into a fresh virtual environment (not editable) with the docs extras,
builds a Sphinx and a MkDocs site whose live boards load those files.

The builds fetch setuptools, and the environment the docs tools (in the extras' ranges),
from the package index: these tests are ``slow``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.test_docs_tools import LONE, MKDOCS_YML, Tags, _need
from zola.docs import sitefiles

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NAME = "zola-0.1.0"
# The environment of a build and of the fresh virtual environment: none of this
# checkout's modules on the path, and Python's byte-compiling on (else setuptools
# says it skips it).
CLEAN = {
    key: value
    for key, value in os.environ.items()
    if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")
}


def checkout(target: Path) -> Path:
    """What a checkout holds for the build: the package, its build files and (after
    ``npm ci``) the live boards' files from web/ and node_modules/."""
    target.mkdir(parents=True)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, target / name)
    shutil.copytree(ROOT / "zola", target / "zola", ignore=shutil.ignore_patterns("__pycache__"))
    sitefiles.copy(target)
    return target


def run(command: list[str], cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=CLEAN, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """``python -m build`` in a checkout (the sdist, then the wheel built from it): the
    folder of both, and all the build printed."""
    _need("build")
    root = tmp_path_factory.mktemp("release")
    project = checkout(root / "checkout")
    done = run([sys.executable, "-m", "build", "--outdir", str(root / "dist")], project)
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "dist", done.stdout + done.stderr


def test_the_sdist_and_the_wheel_carry_the_live_boards_files_and_the_build_warns_of_nothing(
    dist: tuple[Path, str],
) -> None:
    folder, printed = dist
    assert [line for line in printed.splitlines() if "warn" in line.lower()] == []
    listed = sorted(sitefiles.files())
    with zipfile.ZipFile(folder / f"{NAME}-py3-none-any.whl") as wheel:
        names = wheel.namelist()
        metadata = wheel.read(f"{NAME}.dist-info/METADATA").decode()
    assert sorted(n.removeprefix("zola/site/") for n in names if "/site/" in n) == listed
    sets = {f"zola/data/puzzles-{size}.txt" for size in (6, 8, 10)}
    assert {*sets, "zola/py.typed"} <= set(names)
    with tarfile.open(folder / f"{NAME}.tar.gz") as sdist:
        files = [member.name for member in sdist.getmembers() if member.isfile()]
    prefix = f"{NAME}/zola/site/"
    assert sorted(n.removeprefix(prefix) for n in files if n.startswith(prefix)) == listed
    assert not [name for name in files if "/node_modules/" in name and "/site/" not in name]
    # The extras take ranges (a docs project keeps its own versions); the test extra pins.
    ranges = ('sphinx>=7; extra == "docs"', 'mkdocs>=1.5; extra == "mkdocs"')
    for requirement in (*ranges, 'distributed>=2024.1; extra == "dask"'):
        assert f"Requires-Dist: {requirement}" in metadata
    assert "Requires-Dist: sphinx==9.0.4; extra == \"test\"" in metadata
    assert "License-Expression: MIT" in metadata


def test_a_checkout_without_node_modules_cannot_build_a_package_that_would_lack_them(
    tmp_path: Path,
) -> None:
    _need("build")
    project = checkout(tmp_path / "checkout")
    shutil.rmtree(project / "node_modules")
    done = run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path)], project)
    assert done.returncode != 0 and "run `npm ci`" in done.stdout + done.stderr
    assert not list(tmp_path.glob("*.whl"))


SPHINX_PAGE = f"Boards\n======\n\n.. zola:: {LONE}\n   :live:\n"
MKDOCS_PAGE = f"# Boards\n\n```zola\n{LONE}\nlive\n```\n"


def test_the_wheel_installed_in_a_fresh_environment_builds_sites_with_live_boards(
    dist: tuple[Path, str], tmp_path: Path
) -> None:
    folder, _ = dist
    env = tmp_path / "env"
    assert run([sys.executable, "-m", "venv", str(env)], tmp_path).returncode == 0
    python = str(env / "bin" / "python")
    wheel = folder / f"{NAME}-py3-none-any.whl"
    install = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    done = run([*install, f"{wheel}[docs,mkdocs]"], tmp_path)
    assert done.returncode == 0, done.stderr
    # The environment's zola is the wheel's, with its own copy of the boards' files.
    code = "from zola.docs import sitefiles; print(sitefiles.source())"
    done = run([python, "-c", code], tmp_path)
    assert done.returncode == 0, done.stderr
    files = Path(done.stdout.strip())
    assert files.parts[-2:] == ("zola", "site") and "site-packages" in files.parts
    assert files.is_relative_to(env)
    # Sphinx: the board's files go into _static/zola/, and the page loads them.
    src = tmp_path / "sphinx"
    src.mkdir()
    (src / "conf.py").write_text('project = "Boards"\nextensions = ["zola.sphinx"]\n')
    (src / "index.rst").write_text(SPHINX_PAGE)
    done = run([python, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), "html"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    html = tmp_path / "html"
    page = Tags((html / "index.html").read_text("utf-8"))
    loaders = [src.split("?")[0] for src in page.loaders()]  # (Sphinx adds ?v=CHECKSUM)
    assert len(page.live()) == 1 and loaders == ["_static/zola/web/boards.js"]
    copied = html / "_static" / "zola"
    for path in sitefiles.files():
        assert (copied / path).read_bytes() == (ROOT / path).read_bytes(), path
    # MkDocs: the same files in the site's zola/ folder.
    site = tmp_path / "mkdocs"
    (site / "docs").mkdir(parents=True)
    (site / "mkdocs.yml").write_text(MKDOCS_YML)
    (site / "docs" / "index.md").write_text(MKDOCS_PAGE)
    done = run([python, "-m", "mkdocs", "build", "--strict"], site)
    assert done.returncode == 0, done.stderr
    page = Tags((site / "site" / "index.html").read_text("utf-8"))
    assert len(page.live()) == 1 and page.loaders() == ["zola/web/boards.js"]
    for path in sitefiles.files():
        assert (site / "site" / "zola" / path).read_bytes() == (ROOT / path).read_bytes(), path
