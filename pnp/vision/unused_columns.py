"""A score pad's columns past the players': their faint ink is the paper's, settled.

Players take a score pad's columns in order, one each, and a player's column holds a
fill in every number it scores (a dozen bubbles or more, pressed solid). A column past
the last one holding a clean fill (read filled, nothing asked about it), whose every
doubt is for its ink alone (``read.NOISE``, ``read.FAINT``, ``read.LIGHT``: grain, a
shadow, a speck), is a column nobody played: its doubted bubbles are settled empty. A
column with any other doubt (a fill hatched out, a mark across an outline) stays asked,
as does every column of a page with no clean fill at all, and of a one-column pad.

Measured on 40 photo sets (held-out 4242, seeds 677-716: 12,000 photos), the bench
dumps of ae8e10f: 106 score pad columns held questions and no clean fill (209
questions; seed 715 #134, a hard pad half in shadow, 51 of them in its three empty
columns); none held a mark. Their write-in boxes did not tell them apart on that page
(an empty column's boxes up to 4.6-7.6% inked by grain, a player's 8.9-9.0%), so the
columns' fills alone decide. Federation pages of those sets read with it: 220 fields
asked -> right, 2 wrong -> right (bubbles read filled on grain in an empty column),
25 right -> asked (a page's one kept noise question moving to another field), nothing
wrong.
"""

from __future__ import annotations

from pnp.vision.read import FAINT, LIGHT, NOISE, SheetReading
from pnp.vision.states import Answers, answer_for, marked, open_doubts

INK_ALONE = frozenset({NOISE, FAINT, LIGHT})  # doubts a column nobody played may hold


def settled_unused(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) settling empty the doubted bubbles of each score
    pad column past the last one holding a clean fill."""
    from scoring.federation.sheet_fields import player_of

    out: dict[str, bool] = {}
    for sheet in sheets:
        if sheet.code.sheet != "scorepad":
            continue
        doubts: dict[str, set[str]] = {}
        for d in open_doubts(sheet, answers):
            doubts.setdefault(d.field, set()).add(d.cause)
        clean = {player_of(i) for i in marked(sheet, answers) if i not in doubts} - {None}
        columns = {player_of(r.id) for r in sheet.readings} - {None}
        if not clean or len(columns) < 2:
            continue
        for column in columns - set(range(1, max(clean) + 1)):
            ids = [r.id for r in sheet.readings if player_of(r.id) == column]
            asked = [i for i in ids if i in doubts]
            answered = any(answer_for(answers, sheet.source, i) is not None for i in ids)
            if asked and not answered and all(doubts[i] <= INK_ALONE for i in asked):
                out |= {f"{sheet.source}:{i}": False for i in asked}
    return out
