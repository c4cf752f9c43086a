"""A filled Federation score pad: typed form, every problem by field, totals and ranks."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.federation.score_pad import load_score_pad, score_pad_totals
from scoring.federation.state import (
    InvalidState,
    check,
    load_state,
    parse_state,
    score,
    state_schema,
)

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "federation" / "example.json"
PAD = load_score_pad()
DATA = json.loads(EXAMPLE.read_text(encoding="utf-8"))


def data(**changes) -> dict:
    out = copy.deepcopy(DATA)
    out.update(changes)
    return out


def problems(d: dict) -> list[str]:
    return [str(p) for p in check(parse_state(d), PAD)]


def test_example_is_valid_and_hand_totalled():
    state = load_state(EXAMPLE)
    assert check(state, PAD) == []
    result = score(state, PAD)
    # Ana 112 + 14 + 6 + 20 + 16 = 168 (16 PP: most Piracy Influence tokens, 4 players)
    # Cy 98 + 12 + 7 + 28 + 12 = 157; Bo 121 + 9 + 4 + 14 + 8 = 156;
    # Dee 104 + 18 + 3 + 10 + 4 = 139
    assert [(s.player, s.total, s.rank) for s in result.scores] == [
        ("Ana", 168, 1),
        ("Cy", 157, 2),
        ("Bo", 156, 3),
        ("Dee", 139, 4),
    ]
    assert result.winners == ("Ana",)


def test_scoring_is_score_pad_totals():
    state = load_state(EXAMPLE)
    values = {p.name: dict(p.values) for p in state.players}
    assert score(state, PAD) == score_pad_totals(PAD, values, state.modules)


def test_ties_share_the_rank():
    d = data()
    d["players"][2]["values"]["remaining_resources"] = 8
    d["players"][2]["values"]["game_pp"] = 97  # Cy 97 + 12 + 8 + 28 + 12 = 157
    d["players"][1]["values"]["game_pp"] = 122  # Bo 122 + 9 + 4 + 14 + 8 = 157
    result = score(parse_state(d), PAD)
    assert [(s.player, s.total, s.rank, s.shared) for s in result.scores] == [
        ("Ana", 168, 1, False),
        ("Bo", 157, 2, True),
        ("Cy", 157, 2, True),
        ("Dee", 139, 4, False),
    ]


def test_base_game_without_piracy():
    d = data(modules=[])
    for p in d["players"]:
        del p["values"]["piracy_major_project"]
    result = score(parse_state(d), PAD)
    assert [s.total for s in result.scores] == [
        152,
        148,
        145,
        135,
    ]  # Ana 168-16, Cy 157-12, Bo 156-8, Dee 139-4


def test_schema_forbids_unknown_keys():
    schema = state_schema()
    assert schema["additionalProperties"] is False
    assert schema["$defs"]["PlayerColumn"]["additionalProperties"] is False
    with pytest.raises(InvalidState) as err:
        parse_state(data(module=["piracy"]))
    assert [p.field for p in err.value.problems] == ["module"]


def test_values_must_be_whole_numbers_in_the_json():
    d = data()
    d["players"][0]["values"]["game_pp"] = "112"
    with pytest.raises(InvalidState) as err:
        parse_state(d)
    assert [p.field for p in err.value.problems] == ["players.0.values.game_pp"]


def test_unknown_module_is_refused():
    with pytest.raises(InvalidState) as err:
        parse_state(data(modules=["ai-assistant"]))
    assert [p.field for p in err.value.problems] == ["modules.0"]


# --- one test per check ------------------------------------------------------------------


def test_duplicate_names():
    d = data()
    d["players"][1]["name"] = "Ana"
    assert problems(d) == ["players: 2 columns are named 'Ana'"]


def test_unknown_category():
    d = data()
    d["players"][1]["values"]["medals"] = 3
    assert problems(d) == ["players.1.values.medals: unknown category 'medals'"]


def test_missing_category():
    d = data()
    del d["players"][3]["values"]["medals_of_honor"]
    assert problems(d) == ["players.3.values.medals_of_honor: missing 'medals_of_honor'"]


def test_module_category_without_the_module():
    d = data(modules=[])
    assert problems(d) == [
        f"players.{i}.values.piracy_major_project: category 'piracy_major_project' "
        "needs module 'piracy'"
        for i in range(4)
    ]


def test_value_out_of_range():
    d = data()
    d["players"][0]["values"]["medals_of_honor"] = 100
    d["players"][2]["values"]["game_pp"] = -1
    assert problems(d) == [
        "players.0.values.medals_of_honor: medals_of_honor = 100 is outside 0..99",
        "players.2.values.game_pp: game_pp = -1 is outside 0..199",
    ]


def test_too_many_players():
    d = data()
    d["players"] += [{**copy.deepcopy(d["players"][0]), "name": name} for name in ("Eve", "Fay")]
    assert problems(d) == ["players: 6 players; the pad holds 1 to 5"]


def test_every_problem_at_once_and_score_refuses():
    d = data()
    d["players"][0]["values"]["medals_of_honor"] = 100
    del d["players"][1]["values"]["game_pp"]
    d["players"][2]["values"]["bonus"] = 1
    with pytest.raises(InvalidState) as err:
        score(parse_state(d), PAD)
    assert [p.field for p in err.value.problems] == [
        "players.0.values.medals_of_honor",
        "players.1.values.game_pp",
        "players.2.values.bonus",
    ]


@settings(max_examples=50, deadline=None)
@given(order=st.permutations(range(4)), keys=st.randoms())
def test_column_and_key_order_never_change_totals(order, keys):
    d = data()
    d["players"] = [d["players"][i] for i in order]
    for p in d["players"]:
        items = list(p["values"].items())
        keys.shuffle(items)
        p["values"] = dict(items)
    result = score(parse_state(d), PAD)
    assert {s.player: (s.total, s.rank) for s in result.scores} == {
        "Ana": (168, 1),
        "Cy": (157, 2),
        "Bo": (156, 3),
        "Dee": (139, 4),
    }
