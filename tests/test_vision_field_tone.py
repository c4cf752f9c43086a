"""``field_tone``: a field's inside's mean darkness against its print, the band round it
and the page's empty fields, on grainy pages made here (paper = 1, blank print = 1)."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.sheetmap import Field
from pnp.vision.field_tone import FEATURES, MIN_PAPER, NO_Z, field_tones

PX = 6.25  # px per mm


def page(grain: float = 0.08, seed: int = 0, size_mm: float = 120.0):
    """A grainy page of white paper (``seen``), its blank (all paper) and readable mask."""
    rng = np.random.default_rng(seed)
    side = round(size_mm * PX)
    seen = (1.0 + rng.normal(0.0, grain, (side, side))).astype(np.float32)
    printed = np.full((side, side), 255, np.uint8)
    readable = np.ones((side, side), np.uint8)
    return seen, printed, readable


def boxes(n: int = 8) -> list[Field]:
    """``n`` 8 mm boxes in a row, 14 mm apart."""
    return [Field(f"box-{i}", "track_box", 10.0 + 14.0 * i, 40.0, 8.0, 8.0) for i in range(n)]


def darken(seen: np.ndarray, f: Field, by: float, mm: float = 0.0) -> None:
    """``f``'s box (grown by ``mm``) made ``by`` darker."""
    x0, y0, x1, y1 = (round(v * PX) for v in (f.x - mm, f.y - mm, f.x + f.w + mm, f.y + f.h + mm))
    seen[y0:y1, x0:x1] *= 1.0 - by


def test_features_in_order_for_each_field_measured():
    seen, printed, readable = page()
    fields = boxes()
    out = field_tones(fields, seen, printed, readable, PX, [f.id for f in fields], ["box-3"])
    assert list(out) == ["box-3"]
    assert len(out["box-3"]) == len(FEATURES)


def test_a_light_mark_grain_hides_stands_out_of_the_page_empty_fields():
    # grain with a standard deviation of 0.15 of paper, a fill 0.06 darker: no pixel
    # of it tells, its mean does
    seen, printed, readable = page(grain=0.15)
    fields = boxes()
    darken(seen, fields[2], 0.06)
    paper = [f.id for f in fields if f.id != "box-2"]
    out = field_tones(fields, seen, printed, readable, PX, paper, ["box-2", "box-5"])
    mark, empty = out["box-2"], out["box-5"]
    tone, _, over_ring, over_ring_z, tone_z = mark
    assert tone == pytest.approx(0.06, abs=0.01)
    assert over_ring == pytest.approx(0.06, abs=0.01)
    assert over_ring_z > 5 and tone_z > 5
    assert abs(empty[3]) < 3 and abs(empty[4]) < 3


def test_a_shadow_over_a_field_and_its_paper_is_not_a_mark():
    seen, printed, readable = page(grain=0.05)
    fields = boxes()
    darken(seen, fields[4], 0.2, mm=4.0)  # the shadow reaches past the band round it
    paper = [f.id for f in fields]
    tone, ring, over_ring, over_ring_z, tone_z = field_tones(
        fields, seen, printed, readable, PX, paper, ["box-4"]
    )["box-4"]
    assert tone == pytest.approx(0.2, abs=0.01) and ring == pytest.approx(0.2, abs=0.01)
    assert tone_z > 5  # darker than the page's empty fields...
    assert abs(over_ring_z) < 3  # ...but not than the paper round it


def test_the_tone_is_against_the_print_and_only_where_ink_can_show():
    seen, printed, readable = page(grain=0.0)
    fields = boxes()
    f = fields[1]
    x0, y0, x1, y1 = (round(v * PX) for v in (f.x, f.y, f.x + f.w, f.y + f.h))
    printed[y0:y1, x0:x1] = 153  # a tinted box, 0.6 of paper
    seen[y0:y1, x0:x1] = 0.6 * 0.9  # ...and a mark 0.1 darker than its tint
    readable[y0 : (y0 + y1) // 2, x0:x1] = 0  # its top half too dark to read
    seen[y0 : (y0 + y1) // 2, x0:x1] = 0.0
    tone = field_tones(fields, seen, printed, readable, PX, [], ["box-1"])["box-1"][0]
    assert tone == pytest.approx(0.1, abs=1e-3)


def test_no_distance_from_too_few_empty_fields():
    seen, printed, readable = page()
    fields = boxes()
    paper = [f.id for f in fields[: MIN_PAPER - 1]]
    out = field_tones(fields, seen, printed, readable, PX, paper, ["box-7"])["box-7"]
    assert out[3] == NO_Z and out[4] == NO_Z
    paper = [f.id for f in fields[:MIN_PAPER]]
    out = field_tones(fields, seen, printed, readable, PX, paper, ["box-7"])["box-7"]
    assert out[3] != NO_Z and out[4] != NO_Z
