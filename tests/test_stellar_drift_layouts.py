"""Every Stellar Drift ship obeys the rulebook's grid rules; broken ship files are refused.

The grid rules checked here ("The Ship Grid", "Ship Sections", "Special Ship
Spaces", "Ship Difficulty Indicator") are re-derived in the test from the raw
spaces and walls rather than through the model's own helpers, so a bug in the
model cannot hide a bad ship.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from scoring.layout_file import LayoutError, load_model
from scoring.stellar_drift.layout import Ship, parse_cell
from scoring.stellar_drift.layouts import folder, load_rules, load_ship, ship_names

CUBE_COLOURS = {"blue", "yellow", "red", "green"}  # Cube Colors & Symbols
SHIPS = ship_names()


def side_by_side(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = parse_cell(a), parse_cell(b)
    return abs(ca - cb) + abs(ra - rb) == 1


def open_sides(ship: Ship) -> dict[str, set[str]]:
    """Each space's neighbours up, down, left and right that no wall blocks."""
    walls = {frozenset(w.split("|")) for w in ship.walls}
    names = [s.at for s in ship.spaces]
    return {
        a: {b for b in names if side_by_side(a, b) and frozenset((a, b)) not in walls}
        for a in names
    }


def reach(ship: Ship, *, ladders: bool) -> set[str]:
    """Spaces repairable one after another from the Reactor Core, without airlock jumps."""
    links = open_sides(ship)
    if ladders:
        by_letter: dict[str, list[str]] = {}
        for s in ship.spaces:
            if s.special == "ladder":
                by_letter.setdefault(s.letter, []).append(s.at)
        for pair in by_letter.values():
            for a in pair:
                links[a] |= set(pair) - {a}
    seen, todo = {ship.reactor}, [ship.reactor]
    while todo:
        for nxt in links[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


# --- the shipped ships -------------------------------------------------------


def test_there_are_five_ship_layouts_including_the_first_game_ship():
    # Setup: "There are five different ship layouts ... we recommend ... Aaraka Glider".
    assert len(SHIPS) == 5
    rules = load_rules()
    assert rules.first_game_ship in SHIPS
    for ships in rules.special_spaces.values():
        assert set(ships) <= set(SHIPS)


@pytest.mark.parametrize("name", SHIPS)
def test_file_name_is_the_ship_id(name):
    assert load_ship(name).id == name


@pytest.mark.parametrize("name", SHIPS)
def test_reactor_core_is_the_centre_space(name):
    ship = load_ship(name)
    assert ship.columns % 2 == 1 and ship.rows % 2 == 1, "an even grid has no centre space"
    assert parse_cell(ship.reactor) == (ship.columns // 2, ship.rows // 2)
    core = ship.by_name[ship.reactor]
    assert (core.cost, core.rewards, core.special) == ([], [], None)


@pytest.mark.parametrize("name", SHIPS)
def test_every_space_is_on_the_grid_once(name):
    ship = load_ship(name)
    names = [s.at for s in ship.spaces]
    assert len(names) == len(set(names))
    for n in names:
        col, row = parse_cell(n)
        assert col < ship.columns and row < ship.rows, n


@pytest.mark.parametrize("name", SHIPS)
def test_every_space_is_reachable_from_the_reactor_core(name):
    ship = load_ship(name)
    unreached = {s.at for s in ship.spaces} - reach(ship, ladders=True)
    assert not unreached, f"{name}: cannot be repaired from the Reactor Core: {sorted(unreached)}"
    assert ship.reachable() == {s.at for s in ship.spaces}  # the model agrees


@pytest.mark.parametrize("name", SHIPS)
def test_airlocks_are_reachable_without_jumping(name):
    ship = load_ship(name)
    airlocks = {s.at for s in ship.spaces if s.special == "airlock"}
    assert airlocks <= reach(ship, ladders=True)


def test_ladders_are_needed_somewhere():
    # Ladder pairs must count as adjacent: on the Xyxzx Hive the flanks are
    # reached only through them, so a reachability check without ladders fails.
    hive = load_ship("xyxzx-hive")
    assert reach(hive, ladders=False) != {s.at for s in hive.spaces}


@pytest.mark.parametrize("name", SHIPS)
def test_walls_stand_only_between_existing_side_by_side_spaces(name):
    ship = load_ship(name)
    assert len(set(ship.walls)) == len(ship.walls)
    for wall in ship.walls:
        a, b = wall.split("|")
        assert a in ship.by_name and b in ship.by_name, wall
        assert side_by_side(a, b), wall


@pytest.mark.parametrize("name", SHIPS)
def test_costs_are_cubes_of_the_four_colours(name):
    ship = load_ship(name)
    for s in ship.spaces:
        assert set(s.cost) <= CUBE_COLOURS, s.at
        if s.at == ship.reactor:
            continue
        if s.special is None:
            assert 1 <= len(s.cost) <= 3, s.at  # the top half shows one or more squares
        else:
            assert s.cost == [], f"{s.at}: a {s.special} space prints no coloured cost"


@pytest.mark.parametrize("name", SHIPS)
def test_special_spaces_only_on_their_ships(name):
    allowed = {kind for kind, ships in load_rules().special_spaces.items() if name in ships}
    used = {s.special for s in load_ship(name).spaces if s.special}
    assert used <= allowed
    assert used == allowed, f"{name} should have {sorted(allowed)} spaces"


@pytest.mark.parametrize("name", SHIPS)
def test_ladder_letters_come_in_pairs(name):
    ship = load_ship(name)
    letters = Counter(s.letter for s in ship.spaces if s.special == "ladder")
    assert all(n == 2 for n in letters.values()), letters
    assert all(s.letter is None for s in ship.spaces if s.special != "ladder")


def test_the_airlock_ship_has_airlocks_to_jump_between():
    airlocks = [s for s in load_ship("mero-kraken").spaces if s.special == "airlock"]
    assert len(airlocks) >= 3


@pytest.mark.parametrize("name", SHIPS)
def test_sections_are_connected_and_same_colours_never_touch(name):
    ship = load_ship(name)
    names = {s.at for s in ship.spaces}
    section_of = {s.at: s.section for s in ship.spaces if s.section}
    assert set(section_of.values()) == {sec.id for sec in ship.sections}, "a section is empty"
    colour = {sec.id: sec.colour for sec in ship.sections}
    assert set(colour.values()) <= CUBE_COLOURS
    for sec in ship.sections:
        members = {n for n, sid in section_of.items() if sid == sec.id}
        start = min(members)
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for n in members - seen:
                if side_by_side(here, n):
                    seen.add(n)
                    todo.append(n)
        assert seen == members, f"{sec.id} is in pieces: {sorted(members - seen)}"
    for a, sid in section_of.items():
        for b in names:
            other = section_of.get(b)
            if other and other != sid and side_by_side(a, b):
                assert colour[sid] != colour[other], f"{sid} touches {other} ({a}-{b})"


def test_first_game_ship_has_the_fewest_difficulty_pips():
    first = load_rules().first_game_ship
    pips = {name: load_ship(name).difficulty for name in SHIPS}
    others = [p for name, p in pips.items() if name != first]
    assert pips[first] < min(others), pips


# --- broken ship files -------------------------------------------------------


def broken_ship(tmp_path: Path, edit) -> Path:
    data = yaml.safe_load((folder() / "ships" / "aaraka-glider.yaml").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "broken-ship.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def refused(path: Path) -> LayoutError:
    with pytest.raises(LayoutError) as err:
        load_model(path, Ship)
    assert str(path) in str(err.value)  # the message names the file
    return err.value


def space_index(data: dict, name: str) -> int:
    return next(i for i, s in enumerate(data["spaces"]) if s["at"] == name)


def test_missing_field_is_named(tmp_path):
    err = refused(broken_ship(tmp_path, lambda d: d.pop("reactor")))
    assert err.problems == ["reactor: Field required"]


def test_unknown_colour_is_named(tmp_path):
    def edit(data):
        data["spaces"][space_index(data, "C3")]["cost"] = ["purple"]

    err = refused(broken_ship(tmp_path, edit))
    assert len(err.problems) == 1
    assert err.problems[0].startswith("spaces.5.cost.0: Input should be 'blue'")


def test_wall_to_nowhere_is_named(tmp_path):
    err = refused(broken_ship(tmp_path, lambda d: d["walls"].append("D9|E9")))
    assert err.problems == ["walls.4: wall D9|E9 leads to nowhere (D9, E9 is not a space)"]


def test_duplicate_space_is_named(tmp_path):
    def edit(data):
        data["spaces"].append({"at": "C3", "cost": ["red"], "rewards": ["fuel"]})

    err = refused(broken_ship(tmp_path, edit))
    assert err.problems == ["spaces: duplicate space C3 (2 times)"]


def test_bad_space_name_is_named(tmp_path):
    def edit(data):
        data["spaces"][space_index(data, "B3")]["at"] = "3B"

    err = refused(broken_ship(tmp_path, edit))
    assert len(err.problems) == 1
    assert err.problems[0].startswith("spaces.4 (3B).at: not a space name: '3B'")


def test_unknown_key_is_named(tmp_path):
    def edit(data):
        data["spaces"][0]["colour"] = "yellow"

    err = refused(broken_ship(tmp_path, edit))
    assert err.problems == ["spaces.0.colour: Extra inputs are not permitted"]


def test_every_field_problem_is_listed_at_once(tmp_path):
    def edit(data):
        del data["difficulty"]
        data["spaces"][2]["cost"] = ["red", "orange"]
        data["captain"] = "Rhox"

    err = refused(broken_ship(tmp_path, edit))
    assert sorted(p.split(":")[0] for p in err.problems) == [
        "captain",
        "difficulty",
        "spaces.2.cost.1",
    ]


def test_every_grid_problem_is_listed_at_once(tmp_path):
    def edit(data):
        data["walls"].append("A1|A2")
        data["spaces"][space_index(data, "B3")]["at"] = "b3"
        data["spaces"].append({"at": "D7", "cost": ["red"], "rewards": ["fuel"]})
        data["spaces"][0]["section"] = "cargo"

    err = refused(broken_ship(tmp_path, edit))
    assert sorted(err.problems) == [
        "spaces.0 (D1).section: unknown section 'cargo'",
        "spaces.4 (b3).at: not a space name: 'b3' (expected a letter and a number, e.g. C4)",
        "spaces: duplicate space D7 (2 times)",
        "walls.4: wall A1|A2 leads to nowhere (A1, A2 is not a space)",
    ]
