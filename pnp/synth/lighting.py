"""Light falling on a synthetic photo: one smooth per-pixel, per-channel gain.

``gain_map`` multiplies exposure, white balance (the colour cast), a linear light gradient,
lens vignetting and a polygonal shadow band into one float32 BGR field at a quarter of the
photo's resolution; the camera scales it up and multiplies the image once. Shadows are lit
by the sky-blue ambient light only, so they are a little bluer than the lit part.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

COARSE = 4


def cast_gains(temperature: float, tint: float, strength: float) -> np.ndarray:
    """BGR white-balance gains: temperature > 0 warm (more red), tint > 0 green."""
    warm = np.array([-1.0, 0.0, 1.0]) * temperature
    green = np.array([-0.5, 1.0, -0.5]) * tint
    return np.exp(strength * (warm + green)).astype(np.float32)


def shadow_polygon(rng: np.random.Generator, page_quad: np.ndarray, hard: bool) -> np.ndarray:
    """A band (an arm, a phone, a head) crossing the page: a wobbly quadrilateral in photo px."""
    c = page_quad.mean(0)
    size = np.sqrt(cv2.contourArea(page_quad.astype(np.float32)))
    a, b = rng.uniform(0.1, 0.9, 2)
    top = page_quad[0] + (page_quad[1] - page_quad[0]) * a
    bottom = page_quad[3] + (page_quad[2] - page_quad[3]) * b
    anchor = top + (bottom - top) * rng.uniform(0.2, 0.8)
    anchor = c + (anchor - c) * 0.9
    theta = rng.uniform(0, np.pi)
    d = np.array([np.cos(theta), np.sin(theta)])
    n = np.array([-d[1], d[0]])
    width = rng.uniform(0.25, 0.7) * size
    far = 3 * size
    # One edge through the anchor; the band reaches ``width`` to one side (or to infinity).
    if rng.uniform() < 0.4:
        width = far
    pts = []
    for t in np.linspace(-far, far, 7):
        wobble = rng.normal(0, 0.02 if hard else 0.05) * size
        pts.append(anchor + d * t + n * wobble)
    for t in np.linspace(far, -far, 7):
        wobble = rng.normal(0, 0.02 if hard else 0.05) * size
        pts.append(anchor + d * t + n * (width + wobble))
    return np.array(pts)


def gain_map(
    h: int,
    w: int,
    rng: np.random.Generator,
    p: dict[str, Any],
    page_quad: np.ndarray,
) -> np.ndarray:
    """The (h/COARSE, w/COARSE, 3) float32 BGR gain for the light parameters in ``p``.

    Reads exposure, cast_*, gradient, gradient_angle, vignette, shadow, shadow_depth and
    shadow_softness from ``p``; adds the drawn shadow polygon to ``p["shadow_polygon"]``.
    """
    ch, cw = -(-h // COARSE), -(-w // COARSE)
    ys = (np.arange(ch, dtype=np.float32)[:, None] * COARSE - h / 2) / (0.5 * np.hypot(h, w))
    xs = (np.arange(cw, dtype=np.float32)[None, :] * COARSE - w / 2) / (0.5 * np.hypot(h, w))
    ca, sa = np.cos(p["gradient_angle"]), np.sin(p["gradient_angle"])
    light = 1 - p["gradient"] * 0.5 * (1 + xs * ca + ys * sa)
    light *= 1 - p["vignette"] * (xs * xs + ys * ys)
    gain = np.empty((ch, cw, 3), np.float32)
    wb = cast_gains(p["cast_temperature"], p["cast_tint"], p["cast_strength"]) * p["exposure"]
    gain[:] = light[..., None] * wb
    if p["shadow"] != "none":
        poly = shadow_polygon(rng, page_quad, p["shadow"] == "hard")
        p["shadow_polygon"] = [[round(float(x), 1), round(float(y), 1)] for x, y in poly]
        mask = np.zeros((ch, cw), np.float32)
        cv2.fillPoly(
            mask, [np.round(poly / COARSE * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4
        )
        size = np.sqrt(cv2.contourArea(page_quad.astype(np.float32))) / COARSE
        sigma = max(0.5, p["shadow_softness"] * size)
        mask = cv2.GaussianBlur(mask, (0, 0), sigma)
        ambient = np.array([0.85, 1.0, 1.08], np.float32)  # BGR: shadows are bluer
        depth = np.minimum(p["shadow_depth"] * ambient, 0.95)
        gain *= 1 - mask[..., None] * depth
    return gain
