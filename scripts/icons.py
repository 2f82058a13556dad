#!/usr/bin/env python3
"""Draw the app's icons: a red and a blue checker on a Zola board.

    python3 scripts/icons.py    # writes web/icons/*.svg and *.png

The SVGs are written here; the PNGs are rendered from them with cairosvg
(`pip install -e '.[png]'`). Then run `python3 scripts/precache.py`, since the
icons are precached. web/manifest.webmanifest and index.html name the files.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "web" / "icons"

# The colours of the board and checkers (zola/draw/svg.py's light theme).
PAGE = "#f6f1e7"
FRAME = "#5b4d3a"
SQUARES = ("#eadfc8", "#dccdb0")
RED, BLUE, RIM = "#c62828", "#1e5bb8", "#ffffff"


def board(x: float, y: float, size: float, n: int = 4) -> list[str]:
    """An n x n board of checked squares with its top left at (x, y)."""
    step = size / n
    parts = [
        f'<rect x="{x - step * 0.12:g}" y="{y - step * 0.12:g}" width="{size + step * 0.24:g}" '
        f'height="{size + step * 0.24:g}" rx="{step * 0.18:g}" fill="{FRAME}"/>'
    ]
    for row in range(n):
        for col in range(n):
            parts.append(
                f'<rect x="{x + col * step:g}" y="{y + row * step:g}" width="{step:g}" '
                f'height="{step:g}" fill="{SQUARES[(row + col) % 2]}"/>'
            )
    return parts


def checker(cx: float, cy: float, r: float, fill: str) -> list[str]:
    return [
        f'<circle cx="{cx:g}" cy="{cy + r * 0.08:g}" r="{r:g}" fill="#000" opacity="0.18"/>',
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{RIM}" '
        f'stroke-width="{r * 0.12:g}"/>',
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.62:g}" fill="none" stroke="{RIM}" '
        f'stroke-opacity="0.45" stroke-width="{r * 0.07:g}"/>',
    ]


def icon(maskable: bool) -> str:
    """The icon on a 512 x 512 canvas. A maskable icon fills the canvas and keeps
    the board inside the safe zone (a centred circle of 80 % of the width)."""
    size = 272 if maskable else 400
    x = y = (512 - size) / 2
    step = size / 4
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">',
        "<title>Zola, a game by Mark Steere</title>",
        f'<rect width="512" height="512" fill="{PAGE}"/>'
        if maskable
        else f'<rect x="8" y="8" width="496" height="496" rx="96" fill="{PAGE}"/>',
        *board(x, y, size),
        *checker(x + 1.5 * step, y + 2.5 * step, step * 0.4, RED),
        *checker(x + 2.5 * step, y + 1.5 * step, step * 0.4, BLUE),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


# file name -> (maskable, PNG sizes)
OUTPUTS = {
    "icon": (False, (192, 512)),
    "maskable": (True, (512,)),
    "apple-touch-icon": (True, (180,)),
}


def write() -> list[Path]:
    import cairosvg

    ICONS.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (maskable, sizes) in OUTPUTS.items():
        svg = icon(maskable)
        if name != "apple-touch-icon":  # the same drawing as maskable
            path = ICONS / f"{name}.svg"
            path.write_text(svg, encoding="utf-8")
            written.append(path)
        for px in sizes:
            path = ICONS / (f"{name}.png" if len(sizes) == 1 else f"{name}-{px}.png")
            cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path), output_width=px,
                             output_height=px)
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write():
        print(path.relative_to(ROOT))
