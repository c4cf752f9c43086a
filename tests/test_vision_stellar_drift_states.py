"""Stellar Drift sheets read into a state: what a batch without the ship can and cannot
check."""

from __future__ import annotations

from dataclasses import replace

from flat_pages import flat_reading

from pnp.synth.marks import Mark, sheet_marks
from pnp.synth.states import random_state
from pnp.vision.field_doubts import NOISE, Doubt
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


def _track_past_a_gap(doubts: dict[str, str]):
    """The three sheets of a state, the tracker's shortest track with its last box
    checked too, and the reader doubting ``doubts`` ("last", "gap": the first box of the
    gap; -> cause) besides its own doubts: (sheets, the tracker as read, the track, its
    last box, its gap)."""
    state = random_state("stellar-drift", 1)
    pages = {m.sheet: m for m in sheet_marks("stellar-drift", state)}
    track, count = min(state["tracks"].items(), key=lambda kv: kv[1])
    sheets = {name: flat_reading(m, 6, f"{name}.png")[0] for name, m in pages.items()}
    boxes = sorted(
        (i for i in sheets["tracker"].kinds if i.startswith(f"track-{track}-")),
        key=lambda i: int(i.rsplit("-", 1)[1]),
    )
    last, gap = boxes[-1], boxes[count:-1]
    assert len(gap) >= 2
    marks = {**pages["tracker"].marks, last: Mark("check")}
    tracker, _ = flat_reading(replace(pages["tracker"], marks=marks), 6, "tracker.png")
    assert not set(gap) & {d.field for d in tracker.doubtful}  # the reader is sure of the gap
    named = {"last": last, "gap": gap[0]}
    extra = tuple(
        Doubt(named[k], "noisy paper: a test's doubt", "tracker.png", cause=c)
        for k, c in doubts.items()
    )
    sheets["tracker"] = replace(tracker, doubtful=(*tracker.doubtful, *extra))
    return sheets, tracker, track, last, set(gap)


def test_a_box_past_a_tracks_gap_the_reader_doubts_is_asked_before_the_gap(reader_alone):
    """A track's last box read marked but doubted by the reader (noisy paper), the boxes
    before it plainly empty: the box is asked about, not the gap its mark would open;
    answered marked, the gap is asked about then."""
    sheets, tracker, track, last, gap = _track_past_a_gap({"last": NOISE})

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


def test_the_noise_model_answers_a_doubted_box_of_a_waiting_gap_as_a_checks(monkeypatch):
    """A box of the gap the reader doubts too is answered by the noise model as a field a
    check asks about: settled empty only at ``SURE`` (the gap's rule would ask it, were
    the box past it answered marked); before, it was answered as the reader's doubt alone.
    """
    import pnp.vision.noise_model as noise_model
    from pnp.vision.learned import learned_answers
    from pnp.vision.states import _assembled

    sheets, _, _, last, gap = _track_past_a_gap({"last": NOISE, "gap": NOISE})
    first = min(gap, key=lambda i: int(i.rsplit("-", 1)[1]))
    out = _assembled("stellar-drift", list(sheets.values()), {})
    asked = {d.field for d in out[0].doubtful}
    assert {last, first} <= asked and not (gap - {first}) & asked, asked
    p = 1 - noise_model.SURE_EMPTY / 2 - noise_model.SURE / 2  # sure at SURE_EMPTY only
    monkeypatch.setattr(noise_model, "model_answers", lambda *a, **k: {first: p})
    given, checked = learned_answers(out)
    assert f"tracker.png:{first}" in checked and f"tracker.png:{first}" not in given


def test_a_gap_box_the_noise_model_answered_empty_is_asked_with_the_gap(monkeypatch):
    """Seed 790 #271 (a hard tracker): CPU Core box 6 checked in pencil on grainy paper,
    asked for noise; the noise model was sure it was grain, and the track's rule ("box 7
    is checked but not boxes 4, 6") asked boxes 4 and 7, not the box 6 it names: the
    model's answer stood against the rule. Now it is asked with the rest of the gap."""
    import pnp.vision.learned as learned

    sheets, _, track, last, gap = _track_past_a_gap({"gap": NOISE})
    first = min(gap, key=lambda i: int(i.rsplit("-", 1)[1]))
    model = {f"tracker.png:{first}": 0.0001}  # sure: no mark
    monkeypatch.setattr(learned, "learned_answers", lambda out: (dict(model), {}))
    (read,), _ = assemble(list(sheets.values()))
    asked = {d.field: d.reason for d in read.doubtful}
    assert gap | {last} <= set(asked), asked
    assert asked[first].startswith(f"tracks.{track}")
    assert f"tracker.png:{first}" not in read.settled
