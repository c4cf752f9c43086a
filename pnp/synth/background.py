"""A cluttered table for synthetic photos: wood, cloth or laminate, with things lying on it.

``table(h, w, rng, px_per_mm, page_quad, clutter)`` returns a BGR uint8 image of a table
seen from above, the soft shadows of what lies on it (the page's included) already cast,
and a description of what was drawn. Textures are made at a quarter of the resolution and
scaled up (it keeps a 12 MP table under 100 ms, and the table's fine detail is lost to the
camera's noise anyway); objects are drawn at full resolution so their edges are as crisp
as the page's.

Objects never overlap the page (it lies on top of the table, not under a mug); another
blank sheet may lie near it, but never under one of its corners.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

COARSE = 4  # textures and shadows are made at 1/COARSE of the photo's resolution

# BGR base colours
WOODS = [(70, 120, 170), (45, 85, 135), (35, 60, 95), (95, 150, 195), (60, 95, 120)]
CLOTHS = [(30, 30, 32), (45, 40, 38), (70, 60, 50), (40, 55, 90), (85, 85, 90), (35, 45, 30)]
LAMINATES = [(150, 150, 150), (120, 130, 135), (170, 175, 180), (60, 70, 80), (110, 140, 160)]
INKS = [(140, 60, 20), (30, 30, 30), (40, 40, 170), (60, 120, 40)]
BOOKS = [(40, 40, 140), (120, 70, 30), (50, 110, 60), (30, 120, 190), (90, 90, 90), (140, 60, 110)]


def smooth_noise(shape: tuple[int, int], cells: tuple[int, int], rng) -> np.ndarray:
    """Value noise, about unit variance: a ``cells`` grid of normals scaled up to ``shape``."""
    grid = rng.standard_normal((max(2, int(cells[0])), max(2, int(cells[1])))).astype(np.float32)
    return cv2.resize(grid, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def wood(h: int, w: int, colour, rng) -> np.ndarray:
    """Planks of slightly different tone with wavy grain, rotated at random: float32 BGR."""
    d = int(np.hypot(h, w)) + 4
    plank = rng.uniform(0.18, 0.35) * d
    rows = np.arange(d, dtype=np.float32)[:, None]
    offset = plank * rng.uniform()
    plank_id = ((rows + offset) // plank).astype(int)[:, 0]
    plank_tone = rng.normal(0, 0.07, plank_id.max() + 1)[plank_id][:, None]
    period = rng.uniform(0.015, 0.04) * d
    warp = smooth_noise((d, d), (5, 4), rng) * period * rng.uniform(1.0, 2.5)
    rings = np.sin(2 * np.pi * (rows + warp) / period) ** 2
    streaks = smooth_noise((d, d), (d / 2, 6), rng)
    tone = 1 + plank_tone + 0.06 * rings + 0.05 * streaks
    tone += 0.05 * smooth_noise((d, d), (8, 2), rng)
    seam = np.abs(((rows + offset) % plank) - plank / 2) > plank / 2 - 1.0
    tone = np.where(seam, tone * 0.55, tone)
    angle = rng.choice([0.0, 90.0]) + rng.uniform(-20, 20)
    m = cv2.getRotationMatrix2D((d / 2, d / 2), angle, 1.0)
    m[:, 2] += (w - d) / 2, (h - d) / 2
    tone = cv2.warpAffine(tone.astype(np.float32), m, (w, h), flags=cv2.INTER_LINEAR)
    return tone[..., None] * np.array(colour, np.float32)


def cloth(h: int, w: int, colour, rng) -> np.ndarray:
    """Folds and a little mottling: float32 BGR."""
    folds = smooth_noise((h, w), (rng.integers(3, 7), rng.integers(3, 7)), rng)
    mottle = smooth_noise((h, w), (h // 6, w // 6), rng)
    tone = 1 + 0.18 * folds + 0.05 * mottle
    return tone[..., None] * np.array(colour, np.float32)


def laminate(h: int, w: int, colour, rng) -> np.ndarray:
    """A plain table top with a faint sheen: float32 BGR."""
    tone = 1 + 0.04 * smooth_noise((h, w), (3, 3), rng) + 0.02 * smooth_noise((h, w), (h, w), rng)
    return tone[..., None] * np.array(colour, np.float32)


def _rect(cx, cy, length, width, angle) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    u, v = np.array([c, s]) * length / 2, np.array([-s, c]) * width / 2
    return np.array([[cx, cy] - u - v, [cx, cy] + u - v, [cx, cy] + u + v, [cx, cy] - u + v])


def _distance(poly: np.ndarray, point) -> float:
    """Signed distance of ``point`` to polygon ``poly``: positive inside."""
    return cv2.pointPolygonTest(poly.astype(np.float32), (float(point[0]), float(point[1])), True)


def _objects(h, w, rng, ppm, page_quad, count, sheet) -> list[dict[str, Any]]:
    """Things on the table: kind, outline polygon (full-res px), colour. Kept off the page."""
    page = page_quad.astype(np.float32)
    out: list[dict[str, Any]] = []
    kinds = ["phone", "book", "mug", "pen", "pen", "mug"]
    if sheet:
        # Another A4 sheet, partly out of frame, never under the page's centre or corners.
        for _ in range(30):
            cx, cy = rng.uniform(-0.15, 1.15) * w, rng.uniform(-0.15, 1.15) * h
            poly = _rect(cx, cy, 297 * ppm, 210 * ppm, rng.uniform(0, np.pi))
            centre = _distance(poly, page.mean(0))
            corners = max(_distance(poly, c) for c in page)
            if centre < -60 * ppm and corners < -5 * ppm:
                shade = rng.uniform(205, 240)
                out.append({"kind": "sheet", "poly": poly, "colour": (shade, shade, shade + 3)})
                break
    for _ in range(count):
        kind = kinds[rng.integers(len(kinds))]
        for _ in range(20):
            cx, cy = rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h
            angle = rng.uniform(0, np.pi)
            if kind == "phone":
                poly = _rect(cx, cy, 150 * ppm, 72 * ppm, angle)
                colour = tuple(float(v) for v in rng.uniform(15, 45, 3))
            elif kind == "book":
                poly = _rect(
                    cx, cy, rng.uniform(200, 250) * ppm, rng.uniform(130, 170) * ppm, angle
                )
                colour = BOOKS[rng.integers(len(BOOKS))]
            elif kind == "mug":
                r = rng.uniform(38, 46) * ppm
                t = np.linspace(0, 2 * np.pi, 48, endpoint=False)
                poly = np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], 1)
                colour = tuple(float(v) for v in rng.uniform(60, 235, 3))
            else:
                poly = _rect(cx, cy, 140 * ppm, 9 * ppm, angle)
                colour = INKS[rng.integers(len(INKS))]
            inside = max(_distance(page, pt) for pt in poly)
            if inside < -8 * ppm and _distance(page, (cx, cy)) < -30 * ppm:
                out.append({"kind": kind, "poly": poly, "colour": colour})
                break
    return out


def _pts(poly: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(poly) * 16).astype(np.int32)


def _pt(p) -> tuple[int, int]:
    return int(round(p[0] * 16)), int(round(p[1] * 16))


def _draw(img: np.ndarray, obj: dict[str, Any], ppm: float, rng) -> None:
    """Draw one object at full resolution, anti-aliased (coordinates in 1/16 px)."""
    poly, colour, kind = obj["poly"], obj["colour"], obj["kind"]
    aa = dict(lineType=cv2.LINE_AA, shift=4)
    cv2.fillPoly(img, [_pts(poly)], colour, **aa)
    if kind == "phone":
        c = poly.mean(0)
        if rng.uniform() < 0.5:  # screen up
            screen = c + (poly - c) * 0.9
            cv2.fillPoly(img, [_pts(screen)], (8, 8, 10), **aa)
        else:  # back up: a camera bump
            lens = poly[0] + (poly[2] - poly[0]) * 0.15
            cv2.circle(img, _pt(lens), int(7 * ppm * 16), (70, 70, 75), -1, **aa)
    elif kind == "book":
        a, b, c_, d = poly
        spine = np.array([a, b, b + (c_ - b) * 0.08, a + (d - a) * 0.08])
        cv2.fillPoly(img, [_pts(spine)], tuple(v * 0.6 for v in colour), **aa)
        light = tuple(min(255, v * 1.8 + 40) for v in colour)
        for k in range(3):
            f = 0.3 + 0.08 * k
            p, q = a + (d - a) * f + (b - a) * 0.25, a + (d - a) * f + (b - a) * 0.75
            cv2.line(img, _pt(p), _pt(q), light, max(1, int(3 * ppm)), **aa)
    elif kind == "mug":
        c, r = poly.mean(0), np.linalg.norm(poly[0] - poly.mean(0))
        coffee = (20, 35, 60) if rng.uniform() < 0.6 else tuple(v * 0.7 for v in colour)
        cv2.fillPoly(img, [_pts(c + (poly - c) * 0.82)], coffee, **aa)
        t = rng.uniform(0, 2 * np.pi)
        h0 = c + np.array([np.cos(t), np.sin(t)]) * r
        h1 = c + np.array([np.cos(t), np.sin(t)]) * (r + 18 * ppm)
        cv2.line(img, _pt(h0), _pt(h1), colour, max(1, int(10 * ppm)), **aa)
    elif kind == "pen":
        a, b, c_, d = poly
        cap = np.array([a, a + (b - a) * 0.3, d + (c_ - d) * 0.3, d])
        cv2.fillPoly(img, [_pts(cap)], (230, 230, 230), **aa)
        tip = np.array([b, (b + c_) / 2 + (b - a) * 0.06, c_])
        cv2.fillPoly(img, [_pts(tip)], (190, 190, 195), **aa)


def table(
    h: int,
    w: int,
    rng: np.random.Generator,
    px_per_mm: float,
    page_quad: np.ndarray,
    clutter: int,
    surfaces: tuple[str, ...] = ("wood", "cloth", "laminate"),
) -> tuple[np.ndarray, dict[str, Any]]:
    """A BGR uint8 (h, w) table with up to ``clutter`` objects and the page's contact shadow."""
    ch, cw = -(-h // COARSE), -(-w // COARSE)
    kind = surfaces[rng.integers(len(surfaces))]
    palette = {"wood": WOODS, "cloth": CLOTHS, "laminate": LAMINATES}[kind]
    colour = np.array(palette[rng.integers(len(palette))], np.float32)
    colour = tuple(colour * rng.uniform(0.85, 1.15))
    base = {"wood": wood, "cloth": cloth, "laminate": laminate}[kind](ch, cw, colour, rng)

    objects = _objects(h, w, rng, px_per_mm, page_quad, clutter, rng.uniform() < 0.5)
    # Soft shadows of everything lying on the table, light from one side.
    light = rng.uniform(0, 2 * np.pi)
    shadow = np.zeros((ch, cw), np.float32)
    for obj in objects + [{"kind": "page", "poly": page_quad}]:
        lift = {"mug": 25, "book": 6, "phone": 4, "pen": 5}.get(obj["kind"], 1.2) * px_per_mm
        off = np.array([np.cos(light), np.sin(light)]) * lift
        cv2.fillPoly(shadow, [_pts((obj["poly"] + off) / COARSE)], 1.0, cv2.LINE_AA, shift=4)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.8, 3 * px_per_mm / COARSE))
    base *= (1 - 0.35 * shadow)[..., None]

    img = cv2.resize(np.clip(base, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR)
    for obj in objects:
        _draw(img, obj, px_per_mm, rng)
    return img, {"surface": kind, "objects": [o["kind"] for o in objects]}
