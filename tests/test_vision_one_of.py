"""A Stellar Drift bonus box's Abilities, one of which alone may be checked: a box
doubted as hatched out beside one clean mark is taken back; anything else is asked."""

from __future__ import annotations

from sheet_readings import sheet_reading

from pnp.vision.field_doubts import FAINT, HATCHED, NOISE
from pnp.vision.fields import FieldReading
from pnp.vision.one_of import beside_one_mark, settled_one_of
from pnp.vision.sheet_reading import SheetReading
from scoring.stellar_drift.marks import one_of_group

SOURCE = "tracker.jpg"
ABILITIES = ("bonus-tech", "bonus-colour", "bonus-skip", "bonus-fuel")


def page(checked: set[int], doubts: dict[int, str] | None = None) -> SheetReading:
    """A page whose yellow bonus box's Abilities are read checked where ``checked`` (by
    index in ``ABILITIES``), the reader doubting ``doubts`` (index -> cause)."""
    doubts = doubts or {}
    ids = [f"bonus-yellow-use-{a}" for a in ABILITIES]

    def reading(n: int) -> FieldReading:
        state = "filled" if n in checked else "empty"
        return FieldReading(ids[n], state, 0.6 if n in checked else 0.0, 1.0)

    readings = tuple(reading(n) for n in range(len(ids)))
    return sheet_reading(SOURCE, readings, "ability_box", {ids[n]: c for n, c in doubts.items()})


def settled(sheet: SheetReading, answers: dict | None = None) -> dict[str, bool]:
    found = settled_one_of([sheet], answers or {}, one_of_group)
    return {k.removeprefix(f"{SOURCE}:"): v for k, v in found.items()}


def test_a_box_hatched_out_beside_one_clean_mark_is_taken_back():
    assert settled(page({0, 1}, {1: HATCHED})) == {"bonus-yellow-use-bonus-colour": False}


def test_two_clean_marks_or_a_doubt_of_another_kind_are_asked():
    assert settled(page({0, 1})) == {}
    assert settled(page({0, 1}, {1: FAINT})) == {}
    assert settled(page({0, 1}, {0: HATCHED, 1: HATCHED})) == {}  # no clean mark


def test_one_mark_alone_is_left_as_read():
    assert settled(page({1}, {1: HATCHED})) == {}


def test_a_group_a_person_answered_is_left_to_the_answer():
    answers = {f"{SOURCE}:bonus-yellow-use-bonus-tech": True}
    assert settled(page({0, 1}, {1: HATCHED}), answers) == {}


def beside(sheet: SheetReading, answers: dict | None = None) -> dict[str, bool]:
    found = beside_one_mark([sheet], answers or {}, one_of_group)
    return {k.removeprefix(f"{SOURCE}:"): v for k, v in found.items()}


def test_faint_or_noisy_ink_beside_one_clean_mark_is_no_second_mark():
    assert beside(page({0}, {1: FAINT, 2: NOISE})) == {
        "bonus-yellow-use-bonus-colour": False,
        "bonus-yellow-use-bonus-skip": False,
    }
    # the clean mark answered by a person counts as clean
    answers = {f"{SOURCE}:bonus-yellow-use-bonus-tech": True}
    assert beside(page({0}, {0: HATCHED, 1: FAINT}), answers) == {
        "bonus-yellow-use-bonus-colour": False
    }


def test_faint_ink_is_asked_beside_no_mark_a_doubted_one_two_or_read_marked_itself():
    assert beside(page(set(), {1: FAINT})) == {}  # the group's one mark, or none
    assert beside(page({0}, {0: NOISE, 1: FAINT})) == {}  # the mark itself in doubt
    assert beside(page({0, 2}, {1: FAINT})) == {}  # two marks: the check asks
    assert beside(page({0, 1}, {1: NOISE})) == {}  # counted marked: the check asks
    assert beside(page({0}, {1: HATCHED})) == {}  # a correction, not faint ink


def test_a_leftover_row_is_such_a_group():
    from scoring.stellar_drift.marks import choice_group

    ids = [f"leftover-cubes-{v}" for v in range(4)]
    readings = tuple(
        FieldReading(i, "filled" if n == 2 else "empty", 0.6 if n == 2 else 0.01, 1.0)
        for n, i in enumerate(ids)
    )
    sheet = sheet_reading(SOURCE, readings, "bubble", {ids[0]: NOISE, ids[3]: FAINT})
    found = beside_one_mark([sheet], {}, choice_group)
    assert found == {f"{SOURCE}:{ids[0]}": False, f"{SOURCE}:{ids[3]}": False}


def test_a_federation_digit_place_is_such_a_group():
    from scoring.federation.bubbles import digit_place

    ids = [f"r1-law-units-{d}" for d in range(4)] + ["r1-law-tens-1", "r1-law-tens-2"]
    filled = {"r1-law-units-2"}
    readings = tuple(
        FieldReading(i, "filled" if i in filled else "empty", 0.6 if i in filled else 0.01, 1.0)
        for i in ids
    )
    doubts = {"r1-law-units-0": NOISE, "r1-law-tens-1": FAINT}  # tens: no fill beside it
    sheet = sheet_reading(SOURCE, readings, "bubble", doubts)
    found = beside_one_mark([sheet], {}, digit_place)
    assert found == {f"{SOURCE}:r1-law-units-0": False}


def test_a_bubble_barely_filled_beside_its_places_one_clean_fill_is_no_second_mark():
    """Seed 689 #204 (an easy Solo page): Floor 1's units bubble 1 holding 3% of ink, the
    edge of bubble 0's fill, read filled and asked as barely filled (its doubt guessing
    it empty); the place then held two marks, and both were asked."""
    from dataclasses import replace

    from scoring.federation.bubbles import digit_place

    ids = [f"r2-floor1-units-{d}" for d in range(3)]
    readings = tuple(
        FieldReading(i, "filled" if d < 2 else "empty", (0.41, 0.03, 0.0)[d], 1.0)
        for d, i in enumerate(ids)
    )
    sheet = sheet_reading(SOURCE, readings, "bubble", {ids[1]: FAINT})
    barely = replace(sheet.doubtful[0], guess=False)
    sheet_barely = replace(sheet, doubtful=(barely,))
    found = beside_one_mark([sheet_barely], {}, digit_place, barely_filled=True)
    assert found == {f"{SOURCE}:{ids[1]}": False}
    # weighed only when asked to (a pad's sums come first); with no guess of its own it
    # counts as read, filled: two marks, the check asks
    assert beside_one_mark([sheet_barely], {}, digit_place) == {}
    assert beside_one_mark([sheet], {}, digit_place, barely_filled=True) == {}
