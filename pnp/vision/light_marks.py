"""A light mark on a quiet page: pen-wide strokes where the page's empty fields show none.

The reader calls a field empty when its ink at the raised step is slight and its ink at
the base step is under ``field_doubts.RAISED_BASE_INK``: on a grainy page the base step inks the
paper's grain and the fringes of printed symbols as much. But where the other empty
fields of its kind on the page hold no base-step ink at all, a field whose base-step ink
lies in strokes a pen's width wide is a light mark a person sees at once, not grain:
asked, never settled by the page's gap or the noise model (it was never doubted for
them).

Seed 687 #75 (``python -m pnp.bench photos --n 300 --seed 687``), a real-mode ship page
at 3.2 px/mm in pencil at 0.6 opacity: spaces D4 and G5, each crossed, read empty with
nothing asked (0.34% inked at the raised step, 7.0% and 6.9% at the base step, 0.98 of it
pen-wide), while every unmarked space on the page held 0.000: the score wrong once the
page's one question was answered. ``python -m pnp.bench read`` on 12 sets (held-out 4242,
seeds 679, 682, 683, 685, 687, hard 677, 678, 681, 684, 686, 688: 3,600 photos), field by
field against the code before: those two asked, 7 unmarked fields more asked on 7 hard
pages (6 bubbles, a round circle), no easy, normal or real-mode page changed but #75; 3
fields the noise model had kept asked as their page's one question now read right
unasked (their page asking this instead), and one it had left asked (a noisy track box
beside one asked so, the page's share in doubt being one of the model's measures).
Without ``INSIDE_BEYOND`` the rule asked 33 more, every one a neighbour's fill run over
into the field, on easy and normal pages too.

A light pencil slash in a plain box is thinner in places than a pen's width at the base
step, so a box asks less of it (``PEN_WIDE_BOX``) than a circle, whose printed digit
leaves pen-wide slivers, or a Cosmos hex, whose art is printed inside.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from pnp.vision.fields import FieldReading

QUIET_EMPTIES = 0.01  # the 90th percentile of the kind's other empty fields' base ink...
MIN_EMPTIES = 5  # ...of at least this many
LIGHT_BASE = 0.05  # the field's base-step ink at least this...
PEN_WIDE = 0.9  # ...this share of it in strokes a pen's width wide (``thick_base``)...
# ...or, in a plain box (not a circle: a bubble's printed digit leaves pen-wide slivers at
# the base step; nor a Cosmos hex, its art printed inside), this share. Fresh seed 707
# #247, a normal tech page: Ability G4 slashed in light pencil across a shadow's edge,
# 0% inked at the raised step, 7.8% at the base, 0.79 of it pen-wide (0.74 saved again
# at JPEG 80, 0.64 halved too), every other Ability box on the page 0.000: read empty
# unasked. Field by field on 32 sets (held-out 4242, seeds 677-708 but 680: 9,600
# photos), against 0.9 for every field: 2 marks wrong unasked -> asked (that slash;
# hard 684 #432's Ability g3), 27 unmarked boxes right -> asked, all on hard pages, 7
# asked -> right (a page's one question moved). At 0.75 (hexes too) 8 right -> asked
# and 1 wrong -> asked, but the slash saved again at JPEG 80 was missed.
PEN_WIDE_BOX = 0.6
PRINTED_INSIDE = frozenset({"hex"})  # boxes with printed art inside: as circles
# ...and no more than this share of the band past its outline inked: a light mark of its
# own lies inside; a neighbour's fill run over into it (a Solo bubble's, most often)
# crosses the outline (the 32 such bubbles and a track box these limits picked on the 12
# sets: 0.074-0.544)
INSIDE_BEYOND = 0.05
# Several light marks on one page make it look grainy to each other: a few of them (at
# most ``FEW_LIGHT`` of the kind's empty-read fields) are asked all the same where every
# other empty field of the kind holds no more than ``QUIET_EMPTIES``. Fresh seed 743 #255,
# a real-mode ship page in light pencil: spaces D7, F7, G7 and E8 crossed, 6.4-8.4% at the
# base step, pen-wide, 4 of the page's 27 empty-read spaces, the other 23 at 0.000: read
# empty unasked. On the 1,967 pages of seeds 719-746 with two such fields of a kind or
# more (all hard but that one), without ``FEW_LIGHT`` and with the others' 90th percentile
# for their maximum, 55 unmarked fields on 13 hard pages were asked (grain in pen-wide
# specks, 2-16 fields of a page); with both, one of them: 2 Ability boxes of 724 #1112.
FEW_LIGHT = 0.25
# A circle's printed digit leaves pen-wide slivers at the base step where the print lines
# up loosely (``PEN_WIDE``); where every other empty field of its kind on the page holds
# no more than ``QUIET_EMPTIES`` (the print subtracted cleanly all round), a circle whose
# base-step ink is half pen-wide or more is asked too. Fresh seed 771 #56, a real-mode
# tracker: Yellow round 6 slashed in light pencil, 0% inked at the raised step, 6.1% at
# the base, 0.57 of it pen-wide, the page's 22 other empty round circles at 0.000: read
# empty unasked. On 36 sets (seeds 739-774, every level and hard; ``light_marks`` as
# read, no checks), the circles so clean-paged, 0.05 of base-step ink or more and inside
# their outline, that ``PEN_WIDE`` left unasked: 2 marks (that slash; hard 760 #651's Red
# round 3, a tick, 0.499 pen-wide: still unasked) and 7 unmarked circles, all on hard
# pages, 3 of them 0.56-0.82 pen-wide (asked now), 4 at 0.0-0.45.
SPOTLESS_PEN_WIDE = 0.5


def light_marks(
    readings: list[FieldReading],
    kinds: dict[str, str],
    asked: set[str],
    shapes: dict[str, str] | None = None,
) -> list[FieldReading]:
    """The readings of fields read empty, not in ``asked`` nor read hatched out, that hold
    a light mark on a quiet page (the module's rule); ``shapes`` (field id -> "rect" or
    "circle") tells the plain boxes (``PEN_WIDE_BOX``)."""
    shapes = shapes or {}
    empty = defaultdict(list)
    for r in readings:
        if r.state == "empty" and r.id not in asked and not r.hatched:
            empty[kinds[r.id]].append(r)

    def strokes(r: FieldReading, pen_wide: float) -> bool:
        """Base-step ink enough for a mark, ``pen_wide`` of it or more a pen's width,
        inside the outline."""
        return (
            r.base_ink >= LIGHT_BASE
            and r.thick_base >= pen_wide * r.base_ink
            and r.beyond <= INSIDE_BEYOND
        )

    def light(r: FieldReading) -> bool:
        plain_box = shapes.get(r.id) == "rect" and kinds[r.id] not in PRINTED_INSIDE
        return strokes(r, PEN_WIDE_BOX if plain_box else PEN_WIDE)

    def spotless(r: FieldReading) -> bool:
        """A circle (no Cosmos hex: its art is printed inside) holding light strokes
        ``SPOTLESS_PEN_WIDE`` pen-wide."""
        circle = shapes.get(r.id) == "circle" and kinds[r.id] not in PRINTED_INSIDE
        return circle and strokes(r, SPOTLESS_PEN_WIDE)

    out = []
    for group in empty.values():
        if len(group) <= MIN_EMPTIES:
            continue
        base = np.array([r.base_ink for r in group])
        marks = [light(r) for r in group]
        clean = base[~np.array(marks)]
        # a few light marks on a page whose other empty fields of the kind are all clean
        few_on_clean = (
            sum(marks) <= FEW_LIGHT * len(group)
            and len(clean) >= MIN_EMPTIES
            and clean.max() <= QUIET_EMPTIES
        )
        for n, r in enumerate(group):
            others = np.delete(base, n)
            if marks[n] and (few_on_clean or np.percentile(others, 90) <= QUIET_EMPTIES):
                out.append(r)
            elif not marks[n] and spotless(r) and others.max() <= QUIET_EMPTIES:
                out.append(r)
    return out
