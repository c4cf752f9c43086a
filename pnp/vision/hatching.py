"""Tell a box hatched out (a correction) from a box filled as a mark.

The way to undo a mark is to hatch the box over in two directions, a little past
its outline (``layouts/README.md``, the pen's conventions). Both a hatching-out
and a fill cover the box and may put ink past its outline, so ``doubts`` asks about
them. Three things tell them apart where the photo shows them:

- **Texture.** Two crossing families of strokes, gone over twice, leave the box an
  even tone: inside it the darkness varies no more than the plain paper nearby
  does (the photo's noise). A fill is one family of back-and-forth strokes, and a
  fill that overruns its box is drawn large and loose, so its strokes leave light
  stripes between them.
- **A thin fringe.** A hatching runs a little past the outline on the sides it
  overshoots (at least two) and stops within about a millimetre.
- **Its own ink.** The fringe is not ink from a neighbouring box's mark running in
  from one side, and it does not continue beyond 1.2 mm as an overrun does.

A box that meets all three, on quiet paper, and is nearly as dark as the pen's strokes
(``EVEN_TONE_DARK``: gone over twice), is hatched out: read as empty. A filled
box whose texture is light stripes running one way (a single family of strokes) is a
fill, whatever ink runs past its outline: ``doubts`` does not ask whether it is hatched
out. Anything else keeps its reading (and ``doubts`` still asks about it).

Where the tone cannot be judged (a printed icon in the box, a box too small to hold
plain paper), two measures still tell a hatching-out on quiet paper (``box_texture.QUIET_PAPER``):

- **A box** nearly covered (``BOX_COVERAGE``) whose strokes do not run one way (the
  structure tensor's coherence at most ``TWO_WAY``: a fill drawn past its outline is drawn
  large, and its strokes part into stripes), with ink reaching past at least two sides
  (``ink_reach.side_reach``) and no farther than a hatching reaches
  (``hatch_reach.BOX_REACH``); on noisy paper too, and whatever its strokes' lean short
  of one family's (``ONE_WAY_FILL``), where its inside is on average as dark as the pen's
  strokes (``DARK_BOX``: gone over twice) and its strokes' ends within
  ``NOISY_REACH_P90``: two ways drawn close together lean one way as a whole.
- **A space marked with crosses** (``hatch_crosses.CROSSED_KINDS``): a hatching over a big
  box is an open criss-cross, not an even tone, but it lays far more ink than a cross: at
  the base step, ``hatch_crosses.CROSSED_INK`` times the median of the page's other marked
  spaces (the same hand's crosses), reaching past at least two sides.
- **A circle checked off** by convention (``CHECKED_CIRCLE_KINDS``: the Captain Skill's
  round indicators), whose square is covered as a hatching covers it and reached past
  no farther (``DARK_CIRCLE_REACH``), on quiet paper or noisy: a check is a stroke or two
  across the circle, and the player's fills there stay within it. Not a cross covering less
  than a fill (``page_fills.FILL_COVERAGE``), nor one family of strokes lighter than the
  pen's (``ONE_WAY_FILL``, ``LIGHT_FILL``, as for boxes): a fill drawn large.
- **A circle** darker than the hand's fills (``page_fills.DARKER_THAN_FILLS``), whose
  square is covered: the inside nearly all inked, all four corners of
  the square inked (a fill is kept inside the circle; one drawn too large is a disc,
  and covers the corners only partly), and no side reached past
  ``hatch_reach.CIRCLE_REACH``.

Where the hand's fills do not tell, its strokes do: a player who sees a box or a circle
as dark all over as the pen's own strokes on the rest of the page (``DARK_CIRCLE``,
``DARK_BOX``, ``page_marks.StrokeDarkness``) knows it was gone over and over, not filled
once: a fill leaves paper between its strokes. On quiet paper, a circle whose square is
covered and reached past no farther than ``DARK_CIRCLE_REACH``, or a box nearly all
covered and reached past three sides within ``DARK_BOX_REACH`` (its tone not striped,
its strokes not running one way: ``ONE_WAY_FILL``), that dark is hatched out. So is a
box so reached, less covered (a light hand), whose strokes cross with no direction to
them (``hatch_crosses.CROSSED_WAYS``): a fill runs one way. On noisy paper, where tone
and stripes are lost in the grain, such a box is hatched out only where its reach is a
hatching's too (``hatch_reach.box_reach_hatched``, its strokes' ends within
``NOISY_REACH_P90``) and its inside, on average, as dark as the pen's strokes
(``DARK_BOX``; the mean sees through grain). On quiet paper, a box nearly covered
(``BOX_COVERAGE``) and crossed so, its strokes overshooting its sides
(``hatch_crosses.overshot``) and running on past none (``hatch_crosses.CROSSED_REACH_P90``),
is hatched out however far short of three sides: a fill inside its box leaves no ink past
it, one drawn too large runs one way. A box covered and crossed so but otherwise, or
short of those on noisy paper, is asked (``crossed``).

And a covered box whose ink runs past one side only, on past ``hatch_reach.RUN_ON_MM``
(into the next box's mark), with its own ink about its centre, holds a fill with its
neighbour's ink beside it, not a hatching (which runs a little past most sides):
``striped``, not asked.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Literal

import cv2

from pnp.sheetmap import Field
from pnp.vision.box_texture import coherence, darkness, quiet, texture
from pnp.vision.fields import FieldReading
from pnp.vision.hatch_crosses import (
    CROSSED_COVERAGE,
    CROSSED_KINDS,
    CROSSED_MIN_INK,
    CROSSED_REACH_P90,
    crossed_boxes,
    crossed_out,
    crossed_two_ways,
    overshot,
)
from pnp.vision.hatch_reach import (
    box_reach_hatched,
    circle_reach_hatched,
    ends_within,
    fringed,
    overrun_sides,
    own_ink_centred,
    past_sides,
    runs_on_past_one_side,
    square_inked,
    within,
)
from pnp.vision.ink import InkMasks
from pnp.vision.page_fills import DARKER_THAN_FILLS, FILL_COVERAGE, dense, fills_darkness, fills_for

if TYPE_CHECKING:
    import numpy as np

    from pnp.vision.field_boxes import _Boxes
    from pnp.vision.page_marks import StrokeDarkness

# Which readings are looked at: a box filled, nearly covered, with ink past its outline.
HATCH_COVERAGE = 0.9
HATCH_BEYOND = 0.1
# Texture (``box_texture.texture``): the standard deviation of the darkness inside the
# box, on the blank's plain print, over the same on plain, uninked paper nearby: at most
# this for an even tone.
EVEN_TONE = 1.5
# ...and a hatching gone over twice is dark: a box of even tone and a thin fringe that is
# lighter than ``EVEN_TONE_DARK`` of the pen's own strokes (``page_marks.StrokeDarkness``)
# may be a dense fill drawn a little past its outline, and is not read hatched out (the
# other tests weigh it; ``doubts`` may ask). On the 21 photo sets (seeds 8, 11, 13, 21,
# 22, 31-46) the 633 boxes read hatched out by tone and fringe were 0.74-1.3 times as
# dark as the strokes; the one fill among them on an easy or normal page (seed 43, an
# easy tech page, read hatched out with nothing asked) 0.80, two fills on hard pages
# 0.82 and 0.84. At 0.82, 3 hatchings more are asked and that fill is read right.
EVEN_TONE_DARK = 0.82
# A box with light stripes running one way (texture over noise at least ``STRIPED``,
# coherence at least ``ONE_WAY``) is filled with one family of strokes: a fill, not a
# hatching-out (two crossing families), though it be covered and inked past its outline.
STRIPED = 4.0
ONE_WAY = 0.5
STRIPED_COVERAGE = 0.6
STRIPED_BEYOND = 0.05
# A box hatched out: covered (hatched boxes 0.84-1.0 on tune8, in-box fills 0.6-0.95),
# its strokes not one way (hatchings 0.02-0.53 on tune8, all but 2 in 83 under 0.45;
# the fills drawn past their outline that reach like a hatching 0.84-0.95 on tune8, but
# one of the held-out set (seed 4242, a blurred real-mode page) 0.51: kept at 0.45),
# ink past at least two sides as a hatching reaches (``hatch_reach.box_reach_hatched``).
# On noisy paper (``box_texture.QUIET_PAPER``) likewise where its inside is on average
# ``DARK_BOX`` of the pen's strokes or darker (``_PageHatching.inside_as_dark``): grain
# breaks a fill's stripes, and its tone cannot be judged (and, until session 74, its
# coherence at most 0.35). Session 73, the boxes read filled on noisy paper, covered 0.85
# or more, coherence at most 0.45, reached as a hatching reaches, on seeds 803, 805, 809, 811,
# 813 (every level), 804, 812, 814, 816 (hard) and 806, 807 (Cosmos): 107, all hatchings
# (corrections); of those measured, 91 as dark as ``DARK_BOX`` (coherence 0.01-0.40, 86
# of them at most 0.35) and 4 lighter. The fills drawn too large on noisy paper nearest
# them: seed 804 #971, a Life Support box (coherence 0.46, 0.88 of the pen, its farthest
# columns 3 mm past a side), 813 #113 and 803 #233 Upgrade boxes (0.88 and 0.70, 0.91 of
# the pen, 1.76 mm past a side); the others reach 2 mm or more and are 0.45-0.81 of the
# pen. Session 74: so dark and so reached, on quiet paper or noisy, a box is hatched out
# with its strokes leaning up to ``ONE_WAY_FILL`` (``TWO_WAY`` where its tone is measured
# uneven, as in ``hatched_box``): two ways drawn close together lean one way as a whole
# (the 42 Upgrade boxes so covered and reached on the Cosmos pages of seeds 804, 806,
# 807, 812, 814, 816, 817, 818, all hatched out: coherence 0.36-0.88, 41 of them 0.85-1.35
# of the pen; many asked "filled solid"). Of the boxes read filled, covered 0.85 or more
# and reached as a hatching on the twelve sets above (session 73's logs): 147
# corrections, and 3 marks, each a fill of one family lighter than the pen's
# (``fill_strokes``) or striped, which this does not weigh.
BOX_COVERAGE = 0.85
TWO_WAY = 0.45
# ...and on noisy paper, where neither its coherence nor its darkness parts a hatching
# from every fill (seed 817 #992, a set made after: an Ability box filled too large,
# coherence 0.20, as dark as the pen's strokes, stopped by its reach alone, 2.08 mm median
# past its top), its strokes' ends reach past no side farther than ``NOISY_REACH_P90`` mm
# (90th percentile; ``hatch_reach.BOX_REACH_P90`` 1.8 elsewhere). The hatchings of the two
# noisy-paper tests: 106 of 109 within 1.6 mm; the fills on noisy paper reached past two
# sides or more: 1.86 mm or farther but one (seed 816 #632, covered 0.42, coherence 0.57).
NOISY_REACH_P90 = 1.6
# Circles checked off by convention ("check off the Round Indicator number": the
# rulebook), not filled: their square covered (``hatch_reach.square_inked``) and reached
# past no farther than ``DARK_CIRCLE_REACH``, they are hatched out, however light the
# hatching. On the 21 photo sets (seeds 8, 11, 13, 21, 22, 31-46) the round indicators
# hatched out and still asked were 0.43-1.2 times as dark as the pen's strokes (most
# under ``DARK_CIRCLE``) and covered 0.61-0.99 of the inside (a printed digit lies
# there); the 3 fills there run far past the circle inked a corner 0.1-0.39. A bubble
# (Federation, leftover counts) is filled by convention, and its fills drawn too large
# reach the corners: not so read. Until session 73 on quiet paper only: on noisy paper
# every such circle was asked ("inked past the circle"). Session 73, the round indicators
# on noisy paper that ``circle_hatched`` weighs, tracker pages of seeds 803, 805, 809,
# 811, 813, 815 (every level) and 804, 812, 814, 816, 817, 818 (hard): 14 with the square
# inked and reached no farther, all hatchings (corrections), each checked off so; of the
# 431 marks, one with its square inked (816 #651, Yellow Round 4, a fill reaching 2.72 mm
# past the circle), none else (the next: a cross, its emptiest corner 0.07 inked).
# Session 74: weighed once covered as a fill covers (``page_fills.FILL_COVERAGE``), not
# only as densely as the page's fills of their kind, which a page of ticks and crosses
# has none of (``_candidates``): on seeds 803, 805, 809, 815, 820 (every level) and 804,
# 812, 814, 816, 817, 818, 819 (hard), 3 round indicators hatched out and asked ("inked
# past the circle") read so, nothing else changed.
CHECKED_CIRCLE_KINDS = frozenset({"round_circle"})
# ...but a cross whose arms reach the square's corners is no hatching (seed 685 #236, a
# real-mode tracker: a cross covering 0.42, read hatched out unasked), nor is a fill of
# one family of strokes lighter than the pen's (seed 689 #166, a normal tracker: Round 7
# filled in zigzags past the circle, coherence 0.98 at 0.71 of the pen, read hatched out
# unasked). Measured (session 56) on the round indicators read filled whose square is
# inked, on 15 sets (held-out 4242, seeds 679, 682, 683, 685, 687, 689; hard 677, 678,
# 680, 681, 684, 686, 688, 690): 66, of them 61 hatchings, covering 0.51 or more (0.63
# or more where this rule read them hatched out), the 3 with coherence 0.6 or more at
# 0.88-1.14 of the pen; of the 5 marks, those two were read hatched out, 3 fills not.
# A box or circle hatched out is gone over in two directions, strokes over strokes: on
# quiet paper, as dark all over as the pen's strokes (``page_marks.StrokeDarkness``, over
# the page's other marks), where a fill, even one drawn too large and reaching into the
# corners, leaves paper between its strokes. The mean darkness of the inside over the
# pen's strokes, on tune8 (seed 8), val11 (seed 11) and a seed 21 set, all levels:
# circles hatched out and inking their square's corners 0.82-1.07 (easy/normal mostly
# 0.92-1.02), fills inking them too at most 0.88 on quiet paper (0.94 on a hard page whose
# paper could not be measured); boxes hatched out, covered and reached past three sides
# 0.83-1.07, and no fill so covered and reached came to this test.
DARK_CIRCLE = 0.92
DARK_BOX = 0.85
DARK_CIRCLE_REACH = 1.5  # mm: hatched circles 1.44 at most on tune8 (``hatch_reach.CIRCLE_REACH``)
DARK_BOX_COVERAGE = 0.95
DARK_BOX_SIDES = 3  # a box drawn too large, pushed to a corner, runs past two sides
DARK_BOX_REACH = 2.0  # mm: hatchings up to 1.8 on tune8 over 10 mm boxes
# ...but a box whose strokes run one way (coherence at least ``ONE_WAY_FILL``) may be a
# dense fill drawn past its sides as dark as the pen's strokes (seed 32, an easy tech
# page: a zigzag fill 1.9 mm past one side, coherence 0.89, 0.97 of the pen, read hatched
# out, a silent error): it is asked. On the seed 8, 11, 13, 21 and 22 sets, 4 boxes
# hatched out and read so by this test ran one way (coherence 0.63-0.89); now asked.
# Nor a box whose tone is not even (past ``EVEN_TONE``, measured) and whose strokes lean
# one way past ``TWO_WAY``: two hints of one family of strokes, a fill's. Session 63, the
# boxes reaching this test on the 24 sets of seeds 719-742 (1,730 boxes, all levels):
# 3 fills read hatched out by it, each so (tone 1.9-2.6, coherence 0.51-0.59, 0.89-0.90
# of the pen: seed 736 #991 a review-wrong fuel track, 740 #1092, 731 #166), against one
# hatching (tone 3.0, coherence 0.56); now none is read hatched out by it: each is asked
# (filled solid), and the page's rules settled three of them (``bench read``).
# On noisy paper (``box_texture.QUIET_PAPER``), a box covered at least ``CROSSED_COVERAGE``,
# its strokes crossing with no direction (``hatch_crosses.CROSSED_WAYS``), past three
# sides within ``DARK_BOX_REACH``, is hatched out where it also reaches no farther than a
# hatching (``hatch_reach.box_reach_hatched``: 1.5 mm median a side, 1.8 mm its farthest
# columns, and those within ``NOISY_REACH_P90``) and its inside is on average ``DARK_BOX``
# of the pen's strokes or darker (``_PageHatching.hatched_box``). Session 73, every box
# read filled, covered 0.4 or more, on seeds 803, 805, 809, 811, 813 (every level), 804,
# 812, 814, 816 (hard) and 806, 807 (Cosmos): 79 hatchings (corrections) on noisy paper
# so crossed and reached, most asked before ("strokes crossing past its outline"), 53 of
# them meeting both tests; no mark in the class, and the fills nearest it (drawn too
# large on hard pages) failing two tests or three each: seed 809 #92 a Round Income box
# (coherence 0.22, 2.08 mm past its top, 0.77 of the pen), 816 #651 a Bonus box (0.25,
# 2.4 mm, 0.81); but 817 #992 (a set made after) its reach alone (``NOISY_REACH_P90``).
# A field covered and run past its outline, but lighter than the page's fills of its kind
# (mean darkness at most this times their median), is a fill drawn too large: its
# strokes parted as it grew. Marked ``striped`` (a fill; ``doubts`` does not ask). On
# tune8 hatchings are 0.96-1.32 (circles) and 1.17-2.3 (boxes) times the page's fills;
# fills run past their outline 0.57-1.09 (circles) and 0.58-1.24 (boxes).
LIGHTER_THAN_FILLS = 0.85
# ...but not a field that is circled or crossed out, never filled (a Frontier value:
# "circle the value you got; cross out the one you can no longer get"): covered and run
# past its circle, it is weighed as a hatching-out (``field_doubts``: "a fill, or hatched
# out?"; the Cosmos reader settles it marked where its pair is told apart). Session 79,
# 26 sets (seeds 843-889: 11 Cosmos, 6 every level, 9 hard): the Frontier values read
# filled, covered half or more and inked 0.6 or more to their square's corners, nothing
# asked, were 12 crosses, each beside its pair's circle, and 3 corrections scribbled out
# over the value beside an unmarked pair (c889 #198, #1223, h881 #1193), read as fills
# drawn too large, their values scored. Read again, the 182 pages of those sets holding
# a Frontier value this passed over (22,420 fields): those 3 wrong -> asked, nothing else.
NEVER_FILLED_KINDS = frozenset({"frontier_value"})
# A box covered whose strokes run one way (coherence at least ``ONE_WAY_FILL``, over its
# plain print) and whose inside is clearly lighter than the pen's own strokes (mean
# darkness at most ``LIGHT_FILL`` of them: paper shows between the strokes) was filled
# once: a hatching-out is two families of strokes, gone over twice. Marked
# ``fill_strokes`` (a fill; ``doubts`` does not ask, even past its outline or far inkier
# than the page's other marks). Measured (session 14) on the seed 8, 11, 13, 21 and 22
# sets, all levels: of 549 boxes hatched out, none so (the nearest: coherence 0.59 at
# 0.77 of the pen, 0.85 at 0.83); of the marks asked about as "hatched out?", 32 so.
ONE_WAY_FILL = 0.6
LIGHT_FILL = 0.72
FILL_STROKES_INK = 0.3  # looked at in boxes this inked (a fill, not a check mark)...
# ...and inked past their outline (``STRIPED_BEYOND``): the boxes ``doubts`` would ask about


def hatched_out(
    readings: list[FieldReading],
    fields: list[Field],
    masks: InkMasks,
    px_per_mm: float,
    solid_kinds: frozenset[str] = frozenset(),
) -> list[FieldReading]:
    """``readings`` with every box or circle hatched out read as empty (``hatched`` set),
    and every filled box striped one way, lighter than the hand's fills or inked past its
    outline only by its neighbour, marked as a fill (``striped`` set)."""
    from pnp.vision.field_boxes import _field_boxes
    from pnp.vision.ink_reach import side_reach
    from pnp.vision.page_marks import cross_ink, inner_fill_coverage

    by_id = {f.id: f for f in fields}
    crosses = cross_ink(readings, lambda i: k if (k := by_id[i].kind) in CROSSED_KINDS else None)
    fills = inner_fill_coverage(
        readings, lambda i: by_id[i].kind if by_id[i].shape == "circle" else None
    )

    candidates = _candidates(readings, fields, fills, solid_kinds)
    crossed = [
        n
        for n, (r, f) in enumerate(zip(readings, fields, strict=True))
        if f.kind in crosses and r.state != "empty" and r.base_ink >= CROSSED_MIN_INK
    ]
    filled_past = _filled_past(readings, fields, solid_kinds)
    covered = any(  # boxes that may be crossed two ways (``hatch_crosses.crossed_boxes``)
        f.shape == "rect" and r.state == "filled" and r.coverage >= FILL_COVERAGE
        for r, f in zip(readings, fields, strict=True)
    )
    if (not candidates and not crossed and not filled_past and not covered) or masks.seen is None:
        return readings
    page = _PageHatching(readings, fields, masks, px_per_mm, _field_boxes(fields, px_per_mm))
    out = list(readings)
    hatched = [
        n
        for n in crossed
        if crossed_out(
            readings[n],
            crosses[fields[n].kind],
            lambda n=n: side_reach(masks, fields[n], px_per_mm, base=True),
        )
    ]
    for n in candidates:
        if n in hatched:
            continue
        if fields[n].shape == "circle":
            if page.circle_hatched(n):
                hatched.append(n)
            continue
        verdict = page.box_verdict(n)
        if verdict == "hatched":
            hatched.append(n)
        elif verdict == "striped":
            out[n] = replace(readings[n], striped=True)
    for n in filled_past:
        if n not in hatched and page.filled_once(n):
            out[n] = replace(out[n], fill_strokes=True)
    for n in hatched:
        out[n] = replace(readings[n], state="empty", confidence=0.9, hatched=True)
    for n in crossed_boxes(out, fields, masks, page.one_way_of, px_per_mm, solid_kinds):
        out[n] = replace(out[n], crossed=True)
    for n in _lighter_fills(out, fields, masks, page.boxes.inside, page.fill_darkness):
        out[n] = replace(out[n], striped=True)
    return out


def _candidates(readings, fields, fills, solid_kinds) -> list[int]:
    """The fields ``hatched_out`` weighs one by one: the boxes filled, covered and inked
    past their outline (``STRIPED_COVERAGE``, ``STRIPED_BEYOND``), the circles filled
    dense for the page's fills of their kind (``page_fills.dense``), and the circles
    checked off by convention covered as a fill covers (``CHECKED_CIRCLE_KINDS``,
    ``page_fills.FILL_COVERAGE``): no fill of theirs sets how dense a hatching is."""
    return [
        n
        for n, (r, f) in enumerate(zip(readings, fields, strict=True))
        if r.state == "filled"
        and (
            (
                f.shape == "rect"
                and f.kind not in solid_kinds
                and r.coverage >= STRIPED_COVERAGE
                and r.beyond >= STRIPED_BEYOND
            )
            or (
                f.shape == "circle"
                and (
                    dense(r, fills.get(f.kind))
                    or (f.kind in CHECKED_CIRCLE_KINDS and r.coverage >= FILL_COVERAGE)
                )
            )
        )
    ]


def _filled_past(readings, fields, solid_kinds) -> list[int]:
    """The boxes filled past their outline, a fill or a hatching-out? (``ONE_WAY_FILL``)"""
    return [
        n
        for n, (r, f) in enumerate(zip(readings, fields, strict=True))
        if f.shape == "rect"
        and r.state == "filled"
        and f.kind not in solid_kinds
        and r.ink >= FILL_STROKES_INK
        and r.beyond >= STRIPED_BEYOND
    ]


class _PageHatching:
    """One page's readings as ``hatched_out`` weighs them, field by field, with the
    measures of the page it takes (the free paper, its fills' and its strokes' darkness,
    each field's ``coherence``) made when first needed, and once: several are costly."""

    def __init__(
        self,
        readings: list[FieldReading],
        fields: list[Field],
        masks: InkMasks,
        px_per_mm: float,
        boxes: _Boxes,
    ) -> None:
        self.readings = readings
        self.fields = fields
        self.masks = masks
        self.px_per_mm = px_per_mm
        self.boxes = boxes
        self.spills = {r.id: r.spill for r in readings if r.state == "filled"}  # ``overrun_sides``
        self.one_ways: dict[int, float | None] = {}  # field -> ``coherence``, measured once

    @cached_property
    def room(self) -> np.ndarray:
        """The free, readable paper round every field: made when first needed."""
        from pnp.vision.field_boxes import _free_of

        return cv2.min(_free_of(self.boxes.taken, self.masks.ink.shape), self.masks.readable)

    @cached_property
    def fill_darkness(self) -> dict[tuple[str, str], float]:
        """The darkness of the page's fills (``page_fills.fills_darkness``): likewise made
        when first needed."""
        return fills_darkness(self.readings, self.fields, self.masks, self.boxes.inside)

    @cached_property
    def strokes(self) -> StrokeDarkness:
        """The darkness of the hand's strokes (``page_marks``): when first needed."""
        from pnp.vision.page_marks import StrokeDarkness

        return StrokeDarkness(self.readings, self.masks, self.boxes.inside)

    def one_way_of(self, n: int) -> float | None:
        if n not in self.one_ways:
            self.one_ways[n] = coherence(self.masks, self.boxes.inside[n], self.px_per_mm)
        return self.one_ways[n]

    def dark_and_pen(self, n: int) -> tuple[float, float] | None:
        """The darkness of field ``n``'s inside and that of the pen's strokes over the
        page's other marks; None where either cannot be told."""
        pen = self.strokes.of_others(n)
        dark = darkness(self.masks, self.boxes.inside[n])
        return None if pen is None or dark is None else (dark, pen)

    def as_dark_as_strokes(self, n: int, least: float) -> bool:
        """Whether field ``n``'s inside is at least ``least`` times as dark as the pen's
        strokes, on quiet paper."""
        return quiet(self.masks, self.fields[n], self.px_per_mm) and self.inside_as_dark(n, least)

    def gone_over(self, n: int, reach) -> bool:
        """What still tells box ``n`` hatched out where its tone and stripes cannot (noisy
        paper) or its strokes lean one way (two ways drawn close together): its strokes'
        ends within ``NOISY_REACH_P90`` and its inside on average as dark as the pen's
        strokes (``DARK_BOX``: gone over twice)."""
        return ends_within(reach, NOISY_REACH_P90) and self.inside_as_dark(n, DARK_BOX)

    def inside_as_dark(self, n: int, least: float) -> bool:
        """Whether field ``n``'s inside is on average at least ``least`` times as dark as
        the pen's strokes, whatever the paper (a mean: grain evens out in it)."""
        measured = self.dark_and_pen(n)
        return measured is not None and measured[0] >= least * measured[1]

    def lighter_than_strokes(self, n: int, most: float) -> bool:
        """Whether field ``n``'s inside is at most ``most`` times as dark as the pen's."""
        measured = self.dark_and_pen(n)
        return measured is not None and measured[0] <= most * measured[1]

    def circle_hatched(self, n: int) -> bool:
        """Whether circle ``n``, filled dense, is hatched out: its square inked, and darker
        than the page's fills (``DARKER_THAN_FILLS``), as dark as the pen's strokes
        (``DARK_CIRCLE``) or checked off by convention (``CHECKED_CIRCLE_KINDS``)."""
        from pnp.vision.ink_reach import corner_shares, side_reach

        f, masks, px_per_mm = self.fields[n], self.masks, self.px_per_mm
        # the cheap measures first: most filled circles are fills, their corners clear
        if not square_inked(corner_shares(masks, f, px_per_mm)):
            return False
        reach = side_reach(masks, f, px_per_mm)
        if circle_reach_hatched(reach) and quiet(masks, f, px_per_mm) and self.darker_than_fills(n):
            return True
        return within(reach, DARK_CIRCLE_REACH) and (
            self.as_dark_as_strokes(n, DARK_CIRCLE)
            or (f.kind in CHECKED_CIRCLE_KINDS and self.checked_off(n))
        )

    def darker_than_fills(self, n: int) -> bool:
        """Whether field ``n``'s inside is darker than the page's fills of its kind
        (``DARKER_THAN_FILLS`` times their median)."""
        fill_darkness = self.fill_darkness
        dark = darkness(self.masks, self.boxes.inside[n])
        page = fills_for(fill_darkness, self.fields[n])
        return dark is not None and page is not None and dark >= DARKER_THAN_FILLS * page

    def checked_off(self, n: int) -> bool:
        """Whether circle ``n``, checked off by convention and covered to its square's
        corners, covers as a hatching does: not a cross, nor a fill of one family of
        strokes lighter than the pen's (``CHECKED_CIRCLE_KINDS``)."""
        if self.readings[n].coverage < FILL_COVERAGE:
            return False
        one_way = self.one_way_of(n)
        return (
            one_way is None
            or one_way < ONE_WAY_FILL
            or not self.lighter_than_strokes(n, LIGHT_FILL)
        )

    def box_verdict(self, n: int) -> Literal["hatched", "striped"] | None:
        """What box ``n``, filled past its outline, is: ``"hatched"`` (out), ``"striped"``
        (a fill: striped one way, or inked past one side only by its neighbour), or None
        (it keeps its reading)."""
        from pnp.vision.ink_reach import side_reach

        f, r, masks, px_per_mm = self.fields[n], self.readings[n], self.masks, self.px_per_mm
        seen = texture(masks, f, self.boxes.inside[n], px_per_mm)
        if seen is not None:
            tone, one_way = seen
            if tone >= STRIPED and one_way >= ONE_WAY:
                return "striped"
            if r.coverage >= HATCH_COVERAGE and r.beyond >= HATCH_BEYOND and tone <= EVEN_TONE:
                room = self.room
                overrun = overrun_sides(f, self.fields, self.spills)
                if fringed(f, masks, room, px_per_mm, overrun):
                    return None if self.lighter_than_strokes(n, EVEN_TONE_DARK) else "hatched"
        reach = side_reach(masks, f, px_per_mm) if r.coverage >= STRIPED_COVERAGE else None
        if (
            r.coverage >= BOX_COVERAGE
            and box_reach_hatched(reach)
            and self.covered_hatched(n, seen, reach)
        ):
            return "hatched"
        if r.coverage >= BOX_COVERAGE and self.crossed_hatched(n, reach):
            return "hatched"
        if f.kind not in CROSSED_KINDS and self.hatched_box(n, seen, reach):
            return "hatched"
        if (
            f.kind not in CROSSED_KINDS
            and runs_on_past_one_side(reach)
            and own_ink_centred(masks, f, self.boxes.inside[n], reach)
        ):
            return "striped"
        return None

    def covered_hatched(self, n: int, seen: tuple[float, float] | None, reach) -> bool:
        """Whether box ``n``, nearly covered and reached past as a hatching reaches, is
        hatched out: its strokes not one way (``TWO_WAY``) on quiet paper; or, on any
        paper, gone over (``gone_over``: as dark as the pen's strokes, their ends
        within ``NOISY_REACH_P90``) with strokes short of one family's (``_one_family``)."""
        one_way = self.one_way_of(n)
        if (
            one_way is not None
            and one_way <= TWO_WAY
            and quiet(self.masks, self.fields[n], self.px_per_mm)
        ):
            return True
        return (one_way is None or one_way < _one_family(seen)) and self.gone_over(n, reach)

    def crossed_hatched(self, n: int, reach) -> bool:
        """Whether box ``n``, nearly covered, on quiet paper, is crossed two ways
        (``CROSSED_WAYS``), its strokes overshooting its sides as ``crossed_boxes`` sees
        them (``overshot``) and their ends running on past none (``CROSSED_REACH_P90``):
        a fill inside its box leaves no ink past it, and one drawn too large runs one way."""
        return (
            crossed_two_ways(self.one_way_of(n))
            and overshot(reach)
            and ends_within(reach, CROSSED_REACH_P90)
            and quiet(self.masks, self.fields[n], self.px_per_mm)
        )

    def hatched_box(self, n: int, seen: tuple[float, float] | None, reach) -> bool:
        """Whether box ``n``, reached past three sides as a hatching reaches, is as dark
        as the pen's strokes (its tone not striped, its strokes not one way: a tone not
        even asks ``TWO_WAY`` of them) or crossed two ways (``CROSSED_WAYS``): on quiet
        paper, or on noisy paper reached no farther than a hatching and as dark as the
        pen's strokes (``DARK_BOX``)."""
        if past_sides(reach) < DARK_BOX_SIDES or not within(reach, DARK_BOX_REACH):
            return False
        r = self.readings[n]
        one_way = self.one_way_of(n)
        if (
            r.coverage >= DARK_BOX_COVERAGE
            and (seen is None or seen[0] < STRIPED)
            and (one_way is None or one_way < _one_family(seen))
            and self.as_dark_as_strokes(n, DARK_BOX)
        ):
            return True
        return (
            r.coverage >= CROSSED_COVERAGE
            and crossed_two_ways(one_way)
            and (
                quiet(self.masks, self.fields[n], self.px_per_mm)
                or (box_reach_hatched(reach) and self.gone_over(n, reach))
            )
        )

    def filled_once(self, n: int) -> bool:
        """Whether box ``n``'s strokes run one way (``ONE_WAY_FILL``) and its inside is
        clearly lighter than the pen's strokes (``LIGHT_FILL``): a fill."""
        return (
            (one_way := self.one_way_of(n)) is not None
            and one_way >= ONE_WAY_FILL
            and self.lighter_than_strokes(n, LIGHT_FILL)
        )


def _one_family(seen: tuple[float, float] | None) -> float:
    """The coherence from which a dark box's strokes are one family's, a fill's
    (``ONE_WAY_FILL``): ``TWO_WAY`` where its tone (``seen``: ``box_texture.texture``) is
    measured uneven, a lean and an uneven tone being two hints of a fill."""
    return TWO_WAY if seen is not None and seen[0] > EVEN_TONE else ONE_WAY_FILL


def _lighter_fills(readings, fields, masks: InkMasks, inside, page) -> list[int]:
    """The fields covered and run past their outline that are lighter than the page's
    fills of their kind (``LIGHTER_THAN_FILLS``): fills drawn too large."""
    out = []
    for n, (r, f) in enumerate(zip(readings, fields, strict=True)):
        if (
            r.state != "filled"
            or r.hatched
            or r.striped
            or f.kind in CROSSED_KINDS
            or f.kind in NEVER_FILLED_KINDS
            or r.coverage < FILL_COVERAGE
            or r.beyond < STRIPED_BEYOND
        ):
            continue
        median = fills_for(page, f)
        dark = darkness(masks, inside[n]) if median is not None else None
        if dark is not None and dark <= LIGHTER_THAN_FILLS * median:
            out.append(n)
    return out
