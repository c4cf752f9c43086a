"""The shipped Distant Suns data files, and broken ones that must fail clearly."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from scoring.distant_suns.hexgrid import distance, hex_id, neighbours, parse_hex_id
from scoring.distant_suns.layout import default_path, load_cosmos, load_shapes
from scoring.layout_file import LayoutError, layouts_root

COSMOS = load_cosmos()
SHAPES = load_shapes()
COSMOS_DATA = yaml.safe_load(default_path("cosmos.yaml").read_text(encoding="utf-8"))
SHAPES_DATA = yaml.safe_load(default_path("shapes.yaml").read_text(encoding="utf-8"))


# --- the shipped cosmos ---------------------------------------------------------------


def test_cosmos_has_a_version_a_name_and_80_to_110_spaces():
    assert COSMOS.version == 1 and COSMOS.name
    assert 80 <= len(COSMOS.hexes) <= 110


def test_start_is_the_bottom_left_space():
    bottom = max(r for _, r in COSMOS.hexes)
    leftmost_bottom = min(q for q, r in COSMOS.hexes if r == bottom)
    assert COSMOS.start == (leftmost_bottom, bottom)
    assert [s.type for s in COSMOS.spaces].count("start") == 1


def test_every_special_space_type_is_used():
    kinds = {s.type for s in COSMOS.spaces}
    assert kinds == {"start", "alien", "upgrade", "treasure", "frontier", "black_hole"}


def test_frontiers_sit_on_the_edge_with_rulebook_values():
    frontiers = COSMOS.of_type("frontier")
    assert frontiers
    for h in frontiers:
        assert any(n not in COSMOS.hexes for n in neighbours(h)), hex_id(h)
        reward = COSMOS.frontier_reward(h)
        assert (reward.first, reward.later) in {(10, 5), (15, 8)}
    # the bigger prize is for the frontiers further from the start
    near = [distance(COSMOS.start, h) for h in frontiers if COSMOS.frontier_reward(h).first == 10]
    far = [distance(COSMOS.start, h) for h in frontiers if COSMOS.frontier_reward(h).first == 15]
    assert near and far and max(near) < min(far)


def test_upgrade_circles_match_upgrade_spaces():
    listed = sum(1 for s in COSMOS.spaces if s.type == "upgrade")
    assert COSMOS.upgrade_slots == listed >= 1


def test_cannot_cover_is_the_rulebook_list():
    assert set(COSMOS.rules.cannot_cover) == {"start", "treasure", "frontier", "black_hole"}
    assert COSMOS.rules.max_upgrades_per_turn == 2


def test_every_coverable_space_is_reachable_from_the_start():
    coverable = COSMOS.hexes - COSMOS.uncoverable
    seen = {n for n in neighbours(COSMOS.start) if n in coverable}
    todo = list(seen)
    while todo:
        for n in neighbours(todo.pop()):
            if n in coverable and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == coverable


def test_every_treasure_bonus_can_be_earned():
    # the bonus needs all of a treasure's neighbours covered
    for t in COSMOS.of_type("treasure"):
        blocked = [hex_id(n) for n in neighbours(t) if n in COSMOS.uncoverable]
        assert not blocked, f"treasure {hex_id(t)} is next to {blocked}"


def test_room_for_fifteen_shapes_with_choices_left():
    coverable = len(COSMOS.hexes - COSMOS.uncoverable)
    biggest_game = sum(sorted(z.size for z in SHAPES.zones)[-5:]) + SHAPES.black_hole.size
    # 15 turns of the largest shapes in play, on average, still leave spaces free
    assert coverable > 15 * biggest_game / 6


@pytest.mark.parametrize(
    ("times", "points"),
    [(0, 0), (1, 3), (2, 6), (3, 10), (4, 15), (5, 20), (6, 25), (8, 35)],
)
def test_optimization_points_follow_the_rulebook_table(times, points):
    assert COSMOS.scoring.optimization(times) == points


def test_bonus_and_penalty_values():
    assert COSMOS.scoring.treasure_bonus == 10
    assert COSMOS.scoring.alien_penalty == -5


# --- the shipped shapes ---------------------------------------------------------------


def test_ten_zones_and_a_black_hole_of_three_to_six_hexes():
    assert len(SHAPES.zones) == 10
    assert SHAPES.black_hole.id not in {z.id for z in SHAPES.zones}
    assert all(3 <= z.size <= 6 for z in SHAPES.all_zones)
    assert {"moon", "lightning", "rocket"} <= {z.glyph for z in SHAPES.all_zones}


def test_every_zone_has_its_own_glyph_and_name():
    zones = SHAPES.all_zones
    assert len({z.glyph for z in zones}) == len(zones)
    assert len({z.name for z in zones}) == len(zones)
    assert all(z.glyph in SHAPES.glyphs for z in zones)


def test_unknown_zone_is_named_in_the_error():
    with pytest.raises(KeyError, match="'comet'"):
        SHAPES.zone("comet")


# --- broken files ---------------------------------------------------------------------


def write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def cosmos_problems(tmp_path: Path, data: dict) -> tuple[str, list[str]]:
    path = write(tmp_path, "cosmos.yaml", data)
    with pytest.raises(LayoutError) as caught:
        load_cosmos(path)
    assert str(path) in str(caught.value)
    return str(caught.value), caught.value.problems


def shapes_problems(tmp_path: Path, data: dict) -> tuple[str, list[str]]:
    path = write(tmp_path, "shapes.yaml", data)
    with pytest.raises(LayoutError) as caught:
        load_shapes(path)
    assert str(path) in str(caught.value)
    return str(caught.value), caught.value.problems


def index_of(data: dict, hid: str) -> int:
    return next(i for i, s in enumerate(data["spaces"]) if s["hex"] == hid)


def test_cosmos_missing_field(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    del data["name"]
    _, problems = cosmos_problems(tmp_path, data)
    assert problems == ["name: Field required"]


def test_cosmos_unknown_space_type(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    data["spaces"][3]["type"] = "wormhole"
    message, _ = cosmos_problems(tmp_path, data)
    assert "spaces.3.type" in message and "'alien'" in message


def test_cosmos_unknown_key(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    data["spaces"][2]["points"] = 10
    message, _ = cosmos_problems(tmp_path, data)
    assert "spaces.2.points" in message


def test_cosmos_bad_hex_id(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    data["spaces"][4]["hex"] = "3,5"
    message, _ = cosmos_problems(tmp_path, data)
    assert "spaces.4.hex" in message and "'3,5'" in message


def test_cosmos_duplicate_hex_and_outside_and_second_start_all_reported(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    first = index_of(data, "q5r0")
    data["spaces"].append({"hex": "q5r0", "type": "upgrade"})  # twice
    data["spaces"].append({"hex": "q0r0", "type": "alien"})  # row 0 starts at q4
    data["spaces"].append({"hex": "q9r9", "type": "start"})
    n = len(COSMOS_DATA["spaces"])
    _, problems = cosmos_problems(tmp_path, data)
    assert f"spaces.{n}.hex: q5r0 is listed twice (also spaces.{first})" in problems
    assert f"spaces.{n + 1}.hex: q0r0 is outside the grid" in problems
    assert "spaces: exactly one start space needed, found 2" in problems
    assert len(problems) == 3


def test_cosmos_frontier_checks(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    inner = index_of(data, "q8r3")  # an alien in the middle of the sheet
    data["spaces"][inner] = {"hex": "q8r3", "type": "frontier", "reward": "near"}
    edge = index_of(data, "q13r0")
    data["spaces"][edge]["reward"] = "galactic"
    alien = index_of(data, "q5r0")
    data["spaces"][alien]["reward"] = "near"
    _, problems = cosmos_problems(tmp_path, data)
    assert set(problems) == {
        f"spaces.{alien}.reward: only frontier spaces have a reward",
        f"spaces.{edge}.reward: unknown reward 'galactic' (known: far, near)",
        f"spaces.{inner}.hex: frontier q8r3 is not on the grid's edge",
    }


def test_cosmos_bad_rows(tmp_path):
    data = copy.deepcopy(COSMOS_DATA)
    data["grid"]["rows"][1] = {"r": 0, "q": [4, 13]}
    data["grid"]["rows"][2]["q"] = [12, 3]
    _, problems = cosmos_problems(tmp_path, data)
    assert "grid.rows: row r=0 is listed 2 times" in problems
    assert "grid.rows.2.q: first q 12 is after last q 3" in problems


def test_shapes_missing_hexes(tmp_path):
    data = copy.deepcopy(SHAPES_DATA)
    del data["zones"][2]["hexes"]
    _, problems = shapes_problems(tmp_path, data)
    assert problems == ["zones.2.hexes: Field required"]


def test_shapes_too_big(tmp_path):
    data = copy.deepcopy(SHAPES_DATA)
    data["zones"][0]["hexes"] = [[q, 0] for q in range(7)]
    message, _ = shapes_problems(tmp_path, data)
    assert "zones.0.hexes" in message and "at most 6" in message


def test_shapes_cross_checks_all_reported(tmp_path):
    data = copy.deepcopy(SHAPES_DATA)
    data["zones"][1]["hexes"] = [[0, 0], [1, 0], [1, 0], [2, 0]]  # [1, 0] twice
    data["zones"][3]["glyph"] = "teapot"
    data["zones"][4]["hexes"] = [[0, 0], [1, 0], [3, 0]]  # a gap
    data["zones"][5]["glyph"] = data["zones"][0]["glyph"]
    data["black_hole"]["id"] = data["zones"][6]["id"]
    data["zones"][7]["hexes"] = [[0, 0], [0, 1], [0, 2]]  # satellite's line, turned
    _, problems = shapes_problems(tmp_path, data)
    z = data["zones"]
    assert set(problems) == {
        f"zones.1.hexes: {z[1]['id']!r} lists [1, 0] more than once",
        "zones.3.glyph: unknown glyph 'teapot'",
        f"zones.4.hexes: {z[4]['id']!r} is not one connected piece",
        f"zones.5.glyph: {z[0]['glyph']!r} is also the glyph of zones.0",
        f"black_hole.id: {z[6]['id']!r} is also the id of zones.6",
        f"zones.7.hexes: {z[7]['id']!r} has the same shape as zones.6",
    }


def test_hex_ids_in_the_cosmos_parse():
    assert all(parse_hex_id(s.hex) in COSMOS.hexes for s in COSMOS.spaces)


def test_optimization_tiles_in_cosmos_yaml_are_the_five_the_scorer_knows():
    from scoring.distant_suns.state import TILES

    cosmos = load_cosmos()
    assert tuple(t.id for t in cosmos.optimization.tiles) == TILES
    assert len(cosmos.optimization.sets) == 2


def test_an_optimization_tile_listed_twice_is_refused(tmp_path):
    src = (layouts_root() / "distant_suns" / "cosmos.yaml").read_text()
    broken = src.replace("- {id: upgrade, name: Upgrade,", "- {id: alien, name: Upgrade,")
    assert broken != src
    path = tmp_path / "cosmos.yaml"
    path.write_text(broken)
    with pytest.raises(LayoutError, match="optimization.tiles: alien listed twice"):
        load_cosmos(path)
