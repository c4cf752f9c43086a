"""A filled Federation score pad as typed data, its checks, and its score.

The JSON form, one entry per column of the pad (category ids are those of
layouts/federation/scorepad.yaml)::

    {
      "game": "federation",
      "modules": ["piracy"],            # modules played; [] for the base game
      "players": [
        {"name": "Ana", "serial": 4,    # serial: the pad sheet's, from its page code
         "values": {"game_pp": 112, "medals_of_honor": 14, "remaining_resources": 6,
                    "funded_major_projects": 20, "piracy_major_project": 16}}
      ]
    }

The totals and the ranking are :func:`scoring.federation.score_pad.score_pad_totals`'s;
this module adds the typed form, field paths for every problem, and checks the
pad cannot make (names, serials).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, StrictInt

from scoring.federation.score_pad import ScorePad, ScorePadError, ScorePadResult, score_pad_totals
from scoring.problem import InvalidState as _InvalidState
from scoring.problem import Problem, load_state_file, validate_state

Module = Literal["piracy"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerColumn(_Frozen):
    """One player's column of the score pad."""

    name: str = Field(min_length=1, description="Player name, as written at the column's top.")
    serial: PositiveInt | None = Field(None, description="Score pad serial from the page code.")
    values: dict[str, StrictInt] = Field(
        description="Category id -> PP written (game_pp, medals_of_honor, ...)."
    )


class FederationState(_Frozen):
    """A filled end-of-game score pad."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Federation score pad")

    game: Literal["federation"] = Field("federation", description="Always federation.")
    modules: tuple[Module, ...] = Field(
        ("piracy",), description="Expansion modules played; their categories are then required."
    )
    players: tuple[PlayerColumn, ...] = Field(description="One entry per column, in pad order.")


State = FederationState


class InvalidState(_InvalidState):
    """A score pad that cannot be scored; ``problems`` lists every reason."""

    subject = "Federation score pad"


def state_schema() -> dict[str, Any]:
    """The JSON Schema of a filled score pad."""
    return FederationState.model_json_schema()


def parse_state(data: Any) -> FederationState:
    """Validate JSON-like data; InvalidState lists every type problem.

    >>> parse_state({"players": [{"name": "Ana", "values": {}}]}).modules
    ('piracy',)
    """
    return validate_state(FederationState, data, InvalidState)


def load_state(path: Path | str) -> FederationState:
    """Read a filled pad from a JSON file; InvalidState names the file and every problem."""
    return load_state_file(path, FederationState, InvalidState)


def check(state: FederationState, pad: ScorePad) -> list[Problem]:
    """Every problem of ``state`` on ``pad``; an empty list means it can be scored.

    Names must be distinct (the pad's totals are keyed by name); the rest
    (player count, unknown or missing categories, module categories, values
    out of a field's range) is what ``score_pad_totals`` refuses, told by field.
    """
    found: list[Problem] = []
    for name, n in Counter(p.name for p in state.players).items():
        if n > 1:
            found.append(Problem("players", f"{n} columns are named {name!r}"))
    for module, n in Counter(state.modules).items():
        if n > 1:
            found.append(Problem("modules", f"{module!r} is listed {n} times"))
    if found:
        # values keyed by name would merge the columns: the totals' checks would mislead
        return found
    try:
        score_pad_totals(pad, _values(state), state.modules)
    except ScorePadError as exc:
        found += [_located(message, state) for message in exc.problems]
    return found


def score(state: FederationState, pad: ScorePad) -> ScorePadResult:
    """Totals and ranking of a valid pad (ties share a rank); InvalidState otherwise."""
    problems = check(state, pad)
    if problems:
        raise InvalidState(problems, ", ".join(p.name for p in state.players))
    return score_pad_totals(pad, _values(state), state.modules)


def _values(state: FederationState) -> dict[str, dict[str, int]]:
    return {p.name: dict(p.values) for p in state.players}


def _located(message: str, state: FederationState) -> Problem:
    """A score_pad_totals message (``"<player>: <what>"``) with its field path."""
    for i, player in enumerate(state.players):
        prefix = f"{player.name}: "
        if message.startswith(prefix):
            rest = message[len(prefix) :]
            quoted = rest.split("'")
            key = quoted[1] if len(quoted) > 2 else rest.split(" ", 1)[0]
            return Problem(f"players.{i}.values.{key}", rest)
    return Problem("players", message)
