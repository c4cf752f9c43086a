"""A Federation score pad column with doubted bubbles: settled when one reading of them
alone makes every number decode and the total the sum of the categories; asked when
none does, or more than one."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from flat_pages import flat_reading

from pnp.synth.marks import sheet_marks
from pnp.synth.states import random_states
from pnp.vision.field_doubts import HATCHED, Doubt
from pnp.vision.states import assemble

SEED = 2  # Game PP 126, total 171: both with a hundreds bubble


@cache
def clean_page():
    """One player's pad page, read flat: the state, the sheet read without doubts, and
    what the page settled of itself."""
    (state,) = random_states("federation", SEED, players=1, layout="player")
    (marks,) = sheet_marks("federation", state, "player")
    sheet, _ = flat_reading(marks, SEED, "pad.png")
    (clean,), _ = assemble([sheet])
    assert clean.state == state and not clean.doubtful
    return clean.state, sheet, clean.settled


def doubted(*fields: str):
    """The page read again with ``fields`` doubted (a fill, or hatched out?)."""
    state, sheet, settled = clean_page()
    extra = tuple(
        Doubt(f, "inked past the circle: a fill, or hatched out?", "pad.png", HATCHED)
        for f in fields
    )
    (a,), _ = assemble([replace(sheet, doubtful=(*sheet.doubtful, *extra))])
    new = {k: v for k, v in a.settled.items() if k not in settled}
    return state, a, new


def marked_digit(state, category: str, place: str) -> str:
    value = state["players"][0]["values"][category]
    digit = {"hundreds": value // 100, "tens": value // 10 % 10, "units": value % 10}[place]
    return f"p1-{category}-{place}-{digit}"


def test_a_doubted_bubble_only_one_reading_of_which_adds_up_is_settled():
    state, _, _ = clean_page()
    values = state["players"][0]["values"]
    category = next(c for c, v in values.items() if v >= 10)
    field = marked_digit(state, category, "tens")
    _, a, settled = doubted(field)
    assert a.state == state and not a.doubtful
    assert settled == {f"pad.png:{field}": True}


def test_a_doubted_total_bubble_is_settled_by_the_sum():
    state, _, _ = clean_page()
    total = sum(state["players"][0]["values"].values())
    field = f"p1-total-tens-{total // 10 % 10}"
    _, a, settled = doubted(field)
    assert a.state == state and not a.doubtful
    assert settled == {f"pad.png:{field}": True}


def test_doubts_two_readings_of_which_add_up_are_asked():
    """Game PP's hundreds bubble and the total's: taking both back lowers both sides by
    the same hundred, and the column adds up either way."""
    fields = ("p1-game_pp-hundreds-1", "p1-total-hundreds-1")
    state, a, settled = doubted(*fields)
    assert state["players"][0]["values"]["game_pp"] >= 100
    assert set(fields) <= {d.field for d in a.doubtful}
    assert not settled


def test_doubts_no_reading_of_which_adds_up_are_asked():
    """A total read one more than the sum: no reading of a Game PP bubble mends it."""
    state, sheet, settled = clean_page()
    moved = {"p1-total-units-1": ("empty", 0.0), "p1-total-units-2": ("filled", 0.95)}
    readings = tuple(
        replace(r, state=moved[r.id][0], ink=moved[r.id][1]) if r.id in moved else r
        for r in sheet.readings
    )
    field = "p1-game_pp-tens-2"
    doubt = Doubt(field, "inked past the circle: a fill, or hatched out?", "pad.png", HATCHED)
    (a,), _ = assemble([replace(sheet, readings=readings, doubtful=(*sheet.doubtful, doubt))])
    assert sum(state["players"][0]["values"].values()) == 171
    assert field in {d.field for d in a.doubtful}
    assert set(a.settled) == set(settled)


def test_a_digit_place_read_with_two_fills_is_settled_by_the_sum():
    """A second bubble of Game PP's units place read filled as cleanly as the first (a
    correction gone over as hard as a fill): the units digit that makes the column add
    up is the number's."""
    import cv2

    from pnp.vision.reference import common_map

    state, sheet, settled = clean_page()
    real = marked_digit(state, "game_pp", "units")
    digit = int(real[-1])
    extra = f"{real[:-1]}{(digit + 5) % 10}"
    ink = sheet.ink.copy()
    f, s = common_map(sheet.code).field(extra), sheet.px_per_mm
    centre = (round(f.centre[0] * s), round(f.centre[1] * s))
    cv2.circle(ink, centre, round(f.w / 2 * s), 1, -1)
    readings = tuple(
        replace(r, state="filled", ink=0.95) if r.id == extra else r for r in sheet.readings
    )
    (a,), _ = assemble([replace(sheet, readings=readings, ink=ink)])
    assert a.state == state and not a.doubtful
    assert {k: v for k, v in a.settled.items() if k not in settled} == {
        f"pad.png:{real}": True,
        f"pad.png:{extra}": False,
    }


def read_hatched(*fields: str, moved=None):
    """The page read again with ``fields`` read hatched out (empty, a correction), and
    the bubbles of ``moved`` read as given."""
    state, sheet, settled = clean_page()
    moved = {**(moved or {}), **{f: ("empty", 0.98) for f in fields}}
    readings = tuple(
        replace(r, state=moved[r.id][0], ink=moved[r.id][1], hatched=r.id in fields)
        if r.id in moved
        else r
        for r in sheet.readings
    )
    (a,), _ = assemble([replace(sheet, readings=readings)])
    return state, a, {k: v for k, v in a.settled.items() if k not in settled}


def test_a_fill_read_hatched_out_that_the_sum_misses_is_settled_filled():
    """The total's hundreds bubble filled far past its circle and read as a correction:
    the column's total then misses the sum by a hundred, and only the fill mends it."""
    field = "p1-total-hundreds-1"
    state, a, settled = read_hatched(field)
    assert sum(state["players"][0]["values"].values()) == 171
    assert a.state == state and not a.doubtful
    assert settled == {f"pad.png:{field}": True}


def test_a_fill_read_hatched_out_is_asked_where_the_sum_settles_nothing():
    """As above, with the total's units read one more too: no reading adds up, and the
    bubble read hatched out is among those asked (answering it mends the column)."""
    field = "p1-total-hundreds-1"
    moved = {"p1-total-units-1": ("empty", 0.0), "p1-total-units-2": ("filled", 0.95)}
    _, a, settled = read_hatched(field, moved=moved)
    assert field in {d.field for d in a.doubtful}
    assert f"pad.png:{field}" not in settled


def test_a_correction_in_a_column_that_adds_up_is_left_alone():
    """A bubble read hatched out in a column that adds up as read is no question: the
    Game PP's units bubble one above the real one, hatched out."""
    state, _, _ = clean_page()
    real = marked_digit(state, "game_pp", "units")
    other = f"{real[:-1]}{(int(real[-1]) + 1) % 10}"
    _, a, settled = read_hatched(other)
    assert a.state == state and not a.doubtful and not settled


def test_a_place_read_with_all_ten_bubbles_filled_is_settled_by_the_sum():
    """A page scanned black and white can fill every bubble of a place: the place is read
    as one of its bubbles or none, and the one digit that makes the column add up is the
    number's."""
    import cv2

    from pnp.vision.reference import common_map

    state, sheet, settled = clean_page()
    real = marked_digit(state, "game_pp", "units")
    place = [f"{real[:-1]}{d}" for d in range(10)]
    ink = sheet.ink.copy()
    for field in place:
        f, s = common_map(sheet.code).field(field), sheet.px_per_mm
        centre = (round(f.centre[0] * s), round(f.centre[1] * s))
        cv2.circle(ink, centre, round(f.w / 2 * s), 1, -1)
    readings = tuple(
        replace(r, state="filled", ink=0.95) if r.id in place else r for r in sheet.readings
    )
    (a,), _ = assemble([replace(sheet, readings=readings, ink=ink)])
    assert a.state == state and not a.doubtful
    new = {k: v for k, v in a.settled.items() if k not in settled}
    assert new == {f"pad.png:{f}": f == real for f in place}


def test_crowded_places_are_read_one_bubble_or_none_not_every_subset():
    """Three places of ten bubbles each are 11^3 readings, not 2^30 (a score pad scanned
    black and white hung in the sums before)."""
    from pnp.vision.pad_sums import _readings

    places = [[f"p1-{c}-units-{d}" for d in range(10)] for c in ("a", "b", "c")]
    singles = ["p1-total-tens-3"]
    open_ = sorted(singles + [i for ids in places for i in ids])
    readings = list(_readings(open_, singles, places))
    assert len(readings) == 2 * 11**3
    assert len(set(readings)) == len(readings)
    for reading in readings:
        on = {i for i, v in zip(open_, reading, strict=True) if v}
        assert all(len(on & set(ids)) <= 1 for ids in places)


def test_a_faint_bubble_beside_a_places_fill_is_settled_before_the_sums(monkeypatch):
    """The total's hundreds place read with its fill and a faint bubble beside it (read
    empty, doubted): the faint one is no second digit (``one_of.beside_one_mark``), and
    the sums weigh the column with it so (a fresh hard page of seed 622, #134: weighed
    as unknown, two readings of the column added up, and four fields were asked)."""
    import pnp.vision.federation as federation
    from pnp.vision.field_doubts import FAINT

    state, sheet, settled = clean_page()
    total = sum(state["players"][0]["values"].values())
    faint = f"p1-total-hundreds-{(total // 100 + 1) % 10}"
    doubt = Doubt(faint, "faint mark (1.0% of the box inked)", "pad.png", FAINT)
    seen = []

    def sums(sheets, answers):
        seen.append(answers.get(f"pad.png:{faint}"))
        return settled_sums(sheets, answers)

    settled_sums = federation.settled_sums
    monkeypatch.setattr(federation, "settled_sums", sums)
    (a,), _ = assemble([replace(sheet, doubtful=(*sheet.doubtful, doubt))])
    assert a.state == state and not a.doubtful
    assert a.settled[f"pad.png:{faint}"] is False
    assert seen and all(v is False for v in seen)
