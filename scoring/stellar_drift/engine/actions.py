"""The moves a Stellar Drift player can make, as plain frozen data.

An action names every choice it makes (which cubes pay, which option of an
"OR" ability), so applying it is deterministic except for cube draws, which
come from the game's seeded bag. ``refusals.refusal`` says why one is illegal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = str  # "blue" | "yellow" | "red" | "green"
FreeKind = Literal["free", "anywhere", "bare"]


class IllegalAction(ValueError):
    """An action the rules refuse; ``reason`` says why, ``action`` is what was tried."""

    def __init__(self, action: object, seat: int, reason: str):
        super().__init__(f"illegal {action!r} for seat {seat}: {reason}")
        self.action = action
        self.seat = seat
        self.reason = reason


@dataclass(frozen=True, slots=True)
class ChooseSkill:
    """Setup: keep the Captain Skill of one drawn cube; the other starts a Tech track."""

    colour: Colour


@dataclass(frozen=True, slots=True)
class ApplyTech:
    """Check the bottommost open box of a Tech track (a pending Tech Point)."""

    colour: Colour


@dataclass(frozen=True, slots=True)
class Repair:
    """Repair ``space``. ``pay``: cubes from hand, matched to the cost's squares;
    ``wild``: squares covered by wild-cube credits (green 2nd Tech); a square
    paid with a cube of another colour uses a colour-change credit. ``free``
    names the pending Free Repair used (then ``pay`` is empty). Reach is worked
    out by the engine: adjacency, then a Free Repair anywhere, then pending
    skips, then an airlock jump (pays energy)."""

    space: str
    pay: tuple[Colour, ...] = ()
    wild: int = 0
    free: FreeKind | None = None


@dataclass(frozen=True, slots=True)
class Exchange:
    """Energy Exchange: pay 2 energy to draw a cube or to gain a colour change."""

    kind: Literal["draw", "change"]


@dataclass(frozen=True, slots=True)
class UseSkill:
    """The Captain Skill, once per round. ``option``: blue the cube colour spent,
    red the track marked (one of the fewest-marked), green the spent colour
    recovered; yellow none."""

    option: str | None = None


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Check one box of an unlocked ability and apply it. ``options`` for
    abilities with a choice: y2 ("income"|"energy"), g3 ("income"|"pull"),
    g4 two of ("pull" | a spent colour to recover), r2 the track marked."""

    ability: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UseBonus:
    """Use the Repaired Sections Bonus box of ``colour`` as one bonus ability."""

    colour: Colour
    ability: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """Done repairing this round (flip the Ready token)."""


@dataclass(frozen=True, slots=True)
class Store:
    """Cleanup: keep these cubes (at most the storage slots); the rest go to the bag."""

    cubes: tuple[Colour, ...] = ()


Action = (
    ChooseSkill | ApplyTech | Repair | Exchange | UseSkill | UseAbility | UseBonus | Pass | Store
)
