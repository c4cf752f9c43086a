"""Distant Suns hex geometry and drawing rules, on hand-worked cases.

Small test grids are parallelograms in axial coordinates: rows r=0..R-1,
each holding q=0..Q-1. With pointy-top hexes, (q, r)'s neighbours are
(q+1, r) E, (q+1, r-1) NE, (q, r-1) NW, (q-1, r) W, (q-1, r+1) SW, (q, r+1) SE.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.distant_suns.hexgrid import (
    distance,
    hex_center,
    hex_corners,
    hex_id,
    is_connected,
    neighbours,
    normalise,
    orientations,
    parse_hex_id,
    reflect,
    rotate,
)
from scoring.distant_suns.layout import Cosmos, load_cosmos, load_shapes
from scoring.distant_suns.placement import (
    PlacedShape,
    Placement,
    Sheet,
    check_sheet,
    legal_placements,
)

COSMOS = load_cosmos()
SHAPES = load_shapes()
SATELLITE = SHAPES.zone("satellite")  # a line of three
ASTEROID = SHAPES.zone("asteroid")  # three mutually adjacent hexes
ORBIT = SHAPES.zone("orbit")  # a ring of six round an empty hex
MOON = SHAPES.zone("moon")  # four hexes of a ring


def make_cosmos(q_count: int, r_count: int, start: str, **specials: str) -> Cosmos:
    """A parallelogram grid; ``specials`` maps hex ids to space types."""
    spaces = [{"hex": start, "type": "start"}]
    for hid, kind in specials.items():
        space = {"hex": hid, "type": kind}
        if kind == "frontier":
            space["reward"] = "near"
        spaces.append(space)
    cosmos = Cosmos.model_validate(
        {
            "version": 1,
            "name": "test grid",
            "grid": {"rows": [{"r": r, "q": [0, q_count - 1]} for r in range(r_count)]},
            "spaces": spaces,
            "rules": {
                "rounds": 3,
                "turns_per_round": 5,
                "zones_per_game": 5,
                "max_upgrades_per_turn": 2,
                "cannot_cover": ["start", "treasure", "frontier", "black_hole"],
            },
            "optimization": COSMOS.optimization.model_dump(mode="json"),
            "scoring": {
                "optimization_points": [3, 6, 10, 15, 20],
                "optimization_points_beyond": 5,
                "treasure_bonus": 10,
                "alien_penalty": -5,
                "frontier_rewards": {"near": {"first": 10, "later": 5}},
            },
        }
    )
    assert cosmos.problems() == []
    return cosmos


def ids(hexes) -> set[str]:
    return {hex_id(h) for h in hexes}


def hex_sets(placements) -> set[frozenset[str]]:
    return {frozenset(ids(p.hexes)) for p in placements}


# --- hex geometry ----------------------------------------------------------------


def test_neighbours_are_six_distinct_hexes_one_step_away():
    around = neighbours((2, -1))
    assert len(set(around)) == 6
    assert {distance((2, -1), n) for n in around} == {1}
    assert (3, -1) in around and (2, 0) in around and (1, 0) in around


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (3, 0), 3),  # three steps east
        ((0, 0), (3, -3), 3),  # three steps north-east
        ((0, 0), (2, 2), 4),  # SE, SE, then E twice: cube (2, -4, 2)
        ((1, 1), (-1, 2), 2),  # W then SW
    ],
)
def test_distance(a, b, steps):
    assert distance(a, b) == steps
    assert distance(b, a) == steps


def test_hex_ids_round_trip_and_reject_other_text():
    assert hex_id((3, 5)) == "q3r5"
    assert hex_id((-2, 7)) == "q-2r7"
    for h in [(0, 0), (13, 9), (-4, -11)]:
        assert parse_hex_id(hex_id(h)) == h
    for bad in ["3,5", "q3", "q3r5x", "Q3R5", "r5q3", ""]:
        with pytest.raises(ValueError, match="not a hex id"):
            parse_hex_id(bad)


def test_centres_of_neighbours_are_root_three_sizes_apart():
    size = 7.0
    assert hex_center(0, 0, size) == (0.0, 0.0)
    # the row below sits half a hex to the right, 1.5 sizes down
    x, y = hex_center(0, 1, size)
    assert x == pytest.approx(size * math.sqrt(3) / 2) and y == pytest.approx(1.5 * size)
    for n in neighbours((4, 2)):
        assert math.dist(hex_center(4, 2, size), hex_center(*n, size)) == pytest.approx(
            size * math.sqrt(3)
        )


def test_corners_are_pointy_top_and_shared_by_neighbours():
    size = 5.0
    corners = hex_corners(2, 3, size)
    cx, cy = hex_center(2, 3, size)
    assert len(corners) == 6
    assert corners[0] == pytest.approx((cx, cy - size))  # pointy top
    assert all(math.dist(c, (cx, cy)) == pytest.approx(size) for c in corners)
    for n in neighbours((2, 3)):
        other = hex_corners(*n, size)
        shared = [c for c in corners if any(math.dist(c, o) < 1e-9 for o in other)]
        assert len(shared) == 2  # one common edge


def test_rotation_and_reflection():
    assert rotate((1, 0)) == (0, 1)  # E turns clockwise to SE
    h = (3, -1)
    turned = h
    for _ in range(6):
        turned = rotate(turned)
    assert turned == h
    assert reflect(reflect(h)) == h
    assert reflect((1, 0)) == (0, 1)


def test_normalise_identifies_translations():
    a = [(0, 0), (1, 0), (1, 1)]
    b = [(5, -2), (6, -2), (6, -1)]
    assert normalise(a) == normalise(b)
    assert normalise(a) != normalise([(0, 0), (1, 0), (0, 1)])


@pytest.mark.parametrize(
    ("cells", "count"),
    [
        ([(0, 0)], 1),  # one hex looks the same every way
        ([(0, 0), (1, 0)], 3),  # a domino lies along one of 3 axes
        ([(0, 0), (1, 0), (2, 0)], 3),  # a straight line likewise
        ([(0, 0), (1, 0), (0, 1)], 2),  # a triangle points one of 2 ways
        ([(0, 0), (1, 0), (1, 1)], 6),  # a 120-degree bend: mirror-symmetric, 12 / 2
    ],
)
def test_orientation_counts_of_small_shapes(cells, count):
    assert len(orientations(cells)) == count


# The 12 symmetries of the hex grid (6 turns x 2 sides) divided by the number
# that map the shape onto itself.
HAND_COUNTED_ORIENTATIONS = {
    # 4 hexes of a ring: one mirror (through the ring's centre) -> 12 / 2
    "moon": 6,
    # zigzag E, SE, E, SE: turns R, L, R; the mirror image reads L, R, L which is
    # the zigzag walked backwards, so one mirror and no half turn -> 12 / 2
    "lightning": 6,
    # line of 3 with fins NW and SW of the tail: mirror along the body -> 12 / 2
    "rocket": 6,
    # centre with arms 120 degrees apart: 3 turns x 2 mirrors -> 12 / 6
    "star": 2,
    # a full ring: every symmetry of the grid keeps it -> 12 / 12
    "orbit": 1,
    # line of 3 plus a hook: the line's 4 symmetries all move the hook -> 12 / 1
    "solar-wind": 12,
    # line of 3: identity, half turn, 2 mirrors -> 12 / 4
    "satellite": 3,
    # triangle: 3 turns x 2 mirrors -> 12 / 6
    "asteroid": 2,
    # 2 rows of 3 (a parallelogram): only the half turn -> 12 / 2
    "station": 6,
    # line of 4 plus a hook: as solar-wind -> 12 / 1
    "probe": 12,
    # a 120-degree bend of 3: the mirror bisecting the bend -> 12 / 2
    "black-hole": 6,
}


@pytest.mark.parametrize("zone_id", sorted(HAND_COUNTED_ORIENTATIONS))
def test_orientation_count_of_each_zone(zone_id):
    forms = orientations(SHAPES.zone(zone_id).hexes)
    assert len(forms) == HAND_COUNTED_ORIENTATIONS[zone_id]
    assert len(set(forms)) == len(forms)
    assert all(len(f) == SHAPES.zone(zone_id).size for f in forms)


def test_every_zone_is_listed_in_the_hand_counts():
    assert {z.id for z in SHAPES.all_zones} == set(HAND_COUNTED_ORIENTATIONS)


# --- legal placements ----------------------------------------------------------------

# A 5 x 2 grid, start at its bottom-left (0, 1). The start's neighbours in the
# grid are (1, 1), (1, 0) and (0, 0). A line of three fits only along a row:
# row 0 at q 0-2, 1-3, 2-4; row 1 at q 1-3, 2-4 (q 0-2 holds the start).
# Of those, the ones touching a start neighbour are q0-2 and q1-3 in row 0 and
# q1-3 in row 1.
LINES_NEXT_TO_START = {
    frozenset({"q0r0", "q1r0", "q2r0"}),
    frozenset({"q1r0", "q2r0", "q3r0"}),
    frozenset({"q1r1", "q2r1", "q3r1"}),
}


def two_row_sheet(**specials: str) -> Sheet:
    return Sheet(make_cosmos(5, 2, "q0r1", **specials), SHAPES.all_zones)


def test_first_shape_touches_the_start_space():
    found = legal_placements(two_row_sheet(), SATELLITE, upgrades_available=0)
    assert hex_sets(found) == LINES_NEXT_TO_START
    assert all(p.upgrades_used == 0 and p.zone == "satellite" for p in found)


@pytest.mark.parametrize("kind", ["treasure", "frontier", "black_hole"])
def test_never_on_an_uncoverable_space(kind):
    # q2r0 is in both row-0 lines: only the row-1 line is left
    found = legal_placements(two_row_sheet(q2r0=kind), SATELLITE, upgrades_available=0)
    assert hex_sets(found) == {frozenset({"q1r1", "q2r1", "q3r1"})}


@pytest.mark.parametrize("kind", ["alien", "upgrade"])
def test_aliens_and_upgrades_may_be_covered(kind):
    found = legal_placements(two_row_sheet(q2r0=kind), SATELLITE, upgrades_available=0)
    assert hex_sets(found) == LINES_NEXT_TO_START


def test_never_on_the_start_or_outside_the_grid():
    sheet = Sheet(make_cosmos(6, 5, "q0r4"), SHAPES.all_zones)
    for zone in SHAPES.all_zones:
        for p in legal_placements(sheet, zone, upgrades_available=2):
            assert p.hexes <= sheet.cosmos.hexes
            assert (0, 4) not in p.hexes


def test_upgrades_remove_one_then_two_hexes():
    sheet = two_row_sheet()
    # 1 Upgrade: a line of 3 less an end is a domino (less the middle would
    # split it). Dominoes off the start touching (1,1), (1,0) or (0,0):
    # q0r0-q1r0, q1r0-q2r0, q1r1-q2r1, q1r0-q1r1 (SE), q2r0-q1r1 (SW).
    dominoes = {
        frozenset({"q0r0", "q1r0"}),
        frozenset({"q1r0", "q2r0"}),
        frozenset({"q1r1", "q2r1"}),
        frozenset({"q1r0", "q1r1"}),
        frozenset({"q2r0", "q1r1"}),
    }
    # 2 Upgrades: a single hex, any of the three start neighbours.
    singles = {frozenset({"q1r1"}), frozenset({"q1r0"}), frozenset({"q0r0"})}
    one = legal_placements(sheet, SATELLITE, upgrades_available=1)
    assert hex_sets(one) == LINES_NEXT_TO_START | dominoes
    assert {p.upgrades_used for p in one if len(p.hexes) == 2} == {1}
    two = legal_placements(sheet, SATELLITE, upgrades_available=5)  # capped at 2 per turn
    assert hex_sets(two) == LINES_NEXT_TO_START | dominoes | singles
    assert {p.upgrades_used for p in two if len(p.hexes) == 1} == {2}


def open_sheet_with_centre_covered() -> Sheet:
    cosmos = make_cosmos(11, 11, "q0r10")
    first = PlacedShape("satellite", frozenset({(4, 5), (5, 5), (6, 5)}), turn=1)
    return Sheet(cosmos, SHAPES.all_zones, (first,))


def test_upgrades_never_split_the_shape():
    # A ring less 2 hexes stays whole only if the two are neighbours: an arc
    # of 4, which is the Moon. A ring less 1 is an arc of 5, in 6 turns.
    found = legal_placements(open_sheet_with_centre_covered(), ORBIT, upgrades_available=2)
    assert all(is_connected(p.hexes) for p in found)
    less_two = {normalise(p.hexes) for p in found if p.upgrades_used == 2}
    assert less_two == set(orientations(MOON.hexes))
    less_one = {normalise(p.hexes) for p in found if p.upgrades_used == 1}
    assert len(less_one) == 6


def test_later_shapes_touch_covered_spaces_not_the_start():
    cosmos = make_cosmos(6, 5, "q0r4")
    empty = Sheet(cosmos, SHAPES.all_zones)
    # touches the start through q0r3, but no space of the line below
    by_the_start = frozenset({"q0r3", "q0r2", "q1r2"})
    assert by_the_start in hex_sets(legal_placements(empty, ASTEROID, 0))
    line = Placement("satellite", frozenset({(1, 4), (2, 4), (3, 4)}))
    later = empty.place(line)
    found = hex_sets(legal_placements(later, ASTEROID, 0))
    assert by_the_start not in found
    assert frozenset({"q1r3", "q2r3", "q2r2"}) in found  # q1r3 touches q1r4
    touching = {n for h in line.hexes for n in neighbours(h)}
    assert all(ids(touching) & p for p in found)
    assert all(not ids(line.hexes) & p for p in found)  # no overlap
    drawn = later.place(Placement("asteroid", frozenset({(0, 3), (0, 2), (1, 2)})))
    assert check_sheet(drawn) == [
        "turn 2 Asteroid: q0r2 q1r2 q0r3 does not touch any space covered on an earlier turn"
    ]


def test_upgrade_gained_this_turn_cannot_be_spent():
    cosmos = make_cosmos(6, 5, "q0r4", q1r4="upgrade")
    sheet = Sheet(cosmos, SHAPES.all_zones)
    assert sheet.upgrades_available(1) == 0
    assert all(p.upgrades_used == 0 for p in legal_placements(sheet, SATELLITE))
    gained = sheet.place(Placement("satellite", frozenset({(1, 4), (2, 4), (3, 4)})), turn=1)
    assert gained.upgrades_available(1) == 0
    assert gained.upgrades_available(2) == 1
    spent = {p.upgrades_used for p in legal_placements(gained, SATELLITE)}
    assert spent == {0, 1}
    used = gained.place(Placement("asteroid", frozenset({(1, 3), (2, 3)}), 1), turn=2)
    assert used.upgrades_available(3) == 0


# --- check_sheet ----------------------------------------------------------------------


def test_a_legal_sheet_has_no_problems():
    cosmos = make_cosmos(6, 5, "q0r4", q1r4="upgrade")
    sheet = Sheet(cosmos, SHAPES.all_zones)
    sheet = sheet.place(Placement("satellite", frozenset({(1, 4), (2, 4), (3, 4)})), turn=1)
    sheet = sheet.place(Placement("asteroid", frozenset({(1, 3), (2, 3)}), 1), turn=2)
    # the arc SE, E, NE, NW round q4r3, touching q3r4 of turn 1; turn 3 was skipped
    moon = frozenset({(4, 4), (5, 3), (5, 2), (4, 2)})
    sheet = sheet.place(Placement("moon", moon), turn=4)
    assert sheet.upgrades_available(4) == 0
    assert check_sheet(sheet) == []


def test_check_sheet_reports_every_problem_at_once():
    cosmos = make_cosmos(6, 5, "q0r4", q3r2="treasure", q5r0="black_hole")
    in_play = (SATELLITE, ASTEROID, ORBIT)
    placed = (
        # far from the start (its neighbours are q1r4, q1r3, q0r3), on the black hole
        PlacedShape("satellite", frozenset({(3, 0), (4, 0), (5, 0)}), turn=1),
        # a triangle overlapping turn 1 at q3r0
        PlacedShape("asteroid", frozenset({(3, 0), (3, 1), (2, 1)}), turn=2),
        # a zone that is not in play, next to turn 2
        PlacedShape("probe", frozenset({(2, 2), (1, 2), (0, 2)}), turn=3),
        # off the grid at q6r1, so two pieces, and an Upgrade never gained
        PlacedShape("satellite", frozenset({(4, 1), (6, 1)}), turn=4, upgrades_used=1),
        # a triangle drawn for a line, on the treasure, next to turn 4
        PlacedShape("satellite", frozenset({(3, 2), (4, 2), (3, 3)}), turn=5),
    )
    problems = check_sheet(Sheet(cosmos, in_play, placed))
    text = "\n".join(problems)

    def one(*words: str) -> None:
        hits = [p for p in problems if all(w in p for w in words)]
        assert len(hits) == 1, f"{words} in:\n{text}"

    one("turn 1 Satellite", "does not touch the start")
    one("turn 1 Satellite", "q5r0", "is a black hole space")
    one("turn 2 Asteroid", "q3r0", "already covered on turn 1")
    one("turn 3 'probe'", "not in play")
    one("turn 4 Satellite", "q6r1", "outside the grid")
    one("turn 4 Satellite", "separate pieces")
    one("turn 4 Satellite", "Upgrades", "only 0")
    one("turn 5 Satellite", "q3r2", "is a treasure space")
    one("turn 5 Satellite", "is not the Satellite shape")
    assert len(problems) == 9, text


def test_check_sheet_counts_ignored_hexes_against_upgrades_spent():
    cosmos = make_cosmos(6, 5, "q0r4")
    short = PlacedShape("satellite", frozenset({(1, 4), (2, 4)}), turn=1)
    problems = check_sheet(Sheet(cosmos, (SATELLITE,), (short,)))
    assert any("covers 2 hexes" in p and "0 Upgrades" in p for p in problems), problems


def test_check_sheet_refuses_two_shapes_on_one_turn():
    cosmos = make_cosmos(6, 5, "q0r4")
    placed = (
        PlacedShape("satellite", frozenset({(1, 4), (2, 4), (3, 4)}), turn=1),
        PlacedShape("asteroid", frozenset({(1, 3), (2, 3), (2, 2)}), turn=1),
    )
    problems = check_sheet(Sheet(cosmos, (SATELLITE, ASTEROID), placed))
    assert any("turn 1: 2 shapes drawn" in p for p in problems), problems


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_legal_play_gives_a_clean_sheet(seed):
    rng = random.Random(seed)
    shapes = load_shapes()
    in_play = (*rng.sample(shapes.zones, 5), shapes.black_hole)
    sheet = Sheet(COSMOS, in_play)
    for turn in range(1, 16):
        options = legal_placements(sheet, rng.choice(in_play))
        for option in rng.sample(options, min(3, len(options))):
            assert check_sheet(sheet.place(option, turn)) == []
        if options:
            sheet = sheet.place(rng.choice(options), turn)
    assert check_sheet(sheet) == []
    # and shifting the last shape one step east is either legal or reported
    last = sheet.placed[-1]
    east = frozenset((q + 1, r) for q, r in last.hexes)
    moved = PlacedShape(last.zone, east, last.turn, last.upgrades_used)
    shifted = Sheet(COSMOS, in_play, (*sheet.placed[:-1], moved))
    earlier = Sheet(COSMOS, in_play, sheet.placed[:-1])
    legal = hex_sets(legal_placements(earlier, earlier.zone(last.zone)))
    assert (frozenset(ids(moved.hexes)) in legal) == (check_sheet(shifted) == [])
