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
    g, p = sheet("terran-starhopper")  # ladder A: D6 <-> D2
    give(p, "green")
    refused(g, Repair("D2"), "not adjacent")
    apply(g, 0, Repair("E6", ("green",)))
    apply(g, 0, Repair("D6"))  # ladder: zero cost
    apply(g, 0, Repair("D2"))  # its partner counts as adjacent, also free
    assert {"D6", "D2"} <= p.repaired and p.spent["green"] == 1


def test_loot_costs_one_cube_of_any_colour_and_pulls_another():
    g, p = sheet("rhox-hauler")
    give(p, "red", "blue")
    before = g.bag_size()
    refused(g, Repair("C6", ("red", "blue")), "costs 1 cube(s) (any)")
    apply(g, 0, Repair("C6", ("red",)))
    assert p.spent["red"] == 1 and p.cubes() == 2 and g.bag_size() == before - 1


def test_airlock_jump_costs_one_energy():
    g, p = sheet("mero-kraken")
    refused(g, Repair("E1"), "not adjacent")  # no repaired airlock yet
    p.repaired.add("E8")  # a repaired airlock
    refused(g, Repair("E1"), "not adjacent")  # jumping costs 1 energy; none left
    p.energy = 3
    apply(g, 0, Repair("E1"))
    assert "E1" in p.repaired and p.energy == 2 and p.cubes() == 0


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
    g, p = sheet()
    give(p, "red", "red", "blue", "green")
    refused(g, Store(("red",)), "cubes are stored in the Cleanup Phase")
    apply(g, 0, Pass())
    assert g.phase == "cleanup"
    refused(g, Store(("red", "red", "blue")), "at most 2 cubes")
    refused(g, Store(("yellow",)), "1 yellow cube(s) needed, 0 in hand")
    bag = g.bag_size()
    apply(g, 0, Store(("red", "red")))
    # round 2: the stored pair plus 3 income cubes; blue and green went back first
    assert g.round == 2 and p.cubes() == 5 and p.hand["red"] >= 2
    assert g.bag_size() == bag + 2 - 3


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
    apply(g, 0, Repair("C5", ("red",)))
    assert p.changes == 0


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
