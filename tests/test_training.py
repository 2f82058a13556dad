"""Puzzle mode's rules: the trainer on a board, the rating, the record kept in the browser."""

import json
import random
from pathlib import Path

import pytest

from zola.lang.i18n import say
from zola.page.app import App
from zola.page.board import Board
from zola.page.progress import KEY, Progress
from zola.page.saved import ASIDE, LEGACY, MAX_VALUE, RECENT, TAB, MemoryStore, Saved
from zola.page.training import Trainer
from zola.puzzles.rating import NEW_RATING, update
from zola.puzzles.sets import load
from zola.rules.geometry import square_name
from zola.rules.move import Move

PUZZLES = load(6) + load(8)
SAMPLE = random.Random(20261202).sample(PUZZLES, min(40, len(PUZZLES)))

KEPT_ASIDE = say("en", "notice.kept_aside")  # what the page says of a value kept aside


def _play(trainer: Trainer, text: str) -> None:
    move = Move.parse(text)
    trainer.play(square_name(move.from_square), square_name(move.to_square))


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.id)
def test_the_line_solves_the_puzzle_and_the_page_defends(puzzle):
    trainer = Trainer(puzzle, Board())
    game = trainer.board.game
    for _ in range(puzzle.moves):
        if trainer.state != "solving":
            break
        _play(trainer, puzzle.line[len(game.moves)])  # the page played the rest
        assert [str(m) for m in game.moves] == list(puzzle.line[: len(game.moves)])
    assert trainer.state == "solved" and trainer.outcome() is True
    assert trainer.board.game.is_game_over()
    assert trainer.board.game.position.winner() == trainer.solver
    assert say("en", trainer.board.notice).startswith("Solved")


@pytest.mark.parametrize("puzzle", SAMPLE[:15], ids=lambda p: p.id)
def test_a_wrong_move_is_refuted_on_the_board_then_taken_back(puzzle):
    turn = 0
    wrong = sorted(puzzle.refutations[turn])
    if not wrong:
        pytest.skip("every first move wins")
    trainer = Trainer(puzzle, Board())
    _play(trainer, wrong[0])
    game = trainer.board.game
    assert trainer.state == "wrong" and trainer.outcome() is False
    assert str(game.moves[0]) == wrong[0]
    assert str(game.moves[1]) == puzzle.refutations[turn][wrong[0]]
    message = say("en", trainer.board.notice)
    assert wrong[0] in message and puzzle.refutations[turn][wrong[0]] in message
    shown = len(game.moves)  # the refutation, and a pass it forces
    trainer.click("a1")  # nothing more happens until a retry
    assert len(game.moves) == shown and "Try again" in say("en", trainer.board.notice)
    trainer.retry()
    assert trainer.state == "solving" and trainer.board.game.moves == []
    while trainer.state == "solving":  # solving now no longer counts as clean
        _play(trainer, puzzle.line[len(trainer.board.game.moves)])
    assert trainer.board.game.is_game_over() and trainer.outcome() is False


@pytest.mark.parametrize("puzzle", SAMPLE[:10], ids=lambda p: p.id)
def test_the_hint_marks_the_checker_and_the_solution_plays_out(puzzle):
    trainer = Trainer(puzzle, Board())
    trainer.hint()
    first = Move.parse(puzzle.line[0])
    assert trainer.board.selected == first.from_square and trainer.outcome() is False
    for _ in range(puzzle.moves):
        trainer.show()
    assert trainer.state == "shown" and trainer.board.game.is_game_over()
    assert [str(m) for m in trainer.board.game.moves] == list(puzzle.line)


def test_any_move_that_ends_the_game_is_right_on_the_last_move():
    tried = 0
    for puzzle in PUZZLES:
        trainer = Trainer(puzzle, Board())
        game = trainer.board.game
        while len(game.moves) < len(puzzle.line) - 1:
            _play(trainer, puzzle.line[len(game.moves)])
        position = game.position
        others = []
        for move in position.legal_moves():
            position.push(move)
            if position.is_game_over() and str(move) != puzzle.line[-1]:
                others.append(move)
            position.pop()
        if others:
            _play(trainer, str(others[0]))
            assert trainer.state == "solved" and trainer.outcome() is True
            tried += 1
    assert tried, "no puzzle of the set has a second way to end the game"


def test_the_board_faces_the_solver():
    blue = next(p for p in PUZZLES if p.position.endswith(" b"))
    red = next(p for p in PUZZLES if p.position.endswith(" r"))
    assert Trainer(blue, Board()).board.view.flip
    assert not Trainer(red, Board()).board.view.flip


def test_the_rating_moves_up_on_a_win_down_on_a_loss_and_less_when_sure():
    up, down = update(NEW_RATING, 1500, True), update(NEW_RATING, 1500, False)
    assert up.rating > 1500 > down.rating
    assert up.deviation < NEW_RATING.deviation
    sure = NEW_RATING
    for won in [True, False] * 20:
        sure = update(sure, 1500, won)
    assert abs(update(sure, 1500, True).rating - sure.rating) < up.rating - 1500
    assert update(NEW_RATING, 2400, True).rating > update(NEW_RATING, 800, True).rating


def _saved(local: MemoryStore) -> Saved:
    return Saved(local, MemoryStore(), now=lambda: 1_800_000_000.0)


def test_the_record_counts_first_tries_only_and_reads_back():
    saved = _saved(MemoryStore())
    record = Progress.load(saved)
    record.tried("6-a", 1500, won=True)
    record.tried("6-b", 1500, won=True)
    record.tried("6-b", 1500, won=False)  # a second try of the same puzzle
    record.tried("6-c", 1500, won=False)
    record.save(saved.local)
    again = Progress.load(saved)
    assert (again.solved, again.failed, again.streak, again.best) == (2, 1, 0, 2)
    assert again.done == {"6-a": True, "6-b": True, "6-c": False}
    assert again.rating == record.rating


BAD_RECORDS = [
    "not json",
    "[]",
    json.dumps({"rating": "1500"}),
    json.dumps({"rating": 1500, "deviation": 200, "volatility": 0.09, "solved": -1, "failed": 0,
                "streak": 0, "best": 0, "done": {}}),
    json.dumps({"rating": 1500, "deviation": 200, "volatility": 0.09, "solved": 1, "failed": 0,
                "streak": 0, "best": 0, "done": {"6-a": "yes"}}),
    json.dumps({"rating": 1e9, "deviation": 200, "volatility": 0.09, "solved": 1, "failed": 0,
                "streak": 0, "best": 0, "done": {}}),
    "[" * 100000,
    # Absurd numbers: each would break the rating's arithmetic or the page's counts.
    json.dumps({"rating": 1500, "deviation": 200, "volatility": 1e-200, "solved": 1, "failed": 0,
                "streak": 0, "best": 0, "done": {}}),
    json.dumps({"rating": 99999, "deviation": 200, "volatility": 0.06, "solved": 1, "failed": 0,
                "streak": 0, "best": 0, "done": {}}),
    json.dumps({"rating": 1500, "deviation": 1e-300, "volatility": 0.06, "solved": 1,
                "failed": 0, "streak": 0, "best": 0, "done": {}}),
    json.dumps({"rating": 1500, "deviation": 200, "volatility": 0.06, "solved": 10**300,
                "failed": 10**300, "streak": 10**300, "best": 10**300, "done": {}}),
]


@pytest.mark.parametrize("raw", BAD_RECORDS, ids=range(len(BAD_RECORDS)))
def test_a_record_that_cannot_be_read_is_kept_aside_and_a_new_one_starts(raw):
    store = MemoryStore({KEY: raw, ASIDE + "1800000000000": "kept before"})
    saved = _saved(store)
    record = Progress.load(saved)
    assert (record.solved, record.rating) == (0, NEW_RATING)
    assert saved.set_aside == [ASIDE + "1800000000000+"]  # a key of its own
    assert store.get(ASIDE + "1800000000000+") == raw
    assert store.get(ASIDE + "1800000000000") == "kept before"
    assert store.get(KEY) is None


def test_ratings_stay_within_what_the_record_reads_back():
    rating = NEW_RATING
    for won in [True] * 60 + [False] * 60 + [True, False] * 30:
        rating = update(rating, 1500, won)
        saved = _saved(MemoryStore())
        Progress(rating).save(saved.local)
        assert Progress.load(saved).rating == rating and not saved.set_aside


class Unreadable(MemoryStore):
    """A store whose long values cannot be read: as the page's Python, short of memory."""

    def get(self, key: str) -> str | None:
        value = super().get(key)
        assert value is None or len(value) <= MAX_VALUE, f"{key} was read"
        return value


@pytest.mark.parametrize("key", [KEY, RECENT, "zola-mode", "zola-language", *LEGACY])
def test_a_value_too_long_to_read_is_moved_aside_unread_and_the_puzzles_open(key):
    huge = "x" * (MAX_VALUE + 1)
    local = Unreadable({key: huge})
    app = App(local=local, session=Unreadable({TAB: huge}), now=lambda: 1_800_000_000.0)
    app.start("")  # a visit without a link: the saved games and preferences are read
    app.click("c3")
    app.click("d3")
    assert app.screen().message.startswith(KEPT_ASIDE)
    app.open_link("#puzzle=" + PUZZLES[0].id)
    text = (Path(__file__).parent.parent / "zola" / "data" / "puzzles-6.txt").read_text()
    app.take_file("puzzles-6.txt", text)
    screen = app.screen()
    assert screen.puzzle is not None and screen.puzzle.state == "solving"
    assert local.values[ASIDE + "1800000000000"] == huge and local.values.get(key) != huge


def test_a_record_kept_aside_is_told_once_before_the_puzzle_shows():
    local = MemoryStore({KEY: BAD_RECORDS[2]})
    app = App(local=local, now=lambda: 1_800_000_000.0)
    puzzle = PUZZLES[0]
    app.start("#puzzle=" + puzzle.id)
    screen = app.screen()
    assert screen.message.startswith(KEPT_ASIDE)
    assert screen.fetch == ("puzzles-6.txt",)
    assert local.get(ASIDE + "1800000000000") == BAD_RECORDS[2] and local.get(KEY) is None
    text = (Path(__file__).parent.parent / "zola" / "data" / "puzzles-6.txt").read_text()
    app.take_file("puzzles-6.txt", text)
    screen = app.screen()
    assert " to move and win in " in screen.message  # the puzzle's own notice
    assert screen.puzzle is not None and screen.puzzle.state == "solving"
    assert not app.screen().message.startswith("A saved game")


def test_a_new_puzzle_address_opens_that_puzzle_when_its_set_is_here() -> None:
    first, second = PUZZLES[0], PUZZLES[1]
    app = App(now=lambda: 1_800_000_000.0)
    app.start("#puzzle=" + first.id)
    text = (Path(__file__).parent.parent / "zola" / "data" / "puzzles-6.txt").read_text()
    app.take_file("puzzles-6.txt", text)
    assert app.screen().puzzle.state == "solving"
    app.open_link("#puzzle=" + second.id)  # the reader edits the address: no fetch needed
    screen = app.screen()
    assert screen.fetch == () and screen.puzzle.state == "solving"
    assert screen.puzzle.heading.startswith(f"Puzzle {second.id}")
    assert str(app.game.position) == second.position and screen.fragment == "puzzle=" + second.id
    flipped = 'data-flipped="1"' in screen.board
    assert flipped == second.position.endswith(" b")  # the solver's side at the bottom


def test_a_set_line_that_does_not_read_says_so_when_its_puzzle_opens() -> None:
    first, second = PUZZLES[0], PUZZLES[1]
    broken = second.text().replace(";" + second.position + ";", ";6/6/6 r;")
    text = f"# puzzles\n{first.text()}\n{broken}\n"
    app = App(now=lambda: 1_800_000_000.0)
    app.start("#puzzle=" + second.id)
    app.take_file("puzzles-6.txt", text)  # the set is found; the broken line is not read yet
    puzzle = app.screen().puzzle
    assert puzzle.state == "" and not puzzle.loading
    assert puzzle.heading.startswith("The puzzles could not be loaded: puzzles-6.txt: line 3:")
    assert "expected 6, 8 or 10 ranks" in puzzle.heading
    app.open_link("#puzzle=" + first.id)  # the rest of the set still opens
    assert app.screen().puzzle.state == "solving"


def test_the_puzzle_buttons_apply_only_while_they_do_something() -> None:
    puzzle = next(p for p in PUZZLES if p.refutations[0] and p.moves >= 2)
    trainer = Trainer(puzzle, Board())
    assert [trainer.can(name) for name in ("retry", "hint", "solution")] == [False, True, True]
    wrong = next(iter(puzzle.refutations[0]))
    _play(trainer, wrong)
    assert trainer.state == "wrong"
    assert [trainer.can(name) for name in ("retry", "hint", "solution")] == [True, True, True]
    while trainer.can("solution"):  # the solution shown to its end
        trainer.press("solution")
    assert trainer.state == "shown" and trainer.index == len(puzzle.line)
    assert not trainer.can("hint") and not trainer.can("retry")
    solved = Trainer(puzzle, Board())
    for _ in range(puzzle.moves):
        if solved.state == "solving":
            _play(solved, puzzle.line[len(solved.board.game.moves)])
    assert solved.state == "solved"
    assert not any(solved.can(name) for name in ("retry", "hint", "solution"))


def test_the_rating_change_of_a_first_try_is_shown_until_the_next_puzzle() -> None:
    puzzle = next(p for p in PUZZLES if p.refutations[0] and p.moves >= 2 and p.id.startswith("6"))
    app = App(now=lambda: 1_800_000_000.0)
    app.start("#puzzle=" + puzzle.id)
    text = (Path(__file__).parent.parent / "zola" / "data" / "puzzles-6.txt").read_text()
    app.take_file("puzzles-6.txt", text)
    assert "This puzzle" not in app.screen().puzzle.record
    _play(app.puzzles.trainer, next(iter(puzzle.refutations[0])))  # a wrong first move
    record = app.screen().puzzle.record
    change = update(NEW_RATING, puzzle.rating, won=False).rating - NEW_RATING.rating
    assert record.endswith(f"This puzzle: −{abs(round(change))}.") and change < 0
    app.button("puzzle-next")
    assert "This puzzle" not in app.screen().puzzle.record


def test_choosing_the_puzzle_boards_size_opens_a_puzzle_of_that_size() -> None:
    app = App(now=lambda: 1_800_000_000.0)
    app.start("#puzzle=" + PUZZLES[0].id)
    data = Path(__file__).parent.parent / "zola" / "data"
    app.take_file("puzzles-6.txt", (data / "puzzles-6.txt").read_text())
    app.choose("puzzle-size", "8")
    assert app.screen().fetch == ("puzzles-8.txt",)
    app.take_file("puzzles-8.txt", (data / "puzzles-8.txt").read_text())
    screen = app.screen()
    assert app.game.size == 8 and screen.puzzle.state == "solving" and screen.puzzle.size == 8
    app.choose("puzzle-size", "8")  # the size it has: the puzzle stays
    assert app.screen().fragment == screen.fragment
