"""The Stellar Drift tracker sheet: ship repair tracks, captain skills, section bonuses,
cube storage, end game scoring, the tie-breaker and the solo chart.

Every number comes from the tracker layout (layouts/stellar_drift/tracker.yaml);
this module only decides where things go; the drawing pieces are in common.py.
"""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import (
    CONTENT_BOTTOM,
    CONTENT_LEFT,
    CONTENT_RIGHT,
    CONTENT_TOP,
)
from pnp.render.scene import Item, Rect, Style, Text, translate
from pnp.render.symbols import icon
from pnp.render.text import text_width, wrap
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.stellar_drift.common import (
    COLOUR_NAMES,
    HOW_TO_MARK,
    IN_BOX_ICON,
    MARK_LINE,
    SOFT,
    ability_box,
    ability_row,
    block_height,
    bubble,
    centred_text,
    colour_badge,
    icon_row,
    mark_box,
    qr_clear_left,
    section_title,
    text_block,
)
from scoring.stellar_drift.layout import ShipTrack, Tracker

# --- The tracker sheet ------------------------------------------------------------------------

L, R = CONTENT_LEFT, CONTENT_RIGHT
WIDTH = R - L
GAP = 3.0  # between sections

TRACK_LABEL_W = 30.0
TRACK_BOX = 9.5
TRACK_PITCH = 10.6
TRACK_ROW = 14.2  # box, its VP line, and air
ABILITY_BOX = 7.5

ROUND_D = 5.2
ROUND_PITCH = 6.1
CHOICE_BOX = 7.0

BONUS_BOX = 7.2
USE_BOX = 6.0
SLOT = 13.0
WRITE_W, WRITE_H = 13.6, 10.0
BUBBLE_D = 5.0
BUBBLE_PITCH = 6.1


def build_tracker_sheet(
    tracker: Tracker, paper: Paper, serial: int, palette: Palette
) -> RenderedPage:
    b = SheetBuilder()
    b.add(
        Text(
            L,
            CONTENT_TOP + 2.6,
            HOW_TO_MARK + " Write your scores in the boxes at the end.",
            2.8,
            colour="#333333",
        )
    )
    y = CONTENT_TOP + 5.0
    y = _ship_tracks(b, tracker, palette, y) + GAP
    y = _captain_skills(b, tracker, palette, y) + GAP
    y = _bonus_storage_solo(b, tracker, palette, y) + GAP
    y = _end_scoring(b, tracker, palette, y) + GAP
    code = PageCode("stellar-drift", "tracker", tracker.id, tracker.version, serial)
    y = _tie_breaker(b, tracker, y, qr_clear_left(code))
    if y > CONTENT_BOTTOM + 0.01:
        raise ValueError(
            f"tracker sheet content runs {y - CONTENT_BOTTOM:.1f} mm past the "
            "content box; shorten tracker.yaml texts or tracks"
        )
    return b.finish(code, paper, tracker.name, "Stellar Drift - Tracker Sheet")


def _track_fill(track: ShipTrack, palette: Palette) -> str | None:
    return palette.tint(track.colour) if track.colour else palette.panel()


def _ship_tracks(b: SheetBuilder, tracker: Tracker, palette: Palette, y: float) -> float:
    b.add(
        *section_title(
            L, y, WIDTH, "Ship Repair Tracks", "Each track symbol: check the leftmost open box."
        )
    )
    y += 7.0
    abilities = {a.id: a for a in tracker.abilities}
    longest = max(len(t.boxes) for t in tracker.ship_tracks)
    x_boxes = L + TRACK_LABEL_W
    x_end = x_boxes + (longest - 1) * TRACK_PITCH + TRACK_BOX
    for track in tracker.ship_tracks:
        fill = _track_fill(track, palette)
        cy = y + TRACK_BOX / 2
        label = Style(stroke="#000000", fill=fill, width=0.3)
        b.add(
            Rect(L, y, TRACK_LABEL_W - 2.2, TRACK_BOX, label, 1.4),
            *icon(track.id, L + 4.6, cy, 6.0),
            Text(L + 8.8, cy + 1.0, track.name, 2.9, bold=True),
        )
        for n, box in enumerate(track.boxes, 1):
            x = x_boxes + (n - 1) * TRACK_PITCH
            ink = mark_box(x, y, TRACK_BOX, TRACK_BOX, fill)
            if box.symbols:
                s = 6.0 if len(box.symbols) == 1 else 4.0
                ink += icon_row(list(box.symbols), x + TRACK_BOX / 2, cy, s, 0.5, IN_BOX_ICON)
            meta = {"track": track.id, "index": n, "symbols": list(box.symbols), "vp": box.vp}
            b.add_field(
                Field(f"track-{track.id}-{n}", "track_box", x, y, TRACK_BOX, TRACK_BOX, meta=meta),
                ink,
            )
            if box.vp is not None:
                b.add(
                    Text(
                        x + TRACK_BOX / 2,
                        y + TRACK_BOX + 2.9,
                        f"{box.vp} VP",
                        2.6,
                        "middle",
                        bold=True,
                    )
                )
        unlocked = [abilities[box.ability] for box in track.boxes if box.ability]
        if unlocked:
            ability_row(b, unlocked[0], x_end + 1.4, y + TRACK_BOX / 2, R, ABILITY_BOX, 1.2)
        y += TRACK_ROW
    legend = ["energy", "bag", "energy_income", "cube_income", "padlock"]
    meaning = {
        "energy": "gain 1 Energy",
        "bag": "pull 1 Cube",
        "energy_income": "+1 Energy Income",
        "cube_income": "+1 Cube Income",
        "padlock": "unlock the ability",
    }
    x = L
    y += 1.6
    for name in legend:
        b.add(*icon(name, x + 2.2, y, 4.2))
        b.add(Text(x + 5.2, y + 1.0, meaning[name], 2.6))
        x += 6.5 + text_width(meaning[name], 2.6) + 4.0
    b.add(Text(R, y + 1.0, "Income: check it on your Tech Sheet.", 2.6, "end", colour=SOFT))
    return y + 2.4


def _captain_skills(b: SheetBuilder, tracker: Tracker, palette: Palette, y: float) -> float:
    b.add(
        *section_title(
            L,
            y,
            WIDTH,
            "Captain Skills",
            "Setup: check one skill. Once per round: pay, then check the round.",
        )
    )
    y += 7.0
    n = len(tracker.captain_skills)
    gap = 2.6
    card_w = (WIDTH - (n - 1) * gap) / n
    size = 2.6
    texts = [wrap(s.text, size, card_w - 4.0) for s in tracker.captain_skills]
    text_h = block_height(max(len(t) for t in texts), size)
    card_h = 2.2 + ROUND_D + 2.4 + CHOICE_BOX + 1.6 + text_h + 1.8
    for i, skill in enumerate(tracker.captain_skills):
        x = L + i * (card_w + gap)
        b.add(Rect(x, y, card_w, card_h, Style(stroke="#777777", width=0.3), 1.8))
        span = (tracker.rounds - 1) * ROUND_PITCH + ROUND_D
        rx = x + (card_w - span) / 2 + ROUND_D / 2
        ry = y + 2.2 + ROUND_D / 2
        for r in range(1, tracker.rounds + 1):
            cx = rx + (r - 1) * ROUND_PITCH
            b.add_field(
                Field(
                    f"skill-{skill.colour}-round-{r}",
                    "round_circle",
                    cx,
                    ry,
                    ROUND_D,
                    ROUND_D,
                    "circle",
                    {"colour": skill.colour, "round": r},
                ),
                bubble(cx, ry, ROUND_D, str(r)),
            )
        cy = y + 2.2 + ROUND_D + 2.4
        b.add_field(
            Field(
                f"skill-{skill.colour}",
                "skill_choice",
                x + 2.0,
                cy,
                CHOICE_BOX,
                CHOICE_BOX,
                meta={"colour": skill.colour},
            ),
            mark_box(x + 2.0, cy, CHOICE_BOX, CHOICE_BOX, palette.tint(skill.colour)),
        )
        mid = cy + CHOICE_BOX / 2
        b.add(
            colour_badge(skill.colour, x + 2.0 + CHOICE_BOX + 3.8, mid, 4.8, palette),
            Text(x + 2.0 + CHOICE_BOX + 7.8, mid - 0.4, COLOUR_NAMES[skill.colour], 3.0, bold=True),
            Text(x + 2.0 + CHOICE_BOX + 7.8, mid + 3.0, f"Cost: {skill.cost}", 2.6),
        )
        b.add(*text_block(x + 2.0, cy + CHOICE_BOX + 1.6, texts[i], size))
    return y + card_h


def _bonus_storage_solo(b: SheetBuilder, tracker: Tracker, palette: Palette, y: float) -> float:
    left_w = 116.0
    bottom = _section_bonus(b, tracker, palette, L, y, left_w)
    rx = L + left_w + 5.0
    rw = R - rx
    y2 = _cube_storage(b, tracker, rx, y, rw) + GAP
    y2 = _solo_chart(b, tracker, rx, y2, rw)
    return max(bottom, y2)


def _section_bonus(
    b: SheetBuilder, tracker: Tracker, palette: Palette, x: float, y: float, w: float
) -> float:
    b.add(*section_title(x, y, w, "Repaired Sections Bonus"))
    y += 6.6
    intro = (
        f"The first time you fully repair a section of a color, check its box "
        f"({tracker.section_bonus_vp} VP). Each checked box unlocks one ability below: "
        "check the one you use."
    )
    lines = wrap(intro, 2.6, w)
    b.add(*text_block(x, y, lines, 2.6))
    y += block_height(len(lines), 2.6) + 1.6
    first_col = x + 27.0
    col_w = (x + w - first_col) / len(tracker.section_bonus_abilities)
    heads = [wrap(a.text, 2.5, col_w - 1.5) for a in tracker.section_bonus_abilities]
    head_h = block_height(max(len(h) for h in heads), 2.5)
    for j, lines in enumerate(heads):
        b.add(
            *text_block(
                first_col + (j + 0.5) * col_w,
                y + head_h - block_height(len(lines), 2.5),
                lines,
                2.5,
                "middle",
            )
        )
    y += head_h + 1.4
    row = BONUS_BOX + 1.4
    colours = [s.colour for s in tracker.captain_skills]
    for i, colour in enumerate(colours):
        ry = y + i * row
        cy = ry + BONUS_BOX / 2
        b.add(colour_badge(colour, x + 3.0, cy, 5.0, palette))
        b.add_field(
            Field(
                f"bonus-{colour}",
                "bonus_box",
                x + 6.8,
                ry,
                BONUS_BOX,
                BONUS_BOX,
                meta={"colour": colour, "vp": tracker.section_bonus_vp},
            ),
            mark_box(x + 6.8, ry, BONUS_BOX, BONUS_BOX, palette.tint(colour)),
        )
        b.add(Text(x + 16.4, cy + 1.0, f"{tracker.section_bonus_vp} VP", 2.8, bold=True))
        for j, ability in enumerate(tracker.section_bonus_abilities):
            ux = first_col + (j + 0.5) * col_w - USE_BOX / 2
            b.add_field(
                Field(
                    f"bonus-{colour}-use-{ability.id}",
                    "ability_box",
                    ux,
                    cy - USE_BOX / 2,
                    USE_BOX,
                    USE_BOX,
                    meta={"colour": colour, "ability": ability.id},
                ),
                ability_box(ux, cy - USE_BOX / 2, USE_BOX),
            )
    return y + len(colours) * row - 1.4


def _cube_storage(b: SheetBuilder, tracker: Tracker, x: float, y: float, w: float) -> float:
    b.add(*section_title(x, y, w, "Cube Storage"))
    y += 6.6
    for k in range(1, tracker.storage_slots + 1):
        sx = x + (k - 1) * (SLOT + 3.0)
        ink = [
            Rect(
                x + (k - 1) * (SLOT + 3.0) + 0.2,
                y + 0.2,
                SLOT - 0.4,
                SLOT - 0.4,
                Style(stroke="#000000", width=0.4, dash=(1.2, 0.8)),
                1.5,
            ),
            *icon("cube", sx + SLOT / 2, y + SLOT / 2, 6.0, "#aaaaaa"),
        ]
        b.add_field(Field(f"storage-{k}", "cube_slot", sx, y, SLOT, SLOT, meta={"slot": k}), ink)
    tx = x + tracker.storage_slots * (SLOT + 3.0) + 0.5
    note = (
        f"Cleanup: keep up to {tracker.storage_slots} unspent cubes here; "
        "return the rest to the bag."
    )
    lines = wrap(note, 2.6, x + w - tx)
    b.add(*text_block(tx, y + SLOT / 2 - block_height(len(lines), 2.6) / 2, lines, 2.6))
    return y + SLOT


def _solo_chart(b: SheetBuilder, tracker: Tracker, x: float, y: float, w: float) -> float:
    b.add(*section_title(x, y, w, "Solo Chart"))
    y += 6.6
    row = 3.5
    for i, band in enumerate(tracker.solo_chart):
        span = f"{band.min} - {band.max}" if band.max is not None else f"{band.min}+"
        ty = y + 2.6 + i * row
        b.add(Text(x + 14.0, ty, span, 2.7, "end", bold=True), Text(x + 17.0, ty, band.label, 2.7))
    return y + len(tracker.solo_chart) * row


def _end_scoring(b: SheetBuilder, tracker: Tracker, palette: Palette, y: float) -> float:
    b.add(
        *section_title(
            L, y, WIDTH, "End Game Scoring", "Tracks: only the largest VP you reached counts."
        )
    )
    y += 7.0
    cats: list[tuple[str, list[Item], str]] = [
        ("sections", [], "Repaired Sections"),
        ("bonus", [], "Sections Bonus"),
    ]
    for t in tracker.ship_tracks:
        cats.append((t.id, icon(t.id, 0, 0, 4.6), t.name))
    for colour in ("yellow", "green", "red"):
        cats.append(
            (
                f"tech-{colour}",
                [colour_badge(colour, 0, 0, 4.4, palette)],
                f"{COLOUR_NAMES[colour]} Tech",
            )
        )
    cats.append(("total", [], "Total"))
    op = (WIDTH - len(cats) * WRITE_W) / (len(cats) - 1)
    label_h = 10.5
    by = y + label_h
    for i, (cat, pict, name) in enumerate(cats):
        x = L + i * (WRITE_W + op)
        cx = x + WRITE_W / 2
        total = cat == "total"
        size = 3.2 if total else 2.5
        lines = wrap(name, size, WRITE_W + op - 1.0, total) if not pict else [name]
        if pict:
            b.add(*translate(pict, cx, y + 2.6))
        top = by - 1.2 - block_height(len(lines), size)
        b.add(*text_block(cx, top, lines, size, "middle", total))
        width = 0.7 if total else MARK_LINE
        b.add_field(
            Field(f"score-{cat}", "write_in", x, by, WRITE_W, WRITE_H, meta={"category": cat}),
            mark_box(x, by, WRITE_W, WRITE_H, None, width, 1.0),
        )
        if i < len(cats) - 1:
            sign = "=" if i == len(cats) - 2 else "+"
            b.add(centred_text(x + WRITE_W + op / 2, by + WRITE_H / 2, sign, 3.6, True))
    return by + WRITE_H


def _tie_breaker(b: SheetBuilder, tracker: Tracker, y: float, right: float) -> float:
    """Leftover energy and cube bubbles; the rule text stays left of ``right`` (the QR code)."""
    e, c = tracker.tie_breaker["energy"], tracker.tie_breaker["cube"]
    b.add(
        *section_title(
            L,
            y,
            WIDTH,
            "Tie-Breaker: Leftover Resources",
            "Fill one bubble on each row at the end of the game.",
        )
    )
    y += 7.0
    rows = [
        ("energy", "Energy left", tracker.max_energy),
        ("cubes", "Cubes left", tracker.max_leftover_cubes),
    ]
    label_w = 25.0
    bubbles_right = L
    for i, (key, label, top) in enumerate(rows):
        cy = y + BUBBLE_D / 2 + i * (BUBBLE_D + 1.8)
        b.add(
            *icon("energy" if key == "energy" else "cube", L + 2.2, cy, 4.2),
            Text(L + 5.6, cy + 1.0, label, 2.8, bold=True),
        )
        for v in range(top + 1):
            bx = L + label_w + v * BUBBLE_PITCH
            b.add_field(
                Field(
                    f"leftover-{key}-{v}",
                    "bubble",
                    bx,
                    cy,
                    BUBBLE_D,
                    BUBBLE_D,
                    "circle",
                    {"value": v},
                ),
                bubble(bx, cy, BUBBLE_D, str(v)),
            )
            bubbles_right = max(bubbles_right, bx + BUBBLE_D / 2)
    tx = bubbles_right + 4.0
    rule = (
        f"If tied, the most leftover resources wins: each Energy counts\u00a0{e}, each "
        f"Cube counts\u00a0{c}. Still tied? Share the win."
    )
    size = 2.6
    lines = wrap(rule, size, right - tx)
    h = 2 * BUBBLE_D + 1.8
    b.add(*text_block(tx, y + h / 2 - block_height(len(lines), size) / 2, lines, size))
    return y + max(h, block_height(len(lines), size))
