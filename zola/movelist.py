"""The move list of the page as HTML: the main line, and each variation in a block
after the move it replaces, nested as deep as the game goes.

Every move is a button carrying ``data-node`` (its number in the link's
writing order, see :func:`zola.game.Game.nodes`) and ``data-ply``; the move
looked at is marked ``current``, the rest of the line being looked at
``ahead``. Only move text made by :class:`~zola.move.Move` and numbers go into
the markup, and the few words are escaped.

>>> from zola.game import Game
>>> game = Game(6)
>>> for text in ("c3xd3", "c4xd3"): _ = game.play(text)
>>> game.go_to(1); _ = game.play("e4xd3")
>>> html = move_list(game)
>>> html.count("<button"), html.count('class="variations"'), 'aria-current="step"' in html
(3, 1, True)
"""

from zola.game import Game, Node
from zola.svg import escape


def move_list(game: Game, marks: dict | None = None) -> str:
    """The ``<li>`` items of the move list of ``game``.

    ``marks`` maps a node to ``(symbol, css class, title)`` shown after its move
    (a review's ``?!``, ``?``, ``??``).
    """
    numbers = {id(node): number for number, node in enumerate(game.nodes(), 1)}
    on_line = {id(node): index + 1 for index, node in enumerate(game.line)}
    out: list[str] = []
    # Items: a node to write with its ply (moves from the start), or a piece of markup.
    stack: list = [(game.root.children[0], 1)] if game.root.children else []
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        node, depth = item
        line_ply = on_line.get(id(node))
        out.append(_item(node, depth, numbers[id(node)], line_ply, game.ply, marks))
        after: list = []
        siblings = node.parent.children
        if siblings[0] is node and len(siblings) > 1:
            after.append('<li class="variations">')
            for variation in siblings[1:]:
                after += ['<ol class="line">', (variation, depth), "</ol>"]
            after.append("</li>")
        if node.children:
            after.append((node.children[0], depth + 1))
        stack.extend(reversed(after))
    return "".join(out)


def _item(
    node: Node, depth: int, number: int, line_ply: int | None, ply: int, marks: dict | None
) -> str:
    state = ""
    if line_ply is not None:
        state = "current" if line_ply == ply else "ahead" if line_ply > ply else "played"
    attributes = f' class="{state}"' if state else ""
    if state == "current":
        attributes += ' aria-current="step"'
    mark = ""
    if marks and id(node) in marks:
        symbol, kind, title = marks[id(node)]
        mark = f'<abbr class="mark {kind}" title="{escape(title)}">{escape(symbol)}</abbr>'
    return (
        f'<li><span class="ply">{depth}.</span><button type="button" data-node="{number}" '
        f'data-ply="{depth}"{attributes}>{node.move}</button>{mark}</li>'
    )
