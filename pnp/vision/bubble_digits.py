"""Digit places on Federation pages whose bubbles the reader doubts: settled where the
page's own marks say which bubble is the number's, else asked.

A digit holds one bubble. When the reader finds more marked, a player looking at the
page would still read it at once in five cases, and so does ``settled_digits``:

- **A correction beside a fill.** Every other marked bubble of the place was doubted as
  inked past its circle (``field_doubts.HATCHED``: hatched out?) and one was filled cleanly
  (not doubted, at least ``CLEAN_FILL_INK``, and a fill of its own: its half away from
  each of the others more than ``FAR_CLEAR`` inked): the hatched ones are the player's
  corrections and read empty. (A bubble whose ink lies all on a neighbour's side holds
  that neighbour's fill drawn past its circle: seed 32, an easy Solo page, a fill's tail
  35% of the next bubble, its far half bare, read as the fill and the fill as hatched
  out. Of the 78 places this rule settled on the seed 8, 11, 13, 21, 22, 31 and 32 sets,
  the 77 right ones had 0.19-0.90 of that half inked.)
- **A scribble beside a neat fill.** Two bubbles marked, one filled within its circle
  (its square's corners at most ``NEAT_BEYOND`` inked, at least ``NEAT_FILL_INK`` of it,
  not doubted, its far half inked: a fill of its own) and the other inked out to its
  square's corners (``SCRAWL_BEYOND``), doubted as hatched out or not at all: the
  second is the correction. A fill drawn too large reaches the corners too, but the
  player who drew the other so neatly did not. (Session 27, the 32 photo sets: of the
  places asked with two bubbles, 14 were so at 0.1 / 0.55, the neat one the fill in all.)
- **Specks beside a fill.** One bubble is filled (at least ``SOLID_FILL_INK``, not
  doubted) and every other holds under ``SPECK_INK``: grains of noise or the tail of a
  stroke, read empty.
- **A neighbour's overrun.** Two bubbles marked, one filled through (not doubted, or
  doubted as hatched out only; its half away from the other at least ``THROUGH_FILL``
  inked) and the other with
  its far half clear (under ``FAR_CLEAR``): what ink the second holds lies on the
  first one's side, the tail of its fill drawn past the circle (or specks), and it
  reads empty. A fill is drawn about its circle's centre. The first may be doubted as
  inked past its circle (a fill, or hatched out?): its tail is a tail either way, and the
  first is then a lone bubble of its place, as below. Beside a first so doubted, though,
  the second's far half must hold no ink at all (``FAR_CLEAR_BESIDE_DOUBT``): the first
  may be a correction, and a light fill of the second's own leaves a little ink there.
  (Session 20, the 21 sets' 1,260 Federation photos: 26 bubbles asked -> right, 10 of
  them on easy or normal pages.)

- **Grain beside a fill on grainy paper.** Every marked bubble of the place is doubted
  for the paper's noise or as faint (none clean: the noise raised the ink step past
  the fill's strokes), and one holds far more ink than each other at both steps: at
  least ``GRAINY_FILL_BASE`` of it inked at the base step, ``GRAINY_RATIO`` times each
  other's ink at the raised step and ``GRAINY_BASE_RATIO`` times at the base step: the
  others are grain (``_densest_of_grain``). The densest stays as doubted as it was (the
  noise model may answer it; its answer leaves the rest settled: ``settled_digits``'
  ``learned``). (Session 60, 40 photo sets, the 45 places so crowded in the bench dumps:
  the 28 that pass were each the densest's fill, the others unmarked; of the 17 left
  asked, the 8 with no fill in the truth, or the fill not the densest, held at most
  0.37 inked at the base step in their densest. The Federation pages of the 40 sets read
  with it: 86 fields asked -> right, 12 right -> asked (each the page's one kept noise
  question), nothing wrong.)

Anything else (two real-looking fills, a correction as light as the fill) is asked
(``crowded_doubts``), naming every bubble of the place.

A number in use (another number of its player column, round or end of game marked) has a
units digit. So the one bubble marked in its units place is the number's, though the
reader doubts it: as faint, or as inked past its circle (a fill, or hatched out? a
correction would leave the place empty). Not, when doubted as faint, beside another
bubble of the place the reader doubts too (seed 736 #154, a hard pad: a light fill read
no mark and its tail in the next bubble read barely filled and settled the digit; the
column's sum then took a correction for another number's digit to match, two numbers
wrong and nothing asked; on the Federation pages of 18 sets, seeds 719-736, no other
field moved). Not, when doubted as hatched out, in the Solo
tracker's blank "other" rows, which may go unused while the round is played, unless the
row is used in another round (``_row_used_elsewhere``): a row used on one card is used on
every card. On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22, 31-46) the
bubbles so doubted as hatched out were all fills but in those rows: 68 right (28 on easy
or normal pages), and 3 hatched out in an "other" row of a hard page (8 fills there). In
session 18, on the same sets, of the lone units bubbles doubted so in "other" rows the 8
in rows used in another round were fills (2 easy, 2 normal, 3 hard, 1 real), the 3 in
rows used nowhere else hatched out.

A project's funded question has one answer. So where one of its yes / no bubbles is
marked, doubted as inked past its circle, and the other neither marked nor doubted, the
marked one is the answer (``_lone_answers``): a correction would leave the question
unanswered. Only for a project that must be answered (a named one, the joint one, a
blank "other" row with its Influence bubbled). On the 32 photo sets of session 27 the
bubbles so doubted, alone in their pair, were 15: the 14 of projects to be answered all
fills (1 easy, 1 normal, 6 real, 6 hard), the one hatched out in an unused "other" row.

A Stellar Drift leftover row is filled with one bubble at the end of the game (the
sheet: "Fill one bubble on each row"), so its one bubble marked, doubted as inked past
its circle, no other of the row doubted, is the row's answer (``lone_choices``; an
unfilled row reads 0, but a player who changes the count fills another bubble). On the
34 photo sets of session 27 the 17 bubbles so were all fills (4 easy, 3 normal, 6 real,
4 hard).

A minus on zero changes nothing. A signed number whose digits read 0 (every digit bubble
marked is a 0, none of them doubted) is 0 whether or not its minus bubble is filled, so a
doubt on that bubble is settled as unmarked (``_zero_signs``): the number read is the same
either way, and "-0" is no number a player writes. On the 21 photo sets of session 17
(seeds 8, 11, 13, 21, 22, 31-46) the minus bubbles doubted (as inked past their circle)
on a 0 were 10, all hatched out; on a 1 they were 10, 9 of them fills, and stay asked.

Tuned on the seed 8 and 11 photo sets (``python -m pnp.bench read``): of the 63 places
with two or more bubbles marked, 43 are settled (24 corrections, 19 specks; all right,
most of them on hard pages) and 20 are still asked. Measured later (session 14) on the
same sets: of the 56 places with two bubbles marked, the overrun rule alone settles 23
(11 of them on easy, normal or real pages), all unmarked by the truth (a fill's tail, or
specks); no marked bubble there had less than 0.15 of its far half inked.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.assembled import Assembled
from pnp.vision.field_doubts import FAINT, HATCHED, NOISE
from pnp.vision.sheet_doubts import crowded_groups, doubts_on_fields, merge_doubts
from pnp.vision.sheet_reading import SheetReading

CLEAN_FILL_INK = 0.35  # a fill beside corrections: its circle at least this inked
SOLID_FILL_INK = 0.5  # a fill beside specks...
SPECK_INK = 0.15  # ...and what the specks hold at most
THROUGH_FILL = 0.3  # a fill inked through: its half away from the other at least this inked
FAR_CLEAR = 0.05  # a neighbour's overrun: the bubble's far half at most this inked
# ...and beside a bubble doubted as hatched out (a fill, or a correction?) the far half
# holds no ink at all: a light fill of its own beside a correction leaves a little there.
# Session 26, 32 photo sets: the 25 tails so settled beside a doubted bubble had 0.0 of
# their far half inked; the one fill taken for a tail (seed 88 #289, a normal Solo page:
# its hatched-out neighbour read as the digit, nothing asked) 0.024.
FAR_CLEAR_BESIDE_DOUBT = 0.01
# A correction beside a neat fill: one bubble filled within its circle (its square's
# corners at most NEAT_BEYOND inked, its circle at least NEAT_FILL_INK), the other inked
# out to the corners (at least SCRAWL_BEYOND): a player scribbling a bubble out goes past
# its circle, a fill kept inside it is the answer (``_scrawled_beside_neat``).
NEAT_FILL_INK = 0.25
NEAT_BEYOND = 0.1
SCRAWL_BEYOND = 0.55
GRAINY_FILL_BASE = 0.6  # a fill among grain: its circle this inked at the base step...
GRAINY_RATIO = 2.0  # ...this many times each other's ink at the raised step...
GRAINY_BASE_RATIO = 1.5  # ...and this many times at the base step
TAIL_SOURCE_INK = 0.3  # a neighbour inked this much may have run its tail into a faint bubble
HALF_RADIUS = 0.85  # the disc measured, of the circle's radius (clear of its outline)
HALF_GAP = 0.2  # ...leaving out the band this share of the radius either side of the middle


def settled_digits(
    sheets: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> dict[str, bool]:
    """Answers (keyed by each sheet's full source, ``answer_for``'s first key) for the
    bubbles that the other marks of their digit place show to be unmarked. A place a
    person has answered a bubble of is left to them; one the noise model answered
    (``learned``, "SOURCE:FIELD") is weighed still (``_densest_of_grain`` leaves the
    densest bubble asked, and the model's answer to it must not undo the rest)."""
    from scoring.federation.bubbles import digit_places
    from scoring.federation.sheet_fields import crowded

    out: dict[str, bool] = {}
    for sheet in sheets:
        by_id = {r.id: r for r in sheet.readings}
        doubted = {d.field: d.cause for d in sheet.doubtful}
        marks = marked(sheet, answers)
        unmarked: list[str] = []
        for _, ids in crowded(marks):
            if any(
                answer_for(answers, sheet.source, i) is not None
                and f"{sheet.source}:{i}" not in learned
                for i in ids
            ):
                continue  # a person has looked at this place
            unmarked += _unmarked(sheet, ids, by_id, doubted) or _overrun(sheet, ids, doubted)
        out |= {f"{sheet.source}:{i}": False for i in unmarked}
        marks -= set(unmarked)  # a place left with one bubble is read as one
        every = digit_places(sheet.kinds)
        for (number, place), ids in digit_places(marks).items():
            (one, *others) = ids
            cause = doubted.get(one)
            if (
                place == "units"
                and not others
                and not (
                    cause == FAINT and any(i in doubted for i in every[number, place] if i != one)
                )
                and (
                    cause == FAINT
                    or (
                        cause == HATCHED
                        and (not _write_in_row(number) or _row_used_elsewhere(number, marks))
                    )
                )
                and by_id[one].state == "filled"
                and answer_for(answers, sheet.source, one) is None
                and _in_use(number, marks)
                and not (cause == FAINT and _tail_of_a_neighbour(sheet, one, by_id))
            ):
                out[f"{sheet.source}:{one}"] = True
        out |= {f"{sheet.source}:{i}": False for i in _zero_signs(sheet, marks, doubted, answers)}
        out |= {f"{sheet.source}:{i}": True for i in _lone_answers(sheet, marks, doubted, answers)}
    return out


def _funded_pair(field_id: str) -> str | None:
    """The funded question of a yes / no bubble (``end-atalum-funded``), or None."""
    hit = re.fullmatch(r"(end-.+-funded)-(?:yes|no)", field_id)
    return hit[1] if hit else None


def _lone_answers(
    sheet: SheetReading, marks: set[str], doubted: dict[str, str], answers: Answers
) -> list[str]:
    """The funded yes / no bubbles alone and doubted as hatched out in their pair
    (``_lone``) whose project must be answered: a named project or the joint one, or a
    blank "other" row with another of its end bubbles marked."""
    from scoring.federation.sheet_fields import write_in_project

    out = []
    for i, _ in _lone(sheet, marks, doubted, _funded_pair):
        project = i.removeprefix("end-").rsplit("-funded-", 1)[0]
        row = f"end-{project}-"
        if not write_in_project(project) or any(
            m.startswith(row) and _funded_pair(m) is None for m in marks
        ):
            out.append(i)
    return [i for i in out if answer_for(answers, sheet.source, i) is None]


def _lone(
    sheet: SheetReading,
    marks: set[str],
    doubted: dict[str, str],
    group_of: Callable[[str], str | None],
) -> list[tuple[str, list[str]]]:
    """The bubbles of ``marks`` alone in their group of which one is filled (``group_of``),
    doubted as inked past the circle (hatched out?), no other bubble of the group doubted:
    the group's answer, for a correction leaves another bubble filled; each with its
    group's bubbles."""
    groups: dict[str, list[str]] = {}
    for i in sorted(marks):
        if (group := group_of(i)) is not None:
            groups.setdefault(group, []).append(i)
    out = []
    for group, (one, *others) in groups.items():
        members = [r.id for r in sheet.readings if group_of(r.id) == group]
        if (
            not others
            and doubted.get(one) == HATCHED
            and all(i not in doubted for i in members if i != one)
        ):
            out.append((one, members))
    return out


def _zero_signs(
    sheet: SheetReading, marks: set[str], doubted: dict[str, str], answers: Answers
) -> list[str]:
    """The doubted minus bubbles of ``sheet`` whose numbers read 0 without them: every
    digit bubble of the number marked is a 0, at least one is, and none is doubted."""
    from scoring.federation.bubbles import SIGN, digit_numbers

    digits_of = digit_numbers(marks)
    out = []
    for sign in doubted:
        if not sign.endswith(f"-{SIGN}") or answer_for(answers, sheet.source, sign) is not None:
            continue
        digits = digits_of.get(sign.removesuffix(f"-{SIGN}"), [])
        if digits and all(i.endswith("-0") and i not in doubted for i in digits):
            out.append(sign)
    return out


def settled_groups(
    sheets: list[SheetReading], answers: Answers, group_of: Callable[[str], str | None]
) -> dict[str, bool]:
    """Answers (keyed as ``settled_digits``') for the bubbles of other groups of which one
    alone is filled (``group_of``: field id -> group, or None: a Stellar Drift leftover
    count, say) that the group's other marks show to be unmarked, by the rules of a
    digit place: a correction beside a clean fill, specks beside a fill, a fill's tail.
    On the 21 photo sets of session 16, the Stellar Drift leftover rows read with two
    bubbles, one of them doubted as hatched out and the other not: 37, the doubted one
    the correction in all."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        by_id = {r.id: r for r in sheet.readings}
        doubted = {d.field: d.cause for d in sheet.doubtful}
        for ids in crowded_groups(sheet, answers, group_of):
            unmarked = _unmarked(sheet, ids, by_id, doubted) or _overrun(sheet, ids, doubted)
            out |= {f"{sheet.source}:{i}": False for i in unmarked}
    return out


def lone_choices(
    sheets: list[SheetReading], answers: Answers, group_of: Callable[[str], str | None]
) -> dict[str, bool]:
    """Answers (keyed as ``settled_digits``') for the one bubble marked in a group of which
    one is filled (``group_of``: a Stellar Drift leftover row), doubted as inked past its
    circle, no other bubble of the group doubted or answered (``_lone``): the row's answer,
    as the lone units bubble of a number in use is its digit (the sheet: "Fill one bubble
    on each row")."""
    out: dict[str, bool] = {}
    for sheet in sheets:
        doubted = {d.field: d.cause for d in sheet.doubtful}
        for one, members in _lone(sheet, marked(sheet, answers), doubted, group_of):
            if all(answer_for(answers, sheet.source, i) is None for i in members):
                out[f"{sheet.source}:{one}"] = True
    return out


def _write_in_row(number: str) -> bool:
    """Whether ``number`` (``r3-other1``, ``end-other2-yours``) is in one of the Solo
    tracker's blank project rows, which a round or a game may leave unused: a lone units
    bubble there is no number that must be present."""
    from scoring.federation.sheet_fields import tracker_row, write_in_project

    return write_in_project(tracker_row(number) or "")


def _row_used_elsewhere(number: str, marks: set[str]) -> bool:
    """Whether the blank project row of ``number`` (``r3-other1``, ``end-other2-yours``)
    has a bubble marked in another round: a row used on one card is used on every card
    (``layouts/README.md``), so this round's number, and the game's end, must be there."""
    from scoring.federation.sheet_fields import tracker_row

    row = re.compile(rf"r\d+-{re.escape(tracker_row(number) or '')}-")
    return any(row.match(m) and not m.startswith(number + "-") for m in marks)


def _in_use(number: str, marks: set[str]) -> bool:
    """Whether another number of ``number``'s player column, round or end of game has a
    bubble marked."""
    part = number.split("-")[0] + "-"
    return any(m.startswith(part) and not m.startswith(number + "-") for m in marks)


def _unmarked(
    sheet: SheetReading, ids: list[str], by_id: dict, doubted: dict[str, str]
) -> list[str]:
    """The bubbles of one crowded place that its other marks show to be unmarked."""
    clean = [i for i in ids if i not in doubted]
    if len(clean) == 1 and all(doubted.get(i) == HATCHED for i in ids if i != clean[0]):
        fill, hatched = clean[0], [i for i in ids if i != clean[0]]
        own = sheet.ink is not None and all(
            half_ink(sheet, fill, away_from=i) > FAR_CLEAR for i in hatched
        )
        if own and by_id[fill].ink >= CLEAN_FILL_INK:
            return hatched
    solid = [i for i in clean if by_id[i].ink >= SOLID_FILL_INK]
    if len(solid) == 1 and all(by_id[i].ink < SPECK_INK for i in ids if i != solid[0]):
        return [i for i in ids if i != solid[0]]
    return _scrawled_beside_neat(sheet, ids, by_id, doubted) or _densest_of_grain(
        ids, by_id, doubted
    )


def _densest_of_grain(ids: list[str], by_id: dict, doubted: dict[str, str]) -> list[str]:
    """Of a place whose every bubble is doubted for noise or faint ink, the others beside
    one holding far more ink than each of them at both steps (``GRAINY_*``)."""
    if any(doubted.get(i) not in (NOISE, FAINT) for i in ids):
        return []
    top, *rest = sorted(ids, key=lambda i: -by_id[i].ink)
    t = by_id[top]
    if t.base_ink < GRAINY_FILL_BASE:
        return []
    if all(
        t.ink >= GRAINY_RATIO * by_id[i].ink and t.base_ink >= GRAINY_BASE_RATIO * by_id[i].base_ink
        for i in rest
    ):
        return rest
    return []


def _scrawled_beside_neat(
    sheet: SheetReading, ids: list[str], by_id: dict, doubted: dict[str, str]
) -> list[str]:
    """Of two bubbles of one place, the one inked out to its square's corners beside one
    filled within its circle (``NEAT_BEYOND``, a fill of its own: its far half inked):
    the correction, whether or not the reader doubted it."""
    if len(ids) != 2 or sheet.ink is None:
        return []
    for fill, other in (ids, ids[::-1]):
        f, o = by_id[fill], by_id[other]
        if (
            fill not in doubted
            and doubted.get(other, HATCHED) == HATCHED
            and f.ink >= NEAT_FILL_INK
            and f.beyond <= NEAT_BEYOND
            and o.beyond >= SCRAWL_BEYOND
            and half_ink(sheet, fill, away_from=other) > FAR_CLEAR
        ):
            return [other]
    return []


def _tail_of_a_neighbour(sheet: SheetReading, one: str, by_id: dict) -> bool:
    """Whether the faint ink of bubble ``one`` may be the tail of a neighbour's mark: a
    bubble of its place inked at least ``TAIL_SOURCE_INK`` (read hatched out, so not
    marked) beside it, and ``one``'s half away from it clear (``FAR_CLEAR``). Then the
    place is a hatched bubble and a tail, or a fill too dark for the reader: asked, not
    taken as the number's (seed 82 #204, an easy Solo page: a 1 filled past its circle,
    read hatched out, and the 14% of its tail in the 2 read as the digit, nothing
    asked)."""
    if sheet.ink is None:
        return False
    place = one.rsplit("-", 1)[0] + "-"
    return any(
        r.id.startswith(place)
        and r.id != one
        and r.ink >= TAIL_SOURCE_INK
        and half_ink(sheet, one, away_from=r.id) <= FAR_CLEAR
        for r in by_id.values()
    )


def _overrun(sheet: SheetReading, ids: list[str], doubted: dict[str, str]) -> list[str]:
    """Of two bubbles of one place, the one holding only the tail of the other's mark (a
    fill, or a fill hatched out: its tail is a tail either way)."""
    if len(ids) != 2 or sheet.ink is None:
        return []
    for fill, tail in (ids, ids[::-1]):
        clear = FAR_CLEAR if fill not in doubted else FAR_CLEAR_BESIDE_DOUBT
        if (
            doubted.get(fill, HATCHED) == HATCHED
            and half_ink(sheet, fill, away_from=tail) >= THROUGH_FILL
            and half_ink(sheet, tail, away_from=fill) <= clear
        ):
            return [tail]
    return []


def half_ink(sheet: SheetReading, field_id: str, away_from: str) -> float:
    """The share inked of the half of circle ``field_id`` that faces away from the centre of
    field ``away_from`` (the disc of ``HALF_RADIUS``, less a band ``HALF_GAP`` about the
    line through its centre)."""
    from pnp.vision.reference import common_map

    sheet_map, s = common_map(sheet.code), sheet.px_per_mm
    f, other = sheet_map.field(field_id), sheet_map.field(away_from)
    (cx, cy), (ox, oy) = f.centre, other.centre
    length = float(np.hypot(cx - ox, cy - oy))
    dx, dy = (cx - ox) / length, (cy - oy) / length
    r = f.w / 2 * HALF_RADIUS
    h, w = sheet.ink.shape
    x0, y0 = max(0, int((cx - r) * s)), max(0, int((cy - r) * s))
    x1, y1 = min(w, int((cx + r) * s) + 1), min(h, int((cy + r) * s) + 1)
    ys, xs = np.mgrid[y0:y1, x0:x1]
    px, py = (xs + 0.5) / s - cx, (ys + 0.5) / s - cy
    half = (px**2 + py**2 <= r * r) & (px * dx + py * dy > r * HALF_GAP)
    ink = sheet.ink[y0:y1, x0:x1] > 0
    return float(ink[half].mean()) if half.any() else 0.0


def crowded_doubts(out: Assembled, answers: Answers) -> None:
    """Doubts on two bubbles filled in one digit place (or yes and no both), page by page,
    where the game's own reading has not named them: a bubbled total (read only to be
    checked) or a Solo page whose other page is missing would otherwise pass them."""
    from scoring.federation.sheet_fields import crowded

    asked = {(d.source, d.field) for d in out.doubtful}
    for sheet in out.sheets:
        for problem, ids in crowded(marked(sheet, answers)):
            ids = [i for i in ids if (sheet.source, i) not in asked]
            out.doubtful += doubts_on_fields([sheet], ids, problem, answers)
    out.doubtful = merge_doubts(out.doubtful)
