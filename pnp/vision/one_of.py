"""Boxes of which one alone may be checked: a correction beside a clean mark, settled.

A Stellar Drift Repaired Sections Bonus box unlocks "your choice of one" of its four
Abilities, so two of them read checked hold a correction. A player looking at the page
reads it at once when one of the two is a clean mark (read filled, nothing asked about
it) and every other is doubted as a mark hatched out (``read.HATCHED``): those were
taken back, and ``settled_one_of`` reads them unchecked. Anything else (two clean
marks, a faint one) is asked, as the state's check asks it.

On the 21 photo sets (seeds 8, 11, 13, 21, 22, 31-46), against 49ef090: 10 boxes so
settled (6 on easy pages, 4 on hard), all taken back in the truth; nothing else changed.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.vision.read import HATCHED, SheetReading
from pnp.vision.states import Answers, crowded_groups


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
