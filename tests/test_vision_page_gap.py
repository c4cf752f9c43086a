"""Fields doubted for the paper's noise are settled by the page's own marks and paper."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading
from pnp.vision.ink import InkMasks
from pnp.vision.page_gap import settle_by_gap

PX = 6.0  # px per mm
BOX = 6.0  # mm
COLUMNS = 8


def page(marks: dict[int, float], noise: float, seed: int = 0):
    """A row-by-row grid of 6 mm boxes on white paper with gaussian noise; box n holds a
    pen stroke darker than paper by ``marks[n]`` (a share of the paper's brightness)."""
    rng = np.random.default_rng(seed)
    fields = [
        Field(f"f{n}", "track_box", 5 + (n % COLUMNS) * 10, 5 + (n // COLUMNS) * 10, BOX, BOX)
        for n in range(4 * COLUMNS)
    ]
    h = w = round(50 * PX) + 60
    seen = np.ones((h, w), np.float32)
    for n, depth in marks.items():
        f = fields[n]
        a = (round((f.x + 1.5) * PX), round((f.y + 1.5) * PX))
        b = (round((f.x + BOX - 1.5) * PX), round((f.y + BOX - 1.5) * PX))
        cv2.line(seen, a, b, 1.0 - depth, 3)
    seen += rng.normal(0, noise, seen.shape).astype(np.float32)
    printed = np.full((h, w), 255, np.uint8)
    ones = np.ones((h, w), np.uint8)
    masks = InkMasks(ones * 0, np.zeros((h, w), np.float32), ones * 0, ones, seen, printed)
    return fields, masks


def readings(fields, states: dict[int, str], base: dict[int, float] | None = None):
    base = base or {}
    return [
        FieldReading(
            f.id,
            states.get(n, "empty"),
            0.1 if states.get(n) == "filled" else 0.0,
            1.0,
            base_ink=base.get(n, 0.0),
        )
        for n, f in enumerate(fields)
    ]


def unmeasured(rs):
    """``rs`` without the darkness ``settle_by_gap`` notes on the fields it judged."""
    from dataclasses import replace

    return [replace(r, darkness=()) for r in rs]


MARKS = {1: 0.6, 5: 0.55, 9: 0.6, 14: 0.5}  # the page's sure marks
FILLED = {n: "filled" for n in MARKS}


def test_a_noise_doubt_settles_empty_on_paper_and_filled_as_dark_as_the_marks():
    fields, masks = page(MARKS | {20: 0.6}, noise=0.04)
    rs = readings(fields, FILLED | {20: "filled", 21: "doubtful"})
    out = settle_by_gap(rs, fields, masks, PX, {"f20", "f21"}, {"f20", "f21"}, {"f20"})
    # the page's gap as each judged field saw it: its darkness above the paper's
    d20, paper, paper_90, marks = out[20].darkness
    assert d20 > marks > paper_90 and out[21].darkness[0] < marks and out[1].darkness == ()
    assert (out[20].state, out[20].settled) == ("filled", True)
    assert (out[21].state, out[21].settled) == ("empty", True)
    assert out[1] == rs[1]  # the sure fields are left as they were


def test_without_a_clear_gap_between_marks_and_paper_nothing_is_settled():
    fields, masks = page({1: 0.2, 5: 0.2, 9: 0.2, 14: 0.2, 20: 0.2}, noise=0.06)
    rs = readings(fields, FILLED | {20: "filled", 21: "doubtful"})
    out = settle_by_gap(rs, fields, masks, PX, {"f20", "f21"}, {"f20", "f21"}, {"f20"})
    assert unmeasured(out) == rs


def test_dark_but_not_doubted_for_noise_or_inked_like_a_hatching_stays_doubtful():
    fields, masks = page(MARKS | {20: 0.55, 22: 0.55}, noise=0.04)
    rs = readings(fields, FILLED | {20: "doubtful", 22: "filled"}, base={22: 0.7})
    out = settle_by_gap(rs, fields, masks, PX, {"f20", "f22"}, {"f20", "f22"}, {"f22"})
    assert unmeasured(out)[20] == rs[20]  # a faint mark, dark: a sliver of a neighbour's?
    assert unmeasured(out)[22] == rs[22]  # a correction, perhaps


def stain(masks: InkMasks, fields, n: int, depth: float) -> None:
    """A dark patch (a shadow's edge, a smudge) over sure empty field ``n``."""
    f = fields[n]
    x0, y0 = round((f.x + 1) * PX), round((f.y + 1) * PX)
    masks.seen[y0 : y0 + round(4 * PX), x0 : x0 + round(4 * PX)] = 1.0 - depth


def test_a_page_without_a_gap_settles_a_field_by_the_fields_around_it(monkeypatch):
    from pnp.vision import page_gap

    monkeypatch.setattr(page_gap, "NEAR_EMPTY", 8)  # this small page holds 18 sure empties
    # a dark patch over an empty box in the left column leaves no page-wide gap; the
    # boxes round fields 20 and 28 (column 4) still show one
    fields, masks = page(MARKS | {20: 0.6}, noise=0.04)
    stain(masks, fields, 24, 0.55)
    rs = readings(fields, FILLED | {20: "filled", 28: "doubtful"})
    out = settle_by_gap(rs, fields, masks, PX, {"f20", "f28"}, {"f20", "f28"}, {"f20"})
    assert (out[20].state, out[20].settled) == ("filled", True)
    assert (out[28].state, out[28].settled) == ("empty", True)
    # ...but not where the patch lies among their nearest fields
    fields, masks = page(MARKS | {20: 0.6}, noise=0.04)
    stain(masks, fields, 19, 0.55)
    rs = readings(fields, FILLED | {20: "filled", 28: "doubtful"})
    out = settle_by_gap(rs, fields, masks, PX, {"f20", "f28"}, {"f20", "f28"}, {"f20"})
    assert unmeasured(out) == rs


def test_a_dark_field_on_paper_grainier_than_the_sure_empties_is_not_settled_filled():
    """Under a hard shadow the grain is greater and its darkest points darker: the gap
    measured on the lit page says nothing there (seed 785's sample 130)."""
    fields, masks = page(MARKS | {20: 0.6}, noise=0.04)
    rs = readings(fields, FILLED | {20: "filled"})
    settled = settle_by_gap(rs, fields, masks, PX, {"f20"}, {"f20"}, {"f20"})
    assert (settled[20].state, settled[20].settled) == ("filled", True)
    # the same page with more grain over field 20 and its paper alone
    rng = np.random.default_rng(5)
    shade = np.s_[round(22 * PX) : round(34 * PX), round(42 * PX) : round(54 * PX)]  # y, x
    masks.seen[shade] += rng.normal(0, 0.06, masks.seen[shade].shape).astype(np.float32)
    out = settle_by_gap(rs, fields, masks, PX, {"f20"}, {"f20"}, {"f20"})
    assert unmeasured(out) == rs


def test_a_page_with_too_few_sure_marks_is_not_judged():
    fields, masks = page({1: 0.6, 20: 0.55}, noise=0.04)
    rs = readings(fields, {1: "filled", 20: "filled"})
    assert settle_by_gap(rs, fields, masks, PX, {"f20"}, {"f20"}, {"f20"}) == rs


def test_a_faint_mark_as_dark_as_the_marks_is_settled_unless_ink_runs_in_or_is_a_sliver():
    from dataclasses import replace

    from pnp.vision.page_doubts import settled_doubts

    fields, masks = page(MARKS | {20: 0.6, 22: 0.6, 23: 0.6}, noise=0.01)
    rs = readings(fields, FILLED | {20: "doubtful", 22: "doubtful", 23: "doubtful"})
    rs[20] = replace(rs[20], ink=0.03, spill=(0.0, 0.0, 0.0, 0.0))
    rs[22] = replace(rs[22], ink=0.03, spill=(0.0, 0.0, 0.9, 0.0))  # ink comes in from outside
    rs[23] = replace(rs[23], ink=0.02, spill=(0.0, 0.0, 0.0, 0.0))  # too little for a mark
    out, asked = settled_doubts(rs, fields, masks, PX, "p")
    assert (out[20].state, out[20].settled) == ("filled", True)
    assert [d.field for d in asked] == ["f22", "f23"]


def test_darkest_smooths_around_the_fields_alone_as_the_whole_page_would():
    """``darkest`` smooths windows around the fields only; each field's darkest point is
    the one the whole page smoothed gives, bit for bit (fields at the page's edges, off
    it, and a page whose width is no multiple of the windows' lanes)."""
    from pnp.vision.blank_prep import print_level
    from pnp.vision.field_boxes import _field_boxes
    from pnp.vision.page_gap import SMOOTH_MM, _smoothed, darkest

    rng = np.random.default_rng(3)
    h, w = 611, 437
    seen = rng.uniform(0.2, 1.3, (h, w)).astype(np.float32)
    printed = rng.integers(0, 256, (h, w), dtype=np.uint8)
    readable = (rng.random((h, w)) > 0.05).astype(np.uint8)
    readable[300:340, 200:260] = 0  # the field at (34, 50.5) lies on dark print alone
    zeros = np.zeros((h, w), np.uint8)
    masks = InkMasks(zeros, np.zeros((h, w), np.float32), zeros, readable, seen, printed)
    spots = [(1, 1), (60, 8), (20.5, 30), (66.2, 96), (0.0, 95.5), (34, 50.5), (71, 100), (80, 50)]
    fields = [Field(f"f{n}", "track_box", x, y, 6.2, 5.3) for n, (x, y) in enumerate(spots)]
    fields.append(Field("c", "bubble", 40, 70, 7.0, 7.0, shape="circle"))

    level = np.maximum(print_level(printed), np.float32(0.3))
    whole = cv2.GaussianBlur(seen / level, (0, 0), SMOOTH_MM * PX)
    whole[readable == 0] = np.inf
    boxes = np.clip(_field_boxes(fields, PX).inside, 0, [w, h, w, h])
    on_page = boxes[(boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1])]
    smoothed = _smoothed(masks, on_page, SMOOTH_MM * PX)
    expected = []
    for x0, y0, x1, y1 in boxes.tolist():
        v = float(whole[y0:y1, x0:x1].min()) if x1 > x0 and y1 > y0 else np.inf
        expected.append(None if np.isinf(v) else 1.0 - v)
        assert np.array_equal(smoothed[y0:y1, x0:x1], whole[y0:y1, x0:x1])
    assert darkest(masks, fields, PX) == expected
    assert expected.count(None) == 2  # the field on dark print, the one off the page


SHADOW = Path(__file__).parent / "fixtures" / "shadow" / "seed785-00130-stellar-drift-ship-hard.jpg"


def test_a_photo_half_in_a_hard_shadow_reads_no_empty_space_there_filled_unasked():
    """Seed 785's sample 130: pencil ticks, a hard shadow across the ship's lower half.
    The page's gap, measured in the light, settled three empty spaces in the shadow filled
    (C10, D10, G10: their grain there 1.7 times the lit paper's); now no empty field is
    read filled without a question, and the spaces in the shadow are asked or read empty."""
    import json

    from pnp.vision.read import read_photo

    truth = json.loads(SHADOW.with_suffix(".json").read_text())["sheet"]["fields"]
    sheet = read_photo(SHADOW)[0]
    asked = {d.field for d in sheet.doubtful}
    filled_unasked = {r.id for r in sheet.readings if r.state == "filled" and r.id not in asked}
    assert not {i for i in filled_unasked if not truth[i]["marked"]}
    shaded = {"space-C10", "space-D10", "space-G10"}
    assert all(not truth[i]["marked"] for i in shaded) and shaded <= {
        r.id for r in sheet.readings if r.id in asked or r.state == "empty"
    }
