"""Phone photos of a flat printed page: synthetic (three levels) or inside a real photo.

``photograph(page, level, seed)`` photographs an RGB page image (a page rendered at
150-200 dpi, pen marks drawn) lying on a cluttered table; ``photograph_real(page, seed)``
(``pnp.synth.real_photo``) puts it into one of the real phone photos of
``shared/photos/real`` instead. Both return a ``Photo``: the JPEG bytes, the decoded RGB
pixels of exactly those bytes, the page's four corners in the photo (the truth a reader
must find) and every random draw.

Conventions: ``Photo.image`` is RGB like ``page`` (``cv2.imdecode(jpeg)`` gives the
same pixels in BGR). Coordinates are OpenCV's: pixel centres at integers, so the page's
outer corners are (-0.5, -0.5) and (w - 0.5, h - 0.5) in page pixels, and ``quad`` holds
where those land (TL, TR, BR, BL of the page, whatever way up it lies in the photo).
``homography`` maps page pixels to photo pixels. Paper curl bows the middle of one page
edge and leaves the corners where they are, so ``quad`` stays exact.

The synthetic pipeline, all numpy/OpenCV and seeded by ``np.random.default_rng(seed)``,
every scalar drawn first (``pnp.synth.levels.draw_params``); ``photograph`` runs it:

1. geometry (``pnp.synth.page_warp.camera_quad``): a pinhole phone camera (25-31 mm
   equivalent focal length) looks at the page tilted by ``tilt`` degrees about a random
   axis, turned ``rotation`` degrees in its plane, from the distance that makes it fill
   ``fill`` of the frame, shifted at random but wholly in frame;
2. table (``pnp.synth.background``): wood, cloth or laminate, with a phone, book, mug,
   pens or another sheet, and the soft shadows they and the page cast;
3. page: paper tint and ink black level (``pnp.synth.optics.paper``), warped in with
   curl, anti-aliased edges (``pnp.synth.page_warp.paste_page``);
4. optics (``pnp.synth.optics.blur``): defocus and motion blur, drawn in page
   millimetres so they blur the print the same at any resolution (before the light: the
   light is smooth, so the order hardly shows, and it keeps every full-size step on 8-bit
   pixels);
5. light: exposure, colour cast, gradient, vignette, a soft or hard shadow band
   (``pnp.synth.lighting``), then luminance and chroma sensor noise
   (``pnp.synth.optics.add_noise``);
6. JPEG (``pnp.synth.optics.encode``) at the drawn quality, decoded back.

Level ranges (``pnp.synth.levels.LEVELS``), each drawn uniformly: see the table there.
``hard`` holds the extremes of the brief; every level keeps the page at least
``MIN_PAGE_MP`` megapixels (unless ``megapixels`` is overridden), so an A4 page's 2 mm
ArUco cells stay over 4 px.

Real mode (``pnp.synth.real_photo``): the page is warped onto a real photo's paper quad
(``quads.json``), turned 0 or 180 degrees (90/270 when page and quad differ in
orientation) at random. The paper's own light is measured by rectifying the photo's page,
removing its print with a grey-level closing and blurring; the page's pixels are
multiplied by that light (so white paper takes exactly the real paper's colour), softened
a little to the photo's sharpness, given a little noise and re-encoded at a quality from
70-92. Background, lens and the rest of the compression are the real camera's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from pnp.synth.background import table
from pnp.synth.levels import MIN_PAGE_MP, draw_params, find_level
from pnp.synth.lighting import gain_map
from pnp.synth.optics import add_noise, blur, encode, paper
from pnp.synth.page_warp import camera_quad, page_corners, paste_page


@dataclass(frozen=True, eq=False)
class Photo:
    """A photo of a page: JPEG bytes, their decoded RGB pixels and the truth about them."""

    image: np.ndarray  # RGB uint8, exactly cv2.imdecode(jpeg) (converted from BGR)
    jpeg: bytes
    quad: np.ndarray  # (4, 2) float64: page TL, TR, BR, BL in photo px
    homography: np.ndarray  # (3, 3): page px -> photo px
    params: dict[str, Any]


def _page_mm(page: np.ndarray, page_mm: tuple[float, float] | None) -> tuple[float, float]:
    """The page's size in mm: given, or A4 (210 mm across the short side) at its aspect."""
    if page_mm is not None:
        return float(page_mm[0]), float(page_mm[1])
    h, w = page.shape[:2]
    short = 210.0
    return (short, short * h / w) if h >= w else (short * w / h, short)


def check_page(page: np.ndarray) -> None:
    if page.dtype != np.uint8 or page.ndim != 3 or page.shape[2] != 3:
        raise ValueError(
            f"page must be an RGB uint8 (h, w, 3) array, got {page.dtype} {page.shape}"
        )


def photograph(
    page: np.ndarray,
    level: str,
    seed: int,
    page_mm: tuple[float, float] | None = None,
    *,
    megapixels: float | None = None,
) -> Photo:
    """A phone photo of RGB ``page`` on a cluttered table, at difficulty ``level``.

    ``page_mm`` (width, height) sizes the clutter; default A4-wide at the page's aspect.
    ``megapixels`` overrides the drawn frame size (tests use small frames); every other draw
    is unchanged by it. The same arguments give byte-identical ``jpeg``.
    """
    check_page(page)
    rng = np.random.default_rng(seed)
    p = draw_params(level, rng)
    if megapixels is not None:
        p["megapixels"] = float(megapixels)
    mm = _page_mm(page, page_mm)
    p["page_mm"] = [round(mm[0], 2), round(mm[1], 2)]
    # Frame: 4:3 at the drawn megapixels; the page keeps at least MIN_PAGE_MP of it.
    long = round(np.sqrt(p["megapixels"] * 1e6 * 4 / 3))
    short = round(long * 3 / 4)
    w, h = (short, long) if p["portrait"] else (long, short)
    p["size"] = [w, h]
    min_fill = min(0.9, MIN_PAGE_MP * 1e6 / (w * h)) if megapixels is None else 0.0
    p["fill"] = max(p["fill"], min_fill)

    quad = camera_quad(p, w, h, mm, rng)
    hom = cv2.getPerspectiveTransform(
        page_corners(page.shape).astype(np.float32), quad.astype(np.float32)
    ).astype(np.float64)
    p["fill"] = float(cv2.contourArea(quad.astype(np.float32)) / (w * h))
    ppm = float(np.sqrt(cv2.contourArea(quad.astype(np.float32)) / (mm[0] * mm[1])))
    p["px_per_mm"] = ppm

    img, bg = table(h, w, rng, ppm, quad, p["clutter"], find_level(level).surfaces)
    p.update(bg)
    page_bgr = paper(cv2.cvtColor(page, cv2.COLOR_RGB2BGR), p["paper_tint"], p["ink_black"])
    paste_page(img, page_bgr, hom, quad, p)

    # Blur before light: the light is smooth, so the order hardly shows, and it lets the
    # gain multiply stay on 8 bits (gain * 128, at most 1.99).
    p["defocus_px"] = max(0.5, p["defocus_mm"] * ppm)
    p["motion_px"] = min(11.0, p["motion_mm"] * ppm)
    img = blur(img, p["defocus_px"], p["motion_px"], p["motion_angle"])
    gain = np.clip(gain_map(h, w, rng, p, quad) * 128 + 0.5, 0, 255).astype(np.uint8)
    # Full-size buffers are reused: fresh ones cost more in page faults than the maths.
    buf = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    cv2.multiply(img, buf, dst=img, scale=1 / 128)
    add_noise(img, p["noise"], rng, buf)
    p["curl_px"] = p["curl"] * min(page.shape[:2])
    jpeg, rgb = encode(img, p["quality"])
    return Photo(rgb, jpeg, quad, hom, json_params(p))


def json_params(p: dict[str, Any]) -> dict[str, Any]:
    """Params as plain JSON-ready Python values."""
    out = {}
    for k, v in p.items():
        if isinstance(v, np.generic):
            v = v.item()
        out[k] = round(v, 4) if isinstance(v, float) else v
    return out
