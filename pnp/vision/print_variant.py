"""How a sheet was printed: in colour, or with ``pnp kit --ink-saving`` (no large colour
fills, the Stellar Drift cube symbols drawn in black). The page code does not say, and
marks are read against the blank sheet as printed: read against the other, every black
symbol of an ink-saving ship sheet is ink the blank has not (its spaces read marked),
and a tracker's untinted rows brighten the paper the reader expects around them.

The photo tells. Where the two blanks differ most (a tint, a coloured symbol), each
says how dark the page is there against its paper; the page, divided by its own paper
brightness nearby, is nearer one of them at most such pixels.

Where the sheet has symbols the ink-saving print draws black (the cube symbols of a
Stellar Drift ship), they alone tell: a tint can be lost after printing (a printer short
of colour ink, a phone scanner's "document" filter whitening everything but the darkest
print), a black symbol does not turn coloured. Told by all the pixels, a ship scanned
with such a filter (the tints white, its symbols coloured) was read as ink-saving, and
each coloured symbol as ink: 17 to 20 spaces of the ship read marked, unasked, on each of
the committed easy and real ship photos put through it.

Where tints alone tell (a tracker, a tech sheet) and the page's paper shows pure white
(``washed.PAPER_CLIPPED``), tints missing may be tints the light washed out: the sheet is
read against the colour blank, whose light print then tells how far (``pnp.vision.washed``).
At 1.45 times the light the committed normal tracker and tech photos were taken for
ink-saving prints, and nothing was left to say the photo was washed out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.reference import reference_image, rendered_blank
from pnp.vision.washed import PAPER_CLIPPED, paper_clipped

TELLING_STEP = 24  # gray levels (of 255) the two blanks differ by where the photo tells them
TELLING_INSET_MM = 0.5  # ...that far inside such an area (the page a little off its blank)
TELLING_MIN = 200  # pixels: fewer, and the sheet is taken as printed alike both ways
TELLING_MAX = 20_000  # pixels compared, at most (spread over the page)
PAPER_MIN = 245  # plain paper in both blanks (gray, of 255)...
PAPER_INSET_MM = 1.0  # ...this far from any print
PAPER_SIGMA_MM = 8.0  # the paper's brightness is averaged this widely around a pixel...
PAPER_SCALE = 1 / 16  # ...on a copy of the page this much smaller (a few pixels to 8 mm)


@dataclass(frozen=True)
class _Telling:
    """Where the two prints of a sheet differ, and the paper to compare the page with."""

    where: np.ndarray  # flat indices of the telling pixels
    colour: np.ndarray  # the colour blank's levels there (paper = 1)
    saving: np.ndarray  # the ink-saving blank's
    paper: np.ndarray  # plain paper of both blanks at every 4th pixel both ways (0 or 1)
    size: tuple[int, int]  # (width, height) of the page at ``PAPER_SCALE``
    sigma: float  # ``PAPER_SIGMA_MM`` in pixels at ``PAPER_SCALE``
    weight: np.ndarray  # ``paper`` at ``PAPER_SCALE``, blurred by ``sigma``
    by_symbols: bool  # told by symbols the ink-saving print draws black (else by tints)


@lru_cache(maxsize=32)
def _telling(game: str, sheet: str, layout: str, px_per_mm: float) -> _Telling | None:
    """The ``_Telling`` of a sheet, or None for one printed alike both ways."""
    colour = reference_image(game, sheet, layout, px_per_mm)
    # (not kept in memory here: it is kept once a page printed so is read)
    saving = rendered_blank(game, sheet, layout, px_per_mm, True)
    differ = (cv2.absdiff(colour, saving) > TELLING_STEP).astype(np.uint8)
    differ = cv2.erode(differ, _square(TELLING_INSET_MM * px_per_mm))
    where = np.flatnonzero(differ)
    if len(where) < TELLING_MIN:
        return None
    # where the ink-saving print is darker (symbols drawn black) if there are enough of
    # those pixels, else all
    darker = where[saving.ravel()[where] < colour.ravel()[where]]
    by_symbols = len(darker) >= TELLING_MIN
    if by_symbols:
        where = darker
    where = where[:: -(-len(where) // TELLING_MAX)]
    paper = (cv2.min(colour, saving) >= PAPER_MIN).astype(np.uint8)
    paper = cv2.erode(paper, _square(PAPER_INSET_MM * px_per_mm))[::4, ::4].astype(np.float32)
    h, w = colour.shape
    size = (max(1, round(w * PAPER_SCALE)), max(1, round(h * PAPER_SCALE)))
    sigma = PAPER_SIGMA_MM * px_per_mm * PAPER_SCALE
    weight = cv2.GaussianBlur(cv2.resize(paper, size, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    for a in (where, paper, weight):
        a.flags.writeable = False
    levels = (b.ravel()[where].astype(np.float32) / 255 for b in (colour, saving))
    return _Telling(where, *levels, paper, size, sigma, weight, by_symbols)


def prepare_print_variant(code: PageCode, px_per_mm: float) -> None:
    """Find and keep what telling the prints of ``code``'s sheet apart needs of the blank
    sheets alone (the first page of a sheet does otherwise: a rendering of its
    ink-saving blank, like the colour one's)."""
    _telling(code.game, code.sheet, code.layout, px_per_mm)


def printed_blank(page: np.ndarray, code: PageCode, px_per_mm: float) -> tuple[np.ndarray, bool]:
    """The blank sheet ``page`` (flattened, gray) was printed as, and whether it is the
    ink-saving one: the one whose levels at the telling pixels the page's, divided by
    their paper's, are nearer to at more of them (a mark darkens few)."""
    colour = reference_image(code.game, code.sheet, code.layout, px_per_mm)
    telling = _telling(code.game, code.sheet, code.layout, px_per_mm)
    if telling is None or page.shape != colour.shape or saving_share(page, telling) <= 0.5:
        return colour, False
    if not telling.by_symbols and paper_clipped(page[::4, ::4], telling.paper) >= PAPER_CLIPPED:
        # tints lost where the paper shows pure white: the light may have washed them out,
        # which the colour blank's light print tells (``pnp.vision.washed``)
        return colour, False
    return reference_image(code.game, code.sheet, code.layout, px_per_mm, True), True


def saving_share(page: np.ndarray, telling: _Telling) -> float:
    """The share of the telling pixels of ``page`` nearer the ink-saving blank's level."""
    t = telling
    # the mean of the plain paper around each, from every 4th pixel both ways (the light
    # on a page varies over millimetres, not pixels)
    kept = cv2.resize(page[::4, ::4] * t.paper, t.size, interpolation=cv2.INTER_AREA)
    level = cv2.GaussianBlur(kept, (0, 0), t.sigma) / np.maximum(t.weight, 1e-3)
    h, w = page.shape
    y, x = np.divmod(t.where, w)
    at = level[np.minimum(y * level.shape[0] // h, level.shape[0] - 1), x * level.shape[1] // w]
    seen = page.ravel()[t.where] / np.maximum(at, 1.0)
    return float(np.mean(np.abs(seen - t.saving) < np.abs(seen - t.colour)))


def _square(size: float) -> np.ndarray:
    side = 2 * round(size / 2) + 1
    return np.ones((side, side), np.uint8)
