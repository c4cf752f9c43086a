"""The grain of the paper beside a field, on its quietest side.

The noise model may not settle a field empty whose ink at the base step is
``noise_model.STROKES_OVER_PAPER`` times the paper's grain or more
(``noise_model._may_be_empty``): a light fill on noisy paper leaves strokes below the
raised step. The page's grain is the 90th percentile of its sure empty fields; under a
hard shadow or in a dark corner the paper is far grainier than that, every empty box
there holds as much base-step ink as the paper beside it, and none of them could be
settled (held-out #151, a tracker page half in deep shade: 50 empty fields asked with
base-step ink of 20-53% against the page's 9%, the paper beside them 19-47%).

``local_grain`` measures the paper beside the field itself: the share of the free paper
(no field's box, print lighter than ``LIGHT_PRINT``) that the base step inks in a band
from ``BAND_MM[0]`` to ``BAND_MM[1]`` past each of its four sides, and takes the least
of the four. A field on a shadow's edge, with clean paper on one side, keeps the page's
grain: a pencil rocket in a hex half in shade (seed 88 #193) holds 9.8% ink at the base
step, the paper around it 20% taken whole (and the rocket was settled empty, wrongly),
on its lit side none.
"""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.field_boxes import _field_boxes, _free_of
from pnp.vision.px_scale import px_count

BAND_MM = (1.5, 5.0)  # the band read past each side: clear of the outline and its print
LIGHT_PRINT = 230  # print (of 255) at least this light is plain paper
MIN_PIXELS = 30  # a side with less free paper than this tells nothing (px at 6.25 px/mm)


def local_grain(
    f: Field, fields: list[Field], base: np.ndarray, printed: np.ndarray, px_per_mm: float
) -> float:
    """The least share of base-step ink (``base``, uint8 1 = ink) over the free plain
    paper of the four bands beside field ``f`` (``printed``: the print compared with,
    uint8; ``fields``: the page's, whose boxes are not free paper); -1 where no side has
    ``MIN_PIXELS`` of it (as many at the page's resolution as at
    ``px_scale.TUNED_PX_PER_MM``)."""
    h, w = base.shape
    x0, y0, x1, y1 = f.bounds
    a, b = BAND_MM
    bands = (
        (x0 - b, y0 - b, x0 - a, y1 + b),
        (x1 + a, y0 - b, x1 + b, y1 + b),
        (x0 - a, y0 - b, x1 + a, y0 - a),
        (x0 - a, y1 + a, x1 + a, y1 + b),
    )
    taken = _field_boxes(fields, px_per_mm).taken
    least = px_count(MIN_PIXELS, px_per_mm)
    shares = []
    for box in bands:
        bx0, by0 = (max(0, round(v * px_per_mm)) for v in box[:2])
        bx1, by1 = min(w, round(box[2] * px_per_mm)), min(h, round(box[3] * px_per_mm))
        if bx1 <= bx0 or by1 <= by0:
            continue
        near = taken[
            (taken[:, 0] < bx1) & (taken[:, 2] >= bx0) & (taken[:, 1] < by1) & (taken[:, 3] >= by0)
        ]
        free = _free_of(near - (bx0, by0, bx0, by0), (by1 - by0, bx1 - bx0))
        free &= (printed[by0:by1, bx0:bx1] >= LIGHT_PRINT).view(np.uint8)
        count = int(np.count_nonzero(free))
        if count >= least:
            shares.append(np.count_nonzero(base[by0:by1, bx0:bx1] & free) / count)
    return min(shares) if shares else -1.0
