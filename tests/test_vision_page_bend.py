"""A page that bows is told apart from a tilted one, and refused as not lying flat where
its print shows the alignment did not follow it."""

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from pnp.vision.page_bend import BOWED_MM, MISALIGNED_MM, bend_mm
from pnp.vision.read import refuse_bowed
from pnp.vision.rectify import MAX_REPROJECTION_MM, NotFlat

PX_PER_MM = 6.25


def grid(rows: int = 20, cols: int = 14) -> tuple[np.ndarray, np.ndarray]:
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float64)
    return x / cols, y / rows


def test_a_plane_of_shifts_does_not_bend_and_a_curled_edge_does():
    x, y = grid()
    # a tilted, misfitted page: the shifts change along a plane, however far
    tilted = np.stack([3.0 + 12.0 * x - 5.0 * y, -2.0 + 8.0 * y + 4.0 * x], axis=2)
    assert bend_mm(tilted, PX_PER_MM) < 0.01
    # the top edge curled: its middle 4 mm off, the corners and the page's far side not
    amplitude = 4.0 * PX_PER_MM
    bow = amplitude * np.sin(np.pi * x) * np.exp(-y / 0.15)
    curled = np.stack([np.zeros_like(bow), bow], axis=2) + tilted
    assert bend_mm(curled, PX_PER_MM) >= BOWED_MM
    # a tenth of that curl is within the limit
    slight = np.stack([np.zeros_like(bow), bow / 10], axis=2) + tilted
    assert bend_mm(slight, PX_PER_MM) < BOWED_MM


def test_a_grid_too_small_to_tell_does_not_bend():
    assert bend_mm(np.full((1, 3, 2), 40.0), PX_PER_MM) == 0.0


def _never_measured(*_):
    raise AssertionError("a flat page's print is not measured again")


def test_a_flat_page_is_read_without_measuring_its_print_again(monkeypatch):
    monkeypatch.setattr("pnp.vision.ink.misalignment_mm", _never_measured)
    page = SimpleNamespace(reprojection_mm=MAX_REPROJECTION_MM, px_per_mm=PX_PER_MM)
    refuse_bowed(SimpleNamespace(bend_mm=BOWED_MM - 0.01, seen=None), page, None)


@pytest.mark.parametrize(
    ("bend", "misfit", "why"),
    [
        (1.7, 0.4, r"bows, its print up to 1\.7 mm"),
        (0.3, MAX_REPROJECTION_MM + 0.4, r"corner markers miss by up to 2\.4 mm"),
    ],
)
def test_a_page_not_flat_is_read_where_its_print_lines_up_and_else_refused(
    monkeypatch, bend, misfit, why
):
    masks = SimpleNamespace(bend_mm=bend, seen=None)
    page = SimpleNamespace(reprojection_mm=misfit, px_per_mm=PX_PER_MM)
    monkeypatch.setattr("pnp.vision.ink.misalignment_mm", lambda *_: MISALIGNED_MM - 0.01)
    refuse_bowed(masks, page, None)  # the alignment followed it: read
    monkeypatch.setattr("pnp.vision.ink.misalignment_mm", lambda *_: 0.7)
    with pytest.raises(NotFlat, match=why + r".* 0\.7 mm off in places .* press it flat"):
        refuse_bowed(masks, page, None)


def _sheet() -> np.ndarray:
    """A blank tracker sheet as the aligner sees a page: float32, paper 1."""
    from pnp.vision.reference import reference_image

    blank = reference_image("stellar-drift", "tracker", "tracker", PX_PER_MM)
    return blank.astype(np.float32) / 255


def test_a_page_aligned_to_its_blank_is_not_misaligned_and_one_shifted_by_a_mm_is():
    import cv2

    from pnp.vision.ink import misalignment_mm

    page = _sheet()
    blank = (page * 255).astype(np.uint8)
    assert misalignment_mm(page, blank, PX_PER_MM) < 0.05
    # the print moved 0.8 mm right and 0.6 mm down: every tile finds it 1 mm off
    move = np.float32([[1, 0, 0.8 * PX_PER_MM], [0, 1, 0.6 * PX_PER_MM]])
    moved = cv2.warpAffine(page, move, page.shape[::-1], borderValue=1.0)
    assert misalignment_mm(moved, blank, PX_PER_MM) == pytest.approx(1.0, abs=0.1)


CURLED = Path(__file__).parent / "fixtures" / "curled"


def test_a_bowed_page_whose_print_lines_up_once_followed_is_read_right():
    # seed 652 #154 (``python -m pnp.bench photos --n 300 --seed 652``): a hard pad page
    # bowing 1.07 mm, refused before session 52; its print lines up within 0.25 mm
    import json

    from pnp.vision.read import read_photo

    page = CURLED / "seed652-00154-federation-scorepad-player-hard.jpg"
    truth = json.loads(page.with_suffix(".json").read_text())["sheet"]["fields"]
    (sheet,) = read_photo(page)
    asked = {d.field for d in sheet.doubtful}
    wrong = [
        r.id
        for r in sheet.readings
        if r.id in truth
        and not truth[r.id]["touched_by"]
        and r.id not in asked
        and (r.state == "filled") != truth[r.id]["marked"]
    ]
    assert wrong == [] and len(sheet.readings) > 100


def test_a_bowed_page_whose_print_the_alignment_did_not_follow_is_refused():
    # seed 612 #272: a hard tech page bowing 1.8 mm (its corner markers miss by 2.1 mm)
    # whose print lies 3 mm off in places once aligned (read anyway: 24 fields wrong)
    from pnp.vision.photo_io import NoSheet
    from pnp.vision.read import read_photo

    with pytest.raises(NoSheet, match=r"bows, its print up to 1\.8 mm .* still lies 3\.0 mm off"):
        read_photo(CURLED / "seed612-00272-stellar-drift-tech-hard.jpg")
