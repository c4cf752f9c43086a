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
INK_STEP = 0.28  # darker than the blank sheet by this much of the paper level: ink
INSET_MM = 0.7  # keep off a field's printed outline

State = Literal["filled", "empty", "doubtful"]


@dataclass(frozen=True)
class FieldReading:
    id: str
    state: State
    ink: float  # share of the field's inside that carries added ink
    confidence: float  # 0.5 at a threshold, 1.0 far from both


def paper_level(gray: np.ndarray, px_per_mm: float) -> np.ndarray:
    """The page divided by its local paper brightness: paper ~1.0, ink lower."""
    k = max(3, int(4 * px_per_mm) | 1)
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, k // 4 | 1),) * 2)
    paper = cv2.dilate(small, kernel)
    paper = cv2.GaussianBlur(paper, (0, 0), px_per_mm)
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    return gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)


def added_ink(photo: np.ndarray, blank: np.ndarray, px_per_mm: float) -> np.ndarray:
    """A uint8 mask (1 = ink the blank sheet does not have)."""
    seen = paper_level(photo, px_per_mm)
    printed = blank.astype(np.float32) / 255.0
    widen = max(3, int(0.6 * px_per_mm) | 1)
    printed = cv2.erode(printed, np.ones((widen, widen), np.uint8))
    return ((printed - seen) > INK_STEP).astype(np.uint8)


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


def read_fields(mask: np.ndarray, fields: list[Field], px_per_mm: float) -> list[FieldReading]:
    """Every field's share of added ink, classified."""
    integral = cv2.integral(mask)
    out = []
    for f in fields:
        x0, y0, x1, y1 = _inside(f, px_per_mm)
        area = max(1, (x1 - x0) * (y1 - y0))
        inked = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
        ink = float(inked) / area
        state, conf = classify(ink)
        out.append(FieldReading(f.id, state, round(ink, 4), round(conf, 3)))
    return out
