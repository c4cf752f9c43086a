"""Ids of the markable fields on the printed Stellar Drift sheets.

These are the ids the sheet map lists and the photo reader reports, so a
problem found in a state can point back at the boxes on paper. Numbers in ids
are 1-based: ``track-power-1`` is the leftmost Power box, ``tech-red-1`` the
bottom red Tech box.
"""

from __future__ import annotations

from collections.abc import Sequence


def space(name: str) -> str:
    return f"space-{name}"


def track(track_id: str, n: int) -> str:
    return f"track-{track_id}-{n}"


def bonus(colour: str) -> str:
    return f"bonus-{colour}"


def bonus_use(colour: str, ability: str) -> str:
    return f"bonus-{colour}-use-{ability}"


def leftover(kind: str, value: int) -> str:
    """``kind`` is "energy" or "cubes"; one bubble per value."""
    return f"leftover-{kind}-{value}"


def skill(colour: str) -> str:
    return f"skill-{colour}"


def skill_round(colour: str, r: int) -> str:
    return f"skill-{colour}-round-{r}"


def ability(ability_id: str, k: int) -> str:
    return f"ability-{ability_id}-{k}"


def tech(colour: str, n: int) -> str:
    return f"tech-{colour}-{n}"


def income(kind: str, n: int) -> str:
    """``kind`` is "energy" or "cube" (as printed on the Tech sheet)."""
    return f"income-{kind}-{n}"


def round_phase(r: int, phase: str) -> str:
    return f"round-{r}-{phase.lower()}"


def round_tracker(rounds: int, phases: Sequence[str]) -> list[str]:
    """The Round Tracker's boxes in the order of play: round 1's phases, then round 2's...

    >>> round_tracker(2, ("Income", "Repair"))
    ['round-1-income', 'round-1-repair', 'round-2-income', 'round-2-repair']
    """
    return [round_phase(r, p) for r in range(1, rounds + 1) for p in phases]
