"""A Federation Solo game: typed form, every problem by field, its result, `pnp score`."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.synth.states import random_state, random_states
from scoring.federation.solo_state import (
    InvalidState,
    check,
    load_state,
    parse_state,
    score,
    state_schema,
)
from scoring.federation.solo_tracker import load_solo_tracker

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "federation"
EXAMPLE = EXAMPLES / "solo" / "example.json"
TRACKER = load_solo_tracker()
DATA = json.loads(EXAMPLE.read_text(encoding="utf-8"))


def data(**changes) -> dict:
    out = copy.deepcopy(DATA)
    out.update(changes)
    return out


def problems(d: dict) -> list[str]:
    return [str(p) for p in check(parse_state(d), TRACKER)]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_the_rulebook_example_cards_score_by_hand():
    result = score(load_state(EXAMPLE), TRACKER)
    # Rulebook: Atalum's cards 2+2+0+2+1 = 7, 7 Erudite tiles -> 10 PP; Arratooine
    # 0+1+0+0+1 = 2, Influence 1 -> 4 PP; Special Missions 2+2+2+2+1 = 9, 6 completed
    # -> 0 PP; the Joint Major Project funded -> 10 PP.
    assert [(ln.id, ln.points) for ln in result.lines] == [
        ("atalum", 10),
        ("arratooine", 4),
        ("special_missions", 0),
        ("joint", 10),
    ]
    assert result.funded.total == 24
    assert result.complete and result.total == 24 + 96 + 12 + 5
    assert result.lines[0].why == "atalum: 7 >= 2+2+0+2+1 = 7: 10 PP"


def test_without_score_pad_values_the_result_is_the_funded_major_projects():
    result = score(parse_state(data(score_pad=None)), TRACKER)
    assert not result.complete and result.total == 24
    assert "no score pad values" in result.explain()


def test_an_unfunded_project_scores_nothing_whatever_the_influence():
    d = data()
    d["projects"]["atalum"]["funded"] = False
    assert score(parse_state(d), TRACKER).lines[0].points == 0


def test_every_problem_is_named_by_field_at_once():
    d = data()
    d["cards"] = d["cards"][:4]
    d["cards"][0]["floors"] = [1, 12, 1]
    d["cards"][1]["law_vote"] = 10
    del d["cards"][2]["influence"]["arratooine"]
    d["cards"][3]["influence"]["zeta"] = 1
    d["projects"]["atalum"]["yours"] = 100
    del d["projects"]["special_missions"]
    assert problems(d) == [
        "cards: 4 Solo cards; a finished game turns over 5, one a round",
        "cards.0.floors.1: 12 is outside -9..9",
        "cards.1.law_vote: 10 is outside 0..9",
        "cards.2.influence.arratooine: missing: every card gives Influence on each "
        "project the tracker follows",
        "cards.3.influence.zeta: not a Major Project of the tracker (atalum, arratooine, "
        "special_missions, other1, other2, other3)",
        "projects.special_missions: missing: your Influence and whether it is funded",
        "projects.atalum.yours: 100 is outside 0..99",
    ]
    with pytest.raises(InvalidState, match="invalid Federation Solo game"):
        score(parse_state(d), TRACKER)


def test_a_blank_row_project_needs_influence_on_every_card_and_an_end():
    d = data()
    d["cards"][0]["influence"]["other1"] = 2
    assert problems(d) == [
        f"cards.{i}.influence.other1: missing: every card gives Influence on each "
        "project the tracker follows"
        for i in range(1, 5)
    ] + ["projects.other1: missing: your Influence and whether it is funded"]
    d = data()
    d["projects"]["other2"] = {"yours": 1, "funded": True}
    assert problems(d) == ["projects.other2: no card gives Influence on it"]


def test_score_pad_values_must_agree_with_the_tracker():
    d = data(score_pad={**DATA["score_pad"], "funded_major_projects": 30, "medals": 3})
    assert problems(d) == [
        "score_pad.funded_major_projects: 30 PP, but the Solo tracker gives 24 PP",
        "score_pad.medals: unknown category 'medals'",
    ]
    ok = data(score_pad={**DATA["score_pad"], "funded_major_projects": 24})
    assert score(parse_state(ok), TRACKER).total == 137


def test_type_problems_are_listed_by_field():
    with pytest.raises(InvalidState) as caught:
        parse_state({"game": "federation", "mode": "solo", "cards": "x", "joint_funded": "yes"})
    assert [p.field for p in caught.value.problems] == ["cards", "projects", "joint_funded"]


def test_random_solo_games_check_clean():
    for seed in range(60):
        state = parse_state(random_state("federation", seed, layout="solo"))
        assert check(state, TRACKER) == [], seed
        assert len(state.cards) == TRACKER.rounds
    many = random_states("federation", 5, players=3, layout="solo")
    assert [(s["mode"], s["serial"], s["name"]) for s in many] == [
        ("solo", k, f"Player {k}") for k in (1, 2, 3)
    ]


def test_the_schema_names_the_mode():
    schema = state_schema()
    assert schema["title"] == "Federation Solo game"
    assert "mode" in schema["required"]
    assert json.loads(run("schema", "federation", "--kind", "solo").output) == schema


def test_schema_refuses_an_unknown_kind():
    result = run("schema", "federation", "--kind", "duo")
    assert result.exit_code == 2
    assert "federation has no state kind 'duo' (other kinds: solo)" in result.output
    assert run("schema", "stellar-drift", "--kind", "solo").exit_code == 2


def test_pnp_score_gives_the_solo_result():
    table = json.loads(run("score", EXAMPLE, "--json").output)
    (player,) = table["players"]
    assert (player["name"], player["total"]) == ("Dimitri", 137)
    assert player["total"] == sum(c["points"] for c in player["categories"].values())
    assert player["detail"]["mode"] == "solo" and player["detail"]["complete"]
    assert player["categories"]["arratooine"]["why"].startswith("arratooine: 1 is 1 below")


def test_bad_solo_json_gives_one_clear_message(tmp_path):
    bad = copy.deepcopy(DATA)
    bad["cards"][0]["floors"] = [1, 12, 1]
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(bad))
    result = run("score", path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.count("cannot score") == 1
    assert "invalid Federation Solo game (Dimitri)" in result.output
    assert "cards.0.floors.1: 12 is outside -9..9" in result.output


def test_solo_games_and_score_pads_are_scored_apart():
    result = run("score", EXAMPLE, EXAMPLES / "example.json")
    assert result.exit_code == 1
    assert "in one table: score them apart" in result.output
