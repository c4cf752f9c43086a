"""Parts of a Federation sheet nobody played: their faint ink is the paper's, settled.

Players take a score pad's columns in order, one each, and a player's column holds a
fill in every number it scores (a dozen bubbles or more, pressed solid). A column past
the last one holding a clean fill (read filled, nothing asked about it), whose every
doubt is for its ink alone (``field_doubts.NOISE``, ``FAINT``, ``LIGHT``,
``ON_PRINT``: grain, a shadow, a speck), is a column nobody played: its doubted bubbles
are settled empty (``_pad_columns``). So is a Solo tracker's blank project row
(other1..other3) with no clean fill in any round nor at the game's end (``_blank_rows``):
a row used on one card is used on every card (``layouts/README.md``), five fills and the
end's number.

A part with any other doubt (a fill hatched out, a mark across an outline) stays
asked, as does every part of a page with no clean fill at all, and a one-column pad;
so does a part more than half of whose numbers have one units bubble counted marked, as
a number is written (``_looks_played``): played, its ink all in doubt (a shadow over
it), not grain, which marks places by twos and threes or not at all. In the bench dumps
below (a doubted bubble counted as its doubt's guess), the parts settled held such a
number in 3 of their 6 at the most (columns; blank rows 2), and the 2 rows players used
with no clean fill (asked for other causes) in 5 of 6. The Federation pages of the 40
sets read the same with and without it.

Measured on 40 photo sets (held-out 4242, seeds 677-716: 12,000 photos), the bench
dumps of ae8e10f: 106 score pad columns held questions and no clean fill (209
questions; seed 715 #134, a hard pad half in shadow, 51 of them in its three empty
columns); none held a mark. Their write-in boxes did not tell them apart on that page
(an empty column's boxes up to 4.6-7.6% inked by grain, a player's 8.9-9.0%), so the
columns' fills alone decide. Federation pages of those sets read with the columns'
rule: 220 fields asked -> right, 2 wrong -> right (bubbles read filled on grain in an
empty column), 25 right -> asked (a page's one kept noise question moving to another
field), nothing wrong. Of the Solo trackers' blank rows, 86 held questions for ink
alone and no clean fill (114 questions), none a mark; the rows' rule, on the same
pages: 120 asked -> right, 3 wrong -> right (bubbles of blank rows read filled on
grain, unasked), 25 right -> asked (the one kept question), nothing wrong.
"""

from __future__ import annotations

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.field_doubts import FAINT, LIGHT, NOISE, ON_PRINT
from pnp.vision.sheet_doubts import open_doubts
from pnp.vision.sheet_reading import SheetReading

INK_ALONE = frozenset({NOISE, FAINT, LIGHT, ON_PRINT})  # doubts a part nobody played may hold


def settled_unplayed(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) settling empty the doubted bubbles of each score
    pad column past the players' and each blank Solo project row nobody used."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        doubts: dict[str, set[str]] = {}
        for d in open_doubts(sheet, answers):
            doubts.setdefault(d.field, set()).add(d.cause)
        marks = marked(sheet, answers)
        clean = {i for i in marks if i not in doubts}
        if not clean:
            continue
        parts = _pad_columns if sheet.code.sheet == "scorepad" else _blank_rows
        for ids in parts(sheet, clean):
            asked = [i for i in ids if i in doubts]
            answered = any(answer_for(answers, sheet.source, i) is not None for i in ids)
            if (
                asked
                and not answered
                and all(doubts[i] <= INK_ALONE for i in asked)
                and not _looks_played(ids, marks)
            ):
                out |= {f"{sheet.source}:{i}": False for i in asked}
    return out


def _looks_played(ids: list[str], marks: set[str]) -> bool:
    """Whether more than half the numbers of a part have one units bubble counted marked
    (``marks``, the best guesses of the doubted ones too), as a number is written: a part
    played in ink all in doubt, a shadow over it. Grain marks places by twos and threes,
    or not at all."""
    from scoring.federation.bubbles import digit_places

    numbers = {n for n, place in digit_places(ids) if place == "units"}
    places = digit_places(marks.intersection(ids)).items()
    written = {n for (n, place), bubbles in places if place == "units" and len(bubbles) == 1}
    return 2 * len(written) > len(numbers)


def _pad_columns(sheet: SheetReading, clean: set[str]) -> list[list[str]]:
    """The field ids of each score pad column past the last one holding a ``clean`` fill
    (none on a one-column pad)."""
    from scoring.federation.sheet_fields import player_of

    columns = {player_of(r.id) for r in sheet.readings} - {None}
    played = {player_of(i) for i in clean} - {None}
    if len(columns) < 2 or not played:
        return []
    past = sorted(columns - set(range(1, max(played) + 1)))
    return [[r.id for r in sheet.readings if player_of(r.id) == n] for n in past]


def _blank_rows(sheet: SheetReading, clean: set[str]) -> list[list[str]]:
    """The field ids of each Solo tracker blank project row holding no ``clean`` fill in
    any round nor at the game's end."""
    from scoring.federation.sheet_fields import tracker_row, write_in_project

    rows: dict[str, list[str]] = {}
    for r in sheet.readings:
        row = tracker_row(r.id)
        if row and write_in_project(row):
            rows.setdefault(row, []).append(r.id)
    return [ids for ids in rows.values() if not clean.intersection(ids)]
