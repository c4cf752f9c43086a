"""The Dashboard board: zone spaces, notches and the Assignment Modules in them.

``layouts/distant_suns/board.yaml`` says where the notches are and which zone
space each one faces (the rulebook leaves that to the physical board). A
:class:`Board` is one game's board: the zone on each space and the
Optimization tile opposite it. A :class:`ModulePlacement` is a Module in two
neighbouring notches of one side; its face decides which notch holds the
octagon ("your opponents") and which the circle ("you").

>>> layout = load_board_layout()
>>> len(legal_module_placements(layout, frozenset()))
20
>>> ModulePlacement("top", octagon=3, circle=4)
ModulePlacement('top', octagon=3, circle=4)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, PositiveInt

from scoring.distant_suns.layout import Cosmos, Shapes, default_path
from scoring.layout_file import Strict, load_model

Notch = tuple[str, int]  # (side id, position along the side from 1)


class Side(Strict):
    """One long edge: ``notches[i]`` is the zone space notch i+1 faces, left to right."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    notches: tuple[PositiveInt, ...] = Field(min_length=2)


class BoardLayout(Strict):
    version: Literal[1]
    modules: PositiveInt
    zone_spaces: PositiveInt
    black_hole_space: PositiveInt
    sides: tuple[Side, ...] = Field(min_length=1)

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        known = ", ".join(s.id for s in self.sides)
        raise KeyError(f"no side {side_id!r} (sides: {known})")

    def problems(self) -> list[str]:
        found = []
        ids = [s.id for s in self.sides]
        found += [f"sides: {i!r} listed twice" for i in sorted(set(ids)) if ids.count(i) > 1]
        if self.black_hole_space > self.zone_spaces:
            found.append(
                f"black_hole_space: {self.black_hole_space}, but there are "
                f"{self.zone_spaces} zone spaces"
            )
        for i, s in enumerate(self.sides):
            for j, space in enumerate(s.notches):
                if space > self.zone_spaces:
                    found.append(
                        f"sides.{i}.notches.{j}: faces space {space}, but there are "
                        f"{self.zone_spaces}"
                    )
        return found


def load_board_layout(path: Path | str | None = None) -> BoardLayout:
    """The notches from ``path`` (default: the shipped board.yaml)."""
    return load_model(path or default_path("board.yaml"), BoardLayout)


@dataclass(frozen=True)
class ModulePlacement:
    """An Assignment Module in two neighbouring notches of ``side``.

    ``octagon`` and ``circle`` are notch positions along the side (from 1);
    the Module's face decides which of the two holds which.
    """

    side: str
    octagon: int
    circle: int

    @property
    def notches(self) -> tuple[Notch, Notch]:
        return (self.side, self.octagon), (self.side, self.circle)

    def __repr__(self) -> str:
        return f"ModulePlacement({self.side!r}, octagon={self.octagon}, circle={self.circle})"

    def __str__(self) -> str:
        return f"{self.side} notches {self.octagon} (octagon) and {self.circle} (circle)"


def module_problem(
    layout: BoardLayout, occupied: Collection[Notch], move: ModulePlacement
) -> str | None:
    """Why ``move`` cannot go in now, or None when it can."""
    try:
        side = layout.side(move.side)
    except KeyError as exc:
        return f"{move}: {exc.args[0]}"
    for n in (move.octagon, move.circle):
        if not 1 <= n <= len(side.notches):
            return f"{move}: side {side.id!r} has notches 1 to {len(side.notches)}, not {n}"
    if abs(move.octagon - move.circle) != 1:
        return f"{move}: notches {move.octagon} and {move.circle} are not neighbours"
    taken = [n for n in move.notches if n in occupied]
    if taken:
        listed = " and ".join(str(p) for _, p in taken)
        return f"{move}: notch {listed} of side {move.side!r} already holds a Module"
    return None


def legal_module_placements(
    layout: BoardLayout, occupied: Collection[Notch]
) -> list[ModulePlacement]:
    """Every way to put the next Module in: free neighbouring notches, either face.

    Order: side by side, left to right, octagon on the left first.
    """
    key = (id(layout), frozenset(occupied))
    cached = _LEGAL.get(key)
    if cached is None or cached[0] is not layout:
        if len(_LEGAL) > 4096:
            _LEGAL.clear()
        cached = _LEGAL[key] = (layout, tuple(_legal(layout, occupied)))
    return list(cached[1])


_LEGAL: dict[tuple[int, frozenset[Notch]], tuple[BoardLayout, tuple[ModulePlacement, ...]]] = {}


def _legal(layout: BoardLayout, occupied: Collection[Notch]) -> list[ModulePlacement]:
    found = []
    for side in layout.sides:
        for left in range(1, len(side.notches)):
            if (side.id, left) in occupied or (side.id, left + 1) in occupied:
                continue
            found.append(ModulePlacement(side.id, left, left + 1))
            found.append(ModulePlacement(side.id, left + 1, left))
    return found


@dataclass(frozen=True)
class Board:
    """One game's board: ``zones[i]`` lies on zone space i+1, ``tiles[i]`` opposite it.

    The Black Hole zone lies on ``layout.black_hole_space`` and faces no tile.
    """

    layout: BoardLayout
    zones: tuple[str, ...]
    tiles: tuple[str, ...]
    black_hole: str

    def __post_init__(self) -> None:
        spaces = self.layout.zone_spaces - 1
        if len(self.zones) != spaces or len(self.tiles) != spaces:
            raise ValueError(
                f"{len(self.zones)} zones and {len(self.tiles)} Optimization tiles for "
                f"{spaces} zone spaces: {self.zones!r}, {self.tiles!r}"
            )

    @classmethod
    def from_setup(
        cls,
        zones: Sequence[str],
        tiles: Sequence[str],
        shapes: Shapes,
        layout: BoardLayout | None = None,
    ) -> Board:
        """The board ``pnp setup`` lays: zone tiles and the first Optimization set in order."""
        return cls(layout or load_board_layout(), tuple(zones), tuple(tiles), shapes.black_hole.id)

    @classmethod
    def random(
        cls,
        rng: random.Random,
        cosmos: Cosmos,
        shapes: Shapes,
        layout: BoardLayout | None = None,
    ) -> Board:
        """Setup steps 2 and 3 from ``rng``: 5 zone tiles of 10, the Optimization set shuffled.

        Not the same draw as ``pnp setup`` for a seed; pass its zones and tiles to
        :meth:`from_setup` to play a printed setup.
        """
        layout = layout or load_board_layout()
        spaces = layout.zone_spaces - 1
        zones = rng.sample([z.id for z in shapes.zones], spaces)
        tiles = rng.sample([t.id for t in cosmos.optimization.tiles], spaces)
        return cls(layout, tuple(zones), tuple(tiles), shapes.black_hole.id)

    def zone_at(self, space: int) -> str:
        """The zone on zone space ``space`` (from 1)."""
        hole = self.layout.black_hole_space
        if space == hole:
            return self.black_hole
        return self.zones[space - 1 - (space > hole)]

    def zone_opposite(self, notch: Notch) -> str:
        side, position = notch
        return self.zone_at(self.layout.side(side).notches[position - 1])

    @property
    def optimization(self) -> dict[str, str]:
        """Zone id -> the Optimization tile opposite it (the Black Hole zone has none)."""
        return dict(zip(self.zones, self.tiles, strict=True))


__all__ = [
    "Board",
    "BoardLayout",
    "ModulePlacement",
    "Notch",
    "Side",
    "legal_module_placements",
    "load_board_layout",
    "module_problem",
]
