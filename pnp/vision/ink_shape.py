"""The shape and darkness of the ink in a field doubted for noise or faint ink.

A person tells a faint pen stroke from a noisy paper's grain at a glance: a stroke is a
few long connected lines, darker than the paper around it by more than the grain;
grain is many specks scattered over the box, each barely past the step. The share of
the box inked, which the reader classifies by, says neither. ``ink_shape`` measures
both in the field's inside, for the noise model (``pnp.vision.noise_model``), which
reads them beside the field's ink shares.

For each of the two masks (the ink at the base step and at the field's raised step):
how many 8-connected parts the ink makes, the largest part's share of the ink, its
longer side over the box's longer side, how many parts are at least ``LONG_MM`` long,
the largest part's share of the box, its elongation (the square root of the ratio of
its pixels' two principal variances), and the share of the ink in parts at least
``LONG_MM`` long. Then the darkness of the page in the box against its print (1 -
page / print, paper = 0, black ink on white = 1): its mean and its maximum over the
base step's ink, its 95th and 99th percentiles, median and standard deviation over
the whole inside. Last, the straight strokes that darkness makes (``pnp.vision.ink_lines``).

Measured on the fields asked about for noise or faint ink alone (a few on a clean
page, up to ~100 on the hardest; ~0.25 ms a field, and ``ink_lines`` 0.45-0.59 ms
more). Trained with these numbers on the same ten photo sets, the model settled 84.1%
of the check sets' 3,231 doubts at ``SURE``, 4 of them wrongly, against 73.0% (4
wrongly) without them (docs/BENCHMARKS.md, session 34).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision import ink_lines
from pnp.vision.field_boxes import _inside

LONG_MM = 1.0  # a part at least this long is a stroke's, not a speck of grain
PRINT_FLOOR = 0.05  # the print's brightness is taken no darker than this (of paper)

MASK_FEATURES = (
    "parts",
    "largest_share",
    "largest_extent",
    "long_parts",
    "largest_area",
    "elongation",
    "long_share",
)
DARK_FEATURES = ("dark_mean", "dark_max", "dark_95", "dark_99", "dark_median", "dark_std")
# in the order ``ink_shape`` returns them
FEATURES = (
    *(f"base_{name}" for name in MASK_FEATURES),
    *(f"ink_{name}" for name in MASK_FEATURES),
    *DARK_FEATURES,
    *ink_lines.FEATURES,
)


def ink_shape(
    f: Field,
    base: np.ndarray,
    ink: np.ndarray,
    seen: np.ndarray,
    printed: np.ndarray,
    px_per_mm: float,
) -> tuple[float, ...]:
    """``FEATURES`` of field ``f`` on a page: ``base`` and ``ink`` its masks (uint8, 1 =
    ink, ``pnp.vision.ink.InkMasks``), ``seen`` the page aligned (float32, paper = 1),
    ``printed`` the print it is compared with (uint8)."""
    x0, y0, x1, y1 = _inside(f, px_per_mm)
    cut = np.s_[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)]
    shape = _parts(base[cut], px_per_mm) + _parts(ink[cut], px_per_mm)
    page = seen[cut]
    if page.size == 0:
        return shape + (0.0,) * len(DARK_FEATURES) + ink_lines.NOT_MEASURED
    light = cv2.max(printed[cut].astype(np.float32) * np.float32(1 / 255), PRINT_FLOOR)
    dark = cv2.subtract(1.0, cv2.divide(page, light))
    inked = dark[base[cut] > 0]
    spread = cv2.meanStdDev(dark)[1]
    darkness = (
        float(inked.mean()) if inked.size else 0.0,
        float(inked.max()) if inked.size else 0.0,
        *_quantiles(dark.ravel(), (0.95, 0.99, 0.5)),
        float(spread[0, 0]),
    )
    return shape + darkness + ink_lines.ink_lines(dark, printed[cut], px_per_mm)


def _quantiles(values: np.ndarray, qs: tuple[float, ...]) -> tuple[float, ...]:
    """The ``qs`` quantiles of ``values``, linearly interpolated (as ``np.quantile``), by
    one partial sort (``np.quantile`` takes ~150 us for the two of a box's pixels)."""
    at = [q * (len(values) - 1) for q in qs]
    lows = [int(a) for a in at]
    kth = sorted({k for low in lows for k in (low, min(low + 1, len(values) - 1))})
    part = np.partition(values, kth)
    out = []
    for a, low in zip(at, lows, strict=True):
        below, above = float(part[low]), float(part[min(low + 1, len(values) - 1)])
        out.append(below + (above - below) * (a - low))
    return tuple(out)


def _parts(mask: np.ndarray, px_per_mm: float) -> tuple[float, ...]:
    """``MASK_FEATURES`` of the ink of ``mask`` (a field's inside)."""
    total = int(np.count_nonzero(mask))
    if total == 0:
        return (0.0,) * len(MASK_FEATURES)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        np.ascontiguousarray(mask), connectivity=8
    )
    stats = stats[1:]
    areas = stats[:, cv2.CC_STAT_AREA]
    lengths = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    largest = int(areas.argmax())
    long = lengths >= LONG_MM * px_per_mm
    return (
        float(count - 1),
        float(areas[largest] / total),
        float(lengths[largest] / max(mask.shape)),
        float(long.sum()),
        float(areas[largest] / mask.size),
        _elongation(labels == largest + 1),
        float(areas[long].sum() / total),
    )


def _elongation(part: np.ndarray) -> float:
    """The square root of the ratio of the larger to the smaller principal variance of
    the pixels of ``part`` (bool), the smaller taken no less than a quarter pixel: 1 for
    a round blot, large for a thin line."""
    m = cv2.moments(part.view(np.uint8), binaryImage=True)
    n = m["m00"]
    if n < 3:
        return 1.0
    # the pixels' covariance (over n - 1), and its eigenvalues
    xx, yy, xy = m["mu20"] / (n - 1), m["mu02"] / (n - 1), m["mu11"] / (n - 1)
    middle, half = (xx + yy) / 2, math.hypot((xx - yy) / 2, xy)
    return math.sqrt(max(middle + half, 0.0) / max(middle - half, 0.25))
