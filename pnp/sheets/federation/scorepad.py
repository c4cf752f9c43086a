"""The Federation end-of-game score pad: every category as a written number plus digit bubbles.

Two layouts: ``table`` (up to five players side by side, bubbles in rows of
five like a keypad) and ``player`` (one player per page, bubbles in rows of
ten). Field ids come from ``scoring.federation.sheet_fields``.
"""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Rect, Style, Text
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.federation.common import (
    BOX_H,
    MARK_HOW,
    MIN_TEXT,
    MUTED,
    check_fits,
    rule,
    stacked_height,
    stacked_number,
    text_block,
    write_box,
)
from scoring.federation.bubbles import NumberBubbles
from scoring.federation.score_pad import ScorePad
from scoring.federation.sheet_fields import category_number, total_number, write_id

VERSION = 1
SUBTITLE = "Federation - Score Pad"
MODULE_NOTE = {"piracy": "Piracy module only; leave empty without it."}


def _rows(pad: ScorePad, player: int) -> list[tuple[str, str, str, NumberBubbles]]:
    """(category id, label, help, bubbles) for every line of the pad, the total last."""
    rows = []
    for c in pad.categories:
        help_text = c.help + (f". {MODULE_NOTE[c.module]}" if c.module else "")
        rows.append((c.id, c.label, help_text, category_number(player, c)))
    rows.append(
        (pad.total.id, pad.total.label, "Add up the lines above.", total_number(pad, player))
    )
    return rows


def build_table(pad: ScorePad, paper: Paper, serial: int, palette: Palette) -> RenderedPage:
    """Players 1..max side by side; category labels once, at the left."""
    b = SheetBuilder()
    players = pad.players.max
    label_w = 28.0
    col_w = (CONTENT_RIGHT - CONTENT_LEFT - label_w) / players
    col_x = [CONTENT_LEFT + label_w + i * col_w for i in range(players)]
    box_w = col_w - 2.0
    y = CONTENT_TOP + 1
    b.add(Text(CONTENT_LEFT, y + 2.2, MARK_HOW, 2.8, bold=True))
    y += 5.0

    b.add(Text(CONTENT_LEFT, y + 6.5, "Player", 3.2, bold=True))
    for p, x in enumerate(col_x, start=1):
        b.add(Text(x + 1, y + 2.6, f"Player {p}", MIN_TEXT, colour=MUTED))
        write_box(b, f"p{p}-name-write", x + 1, y + 3.4, box_w, meta={"player": p}, hint="")
    y += 3.4 + BOX_H + 2.5

    for index, (cid, label, help_text, _) in enumerate(_rows(pad, 1)):
        numbers = [_rows(pad, p)[index][3] for p in range(1, players + 1)]
        height = BOX_H + 1.0 + stacked_height(numbers[0], 5) + 0.8
        shade = palette.panel("#f1f3f7") if index % 2 else None
        if shade:
            b.add(
                Rect(
                    CONTENT_LEFT,
                    y - 1.0,
                    CONTENT_RIGHT - CONTENT_LEFT,
                    height + 1.0,
                    Style(stroke=None, fill=shade),
                )
            )
        b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.0))
        head = text_block(label, label_w - 2, 3.0, bold=True)
        b.add(*head.items(CONTENT_LEFT, y))
        b.add(
            *text_block(help_text, label_w - 2, MIN_TEXT, colour=MUTED).items(
                CONTENT_LEFT, y + head.height + 0.6
            )
        )
        for p, (x, nb) in enumerate(zip(col_x, numbers, strict=True), start=1):
            meta = {"player": p, "category": cid}
            write_box(b, write_id(nb.prefix), x + 1, y, box_w, meta=meta)
            stacked_number(nb, b, x + 0.6, y + BOX_H + 1.0, meta, label_w=6.6, per_row=5)
        y += height + 0.8

    b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.0))
    b.add(Text(CONTENT_LEFT, y + 3.6, "Rank", 3.0, bold=True))
    b.add(Text(CONTENT_LEFT, y + 6.8, "Ties share a rank", MIN_TEXT, colour=MUTED))
    for p, x in enumerate(col_x, start=1):
        write_box(b, f"p{p}-rank-write", x + 1, y, box_w, meta={"player": p})
    y += BOX_H
    code = PageCode("federation", "scorepad", "table", VERSION, serial)
    check_fits(y, code)
    return b.finish(code, paper, "Score Pad", SUBTITLE)


def build_player(pad: ScorePad, paper: Paper, serial: int, palette: Palette) -> RenderedPage:
    """One player's page: the same lines, roomier, bubbles in rows of ten (player id p1)."""
    b = SheetBuilder()
    label_w = 64.0
    box_x = CONTENT_LEFT + label_w
    box_w = 26.0
    bub_x = box_x + box_w + 5.0
    y = CONTENT_TOP + 1
    b.add(Text(CONTENT_LEFT, y + 2.6, MARK_HOW, 3.0, bold=True))
    y += 7.0
    b.add(Text(CONTENT_LEFT, y + 6.0, "Player", 3.6, bold=True))
    write_box(b, "p1-name-write", box_x, y, CONTENT_RIGHT - box_x, meta={"player": 1})
    y += BOX_H + 5.0

    for index, (cid, label, help_text, nb) in enumerate(_rows(pad, 1)):
        head = text_block(label, label_w - 4, 3.6, bold=True)
        body = text_block(help_text, label_w - 4, 2.7, colour=MUTED)
        height = max(head.height + 1.0 + body.height, stacked_height(nb, 10), BOX_H + 4) + 3.0
        if index % 2 and palette.panel():
            b.add(
                Rect(
                    CONTENT_LEFT,
                    y - 1.5,
                    CONTENT_RIGHT - CONTENT_LEFT,
                    height,
                    Style(stroke=None, fill=palette.panel("#f1f3f7")),
                )
            )
        b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.5))
        b.add(*head.items(CONTENT_LEFT, y))
        b.add(*body.items(CONTENT_LEFT, y + head.height + 1.0))
        meta = {"player": 1, "category": cid}
        write_box(b, write_id(nb.prefix), box_x, y, box_w, BOX_H + 2, meta=meta)
        stacked_number(nb, b, bub_x, y, meta, label_w=10.0, per_row=10)
        y += height
    b.add(rule(CONTENT_LEFT, CONTENT_RIGHT, y - 1.5))
    b.add(Text(CONTENT_LEFT, y + 4.5, "Rank", 3.6, bold=True))
    b.add(Text(CONTENT_LEFT, y + 8.5, "Ties share a rank.", 2.7, colour=MUTED))
    write_box(b, "p1-rank-write", box_x, y, box_w, BOX_H + 2, meta={"player": 1})
    y += BOX_H + 2
    code = PageCode("federation", "scorepad", "player", VERSION, serial)
    check_fits(y, code)
    return b.finish(code, paper, "Score Pad", SUBTITLE)
