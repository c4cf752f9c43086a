"""Stellar Drift scoring: rulebook numbers, a hand-worked game, properties, every check."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.stellar_drift import state as state_module
from scoring.stellar_drift.check import check
from scoring.stellar_drift.layouts import load_ship, load_tech, load_tracker, ship_names
from scoring.stellar_drift.marks import marks_from_state, state_from_marks
from scoring.stellar_drift.problem import InvalidState
from scoring.stellar_drift.score import rank, score, solo_rating, tie_breaker, winners
from scoring.stellar_drift.state import StellarDriftState, load_state, parse_state, state_schema

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "stellar-drift"
RULEBOOK = Path("/work/shared/rules/stellar-drift.txt")
GLIDER = load_ship("aaraka-glider")
TRACKER = load_tracker()
TECH = load_tech()
LAYOUTS = (GLIDER, TRACKER, TECH)


def glider(**kw) -> StellarDriftState:
    return StellarDriftState(ship="aaraka-glider", **kw)


def problems_of(s: StellarDriftState, severity: str = "error") -> list[str]:
    return [str(p) for p in check(s, *LAYOUTS) if p.severity == severity]


# Spaces of each Aaraka Glider section, copied from the printed sheet (not from code).
NOSE = ["D1", "C2", "D2", "E2"]  # yellow, 6 VP
BRIDGE = ["C3", "D3", "E3"]  # green, 5 VP
PORT_WING = ["A4", "A5", "B5", "A6"]  # blue, 6 VP
STARBOARD_WING = ["G4", "F5", "G5", "G6"]  # green, 6 VP
PORT_ENGINE = ["B8", "C8", "B9"]  # red, 5 VP
STARBOARD_ENGINE = ["E8", "F8", "F9"]  # red, 5 VP


# --- numbers the rulebook prints -------------------------------------------------------


@pytest.mark.parametrize(
    "total, label",
    [
        (0, "Space bacon"),
        (29, "Space bacon"),
        (30, "Still alive, somehow"),
        (39, "Still alive, somehow"),
        (40, "At least it still flies"),
        (49, "At least it still flies"),
        (50, "Only lost a few parts"),
        (59, "Only lost a few parts"),
        (60, "Made it in one piece"),
        (69, "Made it in one piece"),
        (70, "Good as new... almost"),
        (171, "Good as new... almost"),
    ],
)
def test_solo_chart_bands(total, label):
    assert solo_rating(total, TRACKER).label == label
    assert f": {label}" in RULEBOOK.read_text()  # printed as "0 - 29: Space bacon"


def test_solo_chart_has_no_band_below_zero():
    with pytest.raises(ValueError, match="-1"):
        solo_rating(-1, TRACKER)


@pytest.mark.parametrize(
    "energy, cubes, value", [(0, 0, 0), (1, 0, 1), (0, 1, 2), (3, 1, 5), (12, 12, 36)]
)
def test_tie_breaker_energy_counts_1_and_cube_2(energy, cubes, value):
    s = glider(leftover={"energy": energy, "cubes": cubes})
    assert tie_breaker(s, TRACKER)[0] == value
    assert score(s, *LAYOUTS).tie_breaker == value


def test_each_repaired_sections_bonus_box_is_worth_3_vp():
    one = glider(repaired=BRIDGE + ["C4", "D4", "E4"], section_bonus=["green"])
    assert score(one, *LAYOUTS).line("section_bonus").vp == 3
    two = glider(repaired=BRIDGE + ["C4", "D4", "E4"] + NOSE, section_bonus=["green", "yellow"])
    assert score(two, *LAYOUTS).line("section_bonus").vp == 6


def test_energy_can_never_pass_12():
    assert problems_of(glider(leftover={"energy": 12})) == []
    assert problems_of(glider(leftover={"energy": 13})) == [
        "leftover.energy: 13 energy, but you can never have more than 12"
    ]


def test_skill_rounds_1_to_7():
    assert problems_of(glider(captain_skill="red", skill_rounds=[1, 7])) == []
    assert len(problems_of(glider(captain_skill="red", skill_rounds=[0, 8]))) == 2


# --- ranking ---------------------------------------------------------------------------


def _scored(player, total, tb):
    """A breakdown with a chosen total and tie-breaker, built from a real score."""
    import dataclasses

    b = score(glider(player=player), *LAYOUTS)
    return dataclasses.replace(b, total=total, tie_breaker=tb)


def test_rank_most_vp_wins():
    r = rank([_scored("A", 40, 9), _scored("B", 52, 0)])
    assert [(s.player, s.place) for s in r] == [("B", 1), ("A", 2)]
    assert winners(r) == ["B"]
    assert not any(s.by_tie_breaker for s in r)


def test_rank_tie_broken_by_leftover_resources():
    r = rank([_scored("A", 50, 3), _scored("B", 50, 5)])
    assert [(s.player, s.place, s.shared, s.by_tie_breaker) for s in r] == [
        ("B", 1, False, True),
        ("A", 2, False, True),
    ]


def test_rank_still_tied_players_share_the_win():
    r = rank([_scored("A", 60, 4), _scored("C", 55, 9), _scored("B", 60, 4)])
    assert [(s.player, s.place, s.shared) for s in r] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, False),
    ]
    assert winners(r) == ["A", "B"]


def test_rank_from_real_states():
    # same VP (Power 3 boxes = 2 VP each); Bo keeps 1 cube (2), Ana 1 energy (1)
    ana = score(glider(player="Ana", tracks={"power": 3}, leftover={"energy": 1}), *LAYOUTS)
    bo = score(glider(player="Bo", tracks={"fuel": 5}, leftover={"cubes": 1}), *LAYOUTS)
    assert ana.total == 2 and bo.total == 3
    cy = score(glider(player="Cy", tracks={"life_support": 3}, leftover={"cubes": 1}), *LAYOUTS)
    assert [s.player for s in rank([ana, bo, cy])] == ["Bo", "Cy", "Ana"]


# --- a hand-worked game ----------------------------------------------------------------


def test_hand_worked_full_game():
    s = glider(
        player="Ana",
        serial=3,
        repaired=NOSE
        + BRIDGE
        + PORT_WING
        + PORT_ENGINE
        + ["C4", "D4", "E4", "C5", "E5", "F5", "G5", "B6", "C6", "D6", "B7", "C7"],
        tracks={"power": 7, "life_support": 5, "cpu_core": 9, "engines": 4, "fuel": 6},
        tech={"yellow": 4, "green": 2, "red": 6},
        section_bonus=["green", "yellow", "blue", "red"],
        leftover={"energy": 3, "cubes": 1},
    )
    b = score(s, *LAYOUTS)
    # Sections: nose 5 + bridge 3 + port wing 5 + port engine 5 = 18
    #   (starboard wing lacks G4, G6; starboard engine untouched)
    assert b.line("sections").vp == 18
    assert {sec.id for sec in b.sections} == {"nose", "bridge", "port-wing", "port-engine"}
    assert dict((sec.id, set(sec.spaces)) for sec in b.sections)["port-wing"] == set(PORT_WING)
    # Bonus: 4 boxes x 3 = 12
    assert b.line("section_bonus").vp == 12
    # Tracks (VP boxes are 3, 5, 7, 9, 11 on every track):
    #   Power 7 boxes -> box 7 = 6;  Life Support 5 -> box 5 = 4;  CPU Core 9 -> box 9 = 10
    #   Engines 4 -> box 3 = 2;  Fuel 6 -> box 5 = 3;  tracks total 6+4+10+2+3 = 25
    expected_tracks = {"power": 6, "life_support": 4, "cpu_core": 10, "engines": 2, "fuel": 3}
    for tid, vp in expected_tracks.items():
        assert b.line(f"track-{tid}").vp == vp, tid
    assert b.line("track-power").marks == ("track-power-7",)
    # Tech (VP boxes 4, 6, 8, 9 from the bottom): yellow 4 -> 2; green 2 -> 0; red 6 -> 4
    assert [b.line(f"tech-{c}").vp for c in ("yellow", "green", "red")] == [2, 0, 4]
    # Total 18 + 12 + 25 + 6 = 61: "Made it in one piece"; tie-breaker 3x1 + 1x2 = 5
    assert b.total == 61
    assert b.solo_rating == "Made it in one piece"
    assert b.tie_breaker == 5
    assert b.warnings == ()
    assert "61" in b.explain() and "nose (yellow: D1 C2 D2 E2) 5" in b.explain()
    assert score(load_state(EXAMPLES / "aaraka-glider.json"), *LAYOUTS).total == 61


def test_tracks_score_the_largest_value_not_the_sum():
    full = glider(tracks={"power": 11, "fuel": 11}, tech={"red": 9})
    b = score(full, *LAYOUTS)
    # Power boxes 3/5/7/9/11 hold 2/4/6/9/12: the largest is 12, not 2+4+6+9+12 = 33
    assert b.line("track-power").vp == 12
    assert b.line("track-fuel").vp == 10
    assert b.line("tech-red").vp == 10
    assert b.total == 32


@pytest.mark.parametrize("n, vp", [(0, 0), (1, 0), (2, 0), (3, 2), (4, 2), (5, 4), (10, 9)])
def test_power_track_value_by_boxes_checked(n, vp):
    assert score(glider(tracks={"power": n}), *LAYOUTS).line("track-power").vp == vp


def test_second_section_of_a_colour_scores_its_vp_but_no_second_bonus():
    # bridge (green 3) and starboard wing (green 5) both complete; one green bonus box
    reach = ["C4", "D4", "E4", "E5", "F4", "F6", "G5"]
    s = glider(repaired=BRIDGE + STARBOARD_WING + reach, section_bonus=["green"])
    b = score(s, *LAYOUTS)
    assert b.line("sections").vp == 3 + 5
    assert b.line("section_bonus").vp == 3
    assert b.total == 3 + 5 + 3  # sections + one bonus box; no track reaches a VP box


def test_whole_sheet_is_checked_even_detached_sections():
    # a section repaired with no link to the Reactor Core still scores (with a warning)
    s = glider(repaired=STARBOARD_ENGINE, section_bonus=["red"])
    b = score(s, *LAYOUTS)
    assert b.line("sections").vp == 5 and b.total == 8
    assert any("E8, F8, F9" in str(w) for w in b.warnings)


# --- properties --------------------------------------------------------------------------

SPACES = sorted(s.at for s in GLIDER.spaces if s.at != GLIDER.reactor)


def complete_colours(repaired) -> list[str]:
    done = set(repaired) | {GLIDER.reactor}
    out = []
    for sec in GLIDER.sections:
        if all(sp.at in done for sp in GLIDER.spaces if sp.section == sec.id):
            out.append(sec.colour)
    return sorted(set(out))


def oracle_total(s: StellarDriftState) -> int:
    """The rulebook's arithmetic, written independently of score.py."""
    done = set(s.repaired) | {GLIDER.reactor}
    total = sum(
        sec.vp
        for sec in GLIDER.sections
        if all(sp.at in done for sp in GLIDER.spaces if sp.section == sec.id)
    )
    total += 3 * len(set(s.section_bonus))
    for t in TRACKER.ship_tracks:
        total += max([b.vp for b in t.boxes[: s.tracks.get(t.id, 0)] if b.vp] or [0])
    for t in TECH.tech_tracks:
        total += max([b.vp for b in t.boxes[: s.tech.get(t.colour, 0)] if b.vp] or [0])
    return total


@st.composite
def valid_states(draw):
    repaired = draw(st.lists(st.sampled_from(SPACES), unique=True))
    bonus = draw(st.lists(st.sampled_from(complete_colours(repaired) or ["red"]), unique=True))
    bonus = [c for c in bonus if c in complete_colours(repaired)]
    tracks = {
        t.id: draw(st.integers(0, len(t.boxes))) for t in TRACKER.ship_tracks if draw(st.booleans())
    }
    tech = {t.colour: draw(st.integers(0, len(t.boxes))) for t in TECH.tech_tracks}
    leftover = {"energy": draw(st.integers(0, 12)), "cubes": draw(st.integers(0, 12))}
    return glider(
        repaired=repaired, section_bonus=bonus, tracks=tracks, tech=tech, leftover=leftover
    )


@settings(max_examples=150, deadline=None)
@given(valid_states(), st.randoms())
def test_order_of_ids_does_not_change_the_score(s, rnd):
    repaired, bonus = list(s.repaired), list(s.section_bonus)
    rnd.shuffle(repaired)
    rnd.shuffle(bonus)
    other = s.model_copy(update={"repaired": tuple(repaired), "section_bonus": tuple(bonus)})
    a, b = score(s, *LAYOUTS), score(other, *LAYOUTS)
    assert (a.total, a.tie_breaker) == (b.total, b.tie_breaker)
    assert [x.vp for x in a.lines] == [x.vp for x in b.lines]
    assert {x.id for x in a.sections} == {x.id for x in b.sections}


@settings(max_examples=150, deadline=None)
@given(valid_states(), st.sampled_from(SPACES))
def test_adding_a_repaired_space_never_lowers_the_score(s, extra):
    more = s.model_copy(update={"repaired": tuple(dict.fromkeys([*s.repaired, extra]))})
    assert score(more, *LAYOUTS).total >= score(s, *LAYOUTS).total


@settings(max_examples=150, deadline=None)
@given(valid_states())
def test_total_matches_the_rulebook_arithmetic(s):
    b = score(s, *LAYOUTS)
    assert b.total == oracle_total(s) == sum(x.vp for x in b.lines)


@settings(max_examples=100, deadline=None)
@given(valid_states())
def test_marks_round_trip(s):
    back = state_from_marks(marks_from_state(s, *LAYOUTS), *LAYOUTS)
    assert set(back.repaired) == set(s.repaired)
    assert {k: v for k, v in back.tracks.items() if v} == {k: v for k, v in s.tracks.items() if v}
    assert {k: v for k, v in back.tech.items() if v} == {k: v for k, v in s.tech.items() if v}
    assert set(back.section_bonus) == set(s.section_bonus)
    assert back.leftover == s.leftover
    assert score(back, *LAYOUTS).total == score(s, *LAYOUTS).total


# --- checks: one test per problem --------------------------------------------------------


def test_valid_empty_state_has_no_problems():
    assert check(glider(), *LAYOUTS) == []
    assert score(glider(), *LAYOUTS).total == 0


def test_unknown_space_id():
    assert problems_of(glider(repaired=["D4", "Z9"])) == [
        "repaired: 'Z9' is not a space of the Aaraka Glider (spaces are named like D5)"
    ]
    assert [p.marks for p in check(glider(repaired=["A1"]), *LAYOUTS)] == [("space-A1",)]


def test_track_count_beyond_the_track():
    assert problems_of(glider(tracks={"power": 12})) == [
        "tracks.power: 12 boxes checked, but the track has 11"
    ]


def test_tech_count_beyond_the_track():
    assert problems_of(glider(tech={"red": 10})) == [
        "tech.red: 10 boxes checked, but the track has 9"
    ]


def test_bonus_without_a_completed_section():
    found = problems_of(glider(repaired=["D4", "D3"], section_bonus=["green"]))
    assert found == [
        "section_bonus: green bonus box checked, but no green section is completely repaired "
        "(bridge, starboard-wing not complete)"
    ]


def test_bonus_checked_twice_for_one_colour():
    s = glider(repaired=["C4", "D4", "E4"] + BRIDGE, section_bonus=["green", "green"])
    assert problems_of(s) == [
        "section_bonus: green is checked 2 times; there is one bonus box per colour"
    ]


def test_completed_section_without_bonus_is_a_warning_and_not_scored():
    s = glider(repaired=["C4", "D4", "E4"] + BRIDGE)
    assert problems_of(s) == []
    assert len(problems_of(s, "warning")) == 1 and "bridge" in problems_of(s, "warning")[0]
    assert score(s, *LAYOUTS).line("section_bonus").vp == 0


def test_leftover_beyond_the_maximum():
    assert problems_of(glider(leftover={"energy": 13, "cubes": 13})) == [
        "leftover.energy: 13 energy, but you can never have more than 12",
        "leftover.cubes: 13 cubes, but the sheet records at most 12",
    ]


def test_unreachable_space_is_a_warning_naming_it():
    # D7 sits behind the D6|D7 wall; D6 is repaired, D7's other neighbours are not
    s = glider(repaired=["D6", "D7"])
    assert problems_of(s) == []
    [w] = problems_of(s, "warning")
    assert w.startswith("repaired: D7 not connected to the Reactor Core D5")
    assert score(s, *LAYOUTS).total == 0


def test_wall_blocks_but_a_detour_connects():
    # D6|D7 is a wall, but C6-C7-D7 goes round it
    assert problems_of(glider(repaired=["D6", "D7", "C6", "C7"]), "warning") == []


def test_space_listed_twice_is_a_warning():
    assert problems_of(glider(repaired=["D4", "D4"]), "warning") == [
        "repaired: D4 is listed 2 times (warning)"
    ]


def test_state_for_another_ship():
    s = StellarDriftState(ship="mero-kraken")
    assert problems_of(s)[0].startswith("ship: the state is for 'mero-kraken'")


def test_bonus_ability_without_its_box_and_unknown_ability():
    s = glider(bonus_abilities={"red": "bonus-warp"})
    assert problems_of(s) == [
        "bonus_abilities.red: used 'bonus-warp', but the red bonus box is not checked",
        "bonus_abilities.red: unknown bonus ability 'bonus-warp' (one of bonus-colour, "
        "bonus-fuel, bonus-skip, bonus-tech)",
    ]


def test_skill_rounds_without_a_skill_and_twice():
    assert problems_of(glider(skill_rounds=[1])) == [
        "skill_rounds: rounds are checked but no Captain Skill is chosen"
    ]
    assert problems_of(glider(captain_skill="blue", skill_rounds=[2, 2])) == [
        "skill_rounds: round 2 is listed 2 times; the skill is used once per round"
    ]


def test_abilities_unknown_overused_and_locked():
    assert problems_of(glider(abilities_used={"warp": 1})) == [
        "abilities_used.warp: unknown ability 'warp'"
    ]
    assert problems_of(glider(tech={"red": 1}, abilities_used={"r1": 3})) == [
        "abilities_used.r1: used 3 times, but it has 2 boxes"
    ]
    assert problems_of(glider(tracks={"power": 9}, abilities_used={"power-surge": 1})) == [
        "abilities_used.power-surge: used, but never unlocked: its padlock is box 10 of "
        "tracks.power"
    ]
    assert problems_of(glider(tracks={"power": 10}, abilities_used={"power-surge": 1})) == []


def test_an_ability_used_but_never_unlocked_points_at_its_padlock_and_its_used_boxes():
    # either may be the wrong mark: the padlock box missed, or an Ability box checked in
    # error (seed 683 #142: a box scribbled out, read as a fill); a photo reader asks both
    (locked,) = check(glider(tech={"red": 0}, abilities_used={"r1": 2}), *LAYOUTS)
    assert locked.field == "abilities_used.r1"
    assert locked.marks == ("tech-red-1", "ability-r1-1", "ability-r1-2")


def test_a_bonus_box_without_its_section_points_at_the_repairs_nearest_complete():
    # the bonus box checked in error, or a repair missed: a photo reader asks the bonus
    # box and the spaces the colour's section nearest complete lacks
    def bonus_problem(**kw):
        (found,) = [p for p in check(glider(**kw), *LAYOUTS) if p.field == "section_bonus"]
        return found

    one_short = [s for s in PORT_WING if s != "A6"]
    assert bonus_problem(repaired=one_short, section_bonus=["blue"]).marks == (
        "bonus-blue",
        "space-A6",
    )
    # two green sections, each one short: both their gaps
    green = [s for s in BRIDGE + STARBOARD_WING if s not in ("E3", "G6")]
    marks = bonus_problem(repaired=green, section_bonus=["green"]).marks
    assert set(marks) == {"bonus-green", "space-E3", "space-G6"}
    # the nearer one's alone where the other lacks more
    green = [s for s in BRIDGE + STARBOARD_WING if s not in ("E3", "G5", "G6")]
    marks = bonus_problem(repaired=green, section_bonus=["green"]).marks
    assert marks == ("bonus-green", "space-E3")


def test_a_bonus_ability_used_without_its_bonus_box_points_at_both():
    # the bonus box missed, or the use checked in error (seed 683 #41: a use box
    # scribbled out, read as a fill)
    (unchecked,) = check(glider(bonus_abilities={"red": "bonus-fuel"}), *LAYOUTS)
    assert unchecked.field == "bonus_abilities.red"
    assert unchecked.marks == ("bonus-red", "bonus-red-use-bonus-fuel")


def test_income_and_round_tracker_beyond_the_sheet():
    assert problems_of(glider(income={"energy": 6, "cubes": 5}, phases_checked=22)) == [
        "income.energy: 6 boxes checked, but there are 5",
        "income.cubes: 5 boxes checked, but there are 4",
        "phases_checked: 22 phases checked, but the Round Tracker has 21 (7 rounds x 3 phases)",
    ]


def test_every_problem_at_once_and_scoring_refuses():
    s = glider(
        repaired=["Z9"],
        tracks={"power": 12},
        tech={"red": 10},
        section_bonus=["blue"],
        leftover={"energy": 13},
    )
    with pytest.raises(InvalidState) as info:
        score(s, *LAYOUTS)
    fields = [p.field for p in info.value.problems]
    assert fields == ["repaired", "tracks.power", "tech.red", "section_bonus", "leftover.energy"]
    assert "Z9" in str(info.value) and "leftover.energy" in str(info.value)


def test_json_type_problems_are_all_listed():
    with pytest.raises(InvalidState) as info:
        parse_state({"ship": "aaraka-glider", "repiared": [], "tracks": {"warp": 1, "power": -1}})
    fields = sorted(p.field for p in info.value.problems)
    assert fields == ["repiared", "tracks.power", "tracks.warp.[key]"]


def test_states_are_frozen():
    s = glider()
    with pytest.raises(Exception, match="frozen"):
        s.player = "Eve"


# --- marks from the photo reader -------------------------------------------------------


def test_state_from_marks():
    marks = {
        "space-D4",
        "space-C4",
        "track-power-1",
        "track-power-2",
        "track-power-3",
        "tech-yellow-1",
        "tech-yellow-2",
        "leftover-energy-2",
        "leftover-cubes-1",
        "skill-red",
        "skill-red-round-1",
        "skill-red-round-4",
        "ability-r1-1",
        "income-energy-1",
        "income-cube-1",
        "income-cube-2",
        "round-1-income",
        "round-1-repair",
    }
    s = state_from_marks(marks, *LAYOUTS, player="Ana", serial=2)
    assert s.repaired == ("C4", "D4")
    assert s.tracks == {"power": 3} and s.tech == {"yellow": 2}
    assert (s.leftover.energy, s.leftover.cubes) == (2, 1)
    assert s.captain_skill == "red" and s.skill_rounds == (1, 4)
    assert s.abilities_used == {"r1": 1}
    assert (s.income.energy, s.income.cubes, s.phases_checked) == (1, 2, 2)
    assert (s.player, s.serial) == ("Ana", 2)


def test_marks_with_a_gap_and_other_problems_listed_together():
    marks = {
        "track-fuel-1",
        "track-fuel-3",
        "space-Q1",
        "leftover-energy-1",
        "leftover-energy-4",
        "skill-red",
        "skill-blue",
        "gizmo-3",
    }
    with pytest.raises(InvalidState) as info:
        state_from_marks(marks, *LAYOUTS)
    found = {(p.field, p.marks) for p in info.value.problems}
    # the box missed, or the last box checked in error: both asked
    assert ("tracks.fuel", ("track-fuel-2", "track-fuel-3")) in found
    assert ("(marks)", ("gizmo-3",)) in found
    assert ("leftover.energy", ("leftover-energy-1", "leftover-energy-4")) in found
    assert ("captain_skill", ("skill-blue", "skill-red")) in found
    assert ("repaired", ("space-Q1",)) in found  # from check, in the same list


def test_a_gap_in_a_row_points_at_the_boxes_missed_and_the_last_box_checked():
    # either may be the wrong mark: boxes 4 and 5 missed, or box 6 checked in error (seed
    # 689 #122, an easy Tech page: Green box 6 scribbled out, read as a fill; the question
    # named only boxes 4 and 5, and true answers left a note with no pointer)
    marks = {"tech-green-1", "tech-green-2", "tech-green-3", "tech-green-6"}
    with pytest.raises(InvalidState) as info:
        state_from_marks(marks, *LAYOUTS)
    (gap,) = [p for p in info.value.problems if p.field == "tech.green"]
    assert gap.marks == ("tech-green-4", "tech-green-5", "tech-green-6")


def test_rounds_above_skills_checked_together_wait_for_the_choice():
    # two skills checked: the choice is asked; the rounds above either are no second
    # problem until it is answered, the rounds above a skill not checked are
    marks = {"skill-red", "skill-green", "skill-green-round-1", "skill-green-round-2"}
    with pytest.raises(InvalidState) as info:
        state_from_marks(marks, *LAYOUTS)
    assert [p.field for p in info.value.problems] == ["captain_skill"]
    with pytest.raises(InvalidState) as info:
        state_from_marks(marks | {"skill-blue-round-3"}, *LAYOUTS)
    found = {(p.field, p.marks) for p in info.value.problems}
    assert found == {
        ("captain_skill", ("skill-red", "skill-green")),
        ("skill_rounds", ("skill-blue-round-3",)),
    }
    # one skill checked: rounds above another are asked about, as before
    with pytest.raises(InvalidState) as info:
        state_from_marks({"skill-red", "skill-green-round-1"}, *LAYOUTS)
    assert [(p.field, p.marks) for p in info.value.problems] == [
        ("skill_rounds", ("skill-green-round-1",))
    ]


# --- examples and schema -----------------------------------------------------------------


@pytest.mark.parametrize("name", ship_names())
def test_every_ship_has_a_valid_example(name):
    path = EXAMPLES / f"{name}.json"
    assert path.exists(), f"write {path} (a filled end-of-game state for this ship)"
    s = load_state(path)
    assert s.ship == name
    layouts = (load_ship(name), TRACKER, TECH)
    assert [str(p) for p in check(s, *layouts)] == []  # no errors, and no warnings either
    assert score(s, *layouts).total > 0


def test_ladder_pairs_link_repairs():
    hopper = (load_ship("terran-starhopper"), TRACKER, TECH)
    # E5 (Reactor) - E6 - D6, and ladder D6 "A" is adjacent to ladder D2 "A"
    linked = StellarDriftState(ship="terran-starhopper", repaired=["E6", "D6", "D2"])
    assert check(linked, *hopper) == []
    alone = StellarDriftState(ship="terran-starhopper", repaired=["E6", "D2"])
    assert [p.marks for p in check(alone, *hopper)] == [("space-D2",)]


def test_airlock_jumps_link_repairs():
    kraken = (load_ship("mero-kraken"), TRACKER, TECH)
    # E6 (Reactor) - E7 - D7 - D8 - airlock E8 (E7|E8 is a wall), then a jump to airlock A9
    path = ["E7", "D7", "D8", "E8"]
    jumped = StellarDriftState(ship="mero-kraken", repaired=[*path, "A9"])
    assert check(jumped, *kraken) == []
    island = StellarDriftState(ship="mero-kraken", repaired=["E8", "A9"])
    [warning] = check(island, *kraken)
    assert warning.severity == "warning" and warning.marks == ("space-E8", "space-A9")


def test_every_example_is_for_a_known_ship():
    assert {p.stem for p in EXAMPLES.glob("*.json")} <= set(ship_names())


def test_schema_is_strict_and_documented():
    schema = state_schema()
    json.dumps(schema)
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["ship"]
    assert {"repaired", "tracks", "tech", "section_bonus", "leftover"} <= set(schema["properties"])
    assert all("description" in v or "$ref" in v for v in schema["properties"].values())


def test_doctests():
    assert doctest.testmod(state_module).failed == 0
