"""Stellar Drift Ability boxes asked about whose Ability was plainly never unlocked on
their own page: settled unchecked; anything less plain is asked."""

from __future__ import annotations

from sheet_readings import sheet_reading

from pnp.vision.field_doubts import FAINT, HATCHED, NOISE
from pnp.vision.fields import FieldReading
from pnp.vision.locked import settled_locked
from pnp.vision.sheet_reading import SheetReading

SOURCE = "tech.jpg"
ABILITY = "ability-g2-1"  # unlocked by the green Tech row's box 3


def page(green: set[int], doubts: dict[str, str] | None = None) -> SheetReading:
    """A Tech page whose green row is read checked at ``green`` (boxes 1..9), Ability g2
    read filled, the reader asking about ``doubts`` (field -> cause)."""
    doubts = doubts if doubts is not None else {ABILITY: HATCHED}
    rows = [
        FieldReading(f"tech-green-{n}", "filled" if n in green else "empty", 0.3, 1.0)
        for n in range(1, 10)
    ]
    readings = (*rows, FieldReading(ABILITY, "filled", 0.6, 1.0))
    return sheet_reading(SOURCE, readings, "box", doubts)


def settled(sheet: SheetReading, answers: dict | None = None) -> dict[str, bool]:
    found = settled_locked([sheet], answers or {})
    return {k.removeprefix(f"{SOURCE}:"): v for k, v in found.items()}


def test_an_ability_asked_about_as_hatched_out_before_its_padlock_is_reached_is_unchecked():
    assert settled(page({1, 2})) == {ABILITY: False}


def test_an_ability_asked_about_for_noise_or_faintness_is_left_asked():
    assert settled(page({1, 2}, {ABILITY: NOISE})) == {}
    assert settled(page({1, 2}, {ABILITY: FAINT})) == {}


def test_an_unlocked_ability_is_left_as_read():
    assert settled(page({1, 2, 3})) == {}


def test_a_padlock_row_with_a_doubt_or_a_mark_past_the_padlock_is_not_plain():
    assert settled(page({1, 2}, {ABILITY: HATCHED, "tech-green-3": FAINT})) == {}
    assert settled(page({1, 2}, {ABILITY: HATCHED, "tech-green-1": NOISE})) == {}
    assert settled(page({1, 2, 5})) == {}  # a gap: something is misread


def test_an_answered_ability_or_padlock_is_left_to_the_answer():
    assert settled(page({1, 2}), {f"{SOURCE}:{ABILITY}": True}) == {}
    assert settled(page({1, 2}), {f"{SOURCE}:tech-green-3": False}) == {}


def test_a_bonus_ability_needs_its_bonus_box_checked():
    use = "bonus-red-use-bonus-fuel"

    def tracker(bonus: str) -> SheetReading:
        readings = (
            FieldReading("bonus-red", bonus, 0.3, 1.0),
            FieldReading(use, "filled", 0.5, 1.0),
        )
        return sheet_reading(SOURCE, readings, "box", {use: HATCHED})

    assert settled(tracker("empty")) == {use: False}
    assert settled(tracker("filled")) == {}


def test_a_padlock_box_asked_about_is_checked_when_its_ability_is_used_cleanly():
    assert settled(page({1, 2}, {"tech-green-3": FAINT})) == {"tech-green-3": True}
    assert settled(page({1, 2, 3}, {"tech-green-3": NOISE})) == {"tech-green-3": True}
    # ...not when the Ability is asked about too, nor when a person answered the box
    assert settled(page({1, 2}, {ABILITY: NOISE, "tech-green-3": FAINT})) == {}
    answered = {f"{SOURCE}:tech-green-3": False}
    assert settled(page({1, 2}, {"tech-green-3": FAINT}), answered) == {}


def test_a_bonus_box_asked_about_is_checked_when_its_bonus_ability_is_used_cleanly():
    use = "bonus-blue-use-bonus-tech"
    readings = (
        FieldReading("bonus-blue", "filled", 0.99, 1.0),
        FieldReading(use, "filled", 0.5, 1.0),
    )
    sheet = sheet_reading(SOURCE, readings, "box", {"bonus-blue": HATCHED})
    assert settled(sheet) == {"bonus-blue": True}


def test_a_padlock_box_its_row_settles_unchecked_is_asked_not_settled_by_its_ability():
    # seed 809 #12, a hard tech page: Tech Yellow 1-4 checked, 5-9 plainly empty, box 9
    # (Ability y5's padlock) asked for the paper's noise, Ability y5 (grain) read filled.
    # The row settles box 9 unchecked, the Ability checked: neither is taken, box 9 asked
    from dataclasses import replace

    from pnp.pagecode import PageCode
    from pnp.vision.answers import agreed
    from pnp.vision.stellar_drift import assemble_stellar_drift
    from pnp.vision.track_rows import settled_rows

    rows = [
        FieldReading(f"tech-yellow-{n}", "filled" if n <= 4 else "empty", 0.2, 1.0)
        for n in range(1, 11)
    ]
    readings = (*rows, FieldReading("ability-y5-1", "filled", 0.3, 1.0))
    sheet = sheet_reading(SOURCE, readings, "box", {"tech-yellow-9": NOISE})
    sheet = replace(sheet, code=PageCode("stellar-drift", "tech", "tech", 1, 7))
    box = f"{SOURCE}:tech-yellow-9"
    assert settled_rows([sheet], {}, frozenset())[box] is False
    assert settled_locked([sheet], {})[box] is True
    assert box not in agreed(settled_rows([sheet], {}, frozenset()), settled_locked([sheet], {}))
    assembled = assemble_stellar_drift(7, [sheet], {})
    assert "tech-yellow-9" in {d.field for d in assembled.doubtful}
    assert box not in assembled.settled


def test_settled_answers_agree_or_are_left_open():
    from pnp.vision.answers import agreed

    assert agreed({"a": True, "b": False}, {"b": False, "c": True}) == {
        "a": True,
        "b": False,
        "c": True,
    }
    assert agreed({"a": True}, {"a": False}, {"a": True}) == {}
