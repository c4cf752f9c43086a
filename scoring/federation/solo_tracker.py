"""The Solo mode tracker data (solo.yaml): rounds, Senate floors, Major Projects, payouts."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from scoring.federation._common import duplicate_ids, federation_dir
from scoring.federation.solo import Payout
from scoring.layout_file import Strict, load_model


class SoloCards(Strict):
    available: int = Field(ge=1)
    drawn: int = Field(ge=1)


class Dice(Strict):
    count: int = Field(ge=1)
    faces: int = Field(ge=2)


class Floor(Strict):
    id: str
    label: str


class Senate(Strict):
    spaces_per_floor: int = Field(ge=1)
    floors: list[Floor] = Field(min_length=1)
    majority_rule: str


class EndOfRoundStep(Strict):
    step: int
    label: str
    uses_solo_card: bool


class MajorProject(Strict):
    id: str
    short: str
    label: str
    scoring: Literal["compare", "funded"]
    measure: str | None


class WriteInProjects(Strict):
    count: int = Field(ge=0)
    assumed: bool
    note: str


class Comparison(Strict):
    at_or_above_pp: int
    below_by_at_most: int = Field(ge=0)
    below_by_at_most_pp: int
    otherwise_pp: int
    joint_funded_pp: int
    note: str

    def payout(self) -> Payout:
        return Payout(
            at_or_above_pp=self.at_or_above_pp,
            below_by_at_most=self.below_by_at_most,
            below_by_at_most_pp=self.below_by_at_most_pp,
            otherwise_pp=self.otherwise_pp,
            joint_funded_pp=self.joint_funded_pp,
        )


class ValueRange(Strict):
    min: int
    max: int


class CardValueRanges(Strict):
    assumed: bool
    floor: ValueRange
    influence: ValueRange
    law_vote: ValueRange


class PlayerValueRanges(Strict):
    assumed: bool
    influence: ValueRange
    funded_pp: ValueRange


class SoloTracker(Strict):
    rounds: int = Field(ge=1)
    solo_cards: SoloCards
    dice: Dice
    ambassador_tokens: int = Field(ge=1)
    senate: Senate
    law_vote_rule: str
    end_of_round_steps: list[EndOfRoundStep]
    major_projects: list[MajorProject]
    write_in_projects: WriteInProjects
    comparison: Comparison
    card_value_ranges: CardValueRanges
    player_value_ranges: PlayerValueRanges

    def problems(self) -> list[str]:
        found = duplicate_ids("major_projects", (p.id for p in self.major_projects))
        found += duplicate_ids("senate.floors", (f.id for f in self.senate.floors))
        if self.solo_cards.drawn > self.solo_cards.available:
            found.append(
                f"solo_cards.drawn: {self.solo_cards.drawn} is more than "
                f"available {self.solo_cards.available}"
            )
        if self.solo_cards.drawn != self.rounds:
            found.append(
                f"solo_cards.drawn: {self.solo_cards.drawn} cards for {self.rounds} rounds"
                " (one card is turned over per round)"
            )
        for i, project in enumerate(self.major_projects):
            if (project.scoring == "compare") != (project.measure is not None):
                found.append(
                    f"major_projects.{i}.measure: a compared project needs a measure, "
                    "a funded-only project has none"
                )
        spans = [
            ("card_value_ranges", self.card_value_ranges, n)
            for n in ("floor", "influence", "law_vote")
        ]
        spans += [
            ("player_value_ranges", self.player_value_ranges, n) for n in ("influence", "funded_pp")
        ]
        for where, ranges, name in spans:
            span = getattr(ranges, name)
            if span.min > span.max:
                found.append(f"{where}.{name}: min {span.min} is more than max {span.max}")
        return found


def load_solo_tracker(path: Path | str | None = None) -> SoloTracker:
    """Load solo.yaml (the shipped one, parsed once, unless ``path`` is given)."""
    return _shipped_solo_tracker() if path is None else load_model(path, SoloTracker)


@cache
def _shipped_solo_tracker() -> SoloTracker:
    return load_model(federation_dir() / "solo.yaml", SoloTracker)
