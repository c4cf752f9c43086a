"""A hex symbol partly hidden by its hex's printed icon is matched over what the icon
leaves visible (pnp.vision.glyph_visible)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from pnp.vision import glyph_match
from pnp.vision.glyph_scan import template
from pnp.vision.glyph_visible import visible, visible_scores

PX = 6.25  # px per mm
KEYS = ("circle", "square", "triangle")


def _hex_under_icon(key: str) -> tuple[np.ndarray, np.ndarray]:
    """(ink, blank) of a hex's square: ``key`` drawn in its middle, 4 mm to the half
    side, an icon printed (a dark disc) over the top of it, as an Upgrade's gear lies."""
    size = 96
    t = template(key, 0.0, 4.0, PX)
    drawn = np.zeros((size, size), np.float32)
    y0, x0 = (size - t.shape[0]) // 2, (size - t.shape[1]) // 2
    drawn[y0 : y0 + t.shape[0], x0 : x0 + t.shape[1]] = t
    blank = np.full((size, size), 255, np.uint8)
    cv2.circle(blank, (size // 2, y0 + 4), 14, 40, -1)
    shown = visible(blank, PX)
    ink = ((drawn > 0.3) & (shown > 0)).astype(np.float32)  # none seen on the icon
    return ink, blank


def test_the_icon_hides_ink_and_a_pixel_beside_it():
    _, blank = _hex_under_icon("triangle")
    shown = visible(blank, PX)
    dark = blank < 128
    assert shown[5, 5] == 1 and dark.any()  # the paper in a corner; an icon printed
    beside = cv2.dilate(dark.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    assert not shown[beside].any()


def test_a_triangle_cut_by_the_icon_is_a_triangle_over_what_shows():
    ink, blank = _hex_under_icon("triangle")
    whole = glyph_match.match(ink, KEYS)
    seen = visible_scores(ink, visible(blank, PX), KEYS, PX)
    assert seen.best == "triangle" and seen.margin > 0.1
    # the ink alone in its canonical frame, its apex cut off, looks like another symbol
    assert whole.best != "triangle"


def test_a_circle_cut_by_the_icon_is_still_a_circle():
    ink, blank = _hex_under_icon("circle")
    seen = visible_scores(ink, visible(blank, PX), KEYS, PX)
    assert seen.best == "circle" and seen.margin > 0.1
    assert glyph_match.match(ink, KEYS).best != "circle"  # a square, its top cut off


def test_asteroids_drawn_under_upgrade_gears_are_read_as_asteroids():
    """Seed 805 #148 (``python -m pnp.bench photos --n 300 --seed 805``, a normal Cosmos
    page, halved): Asteroid triangles in the Upgrade hexes q6r1 and q2r9, their apex under
    the gear, read as Orbit circles by their ink's canonical match: each asked as an Orbit
    symbol alone, the shapes broken (8 questions). Now the page asks nothing and reads
    as drawn."""
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    page = Path(__file__).parent / "fixtures" / "cosmos"
    page /= "seed805-00148-distant-suns-cosmos-normal-half.jpg"
    truth = json.loads(page.with_suffix(".json").read_text())["state"]
    (a,), _ = assemble(read_photo(page))
    assert a.doubtful == []

    def zones(state):
        return sorted((s["zone"], tuple(sorted(s["hexes"]))) for s in state["shapes"])

    assert zones(a.state) == zones(truth)
    zone_of = {h: s["zone"] for s in a.state["shapes"] for h in s["hexes"]}
    assert zone_of["q6r1"] == zone_of["q2r9"] == "asteroid" and zone_of["q10r3"] == "orbit"


def test_only_ink_running_under_the_icon_is_cut_off():
    from pnp.vision.glyph_visible import cut_off

    ink, blank = _hex_under_icon("triangle")
    shown = visible(blank, PX)
    assert cut_off(ink, shown, PX)
    clear = np.zeros_like(ink)
    clear[70:80, 30:60] = 1  # a symbol drawn low in the hex, 4 mm below the icon
    assert not cut_off(clear, shown, PX)


def test_a_triangle_under_an_upgrade_gear_needs_no_repair():
    """Seed 723 #128 (a normal Cosmos page, halved): the Asteroid's triangle in Upgrade
    hex q10r3, read as Orbit by its ink's canonical match and repaired by the Upgrades
    the shapes spend (``test_vision_distant_suns_settling``), is read as an Asteroid's."""
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    page = Path(__file__).parent / "fixtures" / "cosmos"
    page /= "seed723-00128-distant-suns-cosmos-normal-half.jpg"
    (a,), _ = assemble(read_photo(page))
    assert not a.doubtful
    zone = {h: s["zone"] for s in a.state["shapes"] for h in s["hexes"]}
    assert zone["q10r3"] == "asteroid"
    assert not [r for r in a.remarks if r.startswith("hex-q10r3")]


def test_upgrade_hexes_the_answers_tests_ask_about_are_read_as_drawn():
    """Seed 127 #273 (a hard Cosmos page) asked one question, hex q7r7's symbol: Orbit or
    Station; seed 115 #228 (normal) read q6r1 as a Satellite and repaired it, as an
    Asteroid, by the shapes (``test_zone_answers``). Both Upgrade hexes read as drawn."""
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    folder = Path(__file__).parent / "fixtures" / "cosmos"
    for name, hexes in (
        ("seed127-00273-distant-suns-cosmos-hard.jpg", ("q7r7",)),
        ("seed115-00228-distant-suns-cosmos-normal.jpg", ("q6r1",)),
    ):
        page = folder / name
        truth = json.loads(page.with_suffix(".json").read_text())["state"]
        (a,), _ = assemble(read_photo(page))
        read = {h: s["zone"] for s in a.state["shapes"] for h in s["hexes"]}
        drawn = {h: s["zone"] for s in truth["shapes"] for h in s["hexes"]}
        assert all(read[h] == drawn[h] for h in hexes), name
        assert not {d.field for d in a.doubtful} & {f"hex-{h}" for h in hexes}, name
