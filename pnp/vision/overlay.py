"""The evidence image of a read sheet: what was read where, and what it scored.

Each field is outlined green (marked), grey (empty) or orange (doubtful); each scoring
category's points are written beside the fields that earned them; the total (or why there
is none) in a band above the page, and above it the advice to take the photo again where
the page asks about too much.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.sheet_reading import SheetReading

GREEN, GREY, ORANGE, INK = (40, 170, 40), (170, 170, 170), (0, 140, 255), (140, 40, 20)
RETAKE = (0, 90, 210)  # the advice to take the photo again: a darker orange, to read
FONT = cv2.FONT_HERSHEY_SIMPLEX


def _text(
    image: np.ndarray,
    text: str,
    x: int,
    y: int,
    scale: float,
    colour,
    placed: list[tuple[int, int, int, int]] | None = None,
) -> None:
    """``text`` on a white box at (x, y), kept inside the image; with ``placed`` (the
    boxes of the labels written so far, added to) moved down clear of them: two
    categories earned by the same fields would otherwise be written one over the other."""
    h, w = image.shape[:2]
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, 1)
    x, y = min(max(2, x), w - tw - 2), min(max(th + 2, y), h - 2)

    def box(y: int) -> tuple[int, int, int, int]:
        return (x - 2, y - th - 3, x + tw + 2, y + 4)

    if placed is not None:
        for _ in range(len(placed)):
            if not any(_overlap(box(y), other) for other in placed):
                break
            y = min(y + th + 8, h - 2)
        placed.append(box(y))
    x0, y0, x1, y1 = box(y)
    cv2.rectangle(image, (x0, y0), (x1, y1), (255, 255, 255), -1)
    cv2.putText(image, text, (x, y), FONT, scale, colour, 1, cv2.LINE_AA)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _wrapped(text: str, width: int, scale: float) -> list[str]:
    """``text`` cut at spaces into lines at most ``width`` px wide (a word longer than
    that keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and cv2.getTextSize(joined, FONT, scale, 1)[0][0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def overlay_image(
    sheet: SheetReading,
    answers: Answers,
    categories: list[tuple[str, int, tuple[str, ...]]],
    headline: str,
    retake: str | None = None,
    doubtful: list | None = None,
) -> np.ndarray:
    """The flattened page annotated, under a band with ``headline`` (``_headed``);
    ``categories`` are (label, points, field ids); ``retake`` the advice to take the
    photo again (or to photograph a sheet in it not read), written above the headline.
    ``doubtful``: what is still asked of the sheet once the game's checks and the page's
    own marks have settled what they could (``Assembled.doubtful``; by default the
    reader's doubts), those settled given in ``answers``."""
    from pnp.vision.reference import common_map

    image = sheet.color if sheet.color is not None else sheet.page_read
    image = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    s = sheet.px_per_mm
    fields = {f.id: f for f in common_map(sheet.code).fields}
    marks = marked(sheet, answers)
    open_doubts = {
        d.field
        for d in (sheet.doubtful if doubtful is None else doubtful)
        if d.source == sheet.source and answer_for(answers, d.source, d.field) is None
    }
    for f in fields.values():
        if f.kind in UNREAD_KINDS and f.id not in open_doubts:  # (a score tile's zone
            continue  # box, read for its symbol, is outlined while asked)
        colour = ORANGE if f.id in open_doubts else GREEN if f.id in marks else GREY
        width = 2 if colour is not GREY else 1
        if f.shape == "circle":
            cv2.circle(image, (round(f.x * s), round(f.y * s)), round(f.w / 2 * s), colour, width)
        else:
            x0, y0, x1, y1 = f.bounds
            cv2.rectangle(
                image, (round(x0 * s), round(y0 * s)), (round(x1 * s), round(y1 * s)), colour, width
            )
    placed: list[tuple[int, int, int, int]] = []
    for label, points, ids in categories:
        mine = [fields[i] for i in ids if i in fields]
        if not mine:
            continue
        written = next((f for f in mine if f.kind == "write_in"), None)
        if written is not None:
            # a score pad row: the points in the corner of the box the number is written
            # in (its row names the category), not out over the next player's column
            text = f"{points:+d}"
            (tw, th), _ = cv2.getTextSize(text, FONT, 0.45, 1)
            x1, y0 = written.bounds[2], written.bounds[1]
            _text(image, text, round(x1 * s) - tw - 4, round(y0 * s) + th + 4, 0.45, INK)
            continue
        right = max(f.bounds[2] for f in mine)
        top = min(f.bounds[1] for f in mine)
        bottom = max(f.bounds[3] for f in mine)
        y = round((top + bottom) / 2 * s)
        _text(image, f"{points:+d} {label}", round(right * s) + 6, y, 0.45, INK, placed)
    return _headed(image, headline, retake, round(12 * s))


def _headed(image: np.ndarray, headline: str, retake: str | None, left: int) -> np.ndarray:
    """``image`` under a white band holding the headline (the total, or why there is
    none), wrapped to the page's width, and above it the advice to take the photo again:
    a band of its own, so that a long reason never hides the fields at the page's top."""
    scale = 0.6
    height = cv2.getTextSize("Ag", FONT, scale, 1)[0][1] + 8
    width = image.shape[1] - 2 * left
    # (the advice first: it is what to do, the headline what came of this photo)
    lines = [(line, RETAKE) for line in _wrapped(retake or "", width, scale)]
    lines += [(line, (0, 0, 0)) for line in _wrapped(headline, width, scale)]
    if not lines:
        return image
    band = np.full((len(lines) * height + height // 2, image.shape[1], 3), 255, np.uint8)
    for n, (line, colour) in enumerate(lines):
        cv2.putText(band, line, (left, (n + 1) * height), FONT, scale, colour, 1, cv2.LINE_AA)
    return np.vstack([band, image])


def write_overlay(directory: Path, sheet: SheetReading, image: np.ndarray) -> Path:
    """Write the overlay PNG whole or not at all; its path."""
    from pnp.output import write_png

    path = Path(directory) / f"{sheet.file_stem}-overlay.png"
    write_png(path, image)
    return path
