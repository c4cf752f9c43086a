"""The shape and darkness of a doubted field's ink: a pen's stroke against paper grain."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.sheetmap import Field
from pnp.vision import ink_lines
from pnp.vision.field_doubts import FAINT, NOISE
from pnp.vision.ink_shape import FEATURES, ink_shape

PX = 6.25  # px/mm
BOX = Field("b", "space", 10.0, 10.0, 8.0, 8.0)  # an 8 mm box at (10, 10) mm
PAGE = (200, 200)


def measured(base, ink=None, seen=None, printed=None) -> dict[str, float]:
    ink = base if ink is None else ink
    seen = np.ones(PAGE, np.float32) if seen is None else seen
    printed = np.full(PAGE, 255, np.uint8) if printed is None else printed
    return dict(zip(FEATURES, ink_shape(BOX, base, ink, seen, printed, PX), strict=True))


def a_stroke() -> np.ndarray:
    """One slash, a pen's width wide, across the box."""
    mask = np.zeros(PAGE, np.uint8)
    cv2.line(mask, (70, 70), (108, 105), 1, thickness=3)
    return mask


def grain_like(mask: np.ndarray, seed: int = 0) -> np.ndarray:
    """As many inked pixels as ``mask``, scattered one by one over the box."""
    inside = np.zeros(PAGE, np.uint8)
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[66:112:2, 66:112:2]
    picks = rng.choice(ys.size, size=int(mask.sum()), replace=False)
    inside[ys.ravel()[picks], xs.ravel()[picks]] = 1
    return inside


def test_a_stroke_is_one_long_thin_part_and_grain_many_specks():
    stroke, grain = measured(a_stroke()), measured(grain_like(a_stroke()))
    assert stroke["base_parts"] == 1 and grain["base_parts"] > 50
    assert stroke["base_largest_share"] == 1.0 and grain["base_largest_share"] < 0.05
    assert stroke["base_largest_extent"] > 0.7 and grain["base_largest_extent"] < 0.05
    assert stroke["base_long_parts"] == 1 and grain["base_long_parts"] == 0
    assert stroke["base_long_share"] == 1.0 and grain["base_long_share"] == 0.0
    assert stroke["base_elongation"] > 5 and grain["base_elongation"] == 1.0
    # the raised step's mask is measured apart: here it holds nothing
    empty = measured(a_stroke(), ink=np.zeros(PAGE, np.uint8))
    assert all(empty[f"ink_{name}"] == 0 for name in ("parts", "largest_share", "long_share"))


def test_the_darkness_is_the_pages_against_its_print_over_the_ink_and_the_box():
    stroke = a_stroke()
    seen = np.ones(PAGE, np.float32)
    seen[stroke > 0] = 0.6  # the stroke 40% darker than the paper
    named = measured(stroke, seen=seen)
    assert named["dark_mean"] == pytest.approx(0.4) and named["dark_max"] == pytest.approx(0.4)
    assert named["dark_median"] == pytest.approx(0.0)  # most of the box is paper
    assert named["dark_99"] == pytest.approx(0.4)
    # over a tint printed at half the paper's brightness, the same page is no darker
    printed = np.full(PAGE, 255, np.uint8)
    printed[60:115, 60:115] = 128
    tinted = measured(stroke, seen=seen * np.float32(128 / 255), printed=printed)
    assert tinted["dark_mean"] == pytest.approx(0.4, abs=1e-5)


def test_an_empty_box_and_a_box_off_the_page_measure_nothing():
    empty = measured(np.zeros(PAGE, np.uint8))
    assert all(v == 0 for k, v in empty.items() if k != "dark_std" and k not in ink_lines.FEATURES)
    off = Field("off", "space", 400.0, 400.0, 8.0, 8.0)
    nothing = np.zeros(PAGE, np.uint8)
    ones = np.ones(PAGE, np.float32)
    lines = len(ink_lines.FEATURES)
    measures = ink_shape(off, nothing, nothing, ones, nothing + 255, PX)
    assert measures == (0.0,) * (len(FEATURES) - lines) + ink_lines.NOT_MEASURED


PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def test_the_reader_measures_the_fields_it_asks_about_for_noise_or_faint_ink_alone():
    from pnp.vision.read import read_page
    from pnp.vision.rectify import decode_photo, rectify

    path = PHOTOS / "00011-stellar-drift-tracker-hard.jpg"
    sheet = read_page(rectify(decode_photo(path.read_bytes())[0]), "")
    noisy = {d.field for d in sheet.doubtful if d.cause in (NOISE, FAINT)}
    measured_ids = {r.id for r in sheet.readings if r.ink_shape}
    assert noisy and measured_ids == noisy
    truth = json.loads(path.with_suffix(".json").read_text())["sheet"]["fields"]
    marks = [r for r in sheet.readings if r.id in noisy and truth[r.id]["marked"]]
    blanks = [r for r in sheet.readings if r.id in noisy and not truth[r.id]["marked"]]
    assert marks and blanks
    share = FEATURES.index("base_long_share")
    # on this page the doubted marks' ink lies in longer strokes than the doubted blanks'
    assert np.median([r.ink_shape[share] for r in marks]) > np.median(
        [r.ink_shape[share] for r in blanks]
    )
