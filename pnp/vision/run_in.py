"""Settle a box whose little ink runs in across one side: its own mark, or the tail of a
neighbour's?

``field_doubts.doubts`` asks about a box lightly inked whose ink runs in across one side (the
band past that side well inked, the other sides clear): a neighbour's mark drawn past
its own box, or a mark of its own beside a neighbour's ink. A player tells them apart
at a glance by where the ink lies:

- **Its own mark.** A check mark is drawn about the box's centre: the part of the box
  away from that side (``FAR_SHARE`` of it) holds ink, at least ``OWN_INK``, and about
  as densely as the whole box (``OWN_SPREAD`` of its ink share): filled.
- **A neighbour's tail.** The ink stops short of the centre, nothing of it in the far
  part (at most ``TAIL_INK``), and the box beside that side is read filled (the mark
  it overran from): empty.

Anything between stays asked. And a box read filled and not asked about, whose ink lies
past one side (its band at least ``TAIL_SPILL`` inked, or ``TAIL_SPILL_ALONE`` with none
past the others) but whose far part holds no mark of its own (``_own_mark``: what
``settle_run_ins`` reads filled; until session 61, nothing at all there, ``TAIL_INK``),
beside a filled box, may be that box's tail too (seed 11, a hard tracker page: the tail
of an overrun read as a track box filled, its band 0.48 inked): it is asked about, not
settled, for a tick of its own squeezed against a side leaves the far part empty too
(seed 21, an easy Cosmos page: an Upgrade box ticked at its edge, 3.1% inked, beside a
filled box, which settling would have read empty). However much ink it holds: with its
far part clear that is at most the near part's share (seeds 21 and 22, a tech page and a
tracker page, normal: a fill's overrun 1-3 mm into the next box, 10.6% and 13.6% of it
inked, read filled with nothing asked on the page; on the seed 8, 11, 13, 21 and 22 sets
no other box read filled on 10-50% ink met these tests). A fill drawn on into the next
box may also ink past that box's other sides with its strokes' turns, its band past no
side reaching ``TAIL_SPILL``: where the box beside the side inked most is filled and its
own band past the side facing this box is inked at least ``OVERRUN_SPILL``
(``_overrun_into``: its ink ran out toward this box), the box is asked the same way
(seed 83, a normal tracker page: a fill's strokes 2 mm into the next track box, its
bands past top, bottom and left 0.20, 0.26 and 0.28 inked, read filled and not asked,
changing the score; on the 28 sets of session 26 it is the one box this asks about
more). (``OVERRUN_SPILL`` was ``TAIL_SPILL``, 0.3, until seed 126 #281, an easy tracker
page: a scribble's turn 1.5 mm into the next box, 3.6% of it, its band 0.275, the
scribble's own band toward it 0.278: read filled, not asked, changing the score. At 0.2,
on the 18 sets of session 36, it is asked, and one mark beside a filled box is asked
that was read right: a hard Cosmos page's Upgrade box.) Nor need the side inked most be
the filled box's, nor that box's own band be measured inked: a box whose ink crosses a
side beside a filled box (its band there at least ``TAIL_SPILL_ALONE``) and stops short
of the far part is asked the same way (``_against_filled``; seed 651 #76, a real-mode
tracker page: a zigzag fill run past its box on every side, its turns into the next box
and past that box's top and bottom, bands 0.17, 0.16 and 0.13 at the side beside the
fill, its own band toward it 0.18: read filled on 15% ink and not asked, the track
counted a box too far. On 21 sets (held-out 4242, seeds 45, 82, 88, 111, 112, 203, 204,
601-604, 611-614, 621, 622, 631, 651, 652: 6,300 photos) it asks 3 more boxes, all marks
squeezed against the side (two slashes, a tick), and that one.) A box first asked for
the paper's noise and then settled filled by the page's gap (``page_gap``) is tested the
same way once settled (``page_doubts.settled_doubts``; seed 681 #271, a grainy hard tracker
page: a zigzag fill's turns into the next Engines box, 7.8% of it, its band 0.40 inked
at the fill's side, as dark as the page's marks: settled filled and not asked, the track
a box long. Of 2,100 photos (held-out 4242, seeds 677-682) it asks that box and changes
nothing else.)

And an empty box inked just past two sides (``field_doubts.ACROSS``: a mark drawn across its
outline?) where the ink past one side lies against a box read filled and the others
hold little (at most ``TAIL_SIDES`` of their band) holds that neighbour's mark run on
into it, its stroke clipping a second side (``neighbours_tails``): read empty, not asked.
A mark across the outline inks two sides well, or lies beside no filled box. On the 21
photo sets (seeds 8, 11, 13, 21, 22, 31-46), all levels, 31 boxes were asked so: the 13
marks (ticks and a slash across the outline) all stay asked, and 13 of the 18 unmarked
boxes are settled (a filled neighbour's stroke run on into them).
Nor need the ink come from one neighbour: an empty box holding no ink at all (at most
``TAIL_INK`` of its inside) whose every side inked past ``TAIL_SIDES`` faces a player's
mark (read filled, or hatched out) holds those marks' tails (``_tails_only``): a Cosmos
Upgrade's "used" box, below the Upgrade's circle and beside the box before it, takes a
tick's overrun from above and a fill's from the left. A mark of its own drawn across its
outline inks inside it, or past a side no mark lies beside (below a row). On the
reader's dumps of 60 photo sets (seeds 827-897, all levels) 49 boxes were still asked so:
the 13 marks all stay asked (895 #147, a normal page: a tick across a round box's
corner, its two inked sides each beside a filled box, 0.85% of its inside inked), and 24
of the 36 unmarked are settled; read again, fresh sets 898 and 899 change one field, a
Cosmos Upgrade's "used" box asked -> right.

A box asked about as a faint mark (``field_doubts.FAINT``) whose little ink came in across one
side is settled the same way (``faint_tails``): the band past that side at least
``FAINT_TAIL_SPILL`` inked, no other past ``TAIL_SIDES``, nothing in the far part (at
most ``TAIL_INK``), and the box beside that side inked by the player (read filled, or
hatched out: a correction's scribble runs on too): empty. A faint mark of the player's
own lies about the box's centre, or in a box beside none. Session 27, the 34 photo sets
(the faint boxes asked about, where their ink lies recorded and joined with the truth):
of the 55 so, all were a neighbour's ink (12 easy, 7 normal, 14 real, 22 hard); the
nearest marks had bands of 0.034 and 0.029 (hard pages, a fill beside them).

Measured (session 14) on the seed 8, 11, 13, 21 and 22 photo sets, 22 boxes doubted
so, all levels: the 13 marked ones held 2.7-11% of their far part inked (0.59-1.1 of
their whole box's share), the 9 tails none at all.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.field_boxes import INSET_MM
from pnp.vision.fields import FieldReading

FAR_SHARE = 0.55  # the part of the inside measured, away from the side the ink runs in at
OWN_INK = 0.015  # its own mark: at least this share of the far part inked...
OWN_SPREAD = 0.4  # ...and at least this share of the whole inside's ink share
TAIL_INK = 0.002  # a tail: the far part at most this inked
NEIGHBOUR_MM = 3.0  # the box beside a side: its outline within this of the side
CONFIDENCE = 0.8
TAIL_SPILL = 0.3  # a box not asked about, its band past one side this inked: a tail?
OVERRUN_SPILL = 0.2  # ...or past the side facing a filled box inked this past its own
# ...or holding any ink at all, where the bands past its other sides hold none: a single
# stroke of a neighbour's mark run in across one side (seed 37, an easy tracker page: a
# tick's long arm into the next box, 3.6% of it, its band 0.12 inked; seed 44, a normal
# ship page: a cross's long stroke through the next space's corner, 0.9%, its band 0.045,
# read filled on that faint straight stroke). On the seed 8, 11, 13, 21, 22 and 31-38
# sets, of the boxes that would be asked with any band from 0.05, the 2 with nothing past
# their other sides were tails, the 6 marks (ticks and slashes drawn large) inked past two
# sides; on the 20 sets (seeds 8-44) no other box with a band of 0.01-0.05 alone was.
TAIL_SPILL_ALONE = 0.01
TAIL_SIDES = 0.15  # an empty box's other sides, past which a neighbour's tail inks this
FAINT_TAIL_SPILL = 0.1  # a faint box's band past the side its ink came in at (``faint_tails``)
# spill sides, in ``fields.read_fields`` order
TOP, BOTTOM, LEFT, RIGHT = range(4)


def settle_run_ins(
    readings: list[FieldReading],
    fields: list[Field],
    ink: np.ndarray,
    px_per_mm: float,
    doubted: set[str],
) -> list[FieldReading]:
    """The readings with the ``doubted`` boxes (doubted for ink run in across one side)
    settled where the ink's place says whose it is (``settled`` set): the player's mark
    beside it, filled or hatched out (a hatching overshoots its box: seed 803 #56, Life
    Support box 9 held the overshoot of box 8's hatching-out)."""
    if not doubted:
        return readings
    by_id = {f.id: f for f in fields}
    inked = _players_marks(readings)
    out = list(readings)
    for n, r in enumerate(readings):
        if r.id not in doubted:
            continue
        f = by_id[r.id]
        far, neighbour = _ink_place(r, f, fields, inked, ink, px_per_mm)
        if _own_mark(far, r):
            if not _tail_from_elsewhere(r, f, fields, inked, ink, px_per_mm):
                out[n] = replace(r, state="filled", confidence=CONFIDENCE, settled=True)
        elif far <= TAIL_INK and neighbour():
            out[n] = replace(r, state="empty", confidence=CONFIDENCE, settled=True)
    return out


def _tail_from_elsewhere(r: FieldReading, f: Field, fields, filled: set[str], ink, px_per_mm):
    """Whether box ``f``'s ink lies against another side than the one its band is inked
    most past: a side its band is inked past too (``TAIL_SPILL_ALONE``), a box in
    ``filled`` beside it, the part of ``f`` away from it clear (``TAIL_INK``): a tail from
    that neighbour, the band inked most by another's ink. (Seed 812 #471, a hard
    tracker page: Power 5 holds the tip of box 4's slash in its left corner, box 6's
    scribble inks the band on its right; the part away from the right held box 4's tail
    and was read Power 5's own mark, settled filled.)"""
    most = int(np.argmax(r.spill))
    for side, band in enumerate(r.spill):
        if side == most or band < TAIL_SPILL_ALONE:
            continue
        if far_ink(ink, f, side, px_per_mm) <= TAIL_INK and any(
            g.id in filled for g in beside(f, side, fields)
        ):
            return True
    return False


def tails(
    readings: list[FieldReading],
    fields: list[Field],
    ink: np.ndarray,
    px_per_mm: float,
    asked: set[str],
) -> set[str]:
    """The boxes to ask about as a neighbour's tail: read filled, not in ``asked``, their
    band past one side inked (``_past_one_side``), no mark of their own in their far part
    (``_own_mark``), and a filled box beside that side. (Seed 718 #1171, a hard tracker
    page: a fill drawn 2 mm on into the next Engines box, 12.8% of it, 0.56% of its far
    part: grain of the hard photo on the fill's strokes, past ``TAIL_INK``; read filled,
    not asked, the track a box long. Seed 820 #106, a normal tracker page: CPU Core box 5
    held box 4's fill run on into its left 30%, 8% of it, and the band past its right
    side, inked most (0.98), was box 6's hatching-out, read empty: measured from the
    right, box 4's tail lay in the far part; read filled, not asked, the track a box
    long. Such a box is now weighed from its other sides too, as ``settle_run_ins`` weighs
    a box asked about: ``_tail_from_elsewhere``.)"""
    by_id = {f.id: f for f in fields}
    spills = {r.id: r.spill for r in readings if r.state == "filled"}
    filled = set(spills)
    out = set()
    for r in readings:
        f = by_id[r.id]
        if r.state != "filled" or f.shape != "rect" or r.id in asked:
            continue
        if _past_one_side(r.spill) or _overrun_into(r, f, fields, spills):
            far, neighbour = _ink_place(r, f, fields, filled, ink, px_per_mm)
            if _own_mark(far, r):
                # measured from the side inked most, a tail from another side lies in
                # the far part as a mark of its own would (as ``settle_run_ins`` weighs it)
                if _tail_from_elsewhere(r, f, fields, filled, ink, px_per_mm):
                    out.add(r.id)
            elif neighbour():
                out.add(r.id)
        elif _against_filled(r, f, fields, filled, ink, px_per_mm):
            out.add(r.id)
    return out


def _against_filled(r: FieldReading, f: Field, fields, filled: set[str], ink, px_per_mm):
    """Whether box ``f``'s ink crosses a side (its band there ``TAIL_SPILL_ALONE`` inked or
    more) beside a box in ``filled`` and lies against that side alone, its far part clear
    (at most ``TAIL_INK``): a neighbour's fill drawn on into it, whatever side its strokes'
    turns ink most (``tails``)."""
    if len(r.spill) != 4:
        return False
    for side, spill in enumerate(r.spill):
        if (
            spill >= TAIL_SPILL_ALONE
            and any(g.id in filled for g in beside(f, side, fields))
            and far_ink(ink, f, side, px_per_mm) <= TAIL_INK
        ):
            return True
    return False


def neighbours_tails(
    readings: list[FieldReading], fields: list[Field], doubted: set[str]
) -> list[FieldReading]:
    """The readings with the empty boxes ``doubted`` for ink just past two sides settled
    empty where that ink is a neighbour's tail: past a side facing a box read filled, and
    no more than ``TAIL_SIDES`` past each other side (``_one_tail``); or, the box holding
    no ink, past sides each facing a player's mark (``_tails_only``)."""
    by_id = {f.id: f for f in fields}
    filled = {r.id for r in readings if r.state == "filled"}
    inked = _players_marks(readings)
    out = list(readings)
    for n, r in enumerate(readings):
        if r.id not in doubted or r.state != "empty":
            continue
        f = by_id[r.id]
        if _one_tail(r, f, fields, filled) or _tails_only(r, f, fields, inked):
            out[n] = replace(r, confidence=CONFIDENCE, settled=True)
    return out


def _one_tail(r: FieldReading, f: Field, fields: list[Field], filled: set[str]) -> bool:
    """Whether box ``f``'s ink lies past a side facing a box in ``filled``, no more than
    ``TAIL_SIDES`` past each other side."""
    for side, spill in enumerate(r.spill):
        others = [v for k, v in enumerate(r.spill) if k != side]
        if (
            spill > 0
            and max(others) <= TAIL_SIDES
            and any(g.id in filled for g in beside(f, side, fields))
        ):
            return True
    return False


def _tails_only(r: FieldReading, f: Field, fields: list[Field], inked: set[str]) -> bool:
    """Whether box ``f`` holds no ink (``TAIL_INK``) and each side its ink lies past
    (more than ``TAIL_SIDES``) faces a box in ``inked``: the tails of those boxes' marks."""
    past = [side for side, spill in enumerate(r.spill) if spill > TAIL_SIDES]
    return (
        r.ink <= TAIL_INK
        and bool(past)
        and all(any(g.id in inked for g in beside(f, side, fields)) for side in past)
    )


def faint_tails(
    readings: list[FieldReading],
    fields: list[Field],
    ink: np.ndarray,
    px_per_mm: float,
    doubted: set[str],
) -> list[FieldReading]:
    """The readings with the faint boxes ``doubted`` settled empty where their ink came in
    across one side from the player's mark beside it (``FAINT_TAIL_SPILL``)."""
    by_id = {f.id: f for f in fields}
    inked = _players_marks(readings)
    out = list(readings)
    for n, r in enumerate(readings):
        f = by_id[r.id]
        if r.id not in doubted or r.state != "doubtful" or f.shape != "rect" or len(r.spill) != 4:
            continue
        first, second, *_ = sorted(r.spill, reverse=True)  # the side inked most, the next
        if first < FAINT_TAIL_SPILL or second > TAIL_SIDES:
            continue
        far, neighbour = _ink_place(r, f, fields, inked, ink, px_per_mm)
        if far <= TAIL_INK and neighbour():
            out[n] = replace(r, state="empty", confidence=CONFIDENCE, settled=True)
    return out


def _players_marks(readings: list[FieldReading]) -> set[str]:
    """The boxes holding the player's mark, read filled or hatched out: whose ink may run
    on into the box beside (a fill drawn on, a hatching's overshoot)."""
    return {r.id for r in readings if r.state == "filled" or r.hatched}


def _own_mark(far: float, r: FieldReading) -> bool:
    """Whether box ``r``'s far part (inked ``far``: ``far_ink``) holds a mark of its own:
    at least ``OWN_INK`` inked, and ``OWN_SPREAD`` of the whole inside's share."""
    return far >= OWN_INK and far >= OWN_SPREAD * r.ink


def _past_one_side(spill: tuple[float, ...]) -> bool:
    """Whether a box's ink runs past one side as a neighbour's tail does: that side's band
    at least ``TAIL_SPILL`` inked, or ``TAIL_SPILL_ALONE`` with no ink past the others."""
    ranked = sorted(spill, reverse=True)
    if not ranked:
        return False
    alone = len(ranked) > 1 and all(v == 0.0 for v in ranked[1:])  # measured, and clear
    return ranked[0] >= TAIL_SPILL or (ranked[0] >= TAIL_SPILL_ALONE and alone)


def _overrun_into(r: FieldReading, f: Field, fields, spills: dict) -> bool:
    """Whether the side box ``f``'s ink runs past most faces a filled box whose own ink
    runs past its facing side (its band there at least ``OVERRUN_SPILL`` inked): that box's
    mark drawn on into this one, whatever else its strokes ink past ``f``'s other sides."""
    if not r.spill or max(r.spill) < TAIL_SPILL_ALONE:
        return False
    return overrun_toward(f, int(np.argmax(r.spill)), fields, spills)


def overrun_toward(f: Field, side: int, fields: list[Field], spills: dict) -> bool:
    """Whether a box beside ``side`` of box ``f`` is read filled (``spills``: id -> its
    ``spill``, the filled boxes') with its ink past its own side facing ``f`` (that
    band at least ``OVERRUN_SPILL`` inked): its mark drawn on toward ``f``."""
    facing = (BOTTOM, TOP, RIGHT, LEFT)[side]
    return any(
        len(spills.get(g.id, ())) == 4 and spills[g.id][facing] >= OVERRUN_SPILL
        for g in beside(f, side, fields)
    )


def _ink_place(r: FieldReading, f: Field, fields, filled: set[str], ink, px_per_mm: float):
    """For box ``f`` read ``r``: the share inked of its far part (away from the side its
    ink runs past most) and a test of whether the box beside that side is in ``filled``."""
    side = int(np.argmax(r.spill))
    far = far_ink(ink, f, side, px_per_mm)
    return far, lambda: any(g.id in filled for g in beside(f, side, fields))


def far_ink(ink: np.ndarray, f: Field, side: int, px_per_mm: float) -> float:
    """The share inked of the ``FAR_SHARE`` of box ``f``'s inside away from ``side``."""
    x0, y0 = f.x + INSET_MM, f.y + INSET_MM
    x1, y1 = f.x + f.w - INSET_MM, f.y + f.h - INSET_MM
    if side == TOP:
        y0 = y1 - FAR_SHARE * (y1 - y0)
    elif side == BOTTOM:
        y1 = y0 + FAR_SHARE * (y1 - y0)
    elif side == LEFT:
        x0 = x1 - FAR_SHARE * (x1 - x0)
    else:
        x1 = x0 + FAR_SHARE * (x1 - x0)
    s = px_per_mm
    part = ink[max(0, round(y0 * s)) : round(y1 * s), max(0, round(x0 * s)) : round(x1 * s)]
    return float(np.count_nonzero(part)) / part.size if part.size else 0.0


def beside(f: Field, side: int, fields: list[Field]) -> list[Field]:
    """The fields whose outline lies within ``NEIGHBOUR_MM`` past ``side`` of box ``f``,
    level with it."""
    x0, y0, x1, y1 = f.bounds
    out = []
    for g in fields:
        a0, b0, a1, b1 = g.bounds
        if g.id == f.id:
            continue
        across = min(x1, a1) > max(x0, a0)  # level with f, above or below
        along = min(y1, b1) > max(y0, b0)  # level with f, left or right
        if (
            (side == TOP and across and 0 <= y0 - b1 <= NEIGHBOUR_MM)
            or (side == BOTTOM and across and 0 <= b0 - y1 <= NEIGHBOUR_MM)
            or (side == LEFT and along and 0 <= x0 - a1 <= NEIGHBOUR_MM)
            or (side == RIGHT and along and 0 <= a0 - x1 <= NEIGHBOUR_MM)
        ):
            out.append(g)
    return out
