"""What the hatching reader (``pnp.vision.hatching``) measures of a box as the photo shows
it: its texture against the noise of the plain paper beside it and how much of that
texture runs one way (``texture``, ``coherence``), its darkness (``darkness``,
``relative_tone``), and whether that paper is quiet enough to tell (``paper_noise``,
``quiet``). Each is measured on the aligned photo over the blank's print
(``InkMasks.seen`` over ``InkMasks.printed``), so a tint counts as paper."""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.ink import InkMasks
from pnp.vision.px_scale import px_count, px_scale

# Texture: the darkness inside the box smoothed by ``TEXTURE_SIGMA`` px, on plain print
# (paper, or a flat tint) at least ``PLAIN_MARGIN_MM`` from any edge of it; against the
# same on plain, uninked paper within ``NEAR_MM``.
TEXTURE_SIGMA = 1.0
PLAIN_MARGIN_MM = 0.8
FLAT_SPREAD = 12  # grey levels: print this even is plain (paper, or a flat tint)
LIGHT_PRINT = 150  # ...and light: a dark print hides what lies on it
WHITE_PRINT = 250  # white paper, for the paper's noise
MIN_INSIDE_PX = 100  # fewer plain pixels inside cannot show stripes
MIN_PAPER_PX = 200
NEAR_MM = 5.0  # the plain paper measured for noise lies this close to the box
QUIET_NOISE = 0.03  # noisier paper hides a fill's stripes: not judged
# Measured on tune8 (seed 8, 300 photos): the quiet-paper noise (``paper_noise``) of easy
# and normal pages is 0.007-0.029, of hard pages 0.02-0.06; noisier paper may also be
# blurred paper, where a fill's stripes and its round outline are lost.
QUIET_PAPER = 0.03
COHERENCE_MARGIN_MM = 0.5  # plain print this far from any edge, for the coherence
MIN_COHERENCE_PX = 30


def _clear_kernel(px_per_mm: float) -> np.ndarray:
    """The square that keeps paper measured for noise clear of ink (5 px at 6.25 px/mm)."""
    side = 2 * round(2 * px_scale(px_per_mm)) + 1
    return np.ones((side, side), np.uint8)


def px_box(box, px_per_mm: float, shape) -> tuple[int, int, int, int]:
    """A box (x0, y0, x1, y1, mm) in the pixels of a page of ``shape``, clipped to it."""
    h, w = shape
    x0, y0, x1, y1 = (round(v * px_per_mm) for v in box)
    return max(0, x0), max(0, y0), min(w, x1), min(h, y1)


def texture(masks: InkMasks, f: Field, inside, px_per_mm: float) -> tuple[float, float] | None:
    """The box's texture over the paper's noise (``hatching.EVEN_TONE``) and how much of it
    runs one way (the coherence of the structure tensor: 0 for no direction or two
    crossing ones, 1 for parallel stripes), or None when there is too little plain paper
    to tell, or the paper is too noisy."""
    h, w = masks.ink.shape
    m = round(NEAR_MM * px_per_mm)
    bx0, by0, bx1, by1 = px_box(f.bounds, px_per_mm, (h, w))
    X0, Y0, X1, Y1 = max(0, bx0 - m), max(0, by0 - m), min(w, bx1 + m), min(h, by1 + m)
    seen = masks.seen[Y0:Y1, X0:X1]
    printed = masks.printed[Y0:Y1, X0:X1].astype(np.float32) / 255
    relative = np.minimum(seen / np.maximum(printed, 0.05), 1.2)
    smooth = cv2.GaussianBlur(relative, (0, 0), TEXTURE_SIGMA * px_scale(px_per_mm))
    # Plain: the print is even (white paper or a flat tint) this far around.
    k = np.ones((2 * round(PLAIN_MARGIN_MM * px_per_mm) + 1,) * 2, np.uint8)
    window = masks.printed[Y0:Y1, X0:X1]
    spread = cv2.subtract(cv2.dilate(window, k), cv2.erode(window, k))
    plain = ((spread <= FLAT_SPREAD) & (window >= LIGHT_PRINT)).astype(np.uint8)
    x0, y0, x1, y1 = (int(v) for v in inside)
    box = np.zeros_like(plain)
    box[max(0, y0 - Y0) : max(0, y1 - Y0), max(0, x0 - X0) : max(0, x1 - X0)] = 1
    region = (plain & box).astype(bool)
    inked = masks.ink[Y0:Y1, X0:X1] | masks.base[Y0:Y1, X0:X1]
    clear = cv2.dilate(inked, _clear_kernel(px_per_mm)) == 0
    paper = plain.astype(bool) & clear
    too_few = region.sum() < px_count(MIN_INSIDE_PX, px_per_mm)
    if too_few or paper.sum() < px_count(MIN_PAPER_PX, px_per_mm):
        return None
    noise = float(smooth[paper].std())
    if noise > QUIET_NOISE:
        return None
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3)[region]
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3)[region]
    jxx, jyy, jxy = float((gx * gx).mean()), float((gy * gy).mean()), float((gx * gy).mean())
    coherence = math.hypot(jxx - jyy, 2 * jxy) / max(jxx + jyy, 1e-12)
    return float(smooth[region].std()) / max(noise, 1e-3), coherence


def paper_noise(masks: InkMasks, f: Field, px_per_mm: float) -> float | None:
    """The standard deviation of the plain white paper near ``f`` (clear of any ink, the
    photo over its print, smoothed as for ``texture``), or None with too little of it."""
    h, w = masks.ink.shape
    m = round(NEAR_MM * px_per_mm)
    bx0, by0, bx1, by1 = px_box(f.bounds, px_per_mm, (h, w))
    X0, Y0, X1, Y1 = max(0, bx0 - m), max(0, by0 - m), min(w, bx1 + m), min(h, by1 + m)
    window = masks.printed[Y0:Y1, X0:X1]
    relative = np.minimum(masks.seen[Y0:Y1, X0:X1] / np.maximum(window / 255, 0.05), 1.2)
    smooth = cv2.GaussianBlur(
        relative.astype(np.float32), (0, 0), TEXTURE_SIGMA * px_scale(px_per_mm)
    )
    inked = masks.ink[Y0:Y1, X0:X1] | masks.base[Y0:Y1, X0:X1]
    white = (cv2.dilate(inked, _clear_kernel(px_per_mm)) == 0) & (window >= WHITE_PRINT)
    if white.sum() < px_count(MIN_PAPER_PX, px_per_mm):
        return None
    return float(smooth[white].std())


def coherence(masks: InkMasks, inside, px_per_mm: float) -> float | None:
    """How much of the texture inside the box runs one way (the structure tensor's
    coherence over its plain print: 0 for no direction or two crossing ones, 1 for
    parallel stripes), or None with too little plain print inside."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in inside)
    window = masks.printed[y0:y1, x0:x1]
    if window.size == 0:
        return None
    relative = np.minimum(masks.seen[y0:y1, x0:x1] / np.maximum(window / 255, 0.05), 1.2)
    smooth = cv2.GaussianBlur(
        relative.astype(np.float32), (0, 0), TEXTURE_SIGMA * px_scale(px_per_mm)
    )
    k = np.ones((2 * round(COHERENCE_MARGIN_MM * px_per_mm) + 1,) * 2, np.uint8)
    spread = cv2.subtract(cv2.dilate(window, k), cv2.erode(window, k))
    plain = (spread <= FLAT_SPREAD) & (window >= LIGHT_PRINT)
    if plain.sum() < px_count(MIN_COHERENCE_PX, px_per_mm):
        return None
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3)[plain]
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3)[plain]
    jxx, jyy, jxy = float((gx * gx).mean()), float((gy * gy).mean()), float((gx * gy).mean())
    return math.hypot(jxx - jyy, 2 * jxy) / max(jxx + jyy, 1e-12)


def relative_tone(masks: InkMasks, inside) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel of a box (px) in the photo over its print (paper 1, ink darker, at most
    1.2), and which of them are readable (print light enough for ink to show)."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in inside)
    window = masks.printed[y0:y1, x0:x1]
    relative = np.minimum(masks.seen[y0:y1, x0:x1] / np.maximum(window / 255, 0.05), 1.2)
    return relative, masks.readable[y0:y1, x0:x1] > 0


def darkness(masks: InkMasks, inside) -> float | None:
    """The mean darkness (1 - the photo over its print) of the readable part of a box."""
    relative, readable = relative_tone(masks, inside)
    if not readable.any():
        return None
    return float(1 - relative[readable].mean())


def quiet(masks: InkMasks, f: Field, px_per_mm: float) -> bool:
    """Whether the plain white paper near ``f`` is quiet (``paper_noise`` at most
    ``QUIET_PAPER``): where a fill's stripes and a hatching's even tone can be told."""
    noise = paper_noise(masks, f, px_per_mm)
    return noise is not None and noise <= QUIET_PAPER
