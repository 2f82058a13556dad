"""Every string a person reads: English here, the other languages from gettext's .po files.

English is the source, as gettext keeps it in the code: :data:`ENGLISH` maps each
message's key to its text, or, for a message that counts something (its argument
``count``), to its singular and plural. Translators work in ``zola/lang/locale/XX.po``, one
file per language (msgctxt: the key); ``scripts/build`` compiles each into
``zola/lang/XX.py``, a plain table imported the first time its language is asked for,
so English costs nothing more. A message a language lacks is said in English.

A :class:`Text` is a message kept as its key and arguments, so the page can
say it in any language; ``str()`` gives the English. Arguments that are
themselves ``Text`` are translated too.

>>> reason = Text("reason.blocked", square="c3")
>>> reason == "the path is blocked at c3", say("de", reason)
(True, 'der Weg ist bei c3 versperrt')
>>> say("fr", "status.turn", color=Text("color.blue"))
'Au tour de Bleu.'
>>> [say(language, "count.moves", count=n) for language in ("en", "fr") for n in (0, 1, 2)]
['0 moves', '1 move', '2 moves', '0 coup', '1 coup', '2 coups']
"""

TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from collections.abc import Callable

    Messages = dict[str, str | tuple[str, ...]]

LANGUAGES = ("en", "de", "es", "fr", "it", "nl")

# The plural rules the .po files' headers may name (``plural=...``), by formula: which
# form a count takes (0: the singular). scripts/translations.py refuses any other.
PLURAL_RULES: "dict[str, Callable[[int], int]]" = {
    "(n != 1)": lambda n: 0 if n == 1 else 1,
    "(n > 1)": lambda n: 1 if n > 1 else 0,
}

ENGLISH: "Messages" = {
    # The page
    "page.credit": "a game by Mark Steere",
    "page.rule_sheet": "rule sheet",
    "page.rules_page": "how to play",
    "page.loading": "Loading the game…",
    "page.starting": "Starting Python in your browser…",
    "page.pie": "Pie rule: Blue may take over Red's position by swapping colours.",
    "page.swap": "Swap colours",
    "page.keep": "Keep Blue",
    "page.board": "Board",
    "page.new": "New game",
    "page.first": "Go to the start",
    "page.undo": "Undo",
    "page.redo": "Redo",
    "page.last": "Go to the end",
    "page.flip": "Flip board",
    "page.shading": "Distance shading",
    "page.copy": "Copy link",
    "page.copy_position": "Copy position only",
    "page.copy_position_title": "A link to this position, without the moves that led to it",
    "page.moves": "Moves",
    "page.app_link": "Open in the full app ↗",
    "page.language": "Language",
    "page.foot": "Zola, a game by Mark Steere. Capture all enemy checkers to win: steps move "
    "away from the centre, captures keep or reduce the distance.",
    "page.read_rules": "Read the rule sheet",
    "page.board_label": "Zola board, {size} by {size}",
    # Words
    "color.red": "Red",
    "color.blue": "Blue",
    "player.you": "you",
    "player.computer": "computer",
    "notice.swapped": "Colours swapped: the players exchange sides.",
    "square.empty": "{square}, empty",
    "square.red": "{square}, red checker",
    "square.blue": "{square}, blue checker",
    # Status and notices
    "status.turn": "{color} to move.",
    "status.editing": "Setting up a position: {color} to move.",
    "status.turn_player": "{color} to move ({player}).",
    "status.win": "{color} wins ({player}).",
    "players.you": "You",
    "players.computer": "Computer · {level}",
    "result.wins": "{color} wins.",
    "result.you_win": "You win!",
    "result.computer_wins": "The computer wins.",
    "result.captured": "{color} has no checkers left, after {moves}.",
    "notice.game_over": "The game is over: {result} Start a new game to play again.",
    "notice.static": "This board is for viewing only.",
    "notice.no_moves": "The checker on {square} has no legal move.",
    "notice.select_first": "Select one of {color}'s checkers first.",
    "notice.not_yours": "Not your checker: {color} is to move.",
    "notice.illegal": "{move} is not legal: {reason}.",
    "notice.pass": "{color} has no legal move and passes.",
    "notice.bad_link": "This link holds no valid game ({detail}). A new game was started.",
    "notice.copy_done": "Link copied to the clipboard.",
    "notice.copy_position_done": "Position link copied to the clipboard.",
    "notice.copy_embed_done": "Embed code copied to the clipboard: paste it into a web page.",
    "page.copy_embed": "Copy embed code",
    "page.download_svg": "Download SVG",
    "page.download_png": "Download PNG",
    "notice.copy_this": "The browser did not let the page copy; copy this: {url}",
    "announce.move": "{color} played {move}.",
    "announce.pass": "{color} passed.",
    "announce.swap": "{color} swapped colours: the players exchange sides.",
    "announce.selected": "{square} selected; it can move to {targets}.",
    "page.getting_ready": "The computer is getting ready…",
    "page.recent": "Recent games",
    "recent.label": "{size}×{size} · {players} · {moves}",
    "count.moves": ("{count} move", "{count} moves"),
    "players.humans": "two players",
    "players.computer-second": "you against the computer",
    "players.computer-first": "the computer against you",
    "players.computers": "computer against computer",
    "notice.unreadable": "That saved game could not be read; it was kept aside in this "
    "browser.",
    "notice.kept_aside": "Saved data (a game or the puzzle record) could not be read; it was "
    "kept aside in this browser.",
    "notice.file_differs": "The app could not be saved for offline play: the server sends "
    "{file} with other contents than expected. This page may be an older version; if this "
    "lasts, tell the site's owner.",
    "notice.too_long": "Not done: the game's link would be longer than {limit} characters, "
    "the most a link can carry. Shorten a comment or delete a variation.",
    "notice.too_deep": "Not done: variations can nest at most {limit} deep in a link.",
    "reason.no_move": "the answer is not a move",
    "notice.arrow_from": "Arrow from {square}: move to its end and press A again "
    "(Esc: no arrow).",
    "page.promote": "Make main line",
    "page.analysis": "Analysis",
    "page.review": "Review game",
    "page.stop_review": "Stop the review",
    "page.reviewing": "Reviewing the game… {done}/{total}",
    "page.best_line": "Best line",
    "notice.reviewed": "Review done: marks in the move list, the graph below the board.",
    "analysis.eval": "Red {chance}% ({score})",
    "analysis.mate": "{color} wins in {plies}",
    "analysis.depth": "depth {depth}",
    "review.title.inaccuracy": "Inaccuracy (−{loss}%): {better} was better",
    "review.title.mistake": "Mistake (−{loss}%): {better} was better",
    "review.title.blunder": "Blunder (−{loss}%): {better} was better",
    "review.summary": "{player}: {inaccuracies}, {mistakes}, {blunders}; average loss {loss}%",
    "count.inaccuracies": ("{count} inaccuracy", "{count} inaccuracies"),
    "count.mistakes": ("{count} mistake", "{count} mistakes"),
    "count.blunders": ("{count} blunder", "{count} blunders"),
    "page.eval_label": "Red's chance to win",
    # The review's graph (zola.draw.graph): its label, and each move's title
    "graph.label": "Red's win chance over the game",
    "graph.move": "Move {number}, {move}: Red {chance}%, {verdict}",
    "graph.move_unnamed": "Move {number}: Red {chance}%, {verdict}",
    "graph.mark.best": "best",
    "graph.mark.good": "good",
    "graph.mark.forced": "forced",
    "graph.mark.inaccuracy": "inaccuracy (better {better})",
    "graph.mark.mistake": "mistake (better {better})",
    "graph.mark.blunder": "blunder (better {better})",
    # A number with decimals (see decimal()): the whole part, the language's decimal
    # separator, the decimals.
    "number.decimal": "{whole}.{fraction}",
    "review.player.you": "You ({color})",
    "review.player.computer": "The computer ({color})",
    "replay.title": "Zola game replay: {size}x{size} board",
    "replay.from": "From the position {position}.",
    "replay.moves": "Moves:",
    "page.download_replay": "Download replay",
    "page.motion": "Animate moves",
    "page.sound": "Sounds",
    "page.scheme": "Colours",
    "scheme.auto": "As the system",
    "scheme.light": "Light",
    "scheme.dark": "Dark",
    "page.palette": "Board colours",
    "palette.classic": "Classic",
    "palette.slate": "Slate",
    "palette.contrast": "High contrast",
    "group.game": "Game",
    "group.settings": "Settings",
    "page.tools": "Tools",
    "page.players": "Players",
    "page.menus": "Menus",
    "page.rematch": "Rematch",
    "page.type_move": "Type a move",
    "page.type_move_example": "Type a move: c3xd3, c3-b2",
    "notice.not_now": "{move} is not a move to type: passes are played for you, and swap "
    "only when it is offered.",
    "page.close": "Close",
    "group.share": "Share and export",
    "editor.empty": "The board is empty: place checkers of both colours.",
    "editor.no_checkers.red": "Red has no checkers: the game would be over. Place a red "
    "checker.",
    "editor.no_checkers.blue": "Blue has no checkers: the game would be over. Place a blue "
    "checker.",
    "page.edit": "Edit position",
    "page.edit_play": "Play from here",
    "page.edit_cancel": "Back to the game",
    "page.edit_clear": "Clear board",
    "page.edit_standard": "Standard setup",
    "page.edit_tool": "Put",
    "page.edit_turn": "To move",
    "page.edit_text": "Position text",
    "page.edit_help": "Click a square to put the chosen checker there (again to remove it), "
    "drag a checker to move it; on the board, R, B and X put red, blue or nothing under "
    "the cursor.",
    "tool.red": "Red checker",
    "tool.blue": "Blue checker",
    "tool.empty": "Remove",
    "page.delete": "Delete from here",
    "page.notes": "Notes",
    "page.comment": "Comment on this position",
    "page.clean": "Hide notes",
    "page.clear_notes": "Clear the notes here",
    "page.notes_touch_help": "Touch and hold a square to mark it; hold, then slide to "
    "another square to draw an arrow.",
    "page.notes_help": "Right-click a square to mark it, right-drag to draw an arrow; on the "
    "board, H marks the square under the cursor and A starts or ends an arrow.",
    "reason.timeout": "no answer in time",
    "page.mode": "Opponent",
    "mode.humans": "Two players on this device",
    "mode.computer-second": "The computer (you play first)",
    "mode.computer-first": "The computer (it plays first)",
    "mode.computers": "Computer against computer",
    "page.level": "Level",
    "level.beginner": "Beginner",
    "level.casual": "Casual",
    "level.strong": "Strong",
    "level.max": "Max",
    "page.hint": "Hint",
    "page.thinking": "The computer is thinking…",
    "page.retry": "Retry",
    "notice.computer_turn": "It is the computer's turn.",
    "notice.hint": "Hint: {move}.",
    "notice.computer_failed": "The computer did not answer ({detail}). Retry, or play on "
    "with another opponent.",
    # Why a move is illegal
    "reason.game_over": "the game is over",
    "reason.swap": "swap is only possible for Blue's first turn of a game from the start",
    "reason.pass": "you may pass only when no other move is possible",
    "reason.off_board": "that square is off the {size}x{size} board",
    "reason.no_checker": "there is no checker on {square}",
    "reason.not_yours.red": "not your checker: Red is to move",
    "reason.not_yours.blue": "not your checker: Blue is to move",
    "reason.step_adjacent": "a step goes to an adjacent square",
    "reason.step_empty": "a step must go to an empty square",
    "reason.step_outward": "a step must move farther from the centre",
    "reason.capture_line": "a capture moves along a row, column or diagonal",
    "reason.blocked": "the path is blocked at {square}",
    "reason.capture_enemy": "a capture must end on an enemy checker",
    "reason.capture_own": "cannot capture your own checker",
    "reason.capture_inward": "a capture may not move away from the centre",
    # What is wrong with a square, a move, a position or a link (an error's text)
    "error.verbatim": "{text}",
    "error.square": "bad square {square}: expected a file a-j and a rank 1-10, like 'c3'",
    "error.off_board": "square {square} is off the {size}x{size} board",
    "error.size": "board size must be 6, 8 or 10, not {value}",
    "error.move": "bad move {move}: {why}",
    "error.move_long": "too long for a move",
    "error.move_same": "it must change squares",
    "error.move_form": "expected 'c3-d4', 'c3xe5', 'pass' or 'swap'",
    "error.arrow": "an arrow needs two squares, not {text}",
    "error.illegal": "{move} is not legal: {reason}",
    "error.squares": "checkers must be on the board, one per square",
    "error.no_checkers": "the board has no checkers",
    "error.position": "bad position {position}: {why}",
    "error.too_long": "too long ({length} characters)",
    "error.link_long": "longer than {limit} characters",
    "error.position_fields": "expected the ranks, one space, then 'r' or 'b' for the side "
    "to move",
    "error.position_side": "side to move must be 'r' or 'b', not {side}",
    "error.position_ranks": "expected 6, 8 or 10 ranks, found {count}",
    "error.position_zero": "rank {rank} has the empty run {run}",
    "error.position_token": "unexpected {token} in rank {rank}; use r, b or a number",
    "error.position_width": (
        "rank {rank} has {count} square, not {size}",
        "rank {rank} has {count} squares, not {size}",
    ),
    "error.link": "bad game link: {detail}",
    "error.not_text": "it must be text",
    "error.escape": "'%{code}' is not a percent-escape",
    "error.escape_ascii": "'%{code}' is not an ASCII character",
    "error.version": "it must start with {first} or {second}",
    "error.version_position": "it must start with {first} or {second}; position text goes in a "
    "link as {example}",
    "error.field": "unexpected field {field}",
    "error.ply": "ply must be 0 to {count}",
    "error.ply_none": "ply must be 0: the game has no moves",
    "error.at": "at must be 0 to {count}",
    "error.origin": "origin must be like https://example.org",
    "error.puzzle_id": "a puzzle id is a board size, '-' and six letters or digits, like "
    "6-t5mhvr, not {id}",
    "error.start": "start: {detail}",
    "error.start_size": "size does not match the start position",
    "error.at_move": "move {number}: {detail}",
    "error.repeated": "move {number} repeats another line",
    "error.variation": "a variation must follow a move",
    "error.nested": "variations nested too deeply",
    "error.bracket": "a ')' without its variation",
    "error.dot": "a '.' without a move before it",
    "error.no_dot": "{token} must follow a '.'",
    "error.moves_end": "the moves end inside a variation or after a '.'",
    "error.notes_entry": "notes: bad entry {entry}",
    "error.notes": "notes {number}: {detail}",
    "error.notes_part": "unknown part {part}",
    "error.notes_twice": "notes {number} given twice",
    "error.comment_char": "{char} in a comment; write '~' and its hex code",
    "error.comment_utf8": "a comment that is not UTF-8",
    "error.comment_long": "a comment longer than {limit} characters",
    "error.comment_xml": "a comment may not hold the character {char} (XML cannot carry it)",
    "error.review": "bad review: {detail}",
    "error.review_number": "{what} must be a number {low} to 100",
    "error.review_start": "start chance",
    "error.review_chance": "chance",
    "error.review_loss": "loss",
    "error.review_count": (
        "{count} move for a game of {plies}",
        "{count} moves for a game of {plies}",
    ),
    "error.review_forced": "a forced move loses nothing",
    "error.review_mark.inaccuracy": "a inaccuracy loses something",
    "error.review_mark.mistake": "a mistake loses something",
    "error.review_mark.blunder": "a blunder loses something",
    "error.review_unexpected": "unexpected {text}",
    # A live board on another site's page (zola.page.live)
    "live.label": "Zola game",
    "live.back": "Back one move",
    "live.forward": "Forward one move",
    "live.reset": "Reset",
    "live.reset_title": "Back to the game as it was written (your moves are dropped)",
    "live.bad_link": "This board cannot be shown: {detail}.",
    # Puzzles (zola.page.training, the page's puzzle mode)
    "page.puzzles": "Puzzles",
    "page.puzzle_next": "Next puzzle",
    "page.puzzle_daily": "Daily puzzle",
    "page.puzzle_hint": "Hint",
    "page.puzzle_retry": "Try again",
    "page.puzzle_solution": "Show solution",
    "page.puzzle_solution_title": "Play the solution's next move",
    "page.puzzle_leave": "Back to playing",
    "page.puzzle_size": "Puzzle board",
    "page.puzzle_streak": "Puzzle streak",
    "page.puzzle_streak_title": "Solve puzzles in a row, each as hard as the last or harder, "
    "until the first wrong move. Streak puzzles leave your rating as it is.",
    "page.puzzle_new_streak": "Start a new streak",
    "page.puzzle_continue": "Next streak puzzle",
    "page.puzzle_stop": "Stop the streak",
    "page.puzzle_history": "Recent puzzles",
    "puzzle.task": (
        "{color} to move and win in {count} move.",
        "{color} to move and win in {count} moves.",
    ),
    "puzzle.heading": "Puzzle {id}, rated {rating}",
    "puzzle.daily_heading": "Daily puzzle, {date}: rated {rating}",
    "puzzle.record": "Your puzzle rating: {rating}. Solved {solved}, failed {failed}; "
    "{streak} in a row (best {best}).",
    "puzzle.record_streak": "Best puzzle streak: {best}.",
    "puzzle.right": "Good move. The answer: {move}. Go on.",
    "puzzle.solved": "Solved! Every enemy checker is captured.",
    "puzzle.change": "This puzzle: {change}.",
    "puzzle.done": "That is the solution: every enemy checker is captured.",
    "puzzle.wrong": "Not {move}: {color} answers {reply} and holds out. Try again, or "
    "see the solution.",
    "puzzle.wrong_plain": "{move} does not win in time. Try again, or see the solution.",
    "puzzle.press_retry": "Press Try again to take the wrong move back.",
    "puzzle.over": "This puzzle is over: on to the next one.",
    "puzzle.hinted": "Hint: the checker on {square} moves.",
    "puzzle.showing": "The solution goes on with {move}.",
    "puzzle.loading": "Loading the puzzles…",
    "puzzle.missing": "There is no puzzle {id}: here is another one.",
    "puzzle.unavailable": "The puzzles could not be loaded: {detail}.",
    "puzzle.none": "There are no puzzles for the {size}x{size} board.",
    "puzzle.streak_on": (
        "Puzzle streak: {count} puzzle solved in a row (best {best}). No hints: the first "
        "wrong move ends it.",
        "Puzzle streak: {count} puzzles solved in a row (best {best}). No hints: the first "
        "wrong move ends it.",
    ),
    "puzzle.streak_over": (
        "Streak over: {count} puzzle solved in a row. Your best streak: {best}.",
        "Streak over: {count} puzzles solved in a row. Your best streak: {best}.",
    ),
    "puzzle.streak_record": (
        "Streak over: {count} puzzle solved in a row, your best streak yet!",
        "Streak over: {count} puzzles solved in a row, your best streak yet!",
    ),
    "puzzle.streak_solved": (
        "Solved! Your streak: {count} puzzle.",
        "Solved! Your streak: {count} puzzles.",
    ),
    "puzzle.tried_solved": "Puzzle {id}, rated {rating}: solved",
    "puzzle.tried_failed": "Puzzle {id}, rated {rating}: not solved",
    "page.learn": "Learn from your mistakes",
    "page.lesson_show": "Show the best move",
    "page.lesson_next": "Next mistake",
    "lesson.heading": "Learn from your mistakes: {number} of {count}",
    "lesson.context": "Move {number}: {color} played {move} here (−{loss}%).",
    "lesson.task": "Find a better move for {color}.",
    "lesson.checking": "Checking {move}…",
    "lesson.best": "Well found: {move} is the best move.",
    "lesson.found": "Well found: {move} is as good as the best move, {better}.",
    "lesson.wins": "Well found: {move} wins the game.",
    "lesson.played": "{move} is the move played in the game: it loses {loss}%. Try again.",
    "lesson.wrong": "{move} loses {loss}%: there is better. Try again.",
    "lesson.unchecked": "{move} could not be checked: try a move again.",
    "lesson.shown": "The best move: {move}.",
    "lesson.over": "Go on to the next mistake, or back to the game.",
    "lesson.last": "That was the last one.",
}


# Each language's messages and plural rule, once asked for (see messages()).
_LOADED: "dict[str, tuple[Messages, Callable[[int], int]]]" = {
    "en": (ENGLISH, PLURAL_RULES["(n != 1)"])
}


def messages(language: str) -> "tuple[Messages, Callable[[int], int]]":
    """The messages of ``language`` and its plural rule (English's for a language not in
    :data:`LANGUAGES`); its table, ``zola/lang/XX.py``, is imported the first time.

    >>> table, plural = messages("fr")
    >>> table["page.new"], [plural(n) for n in (0, 1, 2)]
    ('Nouvelle partie', [0, 0, 1])
    """
    if language not in _LOADED:
        if language not in LANGUAGES:
            return _LOADED["en"]
        module = __import__("zola.lang." + language, None, None, ("STRINGS",))
        _LOADED[language] = (module.STRINGS, PLURAL_RULES[module.PLURAL])
    return _LOADED[language]


class Text:
    """A message for a person: a key of :data:`ENGLISH` and its arguments.

    ``str(text)`` is the English; :func:`say` says it in another language.
    It equals the plain string of its English, so tests and callers may
    compare it with text.
    """

    __slots__ = ("key", "args")

    def __init__(self, key: str, **args: object) -> None:
        self.key = key
        self.args = args

    def __str__(self) -> str:
        return say("en", self)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (str, Text)) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def say(language: str, key: str | Text, **args: object) -> str:
    """The string ``key`` in ``language`` (English where it has none), filled in with ``args``.

    A ``Text`` carries its own key and arguments. A message that counts takes the form
    its language's plural rule gives its integer ``count``. A translation that cannot be
    filled in (its blanks are not the English's: scripts/build refuses such a table) is
    said in English.

    >>> say("en", "count.moves", count=1), say("nl", "count.moves", count=3)
    ('1 move', '3 zetten')
    """
    if isinstance(key, Text):
        args = key.args
        key = key.key
    strings, plural = messages(language)
    if key not in strings:
        strings, plural = _LOADED["en"]
    template = strings[key]
    if not isinstance(template, str):
        count = args.get("count")
        if not isinstance(count, int):
            raise TypeError(f"{key} needs an integer count, not {count!r}")
        template = template[min(plural(count), len(template) - 1)]
    values = {}
    for name in args:
        value = args[name]
        values[name] = say(language, value) if isinstance(value, Text) else value
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a table whose blanks are not the English's
        if language == "en":
            raise
        return say("en", key, **args)


def decimal(value: int, digits: int, *, signed: bool = False) -> Text:
    """A number with ``digits`` decimals, ``value`` being it times ``10 ** digits`` (an
    integer: the same digits on every Python), as its :class:`Text`: each language writes
    its own decimal separator (the message ``number.decimal``). ``signed``: a ``+`` before a
    number above zero. Every number with decimals the page shows is written by this.

    >>> say("en", decimal(23, 1)), say("de", decimal(23, 1)), say("fr", decimal(-40, 2))
    ('2.3', '2,3', '-0,40')
    >>> str(decimal(150, 2, signed=True)), str(decimal(0, 2, signed=True))
    ('+1.50', '0.00')
    """
    if digits < 1:
        raise ValueError("a decimal needs at least one digit after the separator")
    scale = 10**digits
    size = -value if value < 0 else value
    sign = "-" if value < 0 else "+" if signed and value > 0 else ""
    fraction = str(size % scale)
    fraction = "0" * (digits - len(fraction)) + fraction
    return Text("number.decimal", whole=sign + str(size // scale), fraction=fraction)


def number(language: str, value: int, digits: int, *, signed: bool = False) -> str:
    """:func:`decimal` said in ``language``.

    >>> number("en", 9, 1), number("de", 9, 1), number("nl", 125, 2, signed=True)
    ('0.9', '0,9', '+1,25')
    """
    return say(language, decimal(value, digits, signed=signed))


def pick_language(preferred: list[str]) -> str:
    """The first supported language among a browser's preferences, else English.

    >>> pick_language(["pt-BR", "fr-CA", "de-AT"]), pick_language(["zh"])
    ('fr', 'en')
    """
    for tag in preferred:
        language = str(tag).split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return "en"
