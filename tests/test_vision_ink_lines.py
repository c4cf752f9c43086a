"""Straight strokes through a doubted field: a faint cross on grainy paper against grain."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.vision.ink_lines import FEATURES, NOT_MEASURED, ink_lines

PX = 6.25  # px/mm
SIDE = 100  # a 16 mm inside
PAPER = np.full((SIDE, SIDE), 255, np.uint8)  # no print inside


def grain(seed: int = 0, sigma: float = 0.06) -> np.ndarray:
    """A noisy paper's darkness: independent specks, paper = 0."""
    return np.random.default_rng(seed).normal(0, sigma, (SIDE, SIDE)).astype(np.float32)


def strokes(*lines: tuple[tuple[int, int], tuple[int, int]], darkness: float) -> np.ndarray:
    """Pen strokes (~0.5 mm wide) of ``darkness`` from point to point."""
    out = np.zeros((SIDE, SIDE), np.float32)
    for a, b in lines:
        cv2.line(out, a, b, darkness, thickness=3)
    return out


CROSS = (((12, 10), (88, 90)), ((86, 12), (14, 86)))


def named(dark: np.ndarray, printed: np.ndarray = PAPER) -> dict[str, float]:
    return dict(zip(FEATURES, ink_lines(dark, printed, PX), strict=True))


def scattered_like(ink: np.ndarray, seed: int = 1) -> np.ndarray:
    """The same ink as ``ink``, its pixels scattered over the inside at random."""
    flat = ink.ravel().copy()
    np.random.default_rng(seed).shuffle(flat)
    return flat.reshape(ink.shape)


@pytest.mark.parametrize("seed", range(5))
def test_a_faint_cross_in_grain_stands_out_where_its_ink_scattered_does_not(seed):
    cross = strokes(*CROSS, darkness=0.08)  # a little over the grain's spread
    drawn, scattered = named(grain(seed) + cross), named(grain(seed) + scattered_like(cross))
    assert drawn["line_2_grain"] > 2 * scattered["line_2_grain"]
    assert drawn["line_1"] > 2 * scattered["line_1"]


def test_a_cross_has_a_second_arm_and_a_slash_has_none():
    cross = named(strokes(*CROSS, darkness=0.3))
    slash = named(strokes(CROSS[0], darkness=0.3))
    assert cross["line_1"] == pytest.approx(slash["line_1"], rel=0.2)
    assert cross["line_2"] > 0.5 * cross["line_1"]
    assert slash["line_2"] < 0.25 * slash["line_1"]


def test_the_print_is_not_read_as_a_stroke():
    # a printed rule across the inside, as dark against the paper as a stroke would be
    rule = strokes(((0, 50), (99, 50)), darkness=0.5)
    printed = PAPER.copy()
    printed[rule > 0] = 40
    on_print = named(grain() + rule, printed)
    plain = named(grain(), printed)
    assert on_print["line_1"] == pytest.approx(plain["line_1"], abs=0.01)
    assert named(grain() + rule)["line_1"] > 0.2  # the same ink where paper is seen


def test_an_inside_too_small_or_all_print_measures_nothing():
    assert ink_lines(np.zeros((5, 5), np.float32), PAPER[:5, :5], PX) == NOT_MEASURED
    assert ink_lines(grain(), np.zeros_like(PAPER), PX) == NOT_MEASURED
