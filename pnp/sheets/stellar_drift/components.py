"""Stellar Drift components to print and cut: energy sideboards, Ready tokens and cube tokens.

Nothing on these pages is marked, so they carry no fiducials and no sheet map.
"""

from __future__ import annotations

from pnp.paper import Paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Circle, Item, Line, Rect, Style, Text
from pnp.render.symbols import colour_shape, icon
from pnp.render.text import wrap
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.stellar_drift.common import (
    block_height,
    section_title,
    text_block,
)
from scoring.stellar_drift.layout import COLOURS, GameRules, Tracker

L, R, T, B = CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, CONTENT_BOTTOM
WHITE = "#ffffff"
CUT = Style(stroke="#777777", width=0.25, dash=(2.0, 1.2))
FOLD = Style(stroke="#777777", width=0.3, dash=(0.6, 0.9))
SUBTITLE = "Stellar Drift - Components"

BOARD_W, BOARD_H = 63.0, 112.0
READY_FACE = 29.0
CUBE_TOKEN = 15.0


def build_component_pages(
    tracker: Tracker, rules: GameRules, paper: Paper, palette: Palette
) -> list[RenderedPage]:
    return [_sideboard_page(tracker, paper, palette), _token_page(rules, paper, palette)]


def _cut_note(y: float, text: str) -> Text:
    return Text(L, y, text, 2.8, colour="#333333")


def _sideboard_page(tracker: Tracker, paper: Paper, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    b.add(
        _cut_note(
            T + 2.6,
            "Cut along the dashed lines. One board per player: put a white disc (or a coin) on 0.",
        )
    )
    top = T + 5.0
    cols = int((R - L) // BOARD_W)
    rows = int((B - top) // BOARD_H)
    x0 = L + (R - L - cols * BOARD_W) / 2
    for r in range(rows):
        for c in range(cols):
            b.add(*_sideboard(tracker, x0 + c * BOARD_W, top + r * BOARD_H, palette))
    return b.finish_plain(paper, "Energy Sideboards", "components-sideboards", SUBTITLE)


def _sideboard(tracker: Tracker, x: float, y: float, palette: Palette) -> list[Item]:
    """One board: a reference on the left, the energy track up the right side."""
    items: list[Item] = [
        Rect(
            x + 1.5,
            y + 1.5,
            BOARD_W - 3.0,
            BOARD_H - 3.0,
            Style(stroke="#000000", fill=palette.panel("#dde4ef"), width=0.4),
            3.0,
        ),
        Rect(x, y, BOARD_W, BOARD_H, CUT),
        *icon("energy", x + 6.5, y + 8.0, 6.0),
        Text(x + 10.5, y + 10.0, "Energy", 5.0, bold=True),
    ]
    n = tracker.max_energy + 1
    d = 6.4
    pitch = (BOARD_H - 8.0 - d) / (n - 1)
    cx = x + BOARD_W - 9.0
    for v in range(n):
        cy = y + BOARD_H - 4.0 - d / 2 - v * pitch
        items.append(Circle(cx, cy, d / 2, Style(stroke="#000000", fill=WHITE, width=0.4)))
        items.append(Text(cx - d / 2 - 1.4, cy + 1.1, str(v), 3.0, "end", bold=True))
    wide = BOARD_W - 26.0
    ty = y + 16.0
    blocks = [
        (
            "Energy Exchange",
            "Repair Phase, as often as you like: spend 2 Energy to pull a Cube "
            "OR to Color Change one Cube.",
        ),
        ("Gain and spend", "Move the disc up when you gain Energy, down when you spend it."),
        (
            f"Max {tracker.max_energy}",
            f"You never have more than {tracker.max_energy} Energy: any excess is lost at once.",
        ),
        ("Keep it", "Unspent Energy stays from round to round."),
    ]
    for head, body in blocks:
        items.append(Text(x + 4.0, ty + 2.6, head, 3.0, bold=True))
        ty += 3.8
        lines = wrap(body, 2.6, wide)
        items += text_block(x + 4.0, ty, lines, 2.6)
        ty += block_height(len(lines), 2.6) + 3.2
    return items


def _token_page(rules: GameRules, paper: Paper, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    y = T + 1.0
    b.add(*section_title(L, y, R - L, "Ready Tokens", "one per player"))
    y += 7.0
    note = (
        "Cut out each strip along the dashed line, fold it on the dotted line and glue the "
        "halves back to back: red hourglass on one side, green checkmark on the other."
    )
    lines = wrap(note, 2.8, R - L)
    b.add(*text_block(L, y, lines, 2.8, colour="#333333"))
    y += block_height(len(lines), 2.8) + 3.0
    strip_w, gap = 2 * READY_FACE, 8.0
    cols = int((R - L + gap) // (strip_w + gap))
    x0 = L + (R - L - cols * strip_w - (cols - 1) * gap) / 2
    rows = 2
    for r in range(rows):
        for c in range(cols):
            b.add(*_ready_strip(x0 + c * (strip_w + gap), y + r * (READY_FACE + 9.0), palette))
    y += rows * (READY_FACE + 9.0)

    per_colour = rules.cube_tokens_per_colour
    b.add(
        *section_title(
            L, y, R - L, "Cube Tokens", f"{per_colour} of each color, if you have no cubes"
        )
    )
    y += 7.0
    note = (
        "Cut along the dashed lines and put the tokens in an opaque bag or cup. "
        "Each color has its own shape: blue circle, yellow triangle, red star, green square."
    )
    lines = wrap(note, 2.8, R - L)
    b.add(*text_block(L, y, lines, 2.8, colour="#333333"))
    y += block_height(len(lines), 2.8) + 3.0
    per_row = int((R - L) // CUBE_TOKEN)
    rows_per_colour = -(-per_colour // per_row)
    grid_w = min(per_colour, per_row) * CUBE_TOKEN
    x0 = L + (R - L - grid_w) / 2
    row = 0
    for colour in COLOURS:
        for i in range(per_colour):
            tx = x0 + (i % per_row) * CUBE_TOKEN
            ty = y + (row + i // per_row) * CUBE_TOKEN
            b.add(*_cube_token(colour, tx, ty, palette))
        row += rows_per_colour
    b.add(*_cut_grid(x0, y, per_row if per_colour > per_row else per_colour, row, CUBE_TOKEN))
    if y + row * CUBE_TOKEN > B:
        raise ValueError(f"{per_colour} cube tokens per color do not fit one page")
    return b.finish_plain(paper, "Ready Tokens and Cube Tokens", "components-tokens", SUBTITLE)


def _ready_strip(x: float, y: float, palette: Palette) -> list[Item]:
    """Two faces side by side; folded on the middle line they make one two-sided token."""
    s = READY_FACE
    items: list[Item] = [Rect(x, y, 2 * s, s, CUT)]
    faces = [("red", "hourglass", "REPAIRING"), ("green", "check", "READY")]
    for i, (colour, symbol, word) in enumerate(faces):
        fx = x + i * s
        if palette.ink_saving:
            ink = palette.cube(colour)
            items.append(
                Rect(fx + 2.0, y + 2.0, s - 4.0, s - 4.0, Style(stroke=ink, width=0.8), 2.0)
            )
        else:
            ink = WHITE
            items.append(
                Rect(
                    fx + 1.0,
                    y + 1.0,
                    s - 2.0,
                    s - 2.0,
                    Style(stroke=None, fill=palette.cube(colour)),
                    2.0,
                )
            )
        items += icon(symbol, fx + s / 2, y + s / 2 - 2.0, 12.0, ink)
        items.append(Text(fx + s / 2, y + s - 4.0, word, 3.0, "middle", True, ink))
    items += [
        Line(x + s, y - 1.5, x + s, y + s + 1.5, FOLD),
        Text(x + s, y + s + 4.4, "fold", 2.6, "middle", colour="#555555"),
    ]
    return items


def _cube_token(colour: str, x: float, y: float, palette: Palette) -> list[Item]:
    s = CUBE_TOKEN
    if palette.ink_saving:
        return [
            Rect(x + 1.2, y + 1.2, s - 2.4, s - 2.4, Style(stroke="#000000", width=0.3), 1.0),
            colour_shape(
                colour,
                x + s / 2,
                y + s / 2,
                s * 0.58,
                Style(stroke="#000000", fill=palette.cube(colour), width=0.25),
            ),
        ]
    return [
        Rect(
            x + 0.8, y + 0.8, s - 1.6, s - 1.6, Style(stroke=None, fill=palette.cube(colour)), 1.0
        ),
        colour_shape(colour, x + s / 2, y + s / 2, s * 0.58, Style(stroke=None, fill=WHITE)),
    ]


def _cut_grid(x: float, y: float, cols: int, rows: int, s: float) -> list[Item]:
    """Shared cut lines around a block of equal tokens."""
    return [Line(x + c * s, y, x + c * s, y + rows * s, CUT) for c in range(cols + 1)] + [
        Line(x, y + r * s, x + cols * s, y + r * s, CUT) for r in range(rows + 1)
    ]
