"""The read bench counts a page silent for the score only when its marks change a score."""

from __future__ import annotations

import copy

import pytest

from pnp.bench.page_score import score_changed
from pnp.bench.states import game_pages
from pnp.vision.reference import blank_sheet


def _pages(kind: str, seed: int):
    """(truth of each page as a photo's truth has it, page code, marks) of a seeded game."""
    game, state, pages = game_pages(kind, seed)
    out = []
    for page in pages:
        code = blank_sheet(page.game, page.sheet, page.layout, page.serial).map.code
        sample = {"game": game, "sheet": page.sheet, "layout": page.layout}
        out.append(({"state": state, "sample": sample}, code, set(page.marks)))
    return out


@pytest.mark.parametrize("kind", ["stellar-drift", "fed-solo", "fed-table-pad"])
def test_every_page_read_as_marked_keeps_the_score(kind):
    for truth, code, marks in _pages(kind, 5):
        assert not score_changed(truth, code, marks, None), code.text


def test_a_missed_track_box_changes_the_stellar_drift_score():
    (truth, code, marks) = next(p for p in _pages("stellar-drift", 5) if p[1].sheet == "tracker")
    tracks = truth["state"]["tracks"]
    track, n = next((t, n) for t, n in sorted(tracks.items()) if n > 0)
    last = f"track-{track}-{n}"
    assert last in marks
    assert score_changed(truth, code, marks - {last}, None)


def test_an_ability_box_changes_the_state_but_not_the_score():
    truth, code, marks = next(p for p in _pages("stellar-drift", 5) if p[1].sheet == "tech")
    used = sorted(m for m in marks if m.startswith("ability-"))
    assert used  # the seed's player used an Ability
    assert not score_changed(truth, code, marks - {used[-1]}, None)


def test_a_funded_project_read_unfunded_is_asked_beside_the_solo_pages():
    truth, code, marks = next(
        p for p in _pages("fed-solo", 5) if (p[1].sheet, p[1].layout) == ("solo", "projects")
    )
    funded = sorted(m for m in marks if m.endswith("-funded-yes"))
    assert funded
    wrong = funded[0].removesuffix("-yes") + "-no"
    # the bubbled total of the Funded Major Projects no longer adds up: a flag
    assert score_changed(truth, code, (marks - {funded[0]}) | {wrong}, None) is None


def test_a_score_pad_category_is_asked_unless_its_total_agrees_with_it():
    truth, code, marks = _pages("fed-table-pad", 5)[0]
    values = truth["state"]["players"][0]["values"]
    category, value = next((k, v) for k, v in sorted(values.items()) if 0 < v % 10 < 9)
    total = sum(values.values())
    assert total % 10 < 9

    def plus_one(marks: set[str], prefix: str, n: int) -> set[str]:
        return (marks - {f"{prefix}-units-{n % 10}"}) | {f"{prefix}-units-{n % 10 + 1}"}

    one_more = plus_one(marks, f"p1-{category}", value)
    assert score_changed(truth, code, one_more, None) is None  # the total disagrees: asked
    both = plus_one(one_more, "p1-total", total)
    assert score_changed(truth, code, both, None) is True  # it agrees: a silent score


def test_marks_that_break_a_rule_beside_the_players_other_pages_are_a_flag_not_silent():
    truth, code, marks = next(p for p in _pages("stellar-drift", 5) if p[1].sheet == "tracker")
    track, n = next((t, n) for t, n in sorted(truth["state"]["tracks"].items()) if n > 1)
    gap = marks - {f"track-{track}-{n - 1}"}  # a box left out before a checked one
    assert score_changed(truth, code, gap, None) is None
    assert score_changed(truth, code, gap, None, answers={}) is None
    # an Ability marked used: scoring nothing, or asked where its padlock box is empty
    truth, code, marks = next(p for p in _pages("stellar-drift", 5) if p[1].sheet == "tech")
    unused = [f"ability-{c}{k}-1" for c in "rgby" for k in range(1, 6)]
    found = {score_changed(truth, code, marks | {f}, None) for f in unused if f not in marks}
    assert found == {False, None}


def test_a_cosmos_page_is_scored_as_its_state_is_assembled_from_the_page():
    from flat_pages import flat_reading

    (truth, code, marks), *_ = _pages("distant-suns", 3)
    game, state, (page,) = game_pages("distant-suns", 3)
    sheet, _ = flat_reading(page, 3, "cosmos.png")
    assert not score_changed(truth, code, marks, sheet)  # read right, flat
    fewer = copy.deepcopy(state)
    fewer["shapes"] = fewer["shapes"][:-1]  # the truth had a shape fewer: the read is wrong
    assert score_changed({**truth, "state": fewer}, code, marks, sheet)
    assert score_changed(truth, code, marks, None)  # no page: nothing scored right
