"""A Stellar Drift space blacked out on a page of crossed spaces is a correction (read
empty); on a page whose player fills spaces, or when it is not much darker than the
crosses, it is asked."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from flat_pages import flat_reading

from pnp.synth.marks import sheet_marks
from pnp.synth.states import random_state
from pnp.vision.field_doubts import HATCHED, Doubt
from pnp.vision.states import assemble

SOLID = "filled solid: a mark, or a mark hatched out?"


@cache
def sheets():
    state = random_state("stellar-drift", 7)
    return tuple(
        flat_reading(m, 7, f"{m.sheet}.png")[0] for m in sheet_marks("stellar-drift", state)
    )


def read_with(blacked: str, ink: float = 0.95, crosses_coverage: float | None = None):
    """The sheets read again with space ``blacked`` (unmarked) read covered solid, ``ink``
    of it, doubted as hatched out; with ``crosses_coverage``, every mark of the ship page
    read that covered too (a player who fills spaces)."""
    ship = next(s for s in sheets() if s.code.sheet == "ship")

    def changed(r):
        if r.id == blacked:
            return replace(r, state="filled", ink=ink, coverage=min(1.0, ink * 1.05), beyond=0.3)
        if crosses_coverage and r.state == "filled" and ship.kinds[r.id] == "space":
            return replace(r, ink=crosses_coverage, coverage=crosses_coverage)
        return r

    doubt = Doubt(blacked, SOLID, ship.source, HATCHED)
    new = replace(
        ship, readings=tuple(map(changed, ship.readings)), doubtful=(*ship.doubtful, doubt)
    )
    (a,), _ = assemble([new if s is ship else s for s in sheets()])
    return a


def unmarked_space() -> str:
    ship = next(s for s in sheets() if s.code.sheet == "ship")
    return next(r.id for r in ship.readings if ship.kinds[r.id] == "space" and r.state == "empty")


def test_the_pens_correction_on_a_ship_of_crosses_is_read_hatched_out():
    """Seed 7's hand hatches out space B8 after crossing it: the reader doubts it as
    "filled solid", and the page of crosses settles it."""
    (clean,), _ = assemble(list(sheets()))
    repaired = random_state("stellar-drift", 7)["repaired"]
    assert "B8" not in repaired and not clean.doubtful
    assert sorted(clean.state["repaired"]) == sorted(repaired)
    assert clean.settled == {"ship.png:space-B8": False}


def test_a_space_blacked_out_among_crosses_is_hatched_out():
    (clean,), _ = assemble(list(sheets()))
    space = unmarked_space()
    a = read_with(space)
    assert a.state == clean.state and not a.doubtful
    assert a.settled == {**clean.settled, f"ship.png:{space}": False}


def test_a_dark_space_on_a_page_of_filled_spaces_is_asked():
    space = unmarked_space()
    a = read_with(space, crosses_coverage=0.9)
    assert space in {d.field for d in a.doubtful} and not a.settled


def test_a_space_not_much_darker_than_the_crosses_is_asked():
    space = unmarked_space()
    crosses = [
        r.ink
        for r in next(s for s in sheets() if s.code.sheet == "ship").readings
        if r.id.startswith("space-") and r.state == "filled"
    ]
    typical = sorted(crosses)[len(crosses) // 2]
    a = read_with(space, ink=3 * typical)
    assert [d.field for d in a.doubtful] == [space]
    assert f"ship.png:{space}" not in a.settled
