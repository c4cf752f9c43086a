"""The page's fills a mark is weighed against by the hatching reader
(``pnp.vision.hatching``): a circle covered as densely as the hand's fills kept inside
their circles (``dense``), and the darkness of those fills, per kind, shape or any
(``fills_darkness``, ``fills_for``), where a hatching-out, strokes over strokes, is darker.
"""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.box_texture import darkness
from pnp.vision.fields import FieldReading
from pnp.vision.ink import InkMasks

# A circle hatched out: the inside covered (hatchings 0.96-1.0 in ink, save pencil); its
# square inked to the corners and reached no farther (``hatch_reach.square_inked``).
CIRCLE_COVERAGE = 0.95
# A circle hatched out by a pencil or a light hand covers less than ``CIRCLE_COVERAGE``,
# but still at least as densely as the page's fills kept inside their circles
# (``page_marks``; tune8: hatchings 0.94-2.7 times their median, the fills drawn too large
# whose corners are inked 0.66-0.75 times).
DENSER_THAN_FILLS = 1.0
# ...and a hatching is darker: strokes over a mark, gone over twice, leave little paper
# between them, where a fill drawn too large parts its strokes. The mean darkness of a
# circle's inside over the median of the page's fills (covered at least FILL_COVERAGE)
# kept inside their outline (at least ``page_marks.MIN_FILLS``; of its kind, else of its
# shape, else of any: one pen, one light), ``fills_darkness``: tune8 hatchings 1.04-1.32
# (two light ones 0.96 and 1.01), fills drawn too large 0.83 (the same on tune9, where
# coverage and corners alone took one for a hatching). With no fills on the page, a
# circle is left to a person.
DARKER_THAN_FILLS = 1.0
FILL_COVERAGE = 0.5  # a mark covering this much of its field is a fill (not a tick)


def dense(r: FieldReading, page_fills: float | None) -> bool:
    """Whether a circle is covered as a hatching covers it: nearly all, or at least as
    densely as the page's fills kept inside their circles (their median ``page_fills``)."""
    if r.coverage >= CIRCLE_COVERAGE:
        return True
    return page_fills is not None and r.coverage >= DENSER_THAN_FILLS * page_fills


def fills_darkness(readings, fields, masks: InkMasks, inside) -> dict[tuple[str, str], float]:
    """The median darkness of the fills (covered at least ``FILL_COVERAGE``) kept inside
    their outline, per (shape, kind), where the page has ``page_marks.MIN_FILLS`` of them."""
    from pnp.vision.page_marks import INSIDE_BEYOND, MIN_FILLS

    dark: dict[tuple[str, str], list[float]] = {}
    for n, (r, f) in enumerate(zip(readings, fields, strict=True)):
        if r.state == "filled" and r.beyond < INSIDE_BEYOND and r.coverage >= FILL_COVERAGE:
            value = darkness(masks, inside[n])
            if value is not None:
                dark.setdefault((f.shape, f.kind), []).append(value)
    # A kind with too few fills on the page is weighed against the hand's fills of its
    # shape, or of any shape: one pen, one light, one camera.
    for shape in {shape for shape, _ in list(dark)}:
        dark[shape, ""] = [v for (s, _), values in dark.items() if s == shape for v in values]
    dark["", ""] = [v for (s, k), values in dark.items() if k for v in values]
    return {k: float(np.median(v)) for k, v in dark.items() if len(v) >= MIN_FILLS}


def fills_for(page: dict[tuple[str, str], float], f: Field) -> float | None:
    """The darkness of the page's fills to weigh ``f`` against: of its kind, its shape,
    or any (``fills_darkness``)."""
    for key in ((f.shape, f.kind), (f.shape, ""), ("", "")):
        if key in page:
            return page[key]
    return None
