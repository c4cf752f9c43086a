"""Federation sheets read into states: score pads and the Solo tracker.

- Score pads (``table`` and ``player`` layouts): every pad page of the batch makes one
  ``FederationState``, a player per used column. A ``player`` page is one player's
  column 1; pages are taken in serial order (pad copy *k* is player *k*). Digit bubbles
  become numbers (``scoring.federation.sheet_fields``) and the bubbled total is checked
  against the sum of the categories; a column that does not add up asks about the
  places one misread digit of which would explain it (``_one_digit_off``), or else
  about all its bubbles.
- The Solo tracker: its ``rounds`` and ``projects`` pages of one serial make one Solo
  state (``scoring.federation.solo_state``); a ``player`` pad page of that serial is
  the Solo player's pad and gives the state's ``score_pad``.

Bubble problems (two bubbles in a digit, a units place left empty) make the fields
concerned doubtful, so a mis-read never turns silently into a wrong score. Before they
are weighed, the page's own marks settle what they can: grain in the parts nobody played
(``unplayed``), a digit place's correction or specks (``bubble_digits``), the column
sums (``pad_sums``), faint ink beside a place's one clean mark (``one_of``). A number
those rules or the noise model leave unwritten by taking back a bubble inked like a fill
is asked (``_taken_back``): a correction says the player wrote it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from pnp.vision.answers import Answers, answer_for, marked, open_to_ask
from pnp.vision.assembled import Assembled, base_assembled, record_settled
from pnp.vision.bubble_digits import crowded_doubts, settled_digits
from pnp.vision.field_doubts import BUBBLE_MIN_COVERAGE, Doubt
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.one_of import beside_one_mark
from pnp.vision.pad_sums import settled_sums
from pnp.vision.sheet_doubts import doubts_on_fields, merge_doubts, open_doubts
from pnp.vision.sheet_reading import SheetReading
from pnp.vision.unplayed import settled_unplayed


def assemble_federation(
    sheets: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> list[Assembled]:
    """The score pad state of the batch's pads, and one Solo state per tracker serial
    (``learned``: the keys of ``answers`` the noise model gave, ``settled_digits``).

    A ``player`` score pad page with the serial of a Solo tracker in the batch is that
    Solo player's pad: it joins the Solo state (``score_pad``) instead of the pads.
    """
    from scoring.federation.bubbles import digit_place

    settled = settled_unplayed(sheets, answers)
    settled |= settled_digits(sheets, {**settled, **answers}, learned)
    # (before the sums: a faint bubble beside a place's fill is no digit of a total)
    settled |= beside_one_mark(sheets, {**settled, **answers}, digit_place)
    settled |= settled_sums(sheets, {**settled, **answers})
    settled |= beside_one_mark(sheets, {**settled, **answers}, digit_place, barely_filled=True)
    answers = {**settled, **answers}
    solo_serials = {s.code.serial for s in sheets if s.code.sheet == "solo"}

    def solo_game(s: SheetReading) -> bool:
        own_pad = s.code.sheet == "scorepad" and s.code.layout == "player"
        return s.code.serial in solo_serials and (s.code.sheet == "solo" or own_pad)

    solo = [s for s in sheets if solo_game(s)]
    rest = [s for s in sheets if not solo_game(s)]
    out = [_score_pads(rest, answers, learned)] if rest or not solo else []
    by_serial: dict[int, list[SheetReading]] = {}
    for s in solo:
        by_serial.setdefault(s.code.serial, []).append(s)
    out += [_solo(serial, group, answers, learned) for serial, group in sorted(by_serial.items())]
    for assembled in out:
        crowded_doubts(assembled, answers)
        assembled.doubtful = merge_doubts(
            assembled.doubtful + _taken_back(assembled.sheets, answers, learned | settled.keys())
        )
        record_settled(assembled, settled)
    return out


def _taken_back(
    sheets: list[SheetReading], answers: Answers, inferred: Collection[str]
) -> list[Doubt]:
    """Doubts on the units bubbles of each number left with no bubble filled by answers
    no person gave (``inferred``, "SOURCE:FIELD": the page's rules', the noise model's),
    where a bubble so answered empty was read inked like a fill
    (``field_doubts.BUBBLE_MIN_COVERAGE``, not grain): a mark taken back is a correction,
    and a player who corrected a number wrote it, in a bubble too faint to read. Seed 726
    #314, a hard player pad: the Piracy Major Project's units-1 hatched out (34%
    inked), its units-0 fill showing no ink at the ink step; the column's sum
    (``pad_sums``) settled units-1 empty, the total adding up with the number unwritten
    as with 0, and the Piracy module was left out of the state, nothing asked."""
    from scoring.federation.bubbles import digit_numbers, digit_places

    out = []
    for sheet in sheets:
        marks = marked(sheet, answers)
        inked = {r.id for r in sheet.readings if r.coverage >= BUBBLE_MIN_COVERAGE}
        for number, ids in sorted(digit_numbers(sheet.kinds).items()):
            if marks.intersection(ids):
                continue
            taken = [i for i in ids if i in inked and f"{sheet.source}:{i}" in inferred]
            if not taken:
                continue
            units = digit_places(ids).get((number, "units"), [])
            why = (
                f"{number}: {', '.join(taken)} taken for no mark (a mark taken back?), "
                "no other bubble filled: is one of these filled?"
            )
            out += doubts_on_fields([sheet], units, why, answers)
    return out


def _bubble_doubts(
    out: Assembled,
    sheets: list[SheetReading],
    problems: list[str],
    answers: Answers,
    learned: frozenset[str] = frozenset(),
) -> None:
    """Each BubbleError problem (``"<prefix>: <what>"``) as doubts on the marked or
    doubtful fields it names, or as a note when no sheet holds such a field.

    A Solo tracker's blank row left empty in some rounds (``r3-other2: no units bubble
    filled``, or at the end of the game) names no marked field: the row's marks
    elsewhere are doubted instead, since a stray mark there would make the row look
    used. A number with no marked field at all, the one such in its column
    (``p2-medals_of_honor: no units bubble filled``: a fill too faint to read), has the
    empty place's bubbles asked, which of them is filled, or those of them asked already
    for their ink alone (seed 692 #934, a hard score pad: the column was not scored, and
    nothing was asked). Where a score pad's column holds several, a stray mark made it
    look used, and the column's marks are asked (19 such pages on 38 hard and
    every-level sets, none holding a fill in an empty place); a column with no mark at
    all is one note.

    A bubble of that empty place the noise model answered empty (``learned``: the keys
    of ``answers`` it gave) is asked too, its answer open to the person: the model was
    sure the faint ink was grain, and the rule says one bubble is filled. (Seed 791 #114,
    a hard Solo page: the model read the end's Arratooine units-2, a fill too faint to
    read, empty, and the question went to the place's nine other bubbles.)"""
    from scoring.federation.bubbles import digit_places
    from scoring.federation.sheet_fields import player_of, tracker_row, write_in_project

    unnamed = []
    for problem in problems:
        prefix = problem.split(":")[0]
        row = tracker_row(prefix)
        named = False
        for sheet in sheets:
            ids = _marked_fields(sheet, answers, re.escape(prefix) + "-")
            if not ids and row and write_in_project(row):
                ids = _marked_fields(sheet, answers, rf"(r\d+|end)-{row}-")
            if ids:
                named = True
                out.doubtful += doubts_on_fields([sheet], ids, problem, answers)
        if not named:
            unnamed.append(problem)
    columns = Counter(p.split("-")[0] for p in unnamed)
    strays: set[str] = set()  # columns whose marks are asked, or noted as a whole
    for problem in unnamed:
        column = problem.split("-")[0]
        if column in strays:
            continue
        place = re.fullmatch(r"(.+): no (\w+) bubble filled", problem)
        pad_column = player_of(problem)
        asked = []
        if place and columns[column] == 1:
            for sheet in sheets:
                ids = digit_places(sheet.kinds).get((place[1], place[2]), [])
                # a bubble of the place asked already (for faint ink) is the one to ask,
                # or one the model answered empty
                doubted = {d.field for d in open_doubts(sheet, answers)}
                doubted |= {i for i in ids if f"{sheet.source}:{i}" in learned}
                ids = [i for i in ids if i in doubted] or ids
                open_ = open_to_ask(answers, learned)
                asked += doubts_on_fields([sheet], ids, f"{problem}: is one of these?", open_)
        elif pad_column is not None:
            why = f"{column}: {columns[column]} numbers with no bubble filled: a stray mark?"
            for sheet in sheets:
                ids = _marked_fields(sheet, answers, f"{column}-")
                asked += doubts_on_fields([sheet], ids, why, answers)
            if asked:
                strays.add(column)
        out.doubtful += asked
        if asked:
            continue
        where = " + ".join(s.source for s in sheets)
        if pad_column is not None and columns[column] > 1:
            # one note for the column, not one a number
            n = columns[column]
            out.notes.append(f"{where}: column {pad_column}: {n} numbers with no bubble filled")
            strays.add(column)
        else:
            out.notes.append(f"{where}: {problem}")


def _bubbled_total(
    out: Assembled, sheets: list[SheetReading], total, marks: set[str], answers: Answers
) -> int | None:
    """The number bubbled as ``total`` (a ``NumberBubbles``), or None where it is not
    bubbled or does not decode. A total bubbled in part (a tens bubble, no units: the
    units place is always filled) is asked about, its marked bubbles and those read
    hatched out with it: a units bubble read as hatched out, say, would otherwise leave
    the total unchecked. (Two bubbles in one place are ``crowded_doubts``' to ask.)"""
    from scoring.federation.bubbles import BubbleError

    try:
        return total.decode(marks)
    except BubbleError:
        start = f"{total.prefix}-"
        empty = total.empty_places(marks)
        if empty and any(m.startswith(start) for m in marks):
            reason = f"{total.prefix}: bubbled in part, no {' or '.join(empty)} bubble filled"
            for sheet in sheets:
                ids = [
                    r.id
                    for r in sheet.readings
                    if r.id.startswith(start) and (r.id in marks or r.hatched)
                ]
                out.doubtful += doubts_on_fields([sheet], ids, reason, answers)
        return None


def _marked_fields(sheet: SheetReading, answers: Answers, start: str) -> list[str]:
    """The field ids of ``sheet`` matching regex ``start`` (from their first character)
    that are read as marked or doubtful, or read as hatched out (a fill taken for a
    correction leaves its place empty: the one bubble to ask about)."""
    marks = marked(sheet, answers)
    return [
        r.id
        for r in sheet.readings
        if re.match(start, r.id)
        and sheet.kinds[r.id] not in UNREAD_KINDS
        and (r.id in marks or r.state == "doubtful" or r.hatched)
    ]


# --- score pads ------------------------------------------------------------------


def _score_pads(
    sheets: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> Assembled:
    from scoring.federation.bubbles import BubbleError
    from scoring.federation.score_pad import load_score_pad
    from scoring.federation.sheet_fields import (
        modules_marked,
        player_of,
        read_score_pad,
        total_number,
    )

    out = base_assembled("federation", sheets, answers)
    out.notes += [
        f"{s.source}: the Federation {s.code.sheet} sheet has no state"
        for s in sheets
        if s.code.sheet != "scorepad"
    ]
    pads = [s for s in sheets if s.code.sheet == "scorepad"]
    pad = load_score_pad()
    players, failed, modules_used = [], False, set()
    for sheet in sorted(pads, key=lambda s: s.code.serial):
        marks = marked(sheet, answers)
        used = sorted({player_of(m) for m in marks} - {None})
        if not used:
            out.notes.append(f"{sheet.source}: no filled column on the score pad")
            continue
        columns = max(used)
        modules = modules_marked(pad, marks)
        try:
            values = read_score_pad(pad, marks, columns, modules)
        except BubbleError as exc:
            failed = True
            _bubble_doubts(out, [sheet], exc.problems, answers, learned)
            continue
        for n in range(1, columns + 1):
            column = values[f"p{n}"]
            total, summed = total_number(pad, n), sum(column.values())
            written = _bubbled_total(out, [sheet], total, marks, answers)
            if written is not None and written != summed:
                ids = [
                    i
                    for i in _marked_fields(sheet, answers, re.escape(f"p{n}-"))
                    if answer_for(answers, sheet.source, i) is None
                ]
                ids = _one_digit_off(ids, marks, written - summed, total.prefix) or ids
                out.doubtful += doubts_on_fields(
                    [sheet],
                    ids,
                    f"column {n}: the bubbled total {written} is not the sum of its "
                    f"categories ({summed})",
                    answers,
                )
            out.columns.append((sheet.source, n))
            players.append(
                {
                    "name": f"Player {len(players) + 1}",
                    "serial": sheet.code.serial or None,
                    "values": column,
                }
            )
        modules_used |= set(modules)
    out.doubtful = merge_doubts(out.doubtful)
    if players and not failed:
        out.state = {"game": "federation", "modules": sorted(modules_used), "players": players}
    return out


def _one_digit_off(ids: list[str], marks: set[str], off: int, total: str) -> list[str]:
    """The bubbles of ``ids`` in the digit places where one digit read otherwise makes a
    column's bubbled total (the number ``total``) the sum of its categories (``off``: the
    total less the sum; a score pad's numbers are never negative): one bubble misread
    asks about its place, not the column's every bubble. Empty where no one digit does.

    Seed 685 #104 (an easy player page): Piracy's tens bubble 8 read filled (it is not), the
    total 124 against the categories' 204; the column's 11 filled bubbles were
    asked. Only Game PP's tens (9 for 1) and Piracy's (8 for 0) are 80 off."""
    from scoring.federation.bubbles import PLACES, digit_places

    out = []
    for (prefix, place), members in digit_places(ids).items():
        step = 10 ** PLACES.index(place)
        if off % step:
            continue
        filled = [int(m.rsplit("-", 1)[1]) for m in members if m in marks]
        now = filled[0] if len(filled) == 1 else 0
        then = now - off // step if prefix == total else now + off // step
        if then != now and 0 <= then <= 9:
            out += members
    return out


# --- the Solo tracker --------------------------------------------------------------


def _solo_problems(tracker, marks: set[str], sheets: list[SheetReading]) -> list[str]:
    """The bubble problems of the Solo tracker pages in ``sheets`` when the other page
    is missing: the checks of a whole tracker, each problem kept if it names fields of
    these pages (an empty place on the missing page is no problem of theirs). The
    projects are taken from the end of game (the rounds that carry them may be missing)."""
    from scoring.federation import sheet_fields as sf
    from scoring.federation.bubbles import BubbleError

    problems: list[str] = []
    for check in (
        lambda: sf.read_solo_cards(tracker, marks),
        lambda: sf.read_solo_end(tracker, marks, _end_projects(tracker, marks)),
    ):
        try:
            check()
        except BubbleError as exc:
            problems += exc.problems
    ids = [r.id for s in sheets for r in s.readings]
    return [p for p in problems if any(i.startswith(p.split(":")[0] + "-") for i in ids)]


def _end_projects(tracker, marks: set[str]) -> list[str]:
    """The projects compared at the end of game, as its bubbles show them (a blank
    "other" row only where any of its end bubbles is filled)."""
    from scoring.federation import sheet_fields as sf

    return [
        p
        for p in sf.compared_projects(tracker)
        if not sf.write_in_project(p) or any(m.startswith(f"end-{p}-") for m in marks)
    ]


def _solo(
    serial: int, sheets: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> Assembled:
    """The tracker's ``rounds`` and ``projects`` pages of ``serial`` as one Solo state,
    with the player's score pad page of that serial (if any) as its ``score_pad``.

    The bubbled total of the Funded Major Projects PP is checked against what the
    comparison gives, and so is the pad's copy of it; a disagreement makes those
    fields doubtful.
    """
    from scoring.federation import sheet_fields as sf
    from scoring.federation.bubbles import BubbleError
    from scoring.federation.solo_state import InvalidState, check, parse_state, score
    from scoring.federation.solo_tracker import load_solo_tracker

    out = base_assembled("federation", sheets, answers)
    tracker = load_solo_tracker()
    pad_pages = [s for s in sheets if s.code.sheet == "scorepad"]
    sheets = [s for s in sheets if s.code.sheet == "solo"]
    pages = {s.code.layout for s in sheets}
    missing = [page for page in ("rounds", "projects") if page not in pages]
    if missing:
        out.notes.append(
            f"serial {serial}: no Solo tracker {' or '.join(missing)} page in the batch; "
            "a Solo game needs both"
        )
        # no state without both, but the page's own numbers are still checked: a
        # bubble read as hatched out leaves its place empty, and is asked; so is the
        # projects page's total bubbled in part (seed 821 #99, a real-mode projects
        # page alone: its Total PP's units 0, a fill drawn past its circle, read
        # hatched out, the total a tens bubble alone, and nothing asked)
        marks = set().union(*(marked(s, answers) for s in sheets))
        problems = _solo_problems(tracker, marks, sheets)
        _bubble_doubts(out, sheets, problems, answers, learned)
        if "projects" in pages:
            _bubbled_total(out, sheets, sf.end_total_number(tracker), marks, answers)
        out.doubtful = merge_doubts(out.doubtful)
        return out
    score_pad = None
    if pad_pages:
        pad_read = _score_pads(pad_pages, answers, learned)
        out.doubtful += pad_read.doubtful
        out.notes += pad_read.notes
        if pad_read.state is not None:
            score_pad = pad_read.state["players"][0]["values"]
    marks = set().union(*(marked(s, answers) for s in sheets))
    problems: list[str] = []
    try:
        cards = sf.read_solo_cards(tracker, marks)
        projects = list(cards[0].influence) if cards else []
    except BubbleError as exc:
        # the end of the game is still read, so every doubt is asked at once
        problems += exc.problems
        projects = _end_projects(tracker, marks)
    try:
        end = sf.read_solo_end(tracker, marks, projects)
    except BubbleError as exc:
        problems += exc.problems
    if problems or (pad_pages and score_pad is None):
        _bubble_doubts(out, sheets, problems, answers, learned)
        out.doubtful = merge_doubts(out.doubtful)
        return out
    state = {
        "game": "federation",
        "mode": "solo",
        "name": f"Player {serial}",
        "serial": serial or None,
        "cards": [
            {"floors": list(c.floors), "law_vote": c.law_vote, "influence": dict(c.influence)}
            for c in cards
        ],
        "projects": {p: {"yours": end.yours[p], "funded": p in end.funded} for p in projects},
        "joint_funded": end.joint_funded,
    }
    if score_pad is not None:
        state["score_pad"] = score_pad
    try:
        parsed = parse_state(state)
    except InvalidState as exc:
        out.notes += [f"serial {serial}: {p}" for p in exc.problems]
        return out
    for problem in check(parsed, tracker):
        if problem.field == "score_pad.funded_major_projects":
            # the pad's copy of the tracker's total, or the tracker, is misread
            ids = sorted(m for m in marks if m.startswith("end-"))
            ids += sorted(m for s in pad_pages for m in marked(s, answers) if "-funded_" in m)
            doubts = doubts_on_fields([*sheets, *pad_pages], ids, str(problem), answers)
            out.doubtful += doubts
            if doubts:
                continue
        # answered fields that still break a rule: a person must look at the sheets
        out.notes.append(f"serial {serial}: {problem}")
    if out.notes or any(d.reason.startswith("score_pad.") for d in out.doubtful):
        out.doubtful = merge_doubts(out.doubtful)
        return out
    written = _bubbled_total(out, sheets, sf.end_total_number(tracker), marks, answers)
    computed = score(parsed, tracker).funded.total
    if written is not None and written != computed:
        ids = sorted(m for m in marks if m.startswith("end-"))
        out.doubtful += doubts_on_fields(
            sheets,
            ids,
            f"the bubbled Funded Major Projects total {written} is not what the "
            f"comparison gives ({computed})",
            answers,
        )
    out.doubtful = merge_doubts(out.doubtful)
    out.state = state
    return out
