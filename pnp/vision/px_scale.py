"""Pixel sizes tuned at one resolution, at the page's: the reading's blur sigmas and
pixel counts keep their size on paper whatever the page's px/mm (``px_scale``,
``px_count``)."""

from __future__ import annotations

# The reading's pixel sizes (blur sigmas, pixel counts) were tuned on pages read at this many
# px/mm; a page read at another resolution scales them (``px_scale``) so that they keep
# their size on paper.
TUNED_PX_PER_MM = 6.25


def px_scale(px_per_mm: float) -> float:
    """How many page pixels one pixel of a page read at ``TUNED_PX_PER_MM`` spans."""
    return px_per_mm / TUNED_PX_PER_MM


def px_count(count: int, px_per_mm: float) -> int:
    """A pixel count tuned at ``TUNED_PX_PER_MM`` (an area) at ``px_per_mm``."""
    return max(1, round(count * px_scale(px_per_mm) ** 2))
