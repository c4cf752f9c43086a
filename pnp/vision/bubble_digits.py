"""Digit places on Federation pages whose bubbles the reader doubts: settled where the
page's own marks say which bubble is the number's, else asked.

A digit holds one bubble. When the reader finds more marked, a player looking at the
page would still read it at once in two cases, and so does ``settled_digits``:

- **A correction beside a fill.** Every other marked bubble of the place was doubted as
  inked past its circle (``read.HATCHED``: hatched out?) and one was filled cleanly
  (not doubted, at least ``CLEAN_FILL_INK``): the hatched ones are the player's
  corrections and read empty.
- **Specks beside a fill.** One bubble is filled (at least ``SOLID_FILL_INK``, not
  doubted) and every other holds under ``SPECK_INK``: grains of noise or the tail of a
  stroke, read empty.

Anything else (two real-looking fills, a neighbour's overrun as dark as the fill) is
asked (``crowded_doubts``), naming every bubble of the place.

Tuned on the seed 8 and 11 photo sets (``python -m pnp.bench read``): of the 63 places
with two or more bubbles marked, 43 are settled (24 corrections, 19 specks; all right,
most of them on hard pages) and 20 are still asked.

And one bubble alone: a **units bubble barely filled** (``read.FAINT`` on a bubble read
filled) with no other bubble in its place, in a row or column the player used (another
bubble of its ``p<n>-`` / ``r<n>-`` / ``end-`` part marked), is that number's units
digit: a number needs one, and a light hand fills lightly. On the seed 8 and 11 sets all
5 such bubbles were marks (the one unmarked barely-filled bubble alone was a tens digit,
which a number may leave empty).
"""

from __future__ import annotations

from pnp.vision.read import FAINT, HATCHED, SheetReading
from pnp.vision.states import Answers, Assembled, _field_doubts, _merge, answer_for, marked

CLEAN_FILL_INK = 0.35  # a fill beside corrections: its circle at least this inked
SOLID_FILL_INK = 0.5  # a fill beside specks...
SPECK_INK = 0.15  # ...and what the specks hold at most


def settled_digits(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, ``answer_for``'s first key) for the
    bubbles that the other marks of their digit place show to be unmarked."""
    from scoring.federation.bubbles import digit_places
    from scoring.federation.sheet_fields import crowded

    out: dict[str, bool] = {}
    for sheet in sheets:
        by_id = {r.id: r for r in sheet.readings}
        doubted = {d.field: d.cause for d in sheet.doubtful}
        marks = marked(sheet, answers)
        for _, ids in crowded(marks):
            if any(answer_for(answers, sheet.source, i) is not None for i in ids):
                continue  # a person has looked at this place
            out |= {f"{sheet.source}:{i}": False for i in _unmarked(ids, by_id, doubted)}
        for (number, place), ids in digit_places(marks).items():
            (one, *others) = ids
            if (
                place == "units"
                and not others
                and doubted.get(one) == FAINT
                and by_id[one].state == "filled"
                and answer_for(answers, sheet.source, one) is None
                and _in_use(number, marks)
            ):
                out[f"{sheet.source}:{one}"] = True
    return out


def _in_use(number: str, marks: set[str]) -> bool:
    """Whether another number of ``number``'s player column, round or end of game has a
    bubble marked."""
    part = number.split("-")[0] + "-"
    return any(m.startswith(part) and not m.startswith(number + "-") for m in marks)


def _unmarked(ids: list[str], by_id: dict, doubted: dict[str, str]) -> list[str]:
    """The bubbles of one crowded place that its other marks show to be unmarked."""
    clean = [i for i in ids if i not in doubted]
    if len(clean) == 1 and all(doubted.get(i) == HATCHED for i in ids if i != clean[0]):
        return [i for i in ids if i != clean[0]] if by_id[clean[0]].ink >= CLEAN_FILL_INK else []
    solid = [i for i in clean if by_id[i].ink >= SOLID_FILL_INK]
    if len(solid) == 1 and all(by_id[i].ink < SPECK_INK for i in ids if i != solid[0]):
        return [i for i in ids if i != solid[0]]
    return []


def crowded_doubts(out: Assembled, answers: Answers) -> None:
    """Doubts on two bubbles filled in one digit place (or yes and no both), page by page,
    where the game's own reading has not named them: a bubbled total (read only to be
    checked) or a Solo page whose other page is missing would otherwise pass them."""
    from scoring.federation.sheet_fields import crowded

    asked = {(d.source, d.field) for d in out.doubtful}
    for sheet in out.sheets:
        for problem, ids in crowded(marked(sheet, answers)):
            ids = [i for i in ids if (sheet.source, i) not in asked]
            out.doubtful += _field_doubts([sheet], ids, problem, answers)
    out.doubtful = _merge(out.doubtful)
