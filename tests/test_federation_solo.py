"""Solo mode arithmetic, checked against the rulebook's own examples."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.federation.solo import (
    RULEBOOK_PAYOUT,
    SoloCard,
    Wing,
    floor_majority,
    floor_sums,
    funded_major_projects,
    joint_major_project_pp,
    law_vote,
    major_project_pp,
    project_influence,
)

# The rulebook's End of the Game examples give each project's Influence on
# the 5 Solo cards played: Atalum 2+2+0+2+1, Arratooine 0+1+0+0+1,
# Special Missions 2+2+2+2+1.
ATALUM = (2, 2, 0, 2, 1)
ARRATOOINE = (0, 1, 0, 0, 1)
SPECIAL = (2, 2, 2, 2, 1)
# Its Senate example: 1st floor 1+1+1-1, 2nd 1+1+1+0, 3rd 1+1+1-1; the fifth
# card's floors are ours.
FLOORS = ((1, 1, 1), (1, 1, 1), (1, 1, 1), (-1, 0, -1), (2, 0, 1))


def example_cards(rounds: int = 5) -> list[SoloCard]:
    return [
        SoloCard(
            floors=FLOORS[i],
            influence={
                "atalum": ATALUM[i],
                "arratooine": ARRATOOINE[i],
                "special_missions": SPECIAL[i],
            },
            law_vote=1,
            name=f"card {i + 1}",
        )
        for i in range(rounds)
    ]


def test_influence_examples_from_the_rulebook():
    cards = example_cards()
    assert project_influence(cards, "atalum").total == 2 + 2 + 0 + 2 + 1 == 7
    assert project_influence(cards, "arratooine").total == 0 + 1 + 0 + 0 + 1 == 2
    assert project_influence(cards, "special_missions").total == 2 + 2 + 2 + 2 + 1 == 9
    assert project_influence(cards, "atalum").explain() == "atalum: 2+2+0+2+1 = 7"


def test_influence_is_cumulative_round_by_round():
    atalum = project_influence(example_cards(), "atalum")
    assert atalum.running == (2, 2 + 2, 2 + 2 + 0, 2 + 2 + 0 + 2, 2 + 2 + 0 + 2 + 1)
    assert [t.source for t in atalum.terms] == [f"card {i}" for i in range(1, 6)]
    assert project_influence(example_cards(3), "special_missions").total == 2 + 2 + 2


def test_floor_sums_example_from_the_rulebook():
    # The rulebook prints four terms per floor "at the end of the 3rd round";
    # the sums are those of the four cards it shows.
    first, second, third = floor_sums(example_cards(4))
    assert first.total == 1 + 1 + 1 - 1 == 2
    assert second.total == 1 + 1 + 1 + 0 == 3
    assert third.total == 1 + 1 + 1 - 1 == 2
    assert first.explain() == "1st Floor: 1+1+1-1 = 2"
    assert second.explain() == "2nd Floor: 1+1+1+0 = 3"


def test_floor_sums_only_count_cards_played_so_far():
    assert [s.total for s in floor_sums(example_cards(2))] == [1 + 1, 1 + 1, 1 + 1]
    assert floor_sums(example_cards(5))[0].running == (1, 2, 3, 2, 4)


def test_floor_majority_needs_strictly_more_votes():
    cards = example_cards(4)  # 2nd floor sum 1+1+1+0 = 3
    assert floor_majority(2, 4, cards).won
    tie = floor_majority(2, 3, cards)
    assert not tie.won
    assert tie.explain() == "2nd Floor: your votes 3 <= Solo cards 1+1+1+0 = 3: no majority"
    assert not floor_majority(1, 2, cards).won  # 1st floor 1+1+1-1 = 2
    assert floor_majority(1, 3, cards).won


@pytest.mark.parametrize(
    ("yours", "pp"),
    # Atalum needs 7 (2+2+0+2+1): "7 or more Erudite tiles, gain 10 PP. If you
    # have 6 or 5 Erudite tiles, gain 4 PP. If you have 4 or less ..., no PP."
    [(12, 10), (8, 10), (7, 10), (6, 4), (5, 4), (4, 0), (0, 0)],
)
def test_atalum_comparison(yours, pp):
    assert major_project_pp("atalum", yours, example_cards()).pp == pp


@pytest.mark.parametrize(
    ("yours", "pp"),
    # Arratooine needs 2 (0+1+0+0+1): "2 or more ... 10 PP. ... 0 or 1, gain 4 PP."
    [(3, 10), (2, 10), (1, 4), (0, 4)],
)
def test_arratooine_comparison(yours, pp):
    assert major_project_pp("arratooine", yours, example_cards()).pp == pp


@pytest.mark.parametrize(
    ("yours", "pp"),
    # Special Missions need 9 (2+2+2+2+1): "at least 9 ... 10 PP. ... 7 or 8,
    # gain 4 PP. ... 6 or less ..., no PP."
    [(10, 10), (9, 10), (8, 4), (7, 4), (6, 0), (1, 0)],
)
def test_special_mission_comparison(yours, pp):
    assert major_project_pp("special_missions", yours, example_cards()).pp == pp


def test_comparison_explains_itself():
    score = major_project_pp("atalum", 5, example_cards())
    assert score.needed is not None and score.needed.total == 7
    assert score.explain() == "atalum: 5 is 2 below 2+2+0+2+1 = 7: 4 PP"
    assert major_project_pp("atalum", 7, example_cards()).explain() == (
        "atalum: 7 >= 2+2+0+2+1 = 7: 10 PP"
    )


def test_unfunded_project_scores_nothing_however_high_the_influence():
    score = major_project_pp("atalum", 20, example_cards(), funded=False)
    assert (score.pp, score.reason) == (0, "not funded")


def test_joint_major_project_is_10_if_funded_without_comparison():
    assert joint_major_project_pp(True).pp == 10
    assert joint_major_project_pp(False).pp == 0


def test_funded_major_projects_total():
    result = funded_major_projects(
        example_cards(),
        yours={"atalum": 6, "arratooine": 2, "special_missions": 9},
        funded={"atalum", "arratooine"},  # Special Missions not funded
        joint_funded=True,
    )
    assert [s.pp for s in result.scores] == [4, 10, 0, 10]
    assert result.total == 4 + 10 + 0 + 10
    assert result.explain().splitlines()[-1] == "Funded Major Projects: 24 PP"


def test_final_comparison_needs_all_five_cards():
    with pytest.raises(ValueError, match="5 Solo cards, got 4"):
        major_project_pp("atalum", 7, example_cards(4))


def test_bad_inputs_are_refused_with_the_offending_value():
    with pytest.raises(ValueError, match="no Influence for Major Project 'neo' on: card 1"):
        project_influence(example_cards(), "neo")
    with pytest.raises(ValueError, match="floor must be 1, 2 or 3, got 4"):
        floor_majority(4, 1, example_cards())
    with pytest.raises(ValueError, match="3 floor values"):
        SoloCard(floors=(1, 1), influence={}, law_vote=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 to 5 Solo cards played, got 6"):
        floor_sums(example_cards() + example_cards(1))
    with pytest.raises(ValueError, match="without your Influence"):
        funded_major_projects(example_cards(), {"atalum": 1}, {"neo"}, joint_funded=False)


def test_solo_card_cannot_be_changed():
    card = example_cards(1)[0]
    with pytest.raises(TypeError):
        card.influence["atalum"] = 9  # type: ignore[index]


def test_law_vote_example_from_the_rulebook():
    # Dimitri: the left law gives him 4 PP, the right law 6 PP, so the Solo
    # card's value (1 here) goes to the left wing. The rulebook prints the
    # totals as left 1+2 = 3 and right 1+3 = 4; the right law passes: 6 PP.
    vote = law_vote(Wing(votes=2, pp=4), Wing(votes=1 + 3, pp=6), SoloCard((0, 0, 0), {}, 1))
    assert vote.card_added_to == "left"
    assert (vote.left.total, vote.right.total) == (2 + 1, 1 + 3)
    assert (vote.passed, vote.pp) == ("right", 6)
    assert vote.explain().endswith("more votes: the right law passes, gain 6 PP")


def test_law_vote_tie_passes_the_law_giving_least_pp():
    # 2 + 1 (card) on the left against 3 on the right: a tie, so the left law (4 PP).
    vote = law_vote(Wing(votes=2, pp=4), Wing(votes=3, pp=6), SoloCard((0, 0, 0), {}, 1))
    assert (vote.left.total, vote.right.total) == (3, 3)
    assert (vote.passed, vote.pp) == ("left", 4)


def test_law_vote_card_goes_to_the_right_when_the_right_law_gives_less():
    vote = law_vote(Wing(votes=4, pp=8), Wing(votes=2, pp=3), SoloCard((0, 0, 0), {}, 3))
    assert vote.card_added_to == "right"
    assert (vote.left.total, vote.right.total) == (4, 2 + 3)
    assert (vote.passed, vote.pp) == ("right", 3)


@given(
    influence=st.lists(st.integers(0, 9), min_size=5, max_size=5),
    yours=st.integers(0, 60),
)
def test_comparison_pp_never_drops_as_influence_rises(influence, yours):
    cards = [SoloCard((0, 0, 0), {"p": v}, 0) for v in influence]
    lower = major_project_pp("p", yours, cards).pp
    higher = major_project_pp("p", yours + 1, cards).pp
    assert lower in (0, 4, 10) and lower <= higher
    assert (lower == RULEBOOK_PAYOUT.at_or_above_pp) == (yours >= sum(influence))


def test_docstring_examples_run():
    import doctest

    import scoring.federation.solo as solo

    assert doctest.testmod(solo).failed == 0
