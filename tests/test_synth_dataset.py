"""Labelled photo sets: a pure function of (set seed, index), covering every sheet and level."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.games import GAMES
from pnp.synth.dataset import LEVELS, SHEETS, SLOTS, make, plan

FIXTURES = Path(__file__).parent / "fixtures" / "photos"


def test_a_set_cycles_through_every_sheet_and_level():
    widest = max(len(slot) for slot in SLOTS)
    samples = plan(len(SLOTS) * len(LEVELS) * widest, seed=9)
    assert {(s.game, s.sheet, s.layout) for s in samples} == set(SHEETS)
    assert {(s.game, s.sheet, s.layout, s.level) for s in samples} == {
        (*sheet, lv) for sheet in SHEETS for lv in LEVELS
    }
    assert plan(7, 9) == samples[:7]  # extending a set keeps what it had
    # one cycle of levels already meets every sheet
    first = plan(len(SLOTS) * len(LEVELS), seed=9)
    assert {(s.game, s.sheet, s.layout) for s in first} == set(SHEETS)


def test_the_set_covers_every_writable_sheet():
    writable = {
        (game.name, kind.name)
        for game in GAMES.values()
        for kind in game.sheets.values()
        if kind.writable
    }
    assert {(g, sh) for g, sh, _ in SHEETS} == writable
    fed_layouts = {(sh, layout) for g, sh, layout in SHEETS if g == "federation"}
    assert fed_layouts == {("scorepad", None), ("scorepad", "player")} | {
        ("solo", layout) for layout in GAMES["federation"].sheet("solo").layout_names()
    }


def test_the_same_sample_gives_the_same_bytes_and_truth():
    sample = plan(4, seed=11)[3]  # a Distant Suns Cosmos sheet, easy
    a_jpeg, a_truth = make(sample, megapixels=1.0)
    b_jpeg, b_truth = make(sample, megapixels=1.0)
    assert a_jpeg == b_jpeg
    assert json.dumps(a_truth, default=str) == json.dumps(b_truth, default=str)
    marked = [f for f, t in a_truth["sheet"]["fields"].items() if t["marked"]]
    assert marked and all(f in a_truth["sheet"]["fields"] for f in marked)


def test_committed_photos_carry_their_truth():
    photos = sorted(FIXTURES.glob("*.jpg"))
    assert len(photos) == len(SLOTS) * len(LEVELS)
    for photo in photos:
        truth = json.loads(photo.with_suffix(".json").read_text())
        assert truth["sample"]["name"] == photo.stem
        assert truth["state"]["game"] == truth["sample"]["game"]
        assert len(truth["camera"]["quad"]) == 4


def test_committed_truth_is_what_the_generator_makes_today():
    photo = sorted(FIXTURES.glob("*.jpg"))[2]
    truth = json.loads(photo.with_suffix(".json").read_text())
    sample = next(s for s in plan(20, 2026) if s.name == photo.stem)
    _, again = make(sample, megapixels=0.5)  # the frame size does not change the marks
    assert again["state"] == truth["state"]
    assert again["sheet"]["fields"] == truth["sheet"]["fields"]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_synth_commands_chain_state_fill_photo(tmp_path, level):
    run = CliRunner().invoke
    state = tmp_path / "state.json"
    assert (
        run(cli, ["synth", "state", "federation", "--seed", "5", "--out", str(state)]).exit_code
        == 0
    )
    result = run(
        cli, ["synth", "fill", str(state), "--out", str(tmp_path / "pad.png"), "--dpi", "100"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pad.truth.json").exists()
    result = run(
        cli,
        [
            "synth",
            "photo",
            str(tmp_path / "pad.png"),
            "--out",
            str(tmp_path / "pad.jpg"),
            "--level",
            level,
            "--seed",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pad.jpg").read_bytes()[:2] == b"\xff\xd8"
    assert len(json.loads((tmp_path / "pad.truth.json").read_text())["quad"]) == 4


def test_synth_refuses_bad_input_in_one_line(tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    result = CliRunner().invoke(cli, ["synth", "photo", str(bad), "--out", str(tmp_path / "x.jpg")])
    assert result.exit_code == 1 and "not an image" in result.output
    assert not (tmp_path / "x.jpg").exists()
