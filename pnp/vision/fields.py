"""Read every field of a flattened page: filled, empty or doubtful, with a confidence.

A mark is ink the photo has and the blank sheet has not. Both images are first
brought to "paper = 1" (the photo divided by its local paper brightness, so light
gradients and shadows drop out); the blank sheet's printed ink is widened a little
so that a slightly misregistered print is never taken for a mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np

from pnp.sheetmap import Field

EMPTY_MAX = 0.012  # at most this share of a field's inside inked: empty
FILLED_MIN = 0.045  # at least this share: filled; between the two: doubtful
INK_STEP = 0.2  # darker than the blank sheet under it by this share of its brightness: ink
DARK_PRINT = 0.3  # print darker than this hides any ink on it
INSET_MM = 0.7  # keep off a field's printed outline

State = Literal["filled", "empty", "doubtful"]


@dataclass(frozen=True)
class FieldReading:
    id: str
    state: State
    ink: float  # share of the field's inside that carries added ink
    confidence: float  # 0.5 at a threshold, 1.0 far from both
    spill: tuple[float, ...] = ()  # share of inked free paper just outside, per side


def paper_level(gray: np.ndarray, px_per_mm: float) -> np.ndarray:
    """The page divided by its local paper brightness: paper ~1.0, ink lower."""
    k = max(3, int(4 * px_per_mm) | 1)
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, k // 4 | 1),) * 2)
    paper = cv2.dilate(small, kernel)
    paper = cv2.GaussianBlur(paper, (0, 0), px_per_mm)
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    return gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)


def added_ink(
    photo: np.ndarray,
    blank: np.ndarray,
    px_per_mm: float,
    step: float | None = None,
) -> np.ndarray:
    """A uint8 mask (1 = ink the blank sheet does not have).

    Ink is a pixel darker than the printed sheet under it by ``step`` of what the
    print lets through (a ratio, not a difference: light pencil over a tinted box
    darkens it by the same share as over white paper). Where the print is nearly
    black nothing can be told, and nothing is called ink.
    """
    step = INK_STEP if step is None else step
    seen = paper_level(photo, px_per_mm)
    printed = blank.astype(np.float32) / 255.0
    widen = max(3, int(0.6 * px_per_mm) | 1)
    printed = cv2.erode(printed, np.ones((widen, widen), np.uint8))
    ink = (seen < printed * (1.0 - step)) & (printed > DARK_PRINT)
    return ink.astype(np.uint8)


def _inside(f: Field, px_per_mm: float) -> tuple[int, int, int, int]:
    """The pixel box read for a field: its rectangle, or the square inside its circle."""
    if f.shape == "circle":
        half = (f.w / 2) / 2**0.5 - INSET_MM * 0.5
        x0, y0, x1, y1 = f.x - half, f.y - half, f.x + half, f.y + half
    else:
        x0, y0 = f.x + INSET_MM, f.y + INSET_MM
        x1, y1 = f.x + f.w - INSET_MM, f.y + f.h - INSET_MM
    return (
        round(x0 * px_per_mm),
        round(y0 * px_per_mm),
        round(x1 * px_per_mm),
        round(y1 * px_per_mm),
    )


def classify(ink: float) -> tuple[State, float]:
    if ink <= EMPTY_MAX:
        return "empty", 1.0 - 0.5 * ink / EMPTY_MAX
    if ink >= FILLED_MIN:
        return "filled", min(1.0, 0.5 + 0.5 * (ink - FILLED_MIN) / FILLED_MIN)
    middle = (EMPTY_MAX + FILLED_MIN) / 2
    return "doubtful", 0.5 * abs(ink - middle) / (middle - EMPTY_MAX)


SPILL_IN_MM = 0.45  # the spill band starts clear of the widened printed outline
SPILL_OUT_MM = 1.2


def _free_paper(fields: list[Field], shape: tuple[int, int], px_per_mm: float) -> np.ndarray:
    """1 where no field lies: ink there belongs to no box."""
    free = np.ones(shape, np.uint8)
    for f in fields:
        x0, y0, x1, y1 = f.bounds
        p0 = (round((x0 - 0.2) * px_per_mm), round((y0 - 0.2) * px_per_mm))
        p1 = (round((x1 + 0.2) * px_per_mm), round((y1 + 0.2) * px_per_mm))
        cv2.rectangle(free, p0, p1, 0, -1)
    return free


def _spill_boxes(f: Field, px_per_mm: float) -> list[tuple[int, int, int, int]]:
    """Pixel boxes just outside a field: bands beside a box, corners of a circle's square."""
    x0, y0, x1, y1 = f.bounds
    a, b = SPILL_IN_MM, SPILL_OUT_MM
    if f.shape == "circle":
        r = f.w / 2
        c = 0.28 * r
        boxes = [
            (x0 - 0.15, y0 - 0.15, x0 + c, y0 + c),
            (x1 - c, y0 - 0.15, x1 + 0.15, y0 + c),
            (x0 - 0.15, y1 - c, x0 + c, y1 + 0.15),
            (x1 - c, y1 - c, x1 + 0.15, y1 + 0.15),
        ]
    else:
        boxes = [
            (x0, y0 - b, x1, y0 - a),
            (x0, y1 + a, x1, y1 + b),
            (x0 - b, y0, x0 - a, y1),
            (x1 + a, y0, x1 + b, y1),
        ]
    return [tuple(round(v * px_per_mm) for v in box) for box in boxes]


def _box_sum(integral: np.ndarray, box: tuple[int, int, int, int]) -> int:
    h, w = integral.shape[0] - 1, integral.shape[1] - 1
    x0, y0, x1, y1 = (min(max(v, 0), lim) for v, lim in zip(box, (w, h, w, h), strict=True))
    if x1 <= x0 or y1 <= y0:
        return 0
    return int(integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0])


def read_fields(mask: np.ndarray, fields: list[Field], px_per_mm: float) -> list[FieldReading]:
    """Every field's share of added ink, classified."""
    integral = cv2.integral(mask)
    free = _free_paper(fields, mask.shape, px_per_mm)
    free_integral = cv2.integral(free)
    spilled_integral = cv2.integral(mask & free)
    out = []
    for f in fields:
        x0, y0, x1, y1 = _inside(f, px_per_mm)
        area = max(1, (x1 - x0) * (y1 - y0))
        ink = _box_sum(integral, (x0, y0, x1, y1)) / area
        spill = []
        for box in _spill_boxes(f, px_per_mm):
            room = _box_sum(free_integral, box)
            spill.append(round(_box_sum(spilled_integral, box) / room, 3) if room >= 4 else -1.0)
        state, conf = classify(ink)
        out.append(FieldReading(f.id, state, round(ink, 4), round(conf, 3), tuple(spill)))
    return out
