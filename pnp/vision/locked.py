"""Stellar Drift Abilities that could not have been used: settled unchecked, not asked.

An Ability is used only once unlocked: its padlock box on a Track or Tech row reached
(``scoring.stellar_drift.check``: "used, but never unlocked"), a bonus Ability's
Repaired Sections Bonus box checked. A box of one read marked that the reader asks about
as a mark, or a mark hatched out (``field_doubts.HATCHED``), is hatched out when its
prerequisite lies on the same page and is plainly not there: the padlock's row read with
nothing asked about it, the padlock box and every box past it empty; the bonus box read
empty, nothing asked.

On the 21 photo sets (seeds 8, 11, 13, 21, 22, 31-46), read at 894859b: of the Tech
Ability boxes asked about and read filled, 18 had a plainly locked Ability, every one a
correction scribbled out in the truth (8 on easy pages, 5 hard, 5 real). Taken for any
doubt first, it settled a faint Ability box on a hard page unchecked whose padlock box
(in a row of boxes all asked about for the paper's noise) was a missed mark: the check
that would have asked about that padlock box then had nothing to say.

The other way round, a prerequisite box the reader doubts (faint, noisy paper, filled
solid...) is checked when an Ability that needs it is checked cleanly on the same page
(read filled, nothing asked about it): the player unlocked it before using it
(``_unlocked``). Read at 338f99b against 4b9b9fc, it settled 150 boxes on the 21 photo
sets (1 easy, 1 normal, 144 hard, 4 real-mode) and 16 on the held-out seed 4242 set (1
normal, 13 hard, 2 real-mode), all checked in the truth.
"""

from __future__ import annotations

from pnp.vision.answers import Answers, answer_for
from pnp.vision.field_doubts import HATCHED
from pnp.vision.sheet_reading import SheetReading


def settled_locked(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) for the Ability boxes asked about as hatched out
    whose prerequisite is plainly missing from their own page, and for the prerequisites
    asked about whose Ability is plainly used on it."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        out |= {f"{sheet.source}:{fid}": False for fid in _locked(sheet, answers)}
        out |= {f"{sheet.source}:{fid}": True for fid in _unlocked(sheet, answers)}
    return out


def _unlocked(sheet: SheetReading, answers: Answers) -> list[str]:
    """The prerequisite boxes of ``sheet`` asked about, none answered, that an Ability
    box read filled with nothing asked about it needs."""
    from scoring.stellar_drift.layouts import load_tech, load_tracker
    from scoring.stellar_drift.marks import prerequisite

    asked = {d.field for d in sheet.doubtful}
    if not asked:
        return []
    tracker, tech = load_tracker(), load_tech()
    used = [r.id for r in sheet.readings if r.state == "filled" and r.id not in asked]
    needed = {prerequisite(fid, tracker, tech) for fid in used} - {None}
    return sorted(
        need for need in needed & asked if answer_for(answers, sheet.source, need) is None
    )


def _locked(sheet: SheetReading, answers: Answers) -> list[str]:
    from scoring.stellar_drift.layouts import load_tech, load_tracker
    from scoring.stellar_drift.marks import ordered_box, prerequisite

    state = {r.id: r.state for r in sheet.readings}
    hatched = {d.field for d in sheet.doubtful if d.cause == HATCHED}
    open_ = {f for f in state if answer_for(answers, sheet.source, f) is None}
    candidates = sorted(f for f in hatched & open_ if state[f] == "filled")
    if not candidates:
        return []
    tracker, tech = load_tracker(), load_tech()
    asked = {d.field for d in sheet.doubtful}
    plain = {f for f, s in state.items() if s == "empty" and f not in asked and f in open_}
    place_of = {f: p for f in state if (p := ordered_box(f)) is not None}
    out = []
    for fid in candidates:
        need = prerequisite(fid, tracker, tech)
        if need is None or need not in state:
            continue  # not an Ability, or its prerequisite is on another page
        if need not in place_of:
            missing = {need}
        else:
            row, box = place_of[need]
            in_row = {f for f, (r, _) in place_of.items() if r == row}
            if in_row & asked:
                continue  # the row is not read plainly
            missing = {f for f in in_row if place_of[f][1] >= box}
        if missing <= plain:
            out.append(fid)
    return out
