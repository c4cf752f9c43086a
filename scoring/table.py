"""A game-neutral score table: every player's categories, total, tie-breaker and place.

Each game's scorer explains its own categories; this module ranks them the same
way for all games: most points first, then the tie-breaker where the game has one,
players still tied share the place (1, 1, 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class CategoryScore:
    id: str
    label: str
    points: int
    why: str = ""
    ids: tuple[str, ...] = ()  # the printed fields (spaces, boxes, hexes) that earned it


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    categories: tuple[CategoryScore, ...]
    tiebreak: int | None = None
    tiebreak_why: str = ""
    serial: int | None = None
    rank: int = 0
    shared: bool = False
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "serial": self.serial,
            "total": self.total,
            "categories": {
                c.id: {"label": c.label, "points": c.points, "why": c.why, "ids": list(c.ids)}
                for c in self.categories
            },
            "tiebreak": self.tiebreak,
            "rank": self.rank,
            "shared": self.shared,
            **({"detail": self.detail} if self.detail else {}),
        }


@dataclass(frozen=True)
class Table:
    game: str
    players: tuple[PlayerResult, ...]

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.rank == 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "winners": self.winners,
        }


def ranked(game: str, results: list[PlayerResult]) -> Table:
    """Best first by (total, tie-breaker); equal keys share a place; input order kept in ties."""
    keys = [(r.total, r.tiebreak if r.tiebreak is not None else 0) for r in results]
    order = sorted(range(len(results)), key=lambda i: (-keys[i][0], -keys[i][1]))
    players = tuple(
        replace(results[i], rank=1 + sum(k > keys[i] for k in keys), shared=keys.count(keys[i]) > 1)
        for i in order
    )
    return Table(game, players)
