"""Distant Suns setup: which Exploration Zone tiles go on the board, and the
Optimization tile opposite each.

Setup steps 2 and 3: shuffle the 10 zone tiles and keep 5, one per zone space
(the Black Hole zone is printed on the board and always in play); shuffle one
Optimization set into its 5 spaces; the second set goes opposite, each tile
facing its twin, so both sides of the board show the same pairing.

>>> s = distant_suns_setup(3, 5521)
>>> len(s.zones), sorted(s.optimization) == sorted(s.mirrored)
(5, True)
>>> s.optimization == s.mirrored
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pnp.setup import draw
from pnp.setup.code import SetupCode

GAME = "distant-suns"


@dataclass(frozen=True)
class ZoneInfo:
    id: str
    name: str
    hexes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class DistantSunsData:
    players: tuple[int, int]  # min, max
    zones: tuple[ZoneInfo, ...]  # the shuffled Exploration Zone tiles
    black_hole: ZoneInfo
    zones_per_game: int
    optimization: tuple[tuple[str, str, str], ...]  # (id, name, condition)
    sets: tuple[str, str]  # the first is shuffled, the second mirrors it

    def zone(self, zone_id: str) -> ZoneInfo:
        for z in (*self.zones, self.black_hole):
            if z.id == zone_id:
                return z
        raise KeyError(f"unknown zone {zone_id!r}")

    def optimization_name(self, tile_id: str) -> str:
        return next(name for i, name, _ in self.optimization if i == tile_id)


def _file_models():
    from pydantic import Field

    from scoring.layout_file import Strict

    class PlayerRange(Strict):
        min: int = Field(ge=1)
        max: int = Field(ge=1)
        assumed: bool = False
        note: str = ""

    class SetupFile(Strict):
        version: Literal[1]
        players: PlayerRange

    return SetupFile


@cache
def load_data(path: Path | str | None = None) -> DistantSunsData:
    from scoring.distant_suns.layout import load_cosmos, load_shapes
    from scoring.layout_file import layouts_root, load_model

    setup = load_model(path or layouts_root() / "setup" / "distant_suns.yaml", _file_models())
    shapes, cosmos = load_shapes(), load_cosmos()

    def info(z) -> ZoneInfo:
        return ZoneInfo(z.id, z.name, tuple(tuple(h) for h in z.hexes))

    return DistantSunsData(
        players=(setup.players.min, setup.players.max),
        zones=tuple(info(z) for z in shapes.zones),
        black_hole=info(shapes.black_hole),
        zones_per_game=cosmos.rules.zones_per_game,
        optimization=tuple((t.id, t.name, t.condition) for t in cosmos.optimization.tiles),
        sets=cosmos.optimization.sets,
    )


@dataclass(frozen=True)
class DistantSunsSetup:
    """``zones[i]`` lies on zone space i+1, between ``optimization[i]`` (first set) and
    ``mirrored[i]`` (second set); ``out`` went back in the box."""

    code: SetupCode
    zones: tuple[str, ...]
    optimization: tuple[str, ...]
    mirrored: tuple[str, ...]
    out: tuple[str, ...]
    black_hole: str

    @property
    def pairings(self) -> tuple[tuple[str, str], ...]:
        """(Optimization tile, Exploration Zone) for each zone space, in board order."""
        return tuple(zip(self.optimization, self.zones, strict=True))


def distant_suns_setup(
    players: int, seed: int, data: DistantSunsData | None = None
) -> DistantSunsSetup:
    """The board for ``players`` from ``seed`` (the player count changes nothing on the board)."""
    data = data or load_data()
    low, high = data.players
    if not low <= players <= high:
        raise ValueError(f"Distant Suns takes {low} to {high} players, not {players}")
    spaces = data.zones_per_game
    if len(data.optimization) != spaces:
        raise ValueError(
            f"{len(data.optimization)} Optimization tiles for {spaces} zone spaces: "
            "each space needs exactly one"
        )
    zone_ids = [z.id for z in data.zones]
    pile = draw.shuffled(draw.rng_for(GAME, seed, "zones"), zone_ids)
    # Face-down tiles in a row: each space takes the next one; the rest go back in the box.
    kept, out = pile[:spaces], pile[spaces:]
    first_set = draw.shuffled(
        draw.rng_for(GAME, seed, "optimization"), [t[0] for t in data.optimization]
    )
    return DistantSunsSetup(
        code=SetupCode(GAME, players, seed),
        zones=tuple(kept),
        optimization=tuple(first_set),
        mirrored=tuple(first_set),  # the twin of each tile, opposite it
        out=tuple(sorted(out, key=zone_ids.index)),
        black_hole=data.black_hole.id,
    )


def describe(setup: DistantSunsSetup, data: DistantSunsData | None = None) -> list[str]:
    data = data or load_data()
    first, second = data.sets
    lines = [f"Distant Suns, {setup.code.players} players, setup code {setup.code}", ""]
    lines.append(
        f"Board, zone space by zone space ({first} set on one long edge, {second} opposite):"
    )
    for i, (tile, zone) in enumerate(setup.pairings, start=1):
        z = data.zone(zone)
        lines.append(
            f"  {i}. {data.optimization_name(tile):<10} | {z.name:<11} ({len(z.hexes)} hexes) "
            f"| {data.optimization_name(tile)}"
        )
    lines.append(f"     fixed: {data.black_hole.name} zone, printed on the board")
    lines.append("")
    lines.append("Pairings (Optimization tile -> the zone shape it scores):")
    for tile, zone in setup.pairings:
        lines.append(f"  {data.optimization_name(tile)} -> {data.zone(zone).name}")
    lines.append("")
    lines.append("Back in the box: " + ", ".join(data.zone(z).name for z in setup.out))
    return lines
