"""Pen on paper: a printed sheet with a player's hand-drawn marks, and the truth about them.

``fill(page, marks, seed)`` draws the ``SheetMarks`` of ``pnp.synth.marks``
onto the rasterized sheet with one seeded hand (``PenStyle``: blue or black
ballpoint or pencil, stroke width, shakiness, which check mark the player
prefers, how often a mark overruns its box, stray marks, a correction) and
returns the image with its truth. The same (page, marks, seed, dpi) always
gives the same bytes.

Truth (``Filled.truth``) lists every field of the sheet map::

    {"page_code": ..., "dpi": 200, "pen": "pencil",
     "convention": "...",
     "fields": {"track-power-1": {"marked": true, "kind": "tick", "value": null,
                                  "overrun": false, "scribbled_out": false,
                                  "touched_by": []}, ...},
     "overruns": [{"field": ..., "touches": [...]}],
     "strays": [{"x": mm, "y": mm, "kind": "dash", "touches": []}],
     "corrections": [{"field": ..., "drawn": "cross", "touches": [...]}],
     "outlines": [{"hexes": [...], "touches": [...]}]}

Convention: **a field scribbled over heavily (a correction) reads as empty**:
its entry says ``marked: false, scribbled_out: true, kind: "scribbled-out"``.
Every mark stays inside its field except the deliberate overruns, strays and
scribble-outs listed with the ids of the other fields their ink reaches; a
field that holds ink without being marked always names in ``touched_by``
what put it there (``overrun:<field>``, ``stray:<n>``,
``correction:<field>``, ``outline:<n>``). Distant Suns shape outlines run on
the hex lines, outside every field, and are listed as outlines.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.sheetmap import Field, SheetMap
from pnp.synth import strokes as S
from pnp.synth.marks import Mark, SheetMarks, sheet_marks

MM_PER_INCH = 25.4
CHECK_KINDS = ("cross", "tick", "slash", "fill", "scribble")
PENS = {
    # name: (RGB ink, opacity range, width range mm)
    "blue ballpoint": ((28, 48, 150), (0.82, 0.97), (0.3, 0.55)),
    "black ballpoint": ((28, 28, 34), (0.8, 0.95), (0.3, 0.55)),
    "pencil": ((80, 82, 90), (0.6, 0.85), (0.4, 0.75)),
}
CONVENTION = (
    "A field is marked when it holds a mark of the player's; a field scribbled over heavily "
    "(a crossed-out correction) reads as empty. Ink in an unmarked field comes only from "
    "the overruns, strays, corrections and outlines that name it in touched_by."
)


@dataclass(frozen=True)
class PenStyle:
    """One player's hand; every number is drawn from the seed."""

    pen: str
    colour: tuple[int, int, int]
    opacity: float
    width_mm: float
    shakiness_mm: float  # amplitude of the slow wobble of a stroke
    slant_deg: float
    mark_mix: dict[str, float]  # probability of each check mark kind
    mark_size: float  # how much of its field a check mark spans
    glyph_size: float  # how much of a hex a Distant Suns symbol spans
    overrun_probability: float
    stray_marks: int
    correction: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def draw_style(rng: np.random.Generator) -> PenStyle:
    """A random hand: a pen, its width, a favourite check mark, sloppiness."""
    pen = ("blue ballpoint", "black ballpoint", "pencil")[int(rng.choice(3, p=[0.4, 0.3, 0.3]))]
    colour, (o0, o1), (w0, w1) = PENS[pen]
    favourite = int(rng.choice(len(CHECK_KINDS), p=[0.35, 0.3, 0.15, 0.1, 0.1]))
    loyalty = float(rng.uniform(0.7, 1.0))
    mix = {k: (1 - loyalty) / (len(CHECK_KINDS) - 1) for k in CHECK_KINDS}
    mix[CHECK_KINDS[favourite]] = loyalty
    return PenStyle(
        pen=pen,
        colour=colour,
        opacity=round(float(rng.uniform(o0, o1)), 3),
        width_mm=round(float(rng.uniform(w0, w1)), 3),
        shakiness_mm=round(float(rng.uniform(0.04, 0.3)), 3),
        slant_deg=round(float(rng.normal(0, 6)), 2),
        mark_mix={k: round(v, 3) for k, v in mix.items()},
        mark_size=round(float(rng.uniform(0.6, 0.95)), 3),
        glyph_size=round(float(rng.uniform(0.5, 0.72)), 3),
        overrun_probability=round(float(rng.uniform(0.0, 0.12)), 3),
        stray_marks=int(rng.integers(0, 4)),
        correction=bool(rng.random() < 0.6),
    )


@dataclass(frozen=True)
class Filled:
    """A filled sheet: ``image`` RGB uint8 at ``truth["dpi"]``, the truth and the hand."""

    image: np.ndarray
    truth: dict[str, Any]
    style: PenStyle

    def png(self) -> bytes:
        from pnp.render.png import png_bytes

        return png_bytes(self.image)


# --- geometry ----------------------------------------------------------------------


class _Fields:
    """The map's fields as arrays, to ask which fields some ink reaches."""

    def __init__(self, fields: list[Field]):
        self.fields = fields
        self.index = {f.id: i for i, f in enumerate(fields)}
        self.bounds = np.array([f.bounds for f in fields]).reshape(-1, 4)
        self.round = np.array([f.shape == "circle" for f in fields])

    def touching(self, pts: np.ndarray, pad: float) -> list[str]:
        """Ids of the fields that ink at ``pts`` with reach ``pad`` (mm) puts pixels into."""
        if not len(pts) or not len(self.fields):
            return []
        lo, hi = pts.min(axis=0) - pad, pts.max(axis=0) + pad
        b = self.bounds
        near = np.nonzero(
            (b[:, 0] <= hi[0]) & (b[:, 2] >= lo[0]) & (b[:, 1] <= hi[1]) & (b[:, 3] >= lo[1])
        )[0]
        return [self.fields[i].id for i in near if _distance(self.fields[i], pts).min() < pad]


def _distance(f: Field, pts: np.ndarray) -> np.ndarray:
    """Distance (mm) from each point to the field's area (0 inside)."""
    if f.shape == "circle":
        return np.maximum(np.hypot(pts[:, 0] - f.x, pts[:, 1] - f.y) - f.w / 2, 0)
    x0, y0, x1, y1 = f.bounds
    dx = np.maximum(np.maximum(x0 - pts[:, 0], pts[:, 0] - x1), 0)
    dy = np.maximum(np.maximum(y0 - pts[:, 1], pts[:, 1] - y1), 0)
    return np.hypot(dx, dy)


def _inside(f: Field, pts: np.ndarray, pad: float) -> bool:
    if f.shape == "circle":
        return bool(np.all(np.hypot(pts[:, 0] - f.x, pts[:, 1] - f.y) <= f.w / 2 - pad))
    x0, y0, x1, y1 = f.bounds
    return bool(
        np.all((pts[:, 0] >= x0 + pad) & (pts[:, 0] <= x1 - pad))
        and np.all((pts[:, 1] >= y0 + pad) & (pts[:, 1] <= y1 - pad))
    )


def _half(f: Field) -> tuple[float, float]:
    return (f.w / 2, f.w / 2) if f.shape == "circle" else (f.w / 2, f.h / 2)


def _rotation(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])


# --- the hand ------------------------------------------------------------------------


class _Hand:
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


def _unit_mark(kind: str, f: Field, hand: _Hand) -> list[np.ndarray]:
    rng = hand.rng
    round_field = f.shape == "circle"
    hw, hh = _half(f)
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


def _placed(
    unit: list[np.ndarray], f: Field, size: float, hand: _Hand, tilt: float = 8.0
) -> list[np.ndarray]:
    """Unit-frame strokes scaled to ``size`` of the field, tilted, nudged, made shaky."""
    rng = hand.rng
    cx, cy = f.centre
    hw, hh = _half(f)
    if f.shape == "circle":
        hw = hh = hw * (0.72 if size < 1 else 1.0)
    rot = _rotation(hand.style.slant_deg * 0.5 + rng.normal(0, tilt))
    scale = np.array([hw * size * rng.uniform(0.9, 1.05), hh * size * rng.uniform(0.9, 1.05)])
    shift = rng.normal(0, 0.06, 2) * (hw, hh)
    return [hand.shaky((u * scale) @ rot + (cx, cy) + shift) for u in unit]


def _fit(lines: list[np.ndarray], f: Field, pad: float) -> list[np.ndarray]:
    """The strokes shrunk about the field's centre until they lie inside it."""
    c = np.array(f.centre)
    for _ in range(40):
        if _inside(f, np.vstack(lines), pad):
            return lines
        lines = [c + (x - c) * 0.93 for x in lines]
    return [c + (x - c) * 0.0 for x in lines]  # cannot fit: a dot at the centre


def _glyph_lines(key: str, f: Field, hand: _Hand) -> list[np.ndarray]:
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
    hw, hh = _half(f)
    size = min(hw, hh) * rng.uniform(0.94, 1.06)
    size *= hand.style.glyph_size if f.kind == "hex" else rng.uniform(0.7, 0.9)
    cx, cy = f.centre
    rot = _rotation(rng.normal(0, 6))
    shift = rng.normal(0, 0.08, 2) * min(hw, hh)
    shake = hand.style.shakiness_mm * 0.6
    return [hand.shaky((u * size) @ rot + (cx, cy) + shift, shake) for u in unit]


def _write_lines(text: str, f: Field, hand: _Hand) -> list[np.ndarray]:
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


def _outline_loops(hex_fields: list[Field]) -> list[np.ndarray]:
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


# --- fill ---------------------------------------------------------------------------


# A black-and-white laser prints a colour page grey by luminance, each level to this
# power: mid tones print darker (``printed_grey``)
GREY_DOT_GAIN = 1.5


def fill(
    rendered_page,
    marks: SheetMarks,
    seed: int,
    dpi: float = 200,
    printed: bool = True,
    grey: bool = False,
) -> Filled:
    """The printed page with ``marks`` drawn by the hand of ``seed``, and the truth.

    ``printed=False`` draws the same marks on blank white paper (the truth tests use it);
    ``grey``: the page was printed by a black-and-white laser (``printed_grey``).
    Raises ValueError naming every mark id that is not a field of the page.
    """
    sheet_map: SheetMap = rendered_page.map
    known = {f.id for f in sheet_map.fields}
    unknown = sorted(set(marks.marks) - known) + sorted(
        {h for o in marks.outlines for h in o} - known
    )
    if unknown:
        raise ValueError(f"marks name fields not on {sheet_map.code.text}: {', '.join(unknown)}")
    rng = np.random.default_rng(seed)
    style = draw_style(rng)
    if printed:
        from pnp.render.pdf import pdf_bytes
        from pnp.render.png import rasterize_pdf

        paper = rasterize_pdf(pdf_bytes([rendered_page.page]), dpi)[0]
        if grey:
            paper = printed_grey(paper)
    else:
        size = (
            math.ceil(sheet_map.height / MM_PER_INCH * dpi - 1e-6),
            math.ceil(sheet_map.width / MM_PER_INCH * dpi - 1e-6),
        )
        paper = np.full((*size, 3), 255, np.uint8)
    hand = _Hand(style, rng, paper.shape[:2], dpi)
    index = _Fields(sheet_map.fields)
    truth_fields: dict[str, dict[str, Any]] = {
        f.id: {
            "marked": False,
            "kind": None,
            "value": None,
            "overrun": False,
            "scribbled_out": False,
            "touched_by": [],
        }
        for f in sheet_map.fields
    }
    overruns: list[dict[str, Any]] = []
    drawn: dict[str, str] = {}
    kinds, weights = list(style.mark_mix), np.array(list(style.mark_mix.values()))

    def touch(lines, own: str | None, source: str) -> list[str]:
        hit = [i for i in index.touching(np.vstack(lines), hand.reach) if i != own]
        for i in hit:
            truth_fields[i]["touched_by"].append(source)
        return hit

    # outlines first: a player traces the shape, then pencils its symbol in
    outlines = []
    for n, hexes in enumerate(marks.outlines):
        lines = []
        for loop in _outline_loops([sheet_map.field(h) for h in hexes]):
            closed = bool(np.allclose(loop[0], loop[-1]))
            loop = S.resample(loop, 0.5)
            if closed:  # start anywhere, end a little past the start
                cut = int(rng.integers(0, len(loop)))
                loop = np.vstack([loop[cut:], loop[1 : cut + 1], loop[cut + 1 : cut + 3]])
            lines.append(hand.shaky(loop, min(style.shakiness_mm * 0.5, 0.2), bow=False))
        hand.ink(lines)
        outlines.append({"hexes": list(hexes), "touches": touch(lines, None, f"outline:{n}")})

    for f in sheet_map.fields:
        mark = marks.marks.get(f.id)
        if mark is None:
            continue
        entry = truth_fields[f.id]
        entry.update(marked=True, value=mark.value)
        if mark.zone:
            entry["zone"] = mark.zone
        kind = mark.kind
        if kind == "write" and not S.can_write(mark.value or ""):
            entry["kind"] = "write"
            if not hand.ink_text(mark.value or "", f):
                entry.update(marked=False, kind=None)
            continue
        if kind == "check":
            kind = kinds[int(rng.choice(len(kinds), p=weights / weights.sum()))]
        if kind == "glyph":
            lines = _fit(_glyph_lines(mark.value or "", f, hand), f, hand.reach)
        elif kind == "write":
            lines = _fit(_write_lines(mark.value or "", f, hand), f, hand.reach)
        else:
            size = style.mark_size if kind in ("cross", "tick", "slash") else 0.95
            if f.kind == "space":  # corner to corner
                size = rng.uniform(0.85, 1.0)
            lines = _placed(_unit_mark(kind, f, hand), f, size, hand)
            over = kind in CHECK_KINDS and rng.random() < style.overrun_probability
            if over:
                # a hurried mark runs 1-3 mm past its box, whatever the box's size
                c = np.array(f.centre)
                grow = 1 + rng.uniform(1.0, 3.0) / max(min(_half(f)), 2.0)
                grown = [c + rng.normal(0, 0.5, 2) + (x - c) * grow for x in lines]
                if not _inside(f, np.vstack(grown), hand.reach):
                    lines = grown
                    entry["overrun"] = True
                    hits = touch(lines, f.id, f"overrun:{f.id}")
                    overruns.append({"field": f.id, "touches": hits})
                else:
                    over = False
            if not over:
                lines = _fit(lines, f, hand.reach)
        entry["kind"] = kind
        drawn[f.id] = kind
        hand.ink(lines)

    corrections = []
    if style.correction:
        corrections = _correction(sheet_map, drawn, truth_fields, hand, touch)
    strays = _strays(sheet_map, index, hand, style.stray_marks)
    for n, s in enumerate(strays):
        for i in s["touches"]:
            truth_fields[i]["touched_by"].append(f"stray:{n}")

    image = _compose(paper, hand, style)
    truth = {
        "page_code": sheet_map.code.text,
        "sheet": marks.name,
        "dpi": dpi,
        "seed": seed,
        "pen": style.pen,
        "convention": CONVENTION,
        "fields": truth_fields,
        "overruns": overruns,
        "strays": strays,
        "corrections": corrections,
        "outlines": outlines,
    }
    return Filled(image, truth, style)


def _correction(sheet_map, drawn, truth_fields, hand, touch) -> list[dict[str, Any]]:
    """A mark in a wrong field next to a right one, then scribbled out heavily."""
    rng = hand.rng
    empty: dict[tuple[str, str], list[Field]] = {}
    for f in sheet_map.fields:
        if not truth_fields[f.id]["marked"]:
            empty.setdefault((f.kind, f.shape), []).append(f)
    box_marks = [
        i
        for i, k in sorted(drawn.items())
        if k in CHECK_KINDS and (sheet_map.field(i).kind, sheet_map.field(i).shape) in empty
    ]
    if not box_marks:
        return []
    right = sheet_map.field(box_marks[int(rng.integers(len(box_marks)))])
    cx, cy = right.centre
    wrong = list(empty[right.kind, right.shape])
    wrong.sort(key=lambda f: (math.hypot(f.centre[0] - cx, f.centre[1] - cy), f.id))
    f = wrong[int(rng.integers(min(3, len(wrong))))]
    kind = drawn[right.id]
    first = _fit(_placed(_unit_mark(kind, f, hand), f, hand.style.mark_size, hand), f, hand.reach)
    hand.ink(first)
    out = _placed(_unit_mark("scribbled-out", f, hand), f, 1.0, hand, tilt=3)
    hand.ink(out)
    hand.ink([x + hand.rng.normal(0, 0.15, 2) for x in out])  # gone over twice
    hits = touch(first + out, f.id, f"correction:{f.id}")
    truth_fields[f.id].update(kind="scribbled-out", scribbled_out=True, drawn=kind)
    return [{"field": f.id, "drawn": kind, "touches": hits}]


def _strays(sheet_map: SheetMap, index: _Fields, hand: _Hand, count: int) -> list[dict]:
    """Dots, dashes and squiggles where no field, fiducial or QR symbol is."""
    rng = hand.rng
    keep_off = [(f.x, f.y, f.x + f.size, f.y + f.size) for f in sheet_map.fiducials]
    qx, qy, qs = sheet_map.qr
    keep_off.append((qx, qy, qx + qs, qy + qs))
    out = []
    for _ in range(count):
        for _try in range(100):
            x = rng.uniform(15, sheet_map.width - 15)
            y = rng.uniform(25, sheet_map.height - 20)
            kind = ("dot", "dash", "squiggle")[int(rng.integers(3))]
            if kind == "dot":
                lines = [S.spiral(rng, 2) * rng.uniform(0.2, 0.5) + (x, y)]
            elif kind == "dash":
                a = rng.uniform(0, math.pi)
                d = rng.uniform(1.5, 5) * np.array([math.cos(a), math.sin(a)])
                lines = [hand.shaky(np.array([(x, y), (x, y) + d]))]
            else:
                lines = [hand.shaky(s * rng.uniform(1.5, 3) + (x, y)) for s in S.scribble(rng)]
            pts = np.vstack(lines)
            lo, hi = pts.min(axis=0) - 3, pts.max(axis=0) + 3
            blocked = any(
                lo[0] < k[2] and hi[0] > k[0] and lo[1] < k[3] and hi[1] > k[1] for k in keep_off
            )
            if not blocked and not index.touching(pts, hand.reach + 1.0):
                hand.ink(lines)
                out.append({"x": round(x, 2), "y": round(y, 2), "kind": kind, "touches": []})
                break
    return out


def _compose(paper: np.ndarray, hand: _Hand, style: PenStyle) -> np.ndarray:
    """Ink multiplied onto paper; pencil is grainy, ballpoint a little uneven."""
    rng = hand.rng
    h, w = hand.alpha.shape
    low = 0.55 if style.pen == "pencil" else 0.9
    grain = rng.uniform(low, 1.0, (h, w)).astype(np.float32)
    if style.pen == "pencil":
        grain = cv2.GaussianBlur(grain, (3, 3), 0.6)
    a = hand.alpha * grain * style.opacity
    ink = np.array(style.colour, np.float32) / 255
    factor = 1 - a[..., None] * (1 - ink)
    return np.clip(np.rint(paper.astype(np.float32) * factor), 0, 255).astype(np.uint8)


# --- from a state file ------------------------------------------------------------------


def fill_state_file(
    path: Path | str, seed: int, dpi: float = 200, paper: str = "a4"
) -> list[tuple[str, Filled]]:
    """Every writable sheet of the JSON state at ``path``, filled by the hand of ``seed``.

    Returns ``(name, Filled)`` pairs, ``name`` as ``ship-terran-starhopper``.
    """
    data = json.loads(Path(path).read_text())
    game = data.get("game") if isinstance(data, dict) else None
    if not game:
        raise ValueError(f'{path}: no "game" key; say which game the state is for')
    return [(sm.name, fill(build_page(sm, paper), sm, seed, dpi)) for sm in sheet_marks(game, data)]


def printed_grey(rgb: np.ndarray) -> np.ndarray:
    """An RGB page as a black-and-white laser prints it (``GREY_DOT_GAIN``)."""
    level = (rgb.astype(np.float32) / 255) @ np.float32([0.299, 0.587, 0.114])
    grey = np.clip(np.rint(255 * level**GREY_DOT_GAIN), 0, 255).astype(np.uint8)
    return np.repeat(grey[..., None], 3, axis=2)


def build_page(marks: SheetMarks, paper: str = "a4", ink_saving: bool = False):
    """The printed page ``marks`` belong to (its layout and serial), in colour or as
    ``pnp kit --ink-saving`` prints it."""
    from pnp.games import find_game
    from pnp.paper import find_paper
    from pnp.sheets.base import Palette

    sheet = find_game(marks.game).sheet(marks.sheet)
    return sheet.build(marks.layout, find_paper(paper), marks.serial, Palette(ink_saving))[0]


__all__ = ["Filled", "Mark", "PenStyle", "SheetMarks", "fill", "fill_state_file", "sheet_marks"]
