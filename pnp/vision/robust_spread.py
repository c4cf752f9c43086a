"""A sample's middle and spread that a few outliers do not move: its median, and its
median absolute deviation scaled to a normal spread's standard deviation (and never
zero). The paper's grain beside a faint stroke (``pnp.vision.faint_strokes``) and round
a field (``pnp.vision.grain_spread``), the tone of a page's empty fields
(``pnp.vision.field_tone``) and of the print inside them (``pnp.vision.print_marks``), are
measured so."""

from __future__ import annotations

import numpy as np

MAD_SIGMA = 1.4826  # a normal spread's standard deviation over its median absolute deviation
SPREAD_FLOOR = 1e-4  # added to the spread: a flat sample still divides


def median_spread(values: np.ndarray) -> tuple[float, float]:
    """(median, ``MAD_SIGMA`` x median absolute deviation + ``SPREAD_FLOOR``) of ``values``."""
    median = float(np.median(values))
    return median, MAD_SIGMA * float(np.median(np.abs(values - median))) + SPREAD_FLOOR
