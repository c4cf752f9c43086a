"""A hex symbol partly hidden by the icon printed in its hex, matched over what it shows.

An Alien's or an Upgrade's hex holds its icon printed near its top, and a symbol drawn
there runs under it: the ink masks see no ink on the icon nor for a pixel or so around
it (``pnp.vision.ink``), and a triangle's apex or a circle's top is cut off. Moved to
its canonical frame (``pnp.vision.glyph_match``), the rest looks like another symbol:
a triangle without its apex like a circle or a square. Here each glyph's templates
(``glyph_scan``'s, at its sizes and tilts) slide over the hex's ink and are compared
with it only where the print leaves the paper visible (``visible``): the cosine of the
ink and the template over those pixels alone (two plain correlations, ``_cosines``),
best over the places the symbol's middle may lie (``glyph_scan.REACH_MM``).

Asked only of a hex whose ink runs within ``CUT_REACH_MM`` of its icon (``cut_off``) and
whose canonical match is not plainly a symbol (``sure``); the Cosmos reader
(``pnp.vision.distant_suns``) then reads its symbol from this match. Measured on 185 Cosmos
pages of seeds 806 and 807 (``python -m pnp.bench photos --n 1500 --sheet cosmos --seed
S``, every level), each covered hex's symbol as read against the one drawn: of 2,504
Alien and Upgrade hexes, the canonical match read 16 wrong (0.64%; the plain hexes
0.08%), this 6: 10 read right that were wrong, 2 wrong that were right (a wobbly square
read as the circle it looks like, on an easy page; a dot as a star, on a hard one).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from pnp.vision.glyph_match import GlyphScores
from pnp.vision.glyph_scan import ANGLES, REACH_MM, TEMPLATE_BLUR_MM, UNITS_MM, template

# The blank softened as a photo is (sigma, mm) and widened (mm), then darker than this
# (of 255): print the ink masks see no ink on or beside
HIDDEN_LEVEL = 0.7 * 255
HIDDEN_BLUR_MM = 0.13
HIDDEN_WIDEN_MM = 0.16
COARSE = 0.5  # every template tried at this share of the resolution; each glyph's best at full
MIN_SHOWN = 0.5  # a template placed with less than this share of it shown tells nothing
# A symbol's ink within this of the hidden print may have run under it (the ink masks'
# blind band round an icon is 1-3 px wider than ``visible``'s: seed 805 #148, 1.0-2.7 px
# from it in 10 of its 12 Alien and Upgrade hexes, 4.8 and 10.3 in the two drawn clear)
CUT_REACH_MM = 0.5
# Ink whose canonical match scores this and leads the runner-up by this is its symbol:
# of the 2,506 covered Alien and Upgrade hexes of seeds 806 and 807, the 14 the canonical
# match read wrong scored at most 0.907 leading by 0.084, or 0.881 by 0.002; 1,966 of the
# 2,492 read right are this sure, and are not matched again
SURE_SCORE = 0.85
SURE_LEAD = 0.1


def sure(s: GlyphScores) -> bool:
    """Whether a hex's ink, matched in its canonical frame (``s``), is plainly its symbol
    (``SURE_SCORE``, ``SURE_LEAD``): whatever the icon hides of it does not matter."""
    return s.score >= SURE_SCORE and s.margin >= SURE_LEAD


def cut_off(ink: np.ndarray, shown: np.ndarray, px: float) -> bool:
    """Whether the print hides part of ``ink``: some of it lies within ``CUT_REACH_MM``
    of a pixel not ``shown`` (both crops of a hex, ``visible``'s)."""
    side = 2 * round(CUT_REACH_MM * px) + 1
    near = cv2.dilate(
        (shown == 0).astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    )
    return bool(((ink > 0) & (near > 0)).any())


def visible(blank: np.ndarray, px: float) -> np.ndarray:
    """float32 (1 = visible): where the ink masks can see ink on the ``blank`` crop (at
    ``px`` px/mm): not on its print, nor beside it."""
    soft = cv2.GaussianBlur(blank.astype(np.float32), (0, 0), HIDDEN_BLUR_MM * px)
    side = 2 * max(1, round(HIDDEN_WIDEN_MM * px)) + 1
    soft = cv2.erode(soft, np.ones((side, side), np.uint8))
    return (soft >= HIDDEN_LEVEL).astype(np.float32)


def visible_scores(
    ink: np.ndarray, shown: np.ndarray, keys: tuple[str, ...], px: float
) -> GlyphScores:
    """How much ``ink`` (a hex's, float) looks like each glyph of ``keys`` over the
    pixels ``shown`` (``visible``, the same size), best first: for each template, the
    cosine of the ink and the template over those pixels (``_cosines``), best where the
    template's middle lies within ``glyph_scan.REACH_MM`` of the hex's. Every size and
    tilt is tried at ``COARSE`` of the resolution; each glyph scores the best of them
    matched at the page's."""
    small = cv2.resize(
        ink.astype(np.float32), None, fx=COARSE, fy=COARSE, interpolation=cv2.INTER_AREA
    )
    small_shown = cv2.resize(shown, None, fx=COARSE, fy=COARSE, interpolation=cv2.INTER_AREA)
    small_shown = (small_shown >= 1.0 - 1e-6).astype(np.float32)  # all of it shown
    tried = [(k, u, a) for k in keys for u in UNITS_MM for a in ANGLES]
    coarse = _cosines(small, small_shown, tried, px * COARSE)
    chosen = {}
    for (key, u, a), c in zip(tried, coarse, strict=True):
        if key not in chosen or c > chosen[key][0]:
            chosen[key] = (c, (key, u, a))
    fine = _cosines(ink, shown, [t for _, t in chosen.values()], px)
    return GlyphScores(tuple(sorted(zip(chosen, fine, strict=True), key=lambda s: -s[1])))


def _cosines(ink: np.ndarray, shown: np.ndarray, tried: list, px: float) -> list[float]:
    """For each (glyph, unit, angle) of ``tried``, the best cosine of ``ink`` and that
    template (``glyph_scan.template``) over the pixels ``shown``, its middle within
    ``glyph_scan.REACH_MM`` of the crop's (-1 with no ink): two plain correlations each,
    the ink shown with the template and what is shown with the template's square."""
    seen = cv2.GaussianBlur(ink.astype(np.float32), (0, 0), TEMPLATE_BLUR_MM * px) * shown
    energy = float(np.square(seen).sum())
    if energy <= 0:
        return [-1.0] * len(tried)
    reach = round(REACH_MM * px)
    at = round(px, 3)
    templates = [(template(k, a, u, at), _squared(k, a, u, at)) for k, u, a in tried]
    # padded with nothing shown, as far as any template's places reach past the crop
    pad = reach + max(max(t.shape) for t, _ in templates)
    h, w = seen.shape
    seen = cv2.copyMakeBorder(seen, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    shown = cv2.copyMakeBorder(shown, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    out = []
    for t, t2 in templates:
        th, tw = t.shape
        top, left = pad + (h - th) // 2 - reach, pad + (w - tw) // 2 - reach
        cut = np.s_[top : top + th + 2 * reach, left : left + tw + 2 * reach]
        dot = cv2.matchTemplate(seen[cut], t, cv2.TM_CCORR)
        norm = cv2.matchTemplate(shown[cut], t2, cv2.TM_CCORR)
        cos = dot / np.sqrt(np.maximum(norm, 1e-12) * energy)
        # where most of the template lies hidden its cosine tells nothing
        cos[norm < MIN_SHOWN * float(t2.sum())] = -1.0
        out.append(float(cos.max()))
    return out


@lru_cache(maxsize=512)
def _squared(key: str, angle: float, unit_mm: float, px: float) -> np.ndarray:
    """``glyph_scan.template`` squared."""
    return np.square(template(key, angle, unit_mm, px))
