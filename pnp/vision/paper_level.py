"""The page's local paper brightness, divided out (``paper_level``): paper ~1.0, ink
lower, whatever the light. The paper is found by a closing wider than any mark, in the
page divided by its blank's light print; boxes too big for that closing that ink covers
solid (a correction hatched over a space) are closed again more widely, so that their
ink is not taken for paper."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.field_boxes import _box_sums, _inside, side_bands

PAPER_CLOSING_MM = 12.0  # wider than any mark or run of marks, so it never passes for paper
PAPER_BLUR = 0.25  # sigma in quarter-size pixels per px/mm: ~1 mm of the page
PAPER_PRINT_MIN = 180  # print darker than this (of 255) is not divided out of the page
PAPER_WIDEN_MM = 3.0


def paper_level(
    gray: np.ndarray,
    px_per_mm: float,
    print_small: np.ndarray | None = None,
    fields: list[Field] | None = None,
) -> np.ndarray:
    """The page divided by its local paper brightness: paper ~1.0, ink lower.

    With ``print_small`` (the blank at quarter size, its light print widened ~3 mm, from
    ``blank_prep.Blank``) the paper is found in the page divided by its print, so a
    tinted box wider than the closing keeps its tint instead of passing for paper; the
    widening keeps a page a little off the blank (curl) from brightening its paper. With
    ``fields``, a box too big for the closing that ink covers solid is not taken for
    paper either (``_solid_marks_lifted``).
    """
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    if print_small is not None:
        small = cv2.divide(small, cv2.max(print_small, 1), scale=255.0, dtype=cv2.CV_32F)
        small[print_small < PAPER_PRINT_MIN] = 0  # dark print tells nothing of the paper
    side = max(3, int(PAPER_CLOSING_MM * px_per_mm / 4) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    # A closing (max, then min over the same square) drops marks and print narrower than
    # the square but keeps a hard shadow's edge where it is: a blurred maximum would
    # carry the lit side's brightness across the edge and read the shade as ink.
    paper = cv2.erode(cv2.dilate(small, kernel), kernel)
    if fields:
        paper = _solid_marks_lifted(paper, small, fields, px_per_mm)
    paper = cv2.GaussianBlur(paper, (0, 0), PAPER_BLUR * px_per_mm)
    # Bilinear weights are positive: enlarged paper no darker than 1.001 stays above 1,
    # and the whole-page maximum below is a copy of it.
    dark = float(paper.min()) <= 1.001
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    # cv2.divide gives numpy's float32 quotient bit for bit, and of two float32 pages
    # in half the time it takes for uint8 by float32 (its mixed-type loop is slow).
    if dark:
        cv2.max(paper, 1, dst=paper)
    out = gray.astype(np.float32)
    return cv2.divide(out, paper, dst=out, dtype=cv2.CV_32F)


# A box whose smaller side is over SOLID_BOX_MM, hatched over solid (a correction runs
# ~1 mm past the outline), is too big for the paper closing: the closing keeps the ink
# as paper and the box reads nearly no ink. In and around such boxes the paper is closed
# again over SOLID_CLOSING_MM (wider than a 15.7 mm space hatched past its outline), and
# that closing's paper is taken where it is brighter than the small one's by SOLID_RATIO
# over SOLID_SHARE of the box's inside, and over SOLID_SHARE of the band SOLID_RING_MM
# past no more than one of its sides: a solid mark covers the box and stops (a neighbour
# hatched too may lie past one side), a shadow's edge crosses the box and both closings
# keep it where it is, a shadow as wide as the box runs on past two sides. Done
# everywhere (22 mm), the hard pages' shadows and uneven light read as ink. On the seed
# 8 and 11 sets the inside of all but 2 of the 63 spaces hatched out was so much brighter
# over at least 0.75 of it (those 2: nowhere), and of the 16,721 other fields over
# 10 mm (spaces, hexes, cube slots) none over more than 0.05. Boxes only: the Cosmos
# hexes (circles) are marked with symbols, never hatched over, and their pages paid
# ~0.85 ms for a closing that lifted none.
SOLID_BOX_MM = 10.0
SOLID_CLOSING_MM = 22.0
SOLID_RATIO = 1.15
SOLID_SHARE = 0.6
SOLID_MARGIN_MM = 1.0  # ...taken this far past the outline too (where a fringe is read)
SOLID_RING_MM = (3.0, 6.0)


def _solid_marks_lifted(
    paper: np.ndarray, small: np.ndarray, fields: list[Field], px_per_mm: float
) -> np.ndarray:
    """``paper`` (the quarter-size page ``small`` closed over ``PAPER_CLOSING_MM``), with
    the paper of a closing over ``SOLID_CLOSING_MM`` in and around each box too big for it
    that ink covers solid (changed in place)."""
    big = tuple(
        (f.x, f.y, f.w, f.h) for f in fields if f.shape == "rect" and min(f.w, f.h) > SOLID_BOX_MM
    )
    if not big:
        return paper
    plan = _solid_plan(big, px_per_mm, paper.shape)
    x0, y0, x1, y1 = plan.window
    near = paper[y0:y1, x0:x1]  # a view: written into below
    large = cv2.erode(cv2.dilate(small[y0:y1, x0:x1], plan.kernel), plan.kernel)
    lifted = cv2.integral(np.greater(large, near * np.float32(SOLID_RATIO)).view(np.uint8))
    inside = _box_sums(lifted, plan.inside) >= SOLID_SHARE * plan.area
    sides = _box_sums(lifted, plan.sides) >= SOLID_SHARE * plan.side_area
    for a, b, c, d in plan.around[inside & (sides.sum(axis=1) <= 1)].tolist():
        near[b:d, a:c] = large[b:d, a:c]
    return paper


@dataclass(frozen=True)
class _SolidPlan:
    """Where ``_solid_marks_lifted`` looks, in quarter-size pixels (x0, y0, x1, y1)."""

    window: tuple[int, int, int, int]  # holds every big box, closed exactly in it
    kernel: np.ndarray  # the square of ``SOLID_CLOSING_MM``
    # per box, from the window's corner: (n, 4) its inside, (n, 4) it and
    # ``SOLID_MARGIN_MM`` around it, (n, 4, 4) the bands ``SOLID_RING_MM`` past its sides;
    # the pixels of the inside (n,) and of the bands (n, 4)
    inside: np.ndarray
    around: np.ndarray
    sides: np.ndarray
    area: np.ndarray
    side_area: np.ndarray


@lru_cache(maxsize=8)
def _solid_plan(big: tuple, px_per_mm: float, shape: tuple[int, int]) -> _SolidPlan:
    """The ``_SolidPlan`` of the big boxes ``big`` ((x, y, w, h) of each box) on
    a quarter-size page of ``shape``: it depends on the sheet alone."""
    q = px_per_mm / 4
    side = max(3, int(SOLID_CLOSING_MM * q) | 1)
    fields = [Field("", "", x, y, w, h) for x, y, w, h in big]
    inside = np.array([_inside(f, px_per_mm) for f in fields], np.float64) / 4
    bounds = np.array([f.bounds for f in fields])
    m, (a, b) = SOLID_MARGIN_MM, SOLID_RING_MM
    around = bounds + (-m, -m, m, m)
    bx0, by0, bx1, by1 = bounds.T
    sides = side_bands(bx0, by0, bx1, by1, a, b)
    h, w = shape
    limit = np.array([w, h, w, h])
    inside = np.clip(np.rint(inside), 0, limit).astype(np.int64)
    around = np.clip(np.rint(around * q), 0, limit).astype(np.int64)
    sides = np.clip(np.rint(sides * q), 0, limit).astype(np.int64)
    # a closing reads ``side`` - 1 pixels around each pixel: the window's is the page's
    reach = sides.reshape(-1, 4)
    x0, y0 = (max(0, int(reach[:, k].min()) - side) for k in (0, 1))
    x1, y1 = (min(lim, int(reach[:, k].max()) + side) for k, lim in ((2, w), (3, h)))
    origin = np.array([x0, y0, x0, y0])

    def pixels(boxes: np.ndarray) -> np.ndarray:
        return np.maximum(1, (boxes[..., 2] - boxes[..., 0]) * (boxes[..., 3] - boxes[..., 1]))

    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    return _SolidPlan(
        (x0, y0, x1, y1),
        kernel,
        inside - origin,
        around - origin,
        sides - origin,
        pixels(inside),
        pixels(sides),
    )
