"""Typed models of the Stellar Drift layout files under layouts/stellar_drift/.

A ship grid names its spaces like a chess board: column letter, row number
("A1" is the top-left space). A wall is written "C4|C5" between two
orthogonally adjacent spaces. The Reactor Core counts as repaired from the start.
"""

from __future__ import annotations

import string
from collections import Counter
from functools import cached_property
from typing import Literal

from pydantic import Field as PydField

from scoring.layout_file import Strict

Colour = Literal["blue", "yellow", "red", "green"]
COLOURS: tuple[Colour, ...] = ("blue", "yellow", "red", "green")
TrackSymbol = Literal["power", "life_support", "cpu_core", "engines", "fuel"]
Reward = Literal["power", "life_support", "cpu_core", "engines", "fuel", "tech"]
Special = Literal["ladder", "loot", "airlock"]
BoxSymbol = Literal["energy", "bag", "energy_income", "cube_income", "padlock"]


def parse_cell(name: str) -> tuple[int, int]:
    """ "C4" -> (column 2, row 3), zero-based; ValueError if it is not a cell name."""
    if len(name) < 2 or name[0] not in string.ascii_uppercase or not name[1:].isdigit():
        raise ValueError(f"not a space name: {name!r} (expected a letter and a number, e.g. C4)")
    return string.ascii_uppercase.index(name[0]), int(name[1:]) - 1


def cell_name(col: int, row: int) -> str:
    return f"{string.ascii_uppercase[col]}{row + 1}"


class Space(Strict):
    at: str
    cost: list[Colour] = PydField(default_factory=list, max_length=3)
    special: Special | None = None
    letter: str | None = None  # ladder pairs share a letter
    rewards: list[Reward] = PydField(default_factory=list)
    section: str | None = None


class Section(Strict):
    id: str
    colour: Colour
    vp: int = PydField(ge=1)


class Ship(Strict):
    id: str
    name: str
    version: int = PydField(ge=1)
    difficulty: int = PydField(ge=1, le=5)
    columns: int = PydField(ge=3, le=10)
    rows: int = PydField(ge=3, le=12)
    reactor: str
    spaces: list[Space]
    walls: list[str] = PydField(default_factory=list)
    sections: list[Section] = PydField(default_factory=list)

    @cached_property
    def by_name(self) -> dict[str, Space]:
        return {s.at: s for s in self.spaces}

    @cached_property
    def section_by_id(self) -> dict[str, Section]:
        return {s.id: s for s in self.sections}

    @cached_property
    def wall_set(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(w.split("|")) for w in self.walls if w.count("|") == 1)

    def section_spaces(self, section_id: str) -> list[str]:
        return [s.at for s in self.spaces if s.section == section_id]

    def grid_neighbours(self, name: str) -> list[str]:
        """Existing spaces orthogonally next to ``name``, walls ignored."""
        c, r = parse_cell(name)
        out = []
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            cc, rr = c + dc, r + dr
            if 0 <= cc < self.columns and 0 <= rr < self.rows:
                other = cell_name(cc, rr)
                if other in self.by_name:
                    out.append(other)
        return out

    def open_neighbours(self, name: str) -> list[str]:
        """Spaces adjacent to ``name`` through an open side (no wall between)."""
        return [n for n in self.grid_neighbours(name) if frozenset((name, n)) not in self.wall_set]

    def ladder_partners(self, name: str) -> list[str]:
        space = self.by_name[name]
        if space.special != "ladder":
            return []
        return [
            s.at
            for s in self.spaces
            if s.special == "ladder" and s.letter == space.letter and s.at != name
        ]

    def reachable(self) -> set[str]:
        """Spaces reachable from the Reactor Core through open sides and ladder pairs.

        Airlocks need no extra edge: a jump only goes to another airlock, which
        must itself be reachable for the ship to be completable without jumps.
        """
        seen = {self.reactor}
        todo = [self.reactor]
        while todo:
            here = todo.pop()
            for nxt in self.open_neighbours(here) + self.ladder_partners(here):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def problems(self) -> list[str]:
        found: list[str] = []
        names: list[str] = []
        for i, space in enumerate(self.spaces):
            where = f"spaces.{i} ({space.at})"
            try:
                c, r = parse_cell(space.at)
            except ValueError as exc:
                found.append(f"{where}.at: {exc}")
                continue
            if not (c < self.columns and r < self.rows):
                found.append(f"{where}.at: outside the {self.columns}x{self.rows} grid")
            names.append(space.at)
            if space.special in ("ladder", "airlock") and space.cost:
                found.append(f"{where}.cost: a {space.special} space costs nothing")
            if space.special == "loot" and space.cost:
                found.append(f"{where}.cost: a loot space costs one cube of any colour; list none")
            if space.special is None and not space.cost and space.at != self.reactor:
                found.append(f"{where}.cost: a normal space costs 1 to 3 cubes")
            if (space.special == "ladder") != (space.letter is not None):
                found.append(f"{where}.letter: ladder spaces, and only they, carry a letter")
            if space.section is not None and space.section not in self.section_by_id:
                found.append(f"{where}.section: unknown section {space.section!r}")
        for name, n in Counter(names).items():
            if n > 1:
                found.append(f"spaces: duplicate space {name} ({n} times)")
        if self.reactor not in self.by_name:
            found.append(f"reactor: {self.reactor} is not one of the spaces")
        elif self.by_name[self.reactor].cost or self.by_name[self.reactor].rewards:
            found.append("reactor: the Reactor Core has no cost and no rewards")
        for i, wall in enumerate(self.walls):
            parts = wall.split("|")
            if len(parts) != 2:
                found.append(f"walls.{i}: {wall!r} is not two spaces joined by '|'")
                continue
            missing = [p for p in parts if p not in self.by_name]
            if missing:
                found.append(
                    f"walls.{i}: wall {wall} leads to nowhere ({', '.join(missing)} is not a space)"
                )
            elif parts[1] not in self.grid_neighbours(parts[0]):
                found.append(f"walls.{i}: {parts[0]} and {parts[1]} are not side by side")
        letters = Counter(s.letter for s in self.spaces if s.special == "ladder")
        for letter, n in letters.items():
            if n != 2:
                found.append(f"spaces: ladder letter {letter} appears {n} times (pairs only)")
        for sid, n in Counter(s.id for s in self.sections).items():
            if n > 1:
                found.append(f"sections: duplicate section id {sid!r}")
        if not found:
            found += self._section_problems()
        if not found:
            centre = cell_name(self.columns // 2, self.rows // 2)
            if self.columns % 2 == 0 or self.rows % 2 == 0 or self.reactor != centre:
                found.append(
                    f"reactor: the Reactor Core must be the centre space of an odd-sized "
                    f"grid ({centre} for {self.columns}x{self.rows})"
                )
            cut_off = sorted(set(self.by_name) - self.reachable(), key=parse_cell)
            if cut_off:
                found.append(
                    f"spaces: not reachable from the Reactor Core through open sides: "
                    f"{', '.join(cut_off)}"
                )
        return found

    def _section_problems(self) -> list[str]:
        found = []
        for sec in self.sections:
            members = set(self.section_spaces(sec.id))
            if not members:
                found.append(f"sections.{sec.id}: has no spaces")
                continue
            start = next(iter(members))
            seen, todo = {start}, [start]
            while todo:
                for n in self.grid_neighbours(todo.pop()):
                    if n in members and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if seen != members:
                found.append(f"sections.{sec.id}: its spaces are not all side by side")
            for name in members:
                for n in self.grid_neighbours(name):
                    other = self.by_name[n].section
                    if other and other != sec.id and self.section_by_id[other].colour == sec.colour:
                        found.append(
                            f"sections.{sec.id}: touches {other} of the same colour "
                            f"({name}-{n}); they would be one section"
                        )
        return sorted(set(found))


class TrackBox(Strict):
    symbols: list[BoxSymbol] = PydField(default_factory=list)
    vp: int | None = None
    ability: str | None = None  # id of the ability a padlock unlocks


class Ability(Strict):
    id: str
    text: str
    uses: int = PydField(default=1, ge=1, le=2)


class ShipTrack(Strict):
    id: TrackSymbol
    name: str
    colour: Colour | None = None
    boxes: list[TrackBox]


class CaptainSkill(Strict):
    colour: Colour
    cost: str
    text: str


class SoloBand(Strict):
    min: int
    max: int | None
    label: str


class Tracker(Strict):
    id: str
    name: str
    version: int = PydField(ge=1)
    ship_tracks: list[ShipTrack] = PydField(min_length=5, max_length=5)
    abilities: list[Ability] = PydField(default_factory=list)
    captain_skills: list[CaptainSkill] = PydField(min_length=4, max_length=4)
    rounds: int = 7
    section_bonus_vp: int = 3
    section_bonus_abilities: list[Ability] = PydField(min_length=4, max_length=4)
    storage_slots: int = 2
    max_energy: int = 12
    max_leftover_cubes: int = 12
    tie_breaker: dict[Literal["energy", "cube"], int]
    solo_chart: list[SoloBand]

    def problems(self) -> list[str]:
        found = []
        ids = {a.id for a in self.abilities}
        for t in self.ship_tracks:
            if sum(1 for box in t.boxes if box.ability) > 1:
                found.append(
                    f"ship_tracks.{t.id}: unlocks more than one ability; the tracker "
                    "sheet has room for one, at the end of the track"
                )
            for i, box in enumerate(t.boxes):
                if ("padlock" in box.symbols) != (box.ability is not None):
                    found.append(
                        f"ship_tracks.{t.id}.boxes.{i}: a padlock box names the ability "
                        "it unlocks, and only a padlock box does"
                    )
                if box.ability and box.ability not in ids:
                    found.append(
                        f"ship_tracks.{t.id}.boxes.{i}.ability: unknown ability {box.ability!r}"
                    )
        if sorted(s.colour for s in self.captain_skills) != sorted(COLOURS):
            found.append("captain_skills: one skill per cube colour")
        if [t.id for t in self.ship_tracks] and len({t.id for t in self.ship_tracks}) != 5:
            found.append("ship_tracks: the five tracks must differ")
        return found


class TechTrack(Strict):
    colour: Literal["yellow", "green", "red"]
    boxes: list[TrackBox]  # bottom to top


class Income(Strict):
    start: int
    boxes: int = PydField(ge=1)


class Tech(Strict):
    id: str
    name: str
    version: int = PydField(ge=1)
    energy_income: Income
    cube_income: Income
    tech_tracks: list[TechTrack] = PydField(min_length=3, max_length=3)
    abilities: list[Ability]
    rounds: int = 7
    phases: list[str]

    def problems(self) -> list[str]:
        found = []
        ids = {a.id for a in self.abilities}
        for t in self.tech_tracks:
            for i, box in enumerate(t.boxes):
                if ("padlock" in box.symbols) != (box.ability is not None):
                    found.append(
                        f"tech_tracks.{t.colour}.boxes.{i}: a padlock box names the "
                        "ability it unlocks, and only a padlock box does"
                    )
                if box.ability and box.ability not in ids:
                    found.append(
                        f"tech_tracks.{t.colour}.boxes.{i}.ability: unknown ability {box.ability!r}"
                    )
        return found


class GameRules(Strict):
    """Numbers the rulebook prints for the whole game (setup, specials)."""

    bag_per_colour: dict[int, int]
    special_spaces: dict[Special, list[str]]
    first_game_ship: str
    cube_tokens_per_colour: int = 12
