"""The legal actions of a seat: ``legal_actions`` lists a practical set, each
one passing ``refusals.refusal``. ``repair_targets``, ``repair_options`` and
``canonical_payment`` are its repairs; the greedy bot uses them too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

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
from scoring.stellar_drift.engine.queries import fewest_tracks, skip_distance, track_open
from scoring.stellar_drift.engine.refusals import lacks, refusal
from scoring.stellar_drift.engine.state import GameState, Sheet
from scoring.stellar_drift.layout import COLOURS


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
            yield from (Store(s) for s in sorted(picks) if not lacks(p.hand, s, ""))
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
