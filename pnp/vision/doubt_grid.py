"""A page's doubtful fields in one picture, numbered, to be answered at a glance.

A page asking about many fields is answered quicker by looking at them side by side than
one crop at a time: ``doubt_grid`` lays the crops (``sheet_reading.crop_field``: the field
outlined in its surroundings) out in rows, each under its number and field id, and
``pnp read --ask`` asks once which numbers are marked.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CELL = 200  # px: each crop is shrunk to fit this square
LABEL = 30  # px: the strip above each crop, holding its number and field id
GAP = 8  # px between cells
COLUMNS = 8  # at most
FONT = cv2.FONT_HERSHEY_SIMPLEX
NUMBER, FIELD = (0, 0, 0), (90, 90, 90)


def doubt_grid(crops: list[np.ndarray], field_ids: list[str]) -> np.ndarray:
    """The crops (BGR) in rows of at most ``COLUMNS``, crop ``i`` under "``i + 1``" and
    its field id, on white."""
    if len(crops) != len(field_ids) or not crops:
        raise ValueError("one field id per crop, and at least one crop")
    columns = min(COLUMNS, len(crops))
    rows = math.ceil(len(crops) / columns)
    pitch_x, pitch_y = CELL + GAP, LABEL + CELL + GAP
    image = np.full((GAP + rows * pitch_y, GAP + columns * pitch_x, 3), 255, np.uint8)
    for i, (crop, field_id) in enumerate(zip(crops, field_ids, strict=True)):
        x, y = GAP + (i % columns) * pitch_x, GAP + (i // columns) * pitch_y
        _label(image, str(i + 1), field_id, x, y)
        fitted = _fitted(crop)
        h, w = fitted.shape[:2]
        top, left = y + LABEL + (CELL - h) // 2, x + (CELL - w) // 2
        image[top : top + h, left : left + w] = fitted
    return image


def _fitted(crop: np.ndarray) -> np.ndarray:
    """``crop`` in BGR, shrunk (never enlarged) to fit ``CELL`` x ``CELL``."""
    if crop.ndim == 2:
        crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    scale = min(1.0, CELL / max(crop.shape[:2]))
    if scale == 1.0:
        return crop
    size = (max(1, round(crop.shape[1] * scale)), max(1, round(crop.shape[0] * scale)))
    return cv2.resize(crop, size, interpolation=cv2.INTER_AREA)


def _label(image: np.ndarray, number: str, field_id: str, x: int, y: int) -> None:
    base = y + LABEL - 8
    cv2.putText(image, number, (x + 2, base), FONT, 0.8, NUMBER, 2, cv2.LINE_AA)
    (nw, _), _ = cv2.getTextSize(number, FONT, 0.8, 2)
    # the field id after the number, cut to the cell's width
    room = CELL - nw - 12
    text = field_id
    while text and cv2.getTextSize(text, FONT, 0.45, 1)[0][0] > room:
        text = text[:-1]
    if text != field_id and len(text) > 1:
        text = text[:-1] + "~"
    cv2.putText(image, text, (x + nw + 10, base), FONT, 0.45, FIELD, 1, cv2.LINE_AA)
