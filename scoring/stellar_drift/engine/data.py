"""The numbers the engine plays by, loaded once and cross-checked.

Layouts (ship, tracker, tech, game) come from ``layouts/stellar_drift/``; the
abilities' and Captain Skills' effects, which the layouts hold only as text,
from the effects file named in ``layouts/stellar_drift/engine.yaml`` (shared
with ``pnp/synth/states/stellar_drift.py``), plus the few readings that file cannot say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field

from scoring.layout_file import LayoutError, Strict, layouts_root, load_model
from scoring.stellar_drift.layout import GameRules, Tech, TrackBox, Tracker
from scoring.stellar_drift.layouts import folder, load_rules, load_tech, load_tracker


class Effect(Strict):
    """What an ability or Captain Skill does (keys as in the effects file)."""

    energy: int = 0
    energy_income: int = 0
    or_energy: int = 0  # the other option of an "income OR energy" ability
    cube_income: int = 0
    or_cubes: int = 0  # the other option of an "income OR pull" ability
    cubes: int = 0
    tech_points: int = 0
    marks: dict[str, int] = Field(default_factory=dict)
    any_marks: int = 0
    fewest_marks: int = 0
    colour_changes: int = 0
    wild_cubes: int = 0
    free_repairs: int = 0
    free_repairs_no_rewards: int = 0
    double_rewards: bool = False
    skip: int = 0


class SetupTech(Strict):
    own_colour: int = Field(ge=0)
    each_track: int = Field(ge=0)


class Effects(Strict):
    """The effects file (``layouts/synth/stellar_drift.yaml``)."""

    version: int
    energy_exchange: int = Field(ge=1)
    airlock_jump: int = Field(ge=0)
    income_tech_points: int = Field(ge=0)
    loot_cubes: int = Field(ge=0)
    setup_tech_boxes: SetupTech
    abilities: dict[str, Effect]
    captain_skills: dict[str, Effect]


class EngineFile(Strict):
    """``layouts/stellar_drift/engine.yaml``."""

    version: int
    effects: str
    free_repair_anywhere: list[str] = Field(default_factory=list)
    recover: dict[str, Literal["choice", "only"]] = Field(default_factory=dict)


@dataclass(frozen=True)
class SkillCost:
    kind: Literal["energy", "cubes"]
    n: int


@dataclass(frozen=True)
class EngineData:
    tracker: Tracker
    tech: Tech
    rules: GameRules
    effects: Effects
    anywhere: frozenset[str]
    recover: dict[str, str]
    skill_costs: dict[str, SkillCost]
    uses: dict[str, int]  # ability id -> boxes (uses)
    bonus_ids: tuple[str, ...]
    track_boxes: dict[str, tuple[TrackBox, ...]]  # Ship Repair track id -> boxes, from the left
    tech_boxes: dict[str, tuple[TrackBox, ...]]  # Tech track colour -> boxes, from the bottom


def skill_cost(text: str) -> SkillCost:
    """ "2 energy" -> SkillCost("energy", 2); "1 cube" -> SkillCost("cubes", 1)."""
    m = re.fullmatch(r"(\d+) (energy|cubes?)", text.strip())
    if not m:
        raise ValueError(f"captain skill cost {text!r}: expected like '2 energy' or '1 cube'")
    return SkillCost("energy" if m.group(2) == "energy" else "cubes", int(m.group(1)))


def effects_problems(effects: Effects, tracker: Tracker, tech: Tech) -> list[str]:
    """What ``effects`` says that the tracker and tech layouts contradict."""
    ids = {a.id for a in [*tracker.abilities, *tech.abilities, *tracker.section_bonus_abilities]}
    tracks = {t.id for t in tracker.ship_tracks}
    found = [f"abilities: no effect for {a}" for a in sorted(ids - set(effects.abilities))]
    found += [f"abilities.{a}: no such ability" for a in sorted(set(effects.abilities) - ids)]
    skills = {s.colour for s in tracker.captain_skills}
    if set(effects.captain_skills) != skills:
        found.append(f"captain_skills: expected one per colour ({', '.join(sorted(skills))})")
    for where, effect in [*effects.abilities.items(), *effects.captain_skills.items()]:
        found += [f"{where}.marks: no track {t!r}" for t in effect.marks if t not in tracks]
    return found


@cache
def load_effects() -> Effects:
    """The effects file engine.yaml names, cross-checked against the tracker and tech."""
    spec = load_model(folder() / "engine.yaml", EngineFile)
    path = layouts_root() / spec.effects
    effects = load_model(path, Effects)
    found = effects_problems(effects, load_tracker(), load_tech())
    if found:
        raise LayoutError(path, found)
    return effects


@cache
def load_engine_data() -> EngineData:
    path = folder() / "engine.yaml"
    spec = load_model(path, EngineFile)
    effects = load_effects()
    tracker, tech, rules = load_tracker(), load_tech(), load_rules()
    bonus = tuple(a.id for a in tracker.section_bonus_abilities)
    ids = {a.id for a in [*tracker.abilities, *tech.abilities]} | set(bonus)
    found = []
    for a in spec.free_repair_anywhere:
        if a not in ids:
            found.append(f"free_repair_anywhere: unknown ability {a!r}")
    for a in spec.recover:
        if a not in ids and a not in effects.captain_skills:
            found.append(f"recover: unknown ability or skill {a!r}")
    if found:
        raise LayoutError(path, found)
    return EngineData(
        tracker=tracker,
        tech=tech,
        rules=rules,
        effects=effects,
        anywhere=frozenset(spec.free_repair_anywhere),
        recover=dict(spec.recover),
        skill_costs={s.colour: skill_cost(s.cost) for s in tracker.captain_skills},
        uses={a.id: a.uses for a in [*tracker.abilities, *tech.abilities]},
        bonus_ids=bonus,
        track_boxes={t.id: tuple(t.boxes) for t in tracker.ship_tracks},
        tech_boxes={t.colour: tuple(t.boxes) for t in tech.tech_tracks},
    )
