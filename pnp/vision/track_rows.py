"""Stellar Drift rows (Track, Tech, Income, the Round Tracker) read with a gap: settled
where the page's own marks say which boxes were checked, else asked.

A row's boxes are checked in order from box 1 ("the leftmost open box"), so no box past
a plainly empty one (read empty with nothing asked, or answered empty) can have been
checked. Where no box past that one counts as marked, but those doubted as corrections
(``field_doubts.HATCHED``: a mark, or a mark hatched out?), ``settled_rows`` reads every doubted
box past it empty: faint marks, noisy paper, strokes from a neighbour, scribbles. A box
past it counted marked for another reason (a clean mark, noisy paper, a faint mark taken
for one) may be the mark that shows the plain box a misread: the row is asked, as its
check asks it. Answers count as the page's marks, a person's and the noise model's sure
answers alike, but for one thing: a box the model answered a mark vouches for no box
before it (``_kept``, ``_filled_in``; session 61, seed 710 #1032, a hard Tech page in
pencil under grain: the model answered Yellow 9 a mark, 0.99987 sure and wrong, and
Yellow 7 and 8, doubted for faint ink and noise, were kept as marks before it, nothing
asked. The Tracker and Tech pages of 11 sets (705-712, 714, 717, 718): 5 fields wrong
unasked -> asked, 105 right -> asked, 3 asked -> right, all on hard pages).

Measured on 14 photo sets (seeds 8, 11, 13, 21, 22, 4242 held out, 51, 52, 81, 82, 86,
88, 89 and 90; ``python -m pnp.bench read --dump``, field by field against session 30's
reading): 156 doubted fields of hard pages settled, all right; none newly wrong unasked.
Before session 31 only boxes read marked and doubted as corrections were so taken back
(seeds 8 and 11: 12 of 29 rows with a gap), and a row was left alone once any of its
boxes was answered, by the noise model too. Taking back any doubted box past a plain one,
a box read marked included, made 6 fields newly wrong unasked on those sets (a hard
tracker of seed 22, Engines 2 read blank and 5 faintly marked; a real-mode tracker of seed
81, Fuel 4 read blank and 5 marked).

The other way round, a box read marked (the reader's best guess) but doubted, with every
box before it marked and a clean mark past it, is a mark: taken back, it would leave a gap
the player went on past, whatever the doubt (a mark hatched out, noisy paper, a faint
mark, a neighbour's ink). On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22,
31-46) 42 boxes doubted as corrections were so, all marks (13 on easy or normal pages);
with the Round Tracker and Income rows taken as rows too (``ordered_box``), 107 more, all
marks (102 Round Tracker boxes, 5 Income). Doubted for other causes (session 20, the
same sets read at 4b9b9fc against 8ff2d3e): 1,105 more, all marks (961 on hard pages, 136
real-mode, 8 easy or normal); on the held-out seed 4242 set 75, all marks.

So is a box doubted for its ink alone (noisy paper, a faint mark) that the reader does
not take for a mark, where every box before the row's last clean mark is marked or so
doubted, with two clean marks past (``_filled_in``, session 45): "box 6 is checked but
not box 4" asked of a faint box 4 before clean marks 5 and 6. A box read plainly empty
there, or doubted as a correction or a neighbour's ink, leaves the row asked, and so does
one clean mark alone past it: it may be the misread.

A clean mark is one read plainly: not a box the page's gap settled filled (``page_gap``:
doubted for the paper's noise, then taken for a mark by its darkness), which leaves no
doubt open but vouches for nothing (session 57). Seed 706 #671, a hard tracker under a
dark shadow band: Life Support 11 so settled kept boxes 1-10 as marks (5-10 wrongly),
nothing asked. On 30 photo sets (9,000 photos; ``python -m pnp.bench read --dump``, held
out 4242 and seeds 677-706): 1 field wrong unasked -> right, 6 -> asked (678 #171, a
review-wrong page, is no longer), 13 asked -> right, 22 right -> asked, none newly wrong.

Nor is a row taken back where the noise model leans to take one of the doubted boxes
past its plain box for a mark (``_vouched``, ``noise_model.leanings``: the model's best
guess, what a provisional score counts): that box, like one read marked, may show the
plain box a misread, and the row is asked as its check asks it (session 64, seed 749
#156, a real-mode tracker in light pencil: Fuel 4's slash over the printed fuel symbol
read plainly empty, Fuel 5-8, doubted for noise and faint ink and 0.987-0.9999 marks to
the model, taken back: the track four boxes short, nothing asked of it). A script
logging every take-back on 40 photo sets (seeds 719-758, 12,000 photos): 1,701 rows,
2,977 boxes, of which 2 rows took back marks (749 #156; 746 #152, Income Energy 3 past
a faint tick read plainly empty, 0.998 a mark); the model leaned to a mark in 13 rows
(16 boxes): those 2, and 11 rightly taken back, now asked.

Nor is a doubted box kept as a mark (``_kept``) that the noise model would settle empty
(``_disowned``, ``noise_model.model_answers``): the row and the model disagree, so the
box stays asked, and once the model has answered it the row's check asks about the gap
(session 79, seed 886 #232, a hard Tech page under a hard shadow: Red 5 hatched out and
read a clean mark, Red 4 empty, doubted for noise, kept before it though the model was
0.9998 sure of no mark: both wrong, nothing asked; now both asked, "box 5 is checked but
not box 4"). A script logging every box kept on the 4,200 Tracker and Tech pages of 35
photo sets (the hard, every-level and real-mode sets of seeds 827-886): 4,804 boxes,
4,803 of them marks; the model would settle one empty, that Red 4.
"""

from __future__ import annotations

from collections import defaultdict

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.field_doubts import FAINT, HATCHED, NOISE
from pnp.vision.sheet_doubts import open_doubts
from pnp.vision.sheet_reading import SheetReading

# Clean marks past a row's faint boxes that make them marks (``_filled_in``). With one,
# on 14 photo sets (session 45), a hard Tech page of seed 112 (#152): Red box 5 faint
# and empty, box 6 a shadow's edge read as a clean mark; box 5 was settled marked, the
# Tech row counted to 6 with nothing asked of it.
FILLED_IN_WITNESSES = 2


def settled_rows(
    sheets: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, as ``answer_for`` takes them first)
    for the boxes past a gap in their row that the row shows to be taken back, and the
    doubted boxes it shows to be marks. ``learned`` ("SOURCE:FIELD"): the keys of
    ``answers`` the noise model gave, no clean mark to vouch for the boxes before it."""
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
        doubted = {d.field: d.cause for d in open_doubts(sheet, answers)}
        marks = marked(sheet, answers)
        by_model = {r.id for r in sheet.readings if f"{sheet.source}:{r.id}" in learned}
        plain_marks = marks - doubted.keys() - _gap_settled(sheet, answers) - by_model
        taken_back, kept = [], []
        for boxes in rows.values():
            row_read = (boxes, marks, doubted, plain_marks)
            kept += _kept(*row_read)
            out |= {f"{sheet.source}:{i}": True for i in _filled_in(*row_read)}
            taken_back.append(_taken_back(boxes, marks, doubted))
        disowned = _disowned(sheet, set(kept))
        out |= {f"{sheet.source}:{i}": True for i in kept if i not in disowned}
        vouched = _vouched(sheet, {i for row in taken_back for i in row})
        for row in taken_back:
            if not vouched.intersection(row):
                out |= {f"{sheet.source}:{i}": False for i in row}
    return out


def _vouched(sheet: SheetReading, ids: set[str]) -> set[str]:
    """The boxes of ``ids`` (doubted boxes a row would take back) that the noise model
    leans to take for marks (``noise_model.leanings``: a probability of a mark of 0.5 or
    more, the best guess a provisional score counts): a mark past the plain box, which
    may be the misread."""
    from pnp.vision import noise_model

    return {i for i, mark in _model_on(sheet, ids, noise_model.leanings).items() if mark}


def _disowned(sheet: SheetReading, ids: set[str]) -> set[str]:
    """The boxes of ``ids`` (doubted boxes a row would keep as marks) that the noise model
    would settle empty (``noise_model.model_answers``): the row and the model disagree, so
    the box stays asked, and once the model has answered it the row's check asks about
    the gap it leaves."""
    from pnp.vision import noise_model

    return {i for i, p in _model_on(sheet, ids, noise_model.model_answers).items() if p < 0.5}


def _model_on(sheet: SheetReading, ids: set[str], ask) -> dict:
    """What ``ask`` (``noise_model.leanings`` or ``model_answers``) says of the boxes of
    ``ids`` on ``sheet``: nothing where none is asked, and nothing without the model (a
    damaged install: the rows read as before it)."""
    from pnp.vision.noise_model import ModelError, page_of

    if not ids or sheet.code is None:
        return {}
    try:
        return ask(*page_of(sheet), ids)
    except ModelError:
        return {}


def _gap_settled(sheet: SheetReading, answers: Answers) -> set[str]:
    """The boxes of ``sheet`` read filled by the page's gap alone (``page_gap``: doubted
    for the paper's noise, then taken for a mark by their darkness) that no person has
    answered: no doubt is left open on them, but they are no plain mark to vouch for the
    boxes of their row (``_kept``, ``_filled_in``)."""
    return {
        r.id
        for r in sheet.readings
        if r.settled and r.state == "filled" and answer_for(answers, sheet.source, r.id) is None
    }


def _kept(
    boxes: dict[int, str], marks: set[str], doubted: dict[str, str], plain_marks: set[str]
) -> list[str]:
    """The boxes of one row read marked but doubted that the row shows to be marks: every
    box before each is marked and a box past it is marked cleanly (``plain_marks``: not doubted,
    nor read filled by the page's gap alone). Taken back, it would leave a gap that the
    player went on past."""
    checked = [n for n, i in boxes.items() if i in marks]
    clean = [n for n in checked if boxes[n] in plain_marks]
    if not clean:
        return []
    return [
        boxes[n]
        for n in checked
        if boxes[n] in doubted
        and n < max(clean)
        and all(boxes.get(k) in marks for k in range(1, n))
    ]


def _filled_in(
    boxes: dict[int, str], marks: set[str], doubted: dict[str, str], plain_marks: set[str]
) -> list[str]:
    """The boxes of one row not counted marked but doubted for their ink alone (noise,
    faint ink) that the row shows to be marks: every box before its last clean mark
    (``plain_marks``) is marked or so doubted, and ``FILLED_IN_WITNESSES`` clean marks lie past
    the last of them. A box read plainly empty there, or doubted for another reason (a
    correction, a neighbour's ink), leaves the row asked; so does one clean mark alone
    past them, which may be the misread (a shadow's edge read as a mark)."""
    clean = [n for n, i in boxes.items() if i in plain_marks]
    if not clean:
        return []
    holes = [n for n in range(1, max(clean)) if boxes.get(n) not in marks]
    if not holes or any(
        n not in boxes or doubted.get(boxes[n]) not in (NOISE, FAINT) for n in holes
    ):
        return []
    if sum(n > max(holes) for n in clean) < FILLED_IN_WITNESSES:
        return []
    return [boxes[n] for n in holes]


def _taken_back(boxes: dict[int, str], marks: set[str], doubted: dict[str, str]) -> list[str]:
    """The doubted boxes of one row (number -> id) past its first plainly empty box (read
    empty with nothing asked, or answered empty), if no box past that one counts as
    marked but those doubted as corrections (``HATCHED``): the row is checked from its
    first box, so none of them was checked. A box past it counted marked for any other
    reason (a clean mark, noisy paper, a faint mark taken for one) leaves the row asked,
    as its check asks it: the plain box may be the misread."""
    plain = [n for n, i in boxes.items() if i not in marks and i not in doubted]
    if not plain:
        return []
    past = [i for n, i in boxes.items() if n > min(plain)]
    if any(i in marks and doubted.get(i) != HATCHED for i in past):
        return []
    return [i for i in past if i in doubted]
