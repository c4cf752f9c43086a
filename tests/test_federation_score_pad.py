"""Score pad totals and ranking."""

import pytest

from scoring.federation.score_pad import ScorePadError, load_score_pad, score_pad_totals


def row(game, medals, resources, projects, piracy=None):
    values = {
        "game_pp": game,
        "medals_of_honor": medals,
        "remaining_resources": resources,
        "funded_major_projects": projects,
    }
    if piracy is not None:
        values["piracy_major_project"] = piracy
    return values


def test_totals_and_ranking():
    result = score_pad_totals(
        load_score_pad(),
        {
            "Ana": row(80, 12, 5, 20, 16),
            "Ben": row(95, 8, 3, 14, 0),
            "Cy": row(60, 15, 7, 24, 8),
        },
    )
    totals = {s.player: s.total for s in result.scores}
    assert totals == {
        "Ana": 80 + 12 + 5 + 20 + 16,  # 133
        "Ben": 95 + 8 + 3 + 14 + 0,  # 120
        "Cy": 60 + 15 + 7 + 24 + 8,  # 114
    }
    assert [(s.player, s.rank) for s in result.scores] == [("Ana", 1), ("Ben", 2), ("Cy", 3)]
    assert result.winners == ("Ana",)
    assert result.scores[0].explain() == "Ana: 80 + 12 + 5 + 20 + 16 = 133, rank 1"


def test_ties_share_a_rank_and_the_next_rank_is_skipped():
    result = score_pad_totals(
        load_score_pad(),
        {
            "Ana": row(50, 10, 0, 0, 0),  # 60
            "Ben": row(40, 0, 10, 10, 0),  # 60
            "Cy": row(30, 0, 0, 0, 0),  # 30
            "Dee": row(70, 0, 0, 0, 0),  # 70
        },
    )
    assert [(s.player, s.total, s.rank, s.shared) for s in result.scores] == [
        ("Dee", 70, 1, False),
        ("Ana", 60, 2, True),
        ("Ben", 60, 2, True),
        ("Cy", 30, 4, False),
    ]
    assert result.scores[1].explain().endswith("= 60, rank 2 (shared)")


def test_shared_victory():
    result = score_pad_totals(
        load_score_pad(), {"Ana": row(9, 0, 0, 0, 1), "Ben": row(10, 0, 0, 0, 0)}
    )
    assert result.winners == ("Ana", "Ben")


def test_without_the_piracy_module_its_category_is_left_out():
    pad = load_score_pad()
    result = score_pad_totals(pad, {"Solo": row(70, 10, 4, 24)}, modules=())
    assert result.scores[0].total == 70 + 10 + 4 + 24
    assert [line.category for line in result.scores[0].lines] == [
        "game_pp", "medals_of_honor", "remaining_resources", "funded_major_projects",
    ]  # fmt: skip
    with pytest.raises(ScorePadError, match="'piracy_major_project' needs module 'piracy'"):
        score_pad_totals(pad, {"Solo": row(70, 10, 4, 24, 0)}, modules=())


def test_every_problem_is_reported_at_once():
    values = {
        "Ana": {**row(200, 12, 5, 20, 16), "bonus": 3},
        "Ben": {**row(95, -1, 3, 14, 0), "medals_of_honor": -1},
        "Cy": {k: v for k, v in row(60, 15, 7, 24, 8).items() if k != "remaining_resources"},
        "Dee": row(60, True, 7, 24, 8),
    }
    with pytest.raises(ScorePadError) as err:
        score_pad_totals(load_score_pad(), values)
    assert err.value.problems == [
        "Ana: unknown category 'bonus'",
        "Ana: game_pp = 200 is outside 0..199",
        "Ben: medals_of_honor = -1 is outside 0..99",
        "Cy: missing 'remaining_resources'",
        "Dee: medals_of_honor = True is not a whole number",
    ]


def test_player_count_is_checked():
    six = {f"P{i}": row(1, 0, 0, 0, 0) for i in range(6)}
    with pytest.raises(ScorePadError, match="6 players; the pad holds 1 to 5"):
        score_pad_totals(load_score_pad(), six)
    with pytest.raises(ScorePadError, match="0 players"):
        score_pad_totals(load_score_pad(), {})
