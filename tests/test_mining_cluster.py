"""Mining on a Dask cluster (``zola puzzles mine --scheduler``): the same file as this
machine's processes make, resumed the same way, and plain errors for a missing extra
or a scheduler that cannot be reached."""

from __future__ import annotations

import builtins
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zola.cli import main
from zola.puzzles.mining import (
    ClusterError,
    code_digest,
    mine,
    on_cluster,
    processes,
    read_seeds,
)

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

SEEDS = [3, 4, 5, 6]  # 6x6 games of 2 to 4 puzzles of at most 3 moves: about a second


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two workers (threads of this process)."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


def mine_cli(path: Path, seed: int, games: int, *more: str) -> int:
    args = ["puzzles", "mine", "--size", "6", "--max-moves", "3", "--seed", str(seed)]
    return main([*args, "--games", str(games), "-o", str(path), *more])


def test_the_cluster_mines_the_file_the_processes_mine(scheduler: str, tmp_path: Path) -> None:
    here, there = tmp_path / "here.txt", tmp_path / "there.txt"
    assert mine_cli(here, SEEDS[0], len(SEEDS), "--workers", "1") == 0
    assert mine_cli(there, SEEDS[0], len(SEEDS), "--scheduler", scheduler) == 0
    assert there.read_text() == here.read_text()
    assert read_seeds(there.read_text()) == set(SEEDS)
    assert there.read_text().count(";") > 5 * 4  # puzzles, not only the comments


def test_the_cluster_resumes_a_file_and_keeps_the_seeds_order(
    scheduler: str, tmp_path: Path
) -> None:
    whole, resumed = tmp_path / "whole.txt", tmp_path / "resumed.txt"
    mine(whole, 6, SEEDS, 3, processes(1))
    with distributed.Client(scheduler, set_as_default=False) as client:
        first = mine(resumed, 6, SEEDS[:2], 3, on_cluster(client))
        text = resumed.read_text()
        assert first > 0 and read_seeds(text) == set(SEEDS[:2])
        assert mine(resumed, 6, SEEDS[:2], 3, on_cluster(client)) == 0  # done: nothing played
        assert resumed.read_text() == text
        mine(resumed, 6, SEEDS, 3, on_cluster(client))  # the two left
    lines = [line for line in resumed.read_text().splitlines() if not line.startswith("#")]
    assert lines == [line for line in whole.read_text().splitlines() if not line.startswith("#")]
    assert read_seeds(resumed.read_text()) == set(SEEDS)


def test_a_game_that_fails_on_a_worker_names_its_seed(scheduler: str) -> None:
    def job(seed: int) -> list[str]:
        if seed == 2:
            raise RuntimeError("no zola here")
        return [str(seed)]

    with distributed.Client(scheduler, set_as_default=False) as client:
        results = on_cluster(client)(job, [1, 2, 3])
        assert next(results) == ["1"]
        with pytest.raises(ClusterError, match="^game 2 failed on the cluster: RuntimeError: no"):
            next(results)


def test_workers_that_run_other_code_are_refused_before_any_game(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with distributed.Client(scheduler, set_as_default=False) as client:
        assert set(client.run(code_digest).values()) == {code_digest()}  # the same code
        other = {"tcp://10.0.0.2:4000": "0" * 16, "tcp://10.0.0.1:4000": code_digest()}
        monkeypatch.setattr(client, "run", lambda function: other)
        with pytest.raises(ClusterError) as refused:
            on_cluster(client)
        assert str(refused.value) == (
            "1 of 2 workers (tcp://10.0.0.2:4000) run another version of zola than this "
            "machine: install the same one on every worker"
        )

        def no_zola(function: Any) -> dict[str, str]:
            raise ModuleNotFoundError("No module named 'zola'")

        monkeypatch.setattr(client, "run", no_zola)
        with pytest.raises(ClusterError, match="^a worker cannot run zola: ModuleNotFound"):
            on_cluster(client)


def test_the_digest_follows_the_games_code(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    copy = tmp_path / "zola"
    shutil.copytree(root / "zola", copy, ignore=shutil.ignore_patterns("__pycache__", "site"))
    run = [sys.executable, "-c", "from zola.puzzles.mining import code_digest as d; print(d())"]

    def digest() -> str:
        env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
        done = subprocess.run(run, env=env, cwd=tmp_path, capture_output=True, text=True)
        return done.stdout

    assert digest().strip() == code_digest()
    (copy / "engine" / "ai.py").write_text((copy / "engine" / "ai.py").read_text() + "#\n")
    assert digest().strip() != code_digest()


def test_a_scheduler_that_cannot_be_reached_is_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    # Nothing listens there (the discard port): said at once, as the socket says it, not
    # as Dask says it after retrying for its connect time-out (30 s).
    assert mine_cli(path, 0, 1, "--scheduler", "tcp://127.0.0.1:9") == 2
    assert mine_cli(path, 0, 1, "--scheduler", "no-port") == 2
    assert mine_cli(path, 0, 1, "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2") == 2
    assert capsys.readouterr().err.splitlines() == [
        "zola: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9: Connection refused",
        "zola: error: cannot reach the Dask scheduler at no-port: "
        "missing port number in address 'no-port'",
        "zola: error: --workers counts this machine's processes: not with --scheduler",
    ]
    assert not path.exists()


def test_without_the_dask_extra_the_scheduler_option_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def without_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("dask", "distributed"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_dask)
    assert mine_cli(tmp_path / "p.txt", 0, 1, "--scheduler", "tcp://127.0.0.1:8786") == 2
    assert capsys.readouterr().err == (
        "zola: error: --scheduler needs the dask extra: pip install 'zola[dask]'\n"
    )
