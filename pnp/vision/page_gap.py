"""Settle fields doubted for the paper's noise by the page's own gap between marks and paper.

On a noisy page (a small page in the frame, high ISO, a hard shadow) the ink step is
raised above the noise, and a field with faint ink, or ink that only the base step
finds, is asked about (``pnp.vision.read.doubts``). A person settles most of them at a
glance, by comparing the field with the page's other fields: a mark is as dark as the
player's other marks, a grain of noise no darker than the empty fields' grain.

So does this: each field's darkest point, once the photo is smoothed over a pen
stroke's width (noise averages out, a stroke keeps its darkness), is compared with the
fields the reader is sure of on the same page. Where every sure mark is darker than
every sure empty field by a clear ``MIN_GAP``, a doubted field no darker than the
darkest sure empty field is empty, and a field read filled but doubted for noise
that is at least as dark as the page's typical sure mark (``MARK_QUANTILE``) is
filled. A field between the two, or on a page without that gap, stays doubtful.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import QUIET_FILLED_MIN, FieldReading, InkMasks, _field_boxes, _level

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


def darkest(masks: InkMasks, fields: list[Field], px_per_mm: float) -> list[float | None]:
    """Each field's darkest point inside (1 - smoothed photo over print; 0 = as blank),
    None where no print lets ink show."""
    level = np.maximum(_level(masks.printed), np.float32(0.3))
    relative = cv2.GaussianBlur(masks.seen / level, (0, 0), SMOOTH_MM * px_per_mm)
    relative[masks.readable == 0] = np.inf  # dark print hides ink: never the darkest
    h, w = relative.shape
    boxes = _field_boxes(fields, px_per_mm).inside.reshape(-1, 4).copy()
    np.clip(boxes, 0, [w, h, w, h], out=boxes)
    sizes = np.stack([boxes[:, 3] - boxes[:, 1], boxes[:, 2] - boxes[:, 0]], axis=1)
    lightest = np.full(len(fields), np.inf)
    # fields of one size at once (a score pad's bubbles are all alike): a few gathers
    for bh, bw in {tuple(v) for v in sizes.tolist() if min(v) > 0}:
        same = np.flatnonzero((sizes[:, 0] == bh) & (sizes[:, 1] == bw))
        rows = boxes[same, 1, None, None] + np.arange(bh)[None, :, None]
        cols = boxes[same, 0, None, None] + np.arange(bw)[None, None, :]
        lightest[same] = relative[rows, cols].min(axis=(1, 2))
    return [None if np.isinf(v) else float(1.0 - v) for v in lightest.tolist()]


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
    sure_empty, sure_marks = [], []
    for r, d in zip(readings, dark, strict=True):
        if d is None or r.id in doubted or r.hatched:
            continue
        if r.state == "empty":
            sure_empty.append(d)
        elif r.state == "filled":
            sure_marks.append(d)
    if len(sure_empty) < MIN_EMPTY or len(sure_marks) < MIN_MARKS:
        return readings
    paper, marks = max(sure_empty), min(sure_marks)
    if marks - paper < MIN_GAP:
        return readings
    typical = float(np.quantile(sure_marks, MARK_QUANTILE))
    out = list(readings)
    for n, (r, d) in enumerate(zip(readings, dark, strict=True)):
        if r.id not in noisy or d is None:
            continue
        if d <= paper:
            out[n] = replace(r, state="empty", confidence=0.8, settled=True)
        elif (
            r.id in on_noise
            and d >= typical
            and r.ink >= QUIET_FILLED_MIN
            and r.base_ink < MAX_BASE_INK
        ):
            out[n] = replace(r, state="filled", confidence=0.8, settled=True)
    return out
