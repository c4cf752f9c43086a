"""Drawing pieces shared by the Stellar Drift sheets: symbols, mark boxes, ability boxes,
bubbles and wrapped text."""

from __future__ import annotations

from pnp.pagecode import PageCode
from pnp.render.frame import QR_MODULE, qr_box
from pnp.render.scene import Circle, Item, Line, Rect, Style, Text
from pnp.render.symbols import colour_shape, icon
from pnp.render.text import wrap
from pnp.sheetmap import Field
from pnp.sheets.base import Palette, SheetBuilder
from scoring.stellar_drift.layout import Ability

WHITE = "#ffffff"
SYMBOL_NAMES = {
    "power": "Power",
    "life_support": "Life Support",
    "cpu_core": "CPU Core",
    "engines": "Engines",
    "fuel": "Fuel",
    "tech": "Tech Point",
    "energy": "Energy",
    "bag": "Pull a Cube",
    "energy_income": "Energy Income",
    "cube_income": "Cube Income",
    "padlock": "Unlock ability",
}


def cube_square(colour: str, x: float, y: float, s: float, palette: Palette) -> list[Item]:
    """A cost square: the cube colour with its shape on it (white, or black when ink-saving)."""
    if palette.ink_saving:
        return [
            Rect(x, y, s, s, Style(width=0.3)),
            colour_shape(
                colour, x + s / 2, y + s / 2, s * 0.62, Style(stroke=None, fill="#000000")
            ),
        ]
    return [
        Rect(
            x, y, s, s, Style(stroke="#000000", fill=palette.cube(colour), width=0.25), radius=0.4
        ),
        colour_shape(colour, x + s / 2, y + s / 2, s * 0.62, Style(stroke=None, fill=WHITE)),
    ]


def colour_badge(colour: str, cx: float, cy: float, s: float, palette: Palette) -> Item:
    """A cube colour's shape, filled with its colour and outlined (legible in grayscale)."""
    fill = None if palette.ink_saving else palette.cube(colour)
    return colour_shape(colour, cx, cy, s, Style(stroke="#000000", fill=fill or WHITE, width=0.25))


def icon_row(
    names: list[str], cx: float, cy: float, s: float, gap: float = 1.0, colour: str = "#000000"
) -> list[Item]:
    """Icons side by side, centred on (cx, cy)."""
    total = len(names) * s + (len(names) - 1) * gap
    x = cx - total / 2 + s / 2
    items: list[Item] = []
    for name in names:
        items += icon(name, x, cy, s, colour)
        x += s + gap
    return items


def key_entry(name: str, x: float, y: float, s: float = 4.0, size: float = 2.8) -> list[Item]:
    """An icon and its name, for a legend; (x, y) is the icon's left-centre."""
    return [
        *icon(name, x + s / 2, y, s),
        Text(x + s + 1.2, y + size * 0.35, SYMBOL_NAMES[name], size),
    ]


MARK_LINE = 0.35  # mm: outline of every mark box
# A symbol printed inside a box the player marks: mid grey, not black, so a pen or
# pencil stroke across it still shows (a tick on a solid black padlock cannot be seen,
# by a player checking a photo or by the reader).
IN_BOX_ICON = "#a0a0a0"
SOFT = "#555555"  # secondary text and printed numbers inside marks
RULE = "#888888"
HOW_TO_MARK = "Check a box: a cross or a tick. Fill a bubble."
COLOUR_NAMES = {"blue": "Blue", "yellow": "Yellow", "red": "Red", "green": "Green"}


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
    return qr_box(code)[0] - 4 * QR_MODULE - 1.0


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


def ability_row(
    b: SheetBuilder, ability: Ability, x: float, cy: float, right: float, box: float, gap: float
) -> None:
    """Padlock, colon, the ability's box(es) (one per use) and its text, centred on ``cy``."""
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
        bx += box + gap
    b.add(*ability_text(ability, bx + 0.6, cy, right - bx - 0.6))
