"""A box too big for the paper closing, covered solid by ink, shows its ink; a shadow's
edge across such a box does not pass for ink; and a hatching's fringe is not read as
its neighbour's."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import EMPTY_MAX, read_fields
from pnp.vision.ink import ink_masks

PX = 6.25  # px per mm
SIDE_MM = 15.7  # a Stellar Drift space
PITCH_MM = 17.67  # ...2 mm apart


def _sheet() -> tuple[np.ndarray, list[Field]]:
    """A blank page with a row of three spaces, and their fields."""
    h, w = round(60 * PX), round(90 * PX)
    blank = np.full((h, w), 255, np.uint8)
    fields = []
    for n in range(3):
        x, y = 15 + n * PITCH_MM, 20.0
        fields.append(Field(f"space-A{n + 1}", "space", x, y, SIDE_MM, SIDE_MM))
        corners = (
            (round(x * PX), round(y * PX)),
            (round((x + SIDE_MM) * PX), round((y + SIDE_MM) * PX)),
        )
        cv2.rectangle(blank, *corners, 0, 2)
    return blank, fields


def _covered(photo: np.ndarray, f: Field, past_mm: float = 0.8, level: int = 120) -> None:
    """Ink laid solid over ``f`` and ``past_mm`` past its outline (its print kept)."""
    x0, y0, x1, y1 = (
        round(v * PX)
        for v in (f.x - past_mm, f.y - past_mm, f.x + f.w + past_mm, f.y + f.h + past_mm)
    )
    np.minimum(photo[y0:y1, x0:x1], level, out=photo[y0:y1, x0:x1])


def _ink(photo, blank, fields, with_fields=True):
    m = ink_masks(photo, blank, PX, fields=fields if with_fields else None)
    return {r.id: r for r in read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)}, m


def test_a_box_covered_solid_reads_its_ink():
    blank, fields = _sheet()
    photo = blank.copy()
    _covered(photo, fields[1])
    seen, _ = _ink(photo, blank, fields)
    assert seen["space-A2"].coverage > 0.8
    assert seen["space-A2"].beyond > 0.3  # the ink past its outline shows too
    assert seen["space-A1"].ink <= EMPTY_MAX and seen["space-A3"].ink <= EMPTY_MAX
    # without the fields, the paper closing takes the solid ink for paper
    blind, _ = _ink(photo, blank, fields, with_fields=False)
    assert blind["space-A2"].coverage < 0.1


def test_a_shadow_edge_across_a_box_is_not_ink():
    blank, fields = _sheet()
    photo = blank.copy()
    middle = round((fields[1].x + SIDE_MM / 2) * PX)
    photo[:, middle:] = (photo[:, middle:] * 0.6).astype(np.uint8)  # a hard shadow
    seen, _ = _ink(photo, blank, fields)
    assert all(r.ink <= EMPTY_MAX for r in seen.values()), seen


def test_a_shadow_band_as_wide_as_a_box_is_not_ink():
    # darker over the box and on past it, above and below: no solid mark covers it alone
    blank, fields = _sheet()
    photo = blank.copy()
    a, b = (round(v * PX) for v in (fields[1].x - 0.5, fields[1].x + SIDE_MM + 0.5))
    photo[:, a:b] = (photo[:, a:b] * 0.7).astype(np.uint8)
    seen, _ = _ink(photo, blank, fields)
    assert seen["space-A2"].ink <= EMPTY_MAX


def test_a_space_covered_all_over_is_asked_though_nothing_shows_past_it():
    from pnp.vision.field_doubts import HATCHED, doubts
    from pnp.vision.fields import FieldReading

    covered = FieldReading("space-A2", "filled", 0.75, 1.0, (0.0,) * 4, coverage=0.8)
    cross = FieldReading("space-A1", "filled", 0.08, 1.0, (0.0,) * 4, coverage=0.09)
    kinds = {"space-A1": "space", "space-A2": "space"}
    found = doubts([cross, covered], kinds, "ship.jpg", {k: "rect" for k in kinds})
    assert [(d.field, d.cause) for d in found] == [("space-A2", HATCHED)]
