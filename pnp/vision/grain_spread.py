"""How grainy the paper right round each field is: the spread of its darkness against
the print in a band past the field's outline, robust to a neighbour's stroke crossing
the band (``robust_spread.median_spread``). (``pnp.vision.local_grain`` counts instead
the share of the paper the base step inks, on the field's quietest side: a count at a
threshold, which the grain under a hard shadow saturates.)

A page's noise is not the same everywhere: under a hard shadow the photo's light is
low, and once the page is brought to paper = 1 the grain there is twice what it is in
the light (seed 785's sample 130: 0.10-0.14 against 0.06). The page's gap between marks
and paper (``pnp.vision.page_gap``) judges a field by the sure empty fields' darkest
grain; a field whose own paper is grainier than any of theirs lies where that measure
does not reach.
"""

from __future__ import annotations

import math

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.blank_prep import DARK_PRINT, print_level
from pnp.vision.field_boxes import INSET_MM, _field_boxes
from pnp.vision.ink import InkMasks
from pnp.vision.robust_spread import median_spread

BAND_MM = 2.5  # how far past the field's inside the band reaches
STRIDE = 2  # every second pixel of every second row: a spread needs no more (4x faster)
MIN_PIXELS = 20  # fewer readable pixels of those measure nothing (nan)


def grain_spreads(
    fields: list[Field], masks: InkMasks, px_per_mm: float, which: list[int]
) -> dict[int, float]:
    """The paper's grain round each field of ``which`` (indices into ``fields``): the
    robust spread of 1 - page / print over the band's pixels where ink can show, the
    field's inside out to its outline (``INSET_MM`` past the inside) left out; nan where
    too few pixels show. ``masks``: the page as ``ink.ink_masks`` compared it."""
    seen, printed, readable = masks.seen, masks.printed, masks.readable
    h, w = seen.shape
    inside = _field_boxes(fields, px_per_mm).inside.reshape(-1, 4)
    reach, outline = round(BAND_MM * px_per_mm), round(INSET_MM * px_per_mm)
    out: dict[int, float] = {}
    for n in which:
        x0, y0, x1, y1 = inside[n].tolist()
        bx0, by0 = max(0, x0 - reach), max(0, y0 - reach)
        bx1, by1 = min(w, x1 + reach), min(h, y1 + reach)
        band = np.s_[by0:by1:STRIDE, bx0:bx1:STRIDE]
        show = readable[band].astype(bool)
        # the field out to its outline, in the strided rows and columns
        r0, r1 = _strided(y0 - outline - by0), _strided(y1 + outline - by0)
        c0, c1 = _strided(x0 - outline - bx0), _strided(x1 + outline - bx0)
        show[r0:r1, c0:c1] = False
        if np.count_nonzero(show) < MIN_PIXELS:
            out[n] = math.nan
            continue
        level = print_level(printed[band], floor=DARK_PRINT)
        dark = 1.0 - seen[band][show] / level[show]
        out[n] = median_spread(dark)[1]
    return out


def _strided(offset: int) -> int:
    """The first strided index at or past pixel ``offset`` of a window (none below 0)."""
    return max(0, -(-offset // STRIDE))
