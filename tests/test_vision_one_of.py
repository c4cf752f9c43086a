"""A Stellar Drift bonus box's Abilities, one of which alone may be checked: a box
doubted as hatched out beside one clean mark is taken back; anything else is asked."""

from __future__ import annotations

from sheet_readings import sheet_reading

from pnp.vision.fields import FieldReading
from pnp.vision.one_of import settled_one_of
from pnp.vision.read import FAINT, HATCHED, SheetReading
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
