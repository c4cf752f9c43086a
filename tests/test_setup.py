"""Setups: the rules hold over thousands of seeds, codes round-trip, seeds reproduce."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from click.testing import CliRunner

from pnp.setup import describe, setup_from_code
from pnp.setup import distant_suns as ds
from pnp.setup import federation as fd
from pnp.setup import stellar_drift as sd
from pnp.setup.cli import setup as setup_command
from pnp.setup.code import SetupCode, SetupCodeError, parse_code
from scoring.layout_file import LayoutError

SEEDS = range(3000)
SD_DATA = sd.load_data()
DS_DATA = ds.load_data()
FD_DATA = fd.load_data()
ALL_OPTIONS = [
    fd.FederationOptions(),
    fd.FederationOptions(advanced=False),
    fd.FederationOptions(piracy=False, advanced=False),
    fd.FederationOptions(piracy=False, advanced=False, ai_assistant=False),
]


# --- determinism and codes ---------------------------------------------------------


@pytest.mark.parametrize("text", ["SD-4-81723", "SD-3-5-A0M", "DS-3-5521", "FD-1-77", "FD-2-9-PI"])
def test_the_same_code_gives_the_same_setup(text):
    first = setup_from_code(parse_code(text))
    assert setup_from_code(parse_code(text)) == first
    assert describe(setup_from_code(parse_code(text.lower()))) == describe(first)


def test_different_seeds_give_different_setups():
    boards = {ds.distant_suns_setup(3, seed, DS_DATA).pairings for seed in range(200)}
    assert len(boards) > 190


def test_a_setup_is_the_same_in_a_fresh_interpreter():
    code = (
        "from pnp.setup import setup_from_code as s, describe as d; "
        "from pnp.setup.code import parse_code as p; print(d(s(p('FD-1-424242'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(describe(setup_from_code(parse_code("FD-1-424242"))))


def test_setup_codes_round_trip_for_every_game_and_option():
    ships = [None, *SD_DATA.ships]
    for seed in SEEDS:
        players = seed % 5 + 1
        chosen = tuple(ships[(seed + i) % len(ships)] for i in range(players))
        made = [
            sd.stellar_drift_setup(players, seed, chosen, SD_DATA),
            ds.distant_suns_setup(seed % 3 + 2, seed, DS_DATA),
            fd.federation_setup(seed % 4 + 1, seed, ALL_OPTIONS[seed % 4], FD_DATA),
        ]
        for setup in made:
            text = str(setup.code)
            assert parse_code(text) == setup.code
            assert setup_from_code(parse_code(text)) == setup


def test_default_options_leave_the_code_short():
    assert str(sd.stellar_drift_setup(4, 81723, data=SD_DATA).code) == "SD-4-81723"
    assert str(fd.federation_setup(3, 5, data=FD_DATA).code) == "FD-3-5"


@pytest.mark.parametrize(
    "text",
    ["", "SD", "SD-4", "SD-x-1", "QQ-4-1", "SD-4-1-AM", "SD-2-1-AQ", "FD-2-1-AI", "FD-2-1-NP"],
)
def test_bad_codes_are_refused_quoting_the_input(text):
    with pytest.raises(SetupCodeError):
        setup_from_code(parse_code(text))


def test_a_code_checks_its_seed_and_players():
    with pytest.raises(SetupCodeError, match="seed"):
        SetupCode("stellar-drift", 2, -1)
    with pytest.raises(ValueError, match="1 to 5 players"):
        setup_from_code(parse_code("SD-6-1"))


# --- Stellar Drift -----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_stellar_drift_bag_and_starting_cubes_over_many_seeds(players):
    per_colour = {1: 5, 2: 6, 3: 8, 4: 10, 5: 12}[players]  # the rulebook's Setup
    for seed in SEEDS:
        s = sd.stellar_drift_setup(players, seed, data=SD_DATA)
        assert dict(s.bag) == {c: per_colour for c in ("blue", "yellow", "red", "green")}
        drawn = Counter(c for p in s.players for c in p.cubes)
        assert all(n <= per_colour for n in drawn.values())  # all players draw before returning
        for p in s.players:
            assert p.cubes[0] != p.cubes[1]
            assert {o.skill for o in p.options} == set(p.cubes)
            assert p.ship in SD_DATA.ships and p.ship_random
        assert [p.seat for p in s.players] == list(range(1, players + 1))
        assert sorted(s.deadlock_order) == list(range(1, players + 1))
        assert s.deadlock_order[0] == s.deadlock_first


def test_stellar_drift_redraws_happen_as_often_as_pulling_a_pair():
    # Seat 1 of 4 players: the first two cubes match with probability 9/39.
    redrawn = sum(
        sd.stellar_drift_setup(4, seed, data=SD_DATA).players[0].redraws > 0 for seed in SEEDS
    )
    assert abs(redrawn / len(SEEDS) - 9 / 39) < 0.03


def test_captain_options_show_what_the_other_cube_gives():
    blue_tech = sd.captain_option("red", "blue", SD_DATA)
    assert blue_tech.tech_boxes == (("yellow", 1), ("green", 1), ("red", 1))
    assert len(blue_tech.unlocks) == 3
    yellow_tech = sd.captain_option("blue", "yellow", SD_DATA)
    assert yellow_tech.tech_boxes == (("yellow", 2),)
    assert yellow_tech.unlocks == ("Gain 2 Energy.",)
    assert "Tech Point" in yellow_tech.skill_text


def test_chosen_ships_are_kept_and_leave_the_other_draws_alone():
    free = sd.stellar_drift_setup(3, 99, data=SD_DATA)
    first = sd.resolve_ship_choice("first", 3, SD_DATA)
    fixed = sd.stellar_drift_setup(3, 99, first, SD_DATA)
    assert [p.ship for p in fixed.players] == ["aaraka-glider"] * 3
    assert [p.cubes for p in fixed.players] == [p.cubes for p in free.players]
    mixed = sd.stellar_drift_setup(3, 99, (None, "mero-kraken", None), SD_DATA)
    assert mixed.players[1].ship == "mero-kraken"
    assert mixed.players[0].ship == free.players[0].ship
    assert str(mixed.code) == "SD-3-99-0M0"


def test_ship_choice_errors_name_the_choices():
    with pytest.raises(ValueError, match="aaraka-glider"):
        sd.resolve_ship_choice("nope", 2, SD_DATA)
    with pytest.raises(ValueError, match="one per player"):
        sd.resolve_ship_choice("random,first,random", 2, SD_DATA)


# --- Distant Suns ------------------------------------------------------------------


def test_distant_suns_board_is_complete_over_many_seeds():
    zone_ids = {z.id for z in DS_DATA.zones}
    tiles = {t[0] for t in DS_DATA.optimization}
    for seed in SEEDS:
        s = ds.distant_suns_setup(seed % 3 + 2, seed, DS_DATA)
        assert len(s.zones) == len(set(s.zones)) == 5
        assert set(s.zones) | set(s.out) == zone_ids and not set(s.zones) & set(s.out)
        assert s.black_hole == "black-hole" and s.black_hole not in s.zones
        assert sorted(s.optimization) == sorted(tiles)  # each tile once
        assert s.mirrored == s.optimization  # each twin opposite its tile
        assert len(s.pairings) == 5 and len({z for _, z in s.pairings}) == 5


def test_distant_suns_player_range():
    with pytest.raises(ValueError, match="2 to 4"):
        ds.distant_suns_setup(1, 1, DS_DATA)


# --- Federation --------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_federation_picks_without_repeats_over_many_seeds(players):
    alterations = {t for t, _ in FD_DATA.alteration_tokens}
    for seed in range(1500):
        s = fd.federation_setup(players, seed, data=FD_DATA)
        assert len(set(s.alteration_tokens)) == 4 and set(s.alteration_tokens) <= alterations
        assert s.arratooine[0] != s.arratooine[1] and set(s.arratooine) <= {1, 2, 3}
        assert len(s.megastructures) == 2 == len(set(s.megastructures))
        assert set(s.megastructures) <= set(range(1, FD_DATA.base["megastructures"] + 1))
        assert len(s.deep_space_piracy) == 3 == len(set(s.deep_space_piracy))
        assert len(s.ai_cards) == players + 1 == len(set(s.ai_cards))
        assert dict(s.influence) == {
            c: players for c in ("blue", "purple", "yellow", "green", "black", "grey", "orange")
        }
        assert [e.type for e in s.erudite] == ["A", "B", "C", "D", "E"]
        for stack in s.erudite:
            assert len(stack.tiles) == 4 and len(stack.left_out) == 1
            assert set(stack.tiles) | set(stack.left_out) == {
                f"1{stack.type}{n}" for n in range(1, 6)
            }
        if players == 1:
            solo = s.solo
            assert len(set(solo.cards)) == len(solo.cards) == 5 and set(solo.cards) <= set(
                range(1, 13)
            )
            assert len(set(solo.deep_space)) == 4 and len(set(solo.starting)) == 4
            assert solo.dice == 3
        else:
            assert s.solo is None


def test_federation_modules_off_leave_their_parts_out():
    basic = fd.federation_setup(2, 7, fd.FederationOptions(advanced=False), FD_DATA)
    assert basic.alteration_tokens and not basic.megastructures and not basic.deep_space_piracy
    assert {c for c, _ in basic.influence} == {"blue", "purple", "yellow", "green"}
    solo_basic = fd.federation_setup(1, 7, fd.FederationOptions(advanced=False), FD_DATA)
    assert len(solo_basic.deep_space_piracy) == 3  # Solo step 4, with the Piracy module
    bare = fd.federation_setup(1, 7, fd.FederationOptions(False, False, False), FD_DATA)
    assert not bare.alteration_tokens and not bare.ai_cards and bare.solo is not None
    with pytest.raises(ValueError, match="Piracy"):
        fd.FederationOptions(piracy=False, advanced=True)


def test_a_components_file_overrides_base_game_counts(tmp_path):
    path = tmp_path / "box.yaml"
    path.write_text("deep_space_tiles: 12\nmegastructures: 3\n")
    data = fd.load_data(path)
    assert data.base["deep_space_tiles"] == 12 and data.base["starting_tiles"] == 8
    seen = set()
    for seed in range(300):
        s = fd.federation_setup(1, seed, data=data)
        seen |= set(s.solo.deep_space)
        assert set(s.megastructures) <= {1, 2, 3}
    assert seen == set(range(1, 13))
    path.write_text("deep_space_tile: 12\n")
    with pytest.raises(LayoutError, match="deep_space_tile"):
        fd.load_components(path)


# --- the command -------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(setup_command, list(args))


def test_cli_prints_the_setup_and_its_code_and_the_code_reproduces_it():
    first = run("stellar-drift", "--players", "4", "--seed", "81723")
    assert first.exit_code == 0, first.output
    assert "Setup code: SD-4-81723" in first.output
    again = run("--code", "SD-4-81723")
    assert again.output == first.output


def test_cli_without_a_seed_prints_a_code_that_reproduces_it():
    first = run("distant-suns", "--players", "3")
    code = first.output.split("Setup code: ")[1].split()[0]
    assert run("--code", code).output == first.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--code", "SD-9"], "not a setup code"),
        (["stellar-drift"], "--players"),
        (["stellar-drift", "--players", "2", "--ships", "boat"], "unknown ship"),
        (["federation", "--players", "5"], "1 to 4"),
        (["--code", "SD-2-1", "--players", "2"], "not both"),
        (["distant-suns", "--players", "2", "--out", "card.txt"], ".pdf, .svg or .png"),
    ],
)
def test_cli_usage_errors_say_what_to_do(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_cli_help():
    result = run("--help")
    assert result.exit_code == 0 and "--code" in result.output


def test_text_setup_imports_neither_reportlab_nor_cv2():
    code = (
        "import sys; from pnp.setup.cli import setup; "
        "setup(['stellar-drift', '--players', '4'], standalone_mode=False); "
        "print(sorted(m for m in ('reportlab', 'cv2', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")


@pytest.mark.parametrize("game", ["stellar-drift", "distant-suns", "federation"])
def test_cli_writes_a_setup_card(tmp_path, game):
    out = tmp_path / f"{game}.svg"
    players = "1" if game == "federation" else "2"
    result = run(game, "--players", players, "--seed", "3", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert (
        text.startswith("<")
        and str(parse_code(result.output.split("Setup code: ")[1].split()[0])) in text
    )
