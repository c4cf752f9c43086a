"""Stellar Drift spaces blacked out on a page of crossed spaces: hatched out.

A ship's spaces are repaired by crossing them out, corner to corner, and a mark is undone
by hatching its box over until it is dark all over (README, "Marking the sheets"). On a
page whose spaces are crossed (``field_doubts.LIKE_MARKS_MIN`` marks or more, covering at most
``CROSSED_COVERAGE`` of their box at the median), a space the reader doubts as hatched
out that is covered all over (``field_doubts.SMALL_MARK_COVERAGE``) and holds ``DARKER`` times
the ink of those crosses or more is the player's correction, as a player looking at the
page reads it at once: ``settled_spaces`` reads it empty. A page whose player fills
spaces solid is left to ask.

On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22, 31-46) the spaces asked
"filled solid", "covered and inked past its outline" or "covered all over" were 82, all
hatched out, at 6.1-18.4 times their page's median mark ink, on pages whose marks cover
0.045-0.137 of their box at the median; a cross drawn large held at most 1.6 times it.
"""

from __future__ import annotations

import numpy as np

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.field_doubts import HATCHED, LIKE_MARKS_MIN, SMALL_MARK_COVERAGE, SMALL_MARK_KINDS
from pnp.vision.sheet_reading import SheetReading

CROSSED_COVERAGE = 0.3
DARKER = 4.0


def settled_spaces(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, as ``answer_for`` takes them first)
    for the spaces of ship pages blacked out among crossed ones: unmarked."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        spaces = [r for r in sheet.readings if sheet.kinds[r.id] in SMALL_MARK_KINDS]
        doubted = {d.field: d.cause for d in sheet.doubtful}
        marks = marked(sheet, answers)
        crosses = [r for r in spaces if r.id in marks and r.id not in doubted]
        if len(crosses) < LIKE_MARKS_MIN:
            continue
        if np.median([r.coverage for r in crosses]) > CROSSED_COVERAGE:
            continue  # this player fills spaces: a dark one may be a mark
        typical = float(np.median([r.ink for r in crosses]))
        for r in spaces:
            if (
                doubted.get(r.id) == HATCHED
                and answer_for(answers, sheet.source, r.id) is None
                and r.coverage >= SMALL_MARK_COVERAGE
                and r.ink >= DARKER * typical
            ):
                out[f"{sheet.source}:{r.id}"] = False
    return out
