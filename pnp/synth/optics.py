"""What comes between the printed page and the JPEG, pixel by pixel.

The paper and its ink (``paper``), the lens's defocus and the hand's motion blur
(``blur``), the sensor's noise (``add_noise``) and the phone's JPEG (``encode``): each a
function of a BGR uint8 image, the noise seeded by the caller's ``rng``.
"""

from __future__ import annotations

import cv2
import numpy as np


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
