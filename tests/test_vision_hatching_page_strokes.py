"""A box or circle as dark all over as the pen's strokes on the rest of the page is
hatched out, and so is a box lightly hatched two ways past three sides; one lighter (a
fill drawn too large, its strokes parted) stays filled; a box filled inside its outline
with the next box's ink past one side is a fill, not asked about, where ink past two
sides or gathered against the side it runs past is not; on noisy paper a box hatched
two ways is hatched out only as dark as the pen's strokes and reaching no farther than a
hatching (``pnp.vision.hatching``, ``pnp.vision.hatch_reach``,
``pnp.vision.page_marks.StrokeDarkness``), on hand-made pages."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.field_doubts import HATCHED, doubts
from pnp.vision.fields import read_fields
from pnp.vision.hatch_reach import own_ink_centred, runs_on_past_one_side
from pnp.vision.hatching import hatched_out
from pnp.vision.ink import InkMasks

PX = 6.25
SIZE = round(60 * PX)
INK = np.float32(0.4)  # the pen's strokes: the photo over its print
# Boxes marked with a cross each: the hand's strokes to weigh a field against.
CROSSED = [Field(f"track-fuel-{i}", "track_box", 5.0 + 13.0 * i, 5.0, 9.5, 9.5) for i in range(4)]
BOX = Field("track-power-1", "track_box", 20.0, 30.0, 9.5, 9.5)
CIRCLE = Field("skill-red-round-7", "round_circle", 45.0, 35.0, 5.2, 5.2, "circle")
BUBBLE = Field("leftover-energy-2", "bubble", 45.0, 35.0, 5.0, 5.0, "circle")  # filled


def px(mm: float) -> int:
    return round(mm * PX)


def page(seed: int) -> np.ndarray:
    """Plain paper (1.0) with a little sensor noise, and a cross in each ``CROSSED`` box."""
    rng = np.random.default_rng(seed)
    seen = np.float32(1.0) + rng.normal(0, 0.01, (SIZE, SIZE)).astype(np.float32)
    for f in CROSSED:
        x0, y0, x1, y1 = (px(v) for v in f.bounds)
        line = np.ones_like(seen)
        cv2.line(line, (x0 + 8, y0 + 8), (x1 - 8, y1 - 8), 0.0, 3)
        cv2.line(line, (x0 + 8, y1 - 8), (x1 - 8, y0 + 8), 0.0, 3)
        seen[line == 0] = INK
    return seen


def read(seen: np.ndarray, field: Field, others: tuple[Field, ...] = ()):
    """``field`` read on the page with the ``CROSSED`` boxes and ``others``: its reading,
    and what the page asks."""
    ink = (seen < 0.8).astype(np.uint8)
    ones = np.ones_like(ink)
    printed = np.full(seen.shape, 255, np.uint8)
    m = InkMasks(ink, np.full(seen.shape, 0.2, np.float32), ink.copy(), ones, seen, printed)
    fields = [*CROSSED, *others, field]
    readings = read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)
    out = hatched_out(readings, fields, m, PX, frozenset({"bubble"}))
    return out[-1], doubts(out, {f.id: f.kind for f in fields}, "", {f.id: f.shape for f in fields})


def cover(seen: np.ndarray, f: Field, past_mm: float, tone) -> None:
    """The square round ``f`` and ``past_mm`` beyond it, set to ``tone``."""
    x0, y0, x1, y1 = f.bounds
    seen[px(y0 - past_mm) : px(y1 + past_mm), px(x0 - past_mm) : px(x1 + past_mm)] = tone


def parted(seen: np.ndarray, f: Field, past_mm: float) -> None:
    """Strokes one way, 0.5 mm wide with 0.3 mm of lighter paper (still inked) between
    them, over the square round ``f`` and ``past_mm`` beyond: a fill drawn too large."""
    x0, y0, x1, y1 = f.bounds
    region = seen[px(y0 - past_mm) : px(y1 + past_mm), px(x0 - past_mm) : px(x1 + past_mm)]
    rows = np.arange(region.shape[0])[:, None]
    region[:] = np.where(rows % 5 < 3, INK, np.float32(0.72))


def test_a_circle_as_dark_as_the_pens_strokes_over_its_square_reads_empty():
    seen = page(1)  # the page's marks are crosses: no fills to weigh it against
    cover(seen, CIRCLE, 0.8, INK)
    r, asked = read(seen, CIRCLE)
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_a_bubble_covered_past_its_square_but_lighter_than_the_strokes_is_asked():
    seen = page(2)
    parted(seen, BUBBLE, 0.8)  # a fill drawn too large: bubbles are filled
    r, asked = read(seen, BUBBLE)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BUBBLE.id]


def test_a_round_indicator_covered_over_its_square_lighter_than_the_strokes_reads_empty():
    """Round indicators are checked off, not filled: ink covering the square round one,
    as far as a hatching reaches, is a hatching however light."""
    seen = page(2)
    parted(seen, CIRCLE, 0.8)
    r, asked = read(seen, CIRCLE)
    assert r.state == "empty" and r.hatched
    assert asked == []
    # ...but reaching past the square farther than a hatching does: asked
    seen = page(2)
    parted(seen, CIRCLE, 2.0)
    r, asked = read(seen, CIRCLE)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [CIRCLE.id]


def test_a_frontier_value_covered_past_its_square_lighter_than_the_fills_is_asked():
    """A Frontier value is circled or crossed out, never filled: covered past its square,
    lighter than the page's fills, it is no fill drawn too large (as a bubble's would be)
    but a mark or a correction, asked (seed 889 #1223, an easy Cosmos page: the value
    scribbled out in grey over its square, read a fill, nothing asked)."""
    frontier = Field("frontier-q8r0-high", "frontier_value", 45.0, 35.0, 5.2, 5.2, "circle")
    fills = [
        Field(f"track-engines-{i}", "track_box", 5.0 + 13.0 * i, 48.0, 9.5, 9.5) for i in range(3)
    ]
    seen = page(7)
    for f in fills:  # the hand's fills, kept inside their boxes: what lighter is weighed by
        x0, y0, x1, y1 = f.bounds
        seen[px(y0 + 0.8) : px(y1 - 0.8), px(x0 + 0.8) : px(x1 - 0.8)] = INK
    cover(seen, frontier, 0.8, np.float32(0.65))
    r, asked = read(seen, frontier, tuple(fills))
    assert r.state == "filled" and not r.striped and not r.hatched
    assert [(d.field, d.cause) for d in asked] == [(frontier.id, HATCHED)]  # hatched out?


def test_a_box_as_dark_as_the_pens_strokes_reaching_past_a_fringe_reads_empty():
    seen = page(3)
    cover(seen, BOX, 1.7, INK)  # past the fringe the other tests of a box allow
    r, asked = read(seen, BOX)
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_a_box_covered_as_far_but_lighter_than_the_strokes_stays_filled():
    seen = page(4)
    parted(seen, BOX, 1.7)  # strokes parted as the fill grew: lighter than the pen's
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.hatched
    assert r.striped or [d.field for d in asked] == [BOX.id]


def test_a_box_filled_inside_with_the_next_boxs_ink_past_one_side_is_a_fill_unasked():
    seen = page(5)
    x0, y0, x1, y1 = BOX.bounds
    seen[px(y0 + 0.5) : px(y1 - 0.5), px(x0 + 0.5) : px(x1 - 0.5)] = INK
    seen[px(y0) : px(y1), px(x1) : px(x1 + 3)] = INK  # the neighbour's overrun, beside it
    r, asked = read(seen, BOX)
    assert r.state == "filled" and r.striped and not r.hatched
    assert asked == []


def test_a_box_covered_past_two_sides_one_running_on_is_still_asked():
    seen = page(6)
    x0, y0, x1, y1 = BOX.bounds
    # hatched a little past its left side, with the next box's ink running on past its
    # right: a hatching-out beside a neighbour's overrun, or a fill drawn too large
    seen[px(y0) : px(y1), px(x0 - 0.6) : px(x1 + 3)] = INK
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.striped and not r.hatched
    assert [d.field for d in asked] == [BOX.id]


def test_ink_gathered_against_the_side_it_runs_past_is_not_the_boxs_own():
    ink = np.zeros((SIZE, SIZE), np.uint8)
    x0, y0, x1, y1 = BOX.bounds
    inside = (px(x0 + 0.7), px(y0 + 0.7), px(x1 - 0.7), px(y1 - 0.7))
    m = InkMasks(ink, np.zeros(ink.shape, np.float32), ink, np.ones_like(ink))
    past_right = [(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (3.0, 3.0)]
    ink[px(y0) : px(y1), px(x1 - 0.65 * BOX.w) : px(x1 + 3)] = 1  # run in from the right
    assert runs_on_past_one_side(past_right)
    assert not own_ink_centred(m, BOX, inside, past_right)
    ink[:] = 0
    ink[px(y0 + 1) : px(y1 - 1), px(x0 + 1) : px(x1 - 1)] = 1  # a fill of its own
    assert own_ink_centred(m, BOX, inside, past_right)


def crosshatch(seen: np.ndarray, f: Field, past: tuple[float, float, float, float], wide=3):
    """Two crossing families of strokes, ``wide`` px of every 4 inked each way (3: a box
    nearly all covered; 2, a light hand: thin strokes with bare paper between them, about
    three quarters of the box inked), reaching ``past`` mm past its top, bottom, left and
    right sides."""
    x0, y0, x1, y1 = f.bounds
    top, bottom, left, right = past
    region = seen[px(y0 - top) : px(y1 + bottom), px(x0 - left) : px(x1 + right)]
    rows, cols = np.indices(region.shape)
    region[((rows + cols) % 4 < wide) | ((rows - cols) % 4 < wide)] = INK


def test_a_box_lightly_hatched_two_ways_past_three_sides_reads_empty():
    seen = page(7)
    crosshatch(seen, BOX, (0.8, 0.8, 0.8, 0.0), wide=2)
    r, asked = read(seen, BOX)
    assert r.coverage < 0.85  # too light for the other tests of a box
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_a_box_lightly_hatched_past_two_sides_only_is_still_asked():
    seen = page(8)
    crosshatch(seen, BOX, (0.8, 0.0, 0.8, 0.0), wide=2)
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BOX.id]


def test_a_box_hatched_two_ways_overshooting_two_sides_reads_empty():
    """Seed 822 #126 and 805 #261 (normal and easy trackers): boxes hatched out past two
    sides, one by 2.1-2.2 mm (more than ``hatch_reach.BOX_REACH_P90``), were asked."""
    seen = page(9)
    crosshatch(seen, BOX, (0.0, 2.1, 0.8, 0.0))
    r, asked = read(seen, BOX)
    assert r.coverage >= 0.85
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_a_box_hatched_two_ways_with_ink_running_on_past_a_side_is_still_asked():
    # the ink past its bottom goes on to the walk's end (3 mm): a neighbour's mark, or
    # a fill run on, beside it
    seen = page(9)
    crosshatch(seen, BOX, (0.0, 3.5, 0.8, 0.0))
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BOX.id]


def test_a_box_hatched_two_ways_past_one_side_its_ends_past_another_is_asked():
    """Seed 826 #181 (an easy tracker page in pencil): Life Support box 6 hatched out two
    ways, 0.8 mm past its left side and its strokes' ends a little past its top, was read
    filled and not asked."""
    seen = page(10)
    crosshatch(seen, BOX, (0.0, 0.0, 0.8, 0.0))
    x0, y0, x1, _ = BOX.bounds
    tip = seen[px(y0 - 0.6) : px(y0), px(x0) : px(x0 + 0.3 * (x1 - x0))]
    tip[:] = INK  # the strokes' ends past the top, over a third of it
    r, asked = read(seen, BOX)
    assert r.state == "filled" and r.crossed and not r.hatched
    assert [(d.field, d.guess) for d in asked] == [(BOX.id, False)]


def one_way(seen: np.ndarray, f: Field, past: tuple[float, float, float, float], between):
    """Diagonal strokes one way, 4 px wide, 4 px of ``between`` tone apart (still inked),
    reaching ``past`` mm past its top, bottom, left and right sides."""
    x0, y0, x1, y1 = f.bounds
    top, bottom, left, right = past
    region = seen[px(y0 - top) : px(y1 + bottom), px(x0 - left) : px(x1 + right)]
    rows, cols = np.indices(region.shape)
    region[:] = np.where((rows + cols) % 8 < 4, INK, np.float32(between))


def test_a_box_filled_once_one_way_lighter_than_the_strokes_is_a_fill_unasked(monkeypatch):
    from pnp.vision import hatching

    # where the box's tone cannot be judged (a printed icon in it, noisy paper)
    monkeypatch.setattr(hatching, "texture", lambda *args: None)
    seen = page(9)
    one_way(seen, BOX, (0.8, 0.0, 0.8, 0.0), 0.78)  # paper between the strokes
    r, asked = read(seen, BOX)
    assert r.state == "filled" and r.fill_strokes and not r.hatched
    assert asked == []
    # strokes over strokes, as dark as the pen all over: still asked
    seen = page(10)
    one_way(seen, BOX, (0.8, 0.0, 0.8, 0.0), 0.45)
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.fill_strokes
    assert [d.field for d in asked] == [BOX.id]
    # two families of strokes crossing: still asked
    seen = page(11)
    crosshatch(seen, BOX, (0.8, 0.0, 0.8, 0.0), wide=2)
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.fill_strokes
    assert [d.field for d in asked] == [BOX.id]


def test_an_even_tone_past_a_thin_fringe_is_a_hatching_only_if_dark_as_the_strokes():
    """A hatching is gone over twice: an even, light tone past a fringe may be a dense
    fill drawn a little large, and is left to the other tests (here: asked)."""
    seen = page(12)
    cover(seen, BOX, 0.8, np.float32(0.55))  # 0.75 of the strokes' darkness
    r, asked = read(seen, BOX)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BOX.id]
    seen = page(13)
    cover(seen, BOX, 0.8, INK)
    r, asked = read(seen, BOX)
    assert r.state == "empty" and r.hatched
    assert asked == []


def grainy(seen: np.ndarray, seed: int) -> np.ndarray:
    """``seen`` with a hard photo's coarse grain over it (0.05 wide, about 2 px across):
    noisy paper (``box_texture.QUIET_PAPER``), where tone and stripes cannot be judged."""
    grain = cv2.GaussianBlur(np.random.default_rng(seed).normal(0, 1, seen.shape), (0, 0), 1.5)
    return (seen + 0.05 * grain / grain.std()).astype(np.float32)


def gone_over(seen: np.ndarray, f: Field, past: tuple[float, float, float, float]):
    """Two crossing families of strokes, 3 px of every 4 inked each way, darker where
    they cross (ink over ink: the pen's tone twice), reaching ``past`` mm past its top,
    bottom, left and right sides: a hatching gone over, darker than a single stroke."""
    x0, y0, x1, y1 = f.bounds
    top, bottom, left, right = past
    region = seen[px(y0 - top) : px(y1 + bottom), px(x0 - left) : px(x1 + right)]
    rows, cols = np.indices(region.shape)
    for family in ((rows + cols) % 4 >= 1, (rows - cols) % 4 >= 1):
        region[family] *= INK


def test_on_noisy_paper_a_box_hatched_as_dark_as_the_strokes_and_no_farther_reads_empty():
    seen = page(14)
    gone_over(seen, BOX, (0.8, 0.8, 0.8, 0.0))
    r, asked = read(grainy(seen, 14), BOX)
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_on_noisy_paper_a_box_hatched_lighter_than_the_strokes_or_farther_is_asked():
    # a light hand's hatching: bare paper between the strokes (the mean under DARK_BOX)
    seen = page(15)
    crosshatch(seen, BOX, (0.8, 0.8, 0.8, 0.0), wide=2)
    r, asked = read(grainy(seen, 15), BOX)
    assert r.state == "filled" and not r.hatched and r.crossed
    assert [d.field for d in asked] == [BOX.id]
    # as dark, but run 1.8 mm past its top: farther than a hatching reaches
    seen = page(16)
    gone_over(seen, BOX, (1.8, 0.8, 0.8, 0.0))
    r, asked = read(grainy(seen, 16), BOX)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BOX.id]


def test_on_noisy_paper_a_box_hatched_dark_past_two_sides_reads_empty_a_dark_fill_does_not():
    seen = page(17)
    gone_over(seen, BOX, (0.8, 0.0, 0.8, 0.0))  # covered, crossing two ways, past two sides
    r, asked = read(grainy(seen, 17), BOX)
    assert r.coverage >= 0.85
    assert r.state == "empty" and r.hatched
    assert asked == []
    # as dark and as far, in strokes one way (each gone over, paper between them): a
    # fill, still asked
    seen = page(18)
    x0, y0, x1, y1 = BOX.bounds
    region = seen[px(y0 - 0.8) : px(y1), px(x0 - 0.8) : px(x1)]
    rows, cols = np.indices(region.shape)
    region[:] = np.where((rows + cols) % 8 < 4, INK * INK, np.float32(0.7))
    r, asked = read(grainy(seen, 18), BOX)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [BOX.id]


def test_on_noisy_paper_a_hatching_whose_stroke_ends_reach_far_is_asked():
    """Its median reach a hatching's, but a quarter of its top's columns 1.5 mm out (1.76
    mm at the 90th percentile as walked): on quiet paper within a hatching's reach (its
    coherence and tone tell), on noisy paper past ``NOISY_REACH_P90``, where a fill drawn
    too large may be as dark and as crossed."""
    for grain, hatched in ((False, True), (True, False)):
        seen = page(19)
        gone_over(seen, BOX, (0.8, 0.8, 0.8, 0.0))
        x0, y0, x1, _ = BOX.bounds
        seen[px(y0 - 1.5) : px(y0 - 0.8), px(x0) : px(x0 + (x1 - x0) / 4)] = INK * INK
        r, asked = read(grainy(seen, 19) if grain else seen, BOX)
        assert r.hatched is hatched
        assert [d.field for d in asked] == ([] if hatched else [BOX.id])


def test_on_noisy_paper_a_round_indicator_hatched_over_its_square_reads_empty():
    """Checked off by convention, not filled: on noisy paper as on quiet, ink covering the
    square round one as far as a hatching reaches is a hatching; farther, still asked."""
    seen = page(20)
    cover(seen, CIRCLE, 0.8, INK)
    r, asked = read(grainy(seen, 20), CIRCLE)
    assert r.state == "empty" and r.hatched
    assert asked == []
    seen = page(21)
    cover(seen, CIRCLE, 2.0, INK)
    r, asked = read(grainy(seen, 21), CIRCLE)
    assert r.state == "filled" and not r.hatched
    assert [d.field for d in asked] == [CIRCLE.id]


def close_families(
    seen: np.ndarray, f: Field, past: tuple[float, float, float, float], apart: float
):
    """Two families of strokes ``apart`` radians apart about the diagonal, 3 px of every 4
    inked each way, darker where they cross (``gone_over``'s ink), reaching ``past`` mm
    past its top, bottom, left and right sides: a hatching whose two ways lie close, its
    strokes leaning one way as a whole."""
    x0, y0, x1, y1 = f.bounds
    top, bottom, left, right = past
    region = seen[px(y0 - top) : px(y1 + bottom), px(x0 - left) : px(x1 + right)]
    rows, cols = np.indices(region.shape).astype(np.float32)
    for angle in (np.pi / 4 - apart / 2, np.pi / 4 + apart / 2):
        across = rows * np.cos(angle) - cols * np.sin(angle)
        region[across % 4 >= 1] *= INK


def test_on_noisy_paper_a_dark_hatching_whose_two_ways_lie_close_reads_empty():
    """Gone over two ways 0.4 rad apart (its strokes' coherence about 0.5, past the 0.35
    noisy paper allowed until session 74, short of a fill's ``ONE_WAY_FILL``), as dark as
    the pen's strokes and reaching past two sides as a hatching reaches: hatched out, as on
    quiet paper; as dark in strokes one way only, still asked
    (``test_on_noisy_paper_a_box_hatched_dark_past_two_sides_reads_empty_a_dark_fill_does_not``)."""
    seen = page(22)
    close_families(seen, BOX, (0.8, 0.0, 0.8, 0.0), 0.4)
    r, asked = read(grainy(seen, 22), BOX)
    assert r.coverage >= 0.85
    assert r.state == "empty" and r.hatched
    assert asked == []


def test_a_round_indicator_hatched_lightly_over_its_square_reads_empty():
    """Checked off by convention, never filled: a light hatching over the square round
    one (three quarters of the circle inked, short of ``page_fills.CIRCLE_COVERAGE``, and
    no fill on the page to set how dense one is) is weighed as a hatching, and is one
    (seed 820 #261, an easy tracker: Blue Round 5 hatched so, asked "inked past the
    circle")."""
    seen = page(23)
    crosshatch(seen, CIRCLE, (0.8, 0.8, 0.8, 0.8), wide=2)
    r, asked = read(seen, CIRCLE)
    assert 0.5 <= r.coverage < 0.95
    assert r.state == "empty" and r.hatched
    assert asked == []
