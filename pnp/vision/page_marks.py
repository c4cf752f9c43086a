"""What the hand's own marks look like on a page: the medians a field is weighed against.

One hand fills a page with one pen, in one light, under one camera: its fills cover
their circles about as densely from one to the next, and its crosses lay about as much
ink. A hatching-out lays its strokes over a mark and closer together than the hand
fills, so it covers a circle at least as densely as the hand's fills, and a space many
times more than a cross; a fill drawn too large spreads the same strokes wider apart.

And one pen leaves its strokes about as dark from one mark to the next
(``StrokeDarkness``): a hatching-out, strokes over strokes in two directions, is as dark
as the pen's strokes all over, where a fill leaves paper between its strokes.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pnp.vision.fields import FieldReading
from pnp.vision.ink import InkMasks

# Past its outline by less than this share of the band beyond it: a fill kept inside.
INSIDE_BEYOND = 0.05
MIN_FILLS = 3  # fewer fills of a kind on the page make no median
MIN_CROSSES = 5  # ...nor fewer crosses
# The darkness of the pen's strokes: this percentile of the darkness of the inked pixels
# of the page's marks (the cores of its strokes, where the pen lays its full ink).
STROKE_PERCENTILE = 90


def inner_fill_coverage(
    readings: list[FieldReading], kind_of: Callable[[str], str | None]
) -> dict[str, float]:
    """The median coverage of the fills kept inside their circle, per kind of circle,
    where the page holds at least ``MIN_FILLS`` of them. ``kind_of`` names a circle
    field's kind from its id (None for a field that is no circle)."""
    covered: dict[str, list[float]] = {}
    for r in readings:
        kind = kind_of(r.id)
        if kind is not None and r.state == "filled" and r.beyond < INSIDE_BEYOND:
            covered.setdefault(kind, []).append(r.coverage)
    return {k: float(np.median(v)) for k, v in covered.items() if len(v) >= MIN_FILLS}


def cross_ink(
    readings: list[FieldReading], kind_of: Callable[[str], str | None]
) -> dict[str, float]:
    """The median base-step ink of the marked fields of each kind marked by convention
    with a cross (``kind_of`` names it from a field id, None for other kinds), where the
    page holds at least ``MIN_CROSSES`` of them."""
    inks: dict[str, list[float]] = {}
    for r in readings:
        kind = kind_of(r.id)
        if kind is not None and r.state == "filled":
            inks.setdefault(kind, []).append(r.base_ink)
    return {k: float(np.median(v)) for k, v in inks.items() if len(v) >= MIN_CROSSES}


class StrokeDarkness:
    """How dark the hand's strokes are on a page: the darkness (1 - the photo over its
    print) of the inked, readable pixels inside every field read filled, kept field by
    field so that a field is weighed against the page's other marks, not itself."""

    def __init__(self, readings: list[FieldReading], masks: InkMasks, inside) -> None:
        from pnp.vision.box_texture import relative_tone

        self._inked: dict[int, np.ndarray] = {}
        for n, r in enumerate(readings):
            if r.state != "filled":
                continue
            x0, y0, x1, y1 = (max(0, int(v)) for v in inside[n])
            relative, readable = relative_tone(masks, (x0, y0, x1, y1))
            values = 1 - relative[readable & (masks.ink[y0:y1, x0:x1] > 0)]
            if values.size:
                self._inked[n] = values

    def of_others(self, n: int) -> float | None:
        """The darkness of the pen's strokes (``STROKE_PERCENTILE``) over the page's marks
        other than field ``n``; None where fewer than ``MIN_FILLS`` marks make it."""
        others = [v for k, v in self._inked.items() if k != n]
        if len(others) < MIN_FILLS:
            return None
        return float(np.percentile(np.concatenate(others), STROKE_PERCENTILE))
