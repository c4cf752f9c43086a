"""Which sheet is this? The page code read from the flattened page.

The QR symbol is small (0.8 mm modules): where the page is small in the frame the
flattened page at the reading resolution blurs it, so its region is warped again
straight from the photo at a few resolutions (the homography is known), and each is
tried as it is and binarised (Otsu).
"""

from __future__ import annotations

import cv2
import numpy as np

from pnp.pagecode import PageCode
from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.frame import MARKER_INSET, MARKER_SIZE, QR_MODULE
from pnp.vision.markers import decode_page_code
from pnp.vision.rectify import PageNotFound, Rectified

# The QR symbol sits bottom right, left of the corner marker; its size depends on the
# code's length, so search a box that holds the largest one with its quiet zone.
QR_SEARCH_MM = 34.0
# Pixels per mm tried when warping the QR region from the photo: whole pixels per
# 0.8 mm module (5, 8 and 4 px) suit OpenCV's decoder best.
QR_PX_PER_MM = (6.25, 10.0, 5.0)


def _qr_box() -> tuple[float, float, float, float]:
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 1.5
    bottom = COMMON_HEIGHT - MARKER_INSET + 2.0
    return right - QR_SEARCH_MM, bottom - QR_SEARCH_MM, right, bottom


def qr_region(page: Rectified, px_per_mm: float) -> np.ndarray:
    """The QR search box warped from the photo at ``px_per_mm`` (or cut from the page)."""
    x0, y0, x1, y1 = _qr_box()
    if page.photo is None:
        s = page.px_per_mm
        return page.image[
            max(0, round(y0 * s)) : round(y1 * s), max(0, round(x0 * s)) : round(x1 * s)
        ]
    k = px_per_mm / page.px_per_mm
    to_crop = (
        np.array([[k, 0, -x0 * px_per_mm], [0, k, -y0 * px_per_mm], [0, 0, 1]]) @ page.homography
    )
    size = (round((x1 - x0) * px_per_mm), round((y1 - y0) * px_per_mm))
    return cv2.warpPerspective(page.photo, to_crop, size, flags=cv2.INTER_LINEAR, borderValue=255)


def redrawn_qr(page: Rectified, modules: int, px: int = 6) -> np.ndarray:
    """The QR symbol of ``modules`` x ``modules`` at its known place, each module sampled
    from the photo at its centre and redrawn clean, black or white, ``px`` px wide.

    The symbol's bottom-right corner is fixed on every page and its size follows from
    the module count, so even a symbol too blurred for the detector to find its
    finder patterns can be read module by module.
    """
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 4
    bottom = COMMON_HEIGHT - MARKER_INSET
    size = modules * QR_MODULE
    src = page.photo if page.photo is not None else page.image
    to_page = np.eye(3) if page.photo is None else page.homography
    s = 4 / QR_MODULE  # 4 px per module, then the centre 2 x 2 of each is averaged
    shift = np.array(
        [
            [s / page.px_per_mm, 0, -(right - size) * s],
            [0, s / page.px_per_mm, -(bottom - size) * s],
            [0, 0, 1],
        ]
    )
    grid = cv2.warpPerspective(
        src, shift @ to_page, (modules * 4, modules * 4), flags=cv2.INTER_LINEAR
    )
    cells = grid.reshape(modules, 4, modules, 4)[:, 1:3, :, 1:3].mean(axis=(1, 3))
    _, bits = cv2.threshold(cells.astype(np.uint8), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    clean = cv2.resize(bits, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)
    return cv2.copyMakeBorder(clean, 4 * px, 4 * px, 4 * px, 4 * px, cv2.BORDER_CONSTANT, value=255)


def identify(page: Rectified) -> PageCode:
    """The page code of a flattened page; PageNotFound if it does not decode."""
    for s in QR_PX_PER_MM:
        crop = qr_region(page, s)
        code = decode_page_code(crop)
        if code is not None:
            return code
        _, binary = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        code = decode_page_code(binary)
        if code is not None:
            return code
        if page.photo is None:
            break
    for modules in range(21, 42, 4):  # QR versions 1-5
        code = decode_page_code(redrawn_qr(page, modules))
        if code is not None:
            return code
    raise PageNotFound("the page code (QR symbol, bottom right) could not be read")
