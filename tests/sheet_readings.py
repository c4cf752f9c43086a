"""A page as the reader hands it over, built from its readings alone (no photo): for
tests of what the page's own marks settle."""

from __future__ import annotations

import numpy as np

from pnp.vision.field_doubts import Doubt
from pnp.vision.fields import FieldReading
from pnp.vision.sheet_reading import SheetReading


def sheet_reading(
    source: str, readings: tuple[FieldReading, ...], kind: str, doubts: dict[str, str]
) -> SheetReading:
    """A page of ``readings``, every field of ``kind``, the reader asking about
    ``doubts`` (field id -> cause)."""
    return SheetReading(
        source=source,
        code=None,
        readings=tuple(readings),
        kinds={r.id: kind for r in readings},
        doubtful=tuple(Doubt(f, "?", source, c) for f, c in doubts.items()),
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=6.25,
        timing={},
        page=np.zeros((1, 1), np.uint8),
    )
