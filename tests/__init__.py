"""The project's tests; what several test modules share."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def check_script(name: str) -> None:
    """Run ``scripts/<name> --check`` (whether what it makes is up to date) and fail with
    what it printed unless it passes."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr + done.stdout
