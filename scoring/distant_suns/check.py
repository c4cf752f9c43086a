"""Validation of a Distant Suns state against its cosmos and shapes: every problem at once.

The drawing rules are :func:`scoring.distant_suns.placement.check_sheet`'s;
this module adds what a transcribed sheet can get wrong besides: zones and
Optimization tiles, malformed hex ids, rounds and turns that do not exist,
the Upgrades area, and the Frontier values circled. Each problem names the
field of the JSON form it is about.
"""

from __future__ import annotations

import re
from collections import Counter

from scoring.distant_suns.facts import (
    Drawn,
    drawn_shapes,
    frontier_reached,
    geometry,
    parse_hexes,
    round_turn,
)
from scoring.distant_suns.hexgrid import Hex, hex_id, parse_hex_id
from scoring.distant_suns.layout import Cosmos, Shapes
from scoring.distant_suns.placement import NO_ORDER, Sheet, check_sheet, legal_order
from scoring.distant_suns.problem import Problem
from scoring.distant_suns.state import TILES, DistantSunsState


def check(
    state: DistantSunsState, cosmos: Cosmos, shapes: Shapes, *, frontier_marks: bool = True
) -> list[Problem]:
    """Every problem of ``state``; an empty list means it can be scored.

    With ``frontier_marks`` (one sheet scored alone), a Frontier reached with
    no value circled is a problem: only the circle says who was first. The
    table of all players (:func:`scoring.distant_suns.score.score_table`)
    turns it off and works the race out from the turns.
    """
    return problems_with(state, cosmos, shapes, drawn_shapes(state, cosmos), frontier_marks)


def problems_with(
    state: DistantSunsState,
    cosmos: Cosmos,
    shapes: Shapes,
    drawn: tuple[Drawn, ...],
    frontier_marks: bool,
) -> list[Problem]:
    """:func:`check` given ``drawn_shapes(state, cosmos)``, for callers that have it."""
    found = _zones(state, cosmos, shapes)
    found += _optimization(state, shapes)
    found += _shapes(state, cosmos)
    found += _placement(state, cosmos, shapes, drawn)
    found += _upgrades(state, cosmos, drawn)
    found += _frontier(state, cosmos, drawn, frontier_marks)
    return found


def zones_in_play(state: DistantSunsState, shapes: Shapes) -> list[str]:
    """The known zones listed in ``state.zones``, then the Black Hole zone."""
    known = {z.id for z in shapes.zones}
    listed = [z for z in dict.fromkeys(state.zones) if z in known]
    return [*listed, shapes.black_hole.id]


def _zones(state: DistantSunsState, cosmos: Cosmos, shapes: Shapes) -> list[Problem]:
    found = []
    known = [z.id for z in shapes.zones]
    for i, z in enumerate(state.zones):
        if z == shapes.black_hole.id:
            found.append(
                Problem(
                    f"zones.{i}",
                    f"{z!r} is always in play; list only the Exploration Zone tiles",
                )
            )
        elif z not in known:
            found.append(Problem(f"zones.{i}", f"unknown zone {z!r} (known: {', '.join(known)})"))
    for z, n in Counter(state.zones).items():
        if n > 1:
            found.append(Problem("zones", f"{z!r} is listed {n} times"))
    want = cosmos.rules.zones_per_game
    if len(state.zones) != want:
        found.append(
            Problem("zones", f"{len(state.zones)} zones listed; a game has {want} on the board")
        )
    return found


def _optimization(state: DistantSunsState, shapes: Shapes) -> list[Problem]:
    found = []
    in_play = zones_in_play(state, shapes)
    for zone in state.optimization:
        if zone not in in_play:
            found.append(
                Problem(
                    f"optimization.{zone}",
                    f"zone {zone!r} is not in play (in play: {', '.join(in_play)})",
                )
            )
    given = Counter(state.optimization.values())
    for tile in TILES:
        if given[tile] == 0:
            found.append(Problem("optimization", f"no zone has the {tile} tile"))
        elif given[tile] > 1:
            owners = ", ".join(z for z, t in state.optimization.items() if t == tile)
            found.append(
                Problem(
                    "optimization",
                    f"the {tile} tile is given to {given[tile]} zones ({owners}); there is one",
                )
            )
    return found


def _shapes(state: DistantSunsState, cosmos: Cosmos) -> list[Problem]:
    """What check_sheet cannot see: malformed ids, repeats, rounds and turns out of range."""
    rules = cosmos.rules
    found = []
    for i, s in enumerate(state.shapes):
        _, bad = parse_hexes(s.hexes)
        found += [Problem(f"shapes.{i}.hexes", f"{b!r} is not a hex id like 'q3r5'") for b in bad]
        for h, n in Counter(s.hexes).items():
            if n > 1:
                found.append(Problem(f"shapes.{i}.hexes", f"{h} is listed {n} times"))
        if s.round > rules.rounds:
            found.append(
                Problem(f"shapes.{i}.round", f"round {s.round}; a game has {rules.rounds}")
            )
        if s.turn > rules.turns_per_round:
            found.append(
                Problem(
                    f"shapes.{i}.turn",
                    f"turn {s.turn}; a round has at most {rules.turns_per_round}",
                )
            )
    return found


_TURN = re.compile(r"\bturn (-?\d+)")


def _placement(
    state: DistantSunsState, cosmos: Cosmos, shapes: Shapes, drawn: tuple[Drawn, ...]
) -> list[Problem]:
    """check_sheet's findings, with game-wide turn numbers told as round and turn; of a
    state whose turns were inferred (``order_known`` false), the drawing order's rules
    as one problem, and only where no order keeps them (``legal_order``)."""
    zones = tuple(shapes.zone(z) for z in zones_in_play(state, shapes))
    sheet = Sheet(cosmos, zones, tuple(d.placed for d in drawn))
    by_turn: dict[int, list[int]] = {}
    for d in drawn:
        by_turn.setdefault(d.placed.turn, []).append(d.index)

    def told(match: re.Match[str]) -> str:
        r, t = round_turn(cosmos, int(match.group(1)))
        return f"round {r} turn {t}"

    found = []
    messages = check_sheet(sheet)
    if not state.order_known:
        # the turns were inferred (a sheet read from a photo): the drawing order's rules
        # hold if any order keeps them, and are then one problem, not one a shape
        free = check_sheet(sheet, order=False)
        if free != messages:
            messages = free
            placed = [(d.placed.zone, d.placed.hexes, d.placed.upgrades_used) for d in drawn]
            if legal_order(cosmos, placed) is None:
                found.append(Problem("shapes", NO_ORDER))
    for message in messages:
        first = _TURN.match(message)
        owners = by_turn.get(int(first.group(1)), []) if first else []
        where = f"shapes.{owners[0]}" if len(owners) == 1 else "shapes"
        found.append(Problem(where, _TURN.sub(told, message)))
    return found


def _upgrades(state: DistantSunsState, cosmos: Cosmos, drawn: tuple[Drawn, ...]) -> list[Problem]:
    found = []
    upgrades = geometry(cosmos).of_type("upgrade")
    gained = len(upgrades & frozenset(h for d in drawn for h in d.placed.hexes))
    if state.upgrades_gained is not None and state.upgrades_gained != gained:
        found.append(
            Problem(
                "upgrades_gained",
                f"{state.upgrades_gained} circles checked, but the shapes cover "
                f"{gained} Upgrade spaces",
            )
        )
    if state.upgrades_used is None:
        return found
    slots = cosmos.upgrade_slots
    for i, n in enumerate(state.upgrades_used):
        if n > slots:
            found.append(
                Problem(f"upgrades_used.{i}", f"circle {n}; the Upgrades area has {slots}")
            )
        elif n > gained:
            found.append(
                Problem(
                    f"upgrades_used.{i}",
                    f"box under circle {n} checked, but only {gained} Upgrades were gained",
                )
            )
    for n, k in Counter(state.upgrades_used).items():
        if k > 1:
            found.append(Problem("upgrades_used", f"circle {n} is listed {k} times"))
    spent = sum(s.upgrades_used for s in state.shapes)
    if len(state.upgrades_used) != spent:
        found.append(
            Problem(
                "upgrades_used",
                f"{len(state.upgrades_used)} boxes checked, but the shapes spend {spent} Upgrades",
            )
        )
    return found


def _frontier(
    state: DistantSunsState, cosmos: Cosmos, drawn: tuple[Drawn, ...], marks_required: bool
) -> list[Problem]:
    found = []
    frontiers = geometry(cosmos).of_type("frontier")
    reached = frontier_reached(cosmos, drawn)
    marked: set[Hex] = set()
    for key, mark in state.frontier.items():
        where = f"frontier.{key}"
        try:
            h = parse_hex_id(key)
        except ValueError:
            found.append(Problem(where, f"{key!r} is not a hex id like 'q3r5'"))
            continue
        if h not in frontiers:
            found.append(Problem(where, f"{key} is not a Frontier space"))
            continue
        marked.add(h)
        reward = cosmos.frontier_reward(h)
        if mark == "both":
            found.append(
                Problem(where, f"both {reward.first} and {reward.later} circled; only one can be")
            )
        if h not in reached:
            found.append(
                Problem(where, f"a value is circled but no covered space is next to {key}")
            )
    if marks_required:
        for h in sorted(set(reached) - marked, key=lambda h: (h[1], h[0])):
            r, t = round_turn(cosmos, reached[h])
            reward = cosmos.frontier_reward(h)
            found.append(
                Problem(
                    "frontier",
                    f"{hex_id(h)} reached on round {r} turn {t} but neither "
                    f"{reward.first} nor {reward.later} is circled",
                )
            )
    return found
