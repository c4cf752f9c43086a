"""Read-only facts about a ship layout that scoring needs and layout.py does not offer.

Computed once per Ship object (layouts are frozen and loaded once), so
checking and scoring a state costs set operations only.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.stellar_drift import fields
from scoring.stellar_drift.layout import Section, Ship, Tech, Tracker


@dataclass(frozen=True)
class ShipFacts:
    spaces: frozenset[str]
    reactor: str
    sections: tuple[tuple[Section, frozenset[str], tuple[str, ...]], ...]  # section, set, in order
    links: dict[str, tuple[str, ...]]  # adjacency for repairing: open sides, ladders, airlocks


_FACTS: dict[int, tuple[Ship, ShipFacts]] = {}


def ship_facts(ship: Ship) -> ShipFacts:
    cached = _FACTS.get(id(ship))
    if cached is not None and cached[0] is ship:
        return cached[1]
    airlocks = [s.at for s in ship.spaces if s.special == "airlock"]
    links: dict[str, tuple[str, ...]] = {}
    for space in ship.spaces:
        near = ship.open_neighbours(space.at) + ship.ladder_partners(space.at)
        if space.special == "airlock":
            # a repaired airlock lets you jump (1 energy) to any other airlock
            near += [a for a in airlocks if a != space.at]
        links[space.at] = tuple(dict.fromkeys(near))
    sections = tuple(
        (sec, frozenset(members), tuple(sorted(members, key=sheet_order)))
        for sec in ship.sections
        for members in [ship.section_spaces(sec.id)]
    )
    facts = ShipFacts(frozenset(ship.by_name), ship.reactor, sections, links)
    if len(_FACTS) > 64:
        _FACTS.clear()
    _FACTS[id(ship)] = (ship, facts)
    return facts


def completed_sections(
    ship: Ship, repaired: frozenset[str] | set[str]
) -> list[tuple[Section, tuple[str, ...]]]:
    """Sections whose every space is repaired (the Reactor Core counts as repaired)."""
    facts = ship_facts(ship)
    done = set(repaired) | {facts.reactor}
    return [(sec, spaces) for sec, members, spaces in facts.sections if members <= done]


def islands(ship: Ship, repaired: frozenset[str] | set[str]) -> list[list[str]]:
    """Groups of repaired spaces that no chain of repairs links to the Reactor Core.

    Links are open sides (no wall), ladder pairs and airlock jumps. Unknown
    names are ignored. Each group is sorted; groups are in sheet order.
    """
    facts = ship_facts(ship)
    done = {s for s in repaired if s in facts.spaces} | {facts.reactor}
    seen = {facts.reactor}
    todo = [facts.reactor]
    while todo:
        for nxt in facts.links[todo.pop()]:
            if nxt in done and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    rest = done - seen
    groups = []
    for start in sorted(rest, key=sheet_order):
        if start in seen:
            continue
        group, todo = {start}, [start]
        seen.add(start)
        while todo:
            for nxt in facts.links[todo.pop()]:
                if nxt in rest and nxt not in seen:
                    seen.add(nxt)
                    group.add(nxt)
                    todo.append(nxt)
        groups.append(sorted(group, key=sheet_order))
    return groups


def sheet_order(name: str) -> tuple[int, str]:
    """Row by row, top to bottom, left to right (as a person reads the sheet)."""
    return (int(name[1:]) if name[1:].isdigit() else 0, name[:1])


@dataclass(frozen=True)
class Unlock:
    """Where an ability is unlocked: the padlock box of a track (1-based)."""

    ability: str
    uses: int
    state_field: str  # "tracks.power" or "tech.red"
    box: int
    mark: str  # printed field id of the padlock box


_UNLOCKS: dict[tuple[int, int], tuple[Tracker, Tech, dict[str, Unlock]]] = {}


def unlocks(tracker: Tracker, tech: Tech) -> dict[str, Unlock]:
    """Every ability a padlock unlocks, by id (ship-track and Tech abilities)."""
    cached = _UNLOCKS.get((id(tracker), id(tech)))
    if cached is not None and cached[0] is tracker and cached[1] is tech:
        return cached[2]
    found = _unlocks(tracker, tech)
    if len(_UNLOCKS) > 16:
        _UNLOCKS.clear()
    _UNLOCKS[(id(tracker), id(tech))] = (tracker, tech, found)
    return found


def _unlocks(tracker: Tracker, tech: Tech) -> dict[str, Unlock]:
    uses = {a.id: a.uses for a in [*tracker.abilities, *tech.abilities]}
    out: dict[str, Unlock] = {}
    for t in tracker.ship_tracks:
        for i, box in enumerate(t.boxes, 1):
            if box.ability:
                out[box.ability] = Unlock(
                    box.ability,
                    uses.get(box.ability, 1),
                    f"tracks.{t.id}",
                    i,
                    fields.track(t.id, i),
                )
    for tt in tech.tech_tracks:
        for i, box in enumerate(tt.boxes, 1):
            if box.ability:
                out[box.ability] = Unlock(
                    box.ability,
                    uses.get(box.ability, 1),
                    f"tech.{tt.colour}",
                    i,
                    fields.tech(tt.colour, i),
                )
    return out
