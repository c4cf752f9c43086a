"""A sheet printed with `pnp kit --ink-saving` (no large fills, black cube symbols) is
read against that blank sheet, not the colour one: the photo tells which was printed."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.sheets.base import Palette
from pnp.synth.camera import photograph
from pnp.synth.marks import sheet_marks
from pnp.synth.pen import build_page, fill
from pnp.synth.states import random_state
from pnp.vision.read import UNREAD_KINDS, read_photo
from pnp.vision.states import assemble, marked


def printed(marks, ink_saving: bool):
    """``build_page`` (the synthetic pen's page), printed as asked."""
    from pnp.games import find_game
    from pnp.paper import find_paper

    sheet = find_game(marks.game).sheet(marks.sheet)
    return sheet.build(marks.layout, find_paper("a4"), marks.serial, Palette(ink_saving))[0]


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """One player's ship, tracker and tech sheets, filled and photographed, printed both
    ways: {(sheet, ink_saving): (path, truth fields)}."""
    out = tmp_path_factory.mktemp("printed")
    state = random_state("stellar-drift", 12)
    shots = {}
    for k, marks in enumerate(sheet_marks("stellar-drift", state)):
        for saving in (False, True):
            page = printed(marks, saving)
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
    (state,), _ = assemble([reading])
    doubted, got = {d.field for d in state.doubtful}, marked(reading, {})
    clean = {
        fid: t["marked"]
        for fid, t in truth.items()
        if reading.kinds[fid] not in UNREAD_KINDS
        and not (t["overrun"] or t["touched_by"] or t["scribbled_out"])
    }
    silent = [f for f, m in clean.items() if (f in got) != m and f not in doubted]
    assert not silent, silent


def test_read_says_how_each_sheet_was_printed(photos):
    ship, tracker = photos["ship", True][0], photos["tracker", False][0]
    result = CliRunner().invoke(cli, ["read", str(ship), str(tracker), "--json"])
    assert result.exit_code in (0, 3), result.output
    (state,) = json.loads(result.stdout)["states"]
    assert [s["printed"] for s in state["sheets"]] == ["ink-saving", "colour"]
    text = CliRunner().invoke(cli, ["read", str(ship)]).stdout
    assert "printed ink-saving" in text
