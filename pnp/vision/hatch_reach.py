"""Where a box's or a circle's ink past its outline lies as a hatching's does, for the
hatching reader (``pnp.vision.hatching``), on the measures of ``ink_reach``: a thin fringe
past two sides or more and nothing farther out (``fringed``), not counting the sides a
neighbour's fill runs on toward (``overrun_sides``); a box reached past its sides as a
hatching reaches (``box_reach_hatched``, ``past_sides``, ``ends_past``, ``within``); a
circle's square inked to its corners and reached no farther (``square_inked``,
``circle_reach_hatched``); and ink run on past one side only, the box's own ink about its
centre: a neighbour's mark beside a fill (``runs_on_past_one_side``, ``own_ink_centred``).
"""

from __future__ import annotations

from pnp.sheetmap import Field
from pnp.vision.box_texture import px_box
from pnp.vision.ink import InkMasks

# Fringe: the band 0.35-1.0 mm past a side counts as overshot when this share is inked;
# at least ``FRINGE_SIDES`` sides overshot, and no side inked past ``OUTER_MM``.
FRINGE_IN_MM = 0.35
FRINGE_OUT_MM = 1.0
FRINGE_SHARE = 0.3
FRINGE_SIDES = 2
OUTER_MM = (1.25, 2.15)
OUTER_SHARE = 0.5
# A box hatched out has ink past at least ``BOX_SIDES`` sides by ``BOX_REACH[0]`` (median
# over the side), none by more than ``BOX_REACH[1]`` (median) or ``BOX_REACH_P90`` (90th
# percentile): hatchings reach 0.3-1.3 mm (at most 1.76), fills drawn 1-3 mm too large
# farther, and a neighbour's overrun comes from one side.
BOX_SIDES = 2
BOX_REACH = (0.3, 1.5)
BOX_REACH_P90 = 1.8
# A circle hatched out (its inside covered: ``page_fills.CIRCLE_COVERAGE``): every corner
# of its square inked at least ``CORNER_MIN`` and on average ``CORNER_MEAN`` (fills drawn
# too large on easy/normal pages: one corner 0.32-0.44), no side reached past
# ``CIRCLE_REACH`` mm (hatchings at most 1.44, most under 1.0; blurred discs 1.28-1.6).
CORNER_MIN = 0.45
CORNER_MEAN = 0.75
CIRCLE_REACH = 1.2
# A box covered whose ink past the outline lies past one side only and runs on at least
# ``RUN_ON_MM`` (median over the side: the walk ends at 3.0) holds a mark of its own with
# the next box's ink beside it: a hatching runs past two sides or more, and no farther
# than 1.8 mm (tune8 and val11: no hatched box past one side only by more than 1.0 mm;
# fills with a neighbour's overrun beside them 2.1-3.0). Its own ink lies about its
# centre, at least ``OWN_HALF`` of it in the half away from that side (a neighbour's
# overrun inks the near half). Marked ``striped`` (a fill; ``doubts`` does not ask).
RUN_ON_MM = 2.0
OWN_HALF = 0.3


def _side_bands(f: Field, a: float, b: float) -> list[tuple[float, float, float, float]]:
    """Bands from ``a`` to ``b`` mm past each side of a rectangular field (mm)."""
    x0, y0, x1, y1 = f.bounds
    return [
        (x0, y0 - b, x1, y0 - a),
        (x0, y1 + a, x1, y1 + b),
        (x0 - b, y0, x0 - a, y1),
        (x1 + a, y0, x1 + b, y1),
    ]


def _shares(ink, room, bands, px_per_mm) -> list[float]:
    """Inked share of the room in each band (-1: no room to see)."""
    out = []
    for band in bands:
        x0, y0, x1, y1 = px_box(band, px_per_mm, ink.shape)
        if x1 <= x0 or y1 <= y0:
            out.append(-1.0)
            continue
        r = room[y0:y1, x0:x1]
        n = int(r.sum())
        out.append(float((ink[y0:y1, x0:x1] & r).sum()) / n if n >= 6 else -1.0)
    return out


def fringed(
    f: Field, masks: InkMasks, room, px_per_mm: float, overrun: frozenset[int] = frozenset()
) -> bool:
    """A thin fringe past two sides of an evenly toned box, nothing farther out; a side
    in ``overrun`` (``overrun_sides``) is no side of the box's own fringe."""
    fringe = _shares(masks.ink, room, _side_bands(f, FRINGE_IN_MM, FRINGE_OUT_MM), px_per_mm)
    outer = _shares(masks.ink, room, _side_bands(f, *OUTER_MM), px_per_mm)
    own = [v for side, v in enumerate(fringe) if side not in overrun]
    if sum(v >= FRINGE_SHARE for v in own) < FRINGE_SIDES:
        return False
    return max(outer) <= OUTER_SHARE


def overrun_sides(f: Field, fields: list[Field], spills: dict) -> frozenset[int]:
    """The sides of box ``f`` (``run_in``'s order) facing a filled box whose ink runs on
    toward it (``run_in.overrun_toward``; ``spills``: the filled boxes' ``spill``): ink
    past such a side may be that mark's. (Seed 605 of ``python -m pnp.bench multi``, an
    easy tech page: a Cleanup box filled, its neighbour's fill drawn on over its top and
    left; its even tone and that fringe read it hatched out, unasked, a phase short.)"""
    from pnp.vision.run_in import overrun_toward

    return frozenset(side for side in range(4) if overrun_toward(f, side, fields, spills))


def box_reach_hatched(reach) -> bool:
    """Whether ink reaches past a box's sides as a hatching does (``ink_reach.side_reach``):
    past ``BOX_SIDES`` sides at least, and no farther than a hatching reaches."""
    if reach is None:
        return False
    past = sum(median >= BOX_REACH[0] for median, _ in reach)
    farthest = max(median for median, _ in reach)
    far_columns = max(p90 for _, p90 in reach)
    return past >= BOX_SIDES and farthest <= BOX_REACH[1] and far_columns <= BOX_REACH_P90


def ends_within(reach, mm: float) -> bool:
    """Whether no side's farthest columns of ink (their 90th percentile) reach past it
    farther than ``mm``."""
    return reach is not None and max(p90 for _, p90 in reach) <= mm


def past_sides(reach) -> int:
    """How many sides ink reaches past by ``BOX_REACH[0]`` (median), 0 without a reach."""
    return 0 if reach is None else sum(median >= BOX_REACH[0] for median, _ in reach)


def within(reach, mm: float) -> bool:
    """Whether no side is reached past farther than ``mm`` (median over the side)."""
    return reach is not None and max(median for median, _ in reach) <= mm


def ends_past(reach) -> int:
    """How many sides the farthest columns of ink reach past (``BOX_REACH[0]``, their 90th
    percentile), 0 without a reach: a hatching's strokes overshoot at their ends."""
    return 0 if reach is None else sum(p90 >= BOX_REACH[0] for _, p90 in reach)


def runs_on_past_one_side(reach) -> bool:
    """Whether the ink past a box's outline lies past one side only and runs on from it
    (``RUN_ON_MM``): ink of the box next door, not a hatching's fringe."""
    if reach is None or past_sides(reach) != 1:
        return False
    return max(median for median, _ in reach) >= RUN_ON_MM


def own_ink_centred(masks: InkMasks, f: Field, inside, reach) -> bool:
    """Whether at least ``OWN_HALF`` of the box's ink lies in the half of it away from the
    one side its ink runs past: a mark of its own, not a neighbour's ink run in."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in inside)
    ink = masks.ink[y0:y1, x0:x1] > 0
    total = int(ink.sum())
    if total == 0:
        return False
    side = max(range(4), key=lambda k: reach[k][0])  # top, bottom, left, right
    h, w = ink.shape
    away = (ink[h // 2 :], ink[: h // 2], ink[:, w // 2 :], ink[:, : w // 2])[side]
    return int(away.sum()) >= OWN_HALF * total


def square_inked(corners) -> bool:
    """Whether every corner of a circle's square is inked as a hatching over the square
    inks them (``ink_reach.corner_shares``)."""
    if corners is None:
        return False
    return min(corners) >= CORNER_MIN and sum(corners) / len(corners) >= CORNER_MEAN


def circle_reach_hatched(reach) -> bool:
    """Whether no side of a circle's square is reached past farther than a hatching."""
    return reach is not None and max(median for median, _ in reach) <= CIRCLE_REACH
