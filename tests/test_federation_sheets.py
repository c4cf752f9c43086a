"""Federation score pad and Solo tracker sheets: field ids, bubble round trips, and the
rulebook's Solo examples read back from bubbles."""

from __future__ import annotations

import re
from functools import cache

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.paper import find_paper
from pnp.sheets.base import Palette
from pnp.sheets.federation import build
from scoring.federation.bubbles import BubbleError, NumberBubbles
from scoring.federation.score_pad import load_score_pad, score_pad_totals
from scoring.federation.sheet_fields import (
    category_number,
    compared_projects,
    floor_number,
    funded_id,
    influence_number,
    law_number,
    read_score_pad,
    read_solo_cards,
    read_solo_end,
    total_number,
    yours_number,
)
from scoring.federation.solo import floor_sums, funded_major_projects, project_influence
from scoring.federation.solo_tracker import load_solo_tracker

PAD = load_score_pad()
TRACKER = load_solo_tracker()
BUBBLE_ID = re.compile(r"^(?P<prefix>.+)-(?P<place>hundreds|tens|units)-(?P<digit>\d)$")


@cache
def page(sheet: str, layout: str):
    pages = getattr(build, sheet)(layout, find_paper("a4"), 1, Palette())
    assert len(pages) == 1
    return pages[0].map


def bubbles(sheet_map) -> set[str]:
    return {f.id for f in sheet_map.fields if f.kind == "bubble"}


# --- score pad ---------------------------------------------------------------


@pytest.mark.parametrize("layout,players", [("table", PAD.players.max), ("player", 1)])
def test_score_pad_has_every_bubble_of_every_category_and_player(layout, players):
    sheet_map = page("scorepad", layout)
    ids = [f.id for f in sheet_map.fields]
    assert len(ids) == len(set(ids))
    expected = set()
    for p in range(1, players + 1):
        numbers = [category_number(p, c) for c in PAD.categories] + [total_number(PAD, p)]
        for nb in numbers:
            expected |= set(nb.bubble_ids())
            assert f"{nb.prefix}-write" in ids
        assert {f"p{p}-rank-write", f"p{p}-name-write"} <= set(ids)
    assert bubbles(sheet_map) == expected
    assert not {i for i in ids if i.startswith(f"p{players + 1}-")}


def test_score_pad_bubbles_carry_their_meaning_and_sizes():
    sheet_map = page("scorepad", "table")
    for f in sheet_map.fields:
        if f.kind == "bubble":
            m = BUBBLE_ID.match(f.id)
            assert m and f.shape == "circle" and f.w == f.h >= 4.2
            assert f.meta["place"] == m["place"] and f.meta["digit"] == int(m["digit"])
            assert f.id.startswith(f"p{f.meta['player']}-{f.meta['category']}-")
        else:
            assert f.kind == "write_in" and f.id.endswith("-write") and f.h >= 7.0


def test_hundreds_only_where_the_maximum_passes_99():
    sheet_map = page("scorepad", "table")
    for c in PAD.categories:
        has = any(i.startswith(f"p1-{c.id}-hundreds-") for i in bubbles(sheet_map))
        assert has == (c.max_value > 99), c.id
    assert "p1-game_pp-hundreds-1" in bubbles(sheet_map)
    assert "p1-game_pp-hundreds-2" not in bubbles(sheet_map)


@pytest.mark.parametrize("category", [c.id for c in PAD.categories] + ["total"])
def test_every_score_value_round_trips_through_the_printed_bubbles(category):
    nb = total_number(PAD, 3) if category == "total" else category_number(3, PAD.category(category))
    printed = bubbles(page("scorepad", "table"))
    for value in range(nb.min_value, nb.max_value + 1):
        marks = nb.encode(value)
        assert marks <= printed
        assert nb.decode(marks) == value
        assert nb.decode(marks | {"p2-total-units-1"}) == value  # other fields ignored


def test_leading_zeros_may_be_filled_and_bad_marks_are_all_reported():
    nb = category_number(1, PAD.category("game_pp"))
    assert nb.decode({"p1-game_pp-hundreds-0", "p1-game_pp-tens-0", "p1-game_pp-units-7"}) == 7
    assert nb.decode({"p1-game_pp-tens-4", "p1-game_pp-units-0"}) == 40
    with pytest.raises(BubbleError) as err:
        nb.decode({"p1-game_pp-hundreds-1", "p1-game_pp-units-5"})  # 1_5: tens missing
    assert "no tens bubble" in str(err.value)
    with pytest.raises(BubbleError) as err:
        nb.decode({"p1-game_pp-tens-4", "p1-game_pp-tens-5"})
    assert err.value.problems == [
        "p1-game_pp: 2 tens bubbles filled (4, 5); fill one",
        "p1-game_pp: no units bubble filled",
    ]
    with pytest.raises(BubbleError):
        nb.decode(set())


def test_score_pad_read_from_bubbles_feeds_the_totals():
    values = {"p1": [87, 12, 6, 24, 16], "p2": [101, 9, 3, 10, 0]}
    marks = set()
    for player, row in values.items():
        p = int(player[1:])
        for c, v in zip(PAD.categories, row, strict=True):
            marks |= category_number(p, c).encode(v)
    read = read_score_pad(PAD, marks, players=2)
    result = score_pad_totals(PAD, read)
    assert [s.total for s in result.scores] == [87 + 12 + 6 + 24 + 16, 101 + 9 + 3 + 10 + 0]
    assert result.winners == ("p1",)


# --- Solo tracker ------------------------------------------------------------

ATALUM = (2, 2, 0, 2, 1)
ARRATOOINE = (0, 1, 0, 0, 1)
SPECIAL = (2, 2, 2, 2, 1)
FLOORS = ((1, 1, 1), (1, 1, 1), (1, 1, 1), (-1, 0, -1), (2, 0, 1))


def solo_marks(rounds: int = 5) -> set[str]:
    """The bubbles a player fills for the rulebook's example cards."""
    marks: set[str] = set()
    for r in range(1, rounds + 1):
        for floor, value in zip(TRACKER.senate.floors, FLOORS[r - 1], strict=True):
            marks |= floor_number(TRACKER, r, floor.id).encode(value)
        marks |= law_number(TRACKER, r).encode(1)
        for pid, series in (
            ("atalum", ATALUM),
            ("arratooine", ARRATOOINE),
            ("special_missions", SPECIAL),
        ):
            marks |= influence_number(TRACKER, r, pid).encode(series[r - 1])
    return marks


def solo_bubbles() -> set[str]:
    return bubbles(page("solo", "rounds")) | bubbles(page("solo", "projects"))


def test_solo_ids_are_unique_and_follow_the_scheme():
    ids = [f.id for layout in ("rounds", "projects") for f in page("solo", layout).fields]
    assert len(ids) == len(set(ids))
    printed = solo_bubbles()
    for r in range(1, TRACKER.rounds + 1):
        for floor in TRACKER.senate.floors:
            nb = floor_number(TRACKER, r, floor.id)
            assert set(nb.bubble_ids()) <= printed and f"r{r}-{floor.id}-sign-neg" in printed
            assert f"r{r}-{floor.id}-sum" in ids
        assert set(law_number(TRACKER, r).bubble_ids()) <= printed
        for pid in compared_projects(TRACKER):
            assert set(influence_number(TRACKER, r, pid).bubble_ids()) <= printed
            assert f"r{r}-{pid}-sum" in ids
    for pid in compared_projects(TRACKER):
        assert set(yours_number(TRACKER, pid).bubble_ids()) <= printed
        assert {funded_id(pid, True), funded_id(pid, False)} <= printed
    assert {"end-joint-funded-yes", "end-joint-funded-no"} <= printed


def test_every_solo_card_value_round_trips():
    for nb in (
        floor_number(TRACKER, 2, "floor3"),
        law_number(TRACKER, 5),
        influence_number(TRACKER, 1, "other2"),
        yours_number(TRACKER, "atalum"),
    ):
        for value in range(nb.min_value, nb.max_value + 1):
            assert nb.encode(value) <= solo_bubbles()
            assert nb.decode(nb.encode(value)) == value


def test_rulebook_influence_examples_from_bubbles():
    cards = read_solo_cards(TRACKER, solo_marks())
    assert len(cards) == 5
    assert project_influence(cards, "atalum").explain() == "atalum: 2+2+0+2+1 = 7"
    assert project_influence(cards, "arratooine").total == 0 + 1 + 0 + 0 + 1 == 2
    assert project_influence(cards, "special_missions").total == 2 + 2 + 2 + 2 + 1 == 9
    assert project_influence(cards, "atalum").running == (2, 4, 4, 6, 7)
    assert set(cards[0].influence) == {"atalum", "arratooine", "special_missions"}


def test_rulebook_floor_example_from_bubbles():
    cards = read_solo_cards(TRACKER, solo_marks(4))
    first, second, third = floor_sums(cards)
    assert first.explain() == "1st Floor: 1+1+1-1 = 2"
    assert second.explain() == "2nd Floor: 1+1+1+0 = 3"
    assert third.explain() == "3rd Floor: 1+1+1-1 = 2"


@pytest.mark.parametrize("erudite,pp", [(7, 10), (9, 10), (6, 4), (5, 4), (4, 0)])
def test_rulebook_atalum_comparison_from_bubbles(erudite, pp):
    marks = solo_marks() | yours_number(TRACKER, "atalum").encode(erudite)
    marks |= yours_number(TRACKER, "arratooine").encode(1)
    marks |= yours_number(TRACKER, "special_missions").encode(8)
    marks |= {
        funded_id("atalum", True),
        funded_id("arratooine", True),
        funded_id("special_missions", False),
        funded_id("joint", True),
    }
    cards = read_solo_cards(TRACKER, marks)
    end = read_solo_end(TRACKER, marks, cards[0].influence)
    result = funded_major_projects(
        cards, end.yours, end.funded, end.joint_funded, TRACKER.comparison.payout()
    )
    by_project = {s.project: s.pp for s in result.scores}
    # Arratooine 1 against 0+1+0+0+1 = 2: 4 PP; Special Missions not funded; Joint 10.
    assert by_project == {"atalum": pp, "arratooine": 4, "special_missions": 0, "joint": 10}
    assert result.total == pp + 4 + 0 + 10


def test_solo_reader_reports_unreadable_rounds():
    marks = solo_marks(2) - {"r2-floor1-units-1"}
    with pytest.raises(BubbleError) as err:
        read_solo_cards(TRACKER, marks)
    assert err.value.problems == ["r2-floor1: no units bubble filled"]
    with pytest.raises(BubbleError):
        read_solo_cards(TRACKER, solo_marks(1) | {"r3-law-units-2"})
    with pytest.raises(BubbleError) as err:
        read_solo_end(TRACKER, {funded_id("atalum", True), funded_id("atalum", False)}, ["atalum"])
    assert "fill exactly one of funded yes / no" in str(err.value)


def test_number_bubbles_refuse_bad_ranges():
    with pytest.raises(ValueError):
        NumberBubbles("x", 1, 9)
    with pytest.raises(ValueError):
        NumberBubbles("x", 0, 1000)
    with pytest.raises(ValueError):
        NumberBubbles("x", 0, 9).encode(10)


# --- CLI ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["render", "federation", "scorepad", "--out", "fs.pdf"],
        [
            "render",
            "federation",
            "scorepad",
            "--layout",
            "player",
            "--paper",
            "letter",
            "--out",
            "fp.svg",
        ],
        ["render", "federation", "solo", "--layout", "projects", "--ink-saving", "--out", "s.pdf"],
        ["render", "federation", "reference", "--out", "r.pdf"],
    ],
)
def test_cli_renders(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / args[-1]).stat().st_size > 0


def test_cli_map_lists_the_score_pad_fields():
    import json

    result = CliRunner().invoke(cli, ["map", "federation", "scorepad"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["page_code"] == "PNP:FD:SCOREPAD:TABLE:1:000001"
    assert any(f["id"] == "p5-total-hundreds-5" for f in data["fields"])
    result = CliRunner().invoke(cli, ["map", "federation", "reference"])
    assert result.exit_code == 2
