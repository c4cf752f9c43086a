"""A digit with more than one bubble marked: settled from the page's own marks where a
player would read it at once (a correction beside a clean fill, specks beside a fill, a
fill's tail run into the next bubble), asked otherwise."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.bubble_digits import settled_digits
from pnp.vision.field_doubts import FAINT, HATCHED, NOISE, Doubt
from pnp.vision.fields import EMPTY_MAX, FILLED_MIN, FieldReading
from pnp.vision.reference import COMMON_HEIGHT, COMMON_WIDTH, common_map
from pnp.vision.sheet_reading import SheetReading

SOURCE = "pad.jpg"


def page(
    inks: dict[int, float], doubts: dict[int, str] | None = None, place: str = "units", **more
) -> SheetReading:
    """A page whose ``p2-game_pp`` bubbles of ``place`` hold ``inks`` (digit -> ink
    share), the reader doubting ``doubts`` (digit -> cause); ``more`` bubbles of other
    numbers (their id with "_" for "-" -> ink share)."""
    ids = {d: f"p2-game_pp-{place}-{d}" for d in range(10)}
    inks = dict(inks)
    for k, ink in more.items():
        ids[k] = k.replace("_", "-")
        inks[k] = ink
    readings = tuple(
        FieldReading(ids[d], state(inks.get(d, 0.0)), inks.get(d, 0.0), 1.0) for d in ids
    )
    doubtful = tuple(Doubt(ids[d], "?", SOURCE, cause) for d, cause in (doubts or {}).items())
    return SheetReading(
        source=SOURCE,
        code=None,
        readings=readings,
        kinds={i: "bubble" for i in ids.values()},
        doubtful=doubtful,
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=6.25,
        timing={},
        page=np.zeros((1, 1), np.uint8),
    )


def state(ink: float) -> str:
    return "filled" if ink >= FILLED_MIN else "empty" if ink <= EMPTY_MAX else "doubtful"


def settled(sheet: SheetReading, answers: dict | None = None) -> dict[str, bool]:
    return {
        k.removeprefix(f"{SOURCE}:"): v for k, v in settled_digits([sheet], answers or {}).items()
    }


def correction(fill_ink: float) -> SheetReading:
    """Units 0 hatched out past its circle, units 5 filled (``fill_ink`` of it)."""
    ink = inked([("p2-game_pp-units-0", 1.3, 0.0), ("p2-game_pp-units-5", 0.8, 0.0)])
    return pad_page({0: 0.6, 5: fill_ink}, ink, {0: HATCHED})


def test_a_bubble_hatched_out_beside_a_clean_fill_is_the_correction():
    assert settled(correction(0.39)) == {"p2-game_pp-units-0": False}


def test_a_correction_beside_a_faint_fill_is_asked():
    assert settled(correction(0.2)) == {}


def test_a_fill_doubted_as_hatched_beside_its_own_tail_is_asked():
    # units 2 filled large, doubted (inked past its circle); the ink of units 3 is that
    # fill's tail, all on the side of units 2: a tail whether units 2 is a fill or a
    # correction, read empty; units 2 is still asked (no fill of its own beside it)
    tail = inked([("p2-game_pp-units-2", 1.7, 0.0)])
    assert settled(pad_page({2: 0.98, 3: 0.35}, tail, {2: HATCHED})) == {
        "p2-game_pp-units-3": False
    }


def test_a_light_fill_beside_a_bubble_doubted_as_hatched_is_no_tail():
    # seed 88 #289: units 1 hatched out past its circle (doubted), units 0 a light fill
    # whose ink reaches a little into its far half: the fill may be the digit, asked
    hatching = [("p2-game_pp-units-3", 1.7, 0.0)]
    light_fill = [("p2-game_pp-units-2", 0.3, 0.0)]  # 3.6% of its far half inked
    ink = inked(hatching + light_fill)
    assert settled(pad_page({2: 0.3, 3: 0.98}, ink, {3: HATCHED})) == {}
    # beside a bubble not doubted, so little past the middle is still a tail
    assert settled(pad_page({2: 0.3, 3: 0.98}, ink)) == {"p2-game_pp-units-2": False}


def test_a_lone_units_fill_doubted_as_hatched_once_its_tail_is_out_is_the_digit():
    # ...and in a column in use (its total is bubbled), units 2 left alone in its place
    # is the number's units digit: hatched out, the place would be empty
    from dataclasses import replace

    tail = inked([("p2-game_pp-units-2", 1.7, 0.0)])
    sheet = replace(page({2: 0.98, 3: 0.35}, {2: HATCHED}, p2_total_units_5=0.9), ink=tail)
    assert settled(replace(sheet, code=SCOREPAD)) == {
        "p2-game_pp-units-3": False,
        "p2-game_pp-units-2": True,
    }


def test_two_clean_fills_are_asked():
    assert settled(page({1: 0.73, 2: 0.70})) == {}


def test_two_bubbles_both_hatched_out_are_asked():
    assert settled(page({1: 0.9, 2: 0.9}, {1: HATCHED, 2: HATCHED})) == {}


def test_specks_beside_a_solid_fill_are_noise():
    sheet = page({1: 0.79, 4: 0.06, 5: 0.04}, {4: FAINT, 5: FAINT})
    assert settled(sheet) == {"p2-game_pp-units-4": False, "p2-game_pp-units-5": False}


def test_specks_beside_a_light_fill_are_asked():
    assert settled(page({1: 0.4, 4: 0.06}, {4: FAINT})) == {}


def test_a_digit_a_person_answered_is_left_to_the_answer():
    assert settled(correction(0.39), {"p2-game_pp-units-5": True}) == {}


def test_a_lone_units_bubble_barely_filled_in_a_used_column_is_the_digit():
    sheet = page({6: 0.17}, {6: FAINT}, p2_medals_units_3=0.8)
    assert settled(sheet) == {"p2-game_pp-units-6": True}


def test_a_lone_units_bubble_barely_filled_beside_another_faint_one_is_asked():
    """Seed 736 #154 (a hard player pad): Medals of Honor's units 7, a light fill (2.7%
    past the raised step), doubted as faint and read no mark; units 6 beside it, 3.1% of
    its fill's tail, read barely filled and settled the digit. The column's sum then
    took a correction for Remaining Resources' digit to match: two numbers wrong, the
    total right, nothing asked. Two faint bubbles in the place: neither is settled."""
    sheet = page({6: 0.05, 7: 0.02}, {6: FAINT, 7: FAINT}, p2_medals_units_3=0.8)
    assert settled(sheet) == {}
    # a lone bubble doubted as hatched out stays the digit beside a faint one
    sheet = page({6: 0.9, 7: 0.02}, {6: HATCHED, 7: FAINT}, p2_medals_units_3=0.8)
    assert settled(sheet) == {"p2-game_pp-units-6": True}


def test_a_lone_bubble_barely_filled_is_asked_in_an_unused_column_or_a_tens_place():
    assert settled(page({6: 0.17}, {6: FAINT}, p3_medals_units_3=0.8)) == {}
    assert settled(page({6: 0.17}, {6: FAINT}, "tens", p2_medals_units_3=0.8)) == {}


def test_a_lone_units_bubble_doubted_as_hatched_out_in_a_used_column_is_the_digit():
    """Hatched out, it would leave a number in use without its units digit: it is the fill."""
    sheet = page({6: 0.9}, {6: HATCHED}, p2_medals_units_3=0.8)
    assert settled(sheet) == {"p2-game_pp-units-6": True}
    assert settled(page({6: 0.9}, {6: HATCHED}, p3_medals_units_3=0.8)) == {}  # unused
    assert settled(page({6: 0.9}, {6: HATCHED}, "tens", p2_medals_units_3=0.8)) == {}


def test_a_lone_bubble_doubted_as_hatched_out_in_a_blank_other_row_is_asked():
    """A Solo round may leave its blank "other" project rows unused: a correction there
    can leave the row empty."""
    for row in ("r3_other1", "end_other2_yours"):
        more = {f"{row}_units_2": 0.9, "r3_floor1_units_3": 0.8, "end_atalum_yours_units_1": 0.8}
        sheet = page({}, {f"{row}_units_2": HATCHED}, **more)
        assert settled(sheet) == {}, row


def test_a_lone_bubble_doubted_as_hatched_out_in_an_other_row_used_elsewhere_is_the_digit():
    """A blank row used on one card is used on every card: its number must be there."""
    for row in ("r3_other1", "end_other1_yours"):
        more = {f"{row}_units_2": 0.9, "r2_other1_units_1": 0.8}
        more |= {"r3_floor1_units_3": 0.8, "end_atalum_yours_units_1": 0.8}
        sheet = page({}, {f"{row}_units_2": HATCHED}, **more)
        assert settled(sheet) == {f"{row.replace('_', '-')}-units-2": True}, row
    # used elsewhere in another row only: still asked
    more = {"r3_other1_units_2": 0.9, "r3_floor1_units_3": 0.8, "r2_other2_units_1": 0.8}
    assert settled(page({}, {"r3_other1_units_2": HATCHED}, **more)) == {}


def test_a_minus_doubted_on_a_zero_is_settled_unmarked():
    """ "-0" is 0: the minus bubble of a number whose digits read 0 changes nothing."""
    for cause in (HATCHED, FAINT):
        sheet = page(
            {}, {"r4_floor1_sign_neg": cause}, r4_floor1_sign_neg=0.9, r4_floor1_units_0=0.8
        )
        assert settled(sheet) == {"r4-floor1-sign-neg": False}, cause
    # a leading 0 filled too: still 0
    more = {"r2_floor3_sign_neg": 0.9, "r2_floor3_tens_0": 0.8, "r2_floor3_units_0": 0.7}
    assert settled(page({}, {"r2_floor3_sign_neg": HATCHED}, **more)) == {
        "r2-floor3-sign-neg": False
    }


def test_a_minus_doubted_on_another_number_is_asked():
    # on a 1 the minus is the number's sign: -1 or 1
    sheet = page({}, {"r4_floor1_sign_neg": HATCHED}, r4_floor1_sign_neg=0.9, r4_floor1_units_1=0.8)
    assert settled(sheet) == {}
    # its 0 doubted too: the number may be another
    doubts = {"r4_floor1_sign_neg": HATCHED, "r4_floor1_units_0": FAINT}
    assert settled(page({}, doubts, r4_floor1_sign_neg=0.9, r4_floor1_units_0=0.2)) == {}
    # no digit marked: the number is not read as 0 (its units place is asked)
    assert settled(page({}, {"r4_floor1_sign_neg": HATCHED}, r4_floor1_sign_neg=0.9)) == {}
    # a 0 in another number does not count
    sheet = page({}, {"r4_floor1_sign_neg": HATCHED}, r4_floor1_sign_neg=0.9, r4_floor2_units_0=0.8)
    assert settled(sheet) == {}


def test_a_minus_a_person_answered_is_left_to_the_answer():
    sheet = page({}, {"r4_floor1_sign_neg": HATCHED}, r4_floor1_sign_neg=0.9, r4_floor1_units_0=0.8)
    assert settled(sheet, {"r4-floor1-sign-neg": True}) == {}


SCOREPAD = PageCode("federation", "scorepad", "table", 1, 1)
PX_PER_MM = 6.25


def inked(discs: list[tuple[str, float, float]]) -> np.ndarray:
    """An ink mask of the score pad holding a disc for each (bubble id, radius in the
    bubble's radii, shift of the centre towards the next bubble in mm)."""
    sheet_map, s = common_map(SCOREPAD), PX_PER_MM
    ink = np.zeros((round(COMMON_HEIGHT * s), round(COMMON_WIDTH * s)), np.uint8)
    for field_id, radius, shift in discs:
        f = sheet_map.field(field_id)
        centre = (round((f.x + shift) * s), round(f.y * s))
        cv2.circle(ink, centre, round(f.w / 2 * radius * s), 1, -1)
    return ink


def pad_page(
    inks: dict[int, float], ink: np.ndarray, doubts: dict[int, str] | None = None
) -> SheetReading:
    from dataclasses import replace

    return replace(page(inks, doubts), code=SCOREPAD, ink=ink)


def test_a_fills_tail_in_the_next_bubble_is_not_a_mark():
    # units 2 filled, drawn large: its ink runs over the near half of units 3
    tail = inked([("p2-game_pp-units-2", 1.7, 0.0)])
    assert settled(pad_page({2: 0.8, 3: 0.4}, tail)) == {"p2-game_pp-units-3": False}
    # ...whichever of the two the fill is in
    tail = inked([("p2-game_pp-units-3", 1.7, 0.0)])
    assert settled(pad_page({2: 0.4, 3: 0.8}, tail)) == {"p2-game_pp-units-2": False}


def test_two_fills_each_about_its_own_centre_are_asked():
    both = inked([("p2-game_pp-units-2", 0.9, 0.0), ("p2-game_pp-units-3", 0.9, 0.0)])
    assert settled(pad_page({2: 0.8, 3: 0.8}, both)) == {}
    # a fill pushed off its centre towards the other still covers its far half
    shifted = inked([("p2-game_pp-units-2", 0.9, 0.0), ("p2-game_pp-units-3", 0.8, -0.5)])
    assert settled(pad_page({2: 0.8, 3: 0.7}, shifted)) == {}


def with_beyond(sheet: SheetReading, beyond: dict[int, float]) -> SheetReading:
    """``sheet`` with its units bubbles' square corners inked as given (digit -> share)."""
    from dataclasses import replace

    ids = {f"p2-game_pp-units-{d}": b for d, b in beyond.items()}
    readings = tuple(replace(r, beyond=ids.get(r.id, r.beyond)) for r in sheet.readings)
    return replace(sheet, readings=readings)


def test_a_bubble_scrawled_to_its_corners_beside_a_neat_fill_is_the_correction():
    # seed 82 #201 (a leftover row) and 13 more places on the 32 photo sets: one bubble
    # filled within its circle, the other scribbled out past it, neither doubted
    ink = inked([("p2-game_pp-units-2", 0.8, 0.0), ("p2-game_pp-units-3", 1.3, 0.0)])
    sheet = pad_page({2: 0.76, 3: 0.64}, ink)
    assert settled(with_beyond(sheet, {2: 0.0, 3: 0.79})) == {"p2-game_pp-units-3": False}
    # ...or the scribble doubted as hatched out, the fill too light for the first rule
    sheet = pad_page({2: 0.3, 3: 0.64}, ink, {3: HATCHED})
    assert settled(with_beyond(sheet, {2: 0.0, 3: 0.79})) == {"p2-game_pp-units-3": False}


def test_two_bubbles_scrawled_or_two_neat_are_asked():
    ink = inked([("p2-game_pp-units-2", 0.8, 0.0), ("p2-game_pp-units-3", 1.3, 0.0)])
    sheet = pad_page({2: 0.76, 3: 0.64}, ink)
    assert settled(with_beyond(sheet, {2: 0.3, 3: 0.79})) == {}  # both past the circle
    assert settled(with_beyond(sheet, {2: 0.0, 3: 0.4})) == {}  # neither scrawled
    light = pad_page({2: 0.2, 3: 0.64}, ink)  # the neat one too light to be a fill
    assert settled(with_beyond(light, {2: 0.0, 3: 0.79})) == {}


def test_a_tail_kept_inside_its_circle_is_no_neat_fill():
    # units 3 filled large, its ink running into the near half of units 2, within the
    # circle: units 2's far half is bare, no fill of its own, and units 2 is the tail
    ink = inked([("p2-game_pp-units-3", 1.3, 0.0), ("p2-game_pp-units-2", 0.5, 0.9)])
    sheet = pad_page({2: 0.3, 3: 0.64}, ink)
    assert settled(with_beyond(sheet, {2: 0.0, 3: 0.79})) == {"p2-game_pp-units-2": False}


def test_a_leftover_bubble_hatched_out_beside_a_clean_fill_is_the_correction():
    """Stellar Drift's leftover energy: one bubble alone is filled, as in a digit place."""
    from pnp.vision.bubble_digits import settled_groups
    from scoring.stellar_drift.marks import choice_group

    tracker = PageCode("stellar-drift", "tracker", "tracker", 2, 1)
    sheet_map, s = common_map(tracker), PX_PER_MM
    ink = np.zeros((round(COMMON_HEIGHT * s), round(COMMON_WIDTH * s)), np.uint8)
    for field_id, radius in (("leftover-energy-2", 0.8), ("leftover-energy-3", 1.3)):
        f = sheet_map.field(field_id)
        cv2.circle(ink, (round(f.x * s), round(f.y * s)), round(f.w / 2 * radius * s), 1, -1)
    readings = tuple(
        FieldReading(i, "filled" if i in ink_of else "empty", ink_of.get(i, 0.0), 1.0)
        for ink_of in [{"leftover-energy-2": 0.8, "leftover-energy-3": 0.9}]
        for i in (f"leftover-energy-{v}" for v in range(6))
    )
    doubt = Doubt("leftover-energy-3", "inked past the circle", "t.jpg", HATCHED)
    sheet = SheetReading(
        source="t.jpg",
        code=tracker,
        readings=readings,
        kinds={r.id: "bubble" for r in readings},
        doubtful=(doubt,),
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=s,
        timing={},
        page=np.zeros((1, 1), np.uint8),
        ink=ink,
    )
    assert settled_groups([sheet], {}, choice_group) == {"t.jpg:leftover-energy-3": False}
    # the digit rules' other cases hold too: with no doubt, two clean fills are asked
    assert settled_groups([replace_doubts(sheet)], {}, choice_group) == {}


def replace_doubts(sheet: SheetReading) -> SheetReading:
    from dataclasses import replace

    return replace(sheet, doubtful=())


def test_a_funded_answer_doubted_as_hatched_alone_in_its_pair_is_the_answer():
    # seed 81 #224, an easy Solo page: Atalum's "yes" inked past its circle, "no" clean,
    # Atalum's Influence bubbled: the question must have its answer
    sheet = page(
        {},
        {"end_atalum_funded_yes": HATCHED},
        end_atalum_funded_yes=0.97,
        end_atalum_funded_no=0.0,
        end_atalum_yours_units_5=0.9,
    )
    assert settled(sheet) == {"end-atalum-funded-yes": True}
    # the joint project is always answered
    joint = page({}, {"end_joint_funded_no": HATCHED}, end_joint_funded_no=0.94)
    assert settled(joint) == {"end-joint-funded-no": True}


def test_a_funded_answer_doubted_as_hatched_is_asked_beside_a_doubt_or_in_an_unused_row():
    # "no" doubted too (faint): which is the answer is the player's to say
    both = page(
        {},
        {"end_atalum_funded_yes": HATCHED, "end_atalum_funded_no": FAINT},
        end_atalum_funded_yes=0.97,
        end_atalum_funded_no=0.03,
    )
    assert settled(both) == {}
    # a blank "other" row with nothing else of it marked may be unused: hatched out
    unused = page({}, {"end_other3_funded_yes": HATCHED}, end_other3_funded_yes=0.62)
    assert settled(unused) == {}
    used = page(
        {},
        {"end_other3_funded_yes": HATCHED},
        end_other3_funded_yes=0.62,
        end_other3_yours_units_4=0.8,
    )
    assert settled(used) == {"end-other3-funded-yes": True}


def tracker_row(inks: dict[int, float], doubts: dict[int, str]) -> SheetReading:
    """A tracker page whose leftover energy bubbles hold ``inks`` (value -> ink share),
    the reader doubting ``doubts`` (value -> cause)."""
    ids = [f"leftover-energy-{v}" for v in range(6)]
    readings = tuple(
        FieldReading(i, state(inks.get(v, 0.0)), inks.get(v, 0.0), 1.0) for v, i in enumerate(ids)
    )
    return SheetReading(
        source="t.jpg",
        code=PageCode("stellar-drift", "tracker", "tracker", 2, 1),
        readings=readings,
        kinds={i: "bubble" for i in ids},
        doubtful=tuple(Doubt(ids[v], "?", "t.jpg", c) for v, c in doubts.items()),
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=PX_PER_MM,
        timing={},
        page=np.zeros((1, 1), np.uint8),
    )


def test_a_leftover_rows_one_bubble_doubted_as_hatched_out_is_its_answer():
    from pnp.vision.bubble_digits import lone_choices
    from scoring.stellar_drift.marks import choice_group

    # seed 88 #241, an easy tracker page: energy 1 filled past its circle, the row's one
    sheet = tracker_row({1: 0.88}, {1: HATCHED})
    assert lone_choices([sheet], {}, choice_group) == {"t.jpg:leftover-energy-1": True}
    # another bubble of the row doubted too (faint): the player's to say
    sheet = tracker_row({1: 0.88, 3: 0.02}, {1: HATCHED, 3: FAINT})
    assert lone_choices([sheet], {}, choice_group) == {}
    # doubted as faint, not hatched out: asked as before
    assert lone_choices([tracker_row({1: 0.2}, {1: FAINT})], {}, choice_group) == {}
    # a person's answer stands
    answered = {"t.jpg:leftover-energy-1": False}
    assert lone_choices([tracker_row({1: 0.88}, {1: HATCHED})], answered, choice_group) == {}


def test_a_faint_bubble_holding_a_hatched_neighbours_tail_is_not_the_digit():
    # seed 82 #204, an easy Solo page: a 1 filled far past its circle, read hatched out
    # (empty, not asked), its tail 14% of the 2, doubted as faint, and the 2 was taken as
    # the number's units digit, nothing asked. The place is asked now.
    from dataclasses import replace

    tail = inked([("p2-game_pp-units-2", 1.7, 0.0)])
    sheet = replace(page({2: 0.98, 3: 0.17}, {3: FAINT}, p2_total_units_5=0.9), code=SCOREPAD)
    hatched = tuple(
        replace(r, state="empty") if r.id == "p2-game_pp-units-2" else r for r in sheet.readings
    )
    sheet = replace(sheet, readings=hatched, ink=tail)
    assert settled(sheet) == {}
    # a light fill of its own (its far half inked) beside the hatched bubble is the digit
    own = inked([("p2-game_pp-units-2", 1.7, 0.0), ("p2-game_pp-units-3", 0.6, 0.0)])
    assert settled(replace(sheet, ink=own)) == {"p2-game_pp-units-3": True}


def grainy(inks: dict[int, tuple[float, float]], causes: dict[int, str]) -> SheetReading:
    """A grainy page's units place: digit -> (ink at the raised step, at the base step),
    each read filled and doubted for ``causes``."""
    sheet = page({d: max(FILLED_MIN, ink) for d, (ink, _) in inks.items()}, causes)
    readings = tuple(
        replace(r, ink=inks[d][0], base_ink=inks[d][1])
        if (d := int(r.id.rsplit("-", 1)[1])) in inks
        else r
        for r in sheet.readings
    )
    return replace(sheet, readings=readings)


def test_grain_beside_a_far_denser_bubble_all_doubted_for_noise_is_settled_empty():
    """Seed 690 #1174 (hard pad): tens 6 38.7% / 88.9% inked, tens 4 5.8% / 20.4%."""
    sheet = grainy({6: (0.387, 0.889), 4: (0.058, 0.204)}, {6: NOISE, 4: NOISE})
    assert settled(sheet) == {"p2-game_pp-units-4": False}
    faint = grainy({6: (0.387, 0.889), 4: (0.036, 0.1)}, {6: NOISE, 4: FAINT})
    assert settled(faint) == {"p2-game_pp-units-4": False}


def test_grain_beside_a_bubble_not_far_denser_or_not_filled_is_asked():
    # the densest not filled at the base step (a tens place with no fill, seed 706 #154)
    assert settled(grainy({1: (0.121, 0.367), 4: (0.033, 0.2)}, {1: NOISE, 4: NOISE})) == {}
    # denser at the raised step but not at the base step (seed 686 #834)
    assert settled(grainy({1: (0.3, 0.69), 8: (0.133, 0.62)}, {1: NOISE, 8: NOISE})) == {}
    # one of them doubted otherwise (hatched out?): not grain
    assert settled(grainy({6: (0.387, 0.889), 4: (0.058, 0.204)}, {6: NOISE, 4: HATCHED})) == {}


def test_a_place_the_noise_model_answered_is_still_weighed_one_a_person_answered_not():
    """The densest bubble stays asked for noise; the noise model answering it (the
    batch read again with its answers) must not bring the grain beside it back."""
    sheet = grainy({6: (0.387, 0.889), 4: (0.058, 0.204)}, {6: NOISE, 4: NOISE})
    answer = {f"{SOURCE}:p2-game_pp-units-6": True}
    learned = frozenset(answer)
    by_model = settled_digits([sheet], answer, learned)
    assert by_model == {f"{SOURCE}:p2-game_pp-units-4": False}
    assert settled_digits([sheet], answer) == {}  # a person's answer: left to them
