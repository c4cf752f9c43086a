"""A scanner app's contrast stretch, told from the print and matched.

A scanner app's "document" filter whitens the paper and stretches the contrast: the
print's greys come out far darker than the blank sheet has them, a symbol in a box
darker by a half, a blurred edge's fringe nearly black, and read against the blank
they are ink. A photo's own tone response is gentler (measured on the committed photos
and the photo sets: its mid greys within a few hundredths of the blank's, and lighter
more often than darker), so a page is taken as stretched only where its print is
darker than the blank's by ``STRETCHED`` on average over the mid greys. Such a page is
then put back into the blank's levels through its own tone curve (``ToneCurve.undone``):
the median page level at each grey level of the (blurred) blank, measured where the
blank has print. Marks darken few of those pixels, and a median is not moved by them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# The blank's levels (paper = 1) are binned by these edges; a bin of fewer than
# CURVE_MIN_PIXELS samples says nothing.
CURVE_EDGES = (0.0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.01)
CURVE_MIN_PIXELS = 50
CURVE_SAMPLE = 4  # every this many of the pixels given are binned (~8,000-11,000 a page)
MID_LEVELS = (0.15, 0.75)  # the bins whose darkening tells a stretch...
MID_BINS_MIN = 3  # ...of which this many at least (a page's blurred print has all 4)
# Mean darkening (the blank's level less the page's, paper = 1) of the mid bins that
# tells a stretch, at the blur fitting best through its curve. Measured: 320 photos
# (held-out, committed) -0.09 to 0.037; 160 printed on a black-and-white laser (session
# 29's sets) up to 0.074; the committed photos scanned plain up to 0.019, and through
# ``pnp.bench.scans``' filters: bgnorm_levels 0.074-0.238, levels -0.007-0.255,
# contrast -0.071-0.124 (pages below the mark were read as plain, none wrong unasked).
STRETCHED = 0.08


@dataclass(frozen=True)
class ToneCurve:
    """The page's level of the print at each of the blank's levels (paper = 1)."""

    blank: tuple[float, ...]  # rising
    page: tuple[float, ...]  # not falling

    def darkening(self) -> float:
        """The mean darkening of the page's mid greys against the blank's (0 with fewer
        than ``MID_BINS_MIN`` of them: a few boxes' edges are no page's tones)."""
        lo, hi = MID_LEVELS
        mid = [b - p for b, p in zip(self.blank, self.page, strict=True) if lo <= b < hi]
        return float(np.mean(mid)) if len(mid) >= MID_BINS_MIN else 0.0

    def table(self) -> np.ndarray:
        """A uint8 table: the blank's grey (of 255) -> the page's."""
        levels = np.interp(np.arange(256) / 255, self.blank, self.page)
        return np.clip(np.rint(levels * 255), 0, 255).astype(np.uint8)

    def undone(self, page: np.ndarray) -> np.ndarray:
        """``page`` (float32 levels, paper = 1) in the blank's levels: each level put back
        through the curve (linearly between its points; above its lightest point shifted,
        not squeezed, so that paper grain stays as large as the photo has it and raises the
        ink step as much), by a table of ``UNDO_STEPS`` steps a unit (~21 ms a page;
        np.interp takes ~51)."""
        page_levels, blank_levels = _rising(self.page), self.blank
        top = UNDO_TOP * UNDO_STEPS
        levels = np.arange(top + 1) / UNDO_STEPS
        table = np.interp(levels, page_levels, blank_levels)
        above = levels > page_levels[-1]
        table[above] = levels[above] - page_levels[-1] + blank_levels[-1]
        at = np.minimum(np.maximum(page, 0) * UNDO_STEPS + 0.5, top).astype(np.uint16)
        return table.astype(np.float32)[at]


UNDO_STEPS = 2048  # table steps per unit of level
UNDO_TOP = 2  # levels above this (paper = 1) are taken as this


def _rising(levels: tuple[float, ...]) -> np.ndarray:
    """``levels`` (not falling) made rising, by a millionth a point, so that the curve can
    be put back."""
    out = np.asarray(levels, np.float64)
    return out + np.arange(len(out)) * 1e-6


def _steps(levels: np.ndarray) -> np.ndarray:
    """Levels (paper = 1) in 256 steps, clipped."""
    return np.clip(np.rint(levels * 255), 0, 255).astype(np.intp)


def _bins() -> np.ndarray:
    """The bin of ``CURVE_EDGES`` of each of 256 steps."""
    return np.searchsorted(CURVE_EDGES, np.arange(256) / 255, side="right") - 1


_BIN_OF_STEP = _bins()


@dataclass(frozen=True)
class _BlankBins:
    """A sample of the blank's levels binned (``CURVE_EDGES``), and each kept bin's
    median level: the page's curve is then one count of its levels per bin."""

    offsets: np.ndarray  # per pixel, its bin * 256
    steps: np.ndarray  # per pixel, the blank's level in 256 steps
    kept: np.ndarray  # per bin, holds ``CURVE_MIN_PIXELS``
    levels: tuple[float, ...]  # the kept bins' median levels

    @classmethod
    def of(cls, blank: np.ndarray) -> _BlankBins:
        n = len(CURVE_EDGES) - 1
        steps = _steps(blank)
        bins = _BIN_OF_STEP[steps]
        kept = np.bincount(bins, minlength=n) >= CURVE_MIN_PIXELS
        offsets = bins * 256
        levels = tuple(_bin_medians(offsets, steps, n)[kept].tolist())
        return cls(offsets, steps, kept, levels)

    def curve(self, page: np.ndarray) -> ToneCurve | None:
        """The curve of ``page`` (levels in 256 steps at the same pixels)."""
        if len(self.levels) < 2:
            return None
        ys = _bin_medians(self.offsets, page, len(self.kept))[self.kept]
        return ToneCurve(self.levels, tuple(np.maximum.accumulate(ys).tolist()))


def _bin_medians(offsets: np.ndarray, steps: np.ndarray, n: int) -> np.ndarray:
    """The median level (to 1/255) of ``steps`` in each of ``n`` bins (``offsets``: each
    pixel's bin * 256), 0 in an empty one: one count, not a sort per bin."""
    counts = np.bincount(offsets + steps, minlength=n * 256).reshape(n, 256)
    below = np.cumsum(counts, axis=1)
    half = np.maximum((below[:, -1:] + 1) // 2, 1)
    return np.argmax(below >= half, axis=1) / 255.0


@dataclass(frozen=True)
class BlankTones:
    """What telling a stretch needs of one blank sheet, blur by blur (``blank_tones``)."""

    bins: dict[float, _BlankBins]


def blank_tones(blurred: dict[float, np.ndarray]) -> BlankTones:
    """``BlankTones`` of a blank sheet: ``blurred`` maps each blur to the blank's levels
    (paper = 1) at a sample of pixels near print; every ``CURVE_SAMPLE``-th is kept."""
    return BlankTones({s: _BlankBins.of(b[::CURVE_SAMPLE]) for s, b in blurred.items()})


def stretched(page: np.ndarray, tones: BlankTones, most: float) -> tuple[float, ToneCurve] | None:
    """(sigma, curve) of a stretched page, or None if it is not: ``page`` is its levels
    at the pixels ``tones`` was made of. The blur is the one that fits best through its
    own curve: a stretch narrows a blurred edge's grey, and fitted without one it passes
    for a sharper photo, whose curve is then nearly straight. Levels are compared in 256
    steps (misfits up to ``most``)."""
    page = _steps(page[::CURVE_SAMPLE])
    curves = {s: bins.curve(page) for s, bins in tones.bins.items()}
    curves = {s: c for s, c in curves.items() if c is not None}
    if not any(c.darkening() >= STRETCHED for c in curves.values()):
        return None  # (as a photo is: quicker than fitting each curve)
    best = None
    for s, c in curves.items():
        expected = c.table()[tones.bins[s].steps].astype(np.intp)
        off = float(np.minimum(np.abs(page - expected), round(most * 255)).mean())
        if best is None or off < best[0]:
            best = (off, s, c)
    if best[2].darkening() < STRETCHED:
        return None
    return best[1], best[2]
