"""A game of Stellar Drift in progress: every player's sheets and the shared bag.

Like ``chess.Board``, a :class:`GameState` is mutable (``rules.apply`` pushes
actions onto it) so that bots can play thousands of games a second; the
end-of-game sheet of a player is the frozen :class:`StellarDriftState` that
``final_state`` returns and ``score()`` scores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from scoring.stellar_drift.derive import sheet_order
from scoring.stellar_drift.engine.data import EngineData, load_engine_data
from scoring.stellar_drift.layout import COLOURS, Ship
from scoring.stellar_drift.layouts import load_ship
from scoring.stellar_drift.state import StellarDriftState

Phase = Literal["setup", "repair", "cleanup", "over"]


@dataclass(frozen=True)
class Geometry:
    """What repairing needs to know about a ship, computed once per ship."""

    ship: Ship
    links: dict[str, tuple[str, ...]]  # open sides and ladder pairs (walls block)
    airlocks: frozenset[str]
    cost: dict[str, tuple[str | None, ...]]  # None: a cube of any colour (Loot)
    section_of: dict[str, str]
    members: dict[str, frozenset[str]]  # section id -> its spaces
    colour_of: dict[str, str]  # section id -> colour


@cache
def geometry(ship_id: str) -> Geometry:
    ship = load_ship(ship_id)
    loot = load_engine_data().effects.loot_cubes
    links = {
        s.at: tuple(dict.fromkeys(ship.open_neighbours(s.at) + ship.ladder_partners(s.at)))
        for s in ship.spaces
    }
    cost = {s.at: ((None,) * loot if s.special == "loot" else tuple(s.cost)) for s in ship.spaces}
    return Geometry(
        ship=ship,
        links=links,
        airlocks=frozenset(s.at for s in ship.spaces if s.special == "airlock"),
        cost=cost,
        section_of={s.at: s.section for s in ship.spaces if s.section},
        members={sec.id: frozenset(ship.section_spaces(sec.id)) for sec in ship.sections},
        colour_of={sec.id: sec.colour for sec in ship.sections},
    )


def _colours() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


@dataclass(slots=True)
class Sheet:
    """One player's Ship, Tracker and Tech sheets and Energy sideboard, mid-game."""

    seat: int
    geo: Geometry
    repaired: set[str]  # includes the Reactor Core
    order: list[str] = field(default_factory=list)  # repairs in the order made
    tracks: dict[str, int] = field(default_factory=dict)
    tech: dict[str, int] = field(default_factory=dict)
    income_energy: int = 0  # Income Upgrade boxes checked
    income_cubes: int = 0
    energy: int = 0
    hand: dict[str, int] = field(default_factory=_colours)
    spent: dict[str, int] = field(default_factory=_colours)
    unlocked: dict[str, int] = field(default_factory=dict)  # ability -> uses left
    used: dict[str, int] = field(default_factory=dict)  # ability -> boxes checked
    bonus: list[str] = field(default_factory=list)  # Repaired Sections Bonus boxes checked
    bonus_open: list[str] = field(default_factory=list)  # ...whose ability is not used yet
    bonus_abilities: dict[str, str] = field(default_factory=dict)
    skill: str | None = None
    skill_rounds: list[int] = field(default_factory=list)
    setup_cubes: tuple[str, ...] = ()
    pending_tech: int = 0
    # credits from abilities and exchanges; they lapse at the end of the Repair Phase
    changes: int = 0
    wild: int = 0
    free: list[str] = field(default_factory=list)  # "free" | "anywhere" | "bare"
    skip: int = 0
    double: bool = False
    ready: bool = False
    stored: tuple[str, ...] = ()

    @property
    def ship(self) -> Ship:
        return self.geo.ship

    def cubes(self) -> int:
        return sum(self.hand.values())


@dataclass(slots=True)
class GameState:
    players: list[Sheet]
    bag: dict[str, int]
    rng: random.Random
    seed: int
    data: EngineData
    round: int = 0  # 0 during setup, then 1..rounds
    phase: Phase = "setup"
    first_seat: int = 0  # who acts first in the Repair Phase this round
    sweeps: int = 0  # Cube Sweeps so far

    @property
    def rounds(self) -> int:
        return self.data.tracker.rounds

    def bag_size(self) -> int:
        return sum(self.bag.values())


def new_game(ships: list[str], seed: int) -> GameState:
    """A game set up for ``len(ships)`` players: the bag filled for that count,
    each player holding two different drawn cubes for the Captain Skill choice.
    A pure function of ``ships`` and ``seed``.

    >>> g = new_game(["aaraka-glider"], 1)
    >>> g.phase, g.bag_size() + 2, len(set(g.players[0].setup_cubes))
    ('setup', 20, 2)
    """
    data = load_engine_data()
    counts = data.rules.bag_per_colour
    if len(ships) not in counts:
        raise ValueError(
            f"Stellar Drift takes {min(counts)} to {max(counts)} players, not {len(ships)}"
        )
    rng = random.Random(seed)
    bag = dict.fromkeys(COLOURS, counts[len(ships)])
    players = []
    for seat, ship_id in enumerate(ships):
        geo = geometry(ship_id)
        players.append(
            Sheet(
                seat=seat,
                geo=geo,
                repaired={geo.ship.reactor},
                tracks={t.id: 0 for t in data.tracker.ship_tracks},
                tech={t.colour: 0 for t in data.tech.tech_tracks},
            )
        )
    state = GameState(players=players, bag=bag, rng=rng, seed=seed, data=data)
    state.first_seat = rng.randrange(len(players))
    for p in players:
        first = draw_one(state)
        second = draw_one(state)
        while second == first:  # "redraw one until you have two different Cubes"
            state.bag[second] += 1
            second = draw_one(state)
        p.setup_cubes = (first, second)
    return state


def draw_one(state: GameState) -> str | None:
    """Take a random cube out of the bag (no Cube Sweep); None if it is empty."""
    total = state.bag_size()
    if not total:
        return None
    k = state.rng.randrange(total)
    for colour in COLOURS:
        k -= state.bag[colour]
        if k < 0:
            state.bag[colour] -= 1
            return colour
    raise AssertionError("unreachable")


def final_state(state: GameState, seat: int, player: str = "") -> StellarDriftState:
    """The sheets of ``seat`` as the End Game Scoring reads them (pass to score())."""
    p = state.players[seat]
    rounds_done = state.round - (0 if state.phase == "over" else 1)
    phases = len(state.data.tech.phases)
    done_phases = (
        max(0, rounds_done) * phases
        + {"setup": 0, "repair": 1, "cleanup": 2, "over": 0}[state.phase]
    )
    cap = state.data.tracker.max_leftover_cubes
    return StellarDriftState(
        ship=p.ship.id,
        player=player or f"Seat {seat + 1}",
        repaired=tuple(sorted(p.repaired - {p.ship.reactor}, key=sheet_order)),
        tracks={k: v for k, v in p.tracks.items() if v},
        tech={k: v for k, v in p.tech.items() if v},
        section_bonus=tuple(p.bonus),
        bonus_abilities=dict(p.bonus_abilities),
        leftover={"energy": p.energy, "cubes": min(cap, p.cubes())},
        captain_skill=p.skill,
        skill_rounds=tuple(p.skill_rounds),
        abilities_used={k: v for k, v in p.used.items() if v},
        income={"energy": p.income_energy, "cubes": p.income_cubes},
        phases_checked=done_phases,
    )
