"""Stellar Drift Track and Tech rows with a gap: settled where the page's own marks say
which boxes are taken back, else asked.

A row's boxes are checked in order from box 1, so a row read with a gap holds a misread
or a correction. A player looking at the page reads it at once when every box the reader
found marked past the gap was doubted as a correction (``read.HATCHED``: a mark, or a
mark hatched out?) and the gap is plainly empty (read empty, nothing asked about it):
those boxes were scribbled out, and ``settled_rows`` reads them empty. Anything else
(a faint box in the gap, a clean mark past it) is asked, as the row's check asks it.

Tuned on the seed 8 and 11 photo sets (``python -m pnp.bench read``): of the 29 rows
read with a gap, 12 are settled (all right) and 17 are still asked, 15 of them on hard
pages.

The other way round, a box read marked (the reader's best guess) but doubted, with every
box before it marked and a clean mark past it, is a mark: taken back, it would leave a gap
the player went on past, whatever the doubt (a mark hatched out, noisy paper, a faint
mark, a neighbour's ink). On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22,
31-46) 42 boxes doubted as corrections were so, all marks (13 on easy or normal pages);
with the Round Tracker and Income rows taken as rows too (``ordered_box``), 107 more, all
marks (102 Round Tracker boxes, 5 Income). Doubted for other causes (session 20, the
same sets read at 4b9b9fc against 8ff2d3e): 1,105 more, all marks (961 on hard pages, 136
real-mode, 8 easy or normal); on the held-out seed 4242 set 75, all marks.
"""

from __future__ import annotations

from collections import defaultdict

from pnp.vision.read import HATCHED, SheetReading
from pnp.vision.states import Answers, answer_for, marked


def settled_rows(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, as ``answer_for`` takes them first)
    for the boxes past a gap in their row that the row shows to be taken back."""
    from scoring.stellar_drift.layouts import load_tech
    from scoring.stellar_drift.marks import ordered_box

    tech = load_tech()
    out: dict[str, bool] = {}
    for sheet in sheets:
        rows: dict[str, dict[int, str]] = defaultdict(dict)
        for r in sheet.readings:
            if (box := ordered_box(r.id, tech)) is not None:
                rows[box[0]][box[1]] = r.id
        # (a box a person answered is doubted no more: a mark, or no mark)
        doubted = {
            d.field: d.cause
            for d in sheet.doubtful
            if answer_for(answers, sheet.source, d.field) is None
        }
        marks = marked(sheet, answers)
        for boxes in rows.values():
            out |= {f"{sheet.source}:{i}": True for i in _kept(boxes, marks, doubted)}
            if any(answer_for(answers, sheet.source, i) is not None for i in boxes.values()):
                continue  # a person has looked at this row: its gap is theirs to close
            out |= {f"{sheet.source}:{i}": False for i in _taken_back(boxes, marks, doubted)}
    return out


def _kept(boxes: dict[int, str], marks: set[str], doubted: dict[str, str]) -> list[str]:
    """The boxes of one row read marked but doubted that the row shows to be marks: every
    box before each is marked and a box past it is marked cleanly (not doubted). Taken
    back, it would leave a gap that the player went on past."""
    checked = [n for n, i in boxes.items() if i in marks]
    clean = [n for n in checked if boxes[n] not in doubted]
    if not clean:
        return []
    return [
        boxes[n]
        for n in checked
        if boxes[n] in doubted
        and n < max(clean)
        and all(boxes.get(k) in marks for k in range(1, n))
    ]


def _taken_back(boxes: dict[int, str], marks: set[str], doubted: dict[str, str]) -> list[str]:
    """The boxes of one row (number -> id) marked past its first gap, if every one of them
    is doubted as a correction and no box of the gap is doubted at all."""
    checked = [n for n, i in boxes.items() if i in marks]
    if not checked:
        return []
    gaps = [n for n in range(1, max(checked)) if boxes.get(n) not in marks]
    if not gaps:
        return []
    past = [boxes[n] for n in checked if n > gaps[0]]
    if any(boxes.get(n) in doubted for n in gaps) or any(doubted.get(i) != HATCHED for i in past):
        return []
    return past
