"""The ink a photographed page adds to its blank sheet, as masks of the page.

A mark is ink the photo has and the blank sheet has not. Both images are first
brought to "paper = 1" (the photo divided by its local paper brightness, so light
gradients and shadows drop out: ``pnp.vision.paper_level``); the photo is then aligned
to the blank sheet locally (a curled edge or a page located from three markers misses
the flat homography by up to a few millimetres), the blank sheet's printed ink is
widened a little so that what misregistration is left is never taken for a mark, and
blurred as much as the photo is (``fitted_blur``) so that the grey a blurred photo
leaves between close print lines is not either, and specks thinner than any pen stroke
(sensor noise, JPEG blocks) are dropped. A page whose contrast a scanner app stretched
is first put back into the blank's grey levels (``pnp.vision.tone_curve``).
``ink_masks`` makes the masks; ``pnp.vision.fields`` reads each field from them.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision import black_white, tone_curve, washed
from pnp.vision.align import phase_correlate, tile_spectra
from pnp.vision.page_bend import bend_mm, curled_edge
from pnp.vision.paper_level import PAPER_WIDEN_MM, paper_level

INK_STEP = 0.2  # darker than the blank sheet under it by this share of its brightness: ink
DARK_PRINT = 0.3  # print darker than this hides any ink on it
# Where the photo is noisy (hard light, a shadow, a small page at high ISO) the ink step
# rises to this many times the local noise of the paper, so that noise is not read as ink.
NOISE_STEPS = 4.5
NOISE_WINDOW_MM = 8.0  # the paper's noise is measured over this window


# Pixel sizes below (blur sigmas, pixel counts) were tuned on pages read at this many
# px/mm; a page read at another resolution scales them (``px_scale``) so that they keep
# their size on paper.
TUNED_PX_PER_MM = 6.25


def px_scale(px_per_mm: float) -> float:
    """How many page pixels one pixel of a page read at ``TUNED_PX_PER_MM`` spans."""
    return px_per_mm / TUNED_PX_PER_MM


def px_count(count: int, px_per_mm: float) -> int:
    """A pixel count tuned at ``TUNED_PX_PER_MM`` (an area) at ``px_per_mm``."""
    return max(1, round(count * px_scale(px_per_mm) ** 2))


ALIGN_SCALE = 0.5  # local shifts are measured on a half-size copy (sub-pixel precise)
ALIGN_STEP_MM = 10.0  # one shift per this many mm: a curl decays over 15-50 mm
ALIGN_TILE_MM = 15.0  # each shift is measured on a tile this wide around its point
ALIGN_MIN_RESPONSE = 0.08  # weaker phase-correlation peaks say nothing
ALIGN_MAX_MISFIT_PX = 1.0  # a shift this far from its neighbours' is dropped (half-size px)
# A tile whose blank varies less than this (standard deviation of 1 - blank) has too
# little print to align on: it is not measured (at 0.04, 5-31% more tiles were, ~1.6 ms
# a page, and the tuning set read no better: 14 silent, 1507 doubtful against 1501).
ALIGN_MIN_PRINT = 0.1


def local_shift(seen: np.ndarray, blank: np.ndarray, px_per_mm: float) -> np.ndarray:
    """(h, w, 2) float32: where each pixel of the blank sheet shows in ``seen`` (dx, dy).

    Measured by phase correlation of tiles on a grid (where the blank has print),
    outliers dropped against their neighbours, gaps filled and smoothed, then
    interpolated to every pixel.
    """
    grid = _shift_grid(seen, _prepared(blank, px_per_mm))
    if grid is None:
        return np.zeros((*seen.shape, 2), np.float32)
    return cv2.resize(grid[0], (seen.shape[1], seen.shape[0]), interpolation=cv2.INTER_LINEAR)


def _shift_grid(seen: np.ndarray, prep: _Blank) -> tuple[np.ndarray, np.ndarray] | None:
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


def _tile_shifts(seen: np.ndarray, prep: _Blank) -> tuple[np.ndarray, np.ndarray]:
    """The shift (n, 2) (dx, dy, half-size pixels) of each of the blank's tiles with print
    in ``seen``, and which of them were measured (a peak strong enough, well inside the
    tile): ``cv2.phaseCorrelate`` of every tile against the blank's (whose DFTs are
    cached)."""
    b = cv2.resize(seen, None, fx=ALIGN_SCALE, fy=ALIGN_SCALE, interpolation=cv2.INTER_AREA)
    # 1 - clip(b, 0, 1), in cv2's passes (numpy's clip is slower): the same floats
    b = cv2.subtract(1.0, cv2.min(cv2.max(b, 0.0, dst=b), 1.0, dst=b), dst=b)
    spectra = tile_spectra(b, prep.tile_corners, prep.tile, _hanning(prep.tile))
    found, response = phase_correlate(prep.tile_spectra, spectra)
    good = (response > ALIGN_MIN_RESPONSE) & (np.abs(found).max(axis=1) < prep.tile / 4)
    return found, good


def misalignment_mm(aligned: np.ndarray, blank: np.ndarray, px_per_mm: float) -> float:
    """How far the print of a page already aligned (``align``; ``InkMasks.seen``) still lies
    from the blank's: the shifts of its tiles measured again, the ``MISALIGNED_PERCENTILE``
    of their lengths, in mm (0 where no tile has print; infinite where no tile's shift
    could be measured). Where the local alignment
    followed the page, every tile measures ~0; where the page bows more than its tiles
    can follow, or a tile locked on the wrong one of a row of like boxes, they do not."""
    prep = _prepared(blank, px_per_mm)
    if not len(prep.tile_corners):
        return 0.0
    found, good = _tile_shifts(aligned, prep)
    if not good.any():
        return math.inf
    lengths = np.linalg.norm(found[good], axis=1)
    return float(np.percentile(lengths, MISALIGNED_PERCENTILE)) / (px_per_mm * ALIGN_SCALE)


@dataclass(frozen=True)
class _Blank:
    """What the reading needs of one blank sheet at one scale, computed once."""

    printed: np.ndarray  # uint8, the blank with its print widened a little
    readable: np.ndarray  # uint8, 1 = print light enough for ink to show (read only)
    white: np.ndarray  # uint8, 1 = plain paper (where the noise is measured)
    tile: int
    grid: tuple[int, int]  # rows, columns of alignment tiles
    # The tiles with print: (n, 2) grid cells (row, column) and corners (y0, x0) at half
    # size, and the DFTs of the blank's tiles (1 - blank, ``pnp.vision.align.tile_spectra``)
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
    # symbol, a tint); the part of each, numbered 0, 1, ...), for ``_toned``
    tone_bands: tuple[tuple[float, np.ndarray, np.ndarray], ...] = ()
    light: washed.BlankLight | None = None  # its light print and paper, for ``washed``

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


# Blurs (sigma in page pixels at ``TUNED_PX_PER_MM``, scaled by ``blur_sigmas``) a photo
# is matched against; a sharp photo of a page read at 6.25 px/mm fits about 0.9, a hard
# one 1.5-2 (defocus, motion, a small page).
BLUR_SIGMAS = (0.0, 0.9, 1.3, 1.8, 2.4, 3.2)


def blur_sigmas(px_per_mm: float) -> tuple[float, ...]:
    """``BLUR_SIGMAS`` at ``px_per_mm``: the same blurs on paper."""
    k = px_scale(px_per_mm)
    return BLUR_SIGMAS if k == 1 else tuple(round(s * k, 4) for s in BLUR_SIGMAS)


BLUR_SAMPLE = 2  # every this many pixels (both ways, half size) near print fit the blur
BLUR_MISFIT_MAX = 0.3  # a pixel misfit by more (a mark, say) counts only this much


def fitted_blur(seen: np.ndarray, prep: _Blank) -> float:
    """The one of ``BLUR_SIGMAS`` whose blurred blank sheet best fits ``seen`` near print
    (mean misfit, clipped so that marks weigh little), compared at half size."""
    if prep.near.shape[1] == 0:
        return 0.0  # no print to fit the blur on: taken as sharp
    return _fitted_blur(_near_values(seen, prep), prep)


def _near_values(seen: np.ndarray, prep: _Blank) -> np.ndarray:
    """``seen`` at half size at the sample of pixels near print (``_Blank.near``)."""
    flat = seen.ravel()
    # The half-size pixel is the mean of its four (INTER_AREA), taken at the sample alone.
    values = flat[prep.near[0]] + flat[prep.near[1]] + flat[prep.near[2]] + flat[prep.near[3]]
    values *= np.float32(0.25)
    return values


def _fitted_blur(values: np.ndarray, prep: _Blank) -> float:
    misfits = _misfits(values, prep)
    return min(misfits, key=misfits.__getitem__)  # the first of the least


def _misfits(values: np.ndarray, prep: _Blank) -> dict[float, float]:
    """Each of the page's blurs -> the mean misfit of ``values`` (``_near_values``) to the
    blank so blurred, each pixel's no more than ``BLUR_MISFIT_MAX``."""
    out = {}
    for sigma in prep.sigmas:
        misfit = np.abs(values - prep.blurred_near[sigma])
        out[sigma] = float(np.minimum(misfit, BLUR_MISFIT_MAX, out=misfit).mean())
    return out


def _fitted_tone(
    values: np.ndarray | None, prep: _Blank
) -> tuple[float, tone_curve.ToneCurve | None]:
    """``fitted_blur`` of the page near print (``values``: ``_near_values``, None where the
    blank has no print), and its tone curve if a scanner filter has stretched its contrast
    (``pnp.vision.tone_curve``), with the blur fitted through that curve."""
    if values is None:
        return 0.0, None
    found = tone_curve.stretched(values, prep.tones, BLUR_MISFIT_MAX)
    return (_fitted_blur(values, prep), None) if found is None else found


# Blur spreads a pen stroke and lowers its darkness: the ink step is lowered with it, in
# proportion to the darkness left at the middle of a stroke this wide, below a photo as
# sharp as ``SHARP_SIGMA`` (for which ``INK_STEP`` holds), and never below ``MIN_STEP``.
STROKE_MM = 0.48
SHARP_SIGMA = 1.3  # page pixels at ``TUNED_PX_PER_MM``
MIN_STEP = 0.1


def stroke_contrast(sigma: float, px_per_mm: float) -> float:
    """The darkness left at the middle of a ``STROKE_MM`` stroke blurred by ``sigma`` px."""
    if sigma <= 0:
        return 1.0
    return math.erf(STROKE_MM * px_per_mm / (2 * math.sqrt(2) * sigma))


def blurred_step(step: float, sigma: float, px_per_mm: float) -> float:
    """``step`` lowered as far as blur ``sigma`` lowers the darkness of a pen stroke."""
    sharp = SHARP_SIGMA * px_scale(px_per_mm)
    ratio = stroke_contrast(sigma, px_per_mm) / stroke_contrast(sharp, px_per_mm)
    return max(MIN_STEP, step * min(1.0, ratio))


_PREPARED: dict[tuple, _Blank] = {}
# The same read-only blank object handed in again (the reference images are cached and
# read-only) is found by its key here, without the crc32 (~1 ms a call, two calls a
# page). Each entry holds its blank, so no other array can take its id while it is here.
_KEY_OF: dict[tuple[int, float], tuple[np.ndarray, tuple]] = {}


def _prepared(blank: np.ndarray, px_per_mm: float) -> _Blank:
    """``_Blank`` of ``blank``, cached by content (a crc32 of the blank costs ~1 ms), and
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
    _prepared(blank, px_per_mm)


def _prepare(blank: np.ndarray, px_per_mm: float) -> _Blank:
    widen = max(3, int(0.6 * px_per_mm) | 1)
    # The minimum commutes with the division: the same float print as eroding floats.
    printed = cv2.erode(blank, np.ones((widen, widen), np.uint8))
    level = _level(printed)
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
    blurred_near = {s: _level(_blurred(half, s / 2)).ravel()[near] for s in sigmas}
    return _Blank(
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
        tile_spectra=tile_spectra(a, placed[:, 2:], tile, _hanning(tile)),
        px_per_mm=px_per_mm,
    )


# A page printed on a black-and-white printer prints the blank's coloured symbols and
# darker tints greyer and darker than the blank has them (its own conversion of colour
# to grey, dot gain): read against the blank, a grey symbol inside a box is ink, and
# the box reads marked. So where the page's print, at a grey level the blank holds flat
# over enough pixels and no lighter than TONE_LEVEL_MAX, is darker against the page's
# lightest print than the blank's by more than TONE_BELOW (the aligned page's level at
# each: ``_band_level``), the print compared is darkened to match, level by level
# (interpolated between levels, never by more than TONE_MIN: a fill is far darker than
# any print). Compared with the lightest print (pale tints, which such a printer keeps
# pale), not with the paper: a dim or grainy colour photo darkens all of its print
# alike against a paper level misjudged, and that is not this.
TONE_BAND = 16  # grey levels (of 255) per band
TONE_RANGE = (64, 240)  # the bands measured: print dark enough to tell, light enough to read
TONE_MIN_PIXELS = 500  # a band measured over fewer flat pixels tells nothing (at 6.25 px/mm)
TONE_SAMPLE = 2000  # pixels sampled per band, at most
TONE_FLAT_PX = 5  # flat: the blank is one level over this square (page px at 6.25 px/mm)
TONE_LEVEL_MAX = 0.8  # (of paper) the print darkened: symbols and deep tints
TONE_BELOW = 0.9
TONE_MIN = 0.7


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


def _band_level(seen: np.ndarray, where: np.ndarray, group: np.ndarray) -> float:
    """The page's level over a band: the upper quartile of the (lower) medians of its
    parts (a symbol, a tint), so that marks, which darken some parts, do not set it."""
    values = seen.ravel()[where]
    order = np.lexsort((values, group))  # by part, then by value
    counts = np.bincount(group)
    starts = np.cumsum(counts) - counts
    medians = values[order][starts + (counts - 1) // 2]
    return float(np.percentile(medians, 75))


def _toned(printed: np.ndarray, seen: np.ndarray, prep: _Blank) -> np.ndarray:
    """``printed``, darkened level by level where the page's print is darker than the
    blank's against its lightest print (``TONE_BELOW``); itself where it is not."""
    ratios = [(lv, _band_level(seen, w, group) / lv) for lv, w, group in prep.tone_bands]
    dark = [(lv, r) for lv, r in ratios if lv <= TONE_LEVEL_MAX]
    light = max((r for lv, r in ratios if lv > TONE_LEVEL_MAX), default=1.0)
    if not dark or min(r for _, r in dark) >= TONE_BELOW * light:
        return printed
    levels = [lv for lv, _ in dark]
    kept = [max(r, TONE_MIN) if r < TONE_BELOW * light else 1.0 for _, r in dark]
    ratio = np.interp(np.arange(256) / 255, [*levels, TONE_LEVEL_MAX], [*kept, 1.0])
    table = np.clip(np.rint(np.arange(256) * ratio), 0, 255).astype(np.uint8)
    return cv2.LUT(printed, table)


def _read_only(array: np.ndarray) -> np.ndarray:
    """``array``, no longer writable: it is cached and handed out as it is."""
    array.flags.writeable = False
    return array


def _level(printed: np.ndarray, factor: float = 1.0, floor: float | None = None) -> np.ndarray:
    """``printed / 255 * factor`` in float32 (paper = 1), by table: the same floats; no
    lower than ``floor`` if given."""
    return cv2.LUT(printed, _level_table(factor, floor))


@lru_cache(maxsize=16)
def _level_table(factor: float, floor: float | None = None) -> np.ndarray:
    table = np.arange(256, dtype=np.float32) / 255.0
    table = table if factor == 1.0 else table * np.float32(factor)
    return table if floor is None else np.maximum(table, np.float32(floor))


def _threshold(prep: _Blank, step: float) -> np.ndarray:
    """``printed * (1 - step)``: darker than this is ink at ``step``."""
    return _level(prep.printed, 1.0 - step)


@lru_cache(maxsize=8)
def _hanning(size: int) -> np.ndarray:
    return cv2.createHanningWindow((size, size), cv2.CV_32F)


def _fill(values, valid, sigma, weights=False):
    """Gaussian average of ``values`` over the ``valid`` cells (normalised convolution)."""
    weight = cv2.GaussianBlur(valid, (0, 0), sigma) + 1e-6
    out = np.dstack([cv2.GaussianBlur(values[..., c] * valid, (0, 0), sigma) for c in range(2)])
    out = out / weight[..., None]
    return (out, weight) if weights else out


def align(seen: np.ndarray, blank: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``seen`` resampled so that its print lies where the blank sheet's does."""
    return _aligned(seen, _prepared(blank, px_per_mm))[0]


def _aligned(
    seen: np.ndarray, prep: _Blank, passes: int = 1
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """``seen`` aligned, the shifts it was aligned by, and what the first pass's tiles
    measured that those shifts do not follow (both ``_shift_grid``'s; None: no print).

    With ``passes`` over 1, the aligned page's tiles are measured again and what they
    still show is added to the shifts, that many times in all, ``seen`` resampled once
    by the sum: a page bowing more than one pass follows (its tiles' shifts differ from
    their neighbours' by more than ``ALIGN_MAX_MISFIT_PX`` and are dropped) is followed
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
    """``image`` (the flattened page, or a colour copy of it) resampled as ``ink_masks``
    aligned the page (``InkMasks.shifts``): its print where the blank sheet's is, where
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


def added_ink(
    photo: np.ndarray,
    blank: np.ndarray,
    px_per_mm: float,
    step: float | None = None,
) -> np.ndarray:
    """A uint8 mask (1 = ink the blank sheet does not have); see ``ink_and_step``."""
    return ink_and_step(photo, blank, px_per_mm, step)[0]


@dataclass(frozen=True)
class InkMasks:
    """What ``ink_masks`` finds on a page (all of the page's size)."""

    ink: np.ndarray  # uint8, 1 = added ink at the local step
    steps: np.ndarray  # float32, the ink step used at each pixel
    base: np.ndarray  # uint8, 1 = added ink at the base step alone
    readable: np.ndarray  # uint8, 1 = print light enough for ink to show (read only)
    # What the masks were cut from (for measures of texture, ``pnp.vision.hatching``):
    seen: np.ndarray | None = None  # float32, the photo aligned, paper = 1
    printed: np.ndarray | None = None  # uint8, the blank's print as compared (widened, blurred)
    # The signs of a scan in black and white (``pnp.vision.black_white``)
    greys: black_white.Greys = field(default_factory=black_white.Greys)
    bend_mm: float = 0.0  # how far the page bows (``pnp.vision.page_bend``)
    # quarter size: how washed out the light is around each place (``washed.washed_map``)
    washed: np.ndarray | None = None
    shifts: np.ndarray | None = None  # the local alignment's grid of shifts (``follow``)
    # tiles along one side the first alignment pass did not follow (``page_bend``)
    curled_edge: int = 0


def ink_and_step(
    photo: np.ndarray,
    blank: np.ndarray,
    px_per_mm: float,
    step: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The added-ink mask (uint8, 1 = ink) and the ink step used at each pixel (float32)."""
    masks = ink_masks(photo, blank, px_per_mm, step)
    return masks.ink, masks.steps


READ_MARGIN_MM = 6.0  # the masks are made this far around the fields read (hatching: 5 mm)


def ink_masks(
    photo: np.ndarray,
    blank: np.ndarray,
    px_per_mm: float,
    step: float | None = None,
    fields: list[Field] | None = None,
    align_passes: int = 1,
) -> InkMasks:
    """The added ink at the local step and at the base step, the steps, the readable print.

    The photo is first aligned to the blank sheet locally (``align``; in
    ``align_passes`` passes, ``_aligned``).
    Ink is a pixel darker than the printed sheet under it by ``step`` of what the
    print lets through (a ratio, not a difference: light pencil over a tinted box
    darkens it by the same share as over white paper), or by ``NOISE_STEPS`` times
    the paper's local noise where that is more. Where the print is nearly black
    nothing can be told, and nothing is called ink. The printed sheet is taken as
    blurred as the photo is where that makes it darker (``fitted_blur``), and ``step``
    (by default ``INK_STEP``) is lowered as the blur lowers a pen stroke's darkness
    (``blurred_step``).

    With ``fields``, ``ink``, ``base`` and ``steps`` are made only within
    ``READ_MARGIN_MM`` of them (``_windows``), all that reading them looks at, and
    there they are the same, bit for bit; elsewhere nothing is ink and the step is
    ``step``. ``seen`` (and the noise the steps come from) is the whole page's.
    """
    prep = _prepared(blank, px_per_mm)
    levelled = paper_level(photo, px_per_mm, prep.print_small, fields)
    seen, shifts, unfollowed = _aligned(levelled, prep, align_passes)
    values = _near_values(seen, prep) if prep.near.shape[1] else None
    greys = _greys(seen, values, prep)
    sigma, curve = _fitted_tone(values, prep)
    if curve is not None:
        seen = curve.undone(seen)
    printed = _toned(prep.printed_for(sigma), seen, prep)
    if step is None:
        step = blurred_step(INK_STEP, sigma, px_per_mm)
    threshold = _level(printed, 1.0 - step)
    noise = _paper_noise(seen, prep.white, threshold, px_per_mm)
    # where no plain paper lies near (a row of tinted boxes) the local noise is unknown:
    # take it no lower than the page's plain paper shows
    floor = np.median(noise[::8, ::8][prep.white[::8, ::8] > 0]) if prep.has_white else 0.0
    windows = _windows(fields, seen.shape, px_per_mm) if fields else None
    if windows is None:
        windows = ((0, 0, seen.shape[1], seen.shape[0]),)
        steps, ink, base = noise, np.empty(seen.shape, np.uint8), np.empty(seen.shape, np.uint8)
    else:
        steps = np.full(seen.shape, step, np.float32)
        ink, base = np.zeros(seen.shape, np.uint8), np.zeros(seen.shape, np.uint8)
    for x0, y0, x1, y1 in windows:
        # Pixel by pixel, from two pixels up and left of the window: the opening reads
        # that far, and is then the page's.
        cut = np.s_[max(0, y0 - 2) : y1, max(0, x0 - 2) : x1]
        arrays = (seen, threshold, noise, printed, prep.readable, steps, ink, base)
        _window_masks(floor, step, *(a[cut] for a in arrays))
    # A pen stroke is 2 px wide or more; isolated specks are noise. Ink lies within base
    # (its step is never below base's; the minimum makes it so to the last bit), so one
    # opening of their sum opens both: an opening commutes with each threshold of it.
    both = cv2.add(base, cv2.min(ink, base, dst=ink), dst=base)
    both = cv2.morphologyEx(both, cv2.MORPH_OPEN, _SPECK, dst=both)
    ink = cv2.compare(both, 2, cv2.CMP_GE)  # 0 or 255
    cv2.min(ink, 1, dst=ink)
    base = cv2.min(both, 1, dst=both)
    bend = bend_mm(shifts, px_per_mm) if shifts is not None else 0.0
    curl = curled_edge(unfollowed, px_per_mm) if unfollowed is not None else 0
    washed_out = washed.washed_map(photo, prep.light, px_per_mm)
    return InkMasks(
        ink, steps, base, prep.readable, seen, printed, greys, bend, washed_out, shifts, curl
    )


def _greys(seen: np.ndarray, values: np.ndarray | None, prep: _Blank) -> black_white.Greys:
    """``black_white.Greys`` of the page: its ``values`` near print (``_near_values``, None
    where the blank has no print) against the blank blurred by the sharpest blur a camera
    leaves (``BLUR_SIGMAS[1]``); the other signs measured only where the first is there."""
    if values is None:
        return black_white.Greys()
    share = black_white.grey_share(values, prep.blurred_near[prep.sigmas[1]])
    if share >= black_white.GREYLESS:
        return black_white.Greys(share)
    lo, hi = black_white.GREYS
    flat = [w for lv, w, _ in prep.tone_bands if lo < lv < hi]
    extremes = black_white.flat_extremes(seen.ravel()[np.concatenate(flat)]) if flat else 0.0
    return black_white.Greys(share, extremes, min(_misfits(values, prep).values()))


def _window_masks(floor, step, seen, threshold, noise, printed, readable, steps, ink, base):
    """``steps``, ``ink`` and ``base`` (before the opening) of ``ink_masks`` in one
    window, written into the views given (cv2 writes into a view in place); ``noise``
    may be ``steps``."""
    cv2.max(noise, float(floor), dst=steps)
    # (numpy's product by a scalar: the same floats as cv2.multiply's, several times faster)
    np.multiply(steps, np.float32(NOISE_STEPS), out=steps)
    # the noise is a brightness; over a tint it is a larger share of the print
    cv2.divide(steps, _level(printed, floor=0.3), dst=steps)
    cv2.max(steps, step, dst=steps)
    cv2.compare(seen, threshold, cv2.CMP_LT, dst=base)  # 0 or 255
    cv2.min(base, readable, dst=base)  # 0 or 1
    # printed * (1 - steps)
    below = np.subtract(np.float32(1.0), steps)
    cv2.multiply(_level(printed), below, dst=below)
    cv2.compare(seen, below, cv2.CMP_LT, dst=ink)
    cv2.min(ink, readable, dst=ink)


WINDOW_CELL = 8  # px: the windows' grid
WINDOW_BAND = 8  # cells: the windows' height, at most
WINDOWS_MAX_SHARE = 0.8  # windows covering more of the page than this: the whole page


def _windows(
    fields: list[Field], shape: tuple[int, int], px_per_mm: float
) -> tuple[tuple[int, int, int, int], ...] | None:
    """Disjoint windows (x0, y0, x1, y1) holding every field and ``READ_MARGIN_MM``
    around it (and a pixel more): bands of the page, each cut to the runs of grid cells
    the fields' margins reach; None if they would cover most of the page."""
    return _windows_of(tuple(f.bounds for f in fields), shape, px_per_mm)


@lru_cache(maxsize=32)
def _windows_of(bounds, shape, px_per_mm):
    h, w = shape
    c, m = WINDOW_CELL, READ_MARGIN_MM
    cells = np.zeros((-(-h // c), -(-w // c)), bool)
    for x0, y0, x1, y1 in bounds:
        # the pixels at most READ_MARGIN_MM from the field, and one more
        a, b = math.floor((x0 - m) * px_per_mm) - 1, math.floor((y0 - m) * px_per_mm) - 1
        e, f = math.ceil((x1 + m) * px_per_mm) + 1, math.ceil((y1 + m) * px_per_mm) + 1
        cells[max(0, b // c) : max(0, -(-f // c)), max(0, a // c) : max(0, -(-e // c))] = True
    out = cell_runs(cells, c, WINDOW_BAND, shape)
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in out) > WINDOWS_MAX_SHARE * h * w:
        return None
    return out


def cell_runs(
    cells: np.ndarray, cell: int, band: int, shape: tuple[int, int]
) -> tuple[tuple[int, int, int, int], ...]:
    """Disjoint windows (x0, y0, x1, y1, clipped to a page of ``shape``) covering the true
    ``cells`` of a grid of ``cell``-pixel squares: bands ``band`` cells high, each cut to
    the runs of columns any of its cells is true in."""
    h, w = shape
    out = []
    for r0 in range(0, cells.shape[0], band):
        row = cells[r0 : r0 + band].any(axis=0)
        edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(np.int8), [0]])))
        for c0, c1 in edges.reshape(-1, 2).tolist():
            out.append((c0 * cell, r0 * cell, min(w, c1 * cell), min(h, (r0 + band) * cell)))
    return tuple(out)


def paper_noise(seen: np.ndarray, printed: np.ndarray, px_per_mm: float, step: float):
    """(h, w) float32: the local noise (standard deviation) of white paper in ``seen``.

    Measured on the bright side of the local paper level only: ink never makes paper
    brighter, so strokes and misregistered print do not pass for noise.
    """
    white = (printed > 0.9) & (seen > printed * (1.0 - step))
    return _noise(seen, white, px_per_mm)


def _paper_noise(seen, paper: np.ndarray, threshold: np.ndarray, px_per_mm: float):
    white = cv2.compare(seen, threshold, cv2.CMP_GT)  # 0 or 255
    cv2.bitwise_and(white, paper, dst=white)  # 0 or 1
    return _noise(seen, white, px_per_mm)


def _noise(seen: np.ndarray, white: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``paper_noise`` over ``white`` (bool, or uint8 0/1), in few full-size passes."""
    k = 0.25
    size = (seen.shape[1], seen.shape[0])
    win = (int(NOISE_WINDOW_MM * px_per_mm * k) | 1,) * 2
    white = white.view(np.uint8) if white.dtype == bool else white
    share = white.astype(np.float32)
    area = cv2.blur(_quarter(share), win)
    area = np.maximum(area, 1e-3)
    # seen * white, zero off the white paper (the product by 0 or 1 is exact, and faster
    # than a masked copy); then max(kept - level, 0)^2, which is max(seen - level, 0)^2 *
    # white bit for bit: off the white paper 0 - level is never above 0 (seen >= 0)
    kept = cv2.multiply(seen, share)
    total = cv2.blur(_quarter(kept), win)
    # (the full-size pages are written over the ones done with: a fresh page costs more
    # in page faults than in arithmetic)
    level = cv2.resize(total / area, size, dst=share, interpolation=cv2.INTER_LINEAR)
    bright = cv2.subtract(kept, level, dst=level)
    cv2.threshold(bright, 0, 0, cv2.THRESH_TOZERO, dst=bright)
    cv2.multiply(bright, bright, dst=bright)
    var = cv2.blur(_quarter(bright), win)
    # never below zero (a box filter's running sums might leave -1e-20): no NaN noise,
    # which the steps' cv2.max would take for the floor in some lanes and not others
    np.maximum(var, 0, out=var)
    return cv2.resize(np.sqrt(2 * var / area), size, dst=kept, interpolation=cv2.INTER_LINEAR)


def _quarter(image: np.ndarray) -> np.ndarray:
    return cv2.resize(image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)


_SPECK = np.ones((2, 2), np.uint8)
THICK_PX = 3  # page pixels at ``TUNED_PX_PER_MM`` (0.48 mm, a pen stroke's width)


def _thick(mask: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``mask`` less what is narrower than ``THICK_PX`` (an opening by that square)."""
    side = max(2, round(THICK_PX * px_scale(px_per_mm)))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
