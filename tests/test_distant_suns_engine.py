"""Distant Suns rules engine: Modules and notches, rounds, Drawing, Upgrades, Frontiers, bots.

Map of the shipped cosmos, for reading the hand-worked cases (S start, n near
Frontier 10/5, f far 15/8, A alien, U upgrade, T treasure, B black hole):

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

The board used by hand (zone spaces 1-6, notches 1-6 on each side face them):
1 Satellite (line of 3), 2 Asteroid (triangle), 3 Moon (crescent of 4),
4 Star (4), 5 Rocket (5), 6 the printed Black Hole (bend of 3).
"""

from __future__ import annotations

import random

import pytest

from scoring.distant_suns.check import check
from scoring.distant_suns.engine import (
    Board,
    GameState,
    IllegalAssignment,
    IllegalDrawing,
    ModulePlacement,
    WrongPhase,
    legal_module_placements,
    load_board_layout,
    new_game,
    play,
    play_game,
)
from scoring.distant_suns.engine.balance import (
    seat_study,
    seat_win_rates,
    sheet_capacity,
    summary,
    without_race,
)
from scoring.distant_suns.engine.game import shipped
from scoring.distant_suns.hexgrid import parse_hex_id
from scoring.distant_suns.placement import Placement, legal_placements
from scoring.distant_suns.score import score, score_table
from scoring.layout_file import LayoutError

COSMOS, SHAPES, LAYOUT = shipped()
BOARD = Board.from_setup(
    ["satellite", "asteroid", "moon", "star", "rocket"],
    ["group", "alien", "upgrade", "treasure", "black_hole"],
    SHAPES,
)
NEAR = parse_hex_id("q6r9")  # the near Frontier on the bottom row
FAR = parse_hex_id("q10r6")


def P(zone: str, hexes: str, upgrades: int = 0) -> Placement:
    return Placement(zone, frozenset(parse_hex_id(h) for h in hexes.split()), upgrades)


def M(side: str, octagon: int, circle: int) -> ModulePlacement:
    return ModulePlacement(side, octagon, circle)


def first_legal(state: GameState) -> list[Placement | None]:
    out = []
    for i in range(len(state.players)):
        options = state.legal_drawings(i)
        out.append(options[0] if options else None)
    return out


# --- the board and its notches -----------------------------------------------


def test_board_yaml_faces_every_zone_space_from_both_sides():
    assert [s.id for s in LAYOUT.sides] == ["top", "bottom"]
    assert all(s.notches == (1, 2, 3, 4, 5, 6) for s in LAYOUT.sides)
    assert BOARD.zone_opposite(("top", 6)) == "black-hole"
    assert BOARD.zone_opposite(("bottom", 3)) == "moon"
    assert BOARD.optimization == {
        "satellite": "group",
        "asteroid": "alien",
        "moon": "upgrade",
        "star": "treasure",
        "rocket": "black_hole",
    }


def test_board_yaml_problems_are_refused(tmp_path):
    bad = tmp_path / "board.yaml"
    bad.write_text(
        "version: 1\nmodules: 5\nzone_spaces: 6\nblack_hole_space: 7\n"
        "sides:\n  - {id: top, notches: [1, 9]}\n  - {id: top, notches: [1, 2]}\n"
    )
    with pytest.raises(LayoutError) as err:
        load_board_layout(bad)
    text = str(err.value)
    assert "'top' listed twice" in text
    assert "black_hole_space: 7" in text
    assert "faces space 9" in text


def test_module_goes_into_two_free_neighbouring_notches_either_face():
    state = new_game(["Ana", "Ben"], BOARD)
    assert len(state.legal_assignments()) == 20  # 5 pairs a side x 2 sides x 2 faces
    for bad, why in [
        (M("top", 3, 5), "not neighbours"),
        (M("top", 6, 7), "notches 1 to 6, not 7"),
        (M("left", 1, 2), "no side 'left'"),
        (M("top", 3, 3), "not neighbours"),
    ]:
        with pytest.raises(IllegalAssignment, match=why):
            state.assign(bad)
    one = state.assign(M("top", 3, 4))  # octagon at Moon, circle at Star
    assert (one.assignment.active_zone, one.assignment.opponents_zone) == ("star", "moon")
    other = state.assign(M("top", 4, 3))  # the other face: swapped
    assert (other.assignment.active_zone, other.assignment.opponents_zone) == ("moon", "star")
    two = one.draw(first_legal(one))
    assert len(two.legal_assignments()) == 20 - 6  # top 2-3, 3-4, 4-5, each face
    with pytest.raises(IllegalAssignment, match="notch 4 of side 'top' already holds"):
        two.assign(M("top", 4, 5))
    assert two.assign(M("bottom", 4, 5)).assignment.module == 2  # the sides are apart


def test_module_placements_always_run_out_after_4_or_5_turns():
    """Every order of placing the 5 Modules: the round stops after 4 or 5."""
    ends: set[int] = set()
    seen: set[frozenset] = set()

    def walk(occupied: frozenset, placed: int) -> None:
        if occupied in seen:
            return
        seen.add(occupied)
        options = legal_module_placements(LAYOUT, occupied)
        if placed == LAYOUT.modules or not options:
            ends.add(placed)
            return
        for m in options:
            walk(occupied | frozenset(m.notches), placed + 1)

    walk(frozenset(), 0)
    assert ends == {4, 5}


def test_round_of_4_turns_then_the_blocked_player_starts():
    state = new_game(["Ana", "Ben", "Cy"], BOARD)
    # top 2-3 and 4-5 leave notches 1 and 6 alone: no room; the same below
    for move, active in zip(
        [M("top", 2, 3), M("top", 4, 5), M("bottom", 2, 3), M("bottom", 4, 5)],
        [0, 1, 2, 0],
        strict=True,
    ):
        assert (state.round, state.active) == (1, active)
        state = state.assign(move)
        state = state.draw(first_legal(state))
    # Ben would have placed Module 5 and could not: he starts round 2, Modules back
    assert (state.phase, state.round, state.turn, state.active) == ("assignment", 2, 1, 1)
    assert state.modules == () and len(state.legal_assignments()) == 20


def test_round_of_5_turns_ends_when_the_stack_is_empty():
    state = new_game(["Ana", "Ben", "Cy"], BOARD)
    for move in [M("top", 1, 2), M("top", 3, 4), M("top", 5, 6), M("bottom", 1, 2)]:
        state = state.assign(move)
        state = state.draw(first_legal(state))
    state = state.assign(M("bottom", 3, 4))
    state = state.draw(first_legal(state))
    # room is left (bottom 5-6) but no Module: Cy, next, starts round 2
    assert (state.round, state.turn, state.active) == (2, 1, 2)
    assert [(h.round, h.turn, h.active) for h in state.history] == [
        (1, 1, 0),
        (1, 2, 1),
        (1, 3, 2),
        (1, 4, 0),
        (1, 5, 1),
    ]


def test_wrong_phase_is_refused():
    state = new_game(2, BOARD)
    with pytest.raises(WrongPhase, match="assignment phase"):
        state.draw([None, None])
    drawing = state.assign(M("top", 1, 2))
    with pytest.raises(WrongPhase, match="drawing phase"):
        drawing.assign(M("bottom", 1, 2))


# --- Drawing ----------------------------------------------------------------------


def test_active_player_draws_the_circle_zone_opponents_the_octagon_zone():
    state = new_game(["Ana", "Ben", "Cy"], BOARD).assign(M("bottom", 1, 2))
    assert [state.zone_for(i).id for i in range(3)] == ["asteroid", "satellite", "satellite"]
    sat = P("satellite", "q1r9 q2r9 q3r9")
    ast = P("asteroid", "q1r7 q0r8 q1r8")
    with pytest.raises(IllegalDrawing, match="Ana .*must draw 'asteroid', not 'satellite'"):
        state.draw([sat, sat, sat])
    after = state.draw([ast, sat, sat])
    assert [p.sheet.placed[0].zone for p in after.players] == ["asteroid", "satellite", "satellite"]
    # round 1 turn 2: Ben is active
    state = after.assign(M("top", 6, 5))
    assert [state.zone_for(i).id for i in range(3)] == ["black-hole", "rocket", "black-hole"]


def test_drawing_rules_each_refused_with_a_reason():
    state = new_game(["Ana", "Ben"], BOARD).assign(M("top", 2, 1))  # Ana Satellite, Ben Asteroid
    ast = P("asteroid", "q1r7 q0r8 q1r8")
    cases = [
        (P("satellite", "q3r9 q4r9 q5r9"), "does not touch the start space"),
        (P("satellite", "q0r9 q1r9 q2r9"), "q0r9 is a start space"),
        (P("satellite", "q1r9 q2r9"), "spends 1 Upgrades, not 0"),
        (P("satellite", "q1r9 q2r9", 1), "only 0 were gained"),
        (P("satellite", "q1r9 q2r9 q2r8"), "not the Satellite shape"),
        (None, "must draw, the whole shape fits"),
    ]
    for choice, why in cases:
        with pytest.raises(IllegalDrawing, match=why):
            state.draw([choice, ast])
    state = state.draw([P("satellite", "q1r9 q2r9 q3r9"), ast])
    state = state.assign(M("bottom", 2, 1))  # Ben Satellite, Ana Asteroid
    with pytest.raises(IllegalDrawing, match="q1r8 already covered"):
        state.draw([P("asteroid", "q4r8 q5r8 q4r9"), P("satellite", "q1r8 q2r7 q3r6")])
    with pytest.raises(IllegalDrawing, match="any space covered on an earlier turn"):
        state.draw([P("asteroid", "q5r7 q6r7 q5r8"), P("satellite", "q2r7 q3r7 q4r7")])


def test_legal_drawings_are_legal_placements_on_the_sheet():
    """The engine's masks answer exactly what legal_placements answers."""
    rng = random.Random(11)
    state = new_game(3, seed=11)
    compared = 0
    while not state.is_over:
        if state.phase == "assignment":
            state = state.assign(rng.choice(state.legal_assignments()))
            continue
        choices = []
        for i, p in enumerate(state.players):
            zone = state.zone_for(i)
            mine = state.legal_drawings(i)
            ref = legal_placements(p.sheet, zone, p.sheet.upgrades_available(state.game_turn))
            assert {(x.hexes, x.upgrades_used) for x in mine} == {
                (x.hexes, x.upgrades_used) for x in ref
            }
            assert p.upgrades_available == p.sheet.upgrades_available(state.game_turn)
            compared += len(mine)
            choices.append(rng.choice(mine) if mine else None)
        state = state.draw(choices)
    assert compared > 1000


def test_no_shape_is_drawn_only_when_the_whole_shape_fits_nowhere():
    found = 0
    for seed in range(6):
        state = play_game(2, "random", seed=seed)
        for turn in state.history:
            found += sum(choice is None for choice in turn.drawn)
    assert found > 0  # random players do fill their sheets; then they draw nothing
    state = new_game(1, BOARD).assign(M("top", 2, 1))
    assert state.drawing_problem(0, None) is not None


# --- Upgrades -----------------------------------------------------------------------


def test_upgrade_gained_this_turn_is_spent_only_later():
    state = new_game(["Ana"], BOARD).assign(M("top", 2, 3))  # solo: Ana draws the Moon
    assert {p.upgrades_used for p in state.legal_drawings(0)} == {0}
    with pytest.raises(IllegalDrawing, match="only 0 were gained on earlier turns"):
        state.draw([P("moon", "q1r8 q1r9 q2r9", 1)])  # reduced and on the Upgrade space
    state = state.draw([P("moon", "q2r7 q1r8 q1r9 q2r9")])  # covers Upgrade q2r9
    ana = state.players[0]
    assert (ana.upgrades_gained, ana.upgrades_available) == (1, 1)
    state = state.assign(M("top", 5, 4))  # the Star, 4 hexes
    assert {p.upgrades_used for p in state.legal_drawings(0)} == {0, 1}
    with pytest.raises(IllegalDrawing, match="only 1 were gained"):
        state.draw([P("star", "q3r8 q4r8", 2)])
    state = state.draw([P("star", "q4r8 q5r8 q3r9", 1)])
    ana = state.players[0]
    assert (ana.upgrades_gained, ana.upgrades_spent, ana.upgrades_available) == (1, 1, 0)
    (sheet,) = state.final_states()
    assert sheet.upgrades_used == (1,) and sheet.upgrades_gained == 1
    assert check(sheet, COSMOS, SHAPES) == []


def test_solo_player_is_active_every_turn_and_draws_the_circle_zone():
    state = play_game(["Ana"], "random", seed=5)
    assert {t.active for t in state.history} == {0}
    for t in state.history:
        drawn = t.drawn[0]
        assert drawn is None or drawn.zone == t.assignment.active_zone
    assert 12 <= len(state.history) <= 15


# --- the Frontier race ------------------------------------------------------------------


def test_frontier_first_then_later():
    state = new_game(["Ana", "Ben"], BOARD)
    turns = [
        (M("top", 2, 1), P("satellite", "q1r9 q2r9 q3r9"), P("asteroid", "q1r7 q0r8 q1r8")),
        (M("bottom", 2, 1), P("asteroid", "q5r8 q4r9 q5r9"), P("satellite", "q1r9 q2r9 q3r9")),
        (M("top", 4, 3), P("moon", "q5r7 q6r7 q4r8 q6r8"), P("star", "q6r7 q4r8 q5r8 q5r9")),
    ]
    for move, ana, ben in turns:
        state = state.assign(move).draw([ana, ben])
    ana, ben = state.players
    assert ana.reached == {NEAR: 2} and ben.reached == {NEAR: 3}
    sheets = state.final_states()
    assert sheets[0].frontier == {"q6r9": "high"} and sheets[1].frontier == {"q6r9": "low"}
    table = {s.player: s.breakdown for s in score_table(sheets, COSMOS, SHAPES)}
    assert table["Ana"].line("frontier").points == 10
    assert table["Ben"].line("frontier").points == 5


def test_frontier_reached_by_both_on_the_same_turn_scores_full_for_both():
    state = new_game(["Ana", "Ben"], BOARD)
    turns = [
        (M("top", 2, 3), P("moon", "q2r7 q1r8 q1r9 q2r9"), P("asteroid", "q1r7 q0r8 q1r8")),
        (
            M("top", 4, 5),
            P("star", "q5r7 q3r8 q4r8 q4r9"),
            P("rocket", "q4r6 q2r7 q3r7 q3r8 q3r9"),
        ),
        (M("bottom", 1, 2), P("asteroid", "q5r8 q6r8 q5r9"), P("satellite", "q4r8 q5r8 q6r8")),
    ]
    for move, ana, ben in turns:
        state = state.assign(move).draw([ana, ben])
    assert [p.reached for p in state.players] == [{NEAR: 3}, {NEAR: 3}]
    sheets = state.final_states()
    assert [s.frontier for s in sheets] == [{"q6r9": "high"}] * 2
    assert [s.breakdown.line("frontier").points for s in score_table(sheets, COSMOS, SHAPES)] == [
        10,
        10,
    ]


# --- whole games and bots ------------------------------------------------------------------


def test_seeded_game_is_deterministic_and_its_sheets_check_and_score():
    a = play_game(["Ana", "Ben", "Cy"], ["greedy", "random", "greedy"], seed=21)
    b = play_game(["Ana", "Ben", "Cy"], ["greedy", "random", "greedy"], seed=21)
    assert a.history == b.history and a.final_states() == b.final_states()
    assert a.is_over and 12 <= len(a.history) <= 15
    assert a.round == 3
    for sheet in a.final_states():
        assert check(sheet, COSMOS, SHAPES) == []
        assert score(sheet, COSMOS, SHAPES).total == next(
            s.total for s in a.standings() if s.player == sheet.player
        )
    standings = play(["Ana", "Ben", "Cy"], ["greedy", "random", "greedy"], seed=21)
    assert [s.total for s in standings] == [s.total for s in a.standings()]


def test_greedy_beats_random_solo():
    greedy = [play(1, "greedy", seed=s)[0].total for s in range(3)]
    rand = [play(1, "random", seed=s)[0].total for s in range(3)]
    assert min(greedy) > max(rand)


def test_unknown_bot_and_bad_player_counts_are_refused():
    with pytest.raises(ValueError, match="unknown bot: 'smart'"):
        play(2, ["smart", "random"], seed=1)
    with pytest.raises(ValueError, match="1 to 4 players, not 5"):
        new_game(5)
    with pytest.raises(ValueError, match="distinct"):
        new_game(["Ana", "Ana"])


def test_balance_measurements_run():
    packed = sheet_capacity(2, seed=1)
    assert all(10 <= shapes <= 30 and hexes <= 85 for shapes, hexes in packed)
    rates = seat_win_rates("random", 2, seed=1, players=2)
    assert len(rates) == 2 and sum(rates) >= 1
    assert summary([1, 2, 3, 4]).median == 2.5


def test_seat_study_follows_the_turn_order():
    """Rounds go round the table: 3 openings a game, never by seat 4 of 4 (12-15 turns)."""
    study = seat_study("random", 6, seed=2)
    assert sum(study.turns.values()) == 6 and set(study.turns) <= {12, 13, 14, 15}
    played = sum(t * n for t, n in study.turns.items()) / 6
    assert sum(study.active) == pytest.approx(played)
    assert sum(study.starts) == pytest.approx(3.0)
    assert study.starts[3] == 0 and study.active[3] == 3.0
    assert sum(p for p, _ in study.wins_by_active.values()) == 4 * 6
    assert all(w <= 1 for w in study.wins) and sum(study.wins) >= 1 - 1e-9


def test_without_race_only_changes_the_later_frontier_values():
    cosmos = shipped()[0]
    flat = without_race(cosmos)
    for key, reward in cosmos.scoring.frontier_rewards.items():
        assert flat.scoring.frontier_rewards[key].later == reward.first
        assert flat.scoring.frontier_rewards[key].first == reward.first
    assert (
        flat.spaces == cosmos.spaces
        and flat.scoring.treasure_bonus == cosmos.scoring.treasure_bonus
    )
