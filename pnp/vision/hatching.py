"""Tell a box hatched out (a correction) from a box filled as a mark.

The way to undo a mark is to hatch the box over in two directions, a little past
its outline (``layouts/README.md``, the pen's conventions). Both a hatching-out
and a fill cover the box and may put ink past its outline, so ``doubts`` asks about
them. Three things tell them apart where the photo shows them:

- **Texture.** Two crossing families of strokes, gone over twice, leave the box an
  even tone: inside it the darkness varies no more than the plain paper nearby
  does (the photo's noise). A fill is one family of back-and-forth strokes, and a
  fill that overruns its box is drawn large and loose, so its strokes leave light
  stripes between them.
- **A thin fringe.** A hatching runs a little past the outline on the sides it
  overshoots (at least two) and stops within about a millimetre.
- **Its own ink.** The fringe is not ink from a neighbouring box's mark running in
  from one side, and it does not continue beyond 1.2 mm as an overrun does.

A box that meets all three, on quiet paper, is hatched out: read as empty. A filled
box whose texture is light stripes running one way (a single family of strokes) is a
fill, whatever ink runs past its outline: ``doubts`` does not ask whether it is hatched
out. Anything else keeps its reading (and ``doubts`` still asks about it).
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading, InkMasks

# Which readings are looked at: a box filled, nearly covered, with ink past its outline.
HATCH_COVERAGE = 0.9
HATCH_BEYOND = 0.1
# Texture: the standard deviation of the darkness inside the box (smoothed by
# ``TEXTURE_SIGMA`` px, on plain paper of the blank at least ``PLAIN_MARGIN_MM`` from
# print) over the same on plain, uninked paper nearby: at most this for an even tone.
EVEN_TONE = 1.5
TEXTURE_SIGMA = 1.0
PLAIN_MARGIN_MM = 0.8
FLAT_SPREAD = 12  # grey levels: print this even is plain (paper, or a flat tint)
LIGHT_PRINT = 150  # ...and light: a dark print hides what lies on it
MIN_INSIDE_PX = 100  # fewer plain pixels inside cannot show stripes
MIN_PAPER_PX = 200
NEAR_MM = 5.0  # the plain paper measured for noise lies this close to the box
QUIET_NOISE = 0.03  # noisier paper hides a fill's stripes: not judged
# Fringe: the band 0.35-1.0 mm past a side counts as overshot when this share is inked;
# at least ``FRINGE_SIDES`` sides overshot, and no side inked past ``OUTER_MM``.
FRINGE_IN_MM = 0.35
FRINGE_OUT_MM = 1.0
FRINGE_SHARE = 0.3
FRINGE_SIDES = 2
OUTER_MM = (1.25, 2.15)
OUTER_SHARE = 0.5
# A box with light stripes running one way (texture over noise at least ``STRIPED``,
# coherence at least ``ONE_WAY``) is filled with one family of strokes: a fill, not a
# hatching-out (two crossing families), though it be covered and inked past its outline.
STRIPED = 4.0
ONE_WAY = 0.5
STRIPED_COVERAGE = 0.6
STRIPED_BEYOND = 0.05


def _side_bands(f: Field, a: float, b: float) -> list[tuple[float, float, float, float]]:
    """Bands from ``a`` to ``b`` mm past each side of a rectangular field (mm)."""
    x0, y0, x1, y1 = f.bounds
    return [
        (x0, y0 - b, x1, y0 - a),
        (x0, y1 + a, x1, y1 + b),
        (x0 - b, y0, x0 - a, y1),
        (x1 + a, y0, x1 + b, y1),
    ]


def _px(box, px_per_mm: float, shape) -> tuple[int, int, int, int]:
    h, w = shape
    x0, y0, x1, y1 = (round(v * px_per_mm) for v in box)
    return max(0, x0), max(0, y0), min(w, x1), min(h, y1)


def _shares(ink, room, bands, px_per_mm) -> list[float]:
    """Inked share of the room in each band (-1: no room to see)."""
    out = []
    for band in bands:
        x0, y0, x1, y1 = _px(band, px_per_mm, ink.shape)
        if x1 <= x0 or y1 <= y0:
            out.append(-1.0)
            continue
        r = room[y0:y1, x0:x1]
        n = int(r.sum())
        out.append(float((ink[y0:y1, x0:x1] & r).sum()) / n if n >= 6 else -1.0)
    return out


def texture(masks: InkMasks, f: Field, inside, px_per_mm: float) -> tuple[float, float] | None:
    """The box's texture over the paper's noise (see ``EVEN_TONE``) and how much of it
    runs one way (the coherence of the structure tensor: 0 for no direction or two
    crossing ones, 1 for parallel stripes), or None when there is too little plain paper
    to tell, or the paper is too noisy."""
    h, w = masks.ink.shape
    m = round(NEAR_MM * px_per_mm)
    bx0, by0, bx1, by1 = _px(f.bounds, px_per_mm, (h, w))
    X0, Y0, X1, Y1 = max(0, bx0 - m), max(0, by0 - m), min(w, bx1 + m), min(h, by1 + m)
    seen = masks.seen[Y0:Y1, X0:X1]
    printed = masks.printed[Y0:Y1, X0:X1].astype(np.float32) / 255
    relative = np.minimum(seen / np.maximum(printed, 0.05), 1.2)
    smooth = cv2.GaussianBlur(relative, (0, 0), TEXTURE_SIGMA)
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
    clear = cv2.dilate(inked, np.ones((5, 5), np.uint8)) == 0
    paper = plain.astype(bool) & clear
    if region.sum() < MIN_INSIDE_PX or paper.sum() < MIN_PAPER_PX:
        return None
    noise = float(smooth[paper].std())
    if noise > QUIET_NOISE:
        return None
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3)[region]
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3)[region]
    jxx, jyy, jxy = float((gx * gx).mean()), float((gy * gy).mean()), float((gx * gy).mean())
    coherence = math.hypot(jxx - jyy, 2 * jxy) / max(jxx + jyy, 1e-12)
    return float(smooth[region].std()) / max(noise, 1e-3), coherence


def hatched_out(
    readings: list[FieldReading],
    fields: list[Field],
    masks: InkMasks,
    px_per_mm: float,
    solid_kinds: frozenset[str] = frozenset(),
) -> list[FieldReading]:
    """``readings`` with every box hatched out read as empty (``hatched`` set), and every
    filled box striped one way marked as a fill (``striped`` set)."""
    from pnp.vision.fields import _field_boxes, _free_of

    candidates = [
        n
        for n, (r, f) in enumerate(zip(readings, fields, strict=True))
        if r.state == "filled"
        and f.shape == "rect"
        and f.kind not in solid_kinds
        and r.coverage >= STRIPED_COVERAGE
        and r.beyond >= STRIPED_BEYOND
    ]
    if not candidates:
        return readings
    boxes = _field_boxes(fields, px_per_mm)
    room = cv2.min(_free_of(boxes.taken, masks.ink.shape), masks.readable)
    out = list(readings)
    for n in candidates:
        f, r = fields[n], readings[n]
        seen = texture(masks, f, boxes.inside[n], px_per_mm)
        if seen is None:
            continue
        tone, one_way = seen
        if tone >= STRIPED and one_way >= ONE_WAY:
            out[n] = replace(r, striped=True)
            continue
        if r.coverage < HATCH_COVERAGE or r.beyond < HATCH_BEYOND or tone > EVEN_TONE:
            continue
        fringe = _shares(masks.ink, room, _side_bands(f, FRINGE_IN_MM, FRINGE_OUT_MM), px_per_mm)
        outer = _shares(masks.ink, room, _side_bands(f, *OUTER_MM), px_per_mm)
        if sum(v >= FRINGE_SHARE for v in fringe) < FRINGE_SIDES:
            continue
        if max(outer) > OUTER_SHARE:
            continue
        out[n] = replace(r, state="empty", confidence=0.9, hatched=True)
    return out
