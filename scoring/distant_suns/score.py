"""End-of-game score of a Distant Suns sheet, explained line by line, and the ranking.

Follows the rulebook's End of Game: the five Optimization tiles, each with
the shape of the zone opposite it, converted by the victory point table
(``Cosmos.scoring.optimization``); the Frontier spaces reached; the Treasure
bonus; the Alien penalty. Every number comes from cosmos.yaml.

Readings of the rules (recorded in layouts/README.md):

* Alien / Upgrade tile: one time per Alien / Upgrade space covered by a shape
  of the associated zone.
* Treasure tile: one time per Treasure space with at least one neighbour
  covered by an associated shape, however many such shapes touch it.
* Group tile: shapes are adjacent when a hex of one is next to a hex of the
  other; the times are the number of associated shapes in the largest
  connected group of them. A lone shape is a group of one (met once).
* Black Hole tile: one time per associated shape with a hex next to a Black
  Hole space (not per hex, not per Black Hole).
* A shape shrunk by Upgrades still counts as its zone's shape.
* Treasure bonus: every neighbour of the Treasure that is a space of the grid
  is covered, whatever the shapes.
* Frontier: reached when a covered space is next to it; alone, a sheet scores
  the value circled; in a table, the first turn decides (ties on the same
  turn all score the full value) and circled values must agree.
* Ties on the total share the place: the rulebook gives no tie-breaker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.breakdown import Lines
from scoring.distant_suns.check import problems_with
from scoring.distant_suns.facts import (
    Drawn,
    drawn_shapes,
    frontier_reached,
    geometry,
    listed,
    ordered,
    round_turn,
)
from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours
from scoring.distant_suns.layout import Cosmos, Shapes
from scoring.distant_suns.placement import PlacedShape
from scoring.distant_suns.problem import InvalidState, Problem
from scoring.distant_suns.state import TILES, DistantSunsState, OptimizationTile

TILE_NAMES: dict[OptimizationTile, str] = {
    "alien": "Alien",
    "upgrade": "Upgrade",
    "treasure": "Treasure",
    "group": "Group",
    "black_hole": "Black Hole",
}


@dataclass(frozen=True)
class Line:
    """One line of the tally: its points and what earned them.

    ``id`` is ``tile-<tile>`` (``tile-black_hole`` ...), ``frontier``,
    ``treasure-bonus`` or ``alien-penalty``; ``times`` is how often an
    Optimization tile's condition was met (None for the other lines);
    ``hexes`` are the spaces that earned (or cost) the points, ``shapes`` the
    shapes involved, as ``"r<round>t<turn> <zone>"``.
    """

    id: str
    label: str
    points: int
    why: str
    times: int | None = None
    zone: str | None = None
    hexes: tuple[str, ...] = ()
    shapes: tuple[str, ...] = ()


@dataclass(frozen=True)
class FrontierScore:
    """A Frontier the player reached: when, whether first, and the points."""

    hex: str
    reward: str
    round: int
    turn: int
    first: bool
    points: int


@dataclass(frozen=True)
class Breakdown(Lines):
    player: str
    serial: int | None
    lines: tuple[Line, ...]
    frontiers: tuple[FrontierScore, ...]
    total: int

    def line(self, line_id: str) -> Line:
        return super().line(line_id)

    def explain(self) -> str:
        """The tally as text, one line per category, then the total."""
        width = max(len(x.label) for x in self.lines)
        rows = [f"{x.label:<{width}}  {x.points:>4}  {x.why}" for x in self.lines]
        rows.append(f"{'Total':<{width}}  {self.total:>4}")
        return "\n".join(rows)


def score(state: DistantSunsState, cosmos: Cosmos, shapes: Shapes) -> Breakdown:
    """Score one sheet alone, Frontiers by the values circled on it.

    Raises InvalidState listing every problem ``check`` finds.
    """
    drawn = drawn_shapes(state, cosmos)
    problems = problems_with(state, cosmos, shapes, drawn, frontier_marks=True)
    if problems:
        raise InvalidState(problems, state.player)
    reached = frontier_reached(cosmos, drawn)
    first = {h: state.frontier[hex_id(h)] == "high" for h in reached}
    return _breakdown(state, cosmos, drawn, reached, first)


@dataclass(frozen=True)
class Standing:
    """A player's place; ``shared`` when another player has the same total."""

    place: int
    player: str
    total: int
    shared: bool
    breakdown: Breakdown


def score_table(
    states: Sequence[DistantSunsState], cosmos: Cosmos, shapes: Shapes
) -> tuple[Standing, ...]:
    """Score every player of one game and rank them, best first.

    The Frontier race is worked out from the turns: the players who reached a
    Frontier on the earliest turn score its first value, the others the later
    one. Circled values may be left out; those given must match the race.
    All sheets must show the same board (zones and Optimization tiles).
    Raises InvalidState listing every problem of every sheet, fields
    prefixed ``states.<i>.``.
    """
    drawn = [drawn_shapes(s, cosmos) for s in states]
    problems: list[Problem] = []
    for i, (state, d) in enumerate(zip(states, drawn, strict=True)):
        who = state.player or f"player {i + 1}"
        problems += [
            Problem(f"states.{i}.{p.field}", f"{who}: {p.message}")
            for p in problems_with(state, cosmos, shapes, d, frontier_marks=False)
        ]
    problems += _same_board(states)
    reached = [frontier_reached(cosmos, d) for d in drawn]
    earliest: dict[Hex, int] = {}
    for r in reached:
        for h, t in r.items():
            earliest[h] = min(t, earliest.get(h, t))
    firsts = [{h: t == earliest[h] for h, t in r.items()} for r in reached]
    for i, (state, first) in enumerate(zip(states, firsts, strict=True)):
        problems += _marks_agree(i, state, cosmos, first, earliest)
    if problems:
        raise InvalidState(problems, f"{len(states)} players")
    breakdowns = [
        _breakdown(s, cosmos, d, r, f)
        for s, d, r, f in zip(states, drawn, reached, firsts, strict=True)
    ]
    return rank(breakdowns)


def rank(breakdowns: Iterable[Breakdown]) -> tuple[Standing, ...]:
    """Best first by total; equal totals share a place (1, 1, 3) and keep input order."""
    items = list(breakdowns)
    totals = [b.total for b in items]
    order = sorted(range(len(items)), key=lambda i: -totals[i])
    return tuple(
        Standing(
            place=1 + sum(t > totals[i] for t in totals),
            player=items[i].player,
            total=totals[i],
            shared=totals.count(totals[i]) > 1,
            breakdown=items[i],
        )
        for i in order
    )


def winners(standings: Iterable[Standing]) -> list[str]:
    """Players in first place (more than one when the victory is shared)."""
    return [s.player for s in standings if s.place == 1]


def _same_board(states: Sequence[DistantSunsState]) -> list[Problem]:
    if not states:
        return []
    ref = states[0]
    who = ref.player or "player 1"
    found = []
    for i, s in enumerate(states[1:], 1):
        if s.cosmos != ref.cosmos:
            found.append(
                Problem(f"states.{i}.cosmos", f"{s.cosmos!r}, but {who} has {ref.cosmos!r}")
            )
        if sorted(s.zones) != sorted(ref.zones):
            found.append(Problem(f"states.{i}.zones", f"not the zones {who} lists"))
        if s.optimization != ref.optimization:
            found.append(Problem(f"states.{i}.optimization", f"not the tiles {who} lists"))
    names = [s.player for s in states if s.player]
    for name in sorted({n for n in names if names.count(n) > 1}):
        found.append(Problem("states", f"two sheets for player {name!r}"))
    return found


def _marks_agree(
    i: int,
    state: DistantSunsState,
    cosmos: Cosmos,
    first: dict[Hex, bool],
    earliest: dict[Hex, int],
) -> list[Problem]:
    found = []
    for h, is_first in first.items():
        mark = state.frontier.get(hex_id(h))
        if mark is None or mark == "both" or (mark == "high") == is_first:
            continue
        r, t = round_turn(cosmos, earliest[h])
        reward = cosmos.frontier_reward(h)
        if is_first:
            why = f"{reward.later} circled, but nobody reached it before round {r} turn {t}"
        else:
            why = f"{reward.first} circled, but another player reached it first, round {r} turn {t}"
        found.append(Problem(f"states.{i}.frontier.{hex_id(h)}", f"{state.player}: {why}"))
    return found


# --- the tally ---------------------------------------------------------------


def _breakdown(
    state: DistantSunsState,
    cosmos: Cosmos,
    drawn: tuple[Drawn, ...],
    reached: dict[Hex, int],
    first: dict[Hex, bool],
) -> Breakdown:
    covered = frozenset(h for d in drawn for h in d.placed.hexes)
    tile_of = {t: z for z, t in state.optimization.items()}
    lines = [_tile_line(tile, tile_of[tile], cosmos, drawn) for tile in TILES]
    frontiers = _frontiers(cosmos, reached, first)
    lines.append(_frontier_line(frontiers))
    lines.append(_treasure_bonus(cosmos, covered))
    lines.append(_alien_penalty(cosmos, covered))
    return Breakdown(
        player=state.player,
        serial=state.serial,
        lines=tuple(lines),
        frontiers=frontiers,
        total=sum(x.points for x in lines),
    )


def _labels(shapes: Iterable[Drawn]) -> tuple[str, ...]:
    return tuple(sorted({d.label for d in shapes}, key=_label_key))


def _label_key(label: str) -> tuple[int, int, str]:
    rt, zone = label.split(" ", 1)
    r, t = rt[1:].split("t")
    return int(r), int(t), zone


def _tile_line(tile: OptimizationTile, zone: str, cosmos: Cosmos, drawn: tuple[Drawn, ...]) -> Line:
    geo = geometry(cosmos)
    mine = [d for d in drawn if d.placed.zone == zone]
    hexes: set[Hex] = set()
    earners: list[Drawn] = []
    if tile in ("alien", "upgrade"):
        spaces = geo.of_type(tile)
        for d in mine:
            hit = d.placed.hexes & spaces
            if hit:
                hexes |= hit
                earners.append(d)
        times = len(hexes)
        what = f"{TILE_NAMES[tile]} spaces covered"
    elif tile == "treasure":
        near = geo.near.get("treasure", {})
        for d in mine:
            touched = {n for h in d.placed.hexes for n in near.get(h, ())}
            if touched:
                hexes |= touched
                earners.append(d)
        times = len(hexes)
        what = "Treasure spaces touched"
    elif tile == "group":
        group = _largest_group(mine)
        earners = list(group)
        hexes = {h for d in group for h in d.placed.hexes}
        times = len(group)
        what = "shapes in the largest group"
    else:
        by_hole = geo.near.get("black_hole", {})
        for d in mine:
            near_hole = {h for h in d.placed.hexes if h in by_hole}
            if near_hole:
                hexes |= near_hole
                earners.append(d)
        times = len(earners)
        what = "shapes next to a Black Hole"
    points = cosmos.scoring.optimization(times)
    shown = f": {' '.join(listed(hexes))}" if hexes and tile != "group" else ""
    if tile in ("group", "black_hole") and earners:
        shown = f": {', '.join(_labels(earners))}"
    return Line(
        id=f"tile-{tile}",
        label=f"{TILE_NAMES[tile]} tile ({zone})",
        points=points,
        why=f"{times} {what} by {zone}{shown} -> x{times} = {points}",
        times=times,
        zone=zone,
        hexes=listed(hexes),
        shapes=_labels(earners),
    )


def tile_times(
    tile: OptimizationTile, zone: str, cosmos: Cosmos, shapes: Iterable[frozenset[Hex]]
) -> int:
    """How many times the shapes of ``zone`` (each given by its hexes) meet ``tile``'s
    condition: the ``times`` of its tally line, weighed without the rest of a state (the
    Cosmos reader weighs the ways to split a run of one zone's hexes into shapes by it)."""
    drawn = tuple(
        _Weighed(n, PlacedShape(zone, frozenset(hexes), 0)) for n, hexes in enumerate(shapes)
    )
    return _tile_line(tile, zone, cosmos, drawn).times  # type: ignore[arg-type]


@dataclass(frozen=True)
class _Weighed:
    """A shape as ``_tile_line`` weighs it: a ``Drawn``'s index and placement, labelled by
    its index (no round or turn of its own)."""

    index: int
    placed: PlacedShape

    @property
    def label(self) -> str:
        return f"r0t{self.index} {self.placed.zone}"


def _largest_group(mine: list[Drawn]) -> tuple[Drawn, ...]:
    """The largest set of shapes joined by adjacency; among equals, the earliest drawn."""
    owner = {h: d for d in mine for h in d.placed.hexes}
    seen: set[int] = set()
    best: tuple[Drawn, ...] = ()
    for d in sorted(mine, key=lambda d: (d.placed.turn, d.placed.zone)):
        if d.index in seen:
            continue
        group, stack = [d], [d]
        seen.add(d.index)
        while stack:
            cur = stack.pop()
            for h in cur.placed.hexes:
                for n in neighbours(h):
                    other = owner.get(n)
                    if other is not None and other.index not in seen:
                        seen.add(other.index)
                        group.append(other)
                        stack.append(other)
        if len(group) > len(best):
            best = tuple(group)
    return best


def _frontiers(
    cosmos: Cosmos, reached: dict[Hex, int], first: dict[Hex, bool]
) -> tuple[FrontierScore, ...]:
    out = []
    for h in ordered(reached):
        space = next(s for s in cosmos.spaces if s.hex == hex_id(h))
        reward = cosmos.frontier_reward(h)
        r, t = round_turn(cosmos, reached[h])
        out.append(
            FrontierScore(
                hex=hex_id(h),
                reward=space.reward or "",
                round=r,
                turn=t,
                first=first[h],
                points=reward.first if first[h] else reward.later,
            )
        )
    return tuple(out)


def _frontier_line(frontiers: tuple[FrontierScore, ...]) -> Line:
    points = sum(f.points for f in frontiers)
    if not frontiers:
        return Line("frontier", "Frontier spaces", 0, "no Frontier reached")
    parts = [
        f"{f.hex} {'first' if f.first else 'later'} (round {f.round} turn {f.turn}) {f.points}"
        for f in frontiers
    ]
    return Line(
        "frontier",
        "Frontier spaces",
        points,
        " + ".join(parts) + f" = {points}",
        hexes=tuple(f.hex for f in frontiers),
    )


def _treasure_bonus(cosmos: Cosmos, covered: frozenset[Hex]) -> Line:
    each = cosmos.scoring.treasure_bonus
    done = [
        t
        for t in geometry(cosmos).of_type("treasure")
        if all(n in covered for n in neighbours(t) if n in cosmos.hexes)
    ]
    points = each * len(done)
    names = " ".join(listed(done)) or "none"
    return Line(
        "treasure-bonus",
        "Treasure bonus",
        points,
        f"{len(done)} Treasures surrounded ({names}) x {each} = {points}",
        hexes=listed(done),
    )


def _alien_penalty(cosmos: Cosmos, covered: frozenset[Hex]) -> Line:
    each = cosmos.scoring.alien_penalty
    left = geometry(cosmos).of_type("alien") - covered
    points = each * len(left)
    names = " ".join(listed(left)) or "none"
    return Line(
        "alien-penalty",
        "Alien penalty",
        points,
        f"{len(left)} Aliens uncovered ({names}) x {each} = {points}",
        hexes=listed(left),
    )
