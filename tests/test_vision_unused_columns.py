"""A score pad column past the players' holding only doubts for ink alone is settled
empty; one holding any other doubt, or a player's column, stays as read."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from flat_pages import flat_reading

from pnp.synth.marks import sheet_marks
from pnp.synth.states import random_states
from pnp.vision.read import FAINT, HATCHED, NOISE, Doubt
from pnp.vision.states import assemble
from pnp.vision.unused_columns import settled_unused

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


def with_doubts(*doubts: tuple[str, str, str]):
    """The pad read again with each (field, state, cause) doubted as read so."""
    state, sheet = clean_pad()
    states = {field: read_as for field, read_as, _ in doubts}
    readings = tuple(
        replace(r, state=states[r.id], ink=0.5) if r.id in states else r for r in sheet.readings
    )
    extra = tuple(Doubt(f, "noisy paper", SOURCE, cause) for f, _, cause in doubts)
    return state, replace(sheet, readings=readings, doubtful=(*sheet.doubtful, *extra))


GRAIN = (
    ("p4-game_pp-units-3", "filled", NOISE),  # read filled on grain: the column looks used
    ("p4-total-tens-2", "empty", NOISE),
    ("p5-medals_of_honor-units-0", "doubtful", FAINT),
)


def test_grain_in_the_columns_past_the_players_is_settled_empty():
    state, sheet = with_doubts(*GRAIN)
    assert settled_unused([sheet], {}) == {f"{SOURCE}:{f}": False for f, _, _ in GRAIN}
    (a,), _ = assemble([sheet])
    assert a.state == state and not a.doubtful


def test_a_column_a_person_answered_is_left_to_the_answers():
    _, sheet = with_doubts(*GRAIN)
    settled = settled_unused([sheet], {f"{SOURCE}:p4-total-tens-2": True})
    assert not any(k.startswith(f"{SOURCE}:p4-") for k in settled)
    assert f"{SOURCE}:p5-medals_of_honor-units-0" in settled


def test_a_column_holding_a_mark_hatched_out_stays_asked():
    doubts = (*GRAIN, ("p4-game_pp-tens-1", "filled", HATCHED))
    _, sheet = with_doubts(*doubts)
    settled = settled_unused([sheet], {})
    assert not any(k.startswith(f"{SOURCE}:p4-") for k in settled)
    assert f"{SOURCE}:p5-medals_of_honor-units-0" in settled  # column 5 is on its own
    (a,), _ = assemble([sheet])
    assert "p4-game_pp-tens-1" in {d.field for d in a.doubtful}


def test_a_players_column_is_never_settled():
    state, sheet = with_doubts(("p2-game_pp-units-3", "empty", NOISE), *GRAIN)
    settled = settled_unused([sheet], {})
    assert f"{SOURCE}:p2-game_pp-units-3" not in settled
    assert len(settled) == len(GRAIN)


def test_a_page_with_no_clean_fill_is_left_asked():
    _, sheet = clean_pad()
    emptied = tuple(replace(r, state="empty", ink=0.0) for r in sheet.readings)
    page = replace(
        sheet, readings=emptied, doubtful=(Doubt("p4-total-tens-2", "noisy", SOURCE, NOISE),)
    )
    assert settled_unused([page], {}) == {}
