"""Distant Suns end-of-game scoring: the rulebook's numbers, hand-worked games, checks.

Map of the shipped cosmos (layouts/distant_suns/cosmos.yaml), for reading the
hand-worked games below. S start, n near frontier (10/5), f far (15/8),
A alien, U upgrade, T treasure, B black hole. Neighbours of (q, r): E (q+1, r),
NE (q+1, r-1), NW (q, r-1), W (q-1, r), SW (q-1, r+1), SE (q, r+1).

    r0   .  A  .  .  n  .  .  .  A  f        q4..q13
    r1     .  .  U  .  .  .  B  .  .  .      q4..q13
    r2   .  .  .  T  .  .  .  .  T  .        q3..q12
    r3     n  B  .  .  .  A  .  U  .  f      q3..q12
    r4   .  A  .  .  U  .  .  .  .  .        q2..q11
    r5     .  .  .  .  .  T  .  B  .  A      q2..q11
    r6   .  U  .  A  .  .  .  .  .  f        q1..q10
    r7     .  .  .  B  .  .  U  .  A  .      q1..q10
    r8   .  .  T  .  .  .  .  .  .  .        q0..q9
    r9     S  .  U  .  A  .  n  .  .  .      q0..q9
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.distant_suns.check import check
from scoring.distant_suns.engine.bots import play_game
from scoring.distant_suns.hexgrid import distance, hex_id, neighbours, parse_hex_id
from scoring.distant_suns.layout import Cosmos, load_cosmos, load_shapes
from scoring.distant_suns.placement import NO_ORDER, Sheet, legal_placements
from scoring.distant_suns.problem import InvalidState
from scoring.distant_suns.score import rank, score, score_table, tile_times, winners
from scoring.distant_suns.state import DistantSunsState, parse_state, state_schema

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "distant-suns" / "example.json"
COSMOS = load_cosmos()
SHAPES = load_shapes()

BOARD = {
    "zones": ["satellite", "asteroid", "moon", "star", "rocket"],
    "optimization": {
        "satellite": "group",
        "asteroid": "alien",
        "moon": "upgrade",
        "star": "treasure",
        "black-hole": "black_hole",
    },
}


def shape(zone: str, hexes: str, rnd: int, turn: int, upgrades: int = 0) -> dict:
    return {
        "zone": zone,
        "hexes": hexes.split(),
        "round": rnd,
        "turn": turn,
        "upgrades_used": upgrades,
    }


# Ana, drawn hex by hex on the map above.
ANA_SHAPES = [
    shape("satellite", "q1r9 q2r9 q3r9", 1, 1),  # touches the start; covers U q2r9
    shape("asteroid", "q4r8 q5r8 q4r9", 1, 2),  # covers A q4r9
    shape("satellite", "q3r6 q3r7 q3r8", 1, 3),  # next to satellite 1 (q3r9-q3r8)
    shape("black-hole", "q5r7 q6r7 q6r8", 1, 4),  # q5r7 next to B q4r7; q6r8 next to n q6r9
    shape("moon", "q2r6 q2r7 q0r8 q1r8", 1, 5),  # covers U q2r6; closes round T q2r8
    shape("star", "q8r5 q6r6 q7r6 q7r7", 2, 1),  # next to T q7r5; covers U q7r7
    shape("asteroid", "q8r7 q9r7 q8r8", 2, 2),  # covers A q9r7; q9r7 next to f q10r6
    shape("satellite", "q4r5 q5r5 q6r5", 2, 3),  # q4r5 next to satellite 2's q3r6
    shape("black-hole", "q10r5 q8r6 q9r6", 3, 1),  # next to B q9r5 (and f q10r6 again)
]


def ana(**changes) -> dict:
    data = {
        "game": "distant-suns",
        "player": "Ana",
        "serial": 1,
        **copy.deepcopy(BOARD),
        "shapes": copy.deepcopy(ANA_SHAPES),
        "upgrades_gained": 3,
        "upgrades_used": [],
        "frontier": {"q6r9": "high", "q10r6": "high"},
    }
    data.update(changes)
    return data


def bo() -> dict:
    return {
        "player": "Bo",
        **copy.deepcopy(BOARD),
        "shapes": [
            shape("satellite", "q1r9 q2r9 q3r9", 1, 1),
            shape("asteroid", "q4r9 q5r9 q5r8", 1, 2),  # q5r9 next to n q6r9: Bo is first
            shape("satellite", "q6r8 q7r8 q8r8", 1, 3),
            shape("satellite", "q9r8 q9r7 q9r6", 2, 2),  # q9r6 next to f q10r6, Ana's turn too
        ],
    }


def scored(data: dict, cosmos: Cosmos = COSMOS):
    return score(parse_state(data), cosmos, SHAPES)


def points(breakdown) -> dict[str, int]:
    return {line.id: line.points for line in breakdown.lines}


def problems_of(data: dict) -> list[str]:
    return [str(p) for p in check(parse_state(data), COSMOS, SHAPES)]


# --- the rulebook's numbers ------------------------------------------------------------


@pytest.mark.parametrize(
    ("times", "vp"),
    [(0, 0), (1, 3), (2, 6), (3, 10), (4, 15), (5, 20), (6, 25), (7, 30), (10, 45)],
)
def test_victory_point_table(times, vp):
    # "Times condition met x1 x2 x3 x4 x5 beyond x5 / 3 6 10 15 20 +5 each";
    # the rulebook's example: the Alien tile met 3 times scores 10
    assert COSMOS.scoring.optimization(times) == vp


def test_bonus_penalty_and_frontier_values_are_the_rulebooks():
    assert COSMOS.scoring.treasure_bonus == 10
    assert COSMOS.scoring.alien_penalty == -5
    values = {(r.first, r.later) for r in COSMOS.scoring.frontier_rewards.values()}
    assert values == {(10, 5), (15, 8)}


# --- a hand-worked game ----------------------------------------------------------------


def test_ana_alone_hand_worked():
    b = scored(ana())
    assert check(parse_state(ana()), COSMOS, SHAPES) == []
    # Alien tile (asteroid): A q4r9 (r1t2) and A q9r7 (r2t2) -> 2 times = 6
    alien = b.line("tile-alien")
    assert (alien.times, alien.points, alien.hexes) == (2, 6, ("q9r7", "q4r9"))
    assert alien.shapes == ("r1t2 asteroid", "r2t2 asteroid")
    # Upgrade tile (moon): U q2r6 -> 1 time = 3 (U q2r9 and q7r7 are not the moon's)
    assert (b.line("tile-upgrade").times, b.line("tile-upgrade").hexes) == (1, ("q2r6",))
    # Treasure tile (star): T q7r5 next to the star's q7r6 and q6r6 -> 1 time = 3
    assert (b.line("tile-treasure").times, b.line("tile-treasure").hexes) == (1, ("q7r5",))
    # Group tile (satellite): r1t1 - r1t3 (q3r9/q3r8) - r2t3 (q3r6/q4r5) -> 3 times = 10
    group = b.line("tile-group")
    assert (group.times, group.points) == (3, 10)
    assert group.shapes == ("r1t1 satellite", "r1t3 satellite", "r2t3 satellite")
    # Black Hole tile (black-hole): r1t4 (q5r7 by B q4r7), r3t1 (q10r5, q8r6 and q9r6,
    # all three by B q9r5): 2 shapes -> 2 times = 6, however many of their hexes touch
    bh = b.line("tile-black_hole")
    assert (bh.times, bh.points, bh.hexes) == (2, 6, ("q10r5", "q8r6", "q9r6", "q5r7"))
    # Frontiers as circled: n q6r9 10 + f q10r6 15 = 25
    assert b.line("frontier").points == 25
    # Treasure bonus: q2r8's six neighbours q3r8 q3r7 q2r7 q1r8 q1r9 q2r9 all covered -> 10
    assert b.line("treasure-bonus").hexes == ("q2r8",)
    # Alien penalty: q5r0 q12r0 q8r3 q3r4 q11r5 q4r6 uncovered -> 6 x -5 = -30
    assert b.line("alien-penalty").hexes == ("q5r0", "q12r0", "q8r3", "q3r4", "q11r5", "q4r6")
    # 6 + 3 + 3 + 10 + 6 + 25 + 10 - 30 = 33
    assert points(b) == {
        "tile-alien": 6,
        "tile-upgrade": 3,
        "tile-treasure": 3,
        "tile-group": 10,
        "tile-black_hole": 6,
        "frontier": 25,
        "treasure-bonus": 10,
        "alien-penalty": -30,
    }
    assert b.total == 33
    assert "Total" in b.explain() and "33" in b.explain()


def test_the_shipped_example_is_valid_and_scores():
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = parse_state(data)
    assert check(state, COSMOS, SHAPES) == []
    b = score(state, COSMOS, SHAPES)
    # rocket (alien tile) covers A q12r0 (r3t3), q4r6 (r1t1), q9r7 (r2t2), q4r9 (r3t1):
    # 4 times = 15; A q11r5 is the one left: -5
    assert (b.line("tile-alien").times, b.line("tile-alien").points) == (4, 15)
    assert b.line("alien-penalty").hexes == ("q11r5",)
    # frontiers: n 10 + n 10 + n 10 first; f q10r6 15 first; f q12r3, f q13r0 later 8 + 8
    assert b.line("frontier").points == 10 + 10 + 10 + 15 + 8 + 8
    # 15 + 3 + 3 + 6 + 6 + 61 + 10 - 5 = 99
    assert [x.points for x in b.lines] == [15, 3, 3, 6, 6, 61, 10, -5]
    assert b.total == 99


def test_schema_forbids_unknown_keys_and_matches_the_example():
    schema = state_schema()
    assert schema["additionalProperties"] is False
    assert schema["$defs"]["DrawnShape"]["additionalProperties"] is False
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert set(data) <= set(schema["properties"])
    assert set(schema["required"]) <= set(data)
    with pytest.raises(InvalidState) as err:
        parse_state({**data, "zoness": []})
    assert [p.field for p in err.value.problems] == ["zoness"]


def test_condition_beyond_the_table_six_black_hole_shapes_score_25():
    # a legal game drawn greedily: a black-hole bend next to a Black Hole when one
    # fits, otherwise a satellite towards the nearest Black Hole; six such bends
    # meet the condition 6 times: 20 + 5 = 25
    holes = COSMOS.of_type("black_hole")
    bend, line = SHAPES.black_hole, SHAPES.zone("satellite")
    sheet = Sheet(COSMOS, (*(SHAPES.zone(z) for z in BOARD["zones"]), bend))

    def by_hole(p):
        return any(n in holes for h in p.hexes for n in neighbours(h))

    def key(p):
        return sorted((h[1], h[0]) for h in p.hexes)

    def towards_hole(p):
        return min(distance(h, b) for h in p.hexes for b in holes), key(p)

    for turn in range(1, 16):
        bends = [p for p in legal_placements(sheet, bend, 0) if by_hole(p)]
        if bends:
            sheet = sheet.place(min(bends, key=key), turn)
        else:
            sheet = sheet.place(min(legal_placements(sheet, line, 0), key=towards_hole), turn)
        if sum(p.zone == bend.id for p in sheet.placed) == 6:
            break
    data = {
        **copy.deepcopy(BOARD),
        "shapes": [
            {
                "zone": p.zone,
                "hexes": [hex_id(h) for h in p.hexes],
                "round": (p.turn - 1) // 5 + 1,
                "turn": (p.turn - 1) % 5 + 1,
            }
            for p in sheet.placed
        ],
    }
    state = parse_state(data)
    assert check(state, COSMOS, SHAPES, frontier_marks=False) == []
    (standing,) = score_table([state], COSMOS, SHAPES)
    line_bh = standing.breakdown.line("tile-black_hole")
    assert (line_bh.times, line_bh.points) == (6, 25)


# --- the Frontier race -----------------------------------------------------------------


def test_frontier_race_first_later_and_a_tie_on_the_same_turn():
    a = parse_state(ana(frontier={}))
    b = parse_state(bo())
    table = score_table([a, b], COSMOS, SHAPES)
    by_name = {s.player: s.breakdown for s in table}
    ana_f = {f.hex: (f.first, f.round, f.turn, f.points) for f in by_name["Ana"].frontiers}
    bo_f = {f.hex: (f.first, f.round, f.turn, f.points) for f in by_name["Bo"].frontiers}
    # q6r9 (near): Bo on round 1 turn 2 is first (10), Ana on turn 4 is later (5)
    assert bo_f["q6r9"] == (True, 1, 2, 10)
    assert ana_f["q6r9"] == (False, 1, 4, 5)
    # q10r6 (far): both first on round 2 turn 2, both score the full 15
    assert bo_f["q10r6"] == ana_f["q10r6"] == (True, 2, 2, 15)
    # Ana: 33 alone, less 5 for q6r9 -> 28.
    # Bo: alien tile A q4r9 3; group r1t3-r2t2 (q8r8/q9r8) 6; frontiers 10 + 15;
    # six Aliens uncovered -30: 3 + 0 + 0 + 6 + 0 + 25 + 0 - 30 = 4
    assert [(s.place, s.player, s.total, s.shared) for s in table] == [
        (1, "Ana", 28, False),
        (2, "Bo", 4, False),
    ]
    assert winners(table) == ["Ana"]


def test_tied_totals_share_the_place():
    a = parse_state(ana(frontier={}))
    c = parse_state(ana(frontier={}, player="Cy"))
    b = parse_state(bo())
    table = score_table([b, a, c], COSMOS, SHAPES)
    assert [(s.place, s.player, s.shared) for s in table] == [
        (1, "Ana", True),
        (1, "Cy", True),
        (3, "Bo", False),
    ]
    assert winners(table) == ["Ana", "Cy"]
    assert [s.place for s in rank([s.breakdown for s in table])] == [1, 1, 3]


def test_circled_values_must_agree_with_the_race():
    a = parse_state(ana())  # circles 10 on q6r9, but Bo was there first
    b = parse_state({**bo(), "frontier": {"q6r9": "low"}})  # Bo circles 5: he was first
    with pytest.raises(InvalidState) as err:
        score_table([a, b], COSMOS, SHAPES)
    fields = sorted(p.field for p in err.value.problems)
    assert fields == ["states.0.frontier.q6r9", "states.1.frontier.q6r9"]


def test_a_table_needs_one_board():
    other = bo()
    other["optimization"] = {**other["optimization"], "moon": "treasure", "star": "upgrade"}
    with pytest.raises(InvalidState) as err:
        score_table([parse_state(ana(frontier={})), parse_state(other)], COSMOS, SHAPES)
    assert [p.field for p in err.value.problems] == ["states.1.optimization"]


# --- checks: one test each, and all at once --------------------------------------------


def test_valid_state_has_no_problems():
    assert problems_of(ana()) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"zones": ["satellite", "asteroid", "moon", "star", "comet"]}, "zones.4: unknown zone"),
        (
            {"zones": ["satellite", "asteroid", "moon", "star", "black-hole"]},
            "zones.4: 'black-hole' is always in play",
        ),
        ({"zones": ["satellite", "asteroid", "moon", "star", "star"]}, "zones: 'star' is listed 2"),
        ({"zones": ["satellite", "asteroid", "moon", "star"]}, "zones: 4 zones listed"),
    ],
)
def test_zone_problems(change, expected):
    found = problems_of(ana(**change))
    assert any(p.startswith(expected) for p in found), found


def test_optimization_tile_missing_duplicated_or_on_a_zone_not_in_play():
    opt = {**BOARD["optimization"], "star": "group", "probe": "treasure"}
    found = problems_of(ana(optimization=opt))
    assert "optimization.probe: zone 'probe' is not in play" in "\n".join(found)
    assert any("the group tile is given to 2 zones (satellite, star)" in p for p in found)
    # treasure is given only to probe; still counted as given, so no "missing" for it
    opt = {z: t for z, t in BOARD["optimization"].items() if t != "treasure"}
    found = problems_of(ana(optimization=opt))
    assert found == ["optimization: no zone has the treasure tile"]


def test_malformed_off_grid_and_repeated_hex_ids():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[0]["hexes"] = ["q1r9", "q2r9", "Q3R9"]
    shapes[1]["hexes"] = ["q4r8", "q5r8", "q4r8", "q4r9"]
    shapes[8]["hexes"] = ["q10r5", "q8r6", "q9r6", "q14r0"]
    found = problems_of(ana(shapes=shapes))
    assert "shapes.0.hexes: 'Q3R9' is not a hex id like 'q3r5'" in found
    assert "shapes.1.hexes: q4r8 is listed 2 times" in found
    assert any(
        p.startswith("shapes.8: round 3 turn 1 Black Hole: q14r0 is outside the grid")
        for p in found
    )


def test_round_and_turn_must_exist():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[8]["round"] = 4
    shapes[7]["turn"] = 6
    found = problems_of(ana(shapes=shapes, frontier={"q6r9": "high"}))
    assert "shapes.8.round: round 4; a game has 3" in found
    assert "shapes.7.turn: turn 6; a round has at most 5" in found


def test_drawing_rules_come_from_check_sheet_told_in_rounds_and_turns():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[6]["hexes"] = ["q7r5", "q8r4", "q7r4"]  # an asteroid on T q7r5
    found = problems_of(ana(shapes=shapes))
    assert "shapes.6: round 2 turn 2 Asteroid: q7r5 is a treasure space" in found


def test_two_shapes_on_one_turn_and_a_zone_not_in_play():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[7]["turn"] = 2  # satellite on round 2 turn 2, with the asteroid
    shapes[5]["zone"] = "probe"
    found = problems_of(ana(shapes=shapes))
    assert any(p.startswith("shapes: round 2 turn 2: 2 shapes drawn") for p in found), found
    assert any(
        p.startswith("shapes.5: round 2 turn 1 'probe': zone 'probe' is not in play") for p in found
    ), found


def test_upgrades_area_against_the_shapes():
    found = problems_of(ana(upgrades_gained=2, upgrades_used=[7, 5, 5]))
    assert "upgrades_gained: 2 circles checked, but the shapes cover 3 Upgrade spaces" in found
    assert "upgrades_used.0: circle 7; the Upgrades area has 6" in found
    assert "upgrades_used.1: box under circle 5 checked, but only 3 Upgrades were gained" in found
    assert "upgrades_used: circle 5 is listed 2 times" in found
    assert "upgrades_used: 3 boxes checked, but the shapes spend 0 Upgrades" in found


def test_spending_an_upgrade_not_yet_gained():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[0] = shape("satellite", "q1r9 q2r9", 1, 1, upgrades=1)
    found = problems_of(ana(shapes=shapes, upgrades_used=[1]))
    assert any("spends 1 Upgrades, only 0 gained on earlier turns" in p for p in found), found


@pytest.mark.parametrize(
    ("frontier", "expected"),
    [
        ({"q6r9": "high", "q10r6": "both"}, "frontier.q10r6: both 15 and 8 circled"),
        ({"q6r9": "high", "q10r6": "high", "q3r3": "low"}, "frontier.q3r3: a value is circled"),
        ({"q6r9": "high", "q10r6": "high", "q5r9": "low"}, "frontier.q5r9: q5r9 is not a Frontier"),
        ({"q6r9": "high", "q10r6": "high", "6-9": "low"}, "frontier.6-9: '6-9' is not a hex id"),
        ({"q6r9": "high"}, "frontier: q10r6 reached on round 2 turn 2 but neither 15 nor 8"),
    ],
)
def test_frontier_problems(frontier, expected):
    found = problems_of(ana(frontier=frontier))
    assert any(p.startswith(expected) for p in found), found


def test_scoring_refuses_an_invalid_state_listing_every_problem():
    shapes = copy.deepcopy(ANA_SHAPES)
    shapes[2]["turn"] = 9
    bad = ana(
        zones=["satellite", "asteroid", "moon", "star", "comet"],
        shapes=shapes,
        frontier={"q6r9": "both"},
        upgrades_gained=0,
    )
    with pytest.raises(InvalidState) as err:
        scored(bad)
    fields = {p.field for p in err.value.problems}
    assert {"zones.4", "shapes.2.turn", "frontier.q6r9", "frontier", "upgrades_gained"} <= fields
    assert str(err.value).startswith("invalid Distant Suns state (Ana):")


# --- properties ------------------------------------------------------------------------


def random_game(seed: int) -> dict:
    """A legal solo game, played by the rules engine's random bot, as a state file holds it."""
    (sheet,) = play_game(1, "random", seed).final_states()
    return sheet.model_dump(mode="json")


SEEDS = st.integers(0, 10_000)
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(seed=SEEDS, data=st.data())
def test_listing_order_never_changes_the_score(seed, data):
    game = random_game(seed)
    shuffled = copy.deepcopy(game)
    shuffled["shapes"] = data.draw(st.permutations(shuffled["shapes"]))
    for s in shuffled["shapes"]:
        s["hexes"] = data.draw(st.permutations(s["hexes"]))
    shuffled["zones"] = data.draw(st.permutations(shuffled["zones"]))
    shuffled["optimization"] = dict(data.draw(st.permutations(list(game["optimization"].items()))))
    shuffled["frontier"] = dict(data.draw(st.permutations(list(game["frontier"].items()))))
    assert scored(shuffled) == scored(game)


@SLOW
@given(seed=SEEDS)
def test_every_valid_random_game_scores_and_adds_up(seed):
    b = scored(random_game(seed))
    assert b.total == sum(x.points for x in b.lines)
    for x in b.lines:
        if x.times is not None:
            assert x.points == COSMOS.scoring.optimization(x.times)
    covered = {h for s in random_game(seed)["shapes"] for h in s["hexes"]}
    aliens = {hex_id(h) for h in COSMOS.of_type("alien")}
    assert b.line("alien-penalty").points == -5 * len(aliens - covered)


def with_extra_alien(hid: str) -> Cosmos:
    data = COSMOS.model_dump(mode="json")
    data["spaces"].append({"hex": hid, "type": "alien", "reward": None})
    return Cosmos.model_validate(data)


@SLOW
@given(seed=SEEDS, data=st.data())
def test_an_uncovered_alien_always_costs_exactly_5(seed, data):
    game = random_game(seed)
    covered = {h for s in game["shapes"] for h in s["hexes"]}
    plain = sorted(
        hex_id(h) for h in COSMOS.hexes if h not in COSMOS.space_types and hex_id(h) not in covered
    )
    if not plain:
        return
    hid = data.draw(st.sampled_from(plain))
    before = scored(game)
    after = scored(game, with_extra_alien(hid))
    assert after.total == before.total - 5
    assert after.line("alien-penalty").points == before.line("alien-penalty").points - 5
    assert hid in after.line("alien-penalty").hexes


@SLOW
@given(seed=SEEDS)
def test_table_of_one_agrees_with_the_sheet_alone(seed):
    game = random_game(seed)
    # alone, every Frontier reached was reached first
    game["frontier"] = {h: "high" for h in game["frontier"]}
    (standing,) = score_table([parse_state(game)], COSMOS, SHAPES)
    assert standing.breakdown == scored(game)
    assert (standing.place, standing.shared) == (1, False)


def test_state_is_frozen():
    state = parse_state(ana())
    with pytest.raises(ValueError):
        state.player = "Bo"  # type: ignore[misc]
    assert isinstance(state, DistantSunsState)


# --- turns inferred (a sheet read from a photo) ------------------------------------------


def test_inferred_turns_keep_the_order_rules_if_any_order_does():
    # Ana's shapes told in another order: the third satellite first touches no start
    shapes = copy.deepcopy(ANA_SHAPES)
    for s, (rnd, turn) in zip(shapes, [(1, 3), (1, 2), (1, 1)], strict=False):
        s["round"], s["turn"] = rnd, turn
    told = problems_of(ana(shapes=shapes))
    assert any("does not touch the start space" in p for p in told), told
    assert problems_of(ana(shapes=shapes, order_known=False)) == []


def test_inferred_turns_that_no_order_fits_are_one_problem_not_one_a_shape():
    # a read sheet with no legal order listed a problem a shape, each of an order the
    # reader made up (held-out photo 00013: 12 of its 29 questions)
    island = shape("satellite", "q7r2 q8r2 q9r2", 3, 2)  # touches no other shape
    spent = shape("satellite", "q1r9 q2r9", 1, 1, upgrades=1)  # before any is gained
    shapes = [*copy.deepcopy(ANA_SHAPES), island]
    shapes[0] = spent
    known = problems_of(ana(shapes=shapes, upgrades_used=[1]))
    assert any("does not touch any space" in p for p in known), known
    assert any("only 0 gained on earlier turns" in p for p in known), known
    inferred = problems_of(ana(shapes=shapes, upgrades_used=[1], order_known=False))
    assert inferred == [f"shapes: {NO_ORDER}"]
    # what no order mends is still told a shape
    shapes[6]["hexes"] = ["q7r5", "q8r4", "q7r4"]  # an asteroid on T q7r5
    inferred = problems_of(ana(shapes=shapes, upgrades_used=[1], order_known=False))
    assert "shapes.6: round 2 turn 2 Asteroid: q7r5 is a treasure space" in inferred
    assert f"shapes: {NO_ORDER}" in inferred


def test_tile_times_weighs_shapes_as_the_breakdown_counts_them():
    # every tile of the example game, its zone's shapes given by their hexes alone
    state = parse_state(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    lines = {line.id: line for line in score(state, COSMOS, SHAPES).lines}
    for zone, tile in state.optimization.items():
        hexes = [frozenset(map(parse_hex_id, s.hexes)) for s in state.shapes if s.zone == zone]
        assert tile_times(tile, zone, COSMOS, hexes) == lines[f"tile-{tile}"].times


def test_tile_times_of_a_run_split_differently():
    # three hexes in a row: one shape, or two touching ones
    whole = [frozenset({(7, 4), (8, 4), (9, 4)})]
    split = [frozenset({(7, 4), (8, 4)}), frozenset({(9, 4)})]
    assert tile_times("group", "moon", COSMOS, whole) == 1
    assert tile_times("group", "moon", COSMOS, split) == 2
    for tile in ("alien", "upgrade", "treasure"):
        assert tile_times(tile, "moon", COSMOS, whole) == tile_times(tile, "moon", COSMOS, split)
