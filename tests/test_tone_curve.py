"""A scanner filter's contrast stretch: told from a photo's own tones, put back, and a
filtered scan of a filled sheet read without a field wrong and unasked."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pnp.bench.scans import FILTERS, scanned, unasked_wrong
from pnp.vision import tone_curve
from pnp.vision.read import read_photo
from pnp.vision.tone_curve import STRETCHED, ToneCurve, blank_tones, stretched

PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def levels_stretch(levels: np.ndarray) -> np.ndarray:
    """A scanner app's levels: 0.35..0.95 of paper stretched to black..paper."""
    return np.clip((levels - 0.35) / 0.6, 0, 1).astype(np.float32)


@pytest.fixture
def blank() -> np.ndarray:
    return np.random.default_rng(5).random(40_000).astype(np.float32)


def test_a_stretch_is_told_and_put_back(blank):
    rng = np.random.default_rng(6)
    page = levels_stretch(blank) + rng.normal(0, 0.01, blank.shape).astype(np.float32)
    sigma, curve = stretched(page, blank_tones({0.0: blank}), 0.3)
    assert sigma == 0.0
    assert curve.darkening() >= STRETCHED
    back = curve.undone(page)
    mid = (blank > 0.45) & (blank < 0.9)  # where the stretch is not clipped
    assert np.median(np.abs(back[mid] - blank[mid])) < 0.02


def test_a_photo_s_gentle_tones_are_not_a_stretch(blank):
    rng = np.random.default_rng(7)
    page = (blank**0.9 + rng.normal(0, 0.03, blank.shape)).astype(np.float32)
    assert stretched(page, blank_tones({0.0: blank}), 0.3) is None


def test_the_blur_is_the_one_whose_own_curve_fits(blank):
    other = np.random.default_rng(8).random(blank.shape).astype(np.float32)
    sigma, _ = stretched(levels_stretch(blank), blank_tones({0.9: other, 1.8: blank}), 0.3)
    assert sigma == 1.8


def test_a_curve_put_back_keeps_paper_noise_above_its_last_point():
    curve = ToneCurve(blank=(0.2, 0.5, 0.9), page=(0.05, 0.3, 0.8))
    page = np.array([0.8, 0.9, 1.0], np.float32)
    # above its lightest point the page is shifted, not squeezed: noise on the paper
    # stays as large as the photo has it, and the ink step is raised as much
    assert curve.undone(page) == pytest.approx([0.9, 1.0, 1.1], abs=1e-3)
    assert curve.undone(np.array([0.3], np.float32)) == pytest.approx([0.5], abs=1e-3)


def test_a_page_of_one_level_makes_no_curve():
    flat = np.ones(4000, np.float32)
    assert stretched(flat * 0.5, blank_tones({0.0: flat}), 0.3) is None


@pytest.mark.parametrize(
    "name",
    [
        "00000-stellar-drift-ship-easy",
        "00001-stellar-drift-tracker-easy",
        "00003-distant-suns-cosmos-easy",
    ],
)
def test_the_committed_photos_are_not_stretched(name):
    found = []
    told = tone_curve.stretched

    def keep(*args):
        found.append(told(*args))
        return found[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tone_curve, "stretched", keep)
        read_photo(PHOTOS / f"{name}.jpg")
    assert found == [None]


@pytest.mark.parametrize(
    ("name", "tone"),
    [
        ("00000-stellar-drift-ship-easy", "bgnorm_levels"),
        ("00001-stellar-drift-tracker-easy", "bgnorm_levels"),
        ("00003-distant-suns-cosmos-easy", "bgnorm_levels"),
        ("00016-stellar-drift-tracker-real", "levels"),
        ("00018-distant-suns-cosmos-real", "levels"),
    ],
)
def test_a_scan_through_a_contrast_filter_has_no_field_wrong_and_unasked(tmp_path, name, tone):
    photo = PHOTOS / f"{name}.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    (sheet,) = read_photo(photo, color=True)
    path = tmp_path / "scan.pdf"
    path.write_bytes(scanned(sheet, FILTERS[tone]))
    (again,) = read_photo(path)
    asked, wrong = unasked_wrong(again, truth)
    assert wrong == 0
    assert asked <= 2  # read, not merely asked about


def test_a_few_boxes_edges_darkened_are_no_stretch():
    """A small page whose print has one mid grey (a box inked solid darkens it): one
    level is not a page's tones."""
    assert ToneCurve(blank=(0.67, 0.8), page=(0.47, 1.0)).darkening() == 0.0
    assert ToneCurve(blank=(0.2, 0.4, 0.55, 0.7), page=(0.1, 0.3, 0.45, 0.6)).darkening() > 0
