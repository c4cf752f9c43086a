"""Phase correlation of many tiles at once, as ``cv2.phaseCorrelate`` reads each.

The local alignment (``pnp.vision.local_align``) measures some 400 tiles of a page
against the same tiles of its blank sheet. ``cv2.phaseCorrelate`` transforms the blank's tile
again on every call; here the blank's tiles are transformed once (``tile_spectra``,
cached with the blank), and the cross-power spectra and the peaks of all tiles are
taken in a few numpy passes, leaving one DFT and one inverse DFT per tile.

The steps are OpenCV's: each tile is windowed, padded with zeros to
``cv2.getOptimalDFTSize`` and transformed by ``cv2.dft`` into its packed real layout;
the cross-power spectrum is ``P |P| / (|P|^2 + eps)`` (bins far weaker than ``eps``
are damped, not whitened: the padded, windowed tiles have many), and the real bins
``P / (|P| + eps)``; the correlation surface is ``cv2.idft``'s, its zero shift moved
to the middle, and the shift is the weighted centroid of the 5 x 5 pixels around its
highest point. OpenCV rounds the spectrum's products through double, this in float32:
where the response passes ``local_align.ALIGN_MIN_RESPONSE`` the shifts agree with
``cv2.phaseCorrelate``'s to about 3e-6 px and the responses to 3e-7 (seeds 8 and 11,
21,000 tiles), and the pages read the same.
"""

from __future__ import annotations

import cv2
import numpy as np

# divSpectrums' guard against dividing by a zero magnitude (FLT_EPSILON)
_EPS = np.float32(np.finfo(np.float32).eps)
_CENTROID = 5  # cv2.phaseCorrelate's weighted centroid is taken over this square


def tile_spectra(
    image: np.ndarray, corners: np.ndarray, tile: int, window: np.ndarray
) -> np.ndarray:
    """(n, M, N) float32: the DFT (``cv2.dft``'s packed real layout) of each ``tile``-wide
    square of ``image`` at ``corners`` ((n, 2) y0, x0), windowed by ``window`` and
    padded with zeros to ``cv2.getOptimalDFTSize``."""
    size = cv2.getOptimalDFTSize(tile)
    squares = np.lib.stride_tricks.sliding_window_view(image, (tile, tile))
    padded = np.zeros((len(corners), size, size), np.float32)
    np.multiply(squares[corners[:, 0], corners[:, 1]], window, out=padded[:, :tile, :tile])
    out = np.empty_like(padded)
    for square, spectrum in zip(padded, out, strict=True):
        cv2.dft(square, dst=spectrum, flags=cv2.DFT_REAL_OUTPUT)
    return out


def phase_correlate(spectra_a: np.ndarray, spectra_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The shifts (n, 2) (dx, dy) of each tile of b against the same tile of a, and the
    responses (n,), from their ``tile_spectra``: ``cv2.phaseCorrelate(a, b, window)``
    of every pair."""
    cross = _cross_power(spectra_a, spectra_b)
    surface = np.empty_like(cross)
    for spectrum, correlation in zip(cross, surface, strict=True):
        cv2.idft(spectrum, dst=correlation)
    return _peaks(surface)


def _cross_power(fa: np.ndarray, fb: np.ndarray) -> np.ndarray:
    """fa * conj(fb), normalised as divSpectrums does, in the packed layout: complex bins
    are (real, imaginary) pairs along each row past column 0 (and before the last
    column if the width is even), and down those end columns past their ends, which
    are real bins."""
    out = np.empty_like(fa)
    m, n = fa.shape[1:]
    rows = np.s_[:, :, 1 : 1 + (n - 1) // 2 * 2]
    a, b = fa[rows].view(np.complex64), fb[rows].view(np.complex64)
    out[rows].view(np.complex64)[...] = _whitened(a * b.conj())
    re, im = np.s_[1 : (m - 1) // 2 * 2 : 2], np.s_[2 : 1 + (m - 1) // 2 * 2 : 2]
    for x in _ends(n):
        ar, ai, br, bi = fa[:, re, x], fa[:, im, x], fb[:, re, x], fb[:, im, x]
        p = _whitened((ar * br + ai * bi) + 1j * (ai * br - ar * bi))
        out[:, re, x], out[:, im, x] = p.real, p.imag
        for y in _ends(m):
            p = fa[:, y, x] * fb[:, y, x]
            out[:, y, x] = p / (np.abs(p) + _EPS)
    return out


def _whitened(p: np.ndarray) -> np.ndarray:
    """``p |p| / (|p|^2 + eps)``: complex bins brought to unit size, the weakest damped."""
    mag = np.abs(p)
    scale = mag * mag
    scale += _EPS
    np.divide(mag, scale, out=scale)
    p *= scale
    return p


def _ends(size: int) -> tuple[int, ...]:
    """The indices of a packed axis of ``size`` that hold a real bin, not half a pair."""
    return (0, size - 1) if size % 2 == 0 else (0,)


def _swapped(size: int) -> np.ndarray:
    """Where each index of a correlation axis, its zero shift moved to the middle (as cv2
    and ``np.fft.fftshift`` move it), lies in the surface as the inverse DFT leaves it."""
    return (np.arange(size) - size // 2) % size


def _peaks(surface: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(dx, dy) and response of each correlation surface (n, M, N), not yet swapped: its
    highest point, refined to the weighted centroid of the pixels around it."""
    count, m, n = surface.shape
    rows, cols = _swapped(m), _swapped(n)
    top = surface.reshape(count, -1).argmax(axis=1)
    py, px = (top // n + m // 2) % m, (top % n + n // 2) % n  # zero shift in the middle
    half = _CENTROID // 2
    # the pixels around each peak (count, 25), row by row; none past the border
    d = np.arange(-half, half + 1)
    y, x = py[:, None] + np.repeat(d, d.size), px[:, None] + np.tile(d, d.size)
    inside = (y >= 0) & (y < m) & (x >= 0) & (x < n)
    v = surface[np.arange(count)[:, None], rows[np.clip(y, 0, m - 1)], cols[np.clip(x, 0, n - 1)]]
    v = np.where(inside, v.astype(np.float64), 0.0)
    # summed one after another in that order, in double, as cv2 sums them
    # (``np.add.accumulate`` adds in order, where ``sum`` would add pairwise)
    sx, sy, total = (np.add.accumulate(a, axis=1)[:, -1] for a in (x * v, y * v, v))
    response = total / (m * n)
    total += np.finfo(np.float64).eps
    shifts = np.stack([n / 2 - sx / total, m / 2 - sy / total], axis=1)
    return shifts, response
