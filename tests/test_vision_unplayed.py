"""A score pad column past the players', or a Solo tracker's blank project row nobody
used, holding only doubts for ink alone is settled empty; one holding any other doubt,
one that looks played (its numbers written, all in doubt), or a player's column or a
used row stays as read."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from flat_pages import flat_reading

from pnp.synth.marks import sheet_marks
from pnp.synth.states import random_state, random_states
from pnp.vision.field_doubts import FAINT, HATCHED, NOISE, Doubt
from pnp.vision.states import assemble
from pnp.vision.unplayed import settled_unplayed

SEED = 3
SOURCE = "pad.png"


@cache
def clean_pad():
    """A two-player table pad read flat: its state and the sheet read without doubts."""
    (state,) = random_states("federation", SEED, players=2, layout="table")
    (marks,) = sheet_marks("federation", state, "table")
    sheet, _ = flat_reading(marks, SEED, SOURCE)
    (clean,), _ = assemble([sheet])
    assert clean.state == state and not clean.doubtful
    return state, sheet


def doubted(sheet, doubts):
    """``sheet`` with each (field, state, cause) of ``doubts`` read so and doubted."""
    states = {field: read_as for field, read_as, _ in doubts}
    readings = tuple(
        replace(r, state=states[r.id], ink=0.5) if r.id in states else r for r in sheet.readings
    )
    extra = tuple(Doubt(f, "noisy paper", sheet.source, cause) for f, _, cause in doubts)
    return replace(sheet, readings=readings, doubtful=(*sheet.doubtful, *extra))


def with_doubts(*doubts: tuple[str, str, str]):
    """The pad read again with ``doubts`` (``doubted``)."""
    state, sheet = clean_pad()
    return state, doubted(sheet, doubts)


GRAIN = (
    ("p4-game_pp-units-3", "filled", NOISE),  # read filled on grain: the column looks used
    ("p4-total-tens-2", "empty", NOISE),
    ("p5-medals_of_honor-units-0", "doubtful", FAINT),
)


def test_grain_in_the_columns_past_the_players_is_settled_empty():
    state, sheet = with_doubts(*GRAIN)
    assert settled_unplayed([sheet], {}) == {f"{SOURCE}:{f}": False for f, _, _ in GRAIN}
    (a,), _ = assemble([sheet])
    assert a.state == state and not a.doubtful


def test_a_column_a_person_answered_is_left_to_the_answers():
    _, sheet = with_doubts(*GRAIN)
    settled = settled_unplayed([sheet], {f"{SOURCE}:p4-total-tens-2": True})
    assert not any(k.startswith(f"{SOURCE}:p4-") for k in settled)
    assert f"{SOURCE}:p5-medals_of_honor-units-0" in settled


def test_a_column_holding_a_mark_hatched_out_stays_asked():
    doubts = (*GRAIN, ("p4-game_pp-tens-1", "filled", HATCHED))
    _, sheet = with_doubts(*doubts)
    settled = settled_unplayed([sheet], {})
    assert not any(k.startswith(f"{SOURCE}:p4-") for k in settled)
    assert f"{SOURCE}:p5-medals_of_honor-units-0" in settled  # column 5 is on its own
    (a,), _ = assemble([sheet])
    assert "p4-game_pp-tens-1" in {d.field for d in a.doubtful}


def test_a_players_column_is_never_settled():
    state, sheet = with_doubts(("p2-game_pp-units-3", "empty", NOISE), *GRAIN)
    settled = settled_unplayed([sheet], {})
    assert f"{SOURCE}:p2-game_pp-units-3" not in settled
    assert len(settled) == len(GRAIN)


def test_a_page_with_no_clean_fill_is_left_asked():
    _, sheet = clean_pad()
    emptied = tuple(replace(r, state="empty", ink=0.0) for r in sheet.readings)
    page = replace(
        sheet, readings=emptied, doubtful=(Doubt("p4-total-tens-2", "noisy", SOURCE, NOISE),)
    )
    assert settled_unplayed([page], {}) == {}


# --- a Solo tracker's blank project rows ---------------------------------------------


@cache
def solo_projects(used_row: bool):
    """A Solo game's tracker pages read flat (blank row other1 used or not): the state,
    and the sheets read without doubts."""
    state = next(
        s
        for s in (random_state("federation", seed, layout="solo") for seed in range(40))
        if ("other1" in s["projects"]) == used_row
    )
    marks = sheet_marks("federation", state)
    sheets = [flat_reading(m, 5 + k, f"page{k}.png")[0] for k, m in enumerate(marks)]
    (clean,), _ = assemble(sheets)
    assert clean.state == state and not clean.doubtful
    return state, sheets


def grain_on_projects(sheets, *doubts: tuple[str, str, str]):
    """The sheets with ``doubts`` on the projects page (``doubted``), and its source."""
    out = list(sheets)
    page = next(i for i, s in enumerate(sheets) if s.code.layout == "projects")
    out[page] = doubted(out[page], doubts)
    return out, out[page].source


ROW_GRAIN = (
    ("r2-other2-units-3", "filled", NOISE),  # read filled: the row would look used
    ("end-other3-yours-units-1", "empty", NOISE),
    ("r4-other3-units-0", "doubtful", FAINT),
)


def test_grain_in_a_blank_project_row_is_settled_empty():
    state, sheets = solo_projects(used_row=False)
    grained, source = grain_on_projects(sheets, *ROW_GRAIN)
    assert settled_unplayed(grained, {}) == {f"{source}:{f}": False for f, _, _ in ROW_GRAIN}
    (a,), _ = assemble(grained)
    assert a.state == state and not a.doubtful


def test_a_blank_row_in_use_is_never_settled():
    """other1 carries the cards' Influence: an empty bubble of it doubted for grain is
    not this rule's to settle."""
    state, sheets = solo_projects(used_row=True)
    grained, source = grain_on_projects(sheets, ("r3-other1-units-9", "empty", NOISE))
    assert f"{source}:r3-other1-units-9" not in settled_unplayed(grained, {})


def test_a_column_whose_numbers_all_read_filled_in_doubt_looks_played_and_stays_asked():
    """A shadow over the last player's column: every number's units fill doubted for
    noise, none clean. More than half its numbers filled is a player's, not grain."""
    state, sheet = clean_pad()
    p2 = [r.id for r in sheet.readings if r.id.startswith("p2-") and r.state == "filled"]
    doubts = tuple((i, "filled", NOISE) for i in p2)
    _, shaded = with_doubts(*doubts)
    settled = settled_unplayed([shaded], {})
    assert not any(k.startswith(f"{SOURCE}:p2-") for k in settled)
