"""What the per-game state makers share."""

from __future__ import annotations

SOLO = "solo"  # Federation: a Solo game's state instead of a score pad


def player_name(k: int) -> str:
    return f"Player {k}"
