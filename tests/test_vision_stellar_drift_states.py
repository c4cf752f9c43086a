"""Stellar Drift sheets read into a state: what a batch without the ship can and cannot
check."""

from __future__ import annotations

from dataclasses import replace

from flat_pages import flat_reading

from pnp.synth.marks import Mark, sheet_marks
from pnp.synth.states import random_state
from pnp.vision.states import assemble


def test_a_tracker_read_without_its_ship_asks_nothing_of_its_section_bonuses():
    state = next(
        s for seed in range(1, 40) if (s := random_state("stellar-drift", seed))["section_bonus"]
    )
    tracker = next(m for m in sheet_marks("stellar-drift", state) if m.sheet == "tracker")
    # a second leftover bubble: marks that make no state, so every check is reported
    (energy,) = [i for i in tracker.marks if i.startswith("leftover-energy-")]
    second = "leftover-energy-1" if energy != "leftover-energy-1" else "leftover-energy-2"
    tracker = replace(tracker, marks={**tracker.marks, second: Mark("fill")})
    sheet, _ = flat_reading(tracker, 5, "tracker.png")
    (alone,), _ = assemble([sheet])
    assert alone.state is None and any("without the ship" in n for n in alone.notes)
    asked = {d.field: d.reason for d in alone.doubtful}
    assert asked[second].startswith("leftover.energy")  # what the tracker itself shows
    assert not [r for r in asked.values() if "section_bonus" in r], asked


def test_three_sheets_whose_marks_break_a_rule_ask_about_the_fields_it_names():
    """Marks that make a state but break a check (a section bonus box checked, its
    section not repaired) are asked about when read, not refused when scored."""
    state = next(
        s for seed in range(1, 40) if (s := random_state("stellar-drift", seed))["section_bonus"]
    )
    pages = {m.sheet: m for m in sheet_marks("stellar-drift", state)}
    ship = pages["ship"]
    # the ship read with no space repaired: no section is complete
    pages["ship"] = replace(ship, marks={k: v for k, v in ship.marks.items() if "space" not in k})
    sheets = [flat_reading(m, 6, f"{name}.png")[0] for name, m in pages.items()]
    (read,), _ = assemble(sheets)
    assert read.state is None
    asked = {d.field: d.reason for d in read.doubtful}
    for colour in state["section_bonus"]:
        assert asked[f"bonus-{colour}"].startswith("section_bonus"), asked
