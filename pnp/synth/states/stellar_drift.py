"""Stellar Drift: a loose but legal replay of seven rounds, one player's sheets."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pnp.synth.states.common import player_name
from scoring.stellar_drift.derive import completed_sections, sheet_order
from scoring.stellar_drift.engine.data import Effect, load_effects, skill_cost
from scoring.stellar_drift.layout import COLOURS
from scoring.stellar_drift.layouts import (
    load_ship,
    load_tech,
    load_tracker,
    ship_names,
)


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
            "player": player_name(serial),
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
