"""The ink a photographed page adds to its blank sheet, as masks of the page.

A mark is ink the photo has and the blank sheet has not. Both images are first
brought to "paper = 1" (the photo divided by its local paper brightness, so light
gradients and shadows drop out: ``pnp.vision.paper_level``); the photo is then aligned
to the blank sheet locally (a curled edge or a page located from three markers misses
the flat homography by up to a few millimetres: ``pnp.vision.local_align``), the blank
sheet's printed ink is widened a little (``pnp.vision.blank_prep``) so that what
misregistration is left is never taken for a mark, and blurred as much as the photo is
(``pnp.vision.blur_fit``) so that the grey a blurred photo leaves between close print
lines is not either, and specks thinner than any pen stroke (sensor noise, JPEG blocks)
are dropped. A page whose contrast a scanner app stretched is first put back into the
blank's grey levels (``pnp.vision.tone_curve``), and where a page's printer printed the
blank's greys darker, the print compared is darkened to match (``pnp.vision.tone_bands``).
``ink_masks`` makes the masks; ``pnp.vision.fields`` reads each field from them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision import black_white, washed
from pnp.vision.blank_prep import DARK_PRINT, Blank, prepared, print_level
from pnp.vision.blur_fit import blur_misfits, blurred_step, fitted_tone, near_values
from pnp.vision.local_align import aligned
from pnp.vision.page_bend import bend_mm, curled_edge
from pnp.vision.paper_level import paper_level
from pnp.vision.px_scale import px_scale
from pnp.vision.tone_bands import toned

INK_STEP = 0.2  # darker than the blank sheet under it by this share of its brightness: ink
# Where the photo is noisy (hard light, a shadow, a small page at high ISO) the ink step
# rises to this many times the local noise of the paper, so that noise is not read as ink.
NOISE_STEPS = 4.5
NOISE_WINDOW_MM = 8.0  # the paper's noise is measured over this window


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
    shifts: np.ndarray | None = (
        None  # the local alignment's grid of shifts (``local_align.follow``)
    )
    # tiles along one side the first alignment pass did not follow (``page_bend``)
    curled_edge: int = 0
    # the blank sheet it was read against, and the blur the photo was fitted with
    # (``blur_fit.fitted_tone``, page pixels): the print as the photo shows it
    # (``pnp.vision.print_marks``)
    prep: Blank | None = None
    sigma: float = 0.0


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

    The photo is first aligned to the blank sheet locally (``local_align.align``;
    in ``align_passes`` passes, ``local_align.aligned``).
    Ink is a pixel darker than the printed sheet under it by ``step`` of what the
    print lets through (a ratio, not a difference: light pencil over a tinted box
    darkens it by the same share as over white paper), or by ``NOISE_STEPS`` times
    the paper's local noise where that is more. Where the print is nearly black
    nothing can be told, and nothing is called ink. The printed sheet is taken as
    blurred as the photo is where that makes it darker (``blur_fit.fitted_blur``), and
    ``step`` (by default ``INK_STEP``) is lowered as the blur lowers a pen stroke's
    darkness (``blur_fit.blurred_step``).

    With ``fields``, ``ink``, ``base`` and ``steps`` are made only within
    ``READ_MARGIN_MM`` of them (``_windows``), all that reading them looks at, and
    there they are the same, bit for bit; elsewhere nothing is ink and the step is
    ``step``. ``seen`` (and the noise the steps come from) is the whole page's.
    """
    prep = prepared(blank, px_per_mm)
    levelled = paper_level(photo, px_per_mm, prep.print_small, fields)
    seen, shifts, unfollowed = aligned(levelled, prep, align_passes)
    values = near_values(seen, prep) if prep.near.shape[1] else None
    greys = _greys(seen, values, prep)
    sigma, curve = fitted_tone(values, prep)
    if curve is not None:
        seen = curve.undone(seen)
    printed = toned(prep.printed_for(sigma), seen, prep)
    if step is None:
        step = blurred_step(INK_STEP, sigma, px_per_mm)
    threshold = print_level(printed, 1.0 - step)
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
        ink,
        steps,
        base,
        prep.readable,
        seen,
        printed,
        greys,
        bend,
        washed_out,
        shifts,
        curl,
        prep,
        sigma,
    )


def _greys(seen: np.ndarray, values: np.ndarray | None, prep: Blank) -> black_white.Greys:
    """``black_white.Greys`` of the page: its ``values`` near print
    (``blur_fit.near_values``, None where the blank has no print) against the blank
    blurred by the sharpest blur a camera leaves (``blank_prep.BLUR_SIGMAS[1]``); the
    other signs measured only where the first is there."""
    if values is None:
        return black_white.Greys()
    share = black_white.grey_share(values, prep.blurred_near[prep.sigmas[1]])
    if share >= black_white.GREYLESS:
        return black_white.Greys(share)
    lo, hi = black_white.GREYS
    flat = [w for lv, w, _ in prep.tone_bands if lo < lv < hi]
    extremes = black_white.flat_extremes(seen.ravel()[np.concatenate(flat)]) if flat else 0.0
    return black_white.Greys(share, extremes, min(blur_misfits(values, prep).values()))


def _window_masks(floor, step, seen, threshold, noise, printed, readable, steps, ink, base):
    """``steps``, ``ink`` and ``base`` (before the opening) of ``ink_masks`` in one
    window, written into the views given (cv2 writes into a view in place); ``noise``
    may be ``steps``."""
    cv2.max(noise, float(floor), dst=steps)
    # (numpy's product by a scalar: the same floats as cv2.multiply's, several times faster)
    np.multiply(steps, np.float32(NOISE_STEPS), out=steps)
    # the noise is a brightness; over a tint it is a larger share of the print
    cv2.divide(steps, print_level(printed, floor=DARK_PRINT), dst=steps)
    cv2.max(steps, step, dst=steps)
    cv2.compare(seen, threshold, cv2.CMP_LT, dst=base)  # 0 or 255
    cv2.min(base, readable, dst=base)  # 0 or 1
    # printed * (1 - steps)
    below = np.subtract(np.float32(1.0), steps)
    cv2.multiply(print_level(printed), below, dst=below)
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
THICK_PX = 3  # page pixels at ``px_scale.TUNED_PX_PER_MM`` (0.48 mm, a pen stroke's width)


def _thick(mask: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``mask`` less what is narrower than ``THICK_PX`` (an opening by that square)."""
    side = max(2, round(THICK_PX * px_scale(px_per_mm)))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
