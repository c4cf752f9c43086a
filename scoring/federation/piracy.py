"""The Major Project Piracy at the end of the game (Piracy module, "Influence and
Major Projects"): financed when the players together hold enough Piracy Influence
tokens; the players with the most tokens score the most PP.

The rulebook prints both numbers for 4 players only (10 tokens, 16 PP); for other
player counts, and for every place but the first, the values are printed on the tile,
not in the rulebook, so this module says what it cannot know instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.federation.setup_counts import Setup


@dataclass(frozen=True)
class PiracyProject:
    financed: bool
    tokens: int  # collected by all players together
    needed: int
    leaders: tuple[str, ...]  # players with the most tokens (several when tied)
    leader_pp: int  # what each leader scores; 0 when not financed
    why: str


def piracy_project(tokens: Mapping[str, int], setup: Setup) -> PiracyProject:
    """Is the Major Project Piracy financed, and who leads it?

    Leaders tied on the most tokens all score the leader value ("the players with
    the most ... score the most"). Other places read their PP from the tile.
    ValueError when the rulebook prints no value for this player count.

    >>> from scoring.federation.setup_counts import load_setup
    >>> p = piracy_project({"Ana": 4, "Bo": 3, "Cy": 2, "Di": 1}, load_setup())
    >>> p.financed, p.leaders, p.leader_pp
    (True, ('Ana',), 16)
    """
    players = len(tokens)
    needed = setup.entry("piracy_major_project_tokens_needed").count_for(players)
    top_pp = setup.entry("piracy_major_project_most_tokens_pp").count_for(players)
    total = sum(tokens.values())
    most = max(tokens.values(), default=0)
    leaders = tuple(p for p, n in tokens.items() if n == most and n > 0)
    financed = total >= needed
    why = f"{total} tokens collected, {needed} needed: " + (
        f"financed; most tokens ({most}): {', '.join(leaders)} score {top_pp} PP"
        if financed
        else "not financed, no PP"
    )
    return PiracyProject(financed, total, needed, leaders, top_pp if financed else 0, why)
