"""Find the corner fiducials (ArUco DICT_4X4_50) and decode the page-code QR symbol."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from pnp.pagecode import PageCode

# Markers are looked for in a copy of the photo this long (px), then their corners are
# refined in the photo itself: a 12 mm fiducial of a page that fills a third of the
# frame still spans ~25 px there, and detection costs a few ms instead of ~100.
SEARCH_SIDE = 1000
# A smaller copy is tried first: most pages fill enough of the frame for their markers
# to span 13 px or more in it, and detection costs about a third less.
QUICK_SEARCH_SIDE = 800


# The quick search ignores candidates whose perimeter is under this share of the searched
# image's longer side (the patient one, under half of it).
QUICK_MIN_PERIMETER_RATE = 0.04


@cache
def _detector(fast: bool = True) -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    # The sheets are full of small boxes; ignoring candidates far smaller than a
    # fiducial keeps detection fast and free of false squares.
    params.minMarkerPerimeterRate = QUICK_MIN_PERIMETER_RATE if fast else 0.02
    if fast:  # one threshold window fits the scaled-down photo; the slow pass tries three
        params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax = 7
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def shrunk(gray: np.ndarray, scale: float) -> np.ndarray:
    """``gray`` scaled by ``scale`` < 1, fast: halved by pixel averaging (OpenCV's
    whole-factor path, ~0.1 ms) while that stays above the target, the rest bilinear.
    A fractional INTER_AREA resize of a 3 MP photo costs ~4 ms; bilinear over a
    factor below 2 drops no pixel."""
    while scale <= 0.5:
        gray = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        scale *= 2
    if scale >= 0.999:
        return gray
    return cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)


@cache
def _fiducial_ids() -> frozenset[int]:
    from pnp.render.frame import fiducials

    return frozenset(f.id for f in fiducials())


def _detect(gray: np.ndarray, fast: bool) -> dict[int, np.ndarray]:
    """The page's corner markers found in ``gray``: a marker of another id is none of
    them, however square (seed 817 #1094, a hard score pad: a dark patch of a shadowed
    page read as id 37 made the third of three markers, and the patient search that
    finds one of the two in the shadow was never tried)."""
    corners, ids, _ = _detector(fast).detectMarkers(gray)
    if ids is None:
        return {}
    wanted = _fiducial_ids()
    return {
        int(i): q.reshape(4, 2)
        for q, i in zip(corners, ids.ravel(), strict=True)
        if int(i) in wanted
    }


def quick_fiducials(gray: np.ndarray, side: int = SEARCH_SIDE) -> dict[int, np.ndarray]:
    """Markers found in a copy ``side`` px long only, corners unrefined: a cheap look for
    another page as large in the frame as one already found."""
    scale = min(1.0, side / max(gray.shape))
    return {i: q / scale for i, q in _detect(shrunk(gray, scale), True).items()}


def find_fiducials(gray: np.ndarray, min_found: int = 3) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (TL, TR, BR, BL as printed), in pixels, float32 (4, 2).

    Searched in a scaled-down copy first (800 px long, then 1000 px); if fewer than
    ``min_found`` show up there, the whole photo is searched with the slower, more
    patient settings, and failing that, patiently in smaller copies and blurred
    (``_grainy``: a dim photo's grain).
    """
    found: dict[int, np.ndarray] = {}
    for side in (QUICK_SEARCH_SIDE, SEARCH_SIDE):
        scale = side / max(gray.shape)
        if scale >= 0.9:
            break
        more = {i: q / scale for i, q in _detect(shrunk(gray, scale), True).items()}
        if len(more) > len(found):
            # ArUco's corners are good to ~1.5 px of the copy: the refinement must reach
            # that far.
            found, win = more, max(2, round(2.0 / scale))
        if len(found) >= max(min_found, 4):  # a fourth marker steadies the far corner
            break
    if len(found) < min_found:
        found, win = _detect(gray, False), 2
    if len(found) < min_found:
        found, win = _grainy(gray, found, win, min_found)
    if not found:
        return found
    # Sub-pixel corners in the full-resolution photo.
    pts = np.concatenate(list(found.values())).reshape(-1, 1, 2).astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.03)
    cv2.cornerSubPix(gray, pts, (win + 2, win + 2), (-1, -1), criteria)
    pts = pts.reshape(-1, 4, 2)
    return {i: pts[k] for k, i in enumerate(found)}


# A dim photo's grain breaks the markers' cells apart: averaged down in smaller copies, or
# blurred, the patient search finds them again (the smaller the copy, the more grain it
# averages out). Held-out 4242's photos, every 4th, darkened (x0.2-0.35, grain sigma
# 8-14, JPEG 70): 3 or more markers found in 73 / 62 / 30 / 0 of 75 before, with these
# searches too in 75 / 71 / 63 / 44 (copies 5-21 ms each, the blur 21 ms, only where the
# other searches fail). Seed 684 #210, a hard page, is read so.
GRAINY_SIDES = (600, 800, 1000)
GRAINY_BLUR = 1.0  # sigma, photo pixels


def _grainy(gray: np.ndarray, found: dict, win: int, min_found: int) -> tuple[dict, int]:
    """The markers found, and the refinement window for them, where the searches of
    ``find_fiducials`` found fewer than ``min_found``: the patient search in copies
    ``GRAINY_SIDES`` long, then in the photo blurred by ``GRAINY_BLUR``, until one finds
    ``min_found``; the most found otherwise."""
    tries = [(side / max(gray.shape), None) for side in GRAINY_SIDES]
    tries.append((1.0, GRAINY_BLUR))
    for scale, blur in tries:
        if scale >= 0.9 and blur is None:
            continue
        image = gray if blur is None else cv2.GaussianBlur(gray, (0, 0), blur)
        more = {i: q / scale for i, q in _detect(shrunk(image, scale), False).items()}
        if len(more) > len(found):
            found, win = more, max(2, round(2.0 / scale))
        if len(found) >= min_found:
            break
    return found, win


def decode_page_code(gray: np.ndarray) -> PageCode | None:
    """The page code in ``gray`` (best: a crop around the QR symbol), or None if none decodes.

    Small crops are tried again at twice the size: the detector wants modules of
    several pixels. OpenCV's decoder raises on some images it half finds a symbol in
    (corners of no area: a QR redrawn from a page's noisy modules, seed 121 #153); that
    image decodes to nothing.
    """
    candidates = [gray]
    if max(gray.shape) < 1200:
        candidates.append(cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
    detector = cv2.QRCodeDetector()
    for image in candidates:
        try:
            text, _, _ = detector.detectAndDecode(image)
        except cv2.error:
            continue
        if text:
            try:
                return PageCode.parse(text)
            except ValueError:
                return None
    return None
