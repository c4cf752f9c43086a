"""Pen on paper: seeded hands are repeatable and the truth they report is honest."""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.synth.marks import Mark, sheet_marks
from pnp.synth.pen import build_page, fill, fill_state_file

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
STATES = {
    "stellar-drift": EXAMPLES / "stellar-drift" / "terran-starhopper.json",
    "distant-suns": EXAMPLES / "distant-suns" / "example.json",
    "federation": EXAMPLES / "federation" / "example.json",
}
DPI = 100


def _marks(game: str, sheet: str):
    data = json.loads(STATES[game].read_text())
    (found,) = [m for m in sheet_marks(game, data) if m.sheet == sheet]
    return found


@pytest.fixture(scope="module")
def pages():
    cache = {}

    def get(game: str, sheet: str):
        if (game, sheet) not in cache:
            marks = _marks(game, sheet)
            cache[game, sheet] = (build_page(marks), marks)
        return cache[game, sheet]

    return get


def _png(image: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", image)
    assert ok
    return buf.tobytes()


def test_same_seed_same_bytes(pages):
    page, marks = pages("stellar-drift", "tracker")
    a = fill(page, marks, seed=11, dpi=DPI)
    b = fill(page, marks, seed=11, dpi=DPI)
    c = fill(page, marks, seed=12, dpi=DPI)
    assert _png(a.image) == _png(b.image)
    assert a.truth == b.truth and a.style == b.style
    assert _png(a.image) != _png(c.image)


def _ink_in(field, ink: np.ndarray, px: float) -> int:
    """Inked pixels whose centre lies inside the field's shape."""
    x0, y0, x1, y1 = field.bounds
    c0, r0 = max(int(x0 * px) - 1, 0), max(int(y0 * px) - 1, 0)
    c1, r1 = int(math.ceil(x1 * px)) + 1, int(math.ceil(y1 * px)) + 1
    region = ink[r0:r1, c0:c1]
    ys, xs = np.mgrid[r0 : r0 + region.shape[0], c0 : c0 + region.shape[1]]
    cx, cy = (xs + 0.5) / px, (ys + 0.5) / px
    if field.shape == "circle":
        inside = np.hypot(cx - field.x, cy - field.y) <= field.w / 2
    else:
        inside = (cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)
    return int(np.count_nonzero(region & inside))


@pytest.mark.parametrize(
    ("game", "sheet"),
    [
        ("stellar-drift", "ship"),
        ("stellar-drift", "tracker"),
        ("distant-suns", "cosmos"),
        ("federation", "scorepad"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_truth_is_honest(pages, game, sheet, seed):
    """On blank paper, ink lies in the marked fields and in no other but those the truth names."""
    page, marks = pages(game, sheet)
    filled = fill(page, marks, seed=seed, dpi=DPI, printed=False)
    truth = filled.truth
    assert set(truth["fields"]) == {f.id for f in page.map.fields}
    ink = filled.image.min(axis=2) < 230
    px = DPI / 25.4
    wrong = []
    for f in page.map.fields:
        t = truth["fields"][f.id]
        n = _ink_in(f, ink, px)
        if t["marked"] and n == 0:
            wrong.append(f"{f.id}: marked ({t['kind']}) but no ink")
        if not t["marked"] and not t["scribbled_out"] and not t["touched_by"] and n:
            wrong.append(f"{f.id}: empty in the truth but {n} inked pixels")
    assert not wrong, wrong
    for stray in truth["strays"]:
        assert stray["touches"] == []
    for fid in marks.marks:
        assert truth["fields"][fid]["marked"] or marks.marks[fid].kind == "write"


def test_corrections_read_as_empty(pages):
    page, marks = pages("stellar-drift", "tracker")
    found = 0
    for seed in range(12):
        truth = fill(page, marks, seed=seed, dpi=DPI, printed=False).truth
        for c in truth["corrections"]:
            entry = truth["fields"][c["field"]]
            assert entry["scribbled_out"] and not entry["marked"]
            assert entry["kind"] == "scribbled-out"
            assert c["field"] not in marks.marks
            found += 1
    assert found, "no seed of twelve made a correction"


def test_stellar_drift_marks_are_the_states():
    from scoring.stellar_drift import layouts
    from scoring.stellar_drift.marks import marks_from_state
    from scoring.stellar_drift.state import load_state

    state = load_state(STATES["stellar-drift"])
    want = marks_from_state(
        state, layouts.load_ship(state.ship), layouts.load_tracker(), layouts.load_tech()
    )
    sheets = sheet_marks("stellar-drift", json.loads(STATES["stellar-drift"].read_text()))
    assert [s.sheet for s in sheets] == ["ship", "tracker", "tech"]
    got = {i for s in sheets for i, m in s.marks.items() if m.kind != "write"}
    assert got == want
    for s in sheets:
        known = {f.id for f in build_page(s).map.fields}
        assert set(s.marks) <= known


def test_federation_bubbles_say_the_values():
    from scoring.federation.bubbles import NumberBubbles

    (pad,) = sheet_marks("federation", json.loads(STATES["federation"].read_text()))
    filled = {i for i, m in pad.marks.items() if m.kind == "fill"}
    assert NumberBubbles("p1-game_pp", 0, 199).decode(filled) == 112
    assert pad.marks["p1-game_pp-write"] == Mark("write", "112")
    assert pad.marks["p2-name-write"] == Mark("write", "Bo")


def test_distant_suns_symbols_and_outlines():
    data = json.loads(STATES["distant-suns"].read_text())
    (cosmos,) = sheet_marks("distant-suns", data)
    assert cosmos.marks["hex-q3r5"] == Mark("glyph", "rocket", "rocket")
    assert cosmos.marks["frontier-q8r0-high"].kind == "circle"
    assert cosmos.marks["frontier-q8r0-low"].kind == "cross"
    assert len(cosmos.outlines) == len(data["shapes"])


def test_fill_state_file(tmp_path):
    out = fill_state_file(STATES["federation"], seed=5, dpi=60)
    assert [name for name, _ in out] == ["scorepad-table"]
    assert out[0][1].image.dtype == np.uint8 and out[0][1].image.ndim == 3


def test_unknown_field_is_refused(pages):
    page, marks = pages("federation", "scorepad")
    from dataclasses import replace

    bad = replace(marks, marks={"p9-nothing": Mark("fill")})
    with pytest.raises(ValueError, match="p9-nothing"):
        fill(page, bad, seed=1, dpi=DPI)
