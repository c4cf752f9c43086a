"""A page scanned in black and white is refused with one line, not read wrong; a sheet
filled without a camera (as sharp as the blank) is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.bench.scans import FILTERS, scanned
from pnp.vision import ink
from pnp.vision.black_white import FLAT_EXTREMES_MIN, GREYLESS, JAGGED, Greys
from pnp.vision.read import read_photo

PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def test_a_ship_scanned_black_and_white_is_refused_with_one_line(tmp_path):
    """Its grey cube symbols come out black or white, and black ones read as marks (14
    spaces wrong, unasked, before): the page is refused, exit 11, the others read."""
    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.vision.photo_io import EXIT_BLACK_AND_WHITE

    (sheet,) = read_photo(PHOTOS / "00000-stellar-drift-ship-easy.jpg", color=True)
    scan = tmp_path / "ship-bw.pdf"
    scan.write_bytes(scanned(sheet, FILTERS["black_white"]))
    tracker = PHOTOS / "00001-stellar-drift-tracker-easy.jpg"
    result = CliRunner().invoke(cli, ["read", str(scan), str(tracker)])
    assert result.exit_code == EXIT_BLACK_AND_WHITE, result.output
    assert "Traceback" not in result.output
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "ship-bw.pdf#1" in errors[0] and "black and white" in errors[0]
    assert f"== stellar-drift: {tracker.name}" in result.output  # the other photo is read


def test_a_photo_washed_out_by_light_is_refused_and_told_to_take_it_in_softer_light(tmp_path):
    """A phone photo so over-exposed that the paper and the light print are one white has
    no greys either; the line says so, not only "scan it again"."""
    import cv2
    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.vision.photo_io import EXIT_BLACK_AND_WHITE

    photo = cv2.imread(str(PHOTOS / "00000-stellar-drift-ship-easy.jpg"))
    washed = tmp_path / "washed.jpg"
    cv2.imwrite(str(washed), cv2.convertScaleAbs(photo, alpha=2.5))
    result = CliRunner().invoke(cli, ["read", str(washed)])
    assert result.exit_code == EXIT_BLACK_AND_WHITE, result.output
    (error,) = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert "washed.jpg" in error and "washed out" in error and "softer light" in error


def test_sheets_rendered_without_a_camera_are_not_taken_for_black_and_white(tmp_path):
    """Sheets filled on a tablet and saved as a PDF: as sharp as the blank, few greys
    near their print, but their tints and symbols are the blank's greys."""
    from pnp.bench.scans import scan_pdf
    from pnp.synth.pen import build_page, fill, sheet_marks
    from pnp.synth.states import random_state

    pages = sheet_marks("stellar-drift", random_state("stellar-drift", 7))
    path = tmp_path / "tablet.pdf"
    path.write_bytes(scan_pdf([fill(build_page(m), m, 7, 200).image for m in pages]))
    masks = []
    made = ink.ink_masks

    def keep(*args, **kwargs):
        masks.append(made(*args, **kwargs))
        return masks[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ink, "ink_masks", keep)
        sheets = read_photo(path)
    assert [s.code.sheet for s in sheets] == ["ship", "tracker", "tech"]
    assert min(m.greys.share for m in masks) < GREYLESS  # the first sign alone would refuse
    assert max(m.greys.flat_extremes for m in masks) < FLAT_EXTREMES_MIN
    assert max(m.greys.misfit for m in masks) < JAGGED
    assert not any(m.greys.black_and_white() for m in masks)


@pytest.mark.parametrize(
    "name", ["00003-distant-suns-cosmos-easy", "00009-federation-scorepad-player-normal"]
)
def test_a_sheet_without_flat_greys_scanned_black_and_white_is_refused(tmp_path, name):
    """A Cosmos sheet or a score pad has no tints or grey symbols to lose: its jagged
    edges tell it (the Cosmos real page read 13 hexes wrong, unasked, before)."""
    from pnp.vision.photo_io import BlackAndWhite

    (sheet,) = read_photo(PHOTOS / f"{name}.jpg", color=True)
    scan = tmp_path / "bw.pdf"
    scan.write_bytes(scanned(sheet, FILTERS["black_white"]))
    with pytest.raises(BlackAndWhite, match="black and white"):
        read_photo(scan)


def test_both_signs_are_needed():
    assert not Greys(share=1.2, flat_extremes=0.9, misfit=0.2).black_and_white()
    assert not Greys(share=0.5, flat_extremes=0.0, misfit=0.05).black_and_white()
    assert Greys(share=0.5, flat_extremes=0.3, misfit=0.05).black_and_white()
    assert Greys(share=0.5, flat_extremes=0.0, misfit=0.1).black_and_white()
