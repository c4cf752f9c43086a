"""Locate a page in a photo from its corner fiducials and flatten it.

The page is flattened into the *common box* (see pnp.paper): fiducials sit at
the same place there on A4 and Letter, so a photo can be rectified before we
know which sheet or paper it shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.frame import fiducials
from pnp.vision.markers import find_fiducials

# Pages are flattened and their fields read at this many px/mm (the page code is warped
# again from the photo at the resolutions its decoder likes: ``identify.QR_PX_PER_MM``).
# The field reading was tuned at 6.25 (``px_scale.TUNED_PX_PER_MM``) and scales its pixel
# sizes from there.
READ_PX_PER_MM = 6.25
MIN_MARKERS = 3  # a thumb may cover one corner
# The corner markers' worst misfit a page is read at as it is (and the most a group of
# markers may miss by to make one page, ``pages.split_markers``). A page that bows between
# them is judged by its print (``page_masks.flat_masks``), which sees what the corners
# cannot. (Was 1.5 mm until session 44: the three usual hard pages of 21 sets at 1.59-1.71
# mm read right, and of the curled pages over 1.5 mm the bend refuses the one misread.)
MAX_REPROJECTION_MM = 2.0
# ...and the most at which a page is read at all: past ``MAX_REPROJECTION_MM`` it is read
# only where its print, once aligned, shows the alignment followed it
# (``page_masks.flat_masks``; session 52: until then every page past 2.0 mm was refused).
CURLED_REPROJECTION_MM = 3.0


class PageNotFound(ValueError):
    """No pnp page could be located in the photo; the message says why."""


class NotFlat(PageNotFound):
    """A page was located but does not lie flat: its corner markers fit no plane, or its
    print bows between them (``page_masks.flat_masks``)."""


# what a page that does not lie flat asks of the player
PRESS_FLAT = "press it flat on the table and take the photo from straight above"


def past_limit(mm: float, what: str, limit: float) -> str:
    """``mm`` past ``limit`` told in words: "3.4 mm WHAT (limit 3.0 mm)", or where one
    decimal would show it at the limit, two: "3.04 mm WHAT, just past the limit (3.0 mm)"
    (seed 865 #391 read "0.3 mm off (limit 0.3 mm)", 884 #494 "3.0 mm (limit 3.0 mm)")."""
    if round(mm, 1) > limit:
        return f"{mm:.1f} mm {what} (limit {limit} mm)"
    return f"{mm:.2f} mm {what}, just past the limit ({limit} mm)"


@dataclass(frozen=True)
class Rectified:
    image: np.ndarray  # the common box, gray, at px_per_mm
    px_per_mm: float
    homography: np.ndarray  # photo pixels -> rectified pixels
    reprojection_mm: float  # worst fiducial corner misfit after the warp
    markers: tuple[int, ...]  # fiducial ids that were found
    # The photo it came from (not copied): small details such as the page code are
    # warped again from it at the resolution they need.
    photo: np.ndarray | None = field(default=None, repr=False, compare=False)


def fit_page(found: dict[int, np.ndarray], px_per_mm: float) -> tuple[np.ndarray, float]:
    """The homography from photo pixels to the rectified page, and its worst misfit in mm."""
    expected = {f.id: np.array(f.corners(), np.float32) * px_per_mm for f in fiducials()}
    ids = sorted(i for i in found if i in expected)
    if len(ids) < MIN_MARKERS:
        raise PageNotFound(too_few_markers(len(ids)))
    src = np.concatenate([found[i] for i in ids]).astype(np.float32)
    dst = np.concatenate([expected[i] for i in ids])
    h, _ = cv2.findHomography(src, dst, 0)
    if h is None:
        raise PageNotFound("the corner markers do not fit a flat page")
    projected = cv2.perspectiveTransform(src.reshape(-1, 1, 2), h).reshape(-1, 2)
    misfit = float(np.linalg.norm(projected - dst, axis=1).max()) / px_per_mm
    return h, misfit


# A photo whose brightest 1% is darker than this (of 255) had too little light for any
# paper in it to show white: its refusal says so. The bench photos' lie at 128 or more
# (held-out 4242 and hard seed 684, every 5th: 1st percentile 140 and 133); held-out
# photos darkened to x0.3 with grain 9 (every 2nd: 150; their markers too few on 1 of
# them, ``markers._grainy``) at 41-82.
DARK_PHOTO = 100


def too_few_markers(count: int, gray: np.ndarray | None = None) -> str:
    """Why a page was not located from ``count`` corner markers (fewer than
    ``MIN_MARKERS``), and, for a photo ``gray`` too dark to show white paper, that too."""
    why = (
        f"found {count} of the 4 corner markers (need {MIN_MARKERS}): "
        "is the whole page in the photo, in focus, and no corner covered?"
    )
    if gray is not None:
        bright = float(np.percentile(gray[::4, ::4], 99))
        if bright < DARK_PHOTO:
            why += (
                f" The photo is dark (its brightest part {bright / 255:.0%} of white): more light"
            )
    return why


def rectify(gray: np.ndarray, px_per_mm: float = READ_PX_PER_MM) -> Rectified:
    """The page in ``gray`` flattened; PageNotFound if it cannot be located or does not fit."""
    found = find_fiducials(gray)
    if len(found) < MIN_MARKERS:
        raise PageNotFound(too_few_markers(len(found), gray))
    h, misfit = fit_page(found, px_per_mm)
    if misfit > CURLED_REPROJECTION_MM:
        raise NotFlat(
            "the page does not lie flat: its corner markers miss by up to "
            f"{past_limit(misfit, 'after flattening', CURLED_REPROJECTION_MM)}; {PRESS_FLAT}"
        )
    size = (round(COMMON_WIDTH * px_per_mm), round(COMMON_HEIGHT * px_per_mm))
    flat = cv2.warpPerspective(gray, h, size, flags=cv2.INTER_LINEAR, borderValue=255)
    return Rectified(flat, px_per_mm, h, misfit, tuple(sorted(found)), gray)


def page_resolution(page: Rectified) -> float:
    """The photo's pixels per page millimetre at the page's centre (of the photo as
    decoded: divide by ``photo_io.Photo.scale`` for the file's pixels)."""
    h, w = page.image.shape[:2]
    centre = np.array([[[w / 2, h / 2]], [[w / 2 + 1, h / 2]], [[w / 2, h / 2 + 1]]], np.float64)
    p = cv2.perspectiveTransform(centre, np.linalg.inv(page.homography)).reshape(3, 2)
    (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
    # a flattened pixel's area in the photo, in photo pixels; a page mm holds px_per_mm^2
    return page.px_per_mm * float(np.sqrt(abs(ax * by - ay * bx)))


# A photo above this many pixels is decoded at half size: 12 MP phone photos carry far
# more detail than the read needs, and decoding at half size is four times faster.
HALF_SIZE_ABOVE = 6_000_000


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's frame header, or None if ``data`` is no JPEG."""
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        length = int.from_bytes(data[i + 2 : i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height = int.from_bytes(data[i + 5 : i + 7], "big")
            width = int.from_bytes(data[i + 7 : i + 9], "big")
            return width, height
        i += 2 + length
    return None


def decode_photo(data: bytes, whole: bool = False) -> tuple[np.ndarray, int]:
    """The photo in ``data`` in gray and the factor it was shrunk by while decoding
    (2 for big JPEGs unless ``whole``, else 1); PageNotFound if it is not an image."""
    size = jpeg_size(data)
    half = not whole and size is not None and size[0] * size[1] > HALF_SIZE_ABOVE
    flags = cv2.IMREAD_REDUCED_GRAYSCALE_2 if half else cv2.IMREAD_GRAYSCALE
    gray = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    if gray is None:
        raise PageNotFound("not an image (or a truncated one)")
    return gray, 2 if half else 1
