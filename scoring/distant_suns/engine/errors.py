"""Why the engine refuses an action: one error type per phase, each with a reason."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why, quoting the action."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class WrongPhase(IllegalAction):
    """The action belongs to another phase (or the game is over)."""


class IllegalAssignment(IllegalAction):
    """An Assignment Module placed where the rules do not let it go."""


class IllegalDrawing(IllegalAction):
    """A shape drawn (or not drawn) against the Drawing rules."""


__all__ = ["IllegalAction", "IllegalAssignment", "IllegalDrawing", "WrongPhase"]
