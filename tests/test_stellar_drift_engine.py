"""Stellar Drift rules engine: hand-worked cases for each rule, and whole seeded games."""

from __future__ import annotations

import pytest

from scoring.stellar_drift.check import check
from scoring.stellar_drift.engine import (
    ApplyTech,
    ChooseSkill,
    Exchange,
    IllegalAction,
    Pass,
    Repair,
    Store,
    UseAbility,
    UseBonus,
    UseSkill,
    apply,
    final_state,
    legal_actions,
    new_game,
    refusal,
)
from scoring.stellar_drift.engine.balance import solo_bands, solo_scores, table_results
from scoring.stellar_drift.engine.bots import GreedyBot, RandomBot, play, play_state
from scoring.stellar_drift.layout import COLOURS
from scoring.stellar_drift.layouts import load_ship, load_tech, load_tracker
from scoring.stellar_drift.problem import errors
from scoring.stellar_drift.score import score


def sheet(ship="aaraka-glider", skill="yellow", other="blue", seed=0):
    """A one-player game in round 1's Repair Phase with an empty hand and no energy."""
    g = new_game([ship], seed)
    p = g.players[0]
    p.setup_cubes = (skill, other)
    apply(g, 0, ChooseSkill(skill))
    p.pending_tech = 0
    p.hand = dict.fromkeys(COLOURS, 0)
    p.energy = 0
    return g, p


def give(p, *cubes):
    for c in cubes:
        p.hand[c] += 1


def refused(g, action, words, seat=0):
    with pytest.raises(IllegalAction) as info:
        apply(g, seat, action)
    assert words in info.value.reason, info.value.reason
    assert refusal(g, seat, action) == info.value.reason


def fresh(ship="aaraka-glider", skill="yellow", **bag):
    """sheet() with no ability unlocked, empty Tech tracks and, if given, exactly
    this bag (one colour in it makes every draw known)."""
    g, p = sheet(ship, skill, other="red" if skill == "blue" else "blue")
    p.unlocked = {}
    p.tech = dict.fromkeys(p.tech, 0)
    if bag:
        set_bag(g, **bag)
    return g, p


def set_bag(g, **counts):
    g.bag = {c: counts.get(c, 0) for c in COLOURS}


def cubes(**counts):
    """A full hand/spent/bag dict: cubes(red=1) == {"blue": 0, ..., "red": 1, ...}."""
    return {c: counts.get(c, 0) for c in COLOURS}


def next_round(g):
    """Solo: pass, store nothing, and land in the next round's Repair Phase."""
    apply(g, 0, Pass())
    apply(g, 0, Store())
    g.players[0].pending_tech = 0


# -- setup and income -----------------------------------------------------------------


def test_setup_two_different_cubes_skill_and_tech_start():
    g = new_game(["aaraka-glider", "rhox-hauler"], 5)
    assert g.bag_size() == 4 * 6 - 4  # two players: 6 of each colour, 2 cubes each drawn
    for p in g.players:
        assert len(set(p.setup_cubes)) == 2
    refused(g, Pass(), "choose your Captain Skill first")
    p0, p1 = g.players
    p0.setup_cubes, p1.setup_cubes = ("red", "green"), ("yellow", "blue")
    refused(g, ChooseSkill("blue"), "you drew red and green")
    apply(g, 0, ChooseSkill("red"))
    assert p0.tech == {"yellow": 0, "green": 2, "red": 0} and p0.unlocked == {"g1": 2}
    apply(g, 1, ChooseSkill("yellow"))  # blue cube: one bottom box on every track
    assert p1.tech == {"yellow": 1, "green": 1, "red": 1}
    # round 1 income: 3 energy, 3 cubes, 1 Tech Point each; setup cubes went back
    assert (g.round, g.phase) == (1, "repair")
    assert [p.energy for p in g.players] == [3, 3] and [p.cubes() for p in g.players] == [3, 3]
    assert g.bag_size() == 24 - 6
    refused(g, Pass(), "apply your pending Tech Point first")
    apply(g, 0, ApplyTech("green"))
    assert p0.tech["green"] == 3 and p0.pending_tech == 0


# -- repairs, walls and special spaces ------------------------------------------------


def test_repair_pays_exact_colours_and_gives_rewards():
    g, p = sheet()
    give(p, "green", "blue")
    refused(g, Repair("D6", ("blue",)), "needs 1 colour change(s); you have 0")
    apply(g, 0, Repair("D6", ("green",)))  # D6: green, rewards fuel
    assert "D6" in p.repaired and p.hand["green"] == 0 and p.spent["green"] == 1
    assert p.tracks["fuel"] == 1
    refused(g, Repair("D6", ("blue",)), "already repaired")


def test_walls_block_adjacency():
    g, p = sheet()  # Aaraka Glider: a wall between D6 and D7
    give(p, "green", *g.players[0].geo.cost["D7"])
    apply(g, 0, Repair("D6", ("green",)))
    assert "D7" in p.geo.ship.grid_neighbours("D6") and "D7" not in p.geo.links["D6"]
    refused(g, Repair("D7", p.geo.cost["D7"]), "not adjacent")


def test_ladder_pair_is_free_and_adjacent_to_its_partner():
    g, p = sheet("terran-starhopper")  # ladder A: D6 <-> D2; ladder B: F6 <-> H8
    give(p, "green")
    refused(g, Repair("D2"), "not adjacent")
    apply(g, 0, Repair("E6", ("green",)))  # E6: green, fuel
    refused(g, Repair("D6", ("green",)), "D6 costs 0 cube(s) (nothing); 1 paid")
    apply(g, 0, Repair("D6"))  # ladder A, next to E6: zero cost
    refused(g, Repair("H8"), "not adjacent")  # a ladder B space: another letter
    apply(g, 0, Repair("D2"))  # its partner counts as adjacent, also free
    assert p.repaired == {"E5", "E6", "D6", "D2"}
    # one green cube spent in all (E6); ladders carry no rewards: fuel 1 from E6 only
    assert p.hand == cubes() and p.spent == cubes(green=1) and p.tracks["fuel"] == 1


def test_loot_costs_one_cube_of_any_colour_and_pulls_another():
    g, p = fresh("rhox-hauler", yellow=1)  # Reactor D6, loot lockers C6 and E6
    give(p, "red", "blue")
    refused(g, Repair("C6", ("red", "blue")), "costs 1 cube(s) (any)")
    apply(g, 0, Repair("C6", ("red",)))  # any colour pays, no colour change needed
    # hand: red, blue - red + the pulled yellow (the bag's only cube)
    assert p.hand == cubes(blue=1, yellow=1) and p.spent == cubes(red=1)
    assert g.bag == cubes() and p.changes == 0
    # a wild cube (green 2nd Tech) pays a loot space too; its pull finds the bag
    # empty, so a Cube Sweep returns the spent red and the pull takes it
    p.unlocked = {"g2": 1}
    apply(g, 0, UseAbility("g2"))
    apply(g, 0, Repair("E6", (), wild=1))
    assert p.hand == cubes(blue=1, yellow=1, red=1) and p.spent == cubes()
    assert g.bag == cubes() and g.sweeps == 1


def test_airlock_jump_costs_one_energy():
    g, p = sheet("mero-kraken")  # airlocks E1 E8 A9 I9 C11 G11; E7|E8 walled
    refused(g, Repair("E1"), "E1 is not adjacent")  # no repaired airlock yet
    p.repaired.add("D8")
    apply(g, 0, Repair("E8"))  # next to D8: zero cost, no jump, no energy
    assert "E8" in p.repaired and p.energy == 0 and p.hand == cubes()
    refused(g, Repair("E1"), "an airlock jump to E1 costs 1 energy; you have 0")
    refused(g, Repair("D2", ("yellow", "blue")), "D2 is not adjacent")  # not an airlock
    p.energy = 3
    apply(g, 0, Repair("E1"))  # jump from E8: 3 - 1 = 2 energy
    assert "E1" in p.repaired and p.energy == 2 and p.hand == cubes()
    apply(g, 0, Repair("A9"))  # from either repaired airlock: 2 - 1 = 1
    apply(g, 0, Repair("I9"))  # 1 - 1 = 0
    assert {"A9", "I9"} <= p.repaired and p.energy == 0
    refused(g, Repair("C11"), "an airlock jump to C11 costs 1 energy; you have 0")


# -- energy, bag, storage --------------------------------------------------------------


def test_energy_exchange_draw_and_colour_change():
    g, p = sheet()
    refused(g, Exchange("draw"), "costs 2 energy; you have 0")
    p.energy = 4
    apply(g, 0, Exchange("draw"))
    assert p.energy == 2 and p.cubes() == 1
    apply(g, 0, Exchange("change"))
    (colour,) = [c for c in COLOURS if p.hand[c]]
    other = "green" if colour != "green" else "blue"
    p.hand = dict.fromkeys(COLOURS, 0)
    give(p, other if other != "green" else "blue")
    cube = next(c for c in COLOURS if p.hand[c])
    apply(g, 0, Repair("D6", (cube,)) if cube != "green" else Repair("D4", (cube,)))
    assert p.changes == 0 and p.energy == 0


def test_energy_is_capped_at_12():
    g, p = sheet()
    p.energy = 11
    p.unlocked["y1"] = 1  # Gain 2 Energy
    apply(g, 0, UseAbility("y1"))
    assert p.energy == 12
    apply(g, 0, Pass())
    apply(g, 0, Store())
    assert g.round == 2 and p.energy == 12  # income of 3 is lost above the cap


def test_cube_sweep_returns_every_spent_cube():
    g, p = sheet()
    g.bag = dict.fromkeys(COLOURS, 0)
    p.energy = 4
    refused(g, Exchange("draw"), "the bag is empty and a Cube Sweep would return no cubes")
    p.spent["red"] = 2
    apply(g, 0, Exchange("draw"))
    assert g.sweeps == 1 and p.hand["red"] == 1 and g.bag["red"] == 1 and p.spent["red"] == 0


def test_cube_storage_in_cleanup():
    g, p = fresh()
    set_bag(g)  # empty: round 2's income can only draw what goes back
    give(p, "red", "red", "blue", "green")
    p.spent["yellow"] = 1
    refused(g, Store(("red",)), "cubes are stored in the Cleanup Phase")
    apply(g, 0, Pass())
    assert g.phase == "cleanup"
    refused(g, Store(("red", "red", "blue")), "at most 2 cubes")
    refused(g, Store(("yellow",)), "1 yellow cube(s) needed, 0 in hand")
    apply(g, 0, Store(("red", "red")))
    # back to the bag: the unstored blue and green, and the spent yellow (3 cubes);
    # round 2's income of 3 cubes draws exactly those three
    assert g.round == 2 and p.stored == ("red", "red")
    assert p.hand == cubes(red=2, blue=1, green=1, yellow=1) and p.spent == cubes()
    assert g.bag == cubes()


# -- tracks, Tech, sections ------------------------------------------------------------


def test_track_boxes_give_their_symbols_and_padlocks_unlock():
    g, p = sheet()
    p.unlocked["y3"] = 1  # Gain 2 marks on your Power track
    apply(g, 0, UseAbility("y3"))
    assert p.tracks["power"] == 2 and p.energy == 1  # box 2 holds an energy symbol
    p.tracks["power"] = 9
    p.unlocked["r2"] = 1
    apply(g, 0, UseAbility("r2", ("power",)))  # box 10: padlock -> Power Surge
    assert p.unlocked["power-surge"] == 1
    refused(g, UseAbility("r2", ("power",)), "ability r2 is used up")


def test_tech_point_bottommost_box_and_padlocks():
    g, p = sheet(skill="blue", other="red")
    p.pending_tech = 1
    refused(g, Repair("D6", ("green",)), "apply your pending Tech Point first")
    p.tech["red"] = len(load_tech().tech_tracks[2].boxes)
    refused(g, ApplyTech("red"), "the red Tech track is full")
    apply(g, 0, ApplyTech("yellow"))
    assert p.tech["yellow"] == 1 and p.unlocked["y1"] == 1


def test_green_colour_change_has_two_uses():
    g, p = sheet(skill="red", other="green")  # green cube: two green Tech boxes, g1 twice
    assert p.unlocked == {"g1": 2}
    give(p, "red", "red")
    apply(g, 0, UseAbility("g1"))
    apply(g, 0, UseAbility("g1"))
    refused(g, UseAbility("g1"), "used up")
    assert p.used["g1"] == 2 and p.changes == 2
    apply(g, 0, Repair("D6", ("red",)))  # green paid with a red cube
    apply(g, 0, Repair("C5", ("red",)))  # green again, the second change
    assert p.changes == 0 and p.hand == cubes() and p.spent == cubes(red=2)
    assert p.tracks["fuel"] == 1 and p.tracks["engines"] == 1  # D6 fuel, C5 engines


def test_green_wild_and_recover_or_pull():
    g, p = sheet()
    p.unlocked.update(g2=1, g4=1)
    apply(g, 0, UseAbility("g2"))
    apply(g, 0, Repair("D6", (), wild=1))  # the wild covers the green square
    refused(g, UseAbility("g4", ("blue", "pull")), "1 blue cube(s) needed, 0 spent")
    p.spent["blue"] = 1
    apply(g, 0, UseAbility("g4", ("blue", "pull")))
    assert p.hand["blue"] >= 1 and p.cubes() == 2 and p.spent["blue"] == 0


def test_red_skip_adds_up_and_free_repair_anywhere():
    g, p = sheet()
    p.unlocked.update(r1=2, r5=1)
    give(p, *p.geo.cost["D1"])
    refused(g, Repair("D1", p.geo.cost["D1"]), "not adjacent")
    apply(g, 0, UseAbility("r1"))
    assert p.skip == 3
    # D2|D3 is walled: from D5 the way to D1 runs round through C3 C2 or E3 E2
    refused(g, Repair("D1", p.geo.cost["D1"]), "not adjacent")
    apply(g, 0, UseAbility("r1"))  # FAQ: two uses skip up to 6
    apply(g, 0, Repair("D1", p.geo.cost["D1"]))
    assert "D1" in p.repaired and p.skip == 0
    apply(g, 0, ApplyTech("red"))  # D1 gives a Tech Point
    apply(g, 0, UseAbility("r5"))
    refused(g, Repair("G6", ("green",)), "Free Repair (anywhere) is pending")
    apply(g, 0, Repair("G6", free="anywhere"))
    assert "G6" in p.repaired


def test_double_rewards_and_yellow_free_repair():
    g, p = sheet()
    p.unlocked.update(r4=1, y5=1)
    apply(g, 0, UseAbility("r4"))
    apply(g, 0, UseAbility("y5"))  # 2 energy, then a Free Repair
    assert p.energy == 2
    apply(g, 0, Repair("D6", free="free"))
    assert p.tracks["fuel"] == 2 and not p.double


def test_section_bonus_first_per_colour():
    g, p = sheet()  # Aaraka Glider: green bridge C3 D3 E3 and green starboard wing
    p.repaired |= {"C4", "D4", "C3", "D3"}
    give(p, *p.geo.cost["E3"])
    apply(g, 0, Repair("E3", p.geo.cost["E3"]))
    assert p.bonus == ["green"] and p.bonus_open == ["green"]
    refused(g, UseBonus("blue", "bonus-fuel"), "no unused blue")
    apply(g, 0, UseBonus("green", "bonus-fuel"))
    assert p.tracks["fuel"] == 1 and p.bonus_abilities == {"green": "bonus-fuel"}
    p.repaired |= {"F5", "G4", "G5"}
    p.energy = 1
    apply(g, 0, UseSkill())  # yellow skill: free repair without rewards
    apply(g, 0, Repair("G6", free="bare"))
    assert p.bonus == ["green"]  # the second green section earns no second box
    assert p.tracks["fuel"] == 1  # and the bare repair gave no rewards


# -- Tech abilities, one hand-worked case each -------------------------------------------


@pytest.mark.parametrize(
    ("colour", "box", "ability"),
    [
        (c, box, f"{c[0]}{k}")
        for c in ("yellow", "green", "red")
        for k, box in enumerate((1, 3, 5, 7, 9), 1)
    ],
)
def test_tech_padlock_boxes_unlock_their_ability(colour, box, ability):
    g, p = fresh()
    p.tech[colour] = box - 1
    p.pending_tech = 1
    apply(g, 0, ApplyTech(colour))
    uses = 2 if ability in ("g1", "r1") else 1  # two Ability Boxes
    assert p.tech[colour] == box and p.unlocked == {ability: uses}
    p.pending_tech = 1
    if box < 9:
        apply(g, 0, ApplyTech(colour))  # the box above a padlock box holds none
        assert p.tech[colour] == box + 1 and p.unlocked == {ability: uses}
    else:
        refused(g, ApplyTech(colour), f"the {colour} Tech track is full")


def test_y1_gains_two_energy_once():
    g, p = fresh()
    p.energy = 5
    p.unlocked = {"y1": 1}
    apply(g, 0, UseAbility("y1"))
    assert p.energy == 7  # 5 + 2
    assert p.unlocked == {"y1": 0} and p.used == {"y1": 1}
    refused(g, UseAbility("y1"), "ability y1 is used up")
    assert p.energy == 7


def test_y2_energy_income_or_one_energy():
    g, p = fresh()
    p.energy = 5
    p.unlocked = {"y2": 1}
    refused(g, UseAbility("y2", ("cubes",)), "y2: choose 'income' or 'energy', not 'cubes'")
    apply(g, 0, UseAbility("y2", ("energy",)))
    assert p.energy == 6 and p.income_energy == 0  # 5 + 1; income untouched

    g, p = fresh()
    p.unlocked = {"y2": 1}
    apply(g, 0, UseAbility("y2", ("income",)))
    assert p.energy == 0 and p.income_energy == 1  # nothing now...
    next_round(g)
    assert g.round == 2 and p.energy == 4  # ...round 2's income: 3 + 1 box

    g, p = fresh()
    p.income_energy = 5  # every Energy Income box checked
    p.unlocked = {"y2": 1}
    apply(g, 0, UseAbility("y2", ("income",)))
    assert p.income_energy == 5 and p.energy == 1  # the other option instead


def test_y3_two_power_marks_with_their_box_symbols():
    g, p = fresh(blue=2)
    p.tracks["power"] = 3
    p.unlocked = {"y3": 1}
    apply(g, 0, UseAbility("y3"))
    # Power boxes 4 (bag: pull a cube) and 5 (VP only): 3 + 2 = 5 marks
    assert p.tracks["power"] == 5 and p.energy == 0
    assert p.hand == cubes(blue=1) and g.bag == cubes(blue=1)


def test_y4_two_energy_and_one_energy_income():
    g, p = fresh()
    p.energy, p.income_energy = 3, 2
    p.unlocked = {"y4": 1}
    apply(g, 0, UseAbility("y4"))
    assert p.energy == 5 and p.income_energy == 3  # 3 + 2; 2 + 1
    next_round(g)
    assert p.energy == 5 + 3 + 3  # round 2's income: start 3 + 3 boxes


def test_y5_two_energy_then_a_free_repair_next_to_a_repaired_space():
    g, p = fresh()
    give(p, "blue")
    p.unlocked = {"y5": 1}
    apply(g, 0, UseAbility("y5"))
    assert p.energy == 2 and p.free == ["free"]  # 0 + 2
    refused(g, Repair("D4", ("blue",)), "a Free Repair (free) is pending")
    refused(g, Repair("E4", free="free"), "E4 is not adjacent")  # not "anywhere"
    apply(g, 0, Repair("D4", free="free"))  # D4 costs a blue; rewards Life Support
    assert p.hand == cubes(blue=1) and p.spent == cubes()  # the blue is still in hand
    assert p.tracks["life_support"] == 1 and p.free == []


def test_g2_wild_cube_covers_one_square_of_any_colour():
    g, p = fresh()
    give(p, "red")
    p.repaired.add("E6")  # so F6 (red, green) can be reached
    p.unlocked = {"g2": 1}
    refused(g, Repair("F6", ("red",), wild=1), "1 wild cube(s) used, 0 available")
    apply(g, 0, UseAbility("g2"))
    assert p.wild == 1
    apply(g, 0, Repair("F6", ("red",), wild=1))  # red pays red, the wild pays green
    assert p.wild == 0 and p.hand == cubes() and p.spent == cubes(red=1)
    assert p.tracks["life_support"] == 1


def test_g3_cube_income_or_pull_a_cube():
    g, p = fresh(green=3)
    p.unlocked = {"g3": 1}
    refused(g, UseAbility("g3", ("energy",)), "g3: choose 'income' or 'pull', not 'energy'")
    apply(g, 0, UseAbility("g3", ("pull",)))
    assert p.hand == cubes(green=1) and g.bag == cubes(green=2) and p.income_cubes == 0

    g, p = fresh(green=6)
    p.unlocked = {"g3": 1}
    apply(g, 0, UseAbility("g3", ("income",)))
    assert p.income_cubes == 1 and p.cubes() == 0
    next_round(g)
    assert p.hand == cubes(green=4) and g.bag == cubes(green=2)  # 3 + 1 cubes from 6

    g, p = fresh(green=3)
    p.income_cubes = 4  # every Cube Income box checked
    p.unlocked = {"g3": 1}
    apply(g, 0, UseAbility("g3", ("income",)))
    assert p.income_cubes == 4 and p.hand == cubes(green=1)  # the other option instead


def test_g4_twice_recover_a_spent_cube_or_pull_one():
    g, p = fresh(red=2)
    p.spent["blue"] = 1
    p.unlocked = {"g4": 1}
    refused(g, UseAbility("g4", ("pull",)), "g4: 2 choice(s) needed, got 1")
    refused(g, UseAbility("g4", ("yellow", "pull")), "1 yellow cube(s) needed, 0 spent")
    apply(g, 0, UseAbility("g4", ("blue", "pull")))  # recover the blue, pull a red
    assert p.hand == cubes(blue=1, red=1) and p.spent == cubes() and g.bag == cubes(red=1)

    g, p = fresh(red=2)
    p.spent["yellow"] = 3
    p.unlocked = {"g4": 1}
    apply(g, 0, UseAbility("g4", ("yellow", "yellow")))  # both times recover
    assert p.hand == cubes(yellow=2) and p.spent == cubes(yellow=1) and g.bag == cubes(red=2)


def test_g5_free_repair():
    g, p = fresh()
    p.unlocked = {"g5": 1}
    apply(g, 0, UseAbility("g5"))
    assert p.free == ["free"] and p.energy == 0  # unlike y5, no energy
    refused(g, Repair("E4", free="free"), "E4 is not adjacent")
    apply(g, 0, Repair("D6", free="free"))  # D6 costs a green, none in hand
    assert "D6" in p.repaired and p.spent == cubes() and p.tracks["fuel"] == 1


def test_r1_skip_up_to_three_spaces_around_corners_not_through_walls():
    g, p = fresh()
    give(p, "green", "red", "green")
    p.unlocked = {"r1": 2}
    refused(g, Repair("F5", ("green",)), "F5 is not adjacent")
    apply(g, 0, UseAbility("r1"))
    assert p.skip == 3 and p.unlocked == {"r1": 1}
    apply(g, 0, Repair("F5", ("green",)))  # D5 -> over E5 (1 skip) -> lands on F5
    assert "F5" in p.repaired and "E5" not in p.repaired
    assert p.skip == 0 and p.tracks["engines"] == 1  # unused skips lapse with the repair
    # D7 (red, green) sits behind the D6|D7 wall: straight down is 1 skip, but the
    # way round the corner passes D6 E6 E7 (or D6 C6 C7): 3 skips, within reach
    refused(g, Repair("D7", ("red", "green")), "D7 is not adjacent")
    apply(g, 0, UseAbility("r1"))  # the second box
    apply(g, 0, Repair("D7", ("red", "green")))
    assert "D7" in p.repaired and p.pending_tech == 1 and p.tracks["cpu_core"] == 1
    apply(g, 0, ApplyTech("yellow"))  # D7's Tech Point
    refused(g, UseAbility("r1"), "ability r1 is used up")
    assert p.used == {"r1": 2}


def test_r2_one_mark_on_a_track_of_choice():
    g, p = fresh(yellow=2)
    p.tracks["engines"] = 1
    p.unlocked = {"r2": 1}
    refused(g, UseAbility("r2"), "r2: name 1 Ship Repair track(s)")
    refused(g, UseAbility("r2", ("warp",)), "r2: no Ship Repair track 'warp'")
    apply(g, 0, UseAbility("r2", ("engines",)))  # Engines box 2 holds a bag: pull one
    assert p.tracks == {"power": 0, "life_support": 0, "cpu_core": 0, "engines": 2, "fuel": 0}
    assert p.hand == cubes(yellow=1) and g.bag == cubes(yellow=1)


def test_r3_pulls_two_cubes():
    g, p = fresh(red=2, blue=0)
    p.unlocked = {"r3": 1}
    apply(g, 0, UseAbility("r3"))
    assert p.hand == cubes(red=2) and g.bag == cubes() and g.sweeps == 0


def test_r4_doubles_the_rewards_of_the_next_repair_only():
    g, p = fresh(red=1)
    give(p, "blue", "green")
    p.unlocked = {"r4": 1}
    apply(g, 0, UseAbility("r4"))
    apply(g, 0, Repair("D4", ("blue",)))  # Life Support x2: boxes 1 and 2 (bag)
    assert p.tracks["life_support"] == 2 and not p.double
    assert p.hand == cubes(green=1, red=1) and g.bag == cubes()  # the bag's red
    apply(g, 0, Repair("C5", ("green",)))  # Engines once, as printed
    assert p.tracks["engines"] == 1


def test_r5_free_repair_anywhere_then_build_from_there():
    g, p = fresh(blue=1)
    give(p, "red", "green")
    p.unlocked = {"r5": 1}
    refused(g, Repair("G6", free="anywhere"), "no pending anywhere Free Repair")
    apply(g, 0, UseAbility("r5"))
    refused(g, Repair("G6", ("green",)), "a Free Repair (anywhere) is pending")
    apply(g, 0, Repair("G6", free="anywhere"))  # G6: far from D5; fuel, life support
    assert p.hand == cubes(red=1, green=1) and p.tracks["fuel"] == 1
    assert p.tracks["life_support"] == 1 and p.free == []
    apply(g, 0, Repair("F6", ("red", "green")))  # next to G6, not to D5
    # Life Support box 2 holds a bag: the bag's blue
    assert p.tracks["life_support"] == 2 and p.hand == cubes(blue=1) and g.bag == cubes()
    assert p.bonus == []  # the starboard wing (G4 F5 G5 G6) is not complete


def test_double_rewards_and_free_repair_combine():
    # FAQ: abilities combine. y5 (2 energy, Free Repair) with r4 (double rewards)
    g, p = fresh()
    p.unlocked = {"r4": 1, "y5": 1}
    apply(g, 0, UseAbility("r4"))
    apply(g, 0, UseAbility("y5"))
    apply(g, 0, Repair("D6", free="free"))  # fuel x2: box 2 holds an energy symbol
    assert p.tracks["fuel"] == 2 and p.energy == 2 + 1 and not p.double


# -- Ship Repair track padlock abilities ---------------------------------------------------


def test_power_surge_unlocks_at_power_box_10_and_gains_three_energy():
    g, p = fresh()
    give(p, "yellow")
    p.energy = 4
    refused(g, UseAbility("power-surge"), "ability power-surge is not unlocked")
    p.tracks["power"] = 9
    p.repaired.add("D4")
    apply(g, 0, Repair("C4", ("yellow",)))  # C4: Power -> box 10, a padlock
    assert p.tracks["power"] == 10 and p.unlocked == {"power-surge": 1}
    apply(g, 0, UseAbility("power-surge"))
    assert p.energy == 7  # 4 + 3
    refused(g, UseAbility("power-surge"), "ability power-surge is used up")


def test_spare_parts_unlocks_at_life_support_box_10_and_pulls_two_cubes():
    g, p = fresh(yellow=2)
    give(p, "blue")
    p.tracks["life_support"] = 9
    apply(g, 0, Repair("D4", ("blue",)))  # D4: Life Support -> box 10, a padlock
    assert p.unlocked == {"spare-parts": 1} and p.hand == cubes()
    apply(g, 0, UseAbility("spare-parts"))
    assert p.hand == cubes(yellow=2) and g.bag == cubes()


def test_recalibrate_unlocks_at_cpu_core_box_10_and_gains_a_tech_point():
    g, p = fresh()
    p.tracks["cpu_core"] = 9
    p.unlocked = {"r2": 1}
    apply(g, 0, UseAbility("r2", ("cpu_core",)))  # box 10, a padlock
    assert p.unlocked == {"r2": 0, "recalibrate": 1}
    apply(g, 0, UseAbility("recalibrate"))
    assert p.pending_tech == 1
    refused(g, Pass(), "apply your pending Tech Point first")
    apply(g, 0, ApplyTech("green"))  # green box 1: g1, two uses
    assert p.tech["green"] == 1 and p.unlocked["g1"] == 2 and p.pending_tech == 0


def test_afterburner_unlocks_at_engines_box_10_and_skips_one_space():
    g, p = fresh()
    give(p, "green", "blue")
    p.tracks["engines"] = 9
    apply(g, 0, Repair("C5", ("green",)))  # C5: Engines -> box 10, a padlock
    assert p.unlocked == {"afterburner": 1}
    apply(g, 0, UseAbility("afterburner"))
    assert p.skip == 1
    # D7 past the D6|D7 wall would be 1 skip in a straight line; round the
    # corner it is 2 (C6 C7 from C5): out of reach
    refused(g, Repair("D7", ("red", "green")), "D7 is not adjacent")
    apply(g, 0, Repair("E6", ("blue",)))  # over D6 (or E5): 1 skip
    assert "E6" in p.repaired and not {"D6", "E5"} & p.repaired
    assert p.tracks["engines"] == 11 and p.skip == 0  # E6: Engines, box 11 (VP)


def test_refuel_unlocks_at_fuel_box_10_and_gives_a_free_repair():
    g, p = fresh()
    give(p, "green")
    p.tracks["fuel"] = 9
    apply(g, 0, Repair("D6", ("green",)))  # D6: Fuel -> box 10, a padlock
    assert p.unlocked == {"refuel": 1}
    apply(g, 0, UseAbility("refuel"))
    apply(g, 0, Repair("C6", free="free"))  # C6 costs a red; next to D6
    assert "C6" in p.repaired and p.spent == cubes(green=1) and p.tracks["life_support"] == 1


# -- Repaired Sections Bonus abilities -------------------------------------------------------


def bonus_sheet():
    """Aaraka Glider with the green bridge (C3 D3 E3) just completed by repairing E3."""
    g, p = fresh()
    p.repaired |= {"D4", "C4", "C3", "D3"}
    give(p, "green")
    apply(g, 0, Repair("E3", ("green",)))  # E3: green, rewards Power
    assert p.bonus == ["green"] and p.bonus_open == ["green"]
    return g, p


def test_bonus_tech_gains_a_tech_point():
    g, p = bonus_sheet()
    apply(g, 0, UseBonus("green", "bonus-tech"))
    assert p.pending_tech == 1 and p.bonus_open == []
    apply(g, 0, ApplyTech("red"))
    assert p.tech["red"] == 1 and p.unlocked == {"r1": 2}
    assert p.bonus_abilities == {"green": "bonus-tech"}
    refused(g, UseBonus("green", "bonus-fuel"), "no unused green Repaired Sections Bonus box")


def test_bonus_colour_gains_a_colour_change():
    g, p = bonus_sheet()
    give(p, "yellow")
    refused(g, UseBonus("green", "r3"), "'r3' is not a bonus ability")
    apply(g, 0, UseBonus("green", "bonus-colour"))
    assert p.changes == 1
    apply(g, 0, Repair("D6", ("yellow",)))  # a green square paid with yellow
    assert p.changes == 0 and p.spent == cubes(green=1, yellow=1) and p.tracks["fuel"] == 1


def test_bonus_skip_skips_one_space():
    g, p = bonus_sheet()
    give(p, "green", "green", "red")
    apply(g, 0, UseBonus("green", "bonus-skip"))
    assert p.skip == 1
    refused(g, Repair("G5", ("green", "red")), "G5 is not adjacent")  # 2 skips (E5 F5)
    apply(g, 0, Repair("F5", ("green",)))  # over E5: 1 skip
    assert "F5" in p.repaired and "E5" not in p.repaired and p.skip == 0


def test_bonus_fuel_marks_the_fuel_track():
    g, p = bonus_sheet()
    p.tracks["fuel"] = 1
    apply(g, 0, UseBonus("green", "bonus-fuel"))  # Fuel box 2: an energy symbol
    assert p.tracks["fuel"] == 2 and p.energy == 1


def test_each_completed_colour_gives_one_bonus_box():
    g, p = bonus_sheet()
    p.bonus.append("blue")  # as if the port wing were done too
    p.bonus_open.append("blue")
    apply(g, 0, UseBonus("green", "bonus-tech"))
    apply(g, 0, ApplyTech("yellow"))
    apply(g, 0, UseBonus("blue", "bonus-tech"))  # the same ability, another box
    apply(g, 0, ApplyTech("yellow"))
    assert p.tech["yellow"] == 2 and p.bonus_open == []
    assert p.bonus_abilities == {"green": "bonus-tech", "blue": "bonus-tech"}


# -- Captain Skills --------------------------------------------------------------------


def test_blue_skill_spends_a_cube_for_a_tech_point_once_a_round():
    g, p = sheet(skill="blue", other="red")
    give(p, "red", "green")
    apply(g, 0, UseSkill("red"))
    assert p.spent["red"] == 1 and p.pending_tech == 1
    apply(g, 0, ApplyTech("red"))
    refused(g, UseSkill("green"), "used already in round 1")
    assert p.skill_rounds == [1]


def test_red_skill_marks_a_fewest_track():
    g, p = sheet(skill="red", other="blue")
    p.energy = 2
    p.tracks.update(power=1, life_support=1, cpu_core=1, engines=1)
    refused(g, UseSkill("power"), "not among the fewest-marked tracks (fuel)")
    apply(g, 0, UseSkill("fuel"))
    assert p.tracks["fuel"] == 1 and p.energy == 0


def test_green_skill_recovers_a_spent_cube():
    g, p = sheet(skill="green", other="blue")
    p.energy = 2
    refused(g, UseSkill("yellow"), "no spent cube to recover")
    p.spent["yellow"] = 1
    apply(g, 0, UseSkill("yellow"))
    assert p.hand["yellow"] == 1 and p.spent["yellow"] == 0 and p.energy == 0


def test_yellow_skill_free_repair_without_rewards():
    g, p = sheet(skill="yellow", other="blue")
    refused(g, UseSkill(), "costs 1 energy; you have 0")
    p.energy = 1
    apply(g, 0, UseSkill())
    give(p, "green")
    refused(g, Repair("D6", ("green",)), "Free Repair (bare) is pending")
    apply(g, 0, Repair("D6", free="bare"))
    assert "D6" in p.repaired and p.tracks["fuel"] == 0 and p.hand["green"] == 1


def test_captain_skill_once_a_round_and_again_next_round():
    g, p = fresh(skill="red")
    p.energy = 6
    apply(g, 0, UseSkill("power"))  # every track at 0: any is among the fewest
    assert p.energy == 4 and p.tracks["power"] == 1  # 6 - 2
    refused(g, UseSkill("fuel"), "the Captain Skill is used already in round 1")
    next_round(g)
    assert g.round == 2 and p.energy == 7  # 4 + 3 income
    apply(g, 0, UseSkill("fuel"))
    assert p.skill_rounds == [1, 2] and p.energy == 5 and p.tracks["fuel"] == 1


def test_blue_skill_needs_a_cube():
    g, p = fresh(skill="blue")
    refused(g, UseSkill("red"), "the blue Captain Skill costs 1 cube(s); you have 0")
    give(p, "green")
    refused(g, UseSkill("red"), "no red cube in hand to spend")
    apply(g, 0, UseSkill("green"))
    assert p.hand == cubes() and p.spent == cubes(green=1) and p.pending_tech == 1


# -- Cube Sweep ---------------------------------------------------------------------------


def table(*ships, skills=("green", "yellow")):
    """A game of len(ships) players in round 1's Repair Phase, hands and energy empty."""
    g = new_game(list(ships), 0)
    for p, skill in zip(g.players, skills, strict=True):
        p.setup_cubes = (skill, "blue")
        apply(g, p.seat, ChooseSkill(skill))
    for p in g.players:
        p.pending_tech, p.energy, p.unlocked = 0, 0, {}
        p.hand = cubes()
    return g


def test_cube_sweep_when_the_bag_empties_mid_round():
    g = table("aaraka-glider", "rhox-hauler")
    p0, p1 = g.players
    set_bag(g, red=1)
    p0.spent["blue"], p1.spent["blue"] = 1, 2
    p0.unlocked = {"r3": 1}
    apply(g, 0, UseAbility("r3"))
    # pull 1 takes the last cube (red); pull 2 finds the bag empty: a Cube Sweep
    # returns every player's spent cubes (1 + 2 blue) and the pull takes a blue
    assert p0.hand == cubes(red=1, blue=1) and g.bag == cubes(blue=2)
    assert p0.spent == cubes() and p1.spent == cubes() and g.sweeps == 1
    assert (g.round, g.phase) == (1, "repair")  # mid-round, not the Cleanup
    # green Captain Skill: nothing left in Spent Cubes to recover after the sweep
    p0.energy = 2
    refused(g, UseSkill("blue"), "no spent cube to recover")


def test_cube_sweep_with_nothing_spent_loses_the_draw():
    g, p = fresh(red=1)
    p.unlocked = {"r3": 1}
    apply(g, 0, UseAbility("r3"))  # 1 red, then an empty bag and nothing to sweep
    assert p.hand == cubes(red=1) and g.bag == cubes() and g.sweeps == 1


# -- energy cap and refusals --------------------------------------------------------------


def test_energy_cap_of_12_applies_to_every_gain():
    g, p = fresh()
    p.energy = 10
    p.tracks["cpu_core"] = 1
    p.unlocked = {"power-surge": 1, "r2": 1}
    apply(g, 0, UseAbility("power-surge"))
    assert p.energy == 12  # 10 + 3 = 13, capped
    apply(g, 0, UseAbility("r2", ("cpu_core",)))  # CPU Core box 2: an energy symbol
    assert p.tracks["cpu_core"] == 2 and p.energy == 12
    apply(g, 0, Exchange("change"))
    assert p.energy == 10 and p.changes == 1


def test_paying_wrong_colours_is_refused_until_a_colour_change():
    g, p = fresh()
    give(p, "green", "blue")
    p.energy = 2
    p.repaired.add("E6")  # F6 costs red and green
    refused(g, Repair("F6", ("green",)), "F6 costs 2 cube(s) (red, green); 1 paid + 0 wild")
    refused(g, Repair("F6", ("green", "blue")), "needs 1 colour change(s); you have 0")
    apply(g, 0, Exchange("change"))  # 2 energy
    apply(g, 0, Repair("F6", ("green", "blue")))  # the blue counts as red
    assert p.energy == 0 and p.changes == 0 and p.spent == cubes(green=1, blue=1)


def test_more_refusals_name_the_reason():
    g, p = sheet()
    refused(g, Repair("Z9"), "'Z9' is not a space of the Aaraka Glider")
    refused(g, Repair("D6", ("green",)), "1 green cube(s) needed, 0 in hand")
    refused(g, UseAbility("r3"), "ability r3 is not unlocked")
    refused(g, UseAbility("bonus-tech"), "use UseBonus")
    refused(g, ChooseSkill("red"), "chosen at setup only")
    refused(g, Pass(), "no seat 3", seat=3)
    apply(g, 0, Pass())
    refused(g, Exchange("draw"), "only Store in the Cleanup Phase")


# -- whole games -----------------------------------------------------------------------


def test_every_listed_action_is_legal_and_random_games_finish():
    state = play_state(["xyxzx-hive", "mero-kraken", "rhox-hauler"], RandomBot, 11)
    assert state.phase == "over" and state.round == 7
    g, p = sheet()
    give(p, "green", "blue", "yellow")
    p.energy = 5
    for action in legal_actions(g, 0):
        assert refusal(g, 0, action) is None, action


def test_seeded_game_is_deterministic_and_scores_cleanly():
    ships = ["aaraka-glider", "terran-starhopper", "rhox-hauler", "mero-kraken"]
    a = play_state(ships, GreedyBot, 42)
    b = play_state(ships, GreedyBot, 42)
    tracker, tech = load_tracker(), load_tech()
    for seat, ship in enumerate(ships):
        sa, sb = final_state(a, seat), final_state(b, seat)
        assert sa == sb
        assert errors(check(sa, load_ship(ship), tracker, tech)) == []
        assert sa.phases_checked == 21
        assert score(sa, load_ship(ship), tracker, tech).total > 0
    assert [x.total for x in play(ships, GreedyBot, 42)] == [
        x.total for x in play(ships, GreedyBot, 42)
    ]


def test_balance_measurements():
    totals = solo_scores("aaraka-glider", GreedyBot, 5, seed=3)
    assert len(totals) == 5 and totals == solo_scores("aaraka-glider", GreedyBot, 5, seed=3)
    assert sum(solo_bands(totals).values()) == pytest.approx(1.0)
    res = table_results(["aaraka-glider"] * 4, GreedyBot, 3, seed=1)
    assert sum(res.wins) == pytest.approx(3) and len(res.totals[0]) == 3
    with pytest.raises(ValueError, match="1 to 5 players, not 6"):
        new_game(["aaraka-glider"] * 6, 0)


def test_effects_file_is_checked_against_the_tracker_and_tech():
    from scoring.stellar_drift.engine.data import effects_problems, load_effects

    effects, tracker, tech = load_effects(), load_tracker(), load_tech()
    assert effects_problems(effects, tracker, tech) == []
    dropped = next(iter(effects.abilities))
    skill = next(iter(effects.captain_skills))
    abilities = {k: v for k, v in effects.abilities.items() if k != dropped}
    abilities["warp-drive"] = effects.abilities[dropped].model_copy(
        update={"marks": {"nowhere": 1}}
    )
    broken = effects.model_copy(
        update={
            "abilities": abilities,
            "captain_skills": {k: v for k, v in effects.captain_skills.items() if k != skill},
        }
    )
    found = effects_problems(broken, tracker, tech)
    assert f"abilities: no effect for {dropped}" in found
    assert "abilities.warp-drive: no such ability" in found
    assert any(p.startswith("captain_skills: expected one per colour") for p in found)
    assert "warp-drive.marks: no track 'nowhere'" in found
