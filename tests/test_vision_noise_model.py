"""Fields doubted for noise or faint ink, settled by the learned model where it is sure."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading
from pnp.vision.noise_model import (
    FEATURES,
    SURE,
    Model,
    ModelError,
    features,
    settle_by_model,
    stored_model,
)
from pnp.vision.read import FAINT, HATCHED, NOISE, Doubt

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
INK = FEATURES.index("ink")


def stump(threshold: float, below: float, above: float, feature: int = INK) -> dict:
    """One tree of one split: log-odds ``below`` at or below ``threshold``, else ``above``."""
    return {
        "features": list(FEATURES),
        "baseline": 0.0,
        "roots": [0],
        "nodes": {
            "feature": [feature, 0, 0],
            "threshold": [threshold, 0.0, 0.0],
            "left": [1, 0, 0],
            "right": [2, 0, 0],
            "value": [0.0, below, above],
            "leaf": [0, 1, 1],
        },
    }


def test_a_tree_sends_each_field_to_its_leaf_and_the_leaves_add_up_to_log_odds():
    model = Model.from_json(stump(0.1, -8.0, 8.0))
    x = np.zeros((3, len(FEATURES)))
    x[:, INK] = [0.05, 0.1, 0.3]
    p = model.probability(x)
    expected = 1 / (1 + np.exp(-np.array([-8.0, -8.0, 8.0])))  # at the threshold: left
    assert np.allclose(p, expected)
    two = Model.from_json(stump(0.1, -8.0, 8.0) | {"baseline": 1.5})
    assert np.allclose(two.probability(x), 1 / (1 + np.exp(-(np.array([-8, -8, 8]) + 1.5))))


def test_a_model_survives_its_json_unchanged():
    model = stored_model()
    again = Model.from_json(json.loads(json.dumps(model.to_json())))
    rng = np.random.default_rng(0)
    x = rng.random((50, len(FEATURES)))
    assert np.array_equal(model.probability(x), again.probability(x))
    assert model.depth >= 1 and len(model.roots) > 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d | {"features": ["ink"]}, "other features"),
        (lambda d: {k: v for k, v in d.items() if k != "nodes"}, "malformed"),
        (lambda d: d | {"roots": [7]}, "out of range"),
        (lambda d: d | {"nodes": d["nodes"] | {"left": [5, 0, 0]}}, "out of range"),
        (lambda d: d | {"nodes": d["nodes"] | {"feature": [99, 0, 0]}}, "feature index"),
        (lambda d: d | {"nodes": d["nodes"] | {"value": [0.0]}}, "different lengths"),
        (lambda d: d | {"nodes": d["nodes"] | {"left": [0, 0, 0]}}, "cycle"),
    ],
)
def test_a_broken_model_is_refused_naming_what_is_wrong(change, message):
    with pytest.raises(ModelError, match=message):
        Model.from_json(change(stump(0.1, -8.0, 8.0)))


def test_an_unreadable_model_file_is_refused_with_its_path(tmp_path):
    bad = tmp_path / "model.json"
    bad.write_text("{not json")
    with pytest.raises(ModelError, match="model.json: not JSON"):
        stored_model(bad)
    with pytest.raises(ModelError, match="cannot read"):
        stored_model(tmp_path / "missing.json")


def row(n: int, state: str, ink: float) -> tuple[Field, FieldReading]:
    f = Field(f"b{n}", "track_box", 10.0 * n, 10.0, 6.0, 6.0)
    return f, FieldReading(f.id, state, ink, 0.6, spill=(0.0, 0.0, 0.0, 0.0), coverage=ink)


def test_only_doubts_for_noise_or_faint_ink_that_the_model_is_sure_of_are_settled():
    pairs = [row(0, "filled", 0.5), row(1, "filled", 0.2), row(2, "doubtful", 0.01)]
    pairs += [row(3, "filled", 0.04), row(4, "filled", 0.3)]
    fields, readings = zip(*pairs, strict=True)
    doubts = [
        Doubt("b1", "noisy paper", "", NOISE),
        Doubt("b2", "faint mark", "", FAINT),
        Doubt("b3", "noisy paper", "", NOISE),
        Doubt("b4", "filled solid", "", HATCHED),
    ]
    # sure of a mark above 0.15 ink, of none below 0.02; unsure between
    model = Model.from_json(
        stump(0.15, 0.0, 9.0) | {"roots": [0, 3]} | _second_tree(0.02, -9.0, 0.0)
    )
    out = settle_by_model(list(readings), list(fields), doubts, set(), model)
    assert (out[1].state, out[1].settled) == ("filled", True)
    assert out[1].confidence >= SURE
    assert (out[2].state, out[2].settled) == ("empty", True)
    assert out[3] == readings[3]  # between: still asked
    assert out[4] == readings[4]  # asked for another cause: not the model's
    assert out[0] == readings[0]  # not asked at all


def _second_tree(threshold: float, below: float, above: float) -> dict:
    """``stump``'s nodes with a second one-split tree appended (root at node 3)."""
    first = stump(0.15, 0.0, 9.0)["nodes"]
    return {
        "nodes": {
            "feature": first["feature"] + [INK, 0, 0],
            "threshold": first["threshold"] + [threshold, 0.0, 0.0],
            "left": first["left"] + [4, 0, 0],
            "right": first["right"] + [5, 0, 0],
            "value": first["value"] + [0.0, below, above],
            "leaf": first["leaf"] + [0, 1, 1],
        }
    }


def test_the_features_see_the_page_around_a_field():
    pairs = [row(n, "filled", 0.4 + 0.01 * n) for n in range(5)] + [row(5, "empty", 0.0)]
    pairs += [row(6, "filled", 0.1)]
    fields, readings = zip(*pairs, strict=True)
    readings = list(readings)
    readings[5] = replace(readings[5], base_ink=0.03)
    asked = {"b6": NOISE}
    x = features(readings, list(fields), asked, ["b6"])[0]
    named = dict(zip(FEATURES, x, strict=True))
    assert named["kind_marks"] == 5  # the sure marks, not the asked one
    assert named["kind_mark_ink"] == pytest.approx(0.42)
    assert named["ink_to_marks"] == pytest.approx(0.1 / 0.42)
    assert named["paper_base_ink"] == pytest.approx(0.03)
    assert named["asked_share"] == pytest.approx(1 / 7)
    assert named["faint"] == 0 and named["filled"] == 1


HARD = sorted(PHOTOS.glob("*-hard.jpg")) + sorted(PHOTOS.glob("*-real.jpg"))


def test_on_the_committed_photos_every_field_the_model_settles_is_read_as_marked():
    from pnp.vision.fields import ink_masks
    from pnp.vision.identify import identify
    from pnp.vision.read import read_masks
    from pnp.vision.rectify import decode_photo, rectify
    from pnp.vision.reference import common_map, reference_image

    settled = wrong = 0
    for path in HARD:
        truth = json.loads(path.with_suffix(".json").read_text())["sheet"]["fields"]
        page = rectify(decode_photo(path.read_bytes())[0])
        code = identify(page)
        fields = common_map(code).fields
        blank = reference_image(code.game, code.sheet, code.layout, page.px_per_mm)
        m = ink_masks(page.image, blank, page.px_per_mm, fields=fields)
        before, asked = read_masks(m, fields, page.px_per_mm, "", learned=False)
        after, still = read_masks(m, fields, page.px_per_mm, "", learned=True)
        now_asked = {d.field for d in still}
        for a, b in zip(before, after, strict=True):
            if a != b and b.settled and not a.settled:
                settled += 1
                assert b.id not in now_asked
                wrong += b.state != ("filled" if truth[b.id]["marked"] else "empty")
        assert now_asked <= {d.field for d in asked}  # the model only takes questions away
    assert settled >= 20
    assert wrong == 0


def test_a_sliver_from_outside_or_less_ink_than_a_mark_is_never_settled_marked():
    pairs = [row(0, "doubtful", 0.03), row(1, "doubtful", 0.02), row(2, "doubtful", 0.03)]
    fields, readings = zip(*pairs, strict=True)
    readings = list(readings)
    readings[0] = replace(readings[0], spill=(0.0, 0.0, 0.9, 0.0))  # ink comes in from outside
    doubts = [Doubt(f"b{n}", "faint mark", "", FAINT) for n in range(3)]
    sure_of_a_mark = Model.from_json(stump(0.0, 9.0, 9.0))
    out = settle_by_model(readings, list(fields), doubts, set(), sure_of_a_mark)
    assert out[0] == readings[0]  # a neighbour's sliver?
    assert out[1] == readings[1]  # less ink than a mark leaves on quiet paper
    assert (out[2].state, out[2].settled) == ("filled", True)


def test_the_model_never_takes_a_pages_last_question_away():
    from sheet_readings import sheet_reading

    from pnp.vision.states import Assembled, keep_one_learned

    def page(source: str):
        rs = [row(n, "filled", 0.3)[1] for n in range(3)]
        rs[1] = replace(rs[1], settled=True, learned=True, confidence=0.9991)
        rs[2] = replace(rs[2], state="empty", settled=True, learned=True, confidence=0.9999)
        return sheet_reading(source, tuple(rs), "track_box", {})

    quiet, asked, answered, noted = page("a.jpg"), page("b.jpg"), page("c.jpg"), page("d.jpg")
    a = Assembled("stellar-drift", {}, [quiet, asked, answered])
    a.doubtful.append(Doubt("b0", "faint mark", "b.jpg"))
    keep_one_learned(a, {"c.jpg:b0": True})
    kept = [(d.source, d.field) for d in a.doubtful]
    # the least sure the model settled; a page asked or answered already is left alone
    assert kept == [("b.jpg", "b0"), ("a.jpg", "b1")]
    assert "99.91% sure" in a.doubtful[1].reason
    # a note on the state (a sheet missing from the batch) points at none of its fields
    b = Assembled("stellar-drift", None, [noted], notes=["no ship sheet in the batch"])
    keep_one_learned(b, {})
    assert [(d.source, d.field) for d in b.doubtful] == [("d.jpg", "b1")]
