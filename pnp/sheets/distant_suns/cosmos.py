"""The Distant Suns Cosmos sheet: the hex grid, the Upgrades area and the score summary.

Fields (ids the photo reader uses; geometry in the sheet map):

* ``hex-<hexid>`` (kind ``hex``): a circle inside each hex, clear of the hex
  lines, so pencil on the lines (a shape's outline) never falls in a field
  and a symbol drawn in a hex always does. meta: q, r, type, size and the
  hex's corners relative to the circle's centre. On Frontier spaces the
  field is a small box around the flag instead, above the two values:
* ``frontier-<hexid>-high`` / ``-low`` (kind ``frontier_value``): circle the
  value you got, cross out the other. meta: hex, value, reward.
* ``upgrade-<n>`` (kind ``upgrade``, circle) and ``upgrade-<n>-used``
  (kind ``upgrade_used``, box beneath it), n from 1.
* ``score-<row>-<what>`` (kind ``write_in``): see ``score_rows``.
"""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, qr_box
from pnp.render.scene import Circle, Item, Line, Poly, Rect, Style, Text
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.distant_suns.common import (
    GRID_LINE,
    HEX_SIZE,
    MARKING_RULE,
    hex_centre,
    hex_polygon,
)
from pnp.sheets.distant_suns.glyphs import SPACE_COLOURS, space_icon
from scoring.distant_suns.hexgrid import Hex, bounds, hex_id, neighbours
from scoring.distant_suns.layout import Cosmos

SHEET = "cosmos"
HEADER_H = 21.0  # mm above the grid: marking rule, key and Upgrades area
FIELD_INSET = 0.2  # mm between neighbouring hex fields' boxes
BOX = Style(stroke="#000000", fill="#ffffff", width=0.35)
MUTED = "#444444"
QR_CLEARANCE = 4.0  # mm: the QR symbol's quiet zone
VALUE_D, VALUE_DY = 6.0, 2.9  # mm: Frontier value circles, their centres below the hex centre


def hex_field_id(h: Hex) -> str:
    return f"hex-{hex_id(h)}"


def build_cosmos_sheet(
    cosmos: Cosmos, layout: str, paper: Paper, serial: int, palette: Palette
) -> RenderedPage:
    b = SheetBuilder()
    size = HEX_SIZE
    x_min, y_min, x_max, y_max = bounds(cosmos.hexes, size)
    grid_w, grid_h = x_max - x_min, y_max - y_min
    if grid_w > CONTENT_RIGHT - CONTENT_LEFT:
        raise ValueError(f"{cosmos.name!r}: the grid is {grid_w:.0f} mm wide at {size} mm hexes")
    x0 = (CONTENT_LEFT + CONTENT_RIGHT) / 2 - grid_w / 2 - x_min
    y0 = CONTENT_TOP + HEADER_H - y_min
    _grid(b, cosmos, size, x0, y0, palette)
    _header(b, cosmos, CONTENT_TOP, palette)
    code = PageCode("distant-suns", SHEET, layout, cosmos.version, serial)
    _summary(
        b, cosmos, CONTENT_TOP + HEADER_H + grid_h + 3, qr_box(code)[1] - QR_CLEARANCE, palette
    )
    return b.finish(code, paper, "Cosmos", "Distant Suns - Cosmos Sheet")


# --- the grid ----------------------------------------------------------------


def _grid(
    b: SheetBuilder, cosmos: Cosmos, size: float, x0: float, y0: float, palette: Palette
) -> None:
    types = cosmos.space_types
    # Hex lines first: not field ink, and they stay outside every field.
    for h in sorted(cosmos.hexes, key=lambda h: (h[1], h[0])):
        b.add(Poly(hex_polygon(h, size, x0, y0), GRID_LINE))
    b.add(*_grid_border(cosmos, size, x0, y0))
    side = 1.5 * size - 2 * FIELD_INSET  # field boxes of diagonal neighbours must not overlap
    for h in sorted(cosmos.hexes, key=lambda h: (h[1], h[0])):
        cx, cy = hex_centre(h, size, x0, y0)
        kind = types.get(h, "plain")
        polygon = hex_polygon(h, size, x0, y0)
        meta = {"q": h[0], "r": h[1], "type": kind, "size": size}
        if kind == "frontier":
            _frontier(b, cosmos, h, cx, cy, side, polygon, meta, palette)
            continue
        meta["corners"] = _relative(polygon, cx, cy)
        f = Field(hex_field_id(h), "hex", cx, cy, side, side, shape="circle", meta=meta)
        b.add_field(f, _hex_ink(kind, h, cx, cy, side, palette))


def _grid_border(cosmos: Cosmos, size: float, x0: float, y0: float) -> list[Item]:
    heavy = Style(stroke="#000000", width=0.6)
    towards = (1, 0, 5, 4, 3, 2)
    items: list[Item] = []
    for h in cosmos.hexes:
        corners = hex_polygon(h, size, x0, y0)
        around = neighbours(h)
        for i in range(6):
            if around[towards[i]] not in cosmos.hexes:
                (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 6]
                items.append(Line(ax, ay, bx, by, heavy))
    return items


def _hex_ink(kind: str, h: Hex, cx: float, cy: float, d: float, palette: Palette) -> list[Item]:
    """What is printed inside a hex field: its space mark and, small, its id."""
    r = d / 2
    ident = Text(cx, cy + r - 1.0, hex_id(h), 1.9, "middle", colour="#333333")
    match kind:
        case "plain":
            return [ident]
        case "alien" | "upgrade":
            # small and high, leaving the middle for the pencilled zone symbol
            return [*space_icon(kind, cx, cy - r * 0.58, r * 0.62), ident]
        case "treasure":
            return [*space_icon(kind, cx, cy - 0.4, r * 0.95), ident]
        case "black_hole":
            return [*space_icon(kind, cx, cy, r * 1.8)]
        case "start":
            return [
                *space_icon(kind, cx, cy - 2.2, r * 0.85),
                Text(cx, cy + 3.6, "START", 2.4, "middle", True, SPACE_COLOURS["start"]),
                ident,
            ]
    raise ValueError(f"unknown space type {kind!r} at {hex_id(h)}")


def _relative(polygon, x: float, y: float) -> list[list[float]]:
    """Corners relative to a field's (x, y), so they hold on any paper."""
    return [[round(px - x, 3), round(py - y, 3)] for px, py in polygon]


def _frontier(
    b: SheetBuilder,
    cosmos: Cosmos,
    h: Hex,
    cx: float,
    cy: float,
    side: float,
    polygon,
    meta: dict,
    palette: Palette,
) -> None:
    reward = cosmos.frontier_reward(h)
    # The flag's box takes the top of the hex, the two values the middle; both keep
    # 1.4 mm or more off the hex lines, where a shape's outline is traced.
    fw, fh = 8.0, 5.4
    fx, fy = cx - fw / 2, cy - side / 2 + 1.2
    meta["corners"] = _relative(polygon, fx, fy)
    flag = Field(hex_field_id(h), "hex", fx, fy, fw, fh, meta=meta)
    b.add_field(flag, space_icon("frontier", cx, cy - side / 2 + 0.4 + fh / 2, fh * 0.85))
    d = VALUE_D
    for which, value, dx in (("high", reward.first, -1), ("low", reward.later, 1)):
        vx, vy = cx + dx * (d / 2 + 0.4), cy + VALUE_DY
        f = Field(
            f"frontier-{hex_id(h)}-{which}",
            "frontier_value",
            vx,
            vy,
            d,
            d,
            shape="circle",
            meta={"hex": hex_id(h), "value": value, "reward": which},
        )
        b.add_field(
            f,
            [
                Text(
                    vx,
                    vy + 1.05,
                    str(value),
                    3.0,
                    "middle",
                    True,
                    SPACE_COLOURS["frontier"] if which == "high" else "#000000",
                )
            ],
        )


# --- header: marking rule, key, Upgrades area -------------------------------


def _header(b: SheetBuilder, cosmos: Cosmos, top: float, palette: Palette) -> None:
    left = CONTENT_LEFT
    b.add(Text(left, top + 3.2, MARKING_RULE, 3.0, bold=True))
    scoring = cosmos.scoring
    key = [
        ("start", "Start: your first shape touches it"),
        ("alien", f"Alien: {scoring.alien_penalty} if uncovered"),
        ("upgrade", "Upgrade: covered = check a circle"),
        (
            "treasure",
            f"Treasure: circle it when all 6 neighbours are covered (+{scoring.treasure_bonus})",
        ),
        ("black_hole", "Black Hole: never covered"),
        ("frontier", "Frontier: reach a neighbour; circle your value, cross the other"),
    ]
    spots = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    for (kind, text), (col, row) in zip(key, spots, strict=True):
        x = left + col * 62
        y = top + 7.5 + row * 3.6
        b.add(*space_icon(kind, x + 1.4, y - 0.9, 2.8), Text(x + 3.6, y, text, 2.3))
    banned = ", ".join(t.replace("_", " ").title() for t in cosmos.rules.cannot_cover)
    b.add(Text(left, top + 7.5 + 3 * 3.6, f"Never draw on: {banned}.", 2.3, colour=MUTED))
    _upgrades(b, cosmos, top, palette)


def _upgrades(b: SheetBuilder, cosmos: Cosmos, top: float, palette: Palette) -> None:
    n = cosmos.upgrade_slots
    pitch, d, box_w, box_h = 7.0, 5.4, 5.0, 3.6
    x_right = CONTENT_RIGHT
    x_left = x_right - n * pitch
    panel = palette.panel("#e8eefa")
    b.add(
        Rect(
            x_left - 14.5,
            top - 0.5,
            n * pitch + 15,
            16.5,
            Style(stroke="#2a6fdb", fill=panel, width=0.4),
            1.0,
        )
    )
    b.add(Text(x_left - 13.5, top + 3.2, "Upgrades", 2.8, bold=True))
    b.add(Text(x_left - 13.5, top + 8.6, "gained", 2.2, colour=MUTED))
    b.add(Text(x_left - 13.5, top + 13.4, "used", 2.2, colour=MUTED))
    b.add(
        Text(
            x_left - 13.5,
            top + 15.4,
            f"max {cosmos.rules.max_upgrades_per_turn}/turn",
            1.6,
            colour=MUTED,
        )
    )
    for i in range(n):
        cx = x_left + i * pitch + pitch / 2
        cy = top + 6.6
        f = Field(
            f"upgrade-{i + 1}", "upgrade", cx, cy, d, d, shape="circle", meta={"index": i + 1}
        )
        b.add_field(
            f, [Circle(cx, cy, d / 2 - 0.2, Style(stroke="#000000", fill="#ffffff", width=0.35))]
        )
        uf = Field(
            f"upgrade-{i + 1}-used",
            "upgrade_used",
            cx - box_w / 2,
            top + 10.6,
            box_w,
            box_h,
            meta={"index": i + 1},
        )
        b.add_field(uf, [Rect(uf.x + 0.15, uf.y + 0.15, box_w - 0.3, box_h - 0.3, BOX)])


# --- score summary -----------------------------------------------------------


def score_rows(cosmos: Cosmos) -> list[tuple[str, tuple[str, ...]]]:
    """Each score row's id and its write-ins, in print order (field ``score-<row>-<what>``)."""
    rows = [(f"tile-{t.id}", ("zone", "count", "points")) for t in cosmos.optimization.tiles]
    return rows + [
        ("frontier", ("points",)),
        ("treasure-bonus", ("count", "points")),
        ("alien-penalty", ("count", "points")),
        ("total", ("points",)),
    ]


def _write_in(
    b: SheetBuilder, fid: str, x: float, y: float, w: float, h: float, meta: dict
) -> None:
    f = Field(fid, "write_in", x, y, w, h, meta=meta)
    b.add_field(f, [Rect(x + 0.15, y + 0.15, w - 0.3, h - 0.3, BOX)])


def _summary(b: SheetBuilder, cosmos: Cosmos, top: float, bottom: float, palette: Palette) -> None:
    left, right = CONTENT_LEFT, CONTENT_RIGHT
    scoring = cosmos.scoring
    row_h, box_h = 6.3, 5.4
    panel = palette.panel()
    if panel:
        b.add(Rect(left, top, right - left, bottom - top, Style(stroke=None, fill=panel), 1.5))
    # Optimization tiles, one row each
    zx, cx_, px = left + 64, left + 80, left + 93
    b.add(
        Text(left + 1.5, top + 4.2, "Optimization tiles", 3.0, bold=True),
        Text(zx + 6, top + 4.2, "its zone", 2.0, "middle", colour=MUTED),
        Text(cx_ + 5, top + 4.2, "times", 2.0, "middle", colour=MUTED),
        Text(px + 6, top + 4.2, "points", 2.0, "middle", colour=MUTED),
    )
    for i, tile in enumerate(cosmos.optimization.tiles):
        y = top + 6 + i * row_h
        b.add(*space_icon(tile.icon, left + 4, y + box_h / 2, 4.4))
        b.add(
            Text(left + 8, y + 2.6, tile.name, 2.6, bold=True),
            Text(left + 8, y + 5.2, tile.condition, 2.1, colour=MUTED),
        )
        meta = {"row": f"tile-{tile.id}", "tile": tile.id}
        _write_in(b, f"score-tile-{tile.id}-zone", zx, y, 12, box_h, {**meta, "what": "zone"})
        _write_in(b, f"score-tile-{tile.id}-count", cx_, y, 10, box_h, {**meta, "what": "count"})
        _write_in(b, f"score-tile-{tile.id}-points", px, y, 12, box_h, {**meta, "what": "points"})
    # the points table
    ty = top + 6 + len(cosmos.optimization.tiles) * row_h + 2.5
    table = scoring.optimization_points
    b.add(
        Text(left + 1.5, ty + 3.2, "Times", 2.3, bold=True),
        Text(left + 1.5, ty + 7.0, "Points", 2.3, bold=True),
    )
    for k, pts in enumerate(table):
        x = left + 20 + k * 10
        b.add(
            Text(x, ty + 3.2, f"x{k + 1}", 2.3, "middle"),
            Text(x, ty + 7.0, str(pts), 2.5, "middle", True),
        )
    x = left + 20 + len(table) * 10 + 4
    b.add(
        Text(x, ty + 3.2, f"beyond x{len(table)}", 2.3, "middle"),
        Text(x, ty + 7.0, f"+{scoring.optimization_points_beyond} each", 2.5, "middle", True),
    )
    b.add(Line(left + 14, ty + 4.4, left + 100, ty + 4.4, Style(stroke="#888888", width=0.2)))

    # bonuses, penalties, total
    rx = left + 113
    b.add(Line(rx - 4, top + 2, rx - 4, bottom - 2, Style(stroke="#888888", width=0.3)))
    b.add(Text(rx, top + 4.2, "Bonuses and penalties", 3.0, bold=True))
    bx = right - 15
    y = top + 6
    near_far = " or ".join(f"{r.first}/{r.later}" for r in scoring.frontier_rewards.values())
    b.add(
        Text(rx, y + 2.6, "Frontiers", 2.6, bold=True),
        Text(rx, y + 5.2, f"sum of your circled values ({near_far})", 2.1, colour=MUTED),
    )
    _write_in(b, "score-frontier-points", bx, y, 12, box_h, {"row": "frontier", "what": "points"})
    for j, (row, name, each, what) in enumerate(
        (
            ("treasure-bonus", "Treasure bonus", scoring.treasure_bonus, "circled Treasures"),
            ("alien-penalty", "Alien penalty", scoring.alien_penalty, "uncovered Aliens"),
        )
    ):
        y = top + 6 + (j + 1) * (row_h + 1.5)
        b.add(
            Text(rx, y + 2.6, name, 2.6, bold=True),
            Text(rx, y + 5.2, what, 2.1, colour=MUTED),
            Text(bx - 15.5, y + 4.0, "x", 2.6, "middle"),
            Text(bx - 11, y + 4.0, f"{each:+d} =", 2.6, "middle"),
        )
        _write_in(b, f"score-{row}-count", bx - 27, y, 10, box_h, {"row": row, "what": "count"})
        _write_in(b, f"score-{row}-points", bx, y, 12, box_h, {"row": row, "what": "points"})
    y = top + 6 + 3 * (row_h + 1.5) + 2
    b.add(Text(rx, y + 4.6, "TOTAL", 4.0, bold=True))
    total = Field(
        "score-total-points",
        "write_in",
        bx - 6,
        y - 0.5,
        18,
        8,
        meta={"row": "total", "what": "points"},
    )
    b.add_field(
        total,
        [
            Rect(
                total.x + 0.15,
                total.y + 0.15,
                total.w - 0.3,
                total.h - 0.3,
                Style(stroke="#000000", fill="#ffffff", width=0.7),
            )
        ],
    )
