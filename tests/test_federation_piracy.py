"""The Major Project Piracy: financed at 10 tokens (4 players), 16 PP to the most tokens."""

import pytest

from scoring.federation.piracy import piracy_project
from scoring.federation.setup_counts import load_setup

SETUP = load_setup()


def test_ten_tokens_finance_it_and_the_most_tokens_score_16():
    # 4 + 3 + 2 + 1 = 10 tokens: exactly the 4-player threshold
    p = piracy_project({"Ana": 4, "Bo": 3, "Cy": 2, "Di": 1}, SETUP)
    assert (p.financed, p.tokens, p.needed) == (True, 10, 10)
    assert p.leaders == ("Ana",) and p.leader_pp == 16


def test_nine_tokens_do_not_finance_it():
    # 3 + 3 + 2 + 1 = 9 < 10
    p = piracy_project({"Ana": 3, "Bo": 3, "Cy": 2, "Di": 1}, SETUP)
    assert not p.financed and p.leader_pp == 0


def test_players_tied_on_the_most_tokens_all_lead():
    p = piracy_project({"Ana": 4, "Bo": 4, "Cy": 1, "Di": 1}, SETUP)
    assert p.leaders == ("Ana", "Bo") and p.leader_pp == 16


def test_player_counts_the_rulebook_does_not_print_are_refused():
    with pytest.raises(ValueError):
        piracy_project({"Ana": 5, "Bo": 5, "Cy": 5}, SETUP)
