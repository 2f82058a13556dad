#!/usr/bin/env python3
"""Write the site into a folder that any static host serves as it is.

    scripts/site DIR                    # installs the runtime first (npm ci), then this
    python3 scripts/site_folder.py DIR  # node_modules/ already installed

The folder holds what the pages load and nothing else, from the build's own list
(scripts/precache.py): the service worker's precache list (the app, the puzzle sets,
the rules pages and what they show, the runtimes' files the pages load), the worker
itself (sw.js and the Workbox scripts it imports), the licence files of the npm
packages those files come from (Apache-2.0 and MIT ask for them beside the code; the
pages never load them), and an empty .nojekyll (GitHub Pages publishing from a branch
runs Jekyll, which leaves node_modules/ out without it). Files are copied, never
linked. The folder's sw.js lists exactly the folder's files: its manifest is written
again from the copies (a stale sw.js in the repository is told, and the folder's is
fresh all the same).

Then the guide: Sphinx builds guide/ into the folder's guide/ (warnings as errors), its
live boards loading from the app beside it. The guide is read online: the offline
worker does not precache it, and keeps the pages a reader opened for when the network
fails. ``--check-tools`` exits 1 when the guide's tools (guide/requirements.txt) are not
installed at their pinned versions (scripts/site then installs them).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from fnmatch import fnmatch
from importlib import metadata
from pathlib import Path

try:
    import precache
except ModuleNotFoundError:  # imported as scripts.site_folder (the tests)
    from scripts import precache

ROOT = precache.ROOT
NOJEKYLL = ".nojekyll"
GUIDE = "guide"  # the guide's sources in the repository, and its folder in the site
GUIDE_TOOLS = ROOT / GUIDE / "requirements.txt"
LICENCES = ("LICENSE*", "LICENCE*", "COPYING*", "NOTICE*")
# What makes up the folder, for its report: the first prefix a path starts with.
PARTS = (
    ("node_modules/pyodide/", "Pyodide (the computer's Python)"),
    ("node_modules/@micropython/", "MicroPython (the page's Python)"),
    ("node_modules/@pyscript/", "PyScript"),
    ("node_modules/workbox-", "Workbox (the offline worker)"),
    ("docs/", "the rules pages, six languages"),
    ("guide/", "the guide (Sphinx and furo: pages, styles, search index)"),
    ("zola/data/", "the puzzle sets"),
    ("", "the app"),
)


def _package(path: str) -> str | None:
    """The npm package folder a path is in (``node_modules/@scope/name``), if any."""
    parts = path.split("/")
    if parts[0] != "node_modules":
        return None
    return "/".join(parts[: 3 if parts[1].startswith("@") else 2])


def licence_files(paths: list[str], root: Path = ROOT) -> list[str]:
    """The licence files at the root of every npm package that ``paths`` take files from."""
    packages = sorted({package for path in paths if (package := _package(path))})
    return [
        found.relative_to(root).as_posix()
        for package in packages
        for pattern in LICENCES
        for found in sorted((root / package).glob(pattern))
        if found.is_file()
    ]


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the site but .nojekyll: the precache list, the worker, the licences."""
    files = precache.precache_list(root)
    files += [precache.SW, *precache._imported_scripts(root)]
    return files + licence_files(files, root)


def part(path: str) -> str:
    """The name of the part of the site ``path`` belongs to (see PARTS)."""
    folder, _, name = path.rpartition("/")
    if folder and folder == _package(path) and any(fnmatch(name, p) for p in LICENCES):
        return "licence files"
    return next(name for prefix, name in PARTS if path.startswith(prefix))


def report(folder: Path) -> str:
    """The folder's size, in all and by part: ``12.3 MB in 85 files: ...``."""
    sizes: dict[str, list[int]] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        count_size = sizes.setdefault(part(path.relative_to(folder).as_posix()), [0, 0])
        count_size[0] += 1
        count_size[1] += path.stat().st_size
    total = sum(size for _, size in sizes.values())
    count = sum(n for n, _ in sizes.values())
    lines = [f"{total / 1e6:.1f} MB in {count} files:"]
    for name, (n, size) in sorted(sizes.items(), key=lambda item: -item[1][1]):
        lines.append(f"  {size / 1e6:6.2f} MB  {n:3} files  {name}")
    return "\n".join(lines)


def write_site(dest: Path, root: Path = ROOT) -> None:
    """Copy the site into ``dest``, which must be missing or empty."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise SystemExit(f"{dest} is not an empty folder: remove it first")
    for path in site_files(root):
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / path, target)
    (dest / NOJEKYLL).touch()
    if precache.write(dest):
        print(
            f"site: {precache.SW} in the repository is out of date (the folder's is fresh); "
            "run scripts/build and commit",
            file=sys.stderr,
        )


def missing_tools(requirements: Path = GUIDE_TOOLS) -> list[str]:
    """The pins of ``requirements`` (``name==version`` lines) not installed as pinned."""
    missing = []
    for line in requirements.read_text(encoding="utf-8").splitlines():
        pin = line.split("#", 1)[0].strip()
        if not pin:
            continue
        name, _, version = pin.partition("==")
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            missing.append(pin)
    return missing


def write_guide(dest: Path, root: Path = ROOT) -> None:
    """Build the guide (``root/guide``) into ``dest/guide`` with Sphinx, warnings as
    errors; its doctrees, build info and the theme's source maps stay out of the folder."""
    with tempfile.TemporaryDirectory() as doctrees:
        done = subprocess.run(
            [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", "-d", doctrees,
             str(root / GUIDE), str(dest / GUIDE)],
            capture_output=True, text=True, check=False,
        )
    if done.returncode != 0:
        raise SystemExit(f"site: the guide did not build:\n{done.stderr}{done.stdout}")
    (dest / GUIDE / ".buildinfo").unlink(missing_ok=True)
    for source_map in (dest / GUIDE).rglob("*.map"):  # the theme's: no page loads them
        source_map.unlink()
    for empty in ("_sources", "_downloads"):  # (the guide copies no sources, links no file)
        if (dest / GUIDE / empty).is_dir() and not any((dest / GUIDE / empty).iterdir()):
            (dest / GUIDE / empty).rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", type=Path, nargs="?", help="the folder to write (missing or empty)")
    parser.add_argument("--check-tools", action="store_true",
                        help="exit 1 if the guide's tools are not installed as pinned")
    args = parser.parse_args(argv)
    if args.check_tools:
        missing = missing_tools()
        if missing:
            print(f"site: the guide needs {' '.join(missing)}", file=sys.stderr)
        return 1 if missing else 0
    if args.dest is None:
        parser.error("the folder to write is missing")
    write_site(args.dest)
    write_guide(args.dest)
    print(f"site: {args.dest}: {report(args.dest)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
