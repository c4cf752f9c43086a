"""What is wrong with a Distant Suns state, and the error that carries it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a state; ``field`` is its path in the JSON form.

    E.g. ``Problem("shapes.3.hexes", "q2r20 is outside the grid")`` or
    ``Problem("optimization", "no zone has the group tile")``.
    """

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class InvalidState(ValueError):
    """A state (or a table of states) that cannot be scored; ``problems`` lists every reason."""

    def __init__(self, problems: Iterable[Problem], context: str = ""):
        self.problems: tuple[Problem, ...] = tuple(problems)
        head = f"invalid Distant Suns state{f' ({context})' if context else ''}"
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{head}:\n{lines}")
