"""Find a faint straight stroke in a box read as doubtful: a pencil cross, a tick.

A light pencil stroke may be fainter than the ink step along most of its length, so
the ink mask holds only pieces of it and the box reads a few percent inked:
doubtful. Along the stroke, though, the photo is darker than the paper beside it all
the way: summed along its direction, the darkness stands out from the paper's noise
as no grain of noise or speck does. A box whose inside holds such a stroke (a line
across half the box or more, darker than the paper 3 noise widths at 45% of its
points, a ridge: darker than the lines 1 mm to either side, as the edge of a shaded
or hatched patch is not) is read filled.

A mark may also be cut short by dark print: a tick across a printed icon shows only
where it leaves the icon, and the ink share counts the hidden part of the inside as
bare paper. On quiet paper (``QUIET_BASE_RATIO``) a doubtful box whose visible inside
(``coverage``) is inked as much as ``QUIET_FILLED_MIN`` asks of a whole inside is read
filled (tune8: 20 such boxes, all marked; none unmarked).

Neither is trusted in a box within ``NEAR_HATCHED_MM`` of a box read hatched out: a
hatching runs up to a couple of millimetres past its box, into the next one, in
straight strokes (the fresh seed 21 and 22 sets: two spaces beside a space hatched out
read filled on its overshoot). Such a box stays doubtful, and is asked about.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.box_texture import FLAT_SPREAD, LIGHT_PRINT
from pnp.vision.fields import QUIET_BASE_RATIO, QUIET_FILLED_MIN, FieldReading
from pnp.vision.ink import InkMasks
from pnp.vision.px_scale import px_count, px_scale
from pnp.vision.robust_spread import median_spread

ANGLE_STEP = 3  # degrees between the directions tried
MIN_LENGTH = 0.5  # of the box's shorter side: the stroke's plain length at least
NEAR_HATCHED_MM = 2.5  # a box this close to one read hatched out: its strokes not trusted
STROKE_POINTS = 0.45  # share of the line's points darker than paper by 3 noise widths
STROKE_DARKNESS = 4.0  # the line's mean darkness, in noise widths
RIDGE = 4.0  # ...and above the lines RIDGE_MM to either side, in noise widths
RIDGE_MM = 1.0
PLAIN_MARGIN_MM = 0.3  # plain print (see ``hatching``) this far from any edge
MIN_PLAIN_PX = 100
# A line whose clear points lie mostly (more than this share) within EDGE_MM of the
# inside's edge runs along the outline: its print misregistered, blurred or shaded along
# one side, not a mark (seed 794 #1150, a hard ship page: a reddish edge 0.6 mm inside an
# empty space's left outline read a stroke and the space filled). A pen's stroke crosses
# the box. On the hard sets of seeds 784, 786, 788 and 794, of the 297 boxes read filled by
# a stroke it was the one whose line ran along an edge (the others' lines lay 3 mm or
# more from an edge they ran along, or across the box).
EDGE_MM = 1.5
EDGE_SHARE = 0.5


def stroke_score(
    masks: InkMasks, inside, px_per_mm: float, least: float = 0.0
) -> tuple[float, float, float]:
    """(share of points, mean darkness, ridge) of the line across the box's inside that
    has the most points clearly darker than paper (darkness and ridge in noise widths
    of the box's plain paper); zeros when the box has too little plain print, or when no
    line has ``least`` of its points clearly darker (such a box is done quickly: only the
    directions where a line has that many are measured for darkness)."""
    x0, y0, x1, y1 = (int(v) for v in inside)
    seen = masks.seen[y0:y1, x0:x1]
    window = masks.printed[y0:y1, x0:x1]
    if seen.size == 0:
        return 0.0, 0.0, 0.0
    k = np.ones((2 * round(PLAIN_MARGIN_MM * px_per_mm) + 1,) * 2, np.uint8)
    spread = cv2.subtract(cv2.dilate(window, k), cv2.erode(window, k))
    plain = ((spread <= FLAT_SPREAD) & (window >= LIGHT_PRINT)).ravel()
    relative = np.minimum(seen / np.maximum(window.astype(np.float32) / 255, 0.05), 1.2)
    dark = np.clip(1 - cv2.GaussianBlur(relative, (0, 0), px_scale(px_per_mm)), -0.5, 1.0)
    at = np.flatnonzero(plain)  # the plain pixels, in raster order
    if at.size < px_count(MIN_PLAIN_PX, px_per_mm):
        return 0.0, 0.0, 0.0
    values = dark.ravel()[at]
    median, noise = median_spread(values)
    clear = (values - median) > 3 * noise
    # Every line across the box at once: each plain pixel falls in the row (1 px wide)
    # at its distance from the centre across the line's direction, for every direction.
    h, w = dark.shape
    every, rows = _line_rows(h, w)
    shape = (every.shape[1], rows)
    points = np.bincount(every.take(at[clear], axis=0).ravel(), minlength=shape[0] * shape[1])
    # A line is long enough with this many pixels, so it has ``least`` of its points clear
    # only with at least ``least`` of this many: the other directions are not measured.
    shortest = math.ceil(MIN_LENGTH * min(w, h))
    measured = np.flatnonzero((points.reshape(shape) / shortest >= least).any(axis=1))
    if measured.size == 0:
        return 0.0, 0.0, 0.0
    lines = every.take(measured, axis=1).take(at, axis=0).ravel()
    room = np.bincount(lines, minlength=points.size).reshape(shape)
    # each plain pixel's darkness, summed direction by direction in raster order
    total = np.bincount(lines, np.repeat(values, len(measured)), points.size).reshape(shape)
    long_enough = room >= MIN_LENGTH * min(w, h)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(long_enough, points.reshape(shape) / room, 0.0)
        means = np.where(long_enough, total / room, np.nan)
    side = round(RIDGE_MM * px_per_mm)
    before = np.full(means.shape, np.nan)
    before[:, side:] = means[:, :-side]
    after = np.full(means.shape, np.nan)
    after[:, :-side] = means[:, side:]
    with np.errstate(invalid="ignore"):
        ridge = (means - np.fmax(before, after)) / noise
    share = np.where(np.nan_to_num(ridge, nan=-np.inf) >= RIDGE, share, 0.0)
    # a line whose clear points lie mostly within EDGE_MM of the inside's edge runs along
    # the outline (or across a corner of it)
    edge = _edge_band(h, w, round(EDGE_MM * px_per_mm)).ravel()[at]
    rim = np.bincount(every.take(at[clear & edge], axis=0).ravel(), minlength=points.size)
    share[(rim > EDGE_SHARE * points).reshape(shape)] = 0.0
    a, row = np.unravel_index(int(np.argmax(share)), share.shape)
    if share[a, row] <= 0 or share[a, row] < least:
        return 0.0, 0.0, 0.0
    return float(share[a, row]), float((means[a, row] - median) / noise), float(ridge[a, row])


@lru_cache(maxsize=8)
def _edge_band(h: int, w: int, reach: int) -> np.ndarray:
    """(h, w) bool: the pixels of an ``h`` by ``w`` box within ``reach`` of its edge (read
    only)."""
    band = np.ones((h, w), bool)
    band[reach : h - reach, reach : w - reach] = False
    band.flags.writeable = False
    return band


_LINE_ROWS: dict[tuple[int, int], tuple[np.ndarray, int]] = {}


def _line_rows(h: int, w: int) -> tuple[np.ndarray, int]:
    """For a box of ``h`` by ``w`` px: the row (1 px wide, ``rows`` to a direction,
    counted on through the directions) that each pixel falls in across every direction
    tried, (h * w pixels in raster order, directions); and ``rows``. Cached by the box's
    size (read only)."""
    hit = _LINE_ROWS.get((h, w))
    if hit is None:
        if len(_LINE_ROWS) >= 8:
            _LINE_ROWS.pop(next(iter(_LINE_ROWS)))
        angles = np.radians(np.arange(0, 180, ANGLE_STEP))
        down = (np.arange(h)[:, None] - h / 2) * np.cos(angles)[None, :]
        across = (np.arange(w)[:, None] - w / 2) * np.sin(angles)[None, :]
        offset = (down[:, None, :] - across[None, :, :]).reshape(h * w, len(angles))
        rows = int(np.ceil(np.hypot(h, w))) + 2
        first = rows * np.arange(len(angles), dtype=np.int32)  # each direction's first row
        bins = np.rint(offset).astype(np.int32) + rows // 2 + first  # (int32: half the memory)
        bins.flags.writeable = False
        hit = _LINE_ROWS[h, w] = (bins, rows)
    return hit


def partly_hidden(r: FieldReading) -> bool:
    """Whether a doubtful box on quiet paper is inked enough where ink can show at all."""
    return r.base_ink <= QUIET_BASE_RATIO * r.ink and r.coverage >= QUIET_FILLED_MIN


def faint_strokes(
    readings: list[FieldReading],
    fields: list[Field],
    masks: InkMasks,
    px_per_mm: float,
    solid_kinds: frozenset[str] = frozenset(),
) -> list[FieldReading]:
    """``readings`` with every doubtful box that holds a faint straight stroke, or a mark
    partly hidden by dark print, filled; and every barely covered circle whose ink is a
    neighbour's overrun (``neighbour_spill``) emptied."""
    from pnp.vision.field_boxes import _field_boxes
    from pnp.vision.neighbour_spill import spilled_in

    readings = spilled_in(readings, fields, masks, px_per_mm)

    candidates = [
        n
        for n, (r, f) in enumerate(zip(readings, fields, strict=True))
        if r.state == "doubtful" and f.shape == "rect" and f.kind not in solid_kinds
    ]
    if not candidates or masks.seen is None:
        return readings
    inside = _field_boxes(fields, px_per_mm).inside
    hatched = [
        _widened(f.bounds, NEAR_HATCHED_MM)
        for r, f in zip(readings, fields, strict=True)
        if r.hatched
    ]
    out = list(readings)
    for n in candidates:
        if any(_overlap(fields[n].bounds, zone) for zone in hatched):
            continue  # a hatching's overshoot, perhaps: asked
        if partly_hidden(readings[n]):
            out[n] = replace(readings[n], state="filled", confidence=0.75)
            continue
        points, darkness, ridge = stroke_score(masks, inside[n], px_per_mm, STROKE_POINTS)
        if points >= STROKE_POINTS and darkness >= STROKE_DARKNESS and ridge >= RIDGE:
            out[n] = replace(readings[n], state="filled", confidence=0.75, stroke=True)
    return out


def _widened(box: tuple[float, ...], mm: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return x0 - mm, y0 - mm, x1 + mm, y1 + mm


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two boxes (x0, y0, x1, y1) share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
