"""Pen on paper: a printed sheet with a player's hand-drawn marks, and the truth about them.

``fill(page, marks, seed)`` draws the ``SheetMarks`` of ``pnp.synth.marks``
onto the rasterized sheet with one seeded hand (a ``PenStyle`` of
``pnp.synth.pen_style``: blue or black ballpoint or pencil, stroke width,
shakiness, which check mark the player prefers, how often a mark overruns its
box, stray marks, a correction; drawn by the ``Hand`` of ``pnp.synth.hand``)
and returns the image with its truth. The same (page, marks, seed, dpi) always
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.sheetmap import Field, SheetMap
from pnp.synth import strokes as S
from pnp.synth.hand import (
    MM_PER_INCH,
    Hand,
    fit,
    glyph_lines,
    half,
    inside,
    outline_loops,
    placed,
    unit_mark,
    write_lines,
)
from pnp.synth.marks import Mark, SheetMarks, sheet_marks
from pnp.synth.pen_style import CHECK_KINDS, PenStyle, draw_style

CONVENTION = (
    "A field is marked when it holds a mark of the player's; a field scribbled over heavily "
    "(a crossed-out correction) reads as empty. Ink in an unmarked field comes only from "
    "the overruns, strays, corrections and outlines that name it in touched_by."
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


# --- which fields ink reaches ------------------------------------------------------


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
    hand = Hand(style, rng, paper.shape[:2], dpi)
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
        for loop in outline_loops([sheet_map.field(h) for h in hexes]):
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
            lines = fit(glyph_lines(mark.value or "", f, hand), f, hand.reach)
        elif kind == "write":
            lines = fit(write_lines(mark.value or "", f, hand), f, hand.reach)
        else:
            size = style.mark_size if kind in ("cross", "tick", "slash") else 0.95
            if f.kind == "space":  # corner to corner
                size = rng.uniform(0.85, 1.0)
            lines = placed(unit_mark(kind, f, hand), f, size, hand)
            over = kind in CHECK_KINDS and rng.random() < style.overrun_probability
            if over:
                # a hurried mark runs 1-3 mm past its box, whatever the box's size
                c = np.array(f.centre)
                grow = 1 + rng.uniform(1.0, 3.0) / max(min(half(f)), 2.0)
                grown = [c + rng.normal(0, 0.5, 2) + (x - c) * grow for x in lines]
                if not inside(f, np.vstack(grown), hand.reach):
                    lines = grown
                    entry["overrun"] = True
                    hits = touch(lines, f.id, f"overrun:{f.id}")
                    overruns.append({"field": f.id, "touches": hits})
                else:
                    over = False
            if not over:
                lines = fit(lines, f, hand.reach)
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
    first = fit(placed(unit_mark(kind, f, hand), f, hand.style.mark_size, hand), f, hand.reach)
    hand.ink(first)
    out = placed(unit_mark("scribbled-out", f, hand), f, 1.0, hand, tilt=3)
    hand.ink(out)
    hand.ink([x + hand.rng.normal(0, 0.15, 2) for x in out])  # gone over twice
    hits = touch(first + out, f.id, f"correction:{f.id}")
    truth_fields[f.id].update(kind="scribbled-out", scribbled_out=True, drawn=kind)
    return [{"field": f.id, "drawn": kind, "touches": hits}]


def _strays(sheet_map: SheetMap, index: _Fields, hand: Hand, count: int) -> list[dict]:
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


def _compose(paper: np.ndarray, hand: Hand, style: PenStyle) -> np.ndarray:
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
