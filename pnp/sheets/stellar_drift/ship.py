"""The Stellar Drift ship sheet: the ship grid, walls, costs, rewards and sections."""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Circle, Item, Rect, Style, Text
from pnp.render.symbols import icon
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.stellar_drift.common import colour_badge, cube_square, icon_row, key_entry
from scoring.stellar_drift.layout import Ship, Space, parse_cell

GUTTER = 2.0  # mm between spaces; walls are drawn in it
MAX_CELL = 24.0
LEGEND_HEIGHT = 34.0
SPECIAL_TEXT = {
    "ladder": "Ladder: free. Ladders with the same letter are adjacent.",
    "loot": "Loot: costs 1 cube of any colour; pull a cube when repaired.",
    "airlock": "Airlock: free. Once repaired, pay 1 energy to jump to any other airlock.",
}


def space_id(name: str) -> str:
    return f"space-{name}"


def build_ship_sheet(ship: Ship, paper: Paper, serial: int, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    top = CONTENT_TOP + 6
    avail_w = CONTENT_RIGHT - CONTENT_LEFT
    avail_h = CONTENT_BOTTOM - top - LEGEND_HEIGHT
    cell = min(MAX_CELL, avail_w / ship.columns, avail_h / ship.rows)
    grid_w, grid_h = cell * ship.columns, cell * ship.rows
    x0 = CONTENT_LEFT + (avail_w - grid_w) / 2
    y0 = top + (avail_h - grid_h) / 2

    b.add(*_difficulty(ship.difficulty, (CONTENT_LEFT + CONTENT_RIGHT) / 2, CONTENT_TOP + 1.5))
    b.add(
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 3,
            "Repair a space: cross it out, corner to corner.",
            2.8,
            colour="#333333",
        )
    )

    labelled: set[str] = set()
    for space in ship.spaces:
        c, r = parse_cell(space.at)
        x = x0 + c * cell + GUTTER / 2
        y = y0 + r * cell + GUTTER / 2
        s = cell - GUTTER
        section = ship.section_by_id.get(space.section) if space.section else None
        show_vp = section is not None and section.id not in labelled
        if section:
            labelled.add(section.id)
        meta = {
            "space": space.at,
            "cost": list(space.cost),
            "rewards": list(space.rewards),
            "section": space.section,
            "special": space.special,
        }
        if space.letter:
            meta["letter"] = space.letter
        ink = _space_ink(ship, space, x, y, s, palette, section, show_vp)
        if space.at == ship.reactor:
            b.add(*ink)  # the Reactor Core is repaired from the start: nothing to mark
        else:
            b.add_field(Field(space_id(space.at), "space", x, y, s, s, meta=meta), ink)

    wall = Style(stroke=None, fill="#000000")
    for w in ship.walls:
        a, z = sorted(w.split("|"), key=parse_cell)
        (ca, ra), (cz, rz) = parse_cell(a), parse_cell(z)
        if ca == cz:  # a above z: horizontal wall
            yy = y0 + rz * cell
            b.add(Rect(x0 + ca * cell - 0.3, yy - 0.9, cell + 0.6, 1.8, wall))
        else:
            xx = x0 + cz * cell
            b.add(Rect(xx - 0.9, y0 + ra * cell - 0.3, 1.8, cell + 0.6, wall))

    b.add(*_legend(ship, CONTENT_LEFT, CONTENT_BOTTOM - LEGEND_HEIGHT + 4, palette))
    code = PageCode("stellar-drift", "ship", ship.id, ship.version, serial)
    return b.finish(code, paper, ship.name, "Stellar Drift - Ship Sheet")


def _difficulty(pips: int, cx: float, y: float) -> list[Item]:
    items: list[Item] = [Text(cx - 13, y + 1, "Difficulty", 2.8, "end", colour="#333333")]
    for i in range(5):
        fill = "#000000" if i < pips else "#ffffff"
        items.append(Circle(cx - 10 + i * 4, y, 1.4, Style(fill=fill, width=0.3)))
    return items


def _space_ink(ship: Ship, space: Space, x, y, s, palette: Palette, section, show_vp) -> list[Item]:
    if space.at == ship.reactor:
        return [
            Rect(x, y, s, s, Style(stroke="#000000", fill="#111111", width=0.4), radius=1.2),
            Text(x + s / 2, y + s * 0.45, "REACTOR", s * 0.15, "middle", True, "#ffffff"),
            Text(x + s / 2, y + s * 0.66, "CORE", s * 0.15, "middle", True, "#ffffff"),
        ]
    fill = palette.tint(section.colour) if section else None
    border = Style(stroke="#000000", fill=fill, width=0.45 if section else 0.35)
    items: list[Item] = [Rect(x, y, s, s, border, radius=1.2)]
    # A strip along the top holds the section badge and VP; costs and rewards sit below it.
    if section:
        badge = max(2.2, s * 0.15)
        items.append(
            colour_badge(section.colour, x + 0.9 + badge / 2, y + 0.9 + badge / 2, badge, palette)
        )
        if show_vp:
            items.append(
                Text(
                    x + s - 1.0,
                    y + 0.7 + badge * 0.85,
                    f"{section.vp} VP",
                    max(2.2, s * 0.13),
                    "end",
                    bold=True,
                )
            )
    q = s * 0.23  # cost square size
    top_cy = y + s * 0.47
    if space.special == "ladder":
        items += icon("ladder", x + s / 2 - q * 0.6, top_cy, q)
        items.append(
            Text(x + s / 2 + q * 0.5, top_cy + q * 0.38, space.letter or "", q * 1.05, bold=True)
        )
    elif space.special == "airlock":
        items += icon("airlock", x + s / 2, top_cy, q * 1.5)
    elif space.special == "loot":
        items += icon("bag", x + s / 2 - q * 0.6, top_cy, q)
        items.append(
            Rect(x + s / 2 + q * 0.1, top_cy - q / 2, q, q, Style(stroke=None, fill="#000000"))
        )
    else:
        n = len(space.cost)
        gap = q * 0.2
        cx = x + s / 2 - (n * q + (n - 1) * gap) / 2
        for colour in space.cost:
            items += cube_square(colour, cx, top_cy - q / 2, q, palette)
            cx += q + gap
    if space.rewards:
        items += icon_row(list(space.rewards), x + s / 2, y + s * 0.79, s * 0.25, s * 0.06)
    return items


def _legend(ship: Ship, x: float, y: float, palette: Palette) -> list[Item]:
    items: list[Item] = [Text(x, y, "Ship Sections (VP when fully repaired)", 3.2, bold=True)]
    col_w = 45
    for i, sec in enumerate(ship.sections):
        cx = x + (i % 4) * col_w
        cy = y + 5 + (i // 4) * 5
        items.append(colour_badge(sec.colour, cx + 1.8, cy - 1, 3, palette))
        items.append(Text(cx + 4.5, cy, f"{sec.id.replace('-', ' ').title()}: {sec.vp} VP", 2.8))
    rows = (len(ship.sections) + 3) // 4
    ky = y + 6 + rows * 5
    items.append(Text(x, ky, "Rewards", 3.2, bold=True))
    for i, name in enumerate(["power", "life_support", "cpu_core", "engines", "fuel", "tech"]):
        items += key_entry(name, x + i * 31, ky + 5)
    specials = sorted({s.special for s in ship.spaces if s.special})
    for j, special in enumerate(specials):
        items.append(Text(x, ky + 11 + j * 4.5, SPECIAL_TEXT[special], 2.8))
    return items
