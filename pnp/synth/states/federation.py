"""Federation: score pad values and Solo games, from layouts/synth/federation.yaml."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pydantic import Field

from pnp.synth.states.common import SOLO, player_name
from scoring.federation.score_pad import ScorePad, load_score_pad
from scoring.federation.sheet_fields import compared_projects
from scoring.federation.solo_state import parse_state as parse_solo
from scoring.federation.solo_state import score as solo_score
from scoring.federation.solo_tracker import SoloTracker, load_solo_tracker
from scoring.layout_file import LayoutError, Strict, layouts_root, load_model


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
            "name": player_name(k),
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
        "name": player_name(serial),
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
