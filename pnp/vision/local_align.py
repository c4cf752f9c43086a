"""The photo aligned to its blank sheet locally (``aligned``, ``follow``), and how far
its print still lies from the blank's once aligned (``misalignment_mm``).

A curled edge or a page located from three markers misses the flat homography by up to a
few millimetres. The shifts are measured by phase correlation
(``pnp.vision.phase_correlation``) of tiles on a grid against the blank's (prepared once:
``pnp.vision.blank_prep``), outliers dropped against their neighbours, gaps filled and
smoothed, and the page is resampled by them; a page bowing more than one pass follows is
followed in more (``pnp.vision.page_bend``).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.vision.blank_prep import ALIGN_SCALE, Blank, hanning, prepared
from pnp.vision.phase_correlation import phase_correlate, tile_spectra

ALIGN_MIN_RESPONSE = 0.08  # weaker phase-correlation peaks say nothing


def local_shift(seen: np.ndarray, blank: np.ndarray, px_per_mm: float) -> np.ndarray:
    """(h, w, 2) float32: where each pixel of the blank sheet shows in ``seen`` (dx, dy).

    Measured by phase correlation of tiles on a grid (where the blank has print),
    outliers dropped against their neighbours, gaps filled and smoothed, then
    interpolated to every pixel.
    """
    grid = _shift_grid(seen, prepared(blank, px_per_mm))
    if grid is None:
        return np.zeros((*seen.shape, 2), np.float32)
    return cv2.resize(grid[0], (seen.shape[1], seen.shape[0]), interpolation=cv2.INTER_LINEAR)


def _shift_grid(seen: np.ndarray, prep: Blank) -> tuple[np.ndarray, np.ndarray] | None:
    """The shifts of ``local_shift`` on its grid of tiles, in page pixels, and what each
    tile measured that they do not follow (its measured shift less the grid's, page
    pixels; NaN where nothing was measured). None: no print."""
    k = ALIGN_SCALE
    shift = np.zeros((*prep.grid, 2), np.float32)
    valid = np.zeros(prep.grid, np.float32)
    if len(prep.tile_corners):
        found, good = _tile_shifts(seen, prep)
        rows, cols = prep.tile_cells[good].T
        shift[rows, cols] = found[good]
        valid[rows, cols] = 1
    if not valid.any():
        return None
    measured = valid > 0
    for _ in range(2):
        smooth = _fill(shift, valid, 1.0)
        valid = valid * (np.abs(shift - smooth).max(axis=2) <= prep.max_misfit)
    near, weight = _fill(shift, valid, 0.8, weights=True)
    far = _fill(shift, valid, 3.0)
    trust = np.clip(weight / 0.3, 0, 1)[..., None]
    field = (trust * near + (1 - trust) * far) / k
    unfollowed = np.where(measured[..., None], shift / k - field, np.nan).astype(np.float32)
    return field, unfollowed


MISALIGNED_PERCENTILE = 90  # of the aligned page's tiles' shifts measured again


def _tile_shifts(seen: np.ndarray, prep: Blank) -> tuple[np.ndarray, np.ndarray]:
    """The shift (n, 2) (dx, dy, half-size pixels) of each of the blank's tiles with print
    in ``seen``, and which of them were measured (a peak strong enough, well inside the
    tile): ``cv2.phaseCorrelate`` of every tile against the blank's (whose DFTs are
    cached)."""
    b = cv2.resize(seen, None, fx=ALIGN_SCALE, fy=ALIGN_SCALE, interpolation=cv2.INTER_AREA)
    # 1 - clip(b, 0, 1), in cv2's passes (numpy's clip is slower): the same floats
    b = cv2.subtract(1.0, cv2.min(cv2.max(b, 0.0, dst=b), 1.0, dst=b), dst=b)
    spectra = tile_spectra(b, prep.tile_corners, prep.tile, hanning(prep.tile))
    found, response = phase_correlate(prep.tile_spectra, spectra)
    good = (response > ALIGN_MIN_RESPONSE) & (np.abs(found).max(axis=1) < prep.tile / 4)
    return found, good


def misalignment_mm(page: np.ndarray, blank: np.ndarray, px_per_mm: float) -> float:
    """How far the print of a page already aligned (``align``; ``ink.InkMasks.seen``) still lies
    from the blank's: the shifts of its tiles measured again, the ``MISALIGNED_PERCENTILE``
    of their lengths, in mm (0 where no tile has print; infinite where no tile's shift
    could be measured). Where the local alignment
    followed the page, every tile measures ~0; where the page bows more than its tiles
    can follow, or a tile locked on the wrong one of a row of like boxes, they do not."""
    prep = prepared(blank, px_per_mm)
    if not len(prep.tile_corners):
        return 0.0
    found, good = _tile_shifts(page, prep)
    if not good.any():
        return math.inf
    lengths = np.linalg.norm(found[good], axis=1)
    return float(np.percentile(lengths, MISALIGNED_PERCENTILE)) / (px_per_mm * ALIGN_SCALE)


def _fill(values, valid, sigma, weights=False):
    """Gaussian average of ``values`` over the ``valid`` cells (normalised convolution)."""
    weight = cv2.GaussianBlur(valid, (0, 0), sigma) + 1e-6
    out = np.dstack([cv2.GaussianBlur(values[..., c] * valid, (0, 0), sigma) for c in range(2)])
    out = out / weight[..., None]
    return (out, weight) if weights else out


def align(seen: np.ndarray, blank: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``seen`` resampled so that its print lies where the blank sheet's does."""
    return aligned(seen, prepared(blank, px_per_mm))[0]


def aligned(
    seen: np.ndarray, prep: Blank, passes: int = 1
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """``seen`` aligned, the shifts it was aligned by, and what the first pass's tiles
    measured that those shifts do not follow (both ``_shift_grid``'s; None: no print).

    With ``passes`` over 1, the aligned page's tiles are measured again and what they
    still show is added to the shifts, that many times in all, ``seen`` resampled once
    by the sum: a page bowing more than one pass follows (its tiles' shifts differ from
    their neighbours' by more than ``blank_prep.ALIGN_MAX_MISFIT_PX`` and are dropped) is followed
    step by step (``pnp.vision.page_bend``)."""
    grid = _shift_grid(seen, prep)
    if grid is None:
        return seen.copy(), None, None
    field, unfollowed = grid
    out = _remapped(seen, field)
    for _ in range(passes - 1):
        more = _shift_grid(out, prep)
        if more is None:
            break
        field = _composed(field, more[0], seen.shape)
        out = _remapped(seen, field)
    return out, field, unfollowed


def follow(image: np.ndarray, shifts: np.ndarray | None) -> np.ndarray:
    """``image`` (the flattened page, or a colour copy of it) resampled as ``ink.ink_masks``
    aligned the page (``ink.InkMasks.shifts``): its print where the blank sheet's is, where
    the fields are read; as it is where nothing was aligned."""
    return image if shifts is None else _remapped(image, shifts)


def _remapped(seen: np.ndarray, field: np.ndarray) -> np.ndarray:
    """``seen`` resampled by ``field`` (the grid of shifts, page pixels), interpolated to
    every pixel."""
    h, w = seen.shape[:2]
    # One channel at a time: contiguous maps. Relative to each pixel (cv2 adds its
    # coordinates as the float32 sum that absolute maps would hold: the same page, less
    # two passes over it and the cached coordinate grids).
    dx = cv2.resize(np.ascontiguousarray(field[..., 0]), (w, h), interpolation=cv2.INTER_LINEAR)
    dy = cv2.resize(np.ascontiguousarray(field[..., 1]), (w, h), interpolation=cv2.INTER_LINEAR)
    flags = cv2.INTER_LINEAR | cv2.WARP_RELATIVE_MAP
    return cv2.remap(seen, dx, dy, flags, borderMode=cv2.BORDER_REPLICATE)


def _composed(first: np.ndarray, then: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The grid of shifts of resampling by ``first``, then by ``then`` (both grids of
    the same cells over a page of ``shape``, page pixels): at each cell, ``then``'s shift
    plus ``first``'s where that shift lands, ``first`` interpolated between its cells as
    ``_remapped`` interpolates it."""
    rows, cols = first.shape[:2]
    h, w = shape
    gy, gx = np.mgrid[0:rows, 0:cols].astype(np.float32)
    at_x = gx + then[..., 0] * (cols / w)
    at_y = gy + then[..., 1] * (rows / h)
    landed = cv2.remap(first, at_x, at_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return then + landed
