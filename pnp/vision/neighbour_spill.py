"""Ink in a circle that is its neighbour's: a fill drawn too large, run in from one side.

Bubbles stand about a millimetre apart, and a fill drawn 1-3 mm too large runs into the
next one. The circle it runs into then holds a little ink, all of it on the side that
faces the overrunning neighbour; a fill of its own, however light, lies about the
circle's centre, as much on the far side as on the near one. A circle barely covered
(less than any fill covers, ``THIN``) whose ink lies all in the half that faces an
adjacent circle filled past its outline (``beyond``) is read empty; one covered more,
up to half (``HALF_COVERED``), is asked (``spilled``): a fill of its own drawn to that
side, or the overrun? (Seed 687 #124, an easy Solo page: Law's units bubble 2 filled
far past its circle, read as a mark hatched out, over 42% of bubble 1, read filled.)

Not a Cosmos hex: a hex is marked with a symbol drawn anywhere in it, not filled, and a
symbol drawn low in its hex, below a neighbour whose symbol runs past its circle, was
read empty, unasked (a Cosmos sheet printed at 97% and 95%, seed 7). A circle
checked off by convention (``hatching.CHECKED_CIRCLE_KINDS``, the round indicators) is
asked instead (``spilled``): a tick needs not lie about the centre. Seed 691 #61 (an
easy tracker): Round 6 ticked on the side toward Round 7, whose fill ran past its
circle, was read empty, unasked; on 15 sets (held-out 4242, seeds 679, 682, 683, 685,
687, 689, 691; hard 677, 678, 681, 684, 686, 688, 690) it was the only round indicator
this rule read empty. Passed over since (session 56), seed 711 #121 (an easy tracker):
Red's Round 5 holding Round 6's overrun (11.4% of it, as dark as the page's marks) was
read filled by the page's gap, unasked.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading
from pnp.vision.hatching import CHECKED_CIRCLE_KINDS
from pnp.vision.ink import InkMasks

THIN = 0.2  # covered less than this: no fill (``field_doubts.BUBBLE_MIN_COVERAGE``)
HALF_COVERED = 0.5  # covered less than this, all toward a neighbour's overrun: asked
ADJACENT = 2.6  # circles whose centres are this many radii apart or less are neighbours
OVERRUN_BEYOND = 0.3  # a neighbour's square's corners this inked: filled past its circle
# At most this share of the circle's ink (base step) on the half away from the neighbour.
# On tune8 the circles run into from a neighbour hold none there (0 of their ink).
FAR_SHARE = 0.1
SYMBOLS = {"hex"}  # circles marked with a symbol, not filled


def far_share(masks: InkMasks, f: Field, inside, toward: Field, px_per_mm: float) -> float:
    """The share of the base-step ink inside ``f`` that lies in the half of it away from
    ``toward``'s centre (1.0 when there is no ink)."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in inside)
    ink = masks.base[y0:y1, x0:x1] > 0
    total = int(ink.sum())
    if total == 0:
        return 1.0
    ys, xs = np.nonzero(ink)
    dx, dy = toward.x - f.x, toward.y - f.y
    along = ((xs + x0 + 0.5) / px_per_mm - f.x) * dx + ((ys + y0 + 0.5) / px_per_mm - f.y) * dy
    return float((along < 0).sum()) / total


def spilled_in(
    readings: list[FieldReading], fields: list[Field], masks: InkMasks, px_per_mm: float
) -> list[FieldReading]:
    """``readings`` with every barely covered circle whose ink is a neighbour's overrun
    read empty, and asked (``spilled``) where it is a round indicator, or covered up to
    ``HALF_COVERED``: a fill of its own drawn to one side, or the overrun?"""
    from pnp.vision.field_boxes import _field_boxes

    circles = [n for n, f in enumerate(fields) if f.shape == "circle" and f.kind not in SYMBOLS]
    partly = [
        n for n in circles if readings[n].state != "empty" and readings[n].coverage < HALF_COVERED
    ]
    if not partly:
        return readings
    # filled past its circle: a fill, or a mark read hatched out (its ink is there all
    # the same: seed 687 #124)
    overrun = [
        n
        for n in circles
        if (readings[n].state == "filled" or readings[n].hatched)
        and readings[n].beyond >= OVERRUN_BEYOND
    ]
    inside = None
    out = list(readings)
    for n in partly:
        f = fields[n]
        near = [
            fields[k]
            for k in overrun
            if k != n and math.hypot(fields[k].x - f.x, fields[k].y - f.y) <= ADJACENT * f.w / 2
        ]
        if not near:
            continue
        if inside is None:
            inside = _field_boxes(fields, px_per_mm).inside
        if any(far_share(masks, f, inside[n], k, px_per_mm) <= FAR_SHARE for k in near):
            thin = readings[n].coverage < THIN
            if thin and f.kind not in CHECKED_CIRCLE_KINDS:
                out[n] = replace(readings[n], state="empty", confidence=0.8)
            else:  # a tick needs not lie about the centre, nor a fill this large
                out[n] = replace(readings[n], state="doubtful", confidence=0.5, spilled=True)
    return out
