"""Learn from your mistakes (zola.page.lessons, zola.page.app_lessons): the App driven with
a reviewed game's link, as the page drives it."""

from __future__ import annotations

import pytest

from tests.test_app import new_app
from zola.page.app import App
from zola.page.lessons import GAME, mistakes
from zola.rules.errors import InvalidOptionError
from zola.rules.link import parse

# Plies of GAME's mistakes and blunders (the review's ? and ??), by who made them: the first
# player made the even ones, the second (Red after the swap) the odd ones.
FIRST_PLAYERS, SECOND_PLAYERS = [4, 6], [3, 5, 7, 11]


def lesson_app(mode: str = "humans") -> App:
    """An app on GAME, reviewed, against ``mode``'s opponent, looking at its 5th move."""
    app = new_app("#" + GAME)
    app.board.mode = mode
    app.go_to_main(5)
    return app


def trying_a1xb1() -> App:
    """A lesson (see lesson_app), the computer ready, where the reader tries
    a1xb1: neither the move played nor the better one, so the computer is asked to
    weigh it (``app.screen().request``)."""
    app = lesson_app()
    app.button("learn")
    app.computer_ready()
    app.click("a1")
    app.click("b1")
    return app


def answer(app: App, text: str) -> None:
    """The worker's answer to the question in flight (it must be one)."""
    request = app.screen().request or app.computer.request
    assert request is not None
    app.computer_answer(request.id, text)


@pytest.mark.parametrize(
    ("computer", "plies"),
    [
        ((False, False), sorted(FIRST_PLAYERS + SECOND_PLAYERS)),
        ((True, True), sorted(FIRST_PLAYERS + SECOND_PLAYERS)),
        ((False, True), FIRST_PLAYERS),
        ((True, False), SECOND_PLAYERS),
    ],
)
def test_the_mistakes_are_the_persons_against_the_computer_else_both_players(
    computer: tuple[bool, bool], plies: list[int]
) -> None:
    game, _ = parse(GAME)
    assert [mistake.ply for mistake in mistakes(game, computer)] == plies


def test_no_lesson_without_a_review_or_for_the_pie_rules_decisions_alone() -> None:
    assert not new_app("#v1;size=6;moves=c3xd3.c4xd3").screen().can_learn
    blunder_on_blues_first_turn = "#v2;size=6;moves=c3xd3.c4xd3;review=50_55.2_80.30??d4xd3"
    app = new_app(blunder_on_blues_first_turn)
    assert app.screen().review is not None and not app.screen().can_learn
    app.button("learn")  # not offered: nothing happens
    assert app.lesson is None
    inaccuracies_only = GAME.split(";review=")[0] + ";review=" + "_".join(
        ["50"] + ["50.8?!a1-a2"] * 12
    )
    assert not new_app("#" + inaccuracies_only).screen().can_learn
    reviewing_again = lesson_app()
    reviewing_again.button("review")
    assert not reviewing_again.screen().can_learn


def test_a_lesson_steps_through_the_mistakes_and_gives_the_game_back_where_it_was() -> None:
    app = lesson_app()
    game, node, fragment = app.game, app.game.node, app.screen().fragment
    assert app.screen().can_learn
    app.button("learn")
    screen = app.screen()
    assert screen.lesson.heading == "Learn from your mistakes: 1 of 6"
    assert screen.lesson.played == "Move 4: Red played a5xb5 here (−12%)."
    assert screen.lesson.words == "Find a better move for Red."
    assert screen.status == "Red to move." and screen.review is None and not screen.can_learn
    assert screen.fragment == fragment and screen.result is None
    before = str(app.game.position)
    assert app.game is not game and app.game.moves == []
    app.click("a5")
    app.click("b5")  # the move played in the game
    screen = app.screen()
    assert screen.lesson.state == "wrong" and screen.lesson.can_retry
    assert screen.lesson.words == "a5xb5 is the move played in the game: it loses 12%. Try again."
    app.click("c1")
    assert app.screen().lesson.words == "Press Try again to take the wrong move back."
    app.button("lesson-retry")
    assert str(app.game.position) == before and app.screen().lesson.state == "solving"
    app.click("c1")
    app.click("d1")  # the review's better move
    screen = app.screen()
    assert (screen.lesson.state, screen.lesson.words) == (
        "solved",
        "Well found: c1xd1 is the best move.",
    )
    assert not screen.lesson.can_show and screen.lesson.can_next
    app.button("lesson-next")
    assert app.screen().lesson.heading == "Learn from your mistakes: 2 of 6"
    app.button("lesson-show")
    screen = app.screen()
    assert screen.lesson.state == "shown" and screen.lesson.words == "The best move: f3xf4."
    assert [str(move) for move in app.game.moves] == ["f3xf4"]
    for _ in range(5):
        app.button("lesson-next")
    screen = app.screen()
    assert screen.lesson.heading == "Learn from your mistakes: 6 of 6"
    assert not screen.lesson.can_next
    app.button("lesson-show")
    assert app.screen().lesson.words == "The best move: d6xc6. That was the last one."
    app.button("lesson-leave")
    screen = app.screen()
    assert app.lesson is None and screen.lesson is None and screen.can_learn
    assert app.game is game and app.game.node is node and screen.fragment == fragment
    assert len(game.nodes()) == len(game.main_moves())  # no variation was added
    assert app.mode == "humans" and screen.review is not None


def test_another_move_is_weighed_by_the_computer_against_the_best_chance() -> None:
    app = trying_a1xb1()
    screen = app.screen()
    request = screen.request
    assert screen.lesson.state == "checking" and screen.lesson.words == "Checking a1xb1…"
    assert request.kind == "judge" and request.call == "analyse_position"
    assert request.basis == request.args[0] and request.basis.endswith(";moves=a1xb1")
    assert not screen.lesson.can_retry and screen.lesson.can_show
    app.computer_answer(request.id, "300 3 900 0|300 b2xc2")  # Blue 84%: Red lost 48 of 64
    screen = app.screen()
    assert screen.lesson.state == "wrong"
    assert screen.lesson.words == "a1xb1 loses 48%: there is better. Try again."
    app.button("lesson-retry")
    app.click("a1")
    app.click("b1")  # the same move again: asked again
    answer(app, "-100 3 900 0|-100 b2xc2")  # Blue 36%: Red keeps its 64%
    screen = app.screen()
    assert screen.lesson.state == "solved" and screen.request is None
    assert screen.lesson.words == "Well found: a1xb1 is as good as the best move, c1xd1."


def test_a_move_the_computer_cannot_weigh_is_taken_back() -> None:
    app = trying_a1xb1()
    request = app.screen().request
    app.computer_failed(request.id, "", timed_out=True)
    screen = app.screen()
    assert screen.lesson.state == "solving" and app.game.moves == []
    assert screen.lesson.words == "a1xb1 could not be checked: try a move again."


def test_a_question_in_flight_is_dropped_when_the_lesson_moves_on() -> None:
    app = trying_a1xb1()
    request = app.screen().request
    app.button("lesson-show")  # the move tried is taken back, the best one played
    screen = app.screen()
    assert screen.lesson.state == "shown" and [str(m) for m in app.game.moves] == ["c1xd1"]
    app.computer_answer(request.id, "300 3 900 0|300 b2xc2")  # stale: ignored
    assert app.screen().lesson.state == "shown" and app.computer.judging == ""


def test_controls_that_change_the_game_leave_the_lesson_first() -> None:
    app = lesson_app()
    game = app.game
    app.button("learn")
    app.button("flip")  # the exercise's own board turns: still learning
    assert app.lesson is not None
    app.button("edit")  # the editor opens on the game, not on the exercise
    assert app.lesson is None and app.game is game
    assert str(app.editor.position()) == str(game.position)
    app.button("edit-cancel")
    app.button("learn")
    app.button("new")
    assert app.lesson is None and app.game.moves == [] and app.screen().lesson is None


def test_the_analysis_goes_off_and_the_game_is_not_saved_during_a_lesson() -> None:
    app = lesson_app("computer-second")
    app.button("analysis")
    assert app.computer.analysing
    app.button("learn")
    assert not app.computer.analysing and app.mode == "humans"
    app.button("analysis")  # not in a lesson: it would tell the answer
    assert not app.computer.analysing and not app.screen().can_review
    assert app.screen().lesson.heading == "Learn from your mistakes: 1 of 2"
    saved = app.library.latest()
    app.button("lesson-show")
    app.screen()
    assert app.library.latest() == saved
    app.button("lesson-leave")
    assert app.mode == "computer-second"


def test_a_lesson_in_german() -> None:
    app = lesson_app()
    app.choose("language", "de")
    app.button("learn")
    lesson = app.screen().lesson
    assert lesson.words == "Finde einen besseren Zug für Rot."
    assert lesson.heading.startswith("Aus deinen Fehlern lernen")


def test_an_unknown_lesson_button_is_refused() -> None:
    app = lesson_app()
    app.button("learn")
    with pytest.raises(InvalidOptionError):
        app.lesson_help("undo")
