"""What the hand's own marks look like on a page: the medians a field is weighed against.

One hand fills a page with one pen, in one light, under one camera: its fills cover
their circles about as densely from one to the next, and its crosses lay about as much
ink. A hatching-out lays its strokes over a mark and closer together than the hand
fills, so it covers a circle at least as densely as the hand's fills, and a space many
times more than a cross; a fill drawn too large spreads the same strokes wider apart.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pnp.vision.fields import FieldReading

# Past its outline by less than this share of the band beyond it: a fill kept inside.
INSIDE_BEYOND = 0.05
MIN_FILLS = 3  # fewer fills of a kind on the page make no median
MIN_CROSSES = 5  # ...nor fewer crosses


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
