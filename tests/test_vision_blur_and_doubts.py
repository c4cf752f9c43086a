"""The reader's blur model and the doubt rules that keep it from being silently wrong."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.pagecode import PageCode
from pnp.sheetmap import Field
from pnp.vision.blank_prep import BLUR_SIGMAS, prepared
from pnp.vision.blur_fit import MIN_STEP, blurred_step, fitted_blur
from pnp.vision.field_doubts import doubts
from pnp.vision.fields import FieldReading, read_fields
from pnp.vision.ink import INK_STEP, ink_masks
from pnp.vision.reference import common_map, reference_image

PX = 6.25
TRACKER = PageCode.parse("PNP:SD:TRACKER:TRACKER:1:000001")


@pytest.fixture(scope="module")
def blank():
    return reference_image(TRACKER.game, TRACKER.sheet, TRACKER.layout, PX)


@pytest.mark.parametrize("sigma", [s for s in BLUR_SIGMAS if s])
def test_the_blur_of_a_photo_is_fitted_from_its_print(blank, sigma):
    seen = cv2.GaussianBlur(blank, (0, 0), sigma).astype(np.float32) / 255
    assert fitted_blur(seen, prepared(blank, PX)) == sigma


def test_a_blurred_blank_sheet_reads_as_no_ink_at_all(blank):
    photo = cv2.GaussianBlur(blank, (0, 0), 2.0)
    readings = read_fields(ink_masks(photo, blank, PX).ink, common_map(TRACKER).fields, PX)
    assert max(r.ink for r in readings) <= 0.005


def test_the_ink_step_falls_with_the_blur_but_not_below_its_floor():
    steps = [blurred_step(INK_STEP, s, PX) for s in BLUR_SIGMAS]
    assert steps[:3] == [INK_STEP] * 3  # as sharp as SHARP_SIGMA or sharper
    assert steps == sorted(steps, reverse=True)
    assert steps[-1] == MIN_STEP


def reading(**kw) -> FieldReading:
    kw = {"id": "f", "state": "filled", "ink": 0.5, "confidence": 1.0} | kw
    kw.setdefault("base_ink", kw["ink"])
    kw.setdefault("coverage", kw["ink"])
    return FieldReading(**kw)


def why(r: FieldReading, kind: str = "track_box", shape: str = "rect") -> list[str]:
    return [d.reason for d in doubts([r], {"f": kind}, "p", {"f": shape})]


def test_a_solid_fill_inside_its_box_is_vouched_for_a_hatching_past_it_is_not():
    assert why(reading(ink=0.97, beyond=0.0)) == []
    assert "hatched out" in why(reading(ink=0.97, beyond=0.3))[0]


def test_a_circle_inked_past_its_outline_guesses_empty_unless_it_is_filled_to_mark_it():
    """A Round circle is marked by a tick or a cross: ink past it is a hatching-out (3
    marks of 65 so asked on 40 sets); a bubble is filled, often past it (43 of 92)."""
    r = reading(ink=0.6, beyond=0.8)
    for kind, guess in (("round_circle", False), ("frontier_value", False), ("bubble", None)):
        (d,) = doubts([r], {"f": kind}, "p", {"f": "circle"})
        assert d.reason == "inked past the circle: a fill, or hatched out?"
        assert d.guess is guess, kind


def test_a_fill_resting_on_noise_grains_is_doubtful():
    assert "noisy paper" in why(reading(ink=0.1, base_ink=0.45))[0]
    assert why(reading(ink=0.3, base_ink=0.35)) == []


def test_a_thinly_covered_bubble_on_noisy_paper_is_doubtful_on_quiet_paper_not():
    noisy = reading(ink=0.3, base_ink=0.45)
    assert "noisy paper" in why(noisy, "bubble", "circle")[0]
    assert why(reading(ink=0.3), "bubble", "circle") == []


def test_an_empty_field_with_faint_strokes_under_a_raised_step_is_doubtful():
    assert why(reading(state="empty", ink=0.0, base_ink=0.1))
    assert why(reading(state="empty", ink=0.008, base_ink=0.018))  # a stroke cut to pieces
    assert why(reading(state="empty", ink=0.0, base_ink=0.018)) == []
    assert why(reading(state="empty", ink=0.0, base_ink=0.0)) == []


def test_a_little_ink_running_in_from_one_side_only_is_asked_about():
    """A neighbour's mark overrunning into a box leaves ink past one side and a sliver
    inside: not vouched for as a mark of the box's own."""
    assert "one side" in why(reading(ink=0.05, spill=(0.0, 0.0, 0.9, 0.0)))[0]
    assert why(reading(ink=0.05, spill=(0.0, 0.3, 0.9, 0.0))) == []  # inked past two sides
    assert why(reading(ink=0.3, spill=(0.0, 0.0, 0.9, 0.0))) == []  # a mark of its own
    circle = why(reading(ink=0.05, spill=(0.0, 0.0, 0.9, 0.0)), "bubble", "circle")
    assert not any("one side" in w for w in circle)  # a circle's spill lies at its corners


def test_an_empty_box_inked_just_past_two_sides_is_asked_about():
    """A tick drawn large across a box's outline leaves its ink on the print (hidden) and
    past two sides; a neighbour's overrun comes in past one."""
    empty = {"state": "empty", "ink": 0.0}
    assert "two sides" in why(reading(**empty, spill=(0.0, 0.3, 0.12, 0.0)))[0]
    assert why(reading(**empty, spill=(0.0, 0.0, 0.9, 0.0))) == []
    assert why(reading(**empty, spill=(0.0, 0.3, 0.12, 0.0)), "bubble", "circle") == []


@pytest.mark.parametrize("checks", [False, True], ids=["reader", "with-checks"])
def test_the_committed_photos_are_never_silently_wrong(checks):
    """Every field of every committed photo is read right or doubted, as `python -m
    pnp.bench read` counts them: by the reader alone, and as `pnp read` asks after the
    game's own checks (with what the page settles compared as settled)."""
    import json
    from pathlib import Path

    from pnp.bench.read_photo import read_one

    photos = sorted((Path(__file__).parent / "fixtures" / "photos").glob("*.jpg"))
    silent = []
    for photo in photos:
        truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
        _, readings, doubted, *_ = read_one(photo.read_bytes(), checks=checks)
        for r in readings:
            t = truth.get(r.id)
            if t is None or t["kind"] == "write" or t["touched_by"]:
                continue
            if r.state != ("filled" if t["marked"] else "empty") and not (
                r.state == "doubtful" or r.id in doubted
            ):
                silent.append(f"{photo.stem}:{r.id}")
    assert not silent, silent


def test_only_strokes_a_pen_wide_count_as_thick_ink_not_the_grain_of_noisy_paper():
    box = Field("track-power-1", "track_box", 20.0, 20.0, 9.5, 9.5)
    x0, y0, x1, y1 = (round(v * PX) for v in (20.7, 20.7, 28.8, 28.8))  # inside the outline
    stroke = np.zeros((300, 300), np.uint8)
    stroke[(y0 + y1) // 2 : (y0 + y1) // 2 + 3, x0:x1] = 1  # 3 px: a pen's 0.48 mm
    grain = np.zeros_like(stroke)
    rng = np.random.default_rng(1)
    for y, x in zip(rng.integers(y0, y1 - 2, 60), rng.integers(x0, x1 - 2, 60), strict=True):
        grain[y : y + 2, x : x + 2] = 1  # specks two pixels wide survive the speck opening
    grain[stroke > 0] = 0
    ones = np.ones_like(stroke)
    steps = np.full(stroke.shape, INK_STEP, np.float32)

    def thick(mask):
        r = read_fields(mask, [box], PX, steps, mask, ones)[0]
        return r.ink, r.thick_ink, r.thick_base

    ink, thick_ink, thick_base = thick(stroke)
    assert thick_ink == thick_base == pytest.approx(ink) and ink > 0.03
    noisy_ink, noisy_thick, _ = thick(stroke | grain)
    assert noisy_ink > ink + 0.03  # the grain doubles the box's ink share...
    assert noisy_thick == pytest.approx(ink, abs=0.005)  # ...and not its thick ink


def test_thick_ink_and_thick_base_are_each_mask_opened_alone():
    """One opening of ink + base (ink within base) gives each mask's own opening."""
    from pnp.vision.fields import _box_sums, _thick_shares
    from pnp.vision.ink import _thick

    rng = np.random.default_rng(7)
    base = (cv2.GaussianBlur(rng.random((240, 260)), (0, 0), 1.5) > 0.52).astype(np.uint8)
    ink = base & (cv2.GaussianBlur(rng.random(base.shape), (0, 0), 1.5) > 0.5).astype(np.uint8)
    boxes = np.array([[x, y, x + 30, y + 25] for x in range(0, 230, 23) for y in range(0, 215, 21)])
    area = np.full(len(boxes), 750)
    alone = [_box_sums(cv2.integral(_thick(m, PX)), boxes) / area for m in (ink, base)]
    shares = np.array(_thick_shares(ink, base, boxes, area, PX))
    assert np.array_equal(shares[:, 0], alone[0]) and np.array_equal(shares[:, 1], alone[1])
    assert 0 < shares[:, 0].sum() < shares[:, 1].sum()  # both open to something, and differ
