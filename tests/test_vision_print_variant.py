"""A sheet printed with `pnp kit --ink-saving` (no large fills, black cube symbols) is
read against that blank sheet, not the colour one: the photo tells which was printed."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from read_truth import silent_fields

from pnp.cli import cli
from pnp.synth.camera import photograph
from pnp.synth.dataset import make, plan
from pnp.synth.marks import sheet_marks
from pnp.synth.pen import build_page, fill
from pnp.synth.states import random_state
from pnp.vision.read import read_photo


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """One player's ship, tracker and tech sheets, filled and photographed, printed both
    ways: {(sheet, ink_saving): (path, truth fields)}."""
    out = tmp_path_factory.mktemp("printed")
    state = random_state("stellar-drift", 12)
    shots = {}
    for k, marks in enumerate(sheet_marks("stellar-drift", state)):
        for saving in (False, True):
            page = build_page(marks, ink_saving=saving)
            assert page.map == build_page(marks).map  # the same fields either way
            filled = fill(page, marks, 70 + k, 150)
            path = out / f"{marks.sheet}-{'saving' if saving else 'colour'}.jpg"
            path.write_bytes(photograph(filled.image, "easy", 30 + k, megapixels=2).jpeg)
            shots[marks.sheet, saving] = (path, filled.truth["fields"])
    return shots


@pytest.mark.parametrize("sheet", ["ship", "tracker", "tech"])
@pytest.mark.parametrize("saving", [False, True], ids=["colour", "ink-saving"])
def test_each_print_is_told_and_read_against_its_own_blank(photos, sheet, saving):
    path, truth = photos[sheet, saving]
    (reading,) = read_photo(path)
    assert reading.ink_saving is saving
    assert not silent_fields(reading, truth)


def test_read_says_how_each_sheet_was_printed(photos):
    ship, tracker = photos["ship", True][0], photos["tracker", False][0]
    result = CliRunner().invoke(cli, ["read", str(ship), str(tracker), "--json"])
    assert result.exit_code in (0, 3), result.output
    (state,) = json.loads(result.stdout)["states"]
    assert [s["printed"] for s in state["sheets"]] == ["ink-saving", "colour"]
    text = CliRunner().invoke(cli, ["read", str(ship)]).stdout
    assert "printed ink-saving" in text


# (seed 2901's synthetic photo set: a tech and a ship sheet, easy; read against the
# blank's grey levels, some of their unmarked boxes were ink, unasked)
@pytest.mark.parametrize("index", [42, 140])
def test_a_colour_sheet_printed_in_black_and_white_reads_its_grey_symbols_as_print(tmp_path, index):
    """The boxes' grey symbols and deep tints print darker than the blank has them; read
    against the blank's, they were ink, and the boxes read marked, unasked."""
    sample = plan(index + 1, 2901)[index]
    jpeg, truth = make(sample, megapixels=2, printing="grey")
    path = tmp_path / f"{sample.name}.jpg"
    path.write_bytes(jpeg)
    (reading,) = read_photo(path)
    assert not reading.ink_saving
    assert not silent_fields(reading, truth["sheet"]["fields"])
