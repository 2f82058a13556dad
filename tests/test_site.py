"""The static site's files agree with the package."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_IN_BROWSER = {"__main__.py", "cli.py"}  # the command line has no use in a page


def test_pyscript_config_lists_every_module() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    modules = {f"./zola/{p.name}" for p in (ROOT / "zola").glob("*.py")} - {
        f"./zola/{name}" for name in NOT_IN_BROWSER
    }
    assert set(config["files"]) == modules
    assert all(config["files"][path] == path for path in modules)
    assert config["interpreter"] == "./node_modules/pyodide/pyodide.mjs"
