"""``python -m pnp.bench compare``: what moved between two readings of one photo set."""

from __future__ import annotations

import json

from pnp.bench.compare import main, moves, outcomes


def line(field: str, state: str, marked: bool, doubted: bool = False, **more) -> dict:
    return {
        "photo": "00001-distant-suns-cosmos-hard.jpg",
        "game": "distant-suns",
        "level": "hard",
        "id": field,
        "state": state,
        "doubted": doubted,
        "marked": marked,
        "touched": [],
        "reason": "faint mark" if doubted else None,
    } | more


def dump(tmp_path, name: str, lines: list[dict]):
    path = tmp_path / name
    path.write_text("".join(json.dumps(d) + "\n" for d in lines))
    return path


def test_each_field_is_right_asked_or_wrong_as_read_judges_it(tmp_path):
    path = dump(
        tmp_path,
        "a.jsonl",
        [
            line("hex-q1r1", "filled", True),
            line("hex-q1r2", "filled", False),
            line("hex-q1r3", "empty", True, doubted=True),
            # a Frontier value read marked, circled where it was crossed out: wrong
            line("frontier-q8r0-high", "filled", True, right=False),
            line("upgrade-1", "filled", False, touched=["overrun:upgrade-2"]),  # not compared
        ],
    )
    got = {fid: o[0] for (_, fid), o in outcomes(path).items()}
    assert got == {
        "hex-q1r1": "right",
        "hex-q1r2": "wrong",
        "hex-q1r3": "asked",
        "frontier-q8r0-high": "wrong",
    }


def test_the_moves_are_counted_per_game_level_and_outcome(tmp_path, capsys):
    old = dump(tmp_path, "old.jsonl", [line("a", "empty", True, True), line("b", "filled", True)])
    new = dump(tmp_path, "new.jsonl", [line("a", "filled", True), line("b", "empty", True)])
    counts, moved = moves(outcomes(old), outcomes(new))
    assert counts == {
        ("distant-suns", "hard", "asked", "right"): 1,
        ("distant-suns", "hard", "right", "wrong"): 1,
    }
    assert [(m[1], m[2], m[3]) for m in moved] == [("a", "asked", "right"), ("b", "right", "wrong")]
    assert main([str(old), str(new)]) == 0
    out = capsys.readouterr().out
    assert "right -> wrong     1" in out
    assert "00001-distant-suns-cosmos-hard.jpg b: right -> wrong" in out  # named unasked


def test_a_file_that_is_no_dump_is_named_with_its_line(tmp_path, capsys):
    good = dump(tmp_path, "good.jsonl", [line("a", "empty", False)])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line("a", "empty", False)) + "\n{not json\n")
    assert main([str(bad), str(good)]) == 1
    assert f"{bad}:2: not a line of `pnp.bench read --dump`" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.jsonl"), str(good)]) == 2
    assert "no such dump" in capsys.readouterr().err
