"""Puzzles: the text format, the daily choice, symmetry, the solver against a plain
reference search, and the shipped set, re-proven."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import reference
from tests.micropython import harness
from tests.test_micropython import micropython  # noqa: F401
from zola.puzzles.mining import read_seeds, seed_ranges
from zola.puzzles.sets import (
    Puzzle,
    PuzzleError,
    canonical,
    daily,
    day_number,
    find,
    index,
    line_of,
    load,
    parse,
    puzzle_id,
    puzzle_size,
    read,
)
from zola.puzzles.solver import solve, unproven, winning_moves, wins_within
from zola.rules.position import Position

ROOT = Path(__file__).resolve().parents[1]
SETS = {size: load(size) for size in (6, 8, 10)}
ALL = SETS[6] + SETS[8] + SETS[10]
RUN_SEED = random.randrange(1 << 30)

# -- a plain reference: naive minimax over tests/reference.py's moves -----------------------


def play(text: str, move: str) -> str:
    """The position text after ``move`` (the reference's own board, no zola code)."""
    size, board, side = reference.parse(text)
    if move != "pass":
        sep = "x" if "x" in move else "-"
        a, b = move.split(sep)
        start = (reference.FILES.index(a[0]), int(a[1:]) - 1)
        end = (reference.FILES.index(b[0]), int(b[1:]) - 1)
        board[end] = board.pop(start)
    return reference.text(size, board, "b" if side == "r" else "r")


def ref_wins(text: str, n: int) -> bool:
    """The side to move captures every enemy checker within ``n`` own moves."""
    return n > 0 and any(ref_move_wins(text, move, n) for move in reference.legal_moves(text))


def ref_move_wins(text: str, move: str, n: int) -> bool:
    after = play(text, move)
    board, defender = after.split(" ")
    if defender not in board:
        return True
    replies = reference.legal_moves(after)
    return n > 1 and all(ref_wins(play(after, reply), n - 1) for reply in replies)


def ref_winning_moves(text: str, n: int) -> list[str]:
    return sorted(move for move in reference.legal_moves(text) if ref_move_wins(text, move, n))


def random_sparse(rng: random.Random, size: int, mine: int, theirs: int) -> str:
    """A random position with ``mine`` checkers of the side to move and ``theirs``."""
    squares = rng.sample([(f, r) for f in range(size) for r in range(size)], mine + theirs)
    side = rng.choice("rb")
    other = "b" if side == "r" else "r"
    board = {sq: (side if i < mine else other) for i, sq in enumerate(squares)}
    return reference.text(size, board, side)


def move_image(move: str, size: int, symmetry: int) -> str:
    """``move`` under a board symmetry 0-7 (as :func:`zola.puzzles.sets._transform` maps
    squares)."""
    if move == "pass":
        return move
    sep = "x" if "x" in move else "-"

    def square(name: str) -> str:
        f, r = reference.FILES.index(name[0]), int(name[1:]) - 1
        if symmetry & 1:
            f = size - 1 - f
        if symmetry & 2:
            r = size - 1 - r
        if symmetry & 4:
            f, r = r, f
        return reference.name(f, r)

    return sep.join(square(name) for name in move.split(sep))


def image(text: str, symmetry: int) -> str:
    """Position text under a board symmetry 0-7, and with colours exchanged if ``& 8``."""
    size, board, side = reference.parse(text)
    swap = {"r": "b", "b": "r"} if symmetry & 8 else {"r": "r", "b": "b"}
    moved = {}
    for (f, r), colour in board.items():
        target = move_image(reference.name(f, r) + "-a1", size, symmetry).split("-")[0]
        moved[target] = swap[colour]
    squares = {(reference.FILES.index(n[0]), int(n[1:]) - 1): c for n, c in moved.items()}
    return reference.text(size, squares, swap[side])


# -- the text format ---------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ALL))
def test_a_puzzle_line_reads_back_as_the_same_puzzle(puzzle: Puzzle) -> None:
    assert parse(puzzle.text()) == puzzle
    assert puzzle.id == puzzle_id(puzzle.position)
    assert puzzle.id.startswith(str(puzzle.position.count("/") + 1) + "-")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="6;|> rbx-0123456789/acdf", max_size=60))
def test_any_text_is_a_puzzle_or_a_puzzle_error(text: str) -> None:
    try:
        puzzle = parse(text)
    except PuzzleError as error:
        assert str(error).startswith("bad puzzle")
    else:
        assert parse(puzzle.text()) == puzzle


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f[:5], "expected 6 fields separated by ';'"),
        (lambda f: [f[0], "two", *f[2:]], "N must be a whole number, not 'two'"),
        (lambda f: [*f[:3], "6/6/6 r", *f[4:]], "expected 6, 8 or 10 ranks, found 3"),
        (lambda f: ["6-zzzzzz", *f[1:]], "the id of this position is"),
        (lambda f: [*f[:4], "f1xa1 a4-a5", f[5]], "the line must end with a solver move"),
        (lambda f: [*f[:4], "f1xa1 a4-a5 a1xa4", f[5]], "move 3 of the line: a1xa4 is not"),
        (lambda f: [*f[:4], "f1xa1 a4-a6 a1xa6", f[5]], "move 2 of the line: a4-a6 is not"),
        (lambda f: [*f[:5], ""], "expected 2 refutation groups, found 1"),
        (lambda f: [*f[:5], "f1-f2|"], "a refutation is 'move>reply', not 'f1-f2'"),
        (lambda f: [*f[:5], "f1-k9>pass|"], "bad move 'f1-k9'"),
    ],
)
def test_a_bad_puzzle_line_says_what_is_wrong(
    change: Callable[[list[str]], list[str]], message: str
) -> None:
    good = solve(Position.parse(CORNER), 2)
    assert good is not None
    fields = change(good.text().split(";"))
    with pytest.raises(PuzzleError, match="bad puzzle") as error:
        parse(";".join(fields))
    assert message in str(error.value)


def test_a_file_error_names_the_line_and_comments_are_skipped() -> None:
    good = solve(Position.parse(CORNER), 2)
    assert good is not None
    assert read(f"# puzzles\n\n{good.text()}\n") == [good]
    with pytest.raises(PuzzleError, match="^line 3: bad puzzle"):
        read(f"# puzzles\n{good.text()}\n{good.text()[:-3]}\n")
    assert find([good], good.id) == good
    with pytest.raises(PuzzleError, match="no puzzle has the id 'x'"):
        find([good], "x")


@pytest.mark.parametrize("size", [6, 8])
def test_each_puzzle_of_a_set_is_found_by_its_line_alone(size: int) -> None:
    # As a live board finds its one puzzle: the line as text, read as read() reads it.
    text = (ROOT / "zola" / "data" / f"puzzles-{size}.txt").read_text()
    puzzles = read(text)
    assert [parse(line_of(text, p.id)) for p in puzzles] == puzzles
    for ident in (f"{size}-zzzzzz", f"{size}-", ""):
        with pytest.raises(PuzzleError, match="no puzzle has the id"):
            line_of(text, ident)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_a_set_indexed_holds_each_puzzle_read_when_it_opens(size: int) -> None:
    # As the page's puzzle mode finds a set's puzzles: ids and ratings, each line read
    # in full only when its puzzle opens, to the same puzzle read() reads.
    text = (ROOT / "zola" / "data" / f"puzzles-{size}.txt").read_text()
    puzzles, entries = read(text), index(text)
    assert [(e.id, e.rating) for e in entries] == [(p.id, p.rating) for p in puzzles]
    assert [e.puzzle() for e in entries] == puzzles
    assert daily(entries, "2026-12-05").id == daily(puzzles, "2026-12-05").id


def test_an_indexed_line_is_refused_at_once_or_when_it_opens() -> None:
    good = solve(Position.parse(CORNER), 2)
    assert good is not None
    fields = good.text().split(";")
    for line, message in (
        (";".join(fields[:3]), "expected 6 fields"),
        (";".join(["x", *fields[1:]]), "'x': not a puzzle id"),
        (";".join(["6-abc", *fields[1:]]), "not a puzzle id"),
        (";".join(["12-abcdef", *fields[1:]]), "not a puzzle id"),
        (";".join([*fields[:2], "1e3", *fields[3:]]), "rating must be a whole number"),
        (";".join([*fields[:2], "123456", *fields[3:]]), "rating must be a whole number"),
    ):
        with pytest.raises(PuzzleError, match="^line 2: bad puzzle .*" + message):
            index(f"# puzzles\n{line}\n")
    (late,) = index(f"\n\n{good.text()[:-3]}")  # its id and rating read: the rest later
    assert (late.id, late.rating, late.number) == (good.id, good.rating, 3)
    with pytest.raises(PuzzleError, match="^line 3: bad puzzle"):
        late.puzzle()


def test_a_line_is_found_only_where_its_id_begins_it() -> None:
    good = solve(Position.parse(CORNER), 2)
    assert good is not None
    ident = good.id
    for text in (
        good.text(),  # the file's one line, without a newline
        f"# {good.text()}\n\t{good.text()}\r\n",  # after a comment that names it; blanks
        f"x{ident};1;2\n{ident}x;1\n {good.text()}\n{ident};a later one\n",  # the first wins
    ):
        assert parse(line_of(text, ident)) == good, text
    for text in (f"# {good.text()}\n", f"x {good.text()}", f"{ident}\n", f"{ident}-1;2;3"):
        with pytest.raises(PuzzleError, match=f"^no puzzle has the id '{ident}'$"):
            line_of(text, ident)


# -- the daily puzzle ------------------------------------------------------------------------


@given(st.dates())
def test_day_numbers_count_days_as_the_calendar_does(date: object) -> None:
    import datetime

    assert isinstance(date, datetime.date)
    epoch = datetime.date(1970, 1, 1).toordinal()
    assert day_number(date.isoformat()) == date.toordinal() - epoch


@pytest.mark.parametrize("text", ["2026-02-29", "2026-13-01", "26-12-02", "2026-12-2x", ""])
def test_a_bad_date_is_refused(text: str) -> None:
    with pytest.raises(PuzzleError, match="date"):
        day_number(text)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_the_daily_puzzle_is_fixed_and_spread_over_the_set(size: int) -> None:
    import datetime

    puzzles = SETS[size]
    first = datetime.date(2026, 1, 1)
    days = [(first + datetime.timedelta(days=k)).isoformat() for k in range(len(puzzles))]
    chosen = [daily(puzzles, day) for day in days]
    assert chosen == [daily(list(puzzles), day) for day in days]  # the same every time
    assert len({p.id for p in chosen}) == len(puzzles)  # every puzzle once in len(set) days
    index = {p.id: i for i, p in enumerate(puzzles)}
    gaps = [abs(index[a.id] - index[b.id]) for a, b in zip(chosen, chosen[1:], strict=False)]
    assert min(gaps) >= len(puzzles) // 5  # neighbouring days lie far apart in the set


# -- symmetry ---------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([p for p in ALL if p.moves <= 3]), st.integers(0, 15))
def test_symmetric_images_are_the_same_puzzle_and_solve_alike(
    puzzle: Puzzle, symmetry: int
) -> None:
    text = image(puzzle.position, symmetry)
    assert canonical(text) == canonical(puzzle.position)
    assert puzzle_id(text) == puzzle.id
    size = puzzle.position.count("/") + 1
    original = winning_moves(Position.parse(puzzle.position), puzzle.moves)
    moved = sorted(move_image(m, size, symmetry) for m in original)
    assert moved == winning_moves(Position.parse(text), puzzle.moves) == [moved[0]]


def test_mining_drops_symmetric_repeats() -> None:
    from zola.puzzles.mining import keep_new

    puzzle = solve(Position.parse(CORNER), 2)
    image_puzzle = solve(Position.parse(image(CORNER, 13)), 2)
    other = solve(Position.parse("6/6/2rb2/6/6/6 r"), 1)
    assert puzzle is not None and image_puzzle is not None and other is not None
    assert image_puzzle.position != puzzle.position
    assert image_puzzle.line == tuple(move_image(m, 6, 13) for m in puzzle.line)
    known = {canonical(puzzle.position)}
    lines = [image_puzzle.text(), other.text(), other.text()]
    assert keep_new(lines, known) == [other.text()]
    assert known == {canonical(puzzle.position), canonical(other.position)}


def test_seed_ranges_read_back() -> None:
    seeds = {0, 1, 2, 5, 9, 10}
    assert read_seeds("# seeds " + seed_ranges(seeds) + "\n") == seeds


# -- the solver: hand-made positions and a plain reference ----------------------------------

# Blue f1 takes a1 along rank 1; Red a4 can only step to a5 (a corner is farther than
# a4, so a4 never captures it), and a1 takes a5 along the file.
CORNER = "6/6/r5/6/6/r4b b"


def test_a_hand_made_forced_win_is_solved() -> None:
    puzzle = solve(Position.parse(CORNER), 4)
    assert puzzle is not None
    assert puzzle.line == ("f1xa1", "a4-a5", "a1xa5")
    assert puzzle.moves == 2 and puzzle.refutations == ({}, {})
    assert unproven(puzzle) is None
    assert reference.legal_moves(CORNER) == ["f1xa1"]


def test_a_position_without_a_forced_win_is_no_puzzle() -> None:
    # Red c4 is nearer the centre than the corners: it can never capture a1 or f1, and
    # two checkers need two captures in two moves.
    text = "6/6/2r3/6/6/b4b r"
    assert not wins_within(Position.parse(text), 2)
    assert solve(Position.parse(text), 2) is None
    assert ref_winning_moves(text, 2) == []


def test_two_winning_first_moves_make_no_puzzle() -> None:
    text = "6/6/1r1r2/2b3/6/6 r"  # b4xc3 and d4xc3 both take the last checker
    assert ref_winning_moves(text, 1) == ["b4xc3", "d4xc3"]
    assert solve(Position.parse(text), 2) is None


def test_the_solver_agrees_with_a_plain_reference_on_random_positions() -> None:
    rng = random.Random(RUN_SEED)
    wins = 0
    for _ in range(120):
        size = rng.choice((6, 8))
        text = random_sparse(rng, size, rng.randint(1, 3), rng.randint(1, 3))
        position = Position.parse(text)
        for n in (1, 2):
            expected = ref_winning_moves(text, n)
            assert winning_moves(position, n) == expected, (text, n)
            assert wins_within(position, n) == bool(expected), (text, n)
            wins += bool(expected)
    for _ in range(15):
        text = random_sparse(rng, 6, rng.randint(1, 2), rng.randint(1, 3))
        assert winning_moves(Position.parse(text), 3) == ref_winning_moves(text, 3), text
    assert wins > 0


def test_the_reference_finds_the_shipped_puzzles_with_two_moves() -> None:
    short = [p for p in ALL if p.moves == 2]
    for puzzle in random.Random(RUN_SEED).sample(short, 4):
        n = puzzle.moves
        assert ref_winning_moves(puzzle.position, n) == [puzzle.line[0]]
        assert ref_winning_moves(puzzle.position, n - 1) == []


# -- the shipped set ---------------------------------------------------------------------------


def test_a_random_sample_of_the_shipped_set_is_proven() -> None:
    sample = random.Random(RUN_SEED).sample(ALL, 15)
    assert [(p.id, unproven(p)) for p in sample if unproven(p)] == [], f"run seed {RUN_SEED}"


def test_the_shipped_set_is_large_legal_and_has_no_repeats() -> None:
    assert len(ALL) >= 1000 and len(SETS[8]) >= 500 and len(SETS[10]) >= 200
    assert all(p.refutations[0] for p in ALL)  # a wrong first try exists: something to find
    assert len({canonical(p.position) for p in ALL}) == len(ALL)
    assert len({p.id for p in ALL}) == len(ALL)
    sizes = {size: {puzzle_size(p.id) for p in SETS[size]} for size in SETS}
    assert sizes == {6: {6}, 8: {8}, 10: {10}}
    for puzzle in ALL:
        assert 600 <= puzzle.rating <= 2600
        position = Position.parse(puzzle.position)
        for turn, refutations in enumerate(puzzle.refutations):
            for tried, reply in refutations.items():
                position.push_text(tried)
                position.push_text(reply)
                position.pop()
                position.pop()
            position.push_text(puzzle.line[2 * turn])
            if turn < puzzle.moves - 1:
                position.push_text(puzzle.line[2 * turn + 1])
        assert position.is_game_over() and position.winner() is not None


def test_the_check_command_finds_a_broken_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from zola.cli import main

    good = find(SETS[6], "6-xihiml")  # Red's legal moves: a6xe2, f5-f6
    refutations = ({**good.refutations[0], "f1-f2": "a4-a5"}, *good.refutations[1:])
    broken = good._replace(refutations=refutations)
    path = tmp_path / "p.txt"
    path.write_text(f"# two\n{good.text()}\n")
    assert main(["puzzles", "check", str(path)]) == 0
    path.write_text(f"# two\n{broken.text()}\n")
    assert main(["puzzles", "check", str(path)]) == 1
    assert capsys.readouterr().out == (
        f"line 2: puzzle {good.id}: the refutations of move 1 list f1-f2, not a losing try\n"
    )
    path.write_text("6-x;2\n")
    assert main(["puzzles", "check", str(path)]) == 2
    assert "line 1: bad puzzle '6-x;2': expected 6 fields" in capsys.readouterr().err


def test_the_mine_command_mines_a_10x10_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from zola.cli import main

    path = tmp_path / "p.txt"
    args = ["puzzles", "mine", "--size", "10", "--games", "1", "--max-moves", "2"]
    assert main([*args, "--workers", "1", "-o", str(path)]) == 0
    puzzles = read(path.read_text())
    assert capsys.readouterr().err.endswith(f"\n{len(puzzles)} new puzzles in {path}\n")
    assert len(puzzles) == 2 and {puzzle_size(p.id) for p in puzzles} == {10}
    assert [unproven(puzzle) for puzzle in puzzles] == [None, None]


def test_mining_a_game_is_repeatable_and_resumes(tmp_path: Path) -> None:
    from zola.puzzles.mining import mine, mine_game, processes

    path = tmp_path / "p.txt"
    added = mine(path, 6, [4], max_moves=3, pool=processes(1))
    text = path.read_text()
    assert read_seeds(text) == {4}
    assert [p.text() for p in read(text)] == mine_game(4, 6, 3)  # the same game again
    assert added == len(read(text)) > 0
    assert mine(path, 6, [4], max_moves=3, pool=processes(1)) == 0  # seed 4 is done: skipped
    assert path.read_text() == text
    assert [unproven(puzzle) for puzzle in read(text)[:3]] == [None] * 3


def test_a_wrong_claim_is_not_proven() -> None:
    good = solve(Position.parse(CORNER), 2)
    assert good is not None and unproven(good) is None
    assert reference.legal_moves(image(CORNER, 0)) == ["f1xa1"]  # f1-f2 is no move here
    assert unproven(good._replace(refutations=({"f1-f2": "a4-a5"}, {}))) == (
        "the refutations of move 1 list f1-f2, not a losing try"
    )
    assert unproven(good._replace(moves=3, refutations=({}, {}, {}))) == (
        "N is not the fewest: the side to move wins within 2 moves"
    )
    assert unproven(good._replace(moves=1, refutations=({},))) == (
        "the side to move does not win within 1 move"
    )
    one = solve(Position.parse("6/6/2rb2/6/6/6 r"), 1)
    assert one is not None and unproven(one) is None
    assert unproven(one._replace(refutations=({},))) == (  # the failing moves are missing
        "the refutations of move 1 lack the losing tries c4-b3, c4-b4, c4-b5, c4-c5, c4-d5"
    )
    claimed = Puzzle("6-x", "6/6/1r1r2/2b3/6/6 r", ("b4xc3",), ({},), 1, 600)  # d4xc3 wins too
    assert unproven(claimed) == (
        "move 1 of the line, b4xc3, is not the only move that wins within 1 move: d4xc3 too"
    )


@pytest.mark.slow
def test_reading_ids_and_the_daily_puzzle_agree_on_micropython(micropython) -> None:  # noqa: F811
    text = "\n".join((ROOT / "zola/data/puzzles-8.txt").read_text().splitlines()[:40])
    payload = {"text": text, "days": ["2026-12-02", "2027-03-01", "2100-02-28"]}
    on_cpython = harness.puzzle_reading(payload)
    ids, computed, chosen, lines = on_cpython
    puzzles = read(text)
    assert ids == computed == [p.id for p in puzzles] != []
    assert chosen == [daily(puzzles, day).id for day in payload["days"]]
    assert lines == [p.text() for p in puzzles]
    assert micropython("puzzle_reading", payload) == on_cpython
