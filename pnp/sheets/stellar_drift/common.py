"""Drawing pieces shared by the Stellar Drift sheets."""

from __future__ import annotations

from pnp.render.scene import Item, Rect, Style, Text
from pnp.render.symbols import colour_shape, icon
from pnp.sheets.base import Palette

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


def icon_row(names: list[str], cx: float, cy: float, s: float, gap: float = 1.0) -> list[Item]:
    """Icons side by side, centred on (cx, cy)."""
    total = len(names) * s + (len(names) - 1) * gap
    x = cx - total / 2 + s / 2
    items: list[Item] = []
    for name in names:
        items += icon(name, x, cy, s)
        x += s + gap
    return items


def key_entry(name: str, x: float, y: float, s: float = 4.0, size: float = 2.8) -> list[Item]:
    """An icon and its name, for a legend; (x, y) is the icon's left-centre."""
    return [
        *icon(name, x + s / 2, y, s),
        Text(x + s + 1.2, y + size * 0.35, SYMBOL_NAMES[name], size),
    ]
