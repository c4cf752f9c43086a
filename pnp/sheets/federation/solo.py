"""The Federation Solo-mode tracker, two pages.

``rounds``: per round, the Solo card's value for each Senate floor (a minus
bubble and units 0-9) with the running sum to beat and your votes, and the
card's law-vote value. ``projects``: per round, the card's Influence on each
compared Major Project with its cumulative sum, then the end-of-game 10 / 4 / 0
PP comparison and the Joint Major Project.

Field ids (scheme in ``scoring.federation.sheet_fields``): ``r<r>-floor<f>``
and ``r<r>-law`` bubbles, ``r<r>-floor<f>-sum`` / ``-votes-write`` and
``r<r>-law-pp-write`` write-ins; ``r<r>-<project>`` bubbles and
``r<r>-<project>-sum``; ``end-<project>-yours`` bubbles,
``end-<project>-funded-yes|no``, ``end-<project>-cards-write``,
``end-<project>-pp-write``, ``end-joint-funded-yes|no``, ``end-total`` bubbles
and write-ins ``end-other<k>-name-write``.
"""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Rect, Style, Text
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.federation.common import (
    BOX_H,
    BUBBLE,
    MIN_TEXT,
    MUTED,
    PITCH,
    bubble,
    check_fits,
    inline_number,
    inline_width,
    rule,
    text_block,
    write_box,
)
from scoring.federation.sheet_fields import (
    compared_projects,
    end_total_number,
    floor_number,
    funded_id,
    funded_only_projects,
    influence_number,
    law_number,
    sum_id,
    write_id,
    write_in_project,
    yours_number,
)
from scoring.federation.solo_tracker import SoloTracker

VERSION = 1
SUBTITLE = "Federation - Solo Mode Tracker"
ROW = 9.5  # row pitch: a write-in box and a line of bubbles
TIGHT_ROW = 8.0  # the projects page holds more rows
HEAD = 3.0


def _project_labels(tracker: SoloTracker) -> dict[str, str]:
    labels = {p.id: p.short for p in tracker.major_projects}
    for pid in compared_projects(tracker):
        labels.setdefault(pid, f"Other {pid.removeprefix('other')}")
    return labels


def _round_band(b: SheetBuilder, palette: Palette, rnd: int, y: float, height: float) -> None:
    if rnd % 2 == 0 and palette.panel():
        b.add(
            Rect(
                CONTENT_LEFT,
                y - 1.0,
                CONTENT_RIGHT - CONTENT_LEFT,
                height,
                Style(stroke=None, fill=palette.panel("#f1f3f7")),
            )
        )
    b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.0))
    b.add(Text(CONTENT_LEFT, y + 5.2, f"Round {rnd}", 3.2, bold=True))


def build_rounds(tracker: SoloTracker, paper: Paper, serial: int, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    y = CONTENT_TOP + 1
    b.add(
        Text(
            CONTENT_LEFT,
            y + 2.4,
            "Fill the bubble of each value on this round's Solo card "
            "(and \u2212 if it is negative); write the sums.",
            2.9,
            bold=True,
        )
    )
    y += 5.0
    x_label = CONTENT_LEFT + 18
    x_bub = x_label + 20
    sample = floor_number(tracker, 1, tracker.senate.floors[0].id)
    x_sum = x_bub + inline_width(sample) + 4
    x_votes = x_sum + 26
    x_note = x_votes + 26
    heads = [
        (x_bub, "Solo card value"),
        (x_sum, "Sum of cards so far"),
        (x_votes, "Your face-up votes"),
    ]
    for x, text in heads:
        b.add(Text(x, y + HEAD, text, MIN_TEXT, bold=True, colour=MUTED))
    b.add(
        *text_block(
            "Majority: your votes greater than the sum. Law: add the card's "
            "value to the wing whose law gives you fewer PP.",
            CONTENT_RIGHT - x_note,
            MIN_TEXT,
            colour=MUTED,
        ).items(x_note, y - 1.0)
    )
    y += HEAD + 5.5
    rows = len(tracker.senate.floors) + 1
    for rnd in range(1, tracker.rounds + 1):
        _round_band(b, palette, rnd, y, rows * ROW + 1.5)
        for i, floor in enumerate(tracker.senate.floors):
            cy = y + i * ROW + BOX_H / 2
            b.add(Text(x_label, cy + 1.0, floor.label, 2.8))
            nb = floor_number(tracker, rnd, floor.id)
            meta = {"round": rnd, "floor": floor.id}
            inline_number(nb, b, x_bub, cy, {**meta, "quantity": "floor"})
            write_box(b, sum_id(rnd, floor.id), x_sum, y + i * ROW, 22, meta=meta)
            write_box(b, f"r{rnd}-{floor.id}-votes-write", x_votes, y + i * ROW, 22, meta=meta)
        cy = y + (rows - 1) * ROW + BOX_H / 2
        b.add(Text(x_label, cy + 1.0, "Law vote", 2.8))
        nb = law_number(tracker, rnd)
        inline_number(
            nb,
            b,
            x_bub + (PITCH + 1.6 if sample.signed else 0),
            cy,
            {"round": rnd, "quantity": "law"},
        )
        b.add(Text(x_votes - 2, cy + 1.0, "PP from the law", MIN_TEXT, "end", colour=MUTED))
        write_box(b, f"r{rnd}-law-pp-write", x_votes, y + (rows - 1) * ROW, 22, meta={"round": rnd})
        y += rows * ROW + 2.5
    b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.0))
    code = PageCode("federation", "solo", "rounds", VERSION, serial)
    check_fits(y, code)
    return b.finish(code, paper, "Solo: Senate and Laws", SUBTITLE)


def build_projects(
    tracker: SoloTracker, paper: Paper, serial: int, palette: Palette
) -> RenderedPage:
    b = SheetBuilder()
    labels = _project_labels(tracker)
    projects = compared_projects(tracker)
    y = CONTENT_TOP + 1
    b.add(
        Text(
            CONTENT_LEFT,
            y + 2.4,
            "Fill the bubble of each card's Influence; write the "
            "running sum. At the end: write the number, then fill one bubble per digit.",
            2.8,
            bold=True,
        )
    )
    y += 5.0
    others = [p for p in projects if write_in_project(p)]
    if others:
        b.add(Text(CONTENT_LEFT, y + 5.0, "Other Major Projects:", 2.8, bold=True))
        x = CONTENT_LEFT + 36
        w = (CONTENT_RIGHT - x) / len(others)
        for pid in others:
            b.add(Text(x, y + 5.0, labels[pid], 2.6, colour=MUTED))
            write_box(b, f"end-{pid}-name-write", x + 13, y, w - 15, meta={"project": pid})
            x += w
        y += BOX_H + 2.5

    per_row = 2
    x0 = CONTENT_LEFT + 17
    item_w = (CONTENT_RIGHT - x0) / per_row
    sample = influence_number(tracker, 1, projects[0])
    bub_off = 22.5
    sum_off = bub_off + inline_width(sample) + 1.5
    sum_w = item_w - sum_off - 2.5
    for k in range(per_row):
        b.add(
            Text(
                x0 + k * item_w + bub_off,
                y + HEAD,
                "Card Influence",
                MIN_TEXT,
                bold=True,
                colour=MUTED,
            )
        )
        b.add(Text(x0 + k * item_w + sum_off, y + HEAD, "Sum", MIN_TEXT, bold=True, colour=MUTED))
    y += HEAD + 2.5
    rows = (len(projects) + per_row - 1) // per_row
    for rnd in range(1, tracker.rounds + 1):
        _round_band(b, palette, rnd, y, rows * TIGHT_ROW + 1.0)
        for i, pid in enumerate(projects):
            x = x0 + (i % per_row) * item_w
            top = y + (i // per_row) * TIGHT_ROW
            cy = top + BOX_H / 2
            b.add(Text(x, cy + 1.0, labels[pid], 2.7))
            meta = {"round": rnd, "project": pid}
            inline_number(
                influence_number(tracker, rnd, pid),
                b,
                x + bub_off,
                cy,
                {**meta, "quantity": "influence"},
            )
            write_box(b, sum_id(rnd, pid), x + sum_off, top, sum_w, meta=meta)
        y += rows * TIGHT_ROW + 2.0
    y += 1.0
    code = PageCode("federation", "solo", "projects", VERSION, serial)
    _end_section(b, tracker, labels, projects, y, code)
    return b.finish(code, paper, "Solo: Major Projects", SUBTITLE)


def _end_section(
    b: SheetBuilder,
    tracker: SoloTracker,
    labels: dict[str, str],
    projects: list[str],
    y: float,
    code: PageCode,
) -> None:
    c = tracker.comparison
    b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.0))
    b.add(Text(CONTENT_LEFT, y + 3.4, "End of the game: Funded Major Projects", 3.4, bold=True))
    rule_text = (
        f"Your Influence at or above the 5 cards' sum: {c.at_or_above_pp} PP; below it "
        f"by at most {c.below_by_at_most}: {c.below_by_at_most_pp} PP; otherwise "
        f"{c.otherwise_pp} PP. Not funded: {c.otherwise_pp} PP. Joint Major Project "
        f"funded: {c.joint_funded_pp} PP. "
        "Copy the total PP to the score pad (Funded Major Projects)."
    )
    block = text_block(rule_text, CONTENT_RIGHT - CONTENT_LEFT, 2.6, colour=MUTED)
    b.add(*block.items(CONTENT_LEFT, y + 4.6))
    y += 4.6 + block.height + 1.5

    sample = yours_number(tracker, projects[0])
    x_write = CONTENT_LEFT + 24
    x_bub = x_write + 10
    x_fund = x_bub + inline_width(sample) + 3
    x_cards = x_fund + 2 * PITCH + 3
    x_pp = x_cards + 13
    b.add(Text(x_write, y + HEAD, "Your Influence", MIN_TEXT, bold=True, colour=MUTED))
    names = [p.name for p in sample.places]
    for place_x, name in zip(_place_starts(sample, x_bub), names, strict=True):
        b.add(Text(place_x + 12, y + HEAD, name, MIN_TEXT, colour=MUTED))
    b.add(Text(x_fund, y + HEAD, "Funded?", MIN_TEXT, bold=True, colour=MUTED))
    b.add(Text(x_cards, y + HEAD, "Cards", MIN_TEXT, bold=True, colour=MUTED))
    b.add(Text(x_pp, y + HEAD, "PP", MIN_TEXT, bold=True, colour=MUTED))
    y += HEAD + 1.5
    for pid in projects:
        cy = y + BOX_H / 2
        b.add(Text(CONTENT_LEFT, cy + 1.0, labels[pid], 2.7))
        nb = yours_number(tracker, pid)
        meta = {"project": pid}
        write_box(b, write_id(nb.prefix), x_write, y, 9, meta=meta)
        inline_number(nb, b, x_bub, cy, {**meta, "quantity": "yours"})
        _yes_no(b, pid, x_fund, cy)
        write_box(b, f"end-{pid}-cards-write", x_cards, y, 11, meta=meta)
        write_box(b, f"end-{pid}-pp-write", x_pp, y, 11, meta=meta)
        y += TIGHT_ROW
    for pid in funded_only_projects(tracker):
        cy = y + BOX_H / 2
        b.add(Text(CONTENT_LEFT, cy + 1.0, labels[pid], 2.7))
        b.add(
            Text(
                x_fund - 2, cy + 1.0, "no comparison: funded or not", MIN_TEXT, "end", colour=MUTED
            )
        )
        _yes_no(b, pid, x_fund, cy)
        write_box(b, f"end-{pid}-pp-write", x_pp, y, 11, meta={"project": pid})
        y += TIGHT_ROW
    check_fits(y, code)
    nb = end_total_number(tracker)
    cy = y + 1.0 + BOX_H / 2
    b.add(Text(CONTENT_LEFT, cy + 1.0, "Total PP", 2.9, bold=True))
    write_box(b, write_id(nb.prefix), x_write, y + 1.0, 9, meta={"quantity": "funded_pp"})
    right = x_bub + inline_number(nb, b, x_bub, cy, {"quantity": "funded_pp"})
    check_fits(y + 1.0 + BOX_H, code, right)  # the total row stays left of the QR symbol


def _place_starts(nb, x: float) -> list[float]:
    starts, cx = [], x
    for place in nb.places:
        starts.append(cx)
        cx += len(place.digits) * PITCH + 1.6
    return starts


def _yes_no(b: SheetBuilder, project: str, x: float, cy: float) -> None:
    for k, answer in enumerate((True, False)):
        bubble(
            b,
            funded_id(project, answer),
            x + BUBBLE / 2 + k * PITCH,
            cy,
            "Y" if answer else "N",
            {"project": project, "funded": answer},
        )
