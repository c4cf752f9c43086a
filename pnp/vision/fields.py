"""Read every field of a flattened page: filled, empty or doubtful, with a confidence.

A field's reading is the share of its inside that the added ink (``pnp.vision.ink``)
covers, with what the page's other measures tell of it: the ink at the base step alone,
the coverage of its readable paper, the ink just past its outline, strokes a pen's width
wide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.field_boxes import _box_sums, _field_boxes, _free_room, _in_window
from pnp.vision.ink import INK_STEP, _thick

EMPTY_MAX = 0.009  # at most this share of a field's inside inked: empty
FILLED_MIN = 0.045  # at least this share: filled; between the two: doubtful
# Fields a person reads and the reader does not (names, written totals, storage).
UNREAD_KINDS = frozenset({"write_in", "cube_slot"})

State = Literal["filled", "empty", "doubtful"]


@dataclass(frozen=True)
class FieldReading:
    id: str
    state: State
    ink: float  # share of the field's inside that carries added ink
    confidence: float  # 0.5 at a threshold, 1.0 far from both
    spill: tuple[float, ...] = ()  # share of inked free paper just outside, per side
    # The ink step used in the field (the page's base step, or higher where the paper is
    # noisy).
    step: float = INK_STEP
    # The share inked at the page's base step alone (``INK_STEP``, lower on a blurred
    # photo: ``blur_fit.blurred_step``): faint strokes the raised step drops still count
    # here.
    base_ink: float = 0.0
    # ``ink`` over the share of the inside where ink can show at all (print not too dark).
    coverage: float = 0.0
    # The share of readable paper just past the outline that is inked (a band beside a
    # box, the corners of a circle's square): a hatching-out runs past it, a mark rarely.
    beyond: float = 0.0
    # Read empty because the box is hatched out (``pnp.vision.hatching``), not for want
    # of ink.
    hatched: bool = False
    # Filled with strokes that run one way, light paper between them (``hatching``): a
    # fill, not a hatching-out, though it run past the outline.
    striped: bool = False
    # Filled once, one way, lighter than the pen's strokes (``hatching``): a fill, asked
    # about on no account of its ink.
    fill_strokes: bool = False
    # Covered by strokes crossing with no direction to them, run past two sides or more
    # (``hatching``): a mark hatched out, perhaps, though too light or too short a
    # reach to say so: asked.
    crossed: bool = False
    # Read filled for a faint straight stroke across it (``pnp.vision.faint_strokes``),
    # though its ink share alone says doubtful.
    stroke: bool = False
    # A circle's ink, all on the side facing a neighbour filled past its circle, where
    # that is no sure overrun (a round indicator's tick, a bubble half covered:
    # ``pnp.vision.neighbour_spill``): a mark there, or that fill run over?
    spilled: bool = False
    # Doubted for the paper's noise, then decided by the page's own gap between its
    # clear marks and its clear paper (``pnp.vision.page_gap``).
    settled: bool = False
    # Where the page's gap was measured (``page_gap``), for a field doubted for noise or
    # faint ink: (its darkest point, the darkest and the 90th percentile of the page's sure
    # empty fields, the 10th percentile of its sure marks); the noise model reads them.
    darkness: tuple[float, ...] = ()
    # ``ink`` and ``base_ink`` counting only strokes at least ``THICK_PX`` wide (the masks
    # opened by a square that wide): the grain of noisy paper rarely is, a pen stroke is.
    thick_ink: float = 0.0
    thick_base: float = 0.0
    # For a field doubted for noise or faint ink: the shape and darkness of its ink
    # (``pnp.vision.ink_shape.FEATURES``); the noise model reads them.
    ink_shape: tuple[float, ...] = ()
    # ...and the grain of the paper beside it (``pnp.vision.local_grain``; -1 unmeasured),
    # which a field's base-step ink is weighed against before the model settles it empty.
    local_grain: float = -1.0
    # ...and how much darker than its print its inside is on average, against the paper
    # round it and the page's empty fields (``pnp.vision.field_tone.FEATURES``)
    tone: tuple[float, ...] = ()


# On quiet paper (the noise did not raise the step: the field's ink at the base step is
# hardly more than at its own) nothing but a mark puts this much ink in a field.
QUIET_FILLED_MIN = 0.025
QUIET_BASE_RATIO = 1.2  # base-step ink at most this many times the ink: quiet paper


def classify(ink: float, filled_min: float = FILLED_MIN) -> tuple[State, float]:
    """Empty, filled or doubtful by the share inked, and how far from the thresholds."""
    if ink <= EMPTY_MAX:
        return "empty", 1.0 - 0.5 * ink / EMPTY_MAX
    if ink >= filled_min:
        return "filled", min(1.0, 0.5 + 0.5 * (ink - filled_min) / filled_min)
    middle = (EMPTY_MAX + filled_min) / 2
    return "doubtful", 0.5 * abs(ink - middle) / (middle - EMPTY_MAX)


def read_fields(
    mask: np.ndarray,
    fields: list[Field],
    px_per_mm: float,
    steps: np.ndarray | None = None,
    base: np.ndarray | None = None,
    readable: np.ndarray | None = None,
) -> list[FieldReading]:
    """Every field's share of added ink, classified; ``steps``, ``base`` and ``readable``
    (from ``ink_masks``) record the ink step used in each field, its ink at the base step,
    its coverage and the ink just past its outline."""
    if not fields:
        return []
    # Every box read lies in one window of the page: the sums are taken over it alone.
    page_boxes = _field_boxes(fields, px_per_mm)
    boxes, (x0, y0, x1, y1) = _in_window(page_boxes, mask.shape)
    mask = mask[y0:y1, x0:x1]
    base = None if base is None else base[y0:y1, x0:x1]
    readable = None if readable is None else readable[y0:y1, x0:x1]
    integral = cv2.integral(mask)
    free, room = _free_room(boxes, mask.shape)
    spilled_integral = cv2.integral(cv2.bitwise_and(mask, free))
    inside = boxes.inside
    whole = page_boxes.inside  # the area is the box's, on the page or not
    area = np.maximum(1, (whole[:, 2] - whole[:, 0]) * (whole[:, 3] - whole[:, 1]))
    ink = _box_sums(integral, inside) / area
    spilled = _box_sums(spilled_integral, boxes.spill)
    spill = np.where(room >= 4, spilled / np.maximum(room, 1), -1.0)
    if steps is not None:
        cy = np.clip((whole[:, 1] + whole[:, 3]) // 2, 0, steps.shape[0] - 1)
        cx = np.clip((whole[:, 0] + whole[:, 2]) // 2, 0, steps.shape[1] - 1)
        step_at = steps[cy, cx].astype(np.float64).tolist()
    else:
        step_at = None
    extra = _coverage(boxes, area, ink, integral, base, readable)
    thick = None if base is None else _thick_shares(mask, base, inside, area, px_per_mm)
    out = []
    for n, (f, share, sides) in enumerate(zip(fields, ink.tolist(), spill.tolist(), strict=True)):
        # round(0.0, n) is 0.0: most shares are, and round() is the loop's main cost.
        more = {}
        filled_min = FILLED_MIN
        if extra is not None:
            b, c, o = extra[0][n], extra[1][n], extra[2][n]
            if base is not None and b <= QUIET_BASE_RATIO * share:
                filled_min = QUIET_FILLED_MIN
            more = {
                "base_ink": round(b, 4) if b else b,
                "coverage": round(c, 4) if c else c,
                "beyond": round(o, 3) if o else o,
            }
            if thick is not None:
                more["thick_ink"], more["thick_base"] = (round(v, 4) if v else v for v in thick[n])
        state, conf = classify(share, filled_min)
        out.append(
            FieldReading(
                f.id,
                state,
                round(share, 4) if share else share,
                round(conf, 3),
                tuple(round(v, 3) if v else v for v in sides),
                INK_STEP if step_at is None else round(step_at[n], 3),
                **more,
            )
        )
    return out


def _coverage(boxes, area, ink, integral, base, readable):
    """(base_ink, coverage, beyond) lists of every field, or None without ``base`` and
    ``readable``."""
    if base is None and readable is None:
        return None
    inside = boxes.inside
    base_ink = _box_sums(cv2.integral(base), inside) / area if base is not None else ink
    coverage, beyond = ink, np.zeros(len(inside))
    if readable is not None:
        readable_integral = cv2.integral(readable)
        room_in = _box_sums(readable_integral, inside)
        coverage = np.minimum(1.0, ink * area / np.maximum(np.maximum(room_in, area // 20), 1))
        room = _box_sums(readable_integral, boxes.beyond).sum(axis=1)
        inked = _box_sums(integral, boxes.beyond).sum(axis=1)
        beyond = np.where(room >= 4, inked / np.maximum(room, 1), 0.0)
    return base_ink.tolist(), coverage.tolist(), beyond.tolist()


def _thick_shares(mask, base, inside, area, px_per_mm) -> list[tuple[float, float]]:
    """(thick_ink, thick_base) of every field: the shares of its inside that ``mask`` and
    ``base`` ink in strokes at least ``THICK_PX`` wide. ``mask`` lies within ``base``
    (``ink_masks`` makes it so), so one opening of their sum (0, 1 or 2) opens both: an
    opening commutes with each threshold of it."""
    both = _thick(cv2.add(mask, base), px_per_mm)
    thick_ink = cv2.min(cv2.compare(both, 2, cv2.CMP_GE), 1)
    ink = _box_sums(cv2.integral(thick_ink), inside)
    thick_base = _box_sums(cv2.integral(both), inside) - ink
    return list(zip((ink / area).tolist(), (thick_base / area).tolist(), strict=True))
