"""``doubts`` weighs a circle inked past its outline against the page's own fills: one
sparser than the hand's fills is a fill drawn too large, not a hatching-out."""

from __future__ import annotations

from pnp.vision.field_doubts import doubts
from pnp.vision.fields import FieldReading


def bubble(n: int, coverage: float, beyond: float = 0.0) -> FieldReading:
    return FieldReading(f"b{n}", "filled", coverage, 1.0, coverage=coverage, beyond=beyond)


def asked(readings: list[FieldReading]) -> set[str]:
    return {d.field for d in doubts(readings, {r.id: "bubble" for r in readings}, "")}


def test_a_circle_inked_past_and_sparser_than_the_pages_fills_is_a_fill():
    page = [bubble(n, 0.95) for n in range(4)]
    assert asked([*page, bubble(9, 0.6, beyond=0.8)]) == set()


def test_a_circle_inked_past_and_as_dense_as_the_pages_fills_is_asked_about():
    page = [bubble(n, 0.95) for n in range(4)]
    assert asked([*page, bubble(9, 0.97, beyond=0.8)]) == {"b9"}


def test_with_too_few_fills_on_the_page_a_circle_inked_past_is_asked_about():
    page = [bubble(n, 0.95) for n in range(2)]
    assert asked([*page, bubble(9, 0.6, beyond=0.8)]) == {"b9"}


def test_a_solid_circle_inked_to_its_squares_corners_is_asked_about():
    page = [bubble(n, 0.95) for n in range(4)]
    # a minus bubble hatched out over its square: solid, its square's corners 0.62 inked
    assert asked([*page, bubble(9, 0.98, beyond=0.62)]) == {"b9"}
    # ...but not a fill as solid kept nearer its circle, nor a lighter one as far out
    assert asked([*page, bubble(9, 0.98, beyond=0.55)]) == set()
    assert asked([*page, bubble(9, 0.9, beyond=0.62)]) == set()


def box(n: int, ink: float, beyond=0.0, striped=False, spill=(0.0,) * 4) -> FieldReading:
    return FieldReading(
        f"t{n}", "filled", ink, 1.0, spill, coverage=ink, beyond=beyond, striped=striped
    )


def test_a_striped_box_far_inkier_than_the_pages_ticks_is_still_asked():
    """Strokes running one way say "a fill, not a hatching-out", but on a page of ticks a
    box filled solid past its outline may be a tick hatched out (seed 11, 00081)."""
    ticks = [box(n, 0.12) for n in range(4)]
    kinds = {f"t{n}": "track_box" for n in range(10)}
    solid = box(9, 0.99, beyond=0.5, striped=True, spill=(0.0, 0.58, 0.62, 0.98))
    assert {d.field for d in doubts([*ticks, solid], kinds, "")} == {"t9"}
    # among fills as inky as it, a striped box is a fill...
    assert not doubts([*[box(n, 0.8) for n in range(4)], solid], kinds, "")
    # ...and so is one inked past one side only (a neighbour's ink beside it)
    beside = box(9, 0.99, beyond=0.5, striped=True, spill=(0.0, 0.0, 0.0, 0.98))
    assert not doubts([*ticks, beside], kinds, "")


def test_a_striped_circle_far_inkier_than_the_pages_slashes_and_inked_to_its_corners():
    """A round circle hatched out over its square in one-way pencil strokes, among the
    page's slashes (seed 34, 00296 real): its sides are not measured, its square's
    corners are."""
    kinds = {f"c{n}": "round_circle" for n in range(10)}
    shapes = dict.fromkeys(kinds, "circle")

    def circle(n: int, ink: float, beyond=0.0, striped=False) -> FieldReading:
        return FieldReading(
            f"c{n}", "filled", ink, 1.0, (-1.0,) * 4, coverage=ink, beyond=beyond, striped=striped
        )

    slashes = [circle(n, 0.14) for n in range(4)]
    hatched = circle(9, 0.61, beyond=0.87, striped=True)
    assert {d.field for d in doubts([*slashes, hatched], kinds, "", shapes)} == {"c9"}
    # kept near its circle it is a fill, however inky
    kept = circle(9, 0.61, beyond=0.3, striped=True)
    assert not doubts([*slashes, kept], kinds, "", shapes)


def test_a_striped_box_under_a_solid_patch_past_all_four_sides_is_asked():
    """A scribble hatched out under a solid patch (seed 111 #202, an easy page): the
    scribble's strokes show through and run one way, the patch covers the box past every
    side, and it holds 2.3x the ink of the page's scribbles: asked, not read as a fill."""
    kinds = {f"t{n}": "tech_box" for n in range(10)}
    scribbles = [box(n, ink) for n, ink in enumerate((0.32, 0.41, 0.43, 0.45, 0.52))]
    patch = box(9, 0.998, beyond=0.58, striped=True, spill=(0.45, 0.65, 0.38, 0.77))
    assert {d.field for d in doubts([*scribbles, patch], kinds, "")} == {"t9"}
    # a one-way fill overruns where its strokes end: two opposite sides, not all four
    ends = box(9, 0.998, beyond=0.58, striped=True, spill=(0.05, 0.65, 0.0, 0.77))
    assert not doubts([*scribbles, ends], kinds, "")
    # and among fills as inky as it, a patch past every side is a fill drawn large
    fills = [box(n, 0.93) for n in range(5)]
    assert not doubts([*fills, patch], kinds, "")


def test_a_striped_box_under_a_patch_laid_a_little_off_it_is_asked():
    """A zigzag hatched out under a solid patch laid off the box (seed 733 #182, an easy
    tech page): the patch falls short of one side (0.22 inked) and runs past the other
    three; one-way strokes overrun only the two sides where they end."""
    kinds = {f"t{n}": "tech_box" for n in range(10)}
    zigzags = [box(n, ink) for n, ink in enumerate((0.36, 0.41, 0.45, 0.48))]
    patch = box(9, 0.999, beyond=0.54, striped=True, spill=(0.43, 0.58, 0.78, 0.22))
    assert {d.field for d in doubts([*zigzags, patch], kinds, "")} == {"t9"}
    # past two sides only, it is a one-way fill's overrun
    ends = box(9, 0.999, beyond=0.54, striped=True, spill=(0.43, 0.1, 0.78, 0.22))
    assert not doubts([*zigzags, ends], kinds, "")
