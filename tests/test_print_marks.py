"""A mark lying on a field's inner print, which the ink masks cannot see, is asked
(pnp.vision.print_marks)."""

from types import SimpleNamespace

import cv2
import numpy as np

from pnp.sheetmap import Field
from pnp.vision.fields import FieldReading
from pnp.vision.print_marks import marks_on_print, print_tones

PX = 6.25  # px per mm
D = 5.2  # a Round circle's diameter, mm
SIGMA = 1.3  # the photo's blur, px


def _page(darker: dict[int, float], n: int = 8, seed: int = 0):
    """``n`` circles in a row, each with a grey figure printed in its middle, strokes 1 to
    3 px wide by turns (a "1" is thinner than an "8"): the blank as rendered, its print
    widened as the masks compare it, and the photo (the blank blurred, grain added);
    circle i's figure darkened by ``darker[i]`` of paper (a mark lying on it)."""
    rng = np.random.default_rng(seed)
    h, w = 60, 16 + n * 40
    blank = np.full((h, w), 255, np.uint8)
    fields = []
    for i in range(n):
        cx, cy = (8 + i * 40 + 20) / PX, 30 / PX
        fields.append(Field(f"round-{i}", "round_circle", cx, cy, D, D, "circle"))
        x, y, half = round(cx * PX), round(cy * PX), 1 + i % 3
        blank[y - 5 : y + 5, x - half : x + half] = 90
    printed = cv2.erode(blank, np.ones((3, 3), np.uint8))
    photo = cv2.GaussianBlur(blank.astype(np.float32) / 255, (0, 0), SIGMA)
    seen = (photo + rng.normal(0, 0.005, (h, w))).astype(np.float32)
    for i, dark in darker.items():
        x, y = round(fields[i].x * PX), round(fields[i].y * PX)
        seen[y - 4 : y + 4, x - 2 : x + 2] -= dark
    prep = SimpleNamespace(printed=printed, blank=blank, print_inside={})
    masks = SimpleNamespace(seen=seen, prep=prep, sigma=SIGMA)
    readings = [FieldReading(f.id, "empty", 0.0, 1.0) for f in fields]
    return fields, readings, masks


def test_a_figure_darkened_by_a_mark_is_asked():
    fields, readings, masks = _page({5: 0.25})
    assert marks_on_print(readings, fields, masks, PX, set()) == ["round-5"]


def test_figures_thin_and_thick_ask_nothing():
    fields, readings, masks = _page({})
    assert marks_on_print(readings, fields, masks, PX, set()) == []
    # the photo's tone alone tells the thick figures from the thin ones; set against
    # the blank's, they are alike
    tones = list(print_tones(fields, masks, PX).values())
    assert len(tones) == len(fields) and max(tones) - min(tones) < 0.01
    masks.prep.blank = np.full_like(masks.prep.blank, 255)  # as if the blank were paper
    masks.prep.print_inside.clear()
    raw = list(print_tones(fields, masks, PX).values())
    assert max(raw) - min(raw) > 0.1


def test_a_field_asked_already_or_read_filled_is_not_asked_again():
    fields, readings, masks = _page({5: 0.25})
    assert marks_on_print(readings, fields, masks, PX, {"round-5"}) == []
    readings[5] = FieldReading("round-5", "filled", 0.3, 1.0)
    assert marks_on_print(readings, fields, masks, PX, set()) == []


def test_a_field_read_hatched_out_is_not_asked_as_a_mark_on_its_print():
    """Its ink was seen, and judged a hatching: the print under it shows darker for it."""
    fields, readings, masks = _page({5: 0.4})
    readings[5] = FieldReading("round-5", "empty", 0.95, 0.9, hatched=True)
    assert marks_on_print(readings, fields, masks, PX, set()) == []


def test_too_few_fields_of_the_kind_or_no_blank_tell_nothing():
    fields, readings, masks = _page({2: 0.25}, n=4)
    assert marks_on_print(readings, fields, masks, PX, set()) == []
    fields, readings, masks = _page({5: 0.25})
    masks.prep = None
    assert marks_on_print(readings, fields, masks, PX, set()) == []


def test_a_slightly_darker_figure_is_not_asked():
    fields, readings, masks = _page({5: 0.02})
    assert marks_on_print(readings, fields, masks, PX, set()) == []


def test_the_tone_is_a_share_of_the_paper_around_it():
    fields, _, masks = _page({})
    plain = print_tones(fields, masks, PX)
    masks.seen = masks.seen * 0.5  # a shadow over all
    shaded = print_tones(fields, masks, PX)
    assert all(abs(shaded[i] - plain[i]) < 1e-5 for i in plain)
    # a field with no print inside has no tone
    box = Field("box", "space", 1.0, 0.2, 4.0, 2.5)
    assert print_tones([*fields, box], masks, PX).keys() == plain.keys()
