"""The issue's raw operations on this machine: ``python -m pnp.bench floor --set DIR``.

Issue 8 sets the photo reader's speed bar (0.03 s a 2 MP photo, 0.05 s a 12 MP one) by
the cost of five raw operations it measured: decoding (12 MP at half size), one ArUco
detection with a raised ``minMarkerPerimeterRate`` (here the reader's own quick pass:
its detector on a copy ``QUICK_SEARCH_SIDE`` px long), warping the page, decoding the
QR symbol from a crop of the flattened page, and the darkness of 2,000 boxes. This
bench times exactly those, each the faster of two runs, on the photos of DIR (as
``python -m pnp.bench photos`` writes them), on one core, and prints their medians and
the median of their sum by megapixel bucket: the floor under any reader that does at
least that much, to set beside ``python -m pnp.bench read-stages``. Nothing of pnp's
reading is timed: the homography and the page code come from ``pnp.vision`` outside
the clock.
"""

from __future__ import annotations

import time
from collections import defaultdict

from pnp.bench.per_photo import median_table, photo_set

OPS = ("decode", "aruco", "warp", "qr", "2,000 boxes")
BOXES = 2000


def op_times(data: bytes) -> tuple[str, dict[str, float], bool, bool] | None:
    """(megapixel bucket, seconds per operation, whether the one ArUco pass found three
    markers or more, whether the crop's QR decoded) of one photo's bytes; None if pnp
    cannot locate or identify its page."""
    import cv2

    from pnp.bench.read_photo import bucket
    from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
    from pnp.vision.identify import identify, qr_region
    from pnp.vision.markers import QUICK_SEARCH_SIDE, quick_fiducials
    from pnp.vision.rectify import READ_PX_PER_MM, PageNotFound, decode_photo, rectify
    from pnp.vision.reference import common_map

    gray, scale = decode_photo(data)
    try:
        page = rectify(gray)
        code = identify(page)
    except PageNotFound:
        return None
    size = (round(COMMON_WIDTH * READ_PX_PER_MM), round(COMMON_HEIGHT * READ_PX_PER_MM))
    boxes = _boxes([f.bounds for f in common_map(code).fields], READ_PX_PER_MM)
    crop = qr_region(page, READ_PX_PER_MM)
    flat = cv2.warpPerspective(gray, page.homography, size, flags=cv2.INTER_LINEAR)

    def darkness():
        sums = cv2.integral(flat)
        x0, y0, x1, y1 = boxes.T
        area = (x1 - x0) * (y1 - y0)
        return 255 - (sums[y1, x1] - sums[y0, x1] - sums[y1, x0] + sums[y0, x0]) / area

    ops = (
        lambda: decode_photo(data),
        lambda: quick_fiducials(gray, QUICK_SEARCH_SIDE),
        lambda: cv2.warpPerspective(gray, page.homography, size, flags=cv2.INTER_LINEAR),
        lambda: cv2.QRCodeDetector().detectAndDecode(crop)[0],
        darkness,
    )
    seconds, results = zip(*(_best_of_two(op) for op in ops), strict=True)
    assert results[4].shape == (BOXES,)
    shape = (gray.shape[0] * scale, gray.shape[1] * scale)
    found, text = results[1], results[3]
    return bucket(shape), dict(zip(OPS, seconds, strict=True)), len(found) >= 3, bool(text)


def _best_of_two(op):
    """(the faster of two runs of ``op``, in seconds, and its result)."""
    best = None
    for _ in range(2):
        t0 = time.perf_counter()
        result = op()
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best, result


def _boxes(bounds: list[tuple[float, float, float, float]], px_per_mm: float):
    """``BOXES`` pixel boxes (x0, y0, x1, y1): the page's fields, repeated in turn."""
    import numpy as np

    mm = np.array([bounds[i % len(bounds)] for i in range(BOXES)])
    px = np.rint(mm * px_per_mm).astype(np.intp)
    px[:, 2:] = np.maximum(px[:, 2:], px[:, :2] + 1)
    return px


def main(argv: list[str] | None = None) -> int:
    photos = photo_set("floor", argv)
    if photos is None:
        return 1
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    unread = located = decoded = 0
    for path in photos:
        result = op_times(path.read_bytes())
        if result is None:
            unread += 1
            continue
        mp, seconds, markers, qr = result
        located += markers
        decoded += qr
        for op, s in seconds.items():
            times[mp][op].append(s * 1000)
        times[mp]["sum"].append(sum(seconds.values()) * 1000)
    read = len(photos) - unread
    print(f"median ms per photo, one core ({len(photos)} photos, {unread} unread)")
    print(median_table(times, OPS, "operation", "sum"))
    print(f"the one ArUco pass found 3 markers or more on {located} of {read} pages,")
    print(f"OpenCV's QR decoder read the crop of {decoded} of {read}")
    return 0
