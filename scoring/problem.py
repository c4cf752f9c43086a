"""What is wrong with a game state, the error that carries it, and reading states.

Every game reports problems the same way: each names its field (the path in the
state's JSON form), and a state that cannot be scored raises ``InvalidState``
listing every problem at once. Each game subclasses ``InvalidState`` only to say
what it was reading ("Stellar Drift state", "Federation score pad").
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

Severity = Literal["error", "warning"]
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a state.

    ``field`` is the path in the state's JSON form ("tracks.power", "shapes.3.hexes");
    ``marks`` are the printed sheet fields concerned, so a photo reader can point at
    them. An ``error`` makes the state unscorable; a ``warning`` is possible in a legal
    game (or a forgotten mark) and is reported with the score.
    """

    field: str
    message: str
    severity: Severity = "error"
    marks: tuple[str, ...] = ()

    def __str__(self) -> str:
        tag = " (warning)" if self.severity == "warning" else ""
        return f"{self.field}: {self.message}{tag}"


def errors(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


class InvalidState(ValueError):
    """A state that cannot be scored; ``problems`` lists every reason found."""

    subject = "state"

    def __init__(self, problems: Iterable[Problem], context: str = ""):
        self.problems: tuple[Problem, ...] = tuple(problems)
        head = f"invalid {self.subject}{f' ({context})' if context else ''}"
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{head}:\n{lines}")


def validate_state(model: type[M], data: Any, error: type[InvalidState]) -> M:
    """``data`` validated into ``model``; ``error`` lists every type problem by field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise error(
            Problem(
                ".".join(str(p) for p in err["loc"]) or "(top level)",
                f"{err['msg']} (got {err.get('input')!r})",
            )
            for err in exc.errors()
        ) from None


def load_state_file(path: Path | str, model: type[M], error: type[InvalidState]) -> M:
    """A state read from a JSON file; ``error`` names the file and every problem."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error([Problem("(file)", str(exc))], str(path)) from None
    try:
        return validate_state(model, data, error)
    except InvalidState as exc:
        raise error(exc.problems, str(path)) from None
