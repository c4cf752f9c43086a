"""How far a field's ink reaches past its outline, side by side, and into its corners.

A box hatched out is covered a little past its outline on most sides, and no farther:
the hatching spans the box and stops within about a millimetre of it. A fill drawn too
large runs 1-3 mm past, toward the side it drifted to. A mark of the box next door runs
in from one side only. These measures tell those apart (``pnp.vision.hatch_reach``, for
``pnp.vision.hatching``).

``side_reach`` walks outward from each side of a field, across the printed outline,
column by column, and notes the farthest ink reached before a clear gap of paper; a
column's reach is 0 when no ink lies next to the outline. ``corner_shares`` gives the
inked share of each corner of a circle's square (where a hatching covers and a fill,
kept inside the circle, does not).
"""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.ink import InkMasks
from pnp.vision.px_scale import px_count

REACH_MM = 3.0  # no farther than this is walked past a side
# A run of readable paper without ink this long ends the walk: the ink beyond is not the
# field's (a label, the next box's mark); the outline itself (unreadable print) does not.
GAP_MM = 0.5
SIDE_TRIM = 0.1  # of a side's length at each end, left out: the corners are walked twice
CORNER_MM = 0.15  # a circle's corner boxes reach this far past its square (as ``beyond``)
CORNER_SHARE = 0.28  # ...and this share of the radius into it
MIN_ROOM_PX = 4  # a corner with fewer readable pixels tells nothing


def side_reach(
    masks: InkMasks, f: Field, px_per_mm: float, base: bool = False
) -> list[tuple[float, float]] | None:
    """(median, 90th percentile) over its columns of how far ink reaches past each side of
    ``f`` (top, bottom, left, right), in mm; None when the walk leaves the page. With
    ``base`` the ink followed is the base step's (faint strokes too), not the local step's."""
    h, w = masks.ink.shape
    x0, y0, x1, y1 = f.bounds
    ink = masks.base if base else masks.ink
    steps = np.arange(round(REACH_MM * px_per_mm))
    gap = max(2, round(GAP_MM * px_per_mm))
    out = []
    for side in range(4):
        a, b = (x0, x1) if side < 2 else (y0, y1)
        trim = SIDE_TRIM * (b - a)
        along = np.arange(round((a + trim) * px_per_mm), round((b - trim) * px_per_mm))[:, None]
        start = round((y0, y1, x0, x1)[side] * px_per_mm)
        across = start + (steps if side % 2 else -steps)[None, :]
        ys, xs = (across, along) if side < 2 else (along, across)
        ys, xs = np.broadcast_arrays(ys, xs)
        if ys.size == 0 or ys.min() < 0 or xs.min() < 0 or ys.max() >= h or xs.max() >= w:
            return None
        # (only the walked pixels are looked at: not the whole page's masks)
        inked = ink[ys, xs] > 0
        clear = (masks.readable[ys, xs] > 0) & ~inked
        # where the first run of ``gap`` clear pixels starts, column by column
        runs = np.cumsum(np.pad(clear, ((0, 0), (1, 0))), axis=1, dtype=np.int32)
        gapped = (runs[:, gap:] - runs[:, :-gap]) >= gap
        stop = np.where(gapped.any(axis=1), gapped.argmax(axis=1), len(steps))
        reach = np.where(inked & (steps[None, :] < stop[:, None]), steps[None, :] + 1, 0)
        reach = reach.max(axis=1) / px_per_mm
        out.append((float(np.median(reach)), float(np.percentile(reach, 90))))
    return out


def corner_shares(masks: InkMasks, f: Field, px_per_mm: float) -> list[float] | None:
    """The inked share of the readable paper in each corner of the square round a circle
    field (top left, top right, bottom left, bottom right); None when one has no room."""
    x0, y0, x1, y1 = f.bounds
    c = CORNER_SHARE * (x1 - x0) / 2
    e = CORNER_MM
    boxes = [
        (x0 - e, y0 - e, x0 + c, y0 + c),
        (x1 - c, y0 - e, x1 + e, y0 + c),
        (x0 - e, y1 - c, x0 + c, y1 + e),
        (x1 - c, y1 - c, x1 + e, y1 + e),
    ]
    out = []
    for box in boxes:
        bx0, by0, bx1, by1 = (max(0, round(v * px_per_mm)) for v in box)
        room = masks.readable[by0:by1, bx0:bx1]
        n = int(room.sum())
        if n < px_count(MIN_ROOM_PX, px_per_mm):
            return None
        out.append(float((masks.ink[by0:by1, bx0:bx1] & room).sum()) / n)
    return out
