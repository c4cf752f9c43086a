"""Hand-drawn mark shapes as strokes: arrays of (x, y) points, before any transform.

Box marks live in a unit frame (-1..1 both ways, y down) that the pen scales
to the field; digits live in a box 0.6 wide and 1 high. Every function that
takes ``rng`` draws all its randomness from it, so a seed repeats the shape.
"""

from __future__ import annotations

import math

import numpy as np

Stroke = np.ndarray  # (n, 2) float64


def smooth(points, n_per: int = 8) -> Stroke:
    """A Catmull-Rom curve through ``points`` (a duplicated point makes a corner)."""
    p = np.asarray(points, dtype=float)
    if len(p) < 3:
        return p
    p = np.vstack([p[0], p, p[-1]])
    t = np.linspace(0, 1, n_per, endpoint=False)[:, None]
    out = []
    for i in range(1, len(p) - 2):
        p0, p1, p2, p3 = p[i - 1], p[i], p[i + 1], p[i + 2]
        out.append(
            0.5
            * (
                2 * p1
                + (-p0 + p2) * t
                + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t**2
                + (-p0 + 3 * p1 - 3 * p2 + p3) * t**3
            )
        )
    out.append(p[-2][None])
    return np.vstack(out)


def resample(stroke: Stroke, step: float) -> Stroke:
    """Points every ``step`` along the stroke (ends kept)."""
    seg = np.hypot(*np.diff(stroke, axis=0).T)
    s = np.concatenate([[0.0], np.cumsum(seg)])
    if s[-1] <= step:
        return np.vstack([stroke[0], stroke[-1]]) if len(stroke) > 1 else stroke
    n = int(math.ceil(s[-1] / step)) + 1
    u = np.linspace(0, s[-1], n)
    return np.column_stack([np.interp(u, s, stroke[:, 0]), np.interp(u, s, stroke[:, 1])])


# --- box marks (unit frame) ------------------------------------------------------


def cross(rng: np.random.Generator) -> list[Stroke]:
    a = 0.85 + 0.15 * rng.random(4)
    return [
        np.array([[-a[0], -a[1]], [a[2], a[3]]]),
        np.array([[a[1], -a[0]], [-a[3], a[2]]]),
    ]


def tick(rng: np.random.Generator) -> list[Stroke]:
    knee = (-0.15 + 0.2 * rng.random(), 0.55 + 0.3 * rng.random())
    pts = [(-0.8, 0.05 + 0.2 * rng.random()), knee, knee, (0.85, -0.9 + 0.2 * rng.random())]
    return [smooth(pts, 6)]


def slash(rng: np.random.Generator) -> list[Stroke]:
    a = 0.8 + 0.2 * rng.random(2)
    return [np.array([[-a[0], a[1]], [a[1], -a[0]]])]


def zigzag(rng: np.random.Generator, spacing: float, round_field: bool) -> list[Stroke]:
    """Back-and-forth lines ``spacing`` apart (unit frame) filling the square or the disc."""
    pts = []
    ys = np.arange(-0.95, 0.95 + 1e-9, spacing)
    for i, y in enumerate(ys):
        half = math.sqrt(max(0.0, 1 - y * y)) if round_field else 1.0
        half *= 0.95 + 0.05 * rng.random()
        xs = (-half, half) if i % 2 == 0 else (half, -half)
        pts += [(xs[0], y), (xs[1], y + spacing * 0.5)]
    return [np.array(pts)]


def scribble(rng: np.random.Generator) -> list[Stroke]:
    """A loose, loopy back-and-forth covering part of the box."""
    n = int(rng.integers(5, 9))
    ys = np.linspace(-0.75, 0.75, n) + rng.normal(0, 0.05, n)
    xs = np.where(np.arange(n) % 2 == 0, -0.8, 0.8) + rng.normal(0, 0.1, n)
    return [smooth(np.column_stack([xs, ys]), 8)]


def loop(rng: np.random.Generator) -> list[Stroke]:
    """A circle drawn around something: the end overshoots the start."""
    start = rng.uniform(0, 2 * math.pi)
    sweep = 2 * math.pi + rng.uniform(0.3, 0.9)
    t = np.linspace(0, 1, 64)
    a = start - sweep * t
    r = 1.0 - 0.12 * t + rng.normal(0, 0.02)
    return [np.column_stack([r * np.cos(a), 0.92 * r * np.sin(a)])]


def hatch(rng: np.random.Generator, spacing: float, reach: float = 1.08) -> list[Stroke]:
    """Scribbling out: dense zigzags in two directions over the square, a little past it."""
    out = []
    for angle in (rng.uniform(-0.5, 0.5), rng.uniform(0.9, 1.6)):
        d = np.array([math.cos(angle), math.sin(angle)])
        n = np.array([-d[1], d[0]])
        pts = []
        limit = reach * (abs(n[0]) + abs(n[1]))
        for i, t in enumerate(np.arange(-limit, limit + 1e-9, spacing)):
            lo, hi = -10.0, 10.0  # where the line t*n + u*d stays in the square
            for k in range(2):
                if abs(d[k]) > 1e-9:
                    a, b = sorted(((-reach - t * n[k]) / d[k], (reach - t * n[k]) / d[k]))
                    lo, hi = max(lo, a), min(hi, b)
                elif abs(t * n[k]) > reach:
                    lo, hi = 1.0, 0.0
            if hi <= lo:
                continue
            ends = (lo, hi) if i % 2 == 0 else (hi, lo)
            pts += [t * n + u * d for u in ends]
        out.append(np.array(pts))
    return out


def spiral(rng: np.random.Generator, turns: float = 3.0) -> Stroke:
    t = np.linspace(0, 1, 80)
    a = rng.uniform(0, 2 * math.pi) + 2 * math.pi * turns * t
    return np.column_stack([t * np.cos(a), t * np.sin(a)])


# --- handwriting -----------------------------------------------------------------

_CURVE, _LINE = "curve", "line"
_DIGITS: dict[str, list[tuple[str, list[tuple[float, float]]]]] = {
    "1": [(_LINE, [(0.12, 0.22), (0.34, 0.0), (0.34, 1.0)])],
    "2": [
        (
            _CURVE,
            [(0.03, 0.22), (0.15, 0.04), (0.35, 0.0), (0.55, 0.13), (0.54, 0.33), (0.35, 0.6)]
            + [(0.02, 1.0), (0.02, 1.0), (0.6, 0.98)],
        )
    ],
    "3": [
        (
            _CURVE,
            [(0.05, 0.1), (0.3, 0.0), (0.55, 0.15), (0.5, 0.38), (0.25, 0.47), (0.5, 0.55)]
            + [(0.6, 0.78), (0.45, 0.97), (0.2, 1.0), (0.02, 0.88)],
        )
    ],
    "4": [(_LINE, [(0.44, 1.0), (0.44, 0.0), (0.0, 0.68), (0.6, 0.68)])],
    "5": [
        (_LINE, [(0.58, 0.0), (0.1, 0.02)]),
        (
            _CURVE,
            [(0.1, 0.02), (0.06, 0.45), (0.06, 0.45), (0.3, 0.38), (0.55, 0.5), (0.58, 0.75)]
            + [(0.4, 0.97), (0.15, 0.98), (0.0, 0.85)],
        ),
    ],
    "6": [
        (
            _CURVE,
            [(0.52, 0.04), (0.3, 0.05), (0.1, 0.3), (0.02, 0.65), (0.12, 0.93), (0.35, 1.0)]
            + [(0.55, 0.85), (0.55, 0.62), (0.35, 0.5), (0.12, 0.58), (0.03, 0.72)],
        )
    ],
    "7": [(_LINE, [(0.0, 0.02), (0.6, 0.0), (0.22, 1.0)])],
    "8": [
        (
            _CURVE,
            [(0.5, 0.12), (0.3, 0.0), (0.08, 0.12), (0.12, 0.35), (0.3, 0.47), (0.52, 0.6)]
            + [(0.57, 0.85), (0.3, 1.0), (0.05, 0.85), (0.08, 0.6), (0.3, 0.47), (0.48, 0.35)]
            + [(0.52, 0.12)],
        )
    ],
    "9": [
        (
            _CURVE,
            [(0.55, 0.3), (0.4, 0.45), (0.15, 0.45), (0.03, 0.25), (0.15, 0.03), (0.4, 0.0)]
            + [(0.55, 0.2), (0.55, 0.5), (0.5, 1.0)],
        )
    ],
    "-": [(_LINE, [(0.08, 0.55), (0.52, 0.55)])],
}
DIGIT_WIDTH, DIGIT_ADVANCE = 0.6, 0.78


def digit(ch: str, rng: np.random.Generator) -> list[Stroke]:
    """One handwritten character of ``0-9`` or ``-`` in its 0.6 x 1 box."""
    if ch == "0":
        start = -math.pi / 2 + rng.uniform(-0.3, 0.3)
        a = start - np.linspace(0, 2 * math.pi + rng.uniform(0.1, 0.4), 48)
        return [np.column_stack([0.3 + 0.29 * np.cos(a), 0.5 + 0.5 * np.sin(a)])]
    out = []
    for how, pts in _DIGITS[ch]:
        p = np.array(pts) + rng.normal(0, 0.025, (len(pts), 2))
        out.append(smooth(p, 6) if how == _CURVE else p)
    return out


def can_write(text: str) -> bool:
    return bool(text) and all(ch in _DIGITS or ch == "0" for ch in text)
