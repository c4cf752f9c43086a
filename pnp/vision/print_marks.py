"""A mark lying on the print inside a field (a Round circle's digit), which the ink masks
cannot see.

The ink masks compare the photo with the blank's print widened and taken as dark as its
darkest (``blank_prep``), so that misregistered print is never read as ink. A pencil
tick lying on a Round circle's grey digit darkens the digit, yet stays lighter than the
widened digit: no ink at all. Seed 803 #1 (``python -m pnp.bench photos --n 300 --seed
803``), an easy tracker page: Green Round 6 ticked over its "6" read empty with nothing
asked (its Round 5, ticked alike, 2.3% inked, asked); session 58 saw the same on seed 749
#201.

What such a mark changes is the print's own tone. Inside the middle of a field
(``INNER``), the photo's mean over the print, as a share of its mean over the clear paper
there, is set against the same share in the blank sheet blurred as the photo is: a
figure's strokes, thin or thick, show as light as the blur leaves them, and the two
agree but for the printer's and camera's tone, alike over the page's fields of a kind.
A field read empty whose print is darker than that by ``DARKER_SPREADS`` robust spreads
below the median of its kind's fields read empty (``MIN_SIBLINGS`` of them or more), and
by ``DARKER`` of paper at least, is asked.

Measured on seeds 803, 805 (every level) and 804 (hard), 900 pages, 79,818 fields read
empty with print inside (the thresholds were chosen there; by a first version that took
the print and paper from the page's compared print, ``InkMasks.printed``, not the
blank's widened print): that Round 6 lies 20.8
spreads and 0.089 of paper under its kind's median; the nearest unmarked field 11.0
spreads and 0.035 (a Cosmos hex), or 7.3 and 0.094 (a ship space on a hard page). The
photo's tone alone, without the blank's, leaves the figures apart (a "1" is thinner
than a "4"): 63 fields 5 spreads under their kind, one a mark. Field by field against
the code before, on those three sets and on fresh ones (809, every level; 806 and 807,
300 Cosmos pages each): 803 #1's Round 6 wrong -> asked, nothing else (but its Round 5,
asked -> right).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import cv2
import numpy as np

from pnp.vision.light_marks import PRINTED_INSIDE
from pnp.vision.robust_spread import median_spread

INNER = 0.62  # the middle of a field looked at: this share of its width and height
PRINT = 0.8 * 255  # the blank's print as compared (widened: ``Blank.printed``) darker than this
PAPER = 0.95 * 255  # ...lighter than this: clear paper
MIN_PX = 5  # a middle holding less print (or paper) than this holds none worth reading
MIN_SIBLINGS = 5  # the kind's fields with print inside read empty on the page, at least
# a field asked lies this many robust spreads under its kind's median tone...
DARKER_SPREADS = 10.0
DARKER = 0.05  # ...and this much of paper at least


def marks_on_print(readings, fields, masks, px_per_mm: float, asked: set[str]) -> list[str]:
    """The ids of the fields read empty and not ``asked`` whose inner print the photo
    shows darker than their kind's (``masks``: the page's ``ink.InkMasks``, with the
    blank it was read against). Not a Cosmos hex (``light_marks.PRINTED_INSIDE``): its
    art differs hex by hex, in colours whose grey each printer and camera make their own
    (seed 806 #1423, an easy page: an unmarked hex's red flag 0.052 under its kind's
    median, 11.3 spreads), and the Cosmos reader reads its symbols. Nor a field read
    hatched out (``FieldReading.hatched``): the masks saw its ink, and the hatching darkens
    its print (seed 820 #85 and #104, a normal ship page and an easy score pad: a space and
    a units bubble hatched out, read so, each asked as a mark on its print)."""
    if masks.prep is None:
        return []
    tones = print_tones([f for f in fields if f.kind not in PRINTED_INSIDE], masks, px_per_mm)
    # read empty as hatched out, the ink over its print was seen, and judged a hatching
    empty = {r.id for r in readings if r.state == "empty" and not r.hatched}
    by_kind: dict[str, dict[str, float]] = defaultdict(dict)
    for f in fields:
        if f.id in empty and f.id in tones:
            by_kind[f.kind][f.id] = tones[f.id]
    out = []
    for kind_tones in by_kind.values():
        if len(kind_tones) < MIN_SIBLINGS:
            continue
        median, spread = median_spread(np.array(list(kind_tones.values()), np.float32))
        for fid, tone in kind_tones.items():
            darker = median - tone
            if fid not in asked and darker >= max(DARKER_SPREADS * spread, DARKER):
                out.append(fid)
    return sorted(out)


def print_tones(fields, masks, px_per_mm: float) -> dict[str, float]:
    """Field id -> how much lighter the print in the middle of the field (``INNER``)
    shows in the photo than in the blank blurred as the photo is, each as a share of its
    clear paper there; for the fields whose middle holds print and paper (``MIN_PX``)."""
    prep = masks.prep
    places = _places(prep, tuple(fields), px_per_mm)
    if not places.ids:
        return {}
    key = ("expected", places.ids, px_per_mm, masks.sigma)
    expected = prep.print_inside.get(key)
    if expected is None:
        blurred = prep.blank.astype(np.float32) / 255
        if masks.sigma > 0:
            blurred = cv2.GaussianBlur(blurred, (0, 0), masks.sigma)
        expected = prep.print_inside[key] = places.shares(blurred)
    tones = places.shares(masks.seen) - expected
    return dict(zip(places.ids, tones.tolist(), strict=True))


@dataclass(frozen=True)
class _Places:
    """The print and the clear paper in the middle of each field that has both: flat
    page indices, field after field, with where each field's run starts."""

    ids: tuple[str, ...]
    ink: np.ndarray
    ink_starts: np.ndarray
    paper: np.ndarray
    paper_starts: np.ndarray

    def shares(self, image: np.ndarray) -> np.ndarray:
        """Each field's mean of ``image`` over its print, as a share of its mean over its
        paper."""
        flat = image.ravel()
        ink = _means(flat[self.ink], self.ink_starts)
        paper = _means(flat[self.paper], self.paper_starts)
        return ink / np.maximum(paper, 1e-3)


def _means(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    counts = np.diff(np.append(starts, len(values)))
    return np.add.reduceat(values, starts) / counts


def _places(prep, fields: tuple, px_per_mm: float) -> _Places:
    """``_Places`` of ``fields`` on the blank ``prep`` (a ``blank_prep.Blank``), kept
    with it."""
    key = ("places", tuple(f.id for f in fields), px_per_mm)
    found = prep.print_inside.get(key)
    if found is not None:
        return found
    h, w = prep.printed.shape
    ids, inks, papers = [], [], []
    for f in fields:
        cut = _middle(f, px_per_mm, (h, w))
        if cut is None:
            continue
        (a, b, c, d), inside = cut
        printed = prep.printed[b:d, a:c]
        rows, cols = np.mgrid[b:d, a:c]
        flat = rows * w + cols
        ink, paper = flat[inside & (printed < PRINT)], flat[inside & (printed > PAPER)]
        if len(ink) >= MIN_PX and len(paper) >= MIN_PX:
            ids.append(f.id)
            inks.append(ink)
            papers.append(paper)
    out = _Places(tuple(ids), *_runs(inks), *_runs(papers))
    prep.print_inside[key] = out
    return out


def _runs(parts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    starts = np.cumsum([0] + [len(p) for p in parts[:-1]])
    return np.concatenate(parts), starts


def _middle(field, px_per_mm: float, shape) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The window (x0, y0, x1, y1, page pixels) round the middle of ``field`` (``INNER``)
    and which of its pixels lie in it (a disc in a circle); None off the page."""
    x0, y0, x1, y1 = field.bounds
    cx, cy = (x0 + x1) / 2 * px_per_mm, (y0 + y1) / 2 * px_per_mm
    rx, ry = (x1 - x0) / 2 * px_per_mm * INNER, (y1 - y0) / 2 * px_per_mm * INNER
    a, b = int(cx - rx), int(cy - ry)
    c, d = int(np.ceil(cx + rx)) + 1, int(np.ceil(cy + ry)) + 1
    h, w = shape
    if rx <= 0 or ry <= 0 or a < 0 or b < 0 or c > w or d > h:
        return None
    inside = np.ones((d - b, c - a), bool)
    if field.shape == "circle":
        yy, xx = np.mgrid[b:d, a:c]
        inside = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 <= 1
    return (a, b, c, d), inside
