"""The 11 shape templates, at exactly the Cosmos sheet's hex size (``HEX_SIZE``).

Each template is a group ``template-<zone id>`` holding one hexagon ``Poly``
per hex, so a test can measure the printed hex size.
"""

from __future__ import annotations

from pnp.paper import Paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Group, Item, Text
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.distant_suns.common import HEX_SIZE, hex_centre, shape_items
from pnp.sheets.distant_suns.glyphs import zone_glyph
from scoring.distant_suns.hexgrid import bounds
from scoring.distant_suns.layout import Shapes, Zone

GAP = 7.0  # mm between templates: room for scissors and the name
TINT = "#eef3fb"


def template_items(zone: Zone, x: float, y: float, palette: Palette) -> list[Item]:
    """A cut-out template of ``zone`` with its bounding box's top-left at (x, y)."""
    x_min, y_min, _, _ = bounds(zone.hexes, HEX_SIZE)
    x0, y0 = x - x_min, y - y_min
    fill = None if palette.ink_saving else TINT
    items = shape_items(zone.hexes, HEX_SIZE, x0, y0, fill)
    for h in zone.hexes:
        cx, cy = hex_centre(h, HEX_SIZE, x0, y0)
        items += zone_glyph(zone.glyph, cx, cy, HEX_SIZE * 0.7, "#9aa7bd")
    return [Group(tuple(items), f"template-{zone.id}")]


def build_template_pages(shapes: Shapes, paper: Paper, palette: Palette) -> list[RenderedPage]:
    zones = sorted(shapes.all_zones, key=lambda z: -_size(z)[1])
    pages: list[RenderedPage] = []
    b = SheetBuilder()
    b.add(
        Text(
            CONTENT_LEFT,
            CONTENT_TOP + 2,
            "Cut out each template along its heavy outline "
            "(cut out the middle of the Orbit too). Turn and flip them freely.",
            2.8,
        )
    )
    x, y, shelf = CONTENT_LEFT, CONTENT_TOP + 8, 0.0
    for zone in zones:
        w, h = _size(zone)
        if x + w > CONTENT_RIGHT:
            x, y, shelf = CONTENT_LEFT, y + shelf + GAP, 0.0
        if y + h + 4 > CONTENT_BOTTOM:
            pages.append(_finish(b, paper, len(pages)))
            b = SheetBuilder()
            x, y, shelf = CONTENT_LEFT, CONTENT_TOP + 8, 0.0
        b.add(*template_items(zone, x, y, palette))
        b.add(Text(x + w / 2, y + h + 3.6, zone.name, 2.8, "middle", True))
        x += w + GAP
        shelf = max(shelf, h + 4)
    pages.append(_finish(b, paper, len(pages)))
    return pages


def _size(zone: Zone) -> tuple[float, float]:
    x_min, y_min, x_max, y_max = bounds(zone.hexes, HEX_SIZE)
    return x_max - x_min, y_max - y_min


def _finish(b: SheetBuilder, paper: Paper, index: int) -> RenderedPage:
    name = "templates" if index == 0 else f"templates-{index + 1}"
    return b.finish_plain(
        paper,
        "Shape Templates",
        name,
        f"Distant Suns - hexes {HEX_SIZE:g} mm, as on the Cosmos sheet",
    )
