"""Light washed out: where a photo's paper shows pure white and its light print lighter
than the print is, a light mark may not show either.

A phone that exposes for a dark table can push the paper past the sensor's white: the
paper comes out at full white, and every grey above some level with it. A light pen or
pencil stroke then keeps too little of its darkness against the paper to be read as ink,
and the field reads empty with nothing to doubt. How far past white the light went, the
paper cannot say, but the sheet's light print can: a tint printed at 87% of the paper's
brightness that shows at 95% of full white says the light is at least 9% past it. Where
around a field the paper shows full white (``PAPER_CLIPPED``) and the light print shows
lighter than printed by ``LIGHTER`` or more, a field not read marked is asked
(``field_doubts.WASHED``), and neither the page's rules nor the noise model settle it: the photo
holds no evidence either way. A scanner's "document" filter also makes the paper pure
white, but divides the print by the same paper, keeping its light print as printed.

Measured with ``python -m pnp.bench relight --gain G`` on 72 photos of the held-out and
seed 631 sets: at G = 1.3, 1.45 and 1.6, fields read wrong with nothing asked 5, 174 and
408 before, 0, 31 and 29 since (Federation pages hold no light print to tell by;
``docs/BENCHMARKS.md``, session 48). The Cosmos reader's shapes do not settle a hex
asked so (``distant_suns_state``): its darkness shows no symbol either way. The 1,900
photos of eight synthetic sets as made read the same, field for field, and the scans of
``pnp.bench scans`` through every filter too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

LIGHT_PRINT = (128, 240)  # blank levels (of 255): light print, which the light washes out
DARK_PRINT = (60, 127)  # ...and darker print, lightened by over-exposure, darkened by a
# scanner's levels or contrast filter (which lightens the light print too)
FLAT_PX = 5  # print flat over a square this wide (page px): inside a tint, no edge
WHITE = 250  # of 255: full white (in the photo), plain paper (in the blank)
WINDOW_MM = 40.0  # each measure is taken over a square this wide (a white box amid boxes)
MIN_SHARE = 0.02  # a window with less of the print or paper than this says nothing
PAPER_CLIPPED = 0.5  # of the window's plain paper at full white...
LIGHTER = 1.04  # ...its light print this much lighter than printed (against white)...
DARK_LIGHTER = 1.02  # ...and its dark print lighter too, where it has some
# A page filling this much of its image or more is a scan (a scanner app crops to the
# page), whose paper a "document" filter whitens and whose print a levels filter lightens
# above its midtones while darkening the marks: not washed out. (520 photos of the
# held-out and seed 631 sets and the committed ones: the page fills 0.14-0.76 of the
# frame, median 0.36; the scans of ``pnp.bench scans``: 0.94.)
SCAN_FILL = 0.9


@dataclass(frozen=True)
class BlankLight:
    """Quarter-size float32 maps of a blank (computed once per blank): its flat light
    print and flat dark print (0 or 1), the level of either (paper = 1; 1 elsewhere), its
    plain paper (0 or 1)."""

    light: np.ndarray
    dark: np.ndarray
    level: np.ndarray
    paper: np.ndarray


def blank_light(blank: np.ndarray) -> BlankLight:
    square = np.ones((FLAT_PX, FLAT_PX), np.uint8)
    flat = cv2.erode(blank, square) == cv2.dilate(blank, square)

    def quarter(a: np.ndarray) -> np.ndarray:
        return cv2.resize(a, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)

    def whole(lo: int, hi: int) -> np.ndarray:  # the print under all of a quarter pixel
        band = (flat & (blank >= lo) & (blank <= hi)).astype(np.float32)
        return (quarter(band) >= 0.999).astype(np.float32)

    light, dark = whole(*LIGHT_PRINT), whole(*DARK_PRINT)
    level = np.where(light + dark > 0, quarter(blank.astype(np.float32)) / 255, 1.0)
    paper = quarter((cv2.erode(blank, square) >= WHITE).astype(np.float32)) >= 0.999
    return BlankLight(light, dark, level.astype(np.float32), paper.astype(np.float32))


def washed_map(photo: np.ndarray, blank: BlankLight, px_per_mm: float) -> np.ndarray | None:
    """Quarter-size float32: around each place, how much lighter than printed the light
    print shows against full white (``LIGHTER`` and over: washed out; where there is none
    near, the light print's of all the page's places of white paper), where the paper
    around shows at full white (``PAPER_CLIPPED``) and the dark print lighter than
    printed too (``DARK_LIGHTER``, where there is some); 0 elsewhere, or with too little
    print or paper to tell. None where no paper shows at full white."""
    h, w = blank.light.shape
    # the usual page: not one of every 16th pixel of its paper at white (~0.1 ms)
    sample = photo[::4, ::4][:h, :w]
    if not np.count_nonzero(
        (sample >= WHITE) & (blank.paper[: sample.shape[0], : sample.shape[1]] > 0)
    ):
        return None
    small = cv2.resize(photo, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    side = (max(3, int(WINDOW_MM * px_per_mm / 4) | 1),) * 2

    def mean(values: np.ndarray, where: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        weight = cv2.blur(where, side)
        return cv2.blur(values * where, side) / np.maximum(weight, 1e-6), weight

    ratio = small / 255 / blank.level  # of print: its lightness against printed, on white
    clipped, paper = mean((small >= WHITE).astype(np.float32), blank.paper)
    dark, darks = mean(ratio, blank.dark)
    lighter, light = mean(ratio, blank.light)
    white = (paper >= MIN_SHARE) & (clipped >= PAPER_CLIPPED)
    # Where no light print lies near (a plain box amid plain boxes), the light print of
    # the page's other places of white paper tells.
    lit = (blank.light > 0) & white
    if lit.any():
        lighter = np.where(light >= MIN_SHARE, lighter, float(ratio[lit].mean()))
    washed = white & ((light >= MIN_SHARE) | lit.any())
    washed &= (darks < MIN_SHARE) | (dark >= DARK_LIGHTER)
    return np.where(washed, lighter, 0.0).astype(np.float32)


def page_fill(page) -> float:
    """The share of its photo that a ``rectify.Rectified`` page's common box covers (0 if
    the photo is not kept)."""
    if page.photo is None:
        return 0.0
    h, w = page.image.shape
    box = np.float32([[0, 0], [w, 0], [w, h], [0, h]]).reshape(-1, 1, 2)
    quad = cv2.perspectiveTransform(box, np.linalg.inv(page.homography))
    return float(cv2.contourArea(quad)) / (page.photo.shape[0] * page.photo.shape[1])


def paper_clipped(photo: np.ndarray, paper: np.ndarray) -> float:
    """The share of ``paper`` (0 or 1, of ``photo``'s size) that ``photo`` shows at full
    white."""
    where = paper > 0
    return float((photo[where] >= WHITE).mean()) if where.any() else 0.0


def field_lighter(washed: np.ndarray, field, px_per_mm: float) -> float:
    """The largest value of ``washed_map`` over a field (``Field.bounds``: a circle's
    square around its centre)."""
    k = px_per_mm / 4
    left, top, right, bottom = field.bounds
    h, w = washed.shape
    x0, y0 = min(w - 1, max(0, int(left * k))), min(h - 1, max(0, int(top * k)))
    x1, y1 = max(x0 + 1, math.ceil(right * k)), max(y0 + 1, math.ceil(bottom * k))
    return float(washed[y0:y1, x0:x1].max())
