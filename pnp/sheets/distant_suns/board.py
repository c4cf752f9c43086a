"""The Dashboard board, printed as two parts laid side by side.

Each part carries three columns; a column is an Exploration Zone space
between two Optimization spaces. The notches for the Assignment Modules are
cut where layouts/distant_suns/board.yaml puts them (the rules engine reads
the same file): its first side along the top edge, its second along the
bottom, each notch centred on the zone space it faces. The last column of
part 2 is the permanent Black Hole zone, printed, with no Optimization tile.
"""

from __future__ import annotations

from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Item, Poly, Rect, Style, Text
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.distant_suns.tiles import ZONE_TILE, zone_face
from scoring.distant_suns.engine.board import BoardLayout
from scoring.distant_suns.layout import Cosmos, Shapes

PITCH = 60.0  # mm between neighbouring notches: the Assignment Modules span one pitch
COLUMNS_PER_PART = 3
NOTCH_BAND, OPT_BAND, ZONE_BAND = 9.0, 40.0, 54.0
OPT_SPACE = 36.0
BOARD_FILL = "#1f2a44"
SPACE = Style(stroke="#ffffff", fill="#2d3b5e", width=0.4, dash=(1.5, 1.0))
SPACE_INK_SAVING = Style(stroke="#000000", fill=None, width=0.4, dash=(1.5, 1.0))


def build_board_pages(
    cosmos: Cosmos, shapes: Shapes, layout: BoardLayout, paper: Paper, palette: Palette
) -> list[RenderedPage]:
    columns = cosmos.rules.zones_per_game + 1  # the zone tiles, then the printed Black Hole
    if layout.zone_spaces != columns or len(layout.sides) != 2:
        raise ValueError(
            f"board.yaml: {layout.zone_spaces} zone spaces on {len(layout.sides)} sides, but "
            f"the printed board has {columns} zone spaces between 2 long edges"
        )
    parts = -(-columns // COLUMNS_PER_PART)
    pages = []
    for part in range(parts):
        b = SheetBuilder()
        first = part * COLUMNS_PER_PART
        cols = range(first, min(columns, first + COLUMNS_PER_PART))
        _part(b, cosmos, shapes, layout, part, parts, cols, columns, palette)
        pages.append(
            b.finish_plain(
                paper,
                f"Dashboard - part {part + 1} of {parts}",
                f"board-{part + 1}",
                "Distant Suns - cut along the outline",
            )
        )
    return pages


def _part(
    b: SheetBuilder,
    cosmos: Cosmos,
    shapes: Shapes,
    layout: BoardLayout,
    part: int,
    parts: int,
    cols,
    columns: int,
    palette: Palette,
) -> None:
    width = len(cols) * PITCH
    height = 2 * (NOTCH_BAND + OPT_BAND) + ZONE_BAND
    x = (CONTENT_LEFT + CONTENT_RIGHT) / 2 - width / 2
    y = CONTENT_TOP + 12
    ink = palette.ink_saving
    text_colour = "#000000" if ink else "#ffffff"
    b.add(
        Rect(
            x,
            y,
            width,
            height,
            Style(stroke="#000000", fill=None if ink else BOARD_FILL, width=0.5),
        )
    )
    opt_tiles = len(cosmos.optimization.tiles)
    for i, col in enumerate(cols):
        cx = x + (i + 0.5) * PITCH
        top, bottom = (col + 1 in side.notches for side in layout.sides)
        if top:
            b.add(*_notch(cx, y, 1, ink))
        if bottom:
            b.add(*_notch(cx, y + height, -1, ink))
        zy = y + NOTCH_BAND + OPT_BAND + ZONE_BAND / 2
        if col < columns - 1:
            b.add(
                Rect(
                    cx - ZONE_TILE / 2 - 1,
                    zy - ZONE_TILE / 2 - 1,
                    ZONE_TILE + 2,
                    ZONE_TILE + 2,
                    SPACE_INK_SAVING if ink else SPACE,
                    1.5,
                ),
                Text(cx, zy, "Exploration", 3.0, "middle", colour=text_colour),
                Text(cx, zy + 4, "Zone tile", 3.0, "middle", colour=text_colour),
            )
        else:
            b.add(
                *zone_face(
                    shapes.black_hole,
                    cx - ZONE_TILE / 2,
                    zy - ZONE_TILE / 2,
                    palette,
                    "always in play",
                )
            )
        for top_side, oy in (
            (True, y + NOTCH_BAND + 2),
            (False, y + height - NOTCH_BAND - 2 - OPT_SPACE),
        ):
            if col < opt_tiles:
                b.add(
                    Rect(
                        cx - OPT_SPACE / 2,
                        oy,
                        OPT_SPACE,
                        OPT_SPACE,
                        SPACE_INK_SAVING if ink else SPACE,
                        1.5,
                    ),
                    Text(
                        cx,
                        oy + OPT_SPACE / 2 - 1,
                        "Optimization",
                        2.6,
                        "middle",
                        colour=text_colour,
                    ),
                    Text(
                        cx,
                        oy + OPT_SPACE / 2 + 2.6,
                        "one set, shuffled" if top_side else "other set, same",
                        2.2,
                        "middle",
                        colour=text_colour,
                    ),
                    Text(
                        cx,
                        oy + OPT_SPACE / 2 + 5.4,
                        "" if top_side else "symbol as opposite",
                        2.2,
                        "middle",
                        colour=text_colour,
                    ),
                )
            else:
                b.add(
                    Text(
                        cx, oy + OPT_SPACE / 2, "no Optimization", 2.4, "middle", colour=text_colour
                    ),
                    Text(
                        cx, oy + OPT_SPACE / 2 + 3.2, "tile here", 2.4, "middle", colour=text_colour
                    ),
                )
    below = y + height + 8
    if part > 0:
        b.add(Text(x, y - 3, f"<  joins the right edge of part {part}", 2.8, bold=True))
    if part < parts - 1:
        b.add(Text(x + width, y - 3, f"part {part + 2} joins here  >", 2.8, "end", bold=True))
    for k, line in enumerate(_notes(cosmos, part)):
        b.add(Text(x, below + k * 4.6, line, 2.9, bold=k == 0))


def _notch(cx: float, edge_y: float, inward: int, ink_saving: bool) -> list[Item]:
    """A triangular notch cut into a long edge, pointing into the board."""
    w, d = 10.0, 7.0
    style = Style(stroke="#000000", fill="#ffffff", width=0.4)
    return [Poly(((cx - w / 2, edge_y), (cx + w / 2, edge_y), (cx, edge_y + inward * d)), style)]


def _notes(cosmos: Cosmos, part: int) -> list[str]:
    rules = cosmos.rules
    if part == 0:
        return [
            "Setup",
            f"Shuffle the Exploration Zone tiles; put {rules.zones_per_game} on the zone spaces, "
            "the rest back in the box.",
            "Shuffle one Optimization set onto one long side; put the other set on the other side,",
            "each tile opposite the one with the same symbol. Each scores the zone opposite it.",
            f"Stack the Assignment Modules 1 to {rules.turns_per_round}. Cut out the white "
            "notches: the Modules' points go in them.",
        ]
    return [
        "A turn",
        "The active player takes the next Module and puts it into two free neighbouring "
        "notches, either face up.",
        "The active player draws the zone at the circle; everyone else draws the zone at the "
        "octagon.",
        "When the next Module fits nowhere or none is left, the round ends: stack the Modules "
        "again;",
        f"the player who could not place one starts the next round. {rules.rounds} rounds.",
    ]
