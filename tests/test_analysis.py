"""The analysis board and the game review: evaluations, lines, marks, their texts and the graph."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zola import FIRST, SECOND, Game, InvalidRecordError, Move, Position
from zola.draw.graph import graph_svg
from zola.engine import analysis as analysis_module
from zola.engine import judgement as rv
from zola.engine.ai import MATE, Deepening
from zola.engine.analysis import REVIEW_NODES, _book_analysis, analyse, review
from zola.engine.judgement import (
    Analysis,
    Line,
    analysis_text,
    classify,
    movers,
    parse_analysis,
    percent,
    red_percent,
    summary,
    win_chance,
)
from zola.lang.i18n import Text, say
from zola.page.insights import evaluation, review_screen
from zola.rules.review import MARKS, Review, Reviewed, is_bad, parse_review, review_text

# Red has five checkers, Blue four: good for Red whoever is to move (no found win yet).
RED_AHEAD = "1b4/1r3b/2b1r1/1r4/3b2/r4r"
ONLY_MOVE = "6/6/6/2b3/6/r5 r"  # a1xc3 is Red's only move
FORCED_PASS = "6/6/6/6/2b3/r5 r"  # Red cannot move: a pass
FINISHED = "6/6/6/6/6/r5 b"
# A level position where Red's c3-c2 leaves the checker to a4xc2, with no recapture.
HANGS = "3r2/4r1/b2b2/r1rb2/6/b5 r"


def random_game(size: int, plies: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(size)
    while game.ply < plies and not game.is_game_over():
        game.play(rng.choice(game.position.legal_moves()))
    return game


def replay_is_legal(position: Position, moves: tuple[Move, ...]) -> bool:
    position = position.copy()
    for move in moves:
        if move not in position.legal_moves():
            return False
        position.push(move)
    return True


# ------------------------------------------------------------------ win chances


def test_the_engines_mate_is_the_reviews() -> None:
    assert rv.MATE == MATE


def test_win_chance_is_symmetric_and_increasing() -> None:
    scores = range(-5000, 5001, 3)
    chances = [win_chance(s) for s in scores]
    assert chances == sorted(chances) and chances[0] < 0.01 < 0.99 < chances[-1]
    for s in scores:
        assert win_chance(s) + win_chance(-s) == pytest.approx(1.0)
        assert percent(s) + percent(-s) == 100
        assert 1 <= percent(s) <= 99  # only a found result is certain
        assert red_percent(s, True) == percent(s) and red_percent(s, False) == percent(-s)
    assert win_chance(0) == 0.5 and percent(0) == 50
    assert (percent(MATE - 7), percent(-(MATE - 7)), percent(-MATE)) == (100, 0, 0)


def test_the_score_means_the_same_for_both_colours() -> None:
    """A board good for Red scores positive with Red to move, negative with Blue to move."""
    red_to_move = analyse(Position.parse(RED_AHEAD + " r"), node_limit=5000, resume=False)
    blue_to_move = analyse(Position.parse(RED_AHEAD + " b"), node_limit=5000, resume=False)
    assert 150 < red_to_move.score < rv.MATE_BOUND and -rv.MATE_BOUND < blue_to_move.score < -150
    assert red_percent(red_to_move.score, True) > 60
    assert red_percent(blue_to_move.score, False) > 60


# ---------------------------------------------------------------------- analyse


@pytest.mark.parametrize(("size", "plies"), [(6, 10), (8, 25), (10, 40)])
def test_lines_are_distinct_legal_and_sorted(size: int, plies: int) -> None:
    position = random_game(size, plies, seed=size).position
    result = analyse(position, node_limit=20000, lines=4, resume=False)
    assert len(result.lines) == 4 and result.depth >= 1
    firsts = [line.moves[0] for line in result.lines]
    assert len(set(firsts)) == 4
    scores = [line.score for line in result.lines]
    assert scores == sorted(scores, reverse=True) and result.score == scores[0]
    assert all(replay_is_legal(position, line.moves) for line in result.lines)
    assert max(len(line.moves) for line in result.lines) >= 2  # the table gave replies


def test_the_k_best_root_scores_are_exact() -> None:
    """``exact=k`` scores the k best moves as ``exact=True`` does, at a fixed depth."""
    position = random_game(8, 20, seed=3).position
    some, every = Deepening(position, exact=3), Deepening(position, exact=True)
    for deepening in (some, every):
        deepening.run(None, None, 3)
        assert deepening.depth == 3
    assert [s for s, _ in some.completed[:3]] == [s for s, _ in every.completed[:3]]
    assert every.completed[0] == some.completed[0]
    # A move searched first (a review's move played) gets its exact score too.
    worst_score, worst = every.completed[-1]
    first = Deepening(position, first=every.move(worst))
    first.run(None, None, 3)
    assert (worst_score, worst) in first.completed
    assert first.completed[0][0] == every.completed[0][0]


def test_analysis_goes_deeper_on_the_same_position_and_starts_afresh_on_another() -> None:
    position = random_game(8, 30, seed=1).position
    other = random_game(8, 31, seed=2).position
    first = analyse(position, node_limit=3000)
    depths = [first.depth]
    for _ in range(6):
        depths.append(analyse(position, node_limit=3000).depth)
    assert depths == sorted(depths) and depths[-1] > depths[0]
    assert analyse(other, node_limit=3000).depth < depths[-1]
    again = analyse(position, node_limit=3000)  # the cache held `other`: afresh
    assert again.depth == first.depth and again.nodes == first.nodes


def test_resume_false_is_repeatable_and_leaves_the_cache_alone() -> None:
    position = random_game(6, 12, seed=4).position
    kept = analyse(position, node_limit=3000)
    one = analyse(random_game(6, 8, seed=9).position, node_limit=4000, resume=False)
    two = analyse(random_game(6, 8, seed=9).position, node_limit=4000, resume=False)
    assert one == two
    assert analyse(position, node_limit=3000).nodes > kept.nodes  # went on from `kept`


def test_a_found_win_is_final_and_a_finished_game_has_no_lines() -> None:
    win = analyse(Position.parse("6/6/2rb2/6/6/6 r"), node_limit=5000, lines=3, resume=False)
    assert win.score == MATE - 1 and win.final and str(win.lines[0].moves[0]) == "c4xd4"
    assert analyse(Position.parse(FINISHED)) == Analysis(-MATE, 0, 0, True, ())


def test_a_forced_pass_is_analysed_through_the_position_after_it() -> None:
    result = analyse(Position.parse(FORCED_PASS), node_limit=3000, resume=False)
    assert result.lines[0].moves[0] == Move.PASS
    assert replay_is_legal(Position.parse(FORCED_PASS), result.lines[0].moves)
    after = Position.parse(FORCED_PASS.replace(" r", " b"))
    child = analyse(after, node_limit=3000, resume=False)
    # Blue, to move after the pass, loses in 2 plies: Red, before it, wins in 3.
    assert (child.score, result.score) == (-(MATE - 2), MATE - 3)
    assert result.lines[0].moves[1:] == child.lines[0].moves


def test_a_tiny_budget_still_completes_depth_one() -> None:
    result = analyse(Position.start(10), node_limit=1, lines=2, resume=False)
    assert result.depth == 1 and len(result.lines) == 2


# ----------------------------------------------------------------------- review


@pytest.mark.slow
def test_a_checker_left_to_be_taken_for_nothing_is_a_mistake_or_worse() -> None:
    position = Position.parse(HANGS)
    hang, take = Move.parse("c3-c2"), Move.parse("a4xc2")
    after = position.copy()
    after.push(hang)
    assert take in after.legal_moves()
    after.push(take)
    assert not [m for m in after.legal_moves() if m.is_capture and m.to_square == take.to_square]
    assert abs(analyse(position, node_limit=REVIEW_NODES, resume=False).score) < 100  # level
    game = Game(start=position)
    game.play(hang)
    game.play(take)
    marks = review(game)
    assert marks.moves[0].mark in ("mistake", "blunder")
    assert marks.moves[0].better is not None and marks.moves[0].better != hang
    assert marks.moves[1].mark == "best"  # taking it


def test_the_only_legal_move_is_never_marked() -> None:
    game = Game(start=Position.parse(FORCED_PASS))
    game.play("pass")
    game.play(random.Random(1).choice(game.legal_moves()))
    only = Game(start=Position.parse(ONLY_MOVE))
    only.play("a1xc3")
    for marks in (review(game, node_limit=3000), review(only, node_limit=3000)):
        assert marks.moves[0] == Reviewed(marks.moves[0].red, 0, "forced", None)
    assert review(only, node_limit=3000).moves[0].red == 100  # Red won


@pytest.mark.parametrize(
    ("start", "moves", "won"),
    [
        ("1b2r1/6/r5/6/6/b1r2r r", ("a4-a5", "a1xc1"), 100),  # Red's win: -25% before
        ("r4r/5b/6/6/4b1/1bb3 b", ("e2-d1", "f6xf5"), 0),  # Blue's: -9% before
    ],
)
def test_a_move_that_keeps_a_found_win_is_never_marked(
    start: str, moves: tuple[str, ...], won: int
) -> None:
    """The search before the move finds a win with another move and scores the move played
    short of one (its win lies beyond the horizon); the search after it finds the win: the
    mover lost nothing."""
    game = Game(start=Position.parse(start))
    for move in moves:
        game.play(move)
    for marks in (review(game, node_limit=2000), review(game)):
        assert marks.start == won and marks.moves[0] == Reviewed(won, 0, "best", None)


def test_a_move_in_a_game_lost_by_force_is_never_marked() -> None:
    """Blue, lost by force (Red 100%), loses nothing more whatever it plays."""
    lost = Position.parse("1b2r1/r5/6/6/6/b1r2r b")
    assert len(lost.legal_moves()) == 5
    for move in lost.legal_moves():
        game = Game(start=lost)
        game.play(move)
        marks = review(game, node_limit=2000)
        assert marks.start == 100 and marks.moves[0].loss == 0 and not is_bad(marks.moves[0].mark)


@pytest.mark.slow
def test_the_engines_own_moves_lose_little() -> None:
    """The analysis's choices at the review's budget are marked best or good: the review
    searches the move played first and starts no depth its budget would not complete,
    so how deep it goes depends on the order of the moves (a depth more or less)."""
    game = Game(start=random_game(6, 6, seed=8).position)
    for _ in range(8):
        choice = analyse(game.position, node_limit=REVIEW_NODES, resume=False)
        game.play(choice.lines[0].moves[0])
    assert {entry.mark for entry in review(game).moves} <= {"best", "good"}


@pytest.mark.slow
def test_the_better_move_is_best_when_played() -> None:
    """Every marked move's better move, played instead, is marked best: the pie rule too."""
    game = random_game(6, 10, seed=12)
    marks = review(game, node_limit=5000)
    bad = [(ply, entry) for ply, entry in enumerate(marks.moves) if is_bad(entry.mark)]
    assert len(bad) >= 3  # random moves
    for ply, entry in bad[:4]:
        instead = Game(game.size)
        for move in game.moves[:ply]:
            instead.play(move)
        instead.play(entry.better)
        assert review(instead, node_limit=5000).moves[ply].mark == "best"


@pytest.mark.slow
def test_the_pie_rule_decisions() -> None:
    """The most lopsided first move loses win chance to the first player (Blue would take
    the better side); Blue keeping its colour after it is marked, with swap the better move;
    swapping is best; the most balanced first move is best."""
    start = _book_analysis(6)  # the review's search of the start: every first move
    assert start is not None and len(start.lines) == len(Position.start(6).legal_moves())
    lopsided = start.lines[0].moves[0]
    balanced = min(start.lines, key=lambda line: abs(line.score)).moves[0]
    assert percent(start.lines[0].score) >= 55
    keep = Game(6)
    keep.play(lopsided)
    keep.play(analyse(keep.position, node_limit=REVIEW_NODES, resume=False).lines[0].moves[0])
    swap = Game(6)
    swap.play(lopsided)
    swap.play("swap")
    swap.play(random.Random(2).choice(swap.legal_moves()))
    kept, swapped = review(keep), review(swap)
    assert kept.moves[0].loss > 0 and kept.moves[0].mark != "best"
    assert kept.moves[0].loss == swapped.moves[0].loss
    assert is_bad(kept.moves[1].mark) and kept.moves[1].better == Move.SWAP
    assert swapped.moves[1] == Reviewed(swapped.moves[0].red, 0, "best", None)
    assert swapped.moves[1].red == swapped.moves[0].red  # swapping moves no checker
    fair = Game(6)
    fair.play(balanced)
    assert review(fair).moves[0].mark == "best"
    first, second = summary(swapped, movers(swap))
    assert (first.moves, second.moves) == (2, 1)  # the first player made moves 1 and 3


def test_review_reports_progress_and_is_repeatable() -> None:
    game = random_game(8, 6, seed=5)
    seen: list[tuple[int, int]] = []
    first = review(game, node_limit=3000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 7) for n in range(1, 8)]
    assert review(game, node_limit=3000) == first
    assert review(Game(8), node_limit=3000) == Review(first.start, ())


def test_review_by_time() -> None:
    game = random_game(6, 4, seed=6)
    marks = review(game, time_limit=0.02)
    assert len(marks.moves) == 4 and all(entry.mark in MARKS for entry in marks.moves)


# ------------------------------------------------------------------------ marks


def test_classify_thresholds() -> None:
    assert classify(0) == "best" and classify(-3) == "best"
    assert classify(rv.INACCURACY_LOSS - 1) == "good"
    assert classify(rv.INACCURACY_LOSS) == "inaccuracy"
    assert classify(rv.MISTAKE_LOSS) == "mistake"
    assert classify(rv.BLUNDER_LOSS) == "blunder" and classify(100) == "blunder"
    assert classify(100, best=True) == "best" and classify(100, forced=True) == "forced"
    assert 0 < rv.INACCURACY_LOSS < rv.MISTAKE_LOSS < rv.BLUNDER_LOSS < 100


def test_summary_counts_by_player_not_colour() -> None:
    marks = parse_review("50_50.3_50.30??swap_50.7?!c3xd3_50f_50.14?c4-d5")
    players = [FIRST, SECOND, FIRST, SECOND, FIRST]
    first, second = summary(marks, players)
    assert first == rv.PlayerSummary(FIRST, 3, 1, 1, 0, 24)
    assert second == rv.PlayerSummary(SECOND, 1, 0, 0, 1, 30)  # the forced move is left out
    assert (first.average_text(), second.average_text()) == ("8.0", "30.0")
    assert rv.PlayerSummary(SECOND, 0, 0, 0, 0, 0).average_text() == "0.0"
    with pytest.raises(ValueError):
        summary(marks, players[:-1])


# ------------------------------------------------------------------------ texts

MOVE_TEXTS = st.sampled_from(["pass", "swap", "c3-d4", "c3xe5", "j10-i9", "a1xj10", "e5xe4"])


@st.composite
def reviewed(draw: st.DrawFn) -> Reviewed:
    mark = draw(st.sampled_from(MARKS))
    loss = 0 if mark in ("best", "forced") else draw(st.integers(1, 100))
    better = Move.parse(draw(MOVE_TEXTS)) if is_bad(mark) else None
    return Reviewed(draw(st.integers(0, 100)), loss, mark, better)


reviews = st.builds(Review, st.integers(0, 100), st.lists(reviewed(), max_size=200).map(tuple))
analyses = st.builds(
    Analysis,
    st.integers(-MATE, MATE),
    st.integers(0, 64),
    st.integers(0, 10**12 - 1),
    st.booleans(),
    st.lists(
        st.builds(
            Line,
            st.integers(-MATE, MATE),
            st.lists(MOVE_TEXTS.map(Move.parse), min_size=1, max_size=12).map(tuple),
        ),
        max_size=6,
    ).map(tuple),
)
REVIEW_ALPHABET = "0123456789abcdefghijx.-_?!pswf"


@settings(max_examples=300, deadline=None)
@given(reviews)
def test_review_text_round_trips(review_value: Review) -> None:
    text = review_text(review_value)
    assert set(text) <= set("abcdefghijklmnopqrstuvwxyz0123456789.-x?!_")
    assert parse_review(text) == review_value
    assert parse_review(text, plies=len(review_value.moves)) == review_value
    if review_value.moves:
        with pytest.raises(InvalidRecordError, match="moves? for a game of"):
            parse_review(text, plies=len(review_value.moves) + 1)


@settings(max_examples=300, deadline=None)
@given(analyses)
def test_analysis_text_round_trips(value: Analysis) -> None:
    assert parse_analysis(analysis_text(value)) == value


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(REVIEW_ALPHABET, max_size=40), st.text(max_size=40)))
def test_review_text_garbage_is_rejected_or_canonical(text: str) -> None:
    try:
        parsed = parse_review(text)
    except InvalidRecordError:
        return
    assert review_text(parsed) == text  # one text per review: nothing else is accepted


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text("0123456789- |c3xd4pas", max_size=40), st.text(max_size=40)))
def test_analysis_text_garbage_is_rejected_or_canonical(text: str) -> None:
    try:
        parsed = parse_analysis(text)
    except InvalidRecordError as error:
        assert isinstance(error, rv.InvalidAnalysisError)
        return
    assert analysis_text(parsed) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "start chance must be a number"),
        ("50_", "move 1: chance must be"),
        ("50_50_050", "move 2: chance must be"),
        ("50_50.0", "loss must be a number 1 to 100"),
        ("50_50.9?!", "move 1: bad move ''"),
        ("50_50.9??k1-a1", "bad square"),
        ("50_50?c3-d4", "a mistake loses something"),
        ("50_50.9f", "a forced move loses nothing"),
        ("50_50.9!c3-d4", "unexpected '!c3-d4'"),
        ("50;50", "start chance"),
        ("5" * 8001, "too long"),
        (None, "it must be text"),
    ],
)
def test_bad_review_texts_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        parse_review(text)


@pytest.mark.slow
def test_a_real_review_fits_a_fragment_field() -> None:
    game = random_game(6, 40, seed=3)
    text = review_text(review(game, node_limit=3000))
    assert not set(text) & set(";=&%#") and len(text) < 12 * len(game.moves)
    assert parse_review(text, plies=len(game.moves)) == review(game, node_limit=3000)


# ------------------------------------------------------------------------ graph


def test_the_graph_is_svg_with_a_point_per_move() -> None:
    game = random_game(6, 14, seed=7)
    marks = review(game, node_limit=3000)
    svg = graph_svg(marks, width=480, height=100, current_ply=5, moves=game.moves)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    points = root.findall(f"{ns}circle")
    assert [int(p.get("data-ply")) for p in points] == list(range(1, 15))
    assert all(
        p.find(f"{ns}title").text.startswith(f"Move {i + 1}, ") for i, p in enumerate(points)
    )
    assert root.get("viewBox") == "0 0 480 100"
    assert all(0 <= int(p.get("cx")) <= 480 and 0 <= int(p.get("cy")) <= 100 for p in points)
    assert root.find(f"{ns}line[@class='current']").get("data-ply") == "5"
    for point, entry in zip(points, marks.moves, strict=True):
        assert entry.mark in point.get("class")
    # Red's chance up: 100% at the top, 0% at the bottom.
    top = graph_svg(parse_review("50_100_0"), width=100, height=50)
    ys = [int(p.get("cy")) for p in ET.fromstring(top).findall(f"{ns}circle")]
    assert ys[0] < ys[1]


def test_the_graph_of_no_moves_and_its_bytes_are_stable() -> None:
    empty = ET.fromstring(graph_svg(Review(50, ())))
    assert empty.findall("{http://www.w3.org/2000/svg}circle") == []
    text = "50_61.4_38.23??c3xd3_45f"
    assert graph_svg(parse_review(text)) == graph_svg(parse_review(text))
    assert "." not in graph_svg(parse_review(text)).split("<circle", 1)[1].split('r="')[0]


def test_the_graph_speaks_the_pages_language() -> None:
    marks = parse_review("50_55.2_55_40.10?!d4xd3_40f")
    moves = [Move.parse(text) for text in ("c3xd3", "swap", "c4xd3")]
    ns = "{http://www.w3.org/2000/svg}"

    def words(language: str) -> tuple[str, str, list[str]]:
        root = ET.fromstring(graph_svg(marks, moves=moves, say=speaker(language)))
        titles = [point.find(f"{ns}title").text for point in root.findall(f"{ns}circle")]
        return root.get("aria-label"), root.find(f"{ns}title").text, titles

    label, title, points = words("de")
    assert label == title == "Rots Gewinnchance im Lauf der Partie"
    assert points == [
        "Zug 1, c3xd3: Rot 55 %, guter Zug",
        "Zug 2, swap: Rot 55 %, bester Zug",
        "Zug 3, c4xd3: Rot 40 %, Ungenauigkeit (besser d4xd3)",
        "Zug 4: Rot 40 %, einziger Zug",  # no move text given for it
    ]
    label, _, points = words("fr")
    assert label == "Chances de gain de Rouge au fil de la partie"
    assert points[2] == "Coup 3, c4xd3 : Rouge 40 %, imprécision (mieux : d4xd3)"
    label, _, points = words("en")
    assert label == "Red's win chance over the game"
    assert points[2] == "Move 3, c4xd3: Red 40%, inaccuracy (better d4xd3)"
    assert graph_svg(marks, moves=moves, say=speaker("en")) == graph_svg(marks, moves=moves)
    # The page's graph is in its language.
    game = Game(6)
    for move in moves:
        game.play(move)
    game.play("e3xd3")
    game.review, game.reviewed = marks, game.main_moves()
    screen = review_screen(game, speaker("it"))
    assert screen is not None and 'aria-label="Probabilità di vittoria del Rosso' in screen.graph
    assert "<title>Mossa 4, e3xd3: Rosso 40%, forzata</title>" in screen.graph


def test_module_cache_is_one_entry() -> None:
    analyse(random_game(6, 5, seed=1).position, node_limit=2000)
    analyse(random_game(6, 6, seed=1).position, node_limit=2000)
    assert len(analysis_module._cache) == 1


# ------------------------------------------------------------ the page's words


def speaker(language: str) -> Callable[[Text | str], str]:
    return lambda text: say(language, text)


def test_the_pages_decimals_are_written_as_its_language_writes_them() -> None:
    game = Game(6)
    game.play("c3xd3")
    analysis = parse_analysis("-150 4 900 1|-150 c4xd3")
    assert evaluation(game, analysis, speaker("en")).words.startswith("Red 70% (+1.50)")
    assert evaluation(game, analysis, speaker("de")).words.startswith("Rot 70 % (+1,50)")
    assert evaluation(game, analysis, speaker("fr")).words.startswith("Rouge 70 % (+1,50)")
    game.play("c4xd3")
    game.play("e3xd3")
    game.review = parse_review("50_50.3_50_50.4")  # the first player lost 3.5 a move
    game.reviewed = game.main_moves()
    screen = review_screen(game, speaker("de"))
    assert screen is not None and "durchschnittlich 3,5 % verloren" in screen.summary[0]
    assert "perte moyenne 3,5 %" in review_screen(game, speaker("fr")).summary[0]
    assert "average loss 3.5%" in review_screen(game, str).summary[0]
