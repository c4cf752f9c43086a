"""`pnp score` and `pnp schema`: tables, JSON, shared places and clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli

EXAMPLES = Path(__file__).parent.parent / "examples"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_schema_is_json_schema_of_the_state():
    result = run("schema", "stellar-drift")
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert "ship" in schema["properties"]


def test_score_json_ranks_players_and_lists_earning_ids():
    files = sorted((EXAMPLES / "stellar-drift").glob("*.json"))
    result = run("score", *files, "--json")
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    totals = [p["total"] for p in table["players"]]
    assert totals == sorted(totals, reverse=True)
    for p in table["players"]:
        assert p["total"] == sum(c["points"] for c in p["categories"].values())
        sections = p["categories"]["sections"]
        assert all(i.startswith("space-") for i in sections["ids"])
        assert p["provisional"] is False  # as a photo's score says it: state files are final


def test_a_solo_rating_only_for_a_game_of_one(tmp_path):
    # the Solo Variant compares with its chart "instead of comparing scores to other players"
    base = json.loads((EXAMPLES / "stellar-drift" / "aaraka-glider.json").read_text())
    a = write(tmp_path, "a.json", {**base, "player": "A"})
    b = write(tmp_path, "b.json", {**base, "player": "B"})
    (alone,) = json.loads(run("score", a, "--json").output)["players"]
    assert alone["detail"]["solo_rating"]
    assert "solo rating:" in run("score", a).output
    table = run("score", a, b, "--json").output
    assert all("solo_rating" not in p["detail"] for p in json.loads(table)["players"])
    assert "solo rating" not in run("score", a, b).output


def test_unnamed_distant_suns_sheets_are_named_by_their_files_not_by_place(tmp_path):
    from pnp.synth.states import random_states

    states = random_states("distant-suns", 3002, 3, None)
    paths = []
    for name, state in zip(("ana", "ben", "cy"), states, strict=True):
        paths.append(write(tmp_path, f"{name}.json", {**state, "player": ""}))
    alone = {p.stem: json.loads(run("score", p, "--json").output)["players"][0] for p in paths}
    table = json.loads(run("score", *paths, "--json").output)["players"]
    assert sorted(p["name"] for p in table) == ["ana", "ben", "cy"]
    assert len({p["total"] for p in table}) == 3  # the places tell the players apart
    for player in table:  # a race decided at the table may move Frontier points
        mine = alone[player["name"]]["categories"]
        assert {k: v for k, v in player["categories"].items() if k != "frontier"} == {
            k: v for k, v in mine.items() if k != "frontier"
        }
    # files of one name, in other folders: named by their whole paths
    for d in "abc":
        (tmp_path / d).mkdir()
    twins = [
        write(tmp_path / d, "sheet.json", {**s, "player": ""})
        for d, s in zip("abc", states, strict=True)
    ]
    names = {p["name"] for p in json.loads(run("score", *twins, "--json").output)["players"]}
    assert names == {str(p) for p in twins}


def test_equal_scores_and_tiebreak_share_the_place(tmp_path):
    base = json.loads((EXAMPLES / "stellar-drift" / "aaraka-glider.json").read_text())
    a = write(tmp_path, "a.json", {**base, "player": "A"})
    b = write(tmp_path, "b.json", {**base, "player": "B"})
    richer = dict(base, player="C", leftover={"energy": 12, "cubes": 12})
    c = write(tmp_path, "c.json", richer)
    table = json.loads(run("score", a, b, c, "--json").output)
    places = {p["name"]: (p["rank"], p["shared"]) for p in table["players"]}
    assert places == {"C": (1, False), "A": (2, True), "B": (2, True)}
    assert table["winners"] == ["C"]


def test_invalid_states_list_every_problem_and_exit_1(tmp_path):
    bad = write(
        tmp_path,
        "bad.json",
        {
            "game": "stellar-drift",
            "ship": "aaraka-glider",
            "repaired": ["Z9"],
            "tracks": {"power": 40},
        },
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run("score", bad, broken)
    assert result.exit_code == 1
    assert "Z9" in result.output and "tracks.power" in result.output
    assert "broken.json" in result.output
    assert "Traceback" not in result.output


def test_states_of_two_games_are_refused(tmp_path):
    sd = EXAMPLES / "stellar-drift" / "aaraka-glider.json"
    other = write(tmp_path, "x.json", {"game": "chess"})
    result = run("score", sd, other)
    assert result.exit_code == 1 and "chess" in result.output


@pytest.mark.parametrize("game", [["stellar-drift"], {"name": "federation"}, None, 7])
def test_a_game_that_is_no_name_is_refused_with_one_message(tmp_path, game):
    """A list or an object as "game" failed the table with a TypeError (unhashable)."""
    state = json.loads((EXAMPLES / "stellar-drift" / "aaraka-glider.json").read_text())
    bad = write(tmp_path, "bad.json", state | {"game": game})
    result = run("score", bad)
    assert result.exit_code == 1, result.output
    assert '"game" must be one of' in result.output and "bad.json" in result.output
    assert "Traceback" not in result.output


def test_every_game_has_a_schema_and_a_scorable_example():
    for game in ("stellar-drift", "distant-suns", "federation"):
        assert "properties" in json.loads(run("schema", game).output)
        files = sorted((EXAMPLES / game).glob("*.json"))
        assert files, game
        table = json.loads(run("score", *files, "--json").output)
        assert table["game"] == game and table["players"]
        for p in table["players"]:
            assert p["total"] == sum(c["points"] for c in p["categories"].values())


def test_distant_suns_hexes_that_earned_points_are_sheet_field_ids():
    table = json.loads(run("score", EXAMPLES / "distant-suns" / "example.json", "--json").output)
    penalty = table["players"][0]["categories"]["alien-penalty"]
    assert penalty["points"] == -5 * len(penalty["ids"])
    assert all(i.startswith("hex-q") for i in penalty["ids"])


def test_distant_suns_sheets_with_inferred_order_keep_their_circled_frontiers(tmp_path):
    from pnp.synth.states import random_states

    states = random_states("distant-suns", seed=3, players=2)
    race = json.loads(
        run(
            "score", *[write(tmp_path, f"r{i}.json", s) for i, s in enumerate(states)], "--json"
        ).output
    )
    # Read from photos, the turns are invented: every sheet keeps the values circled on it.
    lone = [dict(s, order_known=False, frontier={h: "high" for h in s["frontier"]}) for s in states]
    files = [write(tmp_path, f"p{i}.json", s) for i, s in enumerate(lone)]
    table = json.loads(run("score", *files, "--json").output)
    for p in table["players"]:
        frontier = p["categories"]["frontier"]
        assert "first" in frontier["why"] or frontier["points"] == 0
    assert {p["name"] for p in table["players"]} == {p["name"] for p in race["players"]}


def test_a_table_marks_only_the_totals_counting_open_doubts_and_calls_no_winner():
    from pnp.report import table_text
    from scoring.table import CategoryScore, PlayerResult, ranked

    def player(name, serial, total):
        return PlayerResult(name, total, (CategoryScore("c", "Points", total),), serial=serial)

    table = ranked("stellar-drift", [player("Ann", 1, 30), player("Bob", 2, 30)])
    final = table_text(table)
    assert "Shared win: Ann, Bob" in final and "*" not in final
    text = table_text(table, {("Bob", 2): ["space-C4"], ("Bob", 9): ["space-D1"]})
    rows = {ln.split()[1]: ln for ln in text.splitlines()[1:3]}
    assert rows["Bob"].split()[2] == "30*" and rows["Ann"].split()[2] == "30"
    assert "provisional: 1 doubtful field counted at its best guess: space-C4" in text
    assert "Shared win" not in text and "Sharing the lead: Ann, Bob (provisional" in text
    noted = table_text(table, notes={("Ann", 1): ["serial 1: no tech sheet in the batch"]})
    rows = {ln.split()[1]: ln for ln in noted.splitlines()[1:3]}
    assert rows["Ann"].split()[2] == "30*" and rows["Bob"].split()[2] == "30"
    assert "  note: serial 1: no tech sheet in the batch" in noted.splitlines()
    assert "Sharing the lead: Ann, Bob (provisional: * has a note under its total)" in noted
    both = table_text(table, {("Bob", 2): ["space-C4"]}, {("Ann", 1): ["a note"]})
    assert "best guess until answered, or has a note under its total)" in both
