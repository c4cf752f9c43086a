"""Measurements for the balance report: many seeded games, summarised.

Game ``i`` of a run uses seed ``seed + i``, so any single game can be replayed
with ``bots.play(ships, bot, seed + i)``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scoring.stellar_drift.engine.bots import _score, play, play_state
from scoring.stellar_drift.score import rank, solo_rating, winners


def solo_scores(ship: str, bot, games: int, seed: int) -> list[int]:
    """Final totals of ``games`` solo games on ``ship`` (seeds seed..seed+games-1)."""
    return [play([ship], bot, seed + i)[0].total for i in range(games)]


def solo_bands(totals: list[int]) -> dict[str, float]:
    """Share of totals in each Solo Variant chart band (label -> 0..1), chart order."""
    from scoring.stellar_drift.engine.data import load_engine_data

    tracker = load_engine_data().tracker
    counts = Counter(solo_rating(t, tracker).label for t in totals)
    n = max(1, len(totals))
    return {band.label: counts.get(band.label, 0) / n for band in tracker.solo_chart}


@dataclass
class TableResults:
    """``wins[seat]``: games won by each seat (a shared win counts 1/k to each of k);
    ``sections[(ship, section)]``: games in which a seat completed that section;
    ``totals[seat]``: every game's total for that seat; ``sweeps``: Cube Sweeps per game."""

    games: int
    ships: tuple[str, ...]
    wins: list[float]
    sections: Counter = field(default_factory=Counter)
    totals: list[list[int]] = field(default_factory=list)
    sweeps: list[int] = field(default_factory=list)

    def win_rates(self) -> list[float]:
        return [w / max(1, self.games) for w in self.wins]


def table_results(ships: list[str], bot, games: int, seed: int) -> TableResults:
    """Play ``games`` games with one seat per ship in ``ships`` (seat order as given)."""
    n = len(ships)
    out = TableResults(games, tuple(ships), [0.0] * n, Counter(), [[] for _ in range(n)], [])
    for i in range(games):
        state = play_state(ships, bot, seed + i)
        breakdowns = [_score(state, seat) for seat in range(n)]
        for seat, b in enumerate(breakdowns):
            out.totals[seat].append(b.total)
            for sec in b.sections:
                out.sections[(b.ship, sec.id)] += 1
        tagged = [_tag(b, seat) for seat, b in enumerate(breakdowns)]
        won = winners(rank(tagged))
        for name in won:
            out.wins[int(name)] += 1 / len(won)
        out.sweeps.append(state.sweeps)
    return out


def _tag(b, seat: int):
    from dataclasses import replace

    return replace(b, player=str(seat))


__all__ = ["TableResults", "play", "solo_bands", "solo_scores", "table_results"]
