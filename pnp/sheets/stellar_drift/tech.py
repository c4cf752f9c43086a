"""The Stellar Drift tech sheet: income upgrades, the three tech upgrade tracks with their
abilities, the round tracker and the spent cubes tray.

Every number comes from the tech layout (layouts/stellar_drift/tech.yaml).
"""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Item, Line, Rect, Style, Text
from pnp.render.symbols import icon
from pnp.render.text import wrap
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.stellar_drift.common import (
    COLOUR_NAMES,
    HOW_TO_MARK,
    IN_BOX_ICON,
    RULE,
    SOFT,
    ability_row,
    block_height,
    centred_text,
    colour_badge,
    mark_box,
    qr_clear_left,
    section_title,
    text_block,
)
from scoring.stellar_drift.layout import Ability, Income, Tech, TechTrack

L, R = CONTENT_LEFT, CONTENT_RIGHT
WIDTH = R - L
GAP = 3.5

INCOME_LABEL_W = 31.0
INCOME_BOX = 9.6
INCOME_PITCH = 11.0
INCOME_ROW = 12.6

ROUND_BOX = 6.6
ROUND_PITCH = 8.6
ROUND_ROW = 8.0

TECH_COL_GAP = 4.0
TECH_VP_W = 10.0
TECH_BOX = 10.0
TECH_PITCH = 14.4
TECH_ABILITY_BOX = 7.0


def build_tech_sheet(tech: Tech, paper: Paper, serial: int, palette: Palette) -> RenderedPage:
    b = SheetBuilder()
    code = PageCode("stellar-drift", "tech", tech.id, tech.version, serial)
    b.add(Text(L, CONTENT_TOP + 2.6, HOW_TO_MARK, 2.8, colour="#333333"))
    y = CONTENT_TOP + 5.0
    split = L + 104.0
    bottom = _income(b, tech, palette, L, y, split - 6.0 - L)
    bottom = max(bottom, _round_tracker(b, tech, split, y, R - split))
    y = _tech_tracks(b, tech, palette, bottom + GAP) + GAP
    y = _spent_cubes(b, palette, y, min(R, qr_clear_left(code)))
    if y > CONTENT_BOTTOM + 0.01:
        raise ValueError(
            f"tech sheet content runs {y - CONTENT_BOTTOM:.1f} mm past the "
            "content box; shorten tech.yaml texts or tracks"
        )
    return b.finish(code, paper, tech.name, "Stellar Drift - Tech Sheet")


def _income(b: SheetBuilder, tech: Tech, palette: Palette, x: float, y: float, w: float) -> float:
    b.add(*section_title(x, y, w, "Income Upgrades"))
    y += 7.0
    rows: list[tuple[str, str, str, Income]] = [
        ("energy", "energy_income", "Energy Income", tech.energy_income),
        ("cube", "cube_income", "Cube Income", tech.cube_income),
    ]
    for i, (key, symbol, name, income) in enumerate(rows):
        ry = y + i * INCOME_ROW
        cy = ry + INCOME_BOX / 2
        b.add(*icon(symbol, x + 3.0, cy, 5.4), Text(x + 7.2, cy + 1.0, name, 2.9, bold=True))
        bx = x + INCOME_LABEL_W
        # The start value is printed as reached: nothing to mark there.
        b.add(
            Rect(
                bx + 0.2,
                ry + 0.2,
                INCOME_BOX - 0.4,
                INCOME_BOX - 0.4,
                Style(stroke="#000000", fill=palette.panel("#d9dce3"), width=0.4),
                0.8,
            ),
            centred_text(bx + INCOME_BOX / 2, cy - 0.6, str(income.start), 4.2, True),
            Text(
                bx + INCOME_BOX / 2, ry + INCOME_BOX - 1.0, "start", 2.4, "middle", colour="#333333"
            ),
        )
        for n in range(1, income.boxes + 1):
            fx = bx + n * INCOME_PITCH
            value = income.start + n
            ink = [
                *mark_box(fx, ry, INCOME_BOX, INCOME_BOX),
                centred_text(fx + INCOME_BOX / 2, cy, str(value), 4.2, colour="#9a9a9a"),
            ]
            b.add_field(
                Field(
                    f"income-{key}-{n}",
                    "income_box",
                    fx,
                    ry,
                    INCOME_BOX,
                    INCOME_BOX,
                    meta={"value": value},
                ),
                ink,
            )
            b.add(
                Text(
                    fx - (INCOME_PITCH - INCOME_BOX) / 2, cy + 1.2, "›", 3.4, "middle", colour=SOFT
                )
            )
    y += len(rows) * INCOME_ROW - (INCOME_ROW - INCOME_BOX) + 1.6
    note = (
        "Income symbol: check the leftmost open box. Income Phase: gain the highest value reached."
    )
    lines = wrap(note, 2.6, w)
    b.add(*text_block(x, y, lines, 2.6))
    return y + block_height(len(lines), 2.6)


def _round_tracker(b: SheetBuilder, tech: Tech, x: float, y: float, w: float) -> float:
    b.add(*section_title(x, y, w, "Round Tracker"))
    y += 7.0
    label_w = w - tech.rounds * ROUND_PITCH + (ROUND_PITCH - ROUND_BOX)
    b.add(Text(x, y + 2.6, "Round", 2.7, bold=True))
    for r in range(1, tech.rounds + 1):
        cx = x + label_w + (r - 1) * ROUND_PITCH + ROUND_BOX / 2
        b.add(Text(cx, y + 2.6, str(r), 3.0, "middle", bold=True))
    y += 4.2
    for i, phase in enumerate(tech.phases):
        ry = y + i * ROUND_ROW
        b.add(Text(x, ry + ROUND_BOX / 2 + 1.0, f"{i + 1}. {phase}", 2.8))
        for r in range(1, tech.rounds + 1):
            bx = x + label_w + (r - 1) * ROUND_PITCH
            b.add_field(
                Field(
                    f"round-{r}-{phase.lower()}",
                    "round_box",
                    bx,
                    ry,
                    ROUND_BOX,
                    ROUND_BOX,
                    meta={"round": r, "phase": phase.lower()},
                ),
                mark_box(bx, ry, ROUND_BOX, ROUND_BOX),
            )
    return y + (len(tech.phases) - 1) * ROUND_ROW + ROUND_BOX


def _tech_tracks(b: SheetBuilder, tech: Tech, palette: Palette, y: float) -> float:
    b.add(
        *section_title(
            L, y, WIDTH, "Tech Upgrades", "Tech Point: check the bottommost open box of any track."
        )
    )
    y += 6.6
    abilities = {a.id: a for a in tech.abilities}
    n = len(tech.tech_tracks)
    col_w = (WIDTH - (n - 1) * TECH_COL_GAP) / n
    rows = max(len(t.boxes) for t in tech.tech_tracks)
    top = y + 6.6
    for i, track in enumerate(tech.tech_tracks):
        x = L + i * (col_w + TECH_COL_GAP)
        b.add(
            colour_badge(track.colour, x + TECH_VP_W + TECH_BOX / 2, y + 2.0, 4.4, palette),
            Text(
                x + TECH_VP_W + TECH_BOX + 2.0,
                y + 3.2,
                f"{COLOUR_NAMES[track.colour]} Track",
                3.2,
                bold=True,
            ),
        )
        _tech_track(b, track, abilities, palette, x, top, col_w, rows)
    y = top + rows * TECH_PITCH - (TECH_PITCH - TECH_BOX) + 6.4
    blue = (
        "Setup: with your second cube, check the 2 bottom boxes of its color's track "
        "(the bracket). A blue cube instead checks the bottom box of all three tracks "
        "(the blue circle)."
    )
    lines = wrap(blue, 2.7, WIDTH)
    b.add(*text_block(L, y, lines, 2.7))
    return y + block_height(len(lines), 2.7)


def _tech_track(
    b: SheetBuilder,
    track: TechTrack,
    abilities: dict[str, Ability],
    palette: Palette,
    x: float,
    top: float,
    col_w: float,
    rows: int,
) -> None:
    """One vertical track, box 1 at the bottom; its abilities to the right of their boxes."""
    fill = palette.tint(track.colour)
    bx = x + TECH_VP_W
    thin = Style(stroke=RULE, width=0.5)

    def box_top(n: int) -> float:
        return top + (rows - n) * TECH_PITCH

    for n, box in enumerate(track.boxes, 1):
        by = box_top(n)
        cy = by + TECH_BOX / 2
        ink: list[Item] = mark_box(bx, by, TECH_BOX, TECH_BOX, fill)
        if "padlock" in box.symbols:
            ink += icon("padlock", bx + TECH_BOX / 2, cy, 6.0, IN_BOX_ICON)
        meta = {"colour": track.colour, "index": n, "vp": box.vp, "ability": box.ability}
        b.add_field(
            Field(f"tech-{track.colour}-{n}", "tech_box", bx, by, TECH_BOX, TECH_BOX, meta=meta),
            ink,
        )
        if n < len(track.boxes):  # the track runs upwards: join this box to the next
            b.add(
                Line(
                    bx + TECH_BOX / 2,
                    by - 0.6,
                    bx + TECH_BOX / 2,
                    by - (TECH_PITCH - TECH_BOX) + 0.6,
                    thin,
                )
            )
        if box.vp is not None:
            b.add(Text(bx - 1.4, cy + 1.0, f"{box.vp} VP", 2.8, "end", bold=True))
        if box.ability:
            ability_row(
                b, abilities[box.ability], bx + TECH_BOX + 1.2, cy, x + col_w, TECH_ABILITY_BOX, 1.0
            )
    # Setup cues: a bracket with this colour's shape over the two bottom boxes (a cube of
    # this colour checks both) and a blue circle under the bottom box (a blue cube checks it).
    low, high = box_top(1) + TECH_BOX, box_top(2)
    bracket = Style(stroke="#000000", width=0.35)
    kx = bx - 2.0
    b.add(
        Line(kx, high + 0.6, kx, low - 0.6, bracket),
        Line(kx, high + 0.6, kx + 1.0, high + 0.6, bracket),
        Line(kx, low - 0.6, kx + 1.0, low - 0.6, bracket),
        colour_badge(track.colour, kx - 3.0, (high + low) / 2, 3.8, palette),
        Line(bx + TECH_BOX / 2, low + 0.6, bx + TECH_BOX / 2, low + 1.6, thin),
        colour_badge("blue", bx + TECH_BOX / 2, low + 3.6, 3.6, palette),
    )


def _spent_cubes(b: SheetBuilder, palette: Palette, y: float, right: float) -> float:
    """A tray to put spent cubes on: not a field, nothing is read from it."""
    h = CONTENT_BOTTOM - y
    w = right - L
    b.add(
        Rect(
            L,
            y,
            w,
            h,
            Style(stroke="#555555", fill=palette.panel(), width=0.5, dash=(2.0, 1.2)),
            3.0,
        ),
        Text(L + 4.0, y + 7.0, "Spent Cubes", 4.2, bold=True),
        *icon("cube", L + 4.0 + 30.0, y + 5.6, 5.0, "#555555"),
    )
    note = "Place the cubes you spend or discard here. Cleanup: return them all to the Cube Bag."
    b.add(*text_block(L + 4.0, y + 9.6, wrap(note, 2.7, w - 8.0), 2.7, colour="#333333"))
    return y + h


__all__ = ["build_tech_sheet"]
