"""The Stellar Drift tracker sheet: ship repair tracks, captain skills, section bonuses,
cube storage, end game scoring, the tie-breaker and the solo chart.

Every number comes from the tracker layout (layouts/stellar_drift/tracker.yaml);
this module only decides where things go. The small drawing pieces at the top
(mark boxes, ability boxes, bubbles, wrapped text) are shared with the tech sheet.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import (
    CONTENT_BOTTOM,
    CONTENT_LEFT,
    CONTENT_RIGHT,
    CONTENT_TOP,
    QR_MODULE,
    frame_items,
)
from pnp.render.scene import Circle, Item, Line, Rect, Style, Text, translate
from pnp.render.symbols import icon
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.stellar_drift.common import colour_badge, icon_row
from scoring.stellar_drift.layout import Ability, ShipTrack, Tracker

# --- Drawing pieces shared with the tech sheet ------------------------------------------------

MARK_LINE = 0.35  # mm: outline of every mark box
SOFT = "#555555"  # secondary text and printed numbers inside marks
RULE = "#888888"
HOW_TO_MARK = "Check a box: a cross or a tick. Fill a bubble."
COLOUR_NAMES = {"blue": "Blue", "yellow": "Yellow", "red": "Red", "green": "Green"}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Printed width in mm of ``text`` at font size ``size`` mm."""
    return stringWidth(text, "Helvetica-Bold" if bold else "Helvetica", size)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm (a long word keeps its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def text_block(
    x: float,
    top: float,
    lines: list[str],
    size: float,
    anchor: str = "start",
    bold: bool = False,
    colour: str = "#000000",
    leading: float = 1.2,
) -> list[Item]:
    """Lines of text whose first line's cap height starts at ``top``."""
    return [
        Text(x, top + size * 0.75 + i * size * leading, line, size, anchor, bold, colour)
        for i, line in enumerate(lines)
    ]


def block_height(n_lines: int, size: float, leading: float = 1.2) -> float:
    return size * 0.75 + max(0, n_lines - 1) * size * leading + size * 0.22


def centred_text(
    cx: float, cy: float, text: str, size: float, bold: bool = False, colour: str = "#000000"
) -> Text:
    """Text centred on (cx, cy), for labels inside boxes and bubbles."""
    return Text(cx, cy + size * 0.36, text, size, "middle", bold, colour)


def mark_box(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str | None = None,
    width: float = MARK_LINE,
    radius: float = 0.8,
) -> list[Item]:
    """A box to check; its outline lies wholly inside (x, y, w, h)."""
    i = width / 2
    return [
        Rect(
            x + i,
            y + i,
            w - 2 * i,
            h - 2 * i,
            Style(stroke="#000000", fill=fill, width=width),
            radius,
        )
    ]


def ability_box(x: float, y: float, s: float, fill: str | None = None) -> list[Item]:
    """An ability box: a check box inside a second, thinner line (the rulebook's mark of an
    ability), all inside (x, y, s, s)."""
    return [
        Rect(
            x + 0.15, y + 0.15, s - 0.3, s - 0.3, Style(stroke="#000000", fill=fill, width=0.3), 1.6
        ),
        *mark_box(x + 1.1, y + 1.1, s - 2.2, s - 2.2, "#ffffff" if fill else None, 0.4, 0.6),
    ]


def bubble(cx: float, cy: float, d: float, label: str, size: float = 2.5) -> list[Item]:
    """A bubble to fill, its value printed faintly inside."""
    return [
        Circle(cx, cy, d / 2 - 0.16, Style(stroke="#000000", width=0.32)),
        centred_text(cx, cy, label, size, colour="#666666"),
    ]


def unlock_colon(x: float, cy: float, s: float = 3.6) -> list[Item]:
    """The small padlock and colon that lead from a padlock box to its ability."""
    dot = Style(stroke=None, fill="#000000")
    return [
        *icon("padlock", x + s / 2, cy, s),
        Circle(x + s + 1.0, cy - 0.9, 0.42, dot),
        Circle(x + s + 1.0, cy + 0.9, 0.42, dot),
    ]


def qr_clear_left(code: PageCode) -> float:
    """Content near the bottom edge must stay left of this x: the page-code QR symbol and its
    quiet zone reach up into the content box."""
    _, (qr_x, _, _) = frame_items(code, "")
    return qr_x - 4 * QR_MODULE - 1.0


def section_title(x: float, y: float, w: float, title: str, note: str = "") -> list[Item]:
    """A section heading with a thin rule under it; ``y`` is the heading's top."""
    items: list[Item] = [
        Text(x, y + 3.0, title, 3.8, bold=True),
        Line(x, y + 4.6, x + w, y + 4.6, Style(stroke=RULE, width=0.25)),
    ]
    if note:
        items.append(Text(x + w, y + 3.0, note, 2.6, "end", colour=SOFT))
    return items


def ability_text(
    ability: Ability, x: float, cy: float, width: float, size: float = 2.6, max_lines: int = 3
) -> list[Item]:
    """An ability's text wrapped into ``width`` and centred on ``cy``."""
    lines = wrap(ability.text, size, width)
    while len(lines) > max_lines and size > 2.4:
        size = round(size - 0.1, 2)
        lines = wrap(ability.text, size, width)
    h = block_height(len(lines), size)
    return text_block(x, cy - h / 2, lines, size)


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
                ink += icon_row(list(box.symbols), x + TRACK_BOX / 2, cy, s, 0.5)
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
            _ability_area(b, unlocked[0], x_end + 1.4, y, R)
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


def _ability_area(
    b: SheetBuilder,
    ability: Ability,
    x: float,
    y: float,
    right: float,
    box: float = ABILITY_BOX,
    row: float = TRACK_BOX,
) -> None:
    """Padlock, colon, the ability's box(es) and its text, in a row of height ``row``."""
    cy = y + row / 2
    b.add(*unlock_colon(x, cy))
    bx = x + 6.0
    for k in range(1, ability.uses + 1):
        b.add_field(
            Field(
                f"ability-{ability.id}-{k}",
                "ability_box",
                bx,
                cy - box / 2,
                box,
                box,
                meta={"ability": ability.id, "use": k},
            ),
            ability_box(bx, cy - box / 2, box),
        )
        bx += box + 1.2
    b.add(*ability_text(ability, bx + 0.6, cy, right - bx - 0.6))


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
