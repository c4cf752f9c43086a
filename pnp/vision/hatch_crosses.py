"""Marks crossed, for the hatching reader (``pnp.vision.hatching``): a space marked by
convention with a cross that holds far more ink than the page's crosses, reaching past two
sides, is hatched out (``crossed_out``); a box read filled whose strokes cross with no
direction to them, run past its sides, is asked about (``crossed_boxes``: ``crossed``).
"""

from __future__ import annotations

from collections.abc import Callable

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
    sides, or whose strokes' ends run past ``ENDS_PAST_SIDES`` (``crossed``: asked)."""
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
        one_way = one_way_of(n)
        if one_way is None or one_way > CROSSED_WAYS:
            continue
        reach = side_reach(masks, f, px_per_mm)
        if past_sides(reach) >= BOX_SIDES or ends_past(reach) >= ENDS_PAST_SIDES:
            out.append(n)
    return out
