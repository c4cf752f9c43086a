"""A doubted field's best guess: what a score shown before the doubts are answered counts.

A field read filled but doubted for a reason that nearly always means a mark taken back
or a neighbour's ink (strokes crossing past its outline, a bubble barely filled) is
guessed empty; other doubts keep their reading's own guess. Either way it is asked, and
the page's own rules weigh it as read.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np
from flat_pages import flat_reading

from pnp.synth.marks import sheet_marks
from pnp.synth.states import random_state
from pnp.vision.answers import marked
from pnp.vision.field_doubts import BUBBLE_MIN_COVERAGE, SOLID_BEYOND, SOLID_INK, Doubt, doubts
from pnp.vision.fields import FieldReading
from pnp.vision.sheet_reading import SheetReading
from pnp.vision.states import assemble

SOURCE = "ship.jpg"


def filled(field_id: str, **more) -> FieldReading:
    return FieldReading(field_id, "filled", 0.3, 1.0, spill=(0.0,) * 4, **more)


def sheet(readings: list[FieldReading], kinds: dict[str, str]) -> SheetReading:
    shapes = {i: "circle" if k == "bubble" else "rect" for i, k in kinds.items()}
    return SheetReading(
        source=SOURCE,
        code=None,
        readings=tuple(readings),
        kinds=kinds,
        doubtful=tuple(doubts(readings, kinds, SOURCE, shapes)),
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=6.25,
        timing={},
        page=np.zeros((1, 1), np.uint8),
    )


def test_a_box_crossed_past_its_outline_is_asked_and_guessed_empty():
    page = sheet([filled("a", crossed=True), filled("b")], {"a": "space", "b": "space"})
    (doubt,) = page.doubtful
    assert doubt.field == "a" and "crossing past its outline" in doubt.reason
    assert doubt.guess is False
    # the page's own rules weigh it as read (filled) all the same
    assert marked(page, {}) == {"a", "b"}


@cache
def ship_sheets():
    state = random_state("stellar-drift", 7)
    return tuple(
        flat_reading(m, 7, f"{m.sheet}.png")[0] for m in sheet_marks("stellar-drift", state)
    )


def with_crossed_space(guess: bool | None):
    """Seed 7's sheets read again with an unmarked ship space read filled, doubted for
    strokes crossing past its outline (making ``guess``), assembled."""
    ship = next(s for s in ship_sheets() if s.code.sheet == "ship")
    space = next(r for r in ship.readings if ship.kinds[r.id] == "space" and r.state == "empty")
    crossed = replace(space, state="filled", ink=0.4, coverage=0.4, beyond=0.3, crossed=True)
    doubt = Doubt(space.id, "strokes crossing past its outline: a mark hatched out?", ship.source)
    new = replace(
        ship,
        readings=tuple(crossed if r.id == space.id else r for r in ship.readings),
        doubtful=(*ship.doubtful, replace(doubt, guess=guess)),
    )
    (a,), _ = assemble([new if s is ship else s for s in ship_sheets()])
    return space.id.removeprefix("space-"), a


def test_a_state_with_the_doubt_open_counts_the_doubts_guess():
    (clean,), _ = assemble(list(ship_sheets()))
    space, guessed = with_crossed_space(False)
    assert [d.field for d in guessed.doubtful] == [f"space-{space}"]  # still asked
    assert guessed.state == clean.state  # provisionally: not repaired
    space, as_read = with_crossed_space(None)
    assert space in as_read.state["repaired"]
    assert space not in clean.state["repaired"]


def test_an_answer_outranks_the_guess():
    space, _ = with_crossed_space(False)
    ship = next(s for s in ship_sheets() if s.code.sheet == "ship")
    (clean,), _ = assemble(list(ship_sheets()))
    # answered "marked": the state has it, however the doubt guessed
    crossed = replace(ship.reading(f"space-{space}"), state="filled", crossed=True)
    doubt = Doubt(f"space-{space}", "strokes crossing", ship.source, guess=False)
    new = replace(
        ship,
        readings=tuple(crossed if r.id == crossed.id else r for r in ship.readings),
        doubtful=(*ship.doubtful, doubt),
    )
    sheets = [new if s is ship else s for s in ship_sheets()]
    (a,), _ = assemble(sheets, {f"space-{space}": True})
    assert space in a.state["repaired"] and not a.doubtful


def test_a_bubble_barely_filled_is_guessed_empty():
    thin = filled("u", coverage=BUBBLE_MIN_COVERAGE / 2)
    page = sheet([thin], {"u": "bubble"})
    (doubt,) = page.doubtful
    assert doubt.reason.startswith("a bubble barely filled") and doubt.guess is False


def test_a_box_filled_solid_keeps_its_reading_as_its_guess():
    # a mark or a mark hatched out about as often: no reason to guess against the ink
    solid = filled("a", coverage=SOLID_INK, beyond=SOLID_BEYOND)
    page = sheet([solid], {"a": "space"})
    (doubt,) = page.doubtful
    assert doubt.reason.startswith("filled solid") and doubt.guess is None


def test_the_report_says_how_an_open_doubt_is_counted():
    from pnp.read_report import report_text

    def doubt_line(a, field_id):
        return next(ln for ln in report_text(a).splitlines() if ln.strip().startswith(field_id))

    space, guessed = with_crossed_space(False)
    assert doubt_line(guessed, f"space-{space} ").endswith("(counted empty until answered)")
    _, as_read = with_crossed_space(None)
    assert "counted" not in doubt_line(as_read, f"space-{space} ")


def test_the_json_says_how_an_open_doubt_is_counted():
    space, guessed = with_crossed_space(False)
    (doubt,) = guessed.to_json()["doubtful"]
    assert doubt["field"] == f"space-{space}" and doubt["counted"] == "empty"
    _, as_read = with_crossed_space(None)
    (doubt,) = as_read.to_json()["doubtful"]
    assert "counted" not in doubt
