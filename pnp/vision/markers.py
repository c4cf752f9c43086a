"""Find the corner fiducials (ArUco DICT_4X4_50) and decode the page-code QR symbol."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from pnp.pagecode import PageCode


@cache
def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    # The sheets are full of small boxes; ignoring candidates far smaller than a
    # fiducial keeps detection fast and free of false squares.
    params.minMarkerPerimeterRate = 0.02
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def find_fiducials(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (TL, TR, BR, BL as printed), in pixels, float32 (4, 2)."""
    corners, ids, _ = _detector().detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        found[int(marker_id)] = quad.reshape(4, 2)
    return found


def decode_page_code(gray: np.ndarray) -> PageCode | None:
    """The page code in ``gray`` (best: a crop around the QR symbol), or None if none decodes.

    Small crops are tried again at twice the size: the detector wants modules of
    several pixels.
    """
    candidates = [gray]
    if max(gray.shape) < 1200:
        candidates.append(cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
    detector = cv2.QRCodeDetector()
    for image in candidates:
        text, _, _ = detector.detectAndDecode(image)
        if text:
            try:
                return PageCode.parse(text)
            except ValueError:
                return None
    return None
