"""What the Distant Suns sheets share: the printed hex size, the Optimization
tiles, the marking convention and hex drawing helpers."""

from __future__ import annotations

from pnp.render.scene import Item, Poly, Style
from scoring.distant_suns.hexgrid import Hex, hex_center, hex_corners

#: Centre-to-corner size of every printed hex, in mm: the Cosmos grid and the
#: shape templates use this one number, so a template lies exactly on the grid.
HEX_SIZE = 10.0

#: The marking convention, printed on the Cosmos sheet and documented in
#: layouts/README.md; the photo reader relies on it.
MARKING_RULE = (
    "Draw a shape: trace its outline on the hex lines, then draw its symbol in EVERY hex of it."
)

GRID_LINE = Style(stroke="#8c8c8c", width=0.3)
CUT_LINE = Style(stroke="#000000", width=0.4)
FOLD_LINE = Style(stroke="#555555", width=0.3, dash=(2.0, 1.5))
SET_COLOURS = {"blue": "#2a6fdb", "purple": "#7b3fb0"}
SET_TINTS = {"blue": "#d4e3f7", "purple": "#e6d8f2"}


def hex_polygon(h: Hex, size: float, x0: float, y0: float) -> tuple[tuple[float, float], ...]:
    """The corners of hex ``h`` with hex (0, 0)'s centre at (x0, y0)."""
    return tuple((x0 + x, y0 + y) for x, y in hex_corners(h[0], h[1], size))


def hex_centre(h: Hex, size: float, x0: float, y0: float) -> tuple[float, float]:
    cx, cy = hex_center(h[0], h[1], size)
    return x0 + cx, y0 + cy


def outline_edges(hexes, size: float, x0: float, y0: float) -> list[tuple]:
    """The edges of the region ``hexes`` that border no other hex of it."""
    from scoring.distant_suns.hexgrid import neighbours

    cells = set(hexes)
    edges = []
    # corner i and i+1 (clockwise from the top) bound the neighbour in this direction
    towards = (1, 0, 5, 4, 3, 2)  # indices into DIRECTIONS: NE, E, SE, SW, W, NW
    for h in cells:
        corners = hex_polygon(h, size, x0, y0)
        around = neighbours(h)
        for i in range(6):
            if around[towards[i]] not in cells:
                edges.append((corners[i], corners[(i + 1) % 6]))
    return edges


def shape_items(
    hexes,
    size: float,
    x0: float,
    y0: float,
    fill: str | None,
    inner: Style = GRID_LINE,
    edge: Style = CUT_LINE,
) -> list[Item]:
    """A polyhex: each hex filled with thin inner lines, and a heavy outline."""
    from pnp.render.scene import Line

    items: list[Item] = [
        Poly(hex_polygon(h, size, x0, y0), Style(stroke=inner.stroke, fill=fill, width=inner.width))
        for h in hexes
    ]
    items += [Line(a[0], a[1], b[0], b[1], edge) for a, b in outline_edges(hexes, size, x0, y0)]
    return items
