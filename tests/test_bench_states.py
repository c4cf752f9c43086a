"""The whole-game bench judges scores, and ignores only what a photo cannot show."""

from __future__ import annotations

import copy

import pytest

from pnp.bench.states import KINDS, _judge, comparable, game_pages


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_is_right_against_itself_and_pages_follow_the_kind(kind):
    game, state, pages = game_pages(kind, 7)
    assert _judge(state, copy.deepcopy(state)) == (True, True)
    assert _judge(state, None) == (False, False)
    sheets = {p.sheet for p in pages}
    expected = {
        "stellar-drift": {"ship", "tracker", "tech"},
        "distant-suns": {"cosmos"},
        "fed-solo": {"solo", "scorepad"},
        "fed-player-pads": {"scorepad"},
        "fed-table-pad": {"scorepad"},
    }[kind]
    assert sheets == expected and state["game"] == game


def test_distant_suns_drawing_order_and_names_are_not_compared():
    _, state, _ = game_pages("distant-suns", 3)
    read = copy.deepcopy(state)
    read["player"] = ""
    read["order_known"] = False
    read["zones"] = list(reversed(read["zones"]))
    read["shapes"] = list(reversed(read["shapes"]))
    assert comparable(read) == comparable(state)
    assert _judge(state, read) == (True, True)
    read["shapes"] = [dict(s, round=1, turn=9) for s in read["shapes"]]
    assert comparable(read) == comparable(state)


def test_a_missed_mark_that_changes_the_score_is_a_wrong_score():
    _, state, _ = game_pages("distant-suns", 3)
    read = copy.deepcopy(state)
    read["shapes"] = read["shapes"][:-1]
    assert _judge(state, read) == (False, False)
    _, pad, _ = game_pages("fed-table-pad", 3)
    read = copy.deepcopy(pad)
    values = read["players"][0]["values"]
    category = next(k for k, v in values.items() if 0 < v < 90)
    values[category] += 1
    assert _judge(pad, read) == (False, False)


def test_a_stellar_drift_state_compares_as_the_sheet_not_as_written():
    a = {
        "game": "stellar-drift",
        "tech": {"yellow": 3, "red": 0},
        "section_bonus": ["red", "green"],
    }
    b = {"game": "stellar-drift", "tech": {"yellow": 3}, "section_bonus": ["green", "red"]}
    assert comparable(a) == comparable(b)
    assert comparable(a) != comparable({**b, "tech": {"yellow": 2}})


def test_the_bench_counts_games_whose_provisional_score_is_right(capsys):
    from pnp.bench.states import OUTCOMES, PROVISIONAL, main

    assert main(["--games", "1", "--kinds", "distant-suns", "--levels", "easy"]) == 0
    out = capsys.readouterr().out.splitlines()
    head = next(ln for ln in out if ln.startswith("kind"))
    row = next(ln for ln in out if ln.startswith("distant-suns"))
    assert head.rstrip().endswith(PROVISIONAL)
    cells = dict(zip(("games", *OUTCOMES, PROVISIONAL), map(int, row.split()[1:]), strict=True))
    assert cells["games"] == 1 == sum(cells[o] for o in OUTCOMES)  # one game, one outcome
    assert cells[PROVISIONAL] <= sum(cells[o] for o in OUTCOMES if o.startswith("review"))
