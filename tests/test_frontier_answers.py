"""A Frontier value asked about is answered with how it is marked: circled or crossed out
(``--set FIELD=circled``, ``--ask``), or empty. "Filled" says neither, so it stays asked;
one value answered tells the other, marked, by the sheet's rule (circle the value you
got, cross out the other)."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.bench.page_score import truth_answer
from pnp.cli import cli
from pnp.set_answers import parse_sets

# an easy Cosmos page (``python -m pnp.bench photos --n 300 --seed 755``, #3, at half
# size) whose only doubts are Frontier q13r0's two values: 15 circled, 8 crossed out,
# both read as "circled or crossed out?"
PAGE = (
    Path(__file__).parent
    / "fixtures"
    / "cosmos"
    / "seed755-00003-distant-suns-cosmos-easy-half.jpg"
)
TRUTH = json.loads(PAGE.with_suffix(".json").read_text())
HIGH, LOW = "frontier-q13r0-high", "frontier-q13r0-low"


def read_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["read", str(PAGE), "--json", *args])
    assert result.exit_code in (0, 3), result.output
    return json.loads(result.stdout)["states"][0]


def test_set_takes_circled_or_crossed_for_a_frontier_value_and_nothing_else():
    assert parse_sets([f"{HIGH}=Circled", f"p.jpg:{LOW}=crossed"]) == {
        HIGH: "circled",
        f"p.jpg:{LOW}": "crossed",
    }
    with pytest.raises(click.BadParameter, match="circled or crossed"):
        parse_sets([f"{HIGH}=orbit"])
    with pytest.raises(click.BadParameter):
        parse_sets(["space-C4=circled"])  # a space is filled or empty


def test_the_frontier_values_are_asked_with_their_marks_as_options():
    assert TRUTH["state"]["frontier"]["q13r0"] == "high"
    first = read_json()
    asked = {d["field"]: d for d in first["doubtful"]}
    assert {HIGH, LOW} <= set(asked), f"{PAGE.name} no longer asks about q13r0"
    assert asked[HIGH]["options"] == ["circled", "crossed"]
    assert "q13r0" not in first["state"]["frontier"]


@pytest.mark.parametrize("answer", [f"{HIGH}=circled", f"{LOW}=crossed"])
def test_one_value_answered_reads_the_pair_and_nothing_is_left_asked(answer):
    answered = read_json("--set", answer)
    assert answered["state"]["frontier"]["q13r0"] == "high"
    assert not answered["doubtful"]


def test_a_value_answered_filled_is_still_asked_how():
    answered = read_json("--set", f"{HIGH}=filled")
    assert HIGH in {d["field"] for d in answered["doubtful"]}


def test_ask_asks_a_frontier_value_circled_or_crossed_and_replays_the_answer(monkeypatch):
    result = CliRunner().invoke(cli, ["read", str(PAGE)])
    (hint,) = [ln for ln in result.stderr.splitlines() if ln.startswith("answer:")]
    assert "FIELD=circled|crossed" in hint and "FIELD=ZONE" not in hint
    prompt, offered = click.prompt, {}

    def answering(text, **kwargs):
        for field in (HIGH, LOW):
            if f" {field}: " in text:
                offered[field] = kwargs["type"].choices
                return "circled" if field == HIGH else "crossed"
        return prompt(text, **kwargs)

    monkeypatch.setattr(click, "prompt", answering)
    asked = CliRunner().invoke(cli, ["read", str(PAGE), "--ask", "--json"], input="")
    assert asked.exit_code == 0, asked.output
    assert set(offered[HIGH]) >= {"circled", "crossed", "empty"}
    (line,) = [ln for ln in asked.stderr.splitlines() if ln.startswith("answered:")]
    assert f"--set {PAGE.name}:{HIGH}=circled" in line
    assert json.loads(asked.stdout)["states"][0]["state"]["frontier"]["q13r0"] == "high"


def test_the_benches_answer_a_frontier_value_as_the_pen_marked_it():
    fields = TRUTH["sheet"]["fields"]
    assert truth_answer(fields[HIGH], zoned=True) == "circled"
    assert truth_answer(fields[LOW], zoned=True) == "crossed"
    assert truth_answer(fields[HIGH], zoned=False) is True
