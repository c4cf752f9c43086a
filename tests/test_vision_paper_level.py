"""The paper level keeps a wide tint a tint, and noise is never assumed away over tints."""

from __future__ import annotations

import cv2
import numpy as np

from pnp.vision.blank_prep import prepared
from pnp.vision.ink import NOISE_WINDOW_MM, _noise, _quarter, ink_masks
from pnp.vision.paper_level import paper_level

PX = 6.25  # px per mm


def _page(tint: float = 0.85, size_mm: int = 30):
    """A white page with a tinted square wider than the paper closing, and its blank."""
    h = w = round(80 * PX)
    blank = np.full((h, w), 255, np.uint8)
    a, b = round(25 * PX), round((25 + size_mm) * PX)
    blank[a:b, a:b] = round(255 * tint)
    return blank, (a, b)


def test_a_tinted_box_wider_than_the_closing_keeps_its_tint():
    blank, (a, b) = _page()
    photo = (blank.astype(np.float32) * 0.8).astype(np.uint8)  # a dimmer photo of it
    middle = (slice(a + 40, b - 40), slice(a + 40, b - 40))
    alone = paper_level(photo, PX)
    with_print = paper_level(photo, PX, prepared(blank, PX).print_small)
    assert abs(float(np.median(alone[middle])) - 1.0) < 0.03  # the tint passed for paper
    assert abs(float(np.median(with_print[middle])) - 0.85) < 0.03
    assert abs(float(np.median(with_print[10:60, 10:60])) - 1.0) < 0.03  # paper stays paper


def test_a_faint_stroke_on_a_wide_tint_is_ink():
    blank, (a, b) = _page()
    photo = blank.copy()
    mid = (a + b) // 2
    photo[mid - 2 : mid + 2, a + 20 : b - 20] = round(255 * 0.85 * 0.75)  # 25% darker
    masks = ink_masks(photo, blank, PX)
    assert masks.ink[mid - 1 : mid + 1, a + 30 : b - 30].mean() > 0.9


def test_noise_over_a_tint_with_no_paper_near_is_not_taken_as_zero():
    rng = np.random.default_rng(3)
    blank, (a, b) = _page(size_mm=40)
    photo = np.clip(blank + rng.normal(0, 12, blank.shape), 0, 255).astype(np.uint8)
    masks = ink_masks(photo, blank, PX)
    mid = (a + b) // 2
    paper_step = float(np.median(masks.steps[20:80, 20:80]))
    tint_step = float(np.median(masks.steps[mid - 20 : mid + 20, mid - 20 : mid + 20]))
    assert paper_step > 0.2  # the noise raised the step on paper...
    assert tint_step >= paper_step  # ...and at least as much over the tint (print 0.85)


def test_the_noise_map_is_its_formulas_bit_for_bit():
    """``_noise`` writes its later pages over the ones it is done with: the map is the
    one its formulas give on fresh pages, bit for bit."""
    rng = np.random.default_rng(5)
    seen = rng.normal(1.0, 0.05, (403, 517)).astype(np.float32)  # sides no multiple of 4
    seen[100:140, 50:300] = 0.4  # a dark band: no white paper there
    white = (seen > 0.95).astype(np.uint8)
    size = (seen.shape[1], seen.shape[0])
    win = (int(NOISE_WINDOW_MM * PX * 0.25) | 1,) * 2
    share = white.astype(np.float32)
    area = np.maximum(cv2.blur(_quarter(share), win), 1e-3)
    kept = seen * share
    total = cv2.blur(_quarter(kept), win)
    level = cv2.resize(total / area, size, interpolation=cv2.INTER_LINEAR)
    var = np.maximum(cv2.blur(_quarter(np.maximum(kept - level, 0) ** 2), win), 0)
    expected = cv2.resize(np.sqrt(2 * var / area), size, interpolation=cv2.INTER_LINEAR)
    assert np.array_equal(_noise(seen, white, PX), expected)


def test_the_readable_print_is_handed_out_read_only():
    """``ink_masks`` hands out the blank's cached ``readable`` itself, not a copy: written
    into, it would change every later read against that blank."""
    blank, _ = _page()
    masks = ink_masks(blank.copy(), blank, PX)
    assert not masks.readable.flags.writeable
    assert masks.readable is ink_masks(blank.copy(), blank, PX).readable


def test_a_blank_is_prepared_once_and_again_when_its_pixels_change():
    blank, (a, b) = _page(tint=0.7)
    shared = blank.copy()
    shared.flags.writeable = False  # as the reference images are handed out
    first = prepared(shared, PX)
    assert prepared(shared, PX) is first  # the same object: no second preparing
    assert prepared(shared.copy(), PX) is first  # the same pixels elsewhere: by content
    changed = blank.copy()
    changed[a:b, a:b] = 255  # the tint gone: another sheet
    other = prepared(changed, PX)
    assert other is not first
    assert other.print_small.min() > first.print_small.min()
    changed[a:b, a:b] = 128  # changed in place (writable): prepared anew, not by object
    assert prepared(changed, PX).print_small.min() < other.print_small.min()
