"""The batched phase correlation reads each tile as cv2.phaseCorrelate does."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.vision.align import phase_correlate, tile_spectra


def _print_like(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """1 - a page: dark lines and boxes on paper, a little blurred (as the aligner sees it)."""
    page = np.ones(shape, np.float32)
    for _ in range(60):
        x0, y0 = rng.integers(0, shape[1]), rng.integers(0, shape[0])
        x1, y1 = x0 + rng.integers(-40, 40), y0 + rng.integers(-40, 40)
        cv2.line(page, (int(x0), int(y0)), (int(x1), int(y1)), float(rng.uniform(0, 0.6)), 1)
    return 1 - cv2.GaussianBlur(page, (0, 0), 0.8)


# 46 px pads to 48 (the tile at 6.25 px/mm), 36 is a DFT size already (5 px/mm), and
# 44 pads to 45: an odd size, whose packed layout and middle differ
@pytest.mark.parametrize("tile", [46, 36, 44])
def test_shifts_and_responses_are_cv2_phase_correlates(tile):
    rng = np.random.default_rng(tile)
    blank = _print_like(rng, (300, 260))
    shift = np.float32([[1, 0, 2.3], [0, 1, -1.6]])  # the photo: the blank moved a little
    photo = cv2.warpAffine(blank, shift, blank.shape[::-1], borderMode=cv2.BORDER_REPLICATE)
    photo += rng.normal(0, 0.01, photo.shape).astype(np.float32)
    corners = rng.integers(0, (300 - tile, 260 - tile), size=(40, 2))
    window = cv2.createHanningWindow((tile, tile), cv2.CV_32F)
    found, response = phase_correlate(
        tile_spectra(blank, corners, tile, window), tile_spectra(photo, corners, tile, window)
    )
    for (y, x), (dx, dy), r in zip(corners, found, response, strict=True):
        # copies: cv2 windows a tile of an optimal DFT size in place
        a = blank[y : y + tile, x : x + tile].copy()
        b = photo[y : y + tile, x : x + tile].copy()
        (cx, cy), cr = cv2.phaseCorrelate(a, b, window)
        # (below the aligner's least response, 0.08, a flat surface's peak is any of many)
        if max(r, cr) > 0.08:
            assert abs(dx - cx) < 1e-4 and abs(dy - cy) < 1e-4
            assert abs(r - cr) < 1e-5
    strong = response > 0.3
    assert strong.sum() > 20  # most tiles were compared, and found the photo moved
    assert np.all(np.sign(np.median(found[strong], axis=0)) == (1, -1))
