"""How much darker than its print a field's inside is on average, against the paper
around it and the page's empty fields: what grain cannot fake.

On noisy paper the reader's masks threshold every pixel against a step the grain raised,
and a light mark's strokes fall under it. Averaged over the field's inside, the grain
cancels out (it is as often lighter than the print as darker) and what a mark adds
remains. ``field_tones`` measures, for each field doubted for noise or faint ink, the
mean darkness of its inside (1 - page / print, signed, each pixel clipped to [-1, 1],
over the pixels where ink can show: ``InkMasks.readable``), the same over a band
``RING_MM`` wide round it (the light and the print's misregistration there, and any
neighbour's ink), the first less the second, and how far each stands from the page's
fields read empty and not asked (in robust standard deviations: the median and the
median absolute deviation of theirs, ``MIN_PAPER`` fields or more; ``NO_Z`` where they
are fewer). The noise model (``pnp.vision.noise_model``) reads them beside the ink
shares. Trained with them on the same forty sets, the model settled 96.2% of eighteen
other sets' 28,025 doubts at ``SURE`` with 45 wrong, against 94.8% with 40 (93.3% with
16 at 0.9999, where without them 90.8% with 14; docs/BENCHMARKS.md, session 69).
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.blank_prep import DARK_PRINT, print_level
from pnp.vision.field_boxes import _box_sums, _field_boxes
from pnp.vision.robust_spread import median_spread

RING_MM = 2.5  # the band round a field its paper is measured in
MIN_PAPER = 5  # fewer empty fields on the page make no reference
NO_Z = -99.0  # a distance from the page's empty fields not measured

# in the order ``field_tones`` gives them
FEATURES = ("tone", "ring_tone", "tone_over_ring", "tone_over_ring_z", "tone_z")


def field_tones(
    fields: list[Field],
    seen: np.ndarray,
    printed: np.ndarray,
    readable: np.ndarray,
    px_per_mm: float,
    paper: Iterable[str],
    measured: Iterable[str],
) -> dict[str, tuple[float, ...]]:
    """``FEATURES`` of each field of ``measured`` (ids), weighed against the fields of
    ``paper`` (ids: read empty, not asked). ``seen``, ``printed`` and ``readable``: the
    page as ``ink.ink_masks`` compared it (``InkMasks``)."""
    tone, ring = _tones(fields, seen, printed, readable, px_per_mm)
    index = {f.id: n for n, f in enumerate(fields)}
    paper_at = [index[i] for i in paper if i in index]
    plain = _reference(tone[paper_at])
    local = _reference((tone - ring)[paper_at])
    out = {}
    for i in measured:
        n = index[i]
        t, r = float(tone[n]), float(ring[n])
        out[i] = (t, r, t - r, _z(t - r, local), _z(t, plain))
    return out


def _tones(fields, seen, printed, readable, px_per_mm) -> tuple[np.ndarray, np.ndarray]:
    """The mean darkness of every field's inside and of the band round it (0 where no
    pixel of it can show ink)."""
    dark = cv2.divide(seen, print_level(printed, floor=DARK_PRINT))
    cv2.subtract(1.0, dark, dst=dark)
    np.clip(dark, -1.0, 1.0, out=dark)
    sums = cv2.integral(cv2.multiply(dark, readable, dtype=cv2.CV_32F), sdepth=cv2.CV_64F)
    counts = cv2.integral(readable)  # int32: the same whole numbers
    inside = _field_boxes(fields, px_per_mm).inside.astype(np.int64)
    grow = round(RING_MM * px_per_mm)
    grown = inside + np.array([-grow, -grow, grow, grow])
    s, n = _box_sums(sums, inside), _box_sums(counts, inside)
    ring_s, ring_n = _box_sums(sums, grown) - s, _box_sums(counts, grown) - n
    return s / np.maximum(n, 1), ring_s / np.maximum(ring_n, 1)


def _reference(values: np.ndarray) -> tuple[float, float] | None:
    """``robust_spread.median_spread`` of ``values``; None for fewer than
    ``MIN_PAPER``."""
    return median_spread(values) if len(values) >= MIN_PAPER else None


def _z(value: float, reference: tuple[float, float] | None) -> float:
    if reference is None:
        return NO_Z
    median, spread = reference
    return (value - median) / spread
