"""What the page shows of the computer's judgement: the evaluation bar and best line of
an analysis, the marks a review puts in the move list, its graph and its summary.

Pure functions of the game and the results (:class:`zola.engine.judgement.Analysis`,
:class:`zola.engine.judgement.Review`); ``say`` puts a :class:`~zola.lang.i18n.Text` into the
page's language.

>>> from zola.rules.game import Game
>>> from zola.engine.judgement import parse_analysis
>>> game = Game(6); _ = game.play("c3xd3")
>>> evaluation(game, parse_analysis("-150 4 900 1|-150 c4xd3"), str)
Evaluation(chance=70, words='Red 70% (+1.50) · depth 4', line='c4xd3')
"""

from zola.draw.graph import graph_svg
from zola.engine.judgement import (
    MATE,
    MATE_BOUND,
    Analysis,
    movers,
    red_percent,
    summary,
)
from zola.lang.i18n import Text, decimal
from zola.page.screen import Evaluation, ReviewScreen
from zola.rules.game import Game
from zola.rules.move import Move
from zola.rules.review import is_bad, symbol
from zola.rules.sides import BLUE, COLOR_WORDS, RED

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

    from zola.rules.review import Reviewed

    Say = Callable[[Text | str], str]  # a Text in the page's language

GRAPH_WIDTH, GRAPH_HEIGHT = 600, 110


def evaluation(game: Game, analysis: Analysis, say: "Say") -> Evaluation:
    """The analysis of the position ``game`` looks at: Red's chance in %, its words (a
    found win, or the chance and score from Red's side) and the best line as text."""
    red = game.turn == RED
    chance = red_percent(analysis.score, red)
    score = analysis.score if red else -analysis.score  # from Red's side
    if abs(score) > MATE_BOUND:
        winner = COLOR_WORDS[RED if score > 0 else BLUE]
        words = Text("analysis.mate", color=winner, plies=MATE - abs(score))
    else:
        words = Text("analysis.eval", chance=chance, score=decimal(score, 2, signed=True))
    line = analysis.lines[0].moves if analysis.lines else ()
    depth = say(Text("analysis.depth", depth=analysis.depth))
    return Evaluation(chance, say(words) + " · " + depth, " ".join(str(move) for move in line))


def best_arrows(analysis: Analysis) -> tuple[list[Move], list[Move]]:
    """The best line's first board move and the answer to it, drawn while the analysis
    is shown (each a list: a pass or a swap draws nothing)."""
    line = list(analysis.lines[0].moves[:2]) if analysis.lines else []
    drawn = [[m] if m.from_square >= 0 else [] for m in line] + [[], []]
    return drawn[0], drawn[1]


def main_line(game: Game) -> Game:
    """The main line of ``game`` alone, to its end: what a review is about."""
    line = Game(game.size, game.start)
    for move in game.main_moves():
        line.play(move)
    return line


def _title(entry: "Reviewed", say: "Say") -> str:
    """What a marked move's title says: its loss and the better move."""
    return say(Text("review.title." + entry.mark, loss=entry.loss, better=str(entry.better)))


def review_marks(game: Game, say: "Say") -> dict[int, tuple[str, str, str]]:
    """The move list's marks of the game's review: per main-line node (by ``id``),
    ``(symbol, kind, title)``."""
    review = game.current_review()
    if review is None:
        return {}
    marks = {}
    for node, entry in zip(game.root.main_line(), review.moves):  # noqa: B905
        if is_bad(entry.mark):
            marks[id(node)] = (symbol(entry.mark), entry.mark, _title(entry, say))
    return marks


def _player_words(color: int, player: int, computer: "tuple[bool, bool]") -> Text:
    """Who made a summary's moves: their colour (the one they hold after the pie rule's
    swap, if any), or you or the computer, with it, when one of the players is the
    computer."""
    if computer[0] != computer[1]:
        key = "review.player.computer" if computer[player] else "review.player.you"
        return Text(key, color=COLOR_WORDS[color])
    return COLOR_WORDS[color]


def review_screen(
    game: Game, say: "Say", computer: "tuple[bool, bool]" = (False, False)
) -> ReviewScreen | None:
    """The review's graph, its summary per player (Red's first) and the word on the move
    looked at; ``None`` when the game has no review. ``computer``: whether the computer
    plays the first player and the second (see :data:`zola.page.board.MODES`).

    >>> from zola.rules.review import parse_review
    >>> game = Game(6)
    >>> for move in ("c3xd3", "swap", "c4xd3"):
    ...     _ = game.play(move)
    >>> game.review, game.reviewed = parse_review("50_55.2_55_40.10?!d4xd3"), game.main_moves()
    >>> review_screen(game, str).summary[0]
    'Red: 0 inaccuracies, 0 mistakes, 0 blunders; average loss 0.0%'
    >>> review_screen(game, str, (False, True)).summary[1]
    'You (Blue): 1 inaccuracy, 0 mistakes, 0 blunders; average loss 6.0%'
    """
    review = game.current_review()
    if review is None:
        return None
    main = game.root.main_line()
    ply = main.index(game.node) + 1 if game.node in main else None
    moves = game.main_moves()
    graph = graph_svg(
        review, width=GRAPH_WIDTH, height=GRAPH_HEIGHT, current_ply=ply, moves=moves, say=say
    )
    line = main_line(game)
    lines = []
    for entry in sorted(summary(review, movers(line)), key=lambda e: line.color_of(e.player)):
        text = Text(
            "review.summary",
            player=_player_words(line.color_of(entry.player), entry.player, computer),
            inaccuracies=Text("count.inaccuracies", count=entry.inaccuracies),
            mistakes=Text("count.mistakes", count=entry.mistakes),
            blunders=Text("count.blunders", count=entry.blunders),
            loss=entry.average(),
        )
        lines.append(say(text))
    word = ""
    if ply is not None and is_bad(review.moves[ply - 1].mark):
        word = _title(review.moves[ply - 1], say)
    return ReviewScreen(graph, tuple(lines), word)
