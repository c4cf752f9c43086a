"""A Distant Suns player's Cosmos sheet at the end of the game, as typed data.

The JSON form is what a person copies from the paper sheet and the board::

    {
      "game": "distant-suns",
      "cosmos": "cosmos",                 # layout file stem in layouts/distant_suns/
      "player": "Ana",
      "serial": 2,                        # sheet serial from the page code
      "zones": ["moon", "rocket", "star", "satellite", "probe"],
                                          # the 5 Exploration Zone tiles on the board;
                                          # the Black Hole zone is always in play, not listed
      "optimization": {"moon": "upgrade", "rocket": "alien", "star": "treasure",
                       "satellite": "group", "black-hole": "black_hole"},
                                          # zone id -> the Optimization tile opposite it
      "shapes": [                         # every shape drawn, in any order
        {"zone": "rocket", "hexes": ["q1r9", "q2r9", "q3r9", "q3r8", "q2r8"],
         "round": 1, "turn": 1, "upgrades_used": 0}
      ],
      "upgrades_used": [1],               # Upgrades-area circles whose box is checked
      "frontier": {"q6r9": "high"}        # circled value per Frontier: "high" (10/15),
                                          # "low" (5/8), "both" (an error on paper)
    }

``round`` is 1..3 and ``turn`` the turn within that round (1..5); turns are
played simultaneously, so (round, turn) is the same moment on every sheet.
Only ``zones``, ``optimization``, ``shapes`` and ``frontier`` change the score;
``upgrades_used`` and ``upgrades_gained`` are checked against the shapes when
given. Hex ids are kept as text so that a malformed one is reported by
:func:`scoring.distant_suns.check.check` with every other problem. Models are
frozen and reject unknown keys: a typo is an error, not a silent zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt

from scoring.distant_suns.layout import OptimizationTileId
from scoring.distant_suns.problem import InvalidState
from scoring.problem import load_state_file, validate_state

OptimizationTile = OptimizationTileId
#: The five Optimization tiles, in rulebook order (cosmos.yaml lists the same, tested).
TILES: tuple[OptimizationTile, ...] = get_args(OptimizationTileId)
FrontierMark = Literal["high", "low", "both"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DrawnShape(_Frozen):
    """One shape drawn on the sheet (its glyph names the zone)."""

    zone: str = Field(description="Zone id of the glyph drawn inside, e.g. moon or black-hole.")
    hexes: tuple[str, ...] = Field(
        min_length=1, description="Spaces covered, as hex ids like q3r5; order is free."
    )
    round: PositiveInt = Field(description="Round it was drawn in, from 1.")
    turn: PositiveInt = Field(description="Turn within that round, from 1.")
    upgrades_used: NonNegativeInt = Field(0, description="Upgrades spent on it (hexes ignored).")

    @property
    def label(self) -> str:
        """``"r2t3 moon"``: how a breakdown names this shape."""
        return f"r{self.round}t{self.turn} {self.zone}"


class DistantSunsState(_Frozen):
    """One player's Cosmos sheet at the end of the game, with the board's tiles."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        title="Distant Suns end-of-game state",
        json_schema_extra={
            "examples": [
                {
                    "game": "distant-suns",
                    "player": "Ana",
                    "zones": ["moon", "rocket", "star", "satellite", "probe"],
                    "optimization": {
                        "moon": "upgrade",
                        "rocket": "alien",
                        "star": "treasure",
                        "satellite": "group",
                        "black-hole": "black_hole",
                    },
                    "shapes": [
                        {
                            "zone": "satellite",
                            "hexes": ["q1r9", "q2r9", "q3r9"],
                            "round": 1,
                            "turn": 1,
                        }
                    ],
                }
            ]
        },
    )

    game: Literal["distant-suns"] = Field("distant-suns", description="Always distant-suns.")
    cosmos: str = Field("cosmos", description="Cosmos layout: file stem in layouts/distant_suns/.")
    player: str = Field("", description="Player name.")
    serial: PositiveInt | None = Field(None, description="Sheet serial from the page code.")
    order_known: bool = Field(
        True,
        description="False when the rounds and turns are inferred (a sheet read from a photo "
        "cannot show the drawing order): the Frontier values circled on the sheet are then "
        "scored as they are, a table does not re-run the Frontier race from the turns, and "
        "the rules of the drawing order (each shape touching an earlier one, Upgrades spent "
        "once gained) are met if any order of the shapes meets them.",
    )
    zones: tuple[str, ...] = Field(
        description="Ids of the Exploration Zone tiles on the board (not the Black Hole)."
    )
    optimization: dict[str, OptimizationTile] = Field(
        description="Zone id (black-hole included) -> the Optimization tile opposite it."
    )
    shapes: tuple[DrawnShape, ...] = Field((), description="Every shape drawn; order is free.")
    upgrades_used: tuple[PositiveInt, ...] | None = Field(
        None,
        description="Upgrades-area circles (numbered from 1) whose box is checked; "
        "null if not copied.",
    )
    upgrades_gained: NonNegativeInt | None = Field(
        None, description="Upgrades-area circles checked; null if not copied."
    )
    frontier: dict[str, FrontierMark] = Field(
        default_factory=dict,
        description="Frontier hex id -> the circled value: high (10/15), low (5/8) or both.",
    )


State = DistantSunsState


def state_schema() -> dict[str, Any]:
    """The JSON Schema of a state."""
    return DistantSunsState.model_json_schema()


def parse_state(data: Any) -> DistantSunsState:
    """Validate JSON-like data into a state; InvalidState lists every type problem.

    >>> parse_state({"zones": [], "optimization": {}, "shapes": []}).game
    'distant-suns'
    """
    return validate_state(DistantSunsState, data, InvalidState)


def load_state(path: Path | str) -> DistantSunsState:
    """Read a state from a JSON file; InvalidState names the file and every problem."""
    return load_state_file(path, DistantSunsState, InvalidState)
