"""A Stellar Drift space read filled with ink past its outline: a cross drawn a little
large, as inked as the page's other crosses, is a mark; one inked like a hatching, one
on noisy paper, or one on a page with too few marks to compare is asked; and one far
inkier than the page's crosses is asked even inside its outline."""

from __future__ import annotations

from pnp.vision.field_doubts import HATCHED, LIKE_MARKS_MIN, doubts
from pnp.vision.fields import FieldReading


def cross(n: int, ink: float = 0.1, beyond: float = 0.0, base: float | None = None):
    """Space ``n`` read filled: ``ink`` inked (its coverage a little more), ``beyond`` of
    the band past its outline inked, ``base`` inked at the base step (quiet: ``ink``)."""
    return FieldReading(
        f"space-A{n}",
        "filled",
        ink,
        1.0,
        step=0.2,
        base_ink=ink if base is None else base,
        coverage=ink * 1.1,
        beyond=beyond,
    )


def asked(readings: list[FieldReading]) -> dict[str, str]:
    kinds = {r.id: "space" for r in readings}
    return {d.field: d.cause for d in doubts(readings, kinds, "ship.jpg")}


def page(last: FieldReading, marks: int = 8) -> list[FieldReading]:
    return [*(cross(n) for n in range(1, marks)), last]


def test_a_cross_past_its_outline_as_inked_as_the_pages_crosses_is_a_mark():
    assert asked(page(cross(8, ink=0.13, beyond=0.3))) == {}


def test_a_space_past_its_outline_inked_like_a_hatching_is_asked():
    # 0.45 inked, 4.5 times the page's crosses, but under "covered all over" (0.6)
    assert asked(page(cross(8, ink=0.45, beyond=0.3))) == {"space-A8": HATCHED}


def test_a_cross_past_its_outline_on_noisy_paper_is_asked():
    # the base step inks half as much again: the paper's noise may make up the mark
    assert asked(page(cross(8, ink=0.13, beyond=0.3, base=0.2))) == {"space-A8": HATCHED}


def test_a_cross_past_its_outline_among_too_few_marks_is_asked():
    few = page(cross(LIKE_MARKS_MIN - 1, ink=0.13, beyond=0.3), marks=LIKE_MARKS_MIN - 1)
    assert asked(few) == {f"space-A{LIKE_MARKS_MIN - 1}": HATCHED}


def test_a_space_covered_all_over_at_the_base_step_is_asked():
    """A space hatched out in light pencil (seed 113 #125, a normal page): 0.45 inked at
    the raised step, 0.75 at the base, nothing past its outline; read filled, it is asked."""
    patch = cross(8, ink=0.45, base=0.75)
    assert asked(page(patch)) == {"space-A8": HATCHED}
    # covered as little at both steps, among the page's crosses as inked, it is a mark
    # (no ink past its outline)
    inky = [*(cross(n, ink=0.3) for n in range(1, 8)), cross(8, ink=0.45, base=0.5)]
    assert asked(inky) == {}
    # (4.5 times the page's thin crosses it is asked all the same: the next test)


def test_a_space_far_inkier_than_the_pages_crosses_is_asked_though_inside_its_outline():
    from pnp.vision.field_doubts import OUTLIER_FACTOR

    # seed 845 #0, an easy ship page: a cross scribbled out within its space, 5.6 times
    # the page's crosses, barely past its outline, covered under half of it
    kinds = {f"space-A{n}": "space" for n in range(1, 7)}
    crosses = [
        FieldReading(f"space-A{n}", "filled", 0.077, 1.0, (0.0,) * 4, base_ink=0.08, coverage=0.09)
        for n in range(1, 6)
    ]
    spill = (0.0, 0.0, 0.0, 0.216)
    inky = FieldReading(
        "space-A6", "filled", 0.43, 1.0, spill, base_ink=0.567, coverage=0.546, beyond=0.026
    )
    shapes = {k: "rect" for k in kinds}
    found = doubts([*crosses, inky], kinds, "ship.jpg", shapes)
    assert [(d.field, d.cause) for d in found] == [("space-A6", HATCHED)]
    assert "6x the ink of the other marks" in found[0].reason
    # a space as inky as the page's crosses allow, or inked under OUTLIER_MIN_INK: a mark
    fair = FieldReading("space-A6", "filled", 0.077 * OUTLIER_FACTOR * 0.95, 1.0, spill)
    assert doubts([*crosses, fair], kinds, "ship.jpg", shapes) == []
    # a track box so inky among the page's ticks, inside its outline: a fill, not asked
    boxes = dict.fromkeys(kinds, "track_box")
    assert doubts([*crosses, inky], boxes, "tracker.jpg", shapes) == []
