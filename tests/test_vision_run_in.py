"""A box whose little ink runs in across one side: its own mark where the ink reaches the
part of the box away from that side, a neighbour's tail where it stops short and the box
beside is filled; asked otherwise."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading
from pnp.vision.run_in import LEFT, beside, faint_tails, settle_run_ins, tails

S = 6.25  # px per mm
ROW = [Field(f"track-{n}", "track_box", 10.0 + 9.0 * n, 10.0, 7.0, 9.0) for n in range(3)]


def px(x: float, y: float) -> tuple[int, int]:
    return round(x * S), round(y * S)


def reading(field_id: str, state: str, ink: float) -> FieldReading:
    # ink run in across the left side (spill: top, bottom, left, right)
    return FieldReading(field_id, state, ink, 0.9, spill=(0.0, 0.0, 0.8, 0.0))


def row(middle_ink: float, left_state: str = "filled") -> list[FieldReading]:
    return [
        FieldReading("track-0", left_state, 0.3, 1.0),
        reading("track-1", "filled", middle_ink),
        FieldReading("track-2", "empty", 0.0, 1.0),
    ]


def settle(ink: np.ndarray, middle_ink: float, left_state: str = "filled") -> FieldReading:
    """The middle box of a row as settled, doubted for ink run in from the left."""
    return settle_run_ins(row(middle_ink, left_state), ROW, ink, S, {"track-1"})[1]


def page() -> np.ndarray:
    return np.zeros((round(40 * S), round(50 * S)), np.uint8)


def test_a_tick_of_its_own_beside_a_neighbours_ink_is_filled():
    ink = page()
    cv2.line(ink, px(19.0, 15.0), px(21.5, 17.5), 1, 3)  # the tick, about the centre
    cv2.line(ink, px(21.5, 17.5), px(24.5, 12.0), 1, 3)
    cv2.line(ink, px(17.0, 14.0), px(19.6, 14.5), 1, 3)  # the neighbour's tail
    r = settle(ink, 0.08)
    assert (r.state, r.settled) == ("filled", True)


def test_a_neighbours_tail_alone_is_empty():
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)  # stops short of the centre
    r = settle(ink, 0.04)
    assert (r.state, r.settled) == ("empty", True)


def test_a_tail_with_no_filled_box_beside_it_is_still_asked():
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    r = settle(ink, 0.04, left_state="empty")
    assert (r.state, r.settled) == ("filled", False)


def test_a_tail_beside_a_box_hatched_out_is_empty():
    """Seed 803 #56 (a real-mode tracker): Life Support box 9 held the overshoot of box
    8's hatching-out, read empty (hatched out): the tail is that mark's, as a fill's is."""
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    readings = row(0.04, left_state="empty")
    readings[0] = FieldReading("track-0", "empty", 0.95, 0.9, hatched=True)
    r = settle_run_ins(readings, ROW, ink, S, {"track-1"})[1]
    assert (r.state, r.settled) == ("empty", True)


def test_ink_just_reaching_the_far_part_is_still_asked():
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    cv2.circle(ink, px(22.5, 17.0), 1, 1, -1)  # a speck past the centre: neither
    r = settle(ink, 0.09)
    assert r.settled is False


def test_a_tail_read_filled_and_not_asked_about_is_asked_not_settled():
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    assert tails(row(0.07), ROW, ink, S, set()) == {"track-1"}
    # ...but not a box with ink of its own past the middle
    cv2.line(ink, px(21.0, 15.0), px(24.0, 18.0), 1, 3)
    assert tails(row(0.07), ROW, ink, S, set()) == set()
    # ...nor one asked about already, or inked as a mark
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    assert tails(row(0.07), ROW, ink, S, {"track-1"}) == set()
    # ...nor one read empty
    assert (
        tails(
            [*row(0.07)[:1], reading("track-1", "empty", 0.0), *row(0.07)[2:]], ROW, ink, S, set()
        )
        == set()
    )
    # ...nor one with no filled box beside it
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(20.0, 15.0), 1, 3)
    assert tails(row(0.07, left_state="empty"), ROW, ink, S, set()) == set()


def test_a_tail_with_grain_in_the_far_part_is_still_asked():
    # seed 718 #1171: a fill drawn on into the next box, and the hard photo's grain on
    # its strokes, ~0.5% of the far part: no mark of the box's own (``_own_mark``)
    ink = page()
    for y in np.arange(12.0, 18.5, 0.6):
        cv2.line(ink, px(17.0, y), px(19.5, y + 0.3), 1, 3)
    for x, y in ((21.5, 13.0), (23.0, 16.5)):
        cv2.circle(ink, px(x, y), 1, 1, -1)  # specks past the middle
    assert tails(row(0.13), ROW, ink, S, set()) == {"track-1"}
    # ...where a tick of its own past the middle is not
    cv2.line(ink, px(20.5, 15.0), px(21.5, 17.5), 1, 3)
    cv2.line(ink, px(21.5, 17.5), px(24.5, 12.0), 1, 3)
    assert tails(row(0.16), ROW, ink, S, set()) == set()


def test_a_fills_overrun_deep_into_the_next_box_is_asked_however_much_it_inks():
    ink = page()
    # a fill's zigzag run 2 mm into the box beside it: 25% of the box, all near its side
    for y in np.arange(12.0, 18.5, 0.6):
        cv2.line(ink, px(17.0, y), px(20.5, y + 0.3), 1, 3)
    assert tails(row(0.25), ROW, ink, S, set()) == {"track-1"}


def test_a_single_stroke_run_in_with_a_light_band_is_asked_only_with_no_ink_past_other_sides():
    ink = page()
    cv2.line(ink, px(17.0, 17.0), px(20.5, 12.0), 1, 2)  # a tick's long arm, into the corner
    light = [FieldReading("track-0", "filled", 0.3, 1.0)]
    light += [FieldReading("track-1", "filled", 0.04, 0.9, spill=(0.0, 0.0, 0.12, 0.0))]
    light += [FieldReading("track-2", "empty", 0.0, 1.0)]
    assert tails(light, ROW, ink, S, set()) == {"track-1"}
    light[1] = FieldReading("track-1", "filled", 0.01, 0.9, spill=(0.0, 0.0, 0.03, 0.0))
    assert tails(light, ROW, ink, S, set()) == {"track-1"}  # a thinner band, alone
    # a mark of its own drawn large inks past two sides, and across the box: not a tail
    light[1] = FieldReading("track-1", "filled", 0.04, 0.9, spill=(0.0, 0.1, 0.12, 0.0))
    cv2.line(ink, px(20.5, 12.0), px(25.0, 17.0), 1, 2)
    assert tails(light, ROW, ink, S, set()) == set()


def test_a_fill_drawn_on_into_the_next_box_past_three_of_its_sides_is_asked():
    # seed 83 #6 (a normal tracker page): a fill's strokes run 2 mm on into the next box,
    # their turns inking past its top, bottom and left (bands 0.2-0.28), read filled and
    # not asked: a silent error that changed the score
    ink = page()
    for y in np.arange(9.5, 19.6, 1.2):
        cv2.line(ink, px(17.0, y), px(20.5, y), 1, 3)
    past_three = (0.2, 0.26, 0.28, 0.0)
    readings = row(0.15)
    readings[1] = FieldReading("track-1", "filled", 0.15, 0.9, spill=past_three)
    # the fill beside it: its band past the right side, toward this box, half inked
    readings[0] = FieldReading("track-0", "filled", 0.4, 1.0, spill=(0.7, 0.7, 0.7, 0.5))
    assert tails(readings, ROW, ink, S, set()) == {"track-1"}
    # the fill's own band toward it unmeasured or clear, the strokes crossing this box's
    # side and stopping short of its far part still say whose they may be
    readings[0] = FieldReading("track-0", "filled", 0.4, 1.0, spill=(0.7, 0.7, 0.7, 0.0))
    assert tails(readings, ROW, ink, S, set()) == {"track-1"}
    # ...and a box with ink of its own past the middle is a mark beside the overrun
    readings[0] = FieldReading("track-0", "filled", 0.4, 1.0, spill=(0.7, 0.7, 0.7, 0.5))
    cv2.line(ink, px(21.0, 15.0), px(24.0, 18.0), 1, 3)
    assert tails(readings, ROW, ink, S, set()) == set()


def test_the_box_beside_a_side_is_the_one_level_with_it():
    assert [g.id for g in beside(ROW[1], LEFT, ROW)] == ["track-0"]
    assert beside(ROW[0], LEFT, ROW) == []


def across(
    spill: tuple[float, float, float, float],
    left_state: str = "filled",
    right: FieldReading | None = None,
    ink: float = 0.0,
) -> FieldReading:
    """The middle box of a row, empty with ``spill`` past its sides (top, bottom, left,
    right) and ``ink`` inside, doubted for ink just past two sides, as
    ``neighbours_tails`` leaves it; the box on its right empty unless ``right``."""
    from pnp.vision.run_in import neighbours_tails

    readings = [
        FieldReading("track-0", left_state, 0.3, 1.0),
        FieldReading("track-1", "empty", ink, 1.0, spill=spill),
        right or FieldReading("track-2", "empty", 0.0, 1.0),
    ]
    return neighbours_tails(readings, ROW, {"track-1"})[1]


def test_an_empty_box_inked_past_two_sides_by_its_filled_neighbours_tail_is_settled():
    # the box before's stroke runs on into it across its left side, clipping its bottom
    r = across((0.0, 0.12, 0.7, 0.0))
    assert r.settled and r.state == "empty"


def test_an_empty_box_inked_well_past_two_sides_or_by_no_filled_box_is_asked():
    assert not across((0.0, 0.36, 0.7, 0.0)).settled  # a mark drawn across its outline
    assert not across((0.0, 0.12, 0.7, 0.0), left_state="empty").settled  # whose ink?
    assert not across((0.0, 0.15, 0.0, 0.16)).settled  # past sides with no box beside


@pytest.mark.parametrize("hatched", [False, True])
def test_an_empty_box_inked_past_two_sides_each_beside_a_players_mark_is_settled(hatched):
    # box 0's fill runs on across its left side, box 2's (or its hatching-out's) across
    # its right, and nothing lies inside it
    state = "empty" if hatched else "filled"
    right = FieldReading("track-2", state, 0.3, 1.0, hatched=hatched)
    r = across((0.0, 0.0, 0.5, 0.3), right=right)
    assert r.settled and r.state == "empty"


def test_an_empty_box_inked_past_sides_beside_marks_is_asked_with_ink_inside_or_below():
    right = FieldReading("track-2", "filled", 0.3, 1.0)
    # a tick across its corner, a stroke of it inside (seed 895 #147)
    assert not across((0.0, 0.0, 0.5, 0.3), right=right, ink=0.0085).settled
    # ...or its ink past its bottom, where no mark lies beside
    assert not across((0.0, 0.3, 0.5, 0.3), right=right).settled


def faint(spill, left_state: str = "filled", hatched: bool = False, ink=None) -> FieldReading:
    """The middle box of a row read faint (1.2% inked, ``spill`` past its sides) after
    ``faint_tails``, the left box ``left_state`` (or hatched out)."""
    if ink is None:
        ink = page()
        cv2.line(ink, px(17.0, 14.0), px(19.5, 14.5), 1, 2)  # a stroke's end, from the left
    readings = [
        FieldReading("track-0", left_state, 0.3, 1.0, hatched=hatched),
        FieldReading("track-1", "doubtful", 0.012, 0.5, spill=spill),
        FieldReading("track-2", "empty", 0.0, 1.0),
    ]
    return faint_tails(readings, ROW, ink, S, {"track-1"})[1]


def test_a_faint_box_inked_only_by_its_neighbours_stroke_is_empty():
    # seed 90 #241, an easy tracker page: CPU Core box 5, 0.9% inked, its band past the
    # left 0.65 inked, box 4 filled
    r = faint((0.0, 0.0, 0.65, 0.0))
    assert (r.state, r.settled) == ("empty", True)
    # ...or beside a box hatched out: the correction's scribble ran on into it
    r = faint((0.0, 0.0, 0.65, 0.0), left_state="empty", hatched=True)
    assert (r.state, r.settled) == ("empty", True)


def test_a_faint_box_is_asked_with_a_light_band_ink_past_other_sides_or_no_inked_neighbour():
    assert faint((0.0, 0.0, 0.05, 0.0)).settled is False  # a mark's own edge, perhaps
    assert faint((0.0, 0.3, 0.65, 0.0)).settled is False  # past the bottom too
    assert faint((0.0, 0.0, 0.65, 0.0), left_state="empty").settled is False


def test_a_faint_mark_of_its_own_past_the_middle_is_asked():
    ink = page()
    cv2.line(ink, px(17.0, 14.0), px(19.5, 14.5), 1, 2)
    cv2.line(ink, px(22.0, 16.0), px(23.0, 17.0), 1, 2)  # a light tick of its own
    r = faint((0.0, 0.0, 0.65, 0.0), ink=ink)
    assert (r.state, r.settled) == ("doubtful", False)


def test_a_scribbles_loop_run_a_little_into_the_next_box_is_asked():
    # seed 126 #281 (an easy tracker page): a scribble's turn 1.5 mm into the next box,
    # 3.6% of it, its band past the left side 0.275 inked and 0.025 past the bottom; the
    # scribble's own band toward it 0.278: read filled and not asked, changing the score
    ink = page()
    cv2.ellipse(ink, px(17.5, 15.0), (round(1.2 * S), round(2.0 * S)), 0, 0, 360, 1, 2)
    readings = row(0.036)
    readings[1] = FieldReading("track-1", "filled", 0.036, 0.9, spill=(0.0, 0.025, 0.275, 0.0))
    readings[0] = FieldReading("track-0", "filled", 0.31, 1.0, spill=(0.007, 0.4, 0.04, 0.278))
    assert tails(readings, ROW, ink, S, set()) == {"track-1"}


def test_a_fills_turns_past_the_next_boxs_top_and_bottom_are_still_its_tail():
    # seed 651 #76, a real-mode tracker page: a zigzag fill run past its box on every
    # side, its turns 2 mm into the next box and past that box's top and bottom (bands
    # 0.17, 0.16, 0.13 at the left: none reaching ``TAIL_SPILL``, the side inked most not
    # the filled box's): read filled, 15% of it, and not asked, the track counted one box
    # too far
    ink = page()
    for y in np.arange(8.5, 20.5, 0.6):
        cv2.line(ink, px(17.0, y), px(21.0, y + 0.3), 1, 3)
    turns = [FieldReading("track-0", "filled", 0.8, 1.0)]
    turns += [FieldReading("track-1", "filled", 0.15, 0.9, spill=(0.17, 0.16, 0.13, 0.0))]
    turns += [FieldReading("track-2", "empty", 0.0, 1.0)]
    assert tails(turns, ROW, ink, S, set()) == {"track-1"}
    # a mark of its own reaching the box's far part is no tail
    cv2.line(ink, px(21.0, 11.0), px(25.0, 18.0), 1, 3)
    assert tails(turns, ROW, ink, S, set()) == set()
    # nor is ink beside no filled box
    ink = page()
    for y in np.arange(8.5, 20.5, 0.6):
        cv2.line(ink, px(17.0, y), px(21.0, y + 0.3), 1, 3)
    turns[0] = FieldReading("track-0", "empty", 0.0, 1.0)
    assert tails(turns, ROW, ink, S, set()) == set()


@pytest.mark.parametrize(
    ("page", "track", "by_gap"),
    [
        # seed 651 #76 (``python -m pnp.bench photos --n 300 --seed 651``): Power box 4
        # filled with a zigzag run past it, box 5 unmarked, read filled on its turns
        ("seed651-00076-stellar-drift-tracker-real", "power", False),
        # seed 681 #271 (``--n 1200 --level hard --seed 681``), a grainy page: Engines
        # box 4 so, box 5 asked for the paper's noise, then settled filled by the page's
        # gap between its marks and its paper (its darkest point, the fill's turns, as
        # dark as a mark) and nothing asked of it: the track a box long
        ("seed681-00271-stellar-drift-tracker-hard", "engines", True),
    ],
)
def test_the_photographed_fill_run_on_into_the_next_track_box_is_asked_there(page, track, by_gap):
    import json
    from pathlib import Path

    from pnp.vision.read import read_photo

    photo = Path(__file__).parent / "fixtures" / "tails" / f"{page}.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())["state"]
    assert truth["tracks"][track] == 4
    (sheet,) = read_photo(photo)
    asked = {d.field: d for d in sheet.doubtful}
    box = {n: f"track-{track}-{n}" for n in range(3, 7)}
    assert "its tail" in asked[box[5]].reason
    # counted empty until answered (a neighbour's tail mostly is): the track at 4
    assert asked[box[5]].guess is False
    read = {r.id: r for r in sheet.readings}
    assert read[box[5]].settled == by_gap
    assert read[box[4]].state == "filled" and read[box[6]].state == "empty"
    # box 3's mark, beside the fill on its other side, its far part inked: no tail
    assert read[box[3]].state == "filled" and box[3] not in asked


def test_a_tail_from_one_side_beside_another_sides_inked_band_is_still_asked():
    # seed 812 #471: the box's ink is the tip of its left neighbour's slash; the band
    # past its right side is inked most, by the right neighbour's scribble. Measured from
    # the right, the tip lies in the far part, as a mark of its own would: still asked
    ink = page()
    cv2.line(ink, px(17.0, 12.0), px(20.8, 12.8), 1, 3)
    readings = [
        FieldReading("track-0", "filled", 0.3, 1.0),
        FieldReading("track-1", "filled", 0.036, 0.9, spill=(0.0, 0.0, 0.08, 0.68)),
        FieldReading("track-2", "empty", 0.99, 0.9),
    ]
    r = settle_run_ins(readings, ROW, ink, S, {"track-1"})[1]
    assert r.settled is False
    # ...where the left neighbour is not filled, the ink is no tail of it: its own mark
    readings[0] = FieldReading("track-0", "empty", 0.0, 1.0)
    r = settle_run_ins(readings, ROW, ink, S, {"track-1"})[1]
    assert (r.state, r.settled) == ("filled", True)


def test_a_tail_read_filled_unasked_beside_another_sides_inked_band_is_asked():
    # seed 820 #106 (a normal tracker page): box 4's fill run on into the left 30% of box
    # 5, 8% of it; the band past box 5's right side, inked most (0.98), is box 6's
    # hatching-out (read empty). Measured from the right, the tail lies in the far part as
    # a mark of its own would: read filled, nothing asked, the track a box long
    ink = page()
    cv2.rectangle(ink, px(10.5, 10.5), px(16.5, 18.5), 1, -1)  # box 4's fill
    for y in np.arange(11.0, 18.0, 0.6):
        cv2.line(ink, px(16.0, y), px(20.8, y + 0.3), 1, 3)
    readings = [
        FieldReading("track-0", "filled", 0.7, 1.0, spill=(0.0, 0.0, 0.0, 0.6)),
        FieldReading("track-1", "filled", 0.08, 0.9, spill=(0.0, 0.0, 0.82, 0.98)),
        FieldReading("track-2", "empty", 0.99, 0.9, hatched=True),
    ]
    assert tails(readings, ROW, ink, S, set()) == {"track-1"}
    # a mark of its own across its middle is no tail
    cv2.line(ink, px(21.5, 11.0), px(24.5, 18.0), 1, 3)
    assert tails(readings, ROW, ink, S, set()) == set()


def test_the_photographed_tail_beside_a_hatched_out_box_is_asked(tmp_path):
    """Seed 820 #106 (``python -m pnp.bench photos --n 300 --seed 820``), regenerated: CPU
    Core box 5, unmarked between box 4's fill drawn on into it and box 6's hatching-out,
    was read filled with nothing asked, the track counted a box long."""
    from pnp.synth.dataset import Sample, make
    from pnp.vision.read import read_photo

    sample = Sample(106, "stellar-drift", "tracker", "normal", 1990660355, 856111648, 468934097)
    jpeg, truth = make(sample)
    marks = truth["sheet"]["fields"]
    assert [marks[f"track-cpu_core-{n}"]["marked"] for n in (4, 5, 6)] == [True, False, False]
    photo = tmp_path / "tracker.jpg"
    photo.write_bytes(jpeg)
    (sheet,) = read_photo(photo)
    read = {r.id: r for r in sheet.readings}
    assert read["track-cpu_core-4"].state == "filled"
    assert read["track-cpu_core-6"].state == "empty"
    asked = {d.field: d for d in sheet.doubtful}
    assert "its tail" in asked["track-cpu_core-5"].reason
    assert asked["track-cpu_core-5"].guess is False  # counted empty until answered
