"""The computer's worker protocol: the worker (web/ai_worker.py, run here on CPython)
exports what zola.page.computer names, and the page reads each kind of its answers."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from zola.engine.protocol import CALLS, WORKER_FUNCTIONS, progress_text, read_review_step
from zola.page.app import App
from zola.rules.errors import InvalidRecordError

WORKER = Path(__file__).resolve().parents[1] / "web" / "ai_worker.py"


@pytest.fixture(scope="module")
def worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_worker", WORKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_worker_exports_every_function_the_page_calls(worker: ModuleType) -> None:
    assert worker.__export__ == list(WORKER_FUNCTIONS)
    assert set(CALLS.values()) == set(WORKER_FUNCTIONS)
    for name in WORKER_FUNCTIONS:
        assert callable(getattr(worker, name))


def _answer(app: App, worker: ModuleType) -> None:
    """Hand the page's next question to the worker and its answer back to the page."""
    screen = app.screen()
    request = screen.request
    assert request is not None
    assert screen.reviewing == (request.kind == "review")
    app.computer_answer(request.id, getattr(worker, request.call)(*request.args))


def test_a_move_a_hint_an_analysis_and_a_review_cross_the_boundary(worker: ModuleType) -> None:
    app = App()
    app.start("#v1;size=6")
    app.choose("mode", "computer-first")
    _answer(app, worker)  # the computer's first move
    assert len(app.game.moves) == 1
    app.button("hint")
    _answer(app, worker)
    assert app.board.hint is not None and app.board.hint in app.game.legal_moves()
    app.button("analysis")
    _answer(app, worker)
    assert app.screen().evaluation is not None
    app.button("analysis")
    app.button("review")
    for _ in range(len(app.game.main_moves()) + 1):  # a call reviews one position or more
        _answer(app, worker)
        if app.computer.reviewing is None:  # (a screen would hand out the next question)
            break
    screen = app.screen()
    assert not screen.reviewing and screen.review is not None and "review=" in screen.fragment


def test_a_reviews_calls_take_one_position_or_a_slice_of_time(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = "v1;size=6;moves=c3xd3.c4xd3.e3xd3"
    monkeypatch.setattr(worker, "REVIEW_SLICE", 0.0)  # one position a call
    steps = [worker.review_step(record, 2000) for _ in range(4)]
    assert steps[:3] == ["1/4", "2/4", "3/4"]
    monkeypatch.setattr(worker, "REVIEW_SLICE", 60.0)  # the whole game in one call
    assert worker.review_step(record, 2000) == steps[3]  # the same review


def test_review_progress_and_the_review_are_told_apart_by_their_grammar() -> None:
    assert read_review_step(progress_text(2, 5)) == (2, 5, None)
    done = read_review_step("50_55.2_80", plies=2)
    assert (done.done, done.total, len(done.review.moves)) == (3, 3, 2)
    for bad in ("2/", "/5", "2/5/7", "a/b", "50_x"):
        with pytest.raises(InvalidRecordError):
            read_review_step(bad)
