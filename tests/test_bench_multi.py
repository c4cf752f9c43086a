"""`python -m pnp.bench multi`: photos of a player's three sheets at once, read and told
right, asked, silently wrong, short of a sheet (said or not), or refused."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from pnp.bench.multi import GAP_PX, _plain, main, outcome, row_of

FIXTURES = Path(__file__).parent / "fixtures"
MULTI = FIXTURES / "multi"


def test_states_compare_without_zero_entries_or_list_order():
    read = {"tech": {"yellow": 7, "green": 5}, "section_bonus": ["red", "green"], "x": None}
    filled = {"tech": {"yellow": 7, "green": 5, "red": 0}, "section_bonus": ["green", "red"]}
    assert _plain(read) == _plain(filled)
    assert _plain({"tech": {"red": 1}}) != _plain({"tech": {}})
    assert _plain({"repaired": ["A1", "B2"]}) != _plain({"repaired": ["A1"]})


def test_a_row_puts_the_sheets_apart_on_grey():
    a, b = np.zeros((10, 4, 3), np.uint8), np.full((6, 5, 3), 255, np.uint8)
    row = row_of([a, b])
    assert row.shape == (10 + 2 * GAP_PX, 4 + 5 + 3 * GAP_PX, 3)
    assert (row[GAP_PX : GAP_PX + 10, GAP_PX : GAP_PX + 4] == 0).all()
    assert (row[GAP_PX : GAP_PX + 6, 2 * GAP_PX + 4 : 2 * GAP_PX + 9] == 255).all()


def test_each_outcome_of_a_photo(tmp_path):
    truth = json.loads((MULTI / "three-sheets.state.json").read_text())
    assert outcome(MULTI / "three-sheets-normal.jpg", truth, 3) == ("right", "")
    changed = {**truth, "repaired": truth["repaired"][1:]}
    what, why = outcome(MULTI / "three-sheets-normal.jpg", changed, 3)
    assert (what, why) == ("wrong", "repaired")
    one = FIXTURES / "photos" / "00000-stellar-drift-ship-easy.jpg"
    assert outcome(one, truth, 3) == ("short", "1 of 3 sheets read")
    (tmp_path / "broken.jpg").write_bytes(b"\xff\xd8 not a photo")
    assert outcome(tmp_path / "broken.jpg", truth, 3)[0] == "refused"


def test_the_bench_prints_a_count_per_level(capsys):
    assert main(["--n", "1", "--level", "easy", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["level", "right", "asked", "wrong", "said", "short", "refused"]
    easy = out[1].split()
    assert easy[0] == "easy" and sum(map(int, easy[1:])) == 1
    assert main(["--n", "0"]) == 2


def test_a_federation_solo_games_three_pages_in_one_photo_read_right(capsys):
    """--kind fed-solo: both Solo tracker pages and the player's pad page in one row."""
    assert main(["--n", "1", "--level", "easy", "--seed", "3", "--kind", "fed-solo"]) == 0
    easy = capsys.readouterr().out.splitlines()[1].split()
    assert easy == ["easy", "1", "0", "0", "0", "0", "0"]  # right


def test_a_federation_pad_is_told_right_against_its_state_and_wrong_against_another():
    """States compare without what a photo cannot show (``pnp.bench.states``): a pad read
    right against the state it was filled from, wrong against a Solo game's."""
    from pnp.bench.states import game_pages

    pad = FIXTURES / "photos" / "00004-federation-scorepad-easy.jpg"
    filled = json.loads(pad.with_suffix(".json").read_text())["state"]
    assert outcome(pad, filled, 1) == ("right", "")
    solo = game_pages("fed-solo", 3)[1]
    what, why = outcome(pad, solo, 1)
    assert what == "wrong" and "players" in why.split(", ")


def test_two_players_cosmos_sheets_in_one_photo_read_as_two_states(capsys):
    """--kind ds-players: two Cosmos sheets of one game side by side; each is its own
    player's state, compared with the state of its serial."""
    from pnp.bench.multi import pages_of

    truths, pages = pages_of("ds-players", 3)
    assert [t["serial"] for t in truths] == [1, 2] and len(pages) == 2
    assert main(["--n", "1", "--level", "easy", "--seed", "3", "--kind", "ds-players"]) == 0
    easy = capsys.readouterr().out.splitlines()[1].split()
    assert easy == ["easy", "1", "0", "0", "0", "0", "0"]  # right


def test_states_of_several_players_are_each_told_against_their_serial():
    cosmos = FIXTURES / "photos" / "00003-distant-suns-cosmos-easy.jpg"
    filled = json.loads(cosmos.with_suffix(".json").read_text())["state"]
    assert outcome(cosmos, [filled], 1) == ("right", "")
    other = {**filled, "serial": filled.get("serial", 1) + 1}
    what, why = outcome(cosmos, [other], 1)  # no filled state of the serial read
    assert what == "wrong" and "zones" in why.split(", ")
    assert outcome(cosmos, [filled, other], 2)[0] == "short"


def test_without_the_real_photos_the_bench_says_so_before_it_starts(monkeypatch, tmp_path, capsys):
    import pnp.synth.real_photo as real_photo

    monkeypatch.setattr(real_photo, "REAL_DIR", tmp_path / "no-such-folder")
    assert main(["--n", "1", "--seed", "3"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "real photos not found" in err
