"""How grainy the paper right round a field is."""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.grain_spread import grain_spreads
from pnp.vision.ink import InkMasks

PX = 6.25  # px per mm
FIELDS = [Field("a", "space", 10.0, 10.0, 8.0, 8.0), Field("b", "space", 30.0, 10.0, 8.0, 8.0)]
SHAPE = (220, 320)  # about 35 x 51 mm


def masks(noise: float, seed: int = 0, readable: np.ndarray | None = None) -> InkMasks:
    """White paper (1.0) with gaussian grain of ``noise``, a plain white print."""
    rng = np.random.default_rng(seed)
    seen = (1.0 + rng.normal(0, noise, SHAPE)).astype(np.float32)
    ones = np.ones(SHAPE, np.uint8)
    readable = ones if readable is None else readable
    printed = np.full(SHAPE, 255, np.uint8)
    return InkMasks(ones * 0, np.zeros(SHAPE, np.float32), ones * 0, readable, seen, printed)


def test_the_spread_is_the_papers_grain():
    for noise in (0.02, 0.05, 0.1):
        spread = grain_spreads(FIELDS, masks(noise), PX, [0, 1])
        assert all(abs(s - noise) < 0.1 * noise for s in spread.values()), (noise, spread)


def test_a_fill_inside_and_a_neighbours_stroke_across_the_band_barely_move_it():
    m = masks(0.03)
    quiet = grain_spreads(FIELDS, m, PX, [0])[0]
    # the field filled solid, and a stroke running through the band beside it
    cv2.rectangle(
        m.seen, (round(10.5 * PX), round(10.5 * PX)), (round(17.5 * PX), round(17.5 * PX)), 0.3, -1
    )
    cv2.line(m.seen, (round(19.5 * PX), round(8 * PX)), (round(19.5 * PX), round(20 * PX)), 0.3, 4)
    marked = grain_spreads(FIELDS, m, PX, [0])[0]
    assert quiet <= marked < 1.2 * quiet  # (a standard deviation: 7 times)


def test_a_grainier_patch_measures_grainier_than_the_rest_of_the_page():
    m = masks(0.03)
    rng = np.random.default_rng(1)
    patch = np.s_[:, round(25 * PX) :]  # a shadow over field b and its paper
    m.seen[patch] += rng.normal(0, 0.06, m.seen[patch].shape).astype(np.float32)
    spread = grain_spreads(FIELDS, m, PX, [0, 1])
    assert spread[1] > 1.8 * spread[0]


def test_dark_print_and_the_page_edge_leave_nothing_to_measure():
    hidden = np.zeros(SHAPE, np.uint8)  # print too dark for ink to show anywhere
    assert math.isnan(grain_spreads(FIELDS, masks(0.03, readable=hidden), PX, [0])[0])
    off = [Field("c", "space", 60.0, 50.0, 8.0, 8.0)]  # beyond the page
    assert math.isnan(grain_spreads(off, masks(0.03), PX, [0])[0])
