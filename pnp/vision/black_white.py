"""A scan in black and white, told from the page, so that it is refused, not read wrong.

A scanner app's black-and-white mode turns every grey to black or white: a ship's grey
cube symbols come out black and read as marks. Such a page is told by its few greys, and
by one of two signs more that a page rendered without a camera does not show:

- Its pixels near print are mid grey (``GREYS``) far less often than the blank's blurred
  by the sharpest camera blur (``pnp.vision.blank_prep.BLUR_SIGMAS``' first after none).
  On the committed photos so scanned (``python -m pnp.bench scans``, column ``black_white``)
  0.17-0.90 times as often; on 280 photos (held-out, grey- and ink-saving-printed,
  committed) 1.11 times or more, and on those photos through the contrast filters too.
- A page rendered without a camera (a sheet filled on a tablet and saved as a PDF) is as
  sharp as the blank and can have fewer greys near print too (Stellar Drift sheets
  0.88-1.04 times; Cosmos sheets and score pads 1.02 or more; 96 pages): it is told
  apart by its flat greys (tints, symbols), which are the blank's, where a scan in black
  and white has 0.11-0.90 of them black or white (the contrast filters 0-0.15, such
  pages 0); and, on sheets without flat greys (a Cosmos sheet, a score pad), by how far
  the page near print misfits the blank at its best blur: such pages 0.030-0.073, the
  scans 0.088-0.134.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

GREYS = (0.15, 0.85)  # mid grey, paper = 1
GREYLESS = 1.0
EXTREMES = (0.1, 0.95)  # a page level below or above these is black or white
FLAT_EXTREMES_MIN = 0.05
JAGGED = 0.08  # mean misfit near print, at the best blur (each pixel's up to 0.3)


@dataclass(frozen=True)
class Greys:
    """The signs of a scan in black and white on one page."""

    share: float = 1.0  # ``grey_share`` near print
    flat_extremes: float = 0.0  # ``flat_extremes`` over the blank's flat mid greys
    misfit: float = 0.0  # near print, at the best blur

    def black_and_white(self) -> bool:
        return self.share < GREYLESS and (
            self.flat_extremes >= FLAT_EXTREMES_MIN or self.misfit >= JAGGED
        )


def grey_share(page: np.ndarray, blank: np.ndarray) -> float:
    """How often ``page``'s levels are mid grey (``GREYS``), over how often ``blank``'s
    are at the same pixels (1.0 where the blank has none)."""
    lo, hi = GREYS
    expected = np.count_nonzero((blank > lo) & (blank < hi))
    if expected == 0:
        return 1.0
    return np.count_nonzero((page > lo) & (page < hi)) / expected


def flat_extremes(page: np.ndarray) -> float:
    """The share of ``page``'s levels (the blank's flat mid greys) black or white."""
    lo, hi = EXTREMES
    return float(np.count_nonzero((page < lo) | (page > hi))) / max(1, page.size)
