"""Federation reference pages: Piracy planets, pirate stalls, Alteration Piracy tokens,
Deep Space Piracy tiles, Erudite tiles and the AI Assistant cards.

Nothing to mark, so no fiducials or map. Text is the rulebook's, from
reference.yaml; sections flow in two columns and onto further pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.paper import Paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Item, Rect, Style, Text, translate
from pnp.sheets.base import Palette, RenderedPage, SheetBuilder
from pnp.sheets.federation.common import MUTED, rule, text_block
from scoring.federation.reference import Reference

SUBTITLE = "Federation: Piracy and AI Assistant - Reference"
GUTTER = 6.0
COL_W = (CONTENT_RIGHT - CONTENT_LEFT - GUTTER) / 2
BODY = 2.6
PLANET_TINT = {
    "purple": "#e6dcf2",
    "yellow": "#fbf0bd",
    "blue": "#d4e3f7",
    "green": "#d5eed2",
    "orange": "#fde0c8",
}


@dataclass
class Entry:
    """A block that is never split across columns: its items drawn from (0, 0)."""

    items: list[Item] = field(default_factory=list)
    height: float = 0.0


PAGE_BREAK = Entry()  # the sections after it start a new page
COLUMN_BREAK = Entry()  # ... a new column


def _heading(text: str) -> Entry:
    block = text_block(text, COL_W, 3.6, bold=True)
    return Entry([*block.items(0, 0), rule(0, COL_W, block.height + 0.6)], block.height + 2.2)


def _note(text: str) -> Entry:
    block = text_block(text, COL_W, BODY, colour=MUTED)
    return Entry(block.items(0, 0), block.height + 1.2)


def _item(title: str, body: str, tag: str = "", tint: str | None = None) -> Entry:
    indent = 9.0 if tag else 0.0
    head = text_block(title, COL_W - indent, 2.9, bold=True)
    text = text_block(body, COL_W - indent, BODY)
    height = head.height + 0.3 + text.height
    items: list[Item] = []
    if tint:
        items.append(
            Rect(-0.8, -0.6, COL_W + 1.6, height + 1.2, Style(stroke=None, fill=tint), radius=0.8)
        )
    if tag:
        items.append(Text(0, 2.5, tag, 2.6, bold=True, colour=MUTED))
    items += head.items(indent, 0) + text.items(indent, head.height + 0.3)
    return Entry(items, height + 2.2)


def _entries(ref: Reference, palette: Palette) -> list[Entry]:
    out: list[Entry] = []
    pp = ref.piracy_planets
    out += [_heading("Piracy planets (once per planet per player)"), _note(pp.rule)]
    for planet in pp.planets:
        body = " ".join([planet.text, *(f"Note: {n}" for n in planet.notes)])
        out.append(
            _item(
                f"{planet.name} ({planet.colour}): {planet.short}",
                body,
                str(planet.number),
                palette.panel(PLANET_TINT.get(planet.colour, "")),
            )
        )
    stalls = ref.pirate_stalls
    out.append(_heading("Pirate stalls (Arratooine)"))
    for stall in stalls.stalls:
        out.append(_item(stall.short, f"{stall.cost}, {stall.effect}"))
        out += [_note(n.text) for n in stalls.notes if n.printed_after == stall.id]
    alt = ref.alteration_piracy_tokens
    out += [_heading("Alteration Piracy tokens (6MOON)"), _note(alt.restriction)]
    out += [_item(t.short, f"{t.cost}, {t.effect}", t.id.removeprefix("alt")) for t in alt.tokens]
    dsp = ref.deep_space_piracy_tiles
    out.append(PAGE_BREAK)
    out += [_heading("Deep Space Piracy tiles"), _note(dsp.rule)]
    out += [_item(t.short, t.text, t.id.removeprefix("dsp")) for t in dsp.tiles]
    out += [_note(n) for n in dsp.notes]
    eru = ref.erudite_tiles
    out.append(COLUMN_BREAK)
    out += [_heading("New Erudite tiles (level 1)"), _note(eru.rule)]
    out += [_item(t.short, t.text, t.id) for t in eru.tiles]
    ai = ref.ai_assistants
    out.append(PAGE_BREAK)
    out.append(_heading("AI Assistant cards (bonus for your die value or lower)"))
    out += [_note(r) for r in ai.rules]
    for card in ai.cards:
        out.append(_item(card.name, card.note))
        for bonus in card.bonuses:
            values = "/".join(map(str, bonus.die))
            out.append(_item("", bonus.text, values))
    out.append(_note(f"Support Bonus tile: {ai.support_bonus_tile}"))
    return out


def build_reference_pages(ref: Reference, paper: Paper, palette: Palette) -> list[RenderedPage]:
    """The reference sections flowed over as many pages as they need."""
    top, bottom = CONTENT_TOP + 1.0, CONTENT_BOTTOM
    pages: list[SheetBuilder] = [SheetBuilder()]
    column, y = 0, top
    for entry in _entries(ref, palette):
        if entry is PAGE_BREAK:
            pages.append(SheetBuilder())
            column, y = 0, top
            continue
        if entry is COLUMN_BREAK or y + entry.height > bottom:
            column += 1
            y = top
            if column == 2:
                pages.append(SheetBuilder())
                column = 0
        if entry is COLUMN_BREAK:
            continue
        x = CONTENT_LEFT + column * (COL_W + GUTTER)
        pages[-1].add(*translate(entry.items, x, y))
        y += entry.height
    total = len(pages)
    return [
        b.finish_plain(
            paper, "Federation Reference", f"reference-{i}", f"{SUBTITLE} - page {i} of {total}"
        )
        for i, b in enumerate(pages, start=1)
    ]
