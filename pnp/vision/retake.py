"""Advice to take a photo again, where its page leaves too much to answer by hand.

A page in a poor photo (small in the frame, grainy, dark, half in shadow) can leave
dozens of its fields asked about: its faint marks cannot be told from the paper's grain.
Answering them one by one is slower than a new photo, and a new photo is read without
questions. So where a page asks about ``RETAKE_SHARE`` of its fields or more, and at least
``RETAKE_MIN`` of them, the reader says so, with what it measured of the photo that a
person can change (``PhotoQuality``). It never replaces the questions: they stay asked.

The thresholds are the reader's, measured on the synthetic photo sets (session 23, seeds
39-44 and 4242, 2,100 photos): no easy or normal page asks about a quarter of its fields;
35 pages do (34 hard, 1 real-mode), and hold 1,226 of the sets' 2,741 questions. Of the
photos' measures, those pages lie apart from the hard pages as a whole in their grain
(median ink step 0.29 against 0.23), their paper's brightness (157 against 176 of 255)
and their size in the frame (4.5 against 6.0 px per mm).

A page of many fields (a score pad's 640 bubbles, a Solo tracker's 454) asks a quarter of
them only when nearly nothing can be read, but ``RETAKE_MANY`` questions, one at a time,
take longer than a new photo whatever the page's size: 20 at a few seconds each is a
minute or more. On 40 photo sets (held-out 4242, seeds 677-716, session 60) 23 pages
asked that many, all hard (no easy, normal or real-mode page asked more than 8),
and 3 of them a quarter of their fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pnp.vision.field_doubts import WASHED
from pnp.vision.ink import INK_STEP
from pnp.vision.sheet_reading import SheetReading

RETAKE_SHARE = 0.25  # of a page's fields asked about...
RETAKE_MIN = 10  # ...and at least this many of them
RETAKE_MANY = 20  # ...or this many, whatever the page's size
SMALL_PX_PER_MM = 5.0  # a page with fewer of the photo's pixels per mm is small in it
GRAINY_STEP = 1.25 * INK_STEP  # a median ink step raised this far: the paper is grainy
DARK_PAPER = 160  # paper darker than this (of 255) in the photo: too little light
UNEVEN = 0.6  # the page's dim paper this much of its bright paper or less: a shadow
BLOCK_MM = 5.0  # the paper's level is measured in squares of this side


@dataclass(frozen=True)
class PhotoQuality:
    """What the reader measured of a page's photo that a person can change."""

    px_per_mm: float  # the page's resolution in the photo (0: unknown)
    paper: float  # its paper's brightness, 0-255 (the bright squares')
    evenness: float  # its dim paper over its bright paper (1: even light)
    step: float  # the median ink step of its fields (``INK_STEP``, raised by grain)
    washed: int = 0  # fields asked because the light washed their print out (``washed``)

    def problems(self) -> list[str]:
        """What to change, most telling first; empty if nothing measured is poor."""
        out = []
        if self.washed:
            out.append(
                f"the photo is over-exposed ({self.washed} fields washed out, the paper pure "
                "white): less light on the page, or set the exposure on the page (tap it on "
                "the screen)"
            )
        if 0 < self.px_per_mm < SMALL_PX_PER_MM:
            out.append(
                f"the page is small in the photo ({self.px_per_mm:.1f} px per mm): "
                "come closer, until it fills the frame"
            )
        grainy, dark = self.step >= GRAINY_STEP, self.paper < DARK_PAPER
        if grainy or dark:
            shade = f"dark (the paper {self.paper / 255:.0%} of white)"
            what = " and ".join(["grainy"] * grainy + [shade] * dark)
            out.append(f"the photo is {what}: more light")
        if self.evenness <= UNEVEN:
            out.append(
                f"the light is uneven (the dim paper {self.evenness:.0%} as bright as the "
                "rest): keep shadows off the page"
            )
        return out


def quality(sheet: SheetReading) -> PhotoQuality:
    """The ``PhotoQuality`` of a read page (``sheet.page``: the flattened page, gray)."""
    page = sheet.page
    side = max(1, round(BLOCK_MM * sheet.px_per_mm))
    rows, cols = page.shape[0] // side, page.shape[1] // side
    if rows and cols:
        blocks = page[: rows * side, : cols * side].reshape(rows, side, cols, side)
        # each square's paper: its bright pixels (print and marks are the dark ones)
        level = np.percentile(blocks.transpose(0, 2, 1, 3).reshape(rows, cols, -1), 90, axis=2)
        bright, dim = np.percentile(level, [90, 10])
    else:
        bright = dim = float(np.percentile(page, 90))
    steps = [r.step for r in sheet.readings]
    return PhotoQuality(
        px_per_mm=sheet.photo_px_per_mm,
        paper=float(bright),
        evenness=float(dim / bright) if bright > 0 else 0.0,
        step=float(np.median(steps)) if steps else INK_STEP,
        washed=sum(1 for d in sheet.doubtful if d.cause == WASHED),
    )


def advice(sheet: SheetReading, asked: int) -> str | None:
    """What to tell the player of a page with ``asked`` of its fields asked about: None
    where answering them is the quicker way."""
    fields = len(sheet.readings)
    if asked < RETAKE_MANY and (asked < RETAKE_MIN or asked < RETAKE_SHARE * fields):
        return None
    problems = quality(sheet).problems() or ["take it in even light, the page filling the frame"]
    return (
        f"{Path(sheet.source).name}: {asked} of its {fields} fields are in doubt; a new "
        f"photo is quicker than answering them: {'; '.join(problems)}"
    )
