"""Paper sizes and the content box every sheet is designed for.

Sheets are laid out once, in a box that fits both A4 and US Letter, and
centred on the page: nothing falls off either paper and every sheet keeps its
true scale (Distant Suns templates must match the Cosmos hexes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}

# The largest page both papers hold (A4's width, Letter's height).
COMMON_WIDTH = min(p.width for p in PAPERS.values())
COMMON_HEIGHT = min(p.height for p in PAPERS.values())


def find_paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}: choose one of {', '.join(PAPERS)}") from None
