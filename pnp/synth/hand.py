"""The hand that draws: strokes made shaky and inked, and where each mark goes in its field.

``Hand`` turns ideal strokes (page mm) into shaky ones in the style of a ``PenStyle``
(``pnp.synth.pen_style``) and inks them onto an alpha layer at the page's dpi; it
writes names in Hershey script. The geometry of marks places the unit-frame shapes of
``pnp.synth.strokes`` in a field: ``unit_mark`` and ``placed`` (a check mark scaled,
tilted and nudged), ``fit`` (shrunk until inside), ``glyph_lines`` (a Distant Suns
symbol), ``write_lines`` (digits) and ``outline_loops`` (the outline of a union of
hexes). Every random number comes from the hand's generator, in drawing order.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.synth import strokes as S
from pnp.synth.pen_style import PenStyle

MM_PER_INCH = 25.4


# --- geometry ----------------------------------------------------------------------


def inside(f: Field, pts: np.ndarray, pad: float) -> bool:
    if f.shape == "circle":
        return bool(np.all(np.hypot(pts[:, 0] - f.x, pts[:, 1] - f.y) <= f.w / 2 - pad))
    x0, y0, x1, y1 = f.bounds
    return bool(
        np.all((pts[:, 0] >= x0 + pad) & (pts[:, 0] <= x1 - pad))
        and np.all((pts[:, 1] >= y0 + pad) & (pts[:, 1] <= y1 - pad))
    )


def half(f: Field) -> tuple[float, float]:
    return (f.w / 2, f.w / 2) if f.shape == "circle" else (f.w / 2, f.h / 2)


def _rotation(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])


# --- the hand ------------------------------------------------------------------------


class Hand:
    """Turns ideal strokes (mm) into shaky ones and inks them onto an alpha layer."""

    def __init__(self, style: PenStyle, rng: np.random.Generator, shape: tuple[int, int], dpi):
        self.style, self.rng, self.dpi = style, rng, dpi
        self.px = dpi / MM_PER_INCH
        self.alpha = np.zeros(shape, np.float32)
        self.thickness = max(1, round(style.width_mm * self.px))
        # how far ink reaches from a stroke's centre line: cv2's anti-aliased thick lines
        # reach thickness / 2 + 2.6 px (measured), plus the sampling of the strokes
        self.reach = (self.thickness / 2 + 2.6) / self.px + 0.1

    def shaky(self, stroke: np.ndarray, shake: float | None = None, bow: bool = True):
        shake = self.style.shakiness_mm if shake is None else shake
        p = S.resample(stroke, 0.2)
        if len(p) < 2:
            return p
        d = np.gradient(p, axis=0)
        n = np.column_stack([-d[:, 1], d[:, 0]])
        n /= np.maximum(np.hypot(*n.T), 1e-9)[:, None]
        s = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(p, axis=0).T))])
        rng = self.rng
        off = np.zeros(len(p))
        for wavelength, amp in ((rng.uniform(3, 9), 1.0), (rng.uniform(0.8, 2), 0.3)):
            off += (
                amp
                * shake
                * rng.uniform(0.5, 1)
                * np.sin(2 * np.pi * s / wavelength + rng.uniform(0, 6.3))
            )
        if bow and s[-1] > 0:
            # a long line bows a little; a long zigzag does not bow as a whole
            off += rng.normal(0, 0.03) * min(s[-1], 8.0) * np.sin(np.pi * s / s[-1])
        return p + n * off[:, None]

    def ink(self, lines: list[np.ndarray]) -> None:
        """Draw shaky strokes (page mm) as one mark, with one pressure."""
        lines = [x for x in lines if len(x)]
        if not lines:
            return
        pressure = self.rng.uniform(0.8, 1.0)
        allp = np.vstack(lines) * self.px
        h, w = self.alpha.shape
        m = self.thickness + 3
        x0, y0 = np.floor(allp.min(axis=0)).astype(int) - m
        x1, y1 = np.ceil(allp.max(axis=0)).astype(int) + m
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if x1 <= x0 or y1 <= y0:
            return
        patch = np.zeros((y1 - y0, x1 - x0), np.uint8)
        # cv2 puts pixel centres on integers, the page raster at half-integers
        pts = [np.round((x * self.px - 0.5 - (x0, y0)) * 16).astype(np.int32) for x in lines]
        cv2.polylines(patch, pts, False, 255, self.thickness, cv2.LINE_AA, 4)
        region = self.alpha[y0:y1, x0:x1]
        np.maximum(region, patch.astype(np.float32) * (pressure / 255), out=region)

    def ink_text(self, text: str, f: Field) -> bool:
        """A name in Hershey script, fitted inside a rect field; False if it cannot fit."""
        font = cv2.FONT_HERSHEY_SCRIPT_SIMPLEX
        (tw, th), base = cv2.getTextSize(text, font, 1.0, 1)
        pad = self.reach + 0.4
        room_w, room_h = (f.w - 2 * pad) * self.px, (f.h - 2 * pad) * self.px
        scale = min(room_w / tw, room_h * 0.8 / (th + base)) * self.rng.uniform(0.75, 0.95)
        if scale <= 0.05:
            return False
        (tw, th), base = cv2.getTextSize(text, font, scale, self.thickness)
        ph, pw = th + base + 2 * self.thickness, tw + 2 * self.thickness
        patch = np.zeros((ph, pw), np.uint8)
        cv2.putText(
            patch,
            text,
            (self.thickness, th + self.thickness),
            font,
            scale,
            255,
            self.thickness,
            cv2.LINE_AA,
        )
        angle = self.rng.normal(0, 2)
        rot = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, 1.0)
        patch = cv2.warpAffine(patch, rot, (pw, ph))
        x0 = (f.x + pad) * self.px + self.rng.uniform(0, max(room_w - pw, 0) * 0.4)
        y0 = (f.y + f.h / 2) * self.px - ph / 2 + self.rng.normal(0, 0.5)
        x0, y0 = int(round(x0)), int(round(y0))
        top = max(y0, int(math.ceil((f.y + pad - 0.4) * self.px)))
        bottom = min(y0 + ph, int((f.y + f.h - pad + 0.4) * self.px))
        right = min(x0 + pw, int((f.x + f.w - pad + 0.4) * self.px))
        if bottom <= top or right <= x0:
            return False
        region = self.alpha[top:bottom, x0:right]
        src = patch[top - y0 : bottom - y0, : right - x0].astype(np.float32) / 255
        np.maximum(region, src * self.rng.uniform(0.85, 1.0), out=region)
        return True


# --- marks ---------------------------------------------------------------------------


def unit_mark(kind: str, f: Field, hand: Hand) -> list[np.ndarray]:
    rng = hand.rng
    round_field = f.shape == "circle"
    hw, hh = half(f)
    spacing = min(0.7, max(0.12, hand.style.width_mm * 1.1 / min(hw, hh)))
    match kind:
        case "cross":
            return S.cross(rng)
        case "tick":
            return S.tick(rng)
        case "slash":
            return S.slash(rng)
        case "fill":
            return S.zigzag(rng, spacing, round_field)
        case "scribble":
            return S.scribble(rng)
        case "circle":
            return S.loop(rng)
        case "scribbled-out":
            return S.hatch(rng, spacing * 0.8)
    raise ValueError(f"no unit mark {kind!r}")


def placed(
    unit: list[np.ndarray], f: Field, size: float, hand: Hand, tilt: float = 8.0
) -> list[np.ndarray]:
    """Unit-frame strokes scaled to ``size`` of the field, tilted, nudged, made shaky."""
    rng = hand.rng
    cx, cy = f.centre
    hw, hh = half(f)
    if f.shape == "circle":
        hw = hh = hw * (0.72 if size < 1 else 1.0)
    rot = _rotation(hand.style.slant_deg * 0.5 + rng.normal(0, tilt))
    scale = np.array([hw * size * rng.uniform(0.9, 1.05), hh * size * rng.uniform(0.9, 1.05)])
    shift = rng.normal(0, 0.06, 2) * (hw, hh)
    return [hand.shaky((u * scale) @ rot + (cx, cy) + shift) for u in unit]


def fit(lines: list[np.ndarray], f: Field, pad: float) -> list[np.ndarray]:
    """The strokes shrunk about the field's centre until they lie inside it."""
    c = np.array(f.centre)
    for _ in range(40):
        if inside(f, np.vstack(lines), pad):
            return lines
        lines = [c + (x - c) * 0.93 for x in lines]
    return [c + (x - c) * 0.0 for x in lines]  # cannot fit: a dot at the centre


def glyph_lines(key: str, f: Field, hand: Hand) -> list[np.ndarray]:
    from pnp.render.scene import Circle, Line, Poly
    from pnp.sheets.distant_suns.glyphs import zone_glyph

    rng = hand.rng
    unit: list[np.ndarray] = []
    for item in zone_glyph(key, 0.0, 0.0, 2.0):
        match item:
            case Line():
                unit.append(np.array([[item.x1, item.y1], [item.x2, item.y2]]))
            case Poly():
                pts = np.array(item.points)
                unit.append(np.vstack([pts, pts[:1]]) if item.closed else pts)
            case Circle() if item.style.fill:
                unit.append(S.spiral(rng, 3.5) * item.r)
            case Circle():
                a = rng.uniform(0, 6.3) - np.linspace(0, 2 * np.pi + 0.3, 40)
                unit.append(np.column_stack([np.cos(a), np.sin(a)]) * item.r)
    hw, hh = half(f)
    size = min(hw, hh) * rng.uniform(0.94, 1.06)
    size *= hand.style.glyph_size if f.kind == "hex" else rng.uniform(0.7, 0.9)
    cx, cy = f.centre
    rot = _rotation(rng.normal(0, 6))
    shift = rng.normal(0, 0.08, 2) * min(hw, hh)
    shake = hand.style.shakiness_mm * 0.6
    return [hand.shaky((u * size) @ rot + (cx, cy) + shift, shake) for u in unit]


def write_lines(text: str, f: Field, hand: Hand) -> list[np.ndarray]:
    rng = hand.rng
    pad = hand.reach + 0.3
    room_w, room_h = f.w - 2 * pad, f.h - 2 * pad
    n = len(text)
    height = min(room_h * rng.uniform(0.6, 0.85), room_w / (S.DIGIT_ADVANCE * n) * 0.95)
    height = min(height, 7.0 * rng.uniform(0.8, 1.1))
    width = height * (S.DIGIT_WIDTH + (n - 1) * S.DIGIT_ADVANCE)
    x0 = f.x + pad + (room_w - width) * rng.uniform(0.3, 0.7)
    y0 = f.y + pad + (room_h - height) * rng.uniform(0.35, 0.65)
    shear = math.tan(math.radians(hand.style.slant_deg + 8))
    out = []
    for i, ch in enumerate(text):
        dx = x0 + height * (i * S.DIGIT_ADVANCE + rng.normal(0, 0.03))
        dy = y0 + height * rng.normal(0, 0.03)
        for stroke in S.digit(ch, rng):
            p = stroke * height
            p[:, 0] += (height - p[:, 1]) * shear * 0.5 - height * 0.15 * shear
            out.append(hand.shaky(p + (dx, dy), hand.style.shakiness_mm * 0.35, bow=False))
    return out


def outline_loops(hex_fields: list[Field]) -> list[np.ndarray]:
    """The boundary of a union of hexes as closed point loops (page mm)."""
    edges: dict[tuple, tuple] = {}
    for f in hex_fields:
        # corners shared by neighbours agree to well under 0.1 mm; hex corners lie >= 5 mm apart
        corners = [(round(f.x + cx, 1), round(f.y + cy, 1)) for cx, cy in f.meta["corners"]]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = (min(a, b), max(a, b))
            edges[key] = None if key in edges else (a, b)
    boundary = [e for e in edges.values() if e is not None]
    nxt = {}
    for a, b in boundary:
        nxt.setdefault(a, []).append(b)
    loops, used = [], set()
    for start, _ in boundary:
        if (start, nxt[start][0]) in used:
            continue
        loop_pts, cur = [start], start
        while True:
            options = [b for b in nxt.get(cur, []) if (cur, b) not in used]
            if not options:
                break
            used.add((cur, options[0]))
            cur = options[0]
            loop_pts.append(cur)
            if cur == start:
                break
        if len(loop_pts) > 2:
            loops.append(np.array(loop_pts, dtype=float))
    return loops
