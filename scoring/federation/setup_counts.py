"""Setup counts for the Piracy module, AI Assistant module and Solo mode (setup.yaml)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from scoring.federation._common import duplicate_ids, federation_dir
from scoring.layout_file import Strict, load_model

Module = Literal["base", "piracy", "ai_assistant", "solo"]


class PlayerRange(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)
    assumed: bool = False
    note: str = ""


class SetupCount(Strict):
    """One count: fixed (``count``), per player (``per_player * n + plus``) or a table."""

    id: str
    module: Module
    step: str
    label: str
    count: int | None = Field(default=None, ge=0)
    per_player: int | None = Field(default=None, ge=0)
    plus: int = 0
    by_players: dict[int, int] | None = None
    out_of: int | None = Field(default=None, ge=1)
    assumed: bool = False
    note: str = ""

    def count_for(self, players: int) -> int:
        """How many for a game of ``players``; ValueError when the rulebook prints none."""
        if self.count is not None:
            return self.count
        if self.per_player is not None:
            return self.per_player * players + self.plus
        table = self.by_players or {}
        if players not in table:
            raise ValueError(
                f"{self.id}: the rulebook prints no value for {players} players "
                f"(printed for {sorted(table)})"
            )
        return table[players]

    def problems(self, where: str) -> list[str]:
        found = []
        kinds = [k for k in ("count", "per_player", "by_players") if getattr(self, k) is not None]
        if len(kinds) != 1:
            found.append(
                f"{where}: give exactly one of count, per_player, by_players "
                f"(got {kinds or 'none'})"
            )
        if self.plus and self.per_player is None:
            found.append(f"{where}.plus: only allowed with per_player")
        if self.out_of is not None and self.count is not None and self.count > self.out_of:
            found.append(f"{where}.count: {self.count} is more than out_of {self.out_of}")
        if self.assumed and not self.note.strip():
            found.append(f"{where}.note: an assumed count must say why")
        return found


class Setup(Strict):
    players: PlayerRange
    entries: list[SetupCount]

    def entry(self, entry_id: str) -> SetupCount:
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(f"no setup entry {entry_id!r}")

    def problems(self) -> list[str]:
        found = duplicate_ids("entries", (e.id for e in self.entries))
        if self.players.min > self.players.max:
            found.append(f"players: min {self.players.min} is more than max {self.players.max}")
        for i, entry in enumerate(self.entries):
            found += entry.problems(f"entries.{i}")
            if entry.per_player is not None and entry.out_of is not None:
                most = entry.count_for(self.players.max)
                if most > entry.out_of:
                    found.append(
                        f"entries.{i}.out_of: {self.players.max} players need {most}, "
                        f"only {entry.out_of} exist"
                    )
        return found


def load_setup(path: Path | str | None = None) -> Setup:
    """Load setup.yaml (the shipped one unless ``path`` is given)."""
    return load_model(path or federation_dir() / "setup.yaml", Setup)
