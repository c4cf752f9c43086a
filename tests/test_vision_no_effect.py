"""Doubts whose answer changes nothing in the state are settled, not asked; a doubt
whose answer matters, now or once another doubt is answered, is asked."""

from __future__ import annotations

from sheet_readings import sheet_reading

from pnp.vision.field_doubts import FAINT, HATCHED
from pnp.vision.fields import FieldReading
from pnp.vision.no_effect import MAX_OTHERS, settled_no_effect
from pnp.vision.sheet_reading import SheetReading

SOURCE = "tracker.jpg"


def page(filled: set[str], doubts: dict[str, str], ids: list[str]) -> SheetReading:
    """A page of the fields ``ids``, read filled where ``filled``, the reader doubting
    ``doubts`` (field -> cause)."""
    readings = tuple(
        FieldReading(i, "filled" if i in filled else "empty", 0.9 if i in filled else 0.0, 1.0)
        for i in ids
    )
    return sheet_reading(SOURCE, readings, "box", doubts)


INCOME = [f"income-{n}" for n in range(1, 7)]


def income(marks: set[str]) -> int:
    """The income the marks show: the highest box checked (gaps read leniently)."""
    return max((int(m.rsplit("-", 1)[1]) for m in marks if m.startswith("income-")), default=0)


def one_part(field_id: str) -> str:
    """Every field in one part of the state: every other doubt weighed."""
    return "page"


def settled(
    sheet: SheetReading, build=income, answers: dict | None = None, part=one_part
) -> dict[str, bool]:
    found = settled_no_effect([sheet], answers or {}, build, part)
    return {k.removeprefix(f"{SOURCE}:"): v for k, v in found.items()}


def test_a_doubt_below_a_clean_check_changes_nothing_and_is_settled_as_read():
    sheet = page({"income-1", "income-2", "income-4"}, {"income-2": HATCHED}, INCOME)
    assert settled(sheet) == {"income-2": True}
    # read unmarked (a faint mark), it is settled unmarked: the reader's guess stands
    sheet = page({"income-1", "income-4"}, {"income-2": FAINT}, INCOME)
    assert settled(sheet) == {"income-2": False}


def test_a_doubt_that_changes_the_state_is_asked():
    sheet = page({"income-1", "income-2", "income-3"}, {"income-3": HATCHED}, INCOME)
    assert settled(sheet) == {}


def test_a_doubt_that_another_answer_would_make_matter_is_asked():
    # box 2 changes nothing while box 4 counts; box 4 taken back, box 2 would be the income
    sheet = page({"income-2", "income-4"}, {"income-2": HATCHED, "income-4": HATCHED}, INCOME)
    assert settled(sheet) == {}
    # ...but a person's answer that box 4 is checked settles box 2
    assert settled(sheet, answers={"income-4": True}) == {"income-2": True}


def test_a_doubt_one_answer_of_which_makes_no_valid_state_is_asked():
    def one_income(marks: set[str]) -> int | None:
        checked = [m for m in marks if m.startswith("income-")]
        return None if len(checked) > 1 else income(marks)

    sheet = page({"income-3"}, {"income-5": FAINT}, INCOME)
    assert settled(sheet, one_income) == {}


def test_with_many_other_doubts_nothing_is_settled():
    ids = [f"income-{n}" for n in range(1, MAX_OTHERS + 4)]
    doubts = {i: FAINT for i in ids[: MAX_OTHERS + 2]}
    sheet = page({ids[-1]}, doubts, ids)
    assert settled(sheet) == {}
    fewer = page({ids[-1]}, dict(list(doubts.items())[: MAX_OTHERS + 1]), ids)
    assert len(settled(fewer)) == MAX_OTHERS + 1


def test_a_lone_leftover_zero_bubble_doubted_is_settled_a_lone_one_is_asked():
    """An unfilled Stellar Drift leftover row means 0: its 0 bubble changes nothing."""
    from scoring.stellar_drift import layouts
    from scoring.stellar_drift.marks import state_from_marks
    from scoring.stellar_drift.problem import InvalidState

    sheet_layouts = (
        layouts.load_ship(layouts.ship_names()[0]),
        layouts.load_tracker(),
        layouts.load_tech(),
    )

    def build(marks: set[str]):
        try:
            return state_from_marks(marks, *sheet_layouts)
        except InvalidState:
            return None

    ids = [f"leftover-cubes-{v}" for v in range(4)]
    zero = page({"leftover-cubes-0"}, {"leftover-cubes-0": HATCHED}, ids)
    assert settled(zero, build) == {"leftover-cubes-0": True}
    one = page({"leftover-cubes-1"}, {"leftover-cubes-1": HATCHED}, ids)
    assert settled(one, build) == {}


def test_with_parts_only_the_doubts_of_the_fields_own_part_are_weighed():
    tracks = [f"track-{n}" for n in range(1, MAX_OTHERS + 3)]
    doubts = {"income-2": HATCHED} | {t: FAINT for t in tracks}
    sheet = page({"income-2", "income-4"}, doubts, INCOME + tracks)
    # too many other doubts to weigh, taken all in one part...
    assert settled(sheet) == {}

    # ...but they are in another part of the state, whose marks never change the income
    def part(field_id: str) -> str:
        return field_id.split("-")[0]

    assert settled(sheet, part=part)["income-2"] is True
    # a field of no part is asked
    assert settled(sheet, part=lambda i: None) == {}
