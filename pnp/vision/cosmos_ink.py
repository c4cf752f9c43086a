"""Measures of a Cosmos page's ink: a field's circle or box cut from the ink mask, dust
dropped, and the paper's local brightness the photo's darkness is taken against."""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.sheetmap import Field

SPECK_MM2 = 0.15  # ink blobs smaller than this are dust


def crop_circle(mask: np.ndarray, cx: float, cy: float, r: float, px: float) -> np.ndarray:
    """``mask`` in the square round the circle (``circle_square``), nothing outside the
    circle (float32)."""
    x0, y0, x1, y1 = circle_square(cx, cy, r, px)
    crop = mask[y0:y1, x0:x1].astype(np.float32)
    if not crop.any():
        return crop  # no ink, inside the circle or out
    return crop * in_circle(crop.shape, x0, y0, cx, cy, r, px)


def circle_square(cx: float, cy: float, r: float, px: float) -> tuple[int, int, int, int]:
    """The pixels (x0, y0, x1, y1) of the square round a circle (centre and radius in mm,
    at ``px`` px/mm), clipped at the page's top and left."""
    x0, y0 = max(0, math.floor((cx - r) * px)), max(0, math.floor((cy - r) * px))
    return x0, y0, math.ceil((cx + r) * px), math.ceil((cy + r) * px)


def in_circle(shape, x0: int, y0: int, cx: float, cy: float, r: float, px: float) -> np.ndarray:
    """bool, of ``shape`` (a crop whose corner is pixel (x0, y0)): the pixels whose
    centres lie in the circle."""
    # a row and a column of pixel centres, broadcast: the same sums as full grids
    xs = np.arange(shape[1], dtype=np.float32)[None, :]
    ys = np.arange(shape[0], dtype=np.float32)[:, None]
    return (xs + x0 + 0.5 - cx * px) ** 2 + (ys + y0 + 0.5 - cy * px) ** 2 <= (r * px) ** 2


def crop_rect(mask: np.ndarray, f: Field, inset: float, px: float) -> np.ndarray:
    x0, y0 = round((f.x + inset) * px), round((f.y + inset) * px)
    x1, y1 = round((f.x + f.w - inset) * px), round((f.y + f.h - inset) * px)
    return mask[y0:y1, x0:x1].astype(np.float32)


def despeckle(ink: np.ndarray, px: float) -> np.ndarray:
    """``ink`` without blobs smaller than SPECK_MM2."""
    if not ink.any():
        return ink
    n, labels, stats, _ = cv2.connectedComponentsWithStats((ink > 0).astype(np.uint8), 8)
    keep = stats[:, cv2.CC_STAT_AREA] >= SPECK_MM2 * px * px
    keep[0] = False
    return ink * keep[labels]


def paper(gray: np.ndarray, px: float) -> np.ndarray:
    """The local paper brightness of ``gray`` (its brightest nearby, smoothed), as
    large as ``gray``."""
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = max(3, int(px * 1.0) | 1)
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), px * 0.5)
    return cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)


def paper_norm(gray: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """``gray`` over its local paper brightness ``paper`` (:func:`paper`, or the same
    window of each): paper ~1, ink lower."""
    return gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)
