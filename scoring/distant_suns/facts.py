"""Facts derived from a Distant Suns state, shared by the checks and the score.

Hex ids become hexes, (round, turn) becomes one game-wide turn number, and
the turn each Frontier was reached is found. Nothing here judges the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours, parse_hex_id
from scoring.distant_suns.layout import Cosmos
from scoring.distant_suns.placement import PlacedShape
from scoring.distant_suns.state import DistantSunsState, DrawnShape


def game_turn(cosmos: Cosmos, round_: int, turn: int) -> int:
    """One number per turn of the game, in play order: round 1 turn 1 is 1.

    A round of 4 turns leaves a gap; only the order matters.
    """
    return (round_ - 1) * cosmos.rules.turns_per_round + turn


def round_turn(cosmos: Cosmos, number: int) -> tuple[int, int]:
    """The (round, turn) of a game-wide turn number; inverse of :func:`game_turn`."""
    per = cosmos.rules.turns_per_round
    return (number - 1) // per + 1, (number - 1) % per + 1


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Hex | None:
    try:
        return parse_hex_id(text)
    except ValueError:
        return None


def parse_hexes(ids: Iterable[str]) -> tuple[frozenset[Hex], list[str]]:
    """The hexes named by ``ids``, and the ids that are not hex ids."""
    found: set[Hex] = set()
    bad: list[str] = []
    for text in ids:
        h = _parsed(text)
        if h is None:
            bad.append(text)
        else:
            found.add(h)
    return frozenset(found), bad


@dataclass(frozen=True)
class Geometry:
    """What scoring asks of a cosmos again and again, worked out once."""

    spaces: Mapping[str, frozenset[Hex]]  # space type -> its spaces
    near: Mapping[str, Mapping[Hex, frozenset[Hex]]]  # type -> hex -> such spaces next to it

    def of_type(self, kind: str) -> frozenset[Hex]:
        return self.spaces.get(kind, frozenset())


_GEOMETRY: dict[int, tuple[Cosmos, Geometry]] = {}


def geometry(cosmos: Cosmos) -> Geometry:
    """The :class:`Geometry` of ``cosmos``, cached while the cosmos lives."""
    cached = _GEOMETRY.get(id(cosmos))
    if cached is not None and cached[0] is cosmos:
        return cached[1]
    kinds = set(cosmos.space_types.values())
    spaces = {k: cosmos.of_type(k) for k in kinds}
    near = {
        k: {
            h: frozenset(n for n in neighbours(h) if n in spaces[k])
            for h in cosmos.hexes
            if any(n in spaces[k] for n in neighbours(h))
        }
        for k in kinds
    }
    if len(_GEOMETRY) > 8:
        _GEOMETRY.clear()
    found = Geometry(spaces, near)
    _GEOMETRY[id(cosmos)] = (cosmos, found)
    return found


@dataclass(frozen=True)
class Drawn:
    """A state's shape as placement rules see it, with where it came from."""

    index: int  # position in state.shapes
    source: DrawnShape
    placed: PlacedShape

    @property
    def label(self) -> str:
        return self.source.label


def drawn_shapes(state: DistantSunsState, cosmos: Cosmos) -> tuple[Drawn, ...]:
    """Every shape whose round and turn exist in a game, malformed hex ids left out."""
    rules = cosmos.rules
    out = []
    for i, s in enumerate(state.shapes):
        if s.round > rules.rounds or s.turn > rules.turns_per_round:
            continue
        hexes, _ = parse_hexes(s.hexes)
        placed = PlacedShape(s.zone, hexes, game_turn(cosmos, s.round, s.turn), s.upgrades_used)
        out.append(Drawn(i, s, placed))
    return tuple(out)


def frontier_reached(cosmos: Cosmos, drawn: Iterable[Drawn]) -> dict[Hex, int]:
    """Frontier space -> the earliest game turn a shape covered a space next to it."""
    near = geometry(cosmos).near.get("frontier", {})
    reached: dict[Hex, int] = {}
    for d in drawn:
        turn = d.placed.turn
        for h in d.placed.hexes:
            for n in near.get(h, ()):
                if turn < reached.get(n, 1 << 30):
                    reached[n] = turn
    return reached


def ordered(hexes: Iterable[Hex]) -> list[Hex]:
    """Top to bottom, left to right: the order hexes are listed in."""
    return sorted(hexes, key=lambda h: (h[1], h[0]))


def listed(hexes: Iterable[Hex]) -> tuple[str, ...]:
    return tuple(hex_id(h) for h in ordered(hexes))
