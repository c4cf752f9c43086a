"""Drawing pieces shared by the Federation sheets: digit bubbles, write-in boxes, wrapped text.

Sizes are chosen for the photo reader and for a pen: bubbles 4.4 mm across
with their digit printed small and light, write-in boxes 7.5 mm high, text
never under 2.4 mm.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.scene import Circle, Item, Line, Rect, Style, Text
from pnp.render.text import wrap
from pnp.sheetmap import Field
from pnp.sheets.base import SheetBuilder
from scoring.federation.bubbles import NumberBubbles

BUBBLE = 4.4  # mm, diameter
PITCH = 4.9  # mm between bubble centres
PLACE_GAP = 1.0  # extra space between the hundreds, tens and units lines
BOX_H = 7.5  # write-in box height
MIN_TEXT = 2.4
DIGIT_TEXT = 2.5
DIGIT_GREY = "#b4b4b4"  # light enough that an empty bubble stays far lighter than a filled one
BUBBLE_EDGE = Style(stroke="#505050", fill="#ffffff", width=0.28)
BOX_EDGE = Style(stroke="#404040", fill="#ffffff", width=0.3)
MUTED = "#444444"
RULE = Style(stroke="#9a9a9a", width=0.25)
MARK_HOW = "Write the number, then fill one bubble per digit (a 7 is units 7 only)."
PLACE_LABEL = {"hundreds": "100s", "tens": "tens", "units": "units", "sign-neg": "minus"}


def bubble(b: SheetBuilder, field_id: str, cx: float, cy: float, label: str, meta: dict) -> None:
    """One bubble field: a circle with its label printed faint inside."""
    r = BUBBLE / 2 - BUBBLE_EDGE.width / 2
    ink: list[Item] = [
        Circle(cx, cy, r, BUBBLE_EDGE),
        Text(cx, cy + DIGIT_TEXT * 0.36, label, DIGIT_TEXT, "middle", colour=DIGIT_GREY),
    ]
    b.add_field(Field(field_id, "bubble", cx, cy, BUBBLE, BUBBLE, "circle", meta), ink)


def write_box(
    b: SheetBuilder,
    field_id: str,
    x: float,
    y: float,
    w: float,
    h: float = BOX_H,
    meta: dict | None = None,
    hint: str = "",
) -> None:
    """A write-in box: read by people, not by the photo reader."""
    inset = BOX_EDGE.width / 2
    ink: list[Item] = [
        Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, BOX_EDGE, radius=0.8)
    ]
    if hint:
        ink.append(Text(x + 1.0, y + 2.9, hint, MIN_TEXT, colour=DIGIT_GREY))
    b.add_field(Field(field_id, "write_in", x, y, w, h, meta=meta or {}), ink)


def place_digits(
    nb: NumberBubbles,
    b: SheetBuilder,
    x: float,
    cy: float,
    meta: dict,
    place_name: str,
    digits: tuple[int, ...],
    per_row: int = 10,
) -> float:
    """One place's digit bubbles from (x, cy) in rows of ``per_row``; returns the height used."""
    for i, d in enumerate(digits):
        bx = x + BUBBLE / 2 + (i % per_row) * PITCH
        by = cy + (i // per_row) * PITCH
        bubble(
            b,
            nb.bubble_id(place_name, d),
            bx,
            by,
            str(d),
            {**meta, "place": place_name, "digit": d},
        )
    rows = (len(digits) + per_row - 1) // per_row
    return rows * PITCH


def sign_bubble(nb: NumberBubbles, b: SheetBuilder, cx: float, cy: float, meta: dict) -> None:
    bubble(b, nb.sign_id, cx, cy, "\u2212", {**meta, "place": "sign", "digit": None})


def stacked_number(
    nb: NumberBubbles, b: SheetBuilder, x: float, y: float, meta: dict, label_w: float, per_row: int
) -> float:
    """Each place on its own line(s) of bubbles, highest first, labelled at the left.

    (x, y) is the top-left; returns the height used.
    """
    cy = y + BUBBLE / 2
    if nb.signed:
        b.add(Text(x, cy + 0.9, PLACE_LABEL["sign-neg"], MIN_TEXT, colour=MUTED))
        sign_bubble(nb, b, x + label_w + BUBBLE / 2, cy, meta)
        cy += PITCH + PLACE_GAP
    for place in nb.places:
        b.add(Text(x, cy + 0.9, PLACE_LABEL[place.name], MIN_TEXT, colour=MUTED))
        cy += place_digits(nb, b, x + label_w, cy, meta, place.name, place.digits, per_row)
        cy += PLACE_GAP
    return cy - PLACE_GAP - PITCH + BUBBLE / 2 - y


def stacked_height(nb: NumberBubbles, per_row: int) -> float:
    """The height ``stacked_number`` uses."""
    lines = sum((len(p.digits) + per_row - 1) // per_row for p in nb.places)
    places = len(nb.places) + (1 if nb.signed else 0)
    return (lines + (1 if nb.signed else 0)) * PITCH + (places - 1) * PLACE_GAP - (PITCH - BUBBLE)


def inline_number(
    nb: NumberBubbles, b: SheetBuilder, x: float, cy: float, meta: dict, gap: float = 1.6
) -> float:
    """Every place on one line, the minus bubble first; returns the width used."""
    cx = x
    if nb.signed:
        sign_bubble(nb, b, cx + BUBBLE / 2, cy, meta)
        cx += PITCH + gap
    for place in nb.places:
        place_digits(nb, b, cx, cy, meta, place.name, place.digits, len(place.digits))
        cx += len(place.digits) * PITCH + gap
    return cx - x - gap - (PITCH - BUBBLE)


def inline_width(nb: NumberBubbles, gap: float = 1.6) -> float:
    n = (1 if nb.signed else 0) + len(nb.places)
    bubbles = (1 if nb.signed else 0) + sum(len(p.digits) for p in nb.places)
    return bubbles * PITCH + (n - 1) * gap - (PITCH - BUBBLE)


QR_QUIET = 4.5  # mm kept clear around the page-code QR symbol


def content_bottom(code, right: float = 1e9) -> float:
    """The lowest y content reaching x = ``right`` may use: CONTENT_BOTTOM, or above the
    page-code QR symbol and its quiet zone where the content reaches over it."""
    from pnp.render.frame import CONTENT_BOTTOM, qr_box

    qr_x, qr_y, _ = qr_box(code)
    return CONTENT_BOTTOM if right < qr_x - QR_QUIET else min(CONTENT_BOTTOM, qr_y - QR_QUIET)


def check_fits(y: float, code, right: float = 1e9) -> None:
    limit = content_bottom(code, right)
    if y > limit:
        raise ValueError(f"{code.text}: content is {y - limit:.1f} mm too tall")


# --- text ------------------------------------------------------------------


@dataclass
class TextBlock:
    """Wrapped lines ready to place; ``height`` includes the last line's descent."""

    lines: list[str]
    size: float
    bold: bool
    colour: str
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading

    def items(self, x: float, y: float) -> list[Item]:
        step = self.size * self.leading
        return [
            Text(
                x,
                y + self.size * 0.8 + i * step,
                line,
                self.size,
                bold=self.bold,
                colour=self.colour,
            )
            for i, line in enumerate(self.lines)
        ]


def text_block(
    text: str,
    width: float,
    size: float,
    bold: bool = False,
    colour: str = "#000000",
    leading: float = 1.22,
) -> TextBlock:
    return TextBlock(wrap(text, size, width, bold), size, bold, colour, leading)


def rule(x1: float, x2: float, y: float) -> Line:
    return Line(x1, y, x2, y, RULE)
