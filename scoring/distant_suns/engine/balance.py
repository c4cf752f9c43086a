"""Balance measurements of the Cosmos sheet and the board, from seeded bot games.

Each function is a pure function of its arguments (seeds included), so a
number in docs can be re-run. Game ``i`` of a run uses seed ``f"{seed}:{i}"``
for the board and the bots.

>>> s = summary([3, 1, 2])
>>> s.median, s.mean
(2, 2.0)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.distant_suns.engine.board import Board
from scoring.distant_suns.engine.bots import play_game
from scoring.distant_suns.engine.game import shipped
from scoring.distant_suns.engine.tables import tables
from scoring.distant_suns.layout import Cosmos, Shapes


@dataclass(frozen=True)
class Summary:
    """A distribution in a line: count, min, 10th percentile, median, mean, 90th, max."""

    n: int
    min: float
    p10: float
    median: float
    mean: float
    p90: float
    max: float

    def __str__(self) -> str:
        return (
            f"n={self.n} min={self.min:g} p10={self.p10:g} median={self.median:g} "
            f"mean={self.mean:.1f} p90={self.p90:g} max={self.max:g}"
        )


def summary(values: Sequence[float]) -> Summary:
    if not values:
        raise ValueError("a summary of no values")
    xs = sorted(values)

    def pct(p: float) -> float:
        return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]

    return Summary(
        len(xs), xs[0], pct(0.1), statistics.median(xs), statistics.fmean(xs), pct(0.9), xs[-1]
    )


def _seed(seed: int | str, i: int) -> str:
    return f"{seed}:{i}"


def solo_scores(bot: str, games: int, seed: int | str = 0) -> list[int]:
    """The final score of ``games`` seeded solo games played by ``bot``."""
    return [play_game(1, bot, _seed(seed, i)).standings()[0].total for i in range(games)]


def shapes_placed(bot: str, games: int, seed: int | str = 0, players: int = 1) -> list[int]:
    """Shapes drawn per sheet over ``games`` seeded games (every seat counted)."""
    out = []
    for i in range(games):
        final = play_game(players, bot, _seed(seed, i))
        out += [len(p.sheet.placed) for p in final.players]
    return out


def turns_played(bot: str, games: int, seed: int | str = 0, players: int = 1) -> list[int]:
    """Turns per game (3 rounds of 4 or 5)."""
    return [len(play_game(players, bot, _seed(seed, i)).history) for i in range(games)]


def seat_win_rates(
    bot: str, games: int, seed: int | str = 0, players: int = 4
) -> tuple[float, ...]:
    """Share of games each seat wins (seat 0 is the first active player).

    A shared victory counts as a win for every player sharing it, so the
    shares can add up to more than 1.
    """
    wins = [0] * players
    for i in range(games):
        final = play_game(players, bot, _seed(seed, i))
        names = [p.name for p in final.players]
        for s in final.standings():
            if s.place == 1:
                wins[names.index(s.player)] += 1
    return tuple(w / games for w in wins)


@dataclass(frozen=True)
class SeatStudy:
    """Who wins a 4-player game, and the turn order's share in it.

    Seat 0 is the first active player. ``wins[s]``: share of games seat s wins
    (shared wins count for each sharer). ``active[s]``: mean turns seat s is
    the active player; ``starts[s]``: mean rounds it opens. ``turns``: games
    by turns played (12 to 15). ``wins_by_active``: for each number of active
    turns a player had, (players, share of them who won).
    """

    games: int
    wins: tuple[float, ...]
    active: tuple[float, ...]
    starts: tuple[float, ...]
    turns: dict[int, int]
    wins_by_active: dict[int, tuple[int, float]]


def seat_study(
    bot: str,
    games: int,
    seed: int | str = 0,
    players: int = 4,
    cosmos: Cosmos | None = None,
) -> SeatStudy:
    """:class:`SeatStudy` of ``games`` seeded games by ``bot`` (``cosmos``: a what-if sheet).

    >>> s = seat_study("random", 2, seed=1, players=2)
    >>> sum(s.turns.values()), len(s.wins), sum(s.starts)
    (2, 2, 3.0)
    """
    wins = [0] * players
    active = [0] * players
    starts = [0] * players
    turns: dict[int, int] = {}
    by_active: dict[int, list[int]] = {}
    for i in range(games):
        final = play_game(players, bot, _seed(seed, i), cosmos=cosmos)
        names = [p.name for p in final.players]
        counts = [0] * players
        for record in final.history:
            counts[record.active] += 1
            if record.turn == 1:
                starts[record.active] += 1
        turns[len(final.history)] = turns.get(len(final.history), 0) + 1
        won = {names.index(s.player) for s in final.standings() if s.place == 1}
        for seat, n in enumerate(counts):
            active[seat] += n
            tally = by_active.setdefault(n, [0, 0])
            tally[0] += 1
            if seat in won:
                wins[seat] += 1
                tally[1] += 1
    return SeatStudy(
        games,
        tuple(w / games for w in wins),
        tuple(a / games for a in active),
        tuple(s / games for s in starts),
        dict(sorted(turns.items())),
        {n: (t, w / t) for n, (t, w) in sorted(by_active.items())},
    )


def without_race(cosmos: Cosmos) -> Cosmos:
    """``cosmos`` with every Frontier worth its first value to everyone who reaches it.

    A what-if, not a rule: it shows how much of a seat's edge the Frontier race makes.
    """
    rewards = {
        k: r.model_copy(update={"later": r.first})
        for k, r in cosmos.scoring.frontier_rewards.items()
    }
    return cosmos.model_copy(
        update={"scoring": cosmos.scoring.model_copy(update={"frontier_rewards": rewards})}
    )


def sheet_capacity(
    games: int,
    seed: int | str = 0,
    how: str = "tight",
    cosmos: Cosmos | None = None,
    shapes: Shapes | None = None,
) -> list[tuple[int, int]]:
    """How many shapes fit on one Cosmos sheet: (shapes, hexes covered) per packing.

    Each packing takes a seeded board's six zones and draws whole shapes (no
    Upgrades) until none of them fits anywhere. ``how``:

    * ``"tight"``: each step draws the fit, over all six zones, that leaves the
      fewest spaces next to the covered area (small shapes snug against the
      rest), a lower bound on the waste a careful player leaves;
    * ``"random"``: a random zone each step, placed at random, skipping zones
      that no longer fit.
    """
    if how not in ("tight", "random"):
        raise ValueError(f"unknown packing: {how!r} (known: tight, random)")
    default_cosmos, default_shapes, _ = shipped()
    cosmos = cosmos or default_cosmos
    shapes = shapes or default_shapes
    t = tables(cosmos)
    out = []
    for i in range(games):
        rng = random.Random(_seed(seed, i))
        board = Board.random(rng, cosmos, shapes)
        zones = [shapes.zone(z) for z in (*board.zones, board.black_hole)]
        covered, touch, drawn = 0, t.start_touch, 0
        while True:
            options = [(z, p) for z in zones for p in t.legal(z, covered, touch, 0)]
            if not options:
                break
            if how == "random":
                zone = rng.choice(sorted({z.id for z, _ in options}))
                _, p = rng.choice([o for o in options if o[0].id == zone])
            else:

                def exposed(option, covered=covered):
                    m = t.mask(option[1].hexes)
                    after = covered | m
                    return (t.around(after) & ~after).bit_count(), len(option[1].hexes)

                best = min(exposed(o) for o in options)
                _, p = rng.choice([o for o in options if exposed(o) == best])
            m = t.mask(p.hexes)
            touch = ((touch if covered else 0) | t.around(m)) & ~(covered | m)
            covered |= m
            drawn += 1
        out.append((drawn, covered.bit_count()))
    return out


__all__ = [
    "SeatStudy",
    "Summary",
    "seat_study",
    "seat_win_rates",
    "shapes_placed",
    "sheet_capacity",
    "solo_scores",
    "summary",
    "turns_played",
    "without_race",
]
