"""Validation of a Stellar Drift state against its layouts: every problem at once.

Errors are sheets that cannot occur in a legal game (a box that does not
exist, a bonus for a section never completed); warnings are unusual but
possible, or a mark a player probably forgot. Only errors stop scoring.

Reading of the rules for reachability: repairs normally extend from repaired
spaces through open sides (ladder pairs and airlock jumps count as links), but
the red Tech "Free Repair anywhere", the skip abilities and the FAQ ("you can
always repair from those spaces as well, even if they don't connect back to
your Reactor Core") make a detached repaired space legal. A player would not
call such a sheet wrong, so it is a warning naming the detached spaces, and
the score counts them.
"""

from __future__ import annotations

from collections import Counter

from scoring.stellar_drift import fields
from scoring.stellar_drift.derive import completed_sections, islands, ship_facts, unlocks
from scoring.stellar_drift.layout import Ship, Tech, Tracker
from scoring.stellar_drift.problem import Problem
from scoring.stellar_drift.state import StellarDriftState


def check(state: StellarDriftState, ship: Ship, tracker: Tracker, tech: Tech) -> list[Problem]:
    """Every problem of ``state`` on these layouts, errors and warnings, in field order."""
    found: list[Problem] = []
    if state.ship != ship.id:
        found.append(
            Problem(
                "ship", f"the state is for {state.ship!r} but the ship layout given is {ship.id!r}"
            )
        )
    found += _repaired(state, ship)
    found += _tracks(state, tracker, tech)
    found += _section_bonus(state, ship, tracker)
    found += _leftover(state, tracker)
    found += _skill(state, tracker)
    found += _abilities(state, tracker, tech)
    found += _income_and_rounds(state, tech)
    return found


def _repaired(state: StellarDriftState, ship: Ship) -> list[Problem]:
    facts = ship_facts(ship)
    found = []
    for name in sorted(set(state.repaired) - facts.spaces):
        found.append(
            Problem(
                "repaired",
                f"{name!r} is not a space of the {ship.name} "
                f"(spaces are named like {ship.reactor})",
                marks=(fields.space(name),),
            )
        )
    for name, n in sorted(Counter(state.repaired).items()):
        if n > 1:
            found.append(
                Problem("repaired", f"{name} is listed {n} times", "warning", (fields.space(name),))
            )
    for group in islands(ship, frozenset(state.repaired)):
        found.append(
            Problem(
                "repaired",
                f"{', '.join(group)} not connected to the Reactor Core {ship.reactor} through "
                "repaired spaces (legal only after a skip, a jump or a 'Free Repair anywhere')",
                "warning",
                tuple(fields.space(n) for n in group),
            )
        )
    return found


def _tracks(state: StellarDriftState, tracker: Tracker, tech: Tech) -> list[Problem]:
    found = []
    lengths = {t.id: len(t.boxes) for t in tracker.ship_tracks}
    for tid, n in state.tracks.items():
        if tid not in lengths:
            found.append(Problem(f"tracks.{tid}", "no such Ship Repair track on the Tracker sheet"))
        elif n > lengths[tid]:
            found.append(
                Problem(
                    f"tracks.{tid}",
                    f"{n} boxes checked, but the track has {lengths[tid]}",
                    marks=(fields.track(tid, n),),
                )
            )
    tech_lengths = {t.colour: len(t.boxes) for t in tech.tech_tracks}
    for colour, n in state.tech.items():
        if colour not in tech_lengths:
            found.append(Problem(f"tech.{colour}", "no such Tech track on the Tech sheet"))
        elif n > tech_lengths[colour]:
            found.append(
                Problem(
                    f"tech.{colour}",
                    f"{n} boxes checked, but the track has {tech_lengths[colour]}",
                    marks=(fields.tech(colour, n),),
                )
            )
    return found


def _section_bonus(state: StellarDriftState, ship: Ship, tracker: Tracker) -> list[Problem]:
    found = []
    done = completed_sections(ship, frozenset(state.repaired))
    done_colours = {sec.colour for sec, _ in done}
    for colour, n in Counter(state.section_bonus).items():
        if n > 1:
            found.append(
                Problem(
                    "section_bonus",
                    f"{colour} is checked {n} times; there is one bonus box per colour",
                    marks=(fields.bonus(colour),),
                )
            )
    for colour in dict.fromkeys(state.section_bonus):
        if colour not in done_colours:
            same = [s.id for s in ship.sections if s.colour == colour]
            where = f" ({', '.join(same)} not complete)" if same else " (the ship has none)"
            # the bonus box checked in error, or a repair missed where the section is
            # nearest complete
            missing = tuple(fields.space(s) for s in _nearest_missing(ship, state, colour))
            found.append(
                Problem(
                    "section_bonus",
                    f"{colour} bonus box checked, but no {colour} "
                    f"section is completely repaired{where}",
                    marks=(fields.bonus(colour), *missing),
                )
            )
    for colour in sorted(done_colours - set(state.section_bonus)):
        names = ", ".join(sec.id for sec, _ in done if sec.colour == colour)
        found.append(
            Problem(
                "section_bonus",
                f"a {colour} section is completely repaired "
                f"({names}) but the {colour} bonus box is not checked; it scores "
                f"{tracker.section_bonus_vp} VP only if checked",
                "warning",
                (fields.bonus(colour),),
            )
        )
    ids = {a.id for a in tracker.section_bonus_abilities}
    for colour, ability in state.bonus_abilities.items():
        if colour not in state.section_bonus:
            found.append(
                Problem(
                    f"bonus_abilities.{colour}",
                    f"used {ability!r}, but the {colour} bonus box is not checked",
                    # the bonus box missed, or the use checked in error
                    marks=(fields.bonus(colour), fields.bonus_use(colour, ability)),
                )
            )
        if ability not in ids:
            found.append(
                Problem(
                    f"bonus_abilities.{colour}",
                    f"unknown bonus ability {ability!r} (one of {', '.join(sorted(ids))})",
                )
            )
    return found


def _leftover(state: StellarDriftState, tracker: Tracker) -> list[Problem]:
    found = []
    if state.leftover.energy > tracker.max_energy:
        found.append(
            Problem(
                "leftover.energy",
                f"{state.leftover.energy} energy, but you can "
                f"never have more than {tracker.max_energy}",
            )
        )
    if state.leftover.cubes > tracker.max_leftover_cubes:
        found.append(
            Problem(
                "leftover.cubes",
                f"{state.leftover.cubes} cubes, but the sheet "
                f"records at most {tracker.max_leftover_cubes}",
            )
        )
    return found


def _skill(state: StellarDriftState, tracker: Tracker) -> list[Problem]:
    found = []
    if state.skill_rounds and state.captain_skill is None:
        found.append(Problem("skill_rounds", "rounds are checked but no Captain Skill is chosen"))
    for r, n in sorted(Counter(state.skill_rounds).items()):
        if not 1 <= r <= tracker.rounds:
            found.append(
                Problem("skill_rounds", f"round {r} does not exist (1 to {tracker.rounds})")
            )
        elif n > 1:
            found.append(
                Problem(
                    "skill_rounds",
                    f"round {r} is listed {n} times; the skill is used once per round",
                )
            )
    return found


def _nearest_missing(ship: Ship, state: StellarDriftState, colour: str) -> list[str]:
    """The spaces not repaired of the ``colour`` sections that lack the fewest (each such
    section's, in sheet order); none where the ship has no such section."""
    facts = ship_facts(ship)
    done = set(state.repaired) | {facts.reactor}
    lacking = [
        [s for s in spaces if s not in done]
        for sec, _, spaces in facts.sections
        if sec.colour == colour
    ]
    fewest = min((len(m) for m in lacking), default=0)
    return [s for m in lacking if len(m) == fewest for s in m]


def _abilities(state: StellarDriftState, tracker: Tracker, tech: Tech) -> list[Problem]:
    found: list[Problem] = []
    if not state.abilities_used:
        return found
    known = unlocks(tracker, tech)
    reached = {f"tracks.{k}": v for k, v in state.tracks.items()}
    reached.update({f"tech.{k}": v for k, v in state.tech.items()})
    for ability, n in state.abilities_used.items():
        where = f"abilities_used.{ability}"
        unlock = known.get(ability)
        if unlock is None:
            hint = (
                " (bonus abilities go in bonus_abilities)"
                if ability in {a.id for a in tracker.section_bonus_abilities}
                else ""
            )
            found.append(Problem(where, f"unknown ability {ability!r}{hint}"))
            continue
        if n > unlock.uses:
            found.append(
                Problem(
                    where,
                    f"used {n} times, but it has {unlock.uses} "
                    f"box{'es' if unlock.uses > 1 else ''}",
                    marks=(fields.ability(ability, n),),
                )
            )
        if n and reached.get(unlock.state_field, 0) < unlock.box:
            found.append(
                Problem(
                    where,
                    f"used, but never unlocked: its padlock is box "
                    f"{unlock.box} of {unlock.state_field}",
                    # the padlock box missed, or the Ability boxes checked in error
                    marks=(unlock.mark, *(fields.ability(ability, k) for k in range(1, n + 1))),
                )
            )
    return found


def _income_and_rounds(state: StellarDriftState, tech: Tech) -> list[Problem]:
    found = []
    for kind, n, income, mark in (
        ("energy", state.income.energy, tech.energy_income, "energy"),
        ("cubes", state.income.cubes, tech.cube_income, "cube"),
    ):
        if n > income.boxes:
            found.append(
                Problem(
                    f"income.{kind}",
                    f"{n} boxes checked, but there are {income.boxes}",
                    marks=(fields.income(mark, n),),
                )
            )
    phases = tech.rounds * len(tech.phases)
    if state.phases_checked > phases:
        found.append(
            Problem(
                "phases_checked",
                f"{state.phases_checked} phases checked, but "
                f"the Round Tracker has {phases} ({tech.rounds} rounds x "
                f"{len(tech.phases)} phases)",
            )
        )
    return found
