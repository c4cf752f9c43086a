"""A page that bows is told apart from a tilted one, and refused as not lying flat."""

from types import SimpleNamespace

import numpy as np
import pytest

from pnp.vision.page_bend import BOWED_MM, bend_mm
from pnp.vision.read import refuse_bowed
from pnp.vision.rectify import NotFlat

PX_PER_MM = 6.25


def grid(rows: int = 20, cols: int = 14) -> tuple[np.ndarray, np.ndarray]:
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float64)
    return x / cols, y / rows


def test_a_plane_of_shifts_does_not_bend_and_a_curled_edge_does():
    x, y = grid()
    # a tilted, misfitted page: the shifts change along a plane, however far
    tilted = np.stack([3.0 + 12.0 * x - 5.0 * y, -2.0 + 8.0 * y + 4.0 * x], axis=2)
    assert bend_mm(tilted, PX_PER_MM) < 0.01
    # the top edge curled: its middle 4 mm off, the corners and the page's far side not
    amplitude = 4.0 * PX_PER_MM
    bow = amplitude * np.sin(np.pi * x) * np.exp(-y / 0.15)
    curled = np.stack([np.zeros_like(bow), bow], axis=2) + tilted
    assert bend_mm(curled, PX_PER_MM) >= BOWED_MM
    # a tenth of that curl is within the limit
    slight = np.stack([np.zeros_like(bow), bow / 10], axis=2) + tilted
    assert bend_mm(slight, PX_PER_MM) < BOWED_MM


def test_a_grid_too_small_to_tell_does_not_bend():
    assert bend_mm(np.full((1, 3, 2), 40.0), PX_PER_MM) == 0.0


def test_a_bowed_page_is_refused_with_what_to_do():
    refuse_bowed(SimpleNamespace(bend_mm=BOWED_MM - 0.01))  # within the limit: read
    with pytest.raises(NotFlat, match=r"bows, its print up to 1\.7 mm .* press it flat"):
        refuse_bowed(SimpleNamespace(bend_mm=1.7))
