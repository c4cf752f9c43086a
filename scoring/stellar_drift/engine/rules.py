"""The rules: ``refusal`` says why an action is illegal (None if legal),
``apply`` plays a legal one or raises IllegalAction, ``legal_actions`` lists them.

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

from collections.abc import Iterator
from itertools import combinations_with_replacement

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
from scoring.stellar_drift.engine.state import GameState, Sheet, draw_one
from scoring.stellar_drift.layout import COLOURS, TrackBox

# -- small predicates ------------------------------------------------------------------


def tech_open(state: GameState, p: Sheet, colour: str) -> bool:
    return p.tech[colour] < len(_tech_boxes(state, colour))


def track_open(state: GameState, p: Sheet, track: str) -> bool:
    return p.tracks[track] < len(_track_boxes(state, track))


def fewest_tracks(state: GameState, p: Sheet) -> list[str]:
    """Open Ship Repair tracks with the fewest marks (red Captain Skill)."""
    open_ = [t for t in p.tracks if track_open(state, p, t)]
    if not open_:
        return []
    low = min(p.tracks[t] for t in open_)
    return [t for t in open_ if p.tracks[t] == low]


def adjacent(p: Sheet, space: str) -> bool:
    return any(n in p.repaired for n in p.geo.links[space])


def skip_distance(p: Sheet, space: str, limit: int) -> int | None:
    """Spaces skipped to land on ``space`` from a repaired space (<= limit), else None."""
    frontier, seen, skipped = [space], {space}, 0
    while frontier and skipped <= limit:
        nxt = []
        for here in frontier:
            for n in p.geo.links[here]:
                if n in p.repaired:
                    return skipped
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier, skipped = nxt, skipped + 1
    return None


def can_jump(state: GameState, p: Sheet, space: str) -> bool:
    return (
        space in p.geo.airlocks
        and any(a in p.repaired for a in p.geo.airlocks)
        and p.energy >= state.data.effects.airlock_jump
    )


def reach(state: GameState, p: Sheet, space: str, free: str | None) -> str | None:
    """How a repair of ``space`` reaches it: "adjacent", "anywhere", "skip",
    "jump" or None."""
    if adjacent(p, space):
        return "adjacent"
    if free == "anywhere":
        return "anywhere"
    if p.skip and skip_distance(p, space, p.skip) is not None:
        return "skip"
    if can_jump(state, p, space):
        return "jump"
    return None


def changes_needed(cost: tuple[str | None, ...], pay: tuple[str, ...], wild: int) -> int:
    """Colour changes needed to pay ``cost`` with ``pay`` and ``wild`` wild cubes."""
    need: dict[str, int] = {}
    for c in cost:
        if c is not None:
            need[c] = need.get(c, 0) + 1
    matched = sum(min(n, pay.count(c)) for c, n in need.items())
    return max(0, sum(need.values()) - matched - wild)


def can_draw(state: GameState) -> bool:
    return state.bag_size() > 0 or any(sum(q.spent.values()) for q in state.players)


# -- refusal ---------------------------------------------------------------------------


def refusal(state: GameState, seat: int, action: Action) -> str | None:
    """Why ``action`` is illegal for ``seat`` now, or None if it is legal."""
    if not 0 <= seat < len(state.players):
        return f"no seat {seat} (players: {len(state.players)})"
    p = state.players[seat]
    if state.phase == "over":
        return "the game is over"
    if isinstance(action, ChooseSkill):
        if state.phase != "setup":
            return "the Captain Skill is chosen at setup only"
        if p.skill is not None:
            return f"the Captain Skill is already chosen ({p.skill})"
        if action.colour not in p.setup_cubes:
            return f"you drew {' and '.join(p.setup_cubes)}, not {action.colour}"
        return None
    if state.phase == "setup":
        return "choose your Captain Skill first (setup)"
    if isinstance(action, ApplyTech):
        if not p.pending_tech:
            return "no Tech Point to apply"
        if action.colour not in p.tech:
            return f"no {action.colour} Tech track (one of {', '.join(p.tech)})"
        if not tech_open(state, p, action.colour):
            return f"the {action.colour} Tech track is full"
        return None
    if isinstance(action, Store):
        if state.phase != "cleanup":
            return "cubes are stored in the Cleanup Phase"
        if p.ready:
            return "you have stored your cubes this round"
        slots = state.data.tracker.storage_slots
        if len(action.cubes) > slots:
            return f"you may store at most {slots} cubes, not {len(action.cubes)}"
        return _lacks(p.hand, action.cubes, "in hand")
    if state.phase != "repair":
        return f"only Store in the {state.phase.title()} Phase"
    if p.ready:
        return "you are Ready (passed) for this round"
    if p.pending_tech:
        return f"apply your pending Tech Point{'s' if p.pending_tech > 1 else ''} first"
    if isinstance(action, Pass):
        return None
    if isinstance(action, Repair):
        return _repair_refusal(state, p, action)
    if isinstance(action, Exchange):
        price = state.data.effects.energy_exchange
        if p.energy < price:
            return f"an Energy Exchange costs {price} energy; you have {p.energy}"
        if action.kind == "draw" and not can_draw(state):
            return "the bag is empty and a Cube Sweep would return no cubes"
        if action.kind not in ("draw", "change"):
            return f"an Energy Exchange draws a cube or changes a colour, not {action.kind!r}"
        return None
    if isinstance(action, UseSkill):
        return _skill_refusal(state, p, action)
    if isinstance(action, UseAbility):
        if action.ability in state.data.bonus_ids:
            return f"{action.ability} is a Repaired Sections Bonus ability: use UseBonus"
        if not p.unlocked.get(action.ability):
            why = "used up" if p.used.get(action.ability) else "not unlocked"
            return f"ability {action.ability} is {why}"
        effect = state.data.effects.abilities[action.ability]
        return _effect_refusal(state, p, effect, action.ability, action.options)
    if isinstance(action, UseBonus):
        if action.colour not in p.bonus_open:
            return f"no unused {action.colour} Repaired Sections Bonus box"
        if action.ability not in state.data.bonus_ids:
            known = ", ".join(state.data.bonus_ids)
            return f"{action.ability!r} is not a bonus ability (one of {known})"
        effect = state.data.effects.abilities[action.ability]
        return _effect_refusal(state, p, effect, action.ability, action.options)
    return f"unknown action {action!r}"


def _lacks(have: dict[str, int], cubes: tuple[str, ...], where: str) -> str | None:
    for c in set(cubes):
        if c not in have:
            return f"{c!r} is not a cube colour"
        if cubes.count(c) > have[c]:
            return f"{cubes.count(c)} {c} cube(s) needed, {have[c]} {where}"
    return None


def _repair_refusal(state: GameState, p: Sheet, a: Repair) -> str | None:
    geo = p.geo
    if a.space not in geo.cost:
        return f"{a.space!r} is not a space of the {p.ship.name}"
    if a.space in p.repaired:
        return f"{a.space} is already repaired"
    if a.free is not None:
        if a.free not in p.free:
            return f"no pending {a.free} Free Repair"
        if a.pay or a.wild:
            return "a Free Repair costs zero cubes: pay nothing"
    elif p.free:
        return f"a Free Repair ({p.free[0]}) is pending: your next repair costs zero cubes"
    how = reach(state, p, a.space, a.free)
    if how is None:
        jump = state.data.effects.airlock_jump
        if a.space in geo.airlocks and any(x in p.repaired for x in geo.airlocks):
            return f"an airlock jump to {a.space} costs {jump} energy; you have {p.energy}"
        return f"{a.space} is not adjacent to a repaired space (walls block)"
    if a.free is not None:
        return None
    cost = geo.cost[a.space]
    if len(a.pay) + a.wild != len(cost):
        shown = ", ".join(c or "any" for c in cost) or "nothing"
        return f"{a.space} costs {len(cost)} cube(s) ({shown}); {len(a.pay)} paid + {a.wild} wild"
    if a.wild > p.wild:
        return f"{a.wild} wild cube(s) used, {p.wild} available"
    lack = _lacks(p.hand, a.pay, "in hand")
    if lack:
        return lack
    need = changes_needed(cost, a.pay, a.wild)
    if need > p.changes:
        return (
            f"paying {', '.join(c or 'any' for c in cost)} with {', '.join(a.pay)} needs "
            f"{need} colour change(s); you have {p.changes}"
        )
    return None


def _skill_refusal(state: GameState, p: Sheet, a: UseSkill) -> str | None:
    if p.skill is None:
        return "no Captain Skill chosen"
    if state.round in p.skill_rounds:
        return f"the Captain Skill is used already in round {state.round}"
    cost = state.data.skill_costs[p.skill]
    if cost.kind == "energy" and p.energy < cost.n:
        return f"the {p.skill} Captain Skill costs {cost.n} energy; you have {p.energy}"
    if cost.kind == "cubes":
        if p.cubes() < cost.n:
            return f"the {p.skill} Captain Skill costs {cost.n} cube(s); you have {p.cubes()}"
        if a.option is not None and p.hand.get(a.option, 0) < cost.n:
            return f"no {a.option} cube in hand to spend"
    effect = state.data.effects.captain_skills[p.skill]
    return _effect_refusal(state, p, effect, p.skill, (a.option,) if a.option else ())


def _effect_refusal(
    state: GameState, p: Sheet, e: Effect, key: str, options: tuple[str, ...]
) -> str | None:
    recover = state.data.recover.get(key)
    if e.or_energy and options and options[0] not in ("income", "energy"):
        return f"{key}: choose 'income' or 'energy', not {options[0]!r}"
    if e.or_cubes and options and options[0] not in ("income", "pull"):
        return f"{key}: choose 'income' or 'pull', not {options[0]!r}"
    if e.cubes and recover:
        picks = options or (("pull",) * e.cubes if recover == "choice" else ())
        if recover == "only" and not sum(p.spent.values()):
            return f"{key}: no spent cube to recover"
        if recover == "only" and not options:
            return None  # the engine picks a spent colour
        if len(picks) != e.cubes:
            return f"{key}: {e.cubes} choice(s) needed, got {len(picks)}"
        colours = tuple(c for c in picks if c != "pull")
        if recover == "only" and len(colours) != len(picks):
            return f"{key}: recover a spent cube (name its colour)"
        return _lacks(p.spent, colours, "spent")
    if e.any_marks:
        if len(options) != e.any_marks:
            return f"{key}: name {e.any_marks} Ship Repair track(s)"
        for t in options:
            if t not in p.tracks:
                return f"{key}: no Ship Repair track {t!r} (one of {', '.join(p.tracks)})"
    if e.fewest_marks:
        fewest = fewest_tracks(state, p)
        if not fewest:
            return f"{key}: every Ship Repair track is full"
        if options and options[0] not in fewest:
            return (
                f"{key}: {options[0]} is not among the fewest-marked tracks ({', '.join(fewest)})"
            )
    if e.tech_points and not any(tech_open(state, p, c) for c in p.tech):
        return None  # legal; the point is lost
    return None


# -- apply -----------------------------------------------------------------------------


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


def _tech_boxes(state: GameState, colour: str) -> tuple[TrackBox, ...]:
    return state.data.tech_boxes[colour]


def _track_boxes(state: GameState, track: str) -> tuple[TrackBox, ...]:
    return state.data.track_boxes[track]


def _unlock(state: GameState, p: Sheet, ability: str | None) -> None:
    if ability:
        p.unlocked[ability] = p.unlocked.get(ability, 0) + state.data.uses.get(ability, 1)


def _tech_box(state: GameState, p: Sheet, colour: str) -> None:
    boxes = _tech_boxes(state, colour)
    if p.tech[colour] < len(boxes):
        p.tech[colour] += 1
        _unlock(state, p, boxes[p.tech[colour] - 1].ability)


def mark(state: GameState, p: Sheet, track: str) -> None:
    """Check the leftmost open box of a Ship Repair track and gain its symbols."""
    boxes = _track_boxes(state, track)
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


# -- legal actions ---------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """A practical set of legal actions for ``seat``, every one of which ``apply``
    accepts: one canonical payment per reachable space (exact colours first,
    then wild credits, then colour-change credits on the most plentiful
    cubes), every option of abilities and skills, every choice of stored cubes.
    Payments that waste credits, and Free Repairs on spaces a bot could pay
    for another way, are legal but not listed twice. Empty when the seat has
    nothing to do (the game is over, or it is Ready)."""
    return [a for a in _candidates(state, seat) if refusal(state, seat, a) is None]


def _candidates(state: GameState, seat: int) -> Iterator[Action]:
    p = state.players[seat]
    if state.phase == "setup":
        if p.skill is None:
            yield from (ChooseSkill(c) for c in p.setup_cubes)
        return
    if state.phase == "cleanup":
        if not p.ready:
            cubes = [c for c in COLOURS for _ in range(p.hand[c])]
            picks = {()}
            for k in range(1, state.data.tracker.storage_slots + 1):
                picks |= set(combinations_with_replacement(sorted(set(cubes)), k))
            yield from (Store(s) for s in sorted(picks) if not _lacks(p.hand, s, ""))
        return
    if state.phase != "repair" or p.ready:
        return
    if p.pending_tech:
        yield from (ApplyTech(c) for c in p.tech)
        return
    yield Pass()
    for space in repair_targets(state, p):
        yield from repair_options(state, p, space)
    yield Exchange("draw")
    yield Exchange("change")
    if p.skill is not None:
        yield from (UseSkill(o) for o in _skill_options(state, p))
    for ability, left in p.unlocked.items():
        if left:
            for options in _options(state, p, state.data.effects.abilities[ability], ability):
                yield UseAbility(ability, options)
    for colour in dict.fromkeys(p.bonus_open):
        for ability in state.data.bonus_ids:
            for options in _options(state, p, state.data.effects.abilities[ability], ability):
                yield UseBonus(colour, ability, options)


def repair_targets(state: GameState, p: Sheet) -> list[str]:
    """Unrepaired spaces a repair can reach now (by any means the player holds)."""
    geo = p.geo
    if "anywhere" in p.free:
        return [s for s in geo.cost if s not in p.repaired]
    out = {n for r in p.repaired for n in geo.links[r] if n not in p.repaired}
    if p.skip:
        out |= {
            s for s in geo.cost if s not in p.repaired and skip_distance(p, s, p.skip) is not None
        }
    if any(a in p.repaired for a in geo.airlocks) and p.energy >= state.data.effects.airlock_jump:
        out |= {a for a in geo.airlocks if a not in p.repaired}
    return sorted(out)


def repair_options(state: GameState, p: Sheet, space: str) -> list[Repair]:
    if p.free:
        return [Repair(space, free=k) for k in dict.fromkeys(p.free)]
    pay = canonical_payment(p, p.geo.cost[space])
    return [] if pay is None else [Repair(space, pay[0], pay[1])]


def canonical_payment(p: Sheet, cost: tuple[str | None, ...]) -> tuple[tuple[str, ...], int] | None:
    """(cubes, wild) paying ``cost`` from hand with the credits held, or None."""
    hand = dict(p.hand)
    pay: list[str] = []
    short = 0
    for c in cost:
        if c is not None and hand[c]:
            hand[c] -= 1
            pay.append(c)
        elif c is not None:
            short += 1
    anys = sum(1 for c in cost if c is None)
    wild = min(p.wild, short + anys)
    changes = max(0, short - wild)
    if changes > p.changes:
        return None
    rest = short + anys - wild
    for _ in range(rest):
        c = max(COLOURS, key=lambda k: hand[k])
        if not hand[c]:
            return None
        hand[c] -= 1
        pay.append(c)
    return tuple(pay), wild


def _skill_options(state: GameState, p: Sheet) -> list[str | None]:
    if p.skill == "blue":
        return [c for c in COLOURS if p.hand[c]]
    if p.skill == "red":
        return list(fewest_tracks(state, p))
    if p.skill == "green":
        return [c for c in COLOURS if p.spent[c]]
    return [None]


def _options(state: GameState, p: Sheet, e: Effect, key: str) -> list[tuple[str, ...]]:
    if e.or_energy:
        return [("income",), ("energy",)]
    if e.or_cubes:
        return [("income",), ("pull",)]
    if e.any_marks:
        return [(t,) * e.any_marks for t in p.tracks if track_open(state, p, t)] or [
            (next(iter(p.tracks)),) * e.any_marks
        ]
    if e.cubes and state.data.recover.get(key) == "choice":
        picks = ["pull"] + [c for c in COLOURS if p.spent[c]]
        return list(combinations_with_replacement(picks, e.cubes))
    return [()]
