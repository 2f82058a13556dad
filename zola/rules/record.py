"""The game record in the URL fragment: versioned, URL-safe and readable.

Fields are separated by ``;``. Version ``v1`` is a single line of moves:
``size=N``, an optional ``start=`` position (its space written as ``_``),
``moves=`` in move text joined by ``.``, and ``ply=`` when the viewed ply is
not the last one.

>>> game = Game(6)
>>> for text in ("c3xd3", "swap", "c4xd3"):
...     _ = game.play(text)
>>> encode(game)
'v1;size=6;moves=c3xd3.swap.c4xd3'
>>> game.undo(); encode(game)
Move.parse('c4xd3')
'v1;size=6;moves=c3xd3.swap.c4xd3;ply=2'
>>> decode("v1;size=6;moves=c3xd3.swap.c4xd3;ply=2").position == game.position
True

Version ``v2`` carries the whole tree: a variation follows the move it
replaces, in brackets (``c4xd3(e4xd3.d4xe4)``); ``at=K`` names the move being
looked at (moves are counted in the order they are written; 0 is the start,
and without ``at=`` it is the end of the main line); ``notes=`` holds an
author's arrows, highlighted squares and comments (see :func:`write_notes`);
``review=`` a review of the main line (see :func:`zola.rules.review.review_text`).
A game without variations, notes or review is written as ``v1``.

>>> game.play("e4xd3"); encode(game)
Move.parse('e4xd3')
'v2;size=6;moves=c3xd3.swap.c4xd3(e4xd3);at=4'
"""

from zola.compat import quoted
from zola.lang.i18n import Text
from zola.rules.errors import InvalidOptionError, InvalidRecordError, ZolaError
from zola.rules.game import EMPTY_NOTE, Game, Node, Note, Visitor, parse_arrow
from zola.rules.geometry import is_number, parse_size, parse_square, square_name
from zola.rules.move import move_texts
from zola.rules.position import Position
from zola.rules.review import parse_review, review_text

VERSION = "v1"
TREE_VERSION = "v2"
MAX_LENGTH = 8000
LINK_PREFIX = MAX_LENGTH + 1  # the most of an address the page hands to Python: enough to
# tell a longer link too long, however long it is
MAX_NESTING = 40  # variations within variations
MAX_COMMENT = 280  # characters
_FIELDS = {
    "v1": ("size", "start", "moves", "ply"),
    "v2": ("size", "start", "moves", "at", "notes", "review"),
}
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def encode(game: Game) -> str:
    """The record of ``game``: its moves (variations too), notes and the move looked at."""
    line = game.root.main_line()
    tree = game.branches(line)
    nodes = game.nodes() if tree else line
    notes = [node for node in [game.root] + nodes if node.note != EMPTY_NOTE]
    review = game.current_review()
    fields = [TREE_VERSION if tree or notes or review else VERSION, f"size={game.size}"]
    if not game.from_standard_start:
        fields.append("start=" + _start_text(game.start))
    if nodes:
        fields.append("moves=" + (write_tree(game) if tree else ".".join(move_texts(game.moves))))
    if fields[0] == VERSION:
        if game.ply != len(game.line):
            fields.append(f"ply={game.ply}")
        return ";".join(fields)
    main_end = line[-1] if line else game.root
    if game.node is not main_end:
        fields.append(f"at={_number(game, game.node)}")
    if notes:
        fields.append("notes=" + write_notes(game))
    if review is not None:
        fields.append("review=" + review_text(review))
    return ";".join(fields)


def decode(text: str) -> Game:
    """Rebuild the game of a record; raise :class:`InvalidRecordError` for any bad input.

    A leading ``#`` and percent-escapes (decoded once) are accepted. Every
    move is replayed and checked, so the result is always a legal game.

    >>> decode("v1;size=7")
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad game link: board size must be 6, 8 or 10, not '7'
    """
    return read(fields(text))


def overflow(fragment: str) -> str:
    """Why :func:`decode` would refuse ``fragment`` for its size: ``"long"`` (over
    :data:`MAX_LENGTH` characters) or ``"deep"`` (variations nested over
    :data:`MAX_NESTING` deep); ``""`` when it fits. The page checks what it writes.

    >>> overflow("v2;size=6;moves=c3xd3(c4xd4)"), overflow("v1;" + "x" * MAX_LENGTH)
    ('', 'long')
    """
    if len(fragment) > MAX_LENGTH:
        return "long"
    if fragment.count("(") > MAX_NESTING:  # else it cannot nest deeper
        depth = 0
        for char in fragment:
            if char == "(":
                depth += 1
                if depth > MAX_NESTING:
                    return "deep"
            elif char == ")":
                depth -= 1
    return ""


def fields(text: str) -> list[str]:
    """The ``;``-separated fields of a fragment, ``#`` removed and percent-escapes decoded once.

    >>> fields("#v1;size=6%3Bembed")
    ['v1', 'size=6', 'embed']
    >>> fields("v1%253B")
    ['v1%3B']
    """
    if not isinstance(text, str):
        raise bad_link("error.not_text")
    if len(text) > MAX_LENGTH:
        raise bad_link("error.link_long", limit=MAX_LENGTH)
    if text.startswith("#"):
        text = text[1:]
    return unquote(text).split(";")


def unquote(text: str) -> str:
    """``text`` with each ``%XX`` escape of an ASCII character decoded, once.

    >>> unquote("a%20b%3c")
    'a b<'
    >>> unquote("%E2%82%AC")
    Traceback (most recent call last):
    ...
    zola.InvalidRecordError: bad game link: '%E2' is not an ASCII character
    """
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        code = part[:2]
        if len(code) < 2 or not all(c in "0123456789abcdefABCDEF" for c in code):
            raise bad_link("error.escape", code=code)
        if int(code, 16) >= 0x80:
            raise bad_link("error.escape_ascii", code=code)
        out.append(chr(int(code, 16)) + part[2:])
    return "".join(out)


def read(record: list[str]) -> Game:
    """The game of a record's fields (see :func:`fields`), checked move by move."""
    version = record[0] if record else ""
    if version not in _FIELDS:
        versions = {"first": repr(VERSION), "second": repr(TREE_VERSION)}
        position = _position_text(version)
        if position is not None:  # how to write it as a link
            example = f"{TREE_VERSION};size={position.size};start={_start_text(position)}"
            raise bad_link("error.version_position", example=repr(example), **versions)
        raise bad_link("error.version", **versions)
    values: dict[str, str] = {}
    for field in record[1:]:
        key, sep, value = field.partition("=")
        if not sep or key not in _FIELDS[version] or key in values:
            raise bad_link("error.field", field=quoted(field[:40]))
        values[key] = value
    size, start = _start(values)
    game = Game(size, start)
    if version == VERSION:
        _read_line(game, values.get("moves", ""))
        ply = values.get("ply", str(len(game.line)))
        if not (is_number(ply) and len(ply) <= 5 and int(ply) <= len(game.line)):
            if not game.line:
                raise bad_link("error.ply_none")
            raise bad_link("error.ply", count=len(game.line))
        game.go_to(int(ply))
        return game
    read_tree(game, values.get("moves", ""))
    nodes = game.nodes()
    if "notes" in values:
        read_notes(game, values["notes"], nodes)
    if "review" in values:
        game.reviewed = game.main_moves()
        game.review = parse_review(values["review"], plies=len(game.reviewed))
    at = values.get("at")
    if at is None:
        game.go_to_node(game.root)
        game.go_to(len(game.line))
    elif is_number(at) and len(at) <= 5 and int(at) <= len(nodes):
        game.go_to_node(nodes[int(at) - 1] if int(at) else game.root)
    else:
        raise bad_link("error.at", count=len(nodes))
    return game


def _read_line(game: Game, moves: str) -> None:
    try:
        game.extend(moves.split(".") if moves else [])
    except ZolaError as error:  # the line holds the moves before the bad one
        raise bad_link("error.at_move", number=len(game.line) + 1, detail=error.text) from None


def _play(game: Game, text: str, number: int) -> None:
    try:
        game.play(text)
    except ZolaError as error:
        raise bad_link("error.at_move", number=number, detail=error.text) from None


def write_tree(game: Game) -> str:
    """The ``moves=`` text of the whole tree: each variation in brackets after the move
    it replaces."""
    writer = _TreeWriter()
    game.accept(writer)
    return "".join(writer.out)


class _TreeWriter(Visitor):
    """Writes the moves of a line joined by ``.``, a variation in brackets."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.first = True  # the next move starts a line: no '.' before it

    def visit_move(self, node: Node, ply: int) -> None:
        if not self.first:
            self.out.append(".")
        self.out.append(str(node.move))
        self.first = False

    def begin_variation(self, node: Node) -> None:
        self.out.append("(")
        self.first = True

    def end_variation(self, node: Node) -> None:
        self.out.append(")")


def read_tree(game: Game, text: str) -> None:
    """Play the moves of a ``moves=`` tree text into ``game`` (from its start)."""
    if not text:
        return
    tokens: list[str] = []
    word = ""
    for char in text:
        if char in ".()":
            tokens += [word, char] if word else [char]
            word = ""
        else:
            word += char
    if word:
        tokens.append(word)
    returns: list[Node] = []  # for each open bracket, the move the variation replaces
    last: Node | None = None  # the move just written on the current line
    expect_move = True
    number = 0
    for token in tokens:
        if token == "(":
            if last is None or last.parent is None or expect_move:  # (a move has a parent)
                raise bad_link("error.variation")
            if len(returns) >= MAX_NESTING:
                raise bad_link("error.nested")
            returns.append(last)
            game.go_to_node(last.parent)
            last = None
            expect_move = True
        elif token == ")":
            if not returns or expect_move:
                raise bad_link("error.bracket")
            last = returns.pop()
        elif token == ".":
            if last is None or expect_move:  # (last is None only while a move is expected)
                raise bad_link("error.dot")
            game.go_to_node(last)
            expect_move = True
        else:
            if not expect_move:
                raise bad_link("error.no_dot", token=quoted(token[:12]))
            number += 1
            here = game.node
            before = len(here.children)
            _play(game, token, number)
            if len(here.children) == before:
                raise bad_link("error.repeated", number=number)
            last = game.node
            expect_move = False
    if returns or expect_move:
        raise bad_link("error.moves_end")


def write_notes(game: Game) -> str:
    """The ``notes=`` text: per annotated move, its number (0: the start), ``:``, then
    ``a`` + an arrow, ``h`` + a square or ``c`` + the comment, joined by ``,``; the
    comment keeps letters and digits, writes a space as ``_`` and anything else as
    ``~`` and two hex digits per UTF-8 byte.

    >>> from zola.rules.move import Move
    >>> game = Game(6); _ = game.play("c3xd3")
    >>> game.node.note = Note((Move.parse("c4xd3"),), (23,), "Blue's turn!")
    >>> write_notes(game)
    '1:ac4xd3,hd3,cBlue~27s_turn~21'
    """
    entries = []
    for number, node in enumerate([game.root] + game.nodes()):
        note = node.note
        if note == EMPTY_NOTE:
            continue
        parts = ["a" + str(move) for move in note.arrows]
        parts += ["h" + square_name(sq) for sq in note.highlight]
        if note.comment:
            parts.append("c" + _escape(note.comment))
        entries.append(f"{number}:" + ",".join(parts))
    return ".".join(entries)


def read_notes(game: Game, text: str, nodes: list[Node]) -> None:
    """Attach the notes of a ``notes=`` text to the moves of ``game``."""
    for entry in text.split("."):
        number, sep, body = entry.partition(":")
        if not (sep and is_number(number) and len(number) <= 5 and int(number) <= len(nodes)):
            raise bad_link("error.notes_entry", entry=quoted(entry[:20]))
        node = nodes[int(number) - 1] if int(number) else game.root
        arrows, highlight, comment = [], [], ""
        for part in body.split(","):
            kind, value = part[:1], part[1:]
            try:
                if kind == "a":
                    arrows.append(parse_arrow(value, game.size))
                elif kind == "h":
                    highlight.append(parse_square(value, game.size))
                elif kind == "c" and not comment:
                    comment = _unescape(value)
                else:
                    why = Text("error.notes_part", part=quoted(part[:12]))
                    raise InvalidRecordError(why)
            except ZolaError as error:
                raise bad_link("error.notes", number=number, detail=error.text) from None
        if node.note != EMPTY_NOTE:
            raise bad_link("error.notes_twice", number=number)
        node.note = Note(tuple(arrows), tuple(highlight), comment)


def comment_text(text: str) -> str:
    """A comment as the page keeps it: runs of white space become one space, characters
    that XML cannot carry (controls, U+FFFE, U+FFFF) are dropped, and it is cut to
    :data:`MAX_COMMENT` characters.

    >>> comment_text("  Blue\\tto\\x00 move\\uffff ")
    'Blue to move'
    """
    kept = "".join(char for char in str(text) if char.isspace() or _allowed(char))
    return " ".join(kept.split())[:MAX_COMMENT]


def _allowed(char: str) -> bool:
    """Whether XML 1.0 can carry ``char`` in text (white space aside)."""
    code = ord(char)
    return code >= 32 and not 0xD800 <= code <= 0xDFFF and code not in (0xFFFE, 0xFFFF)


def _escape(text: str) -> str:
    out = []
    for char in text:
        if char in _PLAIN:
            out.append(char)
        elif char == " ":
            out.append("_")
        else:
            out.extend(f"~{byte:02x}" for byte in char.encode("utf-8"))
    return "".join(out)


def _unescape(text: str) -> str:
    data = bytearray()
    i = 0
    while i < len(text):
        char = text[i]
        if char == "~" and all(c in "0123456789abcdef" for c in text[i + 1 : i + 3]):
            data.append(int(text[i + 1 : i + 3], 16))
            i += 3
            continue
        if char == "_":
            data.append(32)
        elif char in _PLAIN:
            data.append(ord(char))
        else:
            raise InvalidRecordError(Text("error.comment_char", char=quoted(char)))
        i += 1
    try:
        comment = bytes(data).decode("utf-8")
    except UnicodeError:
        raise InvalidRecordError(Text("error.comment_utf8")) from None
    if comment.encode("utf-8") != bytes(data):
        raise InvalidRecordError(Text("error.comment_utf8"))
    if len(comment) > MAX_COMMENT:
        raise InvalidRecordError(Text("error.comment_long", limit=MAX_COMMENT))
    for char in comment:
        if not (_allowed(char) or char in "\t\n\r"):
            raise InvalidRecordError(Text("error.comment_xml", char=quoted(char)))
    return comment


def _start_text(position: Position) -> str:
    """``position`` as the ``start`` field writes it: its space as ``_``."""
    return str(position).replace(" ", "_")


def _parse_start(text: str) -> Position:
    """The position of a ``start`` field's text (its ``_`` a space)."""
    return Position.parse(text.replace("_", " "))


def _position_text(text: str) -> Position | None:
    """The position ``text`` writes in the position format, if it is one."""
    try:
        return _parse_start(text) if "/" in text else None
    except ZolaError:
        return None


def bad_link(key: str, **args: object) -> InvalidRecordError:
    """The error of a bad link: ``bad game link:`` and the :class:`~zola.lang.i18n.Text` of
    ``key`` with ``args``, saying what is wrong."""
    return InvalidRecordError(Text("error.link", detail=Text(key, **args)))


def _number(game: Game, node: Node) -> int:
    """The number of ``node`` in the writing order (0: the start)."""
    if node is game.root:
        return 0
    for number, other in enumerate(game.nodes(), 1):
        if other is node:
            return number
    raise ValueError("the node is not in this game")


def _start(values: dict[str, str]) -> tuple[int, Position | None]:
    """The board size and the start position named by the ``size`` and ``start`` fields
    (``None``: the standard start)."""
    try:
        size = parse_size(values.get("size", "6"))
    except InvalidOptionError as error:
        raise InvalidRecordError(Text("error.link", detail=error.text)) from None
    if "start" not in values:
        return size, None
    try:
        start = _parse_start(values["start"])
    except ZolaError as error:
        raise bad_link("error.start", detail=error.text) from None
    if start.size != size:
        raise bad_link("error.start_size")
    return size, start
