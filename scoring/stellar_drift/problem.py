"""What is wrong with a Stellar Drift state, and the error that carries it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a state.

    ``field`` is the path in the state's JSON form ("tracks.power",
    "repaired", "leftover.energy"); ``marks`` are the printed sheet fields
    concerned (see ``fields``), so a photo reader can point at them. An
    ``error`` makes the state unscorable; a ``warning`` is possible in a legal
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

    def __init__(self, problems: Iterable[Problem], context: str = ""):
        self.problems: tuple[Problem, ...] = tuple(problems)
        head = f"invalid Stellar Drift state{f' ({context})' if context else ''}"
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{head}:\n{lines}")
