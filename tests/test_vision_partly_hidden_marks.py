"""A tick that shows only where it leaves a dark printed icon fills a doubtful box on
quiet paper (``pnp.vision.faint_strokes.partly_hidden``); on noisy paper it stays
doubtful."""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.faint_strokes import faint_strokes
from pnp.vision.fields import read_fields
from pnp.vision.ink import InkMasks

PX = 6.25
BOX = Field("tech-red-7", "tech_box", 20.0, 20.0, 9.5, 9.5)
SIZE = round(50 * PX)


def px(mm: float) -> int:
    return round(mm * PX)


def tick_behind_an_icon(noisy: bool) -> tuple[InkMasks, list]:
    """Paper with a dark icon over most of the box; a tick's two ends show beside it."""
    rng = np.random.default_rng(7)
    seen = np.float32(1.0) + rng.normal(0, 0.01, (SIZE, SIZE)).astype(np.float32)
    readable = np.ones(seen.shape, np.uint8)
    x0, y0, x1, y1 = BOX.bounds
    readable[px(y0 + 1.5) : px(y1 - 1.5), px(x0 + 1.5) : px(x1 - 1.5)] = 0  # the icon
    for t in np.linspace(0.0, 1.0, 300):  # a diagonal stroke, 0.5 mm wide
        x, y = px(x0 + 1.0 + t * 7.5), px(y1 - 1.0 - t * 7.5)
        seen[y - 1 : y + 2, x - 1 : x + 2] = 0.4
    ink = ((seen < 0.8) & (readable > 0)).astype(np.uint8)
    base = ink.copy()
    if noisy:  # the base step finds grains of noise all over: the step was raised
        base |= (rng.random(seen.shape) < 0.05).astype(np.uint8)
    printed = np.where(readable > 0, 255, 20).astype(np.uint8)
    m = InkMasks(ink, np.full(seen.shape, 0.2, np.float32), base, readable, seen, printed)
    return m, read_fields(m.ink, [BOX], PX, m.steps, m.base, m.readable)


def test_a_tick_behind_a_dark_icon_fills_its_box_on_quiet_paper():
    m, readings = tick_behind_an_icon(noisy=False)
    assert readings[0].state == "doubtful" and readings[0].coverage >= 0.025
    assert faint_strokes(readings, [BOX], m, PX)[0].state == "filled"


def test_on_noisy_paper_the_same_tick_stays_doubtful():
    m, readings = tick_behind_an_icon(noisy=True)
    assert faint_strokes(readings, [BOX], m, PX)[0].state == "doubtful"
