"""Reading a filled Cosmos sheet: covered hexes, zones, shapes, score; doubt, never a guess.

Synthetic sheets are filled by the pen (pnp.synth.pen) and flattened straight
into the common box (an A4 page: the box starts 8.8 mm down), no camera.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.synth.marks import sheet_marks
from pnp.synth.pen import build_page, fill
from pnp.synth.states import random_state
from pnp.vision import glyph_match
from pnp.vision.distant_suns import read_cosmos
from pnp.vision.fields import read_fields
from pnp.vision.ink import added_ink
from pnp.vision.rectify import READ_PX_PER_MM
from pnp.vision.reference import common_map, reference_image
from scoring.distant_suns.hexgrid import hex_id
from scoring.distant_suns.layout import load_cosmos, load_shapes
from scoring.distant_suns.score import score
from scoring.distant_suns.state import parse_state

PX = READ_PX_PER_MM
COSMOS, SHAPES = load_cosmos(), load_shapes()
FIRST_FRONTIER = min(COSMOS.of_type("frontier"), key=lambda h: (h[1], h[0]))
PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def flatten(rgb: np.ndarray, dpi: float) -> np.ndarray:
    """An A4 page image at ``dpi`` as the common box at PX, gray."""
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    page = cv2.resize(gray, (round(210 * PX), round(297 * PX)), interpolation=cv2.INTER_AREA)
    top = round((297 - COMMON_HEIGHT) / 2 * PX)
    return page[top : top + round(COMMON_HEIGHT * PX), : round(COMMON_WIDTH * PX)]


def read_flat(flat, code, px=PX, blank=None):
    blank = reference_image(code.game, code.sheet, code.layout, px) if blank is None else blank
    mask = added_ink(flat, blank, px)
    sheet_map = common_map(code)
    return read_cosmos(flat, mask, sheet_map, read_fields(mask, sheet_map.fields, px), px, blank)


def synthetic(seed: int, dpi: float):
    truth = random_state("distant-suns", seed)
    (marks,) = sheet_marks("distant-suns", truth)
    page = build_page(marks)
    filled = fill(page, marks, seed, dpi)
    return truth, read_flat(flatten(filled.image, dpi), page.map.code)


def shape_sets(state) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((s["zone"], tuple(sorted(s["hexes"]))) for s in state["shapes"])


def hex_zones(state) -> dict[str, str]:
    return {h: s["zone"] for s in state["shapes"] for h in s["hexes"]}


@pytest.mark.parametrize("seed,dpi", [(3, 150), (4, 200), (5, 150), (7, 150), (11, 150)])
def test_a_filled_sheet_reads_back_its_state(seed, dpi):
    truth, reading = synthetic(seed, dpi)
    got = {h: r.zone for h, r in reading.hexes.items() if r.covered}
    doubtful = {d.field for d in reading.doubtful}
    assert set(got) == set(hex_zones(truth))
    assert all(zone == hex_zones(truth)[h] or f"hex-{h}" in doubtful for h, zone in got.items())
    assert shape_sets(reading.state) == shape_sets(truth)
    assert sorted(reading.state["zones"]) == sorted(truth["zones"]) or reading.doubtful
    if reading.clear:
        parsed = parse_state(reading.state)
        assert (
            score(parsed, COSMOS, SHAPES).total == score(parse_state(truth), COSMOS, SHAPES).total
        )
        assert reading.state["optimization"] == truth["optimization"]
        assert reading.state["frontier"] == truth["frontier"]


def test_no_silent_errors_over_a_run_of_seeds():
    clear = 0
    for seed in range(20, 28):
        truth, reading = synthetic(seed, 150 if seed % 2 else 200)
        if reading.clear:
            clear += 1
            got = score(parse_state(reading.state), COSMOS, SHAPES).total
            assert got == score(parse_state(truth), COSMOS, SHAPES).total, seed
    assert clear >= 6


def test_the_reading_is_a_legal_state_with_an_inferred_order():
    truth, reading = synthetic(5, 150)
    assert reading.clear and not reading.order_known
    state = parse_state(reading.state)
    rounds = {(s.round, s.turn) for s in state.shapes}
    assert len(rounds) == len(state.shapes)  # one shape a turn
    assert reading.to_json()["order_known"] is False
    assert all(0.0 <= c <= 1.0 for c in reading.confidence.values())


def test_an_unclear_symbol_is_doubtful_not_guessed():
    truth = random_state("distant-suns", 5)
    (marks,) = sheet_marks("distant-suns", truth)
    page = build_page(marks)
    filled = fill(page, marks, 5, 150)
    flat = flatten(filled.image, 150)
    # smudge one covered hex into a blot that is no symbol
    h = truth["shapes"][0]["hexes"][0]
    f = common_map(page.map.code).field(f"hex-{h}")
    cv2.rectangle(
        flat,
        (round((f.x - 3) * PX), round((f.y - 1) * PX)),
        (round((f.x + 3) * PX), round((f.y + 3) * PX)),
        60,
        -1,
    )
    reading = read_flat(flat, page.map.code)
    assert not reading.clear, reading.hexes[h]
    # named as the hex, or as the shapes it no longer fits
    assert any(h in d.field or d.field.startswith("shape") for d in reading.doubtful)


def _hexes_read(monkeypatch, blobs: dict[str, tuple[int, float]], doubted=(), seen=0.6):
    """The Cosmos reader's hexes, doubts and itself where the mask holds, in hex
    field ``fid``, a round blob ``radius`` px wide that the first zone's symbol matches at
    ``score`` (every other symbol lower); nothing else is inked. The field reader doubts
    the fields ``doubted``; the photo's darkness matches that symbol at ``seen``."""
    from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
    from pnp.vision import distant_suns
    from pnp.vision.distant_suns import _Reader

    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    sheet_map = common_map(build_page(marks).map.code)
    fields = {f.id: f for f in sheet_map.fields}
    mask = np.zeros((round(COMMON_HEIGHT * PX), round(COMMON_WIDTH * PX)), np.uint8)
    by_size = {}
    for fid, (radius, matched) in blobs.items():
        f = fields[fid]
        blob = np.zeros_like(mask)
        cv2.circle(blob, (round(f.x * PX), round(f.y * PX)), radius, 1, -1)
        by_size[int(blob.sum())] = matched
        mask |= blob
    glyph = SHAPES.all_zones[0].glyph

    def match(ink, keys, unit_mm=None, px_per_mm=1.0):
        others = ((k, 0.1) for k in keys if k != glyph)
        return glyph_match.GlyphScores(((glyph, by_size[int(ink.sum())]), *others))

    monkeypatch.setattr(distant_suns.glyph_match, "match", match)
    reader = _Reader(None, mask, sheet_map, [], PX, None, COSMOS, SHAPES, doubted=doubted)

    # no photo: how its darkness matches (``glyph_scan``) is given
    def scan(f, keys):  # the symbol matched at ``seen``, no other at all
        found = ((k, seen if k == glyph else -1.0) for k in keys)
        return glyph_match.GlyphScores(tuple(sorted(found, key=lambda kv: -kv[1])))

    reader._scanned = scan
    sure = glyph_match.GlyphScores(((glyph, 0.9), *((k, 0.1) for k in SHAPES.glyphs if k != glyph)))
    hexes = reader.read_hexes({"tile": sure})  # the symbol in play, as a tile shows it
    doubts = {d.field for d in reader.doubts}
    return {f"hex-{hex_id(h)}": r for h, r in hexes.items()}, doubts, reader


def test_too_little_ink_that_looks_like_no_symbol_is_a_speck_read_empty(monkeypatch):
    from pnp.vision.cosmos_symbols import COVERED_MM2, EMPTY_MM2, SPECK_SCORE

    radius = 4  # px: a blob between the empty hex's ink and a symbol's
    assert EMPTY_MM2 < np.pi * radius**2 / PX**2 < COVERED_MM2
    speck, faint = "hex-q3r4", "hex-q5r4"
    hexes, doubted, _ = _hexes_read(
        monkeypatch, {speck: (radius, SPECK_SCORE - 0.02), faint: (radius + 1, SPECK_SCORE + 0.02)}
    )
    assert hexes[speck].covered is False and speck not in doubted
    # a little ink that still looks somewhat like a symbol may be a faint one: asked
    assert hexes[faint].covered is None and faint in doubted


@pytest.mark.parametrize("seen,settled", [(0.45, True), (0.55, False)])
def test_a_hex_read_empty_the_field_reader_doubts_is_settled_where_the_darkness_shows_none(
    monkeypatch, seen, settled
):
    from pnp.vision.cosmos_symbols import EMPTY_MM2, SCAN_NONE

    assert seen < SCAN_NONE if settled else seen >= SCAN_NONE
    radius = 2  # px: less ink than a symbol leaves (an empty hex)
    assert np.pi * radius**2 / PX**2 < EMPTY_MM2
    hexes, _, reader = _hexes_read(monkeypatch, {"hex-q3r4": (radius, 0.3)}, ("hex-q3r4",), seen)
    assert hexes["hex-q3r4"].covered is False
    assert reader.settled.get("hex-q3r4") is (False if settled else None)


@pytest.mark.parametrize(
    "seen,covered,faint", [(0.3, False, False), (0.45, True, True), (0.6, True, False)]
)
def test_a_doubted_hexs_symbol_is_as_plain_as_the_darkness_shows_it(
    monkeypatch, seen, covered, faint
):
    """Under ``SCAN_UNSEEN`` the ink is grain joined into a symbol's shape (here read
    uncovered: the darkness shows no other symbol either, ``SCAN_NONE``), under
    ``SCAN_FAINT`` a faint symbol the noise model may uncover (``CosmosReading.faint``)."""
    from pnp.vision.cosmos_symbols import COVERED_MM2, GLYPH_MIN_SCORE

    radius = 6  # px: as much ink as a symbol leaves
    assert np.pi * radius**2 / PX**2 > COVERED_MM2
    blob = {"hex-q3r4": (radius, GLYPH_MIN_SCORE + 0.2)}
    hexes, doubts, reader = _hexes_read(monkeypatch, blob, ("hex-q3r4",), seen)
    assert hexes["hex-q3r4"].covered is covered
    assert ("hex-q3r4" in reader.faint) is faint


def test_glyph_templates_tell_every_zone_symbol_apart():
    keys = tuple(SHAPES.glyphs)
    for key in keys:
        for angle in (-12, 0, 9):
            drawn = glyph_match.draw(key, angle, 0.1, side_px=50)
            m = glyph_match.match(drawn, keys)
            assert m is not None and m.best == key, (key, angle, m.ranked[:2])


def test_the_easy_committed_photo_reads_its_shapes():
    from pnp.vision.identify import identify
    from pnp.vision.rectify import rectify

    path = PHOTOS / "00003-distant-suns-cosmos-easy.jpg"
    truth = json.loads(path.with_suffix(".json").read_text())["state"]
    page = rectify(cv2.imread(str(path), cv2.IMREAD_GRAYSCALE))
    reading = read_flat(page.image, identify(page), page.px_per_mm)
    assert shape_sets(reading.state) == shape_sets(truth)
    assert sorted(reading.state["zones"]) == sorted(truth["zones"])
    assert reading.state["optimization"] == truth["optimization"]
    # this photo predates the Frontier values' move away from the hex lines:
    # only they may be doubtful, and a doubtful sheet is never scored silently
    assert all(d.field.startswith("frontier") for d in reading.doubtful)


def filled_sheet(seed: int, dpi: float):
    """A Cosmos sheet of ``seed`` filled by the pen and flattened from ``dpi``: its truth,
    the flat page, its page code and the blank sheet at PX."""
    truth = random_state("distant-suns", seed)
    (marks,) = sheet_marks("distant-suns", truth)
    page = build_page(marks)
    flat = flatten(fill(page, marks, seed, dpi).image, dpi)
    code = page.map.code
    return truth, flat, code, reference_image(code.game, code.sheet, code.layout, PX)


def _redrawn_frontier(seed: int, high, low):
    """A filled sheet of ``seed`` whose first Frontier's two values are erased back to
    the print and drawn again by ``high`` and ``low`` (each ``draw(image, x, y, r)`` in
    pixels); the Frontier's id and the reading."""
    truth, flat, code, blank = filled_sheet(seed, 150)
    hid = next(iter(truth["frontier"]))
    for side, draw in (("high", high), ("low", low)):
        f = common_map(code).field(f"frontier-{hid}-{side}")
        x, y, r = f.x * PX, f.y * PX, (f.w / 2 + 0.6) * PX
        box = np.s_[round(y - r) : round(y + r), round(x - r) : round(x + r)]
        flat[box] = blank[box]
        draw(flat, x, y, f.w / 2 * PX)
    return hid, read_flat(flat, code, blank=blank)


def _open_loop(image, x, y, r):
    """A loop drawn small round the value and left open above it, as a quick hand
    circles a number (the ring beyond half the field's radius is barely touched)."""
    centre, axes = (round(x), round(y + 0.1 * r)), (round(0.5 * r), round(0.45 * r))
    cv2.ellipse(image, centre, axes, 0, -20, 200, 70, 3)


def _cross(image, x, y, r):
    for dx in (-1, 1):
        a, b = (
            (round(x - 0.8 * r), round(y - 0.8 * r * dx)),
            (round(x + 0.8 * r), round(y + 0.8 * r * dx)),
        )
        cv2.line(image, a, b, 70, 3)


def test_a_small_open_loop_beside_a_cross_is_the_circled_value():
    hid, reading = _redrawn_frontier(3, _open_loop, _cross)
    assert reading.state["frontier"][hid] == "high"
    assert not [d for d in reading.doubtful if d.field.startswith(f"frontier-{hid}")]


def _dashed_loop(image, x, y, r):
    """A loop round the value in three short dashes, a third of a turn apart: it runs
    round no further than a cross's arm in one stroke, and covers under half its ring."""
    for start in (0, 120, 240):
        cv2.ellipse(image, (round(x), round(y)), (round(0.7 * r),) * 2, 0, start, start + 35, 70, 3)


def test_a_dashed_loop_beside_a_cross_is_told_by_the_crosss_four_arms():
    hid, reading = _redrawn_frontier(3, _cross, _dashed_loop)
    assert reading.state["frontier"][hid] == "low"
    assert not [d for d in reading.doubtful if d.field.startswith(f"frontier-{hid}")]
    assert f"frontier-{hid}-low: circled (its ink spreads round" in " ".join(reading.remarks)


def test_four_arms_is_one_for_a_right_angled_cross_and_near_zero_for_a_ring():
    from pnp.vision.circled import four_arms

    ring = np.linspace(-np.pi, np.pi, 360, endpoint=False)
    arms = np.repeat(np.array([0.3, 0.3 + np.pi / 2, 0.3 + np.pi, 0.3 - np.pi / 2]), 20)
    assert four_arms(ring) < 0.01
    assert four_arms(arms) > 0.99
    assert four_arms(np.array([])) == 0.0


def _ring_in_dots(image, x, y, r):
    """A loop drawn tight on the value's printed circle, left in three short pieces a
    quarter turn apart where the print hides the rest: it runs round no further than a
    cross's arm, and its ink gathers at four places as a cross's does."""
    for mid in (90, 180, 270):
        cv2.ellipse(image, (round(x), round(y)), (round(r),) * 2, 0, mid - 12, mid + 12, 70, 3)


def _short_cross(image, x, y, r):
    """A cross whose arms show only past the printed value (0.7 to 1.5 of its radius)."""
    for angle in (45, 135, 225, 315):
        c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
        a = (round(x + 0.7 * r * c), round(y + 0.7 * r * s))
        b = (round(x + 1.5 * r * c), round(y + 1.5 * r * s))
        cv2.line(image, a, b, 70, 3)


@pytest.mark.parametrize("circled", ["high", "low"])
def test_a_ring_in_pieces_beside_a_short_cross_is_told_by_its_edges_facing_the_value(circled):
    draw = {circled: _ring_in_dots}
    hid, reading = _redrawn_frontier(
        3, draw.get("high", _short_cross), draw.get("low", _short_cross)
    )
    assert reading.state["frontier"][hid] == circled
    assert not [d for d in reading.doubtful if d.field.startswith(f"frontier-{hid}")]
    assert "runs round the value" in " ".join(reading.remarks)


def test_runs_round_is_near_one_for_a_ring_and_near_zero_for_arms_pointing_at_its_middle():
    from pnp.vision.circled import runs_round

    ring, arms = np.zeros((81, 81), np.uint8), np.zeros((81, 81), np.uint8)
    cv2.circle(ring, (40, 40), 20, 1, 3)
    for a, b in (((14, 14), (30, 30)), ((66, 14), (50, 30)), ((14, 66), (30, 50))):
        cv2.line(arms, a, b, 1, 3)
    assert runs_round(ring, 40, 40, 20) > 0.9
    assert runs_round(arms, 40, 40, 20) < 0.2
    assert runs_round(np.zeros((81, 81), np.uint8), 40, 40, 20) == 0.0


def test_two_crossed_values_of_a_reached_frontier_are_asked_not_guessed():
    hid, reading = _redrawn_frontier(3, _cross, _cross)
    assert f"frontier-{hid}-high" in {d.field for d in reading.doubtful}


def test_a_frontier_pair_whose_measures_disagree_is_asked_not_decided(monkeypatch):
    from pnp.vision.circled import ARC_LEAD, FOUR_ARMS_LEAD, ROUND_LEAD, SHORT_ARC_LEAD

    reader = _upgrade_reader({})
    hid = hex_id(FIRST_FRONTIER)
    facing = {"high": 0.85, "low": 0.85 - 2 * ROUND_LEAD}  # the edges: the high one
    monkeypatch.setattr(reader, "_facing", lambda f: facing[f.id.rpartition("-")[2]])
    marks = {"high": "circle", "low": "cross"}
    even = {"high": 0.3, "low": 0.3}  # the arms tell nothing
    # the arc alone takes the low value (a big cross's arms and the neighbour's loop in
    # its ring: seed 71 #663, an easy page, read so without a question)
    arc = {"high": 6, "low": 6 + ARC_LEAD}
    unclear = {"high": "unclear", "low": "unclear"}
    assert reader._one_circled(hid, marks, arc, even) == unclear
    armed = {"high": 0.1, "low": 0.1 + FOUR_ARMS_LEAD}  # ...and the arms the high one
    assert reader._one_circled(hid, marks, arc, armed) == unclear
    # all that tell agree: decided
    agreeing = {"high": 6 + ARC_LEAD, "low": 6}
    assert reader._one_circled(hid, marks, agreeing, armed) == marks
    # the arc alone tells, the rest too close: decided by it, as before
    facing["low"] = facing["high"]
    assert reader._one_circled(hid, marks, arc, even) == {"high": "cross", "low": "circle"}
    # ...unless the arms and the edges both lean the other way, short of their leads
    # (h746 #313, a hard page: read with the arc, wrong)
    facing["low"] = facing["high"] - ROUND_LEAD / 2
    leaning = {"high": 0.1, "low": 0.1 + FOUR_ARMS_LEAD / 2}
    assert reader._one_circled(hid, marks, arc, leaning) == unclear
    # the edges even, the arms leaning against: the arc decides where it leads far...
    facing["low"] = facing["high"]
    far = {"high": 6, "low": 6 + SHORT_ARC_LEAD}
    assert reader._one_circled(hid, marks, far, leaning) == {"high": "cross", "low": "circle"}
    # ...and is asked where it leads by little (seed 901 #1333, a hard page: the arc
    # took the cross by 6 sectors, the arms leaning to the loop; read wrong)
    assert reader._one_circled(hid, marks, arc, leaning) == unclear


def test_a_frontier_pair_told_by_the_arms_alone_against_the_arc_and_edges_is_asked(monkeypatch):
    from pnp.vision.circled import ARC_LEAD, FOUR_ARMS_LEAD, ROUND_LEAD

    reader = _upgrade_reader({})
    hid = hex_id(FIRST_FRONTIER)
    # seed 856 #148, a normal page: a loop drawn tight round "15" (the high value), the
    # print hiding all but four short pieces of it, beside a faint cross on the low one
    facing = {"high": 0.70, "low": 0.70 - 0.7 * ROUND_LEAD}
    monkeypatch.setattr(reader, "_facing", lambda f: facing[f.id.rpartition("-")[2]])
    marks = {"high": "cross", "low": "cross"}
    arc = {"high": 3, "low": 2}  # leaning to the high one, short of ARC_LEAD
    arms = {"high": 0.37 + 2 * FOUR_ARMS_LEAD, "low": 0.37}  # telling the low one
    unclear = {"high": "unclear", "low": "unclear"}
    assert reader._one_circled(hid, marks, arc, arms) == unclear
    # the edges leaning with the arms (or even): the arms decide
    low = {"high": "cross", "low": "circle"}
    facing["low"] = facing["high"] + ROUND_LEAD / 2
    assert reader._one_circled(hid, marks, arc, arms) == low
    facing["low"] = facing["high"]
    assert reader._one_circled(hid, marks, arc, arms) == low
    # ...and so with the edges against but the arc with the arms
    facing["low"] = facing["high"] - 0.7 * ROUND_LEAD
    assert reader._one_circled(hid, marks, {"high": 2, "low": 3}, arms) == low
    # the arc even: nothing but the arms tells, against the edges (seed 876 #833, a hard
    # page in a shadow: the loop round "10" read by the arms as the cross, the edges
    # leaning to it by 0.094, both arcs 2 sectors)
    assert reader._one_circled(hid, marks, {"high": 2, "low": 2}, arms) == unclear
    # the edges alone tell where the arc and the arms are too close: their leanings
    # against them are noise, and the edges decide
    facing["low"] = facing["high"] + 2 * ROUND_LEAD
    near = {"high": 0.37 + FOUR_ARMS_LEAD / 2, "low": 0.37}
    assert reader._one_circled(hid, marks, {"high": 2 + ARC_LEAD - 1, "low": 2}, near) == low


def test_a_tile_symbol_between_lookalikes_is_the_one_no_other_tile_shows():
    from pnp.vision.distant_suns import _Reader
    from pnp.vision.glyph_match import GlyphScores

    glyph = {z.id: z.glyph for z in SHAPES.all_zones}
    square, circle = glyph["station"], glyph["orbit"]
    assert {square, circle} == {"square", "circle"}, glyph
    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    sheet_map = common_map(build_page(marks).map.code)
    reader = _Reader(None, None, sheet_map, [], PX, None, COSMOS, SHAPES)
    tiles = {
        "treasure": GlyphScores(((circle, 0.94), (square, 0.90), ("moon", 0.78))),  # sure
        "upgrade": GlyphScores(((square, 0.985), (circle, 0.963), ("moon", 0.83))),  # close
    }
    _, optimization = reader.board(tiles, {})
    assert optimization == {"orbit": "treasure", "station": "upgrade"}
    assert "score-tile-upgrade-zone" not in {d.field for d in reader.doubts}
    # with both boxes close between the two, neither is guessed
    tiles["treasure"] = GlyphScores(((circle, 0.93), (square, 0.92)))
    reader = _Reader(None, None, sheet_map, [], PX, None, COSMOS, SHAPES)
    _, optimization = reader.board(tiles, {})
    assert optimization == {}
    assert {"score-tile-upgrade-zone", "score-tile-treasure-zone"} <= {
        d.field for d in reader.doubts
    }


def test_a_tile_box_read_as_the_black_holes_symbol_is_asked_not_taken_to_face_it():
    from pnp.vision.distant_suns import _Reader
    from pnp.vision.glyph_match import GlyphScores

    glyph = {z.id: z.glyph for z in SHAPES.all_zones}
    black = glyph[SHAPES.black_hole.id]
    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    sheet_map = common_map(build_page(marks).map.code)
    # seed 859 #1033, a hard page: the Alien tile's lightning, in noise, matched the
    # Black Hole's dot best (0.838 against 0.777); no tile faces the Black Hole
    tiles = {"alien": GlyphScores(((black, 0.838), (glyph["lightning"], 0.777)))}
    reader = _Reader(None, None, sheet_map, [], PX, None, COSMOS, SHAPES)
    _, optimization = reader.board(tiles, {})
    assert optimization == {}
    (asked,) = [d for d in reader.doubts if d.field == "score-tile-alien-zone"]
    assert SHAPES.black_hole.id not in asked.options and "lightning" in asked.options
    # the lightning within the margin of the dot: the box reads lightning, as before
    tiles = {"alien": GlyphScores(((black, 0.80), (glyph["lightning"], 0.79)))}
    reader = _Reader(None, None, sheet_map, [], PX, None, COSMOS, SHAPES)
    _, optimization = reader.board(tiles, {})
    assert optimization == {"lightning": "alien"}


def _upgrade_reader(inks: dict[int, float], answered=(), doubted=()):
    """A Cosmos reader whose Upgrade-used boxes hold ``inks`` (box -> share, read filled)."""
    from pnp.vision.fields import FieldReading

    readings = [FieldReading(f"upgrade-{i}-used", "filled", ink, 1.0) for i, ink in inks.items()]
    return _reader_of(readings, answered, doubted)


def _reader_of(readings, answered=(), doubted=()):
    """A Cosmos reader of seed 3's sheet map with ``readings``, ``answered`` by a person and
    ``doubted`` by the field reader."""
    from pnp.vision.distant_suns import _Reader

    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    sheet_map = common_map(build_page(marks).map.code)
    return _Reader(None, None, sheet_map, readings, PX, None, COSMOS, SHAPES, answered, doubted)


def test_a_solid_upgrade_box_past_what_the_shapes_spend_is_settled_unchecked():
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 0.99})
    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    assert reader._checked(ids, 2) == ids[:2]
    assert reader.settled == {"upgrade-3-used": False}
    # as many as the shapes spend: the solid box is checked
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 0.99})
    assert reader._checked(ids, 3) == ids and reader.settled == {"upgrade-3-used": True}


def test_a_box_read_scribbled_out_is_asked_when_the_shapes_spend_more_than_the_rest_show():
    # seed 82 #263 and seed 126 #103 (easy pages): a fill run past its outline read as a
    # mark scribbled out, the shapes spending one Upgrade more than the other boxes show
    from dataclasses import replace

    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    for expected in (3, 2, 4):
        reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 1.0})
        taken_back = replace(reader.readings[ids[2]], state="empty", hatched=True)
        reader.readings[ids[2]] = taken_back
        assert reader._checked(ids, expected, f"the shapes spend {expected}") == ids[:2]
        assert reader.settled == {}  # never settled checked
        asked = [(d.field, d.reason) for d in reader.doubts]
        if expected == 3:
            assert asked == [(ids[2], "read scribbled out, but the shapes spend 3: a mark?")]
        else:  # the other boxes show what the shapes spend (a correction), or the
            # shapes spend more than there are boxes (misread: nothing to ask of this box)
            assert asked == []
    # answered empty by a person: not asked again
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 1.0}, answered={ids[2]})
    reader.readings[ids[2]] = replace(reader.readings[ids[2]], state="empty", hatched=True)
    assert reader._checked(ids, 3) == ids[:2] and reader.doubts == []


def test_a_person_answering_an_upgrade_box_outranks_the_shapes():
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 0.99}, answered={"upgrade-3-used"})
    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    assert reader._checked(ids, 2) == ids and reader.settled == {}


def test_upgrade_boxes_are_not_settled_by_shapes_resting_on_doubted_hexes():
    # the field reader asks about a hex's ink
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 0.99}, doubted={"hex-q3r4"})
    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    assert reader._checked(ids, 2) == ids[:2]  # read as the shapes say...
    assert reader.settled == {}  # ...but still asked: the solid box they turn over
    assert [d.field for d in reader.doubts] == ["upgrade-3-used"]


def test_upgrade_boxes_rest_on_a_doubted_hex_this_reader_settled():
    """A hex the field reader doubted that the Cosmos reader settled itself (grain, no
    symbol) is clear: the shapes resting on it settle the Upgrade boxes."""
    reader = _upgrade_reader({1: 0.3, 2: 0.35, 3: 0.99}, doubted={"hex-q3r4"})
    reader.settled["hex-q3r4"] = False
    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    assert reader._checked(ids, 2) == ids[:2]
    assert reader.settled == {"hex-q3r4": False, "upgrade-3-used": False}
    assert reader.doubts == []


def test_solid_upgrade_boxes_wait_on_the_hexes_their_count_rests_on():
    """Seed 757 #63, an easy page filled with a solid pen: every Upgrade box solid, one
    Upgrade space's hex asked for its symbol (read uncovered), so the shapes covered one
    Upgrade space less than the boxes show: all six gained boxes and three used ones were
    asked. Where the hexes asked about could make up the difference, they are asked
    first; the page read again with their answers asks what still does not fit."""
    ids = [f"upgrade-{i}-used" for i in (1, 2, 3)]
    solid = {1: 0.9, 2: 0.92, 3: 0.94}  # none so full as to be scribbled out
    reader = _upgrade_reader(solid)
    assert reader._checked(ids, 2, unclear=1) == ids
    assert reader.doubts == [] and reader.settled == {}
    # more difference than the hexes asked could make: the boxes are asked
    reader = _upgrade_reader(solid)
    assert reader._checked(ids, 1, unclear=1) == ids
    assert [d.field for d in reader.doubts] == ids
    # no hex asked: as before
    reader = _upgrade_reader(solid)
    reader._checked(ids, 2)
    assert [d.field for d in reader.doubts] == ids


def test_the_hexes_asked_are_the_field_readers_open_doubts_and_this_readers_own():
    reader = _upgrade_reader({}, doubted={"hex-q3r4", "hex-q5r5", "upgrade-1"})
    reader.settled["hex-q5r5"] = False  # settled by this reader: no longer asked
    reader.doubt("hex-q2r6", "no symbol")
    reader.doubt("shape:q7r7 q7r8", "split unclear")
    assert reader._asked_hexes() == {"q3r4", "q2r6", "q7r7", "q7r8"}


def _noisy_shape_reader(scores: dict[int, float], doubted=(), answered=(), drop=0):
    """A Cosmos reader with one whole shape (less ``drop`` hexes, spent as Upgrades), its
    hexes read filled and covered by the zone's symbol, hex ``i`` matching it at
    ``scores[i]``; (reader, the shape's hex fields, hexes, placed)."""
    from pnp.vision.distant_suns import HexRead, _Reader
    from pnp.vision.fields import FieldReading
    from scoring.distant_suns.hexgrid import hex_id

    zone = SHAPES.all_zones[0]
    cells = sorted(zone.hexes, key=lambda h: (h[1], h[0]))[: len(zone.hexes) - drop]
    fids = [f"hex-{hex_id(h)}" for h in cells]
    readings = [FieldReading(f, "filled", 0.1, 0.5) for f in fids]
    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    sheet_map = common_map(build_page(marks).map.code)
    answered, doubted = ([fids[i] for i in ids] for ids in (answered, doubted))
    reader = _Reader(None, None, sheet_map, readings, PX, None, COSMOS, SHAPES, answered, doubted)
    reader.hex_scores = {
        h: glyph_match.GlyphScores(((zone.glyph, scores.get(i, 0.9)), ("x", 0.3)))
        for i, h in enumerate(cells)
    }
    hexes = {h: HexRead(h, 10.0, True, zone.id, (zone.id,), 1.0) for h in cells}
    return reader, fids, hexes, [(zone.id, frozenset(cells), drop)]


def test_a_noise_doubted_hex_with_a_clear_symbol_in_a_whole_shape_is_settled_covered():
    reader, fids, hexes, placed = _noisy_shape_reader({0: 0.85, 1: 0.62}, doubted=(0, 1))
    reader._settle_hexes(hexes, placed)
    # the clear symbol is settled; the one noise could have drawn is still asked
    assert reader.settled == {fids[0]: True}


def test_a_noise_doubted_hex_is_not_settled_when_answered_or_its_shape_is_not_whole():
    reader, fids, hexes, placed = _noisy_shape_reader({}, doubted=(0, 1), answered=(0,))
    reader._settle_hexes(hexes, placed)
    assert reader.settled == {fids[1]: True}  # the answer stands, never settled
    reader, fids, hexes, placed = _noisy_shape_reader({}, doubted=(0, 1), drop=1)
    reader._settle_hexes(hexes, placed)
    assert reader.settled == {}  # a shape spending an Upgrade may hold a noise blob
    reader, fids, hexes, placed = _noisy_shape_reader({}, doubted=(0, 1))
    reader.doubt("shape:" + fids[2].removeprefix("hex-"), "split unclear")
    reader._settle_hexes(hexes, placed)
    assert reader.settled == {}  # a doubt on the shape's hexes


def test_a_doubted_hex_covered_with_no_symbol_scored_is_not_settled_by_its_shape():
    """A hex the placement rules covered (its symbol never scored: no symbol seen) is no
    clear symbol; it stays asked, and the reader does not fail on it (seed 82 #13 read
    with a model that answered an Upgrade box: KeyError, every hex of the page asked)."""
    reader, fids, hexes, placed = _noisy_shape_reader({}, doubted=(0, 1))
    first = min(hexes, key=lambda h: (h[1], h[0]))
    del reader.hex_scores[first]
    reader._settle_hexes(hexes, placed)
    assert reader.settled == {fids[1]: True}


def test_the_cosmos_readers_decisions_reach_the_assembled_state(monkeypatch):
    from dataclasses import replace

    from flat_pages import flat_reading

    import pnp.vision.distant_suns as ds
    from pnp.vision.states import assemble

    truth = random_state("distant-suns", 3)
    (marks,) = sheet_marks("distant-suns", truth)
    sheet, _ = flat_reading(marks, 3, "cosmos.png")
    real = ds.read_cosmos

    def noting(*args, **kwargs):
        return replace(
            real(*args, **kwargs), remarks=("hex-q1r1: moon chosen, the only lookalike drawn",)
        )

    monkeypatch.setattr(ds, "read_cosmos", noting)
    (a,), _ = assemble([sheet])
    assert a.remarks == ["hex-q1r1: moon chosen, the only lookalike drawn"]
    assert a.to_json()["remarks"] == a.remarks
    assert not a.notes  # a decision taken is no note blocking the state


def test_a_cosmos_pages_glyph_scans_are_made_once_and_kept_with_the_page(monkeypatch):
    # seed 674 #213 (a hard Cosmos page): its doubted hexes are scanned for symbols in the
    # photo's darkness. ``assemble`` reads the shapes more than once (with the noise
    # model's answers, then a person's), and each scan depends on the page alone.
    from dataclasses import replace

    from pnp.vision import distant_suns, glyph_scan
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    photo = (
        Path(__file__).parent / "fixtures" / "curled" / "seed674-00213-distant-suns-cosmos-hard.jpg"
    )
    scans = []
    scan = glyph_scan.scan
    monkeypatch.setattr(glyph_scan, "scan", lambda *a: scans.append(a[2]) or scan(*a))
    (sheet,) = read_photo(photo)
    first, _ = assemble([sheet])
    made = len(scans)
    assert made and len(sheet.hex_darkness) > 0
    again, _ = assemble([sheet])
    assert len(scans) == made  # nothing scanned twice
    # ...and kept, they read the page as scanning afresh each time reads it
    read_cosmos = distant_suns.read_cosmos
    monkeypatch.setattr(
        distant_suns, "read_cosmos", lambda *a, **k: read_cosmos(*a, **{**k, "darkness": None})
    )
    afresh, _ = assemble([replace(sheet)])  # a copy: nothing kept with it
    # scanning afresh for every reading of the shapes, the one assemble scans more
    assert len(scans) - made > made
    for a in (first[0], again[0]):
        assert a.state == afresh[0].state
        assert [(d.field, d.reason) for d in a.doubtful] == [
            (d.field, d.reason) for d in afresh[0].doubtful
        ]


def test_the_densest_box_is_not_taken_back_when_a_lighter_one_is_crossed_past_its_outline():
    # seed 711 #193 (hard): Upgrade 3 used filled (0.984 inked), 4 scribbled out (0.972,
    # strokes crossing past three sides); the shapes spend 3. The densest was settled
    # scribbled out and the scribble kept as a mark, nothing asked
    from dataclasses import replace

    ids = [f"upgrade-{i}-used" for i in (1, 2, 3, 4)]
    reader = _upgrade_reader({1: 0.49, 2: 0.67, 3: 0.984, 4: 0.972})
    reader.readings[ids[3]] = replace(reader.readings[ids[3]], crossed=True)
    assert reader._checked(ids, 3) == ids
    assert reader.settled == {}
    assert {d.field for d in reader.doubts} == {ids[2], ids[3]}
    # the box crossed past its outline is also the densest: taken back, as before
    reader = _upgrade_reader({1: 0.49, 2: 0.67, 3: 0.972, 4: 0.984})
    reader.readings[ids[3]] = replace(reader.readings[ids[3]], crossed=True)
    assert reader._checked(ids, 3) == ids[:3]
    assert reader.settled == {ids[2]: True, ids[3]: False}


def _blot(image, x, y, r):
    """A loop drawn tight and heavy round the value: ink over most of its circle."""
    cv2.circle(image, (round(x), round(y)), round(r), 70, -1)


def test_a_value_inked_solid_beside_a_loop_is_asked_not_left_for_the_loop():
    """A solid blot may be a correction or the circled value drawn tight (seed 833 #118,
    where the loop beside it was a cross read circled): the pair is asked, the loop not
    silently taken."""
    hid, reading = _redrawn_frontier(3, _blot, _loop)
    assert f"frontier-{hid}-high" in {d.field for d in reading.doubtful}


def _loop(image, x, y, r):
    """A loop drawn all round the value."""
    cv2.circle(image, (round(x), round(y)), round(0.9 * r), 70, 3)


def _frontier_reader(other_state: str, doubted: tuple[str, ...]):
    """A Cosmos reader whose first Frontier's high value is read filled and its low one
    ``other_state``, ``doubted`` asked by the field reader."""
    from pnp.vision.fields import FieldReading

    hid = hex_id(FIRST_FRONTIER)
    readings = [
        FieldReading(f"frontier-{hid}-high", "filled", 0.9, 1.0),
        FieldReading(f"frontier-{hid}-low", other_state, 0.0, 1.0),
    ]
    return _reader_of(readings, doubted=doubted)


def test_a_value_asked_on_a_frontier_nothing_reaches_beside_a_bare_one_is_read_empty():
    from pnp.vision.cosmos_reading import HexRead
    from scoring.distant_suns.hexgrid import neighbours

    # seeds 829-903, 24 values so asked (filled solid, or inked past the circle): all
    # scribbled out, each beside a bare value on a Frontier no covered space reaches
    h = FIRST_FRONTIER
    fid = f"frontier-{hex_id(h)}-high"
    reader = _frontier_reader("empty", (fid,))
    reader.settle_unreached({})
    assert reader.settled == {fid: False}
    assert any(r.startswith(fid) for r in reader.remarks)
    # reached (a covered hex next to it): its answer may be the value circled
    n = next(iter(neighbours(h)))
    reader = _frontier_reader("empty", (fid,))
    reader.settle_unreached({n: HexRead(n, 40.0, True)})
    assert reader.settled == {}
    # ...or a hex next to it asked about, or the other value marked: asked
    reader = _frontier_reader("empty", (fid, f"hex-{hex_id(n)}"))
    reader.settle_unreached({})
    assert fid not in reader.settled
    reader = _frontier_reader("filled", (fid,))
    reader.settle_unreached({})
    assert reader.settled == {}
