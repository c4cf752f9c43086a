"""Marks crossed, for the hatching reader (``pnp.vision.hatching``): a space marked by
convention with a cross that holds far more ink than the page's crosses, reaching past two
sides, is hatched out (``crossed_out``); a box read filled whose strokes cross with no
direction to them, run past its sides, is asked about (``crossed_boxes``: ``crossed``).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.vision.box_texture import quiet
from pnp.vision.fields import FieldReading
from pnp.vision.hatch_reach import BOX_SIDES, ends_past, past_sides
from pnp.vision.ink import InkMasks
from pnp.vision.page_fills import FILL_COVERAGE

# Kinds marked by convention with a cross: a hatching lays several times a cross's ink.
# On tune8 a space's base-step ink over the median of its page's marked spaces is
# 1.2-1.6 for crosses (all levels), 3.3-11 for spaces hatched out in ink; at least
# ``page_marks.MIN_CROSSES`` marked spaces make the median, and ``BOX_SIDES`` sides are reached
# past by ``hatch_reach.BOX_REACH[0]`` at the base step (crosses: none, or one where a
# neighbour's mark runs in).
CROSSED_KINDS = frozenset({"space"})
CROSSED_INK = 3.0
CROSSED_MIN_INK = 0.3
# A box reached past three sides within ``hatching.DARK_BOX_REACH``, whose strokes cross
# with no direction to them (coherence at most ``CROSSED_WAYS``), on quiet paper, is
# hatched out though a light hand (pencil) left it less covered than
# ``hatching.BOX_COVERAGE``: a fill is one family of strokes. On tune8, val11 and fresh
# seed 21 and 22 sets, all levels, boxes covered at least 0.5 and so reached: hatchings
# 0.01-0.33 (covered 0.71-1.0), fills 0.23 (covered 0.57, a hard page), 0.32 (a hard
# page), the rest 0.45 and more. On noisy paper such a box is hatched out only where it
# also reaches no farther than a hatching and is as dark as the pen's strokes
# (``hatching._PageHatching.hatched_box``, session 73).
CROSSED_WAYS = 0.2
CROSSED_COVERAGE = 0.7
# A box read filled, at least ``FILL_COVERAGE`` covered, whose strokes cross with no
# direction to them (coherence at most ``CROSSED_WAYS``) and run past ``BOX_SIDES`` sides
# or more (``hatch_reach.BOX_REACH[0]``), is marked ``crossed`` and asked about, not read
# hatched out: a light hand's hatching (pencil, 0.51-0.74 covered) or one that reaches past
# two sides only. On the seed 8, 11, 13, 21, 22 and 31-36 sets (3,300 photos), of the
# boxes read filled and not asked, covered at least 0.5 and this crossed (coherence at
# most 0.2), the 4 so reached were all hatched out (one on an easy page: a silent error),
# and no mark. So is one whose strokes' ends run past three sides or more
# (``hatch_reach.ends_past``: the farthest columns, though most of a side's columns stop
# at the outline): a hatching crosses the box both ways and overshoots at every end,
# where a fill drawn too large runs past the one or two sides it drifted to, and a mark a
# neighbour's ink reaches is reached from one side. Seed 40 #46 (a normal tracker page):
# Engines box 7, a fill hatched out in pencil, ink past the top, bottom and right in its
# farthest columns (0.8, 1.0, 1.1 mm), past the right alone by the median: read filled
# and not asked, a silent error that changed the score (7 VP for 4).
ENDS_PAST_SIDES = 3
# Session 75: on quiet paper, such a box nearly covered (``hatching.BOX_COVERAGE``) whose
# strokes' ends run past no side farther than ``CROSSED_REACH_P90`` mm (90th percentile of
# its columns; the walk ends at 3.0, where a neighbour's ink or a fill's run-on goes on)
# is hatched out, not asked (``hatching._PageHatching.crossed_hatched``). On the 19 sets of
# seeds 803, 805, 809, 815, 820-823, 825 (every level), 804, 812, 814, 816-819, 824 (hard)
# and 806, 807 (Cosmos), the boxes read filled, covered 0.85 or more, coherence at most
# 0.2, so overshot on quiet paper: 61, of them 3 marks, each inked on to the walk's end
# past a side (3.0 mm: a neighbour's ink), and 58 corrections, 50 reaching 0.8-2.42 mm,
# one 2.78, seven 3.0. The fills drawn too large past two sides or more lean one way
# (coherence 0.3 or more on those sets).
CROSSED_REACH_P90 = 2.5
# ...and on quiet paper, a box covered at least ``CROSSED_COVERAGE``, crossed so, whose ink
# runs past one side by the median and whose strokes' ends run past ``ONE_SIDE_ENDS``
# sides (``overshot_one_side``) is asked too. Seed 826 #181 (an easy tracker page in
# pencil): Life Support box 6 hatched out two ways (coherence 0.10, covered 0.80: a
# printed icon in it), 0.8 mm past its left side and its ends 0.48 mm past its top, read
# filled and not asked. On the 19 sets above, the boxes read filled, not asked as crossed
# before, so crossed and reached on quiet paper: corrections, and 2 crosses, covering
# 0.52 and 0.69.
ONE_SIDE_ENDS = 2


def crossed_two_ways(one_way: float | None) -> bool:
    """Whether a box's strokes, of coherence ``one_way`` (None: unmeasured), cross with no
    direction to them (``CROSSED_WAYS``): a hatching-out's, not a fill's."""
    return one_way is not None and one_way <= CROSSED_WAYS


def overshot_one_side(reach) -> bool:
    """Whether a box's ink runs past one side by the median and its strokes' ends past
    another (``ONE_SIDE_ENDS``): a hatching drawn a little off the box's middle."""
    return past_sides(reach) >= 1 and ends_past(reach) >= ONE_SIDE_ENDS


def overshot(reach) -> bool:
    """Whether a box's ink runs past its sides as a hatching's strokes overshoot
    (``ink_reach.side_reach``): past ``BOX_SIDES`` sides by the median, or past
    ``ENDS_PAST_SIDES`` by their farthest columns."""
    return past_sides(reach) >= BOX_SIDES or ends_past(reach) >= ENDS_PAST_SIDES


def crossed_out(r: FieldReading, crosses: float | None, reach: Callable[[], list | None]) -> bool:
    """Whether a field marked by convention with a cross reads as hatched out: far more
    ink than the page's crosses (their median base-step ink ``crosses``), reaching past
    at least two sides (``reach()`` at the base step, walked only for that much ink)."""
    if crosses is None or r.base_ink < max(CROSSED_MIN_INK, CROSSED_INK * crosses):
        return False
    return past_sides(reach()) >= BOX_SIDES


def crossed_boxes(
    readings, fields, masks: InkMasks, one_way_of, px_per_mm: float, solid_kinds
) -> list[int]:
    """The boxes read filled, covered at least ``FILL_COVERAGE``, whose strokes cross with no
    direction to them (``one_way_of(n)``: their ``coherence``) and run past ``BOX_SIDES``
    sides, or whose strokes' ends run past ``ENDS_PAST_SIDES`` (``overshot``); on quiet
    paper, covered at least ``CROSSED_COVERAGE``, past one side and their ends past
    another (``overshot_one_side``) (``crossed``: asked)."""
    from pnp.vision.ink_reach import side_reach

    out = []
    for n, (r, f) in enumerate(zip(readings, fields, strict=True)):
        if (
            f.shape != "rect"
            or f.kind in solid_kinds
            or r.state != "filled"
            or r.striped
            or r.fill_strokes
            or r.coverage < FILL_COVERAGE
        ):
            continue
        if not crossed_two_ways(one_way_of(n)):
            continue
        reach = side_reach(masks, f, px_per_mm)
        if overshot(reach) or (
            r.coverage >= CROSSED_COVERAGE
            and overshot_one_side(reach)
            and quiet(masks, f, px_per_mm)
        ):
            out.append(n)
    return out
