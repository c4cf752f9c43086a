"""The end-of-game score pad (scorepad.yaml) and its totals and ranking."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from scoring.federation._common import duplicate_ids, federation_dir
from scoring.layout_file import Strict, load_model


class PlayerRange(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


class Category(Strict):
    """One row of the pad: a bubble field of ``digits`` digits (plus a sign if signed)."""

    id: str
    label: str
    help: str
    end_step: int | None
    module: Literal["piracy"] | None
    max_value: int = Field(ge=0)
    signed: bool
    assumed: bool = False
    note: str = ""

    @property
    def min_value(self) -> int:
        return -self.max_value if self.signed else 0

    @property
    def digits(self) -> int:
        return len(str(self.max_value))


class TotalField(Strict):
    id: str
    label: str


class ScorePad(Strict):
    players: PlayerRange
    ties: Literal["shared"]
    ties_assumed: bool
    categories: list[Category] = Field(min_length=1)
    total: TotalField

    @property
    def total_max(self) -> int:
        return sum(c.max_value for c in self.categories)

    def played(self, modules: Collection[str]) -> list[Category]:
        """The categories of the base game and of ``modules``, in pad order."""
        return [c for c in self.categories if c.module is None or c.module in modules]

    def category(self, category_id: str) -> Category:
        for category in self.categories:
            if category.id == category_id:
                return category
        raise KeyError(f"no score pad category {category_id!r}")

    def problems(self) -> list[str]:
        ids = [c.id for c in self.categories]
        found = duplicate_ids("categories", [*ids, self.total.id])
        if self.players.min > self.players.max:
            found.append(f"players: min {self.players.min} is more than max {self.players.max}")
        for i, category in enumerate(self.categories):
            if category.assumed and not category.note.strip():
                found.append(f"categories.{i}.note: an assumed category must say why")
        return found


def load_score_pad(path: Path | str | None = None) -> ScorePad:
    """Load scorepad.yaml (the shipped one, parsed once, unless ``path`` is given)."""
    return _shipped_score_pad() if path is None else load_model(path, ScorePad)


@cache
def _shipped_score_pad() -> ScorePad:
    # frozen: one parse serves every page read (each took ~20 ms of YAML)
    return load_model(federation_dir() / "scorepad.yaml", ScorePad)


class ScorePadError(ValueError):
    """Score values that cannot be totalled; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("invalid score pad values:\n" + "\n".join(f"  - {p}" for p in problems))


@dataclass(frozen=True)
class Line:
    category: str
    label: str
    value: int


@dataclass(frozen=True)
class PlayerScore:
    player: str
    lines: tuple[Line, ...]
    total: int
    rank: int
    shared: bool

    def explain(self) -> str:
        """E.g. ``"Ana: 40 + 12 + 5 + 20 + 0 = 77, rank 1 (shared)"``."""
        sums = " + ".join(str(line.value) for line in self.lines)
        tie = " (shared)" if self.shared else ""
        return f"{self.player}: {sums} = {self.total}, rank {self.rank}{tie}"


@dataclass(frozen=True)
class ScorePadResult:
    """Players best first; tied players keep their input order and share a rank."""

    scores: tuple[PlayerScore, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.scores if s.rank == 1)

    def explain(self) -> str:
        return "\n".join(s.explain() for s in self.scores)


def score_pad_totals(
    pad: ScorePad,
    values: Mapping[str, Mapping[str, int]],
    modules: Collection[str] = ("piracy",),
) -> ScorePadResult:
    """Total each player's categories and rank them; ties share a rank (1, 1, 3).

    ``values`` maps player name to {category id: value}. Categories of a module
    not in ``modules`` must be absent; all others are required. Every problem
    is reported at once in a ScorePadError.
    """
    active = pad.played(modules)
    known = {c.id for c in pad.categories}
    found: list[str] = []
    if not pad.players.min <= len(values) <= pad.players.max:
        found.append(f"{len(values)} players; the pad holds {pad.players.min} to {pad.players.max}")
    for player, row in values.items():
        for key in row:
            if key not in known:
                found.append(f"{player}: unknown category {key!r}")
            elif key not in {c.id for c in active}:
                module = pad.category(key).module
                found.append(f"{player}: category {key!r} needs module {module!r}")
        for category in active:
            if category.id not in row:
                found.append(f"{player}: missing {category.id!r}")
                continue
            value = row[category.id]
            if isinstance(value, bool) or not isinstance(value, int):
                found.append(f"{player}: {category.id} = {value!r} is not a whole number")
            elif not category.min_value <= value <= category.max_value:
                found.append(
                    f"{player}: {category.id} = {value} is outside "
                    f"{category.min_value}..{category.max_value}"
                )
    if found:
        raise ScorePadError(found)

    totals = {
        player: (
            tuple(Line(c.id, c.label, row[c.id]) for c in active),
            sum(row[c.id] for c in active),
        )
        for player, row in values.items()
    }
    ordered = sorted(totals, key=lambda p: -totals[p][1])  # stable: ties keep input order
    all_totals = [t for _, t in totals.values()]
    scores = tuple(
        PlayerScore(
            player=p,
            lines=totals[p][0],
            total=totals[p][1],
            rank=1 + sum(t > totals[p][1] for t in all_totals),
            shared=all_totals.count(totals[p][1]) > 1,
        )
        for p in ordered
    )
    return ScorePadResult(scores)
