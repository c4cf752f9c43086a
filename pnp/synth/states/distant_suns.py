"""Distant Suns: a seeded board, then every player draws the assigned zones turn by turn."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pnp.synth.states.common import player_name
from scoring.distant_suns.facts import (
    drawn_shapes,
    frontier_reached,
    game_turn,
    geometry,
    listed,
)
from scoring.distant_suns.hexgrid import Hex, hex_id
from scoring.distant_suns.layout import Cosmos, Shapes, Zone, load_cosmos, load_shapes
from scoring.distant_suns.placement import Placement, Sheet, legal_placements
from scoring.distant_suns.state import parse_state as parse_distant_suns

#: Chance that a round has one turn fewer ("5 turns (or only 4, if the 5th cannot be
#: played)"), that a player spends Upgrades when it has some, and that a player
#: draws a shape anywhere legal rather than where it scores.
_SHORT_ROUND = 0.3
_UPGRADE = 0.3
_CARELESS = 0.1


@cache
def _cosmos_and_shapes() -> tuple[Cosmos, Shapes]:
    return load_cosmos(), load_shapes()


def _distant_suns(
    rng: random.Random, players: int | None, layout: str | None
) -> list[dict[str, Any]]:
    """One game: a board (zones, Optimization tiles), then every player's sheet."""
    cosmos, shapes = _cosmos_and_shapes()
    rules = cosmos.rules
    players = players or 1
    zones = rng.sample([z.id for z in shapes.zones], rules.zones_per_game)
    tiles = [t.id for t in cosmos.optimization.tiles]
    rng.shuffle(tiles)
    # as on the board: zone space i between Optimization tile i and its twin;
    # the Black Hole zone, printed at the end, faces none
    optimization = dict(zip(zones, tiles, strict=True))
    in_play = (*(shapes.zone(z) for z in zones), shapes.black_hole)
    drawers = [_Explorer(rng, Sheet(cosmos, in_play), optimization) for _ in range(players)]
    drawn: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    active = 0
    for round_ in range(1, rules.rounds + 1):
        turns = rules.turns_per_round - (1 if rng.random() < _SHORT_ROUND else 0)
        for turn in range(1, turns + 1):
            # the Assignment Module spans two neighbouring notches: the active
            # player's zone and, opposite the other end, everyone else's
            own, others = rng.sample(in_play, 2)
            number = game_turn(cosmos, round_, turn)
            for i, drawer in enumerate(drawers):
                p = drawer.draw(own if i == active else others, number)
                if p is not None:
                    drawn[i].append(
                        {
                            "zone": p.zone,
                            "hexes": list(listed(p.hexes)),
                            "round": round_,
                            "turn": turn,
                            "upgrades_used": p.upgrades_used,
                        }
                    )
            active = (active + 1) % players

    upgrades = cosmos.of_type("upgrade")
    states = []
    for k, (drawer, shapes_k) in enumerate(zip(drawers, drawn, strict=True), 1):
        covered = drawer.sheet.covered()
        spent = sum(s["upgrades_used"] for s in shapes_k)
        states.append(
            {
                "game": "distant-suns",
                "cosmos": "cosmos",
                "player": player_name(k),
                "serial": k,
                "zones": list(zones),
                "optimization": dict(optimization),
                "shapes": shapes_k,
                "upgrades_gained": len(upgrades & covered),
                "upgrades_used": list(range(1, spent + 1)),
                "frontier": {},
            }
        )
    # Frontier race: the earliest turn anyone reached a Frontier scores the high value
    reached = [
        frontier_reached(cosmos, drawn_shapes(parse_distant_suns(s), cosmos)) for s in states
    ]
    earliest: dict[Hex, int] = {}
    for r in reached:
        for h, t in r.items():
            earliest[h] = min(t, earliest.get(h, t))
    for state, r in zip(states, reached, strict=True):
        state["frontier"] = {
            hex_id(h): ("high" if t == earliest[h] else "low")
            for h, t in sorted(r.items(), key=lambda x: (x[0][1], x[0][0]))
        }
    return states


class _Explorer:
    """One player drawing on a Cosmos sheet: a legal placement each turn, mostly a good one."""

    def __init__(self, rng: random.Random, sheet: Sheet, optimization: dict[str, str]):
        self.rng = rng
        self.sheet = sheet
        cosmos = sheet.cosmos
        self.tile = optimization
        self.near = geometry(cosmos).near
        self.aliens = cosmos.of_type("alien")
        self.upgrades = cosmos.of_type("upgrade")
        self.reached: set[Hex] = set()

    def draw(self, zone: Zone, turn: int) -> Placement | None:
        """Draw ``zone`` on ``turn`` if it fits anywhere; the Placement, or None."""
        available = self.sheet.upgrades_available(turn)
        options = legal_placements(self.sheet, zone, available)
        if not options:
            return None
        plain = [p for p in options if not p.upgrades_used]
        if not plain or (available and self.rng.random() < _UPGRADE):
            most = 1 if self.rng.random() < 0.75 else 2
            pool = [p for p in options if p.upgrades_used == most]
            pool = pool or [p for p in options if p.upgrades_used] or plain
        else:
            pool = plain
        if self.rng.random() < _CARELESS:
            choice = self.rng.choice(pool)
        else:
            choice = max(pool, key=lambda p: self.value(p) + self.rng.uniform(0, 3.0))
        self.sheet = self.sheet.place(choice, turn)
        for h in choice.hexes:
            self.reached |= self.near.get("frontier", {}).get(h, frozenset())
        return choice

    def value(self, p: Placement) -> float:
        tile = self.tile.get(p.zone)
        near = self.near
        v = 0.0
        frontiers = set()
        for h in p.hexes:
            if h in self.aliens:
                v += 5.0 if tile == "alien" else 2.0
            if h in self.upgrades:
                v += 5.0 if tile == "upgrade" else 2.5
            if tile == "treasure" and h in near.get("treasure", {}):
                v += 1.5
            if tile == "black_hole" and h in near.get("black_hole", {}):
                v += 1.5
            frontiers |= near.get("frontier", {}).get(h, frozenset())
        return v + 4.0 * len(frontiers - self.reached) - 1.0 * p.upgrades_used
