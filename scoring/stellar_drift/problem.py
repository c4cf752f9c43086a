"""The error a Stellar Drift state raises; problems are ``scoring.problem.Problem``."""

from __future__ import annotations

from scoring.problem import InvalidState as _InvalidState
from scoring.problem import Problem, Severity, errors

__all__ = ["InvalidState", "Problem", "Severity", "errors"]


class InvalidState(_InvalidState):
    subject = "Stellar Drift state"
