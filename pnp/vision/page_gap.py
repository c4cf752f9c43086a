"""Settle fields doubted for the paper's noise by the page's own gap between marks and paper.

On a noisy page (a small page in the frame, high ISO, a hard shadow) the ink step is
raised above the noise, and a field with faint ink, or ink that only the base step
finds, is asked about (``pnp.vision.field_doubts.doubts``). A person settles most of them at a
glance, by comparing the field with the page's other fields: a mark is as dark as the
player's other marks, a grain of noise no darker than the empty fields' grain.

So does this: each field's darkest point, once the photo is smoothed over a pen
stroke's width (noise averages out, a stroke keeps its darkness), is compared with the
fields the reader is sure of on the same page. Where every sure mark is darker than
every sure empty field by a clear ``MIN_GAP``, a doubted field no darker than the
darkest sure empty field is empty, and a field read filled but doubted for noise
that is at least as dark as the page's typical sure mark (``MARK_QUANTILE``) is
filled. A field between the two stays doubtful, and so does one whose own paper is grainier
than any of the sure empty fields' (``GRAINIER``): their darkest grain says nothing of
its own.

Where the page as a whole shows no such gap (a hard shadow across it, noise that varies
from one part to another), a person compares a doubted field with the fields around it,
and so does this: with the ``NEAR_EMPTY`` sure empty fields and ``NEAR_MARKS`` sure
marks nearest it, under the same rules. A field whose neighbourhood shows no gap either
stays doubtful.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.blank_prep import DARK_PRINT, print_level
from pnp.vision.field_boxes import _field_boxes
from pnp.vision.fields import QUIET_FILLED_MIN, FieldReading
from pnp.vision.grain_spread import grain_spreads
from pnp.vision.ink import InkMasks, cell_runs

SMOOTH_MM = 0.2  # sigma: about half a pen stroke's width
MIN_GAP = 0.15  # darkness (share of the print's brightness) between sure marks and paper
MIN_EMPTY, MIN_MARKS = 10, 3  # sure fields needed on the page to judge by them
# A doubted field whose base step inks this much of it may be a hatching-out (a
# correction): never settled filled here, whatever its darkness.
MAX_BASE_INK = 0.4
# ...nor one with less ink than a mark leaves on quiet paper (``QUIET_FILLED_MIN``): a
# dark sliver of a neighbour's overrun (a whole game of seed 2, track box read filled
# on 2.3% of its inside) is no mark of its own.
# ...and is settled filled only as dark as the page's typical mark (this quantile of
# the sure marks), not merely its lightest one: the doubted fields are the noise's
# darkest grains, picked out by the doubt itself (seeds 8 and 11 hard pages and the
# committed photos: at the lightest mark 5 unmarked bubbles of one hard page were
# settled filled, at 0.1 none, 105 -> 86 marks settled)
MARK_QUANTILE = 0.1
# A page without a clear gap is judged field by field, against the sure fields nearest
# each (their centres' distance). Seeds 8 and 11 (session 14): 113 fields settled more
# on hard and real pages where the page-wide gap failed, all right, none wrong.
NEAR_EMPTY = 20
NEAR_MARKS = 6
# ...and settled filled only where its own paper is no grainier than this many times the
# grainiest of the sure empty fields judged by (``grain_spread``): under a hard shadow
# the grain is greater and its darkest points darker, and the page's gap, measured in
# the light, does not reach there (seed 785's sample 130: three empty spaces settled
# filled there at 1.66-1.76 times; of the 336 fields settled filled on the sets of
# seeds 784 and 785, 21 lay above 1.25 times, those three among them, measured over every
# pixel of the band before ``grain_spread.STRIDE``). Those are left to
# the noise model: on those sets and two fresh ones (786, 787; 1,200 photos), 3 fields
# wrong -> right or asked, 2 asked -> right, 3 right -> asked.
GRAINIER = 1.25


# The photo is smoothed only around the fields' insides, in windows whose left edge and
# width are multiples of this many pixels (or reach the page's edge): OpenCV filters a
# row in SIMD lanes from its start and finishes it pixel by pixel, so a window aligned
# to the lanes (AVX-512 holds 16 floats) smooths every pixel as the whole page does, bit
# for bit; a window cut anywhere differs in the last bit at a few pixels in a hundred.
SMOOTH_ALIGN = 32
SMOOTH_BAND = 4  # windows at most this many SMOOTH_ALIGN squares high (2 or 8: ~5% slower)
_HIDDEN = np.full(256, -np.inf, np.float32)  # readable (0 or 1) -> inf where 0 (dark print)
_HIDDEN[0] = np.inf


def darkest(masks: InkMasks, fields: list[Field], px_per_mm: float) -> list[float | None]:
    """Each field's darkest point inside (1 - smoothed photo over print; 0 = as blank),
    None where no print lets ink show."""
    h, w = masks.seen.shape
    boxes = _field_boxes(fields, px_per_mm).inside.reshape(-1, 4).copy()
    np.clip(boxes, 0, [w, h, w, h], out=boxes)
    seen = (boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1])
    relative = _smoothed(masks, boxes[seen], SMOOTH_MM * px_per_mm)
    out: list[float | None] = []
    for (x0, y0, x1, y1), inside in zip(boxes.tolist(), seen.tolist(), strict=True):
        lightest = float(relative[y0:y1, x0:x1].min()) if inside else math.inf
        out.append(None if math.isinf(lightest) else 1.0 - lightest)
    return out


def _smoothed(masks: InkMasks, boxes: np.ndarray, sigma: float) -> np.ndarray:
    """(h, w) float32: the photo over its print (no lower than 0.3), smoothed by ``sigma``,
    and inf where dark print hides ink; made right inside ``boxes`` ((n, 4) x0, y0, x1,
    y1 on the page, none empty) alone, and there the whole page's bit for bit (elsewhere
    undefined)."""
    h, w = masks.seen.shape
    a = SMOOTH_ALIGN
    # cv2's kernel for float32 is round(8 sigma + 1) | 1 wide: it reads less far than this
    reach = math.ceil(4 * sigma) + 1
    cells = np.zeros((-(-h // a), -(-w // a)), bool)
    for x0, y0, x1, y1 in boxes.tolist():
        cells[y0 // a : -(-y1 // a), x0 // a : -(-x1 // a)] = True
    out = np.empty((h, w), np.float32)
    for x0, y0, x1, y1 in cell_runs(cells, a, SMOOTH_BAND, (h, w)):
        # the window and all the blur reads around it, in whole lanes across
        cx0, cx1 = max(0, x0 - reach) // a * a, min(w, -(-(x1 + reach) // a) * a)
        cy0, cy1 = max(0, y0 - reach), min(h, y1 + reach)
        cut = np.s_[cy0:cy1, cx0:cx1]
        # (cv2.divide: numpy's float32 quotient, faster)
        relative = cv2.divide(masks.seen[cut], print_level(masks.printed[cut], floor=DARK_PRINT))
        smooth = cv2.GaussianBlur(relative, (0, 0), sigma)
        # dark print hides ink: never the darkest (inf there, the smoothed photo elsewhere)
        cv2.max(smooth, cv2.LUT(masks.readable[cut], _HIDDEN), dst=smooth)
        out[y0:y1, x0:x1] = smooth[y0 - cy0 : y1 - cy0, x0 - cx0 : x1 - cx0]
    return out


def settle_by_gap(
    readings: list[FieldReading],
    fields: list[Field],
    masks: InkMasks,
    px_per_mm: float,
    noisy: set[str],
    doubted: set[str],
    on_noise: set[str],
) -> list[FieldReading]:
    """``readings`` with the fields of ``noisy`` (doubted for faint ink or the paper's
    noise) settled where the page shows a clear gap: empty when no darker than its
    paper; filled only those of ``on_noise`` (read filled but doubted because the
    paper's noise may have made their ink, or faint marks with no ink past their
    outline), when as dark as its typical mark. A faint mark with ink past its outline (a
    sliver of a neighbour's mark, say) stays doubtful.
    ``doubted`` holds every field that cannot vouch for the page: those asked about,
    and those not read (names, cube storage)."""
    if not noisy:
        return readings
    dark = darkest(masks, fields, px_per_mm)
    sure_empty, sure_marks = [], []  # field indices
    for n, (r, d) in enumerate(zip(readings, dark, strict=True)):
        if d is None or r.id in doubted or r.hatched:
            continue
        if r.state == "empty":
            sure_empty.append(n)
        elif r.state == "filled":
            sure_marks.append(n)
    if len(sure_empty) < MIN_EMPTY or len(sure_marks) < MIN_MARKS:
        return readings
    paper_dark = np.array([dark[n] for n in sure_empty])
    mark_dark = np.array([dark[n] for n in sure_marks])
    page = _gap(paper_dark, mark_dark)
    if page is None:
        centres = np.array([f.centre for f in fields])
        paper_at, marks_at = centres[sure_empty], centres[sure_marks]
    seen = (
        float(paper_dark.max()),
        float(np.quantile(paper_dark, 0.9)),
        float(np.quantile(mark_dark, MARK_QUANTILE)),
    )
    spreads: dict[int, float] = {}  # each field's paper's grain, measured once if asked

    def grains(which: list[int]) -> np.ndarray:
        spreads.update(
            grain_spreads(fields, masks, px_per_mm, [n for n in which if n not in spreads])
        )
        return np.array([spreads[n] for n in which])

    out = list(readings)
    for n, (r, d) in enumerate(zip(readings, dark, strict=True)):
        if r.id not in noisy or d is None:
            continue
        r = out[n] = replace(r, darkness=(float(d), *seen))
        gap, judged_by = page, sure_empty
        if gap is None:
            near_paper = _nearest(paper_at, centres[n], NEAR_EMPTY)
            near_marks = _nearest(marks_at, centres[n], NEAR_MARKS)
            gap = _gap(paper_dark[near_paper], mark_dark[near_marks])
            if gap is None:
                continue
            judged_by = [sure_empty[i] for i in near_paper]
        paper, typical = gap
        if d <= paper:
            out[n] = replace(r, state="empty", confidence=0.8, settled=True)
        elif (
            r.id in on_noise
            and d >= typical
            and r.ink >= QUIET_FILLED_MIN
            and r.base_ink < MAX_BASE_INK
            and _within_grain(grains([n])[0], grains(judged_by))
        ):
            out[n] = replace(r, state="filled", confidence=0.8, settled=True)
    return out


def _within_grain(own: float, judged_by: np.ndarray) -> bool:
    """Whether a field's paper (its grain, ``own``) is no grainier than ``GRAINIER``
    times the grainiest of the sure empty fields' it is judged by (a grain not
    measured, nan, neither stops nor counts)."""
    measured = judged_by[~np.isnan(judged_by)]
    return math.isnan(own) or not len(measured) or own <= GRAINIER * float(measured.max())


def _gap(paper: np.ndarray, marks: np.ndarray) -> tuple[float, float] | None:
    """(the darkest sure empty field, the typical sure mark) where every sure mark is
    darker than every sure empty field by ``MIN_GAP``; None where they are not so apart."""
    if float(marks.min()) - float(paper.max()) < MIN_GAP:
        return None
    return float(paper.max()), float(np.quantile(marks, MARK_QUANTILE))


def _nearest(points: np.ndarray, to: np.ndarray, count: int) -> np.ndarray:
    """The indices of the ``count`` points (an (n, 2) array) nearest ``to``."""
    return np.argsort(np.hypot(*(points - to).T), kind="stable")[:count]
