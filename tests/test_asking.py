"""``--ask``: a page with many doubtful fields is answered at once, by the numbers of the
marked ones in one picture (``pnp.asking``, ``pnp.vision.doubt_grid``)."""

from __future__ import annotations

import json
from pathlib import Path

import click
import numpy as np
import pytest
from click.testing import CliRunner
from conftest import truth_marked

from pnp.asking import GRID_FROM, parse_marked
from pnp.cli import cli
from pnp.vision.doubt_grid import CELL, COLUMNS, GAP, LABEL, doubt_grid

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
DOUBTED = PHOTOS / "00011-stellar-drift-tracker-hard.jpg"  # 10 fields asked (``reader_alone``)
pytestmark = pytest.mark.usefixtures("reader_alone")


# --- the reply ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "numbers"),
    [
        ("1 3", {1, 3}),
        ("2-4", {2, 3, 4}),
        ("1, 5-6 ,8", {1, 5, 6, 8}),
        ("3 3 2-3", {2, 3}),
        ("none", set()),
        ("ALL", set(range(1, 9))),
    ],
)
def test_a_reply_names_the_marked_numbers(reply, numbers):
    assert parse_marked(reply, 8) == numbers


@pytest.mark.parametrize("word", ["one", "skip", "quit"])
def test_a_reply_may_choose_another_way(word):
    assert parse_marked(f" {word} ", 8) == word


@pytest.mark.parametrize(
    ("reply", "says"),
    [
        ("0", "numbered 1 to 8"),
        ("9", "numbered 1 to 8"),
        ("7-9", "numbered 1 to 8"),
        ("5-2", "runs backwards"),
        ("x", "'x' is not a number"),
        ("1 two", "'two' is not a number"),
        ("", "the numbers of the marked fields"),
        ("none 3", "'none' is not a number"),
    ],
)
def test_a_bad_reply_says_what_is_wrong(reply, says):
    with pytest.raises(click.BadParameter, match=says):
        parse_marked(reply, 8)


# --- the picture ----------------------------------------------------------------------


def test_the_grid_lays_the_crops_out_in_numbered_rows():
    colours = [(10 * i, 255 - 10 * i, 7 * i) for i in range(COLUMNS + 2)]
    crops = [np.full((120, 90, 3), c, np.uint8) for c in colours]
    grid = doubt_grid(crops, [f"space-{i}" for i in range(len(crops))])
    rows = 2
    assert grid.shape == (GAP + rows * (LABEL + CELL + GAP), GAP + COLUMNS * (CELL + GAP), 3)
    for i, colour in enumerate(colours):
        x = GAP + (i % COLUMNS) * (CELL + GAP) + CELL // 2
        y = GAP + (i // COLUMNS) * (LABEL + CELL + GAP) + LABEL + CELL // 2
        assert tuple(grid[y, x]) == colour  # crop i in cell i, centred
        label = grid[y - CELL // 2 - LABEL : y - CELL // 2, x - CELL // 2 : x + CELL // 2]
        assert (label < 128).any()  # its number written above it
    # the last row's empty cells stay white
    assert (grid[-CELL // 2, -CELL // 2] == 255).all()


def test_a_large_crop_is_shrunk_to_its_cell_and_gray_ones_are_shown():
    big = np.zeros((900, 300), np.uint8)  # tall and gray
    grid = doubt_grid([big], ["hex-1"])
    inside = grid[GAP + LABEL : GAP + LABEL + CELL, GAP : GAP + CELL]
    dark = np.argwhere(inside.max(axis=2) == 0)
    height, width = np.ptp(dark, axis=0) + 1
    assert height == CELL and width == round(300 * CELL / 900)
    with pytest.raises(ValueError, match="one field id per crop"):
        doubt_grid([big], [])


# --- in the terminal ------------------------------------------------------------------


def _read(*args, answers: str | None = None):
    return CliRunner().invoke(cli, ["read", str(DOUBTED), "--json", *args], input=answers)


def test_the_numbers_typed_answer_every_field_of_the_page():
    first = json.loads(_read().stdout)["states"][0]
    ids = [d["field"] for d in first["doubtful"]]
    assert len(ids) >= GRID_FROM, f"pick a photo with more doubt: {DOUBTED.name}"
    marked = truth_marked(DOUBTED, ids)
    asked = _read("--ask", answers=(" ".join(map(str, marked)) or "none") + "\n")
    assert asked.exit_code == 3, asked.output  # a tracker alone: no ship, no state yet
    assert json.loads(asked.stdout)["states"][0]["doubtful"] == []
    assert "fields in doubt, numbered in" in asked.stderr
    named = ", ".join(ids[n - 1] for n in marked)
    assert f"marked: {named}; {len(ids) - len(marked)} empty" in asked.stderr
    # the same as answering each on the command line
    sets = [f"--set={f}={'filled' if n in marked else 'empty'}" for n, f in enumerate(ids, 1)]
    assert _untimed(asked.stdout) == _untimed(_read(*sets).stdout)


def _untimed(output: str) -> dict:
    out = json.loads(output)
    for state in out["states"]:
        for sheet in state["sheets"]:
            del sheet["timing_ms"]
    return out


def test_a_bad_reply_is_asked_again_and_skip_leaves_the_page_open():
    result = _read("--ask", answers="0\nfilled\nskip\n")
    assert result.exit_code == 3, result.output
    assert "the fields are numbered 1 to" in result.stderr
    assert "'filled' is not a number" in result.stderr
    assert result.stderr.count("which are marked?") == 3
    before = json.loads(_read().stdout)["states"][0]["doubtful"]
    assert json.loads(result.stdout)["states"][0]["doubtful"] == before
