"""Which sheet is this? The page code read from the flattened page."""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.frame import MARKER_INSET, MARKER_SIZE
from pnp.vision.markers import decode_page_code
from pnp.vision.rectify import PageNotFound, Rectified

# The QR symbol sits bottom right, left of the corner marker; its size depends on the
# code's length, so search a box that holds the largest one with its quiet zone.
QR_SEARCH_MM = 34.0


def identify(page: Rectified) -> PageCode:
    """The page code of a flattened page; PageNotFound if it does not decode."""
    s = page.px_per_mm
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 1.5
    bottom = COMMON_HEIGHT - MARKER_INSET + 2.0
    x0, y0 = round((right - QR_SEARCH_MM) * s), round((bottom - QR_SEARCH_MM) * s)
    crop = page.image[max(0, y0) : round(bottom * s), max(0, x0) : round(right * s)]
    code = decode_page_code(crop)
    if code is None:
        raise PageNotFound("the page code (QR symbol, bottom right) could not be read")
    return code
