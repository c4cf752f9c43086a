"""The tiles: 10 Exploration Zones, 10 Optimization tiles (two coloured sets,
folded over their back), and the double-sided Assignment Modules 1-5."""

from __future__ import annotations

from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Circle, Item, Line, Poly, Rect, Style, Text
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.distant_suns.common import (
    FOLD_LINE,
    SET_COLOURS,
    SET_TINTS,
    shape_items,
)
from pnp.sheets.distant_suns.glyphs import octagon, opponents, space_icon, you, zone_glyph
from scoring.distant_suns.hexgrid import bounds
from scoring.distant_suns.layout import Cosmos, OptimizationTileKind, Shapes, Zone

ZONE_TILE = 44.0  # mm square
OPT_TILE = 32.0  # mm square, each face
MODULE_PITCH = 60.0  # = board.PITCH: a Module's octagon and circle sit on neighbouring notches
MODULE_H = 26.0
GAP = 4.0


def zone_face(zone: Zone, x: float, y: float, palette: Palette, note: str = "") -> list[Item]:
    """An Exploration Zone tile: name, the shape in small hexes, its glyph."""
    s = ZONE_TILE
    items: list[Item] = [Rect(x, y, s, s, Style(stroke="#000000", fill="#ffffff", width=0.4), 2)]
    items.append(Text(x + s / 2, y + 5, zone.name, 3.4, "middle", True))
    x_min, y_min, x_max, y_max = bounds(zone.hexes, 1.0)
    size = min((s - 8) / (x_max - x_min), (s - 20) / (y_max - y_min))
    w, h = (x_max - x_min) * size, (y_max - y_min) * size
    x0 = x + s / 2 - w / 2 - x_min * size
    y0 = y + 8 + (s - 20 - h) / 2 - y_min * size
    items += shape_items(zone.hexes, size, x0, y0, None if palette.ink_saving else "#dde6f5")
    gx, gy = x + s / 2 + 4, y + s - 5.5
    items.append(Text(gx - 3, gy + 1.2, note or "draw in every hex:", 2.3, "end"))
    items.append(
        Rect(gx - 1.5, gy - 4, 9, 8, Style(stroke="#000000", fill="#ffffff", width=0.3), 1)
    )
    items += zone_glyph(zone.glyph, gx + 3, gy, 5.5)
    return items


def opt_face(
    tile: OptimizationTileKind, colour: str, x: float, y: float, palette: Palette
) -> list[Item]:
    s = OPT_TILE
    fill = None if palette.ink_saving else SET_TINTS[colour]
    items: list[Item] = [
        Rect(x, y, s, s, Style(stroke=SET_COLOURS[colour], fill=fill, width=1.2), 1.5),
        Text(x + s / 2, y + 6, tile.name, 3.2, "middle", True),
        *space_icon(tile.icon, x + s / 2, y + s / 2 + 0.5, 11),
    ]
    words = tile.condition.split()
    half = (len(words) + 1) // 2
    for k, line in enumerate((" ".join(words[:half]), " ".join(words[half:]))):
        items.append(Text(x + s / 2, y + s - 5.5 + k * 3, line, 2.2, "middle"))
    return items


def opt_back(colour: str, x: float, y: float, palette: Palette) -> list[Item]:
    s = OPT_TILE
    fill = None if palette.ink_saving else SET_COLOURS[colour]
    ink = SET_COLOURS[colour] if palette.ink_saving else "#ffffff"
    return [
        Rect(x, y, s, s, Style(stroke=SET_COLOURS[colour], fill=fill, width=1.2), 1.5),
        Text(x + s / 2, y + s / 2 - 1, colour.upper(), 4.0, "middle", True, ink),
        Text(x + s / 2, y + s / 2 + 4, "Optimization", 2.6, "middle", colour=ink),
    ]


def module_face(number: int, x: float, y: float, tabs_up: bool) -> list[Item]:
    """One face: octagon ("your opponents") left, circle ("you") right, points on one edge."""
    w = MODULE_PITCH + MODULE_H
    r = MODULE_H / 2 - 2.5
    cy = y + MODULE_H / 2
    ox, cx = x + MODULE_H / 2, x + MODULE_H / 2 + MODULE_PITCH
    edge = y if tabs_up else y + MODULE_H
    out = -1 if tabs_up else 1
    items: list[Item] = [
        Rect(x, y, w, MODULE_H, Style(stroke="#000000", fill="#ffffff", width=0.4), 2)
    ]
    for px in (ox, cx):
        items.append(
            Poly(
                ((px - 4, edge), (px + 4, edge), (px, edge + out * 6)),
                Style(stroke="#000000", fill="#ffffff", width=0.4),
            )
        )
    items += [
        Poly(octagon(ox, cy, r), Style(stroke="#000000", width=0.6)),
        *opponents(ox, cy + 0.5, r * 1.2),
        Circle(cx, cy, r, Style(stroke="#000000", width=0.6)),
        *you(cx, cy + 0.5, r * 1.1),
        Text(x + w / 2, cy + 3.5, str(number), 10, "middle", True),
        Text(x + w / 2 - 14, cy - 7, "opponents", 2.2, "middle"),
        Text(x + w / 2 + 14, cy - 7, "you", 2.2, "middle"),
    ]
    return items


def build_tile_pages(
    cosmos: Cosmos, shapes: Shapes, paper: Paper, palette: Palette
) -> list[RenderedPage]:
    return [
        _zones(shapes, paper, palette),
        _optimization(cosmos, paper, palette),
        _modules(cosmos, paper),
    ]


def _zones(shapes: Shapes, paper: Paper, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    b.add(
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 2,
            "Cut out the tiles. The Black Hole zone is printed on the Dashboard.",
            2.8,
        )
    )
    per_row = int((CONTENT_RIGHT - CONTENT_LEFT + GAP) // (ZONE_TILE + GAP))
    for i, zone in enumerate(shapes.zones):
        x = CONTENT_LEFT + (i % per_row) * (ZONE_TILE + GAP)
        y = CONTENT_TOP + 8 + (i // per_row) * (ZONE_TILE + GAP)
        b.add(*zone_face(zone, x, y, palette))
    return b.finish_plain(paper, "Exploration Zone tiles", "tiles-zones", "Distant Suns")


def _optimization(cosmos: Cosmos, paper: Paper, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    b.add(
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 2,
            "Cut out each strip, fold on the dashed line and glue: the set colour is on the back.",
            2.8,
        )
    )
    n = len(cosmos.optimization.tiles)
    for row, colour in enumerate(cosmos.optimization.sets):
        y = CONTENT_TOP + 10 + row * (2 * OPT_TILE + 14)
        for i, tile in enumerate(cosmos.optimization.tiles):
            x = (
                (CONTENT_LEFT + CONTENT_RIGHT) / 2
                - (n * OPT_TILE + (n - 1) * 6) / 2
                + i * (OPT_TILE + 6)
            )
            b.add(
                *opt_face(tile, colour, x, y, palette),
                *opt_back(colour, x, y + OPT_TILE, palette),
                Line(x - 2, y + OPT_TILE, x + OPT_TILE + 2, y + OPT_TILE, FOLD_LINE),
            )
    return b.finish_plain(
        paper,
        "Optimization tiles",
        "tiles-optimization",
        "Distant Suns - two sets: blue and purple backs",
    )


def _modules(cosmos: Cosmos, paper: Paper) -> RenderedPage:
    b = SheetBuilder()
    b.add(
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 2,
            "Cut out each Module with its points, fold on the "
            "dashed line and glue. Insert the points into two",
            2.8,
        ),
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 6,
            "neighbouring notches of the Dashboard. "
            "Octagon: your opponents draw that zone. Circle: you draw it.",
            2.8,
        ),
    )
    w = MODULE_PITCH + MODULE_H
    for i in range(cosmos.rules.turns_per_round):
        x = CONTENT_LEFT + (i % 2) * (w + 14)
        y = CONTENT_TOP + 18 + (i // 2) * (2 * MODULE_H + 20)
        b.add(
            *module_face(i + 1, x, y, tabs_up=True),
            *module_face(i + 1, x, y + MODULE_H, tabs_up=False),
            Line(x - 2, y + MODULE_H, x + w + 2, y + MODULE_H, FOLD_LINE),
        )
    return b.finish_plain(
        paper,
        "Assignment Modules",
        "tiles-modules",
        f"Distant Suns - double-sided, numbered 1 to {cosmos.rules.turns_per_round}",
    )
