"""Stellar Drift sheets read into a state: what a batch without the ship can and cannot
check."""

from __future__ import annotations

from dataclasses import replace

from flat_pages import flat_reading

from pnp.synth.marks import Mark, sheet_marks
from pnp.synth.states import random_state
from pnp.vision.read import NOISE, Doubt
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


def test_a_box_past_a_tracks_gap_the_reader_doubts_is_asked_before_the_gap(reader_alone):
    """A track's last box read marked but doubted by the reader (noisy paper), the boxes
    before it plainly empty: the box is asked about, not the gap its mark would open;
    answered marked, the gap is asked about then."""
    state = random_state("stellar-drift", 1)
    pages = {m.sheet: m for m in sheet_marks("stellar-drift", state)}
    track, count = min(state["tracks"].items(), key=lambda kv: kv[1])
    sheets = {name: flat_reading(m, 6, f"{name}.png")[0] for name, m in pages.items()}
    boxes = sorted(
        (i for i in sheets["tracker"].kinds if i.startswith(f"track-{track}-")),
        key=lambda i: int(i.rsplit("-", 1)[1]),
    )
    last, gap = boxes[-1], set(boxes[count:-1])
    assert len(gap) >= 2
    marks = {**pages["tracker"].marks, last: Mark("check")}
    tracker, _ = flat_reading(replace(pages["tracker"], marks=marks), 6, "tracker.png")
    noisy = Doubt(last, "noisy paper: a test's doubt", "tracker.png", cause=NOISE)
    sheets["tracker"] = replace(tracker, doubtful=(*tracker.doubtful, noisy))
    assert not gap & {d.field for d in tracker.doubtful}  # the reader is sure of the gap

    (read,), _ = assemble(list(sheets.values()))
    asked = {d.field for d in read.doubtful}
    assert last in asked and not gap & asked, asked

    (read,), _ = assemble(list(sheets.values()), {f"tracker.png:{last}": True})
    asked = {d.field: d.reason for d in read.doubtful}
    assert gap <= set(asked) and asked[min(gap)].startswith(f"tracks.{track}"), asked

    # without the reader's doubt, the gap is asked at once, as before
    sheets["tracker"] = tracker
    (read,), _ = assemble(list(sheets.values()))
    assert gap <= {d.field for d in read.doubtful}
