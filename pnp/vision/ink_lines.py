"""Straight strokes through a field doubted for noise or faint ink.

A cross, a tick or a slash is made of straight strokes; a noisy paper's grain lies
nowhere in a line. A person sees a faint cross on grainy paper because the grain along
its two arms is darker than the grain anywhere else; the share of the box inked, the
parts its ink makes and its darkness (``pnp.vision.ink_shape``) do not see it: a faint
cross's arms break into specks like the grain's. ``ink_lines`` measures it as a person
does: the page's darkness against its print (``ink_shape``'s, paper = 0) averaged along
every straight line through the field's inside (a Radon transform: every
``ANGLE_STEP`` degrees, lines a pen stroke wide, at least ``MIN_LENGTH`` of the
inside's shorter side long, where the print leaves paper to see), then the darkest
line, and the darkest at least ``CROSS_ANGLE`` degrees from it: a cross's second arm.
Each is given above the median line, and over the darkness's spread in the inside
(the grain's). Measured on the fields the noise model reads, at ``PX_PER_MM`` (0.45-0.59
ms a field, insides of 6-18 mm).

With these four numbers beside ``ink_shape``'s, the noise model trained on the same
rows (seeds 101-110) settles 88.5% of the 2,913 doubts of four photo sets it never saw
at ``SURE`` (86.3% without them); read end to end, five sets' fields asked -> right 121,
right -> asked 33, none read wrong (docs/BENCHMARKS.md, session 40).
"""

from __future__ import annotations

import math
from functools import cache

import cv2
import numpy as np

PX_PER_MM = 3.0  # a pen stroke (~0.5 mm) stays over a pixel wide
ANGLE_STEP = 5  # degrees between the lines' directions
STROKE_MM = 0.6  # lines this wide: a stroke's width, and its wobble
MIN_LENGTH = 0.5  # of the inside's shorter side
CROSS_ANGLE = 36  # degrees: a cross's second arm at least this far from the first
PAPER_PRINT = 0.6  # print at least this light (of paper) leaves the paper to be seen
SPREAD_FLOOR = 0.01  # the darkness's spread taken no less than this

FEATURES = ("line_1", "line_2", "line_1_grain", "line_2_grain")
NOT_MEASURED = (-1.0,) * len(FEATURES)


def ink_lines(dark: np.ndarray, printed: np.ndarray, px_per_mm: float) -> tuple[float, ...]:
    """``FEATURES`` of a field's inside: ``dark`` its darkness against the print
    (float32, paper = 0, black ink = 1), ``printed`` the print there (uint8), at
    ``px_per_mm``."""
    scale = min(1.0, PX_PER_MM / px_per_mm)
    h, w = (max(1, round(n * scale)) for n in dark.shape)
    if min(h, w) < 4:
        return NOT_MEASURED
    dark = np.clip(dark, -1.0, 1.0)
    seen = (printed >= PAPER_PRINT * 255).astype(np.float32)
    if scale < 1:
        dark = cv2.resize(dark * seen, (w, h), interpolation=cv2.INTER_AREA)
        seen = cv2.resize(seen, (w, h), interpolation=cv2.INTER_AREA)
    else:
        dark = dark * seen
    if seen.sum() < 4:
        return NOT_MEASURED
    width = max(1, round(STROKE_MM * px_per_mm * scale))
    sums, counts = _radon(dark, seen, width)
    long_enough = counts >= MIN_LENGTH * min(h, w) * width
    if not long_enough.any():
        return NOT_MEASURED
    means = np.where(long_enough, sums / np.maximum(counts, 1e-6), -np.inf)
    median = float(np.median(means[long_enough]))
    per_angle = means.max(axis=1)
    first = int(per_angle.argmax())
    apart = _angles_apart(len(per_angle), first) >= CROSS_ANGLE
    second = float(per_angle[apart].max()) if apart.any() else median
    best = float(per_angle[first])
    values = dark[seen > 0.5]
    spread = max(float(values.std()) if values.size else 0.0, SPREAD_FLOOR)
    line_1, line_2 = best - median, max(second, median) - median
    return (line_1, line_2, line_1 / spread, line_2 / spread)


def _radon(dark: np.ndarray, seen: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """(sums, counts), each (directions, offsets): the darkness summed along every line, a
    band ``width`` px wide, and how many seen pixels it crossed (one ``bincount`` of
    every pixel into its line in every direction)."""
    bins, shape = _lines(*dark.shape)
    n = shape[0]
    sums = np.bincount(bins, np.tile(dark.ravel(), n), shape[0] * shape[1]).reshape(shape)
    counts = np.bincount(bins, np.tile(seen.ravel(), n), shape[0] * shape[1]).reshape(shape)

    def band(a: np.ndarray) -> np.ndarray:
        a = a.astype(np.float32)
        return cv2.boxFilter(a, -1, (width, 1), normalize=False, borderType=cv2.BORDER_CONSTANT)

    return band(sums), band(counts)


@cache
def _lines(h: int, w: int) -> tuple[np.ndarray, tuple[int, int]]:
    """For an inside of ``h`` x ``w`` px: each pixel's line (its offset from the centre
    across each direction, to the nearest pixel), numbered over all directions, and
    (directions, offsets)."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    xs, ys = (xs - (w - 1) / 2).ravel(), (ys - (h - 1) / 2).ravel()
    theta = np.deg2rad(np.arange(0, 180, ANGLE_STEP))
    reach = math.ceil(math.hypot(h, w) / 2) + 1
    offsets = np.rint(np.outer(np.cos(theta), xs) + np.outer(np.sin(theta), ys)).astype(np.intp)
    bins = offsets + reach + (np.arange(len(theta)) * (2 * reach + 1))[:, None]
    return bins.ravel(), (len(theta), 2 * reach + 1)


def _angles_apart(n: int, i: int) -> np.ndarray:
    """Degrees between direction ``i`` and each of the ``n`` directions (modulo 180)."""
    d = np.abs(np.arange(n) - i) * ANGLE_STEP
    return np.minimum(d, 180 - d)
