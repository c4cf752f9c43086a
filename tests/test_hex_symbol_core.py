"""A hex's symbol is matched without the blobs of noise a grainy page scatters round it."""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.vision import glyph_match
from pnp.vision.cosmos_symbols import CORE_SHARE, HEX_UNIT_MM, symbol_scores
from scoring.distant_suns.layout import load_shapes

KEYS = tuple(load_shapes().glyphs)
PX = 6.25
SIZE = 92  # a hex's reading circle, 7.4 mm in radius, at 6.25 px/mm


def grain(ink: np.ndarray) -> np.ndarray:
    """``ink`` with ten blobs of noise (0.3-0.9 mm2) on a ring 4-6.5 mm from its middle,
    as the raised ink step leaves them on a hard page."""
    out = ink.copy()
    for n in range(10):
        angle, reach = 2 * math.pi * n / 10 + 0.3, 25 + 15 * (n % 3) / 2
        x, y = SIZE // 2 + reach * math.cos(angle), SIZE // 2 + reach * math.sin(angle)
        cv2.circle(out, (round(x), round(y)), 2 + n % 3, 1, -1)
    return out


def best(scores: glyph_match.GlyphScores | tuple) -> str:
    """The best symbol of a match (or of ``symbol_scores``'s match and largest blob)."""
    return (scores[0] if isinstance(scores, tuple) else scores).best


def test_a_pencilled_dot_among_noise_reads_as_the_dot():
    dot = np.zeros((SIZE, SIZE), np.float32)
    cv2.circle(dot, (SIZE // 2, SIZE // 2), 12, 1, -1)  # ~14 mm2, pressed and twisted
    assert best(symbol_scores(dot, KEYS, PX)) == "dot"
    noisy = grain(dot)
    assert best(glyph_match.match(noisy, KEYS, HEX_UNIT_MM, PX)) != "dot"  # the whole ink
    assert best(symbol_scores(noisy, KEYS, PX)) == "dot"


def test_a_symbol_whose_stroke_broke_is_matched_whole():
    # a square with its corner broken off: the small piece is part of it, not noise, and
    # the square without it is no better a symbol (it looks like a circle)
    square = np.zeros((SIZE, SIZE), np.float32)
    cv2.rectangle(square, (30, 30), (62, 62), 1, 3)
    square[28:34, 37:41] = 0
    square[36:40, 28:34] = 0
    n, labels, stats, _ = cv2.connectedComponentsWithStats(square.astype(np.uint8), 8)
    areas = sorted(stats[1:, cv2.CC_STAT_AREA])
    assert n == 3 and areas[0] < CORE_SHARE * areas[1]  # the corner, under the core's share
    core = square * (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA])))
    assert best(glyph_match.match(core, KEYS, HEX_UNIT_MM, PX)) != "square"
    assert best(symbol_scores(square, KEYS, PX)) == "square"
    assert symbol_scores(np.zeros((SIZE, SIZE), np.float32), KEYS, PX) == (None, 0.0)
    assert symbol_scores(square, KEYS, PX)[1] == max(areas)  # its largest blob, in pixels
