"""A Stellar Drift player's sheets at the end of the game, as typed data.

The JSON form is what a person copies from paper (all keys but ``ship`` may be
left out; a missing count is 0)::

    {
      "game": "stellar-drift",
      "ship": "aaraka-glider",          # the ship layout (layouts/stellar_drift/ships/)
      "serial": 3,                      # sheet-set serial from the page code
      "player": "Ana",
      "repaired": ["D4", "C5", "E5"],   # crossed-out ship spaces; the Reactor Core may be left out
      "tracks": {"power": 4, "fuel": 2},  # Ship Repair boxes checked, counted from the left
      "tech": {"yellow": 3, "red": 1},    # Tech boxes checked, counted from the bottom
      "section_bonus": ["yellow"],      # checked Repaired Sections Bonus boxes
      "bonus_abilities": {"yellow": "bonus-tech"},  # which ability each bonus box was used for
      "leftover": {"energy": 2, "cubes": 1},        # at the end of round 7 (tie-breaker)
      "captain_skill": "red",           # the Captain Skill box checked at setup
      "skill_rounds": [1, 2, 5],        # round circles checked above that skill
      "abilities_used": {"r1": 2, "power-surge": 1},  # ability boxes checked, by ability id
      "income": {"energy": 1, "cubes": 0},          # Income Upgrade boxes checked, from the left
      "phases_checked": 21              # Round Tracker boxes checked (7 rounds x 3 phases)
    }

Only ``repaired``, ``tracks``, ``tech``, ``section_bonus`` and ``leftover``
change the score; the rest is checked for consistency. Models are frozen and
reject unknown keys, so a typo ("repiared") is an error, not a silent zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, NonNegativeInt
from pydantic import Field as PydField

from scoring.problem import load_state_file, validate_state
from scoring.stellar_drift.layout import Colour, TrackSymbol
from scoring.stellar_drift.problem import InvalidState

TechColour = Literal["yellow", "green", "red"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Leftover(_Frozen):
    """Resources left at the end of the game (the End Game Scoring bubbles)."""

    energy: int = PydField(0, ge=0, description="Energy left on the sideboard.")
    cubes: int = PydField(0, ge=0, description="Cubes left unspent.")


class IncomeBoxes(_Frozen):
    """Income Upgrade boxes checked on the Tech sheet (not the income itself)."""

    energy: int = PydField(0, ge=0, description="Energy Income boxes checked, from the left.")
    cubes: int = PydField(0, ge=0, description="Cube Income boxes checked, from the left.")


class StellarDriftState(_Frozen):
    """One player's Ship, Tracker and Tech sheets at the end of the game."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        title="Stellar Drift end-of-game state",
        json_schema_extra={
            "examples": [
                {
                    "game": "stellar-drift",
                    "ship": "aaraka-glider",
                    "player": "Ana",
                    "repaired": ["D4", "C4", "C3"],
                    "tracks": {"power": 3},
                    "tech": {"yellow": 2},
                    "leftover": {"energy": 2, "cubes": 1},
                }
            ]
        },
    )

    game: Literal["stellar-drift"] = PydField("stellar-drift", description="Always stellar-drift.")
    ship: str = PydField(description="Ship layout id, e.g. aaraka-glider.")
    serial: int | None = PydField(None, ge=1, description="Sheet-set serial from the page code.")
    player: str = PydField("", description="Player name.")
    repaired: tuple[str, ...] = PydField(
        (), description="Repaired (crossed-out) ship spaces by name, e.g. D4; order is free."
    )
    tracks: dict[TrackSymbol, NonNegativeInt] = PydField(
        default_factory=dict,
        description="Ship Repair track -> boxes checked, counted from the left (missing = 0).",
    )
    tech: dict[TechColour, NonNegativeInt] = PydField(
        default_factory=dict,
        description="Tech track colour -> boxes checked, counted from the bottom (missing = 0).",
    )
    section_bonus: tuple[Colour, ...] = PydField(
        (), description="Colours whose Repaired Sections Bonus box is checked."
    )
    bonus_abilities: dict[Colour, str] = PydField(
        default_factory=dict,
        description="Bonus box colour -> id of the bonus ability it was used for.",
    )
    leftover: Leftover = PydField(default_factory=Leftover)
    captain_skill: Colour | None = PydField(None, description="Captain Skill chosen at setup.")
    skill_rounds: tuple[int, ...] = PydField(
        (), description="Rounds in which the Captain Skill was used (round circles checked)."
    )
    abilities_used: dict[str, NonNegativeInt] = PydField(
        default_factory=dict, description="Ability id -> ability boxes checked (uses)."
    )
    income: IncomeBoxes = PydField(default_factory=IncomeBoxes)
    phases_checked: int = PydField(0, ge=0, description="Round Tracker phase boxes checked.")


State = StellarDriftState


def state_schema() -> dict[str, Any]:
    """The JSON Schema of a state (what ``pnp schema stellar-drift`` prints)."""
    return StellarDriftState.model_json_schema()


def parse_state(data: Any) -> StellarDriftState:
    """Validate JSON-like data into a state; InvalidState lists every type problem.

    >>> parse_state({"ship": "aaraka-glider", "tracks": {"power": 2}}).tracks
    {'power': 2}
    """
    return validate_state(StellarDriftState, data, InvalidState)


def load_state(path: Path | str) -> StellarDriftState:
    """Read a state from a JSON file; InvalidState names the file and every problem."""
    return load_state_file(path, StellarDriftState, InvalidState)
