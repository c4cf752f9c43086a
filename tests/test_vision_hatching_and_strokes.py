"""A box hatched out reads empty, an overrunning striped fill stays filled; a faint
straight stroke fills a doubtful box, noise does not (``pnp.vision.hatching``,
``pnp.vision.faint_strokes``), on hand-made pages of plain paper."""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.faint_strokes import faint_strokes, stroke_score
from pnp.vision.field_boxes import _field_boxes
from pnp.vision.field_doubts import doubts
from pnp.vision.fields import read_fields
from pnp.vision.hatching import hatched_out
from pnp.vision.ink import InkMasks

PX = 6.25
BOX = Field("track-power-1", "track_box", 20.0, 20.0, 9.5, 9.5)
SIZE = round(50 * PX)


def page(seed: int) -> np.ndarray:
    """Plain paper (1.0) with a little sensor noise."""
    return np.float32(1.0) + np.random.default_rng(seed).normal(0, 0.01, (SIZE, SIZE)).astype(
        np.float32
    )


def masks(seen: np.ndarray) -> InkMasks:
    ink = (seen < 0.8).astype(np.uint8)
    ones = np.ones_like(ink)
    printed = np.full(seen.shape, 255, np.uint8)
    return InkMasks(ink, np.full(seen.shape, 0.2, np.float32), ink.copy(), ones, seen, printed)


def px(mm: float) -> int:
    return round(mm * PX)


def read(seen: np.ndarray):
    m = masks(seen)
    readings = read_fields(m.ink, [BOX], PX, m.steps, m.base, m.readable)
    return hatched_out(readings, [BOX], m, PX)[0]


def test_a_box_hatched_solid_a_little_past_its_outline_reads_empty():
    seen = page(1)
    x0, y0, x1, y1 = BOX.bounds
    seen[px(y0 - 0.6) : px(y1 + 0.6), px(x0 - 0.6) : px(x1 + 0.6)] *= np.float32(0.4)
    r = read(seen)
    assert r.state == "empty" and r.hatched and not r.striped


def test_an_overrunning_fill_with_light_stripes_stays_filled():
    seen = page(2)
    x0, y0, x1, y1 = BOX.bounds
    region = seen[px(y0 - 0.6) : px(y1 + 0.6), px(x0 - 0.6) : px(x1 + 0.6)]
    rows = np.arange(region.shape[0])[:, None]
    # strokes 0.5 mm wide, 0.3 mm of lighter paper between them (still past the step)
    region *= np.where(rows % 5 < 3, np.float32(0.4), np.float32(0.72))
    r = read(seen)
    assert r.state == "filled" and not r.hatched
    assert r.striped  # one family of strokes: a fill, and ``doubts`` does not ask
    assert doubts([r], {BOX.id: BOX.kind}, "") == []


def test_a_box_inked_past_one_side_only_is_not_taken_for_a_hatching():
    seen = page(3)
    x0, y0, x1, y1 = BOX.bounds
    seen[px(y0 + 0.5) : px(y1 - 0.5), px(x0 + 0.5) : px(x1 - 0.5)] *= np.float32(0.4)
    seen[px(y0) : px(y1), px(x1) : px(x1 + 3)] *= np.float32(0.4)  # a neighbour's overrun
    r = read(seen)
    assert r.state == "filled" and not r.hatched


def doubtful(seen: np.ndarray):
    m = masks(seen)
    reading = read_fields(m.ink, [BOX], PX, m.steps, m.base, m.readable)[0]
    return m, reading.__class__(reading.id, "doubtful", 0.02, 0.5)


def faint_diagonal(seen: np.ndarray) -> None:
    """A diagonal across ``BOX``, 0.5 mm wide, 10% darker than paper: a light pencil stroke."""
    x0, y0, x1, y1 = BOX.bounds
    for t in np.linspace(0.1, 0.9, 400):
        x, y = px(x0 + t * (x1 - x0)), px(y0 + t * (y1 - y0))
        seen[y - 1 : y + 2, x - 1 : x + 2] = np.float32(0.9)


def test_a_faint_pencil_stroke_across_a_doubtful_box_fills_it():
    seen = page(4)
    faint_diagonal(seen)
    m, r = doubtful(seen)
    inside = _field_boxes([BOX], PX).inside[0]
    points, darkness, ridge = stroke_score(m, inside, PX)
    assert points > 0.45 and darkness > 4 and ridge > 4
    out = faint_strokes([r], [BOX], m, PX)[0]
    assert out.state == "filled" and out.stroke


def test_a_faint_stroke_beside_a_box_hatched_out_is_not_trusted():
    from dataclasses import replace

    seen = page(4)
    faint_diagonal(seen)
    m, r = doubtful(seen)
    left = Field("track-power-0", "track_box", 8.5, 20.0, 9.5, 9.5)  # 2 mm to its left
    hatched = replace(r, id=left.id, state="empty", hatched=True)
    out = faint_strokes([hatched, r], [left, BOX], m, PX)[1]
    assert out.state == "doubtful" and not out.stroke  # the hatching's overshoot? asked
    far = Field("track-power-0", "track_box", 5.0, 20.0, 9.5, 9.5)  # 5.5 mm away
    assert faint_strokes([hatched, r], [far, BOX], m, PX)[1].stroke


def test_noise_alone_leaves_a_doubtful_box_doubtful():
    m, r = doubtful(page(5))
    assert faint_strokes([r], [BOX], m, PX)[0].state == "doubtful"


def test_the_edge_of_a_shaded_patch_is_not_a_stroke():
    seen = page(6)
    x0, y0, x1, y1 = BOX.bounds
    seen[px(y0) : px((y0 + y1) / 2), :] *= np.float32(0.9)  # half the box in a light shade
    m, r = doubtful(seen)
    assert faint_strokes([r], [BOX], m, PX)[0].state == "doubtful"


def test_a_line_along_the_inside_of_an_outline_is_the_outlines_not_a_stroke():
    """Seed 794 #1150: a reddish edge 0.6 mm inside an empty space's left outline (its
    print misregistered) read as a faint stroke, and the space filled. A line within
    ``EDGE_MM`` of the inside's edge, running along it, is the outline's; the same line
    across the middle of the box is a stroke."""
    x0, y0, x1, y1 = BOX.bounds
    inside = _field_boxes([BOX], PX).inside[0]

    def vertical(at_mm: float):
        seen = page(7)
        x = px(at_mm)
        seen[px(y0 + 0.9) : px(y1 - 0.9), x - 1 : x + 2] = np.float32(0.9)
        return doubtful(seen)

    m, r = vertical(x0 + 0.7 + 0.6)  # 0.6 mm inside the inside's left edge
    assert stroke_score(m, inside, PX) == (0.0, 0.0, 0.0)
    assert faint_strokes([r], [BOX], m, PX)[0].state == "doubtful"
    m, r = vertical((x0 + x1) / 2)  # the same line down the middle
    assert faint_strokes([r], [BOX], m, PX)[0].stroke


def test_a_box_no_line_of_which_could_pass_is_passed_over_and_others_score_the_same():
    stroke = page(4)
    faint_diagonal(stroke)
    x0, y0, x1, y1 = BOX.bounds
    speck = page(7)
    speck[px(y0 + 4) : px(y0 + 5), px(x0 + 4) : px(x0 + 5)] = np.float32(0.9)
    inside = _field_boxes([BOX], PX).inside[0]
    # a stroke: every line measured or only the directions that may pass, the same score
    m = masks(stroke)
    assert stroke_score(m, inside, PX, 0.45) == stroke_score(m, inside, PX)
    # a speck: no line has 45% of its points darker; its best line has some
    m = masks(speck)
    assert stroke_score(m, inside, PX)[0] > 0
    assert stroke_score(m, inside, PX, 0.45) == (0.0, 0.0, 0.0)


def test_the_field_boxes_are_made_again_for_other_fields():
    other = Field("x", "space", 30.0, 10.0, 5.0, 5.0, "circle")
    a = _field_boxes([BOX], PX)
    assert _field_boxes([BOX], PX) is a
    assert _field_boxes([BOX, other], PX).inside.shape == (2, 4)
    assert _field_boxes([BOX], 2 * PX).inside[0, 0] == round((BOX.x + 0.7) * 2 * PX)
    assert not a.inside.flags.writeable


ABOVE = Field("track-power-0", "track_box", 20.0, 9.0, 9.5, 9.5)  # 1.5 mm above BOX
LEFT = Field("track-life-1", "track_box", 9.0, 20.0, 9.5, 9.5)  # 1.5 mm left of it


def _fringed_top_and_left(neighbours_filled: bool):
    """BOX covered evenly and a little past its top and left sides, and (if
    ``neighbours_filled``) the boxes above and to its left filled, their fills drawn on
    across the gaps into that fringe; BOX as ``hatched_out`` reads it."""
    seen = page(7)
    x0, y0, x1, y1 = BOX.bounds
    seen[px(y0 - 0.6) : px(y1), px(x0 - 0.6) : px(x1)] *= np.float32(0.4)
    if neighbours_filled:
        for f in (ABOVE, LEFT):
            a0, b0, a1, b1 = f.bounds
            seen[px(b0 + 0.5) : px(b1 - 0.5), px(a0 + 0.5) : px(a1 - 0.5)] *= np.float32(0.4)
        seen[px(ABOVE.y + 1.0) : px(y0), px(x0 + 1.0) : px(x1 - 1.0)] *= np.float32(0.4)
        seen[px(y0 + 1.0) : px(y1 - 1.0), px(LEFT.x + 1.0) : px(x0)] *= np.float32(0.4)
    m = masks(seen)
    fields = [ABOVE, LEFT, BOX]
    readings = read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)
    return hatched_out(readings, fields, m, PX)[2]


def test_an_even_fill_fringed_only_by_its_neighbours_overruns_is_not_hatched_out():
    # seed 605 of ``bench multi``, an easy tech page: a Cleanup box filled, the Repair
    # box's fill drawn on over its top and left: read hatched out, unasked
    r = _fringed_top_and_left(neighbours_filled=True)
    assert r.state == "filled" and not r.hatched
    # ...where the same fringe past two sides, beside no filled box, is its own
    r = _fringed_top_and_left(neighbours_filled=False)
    assert r.state == "empty" and r.hatched
