"""Sharing and export: what the page copies (a link, the position alone, embed code) and
what it saves (the view as SVG or PNG, the line as an animated replay).

Pure functions of the game, the view (:class:`zola.rules.link.View`), the language and
the page's address.

>>> from zola.rules.game import Game
>>> from zola.rules.link import DEFAULT_VIEW
>>> game = Game(6); _ = game.play("c3xd3")
>>> share("copy", game, DEFAULT_VIEW, "en", "https://x.example/")
Shared(clipboard='https://x.example/#v1;size=6;moves=c3xd3', done='notice.copy_done', download=None)
>>> share("download-png", game, DEFAULT_VIEW, "en", "").download.name
'zola-6x6-1.png'
"""

from collections import namedtuple

from zola.draw.svg import escape, render
from zola.draw.themes import colours
from zola.page.screen import Download
from zola.rules.game import EMPTY_NOTE, Game
from zola.rules.link import DEFAULT_VIEW, View, position_only, unparse
from zola.rules.record import encode

SHARES = (
    "copy",
    "copy-position",
    "copy-embed",
    "download-svg",
    "download-png",
    "download-replay",
)


TYPE_CHECKING = False  # typing-only names: see zola.compat
if TYPE_CHECKING:
    from typing import NamedTuple

    class _Shared(NamedTuple):
        clipboard: str
        done: str
        download: Download | None

else:
    _Shared = namedtuple("Shared", ("clipboard", "done", "download"))


class Shared(_Shared):
    """What a share does: text to copy (``""``: none) and the key of what to say once it
    is copied, or a :class:`~zola.page.screen.Download` (``None``: none)."""

    __slots__ = ()


def share(
    name: str, game: Game, view: View, language: str, base_url: str, theme: str = "light"
) -> Shared:
    """The share or download ``name`` (one of :data:`SHARES`) of ``game`` as ``view``
    shows it; ``base_url`` is the page's address without its fragment. A download is
    drawn in the colours ``theme`` (``"light"`` or ``"dark"``: as the reader sees it); an
    embed follows its own reader unless the link's view chooses."""
    done = "notice." + name.replace("-", "_") + "_done"
    if name == "copy":
        return Shared(base_url + "#" + encode(game), done, None)
    if name == "copy-position":
        return Shared(base_url + "#" + encode(position_only(game)), done, None)
    if name == "copy-embed":
        return Shared(embed_code(game, view, base_url), done, None)
    size, view = f"zola-{game.size}x{game.size}", view.replace(theme=theme)
    if name == "download-replay":
        return Shared("", "", Download(f"{size}-replay.svg", replay(game, view, language), False))
    kind = name[len("download-") :]
    return Shared("", "", Download(f"{size}-{game.ply}.{kind}", diagram(game, view, language),
                                   kind == "png"))


def embed_code(game: Game, view: View, base_url: str) -> str:
    """An iframe showing ``game`` as ``view`` shows it, to paste into a document."""
    embedded = DEFAULT_VIEW.replace(
        embed=True,
        flip=view.flip,
        shading=view.shading,
        coordinates=view.coordinates,
        theme=view.theme,
        palette=view.palette,
        clean=view.clean,
    )
    src = base_url + "#" + unparse(game, embedded)
    return (
        f'<iframe src="{escape(src)}" width="420" height="480" title="Zola board" '
        'loading="lazy" style="border:0;max-width:100%"></iframe>'
    )


def replay(game: Game, view: View, language: str) -> str:
    """The line being looked at, from its start to its end, as an animated SVG in
    ``view``."""
    from zola.draw.replay import replay_svg  # (not at boot: a replay is drawn on demand)

    return replay_svg(
        game,
        flip=view.flip,
        shading=view.shading,
        coordinates=view.coordinates,
        theme=colours(view.palette, view.theme),
        language=language,
        notes=not view.clean,
    )


def diagram(game: Game, view: View, language: str) -> str:
    """The view as a standalone picture: the board with the last move and the notes,
    without the page's selection, hints and keyboard cursor."""
    note = EMPTY_NOTE if view.clean else game.node.note
    return render(
        game.position,
        flip=view.flip,
        shading=view.shading,
        coordinates=view.coordinates,
        last_move=game.last_board_move(),
        highlight=note.highlight,
        arrows=note.arrows,
        theme=colours(view.palette, view.theme),
        language=language,
    )
