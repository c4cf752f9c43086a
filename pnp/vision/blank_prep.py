"""What reading a page needs of its blank sheet alone, computed once (``Blank``).

The blank's print widened a little (what a page's ink is compared with), where that
print is light enough for ink to show and where it is plain paper; the alignment's tiles
with print and their DFTs (``pnp.vision.local_align``); a sample of half-size pixels near
print, the blank blurred by each of the blurs a photo is matched against there
(``BLUR_SIGMAS``; ``pnp.vision.blur_fit``); its flat grey levels, band by band
(``pnp.vision.tone_bands``); its light print (``pnp.vision.washed``). All of it is of the
blank alone: what is measured on a page against it is in those modules and in
``pnp.vision.ink``. ``prepared`` caches it by the blank's content (and a read-only blank
by object), so that every page read against one blank sheet prepares it once.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from pnp.vision import tone_curve, washed
from pnp.vision.paper_level import PAPER_WIDEN_MM
from pnp.vision.phase_correlation import tile_spectra
from pnp.vision.px_scale import px_count, px_scale

DARK_PRINT = 0.3  # print darker than this hides any ink on it


ALIGN_SCALE = 0.5  # local shifts are measured on a half-size copy (sub-pixel precise)
ALIGN_STEP_MM = 10.0  # one shift per this many mm: a curl decays over 15-50 mm
ALIGN_TILE_MM = 15.0  # each shift is measured on a tile this wide around its point
ALIGN_MAX_MISFIT_PX = 1.0  # a shift this far from its neighbours' is dropped (half-size px)
# A tile whose blank varies less than this (standard deviation of 1 - blank) has too
# little print to align on: it is not measured (at 0.04, 5-31% more tiles were, ~1.6 ms
# a page, and the tuning set read no better: 14 silent, 1507 doubtful against 1501).
ALIGN_MIN_PRINT = 0.1


@dataclass(frozen=True)
class Blank:
    """What the reading needs of one blank sheet at one scale, computed once."""

    printed: np.ndarray  # uint8, the blank with its print widened a little
    readable: np.ndarray  # uint8, 1 = print light enough for ink to show (read only)
    white: np.ndarray  # uint8, 1 = plain paper (where the noise is measured)
    tile: int
    grid: tuple[int, int]  # rows, columns of alignment tiles
    # The tiles with print: (n, 2) grid cells (row, column) and corners (y0, x0) at half
    # size, and the DFTs of the blank's tiles (1 - blank,
    # ``pnp.vision.phase_correlation.tile_spectra``)
    tile_cells: np.ndarray
    tile_corners: np.ndarray
    tile_spectra: np.ndarray
    px_per_mm: float
    blank: np.ndarray  # uint8, the blank sheet as rendered
    # A sparse sample of half-size pixels near print: the flat indices of the four page
    # pixels of each (4, n), and the half-size blank blurred by each of ``BLUR_SIGMAS``
    # there (float32, paper = 1).
    near: np.ndarray
    blurred_near: dict[float, np.ndarray]
    tones: tone_curve.BlankTones  # the same, binned to tell a contrast stretch
    # sigma -> ``printed`` darkened where the blank blurred by sigma is darker (uint8)
    printed_blurred: dict[float, np.ndarray] = field(default_factory=dict)
    print_small: np.ndarray | None = None  # quarter size, light print widened (paper_level)
    # ``BLUR_SIGMAS`` at this page's resolution (page pixels), and the alignment's
    # ``ALIGN_MAX_MISFIT_PX``
    sigmas: tuple[float, ...] = ()
    max_misfit: float = 1.0
    has_white: bool = True  # any plain paper at all
    # Where the print is flat at one grey level, per level band: (the band's level, paper
    # = 1; flat indices of a sample of its pixels, part by part (connected regions: a
    # symbol, a tint); the part of each, numbered 0, 1, ...), for ``tone_bands.toned``
    tone_bands: tuple[tuple[float, np.ndarray, np.ndarray], ...] = ()
    light: washed.BlankLight | None = None  # its light print and paper, for ``washed``
    # the print inside fields and its tone as blurred, for ``pnp.vision.print_marks``
    print_inside: dict = field(default_factory=dict)

    def printed_for(self, sigma: float) -> np.ndarray:
        """``printed``, and nowhere lighter than the blank blurred by ``sigma``: a blurred
        photo darkens the paper between close print lines, and that is not ink."""
        if sigma == 0:
            return self.printed
        out = self.printed_blurred.get(sigma)
        if out is None:
            out = self.printed_blurred[sigma] = cv2.min(self.printed, _blurred(self.blank, sigma))
        return out


def _blurred(blank: np.ndarray, sigma: float) -> np.ndarray:
    return blank if sigma == 0 else cv2.GaussianBlur(blank, (0, 0), sigma)


# Blurs (sigma in page pixels at ``px_scale.TUNED_PX_PER_MM``, scaled by ``blur_sigmas``) a photo
# is matched against; a sharp photo of a page read at 6.25 px/mm fits about 0.9, a hard
# one 1.5-2 (defocus, motion, a small page).
BLUR_SIGMAS = (0.0, 0.9, 1.3, 1.8, 2.4, 3.2)


def blur_sigmas(px_per_mm: float) -> tuple[float, ...]:
    """``BLUR_SIGMAS`` at ``px_per_mm``: the same blurs on paper."""
    k = px_scale(px_per_mm)
    return BLUR_SIGMAS if k == 1 else tuple(round(s * k, 4) for s in BLUR_SIGMAS)


BLUR_SAMPLE = 2  # every this many pixels (both ways, half size) near print fit the blur


_PREPARED: dict[tuple, Blank] = {}
# The same read-only blank object handed in again (the reference images are cached and
# read-only) is found by its key here, without the crc32 (~1 ms a call, two calls a
# page). Each entry holds its blank, so no other array can take its id while it is here.
_KEY_OF: dict[tuple[int, float], tuple[np.ndarray, tuple]] = {}


def prepared(blank: np.ndarray, px_per_mm: float) -> Blank:
    """``Blank`` of ``blank``, cached by content (a crc32 of the blank costs ~1 ms), and
    a read-only blank's key by object."""
    held = _KEY_OF.get((id(blank), px_per_mm))
    if held is not None and held[0] is blank and held[1] in _PREPARED:
        return _PREPARED[held[1]]
    key = (blank.shape, blank.dtype.str, px_per_mm, zlib.crc32(np.ascontiguousarray(blank)))
    prep = _PREPARED.get(key)
    if prep is None:
        if len(_PREPARED) >= 16:
            _PREPARED.pop(next(iter(_PREPARED)))
        prep = _PREPARED[key] = _prepare(blank, px_per_mm)
    if not blank.flags.writeable:
        if len(_KEY_OF) >= 16:
            _KEY_OF.pop(next(iter(_KEY_OF)))
        _KEY_OF[(id(blank), px_per_mm)] = (blank, key)
    return prep


def prepare_blank(blank: np.ndarray, px_per_mm: float) -> None:
    """Compute and cache what reading against ``blank`` needs of it alone (the first read
    against it does otherwise: ~12-19 ms, once per blank sheet, like rendering it)."""
    prepared(blank, px_per_mm)


def _prepare(blank: np.ndarray, px_per_mm: float) -> Blank:
    widen = max(3, int(0.6 * px_per_mm) | 1)
    # The minimum commutes with the division: the same float print as eroding floats.
    printed = cv2.erode(blank, np.ones((widen, widen), np.uint8))
    level = print_level(printed)
    k = ALIGN_SCALE
    a = 1.0 - cv2.resize(blank, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) / np.float32(255)
    a = a.astype(np.float32)
    h, w = a.shape
    tile = int(ALIGN_TILE_MM * px_per_mm * k) // 2 * 2
    gw = max(1, round(w / (ALIGN_STEP_MM * px_per_mm * k)))
    gh = max(1, round(h / (ALIGN_STEP_MM * px_per_mm * k)))
    tiles = []
    for j in range(gh):
        y0 = min(max(0, round((j + 0.5) * h / gh - tile / 2)), h - tile)
        for i in range(gw):
            x0 = min(max(0, round((i + 0.5) * w / gw - tile / 2)), w - tile)
            if a[y0 : y0 + tile, x0 : x0 + tile].std() >= ALIGN_MIN_PRINT:
                tiles.append((j, i, y0, x0))
    placed = np.array(tiles, np.intp).reshape(-1, 4)
    half = cv2.resize(blank, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    near = cv2.dilate((half < 180).astype(np.uint8), np.ones((4, 4), np.uint8))
    sample = np.zeros_like(near)
    sample[::BLUR_SAMPLE, ::BLUR_SAMPLE] = 1
    h, w = blank.shape
    sample[h // 2 :, :] = 0  # an odd last row or column has no four pixels
    sample[:, w // 2 :] = 0
    near = np.flatnonzero(cv2.min(near, sample))
    y, x = np.divmod(near, half.shape[1])
    corners = [(2 * y + dy) * w + 2 * x + dx for dy in (0, 1) for dx in (0, 1)]
    small = cv2.resize(blank, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    widen_small = max(3, int(PAPER_WIDEN_MM * px_per_mm / 4) | 1)
    sigmas = blur_sigmas(px_per_mm)
    print_small = cv2.dilate(small, np.ones((widen_small, widen_small), np.uint8))
    blurred_near = {s: print_level(_blurred(half, s / 2)).ravel()[near] for s in sigmas}
    return Blank(
        print_small=print_small,
        blank=blank if not blank.flags.writeable else blank.copy(),  # read-only: shared
        near=np.stack(corners),
        blurred_near=blurred_near,
        tones=tone_curve.blank_tones(blurred_near),
        sigmas=sigmas,
        max_misfit=ALIGN_MAX_MISFIT_PX * px_scale(px_per_mm),
        printed=printed,
        readable=_read_only((level > DARK_PRINT).astype(np.uint8)),
        white=(level > 0.9).astype(np.uint8),
        has_white=bool((level > 0.9).any()),
        tone_bands=_tone_bands(blank, px_per_mm),
        light=washed.blank_light(blank),
        tile=tile,
        grid=(gh, gw),
        tile_cells=placed[:, :2],
        tile_corners=placed[:, 2:],
        tile_spectra=tile_spectra(a, placed[:, 2:], tile, hanning(tile)),
        px_per_mm=px_per_mm,
    )


# The blank's flat grey levels, band by band (``pnp.vision.tone_bands`` says what for)
TONE_BAND = 16  # grey levels (of 255) per band
TONE_RANGE = (64, 240)  # the bands measured: print dark enough to tell, light enough to read
TONE_MIN_PIXELS = 500  # a band measured over fewer flat pixels tells nothing (at 6.25 px/mm)
TONE_SAMPLE = 2000  # pixels sampled per band, at most
TONE_FLAT_PX = 5  # flat: the blank is one level over this square (page px at 6.25 px/mm)


def _tone_bands(
    blank: np.ndarray, px_per_mm: float
) -> tuple[tuple[float, np.ndarray, np.ndarray], ...]:
    side = 2 * round(TONE_FLAT_PX // 2 * px_scale(px_per_mm)) + 1
    square = np.ones((side, side), np.uint8)
    lo, hi = TONE_RANGE
    flat = cv2.erode(blank, square) == cv2.dilate(blank, square)
    flat &= (blank >= lo) & (blank < hi)
    # Two touching flat pixels lie in each other's square, so they are one grey level:
    # the flat pixels' connected parts are each within one band, and labelled in one pass
    # they are numbered in the order each band's own labelling would number them.
    labels = cv2.connectedComponents(flat.view(np.uint8), connectivity=8)[1].ravel()
    every = np.flatnonzero(flat)
    band = (blank.ravel()[every] - lo) // TONE_BAND
    every = every[np.argsort(band, kind="stable")]  # by band, each in page order
    counts = np.bincount(band, minlength=-(-(hi - lo) // TONE_BAND))
    out = []
    for count, start in zip(counts.tolist(), (np.cumsum(counts) - counts).tolist(), strict=True):
        if count < px_count(TONE_MIN_PIXELS, px_per_mm):
            continue
        where = every[start : start + count : -(-count // TONE_SAMPLE)]
        parts = labels[where]
        order = np.argsort(parts, kind="stable")
        _, group = np.unique(parts[order], return_inverse=True)
        out.append(
            (
                float(np.median(blank.ravel()[where])) / 255,
                _read_only(where[order]),
                _read_only(group.astype(np.int64)),
            )
        )
    return tuple(out)


def _read_only(array: np.ndarray) -> np.ndarray:
    """``array``, no longer writable: it is cached and handed out as it is."""
    array.flags.writeable = False
    return array


def print_level(printed: np.ndarray, factor: float = 1.0, floor: float | None = None) -> np.ndarray:
    """``printed / 255 * factor`` in float32 (paper = 1), by table: the same floats; no
    lower than ``floor`` if given."""
    return cv2.LUT(printed, _level_table(factor, floor))


@lru_cache(maxsize=16)
def _level_table(factor: float, floor: float | None = None) -> np.ndarray:
    table = np.arange(256, dtype=np.float32) / 255.0
    table = table if factor == 1.0 else table * np.float32(factor)
    return table if floor is None else np.maximum(table, np.float32(floor))


@lru_cache(maxsize=8)
def hanning(size: int) -> np.ndarray:
    return cv2.createHanningWindow((size, size), cv2.CV_32F)
