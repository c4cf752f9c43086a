"""The grain of the paper beside a doubted field, on its quietest side."""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.local_grain import BAND_MM, LIGHT_PRINT, local_grain

PX = 6.25  # px/mm
BOX = Field("b", "space", 20.0, 20.0, 8.0, 8.0)  # an 8 mm box at (20, 20) mm
PAGE = (300, 300)  # 48 mm square
WHITE = np.full(PAGE, 255, np.uint8)


def grain(share: float, seed: int = 0) -> np.ndarray:
    """A base-step mask inking ``share`` of the page's pixels at random."""
    return (np.random.default_rng(seed).random(PAGE) < share).astype(np.uint8)


def px(mm: float) -> int:
    return round(mm * PX)


def test_paper_grainy_all_around_gives_its_grain():
    base = grain(0.3)
    assert abs(local_grain(BOX, [BOX], base, WHITE, PX) - 0.3) < 0.05
    assert local_grain(BOX, [BOX], np.zeros(PAGE, np.uint8), WHITE, PX) == 0.0


def test_one_clean_side_keeps_the_grain_low():
    """A field on a shadow's edge: grainy paper on three sides, clean on the fourth."""
    base = grain(0.3)
    base[:, px(BOX.x + BOX.w) :] = 0  # clean paper right of the box
    assert local_grain(BOX, [BOX], base, WHITE, PX) == 0.0


def test_ink_in_the_box_itself_or_in_its_neighbours_boxes_is_not_the_papers():
    base = np.zeros(PAGE, np.uint8)
    base[px(BOX.y) : px(BOX.y + BOX.h), px(BOX.x) : px(BOX.x + BOX.w)] = 1  # the box's own
    # a neighbour's box over each band, filled solid
    a, b = BAND_MM
    neighbours = [
        Field("left", "space", BOX.x - b, BOX.y - b, b - a, BOX.h + 2 * b),
        Field("right", "space", BOX.x + BOX.w + a, BOX.y - b, b - a, BOX.h + 2 * b),
        Field("top", "space", BOX.x - a, BOX.y - b, BOX.w + 2 * a, b - a),
        Field("bottom", "space", BOX.x - a, BOX.y + BOX.h + a, BOX.w + 2 * a, b - a),
    ]
    for n in neighbours[:3]:
        base[px(n.y) : px(n.y + n.h), px(n.x) : px(n.x + n.w)] = 1
    fields = [BOX, *neighbours[:3]]
    # the bottom band alone has free paper, and it is clean
    assert local_grain(BOX, fields, base, WHITE, PX) == 0.0
    # with the fourth neighbour too no side has free paper left: unmeasured
    assert local_grain(BOX, [*fields, neighbours[3]], base, WHITE, PX) == -1.0


def test_dark_print_beside_the_box_is_not_paper():
    base = grain(0.3)
    printed = WHITE.copy()
    printed[:, : px(BOX.x + BOX.w)] = LIGHT_PRINT - 1  # a tint left of the box's right side
    base[:, px(BOX.x + BOX.w) :] = 0  # the paper right of it clean
    # the right band alone is plain paper (the top and bottom bands run into the tint
    # only partly, and are grainy where they are not)
    assert local_grain(BOX, [BOX], base, printed, PX) == 0.0
    printed[:] = LIGHT_PRINT - 1
    assert local_grain(BOX, [BOX], base, printed, PX) == -1.0


def test_a_field_at_the_pages_edge_reads_the_sides_it_has():
    edge = Field("e", "space", 0.5, 20.0, 8.0, 8.0)  # no band left of it on the page
    base = grain(0.3)
    assert abs(local_grain(edge, [edge], base, WHITE, PX) - 0.3) < 0.05
