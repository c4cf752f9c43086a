"""A zone symbol looked for in the photo's darkness (pnp.vision.glyph_scan)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.vision import glyph_match, glyph_scan
from pnp.vision.rectify import READ_PX_PER_MM

PX = READ_PX_PER_MM
SIDE = 86  # a hex's square at READ_PX_PER_MM (13.8 mm)
KEYS = ("circle", "square", "bars", "star", "dot", "triangle")


def _hex(key: str, seed: int, noise: float, unit_mm=4.4, angle=4.0, at=(0.8, -0.5)) -> np.ndarray:
    """The darkness of a hex holding ``key`` pencilled ``unit_mm`` to the half side,
    tilted by ``angle`` and off the middle by ``at`` mm, on paper whose grain is
    ``noise`` (blobs ~1 mm, as a hard photo's), clipped at 0 as the reader's is."""
    glyph = glyph_match.draw(key, angle, 0.15, side_px=2 * unit_mm * PX)
    h, w = glyph.shape
    move = np.float32([[1, 0, (SIDE - w) / 2 + at[0] * PX], [0, 1, (SIDE - h) / 2 + at[1] * PX]])
    dark = 0.3 * cv2.warpAffine(glyph, move, (SIDE, SIDE))
    grain = np.random.default_rng(seed).normal(0, 1, dark.shape).astype(np.float32)
    grain = cv2.GaussianBlur(grain, (0, 0), 2.0)
    grain *= noise / grain.std()
    return np.clip(dark + grain, 0, 1)


WHITE = np.full((SIDE, SIDE), 255, np.uint8)


@pytest.mark.parametrize(
    "key,rival", [("circle", "square"), ("square", "circle"), ("bars", "star")]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_symbol_on_grainy_paper_is_told_from_its_lookalike(key, rival, seed):
    scores = glyph_scan.scan(_hex(key, seed, noise=0.08), WHITE, KEYS, PX)
    score = dict(scores.ranked)
    assert scores.best == key
    assert score[key] - score[rival] >= 0.03


def test_print_in_the_hex_is_left_out():
    """A printed icon the blank holds (a dark disc above the symbol) would match a dot."""
    dark = _hex("bars", 6, noise=0.03)
    icon = (SIDE // 2, 18)
    cv2.circle(dark, icon, 10, 1.0, -1)
    blank = WHITE.copy()
    cv2.circle(blank, icon, 10, 60, -1)
    assert glyph_scan.scan(dark, WHITE, KEYS, PX).best == "dot"
    assert glyph_scan.scan(dark, blank, KEYS, PX).best == "bars"
