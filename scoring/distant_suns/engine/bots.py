"""Seeded players for the engine, and ``play()`` to run a whole game with them.

* :class:`RandomBot`: a uniformly random legal Module placement and drawing
  (it spends Upgrades whenever the drawing it picks does).
* :class:`GreedyBot`: the move with the best immediate gain (:func:`gain`):
  the change in its own score (Optimization tile of the zone, Aliens covered,
  Treasures surrounded, Frontiers by the race so far), plus Upgrades gained
  less spent and steps towards the nearest Frontier not yet reached. As the
  active player it takes the circle zone with the best gain; among equals,
  the octagon zone that gives the opponents least.

Same seed, same game: every choice draws from the bot's own ``random.Random``.

>>> standings = play(1, ["greedy"], seed=4)
>>> len(standings), standings[0].player
(1, 'P1')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scoring.distant_suns.engine.board import Board, ModulePlacement
from scoring.distant_suns.engine.game import GameState, new_game
from scoring.distant_suns.engine.tables import Fit
from scoring.distant_suns.hexgrid import Hex, distance
from scoring.distant_suns.layout import Cosmos
from scoring.distant_suns.placement import Placement
from scoring.distant_suns.score import Standing

#: Points an Upgrade is worth to the greedy player, gained or spent.
UPGRADE_VALUE = 3.0
#: Points per step closer to the nearest Frontier the player has not reached.
FRONTIER_STEP = 1.0


class Bot(Protocol):
    name: str

    def assignment(self, state: GameState) -> ModulePlacement: ...

    def drawing(self, state: GameState, player: int) -> Placement | None: ...


class RandomBot:
    """Uniformly random legal choices."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def assignment(self, state: GameState) -> ModulePlacement:
        return self.rng.choice(state.legal_assignments())

    def drawing(self, state: GameState, player: int) -> Placement | None:
        options = state.legal_drawings(player)
        return self.rng.choice(options) if options else None


@dataclass(frozen=True)
class _Tally:
    """One player's counts for one zone's Optimization tile, before this turn."""

    tile: str | None
    zone_mask: int
    shapes_by_hole: int
    groups: tuple[tuple[int, int], ...]  # (spaces next to the group, shapes in it)
    distances: tuple[int, ...] | None  # per unreached Frontier: steps from the sheet


def _tally(state: GameState, player: int, zone: str) -> _Tally:
    game = state.game
    t, m = game.tables, game.masks
    p = state.players[player]
    masks = [t.mask(s.hexes) for s in p.sheet.placed if s.zone == zone]
    zone_mask = 0
    for x in masks:
        zone_mask |= x
    groups: list[tuple[int, int]] = []
    for x in masks:
        joined = [g for g in groups if g[0] & x]
        rest = [g for g in groups if not g[0] & x]
        union = x | t.around(x)
        count = 1
        for g in joined:
            union |= g[0]
            count += g[1]
        groups = [*rest, (union, count)]
    unreached = [h for h, _ in m.frontier_near if h not in p.reached]
    cells = [h for s in p.sheet.placed for h in s.hexes] or [game.cosmos.start]
    distances = tuple(min(distance(h, f) for h in cells) for f in unreached) or None
    return _Tally(
        tile=game.board.optimization.get(zone),
        zone_mask=zone_mask,
        shapes_by_hole=sum(1 for x in masks if x & m.next_to_black_hole),
        groups=tuple(groups),
        distances=distances,
    )


def gain(state: GameState, player: int, fit: Fit, tally: _Tally | None = None) -> float:
    """What drawing ``fit`` now is worth to ``player``: points gained, and a little more.

    The points are exact for everything decided by this shape alone (the Group
    tile's largest group included); the Frontier value assumes nobody else
    reaches it this turn.
    """
    game = state.game
    p = state.players[player]
    m = game.masks
    scoring = game.cosmos.scoring
    mask = fit.mask
    zone = fit.placement.zone
    tally = tally or _tally(state, player, zone)
    value = -scoring.alien_penalty * (mask & m.alien).bit_count()
    after = p.covered | mask
    for _, near in m.treasure_near:
        if near & ~p.covered and not near & ~after:
            value += scoring.treasure_bonus
    for h, near in m.frontier_near:
        if h not in p.reached and near & mask:
            reward = game.cosmos.frontier_reward(h)
            value += reward.first if h not in state.first_reached else reward.later
    value += UPGRADE_VALUE * ((mask & m.upgrade).bit_count() - fit.placement.upgrades_used)
    if tally.tile is not None:
        before, now = _times(state, tally, fit)
        value += scoring.optimization(now) - scoring.optimization(before)
    if tally.distances:
        steps = _frontier_steps(state, player, fit)
        value += FRONTIER_STEP * max(
            0, max(d - s for d, s in zip(tally.distances, steps, strict=True))
        )
    return value


def _times(state: GameState, tally: _Tally, fit: Fit) -> tuple[int, int]:
    m = state.game.masks
    mask = fit.mask
    if tally.tile in ("alien", "upgrade"):
        spaces = m.alien if tally.tile == "alien" else m.upgrade
        before = (tally.zone_mask & spaces).bit_count()
        return before, before + (mask & spaces).bit_count()
    if tally.tile == "treasure":
        before = sum(1 for _, near in m.treasure_near if near & tally.zone_mask)
        now = sum(1 for _, near in m.treasure_near if near & (tally.zone_mask | mask))
        return before, now
    if tally.tile == "black_hole":
        before = tally.shapes_by_hole
        return before, before + (1 if mask & m.next_to_black_hole else 0)
    largest = max((g[1] for g in tally.groups), default=0)
    joined = 1 + sum(g[1] for g in tally.groups if g[0] & mask)
    return largest, max(largest, joined)


_STEPS: dict[tuple[int, int], tuple[int, ...]] = {}


def _frontier_steps(state: GameState, player: int, fit: Fit) -> tuple[int, ...]:
    p = state.players[player]
    unreached = tuple(h for h, _ in state.game.masks.frontier_near if h not in p.reached)
    key = (fit.mask, hash(unreached))
    found = _STEPS.get(key)
    if found is None:
        if len(_STEPS) > 200_000:
            _STEPS.clear()
        found = _STEPS[key] = tuple(_nearest(fit.placement.hexes, f) for f in unreached)
    return found


def _nearest(hexes: frozenset[Hex], frontier: Hex) -> int:
    return min(distance(h, frontier) for h in hexes)


class GreedyBot:
    """The best immediate gain for itself; ties broken by its seeded rng."""

    name = "greedy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def best(self, state: GameState, player: int) -> tuple[float, Placement | None]:
        options = state.legal_drawings(player)
        if not options:
            return 0.0, None
        zone = state.zone_for(player)
        tally = _tally(state, player, zone.id)
        fit_of = state.game.tables.fit_of
        scored = [(gain(state, player, fit_of(zone, p.hexes), tally), p) for p in options]
        top = max(v for v, _ in scored)
        return top, self.rng.choice([p for v, p in scored if v >= top - 1e-9])

    def drawing(self, state: GameState, player: int) -> Placement | None:
        return self.best(state, player)[1]

    def assignment(self, state: GameState) -> ModulePlacement:
        options = state.legal_assignments()
        me = state.active
        others = [i for i in range(len(state.players)) if i != me]
        mine: dict[str, float] = {}
        theirs: dict[str, float] = {}

        def value(move: ModulePlacement) -> float:
            trial = state.assign(move)
            zone = trial.assignment.active_zone  # type: ignore[union-attr]
            if zone not in mine:
                mine[zone] = self.best(trial, me)[0]
            return mine[zone]

        def harm(move: ModulePlacement) -> float:
            if not others:
                return 0.0
            trial = state.assign(move)
            zone = trial.assignment.opponents_zone  # type: ignore[union-attr]
            if zone not in theirs:
                theirs[zone] = sum(self.best(trial, i)[0] for i in others) / len(others)
            return theirs[zone]

        values = [value(o) for o in options]
        top = max(values)
        best = [o for o, v in zip(options, values, strict=True) if v >= top - 1e-9]
        if len(best) > 1 and others:
            harms = [harm(o) for o in best]
            low = min(harms)
            best = [o for o, h in zip(best, harms, strict=True) if h <= low + 1e-9]
        return self.rng.choice(best)


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A bot by name, seeded; ValueError naming the known bots otherwise."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot: {name!r} (known: {', '.join(BOTS)})") from None


def play_game(
    players: int | Sequence[str],
    bots: Sequence[Bot | str] | Bot | str,
    seed: int | str = 0,
    board: Board | None = None,
    first_player: int = 0,
    cosmos: Cosmos | None = None,
) -> GameState:
    """A whole game by ``bots`` (one per player, or one name for all); the final state.

    ``cosmos`` replaces the shipped Cosmos sheet (a what-if for the balance report).
    """
    state = new_game(players, board, seed=seed, first_player=first_player, cosmos=cosmos)
    n = len(state.players)
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        bots = [bots] * n
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for {n} players")
    seated = [
        make_bot(b, f"{seed}:{seat}:{b}") if isinstance(b, str) else b
        for seat, b in enumerate(bots)
    ]
    while state.phase != "over":
        if state.phase == "assignment":
            state = state.assign(seated[state.active].assignment(state))
        else:
            state = state.draw([bot.drawing(state, i) for i, bot in enumerate(seated)])
    return state


def play(
    players: int | Sequence[str],
    bots: Sequence[Bot | str] | Bot | str,
    seed: int | str = 0,
    board: Board | None = None,
) -> tuple[Standing, ...]:
    """Play a whole seeded game and score it with ``score_table``: the standings."""
    return play_game(players, bots, seed, board).standings()


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "gain",
    "make_bot",
    "play",
    "play_game",
]
