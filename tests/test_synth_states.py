"""Synthetic end-of-game states (pnp/synth/states/): valid, legal, seeded."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pnp.synth.states import (
    GAMES,
    load_federation_ranges,
    random_state,
    random_states,
)
from scoring.distant_suns import check as ds_check
from scoring.distant_suns.facts import drawn_shapes
from scoring.distant_suns.layout import load_cosmos, load_shapes
from scoring.distant_suns.placement import Sheet, check_sheet
from scoring.distant_suns.state import parse_state as ds_parse
from scoring.federation.score_pad import load_score_pad
from scoring.federation.state import check as fed_check
from scoring.federation.state import parse_state as fed_parse
from scoring.games import score_states
from scoring.stellar_drift import layouts as sd_layouts
from scoring.stellar_drift.check import check as sd_check
from scoring.stellar_drift.derive import islands
from scoring.stellar_drift.engine.data import load_effects
from scoring.stellar_drift.score import score as sd_score
from scoring.stellar_drift.state import parse_state as sd_parse

SEEDS = range(200)


@pytest.fixture(scope="module")
def cosmos_shapes():
    return load_cosmos(), load_shapes()


def test_stellar_drift_states_check_clean_and_connected():
    tracker, tech = sd_layouts.load_tracker(), sd_layouts.load_tech()
    totals, ships = [], set()
    for seed in SEEDS:
        state = sd_parse(random_state("stellar-drift", seed))
        ship = sd_layouts.load_ship(state.ship)
        assert sd_check(state, ship, tracker, tech) == [], seed
        assert islands(ship, frozenset(state.repaired)) == [], seed
        assert state.phases_checked == tech.rounds * len(tech.phases)
        totals.append(sd_score(state, ship, tracker, tech).total)
        ships.add(state.ship)
    assert ships == set(sd_layouts.ship_names())
    totals.sort()
    # believable: mostly inside the solo chart's middle bands, never absurd
    assert 10 <= totals[0] and totals[-1] <= 100
    assert 35 <= totals[len(totals) // 2] <= 65


def test_stellar_drift_layout_picks_the_ship():
    states = random_states("stellar-drift", 4, players=3, layout="xyxzx-hive")
    assert [s["ship"] for s in states] == ["xyxzx-hive"] * 3
    assert [s["serial"] for s in states] == [1, 2, 3]
    assert [s["player"] for s in states] == ["Player 1", "Player 2", "Player 3"]


def test_distant_suns_states_check_clean_and_placements_legal(cosmos_shapes):
    cosmos, shapes = cosmos_shapes
    for seed in range(100):
        state = ds_parse(random_state("distant-suns", seed))
        assert ds_check.check(state, cosmos, shapes) == [], seed
        zones = tuple(shapes.zone(z) for z in ds_check.zones_in_play(state, shapes))
        sheet = Sheet(cosmos, zones, tuple(d.placed for d in drawn_shapes(state, cosmos)))
        assert check_sheet(sheet) == [], seed
        assert len(state.shapes) >= 10  # 3 rounds of 4-5 turns; a few may not fit


def test_distant_suns_upgrades_are_spent_on_some_shapes():
    shapes = [s for seed in range(40) for s in random_state("distant-suns", seed)["shapes"]]
    with_upgrades = sum(1 for s in shapes if s["upgrades_used"])
    assert 0 < with_upgrades < len(shapes) / 2


def test_distant_suns_table_shares_the_board_and_the_race():
    states = random_states("distant-suns", 11, players=4)
    assert len({json.dumps([s["zones"], s["optimization"]]) for s in states}) == 1
    table = score_states([(f"p{i}", s) for i, s in enumerate(states)])
    assert sorted(p.name for p in table.players) == [f"Player {k}" for k in range(1, 5)]
    # every Frontier someone reached was reached first by at least one player
    for hex_id in {h for s in states for h in s["frontier"]}:
        assert any(s["frontier"].get(hex_id) == "high" for s in states)


def test_federation_pads_check_clean_and_in_range():
    pad = load_score_pad()
    ranges = load_federation_ranges()
    for seed in SEEDS:
        state = fed_parse(random_state("federation", seed))
        assert fed_check(state, pad) == [], seed
        assert ranges.players.min <= len(state.players) <= ranges.players.max
        assert state.modules == ("piracy",)
        for column in state.players:
            for category, value in column.values.items():
                spread = ranges.categories[category]
                assert value == 0 or spread.min <= value <= spread.max


def test_federation_player_layout_gives_one_column_per_pad():
    assert len(random_state("federation", 2, layout="player")["players"]) == 1
    pads = random_states("federation", 2, players=3, layout="player")
    assert [[c["serial"] for c in p["players"]] for p in pads] == [[1], [2], [3]]
    (table,) = random_states("federation", 2, players=5)
    assert [c["name"] for c in table["players"]] == [f"Player {k}" for k in range(1, 6)]


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_state_other_seed_other_state(game):
    first = [json.dumps(random_state(game, seed), sort_keys=True) for seed in range(30)]
    again = [json.dumps(random_state(game, seed), sort_keys=True) for seed in range(30)]
    assert first == again
    assert len(set(first)) == len(first)


def test_states_do_not_depend_on_hash_randomisation():
    code = (
        "import json; from pnp.synth.states import random_states; "
        "print(json.dumps([random_states(g, 9, 2) for g in "
        "('stellar-drift', 'distant-suns', 'federation')], sort_keys=True))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_generated_table_scores(game):
    states = random_states(game, 21, players=3)
    table = score_states([(f"state{i}", s) for i, s in enumerate(states)])
    assert len(table.players) == 3
    assert table.winners


def test_the_first_player_of_a_drift_table_is_the_lone_state():
    assert random_states("stellar-drift", 8, 3)[0] == random_state("stellar-drift", 8)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: random_state("chess", 1), "unknown game 'chess'"),
        (lambda: random_state("stellar-drift", 1, "enterprise"), "unknown stellar-drift ship"),
        (lambda: random_state("distant-suns", 1, "table"), "unknown distant-suns cosmos"),
        (lambda: random_states("federation", 1, 9), "1 to 5 players, not 9"),
        (lambda: random_states("stellar-drift", 1, 0), "players, not 0"),
    ],
)
def test_bad_requests_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_synth_data_files_load():
    assert load_effects().energy_exchange >= 1
    assert load_federation_ranges().assumed
