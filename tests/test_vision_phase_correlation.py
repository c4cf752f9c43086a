"""The batched phase correlation reads each tile as cv2.phaseCorrelate does."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.vision.phase_correlation import _CENTROID, _peaks, _swapped, phase_correlate, tile_spectra


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


@pytest.mark.parametrize("size", [(48, 48), (45, 45), (36, 40)])
def test_the_peaks_centroids_are_summed_pixel_by_pixel(size):
    """``_peaks`` gathers the pixels around every peak at once: its shifts and responses
    are those of summing them one by one, row by row, bit for bit (peaks at the border)."""
    rng = np.random.default_rng(sum(size))
    m, n = size
    # magnitudes 12 decades apart: sums in double that round, so their order shows
    noise = rng.normal(0, 0.01, (60, m, n)) * 10.0 ** rng.uniform(-12, 0, (60, m, n))
    surface = noise.astype(np.float32)
    for k, (y, x) in enumerate(rng.integers(0, (m, n), size=(60, 2))):
        surface[k, y, x] = 1.0
    # (not yet swapped: the middle of each axis lies at its border)
    surface[0, m // 2, n // 2] = surface[1, m // 2, 0] = surface[2, 0, n // 2] = 2.0
    rows, cols = _swapped(m), _swapped(n)
    top = surface.reshape(len(surface), -1).argmax(axis=1)
    py, px = (top // n + m // 2) % m, (top % n + n // 2) % n
    sx, sy, total = np.zeros(len(surface)), np.zeros(len(surface)), np.zeros(len(surface))
    half = _CENTROID // 2
    for dy in range(-half, half + 1):
        for dx in range(-half, half + 1):
            y, x = py + dy, px + dx
            inside = (y >= 0) & (y < m) & (x >= 0) & (x < n)
            v = surface[
                np.arange(len(surface)), rows[np.clip(y, 0, m - 1)], cols[np.clip(x, 0, n - 1)]
            ]
            v = np.where(inside, v.astype(np.float64), 0.0)
            sx, sy, total = sx + x * v, sy + y * v, total + v
    response = total / (m * n)
    total += np.finfo(np.float64).eps
    shifts, responses = _peaks(surface)
    assert np.array_equal(responses, response)
    assert np.array_equal(shifts, np.stack([n / 2 - sx / total, m / 2 - sy / total], axis=1))
