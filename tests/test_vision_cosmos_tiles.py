"""A Cosmos score tile's small symbol is read in the added ink at the base step too, where
a step the paper's noise raised lost its strokes; where the two readings name different
symbols, neither is sure."""

from __future__ import annotations

from test_vision_distant_suns import PX, SHAPES, filled_sheet

from pnp.vision.cosmos_symbols import GLYPH_MARGIN, GLYPH_MIN_SCORE, closer_match
from pnp.vision.distant_suns import read_cosmos
from pnp.vision.fields import read_fields
from pnp.vision.glyph_match import GlyphScores
from pnp.vision.ink import added_ink
from pnp.vision.reference import common_map

SEED = 4


def test_the_tiles_symbols_lost_at_the_raised_step_are_read_at_the_base_step():
    truth, flat, code, blank = filled_sheet(SEED, 200)
    base = added_ink(flat, blank, PX)
    sheet_map = common_map(code)
    # the raised step's ink: the score tiles' boxes lost their strokes
    ink = base.copy()
    for f in sheet_map.fields:
        if f.id.startswith("score-tile-") and f.id.endswith("-zone"):
            x0, y0, x1, y1 = (round(v * PX) for v in f.bounds)
            ink[y0:y1, x0:x1] = 0
    readings = read_fields(ink, sheet_map.fields, PX)

    def read(**kwargs):
        return read_cosmos(flat, ink, sheet_map, readings, PX, blank, **kwargs)

    lost = read()
    assert {d.field for d in lost.doubtful} >= {"score-tile-upgrade-zone"}
    assert lost.state["optimization"] != truth["optimization"]
    found = read(base=base)
    assert found.state["optimization"] == truth["optimization"]
    assert not [d for d in found.doubtful if d.field.startswith("score-tile-")]


def scores(*ranked: tuple[str, float]) -> GlyphScores:
    return GlyphScores(tuple(ranked))


def test_two_readings_naming_different_symbols_leave_neither_sure():
    ink = scores(("rocket", 0.90), ("lightning", 0.80))
    base = scores(("lightning", 0.93), ("rocket", 0.85))
    both = closer_match([ink, base])
    assert both.best == "lightning" and both.margin < GLYPH_MARGIN
    assert dict(both.ranked)["rocket"] == both.score
    # ...but a reading that looks like no symbol does not count against the other
    faint = scores(("moon", GLYPH_MIN_SCORE - 0.1), ("rocket", 0.3))
    assert closer_match([ink, faint]) is ink
    # agreeing, the closer match is kept as it is; alone, it is the reading
    agree = scores(("rocket", 0.95), ("lightning", 0.7))
    assert closer_match([ink, agree]) is agree
    assert closer_match([ink]) is ink and closer_match([]) is None


def test_a_blank_tile_box_is_asked_with_the_zones_a_tile_faces_and_a_zone_answers_it():
    truth, flat, code, blank = filled_sheet(SEED, 200)
    ink = added_ink(flat, blank, PX)
    sheet_map = common_map(code)
    fid = "score-tile-group-zone"
    x0, y0, x1, y1 = (round(v * PX) for v in sheet_map.field(fid).bounds)
    ink[y0:y1, x0:x1] = 0  # nothing drawn in the Group tile's box
    readings = read_fields(ink, sheet_map.fields, PX)
    (doubt,) = [
        d for d in read_cosmos(flat, ink, sheet_map, readings, PX, blank).doubtful if d.field == fid
    ]
    zone = next(z for z, t in truth["optimization"].items() if t == "group")
    assert "no zone symbol drawn" in doubt.reason and zone in doubt.options
    # no tile faces the Black Hole (the rulebook): it is no answer offered
    assert doubt.options == tuple(z.id for z in SHAPES.zones)
    chosen = read_cosmos(flat, ink, sheet_map, readings, PX, blank, chosen={fid: zone})
    assert chosen.state["optimization"] == truth["optimization"]
    assert fid not in {d.field for d in chosen.doubtful}
