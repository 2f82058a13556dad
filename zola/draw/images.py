"""Pictures written as files: an SVG document as ``.svg`` or ``.png`` (CairoSVG), and
SVG frames as a looping animated ``.gif`` (CairoSVG and Pillow), for the command line.
CPython only. What goes wrong says so in one line (:class:`OutputError`).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL.Image import Image


class OutputError(Exception):
    """A picture could not be written: the message says why, in one line."""


def optional(module: str, needs: str, extra: str) -> ModuleType:
    """Import an optional library for image output, or say in one line what to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise OutputError(f"{needs}: pip install 'zola[{extra}]'") from None
    except OSError:  # cairosvg is there, the Cairo library it loads is not
        kind = needs.split()[0]
        raise OutputError(
            f"{kind} output needs the Cairo library: install it (Debian and Ubuntu: "
            "apt-get install libcairo2; macOS: brew install cairo), or write an .svg"
        ) from None


def write_gif(frames: list[str], output: str, width: int, seconds: float) -> None:
    """Write SVG frames as a looping animated GIF, ``seconds`` a frame, the last held longer."""
    from zola.draw.replay import durations

    cairosvg = optional("cairosvg", "GIF output needs cairosvg and Pillow", "gif")
    pillow = optional("PIL.Image", "GIF output needs cairosvg and Pillow", "gif")
    with image_library("GIF"):
        pngs = [cairosvg.svg2png(bytestring=frame.encode(), output_width=width) for frame in frames]
        data = gif(pillow, pngs, width, durations(len(frames) - 1, seconds))
    save(data, output)


def gif(pillow: Any, pngs: list[bytes], width: int, durations: list[int]) -> bytes:
    """PNG frames as one looping animated GIF (Pillow), ``durations`` in milliseconds."""

    def picture(png: bytes) -> Image:
        image: Image = pillow.open(io.BytesIO(png)).convert("RGB")  # pillow: imported by name
        return image

    # One palette for all frames (made from a few of them, the last included): unchanged
    # squares keep their colours, so each frame stores only what changed.
    sample = [picture(png) for png in pngs[:: max(1, len(pngs) // 8)] + pngs[-1:]]
    sheet = pillow.new("RGB", (width, sum(image.height for image in sample)))
    top = 0
    for image in sample:
        sheet.paste(image, (0, top))
        top += image.height
    palette = sheet.quantize(256)
    still = (picture(png).quantize(palette=palette, dither=pillow.Dither.NONE) for png in pngs)
    data = io.BytesIO()
    next(still).save(
        data,
        format="GIF",
        save_all=True,
        append_images=still,
        duration=durations,
        loop=0,
        optimize=True,
    )
    return data.getvalue()


@contextlib.contextmanager
def image_library(kind: str) -> Iterator[None]:
    """Any failure of CairoSVG or Pillow while making a ``kind`` picture becomes one line."""
    try:
        yield
    except OutputError:
        raise
    except Exception as error:  # whatever the image libraries raise
        lines = str(error).strip().splitlines() or [type(error).__name__]
        raise OutputError(f"{kind} output failed: {lines[0][:200]}") from None


def write(image: str, output: str, width: int) -> None:
    """Write an SVG document to ``output`` (``-``: stdout); a ``.png`` name converts it."""
    if output == "-":
        sys.stdout.write(image + "\n")
        return
    if output.lower().endswith(".png"):
        cairosvg = optional("cairosvg", "PNG output needs cairosvg", "png")
        with image_library("PNG"):
            data = cairosvg.svg2png(bytestring=image.encode(), output_width=width)
    else:
        data = (image + "\n").encode()
    save(data, output)


def save(data: bytes, output: str) -> None:
    """Write ``data`` to the file ``output``."""
    try:
        with open(output, "wb") as file:
            file.write(data)
    except OSError as error:
        raise OutputError(f"cannot write {output}: {error.strerror}") from None
