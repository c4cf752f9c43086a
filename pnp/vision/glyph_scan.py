"""Which zone symbol a hex holds, looked for in the photo's darkness, not its ink mask.

``pnp.vision.glyph_match`` reads a symbol from the hex's ink mask, moved to a canonical
frame by the ink's centroid and spread. On grainy paper the blobs of noise the raised
ink step keeps around a symbol move both, and two symbols can then score alike: a
circle and a square, two bars and a star. Here each glyph's templates (drawn as
``glyph_match`` draws them, at a few sizes and tilts) slide over the middle of the hex
in its darkness (the page against its local paper, blurred a little), where grain
averages out instead of adding blobs; a glyph's score is its best normalised
cross-correlation there. Print (the hex's icon and label) is left out.

The Cosmos reader (``pnp.vision.distant_suns``) asks it only where the ink leaves a
doubt: two symbols matched alike, a hex whose ink the field reader doubts (noisy paper,
faint ink), ink that looks like no symbol. Clean pages are never scanned.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from pnp.vision.glyph_match import GlyphScores, draw

# Half box sides a symbol is tried at (mm): the hard Cosmos pages of the held-out set
# hold their symbols at 3.5-5.9 mm (5th to 95th percentile; ``glyph_match.unit_rms``).
UNITS_MM = (3.4, 4.0, 4.7, 5.5)
ANGLES = (-10, 0, 10)  # degrees
PEN_WIDTH = 0.12  # as a share of the glyph box side (``glyph_match.WIDTHS``' middle)
REACH_MM = 3.0  # the symbol's middle lies this near the hex's
DARK_BLUR_MM = 0.16  # the darkness is smoothed this much (sigma) before the scan
TEMPLATE_BLUR_MM = 0.13  # ...and each template, as a pencil line is soft
PRINT_LEVEL = 204  # the blank sheet darker than this (of 255) is print, left out...
PRINT_WIDEN_PX = 2  # ...widened by this many pixels


def scan(dark: np.ndarray, blank: np.ndarray, keys: tuple[str, ...], px: float) -> GlyphScores:
    """How well each glyph of ``keys`` matches ``dark`` (the darkness of a hex's square
    of the page, ink > 0; ``blank``: the blank sheet there), best first."""
    d = dark.astype(np.float32, copy=True)
    side = 2 * PRINT_WIDEN_PX + 1
    d[cv2.erode(blank, np.ones((side, side), np.uint8)) < PRINT_LEVEL] = 0
    h, w = d.shape
    ys, xs = np.ogrid[:h, :w]
    radius = min(h, w) / 2
    d[(ys + 0.5 - h / 2) ** 2 + (xs + 0.5 - w / 2) ** 2 > radius**2] = 0
    d = cv2.GaussianBlur(d, (0, 0), DARK_BLUR_MM * px)
    reach = REACH_MM * px
    scores = []
    for key in keys:
        best = -1.0
        for unit in UNITS_MM:
            for angle in ANGLES:
                t = template(key, angle, unit, round(px, 3))
                th, tw = t.shape
                if th > h or tw > w:
                    continue
                res = cv2.matchTemplate(d, t, cv2.TM_CCOEFF_NORMED)
                cy, cx = (h - th) / 2, (w - tw) / 2
                y0, x0 = max(0, int(cy - reach)), max(0, int(cx - reach))
                near = res[y0 : int(cy + reach) + 1, x0 : int(cx + reach) + 1]
                best = max(best, float(near.max()))
        scores.append((key, best))
    return GlyphScores(tuple(sorted(scores, key=lambda s: -s[1])))


@lru_cache(maxsize=512)
def template(key: str, angle: float, unit_mm: float, px: float) -> np.ndarray:
    """``key`` drawn ``unit_mm`` to the half side at ``px`` px/mm, cut to its ink and a
    margin, softened."""
    t = draw(key, angle, PEN_WIDTH, side_px=2 * unit_mm * px)
    ys, xs = np.nonzero(t > 0.05)
    t = np.pad(t[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 3)
    return cv2.GaussianBlur(t, (0, 0), TEMPLATE_BLUR_MM * px)
