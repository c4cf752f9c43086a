"""The rules: ``apply`` plays a legal action or raises IllegalAction, with the
reason ``refusals.refusal`` gives; ``legal.legal_actions`` lists the legal ones.

Readings of the rulebook where it is silent (also in layouts/README.md):

* Repair Phase turns are simultaneous on paper; the engine takes actions from
  any player not yet Ready, in any order (``bots.play`` goes round the table
  one action at a time, starting with a seat that moves on each round).
* Credits from abilities, Captain Skills and exchanges (colour changes, wild
  cubes, Free Repairs, skips, double rewards) apply to repairs and lapse at the
  end of the Repair Phase. "Next repair" credits (Free Repair, skip, double)
  are used by the next repair; several skips add up (FAQ), and a pending Free
  Repair must be named by that repair (``Repair.free``).
* Reach of a repair: adjacency (open sides, ladder pairs), then a Free Repair
  anywhere, then pending skips (spaces passed through by open sides, walls
  block), then an airlock jump for 1 energy from any repaired airlock.
* A Cube Sweep happens when a draw finds the bag empty: every player's spent
  cubes go back to the bag (the "last chance" window is not modelled; abilities
  can be used at any time anyway). If the bag is still empty the draw is lost;
  an Energy Exchange draw is refused then.
* "OR" abilities whose first option is impossible (income track full) may
  still take the other option; with no option given the engine takes the first.
* A Tech Point with every Tech track full is lost.
"""

from __future__ import annotations

from scoring.stellar_drift.engine.actions import (
    Action,
    ApplyTech,
    ChooseSkill,
    Exchange,
    IllegalAction,
    Pass,
    Repair,
    Store,
    UseAbility,
    UseBonus,
    UseSkill,
)
from scoring.stellar_drift.engine.data import Effect
from scoring.stellar_drift.engine.queries import (
    changes_needed,
    fewest_tracks,
    reach,
    tech_boxes,
    tech_open,
    track_boxes,
)
from scoring.stellar_drift.engine.refusals import refusal
from scoring.stellar_drift.engine.state import GameState, Sheet, draw_one
from scoring.stellar_drift.layout import COLOURS


def apply(state: GameState, seat: int, action: Action) -> None:
    """Play ``action`` for ``seat``; raise IllegalAction (with the reason) if illegal."""
    reason = refusal(state, seat, action)
    if reason is not None:
        raise IllegalAction(action, seat, reason)
    p = state.players[seat]
    if isinstance(action, ChooseSkill):
        _choose_skill(state, p, action.colour)
    elif isinstance(action, ApplyTech):
        p.pending_tech -= 1
        _tech_box(state, p, action.colour)
    elif isinstance(action, Repair):
        _repair(state, p, action)
    elif isinstance(action, Exchange):
        p.energy -= state.data.effects.energy_exchange
        if action.kind == "draw":
            draw(state, p, 1)
        else:
            p.changes += 1
    elif isinstance(action, UseSkill):
        _use_skill(state, p, action)
    elif isinstance(action, UseAbility):
        p.unlocked[action.ability] -= 1
        p.used[action.ability] = p.used.get(action.ability, 0) + 1
        _effect(
            state, p, state.data.effects.abilities[action.ability], action.ability, action.options
        )
    elif isinstance(action, UseBonus):
        p.bonus_open.remove(action.colour)
        p.bonus_abilities[action.colour] = action.ability
        _effect(
            state, p, state.data.effects.abilities[action.ability], action.ability, action.options
        )
    elif isinstance(action, Pass):
        _pass(state, p)
    elif isinstance(action, Store):
        _store(state, p, action.cubes)


def gain_energy(state: GameState, p: Sheet, n: int) -> None:
    p.energy = min(state.data.tracker.max_energy, p.energy + n)


def draw(state: GameState, p: Sheet, n: int) -> int:
    """Pull ``n`` cubes into ``p``'s hand, sweeping when the bag runs dry; cubes drawn."""
    got = 0
    for _ in range(n):
        if not state.bag_size():
            cube_sweep(state)
        colour = draw_one(state)
        if colour is None:
            break
        p.hand[colour] += 1
        got += 1
    return got


def cube_sweep(state: GameState) -> None:
    """All cubes spent by all players go back to the bag."""
    state.sweeps += 1
    for q in state.players:
        for c, n in q.spent.items():
            state.bag[c] += n
            q.spent[c] = 0


def _unlock(state: GameState, p: Sheet, ability: str | None) -> None:
    if ability:
        p.unlocked[ability] = p.unlocked.get(ability, 0) + state.data.uses.get(ability, 1)


def _tech_box(state: GameState, p: Sheet, colour: str) -> None:
    boxes = tech_boxes(state, colour)
    if p.tech[colour] < len(boxes):
        p.tech[colour] += 1
        _unlock(state, p, boxes[p.tech[colour] - 1].ability)


def mark(state: GameState, p: Sheet, track: str) -> None:
    """Check the leftmost open box of a Ship Repair track and gain its symbols."""
    boxes = track_boxes(state, track)
    if p.tracks[track] >= len(boxes):
        return
    p.tracks[track] += 1
    box = boxes[p.tracks[track] - 1]
    for symbol in box.symbols:
        if symbol == "energy":
            gain_energy(state, p, 1)
        elif symbol == "bag":
            draw(state, p, 1)
        elif symbol == "energy_income":
            _raise_income(state, p, "energy")
        elif symbol == "cube_income":
            _raise_income(state, p, "cubes")
        elif symbol == "padlock":
            _unlock(state, p, box.ability)


def _raise_income(state: GameState, p: Sheet, kind: str) -> bool:
    tech = state.data.tech
    if kind == "energy":
        if p.income_energy >= tech.energy_income.boxes:
            return False
        p.income_energy += 1
    else:
        if p.income_cubes >= tech.cube_income.boxes:
            return False
        p.income_cubes += 1
    return True


def _choose_skill(state: GameState, p: Sheet, colour: str) -> None:
    p.skill = colour
    other = next(c for c in p.setup_cubes if c != colour)
    boxes = state.data.effects.setup_tech_boxes
    if other in p.tech:
        for _ in range(boxes.own_colour):
            _tech_box(state, p, other)
    else:
        for c in p.tech:
            for _ in range(boxes.each_track):
                _tech_box(state, p, c)
    if all(q.skill is not None for q in state.players):
        for q in state.players:  # both cubes go back to the bag
            for c in q.setup_cubes:
                state.bag[c] += 1
        start_round(state)


def start_round(state: GameState) -> None:
    """Income Phase of the next round: energy, cubes and a Tech Point for everyone."""
    state.round += 1
    state.phase = "repair"
    if state.round > 1:
        state.first_seat = (state.first_seat + 1) % len(state.players)
    tech = state.data.tech
    n = len(state.players)
    for k in range(n):
        p = state.players[(state.first_seat + k) % n]
        p.ready = False
        gain_energy(state, p, tech.energy_income.start + p.income_energy)
        draw(state, p, tech.cube_income.start + p.income_cubes)
        p.pending_tech += state.data.effects.income_tech_points
        _drop_lost_tech(state, p)


def _drop_lost_tech(state: GameState, p: Sheet) -> None:
    if p.pending_tech and not any(tech_open(state, p, c) for c in p.tech):
        p.pending_tech = 0


def _repair(state: GameState, p: Sheet, a: Repair) -> None:
    geo = p.geo
    how = reach(state, p, a.space, a.free)
    if how == "jump":
        p.energy -= state.data.effects.airlock_jump
    if a.free is not None:
        p.free.remove(a.free)
    else:
        for c in a.pay:
            p.hand[c] -= 1
            p.spent[c] += 1
        p.wild -= a.wild
        p.changes -= changes_needed(geo.cost[a.space], a.pay, a.wild)
    p.skip = 0
    times = 2 if p.double else 1
    p.double = False
    p.repaired.add(a.space)
    p.order.append(a.space)
    space = geo.ship.by_name[a.space]
    if space.special == "loot":
        draw(state, p, state.data.effects.loot_cubes)
    if a.free != "bare":
        for reward in space.rewards * times:
            if reward == "tech":
                p.pending_tech += 1
            else:
                mark(state, p, reward)
    _drop_lost_tech(state, p)
    sec = geo.section_of.get(a.space)
    if sec is not None and geo.members[sec] <= p.repaired:
        colour = geo.colour_of[sec]
        if colour not in p.bonus:
            p.bonus.append(colour)
            p.bonus_open.append(colour)


def _use_skill(state: GameState, p: Sheet, a: UseSkill) -> None:
    cost = state.data.skill_costs[p.skill]
    effect = state.data.effects.captain_skills[p.skill]
    options: tuple[str, ...] = (a.option,) if a.option else ()
    if cost.kind == "energy":
        p.energy -= cost.n
    else:
        for _ in range(cost.n):
            colour = a.option or max(COLOURS, key=lambda c: p.hand[c])
            p.hand[colour] -= 1
            p.spent[colour] += 1
        options = ()
    p.skill_rounds.append(state.round)
    _effect(state, p, effect, p.skill, options)


def _effect(state: GameState, p: Sheet, e: Effect, key: str, options: tuple[str, ...]) -> None:
    gain_energy(state, p, e.energy)
    for _ in range(e.energy_income):
        choice = options[0] if e.or_energy and options else "income"
        if choice == "energy" or not _raise_income(state, p, "energy"):
            gain_energy(state, p, e.or_energy)
    for _ in range(e.cube_income):
        choice = options[0] if e.or_cubes and options else "income"
        if choice == "pull" or not _raise_income(state, p, "cubes"):
            draw(state, p, e.or_cubes)
    recover = state.data.recover.get(key)
    if e.cubes and recover:
        picks = options or (
            ("pull",) * e.cubes
            if recover == "choice"
            else (max(COLOURS, key=lambda c: p.spent[c]),) * e.cubes
        )
        for pick in picks:
            if pick == "pull":
                draw(state, p, 1)
            elif p.spent[pick]:
                p.spent[pick] -= 1
                p.hand[pick] += 1
    else:
        draw(state, p, e.cubes)
    p.pending_tech += e.tech_points
    for track, n in e.marks.items():
        for _ in range(n):
            mark(state, p, track)
    for track in options if e.any_marks else ():
        mark(state, p, track)
    if e.fewest_marks:
        fewest = fewest_tracks(state, p)
        mark(state, p, options[0] if options else fewest[0])
    p.changes += e.colour_changes
    p.wild += e.wild_cubes
    kind = "anywhere" if key in state.data.anywhere else "free"
    p.free += [kind] * e.free_repairs + ["bare"] * e.free_repairs_no_rewards
    p.skip += e.skip
    p.double = p.double or e.double_rewards
    _drop_lost_tech(state, p)


def _pass(state: GameState, p: Sheet) -> None:
    p.ready = True
    p.changes = p.wild = p.skip = 0
    p.free = []
    p.double = False
    if all(q.ready for q in state.players):
        if state.round >= state.rounds:
            state.phase = "over"
        else:
            state.phase = "cleanup"
            for q in state.players:
                q.ready = False


def _store(state: GameState, p: Sheet, cubes: tuple[str, ...]) -> None:
    for c in COLOURS:
        keep = cubes.count(c)
        state.bag[c] += p.hand[c] - keep
        p.hand[c] = keep
    p.stored = tuple(cubes)
    p.ready = True
    if all(q.ready for q in state.players):
        for q in state.players:
            for c in COLOURS:
                state.bag[c] += q.spent[c]
                q.spent[c] = 0
        start_round(state)
