"""The synthetic camera's geometry, and the page warped into its photo.

``camera_quad`` finds where a pinhole phone camera with a drawn pose sees the page's
corners; ``paste_page`` warps the page's pixels there, bowed by paper curl, edges
anti-aliased, through remap maps sampled exactly every ``STEP`` px (``warp_maps``).
Coordinates are OpenCV's: pixel centres at integers, so an image's outer corners are
``page_corners(shape)``.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

STEP = 8  # px between exact samples of the warp maps
ROI_PAD = STEP + 2  # px of margin round the page's bounding box when warping it


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


def quad_roi(quad: np.ndarray, w: int, h: int, pad: int) -> tuple[int, int, int, int]:
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

    ``light`` (float32 BGR, 0..255, the size of ``quad_roi(quad, w, h, ROI_PAD)``)
    multiplies the page's pixels / 255 when given.
    """
    h, w = photo.shape[:2]
    ph, pw = page.shape[:2]
    scale = max(np.linalg.norm(quad[1] - quad[0]) / pw, np.linalg.norm(quad[3] - quad[0]) / ph)
    curl_pad = 0 if p is None else int(np.ceil(p["curl"] * min(pw, ph) * scale * 1.5))
    x0, y0, x1, y1 = quad_roi(quad, w, h, ROI_PAD + curl_pad)
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
