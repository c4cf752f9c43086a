"""Synthetic pages filled by the pen and read flat (no camera): what the state tests of
the photo reader start from."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.synth.marks import SheetMarks
from pnp.synth.pen import build_page, fill
from pnp.vision.read import read_page
from pnp.vision.rectify import READ_PX_PER_MM, Rectified
from pnp.vision.sheet_reading import SheetReading

PX = READ_PX_PER_MM
DPI = 150


def flat_reading(marks: SheetMarks, seed: int, source: str) -> tuple[SheetReading, dict]:
    """``marks`` filled by the hand of ``seed`` on an A4 page, read; and the pen's truth."""
    page = build_page(marks)
    filled = fill(page, marks, seed, DPI)
    gray = cv2.cvtColor(filled.image, cv2.COLOR_RGB2GRAY)
    a4 = cv2.resize(gray, (round(210 * PX), round(297 * PX)), interpolation=cv2.INTER_AREA)
    top = round((297 - COMMON_HEIGHT) / 2 * PX)
    box = a4[top : top + round(COMMON_HEIGHT * PX), : round(COMMON_WIDTH * PX)]
    rectified = Rectified(np.ascontiguousarray(box), PX, np.eye(3), 0.0, (0, 1, 2, 3))
    return read_page(rectified, source), filled.truth
