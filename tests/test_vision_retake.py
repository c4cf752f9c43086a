"""A page that asks about too much is answered quicker by a new photo: the reader says so,
with what it measured of the photo that a person can change (``pnp.vision.retake``)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from sheet_readings import sheet_reading

from pnp.cli import cli
from pnp.vision.fields import FieldReading
from pnp.vision.ink import INK_STEP
from pnp.vision.rectify import Rectified, page_resolution
from pnp.vision.retake import (
    DARK_PAPER,
    GRAINY_STEP,
    RETAKE_MANY,
    RETAKE_MIN,
    RETAKE_SHARE,
    SMALL_PX_PER_MM,
    UNEVEN,
    PhotoQuality,
    advice,
    quality,
)

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
GOOD = PhotoQuality(px_per_mm=8.0, paper=220.0, evenness=0.9, step=INK_STEP)


def page_of(n: int, step: float = INK_STEP, page: np.ndarray | None = None, px=8.0):
    readings = tuple(FieldReading(f"box-{i}", "empty", 0.0, 1.0, step=step) for i in range(n))
    sheet = sheet_reading("/photos/table.jpg", readings, "space", {})
    page = np.full((600, 400), 220, np.uint8) if page is None else page
    return replace(sheet, page=page, photo_px_per_mm=px)


def test_a_page_asking_about_a_share_and_a_number_of_its_fields_is_advised():
    sheet = page_of(40, step=GRAINY_STEP + 0.05, px=SMALL_PX_PER_MM - 1)
    share = int(np.ceil(RETAKE_SHARE * 40))
    tip = advice(sheet, share)
    assert tip is not None
    assert tip.startswith(f"table.jpg: {share} of its 40 fields are in doubt")
    assert "small in the photo (4.0 px per mm)" in tip and "grainy" in tip
    # one fewer than the share, or fewer than RETAKE_MIN on a small page: answering is quicker
    assert advice(sheet, share - 1) is None
    small = page_of(RETAKE_MIN + 1, step=GRAINY_STEP + 0.05)
    assert advice(small, RETAKE_MIN - 1) is None
    assert advice(small, RETAKE_MIN) is not None


def test_each_measure_names_its_own_remedy_and_a_good_photo_none():
    assert GOOD.problems() == []
    small = replace(GOOD, px_per_mm=SMALL_PX_PER_MM - 0.5).problems()
    assert small == [
        "the page is small in the photo (4.5 px per mm): come closer, until it fills the frame"
    ]
    assert replace(GOOD, px_per_mm=0.0).problems() == []  # unknown: nothing said
    grainy_dark = replace(GOOD, step=GRAINY_STEP, paper=DARK_PAPER - 1).problems()
    assert grainy_dark == ["the photo is grainy and dark (the paper 62% of white): more light"]
    uneven = replace(GOOD, evenness=UNEVEN).problems()
    assert len(uneven) == 1 and "uneven" in uneven[0] and "60% as bright" in uneven[0]


def test_a_page_advised_with_nothing_measured_poor_still_gets_a_remedy():
    tip = advice(page_of(40), 20)
    assert tip is not None and tip.endswith("take it in even light, the page filling the frame")


def test_quality_measures_the_paper_not_the_print():
    rng = np.random.default_rng(1)
    page = np.full((600, 400), 230, np.uint8)
    page[rng.random(page.shape) < 0.05] = 40  # print and marks: dark specks
    q = quality(page_of(10, page=page))
    assert q.paper == pytest.approx(230, abs=1) and q.evenness == pytest.approx(1.0, abs=0.01)
    page[:, :200] = np.where(page[:, :200] > 100, 100, 20)  # a hard shadow on the left half
    q = quality(page_of(10, step=0.3, page=page))
    assert q.paper == pytest.approx(230, abs=1)
    assert q.evenness == pytest.approx(100 / 230, abs=0.02) and q.evenness <= UNEVEN
    assert q.step == 0.3 and "uneven" in " ".join(q.problems())


def test_page_resolution_is_the_photos_pixels_per_page_mm():
    # a photo at 12.5 px/mm flattened at 6.25 px/mm: half a pixel a photo pixel; turned
    theta = np.radians(30)
    turn = np.array(
        [[np.cos(theta), -np.sin(theta), 0], [np.sin(theta), np.cos(theta), 0], [0, 0, 1]]
    )
    h = turn @ np.diag([0.5, 0.5, 1.0])
    page = Rectified(np.zeros((100, 80), np.uint8), 6.25, h, 0.0, (0, 1, 2, 3))
    assert page_resolution(page) == pytest.approx(12.5, rel=1e-6)


@pytest.fixture(scope="module")
def poor(tmp_path_factory) -> Path:
    """A synthetic hard photo whose page asks about most of its fields: a Cosmos page
    small in the frame (2.9 px per mm), grainy and half in shadow (seed 760's sample 73;
    107 of its 145 fields asked). Until session 69 a Stellar Drift ship page (seed 44's
    sample 110, 3.8 px per mm), which the noise model then read but for 10 of its 47
    fields, below the share advised."""
    from pnp.synth.dataset import Sample, make

    sample = Sample(73, "distant-suns", "cosmos", "hard", 1688853897, 251139034, 1814780911)
    jpeg, _ = make(sample)
    path = tmp_path_factory.mktemp("retake") / "poor.jpg"
    path.write_bytes(jpeg)
    return path


def test_pnp_read_advises_a_new_photo_of_a_page_it_cannot_read_and_not_of_a_good_one(poor):
    good = PHOTOS / "00000-stellar-drift-ship-easy.jpg"
    result = CliRunner().invoke(cli, ["read", str(poor)])
    assert result.exit_code == 3, result.output
    tips = [ln for ln in result.output.splitlines() if ln.startswith("retake: ")]
    assert len(tips) == 1 and tips[0].startswith("retake: poor.jpg: ")
    assert "px per mm): come closer" in tips[0]
    # the questions stay: the advice replaces none of them
    assert "doubtful (" in result.output
    result = CliRunner().invoke(cli, ["read", "--json", str(good)])
    state = json.loads(result.stdout)["states"][0]
    assert state["retake"] == {}
    # the page's resolution in its photo, as the truth's camera took it
    camera = json.loads(good.with_suffix(".json").read_text())["camera"]["params"]
    assert state["sheets"][0]["photo_px_per_mm"] == pytest.approx(camera["px_per_mm"], rel=0.05)
    result = CliRunner().invoke(cli, ["read", "--json", str(poor)])
    assert list(json.loads(result.stdout)["states"][0]["retake"]) == [str(poor)]


def test_ask_shows_the_advice_first_and_quit_leaves_the_rest_open(poor):
    before = CliRunner().invoke(cli, ["read", str(poor), "--json"])
    asked = {d["field"] for d in json.loads(before.stdout)["states"][0]["doubtful"]}
    assert len(asked) >= 3  # the page asks about many of its fields
    answers = "one\nempty\nquit\n"  # one field at a time, the first answered, then quit
    result = CliRunner().invoke(cli, ["read", str(poor), "--ask", "--json"], input=answers)
    assert result.exit_code == 3, result.output
    err = result.stderr
    assert err.index("retake: poor.jpg: ") < err.index("fields in doubt, numbered in")
    # two questions (a box's, or a hex's with its zones), none after the quit
    assert err.count("skip, or quit") == 2
    first = err.split("crop: ")[0].splitlines()[-2].split()[1].rstrip(":")
    state = json.loads(result.stdout)["states"][0]
    open_fields = {d["field"] for d in state["doubtful"]}
    assert first not in open_fields and state["confidence"][first] == 1.0
    # the rest left open as they were asked (a hex answered may leave the Cosmos shapes
    # more to ask, as ``pnp read`` asks again after answers)
    assert asked - {first} <= open_fields


def test_a_large_page_asking_about_many_fields_is_advised_below_the_share():
    """A score pad's 640 bubbles: a quarter is 160 questions, far past what anyone would
    rather answer than photograph again."""
    pad = page_of(640)
    assert RETAKE_MANY < RETAKE_SHARE * 640
    assert advice(pad, RETAKE_MANY - 1) is None
    tip = advice(pad, RETAKE_MANY)
    assert tip is not None and tip.startswith(f"table.jpg: {RETAKE_MANY} of its 640 fields")
