"""Where each field lies on a flattened page, in pixels: the inside read for its ink, the
bands just past its outline (spill, beyond), the paper no field covers; and sums of a
mask over many such boxes at once (integral images).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pnp.sheetmap import Field

INSET_MM = 0.7  # keep off a field's printed outline


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


SPILL_IN_MM = 0.45  # the spill band starts clear of the widened printed outline
SPILL_OUT_MM = 1.2


def _free_paper(fields: list[Field], shape: tuple[int, int], px_per_mm: float) -> np.ndarray:
    """1 where no field lies: ink there belongs to no box."""
    return _free_of(_field_boxes(fields, px_per_mm).taken, shape)


def _free_of(taken: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    free = np.ones(shape, np.uint8)
    for x0, y0, x1, y1 in taken.tolist():
        cv2.rectangle(free, (x0, y0), (x1, y1), 0, -1)
    return free


BEYOND_IN_MM = 0.35  # the band past a box's outline read for ``beyond`` (clear of the print)
BEYOND_OUT_MM = 1.0


def _beyond_boxes(f: Field, px_per_mm: float) -> list[tuple[int, int, int, int]]:
    """Pixel boxes just past a field's outline: four bands around a box, or the four
    corners of a circle's square (a fill stays inside the circle, a hatching does not)."""
    if f.shape == "circle":
        return _spill_boxes(f, px_per_mm)
    x0, y0, x1, y1 = f.bounds
    a, b = BEYOND_IN_MM, BEYOND_OUT_MM
    boxes = [
        (x0 - b, y0 - b, x1 + b, y0 - a),
        (x0 - b, y1 + a, x1 + b, y1 + b),
        (x0 - b, y0 - a, x0 - a, y1 + a),
        (x1 + a, y0 - a, x1 + b, y1 + a),
    ]
    return [tuple(round(v * px_per_mm) for v in box) for box in boxes]


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


@dataclass(frozen=True)
class _Boxes:
    """Pixel boxes (x0, y0, x1, y1) of every field: (n, 4) inside, (n, 4, 4) spill and
    beyond bands."""

    inside: np.ndarray
    spill: np.ndarray
    beyond: np.ndarray
    taken: np.ndarray  # (n, 4) the field's bounds widened by 0.2 mm (off the free paper)


_LAST_BOXES: list[tuple[tuple, _Boxes]] = []  # ((fields, px_per_mm), boxes) of the last call


def _field_boxes(fields: list[Field], px_per_mm: float) -> _Boxes:
    """``_inside``, ``_spill_boxes`` and ``_beyond_boxes`` of all fields at once (the same
    float operations in the same order, so the same pixels). The last fields' are kept
    (read only): a page's readers ask for them one after another."""
    key = (tuple(fields), px_per_mm)  # (compared field by field: the same ones at once)
    if not _LAST_BOXES or _LAST_BOXES[0][0] != key:
        _LAST_BOXES[:] = [(key, _boxes_of(fields, px_per_mm))]
    return _LAST_BOXES[0][1]


def side_bands(bx0, by0, bx1, by1, a: float, b: float) -> np.ndarray:
    """(n, 4, 4): for boxes with the bounds given (arrays, mm), the bands from ``a`` to
    ``b`` past each side (top, bottom, left, right), each as long as its side, as x0, y0,
    x1, y1."""
    return np.stack(
        [
            np.stack([bx0, by0 - b, bx1, by0 - a], axis=1),
            np.stack([bx0, by1 + a, bx1, by1 + b], axis=1),
            np.stack([bx0 - b, by0, bx0 - a, by1], axis=1),
            np.stack([bx1 + a, by0, bx1 + b, by1], axis=1),
        ],
        axis=1,
    )


def _boxes_of(fields: list[Field], px_per_mm: float) -> _Boxes:
    x = np.array([f.x for f in fields])
    y = np.array([f.y for f in fields])
    w = np.array([f.w for f in fields])
    h = np.array([f.h for f in fields])
    circle = np.array([f.shape == "circle" for f in fields])
    r = w / 2
    # bounds
    bx0 = np.where(circle, x - r, x)
    by0 = np.where(circle, y - r, y)
    bx1 = np.where(circle, x + r, x + w)
    by1 = np.where(circle, y + r, y + h)
    half = (w / 2) / 2**0.5 - INSET_MM * 0.5
    inside = np.stack(
        [
            np.where(circle, x - half, x + INSET_MM),
            np.where(circle, y - half, y + INSET_MM),
            np.where(circle, x + half, x + w - INSET_MM),
            np.where(circle, y + half, y + h - INSET_MM),
        ],
        axis=1,
    )
    c = 0.28 * r
    corners = np.stack(
        [
            np.stack([bx0 - 0.15, by0 - 0.15, bx0 + c, by0 + c], axis=1),
            np.stack([bx1 - c, by0 - 0.15, bx1 + 0.15, by0 + c], axis=1),
            np.stack([bx0 - 0.15, by1 - c, bx0 + c, by1 + 0.15], axis=1),
            np.stack([bx1 - c, by1 - c, bx1 + 0.15, by1 + 0.15], axis=1),
        ],
        axis=1,
    )
    bands = side_bands(bx0, by0, bx1, by1, SPILL_IN_MM, SPILL_OUT_MM)
    a, b = BEYOND_IN_MM, BEYOND_OUT_MM
    around = np.stack(
        [
            np.stack([bx0 - b, by0 - b, bx1 + b, by0 - a], axis=1),
            np.stack([bx0 - b, by1 + a, bx1 + b, by1 + b], axis=1),
            np.stack([bx0 - b, by0 - a, bx0 - a, by1 + a], axis=1),
            np.stack([bx1 + a, by0 - a, bx1 + b, by1 + a], axis=1),
        ],
        axis=1,
    )
    taken = np.stack([bx0 - 0.2, by0 - 0.2, bx1 + 0.2, by1 + 0.2], axis=1)
    spill = np.where(circle[:, None, None], corners, bands)
    beyond = np.where(circle[:, None, None], corners, around)
    # np.rint rounds half to even, as round() does.
    boxes = [np.rint(v * px_per_mm).astype(np.int64) for v in (inside, spill, beyond, taken)]
    for b in boxes:
        b.flags.writeable = False
    return _Boxes(*boxes)


def _in_window(boxes: _Boxes, shape: tuple[int, int]) -> tuple[_Boxes, tuple[int, int, int, int]]:
    """``boxes`` clipped to a page of ``shape`` and the window (x0, y0, x1, y1) that holds
    them all, with the boxes counted from the window's corner: sums over the window's
    integral are the page's, bit for bit."""
    h, w = shape
    limit = np.array([w, h, w, h])
    clipped = [np.clip(b, 0, limit) for b in (boxes.inside, boxes.spill, boxes.beyond)]
    corners = np.concatenate([c.reshape(-1, 4) for c in clipped])
    x0, y0 = int(corners[:, [0, 2]].min()), int(corners[:, [1, 3]].min())
    x1, y1 = int(corners[:, [0, 2]].max()), int(corners[:, [1, 3]].max())
    origin = np.array([x0, y0, x0, y0])
    # ``taken`` is only drawn (cv2 clips it to the window as it did to the page).
    moved = [c - origin for c in clipped]
    return _Boxes(*moved, boxes.taken - origin), (x0, y0, x1, y1)


_FREE_ROOM: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}


def _free_room(boxes: _Boxes, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """``_free_of`` the boxes and its pixels in each spill band, which depend on the
    sheet alone: cached by the boxes (read only)."""
    key = (boxes.taken.tobytes(), boxes.spill.tobytes(), shape)
    hit = _FREE_ROOM.get(key)
    if hit is None:
        if len(_FREE_ROOM) >= 8:
            _FREE_ROOM.pop(next(iter(_FREE_ROOM)))
        free = _free_of(boxes.taken, shape)
        hit = _FREE_ROOM[key] = (free, _box_sums(cv2.integral(free), boxes.spill))
    return hit


def _box_sums(integral: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """``_box_sum`` of many boxes at once: (..., 4) int boxes -> (...) sums."""
    h, w = integral.shape[0] - 1, integral.shape[1] - 1
    x0, y0, x1, y1 = (np.clip(boxes[..., k], 0, lim) for k, lim in enumerate((w, h, w, h)))
    x1, y1 = np.maximum(x1, x0), np.maximum(y1, y0)
    ii = integral
    return ii[y1, x1] - ii[y0, x1] - ii[y1, x0] + ii[y0, x0]
