"""Why an action is illegal: ``refusal`` gives the reason, or None if the action is
legal. ``rules.apply`` refuses with it and ``legal.legal_actions`` filters with it;
the readings of the rulebook they follow are listed in ``rules``.
"""

from __future__ import annotations

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
from scoring.stellar_drift.engine.data import Effect
from scoring.stellar_drift.engine.queries import (
    can_draw,
    changes_needed,
    fewest_tracks,
    reach,
    tech_open,
)
from scoring.stellar_drift.engine.state import GameState, Sheet


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
        return lacks(p.hand, action.cubes, "in hand")
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


def lacks(have: dict[str, int], cubes: tuple[str, ...], where: str) -> str | None:
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
    lack = lacks(p.hand, a.pay, "in hand")
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
        return lacks(p.spent, colours, "spent")
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
