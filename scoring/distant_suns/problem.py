"""The error a Distant Suns state raises; problems are ``scoring.problem.Problem``."""

from __future__ import annotations

from scoring.problem import InvalidState as _InvalidState
from scoring.problem import Problem

__all__ = ["InvalidState", "Problem"]


class InvalidState(_InvalidState):
    """A state (or a table of states) that cannot be scored."""

    subject = "Distant Suns state"
