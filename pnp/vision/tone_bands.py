"""The blank's print, as compared with a page, darkened where the page's printer printed
the blank's symbols and tints darker (``toned``), measured over the blank's flat grey
levels (``Blank.tone_bands``, found by ``pnp.vision.blank_prep``)."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.vision.blank_prep import Blank

# A page printed on a black-and-white printer prints the blank's coloured symbols and
# darker tints greyer and darker than the blank has them (its own conversion of colour
# to grey, dot gain): read against the blank, a grey symbol inside a box is ink, and
# the box reads marked. So where the page's print, at a grey level the blank holds flat
# over enough pixels and no lighter than TONE_LEVEL_MAX, is darker against the page's
# lightest print than the blank's by more than TONE_BELOW (the aligned page's level at
# each: ``_band_level``), the print compared is darkened to match, level by level
# (interpolated between levels, never by more than TONE_MIN: a fill is far darker than
# any print). Compared with the lightest print (pale tints, which such a printer keeps
# pale), not with the paper: a dim or grainy colour photo darkens all of its print
# alike against a paper level misjudged, and that is not this.
TONE_LEVEL_MAX = 0.8  # (of paper) the print darkened: symbols and deep tints
TONE_BELOW = 0.9
TONE_MIN = 0.7


def _band_level(seen: np.ndarray, where: np.ndarray, group: np.ndarray) -> float:
    """The page's level over a band: the upper quartile of the (lower) medians of its
    parts (a symbol, a tint), so that marks, which darken some parts, do not set it."""
    values = seen.ravel()[where]
    order = np.lexsort((values, group))  # by part, then by value
    counts = np.bincount(group)
    starts = np.cumsum(counts) - counts
    medians = values[order][starts + (counts - 1) // 2]
    return float(np.percentile(medians, 75))


def toned(printed: np.ndarray, seen: np.ndarray, prep: Blank) -> np.ndarray:
    """``printed``, darkened level by level where the page's print is darker than the
    blank's against its lightest print (``TONE_BELOW``); itself where it is not."""
    ratios = [(lv, _band_level(seen, w, group) / lv) for lv, w, group in prep.tone_bands]
    dark = [(lv, r) for lv, r in ratios if lv <= TONE_LEVEL_MAX]
    light = max((r for lv, r in ratios if lv > TONE_LEVEL_MAX), default=1.0)
    if not dark or min(r for _, r in dark) >= TONE_BELOW * light:
        return printed
    levels = [lv for lv, _ in dark]
    kept = [max(r, TONE_MIN) if r < TONE_BELOW * light else 1.0 for _, r in dark]
    ratio = np.interp(np.arange(256) / 255, [*levels, TONE_LEVEL_MAX], [*kept, 1.0])
    table = np.clip(np.rint(np.arange(256) * ratio), 0, 255).astype(np.uint8)
    return cv2.LUT(printed, table)
