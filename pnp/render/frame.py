"""The frame of every writable page: corner fiducials, the page-code QR symbol,
a title, and a 100 % scale check.

The frame is drawn in the common box (see pnp.paper) and centred on the paper.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.pagecode import PageCode
from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.scene import FILLED, Group, Item, Line, Rect, Style, Text, group
from pnp.sheetmap import Fiducial

MARKER_SIZE = 12.0  # mm: 2 mm per ArUco cell, found in a 2 MP photo of the whole page
MARKER_INSET = 7.0  # mm from the common box edge, clear of printers' unprintable margins
QR_MODULE = 0.8  # mm per QR module: over 4 px in a 2 MP photo of the page
RULER_MM = 50
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")

# Where sheet content may go, in common-box mm: between the marker rows.
CONTENT_TOP = MARKER_INSET + MARKER_SIZE + 3
CONTENT_BOTTOM = COMMON_HEIGHT - MARKER_INSET - MARKER_SIZE - 4
CONTENT_LEFT = 10.0
CONTENT_RIGHT = COMMON_WIDTH - 10.0


@lru_cache(maxsize=8)
def aruco_cells(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The 6x6 cells (border included) of ArUco DICT_4X4_50 marker ``marker_id``; True = black."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    img = dictionary.generateImageMarker(marker_id, 6)
    return tuple(tuple(bool(v < 128) for v in row) for row in img)


@lru_cache(maxsize=256)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR symbol of ``text`` without its quiet zone; True = black module."""
    import cv2

    img = cv2.QRCodeEncoder.create().encode(text)
    rows = [[bool(v < 128) for v in row] for row in img]
    while not any(rows[0]):
        rows.pop(0)
    while not any(rows[-1]):
        rows.pop()
    cols = [i for i in range(len(rows[0])) if any(r[i] for r in rows)]
    lo, hi = cols[0], cols[-1]
    return tuple(tuple(r[lo : hi + 1]) for r in rows)


def _cells_to_rects(cells, x: float, y: float, cell: float) -> list[Item]:
    """Black runs of each row as one rectangle (small files). Each run reaches a little
    into the row below so that anti-aliased rasterizers leave no light seam between rows."""
    seam = cell * 0.08
    rects: list[Item] = []
    for j, row in enumerate(cells):
        i = 0
        while i < len(row):
            if row[i]:
                start = i
                while i < len(row) and row[i]:
                    i += 1
                below = seam if j + 1 < len(cells) else 0.0
                rects.append(
                    Rect(x + start * cell, y + j * cell, (i - start) * cell, cell + below, FILLED)
                )
            else:
                i += 1
    return rects


def fiducials() -> list[Fiducial]:
    s, m = MARKER_SIZE, MARKER_INSET
    spots = [
        (m, m),
        (COMMON_WIDTH - m - s, m),
        (COMMON_WIDTH - m - s, COMMON_HEIGHT - m - s),
        (m, COMMON_HEIGHT - m - s),
    ]
    return [Fiducial(i, CORNERS[i], x, y, s) for i, (x, y) in enumerate(spots)]


def qr_box(code: PageCode) -> tuple[float, float, float]:
    """Where the page-code QR symbol sits (x, y, size) in common-box mm: bottom right,
    left of the corner marker. Its top reaches above CONTENT_BOTTOM, so content near
    the bottom right must keep clear of it and its quiet zone."""
    size = len(qr_modules(code.text)) * QR_MODULE
    return (
        COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 4 - size,
        COMMON_HEIGHT - MARKER_INSET - size,
        size,
    )


def frame_items(code: PageCode, title: str, subtitle: str = "") -> tuple[list[Item], tuple]:
    """The frame's primitives and the QR box (x, y, size), in common-box mm."""
    items: list[Item] = []
    for f in fiducials():
        cells = aruco_cells(f.id)
        items.append(group(_cells_to_rects(cells, f.x, f.y, f.size / 6), f"fiducial-{f.id}"))

    modules = qr_modules(code.text)
    qr_x, qr_y, qr_size = qr_box(code)
    items.append(group(_cells_to_rects(modules, qr_x, qr_y, QR_MODULE), "page-code"))
    items.append(
        Text(qr_x - 2, COMMON_HEIGHT - MARKER_INSET - 0.5, code.text, 2.2, "end", colour="#555555")
    )

    # Title between the two top markers.
    mid = COMMON_WIDTH / 2
    items.append(Text(mid, MARKER_INSET + 7.5, title, 7, "middle", bold=True))
    if subtitle:
        items.append(Text(mid, MARKER_INSET + 12, subtitle, 3, "middle", colour="#444444"))

    items.append(
        group(
            _ruler(MARKER_INSET + MARKER_SIZE + 4, COMMON_HEIGHT - MARKER_INSET - 5.5),
            "scale-check",
        )
    )
    return items, (qr_x, qr_y, qr_size)


def plain_frame_items(title: str, subtitle: str = "") -> list[Item]:
    """Title and scale check for pages with nothing to mark (tokens, boards, references)."""
    mid = COMMON_WIDTH / 2
    items: list[Item] = [Text(mid, MARKER_INSET + 7.5, title, 7, "middle", bold=True)]
    if subtitle:
        items.append(Text(mid, MARKER_INSET + 12, subtitle, 3, "middle", colour="#444444"))
    items.append(group(_ruler(CONTENT_LEFT, COMMON_HEIGHT - MARKER_INSET - 5.5), "scale-check"))
    return items


def _ruler(x: float, y: float) -> list[Item]:
    thin = Style(width=0.25)
    items: list[Item] = [Line(x, y, x + RULER_MM, y, thin)]
    for mm in range(0, RULER_MM + 1, 5):
        tick = 2.2 if mm % 10 == 0 else 1.2
        items.append(Line(x + mm, y, x + mm, y - tick, thin))
    items.append(
        Text(
            x,
            y + 3.2,
            f"Print at actual size (100 %): this bar is {RULER_MM} mm",
            2.2,
            colour="#333333",
        )
    )
    return items


def centred(items: list[Item], width: float, height: float) -> tuple[list[Item], float, float]:
    """Items placed from the common box onto a page of the given size, and the offset used."""
    from pnp.render.scene import translate

    dx = (width - COMMON_WIDTH) / 2
    dy = (height - COMMON_HEIGHT) / 2
    return translate(items, dx, dy), dx, dy


__all__ = ["Group", "frame_items", "fiducials", "centred", "CONTENT_TOP", "CONTENT_BOTTOM"]
