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


def black_and_white(pages):
    """Pages as a black-and-white laser prints them: grey by luminance, mid tones darker
    (dot gain: each level to the power 1.5)."""
    import numpy as np

    out = []
    for rgb in pages:
        level = (rgb.astype(np.float32) / 255) @ np.float32([0.299, 0.587, 0.114])
        grey = np.clip(np.rint(255 * level**1.5), 0, 255).astype(np.uint8)
        out.append(np.repeat(grey[..., None], 3, axis=2))
    return out


# (seed 2901's synthetic photo set: a tech and a ship sheet, easy; read against the
# blank's grey levels, some of their unmarked boxes were ink, unasked)
@pytest.mark.parametrize("index", [42, 140])
def test_a_colour_sheet_printed_in_black_and_white_reads_its_grey_symbols_as_print(
    tmp_path, monkeypatch, index
):
    """The boxes' grey symbols and deep tints print darker than the blank has them; read
    against the blank's, they were ink, and the boxes read marked, unasked."""
    import pnp.render.png as png
    from pnp.synth.dataset import make, plan

    sample = plan(index + 1, 2901)[index]
    rasterize = png.rasterize_pdf
    monkeypatch.setattr(png, "rasterize_pdf", lambda *a: black_and_white(rasterize(*a)))
    jpeg, truth = make(sample, megapixels=2)
    monkeypatch.undo()
    path = tmp_path / f"{sample.name}.jpg"
    path.write_bytes(jpeg)
    (reading,) = read_photo(path)
    assert not reading.ink_saving
    (state_read,), _ = assemble([reading])
    doubted, got = {d.field for d in state_read.doubtful}, marked(reading, {})
    clean = {
        fid: t["marked"]
        for fid, t in truth["sheet"]["fields"].items()
        if reading.kinds[fid] not in UNREAD_KINDS
        and not (t["overrun"] or t["touched_by"] or t["scribbled_out"])
    }
    silent = [f for f, m in clean.items() if (f in got) != m and f not in doubted]
    assert not silent, silent
