"""Replays: a game's line as one animated SVG that plays wherever an ``<img>`` shows it,
and as one static picture a ply (for an animated GIF).

:func:`replay_svg` draws the board once (the looks of :mod:`zola.draw.svg`) and each
checker once, then animates them with SMIL (``<animate>`` and
``<animateTransform>``, no script): a step moves one checker, a capture moves one
and hides the one it takes, instantly, as the live board does. Every animation
loops over the same duration, one frame a ply: the start, then each move, then the
final position held a few seconds longer. The last step or capture is tinted and a
capture marked, as :func:`zola.draw.svg.render` marks them; a caption below the board
says each move (passes and swaps too, which move no checker). Without animation
(a renderer that ignores SMIL) the document shows the final frame.

Frames are countable: the root says ``data-frames`` (plies + 1) and the caption
strip holds one ``<text class="caption">`` a frame, moved into view by an
``<animateTransform>`` with one key time a frame. Times are whole milliseconds
and key times decimal strings made from integers: the same bytes on CPython and
MicroPython.

>>> game = Game(6)
>>> for text in ("c3xd3", "swap", "c4xd3"): _ = game.play(text)
>>> svg = replay_svg(game)
>>> 'data-frames="4"' in svg, svg.count('class="caption"'), "2. Blue swapped colours" in svg
(True, 4, True)
>>> len(replay_frames(game))
4
"""

from zola.draw.svg import (
    CELL,
    MARGIN,
    arrow,
    capture_mark,
    checker,
    class_letters,
    coordinate_labels,
    escape,
    render,
    square_corner,
    squares,
    tint,
)
from zola.draw.themes import LIGHT, Theme
from zola.lang.i18n import Text, say
from zola.rules.game import EMPTY_NOTE, Game
from zola.rules.geometry import Color, Square
from zola.rules.move import CAPTURE, PASS, SWAP, Move
from zola.rules.sides import BLUE, COLOR_NAMES, COLOR_WORDS, RED

HOLD_MS = 3000  # the final frame stays this much longer than a move
WIDTH = 480  # the width the document asks for (an <img> without a size shows it so)

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    # An animated value: the (frame, value) pairs where it changes, the first at frame 0.
    Changes = list[tuple[int, str]]
    # A checker's track: (frame, square) where it starts and each move puts it, then
    # (frame, None) if a capture takes it.
    Track = list[tuple[int, Square | None]]


# The replay's own words; the moves and results are the page's (zola.lang.i18n).
def replay_svg(
    game: Game,
    *,
    seconds_per_move: float = 1.0,
    flip: bool = False,
    shading: bool = False,
    coordinates: bool = True,
    theme: Theme = LIGHT,
    language: str = "en",
    notes: bool = True,
) -> str:
    """One standalone animated SVG of ``game``'s line (``game.moves`` from ``game.start``).

    Each ply shows ``seconds_per_move`` seconds (whole milliseconds), the final
    position :data:`HOLD_MS` longer, then the replay starts again. ``flip``,
    ``shading``, ``coordinates``, ``theme`` and ``language`` are as for
    :func:`zola.draw.svg.render`; ``notes`` shows the author's arrows and marked
    squares in the frames they belong to, and their comments under the caption.
    ``game`` is not changed. Raises ``ValueError`` for a pace outside 1 ms to 3600 s.
    """
    ply_ms = _milliseconds(seconds_per_move)
    line = _Line(game, language, notes)
    n = len(line.moves)
    size = game.size
    box = _Box(size, coordinates, line.commented)
    side, width, height, board_height = box.side, box.width, box.height, box.board_height
    caption_height = box.caption_height
    clock = _Clock(n, ply_ms)

    def corner(sq: Square) -> tuple[int, int]:
        return square_corner(sq, size, flip, side)

    def centre(sq: Square) -> tuple[int, int]:
        x, y = corner(sq)
        return x + CELL // 2, y + CELL // 2

    def at(sq: Square) -> str:
        x, y = corner(sq)
        return f"{x},{y}"

    def middle(sq: Square) -> str:
        x, y = centre(sq)
        return f"{x},{y}"

    final = line.positions[-1]
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {width} {height}" width="{WIDTH}" height="{_scale(height, width)}" '
        f'class="zola-replay theme-{escape(theme.name)}" data-size="{size}" '
        f'data-flipped="{int(flip)}" data-frames="{n + 1}" data-ply-ms="{ply_ms}" '
        f'data-hold-ms="{HOLD_MS}" data-start="{escape(str(game.start))}" '
        f'data-position="{escape(str(final))}" role="img">',
        f"<title>{escape(say(language, 'replay.title', size=size))}</title>",
        f"<desc>{escape(line.description())}</desc>",
    ]
    ids = []
    defs = ["<defs>"]
    for color in (RED, BLUE):
        ids.append(f"zola-{escape(theme.name)}-{COLOR_NAMES[color]}")
        defs.append(f'<g id="{ids[-1]}">{checker(color, 0, 0, theme)}</g>')
    # The caption strip's window (named by its geometry: the same name, the same window).
    clip = f"zola-captions-{width}-{board_height}-{caption_height}"
    defs.append(
        f'<clipPath id="{clip}"><rect y="{board_height}" width="{width}" '
        f'height="{caption_height}"/></clipPath></defs>'
    )
    parts += defs
    parts.append(
        f'<rect class="background" width="{width}" height="{height}" fill="{theme.background}"/>'
    )
    parts.append(squares(size, flip, side, shading, theme, hooks=False))

    # The last step or capture: its two squares tinted, a capture marked.
    last = line.last_board_moves()
    shown = _changes(["hidden" if move is None else "visible" for move in last])
    for end in (0, 1):
        where = _changes(_fill_gaps([None if move is None else at(move[end]) for move in last]))
        parts.append(_group(clock, where, shown, tint("last-move", 0, 0, theme)))
    if notes:
        for k, note in enumerate(line.notes):
            if note.highlight:
                marks = "".join(tint("highlight", *corner(sq), theme) for sq in note.highlight)
                parts.append(_group(clock, None, _only(k, n), marks, ' class="note"'))
    if shading:
        parts.append(class_letters(size, side, flip, theme))

    # The checkers: one <use> each, moved and hidden by their keyframes.
    for color, track in line.checkers():
        where = [(k, middle(sq)) for k, sq in track if sq is not None]
        shown = [(0, "visible")] + [(k, "hidden") for k, sq in track if sq is None]
        parts.append(_use(clock, ids[color], where, shown))

    captures = [None if move is None or move.kind != CAPTURE else move for move in last]
    where = _changes(_fill_gaps([None if move is None else at(move[1]) for move in captures]))
    shown = _changes(["hidden" if move is None else "visible" for move in captures])
    parts.append(_group(clock, where, shown, capture_mark(0, 0, theme)))
    if notes:
        for k, note in enumerate(line.notes):
            if note.arrows:
                arrows = "".join(
                    arrow(centre(move[0]), centre(move[1]), theme.arrow) for move in note.arrows
                )
                parts.append(_group(clock, None, _only(k, n), arrows, ' class="note"'))
    if coordinates:
        parts.append(coordinate_labels(size, side, flip, theme))

    # The caption strip: one line a frame, the current one moved into the window.
    # (No nested <svg> to clip it: Chrome gives that its own clock.)
    shifts = [(k, f"0,{-k * caption_height}") for k in range(n + 1)]
    parts.append(
        f'<g class="captions" clip-path="url(#{clip})">'
        + _caption_style(box, theme)
        + f'<g transform="translate({shifts[-1][1]})">{clock.animate("transform", shifts)}'
    )
    for k in range(n + 1):
        parts.append(_caption(box, line.captions[k], line.notes[k].comment, k * caption_height))
    parts.append("</g></g></g></svg>")
    return "".join(parts)


def replay_frames(
    game: Game,
    *,
    flip: bool = False,
    shading: bool = False,
    coordinates: bool = True,
    theme: Theme = LIGHT,
    language: str = "en",
    notes: bool = True,
) -> list[str]:
    """One static SVG document a frame of :func:`replay_svg` (``len(game.moves) + 1``).

    Each is the board as :func:`zola.draw.svg.render` draws the position after that
    many plies (the last step or capture marked, the notes of that point drawn),
    with the replay's caption below it. For an animated GIF.
    """
    line = _Line(game, language, notes)
    box = _Box(game.size, coordinates, line.commented)
    width, height = box.width, box.height
    frames = []
    last = line.last_board_moves()
    for k, position in enumerate(line.positions):
        note = line.notes[k]
        board = render(
            position,
            flip=flip,
            coordinates=coordinates,
            shading=shading,
            last_move=last[k],
            highlight=note.highlight,
            arrows=note.arrows,
            theme=theme,
            language=language,
        )
        frames.append(
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {width} {height}" data-frame="{k}">'
            f'<rect width="{width}" height="{height}" fill="{theme.background}"/>'
            + board.replace("<svg ", f'<svg width="{width}" height="{box.board_height}" ', 1)
            + _caption_style(box, theme)
            + _caption(box, line.captions[k], note.comment, 0)
            + "</g></svg>"
        )
    return frames


def durations(plies: int, seconds_per_move: float) -> list[int]:
    """How long each frame of a replay of ``plies`` moves shows, in milliseconds.

    >>> durations(2, 0.5)
    [500, 500, 3500]
    """
    ply_ms = _milliseconds(seconds_per_move)
    return [ply_ms] * plies + [ply_ms + HOLD_MS]


def _milliseconds(seconds: float) -> int:
    """``seconds`` as whole milliseconds, 1 to 3,600,000."""
    if not 0 < seconds <= 3600:
        raise ValueError("seconds per move must be more than 0 and at most 3600")
    return max(1, int(seconds * 1000 + 0.5))


def _scale(length: int, width: int) -> int:
    """``length`` in a drawing ``width`` wide, at :data:`WIDTH` wide (rounded)."""
    return (2 * WIDTH * length + width) // (2 * width)


class _Line:
    """The frames of a game's line: positions, notes, captions and the checkers' squares."""

    def __init__(self, game: Game, language: str, notes: bool) -> None:
        self.game = game
        self.language = language
        self.moves = game.moves
        nodes = [game.root] + game.line
        self.notes = [node.note if notes else EMPTY_NOTE for node in nodes]
        self.commented = any(note.comment for note in self.notes)
        position = game.start.copy()
        self.positions = [position.copy()]
        self.movers: list[Color] = []
        for move in self.moves:
            self.movers.append(position.turn)
            if move.kind != SWAP:
                position.push(move)
            self.positions.append(position.copy())
        winner = position.winner()
        self.result = "" if winner is None else self._say("result.wins", color=_color(winner))
        self.captions = [self._say("status.turn", color=_color(game.start.turn))]
        for k, move in enumerate(self.moves):
            key = {PASS: "announce.pass", SWAP: "announce.swap"}.get(move.kind, "announce.move")
            text = self._say(key, color=_color(self.movers[k]), move=str(move))
            self.captions.append(f"{k + 1}. {text}")
        if self.result:
            self.captions[-1] = (
                self.result if not self.moves else self.captions[-1] + " " + self.result
            )

    def _say(self, key: str, **args: object) -> str:
        return say(self.language, key, **args)

    def last_board_moves(self) -> "list[Move | None]":
        """Per frame, the last step or capture played up to it (``None`` before any)."""
        out: list[Move | None] = [None]
        for move in self.moves:
            out.append(move if move.from_square >= 0 else out[-1])
        return out

    def checkers(self) -> "list[tuple[Color, Track]]":
        """Per checker of the start (in square order): its colour and its track, the
        ``(frame, square)`` where it starts and each move puts it, then ``(frame, None)``
        if a capture takes it."""
        start = self.game.start
        tracks: list[tuple[Color, Track]] = []
        owner: dict[Square, int] = {}  # square -> index into tracks
        for sq in start.geo.squares:
            color = start.piece_at(sq)
            if color is not None:
                owner[sq] = len(tracks)
                tracks.append((color, [(0, sq)]))
        for k, move in enumerate(self.moves, 1):
            if move.from_square < 0:
                continue
            if move.kind == CAPTURE:
                tracks[owner.pop(move.to_square)][1].append((k, None))
            mover = owner.pop(move.from_square)
            owner[move.to_square] = mover
            tracks[mover][1].append((k, move.to_square))
        return tracks

    def description(self) -> str:
        """The ``<desc>``: where the line starts, its moves (with the comments) and the end."""
        out = []
        if not self.game.from_standard_start:
            out.append(say(self.language, "replay.from", position=str(self.game.start)))
        out.append(self.captions[0] if self.moves or not self.result else self.result)
        texts = []
        for k, move in enumerate(self.moves):
            comment = self.notes[k + 1].comment
            texts.append(f"{k + 1}. {move}" + (f" ({comment})" if comment else ""))
        if texts:
            out.append(say(self.language, "replay.moves") + " " + " ".join(texts))
            if self.result:
                out.append(self.result)
        if self.notes[0].comment:
            out.insert(0, self.notes[0].comment)
        return " ".join(out)


def _color(color: Color) -> Text:
    return COLOR_WORDS[color]


class _Clock:
    """The replay's timing: frame ``k`` starts at ``k`` moves' time, the final frame
    stays :data:`HOLD_MS` longer, then all starts again."""

    def __init__(self, plies: int, ply_ms: int) -> None:
        self.ply_ms = ply_ms
        self.total = (plies + 1) * ply_ms + HOLD_MS
        self.duration = f"{self.total // 1000}s" if self.total % 1000 == 0 else f"{self.total}ms"
        # Enough decimals that frames a move apart never share a key time.
        self.digits = 4
        while 10**self.digits * ply_ms < 20 * self.total:
            self.digits += 1

    def key_time(self, frame: int) -> str:
        """When ``frame`` starts, as a fraction of the loop: ``0``, ``0.25``, ``0.3333``..."""
        if frame == 0:
            return "0"
        scale = 10**self.digits
        units = (2 * frame * self.ply_ms * scale + self.total) // (2 * self.total)
        text = str(units)
        text = "0" * (self.digits - len(text)) + text
        return "0." + text.rstrip("0")

    def animate(self, attribute: str, changes: "Changes") -> str:
        """A looping discrete animation of ``attribute`` through ``changes``, the
        ``(frame, value)`` pairs where the value changes (the first at frame 0); ``""``
        when it never changes."""
        if len(changes) < 2:
            return ""
        keys = [self.key_time(k) for k, _ in changes]
        values = [value for _, value in changes]
        if attribute == "transform":
            head = '<animateTransform attributeName="transform" type="translate"'
        else:
            head = f'<animate attributeName="{attribute}"'
        return (
            f'{head} calcMode="discrete" dur="{self.duration}" repeatCount="indefinite" '
            f'keyTimes="{";".join(keys)}" values="{";".join(values)}"/>'
        )


def _fill_gaps(values: "list[str | None]") -> list[str]:
    """``values`` with each ``None`` replaced by the value before it (the first by the
    first value that is not ``None``; ``"0,0"`` when all are)."""
    known = [value for value in values if value is not None]
    previous = known[0] if known else "0,0"
    out = []
    for value in values:
        previous = previous if value is None else value
        out.append(previous)
    return out


def _changes(values: list[str]) -> "Changes":
    """The ``(frame, value)`` pairs where a value a frame changes (the first at frame 0)."""
    out: Changes = []
    for k, value in enumerate(values):
        if not out or value != out[-1][1]:
            out.append((k, value))
    return out


def _only(frame: int, plies: int) -> "Changes":
    """The ``visibility`` changes of what shows in ``frame`` only."""
    out = [(0, "hidden")] if frame else []
    out.append((frame, "visible"))
    if frame < plies:
        out.append((frame + 1, "hidden"))
    return out


def _group(
    clock: _Clock, where: "Changes | None", shown: "Changes", content: str, attributes: str = ""
) -> str:
    """``content`` in a group placed by ``where`` (``(frame, "x,y")`` changes, or ``None``)
    and shown by ``shown`` (``(frame, visibility)`` changes); its own attributes are the
    final frame's."""
    head = "<g" + attributes
    animations = ""
    if where is not None:
        head += f' transform="translate({where[-1][1]})"'
        animations += clock.animate("transform", where)
    head += f' visibility="{shown[-1][1]}"'
    animations += clock.animate("visibility", shown)
    return f"{head}>{animations}{content}</g>"


def _use(clock: _Clock, checker: str, where: "Changes", shown: "Changes") -> str:
    """One checker: the drawing ``#checker`` placed by ``where`` and shown by ``shown``
    (``(frame, value)`` changes), the final frame's place and visibility its own."""
    head = f'<use xlink:href="#{checker}" transform="translate({where[-1][1]})"'
    if shown[-1][1] == "hidden":
        head += ' visibility="hidden"'
    animations = clock.animate("transform", where) + clock.animate("visibility", shown)
    return f"{head}>{animations}</use>" if animations else head + "/>"


class _Box:
    """Where things go: the board (coordinates included) and the caption under it, whose
    type grows with the board (about 16 pixels at the 480 pixels wide a replay asks for)."""

    def __init__(self, size: int, coordinates: bool, commented: bool) -> None:
        self.side = MARGIN if coordinates else 0
        self.width = self.board_height = size * CELL + self.side
        self.font = 24 + 4 * (size - 6)
        self.line = 2 * self.font  # the move line
        self.small = self.font * 3 // 4  # the comment's type
        self.caption_height = self.line + (2 * self.small if commented else 0)
        self.height = self.board_height + self.caption_height


def _caption_style(box: _Box, theme: Theme) -> str:
    """The group the captions are in: centred under the board, in the coordinates' colour."""
    return (
        f'<g transform="translate({box.width // 2},{box.board_height})" '
        f'font-family="sans-serif" font-size="{box.font}" fill="{theme.coordinates}" '
        'text-anchor="middle">'
    )


def _caption(box: _Box, text: str, comment: str, top: int) -> str:
    """A frame's caption lines from ``top`` down: the move (in smaller type when long) and
    the comment (cut to the width, in smaller italic type)."""
    room = box.width - 24
    squeeze = ""
    if len(text) * box.font * 11 // 20 > room:  # about 0.55 em a character: too long
        squeeze = f' font-size="{room * 20 // (len(text) * 11)}"'
    out = f'<text class="caption" y="{top + box.font * 13 // 10}"{squeeze}>{escape(text)}</text>'
    if comment:
        fits = room * 20 // (box.small * 11)
        if len(comment) > fits:
            comment = comment[: fits - 1].rstrip() + "…"
        out += (
            f'<text class="comment" y="{top + box.line + box.small}" font-size="{box.small}" '
            f'font-style="italic">{escape(comment)}</text>'
        )
    return out
