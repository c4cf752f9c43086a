"""How far a flattened page bows: what the corner markers' fit does not see.

A page curled along one edge keeps its corners nearly where a flat page has them, so the
homography of its corner markers fits (``rectify.MAX_REPROJECTION_MM``), while the middle
of the curled edge lies millimetres off. The local alignment
(``local_align._shift_grid``) measures where the print shows, tile by tile; a tilted or
badly fitted page moves its tiles along a plane (an affine field of shifts), a bowed one
does not. ``bend_mm`` is what the plane leaves: the 95th percentile of the shifts'
distance from their best affine fit.

Measured (session 41, the reader's own shift grids): 150 usual hard pages (held-out and
seed 82) bend at most 0.88 mm, and no page of nine usual photo sets (held-out, seeds 45,
82, 88, 111, 112, 203, 204, 301) reaches ``BOWED_MM``; of 200 hard pages curled twice as
much as the hard level curls (seed 401), 28 do, and refusing them takes the set's fields
read wrong with nothing asked from 90 to 49 and its sheets scored wrong unasked from 1
to 0. Such a page was refused as not lying flat until session 52.

But the bend says how far the page bows, not whether the local alignment followed it;
what the page's own print shows once aligned does (``local_align.misalignment_mm``: its
tiles measured again). Session 52, every page past ``BOWED_MM`` (or past the corner markers'
``rectify.MAX_REPROJECTION_MM``) read with the refusal lifted: of the 20 such pages of 45
photo sets (12,500 photos), the 15 whose print lay within 0.34 mm once aligned read with
no field wrong unasked, four of the five at 0.52-3.0 mm with 29 (a tech page's rows read
one box off); and on 600 hard photos curled 0.012-0.035 of the short side (two sets),
the fields read wrong unasked, per field, grow with the misalignment, bent or not: 0.014%
under 0.2 mm, 0.15% at 0.2-0.3, 0.2-0.5% past it. So a page past those limits is read where its
print lies within ``MISALIGNED_MM`` once aligned, as well as a flat page so aligned is
read (0.16% there, against 0.15%), and refused past it (``page_masks.flat_masks``). A page
within the limits is not measured again (its second tile pass costs ~10 ms).

One alignment pass cannot follow a curl whose edge lies more than a quarter of a tile
(3.7 mm) off once the corners are fitted: those tiles' shifts are not measured, and
their neighbours' fill in. Aligned again from where the first pass left it, the page's
tiles measure what is left, and the shifts add up (``local_align.aligned``). So a page
past the limits that one pass leaves ``MISALIGNED_MM`` or more off is aligned in
``BOWED_ALIGN_PASSES`` passes and measured again (session 53): of the 6 such pages of 45
photo sets, 5 then lay 0.12-0.20 mm off and 1 0.27 mm (read: 525 fields, 94 asked, 1
wrong unasked, on the 0.27 mm page asking 62 of its 124); one, its rows locked a box off,
still 2.4 mm (refused). On the two curled sets (600 hard photos) 11 pages refused before
read: 1,872 fields, 5 asked, 2 wrong unasked (both on pages asking something); the
other 589 pages read as before.

A page can curl at one edge more steeply than one pass follows and still bow under
``BOWED_MM`` with its print lined up within ``MISALIGNED_MM`` over the page: the pass's
smoothing drops the outer tiles' shifts as misfits against their neighbours' and fills
in from inside, so the outer column's print lies 1-1.5 mm off and is read as ink (seeds
681 #551, 688 #651, 695 #271: hard trackers bowing 0.65-0.80 mm, Blue's round 1 circle
read filled on its own outline, nothing asked). ``curled_edge`` counts the tiles of one
side that the pass measured and did not follow by ``CURL_MISS_MM``, all one way (tiles
locked on a neighbouring box miss either way, or by more); at ``CURLED_EDGE_TILES`` the
page is aligned in ``BOWED_ALIGN_PASSES`` passes from the start (session 57). Of 1,200
photos (hard seeds 681, 688, 690; seed 695) 25 pages reach 10; on 20 photo sets (6,000
photos) the fields so read change: 3 wrong unasked -> right, 1 -> asked, 45 asked ->
right, 11 right -> asked, none newly wrong. Aligning every page in three passes instead
(those four sets) made 9 fields newly wrong unasked and 208 right ones asked, against
156 asked ones right.
"""

from __future__ import annotations

import numpy as np

BOWED_MM = 1.0  # a page bending this far from a plane is read only if its print lines up...
MISALIGNED_MM = 0.3  # ...within this, once aligned (``local_align.misalignment_mm``)
BOWED_ALIGN_PASSES = 3  # ...aligned again in this many passes where one does not do it
BEND_PERCENTILE = 95  # of the tiles' distances from the plane
# A tile the first alignment pass measured but did not follow by this much (mm, along
# the normal of its side of the page)...
CURL_MISS_MM = (0.4, 2.5)
CURL_SIDE_TILES = 2  # ...among a side's this many outer rows or columns of tiles...
CURLED_EDGE_TILES = 10  # ...this many, all one way: that side curls; aligned in more passes


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


def curled_edge(unfollowed: np.ndarray, px_per_mm: float) -> int:
    """The most tiles of one side of the page (its ``CURL_SIDE_TILES`` outer columns or
    rows) that the alignment measured but did not follow (``unfollowed``: (rows, cols, 2)
    page pixels, NaN where not measured; ``local_align._shift_grid``) by ``CURL_MISS_MM``
    along that side's normal, all one way: an edge curling more steeply than the
    alignment's smoothing lets one pass follow, its print then read as ink."""
    k = CURL_SIDE_TILES
    lo, hi = CURL_MISS_MM
    most = 0
    for side, axis in (
        (unfollowed[:, :k], 0),
        (unfollowed[:, -k:], 0),
        (unfollowed[:k], 1),
        (unfollowed[-k:], 1),
    ):
        along = side[..., axis] / px_per_mm
        far = np.abs(along)
        missed = (far >= lo) & (far <= hi)  # (NaN compares False: not measured)
        most = max(most, int((missed & (along > 0)).sum()), int((missed & (along < 0)).sum()))
    return most
