"""A player's pen and hand as numbers: which pen, how wide, how shaky, which check mark.

``draw_style(rng)`` draws one ``PenStyle`` from a seeded generator: blue or black
ballpoint or pencil (``PENS``: ink colour, opacity and width ranges), stroke width,
shakiness, slant, the mix of check marks the player prefers (``CHECK_KINDS``), how
big marks and Distant Suns symbols are drawn, how often a mark overruns its box, how
many stray marks and whether there is a correction. The hand (``pnp.synth.hand``)
draws with it; the pen (``pnp.synth.pen``) fills a sheet with it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

CHECK_KINDS = ("cross", "tick", "slash", "fill", "scribble")
PENS = {
    # name: (RGB ink, opacity range, width range mm)
    "blue ballpoint": ((28, 48, 150), (0.82, 0.97), (0.3, 0.55)),
    "black ballpoint": ((28, 28, 34), (0.8, 0.95), (0.3, 0.55)),
    "pencil": ((80, 82, 90), (0.6, 0.85), (0.4, 0.75)),
}


@dataclass(frozen=True)
class PenStyle:
    """One player's hand; every number is drawn from the seed."""

    pen: str
    colour: tuple[int, int, int]
    opacity: float
    width_mm: float
    shakiness_mm: float  # amplitude of the slow wobble of a stroke
    slant_deg: float
    mark_mix: dict[str, float]  # probability of each check mark kind
    mark_size: float  # how much of its field a check mark spans
    glyph_size: float  # how much of a hex a Distant Suns symbol spans
    overrun_probability: float
    stray_marks: int
    correction: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def draw_style(rng: np.random.Generator) -> PenStyle:
    """A random hand: a pen, its width, a favourite check mark, sloppiness."""
    pen = ("blue ballpoint", "black ballpoint", "pencil")[int(rng.choice(3, p=[0.4, 0.3, 0.3]))]
    colour, (o0, o1), (w0, w1) = PENS[pen]
    favourite = int(rng.choice(len(CHECK_KINDS), p=[0.35, 0.3, 0.15, 0.1, 0.1]))
    loyalty = float(rng.uniform(0.7, 1.0))
    mix = {k: (1 - loyalty) / (len(CHECK_KINDS) - 1) for k in CHECK_KINDS}
    mix[CHECK_KINDS[favourite]] = loyalty
    return PenStyle(
        pen=pen,
        colour=colour,
        opacity=round(float(rng.uniform(o0, o1)), 3),
        width_mm=round(float(rng.uniform(w0, w1)), 3),
        shakiness_mm=round(float(rng.uniform(0.04, 0.3)), 3),
        slant_deg=round(float(rng.normal(0, 6)), 2),
        mark_mix={k: round(v, 3) for k, v in mix.items()},
        mark_size=round(float(rng.uniform(0.6, 0.95)), 3),
        glyph_size=round(float(rng.uniform(0.5, 0.72)), 3),
        overrun_probability=round(float(rng.uniform(0.0, 0.12)), 3),
        stray_marks=int(rng.integers(0, 4)),
        correction=bool(rng.random() < 0.6),
    )
