"""Boxes of which one alone may be checked: a correction, or faint ink, beside a clean
mark, settled.

A Stellar Drift Repaired Sections Bonus box unlocks "your choice of one" of its four
Abilities, so two of them read checked hold a correction. A player looking at the page
reads it at once when one of the two is a clean mark (read filled, nothing asked about
it) and every other is doubted as a mark hatched out (``field_doubts.HATCHED``): those were
taken back, and ``settled_one_of`` reads them unchecked. Anything else (two clean
marks, a faint one) is asked, as the state's check asks it.

On the 21 photo sets (seeds 8, 11, 13, 21, 22, 31-46), against 49ef090: 10 boxes so
settled (6 on easy pages, 4 on hard), all taken back in the truth; nothing else changed.

So are the boxes and bubbles of such a group (a Stellar Drift leftover row, "fill one
bubble on each row"; a Federation digit place) that the reader doubts for their ink
alone (noisy paper, a faint mark) and does not count marked, beside one clean mark of
the group (``beside_one_mark``): marked, they would break the group's rule. Session 45,
14 photo sets (held-out 4242, seeds 45, 82, 88, 111, 112, 601-604, 611-614): of the
Stellar Drift leftover bubbles asked for their ink on hard pages, 29, none was a mark;
of the Federation digit bubbles asked so beside one clean fill of their place, 81 (80 on
hard pages), none was a mark (the 8 marks asked so had no clean fill beside them).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.vision.answers import Answers, marked
from pnp.vision.field_doubts import FAINT, HATCHED, NOISE
from pnp.vision.sheet_doubts import crowded_groups, open_doubts
from pnp.vision.sheet_reading import SheetReading


def settled_one_of(
    sheets: list[SheetReading], answers: Answers, group_of: Callable[[str], str | None]
) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) for the boxes of a one-of group (``group_of``:
    field id -> group, or None) hatched out beside its one clean mark."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        doubted = {d.field: d.cause for d in sheet.doubtful}
        for ids in crowded_groups(sheet, answers, group_of):
            clean = [i for i in ids if i not in doubted]
            taken_back = [i for i in ids if doubted.get(i) == HATCHED]
            if len(clean) == 1 and len(clean) + len(taken_back) == len(ids):
                out |= {f"{sheet.source}:{i}": False for i in taken_back}
    return out


def beside_one_mark(
    sheets: list[SheetReading],
    answers: Answers,
    group_of: Callable[[str], str | None],
    barely_filled: bool = False,
) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) for the fields of a one-of group (``group_of``)
    doubted for their ink alone (noise, faint ink) and not counted marked, where one other
    field of the group is counted marked, cleanly: not doubted, or answered. With
    ``barely_filled``, also those read filled whose doubt guesses them empty (a bubble
    barely filled: seed 689 #204, the edge of the place's fill in the next bubble). A
    Federation page weighs these after the column sums, which tell a total's digit
    (seed 696 #874: the total's units 6 barely filled beside a fill of 7, the sum 176)."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        open_ = open_doubts(sheet, answers)
        doubted = {d.field: d.cause for d in open_}
        barely = {d.field for d in open_ if d.cause == FAINT and d.guess is False}
        marks = marked(sheet, answers) - (barely if barely_filled else set())
        groups: dict[str, list[str]] = {}
        for r in sheet.readings:
            if (group := group_of(r.id)) is not None:
                groups.setdefault(group, []).append(r.id)
        for ids in groups.values():
            counted = [i for i in ids if i in marks]
            if len(counted) == 1 and counted[0] not in doubted:
                faint = [i for i in ids if i not in marks and doubted.get(i) in (NOISE, FAINT)]
                out |= {f"{sheet.source}:{i}": False for i in faint}
    return out
