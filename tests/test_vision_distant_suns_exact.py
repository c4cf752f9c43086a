"""The Cosmos reader's shortcuts find exactly what the long way round finds: exact covers
searched on bits, the forms they try taken from the placement rules' table, a hex's
symbol matched once for every glyph, outlines sampled in a window of the sheet rather
than the whole of it."""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.synth.marks import sheet_marks
from pnp.synth.pen import build_page, fill
from pnp.synth.states import random_state
from pnp.vision import cosmos_ink, cosmos_shapes, distant_suns, glyph_match, hex_covers
from pnp.vision.fields import read_fields
from pnp.vision.ink import added_ink
from pnp.vision.rectify import READ_PX_PER_MM
from pnp.vision.reference import common_map, reference_image
from scoring.distant_suns.hexgrid import hex_id, is_connected, neighbours, normalise, orientations
from scoring.distant_suns.layout import load_cosmos, load_shapes

PX = READ_PX_PER_MM
COSMOS, SHAPES = load_cosmos(), load_shapes()


def flatten(rgb: np.ndarray, dpi: float) -> np.ndarray:
    """An A4 page image at ``dpi`` as the common box at PX, gray."""
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    page = cv2.resize(gray, (round(210 * PX), round(297 * PX)), interpolation=cv2.INTER_AREA)
    top = round((297 - COMMON_HEIGHT) / 2 * PX)
    return page[top : top + round(COMMON_HEIGHT * PX), : round(COMMON_WIDTH * PX)]


def _covers_the_long_way(offsets, run):
    """Exact covers of ``run`` as the reader searched them on sets of hexes."""
    found = []

    def go(left, chosen):
        if len(found) >= hex_covers.MAX_COVERS:
            return
        if not left:
            found.append(list(chosen))
            return
        h = min(left, key=lambda h: (h[1], h[0]))
        tried = set()
        for form in offsets:
            piece = frozenset((h[0] + dq, h[1] + dr) for dq, dr in form)
            if piece in tried or not piece <= left:
                continue
            tried.add(piece)
            chosen.append(piece)
            go(left - piece, chosen)
            chosen.pop()

    go(frozenset(run), [])
    return found


def _random_run(rng, size):
    """A connected run of ``size`` Cosmos hexes grown from a random one."""
    hexes = sorted(COSMOS.hexes)
    run = {hexes[rng.integers(len(hexes))]}
    while len(run) < size:
        edge = sorted({n for h in run for n in neighbours(h) if n in COSMOS.hexes} - run)
        run.add(edge[rng.integers(len(edge))])
    return frozenset(run)


def _forms_the_long_way(hexes, most):
    """Every form of a zone's shape turned, flipped and less 0..most hexes (connected),
    largest first, as the reader listed them before taking them from the placement rules:
    its covers are searched, and so found (``MAX_COVERS``), in this order."""
    found = {}
    for form in orientations(hexes):
        for k in range(min(most, len(form) - 1) + 1):
            for out in itertools.combinations(form, k):
                rest = [h for h in form if h not in out]
                if is_connected(rest):
                    found.setdefault(normalise(rest), None)
    return tuple(sorted(found, key=lambda f: -len(f)))


def test_the_forms_a_run_is_split_into_are_the_placement_rules_in_the_same_order():
    for most in (0, 1, COSMOS.rules.max_upgrades_per_turn):
        for zone in SHAPES.all_zones:
            got = hex_covers.forms(zone.hexes, most)
            assert got == _forms_the_long_way(zone.hexes, most), (zone.id, most)
            assert len(got) == len(set(got))


def test_covers_searched_on_bits_are_those_searched_on_sets_in_the_same_order():
    rng = np.random.default_rng(8)
    most = COSMOS.rules.max_upgrades_per_turn
    for zone in SHAPES.all_zones:
        offsets = hex_covers.from_first_cell(hex_covers.forms(zone.hexes, most))
        for size in (1, 2, 3, zone.size, zone.size + 1, 2 * zone.size, 3 * zone.size):
            run = _random_run(rng, size)
            got, want = hex_covers.exact_covers(offsets, run), _covers_the_long_way(offsets, run)
            assert got == want, (zone.id, sorted(run))
            # each piece built as before: its hexes come out in the same order
            assert [[list(p) for p in c] for c in got] == [[list(p) for p in c] for c in want]


def _random_costs(rng, run):
    """A cost for every piece of ``run`` (its hexes' weights summed): a stand-in for the
    outline evidence and Upgrades a piece costs."""
    weight = {h: float(rng.normal()) for h in run}
    return lambda piece: sum(weight[h] for h in piece) + 0.6 * len(piece) ** 0.5


def _canonical(cover) -> tuple:
    return tuple(sorted(tuple(sorted(p)) for p in cover))


def test_the_cheapest_covers_are_every_cover_taken_by_cost():
    rng = np.random.default_rng(61)
    most = COSMOS.rules.max_upgrades_per_turn
    for zone in SHAPES.all_zones:
        offsets = hex_covers.from_first_cell(hex_covers.forms(zone.hexes, most))
        for size in (1, 2, zone.size + 1, 2 * zone.size):
            run = _random_run(rng, size)
            every = hex_covers.exact_covers(offsets, run)
            if len(every) >= hex_covers.MAX_COVERS:
                continue
            cost = _random_costs(rng, run)
            got = hex_covers.cheapest_covers(offsets, run, cost)
            price = [sum(map(cost, c)) for c in got]
            assert price == sorted(price), (zone.id, sorted(run))
            assert sorted(map(_canonical, got)) == sorted(map(_canonical, every))


def test_the_cheapest_cover_of_a_run_past_the_covers_listed_is_found():
    # a run with more covers than ``exact_covers`` lists: the cheapest is found however
    # late the search in order would reach it (seed 605 of ``bench multi``, two Cosmos
    # sheets: a Satellite run of 14 hexes split as the outline did not trace it)
    rng = np.random.default_rng(605)
    zone = SHAPES.zone("satellite")
    offsets = hex_covers.from_first_cell(
        hex_covers.forms(zone.hexes, COSMOS.rules.max_upgrades_per_turn)
    )
    run = _random_run(rng, 14)
    listed = hex_covers.exact_covers(offsets, run)
    assert len(listed) == hex_covers.MAX_COVERS
    cost = _random_costs(rng, run)
    got = hex_covers.cheapest_covers(offsets, run, cost)
    assert len(got) == hex_covers.MAX_COVERS
    price = [sum(map(cost, c)) for c in got]
    assert price == sorted(price)
    assert price[0] < min(sum(map(cost, c)) for c in listed)
    # ...and it is the cheapest of all: none cheaper among many more covers
    old, hex_covers.MAX_COVERS = hex_covers.MAX_COVERS, 20_000
    try:
        many = hex_covers.exact_covers(offsets, run)
    finally:
        hex_covers.MAX_COVERS = old
    assert math.isclose(price[0], min(sum(map(cost, c)) for c in many))


def test_scores_narrowed_to_some_glyphs_are_a_match_against_those_alone():
    keys = tuple(SHAPES.glyphs)
    some = tuple(sorted(keys[::3]))
    for key in keys:
        ink = glyph_match.draw(key, 7, 0.12, side_px=44)
        wide = glyph_match.match(ink, keys, (2.6, 6.8), PX)
        assert wide.among(some) == glyph_match.match(ink, some, (2.6, 6.8), PX)


def test_outlines_sampled_in_a_window_read_as_on_the_whole_sheet():
    truth = random_state("distant-suns", 4)
    (marks,) = sheet_marks("distant-suns", truth)
    page = build_page(marks)
    flat = flatten(fill(page, marks, 4, 150).image, 150)
    code = page.map.code
    blank = reference_image(code.game, code.sheet, code.layout, PX)
    mask = added_ink(flat, blank, PX)
    sheet_map = common_map(code)
    readings = read_fields(mask, sheet_map.fields, PX)
    reader = distant_suns._Reader(flat, mask, sheet_map, readings, PX, blank, COSMOS, SHAPES)
    paper = cosmos_ink.paper(flat, PX)
    whole = np.clip(blank.astype(np.float32) / 255.0 - cosmos_ink.paper_norm(flat, paper), 0, 1)
    fields = {f.id: f for f in sheet_map.fields}
    lines = traced = 0
    for a in sorted(COSMOS.hexes):
        for b in neighbours(a):
            if b not in COSMOS.hexes or not a < b:
                continue
            fa, fb = fields[f"hex-{hex_id(a)}"], fields[f"hex-{hex_id(b)}"]
            ca = [(fa.x + x, fa.y + y) for x, y in fa.meta["corners"]]
            cb = [(fb.x + x, fb.y + y) for x, y in fb.meta["corners"]]
            shared = [p for p in ca if any(math.dist(p, q) < 0.3 for q in cb)]
            (x0, y0), (x1, y1) = shared
            length = math.dist(shared[0], shared[1])
            nx, ny = -(y1 - y0) / length, (x1 - x0) / length
            t = np.linspace(0.15, 0.85, 14)[:, None]
            s = np.arange(-0.9, 0.9 + 1e-9, 0.15)[None, :]
            xs = (x0 + (x1 - x0) * t + nx * s) * PX - 0.5
            ys = (y0 + (y1 - y0) * t + ny * s) * PX - 0.5
            d = cv2.remap(whole, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR)
            want = float((d.max(axis=1) > cosmos_shapes.EDGE_INK).mean())
            assert reader.edge_traced(a, b) == want, (hex_id(a), hex_id(b))
            lines += 1
            traced += want > 0
    assert lines > 200 and traced > 20, (lines, traced)


def test_a_run_with_too_many_remainders_to_weigh_keeps_the_covers_found_first(monkeypatch):
    rng = np.random.default_rng(605)
    zone = SHAPES.zone("satellite")
    offsets = hex_covers.from_first_cell(
        hex_covers.forms(zone.hexes, COSMOS.rules.max_upgrades_per_turn)
    )
    run = _random_run(rng, 14)
    monkeypatch.setattr(hex_covers, "MAX_REMAINDERS", 50)
    assert hex_covers.cheapest_covers(offsets, run, _random_costs(rng, run)) is None
