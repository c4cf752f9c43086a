"""Phone photos of a flat printed page: synthetic (three levels) or inside a real photo.

``photograph(page, level, seed)`` photographs an RGB page image (a page rendered at
150-200 dpi, pen marks drawn) lying on a cluttered table; ``photograph_real(page, seed)``
puts it into one of the real phone photos of ``shared/photos/real`` instead. Both return
a ``Photo``: the JPEG bytes, the decoded RGB pixels of exactly those bytes, the page's
four corners in the photo (the truth a reader must find) and every random draw.

Conventions: ``Photo.image`` is RGB like ``page`` (``cv2.imdecode(jpeg)`` gives the
same pixels in BGR). Coordinates are OpenCV's: pixel centres at integers, so the page's
outer corners are (-0.5, -0.5) and (w - 0.5, h - 0.5) in page pixels, and ``quad`` holds
where those land (TL, TR, BR, BL of the page, whatever way up it lies in the photo).
``homography`` maps page pixels to photo pixels. Paper curl bows the middle of one page
edge and leaves the corners where they are, so ``quad`` stays exact.

The synthetic pipeline, all numpy/OpenCV and seeded by ``np.random.default_rng(seed)``:

1. geometry: a pinhole phone camera (25-31 mm equivalent focal length) looks at the
   page tilted by ``tilt`` degrees about a random axis, turned ``rotation`` degrees in
   its plane, from the distance that makes it fill ``fill`` of the frame, shifted at
   random but wholly in frame;
2. table: wood, cloth or laminate, with a phone, book, mug, pens or another sheet, and
   the soft shadows they and the page cast (``pnp.synth.background``);
3. page: paper tint and ink black level, warped in with curl, anti-aliased edges;
4. optics: defocus and motion blur, drawn in page millimetres so they blur the print
   the same at any resolution (before the light: the light is smooth, so the order
   hardly shows, and it keeps every full-size step on 8-bit pixels);
5. light: exposure, colour cast, gradient, vignette, a soft or hard shadow band
   (``pnp.synth.lighting``), then luminance and chroma sensor noise;
6. JPEG at the drawn quality, decoded back.

Level ranges (``LEVELS``), each drawn uniformly: see the table there. ``hard`` holds the
extremes of the brief; every level keeps the page at least ``MIN_PAGE_MP`` megapixels
(unless ``megapixels`` is overridden), so an A4 page's 2 mm ArUco cells stay over 4 px.

Real mode: the page is warped onto a real photo's paper quad (``quads.json``), turned 0
or 180 degrees (90/270 when page and quad differ in orientation) at random. The paper's
own light is measured by rectifying the photo's page, removing its print with a
grey-level closing and blurring; the page's pixels are multiplied by that light (so white
paper takes exactly the real paper's colour), softened a little to the photo's
sharpness, given a little noise and re-encoded at a quality from 70-92. Background, lens
and the rest of the compression are the real camera's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.synth.background import table
from pnp.synth.lighting import gain_map

REAL_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "photos" / "real"
MIN_PAGE_MP = 0.3  # the page's own pixels, whatever the fill and the megapixels
STEP = 8  # px between exact samples of the warp maps
ROI_PAD = STEP + 2  # px of margin round the page's bounding box when warping it


@dataclass(frozen=True)
class Level:
    """Uniform ranges (lo, hi) of every random parameter of one difficulty level."""

    tilt: tuple[float, float]  # degrees between the camera axis and the page normal
    rotation: float  # in-plane: +-this many degrees about upright (180 = any angle)
    upside_down: float  # chance of turning the page a further 180 degrees
    fill: tuple[float, float]  # page area / frame area
    megapixels: tuple[float, float]
    quality: tuple[int, int]  # JPEG, inclusive
    exposure: tuple[float, float]  # paper white / 255
    cast: tuple[float, float]  # white-balance shift strength
    gradient: tuple[float, float]  # light falloff across the frame
    vignette: tuple[float, float]
    shadow: tuple[float, float, float]  # chance of none, soft, hard
    shadow_depth: tuple[float, float]  # fraction of the light the shadow takes
    defocus_mm: tuple[float, float]  # Gaussian sigma, in page millimetres
    motion_mm: tuple[float, float]  # motion blur length, in page millimetres
    noise: tuple[float, float]  # luminance sigma, 8-bit levels
    curl: tuple[float, float]  # bow of one edge, fraction of the page's short side
    clutter: tuple[int, int]  # objects on the table, inclusive
    surfaces: tuple[str, ...]


LEVELS: dict[str, Level] = {
    "easy": Level(
        tilt=(0, 12), rotation=8, upside_down=0.0, fill=(0.40, 0.85), megapixels=(6, 13),
        quality=(85, 95), exposure=(0.85, 1.0), cast=(0.0, 0.05), gradient=(0.0, 0.15),
        vignette=(0.0, 0.15), shadow=(0.7, 0.3, 0.0), shadow_depth=(0.1, 0.25),
        defocus_mm=(0.0, 0.08), motion_mm=(0.0, 0.05), noise=(1.0, 3.0), curl=(0.0, 0.005),
        clutter=(1, 3), surfaces=("wood", "cloth"),
    ),
    "normal": Level(
        tilt=(0, 25), rotation=30, upside_down=0.3, fill=(0.25, 0.90), megapixels=(3, 13),
        quality=(70, 92), exposure=(0.75, 1.0), cast=(0.0, 0.12), gradient=(0.0, 0.3),
        vignette=(0.0, 0.25), shadow=(0.4, 0.4, 0.2), shadow_depth=(0.15, 0.4),
        defocus_mm=(0.03, 0.15), motion_mm=(0.0, 0.15), noise=(2.0, 5.0), curl=(0.0, 0.012),
        clutter=(2, 5), surfaces=("wood", "cloth", "laminate"),
    ),
    "hard": Level(
        tilt=(10, 35), rotation=180, upside_down=0.0, fill=(0.15, 0.95), megapixels=(2, 13),
        quality=(50, 70), exposure=(0.6, 1.05), cast=(0.05, 0.2), gradient=(0.1, 0.5),
        vignette=(0.1, 0.35), shadow=(0.1, 0.4, 0.5), shadow_depth=(0.25, 0.55),
        defocus_mm=(0.08, 0.25), motion_mm=(0.0, 0.3), noise=(4.0, 9.0), curl=(0.005, 0.02),
        clutter=(3, 7), surfaces=("wood", "cloth", "laminate"),
    ),
}  # fmt: skip


@dataclass(frozen=True, eq=False)
class Photo:
    """A photo of a page: JPEG bytes, their decoded RGB pixels and the truth about them."""

    image: np.ndarray  # RGB uint8, exactly cv2.imdecode(jpeg) (converted from BGR)
    jpeg: bytes
    quad: np.ndarray  # (4, 2) float64: page TL, TR, BR, BL in photo px
    homography: np.ndarray  # (3, 3): page px -> photo px
    params: dict[str, Any]


def find_level(name: str) -> Level:
    if name not in LEVELS:
        raise ValueError(f"unknown level: {name!r}; expected one of {', '.join(LEVELS)}")
    return LEVELS[name]


def draw_params(level: str, rng: np.random.Generator) -> dict[str, Any]:
    """Every scalar random parameter of ``level``, drawn from ``rng`` in a fixed order."""
    lv = find_level(level)

    def u(r):
        return float(rng.uniform(*r))

    p: dict[str, Any] = {"level": level}
    p["tilt"] = u(lv.tilt)
    p["tilt_axis"] = float(rng.uniform(0, 180))
    rot = float(rng.uniform(-lv.rotation, lv.rotation))
    if rng.uniform() < lv.upside_down:
        rot += 180
    p["rotation"] = (rot + 180) % 360 - 180
    p["fill"] = u(lv.fill)
    p["megapixels"] = u(lv.megapixels)
    p["quality"] = int(rng.integers(lv.quality[0], lv.quality[1] + 1))
    p["portrait"] = bool(rng.uniform() < 0.65)
    p["focal"] = float(rng.uniform(0.70, 0.85))  # focal length / long side of the frame
    p["exposure"] = u(lv.exposure)
    strength = u(lv.cast)
    p["cast_strength"] = strength
    p["cast_temperature"] = float(rng.uniform(-1, 1))
    p["cast_tint"] = float(rng.uniform(-0.5, 0.5))
    p["gradient"] = u(lv.gradient)
    p["gradient_angle"] = float(rng.uniform(0, 2 * np.pi))
    p["vignette"] = u(lv.vignette)
    p["shadow"] = str(rng.choice(["none", "soft", "hard"], p=lv.shadow))
    p["shadow_depth"] = u(lv.shadow_depth)
    p["shadow_softness"] = (
        float(rng.uniform(0.04, 0.12)) if p["shadow"] == "soft" else float(rng.uniform(0.0, 0.01))
    )
    p["defocus_mm"] = u(lv.defocus_mm)
    p["motion_mm"] = u(lv.motion_mm)
    p["motion_angle"] = float(rng.uniform(0, 180))
    p["noise"] = u(lv.noise)
    p["curl"] = u(lv.curl)
    p["curl_edge"] = ["top", "right", "bottom", "left"][int(rng.integers(4))]
    p["curl_reach"] = float(rng.uniform(0.08, 0.25))  # fraction of the page the bow reaches
    p["paper_tint"] = [float(v) for v in rng.uniform(0.94, 1.0, 3)]
    p["ink_black"] = float(rng.uniform(0.04, 0.12))
    p["clutter"] = int(rng.integers(lv.clutter[0], lv.clutter[1] + 1))
    return p


def page_corners(shape: tuple[int, ...]) -> np.ndarray:
    """The outer corners TL, TR, BR, BL of an image of ``shape``, in OpenCV pixel coordinates."""
    h, w = shape[:2]
    return np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]])


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    r, _ = cv2.Rodrigues((axis / np.linalg.norm(axis) * angle).reshape(3, 1))
    return r


def camera_quad(
    p: dict[str, Any], w: int, h: int, page_mm: tuple[float, float], rng: np.random.Generator
) -> np.ndarray:
    """Where a pinhole camera with ``p``'s pose sees the page's corners: (4, 2) photo px.

    The page is moved away until it fills ``p["fill"]`` of the frame and fits inside it with
    a 2 % margin (``p["fill"]`` is lowered when it cannot), then shifted at random.
    """
    pw, ph = page_mm
    corners = np.array(
        [[-pw / 2, -ph / 2, 0], [pw / 2, -ph / 2, 0], [pw / 2, ph / 2, 0], [-pw / 2, ph / 2, 0]]
    )
    a = np.radians(p["tilt_axis"])
    tilt = _rotation(np.array([np.cos(a), np.sin(a), 0.0]), np.radians(p["tilt"]))
    spin = _rotation(np.array([0.0, 0.0, 1.0]), np.radians(p["rotation"]))
    pts = corners @ (tilt @ spin).T
    f = p["focal"] * max(w, h)

    def project(z: float, shift: np.ndarray) -> np.ndarray:
        q = pts + np.array([shift[0], shift[1], z])
        return f * q[:, :2] / q[:, 2:] + np.array([w / 2, h / 2])

    z = f * np.sqrt(pw * ph / (p["fill"] * w * h))
    for _ in range(3):  # the area goes as 1/z^2, nearly
        area = cv2.contourArea(project(z, np.zeros(2)).astype(np.float32))
        z *= np.sqrt(area / (p["fill"] * w * h))
    margin = 0.02 * min(w, h)
    while True:
        q = project(z, np.zeros(2))
        lo, hi = q.min(0), q.max(0)
        slack = np.array([w, h]) - 2 * margin - (hi - lo)
        if (slack > 0).all():
            break
        z *= 1.03
    centre = (lo + hi) / 2 - np.array([w / 2, h / 2])
    target = rng.uniform(-0.5, 0.5, 2) * slack - centre
    quad = project(z, target * z / f)
    for _ in range(20):  # the shift adds a little perspective: pull back in if it pokes out
        lo, hi = quad.min(0), quad.max(0)
        if (lo >= margin).all() and (hi <= np.array([w, h]) - margin).all():
            break
        target *= 0.9
        quad = project(z, target * z / f)
    return quad


def _curl_offsets(gx, gy, p, pw, ph):
    """Page-px offset (dx, dy) to add to an un-curled page position to find what shows there."""
    edge, amp = p["curl_edge"], p["curl"] * min(pw, ph)
    reach = p["curl_reach"] * min(pw, ph)
    if edge in ("top", "bottom"):
        t = np.clip((gx + 0.5) / pw, 0, 1)
        s = gy + 0.5 if edge == "top" else ph - 0.5 - gy
        inward = 1.0 if edge == "top" else -1.0
    else:
        t = np.clip((gy + 0.5) / ph, 0, 1)
        s = gx + 0.5 if edge == "left" else pw - 0.5 - gx
        inward = 1.0 if edge == "left" else -1.0
    d = amp * np.sin(np.pi * t) * np.exp(-np.maximum(s, 0) / reach) * inward
    zero = np.zeros_like(d)
    return (zero, d) if edge in ("top", "bottom") else (d, zero)


def warp_maps(
    hom: np.ndarray, roi: tuple[int, int, int, int], p: dict[str, Any] | None, page_wh
) -> tuple[np.ndarray, np.ndarray]:
    """cv2.remap maps from photo px in ``roi`` (x0, y0, x1, y1) to page px, curl included.

    Exact on a grid every STEP px, bilinear between (a homography bends so little over
    8 px that the error is far below 0.01 px). The maps may run up to STEP - 1 px past
    x1 and y1; their first and last half step repeat their neighbours, which is harmless
    while the ROI has STEP px of margin around the page.
    """
    x0, y0, x1, y1 = roi
    gw, gh = -(-(x1 - x0) // STEP), -(-(y1 - y0) // STEP)
    # cv2.resize puts coarse sample k at full-res (k + 0.5) * STEP - 0.5.
    xs = x0 + (np.arange(gw) + 0.5) * STEP - 0.5
    ys = y0 + (np.arange(gh) + 0.5) * STEP - 0.5
    inv = np.linalg.inv(hom)
    X, Y = np.meshgrid(xs, ys)
    d = inv[2, 0] * X + inv[2, 1] * Y + inv[2, 2]
    u = (inv[0, 0] * X + inv[0, 1] * Y + inv[0, 2]) / d
    v = (inv[1, 0] * X + inv[1, 1] * Y + inv[1, 2]) / d
    if p is not None and p["curl"] > 0:
        du, dv = _curl_offsets(u, v, p, *page_wh)
        u, v = u + du, v + dv
    size = (gw * STEP, gh * STEP)
    mu = cv2.resize(u.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    mv = cv2.resize(v.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    return mu, mv


def _prescale(page: np.ndarray, hom: np.ndarray, quad: np.ndarray):
    """Shrink the page (INTER_AREA) to about the photo's scale so the warp does not alias."""
    h, w = page.shape[:2]
    scale = max(
        np.linalg.norm(quad[1] - quad[0]) / w,
        np.linalg.norm(quad[2] - quad[3]) / w,
        np.linalg.norm(quad[3] - quad[0]) / h,
        np.linalg.norm(quad[2] - quad[1]) / h,
    )
    r = min(1.0, 1.3 * scale)
    if r > 0.9:
        return page
    return cv2.resize(page, (round(w * r), round(h * r)), interpolation=cv2.INTER_AREA)


def _roi(quad: np.ndarray, w: int, h: int, pad: int) -> tuple[int, int, int, int]:
    lo = np.floor(quad.min(0)).astype(int) - pad
    hi = np.ceil(quad.max(0)).astype(int) + pad + 1
    return max(0, lo[0]), max(0, lo[1]), min(w, hi[0]), min(h, hi[1])


def paste_page(
    photo: np.ndarray,
    page: np.ndarray,
    hom: np.ndarray,
    quad: np.ndarray,
    p: dict[str, Any] | None = None,
    light: np.ndarray | None = None,
) -> None:
    """Warp BGR ``page`` into ``photo`` in place, edges anti-aliased, curl from ``p``.

    ``light`` (float32 BGR, 0..255, the size of ``_roi(quad, w, h, ROI_PAD)``) multiplies
    the page's pixels / 255 when given.
    """
    h, w = photo.shape[:2]
    ph, pw = page.shape[:2]
    scale = max(np.linalg.norm(quad[1] - quad[0]) / pw, np.linalg.norm(quad[3] - quad[0]) / ph)
    curl_pad = 0 if p is None else int(np.ceil(p["curl"] * min(pw, ph) * scale * 1.5))
    x0, y0, x1, y1 = _roi(quad, w, h, ROI_PAD + curl_pad)
    if x1 <= x0 or y1 <= y0:
        return
    # The maps are in full-page px (curl is defined there); rescale them to the shrunk page.
    mx, my = warp_maps(hom, (x0, y0, x1, y1), p, (pw, ph))
    small = _prescale(page, hom, quad)
    if small is not page:
        sx, sy = small.shape[1] / pw, small.shape[0] / ph
        mx = mx * np.float32(sx) + np.float32(0.5 * sx - 0.5)
        my = my * np.float32(sy) + np.float32(0.5 * sy - 0.5)
    # Zero outside the page in all four channels: the colour comes out premultiplied by alpha.
    bgra = cv2.cvtColor(small, cv2.COLOR_BGR2BGRA)
    warped = cv2.remap(bgra, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    warped = warped[: y1 - y0, : x1 - x0]
    alpha = np.ascontiguousarray(warped[..., 3])
    colour = cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR)
    if light is not None:
        colour = cv2.multiply(colour, light, scale=1 / 255, dtype=cv2.CV_8U)
    roi = photo[y0:y1, x0:x1]
    cv2.copyTo(colour, cv2.compare(alpha, 255, cv2.CMP_EQ), roi)
    ey, ex = np.nonzero((alpha > 0) & (alpha < 255))
    a = alpha[ey, ex, None].astype(np.float32) / 255
    mixed = colour[ey, ex] + roi[ey, ex] * (1 - a)
    roi[ey, ex] = np.clip(np.round(mixed), 0, 255).astype(np.uint8)


def paper(page_bgr: np.ndarray, tint, black: float) -> np.ndarray:
    """Printed ink reflects a little and paper is not quite white: a per-channel LUT."""
    v = np.arange(256, dtype=np.float32)[:, None] / 255
    lut = (black + (1 - black) * v) * np.array(tint, np.float32) * 255
    lut = np.round(lut).astype(np.uint8).reshape(256, 1, 3)
    return cv2.LUT(page_bgr, lut)


def blur(img: np.ndarray, defocus_px: float, motion_px: float, motion_angle: float) -> np.ndarray:
    """Gaussian defocus then a linear motion kernel (at most 11 px, to stay cheap), in place."""
    if defocus_px >= 0.3:
        img = cv2.GaussianBlur(img, (0, 0), defocus_px, dst=img)
    length = min(motion_px, 11.0)
    if length >= 1.5:
        size = int(np.ceil(length)) | 1
        k = np.zeros((size, size), np.float32)
        c = (size - 1) / 2
        a = np.radians(motion_angle)
        d = np.array([np.cos(a), np.sin(a)]) * (length - 1) / 2
        cv2.line(
            k,
            (round((c - d[0]) * 16), round((c - d[1]) * 16)),
            (round((c + d[0]) * 16), round((c + d[1]) * 16)),
            1.0,
            1,
            cv2.LINE_AA,
            shift=4,
        )
        img = cv2.filter2D(img, -1, k / k.sum(), dst=img, borderType=cv2.BORDER_REFLECT)
    return img


def add_noise(
    img: np.ndarray, sigma: float, rng: np.random.Generator, buf: np.ndarray | None = None
) -> np.ndarray:
    """Add luminance noise made at half resolution (a phone's denoiser leaves it blotchy)
    and weaker chroma noise at a quarter to ``img``, in place, saturating; ``buf`` is an
    optional scratch array of img's shape."""
    h, w = img.shape[:2]
    hh, hw = -(-h // 2), -(-w // 2)
    lum = rng.standard_normal((hh, hw), dtype=np.float32) * np.float32(sigma * 1.6)
    chroma = rng.standard_normal((-(-h // 4), -(-w // 4), 2), dtype=np.float32)
    chroma = cv2.resize(chroma * np.float32(sigma), (hw, hh), interpolation=cv2.INTER_LINEAR)
    noise = cv2.merge([lum + chroma[..., 0], lum, lum + chroma[..., 1]]) + np.float32(128)
    # Offset by 128 into uint8 so scaling up and adding stay on cv2's fast 8-bit paths.
    noise = cv2.resize(noise.astype(np.uint8), (w, h), dst=buf, interpolation=cv2.INTER_LINEAR)
    return cv2.addWeighted(img, 1.0, noise, 1.0, -128.0, dst=img)


def encode(bgr: np.ndarray, quality: int) -> tuple[bytes, np.ndarray]:
    """JPEG bytes at ``quality`` and the RGB pixels they decode to."""
    ok, buf = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return buf.tobytes(), cv2.cvtColor(decoded, cv2.COLOR_BGR2RGB, dst=decoded)


def _page_mm(page: np.ndarray, page_mm: tuple[float, float] | None) -> tuple[float, float]:
    """The page's size in mm: given, or A4 (210 mm across the short side) at its aspect."""
    if page_mm is not None:
        return float(page_mm[0]), float(page_mm[1])
    h, w = page.shape[:2]
    short = 210.0
    return (short, short * h / w) if h >= w else (short * w / h, short)


def _check_page(page: np.ndarray) -> None:
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
    _check_page(page)
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
    return Photo(rgb, jpeg, quad, hom, _plain(p))


def _plain(p: dict[str, Any]) -> dict[str, Any]:
    """Params as plain JSON-ready Python values."""
    out = {}
    for k, v in p.items():
        if isinstance(v, np.generic):
            v = v.item()
        out[k] = round(v, 4) if isinstance(v, float) else v
    return out


def real_photos() -> dict[str, np.ndarray]:
    """The real photos' paper quads (TL, TR, BR, BL as the paper lies), by file name."""
    path = REAL_DIR / "quads.json"
    if not path.exists():
        raise FileNotFoundError(
            f"real photos not found: {path} (shared/photos/real must sit beside the repository)"
        )
    quads = json.loads(path.read_text())
    return {name: np.array(q, np.float64) for name, q in sorted(quads.items())}


def paper_light(photo: np.ndarray, quad: np.ndarray, size: int = 256) -> np.ndarray:
    """The light on a real photo's paper, print removed, in a (size-ish) rectified page.

    Returns float32 BGR (h, w, 3) covering the quad TL..BL: closing (max then min) over a
    window larger than any print, then a blur; a 3 % border is replaced by its neighbours,
    since the quad's edge may catch the table.
    """
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    side = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    cw, ch = (size, round(size * side / top)) if side >= top else (round(size * top / side), size)
    rect = page_corners((ch, cw)).astype(np.float32)
    to_photo = cv2.getPerspectiveTransform(rect, quad.astype(np.float32))
    # Average over the photo pixels each rectified pixel covers, so print does not alias.
    shrink = max(1.0, np.sqrt(cv2.contourArea(quad.astype(np.float32)) / (cw * ch)))
    soft = cv2.GaussianBlur(photo, (0, 0), 0.5 * shrink) if shrink > 2 else photo
    flat = cv2.warpPerspective(
        soft,
        to_photo,
        (cw, ch),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)
    m = max(2, round(0.03 * min(cw, ch)))
    inner = flat[m:-m, m:-m]
    k = round(0.12 * min(cw, ch)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    closed = cv2.morphologyEx(inner, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_REPLICATE)
    closed = cv2.GaussianBlur(closed, (0, 0), 0.04 * min(cw, ch))
    return cv2.copyMakeBorder(closed, m, m, m, m, cv2.BORDER_REPLICATE)


def photograph_real(page: np.ndarray, seed: int, photo_name: str | None = None) -> Photo:
    """RGB ``page`` put into a real phone photo (named, or drawn), lit by that photo's paper."""
    _check_page(page)
    quads = real_photos()
    rng = np.random.default_rng(seed)
    names = list(quads)
    name = names[int(rng.integers(len(names)))] if photo_name is None else photo_name
    if name not in quads:
        raise ValueError(f"unknown real photo: {name!r}; expected one of {', '.join(names)}")
    photo = cv2.imread(str(REAL_DIR / name), cv2.IMREAD_COLOR)
    if photo is None:
        raise FileNotFoundError(f"cannot read real photo: {REAL_DIR / name}")
    quad_paper = quads[name]
    h, w = photo.shape[:2]
    # Long page edges onto the quad's long edges: 0/180 degrees if both are portrait.
    top = np.linalg.norm(quad_paper[1] - quad_paper[0]) + np.linalg.norm(
        quad_paper[2] - quad_paper[3]
    )
    side = np.linalg.norm(quad_paper[3] - quad_paper[0]) + np.linalg.norm(
        quad_paper[2] - quad_paper[1]
    )
    same = (page.shape[0] >= page.shape[1]) == (side >= top)
    turn = int(rng.choice([0, 2] if same else [1, 3]))
    quad = np.roll(quad_paper, -turn, axis=0)  # page corner i lands on paper corner i + turn
    hom = cv2.getPerspectiveTransform(
        page_corners(page.shape).astype(np.float32), quad.astype(np.float32)
    ).astype(np.float64)
    p: dict[str, Any] = {"mode": "real", "photo": name, "turn_degrees": 90 * turn}
    p["size"] = [w, h]
    p["quality"] = int(rng.integers(70, 93))
    p["defocus_px"] = float(rng.uniform(0.5, 1.0))
    p["noise"] = float(rng.uniform(1.0, 3.0))
    p["ink_black"] = float(rng.uniform(0.04, 0.10))

    light = paper_light(photo, quad_paper)
    lh, lw = light.shape[:2]
    to_photo = cv2.getPerspectiveTransform(
        page_corners((lh, lw)).astype(np.float32), quad_paper.astype(np.float32)
    )
    x0, y0, x1, y1 = _roi(quad, w, h, ROI_PAD)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    light_roi = cv2.warpPerspective(
        light,
        shift @ to_photo,
        (x1 - x0, y1 - y0),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    p["paper_white"] = [round(float(v), 1) for v in np.percentile(light, 90, axis=(0, 1))]
    page_bgr = paper(cv2.cvtColor(page, cv2.COLOR_RGB2BGR), (1.0, 1.0, 1.0), p["ink_black"])
    out = photo.copy()
    paste_page(out, page_bgr, hom, quad, None, light_roi)
    # Soften and grain the page region only: the rest already is the real camera's.
    pad = 8
    rx0, ry0 = max(0, x0 - pad), max(0, y0 - pad)
    rx1, ry1 = min(w, x1 + pad), min(h, y1 + pad)
    region = blur(out[ry0:ry1, rx0:rx1].copy(), p["defocus_px"], 0.0, 0.0)
    region = add_noise(region, p["noise"], rng)
    mask = np.zeros((ry1 - ry0, rx1 - rx0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad - [rx0, ry0]).astype(np.int32), 255)
    mask = cv2.dilate(mask, np.ones((5, 5), np.uint8))
    np.copyto(out[ry0:ry1, rx0:rx1], region, where=mask[..., None] > 0)
    jpeg, rgb = encode(out, p["quality"])
    return Photo(rgb, jpeg, quad, hom, _plain(p))
