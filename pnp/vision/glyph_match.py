"""Which Distant Suns zone symbol is pencilled in a field: ink against drawn templates.

Both the ink and each template are brought to one canonical frame: the ink's
centroid in the middle and its RMS radius a fixed number of pixels, so where
and how large the player drew the symbol no longer matters. The templates are
the printed glyph geometry (``pnp.sheets.distant_suns.glyphs.zone_glyph``)
turned by up to 15 degrees either way and drawn with thin to thick pens; a
crop's score for a glyph is the best cosine similarity over its templates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

CANON = 48  # side of the canonical frame, px
RMS_PX = 10.0  # the ink's RMS radius there
BLUR = 1.0  # Gaussian sigma in the canonical frame, px
ANGLES = (-15, -10, -5, 0, 5, 10, 15)  # degrees; a hand tilts its symbols a little
WIDTHS = (0.07, 0.12, 0.19)  # pen width as a share of the glyph box side
SIZE_PENALTY = 0.6  # score lost per unit of log size outside the plausible range
TEMPLATE_PX = 60.0  # template glyph box side, px (about the size read on a page)


@dataclass(frozen=True)
class Strokes:
    """A glyph in its unit box (side 2, centred on 0): polylines and filled discs."""

    lines: tuple[np.ndarray, ...]
    discs: tuple[tuple[float, float, float], ...]  # cx, cy, r


@lru_cache(maxsize=32)
def glyph_strokes(key: str) -> Strokes:
    """The strokes of ``zone_glyph(key)`` in a box of side 2 centred on the origin."""
    from pnp.render.scene import Circle, Line, Poly
    from pnp.sheets.distant_suns.glyphs import zone_glyph

    lines: list[np.ndarray] = []
    discs: list[tuple[float, float, float]] = []
    for item in zone_glyph(key, 0.0, 0.0, 2.0):
        match item:
            case Line():
                lines.append(np.array([[item.x1, item.y1], [item.x2, item.y2]]))
            case Poly():
                pts = np.array(item.points, float)
                lines.append(np.vstack([pts, pts[:1]]) if item.closed else pts)
            case Circle() if item.style.fill:
                discs.append((item.cx, item.cy, item.r))
            case Circle():
                a = np.linspace(0, 2 * math.pi, 49)
                lines.append(np.column_stack([np.cos(a), np.sin(a)]) * item.r + (item.cx, item.cy))
    return Strokes(tuple(lines), tuple(discs))


def solid(key: str) -> bool:
    """Whether ``key`` is drawn as a filled disc (a dot): any blob of grain looks like it."""
    return bool(glyph_strokes(key).discs)


def draw(key: str, angle: float, width: float, side_px: float = TEMPLATE_PX) -> np.ndarray:
    """The glyph as a float image (1 = ink), its box ``side_px`` wide, turned by ``angle``."""
    strokes = glyph_strokes(key)
    size = int(side_px * 1.6)
    c = size / 2
    a = math.radians(angle)
    rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    scale = side_px / 2
    img = np.zeros((size, size), np.uint8)
    thick = max(1, round(width * side_px))
    for line in strokes.lines:
        pts = (line @ rot) * scale + c
        cv2.polylines(img, [np.round(pts * 16).astype(np.int32)], False, 255, thick, cv2.LINE_AA, 4)
    for x, y, r in strokes.discs:
        (px, py) = np.array([x, y]) @ rot * scale + c
        cv2.circle(
            img, (round(px * 16), round(py * 16)), round(r * scale * 16), 255, -1, cv2.LINE_AA, 4
        )
    return img.astype(np.float32) / 255


def moments(ink: np.ndarray) -> tuple[float, float, float]:
    """The ink's centroid (x, y) and RMS radius, in px."""
    total = float(ink.sum())
    # a row and a column of coordinates, broadcast: the same products as full grids
    xs = np.arange(ink.shape[1], dtype=np.float32)[None, :]
    ys = np.arange(ink.shape[0], dtype=np.float32)[:, None]
    cx, cy = float((xs * ink).sum() / total), float((ys * ink).sum() / total)
    rms = math.sqrt(float((((xs - cx) ** 2 + (ys - cy) ** 2) * ink).sum() / total))
    return cx, cy, rms


def canonical(ink: np.ndarray) -> np.ndarray | None:
    """``ink`` (float or 0/1, any size) moved to the canonical frame: a unit vector, or
    None when there is no ink."""
    if float(ink.sum()) <= 0:
        return None
    return _canonical(ink, *moments(ink))


def _canonical(ink: np.ndarray, cx: float, cy: float, rms: float) -> np.ndarray | None:
    """:func:`canonical` of ``ink`` (holding ink) whose :func:`moments` are known."""
    k = RMS_PX / max(rms, 0.5)
    src = ink.astype(np.float32)
    if k < 0.8:  # shrinking: smooth first so thin strokes survive the resampling
        src = cv2.GaussianBlur(src, (0, 0), 0.5 / k)
    m = np.float32([[k, 0, CANON / 2 - k * cx], [0, k, CANON / 2 - k * cy]])
    out = cv2.warpAffine(src, m, (CANON, CANON), flags=cv2.INTER_LINEAR)
    out = cv2.GaussianBlur(out, (0, 0), BLUR)
    v = out.ravel() - out.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else None


@lru_cache(maxsize=64)
def templates(key: str) -> np.ndarray:
    """Every canonical template of ``key``: (angles x widths, CANON * CANON)."""
    rows = [canonical(draw(key, a, w)) for a in ANGLES for w in WIDTHS]
    return np.stack([r for r in rows if r is not None])


@lru_cache(maxsize=64)
def unit_rms(key: str) -> float:
    """The RMS radius of ``key``'s ink, in half glyph boxes (its drawing unit)."""
    return moments(draw(key, 0, WIDTHS[1]))[2] / (TEMPLATE_PX / 2)


@lru_cache(maxsize=16)
def _bank(keys: tuple[str, ...]) -> tuple[tuple[np.ndarray, ...], tuple[int, ...], int]:
    """The templates of each of ``keys``, where each one's similarities start in one row
    of them all, and that row's length."""
    mats = tuple(templates(k) for k in keys)
    starts = tuple(int(s) for s in np.cumsum([0, *(len(m) for m in mats[:-1])]))
    return mats, starts, sum(len(m) for m in mats)


@dataclass(frozen=True)
class GlyphScores:
    """Similarity of one crop to each glyph, best first."""

    ranked: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    @property
    def score(self) -> float:
        return self.ranked[0][1]

    @property
    def margin(self) -> float:
        """How far the best glyph leads the runner-up (0 when alone)."""
        return self.ranked[0][1] - (self.ranked[1][1] if len(self.ranked) > 1 else 0.0)

    def among(self, keys: tuple[str, ...]) -> GlyphScores:
        """The scores of ``keys`` alone (each scored here), ranked as :func:`match` of the
        same ink would rank them: the glyphs are scored one by one, so a narrower match
        need not be computed again."""
        score = dict(self.ranked)
        return GlyphScores(tuple(sorted(((k, score[k]) for k in keys), key=lambda s: -s[1])))


def match(
    ink: np.ndarray,
    keys: tuple[str, ...],
    unit_mm: tuple[float, float] | None = None,
    px_per_mm: float = 1.0,
) -> GlyphScores | None:
    """How much ``ink`` looks like each glyph of ``keys``; None when there is no ink.

    ``unit_mm``, the range of half box sides a symbol is drawn at there, takes
    points off a glyph whose size the ink would make implausible (a dot read as
    a circle would be a tiny circle).
    """
    if float(ink.sum()) <= 0:
        return None
    cx, cy, rms = moments(ink)
    v = _canonical(ink, cx, cy, rms)
    if v is None:
        return None
    rms_mm = rms / px_per_mm
    if not keys:
        return GlyphScores(())
    # each glyph's templates against the ink, one product per glyph as ever (a product
    # of them all stacked may round differently), their best taken all at once
    mats, starts, total = _bank(keys)
    sims = np.empty(total, np.float32)
    for m, start in zip(mats, starts, strict=True):
        np.matmul(m, v, out=sims[start : start + len(m)])
    best = np.maximum.reduceat(sims, starts).tolist()
    scores = []
    for k, score in zip(keys, best, strict=True):
        if unit_mm is not None:
            unit = rms_mm / unit_rms(k)
            off = max(0.0, math.log(unit_mm[0] / unit), math.log(unit / unit_mm[1]))
            score -= SIZE_PENALTY * off
        scores.append((k, score))
    return GlyphScores(tuple(sorted(scores, key=lambda s: -s[1])))
