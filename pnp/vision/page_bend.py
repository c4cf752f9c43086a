"""How far a flattened page bows: what the corner markers' fit does not see.

A page curled along one edge keeps its corners nearly where a flat page has them, so the
homography of its corner markers fits (``rectify.MAX_REPROJECTION_MM``), while the middle
of the curled edge lies millimetres off. The local alignment (``ink._shift_grid``)
measures where the print shows, tile by tile; a tilted or badly fitted page moves its
tiles along a plane (an affine field of shifts), a bowed one does not. ``bend_mm`` is
what the plane leaves: the 95th percentile of the shifts' distance from their best
affine fit.

Measured (session 41, the reader's own shift grids): 150 usual hard pages (held-out and
seed 82) bend at most 0.88 mm, and no page of nine usual photo sets (held-out, seeds 45,
82, 88, 111, 112, 203, 204, 301) reaches ``BOWED_MM``; of 200 hard pages curled twice as
much as the hard level curls (seed 401), 28 do, and refusing them takes the set's fields
read wrong with nothing asked from 90 to 49 and its sheets scored wrong unasked from 1
to 0. Such a page was refused as not lying flat until session 52.

But the bend says how far the page bows, not whether the local alignment followed it;
what the page's own print shows once aligned does (``ink.misalignment_mm``: its tiles
measured again). Session 52, every page past ``BOWED_MM`` (or past the corner markers'
``rectify.MAX_REPROJECTION_MM``) read with the refusal lifted: of the 20 such pages of 45
photo sets (12,500 photos), the 15 whose print lay within 0.34 mm once aligned read with
no field wrong unasked, four of the five at 0.52-3.0 mm with 29 (a tech page's rows read
one box off); and on 600 hard photos curled 0.012-0.035 of the short side (two sets),
the fields read wrong unasked, per field, grow with the misalignment, bent or not: 0.014%
under 0.2 mm, 0.15% at 0.2-0.3, 0.2-0.5% past it. So a page past those limits is read where its
print lies within ``MISALIGNED_MM`` once aligned, as well as a flat page so aligned is
read (0.16% there, against 0.15%), and refused past it (``read.flat_masks``). A page
within the limits is not measured again (its second tile pass costs ~10 ms).

One alignment pass cannot follow a curl whose edge lies more than a quarter of a tile
(3.7 mm) off once the corners are fitted: those tiles' shifts are not measured, and
their neighbours' fill in. Aligned again from where the first pass left it, the page's
tiles measure what is left, and the shifts add up (``ink._aligned``). So a page past the
limits that one pass leaves ``MISALIGNED_MM`` or more off is aligned in
``BOWED_ALIGN_PASSES`` passes and measured again (session 53): of the 6 such pages of 45
photo sets, 5 then lay 0.12-0.20 mm off and 1 0.27 mm (read: 525 fields, 94 asked, 1
wrong unasked, on the 0.27 mm page asking 62 of its 124); one, its rows locked a box off,
still 2.4 mm (refused). On the two curled sets (600 hard photos) 11 pages refused before
read: 1,872 fields, 5 asked, 2 wrong unasked (both on pages asking something); the
other 589 pages read as before.
"""

from __future__ import annotations

import numpy as np

BOWED_MM = 1.0  # a page bending this far from a plane is read only if its print lines up...
MISALIGNED_MM = 0.3  # ...within this, once aligned (``ink.misalignment_mm``)
BOWED_ALIGN_PASSES = 3  # ...aligned again in this many passes where one does not do it
BEND_PERCENTILE = 95  # of the tiles' distances from the plane


def bend_mm(shifts: np.ndarray, px_per_mm: float) -> float:
    """The bend of a page from its local shifts ((rows, cols, 2) in page pixels, one per
    tile of a regular grid): the ``BEND_PERCENTILE`` of their distances from the best
    affine field, in mm. 0 for a grid too small to tell."""
    rows, cols = shifts.shape[:2]
    if rows * cols < 4:
        return 0.0
    y, x = np.mgrid[0:rows, 0:cols]
    plane = np.stack([np.ones(rows * cols), x.ravel() / cols, y.ravel() / rows], axis=1)
    values = shifts.reshape(-1, 2).astype(np.float64)
    coef, *_ = np.linalg.lstsq(plane, values, rcond=None)
    off = np.linalg.norm(values - plane @ coef, axis=1)
    return float(np.percentile(off, BEND_PERCENTILE)) / px_per_mm
