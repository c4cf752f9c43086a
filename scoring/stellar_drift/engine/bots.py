"""Bots that play Stellar Drift through the engine, and ``play`` for whole games.

A bot is anything with ``act(state, seat) -> Action``; every action goes
through ``rules.apply``, so a bot can never break a rule. Bots are seeded:
the same game seed and bot seeds replay the same game.

* :class:`RandomBot` picks uniformly among ``legal_actions``.
* :class:`GreedyBot` repairs the reachable space with the best immediate value
  per cube (track boxes toward their VP values and symbols, Tech Points,
  progress toward completing a section and its first-of-colour bonus, new
  spaces opened), uses Energy Exchanges and colour-change/wild abilities only
  when they enable that repair, draws with spare energy, takes abilities that
  give resources or marks at once, keeps Free Repairs and double rewards for
  the dearest and richest spaces, and pushes Tech Points into the track
  already furthest up. It does not plan skips (skip abilities go unused).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from scoring.stellar_drift.engine.actions import (
    Action,
    ApplyTech,
    ChooseSkill,
    Exchange,
    Pass,
    Repair,
    Store,
    UseAbility,
    UseBonus,
    UseSkill,
)
from scoring.stellar_drift.engine.legal import canonical_payment, legal_actions, repair_targets
from scoring.stellar_drift.engine.queries import (
    can_draw,
    changes_needed,
    fewest_tracks,
    tech_open,
    track_open,
)
from scoring.stellar_drift.engine.rules import apply
from scoring.stellar_drift.engine.state import GameState, Sheet, final_state, new_game
from scoring.stellar_drift.layout import COLOURS
from scoring.stellar_drift.layouts import load_ship
from scoring.stellar_drift.score import Breakdown, score


class RandomBot:
    """Uniformly random among the legal actions (seeded)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, state: GameState, seat: int) -> Action:
        return self.rng.choice(legal_actions(state, seat))


_SKILL_ORDER = ("yellow", "red", "blue", "green")
_TECH_ORDER = ("red", "green", "yellow")  # ties: red first (r2 marks, r3 cubes, r4 double)


class GreedyBot:
    """Best immediate value per cube; see the module docstring. Seeded only to break ties."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._best: dict[tuple[str, int], int] = {}

    # -- the decision --

    def act(self, state: GameState, seat: int) -> Action:
        p = state.players[seat]
        if state.phase == "setup":
            return ChooseSkill(min(p.setup_cubes, key=_SKILL_ORDER.index))
        if state.phase == "cleanup":
            return Store(self.keep(state, p))
        if p.pending_tech:
            return ApplyTech(self.tech_track(state, p))
        last = state.round == state.rounds
        return (
            self.free_value(state, p, last)
            or self.repair(state, p, last)
            or self.spare_energy(state, p, last)
            or self.end_of_turn(state, p, last)
            or Pass()
        )

    def tech_track(self, state: GameState, p: Sheet) -> str:
        open_ = [c for c in _TECH_ORDER if tech_open(state, p, c)]
        return max(open_, key=lambda c: (p.tech[c], -_TECH_ORDER.index(c)))

    def free_value(self, state: GameState, p: Sheet, last: bool) -> Action | None:
        """Abilities that simply give energy, cubes, income, marks or Tech Points."""
        data = state.data
        cap = data.tracker.max_energy
        for ability, left in p.unlocked.items():
            if not left:
                continue
            e = data.effects.abilities[ability]
            if e.colour_changes or e.wild_cubes or e.skip or e.double_rewards:
                continue
            if e.free_repairs:
                continue  # kept for a dear space (see repair)
            if e.energy and p.energy + e.energy > cap and not e.energy_income:
                continue
            if e.or_energy:
                late = state.round >= state.rounds - 1
                return UseAbility(ability, ("energy",) if late else ("income",))
            if e.or_cubes:
                late = state.round >= state.rounds - 2
                return UseAbility(ability, ("pull",) if late else ("income",))
            if e.any_marks:
                return UseAbility(ability, (self.best_track(state, p),) * e.any_marks)
            if e.cubes and data.recover.get(ability) == "choice":
                return UseAbility(ability, ("pull",) * e.cubes)
            return UseAbility(ability)
        for colour in p.bonus_open:
            fuel_box = _next_box(state, p, "fuel")
            if fuel_box is not None and (fuel_box.vp or fuel_box.symbols):
                return UseBonus(colour, "bonus-fuel")
            if any(tech_open(state, p, c) for c in p.tech):
                return UseBonus(colour, "bonus-tech")
            return UseBonus(colour, "bonus-fuel")
        return None

    def best_track(self, state: GameState, p: Sheet) -> str:
        open_ = [t for t in p.tracks if track_open(state, p, t)] or list(p.tracks)
        return max(open_, key=lambda t: (self.track_value(state, p, t, 0), p.tracks[t]))

    # -- repairs --

    def repair(self, state: GameState, p: Sheet, last: bool) -> Action | None:
        if p.free:
            targets = repair_targets(state, p)
            if targets:
                best = max(targets, key=lambda s: self.value(state, p, s) + len(p.geo.cost[s]))
                return Repair(best, free=p.free[0])
        plan = self.best_plan(state, p)
        if plan is None:
            return None
        space, needs = plan
        for step in needs:
            return step
        pay = canonical_payment(p, p.geo.cost[space])
        if pay is None:  # pragma: no cover - plans only list payable spaces
            return None
        return Repair(space, pay[0], pay[1])

    def best_plan(self, state: GameState, p: Sheet) -> tuple[str, list[Action]] | None:
        """The best (space, enabling actions) by value per cube, or a free-repair ability."""
        best, best_score = None, 0.0
        free_ability = self.free_ability(state, p)
        skill_bare = self.can_skill(state, p, "yellow")
        for space in repair_targets(state, p):
            cost = p.geo.cost[space]
            steps = self.enablers(state, p, cost)
            if steps is None:
                if free_ability and len(cost) >= 2:
                    steps, units = [UseAbility(free_ability)], 0.5
                    value = self.value(state, p, space)
                elif skill_bare and len(cost) >= 2:
                    steps, units = [UseSkill()], 0.5
                    value = self.value(state, p, space, rewards=False)
                else:
                    continue
            else:
                value = self.value(state, p, space)
                units = len(cost) + sum(1 for s in steps if isinstance(s, Exchange))
                if p.geo.ship.by_name[space].special == "airlock" and not any(
                    n in p.repaired for n in p.geo.links[space]
                ):
                    units += 0.5
            if value <= 0:
                continue
            per = value / max(units, 0.5)
            if per > best_score:
                best, best_score = (space, steps), per
        return best

    def free_ability(self, state: GameState, p: Sheet) -> str | None:
        for ability, left in p.unlocked.items():
            if left and state.data.effects.abilities[ability].free_repairs:
                return ability
        return None

    def can_skill(self, state: GameState, p: Sheet, colour: str) -> bool:
        if p.skill != colour or state.round in p.skill_rounds:
            return False
        cost = state.data.skill_costs[colour]
        return p.energy >= cost.n if cost.kind == "energy" else p.cubes() >= cost.n

    def enablers(self, state: GameState, p: Sheet, cost: tuple) -> list[Action] | None:
        """Actions that make ``cost`` payable from hand (wild, colour changes), or None."""
        if p.cubes() < len(cost):
            return None
        pay = _greedy_pay(p, cost)
        short = changes_needed(cost, pay, 0) - p.changes - p.wild
        steps: list[Action] = []
        if short <= 0:
            return steps
        for ability, left in p.unlocked.items():
            e = state.data.effects.abilities[ability]
            while left and short > 0 and (e.wild_cubes or e.colour_changes):
                steps.append(UseAbility(ability))
                left -= 1
                short -= e.wild_cubes + e.colour_changes
        for colour in p.bonus_open:
            if short > 0:
                steps.append(UseBonus(colour, "bonus-colour"))
                short -= 1
        price = state.data.effects.energy_exchange
        energy = p.energy
        while short > 0 and energy >= price:
            steps.append(Exchange("change"))
            energy -= price
            short -= 1
        return steps if short <= 0 else None

    def value(self, state: GameState, p: Sheet, space: str, rewards: bool = True) -> float:
        geo = p.geo
        v = 0.0
        if rewards:
            times = 2 if p.double else 1
            seen: dict[str, int] = {}
            for reward in geo.ship.by_name[space].rewards * times:
                if reward == "tech":
                    v += 2.0 if any(tech_open(state, p, c) for c in p.tech) else 0.0
                else:
                    k = seen.get(reward, 0)
                    seen[reward] = k + 1
                    v += self.track_value(state, p, reward, k)
            if geo.ship.by_name[space].special == "loot":
                v += 1.0
        sec = geo.section_of.get(space)
        if sec is not None:
            left = sum(1 for m in geo.members[sec] if m not in p.repaired)
            colour = geo.colour_of[sec]
            worth = geo.ship.section_by_id[sec].vp + (4.5 if colour not in p.bonus else 0.0)
            v += worth / left
        opened = sum(1 for n in geo.links[space] if n not in p.repaired)
        v += 0.3 * opened
        return v

    def track_value(self, state: GameState, p: Sheet, track: str, ahead: int) -> float:
        boxes = state.data.track_boxes[track]
        n = p.tracks[track] + ahead
        if n >= len(boxes):
            return 0.0
        box = boxes[n]
        best = self._best.get((track, n))
        if best is None:  # the largest VP value already reached on the track
            best = self._best[(track, n)] = max((b.vp or 0 for b in boxes[:n]), default=0)
        v = 0.6 + max(0, (box.vp or 0) - best)
        rounds_left = state.rounds - state.round
        for symbol in box.symbols:
            v += {
                "energy": 0.5,
                "bag": 1.0,
                "energy_income": 0.5 * rounds_left,
                "cube_income": 0.9 * rounds_left,
                "padlock": 2.0,
            }[symbol]
        return v

    # -- energy and the end of a turn --

    def spare_energy(self, state: GameState, p: Sheet, last: bool) -> Action | None:
        if self.can_skill(state, p, "green") and sum(p.spent.values()):
            return UseSkill(max(COLOURS, key=lambda c: p.spent[c]))
        if p.energy >= state.data.effects.energy_exchange and can_draw(state):
            if repair_targets(state, p):
                return Exchange("draw")
        return None

    def end_of_turn(self, state: GameState, p: Sheet, last: bool) -> Action | None:
        if self.can_skill(state, p, "red") and fewest_tracks(state, p):
            return UseSkill(self.best_fewest(state, p))
        if self.can_skill(state, p, "blue") and p.cubes() > (
            0 if last else state.data.tracker.storage_slots
        ):
            if any(tech_open(state, p, c) for c in p.tech):
                return UseSkill(max(COLOURS, key=lambda c: p.hand[c]))
        return None

    def best_fewest(self, state: GameState, p: Sheet) -> str:
        return max(fewest_tracks(state, p), key=lambda t: self.track_value(state, p, t, 0))

    def keep(self, state: GameState, p: Sheet) -> tuple[str, ...]:
        want = dict.fromkeys(COLOURS, 0.0)
        for space in repair_targets(state, p):
            for c in p.geo.cost[space]:
                if c is not None:
                    want[c] += 1.0
        hand = [c for c in COLOURS for _ in range(p.hand[c])]
        hand.sort(key=lambda c: -want[c])
        return tuple(sorted(hand[: state.data.tracker.storage_slots]))


def _greedy_pay(p: Sheet, cost: tuple) -> tuple[str, ...]:
    """Cubes from hand for ``cost``: matching colours first, then the most plentiful."""
    hand = dict(p.hand)
    pay = []
    rest = 0
    for c in cost:
        if c is not None and hand[c]:
            hand[c] -= 1
            pay.append(c)
        else:
            rest += 1
    for _ in range(rest):
        c = max(COLOURS, key=lambda k: hand[k])
        hand[c] -= 1
        pay.append(c)
    return tuple(pay)


def _next_box(state: GameState, p: Sheet, track: str):
    boxes = state.data.track_boxes[track]
    n = p.tracks[track]
    return boxes[n] if n < len(boxes) else None


BotFactory = Callable[[int], object]


def play(ships: Sequence[str], bots, seed: int) -> list[Breakdown]:
    """Play one full game, one ship per seat; return each seat's score breakdown.

    ``bots``: one bot class/factory (``seed -> bot``) for every seat, or a
    sequence with one per seat (factories or bot objects). Factories get a
    seed derived from ``seed`` and the seat, so a game is a pure function of
    its arguments.
    """
    state = play_state(ships, bots, seed)
    return [_score(state, seat) for seat in range(len(ships))]


def play_state(ships: Sequence[str], bots, seed: int) -> GameState:
    """Like ``play`` but returns the finished :class:`GameState`."""
    n = len(ships)
    per_seat = list(bots) if isinstance(bots, (list, tuple)) else [bots] * n
    if len(per_seat) != n:
        raise ValueError(f"{n} ships but {len(per_seat)} bots")
    players = [
        b if hasattr(b, "act") and not isinstance(b, type) else b(_bot_seed(seed, seat))
        for seat, b in enumerate(per_seat)
    ]
    state = new_game(list(ships), seed)
    guard = 0
    while state.phase != "over":
        order = [(state.first_seat + k) % n for k in range(n)]
        moved = False
        for seat in order:
            if _waiting(state, seat):
                apply(state, seat, players[seat].act(state, seat))
                moved = True
        guard += 1
        if not moved or guard > 100_000:
            raise RuntimeError(f"game stuck in round {state.round} ({state.phase})")
    return state


def _bot_seed(seed: int, seat: int) -> int:
    return seed * 7919 + 104729 * (seat + 1)


def _waiting(state: GameState, seat: int) -> bool:
    p = state.players[seat]
    if state.phase == "setup":
        return p.skill is None
    return state.phase in ("repair", "cleanup") and not p.ready


def _score(state: GameState, seat: int) -> Breakdown:
    s = final_state(state, seat)
    data = state.data
    return score(s, load_ship(s.ship), data.tracker, data.tech)
