"""Circled or crossed out: what tells a loop drawn round a printed value from a cross.

A Distant Suns Frontier prints two values; the player circles the one taken and
crosses out the other (the rule printed on the sheet). The Cosmos reader
(``pnp.vision.distant_suns``) crops the ink round each value; here are the measures
that tell the two marks apart and the leads each needs: the longest unbroken arc of
ink round the value, how much the ink gathers at four arms, and how much its edges
face the value's middle.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

# Less ink than this (mm2) round a value is no mark: specks (set with the first Cosmos
# reader, 4445e3f; no measurement of it is recorded)
MIN_MARK_AREA_MM2 = 0.6
# Ink over more than this share of the value's circle is a solid blot, neither loop nor
# cross (set with the first Cosmos reader too, unmeasured)
SOLID_BLOT_SHARE = 0.6
RING_COVERAGE = 0.56  # a circled value has ink all round its outer ring (24 sectors)
CROSS_COVERAGE = 0.5  # a crossed one only along its four arms
# Of a Frontier's two values both marked, one is circled and the other crossed (the
# rule printed on the sheet). The circle is the one whose ink runs further round it in
# one unbroken arc (sectors of 24 holding ink beyond ``ARC_INNER`` of its radius: a
# loop drawn small or left open still runs round; a cross shows four short arms), when
# it leads the other by ``ARC_LEAD`` sectors. Tuned on the seed 8 and 11 photo sets (120
# Cosmos pages, 719 pairs of a circle and a cross): the circle led in every pair, by 5
# sectors or more in 707. The ring coverage used before (its sectors inked beyond half
# the radius) took a small loop for a cross: 57 pairs asked and 1 read wrong, now 9
# asked and none wrong.
ARC_INNER = 0.4
ARC_LEAD = 5
# Where their arcs are too close to tell (a loop drawn tight, half hidden by the printed
# value), the cross is the one whose ink in that ring gathers at four arms a quarter
# turn apart: the fourth harmonic of its ink's angles round the value (1 for four thin
# arms at right angles, 0 for ink spread evenly round), when it leads the other's by
# ``FOUR_ARMS_LEAD``; else the pair is asked. Measured on the Cosmos states against the
# truth's circled side, the seed 8, 11, 13, 21, 22 and 31-33 sets (600 Cosmos pages) and
# the fresh seed 34-46 sets (975): of the 72 Frontiers asked "circled or crossed out?"
# before, this decides 57, all right. It replaces taking the one value read circled by
# its ring's coverage when its arc was no shorter: of its 28 decisions on those sets 4
# were wrong (2 on pages asked about nothing else), and 2 right ones are now asked. The
# one Frontier still read wrong, its arcs 7 apart, is a real-mode page's.
FOUR_ARMS_LEAD = 0.2
# Where neither tells, the circle is the one whose ink's edges face its middle: a loop
# runs round the value, so its edges face the middle, while a cross's arms point at the
# middle and their edges face sideways (``runs_round``, over ``ROUND_SPAN`` of the
# value's radius: out to where a cross's arms still reach), when it leads the other's by
# ``ROUND_LEAD``. Measured on the 21 sets' 7,530 pairs of a circle and a cross (seeds 8
# and 11 for the lead: their 718 pairs' circle led by 0.048 or more): the circle led by
# -0.024 or more, and by 0.1 or more in all but 39; of the 18 pairs the tests before
# leave unclear, it decides 16, all right.
ROUND_SPAN = (0.3, 1.6)
ROUND_REACH_MM = 2.0  # the ink looked at for it runs this far past the value's circle
ROUND_LEAD = 0.1
# Where two of the three tell, and tell different values, the pair is asked. A big cross
# whose arms reach the other value, beside a loop drawn tight, may give the cross the
# longer arc (its arms and the loop's near side in its ring) while the arms and the edges
# say otherwise. Of the 12,176 pairs on the 1,438 Cosmos pages of the 24 photo sets and
# 600 fresh ones (seeds 71, 72), the measures disagreed on 5, and the arc was wrong on
# all 5 (3 of them pages that asked nothing else, their scores wrong: an easy, a hard
# and a real-mode page); on no pair read right did they disagree.
#
# Nor is a pair told by the arc alone where the other two both lean the other way, each
# short of its lead (``outvoted``): a loop drawn small beside a big cross whose arms fill
# more of their ring. On the 2,880 Cosmos pages of 48 photo sets (seeds 719-766; 11,450
# pairs of a circle and a cross told apart) the arc alone told 42 pairs: of the 3 whose
# arms and edges both leaned the other way all 3 were read wrong (hard pages, h746 #313
# review-wrong once its other questions are answered), of the 39 others 1. (A single
# other measure telling against both leanings was right both times: only the arc.)
# Nor by the arms alone where the arc and the edges both lean the other way: seed 856
# #148 (``python -m pnp.bench photos --n 1500 --sheet cosmos --seed 856``, a normal
# page), a loop drawn tight round "15", the print hiding all of it but four short
# pieces (its arc 3 sectors, its arms 0.76), beside a faint cross (arc 2, arms 0.37):
# the arms took the cross, the edges leaning to the loop by 0.07, the arc by 1; the
# score wrong, nothing asked. Of the 9,299 pairs of a circle and a cross told apart on
# 10 photo sets (seeds 827, 829-835, 843, 856), the arms alone told 12: in the 11 right
# the edges leaned their way (by 0.04-0.10); the one wrong is 856 #148. The edges alone
# told 27, all right, 3 with both others leaning the other way: the edges are consulted
# only where the arc and the arms are too close to tell, and their leanings are then noise.
# Nor by the arms alone against the edges where the arc is even (no leaning of its own):
# seed 876 #833 (``--seed 876``), a hard page in a shadow: the loop round "10" read by the
# arms as the cross (lead 0.22), the edges leaning to it by 0.094, both arcs 2 sectors;
# the score wrong once the page's questions were answered. The Frontier pairs of 16 photo
# sets logged (827, 829-835, 843, 856, 860, 863, 866, 869, 872, 876; 20,106 pairs of a
# circle and a cross): the arms alone told 30, the edges against them in 6: 4 wrong (the
# arc even in 876 #833, against in the 3 others, asked already), 2 right (the arc with
# them in c876 #93, decided; against in c866 #73, asked already). This asks 876 #833 alone.
# Nor by the arc alone leading by less than ``SHORT_ARC_LEAD`` where either other
# measure leans the other way: seed 901 #1333 (``python -m pnp.bench photos --n 1500
# --sheet cosmos --seed 901``), a hard page on grainy paper, both values inked all round
# (the cross's ring filled in by the grain), the arc taking the cross by 6 sectors, the
# arms leaning to the loop by 0.07; the score wrong once the page's questions were
# answered. Of the 20,160 Frontier pairs logged on 16 photo sets (seeds 827-876) the arc
# alone told 29: of the 7 leading by under 10 sectors, the 6 with both other measures
# leaning their way were right, the one with the edges against (by 0.001: s829 #233)
# wrong; the 5 leading by 12 or more with one against were right. Read again, seeds 899
# and 901 (600 Cosmos pages) change two pairs: 901 #1333 wrong -> asked, 901 #13 right ->
# asked (the arc by 7, the arms with it, the edges against by under 0.001).
SHORT_ARC_LEAD = 2 * ARC_LEAD


def sectors(angle: np.ndarray, count: int = 24) -> np.ndarray:
    """Which of ``count`` equal sectors round a point hold ink (2 pixels or more), from
    the angles (radians, -pi..pi) of its inked pixels."""
    bins = np.bincount(
        ((angle + math.pi) / (2 * math.pi) * count).astype(int) % count, minlength=count
    )
    return bins >= 2


def four_arms(angle: np.ndarray) -> float:
    """How much ink gathers at four arms a quarter turn apart round a point, from the
    angles (radians) of its inked pixels: the fourth circular harmonic's strength, 1 for
    four thin arms at right angles, near 0 for ink spread evenly round (or none)."""
    if not len(angle):
        return 0.0
    return float(np.hypot(np.cos(4 * angle).sum(), np.sin(4 * angle).sum()) / len(angle))


def runs_round(ink: np.ndarray, cx: float, cy: float, r: float) -> float:
    """How much the edges of the ink in ``ink`` face the point (cx, cy) (pixels), over
    ``ROUND_SPAN`` of the radius ``r`` (pixels) round it: the mean of |cos| of the angle
    between each edge's normal and the way to the point, weighted by the edge's
    strength. 1 for a ring round the point, 0 for straight arms pointing at it."""
    m = cv2.GaussianBlur(ink.astype(np.float32), (0, 0), 1.0)
    gx, gy = cv2.Sobel(m, cv2.CV_32F, 1, 0), cv2.Sobel(m, cv2.CV_32F, 0, 1)
    strength = np.hypot(gx, gy)
    # a column and a row of offsets, broadcast: the same values as full grids
    dy = np.arange(m.shape[0])[:, None] - cy
    dx = np.arange(m.shape[1])[None, :] - cx
    away = np.hypot(dx, dy)
    d = away / r
    edge = (strength > 0.05) & (d > ROUND_SPAN[0]) & (d < ROUND_SPAN[1])
    if not edge.any():
        return 0.0
    weight = strength[edge]
    # |cos| between the gradient (gx, gy) and the way out (dx, dy)
    cos = np.abs(gx * dx + gy * dy)[edge] / (weight * away[edge])
    return float((cos * weight).sum() / weight.sum())


def longest_run(on: np.ndarray) -> int:
    """The most consecutive True sectors, round the circle."""
    if on.all():
        return len(on)
    best = run = 0
    for v in np.concatenate([on, on]):
        run = run + 1 if v else 0
        best = max(best, run)
    return best


def value_mark(ink: np.ndarray, r: float, px: float) -> tuple[str, int, float]:
    """'circle', 'cross', 'none', 'solid' or 'unclear' for the ink of a value (cropped to
    its circle of radius ``r`` mm at ``px`` px/mm, specks dropped); the longest unbroken
    arc of its 24 sectors holding ink beyond ``ARC_INNER`` of the radius; and how much
    that ink gathers at four arms (``four_arms``). (Its ring's coverage alone does not
    tell the two apart: ``votes``.)"""
    area = float(ink.sum()) / px**2
    if area < MIN_MARK_AREA_MM2:
        return "none", 0, 0.0
    inked = ink.sum()
    ys, xs = np.nonzero(ink)
    c = (ink.shape[0] - 1) / 2
    # the printed value hides the middle: look at the outer ring only, where a
    # loop passes at every angle and a cross only along its four arms
    d, angle = np.hypot(ys - c, xs - c), np.arctan2(ys - c, xs - c)
    coverage = float(sectors(angle[d > 0.5 * r * px]).mean())
    ring = angle[d > ARC_INNER * r * px]
    arc, arms = longest_run(sectors(ring)), four_arms(ring)
    share = inked / max(1.0, math.pi * (r * px) ** 2)
    if share > SOLID_BLOT_SHARE:
        return "solid", arc, arms
    if coverage >= RING_COVERAGE:
        return "circle", arc, arms
    if coverage <= CROSS_COVERAGE:
        return "cross", arc, arms
    return "unclear", arc, arms


def votes(arc: dict[str, int], arms: dict[str, float], facing: dict[str, float]) -> dict[str, str]:
    """Which value ("high" or "low") each measure that tells takes for the circled one,
    in the order they are trusted: "arc" (``ARC_LEAD``), "arms" (``FOUR_ARMS_LEAD``: the
    one whose ink gathers less at four arms), "facing" (``ROUND_LEAD``: ``runs_round``),
    each present only where its lead is enough."""
    needed = {"arc": ARC_LEAD, "arms": FOUR_ARMS_LEAD, "facing": ROUND_LEAD}
    return {
        m: _side(lead) for m, lead in _leads(arc, arms, facing).items() if abs(lead) >= needed[m]
    }


def outvoted(arc: dict[str, int], arms: dict[str, float], facing: dict[str, float]) -> bool:
    """Whether the arc alone tells (``votes``) and the other two both lean the other
    way, however little (one of them, where the arc leads by less than
    ``SHORT_ARC_LEAD``), or the arms alone tell, the edges leaning the other way and the
    arc not theirs (against, or even: seed 876 #833): the pair is then asked. (The edges
    alone tell where the other two are too close to: their leanings say nothing.)"""
    told = votes(arc, arms, facing)
    if len(told) != 1 or "facing" in told:
        return False
    ((measure, top),) = told.items()
    other = "low" if top == "high" else "high"
    leads = _leads(arc, arms, facing)
    if measure == "arms":
        return _side(leads["facing"]) == other and _side(leads["arc"]) != top
    against = [_side(leads[m]) == other for m in ("arms", "facing")]
    return all(against) or (any(against) and abs(leads["arc"]) < SHORT_ARC_LEAD)


def _leads(
    arc: dict[str, int], arms: dict[str, float], facing: dict[str, float]
) -> dict[str, float]:
    """How far each measure leans to the high value being the circled one (negative: to
    the low): its arc longer, its ink gathering less at four arms, its edges facing its
    middle more."""
    return {
        "arc": arc["high"] - arc["low"],
        "arms": arms["low"] - arms["high"],
        "facing": facing["high"] - facing["low"],
    }


def _side(lead: float) -> str | None:
    """The value a lead leans to: "high", "low", or None when even."""
    return "high" if lead > 0 else "low" if lead < 0 else None
