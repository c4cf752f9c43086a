"""A Stellar Drift row read with a gap: the boxes past a plainly empty box taken back
when every one was doubted; asked otherwise."""

from __future__ import annotations

import pytest
from sheet_readings import sheet_reading

from pnp.vision.field_doubts import FAINT, HATCHED, Doubt
from pnp.vision.fields import FieldReading
from pnp.vision.sheet_reading import SheetReading
from pnp.vision.track_rows import settled_rows

SOURCE = "tech.jpg"
ROW = "tech-green"


def page(checked: set[int], doubts: dict[int, str] | None = None) -> SheetReading:
    """A page whose green Tech boxes 1..9 are read filled where ``checked``, the reader
    doubting ``doubts`` (box -> cause; a FAINT box is read doubtful, unmarked)."""
    doubts = doubts or {}

    def reading(n: int) -> FieldReading:
        if n in checked:
            return FieldReading(f"{ROW}-{n}", "filled", 0.9, 1.0)
        return FieldReading(f"{ROW}-{n}", "doubtful" if n in doubts else "empty", 0.02, 0.6)

    readings = tuple(reading(n) for n in range(1, 10))
    return sheet_reading(SOURCE, readings, "tech_box", {f"{ROW}-{n}": c for n, c in doubts.items()})


def settled(sheet: SheetReading, answers: dict | None = None) -> dict[str, bool]:
    found = settled_rows([sheet], answers or {})
    return {k.removeprefix(f"{SOURCE}:"): v for k, v in found.items()}


def test_a_box_past_the_gap_doubted_as_a_correction_is_taken_back():
    assert settled(page({1, 2, 3, 4, 5, 8}, {8: HATCHED})) == {f"{ROW}-8": False}


def test_every_box_past_the_gap_must_look_taken_back():
    assert settled(page({1, 2, 3, 7, 8}, {8: HATCHED})) == {}
    assert settled(page({1, 2, 3, 7, 8}, {7: HATCHED, 8: HATCHED})) == {
        f"{ROW}-7": False,
        f"{ROW}-8": False,
    }


def test_a_doubted_box_in_the_gap_is_asked():
    assert settled(page({1, 2, 3, 5}, {4: FAINT, 5: HATCHED})) == {}


def test_a_doubted_box_past_a_plainly_empty_box_is_taken_back_unless_it_counts_marked():
    from pnp.vision.field_doubts import NOISE, RUN_IN

    # box 4 plainly empty: boxes 6 and 7, too faint to count, cannot have been checked
    assert settled(page({1, 2, 3}, {6: FAINT, 7: FAINT})) == {
        f"{ROW}-6": False,
        f"{ROW}-7": False,
    }
    # ...with a box taken for a mark but doubted as a correction past it, taken back too
    assert settled(page({1, 2, 3, 7}, {6: FAINT, 7: HATCHED})) == {
        f"{ROW}-6": False,
        f"{ROW}-7": False,
    }
    # A box past it read marked and doubted for another cause may be the mark that shows
    # the plain box a misread (a real-mode tracker of seed 81: Fuel 4 read blank, 5
    # marked): the row is asked.
    for cause in (NOISE, RUN_IN, ""):
        assert settled(page({1, 2, 6}, {6: cause})) == {}, cause
        assert settled(page({1, 2, 6}, {5: FAINT, 6: cause})) == {}, cause


def test_a_row_is_not_taken_back_past_a_box_the_noise_model_calls_a_mark(monkeypatch):
    """Seed 749 #156, a real-mode tracker in light pencil: Fuel 4's slash over the printed
    symbol read plainly empty, and Fuel 5-8, doubted for noise and faint ink, were taken
    back though the model was 0.9996, 0.987, 0.9999 and 0.997 sure of marks: four marks
    read empty, nothing asked. A box the model leans to take for a mark may show the
    plain box a misread: the row is asked, as a mark past it leaves it."""
    import pnp.vision.track_rows as track_rows

    sheet = page({1, 2, 3}, {6: FAINT, 7: FAINT, 8: FAINT})
    monkeypatch.setattr(track_rows, "_vouched", lambda s, ids: {f"{ROW}-7"} & ids)
    assert settled(sheet) == {}
    # ...the model sure of none of them: taken back, as before
    monkeypatch.setattr(track_rows, "_vouched", lambda s, ids: set())
    assert settled(sheet) == {f"{ROW}-{n}": False for n in (6, 7, 8)}


def test_a_box_the_noise_model_calls_empty_is_not_kept_by_the_row(monkeypatch):
    """Seed 886 #232, a hard Tech page under a hard shadow: Red 5 hatched out, read a clean
    mark; Red 4, empty but doubted for noise, was kept as a mark before it though the
    model was 0.9998 sure of no mark: both wrong, nothing asked. The row and the model
    disagree: the box stays asked (and, answered empty, leaves the row's check to ask)."""
    import pnp.vision.track_rows as track_rows
    from pnp.vision.field_doubts import NOISE

    sheet = page({1, 2, 3, 4, 5}, {4: NOISE})
    monkeypatch.setattr(track_rows, "_disowned", lambda s, ids: {f"{ROW}-4"} & ids)
    assert settled(sheet) == {}
    # ...the model sure of nothing there: kept, as before
    monkeypatch.setattr(track_rows, "_disowned", lambda s, ids: set())
    assert settled(sheet) == {f"{ROW}-4": True}


@pytest.mark.parametrize(
    ("judge", "ask", "says"),
    [
        # the boxes the model leans to take for marks
        ("_vouched", "leanings", {"track-fuel-5": True, "track-fuel-6": False}),
        # the boxes it would settle empty (its sure answers), not those it is sure are marks
        ("_disowned", "model_answers", {"track-fuel-5": 0.0002, "track-fuel-6": 0.9995}),
    ],
)
def test_the_rows_take_from_the_noise_model_the_boxes_it_answers_so(monkeypatch, judge, ask, says):
    """``_vouched`` and ``_disowned`` ask the model of the boxes given, once, and keep
    fuel 5; nothing is asked of no box, and none is kept where the model is damaged (the
    rows then read as without it)."""
    from flat_pages import flat_reading

    import pnp.vision.noise_model as noise_model
    import pnp.vision.track_rows as track_rows
    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state

    pages = sheet_marks("stellar-drift", random_state("stellar-drift", 3))
    tracker = flat_reading(next(m for m in pages if m.sheet == "tracker"), 3, "tracker.png")[0]
    ids = {"track-fuel-5", "track-fuel-6", "track-fuel-7"}
    asked = []

    def answer(readings, fields, doubts, unread, open_ids, model=None):
        asked.append(set(open_ids))
        return says

    monkeypatch.setattr(noise_model, ask, answer)
    assert getattr(track_rows, judge)(tracker, ids) == {"track-fuel-5"}
    assert asked == [ids]
    assert getattr(track_rows, judge)(tracker, set()) == set() and len(asked) == 1

    def damaged(*args, **kwargs):
        raise noise_model.ModelError("malformed: no trees")

    monkeypatch.setattr(noise_model, ask, damaged)
    assert getattr(track_rows, judge)(tracker, ids) == set()


def test_a_doubted_box_past_a_plainly_empty_box_is_asked_before_a_clean_mark():
    # the clean mark in box 8 says box 4 may be the misread: the row is asked
    assert settled(page({1, 2, 3, 8}, {6: FAINT})) == {}


def test_a_doubted_box_with_nothing_plainly_empty_before_it_is_asked():
    # the next box after the last mark: a faint mark, or none
    assert settled(page({1, 2, 3}, {4: FAINT})) == {}
    assert settled(page({1, 2, 3}, {4: FAINT, 5: FAINT})) == {}


def test_a_row_without_a_gap_is_left_alone():
    assert settled(page({1, 2, 3}, {3: HATCHED})) == {}


def test_a_box_doubted_as_a_correction_before_a_clean_mark_is_a_mark():
    assert settled(page({1, 2, 3, 4}, {3: HATCHED})) == {f"{ROW}-3": True}
    # ...not past a gap, nor before marks that are doubted themselves
    assert settled(page({1, 3, 4}, {3: HATCHED})) == {}
    assert settled(page({1, 2, 3, 4}, {3: HATCHED, 4: FAINT})) == {}


def test_a_box_read_marked_but_doubted_for_any_cause_before_a_clean_mark_is_a_mark():
    from pnp.vision.field_doubts import NOISE, RUN_IN

    for cause in (NOISE, RUN_IN, ""):
        assert settled(page({1, 2, 3, 4}, {2: cause})) == {f"{ROW}-2": True}, cause


def test_a_box_doubted_for_its_ink_before_two_clean_marks_is_a_mark_whatever_its_best_guess():
    from pnp.vision.field_doubts import NOISE

    for cause in (FAINT, NOISE):
        sheet = page({1, 2, 4, 5}, {3: cause})  # box 3 doubtful, too little ink to count
        assert settled(sheet) == {f"{ROW}-3": True}, cause
    inky = FieldReading(f"{ROW}-3", "doubtful", 0.04, 0.6)  # its best guess: a mark
    readings = tuple(inky if r.id == inky.id else r for r in sheet.readings)
    sheet = sheet_reading(SOURCE, readings, "tech_box", {inky.id: FAINT})
    assert settled(sheet) == {f"{ROW}-3": True}
    # two such boxes in a row, before clean marks
    assert settled(page({1, 4, 5}, {2: FAINT, 3: NOISE})) == {f"{ROW}-2": True, f"{ROW}-3": True}


def test_a_box_doubted_for_its_ink_is_asked_beside_a_plain_gap_another_doubt_or_one_mark():
    from pnp.vision.field_doubts import RUN_IN

    # box 2 plainly empty: the clean marks past may be the misread
    assert settled(page({1, 4, 5}, {3: FAINT})) == {}
    # a hole doubted as a correction or a neighbour's ink: the row is asked
    for cause in (HATCHED, RUN_IN, ""):
        assert settled(page({1, 5, 6}, {2: FAINT, 3: FAINT, 4: cause})) == {}, cause
    # one clean mark past it may be the misread (seed 112 #152: a shadow's edge read as
    # Red Tech box 6, box 5 faint and empty); none past it: the next box is asked (above)
    assert settled(page({1, 2, 3, 4, 6}, {5: FAINT})) == {}
    assert settled(page({1, 2}, {3: FAINT})) == {}


def test_a_box_the_pages_gap_read_filled_vouches_for_no_box_before_it():
    """A box doubted for noise and settled filled by the page's gap (``page_gap``: no
    doubt left open, ``settled``) is no plain mark: seed 706 #671, a hard tracker under a
    dark shadow band, Life Support 11 so settled kept boxes 1-10 (read marked, doubted for
    noise) as marks, 5-10 of them wrongly, nothing asked."""
    from dataclasses import replace

    from pnp.vision.field_doubts import NOISE

    doubts = {2: NOISE, 3: NOISE}
    sheet = page({1, 2, 3, 4}, doubts)
    assert settled(sheet) == {f"{ROW}-2": True, f"{ROW}-3": True}  # box 4 plain: marks
    gap = tuple(replace(r, settled=True) if r.id == f"{ROW}-4" else r for r in sheet.readings)
    by_gap = sheet_reading(SOURCE, gap, "tech_box", {f"{ROW}-{n}": c for n, c in doubts.items()})
    assert settled(by_gap) == {}  # box 4 read filled by the gap alone: boxes 2, 3 asked
    # ...nor two such boxes for a faint one before them
    gap2 = tuple(
        replace(r, settled=True) if r.id in (f"{ROW}-4", f"{ROW}-5") else r
        for r in page({1, 2, 4, 5}, {3: FAINT}).readings
    )
    assert settled(page({1, 2, 4, 5}, {3: FAINT})) == {f"{ROW}-3": True}
    assert settled(sheet_reading(SOURCE, gap2, "tech_box", {f"{ROW}-3": FAINT})) == {}
    # once a person (or the noise model) answers it a mark, it vouches again
    assert settled(by_gap, {f"{SOURCE}:{ROW}-4": True}) == {f"{ROW}-2": True, f"{ROW}-3": True}


def test_a_box_the_noise_model_answered_a_mark_vouches_for_no_box_before_it():
    """Seed 710 #1032, a hard Tech page in pencil under grain: the model answered Yellow
    9 a mark (0.99987 sure, wrongly), and it kept Yellow 7 and 8 (doubted for noise and
    faint ink) as marks before it, nothing asked: one wrong answer made three."""
    from pnp.vision.field_doubts import NOISE

    sheet = page({1, 2, 3, 4}, {2: NOISE, 3: NOISE, 4: NOISE})
    answer = {f"{SOURCE}:{ROW}-4": True}
    by_model = settled_rows([sheet], answer, frozenset(answer))
    assert by_model == {}  # boxes 2 and 3 asked
    # ...where a person's answer vouches for them
    assert settled(sheet, answer) == {f"{ROW}-2": True, f"{ROW}-3": True}


def test_answers_count_as_the_rows_marks():
    """An answer is a mark or a plain empty box like any other (a person's, or the noise
    model's sure answers, which are given as answers too)."""
    # box 4 answered a mark: past the plainly empty box 3, the row stays asked
    assert settled(page({1, 2, 5}, {5: HATCHED}), {f"{ROW}-4": True}) == {}
    # box 3 answered a mark, box 4 plainly empty: box 5 cannot have been checked
    assert settled(page({1, 2, 5}, {5: HATCHED}), {f"{ROW}-3": True}) == {f"{ROW}-5": False}
    # the faint box 4 answered empty is plainly empty
    assert settled(page({1, 2, 3, 5}, {4: FAINT, 5: HATCHED}), {f"{ROW}-4": False}) == {
        f"{ROW}-5": False
    }


def test_a_tech_box_taken_back_past_the_rows_end_leaves_the_players_state():
    from dataclasses import replace

    from flat_pages import flat_reading

    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.states import assemble

    state = random_state("stellar-drift", 3)
    pages = sheet_marks("stellar-drift", state)
    sheets = [flat_reading(m, 3, f"{m.sheet}.png")[0] for m in pages]
    tech = next(s for s in sheets if s.code.sheet == "tech")
    (clean,), _ = assemble(sheets)
    assert clean.state is not None and not clean.doubtful
    # a box two past the end of a row read filled, and doubted: hatched out?
    row, end = next(
        (r, n)
        for r in ("tech-yellow", "tech-green", "tech-red")
        for n in range(1, 8)
        if f"{r}-{n}" not in {x.id for x in tech.readings if x.state == "filled"}
    )
    extra = f"{row}-{end + 1}"
    readings = tuple(
        replace(x, state="filled", ink=0.95) if x.id == extra else x for x in tech.readings
    )
    doubt = Doubt(extra, "filled solid: a mark, or a mark hatched out?", tech.source, HATCHED)
    changed = replace(tech, readings=readings, doubtful=(*tech.doubtful, doubt))
    (a,), _ = assemble([changed if s is tech else s for s in sheets])
    assert a.state == clean.state and not a.doubtful
    assert a.settled == {f"tech.png:{extra}": False}


def round_tracker_doubted(box: str):
    """A finished game's sheets read cleanly, and then read again with the Tech sheet's
    Round Tracker box ``box`` doubted: a mark, or a mark hatched out?"""
    from dataclasses import replace

    from flat_pages import flat_reading

    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.states import assemble

    state = random_state("stellar-drift", 5)
    sheets = [flat_reading(m, 5, f"{m.sheet}.png")[0] for m in sheet_marks("stellar-drift", state)]
    tech = next(s for s in sheets if s.code.sheet == "tech")
    assert box in {x.id for x in tech.readings if x.state == "filled"}
    (clean,), _ = assemble(sheets)
    doubt = Doubt(box, "filled solid: a mark, or a mark hatched out?", tech.source, HATCHED)
    changed = replace(tech, doubtful=(*tech.doubtful, doubt))
    (doubted,), _ = assemble([changed if s is tech else s for s in sheets])
    return clean, doubted


def test_a_round_tracker_box_doubted_as_a_correction_before_later_phases_is_a_mark():
    # round 3's Repair Phase, with every phase before it and after it checked
    clean, doubted = round_tracker_doubted("round-3-repair")
    assert doubted.state == clean.state and not doubted.doubtful
    assert doubted.settled == {"tech.png:round-3-repair": True}


def test_the_last_phase_doubted_as_a_correction_is_asked():
    # nothing checked after round 7's Cleanup Phase says it was not taken back
    _, doubted = round_tracker_doubted("round-7-cleanup")
    assert [d.field for d in doubted.doubtful] == ["round-7-cleanup"]


def test_a_box_before_a_clean_mark_stays_a_mark_once_another_box_is_answered():
    """Answering the row's last box a mark makes it the clean mark past the boxes doubted
    before it: they are settled, not asked again."""
    sheet = page({1, 2, 3, 4, 5}, {3: HATCHED, 4: HATCHED, 5: HATCHED})
    assert settled(sheet) == {}  # no clean mark past them
    assert settled(sheet, {f"{ROW}-5": True}) == {f"{ROW}-3": True, f"{ROW}-4": True}
    assert settled(sheet, {f"{ROW}-5": False}) == {}
