"""Federation score pad columns settled by their own sum.

A column's bubbled total is the sum of its categories (the pad: "Total"). Where the
reader doubts a few of a column's bubbles, a player looking at the page reads each
doubted bubble both ways and keeps the one reading under which every number of the
column decodes and the total is the sum. A digit place read with two bubbles or more
(a correction, a fill's tail) is read each way too: one of its bubbles, or none. If no
reading adds up, or more than one does, the doubts are asked as before. A column with
more than ``MAX_OPEN`` doubts open (a doubted bubble, or a crowded place) is left to
the person: one sum cannot vouch for that many guesses.

A column that does not add up as read opens its bubbles read hatched out too: a fill
drawn far past its circle is read as a correction (session 27: three such, on seeds 35,
42 and 88, each the one bubble that made its column's total miss the sum by its place's
value), and the sum tells the two apart as it does for a doubted bubble.

On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22, 31-46) it settled 294
bubbles that were asked, all rightly (41 of them on easy or normal pages).
"""

from __future__ import annotations

from itertools import product

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.sheet_doubts import open_doubts
from pnp.vision.sheet_reading import SheetReading

MAX_OPEN = 3


def settled_sums(sheets: list[SheetReading], answers: Answers) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, as ``answer_for`` takes them first)
    for the doubted bubbles of score pad columns that only one reading makes add up."""
    from scoring.federation.score_pad import load_score_pad
    from scoring.federation.sheet_fields import crowded, player_of

    pad = load_score_pad()
    out: dict[str, bool] = {}
    for sheet in sheets:
        if sheet.code is None or sheet.code.sheet != "scorepad":
            continue
        marks = marked(sheet, answers)
        doubted = {d.field for d in open_doubts(sheet, answers)}
        places = [
            ids
            for _, ids in crowded(marks)
            if all(answer_for(answers, sheet.source, i) is None for i in ids)
        ]
        hatched = {
            r.id
            for r in sheet.readings
            if r.hatched and answer_for(answers, sheet.source, r.id) is None
        }
        columns = {player_of(i) for i in marks | doubted} - {None}
        for n in sorted(columns):
            own = [ids for ids in places if player_of(ids[0]) == n]
            in_places = {i for ids in own for i in ids}
            candidates = doubted | in_places
            if not _adds_up(pad, marks, n):
                candidates |= hatched
            open_ = sorted(i for i in candidates if player_of(i) == n)
            singles = sorted(set(open_) - in_places)
            if not open_ or len(singles) + len(own) > MAX_OPEN:
                continue
            fits = [
                combo
                for combo in _readings(open_, singles, own)
                if _adds_up(pad, _with(marks, open_, combo), n)
            ]
            if len(fits) == 1:
                out |= {
                    f"{sheet.source}:{i}": v
                    for i, v in zip(open_, fits[0], strict=True)
                    if v or i not in hatched  # a correction kept is no news
                }
    return out


def _readings(open_: list[str], singles: list[str], places: list[list[str]]):
    """Each reading of the ``open_`` bubbles (as bools, in their order): each of
    ``singles`` either way, each place of ``places`` one of its bubbles or none. Not
    every subset of a place's bubbles: two in one place never decode, and a place of
    ten read filled (a page scanned black and white) made 2^10 readings of one place."""
    ways = [[{i: True}, {i: False}] for i in singles]
    ways += [[{i: i == one for i in ids} for one in (None, *ids)] for ids in places]
    for choice in product(*ways):
        reading = {k: v for part in choice for k, v in part.items()}
        yield tuple(reading[i] for i in open_)


def _with(marks: set[str], fields: list[str], marked_: tuple[bool, ...]) -> set[str]:
    on = {i for i, v in zip(fields, marked_, strict=True) if v}
    return (marks - set(fields)) | on


def _adds_up(pad, marks: set[str], player: int) -> bool:
    from scoring.federation.bubbles import BubbleError
    from scoring.federation.sheet_fields import modules_marked, read_column

    try:
        values, total = read_column(pad, marks, player, modules_marked(pad, marks))
    except BubbleError:
        return False
    return total == sum(values.values())
