"""Random plausible end-of-game states, in the JSON form ``pnp score`` reads.

A state is a pure function of the game, the seed, the layout and the player
count: one ``random.Random(seed)`` drives a loose but legal replay of a game,
so each sheet is one a real player could end with.

* **Stellar Drift**: seven rounds of income, repairs only next to repaired
  spaces (open sides, ladder pairs, airlock jumps), track and Tech boxes with
  their symbols and padlocks, section bonuses, captain skill and abilities.
  Rules and numbers come from ``layouts/stellar_drift/``; the abilities'
  effects, which the layouts hold only as text, from
  ``layouts/synth/stellar_drift.yaml``.
* **Distant Suns**: a board of zones and Optimization tiles, then every
  player draws the assigned zone turn by turn, choosing among
  :func:`scoring.distant_suns.placement.legal_placements`, sometimes with
  Upgrades; Frontier values circled as the race went.
* **Federation**: a score pad of values drawn from the plausible ranges in
  ``layouts/synth/federation.yaml`` (assumptions, inside the pad's limits), or a
  Solo game: 5 Solo cards and the end-of-game comparison, from the same file.

>>> random_state("federation", 7) == random_state("federation", 7)
True
>>> [s["serial"] for s in random_states("stellar-drift", 3, players=3)]
[1, 2, 3]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import Field

from pnp.games import GAMES as REGISTRY
from pnp.setup.distant_suns import load_data as distant_suns_setup_data
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
from scoring.federation.score_pad import ScorePad, load_score_pad
from scoring.federation.sheet_fields import compared_projects
from scoring.federation.solo_state import parse_state as parse_solo
from scoring.federation.solo_state import score as solo_score
from scoring.federation.solo_tracker import SoloTracker, load_solo_tracker
from scoring.layout_file import LayoutError, Strict, layouts_root, load_model
from scoring.stellar_drift.derive import completed_sections, sheet_order
from scoring.stellar_drift.engine.data import Effect, load_effects, skill_cost
from scoring.stellar_drift.layout import COLOURS
from scoring.stellar_drift.layouts import (
    load_rules,
    load_ship,
    load_tech,
    load_tracker,
    ship_names,
)

GAMES = ("stellar-drift", "distant-suns", "federation")


def random_state(game: str, seed: int, layout: str | None = None) -> dict[str, Any]:
    """One player's plausible end-of-game state of ``game`` from ``seed``.

    ``layout``: a Stellar Drift ship id (default: a random ship), the Distant
    Suns Cosmos layout (``standard``), or the Federation score pad layout:
    ``table`` (default; 2-4 columns, as ``layouts/synth/federation.yaml`` says),
    ``player`` (one column) or ``solo`` (a Solo game: the Solo tracker's state).
    """
    layout = _check_layout(game, layout)
    return _MAKERS[game](random.Random(seed), None, layout)[0]


def random_states(
    game: str, seed: int, players: int, layout: str | None = None
) -> list[dict[str, Any]]:
    """The sheets of ``players`` players of one game of ``game``, from ``seed``.

    Stellar Drift: independent sheets, serials 1..n, each on ``layout`` or a
    random ship. Distant Suns: one board (same zones and Optimization tiles),
    turns played together, Frontier values circled as the race went.
    Federation: one ``table`` pad with ``players`` columns (a list of one
    state), or with ``layout="player"`` one single-column pad per player.
    """
    _check_game(game)
    layout = _check_layout(game, layout)
    low, high = _player_range(game)
    if not low <= players <= high:
        raise ValueError(f"{game} states take {low} to {high} players, not {players}")
    return _MAKERS[game](random.Random(seed), players, layout)


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return game


_STATE_SHEET = {"stellar-drift": "ship", "distant-suns": "cosmos", "federation": "scorepad"}


SOLO = "solo"  # Federation: a Solo game's state instead of a score pad


def _check_layout(game: str, layout: str | None) -> str | None:
    """``layout`` if the game's state sheet has it (None stays None: the default)."""
    names = REGISTRY[_check_game(game)].sheet(_STATE_SHEET[game]).layout_names()
    if game == "federation":
        names = [*names, SOLO]
    if layout is not None and layout not in names:
        raise ValueError(
            f"unknown {game} {_STATE_SHEET[game]} layout {layout!r}: choose one of "
            f"{', '.join(names)}"
        )
    return layout


def _player_range(game: str) -> tuple[int, int]:
    if game == "stellar-drift":
        counts = load_rules().bag_per_colour
        return min(counts), max(counts)
    if game == "distant-suns":
        return 1, distant_suns_setup_data().players[1]  # 1: a lone sheet
    pad = _score_pad()
    return pad.players.min, pad.players.max


def _name(k: int) -> str:
    return f"Player {k}"


# --- Stellar Drift ---------------------------------------------------------------


class _Drift:
    """One player's game of Stellar Drift, played loosely but by the rules."""

    def __init__(self, rng: random.Random, ship_id: str):
        self.rng = rng
        self.ship = ship = load_ship(ship_id)
        self.tracker = tracker = load_tracker()
        self.tech_sheet = tech = load_tech()
        self.play = load_effects()
        self.colours = COLOURS
        self.order = sheet_order
        self.airlocks = sorted(
            (s.at for s in ship.spaces if s.special == "airlock"), key=sheet_order
        )
        self.walk = {
            s.at: ship.open_neighbours(s.at) + ship.ladder_partners(s.at) for s in ship.spaces
        }
        self.done: dict[str, None] = {ship.reactor: None}  # insertion order = repair order
        self.boxes = {t.id: t.boxes for t in tracker.ship_tracks}
        self.tracks = {t.id: 0 for t in tracker.ship_tracks}
        self.tech_boxes = {t.colour: t.boxes for t in tech.tech_tracks}
        self.tech = {t.colour: 0 for t in tech.tech_tracks}
        self.uses = {a.id: a.uses for a in [*tracker.abilities, *tech.abilities]}
        self.unlocked: dict[str, int] = {}  # ability -> uses left
        self.used: Counter[str] = Counter()
        self.energy = 0
        self.cubes: Counter[str] = Counter()
        self.spent: Counter[str] = Counter()
        self.income = {"energy": 0, "cubes": 0}
        self.bonus: list[str] = []
        self.bonus_open: list[str] = []  # checked bonus boxes whose ability is not chosen yet
        self.bonus_abilities: dict[str, str] = {}
        self.sections_done: set[str] = set()
        self.free = self.free_bare = self.changes = self.wild = 0
        self.double = False
        self.skill: str | None = None
        self.skill_rounds: list[int] = []
        # a player's habits: energy kept in reserve, how eager to use abilities, a favourite track
        self.reserve = rng.choice((2, 3, 4, 5, 6))
        self.final_reserve = rng.choice((0, 0, 1, 2, 4))
        self.eager = rng.uniform(0.4, 0.8)
        self.favourite = rng.choice(sorted(self.tech))

    # -- resources and boxes --

    def gain_energy(self, n: int) -> None:
        self.energy = min(self.tracker.max_energy, self.energy + n)

    def pull(self, n: int) -> None:
        for _ in range(n):
            self.cubes[self.rng.choice(self.colours)] += 1

    def n_cubes(self) -> int:
        return sum(self.cubes.values())

    def unlock(self, ability: str | None) -> None:
        if ability:
            self.unlocked[ability] = self.uses.get(ability, 1)

    def mark(self, track: str) -> None:
        """Check the next box of a Ship Repair track and take its symbols."""
        if self.tracks[track] >= len(self.boxes[track]):
            return
        self.tracks[track] += 1
        box = self.boxes[track][self.tracks[track] - 1]
        for symbol in box.symbols:
            if symbol == "energy":
                self.gain_energy(1)
            elif symbol == "bag":
                self.pull(1)
            elif symbol == "energy_income":
                self.raise_income("energy")
            elif symbol == "cube_income":
                self.raise_income("cubes")
        self.unlock(box.ability)

    def raise_income(self, kind: str) -> bool:
        income = self.tech_sheet.energy_income if kind == "energy" else self.tech_sheet.cube_income
        if self.income[kind] >= income.boxes:
            return False
        self.income[kind] += 1
        return True

    def tech_point(self) -> None:
        open_ = [c for c in sorted(self.tech) if self.tech[c] < len(self.tech_boxes[c])]
        if not open_:
            return
        weights = [1 + self.tech[c] + (3 if c == self.favourite else 0) for c in open_]
        colour = self.rng.choices(open_, weights)[0]
        self.tech[colour] += 1
        self.unlock(self.tech_boxes[colour][self.tech[colour] - 1].ability)

    def apply(self, e: Effect) -> None:
        self.gain_energy(e.energy)
        for _ in range(e.energy_income):
            if not self.raise_income("energy"):
                self.gain_energy(e.or_energy)
        for _ in range(e.cube_income):
            if not self.raise_income("cubes"):
                self.pull(e.or_cubes)
        self.pull(e.cubes)
        for _ in range(e.tech_points):
            self.tech_point()
        for track, n in sorted(e.marks.items()):
            for _ in range(n):
                self.mark(track)
        for _ in range(e.any_marks):
            self.mark(
                self.rng.choice(
                    [t for t in self.tracks if self.tracks[t] < len(self.boxes[t])]
                    or list(self.tracks)
                )
            )
        for _ in range(e.fewest_marks):
            low = min(self.tracks.values())
            self.mark(self.rng.choice([t for t, n in self.tracks.items() if n == low]))
        self.changes += e.colour_changes
        self.wild += e.wild_cubes
        self.free += e.free_repairs
        self.free_bare += e.free_repairs_no_rewards
        self.double = self.double or e.double_rewards

    # -- setup and rounds --

    def setup(self) -> None:
        # two different cubes drawn: one picks the captain skill, the other the Tech start
        first, second = self.rng.sample(self.colours, 2)
        self.skill = first
        boxes = self.play.setup_tech_boxes
        if second in self.tech:
            self.tech_boxes_up(second, boxes.own_colour)
        else:
            for colour in sorted(self.tech):
                self.tech_boxes_up(colour, boxes.each_track)

    def tech_boxes_up(self, colour: str, n: int) -> None:
        for _ in range(n):
            if self.tech[colour] < len(self.tech_boxes[colour]):
                self.tech[colour] += 1
                self.unlock(self.tech_boxes[colour][self.tech[colour] - 1].ability)

    def play_round(self, round_: int) -> None:
        last = round_ == self.tracker.rounds
        tech = self.tech_sheet
        self.gain_energy(tech.energy_income.start + self.income["energy"])
        self.pull(tech.cube_income.start + self.income["cubes"])
        for _ in range(self.play.income_tech_points):
            self.tech_point()
        self.use_abilities(last)
        skill_used = self.skill_early(round_)
        while True:
            choice = self.best_repair()
            if choice is None:
                if not skill_used and self.skill_when_stuck(round_):
                    skill_used = True
                    continue
                if self.buy_cube(last):
                    continue
                break
            self.repair(*choice)
        if not skill_used:
            self.skill_late(round_, last)
        if not last:
            keep = self.rng.sample(
                sorted(self.cubes.elements()), min(self.n_cubes(), self.tracker.storage_slots)
            )
            self.cubes = Counter(keep)
            self.spent.clear()

    def use_abilities(self, last: bool) -> None:
        chance = 0.9 if last else self.eager
        for ability in sorted(self.unlocked):
            effect = self.play.abilities[ability]
            while self.unlocked[ability] and not effect.skip and self.rng.random() < chance:
                self.unlocked[ability] -= 1
                self.used[ability] += 1
                self.apply(effect)
        for colour in list(self.bonus_open):
            if self.rng.random() < chance:
                choices = sorted(
                    a for a, e in self.play.abilities.items() if a in self.bonus_ids and not e.skip
                )
                ability = self.rng.choice(choices)
                self.bonus_open.remove(colour)
                self.bonus_abilities[colour] = ability
                self.apply(self.play.abilities[ability])

    @property
    def bonus_ids(self) -> set[str]:
        return {a.id for a in self.tracker.section_bonus_abilities}

    # -- captain skill: once a round, when it helps --

    def skill_cost(self) -> tuple[str, int]:
        text = next(s.cost for s in self.tracker.captain_skills if s.colour == self.skill)
        cost = skill_cost(text)
        return cost.kind, cost.n

    def pay_skill(self, round_: int) -> bool:
        kind, n = self.skill_cost()
        if kind == "energy":
            if self.energy < n:
                return False
            self.energy -= n
        else:
            if self.n_cubes() < n:
                return False
            for _ in range(n):
                colour = self.rng.choice(sorted(self.cubes.elements()))
                self.cubes[colour] -= 1
                self.spent[colour] += 1
        self.skill_rounds.append(round_)
        self.apply(self.play.captain_skills[self.skill])
        return True

    def skill_early(self, round_: int) -> bool:
        effect = self.play.captain_skills[self.skill]
        if effect.fewest_marks and self.energy >= self.reserve and self.rng.random() < 0.7:
            return self.pay_skill(round_)
        return False

    def skill_when_stuck(self, round_: int) -> bool:
        effect = self.play.captain_skills[self.skill]
        if effect.free_repairs_no_rewards and self.options() and self.rng.random() < 0.85:
            return self.pay_skill(round_)
        if effect.cubes and self.spent and self.rng.random() < 0.8:
            return self.pay_skill(round_)
        return False

    def skill_late(self, round_: int, last: bool) -> None:
        effect = self.play.captain_skills[self.skill]
        spare = self.n_cubes() > (0 if last else self.tracker.storage_slots)
        if effect.tech_points and spare and self.rng.random() < 0.85:
            self.pay_skill(round_)

    # -- repairs --

    def options(self) -> list[tuple[str, int]]:
        """(space, energy for an airlock jump) for every space a repair can reach now."""
        reach: dict[str, int] = {}
        for here in self.done:
            for there in self.walk[here]:
                if there not in self.done:
                    reach[there] = 0
        if any(a in self.done for a in self.airlocks):
            for a in self.airlocks:
                if a not in self.done and a not in reach:
                    reach[a] = self.play.airlock_jump
        return sorted(reach.items(), key=lambda x: self.order(x[0]))

    def cost(self, name: str) -> list[str | None]:
        """The cubes a space costs; None is a cube of any colour (Loot)."""
        space = self.ship.by_name[name]
        if space.special == "loot":
            return [None] * self.play.loot_cubes
        return list(space.cost)

    def price(self, name: str, jump: int) -> int | None:
        """Energy needed to repair ``name`` now from the cubes in hand; None if out of reach."""
        if self.free or self.free_bare:
            return jump if self.energy >= jump else None
        cost = self.cost(name)
        need = Counter(c for c in cost if c is not None)
        matched = sum(min(n, self.cubes[c]) for c, n in need.items())
        missing = sum(need.values()) - matched
        spare = self.n_cubes() - matched
        by_wild = min(self.wild, missing)
        missing -= by_wild
        anything = len(cost) - sum(need.values())
        if spare < missing + max(0, anything - (self.wild - by_wild)):
            return None
        energy = max(0, missing - self.changes) * self.play.energy_exchange + jump
        return energy if energy <= self.energy else None

    def best_repair(self) -> tuple[str, int] | None:
        best, best_value = None, float("-inf")
        for name, jump in self.options():
            energy = self.price(name, jump)
            if energy is None:
                continue
            value = self.value(name) - 0.6 * energy + self.rng.uniform(0, 2.0)
            if self.free or self.free_bare:
                value += len(self.cost(name))  # spend a free repair on a dear space
            if value > best_value:
                best, best_value = (name, jump), value
        return best

    def value(self, name: str) -> float:
        space = self.ship.by_name[name]
        v = len(space.rewards) * (2.0 if self.double else 1.0) + (1.0 if space.special else 0.0)
        if space.section is not None:
            members = self.ship.section_spaces(space.section)
            left = sum(1 for m in members if m not in self.done)
            v += 0.5 + (2.0 / left)
        return v - 0.3 * len(space.cost)

    def repair(self, name: str, jump: int) -> None:
        self.energy -= jump
        rewards = True
        if self.free_bare and not self.free:
            self.free_bare -= 1
            rewards = False
        elif self.free:
            self.free -= 1
        else:
            self.pay(self.cost(name))
        self.done[name] = None
        space = self.ship.by_name[name]
        if space.special == "loot":
            self.pull(self.play.loot_cubes)
        if rewards:
            times = 2 if self.double else 1
            self.double = False
            for reward in space.rewards * times:
                if reward == "tech":
                    self.tech_point()
                else:
                    self.mark(reward)
        self.check_sections()

    def pay(self, cost: list[str | None]) -> None:
        """Spend cubes as price() counted: matching colours, then wild cubes, then
        spare cubes (colour-changed by a credit or an Energy Exchange)."""
        rest = []
        for colour in cost:
            if colour is not None and self.cubes[colour] > 0:
                self.cubes[colour] -= 1
                self.spent[colour] += 1
            else:
                rest.append(colour)
        for colour in sorted(rest, key=lambda c: c is None):
            if self.wild:
                self.wild -= 1
                continue
            spare = self.rng.choice(sorted(self.cubes.elements()))
            self.cubes[spare] -= 1
            self.spent[spare] += 1
            if colour is not None:
                if self.changes:
                    self.changes -= 1
                else:
                    self.energy -= self.play.energy_exchange

    def buy_cube(self, last: bool) -> bool:
        keep = self.final_reserve if last else self.reserve
        if self.energy - self.play.energy_exchange < keep or not self.options():
            return False
        self.energy -= self.play.energy_exchange
        self.pull(1)
        return True

    def check_sections(self) -> None:
        for sec, _ in completed_sections(self.ship, frozenset(self.done)):
            if sec.id in self.sections_done:
                continue
            self.sections_done.add(sec.id)
            if sec.colour not in self.bonus:
                self.bonus.append(sec.colour)
                self.bonus_open.append(sec.colour)

    def state(self, serial: int) -> dict[str, Any]:
        tech = self.tech_sheet
        return {
            "game": "stellar-drift",
            "ship": self.ship.id,
            "serial": serial,
            "player": _name(serial),
            "repaired": sorted((n for n in self.done if n != self.ship.reactor), key=self.order),
            "tracks": dict(self.tracks),
            "tech": dict(self.tech),
            "section_bonus": list(self.bonus),
            "bonus_abilities": dict(self.bonus_abilities),
            "leftover": {
                "energy": self.energy,
                "cubes": min(self.n_cubes(), self.tracker.max_leftover_cubes),
            },
            "captain_skill": self.skill,
            "skill_rounds": list(self.skill_rounds),
            "abilities_used": dict(sorted(self.used.items())),
            "income": dict(self.income),
            "phases_checked": tech.rounds * len(tech.phases),
        }


def _stellar_drift(
    rng: random.Random, players: int | None, layout: str | None
) -> list[dict[str, Any]]:
    states = []
    for k in range(1, (players or 1) + 1):
        game = _Drift(rng, layout or rng.choice(ship_names()))
        game.setup()
        for round_ in range(1, game.tracker.rounds + 1):
            game.play_round(round_)
        states.append(game.state(k))
    return states


# --- Distant Suns ---------------------------------------------------------------

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
                "player": _name(k),
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


# --- Federation -----------------------------------------------------------------


class Spread(Strict):
    """Plausible values of one score pad category: triangular(min, max, mode)."""

    min: int = Field(ge=0)
    max: int = Field(ge=0)
    mode: int = Field(ge=0)
    zero_chance: float = Field(0.0, ge=0, le=1)


class PlayerCount(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


class Span(Strict):
    min: int
    max: int


class Gap(Strict):
    min: int
    max: int
    mode: int


class SoloSpread(Strict):
    """A Solo game's plausible numbers (synth assumptions, inside the tracker's ranges)."""

    floor: Span
    influence: Span
    law_vote: Span
    other_projects: Span
    yours_gap: Gap
    funded_chance: float = Field(ge=0, le=1)
    joint_funded_chance: float = Field(ge=0, le=1)


class FederationRanges(Strict):
    """``layouts/synth/federation.yaml``: synth assumptions, not rulebook numbers."""

    version: int
    assumed: bool
    players: PlayerCount
    categories: dict[str, Spread]
    solo: SoloSpread

    def problems(self) -> list[str]:
        found = [
            f"categories.{c}: needs min <= mode <= max"
            for c, s in self.categories.items()
            if not s.min <= s.mode <= s.max
        ]
        if self.players.min > self.players.max:
            found.append("players: min is more than max")
        solo = self.solo
        for name in ("floor", "influence", "law_vote", "other_projects"):
            span = getattr(solo, name)
            if span.min > span.max:
                found.append(f"solo.{name}: min is more than max")
        if not solo.yours_gap.min <= solo.yours_gap.mode <= solo.yours_gap.max:
            found.append("solo.yours_gap: needs min <= mode <= max")
        return found


@cache
def _score_pad() -> ScorePad:
    return load_score_pad()


@cache
def load_federation_ranges() -> FederationRanges:
    """The synth ranges file, cross-checked against the score pad's categories."""
    path = layouts_root() / "synth" / "federation.yaml"
    ranges = load_model(path, FederationRanges)
    pad = _score_pad()
    found = []
    for c in pad.categories:
        spread = ranges.categories.get(c.id)
        if spread is None:
            found.append(f"categories: no range for the score pad's {c.id!r}")
        elif not (c.min_value <= spread.min and spread.max <= c.max_value):
            found.append(
                f"categories.{c.id}: {spread.min}-{spread.max} is outside the pad's "
                f"{c.min_value}-{c.max_value}"
            )
    known = {c.id for c in pad.categories}
    found += [
        f"categories.{c}: not a score pad category" for c in ranges.categories if c not in known
    ]
    if not (pad.players.min <= ranges.players.min and ranges.players.max <= pad.players.max):
        found.append(f"players: outside the pad's {pad.players.min}-{pad.players.max}")
    tracker = _solo_tracker()
    for name in ("floor", "influence", "law_vote"):
        span, room = getattr(ranges.solo, name), getattr(tracker.card_value_ranges, name)
        if not (room.min <= span.min and span.max <= room.max):
            found.append(f"solo.{name}: outside the tracker's {room.min}..{room.max}")
    if (
        not 0
        <= ranges.solo.other_projects.min
        <= ranges.solo.other_projects.max
        <= (tracker.write_in_projects.count)
    ):
        found.append(
            f"solo.other_projects: the tracker has {tracker.write_in_projects.count} blank rows"
        )
    if found:
        raise LayoutError(path, found)
    return ranges


def _federation(
    rng: random.Random, players: int | None, layout: str | None
) -> list[dict[str, Any]]:
    """A ``table`` pad of ``players`` columns (default: a plausible count), with
    ``layout="player"`` one single-column pad per player (one by default), or with
    ``layout="solo"`` a Solo game per player (the Solo tracker's state)."""
    if layout == SOLO:
        return [_federation_solo(rng, k) for k in range(1, (players or 1) + 1)]
    ranges = load_federation_ranges()
    modules = ["piracy"]
    if layout == "player":
        count = players or 1
    else:
        count = players or rng.randint(ranges.players.min, ranges.players.max)
    columns = [
        {
            "name": _name(k),
            "serial": k if layout == "player" else 1,
            "values": _pad_values(rng, modules),
        }
        for k in range(1, count + 1)
    ]
    pads = [[c] for c in columns] if layout == "player" else [columns]
    return [{"game": "federation", "modules": modules, "players": pad} for pad in pads]


@cache
def _solo_tracker() -> SoloTracker:
    return load_solo_tracker()


def _federation_solo(rng: random.Random, serial: int = 1) -> dict[str, Any]:
    """A finished Solo game on tracker ``serial``: 5 cards, the end-of-game comparison
    and the player's score pad values (a ``player`` page of the same serial)."""
    spread, tracker = load_federation_ranges().solo, _solo_tracker()
    compared = compared_projects(tracker)
    named = compared[: len(compared) - tracker.write_in_projects.count]
    others = rng.randint(spread.other_projects.min, spread.other_projects.max)
    projects = named + [p for p in compared if p not in named][:others]
    cards = [
        {
            "floors": [rng.randint(spread.floor.min, spread.floor.max) for _ in range(3)],
            "law_vote": rng.randint(spread.law_vote.min, spread.law_vote.max),
            "influence": {
                p: rng.randint(spread.influence.min, spread.influence.max) for p in projects
            },
        }
        for _ in range(tracker.rounds)
    ]
    mine = tracker.player_value_ranges.influence
    gap = spread.yours_gap
    ends = {}
    for p in projects:
        needed = sum(c["influence"][p] for c in cards)
        yours = needed + round(rng.triangular(gap.min, gap.max, gap.mode))
        ends[p] = {
            "yours": min(max(yours, mine.min), mine.max),
            "funded": rng.random() < spread.funded_chance,
        }
    state = {
        "game": "federation",
        "mode": "solo",
        "name": _name(serial),
        "serial": serial,
        "cards": cards,
        "projects": ends,
        "joint_funded": rng.random() < spread.joint_funded_chance,
    }
    # The player's score pad column (base game: the Piracy Major Project's financing is
    # printed for 4 players only), its Funded Major Projects copied from the tracker.
    pad = _pad_values(rng, [])
    pad["funded_major_projects"] = solo_score(parse_solo(state), tracker).funded.total
    return state | {"score_pad": pad}


def _pad_values(rng: random.Random, modules: list[str]) -> dict[str, int]:
    ranges = load_federation_ranges()
    values = {}
    for c in _score_pad().categories:
        if c.module is not None and c.module not in modules:
            continue
        s = ranges.categories[c.id]
        draw = round(rng.triangular(s.min, s.max, s.mode))
        values[c.id] = 0 if s.zero_chance and rng.random() < s.zero_chance else draw
    return values


_MAKERS: dict[str, Callable[[random.Random, int | None, str | None], list[dict[str, Any]]]] = {
    "stellar-drift": _stellar_drift,
    "distant-suns": _distant_suns,
    "federation": _federation,
}
