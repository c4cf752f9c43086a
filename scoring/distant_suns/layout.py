"""Typed models of the Distant Suns data files, with their cross-field checks.

* ``layouts/distant_suns/cosmos.yaml``: the Cosmos sheet (its hex grid and
  special spaces), the game's turn rules and its scoring table.
* ``layouts/distant_suns/shapes.yaml``: the Exploration Zone shapes, the
  permanent Black Hole zone and the glyph each zone is marked with.

Hexes follow :mod:`scoring.distant_suns.hexgrid`. Spaces of the sheet are
named by hex id (``"q3r5"``); a zone's hexes are ``[q, r]`` offsets, because
a shape is a pattern to lay down anywhere, not a set of spaces.
Every game number (points, limits) lives in the data, never in code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, PositiveInt

from scoring.distant_suns.hexgrid import (
    Hex,
    hex_id,
    is_connected,
    neighbours,
    orientations,
    parse_hex_id,
)
from scoring.layout_file import Strict, layouts_root, load_model

SpaceType = Literal["start", "alien", "upgrade", "treasure", "frontier", "black_hole"]


def _valid_hex_id(text: str) -> str:
    parse_hex_id(text)
    return text


HexId = Annotated[str, AfterValidator(_valid_hex_id)]
ZoneId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]


# --- cosmos.yaml -------------------------------------------------------------


class Row(Strict):
    """One row of the grid: the spaces ``(q, r)`` for q from ``q[0]`` to ``q[1]``."""

    r: int
    q: tuple[int, int]


class Grid(Strict):
    rows: tuple[Row, ...] = Field(min_length=1)


class Space(Strict):
    """A special space. ``reward`` (frontiers only) names a ``scoring.frontier_rewards`` entry."""

    hex: HexId
    type: SpaceType
    reward: str | None = None


class FrontierReward(Strict):
    """Points for the first player(s) to reach a Frontier, and for anyone later."""

    first: PositiveInt
    later: PositiveInt


class Rules(Strict):
    rounds: PositiveInt
    turns_per_round: PositiveInt
    zones_per_game: PositiveInt
    max_upgrades_per_turn: int = Field(ge=0)
    cannot_cover: tuple[SpaceType, ...]


class Scoring(Strict):
    """``optimization_points[n-1]`` is scored for meeting a tile's condition n times."""

    optimization_points: tuple[PositiveInt, ...] = Field(min_length=1)
    optimization_points_beyond: PositiveInt
    treasure_bonus: int
    alien_penalty: int
    frontier_rewards: dict[str, FrontierReward] = Field(min_length=1)

    def optimization(self, times: int) -> int:
        """Points for an Optimization tile whose condition was met ``times`` times.

        >>> Scoring(optimization_points=(3, 6), optimization_points_beyond=5,
        ...         treasure_bonus=10, alien_penalty=-5,
        ...         frontier_rewards={"near": {"first": 10, "later": 5}}).optimization(4)
        16
        """
        if times < 0:
            raise ValueError(f"a condition cannot be met {times} times")
        if times == 0:
            return 0
        table = self.optimization_points
        if times <= len(table):
            return table[times - 1]
        return table[-1] + (times - len(table)) * self.optimization_points_beyond


OptimizationTileId = Literal["alien", "upgrade", "treasure", "group", "black_hole"]


class OptimizationTileKind(Strict):
    """One of the five Optimization tiles; every set holds one of each."""

    id: OptimizationTileId
    name: str = Field(min_length=1)
    icon: str = Field(min_length=1)
    condition: str = Field(min_length=1)


class Optimization(Strict):
    sets: tuple[str, str]
    tiles: tuple[OptimizationTileKind, ...] = Field(min_length=1)

    def problems(self) -> list[str]:
        ids = [t.id for t in self.tiles]
        return [
            f"optimization.tiles: {i} listed twice" for i in sorted(set(ids)) if ids.count(i) > 1
        ]


class Cosmos(Strict):
    """The Cosmos sheet: its grid, its special spaces, and the game's numbers."""

    version: Literal[1]
    name: str = Field(min_length=1)
    grid: Grid
    spaces: tuple[Space, ...]
    rules: Rules
    optimization: Optimization
    scoring: Scoring

    @cached_property
    def hexes(self) -> frozenset[Hex]:
        """Every space of the grid."""
        return frozenset(
            (q, row.r) for row in self.grid.rows for q in range(row.q[0], row.q[1] + 1)
        )

    @cached_property
    def space_types(self) -> Mapping[Hex, SpaceType]:
        """The type of each special space; plain spaces are absent."""
        return {parse_hex_id(s.hex): s.type for s in self.spaces}

    def of_type(self, kind: SpaceType) -> frozenset[Hex]:
        return frozenset(h for h, t in self.space_types.items() if t == kind)

    @property
    def start(self) -> Hex:
        (start,) = self.of_type("start")
        return start

    @cached_property
    def uncoverable(self) -> frozenset[Hex]:
        """Spaces no shape may cover (``rules.cannot_cover``)."""
        banned = set(self.rules.cannot_cover)
        return frozenset(h for h, t in self.space_types.items() if t in banned)

    @property
    def upgrade_slots(self) -> int:
        """Circles in the Upgrades area: one per Upgrade space."""
        return len(self.of_type("upgrade"))

    def frontier_reward(self, h: Hex) -> FrontierReward:
        for space in self.spaces:
            if space.type == "frontier" and parse_hex_id(space.hex) == h and space.reward:
                return self.scoring.frontier_rewards[space.reward]
        raise KeyError(f"{hex_id(h)} is not a frontier space of {self.name!r}")

    def problems(self) -> list[str]:
        """Every inconsistency across fields (the types are already right)."""
        found: list[str] = self.optimization.problems()
        rows = Counter(row.r for row in self.grid.rows)
        found += [f"grid.rows: row r={r} is listed {n} times" for r, n in rows.items() if n > 1]
        for i, row in enumerate(self.grid.rows):
            if row.q[0] > row.q[1]:
                found.append(f"grid.rows.{i}.q: first q {row.q[0]} is after last q {row.q[1]}")
        first_at: dict[str, int] = {}
        for i, space in enumerate(self.spaces):
            where = f"spaces.{i}"
            h = parse_hex_id(space.hex)
            if space.hex in first_at:
                found.append(
                    f"{where}.hex: {space.hex} is listed twice (also spaces.{first_at[space.hex]})"
                )
            first_at.setdefault(space.hex, i)
            if h not in self.hexes:
                found.append(f"{where}.hex: {space.hex} is outside the grid")
            if space.type == "frontier":
                if space.reward is None:
                    found.append(f"{where}.reward: a frontier needs a reward")
                elif space.reward not in self.scoring.frontier_rewards:
                    known = ", ".join(sorted(self.scoring.frontier_rewards))
                    found.append(
                        f"{where}.reward: unknown reward {space.reward!r} (known: {known})"
                    )
                if h in self.hexes and all(n in self.hexes for n in neighbours(h)):
                    found.append(f"{where}.hex: frontier {space.hex} is not on the grid's edge")
            elif space.reward is not None:
                found.append(f"{where}.reward: only frontier spaces have a reward")
        starts = sum(1 for s in self.spaces if s.type == "start")
        if starts != 1:
            found.append(f"spaces: exactly one start space needed, found {starts}")
        points = self.scoring.optimization_points
        if any(b <= a for a, b in zip(points, points[1:], strict=False)):
            found.append("scoring.optimization_points: must increase")
        return found


# --- shapes.yaml -------------------------------------------------------------


class Zone(Strict):
    """An Exploration Zone: a polyhex and the glyph players draw inside it."""

    id: ZoneId
    name: str = Field(min_length=1)
    glyph: str
    hexes: tuple[tuple[int, int], ...] = Field(min_length=3, max_length=6)

    @property
    def size(self) -> int:
        return len(self.hexes)


class Shapes(Strict):
    """The zones: ``zones`` are shuffled each game, ``black_hole`` is always in play.

    ``glyphs`` maps each glyph key to how a player draws it with a pencil.
    """

    version: Literal[1]
    glyphs: dict[str, str] = Field(min_length=1)
    zones: tuple[Zone, ...] = Field(min_length=1)
    black_hole: Zone

    @property
    def all_zones(self) -> tuple[Zone, ...]:
        return (*self.zones, self.black_hole)

    def zone(self, zone_id: str) -> Zone:
        for z in self.all_zones:
            if z.id == zone_id:
                return z
        known = ", ".join(z.id for z in self.all_zones)
        raise KeyError(f"unknown zone {zone_id!r} (known: {known})")

    def problems(self) -> list[str]:
        found: list[str] = []
        named = [(f"zones.{i}", z) for i, z in enumerate(self.zones)]
        named.append(("black_hole", self.black_hole))
        seen_ids: dict[str, str] = {}
        seen_glyphs: dict[str, str] = {}
        seen_forms: dict[tuple[Hex, ...], str] = {}
        for where, z in named:
            if z.id in seen_ids:
                found.append(f"{where}.id: {z.id!r} is also the id of {seen_ids[z.id]}")
            seen_ids.setdefault(z.id, where)
            if z.glyph not in self.glyphs:
                found.append(f"{where}.glyph: unknown glyph {z.glyph!r}")
            elif z.glyph in seen_glyphs:
                found.append(
                    f"{where}.glyph: {z.glyph!r} is also the glyph of {seen_glyphs[z.glyph]}"
                )
            seen_glyphs.setdefault(z.glyph, where)
            dupes = sorted({h for h, n in Counter(z.hexes).items() if n > 1})
            if dupes:
                listed = ", ".join(f"[{q}, {r}]" for q, r in dupes)
                found.append(f"{where}.hexes: {z.id!r} lists {listed} more than once")
            elif not is_connected(z.hexes):
                found.append(f"{where}.hexes: {z.id!r} is not one connected piece")
            else:
                form = min(orientations(z.hexes))
                if form in seen_forms:
                    found.append(
                        f"{where}.hexes: {z.id!r} has the same shape as {seen_forms[form]}"
                    )
                seen_forms.setdefault(form, where)
        return found


# --- loading -----------------------------------------------------------------


def default_path(name: str) -> Path:
    return layouts_root() / "distant_suns" / name


def load_cosmos(path: Path | str | None = None) -> Cosmos:
    """The Cosmos sheet from ``path`` (default: the shipped cosmos.yaml)."""
    return load_model(path or default_path("cosmos.yaml"), Cosmos)


def load_shapes(path: Path | str | None = None) -> Shapes:
    """The zone shapes from ``path`` (default: the shipped shapes.yaml)."""
    return load_model(path or default_path("shapes.yaml"), Shapes)


__all__ = [
    "Cosmos",
    "FrontierReward",
    "Grid",
    "Row",
    "Rules",
    "Scoring",
    "Shapes",
    "Space",
    "SpaceType",
    "Zone",
    "load_cosmos",
    "load_shapes",
]
