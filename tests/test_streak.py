"""The puzzle streak (solve in a row until the first miss) and the history of puzzles tried,
as the page's App runs them: no browser (tests/browser/test_puzzles.py clicks through
them), and the same on the page's MicroPython (tests/test_micropython.py)."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_app import Clock
from zola.lang.i18n import LANGUAGES, say
from zola.page.app import App
from zola.page.progress import KEY, MAX_HISTORY, Progress
from zola.page.saved import ASIDE, MemoryStore, Saved
from zola.page.streak import BANDS, Streak
from zola.puzzles.rating import NEW_RATING
from zola.puzzles.sets import load
from zola.rules.geometry import square_name
from zola.rules.link import is_puzzle_id
from zola.rules.move import Move

DATA = Path(__file__).resolve().parent.parent / "zola" / "data"
SIXES, EIGHTS = load(6), load(8)
BY_ID = {p.id: p for p in SIXES + EIGHTS}


def _app(local: MemoryStore | None = None) -> App:
    """A page in puzzle mode with the 6x6 set here, a puzzle shown."""
    app = App(local=local if local is not None else MemoryStore(), now=Clock())
    app.start("#puzzle=" + SIXES[0].id)
    app.take_file("puzzles-6.txt", (DATA / "puzzles-6.txt").read_text())
    return app


def _play(app: App, text: str) -> None:
    move = Move.parse(text)
    app.click(square_name(move.from_square))
    app.click(square_name(move.to_square))


def _solve(app: App) -> None:
    """Play the solver's moves of the puzzle shown (the page plays the defence)."""
    trainer = app.puzzles.trainer
    assert trainer is not None
    while trainer.state == "solving":
        _play(app, trainer.puzzle.line[len(trainer.board.game.moves)])


def _miss(app: App) -> str:
    """Play a wrong first move of the puzzle shown (one its refutations answer)."""
    trainer = app.puzzles.trainer
    assert trainer is not None and trainer.puzzle.refutations[0]
    wrong = sorted(trainer.puzzle.refutations[0])[0]
    _play(app, wrong)
    return wrong


# -- the streak's puzzles --------------------------------------------------------------------


@pytest.mark.parametrize("puzzles", [SIXES, EIGHTS], ids=["6x6", "8x8"])
@pytest.mark.parametrize("seed", [0, 1, 2**31 + 7])
def test_a_streak_starts_with_the_easiest_puzzles_and_never_gets_easier(puzzles, seed) -> None:
    streak = Streak(6, seed)
    chosen = [streak.pick(puzzles) for _ in range(len(puzzles) + 3)]
    ratings = [p.rating for p in chosen if p is not None]
    easiest = sorted(p.rating for p in puzzles)
    assert ratings[0] <= easiest[len(puzzles) // BANDS]  # from the easiest band
    assert ratings[:BANDS] == sorted(ratings[:BANDS])  # one band a step, up
    assert ratings[BANDS - 1] >= easiest[-len(puzzles) // BANDS - 1]  # the hardest band
    ids = [p.id for p in chosen if p is not None]
    assert len(set(ids[: len(puzzles)])) == len(puzzles)  # no puzzle twice until all are shown
    assert all(a != b for a, b in zip(ids, ids[1:], strict=False))  # never one twice in a row


def test_each_streak_has_its_own_puzzles_and_the_same_seed_the_same() -> None:
    def run(seed: int) -> list[str]:
        streak = Streak(6, seed)
        return [streak.pick(SIXES).id for _ in range(12)]  # type: ignore[union-attr]

    assert run(5) == run(5)
    assert len({tuple(run(seed)) for seed in range(8)}) == 8
    assert Streak(6, 1).pick([]) is None


# -- a streak on the page --------------------------------------------------------------------


def test_a_streak_runs_until_the_first_wrong_move_and_keeps_the_best() -> None:
    local = MemoryStore()
    app = _app(local)
    app.button("puzzle-streak")
    screen = app.screen().puzzle
    first = app.puzzles.trainer.puzzle
    assert screen.streak == "on" and screen.state == "solving"
    assert first.rating == min(p.rating for p in SIXES)  # the easiest first
    assert not screen.can_hint and not screen.can_show and not screen.can_continue
    assert screen.record.startswith("Puzzle streak: 0 puzzles solved in a row (best 0).")
    ratings = [first.rating]
    for count in (1, 2, 3):
        _solve(app)
        screen = app.screen()
        assert screen.puzzle.state == "solved" and screen.puzzle.can_continue
        assert screen.message == f"Solved! Your streak: {count} puzzle{'s' * (count > 1)}."
        assert json.loads(local.get(KEY))["streak_best"] == count  # kept as it grows
        app.button("puzzle-continue")
        ratings.append(app.puzzles.trainer.puzzle.rating)
        assert app.screen().puzzle.state == "solving"
    assert ratings == sorted(ratings)
    while not app.puzzles.trainer.puzzle.refutations[0]:  # a puzzle with a wrong first move
        _solve(app)
        app.button("puzzle-continue")
    count = app.puzzles.streak.count
    wrong = _miss(app)
    screen = app.screen()
    assert screen.puzzle.streak == "over" and screen.puzzle.state == "wrong"
    assert screen.message.startswith(f"Not {wrong}: ")  # the refutation, on the board
    assert screen.puzzle.record == (
        f"Streak over: {count} puzzles solved in a row, your best streak yet!"
    )
    assert screen.puzzle.can_retry and screen.puzzle.can_show  # learn it now: no streak runs
    record = Progress.load(Saved(local, MemoryStore(), now=Clock()))
    assert record.streak_best == count
    assert (record.rating, record.solved, record.failed, record.done) == (NEW_RATING, 0, 0, {})
    assert [won for _, _, won in record.history] == [False] + [True] * count
    app.button("puzzle-continue")  # nothing to go on with
    assert app.screen().puzzle.streak == "over"
    app.button("puzzle-new-streak")
    screen = app.screen().puzzle
    assert screen.streak == "on" and screen.record.endswith(f"(best {count}). No hints: the "
                                                           "first wrong move ends it.")
    while not app.puzzles.trainer.puzzle.refutations[0]:
        app.button("puzzle-new-streak" if app.puzzles.streak.over else "puzzle-streak")
    _miss(app)  # a worse streak: the best stays
    assert app.screen().puzzle.record == (
        f"Streak over: 0 puzzles solved in a row. Your best streak: {count}."
    )


def test_no_hint_and_no_solution_while_a_streak_runs() -> None:
    app = _app()
    app.button("puzzle-streak")
    trainer = app.puzzles.trainer
    for name in ("puzzle-hint", "puzzle-solution"):
        app.button(name)
        assert trainer.clean and trainer.board.selected is None and not trainer.board.game.moves
    assert app.screen().puzzle.streak == "on"
    _solve(app)
    assert app.screen().puzzle.can_continue and app.puzzles.streak.count == 1  # a clean solve


def test_leaving_a_streak_keeps_its_best_and_a_size_starts_a_new_one() -> None:
    app = _app()
    app.button("puzzle-streak")
    _solve(app)
    app.button("puzzle-stop")  # regular puzzles again: the next by rating
    screen = app.screen().puzzle
    assert screen.streak == "" and screen.can_hint
    assert screen.record.endswith("Best puzzle streak: 1.")
    app.button("puzzle-streak")
    app.choose("puzzle-size", "8")  # a streak of that size, once its set is here
    assert app.screen().fetch == ("puzzles-8.txt",)
    app.take_file("puzzles-8.txt", (DATA / "puzzles-8.txt").read_text())
    screen = app.screen().puzzle
    assert screen.streak == "on" and app.game.size == 8 and app.puzzles.streak.count == 0
    app.button("puzzle-daily")
    assert app.screen().puzzle.streak == ""
    app.button("puzzle-streak")
    app.button("puzzle-leave")
    assert app.screen().puzzle is None and app.puzzles.streak is None


def test_a_streak_is_said_in_every_language() -> None:
    for language in LANGUAGES:
        words = [
            say(language, key, count=count, best=7)
            for key in ("puzzle.streak_on", "puzzle.streak_over", "puzzle.streak_record")
            for count in (1, 3)
        ]
        assert all("7" in w for w in words[:4]) and all("3" in w for w in words[1::2])
        assert len(set(words)) == len(words), language
        if language != "en":
            assert words[0] != say("en", "puzzle.streak_on", count=1, best=7)


# -- the history of puzzles tried ------------------------------------------------------------


def test_each_try_goes_first_in_the_history_and_reopens_by_its_link() -> None:
    local = MemoryStore()
    app = _app(local)
    first = app.puzzles.trainer.puzzle
    _solve(app)
    app.button("puzzle-next")
    second = app.puzzles.trainer.puzzle
    app.button("puzzle-hint")  # a hint: not solved at this try
    history = app.screen().puzzle.history
    assert [(t.id, t.rating, t.solved, t.current) for t in history] == [
        (second.id, second.rating, False, True),
        (first.id, first.rating, True, False),
    ]
    assert history[0].label == f"Puzzle {second.id}, rated {second.rating}: not solved"
    assert history[1].label == f"Puzzle {first.id}, rated {first.rating}: solved"
    app.open_link("#puzzle=" + first.id)  # a click on it: its link
    screen = app.screen()
    assert screen.fragment == "puzzle=" + first.id and screen.puzzle.state == "solving"
    assert [t.current for t in screen.puzzle.history] == [False, True]
    if first.refutations[0]:
        _miss(app)
    else:
        app.button("puzzle-solution")
    assert [t.id for t in app.screen().puzzle.history] == [first.id, second.id]  # moved up
    assert app.screen().puzzle.history[0].solved is False
    for language in LANGUAGES:  # the label says the id and the rating shown, in that order
        app.choose("language", language)
        tried = app.screen().puzzle.history[0]
        assert tried.id in tried.label.split(str(tried.rating))[0]
    assert tried.label.endswith(": niet opgelost")
    again = App(local=local, now=Clock())  # another visit: the history stays
    again.start("#puzzle=" + second.id)
    again.take_file("puzzles-6.txt", (DATA / "puzzles-6.txt").read_text())
    assert [t.id for t in again.screen().puzzle.history] == [first.id, second.id]


def test_the_history_holds_the_latest_tries_each_puzzle_once() -> None:
    record = Progress()
    ids = [p.id for p in SIXES[: MAX_HISTORY + 5]]
    for ident in ids:
        record.remember(ident, 900, won=True)
    record.remember(ids[-3], 900, won=False)
    assert len(record.history) == MAX_HISTORY
    assert [e[0] for e in record.history] == [ids[-3], ids[-1], ids[-2]] + ids[-4:4:-1]
    saved = Saved(MemoryStore(), MemoryStore(), now=Clock())
    record.save(saved.local)
    assert Progress.load(saved).history == record.history and not saved.set_aside


# -- reading the record back -----------------------------------------------------------------

GOOD = {"rating": 1500, "deviation": 200, "volatility": 0.06, "solved": 1, "failed": 0,
        "streak": 1, "best": 1, "done": {"6-t5mhvr": True}}


def test_a_record_from_before_the_streak_and_the_history_reads_with_neither() -> None:
    saved = Saved(MemoryStore({KEY: json.dumps(GOOD)}), MemoryStore(), now=Clock())
    record = Progress.load(saved)
    assert (record.solved, record.streak_best, record.history) == (1, 0, [])
    assert not saved.set_aside


BAD = [
    {"streak_best": -1},
    {"streak_best": True},
    {"streak_best": 1.5},
    {"streak_best": 10**300},
    {"history": {}},
    {"history": "6-t5mhvr"},
    {"history": [["6-t5mhvr", 650]]},
    {"history": [["6-t5mhvr", 650, "yes"]]},
    {"history": [["6-t5mhvr", "650", True]]},
    {"history": [["6-t5mhvr", -1, True]]},
    {"history": [["6-t5mhvr", 10**6, True]]},
    {"history": [["6-<b>x", 650, True]]},
    {"history": [["javascript:alert(1)", 650, True]]},
    {"history": [[650, "6-t5mhvr", True]]},
    {"history": [["6-t5mhvr", 650, True], ["6-t5mhvr", 650, False]]},  # twice
    {"history": [["6-t5mhvr", 650, True]] * (MAX_HISTORY + 1)},
    {"history": [None]},
]


@pytest.mark.parametrize("change", BAD, ids=range(len(BAD)))
def test_a_bad_streak_best_or_history_keeps_the_record_aside_and_the_page_works(change) -> None:
    raw = json.dumps({**GOOD, **change})
    local = MemoryStore({KEY: raw})
    app = _app(local)
    screen = app.screen()
    assert screen.puzzle.state == "solving" and screen.puzzle.history == ()
    kept = [key for key, value in local.values.items() if value == raw]
    assert len(kept) == 1 and kept[0].startswith(ASIDE)  # kept aside, not lost
    app.button("puzzle-streak")
    _solve(app)
    assert app.screen().puzzle.can_continue
    assert json.loads(local.get(KEY))["streak_best"] == 1  # a new record, written


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


# Histories near what the page writes: real ids and some that are not, ratings in and out of
# range, marks that are and are not booleans, repeats, one too many.
ENTRIES = st.lists(
    st.tuples(
        st.sampled_from([p.id for p in SIXES[:30]] + ["6-<b>x", "", "8-T5MHVR", "10-abcdef"]),
        st.integers(-2, 100_001) | st.booleans() | st.floats(0, 2000),
        st.booleans() | st.none() | st.integers(0, 1),
    ).map(list),
    max_size=MAX_HISTORY + 1,
)


@given(history=JSON | ENTRIES, best=JSON | st.integers(-1, 10**9 + 1))
def test_any_stored_streak_best_and_history_read_or_kept_aside_never_break(history, best) -> None:
    local = MemoryStore({KEY: json.dumps({**GOOD, "history": history, "streak_best": best})})
    saved = Saved(local, MemoryStore(), now=Clock())
    record = Progress.load(saved)
    if saved.set_aside:
        assert record.history == [] and record.streak_best == 0
    else:
        assert record.history == [tuple(entry) for entry in history]
        assert all(is_puzzle_id(entry[0]) for entry in record.history)


@pytest.mark.parametrize("then", ["open_link", "puzzle-leave", "puzzle-stop"])
def test_a_try_counts_even_when_the_next_event_leaves_the_puzzle(then) -> None:
    # The page draws after every event, so it settles each try at once; the App does not
    # rely on that: a try counts before another puzzle or the game takes the board.
    local = MemoryStore()
    app = _app(local)
    app.button("puzzle-streak")
    solved = app.puzzles.trainer.puzzle
    _solve(app)  # and no screen drawn before the next event
    if then == "open_link":
        app.open_link("#puzzle=" + SIXES[0].id)
    else:
        app.button(then)
    screen = app.screen()
    record = json.loads(local.get(KEY))
    assert record["streak_best"] == 1 and record["history"][0] == [solved.id, solved.rating, True]
    assert "streak" not in screen.message  # the new board's own notice
