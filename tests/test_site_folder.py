"""scripts/site: the folder any static host serves as it is, and the GitHub Pages
workflow that publishes it. (Its pages in Chromium: tests/browser/test_site_folder.py.)"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from scripts.site_folder import site_files, write_site
from zola.lang.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "scripts" / "site"
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ENTRY = re.compile(r"^  (\{.*\}),$", re.MULTILINE)
SIZE = re.compile(r"(\d+\.\d) MB in (\d+) files")


def build_site(dest: Path) -> str:
    """Run ``scripts/site DEST`` and return what it printed (its report)."""
    done = subprocess.run([str(SITE), str(dest)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout


def manifest(folder: Path) -> list[dict[str, str]]:
    """The precache entries of the folder's sw.js."""
    return [json.loads(entry) for entry in ENTRY.findall((folder / "sw.js").read_text("utf-8"))]


def worker_scripts(folder: Path) -> list[str]:
    """The scripts the folder's sw.js imports."""
    text = (folder / "sw.js").read_text("utf-8")
    calls = re.findall(r"importScripts\(([^)]*)\)", text)
    return [path for call in calls for path in re.findall(r'"\./([^"]+)"', call)]


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("site") / "out"
    return folder, build_site(folder)


def test_the_folder_holds_what_its_precache_lists_and_the_worker_and_licences_only(
    site: tuple[Path, str],
) -> None:
    folder, _ = site
    files = files_of(folder)
    entries = manifest(folder)
    listed = [entry["url"] for entry in entries]
    assert len(listed) == len(set(listed)) > 50
    # Every precached path is there, with the bytes its hash names ...
    for entry in entries:
        data = (folder / entry["url"]).read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        assert entry["integrity"] == f"sha256-{digest}", entry["url"]
    # ... and every other file is the worker itself (a worker cannot precache its own
    # scripts), a licence, or .nojekyll: none a page loads.
    rest = files - set(listed)
    licences = {path for path in rest if path.endswith("/LICENSE")}
    guide = {path for path in rest if path.startswith("guide/")}
    assert rest - guide == {"sw.js", *worker_scripts(folder), ".nojekyll", *licences}
    assert len(worker_scripts(folder)) == 4
    assert (folder / ".nojekyll").read_bytes() == b""
    # The licences of the packages whose code is there, at each package's root.
    assert licences == {
        "node_modules/@pyscript/core/LICENSE",
        *(f"node_modules/workbox-{name}/LICENSE" for name in ("core", "routing", "strategies",
                                                               "precaching")),
    }
    # The pages: the app, its worker's Python and puzzle sets, the rules in every language.
    rules = {f"docs/rules.{code}.html" for code in LANGUAGES if code != "en"}
    assert {"index.html", "pyscript.toml", "docs/rules.html", *rules} <= files
    assert {"web/ai_worker.py", "zola/engine/ai.py", "zola/data/puzzles-6.txt"} <= set(listed)
    assert {"node_modules/pyodide/pyodide.asm.wasm", "web/zola.rom"} <= set(listed)
    # The guide, built by Sphinx beside the app (read online: not precached), its rules
    # in every language too; no build leftovers.
    pages = {f"guide/{path.stem}.html" for path in (ROOT / "guide").glob("*.md")}
    assert {"guide/index.html", "guide/rules.html", "guide/rules.de.html"} <= pages <= guide
    assert "guide/searchindex.js" in guide and "guide/_static/zola-diagrams.css" in guide
    assert not [p for p in guide if p.startswith(("guide/_sources", "guide/.", "guide/_downloads"))]


def test_the_folder_has_no_tests_sources_npm_metadata_or_source_maps(
    site: tuple[Path, str],
) -> None:
    folder, _ = site
    files = files_of(folder)
    assert not [path for path in files if (folder / path).is_symlink()]  # Pages refuses links
    assert not [p for p in files if p.endswith((".map", ".d.ts", "package.json", ".md"))]
    assert not [p for p in files if p.split("/")[0] in ("tests", "bench", "scripts", ".github")]
    assert not [p for p in files if "README" in p or re.search(r"/tests?/", p)]
    # Of the package's sources, only those the computer's worker loads (pyscript.toml).
    worker = {path.removeprefix("./") for path in re.findall(
        r'^"(\./zola/[^"]+)"', (ROOT / "pyscript.toml").read_text("utf-8"), re.MULTILINE)}
    assert {p for p in files if p.startswith("zola/") and p.endswith(".py")} == worker


def test_the_folder_reports_its_size_and_the_readme_gives_it(site: tuple[Path, str]) -> None:
    folder, printed = site
    found = SIZE.search(printed)
    assert found, printed
    size = sum((folder / path).stat().st_size for path in files_of(folder))
    assert float(found[1]) == round(size / 1e6, 1) and int(found[2]) == len(files_of(folder))
    print(printed)  # the size, and what makes it up
    deploying = (ROOT / "README.md").read_text("utf-8").split("## Deploying", 1)[1]
    deploying = deploying.split("\n## ", 1)[0]
    assert "scripts/site" in deploying
    told = SIZE.search(deploying)
    assert told, "README, Deploying: give the folder's size as scripts/site prints it"
    assert abs(float(told[1]) - size / 1e6) < 0.05 * size / 1e6, (told[0], printed)


def test_a_stale_sw_js_is_told_and_the_folders_is_fresh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A checkout where web/style.css changed after sw.js was last built.
    checkout = tmp_path / "checkout"
    for path in site_files(ROOT):
        (checkout / path).parent.mkdir(parents=True, exist_ok=True)
        (checkout / path).symlink_to(ROOT / path)
    style = checkout / "web" / "style.css"
    style.unlink()
    style.write_bytes((ROOT / "web" / "style.css").read_bytes() + b"\n.new {}\n")
    committed = (ROOT / "sw.js").read_bytes()
    write_site(tmp_path / "out", checkout)
    assert "out of date" in capsys.readouterr().err
    entry = next(e for e in manifest(tmp_path / "out") if e["url"] == "web/style.css")
    digest = base64.b64encode(hashlib.sha256(style.read_bytes()).digest()).decode()
    assert entry["integrity"] == f"sha256-{digest}"
    assert (ROOT / "sw.js").read_bytes() == committed  # the checkout's is left as it was


def test_the_site_is_written_only_into_a_missing_or_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    done = subprocess.run([str(SITE), str(tmp_path)], capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "not an empty folder" in done.stderr
    assert files_of(tmp_path) == {"keep.txt"}


def test_the_pages_workflow_writes_the_site_and_uploads_that_folder() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    assert workflow["permissions"]["pages"] == "write"
    assert workflow["permissions"]["id-token"] == "write"
    steps = workflow["jobs"]["build"]["steps"]
    runs = [(i, m[1]) for i, step in enumerate(steps)
            if (m := re.fullmatch(r"scripts/site (\S+)", step.get("run", "").strip()))]
    assert len(runs) == 1, steps
    uploads = [(i, step["with"]["path"]) for i, step in enumerate(steps)
               if step.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(uploads) == 1 and uploads[0][0] > runs[0][0], steps  # the folder, once written
    assert uploads[0][1] == runs[0][1]
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
