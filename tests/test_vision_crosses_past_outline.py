"""A Stellar Drift space read filled with ink past its outline: a cross drawn a little
large, as inked as the page's other crosses, is a mark; one inked like a hatching, one
on noisy paper, or one on a page with too few marks to compare is asked."""

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
    # ...but 4.5 times the page's thin crosses it is asked all the same: a space is
    # crossed out, never filled (``field_doubts._outlier``; seed 845 #0)
    assert asked(page(cross(8, ink=0.45, base=0.5))) == {"space-A8": HATCHED}
